/*
 * common/bits.h: card-mask helpers every module shares.
 * Private to the library; never installed.
 */
#ifndef GR_COMMON_BITS_H
#define GR_COMMON_BITS_H

#include "ginrummy.h"

#include <stdbool.h>
#include <stddef.h>

/* the 13-bit rank mask m (bit 0 = ace) repeated in every suit */
#define GR_EVERY_SUIT(m) \
    ((gr_cards)(m) | (gr_cards)(m) << 13 | (gr_cards)(m) << 26 | (gr_cards)(m) << 39)

/* true if the set has no bit above 51 */
static inline bool gr__cards_valid(gr_cards cards)
{
    return (cards & ~GR_ALL_CARDS) == 0;
}

/* true if the n bytes at p are all zero: the reserved space of a public
 * struct (the ABI rule of ginrummy.h: nonzero reserved input is GR_EINVAL) */
static inline bool gr__zeros(const void *p, size_t n)
{
    const unsigned char *b = p;
    unsigned char any = 0;
    for (size_t i = 0; i < n; i++)
        any |= b[i];
    return any == 0;
}
#define GR__RESERVED_ZERO(s) gr__zeros((s)->reserved, sizeof (s)->reserved)

/* a function kept out of its caller, for a rare path whose registers
 * would slow down the common one */
#if defined(__GNUC__)
#  define GR__NOINLINE __attribute__((noinline))
#else
#  define GR__NOINLINE
#endif

/* Without -mpopcnt (the library is built for any x86-64) the builtin is a
 * call into libgcc; the bit-slicing version is a dozen inline instructions. */
static inline int gr__popcount(gr_cards cards)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(cards);
#else
    cards -= (cards >> 1) & 0x5555555555555555ull;
    cards = (cards & 0x3333333333333333ull) + ((cards >> 2) & 0x3333333333333333ull);
    cards = (cards + (cards >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((cards * 0x0101010101010101ull) >> 56);
#endif
}

#endif /* GR_COMMON_BITS_H */
