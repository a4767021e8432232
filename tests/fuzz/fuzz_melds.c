/*
 * fuzz_melds.c: libFuzzer target for the meld and layoff engines.
 *
 * Input: two 64-bit little-endian masks (the extra bits are dropped, and
 * also fed raw once to check that bits above 51 are refused).  The first is
 * a hand: gr_arrange must return a valid arrangement whose value is
 * gr_deadwood, and on small hands the brute-force reference agrees, also
 * for gr_best_discard.  Then the hand is the knocker's arrangement and the
 * second mask, minus his cards, the defender: gr_lay_off must return a
 * legal defense, checked by gr_layoff_check, his melds gr_arrange of what
 * he keeps and, on small hands, the reference's value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>
#include "oracle.h"

#include "fuzz.h"
#define ORACLE_MAX 13   /* cards up to which the brute force is quick */

static uint64_t read_mask(const uint8_t *data, size_t size, size_t at)
{
    uint64_t m = 0;
    for (size_t i = 0; i < 8 && at + i < size; i++)
        m |= (uint64_t)data[at + i] << (8 * i);
    return m;
}

static void check_arrangement(gr_cards hand, const gr_arrangement *a, int value)
{
    gr_cards seen = 0;
    CHECK(a->nmelds >= 0 && a->nmelds <= GR_MAX_MELDS);
    for (int i = 0; i < a->nmelds; i++) {
        CHECK(gr_meld_kind(a->melds[i]) > 0);
        CHECK((seen & a->melds[i]) == 0);
        seen |= a->melds[i];
    }
    CHECK((seen & a->deadwood) == 0);
    CHECK((seen | a->deadwood) == hand);
    CHECK(a->deadwood_points == gr_cards_points(a->deadwood));
    CHECK(a->deadwood_points == value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint64_t raw = read_mask(data, size, 0);
    gr_cards hand = raw & GR_ALL_CARDS;
    gr_cards other = read_mask(data, size, 8) & GR_ALL_CARDS & ~hand;
    int small = __builtin_popcountll(hand) <= ORACLE_MAX;

    if (raw != hand) {
        gr_arrangement junk;
        CHECK(gr_deadwood(raw) == GR_EINVAL);
        CHECK(gr_arrange(raw, &junk) == GR_EINVAL);
    }

    int value = gr_deadwood(hand);
    CHECK(value >= 0);
    gr_arrangement a;
    CHECK(gr_arrange(hand, &a) == value);
    check_arrangement(hand, &a, value);
    if (small)
        CHECK(value == oracle_deadwood(hand));

    if (hand) {
        gr_card discard;
        int left = gr_best_discard(hand, &discard);
        CHECK(left >= 0 && discard < GR_NCARDS && (hand & GR_CARD_BIT(discard)));
        CHECK(left == gr_deadwood(hand & ~GR_CARD_BIT(discard)));
        if (small)
            CHECK(left == oracle_best_discard_value(hand));
    }

    gr_layoff defense;
    int dw = gr_lay_off(&a, other, &defense);
    CHECK(dw >= 0 && dw == defense.defender.deadwood_points);
    CHECK(gr_layoff_check(&a, other, &defense) == GR_OK);
    CHECK(dw <= gr_deadwood(other));
    gr_arrangement his;           /* his melds: gr_arrange of what he keeps */
    CHECK(gr_arrange(other & ~defense.laid_off, &his) == dw);
    CHECK(memcmp(&his, &defense.defender, sizeof his) == 0);
    if (__builtin_popcountll(other) <= 10 && small)
        CHECK(dw == oracle_lay_off(&a, other));
    return 0;
}
