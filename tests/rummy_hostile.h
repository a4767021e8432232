/*
 * rummy_hostile.h: the largest going-out searches built on purpose, shared
 * by tests/check_rummy_goout.c (which checks the answers) and
 * bench/bench-rummy.c (which times them).  Depends only on ginrummy.h.
 */
#ifndef GR_RUMMY_HOSTILE_H
#define GR_RUMMY_HOSTILE_H

#include <ginrummy.h>
#include <string.h>

/* n (<= 26) 3-card sets, two per rank at most, and in *h the face each
 * lacks: every card of *h goes onto a set (R4).  A rank's two sets and
 * the two faces they lack are the 8 cards of the rank two decks hold
 * (R1), so no more sets of a rank can lack a face the hand holds.
 * Returns the number of sets. */
static inline int hostile_sets(gr_rummy_meld *t, gr_rummy_hand *h, int n)
{
    int nt = 0;
    *h = (gr_rummy_hand){ 0, 0, 0 };
    for (int r = 0; r < 13 && nt < n; r++)
        for (int lack = 0; lack < 4 && nt < n; lack++) {
            if ((r + lack) % 2)
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

/* a run of 3 of suit s from rank lo, a joker at position jk (0..2) or none
 * (-1) */
static inline gr_rummy_meld hostile_run3(int s, int lo, int jk)
{
    gr_rummy_meld m = { 0, 0 };
    for (int q = 0; q < 3; q++) {
        m.cards |= GR_CARD_BIT(GR_CARD(lo + q, s));
        if (q == jk)
            m.jokers |= GR_CARD_BIT(GR_CARD(lo + q, s));
    }
    return m;
}

/* A table no game can hold (R1): the first input climbing found before
 * the going-out calls refused a third copy of a face; its 32 melds hold
 * up to 4 copies of a face (5H, 3S, 5S), and the going-out calls refuse
 * it (GR_REASON_RUMMY_CARDS). */
static const struct hostile_refused {
    const char *hand, *table;
} hostile_refused = { "3C 7C QC AD 9D 2H 4H 7H 9H 5S JK JK JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | JK=6H "
        "7H 8H 9H | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S | 5S 6S "
        "7S | 9S 10S JS | JC QC KC | AS 2S 3S 4S | 9C 10C JC | AD 2D "
        "3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | 9H 10H JH | "
        "AS 2S 3S | 5S 6S 7S | 9S 10S JS | 4H 5H 6H JK=7H | 2C 3C 4C "
        "5C | 4S JK=5S 6S | 9S 10S JS QS | 6D 7D 8D | 5C 5D 5H 5S | 3C "
        "3D 3S | 5S 6S 7S" };

/* Inputs found by climbing (hostile_goout's cases 9 on): a name, a hand
 * and its table, the melds split by " | ", gr_rummy_go_out's value and
 * gr_rummy_can_go_out's answer (no card barred) with the ace low, then
 * high; too many melds for the brute force.  Every one within two decks
 * and 8 jokers (R1).  The first ones are those bench-rummy climb found
 * before the third copy of a face was refused, each meld making a third
 * copy dropped and the hand's extra copies removed (the answers the
 * library's). */
static const struct hostile_climb {
    const char *name, *hand, *table;
    int         value[2], out[2];
} hostile_climbed[] = {
    { "two decks: 22 melds, 8 cards, 4 JK", "7C QC 9D 4H JK JK JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | "
        "JK=6H 7H 8H 9H | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S "
        "| 5S 6S 7S | 9S 10S JS | JC QC KC | AS 2S 3S 4S | AD 2D 3D | "
        "5D 6D 7D | 9D 10D JD | AH 2H 3H | 5S 6S 7S | 9S 10S JS | 4H "
        "5H 6H JK=7H | 2C 3C 4C 5C",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 23 melds, 10 cards", "4C 8C KC 2D 4D 8D 4H 8H 2S 6S",
        "AC JK=2C 3C | 4C 5C 6C 7C | 9C 10C JC | AD JK=2D 3D | 5D "
        "JK=6D 7D | 9D 10D JD | AH JK=2H 3H | 5H JK=6H 7H | 9H 10H JH "
        "| AS JK=2S 3S | 5S JK=6S 7S | 9S 10S JS | 6C 6D 6H | 9C 10C "
        "JC | AD 2D 3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | "
        "9H 10H JH | AS 2S 3S | 5S 6S 7S | 9S 10S JS",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 23 melds, 10 cards, 2 JK", "4C 8C 5D JD QH QH 4S 10S JK JK",
        "AC 2C 3C | 5C 6C 7C | JK=6S 7S 8S | JS QS KS | 5D 6D 7D | 9D "
        "10D JD | AH 2H 3H | AS 2S 3S JK=4S | 7H 8H 9H | AS 2S 3S | "
        "5S 6S 7S | 9S 10S JS | AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD "
        "2D 3D | AH 2H 3H | 5H 6H 7H | 9H 10H JH | JK=8D 9D 10D | 8C "
        "8D 8H 8S | 4D 4H 4S | AD 2D 3D 4D",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 21 melds, 8 cards, 4 JK", "3C 7C AH KH JK JK JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | "
        "JK=6H 7H 8H 9H | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S "
        "| 5S 6S 7S | 2H 3H 4H | JC QC KC | AS 2S 3S 4S | AD 2D 3D | "
        "5D 6D 7D | 9D 10D JD | 5S 6S 7S | 9S 10S JS | 4H 5H 6H JK=7H "
        "| 9S 10S JS QS",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 22 melds, 10 cards", "3C 8C KC 2D 3D 6D 8D 9D 2S 6S",
        "AC JK=2C 3C | 4C 5C 6C 7C | JD QD KD | JC QC KC | 5D JK=6D "
        "7D | 9D 10D JD | AH JK=2H 3H | 5H JK=6H 7H | 9H 10H JH | AS "
        "JK=2S 3S | 5S JK=6S 7S | 9S 10S JS | 6C JK=6D 6H | 9C 10C JC "
        "| AD 2D 3D | 5D 6D 7D | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS "
        "2S 3S | 5S 6S 7S | 9S 10S JS",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 22 melds, 11 cards", "AC 3C 5C 7C JC QD AH 3H KH 5S JS",
        "AD AH AS | AC AD AS | 2C 2H 2S | 2C 2D 2H | 3D 3H 3S | 3C 3D "
        "3S | 4C 4H 4S | 4C 4D 4H | 5D 5H 5S | 8C 8D 8S | 6C 6H 6S | "
        "KD JK=KH KS | 7C 7D 7S | 6C 6D 6S | 8C 8D 8H | 9D 9H 9S | 9C "
        "9D 9S | 10C 10H 10S | 10C 10D 10H | JK=JC JD JS | QC QD QH | "
        "5D 5H JK=5S",
        { 10, 10 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    { "two decks: 21 melds, 9 cards, 2 JK", "4C 8C 4D 5D QH QH 8S JK JK",
        "AC 2C 3C | 5C 6C 7C | 6D 7D 8D | JS QS KS | 5D 6D 7D | 9D "
        "10D JD | AS 2S 3S 4S | AS 2S 3S JK=4S | 7H 8H 9H | 5S 6S 7S "
        "| 9S 10S JS | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 4S 5S 6S 7S "
        "| AH 2H 3H | 5H 6H 7H | 9H 10H JH | 9S 10S JK=JS | JK=8D 9D "
        "10D | AH 2H 3H",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 20 melds, 10 cards, 2 JK", "5D 9D KD 8H QH QH AS 9S JK JK",
        "AC 2C 3C | 5C 6C 7C | JK=6S 7S 8S | JS QS KS | 5D 6D 7D | 9D "
        "10D JD | 10D JD QD | AS 2S 3S JK=4S | 7H 8H 9H | 4S 5S 6S 7S "
        "| 9S 10S JS | 2S 3S 4S | 5C 6C 7C | 8C 8D 8S | AD 2D 3D | AH "
        "2H 3H | 5H 6H 7H | 9H 10H JH | AH 2H 3H | AD 2D 3D 4D",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 18 melds, 10 cards, 2 JK", "4C 8C 3D 4D 3H QH QH 8S JK JK",
        "AC 2C 3C | 5C 6C 7C | 6D 7D 8D | JS QS KS | 5D 6D 7D | 9D "
        "10D JD | AS 2S 3S 4S | AS 2S 3S JK=4S | 7H 8H 9H | 5S 6S 7S "
        "| 9S 10S JS | 4H 5H 6H 7H | 4S 5S 6S 7S | AH 2H 3H | 9H 10H "
        "JH | JD QD KD | 9S 10S JK=JS | 2C 3C JK=4C 5C",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 20 melds, 9 cards, 4 JK", "3C 7C 7D AH KH JK JK JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 5S 6S 7S | "
        "JK=6H 7H 8H 9H | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S "
        "| 2H 3H 4H | JC QC KC | AS 2S 3S 4S | AD 2D 3D | 5D 6D 7D | "
        "9D 10D JD | JK=3D 4D 5D 6D | 5S 6S 7S | 4H 5H 6H | 9S 10S JS "
        "QS",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "two decks: 19 melds, 11 cards, 2 JK", "4C 8C 4D 8D 4H 8H KH 2S 8S JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | 4S 5S 6S 7S | 5D 6D 7D | "
        "JK=4C 4D 4S | AH 2H 3H | 9H 10H JH | AS 2S 3S | 5S 6S 7S | "
        "9S 10S JS | AC 2C 3C | 5C 6C 7C | AD 2D 3D | 5D 6D 7D | 9D "
        "10D JD | 9H 10H JK=JH | 5H 6H 7H | 9S 10S JS",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    /* found by bench-rummy climb from the cases above, within two decks,
     * then climbed again from those (the start, its ace option and the
     * slowest call then, fastest of 7; the card barred and can_go_out's
     * answer with it) */
    /* climbed: 23 melds, 14 cards, ace high: 2565.7 us (go_out); barred 8S: 2 */
    { "climbed 1: 22 melds, 14 cards", "4C 8C 8C JC QC 5D 8D 8D QD QD 8H JH 8S KS",
        "9S 10S JS | 5C 6C 7C | 9C 10C JK=JC | AD 2D JK=3D | JK=5D 6D "
        "7D | 9D JK=10D JD | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S "
        "| 5S 6S 7S | JK=9S 10S JK=JS | AC 2C 3C | 5C 6C 7C | JK=9C 10C "
        "JC | AD 2D 3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H JK=6H 7H "
        "| 4C 4D 4S | 5S 6S 7S",
        { 10, 10 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed: 25 melds, 14 cards, ace low: 4289.3 us (barred); barred KC: 0 */
    { "climbed 2: 25 melds, 14 cards", "4C 8C KC KC 4D 4D 8D QD 4H 8H 8H 4S 8S QS",
        "QC QH QS | 5C 6C JK=7C | 8D 9D 10D JD | AD 2D 3D | 5D 6D 7D | "
        "KD KH KS | AH 2H 3H | 5H 6H 7H | JK=9H 10H JH | JK=AS 2S 3S | "
        "5S 6S JK=7S | 9S 10S JK=JS | JK=AC 2C 3C | 5C 6C 7C | 9C 10C "
        "JC | QC QD QH | 5D 6D 7D | JK=9D JK=10D JD | AH 2H 3H | 5H 6H "
        "7H | 9H 10H JH | AS 2S 3S | 5S 6S 7S | 9S 10S JS | 4C 4H 4S",
        { 10, 10 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed: 22 melds, 14 cards, ace high: 5641.1 us (go_out); barred none: 2 */
    { "climbed 3: 22 melds, 14 cards", "4C 4C 8C QC 4D 8D 10D QD KD KD 8H 4S 8S 10S",
        "JK=4C 4H JK=4S | 5C 6C 7C | 9C 10C JK=JC | AC AD AH | 5D 6D 7D "
        "| AS 2S 3S | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S | 5S "
        "6S 7S | JK=9S 10S JS | 5S 6S 7S | 8C 8H 8S | 9C JK=10C JC | AD "
        "2D 3D | 5D 6D JK=7D | 9D 10D JD | 7D 8D 9D | 5H 6H 7H | JK=9H "
        "10H JK=JH | 4D 4H 4S",
        { 10, 10 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed: 24 melds, 14 cards, 2 JK, ace low: 3344.5 us (go_out); barred 8S: 1 */
    { "climbed 4: 24 melds, 14 cards, 2 JK", "2C 8C QC 4D 8D QD 8H 8H QH 8S 8S KS JK JK",
        "AC 2C 3C | 5C JK=6C 7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | 9D "
        "JK=10D JD | AH 2H 3H | 5H 6H 7H | 9H 10H JH | JK=AS 2S 3S | 5S "
        "6S 7S | 9S 10S JS | 3C 4C JK=5C | 5C 6C 7C | 9C JK=10C JC | AD "
        "2D 3D | 5D 6D JK=7D | 7D 8D 9D | AH 2H 3H | 5H 6H 7H | 9H 10H "
        "JH | AS 2S 3S | 5S 6S 7S | 9S 10S JS",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    /* climbed: 23 melds, 14 cards, 2 JK, ace high: 2306.5 us (go_out); barred 8C: 2 */
    { "climbed 5: 23 melds, 14 cards, 2 JK", "4C 4C 8C KC KC KD 4H 8H 9H QH QH 8S JK JK",
        "AC 2C 3C | 5C 6C JK=7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | 9S "
        "10S JS | AH 2H 3H | 5H 6H 7H | JK=4C 4D JK=4S | AS 2S 3S | 5S "
        "6S JK=7S | JK=9S 10S JS | AC 2C 3C | 5C 6C 7C | 9C 10C JC | 9D "
        "10D JD QD | JK=5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | 9H "
        "10H JH | AS 2S 3S | 5S 6S 7S",
        { 10, 10 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed: 24 melds, 14 cards, ace low: 3226.7 us (go_out); barred none: 2 */
    { "climbed 6: 24 melds, 14 cards", "4C 6C 8C QC 4D 6D 8D QD KD 2H 8H 8S 8S KS",
        "JK=AC 2C 3C | 5C JK=6C 7C | 9C 10C JC | AD JK=2D 3D | 5D JK=6D "
        "7D | 9D 10D JD QD | 9S 10S JS | 5H JK=6H 7H | JK=9H 10H JH | "
        "AS JK=2S 3S | JK=5S 6S 7S | 9S 10S JS | AC 2C 3C | 5C 6C 7C | "
        "9C 10C JC | AD 2D 3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H "
        "7H | 9H 10H JH | AS 2S 3S | 4C 4H 4S | KC KD KS",
        { 2, 2 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed: 22 melds, 14 cards, ace high: 5229.8 us (go_out); barred 6S: 2 */
    { "climbed 7: 21 melds, 14 cards", "8C KC 2D 4D 6D 8D 2H 4H 8H QH AS 4S 6S 8S",
        "AC JK=2C JK=3C | QC QD QS | 9C 10C JC | AD JK=2D 3D | 5S 6S 7S "
        "| 4C 5C 6C | AH JK=2H 3H | 5H JK=6H JK=7H | 9H 10H JH | 9S 10S "
        "JS | 7D 8D 9D | 9S 10S JS | AC 2C 3C | JK=4D 4H 4S | 9C 10C JC "
        "| AD 2D 3D | 10D JK=JD QD | 9D 10D JD | AS 2S 3S | 5H 6H 7H | "
        "9H 10H JH",
        { 1, 6 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed: 22 melds, 14 cards, ace low: 3746.4 us (can_go_out); barred none: 2 */
    { "climbed 8: 19 melds, 14 cards", "AC 3C 7C 8C 9C JC 8D 10D AH 4H QH 6S 9S KS",
        "AD JK=AH AS | JK=AC AD AS | 2C 2H 2S | 2C 2D 2H | 3D 3H 3S | "
        "3C 3D 3S | JK=4C JK=4H 4S | 4C 4D 4H | 5D 5H 5S | 5C JK=5D 5S "
        "| 10C JK=10D 10H | 4C 5C 6C JK=7C | 7D 7H 7S | JC JD JS | QC "
        "QD QH | 8C 8D 8H | 9D 9H JK=9S | 9C 9D 9S | 10C 10H 10S",
        { 6, 6 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed: 20 melds, 13 cards, 2 JK, ace high: 1606.5 us (barred); barred none: 2 */
    { "climbed 9: 20 melds, 13 cards, 2 JK", "6C 7C JC QD 3H 3H QH KH 2S 5S JS JK JK",
        "AD AH AS | AC AD AS | 2C 2H 2S | 10C 10D 10H | JK=JC JD JK=JS "
        "| 5D 5H JK=5S | 4C 4H 4S | 4C 4D 4H | QC JK=QD QH | 8C 8D 8S | "
        "JK=6C 6H 6S | KD JK=KH KS | 7C 7D 7S | 6H 7H 8H 9H | 8C 8D 8H "
        "| 9D 9H 9S | JD JH JS | 10C 10H 10S | KC KD KS | 5C 5D 5H",
        { 2, 2 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed once more from those, after the relaxed bound at each block
     * of runs (the same notes) */
    /* climbed 2: 25 melds, 14 cards, ace low: 4746.2 us (barred); barred KC: 0 */
    { "climbed 10: 25 melds, 14 cards", "4C 8C KC KC 3D 4D 4D 8D QD 4H 8H 4S 8S QS",
        "QC QH QS | 5C 6C JK=7C | 8D 9D 10D JD | AD 2D JK=3D | 5D 6D 7D "
        "| KD KH KS | AH 2H 3H | 5H 6H 7H | JK=9H 10H JH | JK=AS 2S 3S "
        "| 5S 6S JK=7S | 9S 10S JS | JK=AC 2C 3C | 5C 6C 7C | 4C 4H 4S "
        "| QC QD QH | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | 9H "
        "10H JH | AS 2S 3S | 5S 6S 7S | JK=9S 10S JS | AC 2C 3C",
        { 10, 10 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed 4: 24 melds, 14 cards, 2 JK, ace low: 6045.7 us (barred); barred KS: 0 */
    { "climbed 11: 22 melds, 14 cards, 2 JK", "4C 8C QC 4D 8D QD 4H 8H 3S 8S KS KS JK JK",
        "AC 2C 3C | 5C JK=6C 7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | 9D "
        "JK=10D JD | AH 2H 3H | 5H 6H JK=7H | 9H 10H JH | 9S 10S JS | "
        "5S 6S 7S | QD JK=QH QS | 3C 4C JK=5C | 5C 6C 7C | 4S 5S 6S | "
        "AD 2D 3D | 5D 6D JK=7D | 7D 8D 9D | AH 2H 3H | 5H 6H 7H | 9H "
        "10H JH | QC QH QS",
        { 10, 10 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed 7: 21 melds, 14 cards, ace high: 4877.1 us (go_out); barred 4S: 2 */
    { "climbed 12: 21 melds, 14 cards", "8C KC 2D 4D 6D 8D 2H 4H 8H QH AS 4S 6S 8S",
        "AC JK=2C JK=3C | QC QD QS | 9C 10C JC | AD JK=2D 3D | 5S 6S 7S "
        "| 4C 5C 6C | AH JK=2H 3H | 5H JK=6H JK=7H | 6H 7H 8H | 9S 10S "
        "JS | 7D 8D 9D | 9S 10S JS | AC 2C 3C | JK=4D 4H 4S | 9C 10C JC "
        "| AD 2D 3D | 10D JK=JD QD | 9D 10D JD | AS 2S 3S | 5H 6H 7H | "
        "9H 10H JH",
        { 1, 6 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    /* climbed 8: 19 melds, 14 cards, ace low: 6818.0 us (can_go_out); barred 9S: 2 */
    { "climbed 13: 18 melds, 14 cards", "AC 3C 7C 8C 9C 10C 8D 10D AH 4H QH 6S 9S KS",
        "AD JK=AH AS | JK=AC AD AS | 2C 2H 2S | 2C 2D 2H | 3D 3H 3S | "
        "3C 3D 3S | JK=4C JK=4H 4S | 4C 4D 4H | 5D 5H 5S | 5C JK=5D 5S "
        "| 10C JK=10D 10H | 4C 5C 6C JK=7C | 7D 7H 7S | JC JD JS | QC "
        "QD QH | 8C 8D 8H | 9D 9H JK=9S | 9C 9D 9S",
        { 6, 6 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
};

/* hand and table text (the melds split by " | ") into *h and t[*nt];
 * 0 if either is refused */
static inline int hostile_parse(const char *hand, const char *m, gr_rummy_meld *t, int *nt,
                                gr_rummy_hand *h)
{
    for (*nt = 0; *m != 0; (*nt)++) {
        size_t len = strcspn(m, "|"), n = len;
        char buf[64];
        while (n > 0 && m[n - 1] == ' ')
            n--;
        if (n >= sizeof buf || *nt >= GR_RUMMY_MAX_MELDS)
            return 0;
        memcpy(buf, m, n);
        buf[n] = 0;
        if (gr_rummy_meld_parse(buf, &t[*nt], NULL) != GR_OK)
            return 0;
        m += len + (m[len] == '|');
        m += strspn(m, " ");
    }
    return gr_rummy_hand_parse(hand, h, NULL) == GR_OK;
}

/* The slowest going-out searches of hands of up to 14 cards built so far,
 * case k = 0, 1, ... into t[*nt] and *h, with gr_rummy_go_out's value and
 * gr_rummy_can_go_out's answer (no card barred) in value[flags] and
 * out[flags] for either ace option; its name, or NULL past the last case.  tests/check_rummy_goout.c
 * checks them, bench-rummy's worst mode times them.
 *   - the 24 runs of hostile_runs and the 12 cards between them, each
 *     going to either neighbour, with: KC KD (they follow the queens
 *     laid off on 9-10-J: 0); KC KC (one QC: a KC is left, 10); no QC
 *     and KC KC 4C (both kings left, 20; no way out); 2 jokers; 2 jokers
 *     and 4C 4D twice instead of QC QD;
 *   - 24 runs, 8 of them with a joker in the middle that the hand's
 *     naturals name (2^8 ways to take jokers), and 14 cards between
 *     the runs; the same with KC;
 *   - the 24 sets of hostile_sets and 14 of their missing faces; 12 and
 *     2 jokers;
 *   - found by climbing (a table and hand changed one card or meld at a
 *     time while the search got slower, hostile_climbed), within two
 *     decks and 8 jokers (R1).  The tables climbing found before a third
 *     copy of a face was refused held up to 4 copies of a face and took
 *     3 to 10 ms (hostile_refused is the first of them); no game holds
 *     them.  Those trimmed to two decks take 10 to 160 us; climbed again
 *     within two decks (bench-rummy climb, the slowest of go_out,
 *     can_go_out with and without a barred card and the hand's value),
 *     "climbed 1" to "climbed 13": 13 or 14 cards next to 18 to 25
 *     runs and sets of both decks, most runs there twice, with up to 6
 *     table jokers, 1 to 10 points left.  The slowest medians measured
 *     (bench-rummy worst, a loaded machine): go_out 0.13 ms, can_go_out
 *     0.09 ms, can_go_out with a card barred 0.09 ms, can_go_out_plan
 *     (the way out) 0.25 ms, most on "climbed 3" (10 points left: the
 *     search proves no way leaves less), the others at most 74, 39, 90
 *     and 123 us; the hand's value 3 us.  When the table was walked run by run (each way the
 *     hand's cards of each suit go to that suit's runs, multiplied over
 *     the suits: 6000 to 8000 states, each valued by melding the cards
 *     left) they took 3.4, 3.9, 5 to 8 and 9.4 ms. */
static inline const char *hostile_goout(int k, gr_rummy_meld *t, int *nt, gr_rummy_hand *h,
                                        int value[2], int out[2])
{
    static const char *const names[] = {
        "24 runs, 12 cards between, KC KD", "24 runs, 12 cards between, KC KC",
        "24 runs, 11 cards between, 4C KC KC", "24 runs, 12 cards between, 2 JK",
        "24 runs, 12 cards (4C 4D twice), 2 JK", "24 runs (8 JK named), 14 cards",
        "24 runs (8 JK named), 13 cards, KC", "24 sets, 14 missing faces",
        "24 sets, 12 missing faces, 2 JK",
    };
    int nnames = (int)(sizeof names / sizeof names[0]);
    if (k < 0 || k >= nnames + (int)(sizeof hostile_climbed / sizeof hostile_climbed[0]))
        return NULL;
    value[0] = value[1] = 0;
    out[0] = out[1] = GR_RUMMY_OUT_MELD;
    if (k <= 4) {
        *nt = hostile_runs(t, h, 1);
        if (k == 0 || k == 1) {
            gr_rummy_hand_add(h, GR_CARD(GR_KING, GR_CLUBS));
            gr_rummy_hand_add(h, GR_CARD(GR_KING, k == 0 ? GR_DIAMONDS : GR_CLUBS));
            if (k == 1) {
                value[0] = value[1] = 10;
                out[0] = out[1] = GR_RUMMY_OUT_DISCARD;
            }
        } else if (k == 2) {
            gr_rummy_hand_remove(h, GR_CARD(GR_QUEEN, GR_CLUBS));
            gr_rummy_hand_add(h, GR_CARD(GR_KING, GR_CLUBS));
            gr_rummy_hand_add(h, GR_CARD(GR_KING, GR_CLUBS));
            gr_rummy_hand_add(h, GR_CARD(GR_FOUR, GR_CLUBS));
            value[0] = value[1] = 20;
            out[0] = out[1] = GR_RUMMY_OUT_NO;
        } else {
            h->jokers = 2;
            if (k == 4) {
                gr_rummy_hand_remove(h, GR_CARD(GR_QUEEN, GR_CLUBS));
                gr_rummy_hand_remove(h, GR_CARD(GR_QUEEN, GR_DIAMONDS));
                gr_rummy_hand_add(h, GR_CARD(GR_FOUR, GR_CLUBS));
                gr_rummy_hand_add(h, GR_CARD(GR_FOUR, GR_DIAMONDS));
            }
        }
        return names[k];
    }
    if (k <= 6) {
        int n = 0, named = 0;
        for (int c = 0; c < 2; c++)
            for (int s = 0; s < 4; s++)
                for (int b = 0; b < 3; b++) {
                    int jk = c == 0 && b < 2 && named < 8 ? 1 : -1;
                    named += jk == 1;
                    t[n++] = hostile_run3(s, 4 * b, jk);
                }
        *nt = n;
        *h = (gr_rummy_hand){ 0, 0, 0 };
        for (int s = 0; s < 4; s++) {
            gr_rummy_hand_add(h, GR_CARD(GR_TWO, s));   /* the jokers' faces */
            gr_rummy_hand_add(h, GR_CARD(GR_SIX, s));
        }
        for (int s = 0; s < 3; s++) {
            gr_rummy_hand_add(h, GR_CARD(GR_FOUR, s));
            if (k == 5 || s < 2)
                gr_rummy_hand_add(h, GR_CARD(GR_EIGHT, s));
        }
        if (k == 6)
            gr_rummy_hand_add(h, GR_CARD(GR_KING, GR_CLUBS));
        return names[k];
    }
    if (k >= 9) {
        const struct hostile_climb *c = &hostile_climbed[k - 9];
        if (!hostile_parse(c->hand, c->table, t, nt, h))
            return NULL;
        for (int f = 0; f < 2; f++) {
            value[f] = c->value[f];
            out[f] = c->out[f];
        }
        return c->name;
    }
    gr_rummy_hand all;
    *nt = hostile_sets(t, &all, 24);
    *h = (gr_rummy_hand){ 0, 0, k == 8 ? 2 : 0 };
    gr_cards rest = all.once;
    for (int n = k == 8 ? 12 : 14; n > 0; n--, rest &= rest - 1)
        gr_rummy_hand_add(h, (gr_card)__builtin_ctzll(rest));
    return names[k];
}

#endif /* GR_RUMMY_HOSTILE_H */
