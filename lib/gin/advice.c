/*
 * advice.c: what a player may ask: the best discard under G11, whether to
 * take the offered card, which arrangement to knock with, every
 * arrangement within a limit, and layoff helpers for a user interface.
 * Pure functions on cards (and two on views and games); exact, by
 * enumeration over the few cards involved.
 */
#include "common/bits.h"
#include "common/cards.h"
#include "gin/game.h"
#include "gin/layoff.h"
#include "gin/melds.h"
#include "gin/reason.h"

#include <string.h>

#define SUIT_MASK ((gr_cards)0x1FFF)

/* ---- discards ------------------------------------------------------------- */

int gr_best_discard_except(gr_cards hand, gr_cards excluded, gr_card *out)
{
    if (!out || !gr__cards_valid(hand) || !gr__cards_valid(excluded))
        return GR_EINVAL;
    gr_cards allowed = hand & ~excluded;
    if (!allowed)
        return GR_EINVAL;
    return gr__best_discard_among(hand, allowed, out);
}

int gr_game_best_discard(const gr_game *game, gr_card *out)
{
    if (!game || !out)
        return GR_EINVAL;
    if (game->phase != GR_PHASE_DISCARD)
        return GR_ESTATE;
    gr_cards hand = game->hand[game->turn];
    return gr__best_discard_among(hand, gr__but_taken(game, hand), out);   /* G11 */
}

/* ---- taking a card ------------------------------------------------------------ */

int gr_advise_take(gr_cards hand, gr_card card, gr_cards unseen, gr_take_advice *out)
{
    if (!out || card >= GR_NCARDS || hand == 0 || !gr__cards_valid(hand)
        || !gr__cards_valid(unseen))
        return GR_EINVAL;
    gr_cards bit = GR_CARD_BIT(card);
    if ((hand & bit) || (unseen & (hand | bit)))
        return GR_EINVAL;
    gr_take_advice a;
    memset(&a, 0, sizeof a);
    a.take_deadwood = gr__best_discard_among(hand | bit, hand, &a.take_discard);   /* G11 */
    long sum = 0;
    a.draw_best = -1;
    for (gr_cards rest = unseen; rest; rest &= rest - 1) {
        gr_cards drawn = rest & (~rest + 1);
        gr_card d;
        int dw = gr__best_discard_among(hand | drawn, hand | drawn, &d);
        sum += dw;
        if (a.draw_best < 0 || dw < a.draw_best)
            a.draw_best = dw;
        if (dw > a.draw_worst)
            a.draw_worst = dw;
        a.unseen++;
    }
    if (a.unseen == 0) {
        a.draw_best = 0;
        a.take = 1;
    } else {
        a.draw_expected = (double)sum / a.unseen;
        a.take = a.take_deadwood < a.draw_expected;
    }
    *out = a;
    return GR_OK;
}

int gr_view_unseen(const gr_view *view, gr_cards *out)
{
    if (!out || gr__view_reason(view) != GR_REASON_NONE)
        return GR_EINVAL;
    gr_cards seen = view->hand | view->opponent_known;
    for (int i = 0; i < view->ndiscards; i++)
        seen |= GR_CARD_BIT(view->discards[i]);
    *out = GR_ALL_CARDS & ~seen;
    return GR_OK;
}

int gr_view_advise_take(const gr_view *view, gr_take_advice *out)
{
    gr_cards unseen;
    if (!out || gr_view_unseen(view, &unseen) != GR_OK)
        return GR_EINVAL;
    for (int i = 0; i < view->nlegal; i++) {
        const gr_move *m = &view->legal[i];
        if (m->type == GR_MOVE_TAKE_UPCARD || m->type == GR_MOVE_DRAW_DISCARD)
            return gr_advise_take(view->hand, view->discards[view->ndiscards - 1],
                                  unseen, out);
    }
    return GR_ESTATE;
}

/* ---- arrangements within a limit ------------------------------------------------ */

typedef struct arr_search {
    int             limit;
    gr_arrangement *out;
    size_t          cap;
    int             count;
    gr_arrangement  cur;
    /* knock advice */
    bool            advise;
    gr_cards        possible;     /* cards the defender may hold */
    gr_knock_advice best;
    bool            have_best;
} arr_search;

static int run_suit(gr_cards m)
{
    return GR_CARD_SUIT(__builtin_ctzll(m));
}

/* two runs of one suit that touch would be one run */
static bool canonical(const gr_arrangement *a)
{
    for (int i = 0; i < a->nmelds; i++) {
        if (gr__meld_kind(a->melds[i]) != GR_MELD_RUN)
            continue;
        for (int j = 0; j < a->nmelds; j++) {
            if (i == j || gr__meld_kind(a->melds[j]) != GR_MELD_RUN
                || run_suit(a->melds[i]) != run_suit(a->melds[j]))
                continue;
            int top = 63 - __builtin_clzll(a->melds[i]);
            if (top + 1 == __builtin_ctzll(a->melds[j]))
                return false;
        }
    }
    return true;
}

/* the possible layoffs on an arrangement's melds (G17): 4th cards of its
 * 3-sets, and run extensions chained through possible cards */
static gr_cards layoff_targets(const gr_arrangement *a, gr_cards possible)
{
    gr_cards t = 0;
    for (int i = 0; i < a->nmelds; i++) {
        gr_cards m = a->melds[i];
        if (gr__meld_kind(m) == GR_MELD_SET) {
            int r = GR_CARD_RANK(__builtin_ctzll(m));
            gr_cards rank = GR_EVERY_SUIT((gr_cards)1 << r);
            t |= rank & ~m & possible;   /* 0 for a 4-set */
            continue;
        }
        int lo = __builtin_ctzll(m), hi = 63 - __builtin_clzll(m);
        int suit = GR_CARD_SUIT(lo);
        for (int c = lo - 1; c >= suit * 13 && (possible & GR_CARD_BIT(c)); c--)
            t |= GR_CARD_BIT(c);
        for (int c = hi + 1; c < suit * 13 + 13 && (possible & GR_CARD_BIT(c)); c++)
            t |= GR_CARD_BIT(c);
    }
    return t;
}

static void leaf(arr_search *s)
{
    if (!canonical(&s->cur))
        return;
    if ((size_t)s->count < s->cap)
        s->out[s->count] = s->cur;
    s->count++;
    if (s->advise) {
        gr_cards t = layoff_targets(&s->cur, s->possible);
        int n = gr__popcount(t);
        /* gin (G14) first: its bonus outweighs any layoff saved */
        bool gin = s->cur.deadwood_points == 0;
        bool best_gin = s->have_best && s->best.arrangement.deadwood_points == 0;
        if (!s->have_best || (gin && !best_gin)
            || (gin == best_gin
                && (n < s->best.layoffs
                    || (n == s->best.layoffs
                        && s->cur.deadwood_points < s->best.arrangement.deadwood_points)))) {
            s->best.arrangement = s->cur;
            s->best.layoffs = n;
            s->best.targets = t;
            s->have_best = true;
        }
    }
}

static void add_meld(arr_search *s, gr_cards rest, gr_cards meld);

static void search(arr_search *s, gr_cards rest)
{
    if (!rest) {
        leaf(s);
        return;
    }
    gr_cards bit = rest & (~rest + 1);
    int c = __builtin_ctzll(rest);
    /* the lowest card as deadwood */
    int pts = gr_card_points((gr_card)c);
    if (s->limit < 0 || s->cur.deadwood_points + pts <= s->limit) {
        s->cur.deadwood |= bit;
        s->cur.deadwood_points += pts;
        search(s, rest & ~bit);
        s->cur.deadwood &= ~bit;
        s->cur.deadwood_points -= pts;
    }
    /* sets with it: the other cards of its rank still free (higher suits) */
    gr_cards same = GR_EVERY_SUIT((gr_cards)1 << GR_CARD_RANK(c)) & rest & ~bit;
    if (gr__popcount(same) >= 2) {
        for (gr_cards sub = same; sub; sub = (sub - 1) & same)   /* subsets */
            if (gr__popcount(sub) >= 2)
                add_meld(s, rest, bit | sub);
    }
    /* runs starting at it */
    gr_cards run = bit;
    int top = GR_CARD_SUIT(c) * 13 + 12;
    for (int d = c + 1; d <= top && (rest & GR_CARD_BIT(d)); d++) {
        run |= GR_CARD_BIT(d);
        if (d - c >= 2)
            add_meld(s, rest, run);
    }
}

static void add_meld(arr_search *s, gr_cards rest, gr_cards meld)
{
    if (s->cur.nmelds >= GR_MAX_MELDS)
        return;
    s->cur.melds[s->cur.nmelds++] = meld;
    search(s, rest & ~meld);
    s->cur.melds[--s->cur.nmelds] = 0;
}

#define MAX_ENUM_CARDS 16

int gr_arrangements(gr_cards hand, int limit, gr_arrangement *out, size_t cap)
{
    if (!gr__cards_valid(hand) || gr__popcount(hand) > MAX_ENUM_CARDS
        || (!out && cap > 0))
        return GR_EINVAL;
    arr_search s;
    memset(&s, 0, sizeof s);
    s.limit = limit;
    s.out = out;
    s.cap = cap;
    search(&s, hand);
    return s.count;
}

int gr_advise_knock(gr_cards hand, int limit, gr_cards not_his, gr_knock_advice *out)
{
    if (!out || !gr__cards_valid(hand) || !gr__cards_valid(not_his)
        || gr__popcount(hand) > MAX_ENUM_CARDS)
        return GR_EINVAL;
    arr_search s;
    memset(&s, 0, sizeof s);
    s.limit = limit;
    s.advise = true;
    s.possible = GR_ALL_CARDS & ~hand & ~not_his;
    search(&s, hand);
    if (!s.have_best)
        return GR_EILLEGAL;   /* GR_REASON_OVER_LIMIT */
    *out = s.best;
    return GR_OK;
}

/* ---- layoff helpers ------------------------------------------------------------- */

/* the cards just below and above a run (none past an ace or a king) */
static gr_cards run_ends(gr_cards run)
{
    int lo = __builtin_ctzll(run), hi = 63 - __builtin_clzll(run);
    int suit = GR_CARD_SUIT(lo);
    gr_cards ends = 0;
    if (lo > suit * 13)
        ends |= GR_CARD_BIT(lo - 1);
    if (hi < suit * 13 + 12)
        ends |= GR_CARD_BIT(hi + 1);
    return ends;
}

/* For each knocker meld, the run it has grown into with the laid cards
 * (sets stay as they are); GR_REASON_NONE or CANNOT_LAY_OFF when a laid
 * card fits nowhere. */
static int grow(const gr_arrangement *k, gr_cards laid, gr_cards grown[GR_MAX_MELDS])
{
    gr_cards placed = 0;
    for (int i = 0; i < k->nmelds; i++)
        grown[i] = k->melds[i];
    for (bool again = true; again;) {
        again = false;
        for (int i = 0; i < k->nmelds; i++) {
            if (gr__meld_kind(k->melds[i]) != GR_MELD_RUN)
                continue;
            gr_cards ext = run_ends(grown[i]) & laid & ~placed;
            if (ext) {
                grown[i] |= ext;
                placed |= ext;
                again = true;
            }
        }
    }
    for (int i = 0; i < k->nmelds; i++) {
        gr_cards m = k->melds[i];
        if (gr__meld_kind(m) != GR_MELD_SET)
            continue;
        gr_cards rank = GR_EVERY_SUIT((gr_cards)1 << GR_CARD_RANK(__builtin_ctzll(m)));
        gr_cards fourth = rank & ~m & laid & ~placed;
        if (gr__popcount(m) == 3 && fourth) {
            grown[i] |= fourth;
            placed |= fourth;
        }
    }
    return placed == laid ? GR_REASON_NONE : GR_REASON_CANNOT_LAY_OFF;
}

static int targets_check(const gr_arrangement *knocker, gr_cards defender, gr_cards laid)
{
    if (!knocker)
        return GR_REASON_NULL_ARGUMENT;
    int why = gr__knocker_reason(knocker, defender);
    if (why != GR_REASON_NONE)
        return why;
    if (!gr__cards_valid(laid))
        return GR_REASON_BAD_CARD;
    if (laid & ~defender)
        return GR_REASON_NOT_IN_HAND;
    return GR_REASON_NONE;
}

int gr_layoff_targets(const gr_arrangement *knocker, gr_cards defender, gr_cards laid,
                      gr_cards out[GR_MAX_MELDS])
{
    if (!out)
        return GR_EINVAL;
    int why = targets_check(knocker, defender, laid);
    if (why != GR_REASON_NONE)
        return gr_reason_status(why);
    gr_cards grown[GR_MAX_MELDS];
    if (grow(knocker, laid, grown) != GR_REASON_NONE)
        return GR_EILLEGAL;
    gr_cards free = defender & ~laid, res[GR_MAX_MELDS];
    memset(res, 0, sizeof res);
    for (int i = 0; i < knocker->nmelds; i++) {
        gr_cards m = grown[i];
        if (gr__meld_kind(knocker->melds[i]) == GR_MELD_SET) {
            if (gr__popcount(m) == 3) {
                gr_cards rank = GR_EVERY_SUIT((gr_cards)1 << GR_CARD_RANK(__builtin_ctzll(m)));
                res[i] = rank & ~m & free;
            }
            continue;
        }
        res[i] = run_ends(m) & free;
    }
    memcpy(out, res, sizeof res);
    return knocker->nmelds;
}

int gr_layoff_build(const gr_arrangement *knocker, gr_cards defender,
                    gr_cards laid_off, gr_layoff *out)
{
    if (!out)
        return GR_EINVAL;
    int why = targets_check(knocker, defender, laid_off);
    if (why != GR_REASON_NONE)
        return gr_reason_status(why);
    gr_cards grown[GR_MAX_MELDS];
    if (grow(knocker, laid_off, grown) != GR_REASON_NONE)
        return GR_EILLEGAL;
    gr_layoff d;
    memset(&d, 0, sizeof d);
    d.laid_off = laid_off;
    int dw = gr__arrange(defender & ~laid_off, &d.defender);
    if (gr__layoff_check_fast(knocker, defender, &d) != GR_OK)
        return GR_EILLEGAL;   /* cannot happen: grow() placed every card */
    *out = d;
    return dw;
}
