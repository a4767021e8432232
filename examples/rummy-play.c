/*
 * rummy-play: play a match of basic Rummy (Parlett's rules, doc/rules-reference.md
 * R1-R8) against 1-6 bots in the terminal, or watch bots play (--auto).
 *
 * The person is seat 0; the bots sit at the other seats and decide from
 * their gr_rummy_view only.  Cards are written "7H", "10S", jokers "JK"; a
 * joker on the table shows the card it stands for: "JK=5C".
 */
#include <ginrummy.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
    "usage: rummy-play [--players N] [--jokers N] [--decks N] [--hand N]\n"
    "                  [--ace-high] [--target N] [--turnovers N] [--seed N]\n"
    "                  [--bot random|greedy|expert] [--ascii] [--auto]\n"
    "                  [--help]\n"
    "Play a match of basic Rummy against bots (you are seat 0).\n"
    "  --players N   players at the table, 2 to 7 (default 2)\n"
    "  --jokers N    jokers in each deck, 0 to 4 (default 0)\n"
    "  --decks N     1 or 2 decks where the rules allow the choice\n"
    "                (3 players: 10 cards each with 1 deck needs --hand 10)\n"
    "  --hand N      cards dealt to each player, 7 or 10 where allowed\n"
    "  --ace-high    the ace may follow the king (Q-K-A) and counts 11\n"
    "  --target N    points that end the match (default 100; 0 = one hand)\n"
    "  --turnovers N turnovers of the discard pile before a hand is void\n"
    "                (default 10; 0 = unlimited)\n"
    "  --seed N      seed of the match (default: from the clock)\n"
    "  --bot KIND    the bots: random, greedy (default) or expert\n"
    "  --ascii       cards as letters (7H), as gin-play --ascii; rummy-play\n"
    "                always writes them so: accepted and ignored\n"
    "  --auto        bots play every seat (your seat too): watch a match\n"
    "  -h, --help    this text\n"
    "Options take their value as --seed 5 or --seed=5.\n"
    "\n";

static const char help[] =
    "Commands (words or their first letter; table melds are numbered as shown):\n"
    "  draw, d           draw the top card of the stock\n"
    "  take, t           take the top card of the discard pile\n"
    "  meld 6S JK 8S     lay down a meld (m); a joker whose card is forced is\n"
    "                    just JK, otherwise name it: meld 7C 7D JK=7S\n"
    "  layoff 9C 2       lay off 9C on table meld 2 (l); layoff JK=9C 2\n"
    "  swap 5C 2         put 5C in meld 2 in place of its joker, take the joker (s)\n"
    "  discard 7H, x 7H  discard 7H; a card alone (7H) discards it too\n"
    "  out, o            go out this turn the way the hint would (when you can)\n"
    "  moves             list every legal move, as the command to type\n"
    "  hint              advice from the expert: take or draw, what to lay down\n"
    "                    and what to keep, the discard, how to go out\n"
    "  help, ?           this help\n"
    "  quit, q           leave the match (asks first, then shows the totals)\n"
    "Cards: rank A 2-10 J Q K (or T), suit C D H S, JK a joker; any case.\n"
    "After each hand its result and the totals are shown; press Enter to go on.\n";

static void print_hand(const gr_rummy_hand *h)
{
    char buf[512];
    gr_rummy_hand_format(h, buf, sizeof buf);
    fputs(buf[0] ? buf : "(none)", stdout);
}

static void print_card(gr_card c)
{
    char buf[8];
    gr_rummy_card_format(c, buf, sizeof buf);
    fputs(buf, stdout);
}

static const char *seat_name(int p, bool human, char *buf)
{
    if (human && p == 0)
        return "You";
    sprintf(buf, "Bot %d", p);
    return buf;
}

/* what the table looks like to seat `p` */
static void show_table(const gr_rummy_view *v, bool human)
{
    char name[16], buf[512];
    printf("\nTable melds:%s\n", v->nmelds ? "" : " none");
    for (int i = 0; i < v->nmelds; i++) {
        gr_rummy_meld_format(&v->melds[i], buf, sizeof buf);
        printf("  %2d. %s   (%s)\n", i + 1, buf, seat_name(v->owner[i], human, name));
    }
    printf("Discard pile: ");
    if (v->ndiscards) {
        print_card(v->discards[v->ndiscards - 1]);
        printf(" on top (%d card%s)", v->ndiscards, v->ndiscards == 1 ? "" : "s");
    } else {
        printf("empty");
    }
    printf("   Stock: %d card%s\nCards held:", v->stock_size, v->stock_size == 1 ? "" : "s");
    for (int p = 0; p < v->nplayers; p++)
        printf(" %s %d%s", seat_name(p, human, name), v->counts[p],
               p + 1 < v->nplayers ? "," : "\n");
    for (int p = 0; p < v->nplayers; p++)
        if (p != v->player && (v->known[p].once || v->known[p].jokers)) {
            printf("  %s holds ", seat_name(p, human, name));
            print_hand(&v->known[p]);
            printf(" (taken from the table)\n");
        }
}

/* one action in words */
static void say_action(int p, bool human, const gr_rummy_action *a)
{
    char name[16], buf[512];
    printf("%s ", seat_name(p, human, name));
    switch (a->type) {
    case GR_RUMMY_ACT_DRAW_STOCK:
        printf(human && p == 0 ? "drew " : "drew from the stock");
        if (human && p == 0)
            print_card(a->card);
        break;
    case GR_RUMMY_ACT_DRAW_DISCARD:
        printf("took ");
        print_card(a->card);
        printf(" from the discard pile");
        break;
    case GR_RUMMY_ACT_MELD:
        gr_rummy_meld_format(&a->meld, buf, sizeof buf);
        printf("laid down %s", buf);
        break;
    case GR_RUMMY_ACT_LAY_OFF:
        printf("laid off ");
        print_card(a->card);
        if (a->card == GR_RUMMY_JOKER) {
            printf("=");
            print_card(a->named);
        }
        printf(" on meld %d", a->target + 1);
        break;
    case GR_RUMMY_ACT_SWAP_JOKER:
        printf("put ");
        print_card(a->card);
        printf(" in meld %d and took its joker", a->target + 1);
        break;
    case GR_RUMMY_ACT_DISCARD:
        printf("discarded ");
        print_card(a->card);
        break;
    }
    printf(".\n");
}

/* R6: a turn that ended with the stock empty turned the discard pile over
 * into a new stock and its top card up (the library does it, then counts
 * it); said once after the move, with the count and the limit (0: none) */
static void say_turnover(const gr_rummy_game *g, int *said, int limit)
{
    int t = gr_rummy_game_turnovers(g);
    if (t <= *said)
        return;
    *said = t;
    gr_rummy_view v;
    gr_rummy_game_view(g, gr_rummy_game_turn(g), &v);
    printf("The stock ran out: the discard pile is turned over to make a new stock of "
           "%d card%s; ", v.stock_size, v.stock_size == 1 ? "" : "s");
    print_card(v.discards[v.ndiscards - 1]);
    printf(" is turned up to start the pile (turnover %d", t);
    if (limit > 0)
        printf(" of %d", limit);
    printf(").\n");
}

/* an action as the command that plays it ("layoff 9C 2") */
static void print_command(const gr_rummy_view *v, const gr_rummy_action *a)
{
    char buf[512];
    if (gr_rummy_view_move_format(a, v, buf, sizeof buf) > 0)
        printf("  %s\n", buf);
}

/* A typed line into an action (a card alone discards it); false, with the
 * reason said, when the line is not a move. */
static bool parse_command(const char *line, const gr_rummy_view *v, gr_rummy_action *a)
{
    char buf[600];
    gr_card c;
    gr_parse_error err;
    gr_cards faces;
    if (gr_rummy_card_parse(line, &c) == GR_OK) {
        snprintf(buf, sizeof buf, "discard %s", line);
        line = buf;
    }
    if (gr_rummy_view_move_parse(line, v, a, &err) == GR_OK)
        return true;
    printf("Cannot do that: %s", gr_reason_text(err.reason));
    if (err.length > 0)
        printf(" (at \"%.*s\")", (int)err.length, line + err.offset);
    if (err.reason == GR_REASON_AMBIGUOUS_JOKER
        && gr_rummy_move_joker_faces(line, v, &faces) == GR_OK && faces) {
        char fb[256];
        gr_cards_format(faces, fb, sizeof fb);
        /* one of the real choices as the example: the first listed */
        printf("; it could stand for %s, as JK=%.*s", fb, (int)strcspn(fb, " "), fb);
    }
    printf(". Type ? for help.\n");
    return false;
}

/* set by read_line when the last line read did not fit its buffer */
static bool line_too_long;

/* Read one line; false at end of input.  A line is one command: one that
 * does not fit the buffer is read to its end and dropped whole (the
 * buffer then holds nothing and line_too_long is set), never split. */
static bool read_line(char *buf, size_t size)
{
    line_too_long = false;
    if (!fgets(buf, (int)size, stdin))
        return false;
    if (!strchr(buf, '\n')) {
        int c = getchar();
        if (c == '\r')
            c = getchar();
        if (c != EOF && c != '\n') {
            while ((c = getchar()) != EOF && c != '\n')
                ;
            line_too_long = true;
            buf[0] = '\0';
        }
    }
    buf[strcspn(buf, "\r\n")] = '\0';
    return true;
}

/* a yes/no question; eof_answer at the end of input */
static bool ask_yes(const char *question, bool eof_answer)
{
    char line[64];
    printf("%s [y/N]: ", question);
    fflush(stdout);
    if (!read_line(line, sizeof line)) {
        printf("\n");
        return eof_answer;
    }
    char *w = line + strspn(line, " \t");
    return !strcmp(w, "y") || !strcmp(w, "Y") || !strcmp(w, "yes") || !strcmp(w, "YES");
}

static void print_totals(const gr_rummy_match *match, bool human)
{
    gr_rummy_score sc;
    char name[16];
    gr_rummy_match_score(match, &sc);
    printf("Totals after %d hand%s:", sc.hands_played, sc.hands_played == 1 ? "" : "s");
    for (int p = 0; p < sc.nplayers; p++)
        printf(" %s %d%s", seat_name(p, human, name), sc.total[p],
               p + 1 < sc.nplayers ? "," : "\n");
}

/* after a hand: a pause, so that lines typed ahead do not play the next
 * hand; false at the end of input */
static bool pause_for_next(void)
{
    char line[256];
    printf("Press Enter for the next hand: ");
    fflush(stdout);
    if (!read_line(line, sizeof line)) {
        printf("\nEnd of input: the match is left unfinished.\n");
        return false;
    }
    return true;
}

/* The expert's advice for the view's player (a fresh advisor each time,
 * seeded from the match and the turn); false if none can be given. */
static bool advise(const gr_rummy_rules *rules, uint64_t seed, const gr_rummy_view *v,
                   gr_rummy_advice *a)
{
    gr_rummy_bot *advisor;
    if (gr_rummy_bot_new(&advisor, GR_BOT_EXPERT, seed) != GR_OK)
        return false;
    bool ok = gr_rummy_bot_set_rules(advisor, rules) == GR_OK
              && gr_rummy_advise(advisor, v, a) == GR_OK;
    gr_rummy_bot_free(advisor);
    return ok;
}

/* a whole number from lo to hi for option opt; -2, with the value and its
 * range said, if s is not one */
static int opt_int(const char *opt, const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "rummy-play: bad value \"%s\" for %s: a whole number from %d to %d\n",
                s, opt, lo, hi);
        return -2;
    }
    *out = (int)v;
    return 0;
}

int main(int argc, char **argv)
{
    int players = 2, jokers = 0, decks = 0, hand = 0, ace_high = 0, target = 100;
    int turnovers = 10;
    int bot_kind = GR_BOT_GREEDY;
    bool automatic = false;
    uint64_t seed = (uint64_t)time(NULL);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0, skip = 1;   /* skip: the value is the next argument */
        char name[32];
        const char *eq = strchr(a, '=');
        if (eq && !strncmp(a, "--", 2) && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));   /* --seed=5 as --seed 5 */
            name[eq - a] = '\0';
            a = name;
            val = eq + 1;
            skip = 0;
        }
        if (!skip && (!strcmp(a, "--help") || !strcmp(a, "--ascii")
                      || !strcmp(a, "--ace-high") || !strcmp(a, "--auto"))) {
            bad = -1;   /* --auto=1: these take no value */
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            fputs(help, stdout);
            return 0;
        } else if (!strcmp(a, "--ascii")) {
            /* cards are always written as letters: nothing to change */
        } else if (!strcmp(a, "--ace-high")) {
            ace_high = 1;
        } else if (!strcmp(a, "--auto")) {
            automatic = true;
        } else if (val && !strcmp(a, "--players")) {
            bad = opt_int(a, val, 2, 7, &players), i += skip;
        } else if (val && !strcmp(a, "--jokers")) {
            bad = opt_int(a, val, 0, 4, &jokers), i += skip;
        } else if (val && !strcmp(a, "--decks")) {
            bad = opt_int(a, val, 1, 2, &decks), i += skip;
        } else if (val && !strcmp(a, "--hand")) {
            bad = opt_int(a, val, 7, 10, &hand), i += skip;
        } else if (val && !strcmp(a, "--turnovers")) {
            bad = opt_int(a, val, 0, 1000, &turnovers), i += skip;
        } else if (val && !strcmp(a, "--target")) {
            bad = opt_int(a, val, 0, 100000, &target), i += skip;
        } else if (val && !strcmp(a, "--seed")) {
            char *end;
            errno = 0;
            seed = strtoull(val, &end, 10);
            if (end == val || *end || errno || val[strspn(val, " \t\n\v\f\r")] == '-') {
                fprintf(stderr, "rummy-play: bad value \"%s\" for --seed: a whole number "
                        "from 0 to %llu\n", val, (unsigned long long)UINT64_MAX);
                bad = -2;
            }
            i += skip;
        } else if (val && !strcmp(a, "--bot")) {
            bot_kind = gr_bot_lookup(val);
            if (bot_kind != GR_BOT_RANDOM && bot_kind != GR_BOT_GREEDY
                && bot_kind != GR_BOT_EXPERT) {
                fprintf(stderr, "rummy-play: bad value \"%s\" for --bot: random, greedy "
                        "or expert\n", val);
                bad = -2;
            }
            i += skip;
        } else {
            bad = -1;
        }
        if (bad) {
            if (bad == -2)   /* the value was refused, and said */
                fputs(usage, stderr);
            else
                fprintf(stderr, "rummy-play: bad option %s\n%s", a, usage);
            return 2;
        }
    }
    gr_rummy_rules *rules;
    if (gr_rummy_rules_new(&rules, GR_RUMMY_PRESET_PARLETT) != GR_OK)
        return 1;
    if (gr_rummy_rules_set(rules, GR_RUMMY_OPT_PLAYERS, players) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_JOKERS, jokers) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_ACE_HIGH, ace_high) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_TARGET, target) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_TURNOVER_LIMIT, turnovers) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_DECKS, decks) != GR_OK
        || gr_rummy_rules_set(rules, GR_RUMMY_OPT_HAND_SIZE, hand) != GR_OK) {
        char decks_text[32], hand_text[32];
        if (decks)
            snprintf(decks_text, sizeof decks_text, "%d deck%s", decks, decks == 1 ? "" : "s");
        else
            snprintf(decks_text, sizeof decks_text, "the default number of decks");
        if (hand)
            snprintf(hand_text, sizeof hand_text, "%d cards each", hand);
        else
            snprintf(hand_text, sizeof hand_text, "the default hand size");
        fprintf(stderr, "rummy-play: %d players cannot play with %s and %s "
                "(rule R2, ginrummy-rules(7))\n%s", players, decks_text, hand_text, usage);
        gr_rummy_rules_free(rules);
        return 2;
    }
    int ndecks, nhand;
    gr_rummy_rules_deal(rules, &ndecks, &nhand, NULL);
    gr_rummy_match *match;
    gr_rummy_bot *bots[GR_RUMMY_MAX_PLAYERS] = { NULL };
    if (gr_rummy_match_new(&match, rules, seed) != GR_OK)
        return 1;
    for (int p = 0; p < players; p++)
        if (gr_rummy_bot_new(&bots[p], bot_kind,
                             seed * 31 + (uint64_t)p + 1) != GR_OK
            || gr_rummy_bot_set_rules(bots[p], rules) != GR_OK)
            return 1;
    bool human = !automatic;
    printf("Basic Rummy: %d players, %d deck%s, %d cards each, %d joker%s per deck%s; "
           "seed %llu.\n", players, ndecks, ndecks > 1 ? "s" : "", nhand, jokers,
           jokers == 1 ? "" : "s", ace_high ? ", ace high" : "",
           (unsigned long long)seed);
    if (human)
        printf("You are seat 0. Type ? for help.\n");
    int status = 0;
    bool quit = false;
    gr_rummy_score sc;
    char name[16];
    while (!quit && gr_rummy_match_score(match, &sc) == GR_OK && !sc.over) {
        gr_rummy_game *g;
        if (gr_rummy_match_deal(match, &g) != GR_OK)
            return 1;
        for (int p = 0; p < players; p++)   /* the expert plays to the score */
            if (gr_rummy_bot_set_score(bots[p], sc.total, players, target) != GR_OK)
                return 1;
        printf("\n=== Hand %d: %s deal%s ===\n", sc.hands_played + 1,
               seat_name(gr_rummy_game_dealer(g), human, name),
               human && gr_rummy_game_dealer(g) == 0 ? "" : "s");
        bool show = true;   /* the table is shown again after a move */
        int turned = 0;     /* the turnovers said */
        while (!quit && gr_rummy_game_phase(g) != GR_RUMMY_PHASE_OVER) {
            int p = gr_rummy_game_turn(g);
            gr_rummy_view v;
            gr_rummy_game_view(g, p, &v);
            gr_rummy_action a;
            if (!human || p != 0) {
                if (gr_rummy_bot_choose(bots[p], &v, &a) != GR_OK
                    || gr_rummy_game_play(g, &a) != GR_OK)
                    return 1;
                gr_rummy_action last;
                int nh = gr_rummy_game_history(g, NULL, 0);
                gr_rummy_action *hist = malloc(sizeof *hist * (size_t)nh);
                gr_rummy_game_history(g, hist, (size_t)nh);
                last = hist[nh - 1];
                free(hist);
                say_action(p, human, &last);
                say_turnover(g, &turned, turnovers);
                show = true;
                continue;
            }
            if (show)
                show_table(&v, human);
            show = false;
            printf("Your hand: ");
            print_hand(&v.hand);
            printf("\n%s> ", v.phase == GR_RUMMY_PHASE_DRAW ? "Draw (draw, take)"
                   : "Meld, lay off, swap or discard (meld, layoff, swap, discard)");
            fflush(stdout);
            char line[512];
            if (!read_line(line, sizeof line)) {
                printf("\nEnd of input.\n");
                quit = true;
                break;
            }
            if (line_too_long) {
                printf("line too long (at most %d characters); nothing played\n",
                       (int)sizeof line - 1);
                continue;
            }
            char *s = line;
            while (*s == ' ' || *s == '\t')
                s++;
            if (!strcmp(s, "?") || !strcmp(s, "help") || !strcmp(s, "h")) {
                fputs(help, stdout);
                continue;
            }
            if (!strcmp(s, "q") || !strcmp(s, "quit")) {
                if (!ask_yes("Really leave the match?", true))
                    continue;
                print_totals(match, human);
                printf("Bye.\n");
                quit = true;
                break;
            }
            if (!strcmp(s, "hint")) {
                gr_rummy_advice adv;
                char why[1024];
                if (!advise(rules, seed * 131 + (uint64_t)gr_rummy_game_history(g, NULL, 0),
                            &v, &adv)
                    || gr_rummy_advice_explain(&adv, &v, why, sizeof why) < 0)
                    printf("No advice here.\n");
                else
                    printf("Hint: %s.\n", why);
                continue;
            }
            if (!strcmp(s, "out") || !strcmp(s, "o")) {
                /* the library's way out, as the hint would go out */
                gr_rummy_action way[256];
                gr_parse_error err;
                int n = gr_rummy_view_turn_parse(s, &v, way, 256, &err);
                if (n < 0) {
                    printf("Cannot do that: %s. Type hint for advice.\n",
                           gr_reason_text(err.reason));
                    continue;
                }
                for (int i = 0; i < n; i++) {
                    if (gr_rummy_game_play(g, &way[i]) != GR_OK)
                        return 1;
                    say_action(0, human, &way[i]);
                    say_turnover(g, &turned, turnovers);
                }
                show = true;
                continue;
            }
            if (!strcmp(s, "moves")) {
                int n = gr_rummy_game_legal_moves(g, NULL, 0);
                gr_rummy_action *all = malloc(sizeof *all * (size_t)n);
                gr_rummy_game_legal_moves(g, all, (size_t)n);
                for (int i = 0; i < n; i++)
                    print_command(&v, &all[i]);
                free(all);
                continue;
            }
            if (!parse_command(s, &v, &a))
                continue;
            if (gr_rummy_game_play(g, &a) != GR_OK) {
                printf("Cannot do that: %s.\n",
                       gr_reason_text(gr_rummy_game_last_reason(g)));
                continue;
            }
            int nh = gr_rummy_game_history(g, NULL, 0);
            gr_rummy_action *hist = malloc(sizeof *hist * (size_t)nh);
            gr_rummy_game_history(g, hist, (size_t)nh);
            say_action(0, human, &hist[nh - 1]);
            free(hist);
            say_turnover(g, &turned, turnovers);
            show = true;
        }
        if (!quit) {
            gr_rummy_result res;
            gr_rummy_game_result(g, &res);
            if (res.outcome == GR_RUMMY_OUTCOME_VOID) {
                printf("The stock ran out: the hand is void; the same dealer deals again.\n");
            } else {
                printf("%s went out and score%s %d:\n", seat_name(res.winner, human, name),
                       human && res.winner == 0 ? "" : "s", res.score[res.winner]);
                for (int p = 0; p < players; p++)
                    if (p != res.winner) {
                        printf("  %s held ", seat_name(p, human, name));
                        print_hand(&res.left[p]);
                        printf(" = %d point%s\n", res.left_points[p],
                               res.left_points[p] == 1 ? "" : "s");
                    }
            }
            gr_rummy_match_record(match, &res);
            gr_rummy_match_score(match, &sc);
            print_totals(match, human);
            if (human && !sc.over && !pause_for_next())
                quit = true;
        }
        gr_rummy_game_free(g);
    }
    gr_rummy_match_score(match, &sc);
    if (sc.over)
        printf("%s win%s the match with %d points after %d hand%s.\n",
               seat_name(sc.winner, human, name), human && sc.winner == 0 ? "" : "s",
               sc.total[sc.winner], sc.hands_played, sc.hands_played == 1 ? "" : "s");
    for (int p = 0; p < players; p++)
        gr_rummy_bot_free(bots[p]);
    gr_rummy_match_free(match);
    gr_rummy_rules_free(rules);
    return status;
}
