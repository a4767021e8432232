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

/* room in the history for one more move: GR_OK or GR_ENOMEM (the
 * growth itself is gr__rgame_grow's, kept out of the playouts' loops) */
int gr__rgame_grow(gr_rummy_game *g);
static inline int gr__rgame_reserve(gr_rummy_game *g)
{
    return g->nhistory < g->caphistory ? GR_OK : gr__rgame_grow(g);
}

/* R6: the end of a turn that drew the last stock card (game.c) */
void gr__rgame_stock_end(gr_rummy_game *g);

/* The most actions of one turn: a draw, then each step-2 action lowers
 * 2 * naturals + jokers held (at most 2 * 11) by one or more (a joker
 * exchange trades a natural for a joker), then a discard. */
#define GR__RTURN_MOVES 24

/* Play a move already checked legal (gr__ract_check): the one core of
 * gr_rummy_game_play, gr_rummy_game_step and the playouts.  record: write
 * it to the history (gr__rgame_reserve made room); else only count it (a
 * search's private copy, whose history is never read).  Step-2 actions
 * change the hand and the table through gr__rplay (table.h), as a view
 * and the expert's boards do (the discard by its gr__rlose).  Inline, so that
 * the RANDOM playout compiles it into each of its moves with the move's
 * type known (playout_random.c); gr__rgame_apply is the same function
 * out of line. */
static GR__ALWAYS_INLINE void gr__rgame_apply_inline(gr_rummy_game *g,
                                                     const gr_rummy_action *move,
                                                     bool record)
{
    int p = g->turn;
    gr_rummy_action scratch;   /* the history entry, written in place */
    gr_rummy_action *rec = record ? &g->history[g->nhistory] : &scratch;
    gr__ract(rec, move->type, GR_NO_CARD, GR_NO_CARD, -1);
    gr_card c;
    switch (move->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
        c = g->stock[--g->nstock];
        gr__rhand_add(&g->hand[p], c);
        rec->card = c;
        g->phase = GR_RUMMY_PHASE_PLAY;
        break;
    case GR_RUMMY_ACT_DRAW_DISCARD:
        c = g->pile[--g->npile];
        gr__rhand_add(&g->hand[p], c);
        gr__rhand_add(&g->known[p], c);
        g->taken = c;
        rec->card = c;
        g->phase = GR_RUMMY_PHASE_PLAY;
        break;
    case GR_RUMMY_ACT_DISCARD:   /* gr__rplay's discard, inline */
        gr__rlose(&g->hand[p], &g->known[p], move->card);
        g->pile[g->npile++] = move->card;
        rec->card = move->card;
        break;
    default:   /* a step-2 action: the hand and the table */
        if (move->type == GR_RUMMY_ACT_MELD)
            g->owner[g->nmelds] = p;
        gr__rplay(&g->hand[p], &g->known[p], g->melds, &g->nmelds, move);
        switch (move->type) {
        case GR_RUMMY_ACT_MELD:
            rec->meld = move->meld;
            break;
        case GR_RUMMY_ACT_LAY_OFF:
            if (move->card == GR_RUMMY_JOKER)
                rec->named = move->named;
            rec->card = move->card;
            rec->target = move->target;
            break;
        default:   /* GR_RUMMY_ACT_SWAP_JOKER */
            rec->card = move->card;
            rec->target = move->target;
            break;
        }
        break;
    }
    g->nhistory++;
    if (move->type != GR_RUMMY_ACT_DRAW_STOCK
        && move->type != GR_RUMMY_ACT_DRAW_DISCARD
        && g->hand[p].once == 0 && g->hand[p].jokers == 0) {   /* twice is in once */
        g->phase = GR_RUMMY_PHASE_OVER;   /* R7: out */
        g->winner = p;
        g->taken = GR_NO_CARD;
        return;
    }
    if (move->type == GR_RUMMY_ACT_DISCARD) {
        g->taken = GR_NO_CARD;
        g->turn = p + 1 == g->nplayers ? 0 : p + 1;
        g->phase = GR_RUMMY_PHASE_DRAW;
        if (g->nstock == 0)
            gr__rgame_stock_end(g);
        if (g->played_before + g->nhistory > GR_RUMMY_MAX_HAND_MOVES - GR__RTURN_MOVES)
            g->phase = GR_RUMMY_PHASE_OVER;   /* void: no whole turn fits */
    }
}

/* gr__rgame_apply_inline out of line */
void gr__rgame_apply(gr_rummy_game *g, const gr_rummy_action *move,
                     bool record);

#endif /* GR_RUMMY_GAME_H */
