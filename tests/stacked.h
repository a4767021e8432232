/*
 * stacked.h: stacked-deck helpers for the scenario programs of the rule
 * options and multi-player matches (check_variants.c, check_table.c).
 * Include <check.h>, <ginrummy.h> and testutil.h first.
 */
#ifndef GR_TEST_STACKED_H
#define GR_TEST_STACKED_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define BIT(c) GR_CARD_BIT(c)

#define C(text) test_card(text)
#define S(text) test_cards(text)
#define pts test_points          /* G2 without the library */
#define A test_arrangement      /* deadwood text, then melds, NULL */
#define R test_rules

static inline void set(gr_rules *r, int opt, int val)
{
    ck_assert_int_eq(gr_rules_set(r, opt, val), GR_OK);
}

/* A stacked deck: the non-dealer's 10 cards, the dealer's 10, the upcard;
 * the stock holds the other cards in card order except that `at` (if not
 * NULL) is its card number `pos` from the top (0 = the top). */
static inline void deck_stack(gr_card deck[52], const char *nondealer,
                              const char *dealer, const char *up,
                              const char *at, int pos)
{
    gr_cards nd = S(nondealer), dl = S(dealer);
    gr_card upc = C(up);
    ck_assert_int_eq(__builtin_popcountll(nd), 10);
    ck_assert_int_eq(__builtin_popcountll(dl), 10);
    ck_assert((nd & dl) == 0 && !((nd | dl) & BIT(upc)));
    int i = 0, j = 0;
    for (gr_cards a = nd, b = dl; a; a &= a - 1, b &= b - 1) {
        deck[2 * i++] = (gr_card)__builtin_ctzll(a);
        deck[2 * j++ + 1] = (gr_card)__builtin_ctzll(b);
    }
    deck[20] = upc;
    gr_cards used = nd | dl | BIT(upc);
    gr_card special = at ? C(at) : GR_NO_CARD;
    if (at) {
        ck_assert(!(used & BIT(special)));
        used |= BIT(special);
    }
    int k = 21;
    for (int c = 0; c < 52; c++) {
        if (at && k == 21 + pos)
            deck[k++] = special;
        if (!(used & BIT(c)))
            deck[k++] = (gr_card)c;
    }
    if (at && k == 21 + pos)
        deck[k++] = special;
    ck_assert_int_eq(k, 52);
}

static inline gr_game *G(const gr_rules *r, const char *nondealer,
                         const char *dealer, const char *up, const char *at,
                         int pos, int dealer_id)
{
    gr_card deck[52];
    gr_game *g = NULL;
    deck_stack(deck, nondealer, dealer, up, at, pos);
    ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, dealer_id), GR_OK);
    return g;
}

#define play test_play
#define has_move test_has_move

#define refuse test_refuse
#define draw_stock test_draw_stock
#define result test_result

/* ---- decks shared by the scenarios ---- */

/* knocker deadwood 9 (9C); the defender keeps 9D (nothing lays off) */
#define TIE_DEF "2C 3C 4C 8H 9H 10H 6D 6H 6S 9D"

/* P0 (non-dealer, dealer 1): a 9-card run and 2D, never knocks here.  P1:
 * 5H-7H, 8S-10S, JC JD and KD QC: deadwood 40; a third jack melds the
 * jacks and leaves KD QC (20), one of which can go: a knock with 10. */
#define W_ND "AC 2C 3C 4C 5C 6C 7C 8C 9C 2D"
#define W_DL "5H 6H 7H 8S 9S 10S JC JD KD QC"

/* Both pass the upcard; 29 stock draws, each discarded at once, leave 2
 * cards; the non-dealer made the last draw and discarded it: returns that
 * card. */
static inline gr_card to_the_wall(gr_game *g)
{
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    gr_card c = GR_NO_CARD;
    for (int i = 0; i < 29; i++) {
        ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
        c = draw_stock(g);
        ck_assert_int_eq(play(g, GR_MOVE_DISCARD, c), GR_OK);
    }
    ck_assert_int_eq(gr_game_stock_size(g), 2);
    return c;
}

#endif /* GR_TEST_STACKED_H */
