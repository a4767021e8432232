/*
 * rummy/bot.c: Rummy bots that decide from a gr_rummy_view alone.
 *
 * GR_BOT_RANDOM plays a uniformly random legal move; GR_BOT_EXPERT is
 * expert.c's.  GR_BOT_GREEDY:
 *   - draws the pile's top card when it is a joker or when it can be
 *     melded or laid off at once, else the stock;
 *   - goes out when it can;
 *   - otherwise plays the first step of the best plan for its natural
 *     cards: takes table jokers, lays down melds and lays off what lowers
 *     the value of its hand; then the first step of the plan for the
 *     whole hand, so its jokers complete its pairs and near runs (or lie
 *     off on the table) rather than stay in hand;
 *   - discards its costliest card that helps nobody: never a joker while
 *     it has another card, not a card that fits a table meld (anyone could
 *     take it from the pile and lay it off), not one the next player's
 *     known cards want, not one of a pair or a near-run of its own.
 * When the search is not available (it returns an error) a simple rule
 * stands in: swap, then the largest natural meld, then a natural layoff.
 */
#include "common/alloc.h"
#include "common/rng.h"
#include "rummy/expert.h"
#include "rummy/rules.h"
#include "rummy/table.h"

#include <string.h>

struct gr_rummy_bot {
    int kind;
    gr_rng rng;
    gr_allocator mm;
    gr_rummy_action *buf;
    int cap;
    gr__rexpert *expert;   /* GR_BOT_EXPERT only */
};

int gr_rummy_bot_new_mm(gr_rummy_bot **out, int kind, uint64_t seed,
                        const gr_allocator *mm)
{
    if (!out || (kind != GR_BOT_RANDOM && kind != GR_BOT_GREEDY
                 && kind != GR_BOT_EXPERT)
        || !gr__allocator_valid(mm))
        return GR_EINVAL;
    gr_allocator a = gr__allocator_or_default(mm);
    gr_rummy_bot *b = gr__malloc(&a, sizeof *b);
    if (!b)
        return GR_ENOMEM;
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->mm = a;
    gr__rng_seed(&b->rng, seed);
    if (kind == GR_BOT_EXPERT) {
        b->expert = gr__malloc(&a, sizeof *b->expert);
        if (!b->expert) {
            gr__free(&a, b);
            return GR_ENOMEM;
        }
        gr__rexpert_init(b->expert, seed);
    }
    *out = b;
    return GR_OK;
}

int gr_rummy_bot_new(gr_rummy_bot **out, int kind, uint64_t seed)
{
    return gr_rummy_bot_new_mm(out, kind, seed, NULL);
}

void gr_rummy_bot_free(gr_rummy_bot *bot)
{
    if (!bot)
        return;
    gr_allocator mm = bot->mm;
    if (bot->buf)
        gr__free(&mm, bot->buf);
    if (bot->expert)
        gr__free(&mm, bot->expert);
    gr__free(&mm, bot);
}

int gr_rummy_bot_set_param(gr_rummy_bot *bot, int param, int value)
{
    if (!bot)
        return GR_EINVAL;
    if (param == GR_BOT_PARAM_PLAYOUTS) {
        if (value < 0 || value > 1000000)
            return GR_EINVAL;
        if (bot->expert)
            bot->expert->playouts = value ? value : GR__REXPERT_PLAYOUTS;
        return GR_OK;
    }
    if (param == GR_BOT_PARAM_FEATURES) {
        if (value < 0 || (value & ~GR_RUMMY_EXPERT_ALL))
            return GR_EINVAL;
        if (bot->expert)
            bot->expert->features = value;
        return GR_OK;
    }
    return GR_EINVAL;
}

int gr_rummy_bot_set_rules(gr_rummy_bot *bot, const gr_rummy_rules *rules)
{
    if (!bot || !rules)
        return GR_EINVAL;
    if (bot->expert) {
        bot->expert->rules = *rules;
        bot->expert->rules.mm = gr__allocator_or_default(NULL);
        bot->expert->have_rules = true;
    }
    return GR_OK;
}

int gr_rummy_bot_set_score(gr_rummy_bot *bot, const int *totals, int nplayers, int target)
{
    if (!bot || target < 0 || target > 100000)
        return GR_EINVAL;
    if (!totals) {
        if (nplayers != 0)
            return GR_EINVAL;
    } else {
        if (nplayers < 2 || nplayers > GR_RUMMY_MAX_PLAYERS)
            return GR_EINVAL;
        for (int p = 0; p < nplayers; p++)
            if (totals[p] < 0 || totals[p] > 1000000)
                return GR_EINVAL;
    }
    gr__rexpert *e = bot->expert;
    if (!e)
        return GR_OK;
    if (totals && e->have_score && e->score_players == nplayers && e->target == target
        && memcmp(e->total, totals, (size_t)nplayers * sizeof *totals) == 0)
        return GR_OK;   /* the same score: the table stands */
    e->have_score = totals != NULL;
    e->equity_built = e->equity_used = false;
    for (int p = 0; totals && p < nplayers; p++)
        if (target > 0 && totals[p] >= target)
            e->have_score = false;   /* the match is over: points */
    if (e->have_score) {
        e->score_players = nplayers;
        e->target = target;
        memcpy(e->total, totals, (size_t)nplayers * sizeof *totals);
    }
    return GR_OK;
}

/* the legal moves of pos into bot->buf; their count or GR_ENOMEM */
static int list(gr_rummy_bot *bot, const gr__rpos *pos)
{
    int n = gr__rlegal(pos, NULL, 0);
    if (n > bot->cap) {
        int cap = n < 64 ? 64 : n;
        gr_rummy_action *b = gr__malloc(&bot->mm, (size_t)cap * sizeof *b);
        if (!b)
            return GR_ENOMEM;
        if (bot->buf)
            gr__free(&bot->mm, bot->buf);
        bot->buf = b;
        bot->cap = cap;
    }
    return gr__rlegal(pos, bot->buf, (size_t)bot->cap);
}

static int find(const gr_rummy_action *legal, int n, const gr_rummy_action *want)
{
    for (int i = 0; i < n; i++) {
        const gr_rummy_action *a = &legal[i];
        if (a->type != want->type)
            continue;
        if (a->type == GR_RUMMY_ACT_MELD
            ? a->meld.cards == want->meld.cards && a->meld.jokers == want->meld.jokers
            : a->card == want->card && a->target == want->target
              && (a->type != GR_RUMMY_ACT_LAY_OFF || a->card != GR_RUMMY_JOKER
                  || a->named == want->named))
            return i;
    }
    return -1;
}

/* the first move of the going-out search's plan for `hand`, if it is
 * legal now and does something; -1 otherwise */
static int plan_first(const gr__rpos *pos, const gr_rummy_hand *hand,
                      const gr_rummy_action *legal, int n, int *value)
{
    gr_rummy_plan plan;
    int v = gr_rummy_go_out(hand, pos->melds, pos->nmelds, pos->flags, &plan);
    if (value)
        *value = v;
    if (v < 0 || plan.nmoves == 0)
        return -1;
    gr_rummy_action a;
    gr__rmove_action(&plan.moves[0], &a);
    return find(legal, n, &a);
}

/* true if card c can be melded with the natural cards of `hand` or laid
 * off on the table right away */
static bool fits_now(const gr__rpos *pos, gr_card c)
{
    gr__rpos p = *pos;
    p.phase = GR_RUMMY_PHASE_PLAY;
    p.taken = GR_NO_CARD;
    p.hand.jokers = 0;
    gr__rhand_add(&p.hand, c);
    gr_rummy_action a[512];
    int n = gr__rlegal(&p, a, sizeof a / sizeof a[0]);
    if (n > (int)(sizeof a / sizeof a[0]))
        n = (int)(sizeof a / sizeof a[0]);
    for (int i = 0; i < n; i++)
        if ((a[i].type == GR_RUMMY_ACT_MELD && (a[i].meld.cards & GR_CARD_BIT(c)))
            || (a[i].type == GR_RUMMY_ACT_LAY_OFF && a[i].card == c))
            return true;
    return false;
}

/* how much a discard of face c would cost the bot or help others (the
 * next player may take it): lower is a better discard */
static int keep_score(const gr__rpos *pos, const gr_rummy_view *view, gr_card c)
{
    if (c == GR_RUMMY_JOKER)
        return 1000;
    gr_cards next = view->known[(view->player + 1) % view->nplayers].once;
    int score = gr__rkeep_score(pos->hand.once & ~GR_CARD_BIT(c), c, next, pos->flags);
    if (pos->hand.twice & GR_CARD_BIT(c))
        score += 4;
    for (int i = 0; i < pos->nmelds; i++)
        if (!(pos->melds[i].cards & GR_CARD_BIT(c))
            && gr__rmeld_kind(pos->melds[i].cards | GR_CARD_BIT(c), pos->flags))
            score += 20;   /* anyone could lay it off */
    return score;
}

static int greedy(const gr_rummy_view *view, const gr__rpos *pos,
                  const gr_rummy_action *legal, int n)
{
    if (pos->phase == GR_RUMMY_PHASE_DRAW) {
        for (int i = 0; i < n; i++)
            if (legal[i].type == GR_RUMMY_ACT_DRAW_DISCARD
                && (legal[i].card == GR_RUMMY_JOKER || fits_now(pos, legal[i].card)))
                return i;
        for (int i = 0; i < n; i++)
            if (legal[i].type == GR_RUMMY_ACT_DRAW_STOCK)
                return i;
        return 0;
    }
    int count = gr__rhand_count(&pos->hand);
    /* going out, jokers and all */
    int out = gr_rummy_can_go_out(&pos->hand, pos->melds, pos->nmelds,
                                  pos->flags, pos->taken);
    if (out == GR_RUMMY_OUT_MELD || out == GR_RUMMY_OUT_DISCARD) {
        int i = plan_first(pos, &pos->hand, legal, n, NULL);
        if (i >= 0)
            return i;
    }
    /* a move that leaves at most one card: out now or with the discard */
    for (int i = 0; i < n; i++) {
        int t = legal[i].type, used = 0;
        if (t == GR_RUMMY_ACT_MELD)
            used = gr__popcount(legal[i].meld.cards);
        else if (t == GR_RUMMY_ACT_LAY_OFF)
            used = 1;
        if (used && count - used <= 1)
            return i;
    }
    /* natural cards only: the search's plan, or the simple rule */
    gr_rummy_hand nat = pos->hand;
    nat.jokers = 0;
    int value = -1;
    int i = plan_first(pos, &nat, legal, n, &value);
    if (i >= 0)
        return i;
    /* then the jokers: the plan for the whole hand lays them into melds
     * with its pairs and near runs (and off on the table) rather than let
     * the hand end with a joker that completes a meld it holds */
    if (pos->hand.jokers > 0) {
        i = plan_first(pos, &pos->hand, legal, n, NULL);
        if (i >= 0)
            return i;
    }
    if (value < 0) {
        int best = -1, best_size = 0;
        for (int k = 0; k < n; k++)
            if (legal[k].type == GR_RUMMY_ACT_SWAP_JOKER)
                return k;
        for (int k = 0; k < n; k++)
            if (legal[k].type == GR_RUMMY_ACT_MELD && legal[k].meld.jokers == 0
                && gr__popcount(legal[k].meld.cards) > best_size) {
                best = k;
                best_size = gr__popcount(legal[k].meld.cards);
            }
        if (best >= 0)
            return best;
        for (int k = 0; k < n; k++)
            if (legal[k].type == GR_RUMMY_ACT_LAY_OFF
                && legal[k].card != GR_RUMMY_JOKER)
                return k;
    }
    /* the discard that costs least */
    int best = -1, best_score = 0;
    for (int k = 0; k < n; k++) {
        if (legal[k].type != GR_RUMMY_ACT_DISCARD)
            continue;
        int sc = keep_score(pos, view, legal[k].card);
        if (best < 0 || sc < best_score) {
            best = k;
            best_score = sc;
        }
    }
    return best >= 0 ? best : 0;
}

int gr_rummy_bot_choose(gr_rummy_bot *bot, const gr_rummy_view *view,
                        gr_rummy_action *out)
{
    if (!bot || !view || !out)
        return GR_EINVAL;
    gr__rpos pos;
    int rc = gr__rview_pos(view, &pos);
    if (rc != GR_OK)
        return rc;
    int n = list(bot, &pos);
    if (n < 0)
        return n;
    if (n == 0)
        return GR_ESTATE;
    if (bot->kind == GR_BOT_EXPERT) {
        rc = gr__rexpert_choose(bot->expert, view, &pos, out);
        if (rc == GR_OK && find(bot->buf, n, out) >= 0)
            return GR_OK;
        /* cannot happen: the expert plays legal moves; greedy's then */
    }
    int i = bot->kind == GR_BOT_RANDOM ? (int)gr__rng_below(&bot->rng, (uint64_t)n)
                                       : greedy(view, &pos, bot->buf, n);
    memcpy(out, &bot->buf[i], sizeof *out);
    return GR_OK;
}
