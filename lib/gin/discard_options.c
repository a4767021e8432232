/*
 * discard_options.c: what the discards of the 11 cards held after a draw
 * allow (moved out of game.c): the cards that may be discarded (G11), the
 * discards that leave deadwood within the knock limit (G13, G33) or none
 * (gin, G14), and whether the 11 cards are big gin (G32), cached in the
 * game by every draw (gin/turn.h).  Built with the portable and, where the
 * CPU has it, the hardware popcount, chosen when the library is loaded
 * (GR__HW_POPCOUNT in common/bits.h).
 */
#include "common/bits.h"
#include "common/cards.h"
#include "gin/game.h"
#include "gin/melds.h"
#include "gin/turn.h"

/* ---- what a discard allows ------------------------------------------------ */

/* Which discards of the 11 cards in `hand` leave deadwood within the limit
 * (knock) or none (gin), and whether the 11 are big gin: the scan behind
 * gr__discard_options_with (gin/turn.h), for a hand whose lower bound (the
 * points of its `loose` cards) does not rule it out; then the masks that
 * follow to `next`, if not NULL. */
static GR__ALWAYS_INLINE void knock_scan_body(gr_game *g, gr_cards hand, gr_cards loose,
                                              int bound, gr_legal_masks *next,
                                              int (*pc)(gr_cards))
{
    int limit = g->knock_limit;
    g->knock_ok = 0;
    g->gin_ok = 0;
    g->big_gin_ok = false;
    if (loose == 0 && g->rules.opt[GR_OPT_BIG_GIN_BONUS] > 0)
        g->big_gin_ok = gr__deadwood(hand) == 0;   /* G32 */
    for (gr_cards rest = g->discard_ok; rest; rest &= rest - 1) {   /* G11 */
        gr_cards bit = rest & (~rest + 1);
        gr_cards ten = hand & ~bit;
        gr_cards ten_loose = ten & ~gr__meldable(ten);
        if ((bit & loose ? bound - GR__POINTS_WITH(pc, bit) : bound) > limit
            || GR__POINTS_WITH(pc, ten_loose) > limit)
            continue;
        int dw = gr__deadwood(ten);
        if (dw <= limit)
            g->knock_ok |= bit;
        if (dw == 0)
            g->gin_ok |= bit;
    }
    if (next)
        gr__discard_masks(g, next);
}

GR__NOINLINE void gr__knock_scan_soft(gr_game *g, gr_cards hand, gr_cards loose,
                                     int bound, gr_legal_masks *next)
{
    knock_scan_body(g, hand, loose, bound, next, gr__popcount);
}

static void discard_options_soft(gr_game *g, gr_cards hand, gr_legal_masks *next)
{
    gr__discard_options_with(g, hand, next, gr__popcount, gr__knock_scan_soft);
}

#if defined(GR__HW_POPCOUNT)
__attribute__((target("popcnt")))
static inline int popcount_hw(gr_cards cards)
{
    return __builtin_popcountll(cards);
}

__attribute__((target("popcnt")))
GR__NOINLINE void gr__knock_scan_hw(gr_game *g, gr_cards hand, gr_cards loose,
                                   int bound, gr_legal_masks *next)
{
    knock_scan_body(g, hand, loose, bound, next, popcount_hw);
}

__attribute__((target("popcnt")))
static void discard_options_hw(gr_game *g, gr_cards hand, gr_legal_masks *next)
{
    gr__discard_options_with(g, hand, next, popcount_hw, gr__knock_scan_hw);
}

/* the ifunc resolver: runs once, when the library is loaded */
__attribute__((used))
static void (*resolve_discard_options(void))(gr_game *, gr_cards, gr_legal_masks *)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? discard_options_hw : discard_options_soft;
}

void gr__discard_options(gr_game *g, gr_cards hand, gr_legal_masks *next)
    __attribute__((ifunc("resolve_discard_options")));
#else
void gr__discard_options(gr_game *g, gr_cards hand, gr_legal_masks *next)
{
    discard_options_soft(g, hand, next);
}
#endif

void gr__game_discard_options(gr_game *g)
{
    gr__discard_options(g, g->hand[g->turn], NULL);
}
