/*
 * meld_search.c: the set choices of hands with set/run conflicts (G5):
 * least deadwood, best discard and the documented arrangement.
 *
 * ALGORITHM
 *
 * Without sets, a suit's cards in a block of 3 or more consecutive ranks
 * are all melded (the block is one run) and the others are deadwood, so
 * the least deadwood of a suit is a table lookup (gr__run_dead) and that
 * of a hand the sum of four.  Sets matter only at the "conflict ranks":
 * ranks held 3+ times with a card that could be in a run (melds.c takes
 * the whole set of every other rank held 3+ times: leaving a card out
 * could only add deadwood).  At a conflict rank every choice is an
 * option: the whole set, no set, and (4 cards) the 3-set leaving out one
 * card that could be in a run.  A leaf is one option per conflict rank;
 * its deadwood is the table sum over the cards no set took.
 *
 * The options form one list (set_options, gin/meld_search.h) that every
 * enumerator walks: enum_dead (least deadwood), enum_discard (best
 * discard; discard_last_two when there are two levels), cut_enum (the
 * arrangement) and lay_enum (layoff_search.c).
 * classify orders the levels for the first, second and fourth: the
 * conflict rank with most options last ("inner"), whose options are
 * evaluated together from 8 lookups (four suits with and without its
 * cards); cut_enum keeps the order of the documented cut (ranks from
 * the ace up).
 *
 * Invariants:
 *   - a split option (a set without one card) is tried only while the
 *     card left out can still be in a run (split_useful): otherwise the
 *     whole set does at least as well, and the documented cut prefers it;
 *   - a discard key (gin/meld_search.h) orders candidates by deadwood
 *     after the discard, then points, then card number, so the largest
 *     key over all leaves is the documented best discard;
 *   - every bound that skips a level (best > 0 in enum_dead, topkey and
 *     discard_hopeless in enum_discard) skips only leaves that cannot win
 *     strictly, and ties are resolved by the key, so skipping never
 *     changes the answer;
 *   - more than MAX_LEAVES leaves (never 10 or 11 cards; some hands of
 *     12+) go to the dynamic program (meld_dp.c), which is exact too.
 */
#include "gin/meld_search.h"

/* level i: the options of conflict rank r (runc: the hand's cards lying in
 * a block of 3+); returns their number */
static inline int fill_level(set_options *o, int i, gr_cards hand, gr_cards runc, int r)
{
    gr_cards all = hand & GR_RANK_BITS(r);
    int n = OPT_SPLIT;
    o->opt[i][OPT_WHOLE] = all;          /* the whole set first: in dense
                                            hands it is usually best */
    o->opt[i][OPT_NONE] = 0;
    if (all == GR_RANK_BITS(r))          /* suits clubs .. spades */
        for (gr_cards left = runc & all; left; left &= left - 1)
            o->opt[i][n++] = all & ~(left & -left);
    return o->nopt[i] = n;
}

/* level i of a classify: its options, and the key of dropping a card of
 * its whole set when that is a 4-set (it keeps a 3-set: gain 0) */
static inline int classify_level(conflicts *c, int i, gr_cards hand, gr_cards runc, int r)
{
    c->setkey[i] = (hand & GR_RANK_BITS(r)) == GR_RANK_BITS(r)
                 ? DISCARD_KEY(0, gr__rank_points(r), 39 + r) : 0;
    return fill_level(&c->o, i, hand, runc, r);
}

/* (gin/meld_search.h) The conflict rank with most options (the first
 * such) is the last level. */
long gr__classify(gr_cards hand, gr_cards runs, const unsigned m[4],
                  conflicts *c, bool want_discard)
{
    gr_cards both = hand | runs, runc = both & ~dead_mask(both), hrun = runc & hand;
    unsigned r3 = gr__ranks3(m);
    unsigned anyrun = gr__ranks_any(hrun);
    unsigned forced = r3 & ~anyrun, conf = r3 & anyrun;
    unsigned four = conf & gr__ranks_all(hand);

    c->forced_key = want_discard && forced ? forced_discard_key(hand, forced) : 0;
    c->hand = both & ~((gr_cards)forced * GR_RANK_BITS(0) & hand);
    c->split = 0;
    c->topkey = 0;
    if (want_discard) {                     /* the best card: most points, then
                                            the largest number */
        gr_cards tens = hand & GR_TEN_POINTS;
        int r = 31 - __builtin_clz(m[0] | m[1] | m[2] | m[3]);
        int top = 63 - __builtin_clzll(tens ? tens : hand & GR_RANK_BITS(r));
        c->topkey = DISCARD_KEY(0, gr__rank_points(r), top) + KEY_OFFSET(0);
    }
    if (!conf) {
        c->o.levels = 0;
        return 1;
    }
    /* The inner level: the first 4-card rank with most options (2, plus
     * one per card that could be in a run; the constant holds the bit
     * counts of 0..15), else the first 3-card rank (2 options). */
    long leaves = 1;
    int inner = __builtin_ctz(conf), most = 2;
    for (unsigned rs = four; rs; rs &= rs - 1) {
        int r = __builtin_ctz(rs);
        int n = 2 + (int)(0x4332322132212110ull >> 4 * gr__rank_suits(runc, r) & 15);
        leaves *= n;
        if (n > most) {
            most = n;
            inner = r;
        }
    }
    /* the 3-card ranks first: once decided, they often leave a 4-set's
     * split options no run to go in (see split_useful) */
    int k = 0;
    for (unsigned rs = conf & ~four & ~(1u << inner); rs; rs &= rs - 1) {
        classify_level(c, k++, hand, runc, __builtin_ctz(rs));
        leaves *= 2;
    }
    for (unsigned rs = four & ~(1u << inner); rs; rs &= rs - 1)
        classify_level(c, k++, hand, runc, __builtin_ctz(rs));
    if (classify_level(c, k++, hand, runc, inner) > 2)
        c->split = gr__rank_suits(runc, inner);
    else
        leaves *= 2;                     /* a 3-card inner rank */
    c->o.levels = k;
    c->inner_rank = inner;
    gr_cards later = 0;
    for (int i = want_discard ? k - 1 : -1; i >= 0; i--)   /* for enum_discard */
        c->later[i] = later |= c->o.opt[i][OPT_WHOLE];
    return leaves;
}

/* least deadwood over the options of levels i.. (at least one), with the
 * cards x left for runs */
static int enum_dead(const conflicts *c, int i, gr_cards x)
{
    if (i == c->o.levels - 1) {
        /* inner level: no set, the whole set, the set without one card
         * (that suit's deadwood as without the set) */
        gr_cards rest = x & ~c->o.opt[i][OPT_WHOLE];
        int dead_none = 0, dead_whole = 0, split_gain = 0;
        for (int s = 0; s < 4; s++) {
            int with = gr__run_dead[gr__suit(x, s)];
            int without = gr__run_dead[gr__suit(rest, s)];
            dead_none += with;
            dead_whole += without;
            if (c->split >> s & 1)
                split_gain = min2(split_gain, with - without);
        }
        return min2(dead_none, dead_whole + split_gain);
    }
    int best = DP_INF;
    gr_cards run = x & ~dead_mask(x);
    for (int j = 0; j < c->o.nopt[i] && best > 0; j++)
        if (split_useful(&c->o, i, j, run))
            best = min2(best, enum_dead(c, i + 1, x & ~c->o.opt[i][j]));
    return best;
}

/* Best discard key over the options of the last two levels, with the
 * cards x left and kout the key from the levels before (used for hands
 * with two conflict ranks: with three, enum_discard's bounds skip more).
 * Each level takes its whole set, no set, or (a 4-set) the set without
 * one card.  So each suit is in one of 4 states, whether its card of
 * either rank is in a set; 32 lookups give every suit's deadwood
 * dead_of[state][suit] and best discard key_of[state][suit], and every
 * pair of options is a few sums and maxima of those. */
static int discard_last_two(const conflicts *c, gr_cards x, int kout)
{
    int best = 0;
    int i = c->o.levels - 2;
    gr_cards outer_set = c->o.opt[i][OPT_WHOLE], inner_set = c->o.opt[i + 1][OPT_WHOLE];
    /* state st: bit 0 the outer whole set taken, bit 1 the inner one */
    gr_cards kept[4] = { x, x & ~outer_set, x & ~inner_set, x & ~outer_set & ~inner_set };
    int key_outer = max2(kout, c->setkey[i]), key_inner = c->setkey[i + 1];
    int dead_of[4][4], key_of[4][4], total[4], top[4], top2[4];

    for (int st = 3; st >= 0; st--) {
        total[st] = top[st] = top2[st] = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
        for (int s = 0; s < 4; s++) {
            unsigned m = gr__suit(kept[st], s);
            dead_of[st][s] = gr__run_dead[m];
            key_of[st][s] = gr__discard_best[m] + 13 * s;
            total[st] += dead_of[st][s];
            top2[st] = max2(top2[st], min2(top[st], key_of[st][s]));
            top[st] = max2(top[st], key_of[st][s]);
        }
        if (st == 3) {                   /* both whole sets first: in dense
                                            hands they are usually best */
            best = max2(best, max2(max2(key_outer, key_inner), top[3]) + KEY_OFFSET(total[3]));
            if (best >= c->topkey)
                return best;
        }
    }
/* the best key of state st's suits other than a (keys are distinct: the
 * card number is in them) */
#define MAX_BUT(st, a) (key_of[st][a] == top[st] ? top2[st] : top[st])
    /* suits whose card of the outer (inner) set may be left out: still
     * in a block of 3+ (leaving out another card only adds deadwood) */
    gr_cards run = x & ~dead_mask(x);
    unsigned outer_splits = 0, inner_splits = c->split & gr__rank_suits(run, c->inner_rank);
    for (int j = 2; j < c->o.nopt[i]; j++) {
        gr_cards left = outer_set & ~c->o.opt[i][j];
        if (left & run)
            outer_splits |= 1u << __builtin_ctzll(left) / 13;
    }

    /* outer: whole set (state bit 0 set) or no set */
    best = max2(best, max2(max2(kout, key_inner), top[2]) + KEY_OFFSET(total[2]));
    for (int w = 1; w >= 0; w--) {
        int ka = w ? key_outer : kout;
        best = max2(best, max2(ka, top[w]) + KEY_OFFSET(total[w]));
        for (unsigned sp = inner_splits; sp; sp &= sp - 1) {
            int b = __builtin_ctz(sp), u = w | 2;
            int key = max2(ka, max2(key_of[w][b], MAX_BUT(u, b)));
            best = max2(best, key + KEY_OFFSET(total[u] - dead_of[u][b] + dead_of[w][b]));
        }
    }
    /* outer set without suit a's card */
    for (unsigned sa = outer_splits; sa; sa &= sa - 1) {
        int a = __builtin_ctz(sa);
        int key = max2(max2(kout, key_inner), max2(key_of[2][a], MAX_BUT(3, a)));
        best = max2(best, key + KEY_OFFSET(total[3] - dead_of[3][a] + dead_of[2][a]));
        key = max2(kout, max2(key_of[0][a], MAX_BUT(1, a)));
        best = max2(best, key + KEY_OFFSET(total[1] - dead_of[1][a] + dead_of[0][a]));
        for (unsigned sp = inner_splits; sp; sp &= sp - 1) {
            int b = __builtin_ctz(sp), dead;
            if (b == a) {
                key = max2(key_of[0][a], MAX_BUT(3, a));
                dead = total[3] - dead_of[3][a] + dead_of[0][a];
            } else {
                unsigned rest = 15u & ~(1u << a) & ~(1u << b);
                key = max2(max2(key_of[2][a], key_of[1][b]),
                           max2(key_of[3][__builtin_ctz(rest)], key_of[3][31 - __builtin_clz(rest)]));
                dead = total[3] - dead_of[3][a] - dead_of[3][b] + dead_of[2][a] + dead_of[1][b];
            }
            best = max2(best, max2(kout, key) + KEY_OFFSET(dead));
        }
    }
#undef MAX_BUT
    return best;
}

/* True if no option of levels i.. can beat the key best, with the cards x
 * left.  Cards of x outside every block of 3+ and not at the ranks of
 * levels i.. stay deadwood whatever is chosen; one discard gains at most
 * the points of the highest of them (or of a card that adds to them). */
static inline bool discard_hopeless(const conflicts *c, int i, gr_cards x,
                                    int best)
{
    gr_cards dm = dead_mask(x) & ~c->later[i];
    if (!dm)
        return false;
    unsigned ranks = gr__ranks_any(dm);
    return sum_dead(dm) - gr__rank_points(31 - __builtin_clz(ranks)) > KEY_VALUE(best);
}

/* best discard key over the options of levels i.. (k >= 1).  `best` is
 * the best key found so far: a level that cannot beat it is not entered
 * (discard_hopeless, tested by the caller: most calls end there), and an
 * inner level whose options cannot reach its value (least deadwood less
 * the best gain of any one discard) is skipped after its lookups. */
static int enum_discard(const conflicts *c, int i, gr_cards x, int kout,
                        int best)
{
    if (i == c->o.levels - 1) {
        /* per suit, with the inner rank's cards (no set) and without them
         * (in the set): the deadwood and the best discard key */
        gr_cards rest = x & ~c->o.opt[i][OPT_WHOLE];
        int dead_with[4], dead_without[4], key_with[4], key_without[4];
        int dead_none = 0, dead_whole = 0, split_gain = 0, key_bound = kout;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
        for (int s = 0; s < 4; s++) {
            unsigned with = gr__suit(x, s), without = gr__suit(rest, s);
            dead_with[s] = gr__run_dead[with];
            dead_without[s] = gr__run_dead[without];
            key_with[s] = gr__discard_best[with] + 13 * s;
            key_without[s] = gr__discard_best[without] + 13 * s;
            dead_none += dead_with[s];
            dead_whole += dead_without[s];
            key_bound = max2(key_bound, max2(key_with[s], key_without[s]));
            split_gain = min2(split_gain, (c->split >> s & 1)
                                          ? dead_with[s] - dead_without[s] : 0);
        }
        /* no option leaves less than min(dead_none, dead_whole +
         * split_gain), and no discard has a larger key than key_bound:
         * skip the keys when that cannot beat best */
        key_bound = max2(key_bound, c->setkey[i]);
        if (key_bound + KEY_OFFSET(min2(dead_none, dead_whole + split_gain)) <= best)
            return best;
        /* the whole set: the best and second best key of the suits */
        int top1 = max2(key_without[0], key_without[1]);
        int top2 = min2(key_without[0], key_without[1]);
        for (int s = 2; s < 4; s++) {
            top2 = max2(top2, min2(top1, key_without[s]));
            top1 = max2(top1, key_without[s]);
        }
        best = max2(best, max2(max2(kout, c->setkey[i]), top1) + KEY_OFFSET(dead_whole));
        /* no set */
        int key = max2(kout, max2(max2(key_with[0], key_with[1]),
                                  max2(key_with[2], key_with[3])));
        best = max2(best, key + KEY_OFFSET(dead_none));
        /* the 4-set without suit s's card, for cards that can still be
         * in a run (split_useful; keys are distinct: the card number is
         * in them) */
        unsigned splits = c->split ? c->split & gr__rank_suits(x & ~dead_mask(x), c->inner_rank) : 0;
        for (; splits; splits &= splits - 1) {
            int s = __builtin_ctz(splits);
            key = max2(max2(kout, key_with[s]), key_without[s] == top1 ? top2 : top1);
            best = max2(best, key + KEY_OFFSET(dead_whole - dead_without[s] + dead_with[s]));
        }
        return best;
    }
    /* stop once nothing can beat the best key (common in dense hands) */
    gr_cards run = x & ~dead_mask(x);
    for (int j = 0; j < c->o.nopt[i] && best < c->topkey; j++) {
        gr_cards next = x & ~c->o.opt[i][j];
        if (split_useful(&c->o, i, j, run) && !(best && discard_hopeless(c, i + 1, next, best)))
            best = enum_discard(c, i + 1, next, j ? kout : max2(kout, c->setkey[i]), best);
    }
    return best;
}

/* ------------------------------------------------------------------------
 * The arrangement
 *
 * The set choices of the conflict ranks are tried in the order of the
 * documented cut: ranks from the ace up, each with no set, the whole set,
 * then the 4-set without its clubs .. spades card (only for cards that
 * could be in a run; leaving out any other card only adds deadwood).  The
 * first leaf with the best deadwood mask (least points, fewest cards,
 * smallest mask) wins.  Its sets are then also the documented cut of the
 * melded cards: the leaves giving that mask are exactly the feasible cuts,
 * in the same order (a 4-set without a dead card is the "whole set" of the
 * melded cards, and comes after "no set" in both orders).  The runs are the
 * blocks of 3+ left, so nothing is searched again.
 * ------------------------------------------------------------------------ */

typedef struct cut_search {
    set_options o;               /* levels: the conflict ranks, ascending */
    int pts, cnt;                /* the best leaf so far: its points, */
    gr_cards dead, sets;         /* cards, dead mask and sets */
} cut_search;

/* a leaf: the cards x are left for runs, `pts` points of them dead */
static inline void cut_leaf(cut_search *c, gr_cards x, gr_cards sets, int pts)
{
    if (pts > c->pts)
        return;                          /* the usual case: no mask needed */
    gr_cards dead = dead_mask(x);
    int cnt = gr__popcount(dead);
    if (pts < c->pts || cnt < c->cnt || (cnt == c->cnt && dead < c->dead)) {
        c->pts = pts;
        c->cnt = cnt;
        c->dead = dead;
        c->sets = sets;
    }
}

/* the options of levels i.. (at least one) in the order of the cut: no
 * set, the whole set, the splits */
static void cut_enum(cut_search *c, int i, gr_cards x, gr_cards sets)
{
    const set_options *o = &c->o;
    if (i < o->levels - 1) {
        gr_cards run = x & ~dead_mask(x);
        cut_enum(c, i + 1, x, sets);                                /* none */
        cut_enum(c, i + 1, x & ~o->opt[i][OPT_WHOLE], sets | o->opt[i][OPT_WHOLE]);
        for (int j = OPT_SPLIT; j < o->nopt[i]; j++)
            if (split_useful(o, i, j, run))
                cut_enum(c, i + 1, x & ~o->opt[i][j], sets | o->opt[i][j]);
        return;
    }
    /* the last rank: its options' points from the four suits with and
     * without its cards */
    gr_cards whole = o->opt[i][OPT_WHOLE], rest = x & ~whole;
    int with[4], without[4];
    int dead_with = suits_dead(x, with), dead_without = suits_dead(rest, without);
    cut_leaf(c, x, sets, dead_with);
    cut_leaf(c, rest, sets | whole, dead_without);
    for (int j = OPT_SPLIT; j < o->nopt[i]; j++) {
        gr_cards three = o->opt[i][j];
        int s = __builtin_ctzll(whole & ~three) / 13;   /* the suit left out */
        cut_leaf(c, x & ~three, sets | three, dead_without - without[s] + with[s]);
    }
}

/* ------------------------------------------------------------------------
 * Entry points (gin/meld_search.h)
 * ------------------------------------------------------------------------ */

int gr__conflicts_deadwood(gr_cards hand)
{
    const unsigned m[4] = { gr__suit(hand, 0), gr__suit(hand, 1),
                            gr__suit(hand, 2), gr__suit(hand, 3) };
    conflicts c;
    if (gr__classify(hand, 0, m, &c, false) > MAX_LEAVES)
        return gr__dp_deadwood(hand);
    return enum_dead(&c, 0, c.hand);
}

int gr__conflicts_discard(gr_cards hand, gr_card *out)
{
    const unsigned m[4] = { gr__suit(hand, 0), gr__suit(hand, 1),
                            gr__suit(hand, 2), gr__suit(hand, 3) };
    conflicts c;
    if (gr__classify(hand, 0, m, &c, true) > MAX_LEAVES)
        return gr__dp_discard(hand, out);    /* large hands only */
    int key = c.o.levels == 2 ? discard_last_two(&c, c.hand, c.forced_key)
                              : enum_discard(&c, 0, c.hand, c.forced_key, 0);
    *out = (gr_card)KEY_CARD(key);
    return KEY_VALUE(key);
}

int gr__conflicts_arrange(gr_cards hand, gr_cards runc, unsigned conf,
                          gr_cards forced, gr_cards *sets, gr_cards *dead)
{
    cut_search c;
    long leaves = 1;
    c.o.levels = 0;
    for (unsigned rs = conf; rs; rs &= rs - 1)
        leaves *= fill_level(&c.o, c.o.levels++, hand, runc, __builtin_ctz(rs));
    if (leaves > MAX_LEAVES)
        return gr__dp_arrange(hand, sets, dead);
    c.pts = DP_INF;
    c.cnt = 64;
    c.dead = c.sets = 0;
    cut_enum(&c, 0, hand & ~forced, forced);
    *sets = c.sets;
    *dead = c.dead;
    return c.pts;
}
