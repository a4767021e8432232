"""Integer arguments are never wrapped: every public entry point that hands
a Python integer to the library raises InvalidArgument for a value outside
the C type's range (both ends, each C width: int, gr_card = uint8, size_t),
TypeError for a non-integer (float, str, None), and takes numpy integers as
ints.  Seeds take any int (modulo 2**64) but only ints."""
import ctypes
import functools

import pytest

import ginrummy as gr
from ginrummy import rummy

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

STD = "standard"
DECK = list(range(52))

# out of range at both ends; each also wraps to a value the library would
# take (2**32 -> 0, 256 + 5 -> 5, 2**64 + 1 -> 1), so a wrap cannot hide
OUT = {
    "int": [2**31, -2**31 - 1, 2**32, 2**32 + 5, -2**32, 2**63, -2**63, 2**70, -2**70],
    "card": [256, -1, 256 + 5, -256, 2**32 + 5, 2**70],
    "size": [2**64, -1, 2**64 + 1, 2**70, -2**70],
}


def E(name, means, kind, call, ok):
    """An entry point where a str (``means="str"``: a name) or None
    (``"none"``: no card) means something else than a number."""
    return (name, kind, call, ok, means)


@functools.lru_cache(maxsize=None)
def _finished() -> gr.HandResult:
    g, bot = gr.Game(STD, seed=3), gr.Bot("greedy", seed=1)
    while not g.over:
        g.play(bot.choose((g, g.turn)))
    return g.result()


def _drawn() -> gr.Game:
    """A game in the discard phase (player 1 to discard)."""
    g = gr.Game(STD, seed=7)
    g.play("pass"); g.play("pass"); g.play("DRAW_STOCK")
    return g


def _hr(**kw) -> gr.HandResult:
    r = _finished()
    fields = {k: getattr(r, k) for k in r.__dataclass_fields__}
    fields.update(kw)
    return gr.HandResult(**fields)


def _env_entries():
    if np is None:
        return []
    env = gr.env

    def gin_env():
        e = gr.GinRummyEnv(seed=1)
        e.reset()
        return e
    return [
        ("card_from_openspiel", "int", lambda x: env.card_from_openspiel(x), 1),
        ("meld_cards", "int", lambda x: env.meld_cards(x), 1),
        ("action_to_string", "int", lambda x: env.action_to_string(x), 53),
        ("GinRummyEnv.step", "int", lambda x: gin_env().step(x), 53),
        ("GinRummyEnv.step_only", "int", lambda x: gin_env().step_only(x), 53),
        E("GinRummyEnv.observe", "str", "int", lambda x: gin_env().observe(x), 1),
        ("VecGinRummyEnv", "size", lambda x: gr.VecGinRummyEnv(x), 2),
        ("VecGinRummyEnv.observe env", "size",
         lambda x: gr.VecGinRummyEnv(2, seed=1).observe(x, 0), 1),
        ("VecGinRummyEnv.observe player", "int",
         lambda x: gr.VecGinRummyEnv(2, seed=1).observe(0, x), 1),
    ]


def _rummy_entries():
    if not rummy.AVAILABLE:
        return []
    R = rummy
    deck = list(range(52))

    def hand():
        return R.RummyHand("7H 8H 9H")
    return [
        ("RummyRules preset", "int", lambda x: R.RummyRules(x), 0),
        E("RummyRules option number", "str", "int", lambda x: R.RummyRules()[x], 0),
        ("RummyRules option value", "int",
         lambda x: R.RummyRules().__setitem__("players", x), 3),
        ("RummyGame dealer", "int", lambda x: R.RummyGame(dealer=x), 1),
        ("RummyGame.hand", "int", lambda x: R.RummyGame(seed=1).hand(x), 1),
        ("RummyGame.view", "int", lambda x: R.RummyGame(seed=1).view(x), 1),
        ("RummyGame.from_deck dealer", "int",
         lambda x: R.RummyGame.from_deck(deck, dealer=x), 1),
        ("RummyGame.from_deck card", "card",
         lambda x: R.RummyGame.from_deck([x] + deck[1:]), 0),
        E("RummyHand.can_go_out no_discard", "none", "card",
          lambda x: hand().can_go_out(no_discard=x), 3),
        E("RummyBot kind", "str", "int", lambda x: R.RummyBot(x), 1),
        ("RummyHand.fits decks", "int", lambda x: hand().fits(x, 0), 1),
        ("RummyHand.fits jokers", "int", lambda x: hand().fits(1, x), 1),
        ("RummyHand.add", "card", lambda x: hand().add(x), 3),
        ("RummyHand.remove", "card", lambda x: hand().remove(x), 3),
        ("RummyHand.holds", "card", lambda x: hand().holds(x), 3),
        ("rummy_card_points", "card", lambda x: gr.rummy.rummy_card_points(x), 3),
        ("rummy_card_text", "card", lambda x: gr.rummy.rummy_card_text(x), 3),
    ]


def _gin_entries():
    arr = gr.arrange("AS 2S 3S 4C 5D 6H 7C 8D 9H TC")
    knocker = gr.Arrangement.of(["AS 2S 3S", "4H 5H 6H", "7C 8C 9C"], "2D")
    defender = "KS KH KD 2C 3C 9S TD JC QH 5S"
    view = lambda: _drawn().view(1)  # noqa: E731
    return [
        # rules
        E("Rules preset", "str", "int", lambda x: gr.Rules(x), 0),
        E("Rules option number", "str", "int", lambda x: gr.Rules()[x], 0),
        ("Rules option value", "int", lambda x: gr.Rules().__setitem__("knock_limit", x), 7),
        ("Rules(**opts)", "int", lambda x: gr.Rules(STD, knock_limit=x), 7),
        ("Game(**opts)", "int", lambda x: gr.Game(STD, knock_limit=x), 7),
        # games
        ("Game dealer", "int", lambda x: gr.Game(STD, dealer=x), 1),
        ("Game deck dealer", "int", lambda x: gr.Game(STD, deck=DECK, dealer=x), 1),
        ("Game.hand", "int", lambda x: gr.Game(STD).hand(x), 1),
        ("Game.view", "int", lambda x: gr.Game(STD).view(x), 1),
        ("Game.play move type", "int", lambda x: gr.Game(STD).play((x, None)), 2),
        ("Game.step move type", "int", lambda x: gr.Game(STD).step((x, None)), 2),
        E("Game.play Move card", "none", "card",
         lambda x: _drawn().play(gr.Move(gr.MoveType.DISCARD, x)), 0),
        ("Game.knock", "card", lambda x: _drawn().knock(x), 0),
        ("Game.play_as", "int", lambda x: gr.Game(STD).play_as(x, "pass"), 1),
        ("Game.history_view", "int", lambda x: gr.Game(STD).history_view(x), 1),
        ("Game.redeal dealer", "int", lambda x: gr.Game(STD).redeal(1, dealer=x), 1),
        E("Game.playout policy", "str", "int", lambda x: gr.Game(STD).playout(x), 1),
        E("format_move card", "none", "card",
         lambda x: gr.format_move(gr.Move(gr.MoveType.DISCARD, x)), 3),
        # settlement and advice
        E("settle upcard", "none", "card", lambda x: gr.settle(STD, knocker, defender, upcard=x), 1),
        E("settle_ex upcard", "none", "card",
         lambda x: gr.settle_ex(STD, knocker, defender, upcard=x), 1),
        ("settle_ex knocker_seat", "int",
         lambda x: gr.settle_ex(STD, knocker, defender, knocker_seat=x), 1),
        ("arrangement_check limit", "int",
         lambda x: gr.arrangement_check(arr, arr.cards, x), 10),
        ("Arrangement deadwood_points", "int",
         lambda x: gr.arrangement_check(gr.Arrangement(arr.melds, arr.deadwood, x), arr.cards),
         arr.deadwood_points),
        ("arrangements limit", "int", lambda x: gr.arrangements("AS 2S 3S", x), 1),
        ("advise_knock limit", "int",
         lambda x: gr.advise_knock("AS 2S 3S 4C 5C 6C 7H 8H 9H KD 2D", x), 10),
        ("advise_take card", "card",
         lambda x: gr.advise_take("AS 2S 3S 4C 5C 6C 7H 8H 9H KD", x, "QD JD"), 13),
        ("Bot.arrange discard", "card",
         lambda x: gr.Bot("expert").arrange(view(), x), 0),
        # positions
        ("Position dealer", "int", lambda x: gr.Position(dealer=x).format(), 1),
        ("Position turn", "int", lambda x: gr.Position(turn=x).format(), 1),
        ("Position phase", "int", lambda x: gr.Position(phase=x).format(), 2),
        ("Position turnovers", "int", lambda x: gr.Position(turnovers=x).format(), 0),
        ("Position played", "int", lambda x: gr.Position(played=x).format(), 0),
        ("Position pile card", "card", lambda x: gr.Position(pile=(x,)).format(), 3),
        # matches
        ("Match players", "int", lambda x: gr.Match(STD, players=x), 3),
        ("Match.table", "int", lambda x: gr.Match(STD, players=4).table(x), 1),
        ("Match.deal_table", "int", lambda x: gr.Match(STD, players=4).deal_table(x), 1),
        ("Match.record_table", "int",
         lambda x: gr.Match(STD, players=4).record_table(x, _finished()), 1),
        ("Match.standing", "int", lambda x: gr.Match(STD).standing(x), 0),
        ("Match.new_dealer first_dealer", "int",
         lambda x: gr.Match.new_dealer(STD, first_dealer=x), 1),
        ("Match.record HandResult.points", "int",
         lambda x: gr.Match(STD).record(_hr(points=x)), 0),
        ("Match.record HandResult.winner", "int",
         lambda x: gr.Match(STD).record(_hr(winner=x)), 0),
        # bots
        E("Bot kind", "str", "int", lambda x: gr.Bot(x), 1),
        ("Bot.choose player", "int", lambda x: gr.Bot().choose((gr.Game(STD), x)), 1),
        ("Bot.set_param value", "int", lambda x: gr.Bot("expert").set_param("playouts", x), 5),
        E("Bot.set_param number", "str", "int", lambda x: gr.Bot("expert").set_param(x, 5), 1),
        ("Bot.set_score mine", "int", lambda x: gr.Bot("expert").set_score(x, 0), 3),
        ("Bot.set_score theirs", "int", lambda x: gr.Bot("expert").set_score(0, x), 3),
        ("reason_status", "int", lambda x: gr.reason_status(x), 1),
    ]


ENTRIES = [e if len(e) == 5 else e + ("",)
           for e in _gin_entries() + _rummy_entries() + _env_entries()]
IDS = [e[0] for e in ENTRIES]


@pytest.mark.parametrize("name,kind,call,ok,means", ENTRIES, ids=IDS)
def test_out_of_range_raises_invalid_argument(name, kind, call, ok, means):
    for x in OUT[kind]:
        with pytest.raises(gr.InvalidArgument) as exc:
            call(x)
        assert exc.value.status == -1 and str(x) in str(exc.value), (name, x)


@pytest.mark.parametrize("name,kind,call,ok,means", ENTRIES, ids=IDS)
def test_non_integers_raise_type_error(name, kind, call, ok, means):
    # a card may also be a text (parsed), some numbers a name, some None
    texts = [] if kind == "card" or means == "str" else ["1", str(ok)]
    for x in [1.5, float(ok), [ok]] + texts + ([] if means == "none" else [None]):
        with pytest.raises(TypeError):
            call(x)


def _outcome(call, x):
    try:
        out = call(x)
    except gr.GinRummyError as exc:
        return ("error", type(exc), exc.status)
    return ("ok", type(out).__name__, out if isinstance(out, (int, str)) else None)


@pytest.mark.skipif(np is None, reason="no numpy")
@pytest.mark.parametrize("name,kind,call,ok,means", ENTRIES, ids=IDS)
def test_numpy_integers_are_ints(name, kind, call, ok, means):
    want = _outcome(call, ok)
    for t in (np.int64, np.int32, np.uint8, np.int8):
        assert _outcome(call, t(ok)) == want, (name, t)
    assert _outcome(call, ok) == want


def test_in_range_values_reach_the_library():
    # the largest value of a type is the library's to judge (it refuses)
    b = gr.Bot("expert")
    with pytest.raises(gr.InvalidArgument):
        b.set_param("playouts", 2**31 - 1)
    b.set_param("playouts", 5)
    with pytest.raises(gr.InvalidArgument):
        gr.Game(STD, dealer=-2**31)
    assert gr.arrangements("AS 2S 3S", 2**31 - 1) == gr.arrangements("AS 2S 3S")


def test_the_trial_s_examples():
    with pytest.raises(gr.InvalidArgument):
        gr.Bot("expert").set_param("playouts", 2**32 + 5)
    with pytest.raises(gr.InvalidArgument):
        gr.Bot("expert").set_score(2**63, -2**63)
    with pytest.raises(gr.InvalidArgument):
        gr.Game(STD).redeal(1, dealer=2**70)
    with pytest.raises(gr.InvalidArgument):
        gr.arrangements("AS 2S 3S", 2**32)
    with pytest.raises(gr.InvalidArgument):
        gr.Bot().choose((gr.Game(STD), 2**70))
    with pytest.raises(TypeError, match="View or a .Game, player. pair"):
        gr.Bot().choose(None)
    with pytest.raises(TypeError, match="a move is"):
        gr.Game(STD).step(None)
    with pytest.raises(TypeError, match="a move is"):
        gr.Game(STD).play(None)
    with pytest.raises(TypeError, match="seed must be an int"):
        gr.Bot("expert", seed=1.5)
    with pytest.raises(TypeError, match="rules"):
        gr.Bot("expert").set_rules(None)
    for bad in (1, 1.5, b"standard"):
        with pytest.raises(TypeError, match="rules must be"):
            gr.Game(bad)
        if np is not None:
            with pytest.raises(TypeError, match="rules must be"):
                gr.GinRummyEnv(bad)
            with pytest.raises(TypeError, match="rules must be"):
                gr.VecGinRummyEnv(2, bad)
    # cards: None is no set of cards, for every function alike
    with pytest.raises(TypeError):
        gr.advise_knock(None, 10)
    with pytest.raises(TypeError):
        gr.advise_take(None, "AS", "2S")
    with pytest.raises(TypeError):
        gr.deadwood(None)
    with pytest.raises(TypeError):
        gr.settle(STD, gr.arrange("AS 2S 3S"), None)


def test_errors_name_the_argument():
    with pytest.raises(gr.InvalidArgument, match="dealer = 4294967296"):
        gr.Game(STD, dealer=2**32)
    with pytest.raises(TypeError, match="player must be an int, not float"):
        gr.Game(STD).view(1.0)


SEEDED = [
    ("Game", lambda s: gr.Game(STD, seed=s)),
    ("Match", lambda s: gr.Match(STD, seed=s)),
    ("Match players=3", lambda s: gr.Match(STD, seed=s, players=3)),
    ("Match.new_dealer", lambda s: gr.Match.new_dealer(STD, seed=s)),
    ("Bot", lambda s: gr.Bot("expert", seed=s)),
    ("Game.redeal", lambda s: gr.Game(STD).redeal(s)),
    ("Game.playout", lambda s: gr.Game(STD).playout("random", seed=s)),
    ("Position seed", lambda s: gr.Position(seed=s).format()),
] + ([("RummyGame", lambda s: rummy.RummyGame(seed=s)),
      ("RummyMatch", lambda s: rummy.RummyMatch(seed=s)),
      ("RummyBot", lambda s: rummy.RummyBot(seed=s))] if rummy.AVAILABLE else []) \
  + ([("GinRummyEnv", lambda s: gr.GinRummyEnv(seed=s)),
      ("GinRummyEnv.reset", lambda s: gr.GinRummyEnv().reset(seed=s)),
      ("VecGinRummyEnv", lambda s: gr.VecGinRummyEnv(2, seed=s)),
      ("VecGinRummyEnv.reset", lambda s: gr.VecGinRummyEnv(2).reset(seed=s))]
     if np is not None else [])


@pytest.mark.parametrize("name,call", SEEDED, ids=[s[0] for s in SEEDED])
def test_seeds_are_ints_taken_modulo_2_64(name, call):
    # reset(seed=None) deals the run's next hand
    for s in (1.5, "1", 2.0) + (() if name.endswith("reset") else (None,)):
        with pytest.raises(TypeError, match="seed"):
            call(s)
    for s in (-1, 2**64 - 1, 2**64 + 3, 2**70):
        call(s)
    if np is not None:
        call(np.int64(3))
        call(np.uint64(2**64 - 1))


def test_seeds_wrap_as_documented():
    save = lambda s: gr.Game(STD, seed=s).save()  # noqa: E731
    assert save(-1) == save(2**64 - 1)
    assert save(2**64 + 3) == save(3)


def test_cards_from_numbers():
    assert gr.Card(np.int8(3) if np is not None else 3) == gr.Card("4C")
    for bad in (1.5, None, 3.0):
        with pytest.raises(TypeError):
            gr.Card(bad)
    for bad in (52, -1, 256 + 3, 2**70):
        with pytest.raises(ValueError):
            gr.Card(bad)
    assert gr.Cards(7) == gr.Cards("AC 2C 3C")
    if np is not None:
        assert gr.Cards(np.uint64(7)) == gr.Cards("AC 2C 3C")
    with pytest.raises(ValueError):
        gr.Cards(1 << 64)
    with pytest.raises(ValueError):
        gr.Cards(-1)
    assert gr.Cards() == gr.Cards(None) == gr.Cards(0)


@pytest.mark.skipif(np is None, reason="no numpy")
def test_env_actions():
    env = gr.GinRummyEnv(seed=1)
    env.reset()
    for bad in (1.5, "1", None, 53.0):
        with pytest.raises(TypeError):
            env.step(bad)
    with pytest.raises(gr.InvalidArgument):
        env.step(2**32 + 53)
    a = int(env.legal_actions()[0])
    env.step(np.int64(a))
    v = gr.VecGinRummyEnv(2, seed=1)
    v.reset()
    acts = v.random_actions().copy()
    for bad in (acts.astype(np.float64), acts.astype(str), [1.5, 2.5], [None, None]):
        with pytest.raises(TypeError):
            v.step(bad)
    for bad in (acts.astype(np.int64) + 2**32, [2**32 + int(acts[0]), int(acts[1])],
                acts.astype(np.int64) - 2**32):
        with pytest.raises(gr.InvalidArgument):
            v.step(bad)
    v.step([int(acts[0]), int(acts[1])])
    v.step(v.random_actions().astype(np.int64))
    v.step(v.random_actions().astype(np.uint16))


def test_bot_set_rules_keeps_a_named_preset_alive_during_the_call(monkeypatch):
    # Bot.set_rules("standard") passed the handle of a temporary Rules that
    # Python freed before the C call read it (use after free: the expert
    # then crashed in about half the runs of test_extra's expert test)
    import gc

    from ginrummy import bot as bot_module
    real, seen = bot_module.lib, []

    class Lib:
        def __getattr__(self, name):
            return getattr(real, name)

        def gr_bot_set_rules(self, bot, rules):
            live = [r for r in gc.get_objects() if isinstance(r, gr.Rules)
                    and getattr(r, "_p", None) is not None and r._p == rules]
            seen.append(bool(live))
            return real.gr_bot_set_rules(bot, rules)
    monkeypatch.setattr(bot_module, "lib", Lib())
    b = gr.Bot("expert")
    b.set_rules(STD)
    b.set_rules(gr.Rules(STD))
    assert seen == [True, True]
