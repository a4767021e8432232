/*
 * gin/game.h: the layout of one hand, shared by game.c, legal.c, view.c and save.c.
 * Private to the library; never installed.
 */
#ifndef GR_GIN_GAME_H
#define GR_GIN_GAME_H

#include "ginrummy.h"
#include "common/bits.h"
#include "gin/rules.h"

#include <stdbool.h>

/* moves kept inside the game before the history moves to the heap: sized
 * for real hands (random play averages about 108 moves a hand; 256 holds
 * nearly all of them) */
#define GR_HISTORY_INLINE 256

struct gr_game {
    gr_rules  rules;             /* a copy (the game owns it) */
    gr_card   deck[GR_NCARDS];   /* the deal, as gr_game_new_from_deck takes it */
    int       dealer;
    int       phase;             /* GR_PHASE_* */
    int       turn;              /* player to act */
    bool      stock_only;        /* both passed the upcard: draw from the stock */
    gr_card   taken;             /* card taken from the pile this turn (G11),
                                    or GR_NO_CARD */
    int       knock_limit;       /* G13, or set by the first upcard deck[20] */
    int       multiplier;        /* 1, or 2 for an Oklahoma upcard (G33) */
    int       turnovers;         /* G16 turnover mode */
    gr_cards  hand[2];
    gr_cards  known[2];          /* cards each player took from the pile and
                                    still holds (public, G12) */
    int       nstock;            /* stock[nstock - 1] is the top */
    gr_card   stock[GR_NCARDS];
    int       npile;             /* pile[npile - 1] is the top */
    gr_card   pile[GR_NCARDS];
    /* discard phase: what the 11 cards in hand allow (cached on the draw,
       never the card taken from the pile, G11) */
    gr_cards  discard_ok;        /* plain discards: the hand but the card
                                    taken; none after a wall draw (G38) */
    gr_cards  knock_ok;          /* discards leaving deadwood <= the limit */
    gr_cards  gin_ok;            /* discards leaving deadwood 0 */
    bool      big_gin_ok;
    /* G38, the wall */
    bool      wall_ok;           /* GR_PHASE_WALL: taking the discard lets
                                    the player knock or go gin */
    bool      wall_draw;         /* this discard phase follows a wall draw:
                                    only a knock, gin or big gin may end it */
    /* the end of the hand */
    bool      custom_shown;      /* the knocker chose his arrangement */
    bool      custom_defense;    /* gr_game_defend() was used */
    gr_hand_result result;       /* valid in GR_PHASE_OVER */
    int       last_reason;       /* GR_REASON_* of the last refused call (reason.c) */
    int       played_before;     /* moves before the history (a position's
                                    `played`): they count toward the cap */
    bool      from_position;     /* made by gr_game_from_position (position.c): */
    gr_position start;           /* the position it started from (saved) */
    /* the moves played, oldest first */
    int       nhistory, caphistory;
    gr_move  *history;           /* history_inline or a heap block */
    gr_move   history_inline[GR_HISTORY_INLINE];
};

/* The top card of a pile or stock of n > 0 cards (game.c, legal.c) */
static inline gr_card gr__top_of(const gr_card *pile, int n)
{
    return pile[n - 1];
}

/* The cards of `hand` but the one the player to act took from the pile
 * this turn (G11: he may not discard it); written with no branch on
 * whether he took one (see gr__draw_either in gin/turn.h) */
static inline gr_cards gr__but_taken(const gr_game *g, gr_cards hand)
{
    return gr__cards_but(hand, g->taken);
}

/* the legal moves of the player to act (legal.c, for view.c): as
 * gr_game_legal_moves without argument checks */
int gr__game_legal(const gr_game *game, gr_move *out, size_t cap);
/* knock or gin (type GR_MOVE_KNOCK or GR_MOVE_GIN, recorded as given),
 * discarding `discard`, showing `shown` or the least-deadwood arrangement
 * (NULL); fully validated, the game unchanged on error (game.c, for save.c) */
int gr__game_knock(gr_game *game, int type, gr_card discard,
                   const gr_arrangement *shown);

/* Room for one more move in the history (game.c): after GR_OK the next
 * move played, knock or defense allocates nothing, so it cannot fail for
 * lack of memory; GR_ENOMEM leaves the game as it was (the environments
 * reserve before they change anything, env.c and batch.c). */
int gr__game_reserve(gr_game *game);

/* gr_game_play for a game that is not NULL (a direct call inside the
 * library, not through the exported symbol) */
int gr__game_play(gr_game *game, gr_move move);

/* The deck gr_game_new() deals for `seed` (game.c) */
void gr__deck_shuffled(uint64_t seed, gr_card deck[GR_NCARDS]);

/* Deal `deck` into `game` in place (game.c): the rules and a heap history
 * block are kept, everything else is reset as gr_game_new_from_deck does.
 * The deck is not validated. */
void gr__game_deal(gr_game *game, const gr_card deck[GR_NCARDS], int dealer);

/* playout.c: the greedy policy's move (legal, from the hand of the player
 * to act), knocking only with deadwood <= knock_max (100: whenever legal)
 * or near the stock's end; a playout where `player` plays so and the
 * other greedy (player -1: both greedy), except that with meld_only the
 * other takes a face-up card only to meld it; a playout to the hand's end
 * with an rng of the caller's */
struct gr_rng;
int     gr__game_playout_greedy(gr_game *game, int player, int knock_max,
                                bool meld_only);
int     gr__game_playout(gr_game *game, int policy, struct gr_rng *rng);
/* the same with the portable popcount on every CPU */
int     gr__game_playout_portable(gr_game *game, int policy, struct gr_rng *rng);
/* Work out what the 11 cards of the player to act allow (the plain
 * discards, G11, from g->taken, which the caller sets first; knock, gin,
 * big gin) on entering the discard phase (discard_options.c, for
 * position.c and the expert bot); after a wall draw (G38) the caller then
 * clears discard_ok. */
void gr__game_discard_options(gr_game *game);
/* The reason a move (type, card; for a knock `shown` when has_shown) is
 * refused in this state, GR_REASON_NONE if nothing is wrong (reason.c). */
int gr__move_reason(const gr_game *game, gr_move move, const gr_arrangement *shown,
                    bool has_shown);
/* The reason a view is malformed (gr_view_check), GR_REASON_NONE if it
 * is one gr_game_view() could have written (view.c): every function that
 * takes a view checks it so first. */
int gr__view_reason(const gr_view *view);
/* The reason gr_game_defend refuses `defense` (reason.c). */
int gr__defend_reason(const gr_game *game, const gr_layoff *defense);

#endif /* GR_GIN_GAME_H */
