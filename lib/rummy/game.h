/*
 * rummy/game.h: the layout of one Rummy hand, shared by game.c, view.c,
 * save.c and match.c.  Private to the library; never installed.
 */
#ifndef GR_RUMMY_GAME_H
#define GR_RUMMY_GAME_H

#include "ginrummy.h"
#include "rummy/rules.h"
#include "rummy/table.h"

#include <stdbool.h>

struct gr_rummy_game {
    gr_rummy_rules rules;          /* a copy */
    int            nplayers, decks, hand_size, ncards, flags;
    gr_card        deck[GR_RUMMY_MAX_CARDS];   /* as dealt */
    int            dealer, turn, phase;
    int            winner;         /* -1 until someone goes out */
    int            turnovers;
    gr_card        taken;          /* taken from the pile this turn */
    gr_rummy_hand  hand[GR_RUMMY_MAX_PLAYERS];
    gr_rummy_hand  known[GR_RUMMY_MAX_PLAYERS];
    int            nstock;         /* stock[nstock - 1] is the top */
    gr_card        stock[GR_RUMMY_MAX_CARDS];
    int            npile;          /* pile[npile - 1] is the top */
    gr_card        pile[GR_RUMMY_MAX_CARDS];
    int            nmelds;
    gr_rummy_meld  melds[GR_RUMMY_MAX_MELDS];
    int            owner[GR_RUMMY_MAX_MELDS];
    int            nhistory, caphistory;
    gr_rummy_action *history;        /* heap, NULL while empty */
    int            last_reason;    /* of the last gr_rummy_game_play */
    int            played_before;  /* actions before a position it started
                                      from (they count toward the length
                                      of the hand); 0 for a deal */
    gr_rummy_position *start;      /* heap: the position it started from
                                      (stock listed), NULL for a deal */
};

/* the position of the player to act */
void gr__rgame_pos(const gr_rummy_game *g, gr__rpos *pos);

/* a dealt game (allocated through rules->mm); deck as new_from_deck */
int gr__rgame_deal(gr_rummy_game **out, const gr_rummy_rules *rules,
                   const gr_card *deck, size_t n, int dealer);

/* a new deal into an existing game of the same rules (deck holds its
 * ncards cards): everything of the previous hand forgotten, the history
 * block kept for reuse */
void gr__rgame_redeal_deck(gr_rummy_game *g, const gr_card *deck, int dealer);

/* the deck gr_rummy_game_new shuffles for this seed (g's deck size) */
void gr__rgame_deck_shuffled(const gr_rummy_game *g, uint64_t seed,
                             gr_card *deck);

/* room in the history for one more move: GR_OK or GR_ENOMEM */
int gr__rgame_reserve(gr_rummy_game *g);

/* Play a move already checked legal (gr__ract_check): the one core of
 * gr_rummy_game_play, gr_rummy_game_step and the playouts.  record: write
 * it to the history (gr__rgame_reserve made room); else only count it (a
 * search's private copy, whose history is never read). */
void gr__rgame_apply(gr_rummy_game *g, const gr_rummy_action *move,
                     bool record);

#endif /* GR_RUMMY_GAME_H */
