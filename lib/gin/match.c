/*
 * match.c: a match of several hands for 2, 3 or 4 players (G6, G8, G25,
 * G36, G40): the cut, the tables of each deal, their dealers, and the
 * results recorded.
 *
 * The match keeps the rules, a seeded generator for the first cut and for
 * the seeds of the hands it deals, who deals next, and the running scores.
 * It never looks inside a gr_game: results come in through
 * gr_match_record_table(), so hands played on a real table count too.
 * Scores, bonuses and Hollywood's games are standing.c's.  Every result
 * is logged, for undo, the list of results, save and load.
 */
#include "common/alloc.h"
#include "common/bits.h"
#include "common/cards.h"
#include "gin/match.h"
#include "gin/reason.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* G6: each player cuts a card from a shuffled deck; the higher rank deals,
 * equal ranks cut again (suits never break a tie).  Each cut shuffles a
 * fresh deck, as the players would reassemble it before cutting again.
 * G40, 3 players: the lowest rank deals (and sits out); a tie for the
 * lowest cuts again.  4 players need no cut. */
static void match_cut(gr_match *m)
{
    if (m->players == 4)
        return;
    for (;;) {
        gr_card deck[GR_NCARDS];
        for (int c = 0; c < GR_NCARDS; c++)
            deck[c] = (gr_card)c;
        gr__shuffle(&m->rng, deck, GR_NCARDS);
        for (int p = 0; p < m->players; p++)
            m->cut[p] = deck[p];
        int r0 = GR_CARD_RANK(deck[0]), r1 = GR_CARD_RANK(deck[1]);
        if (m->players == 2) {
            if (r0 != r1) {
                m->dealer = r0 > r1 ? 0 : 1;
                return;
            }
            continue;
        }
        int low = 0, ties = 0;
        for (int p = 1; p < 3; p++)
            if (GR_CARD_RANK(deck[p]) < GR_CARD_RANK(deck[low]))
                low = p;
        for (int p = 0; p < 3; p++)
            ties += GR_CARD_RANK(deck[p]) == GR_CARD_RANK(deck[low]);
        if (ties == 1) {
            m->dealer = low;
            return;
        }
    }
}

/* A new match of `players`: first_dealer the seat chosen to deal first
 * (with 4 players, his team deals the even deals), or -1 for the cut (G6,
 * G40). */
static int match_start(gr_match **out, const gr_rules *rules, uint64_t seed,
                       int players, int first_dealer)
{
    gr_match *m = gr__malloc(&rules->mm, sizeof *m);
    if (!m)
        return GR_ENOMEM;
    memset(m, 0, sizeof *m);
    m->rules = *rules;
    m->players = players;
    m->nsides = players == 3 ? 3 : 2;
    m->ngames = rules->opt[GR_OPT_HOLLYWOOD] ? MATCH_GAMES : 1;
    m->target = rules->opt[players == 4 ? GR_OPT_TEAM_TARGET : GR_OPT_TARGET];
    for (int g = 0; g < MATCH_GAMES; g++)
        m->game[g].winner = -1;
    gr__rng_seed(&m->rng, seed);
    m->seed = seed;
    if (first_dealer < 0) {
        match_cut(m);
    } else {
        m->cut[0] = m->cut[1] = GR_NO_CARD;
        m->dealer = first_dealer;
        m->chosen = 1;
    }
    m->first_dealer = m->dealer;
    *out = m;
    return GR_OK;
}

int gr_match_new_players(gr_match **out, const gr_rules *rules, uint64_t seed,
                         int players)
{
    if (!out || !rules || players < 2 || players > 4)
        return GR_EINVAL;
    return match_start(out, rules, seed, players, -1);
}

int gr_match_new(gr_match **out, const gr_rules *rules, uint64_t seed)
{
    return gr_match_new_players(out, rules, seed, 2);
}

void gr_match_free(gr_match *match)
{
    if (match) {
        if (match->log)
            gr__free(&match->rules.mm, match->log);
        gr__free(&match->rules.mm, match);
    }
}

int gr_match_players(const gr_match *match)
{
    return match ? match->players : GR_EINVAL;
}

int gr_match_cut(const gr_match *match, gr_card out[2])
{
    if (!match || !out || match->players != 2)
        return GR_EINVAL;
    if (match->chosen)
        return GR_ESTATE;   /* the first dealer was chosen: no cut */
    out[0] = match->cut[0];
    out[1] = match->cut[1];
    return GR_OK;
}

int gr_match_cuts(const gr_match *match, gr_card out[4])
{
    if (!match || !out)
        return GR_EINVAL;
    int n = match->players == 4 || match->chosen ? 0 : match->players;
    for (int p = 0; p < 4; p++)
        out[p] = p < n ? match->cut[p] : GR_NO_CARD;
    return n;
}

int gr_match_tables(const gr_match *match)
{
    return match ? (match->players == 4 ? 2 : 1) : GR_EINVAL;
}

/* Table t of the next deal (t already checked). */
static void table_of(const gr_match *m, int t, gr_table *out)
{
    memset(out, 0, sizeof *out);
    switch (m->players) {
    case 2:
        out->seats[0] = 0;
        out->seats[1] = 1;
        out->dealer = m->dealer;
        out->dealer_seat = m->dealer;
        break;
    case 3:   /* G40: the dealer sits out; the seat after him acts first */
        out->seats[0] = (m->dealer + 1) % 3;
        out->seats[1] = (m->dealer + 2) % 3;
        out->dealer = 1;
        out->dealer_seat = m->dealer;
        break;
    default: {   /* G40: 0 v 1 and 2 v 3, then 0 v 3 and 2 v 1 */
        bool odd = m->hands_played & 1;
        out->seats[0] = t == 0 ? 0 : 2;
        out->seats[1] = (t == 0) == !odd ? 1 : 3;
        /* the first dealer's team (0-2 by default) deals in even deals */
        out->dealer = odd ^ (m->first_dealer & 1);
        out->dealer_seat = out->seats[out->dealer];
        out->recorded = (m->recorded >> t) & 1;
        break;
    }
    }
}

int gr_match_table(const gr_match *match, int table, gr_table *out)
{
    if (!match || !out || table < 0 || table >= gr_match_tables(match))
        return GR_EINVAL;
    table_of(match, table, out);
    return GR_OK;
}

int gr_match_dealer(const gr_match *match)
{
    if (!match)
        return GR_EINVAL;
    gr_table t;
    table_of(match, 0, &t);
    return t.dealer_seat;
}

int gr_match_rules(const gr_match *match, gr_rules **out)
{
    if (!match)
        return GR_EINVAL;
    return gr_rules_clone(out, &match->rules);
}

int gr_match_deal_table(gr_match *match, int table, gr_game **out)
{
    if (!match || !out || table < 0 || table >= gr_match_tables(match))
        return GR_EINVAL;
    if (match->over || match->hands_played >= gr__match_max_hands(match)
        || ((match->recorded >> table) & 1))
        return GR_ESTATE;   /* gr_match_record_table would refuse its result */
    gr_table t;
    table_of(match, table, &t);
    /* Draw the seed from a copy, so a failed deal leaves the match as it was. */
    gr_rng next = match->rng;
    uint64_t seed = gr__rng_next(&next);
    int rc = gr_game_new(out, &match->rules, seed, t.dealer);
    if (rc != GR_OK)
        return rc;
    match->rng = next;
    match->deals++;
    return GR_OK;
}

int gr_match_deal(gr_match *match, gr_game **out)
{
    return gr_match_deal_table(match, 0, out);
}

/* The most points one hand may score: real hands score a few hundred at
 * most, so more is a mistake; it also keeps the sums far from overflow. */
#define MATCH_MAX_POINTS 10000

static bool result_valid(const gr_hand_result *r)
{
    switch (r->outcome) {
    case GR_OUTCOME_VOID:
        return true;            /* knocker, winner and points are ignored */
    case GR_OUTCOME_TIE:        /* G36: winner and points are ignored */
        return r->knocker == 0 || r->knocker == 1;
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

/* The hand at table t is won by game player `w` (-1: nobody, void or a
 * tie) with `points`. */
static void record_hand(gr_match *m, int t, int w, int points)
{
    gr_table tab;
    table_of(m, t, &tab);
    if (m->players == 4) {
        m->recorded |= 1 << t;
        if (w >= 0)
            m->deal_points[tab.seats[w] % 2] += points;
        if (m->recorded != 3)
            return;
        /* G40: both tables in: the team with more scores the difference */
        int diff = m->deal_points[0] - m->deal_points[1];
        m->hands_played++;
        m->recorded = 0;
        m->deal_points[0] = m->deal_points[1] = 0;
        if (diff != 0)
            gr__match_credit(m, diff > 0 ? 0 : 1, diff > 0 ? diff : -diff);
        return;
    }
    m->hands_played++;
    if (w < 0)
        return;   /* G8, G36, G40: the same dealer deals again (the same two) */
    int winner = tab.seats[w], loser = tab.seats[1 - w];
    if (m->players == 3)
        m->dealer = loser;                            /* G40 */
    else if (m->rules.opt[GR_OPT_DEALER_ALTERNATES])
        m->dealer = 1 - m->dealer;
    else
        m->dealer = winner;                           /* G8 */
    gr__match_credit(m, winner, points);
}

/* Room for one more entry in the log; GR_ENOMEM leaves it as it was. */
static int log_reserve(gr_match *m)
{
    if (m->nlog < m->caplog)
        return GR_OK;
    if (m->caplog > (1 << 24))
        return GR_ENOMEM;
    int cap = m->caplog ? m->caplog * 2 : 16;
    match_entry *log = gr__malloc(&m->rules.mm, (size_t)cap * sizeof *log);
    if (!log)
        return GR_ENOMEM;
    if (m->nlog)
        memcpy(log, m->log, (size_t)m->nlog * sizeof *log);
    if (m->log)
        gr__free(&m->rules.mm, m->log);
    m->log = log;
    m->caplog = cap;
    return GR_OK;
}

int gr_match_record_table(gr_match *match, int table,
                          const gr_hand_result *result)
{
    if (!match)
        return GR_EINVAL;
    int why = GR_REASON_NONE;
    if (!result)
        why = GR_REASON_NULL_ARGUMENT;
    else if (table < 0 || table >= gr_match_tables(match))
        why = GR_REASON_BAD_VALUE;
    else if (match->over)
        why = GR_REASON_MATCH_OVER;
    else if (match->hands_played >= gr__match_max_hands(match))
        why = GR_REASON_TOO_LONG;
    else if ((match->recorded >> table) & 1)
        why = GR_REASON_WRONG_PHASE;   /* this deal's table is recorded */
    else if (!result_valid(result))
        why = GR_REASON_BAD_RESULT;
    else if (!GR__RESERVED_ZERO(result))
        why = GR_REASON_RESERVED_NOT_ZERO;
    else if (log_reserve(match) != GR_OK)
        why = GR_REASON_NO_MEMORY;
    match->last_reason = why;
    if (why != GR_REASON_NONE)
        return gr_reason_status(why);
    bool scores = result->outcome != GR_OUTCOME_VOID
                  && result->outcome != GR_OUTCOME_TIE;
    match_entry *e = &match->log[match->nlog++];
    e->outcome = result->outcome;
    e->knocker = result->outcome == GR_OUTCOME_VOID ? -1 : result->knocker;
    e->winner = scores ? result->winner : -1;
    e->points = scores ? result->points : 0;
    e->table = table;
    record_hand(match, table, e->winner, e->points);
    return GR_OK;
}

int gr_match_record(gr_match *match, const gr_hand_result *result)
{
    return gr_match_record_table(match, 0, result);
}

/* ---- score keeping: a chosen first dealer, undo, the hands
 * recorded, save and load ------------------------------------------------------ */

int gr_match_new_dealer(gr_match **out, const gr_rules *rules, uint64_t seed,
                        int first_dealer)
{
    if (!out || !rules || (first_dealer != 0 && first_dealer != 1))
        return GR_EINVAL;
    return match_start(out, rules, seed, 2, first_dealer);
}

int gr_match_new_players_dealer(gr_match **out, const gr_rules *rules, uint64_t seed,
                                int players, int first_dealer)
{
    if (!out || !rules || players < 2 || players > 4
        || first_dealer < 0 || first_dealer >= players)
        return GR_EINVAL;
    return match_start(out, rules, seed, players, first_dealer);
}

int gr_match_last_reason(const gr_match *match)
{
    return match ? match->last_reason : GR_EINVAL;
}

/* the score from the first dealer and the log alone */
static void replay_log(gr_match *m)
{
    m->dealer = m->first_dealer;
    m->over = 0;
    m->hands_played = 0;
    m->recorded = 0;
    m->deal_points[0] = m->deal_points[1] = 0;
    memset(m->wins, 0, sizeof m->wins);
    memset(m->game, 0, sizeof m->game);
    for (int g = 0; g < MATCH_GAMES; g++)
        m->game[g].winner = -1;
    for (int i = 0; i < m->nlog; i++)
        record_hand(m, m->log[i].table, m->log[i].winner, m->log[i].points);
}

int gr_match_undo(gr_match *match)
{
    if (!match)
        return GR_EINVAL;
    if (match->nlog == 0) {
        match->last_reason = GR_REASON_NOTHING_TO_UNDO;
        return GR_ESTATE;
    }
    match->nlog--;
    replay_log(match);
    match->last_reason = GR_REASON_NONE;
    return GR_OK;
}

int gr_match_results(const gr_match *match, gr_hand_result *out, size_t cap)
{
    if (!match || (!out && cap > 0))
        return GR_EINVAL;
    for (size_t i = 0; i < cap && i < (size_t)match->nlog; i++) {
        memset(&out[i], 0, sizeof out[i]);
        const match_entry *e = &match->log[i];
        out[i].outcome = e->outcome;   /* void: -1, -1, 0; a tie: winner -1 */
        out[i].knocker = e->knocker;
        out[i].winner = e->winner;
        out[i].points = e->points;
    }
    return match->nlog;
}
