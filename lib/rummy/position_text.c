/*
 * rummy/position_text.c: a Rummy position as one line of text and back
 * (gr_rummy_position_format, gr_rummy_position_parse).
 *
 *   players 3; dealer 0; turn 1; phase draw; hand0 2C 2C 7H JK; hand1 ...;
 *   hand2 ...; known1 QS; meld 3C 4C 5C by 0; meld 7D 7H JK=7S by 2;
 *   pile 9D KS; stock 4C ... (or seed 42); taken -; turnovers 0; played 12
 *
 * The reader keeps the byte offset of every word, so a refusal names the
 * word it could not read.
 */
#include "common/bits.h"
#include "common/cards.h"
#include "rummy/cards.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char *const phase_names[] = { "", "draw", "play" };

static void w_num(gr_writer *w, unsigned long long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%llu", v);
    gr__write_str(w, tmp);
}

static void w_card(gr_writer *w, gr_card c)
{
    char tmp[8];
    if (c == GR_NO_CARD)
        gr__write_str(w, "-");
    else if (gr_rummy_card_format(c, tmp, sizeof tmp) > 0)
        gr__write_str(w, tmp);
}

static void w_list(gr_writer *w, const char *key, const gr_card *cards, int n)
{
    gr__write_str(w, "; ");
    gr__write_str(w, key);
    for (int i = 0; i < n; i++) {
        gr__write_str(w, " ");
        w_card(w, cards[i]);
    }
}

static void w_hand(gr_writer *w, const char *key, int seat, const gr_rummy_hand *h)
{
    char tmp[1024];
    gr__write_str(w, "; ");
    gr__write_str(w, key);
    w_num(w, (unsigned long long)seat);
    if (gr_rummy_hand_format(h, tmp, sizeof tmp) > 0) {
        gr__write_str(w, " ");
        gr__write_str(w, tmp);
    }
}

static bool cards_ok(const gr_card *cards, int n)
{
    for (int i = 0; i < n; i++)
        if (cards[i] > GR_RUMMY_JOKER)
            return false;
    return true;
}

/* what format can write: counts, seats, the phase and cards in range */
static bool writable(const gr_rummy_position *p)
{
    if (!GR__RESERVED_ZERO(p) || p->nplayers < 2 || p->nplayers > GR_RUMMY_MAX_PLAYERS
        || p->dealer < 0 || p->dealer >= p->nplayers || p->turn < 0
        || p->turn >= p->nplayers
        || (p->phase != GR_RUMMY_PHASE_DRAW && p->phase != GR_RUMMY_PHASE_PLAY)
        || p->nmelds < 0 || p->nmelds > GR_RUMMY_MAX_MELDS
        || p->npile < 0 || p->npile > GR_RUMMY_MAX_CARDS
        || (p->stock_from_seed != 0 && p->stock_from_seed != 1)
        || (!p->stock_from_seed && (p->nstock < 0 || p->nstock > GR_RUMMY_MAX_CARDS))
        || p->turnovers < 0 || p->played < 0
        || (p->taken > GR_RUMMY_JOKER && p->taken != GR_NO_CARD)
        || !cards_ok(p->pile, p->npile)
        || (!p->stock_from_seed && !cards_ok(p->stock, p->nstock)))
        return false;
    for (int s = 0; s < p->nplayers; s++)
        if (!gr__rummy_hand_valid(&p->hand[s]) || !gr__rummy_hand_valid(&p->known[s]))
            return false;
    for (int i = 0; i < p->nmelds; i++)
        if (!gr__rummy_meld_valid(&p->melds[i]) || p->melds[i].cards == 0
            || p->owner[i] < 0 || p->owner[i] >= p->nplayers)
            return false;
    return true;
}

int gr_rummy_position_format(const gr_rummy_position *p, char *buf, size_t size)
{
    if (!p || (!buf && size > 0) || !writable(p))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_str(&w, "players ");
    w_num(&w, (unsigned long long)p->nplayers);
    gr__write_str(&w, "; dealer ");
    w_num(&w, (unsigned long long)p->dealer);
    gr__write_str(&w, "; turn ");
    w_num(&w, (unsigned long long)p->turn);
    gr__write_str(&w, "; phase ");
    gr__write_str(&w, phase_names[p->phase]);
    for (int s = 0; s < p->nplayers; s++)
        w_hand(&w, "hand", s, &p->hand[s]);
    for (int s = 0; s < p->nplayers; s++)
        if (gr__rummy_hand_count(&p->known[s]) > 0)
            w_hand(&w, "known", s, &p->known[s]);
    for (int i = 0; i < p->nmelds; i++) {
        char tmp[256];
        gr_rummy_meld_format(&p->melds[i], tmp, sizeof tmp);
        gr__write_str(&w, "; meld ");
        gr__write_str(&w, tmp);
        gr__write_str(&w, " by ");
        w_num(&w, (unsigned long long)p->owner[i]);
    }
    w_list(&w, "pile", p->pile, p->npile);
    if (p->stock_from_seed) {
        gr__write_str(&w, "; seed ");
        w_num(&w, p->seed);
    } else {
        w_list(&w, "stock", p->stock, p->nstock);
    }
    gr__write_str(&w, "; taken ");
    w_card(&w, p->taken);
    gr__write_str(&w, "; turnovers ");
    w_num(&w, (unsigned long long)p->turnovers);
    gr__write_str(&w, "; played ");
    w_num(&w, (unsigned long long)p->played);
    return w.len > INT_MAX ? GR_ENOMEM : (int)w.len;
}

/* ---- reading ----------------------------------------------------------- */

typedef struct reader {
    const char     *text;
    gr_parse_error *err;
} reader;

static int fail(reader *r, const char *at, size_t len, int reason)
{
    gr__parse_error_set(r->err, r->text, at, len, reason);
    return GR_EPARSE;
}

/* [s, e) without its trailing white space */
static const char *trim_end(const char *s, const char *e)
{
    while (e > s && gr__is_space(e[-1]))
        e--;
    return e;
}

static int read_number(reader *r, const char *s, const char *end,
                       unsigned long long max, unsigned long long *out)
{
    size_t n = gr__word_len(s, end);
    if (n == 0 || n > 20 || gr__skip_space(s + n, end) != end)
        return fail(r, s, n, GR_REASON_SYNTAX);
    return gr__read_decimal(s, n, max, out) ? GR_OK : fail(r, s, n, GR_REASON_SYNTAX);
}

/* one card word, or "-" for none when dash */
static int read_card(reader *r, const char *s, size_t n, bool dash, gr_card *out)
{
    if (gr__read_card_word(s, n, dash, gr__rcard_parse_token, out) != GR_OK)
        return fail(r, s, n, GR_REASON_SYNTAX);
    return GR_OK;
}

/* a hand or meld given by [s, e) through its own _ex parser, its fault
 * moved to the place in the whole text */
static int read_sub(reader *r, const char *s, const char *e, bool meld,
                    gr_rummy_hand *hand, gr_rummy_meld *m)
{
    char tmp[2048];
    if ((size_t)(e - s) >= sizeof tmp)
        return fail(r, s, (size_t)(e - s), GR_REASON_SYNTAX);
    memcpy(tmp, s, (size_t)(e - s));
    tmp[e - s] = '\0';
    gr_parse_error sub;
    int rc = meld ? gr_rummy_meld_parse_ex(tmp, m, &sub)
                  : gr_rummy_hand_parse_ex(tmp, hand, &sub);
    if (rc == GR_OK)
        return GR_OK;
    return fail(r, s + sub.offset, sub.length, sub.reason);
}

enum { K_PLAYERS, K_DEALER, K_TURN, K_PHASE, K_PILE, K_STOCK, K_SEED, K_TAKEN,
       K_TURNOVERS, K_PLAYED, K_MELD, K_HAND, K_KNOWN = K_HAND + GR_RUMMY_MAX_PLAYERS,
       K_COUNT = K_KNOWN + GR_RUMMY_MAX_PLAYERS };
static const char *const keys[K_MELD + 1] = {
    "players", "dealer", "turn", "phase", "pile", "stock", "seed", "taken",
    "turnovers", "played", "meld"
};

/* the key of a field: its index, or -1 */
static int key_of(const char *k, size_t n)
{
    for (int i = 0; i <= K_MELD; i++)
        if (gr__word_is(k, n, keys[i]))
            return i;
    if (n == 5 && (strncmp(k, "hand", 4) == 0) && k[4] >= '0'
        && k[4] < '0' + GR_RUMMY_MAX_PLAYERS)
        return K_HAND + (k[4] - '0');
    if (n == 6 && (strncmp(k, "known", 5) == 0) && k[5] >= '0'
        && k[5] < '0' + GR_RUMMY_MAX_PLAYERS)
        return K_KNOWN + (k[5] - '0');
    return -1;
}

/* "meld <cards> by <seat>" */
static int read_meld(reader *r, gr_rummy_position *p, const char *v, const char *fend)
{
    const char *by = NULL;
    for (const char *q = v; q < fend;) {
        size_t n = gr__word_len(q, fend);
        if (gr__word_is(q, n, "by"))
            by = q;
        q = gr__skip_space(q + n, fend);
    }
    if (!by)
        return fail(r, fend, 0, GR_REASON_SYNTAX);
    if (p->nmelds == GR_RUMMY_MAX_MELDS)
        return fail(r, v, (size_t)(fend - v), GR_REASON_SYNTAX);
    gr_rummy_meld m;
    if (read_sub(r, v, trim_end(v, by), true, NULL, &m) != GR_OK)
        return GR_EPARSE;
    unsigned long long seat;
    if (read_number(r, gr__skip_space(by + 2, fend), fend, GR_RUMMY_MAX_PLAYERS - 1,
                    &seat) != GR_OK)
        return GR_EPARSE;
    p->melds[p->nmelds] = m;
    p->owner[p->nmelds++] = (int)seat;
    return GR_OK;
}

static int read_field(reader *r, gr_rummy_position *p, int key, const char *v,
                      const char *fend)
{
    unsigned long long num = 0;
    size_t vn = gr__word_len(v, fend);
    switch (key) {
    case K_PLAYERS:
    case K_DEALER:
    case K_TURN:
        if (read_number(r, v, fend, key == K_PLAYERS ? GR_RUMMY_MAX_PLAYERS
                                                     : GR_RUMMY_MAX_PLAYERS - 1,
                        &num) != GR_OK)
            return GR_EPARSE;
        if (key == K_PLAYERS && num < 2)
            return fail(r, v, vn, GR_REASON_SYNTAX);
        *(key == K_PLAYERS ? &p->nplayers : key == K_DEALER ? &p->dealer : &p->turn)
            = (int)num;
        return GR_OK;
    case K_TURNOVERS:
    case K_PLAYED:
        if (read_number(r, v, fend, key == K_PLAYED ? GR_RUMMY_MAX_HAND_MOVES - 1
                                                    : 1000000, &num) != GR_OK)
            return GR_EPARSE;
        *(key == K_PLAYED ? &p->played : &p->turnovers) = (int)num;
        return GR_OK;
    case K_SEED:
        if (read_number(r, v, fend, ~0ull, &num) != GR_OK)
            return GR_EPARSE;
        p->seed = num;
        p->stock_from_seed = 1;
        return GR_OK;
    case K_PHASE:
        if (gr__skip_space(v + vn, fend) != fend)
            return fail(r, v + vn, 0, GR_REASON_SYNTAX);
        if (gr__word_is(v, vn, "draw"))
            p->phase = GR_RUMMY_PHASE_DRAW;
        else if (gr__word_is(v, vn, "play"))
            p->phase = GR_RUMMY_PHASE_PLAY;
        else
            return fail(r, v, vn, GR_REASON_SYNTAX);
        return GR_OK;
    case K_TAKEN:
        if (vn == 0 || gr__skip_space(v + vn, fend) != fend)
            return fail(r, v + vn, 0, GR_REASON_SYNTAX);
        return read_card(r, v, vn, true, &p->taken);
    case K_PILE:
    case K_STOCK: {
        gr_card *list = key == K_PILE ? p->pile : p->stock;
        int *n = key == K_PILE ? &p->npile : &p->nstock;
        for (const char *q = v; q < fend;) {
            size_t wn = gr__word_len(q, fend);
            if (*n == GR_RUMMY_MAX_CARDS)
                return fail(r, q, wn, GR_REASON_SYNTAX);
            if (read_card(r, q, wn, false, &list[*n]) != GR_OK)
                return GR_EPARSE;
            (*n)++;
            q = gr__skip_space(q + wn, fend);
        }
        return GR_OK;
    }
    case K_MELD:
        return read_meld(r, p, v, fend);
    default:
        return read_sub(r, v, fend, false,
                        key >= K_KNOWN ? &p->known[key - K_KNOWN]
                                       : &p->hand[key - K_HAND], NULL);
    }
}

int gr_rummy_position_parse(const char *text, gr_rummy_position *out,
                            gr_parse_error *err)
{
    if (!text || !out) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    reader r = { text, err };
    gr_rummy_position p;
    memset(&p, 0, sizeof p);
    p.taken = GR_NO_CARD;
    bool seen[K_COUNT] = { false };
    const char *s = text, *end = text + strlen(text), *k, *fend;
    size_t kn;
    int field;
    while ((field = gr__next_field(&s, end, &k, &kn, &fend)) > 0) {
        int key = key_of(k, kn);
        if (key < 0 || (key != K_MELD && seen[key]))
            return fail(&r, k, kn, GR_REASON_SYNTAX);
        seen[key] = true;
        if (read_field(&r, &p, key, gr__skip_space(k + kn, fend), trim_end(k, fend))
            != GR_OK)
            return GR_EPARSE;
    }
    if (field < 0)
        return fail(&r, k, 0, GR_REASON_SYNTAX);
    static const int required[] = { K_PLAYERS, K_DEALER, K_TURN, K_PHASE };
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!seen[required[i]])
            return fail(&r, end, 0, GR_REASON_SYNTAX);
    for (int i = 0; i < GR_RUMMY_MAX_PLAYERS; i++)
        if (seen[K_HAND + i] != (i < p.nplayers) || (seen[K_KNOWN + i] && i >= p.nplayers))
            return fail(&r, end, 0, GR_REASON_SYNTAX);
    if ((seen[K_STOCK] && seen[K_SEED]) || p.dealer >= p.nplayers || p.turn >= p.nplayers)
        return fail(&r, end, 0, GR_REASON_SYNTAX);
    gr__parse_error_clear(err);
    *out = p;
    return GR_OK;
}
