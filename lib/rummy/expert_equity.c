/*
 * rummy/expert_equity.c: the Rummy expert's match equity
 * (GR_RUMMY_EXPERT_MATCH): the chance to win the match that a hand's
 * outcome leaves, so that a playout is valued by what it does to the
 * match (to the target, R7) rather than by its points.
 *
 * ALGORITHM
 *   1. What a hand is worth: the points the winner scored in the
 *      playouts of the seat's first turn of each hand (a hand from its
 *      deal, under the playouts' BASIC policy and the bot's rules, read
 *      from the views), tallied: p(x) is the share of the hands won by x
 *      points.  The tally grows hand after hand; the table below is built
 *      on the first decision after gr_rummy_bot_set_score once the tally
 *      holds a hand (before that, and without a score, points).
 *   2. Players of equal skill: each hand one of the n seats, each with
 *      chance 1/n, wins x points drawn from p.  A seat's race alone: with
 *      r(d, t) the chance that a seat d points short of the target has
 *      reached it within t hands,
 *          r(0, t) = 1,  r(d, 0) = 0,
 *          r(d, t) = (1 - 1/n) r(d, t-1) + 1/n sum_x p(x) r(max(d-x, 0), t-1).
 *      The seats race independently (only one scores a hand in truth): a
 *      seat d_i short wins the match with a chance proportional to
 *          sum_t [r(d_i, t) - r(d_i, t-1)] prod_{j != i} [1 - r(d_j, t-1)]
 *      (it gets there in hand t while no other seat has), normalized over
 *      the seats.  When a hand won scores more than EQUITY_HAND_SHARE of
 *      the target on average (7 players), winning the hand is nearly the
 *      whole chance: the points stand in (with 7 players the chance lost
 *      about 2 points of match wins, within the noise, where with 2 it
 *      gained 7.5).  For 2 seats at 1 point short each this gives 1/2, at
 *      d and infinity 1.  Points count in steps of ceil(target /
 *      EQUITY_STEPS) and hands up to EQUITY_HANDS (a score whose race
 *      mostly ends later keeps the points).
 *   3. The value of a playout: the seat's chance after the winner's
 *      points are added to his score, from a table by winner and points
 *      built once per score; a void or unfinished hand leaves the chance
 *      before it.
 */
#include "rummy/expert.h"

#include <string.h>

/* the least share of the races that end within EQUITY_HANDS hands for
 * the table to be used */
#define EQUITY_MASS 0.9
/* the most a hand won scores on average, as a share of the target, for
 * the table to be used */
#define EQUITY_HAND_SHARE 0.75

void gr__rexpert_tally(gr__rexpert *e, int points)
{
    e->tally[points < 0 ? 0 : points < GR__REQUITY_TALLY ? points : GR__REQUITY_TALLY - 1]++;
    e->ntally++;
}

/* each seat's chance to win the match from needs d[] (in steps, >= 1)
 * into out[]; the share of the races that end within the horizon */
static double chances(const gr__rexpert *e, int n, const int *d, double *out)
{
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double w = 0;
        for (int t = 1; t <= GR__REQUITY_HANDS; t++) {
            double x = (double)e->reach[d[i]][t] - (double)e->reach[d[i]][t - 1];
            for (int j = 0; j < n && x > 0; j++)
                if (j != i)
                    x *= 1 - (double)e->reach[d[j]][t - 1];
            w += x;
        }
        out[i] = w;
        sum += w;
    }
    for (int i = 0; i < n; i++)
        out[i] = sum > 0 ? out[i] / sum : 1.0 / n;
    return sum;
}

/* the steps d of a seat at `total` (1..EQUITY_STEPS) */
static int need(const gr__rexpert *e, int total)
{
    int d = (e->target - total + e->unit - 1) / e->unit;
    return d < 1 ? 1 : d > GR__REQUITY_STEPS ? GR__REQUITY_STEPS : d;
}

void gr__rexpert_equity_build(gr__rexpert *e, int me)
{
    int n = e->score_players;
    e->equity_used = false;
    if (e->ntally == 0)
        return;   /* built on a later decision */
    e->equity_built = true;
    e->equity_me = me;
    /* a hand won mostly reaches the target by itself (7 players, a
     * one-hand match): the chance to win the match is then little more
     * than the chance to win the hand, too coarse a value for the
     * playouts to tell plans apart (points) */
    double mean = 0;
    for (int s = 0; s < GR__REQUITY_TALLY; s++)
        mean += (double)s * (double)e->tally[s];
    if (mean / (double)e->ntally > EQUITY_HAND_SHARE * e->target)
        return;
    e->unit = (e->target + GR__REQUITY_STEPS - 1) / GR__REQUITY_STEPS;
    if (e->unit < 1)
        e->unit = 1;
    /* p(x) in steps */
    const int steps = GR__REQUITY_STEPS;
    double px[GR__REQUITY_STEPS + 1];
    memset(px, 0, sizeof px);
    for (int s = 0; s < GR__REQUITY_TALLY; s++) {
        if (!e->tally[s])
            continue;
        int x = (s + e->unit / 2) / e->unit;
        px[x < 1 ? 1 : x > steps ? steps : x] += (double)e->tally[s] / (double)e->ntally;
    }
    int xs[GR__REQUITY_STEPS + 1], nx = 0;
    for (int x = 1; x <= steps; x++)
        if (px[x] > 0)
            xs[nx++] = x;
    int dmax = need(e, 0);
    double q = 1.0 / n;
    for (int t = 0; t <= GR__REQUITY_HANDS; t++)
        e->reach[0][t] = 1;
    for (int d = 1; d <= dmax; d++) {
        e->reach[d][0] = 0;
        for (int t = 1; t <= GR__REQUITY_HANDS; t++) {
            double v = 0;
            for (int k = 0; k < nx; k++)
                v += px[xs[k]] * e->reach[d > xs[k] ? d - xs[k] : 0][t - 1];
            e->reach[d][t] = (float)((1 - q) * e->reach[d][t - 1] + q * v);
        }
    }
    int d[GR_RUMMY_MAX_PLAYERS] = { 0 };
    double c[GR_RUMMY_MAX_PLAYERS];
    for (int i = 0; i < n; i++)
        d[i] = need(e, e->total[i]);
    if (chances(e, n, d, c) < EQUITY_MASS)
        return;   /* a far target: points */
    e->equity0 = (float)c[me];
    for (int w = 0; w < n; w++) {
        int dw = d[w];
        for (int x = 0; x <= steps; x++) {
            if (x >= dw) {
                e->equity[w][x] = w == me ? 1.0f : 0.0f;
                continue;
            }
            d[w] = dw - x;
            chances(e, n, d, c);
            e->equity[w][x] = (float)c[me];
        }
        d[w] = dw;
    }
    e->equity_used = true;
}

double gr__rexpert_equity(const gr__rexpert *e, int winner, int points)
{
    if (winner < 0)
        return e->equity0;
    int x = (points + e->unit / 2) / e->unit;
    return e->equity[winner][x > GR__REQUITY_STEPS ? GR__REQUITY_STEPS : x];
}
