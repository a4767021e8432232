/*
 * check_table.c: matches of three and four players (G40), Hollywood
 * scoring (G35), boxes as they are won (G37), ties (G36) and the EAAI
 * dealer rotation in matches: scenarios worked out by hand from doc/rules-reference.md,
 * and random full matches under every preset.
 */
#include <check.h>
#include <ginrummy.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "stacked.h"

static gr_match *M(const gr_rules *r, int players, uint64_t seed)
{
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new_players(&m, r, seed, players), GR_OK);
    return m;
}

static gr_hand_result res(int outcome, int knocker, int winner, int points)
{
    gr_hand_result h;
    memset(&h, 0, sizeof h);
    h.outcome = outcome;
    h.knocker = knocker;
    h.winner = winner;
    h.points = points;
    return h;
}

static void rec(gr_match *m, int table, int outcome, int knocker, int winner,
                int points)
{
    gr_hand_result h = res(outcome, knocker, winner, points);
    ck_assert_int_eq(gr_match_record_table(m, table, &h), GR_OK);
}

static gr_table table(const gr_match *m, int t)
{
    gr_table tab;
    ck_assert_int_eq(gr_match_table(m, t, &tab), GR_OK);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(tab.reserved[i], 0);
    return tab;
}

static gr_standing standing(const gr_match *m, int game)
{
    gr_standing s;
    ck_assert_int_eq(gr_match_standing(m, game, &s), GR_OK);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(s.reserved[i], 0);
    return s;
}

static void expect_table(const gr_match *m, int t, int s0, int s1, int dealer,
                         int dealer_seat)
{
    gr_table tab = table(m, t);
    ck_assert_int_eq(tab.seats[0], s0);
    ck_assert_int_eq(tab.seats[1], s1);
    ck_assert_int_eq(tab.dealer, dealer);
    ck_assert_int_eq(tab.dealer_seat, dealer_seat);
}

/* side s: hands won, hand points, game bonus, box, shutout, total */
static void expect_side(const gr_standing *s, int side, int won, int points,
                        int game, int box, int shutout, int total)
{
    ck_assert_int_eq(s->hands_won[side], won);
    ck_assert_int_eq(s->hand_points[side], points);
    ck_assert_int_eq(s->game_bonus[side], game);
    ck_assert_int_eq(s->box_bonus[side], box);
    ck_assert_int_eq(s->shutout_bonus[side], shutout);
    ck_assert_int_eq(s->total[side], total);
}

/* ---- G40: three players ----------------------------------------------------- */

START_TEST(test_G40_three_player_cut)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    for (uint64_t seed = 0; seed < 200; seed++) {
        gr_match *m = M(r, 3, seed);
        gr_card cut[4];
        ck_assert_int_eq(gr_match_cuts(m, cut), 3);
        ck_assert_int_eq(cut[3], GR_NO_CARD);
        int d = gr_match_dealer(m);
        for (int p = 0; p < 3; p++)
            if (p != d)   /* the lowest rank deals; no tie for it */
                ck_assert_int_gt(GR_CARD_RANK(cut[p]), GR_CARD_RANK(cut[d]));
        ck_assert_int_eq(gr_match_players(m), 3);
        ck_assert_int_eq(gr_match_tables(m), 1);
        expect_table(m, 0, (d + 1) % 3, (d + 2) % 3, 1, d);
        gr_match_free(m);
    }
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G40_three_player_rotation)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_match *m = M(r, 3, 42);
    int d = gr_match_dealer(m), a = (d + 1) % 3, b = (d + 2) % 3;
    /* hand 1: a v b, b deals (game player 1); a knocks and wins 30 */
    expect_table(m, 0, a, b, 1, d);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal(m, &g), GR_OK);
    ck_assert_int_eq(gr_game_dealer(g), 1);
    ck_assert_int_eq(gr_game_turn(g), 0);   /* a acts first */
    gr_game_free(g);
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 30);
    /* the loser b deals and sits out; the winner a meets d */
    ck_assert_int_eq(gr_match_dealer(m), b);
    expect_table(m, 0, d, a, 1, b);
    /* hand 2: void, hand 3: a tie (G36): the same dealer, the same two */
    rec(m, 0, GR_OUTCOME_VOID, -1, -1, 0);
    expect_table(m, 0, d, a, 1, b);
    rec(m, 0, GR_OUTCOME_TIE, 1, -1, 0);
    expect_table(m, 0, d, a, 1, b);
    /* hand 4: a (game player 1) knocks, d undercuts: 40 to d; a deals */
    rec(m, 0, GR_OUTCOME_UNDERCUT, 1, 0, 40);
    expect_table(m, 0, b, d, 1, a);
    gr_standing s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.nsides, 3);
    ck_assert_int_eq(s.over, 0);
    ck_assert_int_eq(s.winner, -1);
    ck_assert_int_eq(s.hands_played, 4);
    expect_side(&s, a, 1, 30, 0, 0, 0, 30);
    expect_side(&s, d, 1, 40, 0, 0, 0, 40);
    expect_side(&s, b, 0, 0, 0, 0, 0, 0);
    /* hand 5: d (game player 1) goes gin for 70: 110, the match is over */
    rec(m, 0, GR_OUTCOME_GIN, 1, 1, 70);
    s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, d);
    ck_assert_int_eq(s.hands_played, 5);
    /* game 100, boxes 20 each, shutout 100 once (b won nothing) */
    expect_side(&s, d, 2, 110, 100, 40, 100, 350);
    expect_side(&s, a, 1, 30, 0, 20, 0, 50);
    expect_side(&s, b, 0, 0, 0, 0, 0, 0);
    ck_assert_int_eq(s.margin, 300);
    gr_standing g0 = standing(m, 0);
    ck_assert_mem_eq(&g0, &s, sizeof s);
    /* over: nothing more */
    gr_hand_result h = res(GR_OUTCOME_KNOCK, 0, 0, 5);
    ck_assert_int_eq(gr_match_record(m, &h), GR_ESTATE);
    ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
    gr_score sc;
    ck_assert_int_eq(gr_match_score(m, &sc), GR_EINVAL);   /* 3 sides */
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* shutout with 3: flat once per blank opponent, or doubling when both are */
START_TEST(test_G40_three_player_shutouts)
{
    gr_rules *r = R(GR_PRESET_STANDARD);   /* game 100, box 25, doubling */
    gr_match *m = M(r, 3, 7);
    int d = gr_match_dealer(m), a = (d + 1) % 3;
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 60);   /* a */
    rec(m, 0, GR_OUTCOME_KNOCK, 1, 1, 50);   /* a again, now game player 1 */
    gr_standing s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.winner, a);
    /* 110 + 100 + 2 * 25 = 260, doubled */
    expect_side(&s, a, 2, 110, 100, 50, 260, 520);
    ck_assert_int_eq(s.margin, 520);
    gr_match_free(m);
    gr_rules_free(r);

    /* flat: FOURNIER; a wins a hand, b none: one shutout bonus for d */
    r = R(GR_PRESET_FOURNIER);
    m = M(r, 3, 7);
    d = gr_match_dealer(m);
    a = (d + 1) % 3;
    int b = (d + 2) % 3;
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 10);   /* a beats b; b deals: d v a */
    expect_table(m, 0, d, a, 1, b);
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 105);    /* d */
    s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.winner, d);
    expect_side(&s, d, 1, 105, 100, 20, 100, 325);
    expect_side(&s, a, 1, 10, 0, 20, 0, 30);
    expect_side(&s, b, 0, 0, 0, 0, 0, 0);
    ck_assert_int_eq(s.margin, 295);
    gr_match_free(m);
    /* both blank: the flat bonus twice */
    m = M(r, 3, 7);
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 100);
    s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.shutout_bonus[a], 200);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ---- G40: four players ------------------------------------------------------- */

START_TEST(test_G40_four_player_netting)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);   /* team target 125 */
    gr_match *m = M(r, 4, 1);
    gr_card cut[4];
    ck_assert_int_eq(gr_match_cuts(m, cut), 0);
    ck_assert_int_eq(gr_match_tables(m), 2);
    /* deal 0: 0 v 1 and 2 v 3, team 0-2 deals */
    expect_table(m, 0, 0, 1, 0, 0);
    expect_table(m, 1, 2, 3, 0, 2);
    ck_assert_int_eq(gr_match_dealer(m), 0);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal_table(m, 1, &g), GR_OK);
    ck_assert_int_eq(gr_game_dealer(g), 0);
    gr_game_free(g);
    /* a split deal: seat 0 wins 20, seat 3 goes gin for 45: team 1 +25 */
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 20);
    ck_assert_int_eq(table(m, 0).recorded, 1);
    ck_assert_int_eq(table(m, 1).recorded, 0);
    gr_standing s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.hands_played, 0);
    ck_assert_int_eq(s.hand_points[0], 0);
    gr_hand_result h = res(GR_OUTCOME_KNOCK, 0, 0, 5);
    ck_assert_int_eq(gr_match_record_table(m, 0, &h), GR_ESTATE);
    ck_assert_int_eq(gr_match_deal_table(m, 0, &g), GR_ESTATE);
    rec(m, 1, GR_OUTCOME_GIN, 1, 1, 45);
    s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.hands_played, 1);
    expect_side(&s, 0, 0, 0, 0, 0, 0, 0);
    expect_side(&s, 1, 1, 25, 0, 0, 0, 25);
    /* deal 1: 0 v 3 and 2 v 1, team 1-3 deals */
    expect_table(m, 0, 0, 3, 1, 3);
    expect_table(m, 1, 2, 1, 1, 1);
    ck_assert_int_eq(table(m, 0).recorded, 0);
    /* a sweep: seat 0 undercuts seat 3 (30), seat 2 knocks (15): 45 */
    rec(m, 1, GR_OUTCOME_KNOCK, 0, 0, 15);
    rec(m, 0, GR_OUTCOME_UNDERCUT, 1, 0, 30);
    s = standing(m, GR_MATCH_ALL);
    expect_side(&s, 0, 1, 45, 0, 0, 0, 45);
    expect_side(&s, 1, 1, 25, 0, 0, 0, 25);
    /* deal 2: a tie, 10 each: nobody scores or wins */
    expect_table(m, 0, 0, 1, 0, 0);
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 10);
    rec(m, 1, GR_OUTCOME_KNOCK, 1, 1, 10);
    s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.hands_played, 3);
    expect_side(&s, 0, 1, 45, 0, 0, 0, 45);
    expect_side(&s, 1, 1, 25, 0, 0, 0, 25);
    /* deal 3: a void table, seat 1 gin 50 at the other: team 1 75 */
    rec(m, 0, GR_OUTCOME_VOID, -1, -1, 0);
    rec(m, 1, GR_OUTCOME_GIN, 1, 1, 50);
    /* deal 4: seat 1 gin 60 at table 0, a tied hand (G36) at table 1 */
    expect_table(m, 0, 0, 1, 0, 0);
    rec(m, 1, GR_OUTCOME_TIE, 0, -1, 0);
    rec(m, 0, GR_OUTCOME_GIN, 1, 1, 60);
    s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_int_eq(s.hands_played, 5);
    expect_side(&s, 1, 3, 135, 100, 60, 0, 295);
    expect_side(&s, 0, 1, 45, 0, 20, 0, 65);
    ck_assert_int_eq(s.margin, 230);
    /* gr_match_score gives the teams as players 0 and 1 */
    gr_score sc;
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.winner, 1);
    ck_assert_int_eq(sc.total[1], 295);
    ck_assert_int_eq(sc.total[0], 65);
    ck_assert_int_eq(sc.hands_played, 5);
    ck_assert_int_eq(gr_match_deal_table(m, 1, &g), GR_ESTATE);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G40_four_player_shutout)
{
    gr_rules *r = R(GR_PRESET_STANDARD);   /* 125, box 25, doubling */
    gr_match *m = M(r, 4, 1);
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 70);
    rec(m, 1, GR_OUTCOME_UNDERCUT, 1, 0, 60);   /* seat 2 undercuts seat 3 */
    gr_standing s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    /* 130 + 100 + 25 = 255, doubled */
    expect_side(&s, 0, 1, 130, 100, 25, 255, 510);
    gr_match_free(m);
    /* the target by option */
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TEAM_TARGET, 200), GR_OK);
    m = M(r, 4, 1);
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 70);
    rec(m, 1, GR_OUTCOME_UNDERCUT, 1, 0, 60);
    ck_assert_int_eq(standing(m, GR_MATCH_ALL).over, 0);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* Real hands from stacked decks at both tables, recorded as played: a tie
 * (G36) and the wall (G38) in one deal, a void and a knock in the next. */
START_TEST(test_G40_four_player_stacked_deals)
{
    gr_rules *r = R(GR_PRESET_OPENSPIEL);   /* ties score 0, the wall */
    gr_match *m = M(r, 4, 21);
    /* deal 0, table 0: seat 0 deals, seat 1 (game player 1) takes 9C and
     * knocks with 9 against seat 0's 9: a tie */
    gr_table t0 = table(m, 0);
    ck_assert_int_eq(t0.dealer, 0);
    gr_game *g = G(r, "AS 2S 3S 7C 7D 7H JD QD KD 10S", TIE_DEF, "9C", NULL, 0,
                   t0.dealer);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("10S")), GR_OK);
    gr_hand_result h = result(g);
    ck_assert_int_eq(h.outcome, GR_OUTCOME_TIE);
    ck_assert_int_eq(gr_match_record_table(m, 0, &h), GR_OK);
    gr_game_free(g);
    /* table 1: seat 2 deals; seat 3 (non-dealer, game player 1) discards
     * JS with 2 cards left; seat 2 takes it at the wall and knocks with 10
     * against 2: seat 3 undercuts, 25 + 10 - 2 = 33 for team 1 */
    gr_table t1 = table(m, 1);
    ck_assert_int_eq(t1.seats[0], 2);
    g = G(r, W_ND, W_DL, "KS", "JS", 28, t1.dealer);
    ck_assert_int_eq(to_the_wall(g), C("JS"));
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_WALL);
    ck_assert_int_eq(gr_game_turn(g), 0);
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KD")), GR_OK);
    h = result(g);
    ck_assert_int_eq(h.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(h.winner, 1);
    ck_assert_int_eq(h.points, 33);
    ck_assert_int_eq(gr_match_record_table(m, 1, &h), GR_OK);
    gr_game_free(g);
    gr_standing s = standing(m, GR_MATCH_ALL);
    expect_side(&s, 0, 0, 0, 0, 0, 0, 0);
    expect_side(&s, 1, 1, 33, 0, 0, 0, 33);
    /* deal 1, table 0: seat 0 v seat 3 (dealer, game player 1); the same
     * wall deal, but seat 3 passes at the wall: void */
    t0 = table(m, 0);
    ck_assert_int_eq(t0.seats[1], 3);
    ck_assert_int_eq(t0.dealer, 1);
    g = G(r, W_ND, W_DL, "KS", "JS", 28, t0.dealer);
    to_the_wall(g);
    ck_assert_int_eq(gr_game_turn(g), 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    h = result(g);
    ck_assert_int_eq(h.outcome, GR_OUTCOME_VOID);
    ck_assert_int_eq(gr_match_record_table(m, 0, &h), GR_OK);
    gr_game_free(g);
    /* table 1: seat 2 (non-dealer) draws JS as the 29th card and knocks
     * with 2D against seat 1's 40: 38 for team 0 */
    t1 = table(m, 1);
    ck_assert_int_eq(t1.seats[0], 2);
    ck_assert_int_eq(t1.seats[1], 1);
    g = G(r, W_ND, W_DL, "KS", "JS", 28, t1.dealer);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    for (int i = 0; i < 28; i++)
        ck_assert_int_eq(play(g, GR_MOVE_DISCARD, draw_stock(g)), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("JS"));
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("JS")), GR_OK);
    h = result(g);
    ck_assert_int_eq(h.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(h.knocker, 0);
    ck_assert_int_eq(h.points, 38);
    ck_assert_int_eq(gr_match_record_table(m, 1, &h), GR_OK);
    gr_game_free(g);
    s = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(s.hands_played, 2);
    expect_side(&s, 0, 1, 38, 0, 0, 0, 38);
    expect_side(&s, 1, 1, 33, 0, 0, 0, 33);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ---- G35: Hollywood ----------------------------------------------------------- */

START_TEST(test_G35_hollywood)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_HOLLYWOOD, 1), GR_OK);
    gr_match *m = M(r, 2, 3);
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 60);   /* P0 1st win: game 1 */
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 50);     /* P0 2nd: games 1-2; g1 over */
    gr_standing g1 = standing(m, 0);
    ck_assert_int_eq(g1.over, 1);
    ck_assert_int_eq(g1.winner, 0);
    gr_score sc;
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.over, 0);
    /* P1's first win comes after game 1 is over: it starts in game 2 */
    rec(m, 0, GR_OUTCOME_KNOCK, 1, 1, 30);
    rec(m, 0, GR_OUTCOME_UNDERCUT, 0, 1, 20);   /* P1 2nd: games 2-3 */
    rec(m, 0, GR_OUTCOME_VOID, -1, -1, 0);      /* credited nowhere */
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 55);      /* P0 3rd: g2 (over), g3 */
    ck_assert_int_eq(standing(m, 1).over, 1);
    ck_assert_int_eq(standing(m, GR_MATCH_ALL).over, 0);
    rec(m, 0, GR_OUTCOME_GIN, 1, 1, 90);        /* P1 3rd: g3 over */
    /* game 1: 110 - 0, P0 shut P1 out */
    g1 = standing(m, 0);
    expect_side(&g1, 0, 2, 110, 100, 40, 100, 350);
    expect_side(&g1, 1, 0, 0, 0, 0, 0, 0);
    ck_assert_int_eq(g1.margin, 350);
    /* game 2: 105 - 50 */
    gr_standing g2 = standing(m, 1);
    ck_assert_int_eq(g2.winner, 0);
    expect_side(&g2, 0, 2, 105, 100, 40, 0, 245);
    expect_side(&g2, 1, 2, 50, 0, 40, 0, 90);
    ck_assert_int_eq(g2.margin, 155);
    /* game 3: 55 - 110, won by P1 */
    gr_standing g3 = standing(m, 2);
    ck_assert_int_eq(g3.winner, 1);
    expect_side(&g3, 0, 1, 55, 0, 20, 0, 75);
    expect_side(&g3, 1, 2, 110, 100, 40, 0, 250);
    ck_assert_int_eq(g3.margin, 175);
    /* the sum: hands actually won, everything else added */
    gr_standing all = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(all.over, 1);
    ck_assert_int_eq(all.winner, 0);
    ck_assert_int_eq(all.hands_played, 7);
    expect_side(&all, 0, 3, 270, 200, 100, 100, 670);
    expect_side(&all, 1, 3, 160, 100, 80, 0, 340);
    ck_assert_int_eq(all.margin, 330);
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.over, 1);
    ck_assert_int_eq(sc.winner, 0);
    ck_assert_int_eq(sc.total[0], 670);
    ck_assert_int_eq(sc.margin, 330);
    gr_hand_result h = res(GR_OUTCOME_KNOCK, 0, 0, 5);
    ck_assert_int_eq(gr_match_record(m, &h), GR_ESTATE);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* Hollywood with 3 players and with teams: each side's k-th win */
START_TEST(test_G35_hollywood_three_and_four)
{
    gr_rules *r = R(GR_PRESET_STANDARD);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_HOLLYWOOD, 1), GR_OK);
    gr_match *m = M(r, 3, 5);
    int d = gr_match_dealer(m), a = (d + 1) % 3;
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 100);   /* a: game 1 over at once */
    ck_assert_int_eq(standing(m, 0).over, 1);
    ck_assert_int_eq(standing(m, 0).winner, a);
    /* shutout in game 1: nobody else won, doubled */
    gr_standing g1 = standing(m, 0);
    expect_side(&g1, a, 1, 100, 100, 25, 225, 450);
    ck_assert_int_eq(standing(m, 1).hand_points[a], 0);
    gr_match_free(m);

    m = M(r, 4, 5);
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 20);
    rec(m, 1, GR_OUTCOME_KNOCK, 0, 0, 10);   /* team 0: 30, 1st win */
    rec(m, 0, GR_OUTCOME_KNOCK, 1, 1, 40);   /* seat 3 */
    rec(m, 1, GR_OUTCOME_KNOCK, 0, 0, 5);    /* seat 2: team 1 +35 */
    ck_assert_int_eq(standing(m, 0).hand_points[0], 30);
    ck_assert_int_eq(standing(m, 0).hand_points[1], 35);
    ck_assert_int_eq(standing(m, 1).hand_points[1], 0);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ---- G37, G36 and the EAAI rotation in a 2-player match ----------------------- */

START_TEST(test_G37_immediate_boxes)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_IMMEDIATE_BOXES, 1), GR_OK);
    gr_match *m = M(r, 2, 9);
    rec(m, 0, GR_OUTCOME_KNOCK, 1, 1, 40);   /* P1: 40 + 20 */
    gr_score sc;
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.hand_points[1], 60);
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 85);     /* P0: 85 + 20 = 105: over */
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.over, 1);
    ck_assert_int_eq(sc.winner, 0);
    ck_assert_int_eq(sc.hand_points[0], 105);
    ck_assert_int_eq(sc.box_bonus[0], 0);
    ck_assert_int_eq(sc.box_bonus[1], 0);
    ck_assert_int_eq(sc.total[0], 205);
    ck_assert_int_eq(sc.total[1], 60);
    gr_match_free(m);
    /* without the option 85 would not end it */
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_IMMEDIATE_BOXES, 0), GR_OK);
    m = M(r, 2, 9);
    rec(m, 0, GR_OUTCOME_KNOCK, 1, 1, 40);
    rec(m, 0, GR_OUTCOME_GIN, 0, 0, 85);
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.over, 0);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G36_tie_in_a_match)
{
    gr_rules *r = R(GR_PRESET_OPENSPIEL);
    gr_match *m = M(r, 2, 11);
    int d = gr_match_dealer(m);
    rec(m, 0, GR_OUTCOME_TIE, 1 - d, -1, 0);
    gr_score sc;
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.hands_played, 1);
    ck_assert_int_eq(sc.hands_won[0] + sc.hands_won[1], 0);
    ck_assert_int_eq(gr_match_dealer(m), d);   /* the same dealer */
    /* a tie needs a knocker */
    gr_hand_result h = res(GR_OUTCOME_TIE, -1, -1, 0);
    ck_assert_int_eq(gr_match_record(m, &h), GR_EINVAL);
    /* OPENSPIEL's one hand: the first hand won ends the match */
    rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 3);
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.over, 1);
    ck_assert_int_eq(sc.total[0], 3);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G8_eaai_dealers_alternate)
{
    gr_rules *r = R(GR_PRESET_EAAI);
    gr_match *m = M(r, 2, 13);
    int d = gr_match_dealer(m);
    rec(m, 0, GR_OUTCOME_KNOCK, d, d, 10);     /* the dealer wins */
    ck_assert_int_eq(gr_match_dealer(m), 1 - d);
    rec(m, 0, GR_OUTCOME_VOID, -1, -1, 0);     /* cancelled: the same */
    ck_assert_int_eq(gr_match_dealer(m), 1 - d);
    rec(m, 0, GR_OUTCOME_UNDERCUT, d, 1 - d, 25);
    ck_assert_int_eq(gr_match_dealer(m), d);
    gr_score sc;
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.total[d], 10);
    ck_assert_int_eq(sc.total[1 - d], 25);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ---- bad input ---------------------------------------------------------------- */

START_TEST(test_G40_bad_arguments)
{
    gr_rules *r = R(GR_PRESET_STANDARD);
    gr_match *m = (gr_match *)&r;
    ck_assert_int_eq(gr_match_new_players(&m, r, 1, 1), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players(&m, r, 1, 5), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players(&m, r, 1, INT_MIN), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players(&m, NULL, 1, 3), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players(NULL, r, 1, 3), GR_EINVAL);
    ck_assert_ptr_eq(m, (gr_match *)&r);
    m = M(r, 3, 1);
    gr_table t;
    gr_standing s;
    gr_game *g = NULL;
    gr_card cut[4];
    gr_hand_result h = res(GR_OUTCOME_KNOCK, 0, 0, 5);
    ck_assert_int_eq(gr_match_players(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_tables(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_cuts(NULL, cut), GR_EINVAL);
    ck_assert_int_eq(gr_match_cuts(m, NULL), GR_EINVAL);
    gr_card two[2] = { 7, 7 };
    ck_assert_int_eq(gr_match_cut(m, two), GR_EINVAL);   /* 3 players */
    ck_assert_int_eq(two[0], 7);
    ck_assert_int_eq(gr_match_table(NULL, 0, &t), GR_EINVAL);
    ck_assert_int_eq(gr_match_table(m, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_table(m, 1, &t), GR_EINVAL);
    ck_assert_int_eq(gr_match_table(m, -1, &t), GR_EINVAL);
    ck_assert_int_eq(gr_match_deal_table(m, 1, &g), GR_EINVAL);
    ck_assert_int_eq(gr_match_deal_table(NULL, 0, &g), GR_EINVAL);
    ck_assert_int_eq(gr_match_deal_table(m, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_record_table(m, 1, &h), GR_EINVAL);
    ck_assert_int_eq(gr_match_record_table(NULL, 0, &h), GR_EINVAL);
    ck_assert_int_eq(gr_match_record_table(m, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_standing(NULL, GR_MATCH_ALL, &s), GR_EINVAL);
    ck_assert_int_eq(gr_match_standing(m, GR_MATCH_ALL, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_standing(m, 1, &s), GR_EINVAL);   /* no Hollywood */
    ck_assert_int_eq(gr_match_standing(m, -2, &s), GR_EINVAL);
    ck_assert_int_eq(gr_match_standing(m, 3, &s), GR_EINVAL);
    ck_assert_ptr_null(g);
    /* a refused result changes nothing */
    gr_standing before = standing(m, GR_MATCH_ALL);
    gr_table tb = table(m, 0);
    h = res(GR_OUTCOME_UNDERCUT, 0, 0, 5);
    ck_assert_int_eq(gr_match_record(m, &h), GR_EINVAL);
    gr_standing after = standing(m, GR_MATCH_ALL);
    ck_assert_mem_eq(&before, &after, sizeof before);
    gr_table ta = table(m, 0);
    ck_assert_mem_eq(&tb, &ta, sizeof tb);
    gr_match_free(m);
    /* a 4-player match refuses a table it does not have */
    m = M(r, 4, 1);
    ck_assert_int_eq(gr_match_table(m, 2, &t), GR_EINVAL);
    ck_assert_int_eq(gr_match_record_table(m, 2, &h), GR_EINVAL);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ---- score keeping with tables, ties and Hollywood ---------------- */

static char *match_text(const gr_match *m)
{
    int n = gr_match_save(m, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *t = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(gr_match_save(m, t, (size_t)n + 1), n);
    return t;
}

START_TEST(test_G40_save_load_undo)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_HOLLYWOOD, 1), GR_OK);
    for (int players = 2; players <= 4; players++) {
        gr_match *m = M(r, players, 77);
        int tables = gr_match_tables(m);
        rec(m, 0, GR_OUTCOME_KNOCK, 0, 0, 20);
        if (tables == 2)
            rec(m, 1, GR_OUTCOME_TIE, 1, -1, 0);
        rec(m, 0, GR_OUTCOME_VOID, -1, -1, 0);
        if (tables == 2)
            rec(m, 1, GR_OUTCOME_GIN, 1, 1, 45);
        rec(m, 0, GR_OUTCOME_TIE, 0, -1, 0);
        gr_standing before = standing(m, GR_MATCH_ALL);
        gr_table tb = table(m, 0);
        char *text = match_text(m);
        if (players > 2)
            ck_assert_ptr_nonnull(strstr(text, "\nplayers "));
        ck_assert_ptr_nonnull(strstr(text, "hand tie knocker"));
        gr_match *l = NULL;
        ck_assert_msg(gr_match_load(&l, text) == GR_OK, "%s", text);
        char *again = match_text(l);
        ck_assert_str_eq(text, again);
        gr_standing after = standing(l, GR_MATCH_ALL);
        ck_assert_mem_eq(&before, &after, sizeof before);
        gr_table ta = table(l, 0);
        ck_assert_mem_eq(&tb, &ta, sizeof tb);
        /* undo the last result, record it again: the same match */
        ck_assert_int_eq(gr_match_undo(l), GR_OK);
        rec(l, 0, GR_OUTCOME_TIE, 0, -1, 0);
        char *third = match_text(l);
        ck_assert_str_eq(text, third);
        /* undo everything: the start again */
        while (gr_match_undo(l) == GR_OK)
            ;
        gr_standing zero = standing(l, GR_MATCH_ALL);
        ck_assert_int_eq(zero.hands_played, 0);
        ck_assert_int_eq(zero.hand_points[0], 0);
        gr_match *fresh = M(r, players, 77);
        ck_assert_int_eq(gr_match_dealer(l), gr_match_dealer(fresh));
        gr_match_free(fresh);
        gr_hand_result list[8];
        ck_assert_int_eq(gr_match_results(m, list, 8), tables == 2 ? 5 : 3);
        free(text);
        free(again);
        free(third);
        gr_match_free(l);
        gr_match_free(m);
    }
    gr_rules_free(r);
}
END_TEST

/* ---- memory ---------------------------------------------------------------- */

typedef test_limit limit;   /* testutil.h */
#define limited_malloc test_limited_malloc
#define limited_free test_limited_free

START_TEST(test_G40_out_of_memory)
{
    limit l = { 1, 0 };
    gr_allocator mm = { .malloc_fn = limited_malloc, .free_fn = limited_free, .ctx = &l };
    gr_rules *r = NULL;
    ck_assert_int_eq(gr_rules_new_mm(&r, GR_PRESET_STANDARD, &mm), GR_OK);
    gr_match *m = (gr_match *)&l;
    ck_assert_int_eq(gr_match_new_players(&m, r, 1, 4), GR_ENOMEM);
    ck_assert_ptr_eq(m, (gr_match *)&l);
    l.left = 1;
    ck_assert_int_eq(gr_match_new_players(&m, r, 1, 4), GR_OK);
    /* a failed deal leaves the match as it was: the retry deals the same */
    gr_game *g = NULL, *h = NULL;
    ck_assert_int_eq(gr_match_deal_table(m, 1, &g), GR_ENOMEM);
    ck_assert_ptr_null(g);
    l.left = 2;
    gr_match *copy = NULL;
    ck_assert_int_eq(gr_match_new_players(&copy, r, 1, 4), GR_OK);
    ck_assert_int_eq(gr_match_deal_table(m, 1, &g), GR_OK);
    l.left = 1;
    ck_assert_int_eq(gr_match_deal_table(copy, 1, &h), GR_OK);
    gr_cards a, b;
    ck_assert_int_eq(gr_game_hand(g, 0, &a), GR_OK);
    ck_assert_int_eq(gr_game_hand(h, 0, &b), GR_OK);
    ck_assert(a == b);
    gr_game_free(g);
    gr_game_free(h);
    gr_match_free(copy);
    gr_match_free(m);
    gr_rules_free(r);
    ck_assert_int_eq(l.live, 0);
}
END_TEST

/* ---- random full matches -------------------------------------------------------- */

/* An independent recount: the hand points of each side in each game, from
 * the results the test recorded (G35 crediting, G37 boxes, G40 netting). */
typedef struct recount {
    int wins[3];
    int over[3];
    int points[3][3];   /* [game][side] */
} recount;

static void recount_credit(recount *c, const gr_rules *r, int ngames,
                           int target, int side, int points)
{
    int box = 0, immediate = 0;
    gr_rules_get(r, GR_OPT_IMMEDIATE_BOXES, &immediate);
    if (immediate)
        gr_rules_get(r, GR_OPT_HAND_BONUS, &box);
    int k = ++c->wins[side];
    for (int g = 0; g < ngames && k > 0; g++) {
        if (c->over[g])
            continue;
        k--;
        c->points[g][side] += points + box;
        if (c->points[g][side] >= target)
            c->over[g] = 1;
    }
}

static void play_hand(gr_game *g, gr_bot *bot[2])
{
    int steps = 0;
    while (gr_game_phase(g) != GR_PHASE_OVER) {
        int p = gr_game_turn(g);
        gr_view v;
        gr_move m;
        ck_assert_int_eq(gr_game_view(g, p, &v), GR_OK);
        ck_assert_int_eq(gr_bot_choose(bot[p], &v, &m), GR_OK);
        ck_assert_int_eq(gr_game_play(g, m), GR_OK);
        ck_assert_int_lt(++steps, 100000);
    }
}

static void random_match(const gr_rules *r, int players, uint64_t seed,
                         gr_bot *bots[4])
{
    int hollywood = 0, target = 0;
    gr_rules_get(r, GR_OPT_HOLLYWOOD, &hollywood);
    gr_rules_get(r, players == 4 ? GR_OPT_TEAM_TARGET : GR_OPT_TARGET, &target);
    int ngames = hollywood ? 3 : 1, nsides = players == 3 ? 3 : 2;
    gr_match *m = M(r, players, seed);
    recount c;
    memset(&c, 0, sizeof c);
    int played[4] = { 0 }, hands = 0;
    while (!standing(m, GR_MATCH_ALL).over) {
        int tables = gr_match_tables(m);
        int deal[2] = { 0, 0 };
        for (int t = 0; t < tables; t++) {
            gr_table tab = table(m, t);
            gr_game *g = NULL;
            ck_assert_int_eq(gr_match_deal_table(m, t, &g), GR_OK);
            ck_assert_int_eq(gr_game_dealer(g), tab.dealer);
            gr_bot *seat[2] = { bots[tab.seats[0]], bots[tab.seats[1]] };
            play_hand(g, seat);
            gr_hand_result h;
            ck_assert_int_eq(gr_game_result(g, &h), GR_OK);
            ck_assert_int_eq(gr_match_record_table(m, t, &h), GR_OK);
            played[tab.seats[0]]++;
            played[tab.seats[1]]++;
            if (h.winner >= 0) {
                int side = players == 4 ? tab.seats[h.winner] % 2
                                        : tab.seats[h.winner];
                if (players == 4)
                    deal[side] += h.points;
                else
                    recount_credit(&c, r, ngames, target, side, h.points);
            }
            gr_game_free(g);
        }
        if (players == 4 && deal[0] != deal[1])
            recount_credit(&c, r, ngames, target, deal[0] > deal[1] ? 0 : 1,
                           abs(deal[0] - deal[1]));
        ck_assert_int_lt(++hands, 20000);
    }
    for (int p = 0; p < players; p++)
        ck_assert_int_gt(played[p], 0);   /* every seat played */
    /* the scores match the recount; totals are points plus bonuses */
    gr_standing all = standing(m, GR_MATCH_ALL);
    ck_assert_int_eq(all.nsides, nsides);
    ck_assert_int_eq(all.hands_played, hands);
    int64_t total[3] = { 0 };
    for (int gi = 0; gi < ngames; gi++) {
        gr_standing s = standing(m, gi);
        ck_assert_int_eq(s.over, 1);
        ck_assert_int_eq(s.over, c.over[gi]);
        ck_assert_int_ge(s.winner, 0);
        ck_assert_int_ge(s.hand_points[s.winner], target);
        for (int side = 0; side < nsides; side++) {
            ck_assert_int_eq(s.hand_points[side], c.points[gi][side]);
            ck_assert_int_eq(s.total[side], s.hand_points[side] + s.game_bonus[side]
                             + s.box_bonus[side] + s.shutout_bonus[side]);
            total[side] += s.total[side];
            if (side != s.winner)
                ck_assert_int_lt(s.hand_points[side], target);
        }
    }
    for (int side = 0; side < nsides; side++) {
        ck_assert_int_eq(all.total[side], total[side]);
        ck_assert_int_eq(all.hands_won[side], c.wins[side]);
    }
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
    gr_match_free(m);
}

START_TEST(test_G40_G35_random_matches)
{
    long n = test_count(3);
    gr_bot *bots[4];
    for (int b = 0; b < 4; b++)
        ck_assert_int_eq(gr_bot_new(&bots[b], GR_BOT_GREEDY, 100 + b), GR_OK);
    for (int preset = 0; preset < GR_PRESET_COUNT; preset++)
        for (int hollywood = 0; hollywood < 2; hollywood++)
            for (int players = 2; players <= 4; players++) {
                gr_rules *r = R(preset);
                ck_assert_int_eq(gr_rules_set(r, GR_OPT_HOLLYWOOD, hollywood), GR_OK);
                if (preset == GR_PRESET_OPENSPIEL)   /* one hand is too short */
                    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 100), GR_OK);
                for (long i = 0; i < n; i++)
                    random_match(r, players, (uint64_t)(i * 977 + preset * 31
                                                        + hollywood * 7 + players),
                                 bots);
                gr_rules_free(r);
            }
    for (int b = 0; b < 4; b++)
        gr_bot_free(bots[b]);
}
END_TEST

static Suite *table_suite(void)
{
    Suite *s = suite_create("table");
    TCase *tc = tcase_create("match");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_G40_three_player_cut);
    tcase_add_test(tc, test_G40_three_player_rotation);
    tcase_add_test(tc, test_G40_three_player_shutouts);
    tcase_add_test(tc, test_G40_four_player_netting);
    tcase_add_test(tc, test_G40_four_player_shutout);
    tcase_add_test(tc, test_G40_four_player_stacked_deals);
    tcase_add_test(tc, test_G35_hollywood);
    tcase_add_test(tc, test_G35_hollywood_three_and_four);
    tcase_add_test(tc, test_G37_immediate_boxes);
    tcase_add_test(tc, test_G36_tie_in_a_match);
    tcase_add_test(tc, test_G8_eaai_dealers_alternate);
    tcase_add_test(tc, test_G40_bad_arguments);
    tcase_add_test(tc, test_G40_out_of_memory);
    tcase_add_test(tc, test_G40_save_load_undo);
    tcase_add_test(tc, test_G40_G35_random_matches);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(table_suite());
}
