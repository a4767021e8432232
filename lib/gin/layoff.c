/*
 * layoff.c: the defender's side of a knock (G17, G19).
 *
 * The defender chooses his own melds and his layoffs onto the knocker's
 * melds together, to minimise his deadwood count.
 *
 * ALGORITHM
 *
 * The usual way (fast_layoff): laying off on a run is melding with the
 * knocker's run cards, so gr__deadwood_runs() (layoff_search.c) searches
 * his set choices with those cards added to his suits (they join runs only), and
 * each leaf of that search knows what it lays off and the sets he keeps,
 * so his melds need no second search.  The 4th cards of the knocker's
 * 3-sets are sorted out before it (see fast_layoff).
 *
 * Hands with too many set/run conflicts for that search (never 10 cards;
 * some of 20+; check_layoff's many-conflicts tests build them) enumerate
 * the layoffs instead.  The cards that could be
 * laid off are few:
 *   - the missing 4th card of each knocker 3-card set;
 *   - per knocker run end, the defender's maximal same-suit block of cards
 *     touching it (a "block"; a block between two knocker runs of one suit
 *     touches both and can be laid off from either side).
 * A legal layoff is any union of: set 4th cards, and for each block the
 * cards outside one kept interval that touches the block's unattached
 * side(s) (chains are laid off from the run outward, so what the defender
 * keeps of a block is a contiguous interval).
 *
 * We enumerate those choices and keep the best (gr__deadwood of what is
 * left).  Choices that cannot be the best are pruned
 * first, which leaves one choice in most real hands.  In the proofs below
 * "better" means: less deadwood, or equal deadwood and more cards laid off
 * (the tie-break, see ginrummy.h); every pruned choice has a strictly
 * better one.  Let A be a least-deadwood arrangement of the cards kept.
 *   - A kept card that could be laid off (it touches a run, or a card laid
 *     off on a run, in suit) is in a set of A: were it deadwood, laying it
 *     off is better; were it in a run of A, that run lies beyond it, away
 *     from the knocker's run, and laying off the whole run is better.
 *     So the kept part of a block ends, on each side touching a run, with
 *     a card of S (the defender's cards whose rank he holds 3+ times), and
 *     a block without S cards is laid off entirely.  Each choice is also
 *     checked against the kept cards (the rank still held 3+ times).
 *   - A kept 4th card of a knocker set is in a run of A (the knocker holds
 *     the other three of its rank), else laying it off is better; when it
 *     cannot be in a run of the defender's it is always laid off.
 *   - A choice whose kept cards, in no meld even possible among them, add
 *     up to more than the best deadwood found so far is not evaluated.
 * Choices are made per component of the defender's hand (cards linked by
 * rank or by suit and next rank), since no meld spans two components.
 */
#include "common/assert.h"
#include "common/bits.h"
#include "common/cards.h"
#include "gin/layoff.h"
#include "gin/melds.h"
#include "gin/reason.h"

#include <string.h>

/* the defender cards reachable from the runs through same-suit chains */
static inline gr_cards chain_cards(gr_cards runs, gr_cards defender)
{
    return gr__flood(runs, defender) & defender;
}

/* Bounds for any hand sizes: a block of n <= 10 cards (its suit holds a
 * knocker run) has at most 1 + n(n+1)/2 options, at most 6.6 per card, so
 * all blocks give under 52 * 6.6 options, plus 2 for each of at most 13 set
 * cards.  Factors: at most 2 blocks per knocker run (17) and 13 set cards. */
#define MAX_OPTIONS 400
#define MAX_FACTORS 64

typedef struct choices {
    gr_cards forced_chain;         /* always laid off on runs */
    gr_cards forced_set;           /* always laid off on sets */
    int      nfactors;             /* independent choices */
    int      nchain;               /* factors 0..nchain-1 are blocks */
    int      start[MAX_FACTORS + 1];
    gr_cards span[MAX_FACTORS];    /* the cards each factor decides on */
    gr_cards option[MAX_OPTIONS];  /* cards laid off by each option */
} choices;

/* The options of one block: `block` is its cards (one suit, contiguous,
 * lowest card `first`, n cards); low/high say which sides touch a run.
 * Its kept part is an interval [p..q] of indexes, and ends on a card of S
 * on each side that touches a run. */
static void block_options(choices *ch, gr_cards block, int first, int n,
                          bool low, bool high, gr_cards smat)
{
    unsigned s = (unsigned)(smat >> first) & ((1u << n) - 1);  /* S by index */
    if (!s) {
        ch->forced_chain |= block;
        return;
    }
    int k = ch->start[ch->nfactors];
    ch->span[ch->nfactors] = block;
    ch->option[k++] = block;                          /* everything laid off */
    for (int p = 0; p <= (low ? n - 1 : 0); p++) {
        if (low && !(s >> p & 1))
            continue;
        for (int q = high ? p : n - 1; q < n; q++) {
            if (high && !(s >> q & 1))
                continue;
            gr_cards kept = (((gr_cards)2 << q) - ((gr_cards)1 << p)) << first;
            ch->option[k++] = block & ~kept;
        }
    }
    ch->start[++ch->nfactors] = k;
}

/* the tie-break order: less deadwood, then more cards laid off, then the
 * numerically smaller laid_off mask */
static inline bool better(int dw, gr_cards laid, int best_dw, gr_cards best)
{
    if (dw != best_dw)
        return dw < best_dw;
    int a = gr__popcount(laid), b = gr__popcount(best);
    if (a != b)
        return a > b;
    return laid < best;
}

/* the cards of `hand` linked to `seed` by same rank or next rank in suit */
static gr_cards component(gr_cards seed, gr_cards hand)
{
    gr_cards c = seed;
    for (;;) {
        gr_cards next = (c | gr__up1(c) | gr__down1(c) | GR_EVERY_SUIT(gr__ranks_any(c))) & hand;
        if (next == c)
            return c;
        c = next;
    }
}

typedef struct layctx {
    gr_cards runs, fourths, open_set;
    const choices *ch;
} layctx;

/* The best choice for the factors group[0..ng-1], whose cards all lie in
 * the component `comp` of the defender's hand; returns the cards of comp
 * laid off (forced ones included). */
static gr_cards best_in_component(const layctx *x, const int *group, int ng,
                                  gr_cards comp)
{
    const choices *ch = x->ch;
    int idx[MAX_FACTORS];
    for (int g = 0; g < ng; g++)
        idx[g] = 0;
    gr_cards best = 0;
    int best_dw = -1;
    for (;;) {
        gr_cards on_runs = ch->forced_chain & comp, on_sets = ch->forced_set & comp;
        for (int g = 0; g < ng; g++) {
            int f = group[g];
            gr_cards o = ch->option[ch->start[f] + idx[g]];
            if (f < ch->nchain)
                on_runs |= o;
            else
                on_sets |= o;
        }
        gr_cards laid = on_runs | on_sets, kept = comp & ~laid;
        gr_cards ksets = gr__set_cards(kept), kruns = gr__run_cards(kept);
        gr_cards front = (gr__up1(x->runs | on_runs) | gr__down1(x->runs | on_runs)) & kept;
        /* a set card left "out" but laid off on a run repeats its "in" */
        bool viable = !(x->open_set & ~on_sets & on_runs) &&
                      !(front & ~ksets) && !(x->fourths & kept & ~kruns);
        /* the kept cards in no possible meld bound its deadwood from
         * below: at the best's deadwood it can only win on the tie-break */
        if (viable && best_dw >= 0) {
            int low = gr__cards_points(kept & ~(ksets | kruns));
            if (low > best_dw || (low == best_dw && !better(low, laid, best_dw, best)))
                viable = false;
        }
        if (viable) {
            int dw = gr__deadwood(kept);
            if (best_dw < 0 || better(dw, laid, best_dw, best)) {
                best_dw = dw;
                best = laid;
            }
        }
        int g = 0;
        while (g < ng && ++idx[g] == ch->start[group[g] + 1] - ch->start[group[g]])
            idx[g++] = 0;
        if (g == ng)
            break;
    }
    return best;
}

/* The best set of cards to lay off, by the search of melds.c.  A 4th card
 * of a knocker set that could be in a run of the defender's own ("open")
 * is kept in the search, and laid off when left dead or, at each leaf,
 * instead of being in a run of his; one that can only be in a run laid
 * off on the knocker's is kept and laid off wherever it is left dead
 * (kept, it can only help others chain); the others are always laid off.
 * rmat: the defender's cards in a run of 3+ of his own.  Returns -1 if
 * the hand has too many set/run conflicts for the search. */
static int fast_layoff(gr_cards defender, gr_cards runs, gr_cards fourths,
                       gr_cards chains, gr_cards rmat, gr_cards *out,
                       gr_cards *sets)
{
    gr_cards own = fourths & rmat, chained = fourths & chains & ~rmat;
    gr_cards always = fourths & ~own & ~chained, on_runs;
    int dw = gr__deadwood_runs(defender & ~always, runs, chained, own, &on_runs, sets);
    if (dw >= 0)
        *out = on_runs | always;
    return dw;
}

/* the best set of cards to lay off; *sets: the cards of the sets of
 * gr__arrange of the cards he keeps, when the search gave them (else left
 * alone) */
static gr_cards best_layoff(const gr__targets *t, gr_cards defender,
                            gr_cards *sets)
{
    gr_cards runs = t->runs, fourths = t->fourths & defender;
    gr_cards chains = runs ? chain_cards(runs, defender) : 0;
    if (!(chains | fourths))
        return 0;                           /* the common case: nothing fits */

    /* the usual case when something fits: no card that could be laid
     * off could be in a set of his, or a 4th card in a run of his; then
     * everything is laid off (see the proofs below) */
    gr_cards smat = gr__set_cards(defender);
    gr_cards rmat = gr__run_cards(defender);
    if (!(chains & smat) && !(fourths & rmat & ~chains))
        return chains | fourths;

    gr_cards fast;
    if (fast_layoff(defender, runs, fourths, chains, rmat, &fast, sets) >= 0)
        return fast;
    choices ch;
    ch.forced_chain = 0;
    ch.forced_set = fourths & ~rmat;        /* set cards that can be in no run */
    ch.nfactors = 0;
    ch.start[0] = 0;

    /* blocks, lowest first: each is a maximal same-suit run of his cards */
    for (gr_cards rest = chains; rest;) {
        int first = __builtin_ctzll(rest);
        int rank = first % 13;
        int n = __builtin_ctzll(~(defender >> first));
        if (n > 13 - rank)
            n = 13 - rank;
        gr_cards block = (((gr_cards)1 << n) - 1) << first;
        rest &= ~block;
        bool low = rank > 0 && (runs >> (first - 1) & 1);
        bool high = rank + n < 13 && (runs >> (first + n) & 1);
        block_options(&ch, block, first, n, low, high, smat);
    }
    ch.nchain = ch.nfactors;

    /* set cards that could be in a run of his: in or out */
    gr_cards open_set = fourths & rmat & ~ch.forced_chain;
    for (gr_cards f = open_set; f; f &= f - 1) {
        int k = ch.start[ch.nfactors];
        ch.span[ch.nfactors] = f & -f;
        ch.option[k] = f & -f;
        ch.option[k + 1] = 0;
        ch.start[++ch.nfactors] = k + 2;
    }

    /* chains & smat is not empty (else the test above returned): one
     * block at least has a card of S, so there is a factor */
    GR_ASSERT(ch.nfactors > 0);
    gr_cards forced = ch.forced_chain | ch.forced_set;

    /* Deadwood adds up over the components of his hand (cards linked by
     * rank, or by suit and next rank): no meld spans two.  Choose within
     * each component on its own, so choices multiply only inside one. */
    layctx x = { runs, fourths, open_set, &ch };
    bool done[MAX_FACTORS];
    for (int i = 0; i < ch.nfactors; i++)
        done[i] = false;
    gr_cards laid = forced;
    for (int i = 0; i < ch.nfactors; i++) {
        if (done[i])
            continue;
        gr_cards comp = component(ch.span[i], defender);
        int group[MAX_FACTORS], ng = 0;
        for (int j = i; j < ch.nfactors; j++)
            if (!done[j] && (ch.span[j] & comp)) {
                done[j] = true;
                group[ng++] = j;
            }
        laid |= best_in_component(&x, group, ng, comp);
    }
    return laid;
}

static int lay_off(const gr__targets *t, gr_cards defender, gr_layoff *out)
{
    gr_cards sets = ~(gr_cards)0;           /* not known */
    gr_cards laid = best_layoff(t, defender, &sets);
    out->laid_off = laid;
    memset(out->reserved, 0, sizeof out->reserved);
    if (sets != ~(gr_cards)0)
        return gr__arrange_sets(defender & ~laid, sets, &out->defender);
    return gr__arrange(defender & ~laid, &out->defender);
}

int gr__lay_off(const gr_arrangement *knocker, gr_cards defender, gr_layoff *out)
{
    gr__targets t = { 0, 0 };
    int rc = gr__arrangement_check(knocker, NULL, &t);   /* for its targets */
    GR_ASSERT(rc == GR_OK);          /* the callers validated knocker */
    (void)rc;
    return lay_off(&t, defender, out);
}

int gr__defend_without_layoff(gr_cards defender, gr_layoff *out)
{
    out->laid_off = 0;
    memset(out->reserved, 0, sizeof out->reserved);
    return gr__arrange(defender, &out->defender);
}

int gr_lay_off(const gr_arrangement *knocker, gr_cards defender, gr_layoff *out)
{
    gr_cards kcards;
    gr__targets t;
    if (!knocker || !out || !gr__cards_valid(defender))
        return GR_EINVAL;
    if (gr__arrangement_check(knocker, &kcards, &t) != GR_OK || (kcards & defender))
        return gr_reason_status(gr__knocker_reason(knocker, defender));   /* reason.c */
    return lay_off(&t, defender, out);
}

/* the cards of `laid` that can legally be laid off: the 4th cards of the
 * knocker's 3-sets, and those chained in suit to a run */
static gr_cards layable(const gr__targets *t, gr_cards laid)
{
    return (t->fourths & laid) | chain_cards(t->runs, laid);
}

/* the fast check behind gr_layoff_check_ex() (reason.c), which asks
 * gr__layoff_reason() for the reason and status of a refusal */
int gr__layoff_check_fast(const gr_arrangement *knocker, gr_cards defender,
                          const gr_layoff *defense)
{
    gr_cards kcards;
    gr__targets t;
    if (!knocker || !defense || !gr__cards_valid(defender)
        || !GR__RESERVED_ZERO(defense))
        return GR_EINVAL;
    if (gr__arrangement_check(knocker, &kcards, &t) != GR_OK || (kcards & defender))
        return GR_EINVAL;

    /* shape: disjoint pieces whose union is exactly the defender's hand */
    const gr_arrangement *d = &defense->defender;
    gr_cards seen = defense->laid_off;
    if (!gr__arrangement_well_formed(d) || !gr__cards_valid(seen) || (seen & d->deadwood))
        return GR_EINVAL;
    seen |= d->deadwood;
    for (int i = 0; i < GR_MAX_MELDS; i++) {
        gr_cards m = d->melds[i];
        if (i >= d->nmelds ? m != 0 : (m & seen) != 0)
            return GR_EINVAL;
        seen |= m;
    }
    if (seen != defender || d->deadwood_points != gr__cards_points(d->deadwood))
        return GR_EINVAL;

    /* rules: real melds, legal layoffs */
    for (int i = 0; i < d->nmelds; i++)
        if (gr__meld_kind(d->melds[i]) == 0)
            return GR_EILLEGAL;
    if (layable(&t, defense->laid_off) != defense->laid_off)
        return GR_EILLEGAL;
    return GR_OK;
}
