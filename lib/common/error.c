/* error.c: status code descriptions, the run-time version, and the
 * failed-assertion report of debug builds (common/assert.h). */
#include "ginrummy.h"
#include "common/assert.h"

#ifdef GR_DEBUG
#include <stdio.h>
#include <stdlib.h>

void gr__assert_fail(const char *cond, const char *file, int line)
{
    fprintf(stderr, "%s:%d: libginrummy assertion failed: %s\n", file, line, cond);
    abort();
}
#endif

const char *gr_strerror(int code)
{
    switch (code) {
    case GR_OK:       return "success";
    case GR_EINVAL:   return "invalid argument";
    case GR_ESTATE:   return "not allowed in the current phase";
    case GR_EILLEGAL: return "against the rules";
    case GR_ENOMEM:   return "out of memory";
    case GR_ESPACE:   return "buffer too small";
    case GR_EPARSE:   return "unreadable text";
    default:          return "unknown error";
    }
}

const char *gr_version(void)
{
    return GR_VERSION_STRING;
}

int gr_version_number(void)
{
    return GR_VERSION_NUMBER;
}
