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

#endif /* GR_GIN_LAYOFF_H */
