/*
 * check_playout.c: the fast-playout functions: legal moves as
 * masks, playing a move and getting the next masks in one call
 * (gr_game_step), redealing in place, playouts to the hand's end, and the
 * portable popcount the library falls back on.
 *
 * Exactness: a playout records its moves; replaying them through the
 * per-move API (each checked against gr_game_legal_moves) must reach the
 * same game, byte for byte in the save text, with the same result; a
 * greedy playout's moves must be those of the greedy policy written
 * plainly from the views.  gr_game_step is checked against gr_game_play + gr_game_legal_masks at
 * every step, the game's private state compared byte for byte.
 */
#include <check.h>
#include <stddef.h>
#include <string.h>

#include "ginrummy.h"
#include "common/bits.h"
#include "gin/game.h"
#include "testutil.h"

/* every preset (-1: STANDARD with Oklahoma, big gin and the wall, G38) */
static const int presets[] = { GR_PRESET_FOURNIER, GR_PRESET_NOVELTY, GR_PRESET_STANDARD,
                               GR_PRESET_OPENSPIEL, GR_PRESET_EAAI, -1 };
#define NPRESETS ((int)(sizeof presets / sizeof presets[0]))

static gr_rules *preset_rules(int k)
{
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, presets[k] < 0 ? GR_PRESET_STANDARD : presets[k]), GR_OK);
    if (presets[k] < 0) {
        REQUIRE_RC(gr_rules_set(rules, GR_OPT_OKLAHOMA, 1), GR_OK);
        REQUIRE_RC(gr_rules_set(rules, GR_OPT_BIG_GIN_BONUS, 31), GR_OK);
        REQUIRE_RC(gr_rules_set(rules, GR_OPT_WALL, 1), GR_OK);
    }
    return rules;
}

static int move_in(const gr_move *list, int n, gr_move m)
{
    for (int i = 0; i < n; i++)
        if (list[i].type == m.type && list[i].card == m.card)
            return 1;
    return 0;
}

/* G13, G14, G32 by brute force: in the discard phase a discard allows a
 * knock when the 10 cards kept leave deadwood within the limit, gin when
 * they leave none; big gin when the 11 cards meld whole (the option on).
 * (The game caches these on the draw behind a lower bound: this checks
 * that bound never rules out a legal knock.) */
static void check_knock_brute(const gr_game *g, const gr_legal_masks *m, int big_gin_rule)
{
    if (gr_game_phase(g) != GR_PHASE_DISCARD)
        return;
    gr_cards hand, allowed = m->discard | m->knock;
    REQUIRE_RC(gr_game_hand(g, gr_game_turn(g), &hand), GR_OK);
    if (m->discard == 0) {   /* G38: a wall draw must knock; G11 as usual */
        gr_move hist[GR_MAX_HAND_MOVES];
        int n = gr_game_history(g, hist, GR_MAX_HAND_MOVES);
        REQUIRE(n > 0 && hist[n - 1].type == GR_MOVE_DRAW_DISCARD);
        allowed = hand & ~GR_CARD_BIT(hist[n - 1].card);
    }
    int limit = gr_game_knock_limit(g);
    gr_cards knock = 0, gin = 0;
    for (gr_cards c = allowed; c; c &= c - 1) {
        gr_cards bit = c & (~c + 1);
        int dw = gr_deadwood(hand & ~bit);
        if (dw <= limit)
            knock |= bit;
        if (dw == 0)
            gin |= bit;
    }
    REQUIRE(m->knock == knock);
    REQUIRE(m->gin == gin);
    bool big = big_gin_rule && gr_deadwood(hand) == 0;
    REQUIRE(((m->types >> GR_MOVE_BIG_GIN) & 1) == (unsigned)big);
}

/* the masks describe exactly the moves of the list (big_gin_rule: the big
 * gin option is on) */
static void check_masks(const gr_game *g, int big_gin_rule)
{
    gr_move list[GR_MAX_MOVES];
    gr_legal_masks m;
    int n = gr_game_legal_moves(g, list, GR_MAX_MOVES);
    REQUIRE_RC(gr_game_legal_masks(g, &m), GR_OK);
    int count = 0;
    for (int t = GR_MOVE_TAKE_UPCARD; t <= GR_MOVE_BIG_GIN; t++) {
        if (!(m.types & (1u << t)))
            continue;
        if (t == GR_MOVE_DISCARD || t == GR_MOVE_KNOCK || t == GR_MOVE_GIN) {
            gr_cards c = t == GR_MOVE_DISCARD ? m.discard
                       : t == GR_MOVE_KNOCK ? m.knock : m.gin;
            REQUIRE(c != 0);
            for (; c; c &= c - 1) {
                gr_move mv = { .type = t, .card = (gr_card)__builtin_ctzll(c) };
                REQUIRE(move_in(list, n, mv));
                count++;
            }
        } else {
            gr_move mv = { .type = t,
                           .card = (t == GR_MOVE_TAKE_UPCARD || t == GR_MOVE_DRAW_DISCARD)
                                   ? m.top : GR_NO_CARD };
            REQUIRE(move_in(list, n, mv));
            count++;
        }
    }
    REQUIRE(count == n);
    for (int k = 0; k < 8; k++)
        REQUIRE(m.reserved[k] == 0);
    check_knock_brute(g, &m, big_gin_rule);
}

/* GR_PLAYOUT_GREEDY's policy written plainly from a view, every legality
 * from its list of legal moves: big gin; else the discard leaving the least
 * deadwood (G11: not the card just taken; ties: more points, then the
 * higher card) as gin, knock or plain discard, whichever is legal; a
 * face-up card taken when it lowers the deadwood; the wall card when it
 * may be taken (G38). */
static gr_move greedy_reference(const gr_view *v)
{
    const gr_move *big = NULL, *take = NULL, *wall = NULL, *leave = NULL;
    gr_cards allowed = 0;
    for (int i = 0; i < v->nlegal; i++) {
        const gr_move *m = &v->legal[i];
        if (m->type == GR_MOVE_BIG_GIN)
            big = m;
        else if (m->type == GR_MOVE_DISCARD || m->type == GR_MOVE_KNOCK || m->type == GR_MOVE_GIN)
            allowed |= GR_CARD_BIT(m->card);
        else if (m->type == GR_MOVE_TAKE_UPCARD || m->type == GR_MOVE_DRAW_DISCARD)
            take = wall = m;
        else
            leave = m;   /* pass, stock */
    }
    if (big)
        return *big;
    if (v->phase == GR_PHASE_WALL)
        return wall ? *wall : *leave;
    if (v->phase != GR_PHASE_DISCARD) {
        gr_card top = v->discards[v->ndiscards - 1], d;
        if (take && gr_best_discard(v->hand | GR_CARD_BIT(top), &d) < gr_deadwood(v->hand))
            return *take;
        return *leave;
    }
    gr_card best = GR_NO_CARD;
    int best_dw = 1 << 20;
    for (gr_cards c = allowed; c; c &= c - 1) {
        gr_card x = (gr_card)__builtin_ctzll(c);
        int dw = gr_deadwood(v->hand & ~GR_CARD_BIT(x));
        if (best == GR_NO_CARD || dw < best_dw
            || (dw == best_dw && (gr_card_points(x) > gr_card_points(best)
                                  || (gr_card_points(x) == gr_card_points(best) && x > best)))) {
            best = x;
            best_dw = dw;
        }
    }
    static const int order[] = { GR_MOVE_GIN, GR_MOVE_KNOCK, GR_MOVE_DISCARD };
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == order[k] && v->legal[i].card == best)
                return v->legal[i];
    ck_abort_msg("no legal move for the best discard");
    return v->legal[0];
}

/* Play a playout on a clone of g, replay its moves on g through the API;
 * a greedy playout's moves are the plainly written policy's (the playout
 * finds its knocks and gin without the knock scan of every draw). */
static void check_exact(gr_game *g, int policy, uint64_t seed, int big_gin_rule)
{
    gr_game *c = NULL;
    REQUIRE_RC(gr_game_clone(&c, g), GR_OK);
    int start = gr_game_history(g, NULL, 0);
    gr_hand_result res;
    int rc = gr_game_playout(c, policy, seed, &res);
    REQUIRE(rc == GR_OK || rc == GR_ESTATE);
    int end = gr_game_history(c, NULL, 0);
    gr_move *hist = malloc((size_t)end * sizeof *hist);
    REQUIRE(hist != NULL);
    REQUIRE_RC(gr_game_history(c, hist, (size_t)end), end);
    gr_move list[GR_MAX_MOVES];
    for (int k = start; k < end; k++) {
        check_masks(g, big_gin_rule);
        int n = gr_game_legal_moves(g, list, GR_MAX_MOVES);
        gr_move m = hist[k];
        if (m.type == GR_MOVE_DRAW_STOCK)   /* the history names the card drawn */
            m.card = GR_NO_CARD;
        REQUIRE(move_in(list, n, m));
        if (policy == GR_PLAYOUT_GREEDY) {
            gr_view v;
            REQUIRE_RC(gr_game_view(g, gr_game_turn(g), &v), GR_OK);
            gr_move ref = greedy_reference(&v);
            REQUIRE(ref.type == m.type && ref.card == m.card);
        }
        REQUIRE_RC(gr_game_play(g, m), GR_OK);
    }
    char *ta = test_save(g), *tb = test_save(c);
    REQUIRE(strcmp(ta, tb) == 0);
    if (rc == GR_OK) {
        gr_hand_result r2;
        REQUIRE_RC(gr_game_result(g, &r2), GR_OK);
        REQUIRE(r2.outcome == res.outcome);
        REQUIRE(r2.winner == res.winner);
        REQUIRE(r2.points == res.points);
        REQUIRE(memcmp(&r2, &res, sizeof res) == 0);
    } else {
        REQUIRE(end - start == GR_PLAYOUT_MAX_MOVES);
    }
    free(hist);
    free(ta);
    free(tb);
    gr_game_free(c);
}

START_TEST(test_playout_exact_vs_api)
{
    test_rng rng = { 0x9147 };
    long cases = test_count(600);
    for (int p = 0; p < NPRESETS; p++) {
        gr_rules *rules = preset_rules(p);
        for (long i = 0; i < cases; i++) {
            gr_game *g = NULL;
            REQUIRE_RC(gr_game_new(&g, rules, test_next(&rng), (int)(i & 1)), GR_OK);
            /* start from the deal or from a state a few random moves in */
            int pre = test_below(&rng, 3) == 0 ? 0 : test_below(&rng, 30);
            for (int s = 0; s < pre && gr_game_phase(g) != GR_PHASE_OVER; s++) {
                gr_move list[GR_MAX_MOVES];
                int n = gr_game_legal_moves(g, list, GR_MAX_MOVES);
                int last = list[n - 1].type;
                gr_move m = list[test_below(&rng, n)];
                if (last >= GR_MOVE_KNOCK && m.type >= GR_MOVE_KNOCK)
                    continue;
                if (m.type >= GR_MOVE_KNOCK)
                    continue;
                REQUIRE_RC(gr_game_play(g, m), GR_OK);
            }
            int policy = (i & 2) ? GR_PLAYOUT_GREEDY : GR_PLAYOUT_RANDOM;
            int bonus = 0;
            REQUIRE_RC(gr_rules_get(rules, GR_OPT_BIG_GIN_BONUS, &bonus), GR_OK);
            check_exact(g, policy, test_next(&rng), bonus > 0);
            gr_game_free(g);
        }
        gr_rules_free(rules);
    }
}
END_TEST

/* the portable build and the hardware-popcount build play the same moves */
START_TEST(test_playout_portable_same_moves)
{
    test_rng rng = { 0x9148 };
    long cases = test_count(2000);
    for (int p = 0; p < NPRESETS; p++) {
        gr_rules *rules = preset_rules(p);
        gr_game *a = NULL, *b = NULL;
        REQUIRE_RC(gr_game_new(&a, rules, 1, 0), GR_OK);
        REQUIRE_RC(gr_game_new(&b, rules, 1, 0), GR_OK);
        for (long i = 0; i < cases; i++) {
            uint64_t deal = test_next(&rng), seed = test_next(&rng);
            int policy = (i & 1) ? GR_PLAYOUT_GREEDY : GR_PLAYOUT_RANDOM;
            REQUIRE_RC(gr_game_redeal(a, deal, (int)(i & 1)), GR_OK);
            REQUIRE_RC(gr_game_redeal(b, deal, (int)(i & 1)), GR_OK);
            gr_hand_result ra, rb;
            int rca = gr_game_playout(a, policy, seed, &ra);
            int rcb = gr_game_playout(b, policy | GR_PLAYOUT_PORTABLE, seed, &rb);
            REQUIRE(rca == rcb);
            REQUIRE(gr_game_history(a, NULL, 0) == gr_game_history(b, NULL, 0));
            char *ta = test_save(a), *tb = test_save(b);
            REQUIRE(strcmp(ta, tb) == 0);
            free(ta);
            free(tb);
        }
        gr_game_free(a);
        gr_game_free(b);
        gr_rules_free(rules);
    }
}
END_TEST

/* GR_PLAYOUT_RANDOM draws from the pile or the stock by a fair coin: about
 * half of the draws take the pile (a little less: after the upcard is
 * passed by both, G9, the first draw must be the stock), and one draw
 * says nothing of the next (the coins are not reused). */
START_TEST(test_playout_random_draws_fair)
{
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    gr_game *g = NULL;
    REQUIRE_RC(gr_game_new(&g, rules, 1, 0), GR_OK);
    long hands = test_count(2000), draws = 0, pile = 0, pairs = 0, same = 0;
    gr_move hist[GR_MAX_HAND_MOVES];
    for (long i = 0; i < hands; i++) {
        REQUIRE_RC(gr_game_redeal(g, 0x5eed + (uint64_t)i, (int)(i & 1)), GR_OK);
        REQUIRE_RC(gr_game_playout(g, GR_PLAYOUT_RANDOM, (uint64_t)i, NULL), GR_OK);
        int n = gr_game_history(g, hist, GR_MAX_HAND_MOVES), last = -1;
        for (int k = 0; k < n; k++) {
            if (hist[k].type != GR_MOVE_DRAW_DISCARD && hist[k].type != GR_MOVE_DRAW_STOCK)
                continue;
            draws++;
            pile += hist[k].type == GR_MOVE_DRAW_DISCARD;
            if (last >= 0) {
                pairs++;
                same += hist[k].type == last;
            }
            last = hist[k].type;
        }
    }
    double share = (double)pile / (double)draws, repeat = (double)same / (double)pairs;
    ck_assert_msg(share > 0.46 && share < 0.53, "pile draws %.3f of %ld", share, draws);
    ck_assert_msg(repeat > 0.46 && repeat < 0.54, "a draw like the last %.3f", repeat);
    gr_game_free(g);
    gr_rules_free(rules);
}
END_TEST

/* gr_game_redeal deals exactly what gr_game_new deals, also into a game
 * whose history grew onto the heap */
START_TEST(test_G7_redeal_same_as_new)
{
    test_rng rng = { 0x9149 };
    long cases = test_count(500);
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_NOVELTY), GR_OK);
    gr_game *g = NULL;
    REQUIRE_RC(gr_game_new(&g, rules, 7, 0), GR_OK);
    for (long i = 0; i < cases; i++) {
        uint64_t seed = test_next(&rng);
        int dealer = test_below(&rng, 2);
        gr_game *fresh = NULL;
        REQUIRE_RC(gr_game_new(&fresh, rules, seed, dealer), GR_OK);
        REQUIRE_RC(gr_game_redeal(g, seed, dealer), GR_OK);
        char *ta = test_save(g), *tb = test_save(fresh);
        REQUIRE(strcmp(ta, tb) == 0);
        REQUIRE(gr_game_history(g, NULL, 0) == 0);
        free(ta);
        free(tb);
        gr_game_free(fresh);
        /* long random hands (turnovers) grow the history past the inline block */
        int rc = gr_game_playout(g, GR_PLAYOUT_RANDOM, seed, NULL);
        REQUIRE(rc == GR_OK || rc == GR_ESTATE);
    }
    gr_game_free(g);
    gr_rules_free(rules);
}
END_TEST

START_TEST(test_playout_bad_input)
{
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    gr_game *g = NULL;
    REQUIRE_RC(gr_game_new(&g, rules, 3, 0), GR_OK);
    gr_legal_masks m;
    gr_hand_result r;
    REQUIRE_RC(gr_game_legal_masks(NULL, &m), GR_EINVAL);
    REQUIRE_RC(gr_game_legal_masks(g, NULL), GR_EINVAL);
    REQUIRE_RC(gr_game_redeal(NULL, 1, 0), GR_EINVAL);
    REQUIRE_RC(gr_game_redeal(g, 1, 2), GR_EINVAL);
    REQUIRE_RC(gr_game_redeal(g, 1, -1), GR_EINVAL);
    REQUIRE_RC(gr_game_playout(NULL, GR_PLAYOUT_RANDOM, 1, &r), GR_EINVAL);
    char *before = test_save(g);
    REQUIRE_RC(gr_game_playout(g, 0, 1, &r), GR_EINVAL);
    REQUIRE_RC(gr_game_playout(g, 3, 1, &r), GR_EINVAL);
    REQUIRE_RC(gr_game_playout(g, GR_PLAYOUT_PORTABLE, 1, &r), GR_EINVAL);
    char *after = test_save(g);
    ck_assert_str_eq(before, after);
    /* a finished hand: the masks are empty, a playout just gives the result */
    REQUIRE_RC(gr_game_playout(g, GR_PLAYOUT_RANDOM, 1, &r), GR_OK);
    REQUIRE_RC(gr_game_legal_masks(g, &m), GR_OK);
    ck_assert_uint_eq(m.types, 0);
    gr_hand_result r2;
    REQUIRE_RC(gr_game_playout(g, GR_PLAYOUT_GREEDY, 2, &r2), GR_OK);
    ck_assert(memcmp(&r, &r2, sizeof r) == 0);
    REQUIRE_RC(gr_game_playout(g, GR_PLAYOUT_GREEDY, 2, NULL), GR_OK);
    free(before);
    free(after);
    gr_game_free(g);
    gr_rules_free(rules);
}
END_TEST

/* the portable popcount (kept for CPUs without POPCNT) against a loop */
START_TEST(test_popcount_portable)
{
    test_rng rng = { 0x9150 };
    long cases = test_count(200000);
    for (long i = 0; i < cases; i++) {
        gr_cards c = test_next(&rng);
        if (i & 1)
            c &= test_next(&rng);
        if (i % 7 == 0)
            c = (i & 8) ? 0 : ~(gr_cards)0;
        int n = 0;
        for (gr_cards x = c; x; x &= x - 1)
            n++;
        REQUIRE(gr__popcount_soft(c) == n);
        REQUIRE(gr__popcount(c) == n);
        gr_cards valid = c & GR_ALL_CARDS;
        REQUIRE(GR__POINTS_WITH(gr__popcount_soft, valid) == gr_cards_points(valid));
    }
}
END_TEST

/* ---- gr_game_step ----------------------------------------------------------- */

/* The two masks hold the same moves, field by field (no padding compared),
 * the reserved space zero. */
static void require_same_masks(const gr_legal_masks *a, const gr_legal_masks *b)
{
    REQUIRE(a->types == b->types);
    REQUIRE(a->top == b->top);
    REQUIRE(a->discard == b->discard);
    REQUIRE(a->knock == b->knock);
    REQUIRE(a->gin == b->gin);
    for (int k = 0; k < 8; k++)
        REQUIRE(a->reserved[k] == 0 && b->reserved[k] == 0);
}

/* The bytes of [from, to) of two games are the same */
static bool same_bytes(const gr_game *a, const gr_game *b, size_t from, size_t to)
{
    return memcmp((const char *)a + from, (const char *)b + from, to - from) == 0;
}

/* Two games in the same state, byte for byte: everything the deal resets
 * but the result (the fields a move writes one by one: no padding copied
 * from elsewhere, nothing left undefined), the moves played, the last
 * reason and the result. */
static void require_same_game(const gr_game *a, const gr_game *b)
{
    REQUIRE(same_bytes(a, b, offsetof(gr_game, deck), offsetof(gr_game, result)));
    REQUIRE(same_bytes(a, b, offsetof(gr_game, last_reason), offsetof(gr_game, nhistory)));
    REQUIRE(a->nhistory == b->nhistory);
    REQUIRE(memcmp(a->history, b->history, (size_t)a->nhistory * sizeof *a->history) == 0);
    REQUIRE(a->last_reason == b->last_reason);
    REQUIRE(gr_game_last_reason(a) == gr_game_last_reason(b));
    gr_hand_result ra, rb;
    int rca = gr_game_result(a, &ra), rcb = gr_game_result(b, &rb);
    REQUIRE(rca == rcb);
    if (rca == GR_OK)
        REQUIRE(ra.outcome == rb.outcome && ra.winner == rb.winner && ra.points == rb.points
                && ra.knocker == rb.knocker && ra.knocker_deadwood == rb.knocker_deadwood
                && ra.defender_deadwood == rb.defender_deadwood);
}

/* A refused step changes nothing but the reason, byte for byte, and does
 * not write *next. */
static void require_step_refused(gr_game *g, gr_move m, int want)
{
    gr_game *before = malloc(sizeof *before);
    REQUIRE(before != NULL);
    memcpy(before, g, sizeof *g);
    gr_legal_masks next, sentinel;
    memset(&next, 0xA5, sizeof next);
    memcpy(&sentinel, &next, sizeof next);
    int rc = gr_game_step(g, m, &next);
    if (want != 0)
        REQUIRE(rc == want);
    REQUIRE(rc < 0);
    REQUIRE(memcmp(&next, &sentinel, sizeof next) == 0);
    REQUIRE(gr_game_last_reason(g) != GR_REASON_NONE || rc == GR_EINVAL);
    before->last_reason = g->last_reason;
    require_same_game(before, g);
    REQUIRE(before->history == g->history && before->caphistory == g->caphistory);
    free(before);
}

/* Random play on three games dealt alike: a through gr_game_play and
 * gr_game_legal_masks, b through gr_game_step, c through gr_game_step
 * with no masks; illegal moves, moves with a reserved byte set and a
 * knock or gin now and then on the way (every preset: the upcard, the
 * wall of G38, big gin, turnovers and histories past the inline block). */
START_TEST(test_step_exact_vs_play_and_masks)
{
    test_rng rng = { 0x9151 };
    long cases = test_count(400);
    for (int p = 0; p < NPRESETS; p++) {
        gr_rules *rules = preset_rules(p);
        gr_game *a = NULL, *b = NULL, *c = NULL;
        REQUIRE_RC(gr_game_new(&a, rules, 1, 0), GR_OK);
        REQUIRE_RC(gr_game_new(&b, rules, 1, 0), GR_OK);
        REQUIRE_RC(gr_game_new(&c, rules, 1, 0), GR_OK);
        for (long i = 0; i < cases; i++) {
            uint64_t deal = test_next(&rng);
            int dealer = (int)(i & 1);
            REQUIRE_RC(gr_game_redeal(a, deal, dealer), GR_OK);
            REQUIRE_RC(gr_game_redeal(b, deal, dealer), GR_OK);
            REQUIRE_RC(gr_game_redeal(c, deal, dealer), GR_OK);
            /* hands that rarely knock, to reach the stock's end */
            int end_rate = test_below(&rng, 4) == 0 ? 1 : 8;
            gr_legal_masks ma, mb;
            REQUIRE_RC(gr_game_legal_masks(b, &mb), GR_OK);
            for (int step = 0; step < 2 * GR_MAX_HAND_MOVES; step++) {
                REQUIRE_RC(gr_game_legal_masks(a, &ma), GR_OK);
                require_same_masks(&ma, &mb);
                gr_move list[GR_MAX_MOVES];
                int n = gr_game_legal_moves(a, list, GR_MAX_MOVES);
                gr_move m;
                int roll = test_below(&rng, 16);
                if (n == 0 || roll == 0) {   /* anything: mostly refused */
                    m = (gr_move){ .type = test_below(&rng, 11) - 1,
                                   .card = (gr_card)test_below(&rng, 60) };
                } else {
                    m = list[test_below(&rng, n)];
                    if (m.type >= GR_MOVE_KNOCK && test_below(&rng, end_rate) != 0)
                        m = list[0];   /* play on (a draw or a discard) */
                    if (roll == 1)
                        m.reserved[test_below(&rng, 3)] = (uint8_t)(1 + test_below(&rng, 255));
                }
                int rca = gr_game_play(a, m);
                if (rca != GR_OK)
                    require_step_refused(b, m, rca);
                else
                    REQUIRE_RC(gr_game_step(b, m, &mb), GR_OK);
                REQUIRE_RC(gr_game_step(c, m, NULL), rca);
                require_same_game(a, b);
                require_same_game(a, c);
                if (n == 0 && rca != GR_OK)
                    break;
            }
            REQUIRE(gr_game_phase(a) == GR_PHASE_OVER);
        }
        gr_game_free(a);
        gr_game_free(b);
        gr_game_free(c);
        gr_rules_free(rules);
    }
}
END_TEST

START_TEST(test_step_bad_input)
{
    gr_rules *rules = NULL;
    REQUIRE_RC(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    gr_game *g = NULL;
    REQUIRE_RC(gr_game_new(&g, rules, 3, 0), GR_OK);
    gr_legal_masks m;
    gr_move pass = { .type = GR_MOVE_PASS, .card = GR_NO_CARD };
    REQUIRE_RC(gr_game_step(NULL, pass, &m), GR_EINVAL);
    REQUIRE_RC(gr_game_step(NULL, pass, NULL), GR_EINVAL);
    /* refused: a bad type, a bad card, a move of another phase, not legal
     * here, a reserved byte set; nothing written */
    require_step_refused(g, (gr_move){ .type = 99 }, GR_EINVAL);
    require_step_refused(g, (gr_move){ .type = -1 }, GR_EINVAL);
    require_step_refused(g, (gr_move){ .type = GR_MOVE_DISCARD, .card = 77 }, GR_EINVAL);
    require_step_refused(g, (gr_move){ .type = GR_MOVE_DRAW_STOCK, .card = GR_NO_CARD },
                         GR_ESTATE);
    gr_move dirty = pass;
    dirty.reserved[2] = 1;
    require_step_refused(g, dirty, GR_EINVAL);
    /* the upcard refused twice: the non-dealer draws from the stock (G9) */
    REQUIRE_RC(gr_game_step(g, pass, &m), GR_OK);
    ck_assert_uint_eq(m.types, 1u << GR_MOVE_TAKE_UPCARD | 1u << GR_MOVE_PASS);
    REQUIRE_RC(gr_game_step(g, pass, &m), GR_OK);
    ck_assert_uint_eq(m.types, 1u << GR_MOVE_DRAW_STOCK);
    require_step_refused(g, (gr_move){ .type = GR_MOVE_DRAW_DISCARD, .card = m.top },
                         GR_EILLEGAL);
    REQUIRE_RC(gr_game_step(g, (gr_move){ .type = GR_MOVE_DRAW_STOCK, .card = GR_NO_CARD },
                            &m), GR_OK);
    ck_assert(m.types & (1u << GR_MOVE_DISCARD));
    /* G11 does not apply after a stock draw: all 11 may be discarded */
    gr_cards hand;
    REQUIRE_RC(gr_game_hand(g, gr_game_turn(g), &hand), GR_OK);
    ck_assert(m.discard == hand);
    gr_card out = (gr_card)__builtin_ctzll(~hand & GR_ALL_CARDS);
    require_step_refused(g, (gr_move){ .type = GR_MOVE_DISCARD, .card = out }, GR_EILLEGAL);
    /* the masks may be the ones the move was chosen from */
    gr_card d = (gr_card)__builtin_ctzll(m.discard);
    REQUIRE_RC(gr_game_step(g, (gr_move){ .type = GR_MOVE_DISCARD, .card = d }, &m), GR_OK);
    ck_assert_uint_eq(m.types, 1u << GR_MOVE_DRAW_STOCK | 1u << GR_MOVE_DRAW_DISCARD);
    ck_assert_uint_eq(m.top, d);
    /* over: empty masks, every move refused */
    REQUIRE_RC(gr_game_playout(g, GR_PLAYOUT_RANDOM, 5, NULL), GR_OK);
    require_step_refused(g, pass, GR_ESTATE);
    REQUIRE_RC(gr_game_legal_masks(g, &m), GR_OK);
    ck_assert_uint_eq(m.types, 0);
    gr_game_free(g);
    gr_rules_free(rules);
}
END_TEST

static Suite *playout_suite(void)
{
    Suite *s = suite_create("playout");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_playout_bad_input);
    tcase_add_test(tc, test_popcount_portable);
    tcase_add_test(tc, test_step_bad_input);
    suite_add_tcase(s, tc);
    tc = tcase_create("exact");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_playout_exact_vs_api);
    tcase_add_test(tc, test_playout_portable_same_moves);
    tcase_add_test(tc, test_G7_redeal_same_as_new);
    tcase_add_test(tc, test_playout_random_draws_fair);
    tcase_add_test(tc, test_step_exact_vs_play_and_masks);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(playout_suite());
}
