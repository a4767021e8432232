/*
 * bot.c: computer players that decide from a gr_view only (G12).
 *
 * A bot never sees a gr_game: everything it knows is the view of the player
 * to act, so it cannot peek at the stock or the opponent's hidden cards.
 *
 * GR_BOT_RANDOM  picks a uniformly random move among view->legal.
 * GR_BOT_GREEDY  plays by one-step deadwood arithmetic:
 *   - big gin, then gin, whenever legal;
 *   - knocks as soon as it legally can, with the discard that leaves the
 *     least deadwood;
 *   - takes the upcard / top discard only when the best hand of ten it can
 *     keep afterwards has less deadwood than its hand now, else passes or
 *     draws from the stock;
 *   - discards the card that leaves the least deadwood; among equals the
 *     one least useful to the opponent (see discard_danger), then the one
 *     with the most points, then the highest card number.
 *   The greedy bot is deterministic: its seed is unused.
 */
#include "common/alloc.h"
#include "common/assert.h"
#include "common/bits.h"
#include "common/cards.h"
#include "common/rng.h"
#include "gin/expert.h"
#include "gin/game.h"
#include "gin/melds.h"
#include "gin/rules.h"

struct gr_bot {
    int          kind;
    gr_rng       rng;
    gr_allocator mm;
    gr__expert  *expert;   /* GR_BOT_EXPERT only (expert.c) */
};

int gr_bot_new_mm(gr_bot **out, int kind, uint64_t seed,
                   const gr_allocator *mm)
{
    if (!out || (kind != GR_BOT_RANDOM && kind != GR_BOT_GREEDY
                 && kind != GR_BOT_EXPERT)
        || !gr__allocator_valid(mm))
        return GR_EINVAL;
    gr_allocator use = gr__allocator_or_default(mm);
    gr_bot *bot = gr__malloc(&use, sizeof *bot);
    if (!bot)
        return GR_ENOMEM;
    bot->kind = kind;
    bot->expert = NULL;
    if (kind == GR_BOT_EXPERT) {
        bot->expert = gr__expert_new(&use, seed);
        if (!bot->expert) {
            gr__free(&use, bot);
            return GR_ENOMEM;
        }
    }
    gr__rng_seed(&bot->rng, seed);
    bot->mm = use;
    *out = bot;
    return GR_OK;
}

int gr_bot_new(gr_bot **out, int kind, uint64_t seed)
{
    return gr_bot_new_mm(out, kind, seed, NULL);
}

void gr_bot_free(gr_bot *bot)
{
    if (!bot)
        return;
    gr__expert_free(bot->expert, &bot->mm);
    gr__free(&bot->mm, bot);
}

int gr_bot_lookup(const char *name)
{
    if (!name)
        return GR_EINVAL;
    if (gr__name_is(name, "random"))
        return GR_BOT_RANDOM;
    if (gr__name_is(name, "greedy"))
        return GR_BOT_GREEDY;
    if (gr__name_is(name, "expert"))
        return GR_BOT_EXPERT;
    return GR_EINVAL;
}

/* ---- validation ---------------------------------------------------------- */

static bool move_names_card(int type)
{
    return type == GR_MOVE_DISCARD || type == GR_MOVE_KNOCK
        || type == GR_MOVE_GIN;
}

/* GR_OK, or the code gr_bot_choose returns for a malformed view (the
 * shared check, gr_view_check) or one with no legal move. */
static int view_check(const gr_view *v)
{
    if (gr__view_reason(v) != GR_REASON_NONE)
        return GR_EINVAL;
    return v->nlegal > 0 ? GR_OK : GR_ESTATE;
}

/* ---- greedy -------------------------------------------------------------- */

/* the first legal move of `type`, or -1 */
static int find_move(const gr_view *v, int type)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == type)
            return i;
    return -1;
}

/* Would taking `card` lower the deadwood?  After taking it the bot keeps the
 * best ten of its eleven cards; the card taken cannot go straight back
 * (G11), which does not matter: discarding it gives the deadwood of now,
 * so a strict improvement always discards another card. */
static bool worth_taking(gr_cards hand, gr_card card)
{
    gr_card discard;
    return gr_best_discard(hand | GR_CARD_BIT(card), &discard)
         < gr__deadwood(hand);
}

/* Cards the opponent may hold or still get: not ours, not buried in the
 * discard pile.  The top discard stays live: he may take it. */
static gr_cards live_cards(const gr_view *v, gr_cards hand)
{
    gr_cards dead = hand;
    for (int i = 0; i + 1 < v->ndiscards; i++)
        dead |= GR_CARD_BIT(v->discards[i]);
    return GR_ALL_CARDS & ~dead;
}

/* How useful discarding `card` would be to the opponent: for every meld of
 * three the card could complete (its set, and the three runs of three that
 * contain it) whose two other cards are both still live, 1 point, plus 4
 * for each of those partner cards he is known to hold.  A card whose melds
 * are all dead scores 0. */
static int discard_danger(gr_card card, gr_cards live, gr_cards known)
{
    int rank = GR_CARD_RANK(card), suit = GR_CARD_SUIT(card);
    int danger = 0;

    gr_cards same_rank = 0;
    for (int s = 0; s < 4; s++)
        if (s != suit)
            same_rank |= GR_CARD_BIT(GR_CARD(rank, s));
    if (gr__popcount(same_rank & live) >= 2)
        danger += 1 + 4 * gr__popcount(same_rank & known);

    for (int lo = rank - 2; lo <= rank; lo++) {
        if (lo < 0 || lo + 2 > GR_KING)
            continue;
        gr_cards partners = 0;
        for (int r = lo; r <= lo + 2; r++)
            if (r != rank)
                partners |= GR_CARD_BIT(GR_CARD(r, suit));
        if ((partners & live) == partners)
            danger += 1 + 4 * gr__popcount(partners & known);
    }
    return danger;
}

/* The best of the legal moves of `type` (discard, knock or gin) by the
 * order described at the top of the file; -1 if none is legal. */
static int best_discard_move(const gr_view *v, int type)
{
    gr_cards live = live_cards(v, v->hand);
    int best = -1, best_dw = 0, best_danger = 0, best_points = 0;

    for (int i = 0; i < v->nlegal; i++) {
        const gr_move *m = &v->legal[i];
        if (m->type != type)
            continue;
        int dw = gr__deadwood(v->hand & ~GR_CARD_BIT(m->card));
        int danger = discard_danger(m->card, live, v->opponent_known);
        int points = gr_card_points(m->card);
        bool better = best < 0
            || dw < best_dw
            || (dw == best_dw && (danger < best_danger
                || (danger == best_danger && (points > best_points
                    || (points == best_points
                        && m->card > v->legal[best].card)))));
        if (better) {
            best = i;
            best_dw = dw;
            best_danger = danger;
            best_points = points;
        }
    }
    return best;
}

int gr__greedy_choose(const gr_view *v)
{
    int i;
    if ((i = find_move(v, GR_MOVE_BIG_GIN)) >= 0)
        return i;
    if ((i = best_discard_move(v, GR_MOVE_GIN)) >= 0)
        return i;
    if ((i = best_discard_move(v, GR_MOVE_KNOCK)) >= 0)
        return i;
    if ((i = best_discard_move(v, GR_MOVE_DISCARD)) >= 0)
        return i;

    /* G38, the wall: the discard is offered only when a knock follows,
     * which beats the void hand of a pass. */
    if (v->phase == GR_PHASE_WALL && (i = find_move(v, GR_MOVE_DRAW_DISCARD)) >= 0)
        return i;
    /* Upcard offer or draw: decide on the top discard. */
    bool take = v->ndiscards > 0
             && worth_taking(v->hand, v->discards[v->ndiscards - 1]);
    static const int take_order[] = {
        GR_MOVE_TAKE_UPCARD, GR_MOVE_DRAW_DISCARD,
        GR_MOVE_PASS, GR_MOVE_DRAW_STOCK
    };
    static const int leave_order[] = {
        GR_MOVE_PASS, GR_MOVE_DRAW_STOCK,
        GR_MOVE_TAKE_UPCARD, GR_MOVE_DRAW_DISCARD
    };
    const int *order = take ? take_order : leave_order;
    for (int k = 0; k < 4; k++)
        if ((i = find_move(v, order[k])) >= 0)
            return i;
    GR_ASSERT(!"a validated view has a draw or a pass move");
    return 0;
}

int gr_bot_choose(gr_bot *bot, const gr_view *view, gr_move *out)
{
    if (!bot || !view || !out)
        return GR_EINVAL;
    int rc = view_check(view);
    if (rc != GR_OK)
        return rc;

    int i;
    if (bot->kind == GR_BOT_RANDOM)
        i = (int)gr__rng_below(&bot->rng, (uint64_t)view->nlegal);
    else
        i = gr__greedy_choose(view);
    if (bot->kind == GR_BOT_EXPERT)
        return gr__expert_choose(bot->expert, view, i, out);
    *out = view->legal[i];
    return GR_OK;
}

int gr_bot_observe(gr_bot *bot, const gr_view *view, gr_move played)
{
    if (!bot || !view)
        return GR_EINVAL;
    int rc = view_check(view);
    if (rc != GR_OK)
        return rc;
    if (!GR__RESERVED_ZERO(&played))
        return GR_EINVAL;
    const gr_move *legal = NULL;   /* as gr_game_play matches moves */
    for (int i = 0; i < view->nlegal && !legal; i++)
        if (view->legal[i].type == played.type
            && (!move_names_card(played.type) || view->legal[i].card == played.card))
            legal = &view->legal[i];
    if (!legal)
        return GR_EILLEGAL;
    if (bot->kind != GR_BOT_EXPERT)
        return GR_OK;   /* the other bots remember nothing */
    return gr__expert_observe_move(bot->expert, view, *legal);
}

/* ---- the expert's settings -------------------------------------------------- */

int gr_bot_set_rules(gr_bot *bot, const gr_rules *rules)
{
    if (!bot || !rules)
        return GR_EINVAL;
    if (bot->kind != GR_BOT_EXPERT)
        return GR_OK;   /* the other bots do not need them */
    return gr__expert_set_rules(bot->expert, rules);
}

int gr_bot_set_param(gr_bot *bot, int param, int value)
{
    if (!bot)
        return GR_EINVAL;
    if (bot->kind != GR_BOT_EXPERT) {   /* the expert's ranges, then ignored */
        if (param == GR_BOT_PARAM_PLAYOUTS)
            return value >= 0 && value <= 1000000 ? GR_OK : GR_EINVAL;
        if (param == GR_BOT_PARAM_FEATURES)
            return value >= 0 && !(value & ~GR_EXPERT_ALL) ? GR_OK : GR_EINVAL;
        return GR_EINVAL;
    }
    return gr__expert_set_param(bot->expert, param, value);
}

int gr_bot_set_score(gr_bot *bot, int mine, int theirs)
{
    if (!bot || mine < 0 || theirs < 0 || mine > 1000000 || theirs > 1000000)
        return GR_EINVAL;
    if (bot->kind != GR_BOT_EXPERT)
        return GR_OK;
    return gr__expert_set_score(bot->expert, mine, theirs);
}

int gr_bot_arrange(gr_bot *bot, const gr_view *view, gr_card discard,
                   gr_arrangement *out)
{
    if (!bot || !view || !out || discard >= GR_NCARDS)
        return GR_EINVAL;
    int rc = view_check(view);
    if (rc != GR_OK)
        return rc;
    if (view->phase != GR_PHASE_DISCARD || view->turn != view->player)
        return GR_ESTATE;
    bool legal = false;
    for (int i = 0; i < view->nlegal; i++)
        if ((view->legal[i].type == GR_MOVE_KNOCK || view->legal[i].type == GR_MOVE_GIN)
            && view->legal[i].card == discard)
            legal = true;
    if (!legal)
        return GR_EILLEGAL;
    if (bot->kind != GR_BOT_EXPERT)
        return gr__arrange(view->hand & ~GR_CARD_BIT(discard), out) >= 0 ? GR_OK
                                                                        : GR_EINVAL;
    return gr__expert_arrange(bot->expert, view, discard, out);
}

int gr_bot_explain(const gr_bot *bot, char *buf, size_t size)
{
    if (!bot || (!buf && size > 0))
        return GR_EINVAL;
    if (bot->kind != GR_BOT_EXPERT) {
        gr_writer w;
        gr__write_start(&w, buf, size);
        gr__write_str(&w, bot->kind == GR_BOT_RANDOM ? "a random legal move"
                                                     : "the move of least deadwood");
        return (int)w.len;
    }
    return gr__expert_explain(bot->expert, buf, size);
}
