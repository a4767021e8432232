/*
 * rummy/save.c: a Rummy hand as text, and back by replaying it.
 *
 *   rummy 1
 *   rules players=4 decks=0 hand_size=0 jokers=1 ace_high=0 turnover_limit=0 target=100
 *   dealer 2
 *   deck 7H KS JK ...                 every card as dealt (R2)
 *   moves STOCK 4D; MELD 3C 4C JK=5C; LAYOFF 0 6C; SWAP 0 5C; DISCARD KS; DRAW KS
 *   end
 *
 * A hand that started from a position (rummy/position.c) has
 * "position <gr_rummy_position_format text>" in place of the dealer and
 * deck lines.  The text ends with "end" and a newline, so no proper prefix of a saved
 * text loads; blank lines may follow it (as in Gin's saves).  Loading
 * replays every move through gr_rummy_game_play(), so a text can never
 * make a game the rules would refuse; a refusal says where
 * (gr_rummy_game_load_ex): the line or move, and the reason.
 */
#include "common/alloc.h"
#include "common/cards.h"
#include "rummy/game.h"
#include "rummy/position.h"

#include <limits.h>

/* room for the longest position line: 112 cards, 37 melds, 7 hands */
#define POSITION_TEXT 8192
#include <stdio.h>
#include <string.h>

static void w_int(gr_writer *w, int v)
{
    char tmp[16];
    snprintf(tmp, sizeof tmp, "%d", v);
    gr__write_str(w, tmp);
}

static void w_card(gr_writer *w, gr_card c)
{
    char tmp[8];
    gr_rummy_card_format(c, tmp, sizeof tmp);
    gr__write_str(w, tmp);
}

static void w_action(gr_writer *w, const gr_rummy_action *m)
{
    switch (m->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
    case GR_RUMMY_ACT_DRAW_DISCARD:
        gr__write_str(w, m->type == GR_RUMMY_ACT_DRAW_STOCK ? "STOCK" : "DRAW");
        if (m->card <= GR_RUMMY_JOKER) {
            gr__write_str(w, " ");
            w_card(w, m->card);
        }
        break;
    case GR_RUMMY_ACT_MELD: {
        char tmp[256];
        gr_rummy_meld_format(&m->meld, tmp, sizeof tmp);
        gr__write_str(w, "MELD ");
        gr__write_str(w, tmp);
        break;
    }
    case GR_RUMMY_ACT_LAY_OFF:
        gr__write_str(w, "LAYOFF ");
        w_int(w, m->target);
        gr__write_str(w, " ");
        w_card(w, m->card);
        if (m->card == GR_RUMMY_JOKER) {
            gr__write_str(w, "=");
            w_card(w, m->named);
        }
        break;
    case GR_RUMMY_ACT_SWAP_JOKER:
        gr__write_str(w, "SWAP ");
        w_int(w, m->target);
        gr__write_str(w, " ");
        w_card(w, m->card);
        break;
    case GR_RUMMY_ACT_DISCARD:
        gr__write_str(w, "DISCARD ");
        w_card(w, m->card);
        break;
    }
}

int gr_rummy_action_format(const gr_rummy_action *action, char *buf, size_t size)
{
    if (!action || (!buf && size > 0) || gr__ract_wellformed(action) != GR_OK)
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    w_action(&w, action);
    return w.len > INT_MAX ? GR_EINVAL : (int)w.len;
}

int gr_rummy_game_save(const gr_rummy_game *game, char *buf, size_t size)
{
    if (!game || (!buf && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_str(&w, "rummy 1\n");
    gr__rummy_write_rules(&w, game->rules.opt);
    if (game->start) {
        char tmp[POSITION_TEXT];
        int n = gr_rummy_position_format(game->start, tmp, sizeof tmp);
        if (n < 0 || (size_t)n >= sizeof tmp)
            return GR_EINVAL;   /* not reached: checked when made */
        gr__write_str(&w, "\nposition ");
        gr__write_str(&w, tmp);
    } else {
        gr__write_str(&w, "\ndealer ");
        w_int(&w, game->dealer);
        gr__write_str(&w, "\ndeck");
        for (int i = 0; i < game->ncards; i++) {
            gr__write_str(&w, " ");
            w_card(&w, game->deck[i]);
        }
    }
    gr__write_str(&w, "\nmoves");
    for (int i = 0; i < game->nhistory; i++) {
        gr__write_str(&w, i ? "; " : " ");
        w_action(&w, &game->history[i]);
    }
    gr__write_str(&w, "\nend\n");
    return w.len > INT_MAX ? GR_EINVAL : (int)w.len;
}

/* ---- reading ------------------------------------------------------------------- */

#define MAXTOK 64


/* a copy of [s, e) into buf (NUL-terminated); false if too long */
static bool copy(char *buf, size_t size, const char *s, const char *e)
{
    if ((size_t)(e - s) >= size)
        return false;
    memcpy(buf, s, (size_t)(e - s));
    buf[e - s] = '\0';
    return true;
}

/* the line starts with `key` and a space (or is just `key`); *rest after it */
static bool keyword(const char *s, const char *e, const char *key,
                    const char **rest)
{
    size_t n = strlen(key);
    if ((size_t)(e - s) < n || memcmp(s, key, n) != 0)
        return false;
    if (s + n == e) {
        *rest = e;
        return true;
    }
    if (s[n] != ' ')
        return false;
    *rest = s + n + 1;
    return true;
}

static bool parse_int(const char *s, const char *e, int lo, int hi, int *out)
{
    unsigned long long v;
    if (hi < 0 || !gr__read_decimal(s, (size_t)(e - s), (unsigned long long)hi, &v)
        || v < (unsigned long long)(lo > 0 ? lo : 0))
        return false;
    *out = (int)v;
    return true;
}

static bool parse_card(const char *s, const char *e, gr_card *out)
{
    char tok[MAXTOK];
    if (s == e || !copy(tok, sizeof tok, s, e))
        return false;
    for (const char *p = s; p < e; p++)
        if (*p == ' ' || *p == ',')
            return false;
    return gr_rummy_card_parse(tok, out) == GR_OK;
}

/* one move's text (no surrounding spaces) */
static int parse_action(const char *s, const char *e, gr_rummy_action *m)
{
    const char *sp = memchr(s, ' ', (size_t)(e - s));
    const char *name_end = sp ? sp : e, *arg = sp ? sp + 1 : e;
    size_t n = (size_t)(name_end - s);
    gr__ract(m, 0, GR_NO_CARD, GR_NO_CARD, -1);
#define IS(w) (n == strlen(w) && memcmp(s, w, n) == 0)
    if (IS("STOCK") || IS("DRAW")) {
        m->type = IS("STOCK") ? GR_RUMMY_ACT_DRAW_STOCK : GR_RUMMY_ACT_DRAW_DISCARD;
        if (sp && !parse_card(arg, e, &m->card))
            return GR_EPARSE;
        return GR_OK;
    }
    if (!sp)
        return GR_EPARSE;
    if (IS("MELD")) {
        char tok[512];
        size_t bad;
        m->type = GR_RUMMY_ACT_MELD;
        if (!copy(tok, sizeof tok, arg, e)
            || gr_rummy_meld_parse(tok, &m->meld, &bad) != GR_OK)
            return GR_EPARSE;
        return GR_OK;
    }
    if (IS("DISCARD")) {
        m->type = GR_RUMMY_ACT_DISCARD;
        return parse_card(arg, e, &m->card) ? GR_OK : GR_EPARSE;
    }
    if (IS("LAYOFF") || IS("SWAP")) {
        m->type = IS("LAYOFF") ? GR_RUMMY_ACT_LAY_OFF : GR_RUMMY_ACT_SWAP_JOKER;
        const char *sp2 = memchr(arg, ' ', (size_t)(e - arg));
        if (!sp2 || !parse_int(arg, sp2, 0, GR_RUMMY_MAX_MELDS - 1, &m->target))
            return GR_EPARSE;
        const char *c = sp2 + 1, *eq = memchr(c, '=', (size_t)(e - c));
        if (!parse_card(c, eq ? eq : e, &m->card))
            return GR_EPARSE;
        if (eq) {
            if (m->type != GR_RUMMY_ACT_LAY_OFF || m->card != GR_RUMMY_JOKER
                || !parse_card(eq + 1, e, &m->named) || m->named >= GR_NCARDS)
                return GR_EPARSE;
        } else if (m->card == GR_RUMMY_JOKER) {
            return GR_EPARSE;
        }
        return GR_OK;
    }
#undef IS
    return GR_EPARSE;
}

/* a game from the text of a "position" line: GR_EPARSE for text that
 * does not read or a position the rules refuse (damaged text) */
static int load_position(gr_rummy_game **g, const gr_rummy_rules *rules,
                         const char *s, const char *e)
{
    char tmp[POSITION_TEXT];
    gr_rummy_position *pos = gr__malloc(&rules->mm, sizeof *pos);
    if (!pos)
        return GR_ENOMEM;
    int rc = GR_EPARSE;
    if (copy(tmp, sizeof tmp, s, e) && gr_rummy_position_parse(tmp, pos, NULL) == GR_OK) {
        rc = gr_rummy_game_from_position(g, rules, pos);
        if (rc != GR_OK && rc != GR_ENOMEM)
            rc = GR_EPARSE;
    }
    gr__free(&rules->mm, pos);
    return rc;
}

/* Where a load failed (gr_rummy_game_load_ex): the text, the line being
 * read and the place of the fault. */
typedef struct reader {
    const char     *text;
    const char     *p;      /* the next line */
    const char     *s, *e;  /* the current line [s, e) */
    gr_parse_error *err;
} reader;

/* the next line (gr__next_line); false, the place set to the end of the
 * text, when none is left: the text was cut short */
static bool next_line(reader *r)
{
    if (gr__next_line(&r->p, &r->s, &r->e))
        return true;
    r->s = r->e = r->p + strlen(r->p);
    return false;
}

/* the fault at [at, at + len) for `reason`; its status */
static int fault(const reader *r, const char *at, size_t len, int reason, int status)
{
    gr__parse_error_set(r->err, r->text, at, len, reason);
    return status;
}

/* damaged text: the whole current line (length 0 at the end of the text) */
static int bad_line(const reader *r)
{
    return fault(r, r->s, (size_t)(r->e - r->s), GR_REASON_SYNTAX, GR_EPARSE);
}

/* after the end line: blank lines only (white space, as Gin's saves) */
static bool only_blank(const char *p)
{
    while (*p && gr__is_space(*p))
        p++;
    return *p == '\0';
}

/* Replay the moves line [rest, r->e) on g. */
static int replay(reader *r, gr_rummy_game *g, const char *rest)
{
    const char *e = r->e;
    while (rest < e) {
        const char *semi = memchr(rest, ';', (size_t)(e - rest));
        const char *end = semi ? semi : e;
        size_t len = (size_t)(end - rest);
        gr_rummy_action m;
        if (end == rest || rest[0] == ' ' || end[-1] == ' '
            || parse_action(rest, end, &m) != GR_OK)
            return fault(r, rest, len, GR_REASON_SYNTAX, GR_EPARSE);
        gr_card named_draw = m.card;
        bool draw = m.type == GR_RUMMY_ACT_DRAW_STOCK
            || m.type == GR_RUMMY_ACT_DRAW_DISCARD;
        int rc = gr_rummy_game_play(g, &m);
        if (rc == GR_ENOMEM)
            return fault(r, rest, len, GR_REASON_NO_MEMORY, rc);
        if (rc == GR_EINVAL)   /* a malformed move: damaged text */
            return fault(r, rest, len, GR_REASON_SYNTAX, GR_EPARSE);
        if (rc != GR_OK)
            return fault(r, rest, len, gr_rummy_game_last_reason(g), GR_EILLEGAL);
        if (draw && named_draw != GR_NO_CARD
            && g->history[g->nhistory - 1].card != named_draw)
            return fault(r, rest, len, GR_REASON_DRAW_MISMATCH, GR_EILLEGAL);
        if (!semi)
            break;
        if (semi + 1 >= e || semi[1] != ' ')
            return fault(r, semi, (size_t)(e - semi), GR_REASON_SYNTAX, GR_EPARSE);
        rest = semi + 2;
    }
    return GR_OK;
}

/* the hand of the text in r (rules made through mm) into *g */
static int load(reader *r, const gr_allocator *mm, gr_rummy_game **g)
{
    const char *rest;
    if (!next_line(r) || r->e - r->s != 7 || memcmp(r->s, "rummy 1", 7) != 0)
        return bad_line(r);
    gr_rummy_rules *rules;
    int rc = gr_rummy_rules_new_mm(&rules, GR_RUMMY_PRESET_PARLETT, mm);
    if (rc != GR_OK)
        return fault(r, r->s, 0, GR_REASON_NO_MEMORY, rc);
    int opt[GR_RUMMY_OPT_COUNT];
    memcpy(opt, rules->opt, sizeof opt);
    if (!next_line(r) || !gr__rummy_read_rules(r->s, r->e, opt)) {
        rc = bad_line(r);
        goto done;
    }
    memcpy(rules->opt, opt, sizeof opt);
    if (!next_line(r)) {
        rc = bad_line(r);
        goto done;
    }
    if (keyword(r->s, r->e, "position", &rest)) {
        rc = load_position(g, rules, rest, r->e);
        if (rc != GR_OK) {
            *g = NULL;
            rc = rc == GR_ENOMEM ? fault(r, r->s, 0, GR_REASON_NO_MEMORY, rc) : bad_line(r);
            goto done;
        }
    } else {
        int dealer;
        if (!keyword(r->s, r->e, "dealer", &rest)
            || !parse_int(rest, r->e, 0, opt[GR_RUMMY_OPT_PLAYERS] - 1, &dealer)) {
            rc = bad_line(r);
            goto done;
        }
        gr_card deck[GR_RUMMY_MAX_CARDS];
        size_t n = 0;
        if (!next_line(r) || !keyword(r->s, r->e, "deck", &rest)) {
            rc = bad_line(r);
            goto done;
        }
        while (rest < r->e) {
            const char *sp = memchr(rest, ' ', (size_t)(r->e - rest));
            const char *end = sp ? sp : r->e;
            if (n == GR_RUMMY_MAX_CARDS || !parse_card(rest, end, &deck[n++])
                || (sp && sp + 1 == r->e)) {
                rc = bad_line(r);
                goto done;
            }
            rest = sp ? sp + 1 : r->e;
        }
        rc = gr__rgame_deal(g, rules, deck, n, dealer);
        if (rc != GR_OK) {   /* not the rules' deck: damaged text */
            *g = NULL;
            rc = rc == GR_ENOMEM ? fault(r, r->s, 0, GR_REASON_NO_MEMORY, rc) : bad_line(r);
            goto done;
        }
    }
    if (!next_line(r) || !keyword(r->s, r->e, "moves", &rest)) {
        rc = bad_line(r);
        goto done;
    }
    rc = replay(r, *g, rest);
    if (rc != GR_OK)
        goto done;
    /* the end line with its newline (a text cut short lacks it), then
     * nothing but blank lines */
    if (!next_line(r) || r->e - r->s != 3 || memcmp(r->s, "end", 3) != 0) {
        rc = bad_line(r);
        goto done;
    }
    if (!only_blank(r->p)) {
        const char *at = r->p;
        while (gr__is_space(*at))
            at++;
        rc = fault(r, at, strcspn(at, "\r\n"), GR_REASON_SYNTAX, GR_EPARSE);
    }
done:
    if (rc != GR_OK) {
        gr_rummy_game_free(*g);
        *g = NULL;
    }
    gr_rummy_rules_free(rules);
    return rc;
}

int gr_rummy_game_load_ex(gr_rummy_game **out, const char *text, const gr_allocator *mm,
                          gr_parse_error *err)
{
    int rc = gr__load_args_check(out, text, mm, err);
    if (rc != GR_OK)
        return rc;
    reader r = { text, text, text, text, err };
    gr_rummy_game *g = NULL;
    rc = load(&r, mm, &g);
    if (rc != GR_OK)
        return rc;
    gr__parse_error_clear(err);
    *out = g;
    return GR_OK;
}

int gr_rummy_game_load_mm(gr_rummy_game **out, const char *text,
                          const gr_allocator *mm)
{
    return gr_rummy_game_load_ex(out, text, mm, NULL);
}

int gr_rummy_game_load(gr_rummy_game **out, const char *text)
{
    return gr_rummy_game_load_ex(out, text, NULL, NULL);
}

void gr__rummy_write_rules(gr_writer *w, const int opt[GR_RUMMY_OPT_COUNT])
{
    gr__write_str(w, "rules");
    for (int i = 0; i < GR_RUMMY_OPT_COUNT; i++) {
        gr_option_info info;
        gr_rummy_option_describe(i, &info);
        gr__write_str(w, " ");
        gr__write_str(w, info.name);
        gr__write_str(w, "=");
        w_int(w, opt[i]);
    }
}

bool gr__rummy_read_rules(const char *s, const char *e, int opt[GR_RUMMY_OPT_COUNT])
{
    const char *rest;
    bool seen[GR_RUMMY_OPT_COUNT] = { false };
    int got[GR_RUMMY_OPT_COUNT];
    memcpy(got, opt, sizeof got);
    if (!keyword(s, e, "rules", &rest))
        return false;
    while (rest < e) {
        const char *sp = memchr(rest, ' ', (size_t)(e - rest));
        const char *end = sp ? sp : e;
        const char *eq = memchr(rest, '=', (size_t)(end - rest));
        char name[MAXTOK];
        int v, o;
        gr_option_info info;
        if (!eq || !copy(name, sizeof name, rest, eq)
            || (o = gr_rummy_option_lookup(name)) < 0 || seen[o]
            || gr_rummy_option_describe(o, &info) != GR_OK
            || strcmp(info.name, name) != 0
            || !parse_int(eq + 1, end, info.min, info.max, &v))
            return false;
        seen[o] = true;
        got[o] = v;
        rest = sp ? sp + 1 : e;
        if (sp && rest == e)
            return false;   /* a trailing space */
    }
    if (gr__rummy_deal(got, NULL, NULL, NULL) != GR_OK)
        return false;
    memcpy(opt, got, sizeof got);
    return true;
}
