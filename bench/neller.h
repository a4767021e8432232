/*
 * neller.h: an independent implementation of the policy of Todd Neller's
 * SimpleGinRummyPlayer (the EAAI 2021 challenge's baseline), written from
 * its published description, as a test and bench opponent (not a library
 * bot kind):
 *   - take the face-up card only if it then belongs to some meld of the hand
 *     (a set or run containing it), otherwise draw from the stock;
 *   - discard, uniformly at random, one of the cards leaving the least
 *     deadwood, never the card just taken from the pile, and never a card
 *     whose (drawn, discarded) pair was already played this hand;
 *   - knock (or go gin) as soon as the deadwood allows, showing a least-
 *     deadwood arrangement.
 * It decides from the gr_view alone.
 */
#ifndef GR_BENCH_NELLER_H
#define GR_BENCH_NELLER_H

#include <stdint.h>
#include <string.h>

#include "ginrummy.h"

typedef struct neller {
    uint64_t rng;
    int      npairs;
    uint64_t pairs[256];   /* (drawn, discarded) pairs played this hand */
    int      drawn;        /* card drawn this turn, or -1 */
    gr_cards before;       /* the hand before this turn's draw */
} neller;

static inline uint64_t neller_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void neller_new_hand(neller *n)
{
    n->npairs = 0;
    n->drawn = -1;
    n->before = 0;
}

/* true if card c belongs to a meld made of c and cards of hand */
static inline int neller_in_meld(gr_cards hand, gr_card c)
{
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c), same = 0;
    for (int t = 0; t < 4; t++)
        if (t != s && (hand & GR_CARD_BIT(GR_CARD(r, t))))
            same++;
    if (same >= 2)
        return 1;
    int lo = r, hi = r;
    while (lo > 0 && (hand & GR_CARD_BIT(GR_CARD(lo - 1, s))))
        lo--;
    while (hi < GR_KING && (hand & GR_CARD_BIT(GR_CARD(hi + 1, s))))
        hi++;
    return hi - lo >= 2;
}

static inline gr_move neller_choose(neller *n, const gr_view *v)
{
    gr_move out = v->legal[0];
    if (v->phase == GR_PHASE_UPCARD || v->phase == GR_PHASE_DRAW) {
        gr_card top = v->ndiscards > 0 ? v->discards[v->ndiscards - 1] : GR_NO_CARD;
        int take = top != GR_NO_CARD && neller_in_meld(v->hand, top);
        int want = v->phase == GR_PHASE_UPCARD
            ? (take ? GR_MOVE_TAKE_UPCARD : GR_MOVE_PASS)
            : (take ? GR_MOVE_DRAW_DISCARD : GR_MOVE_DRAW_STOCK);
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == want)
                out = v->legal[i];
        n->before = v->hand;
        return out;
    }
    /* discard phase: the card drawn is the one new in hand */
    gr_cards fresh = v->hand & ~n->before;
    n->drawn = n->before && fresh && !(fresh & (fresh - 1)) ? __builtin_ctzll(fresh) : -1;
    int best = 1 << 20, nbest = 0;
    gr_card cands[11];
    for (int i = 0; i < v->nlegal; i++) {
        const gr_move *m = &v->legal[i];
        if (m->type != GR_MOVE_DISCARD)
            continue;
        uint64_t pair = ((uint64_t)(n->drawn < 0 ? 63 : n->drawn) << 8) | m->card;
        int repeat = 0;
        for (int k = 0; k < n->npairs; k++)
            if (n->pairs[k] == pair)
                repeat = 1;
        if (repeat)
            continue;
        int dw = gr_deadwood(v->hand & ~GR_CARD_BIT(m->card));
        if (dw < best) {
            best = dw;
            nbest = 0;
        }
        if (dw == best)
            cands[nbest++] = m->card;
    }
    if (nbest == 0) {   /* every discard repeats a pair: allow them all */
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == GR_MOVE_DISCARD) {
                int dw = gr_deadwood(v->hand & ~GR_CARD_BIT(v->legal[i].card));
                if (dw < best) {
                    best = dw;
                    nbest = 0;
                }
                if (dw == best)
                    cands[nbest++] = v->legal[i].card;
            }
    }
    gr_card d = cands[neller_next(&n->rng) % (uint64_t)nbest];
    if (n->npairs < 256)
        n->pairs[n->npairs++] = ((uint64_t)(n->drawn < 0 ? 63 : n->drawn) << 8) | d;
    n->drawn = -1;
    /* knock (gin if the deadwood is 0) as soon as legal with that discard */
    out = (gr_move){ .type = GR_MOVE_DISCARD, .card = d };
    for (int i = 0; i < v->nlegal; i++) {
        const gr_move *m = &v->legal[i];
        if (m->card == d && m->type == GR_MOVE_GIN)
            out = *m;
        else if (m->card == d && m->type == GR_MOVE_KNOCK && out.type != GR_MOVE_GIN)
            out = *m;
    }
    return out;
}

#endif /* GR_BENCH_NELLER_H */
