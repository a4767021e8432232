/*
 * reason.c: reason codes for refusals, their texts, and the diagnosing
 * functions the engine calls once a check has failed.
 *
 * The engine keeps its fast checks; when one fails, the public function
 * asks this file for the reason of the first fault (in a fixed order) and
 * returns the status that reason belongs to.  So the same fault gives the
 * same status and reason whichever function found it.
 */
#include "common/bits.h"
#include "common/cards.h"
#include "gin/game.h"
#include "gin/layoff.h"
#include "gin/melds.h"
#include "gin/reason.h"

#include <stddef.h>

typedef struct reason_info {
    const char *name;
    int         status;
    const char *text;
} reason_info;

static const reason_info reasons[GR_REASON_COUNT] = {
    [GR_REASON_NONE] = { "none", GR_OK, "no refusal" },
    [GR_REASON_NULL_ARGUMENT] = { "null_argument", GR_EINVAL,
        "a required argument is NULL" },
    [GR_REASON_BAD_CARD] = { "bad_card", GR_EINVAL,
        "a card above 51, or a set of cards with bits above 51" },
    [GR_REASON_BAD_VALUE] = { "bad_value", GR_EINVAL,
        "a number out of its range (player, move type, option, seat, ...)" },
    [GR_REASON_MELD_SLOTS] = { "meld_slots", GR_EINVAL,
        "nmelds out of range, or a meld entry past nmelds not empty" },
    [GR_REASON_MELDS_OVERLAP] = { "melds_overlap", GR_EINVAL,
        "a card is in two places of the arrangement (two melds, or a meld "
        "and the deadwood or the laid-off cards)" },
    [GR_REASON_DEADWOOD_POINTS] = { "deadwood_points", GR_EINVAL,
        "deadwood_points is not the points of the deadwood (G2)" },
    [GR_REASON_HANDS_OVERLAP] = { "hands_overlap", GR_EINVAL,
        "the two hands (or the upcard and a hand) share a card" },
    [GR_REASON_CARD_COUNT] = { "card_count", GR_EINVAL,
        "a hand has the wrong number of cards (G28)" },
    [GR_REASON_CARDS_UNACCOUNTED] = { "cards_unaccounted", GR_EINVAL,
        "the hands, pile and stock are not the 52 cards, each once" },
    [GR_REASON_BAD_RESULT] = { "bad_result", GR_EINVAL,
        "the hand result is not consistent (outcome, knocker, winner, points)" },
    [GR_REASON_RESERVED_NOT_ZERO] = { "reserved_not_zero", GR_EINVAL,
        "the reserved space of an input struct is not zero" },
    [GR_REASON_NOT_YOUR_TURN] = { "not_your_turn", GR_ESTATE,
        "it is not this player's turn" },
    [GR_REASON_WRONG_PHASE] = { "wrong_phase", GR_ESTATE,
        "the move does not fit the phase of the hand (G9, G10)" },
    [GR_REASON_HAND_OVER] = { "hand_over", GR_ESTATE, "the hand is over" },
    [GR_REASON_NOT_KNOCKED] = { "not_knocked", GR_ESTATE,
        "the hand did not end by a knock, gin or big gin" },
    [GR_REASON_MATCH_OVER] = { "match_over", GR_ESTATE,
        "the match is over (G25)" },
    [GR_REASON_NOTHING_TO_UNDO] = { "nothing_to_undo", GR_ESTATE,
        "no hand has been recorded" },
    [GR_REASON_NOT_IN_HAND] = { "not_in_hand", GR_EILLEGAL,
        "the card is not in the player's hand" },
    [GR_REASON_JUST_TAKEN] = { "just_taken", GR_EILLEGAL,
        "the card just taken from the pile cannot be discarded this turn (G11)" },
    [GR_REASON_OVER_LIMIT] = { "over_limit", GR_EILLEGAL,
        "the deadwood is over the knock limit (G13, G29)" },
    [GR_REASON_NOT_GIN] = { "not_gin", GR_EILLEGAL,
        "gin needs every card melded (G14)" },
    [GR_REASON_NO_BIG_GIN] = { "no_big_gin", GR_EILLEGAL,
        "big gin needs all 11 cards melded and a big gin bonus (G32)" },
    [GR_REASON_PILE_CLOSED] = { "pile_closed", GR_EILLEGAL,
        "both players passed the upcard: draw from the stock (G9)" },
    [GR_REASON_PILE_EMPTY] = { "pile_empty", GR_EILLEGAL,
        "there is no card to draw there" },
    [GR_REASON_NOT_A_MELD] = { "not_a_meld", GR_EILLEGAL,
        "a meld is not 3 or 4 cards of a rank or a run of 3 or more in a suit (G4)" },
    [GR_REASON_NOT_THE_HAND] = { "not_the_hand", GR_EILLEGAL,
        "the arrangement is not exactly the cards of the hand" },
    [GR_REASON_CANNOT_LAY_OFF] = { "cannot_lay_off", GR_EILLEGAL,
        "a laid-off card fits none of the knocker's melds (G17)" },
    [GR_REASON_NO_LAYOFF_AFTER_GIN] = { "no_layoff_after_gin", GR_EILLEGAL,
        "the defender may not lay off after gin (G18)" },
    [GR_REASON_DRAW_MISMATCH] = { "draw_mismatch", GR_EILLEGAL,
        "the draw names another card than the one drawn" },
    [GR_REASON_SYNTAX] = { "syntax", GR_EPARSE,
        "unreadable text: an unknown word, a bad card or a missing part" },
    [GR_REASON_DUPLICATE_CARD] = { "duplicate_card", GR_EPARSE,
        "a card is named twice" },
    [GR_REASON_NO_MEMORY] = { "no_memory", GR_ENOMEM, "out of memory" },
    [GR_REASON_TOO_LONG] = { "too_long", GR_ESTATE,
        "the match has reached the most hands it may have" },
    [GR_REASON_WALL] = { "wall", GR_EILLEGAL,
        "the last discard may be taken only to knock or go gin at once (G38)" },
};

const char *gr_reason_text(int reason)
{
    if (reason < 0 || reason >= GR_REASON_COUNT)
        return "unknown reason";
    return reasons[reason].text;
}

const char *gr_reason_name(int reason)
{
    if (reason < 0 || reason >= GR_REASON_COUNT)
        return "unknown";
    return reasons[reason].name;
}

int gr_reason_status(int reason)
{
    if (reason < 0 || reason >= GR_REASON_COUNT)
        return GR_EINVAL;
    return reasons[reason].status;
}

int gr__reason_put(int *reason, int code)
{
    if (reason)
        *reason = code;
    return gr_reason_status(code);
}

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
    if (g->phase == GR_PHASE_WALL) {   /* G38 (issue 16) */
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
