/*
 * gin/rules.h: the rule set's layout (rules.c).
 * Private to the library; never installed.
 */
#ifndef GR_GIN_RULES_H
#define GR_GIN_RULES_H

#include "ginrummy.h"

#include <stdbool.h>

struct gr_rules {
    int opt[GR_OPT_COUNT];
    gr_allocator mm;       /* inherited by games and matches made from these rules */
};

/* true if `name` is `want` (lower case) but for the case of ASCII letters:
 * the lookups of option, preset and bot names */
bool gr__name_is(const char *name, const char *want);

#endif /* GR_GIN_RULES_H */
