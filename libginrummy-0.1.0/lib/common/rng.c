/*
 * rng.c: the library's seeded random numbers.
 *
 * xoshiro256** (Blackman and Vigna) seeded through splitmix64, with only
 * 64-bit unsigned arithmetic, so the same seed gives the same numbers on
 * every platform.  The state lives in the caller's gr_rng: no globals.
 */
#include "common/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void gr__rng_seed(gr_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
    /* splitmix64 never yields four zeros in a row, but be safe: the
     * all-zero state is xoshiro's only fixed point */
    if ((rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]) == 0)
        rng->s[0] = 1;
}

uint64_t gr__rng_next(gr_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* The high and low 64 bits of a * b. */
static inline uint64_t mul_hi(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
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

/* Lemire's multiply-and-reject ("Fast random integer generation in an
 * interval", 2019): the high word of x * bound is uniform once the low
 * words below 2^64 mod bound are rejected; the division is needed only in
 * the rare case where a rejection is possible. */
uint64_t gr__rng_below(gr_rng *rng, uint64_t bound)
{
    if (bound <= 1)
        return 0;
    uint64_t lo, hi = mul_hi(gr__rng_next(rng), bound, &lo);
    if (lo < bound) {
        const uint64_t threshold = (0 - bound) % bound;   /* 2^64 mod bound */
        while (lo < threshold)
            hi = mul_hi(gr__rng_next(rng), bound, &lo);
    }
    return hi;
}

/* Fisher-Yates from the top: cards[i] swaps with a uniform j in [0, i]. */
void gr__shuffle(gr_rng *rng, gr_card *cards, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gr__rng_below(rng, (uint64_t)i + 1);
        gr_card t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}
