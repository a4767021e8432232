/*
 * match.c: a match of several hands (G6, G8, G25-G27, G34).
 *
 * The match keeps the rules, a seeded generator for the first cut and for
 * the seeds of the hands it deals, the dealer of the next hand, and the
 * running hand points.  It never looks inside a gr_game: results come in
 * through gr_match_record(), so hands played on a real table count too.
 * The end-of-match bonuses are not stored; gr_match_score() derives them.
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "common/rng.h"
#include "common/cards.h"
#include "gin/reason.h"
#include "gin/rules.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* one recorded hand: what gr_match_record uses, kept for undo and save */
typedef struct match_entry {
    int outcome, knocker, winner, points;
} match_entry;

struct gr_match {
    gr_rules rules;         /* a copy: later changes by the caller do not count */
    gr_rng   rng;           /* cut, then one seed per dealt hand */
    gr_card  cut[2];        /* the deciding cut of player 0 and player 1 (G6) */
    int      dealer;        /* dealer of the next hand */
    int      over;          /* 1 once a player's hand points reached the target */
    int      winner;        /* 0 or 1 once over, else -1 */
    int      hands_played;  /* void hands included */
    int      hands_won[2];
    int      hand_points[2];
    /* issue 13: score keeping */
    uint64_t seed;          /* as given to gr_match_new (saved) */
    int      first_dealer;  /* the first hand's dealer */
    int      chosen;        /* 1: the first dealer was chosen, no cut */
    int      deals;         /* hands dealt by gr_match_deal (saved) */
    int      last_reason;   /* GR_REASON_* of the last refused call */
    int      nlog, caplog;  /* the recorded hands, oldest first */
    match_entry *log;
};

/* G6: each player cuts a card from a shuffled deck; the higher rank deals,
 * equal ranks cut again (suits never break a tie).  Each cut shuffles a
 * fresh deck, as the players would reassemble it before cutting again. */
static void match_cut(gr_match *m)
{
    for (;;) {
        gr_card deck[GR_NCARDS];
        for (int c = 0; c < GR_NCARDS; c++)
            deck[c] = (gr_card)c;
        gr__shuffle(&m->rng, deck, GR_NCARDS);
        m->cut[0] = deck[0];
        m->cut[1] = deck[1];
        int r0 = GR_CARD_RANK(deck[0]), r1 = GR_CARD_RANK(deck[1]);
        if (r0 != r1) {
            m->dealer = r0 > r1 ? 0 : 1;
            return;
        }
    }
}

/* A new match: first_dealer 0 or 1 chosen, or -1 for the cut (G6). */
static int match_start(gr_match **out, const gr_rules *rules, uint64_t seed,
                       int first_dealer)
{
    gr_match *m = gr__malloc(&rules->mm, sizeof *m);
    if (!m)
        return GR_ENOMEM;
    memset(m, 0, sizeof *m);
    m->rules = *rules;
    m->winner = -1;
    gr__rng_seed(&m->rng, seed);
    m->seed = seed;
    if (first_dealer < 0) {
        match_cut(m);
    } else {
        m->cut[0] = m->cut[1] = GR_NO_CARD;
        m->dealer = first_dealer;
        m->chosen = 1;
    }
    m->first_dealer = m->dealer;
    *out = m;
    return GR_OK;
}

int gr_match_new(gr_match **out, const gr_rules *rules, uint64_t seed)
{
    if (!out || !rules)
        return GR_EINVAL;
    return match_start(out, rules, seed, -1);
}

void gr_match_free(gr_match *match)
{
    if (match) {
        if (match->log)
            gr__free(&match->rules.mm, match->log);
        gr__free(&match->rules.mm, match);
    }
}

int gr_match_cut(const gr_match *match, gr_card out[2])
{
    if (!match || !out)
        return GR_EINVAL;
    if (match->chosen)
        return GR_ESTATE;   /* the first dealer was chosen: no cut */
    out[0] = match->cut[0];
    out[1] = match->cut[1];
    return GR_OK;
}

int gr_match_dealer(const gr_match *match)
{
    if (!match)
        return GR_EINVAL;
    return match->dealer;
}

int gr_match_deal(gr_match *match, gr_game **out)
{
    if (!match || !out)
        return GR_EINVAL;
    if (match->over || match->hands_played >= GR_MAX_MATCH_HANDS)
        return GR_ESTATE;   /* gr_match_record would refuse its result */
    /* Draw the seed from a copy, so a failed deal leaves the match as it was. */
    gr_rng next = match->rng;
    uint64_t seed = gr__rng_next(&next);
    int rc = gr_game_new(out, &match->rules, seed, match->dealer);
    if (rc != GR_OK)
        return rc;
    match->rng = next;
    match->deals++;
    return GR_OK;
}

/* The most points one hand may score: real hands score a few hundred at
 * most, so more is a mistake; it also keeps the sums far from overflow. */
#define MATCH_MAX_POINTS 10000

static bool result_valid(const gr_hand_result *r)
{
    switch (r->outcome) {
    case GR_OUTCOME_VOID:
        return true;            /* knocker, winner and points are ignored */
    case GR_OUTCOME_KNOCK:
    case GR_OUTCOME_GIN:
    case GR_OUTCOME_BIG_GIN:
    case GR_OUTCOME_UNDERCUT:
        break;
    default:
        return false;
    }
    if (r->knocker != 0 && r->knocker != 1)
        return false;
    if (r->winner != 0 && r->winner != 1)
        return false;
    if ((r->outcome == GR_OUTCOME_UNDERCUT) != (r->winner != r->knocker))
        return false;
    return r->points >= 0 && r->points <= MATCH_MAX_POINTS;
}

/* Room for one more entry in the log; GR_ENOMEM leaves it as it was. */
static int log_reserve(gr_match *m)
{
    if (m->nlog < m->caplog)
        return GR_OK;
    if (m->caplog > (1 << 24))
        return GR_ENOMEM;
    int cap = m->caplog ? m->caplog * 2 : 16;
    match_entry *log = gr__malloc(&m->rules.mm, (size_t)cap * sizeof *log);
    if (!log)
        return GR_ENOMEM;
    if (m->nlog)
        memcpy(log, m->log, (size_t)m->nlog * sizeof *log);
    if (m->log)
        gr__free(&m->rules.mm, m->log);
    m->log = log;
    m->caplog = cap;
    return GR_OK;
}

static void apply(gr_match *match, const gr_hand_result *result);

int gr_match_record(gr_match *match, const gr_hand_result *result)
{
    if (!match)
        return GR_EINVAL;
    int why = GR_REASON_NONE;
    if (!result)
        why = GR_REASON_NULL_ARGUMENT;
    else if (match->over)
        why = GR_REASON_MATCH_OVER;
    else if (match->hands_played >= GR_MAX_MATCH_HANDS)
        why = GR_REASON_TOO_LONG;
    else if (!result_valid(result))
        why = GR_REASON_BAD_RESULT;
    else if (!GR__RESERVED_ZERO(result))
        why = GR_REASON_RESERVED_NOT_ZERO;
    else if (log_reserve(match) != GR_OK)
        why = GR_REASON_NO_MEMORY;
    match->last_reason = why;
    if (why != GR_REASON_NONE)
        return gr_reason_status(why);
    match_entry *e = &match->log[match->nlog++];
    e->outcome = result->outcome;
    e->knocker = result->knocker;
    e->winner = result->winner;
    e->points = result->points;
    apply(match, result);
    return GR_OK;
}

static void apply(gr_match *match, const gr_hand_result *result)
{
    match->hands_played++;
    if (result->outcome == GR_OUTCOME_VOID)
        return;                 /* G8: the same dealer deals again */

    int w = result->winner;
    match->hands_won[w]++;
    /* No overflow: the total was below the target (<= 100000) before. */
    match->hand_points[w] += result->points;
    match->dealer = w;          /* G8: the winner deals the next hand */
    if (match->hand_points[w] >= match->rules.opt[GR_OPT_TARGET]) {
        match->over = 1;        /* G25 */
        match->winner = w;
    }
}

/* No sum overflows an int: the winner's hand points are below the target
 * plus one hand (100000 + 10000), the box bonus at most 1000 per hand won
 * and at most GR_MAX_MATCH_HANDS hands are won, so a doubled shutout total
 * is at most 2 * (110000 + 10000 + 1000 * GR_MAX_MATCH_HANDS).  The sums
 * are still made in 64 bits and checked. */
#define MATCH_MAX_TOTAL \
    (2 * ((int64_t)100000 + MATCH_MAX_POINTS + 10000 + 1000 * (int64_t)GR_MAX_MATCH_HANDS))
_Static_assert(MATCH_MAX_TOTAL < INT_MAX, "match totals fit an int");

static int to_int(int64_t v)
{
    return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;   /* never */
}

int gr_match_score(const gr_match *match, gr_score *out)
{
    if (!match || !out)
        return GR_EINVAL;
    const int *opt = match->rules.opt;
    gr_score s;
    memset(&s, 0, sizeof s);
    s.over = match->over;
    s.winner = match->winner;
    s.hands_played = match->hands_played;
    for (int p = 0; p < 2; p++) {
        s.hands_won[p] = match->hands_won[p];
        s.hand_points[p] = match->hand_points[p];
        s.total[p] = match->hand_points[p];
    }
    if (!match->over) {
        *out = s;
        return GR_OK;
    }

    /* G26, G34: bonuses only once the match is over (MATCH_MAX_TOTAL: no
     * sum overflows). */
    int w = match->winner, l = 1 - w;
    int64_t sum[2];
    for (int p = 0; p < 2; p++) {
        int64_t game = p == w ? opt[GR_OPT_GAME_BONUS] : 0;
        int64_t box = (int64_t)opt[GR_OPT_HAND_BONUS] * match->hands_won[p];
        s.game_bonus[p] = (int)game;
        s.box_bonus[p] = to_int(box);
        sum[p] = match->hand_points[p] + game + box;
    }
    if (match->hands_won[l] == 0) {
        int64_t add = opt[GR_OPT_SHUTOUT_DOUBLE] ? sum[w]
                                                 : opt[GR_OPT_SHUTOUT_BONUS];
        s.shutout_bonus[w] = to_int(add);
        sum[w] += add;
    }
    s.total[w] = to_int(sum[w]);
    s.total[l] = to_int(sum[l]);
    s.margin = to_int(sum[w] - sum[l]);
    *out = s;
    return GR_OK;
}

/* ---- score keeping (issue 13): a chosen first dealer, undo, the hands
 * recorded, save and load ------------------------------------------------------ */

int gr_match_new_dealer(gr_match **out, const gr_rules *rules, uint64_t seed,
                        int first_dealer)
{
    if (!out || !rules || (first_dealer != 0 && first_dealer != 1))
        return GR_EINVAL;
    return match_start(out, rules, seed, first_dealer);
}

int gr_match_last_reason(const gr_match *match)
{
    return match ? match->last_reason : GR_EINVAL;
}

/* the score from the first dealer and the log alone */
static void replay_log(gr_match *m)
{
    m->dealer = m->first_dealer;
    m->over = 0;
    m->winner = -1;
    m->hands_played = 0;
    for (int p = 0; p < 2; p++) {
        m->hands_won[p] = 0;
        m->hand_points[p] = 0;
    }
    for (int i = 0; i < m->nlog; i++) {
        gr_hand_result r;
        memset(&r, 0, sizeof r);
        r.outcome = m->log[i].outcome;
        r.knocker = m->log[i].knocker;
        r.winner = m->log[i].winner;
        r.points = m->log[i].points;
        apply(m, &r);
    }
}

int gr_match_undo(gr_match *match)
{
    if (!match)
        return GR_EINVAL;
    if (match->nlog == 0) {
        match->last_reason = GR_REASON_NOTHING_TO_UNDO;
        return GR_ESTATE;
    }
    match->nlog--;
    replay_log(match);
    match->last_reason = GR_REASON_NONE;
    return GR_OK;
}

int gr_match_results(const gr_match *match, gr_hand_result *out, size_t cap)
{
    if (!match || (!out && cap > 0))
        return GR_EINVAL;
    for (size_t i = 0; i < cap && i < (size_t)match->nlog; i++) {
        memset(&out[i], 0, sizeof out[i]);
        const match_entry *e = &match->log[i];
        bool v = e->outcome == GR_OUTCOME_VOID;
        out[i].outcome = e->outcome;
        out[i].knocker = v ? -1 : e->knocker;
        out[i].winner = v ? -1 : e->winner;
        out[i].points = v ? 0 : e->points;
    }
    return match->nlog;
}

static const char *const outcome_names[] = {
    [GR_OUTCOME_VOID] = "void",       [GR_OUTCOME_KNOCK] = "knock",
    [GR_OUTCOME_UNDERCUT] = "undercut", [GR_OUTCOME_GIN] = "gin",
    [GR_OUTCOME_BIG_GIN] = "big_gin",
};
#define NOUTCOMES ((int)(sizeof outcome_names / sizeof outcome_names[0]))

#define MATCH_SAVE_HEADER "ginrummy-match 1"

static void w_num(gr_writer *w, long long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%lld", v);
    gr__write_str(w, tmp);
}

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
        w_num(&w, match->rules.opt[opt]);
    }
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)match->seed);
    gr__write_str(&w, "\nseed ");
    gr__write_str(&w, tmp);
    gr__write_str(&w, "\nfirst_dealer ");
    if (match->chosen)
        w_num(&w, match->first_dealer);
    else
        gr__write_str(&w, "cut");
    gr__write_str(&w, "\ndeals ");
    w_num(&w, match->deals);
    gr__write_str(&w, "\n");
    for (int i = 0; i < match->nlog; i++) {
        const match_entry *e = &match->log[i];
        gr__write_str(&w, "hand ");
        gr__write_str(&w, outcome_names[e->outcome]);
        if (e->outcome != GR_OUTCOME_VOID) {
            gr__write_str(&w, " knocker ");
            w_num(&w, e->knocker);
            gr__write_str(&w, " winner ");
            w_num(&w, e->winner);
            gr__write_str(&w, " points ");
            w_num(&w, e->points);
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

static char *next_token(char **s)
{
    char *p = *s;
    while (gr__is_space(*p))
        p++;
    char *t = p;
    while (*p && !gr__is_space(*p))
        p++;
    if (*p)
        *p++ = '\0';
    *s = p;
    return t;
}

static bool read_ull(const char *t, unsigned long long max, unsigned long long *out)
{
    unsigned long long v = 0;
    if (!*t)
        return false;
    for (; *t; t++) {
        if (*t < '0' || *t > '9')
            return false;
        unsigned long long d = (unsigned long long)(*t - '0');
        if (v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static int load_match(gr_match **out, char *text, const mreader *r,
                      const gr_allocator *mm)
{
    char *s = text, *rules_line = NULL, *rules_at = NULL;
    bool have_seed = false, have_dealer = false, have_deals = false, ended = false;
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
        char *key = next_token(&rest);
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
            char *ver = next_token(&rest);
            if (strcmp(key, "ginrummy-match") != 0 || strcmp(ver, "1") != 0
                || *next_token(&rest)) {
                rc = mfail(r, key, strlen(key), GR_REASON_SYNTAX);
                break;
            }
            continue;
        }
        if (strcmp(key, "rules") == 0 && !rules_line) {
            rules_line = rest;
            rules_at = key;
        } else if (strcmp(key, "seed") == 0 && !have_seed) {
            char *t = next_token(&rest);
            if (!read_ull(t, ~0ull, &seed) || *next_token(&rest)) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            have_seed = true;
        } else if (strcmp(key, "first_dealer") == 0 && !have_dealer) {
            char *t = next_token(&rest);
            if (strcmp(t, "cut") == 0)
                first_dealer = -1;
            else if (strcmp(t, "0") == 0 || strcmp(t, "1") == 0)
                first_dealer = t[0] - '0';
            else {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            if (*next_token(&rest)) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            have_dealer = true;
        } else if (strcmp(key, "deals") == 0 && !have_deals) {
            char *t = next_token(&rest);
            if (!read_ull(t, 1u << 24, &deals) || *next_token(&rest)) {
                rc = mfail(r, t, strlen(t), GR_REASON_SYNTAX);
                break;
            }
            have_deals = true;
        } else if (strcmp(key, "hand") == 0) {
            match_entry e = { 0, -1, -1, 0 };
            char *t = next_token(&rest);
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
                for (int f = 0; f < 3 && rc == GR_OK; f++) {
                    char *name = next_token(&rest), *val = next_token(&rest);
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
            char *extra = next_token(&rest);
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
        } else if (strcmp(key, "end") == 0 && !*next_token(&rest)) {
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
        rc = first_dealer < 0 ? gr_match_new(&m, rules, seed)
                              : gr_match_new_dealer(&m, rules, seed, first_dealer);
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
            rc = gr_match_record(m, &h);
            if (rc != GR_OK && rc != GR_ENOMEM) {
                if (r->err) {
                    memset(r->err, 0, sizeof *r->err);
                    r->err->reason = m->last_reason;
                }
                rc = GR_EILLEGAL;   /* a hand the match refuses */
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
