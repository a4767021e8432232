/*
 * rummy/cards.h: Rummy hands and table melds as values (rummy/cards.c).
 * Private to the library; never installed.
 */
#ifndef GR_RUMMY_CARDS_H
#define GR_RUMMY_CARDS_H

#include "ginrummy.h"
#include "common/bits.h"

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

/* The faces of a meld in play order, into out (52 at most); returns how
 * many.  Card order, except that a run of one suit holding its ace and
 * king but not its two (which only the ace played high makes a run: Q-K-A)
 * writes the ace last: "QH KH AH", "JH QH KH AH".  Readers take the faces
 * in any order. */
int gr__rummy_meld_order(gr_cards cards, gr_card out[GR_NCARDS]);

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

/* The held faces (of `once`) in some run of 3 that needs at most `nj`
 * (0 or 1) jokers, jokers naming the faces it lacks (every longer run
 * holds such a run around each of its faces). */
static inline gr_cards gr__rpattern_run_faces(gr_cards once, int nj, int flags)
{
    /* windows of 3 ranks in every suit at once: a start at ranks 0..10
     * keeps the window inside its suit */
    gr_cards b = once >> 1, c = once >> 2;
    gr_cards w = (nj ? (once & b) | (once & c) | (b & c) : once & b & c)
        & GR_EVERY_SUIT(0x7FF);
    gr_cards out = (w | w << 1 | w << 2) & once;
    if (flags & GR_RUMMY_ACE_HIGH) {   /* Q K A: the ace 11 ranks below the queen */
        gr_cards qs = GR_EVERY_SUIT((gr_cards)1 << 11);
        gr_cards q = once & qs, k = b & qs, a = (once << 11) & qs;
        gr_cards wq = nj ? (q & k) | (q & a) | (k & a) : q & k & a;
        out |= (wq | wq << 1 | wq >> 11) & once;
    }
    return out;
}

/* The held faces (of h->once) in some meld that needs at most `nj`
 * jokers, jokers naming the faces it lacks: a set of 3 or 4 suits, or a
 * run of 3 (every longer meld holds such a run around each of its faces).
 * nj 0: the faces of natural melds; nj 1: of pairs and near runs too.
 * Inline, and always inline as gr__rpattern_faces_inline: the RANDOM
 * playout asks it at every play. */
static GR__ALWAYS_INLINE gr_cards gr__rpattern_faces_inline(gr_cards once, int nj,
                                                            int flags)
{
    if (nj >= 2)
        return once;   /* any face and two jokers are a set */
    gr_cards s0 = once & (gr_cards)0x1FFF, s1 = (once >> 13) & (gr_cards)0x1FFF;
    gr_cards s2 = (once >> 26) & (gr_cards)0x1FFF, s3 = (once >> 39) & (gr_cards)0x1FFF;
    /* ranks held in at least 3 (nj 0) or 2 (nj 1) suits */
    gr_cards three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1));
    gr_cards two = (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3);
    return (once & GR_EVERY_SUIT(nj ? two : three)) | gr__rpattern_run_faces(once, nj, flags);
}

static inline gr_cards gr__rpattern_faces(gr_cards once, int nj, int flags)
{
    return gr__rpattern_faces_inline(once, nj, flags);
}

#endif /* GR_RUMMY_CARDS_H */
