/*
 * rummy/expert.c: the basic Rummy expert's decisions (GR_BOT_EXPERT of
 * gr_rummy_bot), from the seat's view and what it saw earlier in the hand
 * (expert_sample.c), never from hidden cards.
 *
 * ALGORITHM.  A turn is decided twice: at the draw, and at the first
 * step-2 decision, where a whole-turn plan is chosen and then played move
 * by move (later decisions of the turn follow it while the hand is the one
 * it expects).
 *   Draw: the stock or the pile's card.  Each is played out on sampled
 *   deals (the seat's own turn and everyone after it by the BASIC playout
 *   policy, gr_rummy_playout(3)); BASIC's own draw is the plain choice.
 *   Play: if the hand can go out this turn (gr_rummy_can_go_out, jokers,
 *   layoffs and exchanges included) it does, at once.  Otherwise the
 *   candidate plans are a way to meld (everything the going-out search
 *   lays down, layoffs and joker exchanges included; with
 *   GR_RUMMY_EXPERT_HOLD also the natural cards only, keeping the jokers,
 *   and nothing at all, keeping every meld in hand) times a discard (the
 *   5 likeliest allowed cards: the costliest outside pairs and near runs
 *   first; with GR_RUMMY_EXPERT_SAFE a card the next seat could lay off
 *   or meld with the cards he took comes after those, and one of a rank
 *   he threw or passed, or next to one, before its equals).
 *   The first candidate is the plain choice (lay down all it can, the
 *   heuristic's discard).
 * Search: a race on common random numbers.  Every candidate still in is
 * played out on the same sampled deals (expert_sample.c: the hidden hands
 * and the stock's unknown places dealt to fit what the seat saw, the
 * stock's order after a turnover kept; a deal's playouts differ only by
 * the candidate; BASIC decides the same move from the same state).  Half
 * the budget goes to every candidate; then, round after round, one more
 * than RACE_Z standard errors of the paired difference behind the leader
 * drops out and half of what is left goes to those still in, until one
 * is left, the budget is spent or GR__REXPERT_SAMPLES deals are played.
 * The leader is played (a tie goes to the plain choice).  Requiring the
 * leader to beat the plain choice by one standard error as well cost 8
 * points of match wins against greedy with jokers (two seeds of 120
 * matches: 75.0 and 71.7% against 83.3 and 79.2%).  The draw, two
 * candidates, gets half the budget.
 *   A playout's value: the points the seat wins (the others' cards) when
 *   it goes out, less the others' winnings shared among them; 0 for a
 *   void hand or one still going after PLAYOUT_MOVES moves.  With the
 *   match score known (GR_RUMMY_EXPERT_MATCH): the chance to win the
 *   match after the winner scores (expert_equity.c), the chance before
 *   the hand for a void or unfinished one; the winners' points in the
 *   playouts of the seat's first turn of a hand feed that table's tally.
 * The budget (GR_BOT_PARAM_PLAYOUTS) is shared among the candidates of a
 * decision.
 */
#include "common/bits.h"
#include "rummy/expert.h"
#include "rummy/playout.h"

#include <string.h>

/* a playout's moves at most: a BASIC hand takes 40 to 70 from the deal;
 * one still going after these is stuck (cards drawn and thrown again and
 * again) and worth nothing */
#define PLAYOUT_MOVES(players) (80 + 20 * (players))
#define DISCARDS 5
#define MELD_WAYS 3
#define CANDIDATES GR__REXPERT_CANDIDATES
#define RACE_Z 2.0

void gr__rexpert_init(gr__rexpert *e, uint64_t seed)
{
    memset(e, 0, sizeof *e);
    e->playouts = GR__REXPERT_PLAYOUTS;
    e->features = GR_RUMMY_EXPERT_ALL;
    gr__rng_seed(&e->rng, seed);
}

/* ---- plans ------------------------------------------------------------------ */

typedef struct plan {
    int n;
    gr_rummy_action a[GR__REXPERT_PLAN];
    gr_rummy_hand before[GR__REXPERT_PLAN];
} plan;

/* a position whose melds it owns, to play a plan on */
typedef struct board {
    gr__rpos pos;
    gr_rummy_meld melds[GR_RUMMY_MAX_MELDS];
} board;

static void board_init(board *b, const gr__rpos *pos)
{
    b->pos = *pos;
    memcpy(b->melds, pos->melds, (size_t)pos->nmelds * sizeof b->melds[0]);
    b->pos.melds = b->melds;
}

/* append a move if the board accepts it; false otherwise */
static bool plan_add(plan *p, board *b, const gr_rummy_action *a)
{
    if (p->n >= GR__REXPERT_PLAN || gr__ract_check(&b->pos, a) != GR_OK)
        return false;
    p->before[p->n] = b->pos.hand;
    p->a[p->n++] = *a;
    gr__rplay(&b->pos.hand, NULL, b->melds, &b->pos.nmelds, a);
    return true;
}

/* the moves of a going-out plan, as far as the board accepts them */
static void plan_from(plan *p, board *b, const gr_rummy_plan *gp)
{
    for (int i = 0; i < gp->nmoves; i++) {
        gr_rummy_action a;
        gr__rmove_action(&gp->moves[i], &a);
        if (!plan_add(p, b, &a))
            return;
    }
}

/* how much a face is worth keeping out of the discard: lower goes first */
static int keep(const gr__rpos *pos, gr_card c, gr_cards partial)
{
    int v = gr__rcard_value(c, pos->flags) * 16 + GR_CARD_RANK(c);
    return (partial & GR_CARD_BIT(c)) ? 1000 - v : -v;
}

/* What the next seat may do with our discard (GR_RUMMY_EXPERT_SAFE).
 * use: the faces he could lay off on the table or meld with the cards he
 * is known to hold (taken from the pile); safe: faces of a rank he threw
 * or passed, or next to a face of one suit he threw or passed. */
typedef struct danger {
    gr_cards use, safe;
} danger;

static void danger_of(const gr__rexpert *e, const gr_rummy_view *v, const board *b,
                      danger *out)
{
    out->use = out->safe = 0;
    if (!(e->features & GR_RUMMY_EXPERT_SAFE))
        return;
    int next = (v->player + 1) % v->nplayers, flags = b->pos.flags;
    for (int i = 0; i < b->pos.nmelds; i++)
        out->use |= gr__rfits(b->melds[i].cards, flags);
    const gr_rummy_hand *k = &v->known[next];
    if (k->once) {
        gr_cards all = GR_ALL_CARDS & ~k->once;
        /* a face c melds with his known cards when it is in a pattern of
         * them plus c: try the faces of his ranks and suits near them */
        for (gr_cards r = all; r; r &= r - 1) {
            gr_card c = (gr_card)__builtin_ctzll(r);
            if (gr__rpattern_faces(k->once | GR_CARD_BIT(c), k->jokers > 0, flags)
                & GR_CARD_BIT(c))
                out->use |= GR_CARD_BIT(c);
        }
    }
    gr_cards seen = e->passed[next] | e->thrown[next];
    gr_cards aces = GR_EVERY_SUIT(1), kings = GR_EVERY_SUIT((gr_cards)1 << 12);
    for (gr_cards r = seen; r; r &= r - 1)
        out->safe |= gr__rank_faces(GR_CARD_RANK(__builtin_ctzll(r)));
    out->safe |= ((seen & ~kings) << 1) | ((seen & ~aces) >> 1);
}

/* the allowed discards of the board's hand, best first, at most max */
static int discards(const board *b, const danger *dg, gr_card *out, int max)
{
    const gr_rummy_hand *h = &b->pos.hand;
    gr_card taken = b->pos.taken;
    gr_cards allowed = h->once & ~(taken < GR_NCARDS ? GR_CARD_BIT(taken) : 0);
    gr_cards partial = gr__rpattern_faces(h->once, 1, b->pos.flags);
    int n = 0, score[GR_NCARDS];
    for (gr_cards r = allowed; r; r &= r - 1) {
        gr_card c = (gr_card)__builtin_ctzll(r);
        gr_cards bit = GR_CARD_BIT(c);
        int s = keep(&b->pos, c, partial) + ((dg->use & bit) ? 600 : 0)
              - ((dg->safe & bit) && !(dg->use & bit) ? 48 : 0);
        int i = n < max ? n++ : max;
        if (i == max && s >= score[max - 1])
            continue;
        if (i == max)
            i = max - 1;
        while (i > 0 && score[i - 1] > s) {
            out[i] = out[i - 1];
            score[i] = score[i - 1];
            i--;
        }
        out[i] = c;
        score[i] = s;
    }
    if (n == 0 && h->jokers > 0 && taken != GR_RUMMY_JOKER)
        out[n++] = GR_RUMMY_JOKER;
    return n;
}

/* ---- playouts --------------------------------------------------------------- */

/* the winner of a finished playout and his points; -1 for a void or
 * abandoned one */
static int outcome(const gr_rummy_game *g, int *points)
{
    *points = 0;
    if (g->phase != GR_RUMMY_PHASE_OVER || g->winner < 0)
        return -1;
    for (int p = 0; p < g->nplayers; p++)
        if (p != g->winner)
            *points += gr__rhand_value(&g->hand[p], g->flags);
    return g->winner;
}

/* the value of that outcome for seat me: the match equity it leaves
 * (GR_RUMMY_EXPERT_MATCH with the score known), else the points the seat
 * wins less the others' winnings shared among them */
static double value_for(const gr__rexpert *e, int winner, int points, int me, int n)
{
    if (e->equity_on)
        return gr__rexpert_equity(e, winner, points);
    if (winner < 0)
        return 0;
    return winner == me ? points : -(double)points / (n - 1);
}

/* play the hand on under the BASIC policy for at most a hand's moves */
static void playout(gr__rexpert *e, gr_rummy_game *g)
{
    gr__rplayout(g, GR_RUMMY_PLAYOUT_BASIC, &e->rng, false, PLAYOUT_MOVES(g->nplayers));
}

/* true if candidate b is more than z standard errors of the paired
 * difference behind candidate a over the first ns deals */
static bool behind(const gr__rexpert *e, int a, int b, int ns, double z)
{
    double sum = 0, sq = 0;
    for (int s = 0; s < ns; s++) {
        double x = (double)e->value[a][s] - (double)e->value[b][s];
        sum += x;
        sq += x * x;
    }
    double mean = sum / ns, var = sq / ns - mean * mean;
    /* mean > z * sqrt(var / ns), without libm's sqrt */
    return mean > 0 && mean * mean * ns > z * z * var;
}

/* The candidate to play: each candidate `moves[c][0..len[c]-1]` is played
 * from the view's state on the same sampled deals, then the BASIC policy
 * for everyone (common random numbers: a deal's playouts differ only by
 * the candidate).  A race of `budget` playouts (see the ALGORITHM block):
 * the leader at its end, ties to the lower index. */
static int search(gr__rexpert *e, const gr__rdeal *d, int ncand,
                  gr_rummy_action (*moves)[GR__REXPERT_PLAN], const int *len,
                  int me, int budget)
{
    bool alive[CANDIDATES];
    int nalive = ncand, ns = 0, spent = 0;
    for (int c = 0; c < ncand; c++)
        alive[c] = true;
    gr_rummy_game g0, g;
    int leader = 0;
    while (nalive > 1 && ns < GR__REXPERT_SAMPLES) {
        int left = budget - spent, batch = left / (2 * nalive);
        if (batch < 8)
            batch = left / nalive;
        if (batch < 1)
            break;
        if (ns + batch > GR__REXPERT_SAMPLES)
            batch = GR__REXPERT_SAMPLES - ns;
        for (int s = ns; s < ns + batch; s++) {
            gr__rdeal_sample(e, d, &e->rng, &g0);
            for (int c = 0; c < ncand; c++) {
                if (!alive[c])
                    continue;
                memcpy(&g, &g0, sizeof g);
                for (int i = 0; i < len[c] && g.phase != GR_RUMMY_PHASE_OVER; i++)
                    gr__rgame_apply(&g, &moves[c][i], false);
                playout(e, &g);
                int points, winner = outcome(&g, &points);
                e->value[c][s] = (float)value_for(e, winner, points, me, g.nplayers);
                if (e->turns <= 1 && winner >= 0)
                    gr__rexpert_tally(e, points);
            }
        }
        ns += batch;
        spent += batch * nalive;
        double mean[CANDIDATES];
        leader = -1;
        for (int c = 0; c < ncand; c++) {
            if (!alive[c])
                continue;
            double sum = 0;
            for (int s = 0; s < ns; s++)
                sum += e->value[c][s];
            mean[c] = sum / ns;
            if (leader < 0 || mean[c] > mean[leader])
                leader = c;
        }
        for (int c = 0; c < ncand; c++)
            if (alive[c] && c != leader && behind(e, leader, c, ns, RACE_Z)) {
                alive[c] = false;
                nalive--;
            }
    }
    return leader < 0 ? 0 : leader;
}

/* ---- decisions ---------------------------------------------------------------- */

/* the BASIC policy's draw for this position */
static void basic_draw(const gr__rpos *pos, gr_rummy_action *out)
{
    gr_rummy_game g;
    memset(&g, 0, sizeof g);
    g.phase = pos->phase;
    g.flags = pos->flags;
    g.hand[0] = pos->hand;
    g.nmelds = pos->nmelds;
    memcpy(g.melds, pos->melds, (size_t)pos->nmelds * sizeof g.melds[0]);
    g.npile = pos->npile;
    if (pos->npile > 0)
        g.pile[pos->npile - 1] = pos->pile_top;
    g.nstock = pos->stock_size;
    g.taken = GR_NO_CARD;
    gr__rpolicy_basic(&g, out);
}

static int choose_draw(gr__rexpert *e, const gr_rummy_view *v, const gr__rpos *pos,
                       gr_rummy_action *out)
{
    gr_rummy_action cand[2][GR__REXPERT_PLAN];
    int len[2] = { 1, 1 };
    basic_draw(pos, &cand[0][0]);   /* candidate 0: the plain choice */
    if (gr__ract_check(pos, &cand[0][0]) != GR_OK)
        return GR_ESTATE;
    int other = cand[0][0].type == GR_RUMMY_ACT_DRAW_STOCK ? GR_RUMMY_ACT_DRAW_DISCARD
                                                           : GR_RUMMY_ACT_DRAW_STOCK;
    gr__ract(&cand[1][0], other, other == GR_RUMMY_ACT_DRAW_DISCARD ? pos->pile_top
                                                                   : GR_NO_CARD,
             GR_NO_CARD, -1);
    gr__rdeal d;
    if ((pos->npile > 0 || other == GR_RUMMY_ACT_DRAW_STOCK)
        && gr__ract_check(pos, &cand[1][0]) == GR_OK
        && (e->features & GR_RUMMY_EXPERT_DRAW) && gr__rdeal_init(e, v, &d) == GR_OK) {
        /* two candidates: half the budget decides it */
        *out = cand[search(e, &d, 2, cand, len, v->player, (e->playouts + 1) / 2)][0];
        return GR_OK;
    }
    *out = cand[0][0];
    return GR_OK;
}

/* the plan that goes out now, if the hand can (R7) */
static bool going_out(const gr__rpos *pos, plan *out)
{
    int can = gr_rummy_can_go_out(&pos->hand, pos->melds, pos->nmelds, pos->flags,
                                  pos->taken);
    if (can != GR_RUMMY_OUT_MELD && can != GR_RUMMY_OUT_DISCARD)
        return false;
    gr_rummy_plan gp;
    for (int c = -1; c <= GR_RUMMY_JOKER; c++) {   /* -1: everything melded */
        gr_rummy_hand h = pos->hand;
        if (c >= 0) {
            if (c == pos->taken || gr__rhand_has(&h, (gr_card)c) == 0)
                continue;
            gr__rhand_remove(&h, (gr_card)c);
        }
        if (gr_rummy_go_out(&h, pos->melds, pos->nmelds, pos->flags, &gp) != 0)
            continue;
        board b;
        board_init(&b, pos);
        out->n = 0;
        plan_from(out, &b, &gp);
        if (c >= 0) {
            gr_rummy_action a;
            gr__ract(&a, GR_RUMMY_ACT_DISCARD, (gr_card)c, GR_NO_CARD, -1);
            plan_add(out, &b, &a);
        }
        if (gr__rhand_count(&b.pos.hand) == 0)
            return true;
    }
    return false;
}

static int choose_play(gr__rexpert *e, const gr_rummy_view *v, const gr__rpos *pos,
                       gr_rummy_action *out)
{
    /* the plan of this turn, while the hand is the one it expects */
    if (e->iplan < e->nplan) {
        const gr_rummy_hand *x = &e->expect[e->iplan];
        if (x->once == pos->hand.once && x->twice == pos->hand.twice
            && x->jokers == pos->hand.jokers
            && gr__ract_check(pos, &e->plan[e->iplan]) == GR_OK) {
            *out = e->plan[e->iplan++];
            return GR_OK;
        }
    }
    plan cand[CANDIDATES];
    int ncand = 0;
    plan *best = &cand[0];
    if (going_out(pos, &cand[0])) {
        ncand = 1;
    } else {
        /* the ways to meld: all, natural cards only, nothing */
        int ways = (e->features & GR_RUMMY_EXPERT_HOLD) ? MELD_WAYS : 1;
        plan meld[MELD_WAYS];
        board after[MELD_WAYS];
        int nways = 0;
        for (int w = 0; w < ways; w++) {
            board b;
            board_init(&b, pos);
            meld[nways].n = 0;
            if (w < 2) {
                gr_rummy_hand h = pos->hand;
                if (w == 1) {
                    if (h.jokers == 0)
                        continue;   /* the same as all */
                    h.jokers = 0;
                }
                gr_rummy_plan gp;
                if (gr_rummy_go_out(&h, pos->melds, pos->nmelds, pos->flags, &gp) >= 0)
                    plan_from(&meld[nways], &b, &gp);
            }
            if (w == 2 && meld[0].n == 0)
                continue;   /* nothing to hold back */
            after[nways++] = b;
        }
        for (int w = 0; w < nways; w++) {
            gr_card dc[DISCARDS];
            danger dg;
            danger_of(e, v, &after[w], &dg);
            int nd = discards(&after[w], &dg, dc, (e->features & GR_RUMMY_EXPERT_SEARCH) ? DISCARDS : 1);
            for (int k = 0; k < nd; k++) {
                plan *p = &cand[ncand];
                *p = meld[w];
                board b = after[w];
                b.pos.melds = b.melds;
                gr_rummy_action a;
                gr__ract(&a, GR_RUMMY_ACT_DISCARD, dc[k], GR_NO_CARD, -1);
                if (plan_add(p, &b, &a))
                    ncand++;
            }
        }
        if (ncand == 0)
            return GR_ESTATE;   /* cannot happen: some discard is legal */
        gr__rdeal d;
        if (ncand > 1 && (e->features & GR_RUMMY_EXPERT_SEARCH)
            && gr__rdeal_init(e, v, &d) == GR_OK) {
            gr_rummy_action moves[CANDIDATES][GR__REXPERT_PLAN];
            int len[CANDIDATES];
            for (int c = 0; c < ncand; c++) {
                memcpy(moves[c], cand[c].a, (size_t)cand[c].n * sizeof cand[c].a[0]);
                len[c] = cand[c].n;
            }
            best = &cand[search(e, &d, ncand, moves, len, v->player, e->playouts)];
        }
    }
    e->nplan = best->n;
    memcpy(e->plan, best->a, (size_t)best->n * sizeof best->a[0]);
    memcpy(e->expect, best->before, (size_t)best->n * sizeof best->before[0]);
    e->iplan = 1;
    *out = best->a[0];
    return GR_OK;
}

int gr__rexpert_choose(gr__rexpert *e, const gr_rummy_view *v, const gr__rpos *pos,
                       gr_rummy_action *out)
{
    gr__rexpert_observe(e, v);
    e->equity_on = false;
    if (e->have_score && (e->features & GR_RUMMY_EXPERT_MATCH)
        && e->score_players == v->nplayers) {
        if (!e->equity_built || e->equity_me != v->player)
            gr__rexpert_equity_build(e, v->player);
        e->equity_on = e->equity_used;
    }
    int rc;
    if (pos->phase == GR_RUMMY_PHASE_DRAW) {
        e->turns++;
        e->nplan = e->iplan = 0;
        rc = choose_draw(e, v, pos, out);
    } else {
        rc = choose_play(e, v, pos, out);
    }
    if (rc == GR_OK && out->type == GR_RUMMY_ACT_DISCARD)
        gr__rexpert_discarded(e, v, out->card);
    return rc;
}
