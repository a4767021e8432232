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
        "       %s -h | --help\n"
        "\n"
        "CARDS are separated by spaces or commas: AS 10h Td Q\u2663 ...\n"
        "With 10 or 11 cards, show the least-deadwood arrangement (and the\n"
        "best discard of 11).  With --knock, settle a hand: the knocker's\n"
        "melds, the defender's melds and layoffs, the outcome and points.\n"
        "Presets: fournier (the default, the library's default preset),\n"
        "novelty, standard.  Options take their value as --preset NAME or\n"
        "--preset=NAME.\n",
        progname, progname, progname);
}

/* Parse a hand; on error, name the bad token on stderr (the library says
 * where it is). */
static int parse_hand(const char *text, gr_cards *out)
{
    gr_parse_error e;
    int rc = gr_cards_parse_ex(text, out, &e);
    if (rc == GR_OK)
        return 0;
    if (e.reason == GR_REASON_DUPLICATE_CARD)
        fprintf(stderr, "%s: card \"%.*s\" given twice\n", progname, (int)e.length,
                text + e.offset);
    else
        fprintf(stderr, "%s: bad card \"%.*s\"\n", progname, (int)e.length,
                text + e.offset);
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
        /* "--preset NAME" or "--preset=NAME" */
        char name[16] = "";
        const char *eq = strchr(arg, '=');
        if (arg[0] == '-' && eq && (size_t)(eq - arg) < sizeof name) {
            memcpy(name, arg, (size_t)(eq - arg));
            name[eq - arg] = '\0';
        } else if (strlen(arg) < sizeof name) {
            strcpy(name, arg);
        }
        const char **value = strcmp(name, "--knock") == 0 ? &knock
                           : strcmp(name, "--defender") == 0 ? &defend
                           : strcmp(name, "--preset") == 0 ? &preset : NULL;
        if (value != NULL && eq) {
            *value = eq + 1;
        } else if (value != NULL && i + 1 < argc) {
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
