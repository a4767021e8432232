/*
 * rummy/expert_sample.c: what the Rummy expert remembers of a hand and
 * how it deals the cards it cannot see.
 *
 * Memory.  The expert sees a view at each of its decisions, nothing in
 * between.  When it discards it keeps the pile as it left it; at its next
 * draw the pile shows what the other seats did meanwhile: each took the
 * top or not, then discarded.  Every take/no-take pattern of the seats in
 * between is tried (2^(players-1), at most 64) and when exactly one turns
 * the old pile into the new one, the top each seat left is "passed" by
 * him and each discard "thrown" by him.  A turnover of the pile, or
 * several patterns that fit, teach nothing.
 *
 * ALGORITHM (sampling).  The unseen cards are the deck (its decks and
 * jokers read from the number of cards the view accounts for) less our
 * hand, the table, the pile and every seat's known cards.  They are
 * shuffled; each other seat in turn gets his unknown cards from them and
 * the rest is the stock, in shuffled order.  With GR_RUMMY_EXPERT_INFER,
 * of 4 draws of a seat's unknown cards the one that fits his play best is
 * kept: each passed face that would have made a natural meld with his
 * hand costs 3, each held card of the rank or a neighbour of a face he
 * threw costs 1 (a player keeps what he needs and throws what he does
 * not).
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "rummy/expert.h"
#include "rummy/playout.h"
#include "rummy/rules.h"

#include <string.h>

#define SAMPLE_TRIES 4

/* ---- memory --------------------------------------------------------------- */

static void forget(gr__rexpert *e)
{
    e->pile_valid = false;
    memset(e->passed, 0, sizeof e->passed);
    memset(e->thrown, 0, sizeof e->thrown);
    e->nplan = e->iplan = 0;
}

/* the seats between our discard and this draw: which took the top */
static void read_turns(gr__rexpert *e, const gr_rummy_view *v)
{
    int n = v->nplayers, k = n - 1, found = 0;
    unsigned fit = 0;
    int st[GR_RUMMY_MAX_CARDS + GR_RUMMY_MAX_PLAYERS];
    for (unsigned mask = 0; mask < (1u << k); mask++) {
        int len = e->npile;
        bool ok = true;
        for (int i = 0; i < len; i++)
            st[i] = e->pile[i];
        for (int j = 0; j < k && ok; j++) {
            if (mask >> j & 1) {
                if (len == 0)
                    ok = false;
                else
                    len--;
            }
            st[len++] = -1 - j;   /* seat j's discard, unknown yet */
        }
        if (!ok || len != v->ndiscards)
            continue;
        for (int i = 0; i < len && ok; i++)
            ok = st[i] < 0 || st[i] == v->discards[i];
        if (ok) {
            found++;
            fit = mask;
        }
    }
    if (found != 1)
        return;
    /* replay the one pattern: what each seat found on top and threw */
    int len = e->npile, pos[GR_RUMMY_MAX_PLAYERS];
    for (int i = 0; i < len; i++)
        st[i] = e->pile[i];
    for (int j = 0; j < k; j++) {
        int q = (v->player + 1 + j) % n;
        int top = len ? st[len - 1] : GR_NO_CARD;
        if (top < 0)   /* the seat before threw it and it stayed */
            top = v->discards[pos[-1 - top]];
        if (fit >> j & 1)
            len--;
        else if (top < GR_NCARDS)
            e->passed[q] |= GR_CARD_BIT(top);
        pos[j] = len;
        st[len++] = -1 - j;
    }
    for (int j = 0; j < k; j++) {
        int q = (v->player + 1 + j) % n;
        bool stayed = !(j + 1 < k && (fit >> (j + 1) & 1));
        if (stayed && pos[j] < v->ndiscards && v->discards[pos[j]] < GR_NCARDS)
            e->thrown[q] |= GR_CARD_BIT(v->discards[pos[j]]);
    }
}

void gr__rexpert_observe(gr__rexpert *e, const gr_rummy_view *v)
{
    if (!e->started || v->dealer != e->dealer || v->turnovers < e->turnovers
        || v->nmelds < e->nmelds
        || (v->stock_size > e->stock_size && v->turnovers == e->turnovers)) {
        forget(e);
        e->started = true;
    }
    if (e->pile_valid && v->phase == GR_RUMMY_PHASE_DRAW && v->turnovers == e->turnovers)
        read_turns(e, v);
    if (v->phase == GR_RUMMY_PHASE_DRAW)
        e->pile_valid = false;
    e->dealer = v->dealer;
    e->turnovers = v->turnovers;
    e->stock_size = v->stock_size;
    e->nmelds = v->nmelds;
}

void gr__rexpert_discarded(gr__rexpert *e, const gr_rummy_view *v, gr_card c)
{
    if (v->ndiscards >= GR_RUMMY_MAX_CARDS)
        return;
    memcpy(e->pile, v->discards, (size_t)v->ndiscards);
    e->pile[v->ndiscards] = c;
    e->npile = v->ndiscards + 1;
    e->pile_valid = true;
}

/* ---- the unseen cards -------------------------------------------------------- */

static int take(int *count, gr_card c)
{
    return --count[c] < 0 ? GR_EINVAL : GR_OK;
}

static int take_hand(int *count, const gr_rummy_hand *h)
{
    int rc = GR_OK;
    for (gr_cards r = h->once; r; r &= r - 1)
        rc |= take(count, (gr_card)__builtin_ctzll(r));
    for (gr_cards r = h->twice; r; r &= r - 1)
        rc |= take(count, (gr_card)__builtin_ctzll(r));
    count[GR_RUMMY_JOKER] -= h->jokers;
    return rc != GR_OK || count[GR_RUMMY_JOKER] < 0 ? GR_EINVAL : GR_OK;
}

int gr__rdeal_init(const gr__rexpert *e, const gr_rummy_view *v, gr__rdeal *d)
{
    int n = v->nplayers, total = v->ndiscards + v->stock_size;
    for (int p = 0; p < n; p++)
        total += v->counts[p];
    for (int i = 0; i < v->nmelds; i++)
        total += gr__popcount(v->melds[i].cards);
    int decks = total > 60 ? 2 : 1, jokers = total - 52 * decks;
    if (jokers < 0 || jokers > 4 * decks)
        return GR_EINVAL;
    int count[GR_NCARDS + 1];
    for (int c = 0; c < GR_NCARDS; c++)
        count[c] = decks;
    count[GR_RUMMY_JOKER] = jokers;
    if (take_hand(count, &v->hand) != GR_OK)
        return GR_EINVAL;
    for (int i = 0; i < v->nmelds; i++) {
        for (gr_cards r = v->melds[i].cards & ~v->melds[i].jokers; r; r &= r - 1)
            if (take(count, (gr_card)__builtin_ctzll(r)) != GR_OK)
                return GR_EINVAL;
        count[GR_RUMMY_JOKER] -= gr__popcount(v->melds[i].jokers);
    }
    for (int i = 0; i < v->ndiscards; i++)
        if (take(count, v->discards[i]) != GR_OK)
            return GR_EINVAL;
    int hidden = 0;
    for (int p = 0; p < n; p++) {
        d->hidden[p] = 0;
        if (p == v->player)
            continue;
        if (take_hand(count, &v->known[p]) != GR_OK)
            return GR_EINVAL;
        d->hidden[p] = v->counts[p] - gr__rhand_count(&v->known[p]);
        if (d->hidden[p] < 0)
            return GR_EINVAL;
        hidden += d->hidden[p];
    }
    if (count[GR_RUMMY_JOKER] < 0)
        return GR_EINVAL;
    d->npool = 0;
    for (int c = 0; c <= GR_NCARDS; c++)
        for (int k = 0; k < count[c]; k++)
            d->pool[d->npool++] = (gr_card)c;
    if (d->npool != hidden + v->stock_size)
        return GR_EINVAL;
    gr_rummy_game *g = &d->base;
    memset(g, 0, sizeof *g);
    if (e->have_rules) {
        g->rules = e->rules;
    } else {
        g->rules.opt[GR_RUMMY_OPT_PLAYERS] = n;
        g->rules.opt[GR_RUMMY_OPT_JOKERS] = jokers / decks;
        g->rules.opt[GR_RUMMY_OPT_ACE_HIGH] = v->ace_high;
        g->rules.opt[GR_RUMMY_OPT_TARGET] = 100;
        g->rules.mm = gr__allocator_or_default(NULL);
    }
    g->nplayers = n;
    g->decks = decks;
    g->ncards = total;
    g->flags = v->ace_high ? GR_RUMMY_ACE_HIGH : 0;
    g->dealer = v->dealer;
    g->turn = v->turn;
    g->phase = v->phase;
    g->winner = -1;
    g->turnovers = v->turnovers;
    g->taken = v->taken;
    for (int p = 0; p < n; p++) {
        g->hand[p] = p == v->player ? v->hand : v->known[p];
        g->known[p] = v->known[p];
    }
    g->nstock = v->stock_size;
    g->npile = v->ndiscards;
    memcpy(g->pile, v->discards, (size_t)v->ndiscards);
    g->nmelds = v->nmelds;
    memcpy(g->melds, v->melds, (size_t)v->nmelds * sizeof g->melds[0]);
    memcpy(g->owner, v->owner, (size_t)v->nmelds * sizeof g->owner[0]);
    return GR_OK;
}

/* how badly a seat's hand fits what he passed and threw (see above) */
static int misfit(gr_cards held, gr_cards passed, gr_cards thrown, int flags)
{
    gr_cards melds = gr__rpattern_faces(held | passed, 0, flags) & passed & ~held;
    gr_cards ranks = 0;
    for (gr_cards r = thrown; r; r &= r - 1)
        ranks |= gr__rank_faces(GR_CARD_RANK(__builtin_ctzll(r)));
    gr_cards aces = GR_EVERY_SUIT(1), kings = GR_EVERY_SUIT((gr_cards)1 << 12);
    gr_cards near = ((thrown & ~kings) << 1) | ((thrown & ~aces) >> 1);
    return 3 * gr__popcount(melds) + gr__popcount(held & ranks & ~thrown)
         + gr__popcount(held & near);
}

void gr__rdeal_sample(const gr__rexpert *e, const gr__rdeal *d, gr_rng *rng,
                      gr_rummy_game *g)
{
    memcpy(g, &d->base, sizeof *g);
    gr_card pool[GR_RUMMY_MAX_CARDS];
    int np = d->npool;
    memcpy(pool, d->pool, (size_t)np);
    int at = 0;
    bool infer = (e->features & GR_RUMMY_EXPERT_INFER) != 0;
    for (int q = 0; q < g->nplayers; q++) {
        int h = d->hidden[q];
        if (h == 0)
            continue;
        int tries = infer && (e->passed[q] | e->thrown[q]) ? SAMPLE_TRIES : 1;
        gr_card best[GR_RUMMY_MAX_CARDS];
        int best_cost = -1;
        for (int t = 0; t < tries; t++) {
            gr_cards held = g->known[q].once;
            for (int i = 0; i < h; i++) {   /* a partial shuffle */
                int j = at + i + (int)gr__rng_below(rng, (uint64_t)(np - at - i));
                gr_card c = pool[j];
                pool[j] = pool[at + i];
                pool[at + i] = c;
                if (c < GR_NCARDS)
                    held |= GR_CARD_BIT(c);
            }
            if (tries == 1)
                break;
            int cost = misfit(held, e->passed[q], e->thrown[q], g->flags);
            if (best_cost < 0 || cost < best_cost) {
                best_cost = cost;
                memcpy(best, pool + at, (size_t)h);
            }
        }
        if (tries > 1)   /* bring the best draw to the front */
            for (int i = 0; i < h; i++)
                for (int j = at + i; j < np; j++)
                    if (pool[j] == best[i]) {
                        pool[j] = pool[at + i];
                        pool[at + i] = best[i];
                        break;
                    }
        for (int i = 0; i < h; i++)
            gr__rhand_add(&g->hand[q], pool[at + i]);
        at += h;
    }
    /* the stock: the rest, shuffled */
    for (int i = at; i < np - 1; i++) {
        int j = i + (int)gr__rng_below(rng, (uint64_t)(np - i));
        gr_card c = pool[j];
        pool[j] = pool[i];
        pool[i] = c;
    }
    g->nstock = np - at;
    memcpy(g->stock, pool + at, (size_t)g->nstock);
}
