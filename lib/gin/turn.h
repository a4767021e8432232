/*
 * gin/turn.h: the state changes of an ordinary turn (a draw, a plain
 * discard, the end of the turn), what the 11 cards allow after a draw and
 * the legal masks of a state, inline for the per-move API (game.c:
 * gr_game_play, gr_game_step) and the playouts (playout.c, which builds
 * them with its own popcount).  Nothing here checks a move: the callers
 * have.  Private to the library; never installed.
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

/* The scan of every discard for knock, gin and big gin (game.c), out of
 * line, for the few hands the bound below does not rule out; writes the
 * masks that follow to `next` if not NULL (as gr__discard_options_with);
 * built with the portable and (GR__HW_POPCOUNT) the hardware popcount. */
void gr__knock_scan_soft(gr_game *g, gr_cards hand, gr_cards loose, int bound,
                         gr_legal_masks *next);
void gr__knock_scan_hw(gr_game *g, gr_cards hand, gr_cards loose, int bound,
                       gr_legal_masks *next);

/* ---- the legal masks (gr_game_legal_masks, gr_game_step) ---------------- */

/* The top of the discard pile, or GR_NO_CARD */
static inline gr_card gr__pile_top(const gr_game *g)
{
    return g->npile > 0 ? gr__top_of(g->pile, g->npile) : GR_NO_CARD;
}

/* The masks in the discard phase, cached at the draw: the 11 cards but the
 * one taken from the pile (G11), none after a wall draw (G38, only a knock
 * may end it), and the knock, gin and big gin.  Each phase's masks are
 * written whole (their reserved space zero) in one assignment. */
static GR__ALWAYS_INLINE void gr__discard_masks(const gr_game *g, gr_legal_masks *out)
{
    gr_cards discard = g->discard_ok, knock = g->knock_ok, gin = g->gin_ok;
    unsigned types = (unsigned)(discard != 0) << GR_MOVE_DISCARD
                   | (unsigned)(knock != 0) << GR_MOVE_KNOCK
                   | (unsigned)(gin != 0) << GR_MOVE_GIN
                   | (unsigned)g->big_gin_ok << GR_MOVE_BIG_GIN;
    *out = (gr_legal_masks){ .types = types, .top = gr__pile_top(g), .discard = discard,
                             .knock = knock, .gin = gin };
}

/* The masks in the draw phase: the stock, and the pile unless both players
 * passed the upcard (G9) */
static GR__ALWAYS_INLINE void gr__draw_masks(const gr_game *g, gr_legal_masks *out)
{
    unsigned types = 1u << GR_MOVE_DRAW_STOCK
                   | (unsigned)(!g->stock_only && g->npile > 0) << GR_MOVE_DRAW_DISCARD;
    *out = (gr_legal_masks){ .types = types, .top = gr__pile_top(g) };
}

/* The masks of any state, the common phases first */
static GR__ALWAYS_INLINE void gr__masks(const gr_game *g, gr_legal_masks *out)
{
    unsigned types = 0;
    if (g->phase == GR_PHASE_DISCARD) {
        gr__discard_masks(g, out);
        return;
    }
    if (g->phase == GR_PHASE_DRAW) {
        gr__draw_masks(g, out);
        return;
    }
    if (g->phase == GR_PHASE_UPCARD)
        types = 1u << GR_MOVE_TAKE_UPCARD | 1u << GR_MOVE_PASS;
    else if (g->phase == GR_PHASE_WALL)   /* G38 */
        types = 1u << GR_MOVE_PASS | (unsigned)g->wall_ok << GR_MOVE_DRAW_DISCARD;
    *out = (gr_legal_masks){ .types = types, .top = gr__pile_top(g) };
}

/* ---- what a discard allows ------------------------------------------------ */

/* Work out which discards of the 11 cards in `hand` (the hand of the player
 * to act, passed in a register: the caller has just written it) allow a
 * knock or gin, and whether they make big gin, and the plain discards
 * (on entering the discard phase; G11 applied); if `next` is not NULL,
 * write there the masks of the discard phase that follows a draw in the
 * draw phase (gr_game_step).  Cards in no
 * possible meld are deadwood in every arrangement; their points bound the
 * deadwood from below and rule out most hands at once (the masks then
 * hold the discards only), so the scan stays out of line.  pc: the
 * popcount; scan: the knock scan built with it. */
static GR__ALWAYS_INLINE void gr__discard_options_with(gr_game *g, gr_cards hand,
                                                       gr_legal_masks *next,
                                                       int (*pc)(gr_cards),
                                                       void (*scan)(gr_game *, gr_cards,
                                                                    gr_cards, int,
                                                                    gr_legal_masks *))
{
    gr_cards allowed = gr__but_taken(g, hand);   /* G11 */
    g->discard_ok = allowed;
    gr_cards loose = hand & ~gr__meldable(hand);
    int bound = GR__POINTS_WITH(pc, loose);
    if (!(bound - 10 > g->knock_limit && loose != 0)) {
        scan(g, hand, loose, bound, next);   /* a tail call: no registers to save here */
        return;
    }
    /* no single discard can bring the deadwood within the limit, nor are
     * the 11 cards big gin (all meldable) */
    g->knock_ok = 0;
    g->gin_ok = 0;
    g->big_gin_ok = false;
    if (next)
        *next = (gr_legal_masks){ .types = 1u << GR_MOVE_DISCARD,
                                  .top = gr__pile_top(g), .discard = allowed };
}

/* The same with the popcount of this CPU (an ifunc where it has one, game.c) */
void gr__discard_options(gr_game *g, gr_cards hand, gr_legal_masks *next);

/* Append a move to the history (the caller made room) */
static inline void gr__record(gr_game *g, int type, gr_card card)
{
    g->history[g->nhistory++] = (gr_move){ .type = type, .card = card };
}

/* Take `card` into the hand of the player to act, from the pile or the
 * stock, as a move of `type`; `options` works out what the 11 cards allow
 * (gr__discard_options or a build of gr__discard_options_with) and writes
 * the masks that follow to `next` (if not NULL). */
static GR__ALWAYS_INLINE void gr__take(gr_game *g, int type, gr_card card, bool from_pile,
                                       gr_legal_masks *next,
                                       void (*options)(gr_game *, gr_cards,
                                                       gr_legal_masks *))
{
    int p = g->turn;
    /* no branch on from_pile (see gr__draw_either) */
    g->npile -= from_pile;
    g->nstock -= !from_pile;
    g->known[p] |= GR_CARD_BIT(card) & (0 - (gr_cards)from_pile);
    unsigned heads = 0u - (unsigned)from_pile;
    g->taken = (gr_card)((card & heads) | (GR_NO_CARD & ~heads));
    gr_cards hand = g->hand[p] | GR_CARD_BIT(card);
    g->hand[p] = hand;
    g->stock_only = false;
    g->phase = GR_PHASE_DISCARD;
    gr__record(g, type, card);
    options(g, hand, next);
}

/* A draw by the player to act, from the pile if `from_pile`, else from
 * the stock (the caller checked it is legal), with no branch on which: a
 * random policy's draws go either way, and a mispredicted branch costs
 * more than the few instructions that take the card from either place. */
static GR__ALWAYS_INLINE void gr__draw_either(gr_game *g, bool from_pile,
                                              gr_legal_masks *next,
                                              void (*options)(gr_game *, gr_cards,
                                                              gr_legal_masks *))
{
    /* both tops read, one kept: the top of the place drawn from (legal,
     * so not empty), and a slot of the other at or just above its top
     * (in bounds: neither ever holds the whole deck) */
    unsigned heads = 0u - (unsigned)from_pile;   /* all ones for the pile */
    unsigned pile_top = g->pile[g->npile - 1 + !from_pile];
    unsigned stock_top = g->stock[g->nstock - 1 + from_pile];
    unsigned card = (pile_top & heads) | (stock_top & ~heads);
    int type = GR_MOVE_DRAW_STOCK + (int)from_pile;
    _Static_assert(GR_MOVE_DRAW_DISCARD == GR_MOVE_DRAW_STOCK + 1, "draw move order");
    gr__take(g, type, (gr_card)card, from_pile, next, options);
}

/* The end of a turn that gr__pass_turn cannot wave through: the cap on the
 * length of a hand, then G16 and G38 (game.c) */
void gr__end_of_stock(gr_game *g);

/* A turn ended with a plain discard: pass the turn; true in the usual case
 * (room for another turn, the stock above its end), which needs nothing
 * more, false when gr__end_of_stock() must follow. */
static GR__ALWAYS_INLINE bool gr__pass_turn(gr_game *g)
{
    g->turn = 1 - g->turn;
    g->phase = GR_PHASE_DRAW;
    g->taken = GR_NO_CARD;
    /* the stock above its end: 2 cards (G16's void) or none (the
     * turnover); more than 2 needs no look at the rules */
    bool stock_left = g->nstock > 2
        || (g->nstock > 0 && g->rules.opt[GR_OPT_STOCK_END] != GR_STOCK_END_VOID);
    return stock_left && g->nhistory + g->played_before <= GR_MAX_HAND_MOVES - 2;
}

/* The player to act lays `card` on the pile (a plain discard), recorded;
 * the turn is not passed yet */
static GR__ALWAYS_INLINE void gr__lay_down(gr_game *g, gr_card card)
{
    gr_cards bit = GR_CARD_BIT(card);
    g->hand[g->turn] &= ~bit;
    g->known[g->turn] &= ~bit;
    g->pile[g->npile++] = card;
    gr__record(g, GR_MOVE_DISCARD, card);
}

/* A plain discard of `card` by the player to act, then the end of his turn */
static GR__ALWAYS_INLINE void gr__discard(gr_game *g, gr_card card)
{
    gr__lay_down(g, card);
    if (!gr__pass_turn(g))
        gr__end_of_stock(g);
}

#endif /* GR_GIN_TURN_H */
