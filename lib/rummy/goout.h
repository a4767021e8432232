/*
 * rummy/goout.h: going out with the table (rummy/goout.c).
 * Private to the library; never installed.
 */
#ifndef GR_RUMMY_GOOUT_H
#define GR_RUMMY_GOOUT_H

#include "ginrummy.h"

#endif /* GR_RUMMY_GOOUT_H */
