/*
 * rummy/goout.c: going out with the table (R4, R5, R7): the least value
 * left in a hand after melding from it and laying off onto the table's
 * melds.  This file walks the ways one table meld grows (the plan of
 * moves, rummy/goout_plan.c, chooses among them) and asks the value of
 * the states it reaches of rummy/goout_chain.c's search;
 * rummy/goout_table.c sets the search up and holds the entry points;
 * whether the player can go out this turn is rummy/goout_out.c's.
 *
 * ALGORITHM
 *
 * Any sequence of table moves (lay off, take a joker) ends with each table
 * meld holding its old faces, some of its jokers replaced by naturals from
 * the hand (R5), plus faces added at the ends of a run (a chain, each a
 * natural or a named joker) or the missing suit of a 3-card set.  The same
 * end is reached by taking the jokers first (a take only needs the
 * natural in hand; it frees a joker for later moves) and then laying off
 * meld by meld, outward from a run's ends.  A state is the cards left,
 * the runs still to grow (those from meld i on, in the search's order:
 * runs by suit from their low ends, then sets) and the 3-card sets still
 * counted (from meld `from` on); its value, the least value left from it,
 * is one search of rummy/goout_chain.c: the melding of the cards left in
 * which the runs' ends and the sets' missing faces are more ways to meld,
 * the jokers left over fitting the room the runs and sets have.
 *
 * Jokers left over (dump).  A run can take jokers at its ends until it
 * spans 13 ranks (never 14, never the ace at both ends: 13 less its length
 * is its room), a 3-card set one card.  When the table has room, summed
 * over its runs and 3-card sets, for every card of the hand (each card
 * laid off takes one place; a take leaves the count as it is), whatever
 * is laid on it, the jokers left still fit: a joker no natural follows on
 * a run's end is the same as one held, and the jokers left cost nothing.  Then
 * taking a table joker is never worse than keeping it (the joker stands
 * for its natural wherever the natural would go; one left over is laid
 * off): the search takes every joker the hand can, without branching (the
 * first table joker of each copy of a natural, in the table's order).
 * Without dump the jokers left over fit only the room left (the runs'
 * ends, the sets lacking a face, the hand's melds), and every choice of
 * table jokers to take is searched (gr__goout_swaps_best, a branch and
 * bound on the value).
 *
 * The plan (rummy/goout_plan.c) walks the melds in the search's order:
 * at each choice, the first option whose state is worth the best, in
 * this order: keep a table joker before taking it (with dump, take it:
 * as good, and no search); for a run, no card at the low end before one,
 * two, ...; at each end, stopping before growing, a natural before a
 * joker (with dump, an end never stops on a joker); for a 3-card set,
 * nothing, then the natural, then a joker.  A run no card of the hand
 * can reach, and a set's last option when the others fall short, are
 * taken unsearched.  The moves name the table's melds.  With dump the
 * jokers left after the walk are laid off, as many as leave the best (the
 * hand melds those its naturals need), each on the last meld of the
 * search's order with room (a 3-card set still lacking its face, else a
 * run, at its high end, then its low end), listed with that meld's
 * layoffs.
 *
 * Laying off from the hand onto melds laid down in the same turn is never
 * needed: it is the same as laying down the larger meld.
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/goout.h"
#include "rummy/goout_search.h"
#include "rummy/melding.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- the extensions of one meld ------------------------------------------ */

static void grow_end(search *S, int i, const gr_rummy_hand *left, growth *g,
                     growth_fn fn, void *ctx, int low);

/* put the face at position q (a natural, then a joker) and grow on */
static void grow_at(search *S, int i, const gr_rummy_hand *left, const growth *g,
                    growth_fn fn, void *ctx, int low, int q)
{
    int f = face_at(S->t[i].suit, q);
    gr_cards b = GR_CARD_BIT(f);
    for (int joker = 0; joker <= 1 && !S->done; joker++) {
        if (joker ? left->jokers == 0 : gr__rhand_has(left, (gr_card)f) == 0)
            continue;
        gr_rummy_hand l2 = *left;
        if (joker)
            l2.jokers--;
        else
            gr__rhand_remove(&l2, (gr_card)f);
        growth g2 = *g;
        if (low)
            g2.lo = q;
        else
            g2.hi = q;
        g2.faces |= b;
        if (joker)
            g2.jokers |= b;
        grow_end(S, i, &l2, &g2, fn, ctx, low);
    }
}

/* where a growth may stop: at the low end, the high end's growths; at the
 * high end, fn */
static void stop_here(search *S, int i, const gr_rummy_hand *left, growth *g,
                      growth_fn fn, void *ctx, int low)
{
    if (low)
        grow_end(S, i, left, g, fn, ctx, 0);
    else
        fn(S, i, left, g, ctx);
}

/* Grow a run: at the high end (low = 0) each way calls fn; at the low end
 * (low = 1) each way then grows the high end; stopping first.  A run never
 * holds 14 positions nor the ace at both ends. */
static void grow_end(search *S, int i, const gr_rummy_hand *left, growth *g,
                     growth_fn fn, void *ctx, int low)
{
    /* with dump, never stop on a joker: the leaf's slots take it */
    int stop = !S->dump || !(g->jokers & GR_CARD_BIT(face_at(S->t[i].suit, low ? g->lo : g->hi)))
             || (low ? g->lo == S->t[i].lo : g->hi == S->t[i].hi);
    if (stop)
        stop_here(S, i, left, g, fn, ctx, low);
    int q = low ? g->lo - 1 : g->hi + 1;
    if (!S->done && g->hi - g->lo + 1 < 13 && q >= 0 && q <= S->last
        && !(low ? q == 0 && g->hi == 13 : g->lo == 0 && q == 13))
        grow_at(S, i, left, g, fn, ctx, low, q);
}

/* (goout_search.h) */
int gr__goout_set_lacks(const tmeld *m)
{
    if (gr__popcount(m->cards) != 3)
        return -1;
    for (int s = 0; s < 4; s++)
        if (!(m->cards >> face_at(s, m->rank) & 1))
            return face_at(s, m->rank);
    return -1;
}

/* (goout_search.h) */
void gr__goout_each_growth(search *S, int i, const gr_rummy_hand *left, growth_fn fn,
                           void *ctx)
{
    const tmeld *m = &S->t[i];
    growth g = { 0, 0, m->lo, m->hi };
    if (m->run) {
        grow_end(S, i, left, &g, fn, ctx, 1);
        S->done = 0;
        return;
    }
    fn(S, i, left, &g, ctx);
    int f = gr__goout_set_lacks(m);
    if (f < 0 || S->done) {
        S->done = 0;
        return;
    }
    gr_cards b = GR_CARD_BIT(f);
    if (gr__rhand_has(left, (gr_card)f) > 0) {
        gr_rummy_hand l2 = *left;
        gr__rhand_remove(&l2, (gr_card)f);
        growth g2 = { b, 0, 0, 0 };
        fn(S, i, &l2, &g2, ctx);
    }
    if (left->jokers > 0 && !S->done) {
        gr_rummy_hand l2 = *left;
        l2.jokers--;
        growth g2 = { b, b, 0, 0 };
        fn(S, i, &l2, &g2, ctx);
    }
    S->done = 0;
}

/* ---- the search ------------------------------------------------------------ */


/* the naturals of `left` that run i could take, each end grown through
 * the naturals held and as many gaps as there are jokers (more than it
 * can: the length and the ace are not checked) */
static gr_cards run_reach(const search *S, int i, const gr_rummy_hand *left)
{
    const tmeld *m = &S->t[i];
    gr_cards got = 0;
    for (int dir = -1; dir <= 1; dir += 2) {
        int gaps = left->jokers;
        for (int q = dir < 0 ? m->lo - 1 : m->hi + 1; q >= 0 && q <= S->last; q += dir) {
            gr_cards b = GR_CARD_BIT(face_at(m->suit, q));
            if (left->once & b)
                got |= b;
            else if (gaps-- == 0)
                break;
        }
    }
    return got;
}

/* (goout_search.h) */
bool gr__goout_run_can_grow(const search *S, int i, const gr_rummy_hand *left)
{
    const tmeld *m = &S->t[i];
    if (left->jokers > 0 && S->dump)
        return m->hi - m->lo + 1 < 13 && run_reach(S, i, left) != 0;
    if (left->jokers > 0)
        return m->hi - m->lo + 1 < 13;
    gr_cards ends = 0;
    if (m->lo > 0 && !(m->lo == 1 && m->hi == 13))
        ends |= GR_CARD_BIT(face_at(m->suit, m->lo - 1));
    if (m->hi < S->last && !(m->lo == 0 && m->hi + 1 == 13))
        ends |= GR_CARD_BIT(face_at(m->suit, m->hi + 1));
    return (left->once & ends) != 0;
}

/* (goout_search.h) */
int gr__goout_best_from(search *S, int i, int from, const gr_rummy_hand *left, int alpha)
{
    return gr__goout_chain_value(S, i, from, left, alpha);
}
