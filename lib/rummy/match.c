/*
 * rummy/match.c: hands until a player's total reaches the target (R7),
 * the first dealer by a cut or chosen by the table and the deal passing
 * round it (R2), a void hand dealt again by the same dealer (R6); and
 * score keeping for a real table: hands recorded from what the table
 * reports (gr_rummy_settle), kept in a list so that the last can be taken
 * back and the standings after any hand worked out again.
 *
 * The score is a function of the list of recorded hands: record applies
 * one hand, undo drops the last and replays the rest from the start.
 */
#include "common/alloc.h"
#include "common/reason.h"
#include "rummy/cards.h"
#include "rummy/game.h"
#include "rummy/match.h"

#include <limits.h>
#include <string.h>

/* R2 Decision: every seat cuts a card, the highest rank deals (ace low,
 * as G6), the seats tied highest cut again */
static int cut(gr_rng *rng, int n)
{
    gr_card deck[GR_NCARDS];
    for (int c = 0; c < GR_NCARDS; c++)
        deck[c] = (gr_card)c;
    gr__shuffle(rng, deck, GR_NCARDS);
    int k = 0, tied[GR_RUMMY_MAX_PLAYERS], nt = n;
    for (int i = 0; i < n; i++)
        tied[i] = i;
    while (nt > 1) {
        if (k + nt > GR_NCARDS) {
            gr__shuffle(rng, deck, GR_NCARDS);
            k = 0;
        }
        int rank[GR_RUMMY_MAX_PLAYERS], best = -1, nb = 0;
        for (int i = 0; i < nt; i++) {
            rank[i] = GR_CARD_RANK(deck[k++]);
            if (rank[i] > best)
                best = rank[i];
        }
        for (int i = 0; i < nt; i++)
            if (rank[i] == best)
                tied[nb++] = tied[i];
        nt = nb;
    }
    return tied[0];
}

int gr__rmatch_new(gr_rummy_match **out, const gr_rummy_rules *rules,
                   uint64_t seed, int first_dealer)
{
    if (!out || !rules || gr__rummy_deal(rules->opt, NULL, NULL, NULL) != GR_OK)
        return GR_EINVAL;
    int n = rules->opt[GR_RUMMY_OPT_PLAYERS];
    if (first_dealer < -1 || first_dealer >= n)
        return GR_EINVAL;
    gr_rummy_match *m = gr__malloc(&rules->mm, sizeof *m);
    if (!m)
        return GR_ENOMEM;
    memset(m, 0, sizeof *m);
    m->rules = *rules;
    m->nplayers = n;
    m->winner = -1;
    m->seed = seed;
    gr__rng_seed(&m->rng, seed);
    m->chosen = first_dealer >= 0;
    m->first_dealer = m->chosen ? first_dealer : cut(&m->rng, n);
    m->dealer = m->first_dealer;
    *out = m;
    return GR_OK;
}

int gr_rummy_match_new(gr_rummy_match **out, const gr_rummy_rules *rules,
                       uint64_t seed)
{
    return gr__rmatch_new(out, rules, seed, -1);
}

int gr_rummy_match_new_dealer(gr_rummy_match **out, const gr_rummy_rules *rules,
                              uint64_t seed, int first_dealer)
{
    if (first_dealer < 0)
        return GR_EINVAL;
    return gr__rmatch_new(out, rules, seed, first_dealer);
}

void gr_rummy_match_free(gr_rummy_match *match)
{
    if (match) {
        gr_allocator mm = match->rules.mm;
        if (match->rec)
            gr__free(&mm, match->rec);
        gr__free(&mm, match);
    }
}

int gr_rummy_match_dealer(const gr_rummy_match *match)
{
    return match ? match->dealer : GR_EINVAL;
}

int gr_rummy_match_rules(const gr_rummy_match *match, gr_rummy_rules **out)
{
    if (!match)
        return GR_EINVAL;
    return gr_rummy_rules_clone(out, &match->rules);
}

int gr_rummy_match_deal(gr_rummy_match *match, gr_rummy_game **out)
{
    if (!match || !out)
        return GR_EINVAL;
    if (match->over || match->hands_played >= GR_MAX_MATCH_HANDS)
        return GR_ESTATE;
    gr_rng next = match->rng;
    uint64_t seed = gr__rng_next(&next);
    int rc = gr_rummy_game_new(out, &match->rules, seed, match->dealer);
    if (rc == GR_OK) {
        match->rng = next;
        match->deals++;
    }
    return rc;
}

/* one hand into the score (valid, the match not over) */
static void apply(gr_rummy_match *m, const gr__rrecord *r)
{
    m->hands_played++;
    if (r->winner < 0)
        return;   /* void: the same dealer deals again (R6) */
    int w = r->winner, sum = 0;
    for (int p = 0; p < m->nplayers; p++)
        sum += r->left[p];
    m->total[w] += sum;
    m->hands_won[w]++;
    m->dealer = (m->dealer + 1) % m->nplayers;
    int target = m->rules.opt[GR_RUMMY_OPT_TARGET];
    if (target == 0 || m->total[w] >= target) {
        m->over = 1;
        m->winner = w;
    }
}

/* the score after the first k recorded hands */
static void replay(gr_rummy_match *m, int k)
{
    m->hands_played = 0;
    m->over = 0;
    m->winner = -1;
    m->dealer = m->first_dealer;
    memset(m->hands_won, 0, sizeof m->hands_won);
    memset(m->total, 0, sizeof m->total);
    for (int i = 0; i < k; i++)
        apply(m, &m->rec[i]);
}

static int keep(gr_rummy_match *m, int reason)
{
    m->last_reason = reason;
    return gr_reason_status(reason);
}

int gr__rmatch_record(gr_rummy_match *m, const gr__rrecord *r)
{
    int n = m->nplayers;
    if (r->winner < -1 || r->winner >= n)
        return keep(m, GR_REASON_BAD_RESULT);
    for (int p = 0; p < GR_RUMMY_MAX_PLAYERS; p++) {
        bool zero = r->winner < 0 || p >= n || p == r->winner;
        if (r->left[p] < 0 || r->left[p] > 10000 || (zero && r->left[p] != 0))
            return keep(m, GR_REASON_BAD_RESULT);
    }
    if (m->over)
        return keep(m, GR_REASON_RUMMY_MATCH_OVER);
    if (m->hands_played >= GR_MAX_MATCH_HANDS)
        return keep(m, GR_REASON_TOO_LONG);
    if (m->nrec == m->caprec) {
        int cap = m->caprec ? 2 * m->caprec : 16;
        gr__rrecord *rec = gr__malloc(&m->rules.mm, (size_t)cap * sizeof *rec);
        if (!rec)
            return keep(m, GR_REASON_NO_MEMORY);
        if (m->nrec)
            memcpy(rec, m->rec, (size_t)m->nrec * sizeof *rec);
        if (m->rec)
            gr__free(&m->rules.mm, m->rec);
        m->rec = rec;
        m->caprec = cap;
    }
    m->rec[m->nrec++] = *r;
    apply(m, r);
    return keep(m, GR_REASON_NONE);
}

int gr_rummy_match_record(gr_rummy_match *match, const gr_rummy_result *result)
{
    if (!match)
        return GR_EINVAL;
    if (!result)
        return keep(match, GR_REASON_NULL_ARGUMENT);
    for (size_t i = 0; i < sizeof result->reserved / sizeof result->reserved[0]; i++)
        if (result->reserved[i] != 0)
            return keep(match, GR_REASON_RESERVED_NOT_ZERO);
    if (result->nplayers != match->nplayers
        || (result->outcome != GR_RUMMY_OUTCOME_OUT
            && result->outcome != GR_RUMMY_OUTCOME_VOID)
        || (result->outcome == GR_RUMMY_OUTCOME_OUT && result->winner < 0))
        return keep(match, GR_REASON_BAD_RESULT);
    gr__rrecord r;
    memset(&r, 0, sizeof r);
    r.winner = result->outcome == GR_RUMMY_OUTCOME_OUT ? result->winner : -1;
    if (r.winner >= match->nplayers)
        return keep(match, GR_REASON_BAD_RESULT);
    if (r.winner >= 0)
        for (int p = 0; p < match->nplayers; p++)
            r.left[p] = result->left_points[p];
    return gr__rmatch_record(match, &r);
}

int gr_rummy_match_undo(gr_rummy_match *match)
{
    if (!match)
        return GR_EINVAL;
    if (match->nrec == 0)
        return keep(match, GR_REASON_NOTHING_TO_UNDO);
    match->nrec--;
    replay(match, match->nrec);
    return keep(match, GR_REASON_NONE);
}

int gr_rummy_match_last_reason(const gr_rummy_match *match)
{
    return match ? match->last_reason : GR_EINVAL;
}

static void score_of(const gr_rummy_match *m, gr_rummy_score *out)
{
    memset(out, 0, sizeof *out);
    out->over = m->over;
    out->winner = m->winner;
    out->nplayers = m->nplayers;
    out->dealer = m->dealer;
    out->hands_played = m->hands_played;
    for (int p = 0; p < m->nplayers; p++) {
        out->hands_won[p] = m->hands_won[p];
        out->total[p] = m->total[p];
    }
}

int gr_rummy_match_score(const gr_rummy_match *match, gr_rummy_score *out)
{
    if (!match || !out)
        return GR_EINVAL;
    score_of(match, out);
    return GR_OK;
}

int gr_rummy_match_score_after(const gr_rummy_match *match, int hands,
                               gr_rummy_score *out)
{
    if (!match || !out || hands < 0 || hands > match->nrec)
        return GR_EINVAL;
    gr_rummy_match copy = *match;   /* shares rec, read only */
    replay(&copy, hands);
    score_of(&copy, out);
    return GR_OK;
}

int gr_rummy_match_results(const gr_rummy_match *match, gr_rummy_result *out,
                           size_t cap)
{
    if (!match || (!out && cap > 0))
        return GR_EINVAL;
    for (int i = 0; i < match->nrec && (size_t)i < cap; i++) {
        const gr__rrecord *r = &match->rec[i];
        gr_rummy_result *o = &out[i];
        memset(o, 0, sizeof *o);
        o->nplayers = match->nplayers;
        o->winner = r->winner;
        o->outcome = r->winner >= 0 ? GR_RUMMY_OUTCOME_OUT : GR_RUMMY_OUTCOME_VOID;
        for (int p = 0; p < match->nplayers; p++) {
            o->left_points[p] = r->left[p];
            if (r->winner >= 0)
                o->score[r->winner] += r->left[p];
        }
    }
    return match->nrec;
}

/* ---- a hand as the table reports it ---------------------------------- */

int gr_rummy_settle(const gr_rummy_rules *rules, int winner,
                    const gr_rummy_hand *left, size_t nleft,
                    gr_rummy_result *out, int *reason)
{
    int decks;
    if (!rules || !left || !out)
        return gr__reason_put(reason, GR_REASON_NULL_ARGUMENT);
    if (gr__rummy_deal(rules->opt, &decks, NULL, NULL) != GR_OK)
        return gr__reason_put(reason, GR_REASON_BAD_VALUE);
    int n = rules->opt[GR_RUMMY_OPT_PLAYERS];
    if (nleft != (size_t)n || winner < -1 || winner >= n)
        return gr__reason_put(reason, GR_REASON_BAD_VALUE);
    int flags = rules->opt[GR_RUMMY_OPT_ACE_HIGH] ? GR_RUMMY_ACE_HIGH : 0;
    int count[GR_NCARDS + 1] = { 0 };
    for (int p = 0; p < n; p++) {
        if (!gr__rummy_hand_valid(&left[p]))
            return gr__reason_put(reason, GR_REASON_BAD_CARD);
        for (int c = 0; c < GR_NCARDS; c++)
            count[c] += (int)((left[p].once >> c) & 1) + (int)((left[p].twice >> c) & 1);
        count[GR_NCARDS] += left[p].jokers;
    }
    for (int c = 0; c < GR_NCARDS; c++)
        if (count[c] > decks)
            return gr__reason_put(reason, GR_REASON_RUMMY_CARDS);
    if (count[GR_NCARDS] > decks * rules->opt[GR_RUMMY_OPT_JOKERS])
        return gr__reason_put(reason, GR_REASON_RUMMY_CARDS);
    if (winner >= 0 && gr__rummy_hand_count(&left[winner]) != 0)
        return gr__reason_put(reason, GR_REASON_WINNER_HOLDS_CARDS);
    memset(out, 0, sizeof *out);
    out->outcome = winner >= 0 ? GR_RUMMY_OUTCOME_OUT : GR_RUMMY_OUTCOME_VOID;
    out->winner = winner;
    out->nplayers = n;
    for (int p = 0; p < n; p++) {
        out->left[p] = left[p];
        out->cards_left[p] = gr__rummy_hand_count(&left[p]);
        out->left_points[p] = gr__rummy_hand_points(&left[p], flags);
        if (winner >= 0)
            out->score[winner] += out->left_points[p];
    }
    return gr__reason_put(reason, GR_REASON_NONE);
}
