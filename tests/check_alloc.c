/*
 * check_alloc.c: allocation failure.  A counting allocator fails the k-th
 * allocation, for every k, through a whole match between two bots with a
 * clone, a save and a load of every hand.  Each failure must be GR_ENOMEM
 * and leave the handle as it was: the scenario retries the call, and must
 * end with exactly the score of a run where nothing failed.  At the end
 * every allocation has been freed.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>
#include "testutil.h"

typedef test_counter counter;
#define counting_malloc test_counting_malloc
#define counting_free test_counting_free

/* Retry a call that may fail for lack of memory: only one allocation ever
 * fails, so the second try must work.  The first try must have changed
 * nothing, which the final score proves. */
#define RETRY(call) do { \
        int rc_ = (call); \
        if (rc_ == GR_ENOMEM) \
            rc_ = (call); \
        ck_assert_int_eq(rc_, GR_OK); \
    } while (0)

static void play_hand(gr_game *g, gr_bot *bots[2], const gr_allocator *mm)
{
    for (int step = 0; step < 1000 && gr_game_phase(g) != GR_PHASE_OVER; step++) {
        gr_view v;
        gr_move m;
        int p = gr_game_turn(g);
        ck_assert_int_eq(gr_game_view(g, p, &v), GR_OK);
        ck_assert_int_eq(gr_bot_choose(bots[p], &v, &m), GR_OK);
        RETRY(gr_game_play(g, m));
    }

    /* a clone and a save/load round trip, each checked against the game */
    gr_game *copy = NULL, *loaded = NULL;
    RETRY(gr_game_clone(&copy, g));
    int n = gr_game_save(g, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *text = malloc((size_t)n + 1), *again = malloc((size_t)n + 1);
    ck_assert_int_eq(gr_game_save(g, text, (size_t)n + 1), n);
    RETRY(gr_game_load_mm(&loaded, text, mm));
    ck_assert_int_eq(gr_game_save(loaded, again, (size_t)n + 1), n);
    ck_assert_str_eq(text, again);
    ck_assert_int_eq(gr_game_save(copy, again, (size_t)n + 1), n);
    ck_assert_str_eq(text, again);
    free(text);
    free(again);
    gr_game_free(copy);
    gr_game_free(loaded);
}

/* A whole match through the allocator; returns its final score. */
static gr_score scenario(counter *c)
{
    gr_allocator mm = { .malloc_fn = counting_malloc, .free_fn = counting_free, .ctx = c };
    gr_rules *rules = NULL;
    gr_bot *bots[2] = { NULL, NULL };
    gr_match *match = NULL;
    gr_score score;

    RETRY(gr_rules_new_mm(&rules, GR_PRESET_STANDARD, &mm));
    RETRY(gr_rules_set(rules, GR_OPT_TARGET, 60));
    RETRY(gr_bot_new_mm(&bots[0], GR_BOT_GREEDY, 1, &mm));
    RETRY(gr_bot_new_mm(&bots[1], GR_BOT_RANDOM, 2, &mm));
    RETRY(gr_match_new(&match, rules, 2024));
    gr_rules_free(rules);   /* the match keeps its own copy */

    for (int hand = 0; hand < 100; hand++) {
        ck_assert_int_eq(gr_match_score(match, &score), GR_OK);
        if (score.over)
            break;
        gr_game *g = NULL;
        RETRY(gr_match_deal(match, &g));
        play_hand(g, bots, &mm);
        gr_hand_result res;
        ck_assert_int_eq(gr_game_result(g, &res), GR_OK);
        RETRY(gr_match_record(match, &res));
        gr_game_free(g);
    }
    ck_assert_int_eq(gr_match_score(match, &score), GR_OK);
    ck_assert_int_eq(score.over, 1);
    gr_match_free(match);
    gr_bot_free(bots[0]);
    gr_bot_free(bots[1]);
    return score;
}

START_TEST(test_every_allocation_fails_once)
{
    counter ref = { 0, 0, 0, 0 };
    gr_score expected = scenario(&ref);
    ck_assert_int_eq(ref.live, 0);
    ck_assert_int_gt(ref.calls, 10);

    /* every k when scaled fully; a stride under valgrind */
    long stride = ref.calls / test_count(ref.calls);
    if (stride < 1)
        stride = 1;
    for (long k = 1; k <= ref.calls; k += stride) {
        counter c = { 0, k, 0, 0 };
        gr_score got = scenario(&c);
        ck_assert_msg(c.failed, "allocation %ld was never asked for", k);
        ck_assert_msg(c.live == 0, "allocation %ld failing leaks %ld blocks", k, c.live);
        ck_assert_msg(memcmp(&got, &expected, sizeof got) == 0,
                      "allocation %ld failing changed the match", k);
    }
}
END_TEST

/* ---- the environments: a failed step or reset changes nothing ------------ */

#define NENV 2
#define ENV_STEPS 12000   /* two hands of each environment reach the cap */

/* A policy that never knocks, so with the pile turned over without limit
 * hands run to GR_MAX_HAND_MOVES and the history grows (the allocations a
 * step makes): pass the upcard, draw the upcard every 5th draw (the
 * counted draws of OpenSpiel's limit), else the stock, and discard the
 * lowest card allowed. */
static int32_t never_knock(const uint8_t *mask, long t)
{
    if (mask[52] && mask[54])
        return 54;   /* the upcard offer: pass */
    if (mask[52] && t % 5 == 0)
        return 52;
    if (mask[53])
        return 53;
    for (int32_t a = 0; a < 52; a++)
        if (mask[a])
            return a;
    for (int32_t a = 0; a < GR_ENV_NUM_ACTIONS; a++)
        if (mask[a])
            return a;
    return 0;
}

typedef struct env_out {
    float   obs[NENV * GR_ENV_OBS_SIZE];
    uint8_t mask[NENV * GR_ENV_NUM_ACTIONS];
    int32_t player[NENV];
    float   rewards[2 * NENV];
    uint8_t done[NENV];
} env_out;

static uint64_t mix_in(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3ull;
    return h;
}

/* Hands of a batch and of a lone environment through the allocator;
 * a call that fails (GR_ENOMEM) must leave every output as it was and is
 * tried again.  Returns a hash of everything written. */
static uint64_t env_scenario(counter *c)
{
    gr_allocator mm = { .malloc_fn = counting_malloc, .free_fn = counting_free, .ctx = c };
    gr_rules *rules = NULL;
    gr_batch *b = NULL;
    gr_env *e = NULL;
    static env_out out, before;
    uint64_t h = 0xCBF29CE484222325ull;

    RETRY(gr_rules_new_mm(&rules, GR_PRESET_STANDARD, &mm));
    RETRY(gr_rules_set(rules, GR_OPT_STOCK_END, GR_STOCK_END_TURNOVER));
    RETRY(gr_rules_set(rules, GR_OPT_TURNOVER_LIMIT, 0));
    RETRY(gr_batch_new(&b, rules, NENV));
    RETRY(gr_env_new(&e, rules));
    gr_rules_free(rules);
    memset(&out, 0xA5, sizeof out);
    before = out;
    int rc = gr_batch_reset(b, 7, out.obs, out.mask, out.player);
    if (rc == GR_ENOMEM) {
        ck_assert(memcmp(&out, &before, sizeof out) == 0);
        ck_assert_int_eq(gr_batch_step(b, (int32_t[NENV]){ 54, 54 }, NULL, NULL,
                                       NULL, NULL, NULL), GR_ESTATE);   /* none dealt */
        rc = gr_batch_reset(b, 7, out.obs, out.mask, out.player);
    }
    ck_assert_int_eq(rc, GR_OK);
    RETRY(gr_env_reset(e, 11));
    long hands = 0;
    for (long t = 0; t < ENV_STEPS; t++) {
        int32_t act[NENV];
        for (int i = 0; i < NENV; i++)
            act[i] = never_knock(out.mask + i * GR_ENV_NUM_ACTIONS, t);
        before = out;
        rc = gr_batch_step(b, act, out.obs, out.mask, out.player, out.rewards, out.done);
        if (rc == GR_ENOMEM) {
            ck_assert_msg(memcmp(&out, &before, sizeof out) == 0,
                          "a failed batch step wrote its outputs");
            rc = gr_batch_step(b, act, out.obs, out.mask, out.player, out.rewards, out.done);
        }
        ck_assert_int_eq(rc, GR_OK);
        for (int i = 0; i < NENV; i++)
            hands += out.done[i] != 0;
        h = mix_in(h, &out, sizeof out - sizeof out.obs);
        /* the lone environment: its state after a failed step is compared
         * through the status and the mask */
        uint8_t m[GR_ENV_NUM_ACTIONS], m2[GR_ENV_NUM_ACTIONS];
        int st[2], st2[2];
        gr_env_legal(e, m);
        gr_env_status(e, &st[0], &st[1], NULL);
        int32_t a = never_knock(m, t);
        rc = gr_env_step(e, a);
        if (rc == GR_ENOMEM) {
            gr_env_legal(e, m2);
            gr_env_status(e, &st2[0], &st2[1], NULL);
            ck_assert(memcmp(m, m2, sizeof m) == 0 && st[0] == st2[0] && st[1] == st2[1]);
            rc = gr_env_step(e, a);
        }
        ck_assert_int_eq(rc, GR_OK);
        int r[2];
        gr_env_status(e, &st[0], &st[1], r);
        h = mix_in(h, st, 2 * sizeof *st);
        h = mix_in(h, r, sizeof r);
        if (st[0] || st[1]) {
            hands++;
            RETRY(gr_env_reset(e, 100 + (uint64_t)t));
        }
    }
    ck_assert_int_ge(hands, 3);
    gr_batch_free(b);
    gr_env_free(e);
    return h;
}

START_TEST(test_env_and_batch_fail_atomically)
{
    counter ref = { 0, 0, 0, 0 };
    uint64_t expected = env_scenario(&ref);
    ck_assert_int_eq(ref.live, 0);
    long stride = ref.calls / test_count(ref.calls);
    if (stride < 1)
        stride = 1;
    for (long k = 1; k <= ref.calls; k += stride) {
        counter c = { 0, k, 0, 0 };
        uint64_t got = env_scenario(&c);
        ck_assert_msg(c.failed, "allocation %ld was never asked for", k);
        ck_assert_msg(c.live == 0, "allocation %ld failing leaks %ld blocks", k, c.live);
        ck_assert_msg(got == expected, "allocation %ld failing changed the hands", k);
    }
}
END_TEST

START_TEST(test_allocator_validation)
{
    gr_allocator half = { .malloc_fn = counting_malloc, .free_fn = NULL, .ctx = NULL };
    gr_rules *rules = NULL;
    gr_bot *bot = NULL;
    gr_game *g = NULL;
    ck_assert_int_eq(gr_rules_new_mm(&rules, 0, &half), GR_EINVAL);
    ck_assert_int_eq(gr_bot_new_mm(&bot, GR_BOT_RANDOM, 1, &half), GR_EINVAL);
    ck_assert_int_eq(gr_game_load_mm(&g, "x", &half), GR_EINVAL);
    ck_assert_ptr_null(rules);
    ck_assert_ptr_null(bot);
    ck_assert_ptr_null(g);

    /* NULL means malloc and free */
    ck_assert_int_eq(gr_rules_new_mm(&rules, 0, NULL), GR_OK);
    gr_rules_free(rules);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("alloc");
    TCase *tc = tcase_create("alloc");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_every_allocation_fails_once);
    tcase_add_test(tc, test_env_and_batch_fail_atomically);
    tcase_add_test(tc, test_allocator_validation);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
