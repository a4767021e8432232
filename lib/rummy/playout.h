/*
 * rummy/playout.h: what a search needs from a Rummy hand: the legal moves
 * as masks (playout.c), the built-in playout policies (policy.c) and the
 * card patterns they share.  Private to the library; never installed.
 */
#ifndef GR_RUMMY_PLAYOUT_H
#define GR_RUMMY_PLAYOUT_H

#include "common/rng.h"
#include "rummy/game.h"

#include <stdbool.h>

#define GR__SUIT13 ((gr_cards)0x1FFF)

/* the faces of one rank, every suit */
static inline gr_cards gr__rank_faces(int rank)
{
    return GR_EVERY_SUIT((gr_cards)1 << rank);
}

/* the faces that lay off on a table meld of these faces (as
 * gr__rlayoff_faces, without its meld tests where no ace can wrap) */
gr_cards gr__rfits(gr_cards cards, int flags);

/* the legal masks of a position */
void gr__rmasks(const gr__rpos *pos, gr_rummy_masks *m);

/* the faces of `faces` whose removal (and, swap, a joker's gain) would
 * leave the hand stuck with the card taken (R4 Decision) cleared */
static inline gr_cards gr__runstuck(const gr_rummy_hand *hand, gr_card taken,
                                    gr_cards faces, bool swap)
{
    gr_cards ok = faces;
    for (gr_cards r = faces; r; r &= r - 1) {
        gr_rummy_hand h = *hand;
        gr__rhand_remove(&h, (gr_card)__builtin_ctzll(r));
        h.jokers += swap;
        if (gr__rhand_stuck(&h, taken))
            ok &= ~(r & (~r + 1));
    }
    return ok;
}

/* true if some meld could leave only copies of the card taken: it would
 * hold every other card (every joker too, unless a joker was taken, when
 * it leaves one), and at most one copy of the card taken, so the others
 * are distinct faces of one rank or one suit, and at least 3 cards (then
 * the meld mask is gr__rmeld_faces_stuck's).  A hand with no card taken
 * may give either answer. */
static inline bool gr__rmeld_may_stick(const gr_rummy_hand *h, gr_card taken)
{
    gr_cards t = taken < GR_NCARDS ? GR_CARD_BIT(taken) : 0;
    gr_cards rest = h->once & ~t;
    if (h->twice & ~t)
        return false;
    int most = gr__popcount(rest) + h->jokers - (taken == GR_RUMMY_JOKER)
        + ((h->twice & t) != 0);   /* the meld's cards at most */
    if (most < 3)
        return false;
    if (!rest)
        return true;
    gr_card low = (gr_card)__builtin_ctzll(rest);
    return (rest & ~gr__rank_faces(GR_CARD_RANK(low))) == 0
        || (rest & ~(GR__SUIT13 << (13 * GR_CARD_SUIT(low)))) == 0;
}

/* the meld mask of a hand for which gr__rmeld_may_stick holds (the card
 * taken `taken`): the natural faces of its legal melds */
gr_cards gr__rmeld_faces_stuck(const gr_rummy_hand *h, gr_card taken, int flags);

/* The meld GR_RUMMY_PLAYOUT_RANDOM makes through face f with at most nj
 * jokers (policy.c): its rank's held suits, else the natural run through
 * it, else the fewest jokers; natural faces *nat, jokers naming *jok.
 * false if none. */
bool gr__rmeld_through(gr_cards once, int nj, int flags, gr_card f,
                       gr_cards *nat, gr_cards *jok);

/* the meld of the whole hand, if it is one (policy.c) */
bool gr__rwhole_meld(const gr_rummy_hand *h, int flags, gr_cards *nat,
                     gr_cards *jok);

/* the next move of seat g->turn under a built-in policy; it is legal */
void gr__rpolicy_random(const gr_rummy_game *g, gr_rng *rng,
                        gr_rummy_action *out);
void gr__rpolicy_basic(const gr_rummy_game *g, gr_rummy_action *out);

/* The same playout under GR_RUMMY_PLAYOUT_RANDOM, move for move and
 * number for number (playout_random.c): the hardware popcount where the
 * CPU has one, and the portable build whatever the CPU. */
int gr__rplayout_random(gr_rummy_game *g, gr_rng *rng, bool record,
                        long max_moves);
int gr__rplayout_random_portable(gr_rummy_game *g, gr_rng *rng, bool record,
                                 long max_moves);

/* Play on under `policy` until the hand is over or `max_moves` moves are
 * played; record: keep them in the history (else only counted: a search's
 * own copy).  GR_OK, or GR_ENOMEM when the history cannot grow. */
int gr__rplayout(gr_rummy_game *g, int policy, gr_rng *rng, bool record,
                 long max_moves);

#endif /* GR_RUMMY_PLAYOUT_H */
