/*
 * bench-strength.c: mirrored matches between two players.
 *
 *   bench/bench-strength [-p preset] [-n pairs] [-a player] [-b player]
 *                        [-P playouts] [-F features] [-s seed] [-q]
 *
 * Players: expert, greedy, random (the library's bots) and neller (an
 * independent implementation of Neller's SimpleGinRummyPlayer, neller.h).
 * Every pair plays two matches from the same seed (the same cut and the
 * same deal seeds, hand by hand) with the seats swapped.  Reports player
 * a's match wins with a 95% Wilson interval, the net points per hand, the
 * outcome mix, the expert's CPU time per decision, and on a second line
 * the points of a hand won by gin, knock and undercut for each player.
 * -F sets the expert's GR_BOT_PARAM_FEATURES (for the ablation table), -P its
 * playouts per decision.  Default: -p standard -n 1000 -a expert -b neller.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ginrummy.h"
#include "neller.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

enum { P_BOT, P_NELLER };

typedef struct player {
    int      kind;      /* P_BOT or P_NELLER */
    int      bot_kind;
    gr_bot  *bot;
    neller   nel;
} player;

static int playouts = 0, features = -1;
static double expert_cpu = 0;
static long expert_calls = 0;

static int player_make(player *p, const char *name, uint64_t seed, const gr_rules *rules)
{
    memset(p, 0, sizeof *p);
    if (strcmp(name, "neller") == 0) {
        p->kind = P_NELLER;
        p->nel.rng = seed;
        return 0;
    }
    int kind = gr_bot_lookup(name);
    if (kind < 0)
        return -1;
    p->kind = P_BOT;
    p->bot_kind = kind;
    if (gr_bot_new(&p->bot, kind, seed) != GR_OK || gr_bot_set_rules(p->bot, rules) != GR_OK)
        return -1;
    if (playouts > 0 && gr_bot_set_param(p->bot, GR_BOT_PARAM_PLAYOUTS, playouts) != GR_OK)
        return -1;
    if (features >= 0 && gr_bot_set_param(p->bot, GR_BOT_PARAM_FEATURES, features) != GR_OK)
        return -1;
    return 0;
}

typedef struct stats {
    long matches, won;          /* player a's */
    long hands, voids;
    long points_a, points_b;    /* hand points */
    long gin[2], knock[2], undercut[2];   /* [0]: scored by a */
    long pts[3][2];             /* points by outcome: gin, knock, undercut */
} stats;

/* One hand; seat[0] plays player 0.  a_seat: which seat player a holds. */
static int play_hand(gr_game *g, player *seat[2], const gr_score *sc, stats *st, int a_seat)
{
    for (int s = 0; s < 2; s++) {
        if (seat[s]->kind == P_NELLER)
            neller_new_hand(&seat[s]->nel);
        else
            gr_bot_set_score(seat[s]->bot, sc->hand_points[s], sc->hand_points[1 - s]);
    }
    int guard = 0;
    while (gr_game_phase(g) != GR_PHASE_OVER) {
        if (++guard > 20000)
            return -1;
        int t = gr_game_turn(g);
        gr_view v;
        if (gr_game_view(g, t, &v) != GR_OK)
            return -1;
        gr_move m;
        player *p = seat[t];
        if (p->kind == P_NELLER) {
            m = neller_choose(&p->nel, &v);
        } else {
            double t0 = p->bot_kind == GR_BOT_EXPERT ? cpu_now() : 0;
            if (gr_bot_choose(p->bot, &v, &m) != GR_OK)
                return -1;
            if (p->bot_kind == GR_BOT_EXPERT) {
                expert_cpu += cpu_now() - t0;
                expert_calls++;
            }
        }
        int rc;
        if (p->kind == P_BOT && p->bot_kind == GR_BOT_EXPERT
            && (m.type == GR_MOVE_KNOCK || m.type == GR_MOVE_GIN)) {
            gr_arrangement arr;
            if (gr_bot_arrange(p->bot, &v, m.card, &arr) != GR_OK)
                return -1;
            rc = gr_game_knock(g, m.card, &arr);
        } else {
            rc = gr_game_play(g, m);
        }
        if (rc != GR_OK)
            return -1;
    }
    gr_hand_result r;
    if (gr_game_result(g, &r) != GR_OK)
        return -1;
    st->hands++;
    if (r.outcome == GR_OUTCOME_VOID) {
        st->voids++;
        return 0;
    }
    int w = r.winner == a_seat ? 0 : 1;
    if (w == 0)
        st->points_a += r.points;
    else
        st->points_b += r.points;
    if (r.outcome == GR_OUTCOME_GIN || r.outcome == GR_OUTCOME_BIG_GIN)
        st->gin[w]++, st->pts[0][w] += r.points;
    else if (r.outcome == GR_OUTCOME_KNOCK)
        st->knock[w]++, st->pts[1][w] += r.points;
    else
        st->undercut[w]++, st->pts[2][w] += r.points;
    return 0;
}

/* One match; a_seat: player a's seat.  Returns 1 if a won, 0 if not, -1. */
static int play_match(const gr_rules *rules, uint64_t seed, player *a, player *b,
                      int a_seat, stats *st)
{
    gr_match *match;
    if (gr_match_new(&match, rules, seed) != GR_OK)
        return -1;
    player *seat[2];
    seat[a_seat] = a;
    seat[1 - a_seat] = b;
    gr_score sc;
    for (int hands = 0;; hands++) {
        if (gr_match_score(match, &sc) != GR_OK || hands > 5000)
            return -1;
        if (sc.over)
            break;
        gr_game *g;
        if (gr_match_deal(match, &g) != GR_OK)
            return -1;
        if (play_hand(g, seat, &sc, st, a_seat) != 0) {
            fprintf(stderr, "bench-strength: a hand failed (seed %llu)\n",
                    (unsigned long long)seed);
            return -1;
        }
        gr_hand_result r;
        gr_game_result(g, &r);
        if (gr_match_record(match, &r) != GR_OK)
            return -1;
        gr_game_free(g);
    }
    gr_match_free(match);
    st->matches++;
    if (sc.winner == a_seat) {
        st->won++;
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *preset = "standard", *an = "expert", *bn = "neller";
    long pairs = 1000;
    uint64_t seed = 17;
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(o, "-q") == 0) { quiet = 1; continue; }
        if (!val) { fprintf(stderr, "bench-strength: %s needs a value\n", o); return 2; }
        if (strcmp(o, "-p") == 0) preset = val;
        else if (strcmp(o, "-n") == 0) pairs = atol(val);
        else if (strcmp(o, "-a") == 0) an = val;
        else if (strcmp(o, "-b") == 0) bn = val;
        else if (strcmp(o, "-P") == 0) playouts = atoi(val);
        else if (strcmp(o, "-F") == 0) features = atoi(val);
        else if (strcmp(o, "-s") == 0) seed = strtoull(val, NULL, 0);
        else { fprintf(stderr, "bench-strength: unknown option %s\n", o); return 2; }
        i++;
    }
    int pr = gr_preset_lookup(preset);
    gr_rules *rules;
    if (pr < 0 || gr_rules_new(&rules, pr) != GR_OK) {
        fprintf(stderr, "bench-strength: unknown preset %s\n", preset);
        return 2;
    }
    player a, b;
    if (player_make(&a, an, seed * 3 + 1, rules) || player_make(&b, bn, seed * 3 + 2, rules)) {
        fprintf(stderr, "bench-strength: unknown player (expert, greedy, random, neller)\n");
        return 2;
    }
    stats st;
    memset(&st, 0, sizeof st);
    double t0 = cpu_now();
    uint64_t s = seed;
    for (long i = 0; i < pairs; i++) {
        uint64_t ms = neller_next(&s);
        if (play_match(rules, ms, &a, &b, 0, &st) < 0
            || play_match(rules, ms, &a, &b, 1, &st) < 0)
            return 1;
        if (!quiet && (i + 1) % 100 == 0)
            fprintf(stderr, "  %ld pairs: %s won %ld of %ld\n", i + 1, an, st.won, st.matches);
    }
    double n = (double)st.matches, p = st.won / n, z = 1.96;
    double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    long decided = st.hands - st.voids;
    printf("%-9s %-7s vs %-7s matches %5ld  won %5.1f%% [%4.1f, %4.1f]  net %+6.2f pts/hand"
           "  hands %ld: %s gin %.1f%% knock %.1f%% undercut %.1f%% | %s gin %.1f%%"
           " knock %.1f%% undercut %.1f%% | void %.1f%%",
           preset, an, bn, st.matches, 100 * p, 100 * (centre - half), 100 * (centre + half),
           (double)(st.points_a - st.points_b) / (double)st.hands, st.hands,
           an, 100.0 * st.gin[0] / st.hands, 100.0 * st.knock[0] / st.hands,
           100.0 * st.undercut[0] / st.hands,
           bn, 100.0 * st.gin[1] / st.hands, 100.0 * st.knock[1] / st.hands,
           100.0 * st.undercut[1] / st.hands, 100.0 * st.voids / st.hands);
    (void)decided;
    if (expert_calls)
        printf("  expert %.3f ms/decision (CPU, %ld decisions)", 1e3 * expert_cpu / expert_calls,
               expert_calls);
    printf("  [%.0f s]\n", cpu_now() - t0);
    /* the points of a hand won, by how it was won (0 when none was) */
    double won[3][2];
    long count[3][2] = { { st.gin[0], st.gin[1] }, { st.knock[0], st.knock[1] },
                         { st.undercut[0], st.undercut[1] } };
    for (int k = 0; k < 3; k++)
        for (int w = 0; w < 2; w++)
            won[k][w] = count[k][w] ? (double)st.pts[k][w] / (double)count[k][w] : 0;
    printf("  points a hand won: %s gin %.1f knock %.1f undercut %.1f"
           " | %s gin %.1f knock %.1f undercut %.1f\n", an, won[0][0], won[1][0], won[2][0],
           bn, won[0][1], won[1][1], won[2][1]);
    gr_bot_free(a.bot);
    gr_bot_free(b.bot);
    gr_rules_free(rules);
    return 0;
}
