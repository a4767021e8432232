/*
 * rummy/cards.h: Rummy hands and table melds as values (rummy/cards.c).
 * Private to the library; never installed.
 */
#ifndef GR_RUMMY_CARDS_H
#define GR_RUMMY_CARDS_H

#include "ginrummy.h"

#include <stdbool.h>

#define GR__RUMMY_JOKER_POINTS 15

/* true if the hand satisfies the gr_rummy_hand invariant */
bool gr__rummy_hand_valid(const gr_rummy_hand *hand);

/* Exactly the len bytes at s as one Rummy card: a face
 * (gr__card_parse_token) or the joker ("JK" in any case, "*", U+1F0CF);
 * GR_OK or GR_EPARSE. */
int gr__rcard_parse_token(const char *s, size_t len, gr_card *out);

/* true if flags holds no bit but GR_RUMMY_ACE_HIGH */
static inline bool gr__rummy_flags_valid(int flags)
{
    return (flags & ~GR_RUMMY_ACE_HIGH) == 0;
}

/* points of the faces of a valid set, aces 1 or 11 (flags) */
int gr__rummy_faces_points(gr_cards faces, int flags);

/* points of a valid hand */
int gr__rummy_hand_points(const gr_rummy_hand *hand, int flags);

/* number of cards of a valid hand */
int gr__rummy_hand_count(const gr_rummy_hand *hand);

/* GR_MELD_SET, GR_MELD_RUN or 0 for a meld whose masks are valid
 * (jokers a subset of cards, no bit above 51) */
int gr__rummy_meld_kind(gr_cards cards, gr_cards jokers, int flags);

/* true if the meld's masks are valid (no bit above 51, jokers within cards) */
static inline bool gr__rummy_meld_valid(const gr_rummy_meld *m)
{
    return (m->cards & ~GR_ALL_CARDS) == 0 && (m->jokers & ~m->cards) == 0;
}

/* The held faces (of h->once) in some meld that needs at most `nj`
 * jokers, jokers naming the faces it lacks: a set of 3 or 4 suits, or a
 * run of 3 (every longer meld holds such a run around each of its faces).
 * nj 0: the faces of natural melds; nj 1: of pairs and near runs too. */
gr_cards gr__rpattern_faces(gr_cards once, int nj, int flags);

#endif /* GR_RUMMY_CARDS_H */
