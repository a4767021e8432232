/*
 * rummy/match.c: hands until a player's total reaches the target (R7),
 * the first dealer by a cut and the deal passing round the table (R2), a
 * void hand dealt again by the same dealer (R6).
 */
#include "common/alloc.h"
#include "common/rng.h"
#include "rummy/game.h"

#include <limits.h>
#include <string.h>

struct gr_rummy_match {
    gr_rummy_rules rules;
    gr_rng rng;
    int nplayers, dealer, over, winner, hands_played;
    int hands_won[GR_RUMMY_MAX_PLAYERS];
    int total[GR_RUMMY_MAX_PLAYERS];
};

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

int gr_rummy_match_new(gr_rummy_match **out, const gr_rummy_rules *rules,
                       uint64_t seed)
{
    if (!out || !rules || gr__rummy_deal(rules->opt, NULL, NULL, NULL) != GR_OK)
        return GR_EINVAL;
    gr_rummy_match *m = gr__malloc(&rules->mm, sizeof *m);
    if (!m)
        return GR_ENOMEM;
    memset(m, 0, sizeof *m);
    m->rules = *rules;
    m->nplayers = rules->opt[GR_RUMMY_OPT_PLAYERS];
    m->winner = -1;
    gr__rng_seed(&m->rng, seed);
    m->dealer = cut(&m->rng, m->nplayers);
    *out = m;
    return GR_OK;
}

void gr_rummy_match_free(gr_rummy_match *match)
{
    if (match) {
        gr_allocator mm = match->rules.mm;
        gr__free(&mm, match);
    }
}

int gr_rummy_match_dealer(const gr_rummy_match *match)
{
    return match ? match->dealer : GR_EINVAL;
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
    if (rc == GR_OK)
        match->rng = next;
    return rc;
}

int gr_rummy_match_record(gr_rummy_match *match, const gr_rummy_result *result)
{
    if (!match || !result || result->nplayers != match->nplayers)
        return GR_EINVAL;
    for (size_t i = 0; i < sizeof result->reserved / sizeof result->reserved[0]; i++)
        if (result->reserved[i] != 0)
            return GR_EINVAL;
    int n = match->nplayers, sum = 0;
    if (result->outcome == GR_RUMMY_OUTCOME_OUT) {
        if (result->winner < 0 || result->winner >= n
            || result->left_points[result->winner] != 0)
            return GR_EINVAL;
        for (int p = 0; p < n; p++) {
            if (result->left_points[p] < 0 || result->left_points[p] > 10000)
                return GR_EINVAL;
            sum += result->left_points[p];
        }
    } else if (result->outcome != GR_RUMMY_OUTCOME_VOID) {
        return GR_EINVAL;
    }
    if (match->over || match->hands_played >= GR_MAX_MATCH_HANDS)
        return GR_ESTATE;
    if (result->outcome == GR_RUMMY_OUTCOME_OUT
        && match->total[result->winner] > INT_MAX - sum)
        return GR_ESTATE;
    match->hands_played++;
    if (result->outcome == GR_RUMMY_OUTCOME_VOID)
        return GR_OK;   /* the same dealer deals again (R6) */
    int w = result->winner;
    match->total[w] += sum;
    match->hands_won[w]++;
    match->dealer = (match->dealer + 1) % n;
    int target = match->rules.opt[GR_RUMMY_OPT_TARGET];
    if (target == 0 || match->total[w] >= target) {
        match->over = 1;
        match->winner = w;
    }
    return GR_OK;
}

int gr_rummy_match_score(const gr_rummy_match *match, gr_rummy_score *out)
{
    if (!match || !out)
        return GR_EINVAL;
    memset(out, 0, sizeof *out);
    out->over = match->over;
    out->winner = match->winner;
    out->nplayers = match->nplayers;
    out->dealer = match->dealer;
    out->hands_played = match->hands_played;
    for (int p = 0; p < match->nplayers; p++) {
        out->hands_won[p] = match->hands_won[p];
        out->total[p] = match->total[p];
    }
    return GR_OK;
}
