/*
 * rummy/goout_out.c: can the player go out this turn (R4, R7), and the
 * plan: every card melded or laid off, or all but the one card discarded
 * (which may be a joker taken from the table).  Each way is a going-out
 * search of rummy/goout.c asked only whether nothing is left (a search
 * below 1, which cuts at once when some card can go nowhere, and stops at
 * the first way found).  Each card is kept back in turn (the plan must
 * keep back the first in order), the searches sharing one memo: a
 * state's value depends only on the cards left and the table, and the
 * search set up for the whole hand (its jokers to take, whether the table
 * has room for every card) is exact for any hand it holds.  Without a
 * plan (gr_rummy_can_go_out) the cards worth the least value left are
 * kept back first.
 */
#include "common/bits.h"
#include "rummy/cards.h"
#include "rummy/goout.h"
#include "rummy/goout_search.h"
#include "rummy/melding.h"

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
 *      interchangeable and the search takes table jokers first).
 * The least value left (step 1's search, asked below 16) bounds steps 2
 * and 3: a way for the hand less c (or with a joker taken and kept back)
 * is a way for the hand with c (the joker) left, so the value left is at
 * most c's points (15) when it goes: the cards worth less than it are
 * never kept back, and a joker is not taken to be discarded when it is
 * over 15. */
static int out_plan_in(outer *o, const gr_rummy_hand *hand, const gr_rummy_meld *table,
                       int ntable, int flags, gr_card no_discard, gr_rummy_plan *plan)
{
    int least = plan == NULL ? gr__goout_again(o, hand, GR__RUMMY_JOKER_POINTS + 1)
              : gr__go_out(hand, table, ntable, flags, plan, GR__RUMMY_JOKER_POINTS + 1), v;
    if (least <= 0)
        return least < 0 ? least : GR_RUMMY_OUT_MELD;
    /* without a plan, the cards worth the least value first: one of them
     * is the card an arrangement of that value leaves, if it leaves one
     * (the answer is the same; the plan keeps back the first in order) */
    for (int pass = plan == NULL ? 0 : 1; pass < 2; pass++) {
        for (int c = 0; c <= GR_RUMMY_JOKER; c++) {
            if (c == no_discard || (c == GR_RUMMY_JOKER ? hand->jokers == 0
                                    : gr__rhand_has(hand, (gr_card)c) == 0))
                continue;
            int pts = gr_rummy_card_points((gr_card)c, flags);
            if (pts < least || (pass == 0 ? pts != least : plan == NULL && pts == least))
                continue;
            gr_rummy_hand h = *hand;
            if (c == GR_RUMMY_JOKER)
                h.jokers--;
            else
                gr__rhand_remove(&h, (gr_card)c);
            v = gr__goout_again(o, &h, 1);
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
    }
    if (hand->jokers > 0 || no_discard == GR_RUMMY_JOKER
        || least > GR__RUMMY_JOKER_POINTS)
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

typedef struct out_ctx {
    const gr_rummy_meld *table;
    int                  ntable, flags;
    gr_card              no_discard;
    gr_rummy_plan       *plan;
} out_ctx;

/* out_plan_in with one memo for the hand and the hand less each card kept
 * back (a state's value depends only on the cards left and the table:
 * the searches share what they found) */
static int plan_fn(outer *o, const int *order, const gr_rummy_hand *hand, void *ctx)
{
    const out_ctx *c = ctx;
    (void)order;
    return out_plan_in(o, hand, c->table, c->ntable, c->flags, c->no_discard, c->plan);
}

static int out_way(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                   int flags, gr_card no_discard)
{
    out_ctx c = { table, ntable, flags, no_discard, NULL };
    return gr__goout_with(hand, table, ntable, flags, plan_fn, &c);
}

int gr_rummy_can_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                        int ntable, int flags, gr_card no_discard)
{
    int rc = gr__go_out_args(hand, table, ntable, flags);
    if (rc != GR_OK)
        return rc;
    if (no_discard > GR_RUMMY_JOKER && no_discard != GR_NO_CARD)
        return GR_EINVAL;
    return out_way(hand, table, ntable, flags, no_discard);
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
    out_ctx c = { table, ntable, flags, no_discard, plan };
    rc = gr__goout_with(hand, table, ntable, flags, plan_fn, &c);
    if (rc == GR_RUMMY_OUT_MELD || rc == GR_RUMMY_OUT_DISCARD)
        *out = *plan;
    free(plan);
    return rc;
}
