/*
 * gin/env.h: what the environment's files share (env.c, env_encode.c,
 * batch.c): OpenSpiel's action ids, the environment's phases and
 * struct gr_env.  Private to the library; never installed.
 */
#ifndef GR_GIN_ENV_H
#define GR_GIN_ENV_H

#include "ginrummy.h"
#include "common/alloc.h"
#include "gin/game.h"

enum {
    OS_DRAW_UPCARD = 52, OS_DRAW_STOCK = 53, OS_PASS = 54, OS_KNOCK = 55,
    OS_MELD_BASE = 56
};
#define OS_NMELDS (GR_ENV_NUM_ACTIONS - OS_MELD_BASE)   /* 185 */
#define OS_MAX_DRAW_UPCARDS 50                           /* kMaxNumDrawUpcardActions */

/* where the hand is, as OpenSpiel sees it */
enum {
    ENV_PLAY = 0,        /* the engine decides: first upcard, draw, discard */
    ENV_KNOCK_DISCARD,   /* the knocker chooses his discard */
    ENV_KNOCK_MELDS,     /* the knocker lays melds, then passes */
    ENV_LAYOFF,          /* the defender lays off cards, then passes */
    ENV_DEFENSE_MELDS,   /* the defender lays melds, then passes */
    ENV_OVER
};

struct gr_env {
    gr_allocator mm;
    gr_rules    *rules;
    gr_game     *game;
    int          phase;           /* ENV_* */
    int          player;          /* to act; at the end the last to act */
    int          knocker;
    bool         defending;       /* held[defender] is his hand */
    gr_card      knock_discard;   /* GR_NO_CARD until chosen */
    gr_cards     held[2];         /* during the lay-down: cards not yet laid */
    gr_cards     laid_off;
    int          nmelds[2];
    uint8_t      melds[2][GR_MAX_MELDS];   /* OpenSpiel meld ids laid */
    int          draw_upcards;
    int          terminated, truncated;
    int          rewards[2];
    int          nlegal;
    uint8_t      mask[GR_ENV_NUM_ACTIONS];
};

/* OpenSpiel's id of a card (0..51): its suits are spades, clubs,
 * diamonds, hearts, ours clubs, diamonds, hearts, spades, and the ranks
 * agree, so our spades (39..51) come first and the rest follow.  Inline
 * for the encoders' loops (gr_env_card_to_openspiel checks its argument). */
static inline int os_card(int card)
{
    return card >= 3 * 13 ? card - 3 * 13 : card + 13;
}

/* A set of cards in OpenSpiel's numbering: bit os_card(c) for each c. */
static inline gr_cards os_cards(gr_cards cards)
{
    return ((cards << 13) | (cards >> 39)) & GR_ALL_CARDS;
}

/* env_encode.c: the cards of each OpenSpiel meld id, in our card numbering */
extern const gr_cards gr__meld_table[OS_NMELDS];

#endif /* GR_GIN_ENV_H */
