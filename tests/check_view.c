/*
 * check_view.c: the one check of a gr_view (gr_view_check) and every
 * function that takes a view: the bots (random, greedy, expert:
 * gr_bot_choose, gr_bot_observe, gr_bot_arrange) and the advice
 * (gr_view_unseen, gr_view_advise_take).
 *
 * Every view gr_game_view() writes passes, under every preset and the
 * variants that change the pile and the stock (Oklahoma, the turnover, the
 * wall, G16, G33, G38); the hostile views that once wrote out of bounds
 * are refused with their reason; and views of real games with fields
 * changed at random are either refused by every function alike or
 * accepted and answered with a legal move (run under ASan and UBSan in
 * CI: nothing reads or writes out of bounds).
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

#define NKINDS 3
static const int kinds[NKINDS] = { GR_BOT_RANDOM, GR_BOT_GREEDY, GR_BOT_EXPERT };

/* Rule sets: the presets and variants of the stock's end and Oklahoma. */
#define NRULES 8
static gr_rules *rules_number(int i)
{
    gr_rules *r = NULL;
    REQUIRE(gr_rules_new(&r, i < 5 ? i : GR_PRESET_STANDARD) == GR_OK);
    if (i == 5) {
        REQUIRE(gr_rules_set(r, GR_OPT_STOCK_END, GR_STOCK_END_TURNOVER) == GR_OK);
        REQUIRE(gr_rules_set(r, GR_OPT_TURNOVER_LIMIT, 2) == GR_OK);
    } else if (i == 6) {
        REQUIRE(gr_rules_set(r, GR_OPT_OKLAHOMA, 1) == GR_OK);
    } else if (i == 7) {
        REQUIRE(gr_rules_set(r, GR_OPT_WALL, 1) == GR_OK);
    }
    return r;
}

static gr_bot *new_bot(int kind, uint64_t seed, const gr_rules *rules)
{
    gr_bot *b = NULL;
    REQUIRE(gr_bot_new(&b, kind, seed) == GR_OK);
    REQUIRE(gr_bot_set_rules(b, rules) == GR_OK);
    REQUIRE(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 24) == GR_OK);
    return b;
}

static bool listed(const gr_view *v, gr_move m)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == m.type && v->legal[i].card == m.card)
            return true;
    return false;
}

/* Every function that takes a view, on v: all refuse it (GR_EINVAL) when
 * gr_view_check does, else they answer within the view. */
static void all_functions(gr_bot *bots[NKINDS], const gr_view *v)
{
    int reason = -1;
    int rc = gr_view_check(v, &reason);
    bool bad = rc != GR_OK;
    ck_assert_int_eq(bad, reason != GR_REASON_NONE);
    ck_assert_int_eq(rc, bad ? GR_EINVAL : GR_OK);

    gr_cards unseen = 0;
    ck_assert_int_eq(gr_view_unseen(v, &unseen), bad ? GR_EINVAL : GR_OK);
    gr_take_advice adv;
    int arc = gr_view_advise_take(v, &adv);
    ck_assert(bad ? arc == GR_EINVAL : arc == GR_OK || arc == GR_ESTATE);
    for (int k = 0; k < NKINDS; k++) {
        gr_move m = { .type = 0 };
        int brc = gr_bot_choose(bots[k], v, &m);
        if (bad) {
            ck_assert_int_eq(brc, GR_EINVAL);
        } else if (v->nlegal == 0) {
            ck_assert_int_eq(brc, GR_ESTATE);
        } else {
            ck_assert_int_eq(brc, GR_OK);
            ck_assert(listed(v, m));
        }
        gr_move played = !bad && v->nlegal > 0 ? v->legal[0]
                                                : (gr_move){ .type = GR_MOVE_PASS };
        int orc = gr_bot_observe(bots[k], v, played);
        ck_assert(bad ? orc == GR_EINVAL : v->nlegal == 0 ? orc == GR_ESTATE : orc == GR_OK);
        for (int i = 0; !bad && i < v->nlegal; i++) {
            if (v->legal[i].type != GR_MOVE_KNOCK && v->legal[i].type != GR_MOVE_GIN)
                continue;
            gr_arrangement a;
            int xrc = gr_bot_arrange(bots[k], v, v->legal[i].card, &a);
            ck_assert(bad ? xrc == GR_EINVAL : xrc == GR_OK || xrc == GR_EILLEGAL);
            break;
        }
    }
    if (bad) {
        gr_arrangement a;
        for (int k = 0; k < NKINDS; k++)
            ck_assert_int_eq(gr_bot_arrange(bots[k], v, 0, &a), GR_EINVAL);
    }
}

/* ---- every real view passes ------------------------------------------------ */

START_TEST(test_G12_real_views_pass)
{
    long hands = test_count(30);
    for (int ri = 0; ri < NRULES; ri++) {
        gr_rules *r = rules_number(ri);
        gr_bot *bot;
        REQUIRE(gr_bot_new(&bot, GR_BOT_RANDOM, 7 + ri) == GR_OK);
        for (long h = 0; h < hands; h++) {
            gr_game *g = NULL;
            REQUIRE(gr_game_new(&g, r, 1000 * ri + h, h & 1) == GR_OK);
            for (;;) {
                for (int p = 0; p < 2; p++) {
                    gr_view v;
                    int reason = -1;
                    REQUIRE(gr_game_view(g, p, &v) == GR_OK);
                    ck_assert_msg(gr_view_check(&v, &reason) == GR_OK,
                                  "rules %d hand %ld phase %d: reason %s", ri, h,
                                  v.phase, gr_reason_name(reason));
                }
                if (gr_game_phase(g) == GR_PHASE_OVER)
                    break;
                gr_view v;
                gr_move m;
                REQUIRE(gr_game_view(g, gr_game_turn(g), &v) == GR_OK);
                REQUIRE(gr_bot_choose(bot, &v, &m) == GR_OK);
                REQUIRE(gr_game_play(g, m) == GR_OK);
            }
            gr_game_free(g);
        }
        gr_bot_free(bot);
        gr_rules_free(r);
    }
}
END_TEST

/* ---- the hostile views that once wrote out of bounds ------------------------ */

/* The view of the non-dealer at the upcard offer of a seeded deal. */
static gr_view upcard_view(const gr_rules *r)
{
    gr_game *g = NULL;
    gr_view v;
    REQUIRE(gr_game_new(&g, r, 3, 0) == GR_OK);
    REQUIRE(gr_game_view(g, 1, &v) == GR_OK);
    gr_game_free(g);
    REQUIRE(v.phase == GR_PHASE_UPCARD && v.nlegal == 2);
    return v;
}

/* The view of the player to act in a discard phase. */
static gr_view discard_view(const gr_rules *r)
{
    gr_game *g = NULL;
    gr_view v;
    REQUIRE(gr_game_new(&g, r, 3, 0) == GR_OK);
    REQUIRE(gr_game_play(g, (gr_move){ .type = GR_MOVE_TAKE_UPCARD }) == GR_OK);
    REQUIRE(gr_game_view(g, 1, &v) == GR_OK);
    gr_game_free(g);
    REQUIRE(v.phase == GR_PHASE_DISCARD && v.nlegal > 0);
    return v;
}

static void expect_reason(gr_bot *bots[NKINDS], const gr_view *v, int want)
{
    int reason = -1;
    ck_assert_int_eq(gr_view_check(v, &reason), GR_EINVAL);
    ck_assert_msg(reason == want, "reason %s, want %s", gr_reason_name(reason),
                  gr_reason_name(want));
    all_functions(bots, v);
}

START_TEST(test_G12_hostile_views_refused)
{
    gr_rules *r = rules_number(GR_PRESET_STANDARD);
    gr_bot *bots[NKINDS];
    for (int k = 0; k < NKINDS; k++)
        bots[k] = new_bot(kinds[k], 5, r);
    gr_view good = upcard_view(r), v;
    all_functions(bots, &good);
    ck_assert_int_eq(gr_view_check(NULL, NULL), GR_EINVAL);
    int reason = -1;
    ck_assert_int_eq(gr_view_check(NULL, &reason), GR_EINVAL);
    ck_assert_int_eq(reason, GR_REASON_NULL_ARGUMENT);

    const int seats[] = { -1, 2, 7, 1000000, INT_MIN, INT_MAX };
    for (size_t i = 0; i < sizeof seats / sizeof *seats; i++) {
        v = good;
        v.turn = seats[i];
        expect_reason(bots, &v, GR_REASON_BAD_VALUE);
        v = good;
        v.dealer = seats[i];
        expect_reason(bots, &v, GR_REASON_BAD_VALUE);
        v = good;
        v.player = seats[i];
        expect_reason(bots, &v, GR_REASON_BAD_VALUE);
        v = good;
        v.phase = seats[i];
        expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    }
    /* an upcard offer with an empty pile, the stock one card larger */
    v = good;
    v.ndiscards = 0;
    v.stock_size++;
    expect_reason(bots, &v, GR_REASON_CARD_COUNT);
    /* a discard phase whose pile is all 52 cards, the counts made to add up */
    gr_view d = discard_view(r);
    all_functions(bots, &d);
    v = d;
    for (int c = 0; c < GR_NCARDS; c++)
        v.discards[c] = (gr_card)c;
    v.ndiscards = GR_NCARDS;
    v.stock_size = 0;
    v.opponent_count = -11;
    expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    v.opponent_count = 0;
    v.hand = 0;
    v.nlegal = 0;
    expect_reason(bots, &v, GR_REASON_CARD_COUNT);
    /* the pile made of cards of the hand */
    v = d;
    v.discards[v.ndiscards++] = (gr_card)__builtin_ctzll(v.hand);
    v.stock_size--;
    expect_reason(bots, &v, GR_REASON_CARDS_UNACCOUNTED);
    /* counts that do not add up */
    v = d;
    v.stock_size = 52;
    expect_reason(bots, &v, GR_REASON_CARDS_UNACCOUNTED);
    v.stock_size = -1;
    expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    /* a draw phase with an empty stock, the pile holding the rest */
    v = good;
    v.phase = GR_PHASE_DRAW;
    v.legal[0] = (gr_move){ .type = GR_MOVE_DRAW_STOCK, .card = GR_NO_CARD };
    v.legal[1] = (gr_move){ .type = GR_MOVE_DRAW_DISCARD, .card = v.discards[0] };
    all_functions(bots, &v);   /* well formed */
    gr_card upcard = v.discards[0];
    gr_cards rest = GR_ALL_CARDS & ~v.hand & ~GR_CARD_BIT(upcard);
    v.ndiscards = 0;
    for (int n = 0; rest; n++, rest &= rest - 1)
        if (n >= 10)   /* the first 10 are the opponent's */
            v.discards[v.ndiscards++] = (gr_card)__builtin_ctzll(rest);
    v.discards[v.ndiscards++] = upcard;
    v.stock_size = 0;
    ck_assert_int_eq(v.ndiscards, 32);
    expect_reason(bots, &v, GR_REASON_CARD_COUNT);
    /* cards out of the deck */
    v = good;
    v.hand |= (gr_cards)1 << 60;
    expect_reason(bots, &v, GR_REASON_BAD_CARD);
    v = good;
    v.discards[0] = 255;
    expect_reason(bots, &v, GR_REASON_BAD_CARD);
    v = good;
    v.opponent_known = (gr_cards)1 << 52;
    expect_reason(bots, &v, GR_REASON_BAD_CARD);
    /* hands of the wrong size */
    v = good;
    v.opponent_count = 11;
    v.stock_size--;
    expect_reason(bots, &v, GR_REASON_CARD_COUNT);
    v = d;   /* 11 cards known in a hand of 10 */
    v.opponent_known = 0;
    for (int i = 0; i < v.ndiscards; i++)
        v.opponent_known |= GR_CARD_BIT(v.discards[i]);
    v.opponent_known = GR_ALL_CARDS & ~v.hand & ~v.opponent_known;
    while (__builtin_popcountll(v.opponent_known) > 11)
        v.opponent_known &= v.opponent_known - 1;
    expect_reason(bots, &v, GR_REASON_CARD_COUNT);
    /* legal moves that do not fit */
    v = good;
    v.nlegal = -1;
    expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    v = good;
    v.legal[1] = v.legal[0];   /* listed twice */
    expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    v = good;
    v.legal[0].type = GR_MOVE_DISCARD;   /* not in the upcard phase */
    expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    v = good;
    v.legal[0].card = (gr_card)__builtin_ctzll(v.hand);   /* not the upcard */
    expect_reason(bots, &v, GR_REASON_BAD_CARD);
    v = good;
    v.turn = 1 - v.player;   /* moves for a player not to act */
    expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    v = d;
    for (int i = 0; i < v.nlegal; i++)
        if (v.legal[i].type == GR_MOVE_DISCARD) {
            for (gr_card c = 0; c < GR_NCARDS; c++)
                if (!(v.hand & GR_CARD_BIT(c))) {
                    v.legal[i].card = c;
                    break;
                }
            break;
        }
    expect_reason(bots, &v, GR_REASON_NOT_IN_HAND);
    v = d;
    v.legal[0].reserved[1] = 1;
    expect_reason(bots, &v, GR_REASON_RESERVED_NOT_ZERO);
    v = good;
    v.reserved[15] = 1;
    expect_reason(bots, &v, GR_REASON_RESERVED_NOT_ZERO);
    v = good;
    v.knock_limit = 11;
    expect_reason(bots, &v, GR_REASON_BAD_VALUE);
    /* the wall with a full stock */
    v = good;
    v.phase = GR_PHASE_WALL;
    v.legal[0].type = GR_MOVE_DRAW_DISCARD;
    expect_reason(bots, &v, GR_REASON_CARD_COUNT);
    for (int k = 0; k < NKINDS; k++)
        gr_bot_free(bots[k]);
    gr_rules_free(r);
}
END_TEST

/* ---- real views with fields changed at random ------------------------------ */

static int odd_value(test_rng *rng)
{
    static const int odd[] = { -1, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 20, 31, 32,
                               51, 52, 53, 63, 64, 255, 1000000, INT_MIN, INT_MAX };
    return test_below(rng, 3) == 0 ? test_below(rng, 60) - 4
                                   : odd[test_below(rng, (int)(sizeof odd / sizeof *odd))];
}

static void mutate(test_rng *rng, gr_view *v)
{
    switch (test_below(rng, 14)) {
    case 0: v->player = odd_value(rng); break;
    case 1: v->turn = odd_value(rng); break;
    case 2: v->dealer = odd_value(rng); break;
    case 3: v->phase = odd_value(rng); break;
    case 4: v->hand ^= (gr_cards)1 << test_below(rng, 64); break;
    case 5: v->opponent_known ^= (gr_cards)1 << test_below(rng, 64); break;
    case 6: v->opponent_count = odd_value(rng); break;
    case 7: v->stock_size = odd_value(rng); break;
    case 8: v->ndiscards = odd_value(rng); break;
    case 9: v->discards[test_below(rng, GR_NCARDS)] = (gr_card)test_below(rng, 256); break;
    case 10: v->knock_limit = odd_value(rng); break;
    case 11: v->nlegal = odd_value(rng); break;
    case 12: v->legal[test_below(rng, GR_MAX_MOVES)].type = test_below(rng, 11) - 1; break;
    default: v->legal[test_below(rng, GR_MAX_MOVES)].card = (gr_card)test_below(rng, 256); break;
    }
}

START_TEST(test_G12_changed_views)
{
    test_rng rng = { 0x76696577 };
    long hands = test_count(12);
    long refused = 0, accepted = 0;
    for (int ri = 0; ri < NRULES; ri++) {
        gr_rules *r = rules_number(ri);
        gr_bot *bots[NKINDS], *player;
        for (int k = 0; k < NKINDS; k++)
            bots[k] = new_bot(kinds[k], 9 + k, r);
        REQUIRE(gr_bot_new(&player, GR_BOT_RANDOM, 3) == GR_OK);
        for (long h = 0; h < hands; h++) {
            gr_game *g = NULL;
            REQUIRE(gr_game_new(&g, r, 500 + 40 * ri + h, h & 1) == GR_OK);
            for (int n = 0; gr_game_phase(g) != GR_PHASE_OVER; n++) {
                gr_view v;
                gr_move m;
                REQUIRE(gr_game_view(g, gr_game_turn(g), &v) == GR_OK);
                if (n % 3 == 0) {
                    gr_view x = v;
                    int changes = 1 + test_below(&rng, 3);
                    for (int c = 0; c < changes; c++)
                        mutate(&rng, &x);
                    all_functions(bots, &x);
                    if (gr_view_check(&x, NULL) == GR_OK)
                        accepted++;
                    else
                        refused++;
                }
                REQUIRE(gr_bot_choose(player, &v, &m) == GR_OK);
                REQUIRE(gr_game_play(g, m) == GR_OK);
            }
            gr_game_free(g);
        }
        for (int k = 0; k < NKINDS; k++)
            gr_bot_free(bots[k]);
        gr_bot_free(player);
        gr_rules_free(r);
    }
    ck_assert(refused > 0 && accepted > 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("view");
    TCase *tc = tcase_create("check");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_G12_real_views_pass);
    tcase_add_test(tc, test_G12_hostile_views_refused);
    tcase_add_test(tc, test_G12_changed_views);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
