/*
 * check_rummy_expert.c: the basic Rummy expert bot (GR_BOT_EXPERT of
 * gr_rummy_bot) and the greedy bot's jokers: the expert plays only legal
 * moves under every option (R1-R8), decides the same whatever the cards
 * it cannot see (the unseen cards of a deal permuted, R8), is
 * deterministic, refuses bad parameters, holds back a discard the next
 * seat is known to meld (GR_RUMMY_EXPERT_SAFE); a greedy bot never ends a hand
 * holding a joker that completes a meld it holds (R5).
 */
#include <check.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummy_testutil.h"

static gr_rummy_bot *expert(uint64_t seed, const gr_rummy_rules *r, int playouts)
{
    gr_rummy_bot *b;
    ck_assert_int_eq(gr_rummy_bot_new(&b, GR_BOT_EXPERT, seed), GR_OK);
    if (r)
        ck_assert_int_eq(gr_rummy_bot_set_rules(b, r), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, playouts), GR_OK);
    return b;
}

/* a hand: the expert at seat `me`, greedy bots elsewhere; every move it
 * chooses is legal (gr_rummy_game_play accepts it) */
static void play_hand(const gr_rummy_rules *r, uint64_t seed, int me, int with_rules)
{
    int n;
    gr_rummy_rules_get(r, GR_RUMMY_OPT_PLAYERS, &n);
    gr_rummy_bot *bots[GR_RUMMY_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        if (p == me)
            bots[p] = expert(seed, with_rules ? r : NULL, 12);
        else
            ck_assert_int_eq(gr_rummy_bot_new(&bots[p], GR_BOT_GREEDY, seed + (uint64_t)p), GR_OK);
    gr_rummy_game *g;
    ck_assert_int_eq(gr_rummy_game_new(&g, r, seed, (int)(seed % (uint64_t)n)), GR_OK);
    int moves = 0;
    while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER && moves++ < 3000) {
        int t = gr_rummy_game_turn(g);
        gr_rummy_view v;
        gr_rummy_action a;
        ck_assert_int_eq(gr_rummy_game_view(g, t, &v), GR_OK);
        ck_assert_int_eq(gr_rummy_bot_choose(bots[t], &v, &a), GR_OK);
        ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
    }
    gr_rummy_game_free(g);
    for (int p = 0; p < n; p++)
        gr_rummy_bot_free(bots[p]);
}

START_TEST(expert_plays_legal_moves)
{
    test_rng rng = { 71 };
    long hands = test_count(12);
    for (long k = 0; k < hands; k++) {
        int players = 2 + test_below(&rng, 6);
        int decks = (players == 4 || players == 5) ? 1 + test_below(&rng, 2) : 0;
        gr_rummy_rules *r = test_rummy_rules(players, test_below(&rng, 5), decks, test_below(&rng, 2),
                                  test_below(&rng, 3));
        play_hand(r, test_next(&rng), test_below(&rng, players), test_below(&rng, 2));
        gr_rummy_rules_free(r);
    }
}
END_TEST

/* R8: the expert's decisions depend on its views only.  A hand is played
 * to a decision of seat 0 (the expert), then dealt again from a deck in
 * which the cards seat 0 cannot see at that point (the others' unknown
 * cards and the stock, less any card a move named: after a turnover (R6)
 * the stock is the old pile, which seat 0 saw, and a seat may hold a card
 * it drew from there) change places; the same moves replayed give the
 * same view, and a new expert with the same seed fed the same views
 * decides the same.  Every other case stops late in a 4-player hand
 * against random bots (whose hands run long), after a turnover; half the
 * cases play with a joker a deck, half without. */
START_TEST(expert_ignores_unseen_cards)
{
    test_rng rng = { 5 };
    long cases = test_count(16);
    int retries = 0, late_tested = 0;
    for (long k = 0; k < cases; k++) {
        bool late = k % 2;
        int n = late ? 4 : 2 + test_below(&rng, 3);
        gr_rummy_rules *r = test_rummy_rules(n, (int)(k / 2 % 2), 0, 0, 0);   /* jokers or none */
        int ncards;
        gr_rummy_rules_deal(r, NULL, NULL, &ncards);
        gr_card deck[GR_RUMMY_MAX_CARDS];
        for (int i = 0; i < ncards; i++)
            deck[i] = (gr_card)(i < 52 ? i : GR_RUMMY_JOKER);
        for (int i = ncards - 1; i > 0; i--) {
            int j = test_below(&rng, i + 1);
            gr_card t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new_from_deck(&g, r, deck, (size_t)ncards, n - 1), GR_OK);
        gr_rummy_bot *bots[GR_RUMMY_MAX_PLAYERS];
        gr_rummy_bot *me = expert(k, r, 24);
        for (int p = 1; p < n; p++)
            ck_assert_int_eq(gr_rummy_bot_new(&bots[p], late ? GR_BOT_RANDOM : GR_BOT_GREEDY,
                                              (uint64_t)p), GR_OK);
        /* play to seat 0's decision number `stop` (late: its decision
         * number `stop` after the first turnover), keeping its views */
        int stop = late ? 1 + test_below(&rng, 6) : 2 + test_below(&rng, 8), seen = 0;
        int after = 0;
        bool reached = false;
        static gr_rummy_view views[64];
        gr_rummy_action moves[4000];
        int nmoves = 0;
        for (;;) {
            if (gr_rummy_game_phase(g) == GR_RUMMY_PHASE_OVER)
                break;
            int t = gr_rummy_game_turn(g);
            gr_rummy_view v;
            gr_rummy_game_view(g, t, &v);
            gr_rummy_action a;
            if (t == 0) {
                views[seen++] = v;
                after += v.turnovers > 0;
                if ((late ? after : seen) == stop) {
                    reached = true;
                    break;
                }
                if (seen == 64)
                    break;
                ck_assert_int_eq(gr_rummy_bot_choose(me, &v, &a), GR_OK);
            } else {
                ck_assert_int_eq(gr_rummy_bot_choose(bots[t], &v, &a), GR_OK);
            }
            ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
            moves[nmoves++] = a;
            ck_assert_int_lt(nmoves, 4000);
        }
        if (!reached) {   /* nothing to test: deal again (a few times) */
            if (late && retries++ < 8 + 4 * cases)
                k--;
            gr_rummy_game_free(g);
            gr_rummy_bot_free(me);
            for (int p = 1; p < n; p++)
                gr_rummy_bot_free(bots[p]);
            gr_rummy_rules_free(r);
            continue;
        }
        late_tested += late;
        /* the cards seat 0 cannot see now */
        int unseen[GR_NCARDS + 1] = { 0 };
        gr_card stock[GR_RUMMY_MAX_CARDS];
        int ns = gr_rummy_game_stock(g, stock, GR_RUMMY_MAX_CARDS);
        for (int i = 0; i < ns; i++)
            unseen[stock[i]] = 1;
        for (int p = 1; p < n; p++) {
            gr_rummy_hand h = views[seen - 1].known[p], all;
            gr_rummy_game_hand(g, p, &all);
            for (int c = 0; c < 52; c++)
                if ((all.once >> c & 1) && !(h.once >> c & 1))
                    unseen[c] = 1;
            if (all.jokers > h.jokers)
                unseen[GR_RUMMY_JOKER] = 1;
        }
        for (int i = 0; i < nmoves; i++) {   /* a card named by a move was seen */
            const gr_rummy_action *m = &moves[i];
            if (m->type == GR_RUMMY_ACT_MELD) {
                for (int c = 0; c < 52; c++)
                    if (m->meld.cards >> c & 1)
                        unseen[c] = 0;
                if (m->meld.jokers)
                    unseen[GR_RUMMY_JOKER] = 0;
            } else if (m->card <= GR_RUMMY_JOKER) {
                unseen[m->card] = 0;
            }
        }
        int pos[GR_RUMMY_MAX_CARDS], np = 0;
        for (int i = 0; i < ncards; i++)
            if (unseen[deck[i]])
                pos[np++] = i;
        gr_card twin[GR_RUMMY_MAX_CARDS];
        memcpy(twin, deck, (size_t)ncards);
        for (int i = 0; i < np; i++)   /* rotate the unseen cards' places */
            twin[pos[i]] = deck[pos[(i + 1) % np]];
        gr_rummy_game *h;
        ck_assert_int_eq(gr_rummy_game_new_from_deck(&h, r, twin, (size_t)ncards, n - 1), GR_OK);
        for (int i = 0; i < nmoves; i++)
            ck_assert_int_eq(gr_rummy_game_play(h, &moves[i]), GR_OK);
        gr_rummy_view v2;
        gr_rummy_game_view(h, 0, &v2);
        ck_assert_int_eq(memcmp(&v2, &views[seen - 1], sizeof v2), 0);
        /* two fresh experts, the same seed and views: the same decision */
        gr_rummy_action a1, a2;
        gr_rummy_bot *e1 = expert(99, r, 24), *e2 = expert(99, r, 24);
        for (int i = 0; i < seen; i++) {
            ck_assert_int_eq(gr_rummy_bot_choose(e1, &views[i], &a1), GR_OK);
            ck_assert_int_eq(gr_rummy_bot_choose(e2, i + 1 == seen ? &v2 : &views[i], &a2), GR_OK);
            ck_assert_int_eq(memcmp(&a1, &a2, sizeof a1), 0);
        }
        ck_assert_int_eq(gr_rummy_game_play(h, &a2), GR_OK);
        gr_rummy_bot_free(e1);
        gr_rummy_bot_free(e2);
        gr_rummy_game_free(g);
        gr_rummy_game_free(h);
        gr_rummy_bot_free(me);
        for (int p = 1; p < n; p++)
            gr_rummy_bot_free(bots[p]);
        gr_rummy_rules_free(r);
    }
    if (cases >= 2)   /* a hand past a turnover was tested */
        ck_assert_int_gt(late_tested, 0);
}
END_TEST

START_TEST(expert_parameters)
{
    gr_rummy_bot *b;
    ck_assert_int_eq(gr_rummy_bot_new(&b, GR_BOT_EXPERT, 1), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 1000001), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 0), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_FEATURES, GR_RUMMY_EXPERT_ALL + 1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_FEATURES, GR_RUMMY_EXPERT_ALL), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, 77, 1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_param(NULL, GR_BOT_PARAM_PLAYOUTS, 1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_rules(b, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_bot_set_rules(NULL, NULL), GR_EINVAL);
    gr_rummy_bot_free(b);
    ck_assert_int_eq(gr_rummy_bot_new(&b, GR_BOT_GREEDY, 1), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 5), GR_OK);
    ck_assert_int_eq(gr_rummy_bot_set_param(b, GR_BOT_PARAM_FEATURES, 199), GR_EINVAL);
    gr_rummy_bot_free(b);
    ck_assert_int_eq(gr_rummy_bot_new(&b, 4, 1), GR_EINVAL);
    /* every feature subset plays legal moves */
    gr_rummy_rules *r = test_rummy_rules(3, 2, 0, 1, 0);
    for (int f = 0; f <= GR_RUMMY_EXPERT_ALL; f += 5) {
        gr_rummy_game *g;
        gr_rummy_bot *e = expert(3, r, 16);
        ck_assert_int_eq(gr_rummy_bot_set_param(e, GR_BOT_PARAM_FEATURES, f), GR_OK);
        ck_assert_int_eq(gr_rummy_game_new(&g, r, (uint64_t)f, 0), GR_OK);
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            gr_rummy_view v;
            gr_rummy_action a;
            gr_rummy_game_view(g, gr_rummy_game_turn(g), &v);
            ck_assert_int_eq(gr_rummy_bot_choose(e, &v, &a), GR_OK);
            ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
        }
        gr_rummy_game_free(g);
        gr_rummy_bot_free(e);
    }
    gr_rummy_rules_free(r);
}
END_TEST

/* R5: at the end of a hand, no greedy loser holds a joker that could lie
 * in a meld with the cards it holds (its jokers complete its pairs and
 * near runs; before, 9C 9H JK was seen left at the end of a hand) */
START_TEST(greedy_melds_its_jokers)
{
    test_rng rng = { 300 };
    long hands = test_count(150), with_jokers = 0;
    for (long k = 0; k < hands; k++) {
        int n = 2 + test_below(&rng, 6);
        gr_rummy_rules *r = test_rummy_rules(n, 1 + test_below(&rng, 2), 0, 0, 2);
        gr_rummy_bot *bots[GR_RUMMY_MAX_PLAYERS];
        for (int p = 0; p < n; p++)
            ck_assert_int_eq(gr_rummy_bot_new(&bots[p], GR_BOT_GREEDY, (uint64_t)(k * 7 + p)), GR_OK);
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, r, test_next(&rng), 0), GR_OK);
        int turns[GR_RUMMY_MAX_PLAYERS] = { 0 };
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            int t = gr_rummy_game_turn(g);
            gr_rummy_view v;
            gr_rummy_action a;
            gr_rummy_game_view(g, t, &v);
            ck_assert_int_eq(gr_rummy_bot_choose(bots[t], &v, &a), GR_OK);
            ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
            turns[t] += a.type == GR_RUMMY_ACT_DISCARD;
        }
        gr_rummy_result res;
        ck_assert_int_eq(gr_rummy_game_result(g, &res), GR_OK);
        for (int p = 0; p < n; p++) {
            if (p == res.winner || res.left[p].jokers == 0 || turns[p] == 0)
                continue;   /* (a seat that never played kept its deal) */
            with_jokers++;
            char text[200];
            gr_rummy_hand_format(&res.left[p], text, sizeof text);
            ck_assert_msg(gr_rummy_value(&res.left[p], 0) == gr_rummy_hand_points(&res.left[p], 0),
                          "seat %d ended with %s, a meld with a joker", p, text);
        }
        gr_rummy_game_free(g);
        for (int p = 0; p < n; p++)
            gr_rummy_bot_free(bots[p]);
        gr_rummy_rules_free(r);
    }
    (void)with_jokers;
}
END_TEST

/* true if face c of the hand has no other card of its rank and no card of
 * its suit within two ranks: outside every pair and near run */
static int lonely(gr_cards once, gr_card c)
{
    int r = c % 13, s = c / 13;
    for (int t = 0; t < 4; t++)
        if (t != s && (once >> (t * 13 + r) & 1))
            return 0;
    for (int d = -2; d <= 2; d++)
        if (d && r + d >= 0 && r + d < 13 && (once >> (s * 13 + r + d) & 1))
            return 0;
    return 1;
}

/* GR_RUMMY_EXPERT_SAFE (R4, R8): a discard the next seat is known to meld
 * (he took two cards of its rank from the pile, R8's known cards) is held
 * back while a card outside every pair and near run may go instead; the
 * plain choice (features 0) throws it */
START_TEST(expert_safe_discard)
{
    gr_rummy_rules *r = test_rummy_rules(2, 0, 0, 0, 0);
    int tested = 0;
    for (uint64_t seed = 1; seed < 600 && tested < 8; seed++) {
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, r, seed, 1), GR_OK);
        gr_rummy_view v;
        gr_rummy_action a;
        ck_assert_int_eq(gr_rummy_game_view(g, 0, &v), GR_OK);
        ck_assert_int_eq(v.turn, 0);
        memset(&a, 0, sizeof a);
        a.type = GR_RUMMY_ACT_DRAW_STOCK;
        a.card = a.named = GR_NO_CARD;
        a.target = -1;
        ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
        ck_assert_int_eq(gr_rummy_game_view(g, 0, &v), GR_OK);
        gr_rummy_bot *plain = expert(1, r, 16);
        ck_assert_int_eq(gr_rummy_bot_set_param(plain, GR_BOT_PARAM_FEATURES, 0), GR_OK);
        ck_assert_int_eq(gr_rummy_bot_choose(plain, &v, &a), GR_OK);
        gr_rummy_bot_free(plain);
        gr_rummy_hand his;
        ck_assert_int_eq(gr_rummy_game_hand(g, 1, &his), GR_OK);
        gr_rummy_game_free(g);
        if (a.type != GR_RUMMY_ACT_DISCARD || a.card >= GR_NCARDS)
            continue;
        gr_card x = a.card;
        gr_cards two = 0;   /* two cards of x's rank he holds */
        for (int t = 0; t < 4; t++) {
            gr_card c = (gr_card)(t * 13 + x % 13);
            if (c != x && (his.once >> c & 1) && __builtin_popcountll(two) < 2)
                two |= (gr_cards)1 << c;
        }
        int other = 0;
        for (gr_card c = 0; c < GR_NCARDS; c++)
            other |= c % 13 != x % 13 && (v.hand.once >> c & 1) && lonely(v.hand.once, c);
        if (__builtin_popcountll(two) < 2 || !other)
            continue;
        v.known[1].once = two;
        gr_rummy_bot *safe = expert(1, r, 16);
        ck_assert_int_eq(gr_rummy_bot_set_param(safe, GR_BOT_PARAM_FEATURES,
                                                GR_RUMMY_EXPERT_SAFE), GR_OK);
        ck_assert_int_eq(gr_rummy_bot_choose(safe, &v, &a), GR_OK);
        gr_rummy_bot_free(safe);
        ck_assert_int_eq(a.type, GR_RUMMY_ACT_DISCARD);
        ck_assert_msg(a.card != x, "seed %d: threw a card the next seat melds", (int)seed);
        tested++;
    }
    ck_assert_int_gt(tested, 0);
    gr_rummy_rules_free(r);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        expert_plays_legal_moves,
        expert_ignores_unseen_cards,
        expert_parameters,
        greedy_melds_its_jokers,
        expert_safe_discard
    };
    return TEST_RUN_CORE("rummy_expert", 900, tests);
}
