/*
 * gin/reason.h: why a call was refused (reason.c).  Each check that can
 * refuse has one diagnosing function here, run only on the refusal path,
 * so the fast paths of the engine are untouched and every function that
 * meets the same fault reports the same reason and status.
 * Private to the library; never installed.
 */
#ifndef GR_GIN_REASON_H
#define GR_GIN_REASON_H

#include "ginrummy.h"
#include "common/reason.h"

/* The first fault of a caller's arrangement (order documented in
 * ginrummy.h), GR_REASON_NONE if it is valid; *cards (may be NULL) gets
 * all its cards when valid. */
int gr__arrangement_reason(const gr_arrangement *a, gr_cards *cards);
/* The same, then against `hand` (exactly its cards) and `limit` (< 0: no
 * limit). */
int gr__arrangement_reason_for(const gr_arrangement *a, gr_cards hand, int limit);
/* The first fault of a knocker arrangement and a defender hand together
 * (gr_lay_off, gr_settle): the arrangement, bad defender bits, overlap. */
int gr__knocker_reason(const gr_arrangement *knocker, gr_cards defender);
/* The first fault of a defense (gr_layoff_check), GR_REASON_NONE if legal. */
int gr__layoff_reason(const gr_arrangement *knocker, gr_cards defender,
                      const gr_layoff *defense);

#endif /* GR_GIN_REASON_H */
