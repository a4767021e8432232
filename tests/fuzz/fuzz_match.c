/*
 * fuzz_match.c: libFuzzer target for matches of 2, 3 and 4 players, plain
 * and Hollywood (G35, G40), with the first dealer cut or chosen.
 *
 * The input picks the rules (a preset, Hollywood mostly on, targets and
 * bonuses from the bytes, some out of range), the players and the first
 * dealer (cut, or a seat, sometimes none of theirs), then runs a program:
 * each byte records a crafted result at a table (valid or not), deals a
 * table's hand and plays it out, undoes, saves and loads (also a damaged
 * text), or reads the tables, dealer, results and standings.  After every
 * call: a refused record or undo changes nothing (the saved text), a save
 * loads back to the same text, every standing's total is its parts' sum
 * and the whole match's the sum of its games' (Hollywood), nothing is
 * negative or near overflow, the dealer is a seat, and nothing crashes or
 * leaks (ASan, UBSan, LSan).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>

#include "fuzz.h"

static char *save(const gr_match *m)
{
    int n = gr_match_save(m, NULL, 0);
    CHECK(n > 0);
    char *t = malloc((size_t)n + 1);
    CHECK(t);
    CHECK(gr_match_save(m, t, (size_t)n + 1) == n);
    return t;
}

/* every standing adds up, and the whole match is the sum of its games */
static void check_standings(const gr_match *m, int hollywood)
{
    gr_standing all, g[3];
    CHECK(gr_match_standing(m, GR_MATCH_ALL, &all) == GR_OK);
    CHECK(all.nsides == (gr_match_players(m) == 3 ? 3 : 2));
    int ngames = hollywood ? 3 : 1;
    for (int k = 0; k < ngames; k++)
        CHECK(gr_match_standing(m, k, &g[k]) == GR_OK);
    CHECK(gr_match_standing(m, ngames, &g[0]) == GR_EINVAL || !hollywood);
    CHECK(gr_match_standing(m, -2, &all) == GR_EINVAL);
    CHECK(gr_match_standing(m, GR_MATCH_ALL, &all) == GR_OK);
    for (int i = 0; i < 4; i++) {
        long long sum = 0, parts = (long long)all.hand_points[i] + all.game_bonus[i]
                                 + all.box_bonus[i] + all.shutout_bonus[i];
        CHECK(parts == all.total[i]);
        CHECK(all.total[i] >= 0 && all.total[i] < 2000730000);
        for (int k = 0; k < ngames; k++) {
            CHECK((long long)g[k].hand_points[i] + g[k].game_bonus[i] + g[k].box_bonus[i]
                  + g[k].shutout_bonus[i] == g[k].total[i]);
            sum += g[k].total[i];
        }
        if (hollywood)
            CHECK(sum == all.total[i]);
        if (i >= all.nsides)
            CHECK(all.total[i] == 0 && all.hands_won[i] == 0);
    }
    for (int i = 0; i < 8; i++)
        CHECK(all.reserved[i] == 0);
    int d = gr_match_dealer(m);
    CHECK(d >= 0 && d < gr_match_players(m));
}

/* play a dealt hand out with legal moves the input picks */
static void play_out(gr_game *g, reader *r)
{
    for (int k = 0; k < 600 && gr_game_phase(g) != GR_PHASE_OVER; k++) {
        gr_move legal[GR_MAX_MOVES];
        int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
        CHECK(n > 0);
        CHECK(gr_game_play(g, legal[byte(r) % n]) == GR_OK);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader rd = { data, size, 0 };
    gr_rules *rules;
    CHECK(gr_rules_new(&rules, byte(&rd) % GR_PRESET_COUNT) == GR_OK);
    int hollywood = byte(&rd) % 4 != 0;
    CHECK(gr_rules_set(rules, GR_OPT_HOLLYWOOD, hollywood) == GR_OK);
    /* short games, and options the input sets (refused ones change nothing) */
    CHECK(gr_rules_set(rules, GR_OPT_TARGET, 1 + byte(&rd)) == GR_OK);
    CHECK(gr_rules_set(rules, GR_OPT_TEAM_TARGET, 1 + byte(&rd)) == GR_OK);
    static const int opts[] = {
        GR_OPT_GAME_BONUS, GR_OPT_HAND_BONUS, GR_OPT_SHUTOUT_BONUS,
        GR_OPT_SHUTOUT_DOUBLE, GR_OPT_IMMEDIATE_BOXES, GR_OPT_DEALER_ALTERNATES,
        GR_OPT_UNDERCUT_TIE, GR_OPT_TARGET, GR_OPT_TEAM_TARGET,
    };
    for (int i = byte(&rd) % 4; i > 0; i--) {
        int opt = opts[byte(&rd) % (sizeof opts / sizeof opts[0])], before, after;
        CHECK(gr_rules_get(rules, opt, &before) == GR_OK);
        int val = byte(&rd) & 1 ? (int8_t)byte(&rd) : (int)(uint32_t)quad(&rd);
        if (gr_rules_set(rules, opt, val) != GR_OK) {
            CHECK(gr_rules_get(rules, opt, &after) == GR_OK);
            CHECK(after == before);
        }
    }
    int players = 2 + byte(&rd) % 3;
    int how = byte(&rd);
    gr_match *m = NULL;
    if (how % 3 == 0) {
        CHECK(gr_match_new_players(&m, rules, quad(&rd), players) == GR_OK);
    } else {
        int seat = (int8_t)byte(&rd) % 6;
        int rc = gr_match_new_players_dealer(&m, rules, quad(&rd), players, seat);
        if (seat < 0 || seat >= players) {
            CHECK(rc == GR_EINVAL && m == NULL);
            gr_rules_free(rules);
            return 0;
        }
        CHECK(rc == GR_OK);
        gr_card cuts[4];
        CHECK(gr_match_cuts(m, cuts) == 0);
        gr_table t;
        CHECK(gr_match_table(m, 0, &t) == GR_OK);
        CHECK(players == 4 ? t.dealer_seat % 2 == seat % 2 : t.dealer_seat == seat);
    }
    gr_rules_free(rules);   /* the match keeps its own copy */
    check_standings(m, hollywood);
    char *last = NULL;   /* the text before the last record, for undo */
    int steps = 0;
    while (more(&rd) && steps++ < 3000) {
        int tables = gr_match_tables(m);
        CHECK(tables == (players == 4 ? 2 : 1));
        uint8_t op = byte(&rd);
        switch (op % 8) {
        case 0: case 1: case 2: case 3: {   /* a crafted result */
            gr_hand_result res;
            memset(&res, 0, sizeof res);
            uint8_t b = byte(&rd);
            res.outcome = b < 240 ? b % 6 : (int8_t)byte(&rd);
            res.knocker = b & 8 ? (int8_t)byte(&rd) % 3 : b >> 4 & 1;
            res.winner = res.outcome == GR_OUTCOME_VOID || res.outcome == GR_OUTCOME_TIE
                ? -1 : res.outcome == GR_OUTCOME_UNDERCUT ? 1 - res.knocker : res.knocker;
            if (b & 64)
                res.winner = (int8_t)byte(&rd) % 3;
            res.points = b & 128 ? (int)(uint32_t)quad(&rd) : byte(&rd);
            if (res.winner < 0 && !(b & 32))
                res.points = 0;
            int t = (int8_t)byte(&rd) % 3;
            char *before = save(m);
            int rc = gr_match_record_table(m, t, &res);
            CHECK(rc == GR_OK || rc == GR_EINVAL || rc == GR_ESTATE);
            if (rc != GR_OK) {
                char *after = save(m);
                CHECK(strcmp(before, after) == 0);
                free(after);
                free(before);
            } else {
                free(last);
                last = before;
            }
            break;
        }
        case 4: {   /* undo: back to the text before the last record */
            char *before = save(m);
            int rc = gr_match_undo(m);
            char *after = save(m);
            if (rc != GR_OK) {
                CHECK(rc == GR_ESTATE && strcmp(before, after) == 0);
            } else if (last) {
                /* the deals count stays: compare all but that line */
                char *a = strstr(after, "\nhand"), *l = strstr(last, "\nhand");
                CHECK((a == NULL) == (l == NULL));
                if (a)
                    CHECK(strcmp(a, l) == 0);
                free(last);
                last = NULL;
            }
            free(before);
            free(after);
            break;
        }
        case 5: {   /* save and load, and a damaged copy */
            char *t = save(m);
            gr_match *l;
            CHECK(gr_match_load(&l, t) == GR_OK);
            char *u = save(l);
            CHECK(strcmp(t, u) == 0);
            check_standings(l, hollywood);
            gr_match_free(l);
            size_t len = strlen(t);
            t[byte(&rd) * len / 256] = (char)byte(&rd);
            if (gr_match_load(&l, t) == GR_OK)
                gr_match_free(l);
            free(t);
            free(u);
            break;
        }
        case 6: {   /* deal a table and play its hand out */
            int t = byte(&rd) % 3;
            gr_game *g = NULL;
            int rc = gr_match_deal_table(m, t, &g);
            CHECK(rc == GR_OK || rc == GR_ESTATE || (rc == GR_EINVAL && t >= tables));
            if (rc != GR_OK)
                break;
            gr_table tab;
            CHECK(gr_match_table(m, t, &tab) == GR_OK);
            CHECK(gr_game_dealer(g) == tab.dealer);
            CHECK(tab.seats[0] != tab.seats[1]);
            CHECK(tab.dealer_seat >= 0 && tab.dealer_seat < players);
            play_out(g, &rd);
            gr_hand_result res;
            if (gr_game_result(g, &res) == GR_OK) {
                char *before = save(m);
                if (gr_match_record_table(m, t, &res) == GR_OK) {
                    free(last);
                    last = before;
                } else {
                    free(before);
                }
            }
            gr_game_free(g);
            break;
        }
        default: {   /* read everything */
            gr_table tab;
            for (int t = -1; t <= 2; t++) {
                int rc = gr_match_table(m, t, &tab);
                CHECK((rc == GR_OK) == (t >= 0 && t < tables));
            }
            gr_card cuts[4];
            int nc = gr_match_cuts(m, cuts);
            CHECK(nc == 0 || nc == (players == 4 ? 0 : players));
            gr_hand_result res[4];
            int n = gr_match_results(m, res, 4);
            CHECK(n >= 0);
            gr_score sc;
            int rc = gr_match_score(m, &sc);
            CHECK(players == 3 ? rc == GR_EINVAL : rc == GR_OK);
            break;
        }
        }
        check_standings(m, hollywood);
    }
    free(last);
    gr_match_free(m);
    return 0;
}
