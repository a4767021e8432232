/*
 * fuzz_api.c: libFuzzer target driving the stateful API.
 *
 * The input is read as a program: each byte picks a call on a rule set, a
 * game or a match, and the following bytes its arguments, valid or not.
 * After every call the invariants are checked: the 52 cards are all
 * accounted for, a refused move changes nothing, queries agree with each
 * other, and nothing crashes or leaks (ASan/LSan).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>

#include "fuzz.h"

/* long hands this input may still play: one, and only in some inputs, as
 * each may take GR_MAX_HAND_MOVES moves (some 50 ms under the sanitizers) */
static int long_hands_left;

/* a saved copy of a game, to prove a refused call changed nothing */
static char *snapshot(const gr_game *g)
{
    int n = gr_game_save(g, NULL, 0);
    CHECK(n > 0);
    char *s = malloc((size_t)n + 1);
    CHECK(s);
    CHECK(gr_game_save(g, s, (size_t)n + 1) == n);
    return s;
}

static void check_unchanged(const gr_game *g, char *before)
{
    char *after = snapshot(g);
    CHECK(strcmp(before, after) == 0);
    free(before);
    free(after);
}

static void check_game(const gr_game *g)
{
    gr_cards h0, h1;
    gr_card pile[GR_NCARDS];
    CHECK(gr_game_hand(g, 0, &h0) == GR_OK && gr_game_hand(g, 1, &h1) == GR_OK);
    int np = gr_game_discards(g, pile, GR_NCARDS);
    int stock = gr_game_stock_size(g);
    CHECK(np >= 0 && np <= GR_NCARDS && stock >= 0);
    gr_cards seen = h0 | h1;
    CHECK((h0 & h1) == 0);
    for (int i = 0; i < np; i++) {
        CHECK(pile[i] < GR_NCARDS && !(seen & GR_CARD_BIT(pile[i])));
        seen |= GR_CARD_BIT(pile[i]);
    }
    CHECK(__builtin_popcountll(seen) + stock == GR_NCARDS);

    int phase = gr_game_phase(g), turn = gr_game_turn(g);
    CHECK(phase >= GR_PHASE_UPCARD && phase <= GR_PHASE_WALL);
    CHECK(turn == 0 || turn == 1);
    gr_move moves[GR_MAX_MOVES];
    int n = gr_game_legal_moves(g, moves, GR_MAX_MOVES);
    CHECK(n >= 0 && n <= GR_MAX_MOVES);
    CHECK((phase == GR_PHASE_OVER) == (n == 0));

    gr_hand_result res;
    int rc = gr_game_result(g, &res);
    CHECK(phase == GR_PHASE_OVER ? rc == GR_OK : rc == GR_ESTATE);

    for (int p = 0; p < 2; p++) {
        gr_view v;
        CHECK(gr_game_view(g, p, &v) == GR_OK);
        CHECK(v.hand == (p ? h1 : h0));
        CHECK(v.stock_size == stock && v.ndiscards == np);
        CHECK((v.opponent_known & ~(p ? h0 : h1)) == 0);
        CHECK(v.nlegal == (turn == p ? n : 0));
    }
}

static void play_any(gr_game *g, reader *r)
{
    gr_move m = { .type = byte(r) % 10 };
    m.card = byte(r) % 64;
    if (byte(r) % 16 == 0) {
        int at = byte(r) % 3;   /* reserved bytes set: always refused */
        m.reserved[at] = byte(r);
    }
    char *before = snapshot(g);
    int rc = gr_game_play(g, m);
    CHECK(rc == GR_OK || rc == GR_EILLEGAL || rc == GR_ESTATE || rc == GR_EINVAL);
    if (m.reserved[0] | m.reserved[1] | m.reserved[2])
        CHECK(rc == GR_EINVAL);
    /* a refusal has a reason of its status, a success none */
    int why = gr_game_last_reason(g);
    CHECK(rc == GR_OK ? why == GR_REASON_NONE
                      : why != GR_REASON_NONE && gr_reason_status(why) == rc);
    if (rc == GR_OK)
        free(before);
    else
        check_unchanged(g, before);
}

static void play_legal(gr_game *g, reader *r)
{
    gr_move moves[GR_MAX_MOVES];
    int n = gr_game_legal_moves(g, moves, GR_MAX_MOVES);
    if (n > 0)
        CHECK(gr_game_play(g, moves[byte(r) % n]) == GR_OK);
}

static void knock_shown(gr_game *g, reader *r)
{
    gr_arrangement a;
    memset(&a, 0, sizeof a);
    gr_cards hand;
    CHECK(gr_game_hand(g, gr_game_turn(g), &hand) == GR_OK);
    gr_card discard = byte(r) % 64;
    int valid = discard < GR_NCARDS && byte(r) % 2;
    if (valid)
        gr_arrange(hand & ~GR_CARD_BIT(discard), &a);
    else {
        a.nmelds = byte(r) % 20 - 1;
        for (int i = 0; i < GR_MAX_MELDS; i++)
            a.melds[i] = quad(r) & hand;
        a.deadwood = quad(r);
        a.deadwood_points = byte(r);
    }
    char *before = snapshot(g);
    int rc = gr_game_knock(g, discard, byte(r) % 8 ? &a : NULL);
    if (rc == GR_OK)
        free(before);
    else
        check_unchanged(g, before);
}

static void defend_any(gr_game *g, reader *r)
{
    gr_hand_result res;
    gr_layoff d;
    if (gr_game_result(g, &res) == GR_OK && byte(r) % 2) {
        d = res.defense;          /* the optimal defense, maybe altered */
        if (byte(r) % 2)
            d.laid_off ^= GR_CARD_BIT(byte(r) % GR_NCARDS);
    } else {
        memset(&d, 0, sizeof d);
        d.defender.nmelds = byte(r) % 4;
        d.defender.melds[0] = quad(r) & GR_ALL_CARDS;
        d.laid_off = quad(r);
    }
    char *before = snapshot(g);
    int rc = gr_game_defend(g, &d);
    if (rc == GR_OK)
        free(before);
    else
        check_unchanged(g, before);
}

static void save_load(const gr_game *g)
{
    char *text = snapshot(g);
    gr_game *again = NULL;
    CHECK(gr_game_load(&again, text) == GR_OK);
    check_unchanged(again, text);
    gr_game_free(again);

    gr_game *copy = NULL;
    CHECK(gr_game_clone(&copy, g) == GR_OK);
    check_unchanged(copy, snapshot(g));
    gr_game_free(copy);
}

static void queries(const gr_game *g, reader *r)
{
    int p = (int8_t)byte(r);
    gr_cards c;
    gr_view v;
    gr_card top;
    gr_move hist[4];
    int rc = gr_game_hand(g, p, &c);
    CHECK((p == 0 || p == 1) ? rc == GR_OK : rc == GR_EINVAL);
    rc = gr_game_view(g, p, &v);
    CHECK((p == 0 || p == 1) ? rc == GR_OK : rc == GR_EINVAL);
    rc = gr_game_upcard(g, &top);
    CHECK(rc == GR_OK || rc == GR_ESTATE);
    CHECK(gr_game_history(g, hist, byte(r) % 5) >= 0);
    CHECK(gr_game_knock_limit(g) >= 0);
}

static void match_step(gr_match **m, const gr_rules *rules, reader *r)
{
    switch (byte(r) % 4) {
    case 0:
        gr_match_free(*m);
        *m = NULL;
        {
            uint64_t seed = quad(r);
            int players = 2 + byte(r) % 3;
            CHECK(gr_match_new_players(m, rules, seed, players) == GR_OK);
        }
        break;
    case 1: {
        gr_game *g = NULL;
        int t = byte(r) % 2;
        int rc = *m ? gr_match_deal_table(*m, t, &g) : GR_EINVAL;
        CHECK(rc == GR_OK || rc == GR_ESTATE || rc == GR_EINVAL);
        if (rc == GR_OK) {
            gr_table tab;
            CHECK(gr_match_table(*m, t, &tab) == GR_OK);
            CHECK(gr_game_dealer(g) == tab.dealer);
            /* a few hundred moves (long_hand plays hands to their end) */
            for (int k = 0; k < 400 && gr_game_phase(g) != GR_PHASE_OVER; k++)
                play_legal(g, r);
            gr_hand_result res;
            if (gr_game_result(g, &res) == GR_OK)
                CHECK(gr_match_record_table(*m, t, &res) == GR_OK);
        }
        gr_game_free(g);
        break;
    }
    case 2: {
        gr_hand_result res;
        memset(&res, 0, sizeof res);
        res.outcome = (int8_t)byte(r);
        res.knocker = (int8_t)byte(r);
        res.winner = (int8_t)byte(r);
        res.points = word(r);
        int t = (int8_t)byte(r) % 3;
        if (*m) {
            gr_standing before, after;
            CHECK(gr_match_standing(*m, GR_MATCH_ALL, &before) == GR_OK);
            int rc = gr_match_record_table(*m, t, &res);
            CHECK(rc == GR_OK || rc == GR_EINVAL || rc == GR_ESTATE);
            CHECK(gr_match_standing(*m, GR_MATCH_ALL, &after) == GR_OK);
            if (rc != GR_OK)
                CHECK(memcmp(&before, &after, sizeof before) == 0);
        }
        break;
    }
    default:
        if (*m) {
            gr_standing s;
            CHECK(gr_match_standing(*m, GR_MATCH_ALL, &s) == GR_OK);
            for (int i = 0; i < s.nsides; i++)
                CHECK(s.total[i] >= s.hand_points[i]);
            int d = gr_match_dealer(*m), n = gr_match_players(*m);
            CHECK(d >= 0 && d < n);
            gr_score sc;
            CHECK((gr_match_score(*m, &sc) == GR_OK) == (s.nsides == 2));
        }
        break;
    }
}

/* A long hand under the stock end the input picks (void at 2 cards,
 * turnover without a cap or with one): the players draw (from the stock,
 * or the pile when the input says so) and throw a card back, never
 * knocking, so only the stock end or the length cap can end it.  It ends
 * within GR_MAX_HAND_MOVES moves, every state on the way has a legal move
 * that is accepted, and the finished hand saves and loads. */
static void long_hand(const gr_rules *base, reader *r)
{
    gr_rules *rules = NULL;
    CHECK(gr_rules_clone(&rules, base) == GR_OK);
    int end = byte(r) % 3;
    CHECK(gr_rules_set(rules, GR_OPT_STOCK_END,
                       end ? GR_STOCK_END_TURNOVER : GR_STOCK_END_VOID) == GR_OK);
    CHECK(gr_rules_set(rules, GR_OPT_TURNOVER_LIMIT, end == 2 ? byte(r) % 101 : 0) == GR_OK);
    gr_game *g = NULL;
    uint64_t seed = quad(r);
    CHECK(gr_game_new(&g, rules, seed, byte(r) % 2) == GR_OK);
    gr_rules_free(rules);
    int pile = byte(r) % 4;   /* how often to take the top discard, of 4 */
    int moves = 0;
    while (gr_game_phase(g) != GR_PHASE_OVER) {
        gr_move legal[GR_MAX_MOVES];
        int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
        CHECK(n > 0);
        int k = 0;   /* TAKE, DRAW_STOCK, or the lowest plain discard */
        if (legal[0].type == GR_MOVE_TAKE_UPCARD)
            k = 1;   /* pass */
        else if (n == 2 && legal[1].type == GR_MOVE_DRAW_DISCARD
                 && (int)(byte(r) % 4) < pile)
            k = 1;
        else if (legal[0].type == GR_MOVE_DISCARD)
            k = byte(r) % 11 % n;
        if (legal[k].type != GR_MOVE_DISCARD && legal[0].type == GR_MOVE_DISCARD)
            k = 0;
        CHECK(gr_game_play(g, legal[k]) == GR_OK);
        CHECK(++moves <= GR_MAX_HAND_MOVES);
    }

    CHECK(gr_game_history(g, NULL, 0) == moves);
    check_game(g);
    save_load(g);
    gr_game_free(g);
}

/* the position round trip, the advice, the history views and
 * the move text on whatever game the input built */
static void positions_advice_text(const gr_game *g, const gr_rules *rules,
                                  reader *r)
{
    gr_position p;
    int rc = gr_game_position(g, &p);
    CHECK(rc == GR_OK || rc == GR_ESTATE);
    CHECK((rc == GR_ESTATE) == (gr_game_phase(g) == GR_PHASE_OVER));
    if (rc == GR_OK) {
        if (byte(r) % 4 == 0) {   /* damage it: refused, or a valid game */
            size_t at = byte(r) % sizeof p;
            ((uint8_t *)&p)[at] ^= (uint8_t)(1u << (byte(r) % 8));
        }
        gr_game *h = NULL;
        int why = -1;
        int ok = gr_position_check(rules, &p, &why);
        rc = gr_game_from_position(&h, rules, &p);
        CHECK(rc == ok && (rc == GR_OK || rc == GR_EINVAL || rc == GR_ENOMEM));
        CHECK(rc != GR_EINVAL || gr_reason_status(why) == GR_EINVAL);
        if (h) {
            check_game(h);
            gr_position q;
            CHECK(gr_game_position(h, &q) == GR_OK);
            gr_game_free(h);
        }
    }
    gr_card c;
    rc = gr_game_best_discard(g, &c);
    CHECK(rc >= 0 || rc == GR_ESTATE);
    gr_view v;
    CHECK(gr_game_view(g, gr_game_turn(g), &v) == GR_OK);
    gr_take_advice ta;
    rc = gr_view_advise_take(&v, &ta);
    CHECK(rc == GR_OK || rc == GR_ESTATE);
    gr_move hist[64], seen[64];
    int n = gr_game_history(g, hist, 64);
    CHECK(gr_game_history_view(g, byte(r) % 2, seen, 64) == n);
    for (int i = 0; i < n && i < 64; i++) {
        char text[32];
        CHECK(gr_move_format(hist[i], text, sizeof text) > 0);
        gr_move back;
        CHECK(gr_move_parse(text, NULL, &back, NULL) == GR_OK && back.card == hist[i].card);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    long_hands_left = size % 16 == 0;   /* 1 input in 16: keeps the rate up */
    gr_rules *rules = NULL;
    gr_game *game = NULL;
    gr_match *match = NULL;
    CHECK(gr_rules_new(&rules, byte(&r) % GR_PRESET_COUNT) == GR_OK);

    for (int steps = 0; more(&r) && steps < 2000; steps++) {
        switch (byte(&r) % 14) {
        case 0: {
            int opt = (int8_t)byte(&r), value = word(&r) % 1200, old = 0;
            int known = gr_rules_get(rules, opt, &old) == GR_OK;
            int rc = gr_rules_set(rules, opt, value);
            int now = 0;
            if (rc != GR_OK && known)
                CHECK(gr_rules_get(rules, opt, &now) == GR_OK && now == old);
            break;
        }
        case 1: {
            gr_game_free(game);
            game = NULL;
            uint64_t seed = quad(&r);   /* one read per argument list */
            CHECK(gr_game_new(&game, rules, seed, byte(&r) % 2) == GR_OK);
            break;
        }
        case 2: {
            gr_card deck[GR_NCARDS];
            for (int i = 0; i < GR_NCARDS; i++)
                deck[i] = (gr_card)i;
            for (int i = GR_NCARDS - 1; i > 0; i--) {   /* maybe a bad deck */
                int j = byte(&r) % (i + 1);
                gr_card t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
            if (byte(&r) % 8 == 0) {
                int at = byte(&r) % GR_NCARDS;
                deck[at] = byte(&r);
            }
            gr_game *g = NULL;
            int rc = gr_game_new_from_deck(&g, rules, deck, (int8_t)byte(&r) % 3);
            CHECK(rc == GR_OK || rc == GR_EINVAL);
            CHECK((rc == GR_OK) == (g != NULL));
            if (g) {
                gr_game_free(game);
                game = g;
            }
            break;
        }
        case 3: if (game) play_any(game, &r); break;
        case 4: case 5: case 6: if (game) play_legal(game, &r); break;
        case 7: if (game) knock_shown(game, &r); break;
        case 8: if (game) defend_any(game, &r); break;
        case 9: if (game) queries(game, &r); break;
        case 10: if (game) save_load(game); break;
        case 11: if (long_hands_left-- > 0) long_hand(rules, &r); break;
        case 12: if (game) positions_advice_text(game, rules, &r); break;
        default: match_step(&match, rules, &r); break;
        }
        if (game)
            check_game(game);
    }
    gr_game_free(game);
    gr_match_free(match);
    gr_rules_free(rules);
    return 0;
}
