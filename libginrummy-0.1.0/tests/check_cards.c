/* check_cards.c: cards (G1, G2): points, parse, format; status codes and
 * version (error.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

static const char *const rank_text[13] = {
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
};
static const char suit_text[4] = { 'C', 'D', 'H', 'S' };

/* ---- G1, G2: the deck and card points ------------------------------------ */

START_TEST(test_G1_card_encoding)
{
    ck_assert_int_eq(GR_CARD(GR_ACE, GR_CLUBS), 0);
    ck_assert_int_eq(GR_CARD(GR_KING, GR_SPADES), 51);
    ck_assert_int_eq(GR_CARD(GR_TEN, GR_HEARTS), 2 * 13 + 9);
    for (int c = 0; c < GR_NCARDS; c++) {
        ck_assert_int_eq(GR_CARD(GR_CARD_RANK(c), GR_CARD_SUIT(c)), c);
        ck_assert(GR_ALL_CARDS & GR_CARD_BIT(c));
    }
    ck_assert_int_eq(gr_cards_count(GR_ALL_CARDS), 52);
}
END_TEST

START_TEST(test_G2_card_points)
{
    static const int expect[13] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10 };
    for (int c = 0; c < GR_NCARDS; c++) {
        ck_assert_int_eq(gr_card_points((gr_card)c), expect[GR_CARD_RANK(c)]);
        ck_assert_int_eq(gr_cards_points(GR_CARD_BIT(c)), expect[GR_CARD_RANK(c)]);
    }
    ck_assert_int_eq(gr_card_points(52), GR_EINVAL);
    ck_assert_int_eq(gr_card_points(GR_NO_CARD), GR_EINVAL);
    ck_assert_int_eq(gr_cards_points(0), 0);
    ck_assert_int_eq(gr_cards_points(GR_ALL_CARDS), 4 * 85);
    ck_assert_int_eq(gr_cards_points(GR_CARD_BIT(52)), GR_EINVAL);
    ck_assert_int_eq(gr_cards_points(GR_ALL_CARDS | (gr_cards)1 << 63), GR_EINVAL);
    ck_assert_int_eq(gr_cards_count(0), 0);
    ck_assert_int_eq(gr_cards_count((gr_cards)1 << 60), GR_EINVAL);
}
END_TEST

START_TEST(test_G2_random_sets)
{
    test_rng rng = { 2 };
    long n = test_count(100000);
    for (long i = 0; i < n; i++) {
        gr_cards set = test_hand(&rng, test_below(&rng, 53));
        int points = 0, count = 0;
        for (int c = 0; c < GR_NCARDS; c++)
            if (set & GR_CARD_BIT(c)) {
                points += gr_card_points((gr_card)c);
                count++;
            }
        ck_assert_int_eq(gr_cards_points(set), points);
        ck_assert_int_eq(gr_cards_count(set), count);
    }
}
END_TEST

/* ---- parsing ------------------------------------------------------------- */

static int parse1(const char *text)
{
    gr_card c = 99;
    int rc = gr_card_parse(text, &c);
    return rc == GR_OK ? c : rc;
}

START_TEST(test_parse_card)
{
    ck_assert_int_eq(parse1("AS"), GR_CARD(GR_ACE, GR_SPADES));
    ck_assert_int_eq(parse1("as"), GR_CARD(GR_ACE, GR_SPADES));
    ck_assert_int_eq(parse1("aS"), GR_CARD(GR_ACE, GR_SPADES));
    ck_assert_int_eq(parse1("10h"), GR_CARD(GR_TEN, GR_HEARTS));
    ck_assert_int_eq(parse1("TH"), GR_CARD(GR_TEN, GR_HEARTS));
    ck_assert_int_eq(parse1("tS"), GR_CARD(GR_TEN, GR_SPADES));
    ck_assert_int_eq(parse1("Qd"), GR_CARD(GR_QUEEN, GR_DIAMONDS));
    ck_assert_int_eq(parse1("jc"), GR_CARD(GR_JACK, GR_CLUBS));
    ck_assert_int_eq(parse1("Kc"), GR_CARD(GR_KING, GR_CLUBS));
    ck_assert_int_eq(parse1("  7D \t\n"), GR_CARD(GR_SEVEN, GR_DIAMONDS));
    /* suit symbols, black and white */
    ck_assert_int_eq(parse1("A\u2663"), GR_CARD(GR_ACE, GR_CLUBS));       /* ♣ */
    ck_assert_int_eq(parse1("Q\u2666"), GR_CARD(GR_QUEEN, GR_DIAMONDS));  /* ♦ */
    ck_assert_int_eq(parse1("10\u2665"), GR_CARD(GR_TEN, GR_HEARTS));     /* ♥ */
    ck_assert_int_eq(parse1("k\u2660"), GR_CARD(GR_KING, GR_SPADES));     /* ♠ */
    ck_assert_int_eq(parse1("2\u2667"), GR_CARD(GR_TWO, GR_CLUBS));       /* ♧ */
    ck_assert_int_eq(parse1("3\u2662"), GR_CARD(GR_THREE, GR_DIAMONDS));  /* ♢ */
    ck_assert_int_eq(parse1("4\u2661"), GR_CARD(GR_FOUR, GR_HEARTS));     /* ♡ */
    ck_assert_int_eq(parse1("5\u2664"), GR_CARD(GR_FIVE, GR_SPADES));     /* ♤ */
}
END_TEST

START_TEST(test_parse_card_bad)
{
    static const char *const bad[] = {
        "", " ", "1S", "11S", "AX", "A", "S", "10", "AS2", "AS AH", "AS,",
        "0S", "01S", "100S", "1 0S", "A S", "XS", "BS", "KSS", "AC\u2663",
        "A\u2668", "A\u2670", "A\xE2\x99", "A\xE2", "A\xE2\x98\xA0",
        "\u2663A", "A\xC2\xA0", "10\u2665x", "-AS",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_card c = 77;
        ck_assert_msg(gr_card_parse(bad[i], &c) == GR_EPARSE, "\"%s\"", bad[i]);
        ck_assert_int_eq(c, 77);
    }
    gr_card c;
    ck_assert_int_eq(gr_card_parse(NULL, &c), GR_EINVAL);
    ck_assert_int_eq(gr_card_parse("AS", NULL), GR_EINVAL);
}
END_TEST

START_TEST(test_parse_cards)
{
    gr_cards set = 1;
    ck_assert_int_eq(gr_cards_parse("AS as", &set), GR_EINVAL);
    ck_assert_int_eq(set, 1);

    ck_assert_int_eq(gr_cards_parse("AS 10s, Qd", &set), GR_OK);
    ck_assert(set == (GR_CARD_BIT(GR_CARD(GR_ACE, GR_SPADES))
                      | GR_CARD_BIT(GR_CARD(GR_TEN, GR_SPADES))
                      | GR_CARD_BIT(GR_CARD(GR_QUEEN, GR_DIAMONDS))));
    ck_assert_int_eq(gr_cards_parse("", &set), GR_OK);
    ck_assert(set == 0);
    set = 5;
    ck_assert_int_eq(gr_cards_parse(" \t,, ,\n", &set), GR_OK);
    ck_assert(set == 0);
    ck_assert_int_eq(gr_cards_parse(",AC,2C,,3C,", &set), GR_OK);
    ck_assert(set == 7);
    ck_assert_int_eq(gr_cards_parse("AC\t2C\n3C\r\v\f4C", &set), GR_OK);
    ck_assert(set == 15);
    ck_assert_int_eq(gr_cards_parse("A\u2663 2\u2667,3c", &set), GR_OK);
    ck_assert(set == 7);

    /* the whole deck, every spelling of ten */
    ck_assert_int_eq(gr_cards_parse(
        "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC "
        "ad 2d 3d 4d 5d 6d 7d 8d 9d td jd qd kd "
        "A\u2665 2\u2665 3\u2665 4\u2665 5\u2665 6\u2665 7\u2665 8\u2665 "
        "9\u2665 T\u2665 J\u2665 Q\u2665 K\u2665 "
        "AS,2S,3S,4S,5S,6S,7S,8S,9S,tS,JS,QS,KS", &set), GR_OK);
    ck_assert(set == GR_ALL_CARDS);

    /* bad tokens: GR_EPARSE; duplicates: GR_EINVAL; *out untouched */
    static const char *const bad[] = {
        "1S", "11S", "AX", "A", "S", "10", "AS2", "AS 1S", "AS;2S", "AS 2S x",
        "AS.", "A S", "2S-3S",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        set = 3;
        ck_assert_msg(gr_cards_parse(bad[i], &set) == GR_EPARSE, "\"%s\"", bad[i]);
        ck_assert(set == 3);
    }
    static const char *const dup[] = {
        "AS AS", "as AS", "10h th", "TH,10H", "K\u2660 ks", "2\u2667 2C",
        "3\u2661 3\u2665",
    };
    for (size_t i = 0; i < sizeof dup / sizeof dup[0]; i++) {
        set = 3;
        ck_assert_msg(gr_cards_parse(dup[i], &set) == GR_EINVAL, "\"%s\"", dup[i]);
        ck_assert(set == 3);
    }
    /* the first problem decides */
    ck_assert_int_eq(gr_cards_parse("AS AS 1S", &set), GR_EINVAL);
    ck_assert_int_eq(gr_cards_parse("1S AS AS", &set), GR_EPARSE);
    ck_assert_int_eq(gr_cards_parse(NULL, &set), GR_EINVAL);
    ck_assert_int_eq(gr_cards_parse("AS", NULL), GR_EINVAL);
}
END_TEST

/* ---- formatting ---------------------------------------------------------- */

START_TEST(test_format_card_all)
{
    for (int c = 0; c < GR_NCARDS; c++) {
        char want[8], buf[8];
        snprintf(want, sizeof want, "%s%c", rank_text[GR_CARD_RANK(c)],
                 suit_text[GR_CARD_SUIT(c)]);
        ck_assert_int_eq(gr_card_format((gr_card)c, buf, sizeof buf),
                         (int)strlen(want));
        ck_assert_str_eq(buf, want);
        ck_assert_int_eq(parse1(buf), c);
        ck_assert_int_eq(gr_card_format((gr_card)c, NULL, 0), (int)strlen(want));
    }
    char buf[4] = "xyz";
    ck_assert_int_eq(gr_card_format(52, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_card_format(GR_NO_CARD, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_card_format(0, NULL, 1), GR_EINVAL);
    ck_assert_str_eq(buf, "xyz");
}
END_TEST

/* Every buffer size from 0 to the full length + 2: snprintf semantics, no
 * byte written past size (the guard bytes stay), NUL-terminated. */
static void check_sizes_card(gr_card card, const char *want)
{
    int len = (int)strlen(want);
    for (int size = 0; size <= len + 2; size++) {
        char buf[16];
        memset(buf, '#', sizeof buf);
        ck_assert_int_eq(gr_card_format(card, buf, (size_t)size), len);
        if (size == 0) {
            ck_assert_int_eq(buf[0], '#');
            continue;
        }
        int kept = size - 1 < len ? size - 1 : len;
        ck_assert_int_eq(memcmp(buf, want, (size_t)kept), 0);
        ck_assert_int_eq(buf[kept], '\0');
        for (int i = size; i < (int)sizeof buf; i++)
            ck_assert_int_eq(buf[i], '#');
    }
}

static void check_sizes_cards(gr_cards cards, const char *want)
{
    int len = (int)strlen(want);
    char *buf = malloc((size_t)len + 8);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(gr_cards_format(cards, NULL, 0), len);
    for (int size = 0; size <= len + 2; size++) {
        memset(buf, '#', (size_t)len + 8);
        ck_assert_int_eq(gr_cards_format(cards, buf, (size_t)size), len);
        if (size == 0) {
            ck_assert_int_eq(buf[0], '#');
            continue;
        }
        int kept = size - 1 < len ? size - 1 : len;
        ck_assert_int_eq(memcmp(buf, want, (size_t)kept), 0);
        ck_assert_int_eq(buf[kept], '\0');
        for (int i = size; i < len + 8; i++)
            ck_assert_int_eq(buf[i], '#');
    }
    free(buf);
}

START_TEST(test_format_sizes)
{
    check_sizes_card(GR_CARD(GR_ACE, GR_CLUBS), "AC");
    check_sizes_card(GR_CARD(GR_TEN, GR_HEARTS), "10H");
    check_sizes_card(GR_CARD(GR_KING, GR_SPADES), "KS");
    check_sizes_cards(0, "");
    check_sizes_cards(GR_CARD_BIT(GR_CARD(GR_TEN, GR_DIAMONDS)), "10D");
    check_sizes_cards(0x7, "AC 2C 3C");
    gr_cards set;
    ck_assert_int_eq(gr_cards_parse("KS 10D AC 2C", &set), GR_OK);
    check_sizes_cards(set, "AC 2C 10D KS");
}
END_TEST

START_TEST(test_format_cards)
{
    char buf[256];
    ck_assert_int_eq(gr_cards_format(GR_ALL_CARDS, buf, sizeof buf), 52 * 3 + 4 - 1);
    ck_assert_str_eq(buf,
        "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC "
        "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD "
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS");
    check_sizes_cards(GR_ALL_CARDS, buf);

    strcpy(buf, "keep");
    ck_assert_int_eq(gr_cards_format(GR_CARD_BIT(52), buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_cards_format((gr_cards)1 << 63, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_cards_format(1, NULL, 4), GR_EINVAL);
    ck_assert_str_eq(buf, "keep");
    ck_assert_int_eq(gr_cards_format(0, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "");
}
END_TEST

START_TEST(test_format_parse_round_trip)
{
    test_rng rng = { 7 };
    long n = test_count(50000);
    for (long i = 0; i < n; i++) {
        gr_cards set = test_hand(&rng, test_below(&rng, 53));
        char buf[200];
        int len = gr_cards_format(set, buf, sizeof buf);
        ck_assert_int_ge(len, 0);
        ck_assert_int_lt(len, (int)sizeof buf);
        ck_assert_int_eq((int)strlen(buf), len);
        gr_cards back = ~(gr_cards)0;
        ck_assert_int_eq(gr_cards_parse(buf, &back), GR_OK);
        ck_assert(back == set);
        /* expected length: 2 chars a card, 3 for tens, spaces between */
        int count = gr_cards_count(set), tens = 0;
        for (int s = 0; s < 4; s++)
            tens += (set & GR_CARD_BIT(GR_CARD(GR_TEN, s))) != 0;
        ck_assert_int_eq(len, count == 0 ? 0 : 3 * count - 1 + tens);
        ck_assert_int_eq(gr_cards_format(set, NULL, 0), len);
        if (len > 0) {
            /* one byte short: truncated, still a prefix */
            char small[200];
            ck_assert_int_eq(gr_cards_format(set, small, (size_t)len), len);
            ck_assert_int_eq((int)strlen(small), len - 1);
            ck_assert_int_eq(strncmp(small, buf, (size_t)len - 1), 0);
        }
    }
}
END_TEST

/* ---- status codes and version (error.c) ---------------------------------- */

START_TEST(test_strerror)
{
    static const int codes[] = {
        GR_OK, GR_EINVAL, GR_ESTATE, GR_EILLEGAL, GR_ENOMEM, GR_ESPACE, GR_EPARSE
    };
    const char *unknown = gr_strerror(-1000);
    ck_assert_ptr_nonnull(unknown);
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *s = gr_strerror(codes[i]);
        ck_assert_ptr_nonnull(s);
        ck_assert_int_gt((int)strlen(s), 0);
        ck_assert_str_ne(s, unknown);
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(s, gr_strerror(codes[j]));
    }
    static const int odd[] = { 1, 7, -7, 100, -100, 1 << 30, -(1 << 30),
                               2147483647, -2147483647 - 1 };
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        ck_assert_ptr_nonnull(gr_strerror(odd[i]));
        ck_assert_str_eq(gr_strerror(odd[i]), unknown);
    }
    /* the codes themselves are part of the ABI */
    ck_assert_int_eq(GR_OK, 0);
    ck_assert_int_eq(GR_EINVAL, -1);
    ck_assert_int_eq(GR_ESTATE, -2);
    ck_assert_int_eq(GR_EILLEGAL, -3);
    ck_assert_int_eq(GR_ENOMEM, -4);
    ck_assert_int_eq(GR_ESPACE, -5);
    ck_assert_int_eq(GR_EPARSE, -6);
}
END_TEST

START_TEST(test_version)
{
    ck_assert_ptr_nonnull(gr_version());
    ck_assert_str_eq(gr_version(), GR_VERSION_STRING);
    ck_assert_int_eq(gr_version_number(), GR_VERSION_NUMBER);
    ck_assert_int_eq(GR_VERSION_NUMBER,
                     GR_VERSION_MAJOR * 10000 + GR_VERSION_MINOR * 100
                     + GR_VERSION_PATCH);
    char want[64];
    snprintf(want, sizeof want, "%d.%d.%d", GR_VERSION_MAJOR, GR_VERSION_MINOR,
             GR_VERSION_PATCH);
    ck_assert_str_eq(gr_version(), want);
}
END_TEST

static Suite *cards_suite(void)
{
    Suite *s = suite_create("cards");
    TCase *tc = tcase_create("cards");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_G1_card_encoding);
    tcase_add_test(tc, test_G2_card_points);
    tcase_add_test(tc, test_G2_random_sets);
    tcase_add_test(tc, test_parse_card);
    tcase_add_test(tc, test_parse_card_bad);
    tcase_add_test(tc, test_parse_cards);
    tcase_add_test(tc, test_format_card_all);
    tcase_add_test(tc, test_format_sizes);
    tcase_add_test(tc, test_format_cards);
    tcase_add_test(tc, test_format_parse_round_trip);
    suite_add_tcase(s, tc);

    TCase *te = tcase_create("errors");
    tcase_add_test(te, test_strerror);
    tcase_add_test(te, test_version);
    suite_add_tcase(s, te);
    return s;
}

int main(void)
{
    return test_run_suite(cards_suite());
}
