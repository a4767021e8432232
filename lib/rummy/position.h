/*
 * rummy/position.h: the checks of a Rummy position (rummy/position.c),
 * shared with the position text (rummy/position_text.c) and the save
 * text (rummy/save.c).  Private to the library; never installed.
 */
#ifndef GR_RUMMY_POSITION_H
#define GR_RUMMY_POSITION_H

#include "ginrummy.h"
#include "rummy/rules.h"

/* The first fault of a position (GR_REASON_NONE if it is valid), in the
 * order gr_rummy_position_check() documents; when valid, the stock top
 * first in stock[0..*nstock-1] (drawn from the seed when asked). */
int gr__rposition_reason(const gr_rummy_rules *rules, const gr_rummy_position *p,
                         gr_card stock[GR_RUMMY_MAX_CARDS], int *nstock);

#endif /* GR_RUMMY_POSITION_H */
