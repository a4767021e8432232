/*
 * gin/batch.c: N environments stepped by one call (gr_batch_*), and the
 * struct sizes for bindings (gr_struct_size).  See env.c.
 */
#include "ginrummy.h"
#include "common/alloc.h"
#include "common/assert.h"
#include "common/rng.h"
#include "gin/env.h"
#include "gin/game.h"

#include <string.h>

/* ---- batches ------------------------------------------------------------------- */

struct gr_batch {
    gr_allocator mm;
    size_t       n;
    uint64_t     next_seed;   /* seed + i mode: the next hand's seed */
    bool         streams;     /* gr_batch_reset_streams: hand k of env i
                                 is dealt gr_seed_derive(base, i, k) */
    uint64_t     base;
    uint64_t    *hands;       /* streams: hands dealt so far, per env */
    gr_env     **env;
};

void gr_batch_free(gr_batch *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++)
        gr_env_free(b->env[i]);
    gr_allocator mm = b->mm;
    gr__free(&mm, b->hands);
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
    b->streams = false;
    b->base = 0;
    b->hands = gr__malloc(&rules->mm, n * sizeof *b->hands);
    b->env = gr__malloc(&rules->mm, n * sizeof *b->env);
    if (!b->env || !b->hands) {
        gr__free(&b->mm, b->hands);
        gr__free(&b->mm, b->env);
        gr__free(&b->mm, b);
        return GR_ENOMEM;
    }
    memset(b->hands, 0, n * sizeof *b->hands);
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

/* Deal every environment of the batch; all or nothing: the games an
 * environment lacks (before its first deal) are made first, and only when
 * all of them are made does anything change; the deals themselves are in
 * place and cannot fail. */
/* the seed of environment i's next hand, by the batch's seeding mode */
static uint64_t next_seed(gr_batch *b, size_t i)
{
    if (!b->streams)
        return b->next_seed++;
    uint64_t seed;
    gr_seed_derive(b->base, i, b->hands[i]++, &seed);
    return seed;
}

static int reset(gr_batch *b, bool streams, uint64_t seed, float *obs,
                 uint8_t *mask, int32_t *player)
{
    if (!b)
        return GR_EINVAL;
    size_t missing = 0;
    for (size_t i = 0; i < b->n; i++)
        missing += b->env[i]->game == NULL;
    gr_game **made = NULL;
    if (missing) {
        made = gr__malloc(&b->mm, missing * sizeof *made);
        if (!made)
            return GR_ENOMEM;
        for (size_t i = 0, k = 0; k < missing; i++) {
            if (b->env[i]->game)
                continue;
            int rc = gr_game_new(&made[k], b->env[i]->rules, 0, 1);
            k += rc == GR_OK;
            if (rc != GR_OK) {
                while (k > 0)
                    gr_game_free(made[--k]);
                gr__free(&b->mm, made);
                return rc;
            }
        }
    }
    b->streams = streams;
    b->next_seed = seed;
    b->base = seed;
    memset(b->hands, 0, b->n * sizeof *b->hands);
    for (size_t i = 0, k = 0; i < b->n; i++) {
        gr_env *env = b->env[i];
        if (!env->game)
            env->game = made[k++];
        int rc = gr_env_reset(env, next_seed(b, i));   /* in place */
        if (GR_NEVER(rc != GR_OK))
            return rc;
        emit(env, i, obs, mask, player);
    }
    if (made)
        gr__free(&b->mm, made);
    return GR_OK;
}

int gr_batch_reset(gr_batch *b, uint64_t seed, float *obs, uint8_t *mask,
                   int32_t *player)
{
    return reset(b, false, seed, obs, mask, player);
}

int gr_batch_reset_streams(gr_batch *b, uint64_t seed, float *obs,
                           uint8_t *mask, int32_t *player)
{
    return reset(b, true, seed, obs, mask, player);
}

/* In place too: after gr_batch_reset_streams every environment has a game */
int gr_batch_seek(gr_batch *b, size_t i, uint64_t k)
{
    if (!b || i >= b->n)
        return GR_EINVAL;
    if (!b->streams)
        return GR_ESTATE;
    uint64_t seed;
    gr_seed_derive(b->base, i, k, &seed);
    int rc = gr_env_reset(b->env[i], seed);
    if (rc == GR_OK)
        b->hands[i] = k + 1;
    return rc;
}

/* All or nothing too: every action is checked and every game given room
 * for the move its action may add (the one allocation a step can need)
 * before any environment moves; then the steps and the new deals (in
 * place) cannot fail. */
static int step_all(gr_batch *b, const int32_t *actions, float *obs,
                    uint8_t *mask, int32_t *player, float *rewards,
                    uint8_t *done, float *final_obs)
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
    for (size_t i = 0; i < b->n; i++)
        if (gr__game_reserve(b->env[i]->game) != GR_OK)
            return GR_ENOMEM;
    for (size_t i = 0; i < b->n; i++) {
        gr_env *env = b->env[i];
        int rc = gr_env_step(env, actions[i]);
        if (GR_NEVER(rc != GR_OK))
            return rc;   /* checked and reserved above */
        bool over = env->phase == ENV_OVER;
        if (rewards) {
            rewards[2 * i] = (float)env->rewards[0];
            rewards[2 * i + 1] = (float)env->rewards[1];
        }
        if (done)
            done[i] = over ? (uint8_t)(env->truncated ? 2 : 1) : 0;
        if (over && final_obs)   /* the end, seen by the last to act */
            gr_env_observe(env, env->player < 0 ? 0 : env->player,
                           final_obs + i * GR_ENV_OBS_SIZE);
        if (over && GR_NEVER((rc = gr_env_reset(env, next_seed(b, i))) != GR_OK))
            return rc;   /* in place: cannot fail */
        emit(env, i, obs, mask, player);
    }
    return GR_OK;
}

int gr_batch_step(gr_batch *b, const int32_t *actions, float *obs,
                  uint8_t *mask, int32_t *player, float *rewards,
                  uint8_t *done)
{
    return step_all(b, actions, obs, mask, player, rewards, done, NULL);
}

int gr_batch_step_final(gr_batch *b, const int32_t *actions, float *obs,
                        uint8_t *mask, int32_t *player, float *rewards,
                        uint8_t *done, float *final_obs)
{
    return step_all(b, actions, obs, mask, player, rewards, done, final_obs);
}

/* The k-th (from 0) legal action of a mask of 0 and 1 bytes with more
 * than k ones.  Eight bytes at a time: a word's ones number the sum of
 * its bytes (the top byte of the word times 0x0101..01, whatever the byte
 * order), so the scan skips whole words before the one holding it. */
static int kth_legal(const uint8_t *mask, int k)
{
    int a = 0;
    for (; a + 8 <= GR_ENV_NUM_ACTIONS; a += 8) {
        uint64_t w;
        memcpy(&w, mask + a, sizeof w);
        int ones = (int)((w * 0x0101010101010101ull) >> 56);
        if (k < ones)
            break;
        k -= ones;
    }
    for (; a < GR_ENV_NUM_ACTIONS; a++)
        if (mask[a] && k-- == 0)
            return a;
    return 0;   /* not reached: the mask has more than k ones */
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
        out[i] = kth_legal(env->mask, (int)(z % (uint64_t)env->nlegal));
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
        { "gr_rummy_masks", sizeof(gr_rummy_masks) },
        { "gr_rummy_position", sizeof(gr_rummy_position) },
        { "gr_rummy_advice", sizeof(gr_rummy_advice) },
    };
    if (!name)
        return GR_EINVAL;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (!strcmp(name, sizes[i].name))
            return (int)sizes[i].size;
    return GR_EINVAL;
}
