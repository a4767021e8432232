/*
 * check_reason.c: every reason code provoked and checked, with
 * the status it belongs to, whichever function meets the fault.
 */
#include <check.h>

#include "testutil.h"

#include <ginrummy.h>
#include <stdlib.h>
#include <string.h>

#define C(text) test_cards(text)      /* testutil.h */
#define card(text) test_card(text)

static gr_move mv(int type, const char *c)
{
    gr_move m = { .type = type, .card = c ? card(c) : GR_NO_CARD };
    return m;
}

/* A stacked deal: the non-dealer (player 1, dealer 0) gets `mine`, the
 * dealer `his`, then the upcard, then the stock from `stock` (top first)
 * and the other cards in card order. */
static gr_game *stacked(const gr_rules *r, const char *mine, const char *his,
                        const char *upcard, const char *stock)
{
    gr_card deck[GR_NCARDS];
    gr_cards a = C(mine), b = C(his), used = a | b;
    ck_assert_int_eq(gr_cards_count(a), 10);
    ck_assert_int_eq(gr_cards_count(b), 10);
    for (int i = 0; i < 10; i++) {
        deck[2 * i] = (gr_card)__builtin_ctzll(a);
        a &= a - 1;
        deck[2 * i + 1] = (gr_card)__builtin_ctzll(b);
        b &= b - 1;
    }
    deck[20] = card(upcard);
    used |= GR_CARD_BIT(deck[20]);
    int n = 21;
    gr_cards st = stock ? C(stock) : 0;
    /* the stock cards in the order written */
    if (stock) {
        char buf[200];
        strncpy(buf, stock, sizeof buf - 1);
        buf[sizeof buf - 1] = '\0';
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            deck[n++] = card(t);
    }
    used |= st;
    for (int c = 0; c < GR_NCARDS; c++)
        if (!(used & GR_CARD_BIT(c)))
            deck[n++] = (gr_card)c;
    ck_assert_int_eq(n, GR_NCARDS);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_game_new_from_deck(&g, r, deck, 0), GR_OK);
    return g;
}

static gr_rules *rules(void)
{
    gr_rules *r = NULL;
    ck_assert_int_eq(gr_rules_new(&r, GR_PRESET_STANDARD), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 10), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_LAYOFF_AFTER_GIN, 0), GR_OK);
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_BIG_GIN_BONUS, 31), GR_OK);
    return r;
}

/* a game call refused with `status` and `reason`, and the game unchanged */
#define REFUSED(g, call, status, reason) do {                               \
        char *before_ = test_save(g);                                       \
        ck_assert_int_eq((call), (status));                                 \
        ck_assert_str_eq(gr_reason_name(gr_game_last_reason(g)),            \
                         gr_reason_name(reason));                           \
        ck_assert_int_eq(gr_reason_status(reason), (status));               \
        char *after_ = test_save(g);                                        \
        ck_assert_str_eq(before_, after_);                                  \
        free(before_);                                                      \
        free(after_);                                                       \
    } while (0)

START_TEST(test_reason_table)
{
    for (int r = 0; r < GR_REASON_COUNT; r++) {
        ck_assert_ptr_nonnull(gr_reason_text(r));
        ck_assert(strlen(gr_reason_text(r)) > 5);
        ck_assert(strcmp(gr_reason_name(r), "unknown") != 0);
        int st = gr_reason_status(r);
        ck_assert(st <= 0 && st >= GR_EPARSE);
        ck_assert((st == GR_OK) == (r == GR_REASON_NONE));
        for (int q = 0; q < r; q++)
            ck_assert_str_ne(gr_reason_name(q), gr_reason_name(r));
    }
    ck_assert_str_eq(gr_reason_text(-1), "unknown reason");
    ck_assert_str_eq(gr_reason_text(GR_REASON_COUNT), "unknown reason");
    ck_assert_str_eq(gr_reason_name(GR_REASON_COUNT), "unknown");
    ck_assert_int_eq(gr_reason_status(-5), GR_EINVAL);
    ck_assert_int_eq(gr_reason_status(GR_REASON_NO_MEMORY), GR_ENOMEM);
    ck_assert(strstr(gr_reason_text(GR_REASON_JUST_TAKEN), "G11") != NULL);
    ck_assert_int_eq(gr_game_last_reason(NULL), GR_EINVAL);
}
END_TEST

/* G9, G10, G11, G13, G14, G32: the moves of a hand */
START_TEST(test_G11_reasons_of_moves)
{
    gr_rules *r = rules();
    /* player 1 holds three melds and 2S; the upcard AS */
    gr_game *g = stacked(r, "AC 2C 3C 4D 5D 6D 7H 8H 9H 2S",
                         "KC QC JD 10S 9S 8C 7S 6C 5H 4S", "AS", "KD QD");
    ck_assert_int_eq(gr_game_turn(g), 1);
    REFUSED(g, gr_game_play(g, mv(99, NULL)), GR_EINVAL, GR_REASON_BAD_VALUE);
    gr_move bad = { .type = GR_MOVE_DISCARD, .card = 60 };
    REFUSED(g, gr_game_play(g, bad), GR_EINVAL, GR_REASON_BAD_CARD);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_DISCARD, "2S")), GR_ESTATE,
            GR_REASON_WRONG_PHASE);
    REFUSED(g, gr_game_play_as(g, 0, mv(GR_MOVE_PASS, NULL)), GR_ESTATE,
            GR_REASON_NOT_YOUR_TURN);
    REFUSED(g, gr_game_play_as(g, 2, mv(GR_MOVE_PASS, NULL)), GR_EINVAL,
            GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_game_play_as(g, 1, mv(GR_MOVE_TAKE_UPCARD, NULL)), GR_OK);
    ck_assert_int_eq(gr_game_last_reason(g), GR_REASON_NONE);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_DISCARD, "AS")), GR_EILLEGAL,
            GR_REASON_JUST_TAKEN);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_DISCARD, "KD")), GR_EILLEGAL,
            GR_REASON_NOT_IN_HAND);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_GIN, "2S")), GR_EILLEGAL,
            GR_REASON_NOT_GIN);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_BIG_GIN, NULL)), GR_EILLEGAL,
            GR_REASON_NO_BIG_GIN);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_DRAW_STOCK, NULL)), GR_ESTATE,
            GR_REASON_WRONG_PHASE);
    /* a knock with a shown arrangement: each fault of the arrangement */
    gr_arrangement a;
    memset(&a, 0, sizeof a);
    a.nmelds = 3;
    a.melds[0] = C("AC 2C 3C");
    a.melds[1] = C("4D 5D 6D");
    a.melds[2] = C("7H 8H 9H");
    a.deadwood = C("AS");
    a.deadwood_points = 1;
    gr_arrangement b = a;
    b.melds[0] = C("AC 2C 4D");
    b.melds[1] = C("3C 5D 6D");
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EILLEGAL, GR_REASON_NOT_A_MELD);
    b = a;
    b.melds[1] = C("3C 4D 5D 6D");
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EINVAL, GR_REASON_MELDS_OVERLAP);
    b = a;
    b.deadwood_points = 2;
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EINVAL, GR_REASON_DEADWOOD_POINTS);
    b = a;
    b.nmelds = 2;
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EINVAL, GR_REASON_MELD_SLOTS);
    b = a;
    b.melds[2] = 0;
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EINVAL, GR_REASON_MELD_SLOTS);
    b = a;
    b.deadwood |= (gr_cards)1 << 53;
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EINVAL, GR_REASON_BAD_CARD);
    b = a;
    b.nmelds = 2;
    b.melds[2] = 0;
    b.deadwood = C("AS 7H 8H 9H");
    b.deadwood_points = 25;
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EILLEGAL, GR_REASON_OVER_LIMIT);
    b = a;
    b.deadwood = C("2S");
    b.deadwood_points = 2;
    REFUSED(g, gr_game_knock(g, card("2S"), &b), GR_EILLEGAL, GR_REASON_NOT_THE_HAND);
    REFUSED(g, gr_game_knock(g, card("AS"), &a), GR_EILLEGAL, GR_REASON_JUST_TAKEN);
    REFUSED(g, gr_game_knock(g, card("7H"), NULL), GR_EILLEGAL, GR_REASON_OVER_LIMIT);
    /* the same bad meld: gr_settle says what gr_game_knock said */
    gr_arrangement fake = a;
    fake.melds[0] = C("AC 2C 4D");
    fake.melds[1] = C("3C 5D 6D");
    gr_hand_result res;
    int why = -1;
    ck_assert_int_eq(gr_settle(r, &fake, C("KC QC JD 10S 9S 8C 7S 6C 5H 4S"), &res),
                     GR_EILLEGAL);
    ck_assert_int_eq(gr_settle_ex(r, NULL, &fake, C("KC QC JD 10S 9S 8C 7S 6C 5H 4S"),
                                  &res, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_NOT_A_MELD);
    gr_layoff lo;
    ck_assert_int_eq(gr_lay_off(&fake, C("KC"), &lo), GR_EILLEGAL);

    ck_assert_int_eq(gr_game_knock(g, card("2S"), &a), GR_OK);
    ck_assert_int_eq(gr_game_last_reason(g), GR_REASON_NONE);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_DRAW_STOCK, NULL)), GR_ESTATE,
            GR_REASON_HAND_OVER);
    /* the defense: a card that fits nothing */
    gr_layoff d;
    memset(&d, 0, sizeof d);
    d.defender.deadwood = C("KC QC JD 10S 9S 8C 7S 6C 4S");
    d.defender.deadwood_points = gr_cards_points(d.defender.deadwood);
    d.laid_off = C("5H");
    REFUSED(g, gr_game_defend(g, &d), GR_EILLEGAL, GR_REASON_CANNOT_LAY_OFF);
    d.laid_off = 0;
    REFUSED(g, gr_game_defend(g, &d), GR_EILLEGAL, GR_REASON_NOT_THE_HAND);
    REFUSED(g, gr_game_defend(g, NULL), GR_EINVAL, GR_REASON_NULL_ARGUMENT);
    gr_game_free(g);

    /* G9: both passed, the pile is closed */
    g = stacked(r, "AC 2C 3C 4D 5D 6D 7H 8H 9H 2S",
                "KC QC JD 10S 9S 8C 7S 6C 5H 4S", "AS", "KD QD");
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_PASS, NULL)), GR_OK);
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_PASS, NULL)), GR_OK);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_DRAW_DISCARD, NULL)), GR_EILLEGAL,
            GR_REASON_PILE_CLOSED);
    REFUSED(g, gr_game_defend(g, &d), GR_ESTATE, GR_REASON_WRONG_PHASE);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* G18: no layoff after gin */
START_TEST(test_G18_reason_no_layoff_after_gin)
{
    gr_rules *r = rules();
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_BIG_GIN_BONUS, 0), GR_OK);
    gr_game *g = stacked(r, "AC 2C 3C 4D 5D 6D 7H 8H 9H KS",
                         "KC QC JD 10S 9S 8C 7S 6C JH 4S", "10H", "KD QD");
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_TAKE_UPCARD, NULL)), GR_OK);
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_DISCARD, "KS")), GR_OK);
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_DRAW_STOCK, NULL)), GR_OK);   /* KD */
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_DISCARD, "KD")), GR_OK);
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_DRAW_STOCK, NULL)), GR_OK);   /* QD */
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_GIN, "QD")), GR_OK);
    gr_layoff d;
    memset(&d, 0, sizeof d);
    d.defender.deadwood = C("KC QC JD 10S 9S 8C 7S 6C 4S");
    d.defender.deadwood_points = gr_cards_points(d.defender.deadwood);
    d.laid_off = C("JH");
    REFUSED(g, gr_game_defend(g, &d), GR_EILLEGAL, GR_REASON_NO_LAYOFF_AFTER_GIN);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* settle_ex, arrangement check, layoff check: the pure functions */
START_TEST(test_G28_reasons_of_settle)
{
    gr_rules *r = rules();
    gr_arrangement k;
    memset(&k, 0, sizeof k);
    k.nmelds = 3;
    k.melds[0] = C("AC 2C 3C");
    k.melds[1] = C("4D 5D 6D");
    k.melds[2] = C("7H 8H 9H");
    k.deadwood = C("AS");
    k.deadwood_points = 1;
    gr_cards d = C("KC QC JD 10S 9S 8C 7S 6C 5H 4S");
    gr_hand_result res;
    int why = -1;
    gr_settle_options o;
    memset(&o, 0, sizeof o);
    ck_assert_int_eq(gr_settle_ex(NULL, &o, &k, d, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    o.reserved[3] = 1;
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_RESERVED_NOT_ZERO);
    o.reserved[3] = 0;
    o.knocker = 2;
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    o.knocker = 0;
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d | C("AC"), &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_HANDS_OVERLAP);
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d | (gr_cards)1 << 52, &res, &why),
                     GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_CARD);
    o.has_upcard = 1;
    o.upcard = card("AC");
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_HANDS_OVERLAP);
    o.has_upcard = 0;
    /* G28: void, or an error when strict */
    gr_cards d9 = d & ~C("4S");
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d9, &res, &why), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    ck_assert_int_eq(why, GR_REASON_NONE);
    o.strict = 1;
    memset(&res, 0x55, sizeof res);
    gr_hand_result blank = res;
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d9, &res, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_CARD_COUNT);
    ck_assert(memcmp(&res, &blank, sizeof res) == 0);
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &res, &why), GR_OK);
    /* over the limit */
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 0), GR_OK);
    ck_assert_int_eq(gr_settle_ex(r, &o, &k, d, &res, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_OVER_LIMIT);
    ck_assert_int_eq(gr_settle(r, &k, d, &res), GR_EILLEGAL);

    /* gr_arrangement_check */
    gr_cards hand = C("AC 2C 3C 4D 5D 6D 7H 8H 9H AS");
    ck_assert_int_eq(gr_arrangement_check(&k, hand, 10, &why), GR_OK);
    ck_assert_int_eq(why, GR_REASON_NONE);
    ck_assert_int_eq(gr_arrangement_check(&k, hand, 0, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_OVER_LIMIT);
    ck_assert_int_eq(gr_arrangement_check(&k, hand, -1, NULL), GR_OK);
    ck_assert_int_eq(gr_arrangement_check(&k, hand | C("KS"), -1, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_NOT_THE_HAND);
    ck_assert_int_eq(gr_arrangement_check(NULL, hand, -1, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    gr_arrangement b = k;
    b.nmelds = 18;
    ck_assert_int_eq(gr_arrangement_check(&b, hand, -1, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_MELD_SLOTS);
    b = k;
    b.melds[2] = C("7H 8H 10H");
    b.deadwood = C("AS 9H");
    b.deadwood_points = 10;
    ck_assert_int_eq(gr_arrangement_check(&b, hand, -1, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_NOT_A_MELD);

    /* gr_layoff_check_ex */
    ck_assert_int_eq(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 10), GR_OK);
    gr_layoff lo;
    memset(&lo, 0, sizeof lo);
    lo.defender.deadwood = d & ~C("10H");
    lo.defender.deadwood_points = gr_cards_points(lo.defender.deadwood);
    lo.laid_off = 0;
    ck_assert_int_eq(gr_layoff_check_ex(&k, d, &lo, &why), GR_OK);
    ck_assert_int_eq(why, GR_REASON_NONE);
    lo.defender.deadwood = d & ~C("5H");
    lo.defender.deadwood_points = gr_cards_points(lo.defender.deadwood);
    lo.laid_off = C("5H");
    ck_assert_int_eq(gr_layoff_check_ex(&k, d, &lo, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_CANNOT_LAY_OFF);
    lo.laid_off = C("5H KC");
    ck_assert_int_eq(gr_layoff_check_ex(&k, d, &lo, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_MELDS_OVERLAP);
    ck_assert_int_eq(gr_layoff_check_ex(NULL, d, &lo, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    gr_rules_free(r);
}
END_TEST

/* parsers: where the bad token is */
START_TEST(test_G1_parse_error_place)
{
    gr_parse_error e;
    gr_cards cs;
    gr_card c;
    ck_assert_int_eq(gr_cards_parse_ex("AS 2S, ZZ 4S", &cs, &e), GR_EPARSE);
    ck_assert_int_eq((int)e.offset, 7);
    ck_assert_int_eq((int)e.length, 2);
    ck_assert_int_eq(e.reason, GR_REASON_SYNTAX);
    ck_assert_int_eq(e.line, 1);
    ck_assert_int_eq(gr_cards_parse_ex("AS\n2S as", &cs, &e), GR_EINVAL);
    ck_assert_int_eq((int)e.offset, 6);
    ck_assert_int_eq((int)e.length, 2);
    ck_assert_int_eq(e.reason, GR_REASON_DUPLICATE_CARD);
    ck_assert_int_eq(e.line, 2);
    ck_assert_int_eq(gr_cards_parse_ex("AS 2S", &cs, &e), GR_OK);
    ck_assert_int_eq(e.reason, GR_REASON_NONE);
    ck_assert(cs == C("AS 2S"));
    ck_assert_int_eq(gr_cards_parse_ex("AS 2S", &cs, NULL), GR_OK);
    ck_assert_int_eq(gr_card_parse_ex("  1x ", &c, &e), GR_EPARSE);
    ck_assert_int_eq((int)e.offset, 2);
    ck_assert_int_eq((int)e.length, 2);
    ck_assert_int_eq(gr_card_parse_ex("  ", &c, &e), GR_EPARSE);
    ck_assert_int_eq((int)e.length, 0);
    ck_assert_int_eq(gr_card_parse_ex(" 10h ", &c, &e), GR_OK);
    ck_assert_int_eq(c, card("10H"));
    ck_assert_int_eq(gr_card_parse_ex(NULL, &c, &e), GR_EINVAL);
    ck_assert_int_eq(e.reason, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_cards_parse_ex("AS", NULL, &e), GR_EINVAL);
}
END_TEST

/* gr_game_load_ex: where a saved game went wrong, and why */
START_TEST(test_G11_load_reasons)
{
    gr_rules *r = rules();
    gr_game *g = stacked(r, "AC 2C 3C 4D 5D 6D 7H 8H 9H 2S",
                         "KC QC JD 10S 9S 8C 7S 6C 5H 4S", "AS", "KD QD");
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_TAKE_UPCARD, NULL)), GR_OK);
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_DISCARD, "2S")), GR_OK);
    char *text = test_save(g);
    gr_game *l = NULL;
    gr_parse_error e;
    ck_assert_int_eq(gr_game_load_ex(&l, text, NULL, &e), GR_OK);
    ck_assert_int_eq(e.reason, GR_REASON_NONE);
    gr_game_free(l);
    l = NULL;
    /* the draw names another card */
    char *bad = strdup(text);
    char *p = strstr(bad, "TAKE AS");
    ck_assert_ptr_nonnull(p);
    p[5] = '2';
    ck_assert_int_eq(gr_game_load_ex(&l, bad, NULL, &e), GR_EILLEGAL);
    ck_assert_int_eq(e.reason, GR_REASON_DRAW_MISMATCH);
    ck_assert_int_eq((int)e.offset, (int)(p - bad));
    ck_assert_int_eq((int)e.length, 7);
    ck_assert_int_eq(e.line, 5);
    free(bad);
    /* G11: discarding the card just taken */
    bad = strdup(text);
    p = strstr(bad, "DISCARD 2S");
    ck_assert_ptr_nonnull(p);
    memcpy(p, "DISCARD AS", 10);
    ck_assert_int_eq(gr_game_load_ex(&l, bad, NULL, &e), GR_EILLEGAL);
    ck_assert_int_eq(e.reason, GR_REASON_JUST_TAKEN);
    ck_assert_int_eq((int)e.offset, (int)(p - bad));
    free(bad);
    /* damaged: an unknown move name, an unknown line */
    bad = strdup(text);
    p = strstr(bad, "DISCARD 2S");
    memcpy(p, "DISCORD", 7);
    ck_assert_int_eq(gr_game_load_ex(&l, bad, NULL, &e), GR_EPARSE);
    ck_assert_int_eq(e.reason, GR_REASON_SYNTAX);
    ck_assert_int_eq((int)e.offset, (int)(p - bad));
    free(bad);
    bad = strdup(text);
    p = strstr(bad, "\ndealer") + 1;   /* the line, not dealer_alternates */
    memcpy(p, "dealex", 6);
    ck_assert_int_eq(gr_game_load_ex(&l, bad, NULL, &e), GR_EPARSE);
    ck_assert_int_eq((int)e.offset, (int)(p - bad));
    ck_assert_int_eq((int)e.length, 6);
    free(bad);
    ck_assert_int_eq(gr_game_load_ex(&l, "ginrummy 2\n", NULL, &e), GR_EPARSE);
    ck_assert_int_eq((int)e.offset, 11);   /* lines missing: at the end */
    ck_assert_int_eq(gr_game_load_ex(NULL, text, NULL, &e), GR_EINVAL);
    ck_assert_int_eq(e.reason, GR_REASON_NULL_ARGUMENT);
    ck_assert_ptr_null(l);
    free(text);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

/* an allocator that fails once `left` allocations are used up */
#define limited_malloc test_limited_malloc   /* testutil.h */
#define limited_free test_limited_free

/* G16, G17: the reasons a position makes easy to reach; memory */
START_TEST(test_G16_reasons_from_positions)
{
    gr_rules *r = rules();
    gr_position p;
    /* the draw phase with an empty pile: nothing to take */
    ck_assert_int_eq(gr_position_parse(
        "dealer 0; turn 1; phase draw; hand0 AC 2C 3C 4C 5C 6C 7C 8C 9C 10C;"
        " hand1 AD 2D 3D 4D 5D 6D 7D 8D 9D 10D; seed 1", &p, NULL), GR_OK);
    gr_game *g = NULL;
    ck_assert_int_eq(gr_game_from_position(&g, r, &p), GR_OK);
    REFUSED(g, gr_game_play(g, mv(GR_MOVE_DRAW_DISCARD, NULL)), GR_EILLEGAL,
            GR_REASON_PILE_EMPTY);
    gr_game_free(g);
    /* the discard that leaves 2 cards in the stock makes the hand void */
    ck_assert_int_eq(gr_position_parse(
        "dealer 0; turn 1; phase discard; hand0 AC 2C 3C 4C 5C 6C 7C 8C 9C 10C;"
        " hand1 AD 2D 3D 4D 5D 6D 7D 8D 9D 10D KS; pile JC QC KC;"
        " stock JD QD", &p, NULL), GR_OK);
    gr_position q = p;
    for (int c = 0; c < GR_NCARDS; c++) {   /* the rest on the pile */
        gr_cards used = p.hand[0] | p.hand[1] | C("JC QC KC JD QD");
        if (!(used & GR_CARD_BIT(c)))
            q.pile[q.npile++] = (gr_card)c;
    }
    int why = -1;
    ck_assert_int_eq(gr_position_check(r, &q, &why), GR_OK);
    ck_assert_int_eq(gr_game_from_position(&g, r, &q), GR_OK);
    ck_assert_int_eq(gr_game_play(g, mv(GR_MOVE_DISCARD, "KS")), GR_OK);
    gr_hand_result res;
    ck_assert_int_eq(gr_game_result(g, &res), GR_OK);
    ck_assert_int_eq(res.outcome, GR_OUTCOME_VOID);
    gr_layoff d;
    memset(&d, 0, sizeof d);
    REFUSED(g, gr_game_defend(g, &d), GR_ESTATE, GR_REASON_NOT_KNOCKED);
    gr_game_free(g);

    /* no memory: the match cannot keep the hand */
    test_limit lim = { 1, 0 };
    gr_allocator mm = { .malloc_fn = limited_malloc, .free_fn = limited_free, .ctx = &lim };
    gr_rules *rm = NULL;
    lim.left = 10;
    ck_assert_int_eq(gr_rules_new_mm(&rm, GR_PRESET_FOURNIER, &mm), GR_OK);
    gr_match *m = NULL;
    ck_assert_int_eq(gr_match_new(&m, rm, 1), GR_OK);
    lim.left = 0;
    memset(&res, 0, sizeof res);
    res.outcome = GR_OUTCOME_KNOCK;
    res.points = 5;
    ck_assert_int_eq(gr_match_record(m, &res), GR_ENOMEM);
    ck_assert_int_eq(gr_match_last_reason(m), GR_REASON_NO_MEMORY);
    gr_score sc;
    gr_match_score(m, &sc);
    ck_assert_int_eq(sc.hands_played, 0);   /* unchanged */
    lim.left = 10;
    ck_assert_int_eq(gr_match_record(m, &res), GR_OK);
    gr_match_free(m);
    gr_rules_free(rm);
    gr_rules_free(r);
}
END_TEST

static Suite *reason_suite(void)
{
    Suite *s = suite_create("reason");
    TCase *tc = tcase_create("reasons");
    tcase_add_test(tc, test_reason_table);
    tcase_add_test(tc, test_G11_reasons_of_moves);
    tcase_add_test(tc, test_G18_reason_no_layoff_after_gin);
    tcase_add_test(tc, test_G28_reasons_of_settle);
    tcase_add_test(tc, test_G1_parse_error_place);
    tcase_add_test(tc, test_G11_load_reasons);
    tcase_add_test(tc, test_G16_reasons_from_positions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(reason_suite());
}
