/*
 * rummy/melding.c: least unmelded value of a Rummy hand: the set-only pass,
 * the drive of the DP search (rummy/melding_search.c) and the public value
 * entry points.  The algorithm is described in rummy/melding_search.c.
 */

#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/melding.h"
#include "rummy/melding_dp.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#ifdef GR_RUMMY_DEBUG
#include <stdio.h>
#endif
#include <string.h>


/* ---- driving it ------------------------------------------------------------ */

void gr__count_hand(const gr_rummy_hand *hand, hand_counts *hc)
{
    for (int s = 0; s < 4; s++) {
        for (int r = 0; r < 13; r++) {
            int c = 13 * s + r;
            hc->cnt[s][r] = (uint8_t)((hand->once >> c & 1) + (hand->twice >> c & 1));
        }
    }
    memset(hc->slot, 0, sizeof hc->slot);
    hc->has_slots = 0;
}

/* set up the problem; with the ace high, a suit's aces are at position 0
 * and, if a natural of the suit can reach position 13 with the jokers,
 * at 13 too, as `aces` says (ACES_KEPT: the DP's state says how many are
 * left for it) */
void gr__setup(problem *pb, const hand_counts *hc, int flags, int J, int aces)
{
    pb->flags = flags;
    pb->J = J;
    pb->npos = (flags & GR_RUMMY_ACE_HIGH) ? 14 : 13;
    for (int s = 0; s < 4; s++) {
        pb->top[s] = -1;
        for (int r = 0; r < 13; r++) {
            pb->cnt[s][r] = hc->cnt[s][r];
            if (r > 0 && hc->cnt[s][r])
                pb->top[s] = r;
        }
        /* a run from the top natural to the high ace fills the positions
         * between with jokers; a high ace alone in its run (two jokers
         * below it) is worth what the same ace low is */
        pb->high[s] = aces != ACES_LOW && (flags & GR_RUMMY_ACE_HIGH) && hc->cnt[s][0] > 0
                    && pb->top[s] > 0 && 12 - pb->top[s] <= J;
        pb->cnt[s][13] = (uint8_t)(pb->high[s] ? hc->cnt[s][0] : 0);
        if (aces == ACES_HIGH && pb->high[s])
            pb->cnt[s][0] = 0;
        /* an ace laid off on a set of aces is a low one */
        memcpy(pb->slot[s], hc->slot[s], 13);
        pb->slot[s][13] = 0;
    }
    pb->has_slots = hc->has_slots;
    pb->strict = 0;
    pb->known = -1;
    pb->bound = NULL;
    pb->virt = aces == ACES_VIRT || aces == ACES_HIGH;
    pb->kept = aces == ACES_KEPT
             && (pb->high[0] | pb->high[1] | pb->high[2] | pb->high[3]);
    static const int units[2][MAXPOS] = {
#define U(pts) ((pts) * 128 + 1)
        { U(1), U(2), U(3), U(4), U(5), U(6), U(7), U(8), U(9), U(10), U(10), U(10), U(10), U(1) },
        { U(11), U(2), U(3), U(4), U(5), U(6), U(7), U(8), U(9), U(10), U(10), U(10), U(10), U(11) }
#undef U
    };
    memcpy(pb->unit, units[(flags & GR_RUMMY_ACE_HIGH) != 0], sizeof pb->unit);
    if (aces == ACES_VIRT)
        pb->unit[13] = 0;
    /* A core takes a gap only on its way to a later natural: a gap after
     * its last natural is padding, paid when it closes, and extra jokers
     * are placed at the end. */
    for (int s = 0; s < 4; s++) {
        pb->has[s] = 0;
        for (int p = 0; p < pb->npos; p++)
            if (pb->cnt[s][p])
                pb->has[s] |= 1u << p;
    }
    for (int s = 0; s < 4; s++) {
        unsigned *lm = pb->later_mask[s];
        lm[0] = lm[1] = lm[2] = 0;
        for (int t = s + 1; t < 4; t++) {
            lm[2] |= lm[1] & pb->has[t];
            lm[1] |= lm[0] & pb->has[t];
            lm[0] |= pb->has[t];
        }
    }
    if (atomic_load_explicit(&gr__moves_state, memory_order_acquire) != 2)
        gr__make_moves();
}

/* best final value of a DP run (has a run, jokers needed <= J), all jokers
 * melded; -1 if none.  *key, *kk: the first state reaching it. */
static int final_best(const problem *pb, const smap *fin, uint32_t *key, int *kk)
{
    int best = -1;
    for (int i = 0; i < fin->n; i++) {
        /* without jokers, sets alone need no run to hold them */
        if (!(fin->keys[i] & KEY_RUN) && pb->J > 0)
            continue;
        const int32_t *v = &fin->vals[i * NK];
        for (int k = 0; k <= pb->J; k++)
            if (v[k] >= 0 && v[k] + pb->J * (15 * 128 + 1) > best) {
                best = v[k] + pb->J * (15 * 128 + 1);
                if (key != NULL) {
                    *key = fin->keys[i];
                    *kk = k;
                }
            }
    }
    return best;
}

/* the small maps live on the stack; larger DPs get the heap */
#define SMALL_CAP 256
#define SMALL_STACK (2 * (SMALL_CAP * (4 + 4 * NK) + 2 * SMALL_CAP * 4) + 64)

/* Run the DP of pb, growing the maps as needed; returns the best final
 * value (-1 none) and, with keep, the layers and the final state.
 * GR_ENOMEM on allocation failure. */
int gr__dp_solve(problem *pb, layer *keep, uint32_t *key, int *kk)
{
    int32_t stack_mem[SMALL_STACK / 4 + 1];
    dp_mem mm;
    int nomem = 0;
    /* the maps start on the stack and move to the heap if they outgrow it */
    gr__dp_mem_init(&mm, 2, SMALL_CAP, stack_mem, sizeof stack_mem);
    smap *fin = gr__dp_run(pb, &mm, keep, &nomem);
    int v = fin != NULL ? final_best(pb, fin, key, kk) : GR_ENOMEM;
    gr__dp_mem_free(&mm);
    return nomem ? GR_ENOMEM : v;
}

/* the value of melding every card of the hand */
int gr__melded_all(const hand_counts *hc, int flags, int J)
{
    int v = J * (15 * 128 + 1);
    for (int r = 0; r < 13; r++) {
        int n = 0;
        for (int s = 0; s < 4; s++)
            n += hc->cnt[s][r];
        v += n * (gr__rank_points(r, flags) * 128 + 1);
    }
    return v;
}

/* a bound on the value of arrangements of sets only: every joker, one
 * natural (at most 11 points) per two jokers in sets of one natural, every
 * natural of a rank held in 3+ suits, and of the ranks held in exactly 2
 * suits (each set of two naturals there needs a joker) the J best pairs */
static int set_only_bound(const hand_counts *hc, int flags, int J)
{
    int bound = J * (15 * 128 + 1) + (J / 2) * (11 * 128 + 1);
    int pairs[GR_RUMMY_MAX_JOKERS], npairs = 0;   /* the best, descending */
    for (int r = 0; r < 13; r++) {
        int suits = 0, n = 0, lo = 2;
        for (int s = 0; s < 4; s++) {
            int c = hc->cnt[s][r];
            if (c == 0)
                continue;
            suits++;
            n += c;
            lo = c < lo ? c : lo;
        }
        int unit = gr__rank_points(r, flags) * 128 + 1;
        if (suits >= 3)
            bound += n * unit;
        else if (suits == 2)
            for (int i = 0; i < lo; i++) {   /* lo pairs of 2 naturals */
                int x = 2 * unit, j = npairs < J ? npairs++ : J;
                while (j > 0 && pairs[j - 1] < x) {
                    if (j < J)
                        pairs[j] = pairs[j - 1];
                    j--;
                }
                if (j < J)
                    pairs[j] = x;
            }
    }
    for (int i = 0; i < npairs; i++)
        bound += pairs[i];
    return bound;
}

/* The best melded value (points * 128 + cards) of the hand, or GR_ENOMEM;
 * *which: 0 the DP gives it, -1 sets only do.  With strict, only
 * arrangements that meld every natural are tried (the result is then the
 * value of melding all, or below it when none does). */
static int best_melded(const gr_rummy_hand *hand, int flags, problem *pb,
                       const hand_counts *hc, int *which, int strict)
{
    int best = gr__dp_solve_aces(pb, hc, flags, hand->jokers, strict,
                                 gr__melded_all(hc, flags, hand->jokers), -1, NULL, NULL, NULL);
    if (best == GR_ENOMEM)
        return GR_ENOMEM;
    *which = best >= 0 ? 0 : -1;
    if (hand->jokers == 0 || strict)
        return best;   /* the DP's states without a run are the set-only ones */
    if (hc->has_slots) {
        /* table sets hold jokers too: the knapsack decides */
        int so = gr__set_only_best(pb, hc->cnt, NULL);
        if (so > best) {
            best = so;
            *which = -1;
        }
        return best;
    }
    int bound = set_only_bound(hc, flags, pb->J);
    if (best >= bound)
        return best;
    int so = gr__set_only_best(pb, hc->cnt, NULL);   /* uses pb's flags and J only */
    if (so > best) {
        best = so;
        *which = -1;
    }
    return best;
}

int gr__solve(const gr_rummy_hand *hand, int flags, solved *sv, int strict)
{
    return gr__solve_slots(hand, flags, NULL, sv, strict);
}

int gr__solve_slots(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13],
                    solved *sv, int strict)
{
    gr__count_hand(hand, &sv->hc);
    if (slot != NULL)
        for (int s = 0; s < 4; s++)
            for (int r = 0; r < 13; r++)
                if ((sv->hc.slot[s][r] = slot[s][r]) != 0)
                    sv->hc.has_slots = 1;
    sv->best = best_melded(hand, flags, &sv->pb, &sv->hc, &sv->which, strict);
    /* -1: nothing found, which only the strict search may return */
    return sv->best == GR_ENOMEM || (sv->best < 0 && !strict) ? GR_ENOMEM : GR_OK;
}

/* The fewest jokers with which runs alone meld the 13-bit mask m of one
 * suit's positions (ace low): each run covers consecutive blocks of m,
 * a joker in every gap and padding to 3 cards. */
static int layer_jokers(unsigned m)
{
    int lo[7], hi[7], nb = 0;
    while (m) {
        int a = __builtin_ctz(m);
        unsigned rest = ~(m >> a);
        int len = rest ? __builtin_ctz(rest) : 32 - a;
        lo[nb] = a;
        hi[nb++] = a + len - 1;
        m &= ~(((1u << len) - 1) << a);
    }
    int best[8];
    best[0] = 0;
    for (int j = 1; j <= nb; j++) {
        best[j] = 99;
        int nat = 0;
        for (int i = j - 1; i >= 0; i--) {
            nat += hi[i] - lo[i] + 1;
            int span = hi[j - 1] - lo[i] + 1, c = best[i] + span - nat + pad(span);
            if (c < best[j])
                best[j] = c;
        }
    }
    return best[nb];
}

static int runs_need(const gr_rummy_hand *h, int flags);

/* true if runs, a copy of each suit's cards per layer, meld every natural
 * of the hand with its jokers, or do so after the ranks that form sets
 * without jokers are set apart (a quick witness that everything melds) */
static bool runs_meld_all(const gr_rummy_hand *h, int flags)
{
    if (runs_need(h, flags) <= h->jokers)
        return true;
    /* else the ranks that make sets without jokers (3+ suits, and the
     * second copies none or 3+ suits too) as sets, the rest as runs */
    gr_rummy_hand rest = *h;
    unsigned n0 = 0, n1 = 0, n2 = 0, t0 = 0, t1 = 0, t2 = 0;
    for (int s = 0; s < 4; s++) {
        unsigned m = (unsigned)(h->once >> (13 * s)) & 0x1FFFu;
        unsigned t = (unsigned)(h->twice >> (13 * s)) & 0x1FFFu;
        n2 |= n1 & m;
        n1 |= n0 & m;
        n0 |= m;
        t2 |= t1 & t;
        t1 |= t0 & t;
        t0 |= t;
    }
    unsigned sets = n2 & (~t0 | t2);
    /* all those ranks as sets, then each one alone */
    for (unsigned todo = sets, r = sets; r != 0; r = todo & -todo, todo &= todo - 1) {
        gr_cards cut = 0;
        for (int s = 0; s < 4; s++)
            cut |= (gr_cards)r << (13 * s);
        rest.once = h->once & ~cut;
        rest.twice = h->twice & ~cut;
        /* a run must remain to hold the jokers the sets do not */
        if (rest.once != 0 && runs_need(&rest, flags) <= h->jokers)
            return true;
    }
    return false;
}

/* the jokers runs_meld_all's runs need (once past the hand's jokers, any
 * larger number) */
static int runs_need(const gr_rummy_hand *h, int flags)
{
    int need = 0;
    for (int s = 0; s < 4 && need <= h->jokers; s++) {
        for (int copy = 0; copy < 2; copy++) {
            unsigned m = (unsigned)((copy ? h->twice : h->once) >> (13 * s)) & 0x1FFFu;
            int n = layer_jokers(m);
            if ((flags & GR_RUMMY_ACE_HIGH) && (m & 1u)) {
                int hi = layer_jokers(m >> 1 | 1u << 12);   /* the ace after the king */
                n = hi < n ? hi : n;
            }
            need += n;
        }
    }
    return need;
}

/* hands of this many cards (after the unmeldable naturals) first try to
 * meld everything */
#define STRICT_FIRST 12

#define ACES (1ull | 1ull << 13 | 1ull << 26 | 1ull << 39)

/* true if 3 naturals of `once` share a rank (a set without jokers) */
static bool sets_possible(gr_cards once)
{
    unsigned n0 = 0, n1 = 0, n2 = 0;
    for (int s = 0; s < 4; s++) {
        unsigned m = (unsigned)(once >> (13 * s)) & 0x1FFFu;
        n2 |= n1 & m;
        n1 |= n0 & m;
        n0 |= m;
    }
    return n2 != 0;
}

int gr__rummy_value(const gr_rummy_hand *hand, int flags)
{
    /* the naturals no meld can hold play no part: gr__solve without them */
    gr_cards keep = gr__rpattern_faces(hand->once, hand->jokers, flags);
    int total = gr__rummy_hand_points(hand, flags);
    if (keep == 0)
        return total;   /* no meld at all (jokers need a natural) */
    gr_rummy_hand h = { hand->once & keep, hand->twice & keep, hand->jokers };
    if (h.jokers == 0 && h.twice == 0 && !sets_possible(h.once)
        && !((flags & GR_RUMMY_ACE_HIGH) && (h.once & ACES)))
        return total - gr__rummy_hand_points(&h, flags);   /* runs only: every
            block of 3+ consecutive naturals of a suit is one run */
    if (h.jokers > 0 && runs_meld_all(&h, flags))
        return total - gr__rummy_hand_points(&h, flags);   /* all melds, and
            with a run every joker does */
    if (gr__popcount(h.once) + gr__popcount(h.twice) <= SMALL_NATURALS)
        return total - gr__rummy_small_best(&h, flags);   /* a search,
            with no DP to set up */
    solved sv;
    if (gr__rummy_hand_count(&h) >= STRICT_FIRST) {
        /* big hands often meld completely, and the DP restricted to
         * arrangements that meld every natural is far smaller */
        if (gr__solve(&h, flags, &sv, 1) != GR_OK)
            return GR_ENOMEM;
        if (sv.best == gr__melded_all(&sv.hc, flags, h.jokers))
            return total - sv.best / 128;
    }
    if (gr__solve(&h, flags, &sv, 0) != GR_OK)
        return GR_ENOMEM;
    return total - sv.best / 128;
}

/* true if every card of h goes: the naturals table sets lack laid off
 * alone (as many as the sets lacking each), then the rest melded by runs
 * with every joker (runs_meld_all), or, no natural left, the jokers onto
 * the sets left empty (a quick witness) */
static bool all_go(const gr_rummy_hand *h, int flags, const uint8_t slot[4][13])
{
    gr_rummy_hand rest = *h;
    int empty = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 0; r < 13; r++)
            for (int n = slot[s][r]; n > 0; n--) {
                gr_card c = (gr_card)(13 * s + r);
                if (gr__rhand_has(&rest, c) > 0)
                    gr__rhand_remove(&rest, c);
                else
                    empty++;
            }
    return rest.once == 0 ? rest.jokers <= empty : runs_meld_all(&rest, flags);
}

int gr__rummy_value_slots(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13])
{
    return gr__rummy_value_slots_below(hand, flags, slot, INT_MAX);
}

int gr__rummy_value_slots_below(const gr_rummy_hand *hand, int flags, const uint8_t slot[4][13],
                                int alpha)
{
    gr_cards faces = 0;   /* faces some table set lacks */
    int nslots = 0;
    for (int s = 0; slot != NULL && s < 4; s++)
        for (int r = 0; r < 13; r++)
            if (slot[s][r]) {
                faces |= GR_CARD_BIT(13 * s + r);
                nslots += slot[s][r];
            }
    if (nslots == 0 || ((hand->once & faces) == 0 && hand->jokers == 0))
        return gr__rummy_value(hand, flags);   /* the table sets take nothing */
    /* as gr__rummy_value, the naturals a table set takes kept too */
    gr_cards keep = gr__rpattern_faces(hand->once, hand->jokers, flags)
        | (hand->once & faces);
    gr_rummy_hand h = { hand->once & keep, hand->twice & keep, hand->jokers };
    int total = gr__rummy_hand_points(hand, flags);
    if ((h.jokers > 0 && h.once != 0 && runs_meld_all(&h, flags)) || all_go(&h, flags, slot))
        return total - gr__rummy_hand_points(&h, flags);   /* all melds or goes */
    if (gr__popcount(h.once) + gr__popcount(h.twice) <= SMALL_NATURALS)
        return total - gr__rummy_small_best_above(&h, flags, slot,
                                                  alpha < INT_MAX ? total - alpha : -1);   /* the
            search, the sets' faces laid off in it (value < alpha: best above
            total - alpha) */
    solved sv;
    if (gr__rummy_hand_count(&h) >= STRICT_FIRST) {
        if (gr__solve_slots(&h, flags, slot, &sv, 1) != GR_OK)
            return GR_ENOMEM;
        if (sv.best == gr__melded_all(&sv.hc, flags, h.jokers))
            return total - sv.best / 128;
    }
    if (gr__solve_slots(&h, flags, slot, &sv, 0) != GR_OK)
        return GR_ENOMEM;
    return total - sv.best / 128;
}

int gr_rummy_value(const gr_rummy_hand *hand, int flags)
{
    if (!gr__rummy_hand_valid(hand) || !gr__rummy_flags_valid(flags))
        return GR_EINVAL;
    return gr__rummy_value(hand, flags);
}

