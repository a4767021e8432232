/*
 * rummy/melding_sets.c: the best arrangement of a Rummy hand with sets
 * only (no run), for rummy/melding.c and rummy/melding_arrange.c.
 *
 * ALGORITHM
 *
 * Without a run the ranks are independent but for the jokers: a set of s
 * naturals (distinct suits) needs max(0, 3 - s) jokers and holds up to
 * 4 - s.  A knapsack over the ranks on (jokers needed, capacity capped at
 * J) keeps the best melded value; at the end every joker melds if the
 * capacity reaches J, else capacity many do.
 *
 * A rank's choices.  Its naturals melded are given by how many copies of
 * each suit are used (u_s <= the copies held, at most 2); they go into m
 * sets of sizes s_1 >= ... >= s_m >= 1 summing to n = sum u_s.  Such sets
 * exist exactly when s_1 <= d, the number of suits used (Gale-Ryser for
 * column sums of at most 2; the sets are made greedily, each taking the
 * suits with the most copies left).  The sets need sum pad(s_i) jokers and
 * hold 4m - n, so a rank may use three or four sets when only they can
 * hold the jokers (eight sevens and one joker: 3 + 3 + 2 and the joker).
 * The naturals of the rank no set takes may be laid off alone on table
 * sets lacking their face (going out), any number up to what those sets
 * take; each table set left holds a joker.  Of the choices with the same
 * cards melded and jokers needed only the largest capacity is kept.
 *
 * REFERENCES
 *   doc/rules-reference.md R3, R5, R7.
 */
#include "rummy/cards.h"
#include "rummy/melding.h"
#include "rummy/melding_dp.h"

#include <string.h>

/* the choices of one rank: for each (cards melded, jokers needed) the
 * largest capacity, and how to make it */
typedef struct rank_opt {
    int8_t  cap[2 * 4 + 1][NK];    /* -1 none */
    uint8_t u[2 * 4 + 1][NK][4];   /* copies of each suit melded */
    uint8_t parts[2 * 4 + 1][NK][5];   /* sets of each size 1..4 */
} rank_opt;

static void add_opt(rank_opt *o, int nn, int need, int cap, const int u[4], const int parts[5])
{
    if (need >= NK || nn > 8)
        return;
    if (cap > GR_RUMMY_MAX_JOKERS)
        cap = GR_RUMMY_MAX_JOKERS;
    if (cap <= o->cap[nn][need])
        return;
    o->cap[nn][need] = (int8_t)cap;
    for (int s = 0; s < 4; s++)
        o->u[nn][need][s] = (uint8_t)u[s];
    for (int k = 1; k <= 4; k++)
        o->parts[nn][need][k] = (uint8_t)parts[k];
}

/* every way of cutting n naturals into sets of sizes <= top (parts[k]
 * sets of size k so far, `left` naturals to place in sets of <= top) */
static void partitions(rank_opt *o, int n, int left, int top, int parts[5], const int u[4],
                       int laidmax, int slots)
{
    if (left == 0) {
        int m = 0, need = 0;
        for (int k = 1; k <= 4; k++) {
            m += parts[k];
            need += parts[k] * pad(k);
        }
        for (int laid = 0; laid <= laidmax; laid++)
            add_opt(o, n + laid, need, 4 * m - n + slots - laid, u, parts);
        return;
    }
    for (int k = top < left ? top : left; k >= 1; k--) {
        parts[k]++;
        partitions(o, n, left - k, k, parts, u, laidmax, slots);
        parts[k]--;
    }
}

static void rank_options(const uint8_t c[4], const uint8_t sl[4], rank_opt *o)
{
    memset(o->cap, 0xFF, sizeof o->cap);
    int slots = sl[0] + sl[1] + sl[2] + sl[3];
    int u[4];
    for (u[0] = 0; u[0] <= c[0]; u[0]++)
        for (u[1] = 0; u[1] <= c[1]; u[1]++)
            for (u[2] = 0; u[2] <= c[2]; u[2]++)
                for (u[3] = 0; u[3] <= c[3]; u[3]++) {
                    int n = 0, d = 0, laidmax = 0;
                    for (int s = 0; s < 4; s++) {
                        n += u[s];
                        d += u[s] > 0;
                        int rest = c[s] - u[s];
                        laidmax += rest < sl[s] ? rest : sl[s];
                    }
                    int parts[5] = { 0, 0, 0, 0, 0 };
                    partitions(o, n, n, d, parts, u, laidmax, slots);
                }
}

/* the sets of one choice, greedily: each set, largest first, takes the
 * suits with the most copies left (the lowest suit first among equals) */
static int make_sets(const uint8_t u0[4], const uint8_t parts[5], uint8_t *out)
{
    int u[4] = { u0[0], u0[1], u0[2], u0[3] }, n = 0;
    for (int k = 4; k >= 1; k--)
        for (int i = 0; i < parts[k]; i++) {
            unsigned set = 0;
            for (int j = 0; j < k; j++) {
                int best = -1;
                for (int s = 0; s < 4; s++)
                    if (!(set >> s & 1) && u[s] > 0 && (best < 0 || u[s] > u[best]))
                        best = s;
                set |= 1u << best;   /* exists: see the ALGORITHM block */
                u[best]--;
            }
            out[n++] = (uint8_t)set;
        }
    return n;
}

int gr__set_only_best(const problem *pb, const uint8_t cnt[4][13], set_pick *pick)
{
    int J = pb->J;
    /* dp[r+1][need][cap] with parent choice for reconstruction */
    int32_t dp[14][NK][NK];
    uint8_t ch_nn[14][NK][NK], ch_need[14][NK][NK], par_n[14][NK][NK], par_c[14][NK][NK];
    rank_opt opt[13];
    for (int n = 0; n <= J; n++)
        for (int c = 0; c <= J; c++)
            dp[0][n][c] = -1;
    dp[0][0][0] = 0;
    for (int r = 0; r < 13; r++) {
        uint8_t c[4] = { cnt[0][r], cnt[1][r], cnt[2][r], cnt[3][r] };
        const uint8_t sl[4] = { pb->slot[0][r], pb->slot[1][r], pb->slot[2][r], pb->slot[3][r] };
        rank_opt *o = &opt[r];
        rank_options(c, sl, o);
        for (int n = 0; n <= J; n++)
            for (int c2 = 0; c2 <= J; c2++)
                dp[r + 1][n][c2] = -1;
        int unit = gr__rank_points(r, pb->flags) * 128 + 1;
        for (int nn = 0; nn <= 8; nn++)
            for (int need = 0; need <= J; need++) {
                int cap = o->cap[nn][need];
                if (cap < 0)
                    continue;
                for (int n = 0; n + need <= J; n++)
                    for (int k = 0; k <= J; k++) {
                        if (dp[r][n][k] < 0)
                            continue;
                        int k2 = k + cap > J ? J : k + cap;
                        int32_t val = dp[r][n][k] + nn * unit;
                        if (val > dp[r + 1][n + need][k2]) {
                            dp[r + 1][n + need][k2] = val;
                            ch_nn[r + 1][n + need][k2] = (uint8_t)nn;
                            ch_need[r + 1][n + need][k2] = (uint8_t)need;
                            par_n[r + 1][n + need][k2] = (uint8_t)n;
                            par_c[r + 1][n + need][k2] = (uint8_t)k;
                        }
                    }
            }
    }
    int best = -1, bn = 0, bc = 0;
    for (int n = 0; n <= J; n++)
        for (int c = n; c <= J; c++) {
            if (dp[13][n][c] < 0)
                continue;
            int val = dp[13][n][c] + c * (15 * 128 + 1);
            if (val > best) {
                best = val;
                bn = n;
                bc = c;
            }
        }
    if (pick != NULL) {
        for (int r = 13; r > 0; r--) {
            int nn = ch_nn[r][bn][bc], need = ch_need[r][bn][bc];
            pick->nsets[r - 1] = (uint8_t)make_sets(opt[r - 1].u[nn][need],
                                                    opt[r - 1].parts[nn][need],
                                                    pick->sets[r - 1]);
            int n = par_n[r][bn][bc], c = par_c[r][bn][bc];
            bn = n;
            bc = c;
        }
    }
    return best;
}
