/*
 * gin/env_encode.c: OpenSpiel's card and meld numbering and the
 * environment's 644-float observation (gr_env_observe).  See env.c.
 */
#include "ginrummy.h"
#include "gin/env.h"

#include <string.h>

/* ---- OpenSpiel's numbering ---------------------------------------------- */

/* OpenSpiel's suits are spades, clubs, diamonds, hearts (ours: clubs,
 * diamonds, hearts, spades); ranks agree. */
int gr_env_card_to_openspiel(gr_card card)
{
    if (card >= GR_NCARDS)
        return GR_EINVAL;
    return os_card(card);
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
const gr_cards gr__meld_table[OS_NMELDS] = {
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
    *out = gr__meld_table[id];
    return GR_OK;
}

int gr_env_meld_id(gr_cards meld)
{
    if (meld & ~GR_ALL_CARDS)
        return GR_EINVAL;
    for (int id = 0; id < OS_NMELDS; id++)
        if (gr__meld_table[id] == meld)
            return id;
    return GR_EINVAL;
}

/* ---- observation ------------------------------------------------------------ */

/* out[OpenSpiel's id of c] = 1 for each card c */
static void fill_cards(float *out, gr_cards cards)
{
    for (gr_cards os = os_cards(cards); os; os &= os - 1)
        out[__builtin_ctzll(os)] = 1.0f;
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
        out[118 + os_card(upcard)] = 1.0f;
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
