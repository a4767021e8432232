/*
 * expert.c: GR_BOT_EXPERT, a determinized Monte Carlo player.
 *
 * ALGORITHM
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
 *      more likely), the rest shuffled into the stock; once he has played
 *      a turn, of a few such draws the one that fits his turns is
 *      kept, counting as poor a hand that could have knocked (he did not
 *      knock), one that holds more cards melding with nothing and worth
 *      more than a card he threw than his stock draws since (he threw his
 *      worst card each time), one from which his last discard was not his
 *      worst card (it would have left more deadwood than another), one
 *      the card he took from the pile did not help, and one that our
 *      discard he left would help now; drawing stops at the second hand
 *      that fits, and of two the one of less deadwood is kept (his hand
 *      improved with his turns);
 *   3. plays the candidates on the sampled deals (common samples for all
 *      candidates, so their difference has little noise) and the hand
 *      out to its end (rollout) with the greedy policy
 *      (GR_PLAYOUT_GREEDY), except that we knock only with little
 *      deadwood (playing on for gin or an undercut otherwise) and the
 *      opponent takes a face-up card only to meld it (measured stronger
 *      than the greedy rule as the model of him, against greedy opponents
 *      too), on a game built inside the library (no allocation), valuing
 *      the hand's outcome; as a race: half the budget of playouts spread
 *      over every candidate, then round by round a candidate clearly
 *      behind the leader (by RACE_Z standard errors of the difference)
 *      drops out and half of what is left goes to those still in, so a
 *      clear decision stops early and a close one gets the samples;
 *   4. plays the candidate of best mean value: the points won or lost,
 *      or once the match score is known the chance to win the match that
 *      the hand's outcome leaves (expert_equity.c).
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

#define DEFAULT_PLAYOUTS 1200
#define DISCARD_CANDS 6        /* discards kept for the search */

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
    ex->seed = seed;
    ex->playouts = DEFAULT_PLAYOUTS;
    ex->features = GR_EXPERT_ALL;
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
    if (ex) {
        gr__expert_equity_free(ex);
        gr__free(mm, ex);
    }
}

int gr__expert_set_rules(gr__expert *ex, const gr_rules *rules)
{
    gr_allocator mm = ex->rules.mm;
    gr__expert_equity_free(ex);   /* built again for the new rules */
    ex->rules = *rules;
    ex->rules.mm = mm;   /* the bot's scratch games use the bot's allocator */
    ex->in_hand = false;
    ex->decided = 0;
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
    ex->score_set = true;
    return GR_OK;
}

/* The value of a finished hand for player me: its points, won or lost, or
 * with the match equity the chance to win the match after it. */
static int match_value(const gr__expert *ex, const gr_hand_result *r, int me)
{
    bool over = r->outcome != GR_OUTCOME_VOID && r->winner >= 0;
    if (!ex->by_equity)
        return !over ? 0 : r->winner == me ? r->points : -r->points;
    int mine = ex->score[0], theirs = ex->score[1];
    if (over && r->winner == me)
        mine += r->points;
    else if (over)
        theirs += r->points;
    return gr__expert_equity(ex, mine, theirs);
}

/* Play move m then the rest of the hand on a copy of base. */
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
                                             ? ex->knock_max : 100,
                                     ex->features & GR_EXPERT_MODEL);
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
    if ((m = gr__expert_find_legal(v, GR_MOVE_BIG_GIN)) != NULL) {
        *only = *m;
        ex->why = "big gin";
        return false;
    }
    if (gr__expert_find_legal(v, GR_MOVE_GIN)) {
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

/* ---- the race between candidates ----------------------------------------- */

/* Whether candidate c is clearly behind candidate b over the n samples
 * both have played: its mean below b's by more than RACE_Z standard
 * errors of the difference (from the sums of squares and products, exact
 * integers; the test in doubles, each operation rounded as IEEE 754 and
 * C11 without contraction say, so the same on every such platform). */
#define RACE_Z 2.0
static bool behind(const gr__expert *ex, const int64_t (*prod)[MAX_CAND], int c, int b)
{
    double n = (double)ex->n[c];
    double diff = (double)(ex->value[b] - ex->value[c]) / n;
    double sq = (double)(prod[b][b] + prod[c][c] - 2 * prod[b][c]) / n;
    double var = (sq - diff * diff) / n;   /* of the mean difference */
    return diff > 0 && diff * diff > RACE_Z * RACE_Z * var;
}

/* Play the candidates out on sampled deals (common to all of them, so
 * their differences have little noise) and return the best.  The budget
 * is ex->playouts playouts in all.  The first half is spread over every
 * candidate; then, round by round, a candidate clearly behind the leader
 * leaves the race and half of what is left goes to those still in it
 * (the close calls get the most samples; a clear one stops early). */
static int race(gr__expert *ex, const gr_view *v, const sampler *s)
{
    int64_t prod[MAX_CAND][MAX_CAND];   /* sums of products of values */
    int nalive = ex->ncand;
    int alive[MAX_CAND];
    for (int c = 0; c < ex->ncand; c++)
        alive[c] = c;
    memset(prod, 0, sizeof prod);
    memset(ex->value, 0, sizeof ex->value);
    memset(ex->n, 0, sizeof ex->n);
    long budget = ex->playouts;
    long round = budget / (2 * nalive);
    if (round < 4)
        round = 4;
    gr_card stock[GR_NCARDS];
    int samples = 0;
    for (;;) {
        for (long k = 0; k < round; k++) {
            gr_cards opp = gr__expert_sample(ex, s, stock) | v->opponent_known;
            gr__expert_build(ex, v, opp, stock, &ex->base);
            int val[MAX_CAND];
            for (int i = 0; i < nalive; i++) {
                int c = alive[i];
                val[c] = playout_value(ex, ex->cand[c], v->player);
                ex->value[c] += val[c];
                ex->n[c]++;
                for (int j = 0; j < i; j++) {   /* both halves: symmetric */
                    int64_t p = (int64_t)val[c] * val[alive[j]];
                    prod[c][alive[j]] += p;
                    prod[alive[j]][c] += p;
                }
                prod[c][c] += (int64_t)val[c] * val[c];
            }
            samples++;
            budget -= nalive;
        }
        int lead = alive[0];
        for (int i = 1; i < nalive; i++)
            if (ex->value[alive[i]] > ex->value[lead])
                lead = alive[i];
        if (budget < 4L * nalive)
            break;
        int kept = 0;
        for (int i = 0; i < nalive; i++)
            if (alive[i] == lead || !behind(ex, (const int64_t (*)[MAX_CAND])prod, alive[i], lead))
                alive[kept++] = alive[i];
        nalive = kept;
        if (nalive == 1)
            break;
        round = budget / (2 * nalive);
        if (round < 4)
            round = budget / nalive;
    }
    ex->samples = samples;
    int best = alive[0];
    for (int i = 1; i < nalive; i++)
        if (ex->value[alive[i]] > ex->value[best])
            best = alive[i];
    return best;
}

int gr__expert_choose(gr__expert *ex, const gr_view *v, int fallback, gr_move *out)
{
    gr__rng_seed(&ex->rng, ex->seed ^ gr__expert_at_view(ex, v));
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
    if (!gr__expert_sampler_init(ex, v, &s)) {
        ex->why = "the view does not fit the rules set (greedy)";
        ex->ncand = 0;
        goto done;
    }
    ex->by_equity = gr__expert_equity_ready(ex);
    int best = race(ex, v, &s);
    ex->chosen = best;
    m = ex->cand[best];
done:
    ex->last_move = m;
    gr__expert_remember(ex, v, m);
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
    gr__rng_seed(&ex->rng, ex->seed ^ gr__expert_view_key(v) ^ (discard + 1u) * 0x2545F4914F6CDD1Dull);
    if ((ex->features & GR_EXPERT_ARRANGE) && a->narr > 1 && gr__expert_sampler_init(ex, v, &s)) {
        long value[MAX_ARRANGEMENTS] = { 0 };
        gr_card stock[GR_NCARDS];
        int nsamples = 48;
        int opp_count = v->opponent_count;
        for (int k = 0; k < nsamples; k++) {
            gr_cards opp = gr__expert_sample(ex, &s, stock) | v->opponent_known;
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

/* a mean as printed to one decimal: never "-0.0" */
static double shown(double x)
{
    return x > -0.05 && x < 0.05 ? 0.0 : x;
}

int gr__expert_explain(const gr__expert *ex, char *buf, size_t size)
{
    gr_writer w;
    char num[64];
    gr__write_start(&w, buf, size);
    if (ex->last_move.type == 0) {   /* no decision yet */
        gr__write_str(&w, ex->why);
        return (int)w.len;
    }
    write_move(&w, ex->last_move);
    if (ex->chosen < 0 || ex->samples == 0) {
        gr__write_str(&w, ": ");
        gr__write_str(&w, ex->why);
    } else {
        /* points per hand, or the chance in percent to win the match */
        double scale = ex->by_equity ? GR__EQUITY_ONE / 100.0 : 1.0;
        const char *unit = ex->by_equity ? "%" : "";
        double mean = shown((double)ex->value[ex->chosen] / ex->n[ex->chosen] / scale);
        snprintf(num, sizeof num, ex->by_equity
                 ? ": %.1f%% to win the match over %d sampled deals"
                 : ": nets %+.1f points on average over %d sampled deals",
                 mean, ex->samples);
        gr__write_str(&w, num);
        int second = -1;
        for (int c = 0; c < ex->ncand; c++)
            if (c != ex->chosen && ex->n[c] > 0
                && (second < 0 || ex->value[c] * ex->n[second] > ex->value[second] * ex->n[c]))
                second = c;
        if (second >= 0) {
            gr__write_str(&w, " (next best: ");
            write_move(&w, ex->cand[second]);
            snprintf(num, sizeof num, ex->by_equity ? ", %.1f%s)" : ", %+.1f%s)",
                     shown((double)ex->value[second] / ex->n[second] / scale), unit);
            gr__write_str(&w, num);
        }
    }
    return (int)w.len;
}
