/*
 * expert_sample.c: the expert bot's model of the opponent: what
 * its player has seen during the hand, the sampling of hidden deals
 * consistent with it, and the game of one sampled deal.  Split from
 * expert.c, which makes the decisions; shared through gin/expert.h.
 */
#include "common/bits.h"
#include "common/cards.h"
#include "common/rng.h"
#include "gin/expert.h"
#include "gin/game.h"
#include "gin/melds.h"
#include "gin/rules.h"
#include "gin/settle.h"
#include "gin/turn.h"

#include <string.h>

#define HAND_START_STOCK (GR_NCARDS - 21)
#define SAMPLE_TRIES 48   /* hands drawn per sample at most (GR_EXPERT_SKILL) */
#define POOR 100          /* hand_score's mark of a hand that does not fit */

/* ---- what the player has seen ------------------------------------------- */

static gr_cards pile_cards(const gr_view *v)
{
    gr_cards c = 0;
    for (int i = 0; i < v->ndiscards; i++)
        c |= GR_CARD_BIT(v->discards[i]);
    return c;
}

const gr_move *gr__expert_find_legal(const gr_view *v, int type)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == type)
            return &v->legal[i];
    return NULL;
}

/* The hand's memory of the opponent, empty */
static void forget_opponent(gr__expert *ex)
{
    ex->opp_refused = ex->opp_discarded = 0;
    ex->opp_last_discard = ex->opp_last_took = ex->opp_last_refused = GR_NO_CARD;
    memset(ex->opp_since, -1, sizeof ex->opp_since);
}

/* A turn of the opponent: a stock draw if `drew`, then his discard */
static void opponent_turn(gr__expert *ex, bool drew, gr_card discard)
{
    for (int v = 0; drew && v < 11; v++)
        if (ex->opp_since[v] >= 0 && ex->opp_since[v] < 100)
            ex->opp_since[v]++;
    ex->opp_last_discard = discard;
    ex->opp_discarded |= GR_CARD_BIT(discard);
    ex->opp_since[gr__card_points[discard]] = 0;
}

/* Start a hand's memory from a view taken before any stock draw (the stock
 * is full): everything that happened is still on the table. */
static void start_hand(gr__expert *ex, const gr_view *v)
{
    ex->in_hand = true;
    forget_opponent(ex);
    memset(&ex->mine, 0, sizeof ex->mine);
    ex->opp_took = v->opponent_known;
    int me = v->player;
    gr_card upcard = GR_NO_CARD;
    if (v->opponent_known) {
        /* the opponent took the upcard and discarded the pile's top */
        upcard = (gr_card)__builtin_ctzll(v->opponent_known);
        if (v->ndiscards > 0) {
            opponent_turn(ex, false, v->discards[v->ndiscards - 1]);
            ex->opp_last_took = upcard;
        }
    } else if (v->ndiscards > 0) {
        upcard = v->discards[0];
        /* he passed it: the non-dealer before the dealer's offer, or the
         * dealer before our forced stock draw */
        if ((v->phase == GR_PHASE_UPCARD && me == v->dealer)
            || (v->phase == GR_PHASE_DRAW && me != v->dealer && v->ndiscards == 1))
            ex->opp_refused |= GR_CARD_BIT(upcard);
    }
    int limit;
    ex->multiplier = 1;
    if (upcard != GR_NO_CARD)
        gr__oklahoma(&ex->rules, upcard, &limit, &ex->multiplier);
}

static void observe(gr__expert *ex, const gr_view *v)
{
    if (v->stock_size == HAND_START_STOCK
        && (v->phase == GR_PHASE_UPCARD || v->phase == GR_PHASE_DRAW)) {
        start_hand(ex, v);
        return;
    }
    if (!ex->in_hand || (v->hand & ex->mine.my_discards)) {
        /* joined mid-hand (or a new hand we did not see start) */
        ex->in_hand = true;
        forget_opponent(ex);
        memset(&ex->mine, 0, sizeof ex->mine);
        ex->opp_took = v->opponent_known;
        ex->multiplier = 1;
    }
    ex->opp_took |= v->opponent_known;
    struct gr__expert_moves *mine = &ex->mine;
    if (mine->pending && v->phase == GR_PHASE_DRAW) {
        int p = mine->last_npile;
        gr_cards d = GR_CARD_BIT(mine->last_discard);
        ex->opp_last_discard = ex->opp_last_took = ex->opp_last_refused = GR_NO_CARD;
        if (v->ndiscards == p + 1 && p >= 1 && v->discards[p - 1] == mine->last_discard) {
            ex->opp_refused |= d;                              /* he drew the stock */
            opponent_turn(ex, true, v->discards[p]);
            ex->opp_last_refused = mine->last_discard;
        } else if (v->ndiscards == p && (v->opponent_known & d) && p >= 1) {
            opponent_turn(ex, false, v->discards[p - 1]);     /* he took it */
            ex->opp_last_took = mine->last_discard;
        } else {
            /* a turn not read (a turnover of the pile): his stock draws
             * since each discard are no longer known */
            memset(ex->opp_since, -1, sizeof ex->opp_since);
        }
        mine->pending = false;
    }
}

void gr__expert_remember(gr__expert *ex, const gr_view *v, gr_move m)
{
    struct gr__expert_moves *mine = &ex->mine;
    mine->played = m;
    if (m.type == GR_MOVE_DISCARD) {
        mine->my_discards |= GR_CARD_BIT(m.card);
        mine->pending = true;
        mine->last_discard = m.card;
        mine->last_npile = v->ndiscards + 1;
    }
}

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9ull;
}

/* A key of everything the view shows (never 0): the expert seeds each
 * decision from it, so a decision depends on the seed, the view and the
 * hand's memory only (a hint asked twice is the same hint). */
uint64_t gr__expert_view_key(const gr_view *v)
{
    uint64_t h = 0x6769;
    h = mix(h, (uint64_t)v->player | (uint64_t)v->phase << 8 | (uint64_t)v->turn << 16
               | (uint64_t)v->dealer << 24 | (uint64_t)(uint32_t)v->knock_limit << 32);
    h = mix(h, v->hand);
    h = mix(h, v->opponent_known);
    h = mix(h, (uint64_t)(uint32_t)v->opponent_count | (uint64_t)(uint32_t)v->stock_size << 32);
    for (int i = 0; i < v->ndiscards; i++)
        h = mix(h, v->discards[i] + 1u);
    for (int i = 0; i < v->nlegal; i++)
        h = mix(h, (uint64_t)(uint32_t)v->legal[i].type << 8 | v->legal[i].card);
    return h | 1;
}

/* Come to view v, before a move there: observe it, or at the same view
 * as the last call (a hint asked again, the move made after a hint) undo
 * the move remembered there, so that the last call at a view stands.
 * Returns the view's key. */
uint64_t gr__expert_at_view(gr__expert *ex, const gr_view *v)
{
    uint64_t key = gr__expert_view_key(v);
    if (ex->decided == key)
        ex->mine = ex->before;
    else
        observe(ex, v);
    ex->decided = key;
    ex->before = ex->mine;
    return key;
}

/* The move our player made at view v, chosen by someone else (a person
 * the bot advises): remembered as if the bot had played it. */
int gr__expert_observe_move(gr__expert *ex, const gr_view *v, gr_move played)
{
    gr__expert_at_view(ex, v);
    gr__expert_remember(ex, v, played);
    return GR_OK;
}

/* ---- sampling hidden deals ----------------------------------------------- */

/* cards that make a meld of three with c: its rank, and its suit within 2 */
static gr_cards partners(gr_card c)
{
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c);
    gr_cards m = GR_EVERY_SUIT((gr_cards)1 << r);
    gr_cards run = 0;
    for (int d = -2; d <= 2; d++)
        if (d != 0 && r + d >= 0 && r + d <= GR_KING)
            run |= (gr_cards)1 << (r + d);
    m |= run << (13 * s);
    return m & ~GR_CARD_BIT(c);
}

/* false if the view does not add up (then the bot plays greedy) */
bool gr__expert_sampler_init(const gr__expert *ex, const gr_view *v,
                             sampler *s)
{
    gr_cards unknown = GR_ALL_CARDS & ~v->hand & ~pile_cards(v) & ~v->opponent_known;
    s->need = v->opponent_count - gr__popcount(v->opponent_known);
    s->n = 0;
    if (s->need < 0 || gr__popcount(unknown) != s->need + v->stock_size)
        return false;
    s->known = v->opponent_known;
    s->total = 0;
    s->tries = 1;
    s->above = -1;
    s->last_discard = s->last_took = s->last_refused = GR_NO_CARD;
    memset(s->since, -1, sizeof s->since);
    if ((ex->features & GR_EXPERT_SKILL) && ex->opp_discarded) {
        /* he has played a turn: choose among a few random hands the one
         * that fits it best (gr__expert_sample) */
        s->tries = SAMPLE_TRIES;
        s->above = v->knock_limit;                /* he did not knock */
        s->last_discard = ex->opp_last_discard;   /* he threw his worst card */
        s->last_took = ex->opp_last_took;         /* it helped him */
        s->last_refused = ex->opp_last_refused;   /* it would not have */
        memcpy(s->since, ex->opp_since, sizeof s->since);   /* each worst then */
    }
    gr_cards refused = 0, discarded = 0, took = 0;
    if (ex->features & GR_EXPERT_INFER) {
        refused = ex->opp_refused;
        discarded = ex->opp_discarded & ~ex->opp_refused;
        took = ex->opp_took;
    }
    for (gr_cards u = unknown; u; u &= u - 1) {
        gr_card c = (gr_card)__builtin_ctzll(u);
        gr_cards p = partners(c);
        uint32_t w = 1024;
        for (int k = gr__popcount(p & refused); k > 0; k--)
            w = w * (uint32_t)ex->wref / 10;
        for (int k = gr__popcount(p & discarded); k > 0; k--)
            w = w * (uint32_t)ex->wdis / 10;
        for (int k = gr__popcount(p & took); k > 0 && w < (1u << 20); k--)
            w = w * (uint32_t)ex->wtook / 10;
        s->card[s->n] = c;
        s->weight[s->n] = w ? w : 1;
        s->total += s->weight[s->n];
        s->n++;
    }
    if (s->n > 0)
        gr__alias_build(&s->table, s->weight, s->n);
    return true;
}

/* One weighted draw of the opponent's unknown cards, without replacement:
 * each card is drawn from the whole weighted list (the alias table, one
 * random number) and drawn again if already taken, which draws it exactly
 * in proportion to the weights of the cards left.  After a run of such
 * repeats (a few heavy cards taken) the rest is drawn from the cards left
 * by a linear walk, with the same distribution. */
static gr_cards draw_hand(gr__expert *ex, const sampler *s)
{
    uint64_t taken = 0;              /* indices into s->card */
    uint64_t left = s->total;        /* the weight not yet taken */
    int k = 0;
    for (int misses = 0; k < s->need && misses < 8;) {
        int i = gr__alias_draw(&s->table, &ex->rng);
        if (taken >> i & 1) {
            misses++;
            continue;
        }
        taken |= (uint64_t)1 << i;
        left -= s->weight[i];
        k++;
    }
    for (; k < s->need; k++) {
        uint64_t r = gr__rng_below(&ex->rng, left);
        int i = 0;
        for (;; i++) {
            if (taken >> i & 1)
                continue;
            if (r < s->weight[i])
                break;
            r -= s->weight[i];
        }
        taken |= (uint64_t)1 << i;
        left -= s->weight[i];
    }
    gr_cards opp = 0;
    for (; taken; taken &= taken - 1)
        opp |= GR_CARD_BIT(s->card[__builtin_ctzll(taken)]);
    return opp;
}

/* How well a hand he may hold fits his turns (lower is better): its
 * deadwood, and POOR more (once) for each of these: it could have knocked
 * (he did not); it holds more cards melding with nothing above a card he
 * threw than his stock draws since (gr__expert_fits_discards); his last
 * discard did not leave the least deadwood of the cards he could throw
 * (G11: not the card he took); the card he took from the pile did not
 * lower his deadwood; our discard he left would lower it now (the hand he
 * had then is unknown, a stock card ago: this one stands for it).  Stops
 * at a score of at least `beat` (it cannot win). */
static int hand_score(const sampler *s, gr_cards hand, int beat)
{
    int dw = gr__deadwood(hand);
    int score = dw <= s->above ? dw + POOR : dw;
    if (s->last_discard == GR_NO_CARD || score >= beat)
        return score;
    if (!gr__expert_fits_discards(s, hand))
        return score + POOR;
    gr_cards before = hand | GR_CARD_BIT(s->last_discard);
    gr_cards could = gr__cards_but(before, s->last_took);   /* G11 */
    gr_card best;
    int after = gr__best_discard_among(before, could, &best);
    if (after < dw)
        return score + POOR;   /* not his worst card */
    if (s->last_took != GR_NO_CARD
        && gr__deadwood(before & ~GR_CARD_BIT(s->last_took)) <= after)
        return score + POOR;   /* the card he took did not help him */
    if (s->last_refused != GR_NO_CARD
        && gr__best_discard(hand | GR_CARD_BIT(s->last_refused), &best) < dw)
        return score + POOR;   /* he would take the card he left */
    return score;
}

/* One hidden deal: the opponent's unknown cards, then the rest shuffled
 * into the stock (top last).  When he has played a turn (s->tries > 1),
 * weighted draws are scored by hand_score and the best is kept; drawing
 * stops at the second hand not marked POOR (a hand that fits his play, or
 * once one is held, a hand too poor in deadwood to replace it, which
 * hand_score stops scoring early), or after s->tries draws.  So the hand
 * fits his turns where a few draws find such a hand, and of two that
 * fit, the one of less deadwood is kept: his hand improved with his
 * turns. */
gr_cards gr__expert_sample(gr__expert *ex, const sampler *s, gr_card *stock)
{
    gr_cards best = draw_hand(ex, s);
    if (s->tries > 1) {
        int best_score = hand_score(s, best | s->known, 1 << 20);
        int fits = best_score < POOR;
        for (int t = 1; t < s->tries && fits < 2; t++) {
            gr_cards h = draw_hand(ex, s);
            int score = hand_score(s, h | s->known, best_score);
            fits += score < POOR;
            if (score < best_score) {
                best_score = score;
                best = h;
            }
        }
    }
    int n = 0;
    for (int i = 0; i < s->n; i++)
        if (!(best & GR_CARD_BIT(s->card[i])))
            stock[n++] = s->card[i];
    gr__shuffle(&ex->rng, stock, n);
    return best;
}

/* The game of one sampled deal, at the view's decision. */
void gr__expert_build(gr__expert *ex, const gr_view *v, gr_cards opp_hand,
                      const gr_card *stock, gr_game *g)
{
    int me = v->player;
    memset(g, 0, offsetof(gr_game, history_inline));
    g->rules = ex->rules;
    g->dealer = v->dealer;
    g->phase = v->phase;
    g->turn = v->turn;
    g->taken = GR_NO_CARD;
    g->knock_limit = v->knock_limit;
    g->multiplier = ex->multiplier;
    g->hand[me] = v->hand;
    g->hand[1 - me] = opp_hand;
    g->known[1 - me] = v->opponent_known;
    g->nstock = v->stock_size;
    memcpy(g->stock, stock, (size_t)v->stock_size * sizeof *stock);
    g->npile = v->ndiscards;
    memcpy(g->pile, v->discards, (size_t)v->ndiscards * sizeof *v->discards);
    g->history = g->history_inline;
    g->caphistory = GR_HISTORY_INLINE;
    if (v->phase == GR_PHASE_UPCARD && v->turn == v->dealer) {
        g->history_inline[0] = (gr_move){ .type = GR_MOVE_PASS, .card = GR_NO_CARD };
        g->nhistory = 1;   /* the non-dealer passed (G9) */
    }
    if (v->phase == GR_PHASE_DRAW && v->ndiscards > 0 && !gr__expert_find_legal(v, GR_MOVE_DRAW_DISCARD))
        g->stock_only = true;
    if (v->phase == GR_PHASE_DISCARD) {
        /* the card taken from the pile is the one card not offered (G11);
         * no plain discard at all: a wall draw (G38), of the card we took */
        gr_cards offered = 0;
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == GR_MOVE_DISCARD)
                offered |= GR_CARD_BIT(v->legal[i].card);
        g->wall_draw = offered == 0;
        gr_cards t = v->hand & ~offered;
        gr_move took = ex->mine.played;
        if (g->wall_draw && took.type == GR_MOVE_DRAW_DISCARD
            && took.card < GR_NCARDS && (v->hand & GR_CARD_BIT(took.card)))
            t = GR_CARD_BIT(took.card);
        if (t)
            g->taken = (gr_card)__builtin_ctzll(t);
        gr__game_discard_options(g);
        if (g->wall_draw)
            g->discard_ok = 0;   /* only a knock, gin or big gin */
    }
}
