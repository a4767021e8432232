/* rummy/rules.c: the Rummy rule set, its PARLETT preset and options (R1-R7). */
#include "common/alloc.h"
#include "common/options.h"
#include "rummy/rules.h"

#include <string.h>

typedef struct option_row {
    const char *name;
    const char *description;
    int min, max;
    int parlett;
} option_row;

static const option_row options[GR_RUMMY_OPT_COUNT] = {
    [GR_RUMMY_OPT_PLAYERS] = { "players",
        "Number of players, 2 to 7 (R2).", 2, 7, 2 },
    [GR_RUMMY_OPT_DECKS] = { "decks",
        "Decks: 0 as R2's table for the player count; 1 or 2 where R2 "
        "allows it (R1, R2).", 0, 2, 0 },
    [GR_RUMMY_OPT_HAND_SIZE] = { "hand_size",
        "Cards dealt to each player: 0 as R2's table; 7 or 10 where R2 "
        "allows it (R2).", 0, 10, 0 },
    [GR_RUMMY_OPT_JOKERS] = { "jokers",
        "Jokers per deck, 0 to 4 (R1, R5).", 0, 4, 0 },
    [GR_RUMMY_OPT_ACE_HIGH] = { "ace_high",
        "1 if the ace may follow the king in a run (Q-K-A) and counts 11 "
        "(R3, R7).", 0, 1, 0 },
    [GR_RUMMY_OPT_TURNOVER_LIMIT] = { "turnover_limit",
        "Most turnovers of the discard pile before the hand is void; 0 "
        "means unlimited (R6).", 0, 1000, 0 },
    [GR_RUMMY_OPT_TARGET] = { "target",
        "Points that end the match; 0 plays one hand only (R7).",
        0, 100000, 100 },
};

/* R2: players -> (decks, hand size), the table's row and its option */
int gr__rummy_deal(const int opt[GR_RUMMY_OPT_COUNT], int *decks,
                   int *hand_size, int *ncards)
{
    int n = opt[GR_RUMMY_OPT_PLAYERS], d = opt[GR_RUMMY_OPT_DECKS];
    int h = opt[GR_RUMMY_OPT_HAND_SIZE];
    int td, th, od, oh;   /* the table's deal, and the optional one */
    if (n < 2 || n > 7)
        return GR_EINVAL;
    if (n == 2) {
        td = od = 1; th = oh = 10;
    } else if (n == 3) {
        td = od = 1; th = 7; oh = 10;
    } else if (n <= 5) {
        td = 1; th = 7; od = 2; oh = 10;
    } else {
        td = od = 2; th = oh = 10;
    }
    int rd, rh;
    if ((d == 0 || d == td) && (h == 0 || h == th)) {
        rd = td; rh = th;
    } else if ((d == 0 || d == od) && (h == 0 || h == oh)) {
        rd = od; rh = oh;
    } else {
        return GR_EINVAL;
    }
    if (decks)
        *decks = rd;
    if (hand_size)
        *hand_size = rh;
    if (ncards)
        *ncards = rd * (52 + opt[GR_RUMMY_OPT_JOKERS]);
    return GR_OK;
}

int gr_rummy_rules_new_mm(gr_rummy_rules **out, int preset,
                          const gr_allocator *mm)
{
    if (!out || preset != GR_RUMMY_PRESET_PARLETT || !gr__allocator_valid(mm))
        return GR_EINVAL;
    gr_allocator a = gr__allocator_or_default(mm);
    gr_rummy_rules *r = gr__malloc(&a, sizeof *r);
    if (!r)
        return GR_ENOMEM;
    memset(r, 0, sizeof *r);
    for (int i = 0; i < GR_RUMMY_OPT_COUNT; i++)
        r->opt[i] = options[i].parlett;
    r->mm = a;
    *out = r;
    return GR_OK;
}

int gr_rummy_rules_new(gr_rummy_rules **out, int preset)
{
    return gr_rummy_rules_new_mm(out, preset, NULL);
}

int gr_rummy_rules_clone(gr_rummy_rules **out, const gr_rummy_rules *rules)
{
    if (!out || !rules)
        return GR_EINVAL;
    gr_rummy_rules *r = gr__malloc(&rules->mm, sizeof *r);
    if (!r)
        return GR_ENOMEM;
    *r = *rules;
    *out = r;
    return GR_OK;
}

void gr_rummy_rules_free(gr_rummy_rules *rules)
{
    if (rules) {
        gr_allocator mm = rules->mm;
        gr__free(&mm, rules);
    }
}

int gr_rummy_rules_set(gr_rummy_rules *rules, int option, int value)
{
    if (!rules || option < 0 || option >= GR_RUMMY_OPT_COUNT
        || value < options[option].min || value > options[option].max)
        return GR_EINVAL;
    int opt[GR_RUMMY_OPT_COUNT];
    memcpy(opt, rules->opt, sizeof opt);
    opt[option] = value;
    if (gr__rummy_deal(opt, NULL, NULL, NULL) != GR_OK)
        return GR_EINVAL;
    rules->opt[option] = value;
    return GR_OK;
}

int gr_rummy_rules_get(const gr_rummy_rules *rules, int option, int *out)
{
    if (!rules || !out || option < 0 || option >= GR_RUMMY_OPT_COUNT)
        return GR_EINVAL;
    *out = rules->opt[option];
    return GR_OK;
}

int gr_rummy_rules_deal(const gr_rummy_rules *rules, int *decks,
                        int *hand_size, int *ncards)
{
    if (!rules)
        return GR_EINVAL;
    return gr__rummy_deal(rules->opt, decks, hand_size, ncards);
}

int gr_rummy_option_describe(int option, gr_option_info *out)
{
    if (!out || option < 0 || option >= GR_RUMMY_OPT_COUNT)
        return GR_EINVAL;
    gr__option_info_fill(out, option, options[option].name,
                         options[option].description, options[option].min,
                         options[option].max);
    return GR_OK;
}

int gr_rummy_option_lookup(const char *name)
{
    if (!name)
        return GR_EINVAL;
    for (int i = 0; i < GR_RUMMY_OPT_COUNT; i++)
        if (gr__name_is(name, options[i].name))
            return i;
    return GR_EINVAL;
}
