/*
 * gin/rules.h: the rule set's layout (rules.c).
 * Private to the library; never installed.
 */
#ifndef GR_GIN_RULES_H
#define GR_GIN_RULES_H

#include "ginrummy.h"
#include "common/options.h"

#include <stdbool.h>

struct gr_rules {
    int opt[GR_OPT_COUNT];
    gr_allocator mm;       /* inherited by games and matches made from these rules */
};

/* Parse the "name=value name=value" list of a saved text into `rules`
 * (in place: s is cut into words).  GR_EPARSE for an unknown option, one
 * named twice, or a value out of range (save.c; match.c uses it too). */
int gr__parse_rules(char *s, gr_rules *rules);

#endif /* GR_GIN_RULES_H */
