/*
 * rummy/rules.h: the Rummy rule set's layout (rules.c).
 * Private to the library; never installed.
 */
#ifndef GR_RUMMY_RULES_H
#define GR_RUMMY_RULES_H

#include "ginrummy.h"

struct gr_rummy_rules {
    int opt[GR_RUMMY_OPT_COUNT];
    gr_allocator mm;
};

/* the deal of R2 for these options: decks, cards per hand, cards in all;
 * GR_EINVAL if the options name a deal R2 does not allow */
int gr__rummy_deal(const int opt[GR_RUMMY_OPT_COUNT], int *decks,
                   int *hand_size, int *ncards);

#endif /* GR_RUMMY_RULES_H */
