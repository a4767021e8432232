/*
 * layoff_search.c: the defender's least deadwood with layoffs onto the
 * knocker's melds (G17, G19), by the option search of meld_search.c.
 *
 * ALGORITHM
 *
 * Laying off on a run is melding with the knocker's run cards: add them to
 * the hand as cards that join runs only (never sets) and count nothing
 * (they always lie in a block of 3+, so gr__run_dead[] of a suit counts the
 * hand's cards only).  A block of 3+ holding knocker cards is his run with
 * the defender's cards laid off on it, chained outward; the other blocks
 * are the defender's own runs.  So the least deadwood is the same set
 * enumeration as meld_search.c's (lay_enum walks the same option list),
 * and each leaf lays off exactly the hand's cards in blocks that hold a
 * knocker card, and the 4th cards of the knocker's 3-sets ("fourths")
 * left dead: every other hand card is in a set, in a run of his own, or
 * dead with nothing to join.  A fourth that could also be in a run of his
 * own is tried both ways at the leaf (see lay_leaf_at_best).
 *
 * Invariants:
 *   - the best leaf is the least deadwood, then the most cards laid off,
 *     then the numerically least laid-off mask (the documented
 *     tie-break); a leaf is dropped before its flood only when even
 *     laying off all of its run and fourth cards cannot win the tie;
 *   - between equal layoffs his melds are the ones gr__arrange would
 *     choose for the cards he keeps (lay_consider), so the caller needs
 *     no second search.
 */
#include "gin/layoff.h"
#include "gin/meld_search.h"

typedef struct lay_search {
    gr_cards hand, runs;
    gr_cards fourths;            /* 4th cards of his sets the hand holds */
    gr_cards fourths_own;        /* those that could be in a run of its own */
    int fourths_pts;             /* points of the fourths */
    int dead, cnt;               /* the best leaf so far: */
    gr_cards laid, sets, kdead;  /* what it lays off, his sets and dead */
} lay_search;

/* gr__arrange's order of the set choices of a hand (see cut_enum): ranks
 * from the ace up, each with no set, the whole set, then the set without
 * its clubs .. spades card.  True if `sets` comes before `other`. */
static bool cut_before(gr_cards hand, gr_cards sets, gr_cards other)
{
    gr_cards d = sets ^ other;
    if (!d)
        return false;
    int r = __builtin_ctz((unsigned)((d | d >> 13 | d >> 26 | d >> 39) & GR_SUIT_MASK));
    gr_cards all = hand & GR_RANK_BITS(r), s = sets & all, o = other & all;
    /* 0 no set, 1 the whole set, 2 + s without suit s's card */
    unsigned vs = !s ? 0 : s == all ? 1 : 2 + __builtin_ctzll(all & ~s) / 13;
    unsigned vo = !o ? 0 : o == all ? 1 : 2 + __builtin_ctzll(all & ~o) / 13;
    return vs < vo;
}

/* A candidate: `laid` laid off, `dead` points of his left dead, x the
 * cards left for runs and dm its dead mask.  Between equal layoffs, his
 * melds are chosen as gr__arrange would choose them for the cards he
 * keeps: fewest dead cards, the smallest dead mask, then the first set
 * choice in the order of its cut.  Every least-deadwood arrangement of
 * those cards is a leaf here (the same set options), so that is his
 * gr_arrange. */
static inline void lay_consider(lay_search *l, int dead, gr_cards laid,
                                gr_cards x, gr_cards dm)
{
    int cnt = gr__popcount(laid);
    gr_cards kdead = dm & l->hand & ~laid, sets = l->hand & ~x & ~laid;
    if (dead == l->dead && cnt == l->cnt && laid == l->laid) {
        int a = gr__popcount(kdead), b = gr__popcount(l->kdead);
        gr_cards kept = l->hand & ~laid;
        if (a > b || (a == b && (kdead > l->kdead || (kdead == l->kdead &&
                      !cut_before(kept, sets, l->sets)))))
            return;
    } else if (!(dead < l->dead || cnt > l->cnt || (cnt == l->cnt && laid < l->laid))) {
        return;
    }
    l->dead = dead;
    l->cnt = cnt;
    l->laid = laid;
    l->sets = sets;
    l->kdead = kdead;
}

/* the leaf x with each subset of `own` (fourths in runs of his own,
 * not chained to the knocker's) laid off on the knocker's sets instead;
 * rare, so out of line: lay_leaf_at_best needs fewer registers */
static GR__NOINLINE void lay_own_fourths(lay_search *l, gr_cards x, gr_cards own)
{
    for (gr_cards sub = own; sub; sub = (sub - 1) & own) {
        gr_cards y = x & ~sub, dy = dead_mask(y), fy = l->fourths & dy;
        int d = sum_dead(y) - gr__few_points(fy);
        if (d <= l->dead)
            lay_consider(l, d, (gr__flood(l->runs, y & ~dy) & l->hand) | fy | sub, y, dy);
    }
}

/* A leaf: the cards x are left for runs, `dead` points stay deadwood.
 * A fourth of his own (see gr__deadwood_runs) in a run of his own may instead be
 * laid off on the knocker's set: x without it never has less deadwood
 * (fewer cards make no new block), so that is tried only here, for the
 * leaves at least as good as the best. */
static void lay_leaf_at_best(lay_search *l, gr_cards x, int dead)
{
    gr_cards dm = dead_mask(x), dead_fourths = l->fourths & dm;
    if (dead_fourths)                    /* laid off on the knocker's sets */
        dead -= dead_fourths == l->fourths ? l->fourths_pts : gr__few_points(dead_fourths);
    if (dead > l->dead)
        return;
    if (dead == l->dead) {
        /* A tie: the leaf (and each of its variants with fourths laid
         * off) lays off at most the cards `most`, all of them only if its
         * mask is `most` (see lay_consider) */
        gr_cards most = l->hand & x & (~dm | l->fourths);
        int n = gr__popcount(most);
        if (n < l->cnt || (n == l->cnt && most > l->laid))
            return;
    }
    gr_cards reach = gr__flood(l->runs, x & ~dm);
    lay_consider(l, dead, (reach & l->hand) | dead_fourths, x, dm);
    gr_cards own = l->fourths_own & x & ~dm & ~reach;
    if (own)
        lay_own_fourths(l, x, own);
}

/* most leaves are worse than the best even with their fourths laid off
 * (they are all in x): the test is inline */
static inline void lay_leaf(lay_search *l, gr_cards x, int dead)
{
    if (dead - l->fourths_pts <= l->dead)
        lay_leaf_at_best(l, x, dead);
}

static void lay_enum(const conflicts *c, int i, gr_cards x, lay_search *l)
{
    if (i < c->o.levels - 1) {
        gr_cards run = x & ~dead_mask(x);
        for (int j = 0; j < c->o.nopt[i]; j++)
            if (split_useful(&c->o, i, j, run))
                lay_enum(c, i + 1, x & ~c->o.opt[i][j], l);
        return;
    }
    /* inner level, as in enum_dead: no set, the whole set, the set
     * without one card (its suit's two lookups) */
    gr_cards whole = c->o.opt[i][OPT_WHOLE], rest = x & ~whole;
    int with[4], without[4];
    int dead_none = suits_dead(x, with), dead_whole = suits_dead(rest, without);
    lay_leaf(l, rest, dead_whole);
    lay_leaf(l, x, dead_none);
    for (unsigned splits = c->split; splits; splits &= splits - 1) {
        int s = __builtin_ctz(splits);
        lay_leaf(l, rest | (x & whole & ((gr_cards)GR_SUIT_MASK << 13 * s)),
                 dead_whole - without[s] + with[s]);
    }
}

int gr__deadwood_runs(gr_cards hand, gr_cards runs, gr_cards fourths_chained,
                      gr_cards fourths_own, gr_cards *laid, gr_cards *sets)
{
    unsigned m[4] = { gr__suit(hand, 0), gr__suit(hand, 1),
                      gr__suit(hand, 2), gr__suit(hand, 3) };
    gr_cards fourths = fourths_chained | fourths_own;
    lay_search l = { hand, runs, fourths, fourths_own, gr__few_points(fourths),
                     DP_INF, 0, 0, 0, 0 };
    conflicts c;

    if (!gr__ranks3(m)) {                    /* no set possible */
        gr_cards x = hand | runs;
        lay_leaf(&l, x, sum_dead(x));
    } else {
        if (gr__classify(hand, runs, m, &c, false) > MAX_LEAVES)
            return -1;
        if (c.o.levels == 0)
            lay_leaf(&l, c.hand, sum_dead(c.hand));
        else
            lay_enum(&c, 0, c.hand, &l);
    }
    *laid = l.laid;
    *sets = l.sets;
    return l.dead;
}
