/*
 * rummy_testutil.h: helpers the basic Rummy Check programs share.
 * Include <check.h> and testutil.h first.
 */
#ifndef GR_RUMMY_TESTUTIL_H
#define GR_RUMMY_TESTUTIL_H

#include <ginrummy.h>

/* a hand from text; fails the test if the text is refused */
static inline gr_rummy_hand H(const char *text)
{
    gr_rummy_hand h;
    ck_assert_int_eq(gr_rummy_hand_parse(text, &h, NULL), GR_OK);
    return h;
}

/* a table meld from text ("5H JK=6H 7H"); fails the test if refused */
static inline gr_rummy_meld M(const char *text)
{
    gr_rummy_meld m;
    ck_assert_int_eq(gr_rummy_meld_parse(text, &m, NULL), GR_OK);
    return m;
}

/* a random hand of n faces from `decks` decks and 0..jmax jokers */
static inline gr_rummy_hand random_rummy_hand(test_rng *r, int n, int decks, int jmax)
{
    gr_rummy_hand h = { 0, 0, test_below(r, jmax + 1) };
    while (n > 0) {
        gr_card f = (gr_card)test_below(r, 52);
        if (decks == 1 && (h.once & GR_CARD_BIT(f)))
            continue;
        if (gr_rummy_hand_add(&h, f) == GR_OK)
            n--;
    }
    return h;
}

/* a rule set: players, jokers per deck, decks (0 = R2's), ace high, the
 * turnover limit */
static inline gr_rummy_rules *test_rummy_rules(int players, int jokers, int decks,
                                               int ace, int limit)
{
    gr_rummy_rules *r;
    ck_assert_int_eq(gr_rummy_rules_new(&r, GR_RUMMY_PRESET_PARLETT), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, players), GR_OK);
    if (decks)
        ck_assert_int_eq(gr_rummy_rules_set(r, GR_RUMMY_OPT_DECKS, decks), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, jokers), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(r, GR_RUMMY_OPT_ACE_HIGH, ace), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(r, GR_RUMMY_OPT_TURNOVER_LIMIT, limit), GR_OK);
    return r;
}

/* a random rule set of the whole option space */
static inline gr_rummy_rules *test_rummy_random_rules(test_rng *rng)
{
    int players = 2 + test_below(rng, 6);
    int decks = 0;
    if (players == 4 || players == 5)
        decks = 1 + test_below(rng, 2);
    int a = test_below(rng, 5), b = test_below(rng, 2), c = 1 + test_below(rng, 3);
    return test_rummy_rules(players, a, decks, b, c);
}

/* a random legal table meld; uses jokers from *jleft */
static inline int random_table_meld(test_rng *r, int flags, gr_rummy_meld *m, int *jleft)
{
    for (int tries = 0; tries < 100; tries++) {
        m->cards = m->jokers = 0;
        if (test_below(r, 2)) {
            int rank = test_below(r, 13), n = 3 + test_below(r, 2);
            unsigned suits = 0;
            while (__builtin_popcount(suits) < n)
                suits |= 1u << test_below(r, 4);
            for (int s = 0; s < 4; s++)
                if (suits >> s & 1)
                    m->cards |= GR_CARD_BIT(13 * s + rank);
        } else {
            int s = test_below(r, 4), last = (flags & GR_RUMMY_ACE_HIGH) ? 13 : 12;
            int len = 3 + test_below(r, 3), lo = test_below(r, last - len + 2);
            for (int q = lo; q < lo + len; q++)
                m->cards |= GR_CARD_BIT(13 * s + q % 13);
        }
        for (gr_cards c = m->cards; c; c &= c - 1)
            if (*jleft > 0 && test_below(r, 4) == 0) {
                m->jokers |= c & -c;
                (*jleft)--;
            }
        if (gr_rummy_meld_kind(m, flags) > 0)
            return 1;
        *jleft += __builtin_popcountll(m->jokers);
    }
    return 0;
}

/* Fit a random hand and table to two decks (R1): the table melds kept in
 * order, less each whose natural cards would be a third copy of a face;
 * then the hand's copies beyond those the table leaves removed.  The
 * jokers are left as they are.  Returns the new number of melds. */
static inline int rummy_fit_decks(gr_rummy_meld *t, int nt, gr_rummy_hand *h)
{
    gr_cards once = 0, twice = 0;
    int kept = 0;
    for (int k = 0; k < nt; k++) {
        gr_cards nat = t[k].cards & ~t[k].jokers;
        if (nat & twice)
            continue;
        twice |= once & nat;
        once |= nat;
        t[kept++] = t[k];
    }
    h->twice &= ~once;   /* a face on the table once: the hand holds one */
    h->once &= ~twice;   /* twice on the table: none */
    h->twice &= h->once;
    return kept;
}

/* the table as text for a failure message: "[5H 6H 7H] [9C 9D 9H]" */
static inline void rummy_table_text(const gr_rummy_meld *t, int nt, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = 0;
    for (int k = 0; k < nt && at + 2 < size; k++) {
        buf[at++] = '[';
        int w = gr_rummy_meld_format(&t[k], buf + at, size - at - 1);
        at += w > 0 && (size_t)w < size - at - 1 ? (size_t)w : 0;
        buf[at++] = ']';
        buf[at] = 0;
    }
}

#endif /* GR_RUMMY_TESTUTIL_H */
