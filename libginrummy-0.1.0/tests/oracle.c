/*
 * oracle.c: brute-force reference for melds and deadwood (see oracle.h).
 *
 * Written to be obviously right, independently of lib/melds.c: list every
 * meld the hand contains, then search every disjoint combination.  The
 * search takes the lowest card left: either it is deadwood, or it is in a
 * meld made of cards still left (that meld's lowest card is then this card).
 * Every arrangement is reached this way, so the minimum is exact.
 */
#include "oracle.h"

#include <string.h>

static int card_points(int c)
{
    int r = c % 13;
    return r < 9 ? r + 1 : 10;
}

static int points(gr_cards cards)
{
    int sum = 0;
    for (int c = 0; c < 52; c++)
        if (cards & ((gr_cards)1 << c))
            sum += card_points(c);
    return sum;
}

static gr_cards bit(int rank, int suit)
{
    return (gr_cards)1 << (suit * 13 + rank);
}

int oracle_melds(gr_cards hand, gr_cards *out, int cap)
{
    int n = 0;
    /* sets: every subset of 3 or 4 suits of one rank */
    for (int r = 0; r < 13; r++) {
        for (int subset = 0; subset < 16; subset++) {
            if (__builtin_popcount((unsigned)subset) < 3)
                continue;
            gr_cards m = 0;
            for (int s = 0; s < 4; s++)
                if (subset & (1 << s))
                    m |= bit(r, s);
            if ((hand & m) == m) {
                if (n < cap)
                    out[n] = m;
                n++;
            }
        }
    }
    /* runs: every start rank and length >= 3 inside one suit, ace low */
    for (int s = 0; s < 4; s++) {
        for (int lo = 0; lo < 13; lo++) {
            gr_cards m = 0;
            for (int hi = lo; hi < 13; hi++) {
                if (!(hand & bit(hi, s)))
                    break;
                m |= bit(hi, s);
                if (hi - lo + 1 >= 3) {
                    if (n < cap)
                        out[n] = m;
                    n++;
                }
            }
        }
    }
    return n;
}

/* melds[] lists every meld of the original hand; left is what remains */
static int search(gr_cards left, const gr_cards *melds, int nmelds)
{
    if (left == 0)
        return 0;
    int low = __builtin_ctzll(left);
    gr_cards lowbit = (gr_cards)1 << low;
    /* the lowest card is deadwood ... */
    int best = card_points(low) + search(left & ~lowbit, melds, nmelds);
    /* ... or in a meld of cards still left */
    for (int i = 0; i < nmelds; i++) {
        gr_cards m = melds[i];
        if ((m & lowbit) && (m & left) == m) {
            int v = search(left & ~m, melds, nmelds);
            if (v < best)
                best = v;
        }
    }
    return best;
}

int oracle_deadwood(gr_cards hand)
{
    /* at most 13*5 sets and 4*66 runs */
    gr_cards melds[400];
    int n = oracle_melds(hand, melds, 400);
    return search(hand, melds, n);
}

int oracle_best_discard_value(gr_cards hand)
{
    int best = 1 << 30;
    for (int c = 0; c < 52; c++) {
        gr_cards b = (gr_cards)1 << c;
        if (hand & b) {
            int v = oracle_deadwood(hand & ~b);
            if (v < best)
                best = v;
        }
    }
    return best;
}

static int is_meld(gr_cards m)
{
    int n = __builtin_popcountll(m);
    if (n < 3)
        return 0;
    /* set: 3 or 4 cards, all of one rank */
    int rank = -1, same = 1;
    for (int c = 0; c < 52; c++) {
        if (m & ((gr_cards)1 << c)) {
            if (rank < 0)
                rank = c % 13;
            else if (c % 13 != rank)
                same = 0;
        }
    }
    if (same && n <= 4)
        return 1;
    /* run: one suit, consecutive ranks */
    for (int s = 0; s < 4; s++) {
        for (int lo = 0; lo + n <= 13; lo++) {
            gr_cards r = 0;
            for (int k = 0; k < n; k++)
                r |= bit(lo + k, s);
            if (r == m)
                return 1;
        }
    }
    return 0;
}

int oracle_arrangement_valid(gr_cards hand, const gr_arrangement *a)
{
    if (!a || a->nmelds < 0 || a->nmelds > GR_MAX_MELDS)
        return 0;
    gr_cards used = 0;
    for (int i = 0; i < GR_MAX_MELDS; i++) {
        gr_cards m = a->melds[i];
        if (i >= a->nmelds) {
            if (m != 0)
                return 0;
            continue;
        }
        if ((m & ~GR_ALL_CARDS) || (m & used) || !is_meld(m))
            return 0;
        used |= m;
    }
    if (a->deadwood & used)
        return 0;
    if ((used | a->deadwood) != hand)
        return 0;
    return a->deadwood_points == points(a->deadwood);
}
