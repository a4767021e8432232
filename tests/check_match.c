/*
 * check_match.c: a match of several hands (G6, G8, G25-G27, G34).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

static gr_rules *rules_of(int preset)
{
    gr_rules *r = NULL;
    ck_assert_int_eq(gr_rules_new(&r, preset), GR_OK);
    return r;
}

static gr_match *match_of(int preset, uint64_t seed)
{
    gr_rules *r = rules_of(preset);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, seed), GR_OK);
    gr_rules_free(r);
    return m;
}

static gr_hand_result hand(int outcome, int knocker, int winner, int points)
{
    gr_hand_result r;
    memset(&r, 0, sizeof r);
    r.outcome = outcome;
    r.knocker = knocker;
    r.winner = winner;
    r.points = points;
    return r;
}

/* a hand won by `winner` (a knock of his own) */
static void win(gr_match *m, int winner, int points)
{
    gr_hand_result r = hand(GR_OUTCOME_KNOCK, winner, winner, points);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
}

static gr_score score_of(const gr_match *m)
{
    gr_score s;
    memset(&s, 0x5A, sizeof s);
    ck_assert_int_eq(gr_match_score(m, &s), GR_OK);
    return s;
}

/* ---- G6: the first dealer ------------------------------------------------ */

START_TEST(test_G6_cut_is_deterministic)
{
    for (uint64_t seed = 0; seed < 50; seed++) {
        gr_match *a = match_of(GR_PRESET_FOURNIER, seed);
        gr_match *b = match_of(GR_PRESET_STANDARD, seed);
        gr_card ca[2], cb[2];
        ck_assert_int_eq(gr_match_cut(a, ca), GR_OK);
        ck_assert_int_eq(gr_match_cut(b, cb), GR_OK);
        ck_assert_int_eq(ca[0], cb[0]);
        ck_assert_int_eq(ca[1], cb[1]);
        ck_assert_int_eq(gr_match_dealer(a), gr_match_dealer(b));
        gr_match_free(a);
        gr_match_free(b);
    }
}
END_TEST

START_TEST(test_G6_higher_rank_deals_ties_cut_again)
{
    int dealt[2] = { 0, 0 };
    long n = test_count(2000);
    for (long i = 0; i < n; i++) {
        gr_match *m = match_of(GR_PRESET_FOURNIER, (uint64_t)i * 7919u + 3);
        gr_card cut[2];
        ck_assert_int_eq(gr_match_cut(m, cut), GR_OK);
        ck_assert_uint_lt(cut[0], 52);
        ck_assert_uint_lt(cut[1], 52);
        ck_assert_uint_ne(cut[0], cut[1]);
        /* a tie (about 1 seed in 17) was cut again: never equal ranks */
        ck_assert_int_ne(GR_CARD_RANK(cut[0]), GR_CARD_RANK(cut[1]));
        int dealer = gr_match_dealer(m);
        ck_assert_int_eq(dealer,
                         GR_CARD_RANK(cut[0]) > GR_CARD_RANK(cut[1]) ? 0 : 1);
        dealt[dealer]++;
        gr_score s = score_of(m);
        ck_assert_int_eq(s.hands_played, 0);
        ck_assert_int_eq(s.over, 0);
        gr_match_free(m);
    }
    if (n >= 1000) {   /* fair: each about half the time */
        ck_assert_int_gt(dealt[0], n * 2 / 5);
        ck_assert_int_gt(dealt[1], n * 2 / 5);
    }
}
END_TEST

START_TEST(test_G6_both_dealers_over_seeds)
{
    int dealt[2] = { 0, 0 };
    for (uint64_t seed = 0; seed < 64; seed++) {
        gr_match *m = match_of(GR_PRESET_NOVELTY, seed);
        dealt[gr_match_dealer(m)]++;
        gr_match_free(m);
    }
    ck_assert_int_gt(dealt[0], 0);
    ck_assert_int_gt(dealt[1], 0);
}
END_TEST

/* ---- G8: who deals next -------------------------------------------------- */

START_TEST(test_G8_winner_deals_next)
{
    gr_match *m = match_of(GR_PRESET_FOURNIER, 1);
    gr_hand_result r;

    r = hand(GR_OUTCOME_KNOCK, 1, 1, 5);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    ck_assert_int_eq(gr_match_dealer(m), 1);

    r = hand(GR_OUTCOME_UNDERCUT, 1, 0, 12);   /* the defender won */
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    ck_assert_int_eq(gr_match_dealer(m), 0);

    r = hand(GR_OUTCOME_GIN, 1, 1, 30);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    ck_assert_int_eq(gr_match_dealer(m), 1);

    r = hand(GR_OUTCOME_BIG_GIN, 0, 0, 40);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    ck_assert_int_eq(gr_match_dealer(m), 0);

    r = hand(GR_OUTCOME_UNDERCUT, 0, 1, 10);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    ck_assert_int_eq(gr_match_dealer(m), 1);

    gr_score s = score_of(m);
    ck_assert_int_eq(s.hands_played, 5);
    ck_assert_int_eq(s.hands_won[0], 2);   /* the undercut counts for 0 */
    ck_assert_int_eq(s.hands_won[1], 3);
    ck_assert_int_eq(s.hand_points[0], 52);
    ck_assert_int_eq(s.hand_points[1], 45);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G8_void_same_dealer)
{
    for (uint64_t seed = 0; seed < 8; seed++) {
        gr_match *m = match_of(GR_PRESET_FOURNIER, seed);
        int dealer = gr_match_dealer(m);
        gr_score before = score_of(m);
        /* knocker, winner and points of a void hand are ignored */
        gr_hand_result r = hand(GR_OUTCOME_VOID, -1, -1, 0);
        ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
        r = hand(GR_OUTCOME_VOID, 1 - dealer, 1 - dealer, 55);
        ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
        r = hand(GR_OUTCOME_VOID, 7, -3, -20);
        ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
        ck_assert_int_eq(gr_match_dealer(m), dealer);
        gr_score s = score_of(m);
        ck_assert_int_eq(s.hands_played, 3);
        s.hands_played = before.hands_played;
        ck_assert_mem_eq(&s, &before, sizeof s);
        gr_match_free(m);
    }
}
END_TEST

START_TEST(test_G8_deal_uses_match_dealer)
{
    gr_match *m = match_of(GR_PRESET_STANDARD, 99);
    int dealers[] = { 0, 1, 1, 0 };
    for (int i = 0; i < 4; i++) {
        gr_game *g = NULL;
        ck_assert_int_eq(gr_match_deal(m, &g), GR_OK);
        ck_assert_ptr_nonnull(g);
        ck_assert_int_eq(gr_game_dealer(g), gr_match_dealer(m));
        ck_assert_int_eq(gr_game_phase(g), GR_PHASE_UPCARD);
        gr_game_free(g);
        win(m, dealers[i], 1);
        ck_assert_int_eq(gr_match_dealer(m), dealers[i]);
    }
    gr_match_free(m);
}
END_TEST

START_TEST(test_G8_deals_are_seeded)
{
    /* the same seed deals the same hands; each deal is a new hand */
    gr_match *a = match_of(GR_PRESET_FOURNIER, 2024);
    gr_match *b = match_of(GR_PRESET_FOURNIER, 2024);
    gr_cards first = 0;
    for (int i = 0; i < 5; i++) {
        gr_game *ga = NULL, *gb = NULL;
        ck_assert_int_eq(gr_match_deal(a, &ga), GR_OK);
        ck_assert_int_eq(gr_match_deal(b, &gb), GR_OK);
        for (int p = 0; p < 2; p++) {
            gr_cards ha, hb;
            ck_assert_int_eq(gr_game_hand(ga, p, &ha), GR_OK);
            ck_assert_int_eq(gr_game_hand(gb, p, &hb), GR_OK);
            ck_assert_uint_eq(ha, hb);
            ck_assert_int_eq(gr_cards_count(ha), 10);
            if (p == 0 && i == 0)
                first = ha;
            else if (p == 0)
                ck_assert_uint_ne(ha, first);
        }
        gr_game_free(ga);
        gr_game_free(gb);
    }
    gr_match_free(a);
    gr_match_free(b);
}
END_TEST

/* ---- G25: the end of the match ------------------------------------------- */

START_TEST(test_G25_ends_exactly_at_target)
{
    gr_match *m = match_of(GR_PRESET_FOURNIER, 5);
    win(m, 0, 60);
    win(m, 1, 99);          /* 99: not yet */
    win(m, 0, 39);          /* 99: not yet */
    gr_score s = score_of(m);
    ck_assert_int_eq(s.over, 0);
    ck_assert_int_eq(s.winner, -1);
    ck_assert_int_eq(s.margin, 0);
    ck_assert_int_eq(s.game_bonus[0] | s.game_bonus[1], 0);
    ck_assert_int_eq(s.box_bonus[0] | s.box_bonus[1], 0);
    ck_assert_int_eq(s.shutout_bonus[0] | s.shutout_bonus[1], 0);
    ck_assert_int_eq(s.total[0], 99);
    ck_assert_int_eq(s.total[1], 99);

    win(m, 1, 1);           /* 100: reached */
    s = score_of(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_int_eq(s.hands_played, 4);
    ck_assert_int_eq(gr_match_dealer(m), 1);

    /* nothing more once over */
    gr_hand_result r = hand(GR_OUTCOME_KNOCK, 0, 0, 10);
    ck_assert_int_eq(gr_match_record(m, &r), GR_ESTATE);
    r = hand(GR_OUTCOME_VOID, -1, -1, 0);
    ck_assert_int_eq(gr_match_record(m, &r), GR_ESTATE);
    gr_game *g = (gr_game *)&r;   /* must stay untouched */
    ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
    ck_assert_ptr_eq(g, (gr_game *)&r);
    gr_score after = score_of(m);
    ck_assert_mem_eq(&after, &s, sizeof s);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G25_over_target_and_copied_rules)
{
    gr_rules *r = rules_of(GR_PRESET_NOVELTY);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 50), GR_OK);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 0), GR_OK);
    /* the match copied the rules: a later change does not count */
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 1000), GR_OK);
    gr_rules_free(r);
    win(m, 0, 49);
    ck_assert_int_eq(score_of(m).over, 0);
    win(m, 0, 30);          /* 79: "100 or more" (here 50) */
    gr_score s = score_of(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(s.total[0], 79);   /* NOVELTY: no bonuses */
    ck_assert_int_eq(s.margin, 79);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G25_zero_point_hands)
{
    /* a hand may score 0 (bonus 0, equal deadwood): it counts as won */
    gr_match *m = match_of(GR_PRESET_FOURNIER, 3);
    gr_hand_result r = hand(GR_OUTCOME_UNDERCUT, 0, 1, 0);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    win(m, 0, 100);
    gr_score s = score_of(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.hands_won[1], 1);
    ck_assert_int_eq(s.shutout_bonus[0], 0);   /* not a shutout */
    ck_assert_int_eq(s.box_bonus[1], 20);
    gr_match_free(m);
}
END_TEST

/* ---- G26, G27, G34: end-of-match bonuses --------------------------------- */

START_TEST(test_G26_fournier)
{
    gr_match *m = match_of(GR_PRESET_FOURNIER, 11);
    win(m, 0, 30);
    win(m, 0, 40);
    gr_hand_result r = hand(GR_OUTCOME_UNDERCUT, 0, 1, 20);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    r = hand(GR_OUTCOME_VOID, -1, -1, 0);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    win(m, 0, 35);          /* 105 */
    gr_score s = score_of(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(s.hands_played, 5);
    ck_assert_int_eq(s.hands_won[0], 3);
    ck_assert_int_eq(s.hands_won[1], 1);
    ck_assert_int_eq(s.hand_points[0], 105);
    ck_assert_int_eq(s.hand_points[1], 20);
    ck_assert_int_eq(s.game_bonus[0], 100);
    ck_assert_int_eq(s.game_bonus[1], 0);
    ck_assert_int_eq(s.box_bonus[0], 60);      /* 20 per hand won */
    ck_assert_int_eq(s.box_bonus[1], 20);
    ck_assert_int_eq(s.shutout_bonus[0], 0);
    ck_assert_int_eq(s.shutout_bonus[1], 0);
    ck_assert_int_eq(s.total[0], 265);
    ck_assert_int_eq(s.total[1], 40);
    ck_assert_int_eq(s.margin, 225);          /* G27 */
    gr_match_free(m);
}
END_TEST

START_TEST(test_G26_fournier_shutout)
{
    gr_match *m = match_of(GR_PRESET_FOURNIER, 12);
    gr_hand_result r = hand(GR_OUTCOME_VOID, -1, -1, 0);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);   /* a void hand is no win */
    r = hand(GR_OUTCOME_UNDERCUT, 0, 1, 50);           /* undercut: for 1 */
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    r = hand(GR_OUTCOME_GIN, 1, 1, 60);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    gr_score s = score_of(m);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_int_eq(s.hands_won[0], 0);
    ck_assert_int_eq(s.game_bonus[1], 100);
    ck_assert_int_eq(s.box_bonus[1], 40);
    ck_assert_int_eq(s.box_bonus[0], 0);
    ck_assert_int_eq(s.shutout_bonus[1], 100);  /* flat +100 */
    ck_assert_int_eq(s.shutout_bonus[0], 0);
    ck_assert_int_eq(s.total[1], 110 + 100 + 40 + 100);
    ck_assert_int_eq(s.total[0], 0);
    ck_assert_int_eq(s.margin, 350);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G26_novelty_no_bonuses)
{
    gr_match *m = match_of(GR_PRESET_NOVELTY, 13);
    win(m, 1, 70);
    win(m, 1, 45);          /* shutout, but 002 names no bonus */
    gr_score s = score_of(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    for (int p = 0; p < 2; p++) {
        ck_assert_int_eq(s.game_bonus[p], 0);
        ck_assert_int_eq(s.box_bonus[p], 0);
        ck_assert_int_eq(s.shutout_bonus[p], 0);
        ck_assert_int_eq(s.total[p], s.hand_points[p]);
    }
    ck_assert_int_eq(s.total[1], 115);
    ck_assert_int_eq(s.margin, 115);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G26_standard)
{
    gr_match *m = match_of(GR_PRESET_STANDARD, 14);
    win(m, 1, 30);
    win(m, 0, 50);
    win(m, 0, 50);
    gr_score s = score_of(m);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(s.game_bonus[0], 100);
    ck_assert_int_eq(s.box_bonus[0], 50);      /* 25 per hand won */
    ck_assert_int_eq(s.box_bonus[1], 25);
    ck_assert_int_eq(s.shutout_bonus[0], 0);   /* no shutout: no doubling */
    ck_assert_int_eq(s.total[0], 250);
    ck_assert_int_eq(s.total[1], 55);
    ck_assert_int_eq(s.margin, 195);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G34_standard_shutout_doubles)
{
    gr_match *m = match_of(GR_PRESET_STANDARD, 15);
    win(m, 0, 60);
    gr_hand_result r = hand(GR_OUTCOME_VOID, -1, -1, 0);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    r = hand(GR_OUTCOME_GIN, 0, 0, 45);
    ck_assert_int_eq(gr_match_record(m, &r), GR_OK);
    gr_score s = score_of(m);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(s.hand_points[0], 105);
    ck_assert_int_eq(s.game_bonus[0], 100);
    ck_assert_int_eq(s.box_bonus[0], 50);
    /* (105 + 100 + 50) doubled: the doubling adds 255 */
    ck_assert_int_eq(s.shutout_bonus[0], 255);
    ck_assert_int_eq(s.total[0], 510);
    ck_assert_int_eq(s.total[1], 0);
    ck_assert_int_eq(s.margin, 510);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G34_double_replaces_flat_bonus)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_SHUTOUT_DOUBLE, 1), GR_OK);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 16), GR_OK);
    gr_rules_free(r);
    win(m, 1, 100);
    gr_score s = score_of(m);
    /* 100 + 100 + 20, doubled; the flat 100 does not apply */
    ck_assert_int_eq(s.shutout_bonus[1], 220);
    ck_assert_int_eq(s.total[1], 440);
    ck_assert_int_eq(s.margin, 440);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G27_margin_with_loser_bonuses)
{
    /* custom bonuses: margin is the difference of totals, box bonuses of
     * the loser included */
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 10), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_GAME_BONUS, 7), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_HAND_BONUS, 3), GR_OK);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 17), GR_OK);
    gr_rules_free(r);
    for (int i = 0; i < 4; i++)
        win(m, 0, 2);       /* player 0: 8 points, 4 hands */
    win(m, 1, 10);          /* player 1 reaches 10 */
    gr_score s = score_of(m);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_int_eq(s.total[1], 10 + 7 + 3);
    ck_assert_int_eq(s.total[0], 8 + 12);
    ck_assert_int_eq(s.margin, 0);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G27_margin_negative)
{
    /* the loser's box bonuses outweigh the winner's points: margin < 0 */
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 50), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_HAND_BONUS, 1000), GR_OK);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 17), GR_OK);
    gr_rules_free(r);
    for (int i = 0; i < 3; i++)
        win(m, 1, 1);       /* player 1: 3 points, 3 hands */
    win(m, 0, 50);          /* player 0: the match, 1 hand */
    gr_score s = score_of(m);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(s.total[0], 50 + 100 + 1000);
    ck_assert_int_eq(s.total[1], 3 + 3000);
    ck_assert_int_eq(s.margin, s.total[0] - s.total[1]);
    ck_assert_int_lt(s.margin, 0);
    gr_match_free(m);
}
END_TEST

/* n hands won by `winner` with `points` each (-1: void hands), checked
 * without Check's per-assertion cost */
static void record_many(gr_match *m, int n, int winner, int points)
{
    gr_hand_result r = winner < 0 ? hand(GR_OUTCOME_VOID, -1, -1, 0)
                                  : hand(GR_OUTCOME_KNOCK, winner, winner, points);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad |= gr_match_record(m, &r) != GR_OK;
    ck_assert_int_eq(bad, 0);
}

/* every option that adds to a total at its maximum (and Hollywood) */
static gr_match *extreme_match_of(int shutout_double, int hollywood)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_HOLLYWOOD, hollywood), GR_OK);
    gr_option_info info;
    static const int opts[] = { GR_OPT_TARGET, GR_OPT_GAME_BONUS,
                                GR_OPT_HAND_BONUS, GR_OPT_SHUTOUT_BONUS };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        ck_assert_int_eq(gr_option_describe(opts[i], &info), GR_OK);
        ck_assert_int_eq(gr_rules_set(r, opts[i], info.max), GR_OK);
    }
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_SHUTOUT_DOUBLE, shutout_double), GR_OK);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 5), GR_OK);
    gr_rules_free(r);
    return m;
}

static void check_parts(const gr_score *s)
{
    for (int p = 0; p < 2; p++) {
        ck_assert_int_ge(s->total[p], 0);
        ck_assert_int_lt(s->total[p], 2000240001);
        ck_assert_int_eq(s->total[p], s->hand_points[p] + s->game_bonus[p]
                                      + s->box_bonus[p] + s->shutout_bonus[p]);
    }
    int w = s->winner;
    ck_assert_int_eq(s->margin, s->total[w] - s->total[1 - w]);
}

static gr_match *extreme_match(int shutout_double)
{
    return extreme_match_of(shutout_double, 0);
}

START_TEST(test_G35_hollywood_extreme_totals_exact)
{
    /* Hollywood's largest totals: every bonus at its maximum, the winner
     * wins every one of GR_MAX_HOLLYWOOD_HANDS hands, each credited to all
     * three games (none is over before the last ten), the last ten scoring
     * the most a hand may, every game's total doubled (G34).  No value is
     * clamped: the parts add up to the total, and the match records no
     * more hands. */
    for (int dbl = 0; dbl < 2; dbl++) {
        gr_match *m = extreme_match_of(dbl, 1);
        record_many(m, GR_MAX_HOLLYWOOD_HANDS - 10, 0, 0);
        for (int i = 0; i < 10; i++)
            win(m, 0, 10000);
        gr_score s = score_of(m);
        ck_assert_int_eq(s.over, 1);
        ck_assert_int_eq(s.winner, 0);
        ck_assert_int_eq(s.hands_played, GR_MAX_HOLLYWOOD_HANDS);
        ck_assert_int_eq(s.hand_points[0], 3 * 100000);
        /* G35: the first win counts in game 0 only, the second in games
         * 0 and 1, every later one in all three */
        int boxes = 1000 * (3 * GR_MAX_HOLLYWOOD_HANDS - 3);
        ck_assert_int_eq(s.box_bonus[0], boxes);
        ck_assert_int_eq(s.shutout_bonus[0], dbl ? 3 * (100000 + 10000) + boxes
                                                 : 3 * 10000);
        for (int p = 0; p < 2; p++) {
            ck_assert_int_ge(s.total[p], 0);
            ck_assert_int_lt(s.total[p], 2000730000);
            ck_assert_int_eq(s.total[p], s.hand_points[p] + s.game_bonus[p]
                                         + s.box_bonus[p] + s.shutout_bonus[p]);
        }
        ck_assert_int_eq(s.margin, s.total[0] - s.total[1]);
        gr_game *g = NULL;
        ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
        gr_match_free(m);
    }
    /* the cap comes before the end: a Hollywood match of void hands */
    gr_match *m = extreme_match_of(0, 1);
    record_many(m, GR_MAX_HOLLYWOOD_HANDS, -1, 0);
    gr_hand_result r = hand(GR_OUTCOME_KNOCK, 0, 0, 10);
    ck_assert_int_eq(gr_match_record(m, &r), GR_ESTATE);
    ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_TOO_LONG);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
    gr_match_free(m);
}
END_TEST

START_TEST(test_G26_G34_extreme_totals_exact)
{
    /* The largest totals a match can reach: every bonus at its maximum, the
     * winner wins every one of GR_MAX_MATCH_HANDS hands (all but the last
     * few scoring 0), the last one scoring the most a hand may, and his
     * total is doubled (G34).  No total is clamped: each equals its parts. */
    for (int dbl = 0; dbl < 2; dbl++) {
        gr_match *m = extreme_match(dbl);
        record_many(m, GR_MAX_MATCH_HANDS - 11, 0, 0);
        for (int i = 0; i < 9; i++)
            win(m, 0, 10000);
        win(m, 0, 9999);
        win(m, 0, 10000);               /* over the target by 9999 */
        gr_score s = score_of(m);
        ck_assert_int_eq(s.over, 1);
        ck_assert_int_eq(s.winner, 0);
        ck_assert_int_eq(s.hands_played, GR_MAX_MATCH_HANDS);
        ck_assert_int_eq(s.hand_points[0], 109999);
        ck_assert_int_eq(s.box_bonus[0], 1000 * GR_MAX_MATCH_HANDS);
        int base = 109999 + 10000 + 1000 * GR_MAX_MATCH_HANDS;
        ck_assert_int_eq(s.shutout_bonus[0], dbl ? base : 10000);
        check_parts(&s);
        gr_match_free(m);
    }
    /* the most negative margin: the loser wins all hands but the last */
    gr_match *m = extreme_match(1);
    record_many(m, GR_MAX_MATCH_HANDS - 10, 1, 0);
    for (int i = 0; i < 10; i++)
        win(m, 0, 10000);
    gr_score s = score_of(m);
    ck_assert_int_eq(s.winner, 0);
    check_parts(&s);
    ck_assert_int_eq(s.margin, 100000 + 10000 + 10000 - 1000 * (GR_MAX_MATCH_HANDS - 10));
    gr_match_free(m);
}
END_TEST

START_TEST(test_G25_match_hand_cap)
{
    /* Void hands for ever: once the match has recorded GR_MAX_MATCH_HANDS
     * hands it deals no more (it would refuse to record them). */
    gr_match *m = match_of(GR_PRESET_FOURNIER, 3);
    gr_hand_result v = hand(GR_OUTCOME_VOID, -1, -1, 0);
    record_many(m, GR_MAX_MATCH_HANDS - 1, -1, 0);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal(m, &g), GR_OK);   /* the last hand */
    gr_game_free(g);
    ck_assert_int_eq(gr_match_record(m, &v), GR_OK);
    g = NULL;
    ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(gr_match_record(m, &v), GR_ESTATE);
    gr_hand_result k = hand(GR_OUTCOME_KNOCK, 0, 0, 5);
    ck_assert_int_eq(gr_match_record(m, &k), GR_ESTATE);
    gr_score s = score_of(m);
    ck_assert_int_eq(s.hands_played, GR_MAX_MATCH_HANDS);
    ck_assert_int_eq(s.over, 0);
    ck_assert_int_eq(s.winner, -1);
    gr_match_free(m);
}
END_TEST

/* ---- arguments ----------------------------------------------------------- */

START_TEST(test_match_bad_arguments)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_match *m = (gr_match *)r;
    ck_assert_int_eq(gr_match_new(NULL, r, 1), GR_EINVAL);
    ck_assert_int_eq(gr_match_new(&m, NULL, 1), GR_EINVAL);
    ck_assert_ptr_eq(m, (gr_match *)r);   /* untouched */
    ck_assert_int_eq(gr_match_new(&m, r, 1), GR_OK);
    gr_rules_free(r);

    gr_score s;
    gr_card cut[2];
    gr_game *g = NULL;
    gr_hand_result h = hand(GR_OUTCOME_KNOCK, 0, 0, 5);
    ck_assert_int_eq(gr_match_score(NULL, &s), GR_EINVAL);
    ck_assert_int_eq(gr_match_score(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_cut(NULL, cut), GR_EINVAL);
    ck_assert_int_eq(gr_match_cut(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_dealer(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_deal(NULL, &g), GR_EINVAL);
    ck_assert_int_eq(gr_match_deal(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_record(NULL, &h), GR_EINVAL);
    ck_assert_int_eq(gr_match_record(m, NULL), GR_EINVAL);
    gr_match_free(NULL);

    win(m, 1, 20);
    gr_score before = score_of(m);
    int dealer = gr_match_dealer(m);
    static const int bad[][4] = {
        /* outcome, knocker, winner, points */
        { -1, 0, 0, 5 },
        { 6, 0, 0, 5 },                       /* 5 is GR_OUTCOME_TIE */
        { 99, 1, 1, 5 },
        { GR_OUTCOME_KNOCK, 0, 1, 5 },        /* knock: winner is knocker */
        { GR_OUTCOME_GIN, 1, 0, 25 },
        { GR_OUTCOME_BIG_GIN, 0, 1, 31 },
        { GR_OUTCOME_UNDERCUT, 0, 0, 10 },    /* undercut: the other one */
        { GR_OUTCOME_UNDERCUT, 1, 1, 10 },
        { GR_OUTCOME_KNOCK, -1, -1, 5 },
        { GR_OUTCOME_KNOCK, 2, 2, 5 },
        { GR_OUTCOME_UNDERCUT, 0, 2, 5 },
        { GR_OUTCOME_UNDERCUT, 2, 0, 5 },
        { GR_OUTCOME_GIN, 0, -1, 5 },
        { GR_OUTCOME_KNOCK, 0, 0, -1 },       /* negative points */
        { GR_OUTCOME_UNDERCUT, 1, 0, -10 },
        { GR_OUTCOME_GIN, 0, 0, 10001 },      /* beyond any real hand */
        { GR_OUTCOME_KNOCK, 0, 0, 2147483647 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        h = hand(bad[i][0], bad[i][1], bad[i][2], bad[i][3]);
        ck_assert_msg(gr_match_record(m, &h) == GR_EINVAL, "bad result %zu", i);
        gr_score after = score_of(m);
        ck_assert_mem_eq(&after, &before, sizeof after);
        ck_assert_int_eq(gr_match_dealer(m), dealer);
    }
    /* the limits themselves are accepted */
    h = hand(GR_OUTCOME_KNOCK, 0, 0, 0);
    ck_assert_int_eq(gr_match_record(m, &h), GR_OK);
    h = hand(GR_OUTCOME_GIN, 0, 0, 10000);
    ck_assert_int_eq(gr_match_record(m, &h), GR_OK);
    ck_assert_int_eq(score_of(m).over, 1);
    gr_match_free(m);
}
END_TEST

START_TEST(test_match_records_settled_hands)
{
    /* results from gr_settle(): the knocker is player 0 */
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 21), GR_OK);
    gr_cards knocker, defender;
    ck_assert_int_eq(gr_cards_parse("AC 2C 3C 4D 5D 6D 7H 8H 9H KS", &knocker), GR_OK);
    ck_assert_int_eq(gr_cards_parse("AS 2S 3S 4S 5H 6H JC QD KD 10C", &defender), GR_OK);
    gr_arrangement a;
    ck_assert_int_eq(gr_arrange(knocker, &a), 10);
    gr_hand_result h;
    ck_assert_int_eq(gr_settle(r, &a, defender, &h), GR_OK);
    ck_assert_int_eq(h.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(h.winner, 0);
    ck_assert_int_eq(gr_match_record(m, &h), GR_OK);
    gr_score s = score_of(m);
    ck_assert_int_eq(s.hand_points[0], h.points);
    ck_assert_int_eq(s.hands_won[0], 1);
    ck_assert_int_eq(gr_match_dealer(m), 0);
    gr_rules_free(r);
    gr_match_free(m);
}
END_TEST

/* ---- full random matches ------------------------------------------------- */

/* A random legal move; a knock, gin or big gin when one is legal (so hands
 * end by a knock often enough), and half the time the best discard. */
static gr_move pick_move(const gr_game *g, test_rng *rng)
{
    gr_move moves[GR_MAX_MOVES];
    int n = gr_game_legal_moves(g, moves, GR_MAX_MOVES);
    REQUIRE(n > 0);
    REQUIRE(n <= GR_MAX_MOVES);
    int ends = 0;
    for (int i = 0; i < n; i++)
        if (moves[i].type >= GR_MOVE_KNOCK)
            moves[ends++] = moves[i];   /* types are sorted: safe in place */
    if (ends > 0 && test_below(rng, 4) != 0)
        return moves[test_below(rng, ends)];
    n = gr_game_legal_moves(g, moves, GR_MAX_MOVES);
    if (gr_game_phase(g) == GR_PHASE_DISCARD && test_below(rng, 2)) {
        gr_cards h;
        gr_card best;
        REQUIRE_EQ(gr_game_hand(g, gr_game_turn(g), &h), GR_OK);
        REQUIRE(gr_best_discard(h, &best) >= 0);
        for (int i = 0; i < n; i++)
            if (moves[i].type == GR_MOVE_DISCARD && moves[i].card == best)
                return moves[i];
    }
    return moves[test_below(rng, n)];
}

static void random_matches(int preset, long count, uint64_t seed)
{
    gr_rules *rules = rules_of(preset);
    int opt[GR_OPT_COUNT];
    for (int i = 0; i < GR_OPT_COUNT; i++)
        REQUIRE_EQ(gr_rules_get(rules, i, &opt[i]), GR_OK);
    test_rng rng = { seed };
    long shutouts = 0, hands = 0;

    for (long k = 0; k < count; k++) {
        gr_match *m = NULL;
        REQUIRE_EQ(gr_match_new(&m, rules, test_next(&rng)), GR_OK);
        int points[2] = { 0, 0 }, won[2] = { 0, 0 }, played = 0;
        int dealer = gr_match_dealer(m);
        gr_game *g = NULL;
        while (gr_match_deal(m, &g) == GR_OK) {
            REQUIRE_EQ(gr_game_dealer(g), dealer);
            for (long moves = 0; gr_game_phase(g) != GR_PHASE_OVER; moves++) {
                REQUIRE(moves < GR_MAX_HAND_MOVES);
                REQUIRE_EQ(gr_game_play(g, pick_move(g, &rng)), GR_OK);
            }
            gr_hand_result h;
            REQUIRE_EQ(gr_game_result(g, &h), GR_OK);
            gr_game_free(g);
            g = NULL;
            REQUIRE_EQ(gr_match_record(m, &h), GR_OK);
            played++;
            if (h.outcome != GR_OUTCOME_VOID) {
                points[h.winner] += h.points;
                won[h.winner]++;
                dealer = h.winner;
            }
            REQUIRE_EQ(gr_match_dealer(m), dealer);
            REQUIRE(played < 100000);
        }
        REQUIRE(g == NULL);
        hands += played;

        /* recompute the final score (G25-G27, G34) */
        gr_score s = score_of(m);
        REQUIRE_EQ(s.over, 1);
        int w = s.winner, l = 1 - w;
        REQUIRE(w == 0 || w == 1);
        REQUIRE(points[w] >= opt[GR_OPT_TARGET]);
        REQUIRE(points[l] < opt[GR_OPT_TARGET]);
        REQUIRE_EQ(s.hands_played, played);
        int total[2];
        for (int p = 0; p < 2; p++) {
            REQUIRE_EQ(s.hand_points[p], points[p]);
            REQUIRE_EQ(s.hands_won[p], won[p]);
            REQUIRE_EQ(s.game_bonus[p], p == w ? opt[GR_OPT_GAME_BONUS] : 0);
            REQUIRE_EQ(s.box_bonus[p], won[p] * opt[GR_OPT_HAND_BONUS]);
            total[p] = points[p] + s.game_bonus[p] + s.box_bonus[p];
        }
        int shutout = 0;
        if (won[l] == 0) {
            shutouts++;
            shutout = opt[GR_OPT_SHUTOUT_DOUBLE] ? total[w] : opt[GR_OPT_SHUTOUT_BONUS];
        }
        REQUIRE_EQ(s.shutout_bonus[w], shutout);
        REQUIRE_EQ(s.shutout_bonus[l], 0);
        total[w] += shutout;
        REQUIRE_EQ(s.total[0], total[0]);
        REQUIRE_EQ(s.total[1], total[1]);
        REQUIRE_EQ(s.margin, total[w] - total[l]);
        gr_match_free(m);
    }
    gr_rules_free(rules);
    /* both sides of G26/G34 were exercised (500 matches give about 80-110
     * shutouts and 5-10 hands per match) */
    if (count >= 100) {
        REQUIRE(shutouts > 0);
        REQUIRE(shutouts < count);
        REQUIRE(hands > 2 * count);
    }
}

START_TEST(test_G25_G26_random_matches_fournier)
{
    random_matches(GR_PRESET_FOURNIER, test_count(2000), 0xF0F0);
}
END_TEST

START_TEST(test_G25_G26_random_matches_novelty)
{
    random_matches(GR_PRESET_NOVELTY, test_count(2000), 0x0E0E);
}
END_TEST

START_TEST(test_G25_G34_random_matches_standard)
{
    random_matches(GR_PRESET_STANDARD, test_count(2000), 0x5151);
}
END_TEST

START_TEST(test_G25_loaded_match_rules)
{
    /* a loaded match gives back the rules its save names, as a copy */
    gr_rules *r, *got;
    ck_assert_int_eq(gr_rules_new(&r, GR_PRESET_STANDARD), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_OKLAHOMA, 1), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 150), GR_OK);
    gr_match *m, *back;
    ck_assert_int_eq(gr_match_new(&m, r, 5), GR_OK);
    char text[4096];
    ck_assert_int_gt(gr_match_save(m, text, sizeof text), 0);
    ck_assert_int_eq(gr_match_load(&back, text), GR_OK);
    got = (gr_rules *)&got;                     /* untouched on refusal */
    ck_assert_int_eq(gr_match_rules(NULL, &got), GR_EINVAL);
    ck_assert_int_eq(gr_match_rules(back, NULL), GR_EINVAL);
    ck_assert_ptr_eq(got, (gr_rules *)&got);
    ck_assert_int_eq(gr_match_rules(back, &got), GR_OK);
    for (int o = 0; o < GR_OPT_COUNT; o++) {
        int want, have;
        ck_assert_int_eq(gr_rules_get(r, o, &want), GR_OK);
        ck_assert_int_eq(gr_rules_get(got, o, &have), GR_OK);
        ck_assert_int_eq(have, want);
    }
    ck_assert_int_eq(gr_rules_set(got, GR_OPT_TARGET, 100), GR_OK);
    gr_rules *again;
    int v;
    ck_assert_int_eq(gr_match_rules(back, &again), GR_OK);
    ck_assert_int_eq(gr_rules_get(again, GR_OPT_TARGET, &v), GR_OK);
    ck_assert_int_eq(v, 150);
    gr_rules_free(again);
    gr_rules_free(got);
    gr_match_free(back);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

static Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_G6_cut_is_deterministic);
    tcase_add_test(tc, test_G6_higher_rank_deals_ties_cut_again);
    tcase_add_test(tc, test_G6_both_dealers_over_seeds);
    tcase_add_test(tc, test_G8_winner_deals_next);
    tcase_add_test(tc, test_G8_void_same_dealer);
    tcase_add_test(tc, test_G25_ends_exactly_at_target);
    tcase_add_test(tc, test_G25_over_target_and_copied_rules);
    tcase_add_test(tc, test_G25_zero_point_hands);
    tcase_add_test(tc, test_G26_fournier);
    tcase_add_test(tc, test_G26_fournier_shutout);
    tcase_add_test(tc, test_G26_novelty_no_bonuses);
    tcase_add_test(tc, test_G26_standard);
    tcase_add_test(tc, test_G34_standard_shutout_doubles);
    tcase_add_test(tc, test_G34_double_replaces_flat_bonus);
    tcase_add_test(tc, test_G27_margin_with_loser_bonuses);
    tcase_add_test(tc, test_G27_margin_negative);
    tcase_add_test(tc, test_G26_G34_extreme_totals_exact);
    tcase_add_test(tc, test_G35_hollywood_extreme_totals_exact);
    tcase_add_test(tc, test_G25_match_hand_cap);
    tcase_add_test(tc, test_match_bad_arguments);
    tcase_add_test(tc, test_G25_loaded_match_rules);
    suite_add_tcase(s, tc);

    TCase *games = tcase_create("games");
    tcase_set_timeout(games, 600);
    tcase_add_test(games, test_G8_deal_uses_match_dealer);
    tcase_add_test(games, test_G8_deals_are_seeded);
    tcase_add_test(games, test_match_records_settled_hands);
    tcase_add_test(games, test_G25_G26_random_matches_fournier);
    tcase_add_test(games, test_G25_G26_random_matches_novelty);
    tcase_add_test(games, test_G25_G34_random_matches_standard);
    suite_add_tcase(s, games);
    return s;
}

int main(void)
{
    return test_run_suite(match_suite());
}
