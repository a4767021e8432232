/*
 * rummy/cards.c: Rummy cards (R1, R7): jokers, hands with duplicates
 * (two decks), their text form and points, and what a table meld is
 * (R3, R5).
 */
#include "common/bits.h"
#include "common/cards.h"
#include "rummy/cards.h"

#include <string.h>

/* ---- values -------------------------------------------------------------- */

bool gr__rummy_hand_valid(const gr_rummy_hand *hand)
{
    return hand != NULL && gr__cards_valid(hand->once)
        && (hand->twice & ~hand->once) == 0
        && hand->jokers >= 0 && hand->jokers <= GR_RUMMY_MAX_JOKERS;
}

int gr__rummy_faces_points(gr_cards faces, int flags)
{
    int p = gr__cards_points(faces);
    if (flags & GR_RUMMY_ACE_HIGH)
        p += 10 * gr__popcount(faces & GR_EVERY_SUIT(1));
    return p;
}

int gr__rummy_hand_points(const gr_rummy_hand *hand, int flags)
{
    return gr__rummy_faces_points(hand->once, flags)
         + gr__rummy_faces_points(hand->twice, flags)
         + GR__RUMMY_JOKER_POINTS * hand->jokers;
}

int gr__rummy_hand_count(const gr_rummy_hand *hand)
{
    return gr__popcount(hand->once) + gr__popcount(hand->twice) + hand->jokers;
}

int gr_rummy_card_points(gr_card card, int flags)
{
    if (card > GR_RUMMY_JOKER || !gr__rummy_flags_valid(flags))
        return GR_EINVAL;
    if (card == GR_RUMMY_JOKER)
        return GR__RUMMY_JOKER_POINTS;
    return gr__rummy_faces_points(GR_CARD_BIT(card), flags);
}

int gr_rummy_hand_check(const gr_rummy_hand *hand)
{
    return gr__rummy_hand_valid(hand) ? GR_OK : GR_EINVAL;
}

int gr_rummy_hand_fits(const gr_rummy_hand *hand, int decks, int jokers_per_deck)
{
    if (!gr__rummy_hand_valid(hand) || decks < 1 || decks > 2
        || jokers_per_deck < 0 || jokers_per_deck > 4)
        return GR_EINVAL;
    if (decks == 1 && hand->twice != 0)
        return GR_EINVAL;
    if (hand->jokers > decks * jokers_per_deck)
        return GR_EINVAL;
    return GR_OK;
}

int gr_rummy_hand_count(const gr_rummy_hand *hand)
{
    if (!gr__rummy_hand_valid(hand))
        return GR_EINVAL;
    return gr__rummy_hand_count(hand);
}

int gr_rummy_hand_points(const gr_rummy_hand *hand, int flags)
{
    if (!gr__rummy_hand_valid(hand) || !gr__rummy_flags_valid(flags))
        return GR_EINVAL;
    return gr__rummy_hand_points(hand, flags);
}

int gr_rummy_hand_holds(const gr_rummy_hand *hand, gr_card card)
{
    if (!gr__rummy_hand_valid(hand) || card > GR_RUMMY_JOKER)
        return GR_EINVAL;
    return gr__rhand_has(hand, card);
}

/* add to a valid hand: false (hand unchanged) if it cannot hold another */
static bool hand_add(gr_rummy_hand *hand, gr_card card)
{
    if (gr__rhand_has(hand, card) >= (card == GR_RUMMY_JOKER ? GR_RUMMY_MAX_JOKERS : 2))
        return false;
    gr__rhand_add(hand, card);
    return true;
}

int gr_rummy_hand_add(gr_rummy_hand *hand, gr_card card)
{
    if (!gr__rummy_hand_valid(hand) || card > GR_RUMMY_JOKER)
        return GR_EINVAL;
    return hand_add(hand, card) ? GR_OK : GR_EINVAL;
}

int gr_rummy_hand_remove(gr_rummy_hand *hand, gr_card card)
{
    if (!gr__rummy_hand_valid(hand) || card > GR_RUMMY_JOKER)
        return GR_EINVAL;
    if (gr__rhand_has(hand, card) == 0)
        return GR_EILLEGAL;
    gr__rhand_remove(hand, card);
    return GR_OK;
}

/* ---- melds --------------------------------------------------------------- */

/* true if the 13-bit (or 14-bit) mask m is one block of consecutive bits */
static bool consecutive(unsigned m)
{
    return m != 0 && ((m + (m & -m)) & m) == 0;
}

int gr__rummy_meld_kind(gr_cards cards, gr_cards jokers, int flags)
{
    if (gr__popcount(cards) < 3 || jokers == cards)
        return 0;
    unsigned s[4], ranks = 0;
    int suits = 0;
    for (int i = 0; i < 4; i++) {
        s[i] = (unsigned)(cards >> (13 * i)) & 0x1FFFu;
        ranks |= s[i];
        suits += s[i] != 0;
    }
    if ((ranks & (ranks - 1)) == 0)
        return GR_MELD_SET;   /* one rank; faces distinct, so suits differ */
    if (suits != 1)
        return 0;
    if (consecutive(ranks))
        return GR_MELD_RUN;
    /* ace high: the ace as rank 13, after the king */
    if ((flags & GR_RUMMY_ACE_HIGH) && (ranks & 1u)
        && consecutive((ranks & ~1u) | 1u << 13))
        return GR_MELD_RUN;
    return 0;
}

int gr_rummy_meld_kind(const gr_rummy_meld *meld, int flags)
{
    if (meld == NULL || !gr__rummy_meld_valid(meld) || !gr__rummy_flags_valid(flags))
        return GR_EINVAL;
    return gr__rummy_meld_kind(meld->cards, meld->jokers, flags);
}

/* ---- text ---------------------------------------------------------------- */

static bool is_separator(char c)
{
    return gr__is_space(c) || c == ',';
}

/* the joker tokens: JK (any case), *, U+1F0CF (F0 9F 83 8F in UTF-8) */
static bool is_joker(const char *s, size_t len)
{
    if (len == 1 && s[0] == '*')
        return true;
    if (len == 2 && (s[0] == 'J' || s[0] == 'j') && (s[1] == 'K' || s[1] == 'k'))
        return true;
    return len == 4 && memcmp(s, "\xF0\x9F\x83\x8F", 4) == 0;
}

int gr__rcard_parse_token(const char *s, size_t len, gr_card *out)
{
    if (is_joker(s, len)) {
        *out = GR_RUMMY_JOKER;
        return GR_OK;
    }
    return gr__card_parse_token(s, len, out);
}

int gr_rummy_card_parse(const char *text, gr_card *out)
{
    if (text == NULL || out == NULL)
        return GR_EINVAL;
    size_t len;
    text = gr__trim(text, &len);
    return gr__rcard_parse_token(text, len, out);
}

int gr_rummy_card_format(gr_card card, char *buf, size_t size)
{
    if (card > GR_RUMMY_JOKER || (buf == NULL && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    if (card == GR_RUMMY_JOKER)
        gr__write_str(&w, "JK");
    else
        gr__write_card(&w, card);
    return (int)w.len;
}

/* Calls tok(ctx, token, len) for each token of text; stops at the first
 * status other than GR_OK and sets *bad to the token's offset. */
static int each_token(const char *text, size_t *bad,
                      int (*tok)(void *ctx, const char *s, size_t len), void *ctx)
{
    const char *s = text;
    for (;;) {
        while (is_separator(*s))
            s++;
        if (*s == '\0')
            return GR_OK;
        size_t len = 0;
        while (s[len] != '\0' && !is_separator(s[len]))
            len++;
        int rc = tok(ctx, s, len);
        if (rc != GR_OK) {
            if (bad != NULL)
                *bad = (size_t)(s - text);
            return rc;
        }
        s += len;
    }
}

static int hand_token(void *ctx, const char *s, size_t len)
{
    gr_card card;
    int rc = gr__rcard_parse_token(s, len, &card);
    if (rc != GR_OK)
        return rc;
    return hand_add(ctx, card) ? GR_OK : GR_EINVAL;
}

int gr_rummy_hand_parse(const char *text, gr_rummy_hand *out, size_t *bad)
{
    if (text == NULL || out == NULL)
        return GR_EINVAL;
    gr_rummy_hand hand = { 0, 0, 0 };
    int rc = each_token(text, bad, hand_token, &hand);
    if (rc == GR_OK)
        *out = hand;
    return rc;
}

static int meld_token(void *ctx, const char *s, size_t len)
{
    gr_rummy_meld *m = ctx;
    const char *eq = memchr(s, '=', len);
    gr_card face;
    int rc;
    if (eq != NULL) {
        if (!is_joker(s, (size_t)(eq - s)))
            return GR_EPARSE;
        rc = gr__card_parse_token(eq + 1, len - (size_t)(eq + 1 - s), &face);
    } else {
        rc = gr__rcard_parse_token(s, len, &face);
        if (rc == GR_OK && face == GR_RUMMY_JOKER)
            return GR_EPARSE;   /* a joker must name its face */
    }
    if (rc != GR_OK)
        return rc;
    if (m->cards & GR_CARD_BIT(face))
        return GR_EINVAL;
    m->cards |= GR_CARD_BIT(face);
    if (eq != NULL)
        m->jokers |= GR_CARD_BIT(face);
    return GR_OK;
}

int gr_rummy_meld_parse(const char *text, gr_rummy_meld *out, size_t *bad)
{
    if (text == NULL || out == NULL)
        return GR_EINVAL;
    gr_rummy_meld m = { 0, 0 };
    int rc = each_token(text, bad, meld_token, &m);
    if (rc == GR_OK)
        *out = m;
    return rc;
}

int gr_rummy_hand_format(const gr_rummy_hand *hand, char *buf, size_t size)
{
    if (!gr__rummy_hand_valid(hand) || (buf == NULL && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    bool first = true;
    for (gr_cards rest = hand->once; rest != 0; rest &= rest - 1) {
        gr_card c = (gr_card)__builtin_ctzll(rest);
        for (int k = (hand->twice >> c & 1) ? 2 : 1; k > 0; k--) {
            if (!first)
                gr__write_str(&w, " ");
            gr__write_card(&w, c);
            first = false;
        }
    }
    for (int k = 0; k < hand->jokers; k++) {
        if (!first)
            gr__write_str(&w, " ");
        gr__write_str(&w, "JK");
        first = false;
    }
    return (int)w.len;
}

int gr_rummy_meld_format(const gr_rummy_meld *meld, char *buf, size_t size)
{
    if (meld == NULL || !gr__rummy_meld_valid(meld) || (buf == NULL && size > 0))
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr_card order[GR_NCARDS];
    int n = gr__rummy_meld_order(meld->cards, order);
    for (int i = 0; i < n; i++) {
        if (i > 0)
            gr__write_str(&w, " ");
        if (meld->jokers & GR_CARD_BIT(order[i]))
            gr__write_str(&w, "JK=");
        gr__write_card(&w, order[i]);
    }
    return (int)w.len;
}

int gr__rummy_meld_order(gr_cards cards, gr_card out[GR_NCARDS])
{
    int n = 0;
    gr_card ace_last = GR_NO_CARD;
    for (int suit = 0; suit < 4; suit++) {
        gr_cards in_suit = (gr_cards)GR_SUIT_MASK << (suit * 13);
        gr_cards ace = GR_CARD_BIT(GR_CARD(GR_ACE, suit));
        gr_cards two = GR_CARD_BIT(GR_CARD(GR_TWO, suit));
        gr_cards king = GR_CARD_BIT(GR_CARD(GR_KING, suit));
        if ((cards & ~in_suit) == 0 && (cards & ace) && (cards & king) && !(cards & two))
            ace_last = GR_CARD(GR_ACE, suit);
    }
    for (gr_cards rest = cards; rest != 0; rest &= rest - 1) {
        gr_card c = (gr_card)__builtin_ctzll(rest);
        if (c != ace_last)
            out[n++] = c;
    }
    if (ace_last != GR_NO_CARD)
        out[n++] = ace_last;
    return n;
}
