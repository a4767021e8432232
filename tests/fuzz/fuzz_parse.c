/*
 * fuzz_parse.c: libFuzzer target for the text parsers.
 *
 * The input, NUL-terminated, goes to gr_card_parse, gr_cards_parse,
 * gr_game_load, and the other parsers (gr_move_parse,
 * gr_position_parse, gr_match_load_ex; the places they report must lie
 * inside the text).  Whatever they accept must round-trip: format/save it,
 * parse/load it again, and get the same thing back.  A save text cut short
 * never loads: the saved text without its last byte, and cut at a place
 * the input picks, are refused.  The seed corpus holds real saves (knocks
 * with a shown arrangement and a defense, void hands, turnovers) and their
 * truncations, cut lines and NULs (corpus/parse/save-*).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>

#include "fuzz.h"

static void check_cards(const char *text)
{
    gr_card card;
    if (gr_card_parse(text, &card) == GR_OK) {
        char buf[8];
        CHECK(card < GR_NCARDS);
        CHECK(gr_card_format(card, buf, sizeof buf) > 0);
        gr_card again;
        CHECK(gr_card_parse(buf, &again) == GR_OK && again == card);
    }

    gr_cards cards = 0;
    int rc = gr_cards_parse(text, &cards);
    CHECK(rc == GR_OK || rc == GR_EPARSE || rc == GR_EINVAL);
    if (rc == GR_OK) {
        char buf[4 * GR_NCARDS + 1];
        int n = gr_cards_format(cards, buf, sizeof buf);
        CHECK(n >= 0 && (size_t)n < sizeof buf);
        gr_cards again;
        CHECK(gr_cards_parse(buf, &again) == GR_OK && again == cards);
    }
}

/* `saved` cut to n < its length bytes is refused as damaged */
static void check_cut(const char *saved, size_t n)
{
    char *cut = malloc(n + 1);
    CHECK(cut);
    memcpy(cut, saved, n);
    cut[n] = '\0';
    gr_game *game = NULL;
    CHECK(gr_game_load(&game, cut) == GR_EPARSE && game == NULL);
    free(cut);
}

static void check_load(const char *text, size_t size)
{
    gr_game *game = NULL;
    int rc = gr_game_load(&game, text);
    CHECK(rc == GR_OK || rc == GR_EPARSE || rc == GR_EILLEGAL || rc == GR_ENOMEM);
    if (rc != GR_OK) {
        CHECK(game == NULL);
        return;
    }
    int n = gr_game_save(game, NULL, 0);
    CHECK(n > 0);
    char *saved = malloc((size_t)n + 1);
    CHECK(saved);
    CHECK(gr_game_save(game, saved, (size_t)n + 1) == n);

    gr_game *again = NULL;
    CHECK(gr_game_load(&again, saved) == GR_OK);
    char *resaved = malloc((size_t)n + 1);
    CHECK(resaved);
    CHECK(gr_game_save(again, resaved, (size_t)n + 1) == n);
    CHECK(memcmp(saved, resaved, (size_t)n + 1) == 0);
    check_cut(saved, (size_t)n - 1);
    check_cut(saved, size % (size_t)n);

    free(saved);
    free(resaved);
    gr_game_free(again);
    gr_game_free(game);
}

static void check_13(const char *text)
{
    size_t len = strlen(text);
    gr_parse_error e;
    gr_move m;
    int rc = gr_move_parse(text, NULL, &m, &e);
    CHECK(rc == GR_OK || rc == GR_EPARSE);
    if (rc == GR_OK) {
        char buf[32];
        CHECK(gr_move_format(m, buf, sizeof buf) > 0);
        gr_move again;
        CHECK(gr_move_parse(buf, NULL, &again, NULL) == GR_OK);
        CHECK(again.type == m.type && again.card == m.card);
    } else {
        CHECK(e.offset <= len && e.offset + e.length <= len);
    }
    gr_position p;
    rc = gr_position_parse(text, &p, &e);
    CHECK(rc == GR_OK || rc == GR_EPARSE);
    if (rc == GR_OK) {
        gr_rules *r = NULL;
        gr_game *g = NULL;
        if (gr_rules_new(&r, GR_PRESET_FOURNIER) == GR_OK
            && gr_game_from_position(&g, r, &p) == GR_OK) {
            gr_position q;
            CHECK(gr_game_position(g, &q) == GR_OK);
            gr_game_free(g);
        }
        gr_rules_free(r);
    } else {
        CHECK(e.offset <= len && e.offset + e.length <= len);
    }
    gr_match *match = NULL;
    rc = gr_match_load_ex(&match, text, NULL, &e);
    CHECK(rc == GR_OK || rc == GR_EPARSE || rc == GR_EILLEGAL || rc == GR_ENOMEM);
    if (rc == GR_OK) {
        int n = gr_match_save(match, NULL, 0);
        char *saved = malloc((size_t)n + 1);
        CHECK(saved && gr_match_save(match, saved, (size_t)n + 1) == n);
        gr_match *again = NULL;
        CHECK(gr_match_load(&again, saved) == GR_OK);
        gr_match_free(again);
        free(saved);
        gr_match_free(match);
    } else if (rc == GR_EPARSE) {
        CHECK(match == NULL && e.offset <= len && e.offset + e.length <= len);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    check_cards(text);
    check_load(text, size);
    check_13(text);
    free(text);
    return 0;
}
