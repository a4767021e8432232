/*
 * common/alias.h: Walker's alias table: an index drawn in proportion to
 * integer weights with one random number, whatever their spread (the
 * expert bot's sampler, gin/expert_sample.c).  Built by Vose's method in
 * integers, so the probabilities are exact and the same on every platform.
 * Private to the library; never installed.
 */
#ifndef GR_COMMON_ALIAS_H
#define GR_COMMON_ALIAS_H

#include "common/rng.h"

#include <stdint.h>

#define GR__ALIAS_MAX 64

/* Each index i holds a share total/n of the weight: its own part prob[i]
 * (out of total) and the rest of it its alias's. */
typedef struct gr__alias {
    int      n;
    uint64_t total;                  /* the sum of the weights, > 0 */
    uint64_t prob[GR__ALIAS_MAX];
    uint8_t  alias[GR__ALIAS_MAX];
} gr__alias;

/* The table of weight[0..n-1] (1 <= n <= GR__ALIAS_MAX, not all zero) */
static inline void gr__alias_build(gr__alias *a, const uint32_t *weight, int n)
{
    uint64_t scaled[GR__ALIAS_MAX];   /* weight * n, against shares of total */
    int small[GR__ALIAS_MAX], large[GR__ALIAS_MAX], ns = 0, nl = 0;
    a->n = n;
    a->total = 0;
    for (int i = 0; i < n; i++)
        a->total += weight[i];
    for (int i = 0; i < n; i++) {
        scaled[i] = (uint64_t)weight[i] * (uint64_t)n;
        a->alias[i] = (uint8_t)i;
        if (scaled[i] < a->total)
            small[ns++] = i;
        else
            large[nl++] = i;
    }
    while (ns > 0 && nl > 0) {   /* fill a small share from a large weight */
        int l = small[--ns], g = large[nl - 1];
        a->prob[l] = scaled[l];
        a->alias[l] = (uint8_t)g;
        scaled[g] -= a->total - scaled[l];
        if (scaled[g] < a->total) {
            nl--;
            small[ns++] = g;
        }
    }
    while (nl > 0)   /* exactly a share each */
        a->prob[large[--nl]] = a->total;
    while (ns > 0)   /* none: in integers every share adds up */
        a->prob[small[--ns]] = a->total;
}

/* One index: the random number's product with n gives the index, and the
 * fraction left over the point below total (uniform to within n / 2^64). */
static inline int gr__alias_draw(const gr__alias *a, gr_rng *rng)
{
    uint64_t frac;
    int i = (int)gr__mul_hi(gr__rng_next(rng), (uint64_t)a->n, &frac);
    return gr__mul_hi(frac, a->total, &frac) < a->prob[i] ? i : a->alias[i];
}

#endif /* GR_COMMON_ALIAS_H */
