/*
 * oracle_rummy.h: the brute-force reference for basic Rummy melding
 * (tests/oracle_rummy.c).  Written for obviousness, not speed: it
 * enumerates every meld containing the lowest natural card of the hand,
 * every way of filling its other faces with naturals or jokers (so every
 * joker naming), and every disjoint choice of such melds; with a table, it
 * tries every order of layoffs and joker takes.  Depends only on
 * ginrummy.h.
 */
#ifndef GR_ORACLE_RUMMY_H
#define GR_ORACLE_RUMMY_H

#include "ginrummy.h"

/* least unmelded value (R3, R5, R7) of a valid hand */
int oracle_rummy_value(const gr_rummy_hand *hand, int flags);

/* 1 if m is a legal table meld (set or run, >= 1 natural) under flags */
int oracle_rummy_meld_ok(gr_cards cards, gr_cards jokers, int flags);

/* least value left after any sequence of layoffs (naturals or named
 * jokers) and joker takes onto the table melds, then melding the rest of
 * the hand; the table melds must be legal; hand jokers + table jokers <= 8 */
int oracle_rummy_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                        int ntable, int flags);

/* GR_RUMMY_OUT_MELD if some sequence of those table moves leaves a hand
 * that melds completely, else GR_RUMMY_OUT_DISCARD if one leaves a hand
 * that melds completely but for one card other than no_discard (a face,
 * 52 for the joker, or GR_NO_CARD), else GR_RUMMY_OUT_NO */
int oracle_rummy_can_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                            int ntable, int flags, gr_card no_discard);

#endif /* GR_ORACLE_RUMMY_H */
