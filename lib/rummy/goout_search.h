/*
 * rummy/goout_search.h: the going-out search's state (rummy/goout.c),
 * shared with its set-up (rummy/goout_table.c) and the plan it rebuilds
 * (rummy/goout_plan.c).  Private to the
 * library; never installed.
 */
#ifndef GR_RUMMY_GOOUT_SEARCH_H
#define GR_RUMMY_GOOUT_SEARCH_H

#include "ginrummy.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* a table meld as the search walks it */
typedef struct tmeld {
    int      run;        /* 1 run, 0 set */
    int      suit, lo, hi;   /* run: suit and positions (13 = high ace) */
    int      rank;       /* set */
    gr_cards cards;
} tmeld;

/* the memo of rummy/goout_chain.c's search (direct-mapped; an entry
 * counts in the setup of its generation only: a state's value depends on
 * the cards left and the table) */
typedef struct centry {
    gr_cards once, twice;
    uint64_t mask;     /* the ends taken of the runs of the lowest suit */
    uint32_t gen;
    int16_t  idx;      /* the first run to grow * 64 + the first set counted */
    int8_t   jokers, room, exact;
    int32_t  value;    /* exact, else the most is at most it */
} centry;
#define GOOUT_CHAIN_MEMO 1024
#define GOOUT_CHAIN_RUNS 11   /* the most runs of one suit: each holds a
                                 natural of it and 3 cards, of its 26
                                 naturals and 8 jokers (R1) */

typedef struct search {
    int            flags, ntable, last;
    int            done;     /* the growths' callback needs no more of them */
    int            floor;    /* no state's value is below it (0; the plan
                                pass: the best): the searches (of
                                states, of takes) stop there */
    int            dump;     /* the table (the runs' ends, the 3-card sets)
                                has room for every card of the hand: every
                                joker left over goes there (for nothing),
                                so a joker goes to a run
                                only as a bridge (a natural further out),
                                and every table joker the hand can take
                                is taken */
    uint32_t       cgen;     /* its memo's generation (one a setup) */
    centry        *cmemo;    /* its memo */
    const tmeld   *t;
    int            next_run[GR_RUMMY_MAX_MELDS + 1];   /* first run at or after i */
    int            next_set[GR_RUMMY_MAX_MELDS + 1];   /* first 3-card set at or after i */
    uint8_t        slots[GR_RUMMY_MAX_MELDS + 1][4][13];   /* the 3-card sets
                      from meld i on: how many lack each face */
    gr_cards       slot_faces[GR_RUMMY_MAX_MELDS + 1];   /* those faces */
} search;

/* one way to grow meld i: the faces added, which of them are jokers */
typedef struct growth {
    gr_cards faces, jokers;
    int      lo, hi;      /* runs: the new ends */
} growth;

typedef void (*growth_fn)(search *S, int i, const gr_rummy_hand *left,
                          const growth *g, void *ctx);

/* the face at position q of a run of suit `suit` (13: the high ace) */
static inline int face_at(int suit, int q)
{
    return 13 * suit + q % 13;
}

/* the table jokers the hand can take (each named by a natural it holds),
 * around the search */
typedef struct swap {
    int meld, face;
} swap;

typedef struct outer {
    search S;
    int    nswaps;
    swap   sw[GR_RUMMY_MAX_JOKERS];
} outer;

/* gr__goout_best_from's search (rummy/goout_chain.c) */
int gr__goout_chain_value(search *S, int i, int from, const gr_rummy_hand *left, int alpha);

/* true if run i can take a card of `left` (a natural at an end, or a
 * joker; with dump, a joker only before a natural) */
bool gr__goout_run_can_grow(const search *S, int i, const gr_rummy_hand *left);

/* the face a 3-card set lacks, -1 for a set of 4 */
int gr__goout_set_lacks(const tmeld *m);

/* every growth of meld i from the cards left, in the documented order,
 * until fn sets S->done (cleared again on return) */
void gr__goout_each_growth(search *S, int i, const gr_rummy_hand *left, growth_fn fn,
                           void *ctx);

/* The least value with `left` in hand, growing the runs from meld i on
 * and laying off on the 3-card sets from meld `from` on (from <= i),
 * exactly when it is below alpha; else a value >= alpha that it is not
 * below (branch and bound).  Never fails. */
int gr__goout_best_from(search *S, int i, int from, const gr_rummy_hand *left, int alpha);

/* the least value over the joker takes from take number j on, with
 * everything after them: as gr__goout_best_from, exact below alpha */
int gr__goout_swaps_best(outer *o, int j, const gr_rummy_hand *left, int alpha);

/* The search of the hand `hand` and of any hand it holds (the hand less
 * cards kept back) on the table: o's state, t and order (the table in the
 * search's order, order[k] the table index of t[k]) filled, the memo
 * allocated (GR_ENOMEM).  Free o->S.memo after. */
int gr__goout_begin(outer *o, tmeld *t, int *order, const gr_rummy_hand *hand,
                    const gr_rummy_meld *table, int ntable, int flags);

/* fn(o, order, hand, ctx) on a search set up by gr__goout_begin for the
 * hand, its memo freed after: fn's result, or GR_ENOMEM */
typedef int (*goout_fn)(outer *o, const int *order, const gr_rummy_hand *hand, void *ctx);
int gr__goout_with(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                   int flags, goout_fn fn, void *ctx);

/* The least value left after going out with `hand` (held by the hand
 * gr__goout_begin was given: a state's value depends only on the cards
 * left and the table, so the memo serves every such hand), exactly when
 * below alpha (as gr__go_out); a negative status (GR_ENOMEM). */
int gr__goout_again(outer *o, const gr_rummy_hand *hand, int alpha);

/* The plan of least value `best` (rummy/goout_plan.c) for the hand, o
 * the search that found it and order[k] the table index of o->S.t[k]:
 * written to *plan, its value returned (or a negative status).  Frees
 * the memo (o->S.memo NULL after). */
int gr__goout_plan(outer *o, const int *order, const gr_rummy_hand *hand, int best,
                   gr_rummy_plan *plan);

#endif /* GR_RUMMY_GOOUT_SEARCH_H */
