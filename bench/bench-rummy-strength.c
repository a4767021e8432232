/*
 * bench-rummy-strength.c: basic Rummy matches of one player against
 * opponents of one kind, seats rotated over the same deals.
 *
 *   bench/bench-rummy-strength [-n players] [-j jokers-per-deck] [-m sets]
 *        [-a player] [-b player] [-P playouts] [-F features] [-M playouts]
 *        [-s seed] [-t target] [-A] [-v]
 *
 * Players: expert, greedy, random (the library's bots), and this
 * program's own players, independent of the library's bots: rules, a
 * rule-based player, and mc, a plain determinized Monte Carlo player
 * (below; -M sets its playouts a decision, 2000 by default).  A set is `players` matches from one seed, player a in each seat
 * in turn, the others of kind b: the same cut and the same deal seeds,
 * hand by hand (the deal passes round the table whoever wins).  PARLETT
 * rules, the target 100 unless -t.  -P and -F set player a's playouts
 * and GR_RUMMY_EXPERT_* features (an expert's; -F 31 values points, not
 * the match).  Every bot is told the match score before each hand
 * (gr_rummy_bot_set_score).  Default: -n 2 -j 0
 * -m 200 -a expert -b greedy -s 1.
 *
 * One row of a table per run, player a's results:
 *   matches won   with a 95% Wilson interval (fair share 1/players);
 *   hands won     the same, of the hands dealt (void hands included);
 *   points/hand   a's score less the mean of the others', a hand, with
 *                 the half width of its 95% interval;
 *   won by        how a's hands were won, in % of them: out with a
 *                 discard, by melding or laying off the last card, and
 *                 rummy (the whole hand at once, no meld before that turn);
 *   pts/hand won  a's mean score in the hands it won, and the winner's in
 *                 the hands another seat won;
 *   ms/decision   a's CPU time a decision, mean and worst;
 * and below the row the counts, and the points a hand lost leaves in a's
 * hand and in the other losers' (the winner's cards excluded).
 * -A (ablation, a must be the expert): the same deals again with all the
 * features, then each one left out, then none (the plain heuristic: lay
 * down all it can and discard its costliest card outside pairs and near
 * runs), a row each.
 * -v: a line a match on stderr (set, a's seat, 1 if a won, a's points a
 * hand less the others' mean), to pair two builds' runs match by match.
 *
 * The rule-based player: takes the pile's card only when it melds at once
 * (a set or run with cards it holds, its jokers standing in); lays down
 * every meld of its best arrangement at once; lays off every natural
 * card that fits a table meld; discards its highest card in no meld and
 * no partial meld (pair or two of a 3-card run), else its highest card.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ginrummy.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the rule-based player -------------------------------------------------- */

static int points(gr_card c)
{
    if (c == GR_RUMMY_JOKER)
        return 15;
    int r = GR_CARD_RANK(c);
    return r >= 9 ? 10 : r + 1;
}

/* true if face c melds with the faces held (jokers standing in) */
static int melds_with(gr_cards held, int jokers, gr_card c)
{
    int r = GR_CARD_RANK(c), s = GR_CARD_SUIT(c), same = 0;
    for (int t = 0; t < 4; t++)
        same += t != s && (held >> GR_CARD(r, t) & 1);
    if (same + jokers >= 2)
        return 1;
    for (int lo = r - 2; lo <= r; lo++) {
        if (lo < 0 || lo + 2 > 12)
            continue;
        int have = 0;
        for (int k = lo; k <= lo + 2; k++)
            have += k == r || (held >> GR_CARD(k, s) & 1);
        if (have + jokers >= 3)
            return 1;
    }
    return 0;
}

/* true if face c is in a pair or two of a 3-card run of the faces held */
static int partial(gr_cards held, gr_card c)
{
    return melds_with(held & ~GR_CARD_BIT(c), 1, c);
}

static int find(const gr_rummy_action *l, int n, const gr_rummy_action *a)
{
    for (int i = 0; i < n; i++) {
        if (l[i].type != a->type)
            continue;
        if (a->type == GR_RUMMY_ACT_MELD ? l[i].meld.cards == a->meld.cards
                                           && l[i].meld.jokers == a->meld.jokers
                                         : l[i].card == a->card && l[i].target == a->target)
            return i;
    }
    return -1;
}

static int rules_choose(const gr_rummy_view *v, gr_rummy_action *out)
{
    static gr_rummy_action l[8192];
    int n = gr_rummy_view_legal_moves(v, l, 8192);
    if (n <= 0 || n > 8192)
        return n <= 0 ? GR_ESTATE : GR_ENOMEM;
    const gr_rummy_hand *h = &v->hand;
    if (v->phase == GR_RUMMY_PHASE_DRAW) {
        for (int i = 0; i < n; i++)
            if (l[i].type == GR_RUMMY_ACT_DRAW_DISCARD && l[i].card != GR_RUMMY_JOKER
                && melds_with(h->once, h->jokers, l[i].card)) {
                *out = l[i];
                return GR_OK;
            }
        for (int i = 0; i < n; i++)
            if (l[i].type == GR_RUMMY_ACT_DRAW_STOCK) {
                *out = l[i];
                return GR_OK;
            }
        *out = l[0];
        return GR_OK;
    }
    gr_rummy_arrangement arr;
    if (gr_rummy_arrange(h, v->ace_high ? GR_RUMMY_ACE_HIGH : 0, &arr) >= 0)
        for (int k = 0; k < arr.nmelds; k++) {
            gr_rummy_action a = { .type = GR_RUMMY_ACT_MELD, .meld = arr.melds[k] };
            int i = find(l, n, &a);
            if (i >= 0) {
                *out = l[i];
                return GR_OK;
            }
        }
    for (int i = 0; i < n; i++)
        if (l[i].type == GR_RUMMY_ACT_LAY_OFF && l[i].card != GR_RUMMY_JOKER) {
            *out = l[i];
            return GR_OK;
        }
    int best = -1, best_score = -1;
    for (int i = 0; i < n; i++) {
        if (l[i].type != GR_RUMMY_ACT_DISCARD)
            continue;
        gr_card c = l[i].card;
        int s = c == GR_RUMMY_JOKER ? 0
              : points(c) * 16 + GR_CARD_RANK(c) + (partial(h->once, c) ? 0 : 1000);
        if (s > best_score) {
            best_score = s;
            best = i;
        }
    }
    *out = l[best >= 0 ? best : 0];
    return GR_OK;
}

/* ---- the Monte Carlo player ---------------------------------------------------- */

/* A determinized Monte Carlo player through the public API only, a
 * yardstick for the library's expert: at every decision each legal move
 * (every draw, discard, meld, layoff and joker exchange) is played on the
 * same sampled deals (the hidden hands and the stock dealt uniformly from
 * the unseen cards, no inference) and the hand played out by
 * GR_RUMMY_PLAYOUT_BASIC; the move of the best mean value (the points the
 * seat wins, less the others' winnings shared among them) is played.  The
 * playouts (-M) are shared equally among the legal moves, at least 8
 * deals a move; a move's playouts differ from another's only by the move
 * (the same deals, the same playout seeds).  The expert's differences:
 * whole-turn plans instead of one move at a time, 5 discards instead of
 * every one, a race that drops the plans behind, samples fitted to what
 * each seat passed and threw, and the stock's known places. */
static int mc_playouts = 2000;
static const gr_rummy_rules *mc_rules;

static uint64_t mc_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void hand_add(gr_rummy_hand *h, gr_card c)
{
    if (c == GR_RUMMY_JOKER)
        h->jokers++;
    else if (h->once & GR_CARD_BIT(c))
        h->twice |= GR_CARD_BIT(c);
    else
        h->once |= GR_CARD_BIT(c);
}

static void uncount(int *count, const gr_rummy_hand *h)
{
    for (int c = 0; c < GR_NCARDS; c++)
        count[c] -= (int)(h->once >> c & 1) + (int)(h->twice >> c & 1);
    count[GR_RUMMY_JOKER] -= h->jokers;
}

static int mc_choose(const gr_rummy_view *v, uint64_t *rng, gr_rummy_action *out)
{
    static gr_rummy_action l[8192];
    static double sum[8192];
    int n = gr_rummy_view_legal_moves(v, l, 8192);
    if (n <= 0 || n > 8192)
        return n <= 0 ? GR_ESTATE : GR_ENOMEM;
    *out = l[0];
    if (n == 1)
        return GR_OK;
    int np = v->nplayers, total = v->ndiscards + v->stock_size;
    for (int p = 0; p < np; p++)
        total += v->counts[p];
    for (int i = 0; i < v->nmelds; i++)
        total += __builtin_popcountll(v->melds[i].cards);
    int decks = total > 60 ? 2 : 1, count[GR_NCARDS + 1];
    for (int c = 0; c < GR_NCARDS; c++)
        count[c] = decks;
    count[GR_RUMMY_JOKER] = total - 52 * decks;
    uncount(count, &v->hand);
    for (int i = 0; i < v->nmelds; i++) {
        gr_rummy_hand h = { v->melds[i].cards & ~v->melds[i].jokers, 0,
                            __builtin_popcountll(v->melds[i].jokers) };
        uncount(count, &h);
    }
    for (int i = 0; i < v->ndiscards; i++)
        count[v->discards[i]]--;
    for (int p = 0; p < np; p++)
        if (p != v->player)
            uncount(count, &v->known[p]);
    gr_card pool[GR_RUMMY_MAX_CARDS];
    int npool = 0;
    for (int c = 0; c <= GR_NCARDS; c++)
        for (int k = 0; k < count[c]; k++)
            pool[npool++] = (gr_card)c;
    gr_rummy_position pos;
    memset(&pos, 0, sizeof pos);
    pos.nplayers = np;
    pos.dealer = v->dealer;
    pos.turn = v->turn;
    pos.phase = v->phase;
    pos.nmelds = v->nmelds;
    memcpy(pos.melds, v->melds, (size_t)v->nmelds * sizeof pos.melds[0]);
    memcpy(pos.owner, v->owner, (size_t)v->nmelds * sizeof pos.owner[0]);
    pos.npile = v->ndiscards;
    memcpy(pos.pile, v->discards, (size_t)v->ndiscards);
    pos.nstock = v->stock_size;
    pos.taken = v->taken;
    pos.turnovers = v->turnovers;
    int samples = mc_playouts / n;
    if (samples < 8)
        samples = 8;
    for (int i = 0; i < n; i++)
        sum[i] = 0;
    for (int s = 0; s < samples; s++) {
        for (int i = npool - 1; i > 0; i--) {
            int j = (int)(mc_next(rng) % (uint64_t)(i + 1));
            gr_card c = pool[i];
            pool[i] = pool[j];
            pool[j] = c;
        }
        int at = 0;
        for (int p = 0; p < np; p++) {
            pos.known[p] = p == v->player ? (gr_rummy_hand){ 0, 0, 0 } : v->known[p];
            pos.hand[p] = p == v->player ? v->hand : v->known[p];
            if (p == v->player)
                continue;
            int k = v->counts[p] - (__builtin_popcountll(v->known[p].once)
                                    + __builtin_popcountll(v->known[p].twice)
                                    + v->known[p].jokers);
            while (k-- > 0)
                hand_add(&pos.hand[p], pool[at++]);
        }
        for (int i = 0; i < v->stock_size; i++)
            pos.stock[i] = pool[at++];
        gr_rummy_game *g0;
        if (at != npool || gr_rummy_game_from_position(&g0, mc_rules, &pos) != GR_OK)
            return GR_EINVAL;
        uint64_t seed = mc_next(rng);
        for (int i = 0; i < n; i++) {
            gr_rummy_game *g;
            gr_rummy_result res;
            if (gr_rummy_game_clone(&g, g0) != GR_OK)
                return GR_ENOMEM;
            if (gr_rummy_game_play(g, &l[i]) == GR_OK
                && gr_rummy_game_playout(g, GR_RUMMY_PLAYOUT_BASIC, seed, &res) == GR_OK
                && res.winner >= 0) {
                double others = 0;
                for (int p = 0; p < np; p++)
                    if (p != v->player)
                        others += res.score[p];
                sum[i] += res.score[v->player] - others / (np - 1);
            }
            gr_rummy_game_free(g);
        }
        gr_rummy_game_free(g0);
    }
    int best = 0;
    for (int i = 1; i < n; i++)
        if (sum[i] > sum[best])
            best = i;
    *out = l[best];
    return GR_OK;
}

/* ---- players ------------------------------------------------------------------ */

typedef struct player {
    int rules;          /* this program's rule-based player */
    int mc;             /* this program's Monte Carlo player */
    uint64_t rng;
    gr_rummy_bot *bot;
} player;

static int playouts = 0, features = -1, verbose = 0;
#define MC_KIND 1000

static int kind_of(const char *name)
{
    if (strcmp(name, "rules") == 0)
        return 0;
    if (strcmp(name, "mc") == 0)
        return MC_KIND;
    int k = gr_bot_lookup(name);
    return k > 0 ? k : -1;
}

/* a player; the expert's parameters (-P, -F) go to player a only */
static int player_make(player *p, int kind, uint64_t seed, const gr_rummy_rules *r, int is_a)
{
    memset(p, 0, sizeof *p);
    if (kind == MC_KIND) {
        p->mc = 1;
        p->rng = seed;
        mc_rules = r;
        return GR_OK;
    }
    if (kind == 0) {
        p->rules = 1;
        return GR_OK;
    }
    int rc = gr_rummy_bot_new(&p->bot, kind, seed);
    if (rc == GR_OK)
        rc = gr_rummy_bot_set_rules(p->bot, r);
    if (rc == GR_OK && is_a && playouts > 0)
        rc = gr_rummy_bot_set_param(p->bot, GR_BOT_PARAM_PLAYOUTS, playouts);
    if (rc == GR_OK && is_a && features >= 0)
        rc = gr_rummy_bot_set_param(p->bot, GR_BOT_PARAM_FEATURES, features);
    return rc;
}

static int choose(player *p, const gr_rummy_view *v, gr_rummy_action *a)
{
    if (p->mc)
        return mc_choose(v, &p->rng, a);
    return p->rules ? rules_choose(v, a) : gr_rummy_bot_choose(p->bot, v, a);
}

static void player_free(player *p)
{
    gr_rummy_bot_free(p->bot);
}

/* ---- matches ------------------------------------------------------------------- */

typedef struct stats {
    long matches, match_wins, hands, hands_won, voids, others_won;
    long out_discard, out_meld, rummy;
    double points, points_sq;  /* a's score less the others' mean, a hand */
    double won_points, lost_points;   /* a's score in hands a won; the
                                         winner's in hands another won */
    double a_left, b_left;   /* cards' value left in hands lost: a's, the
                                others' (winners excluded) */
    long a_lost, b_lost;
    long decisions;
    double cpu, worst;
} stats;

static int play_match(const gr_rummy_rules *r, uint64_t seed, int n, int a_seat,
                      int a_kind, int b_kind, stats *st)
{
    player seat[GR_RUMMY_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        if (player_make(&seat[p], p == a_seat ? a_kind : b_kind,
                        seed * 131 + (uint64_t)p, r, p == a_seat) != GR_OK)
            return -1;
    gr_rummy_match *m;
    if (gr_rummy_match_new(&m, r, seed) != GR_OK)
        return -1;
    gr_rummy_score sc;
    gr_rummy_match_score(m, &sc);
    double points0 = st->points;
    long hands0 = st->hands;
    int target;
    gr_rummy_rules_get(r, GR_RUMMY_OPT_TARGET, &target);
    while (!sc.over) {
        gr_rummy_game *g;
        if (gr_rummy_match_deal(m, &g) != GR_OK)
            break;
        for (int p = 0; p < n; p++)   /* the score before the hand */
            if (seat[p].bot && gr_rummy_bot_set_score(seat[p].bot, sc.total, n, target) != GR_OK)
                return -1;
        int melded_before = 0, a_turn_melds = 0, last_turn = -1;
        while (gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            int t = gr_rummy_game_turn(g);
            gr_rummy_view v;
            gr_rummy_game_view(g, t, &v);
            gr_rummy_action a;
            int rc;
            if (t == a_seat) {
                if (v.phase == GR_RUMMY_PHASE_DRAW) {
                    melded_before |= a_turn_melds;
                    a_turn_melds = 0;
                }
                double t0 = cpu_now();
                rc = choose(&seat[t], &v, &a);
                double d = cpu_now() - t0;
                st->cpu += d;
                st->decisions++;
                if (d > st->worst)
                    st->worst = d;
                a_turn_melds |= a.type == GR_RUMMY_ACT_MELD || a.type == GR_RUMMY_ACT_LAY_OFF;
            } else {
                rc = choose(&seat[t], &v, &a);
            }
            if (rc != GR_OK || gr_rummy_game_play(g, &a) != GR_OK) {
                fprintf(stderr, "bench-rummy-strength: a refused move (seat %d)\n", t);
                return -1;
            }
            last_turn = a.type;
        }
        gr_rummy_result res;
        gr_rummy_game_result(g, &res);
        st->hands++;
        if (res.outcome == GR_RUMMY_OUTCOME_VOID)
            st->voids++;
        if (res.winner == a_seat) {
            st->hands_won++;
            st->won_points += res.score[a_seat];
            if (!melded_before)
                st->rummy++;
            if (last_turn == GR_RUMMY_ACT_DISCARD)
                st->out_discard++;
            else
                st->out_meld++;
        } else if (res.winner >= 0) {
            st->others_won++;
            st->lost_points += res.score[res.winner];
        }
        for (int p = 0; p < n && res.winner >= 0; p++) {
            if (p == res.winner)
                continue;
            if (p == a_seat) {
                st->a_left += res.left_points[p];
                st->a_lost++;
            } else {
                st->b_left += res.left_points[p];
                st->b_lost++;
            }
        }
        double others = 0;
        for (int p = 0; p < n; p++)
            if (p != a_seat)
                others += res.score[p];
        double net = res.score[a_seat] - others / (n - 1);
        st->points += net;
        st->points_sq += net * net;
        gr_rummy_match_record(m, &res);
        gr_rummy_game_free(g);
        gr_rummy_match_score(m, &sc);
    }
    if (verbose)
        fprintf(stderr, "match %llu %d %d %.3f\n", (unsigned long long)seed, a_seat,
                sc.winner == a_seat, (st->points - points0) / (double)(st->hands - hands0));
    st->matches++;
    st->match_wins += sc.winner == a_seat;
    gr_rummy_match_free(m);
    for (int p = 0; p < n; p++)
        player_free(&seat[p]);
    return 0;
}

static void wilson(long k, long n, double *lo, double *hi)
{
    double z = 1.96, p = n ? (double)k / (double)n : 0, d = 1 + z * z / (double)n;
    double c = (p + z * z / (2.0 * (double)n)) / d;
    double w = z * sqrt(p * (1 - p) / (double)n + z * z / (4.0 * (double)n * (double)n)) / d;
    *lo = c - w;
    *hi = c + w;
}

static double pct(long k, long n)
{
    return n ? 100.0 * (double)k / (double)n : 0;
}

static void header(void)
{
    printf("%-10s %-22s %-22s %-14s %-15s %-17s %s\n", "features", "matches won [95%]",
           "hands won [95%]", "points/hand", "won by: disc", "pts/hand won", "ms/decision");
    printf("%-10s %-22s %-22s %-14s %-15s %-17s %s\n", "", "", "", "(+-95%)",
           "meld rummy %", "a / others", "mean (worst)");
}

/* one row of the table: player a's results */
static void row(const char *name, const stats *st)
{
    double lo, hi, hlo, hhi;
    wilson(st->match_wins, st->matches, &lo, &hi);
    wilson(st->hands_won, st->hands, &hlo, &hhi);
    double h = (double)st->hands, mean = st->points / h;
    double var = h > 1 ? (st->points_sq - h * mean * mean) / (h - 1) : 0;
    char m[32], hw[32], pts[32], how[32], won[32];
    snprintf(m, sizeof m, "%5.1f%% [%4.1f, %4.1f]", pct(st->match_wins, st->matches),
             100 * lo, 100 * hi);
    snprintf(hw, sizeof hw, "%5.1f%% [%4.1f, %4.1f]", pct(st->hands_won, st->hands),
             100 * hlo, 100 * hhi);
    snprintf(pts, sizeof pts, "%+5.2f +-%.2f", mean, 1.96 * sqrt(var / h));
    snprintf(how, sizeof how, "%2.0f %2.0f %2.0f", pct(st->out_discard, st->hands_won),
             pct(st->out_meld, st->hands_won), pct(st->rummy, st->hands_won));
    snprintf(won, sizeof won, "%5.1f / %5.1f",
             st->hands_won ? st->won_points / (double)st->hands_won : 0,
             st->others_won ? st->lost_points / (double)st->others_won : 0);
    printf("%-10s %-22s %-22s %-14s %-15s %-17s %.3f (%.1f)\n", name, m, hw, pts, how, won,
           st->decisions ? 1e3 * st->cpu / (double)st->decisions : 0, 1e3 * st->worst);
    printf("%-10s %ld matches, %ld hands (%ld void), %ld decisions; points left in a"
           " hand lost: a %.1f, others %.1f\n", "", st->matches, st->hands, st->voids,
           st->decisions, st->a_lost ? st->a_left / (double)st->a_lost : 0,
           st->b_lost ? st->b_left / (double)st->b_lost : 0);
    fflush(stdout);
}

static int run(const gr_rummy_rules *r, uint64_t seed, int sets, int n, int ak, int bk,
               stats *st)
{
    memset(st, 0, sizeof *st);
    for (int k = 0; k < sets; k++)
        for (int s = 0; s < n; s++)
            if (play_match(r, seed * 1000003 + (uint64_t)k, n, s, ak, bk, st) != 0)
                return -1;
    return 0;
}

static const struct {
    int flag;
    const char *name;
} feature_names[] = {
    { GR_RUMMY_EXPERT_INFER, "INFER" },   { GR_RUMMY_EXPERT_SEARCH, "SEARCH" },
    { GR_RUMMY_EXPERT_HOLD, "HOLD" },     { GR_RUMMY_EXPERT_DRAW, "DRAW" },
    { GR_RUMMY_EXPERT_SAFE, "SAFE" },     { GR_RUMMY_EXPERT_MATCH, "MATCH" },
};

int main(int argc, char **argv)
{
    int n = 2, jokers = 0, sets = 200, target = 100, ablate = 0;
    const char *a = "expert", *b = "greedy";
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "-A")) {
            ablate = 1;
            continue;
        }
        if (!strcmp(o, "-v")) {
            verbose = 1;
            continue;
        }
        if (!val) {
            fprintf(stderr, "bench-rummy-strength: %s needs a value\n", o);
            return 2;
        }
        i++;
        if (!strcmp(o, "-n")) n = atoi(val);
        else if (!strcmp(o, "-j")) jokers = atoi(val);
        else if (!strcmp(o, "-m")) sets = atoi(val);
        else if (!strcmp(o, "-a")) a = val;
        else if (!strcmp(o, "-b")) b = val;
        else if (!strcmp(o, "-P")) playouts = atoi(val);
        else if (!strcmp(o, "-M")) mc_playouts = atoi(val);
        else if (!strcmp(o, "-F")) features = atoi(val);
        else if (!strcmp(o, "-s")) seed = strtoull(val, NULL, 10);
        else if (!strcmp(o, "-t")) target = atoi(val);
        else {
            fprintf(stderr, "bench-rummy-strength: unknown option %s\n", o);
            return 2;
        }
    }
    int ak = kind_of(a), bk = kind_of(b);
    gr_rummy_rules *r;
    if (ak < 0 || bk < 0 || sets < 1 || gr_rummy_rules_new(&r, GR_RUMMY_PRESET_PARLETT) != GR_OK
        || gr_rummy_rules_set(r, GR_RUMMY_OPT_PLAYERS, n) != GR_OK
        || gr_rummy_rules_set(r, GR_RUMMY_OPT_JOKERS, jokers) != GR_OK
        || gr_rummy_rules_set(r, GR_RUMMY_OPT_TARGET, target) != GR_OK) {
        fprintf(stderr, "bench-rummy-strength: bad players, sets, jokers or target\n");
        return 2;
    }
    if (ablate && ak != GR_BOT_EXPERT) {
        fprintf(stderr, "bench-rummy-strength: -A needs -a expert\n");
        return 2;
    }
    printf("%s vs %d %s, %d players, %d joker(s) a deck, PARLETT to %d, seed %llu,"
           " %d sets of %d matches, playouts %d (0: default)\n",
           a, n - 1, b, n, jokers, target, (unsigned long long)seed, sets, n, playouts);
    header();
    stats st;
    int base = features >= 0 ? features : GR_RUMMY_EXPERT_ALL;
    int nrows = ablate ? 2 + (int)(sizeof feature_names / sizeof feature_names[0]) : 1;
    for (int k = 0; k < nrows; k++) {
        char name[32] = "-";
        if (ak == GR_BOT_EXPERT) {
            if (!ablate || k == 0) {
                features = base;
                if (base == GR_RUMMY_EXPERT_ALL)
                    snprintf(name, sizeof name, "all");
                else
                    snprintf(name, sizeof name, "%d", base);
            } else if (k == nrows - 1) {
                features = 0;
                snprintf(name, sizeof name, "none");
            } else {
                features = base & ~feature_names[k - 1].flag;
                snprintf(name, sizeof name, "-%s", feature_names[k - 1].name);
            }
        }
        if (run(r, seed, sets, n, ak, bk, &st) != 0)
            return 1;
        row(name, &st);
    }
    gr_rummy_rules_free(r);
    return 0;
}
