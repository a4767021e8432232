/*
 * rummy/position.c: a Rummy hand set up from a position (each hand, the
 * table's melds, the pile, the stock or a seed, whose turn and which
 * step) instead of a deal; the checks a position must pass; the position
 * of a game in play.
 *
 * A game from a position keeps the position it started from (the stock
 * resolved when it came from a seed) so that gr_rummy_game_save() can
 * write it and gr_rummy_game_load() rebuild it before replaying the
 * moves played since (rummy/save.c).
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "common/rng.h"
#include "rummy/cards.h"
#include "rummy/game.h"
#include "rummy/position.h"
#include "rummy/reason.h"

#include <string.h>

static bool hand_zero(const gr_rummy_hand *h)
{
    return h->once == 0 && h->twice == 0 && h->jokers == 0;
}

/* how many copies of each card (faces 0..51, the joker 52) the position
 * names, outside the stock */
static void count_cards(const gr_rummy_position *p, int count[GR_NCARDS + 1])
{
    memset(count, 0, sizeof(int) * (GR_NCARDS + 1));
    for (int s = 0; s < p->nplayers; s++) {
        for (gr_cards m = p->hand[s].once; m; m &= m - 1)
            count[__builtin_ctzll(m)]++;
        for (gr_cards m = p->hand[s].twice; m; m &= m - 1)
            count[__builtin_ctzll(m)]++;
        count[GR_NCARDS] += p->hand[s].jokers;
    }
    for (int i = 0; i < p->nmelds; i++) {
        for (gr_cards m = p->melds[i].cards & ~p->melds[i].jokers; m; m &= m - 1)
            count[__builtin_ctzll(m)]++;
        count[GR_NCARDS] += gr__popcount(p->melds[i].jokers);
    }
    for (int i = 0; i < p->npile; i++)
        count[p->pile[i]]++;
}

/* known within hand: each face and the jokers no more often */
static bool within(const gr_rummy_hand *known, const gr_rummy_hand *hand)
{
    return (known->once & ~hand->once) == 0 && (known->twice & ~hand->twice) == 0
        && known->jokers <= hand->jokers;
}

/* true if a table meld holds the card (a joker: any meld with a joker) */
static bool on_table(const gr_rummy_position *p, gr_card card)
{
    for (int i = 0; i < p->nmelds; i++) {
        const gr_rummy_meld *m = &p->melds[i];
        if (card == GR_RUMMY_JOKER ? m->jokers != 0
                                   : ((m->cards & ~m->jokers) >> card & 1) != 0)
            return true;
    }
    return false;
}

/* the shape of a position: values in range, entries past the counts 0 */
static int shape_reason(const gr_rummy_rules *rules, const gr_rummy_position *p)
{
    int n = p->nplayers;
    if (n != rules->opt[GR_RUMMY_OPT_PLAYERS]
        || p->dealer < 0 || p->dealer >= n || p->turn < 0 || p->turn >= n
        || (p->phase != GR_RUMMY_PHASE_DRAW && p->phase != GR_RUMMY_PHASE_PLAY)
        || p->nmelds < 0 || p->nmelds > GR_RUMMY_MAX_MELDS
        || p->npile < 0 || p->npile > GR_RUMMY_MAX_CARDS
        || (p->stock_from_seed != 0 && p->stock_from_seed != 1)
        || (!p->stock_from_seed && (p->nstock < 0 || p->nstock > GR_RUMMY_MAX_CARDS))
        || p->played < 0 || p->played > GR_RUMMY_MAX_HAND_MOVES - 1
        || p->turnovers < 0)
        return GR_REASON_BAD_VALUE;
    int limit = rules->opt[GR_RUMMY_OPT_TURNOVER_LIMIT];
    if (limit > 0 && p->turnovers > limit)
        return GR_REASON_BAD_VALUE;
    for (int s = n; s < GR_RUMMY_MAX_PLAYERS; s++)
        if (!hand_zero(&p->hand[s]) || !hand_zero(&p->known[s]))
            return GR_REASON_BAD_VALUE;
    for (int i = 0; i < GR_RUMMY_MAX_MELDS; i++) {
        if (i >= p->nmelds) {
            if (p->melds[i].cards || p->melds[i].jokers || p->owner[i])
                return GR_REASON_BAD_VALUE;
        } else if (p->owner[i] < 0 || p->owner[i] >= n) {
            return GR_REASON_BAD_VALUE;
        }
    }
    return GR_REASON_NONE;
}

static int cards_reason(const gr_rummy_position *p, int flags)
{
    for (int s = 0; s < p->nplayers; s++)
        if (!gr__rummy_hand_valid(&p->hand[s]) || !gr__rummy_hand_valid(&p->known[s]))
            return GR_REASON_BAD_CARD;
    for (int i = 0; i < p->nmelds; i++)
        if (!gr__rummy_meld_valid(&p->melds[i]))
            return GR_REASON_BAD_CARD;
    for (int i = 0; i < p->npile; i++)
        if (p->pile[i] > GR_RUMMY_JOKER)
            return GR_REASON_BAD_CARD;
    for (int i = 0; !p->stock_from_seed && i < p->nstock; i++)
        if (p->stock[i] > GR_RUMMY_JOKER)
            return GR_REASON_BAD_CARD;
    if (p->taken > GR_RUMMY_JOKER && p->taken != GR_NO_CARD)
        return GR_REASON_BAD_CARD;
    for (int i = 0; i < p->nmelds; i++) {
        int why = gr__rmeld_reason(&p->melds[i], flags);
        if (why != GR_REASON_NONE)
            return why;
    }
    return GR_REASON_NONE;
}

int gr__rposition_reason(const gr_rummy_rules *rules, const gr_rummy_position *p,
                         gr_card stock[GR_RUMMY_MAX_CARDS], int *nstock)
{
    if (!rules || !p)
        return GR_REASON_NULL_ARGUMENT;
    if (!GR__RESERVED_ZERO(p))
        return GR_REASON_RESERVED_NOT_ZERO;
    int why = shape_reason(rules, p);
    if (why == GR_REASON_NONE)
        why = cards_reason(p, rules->opt[GR_RUMMY_OPT_ACE_HIGH] ? GR_RUMMY_ACE_HIGH : 0);
    if (why != GR_REASON_NONE)
        return why;

    /* R1: the decks, each card as often as they hold it */
    int decks, hand_size, ncards;
    if (gr__rummy_deal(rules->opt, &decks, &hand_size, &ncards) != GR_OK)
        return GR_REASON_BAD_VALUE;
    int want[GR_NCARDS + 1], count[GR_NCARDS + 1];
    for (int c = 0; c < GR_NCARDS; c++)
        want[c] = decks;
    want[GR_NCARDS] = ncards - decks * GR_NCARDS;
    count_cards(p, count);
    int n = 0;
    if (p->stock_from_seed) {
        for (int c = 0; c <= GR_NCARDS; c++) {
            if (count[c] > want[c])
                return GR_REASON_RUMMY_CARDS;
            for (int k = count[c]; k < want[c]; k++)
                stock[n++] = (gr_card)c;
        }
        gr_rng rng;
        gr__rng_seed(&rng, p->seed);
        gr__shuffle(&rng, stock, n);
    } else {
        for (int i = 0; i < p->nstock; i++) {
            count[p->stock[i]]++;
            stock[n++] = p->stock[i];
        }
        for (int c = 0; c <= GR_NCARDS; c++)
            if (count[c] != want[c])
                return GR_REASON_RUMMY_CARDS;
    }
    *nstock = n;

    /* R2, R4: hand sizes */
    for (int s = 0; s < p->nplayers; s++) {
        int k = gr__rummy_hand_count(&p->hand[s]);
        int most = hand_size + (s == p->turn && p->phase == GR_RUMMY_PHASE_PLAY);
        if (k == 0 || k > most)
            return GR_REASON_RUMMY_CARD_COUNT;
    }
    for (int s = 0; s < p->nplayers; s++)
        if (!within(&p->known[s], &p->hand[s]))
            return GR_REASON_BAD_VALUE;
    const gr_rummy_hand *mine = &p->hand[p->turn];
    if (p->phase == GR_RUMMY_PHASE_DRAW) {
        if (p->taken != GR_NO_CARD || p->npile == 0 || n == 0)
            return GR_REASON_BAD_VALUE;
    } else if (p->taken != GR_NO_CARD) {
        /* the card taken from the pile is held, or was melded or laid off
         * this turn */
        if (gr__rhand_has(mine, p->taken) == 0) {
            if (!on_table(p, p->taken))
                return GR_REASON_BAD_VALUE;
        } else if (gr__rhand_stuck(mine, p->taken)) {
            return GR_REASON_DEAD_END;
        }
    }
    return GR_REASON_NONE;
}

int gr_rummy_position_check(const gr_rummy_rules *rules,
                            const gr_rummy_position *position, int *reason)
{
    gr_card stock[GR_RUMMY_MAX_CARDS];
    int n;
    return gr__reason_put(reason, gr__rposition_reason(rules, position, stock, &n));
}

int gr_rummy_game_from_position(gr_rummy_game **out, const gr_rummy_rules *rules,
                                const gr_rummy_position *p)
{
    gr_card stock[GR_RUMMY_MAX_CARDS];
    int n = 0;
    if (!out)
        return GR_EINVAL;
    int why = gr__rposition_reason(rules, p, stock, &n);
    if (why != GR_REASON_NONE)
        return gr_reason_status(why);
    gr_rummy_game *g = gr__malloc(&rules->mm, sizeof *g);
    gr_rummy_position *start = gr__malloc(&rules->mm, sizeof *start);
    if (!g || !start) {
        if (g)
            gr__free(&rules->mm, g);
        if (start)
            gr__free(&rules->mm, start);
        return GR_ENOMEM;
    }
    memset(g, 0, sizeof *g);
    g->rules = *rules;
    gr__rummy_deal(rules->opt, &g->decks, &g->hand_size, &g->ncards);
    g->nplayers = p->nplayers;
    g->flags = rules->opt[GR_RUMMY_OPT_ACE_HIGH] ? GR_RUMMY_ACE_HIGH : 0;
    g->dealer = p->dealer;
    g->turn = p->turn;
    g->phase = p->phase;
    g->winner = -1;
    g->turnovers = p->turnovers;
    g->taken = p->taken;
    memcpy(g->hand, p->hand, sizeof g->hand);
    memcpy(g->known, p->known, sizeof g->known);
    g->nstock = n;
    for (int i = 0; i < n; i++)          /* stock[0] is the top */
        g->stock[n - 1 - i] = stock[i];
    g->npile = p->npile;
    memcpy(g->pile, p->pile, (size_t)p->npile * sizeof *g->pile);
    g->nmelds = p->nmelds;
    memcpy(g->melds, p->melds, sizeof g->melds);
    memcpy(g->owner, p->owner, sizeof g->owner);
    g->played_before = p->played;
    *start = *p;
    start->stock_from_seed = 0;
    start->seed = 0;
    start->nstock = n;
    memset(start->stock, 0, sizeof start->stock);
    memcpy(start->stock, stock, (size_t)n * sizeof *stock);
    g->start = start;
    *out = g;
    return GR_OK;
}

int gr_rummy_game_position(const gr_rummy_game *g, gr_rummy_position *out)
{
    if (!g || !out)
        return GR_EINVAL;
    if (g->phase == GR_RUMMY_PHASE_OVER)
        return GR_ESTATE;
    gr_rummy_position p;
    memset(&p, 0, sizeof p);
    p.nplayers = g->nplayers;
    p.dealer = g->dealer;
    p.turn = g->turn;
    p.phase = g->phase;
    memcpy(p.hand, g->hand, sizeof p.hand);
    memcpy(p.known, g->known, sizeof p.known);
    p.nmelds = g->nmelds;
    memcpy(p.melds, g->melds, (size_t)g->nmelds * sizeof *p.melds);
    memcpy(p.owner, g->owner, (size_t)g->nmelds * sizeof *p.owner);
    p.npile = g->npile;
    memcpy(p.pile, g->pile, (size_t)g->npile * sizeof *p.pile);
    p.nstock = g->nstock;
    for (int i = 0; i < g->nstock; i++)
        p.stock[i] = g->stock[g->nstock - 1 - i];
    p.taken = g->taken;
    p.turnovers = g->turnovers;
    p.played = g->played_before + g->nhistory;
    if (p.played > GR_RUMMY_MAX_HAND_MOVES - 1)
        p.played = GR_RUMMY_MAX_HAND_MOVES - 1;   /* not reached: void first */
    *out = p;
    return GR_OK;
}
