/*
 * check_variants.c: the rule options on one hand, by stacked
 * decks worked out by hand from doc/rules-reference.md: the Oklahoma limit and the ace
 * knock (G33), ties without undercut (G36), the wall (G38), an illegal
 * knock that stands (G29), and the OPENSPIEL and EAAI presets.
 */
#include <check.h>
#include <ginrummy.h>
#include <limits.h>
#include <stdlib.h>

#include "testutil.h"
#include "stacked.h"

/* ---- G33: Oklahoma knock limit ------------------------------------------- */

/* P0 and P1 hands used by the Oklahoma cases (any upcard outside them) */
#define OK_ND "AC 2C 3C 4C 5C 6C 7C 8C 9C 2D"
#define OK_DL "KD QD 2H 5S 7S 9S JH KH 10D 4S"

static int oklahoma_limit(int knock_limit, int ace_knock, const char *up)
{
    gr_rules *r = R(GR_PRESET_STANDARD);
    set(r, GR_OPT_OKLAHOMA, 1);
    set(r, GR_OPT_KNOCK_LIMIT, knock_limit);
    set(r, GR_OPT_OKLAHOMA_ACE_KNOCK, ace_knock);
    gr_game *g = G(r, OK_ND, OK_DL, up, NULL, 0, 1);
    int limit = gr_game_knock_limit(g);
    gr_game_free(g);
    gr_rules_free(r);
    return limit;
}

START_TEST(test_G33_oklahoma_limit_is_the_lower)
{
    /* the upcard's value, never more than the knock-limit option */
    ck_assert_int_eq(oklahoma_limit(10, 0, "8H"), 8);
    ck_assert_int_eq(oklahoma_limit(10, 0, "KS"), 10);
    ck_assert_int_eq(oklahoma_limit(5, 0, "8H"), 5);
    ck_assert_int_eq(oklahoma_limit(5, 0, "3H"), 3);
    ck_assert_int_eq(oklahoma_limit(0, 0, "9H"), 0);
    /* an ace: gin only, or by option a knock with 1 point (still capped) */
    ck_assert_int_eq(oklahoma_limit(10, 0, "AH"), 0);
    ck_assert_int_eq(oklahoma_limit(10, 1, "AH"), 1);
    ck_assert_int_eq(oklahoma_limit(0, 1, "AS"), 0);
    /* the option has no effect on other upcards */
    ck_assert_int_eq(oklahoma_limit(10, 1, "2S"), 2);
}
END_TEST

START_TEST(test_G33_settle_upcard_uses_the_lower_limit)
{
    gr_rules *r = R(GR_PRESET_STANDARD);
    set(r, GR_OPT_OKLAHOMA, 1);
    set(r, GR_OPT_KNOCK_LIMIT, 5);
    /* deadwood 4 (4H): within min(8, 5) */
    gr_arrangement k4 = A("4H", "AS 2S 3S", "7C 7D 7H", "JD QD KD", NULL);
    gr_arrangement k6 = A("6H", "AS 2S 3S", "7C 7D 7H", "JD QD KD", NULL);
    gr_cards def = S("KC QS JC 10C 8H 5D 5C 3D 2H KS");
    gr_hand_result res;
    ck_assert_int_eq(gr_settle_upcard(r, C("8C"), &k4, def, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(gr_settle_upcard(r, C("8C"), &k6, def, &res), GR_EILLEGAL);
    /* an ace upcard with the ace-knock option: 1 point allowed, 4 not */
    set(r, GR_OPT_OKLAHOMA_ACE_KNOCK, 1);
    gr_arrangement k1 = A("AH", "2S 3S 4S", "7C 7D 7H", "JD QD KD", NULL);
    ck_assert_int_eq(gr_settle_upcard(r, C("AC"), &k1, def, &res), GR_OK);
    ck_assert_int_eq(res.multiplier, 2);   /* an ace upcard still doubles */
    ck_assert_int_eq(gr_settle_upcard(r, C("AC"), &k4, def, &res), GR_EILLEGAL);
    set(r, GR_OPT_OKLAHOMA_ACE_KNOCK, 0);
    ck_assert_int_eq(gr_settle_upcard(r, C("AC"), &k1, def, &res), GR_EILLEGAL);
    gr_rules_free(r);
}
END_TEST

/* ---- G36: a tie without undercut ----------------------------------------- */

START_TEST(test_G36_tie_scores_nothing)
{
    gr_arrangement k = A("9C", "AS 2S 3S", "7C 7D 7H", "JD QD KD", NULL);
    gr_hand_result res;
    /* default (every old preset): the tie is an undercut, bonus alone */
    gr_rules *r = R(GR_PRESET_STANDARD);
    ck_assert_int_eq(gr_settle(r, &k, S(TIE_DEF), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.winner, 1);
    ck_assert_int_eq(res.points, 25);
    /* off: won by nobody, 0 points, not void */
    set(r, GR_OPT_UNDERCUT_TIE, 0);
    ck_assert_int_eq(gr_settle(r, &k, S(TIE_DEF), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_TIE);
    ck_assert_int_eq(res.knocker, 0);
    ck_assert_int_eq(res.winner, -1);
    ck_assert_int_eq(res.points, 0);
    ck_assert_int_eq(res.knocker_deadwood, 9);
    ck_assert_int_eq(res.defender_deadwood, 9);
    ck_assert_int_eq(res.multiplier, 1);
    /* a strict undercut is still one */
    gr_arrangement k10 = A("10C", "AS 2S 3S", "7C 7D 7H", "JD QD KD", NULL);
    ck_assert_int_eq(gr_settle(r, &k10, S(TIE_DEF), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.points, 25 + 1);
    gr_rules_free(r);
    /* OPENSPIEL: a tie scores 0 */
    r = R(GR_PRESET_OPENSPIEL);
    ck_assert_int_eq(gr_settle(r, &k, S(TIE_DEF), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_TIE);
    gr_rules_free(r);
    /* EAAI: ties undercut */
    r = R(GR_PRESET_EAAI);
    ck_assert_int_eq(gr_settle(r, &k, S(TIE_DEF), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.points, 25);
    gr_rules_free(r);
}
END_TEST

/* A tie in a game: the knocker is player 1, the result maps to him and
 * nobody wins. */
START_TEST(test_G36_tie_in_a_game)
{
    gr_rules *r = R(GR_PRESET_OPENSPIEL);
    /* P1 (dealer 0, non-dealer 1) takes the upcard 9C and knocks with
     * deadwood 9 discarding 10S; P0 holds TIE_DEF with 9D left */
    gr_game *g = G(r, "AS 2S 3S 7C 7D 7H JD QD KD 10S", TIE_DEF, "9C", NULL,
                   0, 0);
    ck_assert_int_eq(gr_game_turn(g), 1);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("10S")), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_TIE);
    ck_assert_int_eq(res.knocker, 1);
    ck_assert_int_eq(res.winner, -1);
    ck_assert_int_eq(res.points, 0);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ---- G38: the wall --------------------------------------------------------- */

START_TEST(test_G38_wall_take_to_knock)
{
    gr_rules *r = R(GR_PRESET_OPENSPIEL);
    /* the 29th stock card (index 28) is JS */
    gr_game *g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    ck_assert_int_eq(to_the_wall(g), C("JS"));
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_WALL);
    ck_assert_int_eq(gr_game_turn(g), 1);
    gr_move mv[GR_MAX_MOVES];
    ck_assert_int_eq(gr_game_legal_moves(g, mv, GR_MAX_MOVES), 2);
    /* by type, then by card: PASS (2) before DRAW_DISCARD (4) */
    ck_assert_int_eq(mv[0].type, GR_MOVE_PASS);
    ck_assert_int_eq(mv[1].type, GR_MOVE_DRAW_DISCARD);
    ck_assert_int_eq(mv[1].card, C("JS"));
    refuse(g, GR_MOVE_DRAW_STOCK, GR_NO_CARD, GR_ESTATE);
    refuse(g, GR_MOVE_DISCARD, C("KD"), GR_ESTATE);
    refuse(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD, GR_ESTATE);
    /* the view offers the same moves */
    gr_view v;
    ck_assert_int_eq(gr_game_view(g, 1, &v), GR_OK);
    ck_assert_int_eq(v.phase, GR_PHASE_WALL);
    ck_assert_int_eq(v.nlegal, 2);

    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DISCARD);
    /* only to knock: no plain discard, not JS (G11) */
    ck_assert(!has_move(g, GR_MOVE_DISCARD, GR_NO_CARD));
    ck_assert(has_move(g, GR_MOVE_KNOCK, C("KD")));
    ck_assert(has_move(g, GR_MOVE_KNOCK, C("QC")));
    ck_assert(!has_move(g, GR_MOVE_KNOCK, C("JS")));
    refuse(g, GR_MOVE_DISCARD, C("KD"), GR_EILLEGAL);
    refuse(g, GR_MOVE_KNOCK, C("JS"), GR_EILLEGAL);
    refuse(g, GR_MOVE_KNOCK, C("5H"), GR_EILLEGAL);   /* deadwood 25 */

    /* a save in the wall replays */
    char *text = test_save(g);
    gr_game *h = NULL;
    ck_assert_int_eq(gr_game_load(&h, text), GR_OK);
    char *again = test_save(h);
    ck_assert_str_eq(text, again);
    free(text);
    free(again);
    gr_game_free(h);

    /* knock with QC (10) against P0's 2D (2): an undercut by P0,
     * 25 + 10 - 2 = 33 */
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KD")), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.knocker, 1);
    ck_assert_int_eq(res.winner, 0);
    ck_assert_int_eq(res.points, 33);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* bot plays both seats to the end of the hand, every move accepted */
static void bot_plays_out(gr_game *g, gr_bot *bot)
{
    while (gr_game_phase(g) != GR_PHASE_OVER) {
        gr_view v;
        gr_move m;
        ck_assert_int_eq(gr_game_view(g, gr_game_turn(g), &v), GR_OK);
        ck_assert_int_eq(gr_bot_choose(bot, &v, &m), GR_OK);
        ck_assert_int_eq(gr_game_play(g, m), GR_OK);
    }
}

/* the greedy bot takes the wall card when it is offered, then knocks */
START_TEST(test_G38_greedy_bot_takes_the_wall_card)
{
    gr_rules *r = R(GR_PRESET_OPENSPIEL);
    gr_game *g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    to_the_wall(g);
    gr_bot *bot = NULL;
    ck_assert_int_eq(gr_bot_new(&bot, GR_BOT_GREEDY, 1), GR_OK);
    bot_plays_out(g, bot);
    ck_assert_int_eq(result(g).outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(result(g).knocker, 1);
    gr_bot_free(bot);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* gr_game_step through the wall: the draw's masks offer only knocks (not
 * the card taken, G11), a plain discard is refused and leaves the masks
 * unwritten, and the knock ends the hand with no move types left; the
 * expert bot plays the wall too (its sampled games keep the wall draw). */
START_TEST(test_G38_wall_step_and_expert)
{
    gr_rules *r = R(GR_PRESET_OPENSPIEL);
    gr_game *g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    to_the_wall(g);
    gr_legal_masks m;
    ck_assert_int_eq(gr_game_legal_masks(g, &m), GR_OK);
    ck_assert_uint_eq(m.types, 1u << GR_MOVE_DRAW_DISCARD | 1u << GR_MOVE_PASS);
    gr_move take = { .type = GR_MOVE_DRAW_DISCARD, .card = C("JS") };
    ck_assert_int_eq(gr_game_step(g, take, &m), GR_OK);
    ck_assert_uint_eq(m.types, 1u << GR_MOVE_KNOCK);
    ck_assert(m.discard == 0);
    ck_assert(m.knock & GR_CARD_BIT(C("KD")));
    ck_assert(m.knock & GR_CARD_BIT(C("QC")));
    ck_assert(!(m.knock & GR_CARD_BIT(C("JS"))));
    gr_legal_masks before = m;
    gr_move plain = { .type = GR_MOVE_DISCARD, .card = C("KD") };
    ck_assert_int_eq(gr_game_step(g, plain, &m), GR_EILLEGAL);
    ck_assert_int_eq(gr_game_last_reason(g), GR_REASON_WALL);
    ck_assert(memcmp(&before, &m, sizeof m) == 0);
    gr_move knock = { .type = GR_MOVE_KNOCK, .card = C("KD") };
    ck_assert_int_eq(gr_game_step(g, knock, &m), GR_OK);
    ck_assert_uint_eq(m.types, 0);
    ck_assert_int_eq(result(g).outcome, GR_OUTCOME_UNDERCUT);
    gr_game_free(g);

    /* the expert as player 1 from the wall on: legal moves, and it knocks */
    g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    to_the_wall(g);
    gr_bot *bot = NULL;
    ck_assert_int_eq(gr_bot_new(&bot, GR_BOT_EXPERT, 7), GR_OK);
    ck_assert_int_eq(gr_bot_set_rules(bot, r), GR_OK);
    ck_assert_int_eq(gr_bot_set_param(bot, GR_BOT_PARAM_PLAYOUTS, 64), GR_OK);
    bot_plays_out(g, bot);
    ck_assert_int_ne(result(g).outcome, GR_OUTCOME_VOID);
    gr_bot_free(bot);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G38_wall_pass_is_void)
{
    gr_rules *r = R(GR_PRESET_STANDARD);
    set(r, GR_OPT_WALL, 1);
    gr_game *g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    to_the_wall(g);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_WALL);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    ck_assert_int_eq(res.winner, -1);
    gr_move last[64];
    int n = gr_game_history(g, last, 64);
    ck_assert_int_eq(last[n - 1].type, GR_MOVE_PASS);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G38_wall_useless_card)
{
    gr_rules *r = R(GR_PRESET_STANDARD);
    set(r, GR_OPT_WALL, 1);
    /* the last discard is 2S: no knock with it, so only PASS */
    gr_game *g = G(r, W_ND, W_DL, "KS", "2S", 28, 1);
    ck_assert_int_eq(to_the_wall(g), C("2S"));
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_WALL);
    gr_move mv[GR_MAX_MOVES];
    ck_assert_int_eq(gr_game_legal_moves(g, mv, GR_MAX_MOVES), 1);
    ck_assert_int_eq(mv[0].type, GR_MOVE_PASS);
    refuse(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD, GR_EILLEGAL);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(result(g).outcome, GR_OUTCOME_VOID);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G38_wall_off_and_turnover)
{
    /* off: the same deal is void at once (G16) */
    gr_rules *r = R(GR_PRESET_STANDARD);
    gr_game *g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    to_the_wall(g);
    ck_assert_int_eq(result(g).outcome, GR_OUTCOME_VOID);
    gr_game_free(g);
    gr_rules_free(r);
    /* turnover stock end: the wall option has no effect */
    r = R(GR_PRESET_NOVELTY);
    set(r, GR_OPT_WALL, 1);
    g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    to_the_wall(g);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* the player whose draw left 2 still knocks himself, wall or not (G16) */
START_TEST(test_G38_last_drawer_may_knock)
{
    gr_rules *r = R(GR_PRESET_OPENSPIEL);
    gr_game *g = G(r, W_ND, W_DL, "KS", "JS", 28, 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    for (int i = 0; i < 28; i++)
        ck_assert_int_eq(play(g, GR_MOVE_DISCARD, draw_stock(g)), GR_OK);
    gr_card js = draw_stock(g);
    ck_assert_int_eq(js, C("JS"));
    ck_assert_int_eq(gr_game_stock_size(g), 2);
    ck_assert(has_move(g, GR_MOVE_KNOCK, C("JS")));   /* P0: deadwood 2 */
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("JS")), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.knocker, 0);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* Random games with the wall and ties off: every legal move list is exact
 * enough for the bots, and the hand always ends. */
START_TEST(test_G38_random_games_end)
{
    long n = test_count(300);
    for (int preset = 0; preset < GR_PRESET_COUNT; preset++) {
        gr_rules *r = R(preset);
        if (preset != GR_PRESET_NOVELTY)
            set(r, GR_OPT_WALL, 1);
        set(r, GR_OPT_UNDERCUT_TIE, 0);
        gr_bot *bots[3];
        ck_assert_int_eq(gr_bot_new(&bots[0], GR_BOT_GREEDY, 7), GR_OK);
        ck_assert_int_eq(gr_bot_new(&bots[1], GR_BOT_RANDOM, 8), GR_OK);
        ck_assert_int_eq(gr_bot_new(&bots[2], GR_BOT_RANDOM, 9), GR_OK);
        int walls = 0;
        for (long i = 0; i < n; i++) {
            gr_game *g = NULL;
            ck_assert_int_eq(gr_game_new(&g, r, (uint64_t)i * 31 + preset,
                                         (int)(i & 1)), GR_OK);
            int steps = 0;
            while (gr_game_phase(g) != GR_PHASE_OVER) {
                walls += gr_game_phase(g) == GR_PHASE_WALL;
                int p = gr_game_turn(g);
                gr_view v;
                gr_move m;
                ck_assert_int_eq(gr_game_view(g, p, &v), GR_OK);
                /* listed by type, then by card (gr_game_legal_moves) */
                for (int k = 1; k < v.nlegal; k++)
                    ck_assert_msg(v.legal[k - 1].type < v.legal[k].type
                                  || (v.legal[k - 1].type == v.legal[k].type
                                      && v.legal[k - 1].card < v.legal[k].card),
                                  "phase %d: move %d out of order", v.phase, k);
                ck_assert_int_eq(gr_bot_choose(bots[i % 3 == 0 ? 1 + p : (i + p) & 1], &v, &m), GR_OK);
                ck_assert_int_eq(gr_game_play(g, m), GR_OK);
                ck_assert_int_lt(++steps, 100000);
            }
            gr_hand_result res = result(g);
            ck_assert_int_eq(res.winner < 0, res.outcome == GR_OUTCOME_VOID
                                             || res.outcome == GR_OUTCOME_TIE);
            gr_game_free(g);
        }
        if (preset != GR_PRESET_NOVELTY && n >= 100)
            ck_assert_int_gt(walls, 0);
        for (int b = 0; b < 3; b++)
            gr_bot_free(bots[b]);
        gr_rules_free(r);
    }
}
END_TEST

/* ---- G29: an illegal knock that stands ------------------------------------ */

START_TEST(test_G29_illegal_knock_stands)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    /* deadwood AC 2D 4H 9C = 16, over the limit of 10 */
    gr_arrangement k = A("AC 2D 4H 9C", "AS 2S 3S", "7C 7D 7H", NULL);
    gr_cards def = S("KC QS JC 10C 8H 6D 5C 3D 2H KS");   /* 74, no layoff */
    gr_hand_result res;
    ck_assert_int_eq(gr_settle(r, &k, def, &res), GR_EILLEGAL);
    ck_assert_int_eq(gr_settle_illegal_knock(r, &k, def, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.winner, 0);
    ck_assert_int_eq(res.knocker_deadwood, 16);
    ck_assert_int_eq(res.defender_deadwood, 74);
    ck_assert_int_eq(res.points, 74 - 16);
    /* against less deadwood it is an undercut: the defender melds
     * 8H-10H, 2C-4C and the fives, and keeps 6D (6): 10 + 16 - 6 */
    gr_cards low = S("8H 9H 10H 2C 3C 4C 5D 5H 5S 6D");
    ck_assert_int_eq(gr_settle_illegal_knock(r, &k, low, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.winner, 1);
    ck_assert_int_eq(res.defender_deadwood, 6);
    ck_assert_int_eq(res.points, 10 + 16 - 6);
    /* a legal knock settles as gr_settle() */
    gr_arrangement legal = A("9C", "AS 2S 3S", "7C 7D 7H", "JD QD KD", NULL);
    gr_cards def2 = S("KC QS JC 10C 8H 6D 5C 3D 2H 4D");
    gr_hand_result a, b;
    ck_assert_int_eq(gr_settle(r, &legal, def2, &a), GR_OK);
    ck_assert_int_eq(gr_settle_illegal_knock(r, &legal, def2, &b), GR_OK);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    /* bad input */
    ck_assert_int_eq(gr_settle_illegal_knock(NULL, &k, def, &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle_illegal_knock(r, NULL, def, &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle_illegal_knock(r, &k, def, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_settle_illegal_knock(r, &k, def | S("AS"), &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle_illegal_knock(r, &k, (gr_cards)1 << 60, &res),
                     GR_EINVAL);
    gr_arrangement bad = k;
    bad.deadwood_points = 3;
    ck_assert_int_eq(gr_settle_illegal_knock(r, &bad, def, &res), GR_EINVAL);
    gr_rules_free(r);
}
END_TEST

/* G29 with G33: an illegal knock that stands, settled with the hand's
 * upcard (an ace under Oklahoma doubles, and its gin-only limit is not
 * enforced either) and with the knocker in seat 1 */
START_TEST(test_G29_G33_illegal_knock_upcard_and_seat)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set_text(r, "oklahoma=1"), GR_OK);
    ck_assert_int_eq(gr_rules_set_text(r, "oklahoma_ace_doubles=1"), GR_OK);
    gr_arrangement k = A("AC 2D 4H 9C", "AS 2S 3S", "7C 7D 7H", NULL);   /* 16 */
    gr_cards def = S("KC QS JC 10C 8H 6D 5C 3D 2H KS");                 /* 74 */
    gr_settle_options o;
    memset(&o, 0, sizeof o);
    gr_hand_result plain, res;
    int reason = -1;
    ck_assert_int_eq(gr_settle_illegal_knock(r, &k, def, &plain), GR_OK);
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, NULL, &k, def, &res, &reason), GR_OK);
    ck_assert_int_eq(reason, GR_REASON_NONE);
    ck_assert(memcmp(&plain, &res, sizeof res) == 0);
    o.has_upcard = 1;
    o.upcard = GR_CARD(GR_ACE, GR_HEARTS);
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, def, &res, &reason), GR_EILLEGAL);
    ck_assert_int_eq(reason, GR_REASON_OVER_LIMIT);
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, &o, &k, def, &res, &reason), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.multiplier, 2);
    ck_assert_int_eq(res.points, 2 * (74 - 16));
    /* a non-doubling upcard: the plain points */
    o.upcard = GR_CARD(GR_FIVE, GR_HEARTS);
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, &o, &k, def, &res, NULL), GR_OK);
    ck_assert_int_eq(res.multiplier, 1);
    ck_assert_int_eq(res.points, 74 - 16);
    /* the knocker in seat 1: knocker and winner are seats */
    o.knocker = 1;
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, &o, &k, def, &res, NULL), GR_OK);
    ck_assert_int_eq(res.knocker, 1);
    ck_assert_int_eq(res.winner, 1);
    ck_assert_int_eq(res.points, 74 - 16);
    /* refusals, with their reasons, write nothing */
    gr_hand_result keep = res;
    o.upcard = GR_CARD(GR_ACE, GR_CLUBS);   /* in the knocker's hand */
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, &o, &k, def, &res, &reason), GR_EINVAL);
    ck_assert_int_eq(reason, GR_REASON_HANDS_OVERLAP);
    o.upcard = 52;
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, &o, &k, def, &res, &reason), GR_EINVAL);
    ck_assert_int_eq(reason, GR_REASON_BAD_CARD);
    o.upcard = GR_CARD(GR_FIVE, GR_HEARTS);
    o.knocker = 2;
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, &o, &k, def, &res, &reason), GR_EINVAL);
    ck_assert_int_eq(reason, GR_REASON_BAD_VALUE);
    o.knocker = 0;
    o.reserved[3] = 1;
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, &o, &k, def, &res, &reason), GR_EINVAL);
    ck_assert_int_eq(reason, GR_REASON_RESERVED_NOT_ZERO);
    ck_assert_int_eq(gr_settle_illegal_knock_ex(NULL, NULL, &k, def, &res, &reason), GR_EINVAL);
    ck_assert_int_eq(reason, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_settle_illegal_knock_ex(r, NULL, &k, def, NULL, NULL), GR_EINVAL);
    ck_assert(memcmp(&keep, &res, sizeof res) == 0);
    gr_rules_free(r);
}
END_TEST

/* ---- the presets of other engines ------------------------------------------- */

START_TEST(test_presets_openspiel_and_eaai_by_name)
{
    ck_assert_int_eq(gr_preset_lookup("openspiel"), GR_PRESET_OPENSPIEL);
    ck_assert_int_eq(gr_preset_lookup("OpenSpiel"), GR_PRESET_OPENSPIEL);
    ck_assert_int_eq(gr_preset_lookup("EAAI"), GR_PRESET_EAAI);
    ck_assert_int_eq(gr_preset_lookup("eaai2"), GR_EINVAL);
    for (int o = GR_OPT_OKLAHOMA_ACE_KNOCK; o < GR_OPT_COUNT; o++) {
        gr_option_info info;
        ck_assert_int_eq(gr_option_describe(o, &info), GR_OK);
        ck_assert_int_eq(gr_option_lookup(info.name), o);
        ck_assert(info.description && *info.description);
    }
}
END_TEST

/* EAAI: gin 25 plus the defender's deadwood, no layoff after gin */
START_TEST(test_presets_eaai_gin_no_layoff)
{
    gr_rules *r = R(GR_PRESET_EAAI);
    gr_arrangement gin = A("", "AS 2S 3S 4S", "7C 7D 7H", "JD QD KD", NULL);
    gr_cards def = S("5S 7S 10D KC QS JC 8H 6D 3D 2H");   /* 5S 7S 10D fit */
    gr_hand_result res;
    ck_assert_int_eq(gr_settle(r, &gin, def, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(res.defense.laid_off, 0);
    ck_assert_int_eq(res.points, 25 + pts(def));
    gr_rules_free(r);
}
END_TEST

/* The hand scores of the two engines, from their sources (OpenSpiel's
 * GinRummyState::Returns, Neller's GinRummyGame), as the knocker's signed
 * result given both deadwood counts after layoffs, against gr_settle on
 * random knocks with fixed seeds. */
static int openspiel_returns(int kd, int dd)
{
    int r = dd - kd;
    if (kd == 0)
        r += 25;
    if (r < 0)
        r -= 25;
    return r;
}

static int eaai_returns(int kd, int dd)
{
    if (kd == 0)
        return 25 + dd;
    if (kd < dd)
        return dd - kd;
    return -(25 + kd - dd);
}

START_TEST(test_presets_returns_match_the_engines)
{
    gr_rules *os = R(GR_PRESET_OPENSPIEL), *ea = R(GR_PRESET_EAAI);
    test_rng rng = { 16 };
    long n = test_count(6000), ties = 0, gins = 0;
    for (long i = 0; i < n; i++) {
        gr_cards k;
        gr_arrangement a;
        do
            k = test_hand(&rng, 10);
        while (gr_arrange(k, &a) > 10);
        gr_cards d = test_hand_from(&rng, GR_ALL_CARDS & ~k, 10);
        for (int e = 0; e < 2; e++) {
            gr_hand_result res;
            ck_assert_int_eq(gr_settle(e ? ea : os, &a, d, &res), GR_OK);
            int kd = res.knocker_deadwood, dd = res.defender_deadwood;
            int got = res.winner == 0 ? res.points
                    : res.winner == 1 ? -res.points : 0;
            int want = e ? eaai_returns(kd, dd) : openspiel_returns(kd, dd);
            ck_assert_msg(got == want, "engine %d: %d, want %d (kd %d dd %d)",
                          e, got, want, kd, dd);
            if (kd == 0) {   /* no layoff after gin in either */
                ck_assert_int_eq(res.defense.laid_off, 0);
                ck_assert_int_eq(dd, gr_deadwood(d));
            }
            ties += !e && kd == dd;
            gins += !e && kd == 0;
        }
    }
    if (n >= 5000)
        ck_assert(ties > 0 && gins > 0);
    gr_rules_free(os);
    gr_rules_free(ea);
}
END_TEST

START_TEST(test_rules_set_text)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    int v = 0;
    ck_assert_int_eq(gr_rules_set_text(r, "hollywood=1"), GR_OK);
    ck_assert_int_eq(gr_rules_get(r, GR_OPT_HOLLYWOOD, &v), GR_OK);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(gr_rules_set_text(r, "Team_Target=+150"), GR_OK);
    ck_assert_int_eq(gr_rules_get(r, GR_OPT_TEAM_TARGET, &v), GR_OK);
    ck_assert_int_eq(v, 150);
    gr_rules *before = NULL;
    ck_assert_int_eq(gr_rules_clone(&before, r), GR_OK);
    static const char *const unreadable[] = {
        "hollywood", "hollywood=", "=1", "nope=1", "hollywood=1x", "hollywood= 1",
        " hollywood=1", "hollywood=0x1", "hollywood=-", "",
        "a_name_much_longer_than_any_option_name_there_is_in_the_table_x=1",
    };
    for (size_t i = 0; i < sizeof unreadable / sizeof *unreadable; i++)
        ck_assert_msg(gr_rules_set_text(r, unreadable[i]) == GR_EPARSE, "%s",
                      unreadable[i]);
    ck_assert_int_eq(gr_rules_set_text(r, "wall=2"), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set_text(r, "target=-1"), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set_text(r, "target=99999999999999999999"), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set_text(r, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set_text(NULL, "wall=1"), GR_EINVAL);
    for (int o = 0; o < GR_OPT_COUNT; o++) {
        int a, b;
        gr_rules_get(r, o, &a);
        gr_rules_get(before, o, &b);
        ck_assert_int_eq(a, b);
    }
    gr_rules_free(before);
    gr_rules_free(r);
}
END_TEST

static Suite *variants_suite(void)
{
    Suite *s = suite_create("variants");
    TCase *tc = tcase_create("options");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_G33_oklahoma_limit_is_the_lower);
    tcase_add_test(tc, test_G33_settle_upcard_uses_the_lower_limit);
    tcase_add_test(tc, test_G36_tie_scores_nothing);
    tcase_add_test(tc, test_G36_tie_in_a_game);
    tcase_add_test(tc, test_G38_wall_take_to_knock);
    tcase_add_test(tc, test_G38_wall_pass_is_void);
    tcase_add_test(tc, test_G38_wall_step_and_expert);
    tcase_add_test(tc, test_G38_greedy_bot_takes_the_wall_card);
    tcase_add_test(tc, test_G38_wall_useless_card);
    tcase_add_test(tc, test_G38_wall_off_and_turnover);
    tcase_add_test(tc, test_G38_last_drawer_may_knock);
    tcase_add_test(tc, test_G38_random_games_end);
    tcase_add_test(tc, test_G29_illegal_knock_stands);
    tcase_add_test(tc, test_G29_G33_illegal_knock_upcard_and_seat);
    tcase_add_test(tc, test_presets_openspiel_and_eaai_by_name);
    tcase_add_test(tc, test_presets_eaai_gin_no_layoff);
    tcase_add_test(tc, test_rules_set_text);
    tcase_add_test(tc, test_presets_returns_match_the_engines);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(variants_suite());
}
