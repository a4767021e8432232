/*
 * bench-rummy-game.c: whole random-play basic Rummy hands per second through the
 * public API, single thread: deal (gr_rummy_game_new), list the legal moves
 * at every step (gr_rummy_game_legal_moves), play a random one (a move that
 * empties the hand whenever there is one), read the result.  2, 4 and 7
 * players, one joker per deck, at most 3 turnovers of the pile (random
 * players can reach a table where nobody can ever go out: with unlimited
 * turnovers such a hand runs to GR_RUMMY_MAX_HAND_MOVES), PARLETT rules
 * otherwise.
 *
 *   bench/bench-rummy-game [seconds-per-table]   (default 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ginrummy.h"
#include "bench.h"

#define next bench_next
#define below bench_below

/* one hand; the number of moves played, or -1 on an error */
static long hand(const gr_rummy_rules *r, uint64_t *rng, gr_rummy_action **buf,
                 int *cap)
{
    gr_rummy_game *g;
    if (gr_rummy_game_new(&g, r, next(rng), below(rng, 7) % 2) != GR_OK)
        return -1;
    long moves = 0;
    while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
        int n = gr_rummy_game_legal_moves(g, *buf, (size_t)*cap);
        if (n > *cap) {
            free(*buf);
            *cap = 2 * n;
            *buf = malloc(sizeof **buf * (size_t)*cap);
            if (!*buf)
                return -1;
            n = gr_rummy_game_legal_moves(g, *buf, (size_t)*cap);
        }
        if (n <= 0)
            return -1;
        int count;
        gr_rummy_hand h;
        gr_rummy_game_hand(g, gr_rummy_game_turn(g), &h);
        count = gr_rummy_hand_count(&h);
        int pick = below(rng, n);
        for (int i = 0; i < n; i++) {   /* go out when a move empties the hand */
            const gr_rummy_action *a = &(*buf)[i];
            int used = a->type == GR_RUMMY_ACT_MELD ? __builtin_popcountll(a->meld.cards)
                     : a->type == GR_RUMMY_ACT_LAY_OFF || a->type == GR_RUMMY_ACT_DISCARD;
            if (used == count) {
                pick = i;
                break;
            }
        }
        if (gr_rummy_game_play(g, &(*buf)[pick]) != GR_OK)
            return -1;
        moves++;
    }
    gr_rummy_result res;
    if (gr_rummy_game_result(g, &res) != GR_OK)
        return -1;
    bench_sink += (uint64_t)res.winner;
    gr_rummy_game_free(g);
    return moves;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0))
        seconds = 1.0;
    static const int tables[] = { 2, 4, 7 };
    uint64_t rng = 2026;
    int cap = 256;
    gr_rummy_action *buf = malloc(sizeof *buf * (size_t)cap);
    printf("Rummy random-play hands (one joker per deck, 3 turnovers at most, CPU time):\n");
    for (int t = 0; t < 3; t++) {
        gr_rummy_rules *r;
        if (gr_rummy_rules_new(&r, GR_RUMMY_PRESET_PARLETT) != GR_OK
            || gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, tables[t]) != GR_OK
            || gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, 1) != GR_OK
            || gr_rummy_rules_set(r, GR_RUMMY_OPT_TURNOVER_LIMIT, 3) != GR_OK)
            return 1;
        long hands = 0, moves = 0;
        double start = cpu_now(), now;
        do {
            for (int k = 0; k < 16; k++) {
                long m = hand(r, &rng, &buf, &cap);
                if (m < 0) {
                    fprintf(stderr, "bench-rummy-game: engine error\n");
                    return 1;
                }
                moves += m;
                hands++;
            }
            now = cpu_now();
        } while (now - start < seconds);
        double el = now - start;
        printf("  %d players: %9.0f hands/s  %7.1f us/hand  %6.1f moves/hand  %6.0f ns/move\n",
               tables[t], (double)hands / el, el * 1e6 / (double)hands,
               (double)moves / (double)hands, el * 1e9 / (double)moves);
        gr_rummy_rules_free(r);
    }
    free(buf);
    return 0;
}
