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
uint64_t gr__rng_next(gr_rng *rng);
/* uniform in [0, bound), bound > 0, without modulo bias */
uint64_t gr__rng_below(gr_rng *rng, uint64_t bound);
/* unbiased Fisher-Yates */
void     gr__shuffle(gr_rng *rng, gr_card *cards, int n);

#endif /* GR_COMMON_RNG_H */
