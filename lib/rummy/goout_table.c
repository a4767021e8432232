/*
 * rummy/goout_table.c: the going-out search set up and run
 * (rummy/goout.c has the search and its ALGORITHM): the table's melds
 * described and put in the search's order (runs by suit from their low
 * ends, then sets), what is fixed for a hand (the runs after each meld,
 * the 3-card sets' missing faces, the table jokers the hand may take, the
 * dump mode), the takes of table jokers tried around the search, and the
 * entry points gr__go_out and gr__rummy_go_out_value.
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/goout.h"
#include "rummy/goout_search.h"
#include "rummy/melding.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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

/* The table as the search walks it (t[k] describes table[order[k]]): the
 * runs suit by suit, each suit's from its low end, then the sets.  Once a
 * suit's runs are behind, its naturals left can only meld in the hand,
 * which the lower bound sees. */
static void table_order(const gr_rummy_meld *table, int ntable, int flags, tmeld *t,
                        int *order)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < ntable; i++) {
            tmeld m;
            describe(&table[i], flags, &m);
            if (m.run != !pass)
                continue;
            int k = n++;
            /* runs: insertion by (suit, low end, high end), stable */
            for (; pass == 0 && k > 0; k--) {
                const tmeld *p = &t[k - 1];
                if (p->suit < m.suit || (p->suit == m.suit
                    && (p->lo < m.lo || (p->lo == m.lo && p->hi <= m.hi))))
                    break;
                t[k] = *p;
                order[k] = order[k - 1];
            }
            t[k] = m;
            order[k] = i;
        }
}

/* (goout_search.h) */
int gr__goout_swaps_best(outer *o, int j, const gr_rummy_hand *left, int alpha)
{
    if (j == o->nswaps)
        return gr__goout_best_from(&o->S, 0, 0, left, alpha);
    if (o->S.dump) {   /* every take is as good as keeping the joker */
        gr_rummy_hand l2 = *left;
        for (; j < o->nswaps; j++)
            if (gr__rhand_has(&l2, (gr_card)o->sw[j].face) > 0) {
                gr__rhand_remove(&l2, (gr_card)o->sw[j].face);
                l2.jokers++;
            }
        return gr__goout_best_from(&o->S, 0, 0, &l2, alpha);
    }
    int best = gr__goout_swaps_best(o, j + 1, left, alpha);
    if (best > o->S.floor && gr__rhand_has(left, (gr_card)o->sw[j].face) > 0) {
        gr_rummy_hand l2 = *left;
        gr__rhand_remove(&l2, (gr_card)o->sw[j].face);
        l2.jokers++;
        int v = gr__goout_swaps_best(o, j + 1, &l2, best < alpha ? best : alpha);
        if (v < best)
            best = v;
    }
    return best;
}

/* (goout_search.h) */
int gr__goout_begin(outer *o, tmeld *t, int *order, const gr_rummy_hand *hand,
                    const gr_rummy_meld *table, int ntable, int flags)
{
    table_order(table, ntable, flags, t, order);
    o->S.flags = flags;
    o->S.ntable = ntable;
    o->S.last = (flags & GR_RUMMY_ACE_HIGH) ? 13 : 12;
    o->S.done = 0;
    o->S.floor = 0;
    o->S.t = t;
    /* the runs are grown by the search, the 3-card sets by the value of
     * the cards left (a set takes one face: a natural or a joker) */
    o->S.next_run[ntable] = o->S.next_set[ntable] = ntable;
    memset(o->S.slots[ntable], 0, sizeof o->S.slots[ntable]);
    o->S.slot_faces[ntable] = 0;
    for (int i = ntable - 1; i >= 0; i--) {
        bool set3 = !t[i].run && gr__popcount(t[i].cards) == 3;
        o->S.next_run[i] = t[i].run ? i : o->S.next_run[i + 1];
        o->S.next_set[i] = set3 ? i : o->S.next_set[i + 1];
        memcpy(o->S.slots[i], o->S.slots[i + 1], sizeof o->S.slots[i]);
        o->S.slot_faces[i] = o->S.slot_faces[i + 1];
        if (set3)
            for (int s = 0; s < 4; s++)
                if (!(t[i].cards >> face_at(s, t[i].rank) & 1)) {
                    o->S.slots[i][s][t[i].rank]++;
                    o->S.slot_faces[i] |= GR_CARD_BIT(face_at(s, t[i].rank));
                }
    }
    o->nswaps = 0;
    for (int i = 0; i < ntable; i++)
        for (gr_cards jk = table[i].jokers; jk; jk &= jk - 1) {
            int f = __builtin_ctzll(jk);
            if (gr__rhand_has(hand, (gr_card)f) > 0) {
                o->sw[o->nswaps].meld = i;
                o->sw[o->nswaps++].face = f;
            }
        }
    /* dump: the table's room (the runs' ends, the 3-card sets lacking a
     * face) holds every card of the hand (each card laid off takes one
     * place, a take changes no count), so whatever is laid off, a joker
     * no meld needs still goes to the table for nothing */
    int room = 0;
    for (int i = 0; i < ntable; i++)
        room += t[i].run ? 13 - (t[i].hi - t[i].lo + 1) : gr__goout_set_lacks(&t[i]) >= 0;
    o->S.dump = room >= gr__rummy_hand_count(hand);
    o->S.cgen = 1;   /* (the memo is zeroed: generation 0) */
    o->S.cmemo = calloc(GOOUT_CHAIN_MEMO, sizeof *o->S.cmemo);
    return o->S.cmemo == NULL ? GR_ENOMEM : GR_OK;
}

/* (goout_search.h) */
int gr__goout_again(outer *o, const gr_rummy_hand *hand, int alpha)
{
    o->S.done = 0;
    return gr__goout_swaps_best(o, 0, hand, alpha);
}

/* (goout_search.h) */
int gr__goout_with(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                   int flags, goout_fn fn, void *ctx)
{
    outer o;
    tmeld t[GR_RUMMY_MAX_MELDS];
    int order[GR_RUMMY_MAX_MELDS];
    int rc = gr__goout_begin(&o, t, order, hand, table, ntable, flags);
    if (rc < 0)
        return rc;
    rc = fn(&o, order, hand, ctx);
    free(o.S.cmemo);
    return rc;
}

typedef struct go_ctx {
    gr_rummy_plan *plan;
    int            alpha;
} go_ctx;

static int go_fn(outer *o, const int *order, const gr_rummy_hand *hand, void *ctx)
{
    const go_ctx *g = ctx;
    int best = gr__goout_again(o, hand, g->plan != NULL ? INT_MAX : g->alpha);
    if (best >= 0 && g->plan != NULL)   /* (the plan needs the exact value) */
        best = gr__goout_plan(o, order, hand, best, g->plan);
    return best;
}

int gr__go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
               int flags, gr_rummy_plan *plan, int alpha)
{
    go_ctx g = { plan, alpha };
    return gr__goout_with(hand, table, ntable, flags, go_fn, &g);
}

int gr__rummy_go_out_value(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                           int ntable, int flags)
{
    return gr__go_out(hand, table, ntable, flags, NULL, INT_MAX);
}
