/*
 * meld_dp.c: an exact dynamic program over ranks for hands with too many
 * set/run conflicts for the option search of meld_search.c (more than
 * MAX_LEAVES combinations: some hands of 12 or more cards, never 10 or 11).
 *
 * ALGORITHM
 *
 * State: per suit the length of the run in progress, 0, 1, 2 or 3+ (2 bits
 * per suit, 256 states).  At each rank the cards present form a set (the
 * whole set, or with 4 cards the 3-set without one card) or not, and the
 * other cards extend their suit's run, start one, or are deadwood.  Moves
 * that can never be best are not made, which keeps few states alive: a run
 * of 3+ is always extended (its next card would rather join it than be
 * dead), a run is started only if the next two ranks hold cards of the
 * suit, and the card left out of a 3-set goes in a run (else the whole set
 * is better).
 *
 * Invariant: a path's value is (points * 64 + number of deadwood cards,
 * deadwood mask, set choices with the ace's most significant).  Adding the
 * same later ranks to two paths keeps their order (the later cards' mask
 * bits are disjoint from both, their choices less significant), so keeping
 * the least path per state gives the least path overall: the documented
 * tie-break and, for its deadwood, the documented cut.
 */
#include "gin/meld_search.h"

#include <string.h>

/* A path's value packs the deadwood points above the number of deadwood
 * cards (at most 52): VALUE(points, cards) = points << DP_CARD_BITS | cards;
 * the option index of a rank takes 3 bits of the cut. */
#define DP_CARD_BITS 6
#define DP_VALUE(points, cards) ((points) << DP_CARD_BITS | (cards))
#define DP_POINTS(val) ((val) >> DP_CARD_BITS)
#define DP_OPT_BITS 3

typedef struct dp_path {
    int val;                     /* points * 64 + cards of the deadwood */
    gr_cards dead;
    uint64_t cut;                /* per rank the option index (0 no set,
                                    1 whole set, 2 + s without suit s's card),
                                    3 bits, the ace's most significant */
} dp_path;

typedef struct dp_move {
    uint8_t to, opt, dead;       /* next state, option index, suits dead */
} dp_move;

/* 4 suit bits to their 2-bit state fields (run length 1) */
static inline unsigned spread4(unsigned x)
{
    x = (x | x << 2) & 0x33;
    return (x | x << 1) & 0x55;
}

/* the cards of rank r of the suits in x */
static inline gr_cards rank_cards(unsigned x, int r)
{
    return ((gr_cards)(x & 1) | (gr_cards)(x >> 1 & 1) << 13
            | (gr_cards)(x >> 2 & 1) << 26 | (gr_cards)(x >> 3 & 1) << 39) << r;
}

/* the moves at rank r from state st; pres[r] = suits holding rank r */
static int dp_moves(const unsigned *pres, int r, unsigned st, dp_move *mv)
{
    unsigned p = pres[r], n1 = pres[r + 1], n12 = n1 & pres[r + 2];
    int n = 0, nopt = p == 15 ? 6 : gr__popcount(p) == 3 ? 2 : 1;
    /* suits whose run has length 0, 1, 2 or 3+ (one bit per suit) */
    unsigned lo = st & 0x55, hi = st >> 1 & 0x55, len[4];
    unsigned shape[4] = { ~lo & ~hi & 0x55, lo & ~hi, ~lo & hi, lo & hi };
    for (int i = 0; i < 4; i++) {
        unsigned x = shape[i];
        x = (x | x >> 1) & 0x33;
        len[i] = (x | x >> 2) & 0x0F;
    }

    for (int o = 0; o < nopt; o++) {
        unsigned set = o == 0 ? 0 : o == 1 ? p : 15u & ~(1u << (o - 2));
        unsigned freem = p & ~set;
        /* a run of 1 or 2 must go on, and a run of 1 needs the next rank */
        if (((len[1] | len[2]) & ~freem) || (len[1] & ~n1))
            continue;
        unsigned to = spread4(len[1]) * 2 + spread4((len[2] | len[3]) & freem) * 3;
        unsigned start = len[0] & freem & n12;        /* start or dead */
        unsigned dead = len[0] & freem & ~n12;
        for (unsigned sub = start;; sub = (sub - 1) & start) {
            unsigned d = dead | (start & ~sub);
            if (o < 2 || !(d >> (o - 2) & 1))
                mv[n++] = (dp_move){ (uint8_t)(to | spread4(sub)), (uint8_t)o,
                                     (uint8_t)d };
            if (sub == 0)
                break;
        }
    }
    return n;
}

static inline bool path_less(const dp_path *a, const dp_path *b)
{
    if (a->val != b->val)
        return a->val < b->val;
    if (a->dead != b->dead)
        return a->dead < b->dead;
    return a->cut < b->cut;
}

/* the least path of the hand */
static dp_path dp_best(gr_cards hand)
{
    unsigned pres[15] = { 0 };
    dp_path cur[256], nxt[256];
    dp_move mv[96];

    for (int r = 0; r < 13; r++)
        pres[r] = gr__rank_suits(hand, r);   /* 13, 14: 0 */
    for (int i = 0; i < 256; i++)
        cur[i].val = DP_INF;
    cur[0] = (dp_path){ 0, 0, 0 };
    for (int r = 0; r < 13; r++) {
        int cost = DP_VALUE(gr__rank_points(r), 1);
        for (int i = 0; i < 256; i++)
            nxt[i].val = DP_INF;
        for (unsigned st = 0; st < 256; st++) {
            if (cur[st].val == DP_INF)
                continue;
            int n = dp_moves(pres, r, st, mv);
            for (int i = 0; i < n; i++) {
                dp_path q = { cur[st].val + gr__popcount(mv[i].dead) * cost,
                              cur[st].dead | rank_cards(mv[i].dead, r),
                              cur[st].cut | (uint64_t)mv[i].opt << (DP_OPT_BITS * (12 - r)) };
                if (path_less(&q, &nxt[mv[i].to]))
                    nxt[mv[i].to] = q;
            }
        }
        memcpy(cur, nxt, sizeof cur);
    }
    /* no run is left short at the end (runs start only with two cards
     * above them), so every state left is complete */
    dp_path best = cur[0];
    for (int i = 1; i < 256; i++)
        if (path_less(&cur[i], &best))
            best = cur[i];
    return best;
}

/* Best discard of a hand with too many conflict ranks.  F[r][st]: least
 * value of ranks 0..r-1 ending in state st; B[r][st]: least value of ranks
 * r..12 from st (kept for one rank at a time).  Removing a card of rank r changes the moves at rank r
 * only (states that counted on it, runs started just below, find no move
 * at r), so each card costs one rank of the dynamic program. */
int gr__dp_discard(gr_cards hand, gr_card *out)
{
    unsigned pres[15] = { 0 };
    int f[13][256], b[256], bnext[256];
    int best = DP_INF, bestkey = -1;
    dp_move mv[96];

    for (int r = 0; r < 13; r++)
        pres[r] = gr__rank_suits(hand, r);   /* 13, 14: 0 */
    for (int i = 0; i < 256; i++) {
        f[0][i] = DP_INF;
        bnext[i] = 0;                    /* every state reached is complete */
    }
    f[0][0] = 0;
    for (int r = 0; r < 12; r++) {
        int cost = DP_VALUE(gr__rank_points(r), 1);
        for (int i = 0; i < 256; i++)
            f[r + 1][i] = DP_INF;
        for (unsigned st = 0; st < 256; st++) {
            if (f[r][st] == DP_INF)
                continue;
            int n = dp_moves(pres, r, st, mv);
            for (int i = 0; i < n; i++)
                f[r + 1][mv[i].to] = min2(f[r + 1][mv[i].to],
                                          f[r][st] + gr__popcount(mv[i].dead) * cost);
        }
    }
    for (int r = 12; r >= 0; r--) {
        int cost = DP_VALUE(gr__rank_points(r), 1);
        /* each card of rank r: bnext is B[r + 1] */
        for (gr_cards h = hand & GR_RANK_BITS(r); h; h &= h - 1) {
            int card = __builtin_ctzll(h), v = DP_INF;
            unsigned save = pres[r];
            pres[r] &= ~(1u << (card / 13));
            for (unsigned st = 0; st < 256; st++) {
                if (f[r][st] == DP_INF)
                    continue;
                int n = dp_moves(pres, r, st, mv);
                for (int i = 0; i < n; i++)
                    v = min2(v, f[r][st] + gr__popcount(mv[i].dead) * cost
                                + bnext[mv[i].to]);
            }
            pres[r] = save;
            v = DP_POINTS(v);
            int key = gr__rank_points(r) << KEY_CARD_BITS | card;   /* points, then number */
            if (v < best || (v == best && key > bestkey)) {
                best = v;
                bestkey = key;
            }
        }
        for (unsigned st = 0; st < 256; st++) {
            int v = DP_INF, n = dp_moves(pres, r, st, mv);
            for (int i = 0; i < n; i++)
                v = min2(v, gr__popcount(mv[i].dead) * cost + bnext[mv[i].to]);
            b[st] = v;
        }
        memcpy(bnext, b, sizeof b);
    }
    *out = (gr_card)KEY_CARD(bestkey);
    return best;
}

/* the sets of a path's cut */
static gr_cards dp_sets(gr_cards hand, uint64_t cut)
{
    gr_cards sets = 0;
    for (int r = 0; r < 13; r++) {
        unsigned o = (unsigned)(cut >> (DP_OPT_BITS * (12 - r))) & ((1u << DP_OPT_BITS) - 1);
        gr_cards all = hand & GR_RANK_BITS(r);
        if (o == 1)
            sets |= all;
        else if (o >= 2)
            sets |= all & ~GR_CARD_BIT(13 * (o - 2) + r);
    }
    return sets;
}

int gr__dp_deadwood(gr_cards hand)
{
    return DP_POINTS(dp_best(hand).val);
}

int gr__dp_arrange(gr_cards hand, gr_cards *sets, gr_cards *dead)
{
    dp_path best = dp_best(hand);
    *sets = dp_sets(hand, best.cut);
    *dead = best.dead;
    return DP_POINTS(best.val);
}
