/*
 * rummy/turntext.c: the moves of a Rummy turn as text and back
 * ("take 9H, meld 7H 8H 9H, layoff KS 2, discard 4C"), and "out": the way
 * out the library finds (gr_rummy_can_go_out_plan), expanded into its
 * moves.
 *
 * A turn text is moves one after another, each starting with its command
 * word; each move is read (movetext.c) and checked against the view as
 * the moves before it leave it (view.c plays them), so table melds laid
 * down earlier in the turn have their numbers and a joker's forced face
 * is judged on the table as it then is.  The card drawn from the stock is
 * hidden from a view: nothing after such a draw can be read against one;
 * a game knows it.
 */
#include "common/cards.h"
#include "rummy/cards.h"
#include "rummy/game.h"
#include "rummy/movetext.h"
#include "rummy/reason.h"
#include "rummy/table.h"

#include <limits.h>
#include <string.h>

/* The most actions a turn text holds.  No legal turn comes near it: every
 * step-2 action but an exchange takes a card out of the hand for good, an
 * exchange takes a natural card out of it for good, and a hand holds at
 * most 2 * 52 naturals and GR_RUMMY_MAX_JOKERS jokers (each joker can go
 * down again once per exchange): at most 1 + 104 + 2 * 8 + 104 actions. */
#define TURN_MAX 256

/* the card a draw from the stock gives: a game knows it */
static gr_card stock_top(const gr_rummy_game *g)
{
    return g->nstock > 0 ? g->stock[g->nstock - 1] : GR_NO_CARD;
}

/* why the view's player may not play `a` where the view stands, or
 * GR_REASON_NONE (as gr_rummy_game_play() would say) */
static int refusal(const gr_rummy_view *v, const gr_rummy_action *a)
{
    gr__rpos pos;
    if (v->phase != GR_RUMMY_PHASE_OVER && v->turn != v->player)
        return GR_REASON_NOT_YOUR_TURN;
    if (gr__rview_pos(v, &pos) != GR_OK)
        return GR_REASON_BAD_VALUE;
    int why = gr__ract_reason(&pos, a);
    if (why == GR_REASON_NONE && a->type == GR_RUMMY_ACT_MELD
        && v->nmelds >= GR_RUMMY_MAX_MELDS)
        why = GR_REASON_RUMMY_CARDS;   /* a crafted view's full table */
    return why;
}

/* ---- format ------------------------------------------------------------ */

int gr__rturn_write(gr_writer *w, const gr_rummy_action *a, size_t n,
                    gr_rummy_view *v, gr_card drawn)
{
    bool hidden = false;   /* a stock draw whose card is not known came before */
    for (size_t i = 0; i < n; i++) {
        char mv[640];
        if (hidden || gr__ract_wellformed(&a[i]) != GR_OK
            || refusal(v, &a[i]) != GR_REASON_NONE)
            return GR_EINVAL;
        int len = gr_rummy_view_move_format(&a[i], v, mv, sizeof mv);
        if (len < 0 || (size_t)len >= sizeof mv)
            return GR_EINVAL;
        if (i > 0)
            gr__write_str(w, ", ");
        gr__write_str(w, mv);
        if (a[i].type == GR_RUMMY_ACT_DRAW_STOCK && drawn == GR_NO_CARD)
            hidden = true;
        else
            gr__rview_apply(v, &a[i], drawn);
    }
    return GR_OK;
}

static int format_turn(const gr_rummy_action *a, size_t n, gr_rummy_view *v,
                       gr_card drawn, char *buf, size_t size)
{
    if (!a || n == 0 || n > TURN_MAX || (!buf && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    int rc = gr__rturn_write(&w, a, n, v, drawn);
    if (rc != GR_OK) {
        if (size > 0)
            buf[0] = '\0';
        return rc;
    }
    return w.len > INT_MAX ? GR_EINVAL : (int)w.len;
}

int gr_rummy_view_turn_format(const gr_rummy_action *actions, size_t n,
                              const gr_rummy_view *view, char *buf, size_t size)
{
    if (!view || gr__rview_check(view) != GR_OK)
        return GR_EINVAL;
    gr_rummy_view v = *view;
    return format_turn(actions, n, &v, GR_NO_CARD, buf, size);
}

int gr_rummy_turn_format(const gr_rummy_action *actions, size_t n,
                         const gr_rummy_game *game, char *buf, size_t size)
{
    gr_rummy_view v;
    if (!game || gr_rummy_game_view(game, game->turn, &v) != GR_OK)
        return GR_EINVAL;
    return format_turn(actions, n, &v, stock_top(game), buf, size);
}

/* ---- parse ------------------------------------------------------------- */

static bool is_sep(char c)
{
    return gr__is_space(c) || c == ',';
}

static const char *word_end(const char *s, const char *end)
{
    while (s < end && !is_sep(*s))
        s++;
    return s;
}

static const char *skip_sep(const char *s, const char *end)
{
    while (s < end && is_sep(*s))
        s++;
    return s;
}

/* the end of the move starting at s: the start of the next word that is a
 * command word, or end */
static const char *move_end(const char *s, const char *end)
{
    s = skip_sep(word_end(s, end), end);
    while (s < end && gr__rmove_word(s, (size_t)(word_end(s, end) - s)) < 0)
        s = skip_sep(word_end(s, end), end);
    return s;
}

/* the move's text without the separators after it */
static size_t move_len(const char *s, const char *e)
{
    while (e > s && is_sep(e[-1]))
        e--;
    return (size_t)(e - s);
}

typedef struct turn {
    const char      *text;
    gr_rummy_view   *v;
    gr_card          drawn;     /* the stock's top, or GR_NO_CARD (hidden) */
    gr_parse_error  *err;
    size_t           n;
    gr_rummy_action  acts[TURN_MAX];
} turn;

static int refuse(turn *t, const char *at, size_t len, int reason)
{
    gr__parse_error_set(t->err, t->text, at, len, reason);
    return GR_EPARSE;
}

/* "out" at s..e: the way out gr_rummy_can_go_out_plan() finds, appended */
static int expand_out(turn *t, const char *s, const char *e)
{
    gr_rummy_view *v = t->v;
    const char *more = skip_sep(word_end(s, e), e);
    size_t len = (size_t)(word_end(s, e) - s);
    if (more < e)
        return refuse(t, more, (size_t)(word_end(more, e) - more), GR_REASON_SYNTAX);
    if (v->phase != GR_RUMMY_PHASE_OVER && v->turn != v->player)
        return refuse(t, s, len, GR_REASON_NOT_YOUR_TURN);
    if (v->phase == GR_RUMMY_PHASE_OVER)
        return refuse(t, s, len, GR_REASON_HAND_OVER);
    if (v->phase == GR_RUMMY_PHASE_DRAW)
        return refuse(t, s, len, GR_REASON_DRAW_FIRST);
    gr_rummy_plan plan;
    int rc = gr_rummy_can_go_out_plan(&v->hand, v->melds, v->nmelds,
                                      v->ace_high ? GR_RUMMY_ACE_HIGH : 0,
                                      v->taken, &plan);
    if (rc < 0) {   /* GR_ENOMEM (the view was checked) */
        gr__parse_error_only(t->err, rc == GR_ENOMEM ? GR_REASON_NO_MEMORY
                                                      : GR_REASON_BAD_VALUE);
        return rc;
    }
    if (rc == GR_RUMMY_OUT_NO)
        return refuse(t, s, len, GR_REASON_CANNOT_GO_OUT);
    if ((size_t)plan.nmoves + 1 > TURN_MAX - t->n)
        return refuse(t, s, len, GR_REASON_SYNTAX);
    size_t k = gr__rplan_turn(&plan, &t->acts[t->n], TURN_MAX - t->n);
    for (size_t i = 0; i < k; i++) {
        gr_rummy_action *a = &t->acts[t->n + i];
        int why = refusal(v, a);
        if (why != GR_REASON_NONE)   /* never: the plan is legal */
            return refuse(t, s, len, why);
        gr__rview_apply(v, a, GR_NO_CARD);
    }
    t->n += k;
    return GR_OK;
}

static int parse_turn(turn *t)
{
    const char *end = t->text + strlen(t->text);
    const char *s = skip_sep(t->text, end);
    bool hidden = false;
    if (s == end)
        return refuse(t, end, 0, GR_REASON_SYNTAX);
    while (s < end) {
        const char *e = move_end(s, end);
        int cmd = gr__rmove_word(s, (size_t)(word_end(s, end) - s));
        if (cmd < 0)
            return refuse(t, s, (size_t)(word_end(s, end) - s), GR_REASON_SYNTAX);
        if (hidden)
            return refuse(t, s, move_len(s, e), GR_REASON_UNSEEN_DRAW);
        if (t->n >= TURN_MAX)
            return refuse(t, s, move_len(s, e), GR_REASON_SYNTAX);
        if (cmd == GR__RWORD_OUT) {
            int rc = expand_out(t, s, e);
            if (rc != GR_OK)
                return rc;
        } else {
            gr_rummy_action *a = &t->acts[t->n];
            int rc = gr__rmove_parse_span(t->text, s, e, t->v, a, t->err);
            if (rc != GR_OK)
                return rc;
            int why = refusal(t->v, a);
            if (why != GR_REASON_NONE)
                return refuse(t, s, move_len(s, e), why);
            t->n++;
            if (a->type == GR_RUMMY_ACT_DRAW_STOCK && t->drawn == GR_NO_CARD)
                hidden = true;
            else
                gr__rview_apply(t->v, a, t->drawn);
        }
        s = e;
    }
    return GR_OK;
}

static int turn_parse(const char *text, gr_rummy_view *v, gr_card drawn,
                      gr_rummy_action *out, size_t cap, gr_parse_error *err)
{
    turn t;
    t.text = text;
    t.v = v;
    t.drawn = drawn;
    t.err = err;
    t.n = 0;
    int rc = parse_turn(&t);
    if (rc != GR_OK)
        return rc;
    gr__parse_error_clear(err);
    if (cap > 0)   /* out may be NULL with cap 0 */
        memcpy(out, t.acts, (t.n < cap ? t.n : cap) * sizeof *out);
    return (int)t.n;
}

int gr_rummy_view_turn_parse(const char *text, const gr_rummy_view *view,
                             gr_rummy_action *out, size_t cap,
                             gr_parse_error *err)
{
    if (!text || !view || (!out && cap > 0)) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    if (gr__rview_check(view) != GR_OK) {
        gr__parse_error_only(err, GR_REASON_BAD_VALUE);
        return GR_EINVAL;
    }
    gr_rummy_view v = *view;
    return turn_parse(text, &v, GR_NO_CARD, out, cap, err);
}

int gr_rummy_turn_parse(const char *text, const gr_rummy_game *game,
                        gr_rummy_action *out, size_t cap, gr_parse_error *err)
{
    gr_rummy_view v;
    if (!text || !game || (!out && cap > 0)) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    gr_rummy_game_view(game, game->turn, &v);
    return turn_parse(text, &v, stock_top(game), out, cap, err);
}
