/*
 * bench-game.c: whole random-play hands per second through the public API,
 * single thread: deal (gr_game_new), list the legal moves at every step,
 * play a random one (knock or gin whenever legal), read the result.
 *
 *   bench/bench-game [seconds-per-preset]   (default 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ginrummy.h"
#include "testutil.h"
#include "bench.h"

/* uniform enough in [0, n) for a benchmark, without a division */
static int below(test_rng *rng, int n)
{
    return (int)(((test_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* One hand; returns the number of moves played, or -1 on an error. */
static int play_hand(const gr_rules *rules, test_rng *rng, long *points)
{
    gr_game *g;
    uint64_t seed = test_next(rng);
    int dealer = (int)(test_next(rng) & 1);
    if (gr_game_new(&g, rules, seed, dealer) != GR_OK)
        return -1;
    gr_move legal[GR_MAX_MOVES];
    int moves = 0, n;
    while ((n = gr_game_legal_moves(g, legal, GR_MAX_MOVES)) > 0 && moves < 5000) {
        gr_move m = legal[below(rng, n)];
        if (legal[n - 1].type >= GR_MOVE_KNOCK) {   /* prefer ending the hand */
            int first = n - 1;
            while (first > 0 && legal[first - 1].type >= GR_MOVE_KNOCK)
                first--;
            m = legal[first + below(rng, n - first)];
        }
        if (gr_game_play(g, m) != GR_OK) {
            gr_game_free(g);
            return -1;
        }
        moves++;
    }
    gr_hand_result res;
    if (gr_game_result(g, &res) == GR_OK)
        *points += res.points;
    gr_game_free(g);
    return moves;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0))
        seconds = 1.0;
    static const char *const names[] = { "fournier", "novelty", "standard" };
    printf("bench-game: random-play hands through the public API, one thread\n");
    for (int p = 0; p < 3; p++) {
        gr_rules *rules;
        if (gr_rules_new(&rules, p) != GR_OK)
            return 1;
        test_rng rng = { 0x5EED0000u + (uint64_t)p };
        long hands = 0, moves = 0, points = 0;
        double start = bench_now(), cpu_start = cpu_now(), elapsed;
        do {
            for (int i = 0; i < 1000; i++) {
                int m = play_hand(rules, &rng, &points);
                if (m < 0) {
                    fprintf(stderr, "bench-game: a legal move was refused\n");
                    return 1;
                }
                moves += m;
                hands++;
            }
            elapsed = bench_now() - start;
        } while (elapsed < seconds);
        double cpu = cpu_now() - cpu_start;
        bench_sink += (uint64_t)points;
        printf("  %-9s %9.0f hands/s  %6.2f us/hand  %5.1f moves/hand"
               "   (CPU time: %9.0f hands/s, %6.2f us/hand)\n", names[p],
               hands / elapsed, 1e6 * elapsed / hands, (double)moves / hands,
               hands / cpu, 1e6 * cpu / hands);
        gr_rules_free(rules);
    }
    return 0;
}
