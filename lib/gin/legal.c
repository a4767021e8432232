/*
 * legal.c: the legal moves of the player to act (moved out of game.c):
 * gr_game_legal_moves and gr__game_legal, read from the phase and the
 * discard options cached in the game on the draw (game.c).
 */
#include "gin/game.h"

/* ---- legal moves ---------------------------------------------------------- */

static void put(gr_move *out, size_t cap, int *n, int type, gr_card card)
{
    if ((size_t)*n < cap)   /* whole, so the reserved bytes are zero */
        out[*n] = (gr_move){ .type = type, .card = card };
    (*n)++;
}

static void put_cards(gr_move *out, size_t cap, int *n, int type, gr_cards cards)
{
    for (; cards; cards &= cards - 1)
        put(out, cap, n, type, (gr_card)__builtin_ctzll(cards));
}

int gr__game_legal(const gr_game *g, gr_move *out, size_t cap)
{
    int n = 0;
    switch (g->phase) {
    case GR_PHASE_UPCARD:
        put(out, cap, &n, GR_MOVE_TAKE_UPCARD, gr__top_of(g->pile, g->npile));
        put(out, cap, &n, GR_MOVE_PASS, GR_NO_CARD);
        break;
    case GR_PHASE_DRAW:
        put(out, cap, &n, GR_MOVE_DRAW_STOCK, GR_NO_CARD);
        if (!g->stock_only && g->npile > 0)
            put(out, cap, &n, GR_MOVE_DRAW_DISCARD, gr__top_of(g->pile, g->npile));
        break;
    case GR_PHASE_WALL:   /* G38; by type: PASS (2) before DRAW_DISCARD (4) */
        put(out, cap, &n, GR_MOVE_PASS, GR_NO_CARD);
        if (g->wall_ok)
            put(out, cap, &n, GR_MOVE_DRAW_DISCARD, gr__top_of(g->pile, g->npile));
        break;
    case GR_PHASE_DISCARD:   /* cached at the draw: G11 and G38 applied */
        put_cards(out, cap, &n, GR_MOVE_DISCARD, g->discard_ok);
        put_cards(out, cap, &n, GR_MOVE_KNOCK, g->knock_ok);
        put_cards(out, cap, &n, GR_MOVE_GIN, g->gin_ok);
        if (g->big_gin_ok)
            put(out, cap, &n, GR_MOVE_BIG_GIN, GR_NO_CARD);
        break;
    default:
        break;
    }
    return n;
}

int gr_game_legal_moves(const gr_game *game, gr_move *out, size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    return gr__game_legal(game, out, cap);
}
