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
#include <strings.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static bool ascii;                 /* --ascii: "7H" instead of "7♥" */

/* the buffer of a line that holds a command: 511 characters at most, as
 * rummy-play's */
enum { LINE_SIZE = 512 };

static const char usage[] =
    "usage: gin-play [--preset NAME] [--seed N] [--bot random|greedy|expert]\n"
    "                [--players 2|3|4] [--rule NAME=VALUE]... [--ascii] [--auto]\n"
    "                [--help]\n"
    "Play a match of Gin Rummy against a bot (or bots).\n"
    "  --preset NAME  rules: fournier, novelty, standard, openspiel or eaai\n"
    "                 (default fournier, the library's default preset)\n"
    "  --players N    2, 3 or 4 players (4: you and South against East and\n"
    "                 West); the others are bots (default 2)\n"
    "  --rule N=V     set rule option N after the preset, e.g. hollywood=1;\n"
    "                 may be repeated\n"
    "  --seed N       seed of the match (default: from the clock)\n"
    "  --bot KIND     the opponent: random, greedy or expert (default greedy)\n"
    "  --ascii        write suits as letters (7H) instead of symbols (7\u2665)\n"
    "  --auto         a greedy bot plays your seat: watch a whole match\n"
    "  -h, --help     this text\n"
    "Options take their value as --seed 5 or --seed=5.\n";

static const char help[] =
    "Commands (a whole word or its abbreviation; case does not matter):\n"
    "  draw, d           draw from the stock\n"
    "  take, t           take the upcard, or the top card of the discard pile\n"
    "  pass, p           pass (refuse the upcard on the first turn)\n"
    "  discard 7H, x 7H  discard the 7 of hearts; a card alone (7H) discards it\n"
    "  knock 7H, k 7H    discard the 7 of hearts and knock; you choose the\n"
    "                    melds you show when there is a choice\n"
    "  gin [7H], g [7H]  discard (the 7 of hearts) and go gin\n"
    "  big gin           lay down all eleven cards melded\n"
    "  hint              advice: take or draw, the best discard, how to knock\n"
    "                    by deadwood alone, then the expert's choice, which\n"
    "                    also weighs his likely cards and the match score\n"
    "  help, ?           this help\n"
    "  quit, q           leave the match (asks first)\n"
    "Cards: rank A 2-10 J Q K (or T for ten), suit C D H S; case does not matter.\n"
    "When the bot knocks you may choose your layoffs (Enter: the best ones;\n"
    "none, or the cards; hint and ? work there too).\n"
    "Between hands press Enter to go on.\n";

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

/* the cards the person may discard now (not the one just taken, G11) */
static gr_cards discardable(const gr_view *v)
{
    gr_cards ok = 0;
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == GR_MOVE_DISCARD)
            ok |= GR_CARD_BIT(v->legal[i].card);
    return ok;
}

static gr_cards pile_cards(const gr_view *v)
{
    gr_cards c = 0;
    for (int i = 0; i < v->ndiscards; i++)
        c |= GR_CARD_BIT(v->discards[i]);
    return c;
}

static void print_prompt(const gr_view *v)
{
    printf("Your move [");
    if (legal_has(v, GR_MOVE_DRAW_STOCK))
        printf("draw ");
    if (legal_has(v, GR_MOVE_TAKE_UPCARD) || legal_has(v, GR_MOVE_DRAW_DISCARD))
        printf("take ");
    if (legal_has(v, GR_MOVE_PASS))
        printf("pass ");
    if (legal_has(v, GR_MOVE_DISCARD))
        printf("discard CARD ");
    if (legal_has(v, GR_MOVE_KNOCK))
        printf("knock CARD ");
    if (legal_has(v, GR_MOVE_GIN))
        printf("gin ");
    if (legal_has(v, GR_MOVE_BIG_GIN))
        printf("big gin ");
    printf("hint ? quit]: ");
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
    if (v->phase == GR_PHASE_DISCARD) {   /* 11 cards: what the best discard leaves */
        gr_card best;
        gr_cards ok = discardable(v);
        if (ok && gr_best_discard_except(v->hand, v->hand & ~ok, &best) >= 0) {
            printf("Best discard %s leaves: ", card_text(best, buf));
            print_hand(v->hand & ~GR_CARD_BIT(best));
        }
    }
}

/* Why a move the person typed was refused: the library's reason, with a
 * hint for the next try. */
static void explain_refusal(const gr_view *v, gr_move m, int reason)
{
    char buf[8];
    switch (reason) {
    case GR_REASON_WRONG_PHASE:
        if (v->phase == GR_PHASE_UPCARD)
            printf("First turn: take the upcard (take) or pass (pass).\n");
        else if (v->phase == GR_PHASE_WALL)
            printf("Two cards are left in the stock: take the discard (take) only"
                   " to knock or go gin at once, or pass (pass): the hand is"
                   " void.\n");
        else if (v->phase == GR_PHASE_DRAW)
            printf("Draw first: draw (the stock)%s.\n",
                   legal_has(v, GR_MOVE_DRAW_DISCARD) ? " or take (the discard pile)" : "");
        else
            printf("You have drawn: now discard, knock or go gin (for example:"
                   " discard 7H).\n");
        return;
    case GR_REASON_NOT_IN_HAND:
        printf("You do not hold %s.\n", card_text(m.card, buf));
        return;
    case GR_REASON_OVER_LIMIT:
        printf("To knock, the deadwood left must be at most %d; without %s it"
               " is %d.\n", v->knock_limit, card_text(m.card, buf),
               gr_deadwood(v->hand & ~GR_CARD_BIT(m.card)));
        return;
    case GR_REASON_NOT_GIN:
        printf("Gin needs every card melded; without %s the deadwood is %d.\n",
               card_text(m.card, buf), gr_deadwood(v->hand & ~GR_CARD_BIT(m.card)));
        return;
    default:
        printf("Not allowed: %s.\n", gr_reason_text(reason));
        return;
    }
}

/* set by read_line when the last line read did not fit its buffer */
static bool line_too_long;

/* Read one line; false at end of input.  A line is one command: one that
 * does not fit the buffer is read to its end and dropped whole (the
 * buffer then holds nothing and line_too_long is set), never split; a
 * prompt that reads commands refuses it (refused_too_long).  Input that
 * is not typed at a terminal is echoed (what fitted the buffer), so that
 * a transcript of a scripted game reads like a typed one. */
static bool read_line(char *line, size_t size)
{
    line_too_long = false;
    if (!fgets(line, (int)size, stdin))
        return false;
    if (!strchr(line, '\n')) {
        int c = getchar();
        if (c == '\r')
            c = getchar();
        if (c != EOF && c != '\n') {
            while ((c = getchar()) != EOF && c != '\n')
                ;
            line_too_long = true;
        }
    }
    if (!isatty(STDIN_FILENO))
        printf("%.*s\n", (int)strcspn(line, "\r\n"), line);
    if (line_too_long)
        line[0] = '\0';
    line[strcspn(line, "\r\n")] = '\0';
    return true;
}

/* After read_line(line, size) at a prompt that reads commands: true, with
 * the refusal said, when the line did not fit (none of it is played). */
static bool refused_too_long(size_t size)
{
    if (line_too_long)
        printf("line too long (at most %d characters); nothing played\n", (int)size - 1);
    return line_too_long;
}

/* Ask a yes/no question; end of input counts as `eof_answer`. */
static bool ask_yes(const char *question, bool eof_answer)
{
    char line[64];
    printf("%s [y/N]: ", question);
    fflush(stdout);
    if (!read_line(line, sizeof line))
        return eof_answer;
    char *w = line + strspn(line, " \t");
    return !strcasecmp(w, "y") || !strcasecmp(w, "yes");
}

/* ---- commands ------------------------------------------------------------ */

enum { CMD_MOVE, CMD_HELP, CMD_HINT, CMD_QUIT, CMD_EMPTY, CMD_ERROR };

typedef struct command {
    int     kind;
    gr_move move;
    char    message[160];   /* CMD_ERROR: what was wrong */
} command;

/* Split a line into at most 3 words (the rest counts as more). */
static int split(char *line, char *words[4])
{
    int n = 0;
    for (char *t = strtok(line, " \t"); t; t = strtok(NULL, " \t")) {
        if (n == 4)
            return 5;
        words[n++] = t;
    }
    return n;
}

static bool is_word(const char *w, const char *full, const char *abbrev)
{
    return !strcasecmp(w, full) || (abbrev && !strcasecmp(w, abbrev));
}

/* Read a command: whole words or their abbreviations, nothing guessed. */
static void parse_command(const char *text, const gr_view *v, command *c)
{
    char line[LINE_SIZE], *w[4];
    snprintf(line, sizeof line, "%s", text);
    int n = split(line, w);
    memset(c, 0, sizeof *c);
    c->move.card = GR_NO_CARD;
    if (n == 0) {
        c->kind = CMD_EMPTY;
        return;
    }
    gr_card card;
    int want_card = 0;   /* 0 no card, 1 a card, 2 an optional card */
    if (is_word(w[0], "help", "?") || is_word(w[0], "h", NULL)) {
        c->kind = CMD_HELP;
    } else if (is_word(w[0], "hint", NULL)) {
        c->kind = CMD_HINT;
    } else if (is_word(w[0], "quit", "q")) {
        c->kind = CMD_QUIT;
    } else if (is_word(w[0], "draw", "d")) {
        c->move.type = GR_MOVE_DRAW_STOCK;
    } else if (is_word(w[0], "take", "t")) {
        c->move.type = legal_has(v, GR_MOVE_DRAW_DISCARD) ? GR_MOVE_DRAW_DISCARD
                                                          : GR_MOVE_TAKE_UPCARD;
    } else if (is_word(w[0], "pass", "p")) {
        c->move.type = GR_MOVE_PASS;
    } else if (is_word(w[0], "discard", "x")) {
        c->move.type = GR_MOVE_DISCARD;
        want_card = 1;
    } else if (is_word(w[0], "knock", "k")) {
        c->move.type = GR_MOVE_KNOCK;
        want_card = 1;
    } else if (is_word(w[0], "gin", "g")) {
        c->move.type = GR_MOVE_GIN;
        want_card = 2;
    } else if (is_word(w[0], "big", NULL) && n >= 2 && is_word(w[1], "gin", NULL)) {
        c->move.type = GR_MOVE_BIG_GIN;
        w[1] = w[0];   /* "big gin" counts as one word */
        n--;
    } else if (n == 1 && gr_card_parse(w[0], &card) == GR_OK) {
        c->move.type = GR_MOVE_DISCARD;   /* a bare card discards it */
        c->move.card = card;
        c->kind = CMD_MOVE;
        return;
    } else {
        c->kind = CMD_ERROR;
        snprintf(c->message, sizeof c->message,
                 "Unknown command \"%.40s\"; type ? for help.", w[0]);
        return;
    }
    if (c->move.type == 0) {   /* help, hint, quit: nothing after them */
        if (n > 1) {
            c->kind = CMD_ERROR;
            snprintf(c->message, sizeof c->message,
                     "\"%.20s\" takes nothing after it; type ? for help.", w[0]);
        }
        return;
    }
    c->kind = CMD_MOVE;
    if (n > (want_card ? 2 : 1)) {
        c->kind = CMD_ERROR;
        snprintf(c->message, sizeof c->message, "Too many words after \"%.20s\".",
                 w[0]);
        return;
    }
    if (want_card && n == 2) {
        gr_parse_error e;
        if (gr_card_parse_ex(w[1], &c->move.card, &e) != GR_OK) {
            c->kind = CMD_ERROR;
            snprintf(c->message, sizeof c->message,
                     "\"%.20s\" is not a card (for example 7H, 10S, QD).", w[1]);
        }
    } else if (want_card == 1) {
        c->kind = CMD_ERROR;
        snprintf(c->message, sizeof c->message,
                 "Name the card, for example: %s 7H", w[0]);
    } else if (want_card == 2) {   /* gin without a card: the one that goes gin */
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == GR_MOVE_GIN) {
                c->move.card = v->legal[i].card;
                break;
            }
        if (c->move.card == GR_NO_CARD) {
            c->kind = CMD_ERROR;
            snprintf(c->message, sizeof c->message, "%s",
                     v->phase == GR_PHASE_DISCARD ? "No discard gives gin now."
                     : "Draw first: gin is a discard (for example: gin 7H).");
        }
    }
}

/* ---- advice ------------------------------------------------------------------ */

/* the expert bot that suggests a move with every hint (gr_bot_explain) */
static gr_bot *hint_bot;

static void print_rule_hint(const gr_view *v);

/* print text, its words that are cards ("QD", "10H") as card_text shows them */
static void print_with_cards(const char *text)
{
    while (*text) {
        size_t n = strcspn(text, " ,:;()");
        char word[8], buf[8];
        gr_card c;
        if (n > 0 && n < sizeof word) {
            memcpy(word, text, n);
            word[n] = '\0';
        }
        if (n > 0 && n < sizeof word && gr_card_parse(word, &c) == GR_OK)
            fputs(card_text(c, buf), stdout);
        else
            fwrite(text, 1, n ? n : 1, stdout);
        text += n ? n : 1;
    }
}

static void print_hint(const gr_view *v)
{
    print_rule_hint(v);
    gr_move m;
    char line[256];
    if (hint_bot && gr_bot_choose(hint_bot, v, &m) == GR_OK
        && gr_bot_explain(hint_bot, line, sizeof line) > 0) {
        printf("Expert: ");
        print_with_cards(line);
        printf(".\n");
    }
}

static void print_rule_hint(const gr_view *v)
{
    char buf[8], buf2[8];
    if (v->phase == GR_PHASE_UPCARD || v->phase == GR_PHASE_DRAW) {
        gr_take_advice a;
        if (gr_view_advise_take(v, &a) != GR_OK) {
            printf("Hint: draw from the stock (the discard pile is not offered).\n");
            return;
        }
        gr_card offered = GR_NO_CARD;
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == GR_MOVE_TAKE_UPCARD
                || v->legal[i].type == GR_MOVE_DRAW_DISCARD)
                offered = v->legal[i].card;
        printf("Hint: taking %s and discarding %s leaves deadwood %d; a blind draw"
               " leaves %.1f on average (%d to %d).  %s\n",
               card_text(offered, buf), card_text(a.take_discard, buf2),
               a.take_deadwood, a.draw_expected, a.draw_best, a.draw_worst,
               a.take ? "By deadwood alone: take it."
                      : v->phase == GR_PHASE_UPCARD ? "By deadwood alone: pass."
                                                    : "By deadwood alone: draw.");
        return;
    }
    gr_cards ok = discardable(v);
    gr_card best;
    int left = gr_best_discard_except(v->hand, v->hand & ~ok, &best);
    if (left < 0)
        return;
    if (legal_has(v, GR_MOVE_BIG_GIN)) {
        printf("Hint: big gin!  Type: big gin\n");
        return;
    }
    if (left == 0 && legal_has(v, GR_MOVE_GIN)) {
        printf("Hint: gin by discarding %s.\n", card_text(best, buf));
        return;
    }
    if (left <= v->knock_limit && legal_has(v, GR_MOVE_KNOCK)) {
        gr_knock_advice k;
        if (gr_advise_knock(v->hand & ~GR_CARD_BIT(best), v->knock_limit,
                            pile_cards(v) | GR_CARD_BIT(best), &k) == GR_OK) {
            printf("Hint: you can knock discarding %s and showing ", card_text(best, buf));
            print_arrangement(&k.arrangement);
            printf("      (the defender could lay off %d card%s on it).\n",
                   k.layoffs, k.layoffs == 1 ? "" : "s");
            return;
        }
    }
    printf("Hint: by deadwood alone, discard %s (deadwood %d left).\n",
           card_text(best, buf), left);
}

/* ---- choosing what to show and what to lay off -------------------------------- */

/* The arrangement the person shows when knocking with `discard`: the
 * advised one unless he picks another.  false at end of input or quit. */
static void choose_knock(const gr_view *v, gr_card discard, gr_arrangement *out,
                         bool *chosen)
{
    gr_arrangement list[32];
    gr_cards kept = v->hand & ~GR_CARD_BIT(discard);
    int n = gr_arrangements(kept, v->knock_limit, list, 32);
    *chosen = false;
    if (n <= 1 || n > 32)
        return;
    gr_knock_advice k;
    if (gr_advise_knock(kept, v->knock_limit, pile_cards(v) | GR_CARD_BIT(discard),
                        &k) != GR_OK)
        return;
    /* the advised one first */
    for (int i = 0; i < n; i++)
        if (!memcmp(&list[i], &k.arrangement, sizeof list[i])) {
            gr_arrangement t = list[0];
            list[0] = list[i];
            list[i] = t;
        }
    printf("You may show:\n");
    for (int i = 0; i < n; i++) {
        printf("  %d) ", i + 1);
        print_arrangement(&list[i]);
    }
    if (k.arrangement.deadwood_points == 0)
        printf("(1 is gin: no deadwood.)\n");
    else
        printf("(1 leaves the fewest possible layoffs: %d.)\n", k.layoffs);
    char line[LINE_SIZE];
    for (;;) {
        printf("Show which? [1-%d, Enter for 1]: ", n);
        fflush(stdout);
        if (!read_line(line, sizeof line))
            break;
        if (refused_too_long(sizeof line))
            continue;
        char *w = line + strspn(line, " \t"), *end;
        if (!*w)
            break;
        long pick = strtol(w, &end, 10);
        if (*end == '\0' && pick >= 1 && pick <= n) {
            *out = list[pick - 1];
            *chosen = true;
            return;
        }
        printf("Type a number from 1 to %d.\n", n);
    }
    *out = list[0];
    *chosen = true;
}

static const char layoff_help[] =
    "Say which of your cards you lay off on the knocker's melds:\n"
    "  Enter       the best layoffs\n"
    "  none        lay off nothing\n"
    "  6S 7S       lay off those cards (one or more, with blanks between)\n"
    "  hint        which layoffs are best\n"
    "  help, ?     this help\n"
    "The other commands (draw, discard, quit...) come back with your next move.\n";

/* after a word the layoff prompt does not take */
static const char layoff_expected[] =
    "name the cards to lay off (for example 6S 7S), none, or press Enter for"
    " the best; ? for help.\n";

/* a word of the move prompt (not taken at the layoff prompt) */
static bool is_command_word(const char *w)
{
    static const char *const words[] = {
        "draw", "d", "take", "t", "pass", "p", "discard", "x", "knock", "k",
        "gin", "g", "big", "quit", "q"
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (is_word(w, words[i], NULL))
            return true;
    return false;
}

/* After the bot knocked: let the person choose his layoffs (Enter keeps
 * the best ones the game chose). */
static void choose_layoffs(gr_game *game, const player *pl)
{
    gr_hand_result r;
    if (gr_game_result(game, &r) != GR_OK || r.outcome == GR_OUTCOME_VOID
        || !pl[1 - r.knocker].you)
        return;
    gr_cards mine;
    gr_game_hand(game, 1 - r.knocker, &mine);
    gr_cards t[GR_MAX_MELDS];
    int n = gr_layoff_targets(&r.knocker_arrangement, mine, 0, t);
    gr_cards any = 0;
    for (int i = 0; i < n; i++)
        any |= t[i];
    if (n <= 0 || !any)
        return;
    /* can he lay off at all (G18)? try the best layoff including the first */
    gr_layoff probe;
    gr_cards first = any & (~any + 1);
    if (gr_layoff_build(&r.knocker_arrangement, mine, first, &probe) < 0
        || gr_game_defend(game, &probe) != GR_OK) {
        if (gr_game_last_reason(game) == GR_REASON_NO_LAYOFF_AFTER_GIN)
            return;   /* G18: no layoff after gin */
    }
    gr_game_defend(game, &r.defense);   /* back to the best */
    printf("%s knocked showing ", pl[r.knocker].name);
    print_arrangement(&r.knocker_arrangement);
    printf("You can lay off now:");
    for (int i = 0; i < n; i++)
        if (t[i]) {
            printf(" ");
            print_cards(t[i]);
            printf(" on [");
            print_cards(r.knocker_arrangement.melds[i]);
            printf("]");
        }
    printf(" (chains may add more).\nThe best layoffs: ");
    if (r.defense.laid_off)
        print_cards(r.defense.laid_off);
    else
        printf("none");
    printf(", deadwood %d.\n", r.defense.defender.deadwood_points);
    char line[LINE_SIZE];
    for (;;) {
        printf("Lay off which cards? [Enter: the best, none, CARDS, hint ?]: ");
        fflush(stdout);
        if (!read_line(line, sizeof line))
            return;
        if (refused_too_long(sizeof line))
            continue;
        char *w = line + strspn(line, " \t");
        size_t len = strlen(w);
        while (len > 0 && (w[len - 1] == ' ' || w[len - 1] == '\t'))
            w[--len] = '\0';
        if (!*w)
            return;
        size_t wlen = strcspn(w, " \t");   /* the first word */
        char word[16];
        snprintf(word, sizeof word, "%.*s", (int)wlen, w);
        bool alone = w[wlen] == '\0';
        if (alone && (is_word(word, "help", "?") || is_word(word, "h", NULL))) {
            fputs(layoff_help, stdout);
            continue;
        }
        if (alone && is_word(word, "hint", NULL)) {
            printf("Hint: lay off ");
            if (r.defense.laid_off)
                print_cards(r.defense.laid_off);
            else
                printf("nothing (none)");
            printf(", leaving deadwood %d; Enter chooses this.\n",
                   r.defense.defender.deadwood_points);
            continue;
        }
        if (is_word(word, "none", NULL) && !alone) {
            printf("Type none alone to lay off nothing, or name the cards.\n");
            continue;
        }
        gr_cards laid = 0;
        gr_parse_error e;
        if (!is_word(word, "none", NULL) && gr_cards_parse_ex(w, &laid, &e) != GR_OK) {
            if (e.reason == GR_REASON_DUPLICATE_CARD)
                printf("\"%.*s\" is named twice: name each card once.\n",
                       (int)e.length, w + e.offset);
            else if (e.offset == 0 && is_command_word(word))
                printf("\"%s\" is not a layoff: %s", word, layoff_expected);
            else
                printf("\"%.*s\" is not a card: %s", (int)e.length, w + e.offset,
                       layoff_expected);
            continue;
        }
        gr_layoff d;
        int rc = gr_layoff_build(&r.knocker_arrangement, mine, laid, &d);
        if (rc < 0) {
            printf("Those cards cannot all be laid off (%s).\n",
                   (laid & ~mine) ? "you do not hold them all"
                                  : gr_reason_text(GR_REASON_CANNOT_LAY_OFF));
            continue;
        }
        if (gr_game_defend(game, &d) != GR_OK) {
            printf("Not allowed: %s.\n", gr_reason_text(gr_game_last_reason(game)));
            continue;
        }
        return;
    }
}

enum { ASK_MOVE, ASK_QUIT, ASK_EOF };

/* Ask the person for a legal move; a knock may come with the arrangement
 * he chose (*shown, *has_shown). */
static int ask_move(gr_game *game, const gr_view *v, gr_move *out,
                    gr_arrangement *shown, bool *has_shown)
{
    char line[LINE_SIZE];
    *has_shown = false;
    for (;;) {
        print_prompt(v);
        if (!read_line(line, sizeof line))
            return ASK_EOF;
        if (refused_too_long(sizeof line))
            continue;
        command c;
        parse_command(line, v, &c);
        switch (c.kind) {
        case CMD_EMPTY:
            continue;
        case CMD_HELP:
            fputs(help, stdout);
            continue;
        case CMD_HINT:
            print_hint(v);
            continue;
        case CMD_ERROR:
            printf("%s\n", c.message);
            continue;
        case CMD_QUIT:
            if (ask_yes("Really leave the match?", true))
                return ASK_QUIT;
            continue;
        default:
            break;
        }
        /* try it on a copy: the library says whether and why not */
        gr_game *probe;
        if (gr_game_clone(&probe, game) != GR_OK)
            return ASK_EOF;
        int rc = gr_game_play(probe, c.move), why = gr_game_last_reason(probe);
        gr_game_free(probe);
        if (rc != GR_OK) {
            explain_refusal(v, c.move, why);
            continue;
        }
        *out = c.move;
        if (c.move.type == GR_MOVE_KNOCK)
            choose_knock(v, c.move.card, shown, has_shown);
        return ASK_MOVE;
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
        gr_arrangement shown;
        bool has_shown = false;
        if (rc == GR_OK && pl[turn].bot) {
            rc = gr_bot_choose(pl[turn].bot, &v, &m);
            /* the bot chooses the melds it shows (the expert: those least
             * laid off against) */
            if (rc == GR_OK && (m.type == GR_MOVE_KNOCK || m.type == GR_MOVE_GIN)) {
                rc = gr_bot_arrange(pl[turn].bot, &v, m.card, &shown);
                has_shown = rc == GR_OK;
            }
        }
        if (rc != GR_OK) {
            fprintf(stderr, "gin-play: %s\n", gr_strerror(rc));
            return HAND_ERROR;
        }
        if (!pl[turn].bot) {
            print_table(&v, score, pl);
            int asked = ask_move(game, &v, &m, &shown, &has_shown);
            if (asked == ASK_EOF)
                printf("\nEnd of input: the match is left unfinished.\n");
            if (asked == ASK_QUIT)
                printf("You left the match.\n");
            if (asked != ASK_MOVE)
                return HAND_LEFT;
        }
        gr_card drawn = GR_NO_CARD;
        rc = has_shown ? gr_game_knock(game, m.card, &shown)
                       : gr_game_play_drawn(game, m, &drawn);
        if (rc != GR_OK) {
            fprintf(stderr, "gin-play: move refused: %s (%s)\n", gr_strerror(rc),
                    gr_reason_text(gr_game_last_reason(game)));
            return HAND_ERROR;
        }
        if (!pl[turn].bot && hint_bot   /* the hints follow the whole hand */
            && (rc = gr_bot_observe(hint_bot, &v, m)) != GR_OK) {
            fprintf(stderr, "gin-play: %s\n", gr_strerror(rc));
            return HAND_ERROR;
        }
        if (drawn != GR_NO_CARD)
            m.card = drawn;             /* name the card drawn */
        else if (m.type != GR_MOVE_PASS && m.type != GR_MOVE_BIG_GIN)
            last_discard = m.card;
        print_move(&pl[turn], m, autoplay || !pl[turn].bot);
        if (pl[turn].bot && !autoplay && gr_game_phase(game) == GR_PHASE_OVER)
            choose_layoffs(game, pl);
    }
    if (gr_game_result(game, out) != GR_OK)
        return HAND_ERROR;
    print_result(out, pl, game, last_discard);
    return HAND_OVER;
}

static void print_games(const gr_match *match, const char *const *names);

/* After a hand a person played: a pause, so that lines typed ahead do not
 * play the next hand; false at the end of input. */
static bool pause_for_next(void)
{
    char line[256];
    if (isatty(STDIN_FILENO))
        tcflush(STDIN_FILENO, TCIFLUSH);
    printf("Press Enter for the next hand: ");
    fflush(stdout);
    if (!read_line(line, sizeof line)) {
        printf("\nEnd of input: the match is left unfinished.\n");
        return false;
    }
    return true;
}

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
        for (int p = 0; p < 2; p++) {   /* the expert plays for the match */
            gr_bot *b = pl[p].bot ? pl[p].bot : hint_bot;
            if (b)
                gr_bot_set_score(b, s.hand_points[p], s.hand_points[1 - p]);
        }
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
        if (!autoplay && !s.over && !pause_for_next()) {
            status = HAND_LEFT;
            break;
        }
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
            if (!autoplay && !s.over && !pause_for_next())
                status = HAND_LEFT;
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

/* "--name value" or "--name=value": the value of option `name` at argv[*i]
 * (moving *i past it), NULL if argv[*i] is another option; *missing when
 * the value is absent. */
static const char *option_value(int argc, char **argv, int *i, const char *name,
                                bool *missing)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    *missing = false;
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

int main(int argc, char **argv)
{
    int preset = GR_PRESET_FOURNIER, kind = GR_BOT_GREEDY;
    uint64_t seed = (uint64_t)time(NULL);
    bool autoplay = false;
    int players = 2, nrules = 0;
    const char *rule_args[64];

    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *arg;
        bool missing;
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            fputs(usage, stdout);
            fputs(help, stdout);
            return 0;
        } else if (!strcmp(opt, "--ascii")) {
            ascii = true;
        } else if (!strcmp(opt, "--auto")) {
            autoplay = true;
        } else if ((arg = option_value(argc, argv, &i, "--preset", &missing))) {
            if ((preset = gr_preset_lookup(arg)) < 0)
                return bad_usage("unknown preset", arg);
        } else if (!missing && (arg = option_value(argc, argv, &i, "--bot", &missing))) {
            if ((kind = gr_bot_lookup(arg)) < 0)
                return bad_usage("unknown bot", arg);
        } else if (!missing && (arg = option_value(argc, argv, &i, "--seed", &missing))) {
            char *end;
            errno = 0;
            seed = strtoull(arg, &end, 10);
            if (errno || end == arg || *end || *arg == '-')
                return bad_usage("bad seed", arg);
        } else if (!missing && (arg = option_value(argc, argv, &i, "--players", &missing))) {
            if (strlen(arg) != 1 || arg[0] < '2' || arg[0] > '4')
                return bad_usage("players must be 2, 3 or 4", arg);
            players = arg[0] - '0';
        } else if (!missing && (arg = option_value(argc, argv, &i, "--rule", &missing))) {
            if (nrules == 64)
                return bad_usage("too many rules", arg);
            rule_args[nrules++] = arg;
        } else if (missing) {
            return bad_usage("missing value after", opt);
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
        || gr_bot_new(&pl[1].bot, kind, seed ^ 0x79B9u) != GR_OK
        || gr_bot_set_rules(pl[1].bot, rules) != GR_OK
        || gr_bot_new(&hint_bot, GR_BOT_EXPERT, seed ^ 0x4A17u) != GR_OK
        || gr_bot_set_rules(hint_bot, rules) != GR_OK)
        return 1;

    printf("Gin Rummy, %s rules, seed %llu.\n",
           preset == GR_PRESET_FOURNIER ? "Fournier"
           : preset == GR_PRESET_NOVELTY ? "Novelty"
           : preset == GR_PRESET_OPENSPIEL ? "OpenSpiel"
           : preset == GR_PRESET_EAAI ? "EAAI" : "standard",
           (unsigned long long)seed);
    const char *kind_name = kind == GR_BOT_RANDOM ? "random"
                          : kind == GR_BOT_EXPERT ? "expert" : "greedy";
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
        for (int p = 2; p < players; p++)   /* a bot of its own for each seat */
            if (gr_bot_new(&seat[p].bot, kind, seed ^ (0x1234u * (unsigned)p)) != GR_OK
                || gr_bot_set_rules(seat[p].bot, rules) != GR_OK)
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
    gr_bot_free(hint_bot);
    gr_rules_free(rules);
    return rc;
}
