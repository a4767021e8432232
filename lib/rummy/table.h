/*
 * rummy/table.h: what a Rummy turn may do, worked out from the public
 * table and one hand (table.c).  game.c checks and lists moves with it,
 * view.c and bot.c list them from a view, so a view's legal moves are the
 * game's by construction.  Private to the library; never installed.
 */
#ifndef GR_RUMMY_TABLE_H
#define GR_RUMMY_TABLE_H

#include "ginrummy.h"
#include "common/bits.h"
#include "rummy/cards.h"

#include <stdbool.h>
#include <string.h>

/* what the player to act sees: enough to list and check his moves */
typedef struct gr__rpos {
    int                  phase;      /* GR_RUMMY_PHASE_* */
    int                  flags;      /* GR_RUMMY_ACE_HIGH or 0 */
    gr_rummy_hand        hand;       /* the player to act's cards */
    gr_card              taken;      /* taken from the pile this turn, or GR_NO_CARD */
    int                  nmelds;
    const gr_rummy_meld *melds;
    int                  stock_size;
    int                  npile;
    gr_card              pile_top;   /* when npile > 0 */
} gr__rpos;

/* the kind of a meld's faces (GR_MELD_SET, GR_MELD_RUN) or 0 (R3) */
int gr__rmeld_kind(gr_cards cards, int flags);

/* R7 values; a valid hand */
int gr__rcard_value(gr_card card, int flags);
/* How much face c is worth keeping by the cards beside it (`hand`, c not
 * in it): minus its points, 12 for a pair, 10 for each neighbour of its
 * suit and 6 for each card two away, 15 when it gives `wanted` (the next
 * player's known faces) a pair or a near run.  The greedy bot's keep
 * score before the table and second copies (rummy/bot.c); the expert's
 * samples read its order (rummy/expert_sample.c). */
int gr__rkeep_score(gr_cards hand, gr_card c, gr_cards wanted, int flags);
int gr__rhand_value(const gr_rummy_hand *h, int flags);

static inline int gr__rhand_count(const gr_rummy_hand *h)
{
    return gr__popcount(h->once) + gr__popcount(h->twice) + h->jokers;
}

static inline bool gr__rhand_valid(const gr_rummy_hand *h)
{
    return gr__cards_valid(h->once) && (h->twice & ~h->once) == 0
        && h->jokers >= 0 && h->jokers <= GR_RUMMY_MAX_JOKERS;
}

/* true if the hand is not empty and every card in it is identical to
 * `taken`: the turn could not end (R4 Decision) */
static inline bool gr__rhand_stuck(const gr_rummy_hand *h, gr_card taken)
{
    if (taken == GR_NO_CARD || gr__rhand_count(h) == 0)
        return false;
    if (taken == GR_RUMMY_JOKER)
        return h->once == 0;
    return h->jokers == 0 && h->once == GR_CARD_BIT(taken);
}

/* the faces that can be laid off on a table meld of these faces (R4): a
 * set's missing suits, a run's neighbours at either end */
gr_cards gr__rlayoff_faces(gr_cards cards, int flags);

/* the natural faces of every legal MELD of the position (by listing them:
 * slow with many jokers) */
gr_cards gr__rmeld_faces(const gr__rpos *pos);

/* the move with every unused field at its neutral value (inline: every
 * move of a playout makes two) */
static inline void gr__ract(gr_rummy_action *m, int type, gr_card card,
                            gr_card named, int target)
{
    memset(m, 0, sizeof *m);   /* padding too, so actions compare as bytes */
    m->type = type;
    m->card = card;
    m->named = named;
    m->target = target;
}

/* GR_EINVAL if the move is malformed (type, card range, reserved) */
int gr__ract_wellformed(const gr_rummy_action *m);

/* Check a well-formed move against the position: GR_OK, GR_ESTATE or
 * GR_EILLEGAL (as gr_rummy_game_play). */
int gr__ract_check(const gr__rpos *pos, const gr_rummy_action *m);

/* Every legal move into out[0..cap-1]; returns the count. */
int gr__rlegal(const gr__rpos *pos, gr_rummy_action *out, size_t cap);

/* the position of a view's player (view.c); GR_EINVAL for a malformed
 * view.  Not his turn: phase OVER, so nothing is legal. */
/* GR_OK for a view gr_rummy_game_view() could have made (as far as
 * anything reads it: seats, counts, hands, the table), else GR_EINVAL */
int gr__rview_check(const gr_rummy_view *view);
int gr__rview_pos(const gr_rummy_view *view, gr__rpos *pos);

/* a card leaves the hand: a known copy of it goes first (R8) */
static inline void gr__rlose(gr_rummy_hand *hand, gr_rummy_hand *known, gr_card c)
{
    gr__rhand_remove(hand, c);
    if (!known)
        return;
    if (c == GR_RUMMY_JOKER) {
        known->jokers -= known->jokers > 0;
    } else {   /* without a branch on whether it was known */
        gr_cards b = GR_CARD_BIT(c), second = known->twice & b;
        known->twice &= ~second;
        known->once &= ~(b & ~second);
    }
}

/* Play a legal step-2 action or discard (gr__ract_check accepted it) on
 * one hand and the table: the hand loses the cards (a known copy of each
 * first, R8, when known is not NULL), a meld joins the table as
 * melds[*nmelds] (*nmelds grows), a layoff joins its meld, an exchange
 * takes the joker into the hand (and known).  The rest of what the move
 * changes (the pile, the turn, the new meld's owner, the counts, the
 * history) is the caller's.  The one core of the game (game.c), the view
 * (view.c) and the expert's boards (expert.c); inline: every move of a
 * playout makes it. */
static inline void gr__rplay(gr_rummy_hand *hand, gr_rummy_hand *known,
                             gr_rummy_meld *melds, int *nmelds,
                             const gr_rummy_action *a)
{
    switch (a->type) {
    case GR_RUMMY_ACT_MELD:
        for (gr_cards r = a->meld.cards & ~a->meld.jokers; r; r &= r - 1)
            gr__rlose(hand, known, (gr_card)__builtin_ctzll(r));
        for (int j = gr__popcount(a->meld.jokers); j > 0; j--)
            gr__rlose(hand, known, GR_RUMMY_JOKER);
        melds[(*nmelds)++] = a->meld;
        break;
    case GR_RUMMY_ACT_LAY_OFF: {
        gr_card face = a->card == GR_RUMMY_JOKER ? a->named : a->card;
        gr__rlose(hand, known, a->card);
        melds[a->target].cards |= GR_CARD_BIT(face);
        if (a->card == GR_RUMMY_JOKER)
            melds[a->target].jokers |= GR_CARD_BIT(face);
        break;
    }
    case GR_RUMMY_ACT_SWAP_JOKER:
        gr__rlose(hand, known, a->card);
        gr__rhand_add(hand, GR_RUMMY_JOKER);
        if (known)
            gr__rhand_add(known, GR_RUMMY_JOKER);
        melds[a->target].jokers &= ~GR_CARD_BIT(a->card);
        break;
    default:   /* GR_RUMMY_ACT_DISCARD */
        gr__rlose(hand, known, a->card);
        break;
    }
}

/* A step of a going-out plan (gr_rummy_go_out) as the game's action: the
 * plan's meld numbers are the game's (new melds numbered after the
 * table's). */
void gr__rmove_action(const gr_rummy_move *m, gr_rummy_action *a);

/* A going-out plan as the actions of the turn: its moves (at most cap - 1
 * of them), then the discard of the card it leaves, if any; returns how
 * many were written (0 when cap is 0). */
size_t gr__rplan_turn(const gr_rummy_plan *plan, gr_rummy_action *out, size_t cap);

/* Play a legal action of the view's player (gr__ract_check accepted it on
 * gr__rview_pos) on his view, as the game plays it: step-2 actions and
 * the discard (the turn passes), the draw from the pile, and the draw
 * from the stock when `drawn` is the card drawn (the stock is hidden from
 * a view: GR_NO_CARD for a step-2 action).  A step-2 action that empties
 * the hand ends it (R7: phase OVER). */
void gr__rview_apply(gr_rummy_view *v, const gr_rummy_action *a, gr_card drawn);

#endif /* GR_RUMMY_TABLE_H */
