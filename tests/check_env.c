/*
 * check_env.c: the reinforcement-learning environment (gr_env_*, gr_batch_*):
 * OpenSpiel's numbering, a hand-worked knock, random playouts against the
 * invariants and an independent encoder from gr_game_view, batches against
 * single environments, and bad input for every function.
 */
#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define NA GR_ENV_NUM_ACTIONS
#define NO GR_ENV_OBS_SIZE

static gr_rules *openspiel(void)
{
    gr_rules *r;
    int preset = gr_preset_lookup("openspiel");
    ck_assert_int_ge(preset, 0);
    ck_assert_int_eq(gr_rules_new(&r, preset), GR_OK);
    return r;
}

static gr_card C(const char *text)
{
    gr_card c;
    ck_assert_int_eq(gr_card_parse(text, &c), GR_OK);
    return c;
}

static gr_cards CS(const char *text)
{
    gr_cards c;
    ck_assert_int_eq(gr_cards_parse(text, &c), GR_OK);
    return c;
}

START_TEST(test_env_openspiel_numbering)
{
    ck_assert_int_eq(gr_env_card_to_openspiel(C("AS")), 0);
    ck_assert_int_eq(gr_env_card_to_openspiel(C("AC")), 13);
    ck_assert_int_eq(gr_env_card_to_openspiel(C("KH")), 51);
    for (int i = 0; i < 52; i++)
        ck_assert_int_eq(gr_env_card_to_openspiel(
                             (gr_card)gr_env_card_from_openspiel(i)), i);
    gr_cards m;
    for (int id = 0; id < 185; id++) {
        /* OpenSpiel's numbering, from the formula of gin_rummy_utils.cc */
        gr_cards want = 0;
        if (id < 65) {
            for (int os_suit = 0; os_suit < 4; os_suit++)
                if (os_suit != id % 5)
                    want |= GR_CARD_BIT(gr_env_card_from_openspiel(os_suit * 13 + id / 5));
        } else {
            int k = id - 65, len = 3, per = 11;
            for (; k >= 4 * per; len++, per--)
                k -= 4 * per;
            for (int rank = k % per; rank < k % per + len; rank++)
                want |= GR_CARD_BIT(gr_env_card_from_openspiel(k / per * 13 + rank));
        }
        ck_assert_int_eq(gr_env_meld_cards(id, &m), GR_OK);
        ck_assert_msg(m == want, "meld %d", id);
        ck_assert_int_eq(gr_meld_kind(m), id < 65 ? GR_MELD_SET : GR_MELD_RUN);
        ck_assert_int_eq(gr_env_meld_id(m), id);
        int n = __builtin_popcountll(m);
        ck_assert(id < 65 ? (n == (id % 5 == 4 ? 4 : 3))
                          : (n == (id < 109 ? 3 : id < 149 ? 4 : 5)));
    }
    ck_assert_int_eq(gr_env_meld_id(CS("AC AD AH")), 0);     /* spade missing */
    ck_assert_int_eq(gr_env_meld_id(CS("AS AD AH")), 1);
    ck_assert_int_eq(gr_env_meld_id(CS("2C 3C 4C")), 77);
    ck_assert_int_eq(gr_env_meld_id(CS("9H 10H JH QH KH")), 184);
}
END_TEST

START_TEST(test_env_bad_input)
{
    gr_rules *r = openspiel();
    gr_env *env;
    gr_batch *b;
    gr_cards m;
    float obs[NO];
    uint8_t mask[NA];
    int32_t act[2] = { 0, 0 };
    uint64_t st = 1;
    ck_assert_int_eq(gr_env_card_to_openspiel(52), GR_EINVAL);
    ck_assert_int_eq(gr_env_card_from_openspiel(-1), GR_EINVAL);
    ck_assert_int_eq(gr_env_card_from_openspiel(52), GR_EINVAL);
    ck_assert_int_eq(gr_env_meld_cards(-1, &m), GR_EINVAL);
    ck_assert_int_eq(gr_env_meld_cards(185, &m), GR_EINVAL);
    ck_assert_int_eq(gr_env_meld_cards(0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_env_meld_id(CS("AS 2S 3S 4S 5S 6S")), GR_EINVAL);
    ck_assert_int_eq(gr_env_meld_id((gr_cards)1 << 60), GR_EINVAL);
    ck_assert_int_eq(gr_env_new(NULL, r), GR_EINVAL);
    ck_assert_int_eq(gr_env_new(&env, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_env_new(&env, r), GR_OK);
    /* before the first reset */
    ck_assert_int_eq(gr_env_player(env), -1);
    ck_assert_int_eq(gr_env_step(env, 52), GR_ESTATE);
    ck_assert_int_eq(gr_env_observe(env, 0, obs), GR_EINVAL);
    ck_assert_int_eq(gr_env_legal(env, mask), 0);
    ck_assert_ptr_null(gr_env_game(env));
    ck_assert_int_eq(gr_env_reset(NULL, 1), GR_EINVAL);
    ck_assert_int_eq(gr_env_reset_deck(env, NULL), GR_EINVAL);
    gr_card deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = (gr_card)i;
    deck[3] = 2;   /* a card twice */
    ck_assert_int_eq(gr_env_reset_deck(env, deck), GR_EINVAL);
    ck_assert_int_eq(gr_env_reset(env, 9), GR_OK);
    ck_assert_int_eq(gr_env_step(env, -1), GR_EINVAL);
    ck_assert_int_eq(gr_env_step(env, NA), GR_EINVAL);
    ck_assert_int_eq(gr_env_step(NULL, 52), GR_EINVAL);
    ck_assert_int_eq(gr_env_step(env, 0), GR_EILLEGAL);
    ck_assert_int_eq(gr_env_observe(env, 2, obs), GR_EINVAL);
    ck_assert_int_eq(gr_env_observe(env, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_env_observe(NULL, 0, obs), GR_EINVAL);
    ck_assert_int_eq(gr_env_legal(env, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_env_legal(NULL, mask), GR_EINVAL);
    ck_assert_int_eq(gr_env_player(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_env_status(NULL, NULL, NULL, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_env_status(env, NULL, NULL, NULL), GR_OK);
    ck_assert_int_eq(gr_env_clone(NULL, env), GR_EINVAL);
    gr_env *copy;
    ck_assert_int_eq(gr_env_clone(&copy, NULL), GR_EINVAL);
    gr_env_free(env);
    gr_env_free(NULL);

    ck_assert_int_eq(gr_batch_new(&b, r, 0), GR_EINVAL);
    ck_assert_int_eq(gr_batch_new(NULL, r, 2), GR_EINVAL);
    ck_assert_int_eq(gr_batch_new(&b, NULL, 2), GR_EINVAL);
    ck_assert_int_eq(gr_batch_new(&b, r, 2), GR_OK);
    ck_assert_ptr_null(gr_batch_env(b, 2));
    ck_assert_ptr_null(gr_batch_env(NULL, 0));
    ck_assert_int_eq(gr_batch_step(b, act, NULL, NULL, NULL, NULL, NULL), GR_ESTATE);
    ck_assert_int_eq(gr_batch_random_actions(b, &st, act), GR_ESTATE);
    ck_assert_int_eq(gr_batch_reset(NULL, 1, NULL, NULL, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_batch_reset(b, 1, NULL, NULL, NULL), GR_OK);
    ck_assert_int_eq(gr_batch_step(b, NULL, NULL, NULL, NULL, NULL, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_batch_random_actions(b, NULL, act), GR_EINVAL);
    ck_assert_int_eq(gr_batch_random_actions(NULL, &st, act), GR_EINVAL);
    /* one illegal action: nothing is played in any environment */
    ck_assert_int_eq(gr_batch_random_actions(b, &st, act), GR_OK);
    char *before = test_save(gr_env_game(gr_batch_env(b, 0)));
    int32_t bad[2] = { act[0], 0 };
    ck_assert_int_eq(gr_batch_step(b, bad, NULL, NULL, NULL, NULL, NULL), GR_EILLEGAL);
    bad[1] = 999;
    ck_assert_int_eq(gr_batch_step(b, bad, NULL, NULL, NULL, NULL, NULL), GR_EINVAL);
    char *after = test_save(gr_env_game(gr_batch_env(b, 0)));
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    gr_batch_free(b);
    gr_batch_free(NULL);

    /* every public struct of ginrummy.h (tests/check-header.sh checks
     * that this list names them all) */
#define SIZE_OF(t) ck_assert_msg(gr_struct_size(#t) == (int)sizeof(t), "gr_struct_size(\"%s\")", #t)
    SIZE_OF(gr_allocator); SIZE_OF(gr_arrangement); SIZE_OF(gr_hand_result);
    SIZE_OF(gr_knock_advice); SIZE_OF(gr_layoff); SIZE_OF(gr_legal_masks);
    SIZE_OF(gr_move); SIZE_OF(gr_option_info); SIZE_OF(gr_parse_error);
    SIZE_OF(gr_position); SIZE_OF(gr_rummy_action); SIZE_OF(gr_rummy_arrangement);
    SIZE_OF(gr_rummy_hand); SIZE_OF(gr_rummy_masks); SIZE_OF(gr_rummy_meld);
    SIZE_OF(gr_rummy_move); SIZE_OF(gr_rummy_plan); SIZE_OF(gr_rummy_result);
    SIZE_OF(gr_rummy_score); SIZE_OF(gr_rummy_view); SIZE_OF(gr_score);
    SIZE_OF(gr_settle_options); SIZE_OF(gr_standing); SIZE_OF(gr_table);
    SIZE_OF(gr_take_advice); SIZE_OF(gr_view); SIZE_OF(gr_rummy_position);
    SIZE_OF(gr_rummy_advice);
#undef SIZE_OF
    ck_assert_int_eq(gr_struct_size("nothing"), GR_EINVAL);
    ck_assert_int_eq(gr_struct_size(NULL), GR_EINVAL);
    gr_rules_free(r);
}
END_TEST

/* deck: non-dealer (player 0) p0, dealer p1, the upcard, the rest in order */
static void stack(gr_card deck[52], const char *p0, const char *p1, const char *up)
{
    gr_cards a = CS(p0), b = CS(p1), used = a | b | GR_CARD_BIT(C(up));
    int i = 0, j = 1;
    for (int c = 0; c < 52; c++) {
        if (a & GR_CARD_BIT(c)) { deck[i] = (gr_card)c; i += 2; }
        if (b & GR_CARD_BIT(c)) { deck[j] = (gr_card)c; j += 2; }
    }
    deck[20] = C(up);
    int k = 21;
    for (int c = 0; c < 52; c++)
        if (!(used & GR_CARD_BIT(c)))
            deck[k++] = (gr_card)c;
}

static int meld(const char *text)
{
    return 56 + gr_env_meld_id(CS(text));
}

START_TEST(test_G17_env_knock_layoff_sequence)
{
    /* player 0 takes 9S, knocks discarding KS, lays three melds; player 1
     * lays off 4C 5C (a chain) and 7D, lays 8H-10H: OpenSpiel scores
     * 40 - 9 = 31 */
    gr_rules *r = openspiel();
    gr_env *env;
    gr_card deck[52];
    stack(deck, "AC 2C 3C 4D 5D 6D 7H 7S 7C KS", "4C 5C 7D 8H 9H 10H QD KD QH JC", "9S");
    ck_assert_int_eq(gr_env_new(&env, r), GR_OK);
    ck_assert_int_eq(gr_env_reset_deck(env, deck), GR_OK);
    int os_ks = gr_env_card_to_openspiel(C("KS"));
    int os_9s = gr_env_card_to_openspiel(C("9S"));
    int steps[] = { 52, 55, os_ks, meld("AC 2C 3C"), meld("4D 5D 6D"), meld("7H 7S 7C"), 54,
                    gr_env_card_to_openspiel(C("4C")), gr_env_card_to_openspiel(C("5C")),
                    gr_env_card_to_openspiel(C("7D")), 54, meld("8H 9H 10H"), 54 };
    uint8_t mask[NA];
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        gr_env_legal(env, mask);
        if (i == 2)
            ck_assert_int_eq(mask[os_9s], 0);   /* G11: not the card taken */
        if (i == 8)
            ck_assert_int_eq(mask[gr_env_card_to_openspiel(C("6C"))], 0);
        ck_assert_msg(mask[steps[i]], "step %zu: action %d not legal", i, steps[i]);
        ck_assert_int_eq(gr_env_player(env), i < 7 ? 0 : 1);
        ck_assert_int_eq(gr_env_step(env, steps[i]), GR_OK);
    }
    int term, trunc, rew[2];
    ck_assert_int_eq(gr_env_status(env, &term, &trunc, rew), GR_OK);
    ck_assert_int_eq(term, 1);
    ck_assert_int_eq(trunc, 0);
    ck_assert_int_eq(rew[0], 31);
    ck_assert_int_eq(rew[1], -31);
    ck_assert_int_eq(gr_env_player(env), -1);
    ck_assert_int_eq(gr_env_legal(env, mask), 0);
    gr_hand_result res;
    ck_assert_int_eq(gr_game_result(gr_env_game(env), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.defender_deadwood, 40);
    ck_assert(res.defense.laid_off == CS("4C 5C 7D"));
    gr_env_free(env);
    gr_rules_free(r);
}
END_TEST

/* The observation an independent encoder makes from gr_game_view while
 * the engine plays (before a knock: no melds laid). */
static void encode_from_view(const gr_view *v, int to_act, float *out)
{
    memset(out, 0, NO * sizeof *out);
    out[v->player] = 1;
    for (int c = 0; c < 52; c++)
        if (v->hand & GR_CARD_BIT(c))
            out[2 + 52 * v->player + gr_env_card_to_openspiel((gr_card)c)] = 1;
    out[106 + to_act] = 1;
    for (int i = 0; i < v->knock_limit && i < 10; i++)
        out[108 + i] = 1;
    int n = v->ndiscards;
    bool up = v->phase == GR_PHASE_UPCARD || v->phase == GR_PHASE_DRAW
              || v->phase == GR_PHASE_WALL;
    if (up && n > 0) {
        out[118 + gr_env_card_to_openspiel(v->discards[n - 1])] = 1;
        n--;
    }
    for (int i = 0; i < n; i++)
        out[170 + gr_env_card_to_openspiel(v->discards[i])] = 1;
    for (int i = 0; i < v->stock_size; i++)
        out[222 + i] = 1;
}

START_TEST(test_G12_env_random_playouts)
{
    gr_rules *r = openspiel();
    gr_env *env;
    ck_assert_int_eq(gr_env_new(&env, r), GR_OK);
    test_rng rng = { 0x18 };
    float obs[NO], ref[NO];
    uint8_t mask[NA], again[NA];
    long hands = test_count(1500), knocks = 0, compared = 0;
    for (long h = 0; h < hands; h++) {
        ck_assert_int_eq(gr_env_reset(env, (uint64_t)h), GR_OK);
        bool laid = false;
        int moves = 0;
        while (gr_env_player(env) >= 0) {
            int p = gr_env_player(env);
            int n = gr_env_legal(env, mask);
            int count = 0;
            for (int a = 0; a < NA; a++)
                count += mask[a];
            ck_assert_int_eq(n, count);
            ck_assert_int_gt(n, 0);
            for (int who = 0; who < 2; who++) {
                ck_assert_int_eq(gr_env_observe(env, who, obs), GR_OK);
                float other = 0, turn = obs[106] + obs[107];
                for (int i = 0; i < 52; i++)
                    other += obs[2 + 52 * (1 - who) + i];
                ck_assert(other == 0 && turn == 1 && obs[106 + p] == 1);
                ck_assert_int_eq((int)obs[who], 1);
            }
            const gr_game *g = gr_env_game(env);
            if (!laid) {
                gr_view v;
                ck_assert_int_eq(gr_game_view(g, p, &v), GR_OK);
                encode_from_view(&v, p, ref);
                gr_env_observe(env, p, obs);
                ck_assert(memcmp(ref, obs, sizeof obs) == 0);
                compared++;
            }
            /* a random illegal action is refused and changes nothing */
            int bad = test_below(&rng, NA);
            if (!mask[bad]) {
                char *before = test_save(g);
                ck_assert_int_eq(gr_env_step(env, bad), GR_EILLEGAL);
                char *after = test_save(g);
                ck_assert_str_eq(before, after);
                gr_env_legal(env, again);
                ck_assert(memcmp(mask, again, sizeof mask) == 0);
                free(before);
                free(after);
            }
            /* prefer knocking and laying melds, else random */
            int a = -1;
            if (mask[55])
                a = 55;
            for (int m = NA - 1; a < 0 && m >= 56 && test_below(&rng, 4); m--)
                if (mask[m])
                    a = m;
            if (a < 0) {
                int k = test_below(&rng, n);
                for (int x = 0; x < NA; x++)
                    if (mask[x] && k-- == 0) {
                        a = x;
                        break;
                    }
            }
            if (a == 55)
                laid = true;
            ck_assert_int_eq(gr_env_step(env, a), GR_OK);
            ck_assert_int_lt(++moves, 10000);
        }
        int term, trunc, rew[2];
        gr_env_status(env, &term, &trunc, rew);
        ck_assert_int_eq(term + trunc, 1);
        ck_assert_int_eq(rew[0], -rew[1]);
        gr_hand_result res;
        if (term) {
            ck_assert_int_eq(gr_game_result(gr_env_game(env), &res), GR_OK);
            if (res.winner >= 0)
                ck_assert_int_eq(rew[res.winner], res.points);
            else
                ck_assert_int_eq(rew[0], 0);
            knocks += laid;
        }
    }
    ck_assert_int_gt(knocks, 0);   /* the lay-down was played */
    ck_assert_int_gt(compared, hands);
    gr_env_free(env);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_env_batch_matches_single_environments)
{
    enum { N = 6 };
    gr_rules *r = openspiel();
    gr_batch *b;
    gr_env *single[N];
    ck_assert_int_eq(gr_batch_new(&b, r, N), GR_OK);
    static float obs[N * NO], one[NO];
    static uint8_t mask[N * NA], m1[NA], done[N];
    int32_t player[N], act[N];
    float rew[2 * N];
    uint64_t st = 7, next = 100 + N;
    ck_assert_int_eq(gr_batch_reset(b, 100, obs, mask, player), GR_OK);
    for (int i = 0; i < N; i++) {
        ck_assert_int_eq(gr_env_new(&single[i], r), GR_OK);
        ck_assert_int_eq(gr_env_reset(single[i], 100 + (uint64_t)i), GR_OK);
    }
    long steps = test_count(4000);
    for (long s = 0; s < steps; s++) {
        ck_assert_int_eq(gr_batch_random_actions(b, &st, act), GR_OK);
        ck_assert_int_eq(gr_batch_step(b, act, obs, mask, player, rew, done), GR_OK);
        for (int i = 0; i < N; i++) {
            ck_assert_int_eq(gr_env_step(single[i], act[i]), GR_OK);
            int term, trunc, rw[2];
            gr_env_status(single[i], &term, &trunc, rw);
            ck_assert_int_eq(done[i], trunc ? 2 : term ? 1 : 0);
            ck_assert(rew[2 * i] == rw[0] && rew[2 * i + 1] == rw[1]);
            if (term || trunc)
                ck_assert_int_eq(gr_env_reset(single[i], next++), GR_OK);
            int p = gr_env_player(single[i]);
            ck_assert_int_eq(player[i], p);
            gr_env_observe(single[i], p, one);
            gr_env_legal(single[i], m1);
            ck_assert(memcmp(one, obs + i * NO, sizeof one) == 0);
            ck_assert(memcmp(m1, mask + i * NA, sizeof m1) == 0);
        }
    }
    for (int i = 0; i < N; i++)
        gr_env_free(single[i]);
    gr_batch_free(b);
    gr_rules_free(r);
}
END_TEST

/* a deal's identity: the hand of player 0 and the upcard */
static void deal_key(const gr_env *env, gr_cards *hand, gr_card *up)
{
    gr_view v;
    ck_assert_int_eq(gr_game_view(gr_env_game(env), 0, &v), GR_OK);
    *hand = v.hand;
    *up = v.discards[v.ndiscards - 1];
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

START_TEST(test_seed_derive_streams_share_no_hands)
{
    uint64_t x, y;
    ck_assert_int_eq(gr_seed_derive(1, 2, 3, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_seed_derive(1, 2, 3, &x), GR_OK);
    ck_assert_int_eq(gr_seed_derive(1, 2, 3, &y), GR_OK);
    ck_assert(x == y);                        /* a pure function */
    /* seed, stream and index each matter; neighbours are unrelated (not
     * seed + 1 = the next index, the overlap of plain seeding) */
    enum { K = 24 };
    static uint64_t seen[K * K * K];
    int n = 0;
    for (uint64_t s = 0; s < K; s++)
        for (uint64_t i = 0; i < K; i++)
            for (uint64_t k = 0; k < K; k++)
                ck_assert_int_eq(gr_seed_derive(s, i, k, &seen[n++]), GR_OK);
    qsort(seen, (size_t)n, sizeof seen[0], cmp_u64);
    for (int a = 1; a < n; a++)
        ck_assert_msg(seen[a - 1] != seen[a], "two derived seeds equal");
    /* a bijection of the seed for a fixed stream and index: far seeds too */
    ck_assert_int_eq(gr_seed_derive(UINT64_MAX, 0, 0, &x), GR_OK);
    ck_assert_int_eq(gr_seed_derive(0, 0, 0, &y), GR_OK);
    ck_assert(x != y);
}
END_TEST

START_TEST(test_batch_streams_deal_derived_seeds)
{
    enum { N = 4 };
    gr_rules *r = openspiel();
    gr_batch *b, *b1;
    gr_env *single[N];
    ck_assert_int_eq(gr_batch_new(&b, r, N), GR_OK);
    ck_assert_int_eq(gr_batch_new(&b1, r, N), GR_OK);
    ck_assert_int_eq(gr_batch_reset_streams(NULL, 0, NULL, NULL, NULL), GR_EINVAL);
    static float obs[N * NO], one[NO];
    static uint8_t mask[N * NA], m1[NA], done[N];
    int32_t player[N], act[N];
    float rew[2 * N];
    uint64_t st = 5, hands[N] = { 0 }, seed;
    ck_assert_int_eq(gr_batch_reset_streams(b, 0, obs, mask, player), GR_OK);
    ck_assert_int_eq(gr_batch_reset_streams(b1, 1, NULL, NULL, NULL), GR_OK);
    /* batch seed 0's environment 1 is not batch seed 1's environment 0 */
    gr_cards h0, h1;
    gr_card u0, u1;
    deal_key(gr_batch_env(b, 1), &h0, &u0);
    deal_key(gr_batch_env(b1, 0), &h1, &u1);
    ck_assert(h0 != h1 || u0 != u1);
    for (int i = 0; i < N; i++) {
        ck_assert_int_eq(gr_env_new(&single[i], r), GR_OK);
        ck_assert_int_eq(gr_seed_derive(0, (uint64_t)i, hands[i]++, &seed), GR_OK);
        ck_assert_int_eq(gr_env_reset(single[i], seed), GR_OK);
    }
    long steps = test_count(3000), resets = 0;
    static float fin[N * NO];
    /* past the count until a hand has ended, however small GR_TEST_SCALE */
    for (long s = 0; s < steps || resets == 0; s++) {
        ck_assert_int_eq(gr_batch_random_actions(b, &st, act), GR_OK);
        memset(fin, 0xFF, sizeof fin);   /* NaNs: rows not written stay so */
        ck_assert_int_eq(gr_batch_step_final(b, act, obs, mask, player, rew, done, fin),
                         GR_OK);
        for (int i = 0; i < N; i++) {
            ck_assert_int_eq(gr_env_step(single[i], act[i]), GR_OK);
            int last = gr_env_player(single[i]) < 0;
            if (last) {   /* the final observation: of the last to act */
                gr_env_observe(single[i], 0, one);
                int k;
                for (k = 0; k < 2; k++) {
                    gr_env_observe(single[i], k, one);
                    if (memcmp(one, fin + i * NO, sizeof one) == 0)
                        break;
                }
                ck_assert_int_lt(k, 2);
                ck_assert_int_eq(done[i] != 0, 1);
            } else {
                uint32_t bits;
                memcpy(&bits, fin + i * NO, sizeof bits);
                ck_assert_uint_eq(bits, 0xFFFFFFFFu);
                ck_assert_int_eq(done[i], 0);
            }
            if (last) {   /* hand k of env i */
                ck_assert_int_eq(gr_seed_derive(0, (uint64_t)i, hands[i]++, &seed), GR_OK);
                ck_assert_int_eq(gr_env_reset(single[i], seed), GR_OK);
                resets++;
            }
            gr_env_observe(single[i], gr_env_player(single[i]), one);
            gr_env_legal(single[i], m1);
            ck_assert(memcmp(one, obs + i * NO, sizeof one) == 0);
            ck_assert(memcmp(m1, mask + i * NA, sizeof m1) == 0);
        }
    }
    ck_assert_int_gt(resets, 0);
    /* seek: environment 2's hand 5, then its hand 6 after the next end */
    ck_assert_int_eq(gr_batch_seek(NULL, 0, 0), GR_EINVAL);
    ck_assert_int_eq(gr_batch_seek(b, N, 0), GR_EINVAL);
    ck_assert_int_eq(gr_batch_seek(b, 2, 5), GR_OK);
    ck_assert_int_eq(gr_seed_derive(0, 2, 5, &seed), GR_OK);
    ck_assert_int_eq(gr_env_reset(single[2], seed), GR_OK);
    deal_key(gr_batch_env(b, 2), &h0, &u0);
    deal_key(single[2], &h1, &u1);
    ck_assert(h0 == h1 && u0 == u1);
    for (int guard = 0; guard < 10000; guard++) {
        ck_assert_int_eq(gr_batch_random_actions(b, &st, act), GR_OK);
        ck_assert_int_eq(gr_batch_step(b, act, NULL, NULL, NULL, NULL, done), GR_OK);
        if (done[2])
            break;
    }
    ck_assert_int_ne(done[2], 0);
    ck_assert_int_eq(gr_seed_derive(0, 2, 6, &seed), GR_OK);
    ck_assert_int_eq(gr_env_reset(single[2], seed), GR_OK);
    deal_key(gr_batch_env(b, 2), &h0, &u0);
    deal_key(single[2], &h1, &u1);
    ck_assert(h0 == h1 && u0 == u1);
    /* gr_batch_reset goes back to seed + i */
    ck_assert_int_eq(gr_batch_reset(b, 9, NULL, NULL, NULL), GR_OK);
    ck_assert_int_eq(gr_batch_seek(b, 0, 0), GR_ESTATE);   /* not streams */
    ck_assert_int_eq(gr_env_reset(single[0], 10), GR_OK);
    deal_key(gr_batch_env(b, 1), &h0, &u0);
    deal_key(single[0], &h1, &u1);
    ck_assert(h0 == h1 && u0 == u1);
    for (int i = 0; i < N; i++)
        gr_env_free(single[i]);
    gr_batch_free(b);
    gr_batch_free(b1);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_env_clone_is_independent)
{
    gr_rules *r = openspiel();
    gr_env *env, *copy;
    ck_assert_int_eq(gr_env_new(&env, r), GR_OK);
    ck_assert_int_eq(gr_env_reset(env, 3), GR_OK);
    ck_assert_int_eq(gr_env_clone(&copy, env), GR_OK);
    ck_assert_int_eq(gr_env_step(copy, 54), GR_OK);
    ck_assert_int_eq(gr_env_player(env), 0);
    ck_assert_int_eq(gr_env_player(copy), 1);
    gr_env_free(env);
    ck_assert_int_eq(gr_env_step(copy, 54), GR_OK);
    gr_env_free(copy);
    gr_rules_free(r);
}
END_TEST

/* gr_batch_random_actions draws one splitmix64 number z per environment
 * and plays its legal action number z % (legal actions), counted from the
 * lowest id: checked against the mask gr_env_legal gives, through random
 * hands (their lay-downs too: meld ids up to 240). */
static uint64_t splitmix64(uint64_t *x)   /* Steele, Lea and Flood's */
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

START_TEST(test_batch_random_actions_pick_the_kth_legal)
{
    enum { N = 32 };
    gr_rules *r = openspiel();
    gr_batch *b;
    ck_assert_int_eq(gr_batch_new(&b, r, N), GR_OK);
    ck_assert_int_eq(gr_batch_reset_streams(b, 5, NULL, NULL, NULL), GR_OK);
    uint64_t st = 11;
    int32_t act[N];
    uint8_t legal[GR_ENV_NUM_ACTIONS];
    int high = 0;
    long steps = test_count(1500);
    for (long s = 0; s < steps; s++) {
        uint64_t want_st = st;
        ck_assert_int_eq(gr_batch_random_actions(b, &st, act), GR_OK);
        for (int i = 0; i < N; i++) {
            int n = gr_env_legal(gr_batch_env(b, (size_t)i), legal);
            int k = (int)(splitmix64(&want_st) % (uint64_t)n), want = -1;
            for (int a = 0; a < GR_ENV_NUM_ACTIONS && want < 0; a++)
                if (legal[a] && k-- == 0)
                    want = a;
            ck_assert_int_eq(act[i], want);
            high += want >= 56;
        }
        ck_assert_uint_eq(st, want_st);
        ck_assert_int_eq(gr_batch_step(b, act, NULL, NULL, NULL, NULL, NULL), GR_OK);
    }
    ck_assert_int_gt(high, 0);
    gr_batch_free(b);
    gr_rules_free(r);
}
END_TEST

static Suite *env_suite(void)
{
    Suite *s = suite_create("env");
    TCase *tc = tcase_create("api");
    tcase_add_test(tc, test_env_openspiel_numbering);
    tcase_add_test(tc, test_env_bad_input);
    tcase_add_test(tc, test_G17_env_knock_layoff_sequence);
    tcase_add_test(tc, test_env_clone_is_independent);
    tcase_add_test(tc, test_seed_derive_streams_share_no_hands);
    suite_add_tcase(s, tc);
    tc = tcase_create("play");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_G12_env_random_playouts);
    tcase_add_test(tc, test_env_batch_matches_single_environments);
    tcase_add_test(tc, test_batch_streams_deal_derived_seeds);
    tcase_add_test(tc, test_batch_random_actions_pick_the_kth_legal);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(env_suite());
}
