/*
 * check_rummy_match.c: basic Rummy matches (R2 dealer, R6 void hands, R7
 * target and totals) and the Rummy bots (they decide from the view only;
 * greedy beats random).
 */
#include <check.h>
#include <stddef.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummytest.h"

/* play a hand to its end with one bot per seat */
static void play_hand(gr_rummy_game *g, gr_rummy_bot *const *bots)
{
    long steps = 0;
    while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
        REQUIRE_OP(++steps, <, 1000000);
        int p = gr_rummy_game_turn(g);
        gr_rummy_view v;
        REQUIRE_OP(gr_rummy_game_view(g, p, &v), ==, GR_OK);
        gr_rummy_action a;
        REQUIRE_OP(gr_rummy_bot_choose(bots[p], &v, &a), ==, GR_OK);
        REQUIRE_OP(gr_rummy_game_play(g, &a), ==, GR_OK);
    }
}

/* a whole match; returns the winner; checks the totals and the dealers */
static int play_match(const gr_rummy_rules *r, uint64_t seed,
                      gr_rummy_bot *const *bots, int *hands)
{
    gr_rummy_match *m;
    REQUIRE_OP(gr_rummy_match_new(&m, r, seed), ==, GR_OK);
    int n = 0;
    gr_rummy_rules_get(r, GR_RUMMY_OPT_PLAYERS, &n);
    int sum[GR_RUMMY_MAX_PLAYERS] = { 0 }, played = 0;
    gr_rummy_score sc;
    for (;;) {
        REQUIRE_OP(gr_rummy_match_score(m, &sc), ==, GR_OK);
        if (sc.over)
            break;
        REQUIRE_OP(played, <, 100000);
        int dealer = gr_rummy_match_dealer(m);
        gr_rummy_game *g;
        REQUIRE_OP(gr_rummy_match_deal(m, &g), ==, GR_OK);
        REQUIRE_OP(gr_rummy_game_dealer(g), ==, dealer);
        play_hand(g, bots);
        gr_rummy_result res;
        REQUIRE_OP(gr_rummy_game_result(g, &res), ==, GR_OK);
        REQUIRE_OP(gr_rummy_match_record(m, &res), ==, GR_OK);
        played++;
        for (int p = 0; p < n; p++)
            sum[p] += res.score[p];
        /* R2: the deal passes on; R6: a void hand is dealt again */
        REQUIRE_OP(gr_rummy_match_dealer(m), ==,
                   res.outcome == GR_RUMMY_OUTCOME_VOID ? dealer : (dealer + 1) % n);
        gr_rummy_game_free(g);
    }
    REQUIRE_OP(sc.hands_played, ==, played);
    int target;
    gr_rummy_rules_get(r, GR_RUMMY_OPT_TARGET, &target);
    for (int p = 0; p < n; p++) {
        REQUIRE_OP(sc.total[p], ==, sum[p]);   /* totals = sum of hand scores */
        if (p != sc.winner)
            REQUIRE_OP(sc.total[p], <, target ? target : 1);
    }
    REQUIRE_OP(sc.total[sc.winner], >=, target);
    gr_rummy_game *g;
    REQUIRE_OP(gr_rummy_match_deal(m, &g), ==, GR_ESTATE);
    gr_rummy_match_free(m);
    if (hands)
        *hands = played;
    return sc.winner;
}

START_TEST(test_R7_match_totals)
{
    test_rng rng = { 77 };
    long count = test_count(60);
    for (long k = 0; k < count; k++) {
        int n = 2 + (int)(k % 6);
        gr_rummy_rules *r = rrules(n, (int)(k % 3), (int)(k / 6 % 2));
        gr_rummy_rules_set(r, GR_RUMMY_OPT_TURNOVER_LIMIT, (int)(k % 4));
        gr_rummy_rules_set(r, GR_RUMMY_OPT_TARGET, k % 5 == 0 ? 0 : 100);
        gr_rummy_bot *bots[GR_RUMMY_MAX_PLAYERS];
        for (int p = 0; p < n; p++)
            REQUIRE_OP(gr_rummy_bot_new(&bots[p], p % 2 ? GR_BOT_RANDOM : GR_BOT_GREEDY,
                                        test_next(&rng)), ==, GR_OK);
        int hands;
        int w = play_match(r, test_next(&rng), bots, &hands);
        REQUIRE(w >= 0 && w < n);
        for (int p = 0; p < n; p++)
            gr_rummy_bot_free(bots[p]);
        gr_rummy_rules_free(r);
    }
}
END_TEST

/* R7 Decision: target 0 plays one hand (void hands dealt again) */
START_TEST(test_R7_target_zero_one_hand)
{
    gr_rummy_rules *r = rrules(3, 0, 0);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_TARGET, 0), ==, GR_OK);
    gr_rummy_match *m;
    REQUIRE_OP(gr_rummy_match_new(&m, r, 5), ==, GR_OK);
    gr_rummy_result res;
    memset(&res, 0, sizeof res);
    res.nplayers = 3;
    res.outcome = GR_RUMMY_OUTCOME_VOID;
    res.winner = -1;
    int d = gr_rummy_match_dealer(m);
    REQUIRE_OP(gr_rummy_match_record(m, &res), ==, GR_OK);
    REQUIRE_OP(gr_rummy_match_dealer(m), ==, d);   /* R6: same dealer */
    res.outcome = GR_RUMMY_OUTCOME_OUT;
    res.winner = 1;
    res.left_points[0] = 12;
    res.left_points[2] = 30;
    REQUIRE_OP(gr_rummy_match_record(m, &res), ==, GR_OK);
    gr_rummy_score sc;
    REQUIRE_OP(gr_rummy_match_score(m, &sc), ==, GR_OK);
    REQUIRE_OP(sc.over, ==, 1);
    REQUIRE_OP(sc.winner, ==, 1);
    REQUIRE_OP(sc.total[1], ==, 42);
    REQUIRE_OP(sc.hands_played, ==, 2);
    REQUIRE_OP(sc.dealer, ==, (d + 1) % 3);
    REQUIRE_OP(gr_rummy_match_record(m, &res), ==, GR_ESTATE);
    gr_rummy_match_free(m);
    gr_rummy_rules_free(r);
}
END_TEST

/* hands played on a real table: the winner scores the others' cards */
START_TEST(test_R7_record_table_hands)
{
    gr_rummy_rules *r = rrules(4, 0, 0);
    gr_rummy_match *m;
    REQUIRE_OP(gr_rummy_match_new(&m, r, 9), ==, GR_OK);
    gr_rummy_result res;
    memset(&res, 0, sizeof res);
    res.nplayers = 4;
    res.outcome = GR_RUMMY_OUTCOME_OUT;
    res.winner = 2;
    res.left_points[0] = 40;
    res.left_points[1] = 35;
    res.left_points[3] = 20;
    REQUIRE_OP(gr_rummy_match_record(m, &res), ==, GR_OK);
    gr_rummy_score sc, sc2;
    gr_rummy_match_score(m, &sc);
    REQUIRE_OP(sc.total[2], ==, 95);
    REQUIRE_OP(sc.over, ==, 0);
    /* inconsistent results are refused, the match unchanged */
    gr_rummy_result bad = res;
    bad.left_points[2] = 5;
    REQUIRE_OP(gr_rummy_match_record(m, &bad), ==, GR_EINVAL);
    bad = res;
    bad.winner = 4;
    REQUIRE_OP(gr_rummy_match_record(m, &bad), ==, GR_EINVAL);
    bad = res;
    bad.nplayers = 3;
    REQUIRE_OP(gr_rummy_match_record(m, &bad), ==, GR_EINVAL);
    bad = res;
    bad.left_points[0] = -1;
    REQUIRE_OP(gr_rummy_match_record(m, &bad), ==, GR_EINVAL);
    bad = res;
    bad.reserved[3] = 1;
    REQUIRE_OP(gr_rummy_match_record(m, &bad), ==, GR_EINVAL);
    bad = res;
    bad.outcome = 7;
    REQUIRE_OP(gr_rummy_match_record(m, &bad), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_record(NULL, &res), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_record(m, NULL), ==, GR_EINVAL);
    gr_rummy_match_score(m, &sc2);
    REQUIRE(memcmp(&sc, &sc2, sizeof sc) == 0);
    /* the second hand reaches 100 */
    res.winner = 2;
    REQUIRE_OP(gr_rummy_match_record(m, &res), ==, GR_OK);
    gr_rummy_match_score(m, &sc);
    REQUIRE_OP(sc.over, ==, 1);
    REQUIRE_OP(sc.winner, ==, 2);
    REQUIRE_OP(sc.total[2], ==, 190);
    REQUIRE_OP(sc.hands_won[2], ==, 2);
    gr_rummy_match_free(m);
    gr_rummy_rules_free(r);
}
END_TEST

/* R2 Decision: the first dealer by a seeded cut; every seat can deal */
START_TEST(test_R2_first_dealer_cut)
{
    for (int n = 2; n <= 7; n++) {
        gr_rummy_rules *r = rrules(n, 0, 0);
        int seen[GR_RUMMY_MAX_PLAYERS] = { 0 };
        for (uint64_t seed = 0; seed < 200; seed++) {
            gr_rummy_match *a, *b;
            REQUIRE_OP(gr_rummy_match_new(&a, r, seed), ==, GR_OK);
            REQUIRE_OP(gr_rummy_match_new(&b, r, seed), ==, GR_OK);
            int d = gr_rummy_match_dealer(a);
            REQUIRE_OP(d, ==, gr_rummy_match_dealer(b));
            REQUIRE(d >= 0 && d < n);
            seen[d]++;
            gr_rummy_game *ga, *gb;
            REQUIRE_OP(gr_rummy_match_deal(a, &ga), ==, GR_OK);
            REQUIRE_OP(gr_rummy_match_deal(b, &gb), ==, GR_OK);
            char *ta = rsave(ga), *tb = rsave(gb);
            REQUIRE(strcmp(ta, tb) == 0);   /* same seed, same deal */
            free(ta);
            free(tb);
            gr_rummy_game_free(ga);
            gr_rummy_game_free(gb);
            gr_rummy_match_free(a);
            gr_rummy_match_free(b);
        }
        for (int p = 0; p < n; p++)
            REQUIRE_OP(seen[p], >, 0);
        gr_rummy_rules_free(r);
    }
}
END_TEST

START_TEST(test_match_bad_input)
{
    gr_rummy_rules *r = rrules(2, 0, 0);
    gr_rummy_match *m = NULL;
    gr_rummy_game *g;
    gr_rummy_score sc;
    REQUIRE_OP(gr_rummy_match_new(NULL, r, 1), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_new(&m, NULL, 1), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_new(&m, r, 1), ==, GR_OK);
    REQUIRE_OP(gr_rummy_match_deal(NULL, &g), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_deal(m, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_score(NULL, &sc), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_score(m, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_dealer(NULL), ==, GR_EINVAL);
    gr_rummy_match_free(m);
    gr_rummy_match_free(NULL);
    gr_rummy_rules_free(r);
}
END_TEST

/* ---- bots --------------------------------------------------------------------- */

/* R8: the bot sees the view only: two games that differ in cards the
 * player cannot see give the same view and so the same choice */
START_TEST(test_R8_bot_decides_from_view)
{
    gr_rummy_rules *r = rrules(3, 1, 0);
    const char *a[3] = { "2C 3C 4C 9D 9H KS 5H", "AS 2S 3S 4S 5S 6S 7S", "AD 2D 3D 4D 5D 6D 7D" };
    const char *b[3] = { "2C 3C 4C 9D 9H KS 5H", "AH 2S 3S 4S 5S 6S 7S", "AD 2D 3D 4D 5D 6D JK" };
    for (int kind = GR_BOT_RANDOM; kind <= GR_BOT_GREEDY; kind++)
        for (uint64_t seed = 0; seed < 20; seed++) {
            gr_rummy_game *ga = rstacked(r, 2, a, "9C", "8C QD");
            gr_rummy_game *gb = rstacked(r, 2, b, "9C", "8C QD");
            gr_rummy_bot *x, *y;
            REQUIRE_OP(gr_rummy_bot_new(&x, kind, seed), ==, GR_OK);
            REQUIRE_OP(gr_rummy_bot_new(&y, kind, seed), ==, GR_OK);
            for (int step = 0; step < 4; step++) {
                gr_rummy_view va, vb;
                gr_rummy_game_view(ga, 0, &va);
                gr_rummy_game_view(gb, 0, &vb);
                REQUIRE(memcmp(&va, &vb, sizeof va) == 0);
                gr_rummy_action ma, mb;
                REQUIRE_OP(gr_rummy_bot_choose(x, &va, &ma), ==, GR_OK);
                REQUIRE_OP(gr_rummy_bot_choose(y, &vb, &mb), ==, GR_OK);
                REQUIRE(memcmp(&ma, &mb, sizeof ma) == 0);
                REQUIRE_OP(gr_rummy_game_play(ga, &ma), ==, GR_OK);
                REQUIRE_OP(gr_rummy_game_play(gb, &mb), ==, GR_OK);
                if (gr_rummy_game_turn(ga) != 0 || gr_rummy_game_phase(ga) == GR_RUMMY_PHASE_OVER)
                    break;
            }
            gr_rummy_bot_free(x);
            gr_rummy_bot_free(y);
            gr_rummy_game_free(ga);
            gr_rummy_game_free(gb);
        }
    gr_rummy_rules_free(r);
}
END_TEST

/* the greedy bot goes out when it can and takes a pile card that melds */
START_TEST(test_bot_greedy_plays_well)
{
    gr_rummy_rules *r = rrules(2, 0, 0);
    const char *h[2] = { "2C 3C 4C 5C 6C 7H 8H 9H KD KS", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S" };
    gr_rummy_game *g = rstacked(r, 1, h, "KH", "QD");
    gr_rummy_bot *b;
    REQUIRE_OP(gr_rummy_bot_new(&b, GR_BOT_GREEDY, 1), ==, GR_OK);
    gr_rummy_view v;
    gr_rummy_action a;
    gr_rummy_game_view(g, 0, &v);
    REQUIRE_OP(gr_rummy_bot_choose(b, &v, &a), ==, GR_OK);
    REQUIRE_OP(a.type, ==, GR_RUMMY_ACT_DRAW_DISCARD);   /* KH makes KD KH KS */
    /* then it melds everything and goes out */
    for (int k = 0; k < 10 && gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER; k++) {
        REQUIRE_OP(gr_rummy_game_play(g, &a), ==, GR_OK);
        gr_rummy_game_view(g, 0, &v);
        if (gr_rummy_game_phase(g) == GR_RUMMY_PHASE_OVER)
            break;
        REQUIRE_OP(gr_rummy_game_turn(g), ==, 0);
        REQUIRE_OP(gr_rummy_bot_choose(b, &v, &a), ==, GR_OK);
    }
    gr_rummy_result res;
    REQUIRE_OP(gr_rummy_game_result(g, &res), ==, GR_OK);
    REQUIRE_OP(res.winner, ==, 0);
    REQUIRE_OP(res.score[0], ==, 55);
    gr_rummy_bot_free(b);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* Greedy beats random in at least 95% of 4-player matches (one greedy
 * bot against three random ones, the seat rotating) */
START_TEST(test_bot_greedy_beats_random)
{
    gr_rummy_rules *r = rrules(4, 1, 0);
    test_rng rng = { 4242 };
    long count = test_count(200);
    if (count < 40)
        count = 40;
    long wins = 0, hands = 0;
    for (long k = 0; k < count; k++) {
        gr_rummy_bot *bots[4];
        int gseat = (int)(k % 4);
        for (int p = 0; p < 4; p++)
            REQUIRE_OP(gr_rummy_bot_new(&bots[p], p == gseat ? GR_BOT_GREEDY : GR_BOT_RANDOM,
                                        test_next(&rng)), ==, GR_OK);
        int h;
        wins += play_match(r, test_next(&rng), bots, &h) == gseat;
        hands += h;
        for (int p = 0; p < 4; p++)
            gr_rummy_bot_free(bots[p]);
    }
    fprintf(stderr, "greedy won %ld of %ld 4-player matches (%.1f%%), %ld hands\n",
            wins, count, 100.0 * (double)wins / (double)count, hands);
    REQUIRE_OP(wins * 100, >=, count * 95);
    gr_rummy_rules_free(r);
}
END_TEST

START_TEST(test_bot_bad_input)
{
    gr_rummy_bot *b = NULL;
    REQUIRE_OP(gr_rummy_bot_new(NULL, GR_BOT_RANDOM, 1), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_bot_new(&b, 0, 1), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_bot_new(&b, 4, 1), ==, GR_EINVAL);   /* 3: the expert */
    REQUIRE_OP(gr_rummy_bot_new(&b, GR_BOT_GREEDY, 1), ==, GR_OK);
    gr_rummy_rules *r = rrules(2, 0, 0);
    gr_rummy_game *g;
    REQUIRE_OP(gr_rummy_game_new(&g, r, 3, 0), ==, GR_OK);
    gr_rummy_view v;
    gr_rummy_action a;
    gr_rummy_game_view(g, 0, &v);   /* not seat 0's turn */
    REQUIRE_OP(gr_rummy_bot_choose(b, &v, &a), ==, GR_ESTATE);
    gr_rummy_game_view(g, 1, &v);
    REQUIRE_OP(gr_rummy_bot_choose(NULL, &v, &a), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_bot_choose(b, NULL, &a), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_bot_choose(b, &v, NULL), ==, GR_EINVAL);
    gr_rummy_view bad = v;
    bad.reserved[0] = 1;
    REQUIRE_OP(gr_rummy_bot_choose(b, &bad, &a), ==, GR_EINVAL);
    bad = v;
    bad.nplayers = 9;
    REQUIRE_OP(gr_rummy_bot_choose(b, &bad, &a), ==, GR_EINVAL);
    bad = v;
    bad.hand.twice = 1;
    bad.hand.once = 0;
    REQUIRE_OP(gr_rummy_bot_choose(b, &bad, &a), ==, GR_EINVAL);
    bad = v;
    bad.nmelds = 40;
    REQUIRE_OP(gr_rummy_bot_choose(b, &bad, &a), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_bot_choose(b, &v, &a), ==, GR_OK);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
    gr_rummy_bot_free(b);
    gr_rummy_bot_free(NULL);
}
END_TEST

/* ---- allocation failure ---------------------------------------------------------------- */

typedef test_counter counter;   /* testutil.h */
#define counting_malloc test_counting_malloc
#define counting_free test_counting_free

/* a whole match through one allocator; allocation number fail_at fails:
 * each call then returns GR_ENOMEM, changes nothing, and is retried */
static void match_with(counter *c)
{
    gr_allocator mm;
    memset(&mm, 0, sizeof mm);
    mm.malloc_fn = counting_malloc;
    mm.free_fn = counting_free;
    mm.ctx = c;
    gr_rummy_rules *r;
    int rc;
    while ((rc = gr_rummy_rules_new_mm(&r, GR_RUMMY_PRESET_PARLETT, &mm)) == GR_ENOMEM)
        ;
    REQUIRE_OP(rc, ==, GR_OK);
    gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, 3);
    gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, 1);
    gr_rummy_rules_set(r, GR_RUMMY_OPT_TARGET, 0);
    gr_rummy_rules_set(r, GR_RUMMY_OPT_TURNOVER_LIMIT, 2);
    gr_rummy_match *m;
    while ((rc = gr_rummy_match_new(&m, r, 5)) == GR_ENOMEM)
        ;
    REQUIRE_OP(rc, ==, GR_OK);
    gr_rummy_bot *b;
    while ((rc = gr_rummy_bot_new_mm(&b, GR_BOT_GREEDY, 1, &mm)) == GR_ENOMEM)
        ;
    REQUIRE_OP(rc, ==, GR_OK);
    gr_rummy_score sc;
    gr_rummy_match_score(m, &sc);
    while (!sc.over) {
        gr_rummy_game *g;
        while ((rc = gr_rummy_match_deal(m, &g)) == GR_ENOMEM)
            ;
        REQUIRE_OP(rc, ==, GR_OK);
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            gr_rummy_view v;
            gr_rummy_action a;
            gr_rummy_game_view(g, gr_rummy_game_turn(g), &v);
            while ((rc = gr_rummy_bot_choose(b, &v, &a)) == GR_ENOMEM)
                ;
            REQUIRE_OP(rc, ==, GR_OK);
            char *before = rsave(g);
            while ((rc = gr_rummy_game_play(g, &a)) == GR_ENOMEM) {
                char *after = rsave(g);
                REQUIRE(strcmp(before, after) == 0);
                free(after);
            }
            free(before);
            REQUIRE_OP(rc, ==, GR_OK);
        }
        gr_rummy_game *cl = NULL, *ld = NULL;
        while ((rc = gr_rummy_game_clone(&cl, g)) == GR_ENOMEM)
            ;
        REQUIRE_OP(rc, ==, GR_OK);
        char *t = rsave(g);
        while ((rc = gr_rummy_game_load_mm(&ld, t, &mm)) == GR_ENOMEM)
            ;
        REQUIRE_OP(rc, ==, GR_OK);
        free(t);
        gr_rummy_result res;
        gr_rummy_game_result(g, &res);
        gr_rummy_score before_sc, after_sc;
        gr_rummy_match_score(m, &before_sc);
        while ((rc = gr_rummy_match_record(m, &res)) == GR_ENOMEM) {
            gr_rummy_match_score(m, &after_sc);   /* the list of hands grows */
            REQUIRE(memcmp(&before_sc, &after_sc, sizeof after_sc) == 0);
        }
        REQUIRE_OP(rc, ==, GR_OK);
        gr_rummy_match_score(m, &sc);
        gr_rummy_game_free(ld);
        gr_rummy_game_free(cl);
        gr_rummy_game_free(g);
    }
    gr_rummy_bot_free(b);
    gr_rummy_match_free(m);
    gr_rummy_rules_free(r);
}

START_TEST(test_rummy_allocation_failures)
{
    counter c = { 0, 0, 0, 0 };
    match_with(&c);
    long total = c.calls;
    REQUIRE_OP(c.live, ==, 0);
    for (long k = 1; k <= total + 1; k++) {
        counter f = { 0, k, 0, 0 };
        match_with(&f);
        REQUIRE_OP(f.live, ==, 0);
    }
}
END_TEST

/* ---- ABI: the 0.x layouts of the Rummy structs, frozen ----------------------------- */

typedef struct v0_action {
    int type;
    gr_card card, named;
    int target;
    gr_rummy_meld meld;
    int reserved[4];
} v0_action;

typedef struct v0_result {
    int outcome, winner, nplayers;
    int score[7], left_points[7], cards_left[7];
    gr_rummy_hand left[7];
    int reserved[8];
} v0_result;

typedef struct v0_view {
    int player, nplayers, dealer, turn, phase, ace_high;
    gr_rummy_hand hand;
    gr_card taken;
    int counts[7];
    gr_rummy_hand known[7];
    int nmelds;
    gr_rummy_meld melds[37];
    int owner[37];
    int stock_size, turnovers, ndiscards;
    gr_card discards[112];
    int reserved[16];
} v0_view;

typedef struct v0_score {
    int over, winner, nplayers, dealer, hands_played;
    int hands_won[7], total[7];
    int reserved[8];
} v0_score;

#define SAME_LAYOUT(pub, v0, field) \
    REQUIRE_OP(offsetof(pub, field), ==, offsetof(v0, field))

START_TEST(test_rummy_abi_layouts)
{
    REQUIRE_OP(sizeof(gr_rummy_action), ==, sizeof(v0_action));
    SAME_LAYOUT(gr_rummy_action, v0_action, meld);
    SAME_LAYOUT(gr_rummy_action, v0_action, reserved);
    REQUIRE_OP(sizeof(gr_rummy_result), ==, sizeof(v0_result));
    SAME_LAYOUT(gr_rummy_result, v0_result, left);
    SAME_LAYOUT(gr_rummy_result, v0_result, reserved);
    REQUIRE_OP(sizeof(gr_rummy_view), ==, sizeof(v0_view));
    SAME_LAYOUT(gr_rummy_view, v0_view, known);
    SAME_LAYOUT(gr_rummy_view, v0_view, melds);
    SAME_LAYOUT(gr_rummy_view, v0_view, discards);
    SAME_LAYOUT(gr_rummy_view, v0_view, reserved);
    REQUIRE_OP(sizeof(gr_rummy_score), ==, sizeof(v0_score));
    SAME_LAYOUT(gr_rummy_score, v0_score, reserved);
    REQUIRE_OP(GR_RUMMY_MAX_PLAYERS, ==, 7);
    REQUIRE_OP(GR_RUMMY_MAX_CARDS, ==, 112);
    REQUIRE_OP(GR_RUMMY_MAX_MELDS, ==, 37);
    /* no undefined padding in a legal action: lists compare as bytes */
    gr_rummy_rules *r = rrules(2, 1, 0);
    gr_rummy_game *g;
    REQUIRE_OP(gr_rummy_game_new(&g, r, 1, 0), ==, GR_OK);
    gr_rummy_action a[4];
    memset(a, 0xA5, sizeof a);
    int n = gr_rummy_game_legal_moves(g, a, 4);
    REQUIRE_OP(n, ==, 2);
    const unsigned char *b = (const unsigned char *)&a[0];
    for (size_t i = offsetof(gr_rummy_action, named) + 1; i < offsetof(gr_rummy_action, target); i++)
        REQUIRE_OP(b[i], ==, 0);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

START_TEST(test_R7_loaded_match_rules)
{
    /* a score keeper that loads a save scores with the save's rules: the
     * ace counts 11 under the ace-high option (R7) */
    gr_rummy_rules *r, *back_rules;
    REQUIRE_OP(gr_rummy_rules_new(&r, GR_RUMMY_PRESET_PARLETT), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, 4), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, 2), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_ACE_HIGH, 1), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_TARGET, 250), ==, GR_OK);
    gr_rummy_match *m, *back;
    REQUIRE_OP(gr_rummy_match_new_dealer(&m, r, 7, 2), ==, GR_OK);
    char text[4096];
    REQUIRE_OP(gr_rummy_match_save(m, text, sizeof text), >, 0);
    REQUIRE_OP(gr_rummy_match_load(&back, text), ==, GR_OK);
    back_rules = (gr_rummy_rules *)&back_rules;     /* untouched on refusal */
    REQUIRE_OP(gr_rummy_match_rules(NULL, &back_rules), ==, GR_EINVAL);
    REQUIRE_OP(gr_rummy_match_rules(back, NULL), ==, GR_EINVAL);
    REQUIRE(back_rules == (gr_rummy_rules *)&back_rules);
    REQUIRE_OP(gr_rummy_match_rules(back, &back_rules), ==, GR_OK);
    for (int o = 0; o < GR_RUMMY_OPT_COUNT; o++) {
        int want, got;
        REQUIRE_OP(gr_rummy_rules_get(r, o, &want), ==, GR_OK);
        REQUIRE_OP(gr_rummy_rules_get(back_rules, o, &got), ==, GR_OK);
        REQUIRE_OP(got, ==, want);
    }
    gr_rummy_hand left[4];
    REQUIRE_OP(gr_rummy_hand_parse("", &left[0], NULL), ==, GR_OK);
    REQUIRE_OP(gr_rummy_hand_parse("AH", &left[1], NULL), ==, GR_OK);
    REQUIRE_OP(gr_rummy_hand_parse("JK", &left[2], NULL), ==, GR_OK);
    REQUIRE_OP(gr_rummy_hand_parse("KS 2C", &left[3], NULL), ==, GR_OK);
    gr_rummy_result res;
    REQUIRE_OP(gr_rummy_settle(back_rules, 0, left, 4, &res, NULL), ==, GR_OK);
    REQUIRE_OP(res.score[0], ==, 11 + 15 + 12);
    /* the copy is the caller's: changing it leaves the match alone */
    REQUIRE_OP(gr_rummy_rules_set(back_rules, GR_RUMMY_OPT_ACE_HIGH, 0), ==, GR_OK);
    gr_rummy_rules *again;
    int v;
    REQUIRE_OP(gr_rummy_match_rules(back, &again), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_get(again, GR_RUMMY_OPT_ACE_HIGH, &v), ==, GR_OK);
    REQUIRE_OP(v, ==, 1);
    gr_rummy_rules_free(again);
    gr_rummy_rules_free(back_rules);
    gr_rummy_match_free(back);
    gr_rummy_match_free(m);
    gr_rummy_rules_free(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rummy_match");
    TCase *tc = tcase_create("match");
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, test_R7_match_totals);
    tcase_add_test(tc, test_R7_target_zero_one_hand);
    tcase_add_test(tc, test_R7_record_table_hands);
    tcase_add_test(tc, test_R2_first_dealer_cut);
    tcase_add_test(tc, test_R7_loaded_match_rules);
    tcase_add_test(tc, test_match_bad_input);
    tcase_add_test(tc, test_rummy_allocation_failures);
    tcase_add_test(tc, test_rummy_abi_layouts);
    suite_add_tcase(s, tc);
    tc = tcase_create("bot");
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, test_R8_bot_decides_from_view);
    tcase_add_test(tc, test_bot_greedy_plays_well);
    tcase_add_test(tc, test_bot_greedy_beats_random);
    tcase_add_test(tc, test_bot_bad_input);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
