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

/* Fill *out (reserved space zeroed) with an option's row: what
 * gr_option_describe and gr_rummy_option_describe return. */
void gr__option_info_fill(gr_option_info *out, int option, const char *name,
                          const char *description, int min, int max);

/* Parse the "name=value name=value" list of a saved text into `rules`
 * (in place: s is cut into words).  GR_EPARSE for an unknown option, one
 * named twice, or a value out of range (save.c; match.c uses it too). */
int gr__parse_rules(char *s, gr_rules *rules);

#endif /* GR_GIN_RULES_H */
