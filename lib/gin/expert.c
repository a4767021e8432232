/*
 * expert.c: GR_BOT_EXPERT, a determinized Monte Carlo player (issue 17).
 *
 * It sees what its player may know (G12): the gr_view of each decision,
 * and what it remembers from the views of its earlier decisions in the same
 * hand.  From those it keeps, per hand:
 *   - the cards the opponent passed on (the upcard, our discards he left),
 *   - the cards he discarded, and the cards he took from the pile.
 * Each decision then
 *   1. lists a few candidate moves (the legal ones, discards pruned to the
 *      ones leaving the least deadwood, one knock: the least deadwood);
 *   2. samples hidden deals consistent with the view: the opponent's unknown
 *      cards drawn with weights (cards that would meld with what he passed
 *      on or threw away are less likely, cards that meld with what he took
 *      more likely), the rest shuffled into the stock; his hand has
 *      improved with his turns, so of a few such draws (more as the hand
 *      goes on) the one of least deadwood is kept, counting a hand that
 *      could have knocked on his last turn as poor (he did not knock);
 *   3. plays every candidate on every sampled deal and the hand out to its
 *      end with the greedy policy (GR_PLAYOUT_GREEDY) for the opponent and
 *      for us the same, except that we knock only with little deadwood
 *      (playing on for gin or an undercut otherwise), on a game built
 *      inside the library (no allocation), scoring the points won or lost
 *      (common samples for all candidates, so their difference has little
 *      noise);
 *   4. plays the candidate of best mean; near the end of a match the score
 *      of a hand counts by what it does to the match (see match_value).
 * Gin and big gin are always taken.  Knocking is a candidate like the
 * others, so undercut risk is in its sampled value.  The knock arrangement
 * (G15, gr_bot_arrange) is the legal one of best mean over sampled
 * opponent hands: fewest points laid off against it.
 *
 * Deterministic: all randomness comes from the bot's seeded generator.
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "common/cards.h"
#include "common/rng.h"
#include "gin/expert.h"
#include "gin/game.h"
#include "gin/melds.h"
#include "gin/rules.h"
#include "gin/settle.h"

#include <stdio.h>
#include <string.h>

#define DEFAULT_PLAYOUTS 1000
#define MAX_CAND 12
#define DISCARD_CANDS 4        /* discards kept for the search */
#define HAND_START_STOCK (GR_NCARDS - 21)

struct gr__expert {
    gr_rules rules;
    gr_rng   rng;
    int      playouts;         /* per decision */
    int      features;         /* GR_EXPERT_* */
    int      shape;            /* draws per sample per 4 opponent turns */
    int      ndiscards;        /* discard candidates */
    int      knock_max;        /* in playouts we knock with at most this */
    int      wref, wdis, wtook;   /* inference weights, in 1/10 */
    int      score[2];         /* match points: ours, theirs (0: ignore) */
    /* memory of this hand */
    bool     in_hand;
    int      multiplier;
    gr_cards opp_refused;      /* cards he could have taken and did not */
    gr_cards opp_discarded;    /* cards he discarded */
    gr_cards opp_took;         /* cards he took from the pile */
    gr_cards my_discards;
    bool     pending;          /* our discard awaits his answer */
    gr_card  last_discard;
    int      last_npile;       /* pile size right after our discard */
    /* the last decision, for gr_bot_explain */
    int      ncand;
    gr_move  cand[MAX_CAND];
    long     value[MAX_CAND];  /* sum over samples, in points */
    int      samples;
    int      chosen;           /* index into cand, or -1: no search */
    const char *why;           /* the reason when there was no search */
    gr_move  last_move;
    /* scratch games */
    gr_game  base, work;
};

gr__expert *gr__expert_new(const gr_allocator *mm, uint64_t seed)
{
    gr__expert *ex = gr__malloc(mm, sizeof *ex);
    if (!ex)
        return NULL;
    memset(ex, 0, sizeof *ex);
    gr_rules *r;
    /* the default rules: the library's default preset */
    if (gr_rules_new_mm(&r, GR_PRESET_FOURNIER, mm->malloc_fn ? mm : NULL) != GR_OK) {
        gr__free(mm, ex);
        return NULL;
    }
    ex->rules = *r;
    gr_rules_free(r);
    gr__rng_seed(&ex->rng, seed);
    ex->playouts = DEFAULT_PLAYOUTS;
    ex->features = GR_EXPERT_ALL;
    ex->shape = 8;
    ex->ndiscards = DISCARD_CANDS;
    ex->wref = 4;
    ex->wdis = 6;
    ex->wtook = 25;
    ex->knock_max = 2;
    ex->chosen = -1;
    ex->why = "no decision yet";
    return ex;
}

void gr__expert_free(gr__expert *ex, const gr_allocator *mm)
{
    if (ex)
        gr__free(mm, ex);
}

int gr__expert_set_rules(gr__expert *ex, const gr_rules *rules)
{
    gr_allocator mm = ex->rules.mm;
    ex->rules = *rules;
    ex->rules.mm = mm;   /* the bot's scratch games use the bot's allocator */
    ex->in_hand = false;
    return GR_OK;
}

int gr__expert_set_param(gr__expert *ex, int param, int value)
{
    switch (param) {
    case GR_BOT_PARAM_PLAYOUTS:
        if (value < 0 || value > 1000000)
            return GR_EINVAL;
        ex->playouts = value == 0 ? DEFAULT_PLAYOUTS : value;
        return GR_OK;
    case GR_BOT_PARAM_FEATURES:
        if (value < 0 || (value & ~GR_EXPERT_ALL))
            return GR_EINVAL;
        ex->features = value;
        return GR_OK;
    default:
        return GR_EINVAL;
    }
}

int gr__expert_set_score(gr__expert *ex, int mine, int theirs)
{
    if (mine < 0 || theirs < 0 || mine > 1000000 || theirs > 1000000)
        return GR_EINVAL;
    ex->score[0] = mine;
    ex->score[1] = theirs;
    return GR_OK;
}

/* ---- what the player has seen ------------------------------------------- */

static gr_cards pile_cards(const gr_view *v)
{
    gr_cards c = 0;
    for (int i = 0; i < v->ndiscards; i++)
        c |= GR_CARD_BIT(v->discards[i]);
    return c;
}

static const gr_move *find_legal(const gr_view *v, int type)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == type)
            return &v->legal[i];
    return NULL;
}

/* Start a hand's memory from a view taken before any stock draw (the stock
 * is full): everything that happened is still on the table. */
static void start_hand(gr__expert *ex, const gr_view *v)
{
    ex->in_hand = true;
    ex->opp_refused = ex->opp_discarded = ex->my_discards = 0;
    ex->opp_took = v->opponent_known;
    ex->pending = false;
    int me = v->player;
    gr_card upcard = GR_NO_CARD;
    if (v->opponent_known) {
        /* the opponent took the upcard and discarded the pile's top */
        upcard = (gr_card)__builtin_ctzll(v->opponent_known);
        if (v->ndiscards > 0)
            ex->opp_discarded |= GR_CARD_BIT(v->discards[v->ndiscards - 1]);
    } else if (v->ndiscards > 0) {
        upcard = v->discards[0];
        /* he passed it: the non-dealer before the dealer's offer, or the
         * dealer before our forced stock draw */
        if ((v->phase == GR_PHASE_UPCARD && me == v->dealer)
            || (v->phase == GR_PHASE_DRAW && me != v->dealer && v->ndiscards == 1))
            ex->opp_refused |= GR_CARD_BIT(upcard);
    }
    int limit;
    ex->multiplier = 1;
    if (upcard != GR_NO_CARD)
        gr__oklahoma(&ex->rules, upcard, &limit, &ex->multiplier);
}

static void observe(gr__expert *ex, const gr_view *v)
{
    if (v->stock_size == HAND_START_STOCK
        && (v->phase == GR_PHASE_UPCARD || v->phase == GR_PHASE_DRAW)) {
        start_hand(ex, v);
        return;
    }
    if (!ex->in_hand || (v->hand & ex->my_discards)) {
        /* joined mid-hand (or a new hand we did not see start) */
        ex->in_hand = true;
        ex->opp_refused = ex->opp_discarded = ex->my_discards = 0;
        ex->opp_took = v->opponent_known;
        ex->pending = false;
        ex->multiplier = 1;
    }
    ex->opp_took |= v->opponent_known;
    if (ex->pending && v->phase == GR_PHASE_DRAW) {
        int p = ex->last_npile;
        gr_cards d = GR_CARD_BIT(ex->last_discard);
        if (v->ndiscards == p + 1 && p >= 1 && v->discards[p - 1] == ex->last_discard) {
            ex->opp_refused |= d;                              /* he drew the stock */
            ex->opp_discarded |= GR_CARD_BIT(v->discards[p]);
        } else if (v->ndiscards == p && (v->opponent_known & d) && p >= 1) {
            ex->opp_discarded |= GR_CARD_BIT(v->discards[p - 1]);   /* he took it */
        }
        ex->pending = false;
    }
}

static void remember(gr__expert *ex, const gr_view *v, gr_move m)
{
    ex->last_move = m;
    if (m.type == GR_MOVE_DISCARD) {
        ex->my_discards |= GR_CARD_BIT(m.card);
        ex->pending = true;
        ex->last_discard = m.card;
        ex->last_npile = v->ndiscards + 1;
    }
}

/* ---- sampling hidden deals ----------------------------------------------- */

/* cards that make a meld of three with c: its rank, and its suit within 2 */
static gr_cards partners(gr_card c)
{
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c);
    gr_cards m = GR_EVERY_SUIT((gr_cards)1 << r);
    gr_cards run = 0;
    for (int d = -2; d <= 2; d++)
        if (d != 0 && r + d >= 0 && r + d <= GR_KING)
            run |= (gr_cards)1 << (r + d);
    m |= run << (13 * s);
    return m & ~GR_CARD_BIT(c);
}

typedef struct sampler {
    int      n;                   /* unknown cards */
    gr_card  card[GR_NCARDS];
    uint32_t weight[GR_NCARDS];   /* integer weights: the same on every platform */
    int      need;                /* how many of them the opponent holds */
    int      tries;               /* hands drawn per sample: the one of least
                                     deadwood is kept */
    gr_cards known;               /* his known cards */
    int      above;               /* he did not knock: prefer hands whose
                                     deadwood is above this (-1: no such) */
} sampler;

/* false if the view does not add up (then the bot plays greedy) */
static bool sampler_init(const gr__expert *ex, const gr_view *v, sampler *s)
{
    gr_cards unknown = GR_ALL_CARDS & ~v->hand & ~pile_cards(v) & ~v->opponent_known;
    s->need = v->opponent_count - gr__popcount(v->opponent_known);
    s->n = 0;
    if (s->need < 0 || gr__popcount(unknown) != s->need + v->stock_size)
        return false;
    s->known = v->opponent_known;
    s->tries = 1;
    s->above = -1;
    if (ex->features & GR_EXPERT_SKILL) {
        /* his hand improved with each of his turns: keep the best of a few
         * random hands, more as the hand goes on */
        int turns = gr__popcount(ex->opp_discarded);
        s->tries = 1 + (turns * ex->shape) / 4;
        if (s->tries > 12)
            s->tries = 12;
        if (turns > 0)   /* he did not knock on his last turn */
            s->above = v->knock_limit;
    }
    gr_cards refused = 0, discarded = 0, took = 0;
    if (ex->features & GR_EXPERT_INFER) {
        refused = ex->opp_refused;
        discarded = ex->opp_discarded & ~ex->opp_refused;
        took = ex->opp_took;
    }
    for (gr_cards u = unknown; u; u &= u - 1) {
        gr_card c = (gr_card)__builtin_ctzll(u);
        gr_cards p = partners(c);
        uint32_t w = 1024;
        for (int k = gr__popcount(p & refused); k > 0; k--)
            w = w * (uint32_t)ex->wref / 10;
        for (int k = gr__popcount(p & discarded); k > 0; k--)
            w = w * (uint32_t)ex->wdis / 10;
        for (int k = gr__popcount(p & took); k > 0 && w < (1u << 20); k--)
            w = w * (uint32_t)ex->wtook / 10;
        s->card[s->n] = c;
        s->weight[s->n] = w ? w : 1;
        s->n++;
    }
    return true;
}

/* One draw of the opponent's unknown cards and the stock (top last). */
static gr_cards sample_once(gr__expert *ex, const sampler *s, gr_card *stock)
{
    gr_card card[GR_NCARDS];
    uint32_t weight[GR_NCARDS];
    int n = s->n;
    memcpy(card, s->card, (size_t)n * sizeof *card);
    memcpy(weight, s->weight, (size_t)n * sizeof *weight);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += weight[i];
    gr_cards opp = 0;
    for (int k = 0; k < s->need; k++) {
        uint64_t r = gr__rng_below(&ex->rng, total);
        int i = 0;
        while (r >= weight[i]) {
            r -= weight[i];
            i++;
        }
        opp |= GR_CARD_BIT(card[i]);
        total -= weight[i];
        card[i] = card[n - 1];
        weight[i] = weight[n - 1];
        n--;
    }
    memcpy(stock, card, (size_t)n * sizeof *card);
    gr__shuffle(&ex->rng, stock, n);
    return opp;
}

/* One hidden deal: the best (least deadwood with his known cards) of
 * s->tries draws. */
static gr_cards sample(gr__expert *ex, const sampler *s, gr_card *stock)
{
    gr_cards best = sample_once(ex, s, stock);
    if (s->tries <= 1)
        return best;
    /* a hand that could have knocked counts as 100 more deadwood */
    int best_dw = gr__deadwood(best | s->known);
    if (best_dw <= s->above)
        best_dw += 100;
    gr_card tmp[GR_NCARDS];
    for (int t = 1; t < s->tries; t++) {
        gr_cards h = sample_once(ex, s, tmp);
        int dw = gr__deadwood(h | s->known);
        if (dw <= s->above)
            dw += 100;
        if (dw < best_dw) {
            best_dw = dw;
            best = h;
            memcpy(stock, tmp, (size_t)(s->n - s->need) * sizeof *tmp);
        }
    }
    return best;
}

/* The game of one sampled deal, at the view's decision. */
static void build(gr__expert *ex, const gr_view *v, gr_cards opp_hand,
                  const gr_card *stock, gr_game *g)
{
    int me = v->player;
    memset(g, 0, offsetof(gr_game, history_inline));
    g->rules = ex->rules;
    g->dealer = v->dealer;
    g->phase = v->phase;
    g->turn = v->turn;
    g->taken = GR_NO_CARD;
    g->knock_limit = v->knock_limit;
    g->multiplier = ex->multiplier;
    g->hand[me] = v->hand;
    g->hand[1 - me] = opp_hand;
    g->known[1 - me] = v->opponent_known;
    g->nstock = v->stock_size;
    memcpy(g->stock, stock, (size_t)v->stock_size * sizeof *stock);
    g->npile = v->ndiscards;
    memcpy(g->pile, v->discards, (size_t)v->ndiscards * sizeof *v->discards);
    g->history = g->history_inline;
    g->caphistory = GR_HISTORY_INLINE;
    if (v->phase == GR_PHASE_UPCARD && v->turn == v->dealer) {
        g->history_inline[0] = (gr_move){ .type = GR_MOVE_PASS, .card = GR_NO_CARD };
        g->nhistory = 1;   /* the non-dealer passed (G9) */
    }
    if (v->phase == GR_PHASE_DRAW && v->ndiscards > 0 && !find_legal(v, GR_MOVE_DRAW_DISCARD))
        g->stock_only = true;
    if (v->phase == GR_PHASE_DISCARD) {
        /* the card taken from the pile is the one card not offered (G11) */
        gr_cards offered = 0;
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == GR_MOVE_DISCARD)
                offered |= GR_CARD_BIT(v->legal[i].card);
        gr_cards t = v->hand & ~offered;
        if (t)
            g->taken = (gr_card)__builtin_ctzll(t);
        gr__game_discard_options(g);
    }
}

/* The points of a finished hand for player me, weighed by the match: a hand
 * that ends the match is worth a bonus on top of its points. */
static int match_value(const gr__expert *ex, const gr_hand_result *r, int me)
{
    if (r->outcome == GR_OUTCOME_VOID || r->winner < 0)
        return 0;
    int pts = r->points;
    int target = ex->rules.opt[GR_OPT_TARGET];
    if (ex->score[0] + ex->score[1] > 0 && (ex->features & GR_EXPERT_MATCH)) {
        int who = r->winner == me ? 0 : 1;
        if (ex->score[who] < target && ex->score[who] + pts >= target)
            pts += 50;   /* winning (or losing) the match outweighs its points */
    }
    return r->winner == me ? pts : -pts;
}

/* Play move m then the rest of the hand greedily on a copy of base. */
static int playout_value(gr__expert *ex, gr_move m, int me)
{
    gr_game *w = &ex->work;
    memcpy(w, &ex->base, offsetof(gr_game, history_inline)
                         + (size_t)ex->base.nhistory * sizeof(gr_move));
    w->history = w->history_inline;
    w->caphistory = GR_HISTORY_INLINE;
    int rc = gr__game_play(w, m);
    if (rc == GR_OK)
        rc = gr__game_playout_greedy(w, me, (ex->features & GR_EXPERT_KNOCK)
                                             ? ex->knock_max : 100);
    if (w->history != w->history_inline) {
        gr__free(&w->rules.mm, w->history);
        w->history = w->history_inline;
    }
    if (rc != GR_OK || w->phase != GR_PHASE_OVER) {
        return 0;
    }
    return match_value(ex, &w->result, me);
}

/* ---- candidates ------------------------------------------------------------ */

static void add(gr__expert *ex, gr_move m)
{
    if (ex->ncand < MAX_CAND)
        ex->cand[ex->ncand++] = m;
}

/* The discard candidates: the allowed cards leaving the least deadwood,
 * then the knock of least deadwood.  Returns false when one move is
 * clearly right (written to *only). */
static bool discard_candidates(gr__expert *ex, const gr_view *v, int fallback,
                               gr_move *only)
{
    const gr_move *m;
    if ((m = find_legal(v, GR_MOVE_BIG_GIN)) != NULL) {
        *only = *m;
        ex->why = "big gin";
        return false;
    }
    if (find_legal(v, GR_MOVE_GIN)) {
        *only = v->legal[fallback];   /* greedy picks gin, safest discard */
        ex->why = "gin";
        return false;
    }
    int dw[GR_NCARDS];
    gr_move disc[GR_MAX_MOVES];
    int nd = 0;
    const gr_move *knock = NULL;
    int knock_dw = 1 << 20;
    for (int i = 0; i < v->nlegal; i++) {
        const gr_move *x = &v->legal[i];
        if (x->type == GR_MOVE_DISCARD) {
            dw[x->card] = gr__deadwood(v->hand & ~GR_CARD_BIT(x->card));
            disc[nd++] = *x;
        } else if (x->type == GR_MOVE_KNOCK) {
            int d = gr__deadwood(v->hand & ~GR_CARD_BIT(x->card));
            if (d < knock_dw) {
                knock_dw = d;
                knock = x;
            }
        }
    }
    if (knock && !(ex->features & GR_EXPERT_KNOCK)) {
        *only = v->legal[fallback];   /* knock as soon as legal */
        ex->why = "knock as soon as legal";
        return false;
    }
    if (!(ex->features & GR_EXPERT_SEARCH) && !knock) {
        *only = v->legal[fallback];
        ex->why = "least deadwood (no search)";
        return false;
    }
    /* the greedy discard first (ties keep its order), then by deadwood */
    const gr_move *g = &v->legal[fallback];
    if (g->type == GR_MOVE_DISCARD)
        add(ex, *g);
    for (int k = 0; k < nd; k++) {   /* selection by least deadwood */
        int best = k;
        for (int j = k + 1; j < nd; j++)
            if (dw[disc[j].card] < dw[disc[best].card])
                best = j;
        gr_move t = disc[k];
        disc[k] = disc[best];
        disc[best] = t;
    }
    int limit = (ex->features & GR_EXPERT_SEARCH) ? ex->ndiscards : 1;
    for (int k = 0; k < nd && ex->ncand < limit; k++)
        if (!(g->type == GR_MOVE_DISCARD && disc[k].card == g->card))
            add(ex, disc[k]);
    if (knock)
        add(ex, *knock);
    return true;
}

int gr__expert_choose(gr__expert *ex, const gr_view *v, int fallback, gr_move *out)
{
    observe(ex, v);
    ex->ncand = 0;
    ex->samples = 0;
    ex->chosen = -1;
    gr_move m = v->legal[fallback];
    if (v->nlegal == 1) {
        ex->why = "the only legal move";
        m = v->legal[0];
        goto done;
    }
    bool known_moves = v->phase == GR_PHASE_UPCARD || v->phase == GR_PHASE_DRAW
                       || v->phase == GR_PHASE_DISCARD;
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type < GR_MOVE_TAKE_UPCARD || v->legal[i].type > GR_MOVE_BIG_GIN)
            known_moves = false;
    if (!known_moves) {   /* a phase or move of newer rules: the greedy choice */
        ex->why = "the greedy choice (a phase the expert does not search)";
        goto done;
    }
    if (v->phase == GR_PHASE_DISCARD) {
        if (!discard_candidates(ex, v, fallback, &m))
            goto done;
    } else {
        if (!(ex->features & GR_EXPERT_SEARCH)) {
            ex->why = "takes a card only if it lowers the deadwood (no search)";
            goto done;
        }
        add(ex, m);   /* the greedy choice first: it wins ties */
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type != m.type)
                add(ex, v->legal[i]);
    }
    if (ex->ncand <= 1) {
        ex->why = "the only sensible move";
        if (ex->ncand == 1)
            m = ex->cand[0];
        goto done;
    }

    sampler s;
    if (!sampler_init(ex, v, &s)) {
        ex->why = "the view does not fit the rules set (greedy)";
        ex->ncand = 0;
        goto done;
    }
    int nsamples = ex->playouts / ex->ncand;
    if (nsamples < 4)
        nsamples = 4;
    memset(ex->value, 0, sizeof ex->value);
    gr_card stock[GR_NCARDS];
    for (int k = 0; k < nsamples; k++) {
        gr_cards opp = sample(ex, &s, stock) | v->opponent_known;
        build(ex, v, opp, stock, &ex->base);
        for (int c = 0; c < ex->ncand; c++)
            ex->value[c] += playout_value(ex, ex->cand[c], v->player);
    }
    ex->samples = nsamples;
    int best = 0;
    for (int c = 1; c < ex->ncand; c++)
        if (ex->value[c] > ex->value[best])
            best = c;
    ex->chosen = best;
    m = ex->cand[best];
done:
    remember(ex, v, m);
    *out = m;
    return GR_OK;
}

/* ---- the knock arrangement (G15) ------------------------------------------ */

#define MAX_MELD_CANDS 48
#define MAX_ARRANGEMENTS 64

typedef struct arr_search {
    gr_cards hand;
    int      limit;
    int      nmeld;
    gr_cards meld[MAX_MELD_CANDS];
    int      narr;
    gr_arrangement arr[MAX_ARRANGEMENTS];
    gr_cards chosen[GR_MAX_MELDS];
} arr_search;

/* every set and run of the hand (runs of any length, sets of 3 and 4) */
static void list_melds(arr_search *a)
{
    gr_cards h = a->hand;
    a->nmeld = 0;
    for (int r = 0; r <= GR_KING; r++) {
        gr_cards rank = h & GR_EVERY_SUIT((gr_cards)1 << r);
        int n = gr__popcount(rank);
        if (n >= 3 && a->nmeld < MAX_MELD_CANDS)
            a->meld[a->nmeld++] = rank;
        if (n == 4)
            for (gr_cards x = rank; x && a->nmeld < MAX_MELD_CANDS; x &= x - 1)
                a->meld[a->nmeld++] = rank & ~(x & (~x + 1));
    }
    for (int s = 0; s < 4; s++)
        for (int lo = 0; lo + 2 <= GR_KING; lo++)
            for (int hi = lo + 2; hi <= GR_KING; hi++) {
                gr_cards run = 0;
                for (int r = lo; r <= hi; r++)
                    run |= GR_CARD_BIT(GR_CARD(r, s));
                if ((h & run) != run)
                    break;
                if (a->nmeld < MAX_MELD_CANDS)
                    a->meld[a->nmeld++] = run;
            }
}

static void search_arr(arr_search *a, int from, int depth, gr_cards used)
{
    if (a->narr >= MAX_ARRANGEMENTS)
        return;
    gr_cards dead = a->hand & ~used;
    int pts = gr__cards_points(dead);
    if (pts <= a->limit) {
        gr_arrangement *x = &a->arr[a->narr++];
        memset(x, 0, sizeof *x);
        x->nmelds = depth;
        for (int i = 0; i < depth; i++)
            x->melds[i] = a->chosen[i];
        x->deadwood = dead;
        x->deadwood_points = pts;
    }
    for (int i = from; i < a->nmeld && depth < GR_MAX_MELDS; i++) {
        if (a->meld[i] & used)
            continue;
        a->chosen[depth] = a->meld[i];
        search_arr(a, i + 1, depth + 1, used | a->meld[i]);
    }
}

int gr__expert_arrange(gr__expert *ex, const gr_view *v, gr_card discard,
                       gr_arrangement *out)
{
    gr_cards kept = v->hand & ~GR_CARD_BIT(discard);
    gr_arrangement least;
    gr__arrange(kept, &least);
    if (least.deadwood_points > v->knock_limit)
        return GR_EILLEGAL;
    arr_search *a = gr__malloc(&ex->rules.mm, sizeof *a);
    if (!a)
        return GR_ENOMEM;
    a->hand = kept;
    a->limit = v->knock_limit;
    a->narr = 0;
    list_melds(a);
    search_arr(a, 0, 0, 0);
    sampler s;
    int best = -1;
    if ((ex->features & GR_EXPERT_ARRANGE) && a->narr > 1 && sampler_init(ex, v, &s)) {
        long value[MAX_ARRANGEMENTS] = { 0 };
        gr_card stock[GR_NCARDS];
        int nsamples = 48;
        int opp_count = v->opponent_count;
        for (int k = 0; k < nsamples; k++) {
            gr_cards opp = sample(ex, &s, stock) | v->opponent_known;
            if (gr__popcount(opp) != opp_count)
                break;
            for (int i = 0; i < a->narr; i++) {
                gr_hand_result r;
                if (gr__settle(&ex->rules, v->knock_limit, ex->multiplier, &a->arr[i],
                               opp, NULL, &r) != GR_OK)
                    continue;
                value[i] += r.winner == 0 ? r.points : -r.points;
            }
        }
        best = 0;
        for (int i = 1; i < a->narr; i++)
            if (value[i] > value[best]
                || (value[i] == value[best]
                    && a->arr[i].deadwood_points < a->arr[best].deadwood_points))
                best = i;
    }
    *out = best >= 0 ? a->arr[best] : least;
    gr__free(&ex->rules.mm, a);
    return GR_OK;
}

/* ---- explanation ----------------------------------------------------------- */

static void write_move(gr_writer *w, gr_move m)
{
    static const char *const names[] = {
        "?", "take the upcard", "pass", "draw from the stock",
        "take the discard", "discard", "knock discarding", "go gin discarding",
        "big gin"
    };
    gr__write_str(w, names[m.type >= 1 && m.type <= 8 ? m.type : 0]);
    if ((m.type == GR_MOVE_DISCARD || m.type == GR_MOVE_KNOCK || m.type == GR_MOVE_GIN
         || m.type == GR_MOVE_TAKE_UPCARD || m.type == GR_MOVE_DRAW_DISCARD)
        && m.card < GR_NCARDS) {
        gr__write_str(w, " ");
        gr__write_card(w, m.card);
    }
}

int gr__expert_explain(const gr__expert *ex, char *buf, size_t size)
{
    gr_writer w;
    char num[64];
    gr__write_start(&w, buf, size);
    write_move(&w, ex->last_move);
    if (ex->chosen < 0 || ex->samples == 0) {
        gr__write_str(&w, ": ");
        gr__write_str(&w, ex->why);
    } else {
        double mean = (double)ex->value[ex->chosen] / ex->samples;
        snprintf(num, sizeof num, ": %+.1f points on average over %d sampled deals",
                 mean, ex->samples);
        gr__write_str(&w, num);
        int second = -1;
        for (int c = 0; c < ex->ncand; c++)
            if (c != ex->chosen && (second < 0 || ex->value[c] > ex->value[second]))
                second = c;
        if (second >= 0) {
            gr__write_str(&w, " (next best: ");
            write_move(&w, ex->cand[second]);
            snprintf(num, sizeof num, ", %+.1f)",
                     (double)ex->value[second] / ex->samples);
            gr__write_str(&w, num);
        }
    }
    return (int)w.len;
}
