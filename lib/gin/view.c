/*
 * view.c: reading a game: the plain queries (phase, turn, hand, pile,
 * history, result; moved out of game.c) and what one player may know (G12).
 *
 * A view is built only from public facts and the player's own cards: his
 * hand, the discard pile, the stock size, the opponent's card count, the
 * cards the opponent took from the pile and still holds, and (once the
 * hand is over by a knock or gin) the opponent's laid-down hand.  The
 * stock order and the opponent's other cards never enter it.
 */
#include "common/bits.h"
#include "gin/game.h"

#include <string.h>

/* ---- queries --------------------------------------------------------------- */

int gr_game_phase(const gr_game *game)
{
    return game ? game->phase : GR_EINVAL;
}

int gr_game_turn(const gr_game *game)
{
    return game ? game->turn : GR_EINVAL;
}

int gr_game_dealer(const gr_game *game)
{
    return game ? game->dealer : GR_EINVAL;
}

int gr_game_hand(const gr_game *game, int player, gr_cards *out)
{
    if (!game || !out || (player != 0 && player != 1))
        return GR_EINVAL;
    *out = game->hand[player];
    return GR_OK;
}

int gr_game_discards(const gr_game *game, gr_card *out, size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    size_t n = (size_t)game->npile < cap ? (size_t)game->npile : cap;
    if (n)
        memcpy(out, game->pile, n * sizeof *out);
    return game->npile;
}

int gr_game_stock_size(const gr_game *game)
{
    return game ? game->nstock : GR_EINVAL;
}

int gr_game_upcard(const gr_game *game, gr_card *out)
{
    if (!game || !out)
        return GR_EINVAL;
    if (game->npile == 0)
        return GR_ESTATE;
    *out = gr__top_of(game->pile, game->npile);
    return GR_OK;
}

int gr_game_knock_limit(const gr_game *game)
{
    return game ? game->knock_limit : GR_EINVAL;
}

int gr_game_history(const gr_game *game, gr_move *out, size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    size_t n = (size_t)game->nhistory < cap ? (size_t)game->nhistory : cap;
    if (n)
        memcpy(out, game->history, n * sizeof *out);
    return game->nhistory;
}

int gr_game_result(const gr_game *game, gr_hand_result *out)
{
    if (!game || !out)
        return GR_EINVAL;
    if (game->phase != GR_PHASE_OVER)
        return GR_ESTATE;
    *out = game->result;
    return GR_OK;
}

/* ---- the view ------------------------------------------------------------- */

/* The move types the player to act may have in each phase (bit per type). */
static unsigned phase_moves(int phase)
{
    switch (phase) {
    case GR_PHASE_UPCARD:
        return 1u << GR_MOVE_TAKE_UPCARD | 1u << GR_MOVE_PASS;
    case GR_PHASE_DRAW:
        return 1u << GR_MOVE_DRAW_STOCK | 1u << GR_MOVE_DRAW_DISCARD;
    case GR_PHASE_DISCARD:
        return 1u << GR_MOVE_DISCARD | 1u << GR_MOVE_KNOCK | 1u << GR_MOVE_GIN
             | 1u << GR_MOVE_BIG_GIN;
    case GR_PHASE_WALL:
        return 1u << GR_MOVE_DRAW_DISCARD | 1u << GR_MOVE_PASS;
    default:
        return 0;
    }
}

/* The reason a view is not one gr_game_view() could have written, as far
 * as the rules do not enter (they are not in the view), or
 * GR_REASON_NONE.  Every function that takes a view calls it first. */
static int view_reason(const gr_view *v)
{
    if (!GR__RESERVED_ZERO(v))
        return GR_REASON_RESERVED_NOT_ZERO;
    if ((v->player != 0 && v->player != 1) || (v->turn != 0 && v->turn != 1)
        || (v->dealer != 0 && v->dealer != 1)
        || v->phase < GR_PHASE_UPCARD || v->phase > GR_PHASE_WALL
        || v->knock_limit < 0 || v->knock_limit > 10
        || v->nlegal < 0 || v->nlegal > GR_MAX_MOVES
        || v->ndiscards < 0 || v->ndiscards > GR_NCARDS
        || v->stock_size < 0 || v->stock_size > GR_NCARDS
        || v->opponent_count < 0 || v->opponent_count > 11)
        return GR_REASON_BAD_VALUE;
    if (!gr__cards_valid(v->hand) || !gr__cards_valid(v->opponent_known))
        return GR_REASON_BAD_CARD;
    /* every card in one place at most */
    gr_cards seen = v->hand;
    if (seen & v->opponent_known)
        return GR_REASON_CARDS_UNACCOUNTED;
    seen |= v->opponent_known;
    for (int i = 0; i < v->ndiscards; i++) {
        if (v->discards[i] >= GR_NCARDS)
            return GR_REASON_BAD_CARD;
        if (seen & GR_CARD_BIT(v->discards[i]))
            return GR_REASON_CARDS_UNACCOUNTED;
        seen |= GR_CARD_BIT(v->discards[i]);
    }
    /* the hands fit the phase: 10 each, 11 for the player to act in the
     * discard phase; once over, 10 or 11 each (big gin), not both 11 */
    int mine = gr__popcount(v->hand), theirs = v->opponent_count;
    bool over = v->phase == GR_PHASE_OVER;
    int want_mine = v->phase == GR_PHASE_DISCARD && v->turn == v->player ? 11 : 10;
    int want_theirs = v->phase == GR_PHASE_DISCARD && v->turn != v->player ? 11 : 10;
    if (over ? mine < 10 || theirs < 10 || mine + theirs > 21
             : mine != want_mine || theirs != want_theirs)
        return GR_REASON_CARD_COUNT;
    if (gr__popcount(v->opponent_known) > theirs)
        return GR_REASON_CARD_COUNT;
    /* the 52 cards: hands, pile and stock */
    if (mine + theirs + v->ndiscards + v->stock_size != GR_NCARDS)
        return GR_REASON_CARDS_UNACCOUNTED;
    /* the pile and the stock fit the phase: the upcard alone on the pile
     * (G9); a card to draw (G16 ends or turns the pile over first); the
     * wall's discard on the pile and the stock at its end (G38) */
    if ((v->phase == GR_PHASE_UPCARD && v->ndiscards != 1)
        || (v->phase == GR_PHASE_DRAW && v->stock_size < 1)
        || (v->phase == GR_PHASE_WALL && (v->ndiscards < 1 || v->stock_size > 2)))
        return GR_REASON_CARD_COUNT;
    /* the legal moves: only for the player to act in a hand in play, of
     * the phase's types, each once, naming a card of his hand or the top
     * of the pile (GR_NO_CARD there too: the card is not read) */
    if (v->nlegal > 0 && (over || v->turn != v->player))
        return GR_REASON_BAD_VALUE;
    unsigned allowed = phase_moves(v->phase), plain = 0;
    gr_cards named[GR_MOVE_BIG_GIN + 1] = { 0 };
    gr_card top = v->ndiscards > 0 ? v->discards[v->ndiscards - 1] : GR_NO_CARD;
    for (int i = 0; i < v->nlegal; i++) {
        const gr_move *m = &v->legal[i];
        if (!GR__RESERVED_ZERO(m))
            return GR_REASON_RESERVED_NOT_ZERO;
        if (m->type < GR_MOVE_TAKE_UPCARD || m->type > GR_MOVE_BIG_GIN
            || !(allowed >> m->type & 1))
            return GR_REASON_BAD_VALUE;
        switch (m->type) {
        case GR_MOVE_DISCARD: case GR_MOVE_KNOCK: case GR_MOVE_GIN:
            if (m->card >= GR_NCARDS)
                return GR_REASON_BAD_CARD;
            if (!(v->hand & GR_CARD_BIT(m->card)))
                return GR_REASON_NOT_IN_HAND;
            if (named[m->type] & GR_CARD_BIT(m->card))
                return GR_REASON_BAD_VALUE;
            named[m->type] |= GR_CARD_BIT(m->card);
            break;
        case GR_MOVE_TAKE_UPCARD: case GR_MOVE_DRAW_DISCARD:
            if (top == GR_NO_CARD)
                return GR_REASON_PILE_EMPTY;
            if (m->card != top && m->card != GR_NO_CARD)
                return GR_REASON_BAD_CARD;
            /* fall through */
        default:
            if (plain >> m->type & 1)
                return GR_REASON_BAD_VALUE;
            plain |= 1u << m->type;
        }
    }
    return GR_REASON_NONE;
}

int gr__view_reason(const gr_view *view)
{
    return view ? view_reason(view) : GR_REASON_NULL_ARGUMENT;
}

int gr_view_check(const gr_view *view, int *reason)
{
    int r = gr__view_reason(view);
    if (reason)
        *reason = r;
    return r == GR_REASON_NONE ? GR_OK : GR_EINVAL;
}

int gr_game_view(const gr_game *game, int player, gr_view *out)
{
    if (!game || !out || (player != 0 && player != 1))
        return GR_EINVAL;
    const gr_game *g = game;
    int opp = 1 - player;
    /* zeroed first, so two views of the same knowledge compare equal with
     * memcmp (padding and unused array entries included) */
    memset(out, 0, sizeof *out);
    out->player = player;
    out->phase = g->phase;
    out->turn = g->turn;
    out->dealer = g->dealer;
    out->hand = g->hand[player];
    bool laid_down = g->phase == GR_PHASE_OVER
                     && g->result.outcome != GR_OUTCOME_VOID;
    out->opponent_known = laid_down ? g->hand[opp] : g->known[opp];
    out->opponent_count = gr__popcount(g->hand[opp]);
    out->stock_size = g->nstock;
    out->ndiscards = g->npile;
    memcpy(out->discards, g->pile, (size_t)g->npile * sizeof *out->discards);
    out->knock_limit = g->knock_limit;
    if (g->phase != GR_PHASE_OVER && g->turn == player)
        out->nlegal = gr__game_legal(g, out->legal, GR_MAX_MOVES);
    return GR_OK;
}
