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

/* The portable popcount: bit-slicing, a dozen inline instructions (kept
 * apart so the tests check it on every machine). */
static inline int gr__popcount_soft(gr_cards cards)
{
    cards -= (cards >> 1) & 0x5555555555555555ull;
    cards = (cards & 0x3333333333333333ull) + ((cards >> 2) & 0x3333333333333333ull);
    cards = (cards + (cards >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((cards * 0x0101010101010101ull) >> 56);
}

/* Without -mpopcnt (the library is built for any x86-64) the builtin is a
 * call into libgcc; the portable version is a dozen inline instructions. */
static inline int gr__popcount(gr_cards cards)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(cards);
#else
    return gr__popcount_soft(cards);
#endif
}

/* Hardware popcount where the CPU has it: a hot function is written once as
 * an always-inline body taking the popcount to use, then built twice, with
 * the POPCNT instruction (target "popcnt") and with gr__popcount, and a GNU
 * ifunc resolver picks one when the library is loaded.  GR__HW_POPCOUNT is
 * defined where that works (x86-64 ELF with gcc or clang); elsewhere the
 * portable build is the only one. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) \
    && !defined(__POPCNT__) && !defined(GR_NO_IFUNC)
#  define GR__HW_POPCOUNT 1
#endif

#if defined(__GNUC__)
#  define GR__ALWAYS_INLINE inline __attribute__((always_inline))
#else
#  define GR__ALWAYS_INLINE inline
#endif

/* Points of a set (G2) with a given popcount, for those two builds: the
 * rank masks of the four bits of a card's points (1, 2, 4, 8). */
#define GR__POINTS_WITH(pc, cards) \
    ((pc)((cards) & GR_EVERY_SUIT(0x155)) + 2 * (pc)((cards) & GR_EVERY_SUIT(0x1E66)) \
     + 4 * (pc)((cards) & GR_EVERY_SUIT(0x78)) + 8 * (pc)((cards) & GR_EVERY_SUIT(0x1F80)))

#endif /* GR_COMMON_BITS_H */
