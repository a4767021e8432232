/*
 * rummy/melding.h: least unmelded value and best arrangement of a Rummy
 * hand (rummy/melding.c).  Private to the library; never installed.
 */
#ifndef GR_RUMMY_MELDING_H
#define GR_RUMMY_MELDING_H

#include "ginrummy.h"

/* gr_rummy_value of a valid hand with valid flags (GR_ENOMEM possible) */
int gr__rummy_value(const gr_rummy_hand *hand, int flags);

/* gr_rummy_arrange of a valid hand with valid flags into *out (always
 * written on success); GR_ENOMEM possible */
int gr__rummy_arrange(const gr_rummy_hand *hand, int flags,
                      gr_rummy_arrangement *out);

#endif /* GR_RUMMY_MELDING_H */
