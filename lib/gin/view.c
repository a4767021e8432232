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
