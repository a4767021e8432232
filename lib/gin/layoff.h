/*
 * gin/layoff.h: the defender's melds and layoffs (layoff.c).
 * Private to the library; never installed.
 */
#ifndef GR_GIN_LAYOFF_H
#define GR_GIN_LAYOFF_H

#include "ginrummy.h"

/* gr_lay_off on an already validated knocker arrangement */
int gr__lay_off(const gr_arrangement *knocker, gr_cards defender, gr_layoff *out);
/* the defender's best own arrangement, no layoff (after gin without layoff) */
int gr__defend_without_layoff(gr_cards defender, gr_layoff *out);
/* (layoff_search.c) Least deadwood of a valid hand when the cards `runs`
 * (disjoint from it, a union of runs of 3+: the knocker's runs) may join
 * its runs and never its sets, and its cards `fourths_chained` and
 * `fourths_own` (4th cards of the knocker's 3-sets) count nothing when
 * dead; a card of `fourths_own` may also be laid off while it could be in
 * a run of his own.  In *laid the cards laid off: the hand's cards that
 * join those runs, and the fourths left dead or laid off.  Of the
 * least-deadwood choices, the one laying off most cards, then the
 * numerically least mask.  In *sets the cards of the sets of
 * gr__arrange(hand & ~*laid).  -1 (and *laid, *sets untouched) when the
 * hand has too many set/run conflicts for the search. */
int gr__deadwood_runs(gr_cards hand, gr_cards runs, gr_cards fourths_chained,
                      gr_cards fourths_own, gr_cards *laid, gr_cards *sets);

/* gr_layoff_check's fast test: GR_OK or any failing status (the public
 * wrappers in reason.c turn a failure into its reason and status) */
int gr__layoff_check_fast(const gr_arrangement *knocker, gr_cards defender,
                          const gr_layoff *defense);

#endif /* GR_GIN_LAYOFF_H */
