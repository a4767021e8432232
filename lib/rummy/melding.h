/*
 * rummy/melding.h: least unmelded value and best arrangement of a Rummy
 * hand (rummy/melding.c).  Private to the library; never installed.
 */
#ifndef GR_RUMMY_MELDING_H
#define GR_RUMMY_MELDING_H

#include "ginrummy.h"

#endif /* GR_RUMMY_MELDING_H */
