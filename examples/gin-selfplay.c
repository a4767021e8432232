/*
 * gin-selfplay: two bots play many matches; prints who wins, how hands end
 * and how fast the engine goes.
 *
 *   gin-selfplay [--matches N] [--preset NAME] [--seed N] [--bots A,B]
 *
 * Bot A sits at player 0 in even matches and at player 1 in odd ones, so
 * neither bot keeps the advantage of a seat.
 */
#define _POSIX_C_SOURCE 200809L   /* isatty, clock_gettime */
#include <ginrummy.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
    "usage: gin-selfplay [--matches N] [--preset NAME] [--seed N] [--bots A,B]\n"
    "Play N matches between two bots and print statistics.\n"
    "  --matches N    number of matches (default 100)\n"
    "  --preset NAME  rules: fournier, novelty or standard (default standard)\n"
    "  --seed N       seed of the first match (default 1)\n"
    "  --bots A,B     the two bots, random or greedy (default greedy,random)\n"
    "  --help         this text\n";

typedef struct stats {
    long matches_won[2];     /* by bot A, bot B */
    long hands_won[2];
    long points[2];          /* hand points scored */
    long hands;
    long outcomes[GR_OUTCOME_TIE + 1];
} stats;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Play one hand to its end; GR_OK or the first error. */
static int play_hand(gr_game *game, gr_bot *seat[2])
{
    while (gr_game_phase(game) != GR_PHASE_OVER) {
        int turn = gr_game_turn(game), rc;
        gr_view v;
        gr_move m;
        if ((rc = gr_game_view(game, turn, &v)) != GR_OK
            || (rc = gr_bot_choose(seat[turn], &v, &m)) != GR_OK
            || (rc = gr_game_play(game, m)) != GR_OK)
            return rc;
    }
    return GR_OK;
}

/* Play one match with bot A at player `a_seat`; counts into *st. */
static int play_match(const gr_rules *rules, uint64_t seed, gr_bot *bots[2],
                      int a_seat, stats *st)
{
    gr_bot *seat[2];
    seat[a_seat] = bots[0];
    seat[1 - a_seat] = bots[1];

    gr_match *match;
    int rc = gr_match_new(&match, rules, seed);
    if (rc != GR_OK)
        return rc;
    gr_score s;
    while ((rc = gr_match_score(match, &s)) == GR_OK && !s.over) {
        gr_game *game;
        gr_hand_result r;
        if ((rc = gr_match_deal(match, &game)) != GR_OK)
            break;
        if ((rc = play_hand(game, seat)) == GR_OK
            && (rc = gr_game_result(game, &r)) == GR_OK)
            rc = gr_match_record(match, &r);
        gr_game_free(game);
        if (rc != GR_OK)
            break;
        st->hands++;
        st->outcomes[r.outcome]++;
        if (r.winner >= 0) {
            int bot = r.winner == a_seat ? 0 : 1;
            st->hands_won[bot]++;
            st->points[bot] += r.points;
        }
    }
    if (rc == GR_OK)
        st->matches_won[s.winner == a_seat ? 0 : 1]++;
    gr_match_free(match);
    return rc;
}

static double percent(long part, long whole)
{
    return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0;
}

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "gin-selfplay: %s: %s\n%s", what, arg, usage);
    return 2;
}

static bool parse_number(const char *text, unsigned long long max,
                         unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (errno || end == text || *end || *text == '-' || n > max)
        return false;
    *out = n;
    return true;
}

/* "greedy,random" into two bot kinds */
static bool parse_bots(const char *text, int kinds[2])
{
    char a[32];
    const char *comma = strchr(text, ',');
    if (!comma || (size_t)(comma - text) >= sizeof a)
        return false;
    memcpy(a, text, (size_t)(comma - text));
    a[comma - text] = '\0';
    kinds[0] = gr_bot_lookup(a);
    kinds[1] = gr_bot_lookup(comma + 1);
    return kinds[0] > 0 && kinds[1] > 0;
}

int main(int argc, char **argv)
{
    unsigned long long matches = 100, seed = 1;
    int preset = GR_PRESET_STANDARD;
    int kinds[2] = { GR_BOT_GREEDY, GR_BOT_RANDOM };
    const char *names[2] = { "greedy", "random" };

    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *arg = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "--help")) {
            fputs(usage, stdout);
            return 0;
        }
        bool takes_value = !strcmp(opt, "--matches") || !strcmp(opt, "--seed")
                        || !strcmp(opt, "--preset") || !strcmp(opt, "--bots");
        if (!takes_value)
            return bad_usage("unknown option", opt);
        if (!arg)
            return bad_usage("missing value after", opt);
        i++;
        if (!strcmp(opt, "--matches")) {
            if (!parse_number(arg, 100000000, &matches) || matches == 0)
                return bad_usage("bad number of matches", arg);
        } else if (!strcmp(opt, "--seed")) {
            if (!parse_number(arg, UINT64_MAX, &seed))
                return bad_usage("bad seed", arg);
        } else if (!strcmp(opt, "--preset")) {
            if ((preset = gr_preset_lookup(arg)) < 0)
                return bad_usage("unknown preset", arg);
        } else if (!strcmp(opt, "--bots")) {
            if (!parse_bots(arg, kinds))
                return bad_usage("bots must be two of random, greedy", arg);
            for (int b = 0; b < 2; b++)
                names[b] = kinds[b] == GR_BOT_RANDOM ? "random" : "greedy";
        }
    }

    gr_rules *rules;
    gr_bot *bots[2] = { NULL, NULL };
    if (gr_rules_new(&rules, preset) != GR_OK
        || gr_bot_new(&bots[0], kinds[0], seed * 2 + 1) != GR_OK
        || gr_bot_new(&bots[1], kinds[1], seed * 2 + 2) != GR_OK) {
        fprintf(stderr, "gin-selfplay: out of memory\n");
        return 1;
    }

    stats st = { { 0, 0 }, { 0, 0 }, { 0, 0 }, 0, { 0 } };
    bool tty = isatty(STDERR_FILENO);
    double start = now(), last_report = start;
    int rc = GR_OK;
    unsigned long long m;
    for (m = 0; m < matches && rc == GR_OK; m++) {
        rc = play_match(rules, seed + m, bots, (int)(m % 2), &st);
        double t = now();
        if (t - last_report >= (tty ? 0.5 : 5.0)) {
            fprintf(stderr, "%s%llu/%llu matches, %ld hands%s", tty ? "\r" : "",
                    m + 1, matches, st.hands, tty ? "" : "\n");
            last_report = t;
        }
    }
    double elapsed = now() - start;
    if (tty && elapsed >= 0.5)
        fprintf(stderr, "\r%*s\r", 60, "");
    if (rc != GR_OK) {
        fprintf(stderr, "gin-selfplay: match %llu: %s\n", m, gr_strerror(rc));
        return 1;
    }

    static const char *const preset_names[] = { "Fournier", "Novelty", "standard",
                                                "OpenSpiel", "EAAI" };
    printf("%llu matches, %s rules, seeds %llu..%llu\n", matches,
           preset_names[preset], seed, seed + matches - 1);
    printf("%-22s %10s %10s\n", "", names[0], names[1]);
    printf("%-22s %9.1f%% %9.1f%%\n", "matches won",
           percent(st.matches_won[0], (long)matches),
           percent(st.matches_won[1], (long)matches));
    printf("%-22s %9.1f%% %9.1f%%\n", "hands won",
           percent(st.hands_won[0], st.hands), percent(st.hands_won[1], st.hands));
    printf("%-22s %10.2f %10.2f\n", "points per hand played",
           st.hands ? (double)st.points[0] / (double)st.hands : 0.0,
           st.hands ? (double)st.points[1] / (double)st.hands : 0.0);
    printf("%ld hands (%.1f per match): knock %.1f%%, undercut %.1f%%, "
           "gin %.1f%%, big gin %.1f%%, void %.1f%%, tie %.1f%%\n",
           st.hands, (double)st.hands / (double)matches,
           percent(st.outcomes[GR_OUTCOME_KNOCK], st.hands),
           percent(st.outcomes[GR_OUTCOME_UNDERCUT], st.hands),
           percent(st.outcomes[GR_OUTCOME_GIN], st.hands),
           percent(st.outcomes[GR_OUTCOME_BIG_GIN], st.hands),
           percent(st.outcomes[GR_OUTCOME_VOID], st.hands),
           percent(st.outcomes[GR_OUTCOME_TIE], st.hands));
    printf("%.0f hands per second (%.2f s)\n",
           elapsed > 0 ? (double)st.hands / elapsed : 0.0, elapsed);

    gr_bot_free(bots[0]);
    gr_bot_free(bots[1]);
    gr_rules_free(rules);
    return 0;
}
