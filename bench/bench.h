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

/* defeats dead-code elimination of benchmarked results */
static volatile uint64_t bench_sink;

/* bench-layoff.c: layoff section of bench-melds; prints its own lines */
void bench_layoff(double seconds);

#endif /* GR_BENCH_H */
