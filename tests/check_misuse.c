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
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
