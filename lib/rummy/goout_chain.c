/*
 * rummy/goout_chain.c: the value of a state of the going-out search
 * (rummy/goout.c; R4, R5, R7): the least value left of the cards left,
 * growing the runs from meld i on and laying off on the 3-card sets from
 * meld `from` on.
 * One search of the hand's melds in which a run's end is one more way to
 * meld: the walk of the table run by run that it replaced multiplied the
 * ways each suit's cards reach its runs over the suits (6000 to 8000
 * states on the slowest inputs built, each valued by melding the cards
 * left).
 *
 * ALGORITHM: the cores of rummy/melding_small.c, with chains.  A chain
 * is what an end of a table run takes: at the low end of a run from
 * position lo, the positions p..lo-1 of its suit; at the high end of a
 * run to position hi, hi+1..q; each a natural or a joker, at least one
 * (a chain needs no length: the run holds 3).  Each end takes one chain;
 * a run never holds both ends of the ace (positions 0 and 13, ace high:
 * it would hold 14 positions too; ace low it holds at most 13).  The
 * search finds the most points melds, layoffs and jokers that fit can
 * take (the value is the points of the cards less it).  The jokers left
 * over fit the room m: every one with dump or once a core of the hand is
 * a run (rummy/melding_small.c); else the runs' room (13 less each run's
 * length, less the positions the chains take), the sets lacking a face
 * not given a natural, and one joker more in each set of the hand of 2
 * or 3 naturals.  So a chain ending on a joker is no better than one
 * ending on its last natural.  The lowest natural c of the cards left
 * (suit first, then rank: nothing of its suit lies below it) is in no
 * meld (and then neither its second copy: laid off alone on the 3-card
 * sets lacking its face, as far as there are such, or fewer, leaving the
 * room to jokers), in a set or a run core of the hand
 * (rummy/melding_small.c), or in a chain:
 *   - at the low end of a run of its suit above it: p is c's position,
 *     and the chain holds every natural of the cards left up to lo-1,
 *     a joker at each position without one;
 *   - at the high end of a run below it: the chain from hi+1 (jokers up
 *     to c, whose suit has nothing left below it) to c or to a natural
 *     above it, every natural between in it, a joker at each gap; an ace
 *     (ace high) at position 13: the chain from hi+1 to it.
 * Every natural inside a chain is in it (as inside a core: a set that
 * would take it instead needs at most the joker the chain then needs).
 * The state is the cards left, the jokers, the room and which ends of the
 * runs of c's suit took a chain (or the ace); the ends of the suits
 * behind play no part, those of the suits ahead took nothing yet; two
 * runs alike (the same suit and positions, the same ends taken) are one
 * (the second's chains are the first's).  Cuts as in
 * rummy/melding_small.c, chains tried first: with fewer than 2 jokers the
 * naturals no meld of the cards left holds, no set lacks and no end
 * reaches (through the naturals held and the joker a gap, every end
 * counted) are dropped, and so are the second copies of the faces in no
 * meld and on no set that at most one end reaches (an end takes one
 * copy); the points of those left bound a branch
 * (branch and bound below the best found); a node stops once it takes
 * all it can (no state is worth less than S->floor: 0, or the best the
 * plan rebuilds, so what is found then is exact).  The nodes are memoised,
 * direct-mapped, for every state one setup asks (a state's value depends
 * on the cards left and the table).  Measured (bench-rummy worst, the
 * inputs of tests/rummy_hostile.h, hands of up to 14 cards, medians on
 * a loaded machine): the slowest plan (gr_rummy_go_out) 0.13 ms, the
 * way out 0.09 ms (0.09 with a card barred), the way out with its plan
 * 0.25 ms, where the walk took 3.4, 3.9 (5 to 8) and 9.4 ms; the slowest
 * is a hand whose best leaves 10 points (no cut at 0), and the plans ask
 * one search for each way a run may grow, the way out one for each card
 * kept back.
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/melding_core.h"
#include "rummy/goout_search.h"

#include <limits.h>
#include <string.h>

#define LOW_END(k)  ((uint64_t)1 << (3 * (k)))
#define HIGH_END(k) ((uint64_t)2 << (3 * (k)))
#define ACE_END(k)  ((uint64_t)4 << (3 * (k)))

typedef struct ccx {
    int             flags, top;
    const int8_t   *pts;
    gr_cards        slot_faces;
    const uint8_t (*slot)[13];
    int             nr[4];   /* the runs still to grow of each suit */
    unsigned        low_at[4], high_at[4];   /* the positions next to
                                                their ends (13: the ace high) */
    uint8_t         low_n[4][14], high_n[4][14];   /* how many ends there */
    int8_t          lo[4][GOOUT_CHAIN_RUNS], hi[4][GOOUT_CHAIN_RUNS];
    centry         *memo;
    uint32_t        gen;
    int             idx;   /* the runs and sets counted (centry) */
    int             ceil;   /* the most the node searched can take: no state
                               is worth less than S->floor (the search stops
                               there, exact) */
} ccx;

/* the room m less n positions taken by a chain */
static inline int less(int m, int n)
{
    return m == RUN ? RUN : m - n;
}

/* x grown through the positions of `held` below (down) or above it */
static inline unsigned flood_down(unsigned x, unsigned held)
{
    for (unsigned y; (y = x | (x >> 1 & held)) != x;)
        x = y;
    return x;
}

static inline unsigned flood_up(unsigned x, unsigned held)
{
    for (unsigned y; (y = x | (x << 1 & held)) != x;)
        x = y;
    return x;
}

/* the positions of suit s that `once` holds, the ace at 0 and, with the
 * ace high (all: 0x3FFF), at 13 too */
static inline unsigned positions_held(gr_cards once, int s, unsigned all)
{
    unsigned held = (unsigned)(once >> (13 * s)) & 0x1FFF;
    return (held | (held & 1) << 13) & all;
}

/* the positions of `held` the ends at `at` (a bit each) reach, through
 * the positions held and J (0 or 1) gaps, below them (down) or above */
static inline unsigned end_reach(unsigned at, unsigned held, int J, int down, unsigned all)
{
    unsigned r = down ? flood_down(at & held, held) : flood_up(at & held, held);
    if (J > 0) {
        unsigned g = (at | (down ? r >> 1 : r << 1)) & ~held & all;
        r |= down ? flood_down(g >> 1 & held, held) : flood_up(g << 1 & held, held);
    }
    return r & held;
}

/* the faces of `want` (naturals of `once`) some end of a run could take,
 * through the naturals held and J (0 or 1) gaps: more than the ends
 * still free can (every end counted, the run's length not checked) */
static gr_cards chain_reach(gr_cards once, int J, const ccx *cx, gr_cards want)
{
    gr_cards got = 0;
    unsigned all = cx->top == 13 ? 0x3FFF : 0x1FFF;
    for (int s = 0; s < 4; s++) {
        if (!(want >> (13 * s) & 0x1FFF) || cx->nr[s] == 0)
            continue;
        unsigned held = positions_held(once, s, all);
        unsigned r = end_reach(cx->low_at[s], held, J, 1, all)
                   | end_reach(cx->high_at[s], held, J, 0, all);
        got |= (gr_cards)((r | r >> 13) & 0x1FFF) << (13 * s);
    }
    return got & want;
}

/* the faces of `want` (held twice, in no meld of the cards left and on
 * no set) that at most one end of a run can reach: only one copy can go
 * (each end takes one chain, each holding one copy) */
static gr_cards lone_reach(gr_cards once, int J, const ccx *cx, gr_cards want)
{
    gr_cards lone = 0;
    unsigned all = cx->top == 13 ? 0x3FFF : 0x1FFF;
    for (int s = 0; s < 4; s++) {
        unsigned w = (unsigned)(want >> (13 * s)) & 0x1FFF;
        if (w == 0)
            continue;
        unsigned held = positions_held(once, s, all);
        unsigned one = 0, two = 0;   /* reached by an end, by two */
        for (int down = 0; down <= 1; down++)
            for (unsigned a = down ? cx->low_at[s] : cx->high_at[s]; a; a &= a - 1) {
                int p = __builtin_ctz(a);
                unsigned r = end_reach(1u << p, held, J, down, all);
                r = (r | r >> 13) & 0x1FFF;   /* the ace high is the ace */
                two |= (down ? cx->low_n[s][p] : cx->high_n[s][p]) >= 2 ? r : one & r;
                one |= r;
            }
        lone |= (gr_cards)(w & ~two) << (13 * s);
    }
    return lone;
}

/* the naturals of `once` in no meld of the cards left, no set slot and
 * no chain (with fewer than 2 jokers; else none) */
static gr_cards dead_of(gr_cards once, gr_cards twice, int J, const ccx *cx, gr_cards *spare)
{
    *spare = 0;
    if (J >= 2)
        return 0;
    gr_cards out = once & ~gr__rpattern_faces(once, J, cx->flags) & ~cx->slot_faces;
    if (out == 0)
        return 0;
    gr_cards reach = chain_reach(once, J, cx, out);
    if (out & reach & twice)
        *spare = lone_reach(once, J, cx, out & reach & twice);
    return out & ~reach;
}

/* the dead naturals (dead_of) dropped from (once, twice) and their points
 * from pts: they take nothing, and no other card needs them; so the
 * second copies only one end can reach */
static inline void strip(gr_cards *once, gr_cards *twice, int *pts, int J, const ccx *cx)
{
    gr_cards spare, out = dead_of(*once, *twice, J, cx, &spare);
    if (out | spare) {
        *pts -= core_points(out, cx->pts) + core_points(*twice & out, cx->pts)
                + core_points(spare, cx->pts);
        *once &= ~out;
        *twice &= ~(out | spare);
    }
}

static int best(gr_cards once, gr_cards twice, int pts, int J, int m, uint64_t mask, int ms,
                ccx *cx, int floor);

/* one core or chain taking c (cpts) and `faces` (fpts) with jk jokers,
 * the ends taken then `mask`: the best of it and res */
static int try_core(gr_cards once, gr_cards twice, int pts, int J, int m, uint64_t mask, int ms,
                    ccx *cx, gr_cards faces, int cpts, int fpts, int jk, int res)
{
    gr_cards o = once, t = twice;
    for (gr_cards b = faces; b; b &= b - 1)
        core_take(&o, &t, __builtin_ctzll(b));
    int got = cpts + fpts + JOKER_PTS * jk, p = pts - fpts;
    strip(&o, &t, &p, J - jk, cx);
    if (got + p + JOKER_PTS * (J - jk) <= res)
        return res;   /* cannot beat what is found */
    cx->ceil -= got;
    int v = best(o, t, p, J - jk, m, mask, ms, cx, res - got);
    cx->ceil += got;
    got += v;
    return got > res ? got : res;
}

/* the hand's run cores of suit s with one end at c's position p (as in
 * rummy/melding_small.c) */
static int runs_from(gr_cards once, gr_cards twice, int pts, int J, uint64_t mask, ccx *cx,
                     int s, int p, int dir, int pts_c, int res)
{
    int lim = dir > 0 ? (p == 0 ? 12 : cx->top) : 1;
    int steps = dir > 0 ? lim - p : p - lim;
    int gaps = 0, fpts = 0;
    gr_cards faces = 0;
    for (int k = dir > 0 ? 0 : 1; k <= steps; k++) {
        int f = 13 * s + (p + dir * k) % 13;
        if (k > 0) {
            if (!(once >> f & 1)) {
                if (++gaps > J)
                    break;
                continue;
            }
            faces |= GR_CARD_BIT(f);
            fpts += cx->pts[f];
        }
        int need = gaps + (k >= 2 ? 0 : 2 - k);
        if (need <= J)
            res = try_core(once, twice, pts, J, RUN, mask, s, cx, faces, pts_c, fpts, need, res);
        if (res >= cx->ceil)
            break;
    }
    return res;
}

/* the naturals of `once` at positions from..to of suit s (none when to <
 * from): their faces and points; returns the gaps (positions without one) */
static int span(gr_cards once, const ccx *cx, int s, int from, int to, gr_cards *faces,
                int *fpts)
{
    int gaps = 0;
    *faces = 0;
    *fpts = 0;
    for (int q = from; q <= to; q++) {
        int f = 13 * s + q;
        if (once >> f & 1) {
            *faces |= GR_CARD_BIT(f);
            *fpts += cx->pts[f];
        } else {
            gaps++;
        }
    }
    return gaps;
}

/* the chains holding c (suit s, rank r), c removed from (once, twice) */
static int chains(gr_cards once, gr_cards twice, int pts, int J, int m, uint64_t mask, ccx *cx,
                  int s, int r, int pts_c, int res)
{
    for (int k = 0; k < cx->nr[s] && res < cx->ceil; k++) {
        int lo = cx->lo[s][k], hi = cx->hi[s][k];
        if (k > 0 && cx->lo[s][k - 1] == lo && cx->hi[s][k - 1] == hi
            && (mask >> (3 * (k - 1)) & 7) == (mask >> (3 * k) & 7))
            continue;   /* the run before is alike: its chains are these */
        if (!(mask & LOW_END(k)) && lo - 1 >= r
            && !(r == 0 && (hi == 13 || (mask & ACE_END(k))))) {
            int fpts;
            gr_cards faces;
            int gaps = span(once, cx, s, r + 1, lo - 1, &faces, &fpts);
            if (gaps <= J)
                res = try_core(once, twice, pts, J, less(m, lo - r),
                               mask | LOW_END(k) | (r == 0 ? ACE_END(k) : 0), s, cx, faces, pts_c,
                               fpts, gaps, res);
        }
        if (mask & HIGH_END(k))
            continue;
        if (r == 0) {   /* the ace after the king: the chain from hi+1 to 13 */
            if (cx->top != 13 || lo == 0 || hi >= 13 || (mask & ACE_END(k)))
                continue;
            int fpts;
            gr_cards faces;
            int gaps = span(once, cx, s, hi + 1, 12, &faces, &fpts);
            if (gaps <= J)
                res = try_core(once, twice, pts, J, less(m, 13 - hi),
                               mask | HIGH_END(k) | ACE_END(k), s, cx, faces, pts_c, fpts, gaps,
                               res);
            continue;
        }
        if (hi + 1 > r)
            continue;
        int gaps = r - hi - 1, fpts = 0;
        if (gaps > J)
            continue;
        uint64_t m2 = mask | HIGH_END(k);
        gr_cards faces = 0;
        res = try_core(once, twice, pts, J, less(m, r - hi), m2, s, cx, 0, pts_c, 0, gaps, res);
        for (int q = r + 1; q <= 12 && res < cx->ceil; q++) {
            int f = 13 * s + q;
            if (!(once >> f & 1)) {
                if (++gaps > J)
                    break;
                continue;
            }
            faces |= GR_CARD_BIT(f);
            fpts += cx->pts[f];
            res = try_core(once, twice, pts, J, less(m, q - hi), m2, s, cx, faces, pts_c, fpts,
                           gaps, res);
        }
    }
    return res;
}

/* the masks of 1 to 3 other suits, the largest sets first */
static const uint8_t set_suits[14] = { 14, 13, 11, 7, 12, 10, 9, 6, 5, 3, 8, 4, 2, 1 };

/* (once, twice) stripped (strip) */
static int search_node(gr_cards once, gr_cards twice, int pts, int J, int m, uint64_t mask,
                       int ms, ccx *cx, int floor)
{
    int c = __builtin_ctzll(once), r = c % 13, s = c / 13, pts_c = cx->pts[c];
    if (s != ms)
        mask = 0;   /* the ends of the suits behind play no part */
    bool twice_c = twice >> c & 1;
    core_take(&once, &twice, c);
    pts -= pts_c;
    int res = floor;
    res = chains(once, twice, pts, J, m, mask, cx, s, r, pts_c, res);
    if (res < cx->ceil)
        res = runs_from(once, twice, pts, J, mask, cx, s, r, 1, pts_c, res);
    if (r == 0 && cx->top == 13 && res < cx->ceil)
        res = runs_from(once, twice, pts, J, mask, cx, s, 13, -1, pts_c, res);
    unsigned avail = 0;
    for (int su = 0; su < 4; su++)
        if (once >> (13 * su + r) & 1)
            avail |= 1u << su;
    avail &= ~(1u << s);
    for (int i = 0; i < 14 && res < cx->ceil; i++) {
        unsigned S = set_suits[i];
        if (S & ~avail)
            continue;
        int n = 0;
        gr_cards faces = 0;
        for (unsigned b = S; b; b &= b - 1, n++)
            faces |= GR_CARD_BIT(13 * __builtin_ctz(b) + r);
        int jk = n == 1;
        /* a set of 2 or 3 naturals holds one joker more than it needs */
        int m2 = m == RUN ? RUN : m + (n < 3) < ROOM_MAX ? m + (n < 3) : ROOM_MAX;
        if (jk <= J)
            res = try_core(once, twice, pts, J, m2, mask, s, cx, faces, pts_c, n * pts_c, jk, res);
    }
    /* c in no meld, nor its second copy: laid off alone on the sets
     * lacking its face, as many as there are (or fewer, leaving the room
     * to jokers) */
    int copies = 1;
    if (twice_c) {
        core_take(&once, &twice, c);
        pts -= pts_c;
        copies = 2;
    }
    strip(&once, &twice, &pts, J, cx);
    int lay = copies < cx->slot[s][r] ? copies : cx->slot[s][r];
    for (int k = lay; k >= (m == RUN ? lay : 0) && res < cx->ceil; k--) {
        int got = k * pts_c;
        if (got + pts + JOKER_PTS * J <= res)
            continue;
        cx->ceil -= got;
        int v = got + best(once, twice, pts, J, m == RUN ? RUN : m - k, mask, s, cx, res - got);
        cx->ceil += got;
        if (v > res)
            res = v;
    }
    return res;
}

/* the most the naturals (once, twice) of points pts and J jokers can
 * take, exactly when above floor, else some value <= floor */
static int best(gr_cards once, gr_cards twice, int pts, int J, int m, uint64_t mask, int ms,
                ccx *cx, int floor)
{
    if (once == 0)   /* the jokers that fit */
        return JOKER_PTS * (m == RUN || m > J ? J : m);
    if (__builtin_ctzll(once) / 13 != ms) {
        mask = 0;
        ms = __builtin_ctzll(once) / 13;
    }
    uint64_t h = once * 0x9E3779B97F4A7C15ull ^ twice * 0xC2B2AE3D27D4EB4Full
               ^ (mask + (uint64_t)J + ((uint64_t)m << 4) + ((uint64_t)cx->idx << 10))
                 * 0x165667B19E3779F9ull;
    centry *e = &cx->memo[(h >> 40) & (GOOUT_CHAIN_MEMO - 1)];
    if (e->gen == cx->gen && e->once == once && e->twice == twice && e->mask == mask
        && e->jokers == J && e->room == m && e->idx == cx->idx
        && (e->exact || e->value <= floor))
        return e->value;
    int v = search_node(once, twice, pts, J, m, mask, ms, cx, floor);
    e->gen = cx->gen;
    e->once = once;
    e->twice = twice;
    e->mask = mask;
    e->jokers = (int8_t)J;
    e->room = (int8_t)m;
    e->idx = (int16_t)cx->idx;
    e->exact = v > floor;
    e->value = v > floor ? v : floor;
    return v;
}

/* (goout_search.h) */
int gr__goout_chain_value(search *S, int i, int from, const gr_rummy_hand *left, int alpha)
{
    ccx cx;
    cx.flags = S->flags;
    cx.top = S->last;
    cx.pts = core_face_pts[(S->flags & GR_RUMMY_ACE_HIGH) != 0];
    cx.slot = (const uint8_t (*)[13])S->slots[from];
    cx.slot_faces = S->slot_faces[from];
    memset(cx.nr, 0, sizeof cx.nr);
    memset(cx.low_at, 0, sizeof cx.low_at);
    memset(cx.high_at, 0, sizeof cx.high_at);
    memset(cx.low_n, 0, sizeof cx.low_n);
    memset(cx.high_n, 0, sizeof cx.high_n);
    int room = 0;   /* without dump: the runs' room and the sets lacking a face */
    for (int f = 0; f < 52; f++)
        room += S->slots[from][f / 13][f % 13];
    for (int k = S->next_run[i]; k < S->ntable; k = S->next_run[k + 1]) {
        int s = S->t[k].suit;
        room += 13 - (S->t[k].hi - S->t[k].lo + 1);
        if (S->t[k].lo > 0) {
            cx.low_at[s] |= 1u << (S->t[k].lo - 1);
            cx.low_n[s][S->t[k].lo - 1]++;
        }
        if (S->t[k].hi < S->last) {
            cx.high_at[s] |= 1u << (S->t[k].hi + 1);
            cx.high_n[s][S->t[k].hi + 1]++;
        }
        cx.lo[s][cx.nr[s]] = (int8_t)S->t[k].lo;
        cx.hi[s][cx.nr[s]++] = (int8_t)S->t[k].hi;
    }
    cx.memo = S->cmemo;
    cx.gen = S->cgen;
    cx.idx = S->next_run[i] * 64 + S->next_set[from];
    gr_cards once = left->once, twice = left->twice;
    int pts = core_points(once, cx.pts) + core_points(twice, cx.pts);
    int total = pts + JOKER_PTS * left->jokers;
    int floor = alpha == INT_MAX || total - alpha < -1 ? -1 : total - alpha;
    strip(&once, &twice, &pts, left->jokers, &cx);
    int m = S->dump ? RUN : room < ROOM_MAX ? room : ROOM_MAX;
    cx.ceil = total - S->floor;
    return total - best(once, twice, pts, left->jokers, m, 0, -1, &cx, floor);
}
