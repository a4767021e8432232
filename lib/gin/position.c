/*
 * position.c: a game set up from a position (hands, pile, stock, turn and
 * phase) instead of a deal, its validation, and positions as text.
 *
 * A game from a position keeps the position it started from (with the
 * stock resolved when it came from a seed), so gr_game_save() can write
 * it and gr_game_load() rebuild it before replaying the moves played
 * since.
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "common/cards.h"
#include "common/rng.h"
#include "gin/game.h"
#include "gin/reason.h"
#include "gin/rules.h"
#include "gin/settle.h"

#include <string.h>

#define HAND_SIZE 10

/* The first fault of a position (GR_REASON_NONE if valid); with it valid,
 * the stock top first in stock[0..*nstock-1] (drawn from the seed when
 * asked) and the first upcard resolved. */
static int position_reason(const gr_rules *rules, const gr_position *p,
                           gr_card stock[GR_NCARDS], int *nstock, gr_card *upcard)
{
    if (!rules || !p)
        return GR_REASON_NULL_ARGUMENT;
    if (!GR__RESERVED_ZERO(p))
        return GR_REASON_RESERVED_NOT_ZERO;
    if ((p->dealer != 0 && p->dealer != 1) || (p->turn != 0 && p->turn != 1)
        || p->phase < GR_PHASE_UPCARD || p->phase > GR_PHASE_DISCARD
        || (p->pile_closed != 0 && p->pile_closed != 1)
        || (p->stock_from_seed != 0 && p->stock_from_seed != 1)
        || p->npile < 0 || p->npile > GR_NCARDS || p->turnovers < 0
        || p->played < 0 || p->played > GR_MAX_HAND_MOVES - 2
        || (!p->stock_from_seed && (p->nstock < 0 || p->nstock > GR_NCARDS)))
        return GR_REASON_BAD_VALUE;
    if (!gr__cards_valid(p->hand[0] | p->hand[1] | p->known[0] | p->known[1])
        || (p->taken != GR_NO_CARD && p->taken >= GR_NCARDS)
        || (p->first_upcard != GR_NO_CARD && p->first_upcard >= GR_NCARDS))
        return GR_REASON_BAD_CARD;
    for (int i = 0; i < p->npile; i++)
        if (p->pile[i] >= GR_NCARDS)
            return GR_REASON_BAD_CARD;
    if (!p->stock_from_seed)
        for (int i = 0; i < p->nstock; i++)
            if (p->stock[i] >= GR_NCARDS)
                return GR_REASON_BAD_CARD;

    /* the 52 cards, each once */
    if (p->hand[0] & p->hand[1])
        return GR_REASON_CARDS_UNACCOUNTED;
    gr_cards seen = p->hand[0] | p->hand[1];
    for (int i = 0; i < p->npile; i++) {
        if (seen & GR_CARD_BIT(p->pile[i]))
            return GR_REASON_CARDS_UNACCOUNTED;
        seen |= GR_CARD_BIT(p->pile[i]);
    }
    int n = 0;
    if (p->stock_from_seed) {
        for (int c = 0; c < GR_NCARDS; c++)
            if (!(seen & GR_CARD_BIT(c)))
                stock[n++] = (gr_card)c;
        gr_rng rng;
        gr__rng_seed(&rng, p->seed);
        gr__shuffle(&rng, stock, n);
    } else {
        for (int i = 0; i < p->nstock; i++) {
            if (seen & GR_CARD_BIT(p->stock[i]))
                return GR_REASON_CARDS_UNACCOUNTED;
            seen |= GR_CARD_BIT(p->stock[i]);
            stock[n++] = p->stock[i];
        }
        if (seen != GR_ALL_CARDS)
            return GR_REASON_CARDS_UNACCOUNTED;
    }
    *nstock = n;

    /* counts and the phase */
    int mine = gr__popcount(p->hand[p->turn]), his = gr__popcount(p->hand[1 - p->turn]);
    if (his != HAND_SIZE || mine != (p->phase == GR_PHASE_DISCARD ? HAND_SIZE + 1 : HAND_SIZE))
        return GR_REASON_CARD_COUNT;
    if ((p->known[0] & ~p->hand[0]) || (p->known[1] & ~p->hand[1]))
        return GR_REASON_BAD_VALUE;
    bool void_mode = rules->opt[GR_OPT_STOCK_END] == GR_STOCK_END_VOID;
    int cap = rules->opt[GR_OPT_TURNOVER_LIMIT];
    if (void_mode ? p->turnovers != 0 : (cap > 0 && p->turnovers > cap))
        return GR_REASON_BAD_VALUE;
    switch (p->phase) {
    case GR_PHASE_UPCARD:
        if (p->npile != 1 || p->pile_closed || p->taken != GR_NO_CARD
            || n < (void_mode ? 3 : 1))
            return GR_REASON_BAD_VALUE;
        break;
    case GR_PHASE_DRAW:
        if (p->taken != GR_NO_CARD || n < (void_mode ? 3 : 1))
            return GR_REASON_BAD_VALUE;
        break;
    default:   /* discard */
        if (p->pile_closed || n < (void_mode ? 2 : 0)
            || (p->taken != GR_NO_CARD && !(p->hand[p->turn] & GR_CARD_BIT(p->taken))))
            return GR_REASON_BAD_VALUE;
        break;
    }
    gr_card up = p->first_upcard;
    if (up == GR_NO_CARD && p->npile > 0)
        up = p->pile[0];
    if (up == GR_NO_CARD && rules->opt[GR_OPT_OKLAHOMA])
        return GR_REASON_BAD_VALUE;   /* G33 needs the first upcard */
    *upcard = up;
    return GR_REASON_NONE;
}

int gr_position_check(const gr_rules *rules, const gr_position *position, int *reason)
{
    gr_card stock[GR_NCARDS], up;
    int n;
    return gr__reason_put(reason, position_reason(rules, position, stock, &n, &up));
}

int gr_game_from_position(gr_game **out, const gr_rules *rules, const gr_position *p)
{
    gr_card stock[GR_NCARDS], up = GR_NO_CARD;
    int n = 0;
    if (!out)
        return GR_EINVAL;
    int why = position_reason(rules, p, stock, &n, &up);
    if (why != GR_REASON_NONE)
        return gr_reason_status(why);
    gr_game *g = gr__malloc(&rules->mm, sizeof *g);
    if (!g)
        return GR_ENOMEM;
    memset(g, 0, offsetof(gr_game, history_inline));
    g->rules = *rules;
    for (int i = 0; i < GR_NCARDS; i++)
        g->deck[i] = (gr_card)i;   /* no deal: the position is saved instead */
    g->dealer = p->dealer;
    g->phase = p->phase;
    g->turn = p->turn;
    g->stock_only = p->pile_closed;
    g->taken = p->taken;
    g->turnovers = p->turnovers;
    g->played_before = p->played;
    g->hand[0] = p->hand[0];
    g->hand[1] = p->hand[1];
    g->known[0] = p->known[0];
    g->known[1] = p->known[1];
    g->npile = p->npile;
    memcpy(g->pile, p->pile, (size_t)p->npile * sizeof *g->pile);
    g->nstock = n;
    for (int i = 0; i < n; i++)        /* stock[0] is the top */
        g->stock[n - 1 - i] = stock[i];
    g->knock_limit = rules->opt[GR_OPT_KNOCK_LIMIT];
    g->multiplier = 1;
    if (up != GR_NO_CARD)
        gr__oklahoma(rules, up, &g->knock_limit, &g->multiplier);   /* G33 */
    g->history = g->history_inline;
    g->caphistory = GR_HISTORY_INLINE;
    if (g->phase == GR_PHASE_DISCARD)
        gr__game_discard_options(g);
    g->from_position = true;
    g->start = *p;
    g->start.stock_from_seed = 0;
    g->start.seed = 0;
    g->start.nstock = n;
    memcpy(g->start.stock, stock, sizeof stock);
    g->start.first_upcard = up;
    *out = g;
    return GR_OK;
}

int gr_game_position(const gr_game *g, gr_position *out)
{
    if (!g || !out)
        return GR_EINVAL;
    if (g->phase == GR_PHASE_OVER)
        return GR_ESTATE;
    gr_position p;
    memset(&p, 0, sizeof p);
    p.dealer = g->dealer;
    p.turn = g->turn;
    p.phase = g->phase;
    p.hand[0] = g->hand[0];
    p.hand[1] = g->hand[1];
    p.npile = g->npile;
    memcpy(p.pile, g->pile, (size_t)g->npile * sizeof *p.pile);
    p.nstock = g->nstock;
    for (int i = 0; i < g->nstock; i++)
        p.stock[i] = g->stock[g->nstock - 1 - i];
    p.taken = g->taken;
    p.pile_closed = g->stock_only && g->phase == GR_PHASE_DRAW;
    p.known[0] = g->known[0];
    p.known[1] = g->known[1];
    p.first_upcard = g->from_position ? g->start.first_upcard : g->deck[20];
    p.turnovers = g->turnovers;
    p.played = g->played_before + g->nhistory;
    *out = p;
    return GR_OK;
}

/* ---- text ------------------------------------------------------------------------ */

static const char *const phase_names[] = { "", "upcard", "draw", "discard" };

static void w_card_or_dash(gr_writer *w, gr_card c)
{
    if (c == GR_NO_CARD)
        gr__write_str(w, "-");
    else
        gr__write_card(w, c);
}

static void w_list(gr_writer *w, const char *key, const gr_card *cards, int n)
{
    gr__write_str(w, "; ");
    gr__write_str(w, key);
    for (int i = 0; i < n; i++) {
        gr__write_str(w, " ");
        gr__write_card(w, cards[i]);
    }
}

static void w_set(gr_writer *w, const char *key, gr_cards cards)
{
    gr__write_str(w, "; ");
    gr__write_str(w, key);
    if (cards) {
        gr__write_str(w, " ");
        gr__write_cards(w, cards);
    }
}

int gr_position_format(const gr_position *p, char *buf, size_t size)
{
    if (!p || (!buf && size > 0) || !GR__RESERVED_ZERO(p)
        || (p->dealer != 0 && p->dealer != 1) || (p->turn != 0 && p->turn != 1)
        || p->phase < GR_PHASE_UPCARD
        || p->phase > GR_PHASE_DISCARD || p->npile < 0 || p->npile > GR_NCARDS
        || p->nstock < 0 || p->nstock > GR_NCARDS
        || !gr__cards_valid(p->hand[0] | p->hand[1] | p->known[0] | p->known[1]))
        return GR_EINVAL;
    for (int i = 0; i < p->npile; i++)
        if (p->pile[i] >= GR_NCARDS)
            return GR_EINVAL;
    for (int i = 0; i < p->nstock && !p->stock_from_seed; i++)
        if (p->stock[i] >= GR_NCARDS)
            return GR_EINVAL;
    if ((p->taken >= GR_NCARDS && p->taken != GR_NO_CARD)
        || (p->first_upcard >= GR_NCARDS && p->first_upcard != GR_NO_CARD))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_str(&w, "dealer ");
    gr__write_num(&w, p->dealer);
    gr__write_str(&w, "; turn ");
    gr__write_num(&w, p->turn);
    gr__write_str(&w, "; phase ");
    gr__write_str(&w, phase_names[p->phase]);
    w_set(&w, "hand0", p->hand[0]);
    w_set(&w, "hand1", p->hand[1]);
    w_list(&w, "pile", p->pile, p->npile);
    if (p->stock_from_seed) {
        gr__write_str(&w, "; seed ");
        gr__write_unsigned(&w, p->seed);
    } else {
        w_list(&w, "stock", p->stock, p->nstock);
    }
    gr__write_str(&w, "; taken ");
    w_card_or_dash(&w, p->taken);
    gr__write_str(&w, "; closed ");
    gr__write_num(&w, p->pile_closed);
    w_set(&w, "known0", p->known[0]);
    w_set(&w, "known1", p->known[1]);
    gr__write_str(&w, "; upcard ");
    w_card_or_dash(&w, p->first_upcard);
    gr__write_str(&w, "; turnovers ");
    gr__write_num(&w, p->turnovers);
    gr__write_str(&w, "; played ");
    gr__write_num(&w, p->played);
    if (w.len > (size_t)0x7FFFFFFF)
        return GR_ENOMEM;
    return (int)w.len;
}

/* a reader over the text that keeps offsets for errors */
typedef struct reader {
    const char     *text;
    gr_parse_error *err;
} reader;

static int fail(reader *r, const char *at, size_t len)
{
    gr__parse_error_set(r->err, r->text, at, len, GR_REASON_SYNTAX);
    return GR_EPARSE;
}

/* one card or "-" */
static int read_card(reader *r, const char *s, size_t n, gr_card *out)
{
    if (gr__read_card_word(s, n, true, gr__card_parse_token, out) != GR_OK)
        return fail(r, s, n);
    return GR_OK;
}

static int read_number(reader *r, const char *s, size_t n, unsigned long long max,
                       unsigned long long *out)
{
    return gr__read_decimal(s, n, max, out) ? GR_OK : fail(r, s, n);
}

enum { K_DEALER, K_TURN, K_PHASE, K_HAND0, K_HAND1, K_PILE, K_STOCK, K_SEED,
       K_TAKEN, K_CLOSED, K_KNOWN0, K_KNOWN1, K_UPCARD, K_TURNOVERS, K_PLAYED,
       K_COUNT };
static const char *const keys[K_COUNT] = {
    "dealer", "turn", "phase", "hand0", "hand1", "pile", "stock", "seed",
    "taken", "closed", "known0", "known1", "upcard", "turnovers", "played"
};

int gr_position_parse(const char *text, gr_position *out, gr_parse_error *err)
{
    if (!text || !out) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    reader r = { text, err };
    gr_position p;
    memset(&p, 0, sizeof p);
    p.taken = GR_NO_CARD;
    p.first_upcard = GR_NO_CARD;
    bool seen[K_COUNT] = { false };
    const char *s = text, *end = text + strlen(text), *k, *fend;
    size_t kn;
    int field;
    while ((field = gr__next_field(&s, end, &k, &kn, &fend)) > 0) {
        int key = 0;
        while (key < K_COUNT && !gr__word_is(k, kn, keys[key]))
            key++;
        if (key == K_COUNT || seen[key])
            return fail(&r, k, kn);
        seen[key] = true;
        /* the values: words up to the end of the field */
        const char *v = gr__skip_space(k + kn, fend);
        gr_card list[GR_NCARDS];
        int nlist = 0;
        const char *first = v;
        size_t firstn = gr__word_len(v, fend);
        for (const char *q = v; q < fend;) {
            size_t n = gr__word_len(q, fend);
            if (nlist == GR_NCARDS)
                return fail(&r, q, n);
            if (key == K_HAND0 || key == K_HAND1 || key == K_PILE || key == K_STOCK
                || key == K_KNOWN0 || key == K_KNOWN1) {
                gr_card c;
                if (read_card(&r, q, n, &c) != GR_OK || c == GR_NO_CARD)
                    return fail(&r, q, n);
                list[nlist++] = c;
            } else if (q != first) {
                return fail(&r, q, n);   /* one value only */
            }
            q = gr__skip_space(q + n, fend);
        }
        unsigned long long num = 0;
        gr_cards set = 0;
        switch (key) {
        case K_DEALER: case K_TURN: case K_CLOSED:
            if (read_number(&r, first, firstn, 1, &num) != GR_OK)
                return GR_EPARSE;
            if (key == K_DEALER) p.dealer = (int)num;
            else if (key == K_TURN) p.turn = (int)num;
            else p.pile_closed = (int)num;
            break;
        case K_TURNOVERS:
        case K_PLAYED:
            if (read_number(&r, first, firstn, 100000, &num) != GR_OK)
                return GR_EPARSE;
            if (key == K_TURNOVERS)
                p.turnovers = (int)num;
            else
                p.played = (int)num;
            break;
        case K_SEED:
            if (read_number(&r, first, firstn, ~0ull, &num) != GR_OK)
                return GR_EPARSE;
            p.seed = num;
            p.stock_from_seed = 1;
            break;
        case K_PHASE:
            if (gr__word_is(first, firstn, "upcard")) p.phase = GR_PHASE_UPCARD;
            else if (gr__word_is(first, firstn, "draw")) p.phase = GR_PHASE_DRAW;
            else if (gr__word_is(first, firstn, "discard")) p.phase = GR_PHASE_DISCARD;
            else return fail(&r, first, firstn);
            break;
        case K_TAKEN: case K_UPCARD: {
            gr_card c;
            if (read_card(&r, first, firstn, &c) != GR_OK)
                return GR_EPARSE;
            if (key == K_TAKEN) p.taken = c;
            else p.first_upcard = c;
            break;
        }
        case K_PILE:
            memcpy(p.pile, list, (size_t)nlist);
            p.npile = nlist;
            break;
        case K_STOCK:
            memcpy(p.stock, list, (size_t)nlist);
            p.nstock = nlist;
            break;
        default:   /* sets of cards */
            for (int i = 0; i < nlist; i++) {
                if (set & GR_CARD_BIT(list[i]))
                    return fail(&r, first, (size_t)(fend - first));
                set |= GR_CARD_BIT(list[i]);
            }
            if (key == K_HAND0) p.hand[0] = set;
            else if (key == K_HAND1) p.hand[1] = set;
            else if (key == K_KNOWN0) p.known[0] = set;
            else p.known[1] = set;
            break;
        }
    }
    if (field < 0)
        return fail(&r, k, 0);
    static const int required[] = { K_DEALER, K_TURN, K_PHASE, K_HAND0, K_HAND1 };
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!seen[required[i]])
            return fail(&r, end, 0);
    if (seen[K_STOCK] && seen[K_SEED])
        return fail(&r, end, 0);
    gr__parse_error_clear(err);
    *out = p;
    return GR_OK;
}
