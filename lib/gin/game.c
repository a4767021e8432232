/*
 * game.c: one hand of Gin Rummy: the deal (G7), the upcard offer (G9),
 * turns (G10, G11), knock and gin (G13-G15, G29, G30), big gin (G32),
 * the end of the stock (G16, G38) and the result (via settle.c, G33, G36).
 *
 * Every move is validated completely before anything is written, so a
 * refused move leaves the game exactly as it was.  What a discard allows
 * (plain discard, knock, gin, big gin) is worked out once when the 11th
 * card is drawn and cached in the game (discard_options.c), so listing and
 * checking moves is cheap.
 */
#include "common/alloc.h"
#include "common/assert.h"
#include "common/bits.h"
#include "common/cards.h"
#include "common/rng.h"
#include "gin/game.h"
#include "gin/melds.h"
#include "gin/reason.h"
#include "gin/settle.h"
#include "gin/turn.h"

#include <string.h>

/* Room for one more move in the history; GR_ENOMEM leaves it as it was.
 * A hand never has more than GR_MAX_HAND_MOVES moves (gr__end_of_stock), so the
 * history never needs more room than that. */
_Static_assert(GR_HISTORY_INLINE <= GR_MAX_HAND_MOVES, "history: inline room");
static int grow_history(gr_game *g)
{
    if (g->caphistory >= GR_MAX_HAND_MOVES)
        return GR_ENOMEM;   /* cannot happen: the hand is over by then */
    int cap = g->caphistory * 2;
    if (cap > GR_MAX_HAND_MOVES)
        cap = GR_MAX_HAND_MOVES;
    gr_move *h = gr__malloc(&g->rules.mm, (size_t)cap * sizeof *h);
    if (!h)
        return GR_ENOMEM;
    memcpy(h, g->history, (size_t)g->nhistory * sizeof *h);
    if (g->history != g->history_inline)
        gr__free(&g->rules.mm, g->history);
    g->history = h;
    g->caphistory = cap;
    return GR_OK;
}

static inline int reserve_history(gr_game *g)
{
    return g->nhistory < g->caphistory ? GR_OK : grow_history(g);
}

int gr__game_reserve(gr_game *game)
{
    return reserve_history(game);
}

static void end_void(gr_game *g)
{
    g->phase = GR_PHASE_OVER;
    memset(&g->result, 0, sizeof g->result);
    g->result.outcome = GR_OUTCOME_VOID;
    g->result.knocker = -1;
    g->result.winner = -1;
}

/* G38: the player to act may take the last discard only to knock or go gin
 * at once.  Works out whether some discard other than that card (G11)
 * would then leave deadwood within the limit, or the 11 cards are big gin. */
static void enter_wall(gr_game *g)
{
    g->phase = GR_PHASE_WALL;
    gr_card top = gr__top_of(g->pile, g->npile);
    gr_cards hand = g->hand[g->turn] | GR_CARD_BIT(top);
    bool ok = g->rules.opt[GR_OPT_BIG_GIN_BONUS] > 0 && gr__deadwood(hand) == 0;
    for (gr_cards rest = g->hand[g->turn]; rest && !ok; rest &= rest - 1) {
        gr_cards bit = rest & (~rest + 1);
        ok = gr__deadwood(hand & ~bit) <= g->knock_limit;
    }
    g->wall_ok = ok;
}

/* The end of a turn that gr__pass_turn() cannot wave through: the cap on the
 * length of a hand (no room for another whole turn: void), then G16 (the
 * stock down to its last 2 cards or empty). */
GR__NOINLINE void gr__end_of_stock(gr_game *g)
{
    if (g->nhistory + g->played_before > GR_MAX_HAND_MOVES - 2) {
        end_void(g);
        return;
    }
    if (g->rules.opt[GR_OPT_STOCK_END] == GR_STOCK_END_VOID) {
        if (g->nstock <= 2) {
            if (g->rules.opt[GR_OPT_WALL])
                enter_wall(g);   /* G38 */
            else
                end_void(g);
        }
        return;
    }
    if (g->nstock > 0)
        return;
    int cap = g->rules.opt[GR_OPT_TURNOVER_LIMIT];
    if (cap > 0 && g->turnovers >= cap) {
        end_void(g);
        return;
    }
    /* Turn the pile over without shuffling: its bottom card becomes the top
     * of the stock, and that card is turned up as the new pile. */
    g->turnovers++;
    int n = g->npile;
    for (int i = 0; i < n; i++)
        g->stock[i] = g->pile[n - 1 - i];
    g->nstock = n - 1;
    g->pile[0] = g->stock[n - 1];
    g->npile = 1;
}

/* The player's result from settle.c, whose knocker is player 0. */
static void set_result(gr_game *g, const gr_hand_result *r, int knocker)
{
    g->result = *r;
    g->result.knocker = knocker;
    g->result.winner = r->winner < 0 ? -1 : r->winner == 0 ? knocker : 1 - knocker;
    GR_ASSERT(r->outcome != GR_OUTCOME_VOID);   /* the game deals 10 each */
}

/* dst[i] = src[31 - i] for 32 cards: byte swaps of four 8-byte words where
 * the compiler has them (a byte at a time took six instructions a card) */
static inline void reverse_copy_32(gr_card *dst, const gr_card *src)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(sizeof(gr_card) == 1, "gr_card: one byte");
    for (int w = 0; w < 4; w++) {
        uint64_t v;
        memcpy(&v, src + 8 * (3 - w), sizeof v);
        v = __builtin_bswap64(v);
        memcpy(dst + 8 * w, &v, sizeof v);
    }
#else
    for (int i = 0; i < 32; i++)
        dst[i] = src[31 - i];
#endif
}

/* The deal into a game whose rules are set; a heap history block is kept
 * (redealing allocates nothing). */
void gr__game_deal(gr_game *g, const gr_card deck[GR_NCARDS], int dealer)
{
    gr_move *history = g->history;
    int caphistory = g->caphistory;
    memset(&g->deck, 0, offsetof(gr_game, history_inline) - offsetof(gr_game, deck));
    memcpy(g->deck, deck, sizeof g->deck);
    g->dealer = dealer;
    g->phase = GR_PHASE_UPCARD;
    g->turn = 1 - dealer;
    g->taken = GR_NO_CARD;
    gr_cards first = 0, second = 0;   /* one card at a time, non-dealer first */
    for (int i = 0; i < 20; i += 2) {
        first |= GR_CARD_BIT(deck[i]);
        second |= GR_CARD_BIT(deck[i + 1]);
    }
    g->hand[1 - dealer] = first;
    g->hand[dealer] = second;
    g->pile[0] = deck[20];
    g->npile = 1;
    g->nstock = GR_NCARDS - 21;
    reverse_copy_32(g->stock, deck + 20);   /* deck[21] on top: stock[30] */
    g->stock[31] = 0;                       /* deck[20] is the upcard */
    gr__oklahoma(&g->rules, deck[20], &g->knock_limit, &g->multiplier);   /* G33 */
    if (history && history != g->history_inline) {
        g->history = history;
        g->caphistory = caphistory;
    } else {
        g->history = g->history_inline;
        g->caphistory = GR_HISTORY_INLINE;
    }
}

/* ---- making and freeing -------------------------------------------------- */

int gr_game_new_from_deck(gr_game **out, const gr_rules *rules,
                          const gr_card deck[GR_NCARDS], int dealer)
{
    if (!out || !rules || !deck || (dealer != 0 && dealer != 1))
        return GR_EINVAL;
    gr_cards seen = 0;
    for (int i = 0; i < GR_NCARDS; i++) {
        if (deck[i] >= GR_NCARDS || (seen & GR_CARD_BIT(deck[i])))
            return GR_EINVAL;
        seen |= GR_CARD_BIT(deck[i]);
    }
    gr_game *g = gr__malloc(&rules->mm, sizeof *g);
    if (!g)
        return GR_ENOMEM;
    g->rules = *rules;
    g->history = NULL;
    gr__game_deal(g, deck, dealer);
    *out = g;
    return GR_OK;
}

void gr__deck_shuffled(uint64_t seed, gr_card deck[GR_NCARDS])
{
    static const gr_card ordered[GR_NCARDS] = {
         0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12,
        13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
        26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
        39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51
    };
    memcpy(deck, ordered, sizeof ordered);   /* a few stores, not 52 */
    gr_rng rng;
    gr__rng_seed(&rng, seed);
    gr__shuffle(&rng, deck, GR_NCARDS);
}

int gr_game_new(gr_game **out, const gr_rules *rules, uint64_t seed, int dealer)
{
    if (!out || !rules || (dealer != 0 && dealer != 1))
        return GR_EINVAL;
    gr_card deck[GR_NCARDS];
    gr__deck_shuffled(seed, deck);
    return gr_game_new_from_deck(out, rules, deck, dealer);
}

int gr_game_clone(gr_game **out, const gr_game *game)
{
    if (!out || !game)
        return GR_EINVAL;
    const gr_allocator *mm = &game->rules.mm;
    gr_game *g = gr__malloc(mm, sizeof *g);
    if (!g)
        return GR_ENOMEM;
    memcpy(g, game, sizeof *g);
    if (game->history == game->history_inline) {
        g->history = g->history_inline;
    } else {
        g->history = gr__malloc(mm, (size_t)game->caphistory * sizeof *g->history);
        if (!g->history) {
            gr__free(mm, g);
            return GR_ENOMEM;
        }
        memcpy(g->history, game->history, (size_t)game->nhistory * sizeof *g->history);
    }
    *out = g;
    return GR_OK;
}

void gr_game_free(gr_game *game)
{
    if (!game)
        return;
    gr_allocator mm = game->rules.mm;   /* the game holds it: copy first */
    if (game->history != game->history_inline)
        gr__free(&mm, game->history);
    gr__free(&mm, game);
}

/* ---- playing -------------------------------------------------------------- */

/* Settle a knock, gin or big gin by the player to act, who keeps `kept`
 * and shows `shown`; writes nothing on error. */
static int finish(gr_game *g, int type, gr_card discard, gr_cards kept,
                  const gr_arrangement *shown, bool custom)
{
    int p = g->turn;
    gr_hand_result r;
    int rc = reserve_history(g);
    if (rc != GR_OK)
        return rc;
    rc = gr__settle(&g->rules, g->knock_limit, g->multiplier, shown,
                    g->hand[1 - p], NULL, &r);
    if (rc != GR_OK)
        return rc;
    g->hand[p] = kept;
    if (discard != GR_NO_CARD)
        g->pile[g->npile++] = discard;
    g->known[p] &= kept;
    gr__record(g, type, discard);
    g->custom_shown = custom;
    g->custom_defense = false;
    g->phase = GR_PHASE_OVER;
    g->taken = GR_NO_CARD;
    g->turn = 1 - p;
    set_result(g, &r, p);
    return GR_OK;
}

int gr__game_knock(gr_game *g, int type, gr_card discard, const gr_arrangement *shown)
{
    if (discard >= GR_NCARDS)
        return GR_EINVAL;
    if (shown && !gr__arrangement_well_formed(shown))
        return GR_EINVAL;
    if (g->phase != GR_PHASE_DISCARD)
        return GR_ESTATE;
    gr_cards hand = g->hand[g->turn], bit = GR_CARD_BIT(discard);
    if (!(hand & bit) || discard == g->taken)
        return GR_EILLEGAL;
    gr_cards kept = hand & ~bit;
    gr_arrangement arr;
    if (shown) {
        gr_cards cards;
        if (gr__arrangement_check(shown, &cards, NULL) != GR_OK || cards != kept
            || shown->deadwood_points > g->knock_limit
            || (type == GR_MOVE_GIN && shown->deadwood_points != 0))
            return GR_EILLEGAL;
        arr = *shown;
    } else {
        if (!(g->knock_ok & bit) || (type == GR_MOVE_GIN && !(g->gin_ok & bit)))
            return GR_EILLEGAL;
        gr__arrange(kept, &arr);
    }
    if (type == 0)
        type = arr.deadwood_points == 0 ? GR_MOVE_GIN : GR_MOVE_KNOCK;
    return finish(g, type, discard, kept, &arr, shown != NULL);
}

static GR__ALWAYS_INLINE int draw(gr_game *g, int type, gr_card card, bool from_pile)
{
    int rc = reserve_history(g);
    if (rc != GR_OK)
        return rc;
    gr__take(g, type, card, from_pile, NULL, gr__discard_options);
    return GR_OK;
}

/* The draw phase allows drawing the top of the pile (G9, G10). */
static inline bool pile_open(const gr_game *g)
{
    return !g->stock_only && g->npile > 0;
}

/* The player to act, in the discard phase, may discard `card`: it is a
 * card in his hand, not the one he took from the pile (G11), and no wall
 * draw obliges him to knock (G38), as cached at the draw. */
static inline bool may_discard(const gr_game *g, gr_card card)
{
    return card < GR_NCARDS && (g->discard_ok & GR_CARD_BIT(card));
}

/* Every move checked in full: the status of a refused move (nothing
 * written), or GR_OK once it is played. */
static GR__NOINLINE int play_checked(gr_game *g, gr_move move)
{
    if (!GR__RESERVED_ZERO(&move))
        return GR_EINVAL;
    int phase = g->phase;
    switch (move.type) {
    case GR_MOVE_TAKE_UPCARD:
        if (phase != GR_PHASE_UPCARD)
            return GR_ESTATE;
        return draw(g, GR_MOVE_TAKE_UPCARD, gr__top_of(g->pile, g->npile), true);
    case GR_MOVE_PASS: {
        if (phase != GR_PHASE_UPCARD && phase != GR_PHASE_WALL)
            return GR_ESTATE;
        int rc = reserve_history(g);
        if (rc != GR_OK)
            return rc;
        if (phase == GR_PHASE_WALL) {   /* G38: the last discard refused */
            gr__record(g, GR_MOVE_PASS, GR_NO_CARD);
            end_void(g);
            return GR_OK;
        }
        /* the upcard phase has no other moves: the history counts passes */
        bool first_pass = g->turn != g->dealer;   /* the non-dealer acts first */
        gr__record(g, GR_MOVE_PASS, GR_NO_CARD);
        if (first_pass) {
            g->turn = g->dealer;
        } else {   /* both passed: the non-dealer draws from the stock (G9) */
            g->turn = 1 - g->dealer;
            g->phase = GR_PHASE_DRAW;
            g->stock_only = true;
        }
        return GR_OK;
    }
    case GR_MOVE_DRAW_STOCK:
        if (phase != GR_PHASE_DRAW)
            return GR_ESTATE;
        if (GR_NEVER(g->nstock == 0))    /* G16 ends or refills first */
            return GR_EILLEGAL;
        return draw(g, GR_MOVE_DRAW_STOCK, gr__top_of(g->stock, g->nstock), false);
    case GR_MOVE_DRAW_DISCARD:
        if (phase == GR_PHASE_WALL) {   /* G38: only to knock or go gin */
            if (!g->wall_ok)
                return GR_EILLEGAL;
            int rc = draw(g, GR_MOVE_DRAW_DISCARD, gr__top_of(g->pile, g->npile), true);
            if (rc == GR_OK) {
                g->wall_draw = true;
                g->discard_ok = 0;   /* only a knock, gin or big gin */
            }
            return rc;
        }
        if (phase != GR_PHASE_DRAW)
            return GR_ESTATE;
        if (!pile_open(g))
            return GR_EILLEGAL;
        return draw(g, GR_MOVE_DRAW_DISCARD, gr__top_of(g->pile, g->npile), true);
    case GR_MOVE_DISCARD: {
        if (move.card >= GR_NCARDS)
            return GR_EINVAL;
        if (phase != GR_PHASE_DISCARD)
            return GR_ESTATE;
        if (!may_discard(g, move.card))
            return GR_EILLEGAL;   /* not in hand, G11, or G38 */
        int rc = reserve_history(g);
        if (rc != GR_OK)
            return rc;
        gr__discard(g, move.card);
        return GR_OK;
    }
    case GR_MOVE_KNOCK:
    case GR_MOVE_GIN:
        return gr__game_knock(g, move.type, move.card, NULL);
    case GR_MOVE_BIG_GIN: {
        if (phase != GR_PHASE_DISCARD)
            return GR_ESTATE;
        if (!g->big_gin_ok)
            return GR_EILLEGAL;
        gr_arrangement arr;
        gr__arrange(g->hand[g->turn], &arr);
        return finish(g, GR_MOVE_BIG_GIN, GR_NO_CARD, g->hand[g->turn], &arr, false);
    }
    default:
        return GR_EINVAL;
    }
}

/* GR__RESERVED_ZERO for a move held in a register: its three reserved
 * bytes are the top of its 8 bytes on a little-endian machine (one test,
 * where a byte-by-byte test would first store the move to memory) */
static inline bool move_reserved_zero(gr_move move)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(sizeof move == 8 && offsetof(gr_move, reserved) == 5, "gr_move layout");
    uint64_t bits;
    memcpy(&bits, &move, sizeof bits);
    return bits >> 40 == 0;
#else
    return GR__RESERVED_ZERO(&move);
#endif
}

/* In the draw phase, `type` is a legal draw; from the pile if *from_pile.
 * No branch on which: a search's draws go either way at random, and a
 * branch on them would be mispredicted half the time (gr__draw_either).
 * gr_game_step's lane; gr_game_play's keeps a branch, which measured the
 * same there, in fewer instructions. */
static inline bool legal_draw(const gr_game *g, int type, bool *from_pile)
{
    *from_pile = type == GR_MOVE_DRAW_DISCARD;
    return ((type == GR_MOVE_DRAW_STOCK) & (g->nstock > 0))
         | (*from_pile & pile_open(g));
}

/* A plain discard or a draw, the moves of nearly every turn, go straight
 * to the state change when they are legal and the history has room (the
 * same checks as play_checked's, in a short lane); any other move, and
 * every refusal with its status, goes through play_checked(). */
static GR__ALWAYS_INLINE int play(gr_game *g, gr_move move)
{
    if (move_reserved_zero(move) && g->nhistory < g->caphistory) {
        if (g->phase == GR_PHASE_DISCARD) {
            if (move.type == GR_MOVE_DISCARD && may_discard(g, move.card)) {
                gr__discard(g, move.card);
                return GR_OK;
            }
        } else if (g->phase == GR_PHASE_DRAW) {
            if (move.type == GR_MOVE_DRAW_STOCK && g->nstock > 0) {
                gr__take(g, GR_MOVE_DRAW_STOCK, gr__top_of(g->stock, g->nstock), false,
                         NULL, gr__discard_options);
                return GR_OK;
            }
            if (move.type == GR_MOVE_DRAW_DISCARD && pile_open(g)) {
                gr__take(g, GR_MOVE_DRAW_DISCARD, gr__top_of(g->pile, g->npile), true,
                         NULL, gr__discard_options);
                return GR_OK;
            }
        }
    }
    return play_checked(g, move);
}

int gr__game_play(gr_game *g, gr_move move)
{
    return play(g, move);
}

/* A refused call keeps its reason in the game (the one thing it changes)
 * and returns the status of that reason (reason.c), so every function that
 * meets the same fault reports it the same way. */
static int refused(gr_game *g, int rc, int why)
{
    if (rc == GR_ENOMEM)
        why = GR_REASON_NO_MEMORY;
    g->last_reason = why;
    return why == GR_REASON_NONE ? rc : gr_reason_status(why);
}

/* gr_game_play's refusal, out of its short lane */
static GR__NOINLINE int play_refused(gr_game *game, int rc, gr_move move)
{
    return refused(game, rc, gr__move_reason(game, move, NULL, false));
}

int gr_game_play(gr_game *game, gr_move move)
{
    if (!game)
        return GR_EINVAL;
    int rc = play(game, move);
    if (rc != GR_OK)
        return play_refused(game, rc, move);
    game->last_reason = GR_REASON_NONE;
    return GR_OK;
}

/* gr_game_step for every move but the short lanes' (and a NULL `next`) */
static GR__NOINLINE int step_checked(gr_game *game, gr_move move, gr_legal_masks *next)
{
    int rc = gr_game_play(game, move);
    if (rc == GR_OK && next)
        gr__masks(game, next);
    return rc;
}

/* gr_game_step's plain discard when the turn does not simply pass (G16,
 * G38, the cap on a hand's length) */
static GR__NOINLINE int step_end_of_stock(gr_game *g, gr_legal_masks *next)
{
    gr__end_of_stock(g);
    gr__masks(g, next);
    return GR_OK;
}

/* gr_game_play's short lanes again, each writing the masks of the phase it
 * leaves the game in; no call on the plain discard's usual path, the draw
 * ends in the one that works out what the 11 cards allow, and every other
 * case goes out of line, so the short lanes save no registers. */
int gr_game_step(gr_game *game, gr_move move, gr_legal_masks *next)
{
    gr_game *g = game;
    int type = move.type;
    gr_card card = move.card;
    if (!g || !next || !move_reserved_zero(move) || g->nhistory >= g->caphistory)
        return step_checked(g, move, next);
    if (g->phase == GR_PHASE_DISCARD) {
        if (type != GR_MOVE_DISCARD || !may_discard(g, card))
            return step_checked(g, move, next);
        g->last_reason = GR_REASON_NONE;
        gr__lay_down(g, card);
        if (!gr__pass_turn(g))
            return step_end_of_stock(g, next);
        /* the draw phase: the stock, and the pile, its top the card just
         * discarded (only a double pass of the upcard closes the pile, G9,
         * and the next draw opens it again) */
        GR_ASSERT(!g->stock_only);
        *next = (gr_legal_masks){ .types = 1u << GR_MOVE_DRAW_STOCK
                                         | 1u << GR_MOVE_DRAW_DISCARD,
                                  .top = card };
        return GR_OK;
    }
    if (g->phase == GR_PHASE_DRAW) {
        bool from_pile;
        if (legal_draw(g, type, &from_pile)) {
            g->last_reason = GR_REASON_NONE;
            gr__draw_either(g, from_pile, next, gr__discard_options);
            return GR_OK;
        }
    }
    return step_checked(g, move, next);
}

int gr_game_play_as(gr_game *game, int player, gr_move move)
{
    if (!game)
        return GR_EINVAL;
    if (player != 0 && player != 1)
        return refused(game, GR_EINVAL, GR_REASON_BAD_VALUE);
    if (game->phase != GR_PHASE_OVER && player != game->turn)
        return refused(game, GR_ESTATE, GR_REASON_NOT_YOUR_TURN);
    return gr_game_play(game, move);
}

int gr_game_last_reason(const gr_game *game)
{
    return game ? game->last_reason : GR_EINVAL;
}

int gr_game_knock(gr_game *game, gr_card discard, const gr_arrangement *shown)
{
    if (!game)
        return GR_EINVAL;
    int rc = gr__game_knock(game, 0, discard, shown);
    if (rc == GR_OK) {
        game->last_reason = GR_REASON_NONE;
        return GR_OK;
    }
    gr_move m = { .type = GR_MOVE_KNOCK, .card = discard };
    return refused(game, rc, gr__move_reason(game, m, shown, true));
}

static int defend(gr_game *g, const gr_layoff *defense);

int gr_game_defend(gr_game *game, const gr_layoff *defense)
{
    if (!game)
        return GR_EINVAL;
    int rc = defend(game, defense);
    if (rc == GR_OK) {
        game->last_reason = GR_REASON_NONE;
        return GR_OK;
    }
    return refused(game, rc, gr__defend_reason(game, defense));
}

static int defend(gr_game *g, const gr_layoff *defense)
{
    if (!defense)
        return GR_EINVAL;
    if (g->phase != GR_PHASE_OVER || g->result.outcome == GR_OUTCOME_VOID)
        return GR_ESTATE;
    int knocker = g->result.knocker;
    gr_cards defender = g->hand[1 - knocker];
    const gr_arrangement *shown = &g->result.knocker_arrangement;
    int rc = gr_layoff_check(shown, defender, defense);
    if (rc != GR_OK)
        return rc;
    gr_hand_result r;   /* gr__settle refuses layoffs after gin (G18) */
    rc = gr__settle(&g->rules, g->knock_limit, g->multiplier, shown, defender,
                    defense, &r);
    if (rc != GR_OK)
        return rc;
    set_result(g, &r, knocker);
    g->custom_defense = true;
    return GR_OK;
}
