/*
 * rummy/reason.c: why a Rummy move or meld is refused.
 *
 * The engine's checks (table.c) stay as fast as they are; when one fails,
 * the public function asks this file for the reason of the first fault,
 * in a fixed order, and the status is the one that reason belongs to
 * (gr_reason_status).  So a bad meld gets the same reason and status from
 * gr_rummy_meld_check(), gr_rummy_game_play() and the position checks.
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/game.h"
#include "rummy/reason.h"

int gr__rmeld_reason(const gr_rummy_meld *m, int flags)
{
    if (!gr__rummy_meld_valid(m))
        return GR_REASON_BAD_CARD;
    gr_cards nat = m->cards & ~m->jokers;
    if (nat == 0)
        return GR_REASON_NO_NATURAL;
    if (gr__rmeld_kind(m->cards, flags))
        return GR_REASON_NONE;
    gr_cards any;
    int k = gr__popcount(m->jokers);
    if (k > 0 && gr__rmeld_completions(nat, k, flags, &any, 1) > 0)
        return GR_REASON_JOKER_FACE;
    return GR_REASON_RUMMY_NOT_A_MELD;
}

int gr_rummy_meld_check(const gr_rummy_meld *meld, int flags, int *reason)
{
    if (!meld)
        return gr__reason_put(reason, GR_REASON_NULL_ARGUMENT);
    if (!gr__rummy_flags_valid(flags))
        return gr__reason_put(reason, GR_REASON_BAD_VALUE);
    return gr__reason_put(reason, gr__rmeld_reason(meld, flags));
}

int gr_rummy_layoff_faces(const gr_rummy_meld *meld, int flags, gr_cards *out)
{
    int why = GR_REASON_NONE;
    int rc = gr_rummy_meld_check(meld, flags, &why);
    if (rc == GR_OK && !out)
        rc = GR_EINVAL;
    if (rc != GR_OK)
        return rc;
    *out = gr__rlayoff_faces(meld->cards, flags);
    return GR_OK;
}

/* true if the hand is not empty and holds only cards identical to
 * `taken` (as table.c's rule: the turn could not end) */
static bool stuck(const gr_rummy_hand *h, gr_card taken)
{
    if (taken == GR_NO_CARD || gr__rhand_count(h) == 0)
        return false;
    if (taken == GR_RUMMY_JOKER)
        return h->once == 0;
    return h->jokers == 0 && h->once == GR_CARD_BIT(taken);
}

static int form_reason(const gr_rummy_action *m)
{
    for (size_t i = 0; i < sizeof m->reserved / sizeof m->reserved[0]; i++)
        if (m->reserved[i] != 0)
            return GR_REASON_RESERVED_NOT_ZERO;
    switch (m->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
    case GR_RUMMY_ACT_DRAW_DISCARD:
        return GR_REASON_NONE;
    case GR_RUMMY_ACT_MELD:
        return gr__rummy_meld_valid(&m->meld) ? GR_REASON_NONE : GR_REASON_BAD_CARD;
    case GR_RUMMY_ACT_LAY_OFF:
        return m->card > GR_RUMMY_JOKER
            || (m->card == GR_RUMMY_JOKER && m->named >= GR_NCARDS)
            ? GR_REASON_BAD_CARD : GR_REASON_NONE;
    case GR_RUMMY_ACT_SWAP_JOKER:
        return m->card < GR_NCARDS ? GR_REASON_NONE : GR_REASON_BAD_CARD;
    case GR_RUMMY_ACT_DISCARD:
        return m->card <= GR_RUMMY_JOKER ? GR_REASON_NONE : GR_REASON_BAD_CARD;
    default:
        return GR_REASON_BAD_VALUE;
    }
}

static int meld_move_reason(const gr__rpos *pos, const gr_rummy_meld *meld,
                            gr_rummy_hand *h)
{
    int why = gr__rmeld_reason(meld, pos->flags);
    if (why != GR_REASON_NONE)
        return why;
    gr_cards nat = meld->cards & ~meld->jokers;
    if ((nat & ~h->once) || gr__popcount(meld->jokers) > h->jokers)
        return GR_REASON_NOT_IN_HAND;
    for (gr_cards r = nat; r; r &= r - 1)
        gr__rhand_remove(h, (gr_card)__builtin_ctzll(r));
    h->jokers -= gr__popcount(meld->jokers);
    return GR_REASON_NONE;
}

static int layoff_reason(const gr__rpos *pos, const gr_rummy_action *m,
                         gr_rummy_hand *h)
{
    if (m->target < 0 || m->target >= pos->nmelds)
        return GR_REASON_NO_SUCH_MELD;
    if (gr__rhand_has(h, m->card) == 0)
        return GR_REASON_NOT_IN_HAND;
    gr_cards fits = gr__rlayoff_faces(pos->melds[m->target].cards, pos->flags);
    gr_card face = m->card == GR_RUMMY_JOKER ? m->named : m->card;
    if (!(fits & GR_CARD_BIT(face)))
        return m->card == GR_RUMMY_JOKER && fits ? GR_REASON_JOKER_FACE
                                                 : GR_REASON_DOES_NOT_FIT;
    gr__rhand_remove(h, m->card);
    return GR_REASON_NONE;
}

int gr__ract_reason(const gr__rpos *pos, const gr_rummy_action *m)
{
    int why = form_reason(m);
    if (why != GR_REASON_NONE)
        return why;
    if (pos->phase != GR_RUMMY_PHASE_DRAW && pos->phase != GR_RUMMY_PHASE_PLAY)
        return GR_REASON_HAND_OVER;
    bool draw = m->type == GR_RUMMY_ACT_DRAW_STOCK
        || m->type == GR_RUMMY_ACT_DRAW_DISCARD;
    if (draw && pos->phase == GR_RUMMY_PHASE_PLAY)
        return GR_REASON_DRAWN_ALREADY;
    if (!draw && pos->phase == GR_RUMMY_PHASE_DRAW)
        return GR_REASON_DRAW_FIRST;
    gr_rummy_hand h = pos->hand;
    switch (m->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
        return pos->stock_size > 0 ? GR_REASON_NONE : GR_REASON_PILE_EMPTY;
    case GR_RUMMY_ACT_DRAW_DISCARD:
        if (pos->npile == 0)
            return GR_REASON_PILE_EMPTY;
        gr__rhand_add(&h, pos->pile_top);
        return stuck(&h, pos->pile_top) ? GR_REASON_DEAD_END : GR_REASON_NONE;
    case GR_RUMMY_ACT_MELD:
        why = meld_move_reason(pos, &m->meld, &h);
        break;
    case GR_RUMMY_ACT_LAY_OFF:
        why = layoff_reason(pos, m, &h);
        break;
    case GR_RUMMY_ACT_SWAP_JOKER:
        if (m->target < 0 || m->target >= pos->nmelds)
            return GR_REASON_NO_SUCH_MELD;
        if (gr__rhand_has(&h, m->card) == 0)
            return GR_REASON_NOT_IN_HAND;
        if (!(pos->melds[m->target].jokers & GR_CARD_BIT(m->card)))
            return GR_REASON_NO_JOKER_THERE;
        gr__rhand_remove(&h, m->card);
        h.jokers++;
        break;
    default:   /* GR_RUMMY_ACT_DISCARD */
        if (gr__rhand_has(&h, m->card) == 0)
            return GR_REASON_NOT_IN_HAND;
        return pos->taken != GR_NO_CARD && m->card == pos->taken
            ? GR_REASON_TAKEN_FROM_PILE : GR_REASON_NONE;
    }
    if (why != GR_REASON_NONE)
        return why;
    return stuck(&h, pos->taken) ? GR_REASON_DEAD_END : GR_REASON_NONE;
}

int gr_rummy_game_last_reason(const gr_rummy_game *game)
{
    return game ? game->last_reason : GR_EINVAL;
}
