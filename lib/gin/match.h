/*
 * gin/match.h: the layout of a match (match.c, match_save.c, standing.c).
 * Private to the library; never installed.
 */
#ifndef GR_GIN_MATCH_H
#define GR_GIN_MATCH_H

#include "ginrummy.h"
#include "common/rng.h"
#include "gin/rules.h"

#define MATCH_SIDES 3   /* players with 3, teams with 4, players with 2 */
#define MATCH_GAMES 3   /* Hollywood (G35); one game otherwise */

/* one game's score: the match's only game, or a Hollywood column */
typedef struct match_game {
    int over;                       /* a side reached the target */
    int winner;                     /* that side, else -1 */
    int hands_won[MATCH_SIDES];     /* hands (deals) credited to this game */
    int hand_points[MATCH_SIDES];   /* boxes included when immediate (G37) */
} match_game;

/* one recorded hand: what gr_match_record_table uses, kept for undo and
 * save */
typedef struct match_entry {
    int outcome, knocker, winner, points, table;
} match_entry;

struct gr_match {
    gr_rules rules;         /* a copy: later changes by the caller do not count */
    gr_rng   rng;           /* cut, then one seed per dealt hand */
    gr_card  cut[4];        /* the deciding cut, one card per seat (G6, G40) */
    int      players;       /* 2, 3 or 4 */
    int      nsides;        /* 2, or 3 with 3 players */
    int      ngames;        /* 3 under Hollywood, else 1 */
    int      target;        /* GR_OPT_TARGET, or GR_OPT_TEAM_TARGET (4) */
    int      dealer;        /* 2: dealer of the next hand; 3: the seat
                               dealing and sitting out; 4: unused */
    int      over;          /* every game is over */
    int      hands_played;  /* hands (deals with 4 players), void included */
    int      wins[MATCH_SIDES];     /* hands (deals) won, all games */
    /* 4 players: the deal in progress */
    int      recorded;      /* bit t: table t recorded */
    int      deal_points[2];        /* each team's points so far */
    match_game game[MATCH_GAMES];
    /* score keeping */
    uint64_t seed;          /* as given to gr_match_new (saved) */
    int      first_dealer;  /* the first hand's dealer, a seat (4 players:
                               his team deals the even deals; 0 after the
                               cut) */
    int      chosen;        /* 1: the first dealer was chosen, no cut */
    int      deals;         /* hands dealt by gr_match_deal_table (saved) */
    int      last_reason;   /* GR_REASON_* of the last refused call */
    int      nlog, caplog;  /* the recorded hands, oldest first */
    match_entry *log;
};

/* Credit a hand (deal) won by `side` with `points` to the games G35 says
 * (the only game without Hollywood), and end the games and the match that
 * reach their target (standing.c). */
void gr__match_credit(gr_match *m, int side, int points);

/* The most hands the match records: GR_MAX_HOLLYWOOD_HANDS for Hollywood
 * (three games, each of which may credit every hand), else
 * GR_MAX_MATCH_HANDS; either keeps every total within an int. */
static inline int gr__match_max_hands(const gr_match *m)
{
    return m->ngames > 1 ? GR_MAX_HOLLYWOOD_HANDS : GR_MAX_MATCH_HANDS;
}

#endif /* GR_GIN_MATCH_H */
