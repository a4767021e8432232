/*
 * check_rummy_advice.c: basic Rummy advice (R4, R5, R7): the exact parts
 * (the least value, with and without the pile's card; whether the player
 * can go out) against the brute-force reference of oracle_rummy.c on
 * random hands; the advised turn is legal and goes out whenever a way
 * out exists; hand-written scenarios naming their rules; the one-line
 * explanation; bad input.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "oracle_rummy.h"
#include "testutil.h"
#include "rummy_testutil.h"

static gr_rummy_bot *expert(uint64_t seed, const gr_rummy_rules *r)
{
    gr_rummy_bot *b;
    ck_assert_int_eq(gr_rummy_bot_new(&b, GR_BOT_EXPERT, seed), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_rules(b, r), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 24), GR_OK);
    return b;
}

static int hand_points(const gr_rummy_hand *h, int flags)
{
    return gr_rummy_hand_points(h, flags);
}

/* Check one piece of advice against the reference and play it on a copy
 * of the game. */
static void check_advice(const gr_rummy_game *g, const gr_rummy_view *v,
                         const gr_rummy_advice *a, int flags)
{
    /* the reference tries every order of table moves: small cases only */
    bool oracle = gr_rummy_hand_count(&v->hand) <= 9 && v->nmelds <= 5;
    ck_assert_int_eq(a->phase, v->phase);
    ck_assert_int_ge(a->nactions, 1);
    ck_assert_int_le(a->nactions, GR_RUMMY_MAX_TURN_ACTIONS);
    ck_assert_int_eq(a->value_now, hand_points(&v->hand, flags));
    if (oracle)
        ck_assert_int_eq(a->least_value,
                         oracle_rummy_go_out(&v->hand, v->melds, v->nmelds, flags));
    gr_rummy_game *c;
    ck_assert_int_eq(gr_rummy_game_clone(&c, g), GR_OK);
    int p = v->player;
    if (v->phase == GR_RUMMY_PHASE_DRAW) {
        ck_assert_int_eq(a->nactions, 1);
        if (v->ndiscards > 0 && oracle) {
            gr_rummy_hand with = v->hand;
            gr_card top = v->discards[v->ndiscards - 1];
            ck_assert_int_eq(gr_rummy_hand_add(&with, top), GR_OK);
            ck_assert_int_eq(a->take_value,
                             oracle_rummy_go_out(&with, v->melds, v->nmelds, flags));
            ck_assert_int_eq(a->out, oracle_rummy_can_go_out(&with, v->melds, v->nmelds,
                                                             flags, top));
            if (a->out != GR_RUMMY_OUT_NO)   /* R7: a way out is taken */
                ck_assert_int_eq(a->actions[0].type, GR_RUMMY_ACT_DRAW_DISCARD);
        }
        ck_assert_int_eq(gr_rummy_game_play(c, &a->actions[0]), GR_OK);
    } else {
        if (oracle)
            ck_assert_int_eq(a->out, oracle_rummy_can_go_out(&v->hand, v->melds, v->nmelds,
                                                             flags, v->taken));
        for (int i = 0; i < a->nactions; i++) {
            ck_assert_int_eq(gr_rummy_game_turn(c), p);
            ck_assert_msg(gr_rummy_game_play(c, &a->actions[i]) == GR_OK, "action %d: %s", i,
                          gr_reason_name(gr_rummy_game_last_reason(c)));
        }
        /* the turn is over: a discard, or the hand emptied */
        const gr_rummy_action *last = &a->actions[a->nactions - 1];
        ck_assert(last->type == GR_RUMMY_ACT_DISCARD
                  || gr_rummy_game_phase(c) == GR_RUMMY_PHASE_OVER);
        gr_rummy_hand after;
        ck_assert_int_eq(gr_rummy_game_hand(c, p, &after), GR_OK);
        ck_assert_int_eq(a->value_after, hand_points(&after, flags));
        ck_assert_int_ge(a->value_kept, a->least_value);
        if (a->out != GR_RUMMY_OUT_NO) {   /* R7: the way out is the advice */
            gr_rummy_result res;
            ck_assert_int_eq(gr_rummy_game_result(c, &res), GR_OK);
            ck_assert_int_eq(res.winner, p);
            ck_assert_int_eq(a->value_after, 0);
        }
    }
    char line[1024];
    int n = gr_rummy_advice_explain(a, v, line, sizeof line);
    ck_assert_int_gt(n, 0);
    ck_assert_int_lt(n, (int)sizeof line);
    ck_assert_int_eq(gr_rummy_advice_explain(a, v, NULL, 0), n);
    gr_rummy_game_free(c);
}

/* R4, R5, R7 on random hands of every table size: the advice's exact
 * parts equal the brute force, and the advised turn is legal */
START_TEST(test_R4_R5_R7_random_advice_vs_oracle)
{
    test_rng rng = { 0xad71ceull };
    long games = test_count(12);
    long checked = 0, outs = 0;
    static gr_rummy_action moves[4096];
    for (long gi = 0; gi < games; gi++) {
        int players = 2 + test_below(&rng, 3);
        gr_rummy_rules *r = test_rummy_rules(players, test_below(&rng, 3), 0,
                                             test_below(&rng, 2), 2);
        int flags = 0, ace = 0;
        ck_assert_int_eq(gr_rummy_rules_get(r, GR_RUMMY_OPT_ACE_HIGH, &ace), GR_OK);
        flags = ace ? GR_RUMMY_ACE_HIGH : 0;
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, r, test_next(&rng), 0), GR_OK);
        gr_rummy_bot *advisor = expert(gi, r);
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            gr_rummy_view v;
            int p = gr_rummy_game_turn(g);
            ck_assert_int_eq(gr_rummy_game_view(g, p, &v), GR_OK);
            if (test_below(&rng, 3) == 0) {
                gr_rummy_advice a;
                gr_rummy_bot *fresh = expert(test_next(&rng), r);
                ck_assert_int_eq(gr_rummy_advise(fresh, &v, &a), GR_OK);
                check_advice(g, &v, &a, flags);
                checked++;
                outs += a.out != GR_RUMMY_OUT_NO;
                gr_rummy_bot_free(fresh);
            }
            /* play on: mostly the advice of one bot kept for the hand */
            int n = gr_rummy_game_legal_moves(g, moves, 4096);
            ck_assert_int_gt(n, 0);
            ck_assert_int_le(n, 4096);
            ck_assert_int_eq(gr_rummy_game_play(g, &moves[test_below(&rng, n)]), GR_OK);
        }
        gr_rummy_bot_free(advisor);
        gr_rummy_game_free(g);
        gr_rummy_rules_free(r);
    }
    ck_assert_int_gt(checked, 10);
}
END_TEST

/* a game from position text under 2 players and one joker */
static gr_rummy_game *table(const char *text, gr_rummy_rules **r)
{
    *r = test_rummy_rules(2, 1, 0, 0, 0);
    gr_rummy_position pos;
    gr_parse_error err;
    ck_assert_msg(gr_rummy_position_parse(text, &pos, &err) == GR_OK, "at %zu", err.offset);
    gr_rummy_game *g;
    int why = 0;
    ck_assert_msg(gr_rummy_position_check(*r, &pos, &why) == GR_OK, "%s", gr_reason_name(why));
    ck_assert_int_eq(gr_rummy_game_from_position(&g, *r, &pos), GR_OK);
    return g;
}

static void advise(const gr_rummy_game *g, gr_rummy_rules *r, gr_rummy_advice *a,
                   char *line, size_t size)
{
    gr_rummy_view v;
    ck_assert_int_eq(gr_rummy_game_view(g, gr_rummy_game_turn(g), &v), GR_OK);
    gr_rummy_bot *b = expert(1, r);
    ck_assert_int_eq(gr_rummy_advise(b, &v, a), GR_OK);
    ck_assert_int_gt(gr_rummy_advice_explain(a, &v, line, size), 0);
    check_advice(g, &v, a, 0);
    gr_rummy_bot_free(b);
}

/* R5, R7: the way out puts the 3D in place of the table's joker (the 3D
 * was taken from the pile and may not be discarded: R4), lays the joker
 * off as the 8C the set lacks, and discards the 8C (R4 allows either the
 * 8C or the joker on the set; the plan keeps back the cheaper card) */
START_TEST(test_R5_R7_out_through_a_table_joker)
{
    gr_rummy_rules *r;
    gr_rummy_game *g = table(
        "players 2; dealer 0; turn 1; phase play; hand0 2C 5D 9H KS QS 10C 7D; "
        "hand1 3D 8C; known1 3D; meld 3C JK=3D 3H 3S by 0; meld 8S 8H 8D by 0; "
        "pile 4C; seed 3; taken 3D", &r);
    gr_rummy_advice a;
    char line[512];
    advise(g, r, &a, line, sizeof line);
    ck_assert_int_eq(a.out, GR_RUMMY_OUT_DISCARD);
    ck_assert_int_eq(a.nactions, 3);
    ck_assert_str_eq(line, "go out: swap 3D 1, layoff JK 2, discard 8C");
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* R4, R7: taking the 9H lets him meld 7H 8H 9H and lay 4C off: the advice
 * is to take it, and then to go out with nothing to discard */
START_TEST(test_R4_R7_take_to_go_out)
{
    gr_rummy_rules *r;
    gr_rummy_game *g = table(
        "players 2; dealer 0; turn 1; phase draw; hand0 2C 5D 9D KS QS 8C 7D; "
        "hand1 7H 8H 4C; meld 4S 4D 4H by 0; pile 2S 9H; seed 4", &r);
    gr_rummy_advice a;
    char line[512];
    advise(g, r, &a, line, sizeof line);
    ck_assert_int_ne(a.out, GR_RUMMY_OUT_NO);
    ck_assert_int_eq(a.actions[0].type, GR_RUMMY_ACT_DRAW_DISCARD);
    ck_assert_int_eq(a.take_value, 0);
    ck_assert_int_eq(a.least_value, 15);   /* 4C lays off on the 4s */
    ck_assert_str_eq(line, "take 9H: with it you can go out this turn");
    ck_assert_int_eq(gr_rummy_game_play(g, &a.actions[0]), GR_OK);
    advise(g, r, &a, line, sizeof line);
    ck_assert_int_eq(a.out, GR_RUMMY_OUT_MELD);
    ck_assert_str_eq(line, "go out: layoff 4C 1, meld 7H 8H 9H");
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* R4: not out: the advice ends with a discard, says the points left */
START_TEST(test_R4_advice_without_a_way_out)
{
    gr_rummy_rules *r;
    gr_rummy_game *g = table(
        "players 2; dealer 0; turn 1; phase play; hand0 2C 5D 9D KS QS 8C 7D; "
        "hand1 7H 8H 9H KC KD 2S AC 5C; meld 4S 4D 4H by 0; pile 3S; seed 5", &r);
    gr_rummy_advice a;
    char line[512];
    advise(g, r, &a, line, sizeof line);
    ck_assert_int_eq(a.out, GR_RUMMY_OUT_NO);
    ck_assert_int_eq(a.value_now, 24 + 20 + 2 + 1 + 5);
    ck_assert_int_eq(a.least_value, 28);
    ck_assert_int_eq(a.actions[a.nactions - 1].type, GR_RUMMY_ACT_DISCARD);
    ck_assert_ptr_nonnull(strstr(line, "points left instead of 52"));
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* the explanation of the draw advised, taken from the pile or drawn from
 * the stock (whichever the expert chose), for the pile's top card */
static void draw_texts(const char *position, const char *take_text, const char *draw_text)
{
    gr_rummy_rules *r;
    gr_rummy_game *g = table(position, &r);
    gr_rummy_advice a;
    char line[512];
    advise(g, r, &a, line, sizeof line);
    gr_rummy_view v;
    ck_assert_int_eq(gr_rummy_game_view(g, 1, &v), GR_OK);
    gr_rummy_action legal[4];
    int n = gr_rummy_game_legal_moves(g, legal, 4);
    ck_assert_int_eq(n, 2);
    for (int i = 0; i < n; i++) {
        a.actions[0] = legal[i];
        ck_assert_int_gt(gr_rummy_advice_explain(&a, &v, line, sizeof line), 0);
        ck_assert_str_eq(line, legal[i].type == GR_RUMMY_ACT_DRAW_DISCARD ? take_text
                                                                         : draw_text);
    }
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}

/* R4, R7: the draw's explanation says what the move does with the pile's
 * card: the 9H melds (7H 8H 9H: 22 points laid down instead of 37); the
 * 3C melds with nothing (taken, it adds its 3 points) */
START_TEST(test_R4_draw_advice_says_what_the_draw_does)
{
    draw_texts("players 2; dealer 0; turn 1; phase draw; hand0 2C 5D 9D KS QS 8C 7D; "
               "hand1 7H 8H KC KD 2S; pile 3S 9H; seed 4",
               "take 9H: with it your cards lay down to 22 points instead of 37",
               "draw: taking 9H would lay your cards down to 22 points instead of 37");
    draw_texts("players 2; dealer 0; turn 1; phase draw; hand0 2C 5D 9D KS QS 8C 7D; "
               "hand1 7H 8H KC KD 2S; pile 9H 3C; seed 4",
               "take 3C: it melds with nothing yet (your cards lay down to 40 points with "
               "it, 37 without)",
               "draw: 3C would meld with nothing (your cards lay down to 37 points, 40 with "
               "it)");
    /* one point, singular; the AC taken could not be thrown (R4): no way out */
    draw_texts("players 2; dealer 0; turn 1; phase draw; hand0 2C 5D 9D KS QS 8C 7D; "
               "hand1 7H 8H 9H; pile 3C AC; seed 4",
               "take AC: it melds with nothing yet (your cards lay down to 1 point with it, "
               "0 without)",
               "draw: AC would meld with nothing (your cards lay down to 0 points, 1 with it)");
}
END_TEST

START_TEST(test_advice_bad_input)
{
    gr_rummy_rules *r = test_rummy_rules(2, 0, 0, 0, 0);
    gr_rummy_game *g;
    ck_assert_int_eq(gr_rummy_game_new(&g, r, 9, 0), GR_OK);
    gr_rummy_bot *b = expert(2, r);
    gr_rummy_view v, other;
    gr_rummy_advice a, keep;
    ck_assert_int_eq(gr_rummy_game_view(g, 1, &v), GR_OK);
    ck_assert_int_eq(gr_rummy_game_view(g, 0, &other), GR_OK);
    memset(&a, 0x5a, sizeof a);
    keep = a;
    ck_assert_int_eq(gr_rummy_advise(NULL, &v, &a), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_advise(b, NULL, &a), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_advise(b, &v, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_advise(b, &other, &a), GR_ESTATE);   /* not his turn */
    gr_rummy_view bad = v;
    bad.nmelds = -1;
    ck_assert_int_eq(gr_rummy_advise(b, &bad, &a), GR_EINVAL);
    ck_assert(memcmp(&a, &keep, sizeof a) == 0);
    ck_assert_int_eq(gr_rummy_advise(b, &v, &a), GR_OK);
    char line[256];
    ck_assert_int_eq(gr_rummy_advice_explain(NULL, &v, line, sizeof line), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_advice_explain(&a, NULL, line, sizeof line), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_advice_explain(&a, &v, NULL, 5), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_advice_explain(&a, &other, line, sizeof line), GR_EINVAL);
    gr_rummy_advice spoilt = a;
    spoilt.reserved[2] = 1;
    ck_assert_int_eq(gr_rummy_advice_explain(&spoilt, &v, line, sizeof line), GR_EINVAL);
    spoilt = a;
    spoilt.nactions = GR_RUMMY_MAX_TURN_ACTIONS + 1;
    ck_assert_int_eq(gr_rummy_advice_explain(&spoilt, &v, line, sizeof line), GR_EINVAL);
    spoilt = a;
    spoilt.actions[0].type = GR_RUMMY_ACT_DISCARD;   /* before the draw */
    spoilt.actions[0].card = 0;
    ck_assert_int_eq(gr_rummy_advice_explain(&spoilt, &v, line, sizeof line), GR_EINVAL);
    spoilt = a;
    spoilt.actions[0].type = GR_RUMMY_ACT_LAY_OFF;   /* a meld that is not there */
    spoilt.actions[0].target = 30;
    ck_assert_int_eq(gr_rummy_advice_explain(&spoilt, &v, line, sizeof line), GR_EINVAL);
    /* short buffers: snprintf semantics */
    int n = gr_rummy_advice_explain(&a, &v, line, sizeof line);
    ck_assert_int_gt(n, 0);
    char small[8];
    ck_assert_int_eq(gr_rummy_advice_explain(&a, &v, small, sizeof small), n);
    ck_assert_int_eq((int)strlen(small), 7);
    gr_rummy_bot_free(b);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_R5_R7_out_through_a_table_joker,
        test_R4_R7_take_to_go_out,
        test_R4_advice_without_a_way_out,
        test_R4_draw_advice_says_what_the_draw_does,
        test_advice_bad_input,
        test_R4_R5_R7_random_advice_vs_oracle
    };
    return TEST_RUN_CORE("rummy_advice", 600, tests);
}
