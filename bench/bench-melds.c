/*
 * bench-melds.c: per-core throughput of the meld engine.
 *
 *   bench/bench-melds [seconds per measurement, default 1]
 *
 * gr_deadwood on random 10-card hands, gr_best_discard on random 11-card
 * hands, both on dense hands (cards drawn from 3 to 5 adjacent ranks: many
 * set/run conflicts) with the slowest single dense hand, and the brute-force
 * oracle on the same hands.  Then the layoff lines (bench-layoff.c).
 * Times are thread CPU time (bench_now() is wall time, which a busy machine
 * inflates).
 */
#include "ginrummy.h"
#include "oracle.h"
#include "testutil.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

#define NHANDS (1 << 20)

typedef int (*hand_fn)(gr_cards hand);

static int do_deadwood(gr_cards h) { return gr_deadwood(h); }
static int do_discard(gr_cards h)
{
    gr_card c;
    return gr_best_discard(h, &c) + c;
}
static int do_oracle_deadwood(gr_cards h) { return oracle_deadwood(h); }
static int do_oracle_discard(gr_cards h) { return oracle_best_discard_value(h); }

/* hands per second of fn over hands[] (cycled) for about `seconds` */
static double rate(hand_fn fn, const gr_cards *hands, long n, double seconds)
{
    uint64_t sink = 0;
    long done = 0;
    double t0 = cpu_now(), t;
    do {
        for (long i = 0; i < n; i++)
            sink += (uint64_t)fn(hands[i]);
        done += n;
        t = cpu_now() - t0;
    } while (t < seconds);
    bench_sink = sink;
    return done / t;
}

/* k cards from `span` adjacent ranks starting at a random rank */
static gr_cards dense_hand(test_rng *r, int k)
{
    int span = 3 + test_below(r, 3);
    int lo = test_below(r, 14 - span);
    gr_cards from = 0;
    for (int s = 0; s < 4; s++)
        for (int q = lo; q < lo + span; q++)
            from |= GR_CARD_BIT(13 * s + q);
    return test_hand_from(r, from, k);
}

/* ns per call of fn on one hand: the least of 5 runs of `reps` calls */
static double time_one(hand_fn fn, gr_cards hand, int reps)
{
    double best = 1e9;
    uint64_t sink = 0;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = cpu_now();
        for (int j = 0; j < reps; j++)
            sink += (uint64_t)fn(hand);
        double t = (cpu_now() - t0) / reps * 1e9;
        if (t < best)
            best = t;
    }
    bench_sink = sink;
    return best;
}

/* the slowest single hand of hands[0..n-1], in ns: a quick pass over all,
 * then the 64 slowest timed again more carefully */
static double worst(hand_fn fn, const gr_cards *hands, long n, gr_cards *which)
{
    bench_top top = { 0 };
    for (long i = 0; i < n; i++)
        bench_top_add(&top, BENCH_TOP, i, time_one(fn, hands[i], 20));
    double w = 0;
    for (int j = 0; j < top.n; j++) {
        double t = time_one(fn, hands[top.item[j]], 2000);
        if (t > w) {
            w = t;
            *which = hands[top.item[j]];
        }
    }
    return w;
}

static void line(const char *what, double r)
{
    printf("%-44s %8.2f M hands/s %9.1f ns/hand\n", what, r / 1e6, 1e9 / r);
}

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(secs > 0))
        secs = 1.0;

    gr_cards *h10 = malloc(NHANDS * sizeof *h10);
    gr_cards *h11 = malloc(NHANDS * sizeof *h11);
    gr_cards *d10 = malloc(NHANDS * sizeof *d10);
    gr_cards *d11 = malloc(NHANDS * sizeof *d11);
    if (!h10 || !h11 || !d10 || !d11)
        return 1;
    test_rng rng = { 20261122 };
    for (long i = 0; i < NHANDS; i++) {
        h10[i] = test_hand(&rng, 10);
        h11[i] = test_hand(&rng, 11);
        d10[i] = dense_hand(&rng, 10);
        d11[i] = dense_hand(&rng, 11);
    }

    printf("melds (one core, %.1f s per line)\n", secs);
    double dw = rate(do_deadwood, h10, NHANDS, secs);
    line("gr_deadwood, random 10 cards", dw);
    double bd = rate(do_discard, h11, NHANDS, secs);
    line("gr_best_discard, random 11 cards", bd);
    line("gr_deadwood, dense 10 cards", rate(do_deadwood, d10, NHANDS, secs));
    line("gr_best_discard, dense 11 cards", rate(do_discard, d11, NHANDS, secs));

    gr_cards which = 0;
    char buf[64];
    double w = worst(do_deadwood, d10, 20000, &which);
    gr_cards_format(which, buf, sizeof buf);
    printf("%-44s %8.1f ns  (%s)\n", "gr_deadwood, slowest of 20000 dense", w, buf);
    w = worst(do_discard, d11, 20000, &which);
    gr_cards_format(which, buf, sizeof buf);
    printf("%-44s %8.1f ns  (%s)\n", "gr_best_discard, slowest of 20000 dense", w, buf);

    /* the oracle is slow: time it on a slice */
    double odw = rate(do_oracle_deadwood, h10, 1 << 14, secs);
    line("oracle_deadwood, random 10 cards", odw);
    double obd = rate(do_oracle_discard, h11, 1 << 12, secs);
    line("oracle_best_discard_value, random 11 cards", obd);
    printf("%-44s %8.0fx (deadwood)  %.0fx (best discard)\n",
           "library / oracle", dw / odw, bd / obd);

    free(h10);
    free(h11);
    free(d10);
    free(d11);

    bench_layoff(secs);
    return 0;
}
