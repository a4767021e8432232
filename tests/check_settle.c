/* check_settle.c: rule sets (presets, options) and the settlement of a
 * hand (G13, G14, G18, G20-G24, G28, G29, G31-G33). */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

/* ---- helpers ------------------------------------------------------------- */

#define cards(text) test_cards(text)
#define card(text) test_card(text)

/* An arrangement written by hand: melds separated by '|', then the
 * deadwood.  Melds are listed by their lowest card, as gr_arrange does. */
static gr_arrangement arr(const char *melds, const char *deadwood)
{
    gr_arrangement a;
    memset(&a, 0, sizeof a);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", melds);
    for (char *tok = strtok(buf, "|"); tok != NULL; tok = strtok(NULL, "|")) {
        gr_cards m = cards(tok);
        if (m == 0)
            continue;
        int i = a.nmelds++;
        while (i > 0 && __builtin_ctzll(a.melds[i - 1]) > __builtin_ctzll(m)) {
            a.melds[i] = a.melds[i - 1];
            i--;
        }
        a.melds[i] = m;
    }
    a.deadwood = cards(deadwood);
    a.deadwood_points = gr_cards_points(a.deadwood);
    return a;
}

static gr_rules *rules_of(int preset)
{
    gr_rules *r = NULL;
    ck_assert_int_eq(gr_rules_new(&r, preset), GR_OK);
    ck_assert_ptr_nonnull(r);
    return r;
}

static void set_opt(gr_rules *r, int option, int value)
{
    ck_assert_int_eq(gr_rules_set(r, option, value), GR_OK);
}

static int opt(const gr_rules *r, int option)
{
    int v = -12345;
    ck_assert_int_eq(gr_rules_get(r, option, &v), GR_OK);
    return v;
}

#define arrangement_cards(a) test_arrangement_cards(a)

/* Settle with a preset and check the headline fields. */
static gr_hand_result settle_ok(const gr_rules *r, const gr_arrangement *k,
                                gr_cards defender, int outcome, int winner,
                                int points)
{
    gr_hand_result res;
    memset(&res, 0x5A, sizeof res);
    ck_assert_int_eq(gr_settle(r, k, defender, &res), GR_OK);
    ck_assert_int_eq(res.outcome, outcome);
    ck_assert_int_eq(res.winner, winner);
    ck_assert_int_eq(res.points, points);
    if (outcome == GR_OUTCOME_VOID) {
        ck_assert_int_eq(res.knocker, -1);
        ck_assert_int_eq(res.multiplier, 0);
    } else {
        ck_assert_int_eq(res.knocker, 0);
        ck_assert_int_eq(res.multiplier, 1);
    }
    ck_assert(memcmp(&res.knocker_arrangement, k, sizeof *k) == 0);
    ck_assert_int_eq(res.knocker_deadwood, k->deadwood_points);
    ck_assert_int_eq(res.defender_deadwood, res.defense.defender.deadwood_points);
    /* the defense covers exactly the defender's cards */
    gr_cards def = arrangement_cards(&res.defense.defender);
    ck_assert(def == (defender & ~res.defense.laid_off));
    ck_assert((res.defense.laid_off & ~defender) == 0);
    return res;
}

/* A knocker hand used by many cases: three melds and 9C (deadwood 9). */
#define K9_MELDS "AS 2S 3S | 7C 7D 7H | JD QD KD"
#define K9_DEAD  "9C"
/* Gin: A-4 of spades, three sevens, J-Q-K of diamonds. */
#define GIN_MELDS "AS 2S 3S 4S | 7C 7D 7H | JD QD KD"

/* ---- rules: presets and options ------------------------------------------ */

START_TEST(test_presets_table)
{
    /* doc/rules-reference.md, "Presets", one column per preset, in option order */
    static const int table[GR_PRESET_COUNT][GR_OPT_COUNT] = {
        /* knock gin under big layoff end turn target game box shut dbl
         * okla spades | G33 ace knock, G36 tie, G37 boxes, G38 wall,
         * dealer alternates, G35 hollywood, G40 team target, G33 ace
         * doubles */
        [GR_PRESET_FOURNIER] = { 10, 20, 10, 0, 1, GR_STOCK_END_VOID, 0, 100,
                                 100, 20, 100, 0, 0, 0, 0, 1, 0, 0, 0, 0, 125, 1 },
        [GR_PRESET_NOVELTY]  = { 10, 20, 10, 0, 1, GR_STOCK_END_TURNOVER, 0,
                                 100, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 125, 1 },
        [GR_PRESET_STANDARD] = { 10, 25, 25, 31, 0, GR_STOCK_END_VOID, 0, 100,
                                 100, 25, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 125, 1 },
        /* doc/rules.md gives the source of each setting */
        [GR_PRESET_OPENSPIEL] = { 10, 25, 25, 0, 0, GR_STOCK_END_VOID, 0, 1,
                                  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 125, 0 },
        [GR_PRESET_EAAI]     = { 10, 25, 25, 0, 0, GR_STOCK_END_VOID, 0, 100,
                                 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 125, 1 },
    };
    ck_assert_int_eq(GR_OPT_COUNT, 22);
    ck_assert_int_eq(GR_PRESET_COUNT, 5);
    for (int p = 0; p < GR_PRESET_COUNT; p++) {
        gr_rules *r = rules_of(p);
        for (int o = 0; o < GR_OPT_COUNT; o++)
            ck_assert_msg(opt(r, o) == table[p][o], "preset %d option %d: %d",
                          p, o, opt(r, o));
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_rules_bad_arguments)
{
    gr_rules *r = (gr_rules *)&r;
    ck_assert_int_eq(gr_rules_new(NULL, GR_PRESET_FOURNIER), GR_EINVAL);
    ck_assert_int_eq(gr_rules_new(&r, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rules_new(&r, GR_PRESET_COUNT), GR_EINVAL);
    ck_assert_int_eq(gr_rules_new(&r, INT_MAX), GR_EINVAL);
    ck_assert_ptr_eq(r, (gr_rules *)&r);   /* untouched */
    gr_rules_free(NULL);

    r = rules_of(GR_PRESET_FOURNIER);
    int v = 77;
    ck_assert_int_eq(gr_rules_get(NULL, GR_OPT_TARGET, &v), GR_EINVAL);
    ck_assert_int_eq(gr_rules_get(r, GR_OPT_TARGET, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rules_get(r, -1, &v), GR_EINVAL);
    ck_assert_int_eq(gr_rules_get(r, GR_OPT_COUNT, &v), GR_EINVAL);
    ck_assert_int_eq(v, 77);
    ck_assert_int_eq(gr_rules_set(NULL, GR_OPT_TARGET, 50), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(r, -1, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_COUNT, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rules_clone(NULL, r), GR_EINVAL);
    gr_rules *c = NULL;
    ck_assert_int_eq(gr_rules_clone(&c, NULL), GR_EINVAL);
    ck_assert_ptr_null(c);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_option_ranges)
{
    /* the ranges documented in ginrummy.h */
    static const int range[GR_OPT_COUNT][2] = {
        [GR_OPT_KNOCK_LIMIT] = { 0, 10 },
        [GR_OPT_GIN_BONUS] = { 0, 1000 },
        [GR_OPT_UNDERCUT_BONUS] = { 0, 1000 },
        [GR_OPT_BIG_GIN_BONUS] = { 0, 1000 },
        [GR_OPT_LAYOFF_AFTER_GIN] = { 0, 1 },
        [GR_OPT_STOCK_END] = { GR_STOCK_END_VOID, GR_STOCK_END_TURNOVER },
        [GR_OPT_TURNOVER_LIMIT] = { 0, 100 },
        [GR_OPT_TARGET] = { 1, 100000 },
        [GR_OPT_GAME_BONUS] = { 0, 10000 },
        [GR_OPT_HAND_BONUS] = { 0, 1000 },
        [GR_OPT_SHUTOUT_BONUS] = { 0, 10000 },
        [GR_OPT_SHUTOUT_DOUBLE] = { 0, 1 },
        [GR_OPT_OKLAHOMA] = { 0, 1 },
        [GR_OPT_OKLAHOMA_SPADES] = { 0, 1 },
        [GR_OPT_OKLAHOMA_ACE_KNOCK] = { 0, 1 },
        [GR_OPT_UNDERCUT_TIE] = { 0, 1 },
        [GR_OPT_IMMEDIATE_BOXES] = { 0, 1 },
        [GR_OPT_WALL] = { 0, 1 },
        [GR_OPT_DEALER_ALTERNATES] = { 0, 1 },
        [GR_OPT_HOLLYWOOD] = { 0, 1 },
        [GR_OPT_TEAM_TARGET] = { 1, 100000 },
        [GR_OPT_OKLAHOMA_ACE_DOUBLES] = { 0, 1 },
    };
    gr_rules *r = rules_of(GR_PRESET_NOVELTY);
    for (int o = 0; o < GR_OPT_COUNT; o++) {
        int lo = range[o][0], hi = range[o][1];
        gr_option_info info;
        ck_assert_int_eq(gr_option_describe(o, &info), GR_OK);
        ck_assert_int_eq(info.min, lo);
        ck_assert_int_eq(info.max, hi);

        /* accepted: both edges */
        set_opt(r, o, lo);
        ck_assert_int_eq(opt(r, o), lo);
        set_opt(r, o, hi);
        ck_assert_int_eq(opt(r, o), hi);

        /* refused: just outside, far outside; nothing changes */
        int before[GR_OPT_COUNT];
        for (int i = 0; i < GR_OPT_COUNT; i++)
            before[i] = opt(r, i);
        const int bad[] = { lo - 1, hi + 1, INT_MIN, INT_MAX, -1000000 };
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            if (bad[b] >= lo && bad[b] <= hi)
                continue;
            ck_assert_int_eq(gr_rules_set(r, o, bad[b]), GR_EINVAL);
            for (int i = 0; i < GR_OPT_COUNT; i++)
                ck_assert_int_eq(opt(r, i), before[i]);
        }
    }
    gr_rules_free(r);
}
END_TEST

START_TEST(test_rules_clone)
{
    gr_rules *a = rules_of(GR_PRESET_STANDARD), *b = NULL;
    set_opt(a, GR_OPT_TARGET, 250);
    ck_assert_int_eq(gr_rules_clone(&b, a), GR_OK);
    for (int o = 0; o < GR_OPT_COUNT; o++)
        ck_assert_int_eq(opt(a, o), opt(b, o));
    set_opt(b, GR_OPT_TARGET, 50);
    set_opt(a, GR_OPT_GIN_BONUS, 40);
    ck_assert_int_eq(opt(a, GR_OPT_TARGET), 250);
    ck_assert_int_eq(opt(b, GR_OPT_GIN_BONUS), 25);
    gr_rules_free(a);
    ck_assert_int_eq(opt(b, GR_OPT_TARGET), 50);   /* b outlives a */
    gr_rules_free(b);
}
END_TEST

START_TEST(test_option_describe_lookup)
{
    for (int o = 0; o < GR_OPT_COUNT; o++) {
        gr_option_info info;
        ck_assert_int_eq(gr_option_describe(o, &info), GR_OK);
        ck_assert_int_eq(info.option, o);
        ck_assert_ptr_nonnull(info.name);
        ck_assert_ptr_nonnull(info.description);
        ck_assert_int_gt((int)strlen(info.name), 0);
        ck_assert_int_gt((int)strlen(info.description), 10);
        ck_assert_int_le(info.min, info.max);
        ck_assert_int_eq(gr_option_lookup(info.name), o);
        char upper[64];
        snprintf(upper, sizeof upper, "%s", info.name);
        for (char *p = upper; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 'a' + 'A');
        ck_assert_int_eq(gr_option_lookup(upper), o);
        for (int j = 0; j < o; j++) {
            gr_option_info other;
            ck_assert_int_eq(gr_option_describe(j, &other), GR_OK);
            ck_assert_str_ne(info.name, other.name);
        }
    }
    ck_assert_int_eq(gr_option_lookup("knock_limit"), GR_OPT_KNOCK_LIMIT);
    ck_assert_int_eq(gr_option_lookup("oklahoma_spades"), GR_OPT_OKLAHOMA_SPADES);
    ck_assert_int_eq(gr_option_lookup("knock"), GR_EINVAL);
    ck_assert_int_eq(gr_option_lookup("knock_limitx"), GR_EINVAL);
    ck_assert_int_eq(gr_option_lookup(""), GR_EINVAL);
    ck_assert_int_eq(gr_option_lookup(NULL), GR_EINVAL);
    gr_option_info info;
    ck_assert_int_eq(gr_option_describe(-1, &info), GR_EINVAL);
    ck_assert_int_eq(gr_option_describe(GR_OPT_COUNT, &info), GR_EINVAL);
    ck_assert_int_eq(gr_option_describe(0, NULL), GR_EINVAL);

    ck_assert_int_eq(gr_preset_lookup("fournier"), GR_PRESET_FOURNIER);
    ck_assert_int_eq(gr_preset_lookup("NOVELTY"), GR_PRESET_NOVELTY);
    ck_assert_int_eq(gr_preset_lookup("Standard"), GR_PRESET_STANDARD);
    ck_assert_int_eq(gr_preset_lookup("standar"), GR_EINVAL);
    ck_assert_int_eq(gr_preset_lookup("standards"), GR_EINVAL);
    ck_assert_int_eq(gr_preset_lookup(""), GR_EINVAL);
    ck_assert_int_eq(gr_preset_lookup(NULL), GR_EINVAL);
}
END_TEST

/* ---- settlement: knock (G13, G21, G23, G24) ------------------------------ */

START_TEST(test_G13_G23_knock_won)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_arrangement k = arr(K9_MELDS, K9_DEAD);
    /* nothing to meld, nothing to lay off: 67 points */
    gr_cards d = cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS");
    gr_hand_result res = settle_ok(r, &k, d, GR_OUTCOME_KNOCK, 0, 67 - 9);
    ck_assert_int_eq(res.defender_deadwood, 67);
    ck_assert(res.defense.laid_off == 0);
    ck_assert_int_eq(res.defense.defender.nmelds, 0);

    /* a knock with deadwood exactly 10 is allowed (G13) */
    gr_arrangement k10 = arr(K9_MELDS, "10C");
    settle_ok(r, &k10, d, GR_OUTCOME_KNOCK, 0, 67 - 10);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G19_knock_with_layoffs)
{
    gr_rules *r = rules_of(GR_PRESET_STANDARD);
    gr_arrangement k = arr(K9_MELDS, K9_DEAD);
    /* 4S 5S chain on A-2-3S, 7S on the sevens, 10D on J-Q-K D */
    gr_cards d = cards("4S 5S 7S 10D 2C 4C 6C 8H QH KS");
    gr_hand_result res = settle_ok(r, &k, d, GR_OUTCOME_KNOCK, 0, 40 - 9);
    ck_assert(res.defense.laid_off == cards("4S 5S 7S 10D"));
    ck_assert(res.defense.defender.deadwood == cards("2C 4C 6C 8H QH KS"));
    ck_assert_int_eq(res.defender_deadwood, 40);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G21_G24_undercut)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_arrangement k = arr(K9_MELDS, K9_DEAD);
    /* the defender melds down to 5: undercut, 10 + (9 - 5) */
    gr_cards d = cards("4H 5H 6H 8C 8D 8S 10C 10H 10S 5C");
    gr_hand_result res = settle_ok(r, &k, d, GR_OUTCOME_UNDERCUT, 1, 10 + 4);
    ck_assert_int_eq(res.defender_deadwood, 5);
    ck_assert_int_eq(res.defense.defender.nmelds, 3);

    /* equal deadwood is an undercut too: the bonus alone (G21, G24) */
    d = cards("4H 5H 6H 8C 8D 8S 10C 10H 10S 9H");
    settle_ok(r, &k, d, GR_OUTCOME_UNDERCUT, 1, 10);

    /* the undercut reached through a layoff: 4S goes on A-2-3S, 0 left */
    d = cards("4H 5H 6H 8C 8D 8S 10C 10H 10S 4S");
    res = settle_ok(r, &k, d, GR_OUTCOME_UNDERCUT, 1, 10 + 9);
    ck_assert(res.defense.laid_off == cards("4S"));
    ck_assert_int_eq(res.defender_deadwood, 0);

    /* one point more for the defender: the knocker wins by 1 */
    d = cards("4H 5H 6H 8C 8D 8S 10C 10H 10S KH");
    settle_ok(r, &k, d, GR_OUTCOME_KNOCK, 0, 1);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G31_standard_bonuses)
{
    gr_rules *r = rules_of(GR_PRESET_STANDARD);
    gr_arrangement k = arr(K9_MELDS, K9_DEAD);
    /* undercut bonus 25 */
    settle_ok(r, &k, cards("4H 5H 6H 8C 8D 8S 10C 10H 10S 5C"),
              GR_OUTCOME_UNDERCUT, 1, 25 + 4);
    settle_ok(r, &k, cards("4H 5H 6H 8C 8D 8S 10C 10H 10S 9H"),
              GR_OUTCOME_UNDERCUT, 1, 25);
    /* gin bonus 25 */
    gr_arrangement g = arr(GIN_MELDS, "");
    settle_ok(r, &g, cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS"), GR_OUTCOME_GIN,
              0, 25 + 67);
    gr_rules_free(r);
}
END_TEST

/* ---- settlement: gin (G14, G18, G20, G22) --------------------------------- */

START_TEST(test_G14_G22_gin)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_arrangement g = arr(GIN_MELDS, "");
    gr_hand_result res = settle_ok(r, &g, cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS"),
                                   GR_OUTCOME_GIN, 0, 20 + 67);
    ck_assert_int_eq(res.knocker_deadwood, 0);
    ck_assert_int_eq(res.defender_deadwood, 67);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G20_gin_never_undercut)
{
    for (int p = 0; p < GR_PRESET_COUNT; p++) {
        gr_rules *r = rules_of(p);
        gr_arrangement g = arr(GIN_MELDS, "");
        /* the defender is all melded too: gin still wins, the bonus alone */
        gr_hand_result res = settle_ok(r, &g, cards("4H 5H 6H 8C 8D 8S 10C 10H 10S 10D"),
                                       GR_OUTCOME_GIN, 0, opt(r, GR_OPT_GIN_BONUS));
        ck_assert_int_eq(res.defender_deadwood, 0);
        gr_rules_free(r);
    }
}
END_TEST

START_TEST(test_G18_layoff_after_gin)
{
    gr_arrangement g = arr(GIN_MELDS, "");
    /* 5S extends A-4S, 7S joins the sevens, 10D extends J-Q-K D; the rest
     * is 49 points; without layoff 5 + 7 + 10 more */
    gr_cards d = cards("5S 7S 10D 2C 4C 6C 8H QH KS 9C");

    /* FOURNIER and NOVELTY allow it */
    for (int p = GR_PRESET_FOURNIER; p <= GR_PRESET_NOVELTY; p++) {
        gr_rules *r = rules_of(p);
        ck_assert_int_eq(opt(r, GR_OPT_LAYOFF_AFTER_GIN), 1);
        gr_hand_result res = settle_ok(r, &g, d, GR_OUTCOME_GIN, 0, 20 + 49);
        ck_assert(res.defense.laid_off == cards("5S 7S 10D"));
        /* switched off: no layoff */
        set_opt(r, GR_OPT_LAYOFF_AFTER_GIN, 0);
        res = settle_ok(r, &g, d, GR_OUTCOME_GIN, 0, 20 + 71);
        ck_assert(res.defense.laid_off == 0);
        ck_assert(res.defense.defender.deadwood == d);
        gr_rules_free(r);
    }
    /* STANDARD forbids it */
    gr_rules *r = rules_of(GR_PRESET_STANDARD);
    gr_hand_result res = settle_ok(r, &g, d, GR_OUTCOME_GIN, 0, 25 + 71);
    ck_assert(res.defense.laid_off == 0);
    set_opt(r, GR_OPT_LAYOFF_AFTER_GIN, 1);
    res = settle_ok(r, &g, d, GR_OUTCOME_GIN, 0, 25 + 49);
    ck_assert(res.defense.laid_off == cards("5S 7S 10D"));

    /* a plain knock always allows layoffs, whatever the option */
    set_opt(r, GR_OPT_LAYOFF_AFTER_GIN, 0);
    gr_arrangement k = arr(K9_MELDS, K9_DEAD);
    res = settle_ok(r, &k, cards("4S 5S 7S 10D 2C 4C 6C 8H QH KS"),
                    GR_OUTCOME_KNOCK, 0, 40 - 9);
    ck_assert(res.defense.laid_off != 0);
    gr_rules_free(r);
}
END_TEST

/* ---- big gin (G32) ------------------------------------------------------- */

START_TEST(test_G32_big_gin)
{
    gr_arrangement big = arr("AS 2S 3S 4S | 7C 7D 7H | 10D JD QD KD", "");
    gr_cards d = cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS");   /* 67 */

    /* STANDARD: bonus 31 */
    gr_rules *r = rules_of(GR_PRESET_STANDARD);
    gr_hand_result res = settle_ok(r, &big, d, GR_OUTCOME_BIG_GIN, 0, 31 + 67);
    ck_assert_int_eq(res.knocker_deadwood, 0);
    /* 11 cards not all melded: void even with big gin on */
    gr_arrangement eleven = arr(GIN_MELDS, "9C");
    settle_ok(r, &eleven, d, GR_OUTCOME_VOID, -1, 0);
    /* switched off */
    set_opt(r, GR_OPT_BIG_GIN_BONUS, 0);
    settle_ok(r, &big, d, GR_OUTCOME_VOID, -1, 0);
    gr_rules_free(r);

    /* FOURNIER has no big gin: 11 cards are a void hand (G28) */
    r = rules_of(GR_PRESET_FOURNIER);
    settle_ok(r, &big, d, GR_OUTCOME_VOID, -1, 0);
    /* switched on: 50, and the layoff-after-gin option applies to it */
    set_opt(r, GR_OPT_BIG_GIN_BONUS, 50);
    gr_cards dl = cards("5S 7S 9D 2C 4C 6C 8H QH KS 9C");   /* 5S 7S 9D lay off */
    res = settle_ok(r, &big, dl, GR_OUTCOME_BIG_GIN, 0, 50 + 49);
    ck_assert(res.defense.laid_off == cards("5S 7S 9D"));
    set_opt(r, GR_OPT_LAYOFF_AFTER_GIN, 0);
    res = settle_ok(r, &big, dl, GR_OUTCOME_BIG_GIN, 0, 50 + 49 + 21);
    ck_assert(res.defense.laid_off == 0);
    gr_rules_free(r);
}
END_TEST

/* ---- irregular hands (G28, G29) ------------------------------------------ */

static void check_void(const gr_rules *r, const gr_arrangement *k, gr_cards d)
{
    gr_hand_result res = settle_ok(r, k, d, GR_OUTCOME_VOID, -1, 0);
    ck_assert_int_eq(res.knocker, -1);
    ck_assert_int_eq(res.multiplier, 0);
    /* the defender's own best arrangement, for display */
    ck_assert(res.defense.laid_off == 0);
    ck_assert_int_eq(res.defender_deadwood, gr_deadwood(d));
}

START_TEST(test_G28_wrong_card_counts)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_cards d10 = cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS");
    gr_arrangement k9 = arr(K9_MELDS, "");                     /* 9 cards */
    gr_arrangement k11 = arr(K9_MELDS, "9C 10C");              /* 11 cards */
    gr_arrangement k10 = arr(K9_MELDS, K9_DEAD);
    check_void(r, &k9, d10);
    check_void(r, &k11, d10);
    check_void(r, &k10, cards("2C 4C 6C 8H 10H QH 3D 5D 9S"));       /* 9 */
    check_void(r, &k10, cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS AH")); /* 11 */
    check_void(r, &k10, 0);
    check_void(r, &k10, GR_ALL_CARDS & ~arrangement_cards(&k10));   /* 42 */
    /* void is decided before the knock limit: 9 cards, deadwood over 10 */
    gr_arrangement k9bad = arr("AS 2S 3S | 7C 7D 7H", "QD KD 9C");
    check_void(r, &k9bad, d10);
    /* a knocker with nothing at all */
    gr_arrangement empty = arr("", "");
    check_void(r, &empty, d10);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G29_over_the_limit)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_cards d = cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS");
    gr_arrangement k11 = arr("AS 2S 3S | 7C 7D 7H", "AC 2D 4D 4H");   /* 11 */
    gr_arrangement k9 = arr(K9_MELDS, K9_DEAD);       /* deadwood 9 */
    gr_arrangement g = arr(GIN_MELDS, "");
    ck_assert_int_eq(k11.deadwood_points, 11);

    gr_hand_result res, blank;
    memset(&res, 0x77, sizeof res);
    memcpy(&blank, &res, sizeof res);
    ck_assert_int_eq(gr_settle(r, &k11, d, &res), GR_EILLEGAL);
    ck_assert(memcmp(&res, &blank, sizeof res) == 0);   /* out untouched */

    /* a lower limit */
    set_opt(r, GR_OPT_KNOCK_LIMIT, 8);
    ck_assert_int_eq(gr_settle(r, &k9, d, &res), GR_EILLEGAL);
    ck_assert(memcmp(&res, &blank, sizeof res) == 0);
    set_opt(r, GR_OPT_KNOCK_LIMIT, 9);
    settle_ok(r, &k9, d, GR_OUTCOME_KNOCK, 0, 67 - 9);

    /* limit 0: gin only */
    set_opt(r, GR_OPT_KNOCK_LIMIT, 0);
    gr_arrangement k1 = arr(K9_MELDS, "AC");
    ck_assert_int_eq(gr_settle(r, &k1, d, &res), GR_EILLEGAL);
    settle_ok(r, &g, d, GR_OUTCOME_GIN, 0, 20 + 67);

    /* the knocker's own (not least-deadwood) arrangement counts (G15): the
     * same cards shown with a broken meld are over the limit */
    set_opt(r, GR_OPT_KNOCK_LIMIT, 10);
    gr_arrangement shown = arr("AS 2S 3S | 7C 7D 7H", "JD QD KD 9C");
    ck_assert_int_eq(gr_settle(r, &shown, d, &res), GR_EILLEGAL);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G15_knocker_shown_arrangement)
{
    /* The knocker's shown arrangement is what counts: the same ten cards
     * shown with the sixes as deadwood are over the limit. */
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_arrangement a = arr("4S 5S 6S | 6C 6D 6H | JD QD KD", "AH");
    gr_arrangement b = arr("4S 5S 6S | JD QD KD", "6C 6D 6H AH");   /* 19: over */
    gr_cards d2 = cards("3S 7S 2C 4C 8C 10H QH 3D 5D 9S");
    /* 3S and 7S extend 4-5-6S: 2+4+8+10+10+3+5+9 = 51 left */
    gr_hand_result res = settle_ok(r, &a, d2, GR_OUTCOME_KNOCK, 0, 51 - 1);
    ck_assert(res.defense.laid_off == cards("3S 7S"));
    gr_hand_result tmp;
    ck_assert_int_eq(gr_settle(r, &b, d2, &tmp), GR_EILLEGAL);
    gr_rules_free(r);
}
END_TEST

/* ---- Oklahoma (G33) ------------------------------------------------------- */

static int settle_upcard(const gr_rules *r, const char *up,
                         const gr_arrangement *k, gr_cards d, gr_hand_result *res)
{
    return gr_settle_upcard(r, card(up), k, d, res);
}

START_TEST(test_G33_oklahoma)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_cards d = cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS");   /* 67, nothing to lay off */
    gr_cards dcut = cards("4H 5H 6H 8C 8D 8S 10C 10H 10S 5C");   /* 5 */
    gr_arrangement k9 = arr(K9_MELDS, K9_DEAD);
    gr_arrangement k5 = arr(K9_MELDS, "5S");
    gr_arrangement g = arr(GIN_MELDS, "");
    gr_hand_result res;

    /* without Oklahoma the upcard changes nothing */
    ck_assert_int_eq(settle_upcard(r, "AH", &k9, d, &res), GR_OK);
    ck_assert_int_eq(res.points, 58);
    ck_assert_int_eq(res.multiplier, 1);
    ck_assert_int_eq(settle_upcard(r, "4H", &k9, d, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);

    set_opt(r, GR_OPT_OKLAHOMA, 1);
    /* the limit is the upcard's value */
    ck_assert_int_eq(settle_upcard(r, "5H", &k9, d, &res), GR_EILLEGAL);
    ck_assert_int_eq(settle_upcard(r, "8C", &k9, d, &res), GR_EILLEGAL);
    ck_assert_int_eq(settle_upcard(r, "9H", &k9, d, &res), GR_OK);
    ck_assert_int_eq(res.points, 58);
    ck_assert_int_eq(res.multiplier, 1);
    ck_assert_int_eq(settle_upcard(r, "5H", &k5, d, &res), GR_OK);
    ck_assert_int_eq(res.points, 62);
    ck_assert_int_eq(settle_upcard(r, "4H", &k5, d, &res), GR_EILLEGAL);
    /* J Q K count 10 */
    ck_assert_int_eq(settle_upcard(r, "10C", &k9, d, &res), GR_OK);
    ck_assert_int_eq(settle_upcard(r, "JH", &k9, d, &res), GR_OK);
    ck_assert_int_eq(settle_upcard(r, "QC", &k9, d, &res), GR_OK);
    ck_assert_int_eq(settle_upcard(r, "KH", &k9, d, &res), GR_OK);
    ck_assert_int_eq(res.multiplier, 1);
    /* a spade does not double without the option */
    ck_assert_int_eq(settle_upcard(r, "QS", &k9, d, &res), GR_OK);
    ck_assert_int_eq(res.points, 58);
    ck_assert_int_eq(res.multiplier, 1);

    /* an ace: gin only, doubled */
    gr_arrangement k1 = arr(K9_MELDS, "AC");
    ck_assert_int_eq(settle_upcard(r, "AH", &k1, d, &res), GR_EILLEGAL);
    ck_assert_int_eq(settle_upcard(r, "AH", &g, d, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(res.points, 2 * (20 + 67));
    ck_assert_int_eq(res.multiplier, 2);

    /* spades double by option, undercuts included */
    set_opt(r, GR_OPT_OKLAHOMA_SPADES, 1);
    ck_assert_int_eq(settle_upcard(r, "QS", &k9, d, &res), GR_OK);
    ck_assert_int_eq(res.points, 2 * 58);
    ck_assert_int_eq(res.multiplier, 2);
    ck_assert_int_eq(settle_upcard(r, "KS", &k9, dcut, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
    ck_assert_int_eq(res.points, 2 * (10 + 4));
    ck_assert_int_eq(settle_upcard(r, "KH", &k9, dcut, &res), GR_OK);
    ck_assert_int_eq(res.points, 10 + 4);
    ck_assert_int_eq(res.multiplier, 1);
    /* the ace of spades doubles once, not twice */
    ck_assert_int_eq(settle_upcard(r, "AS", &g, cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS"),
                                   &res), GR_EINVAL);   /* AS is the knocker's */
    gr_arrangement g2 = arr("2S 3S 4S 5S | 7C 7D 7H | JD QD KD", "");
    ck_assert_int_eq(settle_upcard(r, "AS", &g2, d, &res), GR_OK);
    ck_assert_int_eq(res.multiplier, 2);
    ck_assert_int_eq(res.points, 2 * (20 + 67));

    /* OpenSpiel never doubles: without ace doubling an ace upcard is gin
     * only and scores single, a spade still doubles by its own option */
    set_opt(r, GR_OPT_OKLAHOMA_ACE_DOUBLES, 0);
    ck_assert_int_eq(settle_upcard(r, "AH", &k1, d, &res), GR_EILLEGAL);
    ck_assert_int_eq(settle_upcard(r, "AH", &g, d, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
    ck_assert_int_eq(res.points, 20 + 67);
    ck_assert_int_eq(res.multiplier, 1);
    ck_assert_int_eq(settle_upcard(r, "AS", &g2, d, &res), GR_OK);
    ck_assert_int_eq(res.multiplier, 2);
    set_opt(r, GR_OPT_OKLAHOMA_SPADES, 0);
    ck_assert_int_eq(settle_upcard(r, "AS", &g2, d, &res), GR_OK);
    ck_assert_int_eq(res.multiplier, 1);
    ck_assert_int_eq(res.points, 20 + 67);
    gr_rules_free(r);

    /* the OPENSPIEL preset under Oklahoma: OpenSpiel's score */
    r = rules_of(GR_PRESET_OPENSPIEL);
    set_opt(r, GR_OPT_OKLAHOMA, 1);
    ck_assert_int_eq(settle_upcard(r, "AH", &g, d, &res), GR_OK);
    ck_assert_int_eq(res.multiplier, 1);
    ck_assert_int_eq(res.points, 25 + 67);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_G33_upcard_checked)
{
    gr_rules *r = rules_of(GR_PRESET_STANDARD);
    gr_cards d = cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS");
    gr_arrangement k9 = arr(K9_MELDS, K9_DEAD);
    gr_hand_result res;
    for (int ok = 0; ok < 2; ok++) {
        set_opt(r, GR_OPT_OKLAHOMA, ok);
        ck_assert_int_eq(gr_settle_upcard(r, 52, &k9, d, &res), GR_EINVAL);
        ck_assert_int_eq(gr_settle_upcard(r, GR_NO_CARD, &k9, d, &res), GR_EINVAL);
        ck_assert_int_eq(settle_upcard(r, "9C", &k9, d, &res), GR_EINVAL);
        ck_assert_int_eq(settle_upcard(r, "AS", &k9, d, &res), GR_EINVAL);
        ck_assert_int_eq(settle_upcard(r, "KS", &k9, d, &res), GR_EINVAL);
        ck_assert_int_eq(gr_settle_upcard(NULL, 0, &k9, d, &res), GR_EINVAL);
        ck_assert_int_eq(settle_upcard(r, "KH", NULL, d, &res), GR_EINVAL);
        ck_assert_int_eq(settle_upcard(r, "KH", &k9, d, NULL), GR_EINVAL);
        ck_assert_int_eq(settle_upcard(r, "KH", &k9, d, &res), GR_OK);
    }
    gr_rules_free(r);
}
END_TEST

/* ---- bad input ------------------------------------------------------------ */

START_TEST(test_settle_bad_input)
{
    gr_rules *r = rules_of(GR_PRESET_FOURNIER);
    gr_cards d = cards("2C 4C 6C 8H 10H QH 3D 5D 9S KS");
    gr_arrangement k = arr(K9_MELDS, K9_DEAD);
    gr_hand_result res, blank;
    memset(&res, 0x33, sizeof res);
    memcpy(&blank, &res, sizeof res);

    ck_assert_int_eq(gr_settle(NULL, &k, d, &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle(r, NULL, d, &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle(r, &k, d, NULL), GR_EINVAL);
    /* bits above 51 */
    ck_assert_int_eq(gr_settle(r, &k, d | (gr_cards)1 << 52, &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle(r, &k, d | (gr_cards)1 << 63, &res), GR_EINVAL);
    /* overlapping hands */
    ck_assert_int_eq(gr_settle(r, &k, d ^ cards("KS 9C"), &res), GR_EINVAL);
    ck_assert_int_eq(gr_settle(r, &k, d ^ cards("KS AS"), &res), GR_EINVAL);

    /* malformed arrangements */
    gr_arrangement bad = k;
    bad.deadwood_points = 8;                          /* wrong points */
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.melds[0] = cards("AS 2S 4S");                 /* not a meld */
    ck_assert_int_eq(gr_settle(r, &bad, d ^ cards("KS 3S"), &res), GR_EINVAL);
    bad = k;
    bad.melds[1] = cards("7C 7D");                    /* too short */
    bad.deadwood |= cards("7H");
    bad.deadwood_points += 7;
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.deadwood = cards("7C");                       /* deadwood in a meld */
    bad.deadwood_points = 7;
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.melds[3] = cards("8C 8D 8S");                 /* past nmelds */
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.nmelds = GR_MAX_MELDS + 1;
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.nmelds = -1;
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.deadwood |= (gr_cards)1 << 55;
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.melds[1] = cards("7C 7D 7H 7S");              /* melds overlapping */
    bad.melds[2] = cards("5S 6S 7S");
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);
    bad = k;
    bad.melds[2] = cards("QD KD AD");                 /* no round-the-corner */
    ck_assert_int_eq(gr_settle(r, &bad, d, &res), GR_EINVAL);

    ck_assert(memcmp(&res, &blank, sizeof res) == 0);   /* never written */
    gr_rules_free(r);
}
END_TEST

/* ---- random cross-check --------------------------------------------------- */

/* A random hand of 10 cards likely to be knockable: one or two melds, then
 * random cards. */
static gr_cards meldy_hand(test_rng *rng)
{
    gr_cards hand = 0;
    int nmelds = 1 + test_below(rng, 3);
    for (int m = 0; m < nmelds; m++) {
        gr_cards meld = 0;
        if (test_below(rng, 2)) {   /* a run of 3-5 */
            int len = 3 + test_below(rng, 3);
            int start = test_below(rng, 14 - len), suit = test_below(rng, 4);
            for (int i = 0; i < len; i++)
                meld |= GR_CARD_BIT(GR_CARD(start + i, suit));
        } else {                    /* a set of 3 */
            int rank = test_below(rng, 13), skip = test_below(rng, 4);
            for (int s = 0; s < 4; s++)
                if (s != skip)
                    meld |= GR_CARD_BIT(GR_CARD(rank, s));
        }
        if (__builtin_popcountll(hand | meld) <= 10)
            hand |= meld;
    }
    int have = __builtin_popcountll(hand);
    return hand | test_hand_from(rng, GR_ALL_CARDS & ~hand, 10 - have);
}

START_TEST(test_G22_G23_G24_random_cross_check)
{
    test_rng rng = { 33 };
    long n = test_count(20000), done = 0;
    for (long i = 0; done < n; i++) {
        gr_cards hand = meldy_hand(&rng);
        gr_arrangement k;
        int kdw = gr_arrange(hand, &k);
        ck_assert_int_ge(kdw, 0);
        if (kdw > 10)
            continue;
        done++;
        gr_cards d = test_hand_from(&rng, GR_ALL_CARDS & ~hand, 10);

        gr_rules *r = rules_of(test_below(&rng, 3));
        if (test_below(&rng, 4) == 0)
            set_opt(r, GR_OPT_LAYOFF_AFTER_GIN, test_below(&rng, 2));
        int limit = test_below(&rng, 3) == 0 ? test_below(&rng, 11) : 10;
        set_opt(r, GR_OPT_KNOCK_LIMIT, limit);

        gr_hand_result res;
        int rc = gr_settle(r, &k, d, &res);
        if (kdw > limit) {
            ck_assert_int_eq(rc, GR_EILLEGAL);
            gr_rules_free(r);
            continue;
        }
        ck_assert_int_eq(rc, GR_OK);

        /* first principles */
        gr_layoff lo;
        int ddw;
        if (kdw == 0 && !opt(r, GR_OPT_LAYOFF_AFTER_GIN)) {
            ddw = gr_deadwood(d);
            ck_assert(res.defense.laid_off == 0);
        } else {
            ddw = gr_lay_off(&k, d, &lo);
        }
        ck_assert_int_ge(ddw, 0);
        ck_assert_int_eq(res.defender_deadwood, ddw);
        ck_assert_int_eq(res.defense.defender.deadwood_points, ddw);
        ck_assert_int_eq(res.knocker_deadwood, kdw);
        ck_assert_int_eq(res.knocker, 0);
        ck_assert_int_eq(res.multiplier, 1);
        if (kdw == 0) {
            ck_assert_int_eq(res.outcome, GR_OUTCOME_GIN);
            ck_assert_int_eq(res.winner, 0);
            ck_assert_int_eq(res.points, opt(r, GR_OPT_GIN_BONUS) + ddw);
        } else if (kdw < ddw) {
            ck_assert_int_eq(res.outcome, GR_OUTCOME_KNOCK);
            ck_assert_int_eq(res.winner, 0);
            ck_assert_int_eq(res.points, ddw - kdw);
        } else {
            ck_assert_int_eq(res.outcome, GR_OUTCOME_UNDERCUT);
            ck_assert_int_eq(res.winner, 1);
            ck_assert_int_eq(res.points, opt(r, GR_OPT_UNDERCUT_BONUS) + kdw - ddw);
        }
        ck_assert(memcmp(&res.knocker_arrangement, &k, sizeof k) == 0);
        ck_assert_int_eq(gr_layoff_check(&k, d, &res.defense), GR_OK);

        /* Oklahoma: the same hand with a random upcard */
        set_opt(r, GR_OPT_OKLAHOMA, 1);
        set_opt(r, GR_OPT_OKLAHOMA_SPADES, test_below(&rng, 2));
        gr_cards rest = GR_ALL_CARDS & ~hand & ~d;
        gr_card up = (gr_card)__builtin_ctzll(test_hand_from(&rng, rest, 1));
        int rank = GR_CARD_RANK(up);
        int olimit = rank == GR_ACE ? 0 : (rank >= GR_TEN ? 10 : rank + 1);
        int mult = rank == GR_ACE
                   || (GR_CARD_SUIT(up) == GR_SPADES && opt(r, GR_OPT_OKLAHOMA_SPADES))
                   ? 2 : 1;
        gr_hand_result ok;
        rc = gr_settle_upcard(r, up, &k, d, &ok);
        if (kdw > olimit) {
            ck_assert_int_eq(rc, GR_EILLEGAL);
        } else {
            ck_assert_int_eq(rc, GR_OK);
            ck_assert_int_eq(ok.outcome, res.outcome);
            ck_assert_int_eq(ok.winner, res.winner);
            ck_assert_int_eq(ok.multiplier, mult);
            ck_assert_int_eq(ok.points, mult * res.points);
        }
        gr_rules_free(r);
    }
}
END_TEST

static Suite *settle_suite(void)
{
    Suite *s = suite_create("settle");
    TCase *tr = tcase_create("rules");
    tcase_add_test(tr, test_presets_table);
    tcase_add_test(tr, test_rules_bad_arguments);
    tcase_add_test(tr, test_option_ranges);
    tcase_add_test(tr, test_rules_clone);
    tcase_add_test(tr, test_option_describe_lookup);
    suite_add_tcase(s, tr);

    TCase *tc = tcase_create("settle");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_G13_G23_knock_won);
    tcase_add_test(tc, test_G19_knock_with_layoffs);
    tcase_add_test(tc, test_G21_G24_undercut);
    tcase_add_test(tc, test_G31_standard_bonuses);
    tcase_add_test(tc, test_G14_G22_gin);
    tcase_add_test(tc, test_G20_gin_never_undercut);
    tcase_add_test(tc, test_G18_layoff_after_gin);
    tcase_add_test(tc, test_G32_big_gin);
    tcase_add_test(tc, test_G28_wrong_card_counts);
    tcase_add_test(tc, test_G29_over_the_limit);
    tcase_add_test(tc, test_G15_knocker_shown_arrangement);
    tcase_add_test(tc, test_G33_oklahoma);
    tcase_add_test(tc, test_G33_upcard_checked);
    tcase_add_test(tc, test_settle_bad_input);
    tcase_add_test(tc, test_G22_G23_G24_random_cross_check);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(settle_suite());
}
