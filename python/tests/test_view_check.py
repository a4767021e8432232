"""View.check: the reason the C library would refuse a view (gr_view_check)."""
import ginrummy as gr


def test_views_of_a_game_are_well_formed():
    g = gr.Game(gr.Rules(), seed=3)
    for player in (0, 1):
        assert g.view(player).check() == 0
    v = g.view(g.turn)
    g.play(v.legal[0])
    assert g.view(0).check() == 0 and g.view(1).check() == 0
