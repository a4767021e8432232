/*
 * gin-melds: arrange a Gin Rummy hand, or settle a knock.
 *
 *   gin-melds "AS 2S 3S 7H 7D 7C KD QD JD 9C"
 *       the least-deadwood arrangement; for 11 cards, the best discard too
 *   gin-melds --knock "<10 cards>" --defender "<10 cards>" [--preset NAME]
 *       the settlement of the hand: melds, layoffs, outcome and points
 *
 * Exit status: 0 on success, 1 for a knock the rules refuse, 2 for bad
 * input or usage.
 */
#include <ginrummy.h>

#include <stdio.h>
#include <string.h>

static const char *progname = "gin-melds";

static void usage(FILE *f)
{
    fprintf(f,
        "usage: %s \"CARDS\"\n"
        "       %s --knock \"CARDS\" --defender \"CARDS\" [--preset NAME]\n"
        "       %s --help\n"
        "\n"
        "CARDS are separated by spaces or commas: AS 10h Td Q\u2663 ...\n"
        "With 10 or 11 cards, show the least-deadwood arrangement (and the\n"
        "best discard of 11).  With --knock, settle a hand: the knocker's\n"
        "melds, the defender's melds and layoffs, the outcome and points.\n"
        "Presets: fournier (default), novelty, standard.\n",
        progname, progname, progname);
}

/* Parse a hand; on error, name the bad token on stderr. */
static int parse_hand(const char *text, gr_cards *out)
{
    int rc = gr_cards_parse(text, out);
    if (rc == GR_OK)
        return 0;

    /* find the culprit token by parsing one at a time */
    const char *seps = " \t\n\r\v\f,";
    gr_cards seen = 0;
    for (const char *s = text + strspn(text, seps); *s; s += strspn(s, seps)) {
        size_t len = strcspn(s, seps);
        char token[16];
        gr_card card;
        snprintf(token, sizeof token, "%.*s", (int)len, s);
        if (len >= sizeof token || gr_card_parse(token, &card) != GR_OK) {
            fprintf(stderr, "%s: bad card \"%.*s\"\n", progname, (int)len, s);
            return -1;
        }
        if (seen & GR_CARD_BIT(card)) {
            fprintf(stderr, "%s: card \"%s\" given twice\n", progname, token);
            return -1;
        }
        seen |= GR_CARD_BIT(card);
        s += len;
    }
    fprintf(stderr, "%s: %s\n", progname, gr_strerror(rc));
    return -1;
}

static void print_cards(FILE *f, gr_cards cards)
{
    char buf[160];   /* the whole deck needs 159 bytes and the NUL */
    gr_cards_format(cards, buf, sizeof buf);
    fputs(cards != 0 ? buf : "none", f);
}

static void print_arrangement(const char *indent, const gr_arrangement *a)
{
    printf("%smelds:    ", indent);
    if (a->nmelds == 0)
        printf("none");
    for (int i = 0; i < a->nmelds; i++) {
        printf("%s", i > 0 ? " | " : "");
        print_cards(stdout, a->melds[i]);
    }
    printf("\n%sdeadwood: ", indent);
    print_cards(stdout, a->deadwood);
    printf(" (%d)\n", a->deadwood_points);
}

static int show_melds(gr_cards hand)
{
    gr_arrangement a;
    gr_arrange(hand, &a);
    print_arrangement("", &a);

    if (gr_cards_count(hand) == 11) {
        gr_card discard;
        char name[4];
        gr_best_discard(hand, &discard);
        gr_card_format(discard, name, sizeof name);
        gr_arrange(hand & ~GR_CARD_BIT(discard), &a);
        printf("\nbest discard: %s, leaving:\n", name);
        print_arrangement("  ", &a);
    }
    return 0;
}

static int show_settlement(gr_cards knocker, gr_cards defender, int preset)
{
    gr_rules *rules;
    gr_arrangement shown;
    gr_hand_result res;

    if (knocker & defender) {
        fprintf(stderr, "%s: the hands share ", progname);
        print_cards(stderr, knocker & defender);
        fputc('\n', stderr);
        return 2;
    }
    if (gr_rules_new(&rules, preset) != GR_OK) {
        fprintf(stderr, "%s: out of memory\n", progname);
        return 2;
    }
    gr_arrange(knocker, &shown);   /* the knocker shows his best arrangement */
    int rc = gr_settle(rules, &shown, defender, &res);
    int limit;
    gr_rules_get(rules, GR_OPT_KNOCK_LIMIT, &limit);
    gr_rules_free(rules);
    if (rc == GR_EILLEGAL) {
        fprintf(stderr, "%s: cannot knock: deadwood %d is over the limit %d\n",
                progname, shown.deadwood_points, limit);
        return 1;
    }

    printf("knocker:\n");
    print_arrangement("  ", &res.knocker_arrangement);
    printf("defender:\n");
    print_arrangement("  ", &res.defense.defender);
    printf("  laid off: ");
    print_cards(stdout, res.defense.laid_off);
    putchar('\n');

    static const char *const names[] = {
        [GR_OUTCOME_VOID] = "void hand (a player has the wrong number of cards)",
        [GR_OUTCOME_KNOCK] = "knock", [GR_OUTCOME_UNDERCUT] = "undercut",
        [GR_OUTCOME_GIN] = "gin", [GR_OUTCOME_BIG_GIN] = "big gin",
    };
    printf("outcome:  %s\n", names[res.outcome]);
    if (res.outcome != GR_OUTCOME_VOID)
        printf("winner:   %s, %d points\n",
               res.winner == res.knocker ? "knocker" : "defender", res.points);
    return 0;
}

int main(int argc, char **argv)
{
    const char *hand = NULL, *knock = NULL, *defend = NULL, *preset = "fournier";

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        const char **value = strcmp(arg, "--knock") == 0 ? &knock
                           : strcmp(arg, "--defender") == 0 ? &defend
                           : strcmp(arg, "--preset") == 0 ? &preset : NULL;
        if (value != NULL && i + 1 < argc) {
            *value = argv[++i];
        } else if (value == NULL && arg[0] != '-' && hand == NULL) {
            hand = arg;
        } else {
            fprintf(stderr, "%s: unexpected argument \"%s\"\n", progname, arg);
            usage(stderr);
            return 2;
        }
    }

    int p = gr_preset_lookup(preset);
    if (p < 0) {
        fprintf(stderr, "%s: unknown preset \"%s\"\n", progname, preset);
        return 2;
    }
    gr_cards a, b;
    if (hand != NULL && knock == NULL && defend == NULL)
        return parse_hand(hand, &a) == 0 ? show_melds(a) : 2;
    if (hand == NULL && knock != NULL && defend != NULL) {
        if (parse_hand(knock, &a) != 0 || parse_hand(defend, &b) != 0)
            return 2;
        return show_settlement(a, b, p);
    }
    usage(stderr);
    return 2;
}
