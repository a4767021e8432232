/*
 * check_misuse.c: every public function given what a careless caller might
 * pass: NULL for every pointer, out-of-range numbers, calls in every wrong
 * phase, calls after a hand or a match is over.  Each time the documented
 * error, no crash, and (for handles) no change.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>
#include "testutil.h"

static gr_rules *rules;
static gr_game *game;

static void setup(void)
{
    ck_assert_int_eq(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    ck_assert_int_eq(gr_game_new(&game, rules, 42, 0), GR_OK);
}

static void teardown(void)
{
    gr_game_free(game);
    gr_rules_free(rules);
}

/* play random legal moves until the hand is over (bounded) */
static void play_out(gr_game *g, test_rng *r)
{
    gr_move moves[GR_MAX_MOVES];
    for (int k = 0; k <= GR_MAX_HAND_MOVES && gr_game_phase(g) != GR_PHASE_OVER; k++) {
        int n = gr_game_legal_moves(g, moves, GR_MAX_MOVES);
        ck_assert_int_gt(n, 0);
        int pick = 0;   /* prefer ending the hand, so it ends soon */
        for (int i = 0; i < n; i++)
            if (moves[i].type >= GR_MOVE_KNOCK)
                pick = i + 1;
        gr_move m = pick ? moves[pick - 1] : moves[test_below(r, n)];
        ck_assert_int_eq(gr_game_play(g, m), GR_OK);
    }
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_OVER);
}

START_TEST(test_null_pointers)
{
    gr_card c;
    gr_cards cs;
    gr_arrangement a;
    gr_layoff l;
    gr_hand_result res;
    gr_rules *r2;
    gr_game *g2;
    gr_match *m;
    gr_bot *b;
    gr_view v;
    gr_option_info info;
    gr_score score;
    gr_card deck[GR_NCARDS];
    int value;

    memset(&a, 0, sizeof a);
    memset(&l, 0, sizeof l);
    for (int i = 0; i < GR_NCARDS; i++)
        deck[i] = (gr_card)i;

    ck_assert_ptr_nonnull(gr_strerror(12345));
    ck_assert_int_eq(gr_card_parse(NULL, &c), GR_EINVAL);
    ck_assert_int_eq(gr_card_parse("AS", NULL), GR_EINVAL);
    ck_assert_int_eq(gr_cards_parse(NULL, &cs), GR_EINVAL);
    ck_assert_int_eq(gr_cards_parse("AS", NULL), GR_EINVAL);
    ck_assert_int_eq(gr_card_format(0, NULL, 5), GR_EINVAL);
    ck_assert_int_eq(gr_cards_format(1, NULL, 5), GR_EINVAL);
    ck_assert_int_eq(gr_arrange(0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_best_discard(1, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_lay_off(NULL, 0, &l), GR_EINVAL);
    ck_assert_int_eq(gr_lay_off(&a, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_layoff_check(NULL, 0, &l), GR_EINVAL);
    ck_assert_int_eq(gr_layoff_check(&a, 0, NULL), GR_EINVAL);

    ck_assert_int_eq(gr_rules_new(NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rules_clone(NULL, rules), GR_EINVAL);
    ck_assert_int_eq(gr_rules_clone(&r2, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(NULL, GR_OPT_TARGET, 100), GR_EINVAL);
    ck_assert_int_eq(gr_rules_get(NULL, GR_OPT_TARGET, &value), GR_EINVAL);
    ck_assert_int_eq(gr_rules_get(rules, GR_OPT_TARGET, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_option_describe(0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_option_describe(GR_OPT_COUNT, &info), GR_EINVAL);
    ck_assert_int_eq(gr_option_lookup(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_preset_lookup(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_settle(NULL, &a, 0, &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle(rules, NULL, 0, &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle(rules, &a, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_settle_upcard(NULL, 0, &a, 0, &res), GR_EINVAL);

    ck_assert_int_eq(gr_game_new(NULL, rules, 1, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_new(&g2, NULL, 1, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_new_from_deck(NULL, rules, deck, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_new_from_deck(&g2, NULL, deck, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_new_from_deck(&g2, rules, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_clone(NULL, game), GR_EINVAL);
    ck_assert_int_eq(gr_game_clone(&g2, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_phase(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_turn(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_dealer(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_legal_moves(NULL, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_legal_moves(game, NULL, 3), GR_EINVAL);
    ck_assert_int_eq(gr_game_play(NULL, (gr_move){ .type = GR_MOVE_PASS, .card = 0 }), GR_EINVAL);
    ck_assert_int_eq(gr_game_knock(NULL, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_defend(NULL, &l), GR_EINVAL);
    ck_assert_int_eq(gr_game_defend(game, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_hand(NULL, 0, &cs), GR_EINVAL);
    ck_assert_int_eq(gr_game_hand(game, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_discards(NULL, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_discards(game, NULL, 2), GR_EINVAL);
    ck_assert_int_eq(gr_game_stock_size(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_upcard(NULL, &c), GR_EINVAL);
    ck_assert_int_eq(gr_game_upcard(game, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_knock_limit(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_history(NULL, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_history(game, NULL, 2), GR_EINVAL);
    ck_assert_int_eq(gr_game_result(NULL, &res), GR_EINVAL);
    ck_assert_int_eq(gr_game_result(game, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_view(NULL, 0, &v), GR_EINVAL);
    ck_assert_int_eq(gr_game_view(game, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_save(NULL, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_game_save(game, NULL, 10), GR_EINVAL);
    ck_assert_int_eq(gr_game_load(NULL, "x"), GR_EINVAL);
    ck_assert_int_eq(gr_game_load(&g2, NULL), GR_EINVAL);

    ck_assert_int_eq(gr_match_new(NULL, rules, 1), GR_EINVAL);
    ck_assert_int_eq(gr_match_new(&m, NULL, 1), GR_EINVAL);
    ck_assert_int_eq(gr_match_deal(NULL, &g2), GR_EINVAL);
    ck_assert_int_eq(gr_match_record(NULL, &res), GR_EINVAL);
    ck_assert_int_eq(gr_match_dealer(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_score(NULL, &score), GR_EINVAL);
    ck_assert_int_eq(gr_match_cut(NULL, deck), GR_EINVAL);
    ck_assert_int_eq(gr_match_new(&m, rules, 1), GR_OK);
    ck_assert_int_eq(gr_match_deal(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_record(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_score(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_cut(m, NULL), GR_EINVAL);
    gr_match_free(m);

    ck_assert_int_eq(gr_bot_new(NULL, GR_BOT_RANDOM, 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_new(&b, GR_BOT_RANDOM, 1), GR_OK);
    ck_assert_int_eq(gr_bot_choose(b, NULL, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_game_view(game, 0, &v), GR_OK);
    ck_assert_int_eq(gr_bot_choose(NULL, &v, NULL), GR_EINVAL);
    gr_bot_free(b);
    ck_assert_int_eq(gr_bot_lookup(NULL), GR_EINVAL);

    /* freeing NULL is a no-op */
    gr_rules_free(NULL);
    gr_game_free(NULL);
    gr_match_free(NULL);
    gr_bot_free(NULL);
}
END_TEST

START_TEST(test_out_of_range_numbers)
{
    gr_cards cs;
    gr_game *g2 = NULL;
    gr_rules *r2 = NULL;
    gr_card deck[GR_NCARDS];
    gr_bot *b = NULL;
    int value;

    ck_assert_int_eq(gr_card_points(52), GR_EINVAL);
    ck_assert_int_eq(gr_card_points(255), GR_EINVAL);
    ck_assert_int_eq(gr_cards_points((gr_cards)1 << 52), GR_EINVAL);
    ck_assert_int_eq(gr_cards_count(~(gr_cards)0), GR_EINVAL);
    ck_assert_int_eq(gr_meld_kind((gr_cards)1 << 63), GR_EINVAL);
    ck_assert_int_eq(gr_deadwood((gr_cards)1 << 60), GR_EINVAL);
    ck_assert_int_eq(gr_best_discard(0, &deck[0]), GR_EINVAL);
    ck_assert_int_eq(gr_rules_new(&r2, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rules_new(&r2, GR_PRESET_COUNT), GR_EINVAL);
    for (int opt = -3; opt < GR_OPT_COUNT + 3; opt++) {
        gr_option_info info;
        int known = gr_option_describe(opt, &info) == GR_OK;
        ck_assert_int_eq(known, opt >= 0 && opt < GR_OPT_COUNT);
        if (!known) {
            ck_assert_int_eq(gr_rules_set(rules, opt, 0), GR_EINVAL);
            ck_assert_int_eq(gr_rules_get(rules, opt, &value), GR_EINVAL);
            continue;
        }
        int old;
        ck_assert_int_eq(gr_rules_get(rules, opt, &old), GR_OK);
        ck_assert_int_eq(gr_rules_set(rules, opt, info.min - 1), GR_EINVAL);
        ck_assert_int_eq(gr_rules_set(rules, opt, info.max + 1), GR_EINVAL);
        ck_assert_int_eq(gr_rules_get(rules, opt, &value), GR_OK);
        ck_assert_int_eq(value, old);
    }
    ck_assert_int_eq(gr_game_new(&g2, rules, 1, 2), GR_EINVAL);
    ck_assert_int_eq(gr_game_new(&g2, rules, 1, -1), GR_EINVAL);
    for (int i = 0; i < GR_NCARDS; i++)
        deck[i] = (gr_card)i;
    deck[7] = 52;
    ck_assert_int_eq(gr_game_new_from_deck(&g2, rules, deck, 0), GR_EINVAL);
    deck[7] = 8;   /* a duplicate */
    ck_assert_int_eq(gr_game_new_from_deck(&g2, rules, deck, 0), GR_EINVAL);
    ck_assert_ptr_null(g2);
    ck_assert_int_eq(gr_game_hand(game, 2, &cs), GR_EINVAL);
    ck_assert_int_eq(gr_game_hand(game, -1, &cs), GR_EINVAL);
    ck_assert_int_eq(gr_bot_new(&b, 0, 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_new(&b, 99, 1), GR_EINVAL);

    /* moves naming cards that do not exist, or no move at all */
    char *before = test_save(game);
    gr_move bad[] = { { .type = 0, .card = 0 }, { .type = 99, .card = 0 },
                      { .type = -1, .card = 0 },
                      { .type = GR_MOVE_DISCARD, .card = 52 },
                      { .type = GR_MOVE_KNOCK, .card = 200 } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = gr_game_play(game, bad[i]);
        ck_assert_msg(rc == GR_EINVAL || rc == GR_ESTATE || rc == GR_EILLEGAL,
                      "move %zu: %d", i, rc);
    }
    char *after = test_save(game);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
}
END_TEST

/* In each phase, every move type that does not belong to it is refused
 * with GR_ESTATE and changes nothing. */
START_TEST(test_wrong_phase_moves)
{
    static const int allowed[5][9] = {
        [GR_PHASE_UPCARD]  = { [GR_MOVE_TAKE_UPCARD] = 1, [GR_MOVE_PASS] = 1 },
        [GR_PHASE_DRAW]    = { [GR_MOVE_DRAW_STOCK] = 1, [GR_MOVE_DRAW_DISCARD] = 1 },
        [GR_PHASE_DISCARD] = { [GR_MOVE_DISCARD] = 1, [GR_MOVE_KNOCK] = 1,
                               [GR_MOVE_GIN] = 1, [GR_MOVE_BIG_GIN] = 1 },
    };
    test_rng r = { 0x5eed };
    for (int hand = 0; hand < test_count(200); hand++) {
        gr_game *g;
        ck_assert_int_eq(gr_game_new(&g, rules, test_next(&r), hand % 2), GR_OK);
        gr_move moves[GR_MAX_MOVES];
        for (int k = 0; k < 2000; k++) {
            int phase = gr_game_phase(g);
            gr_cards mine;
            ck_assert_int_eq(gr_game_hand(g, gr_game_turn(g), &mine), GR_OK);
            gr_card own = (gr_card)__builtin_ctzll(mine);
            for (int type = GR_MOVE_TAKE_UPCARD; type <= GR_MOVE_BIG_GIN; type++) {
                if (phase != GR_PHASE_OVER && allowed[phase][type])
                    continue;
                char *before = test_save(g);
                ck_assert_int_eq(gr_game_play(g, (gr_move){ .type = type, .card = own }), GR_ESTATE);
                char *after = test_save(g);
                ck_assert_str_eq(before, after);
                free(before);
                free(after);
            }
            if (phase == GR_PHASE_OVER)
                break;
            int n = gr_game_legal_moves(g, moves, GR_MAX_MOVES);
            ck_assert_int_eq(gr_game_play(g, moves[test_below(&r, n)]), GR_OK);
        }
        gr_game_free(g);
    }
}
END_TEST

START_TEST(test_calls_after_the_hand)
{
    test_rng r = { 77 };
    gr_hand_result res;
    gr_layoff l;
    memset(&l, 0, sizeof l);

    ck_assert_int_eq(gr_game_result(game, &res), GR_ESTATE);
    ck_assert_int_eq(gr_game_defend(game, &l), GR_ESTATE);
    play_out(game, &r);
    ck_assert_int_eq(gr_game_result(game, &res), GR_OK);
    ck_assert_int_eq(gr_game_legal_moves(game, NULL, 0), 0);
    char *before = test_save(game);
    for (int type = GR_MOVE_TAKE_UPCARD; type <= GR_MOVE_BIG_GIN; type++)
        ck_assert_int_eq(gr_game_play(game, (gr_move){ .type = type, .card = 0 }), GR_ESTATE);
    ck_assert_int_eq(gr_game_knock(game, 0, NULL), GR_ESTATE);
    char *after = test_save(game);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);

    gr_view v;
    gr_bot *b;
    gr_move m;
    ck_assert_int_eq(gr_game_view(game, 0, &v), GR_OK);
    ck_assert_int_eq(v.nlegal, 0);
    ck_assert_int_eq(gr_bot_new(&b, GR_BOT_GREEDY, 1), GR_OK);
    ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_ESTATE);
    gr_bot_free(b);
}
END_TEST

START_TEST(test_calls_after_the_match)
{
    gr_match *m;
    gr_game *g = NULL;
    gr_hand_result win;
    gr_score before, after;

    ck_assert_int_eq(gr_match_new(&m, rules, 9), GR_OK);
    memset(&win, 0, sizeof win);
    win.outcome = GR_OUTCOME_GIN;
    win.knocker = win.winner = 1;
    win.points = 150;
    ck_assert_int_eq(gr_match_record(m, &win), GR_OK);
    ck_assert_int_eq(gr_match_score(m, &before), GR_OK);
    ck_assert_int_eq(before.over, 1);
    ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(gr_match_record(m, &win), GR_ESTATE);
    ck_assert_int_eq(gr_match_score(m, &after), GR_OK);
    ck_assert_mem_eq(&before, &after, sizeof before);
    gr_match_free(m);
}
END_TEST


/* ---- advice, positions, move text, score keeping, playouts: hostile input */

/* gr_position_format: an input struct, so its reserve must be zero (the ABI
 * rule), and a dealer or turn that no position has is refused */
START_TEST(test_position_format_refuses)
{
    gr_position pos, bad;
    char buf[1024];
    ck_assert_int_eq(gr_game_position(game, &pos), GR_OK);
    ck_assert_int_gt(gr_position_format(&pos, buf, sizeof buf), 0);
    bad = pos;
    bad.reserved[3] = 1;
    ck_assert_int_eq(gr_position_format(&bad, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_position_check(rules, &bad, NULL), GR_EINVAL);
    bad = pos;
    bad.dealer = 9;
    ck_assert_int_eq(gr_position_format(&bad, buf, sizeof buf), GR_EINVAL);
    bad = pos;
    bad.turn = -1;
    ck_assert_int_eq(gr_position_format(&bad, buf, sizeof buf), GR_EINVAL);
    bad = pos;
    bad.npile = GR_NCARDS + 1;
    ck_assert_int_eq(gr_position_format(&bad, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_position_check(rules, &bad, NULL), GR_EINVAL);
    bad = pos;
    bad.played = -7;
    gr_game *g = (gr_game *)&bad;
    ck_assert_int_eq(gr_game_from_position(&g, rules, &bad), GR_EINVAL);
    ck_assert_ptr_eq(g, (gr_game *)&bad);   /* *out untouched */
}
END_TEST

/* gr_batch_random_actions refused (an environment never reset): the
 * caller's generator state and the output are left as they were */
START_TEST(test_batch_random_actions_refused_unchanged)
{
    gr_batch *b = NULL;
    ck_assert_int_eq(gr_batch_new(&b, rules, 0), GR_EINVAL);
    ck_assert_int_eq(gr_batch_new(&b, rules, ((size_t)1 << 24) + 1), GR_EINVAL);
    ck_assert_int_eq(gr_batch_new(&b, rules, 3), GR_OK);
    uint64_t state = 77;
    int32_t out[3] = { -5, -5, -5 };
    ck_assert_int_eq(gr_batch_random_actions(b, &state, out), GR_ESTATE);
    ck_assert(state == 77);
    ck_assert_int_eq(out[0], -5);
    ck_assert_ptr_null(gr_batch_env(b, 3));
    ck_assert_int_eq(gr_batch_reset(b, 1, NULL, NULL, NULL), GR_OK);
    ck_assert_int_eq(gr_batch_random_actions(b, &state, out), GR_OK);
    ck_assert(state != 77);
    int32_t bad[3] = { out[0], GR_ENV_NUM_ACTIONS, out[2] };
    ck_assert_int_eq(gr_batch_step(b, bad, NULL, NULL, NULL, NULL, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_batch_step(b, out, NULL, NULL, NULL, NULL, NULL), GR_OK);
    gr_batch_free(b);
}
END_TEST

/* gr_bot_set_param: the expert's ranges hold for every kind of bot */
START_TEST(test_bot_set_param_ranges)
{
    int kinds[] = { GR_BOT_RANDOM, GR_BOT_GREEDY, GR_BOT_EXPERT };
    for (int k = 0; k < 3; k++) {
        gr_bot *b = NULL;
        ck_assert_int_eq(gr_bot_new(&b, kinds[k], 1), GR_OK);
        ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, -1), GR_EINVAL);
        ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 1000001), GR_EINVAL);
        ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_FEATURES, GR_EXPERT_ALL + 1), GR_EINVAL);
        ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_FEATURES, -1), GR_EINVAL);
        ck_assert_int_eq(gr_bot_set_param(b, 0, 0), GR_EINVAL);
        ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 0), GR_OK);
        ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_FEATURES, GR_EXPERT_ALL), GR_OK);
        gr_bot_free(b);
    }
    ck_assert_int_eq(gr_bot_set_param(NULL, GR_BOT_PARAM_PLAYOUTS, 1), GR_EINVAL);
}
END_TEST

/* gr_rummy_view_legal_moves (and the Rummy bots) refuse a view no game
 * could give: a meld owner that is not a seat, a negative or huge count */
START_TEST(test_rummy_view_malformed)
{
    gr_rummy_rules *rr = NULL;
    gr_rummy_game *g = NULL;
    ck_assert_int_eq(gr_rummy_rules_new(&rr, GR_RUMMY_PRESET_PARLETT), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(rr, GR_RUMMY_OPT_PLAYERS, 4), GR_OK);
    ck_assert_int_eq(gr_rummy_game_new(&g, rr, 3, 0), GR_OK);
    gr_rummy_view v, bad;
    gr_rummy_action act[512];
    int turn = -1;
    for (int p = 0; p < 4 && turn < 0; p++) {
        ck_assert_int_eq(gr_rummy_game_view(g, p, &v), GR_OK);
        if (v.turn == p)
            turn = p;
    }
    int n = gr_rummy_view_legal_moves(&v, act, 512);
    ck_assert_int_gt(n, 0);
    bad = v;
    bad.counts[1] = -1;
    ck_assert_int_eq(gr_rummy_view_legal_moves(&bad, act, 512), GR_EINVAL);
    bad = v;
    bad.counts[0] = 1 << 30;
    ck_assert_int_eq(gr_rummy_view_legal_moves(&bad, act, 512), GR_EINVAL);
    bad = v;
    bad.nmelds = 1;
    bad.melds[0] = (gr_rummy_meld){ GR_CARD_BIT(0) | GR_CARD_BIT(13) | GR_CARD_BIT(26), 0 };
    bad.owner[0] = 4;   /* not a seat of 4 players */
    ck_assert_int_eq(gr_rummy_view_legal_moves(&bad, act, 512), GR_EINVAL);
    bad.owner[0] = 3;
    ck_assert_int_ge(gr_rummy_view_legal_moves(&bad, act, 512), 0);
    /* R3, R5: an empty table meld, one that is no set or run, one of
     * jokers only, and a Q-K-A run without the ace-high option */
    static const gr_cards no_meld[][2] = {
        { 0, 0 }, { GR_CARD_BIT(0) | GR_CARD_BIT(14) | GR_CARD_BIT(28), 0 },
        { GR_CARD_BIT(0) | GR_CARD_BIT(13) | GR_CARD_BIT(26),
          GR_CARD_BIT(0) | GR_CARD_BIT(13) | GR_CARD_BIT(26) },
        { GR_CARD_BIT(11) | GR_CARD_BIT(12) | GR_CARD_BIT(0), 0 },
    };
    for (size_t k = 0; k < sizeof no_meld / sizeof no_meld[0]; k++) {
        bad.melds[0] = (gr_rummy_meld){ no_meld[k][0], no_meld[k][1] };
        ck_assert_int_eq(gr_rummy_view_legal_moves(&bad, act, 512), GR_EINVAL);
    }
    bad.ace_high = 1;   /* Q-K-A is a run with the option */
    ck_assert_int_ge(gr_rummy_view_legal_moves(&bad, act, 512), 0);
    bad.ace_high = v.ace_high;
    bad.melds[0] = (gr_rummy_meld){ GR_CARD_BIT(0) | GR_CARD_BIT(13) | GR_CARD_BIT(26), 0 };
    gr_rummy_bot *b = NULL;
    gr_rummy_action a;
    ck_assert_int_eq(gr_rummy_bot_new(&b, GR_BOT_GREEDY, 1), GR_OK);
    bad.owner[0] = -1;
    ck_assert_int_eq(gr_rummy_bot_choose(b, &bad, &a), GR_EINVAL);
    gr_rummy_bot_free(b);
    /* R8: a seat's known cards that are no hand (a bit above 51: the
     * expert counted card 63 out of a 53-entry array), a dealer who is
     * no seat, a negative turnover count, more jokers in the hand and on
     * the table than the decks hold, a third copy of a face on the
     * table and the pile: refused by the view's legal moves and by every
     * bot kind, the expert included */
    ck_assert_int_eq(gr_rummy_view_legal_moves(&v, act, 512), n);
    for (int k = 0; k < 7; k++) {
        bad = v;
        switch (k) {
        case 0: bad.known[(turn + 1) % 4].once |= (gr_cards)1 << 63; break;
        case 1: bad.known[2].twice = GR_CARD_BIT(5); break;   /* twice without once */
        case 2: bad.known[1].jokers = -1; break;
        case 3: bad.dealer = 4; break;
        case 4: bad.turnovers = -1; break;
        case 5:     /* R1: AC twice on the table and once on the pile */
            bad.nmelds = 2;
            bad.melds[0] = bad.melds[1] = (gr_rummy_meld){
                GR_CARD_BIT(0) | GR_CARD_BIT(13) | GR_CARD_BIT(26), 0 };
            bad.owner[0] = bad.owner[1] = 0;
            bad.discards[bad.ndiscards++] = 0;
            break;
        default:    /* R1: more jokers in sight than two decks hold */
            bad.hand.jokers = GR_RUMMY_MAX_JOKERS;
            bad.nmelds = 1;
            bad.melds[0] = (gr_rummy_meld){ GR_CARD_BIT(0) | GR_CARD_BIT(13) | GR_CARD_BIT(26),
                                            GR_CARD_BIT(26) };
            bad.owner[0] = 0;
            break;
        }
        ck_assert_int_eq(gr_rummy_view_legal_moves(&bad, act, 512), GR_EINVAL);
        for (int kind = GR_BOT_RANDOM; kind <= GR_BOT_EXPERT; kind++) {
            ck_assert_int_eq(gr_rummy_bot_new(&b, kind, 1), GR_OK);
            ck_assert_int_eq(gr_rummy_bot_choose(b, &bad, &a), GR_EINVAL);
            gr_rummy_bot_free(b);
        }
    }
    gr_rummy_game_free(g);
    gr_rummy_rules_free(rr);
}
END_TEST

/* a refused table record leaves a match byte-identical (its save text) */
START_TEST(test_match_record_table_refused_unchanged)
{
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new_players(&m, rules, 5, 4), GR_OK);
    int n0 = gr_match_save(m, NULL, 0);
    ck_assert_int_gt(n0, 0);
    char *before = malloc((size_t)n0 + 1), *after = malloc((size_t)n0 + 1);
    ck_assert_ptr_nonnull(before);
    ck_assert_ptr_nonnull(after);
    ck_assert_int_eq(gr_match_save(m, before, (size_t)n0 + 1), n0);
    gr_hand_result res;
    memset(&res, 0, sizeof res);
    res.outcome = GR_OUTCOME_KNOCK;
    res.points = 10;
    ck_assert_int_eq(gr_match_record_table(m, 2, &res), GR_EINVAL);
    ck_assert_int_eq(gr_match_record_table(m, -1, &res), GR_EINVAL);
    res.winner = 2;
    ck_assert_int_eq(gr_match_record_table(m, 0, &res), GR_EINVAL);
    res.winner = 0;
    res.reserved[7] = 1;
    ck_assert_int_eq(gr_match_record_table(m, 0, &res), GR_EINVAL);
    res.reserved[7] = 0;
    res.points = -1;
    ck_assert_int_eq(gr_match_record_table(m, 0, &res), GR_EINVAL);
    ck_assert_int_eq(gr_match_save(m, after, (size_t)n0 + 1), n0);
    ck_assert_str_eq(before, after);
    gr_standing st;
    gr_table t;
    ck_assert_int_eq(gr_match_standing(m, 3, &st), GR_EINVAL);
    ck_assert_int_eq(gr_match_standing(m, 1, &st), GR_EINVAL);   /* not Hollywood */
    ck_assert_int_eq(gr_match_table(m, 2, &t), GR_EINVAL);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal_table(m, 2, &g), GR_EINVAL);
    ck_assert_ptr_null(g);
    free(before);
    free(after);
    gr_match_free(m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("misuse");
    TCase *tc = tcase_create("misuse");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_null_pointers);
    tcase_add_test(tc, test_out_of_range_numbers);
    tcase_add_test(tc, test_wrong_phase_moves);
    tcase_add_test(tc, test_calls_after_the_hand);
    tcase_add_test(tc, test_calls_after_the_match);
    tcase_add_test(tc, test_position_format_refuses);
    tcase_add_test(tc, test_batch_random_actions_refused_unchanged);
    tcase_add_test(tc, test_bot_set_param_ranges);
    tcase_add_test(tc, test_rummy_view_malformed);
    tcase_add_test(tc, test_match_record_table_refused_unchanged);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
