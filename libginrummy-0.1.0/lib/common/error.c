/* error.c: status code descriptions and the run-time version. */
#include "ginrummy.h"


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
