/*
 * fuzz_views.c: libFuzzer target feeding crafted views to every function
 * that takes one, Gin and Rummy, bots and advice alike.
 *
 * The input deals a hand of Gin (the first byte's low bit 0) or Rummy (1)
 * under rules it picks, plays some legal moves, takes a player's view and
 * then changes fields of it with the following bytes (seats, phase, turn,
 * counts, hands, the pile, the legal moves, the table, reserved space):
 * any value, often a nearby one.  Every function taking the view must
 * then either refuse it with GR_EINVAL, writing nothing, or answer within
 * what the view offers: a Gin function refuses exactly the views
 * gr_view_check refuses and a bot's move is one of the view's legal moves;
 * a Rummy bot refuses exactly the views gr_rummy_view_legal_moves refuses
 * and its move is one of those moves, whose text reads back; the move
 * text functions answer any view; no function writes into the view;
 * nothing crashes, overflows or leaks (ASan, UBSan, LSan).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>

#include "fuzz.h"

/* a new value for an int field: near the old one, a small one, or any */
static int value(reader *r, int old)
{
    uint8_t how = byte(r);
    switch (how % 4) {
    case 0: /* wraps at INT_MAX as case 2's values do (no signed overflow) */
        return (int)(uint32_t)((uint32_t)old + (uint32_t)((int8_t)byte(r) % 3));
    case 1: return (int8_t)byte(r);
    case 2: return (int)(uint32_t)quad(r);
    default: return old ^ (1 << (byte(r) % 31));
    }
}

/* a card field: a card, the "no card", or anything */
static gr_card card(reader *r)
{
    uint8_t b = byte(r);
    return b < 200 ? (gr_card)(b % 54) : (gr_card)b;
}

/* ---- Gin ------------------------------------------------------------------- */

static void gin_mutate(reader *r, gr_view *v)
{
    int n = byte(r) % 6;
    for (int i = 0; i < n && more(r); i++) {
        uint8_t f = byte(r);
        switch (f % 14) {
        case 0: v->player = value(r, v->player); break;
        case 1: v->phase = value(r, v->phase); break;
        case 2: v->turn = value(r, v->turn); break;
        case 3: v->dealer = value(r, v->dealer); break;
        case 4: v->hand ^= (gr_cards)1 << (byte(r) % 64); break;
        case 5: v->opponent_known ^= (gr_cards)1 << (byte(r) % 64); break;
        case 6: v->opponent_count = value(r, v->opponent_count); break;
        case 7: v->stock_size = value(r, v->stock_size); break;
        case 8: v->ndiscards = value(r, v->ndiscards); break;
        case 9: v->discards[byte(r) % GR_NCARDS] = card(r); break;
        case 10: v->knock_limit = value(r, v->knock_limit); break;
        case 11: v->nlegal = value(r, v->nlegal); break;
        case 12: {
            gr_move *m = &v->legal[byte(r) % GR_MAX_MOVES];
            if (byte(r) & 1)
                m->type = value(r, m->type);
            else
                m->card = card(r);
            break;
        }
        default: v->reserved[byte(r) % 16] = value(r, 0); break;
        }
    }
}

static int move_listed(const gr_view *v, gr_move m)
{
    for (int i = 0; i < v->nlegal && i < GR_MAX_MOVES; i++)
        if (v->legal[i].type == m.type && v->legal[i].card == m.card)
            return 1;
    return 0;
}

static void gin(reader *r)
{
    gr_rules *rules;
    CHECK(gr_rules_new(&rules, byte(r) % GR_PRESET_COUNT) == GR_OK);
    gr_game *g;
    uint64_t seed = quad(r);
    int dealer = byte(r) & 1;
    CHECK(gr_game_new(&g, rules, seed, dealer) == GR_OK);
    int steps = byte(r);
    for (int i = 0; i < steps && gr_game_phase(g) != GR_PHASE_OVER; i++) {
        gr_move legal[GR_MAX_MOVES];
        int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
        CHECK(n > 0);
        CHECK(gr_game_play(g, legal[byte(r) % n]) == GR_OK);
    }
    gr_view v;
    CHECK(gr_game_view(g, byte(r) & 1, &v) == GR_OK);
    gin_mutate(r, &v);
    gr_view keep = v;
    int reason = -1;
    int ok = gr_view_check(&v, &reason) == GR_OK;
    CHECK(ok == (reason == GR_REASON_NONE));

    gr_cards unseen = 0x5A5A;
    int rc = gr_view_unseen(&v, &unseen);
    CHECK(ok ? rc == GR_OK : rc == GR_EINVAL && unseen == 0x5A5A);
    gr_take_advice ta, ta0;
    memset(&ta, 0x5A, sizeof ta);
    ta0 = ta;
    rc = gr_view_advise_take(&v, &ta);
    CHECK(ok ? rc == GR_OK || rc == GR_ESTATE
             : rc == GR_EINVAL && memcmp(&ta, &ta0, sizeof ta) == 0);

    for (int kind = GR_BOT_RANDOM; kind <= GR_BOT_EXPERT; kind++) {
        gr_bot *b;
        CHECK(gr_bot_new(&b, kind, 11) == GR_OK);
        CHECK(gr_bot_set_rules(b, rules) == GR_OK);
        CHECK(gr_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 4) == GR_OK);
        gr_move m;
        memset(&m, 0, sizeof m);
        m.type = 0x5A;
        m.card = 0x5A;
        rc = gr_bot_choose(b, &v, &m);
        if (!ok)
            CHECK(rc == GR_EINVAL && m.type == 0x5A && m.card == 0x5A);
        else if (rc == GR_OK)
            CHECK(move_listed(&v, m));
        else
            CHECK(rc == GR_ESTATE && v.nlegal == 0);
        rc = gr_bot_observe(b, &v, v.nlegal > 0 ? v.legal[0] : m);
        CHECK(ok || rc == GR_EINVAL);
        gr_arrangement a, a0;
        memset(&a, 0x5A, sizeof a);
        a0 = a;
        rc = gr_bot_arrange(b, &v, card(r), &a);
        CHECK(ok || (rc == GR_EINVAL && memcmp(&a, &a0, sizeof a) == 0));
        gr_bot_free(b);
    }
    CHECK(memcmp(&v, &keep, sizeof v) == 0);   /* nobody wrote into it */
    gr_game_free(g);
    gr_rules_free(rules);
}

/* ---- Rummy ----------------------------------------------------------------- */

static void rummy_mutate(reader *r, gr_rummy_view *v)
{
    int n = byte(r) % 6;
    for (int i = 0; i < n && more(r); i++) {
        uint8_t f = byte(r);
        int at = byte(r);
        switch (f % 18) {
        case 0: v->player = value(r, v->player); break;
        case 1: v->nplayers = value(r, v->nplayers); break;
        case 2: v->dealer = value(r, v->dealer); break;
        case 3: v->turn = value(r, v->turn); break;
        case 4: v->phase = value(r, v->phase); break;
        case 5: v->ace_high = value(r, v->ace_high); break;
        case 6: v->hand.once ^= (gr_cards)1 << (at % 64); break;
        case 7: v->hand.twice ^= (gr_cards)1 << (at % 64); break;
        case 8: v->hand.jokers = value(r, v->hand.jokers); break;
        case 9: v->taken = card(r); break;
        case 10: v->counts[at % GR_RUMMY_MAX_PLAYERS] = value(r, 0); break;
        case 11: {
            gr_rummy_hand *k = &v->known[at % GR_RUMMY_MAX_PLAYERS];
            k->once ^= (gr_cards)1 << (byte(r) % 64);
            k->jokers = byte(r) & 1 ? k->jokers : value(r, k->jokers);
            break;
        }
        case 12: v->nmelds = value(r, v->nmelds); break;
        case 13: {
            gr_rummy_meld *m = &v->melds[at % GR_RUMMY_MAX_MELDS];
            if (byte(r) & 1)
                m->cards ^= (gr_cards)1 << (byte(r) % 64);
            else
                m->jokers ^= (gr_cards)1 << (byte(r) % 64);
            break;
        }
        case 14: v->owner[at % GR_RUMMY_MAX_MELDS] = value(r, 0); break;
        case 15: v->stock_size = value(r, v->stock_size); break;
        case 16: v->ndiscards = value(r, v->ndiscards); break;
        default:
            if (at & 1)
                v->discards[at % GR_RUMMY_MAX_CARDS] = card(r);
            else
                v->reserved[at % 16] = value(r, 0);
            break;
        }
    }
}

static int same_action(const gr_rummy_action *a, const gr_rummy_action *b)
{
    return a->type == b->type && a->card == b->card && a->named == b->named
        && a->target == b->target && a->meld.cards == b->meld.cards
        && a->meld.jokers == b->meld.jokers;
}

static void rummy(reader *r)
{
    gr_rummy_rules *rules;
    CHECK(gr_rummy_rules_new(&rules, GR_RUMMY_PRESET_PARLETT) == GR_OK);
    int players = 2 + byte(r) % 6;
    CHECK(gr_rummy_rules_set(rules, GR_RUMMY_OPT_PLAYERS, players) == GR_OK);
    CHECK(gr_rummy_rules_set(rules, GR_RUMMY_OPT_JOKERS, byte(r) % 5) == GR_OK);
    CHECK(gr_rummy_rules_set(rules, GR_RUMMY_OPT_ACE_HIGH, byte(r) & 1) == GR_OK);
    CHECK(gr_rummy_rules_set(rules, GR_RUMMY_OPT_TURNOVER_LIMIT, 2) == GR_OK);
    gr_rummy_game *g;
    uint64_t seed = quad(r);            /* read one after the other: the */
    int dealer = byte(r) % players;     /* order of arguments is unspecified */
    CHECK(gr_rummy_game_new(&g, rules, seed, dealer) == GR_OK);
    int steps = byte(r);
    gr_rummy_action *list = malloc(sizeof *list * 4096);
    CHECK(list);
    for (int i = 0; i < steps && gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER; i++) {
        int n = gr_rummy_game_legal_moves(g, list, 4096);
        CHECK(n > 0 && n <= 4096);
        CHECK(gr_rummy_game_play(g, &list[byte(r) % n]) == GR_OK);
    }
    gr_rummy_view v;
    CHECK(gr_rummy_game_view(g, byte(r) % players, &v) == GR_OK);
    rummy_mutate(r, &v);
    gr_rummy_view keep = v;
    int n = gr_rummy_view_legal_moves(&v, list, 4096);
    int ok = n >= 0;
    CHECK(ok || n == GR_EINVAL);
    CHECK(n <= 4096);
    for (int kind = GR_BOT_RANDOM; kind <= GR_BOT_EXPERT; kind++) {
        gr_rummy_bot *b;
        CHECK(gr_rummy_bot_new(&b, kind, 5) == GR_OK);
        if (kind == GR_BOT_EXPERT) {
            CHECK(gr_rummy_bot_set_rules(b, rules) == GR_OK);
            CHECK(gr_rummy_bot_set_param(b, GR_BOT_PARAM_PLAYOUTS, 4) == GR_OK);
        }
        gr_rummy_action a, a0;
        memset(&a, 0x5A, sizeof a);
        a0 = a;
        int rc = gr_rummy_bot_choose(b, &v, &a);
        if (!ok) {
            CHECK(rc == GR_EINVAL && memcmp(&a, &a0, sizeof a) == 0);
        } else if (rc == GR_OK) {
            int found = 0;
            for (int i = 0; i < n && !found; i++)
                found = same_action(&list[i], &a);
            CHECK(found);
        } else {
            CHECK(rc == GR_ESTATE && n == 0);
        }
        gr_rummy_bot_free(b);
    }
    /* the move text of the view: each listed move written and read back */
    for (int i = 0; ok && i < n && i < 8; i++) {
        char text[256];
        int len = gr_rummy_view_move_format(&list[i], &v, text, sizeof text);
        CHECK(len > 0 && len < (int)sizeof text);
        gr_rummy_action back;
        CHECK(gr_rummy_view_move_parse(text, &v, &back, NULL) == GR_OK);
    }
    /* move text against any view: an answer, never a crash */
    gr_rummy_action back;
    gr_cards faces;
    (void)gr_rummy_view_move_parse("MELD 3C 4C JK", &v, &back, NULL);
    (void)gr_rummy_view_move_parse("LAYOFF JK=5H 0", &v, &back, NULL);
    (void)gr_rummy_move_joker_faces("MELD 3C JK JK", &v, &faces);
    if (!ok) {
        char text[256];
        (void)gr_rummy_view_move_format(&back, &v, text, sizeof text);
    }
    /* turn text: "out" refused or expanded into moves that write and read
     * back; a turn of several moves: an answer, never a crash */
    {
        static gr_rummy_action turn[256], again[256];
        static char text[8192];
        int tn = gr_rummy_view_turn_parse("out", &v, turn, 256, NULL);
        CHECK(ok ? tn != GR_EINVAL : tn == GR_EINVAL);
        if (tn > 0 && tn <= 256) {
            int len = gr_rummy_view_turn_format(turn, (size_t)tn, &v, text, sizeof text);
            CHECK(len > 0 && len < (int)sizeof text);
            CHECK(gr_rummy_view_turn_parse(text, &v, again, 256, NULL) == tn);
            CHECK(memcmp(turn, again, sizeof turn[0] * (size_t)tn) == 0);
        }
        (void)gr_rummy_view_turn_parse("take, meld 3C 4C JK, layoff JK=5H 1, swap 5H 1, "
                                       "discard 9C, draw", &v, turn, 256, NULL);
        if (ok && n > 0)
            (void)gr_rummy_view_turn_format(list, (size_t)(n < 3 ? n : 3), &v, text,
                                            sizeof text);
    }
    CHECK(memcmp(&v, &keep, sizeof v) == 0);
    free(list);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(rules);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader rd = { data, size, 0 };
    if (byte(&rd) & 1)
        rummy(&rd);
    else
        gin(&rd);
    return 0;
}
