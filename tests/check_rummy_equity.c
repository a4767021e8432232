/*
 * check_rummy_equity.c: the Rummy expert's match equity
 * (GR_RUMMY_EXPERT_MATCH, gr_rummy_bot_set_score): the table of the
 * chance to win the match (R7: the first total to reach the target
 * wins) against hand-computed values and its invariants, and the public
 * call: its argument checks, a refused call that changes nothing, and a
 * score that changes the expert's play.
 *
 * The table is the library's own code (lib/rummy/expert_equity.c,
 * compiled into this program: it uses nothing else of the library).
 */
#include <check.h>
#include <math.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummy_testutil.h"

#include "rummy/expert_equity.c"

static gr__rexpert E;

/* an expert whose tally says every hand is won by `points` (or, with
 * points2 > 0, half by points2), a match of n seats to target at totals */
static gr__rexpert *table(int n, int target, const int *totals, int me, int points,
                          int points2)
{
    gr__rexpert *e = &E;
    memset(e, 0, sizeof *e);
    for (int k = 0; k < 100; k++)
        gr__rexpert_tally(e, points2 > 0 && (k & 1) ? points2 : points);
    e->have_score = true;
    e->score_players = n;
    e->target = target;
    memcpy(e->total, totals, (size_t)n * sizeof *totals);
    gr__rexpert_equity_build(e, me);
    return e;
}

#define NEAR(a, b) ck_assert_msg(fabs((double)(a) - (double)(b)) < 1e-4, \
                                 "%s = %.6f, not %.6f", #a, (double)(a), (double)(b))

/* R7, hand-computed: every hand is won by 50 points, target 100.  Two
 * seats at 0: the first to win two hands wins the match, 1/2 each.  After
 * we win a hand of 50 we need one win, he two: the seats racing apart
 * (each wins a hand with chance 1/2, T hands to get there) give us
 * sum_t 2^-t P(his T >= t) = sum_t 2^-t t 2^(1-t) = 8/9 against his
 * sum_t (t-1) 2^-t 2^(1-t) = 2/9, so 0.8 (the true chance, one winner a
 * hand, is 3/4: the race's approximation); after he wins one, 0.2; a
 * hand that reaches the target ends it. */
START_TEST(equity_by_hand)
{
    int zero[GR_RUMMY_MAX_PLAYERS] = { 0 };
    gr__rexpert *e = table(2, 100, zero, 0, 50, 0);
    ck_assert(e->equity_used);
    NEAR(e->equity0, 0.5);
    NEAR(gr__rexpert_equity(e, -1, 0), 0.5);
    NEAR(gr__rexpert_equity(e, 0, 50), 0.8);
    NEAR(gr__rexpert_equity(e, 1, 50), 0.2);
    NEAR(gr__rexpert_equity(e, 0, 100), 1);
    NEAR(gr__rexpert_equity(e, 1, 100), 0);
    NEAR(gr__rexpert_equity(e, 1, 400), 0);
    /* the seat asked for: seat 1's chances mirror seat 0's */
    e = table(2, 100, zero, 1, 50, 0);
    NEAR(gr__rexpert_equity(e, 0, 50), 0.2);
    NEAR(gr__rexpert_equity(e, 1, 50), 0.8);
    /* 95 to 0: any hand we win ends it, as after our 50 above */
    int t[2] = { 95, 0 };
    e = table(2, 100, t, 0, 50, 0);
    NEAR(gr__rexpert_equity(e, 0, 5), 1);
    NEAR(gr__rexpert_equity(e, 0, 50), 1);
    NEAR(e->equity0, 0.8);
}
END_TEST

/* the table's invariants, for 2 to 7 seats and scores at random: every
 * seat equal gives 1/n; the seat's chance grows with the points it wins
 * and falls with the points another wins; more points to the leader is
 * worth less than to a seat behind, near the target (the reason for the
 * table) */
START_TEST(equity_invariants)
{
    test_rng rng = { 29 };
    long cases = test_count(40);
    for (long k = 0; k < cases; k++) {
        int n = 2 + test_below(&rng, 6), me = test_below(&rng, n);
        int pts = 5 + test_below(&rng, 40), pts2 = test_below(&rng, 2) ? 0 : 1 + test_below(&rng, 80);
        int even[GR_RUMMY_MAX_PLAYERS], tot[GR_RUMMY_MAX_PLAYERS];
        int level = test_below(&rng, 100);
        for (int p = 0; p < n; p++) {
            even[p] = level;
            tot[p] = test_below(&rng, 100);
        }
        gr__rexpert *e = table(n, 100, even, me, pts, pts2);
        ck_assert(e->equity_used);
        NEAR(e->equity0, 1.0 / n);
        e = table(n, 100, tot, me, pts, pts2);
        ck_assert(e->equity_used);
        for (int w = 0; w < n; w++)
            for (int x = 1; x <= 120; x++) {
                double before = gr__rexpert_equity(e, w, x - 1), now = gr__rexpert_equity(e, w, x);
                if (w == me)
                    ck_assert_msg(now >= before - 1e-6, "n %d: our win of %d worth less", n, x);
                else
                    ck_assert_msg(now <= before + 1e-6, "n %d: his win of %d worth more", n, x);
                ck_assert(now >= 0 && now <= 1);
            }
        NEAR(gr__rexpert_equity(e, me, 100 - tot[me]), 1);
    }
    /* near the target, stopping the leader matters more than points: at
     * 90 to 40, his win of 10 costs us more than our win of 10 gains */
    int t[2] = { 40, 90 };
    gr__rexpert *e = table(2, 100, t, 0, 12, 30);
    ck_assert(e->equity0 - gr__rexpert_equity(e, 1, 10) > gr__rexpert_equity(e, 0, 10) - e->equity0);
}
END_TEST

/* no table without a tally, for a far target (races longer than the
 * horizon), nor when a hand won scores more than 3/4 of the target on
 * average (7 players: winning the hand is nearly the whole chance) or the
 * match is one hand (target 0): the points then */
START_TEST(equity_falls_back)
{
    int zero[GR_RUMMY_MAX_PLAYERS] = { 0 };
    gr__rexpert *e = &E;
    memset(e, 0, sizeof *e);
    e->have_score = true;
    e->score_players = 2;
    e->target = 100;
    gr__rexpert_equity_build(e, 0);
    ck_assert(!e->equity_used && !e->equity_built);
    e = table(2, 100000, zero, 0, 3, 0);
    ck_assert(e->equity_built && !e->equity_used);
    e = table(7, 100, zero, 0, 110, 0);
    ck_assert(e->equity_built && !e->equity_used);
    e = table(7, 100, zero, 0, 70, 80);   /* 75 on average: used */
    ck_assert(e->equity_used);
    e = table(7, 100, zero, 0, 70, 82);
    ck_assert(!e->equity_used);
    e = table(3, 0, zero, 2, 20, 0);
    ck_assert(e->equity_built && !e->equity_used);
}
END_TEST

/* a hand of the expert at seat 0 (others greedy) with the given score
 * (NULL: none) or refused calls first; its moves into out[], their count */
static int expert_hand(const int *totals, int refused, gr_rummy_action *out, int max)
{
    gr_rummy_rules *r = test_rummy_rules(2, 0, 0, 0, 0);
    gr_rummy_bot *bots[2];
    ck_assert_int_eq(gr_rummy_bot_new(&bots[0], GR_BOT_EXPERT, 9), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_rules(bots[0], r), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(bots[0], GR_BOT_PARAM_PLAYOUTS, 200), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_new(&bots[1], GR_BOT_GREEDY, 10), GR_OK);
    int t[2] = { 0, 0 }, bad[2] = { -1, 0 };
    if (totals)
        ck_assert_int_eq(gr_rummy_bot_set_score(bots[0], totals, 2, 100), GR_OK);
    if (refused) {
        ck_assert_int_eq(gr_rummy_bot_set_score(bots[0], t, 2, 100001), GR_EINVAL);
        ck_assert_int_eq(gr_rummy_bot_set_score(bots[0], bad, 2, 100), GR_EINVAL);
        ck_assert_int_eq(gr_rummy_bot_set_score(bots[0], t, 8, 100), GR_EINVAL);
    }
    int n = 0;
    for (int hand = 0; hand < 3; hand++) {
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, r, 40 + (uint64_t)hand, hand & 1), GR_OK);
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            int s = gr_rummy_game_turn(g);
            gr_rummy_view v;
            gr_rummy_action a;
            ck_assert_int_eq(gr_rummy_game_view(g, s, &v), GR_OK);
            ck_assert_int_eq(gr_rummy_bot_choose(bots[s], &v, &a), GR_OK);
            ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
            if (s == 0 && n < max)
                out[n++] = a;
        }
        gr_rummy_game_free(g);
    }
    gr_rummy_bot_free(bots[0]);
    gr_rummy_bot_free(bots[1]);
    gr_rummy_rules_free(r);
    return n;
}

static int same(const gr_rummy_action *a, int na, const gr_rummy_action *b, int nb)
{
    if (na != nb)
        return 0;
    for (int i = 0; i < na; i++)
        if (a[i].type != b[i].type || a[i].card != b[i].card
            || a[i].meld.cards != b[i].meld.cards)
            return 0;
    return 1;
}

START_TEST(set_score_arguments)
{
    gr_rummy_bot *b;
    int t[GR_RUMMY_MAX_PLAYERS + 1] = { 0 };
    ck_assert_int_eq(gr_rummy_bot_new(&b, GR_BOT_EXPERT, 1), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_score(NULL, t, 2, 100), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, NULL, 2, 100), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, NULL, 0, 100), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 1, 100), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 8, 100), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 7, 100), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 2, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 2, 100001), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 2, 0), GR_OK);
    t[1] = -1;
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 2, 100), GR_EINVAL);
    t[1] = 1000001;
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 2, 100), GR_EINVAL);
    t[1] = 1000000;   /* over the target: accepted, the points then */
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 2, 100), GR_OK);
    gr_rummy_bot_free(b);
    ck_assert_int_eq(gr_rummy_bot_new(&b, GR_BOT_GREEDY, 1), GR_OK);
    t[1] = 0;
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 2, 100), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_score(b, t, 9, 100), GR_EINVAL);
    gr_rummy_bot_free(b);
}
END_TEST

/* a refused call changes nothing: the same moves as without it; a score
 * near the target changes some (the playouts valued by the match), and
 * GR_RUMMY_EXPERT_MATCH's absence or a score of a finished match gives
 * the points' moves */
START_TEST(set_score_changes_play)
{
    gr_rummy_action plain[400], refused[400], scored[400], over[400];
    int np = expert_hand(NULL, 0, plain, 400);
    int nr = expert_hand(NULL, 1, refused, 400);
    ck_assert(same(plain, np, refused, nr));
    int close[2] = { 30, 92 }, done[2] = { 100, 20 };
    int ns = expert_hand(close, 0, scored, 400);
    ck_assert_msg(!same(plain, np, scored, ns), "the score changed no move");
    int no = expert_hand(done, 0, over, 400);
    ck_assert(same(plain, np, over, no));
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        equity_by_hand,
        equity_invariants,
        equity_falls_back,
        set_score_arguments,
        set_score_changes_play
    };
    return TEST_RUN_CORE("rummy_equity", 300, tests);
}
