/*
 * common/reason.c: the reason codes of refusals of both games: their
 * names, texts and the status each belongs to.
 */
#include "common/reason.h"

#include <stddef.h>

typedef struct reason_info {
    const char *name;
    int         status;
    const char *text;
} reason_info;

static const reason_info reasons[GR_REASON_COUNT] = {
    [GR_REASON_NONE] = { "none", GR_OK, "no refusal" },
    [GR_REASON_NULL_ARGUMENT] = { "null_argument", GR_EINVAL,
        "a required argument is NULL" },
    [GR_REASON_BAD_CARD] = { "bad_card", GR_EINVAL,
        "a card above 51, or a set of cards with bits above 51" },
    [GR_REASON_BAD_VALUE] = { "bad_value", GR_EINVAL,
        "a number out of its range (player, move type, option, seat, ...)" },
    [GR_REASON_MELD_SLOTS] = { "meld_slots", GR_EINVAL,
        "nmelds out of range, or a meld entry past nmelds not empty" },
    [GR_REASON_MELDS_OVERLAP] = { "melds_overlap", GR_EINVAL,
        "a card is in two places of the arrangement (two melds, or a meld "
        "and the deadwood or the laid-off cards)" },
    [GR_REASON_DEADWOOD_POINTS] = { "deadwood_points", GR_EINVAL,
        "deadwood_points is not the points of the deadwood (G2)" },
    [GR_REASON_HANDS_OVERLAP] = { "hands_overlap", GR_EINVAL,
        "the two hands (or the upcard and a hand) share a card" },
    [GR_REASON_CARD_COUNT] = { "card_count", GR_EINVAL,
        "a hand has the wrong number of cards (G28)" },
    [GR_REASON_CARDS_UNACCOUNTED] = { "cards_unaccounted", GR_EINVAL,
        "the hands, pile and stock are not the 52 cards, each once" },
    [GR_REASON_BAD_RESULT] = { "bad_result", GR_EINVAL,
        "the hand result is not consistent (its outcome, who knocked or went "
        "out, the winner, the points)" },
    [GR_REASON_RESERVED_NOT_ZERO] = { "reserved_not_zero", GR_EINVAL,
        "the reserved space of an input struct is not zero" },
    [GR_REASON_NOT_YOUR_TURN] = { "not_your_turn", GR_ESTATE,
        "it is not this player's turn" },
    [GR_REASON_WRONG_PHASE] = { "wrong_phase", GR_ESTATE,
        "the move does not fit the phase of the hand (G9, G10)" },
    [GR_REASON_HAND_OVER] = { "hand_over", GR_ESTATE, "the hand is over" },
    [GR_REASON_NOT_KNOCKED] = { "not_knocked", GR_ESTATE,
        "the hand did not end by a knock, gin or big gin" },
    [GR_REASON_MATCH_OVER] = { "match_over", GR_ESTATE,
        "the match is over (G25)" },
    [GR_REASON_NOTHING_TO_UNDO] = { "nothing_to_undo", GR_ESTATE,
        "no hand has been recorded" },
    [GR_REASON_NOT_IN_HAND] = { "not_in_hand", GR_EILLEGAL,
        "the card is not in the player's hand" },
    [GR_REASON_JUST_TAKEN] = { "just_taken", GR_EILLEGAL,
        "the card just taken from the pile cannot be discarded this turn (G11)" },
    [GR_REASON_OVER_LIMIT] = { "over_limit", GR_EILLEGAL,
        "the deadwood is over the knock limit (G13, G29)" },
    [GR_REASON_NOT_GIN] = { "not_gin", GR_EILLEGAL,
        "gin needs every card melded (G14)" },
    [GR_REASON_NO_BIG_GIN] = { "no_big_gin", GR_EILLEGAL,
        "big gin needs all 11 cards melded and a big gin bonus (G32)" },
    [GR_REASON_PILE_CLOSED] = { "pile_closed", GR_EILLEGAL,
        "both players passed the upcard: draw from the stock (G9)" },
    [GR_REASON_PILE_EMPTY] = { "pile_empty", GR_EILLEGAL,
        "there is no card to draw there" },
    [GR_REASON_NOT_A_MELD] = { "not_a_meld", GR_EILLEGAL,
        "a meld is not 3 or 4 cards of a rank or a run of 3 or more in a suit (G4)" },
    [GR_REASON_NOT_THE_HAND] = { "not_the_hand", GR_EILLEGAL,
        "the arrangement is not exactly the cards of the hand" },
    [GR_REASON_CANNOT_LAY_OFF] = { "cannot_lay_off", GR_EILLEGAL,
        "a laid-off card fits none of the knocker's melds (G17)" },
    [GR_REASON_NO_LAYOFF_AFTER_GIN] = { "no_layoff_after_gin", GR_EILLEGAL,
        "the defender may not lay off after gin (G18)" },
    [GR_REASON_DRAW_MISMATCH] = { "draw_mismatch", GR_EILLEGAL,
        "the draw names another card than the one drawn" },
    [GR_REASON_SYNTAX] = { "syntax", GR_EPARSE,
        "unreadable text: an unknown word, a bad card or a missing part" },
    [GR_REASON_DUPLICATE_CARD] = { "duplicate_card", GR_EPARSE,
        "a card is named twice" },
    [GR_REASON_NO_MEMORY] = { "no_memory", GR_ENOMEM, "out of memory" },
    [GR_REASON_TOO_LONG] = { "too_long", GR_ESTATE,
        "the match has reached the most hands it may have" },
    [GR_REASON_WALL] = { "wall", GR_EILLEGAL,
        "the last discard may be taken only to knock or go gin at once (G38)" },
    [GR_REASON_RUMMY_NOT_A_MELD] = { "rummy_not_a_meld", GR_EILLEGAL,
        "not a meld: 3 or 4 cards of one rank, or 3 or more in sequence in "
        "one suit (R3)" },
    [GR_REASON_NO_NATURAL] = { "no_natural", GR_EILLEGAL,
        "a meld needs at least one natural card, not jokers only (R5)" },
    [GR_REASON_JOKER_FACE] = { "joker_face", GR_EILLEGAL,
        "the joker must name a card that completes the meld (R5)" },
    [GR_REASON_NO_SUCH_MELD] = { "no_such_meld", GR_EILLEGAL,
        "there is no table meld with that number" },
    [GR_REASON_DOES_NOT_FIT] = { "does_not_fit", GR_EILLEGAL,
        "the card does not fit that meld: a set takes a missing suit, a run "
        "the card next to either end (R4)" },
    [GR_REASON_NO_JOKER_THERE] = { "no_joker_there", GR_EILLEGAL,
        "no joker in that meld stands for this card (R5)" },
    [GR_REASON_TAKEN_FROM_PILE] = { "taken_from_pile", GR_EILLEGAL,
        "you may not discard the card you took from the pile, nor one "
        "identical to it, this turn (R4)" },
    [GR_REASON_DEAD_END] = { "dead_end", GR_EILLEGAL,
        "the turn could not end: every card left would be one you may not "
        "discard (R4)" },
    [GR_REASON_DRAW_FIRST] = { "draw_first", GR_ESTATE,
        "draw first, from the stock or the discard pile (R4)" },
    [GR_REASON_DRAWN_ALREADY] = { "drawn_already", GR_ESTATE,
        "you have drawn this turn: meld, lay off, exchange a joker or "
        "discard (R4)" },
    [GR_REASON_AMBIGUOUS_JOKER] = { "ambiguous_joker", GR_EPARSE,
        "the joker could stand for more than one card: name the card it stands for (JK= and the card)" },
    [GR_REASON_RUMMY_MATCH_OVER] = { "rummy_match_over", GR_ESTATE,
        "the match is over: a player reached the target (R7)" },
    [GR_REASON_RUMMY_CARDS] = { "rummy_cards", GR_EINVAL,
        "the cards are not those of the decks in use: a face more often than "
        "the decks hold it, or too many jokers; in a position, the hands, "
        "table, pile and stock not each face once a deck (R1)" },
    [GR_REASON_RUMMY_CARD_COUNT] = { "rummy_card_count", GR_EINVAL,
        "a hand holds a number of cards the position does not allow (R2, R4)" },
    [GR_REASON_WINNER_HOLDS_CARDS] = { "winner_holds_cards", GR_EINVAL,
        "the player who went out cannot hold cards (R7)" },
    [GR_REASON_CANNOT_GO_OUT] = { "cannot_go_out", GR_EILLEGAL,
        "you cannot go out now: your cards do not all meld or lay off, "
        "leaving at most one card you may discard (R4, R7)" },
    [GR_REASON_UNSEEN_DRAW] = { "unseen_draw", GR_EPARSE,
        "the card drawn from the stock is not known yet: give the moves "
        "after the draw once it is drawn" },
};

const char *gr_reason_text(int reason)
{
    if (reason < 0 || reason >= GR_REASON_COUNT)
        return "unknown reason";
    return reasons[reason].text;
}

const char *gr_reason_name(int reason)
{
    if (reason < 0 || reason >= GR_REASON_COUNT)
        return "unknown";
    return reasons[reason].name;
}

int gr_reason_status(int reason)
{
    if (reason < 0 || reason >= GR_REASON_COUNT)
        return GR_EINVAL;
    return reasons[reason].status;
}

int gr__reason_put(int *reason, int code)
{
    if (reason)
        *reason = code;
    return gr_reason_status(code);
}
