/* hello.c: arrange a hand into melds, then deal a game.
 * cc hello.c $(pkg-config --cflags --libs ginrummy) -o hello */
#include <stdio.h>
#include <ginrummy.h>

int main(void)
{
    gr_cards hand;
    gr_arrangement a;
    char text[160];

    if (gr_cards_parse("AS 2S 3S 7H 7D 7C KD QD JD 9C", &hand) != GR_OK)
        return 1;
    int deadwood = gr_arrange(hand, &a);
    for (int i = 0; i < a.nmelds; i++) {
        gr_cards_format(a.melds[i], text, sizeof text);
        printf("meld: %s\n", text);
    }
    gr_cards_format(a.deadwood, text, sizeof text);
    printf("deadwood: %s (%d)\n", text, deadwood);

    /* Deal a hand under the standard rules, player 0 dealing. */
    gr_rules *rules;
    gr_game *game;
    if (gr_rules_new(&rules, GR_PRESET_STANDARD) != GR_OK
        || gr_game_new(&game, rules, 42, 0) != GR_OK)
        return 1;
    for (int player = 0; player < 2; player++) {
        gr_game_hand(game, player, &hand);
        gr_cards_format(hand, text, sizeof text);
        printf("player %d: %s (deadwood %d)\n", player, text,
               gr_deadwood(hand));
    }
    gr_game_free(game);
    gr_rules_free(rules);
    return 0;
}
