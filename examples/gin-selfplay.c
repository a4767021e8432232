/*
 * gin-selfplay: two bots play many matches; prints who wins, how hands end
 * and how fast the engine goes.
 *
 *   gin-selfplay [--matches N] [--preset NAME] [--seed N] [--bots A,B]
 *                [--players 2|3|4] [--rule NAME=VALUE]...
 *
 * Bot A sits at player 0 in even matches and at player 1 in odd ones, so
 * neither bot keeps the advantage of a seat.  With 3 or 4 players the
 * seats alternate between the two bots (A B A, or A B A B: with 4 players
 * bot A is team 0-2), and swap in odd matches.
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
    "                    [--players 2|3|4] [--rule NAME=VALUE]...\n"
    "Play N matches between two bots and print statistics.\n"
    "  --matches N    number of matches (default 100)\n"
    "  --preset NAME  rules: fournier, novelty, standard, openspiel or eaai\n"
    "                 (default fournier, the library's default preset)\n"
    "  --seed N       seed of the first match (default 1)\n"
    "  --bots A,B     the two bots, each random, greedy or expert\n"
    "                 (default greedy,random)\n"
    "  --players N    2, 3 or 4 players (4: partnerships); the seats\n"
    "                 alternate between the two bots (default 2)\n"
    "  --rule N=V     set rule option N (a name of gr_option_describe, e.g.\n"
    "                 hollywood=1) after the preset; may be repeated\n"
    "  -h, --help     this text\n"
    "Options take their value as --seed 5 or --seed=5.\n";

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

static void free_bots(gr_bot *bots[2][4])
{
    for (int k = 0; k < 2; k++)
        for (int at = 0; at < 4; at++)
            gr_bot_free(bots[k][at]);
}

/* Play one hand to its end, a bot that knocks showing the arrangement it
 * chose (gr_bot_arrange); GR_OK or the first error. */
static int play_hand(gr_game *game, gr_bot *seat[2])
{
    while (gr_game_phase(game) != GR_PHASE_OVER) {
        int turn = gr_game_turn(game), rc;
        gr_view v;
        gr_move m;
        gr_arrangement shown;
        if ((rc = gr_game_view(game, turn, &v)) != GR_OK
            || (rc = gr_bot_choose(seat[turn], &v, &m)) != GR_OK)
            return rc;
        if (m.type != GR_MOVE_KNOCK && m.type != GR_MOVE_GIN)
            rc = gr_game_play(game, m);
        else if ((rc = gr_bot_arrange(seat[turn], &v, m.card, &shown)) == GR_OK)
            rc = gr_game_knock(game, m.card, &shown);
        if (rc != GR_OK)
            return rc;
    }
    return GR_OK;
}

/* Play one match of `players` in which seat s has a bot of kind
 * (s + flip) % 2 (so bot A is player 0 at 2 players when flip is 0), its
 * own bot (bots[kind][s]: the expert remembers one player's hand; at 2
 * players the seats take turns with bots[kind][0]); counts into *st. */
static int play_match(const gr_rules *rules, uint64_t seed, gr_bot *bots[2][4],
                      int players, int flip, stats *st)
{
    gr_match *match;
    int rc = gr_match_new_players(&match, rules, seed, players);
    if (rc != GR_OK)
        return rc;
    gr_standing s;
    while ((rc = gr_match_standing(match, GR_MATCH_ALL, &s)) == GR_OK && !s.over) {
        for (int t = 0; t < gr_match_tables(match) && rc == GR_OK; t++) {
            gr_table tab;
            gr_game *game;
            gr_hand_result r;
            if ((rc = gr_match_table(match, t, &tab)) != GR_OK
                || (rc = gr_match_deal_table(match, t, &game)) != GR_OK)
                break;
            gr_bot *seat[2];
            for (int p = 0; p < 2; p++) {
                int at = tab.seats[p];
                seat[p] = bots[(at + flip) % 2][players == 2 ? 0 : at];
            }
            if (players == 2)   /* the expert plays for the match */
                for (int p = 0; p < 2; p++)
                    gr_bot_set_score(seat[p], s.hand_points[tab.seats[p]],
                                     s.hand_points[tab.seats[1 - p]]);
            if ((rc = play_hand(game, seat)) == GR_OK
                && (rc = gr_game_result(game, &r)) == GR_OK)
                rc = gr_match_record_table(match, t, &r);
            gr_game_free(game);
            if (rc != GR_OK)
                break;
            st->hands++;
            st->outcomes[r.outcome]++;
            if (r.winner >= 0) {
                int bot = (tab.seats[r.winner] + flip) % 2;
                st->hands_won[bot]++;
                st->points[bot] += r.points;
            }
        }
    }
    if (rc == GR_OK && s.winner >= 0)   /* a side: a seat, or team t = seat t */
        st->matches_won[(s.winner + flip) % 2]++;
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

/* the name of a bot kind, as gr_bot_lookup reads it */
static const char *bot_name(int kind)
{
    return kind == GR_BOT_RANDOM ? "random" : kind == GR_BOT_EXPERT ? "expert"
                                                                    : "greedy";
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
    int preset = GR_PRESET_FOURNIER;
    int kinds[2] = { GR_BOT_GREEDY, GR_BOT_RANDOM };
    const char *names[2] = { "greedy", "random" };
    int players = 2, nrules = 0;
    const char *rule_args[64];

    for (int i = 1; i < argc; i++) {
        char name[32];
        const char *opt = argv[i], *arg = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            fputs(usage, stdout);
            return 0;
        }
        const char *eq = strchr(opt, '=');
        if (eq && !strncmp(opt, "--", 2) && (size_t)(eq - opt) < sizeof name) {
            memcpy(name, opt, (size_t)(eq - opt));   /* --seed=5 */
            name[eq - opt] = '\0';
            opt = name;
            arg = eq + 1;
        }
        bool takes_value = !strcmp(opt, "--matches") || !strcmp(opt, "--seed")
                        || !strcmp(opt, "--preset") || !strcmp(opt, "--bots")
                        || !strcmp(opt, "--players") || !strcmp(opt, "--rule");
        if (!takes_value)
            return bad_usage("unknown option", argv[i]);
        if (!arg)
            return bad_usage("missing value after", opt);
        if (opt != name)
            i++;   /* --seed 5: the value is the next argument */
        if (!strcmp(opt, "--matches")) {
            if (!parse_number(arg, 100000000, &matches) || matches == 0)
                return bad_usage("bad number of matches", arg);
        } else if (!strcmp(opt, "--seed")) {
            if (!parse_number(arg, UINT64_MAX, &seed))
                return bad_usage("bad seed", arg);
        } else if (!strcmp(opt, "--preset")) {
            if ((preset = gr_preset_lookup(arg)) < 0)
                return bad_usage("unknown preset", arg);
        } else if (!strcmp(opt, "--players")) {
            unsigned long long n;
            if (!parse_number(arg, 4, &n) || n < 2)
                return bad_usage("players must be 2, 3 or 4", arg);
            players = (int)n;
        } else if (!strcmp(opt, "--rule")) {
            if (nrules == 64)
                return bad_usage("too many rules", arg);
            rule_args[nrules++] = arg;
        } else if (!strcmp(opt, "--bots")) {
            if (!parse_bots(arg, kinds))
                return bad_usage("bots must be two of random, greedy, expert", arg);
            for (int b = 0; b < 2; b++)
                names[b] = bot_name(kinds[b]);
        }
    }

    gr_rules *rules;
    if (gr_rules_new(&rules, preset) != GR_OK) {
        fprintf(stderr, "gin-selfplay: out of memory\n");
        return 1;
    }
    for (int i = 0; i < nrules; i++)
        if (gr_rules_set_text(rules, rule_args[i]) != GR_OK) {
            gr_rules_free(rules);
            return bad_usage("unknown rule or value out of range", rule_args[i]);
        }
    gr_bot *bots[2][4] = { { NULL } };   /* a bot of each kind for each seat */
    bool made = true;
    for (int k = 0; k < 2; k++)
        for (int at = 0; at < (players == 2 ? 1 : players) && made; at++)
            made = gr_bot_new(&bots[k][at], kinds[k], seed * 2 + 1 + (uint64_t)k
                                                   + 1000 * (uint64_t)at) == GR_OK
                && gr_bot_set_rules(bots[k][at], rules) == GR_OK;   /* the expert's */
    if (!made) {
        fprintf(stderr, "gin-selfplay: out of memory\n");
        free_bots(bots);
        gr_rules_free(rules);
        return 1;
    }

    stats st = { { 0, 0 }, { 0, 0 }, { 0, 0 }, 0, { 0 } };
    bool tty = isatty(STDERR_FILENO);
    double start = now(), last_report = start;
    int rc = GR_OK;
    unsigned long long m;
    for (m = 0; m < matches && rc == GR_OK; m++) {
        rc = play_match(rules, seed + m, bots, players, (int)(m % 2), &st);
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
    if (players > 2)
        printf("%d players: bot %s holds seats %s in even matches\n", players,
               names[0], players == 3 ? "0 and 2" : "0 and 2 (team 0-2)");
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

    free_bots(bots);
    gr_rules_free(rules);
    return 0;
}
