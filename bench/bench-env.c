/*
 * bench-env: environment steps per second in C, the reference for
 * python/bench.py (make bench runs both): one gr_env stepped as an RL loop
 * does it (step, then the observation and mask of the player to act), and a
 * gr_batch of 1024 stepped by gr_batch_step, random legal actions drawn in
 * C.  Hands are dealt with the OPENSPIEL preset.
 *
 *   bench-env [SECONDS]
 */
#define _POSIX_C_SOURCE 200809L
#include <ginrummy.h>

#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

/* cpu_now (bench.h): rates per core on a busy machine */
#define mix bench_next

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    gr_rules *rules;
    if (gr_rules_new(&rules, GR_PRESET_OPENSPIEL) != GR_OK)
        return 1;

    /* one environment */
    gr_env *env;
    static float obs[GR_ENV_OBS_SIZE];
    static uint8_t mask[GR_ENV_NUM_ACTIONS];
    uint64_t rng = 1, seed = 1;
    long steps = 0, hands = 0;
    if (gr_env_new(&env, rules) != GR_OK || gr_env_reset(env, seed++) != GR_OK)
        return 1;
    int n = gr_env_legal(env, mask);
    double start = bench_now(), cpu = cpu_now(), elapsed;
    do {
        for (int i = 0; i < 1000; i++) {
            int k = (int)(mix(&rng) % (uint64_t)n), a = 0;
            for (;; a++)
                if (mask[a] && k-- == 0)
                    break;
            gr_env_step(env, a);
            steps++;
            if (gr_env_player(env) < 0) {
                gr_env_reset(env, seed++);
                hands++;
            }
            gr_env_observe(env, gr_env_player(env), obs);
            n = gr_env_legal(env, mask);
        }
        elapsed = bench_now() - start;
    } while (elapsed < seconds);
    bench_sink += (uint64_t)obs[0];
    cpu = cpu_now() - cpu;
    printf("bench-env: 1 environment (step, observe, mask):  %12.0f steps/CPU s  (%.0f hands/s)\n",
           steps / cpu, hands / cpu);
    gr_env_free(env);

    /* a batch of 1024 */
    enum { N = 1024 };
    gr_batch *b;
    static float bobs[N * GR_ENV_OBS_SIZE], rew[2 * N];
    static uint8_t bmask[N * GR_ENV_NUM_ACTIONS], done[N];
    static int32_t player[N], act[N];
    if (gr_batch_new(&b, rules, N) != GR_OK
        || gr_batch_reset(b, 1, bobs, bmask, player) != GR_OK)
        return 1;
    steps = 0;
    start = bench_now();
    cpu = cpu_now();
    do {
        for (int i = 0; i < 20; i++) {
            gr_batch_random_actions(b, &rng, act);
            gr_batch_step(b, act, bobs, bmask, player, rew, done);
            steps += N;
        }
        elapsed = bench_now() - start;
    } while (elapsed < seconds);
    printf("bench-env: gr_batch of %d (random actions in C):  %12.0f steps/CPU s\n", N,
           steps / (cpu_now() - cpu));
    gr_batch_free(b);
    gr_rules_free(rules);
    return 0;
}
