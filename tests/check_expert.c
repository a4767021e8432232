/*
 * check_expert.c: the expert bot (GR_BOT_EXPERT).
 *
 *   - every decision is legal, over many random hands under every preset
 *     (and Oklahoma, big gin), its knock arrangement (G15) accepted by
 *     gr_game_knock;
 *   - it decides from its views only (G12): two games that look the same
 *     to its player at every one of its decisions, but differ in hidden
 *     cards, get the same moves from two experts of the same seed;
 *   - the same seed and views give the same moves (determinism), a hint
 *     asked twice is the same, and a bot told the moves its player made
 *     (gr_bot_observe) remembers the hand as one that made them;
 *   - with the match score, hands are valued by the chance to win the
 *     match (G25);
 *   - bad input for every new function;
 *   - the alias table its sampler draws from (common/alias.h) is exact.
 * Strength is measured by bench/bench-strength, never here.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "common/alias.h"
#include "gin/expert.h"
#include "testutil.h"

#define TEST_PLAYOUTS 48   /* small: these tests check rules, not strength */

static gr_bot *expert_of(uint64_t seed, const gr_rules *rules)
{
    gr_bot *b = NULL;
    REQUIRE_RC(gr_bot_new(&b, GR_BOT_EXPERT, seed), GR_OK);
    REQUIRE_RC(gr_bot_set_rules(b, rules), GR_OK);
    REQUIRE_RC(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, TEST_PLAYOUTS), GR_OK);
    return b;
}

static bool move_in(const gr_move *m, const gr_view *v)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == m->type && v->legal[i].card == m->card)
            return true;
    return false;
}

/* Play one hand: bots[p] for each player; an expert knocking shows its own
 * arrangement.  Appends the moves to moves[] (cap) and returns how many. */
static int play_hand(gr_game *g, gr_bot *bots[2], const bool expert[2],
                     gr_move *moves, int cap)
{
    int n = 0;
    while (gr_game_phase(g) != GR_PHASE_OVER) {
        int p = gr_game_turn(g);
        gr_view v;
        gr_move m;
        REQUIRE_RC(gr_game_view(g, p, &v), GR_OK);
        REQUIRE_RC(gr_bot_choose(bots[p], &v, &m), GR_OK);
        ck_assert_msg(move_in(&m, &v), "expert chose an unlisted move %d/%d",
                      m.type, m.card);
        if (expert[p]) {
            char line[256];
            int len = gr_bot_explain(bots[p], line, sizeof line);
            REQUIRE(len > 0);
            REQUIRE(strlen(line) > 0);
        }
        if (expert[p] && (m.type == GR_MOVE_KNOCK || m.type == GR_MOVE_GIN)) {
            gr_arrangement arr;
            REQUIRE_RC(gr_bot_arrange(bots[p], &v, m.card, &arr), GR_OK);
            REQUIRE(arr.deadwood_points <= v.knock_limit);
            REQUIRE_RC(gr_game_knock(g, m.card, &arr), GR_OK);
        } else {
            REQUIRE_RC(gr_game_play(g, m), GR_OK);
        }
        if (moves && n < cap)
            moves[n] = m;
        n++;
        REQUIRE(n < 20000);
    }
    return n;
}

static gr_rules *rules_variant(int k)
{
    gr_rules *r = NULL;
    static const int presets[] = { GR_PRESET_FOURNIER, GR_PRESET_NOVELTY, GR_PRESET_STANDARD };
    REQUIRE_RC(gr_rules_new(&r, presets[k % 3]), GR_OK);
    if (k == 3) {   /* Oklahoma with spades doubling, big gin */
        REQUIRE_RC(gr_rules_set(r, GR_OPT_OKLAHOMA, 1), GR_OK);
        REQUIRE_RC(gr_rules_set(r, GR_OPT_OKLAHOMA_SPADES, 1), GR_OK);
        REQUIRE_RC(gr_rules_set(r, GR_OPT_BIG_GIN_BONUS, 31), GR_OK);
    }
    if (k == 5 || k == 6) {   /* the EAAI and OpenSpiel presets, the wall (G38) */
        gr_rules_free(r);
        REQUIRE_RC(gr_rules_new(&r, k == 5 ? GR_PRESET_EAAI : GR_PRESET_OPENSPIEL), GR_OK);
        if (k == 6)
            REQUIRE_RC(gr_rules_set(r, GR_OPT_WALL, 1), GR_OK);
    }
    if (k == 4) {   /* straight gin, no layoff after gin, turnover capped */
        REQUIRE_RC(gr_rules_set(r, GR_OPT_KNOCK_LIMIT, 0), GR_OK);
        REQUIRE_RC(gr_rules_set(r, GR_OPT_LAYOFF_AFTER_GIN, 0), GR_OK);
        REQUIRE_RC(gr_rules_set(r, GR_OPT_STOCK_END, GR_STOCK_END_TURNOVER), GR_OK);
        REQUIRE_RC(gr_rules_set(r, GR_OPT_TURNOVER_LIMIT, 1), GR_OK);
    }
    return r;
}

START_TEST(test_G12_expert_plays_legal_moves)
{
    test_rng rng = { 0xE1 };
    long hands = test_count(60);
    for (int k = 0; k < 7; k++) {
        gr_rules *rules = rules_variant(k);
        for (long i = 0; i < hands; i++) {
            int kind = (int)(i % 3);   /* against random, greedy, expert */
            gr_bot *bots[2];
            bool expert[2] = { true, kind == 2 };
            bots[0] = expert_of(test_next(&rng), rules);
            bots[1] = kind == 2 ? expert_of(test_next(&rng), rules) : NULL;
            if (!bots[1])
                REQUIRE_RC(gr_bot_new(&bots[1], kind == 0 ? GR_BOT_RANDOM : GR_BOT_GREEDY,
                                      test_next(&rng)), GR_OK);
            gr_game *g = NULL;
            REQUIRE_RC(gr_game_new(&g, rules, test_next(&rng), (int)(i & 1)), GR_OK);
            if (i & 4) {   /* the expert in seat 1 */
                gr_bot *t = bots[0]; bots[0] = bots[1]; bots[1] = t;
                bool e = expert[0]; expert[0] = expert[1]; expert[1] = e;
            }
            REQUIRE_RC(gr_bot_set_score(bots[0], (int)(i % 90), (int)(i % 70)), GR_OK);
            play_hand(g, bots, expert, NULL, 0);
            gr_game_free(g);
            gr_bot_free(bots[0]);
            gr_bot_free(bots[1]);
        }
        gr_rules_free(rules);
    }
}
END_TEST

/* Game A: the expert (seat P) against a greedy bot, played to the end,
 * noting every card P ever saw (its hands, the pile, the opponent's known
 * cards).  Game B: the same deck with the cards P never saw permuted among
 * their positions, the same moves replayed (they stay legal: every card
 * that moved was seen).  P's views are the same in both games at each of
 * its decisions, the opponent's hidden hand mostly is not, and a second
 * expert of the same seed, fed B's views, chooses exactly as the first did
 * in A (its knock arrangements too). */
START_TEST(test_G12_expert_decides_from_views_only)
{
    test_rng rng = { 0xE2 };
    long cases = test_count(60), compared = 0, differ = 0;
    enum { CAP = 2048 };
    static gr_move hist[CAP];
    static int who[CAP];
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    for (long i = 0; i < cases; i++) {
        gr_card deck[GR_NCARDS], deck_b[GR_NCARDS];
        for (int k = 0; k < GR_NCARDS; k++)
            deck[k] = (gr_card)k;
        for (int k = GR_NCARDS - 1; k > 0; k--) {
            int j = test_below(&rng, k + 1);
            gr_card t = deck[k]; deck[k] = deck[j]; deck[j] = t;
        }
        int dealer = test_below(&rng, 2), P = test_below(&rng, 2);
        uint64_t seed = test_next(&rng);

        gr_game *a = NULL, *b = NULL;
        REQUIRE_RC(gr_game_new_from_deck(&a, rules, deck, dealer), GR_OK);
        gr_bot *ea = expert_of(seed, rules), *opp = NULL;
        REQUIRE_RC(gr_bot_new(&opp, GR_BOT_GREEDY, 1), GR_OK);
        gr_cards seen = 0;
        int n = 0;
        gr_arrangement shown_a;
        int shown_at = -1;
        while (gr_game_phase(a) != GR_PHASE_OVER) {
            int t = gr_game_turn(a);
            gr_view v, vp;
            gr_move m;
            REQUIRE_RC(gr_game_view(a, P, &vp), GR_OK);
            seen |= vp.hand | vp.opponent_known;
            for (int k = 0; k < vp.ndiscards; k++)
                seen |= GR_CARD_BIT(vp.discards[k]);
            REQUIRE_RC(gr_game_view(a, t, &v), GR_OK);
            REQUIRE_RC(gr_bot_choose(t == P ? ea : opp, &v, &m), GR_OK);
            REQUIRE(n < CAP);
            hist[n] = m;
            who[n++] = t;
            if (t == P && (m.type == GR_MOVE_KNOCK || m.type == GR_MOVE_GIN)) {
                REQUIRE_RC(gr_bot_arrange(ea, &v, m.card, &shown_a), GR_OK);
                REQUIRE_RC(gr_game_knock(a, m.card, &shown_a), GR_OK);
                shown_at = n - 1;
            } else {
                REQUIRE_RC(gr_game_play(a, m), GR_OK);
            }
        }
        /* permute the cards P never saw among their deck positions */
        memcpy(deck_b, deck, sizeof deck);
        int pos[GR_NCARDS], npos = 0;
        for (int k = 0; k < GR_NCARDS; k++)
            if (!(seen & GR_CARD_BIT(deck[k])))
                pos[npos++] = k;
        for (int k = npos - 1; k > 0; k--) {
            int j = test_below(&rng, k + 1);
            gr_card t = deck_b[pos[k]];
            deck_b[pos[k]] = deck_b[pos[j]];
            deck_b[pos[j]] = t;
        }
        REQUIRE_RC(gr_game_new_from_deck(&b, rules, deck_b, dealer), GR_OK);
        gr_bot *eb = expert_of(seed, rules);
        gr_cards ha, hb;
        REQUIRE_RC(gr_game_hand(a, 1 - P, &ha), GR_OK);
        for (int k = 0; k < n; k++) {
            gr_view vb;
            if (who[k] == P) {
                gr_move mb;
                REQUIRE_RC(gr_game_view(b, P, &vb), GR_OK);
                REQUIRE_RC(gr_bot_choose(eb, &vb, &mb), GR_OK);
                REQUIRE(mb.type == hist[k].type);
                REQUIRE(mb.card == hist[k].card);
                compared++;
                if (k == shown_at) {
                    gr_arrangement shown_b;
                    REQUIRE_RC(gr_bot_arrange(eb, &vb, mb.card, &shown_b), GR_OK);
                    REQUIRE(memcmp(&shown_a, &shown_b, sizeof shown_a) == 0);
                    REQUIRE_RC(gr_game_knock(b, mb.card, &shown_b), GR_OK);
                    continue;
                }
            }
            if (k == n - 1 && who[k] != P && hist[k].type >= GR_MOVE_KNOCK)
                break;   /* his knock may not exist with his other cards in B */
            REQUIRE_RC(gr_game_play(b, hist[k]), GR_OK);
        }
        REQUIRE_RC(gr_game_hand(b, 1 - P, &hb), GR_OK);
        if (ha != hb)
            differ++;
        gr_bot_free(ea);
        gr_bot_free(eb);
        gr_bot_free(opp);
        gr_game_free(a);
        gr_game_free(b);
    }
    ck_assert_int_gt(compared, cases);
    ck_assert_int_gt(differ, cases / 3);
    gr_rules_free(rules);
}
END_TEST

/* Every ingredient can be switched off (GR_BOT_PARAM_FEATURES, for the
 * ablation in gr_bot(3)): each such expert still plays only legal moves,
 * and switching one off changes some decisions (it is wired in). */
START_TEST(test_expert_features_each_off)
{
    test_rng rng = { 0xE4 };
    long hands = test_count(12);
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    for (int f = 1; f <= GR_EXPERT_ALL; f <<= 1) {
        bool differs = false;
        for (long i = 0; i < hands || (!differs && i < 40 * hands); i++) {
            uint64_t deal = test_next(&rng), s0 = test_next(&rng), s1 = test_next(&rng);
            gr_move moves[2][512];
            int n[2];
            for (int rep = 0; rep < 2; rep++) {
                gr_bot *bots[2] = { expert_of(s0, rules), NULL };
                REQUIRE_RC(gr_bot_new(&bots[1], GR_BOT_GREEDY, s1), GR_OK);
                if (rep == 1)
                    REQUIRE_RC(gr_bot_set_param(bots[0], GR_BOT_PARAM_FEATURES,
                                                GR_EXPERT_ALL & ~f), GR_OK);
                bool expert[2] = { true, false };
                gr_game *g = NULL;
                REQUIRE_RC(gr_game_new(&g, rules, deal, (int)(i & 1)), GR_OK);
                n[rep] = play_hand(g, bots, expert, moves[rep], 512);
                gr_game_free(g);
                gr_bot_free(bots[0]);
                gr_bot_free(bots[1]);
            }
            for (int k = 0; k < n[0] && k < n[1] && k < 512 && !differs; k++)
                differs = moves[0][k].type != moves[1][k].type
                       || moves[0][k].card != moves[1][k].card;
            differs = differs || n[0] != n[1];
        }
        /* GR_EXPERT_MATCH needs a match score near the target to matter;
         * GR_EXPERT_ARRANGE changes arrangements shown, not moves */
        if (f != GR_EXPERT_MATCH && f != GR_EXPERT_ARRANGE)
            ck_assert_msg(differs, "switching feature %d off changed no move", f);
    }
    gr_rules_free(rules);
}
END_TEST

/* Same seed, same views: same moves; a whole hand replays identically. */
START_TEST(test_expert_deterministic)
{
    test_rng rng = { 0xE3 };
    long cases = test_count(20);
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_FOURNIER), GR_OK);
    for (long i = 0; i < cases; i++) {
        uint64_t deal = test_next(&rng), s0 = test_next(&rng), s1 = test_next(&rng);
        gr_move first[512], second[512];
        int n[2];
        for (int rep = 0; rep < 2; rep++) {
            gr_bot *bots[2] = { expert_of(s0, rules), expert_of(s1, rules) };
            bool expert[2] = { true, true };
            gr_game *g = NULL;
            REQUIRE_RC(gr_game_new(&g, rules, deal, 0), GR_OK);
            n[rep] = play_hand(g, bots, expert, rep ? second : first, 512);
            gr_game_free(g);
            gr_bot_free(bots[0]);
            gr_bot_free(bots[1]);
        }
        ck_assert_int_eq(n[0], n[1]);
        for (int k = 0; k < n[0] && k < 512; k++) {
            ck_assert_int_eq(first[k].type, second[k].type);
            ck_assert_int_eq(first[k].card, second[k].card);
        }
    }
    gr_rules_free(rules);
}
END_TEST

/* The alias table gives every index exactly its weight: each index's own
 * part plus what the indices aliased to it hand on add up to n * weight
 * (out of n * total), for weights from equal to wildly spread; draws
 * follow (a loose check of the drawing arithmetic). */
START_TEST(test_alias_table_exact)
{
    test_rng rng = { 0xA11A5 };
    long cases = test_count(2000);
    for (long c = 0; c < cases; c++) {
        int n = 1 + test_below(&rng, GR__ALIAS_MAX);
        uint32_t w[GR__ALIAS_MAX];
        uint64_t total = 0;
        for (int i = 0; i < n; i++) {
            int kind = test_below(&rng, 4);
            w[i] = kind == 0 ? 0 : kind == 1 ? 1024
                 : kind == 2 ? (uint32_t)test_below(&rng, 5000)
                 : (uint32_t)1 << test_below(&rng, 31);
            total += w[i];
        }
        if (total == 0)
            w[0] = 1, total = 1;
        gr__alias a;
        gr__alias_build(&a, w, n);
        REQUIRE(a.n == n && a.total == total);
        uint64_t mass[GR__ALIAS_MAX] = { 0 };
        for (int i = 0; i < n; i++) {
            REQUIRE(a.prob[i] <= total && a.alias[i] < n);
            mass[i] += a.prob[i];
            mass[a.alias[i]] += total - a.prob[i];
        }
        for (int i = 0; i < n; i++)
            REQUIRE(mass[i] == (uint64_t)w[i] * (uint64_t)n);
    }
    uint32_t w[4] = { 1, 2, 3, 994 };
    gr__alias a;
    gr__alias_build(&a, w, 4);
    gr_rng r = { { 1, 2, 3, 4 } };
    long seen[4] = { 0 }, draws = 1000000;
    for (long k = 0; k < draws; k++)
        seen[gr__alias_draw(&a, &r)]++;
    for (int i = 0; i < 4; i++)   /* within 5 standard deviations */
        REQUIRE(labs(seen[i] - draws * (long)w[i] / 1000) <= 5 * (long)sqrt(draws * w[i] / 1000.0) + 1);
}
END_TEST

/* GR_EXPERT_SKILL: a sampled hand fits his discards when it holds no more
 * cards that meld with nothing and are worth more than a card he threw
 * than his stock draws since (cards he took from the pile not counted,
 * cards that meld not counted, a discard worth 10 no rule). */
START_TEST(test_expert_sample_fits_his_discards)
{
    sampler s;
    memset(&s, 0, sizeof s);
    memset(s.since, -1, sizeof s.since);
    gr_cards h = test_cards("9H 2C 3D 4S 5H 7C 7D 7S KS QD");
    REQUIRE(gr__expert_fits_discards(&s, h));        /* no discard seen */
    s.since[10] = 0;                                  /* he threw a king */
    REQUIRE(gr__expert_fits_discards(&s, h));
    s.since[9] = 0;                                   /* then a nine */
    REQUIRE(!gr__expert_fits_discards(&s, h));       /* KS QD worth more */
    s.since[9] = 2;                                   /* two draws since */
    REQUIRE(gr__expert_fits_discards(&s, h));
    s.since[9] = 1;
    REQUIRE(!gr__expert_fits_discards(&s, h));
    s.known = test_cards("KS");                       /* taken from the pile */
    REQUIRE(gr__expert_fits_discards(&s, h));
    s.known = 0;
    REQUIRE(gr__expert_fits_discards(&s, test_cards("9H 2C 3D 4S 5H 7C 7D 7S KS KD KH")));
    s.since[9] = -1;
    s.since[4] = 1;                                   /* he threw a four */
    REQUIRE(!gr__expert_fits_discards(&s, h));       /* 9H 5H KS QD; 7s meld */
    REQUIRE(gr__expert_fits_discards(&s, test_cards("AH 2C 3D 4S 4H 7C 7D 7S 8S 9S")));
    REQUIRE(gr__expert_fits_discards(&s, test_cards("AH 2C 3D 4S 9H 7C 7D 7S 8S 9S")));
    REQUIRE(!gr__expert_fits_discards(&s, test_cards("AH 2C 5D 4S 9H 7C 7D 7S 8S 9S")));
}
END_TEST

START_TEST(test_expert_bad_input)
{
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    gr_bot *b = expert_of(1, rules), *g = NULL;
    REQUIRE_RC(gr_bot_new(&g, GR_BOT_GREEDY, 1), GR_OK);
    ck_assert_int_eq(gr_bot_lookup("expert"), GR_BOT_EXPERT);
    ck_assert_int_eq(gr_bot_lookup("EXPERT"), GR_BOT_EXPERT);
    ck_assert_int_eq(gr_bot_set_rules(NULL, rules), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_rules(b, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_rules(g, rules), GR_OK);
    ck_assert_int_eq(gr_bot_set_param(NULL, GR_BOT_PARAM_PLAYOUTS, 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_param(b, 0, 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, -1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 1000001), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 0), GR_OK);
    ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_FEATURES, GR_EXPERT_ALL + 1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_FEATURES, -1), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_param(b, GR_BOT_PARAM_FEATURES, 0), GR_OK);
    ck_assert_int_eq(gr_bot_set_param(g, GR_BOT_PARAM_PLAYOUTS, 5), GR_OK);
    ck_assert_int_eq(gr_bot_set_param(g, 99, 5), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_score(NULL, 0, 0), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_score(b, -1, 0), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_score(b, 0, 1000001), GR_EINVAL);
    ck_assert_int_eq(gr_bot_set_score(b, 50, 20), GR_OK);
    ck_assert_int_eq(gr_bot_explain(NULL, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_bot_explain(b, NULL, 5), GR_EINVAL);
    ck_assert_int_gt(gr_bot_explain(b, NULL, 0), 0);
    ck_assert_int_gt(gr_bot_explain(g, NULL, 0), 0);
    char fresh[64];
    REQUIRE(gr_bot_explain(b, fresh, sizeof fresh) > 0);
    ck_assert_str_eq(fresh, "no decision yet");

    /* gr_bot_arrange: a hand that can knock */
    gr_game *game = NULL;
    gr_view v;
    gr_arrangement arr;
    REQUIRE_RC(gr_game_new(&game, rules, 5, 0), GR_OK);
    REQUIRE_RC(gr_game_view(game, gr_game_turn(game), &v), GR_OK);
    ck_assert_int_eq(gr_bot_arrange(NULL, &v, 0, &arr), GR_EINVAL);
    ck_assert_int_eq(gr_bot_arrange(b, NULL, 0, &arr), GR_EINVAL);
    ck_assert_int_eq(gr_bot_arrange(b, &v, 0, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_bot_arrange(b, &v, 52, &arr), GR_EINVAL);
    ck_assert_int_eq(gr_bot_arrange(b, &v, 0, &arr), GR_ESTATE);   /* upcard phase */
    /* play greedily to a discard phase with a knock */
    gr_bot *gb[2] = { g, g };
    int found = 0;
    for (uint64_t seed = 1; seed < 400 && !found; seed++) {
        gr_game_free(game);
        REQUIRE_RC(gr_game_new(&game, rules, seed, 0), GR_OK);
        while (gr_game_phase(game) != GR_PHASE_OVER && !found) {
            int t = gr_game_turn(game);
            gr_move m;
            REQUIRE_RC(gr_game_view(game, t, &v), GR_OK);
            for (int i = 0; i < v.nlegal; i++)
                if (v.legal[i].type == GR_MOVE_KNOCK)
                    found = 1;
            if (found)
                break;
            REQUIRE_RC(gr_bot_choose(gb[t], &v, &m), GR_OK);
            REQUIRE_RC(gr_game_play(game, m), GR_OK);
        }
    }
    ck_assert(found);
    gr_card knock = GR_NO_CARD, no_knock = GR_NO_CARD;
    for (int i = 0; i < v.nlegal; i++)
        if (v.legal[i].type == GR_MOVE_KNOCK)
            knock = v.legal[i].card;
    for (int i = 0; i < v.nlegal; i++)
        if (v.legal[i].type == GR_MOVE_DISCARD) {
            bool k = false;
            for (int j = 0; j < v.nlegal; j++)
                if (v.legal[j].type == GR_MOVE_KNOCK && v.legal[j].card == v.legal[i].card)
                    k = true;
            if (!k)
                no_knock = v.legal[i].card;
        }
    if (no_knock != GR_NO_CARD)
        ck_assert_int_eq(gr_bot_arrange(b, &v, no_knock, &arr), GR_EILLEGAL);
    ck_assert_int_eq(gr_bot_arrange(b, &v, knock, &arr), GR_OK);
    gr_arrangement arr_g;
    ck_assert_int_eq(gr_bot_arrange(g, &v, knock, &arr_g), GR_OK);
    ck_assert_int_le(arr.deadwood_points, v.knock_limit);
    REQUIRE_RC(gr_game_knock(game, knock, &arr), GR_OK);
    gr_game_free(game);
    gr_bot_free(b);
    gr_bot_free(g);
    gr_rules_free(rules);
}
END_TEST

/* The expert's line for the non-dealer's upcard offer of deal 7 (a searched
 * decision: take or pass), after `score` (NULL: never set). */
static void offer_line(gr_bot *b, const gr_rules *rules, const int *score,
                       char *line, size_t size)
{
    gr_game *g = NULL;
    gr_view v;
    gr_move m;
    REQUIRE_RC(gr_game_new(&g, rules, 7, 0), GR_OK);
    REQUIRE_RC(gr_game_view(g, gr_game_turn(g), &v), GR_OK);
    if (score)
        REQUIRE_RC(gr_bot_set_score(b, score[0], score[1]), GR_OK);
    REQUIRE_RC(gr_bot_choose(b, &v, &m), GR_OK);
    REQUIRE(move_in(&m, &v));
    REQUIRE(gr_bot_explain(b, line, size) > 0);
    gr_game_free(g);
}

/* the chance in a "...: 63.2% to win the match ..." line */
static double chance_in(const char *line)
{
    const char *colon = strchr(line, ':');
    ck_assert_msg(colon && strstr(line, "% to win the match"), "not a match line: %s", line);
    return strtod(colon + 1, NULL);
}

/* GR_EXPERT_MATCH: once the score is known, a hand is valued by the chance
 * to win the match (G25) it leaves, and the explanation says so: high when
 * we are near the target, low when he is.  Without a score, or with the
 * ingredient off, by its points.  Short of memory: by its points. */
START_TEST(test_G25_expert_match_equity)
{
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    char line[256];
    gr_bot *b = expert_of(3, rules);
    offer_line(b, rules, NULL, line, sizeof line);
    ck_assert_msg(strstr(line, "points on average"), "%s", line);
    static const int ahead[2] = { 95, 0 }, behind[2] = { 0, 95 }, even[2] = { 40, 40 };
    offer_line(b, rules, ahead, line, sizeof line);
    double hi = chance_in(line);
    offer_line(b, rules, behind, line, sizeof line);
    double lo = chance_in(line);
    offer_line(b, rules, even, line, sizeof line);
    double mid = chance_in(line);
    ck_assert_msg(hi > 80 && lo < 20 && mid > lo && mid < hi && hi <= 100 && lo >= 0,
                  "chances %.1f %.1f %.1f", hi, mid, lo);
    /* new rules after the score: a new table (45 of 50 is nearer) */
    static const int near[2] = { 45, 0 };
    offer_line(b, rules, near, line, sizeof line);
    double far_target = chance_in(line);
    REQUIRE_RC(gr_rules_set(rules, GR_OPT_TARGET, 50), GR_OK);
    REQUIRE_RC(gr_bot_set_rules(b, rules), GR_OK);
    offer_line(b, rules, near, line, sizeof line);
    ck_assert_msg(chance_in(line) > far_target + 5, "%.1f then %s", far_target, line);
    static const int won[2] = { 60, 0 };   /* at the target: points */
    offer_line(b, rules, won, line, sizeof line);
    ck_assert_msg(strstr(line, "points on average"), "%s", line);
    REQUIRE_RC(gr_rules_set(rules, GR_OPT_TARGET, 100), GR_OK);
    REQUIRE_RC(gr_bot_set_rules(b, rules), GR_OK);
    REQUIRE_RC(gr_bot_set_param(b, GR_BOT_PARAM_FEATURES, GR_EXPERT_ALL & ~GR_EXPERT_MATCH), GR_OK);
    offer_line(b, rules, ahead, line, sizeof line);
    ck_assert_msg(strstr(line, "points on average"), "%s", line);
    gr_bot_free(b);

    /* Hollywood scores three games at once: points */
    REQUIRE_RC(gr_rules_set(rules, GR_OPT_HOLLYWOOD, 1), GR_OK);
    b = expert_of(3, rules);
    offer_line(b, rules, even, line, sizeof line);
    ck_assert_msg(strstr(line, "points on average"), "%s", line);
    gr_bot_free(b);
    REQUIRE_RC(gr_rules_set(rules, GR_OPT_HOLLYWOOD, 0), GR_OK);

    /* every allocation failing in turn: a legal move, then the table */
    for (long fail = 1;; fail++) {
        test_counter c = { .fail_at = fail };
        gr_allocator mm = { .malloc_fn = test_counting_malloc,
                            .free_fn = test_counting_free, .ctx = &c };
        gr_bot *fb = NULL;
        int rc = gr_bot_new_mm(&fb, GR_BOT_EXPERT, 3, &mm);
        if (rc == GR_OK) {
            REQUIRE_RC(gr_bot_set_rules(fb, rules), GR_OK);
            REQUIRE_RC(gr_bot_set_param(fb, GR_BOT_PARAM_PLAYOUTS, TEST_PLAYOUTS), GR_OK);
            offer_line(fb, rules, ahead, line, sizeof line);
            offer_line(fb, rules, ahead, line, sizeof line);   /* tries again */
            ck_assert_msg(strstr(line, "% to win the match"), "%s", line);
            gr_bot_free(fb);
        } else {
            ck_assert_int_eq(rc, GR_ENOMEM);
        }
        ck_assert_int_eq(c.live, 0);
        if (!c.failed)
            break;
    }
    gr_rules_free(rules);
}
END_TEST

/* gr_bot_observe: a bot told the moves its player made (H asks a hint at
 * every view, then is told the move a greedy player made instead; K is
 * only told) remembers the same hand: at any later view both suggest the
 * same move.  A bot told nothing decides from less. */
START_TEST(test_G12_expert_observe)
{
    test_rng rng = { 0xE5 };
    long hands = test_count(30) < 8 ? 8 : test_count(30);   /* enough to differ */
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    long differs_uninformed = 0, compared = 0;
    for (long i = 0; i < hands; i++) {
        uint64_t deal = test_next(&rng), seed = test_next(&rng);
        gr_bot *h = expert_of(seed, rules), *k = expert_of(seed, rules);
        gr_bot *j = expert_of(seed, rules);   /* told, asked, told again */
        gr_bot *blind = expert_of(seed, rules), *greedy = NULL, *other = NULL;
        REQUIRE_RC(gr_bot_new(&greedy, GR_BOT_GREEDY, 1), GR_OK);
        REQUIRE_RC(gr_bot_new(&other, GR_BOT_GREEDY, 2), GR_OK);
        gr_game *g = NULL;
        REQUIRE_RC(gr_game_new(&g, rules, deal, (int)(i & 1)), GR_OK);
        int cut = 2 + (int)test_below(&rng, 12);   /* K's decision */
        int turns = 0;
        while (gr_game_phase(g) != GR_PHASE_OVER) {
            int p = gr_game_turn(g);
            gr_view v;
            gr_move m, hint;
            REQUIRE_RC(gr_game_view(g, p, &v), GR_OK);
            if (p == 1) {
                REQUIRE_RC(gr_bot_choose(other, &v, &m), GR_OK);
                REQUIRE_RC(gr_game_play(g, m), GR_OK);
                continue;
            }
            REQUIRE_RC(gr_bot_choose(h, &v, &hint), GR_OK);
            gr_move again;   /* a hint asked twice is the same hint */
            char l1[256], l2[256];
            REQUIRE(gr_bot_explain(h, l1, sizeof l1) > 0);
            REQUIRE_RC(gr_bot_choose(h, &v, &again), GR_OK);
            REQUIRE(gr_bot_explain(h, l2, sizeof l2) > 0);
            ck_assert_msg(again.type == hint.type && again.card == hint.card
                          && !strcmp(l1, l2), "hand %ld turn %d: %s / %s", i, turns, l1, l2);
            if (++turns == cut) {
                gr_move km, jm, bm;
                REQUIRE_RC(gr_bot_choose(k, &v, &km), GR_OK);
                REQUIRE_RC(gr_bot_choose(j, &v, &jm), GR_OK);
                REQUIRE_RC(gr_bot_choose(blind, &v, &bm), GR_OK);
                ck_assert_msg(km.type == hint.type && km.card == hint.card,
                              "hand %ld turn %d: told %d/%d, hinted %d/%d", i, turns,
                              km.type, km.card, hint.type, hint.card);
                ck_assert_msg(jm.type == km.type && jm.card == km.card,
                              "hand %ld turn %d: told twice %d/%d, told %d/%d", i, turns,
                              jm.type, jm.card, km.type, km.card);
                compared++;
                differs_uninformed += bm.type != hint.type || bm.card != hint.card;
                break;
            }
            REQUIRE_RC(gr_bot_choose(greedy, &v, &m), GR_OK);
            REQUIRE_RC(gr_bot_observe(h, &v, m), GR_OK);
            REQUIRE_RC(gr_bot_observe(k, &v, m), GR_OK);
            gr_move ignored;   /* j: told, asked, told again at one view */
            REQUIRE_RC(gr_bot_observe(j, &v, m), GR_OK);
            REQUIRE_RC(gr_bot_choose(j, &v, &ignored), GR_OK);
            REQUIRE_RC(gr_bot_observe(j, &v, m), GR_OK);
            REQUIRE_RC(gr_bot_observe(greedy, &v, m), GR_OK);
            REQUIRE_RC(gr_game_play(g, m), GR_OK);
        }
        gr_game_free(g);
        gr_bot_free(h);
        gr_bot_free(k);
        gr_bot_free(j);
        gr_bot_free(blind);
        gr_bot_free(greedy);
        gr_bot_free(other);
    }
    ck_assert_int_gt(compared, 0);
    ck_assert_msg(differs_uninformed > 0, "memory made no difference in %ld hands", compared);

    /* a hint asked twice is the same hint */
    gr_bot *b = expert_of(9, rules);
    gr_game *g = NULL;
    gr_view v;
    gr_move m1, m2;
    char l1[256], l2[256];
    REQUIRE_RC(gr_game_new(&g, rules, 11, 0), GR_OK);
    REQUIRE_RC(gr_game_view(g, gr_game_turn(g), &v), GR_OK);
    REQUIRE_RC(gr_bot_choose(b, &v, &m1), GR_OK);
    REQUIRE(gr_bot_explain(b, l1, sizeof l1) > 0);
    REQUIRE_RC(gr_bot_choose(b, &v, &m2), GR_OK);
    REQUIRE(gr_bot_explain(b, l2, sizeof l2) > 0);
    ck_assert_str_eq(l1, l2);

    /* bad input */
    gr_move pass = { .type = GR_MOVE_PASS, .card = GR_NO_CARD };
    ck_assert_int_eq(gr_bot_observe(NULL, &v, pass), GR_EINVAL);
    ck_assert_int_eq(gr_bot_observe(b, NULL, pass), GR_EINVAL);
    gr_move bad = pass;
    bad.reserved[0] = 1;
    ck_assert_int_eq(gr_bot_observe(b, &v, bad), GR_EINVAL);
    gr_move disc = { .type = GR_MOVE_DISCARD, .card = 3 };
    ck_assert_int_eq(gr_bot_observe(b, &v, disc), GR_EILLEGAL);   /* upcard phase */
    gr_move odd = { .type = 99, .card = 0 };
    ck_assert_int_eq(gr_bot_observe(b, &v, odd), GR_EILLEGAL);
    gr_view broken = v;
    broken.player = 5;
    ck_assert_int_eq(gr_bot_observe(b, &broken, pass), GR_EINVAL);
    gr_view none = v;
    none.nlegal = 0;
    ck_assert_int_eq(gr_bot_observe(b, &none, pass), GR_ESTATE);
    ck_assert_int_eq(gr_bot_observe(b, &v, pass), GR_OK);
    gr_game_free(g);
    gr_bot_free(b);
    gr_rules_free(rules);
}
END_TEST

static Suite *expert_suite(void)
{
    Suite *s = suite_create("expert");
    TCase *tc = tcase_create("api");
    tcase_add_test(tc, test_expert_bad_input);
    tcase_add_test(tc, test_alias_table_exact);
    tcase_add_test(tc, test_expert_sample_fits_his_discards);
    suite_add_tcase(s, tc);
    tc = tcase_create("play");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_G12_expert_plays_legal_moves);
    tcase_add_test(tc, test_G12_expert_decides_from_views_only);
    tcase_add_test(tc, test_expert_deterministic);
    tcase_add_test(tc, test_expert_features_each_off);
    tcase_add_test(tc, test_G25_expert_match_equity);
    tcase_add_test(tc, test_G12_expert_observe);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(expert_suite());
}
