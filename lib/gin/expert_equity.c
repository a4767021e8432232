/*
 * expert_equity.c: the expert bot's match equity (GR_EXPERT_MATCH): the
 * chance to win the match from every score, so that a hand's outcome is
 * valued by what it does to the match rather than by its points.
 *
 * ALGORITHM
 *   1. What hands score under the bot's rules: EQUITY_HANDS hands dealt
 *      from fixed seeds and played out by the playouts' own policies, one
 *      player as we play in them (knocking only with little deadwood), the
 *      other as we model the opponent (knocking as soon as legal).  p(k)
 *      is the share of hands the first wins by k points, q(k) the share
 *      the second wins by k; void hands are dropped (they change no score).
 *   2. With e(a, b) the chance that the first, at a points, reaches the
 *      target T before the second, at b (both below T):
 *          e(a, b) = sum_k p(k) [a + k >= T ? 1 : e(a + k, b)]
 *                  + sum_k q(k) [b + k >= T ? 0 : e(a, b + k)]
 *      Every term has a higher score than (a, b), so one sweep from the
 *      top scores down fills the table: O(T^2 K) for K distinct points.
 *      The two styles differ: the patient player wins more points a hand,
 *      the quick knocker more hands, which is worth more near the target.
 * The table is built on the first decision that knows the score, and
 * again after the rules change.  Targets above EQUITY_MAX_TARGET (and
 * Hollywood, whose three games the table does not model) keep the points.
 */
#include "common/alloc.h"
#include "gin/expert.h"
#include "gin/game.h"

#include <string.h>

#define EQUITY_HANDS 4000
#define EQUITY_SEED  0x6571756974ULL

/* the points of each won hand, from played hands, p[k] for the player who
 * plays as we do in the playouts, q[k] for his opponent; false if none
 * scored */
static bool tally_points(gr__expert *ex, int target, double *p, double *q)
{
    gr_game *g = &ex->work;
    long count = 0;
    memset(p, 0, (size_t)(target + 1) * sizeof *p);
    memset(q, 0, (size_t)(target + 1) * sizeof *q);
    for (int h = 0; h < EQUITY_HANDS; h++) {
        gr_card deck[GR_NCARDS];
        gr__deck_shuffled(EQUITY_SEED + (uint64_t)h, deck);
        g->rules = ex->rules;
        g->history = g->history_inline;
        g->caphistory = GR_HISTORY_INLINE;
        gr__game_deal(g, deck, h & 1);
        int us = (h >> 1) & 1;
        int rc = gr__game_playout_greedy(g, us, ex->knock_max, true);
        if (g->history != g->history_inline)
            gr__free(&g->rules.mm, g->history);
        g->history = g->history_inline;
        if (rc != GR_OK || g->phase != GR_PHASE_OVER
            || g->result.outcome == GR_OUTCOME_VOID || g->result.winner < 0)
            continue;
        int pts = g->result.points;
        (g->result.winner == us ? p : q)[pts < 1 ? 1 : pts > target ? target : pts] += 1;
        count++;
    }
    if (count == 0)
        return false;
    for (int k = 0; k <= target; k++) {
        p[k] /= (double)count;
        q[k] /= (double)count;
    }
    return true;
}

/* Build ex->equity for the bot's rules (GR_OK), or GR_ENOMEM. */
static int build(gr__expert *ex)
{
    int t = ex->rules.opt[GR_OPT_TARGET];
    const gr_allocator *mm = &ex->rules.mm;
    double *p = gr__malloc(mm, 2 * (size_t)(t + 1) * sizeof *p);
    double *q = p ? p + t + 1 : NULL;
    double *e = gr__malloc(mm, (size_t)t * (size_t)t * sizeof *e);
    int32_t *table = gr__malloc(mm, (size_t)t * (size_t)t * sizeof *table);
    bool ok = p && e && table;
    if (ok && !tally_points(ex, t, p, q)) {   /* no hand scored: a flat table */
        p[1] = q[1] = 0.5;
    }
    if (ok) {
        for (int a = t - 1; a >= 0; a--)
            for (int b = t - 1; b >= 0; b--) {
                double v = 0;
                for (int k = 1; k <= t; k++) {
                    if (p[k] != 0)
                        v += p[k] * (a + k >= t ? 1.0 : e[(a + k) * t + b]);
                    if (q[k] != 0)
                        v += q[k] * (b + k >= t ? 0.0 : e[a * t + b + k]);
                }
                e[a * t + b] = v;
                table[a * t + b] = (int32_t)(v * GR__EQUITY_ONE + 0.5);
            }
        ex->equity = table;
        ex->equity_target = t;
    } else {
        gr__free(mm, table);
    }
    gr__free(mm, e);
    gr__free(mm, p);
    return ok ? GR_OK : GR_ENOMEM;
}

void gr__expert_equity_free(gr__expert *ex)
{
    if (ex->equity)
        gr__free(&ex->rules.mm, ex->equity);
    ex->equity = NULL;
    ex->equity_target = 0;
    ex->equity_tried = false;
}

bool gr__expert_equity_ready(gr__expert *ex)
{
    if (!ex->score_set || !(ex->features & GR_EXPERT_MATCH))
        return false;
    if (!ex->equity_tried) {
        /* no table for Hollywood (three games at once) or a far target;
         * out of memory: points this time, another try next decision */
        if (ex->rules.opt[GR_OPT_TARGET] > EQUITY_MAX_TARGET
            || ex->rules.opt[GR_OPT_HOLLYWOOD] || build(ex) == GR_OK)
            ex->equity_tried = true;
    }
    return ex->equity != NULL;
}

int gr__expert_equity(const gr__expert *ex, int mine, int theirs)
{
    int t = ex->equity_target;
    if (mine >= t)
        return GR__EQUITY_ONE;
    if (theirs >= t)
        return 0;
    return ex->equity[mine * t + theirs];
}
