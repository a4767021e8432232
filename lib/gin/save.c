/*
 * save.c: a game as text, and back by replaying it.
 *
 * The text is line oriented, one keyword per line:
 *
 *   ginrummy 2
 *   rules knock_limit=10 gin_bonus=20 ...      every option, by its name
 *   dealer 0
 *   deck 7H KS AC ...                          the 52 cards, as dealt (G7)
 *   moves 12 PASS; PASS; STOCK 4D; DISCARD KS; ...; KNOCK 5D
 *   shown meld AC 2C 3C; meld 4D 5D 6D; deadwood 7H 8S
 *   defense meld 9C 9D 9H; laid_off 7D; deadwood 2S
 *   end
 *
 * A text cut short is refused, never loaded as an earlier position: the
 * moves line starts with the number of moves, and the text must end with
 * the line "end" and its newline, so no proper prefix of a saved text
 * loads (version 2; version 1 texts, which had neither, are refused).
 * A game made by gr_game_from_position() has a line "position ..." (the
 * position it started from, position.c) instead of dealer and deck; its
 * moves are those played since.
 *
 * Draws name the card drawn (checked on replay).  `shown` appears only
 * when the knocker chose his own arrangement (gr_game_knock), `defense`
 * only when gr_game_defend() was used; both are replayed too.  Loading
 * replays every move through the same code as gr_game_play(), so a text
 * can never produce a game the rules would refuse.
 */
#include "common/alloc.h"
#include "common/assert.h"
#include "common/cards.h"
#include "gin/game.h"
#include "gin/reason.h"
#include "gin/rules.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#define SAVE_VERSION "2"

/* ---- writing, with snprintf semantics --------------------------------------- */

static void w_int(gr_writer *w, int v)
{
    char tmp[16];
    snprintf(tmp, sizeof tmp, "%d", v);
    gr__write_str(w, tmp);
}

static void w_item(gr_writer *w, const char *key, gr_cards cards)
{
    gr__write_str(w, key);
    if (cards) {
        gr__write_str(w, " ");
        gr__write_cards(w, cards);
    }
}

static void w_arrangement(gr_writer *w, const gr_arrangement *a)
{
    for (int i = 0; i < a->nmelds; i++) {
        w_item(w, "meld", a->melds[i]);
        gr__write_str(w, "; ");
    }
}

static const char *const move_names[] = {
    [GR_MOVE_TAKE_UPCARD] = "TAKE",      [GR_MOVE_PASS] = "PASS",
    [GR_MOVE_DRAW_STOCK] = "STOCK",      [GR_MOVE_DRAW_DISCARD] = "DRAW",
    [GR_MOVE_DISCARD] = "DISCARD",       [GR_MOVE_KNOCK] = "KNOCK",
    [GR_MOVE_GIN] = "GIN",               [GR_MOVE_BIG_GIN] = "BIG_GIN",
};
#define NMOVE_NAMES ((int)(sizeof move_names / sizeof move_names[0]))

int gr_game_save(const gr_game *game, char *buf, size_t size)
{
    if (!game || (!buf && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_str(&w, "ginrummy " SAVE_VERSION "\nrules");
    for (int opt = 0; opt < GR_OPT_COUNT; opt++) {
        gr_option_info info;
        if (GR_NEVER(gr_option_describe(opt, &info) != GR_OK))
            return GR_EINVAL;   /* rules.c names every option */
        gr__write_str(&w, " ");
        gr__write_str(&w, info.name);
        gr__write_str(&w, "=");
        w_int(&w, game->rules.opt[opt]);
    }
    if (game->from_position) {   /* a game set up from a position (position.c) */
        int n = gr_position_format(&game->start, NULL, 0);
        if (n < 0)
            return n;
        gr__write_str(&w, "\nposition ");
        char tmp[1024];
        if ((size_t)n >= sizeof tmp)
            return GR_ENOMEM;   /* cannot happen: a position is < 600 bytes */
        gr_position_format(&game->start, tmp, sizeof tmp);
        gr__write_str(&w, tmp);
    } else {
        gr__write_str(&w, "\ndealer ");
        w_int(&w, game->dealer);
        gr__write_str(&w, "\ndeck");
        for (int i = 0; i < GR_NCARDS; i++) {
            gr__write_str(&w, " ");
            gr__write_card(&w, game->deck[i]);
        }
    }
    gr__write_str(&w, "\nmoves ");
    w_int(&w, game->nhistory);
    for (int i = 0; i < game->nhistory; i++) {
        const gr_move *m = &game->history[i];
        gr__write_str(&w, i ? "; " : " ");
        gr__write_str(&w, move_names[m->type]);
        if (m->card != GR_NO_CARD) {
            gr__write_str(&w, " ");
            gr__write_card(&w, m->card);
        }
    }
    gr__write_str(&w, "\n");
    const gr_hand_result *r = &game->result;
    if (game->custom_shown) {
        gr__write_str(&w, "shown ");
        w_arrangement(&w, &r->knocker_arrangement);
        w_item(&w, "deadwood", r->knocker_arrangement.deadwood);
        gr__write_str(&w, "\n");
    }
    if (game->custom_defense) {
        gr__write_str(&w, "defense ");
        w_arrangement(&w, &r->defense.defender);
        w_item(&w, "laid_off", r->defense.laid_off);
        gr__write_str(&w, "; ");
        w_item(&w, "deadwood", r->defense.defender.deadwood);
        gr__write_str(&w, "\n");
    }
    gr__write_str(&w, "end\n");
    /* at most GR_MAX_HAND_MOVES moves of a few bytes: well under 1 MB */
    GR_ASSERT(w.len <= (size_t)INT_MAX);
    return (int)w.len;
}

/* ---- reading ---------------------------------------------------------------- */

static char *trim(char *s)
{
    while (gr__is_space(*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && gr__is_space(s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* gr__next_word (common/cards.h), with the rest trimmed */
static char *next_word(char **s)
{
    char *word = gr__next_word(s);
    *s = trim(*s);
    return word;
}

/* Split off the text up to the next `sep` (NUL-terminated in place), or
 * NULL when *s is exhausted. */
static char *next_field(char **s, char sep)
{
    if (!*s)
        return NULL;
    char *p = *s, *end = strchr(p, sep);
    if (end) {
        *end = '\0';
        *s = end + 1;
    } else {
        *s = NULL;
    }
    return trim(p);
}

/* A decimal int, optionally negative; GR_EPARSE for anything else,
 * including a number out of the int range (never wrapped around). */
static int parse_int(const char *s, int *out)
{
    int v = 0;
    bool neg = *s == '-';
    if (neg)
        s++;
    if (!*s)
        return GR_EPARSE;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return GR_EPARSE;
        int digit = *s - '0';
        if (v > (INT_MAX - digit) / 10)
            return GR_EPARSE;
        v = v * 10 + digit;
    }
    *out = neg ? -v : v;
    return GR_OK;
}

static int parse_cards(const char *s, gr_cards *out)
{
    return gr_cards_parse(s, out) == GR_OK ? GR_OK : GR_EPARSE;
}

/* "name=value ..." into rules (also for match.c's saves); GR_EPARSE for an
 * unknown option, one named twice or a value out of range */
int gr__parse_rules(char *s, gr_rules *rules)
{
    bool seen[GR_OPT_COUNT] = { false };
    for (;;) {
        char *word = next_word(&s);
        if (!*word)
            return GR_OK;
        char *eq = strchr(word, '=');
        if (!eq)
            return GR_EPARSE;
        *eq = '\0';
        int opt = gr_option_lookup(word), value;
        if (opt < 0 || opt >= GR_OPT_COUNT || seen[opt]
            || parse_int(eq + 1, &value) != GR_OK
            || gr_rules_set(rules, opt, value) != GR_OK)
            return GR_EPARSE;
        seen[opt] = true;
    }
}

static int parse_deck(char *s, gr_card deck[GR_NCARDS])
{
    gr_cards seen = 0;
    int n = 0;
    for (;;) {
        char *word = next_word(&s);
        if (!*word)
            break;
        gr_card c;
        if (n == GR_NCARDS || gr_card_parse(word, &c) != GR_OK
            || (seen & GR_CARD_BIT(c)))
            return GR_EPARSE;
        seen |= GR_CARD_BIT(c);
        deck[n++] = c;
    }
    return n == GR_NCARDS ? GR_OK : GR_EPARSE;
}

/* "meld ...; meld ...; [laid_off ...;] deadwood ..." into *a (and *laid_off
 * when it is not NULL, where laid_off is then required). */
static int parse_arrangement(char *s, gr_arrangement *a, gr_cards *laid_off)
{
    memset(a, 0, sizeof *a);
    bool have_deadwood = false, have_laid_off = false;
    char *field;
    while ((field = next_field(&s, ';')) != NULL) {
        char *key = next_word(&field);
        gr_cards cards;
        if (parse_cards(field, &cards) != GR_OK)
            return GR_EPARSE;
        if (strcmp(key, "meld") == 0 && a->nmelds < GR_MAX_MELDS) {
            a->melds[a->nmelds++] = cards;
        } else if (strcmp(key, "deadwood") == 0 && !have_deadwood) {
            a->deadwood = cards;
            a->deadwood_points = gr_cards_points(cards);
            have_deadwood = true;
        } else if (laid_off && strcmp(key, "laid_off") == 0 && !have_laid_off) {
            *laid_off = cards;
            have_laid_off = true;
        } else {
            return GR_EPARSE;
        }
    }
    return have_deadwood && (!laid_off || have_laid_off) ? GR_OK : GR_EPARSE;
}

/* Where a load failed (gr_game_load_ex): the first fault is kept. */
typedef struct load_ctx {
    const char     *base;   /* the caller's text */
    const char     *copy;   /* the copy the parser cuts in place */
    gr_parse_error *err;
    bool            set;
} load_ctx;

static int fault(load_ctx *c, const char *at, size_t len, int reason, int status)
{
    if (c->err && !c->set && at)
        gr__parse_error_set(c->err, c->base, c->base + (at - c->copy), len, reason);
    c->set = true;
    return status;
}

/* Replay "COUNT NAME [CARD]; ..." on g: exactly COUNT moves.  `shown`,
 * when not NULL, is the arrangement for the final knock or gin. */
static int replay(gr_game *g, char *s, const gr_arrangement *shown, load_ctx *c)
{
    int count, played = 0;
    const char *count_at = s;
    char *count_word = next_word(&s);
    if (parse_int(count_word, &count) != GR_OK || count < 0
        || count > GR_MAX_HAND_MOVES)
        return fault(c, count_at, strlen(count_word), GR_REASON_SYNTAX, GR_EPARSE);
    char *field;
    bool first = true;
    while ((field = next_field(&s, ';')) != NULL) {
        if (first && !*field && !s)
            break;   /* "moves" with no move */
        first = false;
        const char *at = field;
        size_t len = strlen(field);
        char *name = next_word(&field);
        int type = 0;
        for (int t = 1; t < NMOVE_NAMES; t++)
            if (move_names[t] && strcmp(name, move_names[t]) == 0)
                type = t;
        if (!type)
            return fault(c, at, len, GR_REASON_SYNTAX, GR_EPARSE);
        gr_move m = { .type = type, .card = GR_NO_CARD };
        bool has_card = type != GR_MOVE_PASS && type != GR_MOVE_BIG_GIN;
        if (*field) {
            if (!has_card || gr_card_parse(field, &m.card) != GR_OK)
                return fault(c, at, len, GR_REASON_SYNTAX, GR_EPARSE);
        } else if (type == GR_MOVE_DISCARD || type == GR_MOVE_KNOCK
                   || type == GR_MOVE_GIN) {
            /* a discard must name its card */
            return fault(c, at, len, GR_REASON_SYNTAX, GR_EPARSE);
        }
        /* a draw that names a card must draw that card */
        if (m.card != GR_NO_CARD && g->phase != GR_PHASE_OVER
            && (type == GR_MOVE_TAKE_UPCARD || type == GR_MOVE_DRAW_STOCK
                || type == GR_MOVE_DRAW_DISCARD)) {
            const gr_card *pile = type == GR_MOVE_DRAW_STOCK ? g->stock : g->pile;
            int n = type == GR_MOVE_DRAW_STOCK ? g->nstock : g->npile;
            if (n == 0 || pile[n - 1] != m.card)
                return fault(c, at, len, GR_REASON_DRAW_MISMATCH, GR_EILLEGAL);
        }
        int rc, why;
        if (shown && !s) {   /* the last move shows the given arrangement */
            if (type != GR_MOVE_KNOCK && type != GR_MOVE_GIN)
                return fault(c, at, len, GR_REASON_SYNTAX, GR_EPARSE);
            rc = gr__game_knock(g, type, m.card, shown);
            why = rc == GR_OK ? GR_REASON_NONE : gr__move_reason(g, m, shown, true);
        } else {
            rc = gr_game_play(g, m);
            why = gr_game_last_reason(g);
        }
        if (rc == GR_ENOMEM)
            return rc;
        if (rc != GR_OK)
            return fault(c, at, len, why, GR_EILLEGAL);
        if (++played > count)
            return fault(c, at, len, GR_REASON_SYNTAX, GR_EPARSE);
    }
    if (played != count)   /* moves cut off */
        return fault(c, c->copy + strlen(c->base), 0, GR_REASON_SYNTAX, GR_EPARSE);
    if (shown && g->phase != GR_PHASE_OVER)   /* a shown arrangement without a knock */
        return fault(c, c->copy + strlen(c->base), 0, GR_REASON_SYNTAX, GR_EPARSE);
    return GR_OK;
}

enum { L_RULES, L_DEALER, L_DECK, L_MOVES, L_SHOWN, L_DEFENSE, L_POSITION, L_COUNT };
static const char *const line_names[L_COUNT] = {
    "rules", "dealer", "deck", "moves", "shown", "defense", "position"
};

static int load(gr_game **out, char *text, const gr_allocator *mm, load_ctx *c)
{
    char *lines[L_COUNT] = { NULL };
    const char *line_at[L_COUNT] = { NULL };   /* for errors: the line's key */
    size_t line_len[L_COUNT] = { 0 };
    const char *end = c->copy + strlen(c->base);
    char *s = text, *line;
    bool header = false, ended = false;
    while ((line = next_field(&s, '\n')) != NULL) {
        if (!*line)
            continue;
        size_t len = strlen(line);
        if (ended)   /* text after the end line */
            return fault(c, line, len, GR_REASON_SYNTAX, GR_EPARSE);
        char *key = next_word(&line);
        if (header && strcmp(key, "end") == 0) {
            /* the end line, with its newline: a text cut anywhere lacks it */
            if (*line || !s)
                return fault(c, key, len, GR_REASON_SYNTAX, GR_EPARSE);
            ended = true;
            continue;
        }
        if (!header) {
            if (strcmp(key, "ginrummy") != 0 || strcmp(line, SAVE_VERSION) != 0)
                return fault(c, key, len, GR_REASON_SYNTAX, GR_EPARSE);
            header = true;
            continue;
        }
        int k = 0;
        while (k < L_COUNT && strcmp(key, line_names[k]) != 0)
            k++;
        if (k == L_COUNT || lines[k])
            return fault(c, key, strlen(key), GR_REASON_SYNTAX, GR_EPARSE);
        lines[k] = line;
        line_at[k] = key;
        line_len[k] = len;
    }
    /* a deal (dealer and deck) or a position, never both */
    bool positioned = lines[L_POSITION] != NULL;
    if (!header || !ended || !lines[L_RULES] || !lines[L_MOVES]
        || (positioned ? lines[L_DEALER] || lines[L_DECK]
                       : !lines[L_DEALER] || !lines[L_DECK]))
        return fault(c, end, 0, GR_REASON_SYNTAX, GR_EPARSE);

    int dealer = 0;
    gr_card deck[GR_NCARDS];
    gr_position pos;
    gr_arrangement shown;
    gr_layoff defense;
    memset(&defense, 0, sizeof defense);   /* its reserved space too */
    int bad = -1;
    if (positioned ? gr_position_parse(lines[L_POSITION], &pos, NULL) != GR_OK
                   : parse_int(lines[L_DEALER], &dealer) != GR_OK
                     || (dealer != 0 && dealer != 1))
        bad = positioned ? L_POSITION : L_DEALER;
    else if (!positioned && parse_deck(lines[L_DECK], deck) != GR_OK)
        bad = L_DECK;
    else if (lines[L_SHOWN] && parse_arrangement(lines[L_SHOWN], &shown, NULL) != GR_OK)
        bad = L_SHOWN;
    else if (lines[L_DEFENSE]
             && parse_arrangement(lines[L_DEFENSE], &defense.defender,
                                  &defense.laid_off) != GR_OK)
        bad = L_DEFENSE;
    if (bad >= 0)
        return fault(c, line_at[bad], line_len[bad], GR_REASON_SYNTAX, GR_EPARSE);

    gr_rules *rules;
    int rc = gr_rules_new_mm(&rules, GR_PRESET_FOURNIER, mm);
    if (rc != GR_OK)
        return rc;
    rc = gr__parse_rules(lines[L_RULES], rules);
    if (rc != GR_OK)
        fault(c, line_at[L_RULES], line_len[L_RULES], GR_REASON_SYNTAX, rc);
    gr_game *g = NULL;
    if (rc == GR_OK) {
        rc = positioned ? gr_game_from_position(&g, rules, &pos)
                        : gr_game_new_from_deck(&g, rules, deck, dealer);
        if (rc == GR_EINVAL) {
            int k = positioned ? L_POSITION : L_DECK;
            fault(c, line_at[k], line_len[k], GR_REASON_SYNTAX, rc);
        }
    }
    gr_rules_free(rules);
    if (rc != GR_OK)
        return rc == GR_EINVAL ? GR_EPARSE : rc;

    rc = replay(g, lines[L_MOVES], lines[L_SHOWN] ? &shown : NULL, c);
    if (rc == GR_OK && lines[L_DEFENSE]) {
        rc = gr_game_defend(g, &defense);
        if (rc != GR_OK && rc != GR_ENOMEM)
            rc = fault(c, line_at[L_DEFENSE], line_len[L_DEFENSE],
                       gr_game_last_reason(g), GR_EILLEGAL);
    }
    if (rc != GR_OK) {
        gr_game_free(g);
        return rc;
    }
    *out = g;
    return GR_OK;
}

int gr_game_load_ex(gr_game **out, const char *text, const gr_allocator *mm,
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
    load_ctx c = { text, copy, err, false };
    int rc = load(out, copy, mm, &c);
    if (rc == GR_OK)
        gr__parse_error_clear(err);
    else if (rc == GR_ENOMEM && !c.set)
        gr__parse_error_only(err, GR_REASON_NO_MEMORY);
    gr__free(&use, copy);
    return rc;
}

int gr_game_load_mm(gr_game **out, const char *text, const gr_allocator *mm)
{
    return gr_game_load_ex(out, text, mm, NULL);
}

int gr_game_load(gr_game **out, const char *text)
{
    return gr_game_load_mm(out, text, NULL);
}
