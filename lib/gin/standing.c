/*
 * standing.c: the scores of a match (G25-G27, G34, G35, G37, G40): hands
 * credited to the match's game or to Hollywood's three games, and the
 * end-of-game bonuses, derived when asked, never stored.
 */
#include "gin/match.h"

#include <limits.h>
#include <string.h>

void gr__match_credit(gr_match *m, int side, int points)
{
    const int *opt = m->rules.opt;
    /* G37: the box goes into the hand points at once */
    int box = opt[GR_OPT_IMMEDIATE_BOXES] ? opt[GR_OPT_HAND_BONUS] : 0;
    if (m->wins[side] < INT_MAX)
        m->wins[side]++;
    /* G35: the k-th win goes to the first min(k, 3) games not yet over
     * (one game without Hollywood) */
    int left = m->wins[side], over = 0;
    for (int g = 0; g < m->ngames; g++) {
        match_game *game = &m->game[g];
        if (!game->over && left > 0) {
            left--;
            game->hands_won[side]++;
            /* No overflow: the points were below the target (<= 100000)
             * before, and a hand and a box add at most 11000. */
            game->hand_points[side] += points + box;
            if (game->hand_points[side] >= m->target) {   /* G25 */
                game->over = 1;
                game->winner = side;
            }
        }
        over += game->over;
    }
    m->over = over == m->ngames;
}

static int clamp_int(int64_t v)
{
    return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
}

/* The winner's total minus the best other total. */
static int64_t margin_of(const int64_t *total, int nsides, int w)
{
    int64_t best = INT64_MIN;
    for (int s = 0; s < nsides; s++)
        if (s != w && total[s] > best)
            best = total[s];
    return total[w] - best;
}

/* One game's standing, totals in 64 bits in sum[] (G26, G34, G37, G40). */
static void game_standing(const gr_match *m, const match_game *game,
                          gr_standing *out, int64_t sum[MATCH_SIDES])
{
    const int *opt = m->rules.opt;
    memset(out, 0, sizeof *out);
    out->nsides = m->nsides;
    out->over = game->over;
    out->winner = game->over ? game->winner : -1;
    out->hands_played = m->hands_played;
    for (int s = 0; s < m->nsides; s++) {
        out->hands_won[s] = game->hands_won[s];
        out->hand_points[s] = game->hand_points[s];
        sum[s] = game->hand_points[s];
    }
    if (!game->over) {
        for (int s = 0; s < m->nsides; s++)
            out->total[s] = game->hand_points[s];
        return;
    }
    int w = game->winner, blanked = 0;
    for (int s = 0; s < m->nsides; s++) {
        int64_t bonus = s == w ? opt[GR_OPT_GAME_BONUS] : 0;
        int64_t box = opt[GR_OPT_IMMEDIATE_BOXES]
                      ? 0 : (int64_t)opt[GR_OPT_HAND_BONUS] * game->hands_won[s];
        out->game_bonus[s] = (int)bonus;
        out->box_bonus[s] = clamp_int(box);
        sum[s] += bonus + box;
        blanked += s != w && game->hands_won[s] == 0;
    }
    /* shutout: the flat bonus once per side that won no hand, or the
     * doubling when none of the others won a hand */
    int64_t add = 0;
    if (opt[GR_OPT_SHUTOUT_DOUBLE])
        add = blanked == m->nsides - 1 ? sum[w] : 0;
    else
        add = (int64_t)blanked * opt[GR_OPT_SHUTOUT_BONUS];
    out->shutout_bonus[w] = clamp_int(add);
    sum[w] += add;
    for (int s = 0; s < m->nsides; s++)
        out->total[s] = clamp_int(sum[s]);
    out->margin = clamp_int(margin_of(sum, m->nsides, w));
}

int gr_match_standing(const gr_match *match, int game, gr_standing *out)
{
    if (!match || !out || game < GR_MATCH_ALL || game >= match->ngames)
        return GR_EINVAL;
    const gr_match *m = match;
    int64_t sum[MATCH_SIDES];
    if (game >= 0 || m->ngames == 1) {
        game_standing(m, &m->game[game < 0 ? 0 : game], out, sum);
        if (game < 0)
            for (int s = 0; s < m->nsides; s++)
                out->hands_won[s] = m->wins[s];
        return GR_OK;
    }
    /* G35: the sum of the three games */
    gr_standing all, one;
    int64_t total[MATCH_SIDES] = { 0 }, part[6][MATCH_SIDES] = { { 0 } };
    memset(&all, 0, sizeof all);
    all.nsides = m->nsides;
    all.over = m->over;
    all.hands_played = m->hands_played;
    for (int g = 0; g < m->ngames; g++) {
        game_standing(m, &m->game[g], &one, sum);
        for (int s = 0; s < m->nsides; s++) {
            part[0][s] += one.hand_points[s];
            part[1][s] += one.game_bonus[s];
            part[2][s] += one.box_bonus[s];
            part[3][s] += one.shutout_bonus[s];
            total[s] += sum[s];
        }
    }
    for (int s = 0; s < m->nsides; s++) {
        all.hands_won[s] = m->wins[s];
        all.hand_points[s] = clamp_int(part[0][s]);
        all.game_bonus[s] = clamp_int(part[1][s]);
        all.box_bonus[s] = clamp_int(part[2][s]);
        all.shutout_bonus[s] = clamp_int(part[3][s]);
        all.total[s] = clamp_int(total[s]);
    }
    all.winner = -1;
    if (m->over) {
        int w = 0;
        for (int s = 1; s < m->nsides; s++)
            if (total[s] > total[w])
                w = s;
        int64_t margin = margin_of(total, m->nsides, w);
        if (margin > 0) {
            all.winner = w;
            all.margin = clamp_int(margin);
        }
    }
    *out = all;
    return GR_OK;
}

int gr_match_score(const gr_match *match, gr_score *out)
{
    if (!match || !out || match->nsides != 2)
        return GR_EINVAL;
    gr_standing st;
    gr_match_standing(match, GR_MATCH_ALL, &st);
    gr_score s;
    memset(&s, 0, sizeof s);
    s.over = st.over;
    s.winner = st.winner;
    s.margin = st.margin;
    s.hands_played = st.hands_played;
    for (int p = 0; p < 2; p++) {
        s.hands_won[p] = st.hands_won[p];
        s.hand_points[p] = st.hand_points[p];
        s.game_bonus[p] = st.game_bonus[p];
        s.box_bonus[p] = st.box_bonus[p];
        s.shutout_bonus[p] = st.shutout_bonus[p];
        s.total[p] = st.total[p];
    }
    *out = s;
    return GR_OK;
}
