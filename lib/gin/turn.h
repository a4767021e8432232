/*
 * gin/turn.h: the state changes of an ordinary turn (a draw, a plain
 * discard, the end of the turn) and what the 11 cards allow after a draw,
 * inline for the per-move API (game.c) and the playouts (playout.c, which
 * builds them with its own popcount).  Nothing here checks a move: the
 * callers have.  Private to the library; never installed.
 */
#ifndef GR_GIN_TURN_H
#define GR_GIN_TURN_H

#include "common/bits.h"
#include "gin/game.h"

/* The cards of `hand` that belong to at least one meld inside `hand`.
 * Cards outside this mask are deadwood in every arrangement, so their
 * points are a cheap lower bound of the deadwood. */
static GR__ALWAYS_INLINE gr_cards gr__meldable(gr_cards hand)
{
    return gr__run_cards(hand) | gr__set_cards(hand);
}

/* The scan of every discard for knock and gin (game.c), out of line, for
 * the few hands the bound below does not rule out; built with the portable
 * and (GR__HW_POPCOUNT) the hardware popcount. */
void gr__knock_scan_soft(gr_game *g, gr_cards hand, gr_cards loose, int bound);
void gr__knock_scan_hw(gr_game *g, gr_cards hand, gr_cards loose, int bound);

/* Work out which discards of the 11 cards in `hand` (the hand of the player
 * to act, passed in a register: the caller has just written it) allow a
 * knock or gin, and whether they make big gin (on entering the discard
 * phase).  Cards in no possible meld are deadwood in every arrangement;
 * their points bound the deadwood from below and rule out most hands at
 * once, so the scan stays out of line.  pc: the popcount; scan: the knock
 * scan built with it. */
static GR__ALWAYS_INLINE void gr__discard_options_with(gr_game *g, gr_cards hand,
                                                       int (*pc)(gr_cards),
                                                       void (*scan)(gr_game *, gr_cards,
                                                                    gr_cards, int))
{
    gr_cards loose = hand & ~gr__meldable(hand);
    int bound = GR__POINTS_WITH(pc, loose);
    g->knock_ok = 0;
    g->gin_ok = 0;
    g->big_gin_ok = false;
    if (bound - 10 > g->knock_limit && loose != 0)
        return;   /* no single discard can bring the deadwood within the
                     limit, nor are the 11 cards big gin (all meldable) */
    scan(g, hand, loose, bound);
}

/* The same with the popcount of this CPU (an ifunc where it has one, game.c) */
void gr__discard_options(gr_game *g, gr_cards hand);

/* Append a move to the history (the caller made room) */
static inline void gr__record(gr_game *g, int type, gr_card card)
{
    g->history[g->nhistory++] = (gr_move){ .type = type, .card = card };
}

/* Take `card` into the hand of the player to act, from the pile or the
 * stock, as a move of `type`; `options` works out what the 11 cards allow
 * (gr__discard_options or a build of gr__discard_options_with). */
static GR__ALWAYS_INLINE void gr__take(gr_game *g, int type, gr_card card, bool from_pile,
                                       void (*options)(gr_game *, gr_cards))
{
    int p = g->turn;
    if (from_pile) {
        g->npile--;
        g->known[p] |= GR_CARD_BIT(card);
        g->taken = card;
    } else {
        g->nstock--;
        g->taken = GR_NO_CARD;
    }
    gr_cards hand = g->hand[p] | GR_CARD_BIT(card);
    g->hand[p] = hand;
    g->stock_only = false;
    g->phase = GR_PHASE_DISCARD;
    gr__record(g, type, card);
    options(g, hand);
}

/* The end of a turn that gr__end_turn cannot wave through: the cap on the
 * length of a hand, then G16 and G38 (game.c) */
void gr__end_of_stock(gr_game *g);

/* A turn ended with a plain discard: pass the turn; the usual case (room
 * for another turn, the stock above its end) needs nothing more. */
static GR__ALWAYS_INLINE void gr__end_turn(gr_game *g)
{
    g->turn = 1 - g->turn;
    g->phase = GR_PHASE_DRAW;
    g->taken = GR_NO_CARD;
    int stock_end = g->rules.opt[GR_OPT_STOCK_END] == GR_STOCK_END_VOID ? 2 : 0;
    if (g->nstock <= stock_end || g->nhistory + g->played_before > GR_MAX_HAND_MOVES - 2)
        gr__end_of_stock(g);
}

/* A plain discard of `card` by the player to act, then the end of his turn */
static GR__ALWAYS_INLINE void gr__discard(gr_game *g, gr_card card)
{
    gr_cards bit = GR_CARD_BIT(card);
    g->hand[g->turn] &= ~bit;
    g->known[g->turn] &= ~bit;
    g->pile[g->npile++] = card;
    gr__record(g, GR_MOVE_DISCARD, card);
    gr__end_turn(g);
}

#endif /* GR_GIN_TURN_H */
