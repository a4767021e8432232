/*
 * gin-play: play a match of Gin Rummy against a bot in the terminal, or
 * watch two bots play one (--auto).
 *
 * The person is player 0 and types short commands; the bot is player 1 and
 * decides from its gr_view only.  Cards are shown with suit symbols
 * (7♥) unless --ascii is given (7H); either form is accepted as input.
 */
#define _POSIX_C_SOURCE 200809L   /* isatty */
#include <ginrummy.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static bool ascii;                 /* --ascii: "7H" instead of "7♥" */

static const char usage[] =
    "usage: gin-play [--preset NAME] [--seed N] [--bot random|greedy]\n"
    "                [--players 2|3|4] [--rule NAME=VALUE]... [--ascii] [--auto]\n"
    "                [--help]\n"
    "Play a match of Gin Rummy against a bot (or bots).\n"
    "  --preset NAME  rules: fournier, novelty, standard, openspiel or eaai\n"
    "                 (default standard)\n"
    "  --players N    2, 3 or 4 players (4: you and South against East and\n"
    "                 West); the others are bots (default 2)\n"
    "  --rule N=V     set rule option N after the preset, e.g. hollywood=1;\n"
    "                 may be repeated\n"
    "  --seed N       seed of the match (default: from the clock)\n"
    "  --bot KIND     the opponent: random or greedy (default greedy)\n"
    "  --ascii        write suits as letters (7H) instead of symbols (7\u2665)\n"
    "  --auto         a greedy bot plays your seat: watch a whole match\n"
    "  --help         this text\n";

static const char help[] =
    "Commands:\n"
    "  d       draw from the stock\n"
    "  t       take the upcard, or the top card of the discard pile\n"
    "  p       pass (refuse the upcard on the first turn)\n"
    "  x 7H    discard the 7 of hearts\n"
    "  k 7H    discard the 7 of hearts and knock\n"
    "  g 7H    discard the 7 of hearts and go gin\n"
    "  G       big gin: lay down all eleven cards\n"
    "  ?       this help\n"
    "  q       quit\n"
    "Cards: rank A 2-10 J Q K (or T for ten), suit C D H S; case does not matter.\n";

/* ---- printing cards ------------------------------------------------------ */

/* "7♥" or "7H" into buf (at least 8 bytes) */
static const char *card_text(gr_card card, char *buf)
{
    static const char *const symbols[4] = {
        "\u2663", "\u2666", "\u2665", "\u2660"
    };
    int n = gr_card_format(card, buf, 8);       /* "7H", "10H" */
    if (!ascii && n > 0)                        /* the suit letter as a symbol */
        strcpy(buf + n - 1, symbols[GR_CARD_SUIT(card)]);
    return buf;
}

static void print_cards(gr_cards cards)
{
    char buf[8];
    const char *sep = "";
    for (gr_card c = 0; c < GR_NCARDS; c++)
        if (cards & GR_CARD_BIT(c)) {
            printf("%s%s", sep, card_text(c, buf));
            sep = " ";
        }
}

/* "[A♠ 2♠ 3♠] [7♣ 7♦ 7♥] 9♣ K♦  deadwood 19" */
static void print_arrangement(const gr_arrangement *a)
{
    for (int i = 0; i < a->nmelds; i++) {
        printf("[");
        print_cards(a->melds[i]);
        printf("] ");
    }
    print_cards(a->deadwood);
    printf("%sdeadwood %d\n", a->deadwood ? "  " : "", a->deadwood_points);
}

static void print_hand(gr_cards hand)
{
    gr_arrangement a;
    gr_arrange(hand, &a);
    print_arrangement(&a);
}

/* ---- the players --------------------------------------------------------- */

typedef struct player {
    const char *name;       /* "You", "Bot" */
    bool        you;        /* second person: "You draw", not "Bot draws" */
    gr_bot     *bot;        /* NULL for the person */
} player;

/* the verb for this player: "draw" or "draws" */
static const char *verb(const player *p, const char *you, const char *other)
{
    return p->you ? you : other;
}

/* Tell what a player just did; m.card names the card drawn.  A card drawn
 * from the stock is shown only to its owner (or when two bots play). */
static void print_move(const player *p, gr_move m, bool show_stock)
{
    char buf[8];
    printf("  %s ", p->name);
    switch (m.type) {
    case GR_MOVE_TAKE_UPCARD:
        printf("%s the upcard %s", verb(p, "take", "takes"), card_text(m.card, buf));
        break;
    case GR_MOVE_PASS:
        printf("%s", verb(p, "pass", "passes"));
        break;
    case GR_MOVE_DRAW_STOCK:
        printf("%s from the stock", verb(p, "draw", "draws"));
        if (show_stock && m.card < GR_NCARDS)
            printf(": %s", card_text(m.card, buf));
        break;
    case GR_MOVE_DRAW_DISCARD:
        printf("%s %s from the discard pile", verb(p, "take", "takes"),
               card_text(m.card, buf));
        break;
    case GR_MOVE_DISCARD:
        printf("%s %s", verb(p, "discard", "discards"), card_text(m.card, buf));
        break;
    case GR_MOVE_KNOCK:
        printf("%s %s and %s", verb(p, "discard", "discards"),
               card_text(m.card, buf), verb(p, "knock", "knocks"));
        break;
    case GR_MOVE_GIN:
        printf("%s %s and %s gin", verb(p, "discard", "discards"),
               card_text(m.card, buf), verb(p, "go", "goes"));
        break;
    case GR_MOVE_BIG_GIN:
        printf("%s big gin", verb(p, "go", "goes"));
        break;
    }
    printf("\n");
}

/* ---- the person's turn --------------------------------------------------- */

static bool legal_has(const gr_view *v, int type)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == type)
            return true;
    return false;
}

static void print_prompt(const gr_view *v)
{
    printf("Your move [");
    if (legal_has(v, GR_MOVE_DRAW_STOCK))
        printf("d ");
    if (legal_has(v, GR_MOVE_TAKE_UPCARD) || legal_has(v, GR_MOVE_DRAW_DISCARD))
        printf("t ");
    if (legal_has(v, GR_MOVE_PASS))
        printf("p ");
    if (legal_has(v, GR_MOVE_DISCARD))
        printf("x CARD ");
    if (legal_has(v, GR_MOVE_KNOCK))
        printf("k CARD ");
    if (legal_has(v, GR_MOVE_GIN))
        printf("g CARD ");
    if (legal_has(v, GR_MOVE_BIG_GIN))
        printf("G ");
    printf("? q]: ");
    fflush(stdout);
}

static void print_table(const gr_view *v, const char *score, const player *pl)
{
    char buf[8];
    printf("\n%s  Stock: %d cards.  Discard pile: ", score, v->stock_size);
    if (v->ndiscards > 0)
        printf("%s on top (%d card%s)\n",
               card_text(v->discards[v->ndiscards - 1], buf), v->ndiscards,
               v->ndiscards == 1 ? "" : "s");
    else
        printf("empty\n");
    if (v->opponent_known) {
        printf("%s is known to hold: ", pl[1 - v->player].name);
        print_cards(v->opponent_known);
        printf("\n");
    }
    printf("Your hand: ");
    print_hand(v->hand);
}

/* Why a move the person typed was refused: a hint for the next try. */
static void explain_refusal(const gr_view *v, gr_move m)
{
    char buf[8];
    bool card_move = m.type == GR_MOVE_DISCARD || m.type == GR_MOVE_KNOCK
                  || m.type == GR_MOVE_GIN;
    int left = card_move && m.card < GR_NCARDS
             ? gr_deadwood(v->hand & ~GR_CARD_BIT(m.card)) : 0;

    if (v->phase == GR_PHASE_UPCARD)
        printf("First turn: take the upcard (t) or pass (p).\n");
    else if (v->phase == GR_PHASE_WALL)
        printf("Two cards are left in the stock: take the discard (t) only to"
               " knock or go gin at once, or pass (p): the hand is void.\n");
    else if (v->phase == GR_PHASE_DRAW)
        printf("Draw first: d (stock)%s.\n",
               legal_has(v, GR_MOVE_DRAW_DISCARD) ? " or t (discard pile)" : "");
    else if (m.type == GR_MOVE_DISCARD && !legal_has(v, GR_MOVE_DISCARD))
        printf("You took the last discard: now knock (k CARD) or go gin"
               " (g CARD).\n");
    else if (!card_move && m.type != GR_MOVE_BIG_GIN)
        printf("You have drawn: now discard (x CARD), knock (k CARD) or go"
               " gin (g CARD).\n");
    else if (m.type == GR_MOVE_BIG_GIN)
        printf("Big gin needs all eleven cards melded.\n");
    else if (!(v->hand & GR_CARD_BIT(m.card)))
        printf("You do not hold %s.\n", card_text(m.card, buf));
    else if (m.type == GR_MOVE_DISCARD)
        printf("You cannot discard the card you just took from the discard"
               " pile.\n");
    else if (m.type == GR_MOVE_KNOCK && left == 0)
        printf("That is gin: type g %s.\n", card_text(m.card, buf));
    else if (m.type == GR_MOVE_KNOCK && left <= v->knock_limit)
        printf("You cannot knock with the card you just took from the"
               " discard pile.\n");
    else if (m.type == GR_MOVE_KNOCK)
        printf("To knock, the deadwood left must be at most %d; without %s"
               " it is %d.\n", v->knock_limit, card_text(m.card, buf), left);
    else if (left > 0)
        printf("Gin needs every card melded; without %s the deadwood is %d.\n",
               card_text(m.card, buf), left);
    else
        printf("You cannot go gin with the card you just took from the"
               " discard pile.\n");
}

/* Read one line; false at end of input.  Long lines are cut, not split.
 * Input that is not typed at a terminal is echoed, so that a transcript of
 * a scripted game reads like a typed one. */
static bool read_line(char *line, size_t size)
{
    if (!fgets(line, (int)size, stdin))
        return false;
    if (!strchr(line, '\n')) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
    }
    if (!isatty(STDIN_FILENO))
        printf("%.*s\n", (int)strcspn(line, "\r\n"), line);
    return true;
}

enum { ASK_MOVE, ASK_QUIT, ASK_EOF };

/* Ask the person for a legal move. */
static int ask_move(const gr_view *v, gr_move *out)
{
    char line[256];
    for (;;) {
        print_prompt(v);
        if (!read_line(line, sizeof line))
            return ASK_EOF;
        char *cmd = line + strspn(line, " \t");
        /* a blank last line without a newline ends at cmd: nothing after */
        char *arg = *cmd ? cmd + 1 + strspn(cmd + 1, " \t") : cmd;
        arg[strcspn(arg, "\r\n")] = '\0';
        gr_move m = { .type = 0, .card = GR_NO_CARD };
        switch (*cmd) {
        case 'q': case 'Q': return ASK_QUIT;
        case '?': case 'h': case 'H': fputs(help, stdout); continue;
        case '\n': case '\r': case '\0': continue;
        case 'd': case 'D': m.type = GR_MOVE_DRAW_STOCK; break;
        case 't': case 'T':
            m.type = legal_has(v, GR_MOVE_TAKE_UPCARD) ? GR_MOVE_TAKE_UPCARD
                                                     : GR_MOVE_DRAW_DISCARD;
            break;
        case 'p': case 'P': m.type = GR_MOVE_PASS; break;
        case 'x': case 'X': m.type = GR_MOVE_DISCARD; break;
        case 'k': case 'K': m.type = GR_MOVE_KNOCK; break;
        case 'g': m.type = GR_MOVE_GIN; break;
        case 'G': m.type = GR_MOVE_BIG_GIN; break;
        default:
            printf("Unknown command; type ? for help.\n");
            continue;
        }
        if ((m.type == GR_MOVE_DISCARD || m.type == GR_MOVE_KNOCK
             || m.type == GR_MOVE_GIN) && v->phase == GR_PHASE_DISCARD) {
            if (gr_card_parse(arg, &m.card) != GR_OK) {
                printf("Name the card, for example: %c 7H\n", *cmd);
                continue;
            }
        }
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == m.type
                && (m.card == GR_NO_CARD || v->legal[i].card == m.card)) {
                *out = v->legal[i];
                return ASK_MOVE;
            }
        explain_refusal(v, m);
    }
}

/* ---- one hand, one match ------------------------------------------------- */

static void print_result(const gr_hand_result *r, const player *pl,
                         gr_game *game, gr_card last_discard)
{
    char buf[8];
    if (r->outcome == GR_OUTCOME_VOID) {
        printf("The stock has run out: the hand is void, no score.\n");
        for (int p = 0; p < 2; p++) {
            gr_cards hand;
            gr_game_hand(game, p, &hand);
            printf("  %-5s ", pl[p].name);
            print_hand(hand);
        }
        return;
    }
    const player *k = &pl[r->knocker], *d = &pl[1 - r->knocker];
    printf("%s laid down", k->name);
    if (r->outcome != GR_OUTCOME_BIG_GIN && last_discard < GR_NCARDS)
        printf(" after discarding %s", card_text(last_discard, buf));
    printf(":\n  %-5s ", k->name);
    print_arrangement(&r->knocker_arrangement);
    printf("  %-5s ", d->name);
    print_arrangement(&r->defense.defender);
    if (r->defense.laid_off) {
        printf("  %s laid off: ", d->name);
        print_cards(r->defense.laid_off);
        printf("\n");
    }
    static const char *const outcome[] = {
        [GR_OUTCOME_KNOCK] = "Knock", [GR_OUTCOME_UNDERCUT] = "Undercut",
        [GR_OUTCOME_GIN] = "Gin", [GR_OUTCOME_BIG_GIN] = "Big gin"
    };
    if (r->outcome == GR_OUTCOME_TIE) {
        printf("Tie: equal deadwood, nobody scores.\n");
        return;
    }
    printf("%s: %s %s %d points%s.\n", outcome[r->outcome],
           pl[r->winner].name, verb(&pl[r->winner], "score", "scores"),
           r->points, r->multiplier == 2 ? " (doubled by the upcard)" : "");
}

static void print_final(const gr_score *s, const player *pl)
{
    printf("\n== The match is over after %d hands ==\n", s->hands_played);
    printf("%-16s %8s %8s\n", "", pl[0].name, pl[1].name);
    printf("%-16s %8d %8d\n", "hands won", s->hands_won[0], s->hands_won[1]);
    printf("%-16s %8d %8d\n", "hand points", s->hand_points[0], s->hand_points[1]);
    printf("%-16s %8d %8d\n", "game bonus", s->game_bonus[0], s->game_bonus[1]);
    printf("%-16s %8d %8d\n", "box bonus", s->box_bonus[0], s->box_bonus[1]);
    printf("%-16s %8d %8d\n", "shutout bonus", s->shutout_bonus[0],
           s->shutout_bonus[1]);
    printf("%-16s %8d %8d\n", "total", s->total[0], s->total[1]);
    printf("%s %s the match by %d points.\n", pl[s->winner].name,
           verb(&pl[s->winner], "win", "wins"), s->margin);
}

enum { HAND_OVER, HAND_LEFT, HAND_ERROR };

/* Play one hand: HAND_OVER, HAND_LEFT if the person quit or input ended,
 * HAND_ERROR if the library refused something (a bug). */
static int play_hand(gr_game *game, const player *pl, const char *score,
                      bool autoplay, gr_hand_result *out)
{
    gr_card last_discard = GR_NO_CARD;
    if (autoplay)
        for (int p = 0; p < 2; p++) {
            gr_cards hand;
            gr_game_hand(game, p, &hand);
            printf("  %-5s ", pl[p].name);
            print_hand(hand);
        }

    while (gr_game_phase(game) != GR_PHASE_OVER) {
        int turn = gr_game_turn(game);
        gr_view v;
        gr_move m;
        int rc = gr_game_view(game, turn, &v);
        if (rc == GR_OK && pl[turn].bot)
            rc = gr_bot_choose(pl[turn].bot, &v, &m);
        if (rc != GR_OK) {
            fprintf(stderr, "gin-play: %s\n", gr_strerror(rc));
            return HAND_ERROR;
        }
        if (!pl[turn].bot) {
            print_table(&v, score, pl);
            int asked = ask_move(&v, &m);
            if (asked == ASK_EOF)
                printf("\nEnd of input: the match is left unfinished.\n");
            if (asked == ASK_QUIT)
                printf("You left the match.\n");
            if (asked != ASK_MOVE)
                return HAND_LEFT;
        }
        if ((rc = gr_game_play(game, m)) != GR_OK) {
            fprintf(stderr, "gin-play: move refused: %s\n", gr_strerror(rc));
            return HAND_ERROR;
        }
        if (m.type == GR_MOVE_TAKE_UPCARD || m.type == GR_MOVE_DRAW_STOCK
            || m.type == GR_MOVE_DRAW_DISCARD) {
            gr_cards now;               /* name the card drawn */
            gr_game_hand(game, turn, &now);
            for (gr_card c = 0; c < GR_NCARDS; c++)
                if ((now & ~v.hand) & GR_CARD_BIT(c))
                    m.card = c;
        } else if (m.type != GR_MOVE_PASS && m.type != GR_MOVE_BIG_GIN) {
            last_discard = m.card;
        }
        print_move(&pl[turn], m, autoplay || !pl[turn].bot);
    }
    if (gr_game_result(game, out) != GR_OK)
        return HAND_ERROR;
    print_result(out, pl, game, last_discard);
    return HAND_OVER;
}

static void print_games(const gr_match *match, const char *const *names);

static int play_match(const gr_rules *rules, uint64_t seed, player *pl,
                      bool autoplay)
{
    gr_match *match;
    if (gr_match_new(&match, rules, seed) != GR_OK)
        return 1;
    gr_score s;
    int status = HAND_OVER;
    while (status == HAND_OVER && gr_match_score(match, &s) == GR_OK
           && !s.over) {
        gr_game *game;
        if (gr_match_deal(match, &game) != GR_OK) {
            status = HAND_ERROR;
            break;
        }
        printf("\n== Hand %d: %s %s ==\n", s.hands_played + 1,
               pl[gr_game_dealer(game)].name,
               verb(&pl[gr_game_dealer(game)], "deal", "deals"));
        gr_hand_result r;
        char line[128];
        snprintf(line, sizeof line, "%s %d, %s %d.", pl[0].name,
                 s.hand_points[0], pl[1].name, s.hand_points[1]);
        status = play_hand(game, pl, line, autoplay, &r);
        gr_game_free(game);
        if (status != HAND_OVER)
            break;
        if (gr_match_record(match, &r) != GR_OK
            || gr_match_score(match, &s) != GR_OK) {
            status = HAND_ERROR;
            break;
        }
        printf("Score: %s %d, %s %d.\n", pl[0].name, s.hand_points[0],
               pl[1].name, s.hand_points[1]);
    }
    if (status == HAND_OVER) {
        print_final(&s, pl);
        const char *names[2] = { pl[0].name, pl[1].name };
        print_games(match, names);
    }
    gr_match_free(match);
    return status == HAND_ERROR ? 1 : 0;
}

/* ---- three and four players (G40) ---------------------------------------- */

/* One line per score row of a standing, a column per side. */
static void print_standing(const gr_standing *s, const char *const *names)
{
    static const char *const rows[] = {
        "hands won", "hand points", "game bonus", "box bonus",
        "shutout bonus", "total"
    };
    printf("%-16s", "");
    for (int i = 0; i < s->nsides; i++)
        printf(" %14s", names[i]);
    printf("\n");
    for (int r = 0; r < 6; r++) {
        const int *v = r == 0 ? s->hands_won : r == 1 ? s->hand_points
                     : r == 2 ? s->game_bonus : r == 3 ? s->box_bonus
                     : r == 4 ? s->shutout_bonus : s->total;
        printf("%-16s", rows[r]);
        for (int i = 0; i < s->nsides; i++)
            printf(" %14d", v[i]);
        printf("\n");
    }
}

/* Under Hollywood scoring (G35), each of the three games. */
static void print_games(const gr_match *match, const char *const *names)
{
    gr_standing g;
    if (gr_match_standing(match, 1, &g) != GR_OK)
        return;   /* not Hollywood */
    for (int i = 0; i < 3; i++) {
        gr_match_standing(match, i, &g);
        printf("\nHollywood game %d:%s%s\n", i + 1, g.winner >= 0 ? " won by " : "",
               g.winner >= 0 ? names[g.winner] : "");
        print_standing(&g, names);
    }
}

/* "You 30, East 20, West 0." or "You & South 45, East & West 25." */
static void score_text(const gr_standing *s, const char *const *names,
                       char *buf, size_t size)
{
    size_t n = 0;
    for (int i = 0; i < s->nsides && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s %d", i ? ", " : "",
                              names[i], s->hand_points[i]);
    if (n < size)
        snprintf(buf + n, size - n, ".");
}

static int play_table_match(const gr_rules *rules, uint64_t seed, int players,
                            player *seat, bool autoplay)
{
    gr_match *match;
    if (gr_match_new_players(&match, rules, seed, players) != GR_OK)
        return 1;
    char team[2][48];
    const char *names[3];
    if (players == 4) {
        snprintf(team[0], sizeof team[0], "%s & %s", seat[0].name, seat[2].name);
        snprintf(team[1], sizeof team[1], "%s & %s", seat[1].name, seat[3].name);
        names[0] = team[0];
        names[1] = team[1];
    } else {
        for (int i = 0; i < 3; i++)
            names[i] = seat[i].name;
    }
    gr_standing s;
    int status = HAND_OVER;
    while (status == HAND_OVER && gr_match_standing(match, GR_MATCH_ALL, &s) == GR_OK
           && !s.over) {
        for (int t = 0; t < gr_match_tables(match) && status == HAND_OVER; t++) {
            gr_table tab;
            gr_game *game;
            if (gr_match_table(match, t, &tab) != GR_OK
                || gr_match_deal_table(match, t, &game) != GR_OK) {
                status = HAND_ERROR;
                break;
            }
            player pl[2] = { seat[tab.seats[0]], seat[tab.seats[1]] };
            const player *d = &seat[tab.dealer_seat];
            printf("\n== %s %d%s: %s against %s; %s %s%s ==\n",
                   players == 4 ? "Deal" : "Hand", s.hands_played + 1,
                   players == 4 ? (t == 0 ? ", table 1" : ", table 2") : "",
                   pl[0].name, pl[1].name, d->name, verb(d, "deal", "deals"),
                   players == 3 ? verb(d, " and sit out", " and sits out") : "");
            char line[160];
            score_text(&s, names, line, sizeof line);
            gr_hand_result r;
            status = play_hand(game, pl, line, autoplay, &r);
            gr_game_free(game);
            if (status == HAND_OVER && gr_match_record_table(match, t, &r) != GR_OK)
                status = HAND_ERROR;
        }
        if (status == HAND_OVER && gr_match_standing(match, GR_MATCH_ALL, &s) == GR_OK) {
            char line[160];
            score_text(&s, names, line, sizeof line);
            printf("Score: %s\n", line);
        }
    }
    if (status == HAND_OVER) {
        printf("\n== The match is over after %d %s ==\n", s.hands_played,
               players == 4 ? "deals" : "hands");
        print_standing(&s, names);
        if (s.winner >= 0)
            printf("%s %s the match by %d points.\n", names[s.winner],
                   players == 4 ? "win"
                   : verb(&seat[s.winner], "win", "wins"), s.margin);
        print_games(match, names);
    }
    gr_match_free(match);
    return status == HAND_ERROR ? 1 : 0;
}

/* ---- options ------------------------------------------------------------- */

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "gin-play: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? arg : "", usage);
    return 2;
}

int main(int argc, char **argv)
{
    int preset = GR_PRESET_STANDARD, kind = GR_BOT_GREEDY;
    uint64_t seed = (uint64_t)time(NULL);
    bool autoplay = false;
    int players = 2, nrules = 0;
    const char *rule_args[64];

    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        const char *arg = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "--help")) {
            fputs(usage, stdout);
            fputs(help, stdout);
            return 0;
        } else if (!strcmp(opt, "--ascii")) {
            ascii = true;
        } else if (!strcmp(opt, "--auto")) {
            autoplay = true;
        } else if (!strcmp(opt, "--preset") || !strcmp(opt, "--bot")
                   || !strcmp(opt, "--seed") || !strcmp(opt, "--players")
                   || !strcmp(opt, "--rule")) {
            if (!arg)
                return bad_usage("missing value after", opt);
            i++;
            if (!strcmp(opt, "--players")) {
                if (strlen(arg) != 1 || arg[0] < '2' || arg[0] > '4')
                    return bad_usage("players must be 2, 3 or 4", arg);
                players = arg[0] - '0';
            }
            if (!strcmp(opt, "--rule")) {
                if (nrules == 64)
                    return bad_usage("too many rules", arg);
                rule_args[nrules++] = arg;
            }
            if (!strcmp(opt, "--preset") && (preset = gr_preset_lookup(arg)) < 0)
                return bad_usage("unknown preset", arg);
            if (!strcmp(opt, "--bot") && (kind = gr_bot_lookup(arg)) < 0)
                return bad_usage("unknown bot", arg);
            if (!strcmp(opt, "--seed")) {
                char *end;
                errno = 0;
                seed = strtoull(arg, &end, 10);
                if (errno || end == arg || *end || *arg == '-')
                    return bad_usage("bad seed", arg);
            }
        } else {
            return bad_usage("unknown option", opt);
        }
    }

    gr_rules *rules;
    if (gr_rules_new(&rules, preset) != GR_OK)
        return 1;
    for (int i = 0; i < nrules; i++)
        if (gr_rules_set_text(rules, rule_args[i]) != GR_OK) {
            gr_rules_free(rules);
            return bad_usage("unknown rule or value out of range", rule_args[i]);
        }
    player pl[2] = {
        { autoplay ? "North" : "You", !autoplay, NULL },
        { autoplay ? "South" : "Bot", false, NULL },
    };
    if ((autoplay && gr_bot_new(&pl[0].bot, GR_BOT_GREEDY, seed ^ 0x9E37u) != GR_OK)
        || gr_bot_new(&pl[1].bot, kind, seed ^ 0x79B9u) != GR_OK)
        return 1;

    printf("Gin Rummy, %s rules, seed %llu.\n",
           preset == GR_PRESET_FOURNIER ? "Fournier"
           : preset == GR_PRESET_NOVELTY ? "Novelty"
           : preset == GR_PRESET_OPENSPIEL ? "OpenSpiel"
           : preset == GR_PRESET_EAAI ? "EAAI" : "standard",
           (unsigned long long)seed);
    const char *kind_name = kind == GR_BOT_RANDOM ? "random" : "greedy";
    int rc;
    if (players == 2) {
        if (autoplay)
            printf("North is a greedy bot, South a %s bot.\n", kind_name);
        else
            printf("You play against the %s bot; type ? for help.\n", kind_name);
        rc = play_match(rules, seed, pl, autoplay);
    } else {
        /* seats 0..3: you (or North), East, South, West; 3 players: no South */
        player seat[4] = {
            pl[0], { "East", false, pl[1].bot }, { "South", false, NULL },
            { "West", false, NULL },
        };
        if (players == 3)
            seat[2] = seat[3];
        for (int p = 2; p < players; p++)
            if (gr_bot_new(&seat[p].bot, kind, seed ^ (0x1234u * (unsigned)p)) != GR_OK)
                return 1;
        if (players == 4)
            printf("%s and South play against East and West.\n", seat[0].name);
        printf("%s %s; the others are %s bots%s.\n", seat[0].name,
               autoplay ? "is a greedy bot" : "play", kind_name,
               autoplay ? "" : "; type ? for help");
        rc = play_table_match(rules, seed, players, seat, autoplay);
        for (int p = 2; p < players; p++)
            gr_bot_free(seat[p].bot);
    }

    gr_bot_free(pl[0].bot);
    gr_bot_free(pl[1].bot);
    gr_rules_free(rules);
    return rc;
}
