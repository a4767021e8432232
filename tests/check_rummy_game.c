/*
 * check_rummy_game.c: basic Rummy, one hand (R1-R8): stacked-deal
 * scenarios for every rule and Decision, bad input, save/load, and random
 * playouts checking that every card is accounted for, legal moves are
 * exact (each accepted on a clone, other moves refused with the game
 * unchanged), views computed legal moves equal the game's, views leak
 * nothing, every hand ends, and save/load round trips.
 */
#include <check.h>

#include "ginrummy.h"
#include "testutil.h"
#include "rummytest.h"

/* ---- random playouts ------------------------------------------------------------ */

/* same action, as far as the type uses its fields */
static int same_action(const gr_rummy_action *a, const gr_rummy_action *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case GR_RUMMY_ACT_MELD:
        return a->meld.cards == b->meld.cards && a->meld.jokers == b->meld.jokers;
    case GR_RUMMY_ACT_LAY_OFF:
        return a->target == b->target && a->card == b->card
            && (a->card != GR_RUMMY_JOKER || a->named == b->named);
    case GR_RUMMY_ACT_SWAP_JOKER:
        return a->target == b->target && a->card == b->card;
    case GR_RUMMY_ACT_DISCARD:
        return a->card == b->card;
    default:
        return 1;
    }
}

/* hands + table + pile + stock = the deck (R1), at every step */
static void check_accounting(const gr_rummy_game *g, int decks, int jokers)
{
    int count[53] = { 0 };
    int n = gr_rummy_game_players(g);
    for (int p = 0; p < n; p++) {
        gr_rummy_hand h;
        REQUIRE_OP(gr_rummy_game_hand(g, p, &h), ==, GR_OK);
        REQUIRE_OP(gr_rummy_hand_check(&h), ==, GR_OK);
        for (int c = 0; c < 52; c++)
            count[c] += gr_rummy_hand_holds(&h, (gr_card)c);
        count[52] += h.jokers;
    }
    gr_rummy_meld melds[GR_RUMMY_MAX_MELDS];
    int nm = gr_rummy_game_melds(g, melds, GR_RUMMY_MAX_MELDS);
    for (int i = 0; i < nm; i++) {
        char mt[200]; gr_rummy_meld_format(&melds[i], mt, sizeof mt);
        if (!(gr_rummy_meld_kind(&melds[i], GR_RUMMY_ACE_HIGH) > 0)) ck_abort_msg("bad meld %s", mt);
        REQUIRE_OP(gr_rummy_meld_kind(&melds[i], 0) > 0
                   || gr_rummy_meld_kind(&melds[i], GR_RUMMY_ACE_HIGH) > 0, ==, 1);
        for (int c = 0; c < 52; c++)
            if ((melds[i].cards & ~melds[i].jokers) >> c & 1)
                count[c]++;
        count[52] += __builtin_popcountll(melds[i].jokers);
    }
    gr_card cards[GR_RUMMY_MAX_CARDS];
    int np = gr_rummy_game_discards(g, cards, GR_RUMMY_MAX_CARDS);
    for (int i = 0; i < np; i++)
        count[cards[i]]++;
    int ns = gr_rummy_game_stock(g, cards, GR_RUMMY_MAX_CARDS);
    for (int i = 0; i < ns; i++)
        count[cards[i]]++;
    for (int c = 0; c < 52; c++)
        REQUIRE_OP(count[c], ==, decks);
    REQUIRE_OP(count[52], ==, decks * jokers);
}

/* a random action, mostly near-legal ones */
static gr_rummy_action random_action(test_rng *rng, const gr_rummy_action *legal,
                                     int nlegal, int nmelds)
{
    gr_rummy_action a;
    if (nlegal > 0 && test_below(rng, 2) == 0) {
        a = legal[test_below(rng, nlegal)];
        switch (test_below(rng, 5)) {
        case 0: a.card = (gr_card)test_below(rng, 53); break;
        case 1: a.target = test_below(rng, nmelds + 2) - 1; break;
        case 2: a.meld.cards ^= (uint64_t)1 << test_below(rng, 52); break;
        case 3: a.meld.jokers ^= a.meld.cards & ((uint64_t)1 << test_below(rng, 52)); break;
        default: a.type = 1 + test_below(rng, 6); break;
        }
        if (test_below(rng, 8) == 0)
            a.named = (gr_card)test_below(rng, 52);
        return a;
    }
    memset(&a, 0, sizeof a);
    a.type = test_below(rng, 8);
    a.card = (gr_card)test_below(rng, 54);
    a.named = (gr_card)test_below(rng, 53);
    a.target = test_below(rng, nmelds + 2) - 1;
    a.meld.cards = test_hand(rng, 3 + test_below(rng, 3));
    a.meld.jokers = a.meld.cards & test_next(rng);
    if (test_below(rng, 50) == 0)
        a.reserved[test_below(rng, 4)] = 1;
    return a;
}

/* Completeness, against brute force: every action of every kind on every
 * candidate (each set and run of the deck with each naming of up to the
 * jokers held, each layoff and swap on each table meld, each discard) is
 * accepted exactly when it is listed. */
static void check_complete(const gr_rummy_game *g, const gr_rummy_action *legal, int nl)
{
    int accepted = 0;
    gr_rummy_game *c;
    REQUIRE_OP(gr_rummy_game_clone(&c, g), ==, GR_OK);
    gr_rummy_hand h;
    gr_rummy_game_hand(g, gr_rummy_game_turn(g), &h);
    int nm = gr_rummy_game_melds(g, NULL, 0);
#define TRY(a) \
    do { \
        int listed_ = 0; \
        for (int i_ = 0; i_ < nl && !listed_; i_++) \
            listed_ = same_action(&(a), &legal[i_]); \
        int rc_ = gr_rummy_game_play(c, &(a)); \
        REQUIRE_OP(rc_ == GR_OK, ==, listed_); \
        if (rc_ == GR_OK) { \
            accepted++; \
            gr_rummy_game_free(c); \
            REQUIRE_OP(gr_rummy_game_clone(&c, g), ==, GR_OK); \
        } \
    } while (0)
    gr_rummy_action a;
    memset(&a, 0, sizeof a);
    a.card = a.named = GR_NO_CARD;
    a.target = -1;
    for (a.type = GR_RUMMY_ACT_DRAW_STOCK; a.type <= GR_RUMMY_ACT_DRAW_DISCARD; a.type++)
        TRY(a);
    /* every meld mask of the deck */
    a.type = GR_RUMMY_ACT_MELD;
    uint64_t masks[600];
    int nmasks = 0;
    for (int r = 0; r < 13; r++)
        for (unsigned t = 7; t < 16; t++)
            if (__builtin_popcount(t) >= 3) {
                uint64_t m = 0;
                for (int su = 0; su < 4; su++)
                    if (t >> su & 1)
                        m |= (uint64_t)1 << (su * 13 + r);
                masks[nmasks++] = m;
            }
    for (int su = 0; su < 4; su++)
        for (int lo = 0; lo < 14; lo++)
            for (int len = 3; lo + len <= 14 && len <= 13; len++) {
                uint64_t m = 0;
                for (int k = lo; k < lo + len; k++)
                    m |= (uint64_t)1 << (su * 13 + k % 13);
                int dup = 0;
                for (int i = 0; i < nmasks && !dup; i++)
                    dup = masks[i] == m;
                if (!dup)
                    masks[nmasks++] = m;
            }
    for (int i = 0; i < nmasks; i++) {
        uint64_t m = masks[i];
        if ((m & h.once) == 0)
            continue;   /* no natural card held: refused, checked below */
        uint64_t k = 0;
        do {
            if (__builtin_popcountll(k) <= h.jokers) {
                a.meld.cards = m;
                a.meld.jokers = k;
                TRY(a);
            }
            k = (k - m) & m;
        } while (k != 0);
    }
    a.meld.cards = a.meld.jokers = 0;
    for (int t = 0; t < nm; t++) {
        a.target = t;
        for (int card = 0; card <= 52; card++) {
            a.card = (gr_card)card;
            a.type = GR_RUMMY_ACT_SWAP_JOKER;
            if (card < 52)
                TRY(a);
            a.type = GR_RUMMY_ACT_LAY_OFF;
            if (card < 52) {
                TRY(a);
            } else if (h.jokers) {
                for (int f = 0; f < 52; f++) {
                    a.named = (gr_card)f;
                    TRY(a);
                }
                a.named = GR_NO_CARD;
            }
        }
    }
    a.target = -1;
    a.type = GR_RUMMY_ACT_DISCARD;
    for (int card = 0; card <= 52; card++) {
        a.card = (gr_card)card;
        TRY(a);
    }
#undef TRY
    REQUIRE_OP(accepted, ==, nl);
    gr_rummy_game_free(c);
}

/* Two games that differ only in two faces player p cannot see give p
 * byte-identical views (R8): the deck with the faces exchanged, replayed. */
static void check_no_leak(const gr_rummy_game *g, const gr_rummy_rules *r,
                          test_rng *rng)
{
    char *text = rsave(g);
    int n = gr_rummy_game_players(g), p = test_below(rng, n);
    gr_rummy_view v;
    REQUIRE_OP(gr_rummy_game_view(g, p, &v), ==, GR_OK);
    /* faces seen by p: his hand, the table, the pile, known cards, and
     * every face a move other than a stock draw names */
    uint64_t seen = v.hand.once;
    for (int i = 0; i < v.nmelds; i++)
        seen |= v.melds[i].cards;
    for (int i = 0; i < v.ndiscards; i++)
        if (v.discards[i] < 52)
            seen |= (uint64_t)1 << v.discards[i];
    for (int q = 0; q < n; q++)
        seen |= v.known[q].once;
    int nh = gr_rummy_game_history(g, NULL, 0);
    gr_rummy_action *h = malloc(sizeof *h * (size_t)(nh + 1));
    gr_rummy_game_history(g, h, (size_t)nh);
    for (int i = 0; i < nh; i++) {
        if (h[i].type == GR_RUMMY_ACT_DRAW_STOCK)
            continue;
        if (h[i].card < 52)
            seen |= (uint64_t)1 << h[i].card;
        if (h[i].named < 52)
            seen |= (uint64_t)1 << h[i].named;
        seen |= h[i].meld.cards;
    }
    uint64_t unseen = ~seen & 0xFFFFFFFFFFFFFull;
    if (__builtin_popcountll(unseen) < 2) {
        free(h);
        free(text);
        return;
    }
    gr_card x, y;
    do {
        x = (gr_card)test_below(rng, 52);
    } while (!(unseen >> x & 1));
    do {
        y = (gr_card)test_below(rng, 52);
    } while (!(unseen >> y & 1) || y == x);
    /* the deck, relabelled */
    const char *d = strstr(text, "\ndeck") + 6;
    char deckline[1024];
    size_t dl = (size_t)(strchr(d, '\n') - d);
    memcpy(deckline, d, dl);
    deckline[dl] = '\0';
    gr_card deck[GR_RUMMY_MAX_CARDS];
    int nc = rcards(deckline, deck);
    for (int i = 0; i < nc; i++)
        deck[i] = deck[i] == x ? y : deck[i] == y ? x : deck[i];
    gr_rummy_game *b;
    REQUIRE_OP(gr_rummy_game_new_from_deck(&b, r, deck, (size_t)nc,
                                           gr_rummy_game_dealer(g)), ==, GR_OK);
    for (int i = 0; i < nh; i++)
        REQUIRE_OP(gr_rummy_game_play(b, &h[i]), ==, GR_OK);
    gr_rummy_view vb;
    REQUIRE_OP(gr_rummy_game_view(b, p, &vb), ==, GR_OK);
    REQUIRE(memcmp(&v, &vb, sizeof v) == 0);
    gr_rummy_game_free(b);
    free(h);
    free(text);
}

typedef struct playout_stats {
    long hands, out, voids, moves, melds, layoffs, swaps, joker_layoffs;
} playout_stats;

/* one random hand; heavy: check everything at every step */
static void playout(const gr_rummy_rules *r, uint64_t seed, test_rng *rng,
                    int heavy, playout_stats *st)
{
    int decks, jokers, n;
    gr_rummy_rules_deal(r, &decks, NULL, NULL);
    gr_rummy_rules_get(r, GR_RUMMY_OPT_JOKERS, &jokers);
    gr_rummy_rules_get(r, GR_RUMMY_OPT_PLAYERS, &n);
    gr_rummy_game *g;
    REQUIRE_OP(gr_rummy_game_new(&g, r, seed, test_below(rng, n)), ==, GR_OK);
    int steps = 0;
    while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
        REQUIRE_OP(++steps, <, 200000);   /* every hand ends */
        int nl;
        gr_rummy_action *legal = rlegal(g, &nl);
        REQUIRE_OP(nl, >, 0);                 /* no dead end (R4) */
        if (heavy) {
            check_accounting(g, decks, jokers);
            /* the view's legal moves are the game's */
            gr_rummy_view v;
            gr_rummy_game_view(g, gr_rummy_game_turn(g), &v);
            int vn = gr_rummy_view_legal_moves(&v, NULL, 0);
            REQUIRE_OP(vn, ==, nl);
            gr_rummy_action *va = malloc(sizeof *va * (size_t)nl);
            gr_rummy_view_legal_moves(&v, va, (size_t)nl);
            REQUIRE(memcmp(va, legal, sizeof *va * (size_t)nl) == 0);
            free(va);
            /* every legal move accepted on a clone */
            for (int i = 0; i < nl; i++) {
                gr_rummy_game *c;
                REQUIRE_OP(gr_rummy_game_clone(&c, g), ==, GR_OK);
                REQUIRE_OP(gr_rummy_game_play(c, &legal[i]), ==, GR_OK);
                gr_rummy_game_free(c);
            }
            /* other moves refused, the game unchanged */
            rsnap before, after;
            rsnap_take(g, &before);
            for (int k = 0; k < 12; k++) {
                gr_rummy_action a = random_action(rng, legal, nl,
                                                  gr_rummy_game_melds(g, NULL, 0));
                int is_legal = 0;
                for (int i = 0; i < nl && !is_legal; i++)
                    is_legal = same_action(&a, &legal[i]);
                if (is_legal)
                    continue;
                int rc = gr_rummy_game_play(g, &a);
                REQUIRE_OP(rc, <, 0);
                REQUIRE(rc == GR_EINVAL || rc == GR_EILLEGAL || rc == GR_ESTATE);
            }
            rsnap_take(g, &after);
            REQUIRE(rsnap_same(&before, &after));
            rsnap_free(&before);
            rsnap_free(&after);
            if (test_below(rng, 16) == 0)
                check_no_leak(g, r, rng);
            if (test_below(rng, 40) == 0)
                check_complete(g, legal, nl);
        }
        const gr_rummy_action *m = &legal[test_below(rng, nl)];
        if (m->type == GR_RUMMY_ACT_MELD)
            st->melds++;
        else if (m->type == GR_RUMMY_ACT_LAY_OFF)
            st->layoffs += 1, st->joker_layoffs += m->card == GR_RUMMY_JOKER;
        else if (m->type == GR_RUMMY_ACT_SWAP_JOKER)
            st->swaps++;
        REQUIRE_OP(gr_rummy_game_play(g, m), ==, GR_OK);
        st->moves++;
        free(legal);
    }
    if (heavy)
        check_accounting(g, decks, jokers);
    REQUIRE_OP(gr_rummy_game_legal_moves(g, NULL, 0), ==, 0);
    gr_rummy_result res;
    REQUIRE_OP(gr_rummy_game_result(g, &res), ==, GR_OK);
    st->hands++;
    if (res.outcome == GR_RUMMY_OUTCOME_OUT) {
        st->out++;
        REQUIRE_OP(res.cards_left[res.winner], ==, 0);
        int sum = 0;
        for (int p = 0; p < n; p++)
            sum += res.left_points[p];
        REQUIRE_OP(res.score[res.winner], ==, sum);
    } else {
        st->voids++;
        REQUIRE_OP(res.winner, ==, -1);
    }
    /* save/load round trip */
    char *t = rsave(g);
    gr_rummy_game *l;
    REQUIRE_OP(gr_rummy_game_load(&l, t), ==, GR_OK);
    char *t2 = rsave(l);
    REQUIRE(strcmp(t, t2) == 0);
    gr_rummy_game_free(l);
    char *crlf = test_crlf(t);   /* \r\n line ends read as \n */
    REQUIRE_OP(gr_rummy_game_load(&l, crlf), ==, GR_OK);
    free(t2);
    t2 = rsave(l);
    REQUIRE(strcmp(t, t2) == 0);
    free(crlf);
    rsnap a, b;
    rsnap_take(g, &a);
    rsnap_take(l, &b);
    REQUIRE(rsnap_same(&a, &b));
    rsnap_free(&a);
    rsnap_free(&b);
    free(t);
    free(t2);
    gr_rummy_game_free(l);
    gr_rummy_game_free(g);
}

/* R1-R8 at random: 5,000 hands for each player count, over jokers 0/2 and
 * both ace options (the turnover cap bounds every hand) */
START_TEST(test_R_random_playouts)
{
    int players = 2 + _i;
    test_rng rng = { 0x5EED0000u + (uint64_t)players };
    long total = test_count(5000);
    playout_stats st = { 0 };
    for (int cfg = 0; cfg < 4; cfg++) {
        gr_rummy_rules *r = rrules(players, cfg & 1 ? 2 : 0, cfg >> 1);
        REQUIRE_OP(gr_rummy_rules_set(r, GR_RUMMY_OPT_TURNOVER_LIMIT, 3), ==, GR_OK);
        long hands = (total + 3) / 4;
        for (long i = 0; i < hands; i++)
            playout(r, test_next(&rng), &rng, i < hands / 25 + 1, &st);
        gr_rummy_rules_free(r);
    }
    REQUIRE_OP(st.out, >, 0);
    REQUIRE_OP(st.melds, >, 0);
    REQUIRE_OP(st.layoffs, >, 0);
    REQUIRE_OP(st.swaps, >, 0);
    REQUIRE_OP(st.joker_layoffs, >, 0);
    fprintf(stderr, "players %d: %ld hands, %ld out, %ld void, %ld moves, "
            "%ld melds, %ld layoffs (%ld jokers), %ld swaps\n", players,
            st.hands, st.out, st.voids, st.moves, st.melds, st.layoffs,
            st.joker_layoffs, st.swaps);
}
END_TEST

Suite *rummy_game_suite(void);
#include "rummy_scenarios.inc"

int main(void)
{
    return test_run_suite(rummy_game_suite());
}
