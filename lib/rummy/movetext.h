/*
 * rummy/movetext.h: Rummy moves and turns as text (movetext.c one move,
 * turntext.c the moves of a turn).  Private to the library; never
 * installed.
 */
#ifndef GR_RUMMY_MOVETEXT_H
#define GR_RUMMY_MOVETEXT_H

#include "ginrummy.h"
#include "common/cards.h"

#include <stddef.h>

/* The command words of a move, as gr__rmove_word numbers them. */
enum {
    GR__RWORD_DRAW, GR__RWORD_TAKE, GR__RWORD_MELD, GR__RWORD_LAYOFF,
    GR__RWORD_SWAP, GR__RWORD_DISCARD, GR__RWORD_OUT
};

/* The command word s[0..n-1] is (any case, or its one-letter
 * abbreviation: d t m l s x o), GR__RWORD_*; -1 for another word. */
int gr__rmove_word(const char *s, size_t n);

/* gr_rummy_view_move_parse() of the move in start[..end), a part of
 * text (the offsets in *err count from text); the view is valid
 * (gr__rview_check). */
int gr__rmove_parse_span(const char *text, const char *start, const char *end,
                         const gr_rummy_view *view, gr_rummy_action *out,
                         gr_parse_error *err);

/* The actions a[0..n-1] of the view's player as turn text
 * (gr_rummy_view_turn_format) into w, each formatted against the view as
 * the actions before it leave it, which *view becomes; GR_EINVAL (w
 * partly written) for an action that is malformed or not legal where it
 * stands, or one after a draw from the stock whose card `drawn` does not
 * name (GR_NO_CARD: the stock is hidden). */
int gr__rturn_write(gr_writer *w, const gr_rummy_action *a, size_t n,
                    gr_rummy_view *view, gr_card drawn);

#endif /* GR_RUMMY_MOVETEXT_H */
