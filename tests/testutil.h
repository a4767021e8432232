/*
 * testutil.h: helpers shared by the Check programs.
 *
 * GR_TEST_SCALE (environment, a positive number, default 1) scales the
 * number of random cases, so slow runs (valgrind) can use fewer while
 * make check keeps the full count.  Random cases use a fixed-seed
 * splitmix64 generator so that failures reproduce.  Include <check.h>
 * first to get test_run_suite().
 */
#ifndef GR_TESTUTIL_H
#define GR_TESTUTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* n scaled by GR_TEST_SCALE, at least 1 */
static inline long test_count(long n)
{
    const char *s = getenv("GR_TEST_SCALE");
    double scale = s ? atof(s) : 1.0;
    if (!(scale > 0))
        scale = 1.0;
    long k = (long)(n * scale);
    return k > 0 ? k : 1;
}

typedef struct test_rng {
    uint64_t state;
} test_rng;

static inline uint64_t test_next(test_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform in [0, n) (the tiny modulo bias does not matter for tests) */
static inline int test_below(test_rng *r, int n)
{
    return (int)(test_next(r) % (uint64_t)n);
}

/* a random set of k distinct cards drawn from `from` (a 52-bit mask) */
static inline uint64_t test_hand_from(test_rng *r, uint64_t from, int k)
{
    uint64_t hand = 0;
    int avail = __builtin_popcountll(from);
    if (k > avail)
        k = avail;
    while (k > 0) {
        int i = test_below(r, 52);
        uint64_t bit = (uint64_t)1 << i;
        if ((from & bit) && !(hand & bit)) {
            hand |= bit;
            k--;
        }
    }
    return hand;
}

static inline uint64_t test_hand(test_rng *r, int k)
{
    return test_hand_from(r, 0xFFFFFFFFFFFFFull, k);
}

/* A counting allocator (gr_allocator with ctx = a test_counter): counts
 * the allocations, keeps the number live, and fails allocation number
 * fail_at (1 = the first; 0 = none). */
typedef struct test_counter {
    long calls;     /* allocations asked for */
    long fail_at;   /* the allocation that fails (0: none) */
    long live;      /* allocated and not yet freed */
    int failed;     /* the failure happened */
} test_counter;

static inline void *test_counting_malloc(size_t size, void *ctx)
{
    test_counter *c = ctx;
    if (++c->calls == c->fail_at) {
        c->failed = 1;
        return NULL;
    }
    void *p = malloc(size);
    if (p)
        c->live++;
    return p;
}

static inline void test_counting_free(void *ptr, void *ctx)
{
    test_counter *c = ctx;
    c->live--;
    free(ptr);
}

/* An allocator that fails once `left` allocations are used up (the
 * counter above fails one given allocation); live counts what is not yet
 * freed. */
typedef struct test_limit {
    long left;
    long live;
} test_limit;

static inline void *test_limited_malloc(size_t size, void *ctx)
{
    test_limit *l = ctx;
    if (l->left <= 0)
        return NULL;
    l->left--;
    void *p = malloc(size);
    if (p)
        l->live++;
    return p;
}

static inline void test_limited_free(void *ptr, void *ctx)
{
    test_limit *l = ctx;
    if (ptr)
        l->live--;
    free(ptr);
}

#ifdef CHECK_H
#include <ginrummy.h>

/* Check records the place of every passing ck_assert (a write to its
 * log), far too slow for the random loops: these check quietly and report
 * only a failure. */
#define REQUIRE(cond) \
    do { \
        if (!(cond)) \
            ck_abort_msg("%s:%d: failed: %s", __FILE__, __LINE__, #cond); \
    } while (0)
#define REQUIRE_MSG(cond, ...) \
    do { \
        if (!(cond)) \
            ck_abort_msg(__VA_ARGS__); \
    } while (0)
#define REQUIRE_OP(a, op, b) \
    do { \
        long long a_ = (long long)(a), b_ = (long long)(b); \
        if (!(a_ op b_)) \
            ck_abort_msg("%s:%d: %s %s %s: %lld vs %lld", __FILE__, __LINE__, \
                         #a, #op, #b, a_, b_); \
    } while (0)
#define REQUIRE_EQ(a, b) REQUIRE_OP(a, ==, b)
#define REQUIRE_RC(expr, want) \
    do { \
        int rc_ = (expr); \
        if (rc_ != (want)) \
            ck_abort_msg("%s:%d: %s returned %d, expected %d", __FILE__, \
                         __LINE__, #expr, rc_, (int)(want)); \
    } while (0)

/* A card or a set of cards from text ("AC", "2H 3H 4H"); fails the test
 * if the text does not parse. */
static inline gr_card test_card(const char *text)
{
    gr_card c = 0;
    REQUIRE_MSG(gr_card_parse(text, &c) == GR_OK, "bad test card \"%s\"", text);
    return c;
}

static inline gr_cards test_cards(const char *text)
{
    gr_cards c = 0;
    REQUIRE_MSG(gr_cards_parse(text, &c) == GR_OK, "bad test cards \"%s\"", text);
    return c;
}

/* A game's save text in a malloc'd string (the caller frees it), to compare
 * games or prove that a refused call changed nothing.  Fails the test if
 * the game cannot be saved. */
static inline char *test_save(const gr_game *game)
{
    int n = gr_game_save(game, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *text = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(text);
    ck_assert_int_eq(gr_game_save(game, text, (size_t)n + 1), n);
    return text;
}

/* text with every line end written \r\n, as an editor on another system
 * may save it (malloc'd: the caller frees it) */
static inline char *test_crlf(const char *text)
{
    size_t n = strlen(text), lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += text[i] == '\n';
    char *out = malloc(n + lines + 1), *o = out;
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\n')
            *o++ = '\r';
        *o++ = text[i];
    }
    *o = '\0';
    return out;
}

/* all the cards of an arrangement: its melds and its deadwood */
static inline gr_cards test_arrangement_cards(const gr_arrangement *a)
{
    gr_cards all = a->deadwood;
    for (int i = 0; i < a->nmelds; i++)
        all |= a->melds[i];
    return all;
}

/* the points of a set of cards from G2, computed here without the library */
static inline int test_points(gr_cards s)
{
    int sum = 0;
    for (int c = 0; c < 52; c++)
        if (s & GR_CARD_BIT(c))
            sum += c % 13 >= 9 ? 10 : c % 13 + 1;
    return sum;
}

/* An arrangement from text: the deadwood, then the melds, NULL-terminated
 * (deadwood_points by test_points). */
static inline gr_arrangement test_arrangement(const char *deadwood, ...)
{
    gr_arrangement a;
    memset(&a, 0, sizeof a);
    va_list ap;
    va_start(ap, deadwood);
    const char *m;
    while ((m = va_arg(ap, const char *)) != NULL)
        a.melds[a.nmelds++] = test_cards(m);
    va_end(ap);
    a.deadwood = test_cards(deadwood);
    a.deadwood_points = test_points(a.deadwood);
    return a;
}

/* a new rule set of a preset (the caller frees it) */
static inline gr_rules *test_rules(int preset)
{
    gr_rules *r = NULL;
    ck_assert_int_eq(gr_rules_new(&r, preset), GR_OK);
    return r;
}

/* play a move given by type and card; the status */
static inline int test_play(gr_game *g, int type, gr_card card)
{
    gr_move m = { .type = type, .card = card };
    return gr_game_play(g, m);
}

/* 1 if the game lists a move of `type` (with `card`, or any card when it
 * is GR_NO_CARD) */
static inline int test_has_move(const gr_game *g, int type, gr_card card)
{
    gr_move mv[GR_MAX_MOVES];
    int n = gr_game_legal_moves(g, mv, GR_MAX_MOVES);
    ck_assert_int_ge(n, 0);
    ck_assert_int_le(n, GR_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (mv[i].type == type && (card == GR_NO_CARD || mv[i].card == card))
            return 1;
    return 0;
}

/* a move that must be refused with `code`, the game left as it was */
static inline void test_refuse(gr_game *g, int type, gr_card card, int code)
{
    char *before = test_save(g);
    ck_assert_int_eq(test_play(g, type, card), code);
    char *after = test_save(g);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
}

/* draw from the stock; returns the card drawn */
static inline gr_card test_draw_stock(gr_game *g)
{
    int p = gr_game_turn(g);
    gr_cards before = 0, after = 0;
    ck_assert_int_eq(gr_game_hand(g, p, &before), GR_OK);
    ck_assert_int_eq(test_play(g, GR_MOVE_DRAW_STOCK, GR_NO_CARD), GR_OK);
    ck_assert_int_eq(gr_game_hand(g, p, &after), GR_OK);
    ck_assert_int_eq(__builtin_popcountll(after & ~before), 1);
    return (gr_card)__builtin_ctzll(after & ~before);
}

/* the result of a hand that is over */
static inline gr_hand_result test_result(const gr_game *g)
{
    gr_hand_result res;
    ck_assert_int_eq(gr_game_phase(g), GR_PHASE_OVER);
    ck_assert_int_eq(gr_game_result(g, &res), GR_OK);
    return res;
}

/* true if *m is one of the view's legal moves */
static inline bool test_move_in(const gr_move *m, const gr_view *v)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == m->type && v->legal[i].card == m->card)
            return true;
    return false;
}

/* Run a suite as every test program does (CK_FORK and CK_VERBOSITY from
 * the environment); returns main's exit status.  Frees the runner. */
static inline int test_run_suite(Suite *suite)
{
    SRunner *sr = srunner_create(suite);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* The usual test program: suite `name` of one test case, "core", holding
 * tests[0..n-1] with a timeout of `timeout` seconds, run as
 * test_run_suite; returns main's exit status.  TEST_RUN_CORE takes an
 * array of the tests and counts it. */
static inline int test_run_core(const char *name, double timeout,
                                const TTest *const *tests, size_t n)
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, timeout);
    for (size_t i = 0; i < n; i++)
        tcase_add_test(tc, tests[i]);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
#define TEST_RUN_CORE(name, timeout, tests) \
    test_run_core((name), (timeout), (tests), sizeof (tests) / sizeof (tests)[0])
#endif

#endif /* GR_TESTUTIL_H */
