/*
 * rummy/view.c: what one seat may know (R8), and the legal moves worked
 * out from that alone (for bots and for the proof that views suffice).
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/game.h"

#include <string.h>

int gr_rummy_game_view(const gr_rummy_game *game, int player, gr_rummy_view *out)
{
    if (!game || !out || player < 0 || player >= game->nplayers)
        return GR_EINVAL;
    memset(out, 0, sizeof *out);
    out->player = player;
    out->nplayers = game->nplayers;
    out->dealer = game->dealer;
    out->turn = game->turn;
    out->phase = game->phase;
    out->ace_high = game->flags & GR_RUMMY_ACE_HIGH ? 1 : 0;
    out->hand = game->hand[player];
    out->taken = game->taken;
    for (int p = 0; p < game->nplayers; p++) {
        out->counts[p] = gr__rhand_count(&game->hand[p]);
        out->known[p] = game->known[p];
    }
    out->nmelds = game->nmelds;
    memcpy(out->melds, game->melds, (size_t)game->nmelds * sizeof out->melds[0]);
    memcpy(out->owner, game->owner, (size_t)game->nmelds * sizeof out->owner[0]);
    out->stock_size = game->nstock;
    out->turnovers = game->turnovers;
    out->ndiscards = game->npile;
    memcpy(out->discards, game->pile, (size_t)game->npile);
    return GR_OK;
}

/* GR_OK if the view could have come from gr_rummy_game_view() as far as
 * the legal moves, the bots and the move text need it */
int gr__rview_check(const gr_rummy_view *v)
{
    if (v->nplayers < 2 || v->nplayers > GR_RUMMY_MAX_PLAYERS
        || v->player < 0 || v->player >= v->nplayers
        || v->turn < 0 || v->turn >= v->nplayers
        || v->dealer < 0 || v->dealer >= v->nplayers
        || v->turnovers < 0
        || v->phase < GR_RUMMY_PHASE_DRAW || v->phase > GR_RUMMY_PHASE_OVER
        || (v->ace_high != 0 && v->ace_high != 1)
        || !gr__rhand_valid(&v->hand)
        || (v->taken != GR_NO_CARD && v->taken > GR_RUMMY_JOKER)
        || v->nmelds < 0 || v->nmelds > GR_RUMMY_MAX_MELDS
        || v->ndiscards < 0 || v->ndiscards > GR_RUMMY_MAX_CARDS
        || v->stock_size < 0 || v->stock_size > GR_RUMMY_MAX_CARDS)
        return GR_EINVAL;
    for (size_t i = 0; i < sizeof v->reserved / sizeof v->reserved[0]; i++)
        if (v->reserved[i] != 0)
            return GR_EINVAL;
    for (int p = 0; p < GR_RUMMY_MAX_PLAYERS; p++)
        if (v->counts[p] < 0 || v->counts[p] > GR_RUMMY_MAX_CARDS
            || !gr__rhand_valid(&v->known[p]))
            return GR_EINVAL;
    /* every table meld a legal set or run with a natural card (R3, R5):
     * an empty or illegal meld could not have come from a game */
    for (int i = 0; i < v->nmelds; i++)
        if (!gr__cards_valid(v->melds[i].cards)
            || (v->melds[i].jokers & ~v->melds[i].cards)
            || gr__rummy_meld_kind(v->melds[i].cards, v->melds[i].jokers,
                                   v->ace_high ? GR_RUMMY_ACE_HIGH : 0) == 0
            || v->owner[i] < 0 || v->owner[i] >= v->nplayers)
            return GR_EINVAL;
    /* no more jokers, and no face more often, in sight than the decks can
     * hold (R1: two decks at most) */
    int jokers = v->hand.jokers;
    gr_cards once = v->hand.once, twice = v->hand.twice, thrice = 0;
    for (int i = 0; i < v->nmelds; i++) {
        jokers += gr__popcount(v->melds[i].jokers);
        gr_cards natural = v->melds[i].cards & ~v->melds[i].jokers;
        thrice |= twice & natural;
        twice |= once & natural;
        once |= natural;
    }
    for (int i = 0; i < v->ndiscards; i++) {
        if (v->discards[i] > GR_RUMMY_JOKER)
            return GR_EINVAL;
        if (v->discards[i] == GR_RUMMY_JOKER) {
            jokers++;
            continue;
        }
        gr_cards bit = GR_CARD_BIT(v->discards[i]);
        thrice |= twice & bit;
        twice |= once & bit;
        once |= bit;
    }
    if (jokers > GR_RUMMY_MAX_JOKERS || thrice != 0)
        return GR_EINVAL;
    return GR_OK;
}

int gr__rview_pos(const gr_rummy_view *view, gr__rpos *pos)
{
    int rc = gr__rview_check(view);
    if (rc != GR_OK)
        return rc;
    pos->phase = view->turn == view->player ? view->phase : GR_RUMMY_PHASE_OVER;
    pos->flags = view->ace_high ? GR_RUMMY_ACE_HIGH : 0;
    pos->hand = view->hand;
    pos->taken = view->taken;
    pos->nmelds = view->nmelds;
    pos->melds = view->melds;
    pos->stock_size = view->stock_size;
    pos->npile = view->ndiscards;
    pos->pile_top = view->ndiscards ? view->discards[view->ndiscards - 1]
                                    : GR_NO_CARD;
    return GR_OK;
}

int gr_rummy_view_legal_moves(const gr_rummy_view *view, gr_rummy_action *out,
                              size_t cap)
{
    if (!view || (!out && cap > 0))
        return GR_EINVAL;
    gr__rpos pos;
    int rc = gr__rview_pos(view, &pos);
    if (rc != GR_OK)
        return rc;
    return gr__rlegal(&pos, out, cap);
}

void gr__rview_apply(gr_rummy_view *v, const gr_rummy_action *a, gr_card drawn)
{
    int p = v->player;
    switch (a->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
        gr__rhand_add(&v->hand, drawn);
        v->stock_size--;
        v->counts[p]++;
        v->phase = GR_RUMMY_PHASE_PLAY;
        return;
    case GR_RUMMY_ACT_DRAW_DISCARD: {
        gr_card c = v->discards[--v->ndiscards];
        gr__rhand_add(&v->hand, c);
        gr__rhand_add(&v->known[p], c);
        v->counts[p]++;
        v->taken = c;
        v->phase = GR_RUMMY_PHASE_PLAY;
        return;
    }
    case GR_RUMMY_ACT_MELD:
        if (v->nmelds >= GR_RUMMY_MAX_MELDS)
            return;   /* a crafted view's full table: callers refuse it */
        break;
    default:
        break;
    }
    int before = gr__rhand_count(&v->hand), nmelds = v->nmelds;
    gr__rplay(&v->hand, &v->known[p], v->melds, &v->nmelds, a);
    v->counts[p] += gr__rhand_count(&v->hand) - before;
    if (v->nmelds > nmelds)
        v->owner[nmelds] = p;
    /* a crafted view's pile may be full: the card is then not shown */
    if (a->type == GR_RUMMY_ACT_DISCARD && v->ndiscards < GR_RUMMY_MAX_CARDS)
        v->discards[v->ndiscards++] = a->card;
    if (gr__rhand_count(&v->hand) == 0) {   /* R7: out */
        v->phase = GR_RUMMY_PHASE_OVER;
        v->taken = GR_NO_CARD;
    } else if (a->type == GR_RUMMY_ACT_DISCARD) {
        v->taken = GR_NO_CARD;
        v->turn = (p + 1) % v->nplayers;
        v->phase = GR_RUMMY_PHASE_DRAW;
    }
}
