/*
 * common/options.h: option names and rows shared by the rule sets of
 * both games (options.c).  Private to the library; never installed.
 */
#ifndef GR_COMMON_OPTIONS_H
#define GR_COMMON_OPTIONS_H

#include "ginrummy.h"

#include <stdbool.h>

/* true if `name` is `want` (lower case) but for the case of ASCII letters:
 * the lookups of option, preset and bot names */
bool gr__name_is(const char *name, const char *want);

/* Fill *out (reserved space zeroed) with an option's row: what
 * gr_option_describe and gr_rummy_option_describe return. */
void gr__option_info_fill(gr_option_info *out, int option, const char *name,
                          const char *description, int min, int max);

#endif /* GR_COMMON_OPTIONS_H */
