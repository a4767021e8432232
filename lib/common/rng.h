/*
 * common/rng.h: the seeded PRNG and shuffle (rng.c).
 * Private to the library; never installed.
 */
#ifndef GR_COMMON_RNG_H
#define GR_COMMON_RNG_H

#include "ginrummy.h"

#include <stdint.h>

/* xoshiro256** seeded through splitmix64: same sequence on every platform */
typedef struct gr_rng {
    uint64_t s[4];
} gr_rng;

void     gr__rng_seed(gr_rng *rng, uint64_t seed);

/* inline: playouts draw one number per move */
/* splitmix64 (Steele, Lea, Flood): one step of the generator that seeds
 * xoshiro; also the library's one cheap stream where a caller keeps a bare
 * 64-bit state (gr_batch_random_actions). */
static inline uint64_t gr__splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t gr__rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t gr__rng_next(gr_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t result = gr__rng_rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = gr__rng_rotl(s[3], 45);
    return result;
}

/* The high and low 64 bits of a * b.  WebAssembly has __int128 but no
 * instruction for it (a call to compiler-rt's __multi3, a whole 128-bit
 * product): the four 32-bit products are faster there. */
static inline uint64_t gr__mul_hi(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
    unsigned __int128 p = (unsigned __int128)a * b;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
#else
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

/* Uniform in [0, bound), without modulo bias: Lemire's multiply-and-reject
 * ("Fast random integer generation in an interval", 2019): the high word
 * of x * bound is uniform once the low words below 2^64 mod bound are
 * rejected; the division is needed only in the rare case where a rejection
 * is possible. */
static inline uint64_t gr__rng_below(gr_rng *rng, uint64_t bound)
{
    if (bound <= 1)
        return 0;
    uint64_t lo, hi = gr__mul_hi(gr__rng_next(rng), bound, &lo);
    if (lo < bound) {
        const uint64_t threshold = (0 - bound) % bound;   /* 2^64 mod bound */
        while (lo < threshold)
            hi = gr__mul_hi(gr__rng_next(rng), bound, &lo);
    }
    return hi;
}
/* gr__rng_below(rng, 2), the same number from the same state: the high
 * word of x * 2 is x's top bit, and 2^64 mod 2 = 0 rejects nothing */
static inline uint64_t gr__rng_coin(gr_rng *rng)
{
    return gr__rng_next(rng) >> 63;
}

/* unbiased Fisher-Yates */
void     gr__shuffle(gr_rng *rng, gr_card *cards, int n);

#endif /* GR_COMMON_RNG_H */
