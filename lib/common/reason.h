/*
 * common/reason.h: reason codes shared by both games (reason.c).
 * Private to the library; never installed.
 */
#ifndef GR_COMMON_REASON_H
#define GR_COMMON_REASON_H

#include "ginrummy.h"

/* store the reason when the pointer is not NULL; returns its status */
int gr__reason_put(int *reason, int code);

#endif /* GR_COMMON_REASON_H */
