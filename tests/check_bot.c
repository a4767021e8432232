/*
 * check_bot.c: the random, greedy and expert bots (gr_bot); the expert has
 * more in check_expert.c.
 *
 * Bots play whole hands and matches through gr_game_view / gr_bot_choose /
 * gr_game_play: every move they choose must be legal and accepted.  A bot
 * decides from the view only (G12): two games that look the same to the
 * bot's player but differ in hidden cards get the same move.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

/* No hand lasts longer: the rules end it void at GR_MAX_HAND_MOVES. */
#define MAX_MOVES_PER_HAND GR_MAX_HAND_MOVES

static gr_rules *rules_of(int preset)
{
    gr_rules *r = NULL;
    REQUIRE_RC(gr_rules_new(&r, preset), GR_OK);
    return r;
}

static gr_bot *bot_of(int kind, uint64_t seed)
{
    gr_bot *b = NULL;
    REQUIRE_RC(gr_bot_new(&b, kind, seed), GR_OK);
    REQUIRE(b != NULL);
    return b;
}

#define move_in test_move_in

/* Play the hand to its end with bots[player]; every chosen move must be one
 * of the legal ones and accepted.  If moves is not NULL, the moves chosen
 * are appended to it (cap entries).  Returns the number of moves. */
static int play_hand(gr_game *g, gr_bot *bots[2], gr_move *moves, int cap)
{
    int n = 0;
    while (gr_game_phase(g) != GR_PHASE_OVER) {
        int p = gr_game_turn(g);
        REQUIRE(p == 0 || p == 1);
        gr_view v, other;
        gr_move m;
        REQUIRE_RC(gr_game_view(g, p, &v), GR_OK);
        REQUIRE(v.nlegal > 0);
        REQUIRE_RC(gr_bot_choose(bots[p], &v, &m), GR_OK);
        ck_assert_msg(move_in(&m, &v), "bot chose an unlisted move %d/%d",
                      m.type, m.card);
        /* the player not on turn has nothing to choose */
        REQUIRE_RC(gr_game_view(g, 1 - p, &other), GR_OK);
        REQUIRE_RC(gr_bot_choose(bots[1 - p], &other, &m), GR_ESTATE);
        REQUIRE_RC(gr_bot_choose(bots[p], &v, &m), GR_OK);
        REQUIRE_RC(gr_game_play(g, m), GR_OK);
        if (moves && n < cap)
            moves[n] = m;
        n++;
        REQUIRE(n <= MAX_MOVES_PER_HAND);
    }
    return n;
}

/* ---- construction and bad input ------------------------------------------ */

START_TEST(test_bot_new_and_lookup)
{
    gr_bot *b = (gr_bot *)&b;
    ck_assert_int_eq(gr_bot_new(NULL, GR_BOT_RANDOM, 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_new(&b, 0, 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_new(&b, 4, 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_new(&b, -1, 1), GR_EINVAL);
    ck_assert_ptr_eq(b, (gr_bot *)&b);   /* untouched on failure */
    gr_bot_free(NULL);

    ck_assert_int_eq(gr_bot_lookup("random"), GR_BOT_RANDOM);
    ck_assert_int_eq(gr_bot_lookup("Greedy"), GR_BOT_GREEDY);
    ck_assert_int_eq(gr_bot_lookup("GREEDY"), GR_BOT_GREEDY);
    ck_assert_int_eq(gr_bot_lookup("greed"), GR_EINVAL);
    ck_assert_int_eq(gr_bot_lookup("greedyy"), GR_EINVAL);
    ck_assert_int_eq(gr_bot_lookup(""), GR_EINVAL);
    ck_assert_int_eq(gr_bot_lookup(NULL), GR_EINVAL);
}
END_TEST

/* A well-formed view of the upcard offer. */
static void upcard_view(gr_view *v)
{
    memset(v, 0, sizeof *v);
    gr_cards hand;
    ck_assert_int_eq(gr_cards_parse("AS 2S 7H 7D KC QC 9D 8H 5C 4D", &hand),
                     GR_OK);
    v->player = 1;
    v->phase = GR_PHASE_UPCARD;
    v->turn = 1;
    v->dealer = 0;
    v->hand = hand;
    v->opponent_count = 10;
    v->stock_size = 31;
    v->ndiscards = 1;
    ck_assert_int_eq(gr_card_parse("3S", &v->discards[0]), GR_OK);
    v->knock_limit = 10;
    v->nlegal = 2;
    v->legal[0] = (gr_move){ .type = GR_MOVE_TAKE_UPCARD, .card = GR_NO_CARD };
    v->legal[1] = (gr_move){ .type = GR_MOVE_PASS, .card = GR_NO_CARD };
}

START_TEST(test_bot_bad_view)
{
    int kinds[2] = { GR_BOT_RANDOM, GR_BOT_GREEDY };
    for (int k = 0; k < 2; k++) {
        gr_bot *b = bot_of(kinds[k], 5);
        gr_view v;
        const gr_move unset = { .type = 99, .card = 99 };
        gr_move m = unset;

        upcard_view(&v);
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_OK);
        ck_assert(move_in(&m, &v));
        ck_assert_int_eq(gr_bot_choose(NULL, &v, &m), GR_EINVAL);
        ck_assert_int_eq(gr_bot_choose(b, NULL, &m), GR_EINVAL);
        ck_assert_int_eq(gr_bot_choose(b, &v, NULL), GR_EINVAL);

        m = unset;
        v.nlegal = 0;          /* not this player's turn */
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_ESTATE);
        v.nlegal = -1;         /* a count below 0: malformed */
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        v.nlegal = GR_MAX_MOVES + 1;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);

        upcard_view(&v);
        v.player = 2;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        v.player = -1;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);

        upcard_view(&v);
        v.legal[1].type = 0;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        v.legal[1].type = GR_MOVE_BIG_GIN + 1;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        v.legal[1] = (gr_move){ .type = GR_MOVE_DISCARD, .card = 52 };
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        v.legal[1] = (gr_move){ .type = GR_MOVE_KNOCK, .card = 200 };
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        v.legal[1] = (gr_move){ .type = GR_MOVE_GIN, .card = GR_NO_CARD };
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);

        upcard_view(&v);
        v.hand |= (gr_cards)1 << 52;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        upcard_view(&v);
        v.opponent_known = (gr_cards)1 << 63;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        upcard_view(&v);
        v.discards[0] = 52;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);
        upcard_view(&v);
        v.ndiscards = GR_NCARDS + 1;
        ck_assert_int_eq(gr_bot_choose(b, &v, &m), GR_EINVAL);

        ck_assert_int_eq(m.type, unset.type);   /* *out untouched on failure */
        ck_assert_int_eq(m.card, unset.card);
        gr_bot_free(b);
    }
}
END_TEST

/* ---- the greedy strategy on hand-made views ------------------------------ */

#define cards(text) test_cards(text)
#define card(text) test_card(text)

/* The discard phase of an 11-card hand, with the legal moves the rules give
 * for a knock limit: every discard, knock and gin (no big gin). */
static void discard_view(gr_view *v, const char *hand, int limit)
{
    memset(v, 0, sizeof *v);
    v->player = 0;
    v->phase = GR_PHASE_DISCARD;
    v->hand = cards(hand);
    v->opponent_count = 10;
    v->stock_size = 31;   /* 11 + 10 + 31 + an empty pile: the 52 cards */
    v->knock_limit = limit;
    for (int type = GR_MOVE_DISCARD; type <= GR_MOVE_GIN; type++)
        for (gr_card c = 0; c < GR_NCARDS; c++) {
            if (!(v->hand & GR_CARD_BIT(c)))
                continue;
            int dw = gr_deadwood(v->hand & ~GR_CARD_BIT(c));
            if (type == GR_MOVE_DISCARD
                || (type == GR_MOVE_KNOCK && dw > 0 && dw <= limit)
                || (type == GR_MOVE_GIN && dw == 0))
                v->legal[v->nlegal++] = (gr_move){ .type = type, .card = c };
        }
}

static gr_move greedy_move(const gr_view *v)
{
    gr_bot *b = bot_of(GR_BOT_GREEDY, 1);
    gr_move m;
    ck_assert_int_eq(gr_bot_choose(b, v, &m), GR_OK);
    ck_assert(move_in(&m, v));
    gr_bot_free(b);
    return m;
}

START_TEST(test_G14_greedy_goes_gin)
{
    gr_view v;
    discard_view(&v, "AS 2S 3S 4S 7H 7D 7C JD QD KD 9H", 10);
    gr_move m = greedy_move(&v);
    ck_assert_int_eq(m.type, GR_MOVE_GIN);
    ck_assert_int_eq(m.card, card("9H"));

    /* big gin when it is offered */
    v.legal[v.nlegal++] = (gr_move){ .type = GR_MOVE_BIG_GIN, .card = GR_NO_CARD };
    m = greedy_move(&v);
    ck_assert_int_eq(m.type, GR_MOVE_BIG_GIN);
}
END_TEST

START_TEST(test_G13_greedy_knocks_at_once)
{
    gr_view v;
    discard_view(&v, "AS 2S 3S 7H 7D 7C JD QD KD 9C 5H", 10);
    gr_move m = greedy_move(&v);
    ck_assert_int_eq(m.type, GR_MOVE_KNOCK);
    ck_assert_int_eq(m.card, card("9C"));     /* leaves 5, not 9 */

    /* straight gin: no knock is legal, it discards the 9 */
    discard_view(&v, "AS 2S 3S 7H 7D 7C JD QD KD 9C 5H", 0);
    m = greedy_move(&v);
    ck_assert_int_eq(m.type, GR_MOVE_DISCARD);
    ck_assert_int_eq(m.card, card("9C"));
}
END_TEST

START_TEST(test_greedy_discard_least_deadwood_then_safest)
{
    gr_view v;
    /* Deadwood KH QC JH 9D 8H 5C 4D 6S: the ten-point cards tie. */
    discard_view(&v, "AS 2S 3S KH QC JH 9D 8H 5C 4D 6S", 0);
    gr_move m = greedy_move(&v);
    ck_assert_int_eq(m.type, GR_MOVE_DISCARD);
    ck_assert_int_eq(gr_card_points(m.card), 10);

    /* The opponent holds KC and KD: the KH would give him a set. */
    v.opponent_known = cards("KC KD");
    m = greedy_move(&v);
    ck_assert_int_eq(gr_card_points(m.card), 10);
    ck_assert_int_ne(m.card, card("KH"));

    /* The opponent holds QD, JC and KC; the other jacks and the hearts
     * around JH are buried in the discard pile: JH is dead. */
    const char *buried[] = { "QH", "QS", "10H", "9H", "JD", "JS", "AC" };
    v.opponent_known = cards("QD JC KC");
    v.ndiscards = 0;
    for (size_t i = 0; i < sizeof buried / sizeof *buried; i++)
        v.discards[v.ndiscards++] = card(buried[i]);
    v.stock_size -= v.ndiscards;   /* still the 52 cards */
    m = greedy_move(&v);
    ck_assert_int_eq(m.card, card("JH"));
}
END_TEST

START_TEST(test_greedy_takes_only_what_lowers_deadwood)
{
    gr_view v;
    upcard_view(&v);                      /* hand AS 2S ..., upcard 3S */
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_TAKE_UPCARD);
    v.discards[0] = card("7C");           /* a set of sevens */
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_TAKE_UPCARD);
    v.discards[0] = card("KH");           /* a pair: no better */
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_PASS);
    v.discards[0] = card("JS");
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_PASS);
    v.discards[0] = card("AD");           /* lower than the KC it replaces */
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_TAKE_UPCARD);

    /* the same test in the draw phase */
    v.phase = GR_PHASE_DRAW;
    v.legal[0] = (gr_move){ .type = GR_MOVE_DRAW_STOCK, .card = GR_NO_CARD };
    v.legal[1] = (gr_move){ .type = GR_MOVE_DRAW_DISCARD, .card = GR_NO_CARD };
    v.discards[0] = card("KH");
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_DRAW_STOCK);
    v.discards[0] = card("3S");
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_DRAW_DISCARD);
    v.nlegal = 1;                         /* only the stock is legal */
    ck_assert_int_eq(greedy_move(&v).type, GR_MOVE_DRAW_STOCK);
}
END_TEST

/* ---- whole hands --------------------------------------------------------- */

START_TEST(test_G12_bots_play_legal_moves)
{
    test_rng rng = { 0xB07 };
    int presets[3] = { GR_PRESET_FOURNIER, GR_PRESET_NOVELTY,
                       GR_PRESET_STANDARD };
    long hands = test_count(300);
    for (int p = 0; p < 3; p++) {
        gr_rules *rules = rules_of(presets[p]);
        for (long h = 0; h < hands; h++) {
            /* one draw per statement: the order in which C evaluates the
             * arguments of a call (or an initializer list) is unspecified */
            int kind0 = 1 + test_below(&rng, 2);
            int kind1 = 1 + test_below(&rng, 2);
            gr_bot *bots[2];
            bots[0] = bot_of(kind0, test_next(&rng));
            bots[1] = bot_of(kind1, test_next(&rng));
            int dealer = test_below(&rng, 2);
            uint64_t seed = test_next(&rng);
            gr_game *g = NULL;
            REQUIRE_RC(gr_game_new(&g, rules, seed, dealer), GR_OK);
            play_hand(g, bots, NULL, 0);
            gr_hand_result r;
            REQUIRE_RC(gr_game_result(g, &r), GR_OK);
            gr_game_free(g);
            gr_bot_free(bots[0]);
            gr_bot_free(bots[1]);
        }
        gr_rules_free(rules);
    }
}
END_TEST

static bool same_moves(const gr_move *a, const gr_move *b, int n, int cap)
{
    for (int k = 0; k < n && k < cap; k++)
        if (a[k].type != b[k].type || a[k].card != b[k].card)
            return false;
    return true;
}

/* The same seeds give the same moves; for the random bot, other seeds give
 * other moves. */
START_TEST(test_bot_deterministic)
{
    enum { CAP = 4096 };
    static gr_move first[CAP], again[CAP];
    test_rng rng = { 0xDE7 };
    gr_rules *rules = rules_of(GR_PRESET_STANDARD);
    int differ = 0;
    long games = test_count(60);
    for (long i = 0; i < games; i++) {
        int kinds[2] = { 1 + (int)(i % 2), 1 + (int)(i / 2 % 2) };
        uint64_t seed[2];
        seed[0] = test_next(&rng);
        seed[1] = test_next(&rng);
        uint64_t deal = test_next(&rng);
        int n[3];
        for (int run = 0; run < 3; run++) {
            /* run 2: the bots get other seeds */
            gr_bot *bots[2] = { bot_of(kinds[0], seed[0] + (run == 2)),
                                bot_of(kinds[1], seed[1] + (run == 2)) };
            gr_game *g = NULL;
            REQUIRE_RC(gr_game_new(&g, rules, deal, 0), GR_OK);
            n[run] = play_hand(g, bots, run == 0 ? first : again, CAP);
            gr_game_free(g);
            gr_bot_free(bots[0]);
            gr_bot_free(bots[1]);
            if (run == 1) {
                ck_assert_int_eq(n[1], n[0]);
                ck_assert(same_moves(first, again, n[0], CAP));
            }
        }
        if (kinds[0] == GR_BOT_GREEDY && kinds[1] == GR_BOT_GREEDY)
            ck_assert_int_eq(n[2], n[0]);   /* the greedy bot ignores its seed */
        else if (n[2] != n[0] || !same_moves(first, again, n[0], CAP))
            differ++;
    }
    if (games >= 8)
        ck_assert_int_gt(differ, 0);
    gr_rules_free(rules);
}
END_TEST

/* ---- the bot sees the view only (G12) ------------------------------------ */

static void assert_same_view(const gr_view *a, const gr_view *b)
{
    REQUIRE(a->player == b->player);
    REQUIRE(a->phase == b->phase);
    REQUIRE(a->turn == b->turn);
    REQUIRE(a->dealer == b->dealer);
    REQUIRE(a->hand == b->hand);
    REQUIRE(a->opponent_known == b->opponent_known);
    REQUIRE(a->opponent_count == b->opponent_count);
    REQUIRE(a->stock_size == b->stock_size);
    REQUIRE(a->ndiscards == b->ndiscards);
    for (int i = 0; i < a->ndiscards; i++)
        REQUIRE(a->discards[i] == b->discards[i]);
    REQUIRE(a->knock_limit == b->knock_limit);
    REQUIRE(a->nlegal == b->nlegal);
    for (int i = 0; i < a->nlegal; i++) {
        REQUIRE(a->legal[i].type == b->legal[i].type);
        REQUIRE(a->legal[i].card == b->legal[i].card);
    }
}

/*
 * Game A is dealt from a shuffled deck and played some moves by random bots
 * until it is player P's turn.  The cards P cannot see then (the opponent's
 * cards not known to P, and the stock) sit at deck positions that only the
 * opponent's hand and the undrawn stock came from; game B is dealt from the
 * same deck with those cards shuffled among those positions, and replays
 * A's moves.  P's view is the same in both games, the opponent's hand is
 * not (usually), and the bots choose the same move in both.
 */
START_TEST(test_G12_bot_decides_from_view_only)
{
    test_rng rng = { 0x5EE };
    gr_rules *rules = rules_of(GR_PRESET_STANDARD);
    long cases = test_count(400), checked = 0, hidden_differ = 0;
    enum { CAP = 512 };
    gr_move hist[CAP];

    for (long i = 0; i < cases; i++) {
        gr_card deck[GR_NCARDS], deck_b[GR_NCARDS];
        for (int k = 0; k < GR_NCARDS; k++)
            deck[k] = (gr_card)k;
        for (int k = GR_NCARDS - 1; k > 0; k--) {
            int j = test_below(&rng, k + 1);
            gr_card t = deck[k]; deck[k] = deck[j]; deck[j] = t;
        }
        int dealer = test_below(&rng, 2), P = test_below(&rng, 2);
        int steps = test_below(&rng, 40);

        gr_game *a = NULL, *b = NULL;
        REQUIRE_RC(gr_game_new_from_deck(&a, rules, deck, dealer), GR_OK);
        gr_bot *randoms[2];
        randoms[0] = bot_of(GR_BOT_RANDOM, test_next(&rng));
        randoms[1] = bot_of(GR_BOT_RANDOM, test_next(&rng));
        for (int s = 0; gr_game_phase(a) != GR_PHASE_OVER
                        && (s < steps || gr_game_turn(a) != P); s++) {
            gr_view v;
            gr_move m;
            REQUIRE_RC(gr_game_view(a, gr_game_turn(a), &v), GR_OK);
            REQUIRE_RC(gr_bot_choose(randoms[gr_game_turn(a)], &v, &m), GR_OK);
            REQUIRE_RC(gr_game_play(a, m), GR_OK);
        }
        gr_bot_free(randoms[0]);
        gr_bot_free(randoms[1]);
        if (gr_game_phase(a) == GR_PHASE_OVER) {
            gr_game_free(a);
            continue;
        }

        gr_view va, vb;
        REQUIRE_RC(gr_game_view(a, P, &va), GR_OK);
        gr_cards mine, theirs, pile = 0;
        REQUIRE_RC(gr_game_hand(a, P, &mine), GR_OK);
        REQUIRE_RC(gr_game_hand(a, 1 - P, &theirs), GR_OK);
        for (int k = 0; k < va.ndiscards; k++)
            pile |= GR_CARD_BIT(va.discards[k]);
        gr_cards stock = GR_ALL_CARDS & ~mine & ~theirs & ~pile;
        gr_cards hidden = (theirs & ~va.opponent_known) | stock;

        /* shuffle the hidden cards among their own positions */
        int pos[GR_NCARDS], npos = 0;
        memcpy(deck_b, deck, sizeof deck);
        for (int k = 0; k < GR_NCARDS; k++)
            if (hidden & GR_CARD_BIT(deck[k]))
                pos[npos++] = k;
        for (int k = npos - 1; k > 0; k--) {
            int j = test_below(&rng, k + 1);
            gr_card t = deck_b[pos[k]];
            deck_b[pos[k]] = deck_b[pos[j]];
            deck_b[pos[j]] = t;
        }

        REQUIRE_RC(gr_game_new_from_deck(&b, rules, deck_b, dealer), GR_OK);
        int nh = gr_game_history(a, hist, CAP);
        REQUIRE(nh >= 0);
        REQUIRE(nh <= CAP);
        for (int k = 0; k < nh; k++)
            REQUIRE_RC(gr_game_play(b, hist[k]), GR_OK);

        REQUIRE_RC(gr_game_view(b, P, &vb), GR_OK);
        assert_same_view(&va, &vb);
        gr_cards theirs_b;
        REQUIRE_RC(gr_game_hand(b, 1 - P, &theirs_b), GR_OK);
        if (theirs_b != theirs)
            hidden_differ++;

        for (int kind = GR_BOT_RANDOM; kind <= GR_BOT_EXPERT; kind++) {
            uint64_t seed = test_next(&rng);
            gr_bot *ba = bot_of(kind, seed), *bb = bot_of(kind, seed);
            REQUIRE_RC(gr_bot_set_rules(ba, rules), GR_OK);
            REQUIRE_RC(gr_bot_set_rules(bb, rules), GR_OK);
            REQUIRE_RC(gr_bot_set_param(ba, GR_BOT_PARAM_PLAYOUTS, 60), GR_OK);
            REQUIRE_RC(gr_bot_set_param(bb, GR_BOT_PARAM_PLAYOUTS, 60), GR_OK);
            for (int rep = 0; rep < 3; rep++) {
                gr_move ma, mb;
                REQUIRE_RC(gr_bot_choose(ba, &va, &ma), GR_OK);
                REQUIRE_RC(gr_bot_choose(bb, &vb, &mb), GR_OK);
                REQUIRE(ma.type == mb.type);
                REQUIRE(ma.card == mb.card);
            }
            gr_bot_free(ba);
            gr_bot_free(bb);
        }
        checked++;
        gr_game_free(a);
        gr_game_free(b);
    }
    ck_assert_int_gt(checked, 0);
    if (checked >= 10)
        ck_assert_int_gt(hidden_differ, checked / 2);
    gr_rules_free(rules);
}
END_TEST

/* ---- strength: greedy against random ------------------------------------- */

/* Play a match between bots[0] (player 0) and bots[1]; returns the winner. */
static int play_match(const gr_rules *rules, uint64_t seed, gr_bot *bots[2])
{
    gr_match *match = NULL;
    REQUIRE_RC(gr_match_new(&match, rules, seed), GR_OK);
    gr_score s;
    int hands = 0;
    for (;;) {
        REQUIRE_RC(gr_match_score(match, &s), GR_OK);
        if (s.over)
            break;
        gr_game *g = NULL;
        REQUIRE_RC(gr_match_deal(match, &g), GR_OK);
        play_hand(g, bots, NULL, 0);
        gr_hand_result r;
        REQUIRE_RC(gr_game_result(g, &r), GR_OK);
        REQUIRE_RC(gr_match_record(match, &r), GR_OK);
        gr_game_free(g);
        REQUIRE(++hands < 10000);
    }
    gr_match_free(match);
    ck_assert(s.winner == 0 || s.winner == 1);
    return s.winner;
}

START_TEST(test_greedy_beats_random)
{
    gr_rules *rules = rules_of(GR_PRESET_STANDARD);
    test_rng rng = { 0x6EED };
    long matches = test_count(200), greedy_won = 0;
    for (long i = 0; i < matches; i++) {
        int seat = (int)(i % 2);      /* the greedy bot's seat alternates */
        gr_bot *bots[2];
        bots[seat] = bot_of(GR_BOT_GREEDY, test_next(&rng));
        bots[1 - seat] = bot_of(GR_BOT_RANDOM, test_next(&rng));
        if (play_match(rules, test_next(&rng), bots) == seat)
            greedy_won++;
        gr_bot_free(bots[0]);
        gr_bot_free(bots[1]);
    }
    ck_assert_msg(greedy_won * 100 >= matches * 95,
                  "greedy won %ld of %ld matches", greedy_won, matches);
    gr_rules_free(rules);
}
END_TEST

static Suite *bot_suite(void)
{
    Suite *s = suite_create("bot");
    TCase *tc = tcase_create("api");
    tcase_add_test(tc, test_bot_new_and_lookup);
    tcase_add_test(tc, test_bot_bad_view);
    suite_add_tcase(s, tc);

    tc = tcase_create("greedy");
    tcase_add_test(tc, test_G14_greedy_goes_gin);
    tcase_add_test(tc, test_G13_greedy_knocks_at_once);
    tcase_add_test(tc, test_greedy_discard_least_deadwood_then_safest);
    tcase_add_test(tc, test_greedy_takes_only_what_lowers_deadwood);
    suite_add_tcase(s, tc);

    tc = tcase_create("play");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_G12_bots_play_legal_moves);
    tcase_add_test(tc, test_bot_deterministic);
    tcase_add_test(tc, test_G12_bot_decides_from_view_only);
    tcase_add_test(tc, test_greedy_beats_random);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(bot_suite());
}
