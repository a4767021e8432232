/*
 * gin/melds.h: least deadwood, arrangements and their validation (melds.c).
 * Private to the library; never installed.
 */
#ifndef GR_GIN_MELDS_H
#define GR_GIN_MELDS_H

#include "ginrummy.h"

#include <stdbool.h>

/* least deadwood of a valid hand (no argument checks) */
int gr__deadwood(gr_cards hand);
/* the best discard of a valid non-empty hand (no checks): the least
 * deadwood after it, ties to the most points then the highest card;
 * returns that deadwood */
int gr__best_discard(gr_cards hand, gr_card *out);
/* the same among the cards of `allowed` only (within hand, not empty):
 * G11's discards after taking a card from the pile */
int gr__best_discard_among(gr_cards hand, gr_cards allowed, gr_card *out);
/* gr__arrange(hand) when its sets are known to be `sets` */
int gr__arrange_sets(gr_cards hand, gr_cards sets, gr_arrangement *out);
/* least-deadwood arrangement of a valid hand (no checks); returns deadwood */
int gr__arrange(gr_cards hand, gr_arrangement *out);
/* GR_MELD_SET, GR_MELD_RUN or 0 for a valid set (no checks) */
int gr__meld_kind(gr_cards cards);
/* What the melds of an arrangement take in layoffs (G17): the cards of its
 * runs (chains extend them) and the missing 4th cards of its 3-card sets. */
typedef struct gr__targets {
    gr_cards runs, fourths;
} gr__targets;
/* Validate an arrangement given by a caller: real, disjoint melds, deadwood
 * disjoint from them, nmelds in range, entries past nmelds zero,
 * deadwood_points consistent.  Writes all its cards to *cards and, if t is
 * not NULL, its layoff targets to *t (one pass: gr_lay_off runs it on
 * every call).  GR_OK or GR_EINVAL. */
int gr__arrangement_check(const gr_arrangement *a, gr_cards *cards,
                          gr__targets *t);
/* Only the structure of an arrangement: not NULL, nmelds in range, no bit
 * above 51 anywhere.  Lets a caller tell a malformed argument (GR_EINVAL)
 * from a well-formed arrangement that breaks the rules. */
bool gr__arrangement_well_formed(const gr_arrangement *a);

#endif /* GR_GIN_MELDS_H */
