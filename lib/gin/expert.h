/*
 * gin/expert.h: the expert bot (expert.c, expert_sample.c), used by bot.c.
 * Private to the library; never installed.
 */
#ifndef GR_GIN_EXPERT_H
#define GR_GIN_EXPERT_H

#include "ginrummy.h"
#include "common/alias.h"
#include "common/rng.h"
#include "gin/game.h"
#include "gin/rules.h"
#include "gin/turn.h"

#include <stdbool.h>

typedef struct gr__expert gr__expert;

/* NULL when out of memory */
gr__expert *gr__expert_new(const gr_allocator *mm, uint64_t seed);
void gr__expert_free(gr__expert *ex, const gr_allocator *mm);
/* a legal move of the (validated) view; the greedy choice `fallback` is
 * played when the view does not fit the bot's rules */
int  gr__expert_choose(gr__expert *ex, const gr_view *view, int fallback,
                       gr_move *out);
int  gr__expert_set_rules(gr__expert *ex, const gr_rules *rules);
int  gr__expert_set_param(gr__expert *ex, int param, int value);
int  gr__expert_set_score(gr__expert *ex, int mine, int theirs);
int  gr__expert_arrange(gr__expert *ex, const gr_view *view, gr_card discard,
                        gr_arrangement *out);
int  gr__expert_explain(const gr__expert *ex, char *buf, size_t size);

/* bot.c: the greedy bot's choice, an index into view->legal */
int  gr__greedy_choose(const gr_view *view);

/* ---- shared by expert.c and expert_sample.c ------------------------------ */

#define MAX_CAND 12

struct gr__expert {
    gr_rules rules;
    gr_rng   rng;
    int      playouts;         /* per decision */
    int      features;         /* GR_EXPERT_* */
    int      ndiscards;        /* discard candidates */
    int      knock_max;        /* in playouts we knock with at most this */
    int      wref, wdis, wtook;   /* inference weights, in 1/10 */
    int      score[2];         /* match points: ours, theirs */
    bool     score_set;        /* gr_bot_set_score was called */
    /* the match equity (expert_equity.c): equity[mine * target + theirs] */
    int32_t *equity;           /* in 1/GR__EQUITY_ONE; NULL: value points */
    int      equity_target;
    bool     equity_tried;     /* built (or found impossible) for the rules */
    bool     by_equity;        /* this decision values hands by the equity */
    /* memory of this hand */
    bool     in_hand;
    int      multiplier;
    gr_cards opp_refused;      /* cards he could have taken and did not */
    gr_cards opp_discarded;    /* cards he discarded */
    gr_cards opp_took;         /* cards he took from the pile */
    gr_card  opp_last_discard; /* his discard on his last turn (or GR_NO_CARD) */
    gr_card  opp_last_took;    /* the face-up card he took that turn (or
                                  GR_NO_CARD: he drew from the stock) */
    gr_card  opp_last_refused; /* our discard he left that turn, drawing
                                  from the stock (or GR_NO_CARD) */
    int8_t   opp_since[11];    /* [v]: his stock draws since his last
                                  discard worth v points (-1: none) */
    struct gr__expert_moves {  /* what our player did */
        gr_cards my_discards;
        bool     pending;      /* our discard awaits his answer */
        gr_card  last_discard;
        int      last_npile;   /* pile size right after our discard */
        gr_move  played;       /* our player's last move */
    } mine, before;            /* now; before the last decision's move */
    uint64_t seed;
    uint64_t decided;          /* the key of the view of the last choose or
                                  observe (0: none) */
    /* the last decision, for gr_bot_explain */
    int      ncand;
    gr_move  cand[MAX_CAND];
    int64_t  value[MAX_CAND];  /* sum over samples: points, or the equity in
                                  1/GR__EQUITY_ONE (up to 1e6 a sample) */
    int64_t  n[MAX_CAND];      /* the samples each candidate was played on */
    int      samples;
    int      chosen;           /* index into cand, or -1: no search */
    const char *why;           /* the reason when there was no search */
    gr_move  last_move;        /* the last decision's move */
    /* scratch games */
    gr_game  base, work;
};

typedef struct sampler {
    int      n;                   /* unknown cards */
    gr_card  card[GR_NCARDS];
    uint32_t weight[GR_NCARDS];   /* integer weights: the same on every platform */
    gr__alias table;              /* of the weights, for draws */
    uint64_t total;               /* their sum */
    int      need;                /* how many of them the opponent holds */
    int      tries;               /* hands drawn per sample at most (1: the
                                     first is kept; see gr__expert_sample) */
    gr_cards known;               /* his known cards */
    int      above;               /* he did not knock: prefer hands whose
                                     deadwood is above this (-1: no such) */
    gr_card  last_discard;        /* prefer hands from which his last discard
                                     was a least-deadwood one (GR_NO_CARD: none) */
    gr_card  last_took;           /* the card he could not discard then, which
                                     he took (GR_NO_CARD: none) */
    gr_card  last_refused;        /* our discard he left then (GR_NO_CARD:
                                     none) */
    int8_t   since[11];           /* prefer hands of at most since[v] cards
                                     worth more than v that meld with nothing
                                     (-1: no such rule; see hand_score) */
} sampler;

/* Each of his discards was his worst card then: a card of his that melds
 * with nothing and is worth more than one he threw (worth v) came to him
 * after it, so there are at most since[v] such cards, one a stock draw
 * (cards taken from the pile are known and not counted; a card that
 * melds with nothing now melded with nothing then, unless he broke a
 * meld since) */
static inline bool gr__expert_fits_discards(const sampler *s, gr_cards hand)
{
    gr_cards loose = hand & ~s->known & ~gr__meldable(hand);
    for (int v = 1; v < 10; v++) {
        gr_cards above = GR_EVERY_SUIT(GR_SUIT_MASK & ~((1u << v) - 1));   /* ranks worth more than v */
        if (s->since[v] >= 0 && gr__popcount(loose & above) > s->since[v])
            return false;
    }
    return true;
}

/* expert_equity.c: the chance to win the match from a score, in
 * 1/GR__EQUITY_ONE; ready() builds the table when first needed and says
 * whether hands are valued by it */
#define GR__EQUITY_ONE 1000000
#define GR__EQUITY_MAX_TARGET 300
bool gr__expert_equity_ready(gr__expert *ex);
int  gr__expert_equity(const gr__expert *ex, int mine, int theirs);
void gr__expert_equity_free(gr__expert *ex);

const gr_move *gr__expert_find_legal(const gr_view *v, int type);
void gr__expert_remember(gr__expert *ex, const gr_view *v, gr_move m);
uint64_t gr__expert_view_key(const gr_view *v);
uint64_t gr__expert_at_view(gr__expert *ex, const gr_view *v);
int  gr__expert_observe_move(gr__expert *ex, const gr_view *v, gr_move played);
bool gr__expert_sampler_init(const gr__expert *ex, const gr_view *v,
                             sampler *s);
gr_cards gr__expert_sample(gr__expert *ex, const sampler *s,
                           gr_card *stock);
void gr__expert_build(gr__expert *ex, const gr_view *v, gr_cards opp_hand,
                      const gr_card *stock, gr_game *g);

#endif /* GR_GIN_EXPERT_H */
