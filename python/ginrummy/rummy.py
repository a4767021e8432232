"""Basic Rummy (RULES.md R1-R8) over libginrummy's gr_rummy_* functions:
rules, the actions of a turn, games of 2-7 players, matches and bots.

A Rummy card is a gr_card: 0..51 the faces, as in Gin, and ``JOKER`` (52).
With two decks a hand may hold two identical faces, so a hand is a
multiset (``RummyHand``, defined with the melds and going out in
:mod:`ginrummy.rummy_hand` and re-exported here).
"""
from __future__ import annotations

import ctypes
from ctypes import byref, c_int, c_void_p
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, List, Optional, Sequence, Tuple, Union

from ._calls import fetch, text as _text
from ._handle import Handle, locked
from ._lib import lib, gr_card, gr_cards, GR_NO_CARD, HAVE_REASONS, RUMMY_MAX_CARDS, \
    RUMMY_MAX_MELDS, RUMMY_MAX_PLAYERS, ParseError_, RummyAction_, RummyHand_, RummyMeld_, \
    RummyResult_, RummyScore_, RummyView_
from .cards import Cards
from .errors import c_integer, c_seed, check, raise_parse
from .rules import OptionInfo, OptionTable, describe_options
from .rummy_hand import (ACE_HIGH, JOKER, RUMMY_MOVE_KINDS, RUMMY_OUT, RummyArrangement,
                         RummyCardLike, RummyHand, RummyMeld, RummyPlan, RummyPlanMove,
                         rummy_card, rummy_card_points, rummy_card_text)

#: True when the loaded library has basic Rummy (every 0.x library does)
AVAILABLE = hasattr(lib, "gr_rummy_rules_new")
MAX_PLAYERS = RUMMY_MAX_PLAYERS
MAX_MELDS = RUMMY_MAX_MELDS
MAX_CARDS = RUMMY_MAX_CARDS
_MAX_LEGAL = 4096

__all__ = ["AVAILABLE", "JOKER", "ACE_HIGH", "MAX_PLAYERS", "MAX_MELDS", "MAX_CARDS",
           "RummyHand", "RummyMeld", "RummyArrangement", "RummyPlan", "RummyPlanMove",
           "RUMMY_MOVE_KINDS", "RUMMY_OUT", "rummy_card_points", "rummy_card_text",
           "rummy_options", "RummyRules", "RummyActionType", "RummyAction", "RummyResult",
           "RummyGame", "RummyMatch", "RummyBot", "rummy_view_legal_moves",
           "rummy_view_format_move", "rummy_view_parse_move", "rummy_joker_faces",
           "rummy_settle"]


def rummy_options() -> List[OptionInfo]:
    """Every Rummy rule option, in number order."""
    return describe_options(lib.gr_rummy_option_describe)


class RummyRules(OptionTable):
    """Basic Rummy rules: the PARLETT preset (seed 003) and options by name:
    ``RummyRules(players=4, jokers=2)``."""

    _fns = (lib.gr_rummy_option_lookup, lib.gr_rummy_rules_get, lib.gr_rummy_rules_set,
            lib.gr_rummy_option_describe)
    _free = lib.gr_rummy_rules_free

    def __init__(self, preset: int = 0, **opts: int):
        p = self._init_handle()
        check(lib.gr_rummy_rules_new(byref(p), c_integer(preset, "preset")), "rummy rules")
        for k, v in opts.items():
            self[k] = v

    @locked
    def copy(self) -> "RummyRules":
        """An independent copy of these Rummy rules (``copy.copy`` too)."""
        new = RummyRules.__new__(RummyRules)
        p = new._init_handle()
        check(lib.gr_rummy_rules_clone(byref(p), self._p), "rummy rules copy")
        return new

    __copy__ = copy

    @locked
    def deal(self) -> Tuple[int, int, int]:
        """(decks, cards per hand, cards in the whole deck) these rules deal (R2)."""
        d, h, n = c_int(), c_int(), c_int()
        check(lib.gr_rummy_rules_deal(self._p, byref(d), byref(h), byref(n)), "deal")
        return d.value, h.value, n.value


class RummyActionType(IntEnum):
    """The kinds of Rummy action (gr_rummy_action_type)."""
    DRAW_STOCK = 1
    DRAW_DISCARD = 2
    MELD = 3
    LAY_OFF = 4
    SWAP_JOKER = 5
    DISCARD = 6


class RummyAction:
    """One action of a Rummy turn (see gr_rummy(3)); str() gives its text."""

    __slots__ = ("_raw",)

    def __init__(self, raw: RummyAction_):
        self._raw = raw

    @classmethod
    def _copy_of(cls, raw: RummyAction_) -> "RummyAction":
        a = RummyAction_()
        ctypes.pointer(a)[0] = raw
        return cls(a)

    @property
    def type(self) -> RummyActionType:
        """The kind of action."""
        return RummyActionType(self._raw.type)

    @property
    def card(self) -> Optional[int]:
        """The card drawn, laid off or discarded (None when none)."""
        return None if self._raw.card == GR_NO_CARD else int(self._raw.card)

    @property
    def target(self) -> int:
        """The table meld a layoff or joker swap acts on."""
        return int(self._raw.target)

    @property
    def meld(self) -> RummyMeld:
        """The meld laid (MELD)."""
        return RummyMeld._from_c(self._raw.meld)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RummyAction) and bytes(self._raw) == bytes(other._raw)

    def __hash__(self) -> int:
        return hash(bytes(self._raw))

    def __str__(self) -> str:
        return _text(lib.gr_rummy_action_format, byref(self._raw))

    def __repr__(self) -> str:
        return f"<RummyAction {self}>"


@dataclass(frozen=True)
class RummyResult:
    """How a Rummy hand ended: outcome 0 void, 1 a player went out."""
    outcome: int
    winner: int
    score: Tuple[int, ...]
    left_points: Tuple[int, ...]
    cards_left: Tuple[int, ...]
    _raw: RummyResult_


def _result(raw: RummyResult_) -> RummyResult:
    r = RummyResult_()
    ctypes.pointer(r)[0] = raw
    n = r.nplayers

    def t(a: Any) -> Tuple[int, ...]:
        return tuple(a[i] for i in range(n))
    return RummyResult(r.outcome, r.winner, t(r.score), t(r.left_points),
                       t(r.cards_left), r)


def rummy_settle(rules: "RummyRules", winner: int, left: Sequence[RummyHand]) -> RummyResult:
    """A hand as the table reports it: who went out (-1: void) and the cards
    each seat holds; the result is ready for RummyMatch.record."""
    hands = (RummyHand_ * max(len(left), 1))(*[h._c() for h in left])
    out, why = RummyResult_(), c_int()
    with rules._lock:
        rc = lib.gr_rummy_settle(rules._live(), c_integer(winner, "winner"), hands,
                                 len(left), byref(out), byref(why))
    if rc < 0:
        check(rc, "settle", why.value)
    return _result(out)


def rummy_view_legal_moves(view: RummyView_) -> List[RummyAction]:
    """The legal moves of a Rummy view's player, from the view alone."""
    return fetch(lib.gr_rummy_view_legal_moves, (byref(view),), RummyAction_,
                 RummyAction._copy_of)


class RummyGame(Handle):
    """One hand of basic Rummy for 2-7 players (``copy.copy`` clones it)."""

    _free = lib.gr_rummy_game_free
    rules: Optional[RummyRules]

    def __init__(self, rules: Optional[RummyRules] = None, seed: int = 0, dealer: int = 0):
        p = self._init_handle()
        self.rules = r = rules or RummyRules()
        with r._lock:
            check(lib.gr_rummy_game_new(byref(p), r._live(), c_seed(seed),
                                        c_integer(dealer, "dealer")), "rummy game")

    @classmethod
    def _adopted(cls, p: c_void_p, rules: Optional[RummyRules]) -> "RummyGame":
        g = cls._wrap(p)
        g.rules = rules
        return g

    @classmethod
    def load(cls, text: str) -> "RummyGame":
        """Rebuild a game from save() text, replaying its actions."""
        p = c_void_p()
        check(lib.gr_rummy_game_load(byref(p), text.encode()), "load")
        return cls._adopted(p, None)

    @classmethod
    def from_deck(cls, deck: Sequence[RummyCardLike], rules: Optional[RummyRules] = None,
                  dealer: int = 0) -> "RummyGame":
        """A Rummy game dealt from a stacked deck (top first; the rules' deck)."""
        rules = rules or RummyRules()
        cards = [rummy_card(c) for c in deck]
        arr = (gr_card * max(len(cards), 1))(*cards)
        p = c_void_p()
        with rules._lock:
            check(lib.gr_rummy_game_new_from_deck(byref(p), rules._live(), arr, len(cards),
                                                  c_integer(dealer, "dealer")), "from_deck")
        return cls._adopted(p, rules)

    @locked
    def save(self) -> str:
        """The game as text (gr_rummy_game_save)."""
        return _text(lib.gr_rummy_game_save, self._p)

    @locked
    def clone(self) -> "RummyGame":
        """An independent copy (gr_rummy_game_clone)."""
        p = c_void_p()
        check(lib.gr_rummy_game_clone(byref(p), self._p), "clone")
        return RummyGame._adopted(p, self.rules)

    __copy__ = clone

    @property
    @locked
    def phase(self) -> int:
        """1 draw, 2 play, 3 over."""
        return check(lib.gr_rummy_game_phase(self._p))

    @property
    def over(self) -> bool:
        """True once the hand is over."""
        return self.phase == 3

    @property
    @locked
    def turn(self) -> int:
        """The player to act."""
        return check(lib.gr_rummy_game_turn(self._p))

    @property
    @locked
    def dealer(self) -> int:
        """The player who dealt."""
        return check(lib.gr_rummy_game_dealer(self._p))

    @property
    @locked
    def players(self) -> int:
        """The number of players, 2 to 7."""
        return check(lib.gr_rummy_game_players(self._p))

    @property
    @locked
    def turnovers(self) -> int:
        """Turnovers of the discard pile so far (R6)."""
        return check(lib.gr_rummy_game_turnovers(self._p), "turnovers")

    @locked
    def legal_moves(self) -> List[RummyAction]:
        """Every legal action of the player to act."""
        buf = (RummyAction_ * _MAX_LEGAL)()
        n = check(lib.gr_rummy_game_legal_moves(self._p, buf, _MAX_LEGAL))
        if n > _MAX_LEGAL:
            buf = (RummyAction_ * n)()
            n = check(lib.gr_rummy_game_legal_moves(self._p, buf, n))
        return [RummyAction._copy_of(buf[i]) for i in range(n)]

    @locked
    def play(self, action: RummyAction) -> None:
        """Play an action (one of legal_moves(), or one a bot chose)."""
        rc = lib.gr_rummy_game_play(self._p, byref(action._raw))
        if rc < 0:
            reason = None
            if HAVE_REASONS and hasattr(lib, "gr_rummy_game_last_reason"):
                reason = lib.gr_rummy_game_last_reason(self._p)
            check(rc, f"play {action}", reason)

    @property
    @locked
    def last_reason(self) -> int:
        """Why the last play on this game was refused (0: it was not)."""
        return check(lib.gr_rummy_game_last_reason(self._p))

    @locked
    def play_as(self, player: int, action: RummyAction) -> None:
        """Play `action` for seat `player`: WrongState when another seat is to act."""
        rc = lib.gr_rummy_game_play_as(self._p, c_integer(player, "player"),
                                       byref(action._raw))
        if rc < 0:
            check(rc, f"play {action}", lib.gr_rummy_game_last_reason(self._p))

    @locked
    def format_move(self, action: RummyAction) -> str:
        """The action as a person says it ("meld 6S JK 8S", "layoff KS 2"),
        against this game's table (format it before playing it)."""
        return _text(lib.gr_rummy_move_format, byref(action._raw), self._p)

    @locked
    def parse_move(self, text: str) -> RummyAction:
        """Read a move as a person types it; ParseError carries the reason
        and the ``offset``/``length`` of the bad word (an ambiguous joker:
        see rummy_joker_faces)."""
        out, err = RummyAction_(), ParseError_()
        rc = lib.gr_rummy_move_parse(text.encode(), self._p, byref(out), byref(err))
        if rc < 0:
            raise_parse(rc, f"move {text!r}", err)
        return RummyAction(out)

    @locked
    def hand(self, player: int) -> RummyHand:
        """The cards `player` holds (a referee's call: see view())."""
        out = RummyHand_()
        check(lib.gr_rummy_game_hand(self._p, c_integer(player, "player"), byref(out)),
              "hand")
        return RummyHand._from_c(out)

    @locked
    def melds(self) -> List[RummyMeld]:
        """The melds on the table, in the order they were laid."""
        buf = (RummyMeld_ * MAX_MELDS)()
        n = check(lib.gr_rummy_game_melds(self._p, buf, MAX_MELDS))
        return [RummyMeld._from_c(buf[i]) for i in range(min(n, MAX_MELDS))]

    @locked
    def discards(self) -> List[int]:
        """The discard pile, bottom first."""
        buf = (gr_card * MAX_CARDS)()
        n = check(lib.gr_rummy_game_discards(self._p, buf, MAX_CARDS))
        return [int(buf[i]) for i in range(min(n, MAX_CARDS))]

    @locked
    def stock(self) -> List[int]:
        """The stock, top first (a referee's call)."""
        buf = (gr_card * MAX_CARDS)()
        n = check(lib.gr_rummy_game_stock(self._p, buf, MAX_CARDS), "stock")
        return [int(buf[i]) for i in range(min(n, MAX_CARDS))]

    @locked
    def history(self) -> List[RummyAction]:
        """The actions played, oldest first."""
        return fetch(lib.gr_rummy_game_history, (self._p,), RummyAction_,
                     RummyAction._copy_of)

    @locked
    def result(self) -> RummyResult:
        """The result of a finished hand (WrongState until it is over)."""
        r = RummyResult_()
        check(lib.gr_rummy_game_result(self._p, byref(r)), "result")
        return _result(r)

    @locked
    def redeal(self, seed: int, dealer: int = 0) -> None:
        """Deal a new hand in place (as RummyGame(rules, seed, dealer))."""
        check(lib.gr_rummy_game_redeal(self._p, c_seed(seed), c_integer(dealer, "dealer")),
              "redeal")

    @locked
    def playout(self, policy: str = "basic", seed: int = 0) -> RummyResult:
        """Play the hand to its end under a built-in policy ("random" or
        "basic", gr_rummy_playout(3)) and return the result."""
        policies = {"random": 1, "basic": 2}
        if policy not in policies:
            raise ValueError(f"unknown policy {policy!r}: 'random' or 'basic'")
        check(lib.gr_rummy_game_playout(self._p, policies[policy], c_seed(seed), None),
              "playout")
        return self.result()

    @locked
    def view(self, player: int) -> RummyView_:
        """What `player` may know (the C struct; pass it to RummyBot.choose)."""
        v = RummyView_()
        check(lib.gr_rummy_game_view(self._p, c_integer(player, "player"), byref(v)), "view")
        return v


class RummyMatch(Handle):
    """Hands of Rummy until a total reaches the target (R7), or the score of
    a real table (first dealer chosen, hands settled from what the table
    reports, undo, save and load).  ``copy.copy`` raises TypeError: save()
    and RummyMatch.load() make an independent match."""

    _free = lib.gr_rummy_match_free

    def __init__(self, rules: Optional[RummyRules] = None, seed: int = 0,
                 first_dealer: Optional[int] = None):
        p = self._init_handle()
        self.rules = r = rules or RummyRules()
        with r._lock:
            if first_dealer is None:
                check(lib.gr_rummy_match_new(byref(p), r._live(), c_seed(seed)),
                      "rummy match")
            else:
                check(lib.gr_rummy_match_new_dealer(byref(p), r._live(), c_seed(seed),
                                                    c_integer(first_dealer, "dealer")),
                      "rummy match")

    def __copy__(self) -> "RummyMatch":
        raise TypeError("a RummyMatch cannot be copied: save() and RummyMatch.load() "
                        "make an independent one")

    @locked
    def save(self) -> str:
        """The match as text (gr_rummy_match_save)."""
        return _text(lib.gr_rummy_match_save, self._p)

    @classmethod
    def load(cls, text: str) -> "RummyMatch":
        """A match from save() text; a refusal carries the place and the reason."""
        m = cls.__new__(cls)
        p = m._init_handle()
        m.rules = None
        err = ParseError_()
        rc = lib.gr_rummy_match_load_ex(byref(p), text.encode(), None, byref(err))
        if rc < 0:
            raise_parse(rc, "load", err)
        return m

    @locked
    def undo(self) -> None:
        """Take back the last recorded hand (WrongState when there is none)."""
        rc = lib.gr_rummy_match_undo(self._p)
        if rc < 0:
            check(rc, "undo", lib.gr_rummy_match_last_reason(self._p))

    @locked
    def results(self) -> List[RummyResult]:
        """The hands recorded, oldest first."""
        n = check(lib.gr_rummy_match_results(self._p, None, 0))
        buf = (RummyResult_ * max(n, 1))()
        lib.gr_rummy_match_results(self._p, buf, n)
        return [_result(buf[i]) for i in range(n)]

    @locked
    def score_after(self, hands: int) -> RummyScore_:
        """The standings after the first `hands` recorded hands."""
        s = RummyScore_()
        check(lib.gr_rummy_match_score_after(self._p, c_integer(hands, "hands"), byref(s)))
        return s

    @property
    @locked
    def dealer(self) -> int:
        """The seat that deals the next hand."""
        return check(lib.gr_rummy_match_dealer(self._p), "dealer")

    @locked
    def deal(self) -> RummyGame:
        """Deal the next hand (the caller plays it, then records it)."""
        p = c_void_p()
        check(lib.gr_rummy_match_deal(self._p, byref(p)), "deal")
        return RummyGame._adopted(p, self.rules)

    @locked
    def record(self, result: Union[RummyResult, RummyGame]) -> None:
        """Record a hand's result (a RummyResult or a finished RummyGame)."""
        if isinstance(result, RummyGame):
            result = result.result()
        rc = lib.gr_rummy_match_record(self._p, byref(result._raw))
        if rc < 0:
            check(rc, "record", lib.gr_rummy_match_last_reason(self._p))

    @locked
    def score(self) -> RummyScore_:
        """The match's totals (the C struct gr_rummy_score)."""
        s = RummyScore_()
        check(lib.gr_rummy_match_score(self._p, byref(s)))
        return s

    @property
    def over(self) -> bool:
        """True once a total reached the target."""
        return bool(self.score().over)


class RummyBot(Handle):
    """A Rummy bot ("random" or "greedy") deciding from a view.  It cannot
    be copied (``copy.copy`` raises TypeError: the library cannot clone its
    random state); make another ``RummyBot(kind, seed)``."""

    _free = lib.gr_rummy_bot_free

    def __init__(self, kind: Union[str, int] = "greedy", seed: int = 0):
        num = check(lib.gr_bot_lookup(kind.encode()), f"bot {kind!r}") \
            if isinstance(kind, str) else c_integer(kind, "bot kind")
        p = self._init_handle()
        check(lib.gr_rummy_bot_new(byref(p), num, c_seed(seed)), "rummy bot")

    def __copy__(self) -> "RummyBot":
        raise TypeError("a RummyBot cannot be copied: the library cannot clone its "
                        "random state; make another RummyBot(kind, seed)")

    @locked
    def choose(self, view: RummyView_) -> RummyAction:
        """A legal action for the player whose view this is."""
        out = RummyAction_()
        check(lib.gr_rummy_bot_choose(self._p, byref(view), byref(out)), "choose")
        return RummyAction(out)


def rummy_view_format_move(action: RummyAction, view: RummyView_) -> str:
    """As RummyGame.format_move, against what a seat sees."""
    return _text(lib.gr_rummy_view_move_format, byref(action._raw), byref(view))


def rummy_view_parse_move(text: str, view: RummyView_) -> RummyAction:
    """As RummyGame.parse_move, against what a seat sees."""
    out, err = RummyAction_(), ParseError_()
    rc = lib.gr_rummy_view_move_parse(text.encode(), byref(view), byref(out), byref(err))
    if rc < 0:
        raise_parse(rc, f"move {text!r}", err)
    return RummyAction(out)


def rummy_joker_faces(text: str, view: Optional[RummyView_] = None) -> Cards:
    """The faces an ambiguous "JK" of a move text could stand for."""
    out = gr_cards()
    check(lib.gr_rummy_move_joker_faces(text.encode(),
                                        byref(view) if view is not None else None,
                                        byref(out)))
    return Cards(out.value)
