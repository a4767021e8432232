/*
 * native-ref.c: the native library's answers on fixed seeds, for the
 * JavaScript tests (js/tests/native.test.mjs compares the WebAssembly
 * build's answers line by line), and its speed for js/bench.mjs.
 *
 *   native-ref deadwood SEED N   N random 10-card hands: mask, deadwood,
 *                                best discard of the hand plus one card
 *   native-ref games SEED N      N hands between the greedy bot (player
 *                                0) and the expert (player 1, 200
 *                                playouts), STANDARD rules: the save text
 *   native-ref playouts SEED N   N random playouts: outcome and points
 *   native-ref rummy SEED N      N 4-player Rummy hands (1 joker a deck)
 *                                between greedy bots: the save text
 *   native-ref match SEED P      a P-player Hollywood match of greedy bots:
 *                                the save text
 *   native-ref bench SECONDS     ns per deadwood of a random 10-card hand,
 *                                per random hand (redeal + playout; also
 *                                through the portable path) and per random
 *                                hand move by move (legal moves, play)
 *
 * Random hands come from splitmix64 (js/tests/ref.mjs has the same).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ginrummy.h"

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* n distinct cards: each draw is splitmix % 52, redrawn when taken */
static gr_cards random_hand(uint64_t *s, int n)
{
    gr_cards h = 0;
    while (n > 0) {
        int c = (int)(splitmix(s) % 52);
        if (!(h >> c & 1)) {
            h |= (gr_cards)1 << c;
            n--;
        }
    }
    return h;
}

static void print_one_line(const char *text)
{
    for (const char *p = text; *p; p++)
        putchar(*p == '\n' ? '|' : *p);
    putchar('\n');
}

/* the process's CPU time: the machine's other work does not count (the
 * WebAssembly side measures the same, js/bench.mjs) */
static double now(void)
{
    struct timespec ts;
#if defined(CLOCK_PROCESS_CPUTIME_ID)
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int deadwood_cmd(uint64_t seed, int n)
{
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        gr_cards h = random_hand(&s, 10);
        gr_card extra;
        do
            extra = (gr_card)(splitmix(&s) % 52);
        while (h >> extra & 1);
        gr_card best;
        int left = gr_best_discard(h | (gr_cards)1 << extra, &best);
        printf("%llu %d %d %d\n", (unsigned long long)h, gr_deadwood(h), best, left);
    }
    return 0;
}

static int games_cmd(uint64_t seed, int n)
{
    gr_rules *rules;
    static char text[1 << 16];
    if (gr_rules_new(&rules, GR_PRESET_STANDARD) != GR_OK)
        return 1;
    for (int i = 0; i < n; i++) {
        gr_game *g;
        gr_bot *bot[2];
        if (gr_game_new(&g, rules, seed + i, i % 2) != GR_OK
            || gr_bot_new(&bot[0], GR_BOT_GREEDY, seed + i) != GR_OK
            || gr_bot_new(&bot[1], GR_BOT_EXPERT, seed + i) != GR_OK
            || gr_bot_set_rules(bot[1], rules) != GR_OK
            || gr_bot_set_param(bot[1], GR_BOT_PARAM_PLAYOUTS, 200) != GR_OK)
            return 1;
        while (gr_game_phase(g) != GR_PHASE_OVER) {
            int p = gr_game_turn(g);
            gr_view v;
            gr_move m;
            if (gr_game_view(g, p, &v) != GR_OK || gr_bot_choose(bot[p], &v, &m) != GR_OK
                || gr_game_play(g, m) != GR_OK)
                return 1;
        }
        gr_game_save(g, text, sizeof text);
        print_one_line(text);
        gr_game_free(g);
        gr_bot_free(bot[0]);
        gr_bot_free(bot[1]);
    }
    gr_rules_free(rules);
    return 0;
}

static int playouts_cmd(uint64_t seed, int n)
{
    gr_rules *rules;
    gr_game *g;
    if (gr_rules_new(&rules, GR_PRESET_STANDARD) != GR_OK || gr_game_new(&g, rules, seed, 0) != GR_OK)
        return 1;
    for (int i = 0; i < n; i++) {
        gr_hand_result r;
        if (gr_game_redeal(g, seed + i, i % 2) != GR_OK
            || gr_game_playout(g, GR_PLAYOUT_RANDOM, seed * 7 + i, &r) != GR_OK)
            return 1;
        printf("%d %d %d %d\n", r.outcome, r.knocker, r.winner, r.points);
    }
    gr_game_free(g);
    gr_rules_free(rules);
    return 0;
}

static int rummy_cmd(uint64_t seed, int n)
{
    gr_rummy_rules *rules;
    static char text[1 << 17];
    if (gr_rummy_rules_new(&rules, GR_RUMMY_PRESET_PARLETT) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_PLAYERS, 4) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_JOKERS, 1) != GR_OK)
        return 1;
    for (int i = 0; i < n; i++) {
        gr_rummy_game *g;
        gr_rummy_bot *bot;
        if (gr_rummy_game_new(&g, rules, seed + i, i % 4) != GR_OK
            || gr_rummy_bot_new(&bot, GR_BOT_GREEDY, seed + i) != GR_OK)
            return 1;
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            gr_rummy_view v;
            gr_rummy_action a;
            if (gr_rummy_game_view(g, gr_rummy_game_turn(g), &v) != GR_OK
                || gr_rummy_bot_choose(bot, &v, &a) != GR_OK || gr_rummy_game_play(g, &a) != GR_OK)
                return 1;
        }
        gr_rummy_game_save(g, text, sizeof text);
        print_one_line(text);
        gr_rummy_game_free(g);
        gr_rummy_bot_free(bot);
    }
    gr_rummy_rules_free(rules);
    return 0;
}

static int match_cmd(uint64_t seed, int players)
{
    gr_rules *rules;
    gr_match *match;
    gr_bot *bot;
    gr_standing st;
    static char text[1 << 16];
    if (gr_rules_new(&rules, GR_PRESET_STANDARD) != GR_OK
        || gr_rules_set(rules, GR_OPT_HOLLYWOOD, 1) != GR_OK
        || gr_match_new_players(&match, rules, seed, players) != GR_OK
        || gr_bot_new(&bot, GR_BOT_GREEDY, seed) != GR_OK)
        return 1;
    while (gr_match_standing(match, GR_MATCH_ALL, &st) == GR_OK && !st.over) {
        for (int t = 0; t < gr_match_tables(match); t++) {
            gr_game *g;
            gr_hand_result r;
            if (gr_match_deal_table(match, t, &g) != GR_OK)
                return 1;
            while (gr_game_phase(g) != GR_PHASE_OVER) {
                gr_view v;
                gr_move m;
                if (gr_game_view(g, gr_game_turn(g), &v) != GR_OK
                    || gr_bot_choose(bot, &v, &m) != GR_OK || gr_game_play(g, m) != GR_OK)
                    return 1;
            }
            if (gr_game_result(g, &r) != GR_OK || gr_match_record_table(match, t, &r) != GR_OK)
                return 1;
            gr_game_free(g);
        }
    }
    gr_match_save(match, text, sizeof text);
    print_one_line(text);
    printf("%d %d %d\n", st.winner, st.total[0], st.total[1]);
    gr_match_free(match);
    gr_bot_free(bot);
    gr_rules_free(rules);
    return 0;
}

static int bench_cmd(double seconds)
{
    enum { NH = 4096 };
    static gr_cards hands[NH];
    uint64_t s = 1;
    for (int i = 0; i < NH; i++)
        hands[i] = random_hand(&s, 10);
    long n = 0;
    volatile int sink = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < NH; i++)
            sink += gr_deadwood(hands[i]);
        n += NH;
    } while ((t = now()) - t0 < seconds);
    printf("deadwood_ns %.1f\n", (t - t0) * 1e9 / n);

    gr_rules *rules;
    gr_game *g;
    gr_hand_result r;
    if (gr_rules_new(&rules, GR_PRESET_STANDARD) != GR_OK || gr_game_new(&g, rules, 1, 0) != GR_OK)
        return 1;
    n = 0;
    t0 = now();
    do {
        for (int i = 0; i < 1000; i++, n++)
            if (gr_game_redeal(g, (uint64_t)n, (int)(n & 1)) != GR_OK
                || gr_game_playout(g, GR_PLAYOUT_RANDOM, (uint64_t)n, &r) != GR_OK)
                return 1;
    } while ((t = now()) - t0 < seconds);
    printf("playout_ns %.1f\n", (t - t0) * 1e9 / n);

    /* the same through the portable path (no POPCNT/BMI2), as wasm has it */
    n = 0;
    t0 = now();
    do {
        for (int i = 0; i < 1000; i++, n++)
            if (gr_game_redeal(g, (uint64_t)n, (int)(n & 1)) != GR_OK
                || gr_game_playout(g, GR_PLAYOUT_RANDOM | GR_PLAYOUT_PORTABLE, (uint64_t)n, &r) != GR_OK)
                return 1;
    } while ((t = now()) - t0 < seconds);
    printf("playout_portable_ns %.1f\n", (t - t0) * 1e9 / n);

    /* a hand move by move: the legal moves listed, a random one played */
    n = 0;
    s = 7;
    t0 = now();
    do {
        for (int i = 0; i < 200; i++, n++) {
            gr_move moves[GR_MAX_MOVES];
            if (gr_game_redeal(g, (uint64_t)n, (int)(n & 1)) != GR_OK)
                return 1;
            while (gr_game_phase(g) != GR_PHASE_OVER) {
                int k = gr_game_legal_moves(g, moves, GR_MAX_MOVES);
                if (k <= 0 || gr_game_play(g, moves[splitmix(&s) % (uint64_t)k]) != GR_OK)
                    return 1;
            }
        }
    } while ((t = now()) - t0 < seconds);
    printf("hand_moves_ns %.1f\n", (t - t0) * 1e9 / n);
    gr_game_free(g);
    gr_rules_free(rules);
    return sink == 42 ? 0 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: native-ref deadwood|games|playouts|rummy|match|bench ARG [N]\n");
        return 2;
    }
    uint64_t seed = strtoull(argv[2], NULL, 10);
    int n = argc > 3 ? atoi(argv[3]) : 1;
    if (!strcmp(argv[1], "deadwood"))
        return deadwood_cmd(seed, n);
    if (!strcmp(argv[1], "games"))
        return games_cmd(seed, n);
    if (!strcmp(argv[1], "playouts"))
        return playouts_cmd(seed, n);
    if (!strcmp(argv[1], "rummy"))
        return rummy_cmd(seed, n);
    if (!strcmp(argv[1], "match"))
        return match_cmd(seed, n);
    if (!strcmp(argv[1], "bench"))
        return bench_cmd(atof(argv[2]));
    fprintf(stderr, "native-ref: unknown command %s\n", argv[1]);
    return 2;
}
