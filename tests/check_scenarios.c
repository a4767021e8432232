/*
 * check_scenarios.c: an independent audit of libginrummy against the rules
 * (doc/rules-reference.md, the seed texts), through the public API only.
 *
 * Every expected value below was worked out by hand from the rules, not
 * taken from the library.  A scenario where the library disagrees with the
 * rules is kept and marked with an AUDIT comment.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

/* ------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------ */

#define BIT(c) GR_CARD_BIT(c)

#define C(text) test_card(text)
#define S(text) test_cards(text)

#define pts test_points   /* G2, without the library */

static int count(gr_cards s)
{
    return __builtin_popcountll(s);
}

#define A test_arrangement   /* deadwood text, then meld texts, NULL */

#define arr_cards(a) test_arrangement_cards(a)

#define R test_rules

static gr_rules *Rset(int preset, int opt, int val)
{
    gr_rules *r = R(preset);
    ck_assert_int_eq(gr_rules_set(r, opt, val), GR_OK);
    return r;
}

static int split(const char *text, gr_card *out, int max)
{
    char buf[256];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        ck_assert_int_lt(n, max);
        out[n++] = C(t);
    }
    return n;
}

/* A stacked deck: the non-dealer's 10 cards, the dealer's 10, the upcard,
 * the top of the stock (any number of cards, top first); the rest of the
 * stock in card order. */
static void deck_build(gr_card deck[52], const char *nondealer,
                       const char *dealer, const char *up, const char *stock)
{
    gr_card nd[10], dl[10], st[31];
    ck_assert_int_eq(split(nondealer, nd, 10), 10);
    ck_assert_int_eq(split(dealer, dl, 10), 10);
    int ns = split(stock, st, 31);
    gr_cards used = 0;
    for (int i = 0; i < 10; i++) {
        deck[2 * i] = nd[i];
        deck[2 * i + 1] = dl[i];
    }
    deck[20] = C(up);
    for (int i = 0; i < ns; i++)
        deck[21 + i] = st[i];
    for (int i = 0; i < 21 + ns; i++) {
        ck_assert_msg(!(used & BIT(deck[i])), "deck card twice");
        used |= BIT(deck[i]);
    }
    int k = 21 + ns;
    for (int c = 0; c < 52; c++)
        if (!(used & BIT(c)))
            deck[k++] = (gr_card)c;
    ck_assert_int_eq(k, 52);
}

static gr_game *G(const gr_rules *r, const char *nondealer, const char *dealer,
                  const char *up, const char *stock, int dealer_id)
{
    gr_card deck[52];
    gr_game *g = NULL;
    deck_build(deck, nondealer, dealer, up, stock);
    ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, dealer_id), GR_OK);
    return g;
}

#define play test_play

static gr_cards hand(const gr_game *g, int p)
{
    gr_cards h = 0;
    ck_assert_int_eq(gr_game_hand(g, p, &h), GR_OK);
    return h;
}

#define refuse test_refuse
#define draw_stock test_draw_stock

#define has_move test_has_move

#define result test_result

static gr_card upcard(const gr_game *g)
{
    gr_card c = GR_NO_CARD;
    ck_assert_int_eq(gr_game_upcard(g, &c), GR_OK);
    return c;
}

static gr_hand_result settle(const gr_rules *r, gr_arrangement k, const char *def)
{
    gr_hand_result res;
    ck_assert_int_eq(gr_settle(r, &k, S(def), &res), GR_OK);
    return res;
}

/* ------------------------------------------------------------------------
 * G1, G2: cards and points; parse and format
 * ------------------------------------------------------------------------ */

START_TEST(test_G1_card_numbering)
{
    ck_assert_int_eq(C("AC"), 0);
    ck_assert_int_eq(C("KC"), 12);
    ck_assert_int_eq(C("AD"), 13);
    ck_assert_int_eq(C("AH"), 26);
    ck_assert_int_eq(C("AS"), 39);
    ck_assert_int_eq(C("KS"), 51);
    ck_assert_int_eq(C("10h"), GR_CARD(GR_TEN, GR_HEARTS));
    ck_assert_int_eq(C("Th"), 35);
    ck_assert_int_eq(C("tS"), 48);
    ck_assert_int_eq(C("Qd"), 24);
    ck_assert_int_eq(C("  as  "), 39);
    ck_assert_int_eq(C("A\u2660"), 39);   /* spade symbol */
    ck_assert_int_eq(C("10\u2665"), 35);  /* heart */
    ck_assert_int_eq(C("Q\u2666"), 24);   /* diamond */
    ck_assert_int_eq(C("K\u2663"), 12);   /* club */
    ck_assert_int_eq(C("k\u2664"), 51);   /* white spade */
    /* 52 distinct cards, no jokers */
    gr_cards all = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 0; r < 13; r++)
            all |= BIT(GR_CARD(r, s));
    ck_assert_uint_eq(all, GR_ALL_CARDS);
    ck_assert_int_eq(gr_cards_count(GR_ALL_CARDS), 52);
}
END_TEST

START_TEST(test_G2_points)
{
    ck_assert_int_eq(gr_card_points(C("AS")), 1);
    ck_assert_int_eq(gr_card_points(C("2D")), 2);
    ck_assert_int_eq(gr_card_points(C("9C")), 9);
    ck_assert_int_eq(gr_card_points(C("10H")), 10);
    ck_assert_int_eq(gr_card_points(C("JC")), 10);
    ck_assert_int_eq(gr_card_points(C("QD")), 10);
    ck_assert_int_eq(gr_card_points(C("KS")), 10);
    ck_assert_int_eq(gr_card_points(52), GR_EINVAL);
    /* a suit: 1+..+10 + 3*10 = 85; the deck 340 */
    ck_assert_int_eq(gr_cards_points(S("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")), 85);
    ck_assert_int_eq(gr_cards_points(GR_ALL_CARDS), 340);
    ck_assert_int_eq(gr_cards_points(0), 0);
    ck_assert_int_eq(gr_cards_points(BIT(52) - 1 + BIT(52)), GR_EINVAL);
}
END_TEST

START_TEST(test_G1_parse_format_corners)
{
    gr_card c = 7;
    gr_cards s = 77;
    ck_assert_int_eq(gr_card_parse("1S", &c), GR_EPARSE);
    ck_assert_int_eq(gr_card_parse("AX", &c), GR_EPARSE);
    ck_assert_int_eq(gr_card_parse("", &c), GR_EPARSE);
    ck_assert_int_eq(gr_card_parse("AS KS", &c), GR_EPARSE);
    ck_assert_int_eq(gr_card_parse("11H", &c), GR_EPARSE);
    ck_assert_int_eq(gr_card_parse(NULL, &c), GR_EINVAL);
    ck_assert_int_eq(gr_card_parse("10", &c), GR_EPARSE);
    ck_assert_int_eq(gr_card_parse("S", &c), GR_EPARSE);
    ck_assert_int_eq(c, 7);

    ck_assert_int_eq(gr_cards_parse("AS 2S,3S", &s), GR_OK);
    ck_assert_uint_eq(s, BIT(39) | BIT(40) | BIT(41));
    ck_assert_int_eq(gr_cards_parse("AS,,2S ,  3S", &s), GR_OK);
    ck_assert_uint_eq(s, BIT(39) | BIT(40) | BIT(41));
    ck_assert_int_eq(gr_cards_parse("", &s), GR_OK);
    ck_assert_uint_eq(s, 0);
    ck_assert_int_eq(gr_cards_parse("   ", &s), GR_OK);
    ck_assert_uint_eq(s, 0);
    s = 77;
    ck_assert_int_eq(gr_cards_parse("AS as", &s), GR_EINVAL);
    ck_assert_int_eq(gr_cards_parse("10H TH", &s), GR_EINVAL);
    ck_assert_int_eq(gr_cards_parse("AS ZZ", &s), GR_EPARSE);
    ck_assert_int_eq(gr_cards_parse("AS2S", &s), GR_EPARSE);
    ck_assert_uint_eq(s, 77);

    char buf[200];
    ck_assert_int_eq(gr_cards_format(0, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(gr_cards_format(S("KS 10D 2C AC"), buf, sizeof buf), 12);
    ck_assert_str_eq(buf, "AC 2C 10D KS");
    /* snprintf semantics */
    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(gr_cards_format(S("AC 2C"), buf, 3), 5);
    ck_assert_str_eq(buf, "AC");
    ck_assert_int_eq(gr_cards_format(S("AC 2C"), NULL, 0), 5);
    /* the deck: 48 two-letter cards, 4 tens, 51 spaces = 96 + 12 + 51 */
    ck_assert_int_eq(gr_cards_format(GR_ALL_CARDS, buf, sizeof buf), 159);
    ck_assert_int_eq(gr_cards_parse(buf, &s), GR_OK);
    ck_assert_uint_eq(s, GR_ALL_CARDS);
    ck_assert_int_eq(gr_cards_format(BIT(52) | 1, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_card_format(C("10H"), buf, sizeof buf), 3);
    ck_assert_str_eq(buf, "10H");
}
END_TEST

/* ------------------------------------------------------------------------
 * G4, G5: melds and deadwood
 * ------------------------------------------------------------------------ */

START_TEST(test_G4_meld_kinds)
{
    ck_assert_int_eq(gr_meld_kind(S("AC 2C 3C")), GR_MELD_RUN);
    ck_assert_int_eq(gr_meld_kind(S("QH KH AH")), 0);
    ck_assert_int_eq(gr_meld_kind(S("KH AH 2H")), 0);
    ck_assert_int_eq(gr_meld_kind(S("JH QH KH")), GR_MELD_RUN);
    ck_assert_int_eq(gr_meld_kind(S("7C 7D 7H")), GR_MELD_SET);
    ck_assert_int_eq(gr_meld_kind(S("7C 7D 7H 7S")), GR_MELD_SET);
    ck_assert_int_eq(gr_meld_kind(S("7C 7D")), 0);
    ck_assert_int_eq(gr_meld_kind(S("AC 2C")), 0);
    ck_assert_int_eq(gr_meld_kind(S("AC 2D 3C")), 0);
    ck_assert_int_eq(gr_meld_kind(S("AC 2C 4C")), 0);
    ck_assert_int_eq(gr_meld_kind(S("5C 5D 5H 6C")), 0);
    ck_assert_int_eq(gr_meld_kind(0), 0);
    ck_assert_int_eq(gr_meld_kind(S("KS")), 0);
    ck_assert_int_eq(gr_meld_kind(S("9S 10S JS QS KS")), GR_MELD_RUN);
    ck_assert_int_eq(gr_meld_kind(S("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")),
                     GR_MELD_RUN);
    ck_assert_int_eq(gr_meld_kind(BIT(52)), GR_EINVAL);
}
END_TEST

START_TEST(test_G5_deadwood_corners)
{
    ck_assert_int_eq(gr_deadwood(0), 0);
    ck_assert_int_eq(gr_deadwood(S("KS")), 10);
    ck_assert_int_eq(gr_deadwood(S("AC 2C")), 3);
    ck_assert_int_eq(gr_deadwood(GR_ALL_CARDS), 0);
    /* 51 cards: the deck without 7C: runs AC-6C, 8C-KC, three full suits */
    ck_assert_int_eq(gr_deadwood(GR_ALL_CARDS & ~BIT(C("7C"))), 0);
    /* 51 cards without 2C: AC can only meld in the ace set */
    ck_assert_int_eq(gr_deadwood(GR_ALL_CARDS & ~BIT(C("2C"))), 0);
    /* Q-K-A and K-A-2 are no runs */
    ck_assert_int_eq(gr_deadwood(S("QH KH AH")), 21);
    ck_assert_int_eq(gr_deadwood(S("KH AH 2H")), 13);
    /* a 4-set split to complete a run: 5C-9C + 7D 7H 7S, deadwood KD KH */
    ck_assert_int_eq(gr_deadwood(S("7C 7D 7H 7S 5C 6C 8C 9C KD KH")), 20);
    /* 3C in the set or in the run: the set leaves AC 2C (3), the run 3D 3H (6) */
    ck_assert_int_eq(gr_deadwood(S("AC 2C 3C 3D 3H")), 3);
    /* two 3-sets plus runs sharing their cards: 3 runs of A-3 = 0 */
    ck_assert_int_eq(gr_deadwood(S("AC 2C 3C AD 2D 3D AH 2H 3H")), 0);
    /* a 4-set whose cards each extend a different run: 4 runs */
    ck_assert_int_eq(gr_deadwood(S("4C 4D 4H 4S 5C 6C 5D 6D 2H 3H 2S 3S")), 0);
    ck_assert_int_eq(gr_deadwood(BIT(60)), GR_EINVAL);
}
END_TEST

START_TEST(test_G5_arrange)
{
    gr_arrangement a;
    ck_assert_int_eq(gr_arrange(S("7C 7D 7H 7S 5C 6C 8C 9C KD KH"), &a), 20);
    ck_assert_int_eq(a.nmelds, 2);
    /* listed by lowest card: the run 5C-9C, then the set 7D 7H 7S */
    ck_assert_uint_eq(a.melds[0], S("5C 6C 7C 8C 9C"));
    ck_assert_uint_eq(a.melds[1], S("7D 7H 7S"));
    ck_assert_uint_eq(a.melds[2], 0);
    ck_assert_uint_eq(a.deadwood, S("KD KH"));
    ck_assert_int_eq(a.deadwood_points, 20);

    ck_assert_int_eq(gr_arrange(0, &a), 0);
    ck_assert_int_eq(a.nmelds, 0);
    ck_assert_uint_eq(a.deadwood, 0);

    ck_assert_int_eq(gr_arrange(S("QS"), &a), 10);
    ck_assert_int_eq(a.nmelds, 0);
    ck_assert_uint_eq(a.deadwood, S("QS"));

    ck_assert_int_eq(gr_arrange(GR_ALL_CARDS, &a), 0);
    ck_assert_int_eq(a.nmelds, 4);   /* four 13-card runs */
    for (int s = 0; s < 4; s++)
        ck_assert_uint_eq(a.melds[s], (gr_cards)0x1FFF << (13 * s));

    /* the set wins when it leaves less: AC 2C 3C 3D 3H -> set, AC 2C dead */
    ck_assert_int_eq(gr_arrange(S("AC 2C 3C 3D 3H"), &a), 3);
    ck_assert_int_eq(a.nmelds, 1);
    ck_assert_uint_eq(a.melds[0], S("3C 3D 3H"));
    ck_assert_uint_eq(a.deadwood, S("AC 2C"));
}
END_TEST

START_TEST(test_G5_best_discard)
{
    gr_card c = 0;
    /* KS or QS leave 10; tie -> most points, then the highest card: KS */
    ck_assert_int_eq(gr_best_discard(S("AC 2C 3C 4D 5D 6D 7H 8H 9H KS QS"), &c), 10);
    ck_assert_int_eq(c, C("KS"));
    /* only 6S out leaves gin */
    ck_assert_int_eq(gr_best_discard(S("AC 2C 3C 4D 5D 6D 7H 8H 9H 10H 6S"), &c), 0);
    ck_assert_int_eq(c, C("6S"));
    ck_assert_int_eq(gr_best_discard(0, &c), GR_EINVAL);
}
END_TEST

/* ------------------------------------------------------------------------
 * G6-G8: cut, deal, dealer rotation
 * ------------------------------------------------------------------------ */

START_TEST(test_G6_cut_higher_deals)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    int dealers[2] = { 0, 0 };
    for (uint64_t seed = 1; seed <= 64; seed++) {
        gr_match *m = NULL;
        gr_card cut[2];
        ck_assert_int_eq(gr_match_new(&m, r, seed), GR_OK);
        ck_assert_int_eq(gr_match_cut(m, cut), GR_OK);
        ck_assert_int_le(cut[0], 51);
        ck_assert_int_le(cut[1], 51);
        ck_assert_int_ne(cut[0], cut[1]);
        /* suits never break a tie: the ranks differ */
        ck_assert_int_ne(GR_CARD_RANK(cut[0]), GR_CARD_RANK(cut[1]));
        int d = GR_CARD_RANK(cut[0]) > GR_CARD_RANK(cut[1]) ? 0 : 1;
        ck_assert_int_eq(gr_match_dealer(m), d);
        dealers[d]++;
        gr_game *g = NULL;
        ck_assert_int_eq(gr_match_deal(m, &g), GR_OK);
        ck_assert_int_eq(gr_game_dealer(g), d);
        ck_assert_int_eq(gr_game_turn(g), 1 - d);
        gr_game_free(g);
        gr_match_free(m);
    }
    ck_assert_int_gt(dealers[0], 0);
    ck_assert_int_gt(dealers[1], 0);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G7_deal_from_stacked_deck)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_card deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = (gr_card)(51 - i);
    for (int dealer = 0; dealer < 2; dealer++) {
        gr_game *g = NULL;
        ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, dealer), GR_OK);
        gr_cards nd = 0, dl = 0;
        for (int i = 0; i < 10; i++) {
            nd |= BIT(deck[2 * i]);
            dl |= BIT(deck[2 * i + 1]);
        }
        ck_assert_uint_eq(hand(g, 1 - dealer), nd);
        ck_assert_uint_eq(hand(g, dealer), dl);
        ck_assert_int_eq(gr_game_dealer(g), dealer);
        ck_assert_int_eq(gr_game_turn(g), 1 - dealer);
        ck_assert_int_eq(gr_game_phase(g), GR_PHASE_UPCARD);
        ck_assert_int_eq(upcard(g), deck[20]);
        ck_assert_int_eq(gr_game_discards(g, NULL, 0), 1);
        ck_assert_int_eq(gr_game_stock_size(g), 31);
        /* both pass: the non-dealer draws deck[21], then deck[22] ... */
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(gr_game_turn(g), 1 - dealer);
        gr_card c = draw_stock(g);
        ck_assert_int_eq(c, deck[21]);
        ck_assert_int_eq(play(g, GR_MOVE_DISCARD, c), GR_OK);
        ck_assert_int_eq(gr_game_turn(g), dealer);
        ck_assert_int_eq(draw_stock(g), deck[22]);
        ck_assert_int_eq(gr_game_stock_size(g), 29);
        gr_game_free(g);
    }
    /* a deck with a card twice, a bad dealer */
    gr_game *g = NULL;
    deck[5] = deck[6];
    ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, 0), GR_EINVAL);
    deck[5] = (gr_card)(51 - 5);
    ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, 2), GR_EINVAL);
    ck_assert_ptr_null(g);
    /* a seeded deal: 10 + 10 + 1 + 31, disjoint */
    ck_assert_int_eq(gr_game_new(&g, r, 42, 1), GR_OK);
    gr_cards h0 = hand(g, 0), h1 = hand(g, 1);
    ck_assert_int_eq(count(h0), 10);
    ck_assert_int_eq(count(h1), 10);
    ck_assert_uint_eq(h0 & h1, 0);
    ck_assert_uint_eq((h0 | h1) & BIT(upcard(g)), 0);
    ck_assert_int_eq(gr_game_stock_size(g), 31);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

static void rec(gr_match *m, int outcome, int knocker, int winner, int points)
{
    gr_hand_result h;
    memset(&h, 0, sizeof h);
    h.outcome = outcome;
    h.knocker = knocker;
    h.winner = winner;
    h.points = points;
    ck_assert_int_eq(gr_match_record(m, &h), GR_OK);
}

START_TEST(test_G8_winner_deals_void_same_dealer)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 7), GR_OK);
    int d = gr_match_dealer(m);
    ck_assert(d == 0 || d == 1);
    /* the non-dealer wins a knock: he deals next */
    rec(m, GR_OUTCOME_KNOCK, 1 - d, 1 - d, 12);
    ck_assert_int_eq(gr_match_dealer(m), 1 - d);
    /* void: same dealer */
    rec(m, GR_OUTCOME_VOID, -1, -1, 0);
    ck_assert_int_eq(gr_match_dealer(m), 1 - d);
    /* undercut: the defender won, he deals */
    rec(m, GR_OUTCOME_UNDERCUT, 1 - d, d, 10);
    ck_assert_int_eq(gr_match_dealer(m), d);
    /* gin by the dealer: he deals again */
    rec(m, GR_OUTCOME_GIN, d, d, 25);
    ck_assert_int_eq(gr_match_dealer(m), d);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal(m, &g), GR_OK);
    ck_assert_int_eq(gr_game_dealer(g), d);
    gr_game_free(g);
    /* inconsistent results refused */
    gr_hand_result h;
    memset(&h, 0, sizeof h);
    h.outcome = GR_OUTCOME_UNDERCUT; h.knocker = 0; h.winner = 0; h.points = 10;
    ck_assert_int_eq(gr_match_record(m, &h), GR_EINVAL);
    h.outcome = GR_OUTCOME_KNOCK; h.knocker = 0; h.winner = 1;
    ck_assert_int_eq(gr_match_record(m, &h), GR_EINVAL);
    gr_score sc;
    ck_assert_int_eq(gr_match_score(m, &sc), GR_OK);
    ck_assert_int_eq(sc.hands_played, 4);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * G9-G12: turns
 * ------------------------------------------------------------------------ */

/* non-dealer P0 (dealer 1): dw 10 (KS); dealer P1: dw 10 (QD); upcard KD */
#define G9_ND "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"
#define G9_DL "2S 3S 4S 9C 10C JC 5H 5S 5C QD"
/* a dealer hand that does not matter */
#define G13_DL "8S 9S 10S JD QD 6H 6C 6S 9H KH"

START_TEST(test_G9_nondealer_takes)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, G9_ND, G9_DL, "KD", "2H 3H", 1);
    gr_move mv[GR_MAX_MOVES];
    ck_assert_int_eq(gr_game_legal_moves(g, mv, GR_MAX_MOVES), 2);
    ck_assert_int_eq(mv[0].type, GR_MOVE_TAKE_UPCARD);
    ck_assert_int_eq(mv[0].card, C("KD"));
    ck_assert_int_eq(mv[1].type, GR_MOVE_PASS);
    refuse(g, GR_MOVE_DRAW_STOCK, GR_NO_CARD, GR_ESTATE);
    refuse(g, GR_MOVE_DISCARD, C("KS"), GR_ESTATE);

    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DISCARD);
    ck_assert_int_eq(gr_game_turn(g), 0);
    ck_assert_uint_eq(hand(g, 0), S(G9_ND " KD"));
    ck_assert_int_eq(gr_game_discards(g, NULL, 0), 0);
    gr_card c;
    ck_assert_int_eq(gr_game_upcard(g, &c), GR_ESTATE);
    ck_assert_int_eq(gr_game_stock_size(g), 31);
    /* G11: not the upcard */
    refuse(g, GR_MOVE_DISCARD, C("KD"), GR_EILLEGAL);
    ck_assert(!has_move(g, GR_MOVE_DISCARD, C("KD")));
    ck_assert(has_move(g, GR_MOVE_DISCARD, C("KS")));
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("KS")), GR_OK);
    /* the dealer plays normally: he may take the discard */
    ck_assert_int_eq(gr_game_turn(g), 1);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    ck_assert(has_move(g, GR_MOVE_DRAW_DISCARD, C("KS")));
    ck_assert(has_move(g, GR_MOVE_DRAW_STOCK, GR_NO_CARD));
    refuse(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD, GR_ESTATE);
    refuse(g, GR_MOVE_PASS, GR_NO_CARD, GR_ESTATE);
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_uint_eq(hand(g, 1), S(G9_DL " KS"));
    refuse(g, GR_MOVE_DISCARD, C("KS"), GR_EILLEGAL);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("QD")), GR_OK);
    ck_assert_int_eq(gr_game_turn(g), 0);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G9_nondealer_passes_dealer_takes)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, G9_ND, G9_DL, "KD", "2H 3H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    /* passing discards nothing */
    ck_assert_uint_eq(hand(g, 0), S(G9_ND));
    ck_assert_int_eq(gr_game_discards(g, NULL, 0), 1);
    ck_assert_int_eq(upcard(g), C("KD"));
    ck_assert_int_eq(gr_game_turn(g), 1);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_UPCARD);
    ck_assert(has_move(g, GR_MOVE_TAKE_UPCARD, C("KD")));
    refuse(g, GR_MOVE_DRAW_STOCK, GR_NO_CARD, GR_ESTATE);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(gr_game_turn(g), 1);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DISCARD);
    refuse(g, GR_MOVE_DISCARD, C("KD"), GR_EILLEGAL);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("QD")), GR_OK);
    /* the non-dealer plays normally, pile or stock */
    ck_assert_int_eq(gr_game_turn(g), 0);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    ck_assert(has_move(g, GR_MOVE_DRAW_DISCARD, C("QD")));
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_uint_eq(hand(g, 0), S(G9_ND " QD"));
    ck_assert_int_eq(gr_game_stock_size(g), 31);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G9_both_pass)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, G9_ND, G9_DL, "KD", "2H 3H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_uint_eq(hand(g, 1), S(G9_DL));
    ck_assert_int_eq(gr_game_turn(g), 0);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    gr_move mv[GR_MAX_MOVES];
    ck_assert_int_eq(gr_game_legal_moves(g, mv, GR_MAX_MOVES), 1);
    ck_assert_int_eq(mv[0].type, GR_MOVE_DRAW_STOCK);
    refuse(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD, GR_EILLEGAL);
    ck_assert_int_ne(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("2H"));
    /* a card from the stock may be discarded at once */
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("2H")), GR_OK);
    ck_assert_int_eq(gr_game_turn(g), 1);
    ck_assert(has_move(g, GR_MOVE_DRAW_DISCARD, C("2H")));
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_uint_eq(hand(g, 1), S(G9_DL " 2H"));
    gr_card pile[4];
    ck_assert_int_eq(gr_game_discards(g, pile, 4), 1);
    ck_assert_int_eq(pile[0], C("KD"));
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G9_take_upcard_and_go_out)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    /* the non-dealer takes 10H and goes gin at once (not with 10H) */
    gr_game *g = G(r, G9_ND, G9_DL, "10H", "2H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    refuse(g, GR_MOVE_GIN, C("10H"), GR_EILLEGAL);
    ck_assert_int_eq(play(g, GR_MOVE_GIN, C("KS")), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(res.knocker, 0);
    ck_assert_int_eq(res.points, 30);
    gr_game_free(g);
    /* the dealer (player 0) does it after the non-dealer's pass */
    g = G(r, G9_DL, G9_ND, "10H", "2H", 0);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(gr_game_turn(g), 0);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_GIN, C("KS")), GR_OK);
    res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(res.knocker, 0);
    ck_assert_int_eq(res.winner, 0);
    ck_assert_int_eq(res.points, 30);
    gr_game_free(g);
    gr_rules_free(r);
    /* STANDARD: dealt gin, the upcard JH makes 11 melded: big gin */
    r = R(GR_PRESET_STANDARD);
    g = G(r, "AC 2C 3C 4D 5D 6D 7H 8H 9H 10H", G9_DL, "JH", "2H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_BIG_GIN, GR_NO_CARD), GR_OK);
    res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_BIG_GIN);
    ck_assert_int_eq(res.points, 41);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G10_normal_turn)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, G9_ND, G9_DL, "KD", "2H 3H 4H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("2H"));
    refuse(g, GR_MOVE_DRAW_STOCK, GR_NO_CARD, GR_ESTATE);
    refuse(g, GR_MOVE_DISCARD, C("QD"), GR_EILLEGAL);  /* not his card */
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("KS")), GR_OK);
    refuse(g, GR_MOVE_DISCARD, C("QD"), GR_ESTATE);    /* must draw first */
    ck_assert_int_eq(draw_stock(g), C("3H"));
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("QD")), GR_OK);
    /* P0 takes the top of the pile (QD), not KS under it */
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert(hand(g, 0) & BIT(C("QD")));
    ck_assert(!(hand(g, 0) & BIT(C("KS"))));
    ck_assert_int_eq(upcard(g), C("KS"));
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G11_taken_card_not_discarded)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    /* P0 takes the upcard KD and holds dw 10 after discarding KS */
    gr_game *g = G(r, G9_ND, G9_DL, "KD", "2H 3H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    refuse(g, GR_MOVE_KNOCK, C("KD"), GR_EILLEGAL);
    ck_assert(!has_move(g, GR_MOVE_KNOCK, C("KD")));
    ck_assert(has_move(g, GR_MOVE_KNOCK, C("KS")));
    char *before = test_save(g);
    ck_assert_int_eq(gr_game_knock(g, C("KD"), NULL), GR_EILLEGAL);
    char *after = test_save(g);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    /* knocking with KS is legal (dw 10: KD) */
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KS")), GR_OK);
    gr_hand_result res = result(g);
    /* P1: 2S-4S, 5C 5H 5S, 9C-JC, QD: dw 10, no layoff on AC-3C, 4D-6D,
     * 7H-9H: tie -> undercut, the bonus alone (G21, G24) */
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.knocker, 0);
    ck_assert_int_eq(res.winner, 1);
    ck_assert_int_eq(res.points, 10);
    ck_assert_int_eq(res.knocker_deadwood, 10);
    ck_assert_int_eq(res.defender_deadwood, 10);
    gr_game_free(g);
    /* the same turn only: next turn KD may go */
    g = G(r, G9_ND, G9_DL, "KD", "2H 3H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("KS")), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("2H"));
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("2H")), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("3H"));
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("KD")), GR_OK);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

static gr_view view(const gr_game *g, int p)
{
    gr_view v;
    ck_assert_int_eq(gr_game_view(g, p, &v), GR_OK);
    ck_assert_int_eq(v.player, p);
    ck_assert_uint_eq(v.hand, hand(g, p));
    ck_assert_int_eq(v.stock_size, gr_game_stock_size(g));
    ck_assert_int_eq(v.opponent_count, count(hand(g, 1 - p)));
    ck_assert_uint_eq(v.opponent_known & ~hand(g, 1 - p), 0);
    gr_card pile[52];
    int n = gr_game_discards(g, pile, 52);
    ck_assert_int_eq(v.ndiscards, n);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(v.discards[i], pile[i]);
    ck_assert_int_eq(v.turn, gr_game_turn(g));
    ck_assert_int_eq(v.dealer, gr_game_dealer(g));
    if (v.turn != p || gr_game_phase(g) == GR_PHASE_OVER)
        ck_assert_int_eq(v.nlegal, 0);
    return v;
}

START_TEST(test_G12_views)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, G9_ND, G9_DL, "KD", "2H 3H 4H", 1);
    gr_view v = view(g, 1);
    ck_assert_uint_eq(v.opponent_known, 0);
    ck_assert_int_eq(v.stock_size, 31);
    ck_assert_int_eq(v.ndiscards, 1);
    ck_assert_int_eq(v.knock_limit, 10);
    ck_assert_int_eq(view(g, 0).nlegal, 2);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    /* taken from the pile: public */
    ck_assert_uint_eq(view(g, 1).opponent_known, S("KD"));
    ck_assert_int_eq(view(g, 1).opponent_count, 11);
    ck_assert_uint_eq(view(g, 0).opponent_known, 0);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("KS")), GR_OK);
    ck_assert_uint_eq(view(g, 1).opponent_known, S("KD"));
    /* the legal moves in a view do not name the stock's top card */
    v = view(g, 1);
    ck_assert_int_eq(v.nlegal, 2);
    for (int i = 0; i < v.nlegal; i++) {
        if (v.legal[i].type == GR_MOVE_DRAW_STOCK)
            ck_assert_int_eq(v.legal[i].card, GR_NO_CARD);
        else
            ck_assert_int_eq(v.legal[i].card, C("KS"));
    }
    /* a stock draw stays secret */
    ck_assert_int_eq(draw_stock(g), C("2H"));
    ck_assert_uint_eq(view(g, 0).opponent_known, 0);
    ck_assert_int_eq(view(g, 0).opponent_count, 11);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("QD")), GR_OK);
    ck_assert_uint_eq(view(g, 0).opponent_known, 0);
    /* P0 takes QD: known to P1; then discards KD: no longer known */
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_uint_eq(view(g, 1).opponent_known, S("KD QD"));
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("KD")), GR_OK);
    ck_assert_uint_eq(view(g, 1).opponent_known, S("QD"));
    /* P1 takes KD and knocks discarding 2H: 2S-4S, 5C 5H 5S, 9C-JC,
     * dw 10 (KD).  Then both hands are laid down. */
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_uint_eq(view(g, 0).opponent_known, S("KD"));
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("2H")), GR_OK);
    ck_assert_uint_eq(view(g, 0).opponent_known, hand(g, 1));
    ck_assert_int_eq(count(view(g, 0).opponent_known), 10);
    ck_assert_uint_eq(view(g, 1).opponent_known, hand(g, 0));
    ck_assert_int_eq(count(view(g, 1).opponent_known), 10);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * G13-G16: ending a hand
 * ------------------------------------------------------------------------ */

START_TEST(test_G13_knock_limit)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    /* P0 AC-4C, 5D-7D + 2S 4H 5S, draws QH: best discard leaves 11 */
    gr_game *g = G(r, "AC 2C 3C 4C 5D 6D 7D 2S 4H 5S", G13_DL, "KD", "QH", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("QH"));
    refuse(g, GR_MOVE_KNOCK, C("QH"), GR_EILLEGAL);
    ck_assert(!has_move(g, GR_MOVE_KNOCK, GR_NO_CARD));
    ck_assert(!has_move(g, GR_MOVE_GIN, GR_NO_CARD));
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("QH")), GR_OK);
    gr_game_free(g);
    /* 2S 3H 5S: exactly 10 is allowed */
    g = G(r, "AC 2C 3C 4C 5D 6D 7D 2S 3H 5S", G13_DL, "KD", "QH", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("QH"));
    ck_assert(has_move(g, GR_MOVE_KNOCK, C("QH")));
    ck_assert(!has_move(g, GR_MOVE_KNOCK, C("2S")));   /* 18 left */
    /* knocking is never forced */
    gr_game *h = NULL;
    ck_assert_int_eq(gr_game_clone(&h, g), GR_OK);
    ck_assert_int_eq(play(h, GR_MOVE_DISCARD, C("QH")), GR_OK);
    ck_assert_int_eq(gr_game_phase(h), GR_PHASE_DRAW);
    gr_game_free(h);
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("QH")), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.knocker_deadwood, 10);
    ck_assert_uint_eq(res.knocker_arrangement.deadwood, S("2S 3H 5S"));
    gr_game_free(g);
    gr_rules_free(r);

    /* GR_OPT_KNOCK_LIMIT: dw 2 after the draw of 2H */
    for (int lim = 0; lim <= 3; lim++) {
        r = Rset(GR_PRESET_FOURNIER, GR_OPT_KNOCK_LIMIT, lim);
        g = G(r, G9_ND, G9_DL, "KD", "2H", 1);
        ck_assert_int_eq(gr_game_knock_limit(g), lim);
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(draw_stock(g), C("2H"));
        if (lim < 2) {
            ck_assert(!has_move(g, GR_MOVE_KNOCK, C("KS")));
            refuse(g, GR_MOVE_KNOCK, C("KS"), GR_EILLEGAL);
        } else {
            ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KS")), GR_OK);
            ck_assert_int_eq(result(g).outcome, GR_OUTCOME_KNOCK);
            ck_assert_int_eq(result(g).points, 8);
        }
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G14_gin)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, G9_ND, G9_DL, "KD", "10H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("10H"));
    refuse(g, GR_MOVE_GIN, C("9H"), GR_EILLEGAL);   /* leaves 7H 8H 10H KS */
    refuse(g, GR_MOVE_GIN, C("10H"), GR_EILLEGAL);  /* leaves KS */
    ck_assert(has_move(g, GR_MOVE_GIN, C("KS")));
    gr_game *h = NULL;
    ck_assert_int_eq(gr_game_clone(&h, g), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_GIN, C("KS")), GR_OK);
    gr_hand_result res = result(g);
    /* P1: dw 10 (QD); nothing to lay off on AC-3C, 4D-6D, 7H-10H */
    ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(res.winner, 0);
    ck_assert_int_eq(res.knocker, 0);
    ck_assert_int_eq(res.points, 30);
    /* KNOCK leaving 0 is gin too */
    ck_assert_int_eq(play(h, GR_MOVE_KNOCK, C("KS")), GR_OK);
    ck_assert_int_eq(result(h).outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(result(h).points, 30);
    gr_game_free(h);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G15_knocker_arrangement)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    /* P0 after discarding KC: AC 2C 3C 3D 3H 9S 10S JS 2D AH.
     * Least: 3C 3D 3H + 9S-JS, dw AC 2C 2D AH = 6.
     * Shown:  AC-3C + 9S-JS, dw 3D 3H 2D AH = 9.
     * P1 (no melds, 66 points) holds 3S (fits the set) and 4C (fits the run). */
    const char *p1 = "4C 3S 8D KH QC 6H 7S 9D 5S 4H";
    gr_game *g = G(r, "AC 2C 3C 3D 3H 9S 10S JS 2D KC", p1, "KD", "AH", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("AH"));
    gr_game *h = NULL;
    ck_assert_int_eq(gr_game_clone(&h, g), GR_OK);

    /* default: least deadwood; P1 lays off 3S: 66 - 3 = 63; 63 - 6 = 57 */
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KC")), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.knocker_deadwood, 6);
    ck_assert_uint_eq(res.defense.laid_off, S("3S"));
    ck_assert_int_eq(res.defender_deadwood, 63);
    ck_assert_int_eq(res.points, 57);
    gr_game_free(g);

    /* bad arrangements refused, game unchanged */
    gr_arrangement bad = A("2D", "3D 3H AH", "AC 2C 3C", "9S 10S JS", NULL);
    char *before = test_save(h);
    ck_assert_int_eq(gr_game_knock(h, C("KC"), &bad), GR_EILLEGAL);
    bad = A("AC 2C 3C 3D 3H 2D AH", "9S 10S JS", NULL);        /* dw 15 */
    ck_assert_int_eq(gr_game_knock(h, C("KC"), &bad), GR_EILLEGAL);
    bad = A("3D 3H 2D", "AC 2C 3C", "9S 10S JS", NULL);         /* AH missing */
    ck_assert_int_eq(gr_game_knock(h, C("KC"), &bad), GR_EILLEGAL);
    bad = A("3D 3H 2D AH KC", "AC 2C 3C", "9S 10S JS", NULL);   /* KC discarded */
    ck_assert_int_eq(gr_game_knock(h, C("KC"), &bad), GR_EILLEGAL);
    char *after = test_save(h);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);

    /* his own choice: P1 lays off 4C instead: 66 - 4 = 62; 62 - 9 = 53 */
    gr_arrangement shown = A("3D 3H 2D AH", "AC 2C 3C", "9S 10S JS", NULL);
    ck_assert_int_eq(gr_game_knock(h, C("KC"), &shown), GR_OK);
    res = result(h);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.knocker_deadwood, 9);
    ck_assert_uint_eq(res.knocker_arrangement.deadwood, S("3D 3H 2D AH"));
    ck_assert_uint_eq(res.defense.laid_off, S("4C"));
    ck_assert_int_eq(res.defender_deadwood, 62);
    ck_assert_int_eq(res.points, 53);
    gr_game_free(h);

    /* a player who could go gin may show a knock: 10H as deadwood ties
     * P1's QD: undercut */
    g = G(r, G9_ND, G9_DL, "KD", "10H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("10H"));
    shown = A("10H", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL);
    ck_assert_int_eq(gr_game_knock(g, C("KS"), &shown), GR_OK);
    res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.winner, 1);
    ck_assert_int_eq(res.points, 10);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* G16 deck: P0 (non-dealer, dealer 1) AC-9C + 2D; P1 77 points, no melds,
 * nothing to lay off on AC-9C (10C is in the stock). */
#define G16_ND "AC 2C 3C 4C 5C 6C 7C 8C 9C 2D"
#define G16_DL "KD QD 2H 5S 7S 9S JH KH 10D 4S"

/* n turns in which the player to act draws from the stock and discards the
 * card drawn; the last turn stops after its draw when stop_last */
static gr_card churn(gr_game *g, int n, int stop_last)
{
    gr_card c = GR_NO_CARD;
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
        c = draw_stock(g);
        if (stop_last && i == n - 1)
            break;
        ck_assert_int_eq(play(g, GR_MOVE_DISCARD, c), GR_OK);
    }
    return c;
}

START_TEST(test_G16_void_at_two_left)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, G16_ND, G16_DL, "KS", "", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    /* 28 draws: stock 3, play goes on */
    churn(g, 28, 0);
    ck_assert_int_eq(gr_game_stock_size(g), 3);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    ck_assert_int_eq(gr_game_turn(g), 0);
    /* draw 29 leaves 2: P0 still finishes the turn */
    gr_card x = churn(g, 1, 1);
    ck_assert_int_eq(gr_game_stock_size(g), 2);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DISCARD);
    ck_assert(has_move(g, GR_MOVE_KNOCK, x));
    gr_game *h = NULL;
    ck_assert_int_eq(gr_game_clone(&h, g), GR_OK);

    /* a plain discard: void */
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, x), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    ck_assert_int_eq(res.knocker, -1);
    ck_assert_int_eq(res.winner, -1);
    ck_assert_int_eq(res.points, 0);
    ck_assert_int_eq(gr_game_legal_moves(g, NULL, 0), 0);
    /* G12: nobody laid his hand down, nothing is revealed */
    ck_assert_uint_eq(view(g, 1).opponent_known, 0);
    ck_assert_uint_eq(view(g, 0).opponent_known, 0);
    gr_game_free(g);

    /* a knock: scored (P1 77 - P0 2) */
    ck_assert_int_eq(play(h, GR_MOVE_KNOCK, x), GR_OK);
    res = result(h);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.knocker, 0);
    ck_assert_int_eq(res.knocker_deadwood, 2);
    ck_assert_int_eq(res.defender_deadwood, 77);
    ck_assert_int_eq(res.points, 75);
    gr_game_free(h);

    /* the dealer takes the upcard; a draw from the pile does not move the
     * stock; the 29th stock draw (P1's) leaves 2 and its discard voids */
    g = G(r, G16_ND, G16_DL, "KS", "", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_TAKE_UPCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("KD")), GR_OK);
    churn(g, 28, 0);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    /* P0 takes from the pile: the stock does not move */
    ck_assert_int_eq(play(g, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, C("2D")), GR_OK);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    ck_assert_int_eq(gr_game_stock_size(g), 3);
    ck_assert_int_eq(gr_game_turn(g), 1);
    churn(g, 1, 0);
    ck_assert_int_eq(result(g).outcome, GR_OUTCOME_VOID);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G16_turnover_novelty)
{
    gr_rules *r = R(GR_PRESET_NOVELTY);
    gr_card deck[52];
    deck_build(deck, G16_ND, G16_DL, "KS", "");
    gr_game *g = NULL;
    ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, 1), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    /* no void at 2 left */
    churn(g, 29, 0);
    ck_assert_int_eq(gr_game_stock_size(g), 2);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    churn(g, 1, 0);
    /* draw 31 (P0) empties the stock; he finishes his turn */
    gr_card x = churn(g, 1, 1);
    ck_assert_int_eq(x, deck[51]);
    ck_assert_int_eq(gr_game_stock_size(g), 0);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DISCARD);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, x), GR_OK);
    /* the pile was KS(upcard), deck[21], ..., deck[51] bottom first; turned
     * over unshuffled: KS on top of the new stock, turned up */
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    ck_assert_int_eq(gr_game_turn(g), 1);
    ck_assert_int_eq(gr_game_stock_size(g), 31);
    gr_card pile[52];
    ck_assert_int_eq(gr_game_discards(g, pile, 52), 1);
    ck_assert_int_eq(pile[0], C("KS"));
    ck_assert(has_move(g, GR_MOVE_DRAW_DISCARD, C("KS")));
    gr_game *h = NULL;
    ck_assert_int_eq(gr_game_clone(&h, g), GR_OK);
    ck_assert_int_eq(draw_stock(g), deck[21]);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, deck[21]), GR_OK);
    ck_assert_int_eq(draw_stock(g), deck[22]);
    gr_game_free(g);
    ck_assert_int_eq(play(h, GR_MOVE_DRAW_DISCARD, GR_NO_CARD), GR_OK);
    ck_assert(hand(h, 1) & BIT(C("KS")));
    refuse(h, GR_MOVE_DISCARD, C("KS"), GR_EILLEGAL);   /* G11 */
    gr_game_free(h);

    /* unlimited: three turnovers in a row */
    ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, 1), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    for (int t = 0; t < 3; t++) {
        churn(g, 31, 0);
        ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
        ck_assert_int_eq(gr_game_stock_size(g), 31);
        ck_assert_int_eq(upcard(g), C("KS"));
    }
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G16_turnover_cap)
{
    gr_rules *r = Rset(GR_PRESET_NOVELTY, GR_OPT_TURNOVER_LIMIT, 1);
    gr_game *g = G(r, G16_ND, G16_DL, "KS", "", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    churn(g, 31, 0);   /* the one turnover */
    ck_assert_int_eq(gr_game_stock_size(g), 31);
    ck_assert_int_eq(gr_game_turn(g), 1);
    churn(g, 30, 0);
    ck_assert_int_eq(gr_game_stock_size(g), 1);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    gr_card x = churn(g, 1, 1);   /* P1 empties the stock, finishes his turn */
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DISCARD);
    ck_assert_int_eq(play(g, GR_MOVE_DISCARD, x), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    ck_assert_int_eq(res.winner, -1);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G16_stock_end_option)
{
    /* FOURNIER switched to turnover: no void at 2, a turnover at 0 */
    gr_rules *r = Rset(GR_PRESET_FOURNIER, GR_OPT_STOCK_END, GR_STOCK_END_TURNOVER);
    gr_game *g = G(r, G16_ND, G16_DL, "KS", "", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    churn(g, 31, 0);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DRAW);
    ck_assert_int_eq(gr_game_stock_size(g), 31);
    ck_assert_int_eq(upcard(g), C("KS"));
    gr_game_free(g);
    gr_rules_free(r);
    /* NOVELTY switched to void */
    r = Rset(GR_PRESET_NOVELTY, GR_OPT_STOCK_END, GR_STOCK_END_VOID);
    g = G(r, G16_ND, G16_DL, "KS", "", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    churn(g, 29, 0);
    ck_assert_int_eq(result(g).outcome, GR_OUTCOME_VOID);
    ck_assert_int_eq(gr_game_stock_size(g), 2);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * G17-G24: layoff and settlement
 * ------------------------------------------------------------------------ */

START_TEST(test_G17_layoff_sets_runs_chains)
{
    /* knocker: 7C 7D 7H | 2C 3C 4C | 9S 10S JS, dw AD.
     * defender: 7S -> set; 5C, 6C -> run end + chain; 8S -> low end;
     * QS, KS -> high end + chain; dw 4D 9D KH 2H = 25 */
    gr_arrangement k = A("AD", "7C 7D 7H", "2C 3C 4C", "9S 10S JS", NULL);
    gr_layoff lo;
    ck_assert_int_eq(gr_lay_off(&k, S("7S 5C 6C 8S QS KS 4D 9D KH 2H"), &lo), 25);
    ck_assert_uint_eq(lo.laid_off, S("7S 5C 6C 8S QS KS"));
    ck_assert_uint_eq(lo.defender.deadwood, S("4D 9D KH 2H"));
    ck_assert_int_eq(lo.defender.deadwood_points, 25);
    ck_assert_int_eq(lo.defender.nmelds, 0);

    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_hand_result res = settle(r, k, "7S 5C 6C 8S QS KS 4D 9D KH 2H");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.knocker, 0);
    ck_assert_int_eq(res.winner, 0);
    ck_assert_int_eq(res.points, 24);
    ck_assert_int_eq(res.knocker_deadwood, 1);
    ck_assert_int_eq(res.defender_deadwood, 25);

    /* both ends of a 4-run */
    k = A("AD", "4H 5H 6H 7H", "JC JD JS", NULL);
    ck_assert_int_eq(gr_lay_off(&k, S("3H 8H KD"), &lo), 10);
    ck_assert_uint_eq(lo.laid_off, S("3H 8H"));
    /* chained 3 deep at the high end, 3 deep at the low end */
    k = A("", "4D 5D 6D", NULL);
    ck_assert_int_eq(gr_lay_off(&k, S("7D 8D 9D KC"), &lo), 10);
    ck_assert_uint_eq(lo.laid_off, S("7D 8D 9D"));   /* kept meld laid off */
    ck_assert_int_eq(gr_lay_off(&k, S("AD 2D 3D 7D 8D 9D 10D JD QD KD"), &lo), 0);
    ck_assert_uint_eq(lo.laid_off, S("AD 2D 3D 7D 8D 9D 10D JD QD KD"));
    /* a gap breaks the chain: 8D 9D without 7D */
    ck_assert_int_eq(gr_lay_off(&k, S("8D 10D KC"), &lo), 28);
    ck_assert_uint_eq(lo.laid_off, 0);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G17_layoff_check_chains)
{
    gr_arrangement k = A("AD", "7C 7D 7H", "4D 5D 6D", NULL);
    gr_layoff d;
    memset(&d, 0, sizeof d);
    gr_cards def = S("3D 2D 7S 8S KC");
    /* 3D 2D chained below 4D-6D, 7S on the set */
    d.laid_off = S("3D 2D 7S");
    d.defender.deadwood = S("8S KC");
    d.defender.deadwood_points = 18;
    ck_assert_int_eq(gr_layoff_check(&k, def, &d), GR_OK);
    /* 8S chained to 7S laid off on a set: no run to extend */
    d.laid_off = S("3D 2D 7S 8S");
    d.defender.deadwood = S("KC");
    d.defender.deadwood_points = 10;
    ck_assert_int_eq(gr_layoff_check(&k, def, &d), GR_EILLEGAL);
    /* 2D without 3D */
    d.laid_off = S("2D 7S");
    d.defender.deadwood = S("3D 8S KC");
    d.defender.deadwood_points = 21;
    ck_assert_int_eq(gr_layoff_check(&k, def, &d), GR_EILLEGAL);
    /* not optimal but legal: nothing laid off */
    d.laid_off = 0;
    d.defender.deadwood = def;
    d.defender.deadwood_points = pts(def);
    ck_assert_int_eq(gr_layoff_check(&k, def, &d), GR_OK);
}
END_TEST

START_TEST(test_G17_card_fits_set_and_run)
{
    /* 9S fits the set 9C 9D 9H and the run 6S-8S; on the run 10S chains */
    gr_arrangement k = A("2D", "9C 9D 9H", "6S 7S 8S", "AC 2C 3C", NULL);
    gr_layoff lo;
    ck_assert_int_eq(gr_lay_off(&k, S("9S 10S KH QD"), &lo), 20);
    ck_assert_uint_eq(lo.laid_off, S("9S 10S"));
    ck_assert_uint_eq(lo.defender.deadwood, S("KH QD"));
}
END_TEST

START_TEST(test_G17_defender_breaks_own_meld)
{
    /* defender: set 8C 8D 8H, run AS-3S, 9H 10H KC QD.
     * Keeping the set: dw 9H 10H KC QD = 39.
     * Laying 8H 9H 10H on 5H-7H: dw 8C 8D KC QD = 36. */
    gr_arrangement k = A("AD", "5H 6H 7H", "JC JD JH", "2C 3C 4C", NULL);
    gr_layoff lo;
    ck_assert_int_eq(gr_lay_off(&k, S("8H 8C 8D 9H 10H AS 2S 3S KC QD"), &lo), 36);
    ck_assert_uint_eq(lo.laid_off, S("8H 9H 10H"));
    ck_assert_uint_eq(lo.defender.deadwood, S("8C 8D KC QD"));
    ck_assert_int_eq(lo.defender.nmelds, 1);
    ck_assert_uint_eq(lo.defender.melds[0], S("AS 2S 3S"));
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_hand_result res = settle(r, k, "8H 8C 8D 9H 10H AS 2S 3S KC QD");
    ck_assert_int_eq(res.points, 35);
    gr_rules_free(r);
    /* four 4s: 4C 4D 4S stay a set, 4H and 3H go below 5H */
    k = A("AD", "5H 6H 7H", "JC JD JH", NULL);
    ck_assert_int_eq(gr_lay_off(&k, S("4H 4C 4D 4S 3H"), &lo), 0);
    ck_assert_uint_eq(lo.laid_off, S("4H 3H"));
    ck_assert_int_eq(lo.defender.nmelds, 1);
    ck_assert_uint_eq(lo.defender.melds[0], S("4C 4D 4S"));
    /* knocker run 4C-6C, defender 3C 3D 3H 2C AC: keeping his set leaves
     * AC 2C = 3; laying 3C 2C AC off leaves 3D 3H = 6 */
    k = A("AD", "4C 5C 6C", "JC JD JH", NULL);
    ck_assert_int_eq(gr_lay_off(&k, S("3C 3D 3H 2C AC"), &lo), 3);
    ck_assert_uint_eq(lo.laid_off, 0);
    ck_assert_uint_eq(lo.defender.deadwood, S("AC 2C"));
}
END_TEST

START_TEST(test_G17_no_wrap_no_fifth)
{
    gr_layoff lo;
    /* nothing on a 4-card set */
    gr_arrangement k = A("AD", "QC QD QH QS", "2C 3C 4C", NULL);
    ck_assert_int_eq(gr_lay_off(&k, S("KS JS"), &lo), 20);
    ck_assert_uint_eq(lo.laid_off, 0);
    /* nothing above a king, nothing below an ace */
    k = A("2D", "JS QS KS", "AH 2H 3H", NULL);
    ck_assert_int_eq(gr_lay_off(&k, S("AS KH 10S 4H"), &lo), 11);
    ck_assert_uint_eq(lo.laid_off, S("10S 4H"));
    /* nothing onto the knocker's deadwood: 7D is his, 8D does not reach 6D */
    k = A("7D", "4D 5D 6D", "AC 2C 3C", NULL);
    ck_assert_int_eq(gr_lay_off(&k, S("8D 9D"), &lo), 17);
    ck_assert_uint_eq(lo.laid_off, 0);
}
END_TEST

START_TEST(test_G17_knocker_never_lays_off)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    /* the knocker's 6S would extend the defender's 2S-5S: it stays */
    gr_arrangement k = A("6S", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL);
    gr_hand_result res = settle(r, k, "2S 3S 4S 5S 9C 10C JC 5H 5C QD");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(res.knocker_deadwood, 6);
    ck_assert_int_eq(res.defender_deadwood, 10);
    ck_assert_int_eq(res.points, 4);
    ck_assert_uint_eq(res.knocker_arrangement.deadwood, S("6S"));
    gr_rules_free(r);
}
END_TEST

/* The whole game: P0 7C 7D 7H 2C 3C 4C 9S 10S JS KD draws AD, knocks with KD */
START_TEST(test_G17_whole_game_knock)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    for (int dealer = 0; dealer < 2; dealer++) {
        int kn = 1 - dealer;
        gr_game *g = G(r, "7C 7D 7H 2C 3C 4C 9S 10S JS KD",
                       "7S 5C 6C 8S QS KS 4D 9D KH 2H", "3H", "AD", dealer);
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(gr_game_turn(g), kn);
        ck_assert_int_eq(draw_stock(g), C("AD"));
        ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KD")), GR_OK);
        gr_hand_result res = result(g);
        ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
        ck_assert_int_eq(res.knocker, kn);
        ck_assert_int_eq(res.winner, kn);
        ck_assert_int_eq(res.points, 24);
        ck_assert_int_eq(res.knocker_deadwood, 1);
        ck_assert_int_eq(res.defender_deadwood, 25);
        ck_assert_uint_eq(res.knocker_arrangement.deadwood, S("AD"));
        ck_assert_int_eq(res.knocker_arrangement.nmelds, 3);
        ck_assert_uint_eq(arr_cards(&res.knocker_arrangement),
                          S("7C 7D 7H 2C 3C 4C 9S 10S JS AD"));
        ck_assert_uint_eq(res.defense.laid_off, S("7S 5C 6C 8S QS KS"));
        ck_assert_uint_eq(res.defense.defender.deadwood, S("4D 9D KH 2H"));
        gr_game_free(g);
    }
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G18_layoff_after_gin)
{
    /* gin: 7C 7D 7H | 2C-5C | 9S-JS; defender 7S 6C 8S QS KS 4D 9D KH 2H 3D
     * (69 points, no melds).  With layoff: 7S 6C 8S QS KS go, dw 28. */
    gr_arrangement k = A("", "7C 7D 7H", "2C 3C 4C 5C", "9S 10S JS", NULL);
    const char *def = "7S 6C 8S QS KS 4D 9D KH 2H 3D";
    struct { int preset, opt, val, points, dw; } cases[] = {
        { GR_PRESET_FOURNIER, -1, 0, 20 + 28, 28 },
        { GR_PRESET_NOVELTY, -1, 0, 20 + 28, 28 },
        { GR_PRESET_STANDARD, -1, 0, 25 + 69, 69 },
        { GR_PRESET_FOURNIER, GR_OPT_LAYOFF_AFTER_GIN, 0, 20 + 69, 69 },
        { GR_PRESET_STANDARD, GR_OPT_LAYOFF_AFTER_GIN, 1, 25 + 28, 28 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_rules *r = cases[i].opt < 0 ? R(cases[i].preset)
                    : Rset(cases[i].preset, cases[i].opt, cases[i].val);
        gr_hand_result res = settle(r, k, def);
        ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
        ck_assert_int_eq(res.winner, 0);
        ck_assert_int_eq(res.points, cases[i].points);
        ck_assert_int_eq(res.defender_deadwood, cases[i].dw);
        if (cases[i].dw == 69)
            ck_assert_uint_eq(res.defense.laid_off, 0);

        /* the same as a whole game */
        gr_game *g = G(r, "7C 7D 7H 2C 3C 4C 9S 10S JS KD", def, "3H", "5C", 1);
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
        ck_assert_int_eq(draw_stock(g), C("5C"));
        ck_assert_int_eq(play(g, GR_MOVE_GIN, C("KD")), GR_OK);
        res = result(g);
        ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
        ck_assert_int_eq(res.points, cases[i].points);
        /* a defense laying off 7S: refused exactly when layoff is off */
        gr_layoff d;
        memset(&d, 0, sizeof d);
        d.laid_off = S("7S");
        d.defender.deadwood = S(def) & ~S("7S");
        d.defender.deadwood_points = 62;
        int allowed = cases[i].dw == 28;
        ck_assert_int_eq(gr_game_defend(g, &d), allowed ? GR_OK : GR_EILLEGAL);
        res = result(g);
        ck_assert_int_eq(res.points, (cases[i].points - cases[i].dw) +
                                     (allowed ? 62 : cases[i].dw));
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G19_defender_chooses)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_game *g = G(r, "7C 7D 7H 2C 3C 4C 9S 10S JS KD",
                   "7S 5C 6C 8S QS KS 4D 9D KH 2H", "3H", "AD", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("AD"));
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KD")), GR_OK);
    ck_assert_int_eq(result(g).points, 24);
    /* only 7S laid off: dw 5+6+8+10+10+4+9+10+2 = 64, knocker scores 63 */
    gr_layoff d;
    memset(&d, 0, sizeof d);
    d.laid_off = S("7S");
    d.defender.deadwood = S("5C 6C 8S QS KS 4D 9D KH 2H");
    d.defender.deadwood_points = 64;
    ck_assert_int_eq(gr_game_defend(g, &d), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.defender_deadwood, 64);
    ck_assert_int_eq(res.points, 63);
    /* 6C without 5C cannot be laid off on 2C-4C */
    d.laid_off = S("7S 6C");
    d.defender.deadwood = S("5C 8S QS KS 4D 9D KH 2H");
    d.defender.deadwood_points = 58;
    ck_assert_int_eq(gr_game_defend(g, &d), GR_EILLEGAL);
    ck_assert_int_eq(result(g).points, 63);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* G21-G24: the defender 2S 3S 4S 9C 10C JC 5H 5S 5C + one card */
START_TEST(test_G21_G24_formulas_per_preset)
{
    const int presets[3] = { GR_PRESET_FOURNIER, GR_PRESET_NOVELTY, GR_PRESET_STANDARD };
    const int gin[3] = { 20, 20, 25 }, under[3] = { 10, 10, 25 };
    for (int i = 0; i < 3; i++) {
        gr_rules *r = R(presets[i]);
        gr_hand_result res;
        /* knock won: 10 - 2 */
        res = settle(r, A("2D", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                     "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
        ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
        ck_assert_int_eq(res.winner, 0);
        ck_assert_int_eq(res.points, 8);
        /* undercut on a tie: 10 vs 10, the bonus alone */
        res = settle(r, A("KD", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                     "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
        ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
        ck_assert_int_eq(res.knocker, 0);
        ck_assert_int_eq(res.winner, 1);
        ck_assert_int_eq(res.points, under[i]);
        /* undercut 8 vs 3 (3H alone): bonus + 5 */
        res = settle(r, A("8S", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                     "2S 3S 4S 9C 10C JC 5H 5S 5C 3H");
        ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
        ck_assert_int_eq(res.winner, 1);
        ck_assert_int_eq(res.knocker_deadwood, 8);
        ck_assert_int_eq(res.defender_deadwood, 3);
        ck_assert_int_eq(res.points, under[i] + 5);
        /* knock 1 vs 2 (knocker wins by strictly less) */
        res = settle(r, A("AD", "2C 3C 4C", "4D 5D 6D", "7H 8H 9H", NULL),
                     "2S 3S 4S 9C 10C JC 5H 5S 5C 2H");
        ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
        ck_assert_int_eq(res.points, 1);
        /* gin; the defender's JH fits 7H-10H when layoff after gin is on */
        res = settle(r, A("", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H 10H", NULL),
                     "2S 3S 4S 9C 10C JC 5H 5S 5C JH");
        ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
        ck_assert_int_eq(res.winner, 0);
        ck_assert_int_eq(res.points, gin[i] + (i == 2 ? 10 : 0));
        /* G15: a knock shown with 10H as deadwood although gin was there:
         * scored as shown, a tie with QD: undercut */
        res = settle(r, A("10H", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                     "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
        ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
        ck_assert_int_eq(res.points, under[i]);
        /* gin, nothing to lay off */
        res = settle(r, A("", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H 10H", NULL),
                     "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
        ck_assert_int_eq(res.points, gin[i] + 10);
        ck_assert_int_eq(res.multiplier, 1);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G22_G24_bonus_options)
{
    gr_rules *r = Rset(GR_PRESET_FOURNIER, GR_OPT_GIN_BONUS, 50);
    gr_hand_result res = settle(r, A("", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H 10H", NULL),
                                "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
    ck_assert_int_eq(res.points, 60);
    gr_rules_free(r);
    r = Rset(GR_PRESET_FOURNIER, GR_OPT_UNDERCUT_BONUS, 7);
    res = settle(r, A("8S", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C 3H");
    ck_assert_int_eq(res.points, 12);
    gr_rules_free(r);
    r = Rset(GR_PRESET_STANDARD, GR_OPT_UNDERCUT_BONUS, 0);
    res = settle(r, A("KD", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.winner, 1);
    ck_assert_int_eq(res.points, 0);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * G28-G30: irregularities
 * ------------------------------------------------------------------------ */

START_TEST(test_G28_wrong_card_counts_void)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_hand_result res;
    /* defender with 9 cards */
    res = settle(r, A("2D", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    ck_assert_int_eq(res.knocker, -1);
    ck_assert_int_eq(res.winner, -1);
    ck_assert_int_eq(res.points, 0);
    /* defender with 11 */
    res = settle(r, A("2D", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C QD KD");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    /* knocker with 9 */
    res = settle(r, A("", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    /* knocker with 11, all melded, no big gin in FOURNIER */
    res = settle(r, A("", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H 10H JH", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    gr_rules_free(r);
    /* STANDARD: 11 cards with deadwood is no big gin: void */
    r = R(GR_PRESET_STANDARD);
    res = settle(r, A("2D", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H 10H", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G29_illegal_knock_refused)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_hand_result res;
    memset(&res, 0x5A, sizeof res);
    gr_arrangement k = A("2S 4H 5S", "AC 2C 3C 4C", "5D 6D 7D", NULL);  /* 11 */
    ck_assert_int_eq(gr_settle(r, &k, S("9C 10C JC 5H 5C QD 2H 3H 9S KS"), &res),
                     GR_EILLEGAL);
    ck_assert_int_eq(res.points, 0x5A5A5A5A);
    k = A("2S 3H 5S", "AC 2C 3C 4C", "5D 6D 7D", NULL);  /* 10 */
    ck_assert_int_eq(gr_settle(r, &k, S("9C 10C JC 5H 5C QD 2H 4H 9S KS"), &res),
                     GR_OK);
    gr_rules_free(r);
    r = Rset(GR_PRESET_FOURNIER, GR_OPT_KNOCK_LIMIT, 5);
    k = A("6H", "AC 2C 3C", "5D 6D 7D", "9C 10C JC", NULL);  /* 6 */
    ck_assert_int_eq(gr_settle(r, &k, S("8C 5H 5C QD 2H 3H 9S KS 7S 4S"), &res),
                     GR_EILLEGAL);
    k = A("5S", "AC 2C 3C", "5D 6D 7D", "9C 10C JC", NULL);  /* 5 */
    ck_assert_int_eq(gr_settle(r, &k, S("8C 5H 5C QD 2H 3H 9S KS 7S 4S"), &res),
                     GR_OK);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G30_knock_discard_choice)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    /* after drawing KS: AC-4C, 5D-7D, AS 2H 5S KS.  KS out: 8 (legal);
     * 5S out: 13, AS out: 17 (illegal) */
    gr_game *g = G(r, "AC 2C 3C 4C 5D 6D 7D AS 2H 5S", G13_DL, "KD", "KS", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("KS"));
    refuse(g, GR_MOVE_KNOCK, C("5S"), GR_EILLEGAL);
    refuse(g, GR_MOVE_KNOCK, C("AS"), GR_EILLEGAL);
    refuse(g, GR_MOVE_KNOCK, C("4C"), GR_EILLEGAL);
    ck_assert_int_eq(gr_game_knock(g, C("5S"), NULL), GR_EILLEGAL);
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_DISCARD);
    ck_assert_int_eq(count(hand(g, 0)), 11);
    ck_assert(!has_move(g, GR_MOVE_KNOCK, C("5S")));
    ck_assert(has_move(g, GR_MOVE_KNOCK, C("KS")));
    gr_move mv[GR_MAX_MOVES];
    int n = gr_game_legal_moves(g, mv, GR_MAX_MOVES), knocks = 0, discards = 0;
    for (int i = 0; i < n; i++) {
        knocks += mv[i].type == GR_MOVE_KNOCK;
        discards += mv[i].type == GR_MOVE_DISCARD;
        ck_assert_int_ne(mv[i].type, GR_MOVE_GIN);
    }
    ck_assert_int_eq(knocks, 1);
    ck_assert_int_eq(discards, 11);
    ck_assert_int_eq(n, 12);
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KS")), GR_OK);
    ck_assert_int_eq(result(g).knocker_deadwood, 8);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * G32, G33: big gin and Oklahoma
 * ------------------------------------------------------------------------ */

START_TEST(test_G32_big_gin)
{
    /* P0 dealt gin AC-3C 4D-6D 7H-10H, draws JH: 11 cards melded */
    const char *nd = "AC 2C 3C 4D 5D 6D 7H 8H 9H 10H";
    gr_rules *r = R(GR_PRESET_STANDARD);
    gr_game *g = G(r, nd, G9_DL, "KD", "JH", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("JH"));
    ck_assert(has_move(g, GR_MOVE_BIG_GIN, GR_NO_CARD));
    ck_assert_int_eq(play(g, GR_MOVE_BIG_GIN, GR_NO_CARD), GR_OK);
    gr_hand_result res = result(g);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_BIG_GIN);
    ck_assert_int_eq(res.winner, 0);
    ck_assert_int_eq(res.points, 31 + 10);
    gr_game_free(g);
    /* settle: 11 cards, deadwood 0 */
    res = settle(r, A("", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H 10H JH", NULL),
                 "2S 3S 4S 9C 10C JC 5H 5S 5C QD");
    ck_assert_int_eq(res.outcome, GR_OUTCOME_BIG_GIN);
    ck_assert_int_eq(res.points, 41);
    gr_rules_free(r);

    /* FOURNIER: no big gin; gin by discarding is still there */
    r = R(GR_PRESET_FOURNIER);
    g = G(r, nd, G9_DL, "KD", "JH", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("JH"));
    ck_assert(!has_move(g, GR_MOVE_BIG_GIN, GR_NO_CARD));
    refuse(g, GR_MOVE_BIG_GIN, GR_NO_CARD, GR_EILLEGAL);
    ck_assert_int_eq(play(g, GR_MOVE_GIN, C("JH")), GR_OK);
    ck_assert_int_eq(result(g).points, 30);
    gr_game_free(g);
    gr_rules_free(r);
    /* GR_OPT_BIG_GIN_BONUS on FOURNIER */
    r = Rset(GR_PRESET_FOURNIER, GR_OPT_BIG_GIN_BONUS, 50);
    g = G(r, nd, G9_DL, "KD", "JH", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("JH"));
    ck_assert_int_eq(play(g, GR_MOVE_BIG_GIN, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(result(g).outcome, GR_OUTCOME_BIG_GIN);
    ck_assert_int_eq(result(g).points, 60);
    gr_game_free(g);
    /* without 11 melded: refused */
    g = G(r, nd, G9_DL, "KD", "KH", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("KH"));
    refuse(g, GR_MOVE_BIG_GIN, GR_NO_CARD, GR_EILLEGAL);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G33_oklahoma)
{
    gr_rules *r = Rset(GR_PRESET_FOURNIER, GR_OPT_OKLAHOMA, 1);
    const char *def = "2S 3S 4S 9C 10C JC 5H 5S 5C QD";   /* dw 10 */
    gr_hand_result res;
    gr_arrangement k7 = A("7C", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL);
    gr_arrangement k6 = A("6C", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL);
    gr_arrangement k1 = A("AH", "2C 3C 4C", "4D 5D 6D", "7H 8H 9H", NULL);
    gr_arrangement kg = A("", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H 10H", NULL);
    gr_arrangement k10 = A("10S", "AC 2C 3C", "4D 5D 6D", "7H 8H 9H", NULL);
    /* a 6 upcard: limit 6 */
    ck_assert_int_eq(gr_settle_upcard(r, C("6S"), &k7, S(def), &res), GR_EILLEGAL);
    ck_assert_int_eq(gr_settle_upcard(r, C("6S"), &k6, S(def), &res), GR_OK);
    ck_assert_int_eq(res.points, 4);        /* spades do not double by default */
    ck_assert_int_eq(res.multiplier, 1);
    /* an ace: gin only, doubled */
    ck_assert_int_eq(gr_settle_upcard(r, C("AS"), &k1, S(def), &res), GR_EILLEGAL);
    ck_assert_int_eq(gr_settle_upcard(r, C("AS"), &kg, S(def), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(res.multiplier, 2);
    ck_assert_int_eq(res.points, 2 * (20 + 10));
    /* a king counts 10 */
    ck_assert_int_eq(gr_settle_upcard(r, C("KH"), &k10, S(def), &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.points, 10);
    ck_assert_int_eq(res.multiplier, 1);
    /* the upcard may not be in a hand */
    ck_assert_int_eq(gr_settle_upcard(r, C("AC"), &kg, S(def), &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle_upcard(r, C("QD"), &kg, S(def), &res), GR_EINVAL);
    gr_rules_free(r);
    /* spades double with the option */
    r = Rset(GR_PRESET_FOURNIER, GR_OPT_OKLAHOMA, 1);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_OKLAHOMA_SPADES, 1), GR_OK);
    ck_assert_int_eq(gr_settle_upcard(r, C("6S"), &k6, S(def), &res), GR_OK);
    ck_assert_int_eq(res.multiplier, 2);
    ck_assert_int_eq(res.points, 8);
    ck_assert_int_eq(gr_settle_upcard(r, C("6H"), &k6, S(def), &res), GR_OK);
    ck_assert_int_eq(res.points, 4);
    gr_rules_free(r);
    /* without Oklahoma the upcard changes nothing */
    r = R(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_settle_upcard(r, C("AS"), &k7, S(def), &res), GR_OK);
    ck_assert_int_eq(res.points, 3);
    ck_assert_int_eq(res.multiplier, 1);
    gr_rules_free(r);

    /* in a game: the first upcard sets the limit */
    r = Rset(GR_PRESET_FOURNIER, GR_OPT_OKLAHOMA, 1);
    gr_game *g = G(r, G9_ND, "2S 3S 4S 9C 10C JC 5H 5S 5C QD", "3D", "2H", 1);
    ck_assert_int_eq(gr_game_knock_limit(g), 3);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("2H"));
    ck_assert_int_eq(gr_game_knock_limit(g), 3);
    ck_assert_int_eq(play(g, GR_MOVE_KNOCK, C("KS")), GR_OK);   /* dw 2 */
    ck_assert_int_eq(result(g).points, 8);
    gr_game_free(g);
    g = G(r, G9_ND, "2S 3S 4S 9C 10C JC 5H 5S 5C QD", "AD", "2H", 1);
    ck_assert_int_eq(gr_game_knock_limit(g), 0);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("2H"));
    refuse(g, GR_MOVE_KNOCK, C("KS"), GR_EILLEGAL);
    gr_game_free(g);
    /* an ace upcard doubles a gin: 2 * (20 + 10) */
    g = G(r, G9_ND, "2S 3S 4S 9C 10C JC 5H 5S 5C QD", "AD", "10H", 1);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(play(g, GR_MOVE_PASS, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(draw_stock(g), C("10H"));
    ck_assert_int_eq(play(g, GR_MOVE_GIN, C("KS")), GR_OK);
    ck_assert_int_eq(result(g).multiplier, 2);
    ck_assert_int_eq(result(g).points, 60);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * G25-G27, G31, G34: the match
 * ------------------------------------------------------------------------ */

static gr_score score(const gr_match *m)
{
    gr_score s;
    ck_assert_int_eq(gr_match_score(m, &s), GR_OK);
    return s;
}

static gr_match *M(const gr_rules *r)
{
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, r, 99), GR_OK);
    return m;
}

START_TEST(test_G25_G26_fournier_match)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    gr_match *m = M(r);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 30);
    rec(m, GR_OUTCOME_VOID, -1, -1, 0);
    rec(m, GR_OUTCOME_GIN, 0, 0, 40);
    rec(m, GR_OUTCOME_UNDERCUT, 0, 1, 15);
    gr_score s = score(m);
    ck_assert_int_eq(s.over, 0);
    ck_assert_int_eq(s.winner, -1);
    ck_assert_int_eq(s.hand_points[0], 70);
    ck_assert_int_eq(s.hand_points[1], 15);
    ck_assert_int_eq(s.total[0], 70);
    ck_assert_int_eq(s.game_bonus[0] + s.box_bonus[0] + s.box_bonus[1], 0);
    ck_assert_int_eq(s.margin, 0);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 35);
    s = score(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(s.hands_won[0], 3);
    ck_assert_int_eq(s.hands_won[1], 1);
    ck_assert_int_eq(s.hands_played, 5);
    ck_assert_int_eq(s.hand_points[0], 105);
    ck_assert_int_eq(s.hand_points[1], 15);
    ck_assert_int_eq(s.game_bonus[0], 100);
    ck_assert_int_eq(s.game_bonus[1], 0);
    ck_assert_int_eq(s.box_bonus[0], 60);
    ck_assert_int_eq(s.box_bonus[1], 20);
    ck_assert_int_eq(s.shutout_bonus[0], 0);
    ck_assert_int_eq(s.shutout_bonus[1], 0);
    ck_assert_int_eq(s.total[0], 265);
    ck_assert_int_eq(s.total[1], 35);
    ck_assert_int_eq(s.margin, 230);
    /* over: nothing more */
    gr_hand_result h;
    memset(&h, 0, sizeof h);
    h.outcome = GR_OUTCOME_KNOCK;
    ck_assert_int_eq(gr_match_record(m, &h), GR_ESTATE);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_match_deal(m, &g), GR_ESTATE);
    gr_match_free(m);

    /* exactly the target, a shutout by player 1 */
    m = M(r);
    rec(m, GR_OUTCOME_KNOCK, 1, 1, 50);
    rec(m, GR_OUTCOME_VOID, -1, -1, 0);
    rec(m, GR_OUTCOME_GIN, 1, 1, 49);
    ck_assert_int_eq(score(m).over, 0);
    rec(m, GR_OUTCOME_UNDERCUT, 0, 1, 1);
    s = score(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_int_eq(s.hand_points[1], 100);
    ck_assert_int_eq(s.game_bonus[1], 100);
    ck_assert_int_eq(s.box_bonus[1], 60);
    ck_assert_int_eq(s.box_bonus[0], 0);
    ck_assert_int_eq(s.shutout_bonus[1], 100);
    ck_assert_int_eq(s.total[1], 360);
    ck_assert_int_eq(s.total[0], 0);
    ck_assert_int_eq(s.margin, 360);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G25_G26_novelty_match)
{
    gr_rules *r = R(GR_PRESET_NOVELTY);
    gr_match *m = M(r);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 60);
    rec(m, GR_OUTCOME_UNDERCUT, 0, 1, 25);
    rec(m, GR_OUTCOME_GIN, 0, 0, 40);   /* 100: reaching is enough */
    gr_score s = score(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(s.game_bonus[0], 0);
    ck_assert_int_eq(s.box_bonus[0], 0);
    ck_assert_int_eq(s.box_bonus[1], 0);
    ck_assert_int_eq(s.total[0], 100);
    ck_assert_int_eq(s.total[1], 25);
    ck_assert_int_eq(s.margin, 75);
    gr_match_free(m);
    /* a shutout: no bonus either */
    m = M(r);
    rec(m, GR_OUTCOME_GIN, 0, 0, 120);
    s = score(m);
    ck_assert_int_eq(s.shutout_bonus[0], 0);
    ck_assert_int_eq(s.total[0], 120);
    ck_assert_int_eq(s.margin, 120);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G31_G34_standard_match)
{
    gr_rules *r = R(GR_PRESET_STANDARD);
    gr_match *m = M(r);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 60);
    rec(m, GR_OUTCOME_UNDERCUT, 0, 1, 10);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 45);
    gr_score s = score(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.game_bonus[0], 100);
    ck_assert_int_eq(s.box_bonus[0], 50);
    ck_assert_int_eq(s.box_bonus[1], 25);
    ck_assert_int_eq(s.shutout_bonus[0], 0);
    ck_assert_int_eq(s.total[0], 255);
    ck_assert_int_eq(s.total[1], 35);
    ck_assert_int_eq(s.margin, 220);
    gr_match_free(m);
    /* shutout doubles: (100 + 100 + 50) * 2 */
    m = M(r);
    rec(m, GR_OUTCOME_KNOCK, 1, 1, 60);
    rec(m, GR_OUTCOME_VOID, -1, -1, 0);
    rec(m, GR_OUTCOME_GIN, 1, 1, 40);
    s = score(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_int_eq(s.hand_points[1], 100);
    ck_assert_int_eq(s.game_bonus[1], 100);
    ck_assert_int_eq(s.box_bonus[1], 50);
    ck_assert_int_eq(s.shutout_bonus[1], 250);
    ck_assert_int_eq(s.total[1], 500);
    ck_assert_int_eq(s.margin, 500);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G25_G26_match_options)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 50), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_GAME_BONUS, 7), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_HAND_BONUS, 5), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_SHUTOUT_BONUS, 11), GR_OK);
    gr_match *m = M(r);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 49);
    ck_assert_int_eq(score(m).over, 0);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 1);
    gr_score s = score(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.game_bonus[0], 7);
    ck_assert_int_eq(s.box_bonus[0], 10);
    ck_assert_int_eq(s.shutout_bonus[0], 11);
    ck_assert_int_eq(s.total[0], 50 + 7 + 10 + 11);
    gr_match_free(m);
    /* a hand won for 0 points is a hand won: no shutout */
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_UNDERCUT_BONUS, 0), GR_OK);
    m = M(r);
    rec(m, GR_OUTCOME_UNDERCUT, 0, 1, 0);
    rec(m, GR_OUTCOME_KNOCK, 0, 0, 50);
    s = score(m);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.hands_won[1], 1);
    ck_assert_int_eq(s.box_bonus[1], 5);
    ck_assert_int_eq(s.shutout_bonus[0], 0);
    ck_assert_int_eq(s.total[0], 50 + 7 + 5);
    ck_assert_int_eq(s.total[1], 5);
    ck_assert_int_eq(s.margin, 57);
    gr_match_free(m);
    /* shutout double on FOURNIER replaces the flat bonus */
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_SHUTOUT_DOUBLE, 1), GR_OK);
    m = M(r);
    rec(m, GR_OUTCOME_GIN, 0, 0, 50);
    s = score(m);
    ck_assert_int_eq(s.shutout_bonus[0], 50 + 7 + 5);
    ck_assert_int_eq(s.total[0], 2 * (50 + 7 + 5));
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * Rule options: presets table and ranges
 * ------------------------------------------------------------------------ */

START_TEST(test_options_presets_table)
{
    struct { int opt; int v[3]; } t[] = {
        { GR_OPT_KNOCK_LIMIT, { 10, 10, 10 } },
        { GR_OPT_GIN_BONUS, { 20, 20, 25 } },
        { GR_OPT_UNDERCUT_BONUS, { 10, 10, 25 } },
        { GR_OPT_BIG_GIN_BONUS, { 0, 0, 31 } },
        { GR_OPT_LAYOFF_AFTER_GIN, { 1, 1, 0 } },
        { GR_OPT_STOCK_END, { GR_STOCK_END_VOID, GR_STOCK_END_TURNOVER, GR_STOCK_END_VOID } },
        { GR_OPT_TARGET, { 100, 100, 100 } },
        { GR_OPT_GAME_BONUS, { 100, 0, 100 } },
        { GR_OPT_HAND_BONUS, { 20, 0, 25 } },
        { GR_OPT_SHUTOUT_DOUBLE, { 0, 0, 1 } },
        { GR_OPT_OKLAHOMA, { 0, 0, 0 } },
    };
    const int presets[3] = { GR_PRESET_FOURNIER, GR_PRESET_NOVELTY, GR_PRESET_STANDARD };
    for (int p = 0; p < 3; p++) {
        gr_rules *r = R(presets[p]);
        for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
            int v = -1;
            ck_assert_int_eq(gr_rules_get(r, t[i].opt, &v), GR_OK);
            ck_assert_msg(v == t[i].v[p], "preset %d option %d: %d", p, t[i].opt, v);
        }
        int sb = -1;
        ck_assert_int_eq(gr_rules_get(r, GR_OPT_SHUTOUT_BONUS, &sb), GR_OK);
        if (presets[p] == GR_PRESET_FOURNIER)
            ck_assert_int_eq(sb, 100);
        if (presets[p] == GR_PRESET_NOVELTY)
            ck_assert_int_eq(sb, 0);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_options_ranges)
{
    gr_rules *r = R(GR_PRESET_FOURNIER);
    int v;
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 11), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rules_get(r, GR_OPT_KNOCK_LIMIT, &v), GR_OK);
    ck_assert_int_eq(v, 10);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_STOCK_END, 2), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_LAYOFF_AFTER_GIN, 2), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_COUNT, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rules_get(r, GR_OPT_COUNT, &v), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(r, -1, 0), GR_EINVAL);
    gr_rules *bad = NULL;
    ck_assert_int_eq(gr_rules_new(&bad, GR_PRESET_COUNT), GR_EINVAL);
    gr_rules_free(r);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *scenarios_suite(void)
{
    Suite *s = suite_create("scenarios");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_G1_card_numbering);
    tcase_add_test(tc, test_G2_points);
    tcase_add_test(tc, test_G1_parse_format_corners);
    tcase_add_test(tc, test_G4_meld_kinds);
    tcase_add_test(tc, test_G5_deadwood_corners);
    tcase_add_test(tc, test_G5_arrange);
    tcase_add_test(tc, test_G5_best_discard);
    tcase_add_test(tc, test_G6_cut_higher_deals);
    tcase_add_test(tc, test_G7_deal_from_stacked_deck);
    tcase_add_test(tc, test_G8_winner_deals_void_same_dealer);
    tcase_add_test(tc, test_G9_nondealer_takes);
    tcase_add_test(tc, test_G9_nondealer_passes_dealer_takes);
    tcase_add_test(tc, test_G9_both_pass);
    tcase_add_test(tc, test_G9_take_upcard_and_go_out);
    tcase_add_test(tc, test_G10_normal_turn);
    tcase_add_test(tc, test_G11_taken_card_not_discarded);
    tcase_add_test(tc, test_G12_views);
    tcase_add_test(tc, test_G13_knock_limit);
    tcase_add_test(tc, test_G14_gin);
    tcase_add_test(tc, test_G15_knocker_arrangement);
    tcase_add_test(tc, test_G16_void_at_two_left);
    tcase_add_test(tc, test_G16_turnover_novelty);
    tcase_add_test(tc, test_G16_turnover_cap);
    tcase_add_test(tc, test_G16_stock_end_option);
    tcase_add_test(tc, test_G17_layoff_sets_runs_chains);
    tcase_add_test(tc, test_G17_layoff_check_chains);
    tcase_add_test(tc, test_G17_card_fits_set_and_run);
    tcase_add_test(tc, test_G17_defender_breaks_own_meld);
    tcase_add_test(tc, test_G17_no_wrap_no_fifth);
    tcase_add_test(tc, test_G17_knocker_never_lays_off);
    tcase_add_test(tc, test_G17_whole_game_knock);
    tcase_add_test(tc, test_G18_layoff_after_gin);
    tcase_add_test(tc, test_G19_defender_chooses);
    tcase_add_test(tc, test_G21_G24_formulas_per_preset);
    tcase_add_test(tc, test_G22_G24_bonus_options);
    tcase_add_test(tc, test_G28_wrong_card_counts_void);
    tcase_add_test(tc, test_G29_illegal_knock_refused);
    tcase_add_test(tc, test_G30_knock_discard_choice);
    tcase_add_test(tc, test_G32_big_gin);
    tcase_add_test(tc, test_G33_oklahoma);
    tcase_add_test(tc, test_G25_G26_fournier_match);
    tcase_add_test(tc, test_G25_G26_novelty_match);
    tcase_add_test(tc, test_G31_G34_standard_match);
    tcase_add_test(tc, test_G25_G26_match_options);
    tcase_add_test(tc, test_options_presets_table);
    tcase_add_test(tc, test_options_ranges);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(scenarios_suite());
}
