/*
 * rummy/goout_args.c: the arguments of the going-out calls (rummy/goout.c,
 * rummy/goout_out.c) checked, with the reason of the first fault.
 */
#include "common/bits.h"
#include "common/reason.h"
#include "rummy/cards.h"
#include "rummy/goout.h"
#include "rummy/reason.h"

/* The first fault of go_out's arguments (GR_REASON_NONE if none): a
 * table meld that is not a meld has the reason gr_rummy_game_play() gives
 * the same meld (GR_EILLEGAL), so both calls agree.  The hand and the
 * table's natural cards hold each face at most twice (two decks, R1) and
 * at most GR_RUMMY_MAX_JOKERS jokers; a joker naming a face is a joker,
 * not a copy of the face. */
static int args_reason(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                       int ntable, int flags)
{
    if (!hand || (table == NULL && ntable > 0))
        return GR_REASON_NULL_ARGUMENT;
    if (!gr__rummy_flags_valid(flags) || ntable < 0 || ntable > GR_RUMMY_MAX_MELDS)
        return GR_REASON_BAD_VALUE;
    if (!gr__rummy_hand_valid(hand))
        return GR_REASON_BAD_CARD;
    int jokers = hand->jokers;
    gr_cards once = hand->once, twice = hand->twice, thrice = 0;
    for (int i = 0; i < ntable; i++) {
        int why = gr__rmeld_reason(&table[i], flags);
        if (why != GR_REASON_NONE)
            return why;
        jokers += gr__popcount(table[i].jokers);
        gr_cards natural = table[i].cards & ~table[i].jokers;
        thrice |= twice & natural;
        twice |= once & natural;
        once |= natural;
    }
    return jokers <= GR_RUMMY_MAX_JOKERS && thrice == 0 ? GR_REASON_NONE
                                                         : GR_REASON_RUMMY_CARDS;
}

int gr__go_out_args(const gr_rummy_hand *hand, const gr_rummy_meld *table, int ntable, int flags)
{
    return gr_reason_status(args_reason(hand, table, ntable, flags));
}

int gr_rummy_go_out_check(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                          int ntable, int flags, int *reason)
{
    return gr__reason_put(reason, args_reason(hand, table, ntable, flags));
}
