/* rummy/melding.c: least unmelded value of a Rummy hand (work in progress). */
#include "rummy/cards.h"
#include "rummy/melding.h"

int gr_rummy_value(const gr_rummy_hand *hand, int flags)
{
    (void)hand; (void)flags;
    return GR_EINVAL;   /* not yet implemented */
}

int gr_rummy_arrange(const gr_rummy_hand *hand, int flags, gr_rummy_arrangement *out)
{
    (void)hand; (void)flags; (void)out;
    return GR_EINVAL;   /* not yet implemented */
}

int gr_rummy_arrangement_check(const gr_rummy_hand *hand, int flags,
                               const gr_rummy_arrangement *arr)
{
    (void)hand; (void)flags; (void)arr;
    return GR_EINVAL;   /* not yet implemented */
}
