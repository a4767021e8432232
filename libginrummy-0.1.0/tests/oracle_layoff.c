/*
 * oracle_layoff.c: brute-force reference for layoff (G17, G19).
 *
 * Written to be obviously right, not fast: try every subset of the
 * defender's cards that could touch a knocker meld, keep the legal ones,
 * and take the least oracle_deadwood() of what is left.  Uses nothing of
 * the library but the header's macros.
 */
#include "oracle.h"

static int is_run(gr_cards meld)
{
    int suit = -1;
    for (int c = 0; c < GR_NCARDS; c++)
        if (meld & GR_CARD_BIT(c)) {
            if (suit >= 0 && GR_CARD_SUIT(c) != suit)
                return 0;
            suit = GR_CARD_SUIT(c);
        }
    return suit >= 0;
}

static int count(gr_cards cards)
{
    int n = 0;
    for (int c = 0; c < GR_NCARDS; c++)
        n += (cards & GR_CARD_BIT(c)) != 0;
    return n;
}

/* 1 if card c is the missing 4th card of one of the knocker's 3-card sets */
static int fourth_of_set(const gr_arrangement *k, int c)
{
    for (int i = 0; i < k->nmelds; i++) {
        gr_cards m = k->melds[i];
        if (is_run(m) || count(m) != 3)
            continue;
        int same_rank = 0;
        for (int s = 0; s < 4; s++)
            if (m & GR_CARD_BIT(GR_CARD(GR_CARD_RANK(c), s)))
                same_rank++;
        if (same_rank == 3)
            return 1;
    }
    return 0;
}

/* 1 if every card of `laid` can be laid off: as the 4th card of a 3-card
 * set, or next in suit to a knocker run card or to a card already laid off
 * on a run (grown until nothing changes) */
static int legal_layoff(const gr_arrangement *k, gr_cards laid)
{
    gr_cards runs = 0;
    for (int i = 0; i < k->nmelds; i++)
        if (is_run(k->melds[i]))
            runs |= k->melds[i];

    gr_cards on_runs = 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int c = 0; c < GR_NCARDS; c++) {
            if (!(laid & GR_CARD_BIT(c)) || (on_runs & GR_CARD_BIT(c)))
                continue;
            int rank = GR_CARD_RANK(c);
            gr_cards base = runs | on_runs;
            if ((rank > 0 && (base & GR_CARD_BIT(c - 1))) ||
                (rank < 12 && (base & GR_CARD_BIT(c + 1)))) {
                on_runs |= GR_CARD_BIT(c);
                changed = 1;
            }
        }
    }
    for (int c = 0; c < GR_NCARDS; c++)
        if ((laid & GR_CARD_BIT(c)) && !(on_runs & GR_CARD_BIT(c)) &&
            !fourth_of_set(k, c))
            return 0;
    return 1;
}

/* the defender's cards that could ever be laid off: set 4th cards, and any
 * card of a suit in which the knocker has a run */
static gr_cards candidates(const gr_arrangement *k, gr_cards defender)
{
    gr_cards cand = 0;
    for (int c = 0; c < GR_NCARDS; c++) {
        if (!(defender & GR_CARD_BIT(c)))
            continue;
        int near = fourth_of_set(k, c);
        for (int i = 0; i < k->nmelds; i++)
            if (is_run(k->melds[i]) && (k->melds[i] & ((gr_cards)0x1FFF << (13 * GR_CARD_SUIT(c)))))
                near = 1;
        if (near)
            cand |= GR_CARD_BIT(c);
    }
    return cand;
}

int oracle_lay_off(const gr_arrangement *knocker, gr_cards defender)
{
    gr_cards cand = candidates(knocker, defender);
    int best = oracle_deadwood(defender);
    /* every non-empty subset of the candidates */
    for (gr_cards sub = cand; sub; sub = (sub - 1) & cand) {
        if (!legal_layoff(knocker, sub))
            continue;
        int dw = oracle_deadwood(defender & ~sub);
        if (dw < best)
            best = dw;
    }
    return best;
}

int oracle_layoff_valid(const gr_arrangement *knocker, gr_cards defender,
                        const gr_layoff *defense)
{
    gr_cards laid = defense->laid_off;
    if (laid & ~defender)
        return 0;
    if (!legal_layoff(knocker, laid))
        return 0;
    return oracle_arrangement_valid(defender & ~laid, &defense->defender);
}
