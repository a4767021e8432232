/*
 * gin/settle.h: settlement with the game's knock limit (settle.c).
 * Private to the library; never installed.
 */
#ifndef GR_GIN_SETTLE_H
#define GR_GIN_SETTLE_H

#include "ginrummy.h"

/* Settle with an explicit knock limit and score multiplier (the game passes
 * the Oklahoma values); `defense` NULL = optimal.  Arguments validated by
 * the caller (valid knocker arrangement, disjoint hands, defense checked
 * with gr_layoff_check).  The result is relative to the knocker: knocker 0,
 * winner 0 (knocker) or 1 (defender); the game maps them to its players.
 * Wrong card counts give a void result (G28, GR_OK).  GR_EILLEGAL, out
 * untouched, if the knocker's deadwood is over knock_limit (G29), or if
 * `defense` lays off after gin when the rules forbid it (G18). */
int gr__settle(const gr_rules *rules, int knock_limit, int multiplier,
               const gr_arrangement *knocker, gr_cards defender,
               const gr_layoff *defense, gr_hand_result *out);
/* The knock limit and score multiplier of a hand whose first upcard is
 * `upcard`: GR_OPT_KNOCK_LIMIT and 1, or under Oklahoma those of G33. */
void gr__oklahoma(const gr_rules *rules, gr_card upcard, int *knock_limit,
                  int *multiplier);

#endif /* GR_GIN_SETTLE_H */
