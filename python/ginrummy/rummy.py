"""Basic Rummy (RULES.md R1-R7) over libginrummy's gr_rummy_* functions.

Available when the loaded library has them (``AVAILABLE``).  A Rummy card is
a gr_card: 0..51 the faces, as in Gin, and ``JOKER`` (52).  With two decks a
hand may hold two identical faces, so a hand is a multiset (``RummyHand``).
"""
from __future__ import annotations

import ctypes
from ctypes import (POINTER, Structure, byref, c_char_p, c_int, c_size_t, c_uint64,
                    c_void_p)
from dataclasses import dataclass
from enum import IntEnum
from typing import Dict, Iterator, List, Optional, Tuple, Union

from . import _lib
from ._lib import lib, gr_card, gr_cards, GR_NO_CARD
from .cards import Card, Cards
from .core import OptionInfo, OptionTable, describe_options
from .errors import c_integer, c_seed, check

AVAILABLE = hasattr(lib, "gr_rummy_rules_new")
JOKER = 52
ACE_HIGH = 1
MAX_PLAYERS = 7
MAX_MELDS = 37
MAX_CARDS = 112
_MAX_LEGAL = 4096


class RummyHand_(Structure):
    _fields_ = [("once", gr_cards), ("twice", gr_cards), ("jokers", c_int)]


class RummyMeld_(Structure):
    _fields_ = [("cards", gr_cards), ("jokers", gr_cards)]


class RummyArrangement_(Structure):
    _fields_ = [("nmelds", c_int), ("melds", RummyMeld_ * MAX_MELDS),
                ("unmelded", RummyHand_), ("unmelded_points", c_int),
                ("reserved", c_int * 8)]


class RummyAction_(Structure):
    _fields_ = [("type", c_int), ("card", gr_card), ("named", gr_card), ("target", c_int),
                ("meld", RummyMeld_), ("reserved", c_int * 4)]


class RummyResult_(Structure):
    _fields_ = [("outcome", c_int), ("winner", c_int), ("nplayers", c_int),
                ("score", c_int * MAX_PLAYERS), ("left_points", c_int * MAX_PLAYERS),
                ("cards_left", c_int * MAX_PLAYERS), ("left", RummyHand_ * MAX_PLAYERS),
                ("reserved", c_int * 8)]


class RummyView_(Structure):
    _fields_ = [("player", c_int), ("nplayers", c_int), ("dealer", c_int), ("turn", c_int),
                ("phase", c_int), ("ace_high", c_int), ("hand", RummyHand_),
                ("taken", gr_card), ("counts", c_int * MAX_PLAYERS),
                ("known", RummyHand_ * MAX_PLAYERS), ("nmelds", c_int),
                ("melds", RummyMeld_ * MAX_MELDS), ("owner", c_int * MAX_MELDS),
                ("stock_size", c_int), ("turnovers", c_int), ("ndiscards", c_int),
                ("discards", gr_card * MAX_CARDS), ("reserved", c_int * 16)]


class RummyScore_(Structure):
    _fields_ = [("over", c_int), ("winner", c_int), ("nplayers", c_int), ("dealer", c_int),
                ("hands_played", c_int), ("hands_won", c_int * MAX_PLAYERS),
                ("total", c_int * MAX_PLAYERS), ("reserved", c_int * 8)]


STRUCTS = {"gr_rummy_hand": RummyHand_, "gr_rummy_meld": RummyMeld_,
           "gr_rummy_arrangement": RummyArrangement_, "gr_rummy_action": RummyAction_,
           "gr_rummy_result": RummyResult_, "gr_rummy_view": RummyView_,
           "gr_rummy_score": RummyScore_}

P = c_void_p
_protos = {
    "gr_rummy_card_points": (c_int, [gr_card, c_int]),
    "gr_rummy_card_parse": (c_int, [c_char_p, POINTER(gr_card)]),
    "gr_rummy_card_format": (c_int, [gr_card, c_char_p, c_size_t]),
    "gr_rummy_hand_check": (c_int, [POINTER(RummyHand_)]),
    "gr_rummy_hand_parse": (c_int, [c_char_p, POINTER(RummyHand_), POINTER(c_size_t)]),
    "gr_rummy_hand_format": (c_int, [POINTER(RummyHand_), c_char_p, c_size_t]),
    "gr_rummy_hand_count": (c_int, [POINTER(RummyHand_)]),
    "gr_rummy_hand_points": (c_int, [POINTER(RummyHand_), c_int]),
    "gr_rummy_meld_kind": (c_int, [POINTER(RummyMeld_), c_int]),
    "gr_rummy_meld_parse": (c_int, [c_char_p, POINTER(RummyMeld_), POINTER(c_size_t)]),
    "gr_rummy_meld_format": (c_int, [POINTER(RummyMeld_), c_char_p, c_size_t]),
    "gr_rummy_value": (c_int, [POINTER(RummyHand_), c_int]),
    "gr_rummy_arrange": (c_int, [POINTER(RummyHand_), c_int, POINTER(RummyArrangement_)]),
    "gr_rummy_rules_new": (c_int, [POINTER(P), c_int]),
    "gr_rummy_rules_clone": (c_int, [POINTER(P), P]),
    "gr_rummy_rules_free": (None, [P]),
    "gr_rummy_rules_set": (c_int, [P, c_int, c_int]),
    "gr_rummy_rules_get": (c_int, [P, c_int, POINTER(c_int)]),
    "gr_rummy_option_describe": (c_int, [c_int, POINTER(_lib.OptionInfo_)]),
    "gr_rummy_option_lookup": (c_int, [c_char_p]),
    "gr_rummy_game_new": (c_int, [POINTER(P), P, c_uint64, c_int]),
    "gr_rummy_game_clone": (c_int, [POINTER(P), P]),
    "gr_rummy_game_free": (None, [P]),
    "gr_rummy_game_phase": (c_int, [P]),
    "gr_rummy_game_turn": (c_int, [P]),
    "gr_rummy_game_dealer": (c_int, [P]),
    "gr_rummy_game_players": (c_int, [P]),
    "gr_rummy_game_legal_moves": (c_int, [P, POINTER(RummyAction_), c_size_t]),
    "gr_rummy_game_play": (c_int, [P, POINTER(RummyAction_)]),
    "gr_rummy_game_hand": (c_int, [P, c_int, POINTER(RummyHand_)]),
    "gr_rummy_game_melds": (c_int, [P, POINTER(RummyMeld_), c_size_t]),
    "gr_rummy_game_discards": (c_int, [P, POINTER(gr_card), c_size_t]),
    "gr_rummy_game_result": (c_int, [P, POINTER(RummyResult_)]),
    "gr_rummy_game_redeal": (c_int, [P, c_uint64, c_int]),
    "gr_rummy_game_playout": (c_int, [P, c_int, c_uint64, POINTER(RummyResult_)]),
    "gr_rummy_game_view": (c_int, [P, c_int, POINTER(RummyView_)]),
    "gr_rummy_game_save": (c_int, [P, c_char_p, c_size_t]),
    "gr_rummy_game_load": (c_int, [POINTER(P), c_char_p]),
    "gr_rummy_action_format": (c_int, [POINTER(RummyAction_), c_char_p, c_size_t]),
    "gr_rummy_match_new": (c_int, [POINTER(P), P, c_uint64]),
    "gr_rummy_match_free": (None, [P]),
    "gr_rummy_match_dealer": (c_int, [P]),
    "gr_rummy_match_deal": (c_int, [P, POINTER(P)]),
    "gr_rummy_match_record": (c_int, [P, POINTER(RummyResult_)]),
    "gr_rummy_match_score": (c_int, [P, POINTER(RummyScore_)]),
    "gr_rummy_bot_new": (c_int, [POINTER(P), c_int, c_uint64]),
    "gr_rummy_bot_choose": (c_int, [P, POINTER(RummyView_), POINTER(RummyAction_)]),
    "gr_rummy_bot_free": (None, [P]),
}
if AVAILABLE:
    _lib.bind(_protos)


def _need() -> None:
    if not AVAILABLE:
        raise NotImplementedError("this libginrummy has no basic Rummy (gr_rummy_*)")


def _text(fn, *args) -> str:
    n = check(fn(*args, None, 0))
    buf = ctypes.create_string_buffer(n + 1)
    fn(*args, buf, n + 1)
    return buf.value.decode()


class RummyHand:
    """A Rummy hand: a multiset of faces (each at most twice) and jokers.

    >>> h = RummyHand("7H 7H JK 2C")      # doctest: +SKIP
    >>> len(h), h.count(Card("7H")), h.jokers
    (4, 2, 1)
    """

    __slots__ = ("once", "twice", "jokers")

    def __init__(self, cards: Union[str, "RummyHand", None] = None):
        _need()
        self.once = self.twice = self.jokers = 0
        if isinstance(cards, RummyHand):
            self.once, self.twice, self.jokers = cards.once, cards.twice, cards.jokers
        elif isinstance(cards, str):
            out, bad = RummyHand_(), c_size_t()
            check(lib.gr_rummy_hand_parse(cards.encode(), byref(out), byref(bad)),
                  f"hand {cards!r}")
            self.once, self.twice, self.jokers = out.once, out.twice, out.jokers

    def _c(self) -> RummyHand_:
        return RummyHand_(self.once, self.twice, self.jokers)

    @classmethod
    def _from_c(cls, h: RummyHand_) -> "RummyHand":
        new = cls()
        new.once, new.twice, new.jokers = h.once, h.twice, h.jokers
        return new

    def __len__(self) -> int:
        return check(lib.gr_rummy_hand_count(byref(self._c())))

    def count(self, card: Union[Card, int]) -> int:
        """How many of `card` (a face, or JOKER) the hand holds."""
        if int(card) == JOKER:
            return self.jokers
        return (self.once >> int(card) & 1) + (self.twice >> int(card) & 1)

    def __contains__(self, card: object) -> bool:
        try:
            c = JOKER if card == JOKER or card in ("JK", "*") else int(Card(card))  # type: ignore
        except (ValueError, TypeError):
            return False
        return self.count(c) > 0

    def __iter__(self) -> Iterator[int]:
        for c in Cards(self.once):
            yield c
            if self.twice >> c & 1:
                yield c
        for _ in range(self.jokers):
            yield JOKER

    def points(self, ace_high: bool = False) -> int:
        """R7 points of the cards."""
        return check(lib.gr_rummy_hand_points(byref(self._c()), ACE_HIGH if ace_high else 0))

    def value(self, ace_high: bool = False) -> int:
        """The least points left once the best melds are made (R7)."""
        return check(lib.gr_rummy_value(byref(self._c()), ACE_HIGH if ace_high else 0))

    def arrange(self, ace_high: bool = False) -> "RummyArrangement":
        out = RummyArrangement_()
        check(lib.gr_rummy_arrange(byref(self._c()), ACE_HIGH if ace_high else 0, byref(out)),
              "arrange")
        return RummyArrangement(tuple(RummyMeld._from_c(out.melds[i])
                                      for i in range(out.nmelds)),
                                RummyHand._from_c(out.unmelded), out.unmelded_points)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RummyHand) and (self.once, self.twice, self.jokers) == \
            (other.once, other.twice, other.jokers)

    def __hash__(self) -> int:
        return hash((self.once, self.twice, self.jokers))

    def __str__(self) -> str:
        return _text(lib.gr_rummy_hand_format, byref(self._c()))

    def __repr__(self) -> str:
        return f"RummyHand({str(self)!r})"


@dataclass(frozen=True)
class RummyMeld:
    """A meld: the faces it stands for, and those of them jokers stand for."""
    cards: Cards
    jokers: Cards

    @classmethod
    def parse(cls, text: str) -> "RummyMeld":
        """``"5H JK=6H 7H"``: a joker names the face it stands for."""
        _need()
        out, bad = RummyMeld_(), c_size_t()
        check(lib.gr_rummy_meld_parse(text.encode(), byref(out), byref(bad)), f"meld {text!r}")
        return cls._from_c(out)

    @classmethod
    def _from_c(cls, m: RummyMeld_) -> "RummyMeld":
        return cls(Cards(m.cards), Cards(m.jokers))

    def _c(self) -> RummyMeld_:
        return RummyMeld_(self.cards.mask, self.jokers.mask)

    def kind(self, ace_high: bool = False) -> int:
        """1 a set, 2 a run, 0 neither (R3)."""
        return check(lib.gr_rummy_meld_kind(byref(self._c()), ACE_HIGH if ace_high else 0))

    def __str__(self) -> str:
        return _text(lib.gr_rummy_meld_format, byref(self._c()))


@dataclass(frozen=True)
class RummyArrangement:
    melds: Tuple[RummyMeld, ...]
    unmelded: RummyHand
    unmelded_points: int


def rummy_options() -> List[OptionInfo]:
    """Every Rummy rule option, in number order."""
    _need()
    return describe_options(lib.gr_rummy_option_describe)


class RummyRules(OptionTable):
    """Basic Rummy rules: the PARLETT preset (seed 003) and options by name:
    ``RummyRules(players=4, jokers=2)``."""

    _fns = (lib.gr_rummy_option_lookup, lib.gr_rummy_rules_get, lib.gr_rummy_rules_set,
            lib.gr_rummy_option_describe) if AVAILABLE else ()

    def __init__(self, preset: int = 0, **opts: int):
        _need()
        self._p = c_void_p()
        check(lib.gr_rummy_rules_new(byref(self._p), c_integer(preset, "preset")),
              "rummy rules")
        for k, v in opts.items():
            self[k] = v

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_rummy_rules_free(self._p)
            self._p = None


class RummyActionType(IntEnum):
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

    @property
    def type(self) -> RummyActionType:
        return RummyActionType(self._raw.type)

    @property
    def card(self) -> Optional[int]:
        return None if self._raw.card == GR_NO_CARD else int(self._raw.card)

    @property
    def target(self) -> int:
        return self._raw.target

    @property
    def meld(self) -> RummyMeld:
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
    outcome: int               # 0 void, 1 a player went out
    winner: int
    score: Tuple[int, ...]
    left_points: Tuple[int, ...]
    cards_left: Tuple[int, ...]
    _raw: RummyResult_


class RummyGame:
    """One hand of basic Rummy for 2-7 players."""

    def __init__(self, rules: Optional[RummyRules] = None, seed: int = 0, dealer: int = 0):
        _need()
        self.rules = rules or RummyRules()
        self._p = c_void_p()
        check(lib.gr_rummy_game_new(byref(self._p), self.rules._p, c_seed(seed),
                                    c_integer(dealer, "dealer")), "rummy game")

    @classmethod
    def _wrap(cls, p: c_void_p) -> "RummyGame":
        g = cls.__new__(cls)
        g._p, g.rules = p, None
        return g

    @classmethod
    def load(cls, text: str) -> "RummyGame":
        _need()
        p = c_void_p()
        check(lib.gr_rummy_game_load(byref(p), text.encode()), "load")
        return cls._wrap(p)

    def save(self) -> str:
        return _text(lib.gr_rummy_game_save, self._p)

    def clone(self) -> "RummyGame":
        p = c_void_p()
        check(lib.gr_rummy_game_clone(byref(p), self._p), "clone")
        return RummyGame._wrap(p)

    @property
    def phase(self) -> int:
        """1 draw, 2 play, 3 over."""
        return check(lib.gr_rummy_game_phase(self._p))

    @property
    def over(self) -> bool:
        return self.phase == 3

    @property
    def turn(self) -> int:
        return check(lib.gr_rummy_game_turn(self._p))

    @property
    def dealer(self) -> int:
        return check(lib.gr_rummy_game_dealer(self._p))

    @property
    def players(self) -> int:
        return check(lib.gr_rummy_game_players(self._p))

    def legal_moves(self) -> List[RummyAction]:
        buf = (RummyAction_ * _MAX_LEGAL)()
        n = check(lib.gr_rummy_game_legal_moves(self._p, buf, _MAX_LEGAL))
        if n > _MAX_LEGAL:
            buf = (RummyAction_ * n)()
            n = check(lib.gr_rummy_game_legal_moves(self._p, buf, n))
        out = []
        for i in range(n):
            a = RummyAction_()
            ctypes.pointer(a)[0] = buf[i]
            out.append(RummyAction(a))
        return out

    def play(self, action: RummyAction) -> None:
        """Play an action (one of legal_moves(), or one a bot chose)."""
        rc = lib.gr_rummy_game_play(self._p, byref(action._raw))
        if rc < 0:
            reason = None
            if _lib.HAVE_REASONS and hasattr(lib, "gr_rummy_game_last_reason"):
                reason = lib.gr_rummy_game_last_reason(self._p)
            check(rc, f"play {action}", reason)

    def hand(self, player: int) -> RummyHand:
        out = RummyHand_()
        check(lib.gr_rummy_game_hand(self._p, c_integer(player, "player"), byref(out)), "hand")
        return RummyHand._from_c(out)

    def melds(self) -> List[RummyMeld]:
        buf = (RummyMeld_ * MAX_MELDS)()
        n = check(lib.gr_rummy_game_melds(self._p, buf, MAX_MELDS))
        return [RummyMeld._from_c(buf[i]) for i in range(min(n, MAX_MELDS))]

    def discards(self) -> List[int]:
        buf = (gr_card * MAX_CARDS)()
        n = check(lib.gr_rummy_game_discards(self._p, buf, MAX_CARDS))
        return [int(buf[i]) for i in range(min(n, MAX_CARDS))]

    def result(self) -> RummyResult:
        r = RummyResult_()
        check(lib.gr_rummy_game_result(self._p, byref(r)), "result")
        n = r.nplayers
        t = lambda a: tuple(a[i] for i in range(n))  # noqa: E731
        return RummyResult(r.outcome, r.winner, t(r.score), t(r.left_points),
                           t(r.cards_left), r)

    def redeal(self, seed: int, dealer: int = 0) -> None:
        """Deal a new hand in place (as RummyGame(rules, seed, dealer))."""
        check(lib.gr_rummy_game_redeal(self._p, c_seed(seed), c_integer(dealer, "dealer")),
              "redeal")

    def playout(self, policy: str = "basic", seed: int = 0) -> RummyResult:
        """Play the hand to its end under a built-in policy ("random" or
        "basic", gr_rummy_playout(3)) and return the result."""
        policies = {"random": 1, "basic": 2}
        if policy not in policies:
            raise ValueError(f"unknown policy {policy!r}: 'random' or 'basic'")
        check(lib.gr_rummy_game_playout(self._p, policies[policy], c_seed(seed), None),
              "playout")
        return self.result()

    def view(self, player: int) -> RummyView_:
        """What `player` may know (the C struct; pass it to RummyBot.choose)."""
        v = RummyView_()
        check(lib.gr_rummy_game_view(self._p, c_integer(player, "player"), byref(v)), "view")
        return v

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_rummy_game_free(self._p)
            self._p = None


class RummyMatch:
    """Hands of Rummy until a total reaches the target (R7)."""

    def __init__(self, rules: Optional[RummyRules] = None, seed: int = 0):
        _need()
        self.rules = rules or RummyRules()
        self._p = c_void_p()
        check(lib.gr_rummy_match_new(byref(self._p), self.rules._p, c_seed(seed)),
              "rummy match")

    def deal(self) -> RummyGame:
        p = c_void_p()
        check(lib.gr_rummy_match_deal(self._p, byref(p)), "deal")
        return RummyGame._wrap(p)

    def record(self, result: Union[RummyResult, RummyGame]) -> None:
        if isinstance(result, RummyGame):
            result = result.result()
        check(lib.gr_rummy_match_record(self._p, byref(result._raw)), "record")

    def score(self) -> RummyScore_:
        s = RummyScore_()
        check(lib.gr_rummy_match_score(self._p, byref(s)))
        return s

    @property
    def over(self) -> bool:
        return bool(self.score().over)

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_rummy_match_free(self._p)
            self._p = None


class RummyBot:
    """A Rummy bot ("random" or "greedy") deciding from a view."""

    def __init__(self, kind: Union[str, int] = "greedy", seed: int = 0):
        _need()
        num = check(lib.gr_bot_lookup(kind.encode()), f"bot {kind!r}") \
            if isinstance(kind, str) else c_integer(kind, "bot kind")
        self._p = c_void_p()
        check(lib.gr_rummy_bot_new(byref(self._p), num, c_seed(seed)), "rummy bot")

    def choose(self, view: RummyView_) -> RummyAction:
        out = RummyAction_()
        check(lib.gr_rummy_bot_choose(self._p, byref(view), byref(out)), "choose")
        return RummyAction(out)

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_rummy_bot_free(self._p)
            self._p = None
