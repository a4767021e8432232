/*
 * rummy/melding_dp.h: types and functions shared by rummy/melding_search.c,
 * rummy/melding_map.c, rummy/melding.c and rummy/melding_arrange.c.  Private to the library;
 * never installed.
 */
#ifndef GR_RUMMY_MELDING_DP_H
#define GR_RUMMY_MELDING_DP_H

#include "ginrummy.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { NCODES = 10, MAXOPEN = 2 };

/* The move of one suit's run cores at one position. */
enum { ACT_NAT = 0, ACT_GAP = 1, ACT_CLOSE = 2 };
typedef struct suit_move {
    uint8_t newcode;
    uint8_t dk;        /* jokers needed (gaps, padding) */
    uint8_t nat;       /* naturals taken */
    uint8_t gap;       /* gaps taken */
    uint8_t closed;    /* a core closed */
    uint8_t act[MAXOPEN];   /* per open core (code order) */
    uint8_t nnew;      /* new cores started */
} suit_move;

#define MAXMOVES 16
typedef struct move_list {
    int n;
    suit_move m[MAXMOVES];
} move_list;
/* key: bits 0..15 the four suit codes, bit 16 "a run closed", bits 17..19
 * and 20..22 the sizes (0..4) of the two sets being gathered at the
 * current position, the first never smaller; with the ace high, bits
 * 23..30 per suit the aces (0..2) no meld took at position 0, which
 * position 13 may take (see the ALGORITHM block) */
#define KEY_RUN (1u << 16)
#define KEY_SA 17
#define KEY_SB 20
#define KEY_CORES 0xFFFFu
#define KEY_ACE 23
#define KEY_ACES (0xFFu << KEY_ACE)
#define NK (GR_RUMMY_MAX_JOKERS + 1)

typedef struct smap {
    int       n, cap, hmask;
    uint32_t *keys;
    int32_t  *vals;     /* cap * NK: best value per jokers needed, -1 none */
    int32_t  *slots;    /* hmask + 1 entries, -1 empty */
    void     *owned;    /* heap block once the map outgrew its first memory */
} smap;

/* The state maps (rummy/melding_map.c): open addressing on the state key,
 * the values of each state in insertion order (the walk back of
 * gr_rummy_arrange relies on that order). */
static inline uint32_t gr__smap_hash(uint32_t key, int hmask)
{
    return ((key * 0x9E3779B1u) >> 9) & (uint32_t)hmask;
}

/* Move a full map to a heap block twice its size; -1 when it may not grow
 * or there is no memory (the map is then unchanged). */
int gr__smap_grow(smap *m);
/* empty the map (its memory kept) */
void gr__smap_clear(smap *m);

/* the values of key (made if new, each -1); NULL when full */
static inline int32_t *gr__smap_get(smap *m, uint32_t key)
{
    uint32_t h = gr__smap_hash(key, m->hmask);
    for (; m->slots[h] != -1; h = (h + 1) & (uint32_t)m->hmask)
        if (m->keys[m->slots[h]] == key)
            return &m->vals[m->slots[h] * NK];
    if (m->n >= m->cap) {
        if (gr__smap_grow(m) < 0)
            return NULL;
        h = gr__smap_hash(key, m->hmask);
        while (m->slots[h] != -1)
            h = (h + 1) & (uint32_t)m->hmask;
    }
    int i = m->n++;
    m->slots[h] = i;
    m->keys[i] = key;
    int32_t *v = &m->vals[i * NK];
    for (int k = 0; k < NK; k++)
        v[k] = -1;
    return v;
}

#define MAXPOS 14

typedef struct problem {
    int flags, npos, J;
    int strict;               /* every natural must be melded */
    uint8_t cnt[4][MAXPOS];   /* naturals per suit and position; at
                                 position 13 the suit's aces if they may
                                 play high (the state says how many are
                                 left), else 0 */
    int high[4];              /* the suit's aces may play high: a natural
                                 of the suit at top[s] reaches position 13
                                 with the jokers */
    int top[4];               /* the suit's highest natural of 2..K (-1) */
    int unit[MAXPOS];         /* value of one natural at a position */
    unsigned has[4];          /* positions holding a natural, per suit */
    unsigned later_mask[4][3];   /* positions where 1+, 2+, 3+ of the suits
                                    after s hold a natural */
    uint8_t slot[4][MAXPOS];  /* going out: table sets lacking the face (a
                                 natural laid off alone, or a joker); 0
                                 for the hand alone, and at position 13 */
    int has_slots;            /* some slot is not 0 */
    int known;                /* a final value some arrangement reaches
                                 (-1 none): states that cannot beat it are
                                 dropped */
    const struct dp_bound *bound;   /* what the rest of the line can add
                                       (rummy/melding_bound.c), or NULL */
    int virt;                 /* position 13 holds cnt[s][13] aces, none
                                 is kept at 0 (ACES_VIRT, ACES_HIGH) */
    int kept;                 /* aces are kept at 0 for 13 (ACES_KEPT and
                                 some high[s]) */
} problem;


/* Steps at position p: 1..4 the suits 0..3 (their cores, and which of their
 * naturals join set A or set B of the rank), 5 the sets of the rank end
 * (paying their jokers); after the last position, 6 closes every core. */
enum { STEP_SETS = 5, STEP_CLOSE = 6 };

typedef struct trans {
    uint32_t key;
    int      dk, add;
    int      lb;           /* dk plus the gaps the move commits to later */
    uint8_t  move, join;   /* index in the move list; joins: 1 set A, 2 set B */
} trans;

#define MAXTRANS (MAXMOVES * 4)

typedef struct dp_mem {
    smap  maps[5 * MAXPOS + 2];
    void *block;
} dp_mem;

/* A layer kept for the walk back: its states in the order they were made. */
typedef struct layer {
    int       n;
    uint32_t *keys;
    int32_t  *vals;
} layer;


/* The completion bound (rummy/melding_bound.c): per layer of the DP with
 * every ace low, its states and, per jokers needed so far, the most value
 * the rest of the line can add (-1: no completion). */
typedef struct blayer {
    int       n;
    uint32_t  mask;
    uint32_t *keys;
    int32_t  *g;        /* n * NK */
    int32_t  *slot;     /* mask + 1 entries, -1 empty */
} blayer;

typedef struct dp_bound {
    int    nl;
    blayer layer[5 * MAXPOS + 2];
} dp_bound;

#define BOUND_NONE INT32_MAX

/* Run the DP of pb (the bound's problem, pb->virt) and make the bound:
 * GR_OK, or GR_ENOMEM (nothing to free then). */
int gr__bound_make(problem *pb, dp_bound *bd);
void gr__bound_free(dp_bound *bd);
/* G of state key (without kept aces) at layer L with k jokers needed;
 * BOUND_NONE when the key is not in the layer */
int32_t gr__bound_rest(const dp_bound *bd, int L, uint32_t key, int k);

/* the move lists (melding_search.c) */
extern move_list gr__all_moves[NCODES][4];
extern atomic_int gr__moves_state;   /* 0 not made, 1 being made, 2 ready */

/* Best value of arrangements with sets only (any number of sets per rank,
 * each of 1..4 naturals plus jokers to 3..4 cards): a knapsack over ranks
 * on (jokers needed, capacity capped at J), rummy/melding_sets.c.  Writes
 * for the output the sets chosen per rank. */
typedef struct set_pick {
    uint8_t nsets[13];
    uint8_t sets[13][2 * 4];   /* suit masks */
} set_pick;

typedef struct hand_counts {
    uint8_t cnt[4][13];
    uint8_t slot[4][13];   /* table sets lacking each face (0: none) */
    int     has_slots;
} hand_counts;

/* the hand counted and solved: the best value and where it comes from */
typedef struct solved {
    problem     pb;
    hand_counts hc;
    int         which, best;
} solved;

static inline int pad(int span)
{
    return span >= 3 ? 0 : 3 - span;
}


static inline const move_list *get_moves(const problem *pb, int code, int c)
{
    (void)pb;
    return &gr__all_moves[code][c + 1];
}


static inline int suit_code(uint32_t key, int s)
{
    return (int)(key >> (4 * s)) & 15;
}

/* the aces of suit s left at position 0 for position 13 */
static inline int key_aces(uint32_t key, int s)
{
    return (int)(key >> (KEY_ACE + 2 * s)) & 3;
}

/* the naturals of suit s at position p in state key */
static inline int nat_count(const problem *pb, uint32_t key, int s, int p)
{
    return p == 13 && !pb->virt ? key_aces(key, s) : pb->cnt[s][p];
}


void gr__make_moves(void);
int gr__rank_points(int r, int flags);
int gr__gen_trans(problem *pb, uint32_t key, int p, int step, trans *t);
void gr__layer_step(const problem *pb, int L, int *p, int *step);
int gr__nlayers(const problem *pb);
int gr__dp_mem_init(dp_mem *mm, int nmaps, int cap, void *stack, size_t stack_size);
void gr__dp_mem_free(dp_mem *mm);
void gr__free_layers(layer *keep, int n);
smap *gr__dp_run(problem *pb, dp_mem *mm, layer *keep, int *nomem);
int gr__set_only_best(const problem *pb, const uint8_t cnt[4][13], set_pick *pick);
/* how the aces are set up: all low; kept at 0 for 13 (the state says how
 * many); the bound's problem (extra high aces worth 0); all high in the
 * suits where they may be (a fixed choice) */
enum { ACES_LOW, ACES_KEPT, ACES_VIRT, ACES_HIGH };
void gr__setup(problem *pb, const hand_counts *hc, int flags, int J, int aces);
/* the counts of a hand's naturals (no table sets) */
void gr__count_hand(const gr_rummy_hand *hand, hand_counts *hc);
/* the DP's value (points * 128 + cards, the J jokers included) of melding
 * every card counted in hc */
int gr__melded_all(const hand_counts *hc, int flags, int J);
int gr__dp_solve(problem *pb, layer *keep, uint32_t *key, int *kk);
int gr__solve(const gr_rummy_hand *hand, int flags, solved *sv, int strict);
/* gr__solve with table set slots (slot NULL: none) */
int gr__solve_slots(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13],
                    solved *sv, int strict);

/* Set pb up for the hand and solve it as gr__dp_solve does (strict: only
 * arrangements melding every natural, whose value is all); when the aces
 * may play in many ways, pruned by the bound and by known (a final value
 * some arrangement reaches, -1 none).  With strict, many ways and no
 * fixed choice of the aces melding everything, the result is below all
 * even if some other choice does. */
int gr__dp_solve_aces(problem *pb, const hand_counts *hc, int flags, int J, int strict,
                      int all, int known, layer *keep, uint32_t *key, int *kk);

#endif /* GR_RUMMY_MELDING_DP_H */
