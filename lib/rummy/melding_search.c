/*
 * rummy/melding.c: least unmelded value and best arrangement of a Rummy
 * hand (R3, R5, R7): duplicates (two decks), jokers, ace low or high.
 *
 * ALGORITHM
 *
 * Jokers are interchangeable and (by the Decision in ginrummy.h) a joker
 * may name any face its meld lacks, so a meld is a "core" of natural cards
 * plus some jokers, and the melds never compete for jokers except through
 * their number.  A set core of n naturals (one rank, distinct suits) needs
 * max(0, 3 - n) jokers and holds at most 4 - n.  A run core is a block of
 * positions of one suit from its first natural to its last; each position
 * without a natural (a gap) takes a joker, and a core spanning fewer than
 * 3 positions takes 3 - span more at an end ("padding"; some end always
 * has room).  A run of n naturals holds at most 13 - n jokers.
 *
 * Joker capacity.  If an arrangement has a run, every joker of the hand
 * (at most 8) can be melded: a run of n <= 5 naturals holds 13 - n >= 8
 * jokers, and a run of n >= 6 naturals splits, without more jokers, into
 * two runs of 3+ positions each holding a natural, which together hold
 * 26 - n >= 13.  So an arrangement with a run melds all J jokers as long as
 * its cores need at most J.  Arrangements without a run are sets only, and
 * the ranks are then independent: a small knapsack over ranks on (jokers
 * needed, capacity) settles them (gr__set_only_best).
 *
 * The run DP.  Positions 0..12 are the ranks A..K; with the ace-high option
 * position 13 is the ace again.  The DP walks the positions; its state is,
 * per suit, the multiset of open run cores (at most two per suit) each
 * with its span so far capped at 3, a bit "a run has been closed", and for
 * each number k (0..J) of jokers needed so far the best melded value.
 *
 * High aces.  With the ace-high option the state also holds, per suit,
 * the number of its aces (0..2) no meld took at position 0: they are the
 * naturals of position 13, where they may end runs; those position 13
 * leaves are unmelded (the same points either way).  So one DP covers
 * every way of playing the aces.  A suit keeps none when no natural of
 * it (2..K) reaches position 13 with the hand's jokers (a high ace alone
 * with two jokers is worth what the same ace low is), and its kept aces
 * are dropped (left unmelded) as soon as no run of the suit can reach 13:
 * no open core within the jokers' reach and no natural of the suit
 * further on.  The kept aces could multiply the states by up to 81, so
 * this DP is pruned by a bound (rummy/melding_bound.c): every ace low
 * gives a value to beat, and a backward pass over the DP in which the
 * high aces are extra cards worth nothing bounds what each state can
 * still reach; a state that cannot reach the value to beat is dropped.  At each position the naturals
 * first choose the sets they form (up to two per rank with two decks, each
 * of 2 to 4 suits), then, suit by suit, each open core either takes a
 * natural, takes a joker (a gap) or closes (paying its padding), and new
 * cores may start on the naturals left.  Naturals nobody takes are
 * unmelded.  Two pruning rules keep only undominated moves: a core takes no
 * gap while a natural of its suit at that position stays unmelded, and no
 * core starts where another of its suit closes (continuing it is never
 * worse).  Merging two overlapping cores of one suit that share no rank is
 * never worse either, which is why two open cores per suit suffice; the
 * brute-force reference in tests/oracle_rummy.c checks all of this on
 * hundreds of thousands of hands.
 *
 * The value maximised is (melded points) * 128 + (melded cards): the least
 * unmelded value first, then the fewest unmelded cards.
 *
 * Shortcuts of gr__rummy_value (the value only; gr_rummy_arrange always
 * runs the whole DP, so its tie-break is untouched), each exact:
 *  - naturals no meld can hold are set aside first (gr__rpattern_faces): with 2+
 *    jokers every natural qualifies; with one joker a natural needs another
 *    suit on its rank or another natural of its suit within the three
 *    positions around it; without jokers, 3 suits on its rank or a run of
 *    3 through it.  Nothing left: the value is the hand's points.
 *  - no joker, no duplicate, no rank in 3 suits, no high ace: only runs
 *    can form and every block of 3+ consecutive naturals is one, so the
 *    value is the points of the naturals set aside.
 *  - hands of at most SMALL_NATURALS naturals left (any number of jokers)
 *    are valued by the search of rummy/melding_small.c instead of the DP:
 *    it needs no ace choices and nothing set up.
 *  - with jokers, a quick witness that everything melds (runs_meld_all:
 *    runs over each copy of each suit, gaps and padding filled by jokers,
 *    blocks joined optimally; again after setting apart ranks whose sets
 *    need no joker, if a run remains): then every joker melds too.
 *  - hands of STRICT_FIRST+ cards run the DP first with no natural left
 *    unmelded (pb->strict), which is far smaller; if it melds everything
 *    that is optimal, else the full DP runs.
 *  - the set-only knapsack runs only if a bound on it (every joker, one
 *    more natural per two jokers, every natural of ranks in 3+ suits, the
 *    J best pairs of ranks in 2 suits) beats the DP.
 * The DP's move lists depend on nothing but (code, count): they are made
 * once for all calls (atomically, for threads).  The DP keeps its maps on
 * the stack unless a hand outgrows them.
 *
 * Arrangement.  gr_rummy_arrange keeps every layer of the DP, walks back
 * from the best final state taking, at each layer, the first predecessor
 * (in the order the states were made) and the first move that leads to it,
 * replays those moves on explicit cores, and places the jokers: gaps,
 * padding (at the high end when the line allows, else the low end), then
 * the extra jokers (each on the first meld with room, at its high end
 * first; a full-length run of 6+ naturals is split first if needed).  A
 * core from position 0 to 13 (ace at both ends, which the DP does not
 * track) is split the same way; this never changes the value.  With
 * aces that may play high the kept DP is pruned by the best value itself,
 * so only the states of best arrangements are kept.  That best value
 * comes from a first, unpruned DP, except when the caller knows the
 * hand's least value and it is the points of the naturals no meld can
 * hold (a going-out plan's cards kept, gr__rummy_arrange_value): then
 * every other card melds, the best is melding them all, and only the
 * kept DP runs, the same one (sets alone when it falls short).
 *
 * Table sets (going out, rummy/goout.c).  pb->slot[s][p] counts the
 * 3-card table sets lacking the face of suit s at position p (never at
 * position 13: an ace laid off on a set of aces plays low).  After the
 * moves of a suit at p, the naturals no meld takes are laid off alone on
 * those sets, as many as there are; the gap rule stays exact (a core
 * taking such a natural instead of a joker frees the joker for the set or
 * the run).  In the set-only knapsack (gr__set_only_best) any number of
 * them up to that may be laid off and the other sets hold a joker each.
 *
 * REFERENCES
 *   doc/rules-reference.md R3, R5, R7; the Gin version of the problem is lib/gin/melds.c.
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

/* ---- per-suit codes: the multiset of open cores (spans 1, 2, 3+) ---------- */

/* code -> (number of cores, span of the first, span of the second); spans
 * ascending */
static const uint8_t code_n[NCODES] = { 0, 1, 1, 1, 2, 2, 2, 2, 2, 2 };
static const uint8_t code_a[NCODES] = { 0, 1, 2, 3, 1, 1, 1, 2, 2, 3 };
static const uint8_t code_b[NCODES] = { 0, 0, 0, 0, 1, 2, 3, 2, 3, 3 };

static int code_of(int n, int a, int b)
{
    if (n == 0)
        return 0;
    if (n == 1)
        return a;
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    static const uint8_t two[4][4] = {
        { 0, 0, 0, 0 }, { 0, 4, 5, 6 }, { 0, 5, 7, 8 }, { 0, 6, 8, 9 }
    };
    return two[a][b];
}


/* Every undominated move of a suit with open cores `code` and c naturals at
 * the position (c = -1: the line has ended, every core closes). */
static void suit_moves(int code, int c, move_list *out)
{
    int n = code_n[code];
    int span[2] = { code_a[code], code_b[code] };
    out->n = 0;
    int nact = 1;
    for (int i = 0; i < n; i++)
        nact *= 3;
    for (int a = 0; a < nact; a++) {
        int act[2] = { 0, 0 }, x = a;
        for (int i = 0; i < n; i++) {
            act[i] = x % 3;
            x /= 3;
        }
        int nat = 0, gap = 0, closed = 0, dk = 0, open = 0, ok = 1;
        int ns[3] = { 0, 0, 0 };
        for (int i = 0; i < n; i++) {
            if (c < 0 && act[i] != ACT_CLOSE)
                ok = 0;
            if (act[i] == ACT_NAT) {
                nat++;
                ns[open++] = span[i] < 3 ? span[i] + 1 : 3;
            } else if (act[i] == ACT_GAP) {
                gap++;
                dk++;
                ns[open++] = span[i] < 3 ? span[i] + 1 : 3;
            } else {
                closed++;
                dk += pad(span[i]);
            }
        }
        if (!ok || (c >= 0 && nat > c))
            continue;
        int maxnew = c < 0 ? 0 : c - nat;
        if (closed > 0)
            maxnew = 0;   /* continuing the closed core is never worse */
        if (maxnew > MAXOPEN - open)
            maxnew = MAXOPEN - open;
        for (int nn = 0; nn <= maxnew; nn++) {
            int o = open;
            int s2[3] = { ns[0], ns[1], ns[2] };
            for (int j = 0; j < nn; j++)
                s2[o++] = 1;
            suit_move *m = &out->m[out->n++];
            m->newcode = (uint8_t)code_of(o, s2[0], s2[1]);
            m->dk = (uint8_t)dk;
            m->nat = (uint8_t)(nat + nn);
            m->gap = (uint8_t)gap;
            m->closed = (uint8_t)(closed > 0);
            m->act[0] = (uint8_t)act[0];
            m->act[1] = (uint8_t)act[1];
            m->nnew = (uint8_t)nn;
        }
    }
}

/* ---- the problem ----------------------------------------------------------- */

/* The move lists of every suit code and count, [code][c + 1] (c = -1..2),
 * made once by the first caller; the others wait for them (the library
 * may be called from several threads). */
move_list gr__all_moves[NCODES][4];
atomic_int gr__moves_state;   /* 0 not made, 1 being made, 2 ready */

void gr__make_moves(void)
{
    int expect = 0;
    if (atomic_compare_exchange_strong(&gr__moves_state, &expect, 1)) {
        for (int code = 0; code < NCODES; code++)
            for (int c = -1; c <= 2; c++)
                suit_moves(code, c, &gr__all_moves[code][c + 1]);
        atomic_store_explicit(&gr__moves_state, 2, memory_order_release);
    } else {
        while (atomic_load_explicit(&gr__moves_state, memory_order_acquire) != 2)
            ;   /* another thread is making them (a few microseconds) */
    }
}

int gr__rank_points(int r, int flags)
{
    if (r == 0)
        return (flags & GR_RUMMY_ACE_HIGH) ? 11 : 1;
    return r < 9 ? r + 1 : 10;
}

/* ---- the DP ---------------------------------------------------------------- */

static inline __attribute__((always_inline))
int suit_trans(const problem *pb, uint32_t key, int p, int step, trans *t, const int kept_on);

/* every transition from state `key` at step `step` of position p */
int gr__gen_trans(problem *pb, uint32_t key, int p, int step, trans *t)
{
    if (step == STEP_SETS) {
        int a = (int)(key >> KEY_SA) & 7, b = (int)(key >> KEY_SB) & 7;
        t[0].key = key & (KEY_CORES | KEY_RUN | KEY_ACES);
        t[0].dk = (a ? pad(a) : 0) + (b ? pad(b) : 0);
        t[0].lb = t[0].dk;
        t[0].add = 0;
        t[0].move = t[0].join = 0;
        return 1;
    }
    if (step == STEP_CLOSE) {
        uint32_t nkey = key & KEY_RUN;
        int dk = 0;
        for (int s = 0; s < 4; s++) {
            int code = suit_code(key, s);
            if (code_n[code] > 0) {
                nkey |= KEY_RUN;
                dk += pad(code_a[code]) + (code_n[code] > 1 ? pad(code_b[code]) : 0);
            }
        }
        t[0].key = nkey;
        t[0].dk = dk;
        t[0].lb = dk;
        t[0].add = 0;
        t[0].move = t[0].join = 0;
        return 1;
    }
    /* the suit steps, made twice by the compiler: with aces kept and
     * without (the common case, which then does no work for them) */
    return pb->kept ? suit_trans(pb, key, p, step, t, 1) : suit_trans(pb, key, p, step, t, 0);
}

/* the moves of suit step-1 at p (kept: some aces are kept for 13) */
static inline __attribute__((always_inline))
int suit_trans(const problem *pb, uint32_t key, int p, int step, trans *t, const int kept_on)
{
    int n = 0;
    int s = step - 1, c = kept_on ? nat_count(pb, key, s, p) : pb->cnt[s][p];
    const move_list *ml = get_moves(pb, suit_code(key, s), c);
    /* the aces kept for position 13: all those no meld takes at 0 (or
     * none when they cannot play high), none after 13, and none once no
     * run of the suit can reach 13 (they stay unmelded) */
    int keep_aces = kept_on && p == 0 && pb->high[s], aces = kept_on ? key_aces(key, s) : 0;
    uint32_t others = kept_on ? key & KEY_ACES & ~(3u << (KEY_ACE + 2 * s)) : 0;
    int a = (int)(key >> KEY_SA) & 7, b = (int)(key >> KEY_SB) & 7;
    int sets_ok = p < 13;
    /* a set that cannot reach 2 naturals (3 without jokers) is never
     * needed: one natural and two jokers make a run as well */
    /* what the suit's naturals after p allow: a gap only on the way to
     * the next natural within reach of the jokers (gap_more gaps more
     * after this one), a run started here needs start_need jokers; later:
     * the suits after s with a natural at p */
    unsigned after = pb->has[s] >> (p + 1);
    int dist = after ? __builtin_ctz(after) + 1 : 99;   /* next natural - p */
    int gap_ok = dist <= pb->J, gap_more = dist - 1 < 16 ? dist - 1 : 16;
    int start_need = 2 - (int)(after & 1) - (int)(after >> 1 & 1);
    int minsize = pb->J > 0 ? 2 : 3;
    int later = (int)(pb->later_mask[s][0] >> p & 1) + (int)(pb->later_mask[s][1] >> p & 1)
              + (int)(pb->later_mask[s][2] >> p & 1);
    for (int i = 0; i < ml->n; i++) {
        const suit_move *m = &ml->m[i];
        int r = c - m->nat;
        int jmax = !sets_ok || r == 0 ? 0 : r == 1 ? 2 : 3;   /* joins possible */
        if (a + 1 + later < minsize)
            jmax = 0;   /* no set of the rank can reach minsize */
        for (int j = 0; j <= jmax; j++) {
            int ja = j & 1, jb = j >> 1;
            if (j && (!sets_ok || ja + jb > r || (ja && a >= 4) || (jb && b >= 4)))
                continue;
            /* no gap while a natural of the suit stays unmelded, nor one
             * that no natural follows */
            /* naturals no meld takes are laid off alone on table sets
             * lacking their face, as far as there are such sets */
            int maxlaid = r - ja - jb < pb->slot[s][p] ? r - ja - jb : pb->slot[s][p];
            if (m->gap && (r - ja - jb > 0 || !gap_ok))
                continue;
            int na = a + ja, nb = b + jb;
            if ((ja && na + later < minsize) || (jb && nb + later < minsize))
                continue;
            if (na < nb) {
                int x = na;
                na = nb;
                nb = x;
            }
            uint32_t nkey = (key & KEY_RUN) | (key & KEY_CORES & ~(15u << (4 * s)))
                          | (uint32_t)m->newcode << (4 * s)
                          | (uint32_t)na << KEY_SA | (uint32_t)nb << KEY_SB;
            if (m->closed)
                nkey |= KEY_RUN;
            /* an ace kept for 13 is not laid off at 0 */
            for (int laid = maxlaid; laid >= (keep_aces ? 0 : maxlaid); laid--) {
                int left = r - ja - jb - laid, kept = 0;
                if (!kept_on) {
                    /* no ace kept */
                } else if (keep_aces) {
                    kept = left;
                    left = 0;
                } else if (p < 13 && aces > 0 && pb->top[s] <= p
                           && (code_n[m->newcode] == 0 || 12 - p > pb->J)) {
                    left += aces;   /* no run of the suit reaches 13 now */
                } else if (p < 13) {
                    kept = aces;
                }
                if (pb->strict && left > 0)
                    continue;   /* a natural left unmelded */
                t[n].key = nkey | others | (uint32_t)kept << (KEY_ACE + 2 * s);
                t[n].dk = m->dk;
                t[n].lb = m->dk + m->gap * gap_more + m->nnew * start_need;
                t[n].add = (m->nat + ja + jb + laid) * pb->unit[p];
                t[n].move = (uint8_t)i;
                t[n].join = (uint8_t)j;
                n++;
            }
        }
    }
    return n;
}

/* the most a state's aces kept for position 13 can still add */
static inline int32_t kept_value(const problem *pb, uint32_t key)
{
    int n = key_aces(key, 0) + key_aces(key, 1) + key_aces(key, 2) + key_aces(key, 3);
    return n * pb->unit[13];
}

/* Apply transition tr to the values v[lo..kmax] of a state into `to`,
 * dropping what cannot beat pb->known: 0, or -1 when `to` is full. */
static __attribute__((noinline))
int apply_pruned(const problem *pb, const int32_t *v, int lo, int kmax, const trans *tr,
                 smap *to, int L, int p, int step, int32_t floor)
{
    const dp_bound *tb = p < 13 ? pb->bound : NULL;
    int dk = tr->dk, add = tr->add;
    int32_t need = floor - add - kept_value(pb, tr->key);
    int k0 = lo;
    while (k0 <= kmax && v[k0] < need)
        k0++;
    if (k0 > kmax)
        return 0;   /* no value of the state can beat the known one */
    int nk = 0;
    int32_t g[NK];
    if (tb != NULL) {
        /* the completion bound of the state without its kept aces
         * (rummy/melding_bound.c); at position 0 the suits after this
         * step may still keep theirs */
        nk = key_aces(tr->key, 0) + key_aces(tr->key, 1) + key_aces(tr->key, 2)
           + key_aces(tr->key, 3);
        for (int s = step; p == 0 && s < 4; s++)
            nk += pb->high[s] ? pb->cnt[s][0] : 0;
        uint32_t base = tr->key & ~KEY_ACES;
        for (int k = k0; k <= kmax; k++)
            if ((g[k] = gr__bound_rest(tb, L, base, k + dk)) == BOUND_NONE)
                break;
        if (g[k0] == BOUND_NONE)
            tb = NULL;   /* not made with every ace low */
    }
    int32_t *w = NULL;
    for (int k = k0; k <= kmax; k++) {
        if (v[k] < need || v[k] + add <= (w != NULL ? w[k + dk] : -1))
            continue;
        if (tb != NULL && (g[k] < 0 || v[k] + add + g[k] + nk * pb->unit[13] < pb->known))
            continue;   /* cannot reach the known value */
        if (w == NULL && (w = gr__smap_get(to, tr->key)) == NULL)
            return -1;
        if (v[k] + add > w[k + dk])
            w[k + dk] = v[k] + add;
    }
    return 0;
}

/* One step from layer `from` to `to`: 0, or -1 when `to` is full.  A
 * value that, with every natural after the step (`rest`) and the kept
 * aces melded too, stays below `floor` is dropped (it cannot beat the
 * known arrangement). */
static int dp_step(problem *pb, const smap *from, smap *to, int L, int p, int step,
                   int32_t floor)
{
    int J = pb->J;
    trans t[MAXTRANS];
    int quiet = step >= 1 && step <= 4 && pb->cnt[step - 1][p] == 0;
    int pruned = pb->known >= 0;
    for (int i = 0; i < from->n; i++) {
        const int32_t *v = &from->vals[i * NK];
        if (quiet && suit_code(from->keys[i], step - 1) == 0) {
            /* nothing in this suit here: the state goes on unchanged */
            int32_t *w = gr__smap_get(to, from->keys[i]);
            if (w == NULL)
                return -1;
            for (int k = 0; k <= J; k++)
                if (v[k] > w[k])
                    w[k] = v[k];
            continue;
        }
        int lo = 0, hi = J;   /* the first and last jokers count reached */
        while (v[lo] < 0)
            lo++;   /* some entry of a state is always set */
        while (v[hi] < 0)
            hi--;
        int nt = gr__gen_trans(pb, from->keys[i], p, step, t);
        for (int j = 0; j < nt; j++) {
            int dk = t[j].dk, add = t[j].add, kmax = J - t[j].lb;
            if (kmax > hi)
                kmax = hi;
            if (kmax < lo)
                continue;   /* no state can afford the jokers */
            if (!pruned) {
                int32_t *w = gr__smap_get(to, t[j].key);
                if (w == NULL)
                    return -1;
                for (int k = lo; k <= kmax; k++)
                    if (v[k] >= 0 && v[k] + add > w[k + dk])
                        w[k + dk] = v[k] + add;
                continue;
            }
            if (apply_pruned(pb, v, lo, kmax, &t[j], to, L, p, step, floor) < 0)
                return -1;
        }
    }
    return 0;
}

/* the step and position that make layer L (L >= 1) */
void gr__layer_step(const problem *pb, int L, int *p, int *step)
{
    if (L > 5 * pb->npos) {
        *p = pb->npos - 1;
        *step = STEP_CLOSE;
    } else {
        *p = (L - 1) / 5;
        *step = (L - 1) % 5 + 1;
    }
}

int gr__nlayers(const problem *pb)
{
    return 5 * pb->npos + 2;
}

/* true if the step maps every state to itself with the same values: a
 * suit with no natural at p and no open core in any state, or the sets of
 * a rank without naturals */
static bool step_is_identity(const problem *pb, const smap *cur, int p, int step)
{
    if (step == STEP_CLOSE)
        return false;
    if (step == STEP_SETS)
        return p == 13 || (pb->cnt[0][p] | pb->cnt[1][p] | pb->cnt[2][p] | pb->cnt[3][p]) == 0;
    int s = step - 1;
    if (pb->cnt[s][p] != 0)
        return false;
    for (int i = 0; i < cur->n; i++)
        if (suit_code(cur->keys[i], s) != 0)
            return false;
    return true;
}

/* true if no state of the map has an open run core */
static bool no_cores(const smap *m)
{
    for (int i = 0; i < m->n; i++)
        if (m->keys[i] & KEY_CORES)
            return false;
    return true;
}

/* free the kept layers (and forget them) */
void gr__free_layers(layer *keep, int n)
{
    for (int L = 0; L < n; L++) {
        free(keep[L].keys);
        free(keep[L].vals);
        keep[L].keys = NULL;
        keep[L].vals = NULL;
    }
}

/* Run the DP with two alternating maps; with `keep` (gr__nlayers entries)
 * every layer is copied there.  Returns the map of the final states, NULL
 * when a map is full, and sets *nomem when a copy cannot be allocated. */
smap *gr__dp_run(problem *pb, dp_mem *mm, layer *keep, int *nomem)
{
    smap *cur = &mm->maps[0];
    gr__smap_clear(cur);
    int32_t *v = gr__smap_get(cur, 0);
    v[0] = 0;
    if (keep != NULL) {
        keep[0].n = 1;
        keep[0].keys = malloc(sizeof(uint32_t));
        keep[0].vals = malloc(NK * sizeof(int32_t));
        if (keep[0].keys == NULL || keep[0].vals == NULL) {
            *nomem = 1;
            return NULL;
        }
        keep[0].keys[0] = 0;
        memcpy(keep[0].vals, v, NK * sizeof(int32_t));
    }
    /* after[p]: the value of every natural of positions p+1..12 */
    int32_t after[MAXPOS + 1];
    after[13] = after[12] = 0;
    for (int q = 12; q > 0; q--)
        after[q - 1] = after[q] + (pb->cnt[0][q] + pb->cnt[1][q] + pb->cnt[2][q] + pb->cnt[3][q])
                                  * pb->unit[q];
    for (int L = 1; L < gr__nlayers(pb); L++) {
        int p, step;
        gr__layer_step(pb, L, &p, &step);
        int32_t floor = -1;
        if (pb->known >= 0) {
            /* the naturals of position p not yet decided at this step */
            int32_t rest = after[p < 13 ? p : 13];
            for (int s = step; step <= 4 && p < 13 && s < 4; s++)
                rest += pb->cnt[s][p] * pb->unit[p];
            floor = pb->known - pb->J * (15 * 128 + 1) - rest;
        }
        if (keep == NULL && step == 1 && p < pb->npos
            && (pb->cnt[0][p] | pb->cnt[1][p] | pb->cnt[2][p] | pb->cnt[3][p]) == 0
            && no_cores(cur)) {
            L += 4;   /* an empty position and no run open: skip all 5 steps */
            continue;
        }
        if (keep == NULL && step_is_identity(pb, cur, p, step))
            continue;   /* nothing happens: the layer stays as it is */
        smap *nxt = cur == &mm->maps[0] ? &mm->maps[1] : &mm->maps[0];
        gr__smap_clear(nxt);
        if (dp_step(pb, cur, nxt, L, p, step, floor) < 0)
            return NULL;
#ifdef GR_RUMMY_DEBUG
        fprintf(stderr, "p %d step %d states %d\n", p, step, nxt->n);
#endif
        if (keep != NULL) {
            keep[L].n = nxt->n;
            keep[L].keys = malloc((size_t)nxt->n * sizeof(uint32_t) + 1);
            keep[L].vals = malloc((size_t)nxt->n * NK * sizeof(int32_t) + 1);
            if (keep[L].keys == NULL || keep[L].vals == NULL) {
                *nomem = 1;
                return NULL;
            }
            memcpy(keep[L].keys, nxt->keys, (size_t)nxt->n * sizeof(uint32_t));
            memcpy(keep[L].vals, nxt->vals, (size_t)nxt->n * NK * sizeof(int32_t));
        }
        cur = nxt;
    }
    return cur;
}
