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

/* gr_layoff_check's fast test: GR_OK or any failing status (the public
 * wrappers in reason.c turn a failure into its reason and status) */
int gr__layoff_check_fast(const gr_arrangement *knocker, gr_cards defender,
                          const gr_layoff *defense);

#endif /* GR_GIN_LAYOFF_H */
