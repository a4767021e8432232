/*
 * fuzz_rummy.c: libFuzzer target driving the basic Rummy API.
 *
 * The input is read as a program: the first bytes choose the rules (some
 * out of range), then each byte picks a call on the game, a clone, a view,
 * a bot, save/load or a match, and the next bytes its arguments, valid or
 * not (often a legal move, sometimes a mangled one).  After every call the
 * invariants are checked: every card accounted for, a refused move changes
 * nothing, a listed move is accepted, views give the game's legal moves,
 * save/load round trips, and nothing crashes or leaks (ASan/LSan).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>

#include "fuzz.h"

static char *save(const gr_rummy_game *g)
{
    int n = gr_rummy_game_save(g, NULL, 0);
    CHECK(n > 0);
    char *t = malloc((size_t)n + 1);
    CHECK(t);
    CHECK(gr_rummy_game_save(g, t, (size_t)n + 1) == n);
    return t;
}

static void accounting(const gr_rummy_game *g, int decks, int jokers)
{
    int count[53] = { 0 };
    int n = gr_rummy_game_players(g);
    for (int p = 0; p < n; p++) {
        gr_rummy_hand h;
        CHECK(gr_rummy_game_hand(g, p, &h) == GR_OK);
        for (int c = 0; c < 52; c++)
            count[c] += gr_rummy_hand_holds(&h, (gr_card)c);
        count[52] += h.jokers;
    }
    gr_rummy_meld m[GR_RUMMY_MAX_MELDS];
    int nm = gr_rummy_game_melds(g, m, GR_RUMMY_MAX_MELDS);
    for (int i = 0; i < nm; i++) {
        for (int c = 0; c < 52; c++)
            count[c] += (int)(((m[i].cards & ~m[i].jokers) >> c) & 1);
        count[52] += __builtin_popcountll(m[i].jokers);
    }
    gr_card cards[GR_RUMMY_MAX_CARDS];
    int k = gr_rummy_game_discards(g, cards, GR_RUMMY_MAX_CARDS);
    for (int i = 0; i < k; i++)
        count[cards[i]]++;
    k = gr_rummy_game_stock(g, cards, GR_RUMMY_MAX_CARDS);
    for (int i = 0; i < k; i++)
        count[cards[i]]++;
    for (int c = 0; c < 52; c++)
        CHECK(count[c] == decks);
    CHECK(count[52] == decks * jokers);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader rd = { data, size, 0 };
    gr_rummy_rules *r;
    CHECK(gr_rummy_rules_new(&r, GR_RUMMY_PRESET_PARLETT) == GR_OK);
    for (int i = 0; i < 4; i++) {
        int opt = byte(&rd) % (GR_RUMMY_OPT_COUNT + 1);
        int val = (int8_t)byte(&rd);
        int before;
        gr_rummy_rules_get(r, opt % GR_RUMMY_OPT_COUNT, &before);
        if (gr_rummy_rules_set(r, opt, val) != GR_OK) {
            int after;
            gr_rummy_rules_get(r, opt % GR_RUMMY_OPT_COUNT, &after);
            CHECK(after == before);
        }
    }
    int decks, jokers, n;
    CHECK(gr_rummy_rules_deal(r, &decks, NULL, NULL) == GR_OK);
    gr_rummy_rules_get(r, GR_RUMMY_OPT_JOKERS, &jokers);
    gr_rummy_rules_get(r, GR_RUMMY_OPT_PLAYERS, &n);
    gr_rummy_rules_set(r, GR_RUMMY_OPT_TURNOVER_LIMIT, 2);
    gr_rummy_game *g;
    int dealer = byte(&rd) % 8;
    int rc = gr_rummy_game_new(&g, r, quad(&rd), dealer);
    if (dealer >= n) {
        CHECK(rc == GR_EINVAL);
        gr_rummy_rules_free(r);
        return 0;
    }
    CHECK(rc == GR_OK);
    gr_rummy_bot *bot;
    CHECK(gr_rummy_bot_new(&bot, 1 + byte(&rd) % 2, 7) == GR_OK);
    gr_rummy_action *legal = NULL;
    int steps = 0;
    while (more(&rd) && steps++ < 4000) {
        accounting(g, decks, jokers);
        int nl = gr_rummy_game_legal_moves(g, NULL, 0);
        CHECK(nl >= 0);
        free(legal);
        legal = malloc(sizeof *legal * (size_t)(nl + 1));
        CHECK(legal);
        CHECK(gr_rummy_game_legal_moves(g, legal, (size_t)nl) == nl);
        CHECK(nl > 0 || gr_rummy_game_phase(g) == GR_RUMMY_PHASE_OVER);
        uint8_t op = byte(&rd);
        switch (op % 8) {
        case 0: case 1: case 2: {   /* a legal move */
            if (nl == 0)
                break;
            CHECK(gr_rummy_game_play(g, &legal[byte(&rd) % nl]) == GR_OK);
            break;
        }
        case 3: {   /* a mangled move: refused changes nothing */
            gr_rummy_action a;
            if (nl)
                a = legal[byte(&rd) % nl];
            else
                memset(&a, 0, sizeof a);
            int what = byte(&rd);
            switch (what % 6) {
            case 0: a.type = (int8_t)byte(&rd); break;
            case 1: a.card = byte(&rd); break;
            case 2: a.named = byte(&rd); break;
            case 3: a.target = (int8_t)byte(&rd); break;
            case 4: a.meld.cards ^= quad(&rd); a.meld.jokers ^= quad(&rd); break;
            default: a.reserved[byte(&rd) % 4] = byte(&rd); break;
            }
            char *before = save(g);
            int k = gr_rummy_game_play(g, &a);
            if (k != GR_OK) {
                char *after = save(g);
                CHECK(strcmp(before, after) == 0);
                free(after);
            }
            free(before);
            break;
        }
        case 4: {   /* the view: its legal moves are the game's */
            int p = byte(&rd) % 8;
            gr_rummy_view v;
            if (gr_rummy_game_view(g, p, &v) != GR_OK) {
                CHECK(p >= n);
                break;
            }
            int vn = gr_rummy_view_legal_moves(&v, NULL, 0);
            CHECK(vn == (p == gr_rummy_game_turn(g) ? nl : 0));
            gr_rummy_action a;
            int k = gr_rummy_bot_choose(bot, &v, &a);
            if (vn > 0) {
                CHECK(k == GR_OK);
                CHECK(gr_rummy_game_play(g, &a) == GR_OK);
            } else {
                CHECK(k == GR_ESTATE);
            }
            break;
        }
        case 5: {   /* clone and save/load */
            gr_rummy_game *c, *l;
            CHECK(gr_rummy_game_clone(&c, g) == GR_OK);
            char *t = save(c);
            CHECK(gr_rummy_game_load(&l, t) == GR_OK);
            char *u = save(l);
            CHECK(strcmp(t, u) == 0);
            /* a damaged copy: any answer but a crash */
            size_t len = strlen(t);
            t[byte(&rd) * len / 256] = (char)byte(&rd);
            gr_rummy_game *d;
            if (gr_rummy_game_load(&d, t) == GR_OK)
                gr_rummy_game_free(d);
            free(t);
            free(u);
            gr_rummy_game_free(l);
            gr_rummy_game_free(c);
            break;
        }
        case 6: {   /* the result */
            gr_rummy_result res;
            int k = gr_rummy_game_result(g, &res);
            if (gr_rummy_game_phase(g) == GR_RUMMY_PHASE_OVER) {
                CHECK(k == GR_OK);
                gr_rummy_match *m;
                CHECK(gr_rummy_match_new(&m, r, 3) == GR_OK);
                CHECK(gr_rummy_match_record(m, &res) == GR_OK);
                gr_rummy_score sc;
                CHECK(gr_rummy_match_score(m, &sc) == GR_OK);
                if (res.winner >= 0)
                    CHECK(sc.total[res.winner] == res.score[res.winner]);
                gr_rummy_match_free(m);
                gr_rummy_game_free(g);
                CHECK(gr_rummy_game_new(&g, r, quad(&rd), byte(&rd) % n) == GR_OK);
            } else {
                CHECK(k == GR_ESTATE);
            }
            break;
        }
        default: {   /* a stacked deal from bytes: valid or refused */
            gr_card deck[GR_RUMMY_MAX_CARDS];
            size_t len = byte(&rd) % (GR_RUMMY_MAX_CARDS + 1);
            for (size_t i = 0; i < len; i++)
                deck[i] = byte(&rd) % 60;
            gr_rummy_game *s;
            if (gr_rummy_game_new_from_deck(&s, r, deck, len, 0) == GR_OK) {
                accounting(s, decks, jokers);
                gr_rummy_game_free(s);
            }
            break;
        }
        }
    }
    free(legal);
    gr_rummy_bot_free(bot);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
    return 0;
}
