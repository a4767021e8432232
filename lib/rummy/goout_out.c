/*
 * rummy/goout_out.c: can the player go out this turn (R4, R7), and the
 * plan: every card melded or laid off, or all but the one card discarded
 * (which may be a joker taken from the table).  Each way is a going-out
 * search of rummy/goout.c asked only whether nothing is left (a search
 * below 1, which the lower bound there cuts at once when some card can
 * go nowhere).
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/goout.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* (goout.h) */
void gr__plan_add_move(gr_rummy_plan *plan, int kind, int meld, gr_cards cards,
                       gr_cards jokers)
{
    if (plan->nmoves >= GR_RUMMY_MAX_MOVES)
        return;   /* cannot happen: every move uses a card of the hand */
    gr_rummy_move *mv = &plan->moves[plan->nmoves++];
    mv->kind = kind;
    mv->meld = meld;
    mv->cards.cards = cards;
    mv->cards.jokers = jokers;
}

/* Can the hand go out (R4, R7), and how: GR_RUMMY_OUT_* and, for MELD or
 * DISCARD with plan not NULL, a plan leaving nothing or the one card to
 * discard (plan->left).  Arguments valid.
 *   1. every card melded or laid off: the going-out search's value is 0;
 *   2. keep back one card c of the hand (each distinct card once, never
 *      no_discard) and everything else goes: go_out(hand - c) is 0;
 *   3. no joker in hand: a joker taken from the table (R5) is the card
 *      kept back (R4, R7 allow discarding it), so for each table joker
 *      whose natural face f the hand holds, take it, and the rest goes:
 *      go_out(hand - f, the table with that joker now the natural f) is
 *      0.  With a joker in hand, step 2 already keeps one back (jokers are
 *      interchangeable and the search takes table jokers first). */
static int out_plan(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                    int flags, gr_card no_discard, gr_rummy_plan *plan)
{
    int v = gr__go_out(hand, table, ntable, flags, plan, 1);
    if (v <= 0)
        return v < 0 ? v : GR_RUMMY_OUT_MELD;
    for (int c = 0; c <= GR_RUMMY_JOKER; c++) {
        if (c == no_discard)
            continue;
        gr_rummy_hand h = *hand;
        if (c == GR_RUMMY_JOKER) {
            if (h.jokers == 0)
                continue;
            h.jokers--;
        } else {
            if (gr__rhand_has(&h, (gr_card)c) == 0)
                continue;
            gr__rhand_remove(&h, (gr_card)c);
        }
        v = gr__go_out(&h, table, ntable, flags, NULL, 1);
        if (v < 0)
            return v;
        if (v == 0) {
            if (plan != NULL) {
                if ((v = gr__go_out(&h, table, ntable, flags, plan, INT_MAX)) < 0)
                    return v;
                plan->left = (gr_rummy_hand){ 0, 0, 0 };
                if (gr_rummy_hand_add(&plan->left, (gr_card)c) != GR_OK)
                    return GR_EINVAL;   /* cannot happen */
                plan->value = gr__rummy_hand_points(&plan->left, flags);
            }
            return GR_RUMMY_OUT_DISCARD;
        }
    }
    if (hand->jokers > 0 || no_discard == GR_RUMMY_JOKER)
        return GR_RUMMY_OUT_NO;
    gr_rummy_meld t2[GR_RUMMY_MAX_MELDS];
    if (ntable > 0)
        memcpy(t2, table, (size_t)ntable * sizeof *t2);
    for (int i = 0; i < ntable; i++)
        for (gr_cards jk = table[i].jokers; jk; jk &= jk - 1) {
            int f = __builtin_ctzll(jk);
            if (gr__rhand_has(hand, (gr_card)f) == 0)
                continue;
            gr_rummy_hand h = *hand;
            gr__rhand_remove(&h, (gr_card)f);
            t2[i].jokers = table[i].jokers & ~GR_CARD_BIT(f);
            v = gr__go_out(&h, t2, ntable, flags, NULL, 1);
            if (v == 0 && plan != NULL) {
                gr_rummy_plan *rest = malloc(sizeof *rest);
                if (rest == NULL)
                    return GR_ENOMEM;
                v = gr__go_out(&h, t2, ntable, flags, rest, INT_MAX);
                if (v == 0) {
                    memset(plan, 0, sizeof *plan);
                    gr__plan_add_move(plan, GR_RUMMY_MOVE_TAKE_JOKER, i, GR_CARD_BIT(f), 0);
                    for (int k = 0; k < rest->nmoves && plan->nmoves < GR_RUMMY_MAX_MOVES; k++)
                        plan->moves[plan->nmoves++] = rest->moves[k];
                    plan->left = (gr_rummy_hand){ 0, 0, 1 };
                    plan->value = GR__RUMMY_JOKER_POINTS;
                }
                free(rest);
            }
            t2[i].jokers = table[i].jokers;
            if (v < 0)
                return v;
            if (v == 0)
                return GR_RUMMY_OUT_DISCARD;
        }
    return GR_RUMMY_OUT_NO;
}

int gr_rummy_can_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                        int ntable, int flags, gr_card no_discard)
{
    int rc = gr__go_out_args(hand, table, ntable, flags);
    if (rc != GR_OK)
        return rc;
    if (no_discard > GR_RUMMY_JOKER && no_discard != GR_NO_CARD)
        return GR_EINVAL;
    return out_plan(hand, table, ntable, flags, no_discard, NULL);
}

int gr_rummy_can_go_out_plan(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                             int ntable, int flags, gr_card no_discard,
                             gr_rummy_plan *out)
{
    if (out == NULL)
        return GR_EINVAL;
    int rc = gr__go_out_args(hand, table, ntable, flags);
    if (rc != GR_OK)
        return rc;
    if (no_discard > GR_RUMMY_JOKER && no_discard != GR_NO_CARD)
        return GR_EINVAL;
    gr_rummy_plan *plan = malloc(sizeof *plan);
    if (plan == NULL)
        return GR_ENOMEM;
    memset(plan, 0, sizeof *plan);
    rc = out_plan(hand, table, ntable, flags, no_discard, plan);
    if (rc == GR_RUMMY_OUT_MELD || rc == GR_RUMMY_OUT_DISCARD)
        *out = *plan;
    free(plan);
    return rc;
}
