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


def test_rummy_rules_keywords_in_any_order():
    # R2: two decks for 4-7 players; the player count is set first
    assert RummyRules(decks=2, players=5).as_dict() == RummyRules(players=5, decks=2).as_dict()
    assert RummyRules(hand_size=10, decks=2, players=4).deal() == (2, 10, 104)
    assert RummyRules(target=0, jokers=1, decks=1, players=4)["players"] == 4


@pytest.mark.parametrize("opts, says", [
    (dict(decks=2, players=2), "'decks' = 2: R2 deals no such game"),
    (dict(hand_size=7, players=2), "'hand_size' = 7: R2 deals no such game"),
    (dict(decks=5), "'decks' = 5: outside its range 0..2"),
    (dict(players=9), "'players' = 9: outside its range 2..7"),
    (dict(frobnicate=1), "'frobnicate': no such option (one of players, decks"),
])
def test_a_refused_rummy_option_says_why(opts, says):
    with pytest.raises(gr.InvalidArgument) as e:
        RummyRules(**opts)
    assert says in str(e.value)


def test_a_refused_gin_option_says_its_range():
    with pytest.raises(gr.InvalidArgument, match=r"'knock_limit' = 99: outside its range 0\.\.10"):
        gr.Rules(knock_limit=99)
    r = gr.Rules()
    with pytest.raises(gr.InvalidArgument, match="outside its range"):
        r["gin_bonus"] = -5


def test_one_card_is_singular_on_the_table():
    from ginrummy.rummy_encoding import RummyTable
    t = RummyTable(players=2)
    t.reset(seed=1, index=0)                 # the pile starts with one card
    text = t.render(0)
    assert "(1 card)," in text and "1 cards" not in text


def test_a_stock_of_one_card_is_singular_in_the_rummy_game(capsys):
    from ginrummy.rummy import RummyBot
    from ginrummy.rummy_play import show_table
    g = RummyGame(RummyRules(players=2, turnover_limit=0), seed=4)
    bot = RummyBot("random", seed=1)
    while not g.over and len(g.stock()) != 1:
        g.play(bot.choose(g.view(g.turn)))
    assert len(g.stock()) == 1
    show_table(g.view(g.turn), True)
    out = capsys.readouterr().out
    assert "Stock: 1 card\n" in out


def test_no_docstring_cites_a_file_that_is_not_installed():
    import pathlib
    for f in pathlib.Path(gr.__file__).parent.glob("*.py"):
        assert "RULES.md" not in f.read_text(), f.name


def _expert_game(features=None):
    from ginrummy.rummy import RummyBot
    r = RummyRules(players=2)
    g = RummyGame(r, seed=11)
    bots = [RummyBot("expert", s, rules=r, playouts=20) for s in (1, 2)]
    if features is not None:
        for b in bots:
            b.set_param("features", features)
    while not g.over and len(g.history()) < 60:
        g.play(bots[g.turn].choose(g.view(g.turn)))
    return [str(a) for a in g.history()]


def test_rummy_bot_features_reach_the_expert():
    from ginrummy.rummy import RUMMY_EXPERT_FEATURES
    import ginrummy._lib as L
    assert RUMMY_EXPERT_FEATURES["all"] == L.lib.GR_RUMMY_EXPERT_ALL == 63
    assert RUMMY_EXPERT_FEATURES["match"] == L.lib.GR_RUMMY_EXPERT_MATCH
    # all the features are the default; none of them plays another game
    assert _expert_game(RUMMY_EXPERT_FEATURES["all"]) == _expert_game()
    assert _expert_game(0) != _expert_game()


def test_rummy_bot_set_param_and_set_rules_refuse_and_copies_keep_them():
    import copy
    import pickle
    from ginrummy.rummy import RUMMY_BOT_PARAMS, RummyBot
    b = RummyBot("expert", seed=3)
    with pytest.raises(gr.InvalidArgument, match="features 0..63"):
        b.set_param("features", 64)
    with pytest.raises(gr.InvalidArgument):
        b.set_param("playouts", -1)
    with pytest.raises(gr.InvalidArgument, match="one of playouts, features"):
        b.set_param("strength", 1)
    with pytest.raises(TypeError):
        b.set_param("features", 2.0)
    with pytest.raises(TypeError):
        b.set_rules(None)
    with pytest.raises(TypeError):
        b.set_rules(gr.Rules())
    b.set_rules(RummyRules(players=3, turnover_limit=2))
    b.set_param(RUMMY_BOT_PARAMS["features"], 5)
    b.set_param("playouts", 40)
    b.set_score([10, 20, 30], 150)
    for other in (copy.copy(b), copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
        assert other._params == {1: 40, 2: 5}
        assert other._score == ([10, 20, 30], 150)
        assert other._rules.as_dict() == RummyRules(players=3, turnover_limit=2).as_dict()
    RummyBot("greedy").set_param("features", 63)    # accepted and ignored


def test_a_turn_text_the_rules_refuse_is_an_illegal_move_with_the_reason():
    from ginrummy.rummy import rummy_card_text, rummy_view_parse_turn
    g = RummyGame(seed=3)
    top = rummy_card_text(g.discards()[-1])
    # R4: the card taken from the pile may not be discarded that turn
    with pytest.raises(gr.IllegalMove) as e:
        g.parse_turn(f"take, discard {top}")
    assert type(e.value) is gr.IllegalMoveText and isinstance(e.value, gr.ParseError)
    assert e.value.status == -3 and e.value.name == "GR_EILLEGAL"
    assert e.value.reason_name == "taken_from_pile" and e.value.offset == 6
    assert "(GR_EILLEGAL): you may not discard the card you took" in str(e.value)
    assert "GR_EPARSE" not in str(e.value)
    # R4: draw first; a second draw: the state of the turn (GR_ESTATE)
    for text, why in (("discard 7H", "draw_first"), ("draw, draw", "drawn_already"),
                      ("out", "draw_first")):
        with pytest.raises(gr.WrongState) as e:
            g.parse_turn(text)
        assert type(e.value) is gr.WrongStateText and e.value.name == "GR_ESTATE"
        assert e.value.reason_name == why
    with pytest.raises(gr.WrongStateText):
        rummy_view_parse_turn("discard 7H", g.view(g.turn))
    # R5: jokers alone are no meld, refused by the move parser for the rules
    with pytest.raises(gr.IllegalMoveText, match="GR_EILLEGAL"):
        g.parse_move("meld JK JK JK")
    # what cannot be read stays a plain ParseError
    with pytest.raises(gr.ParseError) as e:
        g.parse_turn("zork")
    assert type(e.value) is gr.ParseError and e.value.name == "GR_EPARSE"


def test_a_table_step_for_a_seat_not_to_act_is_a_state_error():
    from ginrummy.gin_tables import GinTables
    from ginrummy.rummy_encoding import RummyTable
    t = RummyTable(players=3)
    t.reset(seed=1, index=0)
    seat = t.to_act()[0]
    other = (seat + 1) % 3
    with pytest.raises(gr.WrongState) as e:
        t.step(other, next(iter(t.legal())))
    assert e.value.name == "GR_ESTATE" and e.value.reason_name == "not_your_turn"
    assert t.to_act() == [seat]                      # nothing changed
    tables = GinTables(players=3)
    tables.reset(seed=1, index=0)
    idle = next(s for s in range(3) if s not in tables.to_act())
    with pytest.raises(gr.WrongState) as e:
        tables.step(idle, 0)
    assert e.value.reason_name == "not_your_turn"
