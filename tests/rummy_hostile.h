/*
 * rummy_hostile.h: the largest going-out searches built on purpose, shared
 * by tests/check_rummy_goout.c (which checks the answers) and
 * bench/bench-rummy.c (which times them).  Depends only on ginrummy.h.
 */
#ifndef GR_RUMMY_HOSTILE_H
#define GR_RUMMY_HOSTILE_H

#include <ginrummy.h>

/* n (<= 52) 3-card sets, four per rank at most (two per deck), and
 * in *h the face each lacks: every card of *h goes onto a set (R4).
 * Returns the number of sets. */
static inline int hostile_sets(gr_rummy_meld *t, gr_rummy_hand *h, int n)
{
    int nt = 0;
    *h = (gr_rummy_hand){ 0, 0, 0 };
    for (int copy = 0; copy < 2; copy++)
        for (int r = 0; r < 13 && nt < n; r++)
            for (int lack = 0; lack < 4 && nt < n; lack++) {
                if ((r + lack + copy) % 2)
                    continue;
                gr_rummy_meld m = { 0, 0 };
                for (int s = 0; s < 4; s++)
                    if (s != lack)
                        m.cards |= GR_CARD_BIT(GR_CARD(r, s));
                t[nt++] = m;
                gr_rummy_hand_add(h, GR_CARD(r, lack));
            }
    return nt;
}

/* 24 runs of 3 (A23, 567, 9-10-J in every suit, both decks) and in *h
 * `copies` (1 or 2) of each face between two runs or after the last
 * (4, 8, Q): each can go to either neighbour, so the search meets every
 * subset of them.  Returns 24. */
static inline int hostile_runs(gr_rummy_meld *t, gr_rummy_hand *h, int copies)
{
    int nt = 0;
    *h = (gr_rummy_hand){ 0, 0, 0 };
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 4; s++)
            for (int b = 0; b < 3; b++) {
                gr_rummy_meld m = { 0, 0 };
                for (int q = 0; q < 3; q++)
                    m.cards |= GR_CARD_BIT(GR_CARD(4 * b + q, s));
                t[nt++] = m;
            }
    for (int s = 0; s < 4; s++)
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < copies; c++)
                gr_rummy_hand_add(h, GR_CARD(4 * b + 3, s));
    return nt;
}

#endif /* GR_RUMMY_HOSTILE_H */
