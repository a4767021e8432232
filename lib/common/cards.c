/* cards.c: card points (G2), parsing and formatting of cards and sets. */
#include "common/bits.h"
#include "common/alloc.h"
#include "common/cards.h"

#include <stdio.h>
#include <string.h>

/* ---- points -------------------------------------------------------------- */

/*
 * Card points are 1..10, so a set's points can be added up bit plane by
 * bit plane: BIT_PLANE_k holds the cards whose points have bit k set, and
 * points = sum of popcount(cards & plane_k) << k.  Four popcounts, no loop
 * over cards: melds.c calls this in its inner loops.
 *
 * Per suit (rank 0 = ace in bit 0 .. king in bit 12):
 *   bit 0: points 1 3 5 7 9       -> ranks A 3 5 7 9       -> 0x0155
 *   bit 1: points 2 3 6 7 10      -> ranks 2 3 6 7 10 J Q K -> 0x1E66
 *   bit 2: points 4 5 6 7         -> ranks 4 5 6 7         -> 0x0078
 *   bit 3: points 8 9 10          -> ranks 8 9 10 J Q K    -> 0x1F80
 */
static const gr_cards bit_plane[4] = {
    GR_EVERY_SUIT(0x0155), GR_EVERY_SUIT(0x1E66), GR_EVERY_SUIT(0x0078),
    GR_EVERY_SUIT(0x1F80)
};

#define SUIT_RANKS 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
#define SUIT_POINTS 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10
const uint8_t gr__card_rank[64] = { SUIT_RANKS, SUIT_RANKS, SUIT_RANKS, SUIT_RANKS };
const uint8_t gr__card_points[64] = { SUIT_POINTS, SUIT_POINTS, SUIT_POINTS, SUIT_POINTS };

int gr__cards_points(gr_cards cards)
{
    return gr__popcount(cards & bit_plane[0])
         + 2 * gr__popcount(cards & bit_plane[1])
         + 4 * gr__popcount(cards & bit_plane[2])
         + 8 * gr__popcount(cards & bit_plane[3]);
}

int gr_card_points(gr_card card)
{
    if (card >= GR_NCARDS)
        return GR_EINVAL;
    return gr__card_points[card];
}

int gr_cards_points(gr_cards cards)
{
    if (!gr__cards_valid(cards))
        return GR_EINVAL;
    return gr__cards_points(cards);
}

int gr_cards_count(gr_cards cards)
{
    if (!gr__cards_valid(cards))
        return GR_EINVAL;
    return gr__popcount(cards);
}

/* ---- parsing ------------------------------------------------------------- */

static const char rank_chars[] = "A23456789TJQK";
static const char suit_chars[] = "CDHS";

/* The suit symbols U+2660..U+2667 are E2 99 A0..A7 in UTF-8, in this
 * order: black spade, white heart, white diamond, black club, white spade,
 * black heart, black diamond, white club. */
static const int symbol_suit[8] = {
    GR_SPADES, GR_HEARTS, GR_DIAMONDS, GR_CLUBS,
    GR_SPADES, GR_HEARTS, GR_DIAMONDS, GR_CLUBS
};

static bool is_separator(char c)
{
    return gr__is_space(c) || c == ',';
}

static char upper(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

/* Parse exactly the `len` bytes at s as one card (no white space). */
bool gr__read_decimal(const char *s, size_t n, unsigned long long max,
                      unsigned long long *out)
{
    unsigned long long v = 0;
    if (n == 0 || n > 20)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned long long d = (unsigned long long)(s[i] - '0');
        if (d > max || v > (max - d) / 10)   /* v * 10 + d > max */
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

int gr__card_parse_token(const char *s, size_t len, gr_card *out)
{
    size_t i = 0;
    int rank;

    if (len >= 2 && s[0] == '1' && s[1] == '0') {
        rank = GR_TEN;
        i = 2;
    } else if (len >= 1) {
        const char *p = s[0] != '\0' ? strchr(rank_chars, upper(s[0])) : NULL;
        if (p == NULL)
            return GR_EPARSE;
        rank = (int)(p - rank_chars);
        i = 1;
    } else {
        return GR_EPARSE;
    }

    int suit;
    if (len - i == 1) {
        const char *p = s[i] != '\0' ? strchr(suit_chars, upper(s[i])) : NULL;
        if (p == NULL)
            return GR_EPARSE;
        suit = (int)(p - suit_chars);
    } else if (len - i == 3) {
        const unsigned char *u = (const unsigned char *)s + i;
        if (u[0] != 0xE2 || u[1] != 0x99 || u[2] < 0xA0 || u[2] > 0xA7)
            return GR_EPARSE;
        suit = symbol_suit[u[2] - 0xA0];
    } else {
        return GR_EPARSE;
    }

    *out = GR_CARD(rank, suit);
    return GR_OK;
}

int gr_card_parse(const char *text, gr_card *out)
{
    return gr_card_parse_ex(text, out, NULL);
}

int gr_cards_parse(const char *text, gr_cards *out)
{
    return gr_cards_parse_ex(text, out, NULL);
}

/* ---- formatting ---------------------------------------------------------- */

static void put(gr_writer *w, char c)
{
    if (w->len + 1 < w->size) {
        w->buf[w->len] = c;
        w->buf[w->len + 1] = '\0';
    }
    w->len++;
}

void gr__write_start(gr_writer *w, char *buf, size_t size)
{
    w->buf = buf;
    w->size = size;
    w->len = 0;
    if (size > 0)
        buf[0] = '\0';
}

void gr__write_str(gr_writer *w, const char *s)
{
    while (*s)
        put(w, *s++);
}

void gr__write_num(gr_writer *w, long long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%lld", v);
    gr__write_str(w, tmp);
}

void gr__write_unsigned(gr_writer *w, unsigned long long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%llu", v);
    gr__write_str(w, tmp);
}

void gr__write_card(gr_writer *w, gr_card card)
{
    int rank = GR_CARD_RANK(card);
    if (rank == GR_TEN) {
        put(w, '1');
        put(w, '0');
    } else {
        put(w, rank_chars[rank]);
    }
    put(w, suit_chars[GR_CARD_SUIT(card)]);
}

void gr__write_cards(gr_writer *w, gr_cards cards)
{
    for (gr_cards rest = cards; rest != 0; rest &= rest - 1) {
        if (rest != cards)
            put(w, ' ');
        gr__write_card(w, (gr_card)__builtin_ctzll(rest));
    }
}

int gr_card_format(gr_card card, char *buf, size_t size)
{
    if (card >= GR_NCARDS || (buf == NULL && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_card(&w, card);
    return (int)w.len;
}

int gr_cards_format(gr_cards cards, char *buf, size_t size)
{
    if (!gr__cards_valid(cards) || (buf == NULL && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_cards(&w, cards);
    return (int)w.len;
}

/* ---- parsing with the place of the fault ------------------------ */

void gr__parse_error_set(gr_parse_error *err, const char *text, const char *at,
                         size_t length, int reason)
{
    if (!err)
        return;
    memset(err, 0, sizeof *err);
    err->offset = (size_t)(at - text);
    err->length = length;
    err->reason = reason;
    err->line = 1;
    for (const char *p = text; p < at; p++)
        if (*p == '\n')
            err->line++;
}

void gr__parse_error_clear(gr_parse_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
}

void gr__parse_error_only(gr_parse_error *err, int reason)
{
    if (err) {
        memset(err, 0, sizeof *err);
        err->reason = reason;
    }
}

int gr__load_args_check(const void *out, const char *text, const gr_allocator *mm,
                        gr_parse_error *err)
{
    if (!out || !text) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    if (!gr__allocator_valid(mm)) {
        gr__parse_error_only(err, GR_REASON_BAD_VALUE);
        return GR_EINVAL;
    }
    return GR_OK;
}

int gr_card_parse_ex(const char *text, gr_card *out, gr_parse_error *err)
{
    if (text == NULL || out == NULL) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    size_t len;
    const char *s = gr__trim(text, &len);
    int rc = gr__card_parse_token(s, len, out);
    if (rc != GR_OK)
        gr__parse_error_set(err, text, s, len, GR_REASON_SYNTAX);
    else
        gr__parse_error_clear(err);
    return rc;
}

int gr_cards_parse_ex(const char *text, gr_cards *out, gr_parse_error *err)
{
    if (text == NULL || out == NULL) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    gr_cards cards = 0;
    const char *s = text;
    for (;;) {
        while (is_separator(*s))
            s++;
        if (*s == '\0')
            break;
        size_t len = 0;
        while (s[len] != '\0' && !is_separator(s[len]))
            len++;
        gr_card card;
        if (gr__card_parse_token(s, len, &card) != GR_OK) {
            gr__parse_error_set(err, text, s, len, GR_REASON_SYNTAX);
            return GR_EPARSE;
        }
        if (cards & GR_CARD_BIT(card)) {
            gr__parse_error_set(err, text, s, len, GR_REASON_DUPLICATE_CARD);
            return GR_EINVAL;   /* the same card twice, as gr_cards_parse */
        }
        cards |= GR_CARD_BIT(card);
        s += len;
    }
    gr__parse_error_clear(err);
    *out = cards;
    return GR_OK;
}
