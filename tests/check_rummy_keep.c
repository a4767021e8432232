/*
 * check_rummy_keep.c: Rummy score keeping for a real table: the first
 * dealer chosen, hands settled from what the table reports (R7 values,
 * jokers 15, the ace 1 or 11), undo at any point against a model of the
 * score, standings after each hand, and save/load: round trips, a loaded
 * match deals the same next hand, every prefix and damaged text refused,
 * and any single-byte change either refused or read back as written.
 */
#include <check.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummytest.h"

static gr_rummy_result out_result(int n, int winner, const int *left)
{
    gr_rummy_result r;
    memset(&r, 0, sizeof r);
    r.nplayers = n;
    r.outcome = winner >= 0 ? GR_RUMMY_OUTCOME_OUT : GR_RUMMY_OUTCOME_VOID;
    r.winner = winner;
    for (int p = 0; p < n && winner >= 0; p++)
        r.left_points[p] = p == winner ? 0 : left[p];
    return r;
}

static char *msave(const gr_rummy_match *m)
{
    int n = gr_rummy_match_save(m, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *t = malloc((size_t)n + 1);
    ck_assert_int_eq(gr_rummy_match_save(m, t, (size_t)n + 1), n);
    return t;
}

START_TEST(first_dealer_chosen_R2)
{
    gr_rummy_rules *r = rrules(4, 1, 0);
    gr_rummy_match *m;
    ck_assert_int_eq(gr_rummy_match_new_dealer(&m, r, 5, 2), GR_OK);
    ck_assert_int_eq(gr_rummy_match_dealer(m), 2);
    gr_rummy_game *g;
    ck_assert_int_eq(gr_rummy_match_deal(m, &g), GR_OK);
    ck_assert_int_eq(gr_rummy_game_dealer(g), 2);
    ck_assert_int_eq(gr_rummy_game_turn(g), 3);
    gr_rummy_game_free(g);
    gr_rummy_match_free(m);
    ck_assert_int_eq(gr_rummy_match_new_dealer(&m, r, 5, 4), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_match_new_dealer(&m, r, 5, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_match_new_dealer(NULL, r, 5, 0), GR_EINVAL);
    gr_rummy_rules_free(r);
}
END_TEST

START_TEST(settle_what_the_table_reports_R7)
{
    gr_rummy_rules *r = rrules(3, 1, 1);   /* ace high: the ace counts 11 */
    gr_rummy_hand left[3] = { H(""), H("AS KD JK"), H("2C 3C") };
    gr_rummy_result res;
    int why;
    ck_assert_int_eq(gr_rummy_settle(r, 0, left, 3, &res, &why), GR_OK);
    ck_assert_int_eq(why, GR_REASON_NONE);
    ck_assert_int_eq(res.outcome, GR_RUMMY_OUTCOME_OUT);
    ck_assert_int_eq(res.left_points[1], 11 + 10 + 15);
    ck_assert_int_eq(res.cards_left[1], 3);
    ck_assert_int_eq(res.score[0], 36 + 5);
    gr_rummy_rules_set(r, GR_RUMMY_OPT_ACE_HIGH, 0);   /* the ace counts 1 */
    ck_assert_int_eq(gr_rummy_settle(r, 0, left, 3, &res, NULL), GR_OK);
    ck_assert_int_eq(res.left_points[1], 1 + 10 + 15);
    ck_assert_int_eq(res.score[0], 26 + 5);
    /* one deck: 2C twice is more than the deck holds */
    left[2] = H("2C 2C");
    ck_assert_int_eq(gr_rummy_settle(r, 0, left, 3, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_RUMMY_CARDS);
    left[2] = H("JK 3C");   /* a second joker: one deck holds one */
    ck_assert_int_eq(gr_rummy_settle(r, 0, left, 3, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_RUMMY_CARDS);
    left[2] = H("3C");
    ck_assert_int_eq(gr_rummy_settle(r, 1, left, 3, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_WINNER_HOLDS_CARDS);
    ck_assert_int_eq(gr_rummy_settle(r, 3, left, 3, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_settle(r, 0, left, 2, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_settle(r, 0, NULL, 3, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_settle(r, -1, left, 3, &res, &why), GR_OK);
    ck_assert_int_eq(res.outcome, GR_RUMMY_OUTCOME_VOID);
    ck_assert_int_eq(res.score[0] + res.score[1] + res.score[2], 0);
    /* the settled result is what the match records */
    gr_rummy_match *m;
    ck_assert_int_eq(gr_rummy_match_new_dealer(&m, r, 1, 0), GR_OK);
    ck_assert_int_eq(gr_rummy_settle(r, 0, (gr_rummy_hand[3]){ H(""), H("KS"), H("5H") },
                                     3, &res, NULL), GR_OK);
    ck_assert_int_eq(gr_rummy_match_record(m, &res), GR_OK);
    gr_rummy_score sc;
    gr_rummy_match_score(m, &sc);
    ck_assert_int_eq(sc.total[0], 15);
    ck_assert_int_eq(sc.dealer, 1);
    gr_rummy_match_free(m);
    gr_rummy_rules_free(r);
}
END_TEST

START_TEST(record_refusals_and_undo)
{
    gr_rummy_rules *r = rrules(2, 0, 0);
    gr_rummy_rules_set(r, GR_RUMMY_OPT_TARGET, 50);
    gr_rummy_match *m;
    ck_assert_int_eq(gr_rummy_match_new_dealer(&m, r, 3, 1), GR_OK);
    ck_assert_int_eq(gr_rummy_match_undo(m), GR_ESTATE);
    ck_assert_int_eq(gr_rummy_match_last_reason(m), GR_REASON_NOTHING_TO_UNDO);
    int l30[2] = { 0, 30 };
    gr_rummy_result res = out_result(2, 0, l30);
    res.left_points[0] = 5;   /* the winner holds nothing */
    ck_assert_int_eq(gr_rummy_match_record(m, &res), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_match_last_reason(m), GR_REASON_BAD_RESULT);
    res = out_result(2, 0, l30);
    res.reserved[3] = 1;
    ck_assert_int_eq(gr_rummy_match_record(m, &res), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_match_last_reason(m), GR_REASON_RESERVED_NOT_ZERO);
    ck_assert_int_eq(gr_rummy_match_record(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_match_last_reason(m), GR_REASON_NULL_ARGUMENT);
    res = out_result(2, 0, l30);
    ck_assert_int_eq(gr_rummy_match_record(m, &res), GR_OK);
    ck_assert_int_eq(gr_rummy_match_last_reason(m), GR_REASON_NONE);
    ck_assert_int_eq(gr_rummy_match_record(m, &res), GR_OK);   /* 60: over */
    gr_rummy_score sc;
    gr_rummy_match_score(m, &sc);
    ck_assert(sc.over && sc.winner == 0 && sc.total[0] == 60);
    ck_assert_int_eq(gr_rummy_match_record(m, &res), GR_ESTATE);
    ck_assert_int_eq(gr_rummy_match_last_reason(m), GR_REASON_RUMMY_MATCH_OVER);
    ck_assert_int_eq(gr_rummy_match_undo(m), GR_OK);           /* open again */
    gr_rummy_match_score(m, &sc);
    ck_assert(!sc.over && sc.winner == -1 && sc.total[0] == 30 && sc.dealer == 0);
    ck_assert_int_eq(gr_rummy_match_score_after(m, 0, &sc), GR_OK);
    ck_assert(sc.total[0] == 0 && sc.dealer == 1 && sc.hands_played == 0);
    ck_assert_int_eq(gr_rummy_match_score_after(m, 2, &sc), GR_EINVAL);
    gr_rummy_result got[4];
    ck_assert_int_eq(gr_rummy_match_results(m, got, 4), 1);
    ck_assert_int_eq(got[0].score[0], 30);
    ck_assert_int_eq(got[0].left_points[1], 30);
    gr_rummy_match_free(m);
    gr_rummy_rules_free(r);
}
END_TEST

/* the score a list of hands gives, worked out on its own */
typedef struct model {
    int n, dealer, over, winner, played, won[7], total[7];
} model;

static void model_apply(model *s, int target, int winner, const int *left)
{
    s->played++;
    if (winner < 0)
        return;
    for (int p = 0; p < s->n; p++)
        s->total[winner] += p == winner ? 0 : left[p];
    s->won[winner]++;
    s->dealer = (s->dealer + 1) % s->n;
    if (target == 0 || s->total[winner] >= target) {
        s->over = 1;
        s->winner = winner;
    }
}

static void same_score(const gr_rummy_score *sc, const model *s)
{
    ck_assert_int_eq(sc->over, s->over);
    ck_assert_int_eq(sc->winner, s->over ? s->winner : -1);
    ck_assert_int_eq(sc->dealer, s->dealer);
    ck_assert_int_eq(sc->hands_played, s->played);
    for (int p = 0; p < s->n; p++) {
        ck_assert_int_eq(sc->total[p], s->total[p]);
        ck_assert_int_eq(sc->hands_won[p], s->won[p]);
    }
}

START_TEST(random_matches_undo_save_load)
{
    test_rng rng = { 28028 };
    long cases = test_count(60);
    for (long c = 0; c < cases; c++) {
        int n = 2 + test_below(&rng, 6), target = test_below(&rng, 4) * 60;
        gr_rummy_rules *r = rrules(n, test_below(&rng, 3), 0);
        gr_rummy_rules_set(r, GR_RUMMY_OPT_TARGET, target);
        gr_rummy_match *m;
        int first = test_below(&rng, n + 1) - 1;
        uint64_t seed = test_next(&rng);
        ck_assert_int_eq(first < 0 ? gr_rummy_match_new(&m, r, seed)
                                   : gr_rummy_match_new_dealer(&m, r, seed, first), GR_OK);
        int winners[64], lefts[64][7], k = 0;
        int start = gr_rummy_match_dealer(m);
        for (int step = 0; step < 40; step++) {
            int op = test_below(&rng, 10);
            gr_rummy_score sc;
            gr_rummy_match_score(m, &sc);
            if (op == 0) {
                int rc = gr_rummy_match_undo(m);
                ck_assert_int_eq(rc, k > 0 ? GR_OK : GR_ESTATE);
                if (k > 0)
                    k--;
            } else if (op == 1 && !sc.over) {
                gr_rummy_game *g;
                ck_assert_int_eq(gr_rummy_match_deal(m, &g), GR_OK);
                gr_rummy_game_free(g);
            } else if (k < 64) {
                int w = test_below(&rng, n + 1) - 1, left[7] = { 0 };
                for (int p = 0; p < n; p++)
                    left[p] = p == w ? 0 : test_below(&rng, 40);
                gr_rummy_result res = out_result(n, w, left);
                int rc = gr_rummy_match_record(m, &res);
                ck_assert_int_eq(rc, sc.over ? GR_ESTATE : GR_OK);
                if (rc == GR_OK) {
                    winners[k] = w;
                    memcpy(lefts[k], left, sizeof left);
                    k++;
                }
            }
            /* the model: every hand kept, from the first dealer */
            model s = { n, start, 0, -1, 0, { 0 }, { 0 } };
            for (int i = 0; i < k; i++) {
                gr_rummy_score after;
                ck_assert_int_eq(gr_rummy_match_score_after(m, i, &after), GR_OK);
                same_score(&after, &s);
                model_apply(&s, target, winners[i], lefts[i]);
            }
            gr_rummy_match_score(m, &sc);
            same_score(&sc, &s);
            ck_assert_int_eq(gr_rummy_match_results(m, NULL, 0), k);
        }
        /* save and load: the same text, the same next deal */
        char *text = msave(m);
        gr_rummy_match *back;
        gr_parse_error e;
        ck_assert_msg(gr_rummy_match_load_ex(&back, text, NULL, &e) == GR_OK,
                      "%s: line %d %s", text, e.line, gr_reason_name(e.reason));
        char *again = msave(back);
        ck_assert_str_eq(text, again);
        char *crlf = test_crlf(text);   /* \r\n line ends read as \n */
        gr_rummy_match *from_crlf;
        ck_assert_int_eq(gr_rummy_match_load(&from_crlf, crlf), GR_OK);
        char *crlf_again = msave(from_crlf);
        ck_assert_str_eq(text, crlf_again);
        free(crlf_again);
        free(crlf);
        gr_rummy_match_free(from_crlf);
        gr_rummy_score s1, s2;
        gr_rummy_match_score(m, &s1);
        gr_rummy_match_score(back, &s2);
        ck_assert(memcmp(&s1, &s2, sizeof s1) == 0);
        if (!s1.over) {
            gr_rummy_game *g1, *g2;
            ck_assert_int_eq(gr_rummy_match_deal(m, &g1), GR_OK);
            ck_assert_int_eq(gr_rummy_match_deal(back, &g2), GR_OK);
            char *t1 = rsave(g1), *t2 = rsave(g2);
            ck_assert_str_eq(t1, t2);
            free(t1);
            free(t2);
            gr_rummy_game_free(g1);
            gr_rummy_game_free(g2);
        }
        /* no proper prefix loads */
        size_t len = strlen(text);
        for (size_t cut = 0; cut < len; cut += 1 + (size_t)test_below(&rng, 5)) {
            char *pre = strndup(text, cut);
            gr_rummy_match *x = NULL;
            ck_assert_int_eq(gr_rummy_match_load(&x, pre), GR_EPARSE);
            ck_assert(x == NULL);
            free(pre);
        }
        /* a changed byte is refused or read back exactly as written */
        for (int t = 0; t < 20; t++) {
            char *bad = strdup(text);
            size_t at = (size_t)test_below(&rng, (int)len);
            static const char alphabet[] = "0123456789 \nabcdehlortuv=-";
            bad[at] = alphabet[test_below(&rng, (int)sizeof alphabet - 1)];
            gr_rummy_match *x = NULL;
            int rc = gr_rummy_match_load_ex(&x, bad, NULL, &e);
            if (rc == GR_OK) {
                char *t2 = msave(x);
                ck_assert_str_eq(t2, bad);
                free(t2);
                gr_rummy_match_free(x);
            } else {
                ck_assert(rc == GR_EPARSE || rc == GR_EILLEGAL);
                ck_assert_int_ne(e.reason, GR_REASON_NONE);
                ck_assert(x == NULL);
            }
            free(bad);
        }
        free(text);
        free(again);
        gr_rummy_match_free(back);
        gr_rummy_match_free(m);
        gr_rummy_rules_free(r);
    }
}
END_TEST

START_TEST(load_refusals)
{
    const char *good =
        "rummy-match 1\n"
        "rules players=2 decks=0 hand_size=0 jokers=0 ace_high=0 turnover_limit=0 target=50\n"
        "seed 7\nfirst_dealer 1\ndeals 0\nhand out 0 left 0 30\nhand void\nend\n";
    gr_rummy_match *m;
    gr_parse_error e;
    ck_assert_int_eq(gr_rummy_match_load_ex(&m, good, NULL, &e), GR_OK);
    gr_rummy_score sc;
    gr_rummy_match_score(m, &sc);
    ck_assert(sc.total[0] == 30 && sc.hands_played == 2 && sc.dealer == 0);
    gr_rummy_match_free(m);
    /* the winner with points left: the match refuses the hand */
    const char *bad =
        "rummy-match 1\n"
        "rules players=2 decks=0 hand_size=0 jokers=0 ace_high=0 turnover_limit=0 target=50\n"
        "seed 7\nfirst_dealer 1\ndeals 0\nhand out 0 left 4 30\nend\n";
    ck_assert_int_eq(gr_rummy_match_load_ex(&m, bad, NULL, &e), GR_EILLEGAL);
    ck_assert_int_eq(e.reason, GR_REASON_BAD_RESULT);
    ck_assert_int_eq(e.line, 6);
    /* a hand after the match is over */
    const char *over =
        "rummy-match 1\n"
        "rules players=2 decks=0 hand_size=0 jokers=0 ace_high=0 turnover_limit=0 target=50\n"
        "seed 7\nfirst_dealer cut\ndeals 0\nhand out 0 left 0 60\nhand void\nend\n";
    ck_assert_int_eq(gr_rummy_match_load_ex(&m, over, NULL, &e), GR_EILLEGAL);
    ck_assert_int_eq(e.reason, GR_REASON_RUMMY_MATCH_OVER);
    ck_assert_int_eq(gr_rummy_match_load_ex(&m, "rummy-match 1\n", NULL, &e), GR_EPARSE);
    char trailing[600];
    snprintf(trailing, sizeof trailing, "%sx", good);
    ck_assert_int_eq(gr_rummy_match_load(&m, trailing), GR_EPARSE);
    /* blank lines after the end load (as Gin's); a word after them is
     * refused at its line */
    snprintf(trailing, sizeof trailing, "%s\n \t\r\n\n", good);
    ck_assert_int_eq(gr_rummy_match_load_ex(&m, trailing, NULL, &e), GR_OK);
    ck_assert_int_eq(e.reason, GR_REASON_NONE);
    gr_rummy_match_score(m, &sc);
    ck_assert(sc.total[0] == 30 && sc.hands_played == 2);
    gr_rummy_match_free(m);
    snprintf(trailing, sizeof trailing, "%s\n  hand void\n", good);
    ck_assert_int_eq(gr_rummy_match_load_ex(&m, trailing, NULL, &e), GR_EPARSE);
    ck_assert_int_eq(e.reason, GR_REASON_SYNTAX);
    ck_assert_int_eq(e.line, 10);
    ck_assert_int_eq((int)e.length, 9);
    ck_assert(strncmp(trailing + e.offset, "hand void", 9) == 0);
    ck_assert_int_eq(gr_rummy_match_load(NULL, good), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_match_load(&m, NULL), GR_EINVAL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rummy_keep");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, first_dealer_chosen_R2);
    tcase_add_test(tc, settle_what_the_table_reports_R7);
    tcase_add_test(tc, record_refusals_and_undo);
    tcase_add_test(tc, random_matches_undo_save_load);
    tcase_add_test(tc, load_refusals);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
