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
 * jokers are spent most hands have no meld left); when c is in no meld
 * its second copy is in none either (one copy melded is the meld branch,
 * whichever copy it is); a branch whose points plus the points of the
 * naturals that could still meld and 15 a joker left cannot beat the
 * best found is not searched (branch and bound; melds are tried before
 * "c in no meld"); hands of MEMO_FROM naturals or more keep a memo of
 * the nodes searched (an exact value, or a floor not beaten).  The
 * caller bounds the naturals and jokers (SMALL_NATURALS, SMALL_JOKERS:
 * the substitutes of a window are at most two naturals).
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

/* the search's state: the flags and a memo of nodes already searched
 * (direct-mapped on the multiset and jokers; a value exact, or a bound
 * that was not beaten) */
#define MEMO 1024
#define MEMO_FROM 9   /* naturals */
typedef struct memo_entry {
    gr_cards once, twice;
    int16_t  J;       /* -1: empty */
    int16_t  exact;
    int32_t  value;   /* exact, or at least this is out of reach */
} memo_entry;
typedef struct search {
    int        flags;
    bool       memo_on;   /* small problems are faster without */
    memo_entry memo[MEMO];
} search;

static int best(gr_cards once, gr_cards twice, int J, search *cx, int floor);

#define ACES (1ull | 1ull << 13 | 1ull << 26 | 1ull << 39)

/* the points of the multiset */
static inline int raw_points(gr_cards once, gr_cards twice, int flags)
{
    int p = GR__POINTS_WITH(gr__popcount, once) + GR__POINTS_WITH(gr__popcount, twice);
    if (flags & GR_RUMMY_ACE_HIGH)
        p += 10 * (gr__popcount(once & ACES) + gr__popcount(twice & ACES));
    return p;
}

/* the runs of suit s through position p of card c (removed from once,
 * twice already) */
/* the most melds could take from R and J jokers: the points of the
 * naturals in some meld of R with J jokers, and the jokers */
static inline int bound(gr_cards once, gr_cards twice, int J, int flags)
{
    gr_cards keep = gr__rpattern_faces(once, J, flags);
    return raw_points(once & keep, twice & keep, flags) + 15 * J;
}

static int runs_through(gr_cards once, gr_cards twice, int J, search *cx,
                        int s, int p, int pts_c, int res)
{
    int flags = cx->flags;
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
                    if (got + bound(o, t, J - jk, flags) <= res)
                        continue;   /* cannot beat what is found */
                    got += best(o, t, J - jk, cx, res - got);
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
static int search_node(gr_cards once, gr_cards twice, int J, search *cx, int floor);

static int best(gr_cards once, gr_cards twice, int J, search *cx, int floor)
{
    if (!cx->memo_on)
        return search_node(once, twice, J, cx, floor);
    uint64_t hsh = (once * 0x9E3779B97F4A7C15ull) ^ (twice * 0xC2B2AE3D27D4EB4Full) ^ (uint64_t)J;
    memo_entry *e = &cx->memo[(hsh >> 40) % MEMO];
    if (e->J == J && e->once == once && e->twice == twice
        && (e->exact || e->value <= floor))
        return e->value;
    int v = search_node(once, twice, J, cx, floor);
    e->once = once;
    e->twice = twice;
    e->J = (int16_t)J;
    e->exact = v > floor;
    e->value = v > floor ? v : floor;
    return v;
}

static int search_node(gr_cards once, gr_cards twice, int J, search *cx, int floor)
{
    int flags = cx->flags;
    /* the naturals in no meld of R with J jokers play no part */
    gr_cards keep = gr__rpattern_faces(once, J, flags);
    once &= keep;
    twice &= keep;
    if (once == 0)
        return 0;
    gr_card c = (gr_card)__builtin_ctzll(once);
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c), pts_c = gr__rank_points(r, flags);
    bool twice_c = (twice >> c) & 1;
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
            if (got + bound(o, t, J - j, flags) <= res)
                continue;
            got += best(o, t, J - j, cx, res - got);
            if (got > res)
                res = got;
        }
        if (S == 0)
            break;
    }
    /* runs through c: at its rank, and an ace also after the king */
    res = runs_through(once, twice, J, cx, s, r, pts_c, res);
    if (r == 0 && (flags & GR_RUMMY_ACE_HIGH))
        res = runs_through(once, twice, J, cx, s, 13, pts_c, res);
    /* c in no meld, and then neither its second copy (one copy melded is
     * the branch above, whichever copy it is) */
    if (twice_c)
        take(&once, &twice, c);
    if (bound(once, twice, J, flags) > res) {
        int v = best(once, twice, J, cx, res);
        if (v > res)
            res = v;
    }
    return res;
}

int gr__rummy_small_best(const gr_rummy_hand *hand, int flags)
{
    search cx;
    cx.flags = flags;
    cx.memo_on = gr__popcount(hand->once) + gr__popcount(hand->twice) >= MEMO_FROM;
    for (int i = 0; cx.memo_on && i < MEMO; i++)
        cx.memo[i].J = -1;
    return best(hand->once, hand->twice, hand->jokers, &cx, -1);
}
