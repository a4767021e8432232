/*
 * rummy/melding.h: least unmelded value and best arrangement of a Rummy
 * hand (rummy/melding.c).  Private to the library; never installed.
 */
#ifndef GR_RUMMY_MELDING_H
#define GR_RUMMY_MELDING_H

#include "ginrummy.h"

#include <stdint.h>

/* gr_rummy_value of a valid hand with valid flags (GR_ENOMEM possible) */
int gr__rummy_value(const gr_rummy_hand *hand, int flags);

/* gr_rummy_arrange of a valid hand with valid flags into *out (always
 * written on success); GR_ENOMEM possible */
int gr__rummy_arrange(const gr_rummy_hand *hand, int flags,
                      gr_rummy_arrangement *out);
/* the same when the caller knows the hand's least value (value, -1 if
 * not): the same arrangement, found faster when that value is the points
 * of the naturals no meld can hold (then every other card melds) */
int gr__rummy_arrange_value(const gr_rummy_hand *hand, int flags, int value,
                            gr_rummy_arrangement *out);

/* gr__rummy_value with laying off onto table sets: slot[s][r] sets on the
 * table lack the face of suit s and rank r, and each takes that natural
 * or a joker (R4, R5); the least value left of the hand.  slot NULL: as
 * gr__rummy_value.  GR_ENOMEM possible. */
int gr__rummy_value_slots(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13]);
/* the same exactly when it is below alpha, else some value >= alpha */
int gr__rummy_value_slots_below(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13],
                                int alpha);

/* The most points melds can take from a hand of at most SMALL_NATURALS
 * naturals and any number of jokers (melding_small.c, a search): its value
 * is its points less these. */
#define SMALL_NATURALS 14
int gr__rummy_small_best(const gr_rummy_hand *hand, int flags);
/* the same with table sets lacking faces (slot as gr__rummy_value_slots's,
 * NULL: none): each takes its face's natural laid off alone, or a joker */
int gr__rummy_small_best_slots(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13]);
/* the same exactly when it is above floor, else some value <= floor */
int gr__rummy_small_best_above(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13],
                               int floor);

#endif /* GR_RUMMY_MELDING_H */
