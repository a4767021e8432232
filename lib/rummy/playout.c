/*
 * rummy/playout.c: what a search needs from a Rummy hand: the legal moves
 * as fixed-size masks, a move played and the next masks written in one
 * call, redealing in place, and a hand played out under a built-in policy
 * (policy.c).
 *
 * Every move, the playouts' too, is checked by table.c's gr__ract_check
 * and made by game.c's gr__rgame_apply, the core of gr_rummy_game_play:
 * the rules are those of the per-move API.  The speed comes from the
 * masks (bit operations on the hand and each table meld, no list of
 * actions) and from policies that pick a move from them.
 */
#include "common/bits.h"
#include "rummy/playout.h"

#include <string.h>

/* ---- card patterns --------------------------------------------------------- */

gr_cards gr__rfits(gr_cards cards, int flags)
{
    gr_card low = (gr_card)__builtin_ctzll(cards);
    gr_cards rank = gr__rank_faces(GR_CARD_RANK(low));
    if ((cards & ~rank) == 0)
        return rank & ~cards;   /* a set: its missing suits */
    int shift = 13 * GR_CARD_SUIT(low);
    gr_cards m = (cards >> shift) & GR__SUIT13;
    if ((flags & GR_RUMMY_ACE_HIGH) && (m & 0x1001))
        return gr__rlayoff_faces(cards, flags);   /* the ace may wrap */
    return (((m << 1) | (m >> 1)) & ~m & GR__SUIT13) << shift;
}

/* ---- masks ------------------------------------------------------------------ */

/* true if the whole hand (naturals once, nj jokers) is one meld under
 * some naming of its jokers (R3): one rank in at most 4 cards, or one
 * suit in at most 13 with the jokers filling the gaps (the ace high
 * too, with GR_RUMMY_ACE_HIGH) */
static bool whole_is_meld(gr_cards once, int nj, int flags)
{
    int n = gr__popcount(once), total = n + nj;
    if (n == 0 || total < 3)
        return false;
    gr_card low = (gr_card)__builtin_ctzll(once);
    if ((once & ~gr__rank_faces(GR_CARD_RANK(low))) == 0 && total <= 4)
        return true;
    int shift = 13 * GR_CARD_SUIT(low);
    gr_cards m = (once >> shift) & GR__SUIT13;
    if ((once & ~(m << shift)) || total > 13)
        return false;
    bool high = (flags & GR_RUMMY_ACE_HIGH) && (m & 1);
    for (int k = 0; k <= high; k++) {
        gr_cards e = k ? (m & ~(gr_cards)1) | (gr_cards)1 << 13 : m;
        int span = 64 - __builtin_clzll(e) - __builtin_ctzll(e);
        if (span - n <= nj)
            return true;
    }
    return false;
}

/* The meld mask of a hand for which gr__rmeld_may_stick holds: the faces
 * of the legal melds.  A meld leaves the hand stuck only if it holds
 * every card but copies of the card taken (every joker too, unless a
 * joker was taken) and not all of those copies; so the legal ones are
 * those that leave out some other card (the melds of the hand less that
 * card: gr__rpattern_faces) and the whole hand. */
gr_cards gr__rmeld_faces_stuck(const gr_rummy_hand *h, gr_card taken, int flags)
{
    gr_cards t = taken < GR_NCARDS ? GR_CARD_BIT(taken) : 0;
    gr_cards once = h->once, faces = 0;
    for (gr_cards r = once & ~t; r; r &= r - 1)
        faces |= gr__rpattern_faces(once & ~(r & (~r + 1)), h->jokers, flags);
    if (taken != GR_RUMMY_JOKER && h->jokers > 0)   /* leaving out a joker */
        faces |= gr__rpattern_faces(once, h->jokers - 1, flags);
    if (!(h->twice & t) && whole_is_meld(once, h->jokers, flags))
        faces |= once;   /* (no duplicate: the whole hand may be a meld) */
    return faces;
}

void gr__rmasks(const gr__rpos *pos, gr_rummy_masks *m)
{
    const gr_rummy_hand *h = &pos->hand;
    m->types = 0;
    m->top = pos->npile > 0 ? pos->pile_top : GR_NO_CARD;
    m->taken = pos->taken;
    m->discard_joker = 0;
    m->hand = *h;
    m->discard = 0;
    m->meld = 0;
    m->nmelds = 0;
    memset(m->reserved, 0, sizeof m->reserved);
    if (pos->phase == GR_RUMMY_PHASE_DRAW) {
        if (pos->stock_size > 0)
            m->types |= 1u << GR_RUMMY_ACT_DRAW_STOCK;
        if (pos->npile > 0) {
            gr_rummy_hand t = *h;
            gr__rhand_add(&t, pos->pile_top);
            if (!gr__rhand_stuck(&t, pos->pile_top))
                m->types |= 1u << GR_RUMMY_ACT_DRAW_DISCARD;
        }
        return;
    }
    if (pos->phase != GR_RUMMY_PHASE_PLAY)
        return;
    gr_card taken = pos->taken;
    bool guard = taken != GR_NO_CARD;
    m->nmelds = pos->nmelds;
    m->discard = h->once & ~(taken < GR_NCARDS ? GR_CARD_BIT(taken) : 0);
    m->discard_joker = h->jokers > 0 && taken != GR_RUMMY_JOKER;
    if (m->discard || m->discard_joker)
        m->types |= 1u << GR_RUMMY_ACT_DISCARD;
    bool joker_ok = h->jokers > 0;
    if (joker_ok && guard) {
        gr_rummy_hand t = *h;
        t.jokers--;
        joker_ok = !gr__rhand_stuck(&t, taken);
    }
    gr_cards any_lay = 0, any_swap = 0;
    for (int i = 0; i < pos->nmelds; i++) {
        gr_cards fits = gr__rfits(pos->melds[i].cards, pos->flags);
        gr_cards lay = fits & h->once, sw = pos->melds[i].jokers & h->once;
        if (guard) {
            lay = gr__runstuck(h, taken, lay, false);
            sw = gr__runstuck(h, taken, sw, true);
        }
        m->layoff[i] = lay;
        m->joker_layoff[i] = joker_ok ? fits : 0;
        m->swap[i] = sw;
        any_lay |= lay | m->joker_layoff[i];
        any_swap |= sw;
    }
    if (any_lay)
        m->types |= 1u << GR_RUMMY_ACT_LAY_OFF;
    if (any_swap)
        m->types |= 1u << GR_RUMMY_ACT_SWAP_JOKER;
    m->meld = gr__rhand_count(h) < 3 ? 0   /* a meld takes 3 cards */
        : guard && gr__rmeld_may_stick(h, taken) ? gr__rmeld_faces_stuck(h, taken, pos->flags)
        : gr__rpattern_faces(h->once, h->jokers, pos->flags);
    if (m->meld)
        m->types |= 1u << GR_RUMMY_ACT_MELD;
}

int gr_rummy_game_legal_masks(const gr_rummy_game *game, gr_rummy_masks *out)
{
    if (!game || !out)
        return GR_EINVAL;
    gr__rpos pos;
    gr__rgame_pos(game, &pos);
    gr__rmasks(&pos, out);
    return GR_OK;
}

int gr_rummy_game_step(gr_rummy_game *game, const gr_rummy_action *move,
                       gr_rummy_masks *next)
{
    int rc = gr_rummy_game_play(game, move);
    if (rc != GR_OK || !next)
        return rc;
    gr__rpos pos;
    gr__rgame_pos(game, &pos);
    gr__rmasks(&pos, next);
    return GR_OK;
}

/* ---- redeal and playout ------------------------------------------------- */

int gr_rummy_game_redeal(gr_rummy_game *game, uint64_t seed, int dealer)
{
    if (!game || dealer < 0 || dealer >= game->nplayers)
        return GR_EINVAL;
    gr_card deck[GR_RUMMY_MAX_CARDS];
    gr__rgame_deck_shuffled(game, seed, deck);
    gr__rgame_redeal_deck(game, deck, dealer);
    return GR_OK;
}

/* FNV-1a over what BASIC decides from once a turnover is made: the
 * hands, the table, the stock and pile in order, the seat to play */
static uint64_t turnover_digest(const gr_rummy_game *g)
{
    uint64_t h = 0xCBF29CE484222325ull;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 0x100000001B3ull)
    for (int p = 0; p < g->nplayers; p++) {
        MIX(g->hand[p].once);
        MIX(g->hand[p].twice);
        MIX(g->hand[p].jokers);
    }
    for (int i = 0; i < g->nmelds; i++) {
        MIX(g->melds[i].cards);
        MIX(g->melds[i].jokers);
    }
    for (int i = 0; i < g->nstock; i++)
        MIX(g->stock[i]);
    for (int i = 0; i < g->npile; i++)
        MIX(g->pile[i]);
    MIX(g->turn);
    MIX(g->nmelds);
#undef MIX
    return h;
}

/* BASIC is a function of the game's state, so a state that comes back
 * at a later turnover would come back for ever (until the hand-length
 * limit voids the hand).  The turnovers' states are compared as Brent's
 * cycle finding does (with the one saved at turnovers 1, 2, 4, 8, ...),
 * and once one repeats the rest of the hand is played by RANDOM. */
int gr__rplayout(gr_rummy_game *g, int policy, gr_rng *rng, bool record,
                 long max_moves)
{
    if (policy == GR_RUMMY_PLAYOUT_RANDOM)
        return gr__rplayout_random(g, rng, record, max_moves);
    gr_rummy_action a;
    uint64_t saved = 0;
    int turnovers = g->turnovers, lam = 0, power = 1;
    bool have = false;
    for (long n = 0; n < max_moves && g->phase != GR_RUMMY_PHASE_OVER; n++) {
        gr__rpolicy_basic(g, &a);
        if (record && gr__rgame_reserve(g) != GR_OK)
            return GR_ENOMEM;
        gr__rgame_apply(g, &a, record);
        if (g->turnovers == turnovers || g->phase == GR_RUMMY_PHASE_OVER)
            continue;
        turnovers = g->turnovers;
        uint64_t d = turnover_digest(g);
        if (have && d == saved)   /* a cycle: RANDOM breaks it */
            return gr__rplayout_random(g, rng, record, max_moves - n - 1);
        if (!have || ++lam == power) {
            saved = d;
            have = true;
            power *= 2;
            lam = 0;
        }
    }
    return GR_OK;
}

int gr_rummy_game_playout(gr_rummy_game *game, int policy, uint64_t seed,
                          gr_rummy_result *out)
{
    if (!game || (policy != GR_RUMMY_PLAYOUT_RANDOM
                  && policy != GR_RUMMY_PLAYOUT_BASIC))
        return GR_EINVAL;
    gr_rng rng;
    gr__rng_seed(&rng, seed);
    int rc = gr__rplayout(game, policy, &rng, true, GR_RUMMY_MAX_HAND_MOVES + 1L);
    if (rc != GR_OK)
        return rc;
    return out ? gr_rummy_game_result(game, out) : GR_OK;
}
