/*
 * rummy/melding_small.c: the most points melds can take from a hand of up
 * to SMALL_NATURALS naturals and any number of jokers, with the table's
 * 3-card sets lacking a face when going out, by an exhaustive search over
 * cores: for such hands it is far cheaper than the DP of
 * rummy/melding_search.c (no ace choices to try one by one, nothing to set
 * up).
 *
 * ALGORITHM: cores, as in rummy/melding_search.c.  A meld is a core of
 * naturals plus jokers: a set core of n naturals (one rank, distinct
 * suits) needs 3 - n jokers (n = 2) or none and holds one joker more
 * (n < 4); a run core is the block of positions of one suit from its first
 * natural to its last, a joker in each position without a natural (a gap)
 * and 3 - span jokers of padding when it spans fewer than 3.  If an
 * arrangement has a run, every joker of the hand melds (the joker capacity
 * argument there); without one, the jokers beyond what the cores need meld
 * only in the sets' room.  So the search computes
 *   best(R, J, m) = the most points cores can take from the naturals R (a
 *   multiset: two decks) needing at most J jokers, the jokers they need
 *   (15 each) included, plus 15 for each of the jokers left over that fit:
 *   all of them once some core is a run (m = RUN), else m, the sets' room.
 * Going out (gr__rummy_value_slots), table sets lacking a face each take
 * that natural laid off alone, or a joker: their number starts the room
 * m, and a natural laid off on one takes it.
 * The lowest natural c of R (suit first, then rank: nothing of its suit
 * lies below it) is either in no core, best(R - c, J, m) (and then its
 * second copy is in none either: one copy in a core is the other branch,
 * whichever copy it is; both laid off on table sets lacking their face
 * as far as there are such sets, or, with no run, fewer, to leave the
 * room to jokers), or in one core whose other naturals come from R:
 *   - a set of its rank: 1 to 3 other suits held, each once (a set core of
 *     c alone is no better than the run core of c alone, which takes as
 *     many jokers and melds every joker);
 *   - a run core of its suit from c (position r) to a natural above it or
 *     to c itself, or with the ace high from a natural below to c
 *     (position 13): never 14 positions nor both ends of the ace (R3).
 *     Every natural inside the core is in it: leaving one out for a joker
 *     so that a set of its rank takes it is never better, as the set
 *     without it needs at most one joker more (3 - n) and melds the same
 *     naturals; two cores of one suit sharing a face merge into one no
 *     worse (rummy/melding_search.c);
 * each core's points plus best(R - core, J - its jokers, m updated).
 * Every arrangement is one path (up to those exchanges), so the answer is
 * exact.  Cuts, each exact: at every node with fewer than 2 jokers the
 * naturals in no meld of R (and no table set lacking them) are dropped
 * first (gr__rpattern_faces; with 2 every natural is in a meld); a branch whose points plus the points of the
 * naturals that could still meld and 15 a joker left cannot beat the best
 * found is not searched (branch and bound; runs are tried first, then the
 * largest sets, "c in no core" last); the suits are renamed so that those
 * with the most second copies, then the most cards, come first (their
 * conflicts are met, and cut, near the root); hands of MEMO_FROM naturals
 * or more memoise the nodes searched (direct-mapped on the multiset, J
 * and m: an exact value, or a floor not beaten).  Measured (bench-rummy
 * worst): the slowest 14-card hands found take under 10 us at every joker
 * count, where the DP took up to 1.3 ms (3 jokers, ace high).
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/melding.h"
#include "rummy/melding_core.h"
#include "rummy/melding_dp.h"

/* the search's state: the flags, the points of each face and a memo of
 * nodes already searched (direct-mapped; a value exact, or a bound that
 * was not beaten) */
#define MEMO 1024
#define MEMO_FROM 7   /* naturals: a memo of MEMO / 4 entries */
#define MEMO_FULL 11  /* naturals: all MEMO */
typedef struct memo_entry {
    gr_cards once, twice;
    int16_t  key;     /* J * 64 + m; -1: empty */
    int16_t  exact;
    int32_t  value;   /* exact, or at least this is out of reach */
} memo_entry;
typedef struct search {
    int           flags, top;
    gr_cards      slot_faces;   /* faces a table set lacks (going out) */
    uint8_t       slot[52];     /* how many sets lack each face */
    const int8_t *pts;       /* of each face */
    unsigned      memo_size; /* 0: none (small problems are faster without) */
    memo_entry    memo[MEMO];
} search;

static int best(gr_cards once, gr_cards twice, int pts, int J, int m, search *cx,
                int floor);

/* the most melds could take from R (its points pts) and J jokers: the
 * points of the naturals in some meld of R with J jokers (all of them
 * with 2 jokers), and the jokers */
static inline int bound(gr_cards once, gr_cards twice, int pts, int J, const search *cx)
{
    if (J < 2) {
        gr_cards out = once & ~gr__rpattern_faces(once, J, cx->flags) & ~cx->slot_faces;
        if (out)
            pts -= core_points(out, cx->pts) + core_points(twice & out, cx->pts);
    }
    return pts + JOKER_PTS * J;
}

/* one core taking c (cpts points) and the naturals `faces` (distinct
 * faces, one copy each, fpts points) with jk jokers from R less c (its
 * points pts): the best of it and res */
static int try_core(gr_cards once, gr_cards twice, int pts, int J, int m, search *cx,
                    gr_cards faces, int cpts, int fpts, int jk, int res)
{
    gr_cards o = once, t = twice;
    for (gr_cards b = faces; b; b &= b - 1)
        core_take(&o, &t, (gr_card)__builtin_ctzll(b));
    int got = cpts + fpts + JOKER_PTS * jk;
    if (got + bound(o, t, pts - fpts, J - jk, cx) <= res)
        return res;   /* cannot beat what is found */
    got += best(o, t, pts - fpts, J - jk, m, cx, res - got);
    return got > res ? got : res;
}

/* the run cores of suit s with one end at c's position p (the low end,
 * dir 1; the high ace, dir -1), c already removed from (once, twice) */
static int runs_from(gr_cards once, gr_cards twice, int pts, int J, search *cx,
                     int s, int p, int dir, int pts_c, int res)
{
    /* the far end: never both ends of the ace, never 14 positions */
    int lim = dir > 0 ? (p == 0 ? 12 : cx->top) : 1;
    int steps = dir > 0 ? lim - p : p - lim;
    int gaps = 0, fpts = 0;
    gr_cards faces = 0;   /* the naturals of the core besides c */
    for (int k = dir > 0 ? 0 : 1; k <= steps; k++) {
        int q = p + dir * k;
        gr_card f = (gr_card)(13 * s + q % 13);
        if (k > 0) {
            if (!(once >> f & 1)) {   /* a gap */
                if (++gaps > J)
                    break;
                continue;
            }
            faces |= GR_CARD_BIT(f);
            fpts += cx->pts[f];
        }
        /* the core from c to f: its gaps and padding */
        int need = gaps + (k >= 2 ? 0 : 2 - k);
        if (need <= J)
            res = try_core(once, twice, pts, J, RUN, cx, faces, pts_c, fpts, need, res);
    }
    return res;
}

/* best(R, J, run) exactly when it is above floor; else some value <=
 * floor (branch and bound: a branch whose points left cannot beat the
 * best found is cut) */
static int search_node(gr_cards once, gr_cards twice, int pts, int J, int m,
                       search *cx, int floor);

static int best(gr_cards once, gr_cards twice, int pts, int J, int m, search *cx,
                int floor)
{
    if (cx->memo_size == 0)
        return search_node(once, twice, pts, J, m, cx, floor);
    int key = 64 * J + m;
    uint64_t hsh = (once * 0x9E3779B97F4A7C15ull) ^ (twice * 0xC2B2AE3D27D4EB4Full)
                 ^ ((uint64_t)key * 0x165667B19E3779F9ull);
    memo_entry *e = &cx->memo[(hsh >> 40) & (cx->memo_size - 1)];
    if (e->key == key && e->once == once && e->twice == twice
        && (e->exact || e->value <= floor))
        return e->value;
    int v = search_node(once, twice, pts, J, m, cx, floor);
    e->once = once;
    e->twice = twice;
    e->key = (int16_t)key;
    e->exact = v > floor;
    e->value = v > floor ? v : floor;
    return v;
}

/* the masks of 1 to 3 other suits, the largest sets first */
static const uint8_t set_suits[14] = { 14, 13, 11, 7, 12, 10, 9, 6, 5, 3, 8, 4, 2, 1 };

static int search_node(gr_cards once, gr_cards twice, int pts, int J, int m,
                       search *cx, int floor)
{
    int flags = cx->flags;
    if (J < 2) {   /* the naturals in no meld of R with J jokers play no part */
        gr_cards out = once & ~gr__rpattern_faces(once, J, flags) & ~cx->slot_faces;
        if (out) {
            pts -= core_points(out, cx->pts) + core_points(twice & out, cx->pts);
            once &= ~out;
            twice &= ~out;
        }
    }
    if (once == 0)
        return JOKER_PTS * (m == RUN || m > J ? J : m);
    gr_card c = (gr_card)__builtin_ctzll(once);
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c), pts_c = cx->pts[c];
    bool twice_c = (twice >> c) & 1;
    core_take(&once, &twice, c);
    pts -= pts_c;
    int res = floor;   /* what a branch must beat */
    /* runs from c: at its rank, and an ace also after the king */
    res = runs_from(once, twice, pts, J, cx, s, r, 1, pts_c, res);
    if (r == 0 && (flags & GR_RUMMY_ACE_HIGH))
        res = runs_from(once, twice, pts, J, cx, s, 13, -1, pts_c, res);
    /* sets of rank r holding c: other suits held, each once, the largest
     * first; with one other suit a joker */
    unsigned avail = 0;
    for (int su = 0; su < 4; su++)
        if (once >> GR_CARD(r, su) & 1)
            avail |= 1u << su;
    avail &= ~(1u << s);
    for (int i = 0; i < 14; i++) {
        unsigned S = set_suits[i];
        if (S & ~avail)
            continue;
        int n = 0;
        gr_cards faces = 0;
        for (unsigned b = S; b; b &= b - 1, n++)
            faces |= GR_CARD_BIT(GR_CARD(r, __builtin_ctz(b)));
        int jk = n == 1;
        if (jk > J)
            continue;
        /* a set of 2 or 3 naturals holds one joker more than it needs */
        int m2 = m == RUN ? RUN : m + (n < 3) < ROOM_MAX ? m + (n < 3) : ROOM_MAX;
        res = try_core(once, twice, pts, J, m2, cx, faces, pts_c, n * pts_c, jk, res);
    }
    /* c in no meld, and then neither its second copy; laid off alone on
     * table sets lacking its face, as many as there are (with a run every
     * joker melds anyway), or fewer, leaving those sets' room to jokers */
    int copies = 1;
    if (twice_c) {
        core_take(&once, &twice, c);
        pts -= pts_c;
        copies = 2;
    }
    int lay = copies < cx->slot[c] ? copies : cx->slot[c];
    for (int k = lay; k >= (m == RUN ? lay : 0); k--) {
        int got = k * pts_c;
        if (got + bound(once, twice, pts, J, cx) <= res)
            continue;
        int v = got + best(once, twice, pts, J, m == RUN ? RUN : m - k, cx, res - got);
        if (v > res)
            res = v;
    }
    return res;
}

int gr__rummy_small_best(const gr_rummy_hand *hand, int flags)
{
    return gr__rummy_small_best_slots(hand, flags, NULL);
}

int gr__rummy_small_best_slots(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13])
{
    return gr__rummy_small_best_above(hand, flags, slot, -1);
}

int gr__rummy_small_best_above(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13],
                               int floor)
{
    search cx;
    cx.flags = flags;
    cx.top = (flags & GR_RUMMY_ACE_HIGH) ? 13 : 12;
    cx.pts = core_face_pts[(flags & GR_RUMMY_ACE_HIGH) != 0];
    int n = gr__popcount(hand->once) + gr__popcount(hand->twice);
    cx.memo_size = n < MEMO_FROM ? 0 : n < MEMO_FULL ? MEMO / 4 : MEMO;
    for (unsigned i = 0; i < cx.memo_size; i++)
        cx.memo[i].key = -1;
    /* suits are interchangeable: those with the most second copies, then
     * the most cards, first (their conflicts found early cut the most) */
    int key[4], ord[4] = { 0, 1, 2, 3 };
    for (int su = 0; su < 4; su++) {
        gr_cards o = hand->once >> (13 * su) & 0x1FFF, t = hand->twice >> (13 * su) & 0x1FFF;
        key[su] = 16 * gr__popcount(t) + gr__popcount(o);
    }
    for (int a = 1; a < 4; a++)
        for (int b = a; b > 0 && key[ord[b]] > key[ord[b - 1]]; b--) {
            int x = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = x;
        }
    gr_cards once = 0, twice = 0;
    int room = 0;   /* the table sets lacking a face: room for jokers */
    cx.slot_faces = 0;
    for (int i = 0; i < 4; i++) {
        once |= (hand->once >> (13 * ord[i]) & 0x1FFF) << (13 * i);
        twice |= (hand->twice >> (13 * ord[i]) & 0x1FFF) << (13 * i);
        for (int r = 0; r < 13; r++) {
            int k = slot != NULL ? slot[ord[i]][r] : 0;
            cx.slot[13 * i + r] = (uint8_t)k;
            if (k > 0)
                cx.slot_faces |= GR_CARD_BIT(13 * i + r);
            room += k;
        }
    }
    int pts = core_points(once, cx.pts) + core_points(twice, cx.pts);
    return best(once, twice, pts, hand->jokers, room < ROOM_MAX ? room : ROOM_MAX, &cx,
                floor >= -1 ? floor : -1);
}
