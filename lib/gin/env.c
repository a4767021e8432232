/*
 * gin/env.c: one hand of Gin as a reinforcement-learning environment with
 * OpenSpiel's gin_rummy action ids and 644-float observation (gr_env_*),
 * and N of them stepped by one call (gr_batch_*).
 *
 * The engine (game.c) plays the hand up to the knock.  OpenSpiel then lays
 * the hand down one action at a time: the knocker discards, lays melds and
 * passes; the defender lays off cards, passes, lays melds and passes.  The
 * environment collects those actions and hands them to gr_game_knock() and
 * gr_game_defend(), so the score is the engine's.  OpenSpiel's wall is the
 * engine's (GR_OPT_WALL, G38): its DRAW_DISCARD is OpenSpiel's knock there.
 */
#include "ginrummy.h"
#include "common/alloc.h"
#include "common/rng.h"
#include "gin/game.h"

#include <string.h>

enum {
    OS_DRAW_UPCARD = 52, OS_DRAW_STOCK = 53, OS_PASS = 54, OS_KNOCK = 55,
    OS_MELD_BASE = 56
};
#define OS_NMELDS (GR_ENV_NUM_ACTIONS - OS_MELD_BASE)   /* 185 */
#define OS_MAX_DRAW_UPCARDS 50                           /* kMaxNumDrawUpcardActions */

/* where the hand is, as OpenSpiel sees it */
enum {
    ENV_PLAY = 0,        /* the engine decides: first upcard, draw, discard */
    ENV_KNOCK_DISCARD,   /* the knocker chooses his discard */
    ENV_KNOCK_MELDS,     /* the knocker lays melds, then passes */
    ENV_LAYOFF,          /* the defender lays off cards, then passes */
    ENV_DEFENSE_MELDS,   /* the defender lays melds, then passes */
    ENV_OVER
};

struct gr_env {
    gr_allocator mm;
    gr_rules    *rules;
    gr_game     *game;
    int          phase;           /* ENV_* */
    int          player;          /* to act; at the end the last to act */
    int          knocker;
    bool         defending;       /* held[defender] is his hand */
    gr_card      knock_discard;   /* GR_NO_CARD until chosen */
    gr_cards     held[2];         /* during the lay-down: cards not yet laid */
    gr_cards     laid_off;
    int          nmelds[2];
    uint8_t      melds[2][GR_MAX_MELDS];   /* OpenSpiel meld ids laid */
    int          draw_upcards;
    int          terminated, truncated;
    int          rewards[2];
    int          nlegal;
    uint8_t      mask[GR_ENV_NUM_ACTIONS];
};

/* ---- OpenSpiel's numbering ---------------------------------------------- */

/* OpenSpiel's suits are spades, clubs, diamonds, hearts (ours: clubs,
 * diamonds, hearts, spades); ranks agree. */
int gr_env_card_to_openspiel(gr_card card)
{
    if (card >= GR_NCARDS)
        return GR_EINVAL;
    return ((GR_CARD_SUIT(card) + 1) % 4) * 13 + GR_CARD_RANK(card);
}

int gr_env_card_from_openspiel(int id)
{
    if (id < 0 || id >= GR_NCARDS)
        return GR_EINVAL;
    return GR_CARD(id % 13, (id / 13 + 3) % 4);
}

/* The cards of each OpenSpiel meld id, in our card numbering.  OpenSpiel
 * numbers the 65 sets first, rank by rank (rank * 5 + the OpenSpiel suit
 * missing from a 3-card set, + 4 for all four), then the runs of 3, 4 and
 * 5 cards, by OpenSpiel suit (spades, clubs, diamonds, hearts) and lowest
 * rank (65 + suit * 11 + rank, 109 + suit * 10 + rank, 149 + suit * 9 +
 * rank).  A constant table: no first-use initialisation to race on;
 * check_env recomputes it from the formula. */
static const gr_cards meld_table[OS_NMELDS] = {
    0x0000004002001ull, 0x0008004002000ull, 0x0008004000001ull,
    0x0008000002001ull, 0x0008004002001ull, 0x0000008004002ull,
    0x0010008004000ull, 0x0010008000002ull, 0x0010000004002ull,
    0x0010008004002ull, 0x0000010008004ull, 0x0020010008000ull,
    0x0020010000004ull, 0x0020000008004ull, 0x0020010008004ull,
    0x0000020010008ull, 0x0040020010000ull, 0x0040020000008ull,
    0x0040000010008ull, 0x0040020010008ull, 0x0000040020010ull,
    0x0080040020000ull, 0x0080040000010ull, 0x0080000020010ull,
    0x0080040020010ull, 0x0000080040020ull, 0x0100080040000ull,
    0x0100080000020ull, 0x0100000040020ull, 0x0100080040020ull,
    0x0000100080040ull, 0x0200100080000ull, 0x0200100000040ull,
    0x0200000080040ull, 0x0200100080040ull, 0x0000200100080ull,
    0x0400200100000ull, 0x0400200000080ull, 0x0400000100080ull,
    0x0400200100080ull, 0x0000400200100ull, 0x0800400200000ull,
    0x0800400000100ull, 0x0800000200100ull, 0x0800400200100ull,
    0x0000800400200ull, 0x1000800400000ull, 0x1000800000200ull,
    0x1000000400200ull, 0x1000800400200ull, 0x0001000800400ull,
    0x2001000800000ull, 0x2001000000400ull, 0x2000000800400ull,
    0x2001000800400ull, 0x0002001000800ull, 0x4002001000000ull,
    0x4002000000800ull, 0x4000001000800ull, 0x4002001000800ull,
    0x0004002001000ull, 0x8004002000000ull, 0x8004000001000ull,
    0x8000002001000ull, 0x8004002001000ull, 0x0038000000000ull,
    0x0070000000000ull, 0x00e0000000000ull, 0x01c0000000000ull,
    0x0380000000000ull, 0x0700000000000ull, 0x0e00000000000ull,
    0x1c00000000000ull, 0x3800000000000ull, 0x7000000000000ull,
    0xe000000000000ull, 0x0000000000007ull, 0x000000000000eull,
    0x000000000001cull, 0x0000000000038ull, 0x0000000000070ull,
    0x00000000000e0ull, 0x00000000001c0ull, 0x0000000000380ull,
    0x0000000000700ull, 0x0000000000e00ull, 0x0000000001c00ull,
    0x000000000e000ull, 0x000000001c000ull, 0x0000000038000ull,
    0x0000000070000ull, 0x00000000e0000ull, 0x00000001c0000ull,
    0x0000000380000ull, 0x0000000700000ull, 0x0000000e00000ull,
    0x0000001c00000ull, 0x0000003800000ull, 0x000001c000000ull,
    0x0000038000000ull, 0x0000070000000ull, 0x00000e0000000ull,
    0x00001c0000000ull, 0x0000380000000ull, 0x0000700000000ull,
    0x0000e00000000ull, 0x0001c00000000ull, 0x0003800000000ull,
    0x0007000000000ull, 0x0078000000000ull, 0x00f0000000000ull,
    0x01e0000000000ull, 0x03c0000000000ull, 0x0780000000000ull,
    0x0f00000000000ull, 0x1e00000000000ull, 0x3c00000000000ull,
    0x7800000000000ull, 0xf000000000000ull, 0x000000000000full,
    0x000000000001eull, 0x000000000003cull, 0x0000000000078ull,
    0x00000000000f0ull, 0x00000000001e0ull, 0x00000000003c0ull,
    0x0000000000780ull, 0x0000000000f00ull, 0x0000000001e00ull,
    0x000000001e000ull, 0x000000003c000ull, 0x0000000078000ull,
    0x00000000f0000ull, 0x00000001e0000ull, 0x00000003c0000ull,
    0x0000000780000ull, 0x0000000f00000ull, 0x0000001e00000ull,
    0x0000003c00000ull, 0x000003c000000ull, 0x0000078000000ull,
    0x00000f0000000ull, 0x00001e0000000ull, 0x00003c0000000ull,
    0x0000780000000ull, 0x0000f00000000ull, 0x0001e00000000ull,
    0x0003c00000000ull, 0x0007800000000ull, 0x00f8000000000ull,
    0x01f0000000000ull, 0x03e0000000000ull, 0x07c0000000000ull,
    0x0f80000000000ull, 0x1f00000000000ull, 0x3e00000000000ull,
    0x7c00000000000ull, 0xf800000000000ull, 0x000000000001full,
    0x000000000003eull, 0x000000000007cull, 0x00000000000f8ull,
    0x00000000001f0ull, 0x00000000003e0ull, 0x00000000007c0ull,
    0x0000000000f80ull, 0x0000000001f00ull, 0x000000003e000ull,
    0x000000007c000ull, 0x00000000f8000ull, 0x00000001f0000ull,
    0x00000003e0000ull, 0x00000007c0000ull, 0x0000000f80000ull,
    0x0000001f00000ull, 0x0000003e00000ull, 0x000007c000000ull,
    0x00000f8000000ull, 0x00001f0000000ull, 0x00003e0000000ull,
    0x00007c0000000ull, 0x0000f80000000ull, 0x0001f00000000ull,
    0x0003e00000000ull, 0x0007c00000000ull
};

int gr_env_meld_cards(int id, gr_cards *out)
{
    if (id < 0 || id >= OS_NMELDS || !out)
        return GR_EINVAL;
    *out = meld_table[id];
    return GR_OK;
}

int gr_env_meld_id(gr_cards meld)
{
    if (meld & ~GR_ALL_CARDS)
        return GR_EINVAL;
    for (int id = 0; id < OS_NMELDS; id++)
        if (meld_table[id] == meld)
            return id;
    return GR_EINVAL;
}

/* ---- life cycle ------------------------------------------------------------ */

int gr_env_new(gr_env **out, const gr_rules *rules)
{
    if (!out || !rules)
        return GR_EINVAL;
    gr_env *env = gr__malloc(&rules->mm, sizeof *env);
    if (!env)
        return GR_ENOMEM;
    memset(env, 0, sizeof *env);
    env->mm = rules->mm;
    int rc = gr_rules_clone(&env->rules, rules);
    if (rc != GR_OK) {
        gr__free(&env->mm, env);
        return rc;
    }
    env->phase = ENV_OVER;
    env->player = -1;
    *out = env;
    return GR_OK;
}

void gr_env_free(gr_env *env)
{
    if (!env)
        return;
    gr_game_free(env->game);
    gr_rules_free(env->rules);
    gr_allocator mm = env->mm;
    gr__free(&mm, env);
}

static void compute_mask(gr_env *env);

int gr_env_clone(gr_env **out, const gr_env *env)
{
    if (!out || !env)
        return GR_EINVAL;
    gr_env *copy;
    int rc = gr_env_new(&copy, env->rules);
    if (rc != GR_OK)
        return rc;
    gr_rules *rules = copy->rules;
    gr_game *game = NULL;
    if (env->game && (rc = gr_game_clone(&game, env->game)) != GR_OK) {
        gr_env_free(copy);
        return rc;
    }
    *copy = *env;
    copy->rules = rules;
    copy->game = game;
    *out = copy;
    return GR_OK;
}

/* start playing `game` (owned from now on) */
static void start(gr_env *env, gr_game *game)
{
    gr_game_free(env->game);
    env->game = game;
    env->phase = ENV_PLAY;
    env->player = game->turn;
    env->knocker = -1;
    env->defending = false;
    env->knock_discard = GR_NO_CARD;
    env->held[0] = env->held[1] = 0;
    env->laid_off = 0;
    env->nmelds[0] = env->nmelds[1] = 0;
    env->draw_upcards = 0;
    env->terminated = env->truncated = 0;
    env->rewards[0] = env->rewards[1] = 0;
    compute_mask(env);
}

int gr_env_reset(gr_env *env, uint64_t seed)
{
    if (!env)
        return GR_EINVAL;
    gr_game *game;
    int rc = gr_game_new(&game, env->rules, seed, 1);   /* player 0 acts first */
    if (rc != GR_OK)
        return rc;
    start(env, game);
    return GR_OK;
}

int gr_env_reset_deck(gr_env *env, const gr_card deck[52])
{
    if (!env || !deck)
        return GR_EINVAL;
    gr_game *game;
    int rc = gr_game_new_from_deck(&game, env->rules, deck, 1);
    if (rc != GR_OK)
        return rc;
    start(env, game);
    return GR_OK;
}

/* ---- legal actions ------------------------------------------------------------ */

static gr_cards meld_union(const gr_env *env, int player)
{
    gr_cards u = 0;
    for (int i = 0; i < env->nmelds[player]; i++)
        u |= meld_table[env->melds[player][i]];
    return u;
}

/* the defender's cards that may be laid off now (G17): the 4th card of a
 * knocker's 3-card set not yet completed, a card next in suit to a run of
 * the knocker's as extended by the cards already laid off */
static gr_cards layoff_targets(const gr_env *env)
{
    int k = env->knocker;
    gr_cards all_laid = meld_union(env, k) | env->laid_off;
    gr_cards t = 0;
    for (int i = 0; i < env->nmelds[k]; i++) {
        gr_cards m = meld_table[env->melds[k][i]];
        if (gr_meld_kind(m) == GR_MELD_SET) {
            int rank = GR_CARD_RANK(__builtin_ctzll(m));
            for (int s = 0; s < 4; s++)
                if (!(all_laid & GR_CARD_BIT(GR_CARD(rank, s))))
                    t |= GR_CARD_BIT(GR_CARD(rank, s));
        } else {
            gr_cards run = m;               /* grow by laid-off neighbours */
            for (;;) {
                gr_cards grow = run;
                for (int c = 0; c < GR_NCARDS; c++) {
                    if (!(run & GR_CARD_BIT(c)))
                        continue;
                    if (GR_CARD_RANK(c) > 0)
                        grow |= GR_CARD_BIT(c - 1) & env->laid_off;
                    if (GR_CARD_RANK(c) < 12)
                        grow |= GR_CARD_BIT(c + 1) & env->laid_off;
                }
                if (grow == run)
                    break;
                run = grow;
            }
            int lo = __builtin_ctzll(run), hi = 63 - __builtin_clzll(run);
            if (GR_CARD_RANK(lo) > 0)
                t |= GR_CARD_BIT(lo - 1);
            if (GR_CARD_RANK(hi) < 12)
                t |= GR_CARD_BIT(hi + 1);
        }
    }
    return t & ~all_laid;
}

static int knock_limit(const gr_env *env)
{
    return env->game->knock_limit;
}

static void mark(gr_env *env, int action)
{
    if (!env->mask[action]) {
        env->mask[action] = 1;
        env->nlegal++;
    }
}

static void compute_mask(gr_env *env)
{
    memset(env->mask, 0, sizeof env->mask);
    env->nlegal = 0;
    const gr_game *g = env->game;
    const gr_cards *t = meld_table;
    switch (env->phase) {
    case ENV_PLAY: {
        gr_move legal[GR_MAX_MOVES];
        int n = gr__game_legal(g, legal, GR_MAX_MOVES);
        for (int i = 0; i < n; i++) {
            switch (legal[i].type) {
            case GR_MOVE_TAKE_UPCARD:
                mark(env, OS_DRAW_UPCARD); break;
            case GR_MOVE_DRAW_DISCARD:   /* at the wall: only to knock (G38) */
                mark(env, g->phase == GR_PHASE_WALL ? OS_KNOCK : OS_DRAW_UPCARD);
                break;
            case GR_MOVE_PASS:        mark(env, OS_PASS); break;
            case GR_MOVE_DRAW_STOCK:  mark(env, OS_DRAW_STOCK); break;
            case GR_MOVE_DISCARD:
                mark(env, gr_env_card_to_openspiel(legal[i].card)); break;
            case GR_MOVE_KNOCK: case GR_MOVE_GIN:
                mark(env, OS_KNOCK); break;
            default: break;                 /* big gin: no OpenSpiel action */
            }
        }
        break;
    }
    case ENV_KNOCK_DISCARD: {
        gr_move legal[GR_MAX_MOVES];
        int n = gr__game_legal(g, legal, GR_MAX_MOVES);
        gr_cards ok = 0;
        for (int i = 0; i < n; i++)
            if (legal[i].type == GR_MOVE_KNOCK || legal[i].type == GR_MOVE_GIN)
                ok |= GR_CARD_BIT(legal[i].card);
        for (int c = 0; c < GR_NCARDS; c++)
            if (ok & GR_CARD_BIT(c))
                mark(env, gr_env_card_to_openspiel((gr_card)c));
        break;
    }
    case ENV_KNOCK_MELDS: {
        gr_cards h = env->held[env->knocker];
        for (int id = 0; id < OS_NMELDS; id++)
            if ((t[id] & h) == t[id] && gr_deadwood(h & ~t[id]) <= knock_limit(env))
                mark(env, OS_MELD_BASE + id);
        if (gr_cards_points(h) <= knock_limit(env))
            mark(env, OS_PASS);
        break;
    }
    case ENV_LAYOFF: {
        mark(env, OS_PASS);
        gr_cards ok = layoff_targets(env) & env->held[1 - env->knocker];
        for (int c = 0; c < GR_NCARDS; c++)
            if (ok & GR_CARD_BIT(c))
                mark(env, gr_env_card_to_openspiel((gr_card)c));
        break;
    }
    case ENV_DEFENSE_MELDS: {
        mark(env, OS_PASS);
        gr_cards h = env->held[1 - env->knocker];
        for (int id = 0; id < OS_NMELDS; id++)
            if ((t[id] & h) == t[id])
                mark(env, OS_MELD_BASE + id);
        break;
    }
    default:
        break;
    }
}

int gr_env_legal(const gr_env *env, uint8_t *out)
{
    if (!env || !out)
        return GR_EINVAL;
    memcpy(out, env->mask, GR_ENV_NUM_ACTIONS);
    return env->nlegal;
}

int gr_env_player(const gr_env *env)
{
    if (!env)
        return GR_EINVAL;
    return env->phase == ENV_OVER ? -1 : env->player;
}

int gr_env_status(const gr_env *env, int *terminated, int *truncated,
                  int rewards[2])
{
    if (!env)
        return GR_EINVAL;
    if (terminated)
        *terminated = env->terminated;
    if (truncated)
        *truncated = env->truncated;
    if (rewards) {
        rewards[0] = env->rewards[0];
        rewards[1] = env->rewards[1];
    }
    return GR_OK;
}

const gr_game *gr_env_game(const gr_env *env)
{
    return env ? env->game : NULL;
}

/* ---- stepping -------------------------------------------------------------------- */

static void finish(gr_env *env)
{
    gr_hand_result r;
    env->phase = ENV_OVER;
    env->terminated = 1;
    env->rewards[0] = env->rewards[1] = 0;
    if (gr_game_result(env->game, &r) == GR_OK && (r.winner == 0 || r.winner == 1)) {
        env->rewards[r.winner] = r.points;
        env->rewards[1 - r.winner] = -r.points;
    }
}

static void arrangement(const gr_env *env, int player, gr_cards rest,
                        gr_arrangement *out)
{
    memset(out, 0, sizeof *out);
    out->nmelds = env->nmelds[player];
    for (int i = 0; i < out->nmelds; i++)
        out->melds[i] = meld_table[env->melds[player][i]];
    out->deadwood = rest;
    out->deadwood_points = gr_cards_points(rest);
}

/* the defender passed after laying his melds: the hand is settled */
static int settle(gr_env *env)
{
    int d = 1 - env->knocker;
    gr_layoff def;
    memset(&def, 0, sizeof def);   /* the reserved space too */
    arrangement(env, d, env->held[d], &def.defender);
    def.laid_off = env->laid_off;
    int rc = gr_game_defend(env->game, &def);
    if (rc != GR_OK)
        return rc;
    finish(env);
    return GR_OK;
}

/* the knocker passed after laying his melds */
static int knock(gr_env *env)
{
    int k = env->knocker;
    gr_arrangement shown;
    arrangement(env, k, env->held[k], &shown);
    int rc = gr_game_knock(env->game, env->knock_discard, &shown);
    if (rc != GR_OK)
        return rc;
    int layoff_after_gin = 0;
    gr_rules_get(env->rules, GR_OPT_LAYOFF_AFTER_GIN, &layoff_after_gin);
    env->player = 1 - k;
    env->phase = shown.deadwood_points == 0 && !layoff_after_gin
                 ? ENV_DEFENSE_MELDS : ENV_LAYOFF;
    env->held[1 - k] = env->game->hand[1 - k];
    env->defending = true;
    return GR_OK;
}

/* player lays meld `id` (the mask said it is his) */
static void lay_meld(gr_env *env, int player, int id)
{
    env->melds[player][env->nmelds[player]++] = (uint8_t)id;
    env->held[player] &= ~meld_table[id];
}

static int play(gr_env *env, int type, gr_card card)
{
    gr_move m;
    memset(&m, 0, sizeof m);   /* the reserved bytes too */
    m.type = type;
    m.card = card;
    return gr_game_play(env->game, m);
}

int gr_env_step(gr_env *env, int action)
{
    if (!env || action < 0 || action >= GR_ENV_NUM_ACTIONS)
        return GR_EINVAL;
    if (env->phase == ENV_OVER)
        return GR_ESTATE;
    if (!env->mask[action])
        return GR_EILLEGAL;
    gr_game *g = env->game;
    int p = env->player, rc = GR_OK;
    gr_card card = action < GR_NCARDS
                   ? (gr_card)gr_env_card_from_openspiel(action) : GR_NO_CARD;
    switch (env->phase) {
    case ENV_PLAY:
        if (action == OS_DRAW_UPCARD) {
            if (g->phase == GR_PHASE_DRAW
                && ++env->draw_upcards == OS_MAX_DRAW_UPCARDS) {
                env->phase = ENV_OVER;      /* OpenSpiel ends the hand: 0 each */
                env->truncated = 1;
                goto done;
            }
            rc = play(env, g->phase == GR_PHASE_UPCARD
                      ? GR_MOVE_TAKE_UPCARD : GR_MOVE_DRAW_DISCARD, GR_NO_CARD);
        } else if (action == OS_DRAW_STOCK) {
            rc = play(env, GR_MOVE_DRAW_STOCK, GR_NO_CARD);
        } else if (action == OS_PASS) {
            rc = play(env, GR_MOVE_PASS, GR_NO_CARD);
        } else if (action == OS_KNOCK) {
            /* at the wall (G38) the knock takes the last discard first */
            if (g->phase == GR_PHASE_WALL
                && (rc = play(env, GR_MOVE_DRAW_DISCARD, GR_NO_CARD)) != GR_OK)
                return rc;
            env->knocker = p;
            env->held[p] = g->hand[p];
            env->phase = ENV_KNOCK_DISCARD;
        } else {
            rc = play(env, GR_MOVE_DISCARD, card);
        }
        if (rc != GR_OK)
            return rc;
        if (env->phase == ENV_PLAY) {
            if (g->phase == GR_PHASE_OVER) {
                finish(env);
                goto done;
            }
            env->player = g->turn;
        }
        break;
    case ENV_KNOCK_DISCARD:
        env->knock_discard = card;
        env->held[p] &= ~GR_CARD_BIT(card);
        env->phase = ENV_KNOCK_MELDS;
        break;
    case ENV_KNOCK_MELDS:
        if (action != OS_PASS)
            lay_meld(env, p, action - OS_MELD_BASE);
        else if ((rc = knock(env)) != GR_OK)
            return rc;
        break;
    case ENV_LAYOFF:
        if (action == OS_PASS) {
            env->phase = ENV_DEFENSE_MELDS;
        } else {
            env->laid_off |= GR_CARD_BIT(card);
            env->held[p] &= ~GR_CARD_BIT(card);
        }
        break;
    case ENV_DEFENSE_MELDS:
        if (action != OS_PASS)
            lay_meld(env, p, action - OS_MELD_BASE);
        else if ((rc = settle(env)) != GR_OK)
            return rc;
        break;
    default:
        return GR_ESTATE;
    }
done:
    compute_mask(env);
    return GR_OK;
}

int gr_env_step_observe(gr_env *env, int a, float *obs, uint8_t *mask,
                        int out[5])
{
    int rc = gr_env_step(env, a);
    if (rc != GR_OK)
        return rc;
    int p = env->phase == ENV_OVER ? -1 : env->player;
    if (obs)
        gr_env_observe(env, p >= 0 ? p : env->player, obs);
    if (mask)
        memcpy(mask, env->mask, GR_ENV_NUM_ACTIONS);
    if (out) {
        out[0] = p;
        out[1] = env->terminated;
        out[2] = env->truncated;
        out[3] = env->rewards[0];
        out[4] = env->rewards[1];
    }
    return GR_OK;
}

/* ---- observation ------------------------------------------------------------ */

static void fill_cards(float *out, gr_cards cards)
{
    while (cards) {
        int c = __builtin_ctzll(cards);
        cards &= cards - 1;
        out[gr_env_card_to_openspiel((gr_card)c)] = 1.0f;
    }
}

int gr_env_observe(const gr_env *env, int player, float *out)
{
    if (!env || !out || (player != 0 && player != 1) || !env->game)
        return GR_EINVAL;
    const gr_game *g = env->game;
    memset(out, 0, GR_ENV_OBS_SIZE * sizeof *out);
    out[player] = 1.0f;
    /* own hand: the cards not yet laid down */
    gr_cards hand = g->hand[player];
    if (player == env->knocker || (env->defending && player == 1 - env->knocker))
        hand = env->held[player];
    fill_cards(out + 2 + 52 * player, hand);
    if (env->player >= 0)
        out[106 + env->player] = 1.0f;
    int limit = g->knock_limit < 10 ? g->knock_limit : 10;
    for (int i = 0; i < limit; i++)
        out[108 + i] = 1.0f;
    gr_cards pile = 0;
    for (int i = 0; i < g->npile; i++)
        pile |= GR_CARD_BIT(g->pile[i]);
    gr_card upcard = GR_NO_CARD;
    /* the upcard is the top of the pile while it may be taken, and stays
     * so when the hand ends without a knock (a pass at the wall, OpenSpiel's
     * limit of upcard draws) */
    if (env->knocker < 0 && g->phase != GR_PHASE_DISCARD && g->npile > 0)
        upcard = g->pile[g->npile - 1];
    if (upcard != GR_NO_CARD) {
        pile &= ~GR_CARD_BIT(upcard);
        out[118 + gr_env_card_to_openspiel(upcard)] = 1.0f;
    }
    if (env->knock_discard != GR_NO_CARD)
        pile |= GR_CARD_BIT(env->knock_discard);
    fill_cards(out + 170, pile);
    for (int i = 0; i < g->nstock; i++)
        out[222 + i] = 1.0f;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < env->nmelds[p]; i++)
            out[274 + 185 * p + env->melds[p][i]] = 1.0f;
    return GR_OK;
}

/* ---- batches ------------------------------------------------------------------- */

struct gr_batch {
    gr_allocator mm;
    size_t       n;
    uint64_t     next_seed;
    gr_env     **env;
};

void gr_batch_free(gr_batch *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++)
        gr_env_free(b->env[i]);
    gr_allocator mm = b->mm;
    gr__free(&mm, b->env);
    gr__free(&mm, b);
}

int gr_batch_new(gr_batch **out, const gr_rules *rules, size_t n)
{
    if (!out || !rules || n == 0 || n > (size_t)1 << 24)
        return GR_EINVAL;
    gr_batch *b = gr__malloc(&rules->mm, sizeof *b);
    if (!b)
        return GR_ENOMEM;
    b->mm = rules->mm;
    b->n = 0;
    b->next_seed = 0;
    b->env = gr__malloc(&rules->mm, n * sizeof *b->env);
    if (!b->env) {
        gr__free(&b->mm, b);
        return GR_ENOMEM;
    }
    for (; b->n < n; b->n++) {
        int rc = gr_env_new(&b->env[b->n], rules);
        if (rc != GR_OK) {
            gr_batch_free(b);
            return rc;
        }
    }
    *out = b;
    return GR_OK;
}

gr_env *gr_batch_env(gr_batch *b, size_t i)
{
    return b && i < b->n ? b->env[i] : NULL;
}

static void emit(const gr_env *env, size_t i, float *obs, uint8_t *mask,
                 int32_t *player)
{
    int p = env->player;
    if (player)
        player[i] = env->phase == ENV_OVER ? -1 : p;
    if (obs)
        gr_env_observe(env, p < 0 ? 0 : p, obs + i * GR_ENV_OBS_SIZE);
    if (mask)
        memcpy(mask + i * GR_ENV_NUM_ACTIONS, env->mask, GR_ENV_NUM_ACTIONS);
}

int gr_batch_reset(gr_batch *b, uint64_t seed, float *obs, uint8_t *mask,
                   int32_t *player)
{
    if (!b)
        return GR_EINVAL;
    b->next_seed = seed;
    for (size_t i = 0; i < b->n; i++) {
        int rc = gr_env_reset(b->env[i], b->next_seed++);
        if (rc != GR_OK)
            return rc;
        emit(b->env[i], i, obs, mask, player);
    }
    return GR_OK;
}

int gr_batch_step(gr_batch *b, const int32_t *actions, float *obs,
                  uint8_t *mask, int32_t *player, float *rewards,
                  uint8_t *done)
{
    if (!b || !actions)
        return GR_EINVAL;
    for (size_t i = 0; i < b->n; i++) {
        const gr_env *env = b->env[i];
        if (!env->game || env->phase == ENV_OVER)
            return GR_ESTATE;
        if (actions[i] < 0 || actions[i] >= GR_ENV_NUM_ACTIONS)
            return GR_EINVAL;
        if (!env->mask[actions[i]])
            return GR_EILLEGAL;
    }
    for (size_t i = 0; i < b->n; i++) {
        gr_env *env = b->env[i];
        int rc = gr_env_step(env, actions[i]);
        if (rc != GR_OK)
            return rc;   /* not expected: the actions were checked */
        bool over = env->phase == ENV_OVER;
        if (rewards) {
            rewards[2 * i] = (float)env->rewards[0];
            rewards[2 * i + 1] = (float)env->rewards[1];
        }
        if (done)
            done[i] = over ? (uint8_t)(env->truncated ? 2 : 1) : 0;
        if (over && (rc = gr_env_reset(env, b->next_seed++)) != GR_OK)
            return rc;
        emit(env, i, obs, mask, player);
    }
    return GR_OK;
}

int gr_batch_random_actions(gr_batch *b, uint64_t *state, int32_t *out)
{
    if (!b || !state || !out)
        return GR_EINVAL;
    for (size_t i = 0; i < b->n; i++)   /* refused: *state and out untouched */
        if (b->env[i]->nlegal <= 0)
            return GR_ESTATE;
    for (size_t i = 0; i < b->n; i++) {
        const gr_env *env = b->env[i];
        /* splitmix64 step, then pick the k-th legal action */
        uint64_t z = gr__splitmix64(state);
        int k = (int)(z % (uint64_t)env->nlegal);
        for (int a = 0; a < GR_ENV_NUM_ACTIONS; a++)
            if (env->mask[a] && k-- == 0) {
                out[i] = a;
                break;
            }
    }
    return GR_OK;
}

/* ---- struct sizes for bindings ---------------------------------------------------- */

int gr_struct_size(const char *name)
{
    static const struct { const char *name; size_t size; } sizes[] = {
        { "gr_arrangement", sizeof(gr_arrangement) },
        { "gr_layoff", sizeof(gr_layoff) },
        { "gr_hand_result", sizeof(gr_hand_result) },
        { "gr_view", sizeof(gr_view) },
        { "gr_score", sizeof(gr_score) },
        { "gr_move", sizeof(gr_move) },
        { "gr_option_info", sizeof(gr_option_info) },
        { "gr_allocator", sizeof(gr_allocator) },
        { "gr_table", sizeof(gr_table) },
        { "gr_standing", sizeof(gr_standing) },
        { "gr_rummy_hand", sizeof(gr_rummy_hand) },
        { "gr_rummy_meld", sizeof(gr_rummy_meld) },
        { "gr_rummy_arrangement", sizeof(gr_rummy_arrangement) },
        { "gr_rummy_action", sizeof(gr_rummy_action) },
        { "gr_rummy_result", sizeof(gr_rummy_result) },
        { "gr_rummy_view", sizeof(gr_rummy_view) },
        { "gr_rummy_score", sizeof(gr_rummy_score) },
        { "gr_parse_error", sizeof(gr_parse_error) },
        { "gr_settle_options", sizeof(gr_settle_options) },
        { "gr_take_advice", sizeof(gr_take_advice) },
        { "gr_knock_advice", sizeof(gr_knock_advice) },
        { "gr_position", sizeof(gr_position) },
        { "gr_legal_masks", sizeof(gr_legal_masks) },
        { "gr_rummy_move", sizeof(gr_rummy_move) },
        { "gr_rummy_plan", sizeof(gr_rummy_plan) },
    };
    if (!name)
        return GR_EINVAL;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (!strcmp(name, sizes[i].name))
            return (int)sizes[i].size;
    return GR_EINVAL;
}
