/* rules.c: rule sets, their presets and options (doc/rules-reference.md,
 * "Presets"). */
#include "common/alloc.h"
#include "gin/rules.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The single source of truth for every option: its name, description,
 * accepted range (what gr_rules_set() validates) and its value in each
 * preset, in the order of the presets table of doc/rules-reference.md. */
typedef struct option_row {
    const char *name;
    const char *description;
    int min, max;
    int preset[5];   /* indexed by GR_PRESET_FOURNIER, _NOVELTY, _STANDARD,
                        _OPENSPIEL, _EAAI */
} option_row;

static const option_row options[GR_OPT_COUNT] = {
    [GR_OPT_KNOCK_LIMIT] = { "knock_limit",
        "Most deadwood a knock may leave; 0 allows gin only (G13).",
        0, 10, { 10, 10, 10, 10, 10 } },
    [GR_OPT_GIN_BONUS] = { "gin_bonus",
        "Bonus for going gin, added to the defender's deadwood (G22).",
        0, 1000, { 20, 20, 25, 25, 25 } },
    [GR_OPT_UNDERCUT_BONUS] = { "undercut_bonus",
        "Bonus to the defender for an undercut (G24).",
        0, 1000, { 10, 10, 25, 25, 25 } },
    [GR_OPT_BIG_GIN_BONUS] = { "big_gin_bonus",
        "Bonus for big gin, all 11 cards melded; 0 disables big gin (G32).",
        0, 1000, { 0, 0, 31, 0, 0 } },
    [GR_OPT_LAYOFF_AFTER_GIN] = { "layoff_after_gin",
        "1 if the defender may lay off on the melds of a gin hand (G18).",
        0, 1, { 1, 1, 0, 0, 0 } },
    [GR_OPT_STOCK_END] = { "stock_end",
        "At the end of the stock: 0 the hand is void with 2 cards left, "
        "1 the discard pile is turned over (G16).",
        GR_STOCK_END_VOID, GR_STOCK_END_TURNOVER,
        { GR_STOCK_END_VOID, GR_STOCK_END_TURNOVER, GR_STOCK_END_VOID,
          GR_STOCK_END_VOID, GR_STOCK_END_VOID } },
    [GR_OPT_TURNOVER_LIMIT] = { "turnover_limit",
        "Most turnovers of the discard pile before the hand is void; "
        "0 means unlimited (G16).",
        0, 100, { 0, 0, 0, 0, 0 } },
    [GR_OPT_TARGET] = { "target",
        "Points that end the match (G25).",
        1, 100000, { 100, 100, 100, 1, 100 } },
    [GR_OPT_GAME_BONUS] = { "game_bonus",
        "Bonus to the winner of the match (G26).",
        0, 10000, { 100, 0, 100, 0, 0 } },
    [GR_OPT_BOX_BONUS] = { "box_bonus",
        "Box bonus for every hand won (G26, G31); also named hand_bonus.",
        0, 1000, { 20, 0, 25, 0, 0 } },
    [GR_OPT_SHUTOUT_BONUS] = { "shutout_bonus",
        "Flat bonus to a match winner whose opponent won no hand (G26).",
        0, 10000, { 100, 0, 0, 0, 0 } },
    [GR_OPT_SHUTOUT_DOUBLE] = { "shutout_double",
        "1 if a shutout doubles the winner's total instead of the flat "
        "bonus (G34).",
        0, 1, { 0, 0, 1, 0, 0 } },
    [GR_OPT_OKLAHOMA] = { "oklahoma",
        "1 for Oklahoma: the first upcard sets the knock limit, an ace "
        "upcard allows gin only and doubles the score (G33).",
        0, 1, { 0, 0, 0, 0, 0 } },
    [GR_OPT_OKLAHOMA_SPADES] = { "oklahoma_spades",
        "1 if, under Oklahoma, a spade upcard doubles the score too (G33).",
        0, 1, { 0, 0, 0, 0, 0 } },
    [GR_OPT_OKLAHOMA_ACE_KNOCK] = { "oklahoma_ace_knock",
        "1 if, under Oklahoma, an ace upcard allows a knock with 1 point "
        "instead of gin only (G33).",
        0, 1, { 0, 0, 0, 0, 0 } },
    [GR_OPT_UNDERCUT_TIE] = { "undercut_tie",
        "1 if a knock tied with the defender's deadwood is an undercut; 0 "
        "makes it a drawn hand scoring 0, won by nobody (G21, G36).",
        0, 1, { 1, 1, 1, 0, 1 } },
    [GR_OPT_IMMEDIATE_BOXES] = { "immediate_boxes",
        "1 if the box bonus is added to the hand points as each hand is won, "
        "counting toward the target (G37).",
        0, 1, { 0, 0, 0, 0, 0 } },
    [GR_OPT_WALL] = { "wall",
        "1 if, when the hand would be void with 2 cards left, the opponent may "
        "still take the last discard to knock or go gin at once (G38).",
        0, 1, { 0, 0, 0, 1, 0 } },
    [GR_OPT_DEALER_ALTERNATES] = { "dealer_alternates",
        "1 if the dealers of a 2-player match alternate instead of the "
        "winner dealing; a void or drawn hand is dealt again (G8).",
        0, 1, { 0, 0, 0, 0, 1 } },
    [GR_OPT_HOLLYWOOD] = { "hollywood",
        "1 for Hollywood scoring: a match scores three games at once (G35).",
        0, 1, { 0, 0, 0, 0, 0 } },
    [GR_OPT_TEAM_TARGET] = { "team_target",
        "Points that end a 4-player partnership match (G40).",
        1, 100000, { 125, 125, 125, 125, 125 } },
    [GR_OPT_OKLAHOMA_ACE_DOUBLES] = { "oklahoma_ace_doubles",
        "1 if, under Oklahoma, an ace upcard doubles the score; 0 as "
        "OpenSpiel, which never doubles (G33).",
        0, 1, { 1, 1, 1, 0, 1 } },
};

static const char *const preset_names[] = {
    [GR_PRESET_FOURNIER] = "fournier",
    [GR_PRESET_NOVELTY]  = "novelty",
    [GR_PRESET_STANDARD] = "standard",
    [GR_PRESET_OPENSPIEL] = "openspiel",
    [GR_PRESET_EAAI] = "eaai",
};
#define NPRESETS ((int)(sizeof preset_names / sizeof preset_names[0]))

static bool option_valid(int option)
{
    return option >= 0 && option < GR_OPT_COUNT;
}

int gr_rules_new_mm(gr_rules **out, int preset, const gr_allocator *mm)
{
    if (out == NULL || preset < 0 || preset >= NPRESETS || !gr__allocator_valid(mm))
        return GR_EINVAL;
    gr_allocator use = gr__allocator_or_default(mm);
    gr_rules *rules = gr__malloc(&use, sizeof *rules);
    if (rules == NULL)
        return GR_ENOMEM;
    for (int i = 0; i < GR_OPT_COUNT; i++)
        rules->opt[i] = options[i].preset[preset];
    rules->mm = use;
    *out = rules;
    return GR_OK;
}

int gr_rules_new(gr_rules **out, int preset)
{
    return gr_rules_new_mm(out, preset, NULL);
}

int gr_rules_clone(gr_rules **out, const gr_rules *rules)
{
    if (out == NULL || rules == NULL)
        return GR_EINVAL;
    gr_rules *copy = gr__malloc(&rules->mm, sizeof *copy);
    if (copy == NULL)
        return GR_ENOMEM;
    *copy = *rules;
    *out = copy;
    return GR_OK;
}

int gr_rules_set(gr_rules *rules, int option, int value)
{
    if (rules == NULL || !option_valid(option)
        || value < options[option].min || value > options[option].max)
        return GR_EINVAL;
    rules->opt[option] = value;
    return GR_OK;
}

int gr_rules_set_text(gr_rules *rules, const char *text)
{
    if (rules == NULL || text == NULL)
        return GR_EINVAL;
    char name[64];
    const char *eq = strchr(text, '=');
    if (eq == NULL || (size_t)(eq - text) >= sizeof name)
        return GR_EPARSE;
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    int option = gr_option_lookup(name);
    const char *digits = eq + 1 + (eq[1] == '-' || eq[1] == '+');
    if (option < 0 || *digits < '0' || *digits > '9')
        return GR_EPARSE;
    char *end;
    errno = 0;
    long value = strtol(eq + 1, &end, 10);
    if (*end != '\0')
        return GR_EPARSE;
    if (errno != 0 || value < INT_MIN || value > INT_MAX)
        return GR_EINVAL;
    return gr_rules_set(rules, option, (int)value);
}

int gr_rules_get(const gr_rules *rules, int option, int *out)
{
    if (rules == NULL || out == NULL || !option_valid(option))
        return GR_EINVAL;
    *out = rules->opt[option];
    return GR_OK;
}

void gr_rules_free(gr_rules *rules)
{
    if (rules)
        gr__free(&rules->mm, rules);
}

int gr_option_describe(int option, gr_option_info *out)
{
    if (out == NULL || !option_valid(option))
        return GR_EINVAL;
    gr__option_info_fill(out, option, options[option].name,
                         options[option].description, options[option].min,
                         options[option].max);
    return GR_OK;
}

int gr_option_lookup(const char *name)
{
    if (name == NULL)
        return GR_EINVAL;
    for (int i = 0; i < GR_OPT_COUNT; i++)
        if (gr__name_is(name, options[i].name))
            return i;
    if (gr__name_is(name, "hand_bonus"))   /* the box bonus's old name */
        return GR_OPT_BOX_BONUS;
    return GR_EINVAL;
}

int gr_preset_lookup(const char *name)
{
    if (name == NULL)
        return GR_EINVAL;
    for (int i = 0; i < NPRESETS; i++)
        if (gr__name_is(name, preset_names[i]))
            return i;
    return GR_EINVAL;
}
