/*
 * bench-rummy.c: basic Rummy melding speed.
 *
 *   bench/bench-rummy [seconds per measurement, default 1]
 *   bench/bench-rummy worst [seconds a class, default 2]
 *   bench/bench-rummy aces
 *   bench/bench-rummy climb [seconds a start, default 10] [only start k [flags]]
 *
 * gr_rummy_value on random 10-card hands dealt from two decks with 4
 * jokers (108 cards), on random 7-card hands from one deck, and on dense
 * 10-card hands (two decks and 4 jokers, cards on 3 to 5 adjacent ranks)
 * with the slowest single dense hand, and on 200 dense hands of 30
 * naturals and 8 jokers (mean and slowest, no oracle); the brute-force oracle
 * (tests/oracle_rummy.c) on the same hands in the same run, and the ratio.
 * Then the going-out searches on the largest tables built on purpose
 * (tests/rummy_hostile.h; tests/check_rummy_goout.c checks their answers):
 * 24 and 26 three-card sets with the faces they lack in hand, 24 runs with
 * the cards between them (once and twice), each call timed alone.
 * Times are this thread's CPU time.  The worst mode times the slowest
 * hands of up to 14 cards built so far (tests/rummy_hostile.h), random
 * dense hands of 10 to 14 cards by joker count (median and slowest), and
 * climbs dense 14-card hands of 0 to 8 jokers towards slower calls (see
 * worst() below).  The aces mode times the slowest ace-high hands found
 * (tests/rummy_aces.h; tests/check_rummy_melding.c checks their values),
 * with and without GR_RUMMY_ACE_HIGH.  The climb mode climbs going-out
 * inputs towards slower calls (see climb() below), within two decks and
 * 8 jokers (R1).  The slowest medians measured by the worst mode on the
 * inputs of tests/rummy_hostile.h (hands of up to 14 cards, a loaded
 * machine): go_out 0.13 ms, can_go_out 0.09 ms, can_go_out with a card
 * barred 0.09 ms, can_go_out_plan 0.25 ms (the climbed inputs; 3.4, 3.9,
 * 5 to 8 and 9.4 ms when the going-out search walked the table run by
 * run), the hand's value 14 us (18 us for the slowest 14-card hand
 * climbing finds).
 */
#include "ginrummy.h"
#include "oracle_rummy.h"
#include "rummy_hostile.h"
#include "rummy_aces.h"
#include "testutil.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NHANDS 4096

typedef int (*hand_fn)(const gr_rummy_hand *h);
static int do_value(const gr_rummy_hand *h) { return gr_rummy_value(h, 0); }
static int do_oracle(const gr_rummy_hand *h) { return oracle_rummy_value(h, 0); }

/* nanoseconds per hand of fn over hands[] (cycled) for about `seconds` */
static double ns_per_hand(hand_fn fn, const gr_rummy_hand *hands, long n, double seconds)
{
    uint64_t sink = 0;
    long done = 0;
    double t0 = cpu_now(), t;
    do {
        for (long i = 0; i < n; i++)
            sink += (uint64_t)fn(&hands[i]);
        done += n;
        t = cpu_now() - t0;
    } while (t < seconds);
    bench_sink = sink;
    return t * 1e9 / done;
}

/* k cards dealt from `decks` decks with `jokers` jokers in all */
static gr_rummy_hand deal(test_rng *r, int k, int decks, int jokers)
{
    int ncards = 52 * decks + jokers;
    gr_rummy_hand h = { 0, 0, 0 };
    char used[112] = { 0 };
    while (k > 0) {
        int c = test_below(r, ncards);
        if (used[c])
            continue;
        used[c] = 1;
        gr_rummy_hand_add(&h, c >= 52 * decks ? GR_RUMMY_JOKER : (gr_card)(c % 52));
        k--;
    }
    return h;
}

/* k cards of two decks on 3..5 adjacent ranks, plus up to 4 jokers */
static gr_rummy_hand dense(test_rng *r, int k)
{
    gr_rummy_hand h = { 0, 0, test_below(r, 5) };
    int lo = test_below(r, 13), w = 3 + test_below(r, 3);
    k -= h.jokers;
    while (k > 0)
        if (gr_rummy_hand_add(&h, (gr_card)(13 * test_below(r, 4) + (lo + test_below(r, w)) % 13)) == GR_OK)
            k--;
    return h;
}

static void line(const char *what, const gr_rummy_hand *hands, double seconds)
{
    double lib = ns_per_hand(do_value, hands, NHANDS, seconds);
    double ref = ns_per_hand(do_oracle, hands, NHANDS / 8, seconds);
    printf("%-44s %9.0f ns/hand   oracle %10.0f ns/hand   ratio %6.1fx\n",
           what, lib, ref, ref / lib);
}

/* one call of gr_rummy_value, the fastest of 3 (ns) */
static double one_call(const gr_rummy_hand *h, int flags)
{
    double best = 1e18;
    for (int k = 0; k < 3; k++) {
        double t0 = cpu_now();
        bench_sink += (uint64_t)gr_rummy_value(h, flags);
        double ns = (cpu_now() - t0) * 1e9;
        if (ns < best)
            best = ns;
    }
    return best;
}

/* the median and the largest of n times (sorted in place) */
static void median_max(double *ns, int n, double *med, double *max)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && ns[j] < ns[j - 1]; j--) {
            double x = ns[j];
            ns[j] = ns[j - 1];
            ns[j - 1] = x;
        }
    *med = ns[n / 2];
    *max = ns[n - 1];
}

/* a dense hand: k cards of two decks, `jokers` of them jokers, the
 * naturals on w adjacent ranks from lo (past the king: the ace again) */
static gr_rummy_hand dense_k(test_rng *r, int k, int jokers, int lo, int w)
{
    gr_rummy_hand h = { 0, 0, jokers };
    for (k -= jokers; k > 0;)
        if (gr_rummy_hand_add(&h, (gr_card)(13 * test_below(r, 4)
                                            + (lo + test_below(r, w)) % 13)) == GR_OK)
            k--;
    return h;
}

/* bench-rummy worst:
 *  1. the slowest hands of up to 14 cards built so far (tests/
 *     rummy_hostile.h), each called 101 times: the median and the slowest
 *     call;
 *  2. the going-out searches of hands of up to 14 cards built so far
 *     (tests/rummy_hostile.h), gr_rummy_go_out (with its plan),
 *     gr_rummy_can_go_out, gr_rummy_can_go_out_plan (the way out) and
 *     the hand's gr_rummy_value, 21 calls each:
 *     the median and the slowest; gr_rummy_can_go_out with each card held
 *     (and the joker) barred in turn, 7 calls each: the slowest median;
 *     then the slowest median of each call over every input;
 *  3. 2000 random dense hands of 10 to 14 cards (2 to 5 adjacent ranks,
 *     either ace option) for each number of jokers 0..8, each call the
 *     fastest of 3 (a call preempted once is not the search's cost): the
 *     median and the slowest;
 *  4. for `seconds` a class, dense 14-card hands of each joker count
 *     climbed towards slower calls (a natural moved to a neighbouring face
 *     while that makes the fastest of 3 calls slower): the slowest found,
 *     each candidate timed again as the median of 21 calls.
 * On a loaded machine the slowest of many calls of one hand is the
 * scheduler's (a call preempted once), which the medians leave out. */
static int worst(double seconds)
{
    printf("gr_rummy_value, the slowest hands built (101 calls each):\n");
    double all_med = 0;
    for (size_t i = 0; i < sizeof hostile_values / sizeof hostile_values[0]; i++) {
        gr_rummy_hand h;
        if (gr_rummy_hand_parse(hostile_values[i].hand, &h, NULL) != GR_OK)
            return 1;
        int flags = hostile_values[i].flags;
        double ns[101], med, max;
        for (int k = 0; k < 101; k++) {
            double t0 = cpu_now();
            bench_sink += (uint64_t)gr_rummy_value(&h, flags);
            ns[k] = (cpu_now() - t0) * 1e9;
        }
        median_max(ns, 101, &med, &max);
        all_med = med > all_med ? med : all_med;
        printf("  %-46s %-9s min %5.1f  median %5.1f  max %6.1f us\n",
               hostile_values[i].hand, flags ? "ace high" : "ace low", ns[0] / 1e3,
               med / 1e3, max / 1e3);
    }
    printf("  slowest median: %.1f us\n", all_med / 1e3);

    printf("going out, the slowest hands of up to 14 cards built (21 calls each, median"
           " and slowest; barred: can_go_out with the slowest card barred of those held and"
           " the joker, 7 calls each; the hand's value):\n");
    double worst_call[5] = { 0, 0, 0, 0, 0 };
    for (int k = 0;; k++) {
        gr_rummy_meld t[GR_RUMMY_MAX_MELDS];
        gr_rummy_hand h;
        gr_rummy_plan plan;
        int nt, value[2], out[2];
        const char *name = hostile_goout(k, t, &nt, &h, value, out);
        if (name == NULL)
            break;
        for (int flags = 0; flags <= GR_RUMMY_ACE_HIGH; flags++) {
            double go[21], can[21], val[21], way[21], gmed, gmax, cmed, cmax, vmed, vmax;
            double wmed, wmax;
            int wrong = 0;
            for (int rep = 0; rep < 21; rep++) {
                double t0 = cpu_now();
                int v = gr_rummy_go_out(&h, t, nt, flags, &plan);
                double t1 = cpu_now();
                int o = gr_rummy_can_go_out(&h, t, nt, flags, GR_NO_CARD);
                double t2 = cpu_now();
                bench_sink += (uint64_t)gr_rummy_value(&h, flags);
                double t3 = cpu_now();
                wrong |= gr_rummy_can_go_out_plan(&h, t, nt, flags, GR_NO_CARD, &plan) != o;
                way[rep] = (cpu_now() - t3) * 1e9;
                val[rep] = (t3 - t2) * 1e9;
                can[rep] = (t2 - t1) * 1e9;
                go[rep] = (t1 - t0) * 1e9;
                wrong |= v != value[flags] || o != out[flags];
            }
            double bmed = 0;
            gr_card bcard = GR_NO_CARD;
            for (gr_cards c = h.once | (gr_cards)1 << GR_RUMMY_JOKER; c != 0; c &= c - 1) {
                gr_card nd = (gr_card)__builtin_ctzll(c);
                if (nd == GR_RUMMY_JOKER && h.jokers == 0)
                    continue;
                double b[7], med, max;
                for (int rep = 0; rep < 7; rep++) {
                    double t0 = cpu_now();
                    bench_sink += (uint64_t)gr_rummy_can_go_out(&h, t, nt, flags, nd);
                    b[rep] = (cpu_now() - t0) * 1e9;
                }
                median_max(b, 7, &med, &max);
                if (med > bmed) {
                    bmed = med;
                    bcard = nd;
                }
            }
            if (wrong)
                printf("  %s: WRONG ANSWER\n", name);
            median_max(go, 21, &gmed, &gmax);
            median_max(can, 21, &cmed, &cmax);
            median_max(val, 21, &vmed, &vmax);
            median_max(way, 21, &wmed, &wmax);
            char cb[8] = "-";
            if (bcard != GR_NO_CARD)
                gr_rummy_card_format(bcard, cb, sizeof cb);
            printf("  %-38s %-9s go_out %7.1f (%7.1f) us  can_go_out %6.1f (%6.1f) us"
                   "  barred %3s %6.1f us  way out %6.1f us  value %5.1f us\n", name,
                   flags ? "ace high" : "ace low", gmed / 1e3, gmax / 1e3, cmed / 1e3,
                   cmax / 1e3, cb, bmed / 1e3, wmed / 1e3, vmed / 1e3);
            double m[5] = { gmed, cmed, bmed, wmed, vmed };
            for (int i = 0; i < 5; i++)
                worst_call[i] = m[i] > worst_call[i] ? m[i] : worst_call[i];
        }
    }
    printf("  slowest medians: go_out %.1f us, can_go_out %.1f us, barred %.1f us,"
           " way out (can_go_out_plan) %.1f us, value %.1f us\n", worst_call[0] / 1e3,
           worst_call[1] / 1e3, worst_call[2] / 1e3, worst_call[3] / 1e3, worst_call[4] / 1e3);

    printf("gr_rummy_value, 2000 random dense hands of 10-14 cards per joker count"
           " (each the fastest of 3 calls):\n");
    test_rng r = { 14 };
    for (int j = 0; j <= GR_RUMMY_MAX_JOKERS; j++) {
        enum { N = 2000 };
        static double ns[N];
        gr_rummy_hand slow = { 0, 0, 0 };
        int slow_flags = 0;
        double slow_ns = 0;
        for (int i = 0; i < N; i++) {
            int flags = i & 1, k = 10 + test_below(&r, 5);
            gr_rummy_hand h = dense_k(&r, k, j < k ? j : k - 1, test_below(&r, 13),
                                      2 + test_below(&r, 4));
            ns[i] = one_call(&h, flags);
            if (ns[i] > slow_ns) {
                slow_ns = ns[i];
                slow = h;
                slow_flags = flags;
            }
        }
        double med, max;
        median_max(ns, N, &med, &max);
        char buf[256];
        gr_rummy_hand_format(&slow, buf, sizeof buf);
        printf("  %d jokers: median %5.2f us  max %6.1f us  (%s%s)\n", j, med / 1e3,
               max / 1e3, buf, slow_flags ? ", ace high" : "");
    }

    printf("gr_rummy_value, slowest 14-card hands found by climbing (%.1f s a class,"
           " the median of 21 calls):\n", seconds);
    for (int j = 0; j <= GR_RUMMY_MAX_JOKERS; j++) {
        gr_rummy_hand worst_h = { 0, 0, 0 };
        double worst_ns = 0;
        int worst_flags = 0;
        double t_end = cpu_now() + seconds;
        for (long i = 0; cpu_now() < t_end; i++) {
            int flags = (int)(i & 1);
            gr_rummy_hand h = dense_k(&r, 14, j, test_below(&r, 13), 2 + test_below(&r, 4));
            double ns = one_call(&h, flags);
            for (int step = 0; step < 40 && h.once != 0; step++) {
                gr_rummy_hand g = h;
                int n = __builtin_popcountll(g.once), pick = test_below(&r, n);
                gr_cards m = g.once;
                while (pick-- > 0)
                    m &= m - 1;
                gr_card c = (gr_card)__builtin_ctzll(m);
                gr_rummy_hand_remove(&g, c);
                gr_card f = (gr_card)(13 * test_below(&r, 4)
                                      + (GR_CARD_RANK(c) + 12 + test_below(&r, 3)) % 13);
                if (gr_rummy_hand_add(&g, f) != GR_OK)
                    continue;
                double ns2 = one_call(&g, flags);
                if (ns2 > ns) {
                    ns = ns2;
                    h = g;
                }
            }
            if (ns <= worst_ns)
                continue;
            /* a candidate: timed again, the median of 21 calls */
            double again[21], max;
            for (int k = 0; k < 21; k++) {
                double t0 = cpu_now();
                bench_sink += (uint64_t)gr_rummy_value(&h, flags);
                again[k] = (cpu_now() - t0) * 1e9;
            }
            median_max(again, 21, &ns, &max);
            if (ns > worst_ns) {
                worst_ns = ns;
                worst_h = h;
                worst_flags = flags;
            }
        }
        char buf[256];
        gr_rummy_hand_format(&worst_h, buf, sizeof buf);
        printf("  %d jokers: %9.1f us  %s%s\n", j, worst_ns / 1e3, buf,
               worst_flags ? "  (ace high)" : "");
    }
    return 0;
}

/* bench-rummy aces: the slowest ace-high hands found (tests/rummy_aces.h),
 * with and without the option, the fastest of 3 calls each */
static int aces(void)
{
    printf("gr_rummy_value, slowest ace-high hands found (the fastest of 3 calls):\n");
    for (int i = 0; rummy_ace_hostile[i].hand != NULL; i++) {
        gr_rummy_hand h;
        if (gr_rummy_hand_parse(rummy_ace_hostile[i].hand, &h, NULL) != GR_OK)
            return 1;
        double hi = one_call(&h, GR_RUMMY_ACE_HIGH), lo = one_call(&h, 0);
        printf("  %3d cards, %d jokers: %10.1f us ace high, %9.1f us ace low  (value %d)\n",
               gr_rummy_hand_count(&h), h.jokers, hi / 1e3, lo / 1e3,
               gr_rummy_value(&h, GR_RUMMY_ACE_HIGH));
    }
    return 0;
}

/* bench-rummy climb: going-out inputs of hands of up to 14 cards climbed
 * towards slower calls.  From each input of tests/rummy_hostile.h in
 * turn (either ace option), a change at a time (a natural of the hand
 * moved to a neighbouring face or next to a table meld, a joker added to
 * or taken from the hand, a table meld replaced, added or dropped, a table
 * card made a joker or a natural, the card barred from the discard
 * changed) is kept while it makes the slowest of gr_rummy_go_out,
 * gr_rummy_can_go_out with no card barred and with the barred card, and
 * gr_rummy_value of the hand slower (each the fastest of 3 calls);
 * `seconds` a start.  Every input stays within two decks and 8 jokers
 * (R1: gr_rummy_go_out_check refuses the others).  The slowest input
 * found from each start is printed as hostile_climbed's text, with its
 * answers and the barred card. */

/* a call's cost: the slowest of go_out, can_go_out (no card barred, and
 * `nd` barred) and the hand's value, each the fastest of `reps` calls;
 * which one in *which (0 go_out, 1 can_go_out, 2 barred, 3 value) */
static double climb_cost_which(const gr_rummy_hand *h, const gr_rummy_meld *t, int nt,
                               int flags, gr_card nd, int reps, int *which)
{
    double best[4] = { 1e30, 1e30, 1e30, 1e30 };
    gr_rummy_plan plan;
    for (int k = 0; k < reps; k++) {
        double t0 = cpu_now();
        bench_sink += (uint64_t)gr_rummy_go_out(h, t, nt, flags, &plan);
        double t1 = cpu_now();
        bench_sink += (uint64_t)gr_rummy_can_go_out(h, t, nt, flags, GR_NO_CARD);
        double t2 = cpu_now();
        bench_sink += (uint64_t)gr_rummy_can_go_out(h, t, nt, flags, nd);
        double t3 = cpu_now();
        bench_sink += (uint64_t)gr_rummy_value(h, flags);
        double t4 = cpu_now(), d[4] = { t1 - t0, t2 - t1, t3 - t2, t4 - t3 };
        for (int i = 0; i < 4; i++)
            best[i] = d[i] < best[i] ? d[i] : best[i];
    }
    int w = 0;
    for (int i = 1; i < 4; i++)
        w = best[i] > best[w] ? i : w;
    if (which)
        *which = w;
    return best[w] * 1e9;
}

static double climb_cost(const gr_rummy_hand *h, const gr_rummy_meld *t, int nt, int flags,
                         gr_card nd, int reps)
{
    return climb_cost_which(h, t, nt, flags, nd, reps, NULL);
}

static int climb_jokers(const gr_rummy_hand *h, const gr_rummy_meld *t, int nt)
{
    int n = h->jokers;
    for (int i = 0; i < nt; i++)
        n += __builtin_popcountll(t[i].jokers);
    return n;
}

/* a random legal meld near face f (a run through it or a set of its rank),
 * maybe with a joker */
static gr_rummy_meld climb_meld(uint64_t *rng, int f, int flags, int joker)
{
    for (;;) {
        gr_rummy_meld m = { 0, 0 };
        int s = f / 13, r = f % 13;
        if (bench_below(rng, 3) == 0) {
            int lack = bench_below(rng, 5);   /* 4: a set of 4 */
            for (int x = 0; x < 4; x++)
                if (x != lack)
                    m.cards |= GR_CARD_BIT(13 * x + r);
        } else {
            int len = 3 + bench_below(rng, 2), lo = r - bench_below(rng, len + 2);
            if (lo < 0 || lo + len > 13)
                continue;
            for (int q = lo; q < lo + len; q++)
                m.cards |= GR_CARD_BIT(13 * s + q);
        }
        if (joker) {
            int k = bench_below(rng, __builtin_popcountll(m.cards));
            gr_cards c = m.cards;
            while (k-- > 0)
                c &= c - 1;
            m.jokers = c & -c;
        }
        if (gr_rummy_meld_kind(&m, flags) > 0)
            return m;
    }
}

/* one random change of the input; 0 if it made nothing valid */
static int climb_change(uint64_t *rng, gr_rummy_hand *h, gr_rummy_meld *t, int *nt, int flags,
                        gr_card *nd)
{
    int kind = bench_below(rng, 8);
    if (kind == 7) {   /* the barred card: none, a joker or a face held */
        int k = bench_below(rng, 4);
        if (k == 0 || h->once == 0)
            *nd = k == 1 ? GR_RUMMY_JOKER : GR_NO_CARD;
        else {
            gr_cards c = h->once;
            for (int i = bench_below(rng, __builtin_popcountll(c)); i > 0; i--)
                c &= c - 1;
            *nd = (gr_card)__builtin_ctzll(c);
        }
        return 1;
    }
    int jk = climb_jokers(h, t, *nt), n = gr_rummy_hand_count(h);
    if (kind <= 1 && h->once) {   /* a natural moved */
        gr_cards c = h->once;
        for (int k = bench_below(rng, __builtin_popcountll(c)); k > 0; k--)
            c &= c - 1;
        int f = __builtin_ctzll(c), to;
        if (kind == 0) {
            int s = f / 13, r = f % 13, d = bench_below(rng, 5) - 2;
            to = d == 0 ? 13 * bench_below(rng, 4) + r : 13 * s + r + d;
            if (to / 13 != s && d != 0)
                return 0;
        } else if (*nt > 0) {
            gr_cards m = t[bench_below(rng, *nt)].cards;
            to = bench_below(rng, 2) ? __builtin_ctzll(m) - 1 : 63 - __builtin_clzll(m) + 1;
        } else {
            return 0;
        }
        if (to < 0 || to > 51 || to == f)
            return 0;
        gr_rummy_hand_remove(h, (gr_card)f);
        return gr_rummy_hand_add(h, (gr_card)to) == GR_OK;
    }
    if (kind == 2) {   /* a hand joker added or taken away */
        if (bench_below(rng, 2) && jk < GR_RUMMY_MAX_JOKERS && n < 14)
            h->jokers++;
        else if (h->jokers > 0 && n > 1)
            h->jokers--;
        else
            return 0;
        return 1;
    }
    if (kind == 3 && *nt > 0) {   /* a table meld replaced */
        int i = bench_below(rng, *nt);
        int left = GR_RUMMY_MAX_JOKERS - jk + __builtin_popcountll(t[i].jokers);
        t[i] = climb_meld(rng, bench_below(rng, 52), flags, left > 0 && bench_below(rng, 3) == 0);
        return 1;
    }
    if (kind == 4) {   /* a table meld added or dropped */
        if (bench_below(rng, 2) && *nt < GR_RUMMY_MAX_MELDS) {
            gr_card f = h->once ? (gr_card)__builtin_ctzll(h->once) : (gr_card)bench_below(rng, 52);
            t[(*nt)++] = climb_meld(rng, bench_below(rng, 2) ? f : bench_below(rng, 52), flags,
                                    jk < GR_RUMMY_MAX_JOKERS && bench_below(rng, 3) == 0);
        } else if (*nt > 1) {
            int i = bench_below(rng, *nt);
            t[i] = t[--(*nt)];
        }
        return 1;
    }
    if (kind >= 5 && kind <= 6 && *nt > 0) {   /* a table card made a joker, or a natural */
        int i = bench_below(rng, *nt);
        gr_cards c = t[i].cards;
        for (int k = bench_below(rng, __builtin_popcountll(c)); k > 0; k--)
            c &= c - 1;
        gr_cards b = c & -c;
        if (t[i].jokers & b)
            t[i].jokers &= ~b;
        else if (jk < GR_RUMMY_MAX_JOKERS)
            t[i].jokers |= b;
        else
            return 0;
        return gr_rummy_meld_kind(&t[i], flags) > 0;
    }
    return 0;
}

static void climb_print(const gr_rummy_hand *h, const gr_rummy_meld *t, int nt, int flags,
                        gr_card nd)
{
    char buf[512];
    static const char *const outs[] = { "GR_RUMMY_OUT_NO", "GR_RUMMY_OUT_MELD",
                                        "GR_RUMMY_OUT_DISCARD" };
    gr_rummy_hand_format(h, buf, sizeof buf);
    printf("    { \"climbed: %d melds, %d cards\", \"%s\",\n      \"", nt,
           gr_rummy_hand_count(h), buf);
    for (int i = 0; i < nt; i++) {
        gr_rummy_meld_format(&t[i], buf, sizeof buf);
        printf("%s%s", i ? " | " : "", buf);
    }
    gr_rummy_plan plan;
    int v[2], o[2];
    for (int f = 0; f < 2; f++) {
        v[f] = gr_rummy_go_out(h, t, nt, f, &plan);
        o[f] = gr_rummy_can_go_out(h, t, nt, f, GR_NO_CARD);
    }
    gr_rummy_card_format(nd, buf, sizeof buf);
    printf("\",\n      { %d, %d }, { %s, %s } },   /* flags %d, barred %s: %d */\n", v[0], v[1],
           o[0] >= 0 ? outs[o[0]] : "?", o[1] >= 0 ? outs[o[1]] : "?", flags,
           nd == GR_NO_CARD ? "none" : buf, gr_rummy_can_go_out(h, t, nt, flags, nd));
}

static int climb(double seconds, int only, int only_flags)
{
    uint64_t rng = 0xC11B + (uint64_t)only;
    static const char *const what[] = { "go_out", "can_go_out", "barred", "value" };
    printf("going out, inputs of up to 14 cards climbed towards slower calls"
           " (%.0f s a start; the slowest of go_out, can_go_out, barred, value,"
           " the fastest of 3):\n", seconds);
    for (int k = 0;; k++) {
        gr_rummy_meld t[GR_RUMMY_MAX_MELDS], bt[GR_RUMMY_MAX_MELDS];
        gr_rummy_hand h, bh;
        int nt, bnt, value[2], out[2];
        const char *name = hostile_goout(k, t, &nt, &h, value, out);
        if (name == NULL)
            break;
        if (only >= 0 && k != only)
            continue;
        int flags = only >= 0 ? only_flags : k & 1;
        gr_card nd = GR_NO_CARD, bnd = nd;
        double start = climb_cost(&h, t, nt, flags, nd, 3), best = start;
        bh = h;
        bnt = nt;
        memcpy(bt, t, sizeof t);
        long tries = 0, kept = 0;
        for (double t0 = cpu_now(); cpu_now() - t0 < seconds; tries++) {
            gr_rummy_hand h2 = bh;
            gr_rummy_meld t2[GR_RUMMY_MAX_MELDS];
            int n2 = bnt;
            gr_card nd2 = bnd;
            memcpy(t2, bt, sizeof bt);
            if (!climb_change(&rng, &h2, t2, &n2, flags, &nd2))
                continue;
            if (gr_rummy_hand_count(&h2) > 14 || gr_rummy_hand_count(&h2) == 0
                || gr_rummy_go_out_check(&h2, t2, n2, flags, NULL) != GR_OK)
                continue;
            double c = climb_cost(&h2, t2, n2, flags, nd2, 3);
            if (c > best * 1.05 && (c = climb_cost(&h2, t2, n2, flags, nd2, 7)) > best) {
                best = c;
                bh = h2;
                bnt = n2;
                bnd = nd2;
                memcpy(bt, t2, sizeof t2);
                kept++;
            }
        }
        int which = 0;
        climb_cost_which(&bh, bt, bnt, flags, bnd, 7, &which);
        printf("  from %-38s %-9s %8.1f us -> %8.1f us, %s (%ld changes kept of %ld):\n",
               name, flags ? "ace high" : "ace low", start / 1e3, best / 1e3, what[which],
               kept, tries);
        climb_print(&bh, bt, bnt, flags, bnd);
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "worst") == 0)
        return worst(argc > 2 ? atof(argv[2]) : 2.0);
    if (argc > 1 && strcmp(argv[1], "aces") == 0)
        return aces();
    if (argc > 1 && strcmp(argv[1], "climb") == 0)
        return climb(argc > 2 ? atof(argv[2]) : 10.0, argc > 3 ? atoi(argv[3]) : -1,
                     argc > 4 ? atoi(argv[4]) & 1 : 0);
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0))
        seconds = 1.0;
    static gr_rummy_hand hands[NHANDS];
    test_rng r = { 2026 };

    for (int i = 0; i < NHANDS; i++)
        hands[i] = deal(&r, 10, 2, 4);
    line("rummy value, 10 cards, 2 decks + 4 jokers", hands, seconds);
    for (int i = 0; i < NHANDS; i++)
        hands[i] = deal(&r, 7, 1, 0);
    line("rummy value, 7 cards, 1 deck", hands, seconds);
    for (int i = 0; i < NHANDS; i++)
        hands[i] = dense(&r, 10);
    line("rummy value, 10 dense cards, 2 decks, <=4 JK", hands, seconds);

    /* the slowest dense hands, timed again one by one */
    bench_top top = { 0 };
    for (int i = 0; i < NHANDS; i++) {
        double t0 = cpu_now();
        bench_sink += (uint64_t)gr_rummy_value(&hands[i], 0);
        bench_top_add(&top, 16, i, (cpu_now() - t0) * 1e9);
    }
    double worst = 0;
    long worst_i = 0;
    for (int j = 0; j < top.n; j++) {
        double t0 = cpu_now();
        for (int k = 0; k < 100; k++)
            bench_sink += (uint64_t)gr_rummy_value(&hands[top.item[j]], 0);
        double ns = (cpu_now() - t0) * 1e9 / 100;
        if (ns > worst) {
            worst = ns;
            worst_i = top.item[j];
        }
    }
    char buf[256];
    gr_rummy_hand_format(&hands[worst_i], buf, sizeof buf);
    printf("%-44s %9.0f ns       (%s)\n", "rummy value, slowest dense 10-card hand", worst, buf);

    /* the largest hands: 30 naturals on 4 to 6 adjacent ranks and 8 jokers,
     * both ace options, each timed once: the mean and the slowest */
    double sum = 0, big = 0;
    long big_i = 0;
    enum { NBIG = 200 };
    for (int i = 0; i < NBIG; i++) {
        gr_rummy_hand h = { 0, 0, 8 };
        int lo = test_below(&r, 13), w = 4 + test_below(&r, 3), k = 30;
        while (k > 0)
            if (gr_rummy_hand_add(&h, (gr_card)(13 * test_below(&r, 4) + (lo + test_below(&r, w)) % 13)) == GR_OK)
                k--;
        double t0 = cpu_now();
        bench_sink += (uint64_t)gr_rummy_value(&h, i & 1);
        double ns = (cpu_now() - t0) * 1e9;
        sum += ns;
        if (ns > big) {
            big = ns;
            big_i = i;
            gr_rummy_hand_format(&h, buf, sizeof buf);
        }
    }
    printf("%-44s %9.0f ns/hand   slowest %.0f ns (#%ld, flags %ld: %s)\n",
           "rummy value, 30 dense cards + 8 JK", sum / NBIG, big, big_i, big_i & 1, buf);

    /* going out on hostile tables: one call each, median of 5 */
    gr_rummy_meld t[GR_RUMMY_MAX_MELDS];
    gr_rummy_hand h;
    gr_rummy_plan plan;
    struct { const char *what; int sets, copies, kings, flags, can; } g[] = {
        { "go_out, 24 sets, 24 cards", 24, 0, 0, 0, 0 },
        { "go_out, 26 sets, 26 cards, ace high", 26, 0, 0, 1, 0 },
        { "can_go_out, 22 sets, 20 cards + 2 dead", 22, 0, 0, 0, 1 },
        { "go_out, 24 runs, 12 cards", 0, 1, 0, 0, 0 },
        { "go_out, 24 runs, 14 cards (2 K), ace high", 0, 1, 2, 1, 0 },
        { "can_go_out, 24 runs, 14 cards, ace high", 0, 1, 2, 1, 1 },
        { "go_out, 24 runs, 26 cards (KC KD)", 0, 2, 2, 0, 0 },
        { "go_out, 24 runs, 26 cards (KC KC)", 0, 2, 3, 0, 0 },
    };
    for (size_t k = 0; k < sizeof g / sizeof g[0]; k++) {
        int nt = g[k].sets ? hostile_sets(t, &h, g[k].sets) : hostile_runs(t, &h, g[k].copies);
        if (g[k].kings >= 2) {
            gr_rummy_hand_add(&h, GR_CARD(GR_KING, GR_CLUBS));
            gr_rummy_hand_add(&h, g[k].kings == 3 ? GR_CARD(GR_KING, GR_CLUBS)
                                                  : GR_CARD(GR_KING, GR_DIAMONDS));
        }
        if (g[k].can)
            nt = g[k].sets ? nt - 2 : nt;   /* the last two sets' faces are dead */
        double ns[5];
        int v = 0;
        for (int rep = 0; rep < 5; rep++) {
            double t0 = cpu_now();
            v = g[k].can ? gr_rummy_can_go_out(&h, t, nt, g[k].flags, GR_NO_CARD)
                         : gr_rummy_go_out(&h, t, nt, g[k].flags, &plan);
            ns[rep] = (cpu_now() - t0) * 1e9;
        }
        for (int a = 0; a < 5; a++)
            for (int b = a + 1; b < 5; b++)
                if (ns[b] < ns[a]) {
                    double x = ns[a];
                    ns[a] = ns[b];
                    ns[b] = x;
                }
        printf("%-44s %12.0f ns   (answer %d)\n", g[k].what, ns[2], v);
    }
    return 0;
}
