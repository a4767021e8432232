/*
 * rummy/melding_small.c: the most points melds can take from a hand with
 * few meldable naturals and few jokers, by an exhaustive search: for the
 * hands a random deal gives (a handful of naturals in pairs and near
 * runs, a joker or none) it costs a fraction of setting up the DP of
 * rummy/melding_search.c.
 *
 * ALGORITHM: best(R, J) = the most points melds can take from the
 * naturals R (a multiset: two decks) and J jokers (15 points each).  The
 * lowest natural c of R is either in no meld, best(R - c, J), or in one
 * meld M whose other cards come from R and the jokers:
 *   - a set of its rank: suits S holding suit(c), each once (R3), and j
 *     jokers naming suits S lacks, |S| + j = 3 or 4;
 *   - a run of its suit through c's position (its rank; an ace also at
 *     position 13 when it may be high): a window [lo, hi] of 3 or more
 *     positions, never both ends of the ace (R3), each position a natural
 *     of R or a joker (a natural may be left out for a joker, to keep it
 *     for another meld), c itself a natural;
 * best = the most of those, each meld's points plus best(R - M, J - j).
 * Every arrangement is one path (its meld holding c, or none), so the
 * answer is exact.  Cuts, each exact: at every node the naturals in no
 * meld of R with J jokers are dropped first (gr__rpattern_faces: once the
 * jokers are spent most hands have no meld left), and a branch whose
 * points plus the points left and 15 a joker left cannot beat the best
 * found is not searched (branch and bound; melds are tried before "c in
 * no meld").  The caller bounds the naturals and jokers (SMALL_NATURALS,
 * SMALL_JOKERS: the substitutes of a window are at most two naturals).
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/melding.h"
#include "rummy/melding_dp.h"

_Static_assert(SMALL_JOKERS <= 2, "a window's joker substitutes are at most two");

/* remove one copy of face f from the multiset (once, twice) */
static inline void take(gr_cards *once, gr_cards *twice, gr_card f)
{
    if (*twice & GR_CARD_BIT(f))
        *twice &= ~GR_CARD_BIT(f);
    else
        *once &= ~GR_CARD_BIT(f);
}

static int best(gr_cards once, gr_cards twice, int J, int flags, int floor);

#define ACES (1ull | 1ull << 13 | 1ull << 26 | 1ull << 39)

/* the points of the multiset: the most melds could take from it */
static inline int points(gr_cards once, gr_cards twice, int flags)
{
    int p = GR__POINTS_WITH(gr__popcount, once) + GR__POINTS_WITH(gr__popcount, twice);
    if (flags & GR_RUMMY_ACE_HIGH)
        p += 10 * (gr__popcount(once & ACES) + gr__popcount(twice & ACES));
    return p;
}

/* the runs of suit s through position p of card c (removed from once,
 * twice already) */
static int runs_through(gr_cards once, gr_cards twice, int J, int flags,
                        int s, int p, int pts_c, int res)
{
    int top = (flags & GR_RUMMY_ACE_HIGH) ? 13 : 12;
    int pts[14];
    gr_card face[14];
    bool have[14];
    for (int q = 0; q <= top; q++) {
        face[q] = (gr_card)(13 * s + q % 13);
        have[q] = q != p && (once >> face[q] & 1);
        pts[q] = gr__rank_points(q % 13, flags);
    }
    for (int lo = p, miss_lo = 0; lo >= 0 && miss_lo <= J; lo--) {
        if (lo < p && !have[lo])
            miss_lo++;
        if (miss_lo > J)
            break;
        for (int hi = p, miss = miss_lo; hi <= top; hi++) {
            if (hi > p && !have[hi])
                miss++;
            if (miss > J || (lo == 0 && hi == 13))
                break;
            if (hi - lo < 2)
                continue;
            /* the naturals of the window besides c; any of them may be a
             * joker instead, as long as jokers last */
            int nat[14], n = 0;
            for (int q = lo; q <= hi; q++)
                if (have[q])
                    nat[n++] = q;
            int room = J - miss;
            /* at most `room` (<= SMALL_JOKERS = 2) naturals as jokers */
            for (int a = -1; a < n; a++)          /* -1: none */
                for (int b = a + 1; b <= n; b++) {  /* n: none */
                    if ((a < 0 && b < n) || (a >= 0) + (b < n) > room)
                        continue;
                    int jk = miss + (a >= 0) + (b < n);
                    gr_cards o = once, t = twice;
                    int got = pts_c + 15 * jk;
                    for (int k = 0; k < n; k++) {
                        if (k == a || k == b)
                            continue;
                        take(&o, &t, face[nat[k]]);
                        got += pts[nat[k]];
                    }
                    if (got + points(o, t, flags) + 15 * (J - jk) <= res)
                        continue;   /* cannot beat what is found */
                    got += best(o, t, J - jk, flags, res - got);
                    if (got > res)
                        res = got;
                }
        }
    }
    return res;
}

/* best(R, J) exactly when it is above floor; else some value <= floor
 * (branch and bound: a branch whose points left cannot beat the best
 * found is cut) */
static int best(gr_cards once, gr_cards twice, int J, int flags, int floor)
{
    /* the naturals in no meld of R with J jokers play no part */
    gr_cards keep = gr__rpattern_faces(once, J, flags);
    once &= keep;
    twice &= keep;
    if (once == 0)
        return 0;
    gr_card c = (gr_card)__builtin_ctzll(once);
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c), pts_c = gr__rank_points(r, flags);
    take(&once, &twice, c);
    int res = floor;   /* what a branch must beat */
    /* sets of rank r holding c: the other suits held, each once */
    unsigned avail = 0;
    for (int su = 0; su < 4; su++)
        if (su != s && (once >> GR_CARD(r, su) & 1))
            avail |= 1u << su;
    for (unsigned S = avail;; S = (S - 1) & avail) {
        int ns = 1 + __builtin_popcount(S);
        for (int j = ns >= 3 ? 0 : 3 - ns; j <= J && ns + j <= 4; j++) {
            gr_cards o = once, t = twice;
            int got = pts_c + 15 * j;
            for (unsigned m = S; m; m &= m - 1) {
                gr_card f = GR_CARD(r, __builtin_ctz(m));
                take(&o, &t, f);
                got += pts_c;
            }
            if (got + points(o, t, flags) + 15 * (J - j) <= res)
                continue;
            got += best(o, t, J - j, flags, res - got);
            if (got > res)
                res = got;
        }
        if (S == 0)
            break;
    }
    /* runs through c: at its rank, and an ace also after the king */
    res = runs_through(once, twice, J, flags, s, r, pts_c, res);
    if (r == 0 && (flags & GR_RUMMY_ACE_HIGH))
        res = runs_through(once, twice, J, flags, s, 13, pts_c, res);
    /* c in no meld */
    if (points(once, twice, flags) + 15 * J > res) {
        int v = best(once, twice, J, flags, res);
        if (v > res)
            res = v;
    }
    return res;
}

int gr__rummy_small_best(const gr_rummy_hand *hand, int flags)
{
    return best(hand->once, hand->twice, hand->jokers, flags, -1);
}
