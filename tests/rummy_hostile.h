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

/* The slowest hands of up to 14 cards found for gr_rummy_value, by joker
 * count (bench-rummy's worst mode climbs dense hands towards slower calls;
 * the first ones were the slowest before the search of melding_small.c
 * took every joker count), with the ace option (1 high).  tests/
 * check_rummy_melding.c checks their values against the oracle;
 * bench-rummy times each one. */
static const struct hostile_value {
    const char *hand;
    int         flags;
} hostile_values[] = {
    { "2C 3C AD AD 2D 3D 4D AH AH 2H 3H AS 2S 3S", 1 },
    { "2C 4C 2D 3D 4D 2H 3H 4H AS AS 2S 3S 4S JK", 1 },
    { "7C 5D 6D 7D 7D 8D 9D 9D 7H 8H 7S 7S JK JK", 1 },
    { "AC 3C AD AD 3D AH 3H AS 2S 2S 3S JK JK JK", 1 },
    { "AC 3C AD 3D 3D AH AH 3H AS 2S JK JK JK JK", 1 },
    { "AC 4C AD QD AH AH AS KS JK JK JK JK JK JK", 1 },
    { "7C 8C 7D 7D 8D 9D 7H 7H 8H 9H 7S 8S 9S 9S", 0 },
    { "AC 4C KC AD KD AH 2H KH KH AS 2S QS KS JK", 1 },
    { "2C 3C 3C 2D 3D 2H 3H 3H AS AS 2S 3S JK JK", 1 },
    { "7C 8C 8C 9C 10C 8D 9D 10H 8S 10S 10S JK JK JK", 0 },
    { "AC AC 2C 3C AD AH 2H KH AS AS JK JK JK JK", 1 },
    { "8C 10C 8D 8D 10D 10H 8S 9S JK JK JK JK JK JK", 1 },
    { "3C 4C 2D 3D 4D 2H 3H 4H AS AS 2S 3S 4S JK", 1 },
    { "4C 5C 6C 7C 4D 5D 4H 5H 6H 6H 4S 5S JK JK", 1 },
    { "2C 3C 3C 2D 3D 2H 3H 4H 4H 2S 3S JK JK JK", 1 },
    { "8C 9C 9C 10C 8D 9D 9H 9H 7S 9S JK JK JK JK", 0 },
    { "2C 3C 3C 2D 2D 3D 2H 3H 2S 3S 3S 4S 4S JK", 1 },
    { "2C 3C 2D 3D 3D 2H 3H 4H 4H 2S 2S 3S JK JK", 0 },
    { "9C 9D 10D JD QD QD 9H JH 9S 10S JK JK JK JK", 0 },
    { "AC AC 2C AD 2D KD KD AH AS JK JK JK JK JK", 0 },
    { "3C 4C 5C 6C 6D 4H 5S 5S JK JK JK JK JK JK", 1 },
    { "AC 2C 2C 3C KC 3H AS JK JK JK JK JK JK JK", 1 },
    { "QC AD 2D QD QD AS JK JK JK JK JK JK JK JK", 1 },
    { "JC QC QC KC JD QD JH QH KH KH JS QS JK JK", 1 },
    { "QC KC KC QD QD KD JH QH KH QS KS JK JK JK", 0 },
    { "6C 6D 7D 7D 6H 6H 7H 8H 6S 6S JK JK JK JK", 0 },
    { "8C 10C 10C 9D 8H 8H 9H 10H 8S JK JK JK JK JK", 1 },
    { "AC 2C QC AD 2D 2D AH 2H AS 2S QS KS JK JK", 0 },
    { "AC 2C 3C AD 2D JD AH 2H AS 2S QS JK JK JK", 0 },
    { "6C 6C 7C 8C 9C 10C 9D 8H 6S 7S JK JK JK JK", 1 },
    { "6C 7C 6D 7D 8D 8D 6H 7H 6S 7S 7S 8S 9S JK", 1 },
    { "2C 3C 2D 3D 2H 3H 3H 4H 2S 3S 4S 4S JK JK", 1 },
    { "5C 5C 6C 5D 5D 6D 5H 6H 7H 5S 6S 6S JK JK", 0 },
    { "6C 6C 7C 6D 6D 7D 7D 6H 6H 7H 6S 6S 7S 8S", 0 },
    { "AC AC QC KC KC AD KD AH QH KH AS AS QS JK", 1 },
    { "AC QC AD JD QD KD AH QH KH AS AS QS KS", 1 },
};

#endif /* GR_RUMMY_HOSTILE_H */
