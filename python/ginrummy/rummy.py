"""Basic Rummy (rules R1-R8 of doc/rules-reference.md, ginrummy-rules(7))
over libginrummy's gr_rummy_* functions: rules, the actions of a turn,
games of 2-7 players, matches and bots.

A Rummy card is a gr_card: 0..51 the faces, as in Gin, and ``JOKER`` (52).
With two decks a hand may hold two identical faces, so a hand is a
multiset (``RummyHand``, defined with the melds and going out in
:mod:`ginrummy.rummy_hand` and re-exported here).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._calls import fetch, text as _text
from ._handle import Handle, locked
from ._lib import ffi, lib, GR_NO_CARD, RUMMY_MAX_CARDS, RUMMY_MAX_MELDS, \
    RUMMY_MAX_PLAYERS
from .cards import Cards
from .errors import c_integer, c_seed, c_text, check, named, raise_parse
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
_TURN_MAX = 256            # the most actions a turn text holds

__all__ = ["AVAILABLE", "JOKER", "ACE_HIGH", "MAX_PLAYERS", "MAX_MELDS", "MAX_CARDS",
           "RummyHand", "RummyMeld", "RummyArrangement", "RummyPlan", "RummyPlanMove",
           "RUMMY_MOVE_KINDS", "RUMMY_OUT", "rummy_card_points", "rummy_card_text",
           "rummy_options", "RummyRules", "RummyActionType", "RummyAction", "RummyResult",
           "RummyGame", "RummyMatch", "RummyBot", "RUMMY_BOT_PARAMS",
           "RUMMY_EXPERT_FEATURES", "RummyAdvice", "rummy_view_legal_moves",
           "rummy_view_format_move", "rummy_view_parse_move", "rummy_view_format_turn",
           "rummy_view_parse_turn", "rummy_joker_faces",
           "rummy_settle"]


def rummy_options() -> List[OptionInfo]:
    """Every Rummy rule option, in number order."""
    return describe_options(lib.gr_rummy_option_describe)


class RummyRules(OptionTable):
    """Basic Rummy rules: the PARLETT preset (seed 003) and options by name:
    ``RummyRules(players=4, jokers=2)``.  The keywords may come in any order
    (players, decks and hand_size are set first, as the deals R2 allows
    depend on them); InvalidArgument names the option and why its value is
    refused (its range, or R2's deals)."""

    _fns = (lib.gr_rummy_option_lookup, lib.gr_rummy_rules_get, lib.gr_rummy_rules_set,
            lib.gr_rummy_option_describe)
    _free = lib.gr_rummy_rules_free
    # the player count decides which decks and hand sizes R2 deals
    _first = ("players", "decks", "hand_size")
    _conflict = ("R2 deals no such game with the other options (not 2 decks with 2-3 "
                 "players nor 1 with 6-7, not 7 cards each with 2 or 6-7 players, nor 10 "
                 "with 4-5 players on one deck, nor 7 on two decks)")

    def __init__(self, preset: int = 0, **opts: int):
        p = ffi.new("gr_rummy_rules **")
        check(lib.gr_rummy_rules_new(p, c_integer(preset, "preset")), "rummy rules")
        self._adopt(p[0])
        self._set_all(opts)

    @locked
    def copy(self) -> "RummyRules":
        """An independent copy of these Rummy rules (``copy.copy`` too)."""
        p = ffi.new("gr_rummy_rules **")
        check(lib.gr_rummy_rules_clone(p, self._p), "rummy rules copy")
        return RummyRules._wrap(p[0])

    __copy__ = copy

    @locked
    def deal(self) -> Tuple[int, int, int]:
        """(decks, cards per hand, cards in the whole deck) these rules deal (R2)."""
        d, h, n = ffi.new("int *"), ffi.new("int *"), ffi.new("int *")
        check(lib.gr_rummy_rules_deal(self._p, d, h, n), "deal")
        return int(d[0]), int(h[0]), int(n[0])


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

    def __init__(self, raw: Any):
        self._raw = raw

    @classmethod
    def _copy_of(cls, raw: Any) -> "RummyAction":
        """An action owning a copy of the C struct `raw` (an array entry)."""
        a = ffi.new("gr_rummy_action *")
        a[0] = raw
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
        return isinstance(other, RummyAction) and self._bytes() == other._bytes()

    def _bytes(self) -> bytes:
        return bytes(ffi.buffer(self._raw))

    def __hash__(self) -> int:
        return hash(self._bytes())

    def __str__(self) -> str:
        return _text(lib.gr_rummy_action_format, self._raw)

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
    _raw: Any


def _result(raw: Any) -> RummyResult:
    """A RummyResult owning a copy of the C gr_rummy_result `raw`."""
    r = ffi.new("gr_rummy_result *")
    r[0] = raw
    n = max(0, min(r.nplayers, MAX_PLAYERS))

    def t(a: Any) -> Tuple[int, ...]:
        return tuple(a[i] for i in range(n))
    return RummyResult(r.outcome, r.winner, t(r.score), t(r.left_points),
                       t(r.cards_left), r)


def rummy_settle(rules: "RummyRules", winner: int,
                 left: Sequence[Union[RummyHand, str]]) -> RummyResult:
    """A hand as the table reports it: who went out (-1: void) and the cards
    each seat holds, a RummyHand or its text ("" for none); the result is
    ready for RummyMatch.record.  TypeError for anything else."""
    if isinstance(left, (str, bytes)):
        raise TypeError("left must be a sequence of hands, one a seat, not "
                        f"{type(left).__name__}")
    seats = list(left)
    hands = ffi.new("gr_rummy_hand[]", max(len(seats), 1))
    for i, h in enumerate(seats):
        if isinstance(h, str):
            h = RummyHand(h)
        elif not isinstance(h, RummyHand):
            raise TypeError(f"left[{i}] must be a RummyHand or its text, not "
                            f"{type(h).__name__}")
        hands[i] = h._c()[0]
    left = seats
    out, why = ffi.new("gr_rummy_result *"), ffi.new("int *")
    with rules._lock:
        rc = lib.gr_rummy_settle(rules._live(), c_integer(winner, "winner"), hands,
                                 len(left), out, why)
    if rc < 0:
        check(rc, "settle", why[0])
    return _result(out[0])


def rummy_view_legal_moves(view: Any) -> List[RummyAction]:
    """The legal moves of a Rummy view's player (a view from
    RummyGame.view()), from the view alone."""
    return fetch(lib.gr_rummy_view_legal_moves, (view,), "gr_rummy_action",
                 RummyAction._copy_of)


class RummyGame(Handle):
    """One hand of basic Rummy for 2-7 players (``copy.copy`` clones it)."""

    _free = lib.gr_rummy_game_free
    rules: Optional[RummyRules]

    def __init__(self, rules: Optional[RummyRules] = None, seed: int = 0, dealer: int = 0):
        self.rules = r = rules or RummyRules()
        p = ffi.new("gr_rummy_game **")
        with r._lock:
            check(lib.gr_rummy_game_new(p, r._live(), c_seed(seed),
                                        c_integer(dealer, "dealer")), "rummy game")
        self._adopt(p[0])

    @classmethod
    def _adopted(cls, p: Any, rules: Optional[RummyRules]) -> "RummyGame":
        g = cls._wrap(p)
        g.rules = rules
        return g

    @classmethod
    def load(cls, text: str) -> "RummyGame":
        """Rebuild a game from save() text, replaying its actions (blank
        lines may follow its ``end``); a refusal carries the reason and the
        ``offset``/``length``/``line`` of the fault (gr_rummy_game_load_ex),
        as Game.load's."""
        p, err = ffi.new("gr_rummy_game **"), ffi.new("gr_parse_error *")
        rc = lib.gr_rummy_game_load_ex(p, c_text(text, "text"), ffi.NULL, err)
        if rc < 0:
            raise_parse(rc, "load", err)
        return cls._adopted(p[0], None)

    @classmethod
    def from_deck(cls, deck: Sequence[RummyCardLike], rules: Optional[RummyRules] = None,
                  dealer: int = 0) -> "RummyGame":
        """A Rummy game dealt from a stacked deck (top first; the rules' deck)."""
        rules = rules or RummyRules()
        cards = [rummy_card(c) for c in deck]
        arr = ffi.new("gr_card[]", cards or [0])
        p = ffi.new("gr_rummy_game **")
        with rules._lock:
            check(lib.gr_rummy_game_new_from_deck(p, rules._live(), arr, len(cards),
                                                  c_integer(dealer, "dealer")), "from_deck")
        return cls._adopted(p[0], rules)

    @classmethod
    def from_position(cls, text: str, rules: Optional[RummyRules] = None) -> "RummyGame":
        """A game set up from position text (as position() writes it:
        "players 2; dealer 0; turn 1; phase draw; hand0 ...; ..."), checked
        against the rules: ParseError with the ``offset`` of the bad word
        for text that does not read, else the reason of the first fault
        (gr_rummy_position_check: cards beyond the decks, a meld that is
        not one, ...)."""
        rules = rules or RummyRules()
        pos, err = ffi.new("gr_rummy_position *"), ffi.new("gr_parse_error *")
        rc = lib.gr_rummy_position_parse(c_text(text, "text"), pos, err)
        if rc < 0:
            raise_parse(rc, "position", err)
        why, p = ffi.new("int *"), ffi.new("gr_rummy_game **")
        with rules._lock:
            check(lib.gr_rummy_position_check(rules._live(), pos, why), "position", why[0])
            check(lib.gr_rummy_game_from_position(p, rules._live(), pos), "position")
        return cls._adopted(p[0], rules)

    @locked
    def position(self) -> str:
        """The position of the hand in play as one line of text
        (gr_rummy_game_position, gr_rummy_position_format);
        RummyGame.from_position of it continues the same hand."""
        pos = ffi.new("gr_rummy_position *")
        check(lib.gr_rummy_game_position(self._p, pos), "position")
        return _text(lib.gr_rummy_position_format, pos)

    @locked
    def save(self) -> str:
        """The game as text (gr_rummy_game_save)."""
        return _text(lib.gr_rummy_game_save, self._p)

    @locked
    def clone(self) -> "RummyGame":
        """An independent copy (gr_rummy_game_clone)."""
        p = ffi.new("gr_rummy_game **")
        check(lib.gr_rummy_game_clone(p, self._p), "clone")
        return RummyGame._adopted(p[0], self.rules)

    __copy__ = clone

    def __reduce__(self) -> Any:
        """Pickled as its saved text and its rules (``rules``)."""
        return (_rummy_game_from, (self.save(), self.rules))

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
        buf = ffi.new("gr_rummy_action[]", _MAX_LEGAL)
        n = check(lib.gr_rummy_game_legal_moves(self._p, buf, _MAX_LEGAL))
        if n > _MAX_LEGAL:
            buf = ffi.new("gr_rummy_action[]", n)
            n = check(lib.gr_rummy_game_legal_moves(self._p, buf, n))
        return [RummyAction._copy_of(buf[i]) for i in range(n)]

    @locked
    def play(self, action: RummyAction) -> None:
        """Play an action (one of legal_moves(), or one a bot chose)."""
        if not isinstance(action, RummyAction):
            raise TypeError(f"play: a RummyAction, not {type(action).__name__}")
        rc = lib.gr_rummy_game_play(self._p, action._raw)
        if rc < 0:
            check(rc, f"play {action}", lib.gr_rummy_game_last_reason(self._p))

    @property
    @locked
    def last_reason(self) -> int:
        """Why the last play on this game was refused (0: it was not)."""
        return check(lib.gr_rummy_game_last_reason(self._p))

    @locked
    def play_as(self, player: int, action: RummyAction) -> None:
        """Play `action` for seat `player`: WrongState when another seat is to act."""
        rc = lib.gr_rummy_game_play_as(self._p, c_integer(player, "player"), action._raw)
        if rc < 0:
            check(rc, f"play {action}", lib.gr_rummy_game_last_reason(self._p))

    @locked
    def format_move(self, action: RummyAction) -> str:
        """The action as a person says it ("meld 6S JK 8S", "layoff KS 2"),
        against this game's table (format it before playing it)."""
        return _text(lib.gr_rummy_move_format, action._raw, self._p)

    @locked
    def parse_move(self, text: str) -> RummyAction:
        """Read a move as a person types it; ParseError carries the reason
        and the ``offset``/``length`` of the bad word (an ambiguous joker:
        see rummy_joker_faces).  A meld the rules refuse (jokers alone, a
        joker named for a card that does not complete it, R5) raises
        IllegalMoveText, an IllegalMove and a ParseError both."""
        out, err = ffi.new("gr_rummy_action *"), ffi.new("gr_parse_error *")
        rc = lib.gr_rummy_move_parse(c_text(text, "text"), self._p, out, err)
        if rc < 0:
            raise_parse(rc, f"move {text!r}", err)
        return RummyAction(out)

    @locked
    def format_turn(self, actions: Sequence[RummyAction]) -> str:
        """The moves of a turn of the player to act as one text ("take 9H,
        meld 7H 8H 9H, discard 4C"), each against the table the moves
        before it leave (format them before playing them)."""
        return _text(lib.gr_rummy_turn_format, *_turn_args(actions), self._p)

    @locked
    def parse_turn(self, text: str) -> List[RummyAction]:
        """Read the moves of a turn of the player to act: moves one after
        another ("draw, meld 7H 8H 9H, discard 4C"), and "out" (or "o"),
        the library's way out of the hand (gr_rummy_turn_parse(3));
        ParseError carries the reason and the ``offset``/``length`` of the
        move at fault.  A move that reads but the rules refuse raises
        IllegalMoveText (status GR_EILLEGAL: taken_from_pile, not_in_hand,
        cannot_go_out for "out" with no way out, ...), one that does not fit
        the turn WrongStateText (GR_ESTATE: draw_first, drawn_already,
        not_your_turn); both are ParseErrors too, as the library returns
        GR_EPARSE for them."""
        return _parse_turn(lambda out, cap, err: lib.gr_rummy_turn_parse(
            c_text(text, "text"), self._p, out, cap, err), text)

    @locked
    def hand(self, player: int) -> RummyHand:
        """The cards `player` holds (a referee's call: see view())."""
        out = ffi.new("gr_rummy_hand *")
        check(lib.gr_rummy_game_hand(self._p, c_integer(player, "player"), out), "hand")
        return RummyHand._from_c(out)

    @locked
    def melds(self) -> List[RummyMeld]:
        """The melds on the table, in the order they were laid."""
        buf = ffi.new("gr_rummy_meld[]", MAX_MELDS)
        n = check(lib.gr_rummy_game_melds(self._p, buf, MAX_MELDS))
        return [RummyMeld._from_c(buf[i]) for i in range(min(n, MAX_MELDS))]

    @locked
    def discards(self) -> List[int]:
        """The discard pile, bottom first."""
        buf = ffi.new("gr_card[]", MAX_CARDS)
        n = check(lib.gr_rummy_game_discards(self._p, buf, MAX_CARDS))
        return [int(buf[i]) for i in range(min(n, MAX_CARDS))]

    @locked
    def stock(self) -> List[int]:
        """The stock, top first (a referee's call)."""
        buf = ffi.new("gr_card[]", MAX_CARDS)
        n = check(lib.gr_rummy_game_stock(self._p, buf, MAX_CARDS), "stock")
        return [int(buf[i]) for i in range(min(n, MAX_CARDS))]

    @locked
    def history(self) -> List[RummyAction]:
        """The actions played, oldest first."""
        return fetch(lib.gr_rummy_game_history, (self._p,), "gr_rummy_action",
                     RummyAction._copy_of)

    @locked
    def result(self) -> RummyResult:
        """The result of a finished hand (WrongState until it is over)."""
        r = ffi.new("gr_rummy_result *")
        check(lib.gr_rummy_game_result(self._p, r), "result")
        return _result(r[0])

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
        check(lib.gr_rummy_game_playout(self._p, policies[policy], c_seed(seed), ffi.NULL),
              "playout")
        return self.result()

    @locked
    def view(self, player: int) -> Any:
        """What `player` may know (the C struct gr_rummy_view, read by its
        fields; pass it to RummyBot.choose)."""
        v = ffi.new("gr_rummy_view *")
        check(lib.gr_rummy_game_view(self._p, c_integer(player, "player"), v), "view")
        return v


class RummyMatch(Handle):
    """Hands of Rummy until a total reaches the target (R7), or the score of
    a real table (first dealer chosen, hands settled from what the table
    reports, undo, save and load).  ``copy.copy`` and ``copy.deepcopy``
    give an independent match (its saved text loaded again)."""

    _free = lib.gr_rummy_match_free
    rules: Optional[RummyRules]

    def __init__(self, rules: Optional[RummyRules] = None, seed: int = 0,
                 first_dealer: Optional[int] = None):
        self.rules = r = rules or RummyRules()
        p = ffi.new("gr_rummy_match **")
        with r._lock:
            if first_dealer is None:
                check(lib.gr_rummy_match_new(p, r._live(), c_seed(seed)), "rummy match")
            else:
                check(lib.gr_rummy_match_new_dealer(p, r._live(), c_seed(seed),
                                                    c_integer(first_dealer, "dealer")),
                      "rummy match")
        self._adopt(p[0])

    def __copy__(self) -> "RummyMatch":
        m = RummyMatch.load(self.save())
        m.rules = self.rules
        return m

    def __deepcopy__(self, memo: Any) -> "RummyMatch":
        m = RummyMatch.load(self.save())
        m.rules = self.rules.copy() if self.rules is not None else None
        return m

    def __reduce__(self) -> Any:
        """Pickled as its saved text and its rules (``rules``)."""
        return (_rummy_match_from, (self.save(), self.rules))

    @locked
    def save(self) -> str:
        """The match as text (gr_rummy_match_save)."""
        return _text(lib.gr_rummy_match_save, self._p)

    @classmethod
    def load(cls, text: str) -> "RummyMatch":
        """A match from save() text, with its rules in ``rules``; a refusal
        carries the place and the reason."""
        p, err = ffi.new("gr_rummy_match **"), ffi.new("gr_parse_error *")
        rc = lib.gr_rummy_match_load_ex(p, c_text(text, "text"), ffi.NULL, err)
        if rc < 0:
            raise_parse(rc, "load", err)
        m = cls._wrap(p[0])
        out = ffi.new("gr_rummy_rules **")
        check(lib.gr_rummy_match_rules(m._p, out), "match rules")
        m.rules = RummyRules._wrap(out[0])
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
        return fetch(lib.gr_rummy_match_results, (self._p,), "gr_rummy_result", _result)

    @locked
    def score_after(self, hands: int) -> Any:
        """The standings after the first `hands` recorded hands (the C
        struct gr_rummy_score, read by its fields)."""
        s = ffi.new("gr_rummy_score *")
        check(lib.gr_rummy_match_score_after(self._p, c_integer(hands, "hands"), s))
        return s

    @property
    @locked
    def dealer(self) -> int:
        """The seat that deals the next hand."""
        return check(lib.gr_rummy_match_dealer(self._p), "dealer")

    @locked
    def deal(self) -> RummyGame:
        """Deal the next hand (the caller plays it, then records it)."""
        p = ffi.new("gr_rummy_game **")
        check(lib.gr_rummy_match_deal(self._p, p), "deal")
        return RummyGame._adopted(p[0], self.rules)

    @locked
    def record(self, result: Union[RummyResult, RummyGame]) -> None:
        """Record a hand's result (a RummyResult or a finished RummyGame)."""
        if isinstance(result, RummyGame):
            result = result.result()
        elif not isinstance(result, RummyResult):
            raise TypeError("record takes a RummyResult or a finished RummyGame, not "
                            f"{type(result).__name__}")
        rc = lib.gr_rummy_match_record(self._p, result._raw)
        if rc < 0:
            check(rc, "record", lib.gr_rummy_match_last_reason(self._p))

    @locked
    def score(self) -> Any:
        """The match's totals (the C struct gr_rummy_score, read by its fields)."""
        s = ffi.new("gr_rummy_score *")
        check(lib.gr_rummy_match_score(self._p, s))
        return s

    @property
    def over(self) -> bool:
        """True once a total reached the target."""
        return bool(self.score().over)


#: the parameters of RummyBot.set_param (GR_BOT_PARAM_*), by name
RUMMY_BOT_PARAMS = {"playouts": lib.GR_BOT_PARAM_PLAYOUTS, "features": lib.GR_BOT_PARAM_FEATURES}
#: what the Rummy expert uses (RummyBot.set_param("features", ...), the
#: GR_RUMMY_EXPERT_* values ORed; gr_rummy_bot(3))
RUMMY_EXPERT_FEATURES = {"infer": lib.GR_RUMMY_EXPERT_INFER,
                         "search": lib.GR_RUMMY_EXPERT_SEARCH,
                         "hold": lib.GR_RUMMY_EXPERT_HOLD,
                         "draw": lib.GR_RUMMY_EXPERT_DRAW,
                         "safe": lib.GR_RUMMY_EXPERT_SAFE,
                         "match": lib.GR_RUMMY_EXPERT_MATCH,
                         "all": lib.GR_RUMMY_EXPERT_ALL}


class RummyBot(Handle):
    """A Rummy bot ("random", "greedy" or "expert") deciding from a view.
    Give the expert the rules (``rules=`` or set_rules) and every view of
    its seat's decisions in order; ``playouts`` is its strength (0: the
    default), set_param sets it and the features it uses.  ``copy.copy``,
    ``copy.deepcopy`` and ``pickle`` keep its kind, seed and settings (the
    last rules, each parameter, the last match score), not its state: the
    copy is the bot made and set again (its random stream starting from the
    seed, no memory of the hand), as the library cannot clone it."""

    _free = lib.gr_rummy_bot_free

    def __init__(self, kind: Union[str, int] = "greedy", seed: int = 0,
                 rules: Optional[RummyRules] = None, playouts: int = 0):
        num = check(lib.gr_bot_lookup(c_text(kind, "kind")), f"bot {kind!r}") \
            if isinstance(kind, str) else c_integer(kind, "bot kind")
        p = ffi.new("gr_rummy_bot **")
        check(lib.gr_rummy_bot_new(p, num, c_seed(seed)), "rummy bot")
        self._adopt(p[0])
        self._made = (kind, seed)
        self._rules: Optional[RummyRules] = None
        self._params: Dict[int, int] = {}
        self._score: Optional[Tuple[Optional[List[int]], int]] = None
        if rules is not None:
            self.set_rules(rules)
        self.set_param("playouts", playouts)

    def __copy__(self) -> "RummyBot":
        """The bot made and set again (see the class text)."""
        return _rummy_bot_from(self._made, self._rules, dict(self._params), self._score)

    def __reduce__(self) -> Any:
        """Pickled as its kind, seed and settings: the bot made and set again."""
        return (_rummy_bot_from, (self._made, self._rules, dict(self._params), self._score))

    @locked
    def set_rules(self, rules: RummyRules) -> None:
        """The rules the expert plays by (gr_rummy_bot_set_rules; copied,
        the turnover limit matters to its playouts); ignored by the other
        kinds.  TypeError unless a RummyRules."""
        if not isinstance(rules, RummyRules):
            raise TypeError(f"set_rules takes RummyRules, not {type(rules).__name__}")
        with rules._lock:
            check(lib.gr_rummy_bot_set_rules(self._p, rules._live()), "rummy bot rules")
            self._rules = rules.copy()

    @locked
    def set_param(self, param: Union[str, int], value: int) -> None:
        """Set "playouts" (hands played out a decision, 1..1000000, 0 = the
        default) or "features" (what the expert uses: RUMMY_EXPERT_FEATURES
        ORed, GR_BOT_PARAM_FEATURES of gr_rummy_bot(3)); by name or by
        GR_BOT_PARAM_* number.  The other kinds accept values in range and
        ignore them; InvalidArgument for an unknown parameter or a value
        out of range."""
        num = named(RUMMY_BOT_PARAMS, param, "param") if isinstance(param, str) \
            else c_integer(param, "param")
        v = c_integer(value, f"{param} value")
        check(lib.gr_rummy_bot_set_param(self._p, num, v),
              f"set_param {param!r} = {v} (playouts 0..1000000, features 0.."
              f"{lib.GR_RUMMY_EXPERT_ALL})")
        self._params[num] = v

    @locked
    def choose(self, view: Any) -> RummyAction:
        """A legal action for the player whose view this is (RummyGame.view())."""
        out = ffi.new("gr_rummy_action *")
        check(lib.gr_rummy_bot_choose(self._p, view, out), "choose")
        return RummyAction(out)

    @locked
    def set_score(self, totals: Optional[Sequence[int]], target: int = 100) -> None:
        """The match score before this hand (gr_rummy_bot_set_score):
        every seat's total, in seat order, of a match to ``target`` points
        (0: one hand).  The expert then values a hand by the chance to win
        the match it leaves rather than by its points; None forgets the
        score.  Ignored by the other kinds; GinRummyError (EINVAL) for a
        total or target out of range or more than 7 seats."""
        t = c_integer(target, "target")
        if totals is None:
            check(lib.gr_rummy_bot_set_score(self._p, ffi.NULL, 0, t), "set_score")
            self._score = (None, t)
            return
        vals = [c_integer(x, "total") for x in totals]
        arr = ffi.new("int[]", max(len(vals), 1))
        for i, x in enumerate(vals):
            arr[i] = x
        check(lib.gr_rummy_bot_set_score(self._p, arr, len(vals), t), "set_score")
        self._score = (vals, t)

    @locked
    def advise(self, view: Any) -> "RummyAdvice":
        """Advice for the player to act from his view (gr_rummy_advise):
        this bot chooses where the rules leave a choice (make it an
        "expert" for a strong player's advice); a way out, when there is
        one, is always the advice."""
        out = ffi.new("gr_rummy_advice *")
        check(lib.gr_rummy_advise(self._p, view, out), "advise")
        return RummyAdvice(out, view)


@dataclass(frozen=True)
class RummyAdvice:
    """What a strong player would do now (gr_rummy_advice).  ``actions``
    the moves (the draw, or the rest of the turn); ``out`` "meld",
    "discard" or "no" (exact); ``value_now``, ``least_value`` (exact: the
    hand laid down as far as it goes), ``take_value`` (with the pile's
    card, in the draw step; -1 else), ``value_kept`` and ``value_after``
    (points before and after the advised discard; -1 in the draw step);
    ``text`` the one-line explanation (gr_rummy_advice_explain)."""
    actions: Tuple[RummyAction, ...]
    out: str
    value_now: int
    least_value: int
    take_value: int
    value_kept: int
    value_after: int
    text: str

    def __init__(self, raw: Any, view: Any):
        set_ = object.__setattr__
        set_(self, "actions", tuple(RummyAction._copy_of(raw.actions[i])
                                    for i in range(raw.nactions)))
        set_(self, "out", {0: "no", 1: "meld", 2: "discard"}.get(raw.out, str(raw.out)))
        for f in ("value_now", "least_value", "take_value", "value_kept", "value_after"):
            set_(self, f, int(getattr(raw, f)))
        set_(self, "text", _text(lib.gr_rummy_advice_explain, raw, view))


def rummy_view_format_move(action: RummyAction, view: Any) -> str:
    """As RummyGame.format_move, against what a seat sees (RummyGame.view())."""
    return _text(lib.gr_rummy_view_move_format, action._raw, view)


def rummy_view_parse_move(text: str, view: Any) -> RummyAction:
    """As RummyGame.parse_move, against what a seat sees (RummyGame.view())."""
    out, err = ffi.new("gr_rummy_action *"), ffi.new("gr_parse_error *")
    rc = lib.gr_rummy_view_move_parse(c_text(text, "text"), view, out, err)
    if rc < 0:
        raise_parse(rc, f"move {text!r}", err)
    return RummyAction(out)


def rummy_view_format_turn(actions: Sequence[RummyAction], view: Any) -> str:
    """As RummyGame.format_turn, against what a seat sees (RummyGame.view());
    nothing may follow a draw from the stock (its card is hidden)."""
    return _text(lib.gr_rummy_view_turn_format, *_turn_args(actions), view)


def rummy_view_parse_turn(text: str, view: Any) -> List[RummyAction]:
    """As RummyGame.parse_turn, against what a seat sees (RummyGame.view());
    nothing may follow a draw from the stock (reason unseen_draw)."""
    return _parse_turn(lambda out, cap, err: lib.gr_rummy_view_turn_parse(
        c_text(text, "text"), view, out, cap, err), text)


def _turn_args(actions: Sequence[RummyAction]) -> Tuple[Any, int]:
    arr = ffi.new("gr_rummy_action[]", max(len(actions), 1))
    for i, a in enumerate(actions):
        arr[i] = a._raw[0]
    return arr, len(actions)


def _parse_turn(call: Any, text: str) -> List[RummyAction]:
    err = ffi.new("gr_parse_error *")
    out = ffi.new("gr_rummy_action[]", _TURN_MAX)
    rc = call(out, _TURN_MAX, err)
    if rc < 0:
        raise_parse(rc, f"turn {text!r}", err)
    return [RummyAction._copy_of(out[i]) for i in range(min(rc, _TURN_MAX))]


def rummy_joker_faces(text: str, view: Optional[Any] = None) -> Cards:
    """The faces an ambiguous "JK" of a move text could stand for."""
    out = ffi.new("gr_cards *")
    check(lib.gr_rummy_move_joker_faces(c_text(text, "text"), ffi.NULL if view is None else view,
                                        out))
    return Cards(int(out[0]))


def _rummy_bot_from(made: Tuple[Union[str, int], int], rules: Optional[RummyRules],
                    params: Dict[int, int],
                    score: Optional[Tuple[Optional[List[int]], int]]) -> RummyBot:
    """A RummyBot made and set again: its copy and unpickling."""
    bot = RummyBot(*made, rules=rules)
    for num, value in params.items():
        bot.set_param(num, value)
    if score is not None:
        bot.set_score(*score)
    return bot


def _rummy_game_from(text: str, rules: Optional[RummyRules]) -> RummyGame:
    """The unpickling of RummyGame.__reduce__."""
    g = RummyGame.load(text)
    g.rules = rules
    return g


def _rummy_match_from(text: str, rules: Optional[RummyRules]) -> RummyMatch:
    """The unpickling of RummyMatch.__reduce__."""
    m = RummyMatch.load(text)
    m.rules = rules
    return m
