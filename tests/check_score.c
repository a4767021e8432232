/*
 * check_score.c: score keeping: settling with the knocker in
 * either seat, a chosen first dealer (G6), undo, the hands recorded, match
 * save/load round trips and damaged texts refused, the box bonus's name.
 */
#include <check.h>

#include "testutil.h"

#include <ginrummy.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gr_cards C(const char *text)
{
    gr_cards c = 0;
    ck_assert_int_eq(gr_cards_parse(text, &c), GR_OK);
    return c;
}

static gr_rules *rules_of(int preset)
{
    gr_rules *r = NULL;
    ck_assert_int_eq(gr_rules_new(&r, preset), GR_OK);
    return r;
}

static char *match_text(const gr_match *m)
{
    int n = gr_match_save(m, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *t = malloc((size_t)n + 1);
    ck_assert_int_eq(gr_match_save(m, t, (size_t)n + 1), n);
    return t;
}

/* a random consistent result */
static gr_hand_result random_result(test_rng *r)
{
    gr_hand_result h;
    memset(&h, 0, sizeof h);
    h.outcome = test_below(r, 5);
    h.knocker = test_below(r, 2);
    h.winner = h.outcome == GR_OUTCOME_UNDERCUT ? 1 - h.knocker : h.knocker;
    h.points = test_below(r, 40);
    return h;
}

static void same_score(const gr_match *a, const gr_match *b)
{
    gr_score sa, sb;
    ck_assert_int_eq(gr_match_score(a, &sa), GR_OK);
    ck_assert_int_eq(gr_match_score(b, &sb), GR_OK);
    ck_assert(memcmp(&sa, &sb, sizeof sa) == 0);
    ck_assert_int_eq(gr_match_dealer(a), gr_match_dealer(b));
}

/* G20-G24: the knocker in seat 1 is the mirror of seat 0 */
START_TEST(test_G23_settle_either_seat)
{
    gr_rules *r = rules_of(GR_PRESET_STANDARD);
    gr_arrangement k;
    ck_assert_int_eq(gr_arrange(C("AC 2C 3C 4D 5D 6D 7H 8H 9H 2S"), &k), 2);
    gr_cards d = C("KC QC JD 10S 9S 8C 7S 6C 5H 4S");
    gr_settle_options o;
    memset(&o, 0, sizeof o);
    gr_hand_result a, b;
    int why;
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &a, &why), GR_OK);
    o.knocker = 1;
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &b, &why), GR_OK);
    ck_assert_int_eq(a.outcome, GR_OUTCOME_KNOCK);
    ck_assert_int_eq(a.knocker, 0);
    ck_assert_int_eq(a.winner, 0);
    ck_assert_int_eq(b.knocker, 1);
    ck_assert_int_eq(b.winner, 1);
    ck_assert_int_eq(b.points, a.points);
    /* an undercut by seat 0 against the knocker in seat 1 */
    ck_assert_int_eq(gr_arrange(C("AC 2C 3C 4D 5D 6D 7H 8H 9H 10S"), &k), 10);
    d = C("KC KD KH QC QD QH JC JD JH AS");
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &b, NULL), GR_OK);
    ck_assert_int_eq(b.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(b.knocker, 1);
    ck_assert_int_eq(b.winner, 0);
    gr_match *m;
    ck_assert_int_eq(gr_match_new(&m, r, 5), GR_OK);
    ck_assert_int_eq(gr_match_record(m, &b), GR_OK);
    gr_score s;
    gr_match_score(m, &s);
    ck_assert_int_eq(s.hand_points[0], b.points);
    ck_assert_int_eq(gr_match_dealer(m), 0);   /* G8: the winner deals */
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* G6: the first dealer chosen instead of the cut */
START_TEST(test_G6_first_dealer_chosen)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    for (int d = 0; d < 2; d++) {
        gr_match *m;
        ck_assert_int_eq(gr_match_new_dealer(&m, r, 9, d), GR_OK);
        ck_assert_int_eq(gr_match_dealer(m), d);
        gr_card cut[2];
        ck_assert_int_eq(gr_match_cut(m, cut), GR_ESTATE);
        gr_game *g;
        ck_assert_int_eq(gr_match_deal(m, &g), GR_OK);
        ck_assert_int_eq(gr_game_dealer(g), d);
        gr_game_free(g);
        gr_match_free(m);
    }
    gr_match *m;
    ck_assert_int_eq(gr_match_new_dealer(&m, r, 9, 2), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_dealer(NULL, r, 9, 0), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_dealer(&m, NULL, 9, 0), GR_EINVAL);
    gr_rules_free(r);
}
END_TEST

/* G6, G40: a table of 3 or 4 chooses its first dealer; it survives a
 * save and load, and the deals follow from it */
START_TEST(test_G40_first_dealer_chosen_3_4)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    for (int players = 2; players <= 4; players++)
        for (int d = 0; d < players; d++) {
            gr_match *m;
            ck_assert_int_eq(gr_match_new_players_dealer(&m, r, 9, players, d), GR_OK);
            ck_assert_int_eq(gr_match_players(m), players);
            gr_card cuts[4];
            ck_assert_int_eq(gr_match_cuts(m, cuts), 0);
            /* 2 and 3 players: the seat deals (and with 3 sits out); 4:
             * his team deals at both tables of the even deals */
            int want = players == 4 ? d & 1 : d;
            ck_assert_int_eq(gr_match_dealer(m), want);
            gr_table t;
            for (int tab = 0; tab < gr_match_tables(m); tab++) {
                ck_assert_int_eq(gr_match_table(m, tab, &t), GR_OK);
                if (players == 4)
                    ck_assert_int_eq(t.dealer_seat % 2, d & 1);
                if (players == 3) {
                    ck_assert_int_eq(t.dealer_seat, d);
                    ck_assert(t.seats[0] != d && t.seats[1] != d);
                    ck_assert_int_eq(t.seats[0], (d + 1) % 3);   /* acts first */
                }
            }
            /* the first deal recorded: with 4 the other team deals next */
            gr_hand_result h;
            memset(&h, 0, sizeof h);
            h.outcome = GR_OUTCOME_KNOCK;
            h.points = 10;
            for (int tab = 0; tab < gr_match_tables(m); tab++)
                ck_assert_int_eq(gr_match_record_table(m, tab, &h), GR_OK);
            if (players == 4) {
                ck_assert_int_eq(gr_match_table(m, 0, &t), GR_OK);
                ck_assert_int_eq(t.dealer_seat % 2, 1 - (d & 1));
            }
            /* save and load keep the seat and the score */
            char *text = match_text(m);
            char line[32];
            snprintf(line, sizeof line, "\nfirst_dealer %d\n", d);
            ck_assert_msg(strstr(text, line) != NULL, "%s", text);
            gr_match *back;
            ck_assert_int_eq(gr_match_load(&back, text), GR_OK);
            char *again = match_text(back);
            ck_assert_str_eq(text, again);
            ck_assert_int_eq(gr_match_dealer(back), gr_match_dealer(m));
            free(again);
            free(text);
            gr_match_free(back);
            gr_match_free(m);
        }
    /* 2 players: the same match as gr_match_new_dealer() */
    gr_match *a, *b;
    ck_assert_int_eq(gr_match_new_players_dealer(&a, r, 5, 2, 1), GR_OK);
    ck_assert_int_eq(gr_match_new_dealer(&b, r, 5, 1), GR_OK);
    char *ta = match_text(a), *tb = match_text(b);
    ck_assert_str_eq(ta, tb);
    free(ta);
    free(tb);
    gr_match_free(a);
    gr_match_free(b);
    /* refusals write nothing */
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new_players_dealer(&m, r, 9, 3, 3), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players_dealer(&m, r, 9, 4, -1), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players_dealer(&m, r, 9, 5, 0), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players_dealer(&m, r, 9, 1, 0), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players_dealer(NULL, r, 9, 3, 0), GR_EINVAL);
    ck_assert_int_eq(gr_match_new_players_dealer(&m, NULL, 9, 3, 0), GR_EINVAL);
    ck_assert_ptr_null(m);
    /* a saved seat the table does not have is refused */
    gr_match *t3;
    ck_assert_int_eq(gr_match_new_players_dealer(&t3, r, 9, 3, 2), GR_OK);
    char *text = match_text(t3);
    char *at = strstr(text, "first_dealer 2");
    ck_assert_ptr_nonnull(at);
    at[13] = '3';   /* seat 3 of a 3-player table */
    ck_assert_int_eq(gr_match_load(&m, text), GR_EPARSE);
    at[13] = '7';
    ck_assert_int_eq(gr_match_load(&m, text), GR_EPARSE);
    ck_assert_ptr_null(m);
    free(text);
    gr_match_free(t3);
    gr_rules_free(r);
}
END_TEST

/* G25, G26: undo gives the score of the shorter match; reasons */
START_TEST(test_G25_undo_and_reasons)
{
    test_rng rng = { 1325 };
    gr_rules *r = rules_of(GR_PRESET_STANDARD);
    long n = test_count(200);
    for (long i = 0; i < n; i++) {
        gr_match *m, *ref;
        uint64_t seed = test_next(&rng);
        ck_assert_int_eq(gr_match_new(&m, r, seed), GR_OK);
        gr_hand_result h[64];
        int k = 0;
        while (k < 64) {
            h[k] = random_result(&rng);
            if (gr_match_record(m, &h[k]) != GR_OK) {
                ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_MATCH_OVER);
                break;
            }
            ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_NONE);
            k++;
        }
        ck_assert_int_eq(gr_match_results(m, NULL, 0), k);
        gr_hand_result got[64];
        ck_assert_int_eq(gr_match_results(m, got, 64), k);
        for (int j = 0; j < k; j++) {
            ck_assert_int_eq(got[j].outcome, h[j].outcome);
            if (h[j].outcome != GR_OUTCOME_VOID) {
                ck_assert_int_eq(got[j].winner, h[j].winner);
                ck_assert_int_eq(got[j].points, h[j].points);
            } else {
                ck_assert_int_eq(got[j].winner, -1);
            }
        }
        int undo = test_below(&rng, k + 1);
        for (int j = 0; j < undo; j++)
            ck_assert_int_eq(gr_match_undo(m), GR_OK);
        ck_assert_int_eq(gr_match_new(&ref, r, seed), GR_OK);
        for (int j = 0; j < k - undo; j++)
            ck_assert_int_eq(gr_match_record(ref, &h[j]), GR_OK);
        same_score(m, ref);
        gr_match_free(ref);
        gr_match_free(m);
    }
    gr_match *m;
    ck_assert_int_eq(gr_match_new(&m, r, 1), GR_OK);
    ck_assert_int_eq(gr_match_undo(m), GR_ESTATE);
    ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_NOTHING_TO_UNDO);
    gr_hand_result bad;
    memset(&bad, 0, sizeof bad);
    bad.outcome = GR_OUTCOME_UNDERCUT;
    bad.knocker = 0;
    bad.winner = 0;
    ck_assert_int_eq(gr_match_record(m, &bad), GR_EINVAL);
    ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_BAD_RESULT);
    ck_assert_int_eq(gr_match_record(m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_NULL_ARGUMENT);
    /* a finished match opens again when its last hand is undone */
    bad.outcome = GR_OUTCOME_GIN;
    bad.points = 500;
    ck_assert_int_eq(gr_match_record(m, &bad), GR_OK);
    ck_assert_int_eq(gr_match_record(m, &bad), GR_ESTATE);
    ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_MATCH_OVER);
    ck_assert_int_eq(gr_match_undo(m), GR_OK);
    gr_score s;
    gr_match_score(m, &s);
    ck_assert_int_eq(s.over, 0);
    ck_assert_int_eq(s.hands_played, 0);
    ck_assert_int_eq(gr_match_undo(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_last_reason(NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_results(NULL, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_match_results(m, NULL, 2), GR_EINVAL);
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* save and load: round trips, the next deal kept, damaged text refused */
START_TEST(test_G25_match_save_load)
{
    test_rng rng = { 1326 };
    long n = test_count(60);
    for (long i = 0; i < n; i++) {
        gr_rules *r = rules_of((int)(i % 3));
        ck_assert_int_eq(gr_rules_set(r, GR_OPT_TARGET, 50 + test_below(&rng, 100)), GR_OK);
        gr_match *m;
        uint64_t seed = test_next(&rng);
        if (i & 1)
            ck_assert_int_eq(gr_match_new(&m, r, seed), GR_OK);
        else
            ck_assert_int_eq(gr_match_new_dealer(&m, r, seed, (int)(i >> 1) & 1), GR_OK);
        int hands = test_below(&rng, 12);
        for (int k = 0; k < hands; k++) {
            if (test_below(&rng, 2)) {
                gr_game *g;
                if (gr_match_deal(m, &g) == GR_OK)
                    gr_game_free(g);
            }
            gr_hand_result h = random_result(&rng);
            gr_match_record(m, &h);
        }
        char *text = match_text(m);
        gr_match *l = NULL;
        gr_parse_error e;
        ck_assert_int_eq(gr_match_load_ex(&l, text, NULL, &e), GR_OK);
        char *again = match_text(l);
        ck_assert_str_eq(text, again);
        same_score(m, l);
        char *crlf = test_crlf(text);   /* \r\n line ends read as \n */
        gr_match *from_crlf = NULL;
        ck_assert_int_eq(gr_match_load(&from_crlf, crlf), GR_OK);
        char *crlf_again = match_text(from_crlf);
        ck_assert_str_eq(text, crlf_again);
        free(crlf_again);
        free(crlf);
        gr_match_free(from_crlf);
        gr_card c1[2], c2[2];
        ck_assert_int_eq(gr_match_cut(m, c1), gr_match_cut(l, c2));
        /* the same next deal */
        gr_game *g1 = NULL, *g2 = NULL;
        int rc1 = gr_match_deal(m, &g1), rc2 = gr_match_deal(l, &g2);
        ck_assert_int_eq(rc1, rc2);
        if (rc1 == GR_OK) {
            char *s1 = test_save(g1), *s2 = test_save(g2);
            ck_assert_str_eq(s1, s2);
            free(s1);
            free(s2);
        }
        gr_game_free(g1);
        gr_game_free(g2);
        /* no proper prefix loads */
        size_t len = strlen(text);
        for (size_t cut = 0, next; cut < len;   /* the last cut is len - 1 */
             next = cut + 1 + (size_t)test_below(&rng, 9),
             cut = next >= len && cut < len - 1 ? len - 1 : next) {
            char *p = malloc(cut + 1);
            memcpy(p, text, cut);
            p[cut] = '\0';
            gr_match *x = NULL;
            int rc = gr_match_load(&x, p);
            /* "...end" without its newline too (the last cut tried) */
            ck_assert_msg(rc != GR_OK, "a prefix of %d bytes loaded", (int)cut);
            gr_match_free(x);
            free(p);
        }
        /* random damage: refused or loaded, never a crash or a leak */
        for (int k = 0; k < 20; k++) {
            char *p = strdup(text);
            p[test_below(&rng, (int)len)] = (char)(32 + test_below(&rng, 95));
            gr_match *x = NULL;
            int rc = gr_match_load_ex(&x, p, NULL, &e);
            ck_assert(rc == GR_OK || rc == GR_EPARSE || rc == GR_EILLEGAL);
            gr_match_free(x);
            free(p);
        }
        free(text);
        free(again);
        gr_match_free(l);
        gr_match_free(m);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G25_match_load_damaged)
{
    static const char good[] =
        "ginrummy-match 1\n"
        "rules target=100\n"
        "seed 7\n"
        "first_dealer 1\n"
        "deals 2\n"
        "hand knock knocker 0 winner 0 points 25\n"
        "hand void\n"
        "end\n";
    gr_match *m = NULL;
    gr_parse_error e;
    ck_assert_int_eq(gr_match_load_ex(&m, good, NULL, &e), GR_OK);
    ck_assert_int_eq(gr_match_dealer(m), 0);
    gr_score s;
    gr_match_score(m, &s);
    ck_assert_int_eq(s.hand_points[0], 25);
    ck_assert_int_eq(s.hands_played, 2);
    gr_match_free(m);
    m = NULL;
    struct { const char *text; int rc; int offset; } bad[] = {
        { "ginrummy-match 2\nend\n", GR_EPARSE, 0 },
        { "ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 1\ndeals 2\nend\nhand void\n",
          GR_EPARSE, 68 },
        { "ginrummy-match 1\nrules nonsense=1\nseed 7\nfirst_dealer cut\ndeals 0\nend\n",
          GR_EPARSE, 17 },
        { "ginrummy-match 1\nrules target=100\nseed 7\nseed 8\nfirst_dealer 1\ndeals 0\nend\n",
          GR_EPARSE, 41 },
        { "ginrummy-match 1\nrules target=100\nseed x7\nfirst_dealer 1\ndeals 0\nend\n",
          GR_EPARSE, 39 },
        { "ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 2\ndeals 0\nend\n",
          GR_EPARSE, 54 },
        { "ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 1\ndeals 0\n"
          "hand gin knocker 0 winner 1 points 5\nend\n", GR_EILLEGAL, 64 },
        { "ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 1\ndeals 0\n"
          "hand knock knocker 0 winner 0 points 100\nhand void\nend\n", GR_EILLEGAL, 105 },
        { "ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 1\ndeals 0\n"
          "hand knock knocker 0 winner 0\nend\n", GR_EPARSE, -1 },
        { "ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 1\ndeals 0\n", GR_EPARSE, -1 },
        { "", GR_EPARSE, 0 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&e, 0x11, sizeof e);
        ck_assert_msg(gr_match_load_ex(&m, bad[i].text, NULL, &e) == bad[i].rc,
                      "case %d", (int)i);
        ck_assert_ptr_null(m);
        if (bad[i].offset >= 0)
            ck_assert_msg((int)e.offset == bad[i].offset, "case %d: offset %d", (int)i,
                          (int)e.offset);
        if (bad[i].rc == GR_EILLEGAL) {   /* the refused hand's line, whole */
            ck_assert_int_eq(e.line, 6 + (int)(bad[i].offset > 64));
            ck_assert_int_eq(strncmp(bad[i].text + e.offset, "hand ", 5), 0);
            ck_assert(bad[i].text[e.offset + e.length] == '\n');
            ck_assert_int_ne(e.reason, GR_REASON_NONE);
        }
    }
    ck_assert_int_eq(gr_match_load(NULL, good), GR_EINVAL);
    ck_assert_int_eq(gr_match_load(&m, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_match_save(NULL, NULL, 0), GR_EINVAL);
}
END_TEST

/* G26: the box bonus has one name; hand_bonus stays an alias */
START_TEST(test_G26_box_bonus_name)
{
    ck_assert_int_eq(GR_OPT_BOX_BONUS, GR_OPT_HAND_BONUS);
    ck_assert_int_eq(gr_option_lookup("box_bonus"), GR_OPT_BOX_BONUS);
    ck_assert_int_eq(gr_option_lookup("hand_bonus"), GR_OPT_BOX_BONUS);
    ck_assert_int_eq(gr_option_lookup("HAND_BONUS"), GR_OPT_BOX_BONUS);
    gr_option_info info;
    ck_assert_int_eq(gr_option_describe(GR_OPT_BOX_BONUS, &info), GR_OK);
    ck_assert_str_eq(info.name, "box_bonus");
    /* a game saved with the old name still loads */
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_game *g;
    ck_assert_int_eq(gr_game_new(&g, r, 3, 0), GR_OK);
    char *text = test_save(g);
    char *p = strstr(text, "box_bonus");
    ck_assert_ptr_nonnull(p);
    char *old = malloc(strlen(text) + 2);
    memcpy(old, text, (size_t)(p - text));
    strcpy(old + (p - text), "hand_bonus");
    strcat(old, p + strlen("box_bonus"));
    gr_game *l;
    ck_assert_int_eq(gr_game_load(&l, old), GR_OK);
    char *again = test_save(l);
    ck_assert_str_eq(again, text);
    free(again);
    free(old);
    free(text);
    gr_game_free(l);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

static Suite *score_suite(void)
{
    Suite *s = suite_create("score");
    TCase *tc = tcase_create("score keeping");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_G23_settle_either_seat);
    tcase_add_test(tc, test_G6_first_dealer_chosen);
    tcase_add_test(tc, test_G40_first_dealer_chosen_3_4);
    tcase_add_test(tc, test_G25_undo_and_reasons);
    tcase_add_test(tc, test_G25_match_save_load);
    tcase_add_test(tc, test_G25_match_load_damaged);
    tcase_add_test(tc, test_G26_box_bonus_name);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(score_suite());
}
