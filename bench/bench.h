/* bench.h: timing helpers for the benchmark programs. */
#ifndef GR_BENCH_H
#define GR_BENCH_H

#include <stdint.h>
#include <time.h>

static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Per-core figures: this thread's CPU time, so that other processes
 * sharing the machine do not distort them (the benchmarks run one
 * thread). */
static inline double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* splitmix64: the benchmarks' own cheap stream of seeds and choices */
static inline uint64_t bench_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform enough in [0, n) for a benchmark, without a division */
static inline int bench_below(uint64_t *s, int n)
{
    return (int)(((bench_next(s) >> 32) * (uint64_t)n) >> 32);
}

/* defeats dead-code elimination of benchmarked results */
static volatile uint64_t bench_sink;

/* The slowest items of a quick first pass, to time again more carefully
 * (a busy machine makes some quick items look slow). */
#define BENCH_TOP 64
typedef struct bench_top {
    int n;
    long item[BENCH_TOP];
    double ns[BENCH_TOP];
} bench_top;

/* keep item (with time ns) if it is among the `keep` slowest so far
 * (keep <= BENCH_TOP) */
static inline void bench_top_add(bench_top *top, int keep, long item, double ns)
{
    int at = top->n;
    if (top->n < keep) {
        top->n++;
    } else {
        at = 0;
        for (int j = 1; j < top->n; j++)
            if (top->ns[j] < top->ns[at])
                at = j;
        if (ns <= top->ns[at])
            return;
    }
    top->item[at] = item;
    top->ns[at] = ns;
}

/* bench-layoff.c: layoff section of bench-melds; prints its own lines */
void bench_layoff(double seconds);

#endif /* GR_BENCH_H */
