/*
 * rummytest.h: helpers of the Rummy test programs (check_rummy_game,
 * check_rummy_match): rule sets, stacked deals, moves by text, snapshots.
 * Include <check.h> and testutil.h first.
 */
#ifndef GR_RUMMYTEST_H
#define GR_RUMMYTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rummy_testutil.h"   /* H, M; REQUIRE, REQUIRE_OP: testutil.h */

/* rules: players, jokers per deck, ace high; the rest PARLETT */
static inline gr_rummy_rules *rrules(int players, int jokers, int ace_high)
{
    gr_rummy_rules *r;
    REQUIRE_OP(gr_rummy_rules_new(&r, GR_RUMMY_PRESET_PARLETT), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, players), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, jokers), ==, GR_OK);
    REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_ACE_HIGH, ace_high), ==, GR_OK);
    return r;
}

static inline gr_card rcard(const char *s)
{
    gr_card c;
    if (gr_rummy_card_parse(s, &c) != GR_OK)
        ck_abort_msg("bad card %s", s);
    return c;
}

#define rhand H   /* rummy_testutil.h */

/* the cards of a hand text in order, as physical cards; returns how many */
static inline int rcards(const char *s, gr_card *out)
{
    char buf[1024];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", s);
    for (char *t = strtok(buf, " ,"); t; t = strtok(NULL, " ,"))
        out[n++] = rcard(t);
    return n;
}

/* A stacked deal: hands[s] is seat s's hand (text, exactly hand_size
 * cards), up the first discard, stock the top of the stock (first = top);
 * the rest of the deck follows in card order. */
static inline gr_rummy_game *rstacked(const gr_rummy_rules *r, int dealer,
                                      const char *const *hands, const char *up,
                                      const char *stock)
{
    int decks, hs, ncards, n = 0;
    REQUIRE_OP(gr_rummy_rules_deal(r, &decks, &hs, &ncards), ==, GR_OK);
    int jokers;
    gr_rummy_rules_get(r, GR_RUMMY_OPT_PLAYERS, &n);
    gr_rummy_rules_get(r, GR_RUMMY_OPT_JOKERS, &jokers);
    int left[53];
    for (int c = 0; c < 52; c++)
        left[c] = decks;
    left[52] = decks * jokers;
    gr_card deck[GR_RUMMY_MAX_CARDS], tmp[GR_RUMMY_MAX_CARDS];
    for (int s = 0; s < n; s++) {
        int k = rcards(hands[s], tmp);
        REQUIRE_OP(k, ==, hs);
        int i = ((s - dealer - 1) % n + n) % n;
        for (int j = 0; j < hs; j++) {
            deck[j * n + i] = tmp[j];
            REQUIRE(left[tmp[j]]-- > 0);
        }
    }
    int pos = hs * n;
    deck[pos++] = rcard(up);
    REQUIRE(left[deck[pos - 1]]-- > 0);
    if (stock) {
        int k = rcards(stock, tmp);
        for (int j = 0; j < k; j++) {
            deck[pos++] = tmp[j];
            REQUIRE(left[tmp[j]]-- > 0);
        }
    }
    for (int c = 0; c < 53; c++)
        while (left[c]-- > 0)
            deck[pos++] = (gr_card)c;
    REQUIRE_OP(pos, ==, ncards);
    gr_rummy_game *g;
    REQUIRE_OP(gr_rummy_game_new_from_deck(&g, r, deck, (size_t)ncards, dealer),
               ==, GR_OK);
    return g;
}

/* play an action given as save text ("MELD 3C 4C JK=5C", "DISCARD KS") */
static inline int rplay(gr_rummy_game *g, const char *text)
{
    gr_rummy_action a;
    memset(&a, 0, sizeof a);
    a.card = GR_NO_CARD;
    a.named = GR_NO_CARD;
    a.target = -1;
    char word[32], rest[400] = "";
    if (sscanf(text, "%31s %399[^\n]", word, rest) < 1)
        return -100;
    if (!strcmp(word, "STOCK"))
        a.type = GR_RUMMY_ACT_DRAW_STOCK;
    else if (!strcmp(word, "DRAW"))
        a.type = GR_RUMMY_ACT_DRAW_DISCARD;
    else if (!strcmp(word, "MELD")) {
        a.type = GR_RUMMY_ACT_MELD;
        if (gr_rummy_meld_parse(rest, &a.meld, NULL) != GR_OK)
            ck_abort_msg("bad meld %s", rest);
    } else if (!strcmp(word, "DISCARD")) {
        a.type = GR_RUMMY_ACT_DISCARD;
        a.card = rcard(rest);
    } else if (!strcmp(word, "LAYOFF") || !strcmp(word, "SWAP")) {
        char c[16], nm[16] = "";
        a.type = word[0] == 'L' ? GR_RUMMY_ACT_LAY_OFF : GR_RUMMY_ACT_SWAP_JOKER;
        if (sscanf(rest, "%d %15[^=]=%15s", &a.target, c, nm) < 2)
            ck_abort_msg("bad move %s", text);
        a.card = rcard(c);
        if (nm[0])
            a.named = rcard(nm);
    } else {
        ck_abort_msg("bad move %s", text);
    }
    return gr_rummy_game_play(g, &a);
}

/* everything a game shows, to prove a refused call changed nothing */
typedef struct rsnap {
    char *save;
    gr_rummy_view views[GR_RUMMY_MAX_PLAYERS];
    gr_card stock[GR_RUMMY_MAX_CARDS];
    int nstock, phase, turn;
} rsnap;

static inline char *rsave(const gr_rummy_game *g)
{
    int n = gr_rummy_game_save(g, NULL, 0);
    REQUIRE_OP(n, >, 0);
    char *t = malloc((size_t)n + 1);
    REQUIRE(t != NULL);
    REQUIRE_OP(gr_rummy_game_save(g, t, (size_t)n + 1), ==, n);
    return t;
}

static inline void rsnap_take(const gr_rummy_game *g, rsnap *s)
{
    memset(s, 0, sizeof *s);
    s->save = rsave(g);
    int n = gr_rummy_game_players(g);
    for (int p = 0; p < n; p++)
        REQUIRE_OP(gr_rummy_game_view(g, p, &s->views[p]), ==, GR_OK);
    s->nstock = gr_rummy_game_stock(g, s->stock, GR_RUMMY_MAX_CARDS);
    s->phase = gr_rummy_game_phase(g);
    s->turn = gr_rummy_game_turn(g);
}

static inline int rsnap_same(const rsnap *a, const rsnap *b)
{
    return strcmp(a->save, b->save) == 0
        && memcmp(a->views, b->views, sizeof a->views) == 0
        && memcmp(a->stock, b->stock, sizeof a->stock) == 0
        && a->nstock == b->nstock && a->phase == b->phase && a->turn == b->turn;
}

static inline void rsnap_free(rsnap *s)
{
    free(s->save);
}

/* the legal moves in a malloc'd array; *n their count */
static inline gr_rummy_action *rlegal(const gr_rummy_game *g, int *n)
{
    int k = gr_rummy_game_legal_moves(g, NULL, 0);
    REQUIRE_OP(k, >=, 0);
    gr_rummy_action *a = malloc(sizeof *a * (size_t)(k ? k : 1));
    REQUIRE(a != NULL);
    REQUIRE_OP(gr_rummy_game_legal_moves(g, a, (size_t)k), ==, k);
    *n = k;
    return a;
}

#endif /* GR_RUMMYTEST_H */
