/*
 * check_abi.c: the ABI rule of ginrummy.h ("Conventions: ABI").
 *
 * Every public struct the library writes or reads ends with reserved space:
 * the library writes it as zeros, never writes past the struct, and
 * refuses (GR_EINVAL) an input struct whose reserved space is not zero.
 * The layouts of 0.x are frozen below, as a caller built against this
 * header has them: a later 0.x header may carve new fields out of the
 * reserve, never change a size or move a field.
 */
#include <check.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"

/* ---- the 0.x layouts, frozen ------------------------------------------------ */

typedef struct v0_arrangement {
    int      nmelds;
    gr_cards melds[17];
    gr_cards deadwood;
    int      deadwood_points;
    int      reserved[8];
} v0_arrangement;

typedef struct v0_layoff {
    v0_arrangement defender;
    gr_cards       laid_off;
    int            reserved[8];
} v0_layoff;

typedef struct v0_allocator {
    void *(*malloc_fn)(size_t, void *);
    void  (*free_fn)(void *, void *);
    void  *ctx;
    void  *reserved[4];
} v0_allocator;

typedef struct v0_option_info {
    int         option;
    const char *name;
    const char *description;
    int         min, max;
    int         reserved[8];
} v0_option_info;

typedef struct v0_hand_result {
    int outcome, knocker, winner, points;
    v0_arrangement knocker_arrangement;
    v0_layoff      defense;
    int knocker_deadwood, defender_deadwood, multiplier;
    int reserved[8];
} v0_hand_result;

typedef struct v0_move {
    int     type;
    uint8_t card;
    uint8_t reserved[3];
} v0_move;

typedef struct v0_view {
    int      player, phase, turn, dealer;
    gr_cards hand, opponent_known;
    int      opponent_count, stock_size, ndiscards;
    uint8_t  discards[52];
    int      knock_limit, nlegal;
    v0_move  legal[34];
    int      reserved[16];
} v0_view;

typedef struct v0_score {
    int over, winner;
    int hands_won[2], hand_points[2], game_bonus[2], box_bonus[2];
    int shutout_bonus[2], total[2];
    int margin, hands_played;
    int reserved[8];
} v0_score;

typedef struct v0_table {
    int seats[2], dealer, dealer_seat, recorded;
    int reserved[8];
} v0_table;

typedef struct v0_standing {
    int nsides, over, winner, margin, hands_played;
    int hands_won[4], hand_points[4], game_bonus[4], box_bonus[4];
    int shutout_bonus[4], total[4];
    int reserved[8];
} v0_standing;

/* the parse errors, settling options, advice and positions */
typedef struct v0_parse_error {
    size_t offset, length;
    int    reason, line;
    int    reserved[8];
} v0_parse_error;

typedef struct v0_settle_options {
    int     knocker, strict, has_upcard;
    uint8_t upcard;
    int     reserved[8];
} v0_settle_options;

typedef struct v0_take_advice {
    int     take_deadwood;
    uint8_t take_discard;
    double  draw_expected;
    int     draw_best, draw_worst, unseen, take;
    int     reserved[8];
} v0_take_advice;

typedef struct v0_knock_advice {
    v0_arrangement arrangement;
    int            layoffs;
    gr_cards       targets;
    int            reserved[8];
} v0_knock_advice;

typedef struct v0_position {
    int      dealer, turn, phase;
    gr_cards hand[2];
    int      npile;
    uint8_t  pile[52];
    int      nstock;
    uint8_t  stock[52];
    int      stock_from_seed;
    uint64_t seed;
    uint8_t  taken;
    int      pile_closed;
    gr_cards known[2];
    uint8_t  first_upcard;
    int      turnovers, played;
    int      reserved[8];
} v0_position;

/* the playout functions' legal moves */
typedef struct v0_legal_masks {
    unsigned types;
    uint8_t  top;
    gr_cards discard, knock, gin;
    int      reserved[8];
} v0_legal_masks;

/* basic Rummy.  gr_rummy_hand and gr_rummy_meld are
 * plain values like gr_cards (copied with =, compared field by field, kept
 * in arrays), documented as such, with no reserve: frozen whole. */
typedef struct v0_rummy_hand {
    gr_cards once, twice;
    int      jokers;
} v0_rummy_hand;

typedef struct v0_rummy_meld {
    gr_cards cards, jokers;
} v0_rummy_meld;

typedef struct v0_rummy_arrangement {
    int           nmelds;
    v0_rummy_meld melds[37];
    v0_rummy_hand unmelded;
    int           unmelded_points;
    int           reserved[8];
} v0_rummy_arrangement;

typedef struct v0_rummy_move {
    int           kind, meld;
    v0_rummy_meld cards;
    int           reserved[4];
} v0_rummy_move;

typedef struct v0_rummy_plan {
    int           value, nmoves;
    v0_rummy_move moves[120];
    v0_rummy_hand left;
    int           reserved[8];
} v0_rummy_plan;

typedef struct v0_rummy_action {
    int           type;
    uint8_t       card, named;
    int           target;
    v0_rummy_meld meld;
    int           reserved[4];
} v0_rummy_action;

typedef struct v0_rummy_result {
    int outcome, winner, nplayers;
    int score[7], left_points[7], cards_left[7];
    v0_rummy_hand left[7];
    int reserved[8];
} v0_rummy_result;

typedef struct v0_rummy_view {
    int           player, nplayers, dealer, turn, phase, ace_high;
    v0_rummy_hand hand;
    uint8_t       taken;
    int           counts[7];
    v0_rummy_hand known[7];
    int           nmelds;
    v0_rummy_meld melds[37];
    int           owner[37];
    int           stock_size, turnovers, ndiscards;
    uint8_t       discards[112];
    int           reserved[16];
} v0_rummy_view;

typedef struct v0_rummy_score {
    int over, winner, nplayers, dealer, hands_played;
    int hands_won[7], total[7];
    int reserved[8];
} v0_rummy_score;

#define SAME_LAYOUT(pub, old)                                                  \
    _Static_assert(sizeof(pub) == sizeof(old), #pub ": size changed");         \
    _Static_assert(alignof(pub) == alignof(old), #pub ": alignment changed");  \
    _Static_assert(offsetof(pub, reserved) == offsetof(old, reserved),         \
                   #pub ": the reserve moved")
SAME_LAYOUT(gr_arrangement, v0_arrangement);
SAME_LAYOUT(gr_layoff, v0_layoff);
SAME_LAYOUT(gr_allocator, v0_allocator);
SAME_LAYOUT(gr_option_info, v0_option_info);
SAME_LAYOUT(gr_hand_result, v0_hand_result);
SAME_LAYOUT(gr_move, v0_move);
SAME_LAYOUT(gr_view, v0_view);
SAME_LAYOUT(gr_score, v0_score);
SAME_LAYOUT(gr_table, v0_table);
SAME_LAYOUT(gr_standing, v0_standing);
SAME_LAYOUT(gr_parse_error, v0_parse_error);
SAME_LAYOUT(gr_settle_options, v0_settle_options);
SAME_LAYOUT(gr_take_advice, v0_take_advice);
SAME_LAYOUT(gr_knock_advice, v0_knock_advice);
SAME_LAYOUT(gr_position, v0_position);
SAME_LAYOUT(gr_legal_masks, v0_legal_masks);
SAME_LAYOUT(gr_rummy_arrangement, v0_rummy_arrangement);
SAME_LAYOUT(gr_rummy_move, v0_rummy_move);
SAME_LAYOUT(gr_rummy_plan, v0_rummy_plan);
SAME_LAYOUT(gr_rummy_action, v0_rummy_action);
SAME_LAYOUT(gr_rummy_result, v0_rummy_result);
SAME_LAYOUT(gr_rummy_view, v0_rummy_view);
SAME_LAYOUT(gr_rummy_score, v0_rummy_score);
_Static_assert(sizeof(gr_rummy_hand) == sizeof(v0_rummy_hand)
               && offsetof(gr_rummy_hand, jokers) == offsetof(v0_rummy_hand, jokers),
               "gr_rummy_hand: layout changed");
_Static_assert(sizeof(gr_rummy_meld) == sizeof(v0_rummy_meld),
               "gr_rummy_meld: layout changed");
_Static_assert(GR_RUMMY_MAX_MELDS == 37 && GR_RUMMY_MAX_MOVES == 120
               && GR_RUMMY_MAX_PLAYERS == 7 && GR_RUMMY_MAX_CARDS == 112,
               "array sizes of the 0.x Rummy structs are fixed");
_Static_assert(GR_NCARDS == 52 && GR_MAX_MOVES == 34 && GR_MAX_MELDS == 17,
               "array sizes of the 0.x structs are fixed");
_Static_assert(sizeof(gr_move) == 8, "gr_move: no padding left undefined");

START_TEST(test_abi_sizes_recorded)
{
    /* the sizes on this platform, for the log (the asserts above are the
     * test); on LP64 they are the numbers below */
    static const struct { const char *name; size_t size, lp64; } sizes[] = {
        { "gr_arrangement", sizeof(gr_arrangement), 192 },
        { "gr_layoff", sizeof(gr_layoff), 232 },
        { "gr_allocator", sizeof(gr_allocator), 56 },
        { "gr_option_info", sizeof(gr_option_info), 64 },
        { "gr_hand_result", sizeof(gr_hand_result), 488 },
        { "gr_move", sizeof(gr_move), 8 },
        { "gr_view", sizeof(gr_view), 440 },
        { "gr_score", sizeof(gr_score), 96 },
        { "gr_table", sizeof(gr_table), 52 },
        { "gr_standing", sizeof(gr_standing), 148 },
        /* parse errors, settling options, advice, positions */
        { "gr_parse_error", sizeof(gr_parse_error), 56 },
        { "gr_settle_options", sizeof(gr_settle_options), 48 },
        { "gr_take_advice", sizeof(gr_take_advice), 64 },
        { "gr_knock_advice", sizeof(gr_knock_advice), 240 },
        { "gr_position", sizeof(gr_position), 232 },
        /* the playout functions */
        { "gr_legal_masks", sizeof(gr_legal_masks), 64 },
        /* basic Rummy */
        { "gr_rummy_hand", sizeof(gr_rummy_hand), 24 },
        { "gr_rummy_meld", sizeof(gr_rummy_meld), 16 },
        { "gr_rummy_arrangement", sizeof(gr_rummy_arrangement), 664 },
        { "gr_rummy_move", sizeof(gr_rummy_move), 40 },
        { "gr_rummy_plan", sizeof(gr_rummy_plan), 4864 },
        { "gr_rummy_action", sizeof(gr_rummy_action), 48 },
        { "gr_rummy_result", sizeof(gr_rummy_result), 296 },
        { "gr_rummy_view", sizeof(gr_rummy_view), 1184 },
        { "gr_rummy_score", sizeof(gr_rummy_score), 108 },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (getenv("GR_ABI_VERBOSE"))
            printf("%-16s %zu\n", sizes[i].name, sizes[i].size);
        if (sizeof(void *) == 8 && alignof(gr_cards) == 8)
            ck_assert_msg(sizes[i].size == sizes[i].lp64, "%s: %zu, recorded %zu",
                          sizes[i].name, sizes[i].size, sizes[i].lp64);
    }
}
END_TEST

/* ---- outputs: nothing written past the struct, the reserve zeroed -------- */

#define GUARD 64
#define FILL 0xA5

/* A caller's struct of the frozen size, in a buffer with a guard after it,
 * everything filled with garbage first. */
typedef struct guarded {
    size_t size;
    unsigned char *buf;
} guarded;

static guarded guard_new(size_t size)
{
    guarded g = { size, malloc(size + GUARD) };
    ck_assert_ptr_nonnull(g.buf);
    memset(g.buf, FILL, size + GUARD);
    return g;
}

/* the guard untouched, and the reserved bytes [at, at + n) zero */
static void guard_check(guarded g, size_t at, size_t n, const char *what)
{
    for (size_t i = g.size; i < g.size + GUARD; i++)
        ck_assert_msg(g.buf[i] == FILL, "%s: byte %zu past the struct written",
                      what, i - g.size);
    for (size_t i = at; i < at + n; i++)
        ck_assert_msg(g.buf[i] == 0, "%s: reserved byte %zu not zero", what, i - at);
    free(g.buf);
}

#define RESERVE(type) offsetof(type, reserved), sizeof(((type *)0)->reserved)

static gr_arrangement arranged(const char *text)
{
    gr_cards c;
    gr_arrangement a;
    ck_assert_int_eq(gr_cards_parse(text, &c), GR_OK);
    ck_assert_int_eq(gr_arrange(c, &a), c ? gr_deadwood(c) : 0);
    return a;
}

/* a hand finished by a knock or gin (random moves, knocking when it can) */
static gr_game *knocked_game(void)
{
    gr_rules *r;
    ck_assert_int_eq(gr_rules_new(&r, GR_PRESET_FOURNIER), GR_OK);
    test_rng rng = { 5 };
    for (uint64_t seed = 11;; seed++) {
        gr_game *g;
        ck_assert_int_eq(gr_game_new(&g, r, seed, 0), GR_OK);
        while (gr_game_phase(g) != GR_PHASE_OVER) {
            gr_move legal[GR_MAX_MOVES];
            int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
            ck_assert_int_gt(n, 0);
            int k = test_below(&rng, n);
            for (int i = 0; i < n; i++)
                if (legal[i].type == GR_MOVE_KNOCK || legal[i].type == GR_MOVE_GIN)
                    k = i;
            ck_assert_int_eq(gr_game_play(g, legal[k]), GR_OK);
        }
        gr_hand_result res;
        ck_assert_int_eq(gr_game_result(g, &res), GR_OK);
        if (res.outcome != GR_OUTCOME_VOID) {
            gr_rules_free(r);
            return g;
        }
        gr_game_free(g);
    }
}

START_TEST(test_abi_outputs_guarded)
{
    guarded b;
    gr_cards hand;
    ck_assert_int_eq(gr_cards_parse("AC 2C 3C 5D 5H 5S 9H KS", &hand), GR_OK);

    b = guard_new(sizeof(v0_arrangement));
    ck_assert_int_ge(gr_arrange(hand, (gr_arrangement *)b.buf), 0);
    guard_check(b, RESERVE(v0_arrangement), "gr_arrange");

    gr_arrangement knocker = arranged("4H 5H 6H 7C 7D 7S 8S 9S 10S AD");
    gr_cards defender;
    ck_assert_int_eq(gr_cards_parse("3H 7H 8H 2C 3C 4C JD QD KD 5C", &defender), GR_OK);
    b = guard_new(sizeof(v0_layoff));
    ck_assert_int_ge(gr_lay_off(&knocker, defender, (gr_layoff *)b.buf), 0);
    v0_layoff *lo = (v0_layoff *)b.buf;
    ck_assert_int_ne(lo->laid_off, 0);
    for (size_t i = 0; i < 8; i++)
        ck_assert_int_eq(lo->defender.reserved[i], 0);
    guard_check(b, RESERVE(v0_layoff), "gr_lay_off");

    for (int opt = 0; opt < GR_OPT_COUNT; opt++) {
        b = guard_new(sizeof(v0_option_info));
        ck_assert_int_eq(gr_option_describe(opt, (gr_option_info *)b.buf), GR_OK);
        guard_check(b, RESERVE(v0_option_info), "gr_option_describe");
    }

    gr_rules *r;
    ck_assert_int_eq(gr_rules_new(&r, GR_PRESET_FOURNIER), GR_OK);
    for (int up = 0; up < 2; up++) {
        b = guard_new(sizeof(v0_hand_result));
        int rc = up ? gr_settle_upcard(r, GR_CARD(GR_KING, GR_CLUBS), &knocker,
                                       defender, (gr_hand_result *)b.buf)
                    : gr_settle(r, &knocker, defender, (gr_hand_result *)b.buf);
        ck_assert_int_eq(rc, GR_OK);
        v0_hand_result *hr = (v0_hand_result *)b.buf;
        for (size_t i = 0; i < 8; i++)
            ck_assert_int_eq(hr->knocker_arrangement.reserved[i]
                             | hr->defense.reserved[i]
                             | hr->defense.defender.reserved[i], 0);
        guard_check(b, RESERVE(v0_hand_result), "gr_settle");
    }

    gr_game *g = knocked_game();
    b = guard_new(sizeof(v0_hand_result));
    ck_assert_int_eq(gr_game_result(g, (gr_hand_result *)b.buf), GR_OK);
    guard_check(b, RESERVE(v0_hand_result), "gr_game_result");
    for (int p = 0; p < 2; p++) {
        b = guard_new(sizeof(v0_view));
        ck_assert_int_eq(gr_game_view(g, p, (gr_view *)b.buf), GR_OK);
        guard_check(b, RESERVE(v0_view), "gr_game_view");
    }

    /* moves: history and legal moves, every byte defined (valgrind would
     * report the comparisons below on undefined bytes) */
    int n = gr_game_history(g, NULL, 0);
    ck_assert_int_gt(n, 2);
    b = guard_new((size_t)n * sizeof(v0_move));
    ck_assert_int_eq(gr_game_history(g, (gr_move *)b.buf, (size_t)n), n);
    for (int i = 1; i < n; i++) {
        v0_move *m = (v0_move *)b.buf + i;
        ck_assert_int_eq(m->reserved[0] | m->reserved[1] | m->reserved[2], 0);
    }
    guard_check(b, RESERVE(v0_move), "gr_game_history");
    gr_game_free(g);

    ck_assert_int_eq(gr_game_new(&g, r, 12, 1), GR_OK);
    gr_move take = { .type = GR_MOVE_DRAW_STOCK };
    ck_assert_int_eq(gr_game_play(g, (gr_move){ .type = GR_MOVE_PASS }), GR_OK);
    ck_assert_int_eq(gr_game_play(g, (gr_move){ .type = GR_MOVE_PASS }), GR_OK);
    ck_assert_int_eq(gr_game_play(g, take), GR_OK);
    n = gr_game_legal_moves(g, NULL, 0);
    ck_assert_int_ge(n, 11);
    b = guard_new((size_t)n * sizeof(v0_move));
    ck_assert_int_eq(gr_game_legal_moves(g, (gr_move *)b.buf, (size_t)n), n);
    for (int i = 0; i < n; i++) {
        v0_move *m = (v0_move *)b.buf + i;
        ck_assert_int_eq(m->reserved[0] | m->reserved[1] | m->reserved[2], 0);
    }
    guard_check(b, RESERVE(v0_move), "gr_game_legal_moves");

    /* a bot's move */
    gr_view v;
    ck_assert_int_eq(gr_game_view(g, gr_game_turn(g), &v), GR_OK);
    gr_bot *bot;
    ck_assert_int_eq(gr_bot_new(&bot, GR_BOT_GREEDY, 1), GR_OK);
    b = guard_new(sizeof(v0_move));
    ck_assert_int_eq(gr_bot_choose(bot, &v, (gr_move *)b.buf), GR_OK);
    guard_check(b, RESERVE(v0_move), "gr_bot_choose");
    gr_bot_free(bot);
    gr_game_free(g);

    /* a match's score, before and after the end */
    gr_match *m;
    ck_assert_int_eq(gr_match_new(&m, r, 3), GR_OK);
    for (int over = 0; over < 2; over++) {
        b = guard_new(sizeof(v0_score));
        ck_assert_int_eq(gr_match_score(m, (gr_score *)b.buf), GR_OK);
        guard_check(b, RESERVE(v0_score), "gr_match_score");
        gr_hand_result win = { .outcome = GR_OUTCOME_GIN, .knocker = 0,
                               .winner = 0, .points = 100 };
        if (!over)
            ck_assert_int_eq(gr_match_record(m, &win), GR_OK);
    }
    gr_match_free(m);
    /* a 4-player match's tables and standing, before and after the end */
    ck_assert_int_eq(gr_match_new_players(&m, r, 3, 4), GR_OK);
    for (int over = 0; over < 2; over++) {
        for (int t = 0; t < 2; t++) {
            b = guard_new(sizeof(v0_table));
            ck_assert_int_eq(gr_match_table(m, t, (gr_table *)b.buf), GR_OK);
            guard_check(b, RESERVE(v0_table), "gr_match_table");
        }
        b = guard_new(sizeof(v0_standing));
        ck_assert_int_eq(gr_match_standing(m, GR_MATCH_ALL, (gr_standing *)b.buf),
                         GR_OK);
        guard_check(b, RESERVE(v0_standing), "gr_match_standing");
        gr_hand_result win = { .outcome = GR_OUTCOME_GIN, .knocker = 0,
                               .winner = 0, .points = 150 };
        if (!over) {
            ck_assert_int_eq(gr_match_record_table(m, 0, &win), GR_OK);
            ck_assert_int_eq(gr_match_record_table(m, 1, &win), GR_OK);
        }
    }
    gr_match_free(m);
    gr_rules_free(r);
}
END_TEST

/* ---- inputs: nonzero reserved space is refused ------------------------------ */


/* the outputs of the functions added since the first structs: the frozen
 * size written, no more, the reserve zeroed */
START_TEST(test_abi_new_outputs_guarded)
{
    guarded b;
    gr_rules *r;
    gr_game *g;
    ck_assert_int_eq(gr_rules_new(&r, GR_PRESET_STANDARD), GR_OK);
    ck_assert_int_eq(gr_game_new(&g, r, 9, 0), GR_OK);

    b = guard_new(sizeof(v0_legal_masks));
    ck_assert_int_eq(gr_game_legal_masks(g, (gr_legal_masks *)b.buf), GR_OK);
    guard_check(b, RESERVE(v0_legal_masks), "gr_game_legal_masks");

    b = guard_new(sizeof(v0_position));
    ck_assert_int_eq(gr_game_position(g, (gr_position *)b.buf), GR_OK);
    guard_check(b, RESERVE(v0_position), "gr_game_position");

    b = guard_new(sizeof(v0_parse_error));
    gr_cards c;
    ck_assert_int_eq(gr_cards_parse_ex("AS ZZ", &c, (gr_parse_error *)b.buf), GR_EPARSE);
    guard_check(b, RESERVE(v0_parse_error), "gr_cards_parse_ex");

    {
        gr_match *m;
        ck_assert_int_eq(gr_match_new_players(&m, r, 3, 4), GR_OK);
        b = guard_new(sizeof(v0_table));
        ck_assert_int_eq(gr_match_table(m, 1, (gr_table *)b.buf), GR_OK);
        guard_check(b, RESERVE(v0_table), "gr_match_table");
        b = guard_new(sizeof(v0_standing));
        ck_assert_int_eq(gr_match_standing(m, GR_MATCH_ALL, (gr_standing *)b.buf), GR_OK);
        guard_check(b, RESERVE(v0_standing), "gr_match_standing");
        gr_match_free(m);
    }

    gr_rummy_rules *rr;
    gr_rummy_game *rg;
    ck_assert_int_eq(gr_rummy_rules_new(&rr, GR_RUMMY_PRESET_PARLETT), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(rr, GR_RUMMY_OPT_JOKERS, 1), GR_OK);
    ck_assert_int_eq(gr_rummy_game_new(&rg, rr, 4, 0), GR_OK);
    b = guard_new(sizeof(v0_rummy_view));
    ck_assert_int_eq(gr_rummy_game_view(rg, 1, (gr_rummy_view *)b.buf), GR_OK);
    guard_check(b, RESERVE(v0_rummy_view), "gr_rummy_game_view");

    b = guard_new(2 * sizeof(v0_rummy_action));
    b.size = 2 * sizeof(v0_rummy_action);
    int n = gr_rummy_game_legal_moves(rg, (gr_rummy_action *)b.buf, 2);
    ck_assert_int_ge(n, 2);
    guard_check(b, RESERVE(v0_rummy_action), "gr_rummy_game_legal_moves");

    gr_rummy_hand h;
    ck_assert_int_eq(gr_rummy_hand_parse("3H 4H 5H 9C 9D JK KS", &h, NULL), GR_OK);
    b = guard_new(sizeof(v0_rummy_arrangement));
    ck_assert_int_ge(gr_rummy_arrange(&h, 0, (gr_rummy_arrangement *)b.buf), 0);
    guard_check(b, RESERVE(v0_rummy_arrangement), "gr_rummy_arrange");

    b = guard_new(sizeof(v0_rummy_plan));
    ck_assert_int_ge(gr_rummy_go_out(&h, NULL, 0, 0, (gr_rummy_plan *)b.buf), 0);
    guard_check(b, RESERVE(v0_rummy_plan), "gr_rummy_go_out");

    gr_rummy_match *rm;
    ck_assert_int_eq(gr_rummy_match_new(&rm, rr, 2), GR_OK);
    b = guard_new(sizeof(v0_rummy_score));
    ck_assert_int_eq(gr_rummy_match_score(rm, (gr_rummy_score *)b.buf), GR_OK);
    guard_check(b, RESERVE(v0_rummy_score), "gr_rummy_match_score");
    gr_rummy_match_free(rm);

    gr_rummy_game_free(rg);
    gr_rummy_rules_free(rr);
    gr_game_free(g);
    gr_rules_free(r);
}
END_TEST

START_TEST(test_abi_reserved_input_refused)
{
    /* gr_arrangement: gr_lay_off, gr_layoff_check, gr_settle, gr_game_knock */
    gr_arrangement knocker = arranged("4H 5H 6H 7C 7D 7S 8S 9S 10S AD");
    gr_cards defender;
    ck_assert_int_eq(gr_cards_parse("3H 7H 8H 2C 3C 4C JD QD KD 5C", &defender), GR_OK);
    gr_layoff lo;
    ck_assert_int_ge(gr_lay_off(&knocker, defender, &lo), 0);
    ck_assert_int_eq(gr_layoff_check(&knocker, defender, &lo), GR_OK);
    gr_rules *r;
    ck_assert_int_eq(gr_rules_new(&r, GR_PRESET_FOURNIER), GR_OK);
    gr_hand_result res;
    ck_assert_int_eq(gr_settle(r, &knocker, defender, &res), GR_OK);
    for (int i = 0; i < 8; i++) {
        gr_arrangement bad = knocker;
        bad.reserved[i] = 1 << (i * 3);
        ck_assert_int_eq(gr_lay_off(&bad, defender, &lo), GR_EINVAL);
        ck_assert_int_eq(gr_layoff_check(&bad, defender, &lo), GR_EINVAL);
        ck_assert_int_eq(gr_settle(r, &bad, defender, &res), GR_EINVAL);
        ck_assert_int_eq(gr_settle_upcard(r, 0, &bad, defender, &res), GR_EINVAL);
        gr_layoff badl = lo;
        badl.reserved[i] = -1;
        ck_assert_int_eq(gr_layoff_check(&knocker, defender, &badl), GR_EINVAL);
        badl = lo;
        badl.defender.reserved[i] = 1;
        ck_assert_int_eq(gr_layoff_check(&knocker, defender, &badl), GR_EINVAL);
    }

    /* gr_game_knock, gr_game_defend, gr_game_play: refused, game unchanged */
    gr_game *g = knocked_game();
    char *before = test_save(g);
    gr_hand_result done;
    ck_assert_int_eq(gr_game_result(g, &done), GR_OK);
    gr_layoff d = done.defense;
    ck_assert_int_eq(gr_game_defend(g, &d), GR_OK);
    d.reserved[7] = 1;
    ck_assert_int_eq(gr_game_defend(g, &d), GR_EINVAL);
    gr_game_free(g);
    free(before);

    ck_assert_int_eq(gr_game_new(&g, r, 12, 1), GR_OK);
    before = test_save(g);
    for (int i = 0; i < 3; i++) {
        gr_move pass = { .type = GR_MOVE_PASS, .card = GR_NO_CARD };
        pass.reserved[i] = 0x80;
        ck_assert_int_eq(gr_game_play(g, pass), GR_EINVAL);
    }
    char *after = test_save(g);
    ck_assert_str_eq(before, after);
    free(after);
    free(before);
    ck_assert_int_eq(gr_game_play(g, (gr_move){ .type = GR_MOVE_PASS }), GR_OK);
    ck_assert_int_eq(gr_game_play(g, (gr_move){ .type = GR_MOVE_PASS }), GR_OK);
    ck_assert_int_eq(gr_game_play(g, (gr_move){ .type = GR_MOVE_DRAW_STOCK }), GR_OK);
    gr_cards hand;
    ck_assert_int_eq(gr_game_hand(g, gr_game_turn(g), &hand), GR_OK);
    gr_card disc = (gr_card)__builtin_ctzll(hand);
    gr_arrangement shown;
    gr_arrange(hand & ~GR_CARD_BIT(disc), &shown);
    shown.reserved[0] = 1;
    int rc = gr_game_knock(g, disc, &shown);
    ck_assert_int_eq(rc, GR_EINVAL);

    /* gr_view and its moves: gr_bot_choose */
    gr_view v;
    ck_assert_int_eq(gr_game_view(g, gr_game_turn(g), &v), GR_OK);
    gr_bot *bot;
    ck_assert_int_eq(gr_bot_new(&bot, GR_BOT_RANDOM, 1), GR_OK);
    gr_move out;
    ck_assert_int_eq(gr_bot_choose(bot, &v, &out), GR_OK);
    gr_view bad = v;
    bad.reserved[15] = 1;
    ck_assert_int_eq(gr_bot_choose(bot, &bad, &out), GR_EINVAL);
    bad = v;
    bad.legal[v.nlegal - 1].reserved[2] = 1;
    ck_assert_int_eq(gr_bot_choose(bot, &bad, &out), GR_EINVAL);
    gr_bot_free(bot);
    gr_game_free(g);

    /* gr_hand_result: gr_match_record */
    gr_match *m;
    ck_assert_int_eq(gr_match_new(&m, r, 3), GR_OK);
    gr_hand_result win = { .outcome = GR_OUTCOME_KNOCK, .knocker = 1,
                           .winner = 1, .points = 5 };
    win.reserved[3] = 2;
    ck_assert_int_eq(gr_match_record(m, &win), GR_EINVAL);
    gr_score s;
    ck_assert_int_eq(gr_match_score(m, &s), GR_OK);
    ck_assert_int_eq(s.hands_played, 0);
    win.reserved[3] = 0;
    ck_assert_int_eq(gr_match_record(m, &win), GR_OK);
    gr_match_free(m);

    /* gr_allocator: every function taking one */
    test_counter counter = { 0, 0, 0, 0 };
    gr_allocator mm = { .malloc_fn = test_counting_malloc,
                        .free_fn = test_counting_free, .ctx = &counter };
    gr_rules *r2 = NULL;
    ck_assert_int_eq(gr_rules_new_mm(&r2, GR_PRESET_NOVELTY, &mm), GR_OK);
    gr_rules_free(r2);
    int dummy;
    mm.reserved[1] = &dummy;
    r2 = NULL;
    ck_assert_int_eq(gr_rules_new_mm(&r2, GR_PRESET_NOVELTY, &mm), GR_EINVAL);
    ck_assert_ptr_null(r2);
    gr_game *l = NULL;
    ck_assert_int_eq(gr_game_load_mm(&l, "ginrummy 2\nend\n", &mm), GR_EINVAL);
    ck_assert_ptr_null(l);
    ck_assert_int_eq(gr_bot_new_mm(&bot, GR_BOT_RANDOM, 1, &mm), GR_EINVAL);
    gr_rules_free(r);
}
END_TEST

static Suite *abi_suite(void)
{
    Suite *s = suite_create("abi");
    TCase *tc = tcase_create("abi");
    tcase_add_test(tc, test_abi_sizes_recorded);
    tcase_add_test(tc, test_abi_outputs_guarded);
    tcase_add_test(tc, test_abi_new_outputs_guarded);
    tcase_add_test(tc, test_abi_reserved_input_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(abi_suite());
}
