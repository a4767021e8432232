/*
 * check_rummy_turntext.c: the moves of a Rummy turn as text
 * (gr_rummy_turn_format, gr_rummy_turn_parse and their view versions):
 * "out" expanded into the way out (R4, R5, R7) with a reason when there
 * is none, moves read against the table as the moves before them leave
 * it, refusals with the place and the reason, and on random hands
 * parse(format(turn)) == turn for every turn played, "out" equal to the
 * advice's way out and going out when played.
 */
#include <check.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummytest.h"

static gr_rummy_view view_of(const gr_rummy_game *g)
{
    gr_rummy_view v;
    ck_assert_int_eq(gr_rummy_game_view(g, gr_rummy_game_turn(g), &v), GR_OK);
    return v;
}

/* the text read against the game and its view, formatted back to `want`
 * (both ways), the actions returned in *out */
static int turn_ok(const gr_rummy_game *g, const char *text, const char *want,
                   gr_rummy_action *out)
{
    gr_parse_error err;
    char back[1024];
    gr_rummy_view v = view_of(g);
    int n = gr_rummy_turn_parse(text, g, out, 64, &err);
    ck_assert_msg(n > 0, "\"%s\": %d %s at %zu", text, n, gr_reason_name(err.reason),
                  err.offset);
    ck_assert_int_eq(err.reason, GR_REASON_NONE);
    ck_assert_int_eq(gr_rummy_turn_format(out, (size_t)n, g, back, sizeof back),
                     (int)strlen(want));
    ck_assert_str_eq(back, want);
    gr_rummy_action vout[64];
    int vn = gr_rummy_view_turn_parse(text, &v, vout, 64, NULL);
    if (vn > 0) {
        ck_assert_int_eq(vn, n);
        ck_assert(memcmp(vout, out, sizeof *out * (size_t)n) == 0);
        ck_assert_int_gt(gr_rummy_view_turn_format(out, (size_t)n, &v, back, sizeof back), 0);
        ck_assert_str_eq(back, want);
    }
    return n;
}

/* the text refused against the game (or, with view, the game's view) for
 * `reason` at the move or word that starts `at` (the end of text) and is
 * len bytes long */
static void turn_bad(const gr_rummy_game *g, bool view, const char *text, const char *at,
                     size_t len, int reason)
{
    gr_parse_error err;
    gr_rummy_action out[4];
    memset(out, 0xAB, sizeof out);
    gr_rummy_view v = view_of(g);
    int rc = view ? gr_rummy_view_turn_parse(text, &v, out, 4, &err)
                  : gr_rummy_turn_parse(text, g, out, 4, &err);
    ck_assert_msg(rc == GR_EPARSE, "\"%s\": %d", text, rc);
    ck_assert_msg(err.reason == reason, "\"%s\": %s, not %s", text,
                  gr_reason_name(err.reason), gr_reason_name(reason));
    ck_assert_msg(err.offset == strlen(text) - strlen(at) && err.length == len,
                  "\"%s\": at %zu+%zu", text, err.offset, err.length);
    ck_assert_int_eq(out[0].type, (int)0xABABABAB);   /* untouched */
}

/* seat 0: 6S 7S 8S 7H 7D 7C 2C 3C 4C KD; the stock's top 5C, the pile 9C */
static gr_rummy_game *scenario(void)
{
    gr_rummy_rules *r = rrules(2, 1, 0);
    const char *hands[2] = { "6S 7S 8S 7H 7D 7C 2C 3C 4C KD",
                             "2D 3D 4D 5D 6D 9H 10H JH QH KH" };
    gr_rummy_game *g = rstacked(r, 1, hands, "9C", "5C QS");
    gr_rummy_rules_free(r);
    return g;
}

START_TEST(out_goes_out_R4_R7)
{
    gr_rummy_game *g = scenario();
    gr_rummy_action a[64];
    turn_bad(g, false, "out", "out", 3, GR_REASON_DRAW_FIRST);      /* R4 */
    turn_bad(g, true, "o", "o", 1, GR_REASON_DRAW_FIRST);
    /* a game knows the stock's card: the whole turn reads */
    int n = turn_ok(g, "draw, out",
                    "draw, meld 2C 3C 4C 5C, meld 7C 7D 7H, meld 6S 7S 8S, discard KD", a);
    ck_assert_int_eq(n, 5);
    /* a view does not: nothing after the draw */
    turn_bad(g, true, "d out", "out", 3, GR_REASON_UNSEEN_DRAW);
    turn_bad(g, true, "draw, meld 2C 3C 4C 5C ,discard KD", "meld 2C 3C 4C 5C ,discard KD", 16,
             GR_REASON_UNSEEN_DRAW);
    ck_assert_int_eq(gr_rummy_game_play(g, &a[0]), GR_OK);
    ck_assert_int_eq(turn_ok(g, "OUT",
                             "meld 2C 3C 4C 5C, meld 7C 7D 7H, meld 6S 7S 8S, discard KD",
                             a), 4);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(gr_rummy_game_play(g, &a[i]), GR_OK);
    ck_assert_int_eq(gr_rummy_game_phase(g), GR_RUMMY_PHASE_OVER);   /* R7 */
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(out_refused_with_reason_R7)
{
    gr_rummy_game *g = scenario();
    gr_rummy_action a[64];
    /* with the pile's 9C the hand cannot go out: 9C and KD are left */
    turn_bad(g, false, "take, out", "out", 3, GR_REASON_CANNOT_GO_OUT);
    turn_bad(g, true, "take 9C out", "out", 3, GR_REASON_CANNOT_GO_OUT);
    turn_bad(g, false, "draw, out now", "now", 3, GR_REASON_SYNTAX);
    turn_bad(g, false, "draw, out, discard KD", "discard KD", 10, GR_REASON_HAND_OVER);
    /* laid down first, then out from what is left */
    ck_assert_int_eq(turn_ok(g, "d m 2C 3C 4C 5C, o",
                             "draw, meld 2C 3C 4C 5C, meld 7C 7D 7H, meld 6S 7S 8S, "
                             "discard KD", a), 5);
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(moves_read_on_the_table_they_leave_R4)
{
    gr_rummy_game *g = scenario();
    gr_rummy_action a[64];
    /* meld 1 is the one laid down this turn */
    ck_assert_int_eq(turn_ok(g, "draw meld 2C 3C 4C layoff 5C 1",
                             "draw, meld 2C 3C 4C, layoff 5C 1", a), 3);
    ck_assert_int_eq(a[2].target, 0);
    ck_assert_int_eq(turn_ok(g, "t,m 7c 7d 7h,x KD", "take, meld 7C 7D 7H, discard KD", a), 3);
    ck_assert_int_eq(turn_ok(g, "take 9C, meld 7C 7D 7H", "take 9C, meld 7C 7D 7H", a), 2);
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(refusals_name_the_move_R4)
{
    gr_rummy_game *g = scenario();
    turn_bad(g, false, "", "", 0, GR_REASON_SYNTAX);
    turn_bad(g, false, "  ,", "", 0, GR_REASON_SYNTAX);
    turn_bad(g, false, "draw, dicard KD", "dicard KD", 6, GR_REASON_SYNTAX);
    turn_bad(g, false, "9C", "9C", 2, GR_REASON_SYNTAX);
    turn_bad(g, false, "meld 2C 3C 4C", "meld 2C 3C 4C", 13, GR_REASON_DRAW_FIRST);
    turn_bad(g, false, "draw, take", "take", 4, GR_REASON_DRAWN_ALREADY);
    turn_bad(g, true, "take, discard 9C", "discard 9C", 10, GR_REASON_TAKEN_FROM_PILE);
    turn_bad(g, false, "take, meld 2C 3C 4C 5C", "meld 2C 3C 4C 5C", 16, GR_REASON_NOT_IN_HAND);
    turn_bad(g, false, "draw, layoff 5C 1", "1", 1, GR_REASON_NO_SUCH_MELD);
    turn_bad(g, false, "draw, meld 2C 3C 4C, layoff 5C 1, layoff KD 1", "layoff KD 1", 11,
             GR_REASON_DOES_NOT_FIT);
    turn_bad(g, false, "draw, discard KD, draw", "draw", 4, GR_REASON_NOT_YOUR_TURN);
    /* the table's number after the melds of the turn */
    turn_bad(g, false, "draw, meld 2C 3C 4C 5C, layoff 6C 2", "2", 1, GR_REASON_NO_SUCH_MELD);
    gr_rummy_game_free(g);
}
END_TEST

/* table 3C JK=3D 3H 3S, hand 3D taken from the pile (a view: no game
 * reaches it, R4 Decision): the way out puts 3D in the joker's place and
 * discards the joker (R4, R5, R7) */
START_TEST(out_takes_a_table_joker_R5)
{
    gr_rummy_game *g = scenario();
    gr_rummy_action a[8], d;
    gr_rummy_view v = view_of(g);
    char text[64];
    memset(&d, 0, sizeof d);
    d.type = GR_RUMMY_ACT_DRAW_DISCARD;
    ck_assert_int_eq(gr_rummy_game_play(g, &d), GR_OK);
    v = view_of(g);
    v.hand = H("3D");
    v.known[0] = H("3D");
    v.counts[0] = 1;
    v.taken = rcard("3D");
    v.nmelds = 1;
    v.melds[0] = M("3C JK=3D 3H 3S");
    v.owner[0] = 1;
    ck_assert_int_eq(gr_rummy_view_turn_parse("out", &v, a, 8, NULL), 2);
    ck_assert_int_eq(gr_rummy_view_turn_format(a, 2, &v, text, sizeof text), 21);
    ck_assert_str_eq(text, "swap 3D 1, discard JK");
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(arguments)
{
    gr_rummy_game *g = scenario();
    gr_rummy_view v = view_of(g);
    gr_rummy_action a[4], d;
    gr_parse_error err;
    char buf[64];
    ck_assert_int_eq(gr_rummy_turn_parse(NULL, g, a, 4, &err), GR_EINVAL);
    ck_assert_int_eq(err.reason, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_turn_parse("draw", NULL, a, 4, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_turn_parse("draw", g, NULL, 4, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_turn_parse("draw", g, NULL, 0, NULL), 1);
    ck_assert_int_eq(gr_rummy_view_turn_parse("draw", NULL, a, 4, NULL), GR_EINVAL);
    v.nplayers = 9;
    ck_assert_int_eq(gr_rummy_view_turn_parse("draw", &v, a, 4, &err), GR_EINVAL);
    ck_assert_int_eq(err.reason, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_view_turn_format(a, 1, &v, buf, sizeof buf), GR_EINVAL);
    v = view_of(g);
    ck_assert_int_eq(gr_rummy_turn_parse("draw", g, &d, 1, NULL), 1);
    ck_assert_int_eq(gr_rummy_turn_format(&d, 1, g, buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "draw");
    ck_assert_int_eq(gr_rummy_view_turn_format(&d, 1, &v, buf, sizeof buf), 4);
    ck_assert_int_eq(gr_rummy_turn_format(&d, 1, g, NULL, 0), 4);
    ck_assert_int_eq(gr_rummy_turn_format(&d, 0, g, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_turn_format(NULL, 1, g, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_turn_format(&d, 1, NULL, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_turn_format(&d, 1, g, NULL, 5), GR_EINVAL);
    d.type = GR_RUMMY_ACT_DISCARD;     /* before the draw */
    d.card = rcard("KD");
    ck_assert_int_eq(gr_rummy_turn_format(&d, 1, g, buf, sizeof buf), GR_EINVAL);
    ck_assert_str_eq(buf, "");
    d.type = 99;
    ck_assert_int_eq(gr_rummy_turn_format(&d, 1, g, buf, sizeof buf), GR_EINVAL);
    gr_rummy_game_free(g);
}
END_TEST

static void same_turn(const gr_rummy_action *a, const gr_rummy_action *b, int n,
                      const char *text)
{
    for (int i = 0; i < n; i++)
        ck_assert_msg(memcmp(&a[i], &b[i], sizeof a[i]) == 0, "\"%s\": action %d", text, i);
}

/* Random hands, every turn: the turn's actions (from the history, the
 * drawn card named) formatted against the game before it and read back;
 * after the draw, against the view; "out" read where the player can go
 * out is the advice's way out and goes out when played, and refused with
 * GR_REASON_CANNOT_GO_OUT where he cannot (gr_rummy_can_go_out). */
START_TEST(random_turns_round_trip)
{
    test_rng r = { 2828 };
    long hands = test_count(30);
    long turns = 0, outs = 0, noouts = 0;
    for (long i = 0; i < hands; i++) {
        int players = 2 + test_below(&r, 3), jokers = test_below(&r, 3);
        gr_rummy_rules *rules = rrules(players, jokers, test_below(&r, 2));
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, rules, test_next(&r), 0), GR_OK);
        gr_rummy_bot *bot, *adviser;
        ck_assert_int_eq(gr_rummy_bot_new(&bot, test_below(&r, 3) ? GR_BOT_GREEDY
                                                                 : GR_BOT_RANDOM,
                                          test_next(&r)), GR_OK);
        ck_assert_int_eq(gr_rummy_bot_new(&adviser, GR_BOT_GREEDY, 1), GR_OK);
        for (int t = 0; t < 120 && gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER; t++) {
            gr_rummy_game *start;
            ck_assert_int_eq(gr_rummy_game_clone(&start, g), GR_OK);
            int h0 = gr_rummy_game_history(g, NULL, 0), p = gr_rummy_game_turn(g);
            gr_rummy_game *after_draw = NULL;
            while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER
                   && gr_rummy_game_turn(g) == p) {
                gr_rummy_view v = view_of(g);
                if (v.phase == GR_RUMMY_PHASE_PLAY && !after_draw) {
                    ck_assert_int_eq(gr_rummy_game_clone(&after_draw, g), GR_OK);
                    /* "out": the advice's way out, or refused for none */
                    gr_rummy_action o[256];
                    gr_parse_error err;
                    int on = gr_rummy_view_turn_parse("out", &v, o, 256, &err);
                    int can = gr_rummy_can_go_out(&v.hand, v.melds, v.nmelds,
                                                  v.ace_high, v.taken);
                    if (can == GR_RUMMY_OUT_NO) {
                        ck_assert_int_eq(on, GR_EPARSE);
                        ck_assert_int_eq(err.reason, GR_REASON_CANNOT_GO_OUT);
                        noouts++;
                    } else {
                        gr_rummy_advice adv;
                        ck_assert_int_gt(on, 0);
                        ck_assert_int_eq(gr_rummy_advise(adviser, &v, &adv), GR_OK);
                        ck_assert_int_eq(adv.nactions, on);
                        same_turn(adv.actions, o, on, "out");
                        gr_rummy_game *c;
                        ck_assert_int_eq(gr_rummy_game_clone(&c, g), GR_OK);
                        for (int k = 0; k < on; k++)
                            ck_assert_int_eq(gr_rummy_game_play(c, &o[k]), GR_OK);
                        ck_assert_int_eq(gr_rummy_game_phase(c), GR_RUMMY_PHASE_OVER);
                        gr_rummy_game_free(c);
                        /* the way out written and read back */
                        char otext[4096];
                        gr_rummy_action oback[256];
                        ck_assert_int_gt(gr_rummy_view_turn_format(o, (size_t)on, &v, otext,
                                                                   sizeof otext), 0);
                        ck_assert_int_eq(gr_rummy_view_turn_parse(otext, &v, oback, 256,
                                                                  NULL), on);
                        same_turn(o, oback, on, otext);
                        outs++;
                    }
                }
                gr_rummy_action pick;
                ck_assert_int_eq(gr_rummy_bot_choose(bot, &v, &pick), GR_OK);
                ck_assert_int_eq(gr_rummy_game_play(g, &pick), GR_OK);
            }
            int hn = gr_rummy_game_history(g, NULL, 0);
            gr_rummy_action *hist = malloc(sizeof *hist * (size_t)hn);
            gr_rummy_game_history(g, hist, (size_t)hn);
            gr_rummy_action *turn = hist + h0, back[256];
            int n = hn - h0;
            char text[4096];
            /* the whole turn against the game before it */
            int len = gr_rummy_turn_format(turn, (size_t)n, start, text, sizeof text);
            ck_assert_int_gt(len, 0);
            ck_assert_int_lt(len, (int)sizeof text);
            gr_parse_error err;
            ck_assert_msg(gr_rummy_turn_parse(text, start, back, 256, &err) == n,
                          "\"%s\": %s at %zu", text, gr_reason_name(err.reason), err.offset);
            same_turn(turn, back, n, text);
            /* the rest after the draw against the view */
            if (after_draw && n > 1) {
                gr_rummy_view v = view_of(after_draw);
                len = gr_rummy_view_turn_format(turn + 1, (size_t)n - 1, &v, text,
                                                sizeof text);
                ck_assert_int_gt(len, 0);
                ck_assert_msg(gr_rummy_view_turn_parse(text, &v, back, 256, &err) == n - 1,
                              "\"%s\": %s", text, gr_reason_name(err.reason));
                same_turn(turn + 1, back, n - 1, text);
            }
            turns++;
            free(hist);
            gr_rummy_game_free(after_draw);
            gr_rummy_game_free(start);
        }
        gr_rummy_bot_free(adviser);
        gr_rummy_bot_free(bot);
        gr_rummy_game_free(g);
        gr_rummy_rules_free(rules);
    }
    ck_assert_int_gt(turns, 50);
    ck_assert_int_gt(noouts, 20);
    if (test_count(30) >= 30)
        ck_assert_int_gt(outs, 5);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        out_goes_out_R4_R7,
        out_refused_with_reason_R7,
        moves_read_on_the_table_they_leave_R4,
        refusals_name_the_move_R4,
        out_takes_a_table_joker_R5,
        arguments,
        random_turns_round_trip
    };
    return TEST_RUN_CORE("rummy_turntext", 600, tests);
}
