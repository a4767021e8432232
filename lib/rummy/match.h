/*
 * rummy/match.h: the layout of a Rummy match, shared by match.c (play and
 * score keeping) and match_save.c (its text).  Private to the library;
 * never installed.
 */
#ifndef GR_RUMMY_MATCH_H
#define GR_RUMMY_MATCH_H

#include "ginrummy.h"
#include "common/rng.h"
#include "rummy/rules.h"

/* one recorded hand: the winner (-1: void) and each seat's points left */
typedef struct gr__rrecord {
    int winner;
    int left[GR_RUMMY_MAX_PLAYERS];
} gr__rrecord;

struct gr_rummy_match {
    gr_rummy_rules rules;
    gr_rng rng;                  /* gives the seed of the next deal */
    uint64_t seed;
    int first_dealer;            /* dealer of the first hand */
    int chosen;                  /* 1: chosen by the table, 0: the cut */
    long deals;                  /* hands dealt by gr_rummy_match_deal */
    int nplayers, dealer, over, winner, hands_played;
    int hands_won[GR_RUMMY_MAX_PLAYERS];
    int total[GR_RUMMY_MAX_PLAYERS];
    int last_reason;             /* of the last record or undo */
    int nrec, caprec;            /* nrec == hands_played */
    gr__rrecord *rec;            /* heap (rules.mm), NULL while empty */
};

/* A match of these rules, its first dealer chosen (0..players-1) or cut
 * by the seed (-1); GR_EINVAL, GR_ENOMEM. */
int gr__rmatch_new(gr_rummy_match **out, const gr_rummy_rules *rules,
                   uint64_t seed, int first_dealer);

/* record a hand (validated as gr_rummy_match_record does): GR_OK or the
 * status of the reason kept in last_reason */
int gr__rmatch_record(gr_rummy_match *m, const gr__rrecord *r);

#endif /* GR_RUMMY_MATCH_H */
