/*
 * rummy/expert_sample.c: what the Rummy expert remembers of a hand and
 * how it deals the cards it cannot see.
 *
 * Memory.  The expert sees a view at each of its decisions, nothing in
 * between.  When it discards it keeps the pile as it left it, and it
 * keeps the stock as far as it knows it (a place holds a card, or is
 * unknown: every place before the first turnover); at its next draw the
 * pile and the stock's size show what the other seats did meanwhile:
 * each took the top or drew the stock's, then discarded, and when a draw
 * emptied the stock the pile was turned over after his discard (R6: the
 * new stock is the old pile, its order known but for discards the seat
 * never saw).  Every take/draw pattern of the seats in between is
 * replayed (2^(players-1), at most 64); those that turn the old pile and
 * stock into the view's give the stock now (unknown if they disagree),
 * and when exactly one fits, the top each seat left is "passed" by him,
 * each discard still in the pile "thrown" by him (that of this round his
 * "last", until the next draw), and a known stock card he drew "drew" by
 * him (until he is seen to throw it; not when his own discard went under
 * in a turnover, as it may be that card).
 *
 * ALGORITHM (sampling).  The unseen cards are the deck (its decks and
 * jokers read from the number of cards the view accounts for) less our
 * hand, the table, the pile, every seat's known cards and the stock's
 * known places.  Each other seat holds his known cards and what he
 * "drew" that is still unseen (as many as his hand holds); the rest of
 * his hand is dealt from the unseen cards, shuffled, and what is left
 * fills the stock's unknown places in shuffled order.  With
 * GR_RUMMY_EXPERT_INFER, of 32 draws of a seat's unknown cards (32 shared
 * by the other seats, at least 4 each) the one that fits his play best is
 * kept (the first that breaks nothing, as none can fit better).  A
 * player who throws his costliest loose card and lays down and off at
 * once (the greedy bot, BASIC and the bench's rule-based player do) keeps
 * after his turn a hand that breaks none of the rules below, and it has
 * not changed since.  For a seat whose discard of the round is read (when
 * exactly one take/draw pattern fits), each costs 6 for each card that
 * breaks it: a held card outside every pair and near run of his hand with
 * the card he threw, worth more than that card; a held card in a natural
 * meld; a held card that fits a table meld as he left it (read for the
 * seat just before ours); the top he passed at that turn when it melds
 * with his hand and the card he threw.  His discard's rank among his
 * cards costs 2 for each held card he would have thrown first, by BASIC's
 * order (loose cards first, then the costliest) or the greedy bot's (its
 * keep score), whichever is fewer; and each card but one (the one he
 * drew) of his hand and the card he threw, outside its pairs and near
 * runs with his discard of the round before and worth more than it,
 * costs 3.  Looser clues for every seat: each passed face that would
 * have made a natural meld with his hand costs 1, each held card of the
 * rank or a neighbour of a face he threw 2 (a player keeps what he needs
 * and throws what he does not).  These sharper samples (measured against
 * the true hands of greedy and rule-based opponents: doc/rummy-expert-
 * strength.md) took the matches won with 2 players against greedy from
 * 71.9% to 77.2% of 1080 (+5.3 points [2.1, 8.5]; hands won from 54-58%
 * to 58-61%).
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "rummy/expert.h"
#include "rummy/playout.h"
#include "rummy/rules.h"

#include <string.h>

#define SAMPLE_TRIES 32

/* ---- memory --------------------------------------------------------------- */

static void forget(gr__rexpert *e)
{
    e->pile_valid = false;
    memset(e->passed, 0, sizeof e->passed);
    memset(e->thrown, 0, sizeof e->thrown);
    memset(e->drew, 0, sizeof e->drew);
    memset(e->last, GR_NO_CARD, sizeof e->last);
    memset(e->before, GR_NO_CARD, sizeof e->before);
    memset(e->top, GR_NO_CARD, sizeof e->top);
    e->fits = 0;
    e->nstk = -1;
    e->nplan = e->iplan = 0;
    e->turns = 0;
}

/* The turns between our discard and this draw replayed under one
 * take/no-take pattern.  A place of the pile or the stock holds a card
 * seen, -1 for one never seen, or -2-j for the discard of the j-th seat
 * after us (read from the view's pile if it is still there). */
#define NONE (-1000)
typedef struct replay {
    int npile, nstock, turnovers;
    int pile[GR_RUMMY_MAX_CARDS + GR_RUMMY_MAX_PLAYERS];
    int stock[GR_RUMMY_MAX_CARDS];
    int drawn[GR_RUMMY_MAX_PLAYERS];   /* from the stock, or NONE */
    int top[GR_RUMMY_MAX_PLAYERS];     /* the top passed, or NONE */
    bool buried[GR_RUMMY_MAX_PLAYERS]; /* the discard turned over unseen */
} replay;

/* R6: the pile turned over, its bottom card left up; false if the hand
 * would be void */
static bool turn_over(replay *r)
{
    if (r->npile < 2)
        return false;
    r->nstock = r->npile - 1;
    for (int i = 0; i < r->nstock; i++) {
        int c = r->pile[r->npile - 1 - i];
        if (c <= -2)
            r->buried[-2 - c] = true;
        r->stock[i] = c >= 0 ? c : -1;   /* a discard never seen stays unknown */
    }
    r->npile = 1;
    r->turnovers++;
    return true;
}

static bool replay_turns(const gr__rexpert *e, const gr_rummy_view *v, unsigned mask,
                         replay *r)
{
    int k = v->nplayers - 1;
    r->npile = e->npile;
    for (int i = 0; i < e->npile; i++)
        r->pile[i] = e->pile[i];
    r->nstock = e->nstk;
    for (int i = 0; i < e->nstk; i++)
        r->stock[i] = e->stk[i];
    r->turnovers = e->turnovers;
    memset(r->buried, 0, sizeof r->buried);
    if (r->nstock == 0 && !turn_over(r))   /* we drew the last card */
        return false;
    for (int j = 0; j < k; j++) {
        r->drawn[j] = r->top[j] = NONE;
        if (mask >> j & 1) {
            if (r->npile == 0)
                return false;
            r->npile--;
        } else {
            if (r->nstock == 0)
                return false;
            if (r->npile > 0)
                r->top[j] = r->pile[r->npile - 1];
            r->drawn[j] = r->stock[--r->nstock];
        }
        r->pile[r->npile++] = -2 - j;
        if (r->nstock == 0 && !turn_over(r))
            return false;
    }
    if (r->turnovers != v->turnovers || r->nstock != v->stock_size
        || r->npile != v->ndiscards)
        return false;
    for (int i = 0; i < r->npile; i++)
        if (r->pile[i] >= 0 && r->pile[i] != v->discards[i])
            return false;
    return true;
}

/* the card a replay's place stands for, or GR_NO_CARD if never seen */
static gr_card seen_card(const replay *r, const gr_rummy_view *v, int x)
{
    if (x >= 0)
        return (gr_card)x;
    for (int i = 0; x <= -2 && i < r->npile; i++)
        if (r->pile[i] == x)
            return v->discards[i];
    return GR_NO_CARD;
}

/* The seats between our discard and this draw: which took the top, what
 * each passed, threw and drew from a known stock, and the stock now.
 * false if no pattern, or several with different stocks, fits the view. */
static bool read_turns(gr__rexpert *e, const gr_rummy_view *v)
{
    int n = v->nplayers, k = n - 1, found = 0;
    bool same = true;
    replay r, fit;
    for (unsigned mask = 0; mask < (1u << k); mask++) {
        if (!replay_turns(e, v, mask, &r))
            continue;
        if (found++ == 0)
            fit = r;
        else if (memcmp(r.stock, fit.stock, (size_t)r.nstock * sizeof r.stock[0]) != 0)
            same = false;
    }
    if (found == 0 || !same)
        return false;
    e->nstk = fit.nstock;
    for (int i = 0; i < fit.nstock; i++)
        e->stk[i] = (signed char)fit.stock[i];
    if (found != 1)
        return true;   /* who did what is not known */
    for (int j = 0; j < k; j++) {
        int q = (v->player + 1 + j) % n;
        gr_card top = fit.top[j] == NONE ? GR_NO_CARD : seen_card(&fit, v, fit.top[j]);
        if (top < GR_NCARDS)
            e->passed[q] |= GR_CARD_BIT(top);
        if (fit.drawn[j] >= 0 && !fit.buried[j])   /* else it may be the discard */
            gr__rhand_add(&e->drew[q], (gr_card)fit.drawn[j]);
        gr_card threw = seen_card(&fit, v, -2 - j);
        if (threw != GR_NO_CARD && gr__rhand_has(&e->drew[q], threw))
            gr__rhand_remove(&e->drew[q], threw);
        if (threw < GR_NCARDS)
            e->thrown[q] |= GR_CARD_BIT(threw);
        e->last[q] = threw;
        e->top[q] = top;
    }
    return true;
}

void gr__rexpert_observe(gr__rexpert *e, const gr_rummy_view *v)
{
    if (!e->started || v->dealer != e->dealer || v->turnovers < e->turnovers
        || v->nmelds < e->nmelds
        || (v->stock_size > e->stock_size && v->turnovers == e->turnovers)) {
        forget(e);
        e->started = true;
    }
    if (v->phase == GR_RUMMY_PHASE_DRAW) {   /* read again below, if it can be */
        memcpy(e->before, e->last, sizeof e->last);
        memset(e->last, GR_NO_CARD, sizeof e->last);
        memset(e->top, GR_NO_CARD, sizeof e->top);
        e->fits = 0;
        for (int i = 0; i < v->nmelds; i++)
            e->fits |= gr__rfits(v->melds[i].cards, v->ace_high ? GR_RUMMY_ACE_HIGH : 0);
    }
    bool read = e->pile_valid && v->phase == GR_RUMMY_PHASE_DRAW && e->nstk >= 0
             && read_turns(e, v);
    if (!read) {
        if (e->nstk >= 0 && v->turnovers == e->turnovers && v->stock_size <= e->nstk) {
            e->nstk = v->stock_size;   /* cards drawn off its top */
        } else {
            e->nstk = v->stock_size;
            memset(e->stk, -1, sizeof e->stk);
        }
    }
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
    /* the stock's places seen before a turnover, and the cards a seat
     * drew from them (while they are unseen and his hand has room) */
    bool stk = e->started && e->nstk == v->stock_size;
    int unknown = 0;
    for (int i = 0; i < v->stock_size; i++) {
        int c = stk ? e->stk[i] : -1;
        d->stk[i] = GR_NO_CARD;
        if (c >= 0 && count[c] > 0) {
            count[c]--;
            d->stk[i] = (gr_card)c;
        } else {
            unknown++;
        }
    }
    gr_rummy_hand drew[GR_RUMMY_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        memset(&drew[p], 0, sizeof drew[p]);
        if (p == v->player || !e->started)
            continue;
        gr_rummy_hand h = e->drew[p];
        for (int c = 0; c <= GR_NCARDS && d->hidden[p] > 0; c++)
            while (gr__rhand_has(&h, (gr_card)c) > 0 && count[c] > 0 && d->hidden[p] > 0) {
                gr__rhand_remove(&h, (gr_card)c);
                gr__rhand_add(&drew[p], (gr_card)c);
                count[c]--;
                d->hidden[p]--;
                hidden--;
            }
    }
    d->npool = 0;
    for (int c = 0; c <= GR_NCARDS; c++)
        for (int k = 0; k < count[c]; k++)
            d->pool[d->npool++] = (gr_card)c;
    if (d->npool != hidden + unknown)
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
        for (int c = 0; c <= GR_NCARDS; c++)
            for (int k = gr__rhand_has(&drew[p], (gr_card)c); k > 0; k--)
                gr__rhand_add(&g->hand[p], (gr_card)c);
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

/* BASIC's and the rule-based player's order of discards: the costliest
 * outside every pair and near run first (`part`), then the costliest */
static int basic_key(gr_card c, gr_cards part, int flags)
{
    return (part >> c & 1 ? 0 : 1000) + gr__rcard_value(c, flags) * 16 + GR_CARD_RANK(c);
}

/* the cards of `held` outside every pair and near run of `with` worth
 * more than `thrown` */
static int loose_above(gr_cards held, gr_cards with, gr_card thrown, int flags)
{
    gr_cards out = held & ~gr__rpattern_faces(with, 1, flags) & ~GR_CARD_BIT(thrown);
    int v = gr__rcard_value(thrown, flags), n = 0;
    for (; out; out &= out - 1)
        n += gr__rcard_value((gr_card)__builtin_ctzll(out), flags) > v;
    return n;
}

/* what a seat's play tells of his hand (see the ALGORITHM block) */
typedef struct clues {
    gr_cards passed, thrown, fits, want;
    gr_card last, before, top;
} clues;

/* how badly a seat's hand fits his play (see above) */
static int misfit(gr_cards held, const clues *k, int flags)
{
    int cost = 0;
    if (k->last < GR_NCARDS) {
        /* his hand is `held` since he threw `last` from held + last */
        gr_card last = k->last;
        gr_cards with = held | GR_CARD_BIT(last);
        cost += 6 * loose_above(held, with, last, flags);
        gr_cards part = gr__rpattern_faces(with, 1, flags);
        int basic = 0, kb = basic_key(last, part, flags);
        for (gr_cards r = held & ~GR_CARD_BIT(last); r; r &= r - 1)
            basic += basic_key((gr_card)__builtin_ctzll(r), part, flags) > kb;
        if (basic > 0) {
            /* the greedy bot's order (its keep score, lowest thrown) */
            int kg = gr__rkeep_score(with & ~GR_CARD_BIT(last), last, k->want, flags);
            int greedy = 0;
            for (gr_cards r = held & ~GR_CARD_BIT(last); r; r &= r - 1) {
                gr_card c = (gr_card)__builtin_ctzll(r);
                greedy += gr__rkeep_score(with & ~GR_CARD_BIT(c), c, k->want, flags) < kg;
            }
            cost += 2 * (basic < greedy ? basic : greedy);
        }
        /* he lays down and off at once */
        cost += 6 * (gr__popcount(gr__rpattern_faces(held, 0, flags))
                     + gr__popcount(held & k->fits));
        /* the top he passed at that turn did not meld with his hand (but
         * for the card he drew) */
        if (k->top < GR_NCARDS && !(with >> k->top & 1)
            && (gr__rpattern_faces(with | GR_CARD_BIT(k->top), 0, flags) >> k->top & 1))
            cost += 6;
        /* nor would more than one card (the one he drew) have gone before
         * his discard of the turn before */
        if (k->before < GR_NCARDS) {
            int n = loose_above(with, with | GR_CARD_BIT(k->before), k->before, flags);
            cost += n > 1 ? 3 * (n - 1) : 0;
        }
    }
    gr_cards melds = gr__rpattern_faces(held | k->passed, 0, flags) & k->passed & ~held;
    gr_cards ranks = 0;
    for (gr_cards r = k->thrown; r; r &= r - 1)
        ranks |= gr__rank_faces(GR_CARD_RANK(__builtin_ctzll(r)));
    gr_cards aces = GR_EVERY_SUIT(1), kings = GR_EVERY_SUIT((gr_cards)1 << 12);
    gr_cards near = ((k->thrown & ~kings) << 1) | ((k->thrown & ~aces) >> 1);
    return cost + gr__popcount(melds)
         + 2 * (gr__popcount(held & ranks & ~k->thrown) + gr__popcount(held & near));
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
        /* SAMPLE_TRIES draws shared by the other seats, at least 4 each */
        int tries = SAMPLE_TRIES / (g->nplayers - 1);
        if (tries < 4)
            tries = 4;
        if (!infer || !(e->passed[q] | e->thrown[q]))
            tries = 1;
        /* the table as he left it: known for the seat just before ours */
        bool prev = (q + 1) % g->nplayers == g->turn;
        clues k = { e->passed[q], e->thrown[q], prev ? e->fits : 0,
                    g->known[(q + 1) % g->nplayers].once, e->last[q], e->before[q],
                    e->top[q] };
        gr_card best[GR_RUMMY_MAX_CARDS];
        int best_cost = -1;
        for (int t = 0; t < tries; t++) {
            gr_cards held = g->hand[q].once;
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
            int cost = misfit(held, &k, g->flags);
            if (best_cost < 0 || cost < best_cost) {
                best_cost = cost;
                memcpy(best, pool + at, (size_t)h);
            }
            if (cost == 0)
                break;   /* none can fit better: the best of all tries */
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
    /* the stock: its places seen before a turnover, the rest shuffled */
    for (int i = at; i < np - 1; i++) {
        int j = i + (int)gr__rng_below(rng, (uint64_t)(np - i));
        gr_card c = pool[j];
        pool[j] = pool[i];
        pool[i] = c;
    }
    for (int i = 0; i < g->nstock; i++)
        g->stock[i] = d->stk[i] != GR_NO_CARD ? d->stk[i] : pool[at++];
}
