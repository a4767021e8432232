/*
 * bench-rummy-game.c: whole basic Rummy hands per second through the
 * public API, single thread, four ways side by side in one run:
 *   list:    the per-move loop: deal (gr_rummy_game_new), list the legal
 *            moves at every step (gr_rummy_game_legal_moves), play a
 *            random one (a move that empties the hand whenever there is
 *            one), read the result, free;
 *   step:    the same kind of random play from the legal masks: redeal in
 *            place (gr_rummy_game_redeal), one gr_rummy_game_step a move
 *            (the move chosen from the masks as GR_RUMMY_PLAYOUT_RANDOM
 *            chooses: a coin for the draw, a move emptying the hand, else
 *            uniform among discards, layoffs, exchanges and a meld through
 *            a face of the meld mask);
 *   random:  redeal + gr_rummy_game_playout(GR_RUMMY_PLAYOUT_RANDOM);
 *   basic:   redeal + gr_rummy_game_playout(GR_RUMMY_PLAYOUT_BASIC).
 * Random play is not one distribution (list's uniform move among every
 * joker naming, the masks' among faces), so besides us a hand the ns a
 * move and the moves a hand are printed.  2, 4 and 7 players, one joker
 * per deck, at most 3 turnovers of the pile (random players can reach a
 * table where nobody can ever go out: with unlimited turnovers such a
 * hand runs to GR_RUMMY_MAX_HAND_MOVES), PARLETT rules otherwise.  The
 * ways take turns in rounds of 16 hands, so a busy machine slows all
 * alike.
 *
 *   bench/bench-rummy-game [seconds-per-table]   (default 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* ---- step: random play chosen from the masks -------------------------- */

static gr_card nth(gr_cards c, int k)
{
    while (k-- > 0)
        c &= c - 1;
    return (gr_card)__builtin_ctzll(c);
}

static void action(gr_rummy_action *a, int type, gr_card card, gr_card named,
                   int target)
{
    memset(a, 0, sizeof *a);
    a->type = type;
    a->card = card;
    a->named = named;
    a->target = target;
}

/* a meld through face f from the hand: its rank's held suits, else the
 * natural run through it, else its rank with jokers; 0 if none */
static int meld_through(const gr_rummy_hand *h, gr_card f, gr_rummy_meld *m)
{
    gr_cards rank = 0;
    for (int s = 0; s < 4; s++)
        rank |= GR_CARD_BIT(GR_CARD(GR_CARD_RANK(f), s));
    gr_cards held = h->once & rank;
    int n = __builtin_popcountll(held);
    if (n >= 3) {
        m->cards = held;
        m->jokers = 0;
        return 1;
    }
    int r = GR_CARD_RANK(f), s = GR_CARD_SUIT(f), lo = r, hi = r;
    while (lo > 0 && (h->once >> GR_CARD(lo - 1, s) & 1))
        lo--;
    while (hi < 12 && (h->once >> GR_CARD(hi + 1, s) & 1))
        hi++;
    if (hi - lo >= 2) {
        m->cards = m->jokers = 0;
        for (int k = lo; k <= hi; k++)
            m->cards |= GR_CARD_BIT(GR_CARD(k, s));
        return 1;
    }
    if (n + h->jokers < 3)
        return 0;
    m->cards = held;
    m->jokers = 0;
    for (gr_cards miss = rank & ~held; n < 3; n++, miss &= miss - 1)
        m->jokers |= miss & (~miss + 1);
    m->cards |= m->jokers;
    return 1;
}

static void choose(const gr_rummy_masks *m, uint64_t *rng, gr_rummy_action *a)
{
    if (m->types & (1u << GR_RUMMY_ACT_DRAW_STOCK | 1u << GR_RUMMY_ACT_DRAW_DISCARD)) {
        int pile = (m->types >> GR_RUMMY_ACT_DRAW_DISCARD) & 1;
        if (pile && (!(m->types >> GR_RUMMY_ACT_DRAW_STOCK & 1) || below(rng, 2)))
            action(a, GR_RUMMY_ACT_DRAW_DISCARD, m->top, GR_NO_CARD, -1);
        else
            action(a, GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD, GR_NO_CARD, -1);
        return;
    }
    const gr_rummy_hand *h = &m->hand;
    if (gr_rummy_hand_count(h) == 1) {
        gr_card c = h->jokers ? GR_RUMMY_JOKER : (gr_card)__builtin_ctzll(h->once);
        for (int t = 0; t < m->nmelds; t++)
            if (c == GR_RUMMY_JOKER ? m->joker_layoff[t] != 0 : (m->layoff[t] >> c & 1)) {
                action(a, GR_RUMMY_ACT_LAY_OFF, c, c == GR_RUMMY_JOKER
                       ? (gr_card)__builtin_ctzll(m->joker_layoff[t]) : GR_NO_CARD, t);
                return;
            }
        action(a, GR_RUMMY_ACT_DISCARD, c, GR_NO_CARD, -1);
        return;
    }
    int nd = __builtin_popcountll(m->discard) + m->discard_joker;
    int nm = __builtin_popcountll(m->meld), nl = 0, ns = 0;
    for (int t = 0; t < m->nmelds; t++) {
        nl += __builtin_popcountll(m->layoff[t]) + __builtin_popcountll(m->joker_layoff[t]);
        ns += __builtin_popcountll(m->swap[t]);
    }
    int k = below(rng, nd + nm + nl + ns);
    if (k < nm) {
        action(a, GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
        if (meld_through(h, nth(m->meld, k), &a->meld))
            return;
        k = nm + nl + ns + below(rng, nd);
    }
    k -= nm;
    for (int t = 0; t < m->nmelds; t++) {
        int x = __builtin_popcountll(m->layoff[t]), y = __builtin_popcountll(m->joker_layoff[t]);
        if (k < x) {
            action(a, GR_RUMMY_ACT_LAY_OFF, nth(m->layoff[t], k), GR_NO_CARD, t);
            return;
        }
        if (k < x + y) {
            action(a, GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER, nth(m->joker_layoff[t], k - x), t);
            return;
        }
        k -= x + y;
    }
    for (int t = 0; t < m->nmelds; t++) {
        int x = __builtin_popcountll(m->swap[t]);
        if (k < x) {
            action(a, GR_RUMMY_ACT_SWAP_JOKER, nth(m->swap[t], k), GR_NO_CARD, t);
            return;
        }
        k -= x;
    }
    int x = __builtin_popcountll(m->discard);
    action(a, GR_RUMMY_ACT_DISCARD, k < x ? nth(m->discard, k) : GR_RUMMY_JOKER,
           GR_NO_CARD, -1);
}

/* one hand dealt in place and played by steps; moves, or -1 */
static long step_hand(gr_rummy_game *g, int players, uint64_t *rng)
{
    if (gr_rummy_game_redeal(g, next(rng), below(rng, players)) != GR_OK)
        return -1;
    gr_rummy_masks m;
    gr_rummy_game_legal_masks(g, &m);
    long moves = 0;
    while (m.types) {
        gr_rummy_action a;
        choose(&m, rng, &a);
        int rc = gr_rummy_game_step(g, &a, &m);
        if (rc == GR_EILLEGAL && a.type == GR_RUMMY_ACT_MELD) {
            /* the meld would leave only the card taken: a discard instead */
            int x = __builtin_popcountll(m.discard);
            action(&a, GR_RUMMY_ACT_DISCARD, x ? nth(m.discard, below(rng, x))
                                                : GR_RUMMY_JOKER, GR_NO_CARD, -1);
            rc = gr_rummy_game_step(g, &a, &m);
        }
        if (rc != GR_OK)
            return -1;
        moves++;
    }
    gr_rummy_result res;
    if (gr_rummy_game_result(g, &res) != GR_OK)
        return -1;
    bench_sink += (uint64_t)res.winner;
    return moves;
}

/* one hand dealt in place and played out by the library; moves, or -1 */
static long playout_hand(gr_rummy_game *g, int players, int policy, uint64_t *rng)
{
    gr_rummy_result res;
    if (gr_rummy_game_redeal(g, next(rng), below(rng, players)) != GR_OK
        || gr_rummy_game_playout(g, policy, next(rng), &res) != GR_OK)
        return -1;
    bench_sink += (uint64_t)res.winner;
    return gr_rummy_game_history(g, NULL, 0);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0))
        seconds = 1.0;
    static const int tables[] = { 2, 4, 7 };
    static const char *names[] = { "list", "step", "random", "basic" };
    uint64_t rng = 2026;
    int cap = 256;
    gr_rummy_action *buf = malloc(sizeof *buf * (size_t)cap);
    printf("Rummy hands (one joker per deck, 3 turnovers at most, CPU time; ratios against list):\n");
    for (int t = 0; t < 3; t++) {
        gr_rummy_rules *r;
        gr_rummy_game *g;
        if (gr_rummy_rules_new(&r, GR_RUMMY_PRESET_PARLETT) != GR_OK
            || gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, tables[t]) != GR_OK
            || gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, 1) != GR_OK
            || gr_rummy_rules_set(r, GR_RUMMY_OPT_TURNOVER_LIMIT, 3) != GR_OK
            || gr_rummy_game_new(&g, r, 1, 0) != GR_OK)
            return 1;
        long hands[4] = { 0 }, moves[4] = { 0 };
        double el[4] = { 0 };
        double total = 0;
        while (total < 4 * seconds) {
            for (int way = 0; way < 4; way++) {
                double start = cpu_now();
                for (int k = 0; k < 16; k++) {
                    long m = way == 0 ? hand(r, &rng, &buf, &cap)
                           : way == 1 ? step_hand(g, tables[t], &rng)
                           : playout_hand(g, tables[t], way == 2 ? GR_RUMMY_PLAYOUT_RANDOM
                                                               : GR_RUMMY_PLAYOUT_BASIC, &rng);
                    if (m < 0) {
                        fprintf(stderr, "bench-rummy-game: engine error\n");
                        return 1;
                    }
                    moves[way] += m;
                    hands[way]++;
                }
                double d = cpu_now() - start;
                el[way] += d;
                total += d;
            }
        }
        double base = el[0] * 1e6 / (double)hands[0];
        for (int way = 0; way < 4; way++) {
            double us = el[way] * 1e6 / (double)hands[way];
            printf("  %d players %-6s: %8.2f us/hand  %6.1f moves/hand  %6.1f ns/move  x%.1f a hand\n",
                   tables[t], names[way], us, (double)moves[way] / (double)hands[way],
                   el[way] * 1e9 / (double)moves[way], base / us);
        }
        gr_rummy_game_free(g);
        gr_rummy_rules_free(r);
    }
    free(buf);
    return 0;
}
