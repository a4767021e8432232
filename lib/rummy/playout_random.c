/*
 * rummy/playout_random.c: hands played out under GR_RUMMY_PLAYOUT_RANDOM
 * at search speed.
 *
 * The moves are those policy.c's gr__rpolicy_random picks, from the same
 * random numbers (debug builds compare every move with it), and each is
 * made by game.c's apply core (gr__rgame_apply_inline, game.h), the core
 * of gr_rummy_game_play.  What is saved is the work around the choice:
 *   - no position or masks are built: the draw reads the game's tops, and
 *     the play counts the candidates straight from the hand;
 *   - the faces that lay off on each table meld are kept for the whole
 *     playout and worked out again only for the meld a move changed, and
 *     counted in layers (fits_cache), as are the faces the table's jokers
 *     stand for: a hand's layoffs and exchanges are counted by a popcount
 *     or two, the table melds gone through one by one only for the move
 *     picked among them;
 *   - the R4 dead-end guard (the card taken from the pile) can only bite
 *     when the hand holds fewer than two cards besides copies of that
 *     card: only then are the layoffs and exchanges filtered as gr__rmasks
 *     filters them (gr__runstuck);
 *   - the meld faces of the hand (gr__rpattern_faces, inline) are worked
 *     out before the test for a hand that is one meld: a hand holding a
 *     face in none of its melds is none (every face of a meld is in a
 *     meld of three), so that test is mostly one AND;
 *   - the apply core is inlined where each kind of move is chosen, so the
 *     compiler drops what does not concern that kind; the draws and the
 *     discard are passed to it as values, never written to memory; the
 *     generator's state is a local copy, kept in registers;
 *   - one comparison a move stands for both the move limit and the room in
 *     the history (every move counts one in g->nhistory, kept or not), and
 *     the hardware build is compiled once keeping the history and once
 *     not, so the loop never tests which;
 *   - the popcounts are the CPU's instruction where it has one (an ifunc,
 *     as lib/gin/playout.c).
 * Tried and measured slower: a branch-free draw, and a history entry
 * built in a local.
 *
 * ALGORITHM (one move, as gr__rpolicy_random):
 *   draw:  the pile's card (if taking it leaves a way to end the turn)
 *          or the stock by a coin, the one there is when only one is;
 *   play:  1. one card left: lay it off on the first meld it fits, else
 *             discard it: out;
 *          2. a hand of 3-14 cards that is one meld: meld it: out;
 *          3. k uniform among the discards, the layoffs (each face a held
 *             joker may stand for counted), the joker exchanges and the
 *             faces of the meld mask, in that order of counting: melds,
 *             layoffs by table meld, exchanges by table meld, discards; a
 *             meld face whose meld is refused becomes a uniform discard.
 */
#include "common/assert.h"
#include "common/bits.h"
#include "rummy/playout.h"

#include <string.h>

/* The faces laid off on each table meld, kept through a playout, and
 * what the count of the candidate moves needs from them: the faces that
 * lay off on more than j table melds (lay[j], j < nlay), those that more
 * than j table melds' jokers stand for (jok[j], j < njok), and the faces
 * a joker may stand for, melds counted apart (njl).  So a hand's layoffs
 * and exchanges are counted by a popcount a layer (one, mostly; none when
 * the hand meets neither lay[0] nor jok[0]), not a meld at a time. */
typedef struct fits_cache {
    gr_cards fits[GR_RUMMY_MAX_MELDS];
    gr_cards lay[GR_RUMMY_MAX_MELDS + 1];   /* (+1: layer_add's scratch) */
    gr_cards jok[GR_RUMMY_MAX_MELDS + 1];
    int nlay, njok, njl;
} fits_cache;

/* x added to the layered counts layer[0..*n-1] (of at most
 * GR_RUMMY_MAX_MELDS sets, x among them): a face of x in more than j - 1
 * of the sets before is in more than j now */
static void layer_add(gr_cards *layer, int *n, gr_cards x)
{
    int m = *n;
    layer[m] = 0;
    for (int j = m; j > 0; j--)
        layer[j] |= layer[j - 1] & x;
    layer[0] |= x;
    *n = m + (layer[m] != 0);
}

/* x, added before, taken out again: each face leaves its top layer */
static void layer_remove(gr_cards *layer, int *n, gr_cards x)
{
    int m = *n;
    for (int j = 0; j < m; j++)
        layer[j] &= ~(x & ~(j + 1 < m ? layer[j + 1] : 0));
    while (m > 0 && layer[m - 1] == 0)
        m--;
    *n = m;
}

static void fits_start(fits_cache *fc, const gr_rummy_game *g)
{
    fc->nlay = fc->njok = fc->njl = 0;
    for (int i = 0; i < g->nmelds; i++) {
        fc->fits[i] = gr__rfits(g->melds[i].cards, g->flags);
        layer_add(fc->lay, &fc->nlay, fc->fits[i]);
        layer_add(fc->jok, &fc->njok, g->melds[i].jokers);
        fc->njl += gr__popcount(fc->fits[i]);
    }
}

/* the cache after a move that changed the table (made already) */
static GR__NOINLINE void table_changed(fits_cache *fc, const gr_rummy_game *g,
                                       const gr_rummy_action *a)
{
    if (a->type == GR_RUMMY_ACT_SWAP_JOKER) {   /* its joker comes off */
        layer_remove(fc->jok, &fc->njok, GR_CARD_BIT(a->card));
        return;
    }
    int i = a->type == GR_RUMMY_ACT_MELD ? g->nmelds - 1 : a->target;
    gr_cards f = gr__rfits(g->melds[i].cards, g->flags);
    if (a->type == GR_RUMMY_ACT_MELD) {
        layer_add(fc->jok, &fc->njok, g->melds[i].jokers);
    } else {
        layer_remove(fc->lay, &fc->nlay, fc->fits[i]);
        fc->njl -= gr__popcount(fc->fits[i]);
        if (a->card == GR_RUMMY_JOKER)
            layer_add(fc->jok, &fc->njok, GR_CARD_BIT(a->named));
    }
    fc->fits[i] = f;
    layer_add(fc->lay, &fc->nlay, f);
    fc->njl += gr__popcount(f);
}

/* a meld of the held faces `nat` plus jokers naming `jokers` */
static void meld_act(gr_rummy_action *a, gr_cards nat, gr_cards jokers)
{
    gr__ract(a, GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
    a->meld.cards = nat | jokers;
    a->meld.jokers = jokers;
}

static GR__NOINLINE bool meld_legal(const gr_rummy_game *g, const gr_rummy_action *a)
{
    gr__rpos pos;
    gr__rgame_pos(g, &pos);
    return gr__ract_check(&pos, a) == GR_OK;
}

/* false if the hand cannot be one meld: a duplicate, or naturals of two
 * ranks and two suits (gr__rwhole_meld's first tests, inline) */
static inline bool one_kind(const gr_rummy_hand *h)
{
    if (h->twice || !h->once)
        return false;
    gr_card low = (gr_card)__builtin_ctzll(h->once);
    return (h->once & ~gr__rank_faces(GR_CARD_RANK(low))) == 0
        || (h->once & ~(GR__SUIT13 << (13 * GR_CARD_SUIT(low)))) == 0;
}

/* a rarer move made out of line */
static GR__NOINLINE void make_rare(gr_rummy_game *g, fits_cache *fc,
                                   gr_rummy_action a, bool record)
{
    gr__rgame_apply(g, &a, record);
    if (a.type == GR_RUMMY_ACT_MELD || a.type == GR_RUMMY_ACT_LAY_OFF
        || a.type == GR_RUMMY_ACT_SWAP_JOKER)
        table_changed(fc, g, &a);
}

/* A draw or a discard as a value, for make's hot path: no memset and no
 * address (gr__ract zeroes the padding too; here nothing reads it), so
 * the compiler keeps it in registers and drops what the apply core does
 * not read. */
static GR__ALWAYS_INLINE gr_rummy_action hot_act(int type, gr_card card)
{
    gr_rummy_action a = { .type = type, .card = card, .named = GR_NO_CARD,
                          .target = -1 };
    return a;
}

/* The move a, just chosen: compared in debug builds with the move
 * gr__rpolicy_random makes from the same numbers (*before: the generator
 * before the choice, *after: after it), then made by the apply core:
 * inline (hot: the draws and the discard of most plays, with the move's
 * type a constant) or out of line (the rarer moves: the loop stays
 * small).  By value: the hot moves never live in memory. */
static GR__ALWAYS_INLINE void make(gr_rummy_game *g, fits_cache *fc,
                                   gr_rummy_action a, bool record,
                                   const gr_rng *before, const gr_rng *after,
                                   bool hot)
{
#ifdef GR_DEBUG
    gr_rng ref_rng = *before;
    gr_rummy_action ref, mine;
    gr__rpolicy_random(g, &ref_rng, &ref);
    gr__ract(&mine, a.type, a.card, a.named, a.target);   /* (its padding zero) */
    mine.meld = a.meld;
    GR_ASSERT(memcmp(&ref, &mine, sizeof mine) == 0);
    GR_ASSERT(memcmp(&ref_rng, after, sizeof ref_rng) == 0);
#else
    (void)before;
    (void)after;
#endif
    if (hot) {
        gr__rgame_apply_inline(g, &a, record);
        if (a.type == GR_RUMMY_ACT_MELD || a.type == GR_RUMMY_ACT_LAY_OFF
            || a.type == GR_RUMMY_ACT_SWAP_JOKER)
            table_changed(fc, g, &a);
    } else {
        make_rare(g, fc, a, record);   /* (a copy: the move's own address
                                          * never leaves the loop) */
    }
}

/* the draw: the pile's card by a coin (when taking it leaves a way to end
 * the turn), else the stock */
static GR__ALWAYS_INLINE void draw_move(gr_rummy_game *g, fits_cache *fc,
                                        gr_rng *rng, bool record)
{
    const gr_rummy_hand *h = &g->hand[g->turn];
    gr_rng before = *rng;
    bool pile = g->npile > 0;
    gr_card top = pile ? g->pile[g->npile - 1] : GR_NO_CARD;
    if (pile)   /* not when the hand would hold only copies of it */
        pile = top == GR_RUMMY_JOKER ? h->once != 0
             : h->jokers != 0 || (h->once & ~GR_CARD_BIT(top)) != 0;
    if (pile && (g->nstock == 0 || gr__rng_coin(rng)))
        make(g, fc, hot_act(GR_RUMMY_ACT_DRAW_DISCARD, top), record, &before, rng, true);
    else
        make(g, fc, hot_act(GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD), record, &before, rng, true);
}

/* One move of the play phase, chosen as gr__rpolicy_random chooses it
 * and made.  pc: the popcount; nth: the k-th lowest face of a mask. */
static GR__ALWAYS_INLINE void play_move(gr_rummy_game *g, fits_cache *fc,
                                        gr_rng *rng, bool record,
                                        int (*pc)(gr_cards),
                                        gr_card (*nth)(gr_cards, int))
{
    const gr_rummy_hand *h = &g->hand[g->turn];
    gr_rng before = *rng;
    gr_rummy_action a;
    gr_card taken = g->taken;
    gr_cards once = h->once;
    int nj = h->jokers, flags = g->flags;
    int count = pc(once) + pc(h->twice) + nj;
    bool guard = taken != GR_NO_CARD;
    /* tight: the guard may bite (fewer than two cards besides copies of
     * the card taken); else no single removal can leave only copies of
     * it, and the masks are the plain bit operations */
    bool tight = guard && count - gr__rhand_has(h, taken) < 2;
    int nmelds = g->nmelds;
    if (count == 1) {   /* out: the last card laid off, else discarded
                         * (nothing is left to be stuck with) */
        gr_card c = nj ? GR_RUMMY_JOKER : (gr_card)__builtin_ctzll(once);
        for (int i = 0; i < nmelds; i++)
            if (c == GR_RUMMY_JOKER ? fc->fits[i] != 0
                                    : (fc->fits[i] & GR_CARD_BIT(c)) != 0) {
                gr__ract(&a, GR_RUMMY_ACT_LAY_OFF, c,
                         c == GR_RUMMY_JOKER ? (gr_card)__builtin_ctzll(fc->fits[i])
                                             : GR_NO_CARD, i);
                make(g, fc, a, record, &before, rng, false);
                return;
            }
        gr__ract(&a, GR_RUMMY_ACT_DISCARD, c, GR_NO_CARD, -1);
        make(g, fc, a, record, &before, rng, false);
        return;
    }
    gr_cards nat, jok;
    /* the faces in some meld of the hand; a hand that is one meld holds
     * no other face, so most hands are no whole meld by one test */
    gr_cards pattern = count < 3 ? 0 : gr__rpattern_faces_inline(once, nj, flags);
    if (count >= 3 && count <= 14 && (once & ~pattern) == 0 && one_kind(h)
        && gr__rwhole_meld(h, flags, &nat, &jok)) {
        gr_rummy_action m;   /* (apart: its address is taken) */
        meld_act(&m, nat, jok);
        if (meld_legal(g, &m)) {
            make(g, fc, m, record, &before, rng, false);
            return;
        }
    }
    gr_cards taken_bit = ((gr_cards)1 << (taken & 63)) & (0 - (gr_cards)(taken < GR_NCARDS));
    gr_cards discard = once & ~taken_bit;
    int discard_joker = nj > 0 && taken != GR_RUMMY_JOKER;
    bool joker_ok = nj > 0;
    if (tight && joker_ok) {
        gr_rummy_hand t = *h;
        t.jokers--;
        joker_ok = !gr__rhand_stuck(&t, taken);
    }
    /* stick: some meld could leave only copies of the card taken; else
     * every meld of the hand is legal (R4: the guard is the only rule a
     * meld of held cards can break) */
    bool stick = guard && gr__rmeld_may_stick(h, taken);
    gr_cards meld = count < 3 ? 0   /* a meld takes 3 cards */
        : stick ? gr__rmeld_faces_stuck(h, taken, flags) : pattern;
    int nd = pc(discard) + discard_joker, nl = 0, ns = 0, nm = pc(meld);
    if (!tight) {   /* by layers (fits_cache) */
        gr_cards x;
        for (int j = 0; j < fc->nlay && (x = fc->lay[j] & once) != 0; j++)
            nl += pc(x);
        nl += joker_ok ? fc->njl : 0;
        for (int j = 0; j < fc->njok && (x = fc->jok[j] & once) != 0; j++)
            ns += pc(x);
    } else {        /* a meld at a time, the guard's removals filtered */
        for (int i = 0; i < nmelds; i++) {
            gr_cards lay = gr__runstuck(h, taken, fc->fits[i] & once, false);
            gr_cards sw = gr__runstuck(h, taken, g->melds[i].jokers & once, true);
            nl += pc(lay) + (joker_ok ? pc(fc->fits[i]) : 0);
            ns += pc(sw);
        }
    }
    int k = (int)gr__rng_below(rng, (uint64_t)(nd + nl + ns + nm));
    if (k < nm) {
        gr_card f = nth(meld, k);
        if (gr__rmeld_through(once, nj, flags, f, &nat, &jok)) {
            gr_rummy_action m;
            meld_act(&m, nat, jok);
            GR_ASSERT(stick || meld_legal(g, &m));
            if (!stick || meld_legal(g, &m)) {
                make(g, fc, m, record, &before, rng, false);
                return;
            }
        }
        k = nm + nl + ns + (int)gr__rng_below(rng, (uint64_t)nd);
    }
    k -= nm;
    if (k < nl + ns) {
        for (int i = 0; i < nmelds; i++) {
            gr_cards lay = fc->fits[i] & once, jl = joker_ok ? fc->fits[i] : 0;
            if (tight)
                lay = gr__runstuck(h, taken, lay, false);
            int x = pc(lay), y = pc(jl);
            if (k < x) {
                gr__ract(&a, GR_RUMMY_ACT_LAY_OFF, nth(lay, k), GR_NO_CARD, i);
                make(g, fc, a, record, &before, rng, false);
                return;
            }
            if (k < x + y) {
                gr__ract(&a, GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER, nth(jl, k - x), i);
                make(g, fc, a, record, &before, rng, false);
                return;
            }
            k -= x + y;
        }
        for (int i = 0; i < nmelds; i++) {
            gr_cards sw = g->melds[i].jokers & once;
            if (tight)
                sw = gr__runstuck(h, taken, sw, true);
            int x = pc(sw);
            if (k < x) {
                gr__ract(&a, GR_RUMMY_ACT_SWAP_JOKER, nth(sw, k), GR_NO_CARD, i);
                make(g, fc, a, record, &before, rng, false);
                return;
            }
            k -= x;
        }
    }
    k -= nl + ns;   /* (the loops above return whenever k < nl + ns) */
    int x = pc(discard);
    make(g, fc, hot_act(GR_RUMMY_ACT_DISCARD, k < x ? nth(discard, k) : GR_RUMMY_JOKER),
         record, &before, rng, true);
}

static GR__ALWAYS_INLINE int playout_body(gr_rummy_game *g, gr_rng *rng,
                                          bool record, long max_moves,
                                          int (*pc)(gr_cards),
                                          gr_card (*nth)(gr_cards, int))
{
    fits_cache fc;
    fits_start(&fc, g);
    gr_rng r = *rng;   /* a local copy: no store to the game can change it */
    int rc = GR_OK;
    /* Every move counts one in g->nhistory (kept or not), so the moves
     * played are g->nhistory - its start: one test a move stands for the
     * count of max_moves and the room in the history, which is grown (or
     * the playout stopped) only when the test fails. */
    long stop = g->nhistory + (max_moves < GR_RUMMY_MAX_HAND_MOVES + 1L
                               ? max_moves : GR_RUMMY_MAX_HAND_MOVES + 1L);
    long lim = record && g->caphistory < stop ? g->caphistory : stop;
    while (g->phase != GR_RUMMY_PHASE_OVER) {
        if (g->nhistory >= lim) {
            if (g->nhistory >= stop)
                break;
            if (gr__rgame_grow(g) != GR_OK) {
                rc = GR_ENOMEM;
                break;
            }
            lim = g->caphistory < stop ? g->caphistory : stop;
        }
        if (g->phase == GR_RUMMY_PHASE_DRAW)
            draw_move(g, &fc, &r, record);
        else
            play_move(g, &fc, &r, record, pc, nth);
    }
    *rng = r;
    return rc;
}

static gr_card nth_soft(gr_cards cards, int k)
{
    while (k-- > 0)
        cards &= cards - 1;
    return (gr_card)__builtin_ctzll(cards);
}

int gr__rplayout_random_portable(gr_rummy_game *g, gr_rng *rng, bool record,
                                 long max_moves)
{
    return playout_body(g, rng, record, max_moves, gr__popcount, nth_soft);
}

#if defined(GR__HW_POPCOUNT)
__attribute__((target("popcnt,bmi2")))
static inline int popcount_hw(gr_cards cards)
{
    return __builtin_popcountll(cards);
}

/* the k-th lowest face by BMI2's parallel deposit */
__attribute__((target("popcnt,bmi2")))
static inline gr_card nth_hw(gr_cards cards, int k)
{
    return (gr_card)__builtin_ctzll(__builtin_ia32_pdep_di((gr_cards)1 << k, cards));
}

/* record a constant in each of the two copies: the loop tests it no more */
__attribute__((target("popcnt,bmi2")))
static int playout_hw(gr_rummy_game *g, gr_rng *rng, bool record, long max_moves)
{
    return record ? playout_body(g, rng, true, max_moves, popcount_hw, nth_hw)
                  : playout_body(g, rng, false, max_moves, popcount_hw, nth_hw);
}

/* the ifunc resolver: runs once, when the library is loaded */
__attribute__((used))
static int (*resolve_playout(void))(gr_rummy_game *, gr_rng *, bool, long)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2")
        ? playout_hw : gr__rplayout_random_portable;
}

int gr__rplayout_random(gr_rummy_game *g, gr_rng *rng, bool record, long max_moves)
    __attribute__((ifunc("resolve_playout")));
#else
int gr__rplayout_random(gr_rummy_game *g, gr_rng *rng, bool record, long max_moves)
{
    return gr__rplayout_random_portable(g, rng, record, max_moves);
}
#endif
