/*
 * check_rummy_goout.c: going out with the table (R4, R5, R7): layoffs
 * (chains, named jokers), joker takes, the plan of moves, can-go-out;
 * against oracle_rummy_go_out (every order of table moves) on random
 * hand-plus-table cases; bad input.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include <ginrummy.h>

#include "oracle_rummy.h"
#include "testutil.h"
#include "rummy_testutil.h"
#include "rummy_hostile.h"
#include "rummy_plancheck.h"

static int go(const char *hand, const char *const *table, int ntable, int flags)
{
    gr_rummy_hand h = H(hand);
    gr_rummy_meld t[8];
    for (int i = 0; i < ntable; i++)
        t[i] = M(table[i]);
    gr_rummy_plan p;
    int v = gr_rummy_go_out(&h, t, ntable, flags, &p);
    ck_assert_int_ge(v, 0);
    ck_assert_int_eq(v, p.value);
    replay_plan(&h, t, ntable, flags, &p);
    ck_assert_int_eq(v, oracle_rummy_go_out(&h, t, ntable, flags));
    return v;
}

START_TEST(test_R4_layoff_chain)
{
    const char *t[] = { "5H 6H 7H" };
    ck_assert_int_eq(go("8H 9H 10H KS", t, 1, 0), 10);   /* 8 9 10 laid off in a chain */
    ck_assert_int_eq(go("8H 10H", t, 1, 0), 10);          /* 10H cannot follow 7H */
    ck_assert_int_eq(go("8H 10H JK", t, 1, 0), 0);        /* the joker names 9H */
    ck_assert_int_eq(go("4H 3H 2H", t, 1, 0), 0);         /* the low end */
}
END_TEST

START_TEST(test_R4_set_gets_missing_suit)
{
    const char *t[] = { "9C 9D 9H" };
    ck_assert_int_eq(go("9S", t, 1, 0), 0);
    ck_assert_int_eq(go("9S 9S", t, 1, 0), 9);   /* only one 9S fits */
    const char *t4[] = { "9C 9D 9H 9S" };
    ck_assert_int_eq(go("9S", t4, 1, 0), 9);     /* a 4-card set takes nothing */
    ck_assert_int_eq(go("JK", t, 1, 0), 0);      /* a joker names 9S */
}
END_TEST

START_TEST(test_R5_joker_freed_and_reused)
{
    /* 6H takes the table joker; the joker then fills 2C _ 4C in hand */
    const char *t[] = { "5H JK=6H 7H" };
    gr_rummy_hand h = H("6H 2C 4C");
    gr_rummy_meld m = M(t[0]);
    gr_rummy_plan p;
    ck_assert_int_eq(gr_rummy_go_out(&h, &m, 1, 0, &p), 0);
    ck_assert_int_eq(p.moves[0].kind, GR_RUMMY_MOVE_TAKE_JOKER);
    ck_assert_int_eq(p.moves[0].meld, 0);
    replay_plan(&h, &m, 1, 0, &p);
    ck_assert_int_eq(go("6H 2C 4C", t, 1, 0), 0);
    /* the freed joker laid off on another meld */
    const char *t2[] = { "5H JK=6H 7H", "KS KD KC" };
    ck_assert_int_eq(go("6H", t2, 2, 0), 0);
    ck_assert_int_eq(go("6H 2D", t2, 2, 0), 2);
}
END_TEST

/* R4, R5: jokers laid off on a run's ends until it spans 13 ranks; one
 * left over costs 15 (R7) unless a meld of the hand or a set takes it */
START_TEST(test_R4_R5_jokers_fill_a_run)
{
    const char *t[] = { "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC" };
    ck_assert_int_eq(go("JK", t, 1, 0), 0);            /* names KC */
    ck_assert_int_eq(go("JK JK", t, 1, 0), 15);        /* no room for the second */
    ck_assert_int_eq(go("JK JK", t, 1, GR_RUMMY_ACE_HIGH), 15);   /* never K-A-2 */
    ck_assert_int_eq(go("JK JK JK", t, 1, 0), 30);     /* jokers alone never meld */
    ck_assert_int_eq(go("JK JK 5H", t, 1, 0), 0);      /* 5H JK JK */
    const char *t2[] = { "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC", "9D 9H 9S" };
    ck_assert_int_eq(go("JK JK JK", t2, 2, 0), 0);     /* AC, KC, the set's 9C */
    ck_assert_int_eq(go("JK JK JK JK", t2, 2, 0), 15);
    const char *t3[] = { "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC", "5H JK=6H 7H" };
    ck_assert_int_eq(go("6H JK JK JK", t3, 2, 0), 0);     /* takes the joker */
}
END_TEST

START_TEST(test_R3_ace_ends_on_table)
{
    const char *t[] = { "JH QH KH" };
    ck_assert_int_eq(go("AH", t, 1, 0), 1);
    ck_assert_int_eq(go("AH", t, 1, GR_RUMMY_ACE_HIGH), 0);
    const char *t2[] = { "QH KH AH" };
    ck_assert_int_eq(go("2H", t2, 1, GR_RUMMY_ACE_HIGH), 2);   /* never K-A-2 */
    ck_assert_int_eq(go("JH 10H", t2, 1, GR_RUMMY_ACE_HIGH), 0);
}
END_TEST

START_TEST(test_R7_can_go_out)
{
    gr_rummy_meld t = M("5H 6H 7H");
    gr_rummy_hand h = H("8H 9H");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &t, 1, 0, GR_NO_CARD), GR_RUMMY_OUT_MELD);
    h = H("8H KS");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &t, 1, 0, GR_NO_CARD), GR_RUMMY_OUT_DISCARD);
    /* the card that may not be discarded is the one left */
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &t, 1, 0, GR_CARD(GR_KING, GR_SPADES)),
                     GR_RUMMY_OUT_NO);
    h = H("8H KS QS");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &t, 1, 0, GR_NO_CARD), GR_RUMMY_OUT_NO);
    h = H("");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, NULL, 0, 0, GR_NO_CARD), GR_RUMMY_OUT_MELD);
    h = H("JK");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, NULL, 0, 0, GR_NO_CARD), GR_RUMMY_OUT_DISCARD);
    ck_assert_int_eq(gr_rummy_can_go_out(&h, NULL, 0, 0, GR_RUMMY_JOKER), GR_RUMMY_OUT_NO);
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &t, 1, 0, GR_RUMMY_JOKER), GR_RUMMY_OUT_MELD);
}
END_TEST

START_TEST(test_R4_bad_input)
{
    gr_rummy_hand h = H("8H"), bad = { 0, 1, 0 };
    gr_rummy_meld t = M("5H 6H 7H"), illegal = M("5H 6H 8H"), badm = { 1, 2 };
    gr_rummy_meld jt = M("5H JK=6H JK=7H");
    gr_rummy_hand many = H("JK JK JK JK JK JK JK 2C");
    gr_rummy_plan p;
    memset(&p, 0x44, sizeof p);
    gr_rummy_plan keep = p;
    ck_assert_int_eq(gr_rummy_go_out(NULL, &t, 1, 0, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&bad, &t, 1, 0, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&h, &t, 1, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&h, NULL, 1, 0, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&h, &t, -1, 0, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&h, &t, GR_RUMMY_MAX_MELDS + 1, 0, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&h, &t, 1, 2, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&h, &illegal, 1, 0, &p), GR_EILLEGAL);
    ck_assert_int_eq(gr_rummy_go_out(&h, &badm, 1, 0, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_go_out(&many, &jt, 1, 0, &p), GR_EINVAL);   /* 9 jokers */
    ck_assert(memcmp(&p, &keep, sizeof p) == 0);
    ck_assert_int_eq(gr_rummy_go_out(&h, NULL, 0, 0, &p), 8);
    ck_assert_int_eq(gr_rummy_can_go_out(NULL, &t, 1, 0, GR_NO_CARD), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &illegal, 1, 0, GR_NO_CARD), GR_EILLEGAL);
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &t, 1, 0, 53), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_can_go_out(&h, &t, 1, 4, GR_NO_CARD), GR_EINVAL);
}
END_TEST

/* R3, R5: a table meld that is not a meld gets the status and reason from
 * the going-out calls that gr_rummy_game_play() and gr_rummy_meld_check()
 * give the same meld; malformed arguments their own reason each. */
START_TEST(test_R3_R5_go_out_check_reasons)
{
    gr_rummy_hand h = H("8H"), bad = { 0, 1, 0 };
    gr_rummy_meld t = M("5H 6H 7H");
    gr_rummy_plan p;
    struct { const char *meld; int reason; } cases[] = {
        { "5H 6H 8H", GR_REASON_RUMMY_NOT_A_MELD },     /* R3 */
        { "5H 6C 7H", GR_REASON_RUMMY_NOT_A_MELD },     /* R3 */
        { "5H JK=6H JK=9H", GR_REASON_JOKER_FACE },     /* R5 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_rummy_meld m = M(cases[i].meld);
        int why = -1, why2 = -1;
        ck_assert_int_eq(gr_rummy_go_out_check(&h, &m, 1, 0, &why), GR_EILLEGAL);
        ck_assert_int_eq(why, cases[i].reason);
        ck_assert_int_eq(gr_rummy_meld_check(&m, 0, &why2), GR_EILLEGAL);
        ck_assert_int_eq(why2, why);
        ck_assert_int_eq(gr_rummy_go_out(&h, &m, 1, 0, &p), GR_EILLEGAL);
        ck_assert_int_eq(gr_rummy_can_go_out(&h, &m, 1, 0, GR_NO_CARD), GR_EILLEGAL);
        ck_assert_int_eq(gr_rummy_can_go_out_plan(&h, &m, 1, 0, GR_NO_CARD, &p),
                         GR_EILLEGAL);
    }
    gr_rummy_meld nonat = { GR_CARD_BIT(3) | GR_CARD_BIT(4) | GR_CARD_BIT(5), 0 };
    nonat.jokers = nonat.cards;   /* R5: jokers only */
    int why = -1;
    ck_assert_int_eq(gr_rummy_go_out_check(&h, &nonat, 1, 0, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_NO_NATURAL);
    ck_assert_int_eq(gr_rummy_go_out_check(NULL, &t, 1, 0, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_go_out_check(&h, NULL, 1, 0, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_go_out_check(&h, &t, 1, 4, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_go_out_check(&h, &t, -1, 0, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_go_out_check(&bad, &t, 1, 0, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_CARD);
    gr_rummy_hand many = H("JK JK JK JK JK JK JK 2C");
    gr_rummy_meld jt = M("5H JK=6H JK=7H");
    ck_assert_int_eq(gr_rummy_go_out_check(&many, &jt, 1, 0, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_RUMMY_CARDS);
    ck_assert_int_eq(gr_rummy_go_out_check(&h, &t, 1, 0, &why), GR_OK);
    ck_assert_int_eq(why, GR_REASON_NONE);
    ck_assert_int_eq(gr_rummy_go_out_check(&h, NULL, 0, 0, NULL), GR_OK);
}
END_TEST

/* R1: at most two decks, so the hand and the table's natural cards hold
 * each face at most twice, and at most 8 jokers together; anything more
 * is refused by every going-out call with GR_REASON_RUMMY_CARDS and
 * nothing written.  A joker naming a face is no copy of it. */
START_TEST(test_R1_go_out_third_copy_refused)
{
    struct { const char *hand; const char *table[3]; int nt; int ok; } cases[] = {
        { "5C 5C", { "5C 5D 5H" }, 1, 0 },                   /* hand twice + table */
        { "5C", { "5C 5D 5H", "5C 6C 7C" }, 2, 0 },          /* hand + table twice */
        { "8H", { "5C 5D 5H", "5C 6C 7C", "3C 4C 5C" }, 3, 0 },   /* table only */
        { "5C", { "5C 5D 5H", "3C 4C JK=5C" }, 2, 1 },       /* a joker named 5C */
        { "5C JK", { "5C 5D 5H", "3C 4C JK=5C 6C" }, 2, 1 },
        { "5C 5C", { "3C 4C JK=5C", "JK=5C 5D 5H" }, 2, 1 },   /* two copies, jokers */
        { "JK JK JK JK JK JK JK 2C", { "5H JK=6H JK=7H" }, 1, 0 },   /* a 9th joker */
        { "JK JK JK JK JK JK 2C", { "5H JK=6H JK=7H" }, 1, 1 },      /* 8 jokers */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_rummy_hand h = H(cases[i].hand);
        gr_rummy_meld t[3];
        for (int k = 0; k < cases[i].nt; k++)
            t[k] = M(cases[i].table[k]);
        int why = -1;
        int rc = gr_rummy_go_out_check(&h, t, cases[i].nt, 0, &why);
        gr_rummy_plan p;
        memset(&p, 0x3C, sizeof p);
        gr_rummy_plan keep = p;
        if (cases[i].ok) {
            ck_assert_msg(rc == GR_OK && why == GR_REASON_NONE, "case %zu", i);
            ck_assert_int_ge(gr_rummy_go_out(&h, t, cases[i].nt, 0, &p), 0);
            continue;
        }
        ck_assert_msg(rc == GR_EINVAL && why == GR_REASON_RUMMY_CARDS, "case %zu", i);
        for (int flags = 0; flags <= GR_RUMMY_ACE_HIGH; flags++) {
            ck_assert_int_eq(gr_rummy_go_out(&h, t, cases[i].nt, flags, &p), GR_EINVAL);
            ck_assert_int_eq(gr_rummy_can_go_out(&h, t, cases[i].nt, flags, GR_NO_CARD),
                             GR_EINVAL);
            ck_assert_int_eq(gr_rummy_can_go_out_plan(&h, t, cases[i].nt, flags,
                                                      GR_NO_CARD, &p), GR_EINVAL);
            ck_assert(memcmp(&p, &keep, sizeof p) == 0);
        }
    }
}
END_TEST

/* a random hand-plus-table case: up to 4 legal table melds, up to 10 faces
 * (half of them near a table meld), jokers in all at most 4 */
static int random_case(test_rng *r, int flags, gr_rummy_meld t[4], gr_rummy_hand *h)
{
    int jleft = test_below(r, 5);
    int nt = test_below(r, 5);
    for (int k = 0; k < nt; k++)
        if (!random_table_meld(r, flags, &t[k], &jleft)) {
            nt = k;
            break;
        }
    *h = (gr_rummy_hand){ 0, 0, jleft > 0 ? test_below(r, jleft + 1) : 0 };
    int cards = test_below(r, 11);
    while (cards > 0) {
        gr_card f;
        if (nt > 0 && test_below(r, 2)) {   /* near a table meld */
            gr_cards c = t[test_below(r, nt)].cards;
            int at = __builtin_ctzll(c) + test_below(r, 5) - 2;
            if (test_below(r, 3) == 0)
                at = __builtin_ctzll(c) % 13 + 13 * test_below(r, 4);
            if (at < 0 || at > 51)
                continue;
            f = (gr_card)at;
        } else {
            f = (gr_card)test_below(r, 52);
        }
        if (gr_rummy_hand_add(h, f) == GR_OK)
            cards--;
    }
    return rummy_fit_decks(t, nt, h);
}

/* the library's way out of case i against the oracle's value, replayed */
static void cross_check_go_out(long i, const gr_rummy_hand *h, const gr_rummy_meld *t,
                               int nt, int flags)
{
    gr_rummy_plan p;
    int lib = gr_rummy_go_out(h, t, nt, flags, &p);
    int ref = oracle_rummy_go_out(h, t, nt, flags);
    if (lib != ref) {
        char buf[512], tb[1024];
        gr_rummy_hand_format(h, buf, sizeof buf);
        rummy_table_text(t, nt, tb, sizeof tb);
        ck_abort_msg("case %ld hand \"%s\" table %s flags %d: library %d, oracle %d",
                     i, buf, tb, flags, lib, ref);
    }
    replay_plan(h, t, nt, flags, &p);
    check_kept_arranged(h, &p, flags);
}

START_TEST(test_R4_R5_R7_random_vs_oracle)
{
    test_rng r = { 0x60007 };
    long n = test_count(20000);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1);
        gr_rummy_meld t[4];
        gr_rummy_hand h;
        int nt = random_case(&r, flags, t, &h);
        cross_check_go_out(i, &h, t, nt, flags);
    }
}
END_TEST

/* Dense hands (two decks, 2 to 4 adjacent ranks, 0 to 4 jokers: most
 * meld whole or all but their dead cards) going out with no table: the
 * value is gr_rummy_value's and the melds gr_rummy_arrange's (R3, R5, R7) */
START_TEST(test_R3_R5_R7_dense_plan_melds_arranged)
{
    test_rng r = { 0x6003B };
    long n = test_count(3000);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1), k = 6 + test_below(&r, 9);
        int lo = test_below(&r, 13), w = 2 + test_below(&r, 3);
        gr_rummy_hand h = { 0, 0, test_below(&r, 5) };
        for (k -= h.jokers; k > 0;)
            if (gr_rummy_hand_add(&h, (gr_card)(13 * test_below(&r, 4)
                                                + (lo + test_below(&r, w)) % 13)) == GR_OK)
                k--;
        if (test_below(&r, 4) == 0)
            gr_rummy_hand_add(&h, (gr_card)test_below(&r, 52));   /* often dead */
        gr_rummy_plan p;
        ck_assert_int_eq(gr_rummy_go_out(&h, NULL, 0, flags, &p), gr_rummy_value(&h, flags));
        replay_plan(&h, NULL, 0, flags, &p);
        check_kept_arranged(&h, &p, flags);
    }
}
END_TEST

/* the way out of gr_rummy_can_go_out_plan replayed: legal moves, nothing
 * left (MELD) or one card other than no_discard (DISCARD) */
static void check_out_plan(const gr_rummy_hand *h, const gr_rummy_meld *t, int nt, int flags,
                           gr_card no_discard, int expect)
{
    gr_rummy_plan p;
    memset(&p, 0x5A, sizeof p);
    gr_rummy_plan keep = p;
    int rc = gr_rummy_can_go_out_plan(h, t, nt, flags, no_discard, &p);
    ck_assert_int_eq(rc, expect);
    if (rc == GR_RUMMY_OUT_NO) {
        ck_assert(memcmp(&p, &keep, sizeof p) == 0);
        return;
    }
    replay_plan(h, t, nt, flags, &p);
    int left = gr_rummy_hand_count(&p.left);
    ck_assert_int_eq(left, rc == GR_RUMMY_OUT_MELD ? 0 : 1);
    if (left == 1 && no_discard != GR_NO_CARD)
        ck_assert_int_eq(gr_rummy_hand_holds(&p.left, no_discard), 0);
}

/* one position against the oracle: every way out and the least value
 * left (cross_check_go_out), can we go out keeping back no_discard, and
 * the plan that says how */
static void check_vs_oracle(long i, const gr_rummy_hand *h, const gr_rummy_meld *t, int nt,
                            int flags, gr_card no_discard)
{
    cross_check_go_out(i, h, t, nt, flags);
    int out = gr_rummy_can_go_out(h, t, nt, flags, no_discard);
    ck_assert_int_eq(out, oracle_rummy_can_go_out(h, t, nt, flags, no_discard));
    check_out_plan(h, t, nt, flags, no_discard, out);
}

/* R5 with R4 and R7: the only card in hand may not be discarded, but it
 * takes a table joker, and the joker is discarded */
START_TEST(test_R5_R7_out_by_discarding_a_taken_joker)
{
    gr_rummy_meld t[2] = { M("3C JK=3D 3H 3S"), M("7C 8C 9C") };
    gr_rummy_hand h = H("3D");
    gr_card d3 = GR_CARD(GR_THREE, GR_DIAMONDS);
    ck_assert_int_eq(gr_rummy_can_go_out(&h, t, 1, 0, d3), GR_RUMMY_OUT_DISCARD);
    ck_assert_int_eq(oracle_rummy_can_go_out(&h, t, 1, 0, d3), GR_RUMMY_OUT_DISCARD);
    check_out_plan(&h, t, 1, 0, d3, GR_RUMMY_OUT_DISCARD);
    gr_rummy_plan p;
    ck_assert_int_eq(gr_rummy_can_go_out_plan(&h, t, 1, 0, d3, &p), GR_RUMMY_OUT_DISCARD);
    ck_assert_int_eq(p.nmoves, 1);
    ck_assert_int_eq(p.moves[0].kind, GR_RUMMY_MOVE_TAKE_JOKER);
    ck_assert_int_eq(p.left.jokers, 1);
    ck_assert_int_eq(p.value, 15);
    /* the least value left keeps the 3D (3 points), no way out */
    ck_assert_int_eq(go("3D", (const char *const[]){ "3C JK=3D 3H 3S" }, 1, 0), 3);
    /* a joker taken from the pile may not be discarded either (R4) */
    ck_assert_int_eq(gr_rummy_can_go_out(&h, t, 1, 0, GR_RUMMY_JOKER), GR_RUMMY_OUT_DISCARD);
    h = H("3D JK");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, t, 1, 0, GR_RUMMY_JOKER), GR_RUMMY_OUT_NO);
    /* 3D takes the joker, 10C and the joker are laid off on the run */
    h = H("3D 10C");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, t, 2, 0, GR_NO_CARD), GR_RUMMY_OUT_MELD);
    check_out_plan(&h, t, 2, 0, d3, GR_RUMMY_OUT_MELD);
    /* two 3D that may not be discarded: one takes the joker, and the
     * other 3D and the joker cannot both go */
    h = H("3D 3D");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, t, 1, 0, d3), GR_RUMMY_OUT_NO);
    ck_assert_int_eq(oracle_rummy_can_go_out(&h, t, 1, 0, d3), GR_RUMMY_OUT_NO);
    check_out_plan(&h, t, 1, 0, d3, GR_RUMMY_OUT_NO);
    /* with a run on the table: 3D takes the joker, and both jokers are
     * laid off on 7C 8C 9C (6C and 10C): out without a discard */
    h = H("3D JK");
    ck_assert_int_eq(gr_rummy_can_go_out(&h, t, 2, 0, d3), GR_RUMMY_OUT_MELD);
    ck_assert_int_eq(gr_rummy_can_go_out_plan(NULL, t, 2, 0, d3, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_can_go_out_plan(&h, t, 2, 0, d3, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_can_go_out_plan(&h, t, 2, 0, 53, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_can_go_out_plan(&h, t, 2, 2, d3, &p), GR_EINVAL);
}
END_TEST

/* gr_rummy_can_go_out and its plan against the oracle's every order of
 * table moves, no_discard a random card of the hand, a joker or none */
START_TEST(test_R4_R5_R7_can_go_out_random_vs_oracle)
{
    test_rng r = { 0x60029 };
    long n = test_count(6000);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1);
        gr_rummy_meld t[4];
        gr_rummy_hand h;
        int nt = random_case(&r, flags, t, &h);
        /* small hands, so that going out happens often */
        while (gr_rummy_hand_count(&h) > 4 && h.once) {
            gr_card f = (gr_card)__builtin_ctzll(h.once);
            if (test_below(&r, 2))
                f = (gr_card)(63 - __builtin_clzll(h.once));
            gr_rummy_hand_remove(&h, f);
        }
        gr_card nd = GR_NO_CARD;
        int k = test_below(&r, 4);
        if (k == 1)
            nd = GR_RUMMY_JOKER;
        else if (k >= 2 && h.once)
            nd = (gr_card)__builtin_ctzll(h.once);
        int lib = gr_rummy_can_go_out(&h, t, nt, flags, nd);
        int ref = oracle_rummy_can_go_out(&h, t, nt, flags, nd);
        if (lib != ref) {
            char buf[512], tb[512];
            gr_rummy_hand_format(&h, buf, sizeof buf);
            rummy_table_text(t, nt, tb, sizeof tb);
            ck_abort_msg("case %ld hand \"%s\" table %s flags %d no_discard %d: library %d, oracle %d",
                         i, buf, tb, flags, nd, lib, ref);
        }
        check_out_plan(&h, t, nt, flags, nd, lib);
    }
}
END_TEST

/* up to want (<= 8) random table melds, mostly sets: a run is kept one
 * time in `odds`; *jleft the jokers they may still hold.  Their number. */
static int sets_table(test_rng *r, int flags, gr_rummy_meld *t, int want, int *jleft,
                      int odds)
{
    int nt = 0;
    while (nt < want) {
        gr_rummy_meld m;
        if (!random_table_meld(r, flags, &m, jleft))
            break;
        if (gr_rummy_meld_kind(&m, flags) == GR_MELD_RUN && test_below(r, odds))
            continue;   /* mostly sets */
        t[nt++] = m;
    }
    return nt;
}

/* Tables of many 3-card sets (whose layoffs the value of the cards left
 * takes, R4), with runs among them, against the oracle: small hands near
 * the melds, up to 4 jokers in all, some table jokers to take (R5). */
START_TEST(test_R4_R5_many_sets_random_vs_oracle)
{
    test_rng r = { 0x60031 };
    long n = test_count(3000);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1), jleft = test_below(&r, 5);
        gr_rummy_meld t[8];
        int nt = sets_table(&r, flags, t, 3 + test_below(&r, 6), &jleft, 3);
        gr_rummy_hand h = { 0, 0, jleft > 0 ? test_below(&r, jleft + 1) : 0 };
        int cards = 1 + test_below(&r, 6);
        while (cards > 0) {
            gr_cards c = t[test_below(&r, nt)].cards;
            int at = __builtin_ctzll(c) % 13 + 13 * test_below(&r, 4);
            if (test_below(&r, 3) == 0)
                at = test_below(&r, 52);
            if (gr_rummy_hand_add(&h, (gr_card)at) == GR_OK)
                cards--;
        }
        nt = rummy_fit_decks(t, nt, &h);
        gr_card nd = h.once && test_below(&r, 2) ? (gr_card)__builtin_ctzll(h.once) : GR_NO_CARD;
        check_vs_oracle(i, &h, t, nt, flags, nd);
    }
}
END_TEST

/* The most three-card sets each lacking a face the hand holds that two
 * decks allow (R1): 26, two per rank (R4): every card goes (value 0);
 * with two cards no meld takes, the least value is their points and the
 * player cannot go out (R7). */
START_TEST(test_R4_R7_table_of_26_sets)
{
    gr_rummy_meld t[GR_RUMMY_MAX_MELDS];
    gr_rummy_hand h;
    int nt = hostile_sets(t, &h, 36);
    ck_assert_int_eq(nt, 26);
    ck_assert_int_eq(gr_rummy_go_out_check(&h, t, nt, 0, NULL), GR_OK);
    gr_rummy_plan p;
    for (int flags = 0; flags <= 1; flags++) {
        ck_assert_int_eq(gr_rummy_go_out(&h, t, nt, flags, &p), 0);
        replay_plan(&h, t, nt, flags, &p);
        ck_assert_int_eq(gr_rummy_can_go_out(&h, t, nt, flags, GR_NO_CARD), GR_RUMMY_OUT_MELD);
    }
    /* without the sets of queens and kings, two kings no meld takes */
    gr_rummy_hand h2 = h;
    gr_rummy_meld t2[GR_RUMMY_MAX_MELDS];
    int n2 = 0;
    for (int i = 0; i < nt; i++)
        if (GR_CARD_RANK(__builtin_ctzll(t[i].cards)) < 11)
            t2[n2++] = t[i];
    gr_cards keep = 0;
    for (int i = 0; i < n2; i++)
        for (int s = 0; s < 4; s++)
            keep |= ~t2[i].cards & GR_CARD_BIT(GR_CARD(GR_CARD_RANK(__builtin_ctzll(t2[i].cards)), s));
    h2.once &= keep;
    h2.twice &= keep;
    gr_rummy_hand_add(&h2, GR_CARD(GR_KING, GR_DIAMONDS));   /* no Q, J in hand */
    gr_rummy_hand_add(&h2, GR_CARD(GR_KING, GR_HEARTS));
    ck_assert_int_eq(gr_rummy_go_out(&h2, t2, n2, 0, &p), 20);
    replay_plan(&h2, t2, n2, 0, &p);
    ck_assert_int_eq(gr_rummy_can_go_out(&h2, t2, n2, 0, GR_NO_CARD), GR_RUMMY_OUT_NO);
    gr_rummy_hand_remove(&h2, GR_CARD(GR_KING, GR_HEARTS));
    ck_assert_int_eq(gr_rummy_can_go_out(&h2, t2, n2, 0, GR_NO_CARD), GR_RUMMY_OUT_DISCARD);
}
END_TEST

/* 24 table runs with a card of the hand between each two (R4): every card
 * is laid off, kings after the queens on 9-10-J too (the ace high, R3,
 * with one copy); a king without its queen is left.  The plans replay.
 * Two copies of every card and two KC go out too (they once reached the
 * search's bound). */
START_TEST(test_R3_R4_table_of_24_runs)
{
    gr_rummy_meld t[GR_RUMMY_MAX_MELDS];
    gr_rummy_hand h;
    gr_rummy_plan p;
    for (int copies = 1; copies <= 2; copies++) {
        int nt = hostile_runs(t, &h, copies);
        ck_assert_int_eq(gr_rummy_go_out(&h, t, nt, 0, &p), 0);
        replay_plan(&h, t, nt, 0, &p);
        gr_rummy_hand_add(&h, GR_CARD(GR_KING, GR_CLUBS));
        gr_rummy_hand_add(&h, GR_CARD(GR_KING, GR_DIAMONDS));
        /* the kings follow the queens laid off on 9-10-J */
        int flags = copies == 1 ? GR_RUMMY_ACE_HIGH : 0;
        ck_assert_int_eq(gr_rummy_go_out(&h, t, nt, flags, &p), 0);
        replay_plan(&h, t, nt, flags, &p);
        ck_assert_int_eq(gr_rummy_can_go_out(&h, t, nt, flags, GR_NO_CARD), GR_RUMMY_OUT_MELD);
        gr_rummy_hand_remove(&h, GR_CARD(GR_QUEEN, GR_CLUBS));
        if (copies == 2) {   /* each KC follows a QC */
            gr_rummy_hand_add(&h, GR_CARD(GR_QUEEN, GR_CLUBS));
            gr_rummy_hand_remove(&h, GR_CARD(GR_KING, GR_DIAMONDS));
            gr_rummy_hand_add(&h, GR_CARD(GR_KING, GR_CLUBS));
            ck_assert_int_eq(gr_rummy_go_out(&h, t, nt, 0, &p), 0);
            replay_plan(&h, t, nt, 0, &p);
        }
        if (copies == 1) {   /* KC follows nothing: 10 left, or discarded */
            ck_assert_int_eq(gr_rummy_go_out(&h, t, nt, flags, &p), 10);
            replay_plan(&h, t, nt, flags, &p);
            ck_assert_int_eq(gr_rummy_can_go_out(&h, t, nt, flags, GR_NO_CARD),
                             GR_RUMMY_OUT_DISCARD);
        }
    }
}
END_TEST

/* the same with bigger, joker-rich hands (8 to 12 cards, their faces
 * mostly those of the table's ranks, up to 4 jokers) next to tables of
 * sets: the leaves' search lays naturals off alone onto the sets lacking
 * their face and leaves their room to jokers (R4, R5, R7) */
START_TEST(test_R4_R5_sets_bigger_hands_vs_oracle)
{
    test_rng r = { 0x5E75 };
    long n = test_count(400);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1), jleft = 4 + test_below(&r, 5);
        gr_rummy_meld t[8];
        int nt = sets_table(&r, flags, t, 3 + test_below(&r, 5), &jleft, 4);
        if (nt == 0)
            continue;
        int j = test_below(&r, (jleft < 4 ? jleft : 4) + 1);
        gr_rummy_hand h = { 0, 0, j };
        for (int cards = 8 + test_below(&r, 5) - j; cards > 0;) {
            gr_cards c = t[test_below(&r, nt)].cards;
            int at = (__builtin_ctzll(c) % 13 + 12 + test_below(&r, 3)) % 13 + 13 * test_below(&r, 4);
            if (test_below(&r, 4) == 0)
                at = test_below(&r, 52);
            if (gr_rummy_hand_add(&h, (gr_card)at) == GR_OK)
                cards--;
        }
        nt = rummy_fit_decks(t, nt, &h);
        check_vs_oracle(i, &h, t, nt, flags, GR_NO_CARD);
    }
}
END_TEST

/* t[nt], the run of suit s from position lo to hi (a joker at position
 * `joker` unless it is -1), and, with `copy`, the other deck's copy of its
 * naturals; the new count */
static int push_run(gr_rummy_meld *t, int nt, int s, int lo, int hi, int joker, bool copy)
{
    gr_rummy_meld m = { 0, 0 };
    for (int q = lo; q <= hi; q++)
        m.cards |= GR_CARD_BIT(GR_CARD(q, s));
    if (joker >= 0)
        m.jokers = GR_CARD_BIT(GR_CARD(joker, s));
    t[nt++] = m;
    if (copy)
        t[nt++] = (gr_rummy_meld){ m.cards, 0 };
    return nt;
}

/* the table fitted to two decks with the hand, checked well formed, and
 * the searches against the oracle with a random card kept back (a joker,
 * the hand's lowest natural, or none) */
static void fit_and_check_vs_oracle(test_rng *r, long i, gr_rummy_hand *h, gr_rummy_meld *t,
                                    int nt, int flags)
{
    nt = rummy_fit_decks(t, nt, h);
    ck_assert_int_eq(gr_rummy_go_out_check(h, t, nt, flags, NULL), GR_OK);
    gr_card nd = test_below(r, 3) == 0 ? GR_RUMMY_JOKER
               : h->once && test_below(r, 2) ? (gr_card)__builtin_ctzll(h->once) : GR_NO_CARD;
    check_vs_oracle(i, h, t, nt, flags, nd);
}

/* Joker-rich cases against the oracle (R4, R5, R7): 2 to 4 table melds,
 * mostly runs, holding most of up to 5 jokers (their naturals often in
 * hand, to take), the rest (3 at most) in a hand of up to 7 cards near the runs'
 * ends; every third case has one long run (9 to 12 cards) and sets, so
 * that the run's room may not hold every card of the hand. */
START_TEST(test_R4_R5_R7_jokers_vs_oracle)
{
    test_rng r = { 0x70C3 };
    long n = test_count(1500);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1), jleft = 2 + test_below(&r, 4), longr = i % 3 == 0;
        int want = longr ? 2 + test_below(&r, 2) : 2 + test_below(&r, 3);
        gr_rummy_meld t[8];
        int nt = 0;
        while (nt < want) {
            gr_rummy_meld m;
            int j = jleft;
            if (!random_table_meld(&r, flags, &m, &j))
                break;
            int kind = gr_rummy_meld_kind(&m, flags);
            if (longr ? (nt > 0) == (kind == GR_MELD_RUN) : kind == GR_MELD_SET && test_below(&r, 3))
                continue;   /* mostly runs; or one long run and sets */
            if (longr && nt == 0 && gr_rummy_meld_kind(&m, flags) == GR_MELD_RUN) {
                int lo = __builtin_ctzll(m.cards), s = lo / 13;   /* 9 to 12 cards */
                int len = 9 + test_below(&r, 4), q0 = test_below(&r, 13 - len + 1);
                m.cards = m.jokers = 0;
                for (int q = q0; q < q0 + len; q++)
                    m.cards |= GR_CARD_BIT(13 * s + q);
                if (test_below(&r, 2))
                    m.jokers = GR_CARD_BIT(13 * s + q0 + 1 + test_below(&r, len - 2));
                j = jleft - __builtin_popcountll(m.jokers);
            }
            if (j < 0 || gr_rummy_meld_kind(&m, flags) <= 0)
                continue;
            jleft = j;
            t[nt++] = m;
        }
        gr_rummy_hand h = { 0, 0, test_below(&r, jleft + 1) };
        if (h.jokers > 3)
            h.jokers = 3;
        for (int k = 0; k < nt; k++)   /* the naturals of table jokers */
            for (gr_cards jk = t[k].jokers; jk; jk &= jk - 1)
                if (test_below(&r, 3))
                    gr_rummy_hand_add(&h, (gr_card)__builtin_ctzll(jk));
        for (int cards = test_below(&r, 8); cards > 0 && gr_rummy_hand_count(&h) < 7;) {
            int at = test_below(&r, 52);
            if (nt > 0 && test_below(&r, 4)) {   /* beyond a meld's ends */
                gr_cards c = t[test_below(&r, nt)].cards;
                at = test_below(&r, 2) ? __builtin_ctzll(c) - 1 - test_below(&r, 3)
                                       : 63 - __builtin_clzll(c) + 1 + test_below(&r, 3);
                if (at < 0 || at > 51)
                    continue;
            }
            if (gr_rummy_hand_add(&h, (gr_card)at) == GR_OK)
                cards--;
        }
        fit_and_check_vs_oracle(&r, i, &h, t, nt, flags);
    }
}
END_TEST

/* Dense tables like the climbed ones against the oracle (R1, R4, R5,
 * R7): 3 or 4 runs of one or two suits, both decks' copies of a run
 * side by side and runs from several low ends (blocks of runs, where the
 * search asks its relaxed bound), some with a joker; a hand of 2 to 5
 * cards and 1 or 2 jokers near their ends; fitted to two decks (the
 * oracle's every order of table moves bounds the size). */
START_TEST(test_R4_R5_R7_dense_blocks_vs_oracle)
{
    test_rng r = { 0xB10C };
    long n = test_count(800);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1), s0 = test_below(&r, 4), s1 = test_below(&r, 4);
        int jleft = 6, want = 3 + test_below(&r, 2), nt = 0;   /* 6 + 2 jokers at most */
        gr_rummy_meld t[4];
        while (nt < want) {
            int s = test_below(&r, 3) ? s0 : s1, len = 3 + test_below(&r, 2);
            int lo = 4 * test_below(&r, 3) + test_below(&r, 2);
            if (lo + len > 13)
                continue;
            int joker = jleft > 0 && test_below(&r, 3) == 0 ? lo + test_below(&r, len) : -1;
            jleft -= joker >= 0;
            bool copy = nt + 1 < want && test_below(&r, 2);   /* the other deck's copy */
            nt = push_run(t, nt, s, lo, lo + len - 1, joker, copy);
        }
        gr_rummy_hand h = { 0, 0, 1 + test_below(&r, 2) };
        for (int cards = 2 + test_below(&r, 4); cards > 0;) {
            gr_cards c = t[test_below(&r, nt)].cards;
            int at = test_below(&r, 2) ? __builtin_ctzll(c) - 1 - test_below(&r, 2)
                                       : 63 - __builtin_clzll(c) + 1 + test_below(&r, 2);
            if (test_below(&r, 4) == 0)
                at = GR_CARD(test_below(&r, 13), test_below(&r, 4));
            if (at >= 0 && at <= 51)
                cards -= gr_rummy_hand_add(&h, (gr_card)at) == GR_OK;
        }
        fit_and_check_vs_oracle(&r, i, &h, t, nt, flags);
    }
}
END_TEST

/* Hand-built chains (R3, R4, R5, R7): the ends of the runs take the
 * cards of the hand, a run never holds both ends of the ace, both decks'
 * copies of a run take a chain each (one end takes one copy of a face),
 * the jokers left over need room (a run's end, a set lacking a face),
 * and one card may stay to be discarded; each against the oracle too */
START_TEST(test_R3_R4_R5_R7_chains_compete)
{
    enum { NO = GR_RUMMY_OUT_NO, DISCARD = GR_RUMMY_OUT_DISCARD, MELD = GR_RUMMY_OUT_MELD };
    static const char *const run2k = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH";
    static const char *const runaq = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD";
    static const struct {
        const char *hand, *table[3];
        int nt, value[2], out[2];
    } cases[] = {
        /* an ace at one end of 2..K only (11 points ace high) */
        { "AH AH", { run2k }, 1, { 1, 11 }, { DISCARD, DISCARD } },
        /* both decks' runs 2..K: an ace each */
        { "AH AH", { run2k, run2k }, 2, { 0, 0 }, { MELD, MELD } },
        /* the copies of 4-5-6: 2-3 on one, 3 on the other, 7 high */
        { "2C 3C 3C 7C", { "4C 5C 6C", "4C 5C 6C" }, 2, { 0, 0 }, { MELD, MELD } },
        /* 8-9 to either run's end, 4 and K to theirs */
        { "4S 8S 9S KS", { "5S 6S 7S", "10S JS QS" }, 2, { 0, 0 }, { MELD, MELD } },
        /* a joker bridges 9 to the run's end (8 is not held) */
        { "9S JK", { "5S 6S 7S" }, 1, { 0, 0 }, { MELD, MELD } },
        /* room for two jokers (KD, the set's 7S): the third stays */
        { "JK JK JK", { runaq, "7C 7D 7H" }, 2, { 15, 15 }, { DISCARD, DISCARD } },
        /* one joker to KD, the other stays */
        { "JK JK", { runaq }, 1, { 15, 15 }, { DISCARD, DISCARD } },
        /* 5S laid off, the king discarded */
        { "KC 5S", { "6S 7S 8S" }, 1, { 10, 10 }, { DISCARD, DISCARD } },
        /* two kings nothing takes: no way out */
        { "KC KD 5S", { "6S 7S 8S" }, 1, { 20, 20 }, { NO, NO } },
        /* one end for two KD: the second stays */
        { "QD KD KD", { "9D 10D JD" }, 1, { 10, 10 }, { DISCARD, DISCARD } },
        /* both decks' runs: a Q-K chain each */
        { "QD QD KD KD", { "9D 10D JD", "9D 10D JD" }, 2, { 0, 0 }, { MELD, MELD } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int flags = 0; flags <= GR_RUMMY_ACE_HIGH; flags++) {
            gr_rummy_hand h = H(cases[i].hand);
            gr_rummy_meld t[3];
            for (int k = 0; k < cases[i].nt; k++)
                t[k] = M(cases[i].table[k]);
            gr_rummy_plan p;
            ck_assert_msg(gr_rummy_go_out(&h, t, cases[i].nt, flags, &p) == cases[i].value[flags],
                          "case %zu flags %d", i, flags);
            ck_assert_msg(gr_rummy_can_go_out(&h, t, cases[i].nt, flags, GR_NO_CARD)
                          == cases[i].out[flags], "case %zu flags %d", i, flags);
            check_vs_oracle((long)i, &h, t, cases[i].nt, flags, GR_NO_CARD);
            check_vs_oracle((long)i, &h, t, cases[i].nt, flags,
                            h.once ? (gr_card)(63 - __builtin_clzll(h.once)) : GR_RUMMY_JOKER);
        }
}
END_TEST

/* Runs near the aces against the oracle (R3, R4, R5, R7): 2 to 4 runs of
 * one or two suits ending next to an ace (A-2-3, 2-3-4, J-Q-K, 10-J-Q,
 * both decks' copies, now and then 2..K), a 3-card set lacking a face, a
 * hand of 2 to 5 cards of aces, kings and faces next to the runs' ends,
 * up to 2 jokers (in hand or on the table); either ace option. */
START_TEST(test_R3_R4_R5_R7_runs_by_the_aces_vs_oracle)
{
    test_rng r = { 0xACE5 };
    long n = test_count(600);
    for (long i = 0; i < n; i++) {
        int flags = (int)(i & 1), s0 = test_below(&r, 4), s1 = test_below(&r, 4);
        int want = 2 + test_below(&r, 3), nt = 0, jleft = 2;
        gr_rummy_meld t[6];
        static const int los[5][2] = { { 0, 2 }, { 1, 3 }, { 10, 12 }, { 9, 11 }, { 1, 12 } };
        while (nt < want) {
            int s = test_below(&r, 3) ? s0 : s1, k = test_below(&r, 9) ? test_below(&r, 4) : 4;
            int joker = jleft > 0 && test_below(&r, 4) == 0 ? los[k][0] + 1 : -1;
            jleft -= joker >= 0;
            bool copy = nt + 1 < want && test_below(&r, 3) == 0;
            nt = push_run(t, nt, s, los[k][0], los[k][1], joker, copy);
        }
        if (test_below(&r, 2)) {   /* a set lacking one suit */
            int rank = test_below(&r, 13), miss = test_below(&r, 4);
            gr_rummy_meld m = { 0, 0 };
            for (int su = 0; su < 4; su++)
                if (su != miss)
                    m.cards |= GR_CARD_BIT(GR_CARD(rank, su));
            t[nt++] = m;
        }
        gr_rummy_hand h = { 0, 0, test_below(&r, jleft + 1) };
        for (int cards = 2 + test_below(&r, 4) - h.jokers; cards > 0;) {
            gr_cards c = t[test_below(&r, nt)].cards;
            int s = __builtin_ctzll(c) / 13, at;
            switch (test_below(&r, 4)) {
            case 0:
                at = GR_CARD(test_below(&r, 2) ? GR_ACE : GR_KING, s);
                break;
            case 1:
                at = __builtin_ctzll(c) - 1;
                break;
            case 2:
                at = 63 - __builtin_clzll(c) + 1;
                break;
            default:
                at = GR_CARD(test_below(&r, 13), test_below(&r, 4));
            }
            if (at >= 0 && at <= 51)
                cards -= gr_rummy_hand_add(&h, (gr_card)at) == GR_OK;
        }
        fit_and_check_vs_oracle(&r, i, &h, t, nt, flags);
    }
}
END_TEST

/* Large random tables (up to 30 melds, 8 jokers), beyond the oracle:
 * gr_rummy_can_go_out (one search keeping back any one card) against
 * gr_rummy_can_go_out_plan (each card kept back in turn) (R4, R5, R7) */
START_TEST(test_R4_R5_R7_can_go_out_two_ways)
{
    test_rng r = { 0x7A0D };
    for (long i = 0, n = test_count(3000); i < n; i++) {
        gr_rummy_meld t[30];
        int flags = (int)(i & 1), jleft = test_below(&r, 9), nt = 0;
        for (int want = 1 + test_below(&r, 30); nt < want
             && random_table_meld(&r, flags, &t[nt], &jleft); nt++) {}
        gr_rummy_hand h = { 0, 0, jleft > 0 ? test_below(&r, jleft + 1) : 0 };
        for (int cards = 1 + test_below(&r, 13); cards > 0 && nt > 0;) {
            gr_cards c = t[test_below(&r, nt)].cards;
            int at = test_below(&r, 2) ? __builtin_ctzll(c) % 13 + 13 * test_below(&r, 4)
                                       : (63 - __builtin_clzll(c) + 1) % 52;
            cards -= gr_rummy_hand_add(&h, (gr_card)(test_below(&r, 4) ? at : test_below(&r, 52)))
                     == GR_OK;
        }
        nt = rummy_fit_decks(t, nt, &h);
        gr_card nd = test_below(&r, 4) == 0 ? GR_RUMMY_JOKER
                   : test_below(&r, 2) && h.once ? (gr_card)__builtin_ctzll(h.once) : GR_NO_CARD;
        gr_rummy_plan p;
        int out = gr_rummy_can_go_out(&h, t, nt, flags, nd);
        ck_assert_int_eq(out, gr_rummy_can_go_out_plan(&h, t, nt, flags, nd, &p));
    }
}
END_TEST

/* the slowest going-out searches of hands of up to 14 cards built
 * (tests/rummy_hostile.h: tables of 24 runs or sets with the hand's cards
 * each going to several of them, two kings after one queen, jokers to
 * take): the value, the plan replayed, the way out, with either ace
 * option (R3, R4, R5, R7) */
START_TEST(test_R4_R5_R7_hostile_tables)
{
    gr_rummy_meld t[GR_RUMMY_MAX_MELDS];
    gr_rummy_hand h;
    gr_rummy_plan p;
    int nt, value[2], out[2];
    const char *name;
    int k;
    for (k = 0; (name = hostile_goout(k, t, &nt, &h, value, out)) != NULL; k++)
        for (int flags = 0; flags <= GR_RUMMY_ACE_HIGH; flags++) {
            ck_assert_int_le(gr_rummy_hand_count(&h), 14);
            ck_assert_msg(gr_rummy_go_out_check(&h, t, nt, flags, NULL) == GR_OK, "%s", name);
            ck_assert_msg(gr_rummy_go_out(&h, t, nt, flags, &p) == value[flags], "%s", name);
            replay_plan(&h, t, nt, flags, &p);
            check_kept_arranged(&h, &p, flags);
            ck_assert_msg(gr_rummy_can_go_out(&h, t, nt, flags, GR_NO_CARD) == out[flags], "%s",
                          name);
            if (out[flags] != GR_RUMMY_OUT_NO)
                check_out_plan(&h, t, nt, flags, GR_NO_CARD, out[flags]);
        }
    ck_assert_int_eq(k, 9 + (int)(sizeof hostile_climbed / sizeof hostile_climbed[0]));
    /* a table climbing found before a third copy was refused (R1) */
    int why = -1;
    ck_assert(hostile_parse(hostile_refused.hand, hostile_refused.table, t, &nt, &h));
    ck_assert_int_eq(gr_rummy_go_out_check(&h, t, nt, 0, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_RUMMY_CARDS);
    ck_assert_int_eq(gr_rummy_go_out(&h, t, nt, 0, &p), GR_EINVAL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rummy_goout");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_R4_layoff_chain);
    tcase_add_test(tc, test_R4_R5_R7_hostile_tables);
    tcase_add_test(tc, test_R4_set_gets_missing_suit);
    tcase_add_test(tc, test_R5_joker_freed_and_reused);
    tcase_add_test(tc, test_R3_ace_ends_on_table);
    tcase_add_test(tc, test_R4_R5_jokers_fill_a_run);
    tcase_add_test(tc, test_R7_can_go_out);
    tcase_add_test(tc, test_R5_R7_out_by_discarding_a_taken_joker);
    tcase_add_test(tc, test_R4_bad_input);
    tcase_add_test(tc, test_R3_R5_go_out_check_reasons);
    tcase_add_test(tc, test_R1_go_out_third_copy_refused);
    tcase_add_test(tc, test_R3_R4_R5_R7_chains_compete);
    suite_add_tcase(s, tc);
    TCase *tr = tcase_create("random");
    tcase_set_timeout(tr, 600);
    tcase_add_test(tr, test_R4_R5_R7_random_vs_oracle);
    tcase_add_test(tr, test_R3_R5_R7_dense_plan_melds_arranged);
    tcase_add_test(tr, test_R4_R5_R7_can_go_out_random_vs_oracle);
    tcase_add_test(tr, test_R4_R5_many_sets_random_vs_oracle);
    tcase_add_test(tr, test_R4_R5_sets_bigger_hands_vs_oracle);
    tcase_add_test(tr, test_R4_R5_R7_jokers_vs_oracle);
    tcase_add_test(tr, test_R4_R5_R7_dense_blocks_vs_oracle);
    tcase_add_test(tr, test_R3_R4_R5_R7_runs_by_the_aces_vs_oracle);
    tcase_add_test(tr, test_R4_R5_R7_can_go_out_two_ways);
    tcase_add_test(tr, test_R4_R7_table_of_26_sets);
    tcase_add_test(tr, test_R3_R4_table_of_24_runs);
    suite_add_tcase(s, tr);
    return test_run_suite(s);
}
