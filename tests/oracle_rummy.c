/* oracle_rummy.c: brute-force reference for Rummy melding (see the header). */
#include "oracle_rummy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int face_points(int face, int flags)
{
    int r = face % 13;
    if (r == 0)
        return (flags & GR_RUMMY_ACE_HIGH) ? 11 : 1;
    return r < 9 ? r + 1 : 10;
}

/* ---- memo: (once, twice, jokers) -> value, one table per top-level call -- */

#define MEMO_BITS 18
typedef struct memo_entry {
    uint64_t once, twice;
    int      jokers, value;
    unsigned gen;
} memo_entry;

typedef struct oracle {
    int         flags;
    unsigned    gen;
    memo_entry *memo;
} oracle;

static memo_entry *memo_slot(oracle *o, const gr_rummy_hand *h, int *found)
{
    uint64_t x = h->once * 0x9E3779B97F4A7C15ull ^ h->twice * 0xC2B2AE3D27D4EB4Full
               ^ (uint64_t)h->jokers * 0x165667B19E3779F9ull;
    size_t i = (size_t)(x >> (64 - MEMO_BITS));
    for (;; i = (i + 1) & ((1u << MEMO_BITS) - 1)) {
        memo_entry *e = &o->memo[i];
        if (e->gen != o->gen) {
            *found = 0;
            return e;
        }
        if (e->once == h->once && e->twice == h->twice && e->jokers == h->jokers) {
            *found = 1;
            return e;
        }
    }
}

static int held(const gr_rummy_hand *h, int f)
{
    return (int)(h->once >> f & 1) + (int)(h->twice >> f & 1);
}

static void take(gr_rummy_hand *h, int f)
{
    uint64_t b = (uint64_t)1 << f;
    if (h->twice & b)
        h->twice &= ~b;
    else
        h->once &= ~b;
}

static int rec(oracle *o, const gr_rummy_hand *h);

/* fill the faces faces[i..n-1] of a meld with naturals or jokers, then
 * recurse on what is left */
static int fill(oracle *o, const gr_rummy_hand *h, const int *faces, int n, int i)
{
    if (i == n)
        return rec(o, h);
    int best = 1 << 30;
    if (held(h, faces[i]) > 0) {
        gr_rummy_hand h2 = *h;
        take(&h2, faces[i]);
        int v = fill(o, &h2, faces, n, i + 1);
        if (v < best)
            best = v;
    }
    if (h->jokers > 0) {
        gr_rummy_hand h2 = *h;
        h2.jokers--;
        int v = fill(o, &h2, faces, n, i + 1);
        if (v < best)
            best = v;
    }
    return best;
}

static int rec(oracle *o, const gr_rummy_hand *h)
{
    if (h->once == 0)
        return 15 * h->jokers;
    int found;
    memo_entry *e = memo_slot(o, h, &found);
    if (found)
        return e->value;

    int c = __builtin_ctzll(h->once);
    int r = c % 13, s0 = c / 13;
    gr_rummy_hand rest = *h;
    take(&rest, c);

    /* c unmelded */
    int best = face_points(c, o->flags) + rec(o, &rest);

    /* every set holding c: 3 or 4 distinct suits including s0 */
    for (unsigned suits = 0; suits < 16; suits++) {
        int n = __builtin_popcount(suits);
        if (!(suits >> s0 & 1) || n < 3)
            continue;
        int faces[4], k = 0;
        for (int s = 0; s < 4; s++)
            if (s != s0 && (suits >> s & 1))
                faces[k++] = 13 * s + r;
        int v = fill(o, &rest, faces, k, 0);
        if (v < best)
            best = v;
    }

    /* every run holding c at position r (or 13 for a high ace) */
    int high = (o->flags & GR_RUMMY_ACE_HIGH) != 0;
    int last = high ? 13 : 12;
    for (int pos = r; pos <= (r == 0 && high ? 13 : r); pos += 13) {
        for (int lo = 0; lo <= pos; lo++)
            for (int hi = pos; hi <= last; hi++) {
                int len = hi - lo + 1;
                if (len < 3 || len > 13 || (lo == 0 && hi == 13))
                    continue;
                int faces[13], k = 0;
                for (int q = lo; q <= hi; q++)
                    if (q != pos)
                        faces[k++] = 13 * s0 + q % 13;
                int v = fill(o, &rest, faces, k, 0);
                if (v < best)
                    best = v;
            }
    }

    e = memo_slot(o, h, &found);   /* recursion filled slots: find it again */
    e->once = h->once;
    e->twice = h->twice;
    e->jokers = h->jokers;
    e->value = best;
    e->gen = o->gen;
    return best;
}

static oracle the_oracle;

int oracle_rummy_value(const gr_rummy_hand *hand, int flags)
{
    oracle *o = &the_oracle;
    if (o->memo == NULL)
        o->memo = calloc((size_t)1 << MEMO_BITS, sizeof *o->memo);
    o->flags = flags;
    if (++o->gen == 0) {
        memset(o->memo, 0, sizeof *o->memo << MEMO_BITS);
        o->gen = 1;
    }
    return rec(o, hand);
}

/* ---- table melds ----------------------------------------------------------- */

int oracle_rummy_meld_ok(gr_cards cards, gr_cards jokers, int flags)
{
    if (__builtin_popcountll(cards) < 3 || (jokers & ~cards) || jokers == cards)
        return 0;
    int ranks[14] = { 0 }, suit = -1, onesuit = 1, rankset = -1, onerank = 1;
    for (int f = 0; f < 52; f++) {
        if (!(cards >> f & 1))
            continue;
        if (suit >= 0 && suit != f / 13)
            onesuit = 0;
        if (rankset >= 0 && rankset != f % 13)
            onerank = 0;
        suit = f / 13;
        rankset = f % 13;
        ranks[f % 13] = 1;
    }
    if (onerank)
        return 1;
    if (!onesuit)
        return 0;
    /* consecutive, ace low; or with the ace as 13 */
    for (int pass = 0; pass < ((flags & GR_RUMMY_ACE_HIGH) ? 2 : 1); pass++) {
        int line[14] = { 0 };
        for (int q = 0; q < 13; q++)
            if (ranks[q])
                line[q == 0 && pass ? 13 : q] = 1;
        int first = -1, lastq = -1, n = 0;
        for (int q = 0; q < 14; q++)
            if (line[q]) {
                if (first < 0)
                    first = q;
                lastq = q;
                n++;
            }
        if (lastq - first + 1 == n)
            return 1;
    }
    return 0;
}

/* ---- going out: every order of table moves -------------------------------- */

#define MAXT 16
typedef struct gstate {
    gr_rummy_hand hand;
    int           n;
    gr_rummy_meld t[MAXT];
} gstate;

#define SEEN_BITS 16
typedef struct seen_set {
    uint64_t *h;
    size_t    n;
} seen_set;

static uint64_t state_hash(const gstate *g)
{
    uint64_t x = g->hand.once * 0x9E3779B97F4A7C15ull + g->hand.twice * 31 + (uint64_t)g->hand.jokers;
    for (int i = 0; i < g->n; i++)
        x = (x ^ g->t[i].cards) * 0xBF58476D1CE4E5B9ull ^ (g->t[i].jokers * 0x94D049BB133111EBull);
    return x | 1;
}

static int seen_add(seen_set *s, const gstate *g)
{
    uint64_t x = state_hash(g);
    size_t mask = ((size_t)1 << SEEN_BITS) - 1;
    for (size_t i = (size_t)(x >> 40) & mask;; i = (i + 1) & mask) {
        if (s->h[i] == x)
            return 0;
        if (s->h[i] == 0) {
            if (s->n >= mask / 2) {   /* full: the answer would be wrong */
                fprintf(stderr, "oracle_rummy: more than %zu table states\n", s->n);
                abort();
            }
            s->h[i] = x;
            s->n++;
            return 1;
        }
    }
}

/* Every table move from g (R4, R5): a natural laid off on a meld, a joker
 * laid off naming a face the meld lacks, a joker taken by the natural it
 * names.  visit(next, ctx) is called with each state reached; it returns
 * nonzero to stop.  Returns nonzero if stopped. */
static int each_table_move(const gstate *g, int flags,
                           int (*visit)(const gstate *next, void *ctx), void *ctx)
{
    for (int i = 0; i < g->n; i++) {
        const gr_rummy_meld *m = &g->t[i];
        for (int f = 0; f < 52; f++) {
            uint64_t b = (uint64_t)1 << f;
            if (m->cards & b) {
                /* take the joker naming f with a natural f */
                if ((m->jokers & b) && held(&g->hand, f) > 0) {
                    gstate g2 = *g;
                    take(&g2.hand, f);
                    g2.hand.jokers++;
                    g2.t[i].jokers &= ~b;
                    if (visit(&g2, ctx))
                        return 1;
                }
                continue;
            }
            if (!oracle_rummy_meld_ok(m->cards | b, m->jokers, flags))
                continue;
            if (held(&g->hand, f) > 0) {
                gstate g2 = *g;
                take(&g2.hand, f);
                g2.t[i].cards |= b;
                if (visit(&g2, ctx))
                    return 1;
            }
            if (g->hand.jokers > 0) {
                gstate g2 = *g;
                g2.hand.jokers--;
                g2.t[i].cards |= b;
                g2.t[i].jokers |= b;
                if (visit(&g2, ctx))
                    return 1;
            }
        }
    }
    return 0;
}

typedef struct explore_ctx {
    int       flags;
    gr_card   no_discard;
    seen_set *seen;
    int       best;
} explore_ctx;

static int explore(const gstate *g, int flags, seen_set *seen);

static int explore_visit(const gstate *next, void *ctx)
{
    explore_ctx *x = ctx;
    int v = explore(next, x->flags, x->seen);
    if (v < x->best)
        x->best = v;
    return 0;
}

static int explore(const gstate *g, int flags, seen_set *seen)
{
    if (!seen_add(seen, g))
        return 1 << 30;
    explore_ctx x = { flags, GR_NO_CARD, seen, oracle_rummy_value(&g->hand, flags) };
    each_table_move(g, flags, explore_visit, &x);
    return x.best;
}

int oracle_rummy_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                        int ntable, int flags)
{
    gstate g;
    g.hand = *hand;
    g.n = ntable;
    for (int i = 0; i < ntable && i < MAXT; i++)
        g.t[i] = table[i];
    seen_set seen;
    seen.h = calloc((size_t)1 << SEEN_BITS, sizeof *seen.h);
    seen.n = 0;
    /* the oracle's memo is per call of oracle_rummy_value; explore calls it
     * once per state */
    int v = explore(&g, flags, &seen);
    free(seen.h);
    return v;
}

/* ---- can go out: every state reachable by table moves --------------------- */

/* 2 if some state melds everything, 1 if some state melds all but one card
 * other than no_discard, else 0 */
static int explore_out(const gstate *g, int flags, gr_card no_discard, seen_set *seen);

static int explore_out_visit(const gstate *next, void *ctx)
{
    explore_ctx *x = ctx;
    int v = explore_out(next, x->flags, x->no_discard, x->seen);
    if (v > x->best)
        x->best = v;
    return x->best >= 2;   /* everything melds: no need to look further */
}

static int explore_out(const gstate *g, int flags, gr_card no_discard, seen_set *seen)
{
    if (!seen_add(seen, g))
        return 0;
    if (oracle_rummy_value(&g->hand, flags) == 0)
        return 2;
    int best = 0;
    for (int c = 0; c <= 52 && best == 0; c++) {
        if (c == no_discard)
            continue;
        gr_rummy_hand h = g->hand;
        if (c == 52) {
            if (h.jokers == 0)
                continue;
            h.jokers--;
        } else {
            if (held(&h, c) == 0)
                continue;
            take(&h, c);
        }
        if (oracle_rummy_value(&h, flags) == 0)
            best = 1;
    }
    if (best < 2) {
        explore_ctx x = { flags, no_discard, seen, best };
        each_table_move(g, flags, explore_out_visit, &x);
        best = x.best;
    }
    return best;
}

int oracle_rummy_can_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                            int ntable, int flags, gr_card no_discard)
{
    gstate g;
    g.hand = *hand;
    g.n = ntable;
    for (int i = 0; i < ntable && i < MAXT; i++)
        g.t[i] = table[i];
    seen_set seen;
    seen.h = calloc((size_t)1 << SEEN_BITS, sizeof *seen.h);
    seen.n = 0;
    int v = explore_out(&g, flags, no_discard, &seen);
    free(seen.h);
    return v == 2 ? GR_RUMMY_OUT_MELD : v == 1 ? GR_RUMMY_OUT_DISCARD : GR_RUMMY_OUT_NO;
}
