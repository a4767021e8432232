"""Basic Rummy from Python (skipped when the library has no gr_rummy_*)."""
import pytest

import ginrummy as gr
from ginrummy import rummy

pytestmark = pytest.mark.skipif(not rummy.AVAILABLE, reason="no basic Rummy in this library")


def test_R1_hands_parse_count_format():
    h = rummy.RummyHand("7H 7H JK 2C")
    assert len(h) == 4 and h.count(gr.Card("7H")) == 2 and h.jokers == 1
    assert "2C" in h and "3C" not in h
    assert rummy.RummyHand(str(h)) == h
    with pytest.raises(gr.GinRummyError):
        rummy.RummyHand("7H 7H 7H")


def test_R3_melds_and_value():
    assert rummy.RummyMeld.parse("5H JK=6H 7H").kind() == 2
    assert rummy.RummyMeld.parse("5H 5C 5D").kind() == 1
    h = rummy.RummyHand("5H 6H 7H KC")
    assert h.value() == 10 and h.arrange().unmelded_points == 10


def test_rummy_games_and_a_match_with_bots():
    rules = rummy.RummyRules(players=3)
    assert rules["players"] == 3 and rules.as_dict()["players"] == 3
    m = rummy.RummyMatch(rules, seed=5)
    bots = [rummy.RummyBot("greedy", s) for s in range(3)]
    hands = 0
    while not m.over and hands < 200:
        g = m.deal()
        while not g.over:
            legal = g.legal_moves()
            a = bots[g.turn].choose(g.view(g.turn))
            assert a in legal
            g.play(a)
        again = rummy.RummyGame.load(g.save())
        assert again.result().score == g.result().score
        m.record(g)
        hands += 1
    assert m.over


def test_rummy_struct_sizes():
    if not hasattr(gr._lib.lib, "gr_struct_size"):
        pytest.skip("no gr_struct_size")
    for name, cls in gr._lib.STRUCTS.items():
        assert gr._lib.ffi.sizeof(cls) == gr._lib.lib.gr_struct_size(name.encode()), name


def test_rummy_redeal_and_playouts():
    rules = rummy.RummyRules(players=3, jokers=1)
    g = rummy.RummyGame(rules, seed=7, dealer=1)
    fresh = rummy.RummyGame(rules, seed=7, dealer=1)
    g.redeal(7, 1)
    assert g.save() == fresh.save()
    r = g.playout("basic", seed=3)
    assert g.over
    assert r.winner in (-1, 0, 1, 2)
    g.redeal(8, 0)
    g.playout("random", seed=3)
    assert g.over
    with pytest.raises(ValueError):
        g.playout("expert")
    with pytest.raises(gr.GinRummyError):
        g.redeal(1, 3)


def test_R4_R5_reasons_and_move_text():
    if not hasattr(gr._lib.lib, "gr_rummy_move_parse"):
        pytest.skip("no Rummy move text in this library")
    g = rummy.RummyGame(rummy.RummyRules(jokers=2), seed=7, dealer=1)
    with pytest.raises(gr.WrongState):
        g.play(g.parse_move("discard 8C"))
    assert gr._lib.string(gr._lib.lib.gr_reason_name(g.last_reason)) == "draw_first"
    with pytest.raises(gr.WrongState):
        g.play_as(1, g.parse_move("draw"))
    g.play(g.parse_move("d"))
    v = g.view(0)
    for a in g.legal_moves():
        assert g.parse_move(g.format_move(a)) == a
        assert rummy.rummy_view_parse_move(rummy.rummy_view_format_move(a, v), v) == a
    with pytest.raises(gr.ParseError) as e:
        g.parse_move("meld AC AH JK")
    assert e.value.offset == 11 and e.value.length == 2
    assert rummy.rummy_joker_faces("meld AC AH JK", g.view(0)) == gr.Cards("AD AS")
    assert rummy.RummyMeld.parse("6S JK=9S 8S").check() != 0
    assert rummy.RummyMeld.parse("5H 6H 7H").layoff_faces() == gr.Cards("4H 8H")
    assert len(rummy.RummyMeld.completions("7S 8S", 1)) == 2
    with pytest.raises(gr.ParseError) as e:
        rummy.RummyHand.parse_ex("7H ZZ")
    assert e.value.offset == 3
    assert str(rummy.RummyMeld.parse_ex("5H JK=6H 7H")) == "5H JK=6H 7H"


def test_R4_R7_turn_text_and_out():
    if not hasattr(gr._lib.lib, "gr_rummy_turn_parse"):
        pytest.skip("no Rummy turn text in this library")
    g = rummy.RummyGame(rummy.RummyRules(jokers=2), seed=7, dealer=1)
    with pytest.raises(gr.ParseError) as e:
        rummy.rummy_view_parse_turn("out", g.view(0))
    assert e.value.reason_name == "draw_first" and e.value.offset == 0
    bot = rummy.RummyBot("greedy", 3)
    turns = outs = 0
    while not g.over and turns < 60:
        start, p, h0 = g.clone(), g.turn, len(g.history())
        while not g.over and g.turn == p:
            v = g.view(p)
            if v.phase == gr._lib.lib.GR_RUMMY_PHASE_PLAY:
                try:
                    way = rummy.rummy_view_parse_turn("o", v)
                except gr.ParseError as err:
                    assert err.reason_name == "cannot_go_out"
                else:
                    c = g.clone()
                    for a in way:
                        c.play(a)
                    assert c.over
                    outs += 1
            g.play(bot.choose(v))
        turn = g.history()[h0:]
        text = start.format_turn(turn)
        assert start.parse_turn(text) == turn
        turns += 1
    assert turns > 5
    with pytest.raises(gr.ParseError) as e:
        g.parse_turn("out now")
    assert e.value.reason_name == "syntax" and e.value.offset == 4


def test_rummy_expert_bot_plays_a_hand():
    rules = rummy.RummyRules(players=3, jokers=1)
    g = rummy.RummyGame(rules, seed=11, dealer=0)
    bots = [rummy.RummyBot("expert", 5, rules=rules, playouts=20)] + \
        [rummy.RummyBot("greedy", s) for s in (1, 2)]
    while not g.over:
        a = bots[g.turn].choose(g.view(g.turn))
        assert a in g.legal_moves()
        g.play(a)
    with pytest.raises(gr.GinRummyError):
        rummy.RummyBot("expert", 1, playouts=-1)


def test_R7_rummy_expert_knows_the_match_score():
    rules = rummy.RummyRules(players=2)
    bot = rummy.RummyBot("expert", 3, rules=rules, playouts=20)
    bot.set_score([30, 92], 100)
    g = rummy.RummyGame(rules, seed=2, dealer=0)
    greedy = rummy.RummyBot("greedy", 4)
    while not g.over:
        a = (bot if g.turn == 0 else greedy).choose(g.view(g.turn))
        assert a in g.legal_moves()
        g.play(a)
    bot.set_score(None)
    for bad in (([0, -1], 100), ([0, 0], 100001), ([0] * 8, 100), ([0], 100)):
        with pytest.raises(gr.GinRummyError):
            bot.set_score(*bad)


def test_R7_score_keeping_undo_save_load():
    if not hasattr(gr._lib.lib, "gr_rummy_match_undo"):
        pytest.skip("no Rummy score keeping in this library")
    rules = rummy.RummyRules(players=3, jokers=1, target=50)
    m = rummy.RummyMatch(rules, seed=4, first_dealer=2)
    assert m.dealer == 2
    res = rummy.rummy_settle(rules, 0, [rummy.RummyHand(""), rummy.RummyHand("KS JK"),
                                        rummy.RummyHand("2C")])
    assert res.score[0] == 27 and res.left_points == (0, 25, 2)
    m.record(res)
    m.record(res)
    assert m.over
    with pytest.raises(gr.WrongState):
        m.record(res)
    m.undo()
    assert not m.over and m.score().total[0] == 27 and m.score_after(0).total[0] == 0
    assert [r.score[0] for r in m.results()] == [27]
    back = rummy.RummyMatch.load(m.save())
    assert back.save() == m.save()
    assert rummy.RummyMatch.load(m.save() + "\n \n").save() == m.save()   # blank lines after end
    assert back.rules is not None and back.rules.as_dict() == rules.as_dict()
    with pytest.raises(gr.ParseError):
        rummy.RummyMatch.load(m.save()[:-4])
    m.undo()
    with pytest.raises(gr.WrongState):
        m.undo()


def test_rummy_game_load_tells_the_line_and_reason():
    # blank lines may follow the end line (as in a Gin save); a damaged
    # save raises with the line, place and reason (gr_rummy_game_load_ex),
    # as Game.load does
    g = rummy.RummyGame(rummy.RummyRules(), seed=4)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    text = g.save()
    for tail in ("\n", "\n\n", "  \n\t\r\n"):
        assert rummy.RummyGame.load(text + tail).save() == text
    with pytest.raises(gr.ParseError) as e:
        rummy.RummyGame.load(text + "\nend\n")
    assert e.value.line == 8 and e.value.length == 3 and e.value.reason == gr._lib.lib.GR_REASON_SYNTAX
    with pytest.raises(gr.ParseError) as e:
        rummy.RummyGame.load(text.replace("\ndealer ", "\ndealr "))
    assert e.value.line == 3 and text.replace("\ndealer ", "\ndealr ")[e.value.offset:].startswith("dealr")
    # a draw that names another card: the move, its reason
    moves = text[text.index("\nmoves ") + 7:text.index("\nend")].split("; ")
    first = moves[0]
    wrong = "STOCK 2C" if first != "STOCK 2C" else "STOCK 3C"
    bad = text.replace("moves " + first, "moves " + wrong)
    with pytest.raises(gr.IllegalMove) as e:
        rummy.RummyGame.load(bad)
    assert e.value.line == 5 and bad[e.value.offset:e.value.offset + e.value.length] == wrong
    assert e.value.reason == gr._lib.lib.GR_REASON_DRAW_MISMATCH
    # cut short: the end of the text
    with pytest.raises(gr.ParseError) as e:
        rummy.RummyGame.load(text[:-4])
    assert e.value.offset == len(text) - 4 and e.value.length == 0
