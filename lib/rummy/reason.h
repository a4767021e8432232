/*
 * rummy/reason.h: why a Rummy call was refused (rummy/reason.c), and the
 * melds a set of faces and jokers can complete (rummy/movetext.c), which
 * both the diagnosis and the move parser need.  Private to the library;
 * never installed.
 */
#ifndef GR_RUMMY_REASON_H
#define GR_RUMMY_REASON_H

#include "ginrummy.h"
#include "common/reason.h"
#include "rummy/table.h"

/* The first fault of a meld a player lays down or a table meld: its masks
 * (GR_REASON_BAD_CARD), no natural card, a joker naming a face that does
 * not complete it where another would, not a meld; GR_REASON_NONE. */
int gr__rmeld_reason(const gr_rummy_meld *m, int flags);

/* The reason a move is refused in the position (GR_REASON_NONE if it is
 * legal): its form, the step of the turn, then the rule it breaks.  Its
 * status is what gr__ract_wellformed and gr__ract_check return. */
int gr__ract_reason(const gr__rpos *pos, const gr_rummy_action *m);

/* The sets of faces `k` more jokers can name so that `faces` plus them is
 * a meld (R3), into out[0..cap-1] (each a face mask disjoint from
 * `faces`); returns how many.  Sets first, then runs, each in increasing
 * mask order.  faces must be valid and not empty, 0 <= k <= 8. */
int gr__rmeld_completions(gr_cards faces, int k, int flags, gr_cards *out,
                          size_t cap);

#endif /* GR_RUMMY_REASON_H */
