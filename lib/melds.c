/*
 * melds.c: melds, least deadwood, arrangement and best discard (G4, G5).
 *
 * Exact for any set of 0..52 cards.  This version uses a dynamic program
 * over ranks (state per suit: length 0, 1, 2 or 3+ of the run in progress);
 * a faster table-driven path follows.
 */
#include "internal.h"

#include <string.h>

#define SUIT_MASK 0x1FFFu

/* points of a card of rank r (G2) */
static inline int rank_points(int r)
{
    return r < 9 ? r + 1 : 10;
}

static int points_of(gr_cards cards)
{
    int sum = 0;
    while (cards) {
        int c = __builtin_ctzll(cards);
        sum += rank_points(c % 13);
        cards &= cards - 1;
    }
    return sum;
}

/* ------------------------------------------------------------------------
 * Meld kind
 * ------------------------------------------------------------------------ */

int gr__meld_kind(gr_cards cards)
{
    unsigned m[4], ranks = 0;
    int nsuits = 0, n = gr__popcount(cards);

    if (n < 3)
        return 0;
    for (int s = 0; s < 4; s++) {
        m[s] = (unsigned)(cards >> (13 * s)) & SUIT_MASK;
        ranks |= m[s];
        nsuits += m[s] != 0;
    }
    if ((ranks & (ranks - 1)) == 0)
        return GR_MELD_SET;              /* one rank, 3 or 4 cards */
    if (nsuits == 1) {
        unsigned low = ranks >> __builtin_ctz(ranks);
        if ((low & (low + 1)) == 0)
            return GR_MELD_RUN;          /* consecutive, ace low only */
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Exact dynamic program over ranks, for any hand.
 *
 * State: for each suit the length of the run in progress, 0, 1, 2 or 3+
 * (2 bits per suit, 256 states).  At each rank the cards present either form
 * a set (a 3- or 4-set, or with 4 cards any 3 of them), or are free: a free
 * card extends its suit's run, or is deadwood (only when no run of length 1
 * or 2 is open in that suit).  A suit whose card is absent or in the set
 * must have no short run open.  The value minimised is points * 64 + number
 * of deadwood cards; `must` lists cards that may not be deadwood.
 * ------------------------------------------------------------------------ */

#define DP_INF 0x3FFFFFFF

static int dp_value(gr_cards hand, gr_cards must)
{
    int val[256], cur[256], nxt[256], nv[256];

    for (int i = 0; i < 256; i++)
        val[i] = DP_INF;
    val[0] = 0;
    for (int r = 0; r < 13; r++) {
        unsigned pres = 0, mustr = 0, opts[6];
        int nopts = 0;
        int cost = rank_points(r) * 64 + 1;

        for (int s = 0; s < 4; s++) {
            pres |= (unsigned)((hand >> (13 * s + r)) & 1) << s;
            mustr |= (unsigned)((must >> (13 * s + r)) & 1) << s;
        }
        opts[nopts++] = 0;
        if (__builtin_popcount(pres) >= 3)
            opts[nopts++] = pres;
        if (pres == 15)
            for (int s = 0; s < 4; s++)
                opts[nopts++] = 15u & ~(1u << s);
        for (int i = 0; i < 256; i++)
            nv[i] = DP_INF;
        for (int o = 0; o < nopts; o++) {
            unsigned freem = pres & ~opts[o];
            memcpy(cur, val, sizeof cur);
            for (int s = 0; s < 4; s++) {
                for (int i = 0; i < 256; i++)
                    nxt[i] = DP_INF;
                for (unsigned st = 0; st < 256; st++) {
                    int v = cur[st];
                    if (v >= DP_INF)
                        continue;
                    unsigned old = (st >> (2 * s)) & 3;
                    unsigned base = st & ~(3u << (2 * s));
                    if (freem & (1u << s)) {
                        unsigned ns = old == 3 ? 3 : old + 1;
                        unsigned to = base | (ns << (2 * s));
                        if (v < nxt[to])
                            nxt[to] = v;
                        if ((old == 0 || old == 3) && !(mustr & (1u << s))
                            && v + cost < nxt[base])
                            nxt[base] = v + cost;
                    } else if (old == 0 || old == 3) {
                        if (v < nxt[base])
                            nxt[base] = v;
                    }
                }
                memcpy(cur, nxt, sizeof cur);
            }
            for (int i = 0; i < 256; i++)
                if (cur[i] < nv[i])
                    nv[i] = cur[i];
        }
        memcpy(val, nv, sizeof val);
    }
    int best = DP_INF;
    for (unsigned st = 0; st < 256; st++) {
        /* every suit closed: state 0 or 3 (no bit pattern 01 or 10) */
        unsigned hi = (st >> 1) & 0x55, lo = st & 0x55;
        if ((hi ^ lo) == 0 && val[st] < best)
            best = val[st];
    }
    return best;
}

/* Least-deadwood deadwood mask by the tie-break of ginrummy.h: least
 * points, then fewest cards, then numerically smallest mask (decided card
 * by card from the highest down). */
static gr_cards dp_deadwood_mask(gr_cards hand)
{
    int v = dp_value(hand, 0);
    gr_cards must = 0;

    for (int c = 51; c >= 0; c--) {
        gr_cards bit = GR_CARD_BIT(c);
        if ((hand & bit) && dp_value(hand, must | bit) == v)
            must |= bit;
    }
    return hand & ~must;
}

/* ------------------------------------------------------------------------
 * Cutting a fully meldable set of cards into melds, canonically: ranks are
 * decided from the ace up, each taking the first option that still lets the
 * rest be melded, in the order: no set, the whole set, then (4 cards) the
 * 3-set without the clubs, diamonds, hearts, spades card.  Runs are then the
 * maximal blocks of consecutive cards of one suit left over: a 6-card run
 * stays one meld.
 * ------------------------------------------------------------------------ */

static int part_dfs(gr_cards m, int r, unsigned st, unsigned char *sets,
                    uint64_t fail[13][4])
{
    if (r == 13) {
        unsigned hi = (st >> 1) & 0x55, lo = st & 0x55;
        return (hi ^ lo) == 0;
    }
    if (fail[r][st >> 6] & ((uint64_t)1 << (st & 63)))
        return 0;

    unsigned pres = 0, opts[6];
    int nopts = 0;
    for (int s = 0; s < 4; s++)
        pres |= (unsigned)((m >> (13 * s + r)) & 1) << s;
    opts[nopts++] = 0;
    if (__builtin_popcount(pres) >= 3)
        opts[nopts++] = pres;
    if (pres == 15)
        for (int s = 0; s < 4; s++)
            opts[nopts++] = 15u & ~(1u << s);

    for (int o = 0; o < nopts; o++) {
        unsigned freem = pres & ~opts[o], ns = 0;
        int ok = 1;
        for (int s = 0; s < 4 && ok; s++) {
            unsigned old = (st >> (2 * s)) & 3;
            if (freem & (1u << s))
                ns |= (old == 3 ? 3 : old + 1) << (2 * s);
            else if (old == 1 || old == 2)
                ok = 0;
        }
        if (ok && part_dfs(m, r + 1, ns, sets, fail)) {
            sets[r] = (unsigned char)opts[o];
            return 1;
        }
    }
    fail[r][st >> 6] |= (uint64_t)1 << (st & 63);
    return 0;
}

/* Fill *out from the hand and its deadwood mask (hand - dead meldable). */
static int build_arrangement(gr_cards hand, gr_cards dead, gr_arrangement *out)
{
    gr_cards melded = hand & ~dead, freec = melded;
    unsigned char sets[13] = { 0 };
    uint64_t fail[13][4];
    gr_arrangement a;

    memset(fail, 0, sizeof fail);
    memset(&a, 0, sizeof a);
    if (!part_dfs(melded, 0, 0, sets, fail))
        return -1;                       /* cannot happen */
    for (int r = 0; r < 13; r++) {
        if (!sets[r])
            continue;
        gr_cards set = 0;
        for (int s = 0; s < 4; s++)
            if (sets[r] & (1u << s))
                set |= GR_CARD_BIT(13 * s + r);
        a.melds[a.nmelds++] = set;
        freec &= ~set;
    }
    for (int s = 0; s < 4; s++) {
        unsigned m = (unsigned)(freec >> (13 * s)) & SUIT_MASK;
        while (m) {
            int lo = __builtin_ctz(m);
            int len = __builtin_ctz(~(m >> lo));
            unsigned seg = ((1u << len) - 1) << lo;
            a.melds[a.nmelds++] = (gr_cards)seg << (13 * s);
            m &= ~seg;
        }
    }
    /* list melds by their lowest card */
    for (int i = 1; i < a.nmelds; i++) {
        gr_cards x = a.melds[i];
        int j = i;
        while (j > 0 && __builtin_ctzll(a.melds[j - 1]) > __builtin_ctzll(x)) {
            a.melds[j] = a.melds[j - 1];
            j--;
        }
        a.melds[j] = x;
    }
    a.deadwood = dead;
    a.deadwood_points = points_of(dead);
    *out = a;
    return a.deadwood_points;
}

/* ------------------------------------------------------------------------
 * Internal entry points
 * ------------------------------------------------------------------------ */

int gr__deadwood(gr_cards hand)
{
    return dp_value(hand, 0) >> 6;
}

int gr__arrange(gr_cards hand, gr_arrangement *out)
{
    return build_arrangement(hand, dp_deadwood_mask(hand), out);
}

/* best discard; hand non-empty */
static int best_discard(gr_cards hand, gr_card *out)
{
    int best = DP_INF, bestkey = -1;
    for (gr_cards h = hand; h; h &= h - 1) {
        int c = __builtin_ctzll(h);
        int v = gr__deadwood(hand & ~GR_CARD_BIT(c));
        int key = rank_points(c % 13) * 64 + c;
        if (v < best || (v == best && key > bestkey)) {
            best = v;
            bestkey = key;
        }
    }
    *out = (gr_card)(bestkey & 63);
    return best;
}

int gr__arrangement_check(const gr_arrangement *a, gr_cards *cards)
{
    gr_cards all = 0;

    if (!a || a->nmelds < 0 || a->nmelds > GR_MAX_MELDS)
        return GR_EINVAL;
    for (int i = 0; i < GR_MAX_MELDS; i++) {
        gr_cards m = a->melds[i];
        if (i >= a->nmelds) {
            if (m != 0)
                return GR_EINVAL;
            continue;
        }
        if (!gr__cards_valid(m) || (m & all) || gr__meld_kind(m) == 0)
            return GR_EINVAL;
        all |= m;
    }
    if (!gr__cards_valid(a->deadwood) || (a->deadwood & all))
        return GR_EINVAL;
    if (a->deadwood_points != points_of(a->deadwood))
        return GR_EINVAL;
    if (cards)
        *cards = all | a->deadwood;
    return GR_OK;
}

/* ------------------------------------------------------------------------
 * Public functions
 * ------------------------------------------------------------------------ */

int gr_meld_kind(gr_cards cards)
{
    if (!gr__cards_valid(cards))
        return GR_EINVAL;
    return gr__meld_kind(cards);
}

int gr_deadwood(gr_cards hand)
{
    if (!gr__cards_valid(hand))
        return GR_EINVAL;
    return gr__deadwood(hand);
}

int gr_arrange(gr_cards hand, gr_arrangement *out)
{
    if (!out || !gr__cards_valid(hand))
        return GR_EINVAL;
    return gr__arrange(hand, out);
}

int gr_best_discard(gr_cards hand, gr_card *out)
{
    if (!out || hand == 0 || !gr__cards_valid(hand))
        return GR_EINVAL;
    return best_discard(hand, out);
}
