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

/* how many copies of a physical card the hand holds */
static inline int gr__rhand_has(const gr_rummy_hand *h, gr_card c)
{
    if (c == GR_RUMMY_JOKER)
        return h->jokers;
    return (int)((h->once >> c) & 1) + (int)((h->twice >> c) & 1);
}

/* add one copy (a natural without a branch on whether it is the
 * second: playouts draw at random) */
static inline void gr__rhand_add(gr_rummy_hand *h, gr_card c)
{
    if (c == GR_RUMMY_JOKER) {
        h->jokers++;
    } else {
        h->twice |= h->once & GR_CARD_BIT(c);
        h->once |= GR_CARD_BIT(c);
    }
}

/* remove one copy (the hand holds one); a natural without a branch on
 * which copy (playouts remove cards at random) */
static inline void gr__rhand_remove(gr_rummy_hand *h, gr_card c)
{
    if (c == GR_RUMMY_JOKER) {
        h->jokers--;
    } else {
        gr_cards b = GR_CARD_BIT(c), second = h->twice & b;
        h->twice &= ~second;
        h->once &= ~(b & ~second);
    }
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

#endif /* GR_RUMMY_TABLE_H */
