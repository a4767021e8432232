/*
 * rummy/expert.h: the basic Rummy expert bot (GR_BOT_EXPERT of
 * gr_rummy_bot): what it remembers of the hand and how it samples the
 * hidden cards (expert_sample.c), and its search over whole-turn plans
 * (expert.c).  Private to the library; never installed.
 */
#ifndef GR_RUMMY_EXPERT_H
#define GR_RUMMY_EXPERT_H

#include "common/rng.h"
#include "rummy/game.h"

#include <stdbool.h>

/* the default hands played out a decision (GR_BOT_PARAM_PLAYOUTS 0) */
#define GR__REXPERT_PLAYOUTS 2000
/* the most candidates of a decision: 3 ways to meld times 5 discards */
#define GR__REXPERT_CANDIDATES 15
/* the most sampled deals of a decision */
#define GR__REXPERT_SAMPLES 2048
/* the most moves of one turn's plan: melds, layoffs, exchanges, a discard */
#define GR__REXPERT_PLAN 32
/* the match equity (expert_equity.c): points tallied one by one (more
 * counted as the last), steps of a score short of the target, hands of a
 * race */
#define GR__REQUITY_TALLY 1024
#define GR__REQUITY_STEPS 200
#define GR__REQUITY_HANDS 96

typedef struct gr__rexpert {
    int playouts;                 /* a decision's budget of playouts */
    int features;                 /* GR_RUMMY_EXPERT_* */
    bool have_rules;
    gr_rummy_rules rules;         /* gr_rummy_bot_set_rules, if given */
    gr_rng rng;
    /* what the seat saw earlier in the hand */
    bool started;
    int dealer, turnovers, stock_size, nmelds;
    bool pile_valid;              /* the pile as our discard left it */
    int npile;
    gr_card pile[GR_RUMMY_MAX_CARDS];
    gr_cards passed[GR_RUMMY_MAX_PLAYERS];  /* faces a seat did not take */
    gr_cards thrown[GR_RUMMY_MAX_PLAYERS];  /* faces a seat discarded */
    gr_card last[GR_RUMMY_MAX_PLAYERS];     /* what a seat threw at his
                                     last turn, or GR_NO_CARD if not seen */
    gr_card before[GR_RUMMY_MAX_PLAYERS];   /* what he threw the turn
                                     before, or GR_NO_CARD */
    gr_card top[GR_RUMMY_MAX_PLAYERS];      /* the top he passed at his last
                                     turn, or GR_NO_CARD */
    gr_cards fits;                /* the faces that fit a table meld at the
                                     seat's draw (as the others left it) */
    int nstk;                     /* the stock's size at the last view, or
                                     -1 before the first view of the hand */
    signed char stk[GR_RUMMY_MAX_CARDS];    /* the stock, bottom first: a
                                     card the seat saw in the pile before a
                                     turnover (R6) put it there, else -1 */
    gr_rummy_hand drew[GR_RUMMY_MAX_PLAYERS];  /* cards a seat drew from the
                                     stock where they were known, not seen
                                     played since */
    /* the plan of the turn being played */
    int nplan, iplan;
    gr_rummy_action plan[GR__REXPERT_PLAN];
    gr_rummy_hand expect[GR__REXPERT_PLAN];  /* the hand before each move */
    int turns;                    /* the seat's draws this hand */
    /* the match (gr_rummy_bot_set_score) and its equity (expert_equity.c) */
    bool have_score;
    int score_players, target;
    int total[GR_RUMMY_MAX_PLAYERS];
    bool equity_built;            /* tried for this score and seat */
    int equity_me;                /* the seat it was built for */
    bool equity_used;             /* the table below is usable */
    bool equity_on;               /* this decision's playouts are valued by it */
    int unit;                     /* points a step */
    float equity0;                /* the seat's chance before the hand */
    float equity[GR_RUMMY_MAX_PLAYERS][GR__REQUITY_STEPS + 1];  /* the seat's
                                     chance after seat w wins x steps */
    uint32_t tally[GR__REQUITY_TALLY];  /* hands won by s points */
    long ntally;
    float reach[GR__REQUITY_STEPS + 1][GR__REQUITY_HANDS + 1];  /* r(d, t) */
    /* the search's playout values: candidate by sampled deal */
    float value[GR__REXPERT_CANDIDATES][GR__REXPERT_SAMPLES];
} gr__rexpert;

/* a fresh expert */
void gr__rexpert_init(gr__rexpert *e, uint64_t seed);

/* the move for the view's player (pos: its position, from the view) */
int gr__rexpert_choose(gr__rexpert *e, const gr_rummy_view *view,
                       const gr__rpos *pos, gr_rummy_action *out);

/* ---- expert_equity.c ----------------------------------------------------- */

/* count the winner's points of a playout of the seat's first turn */
void gr__rexpert_tally(gr__rexpert *e, int points);

/* build the equity table for the score given and seat `me` from the
 * tally: e->equity_used tells whether the playouts are then valued by it
 * (an empty tally or a far target: points) */
void gr__rexpert_equity_build(gr__rexpert *e, int me);

/* the seat's chance to win the match after `winner` (-1: nobody) scores
 * `points` this hand */
double gr__rexpert_equity(const gr__rexpert *e, int winner, int points);

/* ---- expert_sample.c ----------------------------------------------------- */

/* The public part of a determinized game and the unseen cards. */
typedef struct gr__rdeal {
    gr_rummy_game base;           /* everything the view shows; hidden cards
                                     and the stock not filled */
    int npool;
    gr_card pool[GR_RUMMY_MAX_CARDS];       /* the unseen cards */
    int hidden[GR_RUMMY_MAX_PLAYERS];       /* unseen cards per seat */
    gr_card stk[GR_RUMMY_MAX_CARDS];        /* the stock, bottom first: a
                                               known card or GR_NO_CARD */
} gr__rdeal;

/* Read what the view shows since the seat's last discard (who took or
 * passed our discard, what each seat threw, what the stock holds after a
 * turnover and who drew its known cards) and forget an earlier hand. */
void gr__rexpert_observe(gr__rexpert *e, const gr_rummy_view *view);

/* remember our discard (the pile as it leaves it) */
void gr__rexpert_discarded(gr__rexpert *e, const gr_rummy_view *view, gr_card c);

/* the public game and unseen cards of a view; GR_EINVAL if the view's
 * cards do not add up to a deck the rules allow */
int gr__rdeal_init(const gr__rexpert *e, const gr_rummy_view *view,
                   gr__rdeal *d);

/* one determinization: *g is d->base with the hidden hands and the
 * stock's unknown places dealt from the unseen cards (weighed by what
 * each seat passed, threw and took, with GR_RUMMY_EXPERT_INFER) */
void gr__rdeal_sample(const gr__rexpert *e, const gr__rdeal *d, gr_rng *rng,
                      gr_rummy_game *g);

#endif /* GR_RUMMY_EXPERT_H */
