/*
 * movetext.c: moves as short text and back ("draw", "take", "discard 7H",
 * "knock 7H", "gin 7H", "big gin", "pass"), the card a move drew, and each
 * player's view of the history (G12: the opponent's stock draws hidden).
 */
#include "common/cards.h"
#include "gin/game.h"
#include "gin/reason.h"

#include <string.h>

static const char *const names[] = {
    [GR_MOVE_TAKE_UPCARD] = "take",    [GR_MOVE_PASS] = "pass",
    [GR_MOVE_DRAW_STOCK] = "draw",     [GR_MOVE_DRAW_DISCARD] = "take",
    [GR_MOVE_DISCARD] = "discard",     [GR_MOVE_KNOCK] = "knock",
    [GR_MOVE_GIN] = "gin",             [GR_MOVE_BIG_GIN] = "big gin",
};

static bool names_card(int type)
{
    return type == GR_MOVE_DISCARD || type == GR_MOVE_KNOCK || type == GR_MOVE_GIN;
}

static bool is_draw(int type)
{
    return type == GR_MOVE_TAKE_UPCARD || type == GR_MOVE_DRAW_STOCK
        || type == GR_MOVE_DRAW_DISCARD;
}

int gr_move_format(gr_move move, char *buf, size_t size)
{
    if ((!buf && size > 0) || move.type < GR_MOVE_TAKE_UPCARD
        || move.type > GR_MOVE_BIG_GIN)
        return GR_EINVAL;
    bool with_card = names_card(move.type) || (is_draw(move.type) && move.card != GR_NO_CARD);
    if (with_card && move.card >= GR_NCARDS)
        return GR_EINVAL;
    gr_writer w;
    gr__write_start(&w, buf, size);
    gr__write_str(&w, names[move.type]);
    if (with_card) {
        gr__write_str(&w, " ");
        gr__write_card(&w, move.card);
    }
    return (int)w.len;
}

static bool word_is(const char *s, size_t n, const char *want)
{
    if (strlen(want) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != want[i])
            return false;
    }
    return true;
}

static int parse_fail(const char *text, const char *at, size_t n, gr_parse_error *err)
{
    gr__parse_error_set(err, text, at, n, GR_REASON_SYNTAX);
    return GR_EPARSE;
}

int gr_move_parse(const char *text, const gr_game *game, gr_move *out,
                  gr_parse_error *err)
{
    if (!text || !out) {
        gr__parse_error_only(err, GR_REASON_NULL_ARGUMENT);
        return GR_EINVAL;
    }
    /* up to three words */
    const char *w[4];
    size_t n[4];
    int nw = 0;
    const char *s = text;
    for (;;) {
        while (gr__is_space(*s))
            s++;
        if (!*s)
            break;
        size_t len = 0;
        while (s[len] && !gr__is_space(s[len]))
            len++;
        if (nw == 3)
            return parse_fail(text, s, len, err);
        w[nw] = s;
        n[nw] = len;
        nw++;
        s += len;
    }
    if (nw == 0)
        return parse_fail(text, s, 0, err);
    gr_move m = { .type = 0, .card = GR_NO_CARD };
    int used = 1;
    if (word_is(w[0], n[0], "take"))
        m.type = game && game->phase == GR_PHASE_DRAW ? GR_MOVE_DRAW_DISCARD
                                                     : GR_MOVE_TAKE_UPCARD;
    else if (word_is(w[0], n[0], "pass"))
        m.type = GR_MOVE_PASS;
    else if (word_is(w[0], n[0], "draw"))
        m.type = GR_MOVE_DRAW_STOCK;
    else if (word_is(w[0], n[0], "discard"))
        m.type = GR_MOVE_DISCARD;
    else if (word_is(w[0], n[0], "knock"))
        m.type = GR_MOVE_KNOCK;
    else if (word_is(w[0], n[0], "gin"))
        m.type = GR_MOVE_GIN;
    else if (word_is(w[0], n[0], "big") && nw >= 2 && word_is(w[1], n[1], "gin")) {
        m.type = GR_MOVE_BIG_GIN;
        used = 2;
    } else if (word_is(w[0], n[0], "big_gin") || word_is(w[0], n[0], "biggin"))
        m.type = GR_MOVE_BIG_GIN;
    else
        return parse_fail(text, w[0], n[0], err);

    bool card_ok = names_card(m.type) || is_draw(m.type);
    if (nw > used) {
        if (!card_ok || nw > used + 1)
            return parse_fail(text, w[used + (card_ok ? 1 : 0)],
                              n[used + (card_ok ? 1 : 0)], err);
        char tmp[16];
        size_t len = n[used];
        if (len >= sizeof tmp)
            return parse_fail(text, w[used], len, err);
        memcpy(tmp, w[used], len);
        tmp[len] = '\0';
        if (gr_card_parse(tmp, &m.card) != GR_OK)
            return parse_fail(text, w[used], len, err);
    } else if (names_card(m.type)) {
        return parse_fail(text, s, 0, err);   /* the card is missing */
    }
    gr__parse_error_clear(err);
    *out = m;
    return GR_OK;
}

int gr_game_play_drawn(gr_game *game, gr_move move, gr_card *drawn)
{
    int rc = gr_game_play(game, move);
    if (rc != GR_OK)
        return rc;
    if (drawn) {
        const gr_move *last = &game->history[game->nhistory - 1];
        *drawn = is_draw(last->type) ? last->card : GR_NO_CARD;
    }
    return GR_OK;
}

int gr_game_history_view(const gr_game *game, int player, gr_move *out, size_t cap)
{
    if (!game || (!out && cap > 0) || (player != 0 && player != 1))
        return GR_EINVAL;
    /* who made each move: replay the turn order from the start */
    size_t n = (size_t)game->nhistory < cap ? (size_t)game->nhistory : cap;
    int actor = game->from_position ? game->start.turn : 1 - game->dealer;
    for (size_t i = 0; i < (size_t)game->nhistory; i++) {
        gr_move m = game->history[i];
        if (i < n) {
            out[i] = m;
            if (m.type == GR_MOVE_DRAW_STOCK && actor != player)
                out[i].card = GR_NO_CARD;
        }
        /* the turn passes after a pass, a discard, a knock, gin, big gin */
        if (m.type == GR_MOVE_PASS) {
            /* first pass: to the dealer; second: back to the non-dealer */
            actor = 1 - actor;
        } else if (m.type == GR_MOVE_DISCARD || m.type == GR_MOVE_KNOCK
                   || m.type == GR_MOVE_GIN || m.type == GR_MOVE_BIG_GIN) {
            actor = 1 - actor;
        }
    }
    return game->nhistory;
}
