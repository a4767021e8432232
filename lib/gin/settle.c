/* settle.c: the outcome and points of a hand laid down (G13, G14, G18,
 * G20-G24, G36, G28, G29, G32, G33). */
#include "common/bits.h"
#include "gin/layoff.h"
#include "gin/melds.h"
#include "gin/reason.h"
#include "gin/rules.h"
#include "gin/settle.h"

#include <string.h>

#define HAND_SIZE 10

void gr__oklahoma(const gr_rules *rules, gr_card upcard, int *knock_limit,
                  int *multiplier)
{
    if (!rules->opt[GR_OPT_OKLAHOMA]) {
        *knock_limit = rules->opt[GR_OPT_KNOCK_LIMIT];
        *multiplier = 1;
        return;
    }
    /* G33: the upcard's value is the limit, never more than the knock-limit
     * option, except that an ace allows gin only (or, by option, a knock
     * with 1 point); an ace (unless GR_OPT_OKLAHOMA_ACE_DOUBLES is 0, as
     * OpenSpiel), or a spade when the option says so, doubles. */
    bool ace = GR_CARD_RANK(upcard) == GR_ACE;
    bool spade = GR_CARD_SUIT(upcard) == GR_SPADES;
    int limit = ace ? rules->opt[GR_OPT_OKLAHOMA_ACE_KNOCK] : gr_card_points(upcard);
    int cap = rules->opt[GR_OPT_KNOCK_LIMIT];
    *knock_limit = limit < cap ? limit : cap;
    *multiplier = (ace && rules->opt[GR_OPT_OKLAHOMA_ACE_DOUBLES])
                  || (spade && rules->opt[GR_OPT_OKLAHOMA_SPADES]) ? 2 : 1;
}

/* G28: a hand with the wrong number of cards scores nothing.  The
 * arrangements are still filled in, for display. */
static void settle_void(const gr_arrangement *knocker, gr_cards defender,
                        gr_hand_result *out)
{
    memset(out, 0, sizeof *out);
    out->outcome = GR_OUTCOME_VOID;
    out->knocker = -1;
    out->winner = -1;
    out->points = 0;
    out->multiplier = 0;
    out->knocker_arrangement = *knocker;
    out->knocker_deadwood = knocker->deadwood_points;
    out->defender_deadwood = gr__defend_without_layoff(defender, &out->defense);
}

int gr__settle(const gr_rules *rules, int knock_limit, int multiplier,
               const gr_arrangement *knocker, gr_cards defender,
               const gr_layoff *defense, gr_hand_result *out)
{
    int knocker_cards = gr__popcount(knocker->deadwood);
    for (int i = 0; i < knocker->nmelds; i++)
        knocker_cards += gr__popcount(knocker->melds[i]);
    int knocker_dw = knocker->deadwood_points;

    /* G32: big gin is 11 cards, all melded, and only when it has a bonus */
    bool big_gin = knocker_cards == HAND_SIZE + 1 && knocker_dw == 0
                   && rules->opt[GR_OPT_BIG_GIN_BONUS] > 0;
    if ((knocker_cards != HAND_SIZE && !big_gin)
        || gr__popcount(defender) != HAND_SIZE) {
        settle_void(knocker, defender, out);
        return GR_OK;
    }
    if (knocker_dw > knock_limit)   /* G29; limit 0 = gin only */
        return GR_EILLEGAL;

    bool gin = knocker_dw == 0;
    bool may_lay_off = !gin || rules->opt[GR_OPT_LAYOFF_AFTER_GIN];   /* G18 */

    gr_layoff d;
    if (defense != NULL) {
        if (!may_lay_off && defense->laid_off != 0)
            return GR_EILLEGAL;
        d = *defense;
    } else if (may_lay_off) {
        gr__lay_off(knocker, defender, &d);          /* G19 */
    } else {
        gr__defend_without_layoff(defender, &d);
    }
    int defender_dw = d.defender.deadwood_points;

    int outcome, winner, points;
    if (big_gin) {                                   /* G32 */
        outcome = GR_OUTCOME_BIG_GIN;
        winner = 0;
        points = rules->opt[GR_OPT_BIG_GIN_BONUS] + defender_dw;
    } else if (gin) {                                /* G14, G20, G22 */
        outcome = GR_OUTCOME_GIN;
        winner = 0;
        points = rules->opt[GR_OPT_GIN_BONUS] + defender_dw;
    } else if (knocker_dw < defender_dw) {           /* G21, G23 */
        outcome = GR_OUTCOME_KNOCK;
        winner = 0;
        points = defender_dw - knocker_dw;
    } else if (knocker_dw == defender_dw
               && !rules->opt[GR_OPT_UNDERCUT_TIE]) { /* G36: a drawn hand */
        outcome = GR_OUTCOME_TIE;
        winner = -1;
        points = 0;
    } else {                                         /* G21, G24: undercut */
        outcome = GR_OUTCOME_UNDERCUT;
        winner = 1;
        points = rules->opt[GR_OPT_UNDERCUT_BONUS] + knocker_dw - defender_dw;
    }

    memset(out, 0, sizeof *out);
    out->outcome = outcome;
    out->knocker = 0;
    out->winner = winner;
    out->points = points * multiplier;
    out->knocker_arrangement = *knocker;
    out->defense = d;
    out->knocker_deadwood = knocker_dw;
    out->defender_deadwood = defender_dw;
    out->multiplier = multiplier;
    return GR_OK;
}

/* The knock limit gr_settle_illegal_knock() settles with: above any
 * deadwood count of 10 cards (G29, an illegal knock that stands). */
#define NO_LIMIT 1000

/* Every public settlement, checked: refusals carry their reason
 * (reason.c), so gr_settle and gr_game_knock agree on the same fault.
 * `stands`: an illegal knock that stands (G29), no knock limit. */
static int settle_ex(const gr_rules *rules, const gr_settle_options *options,
                     bool stands, const gr_arrangement *knocker,
                     gr_cards defender, gr_hand_result *out, int *reason)
{
    gr_settle_options o;
    memset(&o, 0, sizeof o);
    if (options)
        o = *options;
    if (rules == NULL || knocker == NULL || out == NULL)
        return gr__reason_put(reason, GR_REASON_NULL_ARGUMENT);
    if (!GR__RESERVED_ZERO(&o))
        return gr__reason_put(reason, GR_REASON_RESERVED_NOT_ZERO);
    if ((o.knocker != 0 && o.knocker != 1) || (o.strict != 0 && o.strict != 1)
        || (o.has_upcard != 0 && o.has_upcard != 1))
        return gr__reason_put(reason, GR_REASON_BAD_VALUE);
    gr_cards knocker_cards;
    if (!gr__cards_valid(defender)
        || gr__arrangement_check(knocker, &knocker_cards, NULL) != GR_OK
        || (knocker_cards & defender) != 0)
        return gr__reason_put(reason, gr__knocker_reason(knocker, defender));
    int knock_limit = rules->opt[GR_OPT_KNOCK_LIMIT], multiplier = 1;
    if (o.has_upcard) {
        if (o.upcard >= GR_NCARDS)
            return gr__reason_put(reason, GR_REASON_BAD_CARD);
        if (((knocker_cards | defender) & GR_CARD_BIT(o.upcard)) != 0)
            return gr__reason_put(reason, GR_REASON_HANDS_OVERLAP);
        gr__oklahoma(rules, o.upcard, &knock_limit, &multiplier);
    }
    if (o.strict) {
        int nk = gr__popcount(knocker_cards);
        bool big = nk == HAND_SIZE + 1 && knocker->deadwood_points == 0
                   && rules->opt[GR_OPT_BIG_GIN_BONUS] > 0;
        if ((nk != HAND_SIZE && !big) || gr__popcount(defender) != HAND_SIZE)
            return gr__reason_put(reason, GR_REASON_CARD_COUNT);
    }
    if (stands)
        knock_limit = NO_LIMIT;
    gr_hand_result r;
    int rc = gr__settle(rules, knock_limit, multiplier, knocker, defender, NULL, &r);
    if (rc != GR_OK)   /* the only refusal left without a defense: G29 */
        return gr__reason_put(reason, GR_REASON_OVER_LIMIT);
    if (o.knocker == 1 && r.outcome != GR_OUTCOME_VOID) {
        r.knocker = 1;
        if (r.winner >= 0)   /* a tie (G36) is won by nobody */
            r.winner = 1 - r.winner;
    }
    *out = r;
    return gr__reason_put(reason, GR_REASON_NONE);
}

int gr_settle_ex(const gr_rules *rules, const gr_settle_options *options,
                 const gr_arrangement *knocker, gr_cards defender,
                 gr_hand_result *out, int *reason)
{
    return settle_ex(rules, options, false, knocker, defender, out, reason);
}

int gr_settle(const gr_rules *rules, const gr_arrangement *knocker,
              gr_cards defender, gr_hand_result *out)
{
    return gr_settle_ex(rules, NULL, knocker, defender, out, NULL);
}

int gr_settle_upcard(const gr_rules *rules, gr_card upcard,
                     const gr_arrangement *knocker, gr_cards defender,
                     gr_hand_result *out)
{
    gr_settle_options o;
    memset(&o, 0, sizeof o);
    o.has_upcard = 1;
    o.upcard = upcard;
    return gr_settle_ex(rules, &o, knocker, defender, out, NULL);
}

int gr_settle_illegal_knock(const gr_rules *rules, const gr_arrangement *knocker,
                            gr_cards defender, gr_hand_result *out)
{
    return settle_ex(rules, NULL, true, knocker, defender, out, NULL);
}

int gr_settle_illegal_knock_ex(const gr_rules *rules, const gr_settle_options *options,
                               const gr_arrangement *knocker, gr_cards defender,
                               gr_hand_result *out, int *reason)
{
    return settle_ex(rules, options, true, knocker, defender, out, reason);
}
