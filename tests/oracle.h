/*
 * oracle.h: the simple brute-force reference the tests (and the benchmark)
 * compare the library against.  Written for obviousness, not speed: it
 * enumerates every meld of a hand and every disjoint combination of them,
 * and every subset of possible layoffs.  Depends only on ginrummy.h.
 */
#ifndef GR_ORACLE_H
#define GR_ORACLE_H

#include "ginrummy.h"

/* ---- oracle.c: melds ----------------------------------------------------- */

/* every meld (set of 3-4, run of 3+) contained in hand; returns the count
 * (at most cap are written) */
int oracle_melds(gr_cards hand, gr_cards *out, int cap);
/* least deadwood by exhaustive search over disjoint meld combinations */
int oracle_deadwood(gr_cards hand);
/* least deadwood over all discards of hand (non-empty) */
int oracle_best_discard_value(gr_cards hand);
/* 1 if a is a valid arrangement of exactly `hand` (real disjoint melds,
 * deadwood the rest, points consistent), else 0 */
int oracle_arrangement_valid(gr_cards hand, const gr_arrangement *a);

/* ---- oracle_layoff.c: layoff --------------------------------------------- */

/* least defender deadwood after layoffs onto the knocker's melds, by
 * enumerating every subset of candidate layoff cards and checking it can
 * be laid off (chains included) */
int oracle_lay_off(const gr_arrangement *knocker, gr_cards defender);
/* 1 if `defense` is a legal defense of `defender` against `knocker` */
int oracle_layoff_valid(const gr_arrangement *knocker, gr_cards defender,
                        const gr_layoff *defense);

#endif /* GR_ORACLE_H */
