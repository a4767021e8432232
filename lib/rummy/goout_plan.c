/*
 * rummy/goout_plan.c: the plan of a going-out search (rummy/goout.c): the
 * takes, then meld by meld, then the hand's melds; at each choice the
 * first option, in the order documented there, whose value is the best
 * (a search below best + 1).
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/goout.h"
#include "rummy/goout_search.h"
#include "rummy/melding.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* how many growths each_growth gives set m from the cards left */
static int set_options(const tmeld *m, const gr_rummy_hand *left)
{
    int f = gr__goout_set_lacks(m);
    return f < 0 ? 1 : 1 + (gr__rhand_has(left, (gr_card)f) > 0) + (left->jokers > 0);
}

typedef struct pick_ctx {
    int      target, found;
    int      n, k;   /* the options, those seen */
    growth   g;
    gr_rummy_hand left;
} pick_ctx;

/* the first option whose value is the best; the last one is, when none
 * before it is (the state's value is the best), so it is not searched */
static void pick_cb(search *S, int i, const gr_rummy_hand *left, const growth *g, void *ctx)
{
    pick_ctx *p = ctx;
    if (p->found)
        return;
    if (++p->k == p->n || gr__goout_best_from(S, i + 1, i + 1, left, p->target + 1) == p->target) {
        p->found = S->done = 1;
        p->g = *g;
        p->left = *left;
    }
}

/* the layoffs of a growth of meld i, outward from the old ends */
static void lay_growth(gr_rummy_plan *plan, const tmeld *m, int i, const growth *g)
{
    if (!m->run) {
        if (g->faces)
            gr__plan_add_move(plan, GR_RUMMY_MOVE_LAY_OFF, i, g->faces, g->jokers);
        return;
    }
    for (int q = m->lo - 1; q >= g->lo; q--) {
        gr_cards b = GR_CARD_BIT(face_at(m->suit, q));
        gr__plan_add_move(plan, GR_RUMMY_MOVE_LAY_OFF, i, b, g->jokers & b);
    }
    for (int q = m->hi + 1; q <= g->hi; q++) {
        gr_cards b = GR_CARD_BIT(face_at(m->suit, q));
        gr__plan_add_move(plan, GR_RUMMY_MOVE_LAY_OFF, i, b, g->jokers & b);
    }
}

/* The jokers left when the plan has walked the table (dump): as many as
 * leave the best (the hand melds the others: those its naturals need),
 * each onto the last meld in the search's order with room, as the search
 * without dump would lay a joker no natural follows (the first option as
 * good as the best at each meld: every meld as few as the melds after it
 * leave), a 3-card set still lacking its face, else a run, at its high end
 * while it can, then at its low end.  g[i] is meld i's growth, grown
 * here. */
static int lay_jokers_left(const search *S, growth *g, gr_rummy_hand *left, int best)
{
    int k = left->jokers;
    for (; k > 0; k--) {
        gr_rummy_hand h = *left;
        h.jokers -= k;
        int v = gr__rummy_value(&h, S->flags);
        if (v < 0)
            return v;
        if (v == best)
            break;
    }
    left->jokers -= k;
    for (int i = S->ntable - 1; i >= 0 && k > 0; i--) {
        const tmeld *m = &S->t[i];
        if (!m->run) {
            int f = gr__goout_set_lacks(m);
            if (f >= 0 && g[i].faces == 0) {
                g[i].faces = g[i].jokers = GR_CARD_BIT(f);
                k--;
            }
            continue;
        }
        for (; k > 0 && g[i].hi - g[i].lo + 1 < 13; k--) {
            int q = g[i].hi + 1;
            if (q <= S->last && !(g[i].lo == 0 && q == 13))
                g[i].hi = q;
            else
                q = --g[i].lo;
            g[i].faces |= GR_CARD_BIT(face_at(m->suit, q));
            g[i].jokers |= GR_CARD_BIT(face_at(m->suit, q));
        }
    }
    return 0;
}

int gr__goout_plan(outer *o, const int *order, const gr_rummy_hand *hand, int best,
                   gr_rummy_plan *plan)
{
    o->S.floor = best;   /* every state's value is the best or more */
    memset(plan, 0, sizeof *plan);
    gr_rummy_hand left = *hand;
    for (int j = 0; j < o->nswaps; j++) {
        if (gr__rhand_has(&left, (gr_card)o->sw[j].face) == 0
            || (!o->S.dump && gr__goout_swaps_best(o, j + 1, &left, best + 1) == best))
            continue;   /* keeping this joker on the table is as good (with
                           dump, taking it always is) */
        gr__rhand_remove(&left, (gr_card)o->sw[j].face);
        left.jokers++;
        gr__plan_add_move(plan, GR_RUMMY_MOVE_TAKE_JOKER, o->sw[j].meld,
                          GR_CARD_BIT(o->sw[j].face), 0);
    }
    growth g[GR_RUMMY_MAX_MELDS];
    for (int i = 0; i < o->S.ntable; i++) {
        pick_ctx p;
        p.target = best;
        p.found = 0;
        p.n = INT_MAX;   /* a run's options are not counted, but one */
        if (o->S.t[i].run && !gr__goout_run_can_grow(&o->S, i, &left))
            p.n = 1;
        p.k = 0;
        if (!o->S.t[i].run)
            p.n = set_options(&o->S.t[i], &left);
        p.g = (growth){ 0, 0, o->S.t[i].lo, o->S.t[i].hi };   /* found always: the best is */
        p.left = left;
        gr__goout_each_growth(&o->S, i, &left, pick_cb, &p);
        g[i] = p.g;
        left = p.left;
    }
    if (o->S.dump && left.jokers > 0) {
        int rc = lay_jokers_left(&o->S, g, &left, best);
        if (rc < 0)
            return rc;
    }
    for (int i = 0; i < o->S.ntable; i++)
        lay_growth(plan, &o->S.t[i], order[i], &g[i]);
    gr_rummy_arrangement *a = malloc(sizeof *a);
    if (a == NULL)
        return GR_ENOMEM;
    int v = gr__rummy_arrange_value(&left, o->S.flags, best, a);
    if (v < 0) {
        free(a);
        return v;
    }
    for (int k = 0; k < a->nmelds; k++)
        gr__plan_add_move(plan, GR_RUMMY_MOVE_MELD, o->S.ntable + k, a->melds[k].cards, a->melds[k].jokers);
    plan->left = a->unmelded;
    plan->value = a->unmelded_points;
    free(a);
    return plan->value;
}


int gr_rummy_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                    int ntable, int flags, gr_rummy_plan *out)
{
    if (out == NULL)
        return GR_EINVAL;
    int rc = gr__go_out_args(hand, table, ntable, flags);
    if (rc != GR_OK)
        return rc;
    gr_rummy_plan *plan = malloc(sizeof *plan);
    if (plan == NULL)
        return GR_ENOMEM;
    rc = gr__go_out(hand, table, ntable, flags, plan, INT_MAX);
    if (rc >= 0)
        *out = *plan;
    free(plan);
    return rc;
}

