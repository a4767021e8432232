/*
 * bench-layoff.c: the layoff section of bench-melds.
 *
 * Times gr_lay_off on pre-generated cases and the brute-force oracle on
 * the same cases:
 *   realistic  a knocker's 10-card hand with deadwood <= 10 (random deals
 *              kept when they could knock), a defender of 10 other cards;
 *   dense      a knocker built from 2-3 melds, a defender made of cards
 *              that fit them and cards that meld with those;
 *   worst      the slowest single dense case, each timed on its own.
 * Times are thread CPU time.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ginrummy.h"
#include "oracle.h"
#include "testutil.h"

#define NCASES 4096

#define ONE_RANK ((gr_cards)0x8004002001ull)   /* the four cards of rank 0 */

typedef struct lcase {
    gr_arrangement knocker;
    gr_cards       defender;
} lcase;

static void realistic_case(test_rng *r, lcase *c)
{
    gr_cards k;
    do
        k = test_hand(r, 10);
    while (gr_deadwood(k) > 10);
    gr_arrange(k, &c->knocker);
    c->defender = test_hand_from(r, GR_ALL_CARDS & ~k, 10);
}

static void dense_case(test_rng *r, lcase *c)
{
    gr_arrangement *k = &c->knocker;
    gr_cards used = 0;
    memset(k, 0, sizeof *k);
    int nmelds = 2 + test_below(r, 2);
    while (k->nmelds < nmelds) {
        gr_cards m;
        if (test_below(r, 3)) {                 /* runs fit more cards */
            int len = 3 + test_below(r, 2);
            int suit = test_below(r, 4);   /* one draw per statement */
            m = (((gr_cards)1 << len) - 1) << (13 * suit + test_below(r, 14 - len));
        } else {
            m = ONE_RANK << test_below(r, 13);
            m &= ~((gr_cards)1 << (13 * test_below(r, 4) + __builtin_ctzll(m)));
        }
        if (!(m & used)) {
            used |= m;
            k->melds[k->nmelds++] = m;
        }
    }
    gr_cards low = ONE_RANK * 0x3F;             /* ace to six, all suits */
    k->deadwood = test_hand_from(r, low & ~used, test_below(r, 2));
    k->deadwood_points = gr_cards_points(k->deadwood);
    used |= k->deadwood;

    /* cards that fit (run neighbours up to 3 away, set 4th cards) */
    gr_cards near = 0, meld_with = 0;
    for (int i = 0; i < k->nmelds; i++) {
        gr_cards m = k->melds[i];
        int lo = __builtin_ctzll(m), hi = 63 - __builtin_clzll(m);
        if (lo / 13 == hi / 13) {
            for (int d = 1; d <= 3; d++) {
                if (lo % 13 - d >= 0)
                    near |= (gr_cards)1 << (lo - d);
                if (hi % 13 + d <= 12)
                    near |= (gr_cards)1 << (hi + d);
            }
        } else {
            near |= (ONE_RANK << (lo % 13)) & ~m;
        }
    }
    near &= ~used;
    for (int x = 0; x < 52; x++)
        if (near >> x & 1)
            meld_with |= ONE_RANK << (x % 13);
    meld_with &= ~used & ~near;
    gr_cards d = test_hand_from(r, near, 7);
    d |= test_hand_from(r, meld_with, 10 - __builtin_popcountll(d));
    d |= test_hand_from(r, GR_ALL_CARDS & ~used & ~d, 10 - __builtin_popcountll(d));
    c->defender = d;
}

/* calls per second of gr_lay_off over the cases, for about `seconds` */
static double time_library(const lcase *cases, int n, double seconds)
{
    long calls = 0;
    uint64_t sink = 0;
    double t0 = cpu_now(), t;
    do {
        for (int i = 0; i < n; i++) {
            gr_layoff out;
            sink += (uint64_t)gr_lay_off(&cases[i].knocker, cases[i].defender, &out);
            sink += out.laid_off;
        }
        calls += n;
        t = cpu_now() - t0;
    } while (t < seconds);
    bench_sink = sink;
    return calls / t;
}

static double time_oracle(const lcase *cases, int n, double seconds)
{
    long calls = 0;
    uint64_t sink = 0;
    double t0 = cpu_now(), t;
    do {
        sink += (uint64_t)oracle_lay_off(&cases[calls % n].knocker, cases[calls % n].defender);
        calls++;
        t = cpu_now() - t0;
    } while (t < seconds && calls < 100000);
    bench_sink = sink;
    return calls / t;
}

static void report(const char *name, const lcase *cases, int n, double seconds)
{
    double lib = time_library(cases, n, seconds);
    double orc = time_oracle(cases, n, seconds / 4);
    printf("gr_lay_off %-10s %6.1f M/s %7.1f ns  (oracle: %8.1f us; ratio %.0fx)\n",
           name, lib / 1e6, 1e9 / lib, 1e6 / orc, lib / orc);
}

/* ns per gr_lay_off of one case: the least of `tries` runs of `reps` */
static double time_case(const lcase *c, int reps, int tries)
{
    double best = 1e30;
    for (int t = 0; t < tries; t++) {
        uint64_t sink = 0;
        double t0 = cpu_now();
        for (int j = 0; j < reps; j++) {
            gr_layoff out;
            sink += (uint64_t)gr_lay_off(&c->knocker, c->defender, &out);
        }
        double x = (cpu_now() - t0) * 1e9 / reps;
        bench_sink = sink;
        if (x < best)
            best = x;
    }
    return best;
}

void bench_layoff(double seconds)
{
    static lcase cases[NCASES];
    test_rng r = { 2024 };

    for (int i = 0; i < NCASES; i++)
        realistic_case(&r, &cases[i]);
    report("realistic", cases, NCASES, seconds);

    for (int i = 0; i < NCASES; i++)
        dense_case(&r, &cases[i]);
    report("dense", cases, NCASES, seconds);

    /* The slowest dense case: each case repeated on its own, best of 5
     * tries; the 32 slowest again with 10 times the calls, best of 10 (a
     * busy machine makes some quick cases look slow). */
    bench_top top = { 0 };
    for (int i = 0; i < 1024; i++)
        bench_top_add(&top, 32, i, time_case(&cases[i], 200, 5));
    double worst = 0;
    int worst_i = 0;
    for (int j = 0; j < top.n; j++) {
        double ns = time_case(&cases[top.item[j]], 2000, 10);
        if (ns > worst) {
            worst = ns;
            worst_i = (int)top.item[j];
        }
    }
    char kt[160], dt[160];
    gr_cards kall = cases[worst_i].knocker.deadwood;
    for (int m = 0; m < cases[worst_i].knocker.nmelds; m++)
        kall |= cases[worst_i].knocker.melds[m];
    gr_cards_format(kall, kt, sizeof kt);
    gr_cards_format(cases[worst_i].defender, dt, sizeof dt);
    printf("gr_lay_off worst      %7.1f ns  (of 1024 dense cases; knocker %s, defender %s)\n",
           worst, kt, dt);
}
