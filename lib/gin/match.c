/*
 * match.c: a match of several hands (G6, G8, G25-G27, G34).
 *
 * The match keeps the rules, a seeded generator for the first cut and for
 * the seeds of the hands it deals, the dealer of the next hand, and the
 * running hand points.  It never looks inside a gr_game: results come in
 * through gr_match_record(), so hands played on a real table count too.
 * The end-of-match bonuses are not stored; gr_match_score() derives them.
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "common/rng.h"
#include "gin/rules.h"

#include <limits.h>
#include <string.h>

struct gr_match {
    gr_rules rules;         /* a copy: later changes by the caller do not count */
    gr_rng   rng;           /* cut, then one seed per dealt hand */
    gr_card  cut[2];        /* the deciding cut of player 0 and player 1 (G6) */
    int      dealer;        /* dealer of the next hand */
    int      over;          /* 1 once a player's hand points reached the target */
    int      winner;        /* 0 or 1 once over, else -1 */
    int      hands_played;  /* void hands included */
    int      hands_won[2];
    int      hand_points[2];
};

/* G6: each player cuts a card from a shuffled deck; the higher rank deals,
 * equal ranks cut again (suits never break a tie).  Each cut shuffles a
 * fresh deck, as the players would reassemble it before cutting again. */
static void match_cut(gr_match *m)
{
    for (;;) {
        gr_card deck[GR_NCARDS];
        for (int c = 0; c < GR_NCARDS; c++)
            deck[c] = (gr_card)c;
        gr__shuffle(&m->rng, deck, GR_NCARDS);
        m->cut[0] = deck[0];
        m->cut[1] = deck[1];
        int r0 = GR_CARD_RANK(deck[0]), r1 = GR_CARD_RANK(deck[1]);
        if (r0 != r1) {
            m->dealer = r0 > r1 ? 0 : 1;
            return;
        }
    }
}

int gr_match_new(gr_match **out, const gr_rules *rules, uint64_t seed)
{
    if (!out || !rules)
        return GR_EINVAL;
    gr_match *m = gr__malloc(&rules->mm, sizeof *m);
    if (!m)
        return GR_ENOMEM;
    memset(m, 0, sizeof *m);
    m->rules = *rules;
    m->winner = -1;
    gr__rng_seed(&m->rng, seed);
    match_cut(m);
    *out = m;
    return GR_OK;
}

void gr_match_free(gr_match *match)
{
    if (match)
        gr__free(&match->rules.mm, match);
}

int gr_match_cut(const gr_match *match, gr_card out[2])
{
    if (!match || !out)
        return GR_EINVAL;
    out[0] = match->cut[0];
    out[1] = match->cut[1];
    return GR_OK;
}

int gr_match_dealer(const gr_match *match)
{
    if (!match)
        return GR_EINVAL;
    return match->dealer;
}

int gr_match_deal(gr_match *match, gr_game **out)
{
    if (!match || !out)
        return GR_EINVAL;
    if (match->over || match->hands_played >= GR_MAX_MATCH_HANDS)
        return GR_ESTATE;   /* gr_match_record would refuse its result */
    /* Draw the seed from a copy, so a failed deal leaves the match as it was. */
    gr_rng next = match->rng;
    uint64_t seed = gr__rng_next(&next);
    int rc = gr_game_new(out, &match->rules, seed, match->dealer);
    if (rc != GR_OK)
        return rc;
    match->rng = next;
    return GR_OK;
}

/* The most points one hand may score: real hands score a few hundred at
 * most, so more is a mistake; it also keeps the sums far from overflow. */
#define MATCH_MAX_POINTS 10000

static bool result_valid(const gr_hand_result *r)
{
    switch (r->outcome) {
    case GR_OUTCOME_VOID:
        return true;            /* knocker, winner and points are ignored */
    case GR_OUTCOME_KNOCK:
    case GR_OUTCOME_GIN:
    case GR_OUTCOME_BIG_GIN:
    case GR_OUTCOME_UNDERCUT:
        break;
    default:
        return false;
    }
    if (r->knocker != 0 && r->knocker != 1)
        return false;
    if (r->winner != 0 && r->winner != 1)
        return false;
    if ((r->outcome == GR_OUTCOME_UNDERCUT) != (r->winner != r->knocker))
        return false;
    return r->points >= 0 && r->points <= MATCH_MAX_POINTS;
}

int gr_match_record(gr_match *match, const gr_hand_result *result)
{
    if (!match || !result)
        return GR_EINVAL;
    if (match->over || match->hands_played >= GR_MAX_MATCH_HANDS)
        return GR_ESTATE;
    if (!result_valid(result) || !GR__RESERVED_ZERO(result))
        return GR_EINVAL;
    match->hands_played++;
    if (result->outcome == GR_OUTCOME_VOID)
        return GR_OK;           /* G8: the same dealer deals again */

    int w = result->winner;
    match->hands_won[w]++;
    /* No overflow: the total was below the target (<= 100000) before. */
    match->hand_points[w] += result->points;
    match->dealer = w;          /* G8: the winner deals the next hand */
    if (match->hand_points[w] >= match->rules.opt[GR_OPT_TARGET]) {
        match->over = 1;        /* G25 */
        match->winner = w;
    }
    return GR_OK;
}

/* No sum overflows an int: the winner's hand points are below the target
 * plus one hand (100000 + 10000), the box bonus at most 1000 per hand won
 * and at most GR_MAX_MATCH_HANDS hands are won, so a doubled shutout total
 * is at most 2 * (110000 + 10000 + 1000 * GR_MAX_MATCH_HANDS).  The sums
 * are still made in 64 bits and checked. */
#define MATCH_MAX_TOTAL \
    (2 * ((int64_t)100000 + MATCH_MAX_POINTS + 10000 + 1000 * (int64_t)GR_MAX_MATCH_HANDS))
_Static_assert(MATCH_MAX_TOTAL < INT_MAX, "match totals fit an int");

static int to_int(int64_t v)
{
    return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;   /* never */
}

int gr_match_score(const gr_match *match, gr_score *out)
{
    if (!match || !out)
        return GR_EINVAL;
    const int *opt = match->rules.opt;
    gr_score s;
    memset(&s, 0, sizeof s);
    s.over = match->over;
    s.winner = match->winner;
    s.hands_played = match->hands_played;
    for (int p = 0; p < 2; p++) {
        s.hands_won[p] = match->hands_won[p];
        s.hand_points[p] = match->hand_points[p];
        s.total[p] = match->hand_points[p];
    }
    if (!match->over) {
        *out = s;
        return GR_OK;
    }

    /* G26, G34: bonuses only once the match is over (MATCH_MAX_TOTAL: no
     * sum overflows). */
    int w = match->winner, l = 1 - w;
    int64_t sum[2];
    for (int p = 0; p < 2; p++) {
        int64_t game = p == w ? opt[GR_OPT_GAME_BONUS] : 0;
        int64_t box = (int64_t)opt[GR_OPT_HAND_BONUS] * match->hands_won[p];
        s.game_bonus[p] = (int)game;
        s.box_bonus[p] = to_int(box);
        sum[p] = match->hand_points[p] + game + box;
    }
    if (match->hands_won[l] == 0) {
        int64_t add = opt[GR_OPT_SHUTOUT_DOUBLE] ? sum[w]
                                                 : opt[GR_OPT_SHUTOUT_BONUS];
        s.shutout_bonus[w] = to_int(add);
        sum[w] += add;
    }
    s.total[w] = to_int(sum[w]);
    s.total[l] = to_int(sum[l]);
    s.margin = to_int(sum[w] - sum[l]);
    *out = s;
    return GR_OK;
}
