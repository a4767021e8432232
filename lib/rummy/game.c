/*
 * rummy/game.c: one hand of basic Rummy: the deal (R2), the turn (R4:
 * draw, melds, layoffs, joker exchanges, discard), going out (R7), the end
 * of the stock (R6) and the result (R7).
 *
 * Moves are checked completely by table.c before anything is written (and
 * the history grown first), so a refused move leaves the game as it was.
 * The apply core that writes them is inline in game.h
 * (gr__rgame_apply_inline), for the RANDOM playout's sake.
 */
#include "common/alloc.h"
#include "common/rng.h"
#include "common/assert.h"
#include "rummy/game.h"
#include "rummy/reason.h"

#include <string.h>

static int flags_of(const gr_rummy_rules *r)
{
    return r->opt[GR_RUMMY_OPT_ACE_HIGH] ? GR_RUMMY_ACE_HIGH : 0;
}

void gr__rgame_redeal_deck(gr_rummy_game *g, const gr_card *deck, int dealer)
{
    memcpy(g->deck, deck, (size_t)g->ncards);
    g->dealer = dealer;
    g->winner = -1;
    g->turnovers = 0;
    g->taken = GR_NO_CARD;
    g->phase = GR_RUMMY_PHASE_DRAW;
    memset(g->hand, 0, sizeof g->hand);
    memset(g->known, 0, sizeof g->known);
    g->nmelds = 0;
    g->npile = 0;
    g->nhistory = 0;   /* the history block is kept for reuse */
    g->last_reason = GR_REASON_NONE;
    g->played_before = 0;
    if (g->start) {    /* a game from a position, dealt again */
        gr__free(&g->rules.mm, g->start);
        g->start = NULL;
    }
    int k = 0;
    for (int round = 0; round < g->hand_size; round++)
        for (int i = 1; i <= g->nplayers; i++)
            gr__rhand_add(&g->hand[(dealer + i) % g->nplayers], deck[k++]);
    g->pile[g->npile++] = deck[k++];
    g->nstock = g->ncards - k;
    for (int j = 0; j < g->nstock; j++)
        g->stock[g->nstock - 1 - j] = deck[k + j];
    g->turn = (dealer + 1) % g->nplayers;
}

void gr__rgame_deck_shuffled(const gr_rummy_game *g, uint64_t seed, gr_card *deck)
{
    int k = 0;
    for (int d = 0; d < g->decks; d++)
        for (int c = 0; c < GR_NCARDS; c++)
            deck[k++] = (gr_card)c;
    while (k < g->ncards)
        deck[k++] = GR_RUMMY_JOKER;
    gr_rng rng;
    gr__rng_seed(&rng, seed);
    gr__shuffle(&rng, deck, g->ncards);
}

int gr__rgame_deal(gr_rummy_game **out, const gr_rummy_rules *rules,
                   const gr_card *deck, size_t n, int dealer)
{
    int decks, hand_size, ncards;
    if (!out || !rules || !deck
        || gr__rummy_deal(rules->opt, &decks, &hand_size, &ncards) != GR_OK)
        return GR_EINVAL;
    int nplayers = rules->opt[GR_RUMMY_OPT_PLAYERS];
    if (dealer < 0 || dealer >= nplayers || n != (size_t)ncards)
        return GR_EINVAL;
    int count[GR_NCARDS + 1] = { 0 };
    for (size_t i = 0; i < n; i++) {
        if (deck[i] > GR_RUMMY_JOKER)
            return GR_EINVAL;
        count[deck[i]]++;
    }
    for (int c = 0; c < GR_NCARDS; c++)
        if (count[c] != decks)
            return GR_EINVAL;
    if (count[GR_RUMMY_JOKER] != decks * rules->opt[GR_RUMMY_OPT_JOKERS])
        return GR_EINVAL;
    gr_rummy_game *g = gr__malloc(&rules->mm, sizeof *g);
    if (!g)
        return GR_ENOMEM;
    memset(g, 0, sizeof *g);
    g->rules = *rules;
    g->nplayers = nplayers;
    g->decks = decks;
    g->hand_size = hand_size;
    g->ncards = ncards;
    g->flags = flags_of(rules);
    gr__rgame_redeal_deck(g, deck, dealer);
    *out = g;
    return GR_OK;
}

int gr_rummy_game_new_from_deck(gr_rummy_game **out, const gr_rummy_rules *rules,
                                const gr_card *deck, size_t n, int dealer)
{
    return gr__rgame_deal(out, rules, deck, n, dealer);
}

int gr_rummy_game_new(gr_rummy_game **out, const gr_rummy_rules *rules,
                      uint64_t seed, int dealer)
{
    int decks, ncards;
    if (!out || !rules
        || gr__rummy_deal(rules->opt, &decks, NULL, &ncards) != GR_OK)
        return GR_EINVAL;
    gr_card deck[GR_RUMMY_MAX_CARDS];
    int k = 0;
    for (int d = 0; d < decks; d++)
        for (int c = 0; c < GR_NCARDS; c++)
            deck[k++] = (gr_card)c;
    while (k < ncards)
        deck[k++] = GR_RUMMY_JOKER;
    gr_rng rng;
    gr__rng_seed(&rng, seed);
    gr__shuffle(&rng, deck, ncards);
    return gr__rgame_deal(out, rules, deck, (size_t)ncards, dealer);
}

int gr_rummy_game_clone(gr_rummy_game **out, const gr_rummy_game *game)
{
    if (!out || !game)
        return GR_EINVAL;
    gr_rummy_game *g = gr__malloc(&game->rules.mm, sizeof *g);
    if (!g)
        return GR_ENOMEM;
    *g = *game;
    g->history = NULL;
    g->start = NULL;
    if (game->start) {
        g->start = gr__malloc(&game->rules.mm, sizeof *g->start);
        if (!g->start) {
            gr__free(&game->rules.mm, g);
            return GR_ENOMEM;
        }
        *g->start = *game->start;
    }
    if (game->caphistory > 0) {
        g->history = gr__malloc(&game->rules.mm,
                                (size_t)game->caphistory * sizeof *g->history);
        if (!g->history) {
            if (g->start)
                gr__free(&game->rules.mm, g->start);
            gr__free(&game->rules.mm, g);
            return GR_ENOMEM;
        }
        memcpy(g->history, game->history,
               (size_t)game->nhistory * sizeof *g->history);
    }
    *out = g;
    return GR_OK;
}

void gr_rummy_game_free(gr_rummy_game *game)
{
    if (!game)
        return;
    gr_allocator mm = game->rules.mm;
    if (game->history)
        gr__free(&mm, game->history);
    if (game->start)
        gr__free(&mm, game->start);
    gr__free(&mm, game);
}

int gr_rummy_game_phase(const gr_rummy_game *game)
{
    return game ? game->phase : GR_EINVAL;
}

int gr_rummy_game_turn(const gr_rummy_game *game)
{
    return game ? game->turn : GR_EINVAL;
}

int gr_rummy_game_dealer(const gr_rummy_game *game)
{
    return game ? game->dealer : GR_EINVAL;
}

int gr_rummy_game_players(const gr_rummy_game *game)
{
    return game ? game->nplayers : GR_EINVAL;
}

int gr_rummy_game_turnovers(const gr_rummy_game *game)
{
    return game ? game->turnovers : GR_EINVAL;
}

void gr__rgame_pos(const gr_rummy_game *g, gr__rpos *pos)
{
    pos->phase = g->phase;
    pos->flags = g->flags;
    pos->hand = g->hand[g->turn];
    pos->taken = g->taken;
    pos->nmelds = g->nmelds;
    pos->melds = g->melds;
    pos->stock_size = g->nstock;
    pos->npile = g->npile;
    pos->pile_top = g->npile ? g->pile[g->npile - 1] : GR_NO_CARD;
}

int gr_rummy_game_legal_moves(const gr_rummy_game *game, gr_rummy_action *out,
                              size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    gr__rpos pos;
    gr__rgame_pos(game, &pos);
    return gr__rlegal(&pos, out, cap);
}

/* Decision (R6, R7): true if nobody can ever go out.  A hand shrinks
 * only by a meld or a layoff (each turn draws one card and discards one),
 * and the table changes only by those and joker exchanges.  So when no
 * card off the table lays off on a table meld or takes a table joker,
 * and no player can hold a new meld (at most 2 cards after his draw, or
 * no meld among all the cards off the table), nothing can ever change
 * but the order of the cards: the hand would run to the hand-length
 * limit and be void.  Its turnover voids it at once instead. */
static bool dead_hand(const gr_rummy_game *g)
{
    gr_cards t1 = 0, t2 = 0, tjokers = 0;   /* on the table: once, twice */
    int njokers = 0;
    for (int i = 0; i < g->nmelds; i++) {
        gr_cards nat = g->melds[i].cards & ~g->melds[i].jokers;
        t2 |= t1 & nat;
        t1 |= nat;
        tjokers |= g->melds[i].jokers;
        njokers += gr__popcount(g->melds[i].jokers);
    }
    /* the cards off the table: hands, stock and pile */
    gr_rummy_hand off;
    off.once = g->decks == 2 ? GR_ALL_CARDS & ~t2 : GR_ALL_CARDS & ~t1;
    off.twice = g->decks == 2 ? GR_ALL_CARDS & ~t1 : 0;
    off.jokers = g->decks * g->rules.opt[GR_RUMMY_OPT_JOKERS] - njokers;
    if (off.once & tjokers)
        return false;   /* a joker exchange */
    for (int i = 0; i < g->nmelds; i++) {
        gr_cards fits = gr__rlayoff_faces(g->melds[i].cards, g->flags);
        if ((fits & off.once) || (fits && off.jokers > 0))
            return false;   /* a layoff */
    }
    int most = 0;
    for (int p = 0; p < g->nplayers; p++)
        if (gr__rhand_count(&g->hand[p]) > most)
            most = gr__rhand_count(&g->hand[p]);
    return most + 1 < 3 || gr__rpattern_faces(off.once, off.jokers, g->flags) == 0;
}

void gr__rgame_stock_end(gr_rummy_game *g)
{
    int limit = g->rules.opt[GR_RUMMY_OPT_TURNOVER_LIMIT];
    if (g->npile < 2 || (limit > 0 && g->turnovers >= limit) || dead_hand(g)) {
        g->phase = GR_RUMMY_PHASE_OVER;   /* void */
        return;
    }
    /* the pile turned over: its bottom card is the stock's top, and is
     * turned up at once to start the new pile */
    int n = g->npile;
    g->nstock = n - 1;
    for (int i = 0; i < n - 1; i++)
        g->stock[i] = g->pile[n - 1 - i];
    g->npile = 1;   /* pile[0] stays */
    g->turnovers++;
}

/* the history grown for one more move (gr__rgame_reserve found it full) */
int gr__rgame_grow(gr_rummy_game *game)
{
    int cap = game->caphistory ? 2 * game->caphistory : 64;
    if (cap > GR_RUMMY_MAX_HAND_MOVES)
        cap = GR_RUMMY_MAX_HAND_MOVES;
    if (cap <= game->nhistory)
        return GR_ENOMEM;   /* cannot happen: the hand is void first */
    gr_rummy_action *h = gr__malloc(&game->rules.mm, (size_t)cap * sizeof *h);
    if (!h)
        return GR_ENOMEM;
    if (game->nhistory)
        memcpy(h, game->history, (size_t)game->nhistory * sizeof *h);
    if (game->history)
        gr__free(&game->rules.mm, game->history);
    game->history = h;
    game->caphistory = cap;
    return GR_OK;
}

static int play(gr_rummy_game *game, const gr_rummy_action *move);

/* The move, and the reason of a refusal kept for
 * gr_rummy_game_last_reason (rummy/reason.c diagnoses it). */
int gr_rummy_game_play(gr_rummy_game *game, const gr_rummy_action *move)
{
    if (!game)
        return GR_EINVAL;
    int rc = move ? play(game, move) : GR_EINVAL;
    int why = GR_REASON_NONE;
    if (rc == GR_ENOMEM) {
        why = GR_REASON_NO_MEMORY;
    } else if (!move) {
        why = GR_REASON_NULL_ARGUMENT;
    } else if (rc != GR_OK) {
        gr__rpos pos;
        gr__rgame_pos(game, &pos);
        why = gr__ract_reason(&pos, move);
        GR_ASSERT(gr_reason_status(why) == rc);
    }
    game->last_reason = why;
    return rc;
}

int gr_rummy_game_play_as(gr_rummy_game *game, int player,
                          const gr_rummy_action *move)
{
    if (!game)
        return GR_EINVAL;
    if (player < 0 || player >= game->nplayers) {
        game->last_reason = GR_REASON_BAD_VALUE;
        return GR_EINVAL;
    }
    if (game->phase != GR_RUMMY_PHASE_OVER && player != game->turn) {
        game->last_reason = GR_REASON_NOT_YOUR_TURN;
        return GR_ESTATE;
    }
    return gr_rummy_game_play(game, move);
}

static int play(gr_rummy_game *game, const gr_rummy_action *move)
{
    int rc = gr__ract_wellformed(move);
    if (rc != GR_OK)
        return rc;
    if (game->phase == GR_RUMMY_PHASE_OVER)
        return GR_ESTATE;
    gr__rpos pos;
    gr__rgame_pos(game, &pos);
    rc = gr__ract_check(&pos, move);
    if (rc != GR_OK)
        return rc;
    rc = gr__rgame_reserve(game);
    if (rc != GR_OK)
        return rc;
    gr__rgame_apply(game, move, true);
    return GR_OK;
}

void gr__rgame_apply(gr_rummy_game *g, const gr_rummy_action *move, bool record)
{
    gr__rgame_apply_inline(g, move, record);
}

int gr_rummy_game_hand(const gr_rummy_game *game, int player, gr_rummy_hand *out)
{
    if (!game || !out || player < 0 || player >= game->nplayers)
        return GR_EINVAL;
    *out = game->hand[player];
    return GR_OK;
}

int gr_rummy_game_melds(const gr_rummy_game *game, gr_rummy_meld *out, size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    for (int i = 0; i < game->nmelds && (size_t)i < cap; i++)
        out[i] = game->melds[i];
    return game->nmelds;
}

int gr_rummy_game_discards(const gr_rummy_game *game, gr_card *out, size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    for (int i = 0; i < game->npile && (size_t)i < cap; i++)
        out[i] = game->pile[i];
    return game->npile;
}

int gr_rummy_game_stock(const gr_rummy_game *game, gr_card *out, size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    for (int i = 0; i < game->nstock && (size_t)i < cap; i++)
        out[i] = game->stock[game->nstock - 1 - i];
    return game->nstock;
}

int gr_rummy_game_history(const gr_rummy_game *game, gr_rummy_action *out,
                          size_t cap)
{
    if (!game || (!out && cap > 0))
        return GR_EINVAL;
    for (int i = 0; i < game->nhistory && (size_t)i < cap; i++)
        out[i] = game->history[i];
    return game->nhistory;
}

int gr_rummy_game_result(const gr_rummy_game *game, gr_rummy_result *out)
{
    if (!game || !out)
        return GR_EINVAL;
    if (game->phase != GR_RUMMY_PHASE_OVER)
        return GR_ESTATE;
    memset(out, 0, sizeof *out);
    out->outcome = game->winner >= 0 ? GR_RUMMY_OUTCOME_OUT : GR_RUMMY_OUTCOME_VOID;
    out->winner = game->winner;
    out->nplayers = game->nplayers;
    int sum = 0;
    for (int p = 0; p < game->nplayers; p++) {
        out->left[p] = game->hand[p];
        out->cards_left[p] = gr__rhand_count(&game->hand[p]);
        out->left_points[p] = gr__rhand_value(&game->hand[p], game->flags);
        sum += out->left_points[p];
    }
    if (game->winner >= 0)
        out->score[game->winner] = sum;
    return GR_OK;
}
