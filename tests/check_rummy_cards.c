/*
 * check_rummy_cards.c: basic Rummy cards (R1, R7) and table melds (R3, R5):
 * hands with duplicates and jokers, their text form, points, meld kinds,
 * and bad input for every function.
 */
#include <check.h>
#include <string.h>

#include <ginrummy.h>

#include "testutil.h"
#include "rummy_testutil.h"

START_TEST(test_R1_parse_duplicates_and_jokers)
{
    gr_rummy_hand h = H("7H 7h JK 2C * \xF0\x9F\x83\x8F");
    ck_assert_int_eq(gr_rummy_hand_count(&h), 6);
    ck_assert_int_eq(h.jokers, 3);
    ck_assert_int_eq(gr_rummy_hand_holds(&h, GR_CARD(GR_SEVEN, GR_HEARTS)), 2);
    ck_assert_int_eq(gr_rummy_hand_holds(&h, GR_CARD(GR_TWO, GR_CLUBS)), 1);
    ck_assert_int_eq(gr_rummy_hand_holds(&h, GR_RUMMY_JOKER), 3);
    char buf[64];
    ck_assert_int_eq(gr_rummy_hand_format(&h, buf, sizeof buf), 17);
    ck_assert_str_eq(buf, "2C 7H 7H JK JK JK");
    gr_rummy_hand e = H("  , ");
    ck_assert_int_eq(gr_rummy_hand_count(&e), 0);
    ck_assert_int_eq(gr_rummy_hand_format(&e, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "");
}
END_TEST

START_TEST(test_R1_third_copy_and_ninth_joker_refused)
{
    gr_rummy_hand h;
    size_t bad = 99;
    ck_assert_int_eq(gr_rummy_hand_parse("7H 7H 2C 7H", &h, &bad), GR_EINVAL);
    ck_assert_int_eq((int)bad, 9);
    ck_assert_int_eq(gr_rummy_hand_parse("JK JK JK JK JK JK JK JK *", &h, &bad), GR_EINVAL);
    ck_assert_int_eq((int)bad, 24);
    ck_assert_int_eq(gr_rummy_hand_parse("7H XX", &h, &bad), GR_EPARSE);
    ck_assert_int_eq((int)bad, 3);
    ck_assert_int_eq(gr_rummy_hand_parse("7H JKX", &h, NULL), GR_EPARSE);
    h = H("7H 7H");
    ck_assert_int_eq(gr_rummy_hand_add(&h, GR_CARD(GR_SEVEN, GR_HEARTS)), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_count(&h), 2);
}
END_TEST

START_TEST(test_R1_fits_decks)
{
    gr_rummy_hand h = H("7H 7H JK");
    ck_assert_int_eq(gr_rummy_hand_fits(&h, 2, 1), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_fits(&h, 1, 4), GR_EINVAL);   /* a duplicate */
    ck_assert_int_eq(gr_rummy_hand_fits(&h, 2, 0), GR_EINVAL);   /* no jokers */
    gr_rummy_hand j = H("JK JK JK 2C");
    ck_assert_int_eq(gr_rummy_hand_fits(&j, 1, 2), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_fits(&j, 1, 3), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_fits(&j, 2, 2), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_fits(&j, 3, 2), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_fits(&j, 1, 5), GR_EINVAL);
}
END_TEST

START_TEST(test_R1_add_remove)
{
    gr_rummy_hand h = { 0, 0, 0 };
    ck_assert_int_eq(gr_rummy_hand_add(&h, 5), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_add(&h, 5), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_add(&h, GR_RUMMY_JOKER), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_remove(&h, 5), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_holds(&h, 5), 1);
    ck_assert_int_eq(gr_rummy_hand_remove(&h, 6), GR_EILLEGAL);
    ck_assert_int_eq(gr_rummy_hand_remove(&h, GR_RUMMY_JOKER), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_remove(&h, GR_RUMMY_JOKER), GR_EILLEGAL);
    ck_assert_int_eq(gr_rummy_hand_remove(&h, 5), GR_OK);
    ck_assert(h.once == 0 && h.twice == 0 && h.jokers == 0);
    for (int i = 0; i < GR_RUMMY_MAX_JOKERS; i++)
        ck_assert_int_eq(gr_rummy_hand_add(&h, GR_RUMMY_JOKER), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_add(&h, GR_RUMMY_JOKER), GR_EINVAL);
    ck_assert_int_eq(h.jokers, 8);
}
END_TEST

START_TEST(test_R7_points)
{
    ck_assert_int_eq(gr_rummy_card_points(GR_RUMMY_JOKER, 0), 15);
    ck_assert_int_eq(gr_rummy_card_points(GR_CARD(GR_ACE, GR_SPADES), 0), 1);
    ck_assert_int_eq(gr_rummy_card_points(GR_CARD(GR_ACE, GR_SPADES), GR_RUMMY_ACE_HIGH), 11);
    ck_assert_int_eq(gr_rummy_card_points(GR_CARD(GR_KING, GR_CLUBS), 0), 10);
    ck_assert_int_eq(gr_rummy_card_points(GR_CARD(GR_SEVEN, GR_CLUBS), GR_RUMMY_ACE_HIGH), 7);
    gr_rummy_hand h = H("AS AS KD 7H JK");
    ck_assert_int_eq(gr_rummy_hand_points(&h, 0), 1 + 1 + 10 + 7 + 15);
    ck_assert_int_eq(gr_rummy_hand_points(&h, GR_RUMMY_ACE_HIGH), 11 + 11 + 10 + 7 + 15);
}
END_TEST

START_TEST(test_R1_card_text)
{
    gr_card c;
    ck_assert_int_eq(gr_rummy_card_parse(" jk ", &c), GR_OK);
    ck_assert_int_eq(c, GR_RUMMY_JOKER);
    ck_assert_int_eq(gr_rummy_card_parse("*", &c), GR_OK);
    ck_assert_int_eq(c, GR_RUMMY_JOKER);
    ck_assert_int_eq(gr_rummy_card_parse("10h", &c), GR_OK);
    ck_assert_int_eq(c, GR_CARD(GR_TEN, GR_HEARTS));
    ck_assert_int_eq(gr_rummy_card_parse("JK JK", &c), GR_EPARSE);
    char buf[8];
    ck_assert_int_eq(gr_rummy_card_format(GR_RUMMY_JOKER, buf, sizeof buf), 2);
    ck_assert_str_eq(buf, "JK");
    ck_assert_int_eq(gr_rummy_card_format(GR_CARD(GR_TEN, GR_SPADES), buf, 3), 3);
    ck_assert_str_eq(buf, "10");
    ck_assert_int_eq(gr_rummy_card_format(0, NULL, 0), 2);
}
END_TEST

START_TEST(test_R3_meld_kinds)
{
    ck_assert_int_eq(gr_rummy_meld_kind(&(gr_rummy_meld){ 0, 0 }, 0), 0);
    gr_rummy_meld m = M("AH 2H 3H");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_RUN);
    ck_assert_int_eq(gr_rummy_meld_kind(&m, GR_RUMMY_ACE_HIGH), GR_MELD_RUN);
    m = M("QH KH AH");   /* Q-K-A only with ace high */
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), 0);
    ck_assert_int_eq(gr_rummy_meld_kind(&m, GR_RUMMY_ACE_HIGH), GR_MELD_RUN);
    m = M("KH AH 2H");   /* K-A-2 never */
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), 0);
    ck_assert_int_eq(gr_rummy_meld_kind(&m, GR_RUMMY_ACE_HIGH), 0);
    m = M("7C 7D 7S");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_SET);
    m = M("7C 7D 7S 7H");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_SET);
    m = M("7C 7D");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), 0);
    m = M("7C 8D 9C");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), 0);
    /* the whole suit, ace low; with ace high the ace is still low only */
    m = M("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, GR_RUMMY_ACE_HIGH), GR_MELD_RUN);
}
END_TEST

START_TEST(test_R3_set_never_two_identical)
{
    /* a set holds distinct faces: "7H 7H 7C" is not a meld text */
    gr_rummy_meld m;
    size_t bad = 0;
    ck_assert_int_eq(gr_rummy_meld_parse("7H 7H 7C", &m, &bad), GR_EINVAL);
    ck_assert_int_eq((int)bad, 3);
    /* nor can the hand meld them: 7H 7H 7C is no meld */
    gr_rummy_hand h = H("7H 7H 7C");
    ck_assert_int_eq(gr_rummy_value(&h, 0), 21);
}
END_TEST

/* R3 (ace high): a run through the ace is written in play order, Q-K-A
 * and J-Q-K-A, wherever a meld is written; both orders are read */
START_TEST(test_R3_ace_high_run_in_play_order)
{
    static const char *const cases[][2] = {
        { "AH QH KH", "QH KH AH" },
        { "JH AH QH KH", "JH QH KH AH" },
        { "QS KS JK=AS", "QS KS JK=AS" },
        { "JK=AS QS KS", "QS KS JK=AS" },
        { "AH 2H 3H", "AH 2H 3H" },                       /* ace low */
        { "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",      /* A..K: low */
          "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD" },
        { "AC AD AH", "AC AD AH" },                       /* a set */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_rummy_meld m, back;
        char buf[128];
        ck_assert_int_eq(gr_rummy_meld_parse(cases[i][0], &m, NULL), GR_OK);
        gr_rummy_meld_format(&m, buf, sizeof buf);
        ck_assert_str_eq(buf, cases[i][1]);
        ck_assert_int_eq(gr_rummy_meld_parse(buf, &back, NULL), GR_OK);
        ck_assert(back.cards == m.cards && back.jokers == m.jokers);
    }
}
END_TEST

START_TEST(test_R5_joker_melds)
{
    gr_rummy_meld m = M("3H 4H JK=5H 6H");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_RUN);
    ck_assert(m.jokers == GR_CARD_BIT(GR_CARD(GR_FIVE, GR_HEARTS)));
    char buf[64];
    gr_rummy_meld_format(&m, buf, sizeof buf);
    ck_assert_str_eq(buf, "3H 4H JK=5H 6H");
    m = M("JK=2H 3H 4H");   /* joker at the low end */
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_RUN);
    m = M("3H 4H *=5H");    /* at the high end */
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_RUN);
    m = M("3H JK=4H JK=5H");   /* two jokers in one meld */
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_RUN);
    m = M("3C 3D JK=3S");
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), GR_MELD_SET);
    m = M("JK=3C JK=3D JK=3S");   /* jokers only: refused */
    ck_assert_int_eq(gr_rummy_meld_kind(&m, 0), 0);
    ck_assert_int_eq(gr_rummy_meld_parse("3C JK", &m, NULL), GR_EPARSE);
    ck_assert_int_eq(gr_rummy_meld_parse("3C XX=4C", &m, NULL), GR_EPARSE);
}
END_TEST

START_TEST(test_bad_input)
{
    gr_rummy_hand h = H("7H"), bad1 = { 0, 1, 0 }, bad2 = { (gr_cards)1 << 60, 0, 0 },
                  bad3 = { 0, 0, 9 }, bad4 = { 0, 0, -1 };
    const gr_rummy_hand *bads[] = { NULL, &bad1, &bad2, &bad3, &bad4 };
    char buf[8];
    gr_card c;
    for (int i = 0; i < 5; i++) {
        const gr_rummy_hand *b = bads[i];
        ck_assert_int_eq(gr_rummy_hand_check(b), GR_EINVAL);
        ck_assert_int_eq(gr_rummy_hand_fits(b, 2, 4), GR_EINVAL);
        ck_assert_int_eq(gr_rummy_hand_format(b, buf, sizeof buf), GR_EINVAL);
        ck_assert_int_eq(gr_rummy_hand_count(b), GR_EINVAL);
        ck_assert_int_eq(gr_rummy_hand_points(b, 0), GR_EINVAL);
        ck_assert_int_eq(gr_rummy_hand_holds(b, 0), GR_EINVAL);
        if (b != NULL) {
            gr_rummy_hand copy = *b;
            ck_assert_int_eq(gr_rummy_hand_add(&copy, 0), GR_EINVAL);
            ck_assert_int_eq(gr_rummy_hand_remove(&copy, 0), GR_EINVAL);
            ck_assert(copy.once == b->once && copy.twice == b->twice && copy.jokers == b->jokers);
        } else {
            ck_assert_int_eq(gr_rummy_hand_add(NULL, 0), GR_EINVAL);
            ck_assert_int_eq(gr_rummy_hand_remove(NULL, 0), GR_EINVAL);
        }
    }
    ck_assert_int_eq(gr_rummy_hand_check(&h), GR_OK);
    ck_assert_int_eq(gr_rummy_hand_points(&h, 2), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_holds(&h, 53), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_add(&h, 53), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_remove(&h, 53), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_format(&h, NULL, 4), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_fits(&h, 0, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_fits(&h, 1, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_card_points(53, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_card_points(0, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_card_parse(NULL, &c), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_card_parse("AS", NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_card_parse("", &c), GR_EPARSE);
    ck_assert_int_eq(gr_rummy_card_format(53, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_card_format(0, NULL, 1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_parse(NULL, &h, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_hand_parse("AS", NULL, NULL), GR_EINVAL);
    gr_rummy_hand keep = h;
    ck_assert_int_eq(gr_rummy_hand_parse("AS ZZ", &h, NULL), GR_EPARSE);
    ck_assert(keep.once == h.once && keep.twice == h.twice && keep.jokers == h.jokers);

    gr_rummy_meld m;
    ck_assert_int_eq(gr_rummy_meld_parse(NULL, &m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_parse("AS", NULL, NULL), GR_EINVAL);
    gr_rummy_meld bm1 = { 1, 2 }, bm2 = { (gr_cards)1 << 55, 0 };
    ck_assert_int_eq(gr_rummy_meld_kind(NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_kind(&bm1, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_kind(&bm2, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_kind(&(gr_rummy_meld){ 7, 0 }, 4), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_format(NULL, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_format(&bm1, buf, sizeof buf), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_format(&(gr_rummy_meld){ 7, 0 }, NULL, 2), GR_EINVAL);
}
END_TEST

/* parse(format(h)) == h on random hands, both decks */
START_TEST(test_R1_text_round_trip)
{
    test_rng r = { 1401 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        gr_rummy_hand h = { 0, 0, test_below(&r, 9) };
        int k = test_below(&r, 40);
        for (int j = 0; j < k; j++)
            gr_rummy_hand_add(&h, (gr_card)test_below(&r, 52));
        char buf[512];
        int len = gr_rummy_hand_format(&h, buf, sizeof buf);
        ck_assert_int_lt(len, (int)sizeof buf);
        ck_assert_int_eq(len, gr_rummy_hand_format(&h, NULL, 0));
        gr_rummy_hand back;
        ck_assert_int_eq(gr_rummy_hand_parse(buf, &back, NULL), GR_OK);
        ck_assert(back.once == h.once && back.twice == h.twice && back.jokers == h.jokers);
        ck_assert_int_eq(gr_rummy_hand_count(&h), gr_rummy_hand_count(&back));
    }
}
END_TEST

/* random texts made of card-like pieces and noise: never a crash, only
 * the documented codes, and what parses formats back to itself */
START_TEST(test_R1_R5_random_text)
{
    static const char *const pieces[] = {
        "7H", "7h", "10S", "JK", "jk", "*", "\xF0\x9F\x83\x8F", "=", "JK=5C", "*=QD",
        " ", ",", "\t", "X", "1", "10", "AS", "=7H", "JK=", "JK=JK", "\xE2\x99\xA0", "K"
    };
    test_rng r = { 0x7E47 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        char text[128] = "";
        int k = test_below(&r, 12);
        for (int j = 0; j < k; j++)
            strcat(text, pieces[test_below(&r, (int)(sizeof pieces / sizeof pieces[0]))]);
        gr_rummy_hand h;
        size_t bad = (size_t)-1;
        int rc = gr_rummy_hand_parse(text, &h, &bad);
        ck_assert(rc == GR_OK || rc == GR_EPARSE || rc == GR_EINVAL);
        if (rc != GR_OK)
            ck_assert_uint_lt(bad, strlen(text));
        else {
            char buf[256];
            gr_rummy_hand back;
            ck_assert_int_lt(gr_rummy_hand_format(&h, buf, sizeof buf), (int)sizeof buf);
            ck_assert_int_eq(gr_rummy_hand_parse(buf, &back, NULL), GR_OK);
            ck_assert(back.once == h.once && back.twice == h.twice && back.jokers == h.jokers);
        }
        gr_rummy_meld m;
        bad = (size_t)-1;
        rc = gr_rummy_meld_parse(text, &m, &bad);
        ck_assert(rc == GR_OK || rc == GR_EPARSE || rc == GR_EINVAL);
        if (rc != GR_OK)
            ck_assert_uint_lt(bad, strlen(text));
        else {
            char buf[256];
            gr_rummy_meld back;
            ck_assert_int_lt(gr_rummy_meld_format(&m, buf, sizeof buf), (int)sizeof buf);
            ck_assert_int_eq(gr_rummy_meld_parse(buf, &back, NULL), GR_OK);
            ck_assert(back.cards == m.cards && back.jokers == m.jokers);
            ck_assert_int_ge(gr_rummy_meld_kind(&m, GR_RUMMY_ACE_HIGH), 0);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rummy_cards");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_R1_parse_duplicates_and_jokers);
    tcase_add_test(tc, test_R3_ace_high_run_in_play_order);
    tcase_add_test(tc, test_R1_third_copy_and_ninth_joker_refused);
    tcase_add_test(tc, test_R1_fits_decks);
    tcase_add_test(tc, test_R1_add_remove);
    tcase_add_test(tc, test_R7_points);
    tcase_add_test(tc, test_R1_card_text);
    tcase_add_test(tc, test_R3_meld_kinds);
    tcase_add_test(tc, test_R3_set_never_two_identical);
    tcase_add_test(tc, test_R5_joker_melds);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_R1_text_round_trip);
    tcase_add_test(tc, test_R1_R5_random_text);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
