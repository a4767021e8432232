/*
 * check_rummy_position.c: basic Rummy positions (R1-R8): a game's position
 * gives the same game back (views, legal moves, the rest of the hand,
 * save and load); positions as text both ways; every inconsistency
 * refused with its reason; hostile text refused with the place and the
 * reason, never crashing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummy_testutil.h"

#define TEXT 8192

/* a uniformly random legal move played; false once the hand is over */
static int random_step(gr_rummy_game *g, test_rng *rng)
{
    static gr_rummy_action moves[4096];
    int n = gr_rummy_game_legal_moves(g, moves, 4096);
    ck_assert_int_ge(n, 0);
    if (n == 0)
        return 0;
    ck_assert_int_le(n, 4096);
    /* draws and discards more often than melds, so hands last */
    ck_assert_int_eq(gr_rummy_game_play(g, &moves[test_below(rng, n)]), GR_OK);
    return 1;
}

static void same_hand(const gr_rummy_hand *a, const gr_rummy_hand *b)
{
    ck_assert(a->once == b->once && a->twice == b->twice && a->jokers == b->jokers);
}

/* field by field (the struct holds padding) */
static void same_view(const gr_rummy_view *a, const gr_rummy_view *b)
{
    ck_assert(a->player == b->player && a->nplayers == b->nplayers
              && a->dealer == b->dealer && a->turn == b->turn && a->phase == b->phase
              && a->ace_high == b->ace_high && a->taken == b->taken
              && a->nmelds == b->nmelds && a->stock_size == b->stock_size
              && a->turnovers == b->turnovers && a->ndiscards == b->ndiscards);
    same_hand(&a->hand, &b->hand);
    for (int p = 0; p < a->nplayers; p++) {
        ck_assert_int_eq(a->counts[p], b->counts[p]);
        same_hand(&a->known[p], &b->known[p]);
    }
    for (int i = 0; i < a->nmelds; i++)
        ck_assert(a->melds[i].cards == b->melds[i].cards
                  && a->melds[i].jokers == b->melds[i].jokers
                  && a->owner[i] == b->owner[i]);
    ck_assert(memcmp(a->discards, b->discards, (size_t)a->ndiscards) == 0);
}

static void same_result(const gr_rummy_result *a, const gr_rummy_result *b)
{
    ck_assert(a->outcome == b->outcome && a->winner == b->winner
              && a->nplayers == b->nplayers);
    for (int p = 0; p < a->nplayers; p++) {
        ck_assert(a->score[p] == b->score[p] && a->left_points[p] == b->left_points[p]
                  && a->cards_left[p] == b->cards_left[p]);
        same_hand(&a->left[p], &b->left[p]);
    }
}

static void same_views(const gr_rummy_game *a, const gr_rummy_game *b)
{
    int n = gr_rummy_game_players(a);
    ck_assert_int_eq(gr_rummy_game_players(b), n);
    for (int p = 0; p < n; p++) {
        gr_rummy_view va, vb;
        ck_assert_int_eq(gr_rummy_game_view(a, p, &va), GR_OK);
        ck_assert_int_eq(gr_rummy_game_view(b, p, &vb), GR_OK);
        same_view(&va, &vb);
    }
    gr_card stock_a[GR_RUMMY_MAX_CARDS], stock_b[GR_RUMMY_MAX_CARDS];
    int na = gr_rummy_game_stock(a, stock_a, GR_RUMMY_MAX_CARDS);
    ck_assert_int_eq(gr_rummy_game_stock(b, stock_b, GR_RUMMY_MAX_CARDS), na);
    ck_assert(memcmp(stock_a, stock_b, (size_t)na) == 0);
}

/* R1-R8: position -> text -> position -> game is the same game: the same
 * views and stock, and the same random continuation gives the same
 * result; a saved game from a position loads back to the same text. */
START_TEST(test_R1_R8_position_round_trip)
{
    test_rng rng = { 0x9051710ull };
    long cases = test_count(60);
    char *text = malloc(TEXT), *text2 = malloc(TEXT), *save = malloc(1 << 17),
         *save2 = malloc(1 << 17);
    for (long c = 0; c < cases; c++) {
        gr_rummy_rules *r = test_rummy_random_rules(&rng);
        gr_rummy_game *g;
        int players = 0;
        ck_assert_int_eq(gr_rummy_rules_get(r, GR_RUMMY_OPT_PLAYERS, &players), GR_OK);
        uint64_t seed = test_next(&rng);    /* one draw after the other */
        int dealer = test_below(&rng, players);
        ck_assert_int_eq(gr_rummy_game_new(&g, r, seed, dealer), GR_OK);
        int steps = test_below(&rng, 60);
        for (int i = 0; i < steps && random_step(g, &rng); i++)
            ;
        gr_rummy_position pos, back;
        if (gr_rummy_game_phase(g) == GR_RUMMY_PHASE_OVER) {
            ck_assert_int_eq(gr_rummy_game_position(g, &pos), GR_ESTATE);
            gr_rummy_game_free(g);
            gr_rummy_rules_free(r);
            continue;
        }
        ck_assert_int_eq(gr_rummy_game_position(g, &pos), GR_OK);
        int why = -1;
        ck_assert_int_eq(gr_rummy_position_check(r, &pos, &why), GR_OK);
        ck_assert_int_eq(why, GR_REASON_NONE);
        int len = gr_rummy_position_format(&pos, text, TEXT);
        ck_assert_int_gt(len, 0);
        ck_assert_int_lt(len, TEXT);
        ck_assert_int_eq(gr_rummy_position_format(&pos, NULL, 0), len);
        gr_parse_error err;
        memset(&back, 0x55, sizeof back);
        ck_assert_msg(gr_rummy_position_parse(text, &back, &err) == GR_OK,
                      "%s: at %zu", text, err.offset);
        /* equal field by field (the structs hold padding): the same text */
        ck_assert_int_eq(gr_rummy_position_format(&back, text2, TEXT), len);
        ck_assert_str_eq(text, text2);
        gr_rummy_game *h;
        ck_assert_int_eq(gr_rummy_game_from_position(&h, r, &back), GR_OK);
        same_views(g, h);
        gr_rummy_position again;
        ck_assert_int_eq(gr_rummy_game_position(h, &again), GR_OK);
        ck_assert_int_eq(gr_rummy_position_format(&again, text2, TEXT), len);
        ck_assert_str_eq(text, text2);
        /* the same moves on both */
        test_rng r1 = { c }, r2 = { c };
        while (random_step(g, &r1)) {
            ck_assert(random_step(h, &r2));
            ck_assert_int_eq(gr_rummy_game_phase(g), gr_rummy_game_phase(h));
        }
        ck_assert(!random_step(h, &r2));
        gr_rummy_result ra, rb;
        ck_assert_int_eq(gr_rummy_game_result(g, &ra), GR_OK);
        ck_assert_int_eq(gr_rummy_game_result(h, &rb), GR_OK);
        same_result(&ra, &rb);
        /* saved with its position, loaded to the same game */
        int n = gr_rummy_game_save(h, save, 1 << 17);
        ck_assert_int_gt(n, 0);
        ck_assert_int_lt(n, 1 << 17);
        ck_assert_ptr_nonnull(strstr(save, "\nposition players "));
        gr_rummy_game *l;
        ck_assert_int_eq(gr_rummy_game_load(&l, save), GR_OK);
        ck_assert_int_eq(gr_rummy_game_save(l, save2, 1 << 17), n);
        ck_assert_str_eq(save, save2);
        gr_rummy_result rl;
        ck_assert_int_eq(gr_rummy_game_result(l, &rl), GR_OK);
        same_result(&ra, &rl);
        /* a clone keeps the position; a redeal forgets it */
        gr_rummy_game *k;
        ck_assert_int_eq(gr_rummy_game_clone(&k, h), GR_OK);
        ck_assert_int_eq(gr_rummy_game_save(k, save2, 1 << 17), n);
        ck_assert_str_eq(save, save2);
        ck_assert_int_eq(gr_rummy_game_redeal(k, 7, 0), GR_OK);
        ck_assert_int_gt(gr_rummy_game_save(k, save2, 1 << 17), 0);
        ck_assert_ptr_null(strstr(save2, "\nposition "));
        /* a proper prefix of the save does not load */
        save[n - 1] = '\0';
        ck_assert_int_eq(gr_rummy_game_load(&l, save) == GR_OK ? 0 : 1, 1);
        gr_rummy_game_free(k);
        gr_rummy_game_free(l);
        gr_rummy_game_free(h);
        gr_rummy_game_free(g);
        gr_rummy_rules_free(r);
    }
    free(text);
    free(text2);
    free(save);
    free(save2);
}
END_TEST

/* R2, R6: the stock from a seed is the cards of the decks not elsewhere,
 * shuffled by the seed; listed once the game is made. */
START_TEST(test_R2_R6_stock_from_seed)
{
    gr_rummy_rules *r = test_rummy_rules(2, 1, 0, 0, 0);
    const char *text = "players 2; dealer 0; turn 1; phase draw; "
                       "hand0 2C 3C 4C 9D 9H 9S KD KH JK QS; "
                       "hand1 AS 2S 3S 7H 8H 10D JD QD 5C 6C; pile 7C; seed 42";
    gr_rummy_position p, q;
    gr_parse_error err;
    ck_assert_int_eq(gr_rummy_position_parse(text, &p, &err), GR_OK);
    ck_assert_int_eq(p.stock_from_seed, 1);
    ck_assert(p.seed == 42);
    gr_rummy_game *g, *h;
    ck_assert_int_eq(gr_rummy_game_from_position(&g, r, &p), GR_OK);
    ck_assert_int_eq(gr_rummy_game_from_position(&h, r, &p), GR_OK);
    same_views(g, h);
    ck_assert_int_eq(gr_rummy_game_stock(g, NULL, 0), 53 - 21);
    ck_assert_int_eq(gr_rummy_game_position(g, &q), GR_OK);
    ck_assert_int_eq(q.stock_from_seed, 0);
    ck_assert_int_eq(q.nstock, 32);
    ck_assert_int_eq(gr_rummy_game_turn(g), 1);
    ck_assert_int_eq(gr_rummy_game_phase(g), GR_RUMMY_PHASE_DRAW);
    /* another seed, another order of the same cards */
    p.seed = 43;
    gr_rummy_game *k;
    gr_rummy_position s;
    ck_assert_int_eq(gr_rummy_game_from_position(&k, r, &p), GR_OK);
    ck_assert_int_eq(gr_rummy_game_position(k, &s), GR_OK);
    ck_assert(memcmp(s.stock, q.stock, sizeof s.stock) != 0);
    gr_rummy_game_free(k);
    gr_rummy_game_free(h);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* A valid two-player position with a joker meld on the table, to spoil
 * one field at a time. */
static const char *GOOD =
    "players 2; dealer 0; turn 1; phase play; hand0 2C 3C 4C 9D 9H KD KH QS; "
    "hand1 AS 2S 3S 7H 8H 10D JD QD 5C 6C 7C; known1 7C; "
    "meld 5H 6H JK=7H by 0; pile 4D; "
    "stock AC 8C 9C 10C JC QC KC AD 2D 3D 5D 6D 7D 8D AH 2H 3H 4H 10H JH QH "
    "4S 5S 6S 7S 8S 9S 10S JS KS; taken 7C; turnovers 0; played 20";

static gr_rummy_position good(void)
{
    gr_rummy_position p;
    gr_parse_error err;
    ck_assert_msg(gr_rummy_position_parse(GOOD, &p, &err) == GR_OK, "at %zu", err.offset);
    return p;
}

static gr_card C(const char *text)
{
    gr_card c;
    ck_assert_int_eq(gr_rummy_card_parse(text, &c), GR_OK);
    return c;
}

/* R4: the card taken from the pile may be melded (or laid off) in the same
 * turn; the position then names it as taken although no hand holds it,
 * and the check accepts it there, on the table. */
START_TEST(test_R4_taken_card_melded_then_position)
{
    gr_rummy_rules *r = test_rummy_rules(2, 1, 0, 0, 0);
    gr_rummy_position p = good(), q, back;
    gr_rummy_game *g, *h;
    gr_rummy_action a;
    gr_parse_error err;
    int why = -1;
    ck_assert_int_eq(gr_rummy_game_from_position(&g, r, &p), GR_OK);
    ck_assert_int_eq(gr_rummy_move_parse("meld 5C 6C 7C", g, &a, &err), GR_OK);
    ck_assert_int_eq(gr_rummy_game_play(g, &a), GR_OK);
    ck_assert_int_eq(gr_rummy_game_position(g, &q), GR_OK);
    ck_assert_int_eq(q.taken, C("7C"));
    ck_assert_int_eq(gr_rummy_position_check(r, &q, &why), GR_OK);
    ck_assert_int_eq(why, GR_REASON_NONE);
    ck_assert_int_eq(gr_rummy_game_from_position(&h, r, &q), GR_OK);
    ck_assert_int_eq(gr_rummy_game_position(h, &back), GR_OK);
    ck_assert(back.taken == q.taken && back.nmelds == q.nmelds);
    /* a taken card neither held nor on the table is still refused */
    q.taken = C("KS");
    ck_assert_int_eq(gr_rummy_position_check(r, &q, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    gr_rummy_game_free(h);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* every card of a hand onto the pile */
static void to_pile(gr_rummy_position *p, gr_rummy_hand *h)
{
    for (gr_card c = 0; c <= GR_RUMMY_JOKER; c++)
        while (gr_rummy_hand_holds(h, c) > 0) {
            gr_rummy_hand_remove(h, c);
            p->pile[p->npile++] = c;
        }
}

typedef void (*spoil)(gr_rummy_position *p);
static void twice_beyond_decks(gr_rummy_position *p) { gr_rummy_hand_add(&p->hand[0], C("AC")); }
static void not_a_meld(gr_rummy_position *p) { p->melds[0] = M("5H 6H 8H"); }
static void joker_face(gr_rummy_position *p) { p->melds[0] = M("5H 6H JK=9H"); }
static void jokers_only(gr_rummy_position *p) { p->melds[0] = M("JK=5H JK=6H JK=7H"); }
static void hand_too_big(gr_rummy_position *p) { p->turn = 0; }
static void empty_hand(gr_rummy_position *p) { to_pile(p, &p->hand[0]); }
static void taken_at_draw(gr_rummy_position *p)
{
    p->phase = GR_RUMMY_PHASE_DRAW;
    gr_rummy_hand_remove(&p->hand[1], C("AS"));
    p->pile[p->npile++] = C("AS");
}
static void taken_not_held(gr_rummy_position *p) { p->taken = C("AC"); }
static void known_not_held(gr_rummy_position *p) { p->known[0].jokers = 1; }
static void bad_owner(gr_rummy_position *p) { p->owner[0] = 2; }
static void bad_players(gr_rummy_position *p) { p->nplayers = 3; }
static void bad_phase(gr_rummy_position *p) { p->phase = GR_RUMMY_PHASE_OVER; }
static void reserved(gr_rummy_position *p) { p->reserved[3] = 1; }
static void bad_card(gr_rummy_position *p) { p->pile[0] = 53; }
static void bad_hand(gr_rummy_position *p) { p->hand[0].twice = 1ull << 51; }
static void past_melds(gr_rummy_position *p) { p->melds[5].cards = 7; }
static void seed_too_many(gr_rummy_position *p)
{
    p->stock_from_seed = 1;
    gr_rummy_hand_add(&p->hand[1], C("2C"));
}
static void dead_end(gr_rummy_position *p)
{
    /* R4 Decision: only the card taken left; the rest to the stock */
    p->hand[1] = H("7C");
    p->known[1] = H("7C");
    p->stock_from_seed = 1;
}
static void played_too_long(gr_rummy_position *p) { p->played = GR_RUMMY_MAX_HAND_MOVES; }
static void draw_empty_stock(gr_rummy_position *p)
{
    /* R6: a turn never starts with no stock: the stock onto the pile */
    p->phase = GR_RUMMY_PHASE_DRAW;
    p->taken = GR_NO_CARD;
    gr_rummy_hand_remove(&p->hand[1], C("7C"));
    p->known[1] = H("");
    p->pile[p->npile++] = C("7C");
    for (int i = 0; i < p->nstock; i++)
        p->pile[p->npile++] = p->stock[i];
    p->nstock = 0;
}

START_TEST(test_R1_R7_position_faults)
{
    gr_rummy_rules *r = test_rummy_rules(2, 1, 0, 0, 1);
    gr_rummy_position p = good();
    int why = -1;
    ck_assert_int_eq(gr_rummy_position_check(r, &p, &why), GR_OK);
    struct { const char *name; spoil f; int reason; } cases[] = {
        { "R1 a card twice beyond the decks", twice_beyond_decks, GR_REASON_RUMMY_CARDS },
        { "R3 not a meld", not_a_meld, GR_REASON_RUMMY_NOT_A_MELD },
        { "R5 a joker naming an impossible face", joker_face, GR_REASON_JOKER_FACE },
        { "R5 a meld of jokers only", jokers_only, GR_REASON_NO_NATURAL },
        { "R2 R4 a hand over the hand size", hand_too_big, GR_REASON_RUMMY_CARD_COUNT },
        { "R7 an empty hand", empty_hand, GR_REASON_RUMMY_CARD_COUNT },
        { "R4 taken before the draw", taken_at_draw, GR_REASON_BAD_VALUE },
        { "R4 taken not held", taken_not_held, GR_REASON_BAD_VALUE },
        { "R8 known not held", known_not_held, GR_REASON_BAD_VALUE },
        { "owner out of range", bad_owner, GR_REASON_BAD_VALUE },
        { "players not the rules'", bad_players, GR_REASON_BAD_VALUE },
        { "phase over", bad_phase, GR_REASON_BAD_VALUE },
        { "reserved", reserved, GR_REASON_RESERVED_NOT_ZERO },
        { "a card above the joker", bad_card, GR_REASON_BAD_CARD },
        { "a malformed hand", bad_hand, GR_REASON_BAD_CARD },
        { "a meld past nmelds", past_melds, GR_REASON_BAD_VALUE },
        { "R1 more than the decks with a seeded stock", seed_too_many, GR_REASON_RUMMY_CARDS },
        { "R4 Decision a dead end", dead_end, GR_REASON_DEAD_END },
        { "the length of a hand", played_too_long, GR_REASON_BAD_VALUE },
        { "R6 no stock at the draw", draw_empty_stock, GR_REASON_BAD_VALUE },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_rummy_position q = good();
        cases[i].f(&q);
        why = -1;
        int rc = gr_rummy_position_check(r, &q, &why);
        ck_assert_msg(why == cases[i].reason, "%s: reason %s, want %s", cases[i].name,
                      gr_reason_name(why), gr_reason_name(cases[i].reason));
        ck_assert_int_eq(rc, gr_reason_status(why));
        gr_rummy_game *g = (gr_rummy_game *)&q;   /* must stay untouched */
        ck_assert_int_eq(gr_rummy_game_from_position(&g, r, &q), rc);
        ck_assert_ptr_eq(g, (gr_rummy_game *)&q);
    }
    /* R6: turnovers over the rules' limit */
    p = good();
    p.turnovers = 2;
    ck_assert_int_eq(gr_rummy_position_check(r, &p, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_position_check(NULL, &p, &why), GR_EINVAL);
    ck_assert_int_eq(why, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_position_check(r, NULL, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_from_position(NULL, r, &p), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_position(NULL, &p), GR_EINVAL);
    gr_rummy_rules_free(r);
}
END_TEST

/* hostile text: the place and the reason of the fault */
START_TEST(test_position_text_faults)
{
    struct { const char *text; const char *at; size_t len; int reason; } cases[] = {
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; colour red",
          "colour", 6, GR_REASON_SYNTAX },
        { "players 2; dealer 0; dealer 1; turn 1; phase draw; hand0 2C; hand1 3C",
          "dealer 1", 6, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C 1Z; hand1 3C",
          "1Z", 2, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C 2C 2C; hand1 3C",
          "2C; hand1", 2, GR_REASON_DUPLICATE_CARD },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; meld 5H 5H 6H by 0",
          "5H 6H by", 2, GR_REASON_DUPLICATE_CARD },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; meld 5H 6H 7H",
          "", 0, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase dance; hand0 2C; hand1 3C", "dance", 5,
          GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; played 99999999",
          "99999999", 8, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; stock 4C; seed 1",
          "", 0, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C;; pile 4C",
          "; pile", 0, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C", "", 0, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; hand2 4C",
          "", 0, GR_REASON_SYNTAX },
        { "players 9; dealer 0", "9", 1, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; taken 4C 5C",
          " 5C", 0, GR_REASON_SYNTAX },
        { "players 2; dealer 0; turn 1; phase draw; hand0 2C; hand1 3C; pile JK=4C",
          "JK=4C", 5, GR_REASON_SYNTAX },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *t = cases[i].text;
        gr_rummy_position p, keep;
        memset(&p, 0x33, sizeof p);
        keep = p;
        gr_parse_error err;
        ck_assert_int_eq(gr_rummy_position_parse(t, &p, &err), GR_EPARSE);
        size_t at = cases[i].at[0] ? (size_t)(strstr(t, cases[i].at) - t) : strlen(t);
        ck_assert_msg(err.offset == at && err.length == cases[i].len
                      && err.reason == cases[i].reason,
                      "%s: at %zu len %zu %s", t, err.offset, err.length,
                      gr_reason_name(err.reason));
        ck_assert(memcmp(&p, &keep, sizeof p) == 0);
    }
    gr_rummy_position p;
    gr_parse_error err;
    ck_assert_int_eq(gr_rummy_position_parse(NULL, &p, &err), GR_EINVAL);
    ck_assert_int_eq(err.reason, GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_position_parse("players 2", NULL, NULL), GR_EINVAL);
    p = good();
    p.phase = 7;
    ck_assert_int_eq(gr_rummy_position_format(&p, NULL, 0), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_position_format(NULL, NULL, 0), GR_EINVAL);
}
END_TEST

/* random bytes changed in good texts: parsed or refused, never a crash;
 * what parses and checks makes a game whose position formats back */
START_TEST(test_position_text_mutations)
{
    test_rng rng = { 0x7e47ull };
    gr_rummy_rules *r = test_rummy_rules(2, 1, 0, 0, 1);
    size_t n = strlen(GOOD);
    char *t = malloc(n + 1), *out = malloc(TEXT);
    static const char alphabet[] = " ;0123456789ACDHJKQSZ=-abcdehklnoprstuwy";
    long cases = test_count(4000), made = 0;
    for (long c = 0; c < cases; c++) {
        memcpy(t, GOOD, n + 1);
        int k = 1 + test_below(&rng, 3);
        for (int i = 0; i < k; i++)
            t[test_below(&rng, (int)n)] = alphabet[test_below(&rng, (int)sizeof alphabet - 1)];
        if (test_below(&rng, 4) == 0)
            t[test_below(&rng, (int)n)] = '\0';
        gr_rummy_position p;
        gr_parse_error err;
        int rc = gr_rummy_position_parse(t, &p, &err);
        if (rc != GR_OK) {
            ck_assert_int_eq(rc, GR_EPARSE);
            ck_assert_int_le(err.offset, strlen(t));
            ck_assert_int_gt(err.reason, 0);
            continue;
        }
        int why;
        if (gr_rummy_position_check(r, &p, &why) != GR_OK)
            continue;
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_from_position(&g, r, &p), GR_OK);
        gr_rummy_position q;
        ck_assert_int_eq(gr_rummy_game_position(g, &q), GR_OK);
        ck_assert_int_gt(gr_rummy_position_format(&q, out, TEXT), 0);
        made++;
        gr_rummy_game_free(g);
    }
    ck_assert_int_gt(made, 0);
    free(t);
    free(out);
    gr_rummy_rules_free(r);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_R1_R8_position_round_trip,
        test_R2_R6_stock_from_seed,
        test_R4_taken_card_melded_then_position,
        test_R1_R7_position_faults,
        test_position_text_faults,
        test_position_text_mutations
    };
    return TEST_RUN_CORE("rummy_position", 600, tests);
}
