/*
 * gin/env.c: one hand of Gin as a reinforcement-learning environment with
 * OpenSpiel's gin_rummy action ids and 644-float observation (gr_env_*),
 * and N of them stepped by one call (gr_batch_*).  OpenSpiel's numbering
 * and the observation are in env_encode.c, the batches in batch.c.
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
#include "gin/env.h"

#include <string.h>

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

/* start playing `game` (owned from now on; the one it has, redealt in
 * place, or a new one) */
static void start(gr_env *env, gr_game *game)
{
    if (env->game != game)
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
    gr_game *game = env->game;
    if (game)   /* redealt in place: allocates nothing, cannot fail */
        gr_game_redeal(game, seed, 1);   /* as gr_game_new(rules, seed, 1) */
    else {
        int rc = gr_game_new(&game, env->rules, seed, 1);   /* player 0 acts first */
        if (rc != GR_OK)
            return rc;
    }
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
        u |= gr__meld_table[env->melds[player][i]];
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
        gr_cards m = gr__meld_table[env->melds[k][i]];
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
    const gr_cards *t = gr__meld_table;
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
                mark(env, os_card(legal[i].card)); break;
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
                mark(env, os_card(c));
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
                mark(env, os_card(c));
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
        out->melds[i] = gr__meld_table[env->melds[player][i]];
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
    env->held[player] &= ~gr__meld_table[id];
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
    /* the one allocation a step may need, before anything changes: an
     * action adds at most one move to the game's history */
    if (gr__game_reserve(g) != GR_OK)
        return GR_ENOMEM;
    int p = env->player, rc = GR_OK;
    gr_card card = action < GR_NCARDS
                   ? (gr_card)gr_env_card_from_openspiel(action) : GR_NO_CARD;
    switch (env->phase) {
    case ENV_PLAY:
        if (action == OS_DRAW_UPCARD) {
            bool counted = g->phase == GR_PHASE_DRAW;
            if (counted && env->draw_upcards + 1 == OS_MAX_DRAW_UPCARDS) {
                env->draw_upcards++;
                env->phase = ENV_OVER;      /* OpenSpiel ends the hand: 0 each */
                env->truncated = 1;
                goto done;
            }
            rc = play(env, g->phase == GR_PHASE_UPCARD
                      ? GR_MOVE_TAKE_UPCARD : GR_MOVE_DRAW_DISCARD, GR_NO_CARD);
            /* counted once played: a refused draw changes nothing */
            env->draw_upcards += counted && rc == GR_OK;
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
