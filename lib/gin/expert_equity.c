/*
 * expert_equity.c: the expert bot's match equity (GR_EXPERT_MATCH): the
 * chance to win the match from every score, so that a hand's outcome is
 * valued by what it does to the match rather than by its points.
 *
 * ALGORITHM
 *   1. What hands score under the bot's rules: EQUITY_HANDS hands dealt
 *      from fixed seeds and played out by the playouts' own policies (one
 *      player knocking only with little deadwood, the other as soon as
 *      legal, each in both seats), tallied by the points of the winner:
 *      p(k) is the share of hands won by k points (void hands are dropped:
 *      they change no score).
 *   2. Two players of equal skill: each wins a hand with probability 1/2,
 *      by points drawn from that tally.  With e(a, b) the chance that the
 *      player at a points reaches the target T before the one at b (both
 *      below T):
 *          e(a, b) = 1/2 sum_k p(k) [a + k >= T ? 1 : e(a + k, b)]
 *                  + 1/2 sum_k p(k) [b + k >= T ? 0 : e(a, b + k)]
 *      Every term has a higher score than (a, b), so one sweep from the
 *      top scores down fills the table: O(T^2 K) for K distinct points.
 *      (e(a, a) is 1/2: a hint at an even score reads as even.)
 * The table is built on the first decision that knows the score, and
 * again after the rules change.  Targets above GR__EQUITY_MAX_TARGET (and
 * Hollywood, whose three games the table does not model) keep the points.
 */
#include "common/alloc.h"
#include "gin/expert.h"
#include "gin/game.h"

#include <string.h>

#define EQUITY_HANDS 4000
#define EQUITY_SEED  0x6571756974ULL

/* p[k]: the share of won hands won by k points (k = 1..target, more
 * counted as target); false if no hand scored */
static bool tally_points(gr__expert *ex, int target, double *p)
{
    gr_game *g = &ex->work;
    long count = 0;
    memset(p, 0, (size_t)(target + 1) * sizeof *p);
    for (int h = 0; h < EQUITY_HANDS; h++) {
        gr_card deck[GR_NCARDS];
        gr__deck_shuffled(EQUITY_SEED + (uint64_t)h, deck);
        g->rules = ex->rules;
        g->history = g->history_inline;
        g->caphistory = GR_HISTORY_INLINE;
        gr__game_deal(g, deck, h & 1);
        int rc = gr__game_playout_greedy(g, (h >> 1) & 1, ex->knock_max, true);
        if (g->history != g->history_inline)
            gr__free(&g->rules.mm, g->history);
        g->history = g->history_inline;
        if (rc != GR_OK || g->phase != GR_PHASE_OVER
            || g->result.outcome == GR_OUTCOME_VOID || g->result.winner < 0)
            continue;
        int pts = g->result.points;
        p[pts < 1 ? 1 : pts > target ? target : pts] += 1;
        count++;
    }
    if (count == 0)
        return false;
    for (int k = 0; k <= target; k++)
        p[k] /= (double)count;
    return true;
}

/* Build ex->equity for the bot's rules (GR_OK), or GR_ENOMEM. */
static int build(gr__expert *ex)
{
    int t = ex->rules.opt[GR_OPT_TARGET];
    const gr_allocator *mm = &ex->rules.mm;
    double *p = gr__malloc(mm, (size_t)(t + 1) * sizeof *p);
    double *e = gr__malloc(mm, (size_t)t * (size_t)t * sizeof *e);
    int32_t *table = gr__malloc(mm, (size_t)t * (size_t)t * sizeof *table);
    bool ok = p && e && table;
    if (ok && !tally_points(ex, t, p))   /* no hand scored: 1 point a hand */
        p[1] = 1;
    if (ok) {
        for (int a = t - 1; a >= 0; a--)
            for (int b = t - 1; b >= 0; b--) {
                double v = 0;
                for (int k = 1; k <= t; k++) {
                    if (p[k] == 0)
                        continue;
                    v += p[k] * (a + k >= t ? 1.0 : e[(a + k) * t + b]);
                    v += p[k] * (b + k >= t ? 0.0 : e[a * t + b + k]);
                }
                e[a * t + b] = v / 2;
                table[a * t + b] = (int32_t)(v / 2 * GR__EQUITY_ONE + 0.5);
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
    int target = ex->rules.opt[GR_OPT_TARGET];
    if (!ex->score_set || !(ex->features & GR_EXPERT_MATCH)
        || ex->score[0] >= target || ex->score[1] >= target)
        return false;   /* (a match already won: every outcome is worth the same) */
    if (!ex->equity_tried) {
        /* no table for Hollywood (three games at once) or a far target;
         * out of memory: points this time, another try next decision */
        if (target > GR__EQUITY_MAX_TARGET
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
