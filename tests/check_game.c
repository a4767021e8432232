/*
 * check_game.c: one hand (lib/game.c, view.c, save.c).
 *
 * Stacked-deck scenarios for each rule the engine enforces (named by rule
 * id), random playouts that check every invariant at every step (cards
 * accounted for, legal moves exact, refused moves harmless, views leak
 * nothing, save/load round trips), and bad input for every gr_game_*
 * function.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

#define NPRESETS 3

/* ---- helpers ---------------------------------------------------------------- */

static gr_rules *preset(int p)
{
    gr_rules *r = NULL;
    REQUIRE_OP(gr_rules_new(&r, p), ==, GR_OK);
    return r;
}

#define card(text) test_card(text)
#define cards(text) test_cards(text)

static int count(gr_cards c)
{
    return __builtin_popcountll(c);
}

/* A stacked deck: the non-dealer's and the dealer's 10 cards, the upcard,
 * then the stock from the top: the cards of `stock` in the order given,
 * then every other card in ascending order. */
static void stack(gr_card deck[GR_NCARDS], const char *nondealer, const char *dealer,
                  const char *up, const char *stock)
{
    gr_cards nd = cards(nondealer), d = cards(dealer), used = 0;
    REQUIRE_OP(count(nd), ==, 10);
    REQUIRE_OP(count(d), ==, 10);
    REQUIRE(!(nd & d));
    int i = 0;
    for (gr_cards x = nd; x; x &= x - 1, i += 2)
        deck[i] = (gr_card)__builtin_ctzll(x);
    i = 1;
    for (gr_cards x = d; x; x &= x - 1, i += 2)
        deck[i] = (gr_card)__builtin_ctzll(x);
    used = nd | d;
    deck[20] = card(up);
    REQUIRE(!(used & GR_CARD_BIT(deck[20])));
    used |= GR_CARD_BIT(deck[20]);
    int pos = 21;
    if (stock) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", stock);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
            gr_card c = card(tok);
            REQUIRE_MSG(!(used & GR_CARD_BIT(c)), "card %s twice", tok);
            used |= GR_CARD_BIT(c);
            deck[pos++] = c;
        }
    }
    for (int c = 0; c < GR_NCARDS; c++)
        if (!(used & GR_CARD_BIT(c)))
            deck[pos++] = (gr_card)c;
    REQUIRE_OP(pos, ==, GR_NCARDS);
}

static gr_game *stacked(const gr_rules *r, int dealer, const char *nondealer,
                        const char *dealer_cards, const char *up, const char *stock)
{
    gr_card deck[GR_NCARDS];
    stack(deck, nondealer, dealer_cards, up, stock);
    gr_game *g = NULL;
    REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, dealer), ==, GR_OK);
    return g;
}

static int mv(gr_game *g, int type, const char *c)
{
    gr_move m = { .type = type, .card = c ? card(c) : GR_NO_CARD };
    return gr_game_play(g, m);
}

static bool names_card(int type)
{
    return type == GR_MOVE_DISCARD || type == GR_MOVE_KNOCK || type == GR_MOVE_GIN;
}

static bool listed(const gr_game *g, int type, gr_card c)
{
    gr_move legal[GR_MAX_MOVES];
    int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
    REQUIRE_OP(n, >=, 0);
    REQUIRE_OP(n, <=, GR_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (legal[i].type == type && (!names_card(type) || legal[i].card == c))
            return true;
    return false;
}

static bool legal_named(const gr_game *g, int type, const char *c)
{
    return listed(g, type, c ? card(c) : GR_NO_CARD);
}

static gr_cards hand_of(const gr_game *g, int player)
{
    gr_cards h = 0;
    REQUIRE_OP(gr_game_hand(g, player, &h), ==, GR_OK);
    return h;
}

static gr_card upcard_of(const gr_game *g)
{
    gr_card c = GR_NO_CARD;
    REQUIRE_OP(gr_game_upcard(g, &c), ==, GR_OK);
    return c;
}

/* Everything the public queries say about a game, for "unchanged" checks. */
typedef struct snapshot {
    int phase, turn, dealer, stock, ndiscards, nhistory, nlegal, limit, result_rc;
    gr_cards hand[2];
    gr_card discards[GR_NCARDS];
    gr_move legal[GR_MAX_MOVES];
    gr_move history[600];
    gr_hand_result result;
} snapshot;

static void snap(const gr_game *g, snapshot *s)
{
    memset(s, 0, sizeof *s);
    s->phase = gr_game_phase(g);
    s->turn = gr_game_turn(g);
    s->dealer = gr_game_dealer(g);
    s->stock = gr_game_stock_size(g);
    s->ndiscards = gr_game_discards(g, s->discards, GR_NCARDS);
    s->nhistory = gr_game_history(g, s->history, 600);
    s->nlegal = gr_game_legal_moves(g, s->legal, GR_MAX_MOVES);
    s->limit = gr_game_knock_limit(g);
    s->hand[0] = hand_of(g, 0);
    s->hand[1] = hand_of(g, 1);
    gr_hand_result r;
    memset(&r, 0, sizeof r);
    s->result_rc = gr_game_result(g, &r);
    if (s->result_rc == GR_OK) {   /* field by field: no padding compared */
        s->result.outcome = r.outcome;
        s->result.knocker = r.knocker;
        s->result.winner = r.winner;
        s->result.points = r.points;
        s->result.knocker_arrangement = r.knocker_arrangement;
        s->result.defense = r.defense;
        s->result.knocker_deadwood = r.knocker_deadwood;
        s->result.defender_deadwood = r.defender_deadwood;
        s->result.multiplier = r.multiplier;
    }
}

static bool same_arrangement(const gr_arrangement *a, const gr_arrangement *b)
{
    if (a->nmelds != b->nmelds || a->deadwood != b->deadwood
        || a->deadwood_points != b->deadwood_points)
        return false;
    for (int i = 0; i < GR_MAX_MELDS; i++)
        if (a->melds[i] != b->melds[i])
            return false;
    return true;
}

static void assert_same(const snapshot *a, const snapshot *b)
{
    REQUIRE_OP(a->phase, ==, b->phase);
    REQUIRE_OP(a->turn, ==, b->turn);
    REQUIRE_OP(a->dealer, ==, b->dealer);
    REQUIRE_OP(a->stock, ==, b->stock);
    REQUIRE_OP(a->ndiscards, ==, b->ndiscards);
    REQUIRE_OP(a->nhistory, ==, b->nhistory);
    REQUIRE_OP(a->nlegal, ==, b->nlegal);
    REQUIRE_OP(a->limit, ==, b->limit);
    REQUIRE_OP(a->result_rc, ==, b->result_rc);
    REQUIRE(a->hand[0] == b->hand[0] && a->hand[1] == b->hand[1]);
    REQUIRE(memcmp(a->discards, b->discards, sizeof a->discards) == 0);
    for (int i = 0; i < GR_MAX_MOVES; i++)
        REQUIRE(a->legal[i].type == b->legal[i].type && a->legal[i].card == b->legal[i].card);
    for (int i = 0; i < 600; i++)
        REQUIRE(a->history[i].type == b->history[i].type
                  && a->history[i].card == b->history[i].card);
    const gr_hand_result *x = &a->result, *y = &b->result;
    REQUIRE(x->outcome == y->outcome && x->knocker == y->knocker
              && x->winner == y->winner && x->points == y->points
              && x->knocker_deadwood == y->knocker_deadwood
              && x->defender_deadwood == y->defender_deadwood
              && x->multiplier == y->multiplier
              && x->defense.laid_off == y->defense.laid_off);
    REQUIRE(same_arrangement(&x->knocker_arrangement, &y->knocker_arrangement));
    REQUIRE(same_arrangement(&x->defense.defender, &y->defense.defender));
}

/* Both pass the upcard, then each player draws from the stock and throws
 * the card drawn, `turns` times. */
static void pass_and_churn(gr_game *g, int turns)
{
    if (gr_game_phase(g) == GR_PHASE_UPCARD) {
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    }
    for (int i = 0; i < turns; i++) {
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
        int n = gr_game_history(g, NULL, 0);
        gr_move *all = malloc(sizeof *all * (size_t)n);
        REQUIRE(NULL != all);
        gr_game_history(g, all, (size_t)n);
        gr_move m = { .type = GR_MOVE_DISCARD, .card = all[n - 1].card };
        free(all);
        REQUIRE_OP(gr_game_play(g, m), ==, GR_OK);
    }
}

/* ---- G7: the deal ------------------------------------------------------------- */

START_TEST(test_G7_stacked_deal)
{
    for (int dealer = 0; dealer < 2; dealer++) {
        gr_rules *r = preset(GR_PRESET_FOURNIER);
        gr_card deck[GR_NCARDS];
        for (int i = 0; i < GR_NCARDS; i++)
            deck[i] = (gr_card)((i * 7 + 3) % GR_NCARDS);   /* a permutation */
        gr_game *g;
        REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, dealer), ==, GR_OK);
        gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 3);   /* the game keeps its own copy */
        REQUIRE_OP(gr_game_knock_limit(g), ==, 10);
        gr_cards nd = 0, d = 0;
        for (int i = 0; i < 20; i += 2) {
            nd |= GR_CARD_BIT(deck[i]);
            d |= GR_CARD_BIT(deck[i + 1]);
        }
        REQUIRE(hand_of(g, 1 - dealer) == nd);
        REQUIRE(hand_of(g, dealer) == d);
        REQUIRE_OP(upcard_of(g), ==, deck[20]);
        gr_card pile[GR_NCARDS];
        REQUIRE_OP(gr_game_discards(g, pile, GR_NCARDS), ==, 1);
        REQUIRE_OP(pile[0], ==, deck[20]);
        REQUIRE_OP(gr_game_stock_size(g), ==, 31);
        REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_UPCARD);
        REQUIRE_OP(gr_game_turn(g), ==, 1 - dealer);
        REQUIRE_OP(gr_game_dealer(g), ==, dealer);
        REQUIRE_OP(gr_game_history(g, NULL, 0), ==, 0);
        /* the stock is dealt from deck[21] down */
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
        gr_move h[3];
        REQUIRE_OP(gr_game_history(g, h, 3), ==, 3);
        REQUIRE_OP(h[2].type, ==, GR_MOVE_DRAW_STOCK);
        REQUIRE_OP(h[2].card, ==, deck[21]);
        REQUIRE(hand_of(g, 1 - dealer) & GR_CARD_BIT(deck[21]));
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

/* The seeded deal is pinned: these decks come from an independent (Python)
 * implementation of splitmix64 seeding, xoshiro256**, Lemire's unbiased
 * bounded draw and Fisher-Yates from the top. */
START_TEST(test_G7_seeded_deal_pinned)
{
    static const struct { uint64_t seed; gr_card deck[22]; } pins[] = {
        { 0, { 36, 7, 45, 13, 42, 11, 12, 44, 32, 0, 29, 26, 49, 28, 40, 14, 47,
               17, 21, 30, 34, 3 } },
        { 1, { 9, 25, 34, 48, 20, 31, 30, 51, 13, 16, 24, 47, 46, 43, 12, 45, 4,
               27, 7, 8, 42, 0 } },
        { 42, { 40, 1, 51, 35, 31, 3, 18, 21, 42, 37, 7, 20, 46, 6, 0, 16, 44, 14,
                43, 41, 26, 9 } },
        { 0xDEADBEEFCAFEBABEull, { 11, 16, 22, 14, 31, 6, 25, 37, 35, 5, 46, 44,
                49, 26, 41, 20, 29, 3, 19, 33, 28, 38 } },
    };
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    for (size_t k = 0; k < sizeof pins / sizeof pins[0]; k++) {
        for (int dealer = 0; dealer < 2; dealer++) {
            gr_game *g;
            REQUIRE_OP(gr_game_new(&g, r, pins[k].seed, dealer), ==, GR_OK);
            gr_cards nd = 0, d = 0;
            for (int i = 0; i < 20; i += 2) {
                nd |= GR_CARD_BIT(pins[k].deck[i]);
                d |= GR_CARD_BIT(pins[k].deck[i + 1]);
            }
            REQUIRE(hand_of(g, 1 - dealer) == nd);
            REQUIRE(hand_of(g, dealer) == d);
            REQUIRE_OP(upcard_of(g), ==, pins[k].deck[20]);
            REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
            REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
            REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
            gr_move h[3];
            gr_game_history(g, h, 3);
            REQUIRE_OP(h[2].card, ==, pins[k].deck[21]);
            gr_game_free(g);
        }
    }
    /* same seed, same deal; another seed, another deal */
    gr_game *a, *b, *c;
    REQUIRE_OP(gr_game_new(&a, r, 12345, 0), ==, GR_OK);
    REQUIRE_OP(gr_game_new(&b, r, 12345, 0), ==, GR_OK);
    REQUIRE_OP(gr_game_new(&c, r, 12346, 0), ==, GR_OK);
    char *sa = test_save(a), *sb = test_save(b), *sc = test_save(c);
    REQUIRE(strcmp(sa, sb) == 0);
    REQUIRE(strcmp(sa, sc) != 0);
    free(sa);
    free(sb);
    free(sc);
    gr_game_free(a);
    gr_game_free(b);
    gr_game_free(c);
    gr_rules_free(r);
}
END_TEST

/* Every card lands in every deck position about equally often. */
START_TEST(test_G7_shuffle_uniform)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    static int where[GR_NCARDS];   /* how often card 0 ends in the upcard... */
    memset(where, 0, sizeof where);
    long n = test_count(20000);
    for (long s = 0; s < n; s++) {
        gr_game *g;
        REQUIRE_OP(gr_game_new(&g, r, (uint64_t)s, 0), ==, GR_OK);
        where[upcard_of(g)]++;
        gr_game_free(g);
    }
    if (n >= 20000) {
        for (int c = 0; c < GR_NCARDS; c++) {   /* expected n/52 = 385 */
            REQUIRE_OP(where[c], >, (int)(n / 52) - 120);
            REQUIRE_OP(where[c], <, (int)(n / 52) + 120);
        }
    }
    gr_rules_free(r);
}
END_TEST

/* ---- G9: the upcard offer ------------------------------------------------------- */

#define ND_JUNK "AC 3C 5C 7C 9C JC KC 2D 4D 6D"
#define D_JUNK  "2H 4H 6H QH 3S 5S 7S 9S JS KS"   /* no meld */

START_TEST(test_G9_nondealer_takes)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g = stacked(r, 0, ND_JUNK, D_JUNK, "QD", "8S");
    REQUIRE_OP(gr_game_turn(g), ==, 1);
    gr_move legal[GR_MAX_MOVES];
    REQUIRE_OP(gr_game_legal_moves(g, legal, GR_MAX_MOVES), ==, 2);
    REQUIRE_OP(legal[0].type, ==, GR_MOVE_TAKE_UPCARD);
    REQUIRE_OP(legal[0].card, ==, card("QD"));
    REQUIRE_OP(legal[1].type, ==, GR_MOVE_PASS);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "AC"), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DISCARD);
    REQUIRE_OP(gr_game_turn(g), ==, 1);
    REQUIRE(hand_of(g, 1) & GR_CARD_BIT(card("QD")));
    REQUIRE_OP(gr_game_upcard(g, &(gr_card){ 0 }), ==, GR_ESTATE);   /* empty pile */
    REQUIRE_OP(gr_game_discards(g, NULL, 0), ==, 0);
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "QD"), ==, GR_EILLEGAL);   /* G11 */
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "KC"), ==, GR_OK);
    /* play goes on with the dealer, normally */
    REQUIRE_OP(gr_game_turn(g), ==, 0);
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
    REQUIRE(legal_named(g, GR_MOVE_DRAW_DISCARD, NULL));
    REQUIRE(legal_named(g, GR_MOVE_DRAW_STOCK, NULL));
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_ESTATE);
    gr_move h[2];
    REQUIRE_OP(gr_game_history(g, h, 2), ==, 2);
    REQUIRE(h[0].type == GR_MOVE_TAKE_UPCARD && h[0].card == card("QD"));
    REQUIRE(h[1].type == GR_MOVE_DISCARD && h[1].card == card("KC"));
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G9_dealer_takes_after_pass)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g = stacked(r, 1, ND_JUNK, D_JUNK, "QD", "8S");
    REQUIRE_OP(gr_game_turn(g), ==, 0);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_UPCARD);
    REQUIRE_OP(gr_game_turn(g), ==, 1);
    REQUIRE(legal_named(g, GR_MOVE_TAKE_UPCARD, NULL));
    REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
    REQUIRE_OP(gr_game_turn(g), ==, 1);
    REQUIRE(!legal_named(g, GR_MOVE_DISCARD, "QD"));
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "2H"), ==, GR_OK);
    REQUIRE_OP(gr_game_turn(g), ==, 0);   /* the non-dealer plays next */
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_DISCARD, NULL), ==, GR_OK);
    REQUIRE(hand_of(g, 0) & GR_CARD_BIT(card("2H")));
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G9_both_pass)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g = stacked(r, 0, ND_JUNK, D_JUNK, "QD", "8S 10S");
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(gr_game_turn(g), ==, 1);
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
    gr_move legal[GR_MAX_MOVES];
    REQUIRE_OP(gr_game_legal_moves(g, legal, GR_MAX_MOVES), ==, 1);
    REQUIRE_OP(legal[0].type, ==, GR_MOVE_DRAW_STOCK);
    snapshot before, after;
    snap(g, &before);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_DISCARD, NULL), ==, GR_EILLEGAL);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_ESTATE);
    snap(g, &after);
    assert_same(&before, &after);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    REQUIRE(hand_of(g, 1) & GR_CARD_BIT(card("8S")));
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "8S"), ==, GR_OK);   /* a stock card may go */
    /* normal play: the dealer may take the discard */
    REQUIRE_OP(gr_game_turn(g), ==, 0);
    REQUIRE(legal_named(g, GR_MOVE_DRAW_DISCARD, NULL));
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_DISCARD, NULL), ==, GR_OK);
    REQUIRE(hand_of(g, 0) & GR_CARD_BIT(card("8S")));
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ---- G10, G11: a turn -------------------------------------------------------------- */

START_TEST(test_G10_draw_then_discard)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g = stacked(r, 0, ND_JUNK, D_JUNK, "QD", "8S 10S QS");
    pass_and_churn(g, 1);   /* non-dealer drew 8S and threw it */
    REQUIRE_OP(gr_game_stock_size(g), ==, 30);
    REQUIRE_OP(upcard_of(g), ==, card("8S"));
    /* the dealer: draw phase */
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "2H"), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "2H"), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_BIG_GIN, NULL), ==, GR_ESTATE);
    gr_move legal[GR_MAX_MOVES];
    REQUIRE_OP(gr_game_legal_moves(g, legal, GR_MAX_MOVES), ==, 2);
    REQUIRE_OP(legal[0].type, ==, GR_MOVE_DRAW_STOCK);
    REQUIRE_OP(legal[0].card, ==, GR_NO_CARD);   /* the stock stays hidden */
    REQUIRE_OP(legal[1].type, ==, GR_MOVE_DRAW_DISCARD);
    REQUIRE_OP(legal[1].card, ==, card("8S"));
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    REQUIRE(hand_of(g, 0) & GR_CARD_BIT(card("10S")));
    /* discard phase: 11 discards, nothing else with this junk */
    REQUIRE_OP(gr_game_legal_moves(g, legal, GR_MAX_MOVES), ==, 11);
    for (int i = 0; i < 11; i++) {
        REQUIRE_OP(legal[i].type, ==, GR_MOVE_DISCARD);
        if (i)
            REQUIRE_OP(legal[i - 1].card, <, legal[i].card);
    }
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_DISCARD, NULL), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "QS"), ==, GR_EILLEGAL);   /* not in hand */
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "10S"), ==, GR_OK);
    REQUIRE_OP(gr_game_turn(g), ==, 1);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_DISCARD, NULL), ==, GR_OK);
    REQUIRE(hand_of(g, 1) & GR_CARD_BIT(card("10S")));
    REQUIRE_OP(upcard_of(g), ==, card("8S"));
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G11_taken_card_stays)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    /* the non-dealer can knock after taking 4D, but never by throwing it */
    gr_game *g = stacked(r, 0, "AC 2C 3C 5D 6D 7D 8H 9H 10H 2S", D_JUNK, "4D", NULL);
    REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
    REQUIRE(!legal_named(g, GR_MOVE_DISCARD, "4D"));
    REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "4D"));
    REQUIRE(!legal_named(g, GR_MOVE_GIN, "4D"));
    REQUIRE(legal_named(g, GR_MOVE_GIN, "2S"));
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "4D"), ==, GR_EILLEGAL);
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "4D"), ==, GR_EILLEGAL);
    REQUIRE_OP(gr_game_knock(g, card("4D"), NULL), ==, GR_EILLEGAL);
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "2S"), ==, GR_OK);
    /* a card drawn from the stock may be thrown at once */
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    gr_move h[3];
    REQUIRE_OP(gr_game_history(g, h, 3), ==, 3);
    REQUIRE(listed(g, GR_MOVE_DISCARD, h[2].card));
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = GR_MOVE_DISCARD, .card = h[2].card }), ==, GR_OK);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ---- G12: hidden information ------------------------------------------------------------- */

static void view_of(const gr_game *g, int p, gr_view *v)
{
    memset(v, 0xA5, sizeof *v);   /* the view must clear everything itself */
    REQUIRE_OP(gr_game_view(g, p, v), ==, GR_OK);
}

START_TEST(test_G12_view_contents)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g = stacked(r, 0, "AC 2C 3C 5D 6D 7D 8H 9H 10H 2S", D_JUNK, "4D", "KD");
    gr_view v;
    view_of(g, 1, &v);
    REQUIRE_OP(v.player, ==, 1);
    REQUIRE_OP(v.phase, ==, GR_PHASE_UPCARD);
    REQUIRE_OP(v.turn, ==, 1);
    REQUIRE_OP(v.dealer, ==, 0);
    REQUIRE(v.hand == hand_of(g, 1));
    REQUIRE(v.opponent_known == 0);
    REQUIRE_OP(v.opponent_count, ==, 10);
    REQUIRE_OP(v.stock_size, ==, 31);
    REQUIRE_OP(v.ndiscards, ==, 1);
    REQUIRE_OP(v.discards[0], ==, card("4D"));
    REQUIRE_OP(v.knock_limit, ==, 10);
    REQUIRE_OP(v.nlegal, ==, 2);
    view_of(g, 0, &v);
    REQUIRE_OP(v.nlegal, ==, 0);   /* not his turn */
    REQUIRE(v.hand == cards(D_JUNK));
    /* a taken upcard is public */
    REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
    view_of(g, 0, &v);
    REQUIRE(v.opponent_known == GR_CARD_BIT(card("4D")));
    REQUIRE_OP(v.opponent_count, ==, 11);
    REQUIRE_OP(v.ndiscards, ==, 0);
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "2S"), ==, GR_OK);
    view_of(g, 0, &v);
    REQUIRE(v.opponent_known == GR_CARD_BIT(card("4D")));
    REQUIRE_OP(v.nlegal, >, 0);
    /* the dealer takes 2S and throws it back (a stock card is not) */
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_DISCARD, NULL), ==, GR_OK);
    view_of(g, 1, &v);
    REQUIRE(v.opponent_known == GR_CARD_BIT(card("2S")));
    REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "2H"), ==, GR_OK);
    view_of(g, 1, &v);
    REQUIRE(v.opponent_known == GR_CARD_BIT(card("2S")));
    /* non-dealer goes gin: his hand is laid down for the dealer to see */
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_GIN, "KD"), ==, GR_OK);
    view_of(g, 0, &v);
    REQUIRE(v.opponent_known == cards("AC 2C 3C 4D 5D 6D 7D 8H 9H 10H"));
    REQUIRE_OP(v.nlegal, ==, 0);
    REQUIRE_OP(v.phase, ==, GR_PHASE_OVER);
    view_of(g, 1, &v);
    REQUIRE(v.opponent_known == hand_of(g, 0));
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* Two games that differ only in what player 1 cannot see (the stock order
 * and the dealer's unknown cards) give player 1 byte-identical views. */
START_TEST(test_G12_nothing_leaks)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    const char *nd = "AC 2C 3C 5D 6D 7D 8H 9H 10H 2S";
    gr_game *a = stacked(r, 0, nd, "AH 3H 5H 7H JH KH 2D 4S 6S QS", "4C",
                         "KD QC JC");
    gr_game *b = stacked(r, 0, nd, "AH 3H 5H 7H JH KC 3D 4S 6S QS", "4C",
                         "KH 9S 10S");
    /* the non-dealer passes; the dealer takes the upcard and throws AH; the
     * non-dealer takes AH and throws 2S; the dealer draws from the stock
     * (a different card in each game) */
    gr_game *games[2] = { a, b };
    for (int i = 0; i < 2; i++) {
        gr_game *g = games[i];
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "AH"), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_DISCARD, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "2S"), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    }
    gr_view va, vb;
    view_of(a, 1, &va);
    view_of(b, 1, &vb);
    REQUIRE(memcmp(&va, &vb, sizeof va) == 0);
    REQUIRE(va.opponent_known == GR_CARD_BIT(card("4C")));
    REQUIRE_OP(va.opponent_count, ==, 11);
    /* but player 0's views differ, as they must (different hands) */
    view_of(a, 0, &va);
    view_of(b, 0, &vb);
    REQUIRE(memcmp(&va, &vb, sizeof va) != 0);
    gr_game_free(a);
    gr_game_free(b);
    gr_rules_free(r);
}
END_TEST

/* ---- G13, G14, G30: knock and gin ---------------------------------------------------------- */

START_TEST(test_G13_knock)
{
    for (int p = 0; p < NPRESETS; p++) {
        gr_rules *r = preset(p);
        /* after taking KS: AC-3C, 4D-6D, 7H-9H melded, 5S and KS loose */
        gr_game *g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H 5S",
                             "2S 3S 9S JS 2H 4H 10D QD JC KC", "KS", NULL);
        REQUIRE_OP(gr_game_knock_limit(g), ==, 10);
        REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
        REQUIRE(legal_named(g, GR_MOVE_KNOCK, "5S"));    /* leaves KS = 10 */
        REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "KS"));   /* G11 */
        REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "AC"));   /* breaks a run */
        REQUIRE(!legal_named(g, GR_MOVE_GIN, "5S"));
        REQUIRE(legal_named(g, GR_MOVE_DISCARD, "5S"));  /* never forced */
        REQUIRE_OP(mv(g, GR_MOVE_GIN, "5S"), ==, GR_EILLEGAL);
        REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "5S"), ==, GR_OK);
        REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_OVER);
        REQUIRE_OP(gr_game_legal_moves(g, NULL, 0), ==, 0);
        REQUIRE_OP(upcard_of(g), ==, card("5S"));
        gr_hand_result res;
        REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
        REQUIRE_OP(res.outcome, ==, GR_OUTCOME_KNOCK);
        REQUIRE_OP(res.knocker, ==, 1);
        REQUIRE_OP(res.winner, ==, 1);
        REQUIRE_OP(res.knocker_deadwood, ==, 10);
        REQUIRE_OP(res.defender_deadwood, ==, 70);   /* no layoff possible */
        REQUIRE_OP(res.points, ==, 60);
        REQUIRE_OP(res.multiplier, ==, 1);
        REQUIRE_OP(res.knocker_arrangement.nmelds, ==, 3);
        REQUIRE(res.knocker_arrangement.deadwood == GR_CARD_BIT(card("KS")));
        REQUIRE(hand_of(g, 1) == cards("AC 2C 3C 4D 5D 6D 7H 8H 9H KS"));
        gr_move h[2];
        REQUIRE_OP(gr_game_history(g, h, 2), ==, 2);
        REQUIRE(h[1].type == GR_MOVE_KNOCK && h[1].card == card("5S"));
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_ESTATE);
        REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "KS"), ==, GR_ESTATE);
        gr_game_free(g);

        /* a lower knock limit */
        REQUIRE_OP(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 9), ==, GR_OK);
        g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H 5S",
                    "2S 3S 9S JS 2H 4H 10D QD JC KC", "KS", NULL);
        REQUIRE_OP(gr_game_knock_limit(g), ==, 9);
        REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
        REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "5S"));
        REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "5S"), ==, GR_EILLEGAL);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G13_undercut)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    /* the knocker keeps 9 (9S); the defender has 1 after laying off 10H */
    gr_game *g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H 9S",
                         "JD QD KD 2S 3S 4S 5S 10H AH AS", "8S", "AD");
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);   /* AD */
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "AD"), ==, GR_OK);
    gr_hand_result res;
    REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
    REQUIRE_OP(res.knocker, ==, 1);
    REQUIRE_OP(res.knocker_deadwood, ==, 9);
    REQUIRE_OP(res.outcome, ==, GR_OUTCOME_UNDERCUT);
    REQUIRE_OP(res.winner, ==, 0);
    REQUIRE(res.defense.laid_off == GR_CARD_BIT(card("10H")));
    REQUIRE_OP(res.defender_deadwood, ==, 1);   /* AH (AS-5S is a run) */
    REQUIRE_OP(res.points, ==, 10 + 9 - 1);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G14_gin)
{
    for (int p = 0; p < NPRESETS; p++) {
        gr_rules *r = preset(p);
        gr_game *g = stacked(r, 1, "AC 2C 3C 5D 6D 7D 8H 9H 10H 2S",
                             "4C JH 9S KS 4H QD 10C KC 6C 2H", "4D", NULL);
        REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
        /* discarding 2S leaves 0: both KNOCK and GIN are listed */
        REQUIRE(legal_named(g, GR_MOVE_KNOCK, "2S"));
        REQUIRE(legal_named(g, GR_MOVE_GIN, "2S"));
        REQUIRE(!legal_named(g, GR_MOVE_GIN, "AC"));   /* leaves 2S + broken run */
        REQUIRE_OP(mv(g, GR_MOVE_GIN, "AC"), ==, GR_EILLEGAL);
        gr_game *k;
        REQUIRE_OP(gr_game_clone(&k, g), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_GIN, "2S"), ==, GR_OK);
        REQUIRE_OP(mv(k, GR_MOVE_KNOCK, "2S"), ==, GR_OK);
        gr_hand_result rg, rk;
        REQUIRE_OP(gr_game_result(g, &rg), ==, GR_OK);
        REQUIRE_OP(gr_game_result(k, &rk), ==, GR_OK);
        REQUIRE_OP(rg.outcome, ==, GR_OUTCOME_GIN);
        REQUIRE_OP(rk.outcome, ==, GR_OUTCOME_GIN);
        REQUIRE_OP(rg.knocker, ==, 0);
        REQUIRE_OP(rg.winner, ==, 0);
        REQUIRE_OP(rg.points, ==, rk.points);
        int bonus;
        gr_rules_get(r, GR_OPT_GIN_BONUS, &bonus);
        REQUIRE_OP(rg.points, ==, bonus + rg.defender_deadwood);
        /* after gin the defender may lay off only where the rules allow */
        int after;
        gr_rules_get(r, GR_OPT_LAYOFF_AFTER_GIN, &after);
        if (after)
            REQUIRE(rg.defense.laid_off == cards("4C JH"));
        else
            REQUIRE(rg.defense.laid_off == 0);
        gr_game_free(g);
        gr_game_free(k);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G30_wrong_discard_refused)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    /* after drawing AD: discard KS leaves 1+...; discard 2S leaves KS */
    gr_game *g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H KD", D_JUNK, "QC",
                         "2D");
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);   /* 2D */
    /* 2D + KD loose = 12: knocking with 7H leaves far more */
    REQUIRE(legal_named(g, GR_MOVE_KNOCK, "KD"));
    REQUIRE(legal_named(g, GR_MOVE_KNOCK, "2D"));
    REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "7H"));
    REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "AC"));
    snapshot before, after;
    snap(g, &before);
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "7H"), ==, GR_EILLEGAL);
    REQUIRE_OP(gr_game_knock(g, card("7H"), NULL), ==, GR_EILLEGAL);
    snap(g, &after);
    assert_same(&before, &after);
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "KD"), ==, GR_OK);
    gr_hand_result res;
    gr_game_result(g, &res);
    REQUIRE_OP(res.knocker_deadwood, ==, 2);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ---- G15: the knocker's own arrangement --------------------------------------------------- */

START_TEST(test_G15_shown_arrangement)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    const char *nd = "AC 2C 3C 4C 5D 6D 7D 9H 9D 9C";   /* gin, AD thrown */
    gr_game *g = stacked(r, 0, nd, D_JUNK, "2S", "AD");
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);   /* AD */
    gr_card ad = card("AD");

    gr_arrangement a;
    memset(&a, 0, sizeof a);
    a.nmelds = 3;
    a.melds[0] = cards("AC 2C 3C");
    a.melds[1] = cards("5D 6D 7D");
    a.melds[2] = cards("9H 9D 9C");
    a.deadwood = cards("4C");
    a.deadwood_points = 4;
    snapshot before, after;
    snap(g, &before);

    /* refused: a fake meld, missing or extra cards, over the limit, the
     * discard itself, a malformed struct */
    gr_arrangement bad = a;
    bad.melds[0] = cards("AC 2C 4C");
    bad.deadwood = cards("3C");
    bad.deadwood_points = 3;
    REQUIRE_OP(gr_game_knock(g, ad, &bad), ==, GR_EILLEGAL);
    bad = a;
    bad.deadwood = 0;
    bad.deadwood_points = 0;
    REQUIRE_OP(gr_game_knock(g, ad, &bad), ==, GR_EILLEGAL);
    bad = a;
    bad.deadwood |= GR_CARD_BIT(ad);
    bad.deadwood_points = 5;
    REQUIRE_OP(gr_game_knock(g, ad, &bad), ==, GR_EILLEGAL);
    bad = a;
    bad.nmelds = 2;
    bad.melds[2] = 0;
    bad.deadwood = cards("4C 9H 9D 9C");
    bad.deadwood_points = 31;
    REQUIRE_OP(gr_game_knock(g, ad, &bad), ==, GR_EILLEGAL);
    bad = a;
    bad.deadwood_points = 5;   /* inconsistent count: malformed, as gr_settle says */
    REQUIRE_OP(gr_game_knock(g, ad, &bad), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_last_reason(g), ==, GR_REASON_DEADWOOD_POINTS);
    bad = a;
    bad.nmelds = GR_MAX_MELDS + 1;
    REQUIRE_OP(gr_game_knock(g, ad, &bad), ==, GR_EINVAL);
    bad = a;
    bad.deadwood |= (gr_cards)1 << 60;
    REQUIRE_OP(gr_game_knock(g, ad, &bad), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_knock(g, card("4C"), &a), ==, GR_EILLEGAL);
    REQUIRE_OP(gr_game_knock(g, 52, &a), ==, GR_EINVAL);
    snap(g, &after);
    assert_same(&before, &after);

    /* a knock with 4 showing, although gin was possible */
    gr_game *k;
    REQUIRE_OP(gr_game_clone(&k, g), ==, GR_OK);
    REQUIRE_OP(gr_game_knock(g, ad, &a), ==, GR_OK);
    gr_hand_result res;
    REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
    REQUIRE(res.outcome == GR_OUTCOME_KNOCK || res.outcome == GR_OUTCOME_UNDERCUT);
    REQUIRE_OP(res.knocker_deadwood, ==, 4);
    REQUIRE(same_arrangement(&res.knocker_arrangement, &a));
    gr_move h[4];
    REQUIRE_OP(gr_game_history(g, h, 4), ==, 4);
    REQUIRE(h[3].type == GR_MOVE_KNOCK && h[3].card == ad);
    /* the custom arrangement survives save and load */
    char *text = test_save(g);
    REQUIRE(NULL != strstr(text, "\nshown "));
    gr_game *l;
    REQUIRE_OP(gr_game_load(&l, text), ==, GR_OK);
    gr_hand_result lres;
    gr_game_result(l, &lres);
    REQUIRE(same_arrangement(&lres.knocker_arrangement, &a));
    char *text2 = test_save(l);
    REQUIRE(strcmp(text, text2) == 0);
    free(text);
    free(text2);
    gr_game_free(l);

    /* NULL shows the least deadwood: gin */
    REQUIRE_OP(gr_game_knock(k, ad, NULL), ==, GR_OK);
    REQUIRE_OP(gr_game_result(k, &res), ==, GR_OK);
    REQUIRE_OP(res.outcome, ==, GR_OUTCOME_GIN);
    gr_game_history(k, h, 4);
    REQUIRE_OP(h[3].type, ==, GR_MOVE_GIN);
    text = test_save(k);
    REQUIRE(NULL == strstr(text, "\nshown "));
    free(text);
    gr_game_free(k);
    gr_game_free(g);

    /* a shown arrangement with deadwood 0 is gin */
    g = stacked(r, 0, nd, D_JUNK, "2S", "AD");
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    a.nmelds = 3;
    a.melds[0] = cards("AC 2C 3C 4C");
    a.deadwood = 0;
    a.deadwood_points = 0;
    REQUIRE_OP(gr_game_knock(g, ad, &a), ==, GR_OK);
    REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
    REQUIRE_OP(res.outcome, ==, GR_OUTCOME_GIN);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ---- G16: the end of the stock ------------------------------------------------------------ */

/* The non-dealer waits for 9H, the 29th card drawn: it leaves 2 cards. */
#define G16_ND "AC 2C 3C 4D 5D 6D 7H 8H KS QS"
#define G16_D  "2S 3S 9S JS 2H 4H 10D QD JC KC"

static gr_game *g16_game(const gr_rules *r)
{
    gr_card deck[GR_NCARDS];
    stack(deck, G16_ND, G16_D, "8S", NULL);
    /* put 9H at deck[49], the 29th stock card */
    int at = -1;
    for (int i = 21; i < GR_NCARDS; i++)
        if (deck[i] == card("9H"))
            at = i;
    REQUIRE_OP(at, >=, 21);
    gr_card t = deck[49];
    deck[49] = deck[at];
    deck[at] = t;
    gr_game *g;
    REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, 0), ==, GR_OK);
    return g;
}

START_TEST(test_G16_void_two_left_knock)
{
    for (int p = 0; p < NPRESETS; p++) {
        if (p == GR_PRESET_NOVELTY)
            continue;
        gr_rules *r = preset(p);
        gr_game *g = g16_game(r);
        pass_and_churn(g, 28);
        REQUIRE_OP(gr_game_stock_size(g), ==, 3);
        REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
        REQUIRE_OP(gr_game_turn(g), ==, 1);
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
        REQUIRE_OP(gr_game_stock_size(g), ==, 2);
        REQUIRE(hand_of(g, 1) & GR_CARD_BIT(card("9H")));
        /* he finishes the turn: he may knock */
        gr_game *k;
        REQUIRE_OP(gr_game_clone(&k, g), ==, GR_OK);
        REQUIRE(legal_named(g, GR_MOVE_KNOCK, "KS"));
        REQUIRE_OP(mv(k, GR_MOVE_KNOCK, "KS"), ==, GR_OK);
        gr_hand_result res;
        REQUIRE_OP(gr_game_result(k, &res), ==, GR_OK);
        REQUIRE_OP(res.outcome, ==, GR_OUTCOME_KNOCK);
        REQUIRE_OP(res.knocker, ==, 1);
        gr_game_free(k);
        /* a plain discard makes the hand void */
        REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "KS"), ==, GR_OK);
        REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_OVER);
        REQUIRE_OP(gr_game_turn(g), ==, 0);
        REQUIRE_OP(gr_game_legal_moves(g, NULL, 0), ==, 0);
        REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
        REQUIRE_OP(res.outcome, ==, GR_OUTCOME_VOID);
        REQUIRE_OP(res.knocker, ==, -1);
        REQUIRE_OP(res.winner, ==, -1);
        REQUIRE_OP(res.points, ==, 0);
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_ESTATE);
        gr_view v;
        view_of(g, 0, &v);   /* a void hand is not laid down */
        REQUIRE(v.opponent_known == 0);
        REQUIRE_OP(gr_game_defend(g, &res.defense), ==, GR_ESTATE);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G16_turnover_order)
{
    gr_rules *r = preset(GR_PRESET_NOVELTY);
    gr_game *g = g16_game(r);
    gr_card deck[GR_NCARDS];
    stack(deck, G16_ND, G16_D, "8S", NULL);
    pass_and_churn(g, 30);
    REQUIRE_OP(gr_game_stock_size(g), ==, 1);
    /* the player who draws the last card may still knock ... */
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    REQUIRE_OP(gr_game_stock_size(g), ==, 0);
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DISCARD);
    gr_card pile[GR_NCARDS];
    int n = gr_game_discards(g, pile, GR_NCARDS);
    REQUIRE_OP(n, ==, 31);
    gr_card bottom = pile[0], second = pile[1];
    REQUIRE_OP(bottom, ==, card("8S"));
    /* ... or discard: the pile is turned over */
    gr_move h[128];
    int nh = gr_game_history(g, h, 128);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = GR_MOVE_DISCARD, .card = h[nh - 1].card }), ==, GR_OK);
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
    REQUIRE_OP(gr_game_turn(g), ==, 0);
    REQUIRE_OP(gr_game_stock_size(g), ==, 31);
    REQUIRE_OP(gr_game_discards(g, pile, GR_NCARDS), ==, 1);
    REQUIRE_OP(pile[0], ==, bottom);   /* the old bottom card, turned up */
    REQUIRE_OP(upcard_of(g), ==, bottom);
    /* the new stock: the old pile turned over, second card on top */
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    nh = gr_game_history(g, h, 128);
    REQUIRE_OP(h[nh - 1].card, ==, second);
    REQUIRE_OP(second, ==, deck[21]);
    /* play goes on: the dealer may take the turned-up card instead */
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G16_turnover_cap)
{
    for (int cap = 0; cap <= 2; cap++) {
        gr_rules *r = preset(GR_PRESET_NOVELTY);
        REQUIRE_OP(gr_rules_set(r, GR_OPT_TURNOVER_LIMIT, cap), ==, GR_OK);
        gr_card deck[GR_NCARDS];
        stack(deck, ND_JUNK, D_JUNK, "8S", NULL);
        gr_game *g;
        REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, 0), ==, GR_OK);
        /* 31 draws empty the stock; each turnover gives 31 more */
        int turnovers = cap ? cap : 3;
        pass_and_churn(g, 31 * turnovers);
        if (cap == 0) {
            REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
            REQUIRE_OP(gr_game_stock_size(g), ==, 31);
        } else {
            /* the cap is used up: the next empty stock ends the hand */
            REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
            pass_and_churn(g, 30);
            REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DRAW);
            REQUIRE_OP(gr_game_stock_size(g), ==, 1);
            pass_and_churn(g, 1);
            REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_OVER);
            gr_hand_result res;
            REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
            REQUIRE_OP(res.outcome, ==, GR_OUTCOME_VOID);
        }
        /* the whole hand replays from its text */
        char *text = test_save(g);
        gr_game *l;
        REQUIRE_OP(gr_game_load(&l, text), ==, GR_OK);
        char *text2 = test_save(l);
        REQUIRE(strcmp(text, text2) == 0);
        gr_game_free(l);
        char *crlf = test_crlf(text);   /* \r\n line ends read as \n */
        REQUIRE_OP(gr_game_load(&l, crlf), ==, GR_OK);
        free(text2);
        text2 = test_save(l);
        REQUIRE(strcmp(text, text2) == 0);
        free(crlf);
        free(text);
        free(text2);
        gr_game_free(l);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

/* ---- G18/G19: the defender's own defense ------------------------------------------------------ */

START_TEST(test_G19_defend)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    /* knocker (1): AC-3C 4D-6D 7H-9H + KS; defender can lay off 10H, 4C */
    gr_game *g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H 5S",
                         "10H 4C 9S JS 2H 4H 10D QD JC KC", "KS", NULL);
    gr_layoff none;
    memset(&none, 0, sizeof none);
    REQUIRE_OP(gr_game_defend(g, &none), ==, GR_ESTATE);
    REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "5S"), ==, GR_OK);
    gr_hand_result res;
    REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
    REQUIRE(res.defense.laid_off == cards("10H 4C"));
    int best = res.defender_deadwood;
    REQUIRE_OP(res.points, ==, best - 10);
    /* no layoff at all: worse for the defender, but legal */
    gr_cards dh = hand_of(g, 0);
    REQUIRE_OP(gr_arrange(dh, &none.defender), ==, best + 14);
    REQUIRE_OP(gr_game_defend(g, &none), ==, GR_OK);
    REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
    REQUIRE_OP(res.defender_deadwood, ==, best + 14);
    REQUIRE_OP(res.points, ==, best + 14 - 10);
    REQUIRE_OP(res.knocker, ==, 1);
    REQUIRE_OP(res.winner, ==, 1);
    /* an illegal defense is refused, the result unchanged */
    gr_layoff bad = none;
    bad.laid_off = GR_CARD_BIT(card("JS"));
    bad.defender.deadwood &= ~bad.laid_off;
    bad.defender.deadwood_points -= 10;
    snapshot before, after;
    snap(g, &before);
    REQUIRE_OP(gr_game_defend(g, &bad), !=, GR_OK);
    REQUIRE_OP(gr_game_defend(g, NULL), ==, GR_EINVAL);
    snap(g, &after);
    assert_same(&before, &after);
    /* the chosen defense survives save and load */
    char *text = test_save(g);
    REQUIRE(NULL != strstr(text, "\ndefense "));
    gr_game *l;
    REQUIRE_OP(gr_game_load(&l, text), ==, GR_OK);
    snap(l, &after);
    assert_same(&before, &after);
    char *text2 = test_save(l);
    REQUIRE(strcmp(text, text2) == 0);
    free(text);
    free(text2);
    gr_game_free(l);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G18_defend_after_gin)
{
    for (int p = 0; p < NPRESETS; p++) {
        gr_rules *r = preset(p);
        gr_game *g = stacked(r, 1, "AC 2C 3C 5D 6D 7D 8H 9H 10H 2S",
                             "4C JH 9S KS 4H QD 10C KC 6C 2H", "4D", NULL);
        REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_GIN, "2S"), ==, GR_OK);
        gr_hand_result res;
        gr_game_result(g, &res);
        int after;
        gr_rules_get(r, GR_OPT_LAYOFF_AFTER_GIN, &after);
        gr_layoff d;
        memset(&d, 0, sizeof d);
        gr_cards dh = hand_of(g, 1);
        gr_arrange(dh & ~cards("4C JH"), &d.defender);
        d.laid_off = cards("4C JH");
        REQUIRE_OP(gr_game_defend(g, &d), ==, after ? GR_OK : GR_EILLEGAL);
        memset(&d, 0, sizeof d);
        gr_arrange(dh, &d.defender);
        REQUIRE_OP(gr_game_defend(g, &d), ==, GR_OK);
        gr_game_result(g, &res);
        REQUIRE_OP(res.outcome, ==, GR_OUTCOME_GIN);
        REQUIRE_OP(res.defense.laid_off, ==, 0);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

/* ---- G32: big gin --------------------------------------------------------------------- */

START_TEST(test_G32_big_gin)
{
    for (int p = 0; p < NPRESETS; p++) {
        gr_rules *r = preset(p);
        int bonus;
        gr_rules_get(r, GR_OPT_BIG_GIN_BONUS, &bonus);
        gr_game *g = stacked(r, 0, "AC 2C 3C 4C 5D 6D 7D 8H 8S 8D", D_JUNK, "5C", NULL);
        /* before the draw: no big gin */
        REQUIRE_OP(mv(g, GR_MOVE_BIG_GIN, NULL), ==, GR_ESTATE);
        REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
        REQUIRE(legal_named(g, GR_MOVE_GIN, "AC"));
        REQUIRE(!legal_named(g, GR_MOVE_GIN, "5C"));   /* G11 */
        REQUIRE(legal_named(g, GR_MOVE_BIG_GIN, NULL) == (bonus > 0));
        if (bonus == 0) {
            REQUIRE_OP(mv(g, GR_MOVE_BIG_GIN, NULL), ==, GR_EILLEGAL);
            REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_DISCARD);
        } else {
            gr_move legal[GR_MAX_MOVES];
            int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
            REQUIRE_OP(legal[n - 1].type, ==, GR_MOVE_BIG_GIN);   /* last */
            REQUIRE_OP(mv(g, GR_MOVE_BIG_GIN, NULL), ==, GR_OK);
            gr_hand_result res;
            REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
            REQUIRE_OP(res.outcome, ==, GR_OUTCOME_BIG_GIN);
            REQUIRE_OP(res.knocker, ==, 1);
            REQUIRE_OP(res.winner, ==, 1);
            REQUIRE_OP(res.points, ==, bonus + res.defender_deadwood);
            REQUIRE_OP(count(hand_of(g, 1)), ==, 11);
            gr_cards shown = res.knocker_arrangement.deadwood;
            for (int i = 0; i < res.knocker_arrangement.nmelds; i++)
                shown |= res.knocker_arrangement.melds[i];
            REQUIRE_OP(count(shown), ==, 11);
            REQUIRE_OP(gr_game_discards(g, NULL, 0), ==, 0);   /* no discard */
            gr_move h[2];
            gr_game_history(g, h, 2);
            REQUIRE_OP(h[1].type, ==, GR_MOVE_BIG_GIN);
            char *text = test_save(g);
            gr_game *l;
            REQUIRE_OP(gr_game_load(&l, text), ==, GR_OK);
            snapshot a, b;
            snap(g, &a);
            snap(l, &b);
            assert_same(&a, &b);
            free(text);
            gr_game_free(l);
        }
        gr_game_free(g);
        /* not all melded: no big gin */
        g = stacked(r, 0, "AC 2C 3C 4C 5D 6D 7D 8H 8S 8D", D_JUNK, "KD", NULL);
        REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
        REQUIRE(!legal_named(g, GR_MOVE_BIG_GIN, NULL));
        REQUIRE_OP(mv(g, GR_MOVE_BIG_GIN, NULL), ==, GR_EILLEGAL);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

/* ---- G33: Oklahoma ------------------------------------------------------------------------ */

START_TEST(test_G33_oklahoma)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    REQUIRE_OP(gr_rules_set(r, GR_OPT_OKLAHOMA, 1), ==, GR_OK);
    /* upcard 7C: limit 7, so KC left over is too much */
    gr_game *g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H KC", D_JUNK, "7C", "5C");
    REQUIRE_OP(gr_game_knock_limit(g), ==, 7);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);   /* 5C */
    REQUIRE(legal_named(g, GR_MOVE_KNOCK, "KC"));    /* leaves 5 */
    REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "5C"));   /* leaves 10 */
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "5C"), ==, GR_EILLEGAL);
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "KC"), ==, GR_OK);
    gr_hand_result res;
    gr_game_result(g, &res);
    REQUIRE_OP(res.multiplier, ==, 1);
    gr_game_free(g);

    /* an ace upcard: gin only, double score */
    g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H KC", D_JUNK, "AD", "10H 2D");
    REQUIRE_OP(gr_game_knock_limit(g), ==, 0);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);   /* 10H */
    REQUIRE(legal_named(g, GR_MOVE_GIN, "KC"));    /* 7H-10H */
    REQUIRE(legal_named(g, GR_MOVE_KNOCK, "KC"));  /* a knock leaving 0 is gin */
    REQUIRE(!legal_named(g, GR_MOVE_KNOCK, "AC"));
    gr_view v;
    view_of(g, 1, &v);
    REQUIRE_OP(v.knock_limit, ==, 0);
    REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "KC"), ==, GR_OK);
    gr_game_result(g, &res);
    REQUIRE_OP(res.outcome, ==, GR_OUTCOME_GIN);
    REQUIRE_OP(res.multiplier, ==, 2);
    REQUIRE_OP(res.points, ==, 2 * (20 + res.defender_deadwood));
    gr_game_free(g);

    /* spades double only with the option */
    for (int spades = 0; spades < 2; spades++) {
        REQUIRE_OP(gr_rules_set(r, GR_OPT_OKLAHOMA_SPADES, spades), ==, GR_OK);
        g = stacked(r, 0, "AC 2C 3C 4D 5D 6D 7H 8H 9H KC", D_JUNK, "8S", "AD");
        REQUIRE_OP(gr_game_knock_limit(g), ==, 8);
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_KNOCK, "KC"), ==, GR_OK);
        gr_game_result(g, &res);
        REQUIRE_OP(res.multiplier, ==, spades ? 2 : 1);
        gr_game_free(g);
    }
    gr_rules_free(r);
}
END_TEST

/* ---- random playouts ------------------------------------------------------------------------ */

/* The cards each player holds that he took from the pile, rebuilt from the
 * history alone (G12). */
static void known_from_history(const gr_game *g, gr_cards known[2])
{
    int n = gr_game_history(g, NULL, 0);
    gr_move *h = malloc(sizeof *h * (size_t)(n ? n : 1));
    REQUIRE(NULL != h);
    gr_game_history(g, h, (size_t)n);
    int p = 1 - gr_game_dealer(g);
    known[0] = known[1] = 0;
    for (int i = 0; i < n; i++) {
        switch (h[i].type) {
        case GR_MOVE_TAKE_UPCARD:
        case GR_MOVE_DRAW_DISCARD:
            known[p] |= GR_CARD_BIT(h[i].card);
            break;
        case GR_MOVE_DISCARD:
            known[p] &= ~GR_CARD_BIT(h[i].card);
            p = 1 - p;
            break;
        case GR_MOVE_PASS:
            p = 1 - p;
            break;
        default:
            break;
        }
    }
    free(h);
}

static void check_cards_accounted(const gr_game *g)
{
    gr_cards h0 = hand_of(g, 0), h1 = hand_of(g, 1);
    REQUIRE(!(h0 & h1));
    gr_card pile[GR_NCARDS];
    int nd = gr_game_discards(g, pile, GR_NCARDS);
    REQUIRE_OP(nd, >=, 0);
    gr_cards d = 0;
    for (int i = 0; i < nd; i++) {
        REQUIRE_OP(pile[i], <, GR_NCARDS);
        REQUIRE(!(d & GR_CARD_BIT(pile[i])));
        d |= GR_CARD_BIT(pile[i]);
    }
    REQUIRE(!(d & (h0 | h1)));
    int ns = gr_game_stock_size(g);
    REQUIRE_OP(count(h0) + count(h1) + nd + ns, ==, GR_NCARDS);
    int phase = gr_game_phase(g), turn = gr_game_turn(g);
    if (phase == GR_PHASE_DISCARD) {
        REQUIRE_OP(count(turn ? h1 : h0), ==, 11);
        REQUIRE_OP(count(turn ? h0 : h1), ==, 10);
    } else if (phase != GR_PHASE_OVER) {
        REQUIRE_OP(count(h0), ==, 10);
        REQUIRE_OP(count(h1), ==, 10);
    }
}

static void check_views(const gr_game *g)
{
    gr_cards known[2];
    known_from_history(g, known);
    gr_hand_result res;
    bool laid_down = gr_game_result(g, &res) == GR_OK && res.outcome != GR_OUTCOME_VOID;
    for (int p = 0; p < 2; p++) {
        gr_view v;
        view_of(g, p, &v);
        REQUIRE_OP(v.player, ==, p);
        REQUIRE_OP(v.phase, ==, gr_game_phase(g));
        REQUIRE_OP(v.turn, ==, gr_game_turn(g));
        REQUIRE_OP(v.dealer, ==, gr_game_dealer(g));
        REQUIRE(v.hand == hand_of(g, p));
        REQUIRE(v.opponent_known == (laid_down ? hand_of(g, 1 - p) : known[1 - p]));
        REQUIRE_OP(v.opponent_count, ==, count(hand_of(g, 1 - p)));
        REQUIRE_OP(v.stock_size, ==, gr_game_stock_size(g));
        gr_card pile[GR_NCARDS];
        memset(pile, 0, sizeof pile);
        REQUIRE_OP(v.ndiscards, ==, gr_game_discards(g, pile, GR_NCARDS));
        REQUIRE(memcmp(v.discards, pile, sizeof pile) == 0);
        REQUIRE_OP(v.knock_limit, ==, gr_game_knock_limit(g));
        gr_move legal[GR_MAX_MOVES];
        memset(legal, 0, sizeof legal);
        int n = 0;
        if (gr_game_turn(g) == p)
            n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
        REQUIRE_OP(v.nlegal, ==, n);
        REQUIRE(memcmp(v.legal, legal, sizeof legal) == 0);
    }
}

/* The deck of a game, read back from its save text. */
static void deck_of(const gr_game *g, gr_card deck[GR_NCARDS])
{
    char *text = test_save(g);
    char *line = strstr(text, "\ndeck ");
    REQUIRE(NULL != line);
    line += 6;
    char *end = strchr(line, '\n');
    REQUIRE(NULL != end);
    *end = '\0';
    int i = 0;
    for (char *tok = strtok(line, " "); tok; tok = strtok(NULL, " ")) {
        REQUIRE_OP(i, <, GR_NCARDS);
        deck[i++] = card(tok);
    }
    REQUIRE_OP(i, ==, GR_NCARDS);
    free(text);
}

/* Rebuild the hand from a deck in which the cards player p cannot see are
 * shuffled among themselves, replaying the same moves: p's view must not
 * change by a single byte.  Skipped after a turnover (the new stock's cards
 * were seen in the pile). */
static void check_view_blind(const gr_game *g, const gr_rules *r, test_rng *rng)
{
    int n = gr_game_history(g, NULL, 0);
    gr_move *h = malloc(sizeof *h * (size_t)(n ? n : 1));
    REQUIRE(NULL != h);
    gr_game_history(g, h, (size_t)n);
    int draws = 0;
    for (int i = 0; i < n; i++)
        draws += h[i].type == GR_MOVE_DRAW_STOCK;
    if (gr_game_stock_size(g) != 31 - draws) {
        free(h);
        return;
    }
    gr_card deck[GR_NCARDS];
    deck_of(g, deck);
    for (int p = 0; p < 2; p++) {
        gr_view v, w;
        view_of(g, p, &v);
        gr_cards seen = v.hand | v.opponent_known;
        for (int i = 0; i < v.ndiscards; i++)
            seen |= GR_CARD_BIT(v.discards[i]);
        gr_card other[GR_NCARDS];
        memcpy(other, deck, sizeof other);
        int pos[GR_NCARDS], npos = 0;
        for (int i = 0; i < GR_NCARDS; i++)
            if (!(seen & GR_CARD_BIT(other[i])))
                pos[npos++] = i;
        REQUIRE_OP(npos, ==, GR_NCARDS - count(seen));
        for (int i = npos - 1; i > 0; i--) {
            int j = test_below(rng, i + 1);
            gr_card t = other[pos[i]];
            other[pos[i]] = other[pos[j]];
            other[pos[j]] = t;
        }
        gr_game *b;
        REQUIRE_OP(gr_game_new_from_deck(&b, r, other, gr_game_dealer(g)), ==, GR_OK);
        for (int i = 0; i < n; i++)
            REQUIRE_OP(gr_game_play(b, h[i]), ==, GR_OK);
        view_of(b, p, &w);
        REQUIRE(memcmp(&v, &w, sizeof v) == 0);
        gr_game_free(b);
    }
    free(h);
}

/* A random legal move, knocking whenever it can (9 times in 10) and often
 * keeping its best hand, so that hands under the turnover rule end too. */
static gr_move random_policy(const gr_game *g, const gr_move *legal, int n,
                             test_rng *rng)
{
    int ends[GR_MAX_MOVES], nends = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].type >= GR_MOVE_KNOCK)
            ends[nends++] = i;
    if (nends && test_below(rng, 10) < 9)
        return legal[ends[test_below(rng, nends)]];
    if (legal[0].type == GR_MOVE_DISCARD && test_below(rng, 2)) {
        gr_cards hand = hand_of(g, gr_game_turn(g));
        gr_card best;
        REQUIRE(gr_best_discard(hand, &best) >= 0);
        for (int i = 0; i < n; i++)
            if (legal[i].type == GR_MOVE_DISCARD && legal[i].card == best)
                return legal[i];
    }
    return legal[test_below(rng, n)];
}

static int expected_refusal(const gr_game *g, gr_move m)
{
    if (m.type < GR_MOVE_TAKE_UPCARD || m.type > GR_MOVE_BIG_GIN)
        return GR_EINVAL;
    if (names_card(m.type) && m.card >= GR_NCARDS)
        return GR_EINVAL;
    int phase = gr_game_phase(g);
    int want = m.type <= GR_MOVE_PASS ? GR_PHASE_UPCARD
             : m.type <= GR_MOVE_DRAW_DISCARD ? GR_PHASE_DRAW : GR_PHASE_DISCARD;
    return phase == want ? GR_EILLEGAL : GR_ESTATE;
}

static void check_round_trip(const gr_game *g)
{
    char *text = test_save(g);
    gr_game *l = NULL, *l2_unused = NULL;
    REQUIRE_OP(gr_game_load(&l, text), ==, GR_OK);
    char *text2 = test_save(l);
    REQUIRE(strcmp(text, text2) == 0);
    snapshot *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    snap(g, a);
    snap(l, b);
    assert_same(a, b);
    /* cut short (the end line, or only its newline, lost): refused */
    int n = (int)strlen(text);
    REQUIRE_OP(n, >, 5);
    REQUIRE(strcmp(text + n - 5, "\nend\n") == 0);
    text[n - 1] = '\0';
    REQUIRE_OP(gr_game_load(&l2_unused, text), ==, GR_EPARSE);
    text[n - 4] = '\0';
    REQUIRE_OP(gr_game_load(&l2_unused, text), ==, GR_EPARSE);
    text[n - 4] = 'e';
    text[n - 1] = '\n';
    /* a smaller buffer gets a truncated, terminated prefix */
    char small[17];
    REQUIRE_OP(gr_game_save(g, small, sizeof small), ==, n);
    REQUIRE_OP(strlen(small), ==, sizeof small - 1);
    REQUIRE(strncmp(small, text, sizeof small - 1) == 0);
    free(a);
    free(b);
    free(text);
    free(text2);
    gr_game_free(l);
}

static void playouts(int preset_id, long hands, uint64_t seed)
{
    gr_rules *r = preset(preset_id);
    test_rng rng = { seed };
    snapshot *before = malloc(sizeof *before), *after = malloc(sizeof *after);
    REQUIRE(NULL != before);
    REQUIRE(NULL != after);
    long ended = 0, outcomes[5] = { 0 };
    for (long hand = 0; hand < hands; hand++) {
        gr_game *g;
        REQUIRE_OP(gr_game_new(&g, r, test_next(&rng), (int)(hand & 1)), ==, GR_OK);
        bool deep = hand % 8 == 0;   /* the costly checks on every 8th hand */
        int check_at = test_below(&rng, 60);
        for (int step = 0; step <= GR_MAX_HAND_MOVES; step++) {
            check_cards_accounted(g);
            gr_move legal[GR_MAX_MOVES];
            int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
            REQUIRE_OP(n, <=, GR_MAX_MOVES);
            if (gr_game_phase(g) == GR_PHASE_OVER) {
                REQUIRE_OP(n, ==, 0);
                break;
            }
            REQUIRE_OP(n, >, 0);
            for (int i = 1; i < n; i++)   /* ordered by type, then card */
                REQUIRE(legal[i - 1].type < legal[i].type
                          || (legal[i - 1].type == legal[i].type
                              && legal[i - 1].card < legal[i].card));
            if (deep) {
                check_views(g);
                for (int i = 0; i < n; i++) {   /* every listed move works */
                    gr_game *c;
                    REQUIRE_OP(gr_game_clone(&c, g), ==, GR_OK);
                    REQUIRE_OP(gr_game_play(c, legal[i]), ==, GR_OK);
                    gr_game_free(c);
                }
                if (step == check_at) {
                    check_round_trip(g);
                    check_view_blind(g, r, &rng);
                }
            }
            /* random other moves are refused and change nothing */
            snap(g, before);
            for (int k = 0; k < (deep ? 6 : 2); k++) {
                gr_move m = { .type = test_below(&rng, 10) };
                m.card = (gr_card)test_below(&rng, 56);
                bool is_legal = false;
                for (int i = 0; i < n; i++)
                    if (legal[i].type == m.type
                        && (!names_card(m.type) || legal[i].card == m.card))
                        is_legal = true;
                if (is_legal)
                    continue;
                REQUIRE_OP(gr_game_play(g, m), ==, expected_refusal(g, m));
            }
            /* a legal move with a reserved byte set is refused too (the
             * fast lane of the common moves checks them first) */
            gr_move dirty = legal[test_below(&rng, n)];
            dirty.reserved[test_below(&rng, 3)] = (uint8_t)(1 + test_below(&rng, 255));
            REQUIRE_OP(gr_game_play(g, dirty), ==, GR_EINVAL);
            snap(g, after);
            assert_same(before, after);
            REQUIRE_OP(gr_game_play(g, random_policy(g, legal, n, &rng)), ==, GR_OK);
        }
        check_cards_accounted(g);
        gr_hand_result res;
        if (gr_game_result(g, &res) == GR_OK) {
            ended++;
            outcomes[res.outcome]++;
            if (res.outcome != GR_OUTCOME_VOID) {
                REQUIRE(res.knocker == 0 || res.knocker == 1);
                REQUIRE(res.winner == 0 || res.winner == 1);
                REQUIRE_OP(res.points, >=, 0);
            }
        }
        if (deep) {
            check_views(g);
            check_round_trip(g);
            check_view_blind(g, r, &rng);
        }
        gr_game_free(g);
    }
    /* every hand ends, within GR_MAX_HAND_MOVES moves */
    REQUIRE_OP(ended, ==, hands);
    REQUIRE_OP(outcomes[GR_OUTCOME_KNOCK] + outcomes[GR_OUTCOME_UNDERCUT], >, 0);
    free(before);
    free(after);
    gr_rules_free(r);
}

START_TEST(test_random_playouts)
{
    playouts(_i, test_count(10000), 0x6A6D3E5Bull + (uint64_t)_i);
}
END_TEST

/* ---- save and load -------------------------------------------------------------------------- */

START_TEST(test_save_damaged_text)
{
    gr_rules *r = preset(GR_PRESET_STANDARD);
    gr_game *g;
    REQUIRE_OP(gr_game_new(&g, r, 7, 0), ==, GR_OK);
    test_rng rng = { 99 };
    for (int i = 0; i < 12 && gr_game_phase(g) != GR_PHASE_OVER; i++) {
        gr_move legal[GR_MAX_MOVES];
        int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
        REQUIRE_OP(gr_game_play(g, random_policy(g, legal, n, &rng)), ==, GR_OK);
    }
    char *text = test_save(g);
    gr_game *l = NULL;
    /* whole lines broken */
    static const struct { const char *from, *to; int rc; } edits[] = {
        { "ginrummy 2", "ginrummy 1", GR_EPARSE },   /* the old version */
        { "ginrummy 2", "ginrummy 3", GR_EPARSE },
        { "ginrummy 2", "gin rummy", GR_EPARSE },
        { "\nend\n", "\n", GR_EPARSE },
        { "\nend\n", "\nend", GR_EPARSE },
        { "\nend\n", "\nend 1\n", GR_EPARSE },
        { "\nend\n", "\nend\nend\n", GR_EPARSE },
        { "\nend\n", "\nend\ndealer 0\n", GR_EPARSE },
        { "\nend\n", "\nend\n\n  \n", GR_OK },   /* blank lines may follow */
        { "\ndealer", "\nend\ndealer", GR_EPARSE },
        { "MOVES", "\nmoves -1 ", GR_EPARSE },
        { "MOVES", "\nmoves x ", GR_EPARSE },
        { "MOVES", "MOVES+1", GR_EPARSE },   /* the count and the moves differ */
        { "MOVES", "MOVES-1", GR_EPARSE },
        { "knock_limit=10", "knock_limit=11", GR_EPARSE },
        { "knock_limit=10", "knock_limt=10", GR_EPARSE },
        { "knock_limit=10", "knock_limit=x", GR_EPARSE },
        { "knock_limit=10", "knock_limit", GR_EPARSE },
        { "dealer 0", "dealer 2", GR_EPARSE },
        { "dealer 0", "dealer", GR_EPARSE },
        { "\ndeck ", "\ndeck XX ", GR_EPARSE },
        { "\nmoves ", "\nmoves JUMP; ", GR_EPARSE },
        { "\nmoves ", "\nmoves DISCARD AC; ", GR_EILLEGAL },
        { "\nmoves ", "\nmoves ; ", GR_EPARSE },
        { "\nmoves ", "\nmoves PASS 7H; ", GR_EPARSE },
        { "\ndeck ", "\nfoo bar\ndeck ", GR_EPARSE },
        { "\ndeck ", "\ndealer 1\ndeck ", GR_EPARSE },
    };
    /* "\nmoves N " for MOVES, N+1 and N-1 for MOVES+1 and MOVES-1 */
    int nmoves = gr_game_history(g, NULL, 0);
    char moves[3][32];
    for (int d = 0; d < 3; d++)
        snprintf(moves[d], sizeof moves[d], "\nmoves %d ", nmoves + (d == 2 ? -1 : d));
    for (size_t k = 0; k < sizeof edits / sizeof edits[0]; k++) {
        const char *from = edits[k].from, *to = edits[k].to;
        if (strcmp(from, "MOVES") == 0)
            from = moves[0];
        if (strncmp(to, "MOVES", 5) == 0) {
            to = !to[5] ? moves[0] : to[5] == '+' ? moves[1] : moves[2];
        } else if (strncmp(to, "\nmoves ", 7) == 0 && strcmp(to, "\nmoves -1 ") != 0
                   && strcmp(to, "\nmoves x ") != 0) {
            static char buf[64];   /* the same edit, after the count */
            snprintf(buf, sizeof buf, "%s%s", moves[0], to + 7);
            to = buf;
            from = moves[0];
        }
        const char *at = strstr(text, from);
        REQUIRE_MSG(at != NULL, "edit %zu", k);
        size_t pre = (size_t)(at - text);
        char *bad = malloc(strlen(text) + 64);
        memcpy(bad, text, pre);
        strcpy(bad + pre, to);
        strcat(bad, at + strlen(from));
        l = NULL;
        REQUIRE_MSG(gr_game_load(&l, bad) == edits[k].rc, "edit %zu: %d", k,
                    gr_game_load(&l, bad));
        if (edits[k].rc == GR_OK)
            gr_game_free(l);
        else
            REQUIRE(NULL == l);
        free(bad);
    }
    /* a card drawn that is not the one on top */
    char *bad = malloc(strlen(text) + 64);
    strcpy(bad, text);
    char *take = strstr(bad, "moves ");
    REQUIRE(NULL != take);
    /* every prefix, and random byte damage: never a crash or a leak */
    size_t len = strlen(text);
    for (size_t n = 0; n < len; n++) {
        char *prefix = malloc(n + 1);
        memcpy(prefix, text, n);
        prefix[n] = '\0';
        l = NULL;
        REQUIRE_OP(gr_game_load(&l, prefix), ==, GR_EPARSE);   /* never loads */
        REQUIRE(NULL == l);
        free(prefix);
    }
    for (long k = 0; k < test_count(3000); k++) {
        strcpy(bad, text);
        int flips = 1 + test_below(&rng, 3);
        for (int f = 0; f < flips; f++) {
            size_t at = (size_t)test_below(&rng, (int)len);
            static const char alphabet[] = " ;=\n0123456789ACDHSJQKTX-";
            bad[at] = test_below(&rng, 4) ? alphabet[test_below(&rng, sizeof alphabet - 1)]
                                          : (char)(1 + test_below(&rng, 255));
        }
        l = NULL;
        int rc = gr_game_load(&l, bad);
        REQUIRE(rc == GR_OK || rc == GR_EPARSE || rc == GR_EILLEGAL);
        if (rc == GR_OK)
            gr_game_free(l);
    }
    free(bad);
    free(text);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

static int churn_turn(gr_game *g, int type);

/* Every proper prefix of `text` (or the text with a NUL at that place) is
 * refused with GR_EPARSE; `step` > 1 tries every step-th cut and the last
 * 64 (for long texts). */
static void check_no_prefix_loads(const char *text, size_t step)
{
    size_t len = strlen(text);
    char *buf = malloc(len + 1);
    REQUIRE(NULL != buf);
    for (size_t n = 0; n < len; n++) {
        if (step > 1 && n % step != 0 && n + 64 < len)
            continue;
        memcpy(buf, text, len + 1);
        buf[n] = '\0';   /* a prefix, or a NUL inside the text */
        gr_game *l = NULL;
        int rc = gr_game_load(&l, buf);
        REQUIRE_MSG(rc == GR_EPARSE, "cut at %zu of %zu: %d", n, len, rc);
        REQUIRE(NULL == l);
    }
    gr_game *l = NULL;
    REQUIRE_OP(gr_game_load(&l, text), ==, GR_OK);
    gr_game_free(l);
    free(buf);
}

START_TEST(test_save_no_prefix_loads)
{
    test_rng rng = { 0x7121u };
    /* a fresh deal (no moves) and random hands of each preset, finished with
     * a knock that shows its own arrangement and a chosen defense */
    for (int p = 0; p < NPRESETS; p++) {
        long hands = test_count(6);
        for (long h = 0; h < hands; h++) {
            gr_rules *r = preset(p);
            uint64_t seed = test_next(&rng);
            gr_game *g;
            REQUIRE_OP(gr_game_new(&g, r, seed, (int)(h & 1)), ==, GR_OK);
            for (int moves = 0; moves < (int)h * 7; moves++) {
                gr_move legal[GR_MAX_MOVES];
                int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
                if (n == 0)
                    break;
                int k = test_below(&rng, n);
                if (legal[k].type == GR_MOVE_KNOCK) {
                    gr_cards hand;
                    gr_arrangement a;
                    REQUIRE_OP(gr_game_hand(g, gr_game_turn(g), &hand), ==, GR_OK);
                    gr_arrange(hand & ~GR_CARD_BIT(legal[k].card), &a);
                    REQUIRE_OP(gr_game_knock(g, legal[k].card, &a), ==, GR_OK);
                    gr_hand_result res;
                    REQUIRE_OP(gr_game_result(g, &res), ==, GR_OK);
                    REQUIRE_OP(gr_game_defend(g, &res.defense), ==, GR_OK);
                    break;
                }
                REQUIRE_OP(gr_game_play(g, legal[k]), ==, GR_OK);
            }
            char *text = test_save(g);
            check_no_prefix_loads(text, 1);
            free(text);
            gr_game_free(g);
            gr_rules_free(r);
        }
    }
    /* a hand played to GR_MAX_HAND_MOVES (a long text: every 97th cut) */
    gr_rules *r = preset(GR_PRESET_NOVELTY);
    gr_game *g = stacked(r, 0, ND_JUNK, D_JUNK, "QD", "8S");
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    while (churn_turn(g, GR_MOVE_DRAW_STOCK) != GR_PHASE_OVER)
        continue;
    char *text = test_save(g);
    check_no_prefix_loads(text, 97);
    free(text);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_save_draw_card_checked)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g = stacked(r, 0, ND_JUNK, D_JUNK, "QD", "8S");
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    REQUIRE_OP(mv(g, GR_MOVE_DRAW_STOCK, NULL), ==, GR_OK);
    char *text = test_save(g);
    REQUIRE(NULL != strstr(text, "\nmoves 3 PASS; PASS; STOCK 8S\nend\n"));
    char *bad = malloc(strlen(text) + 8);
    strcpy(bad, text);
    char *s = strstr(bad, "STOCK 8S");
    memcpy(s, "STOCK 9S", 8);
    gr_game *l = NULL;
    REQUIRE_OP(gr_game_load(&l, bad), ==, GR_EILLEGAL);
    memcpy(s, "STOCK   ", 8);   /* the card may be left out */
    REQUIRE_OP(gr_game_load(&l, bad), ==, GR_OK);
    gr_game_free(l);
    free(bad);
    free(text);
    /* save into exact, short and empty buffers */
    int n = gr_game_save(g, NULL, 0);
    char *buf = malloc((size_t)n + 1);
    for (int size = 0; size <= n + 1; size += (size < 40 ? 1 : 97)) {
        memset(buf, 'x', (size_t)n + 1);
        REQUIRE_OP(gr_game_save(g, size ? buf : NULL, (size_t)size), ==, n);
        if (size > 0)
            REQUIRE_OP(strlen(buf), ==, (size_t)(size - 1 < n ? size - 1 : n));
        for (int i = size; i <= n; i++)
            REQUIRE_OP(buf[i], ==, 'x');
    }
    free(buf);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* Numbers too large for an int are damage, not values that wrap around to
 * an accepted one (4294967296 is 0 in 32 bits, 4294967306 is 10). */
START_TEST(test_save_numbers_out_of_range)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g;
    REQUIRE_OP(gr_game_new(&g, r, 3, 0), ==, GR_OK);
    char *text = test_save(g);
    static const struct { const char *from, *to; } edits[] = {
        { "dealer 0", "dealer 4294967296" },
        { "dealer 0", "dealer 18446744073709551616" },
        { "dealer 0", "dealer -4294967295" },
        { "dealer 0", "dealer 2147483648" },
        { "knock_limit=10", "knock_limit=4294967306" },
        { "knock_limit=10", "knock_limit=-4294967286" },
        { "target=100", "target=2147483748" },
        { "target=100", "target=99999999999999999999999999999" },
    };
    for (size_t k = 0; k < sizeof edits / sizeof edits[0]; k++) {
        const char *at = strstr(text, edits[k].from);
        REQUIRE_MSG(at != NULL, "edit %zu", k);
        size_t pre = (size_t)(at - text);
        char *bad = malloc(strlen(text) + 64);
        memcpy(bad, text, pre);
        strcpy(bad + pre, edits[k].to);
        strcat(bad, at + strlen(edits[k].from));
        gr_game *l = NULL;
        int rc = gr_game_load(&l, bad);
        REQUIRE_MSG(rc == GR_EPARSE, "edit %zu (%s): %d", k, edits[k].to, rc);
        REQUIRE(NULL == l);
        free(bad);
    }
    free(text);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* ---- allocation failure ---------------------------------------------------------------------- */

/* One run with allocation number fail_at failing; returns true when no
 * allocation failed (the run went through). */
static bool alloc_run(long fail_at)
{
    test_counter c = { 0, fail_at + 1, 0, 0 };   /* fail_at counts from 0 */
    gr_allocator mm = { .malloc_fn = test_counting_malloc, .free_fn = test_counting_free,
                        .ctx = &c };
    gr_rules *r = NULL;
    bool failed = false;
    int rc = gr_rules_new_mm(&r, GR_PRESET_NOVELTY, &mm);
    if (rc != GR_OK) {
        REQUIRE_OP(rc, ==, GR_ENOMEM);
        REQUIRE_OP(c.live, ==, 0);
        return false;
    }
    gr_game *g = NULL, *k = NULL, *l = NULL;
    rc = gr_game_new(&g, r, 5, 0);
    if (rc != GR_OK) {
        REQUIRE_OP(rc, ==, GR_ENOMEM);
        failed = true;
        goto done;
    }
    /* both pass, then draw and throw until the history leaves the game */
    for (int i = 0; i < 2; i++)
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
    for (int turn = 0; turn < 120; turn++) {
        gr_move m = { .type = GR_MOVE_DRAW_STOCK, .card = GR_NO_CARD };
        for (int half = 0; half < 2; half++) {
            snapshot *before = malloc(sizeof *before), *after = malloc(sizeof *after);
            snap(g, before);
            rc = gr_game_play(g, m);
            if (rc == GR_ENOMEM) {   /* refused: nothing changed */
                snap(g, after);
                assert_same(before, after);
                failed = true;
            } else {
                REQUIRE_OP(rc, ==, GR_OK);
            }
            free(before);
            free(after);
            if (failed)
                goto done;
            gr_move h[1];
            int n = gr_game_history(g, NULL, 0);
            gr_move *all = malloc(sizeof *all * (size_t)n);
            gr_game_history(g, all, (size_t)n);
            h[0] = all[n - 1];
            free(all);
            m.type = GR_MOVE_DISCARD;
            m.card = h[0].card;
        }
    }
    rc = gr_game_clone(&k, g);
    if (rc != GR_OK) {
        REQUIRE_OP(rc, ==, GR_ENOMEM);
        failed = true;
        goto done;
    }
    char *text = test_save(k);
    rc = gr_game_load_mm(&l, text, &mm);
    free(text);
    if (rc != GR_OK) {
        REQUIRE_OP(rc, ==, GR_ENOMEM);
        REQUIRE(l == NULL);
        failed = true;
    }
done:
    gr_game_free(l);
    gr_game_free(k);
    gr_game_free(g);
    gr_rules_free(r);
    REQUIRE_OP(c.live, ==, 0);
    return !failed;
}

START_TEST(test_alloc_failure)
{
    long fail_at = 0;
    while (!alloc_run(fail_at))
        fail_at++;
    REQUIRE_OP(fail_at, >=, 5);   /* rules, game, history, clone, load... */
    gr_game *l;
    ck_assert_int_eq(gr_game_load_mm(&l, "ginrummy 2\nend\n",
                                     &(gr_allocator){ .free_fn = test_counting_free }),
                     GR_EINVAL);
}
END_TEST

/* ---- bad input ------------------------------------------------------------------------------ */

START_TEST(test_bad_input)
{
    gr_rules *r = preset(GR_PRESET_FOURNIER);
    gr_game *g = NULL;
    gr_card deck[GR_NCARDS];
    for (int i = 0; i < GR_NCARDS; i++)
        deck[i] = (gr_card)i;
    REQUIRE_OP(gr_game_new(NULL, r, 1, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_new(&g, NULL, 1, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_new(&g, r, 1, 2), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_new(&g, r, 1, -1), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_new_from_deck(NULL, r, deck, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_new_from_deck(&g, NULL, deck, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_new_from_deck(&g, r, NULL, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, 2), ==, GR_EINVAL);
    deck[5] = 6;   /* a duplicate */
    REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, 0), ==, GR_EINVAL);
    deck[5] = 52;
    REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, 0), ==, GR_EINVAL);
    deck[5] = 5;
    REQUIRE(NULL == g);
    REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, 0), ==, GR_OK);

    gr_game *c = NULL;
    REQUIRE_OP(gr_game_clone(NULL, g), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_clone(&c, NULL), ==, GR_EINVAL);
    gr_game_free(NULL);
    REQUIRE_OP(gr_game_phase(NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_turn(NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_dealer(NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_legal_moves(NULL, NULL, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_legal_moves(g, NULL, 3), ==, GR_EINVAL);
    gr_move m2[1];
    REQUIRE_OP(gr_game_legal_moves(g, m2, 1), ==, 2);   /* more than cap */
    REQUIRE_OP(m2[0].type, ==, GR_MOVE_TAKE_UPCARD);
    REQUIRE_OP(gr_game_play(NULL, (gr_move){ .type = GR_MOVE_PASS, .card = 0 }), ==, GR_EINVAL);
    snapshot before, after;
    snap(g, &before);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = 0, .card = 0 }), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = 9, .card = 0 }), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = -1, .card = 0 }), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = GR_MOVE_DISCARD, .card = 52 }), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = GR_MOVE_KNOCK, .card = 255 }), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = GR_MOVE_GIN, .card = 60 }), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_knock(NULL, 0, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_knock(g, 52, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_knock(g, 0, NULL), ==, GR_ESTATE);
    REQUIRE_OP(gr_game_defend(NULL, NULL), ==, GR_EINVAL);
    gr_layoff lo;
    memset(&lo, 0, sizeof lo);
    REQUIRE_OP(gr_game_defend(g, &lo), ==, GR_ESTATE);
    gr_cards h;
    REQUIRE_OP(gr_game_hand(NULL, 0, &h), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_hand(g, 2, &h), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_hand(g, -1, &h), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_hand(g, 0, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_discards(NULL, NULL, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_discards(g, NULL, 1), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_discards(g, NULL, 0), ==, 1);
    REQUIRE_OP(gr_game_stock_size(NULL), ==, GR_EINVAL);
    gr_card up;
    REQUIRE_OP(gr_game_upcard(NULL, &up), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_upcard(g, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_knock_limit(NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_history(NULL, NULL, 0), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_history(g, NULL, 2), ==, GR_EINVAL);
    gr_hand_result res;
    REQUIRE_OP(gr_game_result(NULL, &res), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_result(g, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_result(g, &res), ==, GR_ESTATE);
    gr_view v;
    REQUIRE_OP(gr_game_view(NULL, 0, &v), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_view(g, 2, &v), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_view(g, -1, &v), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_view(g, 0, NULL), ==, GR_EINVAL);
    char buf[8];
    REQUIRE_OP(gr_game_save(NULL, buf, sizeof buf), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_save(g, NULL, 5), ==, GR_EINVAL);
    gr_game *l = NULL;
    REQUIRE_OP(gr_game_load(NULL, "ginrummy 2\nend\n"), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_load(&l, NULL), ==, GR_EINVAL);
    REQUIRE_OP(gr_game_load(&l, ""), ==, GR_EPARSE);
    REQUIRE_OP(gr_game_load(&l, "ginrummy 2\nend\n"), ==, GR_EPARSE);
    REQUIRE_OP(gr_game_load(&l, "\n\n\n;;;==="), ==, GR_EPARSE);
    REQUIRE(NULL == l);
    snap(g, &after);
    assert_same(&before, &after);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* A long hand (many turnovers) keeps its whole history, in and out. */
START_TEST(test_G16_long_history)
{
    gr_rules *r = preset(GR_PRESET_NOVELTY);
    gr_card deck[GR_NCARDS];
    stack(deck, ND_JUNK, D_JUNK, "8S", NULL);
    gr_game *g;
    REQUIRE_OP(gr_game_new_from_deck(&g, r, deck, 1), ==, GR_OK);
    pass_and_churn(g, 31 * 5 + 7);
    int n = gr_game_history(g, NULL, 0);
    REQUIRE_OP(n, ==, 2 + 2 * (31 * 5 + 7));
    gr_game *c;
    REQUIRE_OP(gr_game_clone(&c, g), ==, GR_OK);
    gr_game_free(g);   /* the clone owns its own history */
    check_round_trip(c);
    REQUIRE_OP(gr_game_history(c, NULL, 0), ==, n);
    gr_game_free(c);
    gr_rules_free(r);
}
END_TEST

/* ---- G16 and the length of a hand: no hand lasts for ever ------------------- */

/* Play `type` (a draw) and then discard, unless the rules forbid it (G11),
 * the card just drawn; else the lowest other card.  Returns the phase. */
static int churn_turn(gr_game *g, int type)
{
    int p = gr_game_turn(g);
    gr_cards before, after;
    REQUIRE_OP(gr_game_hand(g, p, &before), ==, GR_OK);
    REQUIRE_OP(gr_game_play(g, (gr_move){ .type = type }), ==, GR_OK);
    REQUIRE_OP(gr_game_hand(g, p, &after), ==, GR_OK);
    gr_cards drawn = after & ~before;
    REQUIRE_OP(gr_cards_count(drawn), ==, 1);
    gr_cards pick = type == GR_MOVE_DRAW_STOCK ? drawn : before;
    gr_move m = { .type = GR_MOVE_DISCARD, .card = (gr_card)__builtin_ctzll(pick) };
    REQUIRE_OP(gr_game_play(g, m), ==, GR_OK);
    return gr_game_phase(g);
}

/* After the hand was driven to its cap: void, over, nothing legal, every
 * move refused, the history within the cap, save and load agree. */
static void check_capped(gr_game *g)
{
    REQUIRE_OP(gr_game_phase(g), ==, GR_PHASE_OVER);
    gr_hand_result r;
    REQUIRE_OP(gr_game_result(g, &r), ==, GR_OK);
    REQUIRE_OP(r.outcome, ==, GR_OUTCOME_VOID);
    REQUIRE_OP(gr_game_legal_moves(g, NULL, 0), ==, 0);
    for (int t = GR_MOVE_TAKE_UPCARD; t <= GR_MOVE_BIG_GIN; t++)
        REQUIRE_OP(gr_game_play(g, (gr_move){ .type = t, .card = 0 }), ==, GR_ESTATE);
    int n = gr_game_history(g, NULL, 0);
    REQUIRE_OP(n, <=, GR_MAX_HAND_MOVES);
    REQUIRE_OP(n, >=, GR_MAX_HAND_MOVES - 1);   /* no whole turn fitted */
    check_round_trip(g);
    /* the save of the longest hand fits the bound GR_MAX_HAND_MOVES
     * promises: 12 bytes a move on average at most, under 64 KB in all */
    char *text = test_save(g);
    size_t len = strlen(text);
    REQUIRE_OP(len, <, 64 * 1024);
    const char *moves = strstr(text, "\nmoves ");
    const char *moves_end = moves ? strchr(moves + 1, '\n') : NULL;
    REQUIRE(moves_end != NULL);
    REQUIRE_OP((size_t)(moves_end - moves), <=, 12 * (size_t)n + 16);
    REQUIRE_OP(len - (size_t)(moves_end - moves), <, 3 * 1024);
    free(text);
}

START_TEST(test_G16_novelty_hand_capped)
{
    /* NOVELTY: turnover without a cap.  Both pass, then each draws from the
     * stock and throws the card drawn: the hand would never end.  `parity`
     * 1 starts with the dealer taking the upcard (3 upcard moves, not 2),
     * so the last turn ends at the other count. */
    for (int parity = 0; parity < 2; parity++) {
        gr_rules *r = preset(GR_PRESET_NOVELTY);
        gr_game *g = stacked(r, 0, ND_JUNK, D_JUNK, "QD", "8S");
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        if (parity) {
            REQUIRE_OP(mv(g, GR_MOVE_TAKE_UPCARD, NULL), ==, GR_OK);
            REQUIRE_OP(mv(g, GR_MOVE_DISCARD, "2H"), ==, GR_OK);
        } else {
            REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        }
        int turns = 0;
        while (churn_turn(g, GR_MOVE_DRAW_STOCK) != GR_PHASE_OVER)
            REQUIRE_OP(++turns, <, GR_MAX_HAND_MOVES);   /* else stuck */
        REQUIRE_OP(gr_game_history(g, NULL, 0), ==,
                   parity ? GR_MAX_HAND_MOVES - 1 : GR_MAX_HAND_MOVES);
        check_capped(g);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G16_pile_draws_capped)
{
    /* Every stock end: the players take each other's discards for ever and
     * the stock never runs down; the hand still ends void at the cap. */
    static const int ends[][2] = {
        { GR_STOCK_END_VOID, 0 }, { GR_STOCK_END_TURNOVER, 0 },
        { GR_STOCK_END_TURNOVER, 1 }, { GR_STOCK_END_TURNOVER, 100 },
    };
    for (size_t e = 0; e < sizeof ends / sizeof ends[0]; e++) {
        gr_rules *r = preset(GR_PRESET_FOURNIER);
        REQUIRE_OP(gr_rules_set(r, GR_OPT_STOCK_END, ends[e][0]), ==, GR_OK);
        REQUIRE_OP(gr_rules_set(r, GR_OPT_TURNOVER_LIMIT, ends[e][1]), ==, GR_OK);
        gr_game *g = stacked(r, 0, ND_JUNK, D_JUNK, "QD", "8S");
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(mv(g, GR_MOVE_PASS, NULL), ==, GR_OK);
        REQUIRE_OP(churn_turn(g, GR_MOVE_DRAW_STOCK), ==, GR_PHASE_DRAW);
        int turns = 0;
        while (churn_turn(g, GR_MOVE_DRAW_DISCARD) != GR_PHASE_OVER)
            REQUIRE_OP(++turns, <, GR_MAX_HAND_MOVES);
        REQUIRE_OP(gr_game_stock_size(g), ==, 30);
        check_capped(g);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G16_random_hands_never_stuck)
{
    /* Random legal moves under every stock end: in every state either the
     * hand is over (nothing legal) or each listed move is accepted; every
     * hand ends within GR_MAX_HAND_MOVES moves. */
    static const int ends[][2] = {
        { GR_STOCK_END_VOID, 0 }, { GR_STOCK_END_TURNOVER, 0 },
        { GR_STOCK_END_TURNOVER, 2 }, { GR_STOCK_END_TURNOVER, 100 },
    };
    test_rng rng = { 0x5eed1116u };
    long hands = test_count(40);
    for (long h = 0; h < hands; h++) {
        gr_rules *r = preset(GR_PRESET_NOVELTY);
        int e = (int)(h % 4);
        REQUIRE_OP(gr_rules_set(r, GR_OPT_STOCK_END, ends[e][0]), ==, GR_OK);
        REQUIRE_OP(gr_rules_set(r, GR_OPT_TURNOVER_LIMIT, ends[e][1]), ==, GR_OK);
        REQUIRE_OP(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 0), ==, GR_OK);   /* long hands */
        uint64_t seed = test_next(&rng);
        int dealer = test_below(&rng, 2);
        gr_game *g;
        REQUIRE_OP(gr_game_new(&g, r, seed, dealer), ==, GR_OK);
        int moves = 0;
        for (;;) {
            gr_move legal[GR_MAX_MOVES];
            int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
            if (gr_game_phase(g) == GR_PHASE_OVER) {
                REQUIRE_OP(n, ==, 0);
                break;
            }
            REQUIRE_OP(n, >, 0);
            /* mostly pile draws and plain discards: the longest hands */
            int k = test_below(&rng, n);
            for (int i = 0; i < n; i++)
                if (legal[i].type == GR_MOVE_DRAW_DISCARD && test_below(&rng, 8))
                    k = i;
            if (legal[k].type == GR_MOVE_KNOCK || legal[k].type == GR_MOVE_GIN)
                k = 0;   /* a plain discard */
            REQUIRE_OP(gr_game_play(g, legal[k]), ==, GR_OK);
            REQUIRE_OP(++moves, <=, GR_MAX_HAND_MOVES);
        }
        REQUIRE_OP(gr_game_history(g, NULL, 0), ==, moves);
        gr_game_free(g);
        gr_rules_free(r);
    }
}
END_TEST

static Suite *game_suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_G7_stacked_deal);
    tcase_add_test(tc, test_G7_seeded_deal_pinned);
    tcase_add_test(tc, test_G7_shuffle_uniform);
    tcase_add_test(tc, test_G9_nondealer_takes);
    tcase_add_test(tc, test_G9_dealer_takes_after_pass);
    tcase_add_test(tc, test_G9_both_pass);
    tcase_add_test(tc, test_G10_draw_then_discard);
    tcase_add_test(tc, test_G11_taken_card_stays);
    tcase_add_test(tc, test_G12_view_contents);
    tcase_add_test(tc, test_G12_nothing_leaks);
    tcase_add_test(tc, test_G13_knock);
    tcase_add_test(tc, test_G13_undercut);
    tcase_add_test(tc, test_G14_gin);
    tcase_add_test(tc, test_G30_wrong_discard_refused);
    tcase_add_test(tc, test_G15_shown_arrangement);
    tcase_add_test(tc, test_G16_void_two_left_knock);
    tcase_add_test(tc, test_G16_turnover_order);
    tcase_add_test(tc, test_G16_turnover_cap);
    tcase_add_test(tc, test_G16_long_history);
    tcase_add_test(tc, test_G16_novelty_hand_capped);
    tcase_add_test(tc, test_G16_pile_draws_capped);
    tcase_add_test(tc, test_G16_random_hands_never_stuck);
    tcase_add_test(tc, test_G18_defend_after_gin);
    tcase_add_test(tc, test_G19_defend);
    tcase_add_test(tc, test_G32_big_gin);
    tcase_add_test(tc, test_G33_oklahoma);
    suite_add_tcase(s, tc);

    TCase *io = tcase_create("io");
    tcase_add_test(io, test_save_damaged_text);
    tcase_add_test(io, test_save_draw_card_checked);
    tcase_add_test(io, test_save_no_prefix_loads);
    tcase_add_test(io, test_save_numbers_out_of_range);
    tcase_add_test(io, test_bad_input);
    tcase_add_test(io, test_alloc_failure);
    tcase_set_timeout(io, 600);
    suite_add_tcase(s, io);

    TCase *rnd = tcase_create("random");
    tcase_add_loop_test(rnd, test_random_playouts, 0, NPRESETS);
    tcase_set_timeout(rnd, 600);
    suite_add_tcase(s, rnd);
    return s;
}

int main(void)
{
    return test_run_suite(game_suite());
}
