/*
 * rummy/melding_core.h: what the two searches by cores share, the
 * melding of a hand (rummy/melding_small.c) and the value of a state of
 * going out (rummy/goout_chain.c): the hand as a multiset of faces
 * (once, twice), the points of a face, and the room m of the jokers left.
 * Private to the library; never installed.
 */
#ifndef GR_RUMMY_MELDING_CORE_H
#define GR_RUMMY_MELDING_CORE_H

#include "ginrummy.h"

#include <stdint.h>

#define JOKER_PTS 15
#define RUN 63       /* m: some core is a run (going out: or every joker fits) */
#define ROOM_MAX 31  /* m otherwise: the room, enough to tell J <= 8 after
                        14 naturals laid off */

/* the points of each face, ace low and ace high */
#define PTS_SUIT(a) a, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10
static const int8_t core_face_pts[2][52] = {
    { PTS_SUIT(1), PTS_SUIT(1), PTS_SUIT(1), PTS_SUIT(1) },
    { PTS_SUIT(11), PTS_SUIT(11), PTS_SUIT(11), PTS_SUIT(11) },
};
#undef PTS_SUIT

/* remove one copy of face f from the multiset (once, twice) */
static inline void core_take(gr_cards *once, gr_cards *twice, int f)
{
    if (*twice & GR_CARD_BIT(f))
        *twice &= ~GR_CARD_BIT(f);
    else
        *once &= ~GR_CARD_BIT(f);
}

/* the points of the faces of m, by the table pts (core_face_pts) */
static inline int core_points(gr_cards m, const int8_t *pts)
{
    int p = 0;
    for (; m; m &= m - 1)
        p += pts[__builtin_ctzll(m)];
    return p;
}

#endif
