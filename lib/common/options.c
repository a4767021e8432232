/*
 * common/options.c: what the rule sets of both games share: names read
 * without regard to case, and an option's row as the describe functions
 * return it.
 */
#include "common/options.h"

#include <string.h>

bool gr__name_is(const char *name, const char *want)
{
    for (; *want; name++, want++) {
        char c = *name >= 'A' && *name <= 'Z' ? (char)(*name - 'A' + 'a') : *name;
        if (c != *want)
            return false;
    }
    return *name == '\0';
}

void gr__option_info_fill(gr_option_info *out, int option, const char *name,
                          const char *description, int min, int max)
{
    memset(out, 0, sizeof *out);   /* the reserved space too */
    out->option = option;
    out->name = name;
    out->description = description;
    out->min = min;
    out->max = max;
}
