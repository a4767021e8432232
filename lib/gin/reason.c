/*
 * reason.c: the diagnosing functions the Gin engine calls once a check
 * has failed.
 *
 * The engine keeps its fast checks; when one fails, the public function
 * asks this file for the reason of the first fault (in a fixed order) and
 * returns the status that reason belongs to.  So the same fault gives the
 * same status and reason whichever function found it.  The codes' texts
 * and statuses, shared with Rummy, are in common/reason.c.
 */
#include "common/bits.h"
#include "common/cards.h"
#include "gin/game.h"
#include "gin/layoff.h"
#include "gin/melds.h"
#include "gin/reason.h"

#include <stddef.h>

/* ---- diagnosing ---------------------------------------------------------- */

int gr__arrangement_reason(const gr_arrangement *a, gr_cards *cards)
{
    if (!a)
        return GR_REASON_NULL_ARGUMENT;
    if (!GR__RESERVED_ZERO(a))
        return GR_REASON_RESERVED_NOT_ZERO;
    if (a->nmelds < 0 || a->nmelds > GR_MAX_MELDS)
        return GR_REASON_MELD_SLOTS;
    gr_cards any = a->deadwood;
    for (int i = 0; i < GR_MAX_MELDS; i++) {
        if ((i >= a->nmelds) != (a->melds[i] == 0))   /* empty inside, or not past */
            return GR_REASON_MELD_SLOTS;
        any |= a->melds[i];
    }
    if (!gr__cards_valid(any))
        return GR_REASON_BAD_CARD;
    gr_cards all = 0;
    for (int i = 0; i < a->nmelds; i++) {
        if (a->melds[i] & all)
            return GR_REASON_MELDS_OVERLAP;
        all |= a->melds[i];
    }
    if (a->deadwood & all)
        return GR_REASON_MELDS_OVERLAP;
    for (int i = 0; i < a->nmelds; i++)
        if (gr__meld_kind(a->melds[i]) == 0)
            return GR_REASON_NOT_A_MELD;
    if (a->deadwood_points != gr__cards_points(a->deadwood))
        return GR_REASON_DEADWOOD_POINTS;
    if (cards)
        *cards = all | a->deadwood;
    return GR_REASON_NONE;
}

int gr__arrangement_reason_for(const gr_arrangement *a, gr_cards hand, int limit)
{
    gr_cards cards = 0;
    int why = gr__arrangement_reason(a, &cards);
    if (why != GR_REASON_NONE)
        return why;
    if (!gr__cards_valid(hand))
        return GR_REASON_BAD_CARD;
    if (cards != hand)
        return GR_REASON_NOT_THE_HAND;
    if (limit >= 0 && a->deadwood_points > limit)
        return GR_REASON_OVER_LIMIT;
    return GR_REASON_NONE;
}

int gr__knocker_reason(const gr_arrangement *knocker, gr_cards defender)
{
    gr_cards cards = 0;
    int why = gr__arrangement_reason(knocker, &cards);
    if (why != GR_REASON_NONE)
        return why;
    if (!gr__cards_valid(defender))
        return GR_REASON_BAD_CARD;
    if (cards & defender)
        return GR_REASON_HANDS_OVERLAP;
    return GR_REASON_NONE;
}

int gr__layoff_reason(const gr_arrangement *knocker, gr_cards defender,
                      const gr_layoff *defense)
{
    if (!knocker || !defense)
        return GR_REASON_NULL_ARGUMENT;
    if (!GR__RESERVED_ZERO(defense))
        return GR_REASON_RESERVED_NOT_ZERO;
    int why = gr__knocker_reason(knocker, defender);
    if (why != GR_REASON_NONE)
        return why;
    const gr_arrangement *d = &defense->defender;
    if (!GR__RESERVED_ZERO(d))
        return GR_REASON_RESERVED_NOT_ZERO;
    if (d->nmelds < 0 || d->nmelds > GR_MAX_MELDS)
        return GR_REASON_MELD_SLOTS;
    gr_cards any = d->deadwood | defense->laid_off;
    for (int i = 0; i < GR_MAX_MELDS; i++) {
        if ((i >= d->nmelds) != (d->melds[i] == 0))
            return GR_REASON_MELD_SLOTS;
        any |= d->melds[i];
    }
    if (!gr__cards_valid(any))
        return GR_REASON_BAD_CARD;
    gr_cards seen = defense->laid_off;
    if (seen & d->deadwood)
        return GR_REASON_MELDS_OVERLAP;
    seen |= d->deadwood;
    for (int i = 0; i < d->nmelds; i++) {
        if (d->melds[i] & seen)
            return GR_REASON_MELDS_OVERLAP;
        seen |= d->melds[i];
    }
    if (seen != defender)
        return GR_REASON_NOT_THE_HAND;
    for (int i = 0; i < d->nmelds; i++)
        if (gr__meld_kind(d->melds[i]) == 0)
            return GR_REASON_NOT_A_MELD;
    if (d->deadwood_points != gr__cards_points(d->deadwood))
        return GR_REASON_DEADWOOD_POINTS;
    /* the structure is right: what is left is a card that cannot go */
    if (gr__layoff_check_fast(knocker, defender, defense) != GR_OK)
        return GR_REASON_CANNOT_LAY_OFF;
    return GR_REASON_NONE;
}

/* ---- public checks ---------------------------------------------------------- */

int gr_arrangement_check(const gr_arrangement *a, gr_cards hand, int limit,
                         int *reason)
{
    return gr__reason_put(reason, gr__arrangement_reason_for(a, hand, limit));
}

int gr_layoff_check_ex(const gr_arrangement *knocker, gr_cards defender,
                       const gr_layoff *defense, int *reason)
{
    if (gr__layoff_check_fast(knocker, defender, defense) == GR_OK)
        return gr__reason_put(reason, GR_REASON_NONE);
    int why = gr__layoff_reason(knocker, defender, defense);
    return gr__reason_put(reason, why != GR_REASON_NONE ? why : GR_REASON_CANNOT_LAY_OFF);
}

int gr_layoff_check(const gr_arrangement *knocker, gr_cards defender,
                    const gr_layoff *defense)
{
    return gr_layoff_check_ex(knocker, defender, defense, NULL);
}

/* ---- moves on a game --------------------------------------------------------- */

int gr__move_reason(const gr_game *g, gr_move m, const gr_arrangement *shown,
                    bool has_shown)
{
    bool names_card = m.type == GR_MOVE_DISCARD || m.type == GR_MOVE_KNOCK
                      || m.type == GR_MOVE_GIN;
    if (!GR__RESERVED_ZERO(&m))
        return GR_REASON_RESERVED_NOT_ZERO;
    if (m.type < GR_MOVE_TAKE_UPCARD || m.type > GR_MOVE_BIG_GIN)
        return GR_REASON_BAD_VALUE;
    if (names_card && m.card >= GR_NCARDS)
        return GR_REASON_BAD_CARD;
    if (has_shown && shown) {   /* the structure before the phase (as before) */
        if (!GR__RESERVED_ZERO(shown))
            return GR_REASON_RESERVED_NOT_ZERO;
        if (shown->nmelds < 0 || shown->nmelds > GR_MAX_MELDS)
            return GR_REASON_MELD_SLOTS;
        if (!gr__arrangement_well_formed(shown))
            return GR_REASON_BAD_CARD;
    }
    if (g->phase == GR_PHASE_OVER)
        return GR_REASON_HAND_OVER;
    if (g->phase == GR_PHASE_WALL) {   /* G38 */
        if (m.type == GR_MOVE_PASS)
            return GR_REASON_NONE;
        if (m.type == GR_MOVE_DRAW_DISCARD)
            return g->wall_ok ? GR_REASON_NONE : GR_REASON_WALL;
        return GR_REASON_WRONG_PHASE;
    }
    int want;
    switch (m.type) {
    case GR_MOVE_TAKE_UPCARD:
    case GR_MOVE_PASS:
        want = GR_PHASE_UPCARD;
        break;
    case GR_MOVE_DRAW_STOCK:
    case GR_MOVE_DRAW_DISCARD:
        want = GR_PHASE_DRAW;
        break;
    default:
        want = GR_PHASE_DISCARD;
        break;
    }
    if (g->phase != want)
        return GR_REASON_WRONG_PHASE;
    gr_cards hand = g->hand[g->turn];
    switch (m.type) {
    case GR_MOVE_DRAW_STOCK:
        return g->nstock == 0 ? GR_REASON_PILE_EMPTY : GR_REASON_NONE;
    case GR_MOVE_DRAW_DISCARD:
        if (g->stock_only)
            return GR_REASON_PILE_CLOSED;
        return g->npile == 0 ? GR_REASON_PILE_EMPTY : GR_REASON_NONE;
    case GR_MOVE_BIG_GIN:
        return g->big_gin_ok ? GR_REASON_NONE : GR_REASON_NO_BIG_GIN;
    case GR_MOVE_DISCARD:
    case GR_MOVE_KNOCK:
    case GR_MOVE_GIN: {
        gr_cards bit = GR_CARD_BIT(m.card);
        if (!(hand & bit))
            return GR_REASON_NOT_IN_HAND;
        if (m.card == g->taken)
            return GR_REASON_JUST_TAKEN;
        if (m.type == GR_MOVE_DISCARD)
            return g->wall_draw ? GR_REASON_WALL : GR_REASON_NONE;
        if (has_shown && shown) {
            int why = gr__arrangement_reason_for(shown, hand & ~bit, g->knock_limit);
            if (why != GR_REASON_NONE)
                return why;
            if (m.type == GR_MOVE_GIN && shown->deadwood_points != 0)
                return GR_REASON_NOT_GIN;
            return GR_REASON_NONE;
        }
        if (!(g->knock_ok & bit))
            return GR_REASON_OVER_LIMIT;
        if (m.type == GR_MOVE_GIN && !(g->gin_ok & bit))
            return GR_REASON_NOT_GIN;
        return GR_REASON_NONE;
    }
    default:
        return GR_REASON_NONE;
    }
}

int gr__defend_reason(const gr_game *g, const gr_layoff *defense)
{
    if (!defense)
        return GR_REASON_NULL_ARGUMENT;
    if (g->phase != GR_PHASE_OVER)
        return GR_REASON_WRONG_PHASE;
    if (g->result.outcome == GR_OUTCOME_VOID)
        return GR_REASON_NOT_KNOCKED;
    int knocker = g->result.knocker;
    int why = gr__layoff_reason(&g->result.knocker_arrangement, g->hand[1 - knocker],
                                defense);
    if (why != GR_REASON_NONE)
        return why;
    bool gin = g->result.knocker_arrangement.deadwood_points == 0;
    if (gin && !g->rules.opt[GR_OPT_LAYOFF_AFTER_GIN] && defense->laid_off)
        return GR_REASON_NO_LAYOFF_AFTER_GIN;
    return GR_REASON_NONE;
}
