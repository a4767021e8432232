/*
 * rummy/goout.c: going out with the table (R4, R5, R7): the least value
 * left in a hand after melding from it and laying off onto the table's
 * melds: the search and its memo (rummy/goout_table.c sets it up and
 * holds the entry points; the plan of moves is rummy/goout_plan.c's;
 * whether the player can go out this turn is rummy/goout_out.c's, from
 * these searches).
 *
 * ALGORITHM
 *
 * Any sequence of table moves (lay off, take a joker) ends with each table
 * meld holding its old faces, some of its jokers replaced by naturals from
 * the hand (R5), plus faces added at the ends of a run (a chain, each a
 * natural or a named joker) or the missing suit of a 3-card set.  The same
 * end is reached by taking the jokers first (a take only needs the
 * natural in hand; it frees a joker for later moves) and then laying off
 * meld by meld, outward from a run's ends.  So the search is exhaustive
 * over:
 *   1. which table jokers to take (each one named by a natural the hand
 *      holds), then
 *   2. for each table meld in turn, how far each end of a run grows and
 *      whether each new face is a natural or a joker (or the set's 4th
 *      card),
 * and each leaf is valued by gr__rummy_value on the cards left (melding
 * from the hand is exact there).  The states (meld index, cards left) are
 * memoised, so a hand reaching the same cards left by different layoffs is
 * valued once.
 *
 * Jokers left over (dump).  A run can take jokers at its ends until it
 * spans 13 ranks (never 14, never the ace at both ends: 13 less its length
 * is its room).  When the table's runs have room, summed, for every card
 * of the hand (a take leaves the count as it is), whatever the search lays
 * on them, the jokers left still fit: so a joker no natural follows on a
 * run's end (one that ends the chain) is the same as a joker held and laid
 * off at the end.  The search then lays a joker on a run only as a bridge
 * (a natural further out on that end: it never stops an end on a joker),
 * and the leaf's value counts a slot of a face the hand never holds that
 * takes jokers only, as many as there can be: the jokers left no meld of
 * the hand needs cost nothing there.  With that, taking a table joker is
 * never worse than keeping it (the joker stands for its natural wherever
 * the natural would go; a meld whose only natural it was has its jokers
 * laid off instead; one left over is laid off): so the search takes every
 * joker the hand can, without branching (the first table joker of each
 * copy of a natural, in the table's order).  A table of few long runs
 * (less room than cards) is searched as before, every joker placement and
 * every choice of jokers to take.
 *
 * Sets are not searched.  A 3-card set takes one face, its missing suit,
 * as a natural or a joker, and nothing else can go there; so the search
 * grows the runs only, and the leaf's value (gr__rummy_value_slots) takes
 * the sets: a natural no meld of the hand takes may be laid off alone on a
 * set lacking its face (as many as there are such sets), and the sets left
 * empty hold jokers (with a run in the hand every joker melds anyway): the
 * search of rummy/melding_small.c does both for hands of up to 14
 * naturals, the melding DP and its set-only knapsack for larger ones.
 * Sets of 4 cards take nothing.  The value pass thus grows only the runs
 * that can take a card of the hand (an end face held, or a joker); a table
 * of 26 sets costs about what the hand alone does.  The plan pass walks
 * the melds in order as below, a set's options valued with the sets after
 * it only (the states are keyed by the first set still counted, so runs
 * share them).  Runs remain searched, as a branch and bound.  The runs are
 * walked suit by suit (each suit's from its low end), then the sets.  A
 * state's value is asked below a bound alpha: the best found so far (the
 * value pass), the best + 1 (the plan pass: is this option as good as the
 * best?), 16 and 1 (can go out: the least value up to 15, which bounds
 * the cards worth keeping back; can all but the card kept back go?), 1
 * in the discard mode (rummy/goout_out.c: a leaf is 0 when all but one
 * card goes; the bound counts the cards that can go nowhere); a
 * state stops at a value no
 * state can go below (0; the best, in the plan pass).  A lower bound cuts
 * a state whose naturals that can go nowhere are worth alpha or more:
 * those no meld of the cards left holds (gr__rpattern_faces), no 3-card
 * set still counted lacks and no run still to grow reaches (through the
 * naturals held and one joker a gap); once a suit's runs are behind, its
 * naturals left are seen; and the second copies of faces only a set of the
 * hand can take (no run of the hand, no set, no run to grow) when fewer
 * than 6 cards and jokers of the rank are left (both copies would need two
 * sets); the bound is asked before a leaf's value too.  With dump and a
 * joker in hand, a second bound at the first run of each suit, and at
 * the first of a suit's runs from a new low end (a block: both decks'
 * copies of a run, say) while those asked there cut one time in four at
 * least (after 64 asks: where they seldom cut they only cost; the
 * climbed inputs' calls took a third less time in all with them, the
 * slowest as long): the leaf's value when every natural a run still to
 * grow could reach (as above) may instead be laid off alone for nothing
 * (a slot of its face) and the jokers stay in hand (they cost nothing):
 * however the runs grow, they leave a hand that values no lower.  It
 * sees the jokers the naturals of the suits (or blocks) behind need to
 * meld in the hand; it costs a leaf's value, so it is asked only when a
 * natural needs a joker to go (in no meld of naturals, no set, no run's
 * reach).  The value pass grows each run before stopping it, so the best
 * is found early.  The memo
 * keeps exact values and bounds (a value that was not below the alpha
 * asked), and holds at most GOOUT_MAX_STATES (2^20); the search stops with
 * GR_ENOMEM beyond.  A leaf's value is asked below alpha too, and a meld's
 * growths stop once the best is reached.  Measured (bench-rummy worst,
 * tests/rummy_hostile.h, hands of up to 14 cards, medians, loaded
 * machine): the plan 7 to 19 us on every table built there (both kings
 * left without their queen 13 us, 0.15 ms before the spare copies; 2
 * jokers next to 24 runs 12 us, 32 before), a way out 2 to 8 us.  The
 * inputs climbing found within two decks (R1; those found before held a
 * face up to 4 times, which no game can, and took 3 to 10 ms): 14
 * cards next to 18 to 25 runs and sets, most runs there twice, 1
 * to 10 points left, the plan up to 3.4 ms, the answer 3.9 (5 to 8 with
 * a card barred), the way out with its plan 9.4: some 6000 to 8000
 * states, the ways each suit's cards go to its runs multiplied over the
 * suits, at about 0.4 us each (a bound, a memo probe or a melding of
 * the cards left); no bound sees how the cards of the hand compete for
 * the runs' ends and the jokers.  A second pass rebuilds the plan: at each
 * choice, the first option whose value is the best, in this order: keep a
 * table joker before taking it (with dump, take it: as good, and no
 * search); for a run, no card at the low end before one, two, ...; at
 * each end, stopping before growing, a natural before a joker; for a
 * 3-card set, nothing, then the natural, then a joker.  The melds are
 * chosen for in the search's order (runs by suit, then sets); the moves
 * name the table's melds.  A set's last option is taken unsearched when
 * the others fall short (the state's value is the best).  With dump the
 * jokers left after the walk are laid off, as many as leave the best (the
 * hand melds those its naturals need), each on the last meld of the
 * search's order with room (a 3-card set still lacking its face, else a
 * run, at its high end, then its low end), listed with that meld's
 * layoffs.  The first way out found would not keep this tie-break.
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
