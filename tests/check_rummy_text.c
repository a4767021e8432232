/*
 * check_rummy_text.c: basic Rummy for people: the reason of every refusal
 * (R3-R5 scenarios, one per reason, and random moves whose status is
 * always the reason's), the same reason for a bad meld from every
 * function, moves as text both ways (forced and ambiguous jokers, the
 * place of a bad word, parse(format(m)) == m for every legal move of
 * random hands), and the melds a joker completes against a brute force.
 */
#include <check.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummytest.h"

/* a refused call: its status, the game's reason, and its status agree */
#define REFUSED(g, call, want_rc, want_reason)                                  \
    do {                                                                        \
        int rc_ = (call);                                                       \
        ck_assert_int_eq(rc_, want_rc);                                         \
        ck_assert_str_eq(gr_reason_name(gr_rummy_game_last_reason(g)),          \
                         gr_reason_name(want_reason));                          \
        ck_assert_int_eq(gr_reason_status(want_reason), want_rc);               \
    } while (0)

static gr_rummy_action act(int type, gr_card card, gr_card named, int target)
{
    gr_rummy_action a;
    memset(&a, 0, sizeof a);
    a.type = type;
    a.card = card;
    a.named = named;
    a.target = target;
    return a;
}

static gr_rummy_action meld_act(const char *text)
{
    gr_rummy_action a = act(GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
    a.meld = M(text);
    return a;
}

/* 2 players, one joker; seat 0 (dealer 1) plays first */
static gr_rummy_game *scenario(const char *h0, const char *up, const char *stock)
{
    gr_rummy_rules *r = rrules(2, 1, 0);
    const char *hands[2] = { h0, "2D 3D 4D 5D 6D 9H 10H JH QH KH" };
    gr_rummy_game *g = rstacked(r, 1, hands, up, stock);
    gr_rummy_rules_free(r);
    return g;
}

START_TEST(reasons_of_the_turn_R4)
{
    gr_rummy_game *g = scenario("6S 8S JK 7H 7D 7C 2C 3C 4C KD", "9C", "QS");
    gr_rummy_action a = meld_act("2C 3C 4C");
    REFUSED(g, gr_rummy_game_play(g, &a), GR_ESTATE, GR_REASON_DRAW_FIRST);
    a = act(GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD, GR_NO_CARD, -1);
    REFUSED(g, gr_rummy_game_play_as(g, 1, &a), GR_ESTATE, GR_REASON_NOT_YOUR_TURN);
    REFUSED(g, gr_rummy_game_play_as(g, 7, &a), GR_EINVAL, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_game_play_as(g, 0, &a), GR_OK);
    ck_assert_int_eq(gr_rummy_game_last_reason(g), GR_REASON_NONE);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_ESTATE, GR_REASON_DRAWN_ALREADY);
    a = act(GR_RUMMY_ACT_DISCARD, rcard("5H"), GR_NO_CARD, -1);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NOT_IN_HAND);
    a = act(99, GR_NO_CARD, GR_NO_CARD, -1);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EINVAL, GR_REASON_BAD_VALUE);
    a = act(GR_RUMMY_ACT_DISCARD, 60, GR_NO_CARD, -1);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EINVAL, GR_REASON_BAD_CARD);
    a = act(GR_RUMMY_ACT_DISCARD, rcard("KD"), GR_NO_CARD, -1);
    a.reserved[1] = 1;
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EINVAL, GR_REASON_RESERVED_NOT_ZERO);
    REFUSED(g, gr_rummy_game_play(g, NULL), GR_EINVAL, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_game_last_reason(NULL), GR_EINVAL);
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(reasons_of_melds_R3_R5)
{
    gr_rummy_game *g = scenario("6S 8S JK 7H 7D 7C 2C 3C 4C KD", "9C", "QS");
    ck_assert_int_eq(rplay(g, "STOCK"), GR_OK);
    rsnap before, after;
    rsnap_take(g, &before);
    gr_rummy_action a = meld_act("6S JK=9S 8S");   /* JK must be 7S */
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_JOKER_FACE);
    a = meld_act("6S JK=7S KD");
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_RUMMY_NOT_A_MELD);
    a = meld_act("6S 8S KD");
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_RUMMY_NOT_A_MELD);
    a = meld_act("JK=5H JK=6H JK=7H");
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NO_NATURAL);
    a = meld_act("2C 3C 4C 5C");
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NOT_IN_HAND);
    a = meld_act("7C 7D 7H JK=7S 6S");
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_RUMMY_NOT_A_MELD);
    a = meld_act("2C 3C");
    a.meld.jokers = rcard("KD");   /* jokers outside the cards */
    a.meld.jokers = GR_CARD_BIT(a.meld.jokers);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EINVAL, GR_REASON_BAD_CARD);
    rsnap_take(g, &after);
    ck_assert(rsnap_same(&before, &after));
    rsnap_free(&before);
    rsnap_free(&after);
    /* the same melds get the same reasons from gr_rummy_meld_check */
    int why;
    gr_rummy_meld m = M("6S JK=9S 8S");
    ck_assert_int_eq(gr_rummy_meld_check(&m, 0, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_JOKER_FACE);
    m = M("JK=5H JK=6H JK=7H");
    ck_assert_int_eq(gr_rummy_meld_check(&m, 0, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_NO_NATURAL);
    m = M("QS KS AS");   /* R3: Q-K-A only with the ace-high option */
    ck_assert_int_eq(gr_rummy_meld_check(&m, 0, &why), GR_EILLEGAL);
    ck_assert_int_eq(why, GR_REASON_RUMMY_NOT_A_MELD);
    ck_assert_int_eq(gr_rummy_meld_check(&m, GR_RUMMY_ACE_HIGH, &why), GR_OK);
    ck_assert_int_eq(why, GR_REASON_NONE);
    ck_assert_int_eq(gr_rummy_meld_check(&m, 4, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_meld_check(NULL, 0, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(reasons_of_layoffs_and_swaps_R4_R5)
{
    gr_rummy_game *g = scenario("6S 8S JK 7H 7D 7C 2C 3C 4C KD", "9C", "QS 3H 7S");
    ck_assert_int_eq(rplay(g, "STOCK"), GR_OK);
    gr_rummy_action a = act(GR_RUMMY_ACT_LAY_OFF, rcard("KD"), GR_NO_CARD, 0);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NO_SUCH_MELD);
    ck_assert_int_eq(rplay(g, "MELD 2C 3C 4C"), GR_OK);
    ck_assert_int_eq(rplay(g, "MELD 6S JK=7S 8S"), GR_OK);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_DOES_NOT_FIT);
    a = act(GR_RUMMY_ACT_LAY_OFF, rcard("5C"), GR_NO_CARD, 0);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NOT_IN_HAND);
    a = act(GR_RUMMY_ACT_SWAP_JOKER, rcard("7H"), GR_NO_CARD, 1);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NO_JOKER_THERE);
    a = act(GR_RUMMY_ACT_SWAP_JOKER, rcard("7S"), GR_NO_CARD, 1);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NOT_IN_HAND);
    a = act(GR_RUMMY_ACT_SWAP_JOKER, rcard("7H"), GR_NO_CARD, 2);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_NO_SUCH_MELD);
    ck_assert_int_eq(rplay(g, "DISCARD KD"), GR_OK);
    ck_assert_int_eq(rplay(g, "STOCK"), GR_OK);       /* seat 1 */
    ck_assert_int_eq(rplay(g, "DISCARD 2D"), GR_OK);
    ck_assert_int_eq(rplay(g, "STOCK"), GR_OK);       /* seat 0 draws 7S */
    a = act(GR_RUMMY_ACT_SWAP_JOKER, rcard("7S"), GR_NO_CARD, 1);
    ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);   /* the joker back */
    /* a joker naming a face that does not fit, where another would */
    a = act(GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER, rcard("9C"), 0);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_JOKER_FACE);
    a = act(GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER, rcard("5C"), 0);
    ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(reasons_of_the_pile_R4)
{
    /* take 9C, then it may not be discarded (R4 Decision) */
    gr_rummy_game *g = scenario("6S 8S JK 7H 7D 7C 2C 3C 4C KD", "9C", NULL);
    ck_assert_int_eq(rplay(g, "DRAW"), GR_OK);
    gr_rummy_action a = act(GR_RUMMY_ACT_DISCARD, rcard("9C"), GR_NO_CARD, -1);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_TAKEN_FROM_PILE);
    ck_assert_str_eq(gr_reason_text(GR_REASON_TAKEN_FROM_PILE),
                     "you may not discard the card you took from the pile, nor one "
                     "identical to it, this turn (R4)");
    gr_rummy_game_free(g);
    /* eleven clubs after taking QC: melding ten leaves only QC, a dead end */
    g = scenario("2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "QC", NULL);
    ck_assert_int_eq(rplay(g, "DRAW"), GR_OK);
    a = meld_act("2C 3C 4C 5C 6C 7C 8C 9C 10C JC");
    REFUSED(g, gr_rummy_game_play(g, &a), GR_EILLEGAL, GR_REASON_DEAD_END);
    a = meld_act("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC");   /* out, R7 */
    ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
    a = act(GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD, GR_NO_CARD, -1);
    REFUSED(g, gr_rummy_game_play(g, &a), GR_ESTATE, GR_REASON_HAND_OVER);
    gr_rummy_game_free(g);
}
END_TEST

/* ---- text -------------------------------------------------------------- */

static void parse_ok(const gr_rummy_game *g, const char *text, const char *want)
{
    gr_rummy_action a;
    gr_parse_error e;
    char buf[256];
    ck_assert_msg(gr_rummy_move_parse(text, g, &a, &e) == GR_OK, "%s: %s", text,
                  gr_reason_name(e.reason));
    ck_assert_int_eq(e.reason, GR_REASON_NONE);
    ck_assert_int_ge(gr_rummy_move_format(&a, g, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, want);
}

static void parse_bad(const gr_rummy_game *g, const char *text, const char *at,
                      size_t length, int reason)
{
    gr_rummy_action a;
    gr_parse_error e;
    ck_assert_int_eq(gr_rummy_move_parse(text, g, &a, &e), GR_EPARSE);
    ck_assert_msg(e.reason == reason, "%s: %s", text, gr_reason_name(e.reason));
    const char *where = at ? strstr(text, at) : text + strlen(text);
    ck_assert_uint_eq(e.offset, (size_t)(where - text));
    ck_assert_uint_eq(e.length, length);
    ck_assert_int_eq(e.line, 1);
}

START_TEST(move_text_words)
{
    gr_rummy_game *g = scenario("6S 8S JK 7H 7D 7C 2C 3C 4C KD", "9C", "QS");
    parse_ok(g, "draw", "draw");
    parse_ok(g, "D", "draw");
    parse_ok(g, "take", "take");
    parse_ok(g, "t 9c", "take 9C");
    parse_ok(g, "meld 6S JK 8S", "meld 6S JK 8S");           /* JK=7S forced */
    parse_ok(g, "m 8s, 6s, jk", "meld 6S JK 8S");
    parse_ok(g, "meld 7C 7D 7H JK=7S", "meld 7C 7D 7H JK");  /* forced: 4th suit */
    parse_ok(g, "meld 7C 7D JK=7S", "meld 7C 7D JK=7S");     /* 7H would do too */
    parse_ok(g, "x KD", "discard KD");
    parse_ok(g, "discard jk", "discard JK");
    parse_bad(g, "meld 7S 8S JK", "JK", 2, GR_REASON_AMBIGUOUS_JOKER);
    gr_rummy_view v;
    gr_rummy_game_view(g, 0, &v);
    gr_cards faces;
    ck_assert_int_eq(gr_rummy_move_joker_faces("meld 7S 8S JK", &v, &faces), GR_OK);
    ck_assert_uint_eq(faces, test_cards("6S 9S"));
    ck_assert_int_eq(gr_rummy_move_joker_faces("meld 7C 7D JK", NULL, &faces), GR_OK);
    ck_assert_uint_eq(faces, test_cards("7H 7S"));
    ck_assert_int_eq(gr_rummy_move_joker_faces("meld 6S JK 8S", &v, &faces), GR_OK);
    ck_assert_uint_eq(faces, 0);
    parse_bad(g, "meld 6S JK 9X", "9X", 2, GR_REASON_SYNTAX);
    parse_bad(g, "meld 6S 6S 6H", "6S 6H", 2, GR_REASON_DUPLICATE_CARD);
    parse_bad(g, "meld JK JK 5H JK=5H", "JK=5H", 5, GR_REASON_DUPLICATE_CARD);
    parse_bad(g, "meld JK JK JK", "JK JK JK", 8, GR_REASON_NO_NATURAL);
    parse_bad(g, "meld 6S JK KD", "6S JK KD", 8, GR_REASON_RUMMY_NOT_A_MELD);
    parse_bad(g, "meld 6S JK=10S JK 8S", "6S", 15, GR_REASON_JOKER_FACE);
    parse_bad(g, "discard", NULL, 0, GR_REASON_SYNTAX);
    parse_bad(g, "discard KD 7H", "7H", 2, GR_REASON_SYNTAX);
    parse_bad(g, "dance 7H", "dance", 5, GR_REASON_SYNTAX);
    parse_bad(g, "layoff KS 1", "1", 1, GR_REASON_NO_SUCH_MELD);  /* empty table */
    parse_bad(g, "swap 7S x", "x", 1, GR_REASON_SYNTAX);
    parse_bad(g, "   ", NULL, 0, GR_REASON_SYNTAX);
    gr_rummy_action a;
    ck_assert_int_eq(gr_rummy_move_parse(NULL, g, &a, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_move_parse("draw", g, NULL, NULL), GR_EINVAL);
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(move_text_table_numbers)
{
    gr_rummy_game *g = scenario("6S 8S JK 7H 7D 7C 2C 3C 4C KD", "9C", "QS 7S");
    ck_assert_int_eq(rplay(g, "STOCK"), GR_OK);
    ck_assert_int_eq(rplay(g, "MELD 2C 3C 4C"), GR_OK);
    ck_assert_int_eq(rplay(g, "MELD 7C 7D 7H"), GR_OK);
    ck_assert_int_eq(rplay(g, "MELD 6S JK=7S 8S"), GR_OK);
    parse_ok(g, "layoff KD 1", "layoff KD 1");
    parse_ok(g, "l 3 5S", "layoff 5S 3");   /* number first too */
    parse_ok(g, "swap 7S 3", "swap 7S 3");
    parse_ok(g, "s 3 7s", "swap 7S 3");
    parse_bad(g, "layoff KD 4", "4", 1, GR_REASON_NO_SUCH_MELD);
    parse_bad(g, "layoff JK 1", "JK", 2, GR_REASON_AMBIGUOUS_JOKER);  /* AC or 5C */
    parse_ok(g, "layoff JK=5C 1", "layoff JK=5C 1");
    parse_ok(g, "layoff JK 2", "layoff JK 2");           /* 7S: the one suit left */
    gr_rummy_action a;
    ck_assert_int_eq(gr_rummy_move_parse("layoff JK 2", g, &a, NULL), GR_OK);
    ck_assert_int_eq(a.named, rcard("7S"));
    ck_assert_int_eq(a.target, 1);
    /* without a game: the joker is always named, numbers up to the most */
    char buf[64];
    ck_assert_int_gt(gr_rummy_move_format(&a, NULL, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "layoff JK=7S 2");
    ck_assert_int_eq(gr_rummy_move_parse("layoff JK 2", NULL, &a, NULL), GR_EPARSE);
    ck_assert_int_eq(gr_rummy_move_parse("layoff 5C 30", NULL, &a, NULL), GR_OK);
    ck_assert_int_eq(a.target, 29);
    gr_rummy_game_free(g);
}
END_TEST

START_TEST(hand_and_meld_parse_places)
{
    gr_rummy_hand h;
    gr_rummy_meld m;
    gr_parse_error e;
    ck_assert_int_eq(gr_rummy_hand_parse_ex("7H 7H JK 2C", &h, &e), GR_OK);
    ck_assert_int_eq(e.reason, GR_REASON_NONE);
    ck_assert_int_eq(gr_rummy_hand_parse_ex("7H ZZZ 2C", &h, &e), GR_EPARSE);
    ck_assert_uint_eq(e.offset, 3);
    ck_assert_uint_eq(e.length, 3);
    ck_assert_int_eq(e.reason, GR_REASON_SYNTAX);
    ck_assert_int_eq(gr_rummy_hand_parse_ex("7H 7H,7H", &h, &e), GR_EINVAL);
    ck_assert_uint_eq(e.offset, 6);
    ck_assert_uint_eq(e.length, 2);
    ck_assert_int_eq(e.reason, GR_REASON_DUPLICATE_CARD);
    ck_assert_int_eq(gr_rummy_meld_parse_ex("5H JK 7H", &m, &e), GR_EPARSE);
    ck_assert_uint_eq(e.offset, 3);
    ck_assert_int_eq(gr_rummy_meld_parse_ex("5H JK=6H 7H", &m, &e), GR_OK);
    ck_assert_int_eq(gr_rummy_meld_parse_ex(NULL, &m, &e), GR_EINVAL);
    ck_assert_int_eq(e.reason, GR_REASON_NULL_ARGUMENT);
}
END_TEST

/* brute force: every set of k faces outside `faces` completing a meld */
static int brute_completions(gr_cards faces, int k, int flags, gr_cards *all)
{
    int n = 0;
    *all = 0;
    gr_card f[3] = { 0, 0, 0 };
    for (f[0] = 0; f[0] < (k > 0 ? 52 : 1); f[0]++)
        for (f[1] = f[0] + 1; f[1] < (k > 1 ? 52 : f[0] + 2); f[1]++)
            for (f[2] = f[1] + 1; f[2] < (k > 2 ? 52 : f[1] + 2); f[2]++) {
                gr_cards s = 0;
                for (int i = 0; i < k; i++)
                    s |= GR_CARD_BIT(f[i]);
                if (s & faces)
                    continue;
                gr_rummy_meld m = { faces | s, 0 };
                if (gr_rummy_meld_kind(&m, flags) > 0) {
                    n++;
                    *all |= s;
                }
            }
    return n;
}

START_TEST(completions_match_brute_force)
{
    test_rng r = { 2811 };
    long cases = test_count(150);
    for (long i = 0; i < cases; i++) {
        int k = test_below(&r, 4), flags = test_below(&r, 2);
        gr_cards faces;
        if (test_below(&r, 2)) {   /* one rank or one suit, most often melds */
            int suit = test_below(&r, 4), lo = test_below(&r, 11);
            faces = 0;
            for (int j = 0; j < 1 + test_below(&r, 3); j++)
                faces |= GR_CARD_BIT(GR_CARD((lo + test_below(&r, 3)) % 13, suit));
        } else {
            faces = test_hand(&r, 1 + test_below(&r, 3));
        }
        gr_rummy_meld out[32];
        int n = gr_rummy_meld_completions(faces, k, flags, out, 32);
        gr_cards all, got = 0;
        ck_assert_int_eq(n, brute_completions(faces, k, flags, &all));
        for (int j = 0; j < n; j++) {
            ck_assert_uint_eq(out[j].cards & ~out[j].jokers, faces);
            ck_assert_int_eq(__builtin_popcountll(out[j].jokers), k);
            ck_assert_int_gt(gr_rummy_meld_kind(&out[j], flags), 0);
            got |= out[j].jokers;
        }
        ck_assert_uint_eq(got, all);
        /* the faces a table meld takes, by brute force */
        gr_rummy_meld t = { faces, 0 };
        gr_cards fits;
        if (gr_rummy_meld_kind(&t, flags) > 0) {
            ck_assert_int_eq(gr_rummy_layoff_faces(&t, flags, &fits), GR_OK);
            gr_cards want = 0;
            for (int c = 0; c < 52; c++) {
                gr_rummy_meld u = { faces | GR_CARD_BIT(c), 0 };
                if (!(faces >> c & 1) && gr_rummy_meld_kind(&u, flags) > 0)
                    want |= GR_CARD_BIT(c);
            }
            ck_assert_uint_eq(fits, want);
        } else {
            int why;
            ck_assert_int_eq(gr_rummy_layoff_faces(&t, flags, &fits), GR_EILLEGAL);
            ck_assert_int_eq(gr_rummy_meld_check(&t, flags, &why), GR_EILLEGAL);
            ck_assert_int_eq(why, GR_REASON_RUMMY_NOT_A_MELD);
        }
    }
    ck_assert_int_eq(gr_rummy_meld_completions(0, 2, 0, NULL, 0), 0);
    ck_assert_int_eq(gr_rummy_meld_completions(1, 9, 0, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_meld_completions(1, 1, 0, NULL, 3), GR_EINVAL);
}
END_TEST

/* ---- random hands ------------------------------------------------------ */

static bool act_eq(const gr_rummy_action *a, const gr_rummy_action *b)
{
    return a->type == b->type && a->card == b->card && a->named == b->named
        && a->target == b->target && a->meld.cards == b->meld.cards
        && a->meld.jokers == b->meld.jokers
        && memcmp(a->reserved, b->reserved, sizeof a->reserved) == 0;
}

static void same_bytes(const gr_rummy_action *a, const gr_rummy_action *b,
                       const char *text)
{
    ck_assert_msg(act_eq(a, b), "round trip of \"%s\"", text);
}

/* a random action, legal or not, from the hand and the table */
static gr_rummy_action random_action(test_rng *r, const gr_rummy_game *g)
{
    gr_rummy_hand h;
    gr_rummy_game_hand(g, gr_rummy_game_turn(g), &h);
    int nm = gr_rummy_game_melds(g, NULL, 0);
    gr_rummy_action a = act(1 + test_below(r, 6), GR_NO_CARD, GR_NO_CARD, -1);
    gr_card c = (gr_card)test_below(r, 53);
    if (h.once && test_below(r, 4)) {   /* most often a card he holds */
        gr_cards m = h.once;
        for (int k = test_below(r, __builtin_popcountll(m)); k > 0; k--)
            m &= m - 1;
        c = (gr_card)__builtin_ctzll(m);
    }
    switch (a.type) {
    case GR_RUMMY_ACT_MELD:
        a.meld.cards = h.once & test_hand(r, 20 + test_below(r, 20));
        if (test_below(r, 3) == 0)
            a.meld.cards |= test_hand(r, 2);
        a.meld.jokers = a.meld.cards & test_hand(r, 8);
        break;
    case GR_RUMMY_ACT_LAY_OFF:
    case GR_RUMMY_ACT_SWAP_JOKER:
        a.target = test_below(r, nm + 2) - 1;
        a.card = c;
        if (c == GR_RUMMY_JOKER)
            a.named = (gr_card)test_below(r, 52);
        if (a.type == GR_RUMMY_ACT_SWAP_JOKER && c == GR_RUMMY_JOKER)
            a.card = (gr_card)test_below(r, 52);
        break;
    case GR_RUMMY_ACT_DISCARD:
        a.card = c;
        break;
    default:
        break;
    }
    return a;
}

START_TEST(random_hands_text_and_reasons)
{
    test_rng r = { 280028 };
    long hands = test_count(40);
    long checked = 0, refused = 0;
    for (long i = 0; i < hands; i++) {
        int players = 2 + test_below(&r, 3), jokers = test_below(&r, 3);
        gr_rummy_rules *rules = rrules(players, jokers, test_below(&r, 2));
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, rules, test_next(&r), 0), GR_OK);
        gr_rummy_bot *bot;
        ck_assert_int_eq(gr_rummy_bot_new(&bot, test_below(&r, 2) ? GR_BOT_GREEDY
                                                                 : GR_BOT_RANDOM,
                                          test_next(&r)), GR_OK);
        for (int step = 0; step < 400 && gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER;
             step++) {
            int n;
            gr_rummy_action *legal = rlegal(g, &n);
            gr_rummy_view v;
            gr_rummy_game_view(g, gr_rummy_game_turn(g), &v);
            for (int k = 0; k < n; k++) {
                char text[256], vtext[256];
                gr_rummy_action back;
                gr_parse_error e;
                ck_assert_int_gt(gr_rummy_move_format(&legal[k], g, text, sizeof text), 0);
                ck_assert_int_gt(gr_rummy_view_move_format(&legal[k], &v, vtext,
                                                           sizeof vtext), 0);
                ck_assert_str_eq(text, vtext);
                ck_assert_msg(gr_rummy_move_parse(text, g, &back, &e) == GR_OK,
                              "\"%s\": %s", text, gr_reason_name(e.reason));
                same_bytes(&legal[k], &back, text);
                ck_assert_int_eq(gr_rummy_view_move_parse(text, &v, &back, NULL), GR_OK);
                same_bytes(&legal[k], &back, text);
                ck_assert_int_gt(gr_rummy_move_format(&legal[k], NULL, text,
                                                      sizeof text), 0);
                ck_assert_int_eq(gr_rummy_move_parse(text, NULL, &back, NULL), GR_OK);
                same_bytes(&legal[k], &back, text);
                checked++;
            }
            /* random moves: a refusal's status is its reason's, the game
             * keeps it, and a meld's reason is gr_rummy_meld_check's */
            for (int k = 0; k < 6; k++) {
                gr_rummy_action a = random_action(&r, g);
                gr_rummy_game *c;
                ck_assert_int_eq(gr_rummy_game_clone(&c, g), GR_OK);
                int rc = gr_rummy_game_play(c, &a), why = gr_rummy_game_last_reason(c);
                ck_assert_int_eq(gr_reason_status(why), rc);
                int listed = 0;
                for (int j = 0; j < n; j++)
                    listed |= act_eq(&legal[j], &a);
                if (a.type == GR_RUMMY_ACT_DRAW_STOCK || a.type == GR_RUMMY_ACT_DRAW_DISCARD)
                    listed = rc == GR_OK;   /* listed draws carry a card */
                if (listed != (rc == GR_OK)) {
                    char t[200];
                    gr_rummy_move_format(&a, NULL, t, sizeof t);
                    char l[200];
                    gr_rummy_move_format(&legal[n - 1], NULL, l, sizeof l);
                    ck_abort_msg("%s: rc %d listed %d n %d phase %d last %s", t, rc, listed,
                                 n, gr_rummy_game_phase(g), l);
                }
                if (rc != GR_OK)
                    refused++;
                if (a.type == GR_RUMMY_ACT_MELD && gr_rummy_game_phase(g) == GR_RUMMY_PHASE_PLAY) {
                    int mwhy;
                    int mrc = gr_rummy_meld_check(&a.meld, v.ace_high, &mwhy);
                    if (mrc != GR_OK)
                        ck_assert_int_eq(mwhy, why);
                    else
                        ck_assert(why == GR_REASON_NONE || why == GR_REASON_NOT_IN_HAND
                                  || why == GR_REASON_DEAD_END);
                }
                gr_rummy_game_free(c);
            }
            gr_rummy_action pick;
            ck_assert_int_eq(gr_rummy_bot_choose(bot, &v, &pick), GR_OK);
            ck_assert_int_eq(gr_rummy_game_play(g, &pick), GR_OK);
            free(legal);
        }
        gr_rummy_bot_free(bot);
        gr_rummy_game_free(g);
        gr_rummy_rules_free(rules);
    }
    ck_assert_int_gt(checked, 100);
    ck_assert_int_gt(refused, 10);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        reasons_of_the_turn_R4,
        reasons_of_melds_R3_R5,
        reasons_of_layoffs_and_swaps_R4_R5,
        reasons_of_the_pile_R4,
        move_text_words,
        move_text_table_numbers,
        hand_and_meld_parse_places,
        completions_match_brute_force,
        random_hands_text_and_reasons
    };
    return TEST_RUN_CORE("rummy_text", 600, tests);
}
