/*
 * rummy/melding_bound.c: the completion bound that prunes the DP of
 * rummy/melding_search.c when aces may play high.
 *
 * ALGORITHM
 *
 * With GR_RUMMY_ACE_HIGH the DP's state also holds, per suit, the aces no
 * meld took at position 0 (kept for position 13, 0..2 each), so a hand
 * holding every ace could have up to 81 copies of each state.  Most of
 * them cannot lead to a best arrangement, and a bound finds which:
 *
 *  1. The DP runs once with every ace low (the same problem without
 *     position 13's aces), keeping every layer.  Its best value is a value
 *     to beat ("known"): playing every ace low is always allowed.
 *  2. A backward pass over those layers gives, for every state s of every
 *     layer and every number k of jokers needed so far, G(s, k): the most
 *     value the rest of the line can add (the final jokers included), or
 *     -1 if no completion stays within the jokers.
 *  3. The DP with kept aces runs; a state X with base state s (its key
 *     without the kept aces), t kept aces, k jokers needed and value v
 *     can reach at most v + G(s, max(0, k - t)) + t * (an ace's value):
 *     take X's best completion and drop every high ace from it; each run
 *     that loses its high ace either keeps 3+ positions or is cut back to
 *     its last natural and padded, which needs at most one joker more per
 *     ace (the gaps before the ace are saved), and what is left is a
 *     completion of s with every ace low.  X is dropped when that bound
 *     is below the known value, so every best arrangement survives.
 *     States whose base state the every-ace-low DP never made (the kept
 *     aces allow gaps towards position 13 at K) and the layers of
 *     position 13 get the plain bound (every natural left melded).
 *
 * The bound costs about two runs of the DP without the option; what it
 * leaves is measured by bench/bench-rummy (aces mode).
 */
#include "rummy/melding.h"
#include "rummy/melding_dp.h"

#include <stdlib.h>
#include <string.h>

static inline uint32_t bhash(uint32_t key, uint32_t mask)
{
    return ((key * 0x9E3779B1u) >> 7) & mask;
}

/* index of key in layer L, -1 if absent */
static int find(const dp_bound *bd, int L, uint32_t key)
{
    const blayer *b = &bd->layer[L];
    if (b->n == 0)
        return -1;
    for (uint32_t h = bhash(key, b->mask); b->slot[h] >= 0; h = (h + 1) & b->mask)
        if (b->keys[b->slot[h]] == key)
            return b->slot[h];
    return -1;
}

void gr__bound_free(dp_bound *bd)
{
    for (int L = 0; L < bd->nl; L++) {
        free(bd->layer[L].keys);
        free(bd->layer[L].g);
        free(bd->layer[L].slot);
    }
    bd->nl = 0;
}

int32_t gr__bound_rest(const dp_bound *bd, int L, uint32_t key, int k)
{
    int i = find(bd, L, key);
    if (i < 0)
        return BOUND_NONE;
    return bd->layer[L].g[i * NK + k];
}

/* the backward pass over the kept layers of pb (every ace low) */
static int backward(problem *pb, layer *keep, dp_bound *bd)
{
    int nl = gr__nlayers(pb), J = pb->J;
    bd->nl = nl;
    for (int L = 0; L < nl; L++) {
        free(keep[L].vals);   /* only the keys are needed */
        keep[L].vals = NULL;
    }
    for (int L = 0; L < nl; L++) {
        blayer *b = &bd->layer[L];
        b->n = keep[L].n;
        b->keys = keep[L].keys;   /* taken over */
        keep[L].keys = NULL;
        uint32_t hsize = 2;
        while (hsize < 2u * (uint32_t)b->n)
            hsize *= 2;
        b->mask = hsize - 1;
        b->slot = malloc(hsize * sizeof(int32_t));
        b->g = malloc((size_t)b->n * NK * sizeof(int32_t) + 1);
        if (b->slot == NULL || b->g == NULL)
            return GR_ENOMEM;
        memset(b->slot, 0xFF, hsize * sizeof(int32_t));
        for (int i = 0; i < b->n; i++) {
            uint32_t h = bhash(b->keys[i], b->mask);
            while (b->slot[h] >= 0)
                h = (h + 1) & b->mask;
            b->slot[h] = i;
        }
    }
    blayer *last = &bd->layer[nl - 1];
    for (int i = 0; i < last->n; i++)
        for (int k = 0; k < NK; k++)
            last->g[i * NK + k] = (k <= J && ((last->keys[i] & KEY_RUN) || J == 0))
                                ? J * (15 * 128 + 1) : -1;
    trans t[MAXTRANS];
    for (int L = nl - 2; L >= 0; L--) {
        int p, step;
        gr__layer_step(pb, L + 1, &p, &step);
        blayer *b = &bd->layer[L];
        int quiet = step >= 1 && step <= 4 && pb->cnt[step - 1][p] == 0;
        for (int i = 0; i < b->n; i++) {
            int32_t *g = &b->g[i * NK];
            for (int k = 0; k < NK; k++)
                g[k] = -1;
            uint32_t key = b->keys[i];
            int nt;
            if (quiet && suit_code(key, step - 1) == 0) {
                t[0].key = key;
                t[0].dk = t[0].add = 0;
                nt = 1;
            } else {
                nt = gr__gen_trans(pb, key, p, step, t);
            }
            for (int j = 0; j < nt; j++) {
                int i2 = find(bd, L + 1, t[j].key);
                if (i2 < 0)
                    continue;
                const int32_t *g2 = &bd->layer[L + 1].g[i2 * NK];
                for (int k = 0; k + t[j].dk <= J; k++)
                    if (g2[k + t[j].dk] >= 0 && g2[k + t[j].dk] + t[j].add > g[k])
                        g[k] = g2[k + t[j].dk] + t[j].add;
            }
        }
    }
    return GR_OK;
}

int gr__bound_make(problem *pb, dp_bound *bd)
{
    layer keep[5 * MAXPOS + 2];
    memset(keep, 0, sizeof keep);
    memset(bd, 0, sizeof *bd);
    uint32_t fkey;
    int fk;
    int v = gr__dp_solve(pb, keep, &fkey, &fk);
    int rc = v == GR_ENOMEM ? GR_ENOMEM : backward(pb, keep, bd);
    gr__free_layers(keep, 5 * MAXPOS + 2);
    if (rc != GR_OK)
        gr__bound_free(bd);
    return rc;
}

/* up to this many ways of playing the aces, the DP runs without the bound
 * (the kept aces multiply its states by at most that) */
#define FEW_WAYS 4

int gr__dp_solve_aces(problem *pb, const hand_counts *hc, int flags, int J, int strict,
                      int all, int known, layer *keep, uint32_t *key, int *kk)
{
    gr__setup(pb, hc, flags, J, ACES_KEPT);
    int ways = 1;
    for (int s = 0; s < 4; s++)
        ways *= pb->cnt[s][13] + 1;
    if (ways <= FEW_WAYS) {
        pb->strict = strict;   /* (which drops all the value bound would) */
        pb->known = strict ? -1 : known;
        return gr__dp_solve(pb, keep, key, kk);
    }
    /* values to beat: every ace low, every ace high where it may be */
    for (int aces = ACES_LOW; known < 0 && aces <= ACES_HIGH; aces += ACES_HIGH - ACES_LOW) {
        gr__setup(pb, hc, flags, J, aces);
        pb->strict = strict;
        int v = gr__dp_solve(pb, NULL, NULL, NULL);
        if (v == GR_ENOMEM)
            return GR_ENOMEM;
        if (v >= all && keep == NULL)
            return v;   /* everything melds */
        known = v > known ? v : known;
    }
    if (strict)
        return known;   /* (below all: the full search follows) */
    /* the bound's problem */
    dp_bound bd;
    gr__setup(pb, hc, flags, J, ACES_VIRT);
    if (gr__bound_make(pb, &bd) != GR_OK)
        return GR_ENOMEM;
    gr__setup(pb, hc, flags, J, ACES_KEPT);
    pb->known = known;
    pb->bound = &bd;
    int v = gr__dp_solve(pb, keep, key, kk);
    pb->bound = NULL;
    gr__bound_free(&bd);
    return v;
}
