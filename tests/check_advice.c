/*
 * check_advice.c: advice (best discard under G11, taking a card, knock
 * arrangements), layoff helpers, positions, move text and history views,
 * checked against brute force on random positions with fixed
 * seeds.
 */
#include <check.h>

#include "testutil.h"

#include <ginrummy.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Check's assertions write to a pipe each time; these only on failure
 * (the random cases make millions of checks) */
#define FAST(c) do { if (!(c)) ck_abort_msg("%s:%d: %s failed", __FILE__, __LINE__, #c); } while (0)
#define FAST_EQ(a, b) do {                                                   \
        long long a_ = (long long)(a), b_ = (long long)(b);                  \
        if (a_ != b_)                                                        \
            ck_abort_msg("%s:%d: %s == %s: %lld vs %lld", __FILE__, __LINE__, \
                         #a, #b, a_, b_);                                    \
    } while (0)

#define C(text) test_cards(text)      /* testutil.h */
#define card(text) test_card(text)

/* ---- discards and taking ---------------------------------------------------- */

/* brute force: least deadwood over allowed discards, ties most points then
 * highest card */
static int oracle_discard(gr_cards hand, gr_cards allowed, gr_card *out)
{
    int best = -1;
    for (int c = 0; c < GR_NCARDS; c++) {
        if (!(allowed & hand & GR_CARD_BIT(c)))
            continue;
        int dw = gr_deadwood(hand & ~GR_CARD_BIT(c));
        if (best < 0 || dw < best
            || (dw == best && gr_card_points((gr_card)c) >= gr_card_points(*out))) {
            best = dw;
            *out = (gr_card)c;
        }
    }
    return best;
}

START_TEST(test_G11_best_discard_except)
{
    test_rng r = { 1311 };
    long n = test_count(2000);
    for (long i = 0; i < n; i++) {
        gr_cards hand = test_hand(&r, 11);
        gr_cards ex = test_hand_from(&r, hand, test_below(&r, 3));
        gr_card got = 99, want = 99;
        int dw = gr_best_discard_except(hand, ex, &got);
        FAST_EQ(dw, oracle_discard(hand, ~ex, &want));
        FAST_EQ(got, want);
        FAST(!(ex & GR_CARD_BIT(got)));
        gr_card plain;
        FAST_EQ(gr_best_discard_except(hand, 0, &got), gr_best_discard(hand, &plain));
        FAST_EQ(got, plain);
    }
    gr_card c;
    FAST_EQ(gr_best_discard_except(C("AS"), C("AS"), &c), GR_EINVAL);
    FAST_EQ(gr_best_discard_except(0, 0, &c), GR_EINVAL);
    FAST_EQ(gr_best_discard_except(C("AS 2S"), 0, NULL), GR_EINVAL);
    FAST_EQ(gr_best_discard_except((gr_cards)1 << 60, 0, &c), GR_EINVAL);
    FAST_EQ(gr_best_discard_except(C("AS 2S"), (gr_cards)1 << 60, &c), GR_EINVAL);
    FAST_EQ(gr_game_best_discard(NULL, &c), GR_EINVAL);
}
END_TEST

START_TEST(test_G11_advise_take)
{
    test_rng r = { 1312 };
    long n = test_count(400);
    for (long i = 0; i < n; i++) {
        gr_cards hand = test_hand(&r, 10);
        gr_cards rest = GR_ALL_CARDS & ~hand;
        gr_cards up = test_hand_from(&r, rest, 1);
        gr_card c = (gr_card)__builtin_ctzll(up);
        gr_cards unseen = test_hand_from(&r, rest & ~up, test_below(&r, 30));
        gr_take_advice a;
        FAST_EQ(gr_advise_take(hand, c, unseen, &a), GR_OK);
        gr_card d = 0;
        FAST_EQ(a.take_deadwood, oracle_discard(hand | up, hand, &d));
        FAST_EQ(a.take_discard, d);
        FAST(a.take_discard != c);
        long sum = 0;
        int k = 0, lo = 1000, hi = 0;
        for (int x = 0; x < GR_NCARDS; x++) {
            if (!(unseen & GR_CARD_BIT(x)))
                continue;
            int best = 1000;
            gr_cards h = hand | GR_CARD_BIT(x);
            for (int y = 0; y < GR_NCARDS; y++)
                if ((h & GR_CARD_BIT(y)) && gr_deadwood(h & ~GR_CARD_BIT(y)) < best)
                    best = gr_deadwood(h & ~GR_CARD_BIT(y));
            sum += best;
            k++;
            lo = best < lo ? best : lo;
            hi = best > hi ? best : hi;
        }
        FAST_EQ(a.unseen, k);
        if (k) {
            FAST(fabs(a.draw_expected - (double)sum / k) < 1e-9);
            FAST_EQ(a.draw_best, lo);
            FAST_EQ(a.draw_worst, hi);
            FAST_EQ(a.take, a.take_deadwood < (double)sum / k);
        } else {
            FAST_EQ(a.take, 1);
        }
    }
    gr_take_advice a;
    FAST_EQ(gr_advise_take(C("AS 2S"), card("AS"), 0, &a), GR_EINVAL);
    FAST_EQ(gr_advise_take(C("AS 2S"), card("3S"), C("3S"), &a), GR_EINVAL);
    FAST_EQ(gr_advise_take(C("AS 2S"), 52, 0, &a), GR_EINVAL);
    FAST_EQ(gr_advise_take(C("AS 2S"), card("3S"), 0, NULL), GR_EINVAL);
    FAST_EQ(gr_view_unseen(NULL, NULL), GR_EINVAL);
    FAST_EQ(gr_view_advise_take(NULL, &a), GR_EINVAL);
}
END_TEST

/* a game's view: unseen cards are the stock and the opponent's unknown */
START_TEST(test_G12_view_advice)
{
    gr_rules *rules;
    FAST_EQ(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    gr_game *g;
    FAST_EQ(gr_game_new(&g, rules, 77, 0), GR_OK);
    gr_view v;
    FAST_EQ(gr_game_view(g, 1, &v), GR_OK);
    gr_cards unseen, opp;
    FAST_EQ(gr_view_unseen(&v, &unseen), GR_OK);
    FAST_EQ(gr_game_hand(g, 0, &opp), GR_OK);
    FAST_EQ(gr_cards_count(unseen), 31 + 10);
    FAST((unseen & opp) == opp);
    gr_take_advice a;
    FAST_EQ(gr_view_advise_take(&v, &a), GR_OK);
    FAST_EQ(a.unseen, 41);
    FAST_EQ(gr_game_view(g, 0, &v), GR_OK);
    FAST_EQ(gr_view_advise_take(&v, &a), GR_ESTATE);   /* not his turn */
    gr_card c;
    FAST_EQ(gr_game_best_discard(g, &c), GR_ESTATE);
    gr_move take = { .type = GR_MOVE_TAKE_UPCARD, .card = GR_NO_CARD };
    gr_card up;
    FAST_EQ(gr_game_upcard(g, &up), GR_OK);
    FAST_EQ(gr_game_play(g, take), GR_OK);
    ck_assert_int_ge(gr_game_best_discard(g, &c), 0);
    FAST(c != up);   /* G11 */
    gr_game_free(g);
    gr_rules_free(rules);
}
END_TEST

/* ---- arrangements and knock advice -------------------------------------------- */

/* every meld inside a hand */
static int all_melds(gr_cards hand, gr_cards *out)
{
    int n = 0;
    for (int rk = 0; rk < 13; rk++) {
        gr_cards rank = 0;
        for (int s = 0; s < 4; s++)
            rank |= GR_CARD_BIT(s * 13 + rk);
        rank &= hand;
        for (gr_cards sub = rank; sub; sub = (sub - 1) & rank)
            if (gr_cards_count(sub) >= 3)
                out[n++] = sub;
    }
    for (int s = 0; s < 4; s++)
        for (int lo = 0; lo < 13; lo++)
            for (int hi = lo + 2; hi < 13; hi++) {
                gr_cards m = 0;
                for (int k = lo; k <= hi; k++)
                    m |= GR_CARD_BIT(s * 13 + k);
                if ((m & hand) == m)
                    out[n++] = m;
            }
    return n;
}

typedef struct brute {
    gr_cards hand, melds[200];
    int nmelds, limit, count, best_layoffs, best_dw;
    gr_cards chosen[20];
    int nchosen;
    gr_cards not_his;
} brute;

static bool brute_canonical(const brute *b)
{
    for (int i = 0; i < b->nchosen; i++)
        for (int j = 0; j < b->nchosen; j++) {
            if (i == j)
                continue;
            gr_cards u = b->chosen[i] | b->chosen[j];
            if (gr_meld_kind(b->chosen[i]) == GR_MELD_RUN
                && gr_meld_kind(b->chosen[j]) == GR_MELD_RUN
                && gr_meld_kind(u) == GR_MELD_RUN)
                return false;
        }
    return true;
}

/* layoffs by the meld test: x goes on m (grown by earlier x) when
 * m + x is a meld of the same kind */
static int brute_layoffs(const brute *b)
{
    gr_cards possible = GR_ALL_CARDS & ~b->hand & ~b->not_his, t = 0;
    for (int i = 0; i < b->nchosen; i++) {
        gr_cards m = b->chosen[i];
        int kind = gr_meld_kind(m);
        for (bool again = true; again;) {
            again = false;
            for (int x = 0; x < GR_NCARDS; x++) {
                gr_cards bit = GR_CARD_BIT(x);
                if (!(possible & bit) || (m & bit))
                    continue;
                if (gr_meld_kind(m | bit) == kind) {
                    t |= bit;
                    if (kind == GR_MELD_RUN) {
                        m |= bit;
                        again = true;
                    }
                }
            }
        }
    }
    return gr_cards_count(t);
}

static void brute_search(brute *b, int from, gr_cards used)
{
    gr_cards dead = b->hand & ~used;
    int dw = gr_cards_points(dead);
    if ((b->limit < 0 || dw <= b->limit) && brute_canonical(b)) {
        b->count++;
        int lay = brute_layoffs(b);
        bool gin = dw == 0, best_gin = b->best_dw == 0;   /* G14: gin first */
        if ((gin && !best_gin)
            || (gin == best_gin
                && (lay < b->best_layoffs || (lay == b->best_layoffs && dw < b->best_dw)))) {
            b->best_layoffs = lay;
            b->best_dw = dw;
        }
    }
    for (int i = from; i < b->nmelds; i++)
        if (!(b->melds[i] & used)) {
            b->chosen[b->nchosen++] = b->melds[i];
            brute_search(b, i + 1, used | b->melds[i]);
            b->nchosen--;
        }
}

START_TEST(test_G15_arrangements_brute_force)
{
    test_rng r = { 1315 };
    long n = test_count(300);
    static gr_arrangement list[4096];
    for (long i = 0; i < n; i++) {
        /* dense hands: few suits, so there are many melds */
        gr_cards from = test_below(&r, 2) ? GR_ALL_CARDS
                                          : (gr_cards)0x3FFFFFFFFFFFull & ~(gr_cards)0x1FFF;
        gr_cards hand = test_hand_from(&r, from, 10);
        int limit = test_below(&r, 4) == 0 ? -1 : test_below(&r, 30);
        brute b;
        memset(&b, 0, sizeof b);
        b.hand = hand;
        b.limit = limit;
        b.nmelds = all_melds(hand, b.melds);
        b.best_layoffs = 1000;
        b.best_dw = 1000;
        b.not_his = test_hand_from(&r, GR_ALL_CARDS & ~hand, 8);
        brute_search(&b, 0, 0);
        int got = gr_arrangements(hand, limit, list, 4096);
        FAST_EQ(got, b.count);
        FAST_EQ(gr_arrangements(hand, limit, NULL, 0), got);
        int least = 1000;
        for (int k = 0; k < got && k < 4096; k++) {
            FAST_EQ(gr_arrangement_check(&list[k], hand, limit, NULL), GR_OK);
            least = list[k].deadwood_points < least ? list[k].deadwood_points : least;
            for (int j = 1; j < list[k].nmelds; j++)   /* by lowest card */
                FAST(__builtin_ctzll(list[k].melds[j - 1])
                          < __builtin_ctzll(list[k].melds[j]));
        }
        if (got > 0)
            FAST_EQ(least, gr_deadwood(hand));
        gr_knock_advice ka;
        int rc = gr_advise_knock(hand, limit, b.not_his, &ka);
        if (got == 0) {
            FAST_EQ(rc, GR_EILLEGAL);
            continue;
        }
        FAST_EQ(rc, GR_OK);
        FAST_EQ(ka.layoffs, b.best_layoffs);
        FAST_EQ(ka.arrangement.deadwood_points, b.best_dw);
        FAST_EQ(gr_cards_count(ka.targets), ka.layoffs);
        FAST((ka.targets & (hand | b.not_his)) == 0);
    }
    FAST_EQ(gr_arrangements(GR_ALL_CARDS, 0, NULL, 0), GR_EINVAL);
    FAST_EQ(gr_arrangements(C("AS"), 0, NULL, 3), GR_EINVAL);
    FAST_EQ(gr_arrangements((gr_cards)1 << 52, 0, NULL, 0), GR_EINVAL);
    FAST_EQ(gr_advise_knock(C("AS"), 0, 0, NULL), GR_EINVAL);
    /* a hand-written case: 3-card set of sevens with 7S on the pile */
    gr_knock_advice ka;
    gr_cards hand = C("7C 7D 7H 8H 9H 10H 2C 3C 4C AS");
    FAST_EQ(gr_advise_knock(hand, 10, C("7S JH AC 5C"), &ka), GR_OK);
    FAST_EQ(ka.layoffs, 0);
    FAST_EQ(ka.arrangement.deadwood_points, 1);
    FAST_EQ(gr_advise_knock(hand, 10, C("JH AC 5C"), &ka), GR_OK);
    FAST_EQ(ka.layoffs, 1);
    FAST(ka.targets == C("7S"));
    FAST_EQ(gr_advise_knock(hand, 0, 0, &ka), GR_EILLEGAL);
    /* a choice: A-2-3 of hearts as a run (deadwood 7) or the threes as a
     * set (deadwood 4) */
    hand = C("AH 2H 3H 3C 3D 7S 8S 9S 10S AC");
    FAST_EQ(gr_arrangements(hand, 10, NULL, 0), 2);
    FAST_EQ(gr_advise_knock(hand, 10, C("4H 4S 6S JS 3S"), &ka), GR_OK);
    FAST_EQ(ka.arrangement.deadwood_points, 4);   /* tie: least deadwood */
    FAST_EQ(gr_advise_knock(hand, 10, C("4H 6S JS"), &ka), GR_OK);
    FAST_EQ(ka.arrangement.deadwood_points, 7);   /* 3S could go on the set */
    FAST_EQ(ka.layoffs, 0);
    /* G14: gin beats fewer layoffs; 3C-9C and the jacks is gin, 4C-9C
     * and the jacks with 3C (deadwood 3) leaves one layoff fewer */
    hand = C("3C 4C 5C 6C 7C 8C 9C JC JD JS");
    FAST_EQ(gr_advise_knock(hand, 10, 0, &ka), GR_OK);
    FAST_EQ(ka.arrangement.deadwood_points, 0);
    FAST_EQ(ka.arrangement.nmelds, 2);
}
END_TEST

/* ---- layoff helpers ---------------------------------------------------------- */

START_TEST(test_G17_layoff_targets_and_build)
{
    test_rng r = { 1317 };
    long n = test_count(400);
    for (long i = 0; i < n; i++) {
        gr_cards kh = test_hand(&r, 10);
        gr_arrangement k;
        gr_arrange(kh, &k);
        gr_cards d = test_hand_from(&r, GR_ALL_CARDS & ~kh, 10);
        gr_layoff best;
        ck_assert_int_ge(gr_lay_off(&k, d, &best), 0);
        /* a random subset of the best layoffs may not be legal (chains):
         * grow one card at a time through the targets instead */
        gr_cards laid = 0;
        for (int step = 0; step < 12; step++) {
            gr_cards t[GR_MAX_MELDS];
            FAST_EQ(gr_layoff_targets(&k, d, laid, t), k.nmelds);
            gr_cards any = 0;
            for (int m = 0; m < GR_MAX_MELDS; m++) {
                FAST((t[m] & ~d) == 0);
                FAST((t[m] & laid) == 0);
                if (m >= k.nmelds)
                    FAST(t[m] == 0);
                any |= t[m];
            }
            /* brute force: x is a target iff laid + x is legal */
            for (int x = 0; x < GR_NCARDS; x++) {
                gr_cards bit = GR_CARD_BIT(x);
                if (!(d & bit) || (laid & bit))
                    continue;
                gr_layoff built;
                int rc = gr_layoff_build(&k, d, laid | bit, &built);
                FAST_EQ(rc >= 0, (any & bit) != 0);
                if (rc >= 0) {
                    FAST_EQ(gr_layoff_check(&k, d, &built), GR_OK);
                    FAST_EQ(rc, built.defender.deadwood_points);
                    FAST(built.laid_off == (laid | bit));
                }
            }
            if (!any)
                break;
            gr_cards pick = test_hand_from(&r, any, 1);
            laid |= pick;
        }
        gr_layoff built;
        ck_assert_int_ge(gr_layoff_build(&k, d, best.laid_off, &built), 0);
        FAST_EQ(built.defender.deadwood_points, best.defender.deadwood_points);
    }
    gr_arrangement k;
    gr_arrange(C("7C 7D 7H 8S 9S 10S AD"), &k);
    gr_cards t[GR_MAX_MELDS];
    gr_layoff out;
    FAST_EQ(gr_layoff_targets(&k, C("7S 6S JS KC"), 0, t), 2);
    FAST(t[0] == C("7S") || t[1] == C("7S"));
    FAST_EQ(gr_layoff_targets(&k, C("7S 6S JS KC"), C("6S"), t), GR_EILLEGAL);
    FAST_EQ(gr_layoff_targets(&k, C("7S 6S JS KC"), C("7S"), t), 2);
    /* 7S laid on the run: 6S now fits it */
    FAST((t[0] | t[1]) == C("6S JS"));
    FAST_EQ(gr_layoff_targets(&k, C("7S 6S JS KC"), C("2S"), t), GR_EILLEGAL);
    FAST_EQ(gr_layoff_targets(&k, C("7S 7C"), 0, t), GR_EINVAL);
    FAST_EQ(gr_layoff_targets(NULL, C("7S"), 0, t), GR_EINVAL);
    FAST_EQ(gr_layoff_targets(&k, C("7S"), 0, NULL), GR_EINVAL);
    FAST_EQ(gr_layoff_build(&k, C("7S 6S KC"), C("KC"), &out), GR_EILLEGAL);
    FAST_EQ(gr_layoff_build(&k, C("7S 6S KC"), C("7S 6S"), &out), 10);
    FAST(out.laid_off == C("7S 6S"));
    FAST_EQ(gr_layoff_build(&k, C("7S 6S KC"), 0, NULL), GR_EINVAL);
}
END_TEST

/* ---- positions --------------------------------------------------------------- */

static gr_move random_move(gr_game *g, test_rng *r)
{
    gr_move legal[GR_MAX_MOVES];
    int n = gr_game_legal_moves(g, legal, GR_MAX_MOVES);
    ck_assert_int_gt(n, 0);
    /* avoid ending the hand too early: discards and draws mostly */
    gr_move m = legal[test_below(r, n)];
    if ((m.type == GR_MOVE_KNOCK || m.type == GR_MOVE_GIN) && test_below(r, 4))
        m = legal[0];
    return m;
}

static void same_state(const gr_game *a, const gr_game *b)
{
    FAST_EQ(gr_game_phase(a), gr_game_phase(b));
    FAST_EQ(gr_game_turn(a), gr_game_turn(b));
    FAST_EQ(gr_game_stock_size(a), gr_game_stock_size(b));
    FAST_EQ(gr_game_knock_limit(a), gr_game_knock_limit(b));
    for (int p = 0; p < 2; p++) {
        gr_cards x, y;
        gr_game_hand(a, p, &x);
        gr_game_hand(b, p, &y);
        FAST(x == y);
        gr_view va, vb;
        gr_game_view(a, p, &va);
        gr_game_view(b, p, &vb);
        FAST(memcmp(&va, &vb, sizeof va) == 0);
    }
    if (gr_game_phase(a) == GR_PHASE_OVER) {
        gr_hand_result ra, rb;
        FAST_EQ(gr_game_result(a, &ra), GR_OK);
        FAST_EQ(gr_game_result(b, &rb), GR_OK);
        FAST_EQ(ra.outcome, rb.outcome);
        FAST_EQ(ra.points, rb.points);
        FAST_EQ(ra.winner, rb.winner);
    }
}

START_TEST(test_G7_position_round_trip)
{
    test_rng r = { 1307 };
    long n = test_count(200);
    for (long i = 0; i < n; i++) {
        gr_rules *rules;
        FAST_EQ(gr_rules_new(&rules, (int)(i % 3)), GR_OK);
        if (i % 5 == 0)
            FAST_EQ(gr_rules_set(rules, GR_OPT_OKLAHOMA, 1), GR_OK);
        gr_game *g;
        FAST_EQ(gr_game_new(&g, rules, test_next(&r), (int)(i & 1)), GR_OK);
        int steps = test_below(&r, 40);
        for (int s = 0; s < steps && gr_game_phase(g) != GR_PHASE_OVER; s++)
            FAST_EQ(gr_game_play(g, random_move(g, &r)), GR_OK);
        if (gr_game_phase(g) == GR_PHASE_OVER) {
            gr_position p;
            FAST_EQ(gr_game_position(g, &p), GR_ESTATE);
            gr_game_free(g);
            gr_rules_free(rules);
            continue;
        }
        gr_position p, q;
        FAST_EQ(gr_game_position(g, &p), GR_OK);
        FAST_EQ(gr_position_check(rules, &p, NULL), GR_OK);
        /* text round trip */
        char text[2048];
        int len = gr_position_format(&p, text, sizeof text);
        ck_assert_int_gt(len, 0);
        ck_assert_int_lt(len, (int)sizeof text);
        memset(&q, 0x5A, sizeof q);
        FAST_EQ(gr_position_parse(text, &q, NULL), GR_OK);
        FAST(memcmp(&p, &q, sizeof p) == 0);
        /* the game from it plays on like the original */
        gr_game *h;
        FAST_EQ(gr_game_from_position(&h, rules, &p), GR_OK);
        FAST_EQ(gr_game_position(h, &q), GR_OK);
        FAST(memcmp(&p, &q, sizeof p) == 0);
        same_state(g, h);
        /* and is saved and loaded with its position */
        gr_game *l = NULL;
        while (gr_game_phase(g) != GR_PHASE_OVER) {
            gr_move m = random_move(g, &r);
            FAST_EQ(gr_game_play(g, m), GR_OK);
            FAST_EQ(gr_game_play(h, m), GR_OK);
            same_state(g, h);
            bool fresh = false;
            if (!l && test_below(&r, 8) == 0) {
                fresh = true;
                char *saved = test_save(h);
                FAST(strstr(saved, "\nposition ") != NULL);
                FAST_EQ(gr_game_load(&l, saved), GR_OK);
                char *again = test_save(l);
                ck_assert_str_eq(saved, again);
                free(saved);
                free(again);
            }
            if (l && fresh) {
                same_state(g, l);
            } else if (l) {
                FAST_EQ(gr_game_play(l, m), GR_OK);
                same_state(g, l);
            }
        }
        gr_game_free(l);
        gr_game_free(h);
        gr_game_free(g);
        gr_rules_free(rules);
    }
}
END_TEST

START_TEST(test_G7_position_validation)
{
    gr_rules *rules;
    FAST_EQ(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    gr_position p;
    FAST_EQ(gr_position_parse(
        "dealer 0; turn 1; phase upcard; hand0 AC 2C 3C 4C 5C 6C 7C 8C 9C 10C;"
        " hand1 AD 2D 3D 4D 5D 6D 7D 8D 9D 10D; pile KS; seed 42", &p, NULL), GR_OK);
    int why = -1;
    FAST_EQ(gr_position_check(rules, &p, &why), GR_OK);
    FAST_EQ(why, GR_REASON_NONE);
    gr_game *g = NULL;
    FAST_EQ(gr_game_from_position(&g, rules, &p), GR_OK);
    FAST_EQ(gr_game_stock_size(g), 31);
    FAST_EQ(gr_game_turn(g), 1);
    gr_card up;
    FAST_EQ(gr_game_upcard(g, &up), GR_OK);
    FAST_EQ(up, card("KS"));
    /* the same seed gives the same stock */
    gr_game *g2 = NULL;
    FAST_EQ(gr_game_from_position(&g2, rules, &p), GR_OK);
    gr_position a, b;
    gr_game_position(g, &a);
    gr_game_position(g2, &b);
    FAST(memcmp(&a, &b, sizeof a) == 0);
    gr_game_free(g2);
    /* the dealer to act in the upcard phase: the non-dealer passed */
    gr_position d = p;
    d.turn = 0;
    FAST_EQ(gr_game_from_position(&g2, rules, &d), GR_OK);
    gr_move pass = { .type = GR_MOVE_PASS, .card = GR_NO_CARD };
    FAST_EQ(gr_game_play(g2, pass), GR_OK);
    FAST_EQ(gr_game_phase(g2), GR_PHASE_DRAW);
    FAST_EQ(gr_game_turn(g2), 1);
    gr_game_free(g2);

    gr_position bad = a;
    bad.stock[0] = bad.stock[1];   /* a card twice, one missing */
    FAST_EQ(gr_position_check(rules, &bad, &why), GR_EINVAL);
    FAST_EQ(why, GR_REASON_CARDS_UNACCOUNTED);
    bad = a;
    bad.nstock--;                  /* one card missing */
    FAST_EQ(gr_position_check(rules, &bad, &why), GR_EINVAL);
    FAST_EQ(why, GR_REASON_CARDS_UNACCOUNTED);
    bad = a;
    bad.hand[0] &= ~C("AC");       /* 9 cards, AC on the stock */
    bad.stock[bad.nstock++] = card("AC");
    FAST_EQ(gr_position_check(rules, &bad, &why), GR_EINVAL);
    FAST_EQ(why, GR_REASON_CARD_COUNT);
    bad = a;
    bad.phase = 9;
    FAST_EQ(gr_position_check(rules, &bad, &why), GR_EINVAL);
    FAST_EQ(why, GR_REASON_BAD_VALUE);
    bad = a;
    bad.pile[0] = 77;
    FAST_EQ(gr_position_check(rules, &bad, &why), GR_EINVAL);
    FAST_EQ(why, GR_REASON_BAD_CARD);
    bad = a;
    bad.reserved[7] = 1;
    FAST_EQ(gr_position_check(rules, &bad, &why), GR_EINVAL);
    FAST_EQ(why, GR_REASON_RESERVED_NOT_ZERO);
    bad = a;
    bad.known[0] = C("AD");
    FAST_EQ(gr_position_check(rules, &bad, &why), GR_EINVAL);
    FAST_EQ(gr_position_check(NULL, &a, &why), GR_EINVAL);
    FAST_EQ(why, GR_REASON_NULL_ARGUMENT);
    FAST_EQ(gr_game_from_position(NULL, rules, &a), GR_EINVAL);
    FAST_EQ(gr_game_position(NULL, &a), GR_EINVAL);

    /* parse errors point at the token */
    gr_parse_error e;
    FAST_EQ(gr_position_parse("dealer 0; turn 1; phase dance", &p, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 24);
    FAST_EQ((int)e.length, 5);
    FAST_EQ(gr_position_parse("dealer 0; turn 1; phase draw; hand0 AC ZZ", &p, &e),
                     GR_EPARSE);
    FAST_EQ((int)e.offset, 39);
    FAST_EQ(gr_position_parse("dealer 0; dealer 1", &p, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 10);
    FAST_EQ(gr_position_parse("dealer 0", &p, &e), GR_EPARSE);   /* missing */
    /* a value above its limit is refused where it stands, one digit too */
    FAST_EQ(gr_position_parse("dealer 5; turn 1; phase draw", &p, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 7);
    FAST_EQ((int)e.length, 1);
    FAST_EQ(gr_position_parse("dealer 0; turn 2; phase draw", &p, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 15);
    FAST_EQ(gr_position_parse("dealer 0; turn 1; phase draw; seed 18446744073709551616",
                              &p, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 35);
    FAST_EQ(gr_position_parse(NULL, &p, &e), GR_EINVAL);
    char small[8];
    int len = gr_position_format(&a, small, sizeof small);
    ck_assert_int_gt(len, 8);
    FAST_EQ((int)strlen(small), 7);
    FAST_EQ(gr_position_format(NULL, small, 8), GR_EINVAL);
    gr_game_free(g);
    gr_rules_free(rules);
}
END_TEST

/* ---- move text, drawn card, history views ------------------------------------------ */

START_TEST(test_G10_move_text_and_history_view)
{
    test_rng r = { 1310 };
    long n = test_count(100);
    gr_rules *rules;
    FAST_EQ(gr_rules_new(&rules, GR_PRESET_STANDARD), GR_OK);
    for (long i = 0; i < n; i++) {
        gr_game *g;
        FAST_EQ(gr_game_new(&g, rules, test_next(&r), (int)(i & 1)), GR_OK);
        while (gr_game_phase(g) != GR_PHASE_OVER) {
            gr_move m = random_move(g, &r);
            char text[32];
            int len = gr_move_format(m, text, sizeof text);
            ck_assert_int_gt(len, 0);
            gr_move back;
            FAST_EQ(gr_move_parse(text, g, &back, NULL), GR_OK);
            FAST_EQ(back.type, m.type);
            if (m.type == GR_MOVE_DISCARD || m.type == GR_MOVE_KNOCK || m.type == GR_MOVE_GIN)
                FAST_EQ(back.card, m.card);
            int p = gr_game_turn(g);
            gr_cards before, after;
            gr_game_hand(g, p, &before);
            gr_card drawn = 99;
            FAST_EQ(gr_game_play_drawn(g, m, &drawn), GR_OK);
            gr_game_hand(g, p, &after);
            if (m.type == GR_MOVE_TAKE_UPCARD || m.type == GR_MOVE_DRAW_STOCK
                || m.type == GR_MOVE_DRAW_DISCARD)
                FAST(after == (before | GR_CARD_BIT(drawn)));
            else
                FAST_EQ(drawn, GR_NO_CARD);
        }
        /* the history text round trip, and each player's view of it */
        gr_move h[256], v0[256], v1[256];
        int nh = gr_game_history(g, h, 256);
        FAST_EQ(gr_game_history_view(g, 0, v0, 256), nh);
        FAST_EQ(gr_game_history_view(g, 1, v1, 256), nh);
        int hidden = 0;
        for (int k = 0; k < nh && k < 256; k++) {
            FAST_EQ(v0[k].type, h[k].type);
            FAST_EQ(v1[k].type, h[k].type);
            if (h[k].type == GR_MOVE_DRAW_STOCK) {
                /* exactly one of the two sees the card */
                FAST((v0[k].card == GR_NO_CARD) != (v1[k].card == GR_NO_CARD));
                hidden++;
            } else {
                FAST_EQ(v0[k].card, h[k].card);
                FAST_EQ(v1[k].card, h[k].card);
            }
            char text[32];
            ck_assert_int_gt(gr_move_format(h[k], text, sizeof text), 0);
            gr_move back;
            FAST_EQ(gr_move_parse(text, NULL, &back, NULL), GR_OK);
            FAST_EQ(back.card, h[k].card);
        }
        FAST_EQ(gr_game_history_view(g, 2, v0, 256), GR_EINVAL);
        FAST_EQ(gr_game_history_view(NULL, 0, v0, 256), GR_EINVAL);
        gr_game_free(g);
    }
    gr_rules_free(rules);

    gr_move m;
    gr_parse_error e;
    FAST_EQ(gr_move_parse("  Discard 7h ", NULL, &m, &e), GR_OK);
    FAST_EQ(m.type, GR_MOVE_DISCARD);
    FAST_EQ(m.card, card("7H"));
    FAST_EQ(gr_move_parse("big gin", NULL, &m, NULL), GR_OK);
    FAST_EQ(m.type, GR_MOVE_BIG_GIN);
    FAST_EQ(gr_move_parse("take", NULL, &m, NULL), GR_OK);
    FAST_EQ(m.type, GR_MOVE_TAKE_UPCARD);
    FAST_EQ(gr_move_parse("dicsard 7H", NULL, &m, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 0);
    FAST_EQ((int)e.length, 7);
    FAST_EQ(gr_move_parse("discard 7Z", NULL, &m, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 8);
    FAST_EQ((int)e.length, 2);
    FAST_EQ(gr_move_parse("knock", NULL, &m, &e), GR_EPARSE);
    FAST_EQ((int)e.length, 0);
    FAST_EQ(gr_move_parse("pass 7H", NULL, &m, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 5);
    FAST_EQ(gr_move_parse("discard 7H 8H", NULL, &m, &e), GR_EPARSE);
    FAST_EQ((int)e.offset, 11);
    FAST_EQ(gr_move_parse("", NULL, &m, &e), GR_EPARSE);
    FAST_EQ(gr_move_parse(NULL, NULL, &m, &e), GR_EINVAL);
    gr_move bad = { .type = 42, .card = 0 };
    FAST_EQ(gr_move_format(bad, NULL, 0), GR_EINVAL);
    bad.type = GR_MOVE_DISCARD;
    bad.card = 60;
    FAST_EQ(gr_move_format(bad, NULL, 0), GR_EINVAL);
    gr_card d;
    FAST_EQ(gr_game_play_drawn(NULL, m, &d), GR_EINVAL);
}
END_TEST

static Suite *advice_suite(void)
{
    Suite *s = suite_create("advice");
    TCase *tc = tcase_create("advice");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_G11_best_discard_except);
    tcase_add_test(tc, test_G11_advise_take);
    tcase_add_test(tc, test_G12_view_advice);
    tcase_add_test(tc, test_G15_arrangements_brute_force);
    tcase_add_test(tc, test_G17_layoff_targets_and_build);
    suite_add_tcase(s, tc);
    TCase *tp = tcase_create("positions and text");
    tcase_set_timeout(tp, 120);
    tcase_add_test(tp, test_G7_position_round_trip);
    tcase_add_test(tp, test_G7_position_validation);
    tcase_add_test(tp, test_G10_move_text_and_history_view);
    suite_add_tcase(s, tp);
    return s;
}

int main(void)
{
    return test_run_suite(advice_suite());
}
