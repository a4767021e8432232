/*
 * rummy/advice.c: advice for the basic Rummy player to act, from his view
 * only (gr_rummy_advise, gr_rummy_advice_explain).
 *
 * The questions with an exact answer are answered exactly by the going
 * out search (rummy/goout.c): the least value he can lay his hand down
 * to, with and without the pile's card; whether he can go out this turn
 * and how (the plan, with table jokers taken back where that helps).  A
 * way out is always the advice (going out ends the hand and wins it, R7).
 * The rest (take or draw, what to lay down now and what to hold back,
 * which card to throw) is the choice of the bot the caller passes (the
 * expert, GR_BOT_EXPERT, for a strong player's advice): a heuristic.  The
 * bot's whole turn is read by showing it the view after each of its
 * moves: within a turn after the draw no hidden card enters, so the views
 * are the ones the game would give.
 */
#include "common/bits.h"
#include "common/cards.h"
#include "rummy/cards.h"
#include "rummy/movetext.h"
#include "rummy/table.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static int play_step(gr_rummy_bot *bot, const gr_rummy_view *view, gr_rummy_advice *a)
{
    int flags = view->ace_high ? GR_RUMMY_ACE_HIGH : 0;
    gr_rummy_plan plan;
    int rc = gr_rummy_can_go_out_plan(&view->hand, view->melds, view->nmelds, flags,
                                      view->taken, &plan);
    if (rc < 0)
        return rc;
    a->out = rc;
    if (rc != GR_RUMMY_OUT_NO) {
        a->nactions = (int)gr__rplan_turn(&plan, a->actions, GR_RUMMY_MAX_TURN_ACTIONS);
        a->value_kept = plan.value;
        a->value_after = 0;
        return GR_OK;
    }
    gr_rummy_view v = *view;
    while (a->nactions < GR_RUMMY_MAX_TURN_ACTIONS) {
        gr_rummy_action *act = &a->actions[a->nactions];
        rc = gr_rummy_bot_choose(bot, &v, act);
        if (rc != GR_OK)
            return rc;
        a->nactions++;
        if (act->type == GR_RUMMY_ACT_DISCARD)
            a->value_kept = gr__rhand_value(&v.hand, flags);
        gr__rview_apply(&v, act, GR_NO_CARD);
        if (act->type == GR_RUMMY_ACT_DISCARD || gr__rhand_count(&v.hand) == 0)
            break;
    }
    if (a->value_kept < 0)
        a->value_kept = gr__rhand_value(&v.hand, flags);
    a->value_after = gr__rhand_value(&v.hand, flags);
    return GR_OK;
}

/* the least value the hand can be laid down to on the view's table
 * (gr_rummy_go_out, which checks its arguments) */
static int least(const gr_rummy_hand *h, const gr_rummy_view *v, int flags)
{
    gr_rummy_plan plan;
    return gr_rummy_go_out(h, v->melds, v->nmelds, flags, &plan);
}

int gr_rummy_advise(gr_rummy_bot *bot, const gr_rummy_view *view, gr_rummy_advice *out)
{
    gr__rpos pos;
    if (!bot || !view || !out || gr__rview_pos(view, &pos) != GR_OK)
        return GR_EINVAL;
    if (view->turn != view->player
        || (view->phase != GR_RUMMY_PHASE_DRAW && view->phase != GR_RUMMY_PHASE_PLAY))
        return GR_ESTATE;
    int flags = view->ace_high ? GR_RUMMY_ACE_HIGH : 0;
    gr_rummy_advice a;
    memset(&a, 0, sizeof a);
    a.phase = view->phase;
    a.take_value = a.value_kept = a.value_after = -1;
    a.value_now = gr__rhand_value(&view->hand, flags);
    a.least_value = least(&view->hand, view, flags);
    if (a.least_value < 0)
        return a.least_value;
    int rc;
    if (view->phase == GR_RUMMY_PHASE_PLAY) {
        rc = play_step(bot, view, &a);
    } else {
        gr_card top = pos.npile ? pos.pile_top : GR_NO_CARD;
        gr_rummy_hand with = view->hand;
        if (top != GR_NO_CARD && gr__rhand_has(&with, top) < 2 && with.jokers < GR_RUMMY_MAX_JOKERS) {
            gr__rhand_add(&with, top);
            a.take_value = least(&with, view, flags);
            if (a.take_value < 0)
                return a.take_value;
            a.out = gr_rummy_can_go_out(&with, view->melds, view->nmelds, flags, top);
            if (a.out < 0)
                return a.out;
        }
        a.nactions = 1;
        if (a.out != GR_RUMMY_OUT_NO)   /* going out this turn: take it */
            gr__ract(&a.actions[0], GR_RUMMY_ACT_DRAW_DISCARD, top, GR_NO_CARD, -1);
        else if ((rc = gr_rummy_bot_choose(bot, view, &a.actions[0])) != GR_OK)
            return rc;
        rc = GR_OK;
    }
    if (rc != GR_OK)
        return rc;
    *out = a;
    return GR_OK;
}

/* ---- the one-line explanation ------------------------------------------- */

static void w_num(gr_writer *w, int v)
{
    char tmp[16];
    snprintf(tmp, sizeof tmp, "%d", v);
    gr__write_str(w, tmp);
}

/* "1 point", "12 points" */
static void w_points(gr_writer *w, int v)
{
    w_num(w, v);
    gr__write_str(w, v == 1 ? " point" : " points");
}

static void w_card(gr_writer *w, gr_card c)
{
    char tmp[8];
    if (gr_rummy_card_format(c, tmp, sizeof tmp) > 0)
        gr__write_str(w, tmp);
}

int gr_rummy_advice_explain(const gr_rummy_advice *a, const gr_rummy_view *view,
                            char *buf, size_t size)
{
    gr__rpos pos;
    if (!a || !view || (!buf && size > 0) || !GR__RESERVED_ZERO(a)
        || gr__rview_pos(view, &pos) != GR_OK || a->phase != view->phase
        || view->turn != view->player || a->nactions < 1
        || a->nactions > GR_RUMMY_MAX_TURN_ACTIONS
        || (a->phase == GR_RUMMY_PHASE_DRAW && a->nactions != 1))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr_rummy_view v = *view;
    if (a->phase == GR_RUMMY_PHASE_PLAY && a->out != GR_RUMMY_OUT_NO)
        gr__write_str(&w, "go out: ");
    if (gr__rturn_write(&w, a->actions, (size_t)a->nactions, &v, GR_NO_CARD) != GR_OK)
        return GR_EINVAL;
    if (a->phase == GR_RUMMY_PHASE_DRAW) {
        if (pos.npile == 0 || a->take_value < 0)
            return w.len > INT_MAX ? GR_EINVAL : (int)w.len;
        /* what the pile's card does to the points the hand lays down to,
         * said of the move advised: taken, or left for the stock */
        bool take = a->actions[0].type == GR_RUMMY_ACT_DRAW_DISCARD;
        bool melds = a->take_value < a->least_value + gr__rcard_value(pos.pile_top, pos.flags);
        if (a->out != GR_RUMMY_OUT_NO) {
            gr__write_str(&w, ": with it you can go out this turn");
        } else if (take && melds) {
            gr__write_str(&w, ": with it your cards lay down to ");
            w_points(&w, a->take_value);
            gr__write_str(&w, " instead of ");
            w_num(&w, a->least_value);
        } else if (take) {
            gr__write_str(&w, ": it melds with nothing yet (your cards lay down to ");
            w_points(&w, a->take_value);
            gr__write_str(&w, " with it, ");
            w_num(&w, a->least_value);
            gr__write_str(&w, " without)");
        } else if (melds) {
            gr__write_str(&w, ": taking ");
            w_card(&w, pos.pile_top);
            gr__write_str(&w, " would lay your cards down to ");
            w_points(&w, a->take_value);
            gr__write_str(&w, " instead of ");
            w_num(&w, a->least_value);
        } else {
            gr__write_str(&w, ": ");
            w_card(&w, pos.pile_top);
            gr__write_str(&w, " would meld with nothing (your cards lay down to ");
            w_points(&w, a->least_value);
            gr__write_str(&w, ", ");
            w_num(&w, a->take_value);
            gr__write_str(&w, " with it)");
        }
    } else if (a->out == GR_RUMMY_OUT_NO) {
        gr__write_str(&w, ": ");
        w_num(&w, a->value_after);
        gr__write_str(&w, a->value_after == 1 ? " point left instead of " : " points left instead of ");
        w_num(&w, a->value_now);
        if (a->value_kept > a->least_value) {
            gr__write_str(&w, " (holding back: laying down all you can would leave ");
            w_num(&w, a->least_value);
            gr__write_str(&w, " before the discard)");
        }
    }
    return w.len > INT_MAX ? GR_EINVAL : (int)w.len;
}
