/*
 * view.c: what one player may know (G12).
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
