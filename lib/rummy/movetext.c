/*
 * rummy/movetext.c: Rummy moves as a person says them and back ("draw",
 * "take", "meld 6S JK 8S", "layoff KS 2", "swap 7S 3", "discard 9C"),
 * the melds a joker can complete, and the hand and meld parsers with the
 * place of a fault.
 *
 * Table melds are numbered from 1 in text, as they are shown; an action's
 * target counts from 0.  A joker whose face is forced (one meld, or one
 * face that fits the table meld) is written "JK"; otherwise "JK=7S".
 */
#include "common/bits.h"
#include "common/cards.h"
#include "rummy/cards.h"
#include "rummy/game.h"
#include "rummy/movetext.h"
#include "rummy/reason.h"
#include "rummy/table.h"

#include <string.h>

#define SUIT_MASK ((gr_cards)0x1FFF)

/* ---- melds a set of faces and some jokers complete --------------------- */

/* every subset of `pool` of k faces whose union with faces is a meld */
static void complete_from(gr_cards faces, gr_cards pool, int k, int flags,
                          gr_cards *out, size_t cap, int *n)
{
    if (gr__popcount(pool) < k)
        return;
    gr_cards s = 0;
    do {   /* every subset of pool, in increasing order */
        if (gr__popcount(s) == k && gr__rmeld_kind(faces | s, flags)) {
            if ((size_t)*n < cap)
                out[*n] = s;
            (*n)++;
        }
        s = (s - pool) & pool;
    } while (s != 0);
}

int gr__rmeld_completions(gr_cards faces, int k, int flags, gr_cards *out,
                          size_t cap)
{
    int n = 0;
    if (faces == 0)
        return 0;
    gr_card low = (gr_card)__builtin_ctzll(faces);
    gr_cards rank = GR_EVERY_SUIT((gr_cards)1 << GR_CARD_RANK(low));
    gr_cards suit = SUIT_MASK << (13 * GR_CARD_SUIT(low));
    if ((faces & ~rank) == 0)
        complete_from(faces, rank & ~faces, k, flags, out, cap, &n);
    if ((faces & ~suit) == 0)
        complete_from(faces, suit & ~faces, k, flags, out, cap, &n);
    return n;
}

int gr_rummy_meld_completions(gr_cards faces, int jokers, int flags,
                              gr_rummy_meld *out, size_t cap)
{
    if (!gr__cards_valid(faces) || jokers < 0 || jokers > GR_RUMMY_MAX_JOKERS
        || !gr__rummy_flags_valid(flags) || (!out && cap > 0))
        return GR_EINVAL;
    /* a run completion is fixed by its window (at most 14), a set's by
     * the suits it adds (at most 3): never more than 17 */
    gr_cards sets[32];
    int n = gr__rmeld_completions(faces, jokers, flags, sets, 32);
    for (int i = 0; i < n && (size_t)i < cap; i++) {
        out[i].cards = faces | sets[i];
        out[i].jokers = sets[i];
    }
    return n;
}

/* ---- the table a move is written against ------------------------------- */

typedef struct rtable {
    bool                 known;    /* false: no game (jokers always named) */
    int                  flags;
    int                  nmelds;
    const gr_rummy_meld *melds;
} rtable;

static rtable table_of_game(const gr_rummy_game *g)
{
    rtable t = { false, 0, 0, NULL };
    if (g) {
        t.known = true;
        t.flags = g->flags;
        t.nmelds = g->nmelds;
        t.melds = g->melds;
    }
    return t;
}

static rtable table_of_view(const gr_rummy_view *v)
{
    rtable t = { true, v->ace_high ? GR_RUMMY_ACE_HIGH : 0,
                 v->nmelds, v->melds };
    return t;
}

/* ---- format ------------------------------------------------------------ */

static void write_rcard(gr_writer *w, gr_card c)
{
    if (c == GR_RUMMY_JOKER)
        gr__write_str(w, "JK");
    else
        gr__write_card(w, c);
}

static void write_int(gr_writer *w, int v)
{
    char num[16];
    int i = (int)sizeof num - 1;
    num[i] = '\0';
    do {
        num[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    gr__write_str(w, &num[i]);
}

/* true if the meld's jokers are the only faces its naturals and that many
 * jokers can take */
static bool meld_forced(const rtable *t, const gr_rummy_meld *m)
{
    gr_cards nat = m->cards & ~m->jokers, only;
    if (!t->known || m->jokers == 0 || nat == 0)
        return false;
    return gr__rmeld_completions(nat, gr__popcount(m->jokers), t->flags, &only, 1) == 1
        && only == m->jokers;
}

/* the one face a joker can stand for on table meld `target`, or GR_NO_CARD */
static gr_card layoff_forced(const rtable *t, int target)
{
    if (!t->known || target < 0 || target >= t->nmelds
        || !gr__rmeld_kind(t->melds[target].cards, t->flags))
        return GR_NO_CARD;
    gr_cards fits = gr__rlayoff_faces(t->melds[target].cards, t->flags);
    return gr__popcount(fits) == 1 ? (gr_card)__builtin_ctzll(fits) : GR_NO_CARD;
}

static int format_move(const gr_rummy_action *m, const rtable *t, char *buf,
                       size_t size)
{
    if (!m || (!buf && size > 0) || gr__ract_wellformed(m) != GR_OK)
        return GR_EINVAL;
    bool targeted = m->type == GR_RUMMY_ACT_LAY_OFF
        || m->type == GR_RUMMY_ACT_SWAP_JOKER;
    if (targeted && (m->target < 0 || m->target >= GR_RUMMY_MAX_MELDS))
        return GR_EINVAL;
    bool draw = m->type == GR_RUMMY_ACT_DRAW_STOCK
        || m->type == GR_RUMMY_ACT_DRAW_DISCARD;
    if (draw && m->card != GR_NO_CARD && m->card > GR_RUMMY_JOKER)
        return GR_EINVAL;
    if (m->type == GR_RUMMY_ACT_MELD && m->meld.cards == 0)
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    switch (m->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
    case GR_RUMMY_ACT_DRAW_DISCARD:
        gr__write_str(&w, m->type == GR_RUMMY_ACT_DRAW_STOCK ? "draw" : "take");
        if (m->card != GR_NO_CARD) {
            gr__write_str(&w, " ");
            write_rcard(&w, m->card);
        }
        break;
    case GR_RUMMY_ACT_MELD: {
        bool plain = meld_forced(t, &m->meld);
        gr__write_str(&w, "meld");
        gr_card order[GR_NCARDS];
        int n = gr__rummy_meld_order(m->meld.cards, order);
        for (int i = 0; i < n; i++) {
            gr_card c = order[i];
            gr__write_str(&w, " ");
            if (m->meld.jokers & GR_CARD_BIT(c)) {
                gr__write_str(&w, plain ? "JK" : "JK=");
                if (plain)
                    continue;
            }
            gr__write_card(&w, c);
        }
        break;
    }
    case GR_RUMMY_ACT_LAY_OFF:
        gr__write_str(&w, "layoff ");
        write_rcard(&w, m->card);
        if (m->card == GR_RUMMY_JOKER && layoff_forced(t, m->target) != m->named) {
            gr__write_str(&w, "=");
            gr__write_card(&w, m->named);
        }
        gr__write_str(&w, " ");
        write_int(&w, m->target + 1);
        break;
    case GR_RUMMY_ACT_SWAP_JOKER:
        gr__write_str(&w, "swap ");
        gr__write_card(&w, m->card);
        gr__write_str(&w, " ");
        write_int(&w, m->target + 1);
        break;
    default:
        gr__write_str(&w, "discard ");
        write_rcard(&w, m->card);
        break;
    }
    return (int)w.len;
}

int gr_rummy_move_format(const gr_rummy_action *move, const gr_rummy_game *game,
                         char *buf, size_t size)
{
    rtable t = table_of_game(game);
    return format_move(move, &t, buf, size);
}

int gr_rummy_view_move_format(const gr_rummy_action *move,
                              const gr_rummy_view *view, char *buf, size_t size)
{
    if (!view || gr__rview_check(view) != GR_OK)
        return GR_EINVAL;
    rtable t = table_of_view(view);
    return format_move(move, &t, buf, size);
}

/* ---- parse ------------------------------------------------------------- */

#define MAX_WORDS 40

typedef struct word {
    const char *s;
    size_t      n;
} word;

static bool is_sep(char c)
{
    return gr__is_space(c) || c == ',';
}

/* the words of text[..end); MAX_WORDS + 1 when there are more */
static int split(const char *text, const char *end, word *w)
{
    int n = 0;
    const char *s = text;
    for (;;) {
        while (s < end && is_sep(*s))
            s++;
        if (s == end || n > MAX_WORDS)
            return n;
        size_t len = 0;
        while (s + len < end && !is_sep(s[len]))
            len++;
        w[n].s = s;
        w[n].n = len;
        n++;
        s += len;
    }
}

static bool word_is(const word *w, const char *want, const char *abbrev)
{
    char low[16];
    if (w->n >= sizeof low)
        return false;
    for (size_t i = 0; i < w->n; i++) {
        char c = w->s[i];
        low[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    low[w->n] = '\0';
    return strcmp(low, want) == 0 || strcmp(low, abbrev) == 0;
}

static int one_card(const char *s, size_t n, gr_card *out)
{
    char buf[24];
    if (n == 0 || n >= sizeof buf)
        return GR_EPARSE;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return gr_rummy_card_parse(buf, out) == GR_OK ? GR_OK : GR_EPARSE;
}

/* a card word: a face, "JK" (*named GR_NO_CARD) or "JK=7S" (*named the face) */
static int card_word(const word *w, gr_card *card, gr_card *named)
{
    const char *eq = memchr(w->s, '=', w->n);
    *named = GR_NO_CARD;
    if (!eq)
        return one_card(w->s, w->n, card);
    gr_card j;
    if (one_card(w->s, (size_t)(eq - w->s), &j) != GR_OK || j != GR_RUMMY_JOKER
        || one_card(eq + 1, w->n - (size_t)(eq + 1 - w->s), named) != GR_OK
        || *named == GR_RUMMY_JOKER)
        return GR_EPARSE;
    *card = GR_RUMMY_JOKER;
    return GR_OK;
}

static bool all_digits(const word *w)
{
    if (w->n == 0 || w->n > 6)
        return false;
    for (size_t i = 0; i < w->n; i++)
        if (w->s[i] < '0' || w->s[i] > '9')
            return false;
    return true;
}

typedef struct parse_ctx {
    const char     *text;    /* offsets in *err count from here */
    const char     *start, *end;   /* the move's text */
    const rtable   *t;
    gr_parse_error *err;
    gr_cards        faces;   /* AMBIGUOUS_JOKER: what the jokers could be */
} parse_ctx;

static int fail(parse_ctx *c, const char *at, size_t n, int reason)
{
    gr__parse_error_set(c->err, c->text, at, n, reason);
    return GR_EPARSE;
}

static int missing(parse_ctx *c, const word *last)
{
    return fail(c, last->s + last->n, 0, GR_REASON_SYNTAX);
}

/* "CARD N" or "N CARD": the card word and the table meld (0-based) */
static int card_and_meld(parse_ctx *c, const word *w, int nw, const word **cw,
                         int *target)
{
    if (nw < 3)
        return missing(c, &w[nw - 1]);
    if (nw > 3)
        return fail(c, w[3].s, w[3].n, GR_REASON_SYNTAX);
    const word *num = all_digits(&w[1]) ? &w[1] : &w[2];
    *cw = num == &w[1] ? &w[2] : &w[1];
    if (!all_digits(num))
        return fail(c, num->s, num->n, GR_REASON_SYNTAX);
    long v = 0;
    for (size_t i = 0; i < num->n; i++)
        v = v * 10 + (num->s[i] - '0');
    int most = c->t->known ? c->t->nmelds : GR_RUMMY_MAX_MELDS;
    if (v < 1 || v > most)
        return fail(c, num->s, num->n, GR_REASON_NO_SUCH_MELD);
    *target = (int)v - 1;
    return GR_OK;
}

static int parse_meld(parse_ctx *c, const word *w, int nw, gr_rummy_meld *out)
{
    if (nw < 2)
        return missing(c, &w[0]);
    gr_cards faces = 0, named = 0;
    int unnamed = 0;
    const word *first_jk = NULL;
    for (int i = 1; i < nw; i++) {
        gr_card card, face;
        if (card_word(&w[i], &card, &face) != GR_OK)
            return fail(c, w[i].s, w[i].n, GR_REASON_SYNTAX);
        if (card == GR_RUMMY_JOKER && face == GR_NO_CARD) {
            if (!first_jk)
                first_jk = &w[i];
            unnamed++;
            continue;
        }
        if (card != GR_RUMMY_JOKER)
            face = card;
        if (faces & GR_CARD_BIT(face))
            return fail(c, w[i].s, w[i].n, GR_REASON_DUPLICATE_CARD);
        faces |= GR_CARD_BIT(face);
        if (card == GR_RUMMY_JOKER)
            named |= GR_CARD_BIT(face);
    }
    if (unnamed > GR_RUMMY_MAX_JOKERS)
        return fail(c, first_jk->s, first_jk->n, GR_REASON_SYNTAX);
    if (unnamed > 0) {
        const char *end = w[nw - 1].s + w[nw - 1].n;
        if ((faces & ~named) == 0)
            return fail(c, w[1].s, (size_t)(end - w[1].s), GR_REASON_NO_NATURAL);
        gr_cards ways[32];
        int n = gr__rmeld_completions(faces, unnamed, c->t->flags, ways, 32);
        if (n == 0) {
            gr_cards any;
            int why = named && gr__rmeld_completions(faces & ~named,
                                                     unnamed + gr__popcount(named),
                                                     c->t->flags, &any, 1) > 0
                ? GR_REASON_JOKER_FACE : GR_REASON_RUMMY_NOT_A_MELD;
            return fail(c, w[1].s, (size_t)(end - w[1].s), why);
        }
        if (n > 1) {
            for (int i = 0; i < n && i < 32; i++)
                c->faces |= ways[i];
            return fail(c, first_jk->s, first_jk->n, GR_REASON_AMBIGUOUS_JOKER);
        }
        faces |= ways[0];
        named |= ways[0];
    }
    out->cards = faces;
    out->jokers = named;
    return GR_OK;
}

static int parse_layoff(parse_ctx *c, const word *w, int nw, gr_rummy_action *out)
{
    const word *cw;
    int target;
    int rc = card_and_meld(c, w, nw, &cw, &target);
    if (rc != GR_OK)
        return rc;
    gr_card card, named;
    if (card_word(cw, &card, &named) != GR_OK)
        return fail(c, cw->s, cw->n, GR_REASON_SYNTAX);
    if (card == GR_RUMMY_JOKER && named == GR_NO_CARD) {
        gr_cards fits = 0;
        if (c->t->known && gr__rmeld_kind(c->t->melds[target].cards, c->t->flags))
            fits = gr__rlayoff_faces(c->t->melds[target].cards, c->t->flags);
        if (c->t->known && fits == 0)
            return fail(c, cw->s, cw->n, GR_REASON_DOES_NOT_FIT);
        if (gr__popcount(fits) != 1) {
            c->faces = fits;
            return fail(c, cw->s, cw->n, GR_REASON_AMBIGUOUS_JOKER);
        }
        named = (gr_card)__builtin_ctzll(fits);
    }
    gr__ract(out, GR_RUMMY_ACT_LAY_OFF, card, named, target);
    return GR_OK;
}

static int parse_core(parse_ctx *c, gr_rummy_action *out)
{
    word w[MAX_WORDS + 1];
    int nw = split(c->start, c->end, w);
    if (nw == 0)
        return fail(c, c->end, 0, GR_REASON_SYNTAX);
    if (nw > MAX_WORDS)
        return fail(c, w[MAX_WORDS].s, w[MAX_WORDS].n, GR_REASON_SYNTAX);
    gr_rummy_action m;
    gr_card card, named;
    int target;
    const word *cw;
    if (word_is(&w[0], "draw", "d") || word_is(&w[0], "take", "t")) {
        int type = word_is(&w[0], "draw", "d") ? GR_RUMMY_ACT_DRAW_STOCK
                                               : GR_RUMMY_ACT_DRAW_DISCARD;
        card = GR_NO_CARD;
        if (nw >= 2 && one_card(w[1].s, w[1].n, &card) != GR_OK)
            return fail(c, w[1].s, w[1].n, GR_REASON_SYNTAX);
        if (nw > 2)
            return fail(c, w[2].s, w[2].n, GR_REASON_SYNTAX);
        gr__ract(&m, type, card, GR_NO_CARD, -1);
    } else if (word_is(&w[0], "discard", "x")) {
        if (nw < 2)
            return missing(c, &w[0]);
        if (nw > 2)
            return fail(c, w[2].s, w[2].n, GR_REASON_SYNTAX);
        if (one_card(w[1].s, w[1].n, &card) != GR_OK)
            return fail(c, w[1].s, w[1].n, GR_REASON_SYNTAX);
        gr__ract(&m, GR_RUMMY_ACT_DISCARD, card, GR_NO_CARD, -1);
    } else if (word_is(&w[0], "swap", "s")) {
        int rc = card_and_meld(c, w, nw, &cw, &target);
        if (rc != GR_OK)
            return rc;
        if (card_word(cw, &card, &named) != GR_OK || card == GR_RUMMY_JOKER)
            return fail(c, cw->s, cw->n, GR_REASON_SYNTAX);
        gr__ract(&m, GR_RUMMY_ACT_SWAP_JOKER, card, GR_NO_CARD, target);
    } else if (word_is(&w[0], "layoff", "l")) {
        int rc = parse_layoff(c, w, nw, &m);
        if (rc != GR_OK)
            return rc;
    } else if (word_is(&w[0], "meld", "m")) {
        gr__ract(&m, GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
        int rc = parse_meld(c, w, nw, &m.meld);
        if (rc != GR_OK)
            return rc;
    } else {
        return fail(c, w[0].s, w[0].n, GR_REASON_SYNTAX);
    }
    gr__parse_error_clear(c->err);
    *out = m;
    return GR_OK;
}

static int parse_with(const char *text, const rtable *t, gr_rummy_action *out,
                      gr_parse_error *err, gr_cards *faces)
{
    if (!text || !out) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    parse_ctx c = { text, text, text + strlen(text), t, err, 0 };
    int rc = parse_core(&c, out);
    if (faces)
        *faces = c.faces;
    return rc;
}

int gr_rummy_move_parse(const char *text, const gr_rummy_game *game,
                        gr_rummy_action *out, gr_parse_error *err)
{
    rtable t = table_of_game(game);
    return parse_with(text, &t, out, err, NULL);
}

int gr_rummy_view_move_parse(const char *text, const gr_rummy_view *view,
                             gr_rummy_action *out, gr_parse_error *err)
{
    if (!view) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    if (gr__rview_check(view) != GR_OK) {
        gr__parse_error_only(err, GR_REASON_BAD_VALUE);
        return GR_EINVAL;
    }
    rtable t = table_of_view(view);
    return parse_with(text, &t, out, err, NULL);
}

int gr__rmove_parse_span(const char *text, const char *start, const char *end,
                         const gr_rummy_view *view, gr_rummy_action *out,
                         gr_parse_error *err)
{
    rtable t = table_of_view(view);
    parse_ctx c = { text, start, end, &t, err, 0 };
    return parse_core(&c, out);
}

int gr__rmove_word(const char *s, size_t n)
{
    static const char *const words[] = { "draw", "d", "take", "t", "meld", "m",
        "layoff", "l", "swap", "s", "discard", "x", "out", "o" };
    word w = { s, n };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i += 2)
        if (word_is(&w, words[i], words[i + 1]))
            return (int)(i / 2);
    return -1;
}

int gr_rummy_move_joker_faces(const char *text, const gr_rummy_view *view,
                              gr_cards *faces)
{
    if (!text || !faces)
        return GR_EINVAL;
    rtable t = { false, 0, 0, NULL };
    if (view && gr__rview_check(view) != GR_OK)
        return GR_EINVAL;
    if (view)
        t = table_of_view(view);
    gr_rummy_action m;
    parse_with(text, &t, &m, NULL, faces);
    return GR_OK;
}

/* ---- hands and melds with the place of a fault --------------------------- */

/* the bad token at *bad: its length, and the reason of the status */
static int token_error(const char *text, int rc, size_t bad, gr_parse_error *err)
{
    const char *at = text + bad;
    size_t n = 0;
    while (at[n] != '\0' && !is_sep(at[n]))
        n++;
    gr__parse_error_set(err, text, at, n,
                        rc == GR_EPARSE ? GR_REASON_SYNTAX : GR_REASON_DUPLICATE_CARD);
    return rc;
}

int gr_rummy_hand_parse_ex(const char *text, gr_rummy_hand *out,
                           gr_parse_error *err)
{
    size_t bad = 0;
    if (!text || !out) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    int rc = gr_rummy_hand_parse(text, out, &bad);
    if (rc != GR_OK)
        return token_error(text, rc, bad, err);
    gr__parse_error_clear(err);
    return GR_OK;
}

int gr_rummy_meld_parse_ex(const char *text, gr_rummy_meld *out,
                           gr_parse_error *err)
{
    size_t bad = 0;
    if (!text || !out) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    int rc = gr_rummy_meld_parse(text, out, &bad);
    if (rc != GR_OK)
        return token_error(text, rc, bad, err);
    gr__parse_error_clear(err);
    return GR_OK;
}
