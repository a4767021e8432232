/*
 * rummy/rules.h: the Rummy rule set's layout (rules.c).
 * Private to the library; never installed.
 */
#ifndef GR_RUMMY_RULES_H
#define GR_RUMMY_RULES_H

#include "ginrummy.h"
#include "common/cards.h"

#include <stdbool.h>

struct gr_rummy_rules {
    int opt[GR_RUMMY_OPT_COUNT];
    gr_allocator mm;
};

/* the deal of R2 for these options: decks, cards per hand, cards in all;
 * GR_EINVAL if the options name a deal R2 does not allow */
int gr__rummy_deal(const int opt[GR_RUMMY_OPT_COUNT], int *decks,
                   int *hand_size, int *ncards);

/* The "rules name=value ..." line of the saved texts (save.c): every
 * option written; read back with each option at most once, in range, and
 * a deal R2 allows (opt is written only then). */
void gr__rummy_write_rules(gr_writer *w, const int opt[GR_RUMMY_OPT_COUNT]);
bool gr__rummy_read_rules(const char *s, const char *e, int opt[GR_RUMMY_OPT_COUNT]);

#endif /* GR_RUMMY_RULES_H */
