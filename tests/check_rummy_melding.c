/*
 * check_rummy_melding.c: least unmelded value and best arrangement of a
 * Rummy hand (R3, R5, R7), against the brute force of oracle_rummy.c on
 * random hands (one and two decks, 0-4 jokers, both ace options) and on
 * dense hands and hands rich in aces; the slowest ace-high hands found;
 * hand-written cases by rule id; bad input.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include <ginrummy.h>

#include "oracle_rummy.h"
#include "rummy_hostile.h"
#include "testutil.h"
#include "rummy_testutil.h"
#include "rummy_aces.h"

/* value, arrangement and its check agree; every meld legal by the oracle */
static int arranged(const gr_rummy_hand *h, int flags)
{
    gr_rummy_arrangement a;
    memset(&a, 0x5A, sizeof a);
    int v = gr_rummy_arrange(h, flags, &a);
    ck_assert_int_ge(v, 0);
    ck_assert_int_eq(gr_rummy_arrangement_check(h, flags, &a), GR_OK);
    ck_assert_int_eq(a.unmelded_points, v);
    for (int i = 0; i < a.nmelds; i++)
        ck_assert(oracle_rummy_meld_ok(a.melds[i].cards, a.melds[i].jokers, flags));
    ck_assert_int_eq(gr_rummy_value(h, flags), v);
    gr_rummy_arrangement b;
    ck_assert_int_eq(gr_rummy_arrange(h, flags, &b), v);
    /* deterministic (field by field: the structs have padding) */
    ck_assert_int_eq(a.nmelds, b.nmelds);
    for (int i = 0; i < GR_RUMMY_MAX_MELDS; i++)
        ck_assert(a.melds[i].cards == b.melds[i].cards && a.melds[i].jokers == b.melds[i].jokers);
    ck_assert(a.unmelded.once == b.unmelded.once && a.unmelded.twice == b.unmelded.twice
              && a.unmelded.jokers == b.unmelded.jokers);
    return v;
}

static int value(const char *text, int flags)
{
    gr_rummy_hand h = H(text);
    int v = arranged(&h, flags);
    ck_assert_int_eq(v, oracle_rummy_value(&h, flags));
    return v;
}

START_TEST(test_R3_K_A_2_never)
{
    ck_assert_int_eq(value("KH AH 2H", 0), 13);
    ck_assert_int_eq(value("KH AH 2H", GR_RUMMY_ACE_HIGH), 23);
}
END_TEST

START_TEST(test_R3_Q_K_A_only_ace_high)
{
    ck_assert_int_eq(value("QH KH AH", 0), 21);
    ck_assert_int_eq(value("QH KH AH", GR_RUMMY_ACE_HIGH), 0);
    /* the ace at one end only: A 2 3 and Q K A need two aces */
    ck_assert_int_eq(value("AH 2H 3H QH KH", GR_RUMMY_ACE_HIGH), 5);
    ck_assert_int_eq(value("AH AH 2H 3H QH KH", GR_RUMMY_ACE_HIGH), 0);
    ck_assert_int_eq(value("AH AH 2H 3H QH KH", 0), 21);
}
END_TEST

START_TEST(test_R3_set_never_two_identical)
{
    ck_assert_int_eq(value("7H 7H 7C", 0), 21);
    ck_assert_int_eq(value("7H 7H 7C 7D", 0), 7);
    /* two decks: two sets of the same rank */
    ck_assert_int_eq(value("7H 7H 7C 7C 7D 7D", 0), 0);
    /* two identical runs */
    ck_assert_int_eq(value("4S 4S 5S 5S 6S 6S", 0), 0);
}
END_TEST

START_TEST(test_R5_joker_either_end_and_gap)
{
    ck_assert_int_eq(value("3H 4H JK", 0), 0);
    ck_assert_int_eq(value("JK 3H 5H", 0), 0);
    ck_assert_int_eq(value("QH KH JK", 0), 0);   /* the joker below the queen */
    ck_assert_int_eq(value("AH 2H JK", 0), 0);   /* the joker above the two */
    gr_rummy_hand h = H("QH KH JK");
    gr_rummy_arrangement a;
    ck_assert_int_eq(gr_rummy_arrange(&h, 0, &a), 0);
    ck_assert_int_eq(a.nmelds, 1);
    ck_assert(a.melds[0].jokers == GR_CARD_BIT(GR_CARD(GR_JACK, GR_HEARTS)));
    ck_assert_int_eq(gr_rummy_arrange(&h, GR_RUMMY_ACE_HIGH, &a), 0);
    ck_assert(a.melds[0].jokers == GR_CARD_BIT(GR_CARD(GR_ACE, GR_HEARTS)));
}
END_TEST

START_TEST(test_R5_two_jokers_one_meld)
{
    ck_assert_int_eq(value("9C JK JK", 0), 0);
    ck_assert_int_eq(value("9C 9D JK JK", 0), 0);
    ck_assert_int_eq(value("2C 6C JK JK JK", 0), 0);   /* 2 3 4 5 6 */
    ck_assert_int_eq(value("2C 7C JK JK JK", 0), 2);   /* 7C and two jokers, 2C alone */
}
END_TEST

START_TEST(test_R5_jokers_only_never_meld)
{
    ck_assert_int_eq(value("JK JK JK", 0), 45);
    ck_assert_int_eq(value("JK JK JK JK JK JK JK JK", GR_RUMMY_ACE_HIGH), 120);
    ck_assert_int_eq(value("JK JK JK 2C", 0), 0);
    gr_rummy_hand h = H("JK JK JK");
    gr_rummy_arrangement a;
    ck_assert_int_eq(gr_rummy_arrange(&h, 0, &a), 45);
    ck_assert_int_eq(a.nmelds, 0);
    ck_assert_int_eq(a.unmelded.jokers, 3);
}
END_TEST

START_TEST(test_R5_extra_jokers_with_full_runs)
{
    /* the whole suit and a joker: a run of 13 has no room, so it splits */
    ck_assert_int_eq(value("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", 0), 0);
    ck_assert_int_eq(value("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK JK JK JK JK", 0), 0);
    /* sets only: a full set takes no joker */
    ck_assert_int_eq(value("5C 5D 5H 5S JK", 0), 5);   /* 5C 5D 5H JK=5S, 5S left */
    ck_assert_int_eq(value("5C 5D 5H 5S", 0), 0);
    /* every natural in sets that need no joker and no run left to hold
     * the jokers (the quick "everything melds" check must not say so) */
    ck_assert_int_eq(value("10C 10D 10H JK JK", 0), 10);
    ck_assert_int_eq(value("10C 10D 10H JK JK", GR_RUMMY_ACE_HIGH), 10);
    ck_assert_int_eq(value("5C 5D 5H 5S 5C 5D 5H JK JK JK", 0), 0);
    /* runs per copy of a suit plus a set taken apart: everything melds */
    gr_rummy_hand big = H("AC AC 2C 2C 3C 3C KC KC AD 2D 2D 3D 3D KD KD AH AH 2H 2H 3H 3H"
                          " KH KH AS 2S 2S 3S 3S KS KS JK JK JK JK JK JK JK JK");
    ck_assert_int_eq(gr_rummy_value(&big, GR_RUMMY_ACE_HIGH), 0);
}
END_TEST

/* without a run, a rank may need three sets to hold the jokers: eight
 * sevens and a joker are 7C 7D 7H, 7C 7D 7S, 7H 7S JK (R3, R5), also
 * beside ranks that meld alone and from the dynamic program's size on */
START_TEST(test_R3_R5_three_sets_of_a_rank)
{
    for (int flags = 0; flags <= GR_RUMMY_ACE_HIGH; flags++) {
        ck_assert_int_eq(value("7C 7C 7D 7D 7H 7H 7S 7S JK", flags), 0);
        ck_assert_int_eq(value("AC AC AD AD AH AH AS AS JK", flags), 0);
        ck_assert_int_eq(value("7C 7C 7D 7D 7H 7H 7S 7S KC KC KD KD KH KH KS KS JK", flags), 0);
        /* three sets of two naturals (CD, CH, DH), a joker each */
        ck_assert_int_eq(value("5C 5C 5D 5D 5H 5H JK JK JK", flags), 0);
    }
}
END_TEST

START_TEST(test_R7_values)
{
    ck_assert_int_eq(value("", 0), 0);
    ck_assert_int_eq(value("AS", GR_RUMMY_ACE_HIGH), 11);
    ck_assert_int_eq(value("JK", 0), 15);
    ck_assert_int_eq(value("KS QD 10C", 0), 30);
    ck_assert_int_eq(value("AC AD AH KS", GR_RUMMY_ACE_HIGH), 10);
    ck_assert_int_eq(value("AC AD AH KS", 0), 10);
}
END_TEST

START_TEST(test_R3_R5_R7_bad_input)
{
    gr_rummy_hand h = H("7H"), bad = { 0, 1, 0 };
    gr_rummy_arrangement a;
    memset(&a, 0x33, sizeof a);
    gr_rummy_arrangement keep = a;
    ck_assert_int_eq(gr_rummy_value(NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_value(&bad, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_value(&h, 3), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_arrange(NULL, 0, &a), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_arrange(&bad, 0, &a), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_arrange(&h, 8, &a), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_arrange(&h, 0, NULL), GR_EINVAL);
    ck_assert(memcmp(&a, &keep, sizeof a) == 0);

    gr_rummy_hand r = H("3H 4H 5H 9C JK");
    ck_assert_int_eq(gr_rummy_arrange(&r, 0, &a), 9);
    ck_assert_int_eq(gr_rummy_arrangement_check(NULL, 0, &a), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_arrangement_check(&r, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_arrangement_check(&r, 9, &a), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_arrangement_check(&h, 0, &a), GR_EINVAL);   /* other hand */
    gr_rummy_arrangement b = a;
    b.reserved[3] = 1;
    ck_assert_int_eq(gr_rummy_arrangement_check(&r, 0, &b), GR_EINVAL);
    b = a;
    b.unmelded_points++;
    ck_assert_int_eq(gr_rummy_arrangement_check(&r, 0, &b), GR_EINVAL);
    b = a;
    b.nmelds = GR_RUMMY_MAX_MELDS + 1;
    ck_assert_int_eq(gr_rummy_arrangement_check(&r, 0, &b), GR_EINVAL);
    b = a;
    b.melds[5].cards = 1;
    ck_assert_int_eq(gr_rummy_arrangement_check(&r, 0, &b), GR_EINVAL);
    /* an illegal meld of the right cards: 3H 4H 5H 9C JK=10C as one "meld" */
    gr_rummy_arrangement c;
    memset(&c, 0, sizeof c);
    c.nmelds = 1;
    c.melds[0].cards = GR_CARD_BIT(GR_CARD(GR_THREE, GR_HEARTS)) | GR_CARD_BIT(GR_CARD(GR_FOUR, GR_HEARTS))
                     | GR_CARD_BIT(GR_CARD(GR_FIVE, GR_HEARTS)) | GR_CARD_BIT(GR_CARD(GR_NINE, GR_CLUBS))
                     | GR_CARD_BIT(GR_CARD(GR_TEN, GR_CLUBS));
    c.melds[0].jokers = GR_CARD_BIT(GR_CARD(GR_TEN, GR_CLUBS));
    ck_assert_int_eq(gr_rummy_arrangement_check(&r, 0, &c), GR_EILLEGAL);
}
END_TEST

/* a dense hand: n cards on a few consecutive ranks (enough for n), two
 * decks */
static gr_rummy_hand dense_hand(test_rng *r, int n, int jmax)
{
    gr_rummy_hand h = { 0, 0, test_below(r, jmax + 1) };
    int lo = test_below(r, 13), w = 2 + test_below(r, 4);
    while (8 * w < n)
        w++;
    while (n > 0) {
        gr_card f = (gr_card)(13 * test_below(r, 4) + (lo + test_below(r, w)) % 13);
        if (gr_rummy_hand_add(&h, f) == GR_OK)
            n--;
    }
    return h;
}

static void fail_hand(const gr_rummy_hand *h, int flags, int lib, int ref)
{
    char buf[512];
    gr_rummy_hand_format(h, buf, sizeof buf);
    ck_abort_msg("hand \"%s\" flags %d: library %d, oracle %d", buf, flags, lib, ref);
}

START_TEST(test_R3_R5_R7_random_vs_oracle)
{
    test_rng r = { 0x14A };
    long n = test_count(100000);
    for (long i = 0; i < n; i++) {
        int decks = 1 + (int)(i & 1), flags = (int)(i >> 1 & 1);
        gr_rummy_hand h = random_rummy_hand(&r, test_below(&r, 15), decks, 4);
        int lib = (i % 8 == 0) ? arranged(&h, flags) : gr_rummy_value(&h, flags);
        int ref = oracle_rummy_value(&h, flags);
        if (lib != ref)
            fail_hand(&h, flags, lib, ref);
    }
}
END_TEST

START_TEST(test_R3_R5_R7_dense_vs_oracle)
{
    test_rng r = { 0xDE45E };
    long n = test_count(6000);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1);
        gr_rummy_hand h = dense_hand(&r, test_below(&r, 15), 4);
        int lib = arranged(&h, flags);
        int ref = oracle_rummy_value(&h, flags);
        if (lib != ref)
            fail_hand(&h, flags, lib, ref);
    }
}
END_TEST

/* gr_rummy_value's search for hands of up to 14 naturals (melding_small.c)
 * on dense hands of up to 14 cards and 0-2 jokers against the oracle (R3,
 * R5, R7) */
START_TEST(test_R3_R5_R7_dense_search_vs_oracle)
{
    test_rng r = { 0x5A11 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1);
        gr_rummy_hand h = dense_hand(&r, 3 + test_below(&r, 12), 2);
        int lib = gr_rummy_value(&h, flags);
        int ref = oracle_rummy_value(&h, flags);
        if (lib != ref)
            fail_hand(&h, flags, lib, ref);
    }
}
END_TEST

/* a hand rich in aces: 2-8 aces of two decks, 0-6 other naturals near
 * the ends of the line (2-5 and 9-K, where runs meet the aces) or
 * anywhere, 0-4 jokers */
static gr_rummy_hand ace_hand(test_rng *r)
{
    gr_rummy_hand h = { 0, 0, test_below(r, 5) };
    int aces = 2 + test_below(r, 7), rest = test_below(r, 7), wide = test_below(r, 3) == 0;
    while (aces > 0)
        if (gr_rummy_hand_add(&h, (gr_card)(13 * test_below(r, 4))) == GR_OK)
            aces--;
    while (rest > 0) {
        int rank = wide ? 1 + test_below(r, 12) : test_below(r, 2) ? 1 + test_below(r, 4)
                                                                   : 8 + test_below(r, 5);
        if (gr_rummy_hand_add(&h, (gr_card)(13 * test_below(r, 4) + rank)) == GR_OK)
            rest--;
    }
    return h;
}

/* aces played high or low (R3): hands rich in aces and jokers, where the
 * DP keeps aces for position 13 and prunes with its bound, against the
 * oracle */
START_TEST(test_R3_R5_R7_ace_rich_vs_oracle)
{
    test_rng r = { 0xACE5 };
    long n = test_count(4000);
    for (long i = 0; i < n; i++) {
        gr_rummy_hand h = ace_hand(&r);
        int flags = (i % 4 == 3) ? 0 : GR_RUMMY_ACE_HIGH;
        int lib = (i % 4 == 0) ? arranged(&h, flags) : gr_rummy_value(&h, flags);
        int ref = oracle_rummy_value(&h, flags);
        if (lib != ref)
            fail_hand(&h, flags, lib, ref);
    }
}
END_TEST

/* the same search on dense joker-rich hands: 10 to 14 cards, 2 to 8
 * jokers, on 2 to 5 adjacent ranks (R3, R5, R7) */
START_TEST(test_R3_R5_R7_dense_jokers_vs_oracle)
{
    test_rng r = { 0x10CE };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1), k = 10 + test_below(&r, 5);
        int jokers = 2 + test_below(&r, 7);
        gr_rummy_hand h = { 0, 0, jokers };
        int lo = test_below(&r, 13), w = 2 + test_below(&r, 4);
        for (k -= jokers; k > 0;)
            if (gr_rummy_hand_add(&h, (gr_card)(13 * test_below(&r, 4)
                                                + (lo + test_below(&r, w)) % 13)) == GR_OK)
                k--;
        int lib = gr_rummy_value(&h, flags);
        int ref = oracle_rummy_value(&h, flags);
        if (lib != ref)
            fail_hand(&h, flags, lib, ref);
    }
}
END_TEST

/* the slowest ace-high hands found (bench-rummy aces times them): all
 * eight aces, jokers, and cards that cannot all meld; their values were
 * computed by the earlier search that solved every way of playing the
 * aces, and the arrangements must be legal and agree (R3, R5, R7) */
START_TEST(test_R3_R5_R7_ace_high_hostile)
{
    for (int i = 0; rummy_ace_hostile[i].hand != NULL; i++) {
        gr_rummy_hand h;
        ck_assert_int_eq(gr_rummy_hand_parse(rummy_ace_hostile[i].hand, &h, NULL), GR_OK);
        if (gr_rummy_hand_count(&h) > 30 && test_count(100) < 100)
            continue;   /* a reduced run (valgrind) takes the smaller ones */
        int v = arranged(&h, GR_RUMMY_ACE_HIGH);
        if (v != rummy_ace_hostile[i].value)
            fail_hand(&h, GR_RUMMY_ACE_HIGH, v, rummy_ace_hostile[i].value);
    }
}
END_TEST

/* the slowest hands of up to 14 cards found for gr_rummy_value
 * (tests/rummy_hostile.h; bench-rummy times them): the value against the
 * oracle and the arrangement, with either ace option (R3, R5, R7) */
START_TEST(test_R3_R5_R7_hostile_values)
{
    for (size_t i = 0; i < sizeof hostile_values / sizeof hostile_values[0]; i++)
        for (int flags = 0; flags <= GR_RUMMY_ACE_HIGH; flags++) {
            gr_rummy_hand h;
            ck_assert_int_eq(gr_rummy_hand_parse(hostile_values[i].hand, &h, NULL), GR_OK);
            ck_assert_int_le(gr_rummy_hand_count(&h), 14);
            int lib = gr_rummy_value(&h, flags), ref = oracle_rummy_value(&h, flags);
            if (lib != ref)
                fail_hand(&h, flags, lib, ref);
            ck_assert_int_eq(arranged(&h, flags), ref);
        }
}
END_TEST

/* bigger hands (up to 30 cards, 8 jokers): the arrangement is legal and
 * agrees with the value; no oracle (too slow) */
START_TEST(test_R3_R5_big_hands_consistent)
{
    test_rng r = { 0xB16 };
    long n = test_count(200);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1);
        gr_rummy_hand h = random_rummy_hand(&r, 15 + test_below(&r, 16), 2, 8);
        arranged(&h, flags);
    }
}
END_TEST

/* dense hands of 30 cards and 8 jokers (the search is largest there):
 * the arrangement is legal and agrees with the value */
START_TEST(test_R3_R5_dense_big_hands_consistent)
{
    test_rng r = { 0xB17 };
    long n = test_count(4);
    for (long i = 0; i < n; i++) {
        gr_rummy_hand h = dense_hand(&r, 30, 8);
        h.jokers = 8;
        arranged(&h, (int)(i & 1));
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rummy_melding");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_R3_K_A_2_never);
    tcase_add_test(tc, test_R3_Q_K_A_only_ace_high);
    tcase_add_test(tc, test_R3_set_never_two_identical);
    tcase_add_test(tc, test_R5_joker_either_end_and_gap);
    tcase_add_test(tc, test_R5_two_jokers_one_meld);
    tcase_add_test(tc, test_R5_jokers_only_never_meld);
    tcase_add_test(tc, test_R5_extra_jokers_with_full_runs);
    tcase_add_test(tc, test_R3_R5_three_sets_of_a_rank);
    tcase_add_test(tc, test_R7_values);
    tcase_add_test(tc, test_R3_R5_R7_bad_input);
    suite_add_tcase(s, tc);
    TCase *tr = tcase_create("random");
    tcase_set_timeout(tr, 600);
    tcase_add_test(tr, test_R3_R5_R7_random_vs_oracle);
    tcase_add_test(tr, test_R3_R5_R7_dense_vs_oracle);
    tcase_add_test(tr, test_R3_R5_R7_dense_search_vs_oracle);
    tcase_add_test(tr, test_R3_R5_R7_dense_jokers_vs_oracle);
    tcase_add_test(tr, test_R3_R5_R7_hostile_values);
    tcase_add_test(tr, test_R3_R5_R7_ace_rich_vs_oracle);
    tcase_add_test(tr, test_R3_R5_R7_ace_high_hostile);
    tcase_add_test(tr, test_R3_R5_big_hands_consistent);
    tcase_add_test(tr, test_R3_R5_dense_big_hands_consistent);
    suite_add_tcase(s, tr);
    return test_run_suite(s);
}
