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

/* A card set is four 13-bit suit masks (clubs in bits 0..12, then
 * diamonds, hearts, spades), rank 0 (ace) in each suit's bit 0.  The
 * helpers below are the one home of each mask trick the modules share. */

/* `cards` without `card`, or all of them when `card` names none
 * (GR_NO_CARD, or any number above 51), with no branch on which */
static inline gr_cards gr__cards_but(gr_cards cards, gr_card card)
{
    return cards & ~((gr_cards)(card < GR_NCARDS) << (card & 63));
}

/* one suit's 13 rank bits */
#define GR_SUIT_MASK 0x1FFFu
/* the cards of rank r in every suit */
#define GR_RANK_BITS(r) ((gr_cards)0x8004002001ull << (r))
/* the aces and the kings */
#define GR_ACES GR_RANK_BITS(0)
#define GR_KINGS GR_RANK_BITS(12)
/* the cards worth 10 points: ranks 10 to king */
#define GR_TEN_POINTS GR_EVERY_SUIT(0x1E00)
/* ranks ace..jack in every suit: where a block of 3 may start */
#define GR_RUN_STARTS GR_EVERY_SUIT(0x7FF)

/* suit s of a set as a 13-bit rank mask */
static inline unsigned gr__suit(gr_cards cards, int s)
{
    return (unsigned)(cards >> (13 * s)) & GR_SUIT_MASK;
}

/* the ranks (bits 0..12) held in any suit */
static inline unsigned gr__ranks_any(gr_cards cards)
{
    return (unsigned)((cards | cards >> 13 | cards >> 26 | cards >> 39) & GR_SUIT_MASK);
}

/* the ranks (bits 0..12) held in all four suits */
static inline unsigned gr__ranks_all(gr_cards cards)
{
    return (unsigned)(cards & cards >> 13 & cards >> 26 & cards >> 39) & GR_SUIT_MASK;
}

/* the cards of rank r in x as a 4-bit suit mask (bit s: suit s) */
static inline unsigned gr__rank_suits(gr_cards x, int r)
{
    x >>= r;
    return (unsigned)((x & 1) | (x >> 12 & 2) | (x >> 24 & 4) | (x >> 36 & 8));
}

/* the ranks held 3+ times, from the four suit masks (as four values: a
 * hot path whose masks are no array keeps them in registers) */
static inline unsigned gr__ranks3_of(unsigned m0, unsigned m1, unsigned m2, unsigned m3)
{
    return (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1));
}

static inline unsigned gr__ranks3(const unsigned m[4])
{
    return gr__ranks3_of(m[0], m[1], m[2], m[3]);
}

/* the cards of `cards` whose rank it holds 3+ times (set material) */
static inline gr_cards gr__set_cards(gr_cards cards)
{
    unsigned m[4] = { gr__suit(cards, 0), gr__suit(cards, 1),
                      gr__suit(cards, 2), gr__suit(cards, 3) };
    return cards & GR_EVERY_SUIT(gr__ranks3(m));
}

/* the cards of `cards` in a block of 3+ consecutive ranks of one suit
 * (run material); the others can be in no run */
static inline gr_cards gr__run_cards(gr_cards cards)
{
    gr_cards start = cards & (cards >> 1) & (cards >> 2) & GR_RUN_STARTS;
    return start | (start << 1) | (start << 2);
}

/* the same for one 13-bit suit mask */
static inline unsigned gr__run_cards13(unsigned m)
{
    unsigned start = m & (m >> 1) & (m >> 2);
    return start | (start << 1) | (start << 2);
}

/* same-suit neighbours one rank up / down (no wrap across suits) */
static inline gr_cards gr__up1(gr_cards x)
{
    return (x & ~GR_KINGS) << 1;
}

static inline gr_cards gr__down1(gr_cards x)
{
    return (x & ~GR_ACES) >> 1;
}

/* `from` and the cards of x linked to it through same-suit neighbours
 * (chains laid off on a run, the blocks that touch a card) */
static inline gr_cards gr__flood(gr_cards from, gr_cards x)
{
    gr_cards reach = from;
    for (;;) {
        gr_cards next = reach | ((gr__up1(reach) | gr__down1(reach)) & x);
        if (next == reach)
            return reach;
        reach = next;
    }
}

/* a declaration of data shared inside the library (not exported): with
 * -fPIC the compiler may then address it directly, as static data */
#if defined(__GNUC__)
#  define GR__HIDDEN __attribute__((visibility("hidden")))
#else
#  define GR__HIDDEN
#endif

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
/* Sanitizer builds get the portable build only: a resolver runs while the
 * dynamic linker relocates the library, before the sanitizer's run time is
 * set up, so instrumented resolver code would crash (ASan, UBSan, TSan,
 * MSan, HWASan alike; gcc names only ASan, HWASan and TSan). */
#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer) \
      || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer) \
      || __has_feature(hwaddress_sanitizer)
#    define GR__SANITIZED 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) \
    || defined(__SANITIZE_HWADDRESS__)
#  define GR__SANITIZED 1
#endif
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) \
    && !defined(__POPCNT__) && !defined(GR_NO_IFUNC) && !defined(GR__SANITIZED)
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
