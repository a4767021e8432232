/*
 * rummy/melding_arrange.c: best arrangement of a Rummy hand: the walk back
 * through the DP layers (rummy/melding_search.c), joker placement and the
 * public arrangement entry points.
 */

#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/melding.h"
#include "rummy/melding_dp.h"

#include <stdatomic.h>
#include <stdlib.h>
#ifdef GR_RUMMY_DEBUG
#include <stdio.h>
#endif
#include <string.h>

/* ---- the arrangement ------------------------------------------------------- */

typedef struct xrun {
    int      suit, lo, hi;
    unsigned nat;          /* positions holding a natural */
} xrun;

typedef struct xset {
    int      rank;
    unsigned suits;        /* naturals' suits */
    unsigned jsuits;       /* jokers' suits */
} xset;

#define MAXX 64
typedef struct xout {
    int  nruns, nsets, last;   /* last: the line's last position (12, 13) */
    xrun runs[MAXX];
    xset sets[MAXX];
} xout;

typedef struct xcore {
    int      start, end, span;
    unsigned nat;
} xcore;

static int core_cmp(const xcore *a, const xcore *b)
{
    int sa = a->span < 3 ? a->span : 3, sb = b->span < 3 ? b->span : 3;
    if (sa != sb)
        return sa - sb;
    return a->start - b->start;
}

static void sort_cores(xcore *c, int n)
{
    if (n == 2 && core_cmp(&c[0], &c[1]) > 0) {
        xcore t = c[0];
        c[0] = c[1];
        c[1] = t;
    }
}

static void finish_core(xout *x, int s, const xcore *c)
{
    xrun *r = &x->runs[x->nruns++];
    r->suit = s;
    r->lo = c->start;
    r->hi = c->end;
    r->nat = c->nat;
}

/* walk back from the final state, then replay the moves on explicit cores */
static void replay(problem *pb, const layer *keep, uint32_t fkey, int fk, int fval, xout *x)
{
    int nl = gr__nlayers(pb);
    uint8_t mv[5 * MAXPOS + 2], jn[5 * MAXPOS + 2];
    uint32_t pkey[5 * MAXPOS + 2];
    trans t[MAXTRANS];
    uint32_t key = fkey;
    int k = fk, val = fval;
    for (int L = nl - 1; L >= 1; L--) {
        int p, step, found = 0;
        gr__layer_step(pb, L, &p, &step);
        const layer *prev = &keep[L - 1];
        for (int i = 0; i < prev->n && !found; i++) {
            int nt = gr__gen_trans(pb, prev->keys[i], p, step, t);
            for (int j = 0; j < nt && !found; j++) {
                int k2 = k - t[j].dk;
                if (t[j].key != key || k2 < 0)
                    continue;
                int32_t pv = prev->vals[i * NK + k2];
                if (pv < 0 || pv + t[j].add != val)
                    continue;
                found = 1;
                mv[L] = t[j].move;
                jn[L] = t[j].join;
                pkey[L] = prev->keys[i];
                key = prev->keys[i];
                k = k2;
                val = pv;
            }
        }
    }

    xcore cores[4][MAXOPEN + 1];
    int ncores[4] = { 0, 0, 0, 0 };
    unsigned setA = 0, setB = 0;
    x->nruns = x->nsets = 0;
    x->last = pb->npos - 1;
    for (int L = 1; L < nl; L++) {
        int p, step;
        gr__layer_step(pb, L, &p, &step);
        if (step == STEP_SETS) {
            if (setA) {
                x->sets[x->nsets].rank = p;
                x->sets[x->nsets++].suits = setA;
            }
            if (setB) {
                x->sets[x->nsets].rank = p;
                x->sets[x->nsets++].suits = setB;
            }
            setA = setB = 0;
            continue;
        }
        if (step == STEP_CLOSE) {
            for (int s = 0; s < 4; s++)
                for (int i = 0; i < ncores[s]; i++)
                    finish_core(x, s, &cores[s][i]);
            continue;
        }
        int s = step - 1;
        const move_list *ml = get_moves(pb, suit_code(pkey[L], s), nat_count(pb, pkey[L], s, p));
        const suit_move *m = &ml->m[mv[L]];
        xcore keepc[MAXOPEN + 1];
        int nk = 0;
        for (int i = 0; i < ncores[s]; i++) {
            xcore c = cores[s][i];
            if (m->act[i] == ACT_CLOSE) {
                finish_core(x, s, &c);
                continue;
            }
            if (m->act[i] == ACT_NAT)
                c.nat |= 1u << p;
            c.end = p;
            c.span++;
            keepc[nk++] = c;
        }
        for (int j = 0; j < m->nnew; j++) {
            xcore c = { p, p, 1, 1u << p };
            keepc[nk++] = c;
        }
        sort_cores(keepc, nk);
        for (int i = 0; i < nk; i++)
            cores[s][i] = keepc[i];
        ncores[s] = nk;
        if (jn[L] & 1)
            setA |= 1u << s;
        if (jn[L] & 2)
            setB |= 1u << s;
        if (__builtin_popcount(setA) < __builtin_popcount(setB)) {
            unsigned tmp = setA;
            setA = setB;
            setB = tmp;
        }
    }
}

static int run_len(const xrun *r)
{
    return r->hi - r->lo + 1;
}

static int can_high(const xout *x, const xrun *r)
{
    return r->hi + 1 <= x->last && !(r->lo == 0 && r->hi + 1 == 13);
}

/* split a run of 6+ naturals into two runs of 3+ positions, each with a
 * natural (see the ALGORITHM block) */
static void split_run(xout *x, int i)
{
    xrun *r = &x->runs[i];
    int first = __builtin_ctz(r->nat);
    int k = r->lo + 2 > first ? r->lo + 2 : first;
    xrun right = *r;
    right.lo = k + 1;
    right.nat = r->nat & ~((2u << k) - 1);
    r->hi = k;
    r->nat &= (2u << k) - 1;
    x->runs[x->nruns++] = right;
}

/* place the jokers: gaps are in the runs; pad runs and sets to 3, then put
 * the `extra` jokers where there is room */
static void place_jokers(xout *x, int J)
{
    /* a run with the ace at both ends is cut in two */
    for (int i = 0; i < x->nruns; i++)
        if (x->runs[i].lo == 0 && x->runs[i].hi == 13)
            split_run(x, i);
    int used = 0;
    for (int i = 0; i < x->nruns; i++) {
        xrun *r = &x->runs[i];
        while (run_len(r) < 3) {
            if (can_high(x, r))
                r->hi++;
            else
                r->lo--;
        }
        used += run_len(r) - __builtin_popcount(r->nat);
    }
    for (int i = 0; i < x->nsets; i++) {
        xset *st = &x->sets[i];
        st->jsuits = 0;
        for (int s = 0; s < 4 && __builtin_popcount(st->suits | st->jsuits) < 3; s++)
            if (!((st->suits | st->jsuits) >> s & 1)) {
                st->jsuits |= 1u << s;
                used++;
            }
    }
    int extra = J - used;
    while (extra > 0) {
        int placed = 0;
        for (int i = 0; i < x->nruns && extra > 0; i++) {
            xrun *r = &x->runs[i];
            while (extra > 0 && run_len(r) < 13) {
                if (can_high(x, r))
                    r->hi++;
                else
                    r->lo--;
                extra--;
                placed = 1;
            }
        }
        for (int i = 0; i < x->nsets && extra > 0 && x->nruns == 0; i++) {
            xset *st = &x->sets[i];
            for (int s = 0; s < 4 && extra > 0; s++)
                if (!((st->suits | st->jsuits) >> s & 1)) {
                    st->jsuits |= 1u << s;
                    extra--;
                    placed = 1;
                }
        }
        if (extra > 0) {
            int i;
            for (i = 0; i < x->nruns; i++)
                if (__builtin_popcount(x->runs[i].nat) >= 6)
                    break;
            if (i == x->nruns)
                break;   /* cannot happen (see the ALGORITHM block) */
            split_run(x, i);
            placed = 1;
        }
        if (!placed)
            break;
    }
}

static int meld_cmp(const void *pa, const void *pb)
{
    const gr_rummy_meld *a = pa, *b = pb;
    int la = __builtin_ctzll(a->cards), lb = __builtin_ctzll(b->cards);
    if (la != lb)
        return la - lb;
    if (a->cards != b->cards)
        return a->cards < b->cards ? -1 : 1;
    if (a->jokers != b->jokers)
        return a->jokers < b->jokers ? -1 : 1;
    return 0;
}

/* the arrangement from the explicit runs and sets */
static void emit(const gr_rummy_hand *hand, int flags, const xout *x, gr_rummy_arrangement *out)
{
    memset(out, 0, sizeof *out);
    gr_rummy_hand left = *hand;
    int n = 0;
    for (int i = 0; i < x->nruns; i++) {
        const xrun *r = &x->runs[i];
        gr_rummy_meld m = { 0, 0 };
        for (int q = r->lo; q <= r->hi; q++) {
            gr_cards b = GR_CARD_BIT(13 * r->suit + q % 13);
            m.cards |= b;
            if (r->nat >> q & 1) {
                gr__rhand_remove(&left, (gr_card)(13 * r->suit + q % 13));
            } else {
                m.jokers |= b;
                left.jokers--;
            }
        }
        out->melds[n++] = m;
    }
    for (int i = 0; i < x->nsets; i++) {
        const xset *st = &x->sets[i];
        gr_rummy_meld m = { 0, 0 };
        for (int s = 0; s < 4; s++) {
            gr_cards b = GR_CARD_BIT(13 * s + st->rank);
            if (st->suits >> s & 1) {
                m.cards |= b;
                gr__rhand_remove(&left, (gr_card)(13 * s + st->rank));
            } else if (st->jsuits >> s & 1) {
                m.cards |= b;
                m.jokers |= b;
                left.jokers--;
            }
        }
        out->melds[n++] = m;
    }
    qsort(out->melds, (size_t)n, sizeof out->melds[0], meld_cmp);
    out->nmelds = n;
    out->unmelded = left;
    out->unmelded_points = gr__rummy_hand_points(&left, flags);
}


/* The DP's best value of the hand when its least value (points) is
 * `value` and those are the points of the naturals no meld can hold: every
 * other card melds, so the best is melding them all; -1 otherwise (value
 * < 0: unknown). */
static int best_from_value(const gr_rummy_hand *hand, int flags, int value)
{
    if (value < 0)
        return -1;
    gr_cards dead = hand->once & ~gr__rpattern_faces(hand->once, hand->jokers, flags);
    if (gr__rummy_faces_points(dead, flags) + gr__rummy_faces_points(dead & hand->twice, flags)
        != value)
        return -1;
    gr_rummy_hand live = { hand->once & ~dead, hand->twice & ~dead, hand->jokers };
    hand_counts hc;
    gr__count_hand(&live, &hc);
    return gr__melded_all(&hc, flags, hand->jokers);
}

int gr__rummy_arrange_value(const gr_rummy_hand *hand, int flags, int value,
                            gr_rummy_arrangement *out)
{
    solved *sv = malloc(sizeof *sv);
    if (sv == NULL)
        return GR_ENOMEM;
    xout *x = malloc(sizeof *x);
    if (x == NULL) {
        free(sv);
        return GR_ENOMEM;
    }
    problem *pb = &sv->pb;
    layer keep[5 * MAXPOS + 2];
    uint32_t fkey = 0;
    int fk = 0;
    /* the best value known from the caller's: the walk below is the one
     * gr__solve's best would give (that best is this one, from the DP) */
    int known = best_from_value(hand, flags, value), walked = 0;
    if (known >= 0) {
        gr__count_hand(hand, &sv->hc);
        memset(keep, 0, sizeof keep);
        int v = gr__dp_solve_aces(pb, &sv->hc, flags, hand->jokers, 0, -1, known, keep,
                                  &fkey, &fk);
        if ((walked = v == known))
            replay(pb, keep, fkey, fk, v - pb->J * (15 * 128 + 1), x);
        gr__free_layers(keep, 5 * MAXPOS + 2);
        if (v == GR_ENOMEM) {
            free(x);
            free(sv);
            return GR_ENOMEM;
        }
        /* else no arrangement with a run reaches it: sets alone do (the
         * DP's states include theirs when there is no joker) */
        sv->which = walked ? 0 : -1;
    } else if (gr__solve(hand, flags, sv, 0) != GR_OK) {
        free(x);
        free(sv);
        return GR_ENOMEM;
    }
    if (walked) {
        /* the arrangement is walked */
    } else if (sv->which < 0) {
        set_pick pick;
        gr__set_only_best(pb, sv->hc.cnt, &pick);
        x->nruns = x->nsets = 0;
        x->last = pb->npos - 1;
        for (int r = 0; r < 13; r++)
            for (int i = 0; i < pick.nsets[r]; i++) {
                x->sets[x->nsets].rank = r;
                x->sets[x->nsets++].suits = pick.sets[r][i];
            }
    } else {
        memset(keep, 0, sizeof keep);
        /* only the best arrangements are kept */
        int v = gr__dp_solve_aces(pb, &sv->hc, flags, hand->jokers, 0, -1, sv->best, keep,
                                  &fkey, &fk);
        if (v < 0) {
            gr__free_layers(keep, 5 * MAXPOS + 2);
            free(x);
            free(sv);
            return GR_ENOMEM;
        }
        replay(pb, keep, fkey, fk, v - pb->J * (15 * 128 + 1), x);
        gr__free_layers(keep, 5 * MAXPOS + 2);
    }
    place_jokers(x, hand->jokers);
    emit(hand, flags, x, out);
    free(x);
    free(sv);
    return out->unmelded_points;
}

int gr__rummy_arrange(const gr_rummy_hand *hand, int flags, gr_rummy_arrangement *out)
{
    return gr__rummy_arrange_value(hand, flags, -1, out);
}

int gr_rummy_arrange(const gr_rummy_hand *hand, int flags, gr_rummy_arrangement *out)
{
    if (!gr__rummy_hand_valid(hand) || !gr__rummy_flags_valid(flags) || out == NULL)
        return GR_EINVAL;
    gr_rummy_arrangement a;
    int rc = gr__rummy_arrange(hand, flags, &a);
    if (rc >= 0)
        *out = a;
    return rc;
}

int gr_rummy_arrangement_check(const gr_rummy_hand *hand, int flags,
                               const gr_rummy_arrangement *arr)
{
    if (!gr__rummy_hand_valid(hand) || !gr__rummy_flags_valid(flags) || arr == NULL)
        return GR_EINVAL;
    if (arr->nmelds < 0 || arr->nmelds > GR_RUMMY_MAX_MELDS)
        return GR_EINVAL;
    for (int i = 0; i < 8; i++)
        if (arr->reserved[i] != 0)
            return GR_EINVAL;
    for (int i = arr->nmelds; i < GR_RUMMY_MAX_MELDS; i++)
        if (arr->melds[i].cards != 0 || arr->melds[i].jokers != 0)
            return GR_EINVAL;
    if (!gr__rummy_hand_valid(&arr->unmelded))
        return GR_EINVAL;
    /* the melds' naturals and jokers plus unmelded must be the hand */
    int cnt[52] = { 0 }, jokers = arr->unmelded.jokers;
    for (int c = 0; c < 52; c++)
        cnt[c] = (int)(arr->unmelded.once >> c & 1) + (int)(arr->unmelded.twice >> c & 1);
    int illegal = 0;
    for (int i = 0; i < arr->nmelds; i++) {
        const gr_rummy_meld *m = &arr->melds[i];
        if (!gr__rummy_meld_valid(m))
            return GR_EINVAL;
        if (gr__rummy_meld_kind(m->cards, m->jokers, flags) == 0)
            illegal = 1;
        jokers += gr__popcount(m->jokers);
        for (gr_cards nat = m->cards & ~m->jokers; nat; nat &= nat - 1)
            cnt[__builtin_ctzll(nat)]++;
    }
    if (jokers != hand->jokers)
        return GR_EINVAL;
    for (int c = 0; c < 52; c++)
        if (cnt[c] != (int)(hand->once >> c & 1) + (int)(hand->twice >> c & 1))
            return GR_EINVAL;
    if (arr->unmelded_points != gr__rummy_hand_points(&arr->unmelded, flags))
        return GR_EINVAL;
    return illegal ? GR_EILLEGAL : GR_OK;
}
