/*
 * rummy/goout.h: going out with the table (rummy/goout.c).
 * Private to the library; never installed.
 */
#ifndef GR_RUMMY_GOOUT_H
#define GR_RUMMY_GOOUT_H

#include "ginrummy.h"

/* gr_rummy_go_out's value only, for valid arguments (GR_ENOMEM possible) */
int gr__rummy_go_out_value(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                           int ntable, int flags);

#endif /* GR_RUMMY_GOOUT_H */
