/*
 * rummy/goout.c: going out with the table (R4, R5, R7): the least value
 * left in a hand after melding from it and laying off onto the table's
 * melds, with the plan of moves; can the player go out this turn.
 *
 * ALGORITHM
 *
 * Any sequence of table moves (lay off, take a joker) ends with each table
 * meld holding its old faces, some of its jokers replaced by naturals from
 * the hand (R5), plus faces added at the ends of a run (a chain, each a
 * natural or a named joker) or the missing suit of a 3-card set.  The same
 * end is reached by taking the jokers first (a take only needs the
 * natural in hand; it frees a joker for later moves) and then laying off
 * meld by meld, outward from a run's ends.  So the search is exhaustive
 * over:
 *   1. which table jokers to take (each one named by a natural the hand
 *      holds), then
 *   2. for each table meld in turn, how far each end of a run grows and
 *      whether each new face is a natural or a joker (or the set's 4th
 *      card),
 * and each leaf is valued by gr__rummy_value on the cards left (melding
 * from the hand is exact there).  The states (meld index, cards left) are
 * memoised, so a hand reaching the same cards left by different layoffs is
 * valued once.
 *
 * Sets are not searched.  A 3-card set takes one face, its missing suit,
 * as a natural or a joker, and nothing else can go there; so the search
 * grows the runs only, and the leaf's value (gr__rummy_value_slots) takes
 * the sets: in the melding DP a natural no meld of the hand takes may be
 * laid off alone on a set lacking its face (as many as there are such
 * sets), and in the set-only knapsack the sets left empty hold jokers
 * (with a run in the hand every joker melds anyway).  Sets of 4 cards take
 * nothing.  The value pass thus grows only the runs that can take a card
 * of the hand (an end face held, or a joker); a table of 36 sets costs
 * about what the hand alone does.  The plan pass walks the melds in order
 * as below, a set's options valued with the sets after it only (the
 * states are keyed by the first set still counted, so runs share them).
 * Runs remain searched: a hand whose cards can each go to one of two
 * runs (24 runs of 3 cards and a card between each two) reaches tens of
 * thousands of states; the memo holds at most MAX_STATES (2^20) and the
 * search stops with GR_ENOMEM beyond.  Measured (bench/bench-rummy): 14
 * cards next to 24 runs with the ace high 1.4 ms, 26 cards 41 ms and 14
 * MB; 26 cards with two KC (each can follow either QC) reach the bound
 * after about a second.  A second pass rebuilds the plan: at each choice, the
 * first option whose memoised value is the best, in this order: keep a
 * table joker before taking it; for a run, no card at the low end before
 * one, two, ...; at each end, stopping before growing, a natural before a
 * joker; for a 3-card set, nothing, then the natural, then a joker.
 *
 * Laying off from the hand onto melds laid down in the same turn is never
 * needed: it is the same as laying down the larger meld.
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/goout.h"
#include "rummy/melding.h"
#include "rummy/reason.h"

#include <stdlib.h>
#include <string.h>

typedef struct tmeld {
    int      run;        /* 1 run, 0 set */
    int      suit, lo, hi;   /* run: suit and positions (13 = high ace) */
    int      rank;       /* set */
    gr_cards cards;
} tmeld;

/* ---- memo: (meld index, cards left) -> least value ---------------------- */

typedef struct mentry {
    gr_cards once, twice;
    int      jokers, idx, value, used;   /* idx: meld * 64 + first set counted */
} mentry;

typedef struct search {
    int            flags, ntable, last, error;
    const tmeld   *t;
    mentry        *memo;
    size_t         cap, n;
    int            next_run[GR_RUMMY_MAX_MELDS + 1];   /* first run at or after i */
    int            next_set[GR_RUMMY_MAX_MELDS + 1];   /* first 3-card set at or after i */
    uint8_t        slots[GR_RUMMY_MAX_MELDS + 1][4][13];   /* the 3-card sets
                      from meld i on: how many lack each face */
} search;

static size_t mhash(const gr_rummy_hand *h, int idx, size_t mask)
{
    uint64_t x = h->once * 0x9E3779B97F4A7C15ull ^ h->twice * 0xC2B2AE3D27D4EB4Full
               ^ (uint64_t)(h->jokers * 4096 + idx) * 0x165667B19E3779F9ull;
    return (size_t)(x >> 20) & mask;
}

static mentry *mfind(search *S, const gr_rummy_hand *h, int idx)
{
    size_t mask = S->cap - 1;
    for (size_t i = mhash(h, idx, mask);; i = (i + 1) & mask) {
        mentry *e = &S->memo[i];
        if (!e->used || (e->once == h->once && e->twice == h->twice
                         && e->jokers == h->jokers && e->idx == idx))
            return e;
    }
}

/* The most states the search memoises (each of 40 bytes, the table twice
 * that): beyond it the search stops with GR_ENOMEM.  Only tables of many
 * runs whose ends many cards of the hand can reach come near it. */
#define MAX_STATES ((size_t)1 << 20)

static int mgrow(search *S)
{
    size_t ncap = S->cap * 2;
    if (S->cap >= 2 * MAX_STATES)
        return -1;
    mentry *old = S->memo;
    size_t ocap = S->cap;
    mentry *nm = calloc(ncap, sizeof *nm);
    if (nm == NULL)
        return -1;
    S->memo = nm;
    S->cap = ncap;
    for (size_t i = 0; i < ocap; i++)
        if (old[i].used) {
            gr_rummy_hand h = { old[i].once, old[i].twice, old[i].jokers };
            *mfind(S, &h, old[i].idx) = old[i];
        }
    free(old);
    return 0;
}

static int held(const gr_rummy_hand *h, int f)
{
    return (int)(h->once >> f & 1) + (int)(h->twice >> f & 1);
}

static void take(gr_rummy_hand *h, int f)
{
    gr_cards b = GR_CARD_BIT(f);
    if (h->twice & b)
        h->twice &= ~b;
    else
        h->once &= ~b;
}

/* ---- the extensions of one meld ------------------------------------------ */

/* one way to grow meld i: the faces added, which of them are jokers */
typedef struct growth {
    gr_cards faces, jokers;
    int      lo, hi;      /* runs: the new ends */
} growth;

typedef void (*growth_fn)(search *S, int i, const gr_rummy_hand *left,
                          const growth *g, void *ctx);

static int face_at(int suit, int q)
{
    return 13 * suit + q % 13;
}

static void grow_end(search *S, int i, const gr_rummy_hand *left, growth *g,
                     growth_fn fn, void *ctx, int low);

/* put the face at position q (a natural, then a joker) and grow on */
static void grow_at(search *S, int i, const gr_rummy_hand *left, const growth *g,
                    growth_fn fn, void *ctx, int low, int q)
{
    int f = face_at(S->t[i].suit, q);
    gr_cards b = GR_CARD_BIT(f);
    for (int joker = 0; joker <= 1; joker++) {
        if (joker ? left->jokers == 0 : held(left, f) == 0)
            continue;
        gr_rummy_hand l2 = *left;
        if (joker)
            l2.jokers--;
        else
            take(&l2, f);
        growth g2 = *g;
        if (low)
            g2.lo = q;
        else
            g2.hi = q;
        g2.faces |= b;
        if (joker)
            g2.jokers |= b;
        grow_end(S, i, &l2, &g2, fn, ctx, low);
    }
}

/* Grow a run: at the high end (low = 0) each way calls fn; at the low end
 * (low = 1) each way then grows the high end.  A run never holds 14
 * positions nor the ace at both ends. */
static void grow_end(search *S, int i, const gr_rummy_hand *left, growth *g,
                     growth_fn fn, void *ctx, int low)
{
    if (low)
        grow_end(S, i, left, g, fn, ctx, 0);
    else
        fn(S, i, left, g, ctx);
    if (S->error || g->hi - g->lo + 1 >= 13)
        return;
    int q = low ? g->lo - 1 : g->hi + 1;
    if (q < 0 || q > S->last || (low ? q == 0 && g->hi == 13 : g->lo == 0 && q == 13))
        return;
    grow_at(S, i, left, g, fn, ctx, low, q);
}

/* every growth of meld i from the cards left, in the documented order */
static void each_growth(search *S, int i, const gr_rummy_hand *left, growth_fn fn, void *ctx)
{
    const tmeld *m = &S->t[i];
    growth g = { 0, 0, m->lo, m->hi };
    if (m->run) {
        grow_end(S, i, left, &g, fn, ctx, 1);
        return;
    }
    fn(S, i, left, &g, ctx);
    if (gr__popcount(m->cards) != 3)
        return;
    int f = -1;
    for (int s = 0; s < 4; s++)
        if (!(m->cards >> face_at(s, m->rank) & 1))
            f = face_at(s, m->rank);
    gr_cards b = GR_CARD_BIT(f);
    if (held(left, f) > 0) {
        gr_rummy_hand l2 = *left;
        take(&l2, f);
        growth g2 = { b, 0, 0, 0 };
        fn(S, i, &l2, &g2, ctx);
    }
    if (left->jokers > 0) {
        gr_rummy_hand l2 = *left;
        l2.jokers--;
        growth g2 = { b, b, 0, 0 };
        fn(S, i, &l2, &g2, ctx);
    }
}

/* ---- the search ------------------------------------------------------------ */

static int best_from(search *S, int i, int from, const gr_rummy_hand *left);

typedef struct best_ctx {
    int best, from;
} best_ctx;

static void best_cb(search *S, int i, const gr_rummy_hand *left, const growth *g, void *ctx)
{
    (void)g;
    best_ctx *b = ctx;
    if (b->best == 0)
        return;   /* nothing beats an empty hand */
    int v = best_from(S, i + 1, b->from, left);
    if (v < b->best)
        b->best = v;
}

/* least value with `left` in hand, growing the runs from meld i on, the
 * 3-card sets from meld `from` on (from <= i) taken by the leaf's value
 * (-1 with S->error) */
/* true if run i can take a card of `left` (a natural at an end, or a
 * joker) */
static bool run_can_grow(const search *S, int i, const gr_rummy_hand *left)
{
    const tmeld *m = &S->t[i];
    if (left->jokers > 0)
        return m->hi - m->lo + 1 < 13;
    gr_cards ends = 0;
    if (m->lo > 0 && !(m->lo == 1 && m->hi == 13))
        ends |= GR_CARD_BIT(face_at(m->suit, m->lo - 1));
    if (m->hi < S->last && !(m->lo == 0 && m->hi + 1 == 13))
        ends |= GR_CARD_BIT(face_at(m->suit, m->hi + 1));
    return (left->once & ends) != 0;
}

static int best_from(search *S, int i, int from, const gr_rummy_hand *left)
{
    /* the sets are the leaf's; runs that can take nothing are passed */
    for (i = S->next_run[i]; i < S->ntable && !run_can_grow(S, i, left);)
        i = S->next_run[i + 1];
    from = S->next_set[from];   /* the same slots: the same states */
    mentry *e = mfind(S, left, i * 64 + from);
    if (e->used)
        return e->value;
    int v;
    if (i == S->ntable) {
        v = gr__rummy_value_slots(left, S->flags, (const uint8_t (*)[13])S->slots[from]);
        if (v < 0) {
            S->error = v;
            return v;
        }
    } else {
        best_ctx b = { 1 << 30, from };
        each_growth(S, i, left, best_cb, &b);
        if (S->error)
            return -1;
        v = b.best;
    }
    if (2 * (S->n + 1) > S->cap && mgrow(S) < 0) {
        S->error = GR_ENOMEM;
        return -1;
    }
    e = mfind(S, left, i * 64 + from);
    e->once = left->once;
    e->twice = left->twice;
    e->jokers = left->jokers;
    e->idx = i * 64 + from;
    e->value = v;
    e->used = 1;
    S->n++;
    return v;
}

/* ---- plan ----------------------------------------------------------------- */

typedef struct pick_ctx {
    int      target, found;
    growth   g;
    gr_rummy_hand left;
} pick_ctx;

static void pick_cb(search *S, int i, const gr_rummy_hand *left, const growth *g, void *ctx)
{
    pick_ctx *p = ctx;
    if (p->found)
        return;
    if (best_from(S, i + 1, i + 1, left) == p->target) {
        p->found = 1;
        p->g = *g;
        p->left = *left;
    }
}

static void add_move(gr_rummy_plan *plan, int kind, int meld, gr_cards cards, gr_cards jokers)
{
    if (plan->nmoves >= GR_RUMMY_MAX_MOVES)
        return;   /* cannot happen: every move uses a card of the hand */
    gr_rummy_move *mv = &plan->moves[plan->nmoves++];
    mv->kind = kind;
    mv->meld = meld;
    mv->cards.cards = cards;
    mv->cards.jokers = jokers;
}

/* the layoffs of a growth of meld i, outward from the old ends */
static void lay_growth(gr_rummy_plan *plan, const tmeld *m, int i, const growth *g)
{
    if (!m->run) {
        if (g->faces)
            add_move(plan, GR_RUMMY_MOVE_LAY_OFF, i, g->faces, g->jokers);
        return;
    }
    for (int q = m->lo - 1; q >= g->lo; q--) {
        gr_cards b = GR_CARD_BIT(face_at(m->suit, q));
        add_move(plan, GR_RUMMY_MOVE_LAY_OFF, i, b, g->jokers & b);
    }
    for (int q = m->hi + 1; q <= g->hi; q++) {
        gr_cards b = GR_CARD_BIT(face_at(m->suit, q));
        add_move(plan, GR_RUMMY_MOVE_LAY_OFF, i, b, g->jokers & b);
    }
}

/* ---- the table -------------------------------------------------------------- */

static bool consecutive(unsigned m)
{
    return m != 0 && ((m + (m & -m)) & m) == 0;
}

/* describe legal meld m (kind > 0) for the search */
static void describe(const gr_rummy_meld *m, int flags, tmeld *t)
{
    t->cards = m->cards;
    int kind = gr__rummy_meld_kind(m->cards, m->jokers, flags);
    int low = __builtin_ctzll(m->cards);
    if (kind == GR_MELD_SET) {
        t->run = 0;
        t->rank = low % 13;
        t->lo = t->hi = 0;
        return;
    }
    t->run = 1;
    t->suit = low / 13;
    unsigned r = (unsigned)(m->cards >> (13 * t->suit)) & 0x1FFFu;
    if (!consecutive(r))
        r = (r & ~1u) | 1u << 13;   /* the ace is high */
    t->lo = __builtin_ctz(r);
    t->hi = 31 - __builtin_clz(r);
}

/* The first fault of go_out's arguments (GR_REASON_NONE if none): a
 * table meld that is not a meld has the reason gr_rummy_game_play() gives
 * the same meld (GR_EILLEGAL), so both calls agree. */
static int args_reason(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                       int ntable, int flags)
{
    if (!hand || (table == NULL && ntable > 0))
        return GR_REASON_NULL_ARGUMENT;
    if (!gr__rummy_flags_valid(flags) || ntable < 0 || ntable > GR_RUMMY_MAX_MELDS)
        return GR_REASON_BAD_VALUE;
    if (!gr__rummy_hand_valid(hand))
        return GR_REASON_BAD_CARD;
    int jokers = hand->jokers;
    for (int i = 0; i < ntable; i++) {
        int why = gr__rmeld_reason(&table[i], flags);
        if (why != GR_REASON_NONE)
            return why;
        jokers += gr__popcount(table[i].jokers);
    }
    return jokers <= GR_RUMMY_MAX_JOKERS ? GR_REASON_NONE : GR_REASON_RUMMY_CARDS;
}

static int check_args(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable, int flags)
{
    return gr_reason_status(args_reason(hand, table, ntable, flags));
}

int gr_rummy_go_out_check(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                          int ntable, int flags, int *reason)
{
    return gr__reason_put(reason, args_reason(hand, table, ntable, flags));
}

/* the least value over the joker takes (from take number j on), with
 * everything after them; *plan when rebuilding (NULL: value only) */
typedef struct swap {
    int meld, face;
} swap;

typedef struct outer {
    search S;
    int    nswaps;
    swap   sw[GR_RUMMY_MAX_JOKERS];
} outer;

static int swaps_best(outer *o, int j, const gr_rummy_hand *left)
{
    if (j == o->nswaps)
        return best_from(&o->S, 0, 0, left);
    int best = swaps_best(o, j + 1, left);
    if (o->S.error)
        return -1;
    if (best > 0 && held(left, o->sw[j].face) > 0) {
        gr_rummy_hand l2 = *left;
        take(&l2, o->sw[j].face);
        l2.jokers++;
        int v = swaps_best(o, j + 1, &l2);
        if (v < best)
            best = v;
    }
    return best;
}

static int go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                  int flags, gr_rummy_plan *plan)
{
    outer o;
    tmeld t[GR_RUMMY_MAX_MELDS];
    for (int i = 0; i < ntable; i++)
        describe(&table[i], flags, &t[i]);
    o.S.flags = flags;
    o.S.ntable = ntable;
    o.S.last = (flags & GR_RUMMY_ACE_HIGH) ? 13 : 12;
    o.S.error = 0;
    o.S.t = t;
    o.S.cap = 256;
    o.S.n = 0;
    /* the runs are grown by the search, the 3-card sets by the value of
     * the cards left (a set takes one face: a natural or a joker) */
    o.S.next_run[ntable] = o.S.next_set[ntable] = ntable;
    memset(o.S.slots[ntable], 0, sizeof o.S.slots[ntable]);
    for (int i = ntable - 1; i >= 0; i--) {
        bool set3 = !t[i].run && gr__popcount(t[i].cards) == 3;
        o.S.next_run[i] = t[i].run ? i : o.S.next_run[i + 1];
        o.S.next_set[i] = set3 ? i : o.S.next_set[i + 1];
        memcpy(o.S.slots[i], o.S.slots[i + 1], sizeof o.S.slots[i]);
        if (set3)
            for (int s = 0; s < 4; s++)
                if (!(t[i].cards >> face_at(s, t[i].rank) & 1))
                    o.S.slots[i][s][t[i].rank]++;
    }
    o.S.memo = calloc(o.S.cap, sizeof *o.S.memo);
    if (o.S.memo == NULL)
        return GR_ENOMEM;
    o.nswaps = 0;
    for (int i = 0; i < ntable; i++)
        for (gr_cards jk = table[i].jokers; jk; jk &= jk - 1) {
            int f = __builtin_ctzll(jk);
            if (held(hand, f) > 0) {
                o.sw[o.nswaps].meld = i;
                o.sw[o.nswaps++].face = f;
            }
        }

    int best = swaps_best(&o, 0, hand);
    if (o.S.error) {
        free(o.S.memo);
        return o.S.error < 0 ? o.S.error : GR_ENOMEM;
    }
    if (plan == NULL) {
        free(o.S.memo);
        return best;
    }

    /* rebuild the plan: the takes, then meld by meld, then the hand's melds */
    memset(plan, 0, sizeof *plan);
    gr_rummy_hand left = *hand;
    for (int j = 0; j < o.nswaps; j++) {
        if (swaps_best(&o, j + 1, &left) == best)
            continue;   /* keeping this joker on the table is as good */
        take(&left, o.sw[j].face);
        left.jokers++;
        add_move(plan, GR_RUMMY_MOVE_TAKE_JOKER, o.sw[j].meld, GR_CARD_BIT(o.sw[j].face), 0);
    }
    for (int i = 0; i < ntable; i++) {
        pick_ctx p;
        p.target = best;
        p.found = 0;
        each_growth(&o.S, i, &left, pick_cb, &p);
        lay_growth(plan, &t[i], i, &p.g);
        left = p.left;
    }
    free(o.S.memo);
    if (o.S.error)
        return o.S.error;
    gr_rummy_arrangement *a = malloc(sizeof *a);
    if (a == NULL)
        return GR_ENOMEM;
    int v = gr__rummy_arrange(&left, flags, a);
    if (v < 0) {
        free(a);
        return v;
    }
    for (int k = 0; k < a->nmelds; k++)
        add_move(plan, GR_RUMMY_MOVE_MELD, ntable + k, a->melds[k].cards, a->melds[k].jokers);
    plan->left = a->unmelded;
    plan->value = a->unmelded_points;
    free(a);
    return plan->value;
}

int gr_rummy_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                    int ntable, int flags, gr_rummy_plan *out)
{
    if (out == NULL)
        return GR_EINVAL;
    int rc = check_args(hand, table, ntable, flags);
    if (rc != GR_OK)
        return rc;
    gr_rummy_plan *plan = malloc(sizeof *plan);
    if (plan == NULL)
        return GR_ENOMEM;
    rc = go_out(hand, table, ntable, flags, plan);
    if (rc >= 0)
        *out = *plan;
    free(plan);
    return rc;
}

int gr__rummy_go_out_value(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                           int ntable, int flags)
{
    return go_out(hand, table, ntable, flags, NULL);
}

/* Can the hand go out (R4, R7), and how: GR_RUMMY_OUT_* and, for MELD or
 * DISCARD with plan not NULL, a plan leaving nothing or the one card to
 * discard (plan->left).  Arguments valid.
 *   1. every card melded or laid off: the going-out search's value is 0;
 *   2. keep back one card c of the hand (each distinct card once, never
 *      no_discard) and everything else goes: go_out(hand - c) is 0;
 *   3. no joker in hand: a joker taken from the table (R5) is the card
 *      kept back (R4, R7 allow discarding it), so for each table joker
 *      whose natural face f the hand holds, take it, and the rest goes:
 *      go_out(hand - f, the table with that joker now the natural f) is
 *      0.  With a joker in hand, step 2 already keeps one back (jokers are
 *      interchangeable and the search takes table jokers first). */
static int out_plan(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                    int flags, gr_card no_discard, gr_rummy_plan *plan)
{
    int v = go_out(hand, table, ntable, flags, plan);
    if (v <= 0)
        return v < 0 ? v : GR_RUMMY_OUT_MELD;
    for (int c = 0; c <= GR_RUMMY_JOKER; c++) {
        if (c == no_discard)
            continue;
        gr_rummy_hand h = *hand;
        if (c == GR_RUMMY_JOKER) {
            if (h.jokers == 0)
                continue;
            h.jokers--;
        } else {
            if (held(&h, c) == 0)
                continue;
            take(&h, c);
        }
        v = go_out(&h, table, ntable, flags, NULL);
        if (v < 0)
            return v;
        if (v == 0) {
            if (plan != NULL) {
                if ((v = go_out(&h, table, ntable, flags, plan)) < 0)
                    return v;
                plan->left = (gr_rummy_hand){ 0, 0, 0 };
                if (gr_rummy_hand_add(&plan->left, (gr_card)c) != GR_OK)
                    return GR_EINVAL;   /* cannot happen */
                plan->value = gr__rummy_hand_points(&plan->left, flags);
            }
            return GR_RUMMY_OUT_DISCARD;
        }
    }
    if (hand->jokers > 0 || no_discard == GR_RUMMY_JOKER)
        return GR_RUMMY_OUT_NO;
    gr_rummy_meld t2[GR_RUMMY_MAX_MELDS];
    if (ntable > 0)
        memcpy(t2, table, (size_t)ntable * sizeof *t2);
    for (int i = 0; i < ntable; i++)
        for (gr_cards jk = table[i].jokers; jk; jk &= jk - 1) {
            int f = __builtin_ctzll(jk);
            if (held(hand, f) == 0)
                continue;
            gr_rummy_hand h = *hand;
            take(&h, f);
            t2[i].jokers = table[i].jokers & ~GR_CARD_BIT(f);
            v = go_out(&h, t2, ntable, flags, NULL);
            if (v == 0 && plan != NULL) {
                gr_rummy_plan *rest = malloc(sizeof *rest);
                if (rest == NULL)
                    return GR_ENOMEM;
                v = go_out(&h, t2, ntable, flags, rest);
                if (v == 0) {
                    memset(plan, 0, sizeof *plan);
                    add_move(plan, GR_RUMMY_MOVE_TAKE_JOKER, i, GR_CARD_BIT(f), 0);
                    for (int k = 0; k < rest->nmoves && plan->nmoves < GR_RUMMY_MAX_MOVES; k++)
                        plan->moves[plan->nmoves++] = rest->moves[k];
                    plan->left = (gr_rummy_hand){ 0, 0, 1 };
                    plan->value = GR__RUMMY_JOKER_POINTS;
                }
                free(rest);
            }
            t2[i].jokers = table[i].jokers;
            if (v < 0)
                return v;
            if (v == 0)
                return GR_RUMMY_OUT_DISCARD;
        }
    return GR_RUMMY_OUT_NO;
}

int gr_rummy_can_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                        int ntable, int flags, gr_card no_discard)
{
    int rc = check_args(hand, table, ntable, flags);
    if (rc != GR_OK)
        return rc;
    if (no_discard > GR_RUMMY_JOKER && no_discard != GR_NO_CARD)
        return GR_EINVAL;
    return out_plan(hand, table, ntable, flags, no_discard, NULL);
}

int gr_rummy_can_go_out_plan(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                             int ntable, int flags, gr_card no_discard,
                             gr_rummy_plan *out)
{
    if (out == NULL)
        return GR_EINVAL;
    int rc = check_args(hand, table, ntable, flags);
    if (rc != GR_OK)
        return rc;
    if (no_discard > GR_RUMMY_JOKER && no_discard != GR_NO_CARD)
        return GR_EINVAL;
    gr_rummy_plan *plan = malloc(sizeof *plan);
    if (plan == NULL)
        return GR_ENOMEM;
    memset(plan, 0, sizeof *plan);
    rc = out_plan(hand, table, ntable, flags, no_discard, plan);
    if (rc == GR_RUMMY_OUT_MELD || rc == GR_RUMMY_OUT_DISCARD)
        *out = *plan;
    free(plan);
    return rc;
}
