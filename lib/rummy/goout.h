/*
 * rummy/goout.h: going out with the table (rummy/goout.c) and the way out
 * this turn (rummy/goout_out.c).  Private to the library; never installed.
 */
#ifndef GR_RUMMY_GOOUT_H
#define GR_RUMMY_GOOUT_H

#include "ginrummy.h"
#include "rummy/cards.h"   /* gr__rhand_has, gr__rhand_remove */

/* gr_rummy_go_out's value only, for valid arguments (GR_ENOMEM possible) */
int gr__rummy_go_out_value(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                           int ntable, int flags);

/* The least value left after going out (valid arguments), exactly when it
 * is below alpha, else some value >= alpha it is not below (INT_MAX: always
 * exact); with plan not NULL always exact, and the plan written.  A
 * negative status on failure (GR_ENOMEM). */
int gr__go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
               int flags, gr_rummy_plan *plan, int alpha);

/* GR_OK or the status of the first fault of go_out's arguments */
int gr__go_out_args(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                    int flags);

/* append a move to the plan (never past GR_RUMMY_MAX_MOVES) */
void gr__plan_add_move(gr_rummy_plan *plan, int kind, int meld, gr_cards cards,
                       gr_cards jokers);

#endif /* GR_RUMMY_GOOUT_H */
