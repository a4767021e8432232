"""The Rummy classes refuse unsuitable arguments as the README says:
TypeError for what is not meant (None, bytes, numbers where cards or text
are meant), never a silent empty hand or an AttributeError; text with a
NUL character is refused rather than cut where C would end it; repr never
raises."""
import pytest

import ginrummy as gr
from ginrummy.rummy import (RummyGame, RummyHand, RummyMatch, RummyRules, rummy_settle,
                            rummy_view_parse_move)


@pytest.mark.parametrize("bad", [b"7H", 5, 3.5, True, object(), bytearray(b"7H")],
                         ids=repr)
def test_a_hand_from_what_is_no_hand_is_a_type_error(bad):
    with pytest.raises(TypeError):
        RummyHand(bad)


def test_a_hand_from_an_iterable_of_cards_holds_them():
    assert RummyHand(["KS", "QS"]) == RummyHand("KS QS")
    assert RummyHand(("7H", "7H", "JK")) == RummyHand("7H 7H JK")
    assert RummyHand([gr.Card("2C"), int(gr.Card("3C"))]) == RummyHand("2C 3C")
    assert RummyHand(c for c in ["AS"]) == RummyHand("AS")
    assert RummyHand([]) == RummyHand("") == RummyHand() == RummyHand(None)
    with pytest.raises(gr.InvalidArgument):          # a third copy (R1)
        RummyHand(["KS", "KS", "KS"])
    with pytest.raises(gr.GinRummyError):
        RummyHand(["ZZ"])
    with pytest.raises(TypeError):
        RummyHand([None])
    with pytest.raises(TypeError):
        RummyHand([3.5])


def test_settle_counts_the_hands_it_is_given():
    rules = RummyRules(players=3)
    r = rummy_settle(rules, 0, [RummyHand(""), RummyHand(["KS", "QS"]), RummyHand("AH")])
    assert r.score[0] == 21
    assert rummy_settle(rules, 0, ["", "KS QS", "AH"]).score == r.score
    with pytest.raises(TypeError):
        rummy_settle(rules, 0, ["", None, ""])
    with pytest.raises(TypeError):
        rummy_settle(rules, 0, [RummyHand(), 5, RummyHand()])
    with pytest.raises(TypeError):
        rummy_settle(rules, 0, "  ")


def test_none_is_a_type_error_everywhere():
    g = RummyGame(seed=1)
    m = RummyMatch()
    calls = [lambda: g.parse_move(None), lambda: g.parse_turn(None),
             lambda: m.record(None), lambda: m.record("void"),
             lambda: RummyHand.parse_ex(None), lambda: RummyGame.load(None),
             lambda: RummyMatch.load(None), lambda: RummyGame.from_position(None),
             lambda: rummy_view_parse_move(None, g.view(g.turn)),
             lambda: gr.parse_move(None), lambda: gr.parse_cards(None),
             lambda: gr.Game.load(None), lambda: gr.parse_card(None)]
    for call in calls:
        with pytest.raises(TypeError):
            call()


@pytest.mark.parametrize("call", [
    lambda: RummyHand("7H\x008H 9H"), lambda: RummyHand.parse_ex("7H\x00 8H"),
    lambda: RummyGame(seed=1).parse_move("draw\x00 meld"),
    lambda: gr.parse_cards("7H\x008H"), lambda: gr.Cards("7H 8H\x00 9H"),
    lambda: gr.Card("7H\x00"), lambda: gr.parse_move("draw\x00x")])
def test_text_with_a_nul_is_refused_not_cut(call):
    with pytest.raises(gr.InvalidArgument, match="NUL"):
        call()


def test_repr_of_an_invalid_hand_never_raises():
    h = RummyHand("7H")
    h.once, h.twice = 0, 1            # twice without once: no hand
    assert "invalid" in repr(h)
    with pytest.raises(gr.InvalidArgument):
        h.check()
    h.jokers = 99
    assert "jokers=99" in repr(h)
    h.once = "x"                     # fields of no C type
    assert "invalid" in repr(h)
    assert repr(RummyHand("7H 7H JK")) == "RummyHand('7H 7H JK')"
