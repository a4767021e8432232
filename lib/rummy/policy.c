/*
 * rummy/policy.c: the built-in playout policies of gr_rummy_game_playout
 * (GR_RUMMY_PLAYOUT_RANDOM, GR_RUMMY_PLAYOUT_BASIC), each deciding one
 * move from the game's state alone (so a playout may start at any step of
 * a turn).  Both read the hand as bit masks and never list the legal
 * moves; every move they make is one table.c accepts (each candidate is
 * checked by gr__ract_check, and the discard they fall back on always
 * is legal).
 *
 * ALGORITHM (BASIC), the first that applies:
 *   draw:  the pile's card if it is a joker, or melds with two held
 *          cards, or lays off on a table meld; else the stock.
 *   play:  1. one card left: discard it (or lay it off): out.
 *          2. a held face a table joker stands for: take the joker.
 *          3. the longest natural run of 3+, else a set of 3+ held suits.
 *          4. a natural layoff.
 *          5. with a joker: complete a pair or a near run (two cards of
 *             a 3-card window) with it; with two jokers, and no more
 *             than one other card, a set of that card; with one card
 *             left besides jokers, lay a joker off.
 *          6. discard the costliest card outside every pair and near run
 *             (else the costliest card), a joker only when nothing else
 *             may go.
 */
#include "common/bits.h"
#include "rummy/playout.h"

/* ---- shared -------------------------------------------------------------- */

static inline gr_card nth(gr_cards cards, int k)
{
    while (k-- > 0)
        cards &= cards - 1;
    return (gr_card)__builtin_ctzll(cards);
}

static void act(gr_rummy_action *a, int type, gr_card card, gr_card named,
                int target)
{
    gr__ract(a, type, card, named, target);
}

static bool legal(const gr__rpos *pos, const gr_rummy_action *a)
{
    return gr__ract_check(pos, a) == GR_OK;
}

/* a meld of the held faces `nat` plus jokers naming `jokers` */
static void meld_act(gr_rummy_action *a, gr_cards nat, gr_cards jokers)
{
    act(a, GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
    a->meld.cards = nat | jokers;
    a->meld.jokers = jokers;
}

/* The longest natural run of 3+ held faces (nat), ties to the lowest
 * suit; 0 if none. */
static gr_cards longest_run(gr_cards once, int flags)
{
    gr_cards best = 0;
    int best_len = 2;
    for (int s = 0; s < 4; s++) {
        gr_cards m = (once >> (13 * s)) & GR__SUIT13;
        gr_cards e = (flags & GR_RUMMY_ACE_HIGH) ? m | (m & 1) << 13 : m;
        while (e) {
            int lo = __builtin_ctzll(e);
            gr_cards seg = e >> lo;
            int len = __builtin_ctzll(~seg);
            if (len > best_len) {
                gr_cards run = (((gr_cards)1 << len) - 1) << lo;
                if (lo == 0 && len == 14)
                    run &= ~((gr_cards)1 << 13);   /* the ace once */
                best = ((run | run >> 13) & GR__SUIT13) << (13 * s);
                best_len = len;
            }
            e &= ~((((gr_cards)1 << len) - 1) << lo);
        }
    }
    return best;
}

/* the held suits of a rank held in 3+ suits (the lowest such rank) */
static gr_cards natural_set(gr_cards once)
{
    for (int r = 0; r < 13; r++) {
        gr_cards f = once & gr__rank_faces(r);
        if (gr__popcount(f) >= 3)
            return f;
    }
    return 0;
}

/* A meld through face f with at most nj jokers: its rank's held suits
 * (jokers naming the lowest missing suits up to 3), else the natural run
 * through it, else a window of 3 positions round it needing the fewest
 * jokers.  false if none. */
bool gr__rmeld_through(gr_cards once, int nj, int flags, gr_card f,
                       gr_cards *nat, gr_cards *jok)
{
    gr_cards rank = gr__rank_faces(GR_CARD_RANK(f));
    gr_cards held = once & rank;
    int n = gr__popcount(held);
    if (n >= 3) {
        *nat = held;
        *jok = 0;
        return true;
    }
    int s = GR_CARD_SUIT(f), shift = 13 * s;
    gr_cards m = (once >> shift) & GR__SUIT13;
    gr_cards e = (flags & GR_RUMMY_ACE_HIGH) ? m | (m & 1) << 13 : m;
    int pos[2] = { GR_CARD_RANK(f), GR_CARD_RANK(f) == 0 && (flags & GR_RUMMY_ACE_HIGH) ? 13 : -1 };
    for (int k = 0; k < 2; k++) {   /* the natural run through it */
        int p = pos[k];
        if (p < 0)
            continue;
        int lo = p, hi = p;
        while (lo > 0 && ((e >> (lo - 1)) & 1) && !(lo - 1 == 0 && hi == 13))
            lo--;
        while (hi < 13 && ((e >> (hi + 1)) & 1) && !(lo == 0 && hi + 1 == 13))
            hi++;
        if (hi - lo >= 2) {
            gr_cards run = (((gr_cards)1 << (hi - lo + 1)) - 1) << lo;
            *nat = ((run | run >> 13) & GR__SUIT13) << shift;
            *jok = 0;
            return true;
        }
    }
    if (nj <= 0)
        return false;
    if (n + nj >= 3) {   /* a set with jokers */
        gr_cards miss = rank & ~held, j = 0;
        for (int k = n; k < 3; k++) {
            j |= miss & (~miss + 1);
            miss &= miss - 1;
        }
        *nat = held;
        *jok = j;
        return true;
    }
    int best = 4;
    for (int k = 0; k < 2; k++) {   /* a 3-window round it */
        int p = pos[k];
        if (p < 0)
            continue;
        for (int lo = p - 2; lo <= p; lo++) {
            int top = (flags & GR_RUMMY_ACE_HIGH) ? 11 : 10;
            if (lo < 0 || lo > top)
                continue;
            gr_cards w = (gr_cards)7 << lo;
            int miss = 3 - gr__popcount(e & w);
            if (miss < best && miss <= nj) {
                best = miss;
                gr_cards hw = e & w, mw = w & ~e;
                *nat = ((hw | hw >> 13) & GR__SUIT13) << shift;
                *jok = ((mw | mw >> 13) & GR__SUIT13) << shift;
            }
        }
    }
    return best <= nj;
}

/* ---- GR_RUMMY_PLAYOUT_RANDOM ----------------------------------------------- */

/* the meld of the whole hand, if it is one: naturals of one rank or one
 * suit, jokers filling gaps then extending up, then down */
bool gr__rwhole_meld(const gr_rummy_hand *h, int flags, gr_cards *nat,
                     gr_cards *jok)
{
    if (h->twice || !h->once)
        return false;
    gr_cards once = h->once;
    int nj = h->jokers, n = gr__popcount(once);
    gr_card low = (gr_card)__builtin_ctzll(once);
    gr_cards rank = gr__rank_faces(GR_CARD_RANK(low));
    if ((once & ~rank) == 0) {
        if (n + nj < 3 || n + nj > 4)
            return false;
        gr_cards miss = rank & ~once, j = 0;
        for (int k = 0; k < nj; k++) {
            j |= miss & (~miss + 1);
            miss &= miss - 1;
        }
        *nat = once;
        *jok = j;
        return true;
    }
    int shift = 13 * GR_CARD_SUIT(low);
    gr_cards m = (once >> shift) & GR__SUIT13;
    if (once & ~(m << shift))
        return false;
    for (int high = 0; high < 1 + ((flags & GR_RUMMY_ACE_HIGH) != 0); high++) {
        gr_cards e = high ? (m & ~(gr_cards)1) | (m & 1) << 13 : m;
        int lo = __builtin_ctzll(e), hi = 63 - __builtin_clzll(e);
        int gaps = hi - lo + 1 - n;
        int extra = nj - gaps, top = high ? 13 : 12;
        if (gaps < 0 || extra < 0 || hi - lo + 1 + extra < 3)
            continue;
        int up = top - hi < extra ? top - hi : extra;
        int down = extra - up;
        if (down > lo - (high ? 1 : 0))
            continue;
        gr_cards span = (((gr_cards)1 << (hi + up - (lo - down) + 1)) - 1) << (lo - down);
        gr_cards jw = span & ~e;
        *nat = once;
        *jok = ((jw | jw >> 13) & GR__SUIT13) << shift;
        return gr__rmeld_kind(*nat | *jok, flags) != 0;
    }
    return false;
}

void gr__rpolicy_random(const gr_rummy_game *g, gr_rng *rng, gr_rummy_action *out)
{
    gr__rpos pos;
    gr__rgame_pos(g, &pos);
    gr_rummy_masks mk;
    if (pos.phase == GR_RUMMY_PHASE_DRAW) {
        bool pile = pos.npile > 0, stock = pos.stock_size > 0;
        if (pile) {
            gr_rummy_hand t = pos.hand;
            gr__rhand_add(&t, pos.pile_top);
            pile = !gr__rhand_stuck(&t, pos.pile_top);
        }
        if (pile && (!stock || gr__rng_below(rng, 2)))
            act(out, GR_RUMMY_ACT_DRAW_DISCARD, pos.pile_top, GR_NO_CARD, -1);
        else
            act(out, GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD, GR_NO_CARD, -1);
        return;
    }
    gr__rmasks(&pos, &mk);
    const gr_rummy_hand *h = &pos.hand;
    int count = gr__rhand_count(h);
    if (count == 1) {   /* out: the last card laid off, else discarded */
        gr_card c = h->jokers ? GR_RUMMY_JOKER : (gr_card)__builtin_ctzll(h->once);
        for (int i = 0; i < mk.nmelds; i++)
            if (c == GR_RUMMY_JOKER ? mk.joker_layoff[i] != 0
                                    : (mk.layoff[i] & GR_CARD_BIT(c)) != 0) {
                act(out, GR_RUMMY_ACT_LAY_OFF, c,
                    c == GR_RUMMY_JOKER ? (gr_card)__builtin_ctzll(mk.joker_layoff[i])
                                        : GR_NO_CARD, i);
                return;
            }
        act(out, GR_RUMMY_ACT_DISCARD, c, GR_NO_CARD, -1);
        return;
    }
    gr_cards nat, jok;
    if (count >= 3 && count <= 14 && gr__rwhole_meld(h, pos.flags, &nat, &jok)) {
        meld_act(out, nat, jok);
        if (legal(&pos, out))
            return;
    }
    int nd = gr__popcount(mk.discard) + mk.discard_joker;
    int nl = 0, ns = 0, nm = gr__popcount(mk.meld);
    for (int i = 0; i < mk.nmelds; i++) {
        nl += gr__popcount(mk.layoff[i]) + gr__popcount(mk.joker_layoff[i]);
        ns += gr__popcount(mk.swap[i]);
    }
    int k = (int)gr__rng_below(rng, (uint64_t)(nd + nl + ns + nm));
    if (k < nm) {
        gr_card f = nth(mk.meld, k);
        if (gr__rmeld_through(h->once, h->jokers, pos.flags, f, &nat, &jok)) {
            meld_act(out, nat, jok);
            if (legal(&pos, out))
                return;
        }
        k = nm + nl + ns + (int)gr__rng_below(rng, (uint64_t)nd);
    }
    k -= nm;
    for (int i = 0; i < mk.nmelds; i++) {
        int a = gr__popcount(mk.layoff[i]), b = gr__popcount(mk.joker_layoff[i]);
        if (k < a) {
            act(out, GR_RUMMY_ACT_LAY_OFF, nth(mk.layoff[i], k), GR_NO_CARD, i);
            return;
        }
        if (k < a + b) {
            act(out, GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER,
                nth(mk.joker_layoff[i], k - a), i);
            return;
        }
        k -= a + b;
    }
    for (int i = 0; i < mk.nmelds; i++) {
        int a = gr__popcount(mk.swap[i]);
        if (k < a) {
            act(out, GR_RUMMY_ACT_SWAP_JOKER, nth(mk.swap[i], k), GR_NO_CARD, i);
            return;
        }
        k -= a;
    }
    int a = gr__popcount(mk.discard);
    act(out, GR_RUMMY_ACT_DISCARD, k < a ? nth(mk.discard, k) : GR_RUMMY_JOKER,
        GR_NO_CARD, -1);
}

/* ---- GR_RUMMY_PLAYOUT_BASIC ------------------------------------------------ */

/* points of the faces, one each */
static int face_points(gr_card f, int flags)
{
    return gr__rcard_value(f, flags);
}

void gr__rpolicy_basic(const gr_rummy_game *g, gr_rummy_action *out)
{
    gr__rpos pos;
    gr__rgame_pos(g, &pos);
    const gr_rummy_hand *h = &pos.hand;
    int flags = pos.flags;
    if (pos.phase == GR_RUMMY_PHASE_DRAW) {
        if (pos.npile > 0) {
            gr_card t = pos.pile_top;
            bool want = t == GR_RUMMY_JOKER;
            if (!want && !(h->once & GR_CARD_BIT(t))) {
                gr_cards with = h->once | GR_CARD_BIT(t);
                want = (gr__rpattern_faces(with, 0, flags) & GR_CARD_BIT(t)) != 0;
                for (int i = 0; i < pos.nmelds && !want; i++)
                    want = (gr__rfits(pos.melds[i].cards, flags) & GR_CARD_BIT(t)) != 0;
            }
            act(out, GR_RUMMY_ACT_DRAW_DISCARD, t, GR_NO_CARD, -1);
            if ((want || pos.stock_size == 0) && legal(&pos, out))
                return;
        }
        act(out, GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD, GR_NO_CARD, -1);
        return;
    }
    gr_card taken = pos.taken;
    int count = gr__rhand_count(h);
    if (count == 1) {
        gr_card c = h->jokers ? GR_RUMMY_JOKER : (gr_card)__builtin_ctzll(h->once);
        act(out, GR_RUMMY_ACT_DISCARD, c, GR_NO_CARD, -1);
        if (legal(&pos, out))
            return;
    }
    /* 2. table jokers */
    for (int i = 0; i < pos.nmelds; i++)
        if (pos.melds[i].jokers & h->once) {
            act(out, GR_RUMMY_ACT_SWAP_JOKER,
                (gr_card)__builtin_ctzll(pos.melds[i].jokers & h->once), GR_NO_CARD, i);
            if (legal(&pos, out))
                return;
        }
    /* 3. natural melds */
    gr_cards nat = longest_run(h->once, flags);
    if (!nat)
        nat = natural_set(h->once);
    if (nat) {
        meld_act(out, nat, 0);
        if (legal(&pos, out))
            return;
    }
    /* 4. natural layoffs */
    for (int i = 0; i < pos.nmelds; i++) {
        gr_cards f = gr__rfits(pos.melds[i].cards, flags) & h->once;
        if (f) {
            act(out, GR_RUMMY_ACT_LAY_OFF, (gr_card)__builtin_ctzll(f), GR_NO_CARD, i);
            if (legal(&pos, out))
                return;
        }
    }
    /* 5. jokers */
    int nj = h->jokers;
    gr_cards partial = gr__rpattern_faces(h->once, 1, flags);
    if (nj > 0) {
        gr_cards jok;
        if (partial
            && gr__rmeld_through(h->once, 1, flags, (gr_card)__builtin_ctzll(partial),
                            &nat, &jok)) {
            meld_act(out, nat, jok);
            if (legal(&pos, out))
                return;
        }
        int naturals = count - nj;
        if (nj >= 2 && naturals >= 1 && naturals <= 2
            && gr__rmeld_through(h->once, 2, flags, (gr_card)__builtin_ctzll(h->once),
                            &nat, &jok)) {
            meld_act(out, nat, jok);
            if (legal(&pos, out))
                return;
        }
        if (naturals <= 1)
            for (int i = 0; i < pos.nmelds; i++) {
                gr_cards f = gr__rfits(pos.melds[i].cards, flags);
                if (f) {
                    act(out, GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER,
                        (gr_card)__builtin_ctzll(f), i);
                    if (legal(&pos, out))
                        return;
                }
            }
    }
    /* 6. the discard */
    gr_cards allowed = h->once & ~(taken < GR_NCARDS ? GR_CARD_BIT(taken) : 0);
    gr_cards pool = allowed & ~partial;
    if (!pool)
        pool = allowed;
    gr_card best = GR_RUMMY_JOKER;
    int best_pts = -1;
    for (gr_cards r = pool; r; r &= r - 1) {
        gr_card f = (gr_card)__builtin_ctzll(r);
        int p = face_points(f, flags) * 16 + GR_CARD_RANK(f);
        if (p > best_pts) {
            best_pts = p;
            best = f;
        }
    }
    act(out, GR_RUMMY_ACT_DISCARD, best, GR_NO_CARD, -1);
}
