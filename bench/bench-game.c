/*
 * bench-game.c: whole random-play hands per second, single thread, side by
 * side in one run:
 *   new+list   the per-move loop of before, as it was written before the
 *              playout functions existed: deal (gr_game_new), list the
 *              legal moves at every step, play a random one (knock or gin
 *              whenever legal), read the result, free;
 *   redeal+list  the same through gr_game_redeal (no allocation);
 *   redeal+masks the per-move API of a search: gr_game_redeal, then
 *              gr_game_legal_masks and gr_game_play at every step, the same
 *              policy; the choice written as a user of the masks would:
 *              POPCNT/PDEP where the CPU has them (picked at run time, the
 *              portable build kept), the move built in a register, the
 *              random state in a local;
 *   redeal+step  the same through gr_game_step: one call per move, each
 *              writing the masks of the next decision; the choice written
 *              the fast way (see play_step_with: the rare moves tested
 *              first, each random number drawn ahead of the call, the cap
 *              on a hand's length left to the library);
 *   playout    gr_game_redeal + gr_game_playout(GR_PLAYOUT_RANDOM);
 *   greedy     gr_game_redeal + gr_game_playout(GR_PLAYOUT_GREEDY).
 * The targets: the per-move API (redeal+step) at least twice
 * as fast as the loop of before (new+list here, and the same loop built
 * against the library of then, 5cfcdad), playout at least 1,000,000 hands
 * a second.  On the 2-core test machine (STANDARD, shared library, medians
 * of 5 runs, each beside a run of the loop of before): new+list 1.53 us,
 * redeal+masks 1.26 us, redeal+step 0.98 us (1.59x new+list), playout
 * 0.80 us (1.25 M hands/s); the loop of before against the library of
 * then 2.00 us: redeal+step is 2.05x faster (2.1x built statically as that
 * loop is; 1.94x against that loop with its random numbers also drawn
 * ahead).  In instructions (callgrind, 20,000 hands) the library's share
 * of a hand fell from 29.9k to 13.7k (2.2x); the loop's own choice and
 * random numbers are about 4k a hand either way.  On a slower machine of
 * the same kind (medians of 5 runs, each beside the loop of before built
 * statically against 5cfcdad): the loop of before 2.83 us, new+list
 * 2.57 us, redeal+step 1.52 us (1.86x the loop of before), playout
 * 1.00 us (1.0 M hands/s; 1.2 us before the random draws became coins
 * taken with no branch, gin/turn.h gr__draw_either).  Then gr_game_step
 * took either draw with no branch on which (game.c legal_draw) and the
 * loop below drew its coin with none either: 43 mispredicted branches a
 * hand fell to 15 (cachegrind's model), at about 2k more instructions.
 * On that machine (medians of 5 runs of this program built as `make
 * bench` builds it, each beside the loop of before): the loop of before
 * 3.11 us, new+list 2.41 us, redeal+step 1.36 us (2.29x the loop of
 * before; 2.02x fastest run against fastest run), playout 1.01 us; built
 * statically, 7 runs: 3.07, 2.53 and 1.41 us (2.17x).
 *
 *   bench/bench-game [seconds-per-item]   (default 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ginrummy.h"
#include "bench.h"

#define next bench_next
#define below bench_below

/* One hand; returns the number of moves played, or -1 on an error. */
static int play_hand(const gr_rules *rules, uint64_t *rng, long *points)
{
    gr_game *g;
    if (gr_game_new(&g, rules, next(rng), (int)(next(rng) & 1)) != GR_OK)
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

/* Choosing among the masks needs a bit count and "the k-th card of a set".
 * The bench is built for any x86-64, so the body is written once and built
 * twice, as a user would: with the POPCNT and BMI2 (PDEP) instructions,
 * picked at run time where the CPU has them, and portable. */
static inline int count_soft(gr_cards c)
{
    c -= (c >> 1) & 0x5555555555555555ull;
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((c * 0x0101010101010101ull) >> 56);
}

static inline gr_card nth_soft(gr_cards c, int k)
{
    while (k-- > 0)
        c &= c - 1;
    return (gr_card)__builtin_ctzll(c);
}

/* A move built in one register where the byte order allows: a gr_move
 * built field by field in memory and then passed by value (one 8-byte
 * load of three smaller stores) stalls store forwarding, every move. */
static inline gr_move make_move(int type, gr_card card)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v = (uint32_t)type | (uint64_t)card << 32;
    gr_move m;
    memcpy(&m, &v, sizeof m);
    return m;
#else
    return (gr_move){ .type = type, .card = card };
#endif
}

/* One hand in a game already dealt, through the masks: a random legal
 * move, a knock, gin or big gin whenever one is legal (as new+list). */
static inline __attribute__((always_inline))
int play_masks_with(gr_game *g, uint64_t *state, long *points,
                    int (*count)(gr_cards), gr_card (*nth)(gr_cards, int))
{
    /* the random state in a local: through the pointer it would make a
     * round trip through memory at every move (the calls could change it) */
    uint64_t local = *state, *rng = &local;
    gr_legal_masks m;
    int moves = 0;
    while (gr_game_legal_masks(g, &m) == GR_OK && m.types && moves < 5000) {
        gr_move mv;
        if (m.types & (1u << GR_MOVE_DISCARD | 1u << GR_MOVE_KNOCK | 1u << GR_MOVE_BIG_GIN)) {
            int nk = count(m.knock), ng = count(m.gin);
            int nb = (m.types >> GR_MOVE_BIG_GIN) & 1;
            if (nk + ng + nb) {
                int k = below(rng, nk + ng + nb);
                mv = k < nk ? make_move(GR_MOVE_KNOCK, nth(m.knock, k))
                   : k < nk + ng ? make_move(GR_MOVE_GIN, nth(m.gin, k - nk))
                   : make_move(GR_MOVE_BIG_GIN, GR_NO_CARD);
            } else {
                mv = make_move(GR_MOVE_DISCARD, nth(m.discard, below(rng, count(m.discard))));
            }
        } else if (m.types & (1u << GR_MOVE_PASS)) {
            mv = below(rng, 2) ? make_move(GR_MOVE_PASS, GR_NO_CARD)
                               : make_move(GR_MOVE_TAKE_UPCARD, m.top);
        } else {
            mv = (m.types & (1u << GR_MOVE_DRAW_DISCARD)) && below(rng, 2)
                ? make_move(GR_MOVE_DRAW_DISCARD, m.top)
                : make_move(GR_MOVE_DRAW_STOCK, GR_NO_CARD);
        }
        if (gr_game_play(g, mv) != GR_OK)
            return -1;
        moves++;
    }
    *state = local;
    gr_hand_result res;
    if (gr_game_result(g, &res) == GR_OK)
        *points += res.points;
    return moves;
}

/* The same through gr_game_step: one library call per move, the masks of
 * the next decision written by the move.  The fast way to write it: the
 * choice tests first for a move that ends the hand (rare), then for the
 * discard phase, the draw phase and last the upcard offer (or G38's
 * wall), so the common moves take the fewest tests and no count of the
 * knock and gin masks; the random number of each decision is drawn before
 * the call that plays the one before (its dozen cycles of multiplies then
 * overlap the library's work instead of delaying the next move); and the
 * cap on a hand's length is left to the library. */
static inline __attribute__((always_inline))
int play_step_with(gr_game *g, uint64_t *state, long *points,
                   int (*count)(gr_cards), gr_card (*nth)(gr_cards, int))
{
    uint64_t local = *state;
    gr_legal_masks m;
    if (gr_game_legal_masks(g, &m) != GR_OK)
        return -1;
    uint64_t r = next(&local);   /* the random number of this decision */
#define PICK(n) ((int)(((r >> 32) * (uint64_t)(n)) >> 32))   /* as below() */
    while (m.types) {   /* the library ends every hand (GR_MAX_HAND_MOVES) */
        unsigned t = m.types;
        gr_move mv;
        if (t & (1u << GR_MOVE_KNOCK | 1u << GR_MOVE_BIG_GIN)) {   /* gin implies knock */
            int nk = count(m.knock), ng = count(m.gin), nb = (t >> GR_MOVE_BIG_GIN) & 1;
            int k = PICK(nk + ng + nb);
            mv = k < nk ? make_move(GR_MOVE_KNOCK, nth(m.knock, k))
               : k < nk + ng ? make_move(GR_MOVE_GIN, nth(m.gin, k - nk))
               : make_move(GR_MOVE_BIG_GIN, GR_NO_CARD);
        } else if (t & (1u << GR_MOVE_DISCARD)) {
            mv = make_move(GR_MOVE_DISCARD, nth(m.discard, PICK(count(m.discard))));
        } else if (t & (1u << GR_MOVE_DRAW_STOCK)) {
            /* a coin with no branch: the draw is the one move whose kind
             * is random, and a branch on it would be mispredicted half
             * the time (the stock's card, GR_NO_CARD, is all ones) */
            unsigned pile = (t >> GR_MOVE_DRAW_DISCARD) & (unsigned)PICK(2);
            mv = make_move(GR_MOVE_DRAW_STOCK + (int)pile,
                           (gr_card)(m.top | (GR_NO_CARD & (pile - 1u))));
        } else {   /* the upcard (take or pass), or the wall (draw or pass) */
            int take = t & (1u << GR_MOVE_TAKE_UPCARD) ? GR_MOVE_TAKE_UPCARD
                     : t & (1u << GR_MOVE_DRAW_DISCARD) ? GR_MOVE_DRAW_DISCARD : 0;
            mv = take && PICK(2) ? make_move(take, m.top)
                                 : make_move(GR_MOVE_PASS, GR_NO_CARD);
        }
        r = next(&local);   /* the next decision's, ahead of the call */
        if (gr_game_step(g, mv, &m) != GR_OK)
            return -1;
    }
#undef PICK
    *state = local;
    gr_hand_result res;
    if (gr_game_result(g, &res) == GR_OK)
        *points += res.points;
    return gr_game_history(g, NULL, 0);
}

static int play_step_soft(gr_game *g, uint64_t *rng, long *points)
{
    return play_step_with(g, rng, points, count_soft, nth_soft);
}

static int play_masks_soft(gr_game *g, uint64_t *rng, long *points)
{
    return play_masks_with(g, rng, points, count_soft, nth_soft);
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt,bmi2")))
static inline int count_hw(gr_cards c)
{
    return __builtin_popcountll(c);
}

/* PDEP deposits bit k at the k-th set bit of c: no loop to mispredict */
__attribute__((target("popcnt,bmi2")))
static inline gr_card nth_hw(gr_cards c, int k)
{
    return (gr_card)__builtin_ctzll(__builtin_ia32_pdep_di(1ull << k, c));
}

__attribute__((target("popcnt,bmi2")))
static int play_masks_hw(gr_game *g, uint64_t *rng, long *points)
{
    return play_masks_with(g, rng, points, count_hw, nth_hw);
}

__attribute__((target("popcnt,bmi2")))
static int play_step_hw(gr_game *g, uint64_t *rng, long *points)
{
    return play_step_with(g, rng, points, count_hw, nth_hw);
}

static int have_hw(void)
{
    static int hw = -1;
    if (hw < 0) {
        __builtin_cpu_init();
        hw = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
    }
    return hw;
}

static int play_masks(gr_game *g, uint64_t *rng, long *points)
{
    return have_hw() ? play_masks_hw(g, rng, points) : play_masks_soft(g, rng, points);
}

static int play_step(gr_game *g, uint64_t *rng, long *points)
{
    return have_hw() ? play_step_hw(g, rng, points) : play_step_soft(g, rng, points);
}
#else
#define play_masks play_masks_soft
#define play_step play_step_soft
#endif

/* One hand in a game already dealt, through the list. */
static int play_list(gr_game *g, uint64_t *rng, long *points)
{
    gr_move legal[GR_MAX_MOVES];
    int moves = 0, n;
    while ((n = gr_game_legal_moves(g, legal, GR_MAX_MOVES)) > 0 && moves < 5000) {
        gr_move m = legal[below(rng, n)];
        if (legal[n - 1].type >= GR_MOVE_KNOCK) {
            int first = n - 1;
            while (first > 0 && legal[first - 1].type >= GR_MOVE_KNOCK)
                first--;
            m = legal[first + below(rng, n - first)];
        }
        if (gr_game_play(g, m) != GR_OK)
            return -1;
        moves++;
    }
    gr_hand_result res;
    if (gr_game_result(g, &res) == GR_OK)
        *points += res.points;
    return moves;
}

enum { NEW_LIST, REDEAL_LIST, REDEAL_MASKS, REDEAL_STEP, PLAYOUT, GREEDY, NITEMS };
static const char *const item_names[NITEMS] = {
    "new+list", "redeal+list", "redeal+masks", "redeal+step", "playout", "greedy"
};

/* One hand of item `it`; the number of moves, or -1. */
static int one_hand(int it, const gr_rules *rules, gr_game *g, uint64_t *rng,
                    long *points)
{
    if (it == NEW_LIST)
        return play_hand(rules, rng, points);
    uint64_t seed = next(rng);
    if (gr_game_redeal(g, seed, (int)(next(rng) & 1)) != GR_OK)
        return -1;
    if (it == REDEAL_LIST)
        return play_list(g, rng, points);
    if (it == REDEAL_MASKS)
        return play_masks(g, rng, points);
    if (it == REDEAL_STEP)
        return play_step(g, rng, points);
    gr_hand_result res;
    int rc = gr_game_playout(g, it == PLAYOUT ? GR_PLAYOUT_RANDOM : GR_PLAYOUT_GREEDY,
                             next(rng), &res);
    if (rc != GR_OK && rc != GR_ESTATE)   /* ESTATE: an endless turnover loop */
        return -1;
    if (rc == GR_OK)
        *points += res.points;
    return gr_game_history(g, NULL, 0);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0))
        seconds = 1.0;
    static const char *const names[] = { "fournier", "novelty", "standard" };
    printf("bench-game: whole hands, one thread (CPU time of this process)\n");
    for (int p = 0; p < 3; p++) {
        gr_rules *rules;
        gr_game *g;
        if (gr_rules_new(&rules, p) != GR_OK || gr_game_new(&g, rules, 1, 0) != GR_OK)
            return 1;
        double base = 0;
        for (int it = 0; it < NITEMS; it++) {
            uint64_t rng = 0x5EED0000u + (uint64_t)p;
            long hands = 0, moves = 0, points = 0;
            double start = bench_now(), cpu_start = cpu_now(), elapsed;
            do {
                for (int i = 0; i < 1000; i++) {
                    int m = one_hand(it, rules, g, &rng, &points);
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
            double us = 1e6 * cpu / hands;
            if (it == NEW_LIST)
                base = us;
            printf("  %-9s %-13s %9.0f hands/s %6.2f us/hand %6.1f moves/hand"
                   "  x%.2f vs new+list\n", names[p], item_names[it],
                   hands / cpu, us, (double)moves / hands, base / us);
        }
        gr_game_free(g);
        gr_rules_free(rules);
    }
    return 0;
}
