/*
 * check_melds.c: melds, deadwood, arrangement and best discard (G1, G2, G4,
 * G5) against hand-written cases, the brute-force oracle (tests/oracle.c)
 * on random and dense hands, and an independent dynamic program for large
 * hands.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "oracle.h"
#include "testutil.h"

#define H(text) test_cards(text)

static int pts(int card)
{
    int r = card % 13;
    return r < 9 ? r + 1 : 10;
}

static const char *fmt(gr_cards c)
{
    static char buf[256];
    gr_cards_format(c, buf, sizeof buf);
    return buf;
}

/* ------------------------------------------------------------------------
 * Reference helpers written here, independent of the library
 * ------------------------------------------------------------------------ */

/* The best deadwood mask under the documented tie-break (least points,
 * fewest cards, numerically smallest), by exhaustive search over the
 * oracle's melds (lowest card: deadwood, or in a meld of cards left). */
typedef struct best_dead {
    int pts, cnt;
    gr_cards dead;
} best_dead;

static int better(int p1, int c1, gr_cards d1, const best_dead *b)
{
    if (p1 != b->pts)
        return p1 < b->pts;
    if (c1 != b->cnt)
        return c1 < b->cnt;
    return d1 < b->dead;
}

static void tie_search(gr_cards left, gr_cards dead, int p, const gr_cards *melds,
                       int n, best_dead *b)
{
    if (left == 0) {
        if (better(p, __builtin_popcountll(dead), dead, b)) {
            b->pts = p;
            b->cnt = __builtin_popcountll(dead);
            b->dead = dead;
        }
        return;
    }
    int low = __builtin_ctzll(left);
    gr_cards bit = (gr_cards)1 << low;
    tie_search(left & ~bit, dead | bit, p + pts(low), melds, n, b);
    for (int i = 0; i < n; i++)
        if ((melds[i] & bit) && (melds[i] & left) == melds[i])
            tie_search(left & ~melds[i], dead, p, melds, n, b);
}

static best_dead tie_best(gr_cards hand)
{
    gr_cards melds[400];
    int n = oracle_melds(hand, melds, 400);
    best_dead b = { 1 << 30, 64, ~(gr_cards)0 };
    tie_search(hand, 0, 0, melds, n, &b);
    return b;
}

/* An independent exact DP for large hands: top-down over ranks, state =
 * per suit the length of the run being built (0, 1, 2, 3 = 3 or more). */
typedef struct dp_memo {
    gr_cards hand;
    int val[14][256];
} dp_memo;

static int dp_rec(dp_memo *m, int r, int st)
{
    if (r == 13) {
        for (int s = 0; s < 4; s++) {
            int len = (st >> (2 * s)) & 3;
            if (len == 1 || len == 2)
                return 1 << 20;          /* a run shorter than 3 */
        }
        return 0;
    }
    if (m->val[r][st] >= 0)
        return m->val[r][st];
    int present = 0;
    for (int s = 0; s < 4; s++)
        if (m->hand & ((gr_cards)1 << (13 * s + r)))
            present |= 1 << s;
    int best = 1 << 20;
    for (int set = 0; set < 16; set++) {
        if ((set & present) != set)
            continue;
        int n = __builtin_popcount((unsigned)set);
        if (n != 0 && n < 3)
            continue;
        int freec = present & ~set;
        /* each free card: extend its suit's run (bit 1) or be deadwood */
        for (int ext = 0; ext < 16; ext++) {
            if ((ext & freec) != ext)
                continue;
            int ok = 1, nst = 0, dead = 0;
            for (int s = 0; s < 4 && ok; s++) {
                int len = (st >> (2 * s)) & 3;
                if (ext & (1 << s)) {
                    nst |= (len == 3 ? 3 : len + 1) << (2 * s);
                } else {
                    if (len == 1 || len == 2)
                        ok = 0;          /* the run stops short */
                    if (freec & (1 << s))
                        dead += r < 9 ? r + 1 : 10;
                }
            }
            if (!ok)
                continue;
            int v = dead + dp_rec(m, r + 1, nst);
            if (v < best)
                best = v;
        }
    }
    m->val[r][st] = best;
    return best;
}

static int dp_deadwood(gr_cards hand)
{
    static dp_memo m;
    m.hand = hand;
    memset(m.val, 0xFF, sizeof m.val);
    return dp_rec(&m, 0, 0);
}

/* expected best discard: value, and the card by the documented tie-break
 * (most points, then highest card number) */
static int expected_discard(gr_cards hand, int (*dw)(gr_cards), int *card)
{
    int best = 1 << 30, bestkey = -1;
    for (int c = 0; c < 52; c++) {
        gr_cards b = (gr_cards)1 << c;
        if (!(hand & b))
            continue;
        int v = dw(hand & ~b);
        int key = pts(c) * 64 + c;
        if (v < best || (v == best && key > bestkey)) {
            best = v;
            bestkey = key;
        }
    }
    *card = bestkey & 63;
    return best;
}

/* the documented meld order and cut: melds by lowest card, runs maximal */
static void check_layout(const gr_arrangement *a)
{
    for (int i = 1; i < a->nmelds; i++)
        ck_assert_int_lt(__builtin_ctzll(a->melds[i - 1]),
                         __builtin_ctzll(a->melds[i]));
    for (int i = 0; i < a->nmelds; i++) {
        if (gr_meld_kind(a->melds[i]) != GR_MELD_RUN)
            continue;
        for (int j = 0; j < a->nmelds; j++) {
            if (j == i || gr_meld_kind(a->melds[j]) != GR_MELD_RUN)
                continue;
            /* run j does not start right after run i in the same suit */
            int hi = 63 - __builtin_clzll(a->melds[i]);
            int lo = __builtin_ctzll(a->melds[j]);
            ck_assert_msg(!(lo == hi + 1 && hi % 13 != 12),
                          "runs %s and ... not merged",
                          fmt(a->melds[i]));
        }
    }
}

/* full check of one hand against the oracle */
static void check_against_oracle(gr_cards hand, int with_ties)
{
    int want = oracle_deadwood(hand);
    int got = gr_deadwood(hand);
    ck_assert_msg(got == want, "gr_deadwood(%s) = %d, oracle %d", fmt(hand),
                  got, want);

    gr_arrangement a;
    ck_assert_int_eq(gr_arrange(hand, &a), want);
    ck_assert_msg(oracle_arrangement_valid(hand, &a),
                  "gr_arrange(%s) invalid", fmt(hand));
    ck_assert_int_eq(a.deadwood_points, want);
    check_layout(&a);
    if (with_ties) {
        best_dead b = tie_best(hand);
        ck_assert_msg(b.pts == want && a.deadwood == b.dead,
                      "gr_arrange(%s) tie-break: dead %s", fmt(hand),
                      fmt(a.deadwood));
    }

    if (hand) {
        gr_card c = GR_NO_CARD;
        int card;
        int wantv = expected_discard(hand, oracle_deadwood, &card);
        int gotv = gr_best_discard(hand, &c);
        ck_assert_msg(gotv == wantv && c == card,
                      "gr_best_discard(%s) = %d (card %d), expected %d (card %d)",
                      fmt(hand), gotv, c, wantv, card);
        ck_assert_int_eq(wantv, oracle_best_discard_value(hand));
    } else {
        gr_card c = 7;
        ck_assert_int_eq(gr_best_discard(0, &c), GR_EINVAL);
        ck_assert_int_eq(c, 7);
    }
}

/* k cards from `span` adjacent ranks: many set/run conflicts */
static gr_cards dense_hand(test_rng *r, int span, int k)
{
    int lo = test_below(r, 14 - span);
    gr_cards from = 0;
    for (int s = 0; s < 4; s++)
        for (int q = lo; q < lo + span; q++)
            from |= (gr_cards)1 << (13 * s + q);
    return test_hand_from(r, from, k);
}

/* ------------------------------------------------------------------------
 * G4: meld kinds
 * ------------------------------------------------------------------------ */

START_TEST(test_G4_meld_kind_corners)
{
    ck_assert_int_eq(gr_meld_kind(0), 0);
    ck_assert_int_eq(gr_meld_kind(H("7C")), 0);
    ck_assert_int_eq(gr_meld_kind(H("7C 7D")), 0);               /* 2 cards */
    ck_assert_int_eq(gr_meld_kind(H("7C 8C")), 0);
    ck_assert_int_eq(gr_meld_kind(H("7C 7D 7H")), GR_MELD_SET);
    ck_assert_int_eq(gr_meld_kind(H("7C 7D 7H 7S")), GR_MELD_SET);
    ck_assert_int_eq(gr_meld_kind(H("7C 7D 7H 7S 8S")), 0);      /* no 5-set */
    ck_assert_int_eq(gr_meld_kind(H("7C 7D 8H")), 0);
    ck_assert_int_eq(gr_meld_kind(H("AC 2C 3C")), GR_MELD_RUN);  /* ace low */
    ck_assert_int_eq(gr_meld_kind(H("JS QS KS")), GR_MELD_RUN);
    ck_assert_int_eq(gr_meld_kind(H("QS KS AS")), 0);            /* no Q-K-A */
    ck_assert_int_eq(gr_meld_kind(H("KS AS 2S")), 0);            /* no K-A-2 */
    ck_assert_int_eq(gr_meld_kind(H("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")),
                     GR_MELD_RUN);                              /* 13-card run */
    ck_assert_int_eq(gr_meld_kind(H("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 5C")),
                     0);
    ck_assert_int_eq(gr_meld_kind(H("4D 5D 7D")), 0);            /* a gap */
    ck_assert_int_eq(gr_meld_kind(H("4D 5C 6D")), 0);            /* mixed suits */
    ck_assert_int_eq(gr_meld_kind(H("KC AD 2D")), 0);            /* across suits */
    ck_assert_int_eq(gr_meld_kind(H("JC QC KC AD")), 0);
    /* a run over the clubs/diamonds boundary in bit order is not a run */
    ck_assert_int_eq(gr_meld_kind(H("QC KC AD 2D")), 0);
    ck_assert_int_eq(gr_meld_kind(H("4D 5D 6D 7D 8D")), GR_MELD_RUN);
}
END_TEST

START_TEST(test_G1_G4_ace_low_deadwood)
{
    ck_assert_int_eq(gr_deadwood(H("AC 2C 3C")), 0);
    ck_assert_int_eq(gr_deadwood(H("QC KC AC")), 21);
    ck_assert_int_eq(gr_deadwood(H("KD AD 2D")), 13);
    ck_assert_int_eq(gr_deadwood(H("QH KH AH 2H 3H")), 20);      /* A-2-3 only */
    ck_assert_int_eq(gr_deadwood(H("JS QS KS")), 0);
}
END_TEST

/* ------------------------------------------------------------------------
 * G2: points
 * ------------------------------------------------------------------------ */

START_TEST(test_G2_deadwood_points)
{
    ck_assert_int_eq(gr_deadwood(0), 0);
    ck_assert_int_eq(gr_deadwood(H("AS")), 1);
    ck_assert_int_eq(gr_deadwood(H("9S")), 9);
    ck_assert_int_eq(gr_deadwood(H("10S")), 10);
    ck_assert_int_eq(gr_deadwood(H("JC QD KH")), 30);            /* faces 10 */
    ck_assert_int_eq(gr_deadwood(H("AC 3D 5H 7S 9C JD")), 1 + 3 + 5 + 7 + 9 + 10);
    ck_assert_int_eq(gr_deadwood(H("2C 2D")), 4);
}
END_TEST

/* ------------------------------------------------------------------------
 * G5: arrangements
 * ------------------------------------------------------------------------ */

START_TEST(test_G5_four_set_split_into_run)
{
    /* 7C 7D 7H in a set, 7S in the run 7S 8S 9S */
    gr_cards hand = H("7C 7D 7H 7S 8S 9S");
    gr_arrangement a;
    ck_assert_int_eq(gr_deadwood(hand), 0);
    ck_assert_int_eq(gr_arrange(hand, &a), 0);
    ck_assert_int_eq(a.nmelds, 2);
    ck_assert(a.melds[0] == H("7C 7D 7H"));
    ck_assert(a.melds[1] == H("7S 8S 9S"));
    ck_assert(a.deadwood == 0);
    /* same with the run below the set */
    ck_assert_int_eq(gr_deadwood(H("5S 6S 7C 7D 7H 7S 2D")), 2);
}
END_TEST

START_TEST(test_G5_run_and_set_share_a_card)
{
    /* 4C 5C 6C 7C + 7D 7H: run 4-5-6 and set of sevens, not the 4-run */
    gr_cards hand = H("4C 5C 6C 7C 7D 7H");
    gr_arrangement a;
    ck_assert_int_eq(gr_deadwood(hand), 0);
    ck_assert_int_eq(gr_arrange(hand, &a), 0);
    ck_assert_int_eq(a.nmelds, 2);
    ck_assert(a.melds[0] == H("4C 5C 6C"));
    ck_assert(a.melds[1] == H("7C 7D 7H"));
    /* a card can be in only one meld: 5C 6C 7C + 7D 7H, 7C in one of them */
    ck_assert_int_eq(gr_deadwood(H("5C 6C 7C 7D 7H")), 11);
    /* never greedy: the 4-run 5-8 would leave 8D 8H = 16 */
    ck_assert_int_eq(gr_deadwood(H("5C 6C 7C 8C 8D 8H")), 0);
}
END_TEST

START_TEST(test_G5_no_greedy_ten_cards)
{
    /* sets and runs interleaved: 3 runs of 3 + one deadwood card */
    ck_assert_int_eq(gr_deadwood(H("5C 6C 7C 5D 6D 7D 5H 6H 7H KS")), 10);
    ck_assert_int_eq(gr_deadwood(H("AC 2C 3C 4C 4D 4H 5H 6H 7H 8H")), 0);
    ck_assert_int_eq(gr_deadwood(H("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C")), 0);
    ck_assert_int_eq(gr_deadwood(GR_ALL_CARDS), 0);
    for (int c = 0; c < 52; c++)
        ck_assert_int_eq(gr_deadwood(GR_ALL_CARDS & ~GR_CARD_BIT(c)), 0);
}
END_TEST

START_TEST(test_G5_arrange_cut_and_order)
{
    gr_arrangement a;
    /* a 6-card run stays one meld */
    ck_assert_int_eq(gr_arrange(H("3D 4D 5D 6D 7D 8D KC"), &a), 10);
    ck_assert_int_eq(a.nmelds, 1);
    ck_assert(a.melds[0] == H("3D 4D 5D 6D 7D 8D"));
    ck_assert(a.deadwood == H("KC"));
    ck_assert_int_eq(a.deadwood_points, 10);
    for (int i = a.nmelds; i < GR_MAX_MELDS; i++)
        ck_assert(a.melds[i] == 0);
    /* a 3x3 block: runs are preferred to sets when both meld every card */
    ck_assert_int_eq(gr_arrange(H("5C 6C 7C 5D 6D 7D 5H 6H 7H"), &a), 0);
    ck_assert_int_eq(a.nmelds, 3);
    ck_assert(a.melds[0] == H("5C 6C 7C"));
    ck_assert(a.melds[1] == H("5D 6D 7D"));
    ck_assert(a.melds[2] == H("5H 6H 7H"));
    /* whole deck: each suit one 13-card run */
    ck_assert_int_eq(gr_arrange(GR_ALL_CARDS, &a), 0);
    ck_assert_int_eq(a.nmelds, 4);
    for (int s = 0; s < 4; s++)
        ck_assert(a.melds[s] == (gr_cards)0x1FFF << (13 * s));
    /* empty hand */
    ck_assert_int_eq(gr_arrange(0, &a), 0);
    ck_assert_int_eq(a.nmelds, 0);
    ck_assert(a.deadwood == 0);
}
END_TEST

START_TEST(test_G5_arrange_tie_break)
{
    gr_arrangement a;
    /* 10C JC QC QD QH: run 10-J-Q leaves QD QH (20), the queens leave
     * 10C JC (20): equal points and cards, the smaller mask wins */
    gr_cards hand = H("10C JC QC QD QH");
    ck_assert_int_eq(gr_arrange(hand, &a), 20);
    ck_assert(a.deadwood == H("10C JC"));
    ck_assert_int_eq(a.nmelds, 1);
    ck_assert(a.melds[0] == H("QC QD QH"));
    /* 9S 10S JS + JC JD: the run leaves JC JD (20), the set 9S 10S (19) */
    ck_assert_int_eq(gr_arrange(H("9S 10S JS JC JD"), &a), 19);
    ck_assert(a.deadwood == H("9S 10S"));
    /* determinism: the same answer twice, field by field */
    test_rng r = { 7 };
    for (int i = 0; i < 2000; i++) {
        gr_cards h = dense_hand(&r, 4, 11);
        gr_arrangement b1, b2;
        memset(&b1, 0xAB, sizeof b1);
        memset(&b2, 0xCD, sizeof b2);
        ck_assert_int_eq(gr_arrange(h, &b1), gr_arrange(h, &b2));
        ck_assert(b1.nmelds == b2.nmelds && b1.deadwood == b2.deadwood
                  && b1.deadwood_points == b2.deadwood_points);
        ck_assert(memcmp(b1.melds, b2.melds, sizeof b1.melds) == 0);
    }
}
END_TEST

/* Reference for the documented cut, by brute force: can `left` be split
 * into melds with sets only at ranks >= minrank? */
static int all_melded(gr_cards left, int minrank, const gr_cards *melds, int n)
{
    if (left == 0)
        return 1;
    gr_cards low = left & -left;
    for (int i = 0; i < n; i++) {
        gr_cards m = melds[i];
        int lo = __builtin_ctzll(m), hi = 63 - __builtin_clzll(m);
        int is_set = lo / 13 != hi / 13;
        if ((m & low) && (m & left) == m && !(is_set && lo % 13 < minrank)
            && all_melded(left & ~m, minrank, melds, n))
            return 1;
    }
    return 0;
}

/* the melds of the documented cut of the melded cards `m` (fully meldable):
 * ranks from the ace up, each taking the first of no set, the whole set,
 * the 3-set without the clubs .. spades card that lets the rest be melded;
 * the runs are the maximal blocks left; listed by lowest card */
static int expected_cut(gr_cards m, gr_cards *out)
{
    gr_cards melds[400], rest = m;
    int n = oracle_melds(m, melds, 400), k = 0;
    for (int r = 0; r < 13; r++) {
        gr_cards all = 0, opts[6];
        int nopt = 0;
        for (int s = 0; s < 4; s++)
            all |= m & ((gr_cards)1 << (13 * s + r));
        opts[nopt++] = 0;
        if (__builtin_popcountll(all) >= 3)
            opts[nopt++] = all;
        if (__builtin_popcountll(all) == 4)
            for (int s = 0; s < 4; s++)
                opts[nopt++] = all & ~((gr_cards)1 << (13 * s + r));
        int o = 0;
        while (o < nopt && !all_melded(rest & ~opts[o], r + 1, melds, n))
            o++;
        ck_assert_int_lt(o, nopt);
        if (opts[o]) {
            out[k++] = opts[o];
            rest &= ~opts[o];
        }
    }
    for (int c = 0; c < 52; c++) {
        gr_cards bit = (gr_cards)1 << c;
        if (!(rest & bit) || (c % 13 > 0 && (rest & (bit >> 1))))
            continue;                    /* not the start of a block */
        gr_cards run = 0;
        for (int q = c; q < 52 && (rest >> q & 1) && (q == c || q % 13 > 0); q++)
            run |= (gr_cards)1 << q;
        out[k++] = run;
    }
    /* by lowest card */
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && __builtin_ctzll(out[j - 1]) > __builtin_ctzll(out[j]); j--) {
            gr_cards t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return k;
}

static void check_cut(gr_cards hand)
{
    gr_arrangement a;
    gr_cards want[GR_MAX_MELDS];
    gr_arrange(hand, &a);
    best_dead b = tie_best(hand);
    ck_assert_msg(a.deadwood == b.dead, "gr_arrange(%s) tie-break", fmt(hand));
    int n = expected_cut(hand & ~a.deadwood, want);
    ck_assert_msg(a.nmelds == n, "gr_arrange(%s): %d melds, expected %d",
                  fmt(hand), a.nmelds, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(a.melds[i] == want[i], "gr_arrange(%s): meld %d is %s",
                      fmt(hand), i, fmt(a.melds[i]));
}

START_TEST(test_G5_arrange_cut_reference)
{
    /* dense hands (sets and runs compete for the same cards) and random
     * ones: the whole arrangement against the brute-force cut */
    test_rng r = { 4242 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        int span = 3 + test_below(&r, 3);
        int k = 6 + test_below(&r, 7);
        check_cut(dense_hand(&r, span, k));
        check_cut(test_hand(&r, test_below(&r, 14)));
    }
}
END_TEST

/* ------------------------------------------------------------------------
 * Best discard
 * ------------------------------------------------------------------------ */

START_TEST(test_G5_best_discard_cases)
{
    gr_card c;
    /* two deadwood cards of 10 points: the higher card number goes */
    ck_assert_int_eq(gr_best_discard(H("AC 2C 3C 4D 5D 6D 7H 8H 9H KS QD"), &c), 10);
    ck_assert_int_eq(c, GR_CARD(GR_KING, GR_SPADES));
    ck_assert_int_eq(gr_best_discard(H("AC 2C 3C 4D 5D 6D 7H 8H 9H 9S 2S"), &c), 2);
    ck_assert_int_eq(c, GR_CARD(GR_NINE, GR_SPADES));
    /* a card that breaks no meld: the 4th card of a set */
    ck_assert_int_eq(gr_best_discard(H("KC KD KH KS 2C 3C 4C 7D 8D 9D 5H"), &c), 0);
    ck_assert_int_eq(c, GR_CARD(GR_FIVE, GR_HEARTS));
    ck_assert_int_eq(gr_best_discard(H("KC KD KH KS 2C 3C 4C 7D 8D 9D AH"), &c), 0);
    ck_assert_int_eq(c, GR_CARD(GR_ACE, GR_HEARTS));
    /* all melded in 11 cards: drop a 4-set card (the highest) or a run end */
    ck_assert_int_eq(gr_best_discard(H("KC KD KH KS 2C 3C 4C 5C 7D 8D 9D"), &c), 0);
    ck_assert_int_eq(c, GR_CARD(GR_KING, GR_SPADES));
    /* only 3-sets of cards in no run: breaking one leaves 2 dead */
    ck_assert_int_eq(gr_best_discard(H("KC KD KH QC QD QH"), &c), 20);
    ck_assert_int_eq(c, GR_CARD(GR_KING, GR_HEARTS));
    /* one card */
    ck_assert_int_eq(gr_best_discard(H("5D"), &c), 0);
    ck_assert_int_eq(c, GR_CARD(GR_FIVE, GR_DIAMONDS));
    /* the highest deadwood card of the best arrangement is not always the
     * best discard: 5C 6C 7C 8C 9C ... */
    gr_cards hand = H("5C 6C 7C 7D 7H 8C 9C JS QS 2D 3H");
    int card;
    int want = expected_discard(hand, oracle_deadwood, &card);
    ck_assert_int_eq(gr_best_discard(hand, &c), want);
    ck_assert_int_eq(c, card);
}
END_TEST

/* ------------------------------------------------------------------------
 * Random cross-checks against the oracle
 * ------------------------------------------------------------------------ */

START_TEST(test_G5_random_0_to_15_cards)
{
    test_rng r = { 20261122 };
    long n = test_count(200000);
    for (long i = 0; i < n; i++) {
        gr_cards hand = test_hand(&r, test_below(&r, 16));
        check_against_oracle(hand, i % 8 == 0);
    }
}
END_TEST

START_TEST(test_G5_random_11_cards)
{
    test_rng r = { 11 };
    long n = test_count(50000);
    for (long i = 0; i < n; i++)
        check_against_oracle(test_hand(&r, 11), i % 8 == 0);
}
END_TEST

START_TEST(test_G5_dense_hands)
{
    /* cards from 3 to 5 adjacent ranks: sets and runs compete */
    test_rng r = { 35 };
    long n = test_count(60000);
    for (long i = 0; i < n; i++) {
        int span = 3 + test_below(&r, 3);
        int k = 3 + test_below(&r, 13);
        if (k > 4 * span)
            k = 4 * span;
        check_against_oracle(dense_hand(&r, span, k), i % 8 == 0);
    }
}
END_TEST

START_TEST(test_G5_set_hands)
{
    /* only sets of 3 or 4, ranks often far apart: breaking a set is often
     * the best discard, 10 to king tie on points */
    test_rng r = { 334 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        gr_cards hand = 0;
        for (int sets = 1 + test_below(&r, 4); sets > 0; sets--) {
            int rank = test_below(&r, 13), skip = test_below(&r, 8);
            for (int s = 0; s < 4; s++)
                if (s != skip)           /* skip >= 4: all four */
                    hand |= GR_CARD_BIT(GR_CARD(rank, s));
        }
        check_against_oracle(hand, i % 8 == 0);
    }
}
END_TEST

START_TEST(test_G5_large_hands)
{
    /* 16 to 52 cards: the independent DP above, every discard */
    test_rng r = { 52 };
    long n = test_count(400);
    for (long i = 0; i < n; i++) {
        gr_cards hand;
        if (i % 4 == 3) {   /* one draw per statement (argument order) */
            int cards = 16 + test_below(&r, 16);
            hand = dense_hand(&r, 5 + test_below(&r, 4), cards);
        } else {
            hand = test_hand(&r, 16 + test_below(&r, 37));
        }
        int want = dp_deadwood(hand);
        ck_assert_msg(gr_deadwood(hand) == want, "gr_deadwood(%s) = %d, dp %d",
                      fmt(hand), gr_deadwood(hand), want);
        gr_arrangement a;
        ck_assert_int_eq(gr_arrange(hand, &a), want);
        ck_assert(oracle_arrangement_valid(hand, &a));
        check_layout(&a);
        int card;
        gr_card c;
        int wantv = expected_discard(hand, dp_deadwood, &card);
        ck_assert_int_eq(gr_best_discard(hand, &c), wantv);
        ck_assert_int_eq(c, card);
    }
}
END_TEST

/* ------------------------------------------------------------------------
 * Bad input
 * ------------------------------------------------------------------------ */

START_TEST(test_bad_input)
{
    gr_arrangement a;
    gr_card c = 9;
    for (int b = 52; b < 64; b++) {
        gr_cards bad = H("AC 2C 3C") | ((gr_cards)1 << b);
        ck_assert_int_eq(gr_meld_kind(bad), GR_EINVAL);
        ck_assert_int_eq(gr_deadwood(bad), GR_EINVAL);
        memset(&a, 0x5A, sizeof a);
        ck_assert_int_eq(gr_arrange(bad, &a), GR_EINVAL);
        ck_assert_int_eq(a.nmelds, 0x5A5A5A5A);            /* untouched */
        ck_assert_int_eq(gr_best_discard(bad, &c), GR_EINVAL);
        ck_assert_int_eq(c, 9);
    }
    ck_assert_int_eq(gr_deadwood(~(gr_cards)0), GR_EINVAL);
    ck_assert_int_eq(gr_arrange(H("AC"), NULL), GR_EINVAL);
    ck_assert_int_eq(gr_best_discard(H("AC"), NULL), GR_EINVAL);
    ck_assert_int_eq(gr_best_discard(0, &c), GR_EINVAL);
    ck_assert_int_eq(c, 9);
}
END_TEST

static Suite *melds_suite(void)
{
    Suite *s = suite_create("melds");
    TCase *tc = tcase_create("cases");
    tcase_add_test(tc, test_G4_meld_kind_corners);
    tcase_add_test(tc, test_G1_G4_ace_low_deadwood);
    tcase_add_test(tc, test_G2_deadwood_points);
    tcase_add_test(tc, test_G5_four_set_split_into_run);
    tcase_add_test(tc, test_G5_run_and_set_share_a_card);
    tcase_add_test(tc, test_G5_no_greedy_ten_cards);
    tcase_add_test(tc, test_G5_arrange_cut_and_order);
    tcase_add_test(tc, test_G5_arrange_tie_break);
    tcase_add_test(tc, test_G5_best_discard_cases);
    tcase_add_test(tc, test_bad_input);
    suite_add_tcase(s, tc);

    TCase *rnd = tcase_create("random");
    tcase_set_timeout(rnd, 600);
    tcase_add_test(rnd, test_G5_random_0_to_15_cards);
    tcase_add_test(rnd, test_G5_random_11_cards);
    tcase_add_test(rnd, test_G5_dense_hands);
    tcase_add_test(rnd, test_G5_set_hands);
    tcase_add_test(rnd, test_G5_arrange_cut_reference);
    tcase_add_test(rnd, test_G5_large_hands);
    suite_add_tcase(s, rnd);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(melds_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
