/* check_layoff.c: layoff (G17, G19): gr_lay_off against the brute-force
 * oracle, hand-written cases by rule, the tie-break, gr_layoff_check, and
 * bad input. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "oracle.h"
#include "testutil.h"

#define SUIT_BITS ((gr_cards)0x1FFF)

/* ---- helpers ---------------------------------------------------------------- */

#define C(text) test_cards(text)

/* a knocker arrangement from melds separated by '|' and a deadwood text */
static void knocker_of(gr_arrangement *k, const char *melds, const char *deadwood)
{
    char buf[256];
    memset(k, 0, sizeof *k);
    snprintf(buf, sizeof buf, "%s", melds);
    for (char *tok = strtok(buf, "|"); tok; tok = strtok(NULL, "|"))
        k->melds[k->nmelds++] = C(tok);
    k->deadwood = C(deadwood);
    k->deadwood_points = gr_cards_points(k->deadwood);
}

#define all_cards(k) test_arrangement_cards(k)

static int is_run(gr_cards meld)
{
    int lo = __builtin_ctzll(meld), hi = 63 - __builtin_clzll(meld);
    return lo / 13 == hi / 13;
}

/* "k: melds / deadwood  d: defender" for failure messages */
static const char *describe(const gr_arrangement *k, gr_cards defender)
{
    static char text[512];
    char part[160];
    size_t len = 0;
    text[0] = 0;
    len += (size_t)snprintf(text + len, sizeof text - len, "knocker:");
    for (int i = 0; i < k->nmelds && len < sizeof text; i++) {
        gr_cards_format(k->melds[i], part, sizeof part);
        len += (size_t)snprintf(text + len, sizeof text - len, " [%s]", part);
    }
    gr_cards_format(k->deadwood, part, sizeof part);
    if (len < sizeof text)
        len += (size_t)snprintf(text + len, sizeof text - len, " dw {%s}", part);
    gr_cards_format(defender, part, sizeof part);
    if (len < sizeof text)
        snprintf(text + len, sizeof text - len, " defender: %s", part);
    return text;
}

/* The choice the documented tie-break makes, by brute force over the
 * oracle: least deadwood, then most cards laid off, then the smallest
 * laid_off mask.  Legality comes from oracle_layoff_valid with a defense
 * that melds nothing. */
static gr_cards expected_laid_off(const gr_arrangement *k, gr_cards defender)
{
    gr_cards near = 0;
    for (int i = 0; i < k->nmelds; i++) {
        gr_cards m = k->melds[i];
        int lo = __builtin_ctzll(m);
        if (is_run(m))
            near |= SUIT_BITS << (13 * (lo / 13));
        else if (__builtin_popcountll(m) == 3)
            near |= ((gr_cards)0x8004002001ull << (lo % 13)) & ~m;
    }
    gr_cards cand = near & defender;
    gr_cards best = 0;
    int best_dw = oracle_deadwood(defender);
    for (gr_cards sub = cand; sub; sub = (sub - 1) & cand) {
        gr_layoff d;
        memset(&d, 0, sizeof d);
        d.laid_off = sub;
        d.defender.deadwood = defender & ~sub;
        d.defender.deadwood_points = gr_cards_points(d.defender.deadwood);
        if (!oracle_layoff_valid(k, defender, &d))
            continue;
        int dw = oracle_deadwood(defender & ~sub);
        int pa = __builtin_popcountll(sub), pb = __builtin_popcountll(best);
        if (dw < best_dw || (dw == best_dw && (pa > pb || (pa == pb && sub < best)))) {
            best_dw = dw;
            best = sub;
        }
    }
    return best;
}

/* Everything gr_lay_off promises, checked on one case; returns the count. */
static int check_case(const gr_arrangement *k, gr_cards defender, int tie_break)
{
    gr_layoff out, again;
    memset(&out, 0x5A, sizeof out);
    int v = gr_lay_off(k, defender, &out);
    int o = oracle_lay_off(k, defender);
    ck_assert_msg(v == o, "gr_lay_off %d, oracle %d: %s", v, o, describe(k, defender));
    ck_assert_msg(oracle_layoff_valid(k, defender, &out), "invalid defense: %s",
                  describe(k, defender));
    ck_assert_msg(gr_layoff_check(k, defender, &out) == GR_OK,
                  "gr_layoff_check refuses gr_lay_off's defense: %s", describe(k, defender));
    ck_assert_int_eq(out.defender.deadwood_points, v);
    ck_assert((out.laid_off & ~defender) == 0);
    ck_assert(oracle_arrangement_valid(defender & ~out.laid_off, &out.defender));
    /* his melds are gr_arrange of what he keeps, as ginrummy.h promises */
    gr_arrangement his;
    ck_assert_int_eq(gr_arrange(defender & ~out.laid_off, &his), v);
    ck_assert_msg(memcmp(&his, &out.defender, sizeof his) == 0,
                  "defender's melds are not gr_arrange of his kept cards: %s",
                  describe(k, defender));
    memset(&again, 0x33, sizeof again);
    ck_assert_int_eq(gr_lay_off(k, defender, &again), v);
    ck_assert(memcmp(&out, &again, sizeof out) == 0);
    if (tie_break) {
        gr_cards want = expected_laid_off(k, defender);
        ck_assert_msg(out.laid_off == want, "tie-break: laid off %llx, want %llx: %s",
                      (unsigned long long)out.laid_off, (unsigned long long)want,
                      describe(k, defender));
    }
    return v;
}

/* a knocker built from random melds (runs of 3-5, sets of 3-4) and deadwood */
static void random_knocker(test_rng *r, gr_arrangement *k, int nmelds, int ndead)
{
    gr_cards used = 0;
    memset(k, 0, sizeof *k);
    for (int i = 0; i < nmelds; i++) {
        for (int tries = 0; tries < 50; tries++) {
            gr_cards m;
            if (test_below(r, 2)) {
                int len = 3 + test_below(r, 3);
                int start = test_below(r, 14 - len);
                m = (((gr_cards)1 << len) - 1) << (13 * test_below(r, 4) + start);
            } else {
                m = (gr_cards)0x8004002001ull << test_below(r, 13);
                if (test_below(r, 4))
                    m &= ~((gr_cards)1 << (13 * test_below(r, 4) + __builtin_ctzll(m)));
            }
            if (!(m & used)) {
                used |= m;
                k->melds[k->nmelds++] = m;
                break;
            }
        }
    }
    k->deadwood = test_hand_from(r, GR_ALL_CARDS & ~used, ndead);
    k->deadwood_points = gr_cards_points(k->deadwood);
}

/* a defender of `size` cards, mostly cards that fit the knocker's melds
 * (run neighbours up to 4 away, set 4th cards) and cards that meld with
 * those (same rank, same suit near) */
static gr_cards dense_defender(test_rng *r, const gr_arrangement *k, int size)
{
    gr_cards kc = all_cards(k), near = 0, near2 = 0;
    for (int i = 0; i < k->nmelds; i++) {
        gr_cards m = k->melds[i];
        int lo = __builtin_ctzll(m), hi = 63 - __builtin_clzll(m);
        if (is_run(m)) {
            for (int d = 1; d <= 4; d++) {
                if (lo % 13 - d >= 0)
                    near |= (gr_cards)1 << (lo - d);
                if (hi % 13 + d <= 12)
                    near |= (gr_cards)1 << (hi + d);
            }
        } else if (__builtin_popcountll(m) == 3) {
            near |= ((gr_cards)0x8004002001ull << (lo % 13)) & ~m;
        }
    }
    near &= ~kc;
    for (int c = 0; c < 52; c++)
        if (near >> c & 1) {
            near2 |= (gr_cards)0x8004002001ull << (c % 13);
            for (int d = -2; d <= 2; d++)
                if (c % 13 + d >= 0 && c % 13 + d <= 12)
                    near2 |= (gr_cards)1 << (c + d);
        }
    near2 &= ~kc & ~near;
    int avail = 52 - __builtin_popcountll(kc);
    if (size > avail)
        size = avail;
    int n1 = size - test_below(r, 3);
    gr_cards d = test_hand_from(r, near, n1 < 0 ? 0 : n1);
    int n2 = size - __builtin_popcountll(d);
    d |= test_hand_from(r, near2 & ~d, test_below(r, n2 + 1));
    int n3 = size - __builtin_popcountll(d);
    d |= test_hand_from(r, GR_ALL_CARDS & ~kc & ~d, n3);
    return d;
}

/* ---- hand-written cases ------------------------------------------------------- */

START_TEST(test_G17_fourth_card_of_set)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "7C 7D 7H | 2S 3S 4S | 10D JD QD", "AC");
    ck_assert_int_eq(gr_lay_off(&k, C("7S KC QH 9C 5H 3C 2H JS"), &out),
                     10 + 10 + 9 + 5 + 3 + 2 + 10);
    ck_assert(out.laid_off == C("7S"));
    /* and 9D/KD: both run ends of 10D JD QD */
    ck_assert_int_eq(gr_lay_off(&k, C("9D KD"), &out), 0);
    ck_assert(out.laid_off == C("9D KD"));
}
END_TEST

START_TEST(test_G17_run_low_and_high_end)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "5H 6H 7H | 9C 9D 9S", "2D");
    /* low end */
    ck_assert_int_eq(gr_lay_off(&k, C("4H KC"), &out), 10);
    ck_assert(out.laid_off == C("4H"));
    /* high end */
    ck_assert_int_eq(gr_lay_off(&k, C("8H KC"), &out), 10);
    ck_assert(out.laid_off == C("8H"));
    /* both ends, and the set's 4th card */
    ck_assert_int_eq(gr_lay_off(&k, C("4H 8H 9H KC"), &out), 10);
    ck_assert(out.laid_off == C("4H 8H 9H"));
    /* a gap breaks the chain: 10H does not touch 8H's chain without 9H */
    ck_assert_int_eq(gr_lay_off(&k, C("8H 10H"), &out), 10);
    ck_assert(out.laid_off == C("8H"));
}
END_TEST

START_TEST(test_G17_chain_three_deep)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "5H 6H 7H | 2C 3C 4C", "KS");
    /* 8H 9H 10H chain onto the run, so JH can stay in the jacks */
    ck_assert_int_eq(gr_lay_off(&k, C("8H 9H 10H JH JC JD QS"), &out), 10);
    ck_assert(out.laid_off == C("8H 9H 10H"));
    ck_assert_int_eq(out.defender.nmelds, 1);
    ck_assert(out.defender.melds[0] == C("JC JD JH"));
    /* downward, to the ace */
    ck_assert_int_eq(gr_lay_off(&k, C("4H 3H 2H AH KD"), &out), 10);
    ck_assert(out.laid_off == C("4H 3H 2H AH"));
}
END_TEST

START_TEST(test_G17_card_fits_set_and_run)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "7C 7D 7H | 8S 9S 10S", "AD");
    /* 7S fits both; only on the run can 6S chain below it */
    ck_assert_int_eq(gr_lay_off(&k, C("7S 6S 5S KC"), &out), 10);
    ck_assert(out.laid_off == C("7S 6S 5S"));
    ck_assert_int_eq(gr_lay_off(&k, C("7S 6S QD KC"), &out), 20);
    ck_assert(out.laid_off == C("7S 6S"));
}
END_TEST

START_TEST(test_G19_break_own_meld_wins)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "9H 10H JH | 2C 3C 4C", "AS");
    /* without layoff: run 6H 7H 8H, deadwood 6C 6D KS = 22 (or 6s set: 25);
     * lay off 8H 7H, keep 6C 6D 6H as a set: deadwood KS = 10 */
    gr_cards d = C("6H 7H 8H 6C 6D KS");
    ck_assert_int_eq(gr_deadwood(d), 22);
    ck_assert_int_eq(gr_lay_off(&k, d, &out), 10);
    ck_assert(out.laid_off == C("7H 8H"));
    ck_assert_int_eq(out.defender.nmelds, 1);
    ck_assert(out.defender.melds[0] == C("6C 6D 6H"));
    ck_assert(out.defender.deadwood == C("KS"));
}
END_TEST

START_TEST(test_G19_break_own_meld_worse)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "8C 8D 8S | 2C 3C 4C", "AS");
    /* 8H fits the set, but taking it from 8H 9H 10H leaves 19 deadwood */
    gr_cards d = C("8H 9H 10H KS 5D");
    ck_assert_int_eq(gr_lay_off(&k, d, &out), 15);
    ck_assert(out.laid_off == 0);
    ck_assert_int_eq(out.defender.nmelds, 1);
    ck_assert(out.defender.melds[0] == C("8H 9H 10H"));
    /* with 8H 9H 10H JH he can lay 8H off and keep 9H 10H JH */
    ck_assert_int_eq(gr_lay_off(&k, C("8H 9H 10H JH KS"), &out), 10);
    ck_assert(out.laid_off == C("8H"));
}
END_TEST

START_TEST(test_G17_no_layoff_on_four_card_set)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "7C 7D 7H 7S | 2C 3C 4C", "AS");
    /* 6C, 8D are next to set cards in suit, but a set takes no run cards */
    ck_assert_int_eq(gr_lay_off(&k, C("6C 8D 6S 8H"), &out), 28);
    ck_assert(out.laid_off == 0);
    out.laid_off = C("6C");
    out.defender.deadwood = C("8D 6S 8H");
    out.defender.deadwood_points = 22;
    ck_assert_int_eq(gr_layoff_check(&k, C("6C 8D 6S 8H"), &out), GR_EILLEGAL);
}
END_TEST

START_TEST(test_G17_ace_low_limits)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "AS 2S 3S | JC QC KC", "5D");
    /* nothing below an ace, nothing above a king: not KS or AC (no
     * wrap-around), not KH or AD (the next card numbers, other suits) */
    gr_cards hand = C("KS AC KH AD");
    ck_assert_int_eq(gr_lay_off(&k, hand, &out), 22);
    ck_assert(out.laid_off == 0);
    ck_assert_int_eq(gr_lay_off(&k, hand | C("4S 10C"), &out), 22);
    ck_assert(out.laid_off == C("4S 10C"));
    for (int c = 0; c < GR_NCARDS; c++) {
        if (!(hand & GR_CARD_BIT(c)))
            continue;
        memset(&out, 0, sizeof out);
        out.laid_off = GR_CARD_BIT(c);
        out.defender.deadwood = hand & ~GR_CARD_BIT(c);
        out.defender.deadwood_points = gr_cards_points(out.defender.deadwood);
        ck_assert_int_eq(gr_layoff_check(&k, hand, &out), GR_EILLEGAL);
    }
}
END_TEST

START_TEST(test_G17_two_runs_same_suit)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "2S 3S 4S | 8S 9S 10S", "KD");
    /* 5S on the low run, 7S on the high one */
    ck_assert_int_eq(gr_lay_off(&k, C("5S 7S QH"), &out), 10);
    ck_assert(out.laid_off == C("5S 7S"));
    /* 6S kept for the set of sixes, 5S and 7S laid off from both sides */
    ck_assert_int_eq(gr_lay_off(&k, C("5S 6S 7S 6C 6D QH"), &out), 10);
    ck_assert(out.laid_off == C("5S 7S"));
    ck_assert(out.defender.melds[0] == C("6C 6D 6S"));
    /* the whole gap can be filled */
    ck_assert_int_eq(gr_lay_off(&k, C("5S 6S 7S"), &out), 0);
    ck_assert(out.laid_off == C("5S 6S 7S"));
}
END_TEST

START_TEST(test_G19_count_after_layoffs)
{
    gr_arrangement k;
    gr_layoff out;
    knocker_of(&k, "4D 5D 6D | QC QH QS", "2C 3H");
    gr_cards d = C("3D 2D 7D QD KS KH 9C 8C AS 5C");
    int before = gr_deadwood(d);
    int after = gr_lay_off(&k, d, &out);
    ck_assert_int_eq(after, before - gr_cards_points(C("3D 2D 7D QD")));
    ck_assert(out.laid_off == C("3D 2D 7D QD"));
    ck_assert_int_eq(out.defender.deadwood_points, after);
}
END_TEST

START_TEST(test_G19_tie_break_most_laid_off)
{
    gr_arrangement k;
    gr_layoff out;
    /* his own run 5S 6S 7S or all three laid off: both leave 10; the
     * library lays off as many cards as it can */
    knocker_of(&k, "2S 3S 4S | 9H 9D 9C", "AD");
    ck_assert_int_eq(gr_lay_off(&k, C("5S 6S 7S KH"), &out), 10);
    ck_assert(out.laid_off == C("5S 6S 7S"));
    ck_assert_int_eq(out.defender.nmelds, 0);
    /* four nines' worth: 9S laid off, his run of spades too */
    ck_assert_int_eq(gr_lay_off(&k, C("5S 6S 7S 8S 9S"), &out), 0);
    ck_assert(out.laid_off == C("5S 6S 7S 8S 9S"));
    /* 9C, 6D and 8D are 4th cards of the knocker's sets (6D 7D 8D could
     * also be his own run): KD laid off on 10D JD QD, not kept in a 4-set
     * of kings, for one card more at the same deadwood 0 */
    knocker_of(&k, "8C 8H 8S | 9D 9H 9S | 6C 6H 6S | 10D JD QD", "");
    ck_assert_int_eq(gr_lay_off(&k, C("7C 9C KC 6D 7D 8D KD 7H KH KS"), &out), 0);
    ck_assert(out.laid_off == C("9C 6D 8D KD"));
}
END_TEST

START_TEST(test_G17_empty_and_odd_sizes)
{
    gr_arrangement k;
    gr_layoff out;
    memset(&k, 0, sizeof k);
    ck_assert_int_eq(gr_lay_off(&k, 0, &out), 0);
    ck_assert(out.laid_off == 0 && out.defender.nmelds == 0 && out.defender.deadwood == 0);
    ck_assert_int_eq(gr_lay_off(&k, C("AS 2S 3S KD"), &out), 10);
    ck_assert(out.laid_off == 0);
    knocker_of(&k, "AH 2H 3H", "");
    ck_assert_int_eq(gr_lay_off(&k, C("4H 5H 6H 7H 8H 9H 10H JH QH KH"), &out), 0);
    ck_assert(out.laid_off == C("4H 5H 6H 7H 8H 9H 10H JH QH KH"));
}
END_TEST

/* Hands with more set/run conflicts than the search of melds.c takes
 * (six full ranks, each a set or runs): the layoffs are enumerated. */
START_TEST(test_G17_G19_many_conflicts)
{
    gr_arrangement k;
    gr_layoff out;
    gr_cards six = C("4C 5C 6C 7C 8C 9C 4D 5D 6D 7D 8D 9D 4H 5H 6H 7H 8H 9H "
                     "4S 5S 6S 7S 8S 9S");
    knocker_of(&k, "AC 2C 3C | AH 2H 3H", "");
    ck_assert_int_eq(gr_lay_off(&k, six, &out), 0);
    ck_assert(out.laid_off == C("4C 5C 6C 7C 8C 9C 4H 5H 6H 7H 8H 9H"));
    ck_assert_int_eq(gr_layoff_check(&k, six, &out), GR_OK);
    knocker_of(&k, "AC 2C 3C", "");
    ck_assert_int_eq(gr_lay_off(&k, six, &out), 0);
    ck_assert(out.laid_off == C("4C 5C 6C 7C 8C 9C"));
    ck_assert_int_eq(out.defender.nmelds, 3);
    knocker_of(&k, "AC 2C 3C | 10H JH QH", "");
    ck_assert_int_eq(gr_lay_off(&k, six | C("KD"), &out), 10);
    ck_assert(out.laid_off == C("4C 5C 6C 7C 8C 9C 4H 5H 6H 7H 8H 9H"));
    ck_assert_int_eq(gr_layoff_check(&k, six | C("KD"), &out), GR_OK);
}
END_TEST

/* ---- random cases against the oracle ----------------------------------------- */

START_TEST(test_G17_G19_dense_vs_oracle)
{
    test_rng r = { 17 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        gr_arrangement k;
        int last = test_below(&r, 4);   /* one draw per statement (argument order) */
        random_knocker(&r, &k, 2 + test_below(&r, 2), last);
        gr_cards d = dense_defender(&r, &k, 10);
        check_case(&k, d, i % 8 == 0);
    }
}
END_TEST

START_TEST(test_G17_G19_random_deals_vs_oracle)
{
    test_rng r = { 1719 };
    long n = test_count(10000);
    for (long i = 0; i < n; i++) {
        gr_arrangement k;
        gr_cards kh = test_hand(&r, 10);
        gr_cards d = test_hand_from(&r, GR_ALL_CARDS & ~kh, 10);
        ck_assert_int_ge(gr_arrange(kh, &k), 0);
        check_case(&k, d, i % 8 == 0);
    }
}
END_TEST

START_TEST(test_G17_G19_odd_sizes_vs_oracle)
{
    test_rng r = { 4242 };
    long n = test_count(6000);
    for (long i = 0; i < n; i++) {
        gr_arrangement k;
        int last = test_below(&r, 5);   /* one draw per statement (argument order) */
        random_knocker(&r, &k, test_below(&r, 7), last);
        gr_cards d = dense_defender(&r, &k, test_below(&r, 15));
        check_case(&k, d, i % 4 == 0);
    }
}
END_TEST

/* knockers with 3-card sets: the defender holds their 4th cards, which
 * may also be in runs of his, and the tie-break is checked every time */
START_TEST(test_G17_G19_fourth_cards_tie_break_vs_oracle)
{
    test_rng r = { 4444 };
    long n = test_count(4000);
    for (long i = 0; i < n; i++) {
        gr_arrangement k;
        memset(&k, 0, sizeof k);
        gr_cards used = 0;
        for (int sets = 2 + test_below(&r, 2); sets > 0; sets--) {
            int rank = test_below(&r, 13), left = test_below(&r, 4);
            gr_cards m = ((gr_cards)0x8004002001ull << rank) & ~GR_CARD_BIT(GR_CARD(rank, left));
            if (!(m & used)) {
                used |= m;
                k.melds[k.nmelds++] = m;
            }
        }
        int start = test_below(&r, 10), suit = test_below(&r, 4);
        gr_cards run = (gr_cards)7 << (13 * suit + start);
        if (!(run & used)) {
            used |= run;
            k.melds[k.nmelds++] = run;
        }
        gr_cards d = dense_defender(&r, &k, 10);
        check_case(&k, d, 1);
    }
}
END_TEST

/* bigger hands: several components of the defender's hand, long chains */
START_TEST(test_G17_G19_big_hands_vs_oracle)
{
    test_rng r = { 31337 };
    long n = test_count(400);
    for (long i = 0; i < n; i++) {
        gr_arrangement k;
        int last = test_below(&r, 3);   /* one draw per statement (argument order) */
        random_knocker(&r, &k, 2 + test_below(&r, 5), last);
        gr_cards d = dense_defender(&r, &k, 14 + test_below(&r, 5));
        check_case(&k, d, i % 8 == 0);
    }
}
END_TEST

/* Defenders with more set/run conflicts than the search of
 * layoff_search.c takes (six ranks held 3 or 4 times, in runs: at least
 * 6^4 * 2 * 2 combinations of options), so gr_lay_off enumerates the
 * layoffs (the fallback of layoff.c): knocker runs next to his block, in
 * one suit or several, and knocker 3-sets whose 4th card he may hold,
 * next to his block (in a run of his) or not.  A rank held 3 times makes
 * laying off one of its cards cost the set, so the choices differ in
 * deadwood, in the number of cards laid off and in the mask (every
 * branch of the tie-break).  Every case checks the tie-break. */
START_TEST(test_G17_G19_many_conflicts_vs_oracle)
{
    test_rng r = { 2020 };
    long n = test_count(24);
    for (long i = 0; i < n; i++) {
        int lo = test_below(&r, 8);              /* his ranks lo..lo+5 */
        gr_cards d = 0, used;
        for (int q = lo; q < lo + 6; q++)
            d |= (gr_cards)0x8004002001ull << q;
        for (int holes = test_below(&r, 3); holes > 0; holes--)
            d &= ~GR_CARD_BIT(GR_CARD(lo + test_below(&r, 6), test_below(&r, 4)));
        used = d;
        gr_arrangement k;
        memset(&k, 0, sizeof k);
        for (int tries = 4 + test_below(&r, 4); tries > 0 && k.nmelds < 4; tries--) {
            gr_cards m;
            int suit = test_below(&r, 4);
            switch (test_below(&r, 3)) {
            case 0:                              /* a run below his block */
                if (lo < 3)
                    continue;
                m = (gr_cards)7 << (13 * suit + lo - 3);
                break;
            case 1:                              /* a run above it */
                if (lo + 9 > 13)
                    continue;
                m = (gr_cards)7 << (13 * suit + lo + 6);
                break;
            default: {                           /* a 3-set, next to it or not */
                int q = test_below(&r, 2) ? (test_below(&r, 2) ? lo - 1 : lo + 6)
                                          : test_below(&r, 13);
                if (q < 0 || q > 12)
                    continue;
                m = ((gr_cards)0x8004002001ull << q) & ~GR_CARD_BIT(GR_CARD(q, suit));
                if (!(m & used) && !(used >> GR_CARD(q, suit) & 1) && test_below(&r, 3)) {
                    d |= GR_CARD_BIT(GR_CARD(q, suit));      /* its 4th card */
                    used |= d;
                }
                break;
            }
            }
            if (m & used)
                continue;
            used |= m;
            k.melds[k.nmelds++] = m;
        }
        used |= d;
        d |= test_hand_from(&r, GR_ALL_CARDS & ~used, test_below(&r, 4));
        k.deadwood = test_hand_from(&r, GR_ALL_CARDS & ~used & ~d, test_below(&r, 3));
        k.deadwood_points = gr_cards_points(k.deadwood);
        check_case(&k, d, 1);
    }
}
END_TEST

/* ---- gr_layoff_check ---------------------------------------------------------- */

static void defense(gr_layoff *d, const char *melds, const char *deadwood, const char *laid)
{
    memset(d, 0, sizeof *d);
    knocker_of(&d->defender, melds, deadwood);
    d->laid_off = C(laid);
}

START_TEST(test_G17_layoff_check)
{
    gr_arrangement k;
    gr_layoff d;
    knocker_of(&k, "7C 7D 7H | 8S 9S 10S", "AD");
    gr_cards hand = C("7S 6S 5S JS QS KC 2H 3H 4H");
    /* legal: chain 7S 6S 5S and JS QS, own run of hearts */
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_OK);
    /* legal: 7S on the set (chain not used) */
    defense(&d, "2H 3H 4H", "KC 6S 5S JS QS", "7S");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_OK);
    /* legal: nothing laid off, no melds */
    defense(&d, "", "7S 6S 5S JS QS KC 2H 3H 4H", "");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_OK);
    /* illegal: 6S without 7S (chain only through laid-off cards) */
    defense(&d, "2H 3H 4H", "KC 7S 5S JS QS", "6S");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);
    /* illegal: QS without JS */
    defense(&d, "2H 3H 4H", "KC 7S 6S 5S JS", "QS");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);
    /* illegal: KC fits nothing */
    defense(&d, "2H 3H 4H", "7S 6S 5S JS QS", "KC");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);
    /* illegal: 4H fits nothing (a defender meld is no layoff target) */
    defense(&d, "", "2H 3H 7S 6S 5S JS QS KC", "4H");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);
    /* illegal: a defender "meld" that is not one */
    defense(&d, "2H 3H KC", "4H 7S 6S 5S JS QS", "");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);
    defense(&d, "2H 3H 4H | 5S 6S", "KC 7S JS QS", "");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);

    /* malformed: GR_EINVAL */
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS");
    d.defender.deadwood_points = 11;                      /* wrong points */
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS");          /* QS missing */
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);   /* not the hand */
    defense(&d, "2H 3H 4H", "KC QS", "7S 6S 5S JS QS");    /* QS twice */
    d.defender.deadwood_points = 20;
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS 4S");    /* 4S not his */
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EILLEGAL);   /* not the hand */
    defense(&d, "2H 3H 4H | 2H 3H 4H", "KC", "7S 6S 5S JS QS");
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS");
    d.defender.melds[5] = C("AC");                         /* past nmelds */
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS");
    d.defender.nmelds = -1;
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    d.defender.nmelds = GR_MAX_MELDS + 1;
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS");
    d.laid_off |= (gr_cards)1 << 60;
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS");
    d.defender.deadwood |= (gr_cards)1 << 55;
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_EINVAL);
    defense(&d, "2H 3H 4H", "KC", "7S 6S 5S JS QS");
    ck_assert_int_eq(gr_layoff_check(NULL, hand, &d), GR_EINVAL);
    ck_assert_int_eq(gr_layoff_check(&k, hand, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_layoff_check(&k, hand | (gr_cards)1 << 52, &d), GR_EINVAL);
    ck_assert_int_eq(gr_layoff_check(&k, hand | C("7C"), &d), GR_EINVAL);
}
END_TEST

/* random defenses: gr_layoff_check agrees with the oracle */
START_TEST(test_G17_layoff_check_vs_oracle)
{
    test_rng r = { 99 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        gr_arrangement k;
        int last = test_below(&r, 3);   /* one draw per statement (argument order) */
        random_knocker(&r, &k, 1 + test_below(&r, 3), last);
        gr_cards hand = dense_defender(&r, &k, 4 + test_below(&r, 8));
        gr_layoff d;
        memset(&d, 0, sizeof d);
        /* a random subset laid off, the rest arranged by the library */
        d.laid_off = hand & test_next(&r);
        gr_arrange(hand & ~d.laid_off, &d.defender);
        int want = oracle_layoff_valid(&k, hand, &d) ? GR_OK : GR_EILLEGAL;
        ck_assert_msg(gr_layoff_check(&k, hand, &d) == want, "laid %llx: %s",
                      (unsigned long long)d.laid_off, describe(&k, hand));
    }
}
END_TEST

/* ---- bad input ------------------------------------------------------------------ */

START_TEST(test_G17_bad_input)
{
    gr_arrangement k;
    gr_layoff out, before;
    knocker_of(&k, "7C 7D 7H | 8S 9S 10S", "AD");
    gr_cards hand = C("7S 6S KC");
    memset(&out, 0x77, sizeof out);
    before = out;
#define REFUSED(call) do {                                     \
        ck_assert_int_eq((call), GR_EINVAL);                   \
        ck_assert(memcmp(&out, &before, sizeof out) == 0);     \
    } while (0)
    REFUSED(gr_lay_off(NULL, hand, &out));
    ck_assert_int_eq(gr_lay_off(&k, hand, NULL), GR_EINVAL);
    REFUSED(gr_lay_off(&k, hand | (gr_cards)1 << 52, &out));
    REFUSED(gr_lay_off(&k, hand | (gr_cards)1 << 63, &out));
    REFUSED(gr_lay_off(&k, hand | C("8S"), &out));          /* overlaps a meld */
    REFUSED(gr_lay_off(&k, hand | C("AD"), &out));          /* overlaps deadwood */

    gr_arrangement bad = k;
    bad.melds[1] = C("8S 9S JS");           /* not a meld: G4, as gr_game_knock */
    ck_assert_int_eq(gr_lay_off(&bad, hand, &out), GR_EILLEGAL);
    ck_assert(memcmp(&out, &before, sizeof out) == 0);
    bad = k;
    bad.melds[1] = C("7H 8H 9H");                           /* overlaps 7H */
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad = k;
    bad.deadwood = C("AD 9S");                              /* deadwood in a meld */
    bad.deadwood_points = 10;
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad = k;
    bad.deadwood_points = 2;                                /* wrong points */
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad = k;
    bad.nmelds = -1;
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad.nmelds = GR_MAX_MELDS + 1;
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad = k;
    bad.melds[0] |= (gr_cards)1 << 58;                      /* bits above 51 */
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad = k;
    bad.deadwood |= (gr_cards)1 << 52;
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad = k;
    bad.melds[4] = C("2C 3C 4C");                           /* past nmelds */
    REFUSED(gr_lay_off(&bad, hand, &out));
    bad = k;
    bad.melds[1] = 0;                                       /* empty meld */
    REFUSED(gr_lay_off(&bad, hand, &out));
#undef REFUSED
    /* gr_layoff_check refuses the same knockers */
    gr_layoff d;
    memset(&d, 0, sizeof d);
    d.defender.deadwood = hand;
    d.defender.deadwood_points = gr_cards_points(hand);
    ck_assert_int_eq(gr_layoff_check(&k, hand, &d), GR_OK);
    bad = k;
    bad.melds[1] = C("8S 9S JS");                           /* G4: as gr_lay_off */
    ck_assert_int_eq(gr_layoff_check(&bad, hand, &d), GR_EILLEGAL);
    bad = k;
    bad.deadwood_points = 2;
    ck_assert_int_eq(gr_layoff_check(&bad, hand, &d), GR_EINVAL);
}
END_TEST

/* random garbage arrangements: refused or consistent, never a crash */
START_TEST(test_G17_garbage_knockers)
{
    test_rng r = { 555 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        gr_arrangement k;
        memset(&k, 0, sizeof k);
        k.nmelds = test_below(&r, 21) - 2;
        for (int m = 0; m < GR_MAX_MELDS; m++)
            if (test_below(&r, 3) == 0)
                k.melds[m] = test_hand(&r, test_below(&r, 6));
        k.deadwood = test_hand(&r, test_below(&r, 4));
        k.deadwood_points = gr_cards_points(k.deadwood);
        gr_cards d = test_hand(&r, test_below(&r, 12));
        gr_layoff out;
        int v = gr_lay_off(&k, d, &out);
        ck_assert(v == GR_EINVAL || v == GR_EILLEGAL || v >= 0);
        if (v >= 0)
            ck_assert_int_eq(v, oracle_lay_off(&k, d));
    }
}
END_TEST

static Suite *layoff_suite(void)
{
    Suite *s = suite_create("layoff");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_G17_fourth_card_of_set);
    tcase_add_test(tc, test_G17_run_low_and_high_end);
    tcase_add_test(tc, test_G17_chain_three_deep);
    tcase_add_test(tc, test_G17_card_fits_set_and_run);
    tcase_add_test(tc, test_G19_break_own_meld_wins);
    tcase_add_test(tc, test_G19_break_own_meld_worse);
    tcase_add_test(tc, test_G17_no_layoff_on_four_card_set);
    tcase_add_test(tc, test_G17_ace_low_limits);
    tcase_add_test(tc, test_G17_two_runs_same_suit);
    tcase_add_test(tc, test_G19_count_after_layoffs);
    tcase_add_test(tc, test_G19_tie_break_most_laid_off);
    tcase_add_test(tc, test_G17_empty_and_odd_sizes);
    tcase_add_test(tc, test_G17_G19_many_conflicts);
    suite_add_tcase(s, tc);

    TCase *tr = tcase_create("random");
    tcase_set_timeout(tr, 600);
    tcase_add_test(tr, test_G17_G19_dense_vs_oracle);
    tcase_add_test(tr, test_G17_G19_fourth_cards_tie_break_vs_oracle);
    tcase_add_test(tr, test_G17_G19_random_deals_vs_oracle);
    tcase_add_test(tr, test_G17_G19_odd_sizes_vs_oracle);
    tcase_add_test(tr, test_G17_G19_big_hands_vs_oracle);
    tcase_add_test(tr, test_G17_G19_many_conflicts_vs_oracle);
    tcase_add_test(tr, test_G17_layoff_check_vs_oracle);
    tcase_add_test(tr, test_G17_garbage_knockers);
    suite_add_tcase(s, tr);

    TCase *tb = tcase_create("check and bad input");
    tcase_set_timeout(tb, 600);
    tcase_add_test(tb, test_G17_layoff_check);
    tcase_add_test(tb, test_G17_bad_input);
    suite_add_tcase(s, tb);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(layoff_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
