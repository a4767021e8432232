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
 * needed, capacity) settles them (set_only_best).
 *
 * The run DP.  Positions 0..12 are the ranks A..K; with the ace-high option
 * position 13 is the ace again.  Which copies of each suit's ace play high
 * is tried exhaustively outside the DP (usually 1 to 4 choices); those
 * aces are available at position 13 only, the others at position 0.  The
 * DP walks the positions; its state is, per suit, the multiset of open run
 * cores (at most two per suit) each with its span so far capped at 3, a
 * bit "a run has been closed", and for each number k (0..J) of jokers
 * needed so far the best melded value.  At each position the naturals
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
 *  - naturals no meld can hold are set aside first (meldable): with 2+
 *    jokers every natural qualifies; with one joker a natural needs another
 *    suit on its rank or another natural of its suit within the three
 *    positions around it; without jokers, 3 suits on its rank or a run of
 *    3 through it.  Nothing left: the value is the hand's points.
 *  - no joker, no duplicate, no rank in 3 suits, no high ace: only runs
 *    can form and every block of 3+ consecutive naturals is one, so the
 *    value is the points of the naturals set aside.
 *  - with jokers, a quick witness that everything melds (runs_meld_all:
 *    runs over each copy of each suit, gaps and padding filled by jokers,
 *    blocks joined optimally; again after setting apart ranks whose sets
 *    need no joker, if a run remains): then every joker melds too.
 *  - hands of STRICT_FIRST+ cards run the DP first with no natural left
 *    unmelded (pb->strict), which is far smaller; if it melds everything
 *    that is optimal, else the full DP runs.
 *  - the ace choices stop as soon as one melds everything, and the
 *    set-only knapsack runs only if a bound on it (every joker, one more
 *    natural per two jokers, every natural of ranks in 3+ suits, the J
 *    best pairs of ranks in 2 suits) beats the DP.
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
 * track) is split the same way; this never changes the value.
 *
 * REFERENCES
 *   doc/rules-reference.md R3, R5, R7; the Gin version of the problem is lib/gin/melds.c.
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/melding.h"

#include <stdatomic.h>
#include <stdlib.h>
#ifdef GR_RUMMY_DEBUG
#include <stdio.h>
#endif
#include <string.h>

/* ---- per-suit codes: the multiset of open cores (spans 1, 2, 3+) ---------- */

enum { NCODES = 10, MAXOPEN = 2 };

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

static inline int pad(int span)
{
    return span >= 3 ? 0 : 3 - span;
}

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

/* ---- state maps ------------------------------------------------------------ */

/* key: bits 0..15 the four suit codes, bit 16 "a run closed", bits 17..19
 * and 20..22 the sizes (0..4) of the two sets being gathered at the
 * current position, the first never smaller */
#define KEY_RUN (1u << 16)
#define KEY_SA 17
#define KEY_SB 20
#define KEY_CORES 0xFFFFu
#define NK (GR_RUMMY_MAX_JOKERS + 1)

typedef struct smap {
    int       n, cap, hmask;
    uint32_t *keys;
    int32_t  *vals;     /* cap * NK: best value per jokers needed, -1 none */
    int32_t  *slots;    /* hmask + 1 entries, -1 empty */
    void     *owned;    /* heap block once the map outgrew its first memory */
} smap;

static inline uint32_t key_hash(uint32_t key, int hmask)
{
    return ((key * 0x9E3779B1u) >> 9) & (uint32_t)hmask;
}

/* the most states a map may hold (far above any hand of 30 cards) */
#define SMAP_MAX (1 << 22)

/* Move a full map to a heap block twice its size; -1 when it may not grow
 * or there is no memory (the map is then unchanged). */
static int smap_grow(smap *m)
{
    if (m->cap >= SMAP_MAX)
        return -1;
    int cap = 2 * m->cap, hsize = 2 * cap;
    char *b = malloc((size_t)cap * (sizeof(uint32_t) + NK * sizeof(int32_t))
                     + (size_t)hsize * sizeof(int32_t));
    if (b == NULL)
        return -1;
    int32_t *vals = (int32_t *)(void *)b;
    uint32_t *keys = (uint32_t *)(void *)(b + (size_t)cap * NK * sizeof(int32_t));
    int32_t *slots = (int32_t *)(void *)(b + (size_t)cap * (NK * sizeof(int32_t) + sizeof(uint32_t)));
    memcpy(vals, m->vals, (size_t)m->n * NK * sizeof(int32_t));
    memcpy(keys, m->keys, (size_t)m->n * sizeof(uint32_t));
    memset(slots, 0xFF, (size_t)hsize * sizeof(int32_t));
    free(m->owned);
    m->owned = b;
    m->vals = vals;
    m->keys = keys;
    m->slots = slots;
    m->cap = cap;
    m->hmask = hsize - 1;
    for (int i = 0; i < m->n; i++) {
        uint32_t h = key_hash(keys[i], m->hmask);
        while (slots[h] != -1)
            h = (h + 1) & (uint32_t)m->hmask;
        slots[h] = i;
    }
    return 0;
}

static void smap_clear(smap *m)
{
    for (int i = 0; i < m->n; i++) {
        uint32_t h = key_hash(m->keys[i], m->hmask);
        for (; m->slots[h] != -1; h = (h + 1) & (uint32_t)m->hmask)
            m->slots[h] = -1;
    }
    m->n = 0;
}

/* the values of key (made if new); NULL when full */
static int32_t *smap_get(smap *m, uint32_t key)
{
    uint32_t h = key_hash(key, m->hmask);
    for (; m->slots[h] != -1; h = (h + 1) & (uint32_t)m->hmask)
        if (m->keys[m->slots[h]] == key)
            return &m->vals[m->slots[h] * NK];
    if (m->n >= m->cap) {
        if (smap_grow(m) < 0)
            return NULL;
        h = key_hash(key, m->hmask);
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

/* ---- the problem ----------------------------------------------------------- */

#define MAXPOS 14

typedef struct problem {
    int flags, npos, J;
    int strict;               /* every natural must be melded */
    uint8_t cnt[4][MAXPOS];   /* naturals per suit and position */
    int unit[MAXPOS];         /* value of one natural at a position */
    unsigned has[4];          /* positions holding a natural, per suit */
    unsigned later_mask[4][3];   /* positions where 1+, 2+, 3+ of the suits
                                    after s hold a natural */
} problem;

/* The move lists of every suit code and count, [code][c + 1] (c = -1..2),
 * made once by the first caller; the others wait for them (the library
 * may be called from several threads). */
static move_list all_moves[NCODES][4];
static atomic_int moves_state;   /* 0 not made, 1 being made, 2 ready */

static void make_moves(void)
{
    int expect = 0;
    if (atomic_compare_exchange_strong(&moves_state, &expect, 1)) {
        for (int code = 0; code < NCODES; code++)
            for (int c = -1; c <= 2; c++)
                suit_moves(code, c, &all_moves[code][c + 1]);
        atomic_store_explicit(&moves_state, 2, memory_order_release);
    } else {
        while (atomic_load_explicit(&moves_state, memory_order_acquire) != 2)
            ;   /* another thread is making them (a few microseconds) */
    }
}

static inline const move_list *get_moves(const problem *pb, int code, int c)
{
    (void)pb;
    return &all_moves[code][c + 1];
}

static int rank_points(int r, int flags)
{
    if (r == 0)
        return (flags & GR_RUMMY_ACE_HIGH) ? 11 : 1;
    return r < 9 ? r + 1 : 10;
}

/* ---- the DP ---------------------------------------------------------------- */

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

static inline int suit_code(uint32_t key, int s)
{
    return (int)(key >> (4 * s)) & 15;
}

/* every transition from state `key` at step `step` of position p */
static int gen_trans(problem *pb, uint32_t key, int p, int step, trans *t)
{
    int n = 0;
    if (step == STEP_SETS) {
        int a = (int)(key >> KEY_SA) & 7, b = (int)(key >> KEY_SB) & 7;
        t[0].key = key & (KEY_CORES | KEY_RUN);
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
    int s = step - 1, c = pb->cnt[s][p];
    const move_list *ml = get_moves(pb, suit_code(key, s), c);
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
            if (pb->strict && r - ja - jb > 0)
                continue;   /* a natural left unmelded */
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
            t[n].key = nkey;
            t[n].dk = m->dk;
            t[n].lb = m->dk + m->gap * gap_more + m->nnew * start_need;
            t[n].add = (m->nat + ja + jb) * pb->unit[p];
            t[n].move = (uint8_t)i;
            t[n].join = (uint8_t)j;
            n++;
        }
    }
    return n;
}

/* one step from layer `from` to `to`: 0, or -1 when `to` is full */
static int dp_step(problem *pb, const smap *from, smap *to, int p, int step)
{
    int J = pb->J;
    trans t[MAXTRANS];
    int quiet = step >= 1 && step <= 4 && pb->cnt[step - 1][p] == 0;
    for (int i = 0; i < from->n; i++) {
        const int32_t *v = &from->vals[i * NK];
        if (quiet && suit_code(from->keys[i], step - 1) == 0) {
            /* nothing in this suit here: the state goes on unchanged */
            int32_t *w = smap_get(to, from->keys[i]);
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
        int nt = gen_trans(pb, from->keys[i], p, step, t);
        for (int j = 0; j < nt; j++) {
            int dk = t[j].dk, add = t[j].add, kmax = J - t[j].lb;
            if (kmax > hi)
                kmax = hi;
            if (kmax < lo)
                continue;   /* no state can afford the jokers */
            int32_t *w = smap_get(to, t[j].key);
            if (w == NULL)
                return -1;
            for (int k = lo; k <= kmax; k++)
                if (v[k] >= 0 && v[k] + add > w[k + dk])
                    w[k + dk] = v[k] + add;
        }
    }
    return 0;
}

/* the step and position that make layer L (L >= 1) */
static void layer_step(const problem *pb, int L, int *p, int *step)
{
    if (L > 5 * pb->npos) {
        *p = pb->npos - 1;
        *step = STEP_CLOSE;
    } else {
        *p = (L - 1) / 5;
        *step = (L - 1) % 5 + 1;
    }
}

static int nlayers(const problem *pb)
{
    return 5 * pb->npos + 2;
}

typedef struct dp_mem {
    smap  maps[5 * MAXPOS + 2];
    void *block;
} dp_mem;

static int dp_mem_init(dp_mem *mm, int nmaps, int cap, void *stack, size_t stack_size)
{
    int hsize = 1;
    while (hsize < 2 * cap)
        hsize *= 2;
    size_t per = (size_t)cap * sizeof(uint32_t) + (size_t)cap * NK * sizeof(int32_t)
               + (size_t)hsize * sizeof(int32_t);
    size_t total = per * (size_t)nmaps;
    char *b;
    if (total <= stack_size) {
        b = stack;
        mm->block = NULL;
    } else {
        b = malloc(total);
        if (b == NULL)
            return GR_ENOMEM;
        mm->block = b;
    }
    for (int i = 0; i < nmaps; i++) {
        smap *m = &mm->maps[i];
        m->n = 0;
        m->owned = NULL;
        m->cap = cap;
        m->hmask = hsize - 1;
        m->vals = (int32_t *)(void *)b;
        b += (size_t)cap * NK * sizeof(int32_t);
        m->keys = (uint32_t *)(void *)b;
        b += (size_t)cap * sizeof(uint32_t);
        m->slots = (int32_t *)(void *)b;
        b += (size_t)hsize * sizeof(int32_t);
        memset(m->slots, 0xFF, (size_t)hsize * sizeof(int32_t));
    }
    return GR_OK;
}

static void dp_mem_free(dp_mem *mm)
{
    free(mm->maps[0].owned);
    free(mm->maps[1].owned);
    free(mm->block);
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

/* A layer kept for the walk back: its states in the order they were made. */
typedef struct layer {
    int       n;
    uint32_t *keys;
    int32_t  *vals;
} layer;

/* free the kept layers (and forget them) */
static void free_layers(layer *keep, int n)
{
    for (int L = 0; L < n; L++) {
        free(keep[L].keys);
        free(keep[L].vals);
        keep[L].keys = NULL;
        keep[L].vals = NULL;
    }
}

/* Run the DP with two alternating maps; with `keep` (nlayers entries)
 * every layer is copied there.  Returns the map of the final states, NULL
 * when a map is full, and sets *nomem when a copy cannot be allocated. */
static smap *dp_run(problem *pb, dp_mem *mm, layer *keep, int *nomem)
{
    smap *cur = &mm->maps[0];
    smap_clear(cur);
    int32_t *v = smap_get(cur, 0);
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
    for (int L = 1; L < nlayers(pb); L++) {
        int p, step;
        layer_step(pb, L, &p, &step);
        if (keep == NULL && step == 1 && p < pb->npos
            && (pb->cnt[0][p] | pb->cnt[1][p] | pb->cnt[2][p] | pb->cnt[3][p]) == 0
            && no_cores(cur)) {
            L += 4;   /* an empty position and no run open: skip all 5 steps */
            continue;
        }
        if (keep == NULL && step_is_identity(pb, cur, p, step))
            continue;   /* nothing happens: the layer stays as it is */
        smap *nxt = cur == &mm->maps[0] ? &mm->maps[1] : &mm->maps[0];
        smap_clear(nxt);
        if (dp_step(pb, cur, nxt, p, step) < 0)
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

/* ---- set-only arrangements ------------------------------------------------- */

/* Best value of arrangements with sets only (any set of 1..4 naturals plus
 * jokers to 3..4 cards): a knapsack over ranks on (jokers needed, capacity
 * capped at J).  Writes for the output the sets chosen per rank. */
typedef struct set_pick {
    uint8_t sa[13], sb[13];
} set_pick;

static int set_only_best(const problem *pb, const uint8_t cnt[4][13], set_pick *pick)
{
    int J = pb->J;
    /* dp[r+1][need][cap] with parent choice for reconstruction */
    int32_t dp[14][NK][NK];
    uint8_t ch_a[14][NK][NK], ch_b[14][NK][NK], par_n[14][NK][NK], par_c[14][NK][NK];
    for (int n = 0; n <= J; n++)
        for (int c = 0; c <= J; c++)
            dp[0][n][c] = -1;
    dp[0][0][0] = 0;
    for (int r = 0; r < 13; r++) {
        unsigned avail = 0;
        for (int s = 0; s < 4; s++)
            if (cnt[s][r])
                avail |= 1u << s;
        if (avail == 0) {
            memcpy(dp[r + 1], dp[r], sizeof dp[r]);
            if (pick != NULL)
                for (int n = 0; n <= J; n++)
                    for (int c = 0; c <= J; c++) {
                        ch_a[r + 1][n][c] = ch_b[r + 1][n][c] = 0;
                        par_n[r + 1][n][c] = (uint8_t)n;
                        par_c[r + 1][n][c] = (uint8_t)c;
                    }
            continue;
        }
        for (int n = 0; n <= J; n++)
            for (int c = 0; c <= J; c++)
                dp[r + 1][n][c] = -1;
        int unit = rank_points(r, pb->flags) * 128 + 1;
        unsigned dup = 0;   /* suits held twice at r */
        for (int s = 0; s < 4; s++)
            if (cnt[s][r] > 1)
                dup |= 1u << s;
        /* sa, sb: the subsets of avail (sb of what sa leaves), ascending;
         * sb empty when sa is */
        for (unsigned sa = 0;; sa = (sa - avail) & avail) {
            unsigned avail2 = sa ? (avail & ~sa) | dup : 0;
            for (unsigned sb = 0;; sb = (sb - avail2) & avail2) {
                int na = __builtin_popcount(sa), nb = __builtin_popcount(sb);
                int need = (sa ? pad(na) : 0) + (sb ? pad(nb) : 0);
                int cap = (sa ? 4 - na : 0) + (sb ? 4 - nb : 0);
                int add = (na + nb) * unit;
                for (int n = 0; n + need <= J; n++)
                    for (int c = 0; c <= J; c++) {
                        if (dp[r][n][c] < 0)
                            continue;
                        int c2 = c + cap > J ? J : c + cap;
                        int32_t val = dp[r][n][c] + add;
                        if (val > dp[r + 1][n + need][c2]) {
                            dp[r + 1][n + need][c2] = val;
                            if (pick == NULL)
                                continue;
                            ch_a[r + 1][n + need][c2] = (uint8_t)sa;
                            ch_b[r + 1][n + need][c2] = (uint8_t)sb;
                            par_n[r + 1][n + need][c2] = (uint8_t)n;
                            par_c[r + 1][n + need][c2] = (uint8_t)c;
                        }
                    }
                if (sb == avail2)
                    break;
            }
            if (sa == avail)
                break;
        }
    }
    int best = -1, bn = 0, bc = 0;
    for (int n = 0; n <= J; n++)
        for (int c = n; c <= J; c++) {
            if (dp[13][n][c] < 0)
                continue;
            int val = dp[13][n][c] + c * (15 * 128 + 1);
            if (val > best) {
                best = val;
                bn = n;
                bc = c;
            }
        }
    if (pick != NULL) {
        for (int r = 13; r > 0; r--) {
            pick->sa[r - 1] = ch_a[r][bn][bc];
            pick->sb[r - 1] = ch_b[r][bn][bc];
            int n = par_n[r][bn][bc], c = par_c[r][bn][bc];
            bn = n;
            bc = c;
        }
    }
    return best;
}

/* ---- driving it ------------------------------------------------------------ */

typedef struct hand_counts {
    uint8_t cnt[4][13];
    int     aces[4];
} hand_counts;

static void count_hand(const gr_rummy_hand *hand, hand_counts *hc)
{
    for (int s = 0; s < 4; s++) {
        for (int r = 0; r < 13; r++) {
            int c = 13 * s + r;
            hc->cnt[s][r] = (uint8_t)((hand->once >> c & 1) + (hand->twice >> c & 1));
        }
        hc->aces[s] = hc->cnt[s][0];
    }
}

/* set up the problem for the high aces h[] */
static void setup(problem *pb, const hand_counts *hc, const int h[4], int flags, int J)
{
    pb->flags = flags;
    pb->J = J;
    pb->npos = (flags & GR_RUMMY_ACE_HIGH) ? 14 : 13;
    for (int s = 0; s < 4; s++) {
        for (int r = 0; r < 13; r++)
            pb->cnt[s][r] = hc->cnt[s][r];
        pb->cnt[s][0] = (uint8_t)(hc->cnt[s][0] - h[s]);
        pb->cnt[s][13] = (uint8_t)h[s];
    }
    static const int units[2][MAXPOS] = {
#define U(pts) ((pts) * 128 + 1)
        { U(1), U(2), U(3), U(4), U(5), U(6), U(7), U(8), U(9), U(10), U(10), U(10), U(10), U(1) },
        { U(11), U(2), U(3), U(4), U(5), U(6), U(7), U(8), U(9), U(10), U(10), U(10), U(10), U(11) }
#undef U
    };
    memcpy(pb->unit, units[(flags & GR_RUMMY_ACE_HIGH) != 0], sizeof pb->unit);
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
    if (atomic_load_explicit(&moves_state, memory_order_acquire) != 2)
        make_moves();
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
static int dp_solve(problem *pb, layer *keep, uint32_t *key, int *kk)
{
    int32_t stack_mem[SMALL_STACK / 4 + 1];
    dp_mem mm;
    int nomem = 0;
    /* the maps start on the stack and move to the heap if they outgrow it */
    dp_mem_init(&mm, 2, SMALL_CAP, stack_mem, sizeof stack_mem);
    smap *fin = dp_run(pb, &mm, keep, &nomem);
    int v = fin != NULL ? final_best(pb, fin, key, kk) : GR_ENOMEM;
    dp_mem_free(&mm);
    return nomem ? GR_ENOMEM : v;
}

typedef struct ace_choice {
    int n;
    int h[81][4];
} ace_choice;

static void ace_choices(const hand_counts *hc, int flags, ace_choice *ac)
{
    ac->n = 0;
    int lim[4];
    for (int s = 0; s < 4; s++)
        lim[s] = (flags & GR_RUMMY_ACE_HIGH) ? hc->aces[s] : 0;
    for (int a = 0; a <= lim[0]; a++)
        for (int b = 0; b <= lim[1]; b++)
            for (int c = 0; c <= lim[2]; c++)
                for (int d = 0; d <= lim[3]; d++) {
                    int *h = ac->h[ac->n++];
                    h[0] = a;
                    h[1] = b;
                    h[2] = c;
                    h[3] = d;
                }
}

/* The best melded value (points * 128 + cards) of the hand, or GR_ENOMEM.
 * *which: the first ace choice giving it (-1: sets only win). */
/* the value of melding every card of the hand */
static int melded_all(const hand_counts *hc, int flags, int J)
{
    int v = J * (15 * 128 + 1);
    for (int r = 0; r < 13; r++) {
        int n = 0;
        for (int s = 0; s < 4; s++)
            n += hc->cnt[s][r];
        v += n * (rank_points(r, flags) * 128 + 1);
    }
    return v;
}

/* With strict, only arrangements that meld every natural are tried (the
 * result is then the value of melding all, or below it when none does). */
static int best_melded(const gr_rummy_hand *hand, int flags, problem *pb,
                       const hand_counts *hc, const ace_choice *ac, int *which,
                       int strict)
{
    int best = -1;
    *which = -1;
    int all = ac->n > 1 || strict ? melded_all(hc, flags, hand->jokers) : -2;
    for (int a = 0; a < ac->n; a++) {
        setup(pb, hc, ac->h[a], flags, hand->jokers);
        pb->strict = strict;
        int v = dp_solve(pb, NULL, NULL, NULL);
        if (v == GR_ENOMEM)
            return GR_ENOMEM;
        if (v > best) {
            best = v;
            *which = a;
        }
        if (best == all)
            return best;   /* everything melds: no choice does better */
    }
    if (hand->jokers == 0 || strict)
        return best;   /* the DP's states without a run are the set-only ones */
    /* a bound on sets only: every joker, one natural (at most 11 points)
     * per two jokers in sets of one natural, every natural of a rank held
     * in 3+ suits, and of the ranks held in exactly 2 suits (each set of
     * two naturals there needs a joker) the J best pairs */
    int bound = pb->J * (15 * 128 + 1) + (pb->J / 2) * (11 * 128 + 1);
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
        int unit = rank_points(r, flags) * 128 + 1;
        if (suits >= 3)
            bound += n * unit;
        else if (suits == 2)
            for (int i = 0; i < lo; i++) {   /* lo pairs of 2 naturals */
                int x = 2 * unit, j = npairs < pb->J ? npairs++ : pb->J;
                while (j > 0 && pairs[j - 1] < x) {
                    if (j < pb->J)
                        pairs[j] = pairs[j - 1];
                    j--;
                }
                if (j < pb->J)
                    pairs[j] = x;
            }
    }
    for (int i = 0; i < npairs; i++)
        bound += pairs[i];
    if (best >= bound)
        return best;
    int so = set_only_best(pb, hc->cnt, NULL);   /* uses pb's flags and J only */
    if (so > best) {
        best = so;
        *which = -1;
    }
    return best;
}

/* the hand counted and solved: the best value and where it comes from */
typedef struct solved {
    problem     pb;
    hand_counts hc;
    ace_choice  ac;
    int         which, best;
} solved;

static int solve(const gr_rummy_hand *hand, int flags, solved *sv, int strict)
{
    count_hand(hand, &sv->hc);
    ace_choices(&sv->hc, flags, &sv->ac);
    sv->best = best_melded(hand, flags, &sv->pb, &sv->hc, &sv->ac, &sv->which, strict);
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

/* The naturals of the hand that some meld with at most `jokers` jokers can
 * hold (a card in no such meld is unmelded in every arrangement).  With 2+
 * jokers every natural qualifies (it and two jokers make a run).  With at
 * most one joker, a set needs 3 - jokers suits at its rank and a run
 * needs 3 - jokers naturals of its suit in some three consecutive
 * positions around the card. */
static gr_cards meldable(const gr_rummy_hand *hand, int flags)
{
    if (hand->jokers >= 2)
        return hand->once;
    gr_cards out = 0;
    unsigned m[4], nsuits[3] = { 0, 0, 0 };   /* ranks held in 1+, 2+, 3+ suits */
    for (int s = 0; s < 4; s++) {
        m[s] = (unsigned)(hand->once >> (13 * s)) & 0x1FFFu;
        nsuits[2] |= nsuits[1] & m[s];
        nsuits[1] |= nsuits[0] & m[s];
        nsuits[0] |= m[s];
    }
    unsigned sets = hand->jokers ? nsuits[1] : nsuits[2];
    for (int s = 0; s < 4; s++) {
        unsigned a = m[s];
        if (flags & GR_RUMMY_ACE_HIGH)
            a |= (a & 1u) << 13;   /* the ace after the king */
        unsigned b = a >> 1, c = a >> 2, w;
        w = hand->jokers ? (a & b) | (a & c) | (b & c) : a & b & c;
        unsigned run = (w | w << 1 | w << 2) & a;
        run = (run | run >> 13) & 0x1FFFu;
        out |= (gr_cards)((run | sets) & m[s]) << (13 * s);
    }
    return out;
}

int gr__rummy_value(const gr_rummy_hand *hand, int flags)
{
    /* the naturals no meld can hold play no part: solve without them */
    gr_cards keep = meldable(hand, flags);
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
    solved sv;
    if (gr__rummy_hand_count(&h) >= STRICT_FIRST) {
        /* big hands often meld completely, and the DP restricted to
         * arrangements that meld every natural is far smaller */
        if (solve(&h, flags, &sv, 1) != GR_OK)
            return GR_ENOMEM;
        if (sv.best == melded_all(&sv.hc, flags, h.jokers))
            return total - sv.best / 128;
    }
    if (solve(&h, flags, &sv, 0) != GR_OK)
        return GR_ENOMEM;
    return total - sv.best / 128;
}

int gr_rummy_value(const gr_rummy_hand *hand, int flags)
{
    if (!gr__rummy_hand_valid(hand) || !gr__rummy_flags_valid(flags))
        return GR_EINVAL;
    return gr__rummy_value(hand, flags);
}

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
    int nl = nlayers(pb);
    uint8_t mv[5 * MAXPOS + 2], jn[5 * MAXPOS + 2];
    uint32_t pkey[5 * MAXPOS + 2];
    trans t[MAXTRANS];
    uint32_t key = fkey;
    int k = fk, val = fval;
    for (int L = nl - 1; L >= 1; L--) {
        int p, step, found = 0;
        layer_step(pb, L, &p, &step);
        const layer *prev = &keep[L - 1];
        for (int i = 0; i < prev->n && !found; i++) {
            int nt = gen_trans(pb, prev->keys[i], p, step, t);
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
        layer_step(pb, L, &p, &step);
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
        const move_list *ml = get_moves(pb, suit_code(pkey[L], s), pb->cnt[s][p]);
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
                if (left.twice & b)
                    left.twice &= ~b;
                else
                    left.once &= ~b;
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
                if (left.twice & b)
                    left.twice &= ~b;
                else
                    left.once &= ~b;
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


int gr__rummy_arrange(const gr_rummy_hand *hand, int flags, gr_rummy_arrangement *out)
{
    solved *sv = malloc(sizeof *sv);
    if (sv == NULL)
        return GR_ENOMEM;
    if (solve(hand, flags, sv, 0) != GR_OK) {
        free(sv);
        return GR_ENOMEM;
    }
    problem *pb = &sv->pb;
    xout *x = malloc(sizeof *x);
    if (x == NULL) {
        free(sv);
        return GR_ENOMEM;
    }
    if (sv->which < 0) {
        set_pick pick;
        set_only_best(pb, sv->hc.cnt, &pick);
        x->nruns = x->nsets = 0;
        x->last = pb->npos - 1;
        for (int r = 0; r < 13; r++) {
            if (pick.sa[r]) {
                x->sets[x->nsets].rank = r;
                x->sets[x->nsets++].suits = pick.sa[r];
            }
            if (pick.sb[r]) {
                x->sets[x->nsets].rank = r;
                x->sets[x->nsets++].suits = pick.sb[r];
            }
        }
    } else {
        setup(pb, &sv->hc, sv->ac.h[sv->which], flags, hand->jokers);
        layer keep[5 * MAXPOS + 2];
        memset(keep, 0, sizeof keep);
        uint32_t fkey = 0;
        int fk = 0;
        int v = dp_solve(pb, keep, &fkey, &fk);
        if (v < 0) {
            free_layers(keep, 5 * MAXPOS + 2);
            free(x);
            free(sv);
            return GR_ENOMEM;
        }
        replay(pb, keep, fkey, fk, v - pb->J * (15 * 128 + 1), x);
        free_layers(keep, 5 * MAXPOS + 2);
    }
    place_jokers(x, hand->jokers);
    emit(hand, flags, x, out);
    free(x);
    free(sv);
    return out->unmelded_points;
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
