/*
 * rng.c: the library's seeded random numbers.
 *
 * xoshiro256** (Blackman and Vigna) seeded through splitmix64, with only
 * 64-bit unsigned arithmetic, so the same seed gives the same numbers on
 * every platform.  The state lives in the caller's gr_rng: no globals.
 */
#include "common/rng.h"

void gr__rng_seed(gr_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = gr__splitmix64(&x);
    /* splitmix64 never yields four zeros in a row, but be safe: the
     * all-zero state is xoshiro's only fixed point */
    if ((rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]) == 0)
        rng->s[0] = 1;
}

/* Fisher-Yates from the top: cards[i] swaps with a uniform j in [0, i]. */
void gr__shuffle(gr_rng *rng, gr_card *cards, int n)
{
    gr_rng r = *rng;   /* a local copy stays in registers (it deals every hand) */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gr__rng_below(&r, (uint64_t)(unsigned)i + 1);
        gr_card t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    *rng = r;
}

/* splitmix64's finalizer alone: a bijection of the 64-bit words */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* gr_seed_derive: the seed enters once, through a xor with a hash of
 * (stream, index), and then the bijective mix: for a fixed stream and
 * index, distinct seeds give distinct values.  The (stream, index) hash
 * is a bijection of the index for a fixed stream and mixes the stream
 * first, so neighbouring streams and indexes give unrelated words. */
int gr_seed_derive(uint64_t seed, uint64_t stream, uint64_t index, uint64_t *out)
{
    if (!out)
        return GR_EINVAL;
    uint64_t key = mix64(mix64(stream + 0x9E3779B97F4A7C15ull) + index);
    *out = mix64(seed ^ key);
    return GR_OK;
}
