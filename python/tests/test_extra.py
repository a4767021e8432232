"""Advice, positions, move text and score keeping, the
playouts and expert bot, and Rummy going out, history and stacked decks,
from Python: hand-worked cases and round trips."""
import pytest

import ginrummy as gr
from ginrummy import rummy

STD = "standard"


def test_G4_arrangements_lists_each_once():
    arrs = gr.arrangements("AS 2S 3S 4S")
    assert [a.deadwood_points for a in arrs] == [10, 1, 4, 0]
    assert [str(m) for m in arrs[3].melds] == ["AS 2S 3S 4S"]
    assert [a.deadwood_points for a in gr.arrangements("AS 2S 3S 4S", limit=1)] == [1, 0]
    with pytest.raises(gr.InvalidArgument):
        gr.arrangements(gr.Cards(range(17)))


def test_G11_best_discard_except_and_game_best_discard():
    assert gr.best_discard_except("AS 2S 3S 7H 8D KC", "KC") == (gr.Card("8D"), 17)
    assert gr.best_discard_except("AS 2S 3S 7H 8D KC", "") == (gr.Card("KC"), 15)
    with pytest.raises(gr.InvalidArgument):
        gr.best_discard_except("KC", "KC")
    g = gr.Game(STD, seed=7)
    with pytest.raises(gr.WrongState):
        g.best_discard()
    g.play("pass"); g.play("pass"); g.play("DRAW_STOCK")
    card, left = g.best_discard()
    assert card in g.hand(g.turn) and left == gr.deadwood(g.hand(g.turn) - gr.Cards([card]))


def test_advise_take_hand_worked():
    a = gr.advise_take("AS 2S 7H 8D 9C", "3S", "KC QC")
    # take 3S: AS 2S 3S melds, discard 9C leaves 7H 8D = 15; a blind draw
    # of KC or QC then the best discard leaves AS 2S 7H 8D = 18 + ... = 27
    assert (a.take_deadwood, a.take_discard, a.draw_expected, a.unseen, a.take) == \
        (15, gr.Card("9C"), 27.0, 2, True)
    with pytest.raises(gr.InvalidArgument):
        gr.advise_take("AS 2S", "AS", "")


def test_view_unseen_and_advice():
    g = gr.Game(STD, seed=7)
    v = g.view(g.turn)
    assert len(v.unseen()) == 52 - 10 - 1        # his hand and the upcard are seen
    assert not (v.unseen() & v.hand)
    adv = v.advise_take()
    assert adv.unseen == 41 and isinstance(adv.take, bool)
    with pytest.raises(gr.WrongState):
        g.view(1 - g.turn).advise_take()


def test_G17_advise_knock_fewest_layoffs():
    k = gr.advise_knock("AS 2S 3S 4C 4D 4H 9C 9D 9H 2C", 10, "")
    assert k.arrangement.deadwood_points == 8 and k.layoffs == 2
    assert k.targets == gr.Cards("4S 9S")
    with pytest.raises(gr.IllegalMove):
        gr.advise_knock("AS 3S 5S 7C 9D JH KC 2D 4D 6H", 10, "")


def test_G20_layoff_targets_and_build():
    k = gr.Arrangement.of(["4S 5S 6S", "9C 9D 9H"], "2C")
    assert gr.layoff_targets(k, "3S 7S 8S 9S KD") == [gr.Cards("3S 7S"), gr.Cards("9S")]
    # with 7S laid, 8S extends the run
    assert gr.layoff_targets(k, "3S 7S 8S 9S", "7S") == [gr.Cards("3S 8S"), gr.Cards("9S")]
    d = gr.layoff_build(k, "3S 7S 8S 9S KD QD JD", "3S 7S")
    assert d.laid_off == gr.Cards("3S 7S") and d.defender.deadwood_points == 17
    assert [str(m) for m in d.defender.melds] == ["JD QD KD"]
    gr.layoff_check_ex(k, "3S 7S 8S 9S KD QD JD", d)
    with pytest.raises(gr.IllegalMove):
        gr.layoff_build(k, "3S 7S 8S 9S KD QD JD", "8S")     # 8S needs 7S first


def test_G4_arrangement_check_reasons():
    a = gr.Arrangement.of(["AS 2S 3S"], "KC")
    gr.arrangement_check(a, "AS 2S 3S KC")
    with pytest.raises(gr.GinRummyError) as e:
        gr.arrangement_check(a, "AS 2S 3S KC", limit=5)
    assert e.value.reason is not None
    with pytest.raises(gr.GinRummyError):
        gr.arrangement_check(gr.Arrangement.of(["AS 2S 4S"], "KC"), "AS 2S 4S KC")


def test_settle_ex_knocker_seat_and_strict():
    k = gr.Arrangement.of(["AS 2S 3S", "4C 4D 4H", "9C 9D 9H"], "2C")
    r = gr.settle_ex(STD, k, "KC KD KH QS JS 10S 5H 6H 7H 8C", knocker_seat=1)
    assert (r.outcome, r.knocker, r.winner, r.points) == (gr.Outcome.KNOCK, 1, 1, 6)
    assert gr.settle_ex(STD, k, "KC KD KH").outcome == gr.Outcome.VOID
    with pytest.raises(gr.InvalidArgument) as e:
        gr.settle_ex(STD, k, "KC KD KH", strict=True)
    assert e.value.reason_name == "card_count"
    with pytest.raises(gr.InvalidArgument):
        gr.settle_ex(STD, k, "KC KD KH", knocker_seat=2)


def test_position_round_trips():
    g = gr.Game(STD, seed=7)
    for mv in ("pass", "pass", "DRAW_STOCK"):
        g.play(mv)
    p = g.position()
    assert p.phase == gr.Phase.DISCARD and len(p.hands[g.turn]) == 11
    text = p.format()
    assert text.startswith("dealer 0; turn ") and gr.Position.parse(text) == p
    p.check(STD)
    g2 = gr.Game.from_position(p, STD)
    assert g2.hand(0) == g.hand(0) and g2.hand(1) == g.hand(1) and g2.discards == g.discards
    assert gr.Game.load(g2.save()).position() == p
    # the same moves from both reach the same state
    for game in (g, g2):
        game.play(gr.Move(gr.MoveType.DISCARD, game.best_discard()[0]))
    assert g.position() == g2.position()
    bad = gr.Position(**{**p.__dict__, "hands": (p.hands[0], p.hands[0])})
    with pytest.raises(gr.InvalidArgument) as e:
        bad.check(STD)
    assert e.value.reason is not None
    with pytest.raises(gr.InvalidArgument):
        gr.Game.from_position(bad, STD)
    with pytest.raises(gr.ParseError) as e:
        gr.Position.parse("dealer 0; turn x")
    assert e.value.offset > 0


def test_move_text_round_trip_and_offsets():
    g = gr.Game(STD, seed=7)
    for m in ["pass", "draw", "discard 7H", "knock 7H", "gin 7H", "big gin"]:
        assert gr.format_move(gr.parse_move(m)) == m
    assert gr.parse_move("take", g).type == gr.MoveType.TAKE_UPCARD
    g.play("pass"); g.play("pass")
    assert gr.parse_move("TAKE", g).type == gr.MoveType.DRAW_DISCARD
    with pytest.raises(gr.ParseError) as e:
        gr.parse_move("discard 7Z")
    assert (e.value.offset, e.value.length) == (8, 2)
    with pytest.raises(gr.ParseError) as e:
        gr.parse_cards("AS 2S ZZ")
    assert (e.value.offset, e.value.length, e.value.reason_name) == (6, 2, "syntax")
    assert gr.parse_card(" qs") == gr.Card("QS") and gr.parse_cards("AS 2S") == gr.Cards("AS 2S")


def test_play_drawn_history_view_play_as():
    g = gr.Game(STD, seed=7)
    up = g.upcard
    assert g.play_drawn("pass") is None
    with pytest.raises(gr.WrongState) as e:
        g.play_as(g.turn ^ 1, "pass")
    assert e.value.reason_name == "not_your_turn"
    g.play_as(g.turn, "pass")
    me = g.turn
    drawn = g.play_drawn("DRAW_STOCK")
    assert drawn in g.hand(me)
    assert g.history_view(me)[-1].card == drawn
    assert g.history_view(1 - me)[-1].card is None
    assert g.history()[-1].card == drawn and up == g.discards[-1]


def test_game_load_error_offset():
    g = gr.Game(STD, seed=7)
    g.play("pass")
    text = g.save()
    assert gr.Game.load(text).history() == g.history()
    with pytest.raises(gr.GinRummyError) as e:
        gr.Game.load(text.replace("rules", "rulez"))
    assert e.value.line >= 1 and e.value.offset > 0


def test_legal_masks_redeal_playout():
    g = gr.Game(STD, seed=7)
    m = g.legal_masks()
    assert m.types == {gr.MoveType.TAKE_UPCARD, gr.MoveType.PASS} and m.top == g.upcard
    r = g.playout("greedy", seed=1)
    assert g.over and r == g.result()
    # replaying the history reaches the same result
    h = gr.Game(STD, seed=7)
    for mv in g.history():
        if mv.type in (gr.MoveType.DRAW_STOCK,):
            mv = gr.Move(mv.type)
        if mv.type in (gr.MoveType.TAKE_UPCARD, gr.MoveType.DRAW_DISCARD):
            mv = gr.Move(mv.type)
        h.play(mv)
    assert h.result() == r
    g.redeal(7, 0)
    assert g.position() == gr.Game(STD, seed=7).position()
    # step: play, then the masks of the next decision, as legal_masks gives them
    p = gr.Game(STD, seed=7)
    p.playout("random", seed=3)
    h = gr.Game(STD, seed=7)
    for mv in p.history():
        if mv.type in (gr.MoveType.DRAW_STOCK, gr.MoveType.TAKE_UPCARD,
                       gr.MoveType.DRAW_DISCARD):
            mv = gr.Move(mv.type)
        m = h.step(mv)
        assert m == h.legal_masks()
    assert h.over and not m.types and h.result() == p.result()
    with pytest.raises(gr.WrongState):
        h.step(gr.Move(gr.MoveType.DRAW_STOCK))
    with pytest.raises(gr.InvalidArgument):
        g.redeal(1, 2)
    with pytest.raises(gr.InvalidArgument):
        g.playout(99)


def test_G40_first_dealer_chosen_at_tables_of_3_and_4():
    for players in (3, 4):
        for seat in range(players):
            m = gr.Match.new_dealer(STD, seed=5, first_dealer=seat, players=players)
            assert m.players == players
            assert m.dealer == (seat % 2 if players == 4 else seat)
            text = m.save()
            assert f"first_dealer {seat}\n" in text
            assert gr.Match.load(text).save() == text
    with pytest.raises(gr.InvalidArgument):
        gr.Match.new_dealer(STD, first_dealer=3, players=3)


def test_match_dealer_undo_results_save_load():
    m = gr.Match.new_dealer(STD, seed=3, first_dealer=1)
    assert m.dealer == 1
    k = gr.Arrangement.of(["AS 2S 3S", "4C 4D 4H", "9C 9D 9H"], "2C")
    r = gr.settle_ex(STD, k, "KC KD KH QS JS 10S 5H 6H 7H 8C", knocker_seat=1)
    m.record(r)
    assert m.score().total == (0, 6)
    assert [(x.outcome, x.knocker, x.winner, x.points) for x in m.results()] == \
        [(gr.Outcome.KNOCK, 1, 1, 6)]
    text = m.save()
    assert "first_dealer 1" in text and "hand knock knocker 1 winner 1 points 6" in text
    m2 = gr.Match.load(text)
    assert m2.save() == text and m2.score() == m.score()
    assert m2.rules is not None and m2.rules.as_dict() == gr.Rules(STD).as_dict()
    m.undo()
    assert m.score().total == (0, 0) and m.results() == [] and m.last_reason == 0
    with pytest.raises(gr.WrongState) as e:
        m.undo()
    assert e.value.reason_name == "nothing_to_undo"
    with pytest.raises(gr.ParseError) as e:
        gr.Match.load(text.replace("seed 3", "sed 3"))
    assert e.value.line == 3
    with pytest.raises(gr.ParseError):
        gr.Match.load(text[:-5])        # no "end": refused
    # a hand the match refuses: its line and the match's reason
    bad = ("ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 1\ndeals 0\n"
           "hand knock knocker 0 winner 0 points 100\nhand void\nend\n")
    with pytest.raises(gr.IllegalMove) as e:
        gr.Match.load(bad)
    assert e.value.line == 7 and bad[e.value.offset:].startswith("hand void")
    assert e.value.reason_name


def test_expert_bot_observe():
    # a hint at every view, then the move a greedy player made instead:
    # the hint bot remembers the hand as the bot told only the moves does
    hinted, told = gr.Bot("expert", seed=4), gr.Bot("expert", seed=4)
    for b in (hinted, told):
        b.set_rules(STD)
        b.set_param("playouts", 20)
    person, other = gr.Bot("greedy"), gr.Bot("greedy", seed=2)
    g = gr.Game(STD, seed=9)
    turns, compared = 0, False
    while not g.over:
        p = g.turn
        v = g.view(p)
        if p == 1:
            g.play(other.choose(v))
            continue
        hint = hinted.choose(v)
        turns += 1
        if turns == 3:
            assert told.choose(v) == hint
            compared = True
            break
        mv = person.choose(v)
        hinted.observe(v, mv)
        told.observe(v, mv)
        g.play(mv)
    assert compared
    v = g.view(g.turn)
    with pytest.raises(TypeError):
        told.observe(None, gr.Move(gr.MoveType.PASS))
    with pytest.raises(gr.IllegalMove):   # the view is at a draw
        told.observe(v, gr.Move.parse("discard AS"))


def test_expert_bot_params_explain_arrange():
    b = gr.Bot("expert", seed=1)
    b.set_rules(STD)
    b.set_param("playouts", 20)
    b.set_score(10, 20)
    with pytest.raises(gr.InvalidArgument):
        b.set_param("playouts", -1)
    with pytest.raises(gr.InvalidArgument):
        b.set_score(-1, 0)
    g, other = gr.Game(STD, seed=5), gr.Bot("greedy")
    knocked = False
    while not g.over:
        p = g.turn
        v = g.view(p)
        mv = b.choose(v) if p == 0 else other.choose(v)
        if p == 0:
            assert b.explain()
        if p == 0 and mv.type in (gr.MoveType.KNOCK, gr.MoveType.GIN):
            a = b.arrange(v, mv.card)
            assert a.cards == v.hand - gr.Cards([mv.card])
            g.knock(mv.card, a)
            knocked = True
            continue
        g.play(mv)
    v = g.view(0)
    with pytest.raises(gr.WrongState):
        b.arrange(v, 0)
    assert isinstance(knocked, bool)


def test_rules_set_text():
    r = gr.Rules(STD)
    r.set_text("knock_limit=7")
    assert r["knock_limit"] == 7
    with pytest.raises(gr.ParseError):
        r.set_text("knock_limit")
    with pytest.raises(gr.InvalidArgument):
        r.set_text("knock_limit=11")
    assert r["knock_limit"] == 7


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R1_rummy_hand_add_remove_holds_fits():
    h = rummy.RummyHand("7H 7H JK 2C")
    h.add("3C")
    assert h.holds("7H") == 2 and h.holds("3C") == 1 and h.holds(rummy.JOKER) == 1
    with pytest.raises(gr.InvalidArgument):
        h.add("7H")                        # a third copy
    h.remove("7H")
    assert str(h) == "2C 3C 7H JK"
    with pytest.raises(gr.IllegalMove):
        h.remove("KS")
    assert h.fits(1, 1) and not h.fits(1, 0)
    with pytest.raises(gr.InvalidArgument):
        h.fits(3, 0)


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R4_rummy_go_out_and_can_go_out():
    plan = rummy.RummyHand("4C 5C 6C 9D KS").go_out([rummy.RummyMeld.parse("7C 8C 9C")])
    assert plan.value == 19 and str(plan.left) == "9D KS" and len(plan.moves) == 1
    plan = rummy.RummyHand("10C 9D").go_out([rummy.RummyMeld.parse("7C 8C 9C")])
    assert plan.value == 9 and plan.moves[0].kind == "lay_off" and plan.moves[0].meld == 0
    assert rummy.RummyHand("4C 5C 6C").can_go_out() == "meld"
    assert rummy.RummyHand("4C 5C 6C 9D").can_go_out() == "discard"
    assert rummy.RummyHand("4C 5C 6C 9D").can_go_out(no_discard="9D") == "no"
    assert rummy.RummyHand("4C 5C 6C 9D 9D").can_go_out() == "no"
    h = rummy.RummyHand("4C 5C 6C 9D KS")
    h.check_arrangement(h.arrange())
    with pytest.raises(gr.GinRummyError):
        rummy.RummyHand("4C 5C 6C").check_arrangement(h.arrange())


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R5_R7_rummy_out_plan_discards_a_taken_joker():
    table = [rummy.RummyMeld.parse("3C JK=3D 3H 3S")]
    hand = rummy.RummyHand("3D")
    assert hand.can_go_out(table, no_discard="3D") == "discard"
    kind, plan = hand.out_plan(table, no_discard="3D")
    assert kind == "discard" and plan is not None
    assert [m.kind for m in plan.moves] == ["take_joker"]
    assert str(plan.left) == "JK" and plan.value == 15
    assert rummy.RummyHand("3D 3D").out_plan(table, no_discard="3D") == ("no", None)


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R2_rummy_deck_history_stock():
    rr = rummy.RummyRules()
    assert rr.deal() == (1, 10, 52)
    g = rummy.RummyGame.from_deck(list(range(52)), rr, dealer=0)
    # dealt one at a time from the top, starting left of the dealer
    assert str(g.hand(1)) == "AC 3C 5C 7C 9C JC KC 2D 4D 6D"
    assert g.discards() == [20] and g.stock()[:3] == [21, 22, 23] and g.turnovers == 0
    v = g.view(g.turn)
    assert [str(a) for a in gr.rummy.rummy_view_legal_moves(v)] == \
        [str(a) for a in g.legal_moves()]
    a = g.legal_moves()[0]
    g.play(a)
    assert len(g.history()) == 1
    with pytest.raises(gr.InvalidArgument):
        rummy.RummyGame.from_deck(list(range(51)), rr)


def test_small_helpers():
    assert gr.cards_count("AS 2S 3S") == 3 == len(gr.Cards("AS 2S 3S"))
    assert gr.reason_status(0) == 0
    with pytest.raises(gr.WrongState) as e:
        gr.Match.new_dealer(STD, first_dealer=0).undo()
    assert gr.reason_status(e.value.reason) == -2  # GR_ESTATE


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R7_rummy_small_helpers():
    assert gr.rummy.rummy_card_points("KS") == 10 and gr.rummy.rummy_card_points("JK") == 15
    assert gr.rummy.rummy_card_points("AS") == 1 and gr.rummy.rummy_card_points("AS", True) == 11
    assert gr.rummy.rummy_card_text(rummy.JOKER) == "JK" and gr.rummy.rummy_card_text(0) == "AC"
    rummy.RummyHand("7H 7H JK").check()
    r = rummy.RummyRules()
    c = r.copy()
    c["players"] = 4
    assert r["players"] != 4
    m = rummy.RummyMatch(r, seed=1)
    assert 0 <= m.dealer < 7


def test_env_step_only_and_status():
    np = pytest.importorskip("numpy")
    env = gr.GinRummyEnv(seed=1)
    obs, info = env.reset()
    assert env.status() == (False, False, (0, 0))
    legal = np.flatnonzero(info["action_mask"])
    with pytest.raises(gr.IllegalMove):
        env.step_only(int(np.setdiff1d(np.arange(241), legal)[0]))
    env.step_only(int(legal[0]))
    assert env.status()[0] is False


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/statm"), reason="needs /proc")
def test_new_handles_are_freed_memory_does_not_grow():
    import gc
    import os

    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024

    text = None

    def loop(n):
        nonlocal text
        for i in range(n):
            g = gr.Game(STD, seed=i)
            g2 = gr.Game.from_position(g.position(), STD)
            g2.playout("random", seed=i)
            g.redeal(i + 1)
            m = gr.Match.new_dealer(STD, seed=i)
            m.record(g2)
            text = m.save()
            gr.Match.load(text).undo()
            b = gr.Bot("expert", i)
            b.set_param("playouts", 1)
            b.choose(g.view(g.turn))
            b.explain()
        gc.collect()

    sizes = []
    for _ in range(6):
        loop(300)
        sizes.append(rss())
    assert sizes[5] - sizes[2] < 1024, sizes


def test_unknown_names_are_invalid_arguments():
    b = gr.Bot("expert", seed=1)
    with pytest.raises(gr.InvalidArgument, match="playouts, features"):
        b.set_param("nope", 1)
    g = gr.Game(STD, seed=1)
    with pytest.raises(gr.InvalidArgument, match="random, greedy"):
        g.playout("smart")


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R3_rummy_go_out_refuses_a_table_non_meld_as_play_does():
    table = [rummy.RummyMeld.parse("5H 6H 8H")]
    hand = rummy.RummyHand("8H")
    for call in (lambda: hand.go_out(table), lambda: hand.can_go_out(table),
                 lambda: hand.out_plan(table)):
        with pytest.raises(gr.IllegalMove) as e:
            call()
        assert e.value.reason_name == "rummy_not_a_meld"


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R1_rummy_go_out_refuses_a_third_copy():
    table = [rummy.RummyMeld.parse("5C 5D 5H"), rummy.RummyMeld.parse("3C 4C 5C")]
    hand = rummy.RummyHand("5C")                      # a third 5C: two decks at most
    for call in (lambda: hand.go_out(table), lambda: hand.can_go_out(table),
                 lambda: hand.out_plan(table)):
        with pytest.raises(gr.InvalidArgument) as e:
            call()
        assert e.value.reason_name == "rummy_cards"
    named = [table[0], rummy.RummyMeld.parse("3C 4C JK=5C")]   # a joker, not a 5C
    assert hand.go_out(named).value == 0


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R1_R8_rummy_position_round_trip_and_faults():
    rules = rummy.RummyRules(players=3, jokers=1)
    g = rummy.RummyGame(rules, seed=5, dealer=1)
    for _ in range(7):
        g.play(g.legal_moves()[-1])
    text = g.position()
    h = rummy.RummyGame.from_position(text, rules)
    assert h.position() == text
    assert [str(m) for m in h.legal_moves()] == [str(m) for m in g.legal_moves()]
    assert "\nposition players 3;" in h.save()
    assert rummy.RummyGame.load(h.save()).position() == text
    typo = text.replace("phase", "fase")
    with pytest.raises(gr.ParseError) as e:
        rummy.RummyGame.from_position(typo, rules)
    assert e.value.offset == typo.index("fase")
    bad = text.replace("turnovers 0", "turnovers 0; meld 5H 6H 8H by 0")
    with pytest.raises(gr.GinRummyError) as e2:
        rummy.RummyGame.from_position(bad, rules)
    assert e2.value.reason_name == "rummy_not_a_meld"   # R3


@pytest.mark.skipif(not rummy.AVAILABLE, reason="no Rummy")
def test_R4_R7_rummy_advice_takes_to_go_out():
    rules = rummy.RummyRules(jokers=1)
    g = rummy.RummyGame.from_position(
        "players 2; dealer 0; turn 1; phase draw; hand0 2C 5D 9D KS QS 8C 7D; "
        "hand1 7H 8H 4C; meld 4S 4D 4H by 0; pile 2S 9H; seed 4", rules)
    bot = rummy.RummyBot("expert", seed=1, rules=rules, playouts=20)
    a = bot.advise(g.view(1))
    assert a.out == "meld" and a.take_value == 0 and a.least_value == 15
    assert a.text == "take 9H: with it you can go out this turn"
    g.play(a.actions[0])
    a = bot.advise(g.view(1))
    assert a.text == "go out: layoff 4C 1, meld 7H 8H 9H"
    for act in a.actions:
        g.play(act)
    assert g.over and g.result().winner == 1
