/*
 * rummy_plancheck.h: checks of a going-out plan shared by the basic Rummy
 * Check programs: replayed move by move, and its new melds those of
 * gr_rummy_arrange.  Include <check.h>, <string.h> and ginrummy.h first.
 */
#ifndef GR_RUMMY_PLANCHECK_H
#define GR_RUMMY_PLANCHECK_H

#include <ginrummy.h>

static inline void remove_face(gr_rummy_hand *h, gr_card f)
{
    ck_assert_int_eq(gr_rummy_hand_remove(h, f), GR_OK);
}

/* Replay the plan on copies of the hand and table: every move legal, the
 * cards left as the plan says, the value their points. */
static inline void replay_plan(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable,
                        int flags, const gr_rummy_plan *p)
{
    gr_rummy_hand h = *hand;
    gr_rummy_meld t[GR_RUMMY_MAX_MELDS + GR_RUMMY_MAX_MOVES];
    int n = ntable;
    if (ntable > 0)
        memcpy(t, table, sizeof *table * (size_t)ntable);
    ck_assert_int_ge(p->nmoves, 0);
    ck_assert_int_le(p->nmoves, GR_RUMMY_MAX_MOVES);
    for (int i = 0; i < p->nmoves; i++) {
        const gr_rummy_move *mv = &p->moves[i];
        ck_assert(mv->reserved[0] == 0 && mv->reserved[3] == 0);
        if (mv->kind == GR_RUMMY_MOVE_MELD) {
            ck_assert_int_eq(mv->meld, n);
            ck_assert_int_gt(gr_rummy_meld_kind(&mv->cards, flags), 0);
            for (gr_cards c = mv->cards.cards & ~mv->cards.jokers; c; c &= c - 1)
                remove_face(&h, (gr_card)__builtin_ctzll(c));
            for (gr_cards c = mv->cards.jokers; c; c &= c - 1)
                remove_face(&h, GR_RUMMY_JOKER);
            t[n++] = mv->cards;
        } else if (mv->kind == GR_RUMMY_MOVE_LAY_OFF) {
            ck_assert_int_ge(mv->meld, 0);
            ck_assert_int_lt(mv->meld, n);
            ck_assert_int_eq(__builtin_popcountll(mv->cards.cards), 1);
            gr_rummy_meld *m = &t[mv->meld];
            ck_assert((m->cards & mv->cards.cards) == 0);
            gr_rummy_meld grown = { m->cards | mv->cards.cards, m->jokers | mv->cards.jokers };
            ck_assert_int_gt(gr_rummy_meld_kind(&grown, flags), 0);
            remove_face(&h, mv->cards.jokers ? GR_RUMMY_JOKER
                                             : (gr_card)__builtin_ctzll(mv->cards.cards));
            *m = grown;
        } else {
            ck_assert_int_eq(mv->kind, GR_RUMMY_MOVE_TAKE_JOKER);
            ck_assert_int_ge(mv->meld, 0);
            ck_assert_int_lt(mv->meld, n);
            gr_rummy_meld *m = &t[mv->meld];
            ck_assert((m->jokers & mv->cards.cards) != 0);
            remove_face(&h, (gr_card)__builtin_ctzll(mv->cards.cards));
            m->jokers &= ~mv->cards.cards;
            ck_assert_int_eq(gr_rummy_hand_add(&h, GR_RUMMY_JOKER), GR_OK);
        }
    }
    ck_assert(h.once == p->left.once && h.twice == p->left.twice && h.jokers == p->left.jokers);
    ck_assert_int_eq(gr_rummy_hand_points(&h, flags), p->value);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(p->reserved[i], 0);
}

/* The plan's new melds are gr_rummy_arrange's of the cards it keeps (the
 * documented tie-break), in its order, leaving the same cards. */
static inline void check_kept_arranged(const gr_rummy_hand *h, const gr_rummy_plan *p, int flags)
{
    gr_rummy_hand kept = p->left;
    int nmeld = 0;
    for (int i = 0; i < p->nmoves; i++)
        if (p->moves[i].kind == GR_RUMMY_MOVE_MELD) {
            const gr_rummy_meld *m = &p->moves[i].cards;
            for (gr_cards c = m->cards & ~m->jokers; c; c &= c - 1)
                ck_assert_int_eq(gr_rummy_hand_add(&kept, (gr_card)__builtin_ctzll(c)), GR_OK);
            kept.jokers += __builtin_popcountll(m->jokers);
            nmeld++;
        }
    gr_rummy_arrangement a;
    ck_assert_int_eq(gr_rummy_arrange(&kept, flags, &a), p->value);
    char buf[256];
    gr_rummy_hand_format(h, buf, sizeof buf);
    ck_assert_msg(a.nmelds == nmeld, "hand %s flags %d: %d melds, arrange %d", buf, flags,
                  nmeld, a.nmelds);
    for (int i = p->nmoves - nmeld, k = 0; i < p->nmoves; i++, k++)
        ck_assert_msg(p->moves[i].kind == GR_RUMMY_MOVE_MELD
                      && p->moves[i].cards.cards == a.melds[k].cards
                      && p->moves[i].cards.jokers == a.melds[k].jokers,
                      "hand %s flags %d: meld %d is not gr_rummy_arrange's", buf, flags, k);
    ck_assert(a.unmelded.once == p->left.once && a.unmelded.twice == p->left.twice
              && a.unmelded.jokers == p->left.jokers);
}

#endif /* GR_RUMMY_PLANCHECK_H */
