/*
 * playout.c: what a search needs from a hand: the legal moves as
 * card masks per move type, redealing a game in place without allocating,
 * and a playout from any state to the hand's end under a built-in policy.
 *
 * A playout makes its moves with the per-move API's own code (the random
 * policy's draws and plain discards straight through gin/turn.h, every
 * other move through gr_game_play's internal entry), so the rules are
 * exactly those of the per-move API, and records them in the game's
 * history: replaying that history through the public API reaches the same
 * state and result.  The speed comes from choosing a move from the masks
 * instead of a list, and from the game's cached discard, knock and gin
 * masks (computed once per draw).
 */
#include "common/assert.h"
#include "common/bits.h"
#include "common/rng.h"
#include "gin/game.h"
#include "gin/melds.h"
#include "gin/turn.h"

#include <string.h>

/* ---- masks ---------------------------------------------------------------- */

int gr_game_legal_masks(const gr_game *game, gr_legal_masks *out)
{
    if (!game || !out)
        return GR_EINVAL;
    gr__masks(game, out);
    return GR_OK;
}

/* ---- redeal ---------------------------------------------------------------- */

int gr_game_redeal(gr_game *game, uint64_t seed, int dealer)
{
    if (!game || (dealer != 0 && dealer != 1))
        return GR_EINVAL;
    gr_card deck[GR_NCARDS];
    gr__deck_shuffled(seed, deck);
    gr__game_deal(game, deck, dealer);
    return GR_OK;
}

/* ---- playout -------------------------------------------------------------- */

/* the k-th (from 0) lowest card of a set holding more than k cards */
#if defined(__wasm__)
/* WebAssembly has a popcount instruction: halve the window six times,
 * keeping the half that holds the card, with no branch to mispredict */
static inline gr_card nth_card(gr_cards cards, int k)
{
    int base = 0;
    for (int w = 32; w > 0; w >>= 1) {
        gr_cards low = cards & (((gr_cards)1 << w) - 1);
        int n = __builtin_popcountll(low), up = k >= n;
        cards = up ? cards >> w : low;
        k -= up ? n : 0;
        base += up ? w : 0;
    }
    return (gr_card)base;
}
#else
static inline gr_card nth_card(gr_cards cards, int k)
{
    while (k-- > 0)
        cards &= cards - 1;
    return (gr_card)__builtin_ctzll(cards);
}
#endif

/* GR_PLAYOUT_RANDOM: uniform among the legal moves, except that when a
 * move ending the hand is legal (knock, gin, big gin) it is uniform among
 * those, in gr_game_legal_moves() order.  pc: the popcount to use. */
static GR__ALWAYS_INLINE gr_move random_move(const gr_game *g, gr_rng *rng,
                                             int (*pc)(gr_cards))
{
    gr_card top = g->npile > 0 ? g->pile[g->npile - 1] : GR_NO_CARD;
    switch (g->phase) {
    case GR_PHASE_UPCARD:
        return gr__rng_below(rng, 2) == 0
            ? (gr_move){ .type = GR_MOVE_TAKE_UPCARD, .card = top }
            : (gr_move){ .type = GR_MOVE_PASS, .card = GR_NO_CARD };
    case GR_PHASE_DRAW:
        if (!g->stock_only && g->npile > 0 && gr__rng_below(rng, 2) == 1)
            return (gr_move){ .type = GR_MOVE_DRAW_DISCARD, .card = top };
        return (gr_move){ .type = GR_MOVE_DRAW_STOCK, .card = GR_NO_CARD };
    case GR_PHASE_WALL:   /* G38: DRAW_DISCARD (when it lets him knock), PASS */
        if (g->wall_ok && gr__rng_below(rng, 2) == 0)
            return (gr_move){ .type = GR_MOVE_DRAW_DISCARD, .card = top };
        return (gr_move){ .type = GR_MOVE_PASS, .card = GR_NO_CARD };
    default: {   /* the discards cached at the draw (G11, G38 applied) */
        gr_cards allowed = g->discard_ok, knock = g->knock_ok;
        if (!knock && !g->big_gin_ok) {   /* gin_ok is within knock_ok */
            int k = (int)gr__rng_below(rng, (uint64_t)pc(allowed));
            return (gr_move){ .type = GR_MOVE_DISCARD, .card = nth_card(allowed, k) };
        }
        gr_cards gin = g->gin_ok;
        int nk = pc(knock), ng = pc(gin);
        int k = (int)gr__rng_below(rng, (uint64_t)(nk + ng + (g->big_gin_ok ? 1 : 0)));
        if (k < nk)
            return (gr_move){ .type = GR_MOVE_KNOCK, .card = nth_card(knock, k) };
        if (k < nk + ng)
            return (gr_move){ .type = GR_MOVE_GIN, .card = nth_card(gin, k - nk) };
        return (gr_move){ .type = GR_MOVE_BIG_GIN, .card = GR_NO_CARD };
    }
    }
}

/* What the greedy playout knows of the hands from one move to the next,
 * so that no least deadwood is worked out twice */
typedef struct greedy_memo {
    int      dw10[2];   /* each player's deadwood after his last plain
                           discard (-1: not known) */
    gr_cards eleven;    /* 11 cards whose best discard is below (0: none) */
    gr_card  best;
    int      best_dw;
} greedy_memo;

/* The greedy discard phase's move: its discard d, the best of the 11 cards
 * (gr__best_discard) but for the card taken from the pile (G11, then the
 * best of the others), and the deadwood dw it leaves, in *dw */
static gr_card greedy_discard_card(const gr_game *g, gr_card d, int *dw)
{
    gr_cards hand = g->hand[g->turn];
    if (g->taken == d)
        *dw = gr__best_discard_among(hand, gr__but_taken(g, hand), &d);
    return d;
}

/* The greedy discard phase's move, given its discard d and the deadwood
 * dw it leaves (greedy_discard_card) */
static gr_move greedy_discard(const gr_game *g, int knock_max, gr_card d, int dw)
{
    if (g->big_gin_ok)
        return (gr_move){ .type = GR_MOVE_BIG_GIN, .card = GR_NO_CARD };
    gr_cards bit = GR_CARD_BIT(d);
    if (g->gin_ok & bit)
        return (gr_move){ .type = GR_MOVE_GIN, .card = d };
    if ((g->knock_ok & bit) && (dw <= knock_max || g->nstock <= 4 || g->wall_draw))
        return (gr_move){ .type = GR_MOVE_KNOCK, .card = d };
    return (gr_move){ .type = GR_MOVE_DISCARD, .card = d };
}

/* GR_PLAYOUT_GREEDY: the greedy bot's play from the full hand, knocking
 * only with deadwood <= knock_max (100: whenever legal) or near the stock's
 * end (see gin/game.h); what it works out is kept in *memo. */
static gr_move greedy_move(const gr_game *g, int knock_max, greedy_memo *memo)
{
    gr_cards hand = g->hand[g->turn];
    gr_card top = g->npile > 0 ? g->pile[g->npile - 1] : GR_NO_CARD;
    switch (g->phase) {
    case GR_PHASE_WALL:   /* G38: the greedy bot takes the wall card when it may */
        return g->wall_ok ? (gr_move){ .type = GR_MOVE_DRAW_DISCARD, .card = top }
                          : (gr_move){ .type = GR_MOVE_PASS, .card = GR_NO_CARD };
    case GR_PHASE_UPCARD:
    case GR_PHASE_DRAW: {
        bool can_take = g->phase == GR_PHASE_UPCARD
                     || (!g->stock_only && g->npile > 0);
        if (can_take) {
            int *dw10 = &memo->dw10[g->turn];
            if (*dw10 < 0)
                *dw10 = gr__deadwood(hand);
            memo->eleven = hand | GR_CARD_BIT(top);
            memo->best_dw = gr__best_discard(memo->eleven, &memo->best);
            if (memo->best_dw < *dw10)
                return (gr_move){ .type = g->phase == GR_PHASE_UPCARD
                                          ? GR_MOVE_TAKE_UPCARD : GR_MOVE_DRAW_DISCARD,
                                  .card = top };
        }
        return (gr_move){ .type = g->phase == GR_PHASE_UPCARD ? GR_MOVE_PASS
                                                              : GR_MOVE_DRAW_STOCK,
                          .card = GR_NO_CARD };
    }
    default: {
        gr_card d;
        int dw = gr__best_discard(hand, &d);
        d = greedy_discard_card(g, d, &dw);
        return greedy_discard(g, knock_max, d, dw);
    }
    }
}

/* Fair coins, 64 to a random number */
typedef struct coins {
    uint64_t bits;
    int      left;
} coins;

static inline bool coin_toss(gr_rng *rng, coins *c)
{
    if (c->left == 0) {
        c->bits = gr__rng_next(rng);
        c->left = 64;
    }
    bool heads = c->bits & 1;
    c->bits >>= 1;
    c->left--;
    return heads;
}

/* The random policy's common moves, a draw or a discard when no move may
 * end the hand, straight to the state change (gin/turn.h, with this
 * build's popcount for what the 11 cards allow); false if the move must go
 * through gr_game_play. */
static GR__ALWAYS_INLINE bool random_fast(gr_game *g, gr_rng *rng, coins *flips,
                                          int (*pc)(gr_cards),
                                          gr_card (*nth)(gr_cards, int),
                                          void (*options)(gr_game *, gr_cards, gr_legal_masks *))
{
    if (g->nhistory >= g->caphistory)
        return false;
    if (g->phase == GR_PHASE_DRAW) {
        /* the pile or the stock by a coin, with no branch to mispredict */
        bool pile = coin_toss(rng, flips) & !g->stock_only & (g->npile > 0);
        if (GR_NEVER(!pile & (g->nstock == 0)))   /* G16 ends or refills first */
            return false;
        gr__draw_either(g, pile, NULL, options);
        return true;
    }
    if (g->phase != GR_PHASE_DISCARD)
        return false;
    gr_cards allowed = g->discard_ok;   /* G11, G38 applied at the draw */
    if (g->knock_ok || g->big_gin_ok)
        return false;
    int k = (int)gr__rng_below(rng, (uint64_t)pc(allowed));
    gr__discard(g, nth(allowed, k));
    return true;
}

static GR__ALWAYS_INLINE int playout_body(gr_game *g, int policy, gr_rng *rng,
                                          int (*pc)(gr_cards),
                                          gr_card (*nth)(gr_cards, int),
                                          void (*options)(gr_game *, gr_cards, gr_legal_masks *))
{
    if (policy != GR_PLAYOUT_RANDOM)
        return gr__game_playout_greedy(g, -1, 100, false);
    gr_rng r = *rng;   /* a local copy stays in registers */
    coins c = { 0, 0 };
    int rc = GR_OK;
    for (int n = 0; g->phase != GR_PHASE_OVER; n++) {
        if (n >= GR_PLAYOUT_MAX_MOVES) {
            rc = GR_ESTATE;
            break;
        }
        if (random_fast(g, &r, &c, pc, nth, options))
            continue;
        rc = gr__game_play(g, random_move(g, &r, pc));
        if (rc != GR_OK)
            break;
    }
    *rng = r;
    return rc;
}

/* what the 11 cards allow after a draw, inline in each build */
static inline void options_soft(gr_game *g, gr_cards hand, gr_legal_masks *next)
{
    gr__discard_options_with(g, hand, next, gr__popcount, gr__knock_scan_soft);
}

static int playout_soft(gr_game *g, int policy, gr_rng *rng)
{
    return playout_body(g, policy, rng, gr__popcount, nth_card, options_soft);
}

#if defined(GR__HW_POPCOUNT)
__attribute__((target("popcnt,bmi2")))
static inline int popcount_hw(gr_cards cards)
{
    return __builtin_popcountll(cards);
}

/* the k-th lowest card by BMI2's parallel deposit: no loop to mispredict */
__attribute__((target("popcnt,bmi2")))
static inline gr_card nth_card_hw(gr_cards cards, int k)
{
    return (gr_card)__builtin_ctzll(__builtin_ia32_pdep_di((gr_cards)1 << k, cards));
}

__attribute__((target("popcnt,bmi2")))
static inline void options_hw(gr_game *g, gr_cards hand, gr_legal_masks *next)
{
    gr__discard_options_with(g, hand, next, popcount_hw, gr__knock_scan_hw);
}

__attribute__((target("popcnt,bmi2")))
static int playout_hw(gr_game *g, int policy, gr_rng *rng)
{
    return playout_body(g, policy, rng, popcount_hw, nth_card_hw, options_hw);
}

/* the ifunc resolver: runs once, when the library is loaded */
__attribute__((used))
static int (*resolve_playout(void))(gr_game *, int, gr_rng *)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2")
        ? playout_hw : playout_soft;
}

int gr__game_playout(gr_game *g, int policy, gr_rng *rng)
    __attribute__((ifunc("resolve_playout")));
#else
int gr__game_playout(gr_game *g, int policy, gr_rng *rng)
{
    return playout_soft(g, policy, rng);
}
#endif

int gr__game_playout_portable(gr_game *g, int policy, gr_rng *rng)
{
    return playout_soft(g, policy, rng);
}

/* The draw of a player who takes the face-up card only when it makes a
 * meld with his hand (the expert's model of its opponent, GR_EXPERT_MODEL). */
static gr_move meld_only_draw(const gr_game *g)
{
    gr_card top = g->pile[g->npile - 1];
    gr_cards with = g->hand[g->turn] | GR_CARD_BIT(top);
    bool take = gr__meldable(with) & GR_CARD_BIT(top);
    if (g->phase == GR_PHASE_UPCARD)
        return take ? (gr_move){ .type = GR_MOVE_TAKE_UPCARD, .card = top }
                    : (gr_move){ .type = GR_MOVE_PASS, .card = GR_NO_CARD };
    return take ? (gr_move){ .type = GR_MOVE_DRAW_DISCARD, .card = top }
                : (gr_move){ .type = GR_MOVE_DRAW_STOCK, .card = GR_NO_CARD };
}

/* A draw's options as the greedy playout needs them: the plain discards
 * (G11), and no knock, gin nor big gin, which greedy_draw then corrects
 * for the one discard it makes. */
static void discards_only(gr_game *g, gr_cards hand, gr_legal_masks *next)
{
    (void)next;
    g->discard_ok = gr__but_taken(g, hand);   /* G11 */
    g->knock_ok = 0;
    g->gin_ok = 0;
    g->big_gin_ok = false;
}

/* A draw of the greedy playout, then its discard phase's move in *next:
 * the draw as gr_game_play's short lane makes it (the same conditions),
 * but without the scan of every discard for a knock (gin/turn.h): the
 * greedy player makes one discard d, known here, and only what d allows
 * is written to the masks (a knock, G13, or gin, G14, when the deadwood it
 * leaves is within the limit), with big gin (G32), which needs a deadwood
 * of 0 after some discard, so after d.  The masks then under-report the
 * other discards for the rest of this turn; only the greedy discard reads
 * them.  False: not taken. */
static bool greedy_draw(gr_game *g, gr_move m, int knock_max, greedy_memo *memo,
                        gr_move *next)
{
    if (g->phase != GR_PHASE_DRAW || g->nhistory >= g->caphistory)
        return false;
    if (m.type == GR_MOVE_DRAW_STOCK && g->nstock > 0)
        gr__take(g, m.type, gr__top_of(g->stock, g->nstock), false, NULL, discards_only);
    else if (m.type == GR_MOVE_DRAW_DISCARD && !g->stock_only && g->npile > 0)
        gr__take(g, m.type, gr__top_of(g->pile, g->npile), true, NULL, discards_only);
    else
        return false;
    gr_cards hand = g->hand[g->turn];
    gr_card d = memo->best;
    int dw = hand == memo->eleven ? memo->best_dw : gr__best_discard(hand, &d);
    d = greedy_discard_card(g, d, &dw);
    if (dw <= g->knock_limit) {
        g->knock_ok = GR_CARD_BIT(d);
        if (dw == 0) {
            g->gin_ok = GR_CARD_BIT(d);
            g->big_gin_ok = g->rules.opt[GR_OPT_BIG_GIN_BONUS] > 0 && gr__deadwood(hand) == 0;
        }
    }
    *next = greedy_discard(g, knock_max, d, dw);
    memo->dw10[g->turn] = next->type == GR_MOVE_DISCARD ? dw : -1;
    return true;
}

int gr__game_playout_greedy(gr_game *g, int player, int knock_max, bool meld_only)
{
    greedy_memo memo = { .dw10 = { -1, -1 }, .eleven = 0 };
    for (int n = 0; g->phase != GR_PHASE_OVER; n++) {
        if (n >= GR_PLAYOUT_MAX_MOVES)
            return GR_ESTATE;
        gr_move m;
        if (meld_only && g->turn != player
            && (g->phase == GR_PHASE_UPCARD
                || (g->phase == GR_PHASE_DRAW && !g->stock_only && g->npile > 0)))
            m = meld_only_draw(g);
        else
            m = greedy_move(g, g->turn == player ? knock_max : 100, &memo);
        gr_move discard;
        if (greedy_draw(g, m, g->turn == player ? knock_max : 100, &memo, &discard)) {
            n++;
            m = discard;
        } else if (g->phase != GR_PHASE_DRAW) {
            memo.dw10[g->turn] = -1;   /* an upcard, a wall draw: not followed */
        }
        int rc = gr__game_play(g, m);
        if (rc != GR_OK)
            return rc;
    }
    return GR_OK;
}

int gr_game_playout(gr_game *game, int policy, uint64_t seed, gr_hand_result *out)
{
    int base = policy & ~GR_PLAYOUT_PORTABLE;
    if (!game || (base != GR_PLAYOUT_RANDOM && base != GR_PLAYOUT_GREEDY))
        return GR_EINVAL;
    gr_rng rng;
    gr__rng_seed(&rng, seed);
    int rc = (policy & GR_PLAYOUT_PORTABLE)
        ? gr__game_playout_portable(game, policy & ~GR_PLAYOUT_PORTABLE, &rng)
        : gr__game_playout(game, policy, &rng);
    if (rc != GR_OK)
        return rc;
    game->last_reason = GR_REASON_NONE;   /* as after a move gr_game_play took */
    if (out)
        *out = game->result;
    return GR_OK;
}
