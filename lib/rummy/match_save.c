/*
 * rummy/match_save.c: a Rummy match as text and back:
 *
 *   rummy-match 1
 *   rules players=3 decks=0 hand_size=0 jokers=1 ace_high=0 ...
 *   seed 42
 *   first_dealer cut                (or the seat the table chose)
 *   deals 4                         (hands dealt by gr_rummy_match_deal)
 *   hand out 2 left 12 30 0         (the winner, each seat's points left)
 *   hand void
 *   end
 *
 * Loading replays every hand through the same checks as
 * gr_rummy_match_record, so a text can never make a match the library
 * would refuse; a text cut short has no "end" and is refused.  Blank
 * lines may follow "end" (as in Gin's saves).
 */
#include "common/alloc.h"
#include "common/cards.h"
#include "common/reason.h"
#include "rummy/match.h"

#include <limits.h>
#include <string.h>

int gr_rummy_match_save(const gr_rummy_match *match, char *buf, size_t size)
{
    if (!match || (!buf && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_str(&w, "rummy-match 1\n");
    gr__rummy_write_rules(&w, match->rules.opt);
    gr__write_str(&w, "\nseed ");
    gr__write_unsigned(&w, match->seed);
    gr__write_str(&w, "\nfirst_dealer ");
    if (match->chosen)
        gr__write_num(&w, match->first_dealer);
    else
        gr__write_str(&w, "cut");
    gr__write_str(&w, "\ndeals ");
    gr__write_num(&w, match->deals);
    for (int i = 0; i < match->nrec; i++) {
        const gr__rrecord *r = &match->rec[i];
        if (r->winner < 0) {
            gr__write_str(&w, "\nhand void");
            continue;
        }
        gr__write_str(&w, "\nhand out ");
        gr__write_num(&w, r->winner);
        gr__write_str(&w, " left");
        for (int p = 0; p < match->nplayers; p++) {
            gr__write_str(&w, " ");
            gr__write_num(&w, r->left[p]);
        }
    }
    gr__write_str(&w, "\nend\n");
    return w.len > INT_MAX ? GR_EINVAL : (int)w.len;
}

/* ---- load ---------------------------------------------------------------- */

typedef struct reader {
    const char *text;
    const char *p;         /* the next line */
    const char *s, *e;     /* the current line [s, e) */
    gr_parse_error *err;
} reader;

static int fail(reader *r, const char *at, size_t len, int reason)
{
    gr__parse_error_set(r->err, r->text, at, len, reason);
    return reason == GR_REASON_SYNTAX ? GR_EPARSE : gr_reason_status(reason);
}

/* the next line (gr__next_line); false at the end of the text */
static bool next_line(reader *r)
{
    return gr__next_line(&r->p, &r->s, &r->e);
}

/* the line is `key` followed by one space; *rest after it */
static bool key(const reader *r, const char *k, const char **rest)
{
    size_t n = strlen(k);
    if ((size_t)(r->e - r->s) <= n || memcmp(r->s, k, n) != 0 || r->s[n] != ' ')
        return false;
    *rest = r->s + n + 1;
    return true;
}

/* a decimal number [s, end) of at most 20 digits, <= max */
static bool number(const char *s, const char *end, unsigned long long max,
                   unsigned long long *out)
{
    if (end - s > 1 && *s == '0')
        return false;   /* read back as written: no leading zeros */
    return gr__read_decimal(s, (size_t)(end - s), max, out);
}

/* the words of [s, e) separated by single spaces, into w (at most cap) */
static int words(const char *s, const char *e, const char **w, const char **we,
                 int cap)
{
    int n = 0;
    while (s < e) {
        const char *sp = memchr(s, ' ', (size_t)(e - s));
        const char *end = sp ? sp : e;
        if (end == s || n == cap)
            return -1;
        w[n] = s;
        we[n] = end;
        n++;
        s = sp ? sp + 1 : e;
        if (sp && s == e)
            return -1;
    }
    return n;
}

static bool word_is(const char *s, const char *e, const char *want)
{
    return (size_t)(e - s) == strlen(want) && memcmp(s, want, (size_t)(e - s)) == 0;
}

static int load(gr_rummy_match **out, reader *r, const gr_allocator *mm)
{
    unsigned long long v;
    const char *rest;
    if (!next_line(r) || !word_is(r->s, r->e, "rummy-match 1"))
        return fail(r, r->text, 0, GR_REASON_SYNTAX);
    gr_rummy_rules *rules;
    int rc = gr_rummy_rules_new_mm(&rules, GR_RUMMY_PRESET_PARLETT, mm);
    if (rc != GR_OK)
        return fail(r, r->text, 0, GR_REASON_NO_MEMORY);
    if (!next_line(r) || !gr__rummy_read_rules(r->s, r->e, rules->opt)) {
        gr_rummy_rules_free(rules);
        return fail(r, r->s, (size_t)(r->e - r->s), GR_REASON_SYNTAX);
    }
    if (!next_line(r) || !key(r, "seed", &rest) || !number(rest, r->e, ULLONG_MAX, &v)) {
        gr_rummy_rules_free(rules);
        return fail(r, r->s, (size_t)(r->e - r->s), GR_REASON_SYNTAX);
    }
    uint64_t seed = v;
    int first = -1;
    if (!next_line(r) || !key(r, "first_dealer", &rest)
        || (!word_is(rest, r->e, "cut")
            && !number(rest, r->e, (unsigned long long)rules->opt[GR_RUMMY_OPT_PLAYERS] - 1, &v))) {
        gr_rummy_rules_free(rules);
        return fail(r, r->s, (size_t)(r->e - r->s), GR_REASON_SYNTAX);
    }
    if (!word_is(rest, r->e, "cut"))
        first = (int)v;
    gr_rummy_match *m;
    rc = gr__rmatch_new(&m, rules, seed, first);
    gr_rummy_rules_free(rules);
    if (rc != GR_OK)
        return fail(r, r->text, 0, rc == GR_ENOMEM ? GR_REASON_NO_MEMORY : GR_REASON_SYNTAX);
    if (!next_line(r) || !key(r, "deals", &rest)
        || !number(rest, r->e, GR_MAX_MATCH_HANDS, &v)) {
        gr_rummy_match_free(m);
        return fail(r, r->s, (size_t)(r->e - r->s), GR_REASON_SYNTAX);
    }
    for (unsigned long long i = 0; i < v; i++)
        gr__rng_next(&m->rng);
    m->deals = (long)v;
    for (;;) {
        if (!next_line(r)) {   /* cut short: no "end" */
            gr_rummy_match_free(m);
            return fail(r, r->p, 0, GR_REASON_SYNTAX);
        }
        if (word_is(r->s, r->e, "end"))
            break;
        const char *w[4 + GR_RUMMY_MAX_PLAYERS], *we[4 + GR_RUMMY_MAX_PLAYERS];
        int nw = words(r->s, r->e, w, we, 4 + GR_RUMMY_MAX_PLAYERS);
        gr__rrecord rec;
        memset(&rec, 0, sizeof rec);
        rec.winner = -1;
        bool ok = nw >= 2 && word_is(w[0], we[0], "hand");
        if (ok && word_is(w[1], we[1], "void")) {
            ok = nw == 2;
        } else if (ok) {
            ok = nw == 4 + m->nplayers && word_is(w[1], we[1], "out")
                && number(w[2], we[2], (unsigned long long)m->nplayers - 1, &v)
                && word_is(w[3], we[3], "left");
            if (ok)
                rec.winner = (int)v;
            for (int p = 0; ok && p < m->nplayers; p++) {
                ok = number(w[4 + p], we[4 + p], 10000, &v);
                rec.left[p] = (int)v;
            }
        }
        if (!ok) {
            gr_rummy_match_free(m);
            return fail(r, r->s, (size_t)(r->e - r->s), GR_REASON_SYNTAX);
        }
        if (gr__rmatch_record(m, &rec) != GR_OK) {   /* the match refuses it */
            int why = m->last_reason;
            gr_rummy_match_free(m);
            fail(r, r->s, (size_t)(r->e - r->s), why);
            return why == GR_REASON_NO_MEMORY ? GR_ENOMEM : GR_EILLEGAL;
        }
    }
    /* after "end": blank lines only (white space, as Gin's saves) */
    const char *after = r->p;
    while (gr__is_space(*after))
        after++;
    if (*after != '\0') {
        gr_rummy_match_free(m);
        return fail(r, after, strcspn(after, "\r\n"), GR_REASON_SYNTAX);
    }
    m->last_reason = GR_REASON_NONE;
    *out = m;
    return GR_OK;
}

int gr_rummy_match_load_ex(gr_rummy_match **out, const char *text,
                           const gr_allocator *mm, gr_parse_error *err)
{
    int rc = gr__load_args_check(out, text, mm, err);
    if (rc != GR_OK)
        return rc;
    reader r = { text, text, text, text, err };
    rc = load(out, &r, mm);
    if (rc == GR_OK)
        gr__parse_error_clear(err);
    return rc;
}

int gr_rummy_match_load(gr_rummy_match **out, const char *text)
{
    return gr_rummy_match_load_ex(out, text, NULL, NULL);
}
