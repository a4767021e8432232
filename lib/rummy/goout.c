/* rummy/goout.c: going out with the table (work in progress). */
#include "rummy/cards.h"
#include "rummy/goout.h"

int gr_rummy_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                    int ntable, int flags, gr_rummy_plan *out)
{
    (void)hand; (void)table; (void)ntable; (void)flags; (void)out;
    return GR_EINVAL;   /* not yet implemented */
}

int gr_rummy_can_go_out(const gr_rummy_hand *hand, const gr_rummy_meld *table,
                        int ntable, int flags, gr_card no_discard)
{
    (void)hand; (void)table; (void)ntable; (void)flags; (void)no_discard;
    return GR_EINVAL;   /* not yet implemented */
}
