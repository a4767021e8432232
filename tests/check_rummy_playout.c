/*
 * check_rummy_playout.c: Rummy hands for search: the legal masks hold
 * exactly the moves gr_rummy_game_legal_moves lists (random hands under
 * every option, R3-R5 and the R4 Decision on dead ends), gr_rummy_game_step
 * is gr_rummy_game_play plus the next masks, gr_rummy_game_redeal deals as
 * gr_rummy_game_new without allocating, and the built-in playouts end
 * every hand with moves the rules accept (their history replays to the
 * same result) and are deterministic; RANDOM's fast path plays the moves
 * it played before (histories pinned to digests), and what it relies on
 * holds (a hand that is one meld holds only pattern faces; its coin is
 * gr__rng_below(2)).
 */
#include <check.h>

#include "ginrummy.h"
#include "common/rng.h"
#include "rummy/cards.h"
#include "testutil.h"
#include "rummy_testutil.h"

/* true if the masks allow action a (a MELD by the rule in the header) */
static int masks_allow(const gr_rummy_masks *m, const gr_rummy_action *a, int flags)
{
    if (!(m->types & (1u << a->type)))
        return 0;
    switch (a->type) {
    case GR_RUMMY_ACT_DRAW_DISCARD:
        return a->card == m->top;
    case GR_RUMMY_ACT_DISCARD:
        return a->card == GR_RUMMY_JOKER ? m->discard_joker
                                         : (int)(m->discard >> a->card & 1);
    case GR_RUMMY_ACT_LAY_OFF:
        if (a->target < 0 || a->target >= m->nmelds)
            return 0;
        return a->card == GR_RUMMY_JOKER
            ? (int)(m->joker_layoff[a->target] >> a->named & 1)
            : (int)(m->layoff[a->target] >> a->card & 1);
    case GR_RUMMY_ACT_SWAP_JOKER:
        return a->target >= 0 && a->target < m->nmelds
            && (m->swap[a->target] >> a->card & 1);
    case GR_RUMMY_ACT_MELD: {
        gr_cards nat = a->meld.cards & ~a->meld.jokers;
        return gr_rummy_meld_kind(&a->meld, flags) > 0 && nat
            && (nat & ~m->hand.once) == 0
            && __builtin_popcountll(a->meld.jokers) <= m->hand.jokers
            && (nat & ~m->meld) == 0;
    }
    default:
        return 1;
    }
}

/* masks and list agree: every listed move allowed, every allowed discard,
 * layoff and swap listed, the meld mask the union of the listed melds */
static void check_masks(const gr_rummy_game *g, int flags)
{
    gr_rummy_masks m;
    ck_assert_int_eq(gr_rummy_game_legal_masks(g, &m), GR_OK);
    static gr_rummy_action list[4096];
    int n = gr_rummy_game_legal_moves(g, list, 4096);
    ck_assert_int_le(n, 4096);
    unsigned types = 0;
    gr_cards melds = 0;
    int ndisc = 0, nlay = 0, nswap = 0;
    for (int i = 0; i < n; i++) {
        types |= 1u << list[i].type;
        ck_assert_msg(masks_allow(&m, &list[i], flags), "listed move %d (type %d) not in the masks",
                      i, list[i].type);
        if (list[i].type == GR_RUMMY_ACT_MELD)
            melds |= list[i].meld.cards & ~list[i].meld.jokers;
        ndisc += list[i].type == GR_RUMMY_ACT_DISCARD;
        nlay += list[i].type == GR_RUMMY_ACT_LAY_OFF;
        nswap += list[i].type == GR_RUMMY_ACT_SWAP_JOKER;
    }
    ck_assert_uint_eq(types, m.types);
    ck_assert_uint_eq(melds, m.meld);
    ck_assert_int_eq(ndisc, __builtin_popcountll(m.discard) + m.discard_joker
                     - (m.types & (1u << GR_RUMMY_ACT_DISCARD) ? 0 : 0));
    int mlay = 0, mswap = 0;
    for (int t = 0; t < m.nmelds; t++) {
        mlay += __builtin_popcountll(m.layoff[t]) + __builtin_popcountll(m.joker_layoff[t]);
        mswap += __builtin_popcountll(m.swap[t]);
    }
    ck_assert_int_eq(nlay, mlay);
    ck_assert_int_eq(nswap, mswap);
    for (size_t i = 0; i < sizeof m.reserved / sizeof m.reserved[0]; i++)
        ck_assert_int_eq(m.reserved[i], 0);
}

START_TEST(masks_are_the_legal_moves)
{
    test_rng rng = { 29 };
    long hands = test_count(60);
    for (long k = 0; k < hands; k++) {
        gr_rummy_rules *r = test_rummy_random_rules(&rng);
        int ace;
        gr_rummy_rules_get(r, GR_RUMMY_OPT_ACE_HIGH, &ace);
        int players;
        gr_rummy_rules_get(r, GR_RUMMY_OPT_PLAYERS, &players);
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, r, test_next(&rng), 0), GR_OK);
        static gr_rummy_action list[4096];
        int steps = 0;
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER && steps++ < 400) {
            check_masks(g, ace ? GR_RUMMY_ACE_HIGH : 0);
            int n = gr_rummy_game_legal_moves(g, list, 4096);
            ck_assert_int_gt(n, 0);
            /* prefer melds and layoffs so tables fill and jokers move */
            int pick = test_below(&rng, n);
            for (int tries = 0; tries < 3 && list[pick].type == GR_RUMMY_ACT_DISCARD; tries++)
                pick = test_below(&rng, n);
            gr_rummy_masks next, want;
            ck_assert_int_eq(gr_rummy_game_step(g, &list[pick], &next), GR_OK);
            ck_assert_int_eq(gr_rummy_game_legal_masks(g, &want), GR_OK);
            ck_assert_uint_eq(next.types, want.types);
            ck_assert_uint_eq(next.meld, want.meld);
            ck_assert_uint_eq(next.discard, want.discard);
        }
        check_masks(g, ace ? GR_RUMMY_ACE_HIGH : 0);
        gr_rummy_game_free(g);
        gr_rummy_rules_free(r);
        (void)players;
    }
}
END_TEST

/* R4 Decision: the masks drop what would leave only the card taken */
START_TEST(masks_dead_end)
{
    /* two players, one deck: seat 1 holds 3C 4C 5C ... stacked so that
     * after taking the pile's 9D a meld of the run would leave 9D alone */
    gr_rummy_rules *r = test_rummy_rules(2, 0, 0, 0, 0);
    gr_card deck[52];
    int k = 0;
    /* seat 1 (after dealer 0) gets cards 0,2,4,..; seat 0 gets 1,3,.. */
    gr_card s1[10] = { GR_CARD(2, 0), GR_CARD(3, 0), GR_CARD(4, 0), GR_CARD(8, 2),
                       GR_CARD(9, 2), GR_CARD(10, 2), GR_CARD(0, 3), GR_CARD(1, 3),
                       GR_CARD(2, 3), GR_CARD(5, 1) };
    int used[52] = { 0 };
    for (int i = 0; i < 10; i++)
        used[s1[i]] = 1;
    used[GR_CARD(8, 1)] = 1;   /* 9D: the upcard */
    int other = 0;
    for (int i = 0; i < 10; i++) {
        deck[k++] = s1[i];
        while (used[other])
            other++;
        used[other] = 1;
        deck[k++] = (gr_card)other;
    }
    deck[k++] = GR_CARD(8, 1);
    for (int c = 0; c < 52; c++)
        if (!used[c])
            deck[k++] = (gr_card)c;
    ck_assert_int_eq(k, 52);
    gr_rummy_game *g;
    ck_assert_int_eq(gr_rummy_game_new_from_deck(&g, r, deck, 52, 0), GR_OK);
    gr_rummy_masks m;
    gr_rummy_action a = { .type = GR_RUMMY_ACT_DRAW_DISCARD };
    ck_assert_int_eq(gr_rummy_game_step(g, &a, &m), GR_OK);
    ck_assert_uint_eq(m.taken, GR_CARD(8, 1));
    ck_assert(!(m.discard >> GR_CARD(8, 1) & 1));
    check_masks(g, 0);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* R4 Decision on small hands: after taking the pile's card, a hand of
 * that card (once or twice), a few distinct faces of one rank or one suit
 * and some jokers is where a meld could leave only the card taken: the
 * meld mask (worked out without listing) against the listed melds, under
 * both ace rules, one and two decks, a natural or a joker taken; then a
 * RANDOM playout from there (debug builds compare each of its moves with
 * the general policy) whose history replays. */
START_TEST(masks_of_small_hands_after_taking)
{
    test_rng rng = { 3301 };
    long cases = test_count(1500), made = 0;
    for (long k = 0; k < cases; k++) {
        int decks = 1 + test_below(&rng, 2), ace = test_below(&rng, 2);
        int jokers = test_below(&rng, 3);
        gr_rummy_rules *r = test_rummy_rules(4, jokers, decks, ace, 0);
        gr_rummy_position p;
        memset(&p, 0, sizeof p);
        p.nplayers = 4;
        p.dealer = 3;
        p.turn = 0;
        p.phase = GR_RUMMY_PHASE_PLAY;
        p.stock_from_seed = 1;
        p.seed = test_next(&rng);
        gr_rummy_hand *h = &p.hand[0];
        bool joker_taken = jokers > 0 && test_below(&rng, 4) == 0;
        gr_card taken = joker_taken ? GR_RUMMY_JOKER : (gr_card)test_below(&rng, 52);
        p.taken = taken;
        ck_assert_int_eq(gr_rummy_hand_add(h, taken), GR_OK);
        ck_assert_int_eq(gr_rummy_hand_add(&p.known[0], taken), GR_OK);
        if (!joker_taken && decks == 2 && test_below(&rng, 3) == 0)
            ck_assert_int_eq(gr_rummy_hand_add(h, taken), GR_OK);
        /* distinct faces of one rank or one suit, round a random face */
        gr_card f = (gr_card)test_below(&rng, 52);
        int n = test_below(&rng, 6);
        for (int i = 0; i < 13 && n > 0; i++) {
            gr_card c = test_below(&rng, 2)
                ? GR_CARD(GR_CARD_RANK(f), test_below(&rng, 4))
                : GR_CARD(test_below(&rng, 13), GR_CARD_SUIT(f));
            if (c != taken && !(h->once >> c & 1) && gr_rummy_hand_add(h, c) == GR_OK)
                n--;
        }
        int nj = jokers ? test_below(&rng, 1 + jokers * decks - joker_taken) : 0;
        h->jokers += nj;
        for (int s = 1; s < 4; s++)   /* the others hold a card or two */
            for (int i = 0; i < 2; i++) {
                gr_card c = (gr_card)test_below(&rng, 52);
                gr_rummy_hand all = p.hand[0];
                for (int t = 1; t < 4; t++) {
                    all.once |= p.hand[t].once;
                    all.twice |= p.hand[t].twice;
                }
                if (!((decks == 1 ? all.once : all.twice) >> c & 1))
                    ck_assert_int_eq(gr_rummy_hand_add(&p.hand[s], c), GR_OK);
            }
        gr_rummy_game *g;
        if (gr_rummy_position_check(r, &p, NULL) == GR_OK) {
            made++;
            ck_assert_int_eq(gr_rummy_game_from_position(&g, r, &p), GR_OK);
            check_masks(g, ace ? GR_RUMMY_ACE_HIGH : 0);
            gr_rummy_game *replay;
            ck_assert_int_eq(gr_rummy_game_clone(&replay, g), GR_OK);
            gr_rummy_result res, res2;
            ck_assert_int_eq(gr_rummy_game_playout(g, GR_RUMMY_PLAYOUT_RANDOM,
                                                   test_next(&rng), &res), GR_OK);
            static gr_rummy_action hist[GR_RUMMY_MAX_HAND_MOVES];
            int nh = gr_rummy_game_history(g, hist, GR_RUMMY_MAX_HAND_MOVES);
            for (int i = 0; i < nh; i++)
                ck_assert_int_eq(gr_rummy_game_play(replay, &hist[i]), GR_OK);
            ck_assert_int_eq(gr_rummy_game_result(replay, &res2), GR_OK);
            ck_assert_int_eq(memcmp(&res, &res2, sizeof res), 0);
            gr_rummy_game_free(replay);
            gr_rummy_game_free(g);
        }
        gr_rummy_rules_free(r);
    }
    ck_assert_int_ge(made, cases * 3 / 4);   /* most are positions */
}
END_TEST

/* R4: a refused step changes nothing but the reason, which is play's */
START_TEST(step_refuses_like_play)
{
    gr_rummy_rules *r = test_rummy_rules(3, 1, 0, 0, 0);
    gr_rummy_game *g;
    ck_assert_int_eq(gr_rummy_game_new(&g, r, 5, 1), GR_OK);
    gr_rummy_masks m, before;
    /* the arrays past nmelds are not written: zero them to compare bytes */
    memset(&m, 0, sizeof m);
    gr_rummy_game_legal_masks(g, &m);
    memcpy(&before, &m, sizeof m);
    gr_rummy_action bad = { .type = GR_RUMMY_ACT_DISCARD, .card = 0 };
    ck_assert_int_eq(gr_rummy_game_step(g, &bad, &m), GR_ESTATE);
    ck_assert_int_eq(memcmp(&m, &before, sizeof m), 0);
    /* R4: the reason is kept as gr_rummy_game_play() keeps it */
    ck_assert_int_eq(gr_rummy_game_last_reason(g), GR_REASON_DRAW_FIRST);
    bad.type = 99;
    ck_assert_int_eq(gr_rummy_game_step(g, &bad, &m), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_last_reason(g), GR_REASON_BAD_VALUE);
    ck_assert_int_eq(gr_rummy_game_step(g, NULL, &m), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_last_reason(g), GR_REASON_NULL_ARGUMENT);
    ck_assert_int_eq(gr_rummy_game_step(NULL, &bad, &m), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_step(g, NULL, &m), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_legal_masks(NULL, &m), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_legal_masks(g, NULL), GR_EINVAL);
    gr_rummy_action draw = { .type = GR_RUMMY_ACT_DRAW_STOCK };
    ck_assert_int_eq(gr_rummy_game_step(g, &draw, NULL), GR_OK);
    ck_assert_int_eq(gr_rummy_game_last_reason(g), GR_REASON_NONE);
    ck_assert_int_eq(gr_rummy_game_phase(g), GR_RUMMY_PHASE_PLAY);
    ck_assert_int_eq(gr_rummy_game_step(g, &draw, &m), GR_ESTATE);   /* R4 */
    ck_assert_int_eq(gr_rummy_game_last_reason(g), GR_REASON_DRAWN_ALREADY);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* an allocator that counts */
static long nallocs;
static void *count_malloc(size_t n, void *ctx) { (void)ctx; nallocs++; return malloc(n); }
static void count_free(void *p, void *ctx) { (void)ctx; free(p); }

static void same_state(const gr_rummy_game *a, const gr_rummy_game *b)
{
    char sa[8192], sb[8192];
    ck_assert_int_lt(gr_rummy_game_save(a, sa, sizeof sa), (int)sizeof sa);
    ck_assert_int_lt(gr_rummy_game_save(b, sb, sizeof sb), (int)sizeof sb);
    ck_assert_str_eq(sa, sb);
}

START_TEST(redeal_is_a_new_deal_without_allocating)
{
    gr_allocator mm = { count_malloc, count_free, NULL, { NULL } };
    gr_rummy_rules *r;
    ck_assert_int_eq(gr_rummy_rules_new_mm(&r, GR_RUMMY_PRESET_PARLETT, &mm), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, 6), GR_OK);
    ck_assert_int_eq(gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, 2), GR_OK);
    gr_rummy_game *g, *fresh;
    ck_assert_int_eq(gr_rummy_game_new(&g, r, 1, 0), GR_OK);
    ck_assert_int_eq(gr_rummy_game_playout(g, GR_RUMMY_PLAYOUT_BASIC, 3, NULL), GR_OK);
    for (uint64_t seed = 10; seed < 20; seed++) {
        long before = nallocs;
        ck_assert_int_eq(gr_rummy_game_redeal(g, seed, (int)(seed % 6)), GR_OK);
        ck_assert_int_eq(nallocs, before);
        ck_assert_int_eq(gr_rummy_game_new(&fresh, r, seed, (int)(seed % 6)), GR_OK);
        same_state(g, fresh);
        gr_rummy_game_free(fresh);
        ck_assert_int_eq(gr_rummy_game_playout(g, GR_RUMMY_PLAYOUT_RANDOM, seed, NULL), GR_OK);
        before = nallocs;
        ck_assert_int_eq(gr_rummy_game_redeal(g, seed, 0), GR_OK);
        ck_assert_int_eq(gr_rummy_game_playout(g, GR_RUMMY_PLAYOUT_BASIC, seed, NULL), GR_OK);
        ck_assert_int_eq(nallocs, before);   /* the history block is reused */
    }
    ck_assert_int_eq(gr_rummy_game_redeal(g, 1, 6), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_redeal(g, 1, -1), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_redeal(NULL, 1, 0), GR_EINVAL);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

/* a playout's history replays through gr_rummy_game_play to its result */
static void check_playout(const gr_rummy_rules *r, uint64_t seed, int policy, int presteps)
{
    gr_rummy_game *g, *replay;
    ck_assert_int_eq(gr_rummy_game_new(&g, r, seed, 0), GR_OK);
    /* start anywhere: a few random moves first, mid-turn too */
    static gr_rummy_action list[4096];
    test_rng rng = { seed };
    for (int i = 0; i < presteps && gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER; i++) {
        int n = gr_rummy_game_legal_moves(g, list, 4096);
        ck_assert_int_eq(gr_rummy_game_play(g, &list[test_below(&rng, n)]), GR_OK);
    }
    gr_rummy_game *copy;
    ck_assert_int_eq(gr_rummy_game_clone(&copy, g), GR_OK);
    gr_rummy_result res, res2, res3;
    ck_assert_int_eq(gr_rummy_game_playout(g, policy, seed * 7, &res), GR_OK);
    ck_assert_int_eq(gr_rummy_game_phase(g), GR_RUMMY_PHASE_OVER);
    ck_assert_int_eq(gr_rummy_game_playout(copy, policy, seed * 7, &res2), GR_OK);
    ck_assert_int_eq(memcmp(&res, &res2, sizeof res), 0);   /* deterministic */
    ck_assert_int_eq(gr_rummy_game_new(&replay, r, seed, 0), GR_OK);
    static gr_rummy_action hist[GR_RUMMY_MAX_HAND_MOVES];
    int n = gr_rummy_game_history(g, hist, GR_RUMMY_MAX_HAND_MOVES);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(gr_rummy_game_play(replay, &hist[i]), GR_OK);
    ck_assert_int_eq(gr_rummy_game_result(replay, &res3), GR_OK);
    ck_assert_int_eq(memcmp(&res, &res3, sizeof res), 0);
    /* over: the playout just gives the result */
    ck_assert_int_eq(gr_rummy_game_playout(g, policy, 1, &res2), GR_OK);
    ck_assert_int_eq(memcmp(&res, &res2, sizeof res), 0);
    gr_rummy_game_free(g);
    gr_rummy_game_free(copy);
    gr_rummy_game_free(replay);
}

START_TEST(playouts_follow_the_rules)
{
    test_rng rng = { 2029 };
    long n = test_count(80);
    for (long k = 0; k < n; k++) {
        gr_rummy_rules *r = test_rummy_random_rules(&rng);
        uint64_t seed = test_next(&rng);
        check_playout(r, seed, GR_RUMMY_PLAYOUT_RANDOM, test_below(&rng, 30));
        check_playout(r, seed, GR_RUMMY_PLAYOUT_BASIC, test_below(&rng, 30));
        gr_rummy_rules_free(r);
    }
}
END_TEST

/* FNV-1a over a hand's history: the moves' fields, not their padding */
static uint64_t history_digest(uint64_t h, const gr_rummy_game *g)
{
    static gr_rummy_action hist[GR_RUMMY_MAX_HAND_MOVES];
    int n = gr_rummy_game_history(g, hist, GR_RUMMY_MAX_HAND_MOVES);
    for (int i = 0; i < n; i++) {
        const gr_rummy_action *a = &hist[i];
        uint64_t f[6] = { (uint64_t)a->type, a->card, a->named, (uint64_t)a->target,
                          a->meld.cards, a->meld.jokers };
        for (int k = 0; k < 6; k++)
            for (int b = 0; b < 64; b += 8)
                h = (h ^ ((f[k] >> b) & 0xFF)) * 0x100000001B3ull;
    }
    return h;
}

/* a RANDOM playout of g from here, its history folded into *digest and
 * its length counted in *moves */
static void random_playout(gr_rummy_game *g, uint64_t seed, uint64_t *digest, long *moves)
{
    ck_assert_int_eq(gr_rummy_game_playout(g, GR_RUMMY_PLAYOUT_RANDOM, seed, NULL), GR_OK);
    *moves += gr_rummy_game_history(g, NULL, 0);
    *digest = history_digest(*digest, g);
}

static void check_pinned(uint64_t digest, long moves, uint64_t want, long want_moves)
{
    ck_assert_msg(digest == want && moves == want_moves, "digest %#llx after %ld moves",
                  (unsigned long long)digest, moves);
}

/* The RANDOM playout is worked out by its own fast path (no masks, the
 * layoff faces kept through the hand, the hardware popcount); its moves
 * are the general policy's, number for number.  Debug builds compare
 * every move with the general path; here the histories of fixed hands
 * under every option, started mid-turn too, are pinned to their digest
 * under the general path (the library before the fast path). */
START_TEST(random_playout_is_the_general_policy)
{
    test_rng rng = { 4177 };
    uint64_t digest = 0xCBF29CE484222325ull;
    static gr_rummy_action list[4096];
    long moves = 0;
    for (int k = 0; k < 48; k++) {
        gr_rummy_rules *r = test_rummy_random_rules(&rng);
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, r, test_next(&rng), k % 2), GR_OK);
        int presteps = test_below(&rng, 40);
        for (int i = 0; i < presteps && gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER; i++) {
            int n = gr_rummy_game_legal_moves(g, list, 4096);
            ck_assert_int_eq(gr_rummy_game_play(g, &list[test_below(&rng, n)]), GR_OK);
        }
        random_playout(g, test_next(&rng), &digest, &moves);
        gr_rummy_game_free(g);
        gr_rummy_rules_free(r);
    }
    check_pinned(digest, moves, 0x22aeb4a65dfa177eull, 11293);
}
END_TEST

/* The same, over many more whole hands redealt in place (where a hand
 * that is one meld, the rarer moves and turnovers come up often enough):
 * 2 to 7 players, one and two decks, 0 to 4 jokers a deck, the ace low
 * and high; pinned to the digest of the library before its latest work
 * on the fast path. */
START_TEST(random_playouts_of_many_hands_are_pinned)
{
    static const int conf[][4] = {   /* players, jokers, decks, ace high */
        { 2, 1, 0, 0 }, { 4, 1, 0, 0 }, { 7, 1, 0, 0 }, { 2, 0, 0, 0 },
        { 2, 4, 0, 1 }, { 3, 2, 0, 1 }, { 7, 4, 2, 0 }, { 6, 2, 0, 1 }
    };
    uint64_t digest = 0xCBF29CE484222325ull;
    long moves = 0;
    for (int c = 0; c < 8; c++) {
        gr_rummy_rules *r = test_rummy_rules(conf[c][0], conf[c][1], conf[c][2], conf[c][3], 3);
        gr_rummy_game *g;
        ck_assert_int_eq(gr_rummy_game_new(&g, r, 1, 0), GR_OK);
        for (int i = 0; i < 250; i++) {
            ck_assert_int_eq(gr_rummy_game_redeal(g, (uint64_t)(1000 * c + i), i % conf[c][0]),
                             GR_OK);
            random_playout(g, (uint64_t)i, &digest, &moves);
        }
        gr_rummy_game_free(g);
        gr_rummy_rules_free(r);
    }
    check_pinned(digest, moves, 0x65cb542887d2fb85ull, 473523);
}
END_TEST

/* The RANDOM playout tests whether the whole hand is one meld (R3, R7:
 * it then goes out at once) only when every natural it holds is among
 * gr__rpattern_faces, the faces of its melds of three (every face of a
 * longer meld is in one).  That holds for every hand that is one meld:
 * checked here over every set and run of one suit (the ace high too) and
 * every naming of at most one joker in it (with two jokers every face is
 * a pattern face), each meld accepted by gr_rummy_meld_check. */
START_TEST(whole_meld_hands_are_pattern_faces)
{
    int melds = 0;
    for (int flags = 0; flags <= GR_RUMMY_ACE_HIGH; flags += GR_RUMMY_ACE_HIGH)
        for (int kind = 0; kind < 2; kind++)
            for (int x = 0; x < (kind ? 4 : 13); x++)
                for (unsigned m = 1; m < (kind ? 1u << 13 : 1u << 4); m++) {
                    gr_rummy_meld meld = { 0, 0 };
                    for (int b = 0; b < (kind ? 13 : 4); b++)   /* runs of suit x, sets of rank x */
                        if (m >> b & 1)
                            meld.cards |= GR_CARD_BIT(kind ? GR_CARD(b, x) : GR_CARD(x, b));
                    if (gr_rummy_meld_check(&meld, flags, NULL) != GR_OK)
                        continue;
                    for (gr_cards j = meld.cards;; j &= j - 1) {   /* no joker, then each face */
                        gr_rummy_meld named = { meld.cards, j & (~j + 1) };
                        gr_cards once = named.cards & ~named.jokers;
                        int nj = named.jokers != 0;
                        ck_assert_int_eq(gr_rummy_meld_check(&named, flags, NULL), GR_OK);
                        ck_assert_msg((once & ~gr__rpattern_faces(once, nj, flags)) == 0,
                                      "meld %#llx with joker %#llx (flags %d): a natural outside the patterns",
                                      (unsigned long long)meld.cards,
                                      (unsigned long long)named.jokers, flags);
                        melds++;
                        if (!j)
                            break;
                    }
                }
    ck_assert_int_gt(melds, 1000);
}
END_TEST

/* the playouts' coin is gr__rng_below(2), number for number */
START_TEST(coin_is_below_two)
{
    gr_rng a, b;
    uint64_t x = 2026;
    for (int i = 0; i < 4; i++)
        a.s[i] = gr__splitmix64(&x);
    b = a;
    for (long i = 0; i < test_count(100000); i++) {
        ck_assert_uint_eq(gr__rng_coin(&a), gr__rng_below(&b, 2));
        ck_assert(memcmp(&a, &b, sizeof a) == 0);
    }
}
END_TEST

/* true if, from the game's public state, nobody can ever go out: no card
 * off the table (hands, stock, pile) lays off on a table meld or takes a
 * table joker, and no hand can hold a new meld (2 cards at most after a
 * draw, or no 3 cards off the table make a set or a run); each checked
 * by brute force over the faces */
static int nobody_can_go_out(const gr_rummy_game *g, int flags)
{
    int count[GR_NCARDS + 1] = { 0 }, most = 0, n;
    gr_card cards[256];
    for (int p = 0; p < gr_rummy_game_players(g); p++) {
        gr_rummy_hand h;
        ck_assert_int_eq(gr_rummy_game_hand(g, p, &h), GR_OK);
        for (int c = 0; c < GR_NCARDS; c++)
            count[c] += (int)(h.once >> c & 1) + (int)(h.twice >> c & 1);
        count[GR_NCARDS] += h.jokers;
        if (gr_rummy_hand_count(&h) > most)
            most = gr_rummy_hand_count(&h);
    }
    n = gr_rummy_game_stock(g, cards, 256);
    n += gr_rummy_game_discards(g, cards + n, (size_t)(256 - n));
    for (int i = 0; i < n; i++)
        count[cards[i] == GR_RUMMY_JOKER ? GR_NCARDS : cards[i]]++;
    gr_rummy_meld table[GR_RUMMY_MAX_MELDS];
    int nt = gr_rummy_game_melds(g, table, GR_RUMMY_MAX_MELDS);
    for (int i = 0; i < nt; i++)
        for (int c = 0; c < GR_NCARDS; c++) {
            if (!count[c] && !count[GR_NCARDS])
                continue;
            if (count[c] && (table[i].jokers >> c & 1))
                return 0;   /* an exchange */
            gr_rummy_meld m = table[i];
            m.cards |= GR_CARD_BIT(c);
            if (!(table[i].cards >> c & 1) && gr_rummy_meld_check(&m, flags, NULL) == GR_OK)
                return 0;   /* a layoff */
        }
    if (most + 1 < 3)
        return 1;
    int nj = count[GR_NCARDS];
    for (int r = 0; r < 13; r++) {   /* sets of 3 with at least one natural */
        int suits = 0;
        for (int su = 0; su < 4; su++)
            suits += count[GR_CARD(r, su)] > 0;
        if (suits > 0 && suits + nj >= 3)
            return 0;
    }
    for (int su = 0; su < 4; su++)   /* runs of 3 (Q K A with the ace high) */
        for (int lo = 0; lo < ((flags & GR_RUMMY_ACE_HIGH) ? 12 : 11); lo++) {
            int have = 0;
            for (int k = lo; k < lo + 3; k++)
                have += count[GR_CARD(k % 13, su)] > 0;
            if (have > 0 && have + nj >= 3)
                return 0;
        }
    return 1;
}

/* R6 with unlimited turnovers: a hand nobody can ever finish is void at
 * its next turnover (the Decision of gr_rummy_game(3)), and BASIC, which
 * could pass the same cards round for ever, breaks its cycle with RANDOM:
 * every hand ends long before the hand-length limit, and each void hand
 * ended where nobody could go out any more. */
START_TEST(unlimited_turnovers_end)
{
    static const int players[] = { 2, 4, 7 };
    int dead = 0;
    long total = test_count(300);
    for (int t = 0; t < 3; t++)
        for (int jokers = 0; jokers <= 2; jokers++) {
            gr_rummy_rules *r = test_rummy_rules(players[t], jokers, 0, jokers == 2, 0);
            int flags = jokers == 2 ? GR_RUMMY_ACE_HIGH : 0;
            gr_rummy_game *g;
            ck_assert_int_eq(gr_rummy_game_new(&g, r, 1, 0), GR_OK);
            for (long i = 0; i < total; i++) {
                int policy = i % 2 ? GR_RUMMY_PLAYOUT_BASIC : GR_RUMMY_PLAYOUT_RANDOM;
                gr_rummy_result res;
                ck_assert_int_eq(gr_rummy_game_redeal(g, (uint64_t)(i * 31 + t), 0), GR_OK);
                ck_assert_int_eq(gr_rummy_game_playout(g, policy, (uint64_t)i, &res), GR_OK);
                ck_assert_int_lt(gr_rummy_game_history(g, NULL, 0), GR_RUMMY_MAX_HAND_MOVES / 2);
                if (res.outcome == GR_RUMMY_OUTCOME_VOID
                    && gr_rummy_game_discards(g, NULL, 0) >= 2) {   /* not R6's own void */
                    ck_assert(nobody_can_go_out(g, flags));
                    dead++;
                }
            }
            gr_rummy_game_free(g);
            gr_rummy_rules_free(r);
        }
    if (total >= 300)
        ck_assert_int_gt(dead, 0);   /* the rule was reached */
}
END_TEST

/* the basic policy goes out often; unlimited turnovers still end */
START_TEST(basic_playouts_go_out)
{
    gr_rummy_rules *r = test_rummy_rules(2, 2, 0, 0, 0);
    gr_rummy_game *g;
    ck_assert_int_eq(gr_rummy_game_new(&g, r, 1, 0), GR_OK);
    int out = 0, total = (int)test_count(100);
    for (int i = 0; i < total; i++) {
        gr_rummy_result res;
        ck_assert_int_eq(gr_rummy_game_redeal(g, (uint64_t)i, i % 2), GR_OK);
        ck_assert_int_eq(gr_rummy_game_playout(g, GR_RUMMY_PLAYOUT_BASIC, 9, &res), GR_OK);
        out += res.outcome == GR_RUMMY_OUTCOME_OUT;
    }
    ck_assert_int_ge(out * 10, total * 9);
    ck_assert_int_eq(gr_rummy_game_playout(g, 0, 1, NULL), GR_EINVAL);
    ck_assert_int_eq(gr_rummy_game_playout(NULL, GR_RUMMY_PLAYOUT_BASIC, 1, NULL), GR_EINVAL);
    gr_rummy_game_free(g);
    gr_rummy_rules_free(r);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        masks_are_the_legal_moves,
        masks_dead_end,
        masks_of_small_hands_after_taking,
        step_refuses_like_play,
        redeal_is_a_new_deal_without_allocating,
        playouts_follow_the_rules,
        random_playout_is_the_general_policy,
        random_playouts_of_many_hands_are_pinned,
        whole_meld_hands_are_pattern_faces,
        coin_is_below_two,
        unlimited_turnovers_end,
        basic_playouts_go_out
    };
    return TEST_RUN_CORE("rummy_playout", 600, tests);
}
