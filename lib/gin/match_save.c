/*
 * match_save.c: a match as text: gr_match_save() writes the
 * rules, the seed, the players, the first dealer, the deals and every
 * recorded hand; gr_match_load() and gr_match_load_ex() read them back and
 * replay the hands through gr_match_record_table().  Split from match.c.
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "common/cards.h"
#include "gin/match.h"
#include "gin/reason.h"

#include <limits.h>
#include <string.h>

static const char *const outcome_names[] = {
    [GR_OUTCOME_VOID] = "void",       [GR_OUTCOME_KNOCK] = "knock",
    [GR_OUTCOME_UNDERCUT] = "undercut", [GR_OUTCOME_GIN] = "gin",
    [GR_OUTCOME_BIG_GIN] = "big_gin", [GR_OUTCOME_TIE] = "tie",
};
#define NOUTCOMES ((int)(sizeof outcome_names / sizeof outcome_names[0]))

#define MATCH_SAVE_HEADER "ginrummy-match 1"

int gr_match_save(const gr_match *match, char *buf, size_t size)
{
    if (!match || (!buf && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_str(&w, MATCH_SAVE_HEADER "\nrules");
    for (int opt = 0; opt < GR_OPT_COUNT; opt++) {
        gr_option_info info;
        if (gr_option_describe(opt, &info) != GR_OK)
            return GR_EINVAL;   /* cannot happen: rules.c names every option */
        gr__write_str(&w, " ");
        gr__write_str(&w, info.name);
        gr__write_str(&w, "=");
        gr__write_num(&w, match->rules.opt[opt]);
    }
    gr__write_str(&w, "\nseed ");
    gr__write_unsigned(&w, match->seed);
    if (match->players != 2) {   /* absent for 2 players */
        gr__write_str(&w, "\nplayers ");
        gr__write_num(&w, match->players);
    }
    gr__write_str(&w, "\nfirst_dealer ");
    if (match->chosen)
        gr__write_num(&w, match->first_dealer);
    else
        gr__write_str(&w, "cut");
    gr__write_str(&w, "\ndeals ");
    gr__write_num(&w, match->deals);
    gr__write_str(&w, "\n");
    for (int i = 0; i < match->nlog; i++) {
        const match_entry *e = &match->log[i];
        gr__write_str(&w, "hand ");
        gr__write_str(&w, outcome_names[e->outcome]);
        if (e->outcome == GR_OUTCOME_TIE) {
            gr__write_str(&w, " knocker ");
            gr__write_num(&w, e->knocker);
        } else if (e->outcome != GR_OUTCOME_VOID) {
            gr__write_str(&w, " knocker ");
            gr__write_num(&w, e->knocker);
            gr__write_str(&w, " winner ");
            gr__write_num(&w, e->winner);
            gr__write_str(&w, " points ");
            gr__write_num(&w, e->points);
        }
        if (match->players == 4) {
            gr__write_str(&w, " table ");
            gr__write_num(&w, e->table);
        }
        gr__write_str(&w, "\n");
    }
    gr__write_str(&w, "end\n");
    if (w.len > (size_t)0x7FFFFFFF)
        return GR_ENOMEM;
    return (int)w.len;
}

/* ---- loading ---------------------------------------------------------------------- */

typedef struct mreader {
    const char     *base;   /* the caller's text (offsets) */
    const char     *copy;   /* our copy, cut in place */
    gr_parse_error *err;
} mreader;

static int mfail(const mreader *r, const char *at, size_t len, int reason)
{
    gr__parse_error_set(r->err, r->base, r->base + (at - r->copy), len, reason);
    return gr_reason_status(reason) == GR_EPARSE ? GR_EPARSE : gr_reason_status(reason);
}

/* The n-th "hand" line of the text (0: the first), without its line end
 * and surrounding blanks, for the place of a hand the match refuses; NULL
 * if there is none. */
static const char *hand_line(const char *text, int n, size_t *len)
{
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        const char *stop = end ? end : line + strlen(line);
        const char *p = line;
        while (p < stop && gr__is_space(*p))
            p++;
        const char *q = stop;
        while (q > p && gr__is_space(q[-1]))
            q--;
        if (q - p >= 4 && !strncmp(p, "hand", 4) && (q - p == 4 || gr__is_space(p[4]))
            && n-- == 0) {
            *len = (size_t)(q - p);
            return p;
        }
        line = end ? end + 1 : stop;
    }
    return NULL;
}

static bool read_ull(const char *t, unsigned long long max, unsigned long long *out)
{
    return gr__read_decimal(t, strlen(t), max, out);
}

static int load_match(gr_match **out, char *text, const mreader *r,
                      const gr_allocator *mm)
{
    char *s = text, *rules_line = NULL, *rules_at = NULL;
    bool have_seed = false, have_dealer = false, have_deals = false, ended = false;
    bool have_players = false;
    int players = 2;
    unsigned long long seed = 0, deals = 0;
    int first_dealer = -1;   /* -1: the cut */
    match_entry *entries = NULL;
    int nentries = 0, cap = 0, rc = GR_OK;
    gr_allocator use = gr__allocator_or_default(mm);
    int lineno = 0;

    while (*s) {
        char *line = s, *nl = strchr(s, '\n');
        if (nl) {
            *nl = '\0';
            s = nl + 1;
        } else {
            s += strlen(s);
        }
        lineno++;
        char *rest = line;
        char *key = gr__next_word(&rest);
        if (!*key) {
            if (lineno == 1) {
                rc = mfail(r, key, 0, GR_REASON_SYNTAX);
                break;
            }
            continue;
        }
        if (ended) {   /* nothing after the end */
            rc = mfail(r, key, strlen(key), GR_REASON_SYNTAX);
            break;
        }
        if (lineno == 1) {
            char *ver = gr__next_word(&rest);
            if (strcmp(key, "ginrummy-match") != 0 || strcmp(ver, "1") != 0
                || *gr__next_word(&rest)) {
                rc = mfail(r, key, strlen(key), GR_REASON_SYNTAX);
                break;
            }
            continue;
        }
        if (strcmp(key, "rules") == 0 && !rules_line) {
            rules_line = rest;
            rules_at = key;
        } else if (strcmp(key, "seed") == 0 && !have_seed) {
            char *t = gr__next_word(&rest);
            if (!read_ull(t, ~0ull, &seed) || *gr__next_word(&rest)) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            have_seed = true;
        } else if (strcmp(key, "players") == 0 && !have_players && !have_dealer) {
            char *t = gr__next_word(&rest);
            if ((strcmp(t, "3") != 0 && strcmp(t, "4") != 0) || *gr__next_word(&rest)) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            players = t[0] - '0';
            have_players = true;
        } else if (strcmp(key, "first_dealer") == 0 && !have_dealer) {
            char *t = gr__next_word(&rest);
            if (strcmp(t, "cut") == 0)
                first_dealer = -1;
            else if (t[0] >= '0' && t[0] < '0' + players && t[1] == '\0')
                first_dealer = t[0] - '0';   /* a seat (the players line is before) */
            else {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            if (*gr__next_word(&rest)) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            have_dealer = true;
        } else if (strcmp(key, "deals") == 0 && !have_deals) {
            char *t = gr__next_word(&rest);
            if (!read_ull(t, 1u << 24, &deals) || *gr__next_word(&rest)) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            have_deals = true;
        } else if (strcmp(key, "hand") == 0) {
            match_entry e = { 0, -1, -1, 0, 0 };
            char *t = gr__next_word(&rest);
            int o = 0;
            while (o < NOUTCOMES && strcmp(t, outcome_names[o]) != 0)
                o++;
            if (o == NOUTCOMES) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            e.outcome = o;
            if (o != GR_OUTCOME_VOID) {
                static const char *const fields[3] = { "knocker", "winner", "points" };
                int *dst[3] = { &e.knocker, &e.winner, &e.points };
                int nfields = o == GR_OUTCOME_TIE ? 1 : 3;   /* a tie: knocker */
                for (int f = 0; f < nfields && rc == GR_OK; f++) {
                    char *name = gr__next_word(&rest), *val = gr__next_word(&rest);
                    unsigned long long v;
                    if (strcmp(name, fields[f]) != 0)
                        rc = mfail(r, name, strlen(name), GR_REASON_SYNTAX);
                    else if (!read_ull(val, f < 2 ? 1 : 10000, &v))
                        rc = mfail(r, val, strlen(val), GR_REASON_SYNTAX);
                    else
                        *dst[f] = (int)v;
                }
                if (rc != GR_OK)
                    break;
            }
            if (players == 4) {   /* the table of a 4-player deal */
                char *name = gr__next_word(&rest), *val = gr__next_word(&rest);
                if (strcmp(name, "table") != 0
                    || (strcmp(val, "0") != 0 && strcmp(val, "1") != 0)) {
                    rc = mfail(r, name, strlen(name), GR_REASON_SYNTAX);
                    break;
                }
                e.table = val[0] - '0';
            }
            char *extra = gr__next_word(&rest);
            if (*extra) {
                rc = mfail(r, extra, strlen(extra), GR_REASON_SYNTAX);
                break;
            }
            if (nentries == cap) {
                int ncap = cap ? cap * 2 : 16;
                if (ncap > (1 << 24)) {
                    rc = mfail(r, key, strlen(key), GR_REASON_SYNTAX);
                    break;
                }
                match_entry *n = gr__malloc(&use, (size_t)ncap * sizeof *n);
                if (!n) {
                    rc = GR_ENOMEM;
                    break;
                }
                if (nentries)
                    memcpy(n, entries, (size_t)nentries * sizeof *n);
                if (entries)
                    gr__free(&use, entries);
                entries = n;
                cap = ncap;
            }
            entries[nentries++] = e;
        } else if (strcmp(key, "end") == 0 && !*gr__next_word(&rest)) {
            if (!nl) {   /* the end line with its newline: no proper prefix loads */
                rc = mfail(r, key, strlen(key), GR_REASON_SYNTAX);
                break;
            }
            ended = true;
        } else {
            rc = mfail(r, key, strlen(key), GR_REASON_SYNTAX);
            break;
        }
    }
    if (rc == GR_OK && (!ended || !rules_line || !have_seed || !have_dealer || !have_deals))
        rc = mfail(r, r->copy + strlen(r->base), 0, GR_REASON_SYNTAX);   /* a part missing */

    gr_rules *rules = NULL;
    gr_match *m = NULL;
    if (rc == GR_OK) {
        rc = gr_rules_new_mm(&rules, GR_PRESET_FOURNIER, mm);
        if (rc == GR_OK && gr__parse_rules(rules_line, rules) != GR_OK)
            rc = mfail(r, rules_at, strlen(rules_at), GR_REASON_SYNTAX);
    }
    if (rc == GR_OK)
        rc = first_dealer < 0 ? gr_match_new_players(&m, rules, seed, players)
                              : gr_match_new_players_dealer(&m, rules, seed, players,
                                                            first_dealer);
    gr_rules_free(rules);
    if (rc == GR_OK) {
        for (unsigned long long i = 0; i < deals; i++)   /* the seeds dealt */
            gr__rng_next(&m->rng);
        m->deals = (int)deals;
        for (int i = 0; i < nentries && rc == GR_OK; i++) {
            gr_hand_result h;
            memset(&h, 0, sizeof h);
            h.outcome = entries[i].outcome;
            h.knocker = entries[i].knocker;
            h.winner = entries[i].winner;
            h.points = entries[i].points;
            rc = gr_match_record_table(m, entries[i].table, &h);
            if (rc != GR_OK && rc != GR_ENOMEM) {   /* a hand the match refuses */
                size_t len = 0;
                const char *at = hand_line(r->base, i, &len);
                if (at)
                    gr__parse_error_set(r->err, r->base, at, len, m->last_reason);
                else
                    gr__parse_error_only(r->err, m->last_reason);
                rc = GR_EILLEGAL;
            }
        }
        m->last_reason = GR_REASON_NONE;
    }
    if (entries)
        gr__free(&use, entries);
    if (rc != GR_OK) {
        gr_match_free(m);
        return rc;
    }
    gr__parse_error_clear(r->err);
    *out = m;
    return GR_OK;
}

int gr_match_load_ex(gr_match **out, const char *text, const gr_allocator *mm,
                     gr_parse_error *err)
{
    if (!out || !text || !gr__allocator_valid(mm)) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    gr_allocator use = gr__allocator_or_default(mm);
    char *copy = gr__strdup(&use, text);
    if (!copy)
        return GR_ENOMEM;
    mreader r = { text, copy, err };
    int rc = load_match(out, copy, &r, mm);
    gr__free(&use, copy);
    return rc;
}

int gr_match_load(gr_match **out, const char *text)
{
    return gr_match_load_ex(out, text, NULL, NULL);
}
