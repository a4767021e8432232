/*
 * rummy/playout_random.c: hands played out under GR_RUMMY_PLAYOUT_RANDOM
 * at search speed.
 *
 * The moves are those policy.c's gr__rpolicy_random picks, from the same
 * random numbers (debug builds compare every move with it), and each is
 * made by game.c's gr__rgame_apply, the core of gr_rummy_game_play.  What
 * is saved is the work around the choice:
 *   - no position or masks are built: the draw reads the game's tops, and
 *     the play counts the candidates straight from the hand;
 *   - the faces that lay off on each table meld are kept for the whole
 *     playout and worked out again only for the meld a move changed;
 *   - the R4 dead-end guard (the card taken from the pile) can only bite
 *     when the hand holds fewer than two cards besides copies of that
 *     card: only then is the general path (gr__rpolicy_random) taken;
 *   - the popcounts are the CPU's instruction where it has one (an ifunc,
 *     as lib/gin/playout.c).
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

/* the faces laid off on each table meld, kept through a playout */
typedef struct fits_cache {
    gr_cards fits[GR_RUMMY_MAX_MELDS];
} fits_cache;

/* a meld of the held faces `nat` plus jokers naming `jokers` */
static void meld_act(gr_rummy_action *a, gr_cards nat, gr_cards jokers)
{
    gr__ract(a, GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
    a->meld.cards = nat | jokers;
    a->meld.jokers = jokers;
}

static bool meld_legal(const gr_rummy_game *g, const gr_rummy_action *a)
{
    gr__rpos pos;
    gr__rgame_pos(g, &pos);
    return gr__ract_check(&pos, a) == GR_OK;
}

/* the meld mask of gr__rmasks, for a hand whose guard (if any) was seen
 * to spare every single removal */
static GR__NOINLINE gr_cards meld_faces_guarded(const gr_rummy_game *g)
{
    gr__rpos pos;
    gr__rgame_pos(g, &pos);
    return gr__rmeld_faces(&pos);
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

/* One move of the RANDOM policy into *out.  pc: the popcount; nth: the
 * k-th lowest face of a mask. */
static GR__ALWAYS_INLINE void random_move(const gr_rummy_game *g,
                                          const fits_cache *fc, gr_rng *rng,
                                          gr_rummy_action *out,
                                          int (*pc)(gr_cards),
                                          gr_card (*nth)(gr_cards, int))
{
    const gr_rummy_hand *h = &g->hand[g->turn];
    if (g->phase == GR_RUMMY_PHASE_DRAW) {
        bool pile = g->npile > 0;
        gr_card top = pile ? g->pile[g->npile - 1] : GR_NO_CARD;
        if (pile) {
            gr_rummy_hand t = *h;
            gr__rhand_add(&t, top);
            pile = !gr__rhand_stuck(&t, top);
        }
        if (pile && (g->nstock == 0 || gr__rng_below(rng, 2)))
            gr__ract(out, GR_RUMMY_ACT_DRAW_DISCARD, top, GR_NO_CARD, -1);
        else
            gr__ract(out, GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD, GR_NO_CARD, -1);
        return;
    }
    gr_card taken = g->taken;
    gr_cards once = h->once;
    int nj = h->jokers, flags = g->flags;
    int count = pc(once) + pc(h->twice) + nj;
    bool guard = taken != GR_NO_CARD;
    if (guard && count - gr__rhand_has(h, taken) < 2) {
        gr__rpolicy_random(g, rng, out);   /* the guard may bite */
        return;
    }
    int nmelds = g->nmelds;
    if (count == 1) {   /* out: the last card laid off, else discarded */
        gr_card c = nj ? GR_RUMMY_JOKER : (gr_card)__builtin_ctzll(once);
        for (int i = 0; i < nmelds; i++)
            if (c == GR_RUMMY_JOKER ? fc->fits[i] != 0
                                    : (fc->fits[i] & GR_CARD_BIT(c)) != 0) {
                gr__ract(out, GR_RUMMY_ACT_LAY_OFF, c,
                         c == GR_RUMMY_JOKER ? (gr_card)__builtin_ctzll(fc->fits[i])
                                             : GR_NO_CARD, i);
                return;
            }
        gr__ract(out, GR_RUMMY_ACT_DISCARD, c, GR_NO_CARD, -1);
        return;
    }
    gr_cards nat, jok;
    if (count >= 3 && count <= 14 && one_kind(h) && gr__rwhole_meld(h, flags, &nat, &jok)) {
        meld_act(out, nat, jok);
        if (meld_legal(g, out))
            return;
    }
    /* no single removal can leave only copies of the card taken (the
     * guard above), so the masks are the plain bit operations */
    gr_cards discard = once & ~(taken < GR_NCARDS ? GR_CARD_BIT(taken) : 0);
    int discard_joker = nj > 0 && taken != GR_RUMMY_JOKER;
    gr_cards meld = count < 3 ? 0   /* a meld takes 3 cards */
        : guard && gr__rmeld_may_stick(h, taken) ? meld_faces_guarded(g)
        : gr__rpattern_faces(once, nj, flags);
    int nd = pc(discard) + discard_joker, nl = 0, ns = 0, nm = pc(meld);
    for (int i = 0; i < nmelds; i++) {
        nl += pc(fc->fits[i] & once) + (nj ? pc(fc->fits[i]) : 0);
        ns += pc(g->melds[i].jokers & once);
    }
    int k = (int)gr__rng_below(rng, (uint64_t)(nd + nl + ns + nm));
    if (k < nm) {
        gr_card f = nth(meld, k);
        if (gr__rmeld_through(once, nj, flags, f, &nat, &jok)) {
            meld_act(out, nat, jok);
            if (meld_legal(g, out))
                return;
        }
        k = nm + nl + ns + (int)gr__rng_below(rng, (uint64_t)nd);
    }
    k -= nm;
    for (int i = 0; i < nmelds; i++) {
        gr_cards lay = fc->fits[i] & once, jl = nj ? fc->fits[i] : 0;
        int a = pc(lay), b = pc(jl);
        if (k < a) {
            gr__ract(out, GR_RUMMY_ACT_LAY_OFF, nth(lay, k), GR_NO_CARD, i);
            return;
        }
        if (k < a + b) {
            gr__ract(out, GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER, nth(jl, k - a), i);
            return;
        }
        k -= a + b;
    }
    for (int i = 0; i < nmelds; i++) {
        gr_cards sw = g->melds[i].jokers & once;
        int a = pc(sw);
        if (k < a) {
            gr__ract(out, GR_RUMMY_ACT_SWAP_JOKER, nth(sw, k), GR_NO_CARD, i);
            return;
        }
        k -= a;
    }
    int a = pc(discard);
    gr__ract(out, GR_RUMMY_ACT_DISCARD, k < a ? nth(discard, k) : GR_RUMMY_JOKER,
             GR_NO_CARD, -1);
}

static GR__ALWAYS_INLINE int playout_body(gr_rummy_game *g, gr_rng *rng,
                                          bool record, long max_moves,
                                          int (*pc)(gr_cards),
                                          gr_card (*nth)(gr_cards, int))
{
    fits_cache fc;
    for (int i = 0; i < g->nmelds; i++)
        fc.fits[i] = gr__rfits(g->melds[i].cards, g->flags);
    gr_rummy_action a;
    for (long n = 0; n < max_moves && g->phase != GR_RUMMY_PHASE_OVER; n++) {
#ifdef GR_DEBUG
        gr_rng before = *rng;
#endif
        random_move(g, &fc, rng, &a, pc, nth);
#ifdef GR_DEBUG
        {   /* the move gr__rpolicy_random makes from the same numbers */
            gr_rummy_action ref;
            gr__rpolicy_random(g, &before, &ref);
            GR_ASSERT(memcmp(&ref, &a, sizeof a) == 0);
            GR_ASSERT(memcmp(&before, rng, sizeof before) == 0);
        }
#endif
        if (record && gr__rgame_reserve(g) != GR_OK)
            return GR_ENOMEM;
        gr__rgame_apply(g, &a, record);
        if (a.type == GR_RUMMY_ACT_MELD)
            fc.fits[g->nmelds - 1] = gr__rfits(a.meld.cards, g->flags);
        else if (a.type == GR_RUMMY_ACT_LAY_OFF)
            fc.fits[a.target] = gr__rfits(g->melds[a.target].cards, g->flags);
    }
    return GR_OK;
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

__attribute__((target("popcnt,bmi2")))
static int playout_hw(gr_rummy_game *g, gr_rng *rng, bool record, long max_moves)
{
    return playout_body(g, rng, record, max_moves, popcount_hw, nth_hw);
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
