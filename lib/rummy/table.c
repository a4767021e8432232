/*
 * rummy/table.c: the moves of a Rummy turn (R3-R5), checked and listed
 * from what the player to act sees.
 *
 * A meld on the table never repeats a face, so it is a 52-bit mask of the
 * faces it stands for plus the mask of those a joker stands for.  Its
 * kind is a property of the face mask alone: a set is one rank in 3 or 4
 * suits, a run 3 or more faces of one suit whose ranks are consecutive
 * (ace low, or with the ace-high option also with the ace after the king;
 * both readings of the whole suit are the same mask).  So a layoff is
 * "meld | face is still a meld", and a joker exchange only clears a bit of
 * the joker mask.
 *
 * Dead ends (R4 Decision): the card taken from the pile, and with two
 * decks or jokers any card identical to it, may not be discarded this
 * turn.  A step-2 move that would leave cards all identical to it, and a
 * draw from the pile that would, are refused; every other state of the
 * turn keeps a card that may be discarded, so the turn can always end.
 */
#include "rummy/cards.h"
#include "rummy/table.h"

#include <string.h>

#define SUIT_MASK ((gr_cards)0x1FFF)

int gr__rmeld_kind(gr_cards cards, int flags)
{
    return gr__rummy_meld_kind(cards, 0, flags);   /* rummy/cards.c */
}

int gr__rcard_value(gr_card card, int flags)
{
    if (card == GR_RUMMY_JOKER)
        return 15;
    int r = GR_CARD_RANK(card);
    if (r == GR_ACE)
        return (flags & GR_RUMMY_ACE_HIGH) ? 11 : 1;
    return r >= GR_TEN ? 10 : r + 1;
}

/* (table.h) */
int gr__rkeep_score(gr_cards hand, gr_card c, gr_cards wanted, int flags)
{
    int score = -gr__rcard_value(c, flags);
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c);
    gr_cards near = GR_EVERY_SUIT((gr_cards)1 << r);
    if (hand & near)
        score += 12;   /* a pair: half a set */
    for (int d = -2; d <= 2; d++) {
        if (d == 0 || r + d < 0 || r + d > 12)
            continue;
        near |= GR_CARD_BIT(GR_CARD(r + d, s));
        if (hand & GR_CARD_BIT(GR_CARD(r + d, s)))
            score += d == 1 || d == -1 ? 10 : 6;
    }
    if (wanted & near & ~GR_CARD_BIT(c))
        score += 15;   /* the next player collects these */
    return score;
}

int gr__rhand_value(const gr_rummy_hand *h, int flags)
{
    int v = 15 * h->jokers;
    for (gr_cards m = h->once; m; m &= m - 1)
        v += gr__rcard_value((gr_card)__builtin_ctzll(m), flags);
    for (gr_cards m = h->twice; m; m &= m - 1)
        v += gr__rcard_value((gr_card)__builtin_ctzll(m), flags);
    return v;
}

int gr__ract_wellformed(const gr_rummy_action *m)
{
    for (size_t i = 0; i < sizeof m->reserved / sizeof m->reserved[0]; i++)
        if (m->reserved[i] != 0)
            return GR_EINVAL;
    switch (m->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
    case GR_RUMMY_ACT_DRAW_DISCARD:
        return GR_OK;
    case GR_RUMMY_ACT_MELD:
        if (!gr__cards_valid(m->meld.cards) || (m->meld.jokers & ~m->meld.cards))
            return GR_EINVAL;
        return GR_OK;
    case GR_RUMMY_ACT_LAY_OFF:
        if (m->card > GR_RUMMY_JOKER
            || (m->card == GR_RUMMY_JOKER && m->named >= GR_NCARDS))
            return GR_EINVAL;
        return GR_OK;
    case GR_RUMMY_ACT_SWAP_JOKER:
        return m->card < GR_NCARDS ? GR_OK : GR_EINVAL;
    case GR_RUMMY_ACT_DISCARD:
        return m->card <= GR_RUMMY_JOKER ? GR_OK : GR_EINVAL;
    default:
        return GR_EINVAL;
    }
}

static bool identical(gr_card a, gr_card b)
{
    return a == b;   /* two copies of a face are the same gr_card */
}

int gr__ract_check(const gr__rpos *pos, const gr_rummy_action *m)
{
    if (pos->phase != GR_RUMMY_PHASE_DRAW && pos->phase != GR_RUMMY_PHASE_PLAY)
        return GR_ESTATE;
    bool draw = m->type == GR_RUMMY_ACT_DRAW_STOCK
        || m->type == GR_RUMMY_ACT_DRAW_DISCARD;
    if (draw != (pos->phase == GR_RUMMY_PHASE_DRAW))
        return GR_ESTATE;
    gr_rummy_hand h = pos->hand;
    switch (m->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
        return pos->stock_size > 0 ? GR_OK : GR_EILLEGAL;
    case GR_RUMMY_ACT_DRAW_DISCARD:
        if (pos->npile == 0)
            return GR_EILLEGAL;
        gr__rhand_add(&h, pos->pile_top);
        return gr__rhand_stuck(&h, pos->pile_top) ? GR_EILLEGAL : GR_OK;
    case GR_RUMMY_ACT_MELD: {
        gr_cards nat = m->meld.cards & ~m->meld.jokers;
        int nj = gr__popcount(m->meld.jokers);
        if (gr__rmeld_kind(m->meld.cards, pos->flags) == 0 || nat == 0
            || (nat & ~h.once) || nj > h.jokers)
            return GR_EILLEGAL;
        for (gr_cards r = nat; r; r &= r - 1)
            gr__rhand_remove(&h, (gr_card)__builtin_ctzll(r));
        h.jokers -= nj;
        return gr__rhand_stuck(&h, pos->taken) ? GR_EILLEGAL : GR_OK;
    }
    case GR_RUMMY_ACT_LAY_OFF: {
        if (m->target < 0 || m->target >= pos->nmelds)
            return GR_EILLEGAL;
        const gr_rummy_meld *t = &pos->melds[m->target];
        gr_card face = m->card == GR_RUMMY_JOKER ? m->named : m->card;
        if ((t->cards & GR_CARD_BIT(face))
            || gr__rmeld_kind(t->cards | GR_CARD_BIT(face), pos->flags) == 0
            || gr__rhand_has(&h, m->card) == 0)
            return GR_EILLEGAL;
        gr__rhand_remove(&h, m->card);
        return gr__rhand_stuck(&h, pos->taken) ? GR_EILLEGAL : GR_OK;
    }
    case GR_RUMMY_ACT_SWAP_JOKER: {
        if (m->target < 0 || m->target >= pos->nmelds)
            return GR_EILLEGAL;
        const gr_rummy_meld *t = &pos->melds[m->target];
        if (!(t->jokers & GR_CARD_BIT(m->card)) || gr__rhand_has(&h, m->card) == 0)
            return GR_EILLEGAL;
        gr__rhand_remove(&h, m->card);
        h.jokers++;
        return gr__rhand_stuck(&h, pos->taken) ? GR_EILLEGAL : GR_OK;
    }
    case GR_RUMMY_ACT_DISCARD:
        if (gr__rhand_has(&h, m->card) == 0
            || (pos->taken != GR_NO_CARD && identical(m->card, pos->taken)))
            return GR_EILLEGAL;
        return GR_OK;
    default:
        return GR_EINVAL;
    }
}

/* ---- listing ---------------------------------------------------------------- */

typedef struct sink {
    gr_rummy_action *out;
    size_t cap;
    int n;
    gr_cards *faces;   /* not NULL: only OR each meld's natural faces here */
} sink;

static inline void emit(sink *s, const gr_rummy_action *m)
{
    if (s->faces) {
        *s->faces |= m->meld.cards & ~m->meld.jokers;
        return;
    }
    if ((size_t)s->n < s->cap)
        memcpy(&s->out[s->n], m, sizeof *m);   /* padding too: comparable bytes */
    s->n++;
}

/* a meld of these faces and jokers, if the hand left can end the turn */
static void emit_meld(sink *s, const gr__rpos *pos, gr_cards cards,
                      gr_cards jokers)
{
    gr_rummy_hand h = pos->hand;
    gr_cards nat = cards & ~jokers;
    for (gr_cards r = nat; r; r &= r - 1)
        gr__rhand_remove(&h, (gr_card)__builtin_ctzll(r));
    h.jokers -= gr__popcount(jokers);
    if (gr__rhand_stuck(&h, pos->taken))
        return;
    gr_rummy_action m;
    gr__ract(&m, GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
    m.meld.cards = cards;
    m.meld.jokers = jokers;
    emit(s, &m);
}

static void list_sets(sink *s, const gr__rpos *pos)
{
    gr_cards held = pos->hand.once;
    int nj = pos->hand.jokers;
    for (int r = 0; r < 13; r++) {
        unsigned have = 0;
        for (int su = 0; su < 4; su++)
            if (held & GR_CARD_BIT(GR_CARD(r, su)))
                have |= 1u << su;
        if (have == 0 || gr__popcount(have) + nj < 3)
            continue;
        for (unsigned t = 7; t < 16; t++) {
            int nt = gr__popcount(t);
            if (nt < 3)
                continue;
            unsigned k = 0;
            do {   /* k: the suits jokers stand for, every subset of t */
                unsigned nat = t & ~k;
                if (nat != 0 && (nat & ~have) == 0 && gr__popcount(k) <= nj) {
                    gr_cards cards = 0, jokers = 0;
                    for (int su = 0; su < 4; su++) {
                        if (t & (1u << su))
                            cards |= GR_CARD_BIT(GR_CARD(r, su));
                        if (k & (1u << su))
                            jokers |= GR_CARD_BIT(GR_CARD(r, su));
                    }
                    emit_meld(s, pos, cards, jokers);
                }
                k = (k - t) & t;
            } while (k != 0);
        }
    }
}

static void list_runs(sink *s, const gr__rpos *pos)
{
    int nj = pos->hand.jokers;
    int npos = (pos->flags & GR_RUMMY_ACE_HIGH) ? 14 : 13;
    for (int su = 0; su < 4; su++) {
        gr_cards held = (pos->hand.once >> (13 * su)) & SUIT_MASK;
        if (held == 0 || gr__popcount(held) + nj < 3)
            continue;
        /* positions 0..13: position 13 is the ace after the king */
        gr_cards ext = held | ((held & 1) << 13);
        for (int lo = 0; lo + 2 < npos; lo++) {
            if (nj == 0 && !((ext >> lo) & 1))
                continue;
            gr_cards ranks = 0, missing = 0;
            int nmiss = 0, nnat = 0;
            for (int hi = lo; hi < npos; hi++) {
                if (lo <= 1 && hi == 13)
                    break;   /* the ace at both ends, or the whole suit twice */
                gr_cards bit = hi == 13 ? 1 : (gr_cards)1 << hi;
                ranks |= bit;
                if ((ext >> hi) & 1) {
                    nnat++;
                } else {
                    missing |= bit;
                    if (++nmiss > nj)
                        break;   /* only grows with hi */
                }
                if (hi - lo < 2 || nnat == 0)
                    continue;
                if (nj == 0) {
                    emit_meld(s, pos, ranks << (13 * su), 0);
                    continue;
                }
                gr_cards have = ranks & ~missing;
                int room = nj - nmiss;
                gr_cards k = 0;
                do {   /* held faces a joker stands for anyway */
                    if (gr__popcount(k) <= room && (have & ~k) != 0)
                        emit_meld(s, pos, ranks << (13 * su),
                                  (missing | k) << (13 * su));
                    k = (k - have) & have;
                } while (k != 0);
            }
        }
    }
}

/* the faces that can be laid off on a table meld (R4): a set's missing
 * suits, a run's neighbours at either end (the ace after the king too
 * with the ace-high option), each confirmed by the meld rule */
gr_cards gr__rlayoff_faces(gr_cards cards, int flags)
{
    if (cards == 0)
        return 0;   /* no meld (views are checked before: never reached) */
    gr_card low = (gr_card)__builtin_ctzll(cards);
    gr_cards rank = GR_EVERY_SUIT((gr_cards)1 << GR_CARD_RANK(low));
    if ((cards & ~rank) == 0)   /* a set: 3 or 4 suits of one rank */
        return rank & ~cards;
    int shift = 13 * GR_CARD_SUIT(low);
    gr_cards m = (cards >> shift) & SUIT_MASK;
    gr_cards cand = (m << 1) | (m >> 1);
    if (flags & GR_RUMMY_ACE_HIGH)
        cand |= ((m >> 12) & 1) | ((m & 1) << 12);
    cand &= SUIT_MASK & ~m;
    gr_cards fits = 0;
    for (; cand; cand &= cand - 1) {
        gr_cards bit = (cand & (~cand + 1)) << shift;
        if (gr__rmeld_kind(cards | bit, flags))
            fits |= bit;
    }
    return fits;
}

int gr__rlegal(const gr__rpos *pos, gr_rummy_action *out, size_t cap)
{
    sink s = { out, cap, 0, NULL };
    gr_rummy_action m;
    const gr_rummy_hand *hand = &pos->hand;
    if (pos->phase == GR_RUMMY_PHASE_DRAW) {
        gr__ract(&m, GR_RUMMY_ACT_DRAW_STOCK, GR_NO_CARD, GR_NO_CARD, -1);
        if (gr__ract_check(pos, &m) == GR_OK)
            emit(&s, &m);
        gr__ract(&m, GR_RUMMY_ACT_DRAW_DISCARD,
                      pos->npile ? pos->pile_top : GR_NO_CARD, GR_NO_CARD, -1);
        if (gr__ract_check(pos, &m) == GR_OK)
            emit(&s, &m);
        return s.n;
    }
    if (pos->phase != GR_RUMMY_PHASE_PLAY)
        return 0;
    list_sets(&s, pos);
    list_runs(&s, pos);
    /* layoffs: naturals by face, then the joker by the face it names */
    gr_rummy_hand less_joker = *hand;
    bool joker_ok = hand->jokers > 0;
    if (joker_ok) {
        less_joker.jokers--;
        joker_ok = !gr__rhand_stuck(&less_joker, pos->taken);
    }
    for (int i = 0; i < pos->nmelds; i++) {
        gr_cards fits = gr__rlayoff_faces(pos->melds[i].cards, pos->flags);
        for (gr_cards r = fits & hand->once; r; r &= r - 1) {
            gr_card f = (gr_card)__builtin_ctzll(r);
            gr_rummy_hand h = *hand;
            gr__rhand_remove(&h, f);
            if (gr__rhand_stuck(&h, pos->taken))
                continue;
            gr__ract(&m, GR_RUMMY_ACT_LAY_OFF, f, GR_NO_CARD, i);
            emit(&s, &m);
        }
        if (joker_ok)
            for (gr_cards r = fits; r; r &= r - 1) {
                gr__ract(&m, GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER,
                              (gr_card)__builtin_ctzll(r), i);
                emit(&s, &m);
            }
    }
    for (int i = 0; i < pos->nmelds; i++)
        for (gr_cards r = pos->melds[i].jokers & hand->once; r; r &= r - 1) {
            gr_card f = (gr_card)__builtin_ctzll(r);
            gr_rummy_hand h = *hand;
            gr__rhand_remove(&h, f);
            h.jokers++;
            if (gr__rhand_stuck(&h, pos->taken))
                continue;
            gr__ract(&m, GR_RUMMY_ACT_SWAP_JOKER, f, GR_NO_CARD, i);
            emit(&s, &m);
        }
    for (gr_cards r = hand->once; r; r &= r - 1) {
        gr_card f = (gr_card)__builtin_ctzll(r);
        if (f == pos->taken)
            continue;
        gr__ract(&m, GR_RUMMY_ACT_DISCARD, f, GR_NO_CARD, -1);
        emit(&s, &m);
    }
    if (hand->jokers > 0 && pos->taken != GR_RUMMY_JOKER) {
        gr__ract(&m, GR_RUMMY_ACT_DISCARD, GR_RUMMY_JOKER, GR_NO_CARD, -1);
        emit(&s, &m);
    }
    return s.n;
}

gr_cards gr__rmeld_faces(const gr__rpos *pos)
{
    gr_cards faces = 0;
    sink s = { NULL, 0, 0, &faces };
    list_sets(&s, pos);
    list_runs(&s, pos);
    return faces;
}

/* ---- a going-out plan as actions ----------------------------------------- */

void gr__rmove_action(const gr_rummy_move *m, gr_rummy_action *a)
{
    gr_card low = (gr_card)__builtin_ctzll(m->cards.cards);
    switch (m->kind) {
    case GR_RUMMY_MOVE_MELD:
        gr__ract(a, GR_RUMMY_ACT_MELD, GR_NO_CARD, GR_NO_CARD, -1);
        a->meld = m->cards;
        break;
    case GR_RUMMY_MOVE_LAY_OFF:
        if (m->cards.jokers)
            gr__ract(a, GR_RUMMY_ACT_LAY_OFF, GR_RUMMY_JOKER, low, m->meld);
        else
            gr__ract(a, GR_RUMMY_ACT_LAY_OFF, low, GR_NO_CARD, m->meld);
        break;
    default:   /* GR_RUMMY_MOVE_TAKE_JOKER */
        gr__ract(a, GR_RUMMY_ACT_SWAP_JOKER, low, GR_NO_CARD, m->meld);
        break;
    }
}

size_t gr__rplan_turn(const gr_rummy_plan *plan, gr_rummy_action *out, size_t cap)
{
    size_t n = 0;
    if (cap == 0)
        return 0;
    for (int i = 0; i < plan->nmoves && n < cap - 1; i++)
        gr__rmove_action(&plan->moves[i], &out[n++]);
    for (gr_card c = 0; c <= GR_RUMMY_JOKER; c++)
        if (gr__rhand_has(&plan->left, c) > 0) {
            gr__ract(&out[n++], GR_RUMMY_ACT_DISCARD, c, GR_NO_CARD, -1);
            break;
        }
    return n;
}
