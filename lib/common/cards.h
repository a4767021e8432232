/*
 * common/cards.h: card points and the text writer (cards.c).
 * Private to the library; never installed.
 */
#ifndef GR_COMMON_CARDS_H
#define GR_COMMON_CARDS_H

#include "ginrummy.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/bits.h"

/* Card points (G2), the one home of each form:
 *   gr__rank_points(r)    of a rank (ace 1 .. ten and faces 10);
 *   gr__card_points[c]    of a card number (a load; 0 above 51);
 *   gr__few_points(cards) of a set of a few cards (a loop over them);
 *   gr__cards_points(cards) of any set (four popcounts). */
static inline int gr__rank_points(int r)
{
    return r < 9 ? r + 1 : 10;
}

/* rank and points of each card number (0 above 51): a load where c % 13
 * takes a multiply */
GR__HIDDEN extern const uint8_t gr__card_rank[64];
GR__HIDDEN extern const uint8_t gr__card_points[64];

static inline int gr__few_points(gr_cards cards)
{
    int p = 0;
    for (; cards; cards &= cards - 1)
        p += gr__card_points[__builtin_ctzll(cards)];
    return p;
}

/* points of a valid set (no check) */
int gr__cards_points(gr_cards cards);

/* Parse exactly the len bytes at s as one face ("7H", "10h", "Q\u2666"),
 * no white space: GR_OK or GR_EPARSE. */
int gr__card_parse_token(const char *s, size_t len, gr_card *out);

/* A decimal number: exactly the n bytes at s, 1 to 20 digits, at most
 * max; false for anything else (a value over max or over 64 bits too). */
bool gr__read_decimal(const char *s, size_t n, unsigned long long max,
                      unsigned long long *out);

/* The save readers' lines: the next line of the text at *p without its
 * newline (\n or \r\n) in [*s, *e), *p moved past it; false if none is
 * left (every line must end with a newline). */
static inline bool gr__next_line(const char **p, const char **s, const char **e)
{
    const char *nl = strchr(*p, '\n');
    if (!nl)
        return false;
    *s = *p;
    *e = nl > *p && nl[-1] == '\r' ? nl - 1 : nl;
    *p = nl + 1;
    return true;
}

/* white space as the C locale's isspace(), without depending on the locale */
static inline bool gr__is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'
        || c == '\r';
}

/* the position readers' words, in [s, end): the first byte not white
 * space, the length of the word starting at s, and whether the n bytes at
 * s are exactly `want` */
static inline const char *gr__skip_space(const char *s, const char *end)
{
    while (s < end && gr__is_space(*s))
        s++;
    return s;
}

static inline size_t gr__word_len(const char *s, const char *end)
{
    size_t n = 0;
    while (s + n < end && !gr__is_space(s[n]))
        n++;
    return n;
}

static inline bool gr__word_is(const char *s, size_t n, const char *want)
{
    return strlen(want) == n && strncmp(s, want, n) == 0;
}

/* One card word of a position text (the n bytes at s, a word without
 * white space), or "-" for none (GR_NO_CARD) when dash: GR_OK, or
 * GR_EPARSE for anything else.  token reads the card: gr__card_parse_token
 * (a face), or Rummy's gr__rcard_parse_token (a face or the joker). */
static inline int gr__read_card_word(const char *s, size_t n, bool dash,
                                     int (*token)(const char *, size_t, gr_card *),
                                     gr_card *out)
{
    if (dash && gr__word_is(s, n, "-")) {
        *out = GR_NO_CARD;
        return GR_OK;
    }
    return n > 0 && token(s, n, out) == GR_OK ? GR_OK : GR_EPARSE;
}

/* The fields of a position text of either game ("key values; key
 * values; ..."): the next field from *s on (before end), its key word
 * (*keylen bytes at *key) and its end (*fend: the ';' or end); *s moves
 * past the field and its ';'.  Returns 1 for a field, 0 at the end of
 * the text (nothing but white space left), -1 for a field with no key
 * (*key is where the key should be). */
static inline int gr__next_field(const char **s, const char *end, const char **key,
                                 size_t *keylen, const char **fend)
{
    if (*s >= end)
        return 0;
    const char *semi = memchr(*s, ';', (size_t)(end - *s));
    *fend = semi ? semi : end;
    *key = gr__skip_space(*s, *fend);
    *keylen = gr__word_len(*key, *fend);
    if (*keylen == 0)
        return semi || *key != *fend ? -1 : 0;
    *s = semi ? semi + 1 : end;
    return 1;
}

/* the text without its leading and trailing white space: *len bytes at
 * the returned pointer */
static inline const char *gr__trim(const char *text, size_t *len)
{
    while (gr__is_space(*text))
        text++;
    size_t n = 0;
    while (text[n] != '\0')
        n++;
    while (n > 0 && gr__is_space(text[n - 1]))
        n--;
    *len = n;
    return text;
}

/* Split off the first word of *s (NUL-terminated in place); *s moves past
 * it and the blank after it.  Returns the word, "" when *s is blank.  (The
 * line parsers of save.c and match_save.c.) */
static inline char *gr__next_word(char **s)
{
    char *p = *s;
    while (gr__is_space(*p))
        p++;
    char *word = p;
    while (*p && !gr__is_space(*p))
        p++;
    if (*p)
        *p++ = '\0';
    *s = p;
    return word;
}

/* Text written with snprintf semantics (gr_card_format, gr_game_save):
 * bytes past size are dropped, len counts them all, and the text stays
 * NUL-terminated.  buf may be NULL when size is 0. */
typedef struct gr_writer {
    char  *buf;
    size_t size;
    size_t len;     /* the length the whole text needs so far */
} gr_writer;

void gr__write_start(gr_writer *w, char *buf, size_t size);
void gr__write_str(gr_writer *w, const char *s);
/* a number in decimal ("-12"), an unsigned one ("18446744073709551615") */
void gr__write_num(gr_writer *w, long long v);
void gr__write_unsigned(gr_writer *w, unsigned long long v);
/* a valid card as gr_card_format writes it ("AC", "10H") */
void gr__write_card(gr_writer *w, gr_card card);
/* a valid set as gr_cards_format writes it ("AC 2C 10D") */
void gr__write_cards(gr_writer *w, gr_cards cards);

/* Fill *err (when not NULL) for a fault at `at` inside `text`, `length`
 * bytes long, with its line; clear it on success.  (cards.c) */
void gr__parse_error_set(gr_parse_error *err, const char *text, const char *at,
                         size_t length, int reason);
void gr__parse_error_clear(gr_parse_error *err);
/* a fault with no place (a NULL argument, no memory): only the reason */
void gr__parse_error_only(gr_parse_error *err, int reason);
/* the arguments of a *_load_ex: GR_OK, else GR_EINVAL with *err's reason
 * (null_argument: out or text NULL; bad_value: an allocator with some
 * functions but not all) */
int gr__load_args_check(const void *out, const char *text, const gr_allocator *mm,
                        gr_parse_error *err);

#endif /* GR_COMMON_CARDS_H */
