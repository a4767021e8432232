/*
 * rummy_hostile.h: the largest going-out searches built on purpose, shared
 * by tests/check_rummy_goout.c (which checks the answers) and
 * bench/bench-rummy.c (which times them).  Depends only on ginrummy.h.
 */
#ifndef GR_RUMMY_HOSTILE_H
#define GR_RUMMY_HOSTILE_H

#include <ginrummy.h>
#include <string.h>

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

/* the inputs found by climbing (hostile_goout's cases 9 on): a hand and
 * its table, the melds split by " | ", gr_rummy_go_out's value and
 * gr_rummy_can_go_out's answer (no card barred) with the ace low, then
 * high (the first three: every card goes; the others, found by bench-rummy
 * climb: the library's answers before and after it saw the jokers left
 * over agree; too many melds for the brute force; the last four found
 * again from all those, their ways out the same by a search keeping back
 * any card and by each card kept back in turn) */
static const struct hostile_climb {
    const char *hand, *table;
    int         value[2], out[2];
} hostile_climbed[] = {
    { "3C 7C QC AD 9D 2H 4H 7H 9H 5S JK JK JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | JK=6H "
        "7H 8H 9H | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S | 5S 6S "
        "7S | 9S 10S JS | JC QC KC | AS 2S 3S 4S | 9C 10C JC | AD 2D "
        "3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | 9H 10H JH | "
        "AS 2S 3S | 5S 6S 7S | 9S 10S JS | 4H 5H 6H JK=7H | 2C 3C 4C "
        "5C | 4S JK=5S 6S | 9S 10S JS QS | 6D 7D 8D | 5C 5D 5H 5S | 3C "
        "3D 3S | 5S 6S 7S",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "4C 8C KC 2D 2D 4D 6D 8D AH 4H 6H 8H 2S 6S",
        "AC JK=2C 3C | 4C 5C 6C 7C | 9C 10C JC | AD JK=2D 3D | 5D "
        "JK=6D 7D | 9D 10D JD | AH JK=2H 3H | 5H JK=6H 7H | 9H 10H JH "
        "| AS JK=2S 3S | 5S JK=6S 7S | 9S 10S JS | 6C 6D 6H | 5C 6C 7C "
        "| 9C 10C JC | AD 2D 3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H "
        "6H 7H | 9H 10H JH | AS 2S 3S | 5S 6S 7S | 9S 10S JS | 3S 4S "
        "5S 6S | 7S 8S 9S 10S | 9H 10H JH | 6S 7S JK=8S | 4D 5D 6D 7D "
        "| JC QC KC | 7S 8S 9S 10S",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "4C 6C 8C AD 5D JD 8H QH QH 4S 7S 10S JK JK",
        "AC 2C 3C | 5C 6C 7C | JK=6S 7S 8S | JS QS KS | 5D 6D 7D | 9D "
        "10D JD | AH 2H 3H | AS 2S 3S JK=4S | 7H 8H 9H | AS 2S 3S | 5S "
        "6S 7S | 9S 10S JS | AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D "
        "3D | 4C 5C 6C 7C | 5S 6S 7S | AH 2H 3H | 5H 6H 7H | 9H 10H JH "
        "| AS 2S 3S | 5S 6S 7S | 9S 10S JS | JK=8D 9D 10D | 8C 8D 8H "
        "8S | JK=10S JS QS KS | 2S 3S 4S 5S | 2C 3C JK=4C 5C | 3C 3D "
        "3H 3S | 2S 3S 4S JK=5S | 7D 7H 7S | AH 2H 3H | 4D 4H 4S | AD "
        "2D 3D 4D | 5S 6S 7S 8S | 7S 8S 9S 10S",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "3C 7C AD 7D AH 2H 4H 5H 9H KH JK JK JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 5D 6D 7D | JK=6H "
        "7H 8H 9H | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S | 5S 6S "
        "7S | 2H 3H 4H | JC QC KC | AS 2S 3S 4S | 4H 5H 6H 7H | AD 2D "
        "3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | 9H 10H JH | "
        "JK=3D 4D 5D 6D | 5S 6S 7S | 9S 10S JS | 4H 5H 6H JK=7H | 5H 6H "
        "7H | 4S JK=5S 6S | 9S 10S JS QS | 6D 7D 8D | 4H 5H 6H 7H | 3C "
        "3D 3S | 5S 6S 7S | 7H 8H 9H 10H | 7H 8H 9H 10H | 9C 9D 9H",
        { 3, 5 }, { GR_RUMMY_OUT_NO, GR_RUMMY_OUT_NO } },
    { "3C 8C KC 2D 2D 3D 6D 8D 9D AH 6H 10H 2S 6S",
        "AC JK=2C 3C | 4C 5C 6C 7C | JD QD KD | JC QC KC | 5D JK=6D 7D "
        "| 9D 10D JD | AH JK=2H 3H | 5H JK=6H 7H | 9H 10H JH | AS JK=2S "
        "3S | 5S JK=6S 7S | 9S 10S JS | 6C JK=6D 6H | 5C 6C 7C | 9C 10C "
        "JC | AD 2D 3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | "
        "9H 10H JH | AS 2S 3S | 5S 6S 7S | 9S 10S JS | 3S 4S 5S 6S | 7S "
        "8S 9S 10S | 4H 5H 6H 7H | 6S 7S JK=8S | 4D 5D 6D 7D | 2S 3S 4S "
        "| 6D 7D 8D | 3C 4C 5C 6C | 5D 6D 7D | 5H 6H 7H",
        { 3, 2 }, { GR_RUMMY_OUT_NO, GR_RUMMY_OUT_DISCARD } },
    { "AC 3C 4C 5C 7C 10C JC QD AH 3H KH 3S 5S JS",
        "AD AH AS | AC AD AS | 2C 2H 2S | 2C 2D 2H | 3D 3H 3S | 3C 3D "
        "3S | 4C 4H 4S | 4C 4D 4H | 5D 5H 5S | 8C 8D 8S | 6C 6H 6S | 2C "
        "3C 4C JK=5C | KD JK=KH KS | 7C 7D 7S | 6C 6D 6S | 8C 8D 8H | "
        "9D 9H 9S | 9C 9D 9S | 10C 10H 10S | 10C 10D 10H | AD JK=AH AS "
        "| JK=JC JD JS | AC AD AS | QC QD QH | JK=3C 3D JK=3H 3S | 5D "
        "5H JK=5S | AC AD JK=AS",
        { 7, 7 }, { GR_RUMMY_OUT_NO, GR_RUMMY_OUT_NO } },
    { "4C 7C 8C 4D 5D 2H QH QH AS 6S 7S 8S JK JK",
        "AC 2C 3C | 5C 6C 7C | 6D 7D 8D | JS QS KS | 5D 6D 7D | 9D 10D "
        "JD | AS 2S 3S 4S | AS 2S 3S JK=4S | 7H 8H 9H | AS 2S 3S | 5S "
        "6S 7S | 9S 10S JS | 8S 9S 10S JS | 5C 6C 7C | 9C 10C JC | AD "
        "2D 3D | 4S 5S 6S 7S | 5S 6S 7S | AH 2H 3H | 5H 6H 7H | 9H 10H "
        "JH | AS 2S 3S | 5S 6S 7S | 9S 10S JK=JS | JK=8D 9D 10D | 2S 3S "
        "4S 5S | JK=10S JS QS KS | 2S 3S 4S 5S | 2C 3C JK=4C 5C | 3C 3D "
        "3H 3S | 2S 3S 4S JK=5S | 7D 7H 7S | AH 2H 3H | 4C 5C 6C | 7S "
        "8S 9S 10S | 5S 6S 7S 8S",
        { 2, 2 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
    { "6C 5D 9D KD 8H QH QH AS 3S 4S 8S 9S JK JK",
        "AC 2C 3C | 5C 6C 7C | JK=6S 7S 8S | JS QS KS | 5D 6D 7D | 9D "
        "10D JD | 10D JD QD | AS 2S 3S JK=4S | 7H 8H 9H | 4S 5S 6S 7S |"
        " 5S 6S 7S | 9S 10S JS | 2S 3S 4S | 5C 6C 7C | 8C 8D 8S | AD 2D"
        " 3D | 4C 5C 6C 7C | 5S 6S 7S | AH 2H 3H | 5H 6H 7H | 9H 10H JH"
        " | AS 2S 3S | 5S 6S 7S | JS QS KS | JK=8D 9D 10D | 8C 8D 8H 8S"
        " | JK=10S JS QS KS | 2S 3S 4S 5S | 2C 3C JK=4C 5C | 3C 3D 3H "
        "3S | 4S 5S 6S | 7D 7H 7S | AH 2H 3H | 4D 4H 4S | AD 2D 3D 4D |"
        " 5S 6S 7S 8S | 7S 8S 9S 10S",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "4C 5C 8C 3D 4D 6D 3H QH QH AS 8S 9S JK JK",
        "AC 2C 3C | 5C 6C 7C | 6D 7D 8D | JS QS KS | 5D 6D 7D | 9D 10D "
        "JD | AS 2S 3S 4S | AS 2S 3S JK=4S | 7H 8H 9H | AS 2S 3S | 5S "
        "6S 7S | 9S 10S JS | 8S 9S 10S JS | 2S 3S 4S 5S | 7D 8D 9D 10D "
        "| 4H 5H 6H 7H | 4S 5S 6S 7S | 5S 6S 7S | AH 2H 3H | 5H 6H 7H |"
        " 9H 10H JH | JD QD KD | 5S 6S 7S | 9S 10S JK=JS | 3S 4S 5S | "
        "2S 3S 4S 5S | JK=10S JS QS KS | 2S 3S 4S 5S | 2C 3C JK=4C 5C |"
        " 3C 3D 3H 3S | 2S 3S 4S JK=5S | 7D 7H 7S | 4D 5D 6D | 4C 5C 6C"
        " | 7S 8S 9S 10S | 5S 6S 7S 8S",
        { 0, 0 }, { GR_RUMMY_OUT_MELD, GR_RUMMY_OUT_MELD } },
    { "3C 7C AD 7D AH 2H 4H 5H 9H KH JK JK JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | AD 2D 3D | 5S 6S 7S | JK=6H "
        "7H 8H 9H | AH 2H 3H | 5H 6H 7H | 9H 10H JH | AS 2S 3S | 9H 10H"
        " JH | 2H 3H 4H | JC QC KC | AS 2S 3S 4S | 4H 5H 6H 7H | AD 2D "
        "3D | 5D 6D 7D | 9D 10D JD | AH 2H 3H | 5H 6H 7H | 9H 10H JH | "
        "JK=3D 4D 5D 6D | 5S 6S 7S | 4H 5H 6H | 4H 5H 6H JK=7H | 5H 6H "
        "7H | 4S JK=5S 6S | 9S 10S JS QS | 6D 7D 8D | 4H 5H 6H 7H | 3C "
        "3D 3S | 5S 6S 7S | 7H 8H 9H 10H | 7H 8H 9H 10H | 9C 9D 9H | 5H"
        " 6H 7H",
        { 3, 5 }, { GR_RUMMY_OUT_NO, GR_RUMMY_OUT_NO } },
    { "2C 4C 8C 4D 8D 4H 8H KH 2S 4S 8S JS JK JK",
        "AC 2C 3C | 5C 6C 7C | 9C 10C JC | 4S 5S 6S 7S | 5D 6D 7D | "
        "JK=4C 4D 4S | AH 2H 3H | 4C 4H 4S | 9H 10H JH | AS 2S 3S | 5S "
        "6S 7S | 9S 10S JS | AC 2C 3C | 5C 6C 7C | JK=6S 7S 8S | AD 2D "
        "3D | 5D 6D 7D | 9D 10D JD | 9H 10H JK=JH | 5H 6H 7H | 9H 10H "
        "JH | 4S 5S 6S JK=7S | 5S 6S 7S | 9S 10S JS | 5S 6S 7S 8S | 4S "
        "5S 6S | 3C 4C 5C 6C",
        { 2, 2 }, { GR_RUMMY_OUT_DISCARD, GR_RUMMY_OUT_DISCARD } },
};

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
 *     time while the search got slower, hostile_climbed): 4 jokers and 10
 *     naturals next to the 24 runs of hostile_runs (two with a joker) and
 *     8 more melds; 14 naturals next to 31 runs and sets with 8 jokers to
 *     take; 12 naturals and 2 jokers next to 37 melds.  Every card goes
 *     (0) in each, and the search tries every way before it finds it
 *     (12 to 100 ms, every joker going every way; about 0.2 to 1.7 ms
 *     for the plan, 0.03 to 0.3 ms for the way out since the jokers left
 *     over are seen);
 *   - found by bench-rummy climb from those (the slowest of all): 4
 *     jokers and 10 naturals next to 35 runs and sets with 4 jokers (3 or
 *     5 points left, no way out: every card worth that much is kept back
 *     in turn and the rest tried), 14 naturals next to 34 melds with 8
 *     jokers (3 left; 2 with the ace high), 14 naturals next to 26 sets
 *     and a run with 8 jokers (7 left), 12 naturals and 2 jokers next to
 *     36 melds (2 left): about 2 to 6 ms for the plan and up to 13 ms for
 *     the way out (up to 0.2 s before the jokers left over were seen);
 *   - found by bench-rummy climb from all those (the slowest four): 12
 *     naturals and 2 jokers next to 37 and 36 melds where every card goes
 *     (0) but the plan's tie-break tries ways that fail first (7 to 10 ms
 *     for the plan, 20 us for the way out), 10 naturals and 4 jokers next
 *     to 36 melds (3 and 5 left, no way out: about 5 ms for either), 12
 *     naturals and 2 jokers next to 27 melds (2 left, a way out: 4 to 6
 *     ms). */
static inline const char *hostile_goout(int k, gr_rummy_meld *t, int *nt, gr_rummy_hand *h,
                                        int value[2], int out[2])
{
    static const char *const names[] = {
        "24 runs, 12 cards between, KC KD", "24 runs, 12 cards between, KC KC",
        "24 runs, 11 cards between, 4C KC KC", "24 runs, 12 cards between, 2 JK",
        "24 runs, 12 cards (4C 4D twice), 2 JK", "24 runs (8 JK named), 14 cards",
        "24 runs (8 JK named), 13 cards, KC", "24 sets, 14 missing faces",
        "24 sets, 12 missing faces, 2 JK", "climbed: 32 melds, 10 cards, 4 JK",
        "climbed: 31 melds (8 JK), 14 cards", "climbed: 37 melds, 12 cards, 2 JK",
        "climbed: 35 melds, 10 cards, 4 JK", "climbed: 34 melds (8 JK), 14 cards",
        "climbed: 26 sets, a run, 14 cards", "climbed: 36 melds, 12 cards, 2 JK",
        "again: 37 melds, 12 cards, 2 JK", "again: 36 melds, 12 cards, 2 JK",
        "again: 36 melds, 10 cards, 4 JK", "again: 27 melds, 12 cards, 2 JK",
    };
    if (k < 0 || k >= (int)(sizeof names / sizeof names[0]))
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
        const char *m = hostile_climbed[k - 9].table;
        for (*nt = 0; *m != 0; (*nt)++) {
            size_t len = strcspn(m, "|"), n = len;
            char buf[64];
            while (n > 0 && m[n - 1] == ' ')
                n--;
            if (n >= sizeof buf || *nt >= GR_RUMMY_MAX_MELDS)
                return NULL;
            memcpy(buf, m, n);
            buf[n] = 0;
            if (gr_rummy_meld_parse(buf, &t[*nt], NULL) != GR_OK)
                return NULL;
            m += len + (m[len] == '|');
            m += strspn(m, " ");
        }
        if (gr_rummy_hand_parse(hostile_climbed[k - 9].hand, h, NULL) != GR_OK)
            return NULL;
        for (int f = 0; f < 2; f++) {
            value[f] = hostile_climbed[k - 9].value[f];
            out[f] = hostile_climbed[k - 9].out[f];
        }
        return names[k];
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
