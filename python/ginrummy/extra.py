"""The rest of the C API (issues 13 and 17): advice, positions, move text,
the card drawn, each player's history, extended settlement, score keeping
(undo, results, save and load), parse-error offsets, fast playouts, the
expert bot, and Rummy going out, history and stacked decks.

Importing ``ginrummy`` imports this module, which adds its methods to the
classes of :mod:`ginrummy.core` and :mod:`ginrummy.rummy` (``Game.position``,
``Match.undo``, ``Bot.explain``, ``RummyHand.go_out``, ...) and defines the
free functions re-exported by the package (``advise_take``,
``arrangements``, ...).  Every function of ``include/ginrummy.h`` is bound
here, in core/rummy/env, or listed with its reason in ``EXCLUDED``
(``tests/test_coverage.py`` checks it).
"""
from __future__ import annotations

import ctypes
from ctypes import (POINTER, Structure, byref, c_char_p, c_double, c_int, c_size_t,
                    c_uint, c_uint64, c_void_p)
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple, Union

from . import _lib
from ._lib import lib, gr_card, gr_cards, GR_EINVAL, GR_NO_CARD, GR_MAX_MELDS, GR_NCARDS
from .cards import Card, CardLike, Cards, CardsLike, as_cards
from .core import (Arrangement, Bot, Game, HandResult, Layoff, Match, Move, MoveLike,
                   MoveType, Outcome, Phase, Rules, View, as_move, as_rules, card_arg)
from .errors import GinRummyError, InvalidArgument, c_integer, c_seed, check
from . import rummy as _rummy

#: Functions of ginrummy.h deliberately not bound, with the reason.
EXCLUDED: Dict[str, str] = {
    "gr_rules_new_mm": "custom allocator (C function pointers); Python objects use malloc",
    "gr_game_load_mm": "custom allocator; Game.load uses gr_game_load_ex with mm=NULL",
    "gr_bot_new_mm": "custom allocator; Bot uses gr_bot_new",
    "gr_rummy_rules_new_mm": "custom allocator; RummyRules uses gr_rummy_rules_new",
    "gr_rummy_game_load_mm": "custom allocator; RummyGame.load uses gr_rummy_game_load",
    "gr_rummy_bot_new_mm": "custom allocator; RummyBot uses gr_rummy_bot_new",
    "gr_match_load": "Match.load uses gr_match_load_ex (the same, plus the place of a fault)",
}

P = c_void_p


_card = card_arg


def _opt_card(c: int) -> Optional[Card]:
    return None if c == GR_NO_CARD else Card(c)


# ---------------------------------------------------------------- structs


class ParseError_(Structure):
    _fields_ = [("offset", c_size_t), ("length", c_size_t), ("reason", c_int),
                ("line", c_int), ("reserved", c_int * 8)]


class SettleOptions_(Structure):
    _fields_ = [("knocker", c_int), ("strict", c_int), ("has_upcard", c_int),
                ("upcard", gr_card), ("reserved", c_int * 8)]


class TakeAdvice_(Structure):
    _fields_ = [("take_deadwood", c_int), ("take_discard", gr_card),
                ("draw_expected", c_double), ("draw_best", c_int), ("draw_worst", c_int),
                ("unseen", c_int), ("take", c_int), ("reserved", c_int * 8)]


class KnockAdvice_(Structure):
    _fields_ = [("arrangement", _lib.Arrangement_), ("layoffs", c_int),
                ("targets", gr_cards), ("reserved", c_int * 8)]


class Position_(Structure):
    _fields_ = [("dealer", c_int), ("turn", c_int), ("phase", c_int),
                ("hand", gr_cards * 2), ("npile", c_int), ("pile", gr_card * GR_NCARDS),
                ("nstock", c_int), ("stock", gr_card * GR_NCARDS),
                ("stock_from_seed", c_int), ("seed", c_uint64), ("taken", gr_card),
                ("pile_closed", c_int), ("known", gr_cards * 2), ("first_upcard", gr_card),
                ("turnovers", c_int), ("played", c_int), ("reserved", c_int * 8)]


class LegalMasks_(Structure):
    _fields_ = [("types", c_uint), ("top", gr_card), ("discard", gr_cards),
                ("knock", gr_cards), ("gin", gr_cards), ("reserved", c_int * 8)]


class RummyMove_(Structure):
    _fields_ = [("kind", c_int), ("meld", c_int), ("cards", _rummy.RummyMeld_),
                ("reserved", c_int * 4)]


RUMMY_MAX_MOVES = 120


class RummyPlan_(Structure):
    _fields_ = [("value", c_int), ("nmoves", c_int), ("moves", RummyMove_ * RUMMY_MAX_MOVES),
                ("left", _rummy.RummyHand_), ("reserved", c_int * 8)]


STRUCTS = {"gr_parse_error": ParseError_, "gr_settle_options": SettleOptions_,
           "gr_take_advice": TakeAdvice_, "gr_knock_advice": KnockAdvice_,
           "gr_position": Position_, "gr_legal_masks": LegalMasks_,
           "gr_rummy_move": RummyMove_, "gr_rummy_plan": RummyPlan_}

A = POINTER(_lib.Arrangement_)
RH = POINTER(_rummy.RummyHand_)
_protos = {
    "gr_rules_set_text": (c_int, [P, c_char_p]),
    "gr_game_play_as": (c_int, [P, c_int, _lib.Move_]),
    "gr_arrangement_check": (c_int, [A, gr_cards, c_int, POINTER(c_int)]),
    "gr_layoff_check_ex": (c_int, [A, gr_cards, POINTER(_lib.Layoff_), POINTER(c_int)]),
    "gr_card_parse_ex": (c_int, [c_char_p, POINTER(gr_card), POINTER(ParseError_)]),
    "gr_cards_parse_ex": (c_int, [c_char_p, POINTER(gr_cards), POINTER(ParseError_)]),
    "gr_game_load_ex": (c_int, [POINTER(P), c_char_p, P, POINTER(ParseError_)]),
    "gr_settle_ex": (c_int, [P, POINTER(SettleOptions_), A, gr_cards,
                             POINTER(_lib.HandResult_), POINTER(c_int)]),
    "gr_best_discard_except": (c_int, [gr_cards, gr_cards, POINTER(gr_card)]),
    "gr_game_best_discard": (c_int, [P, POINTER(gr_card)]),
    "gr_advise_take": (c_int, [gr_cards, gr_card, gr_cards, POINTER(TakeAdvice_)]),
    "gr_view_unseen": (c_int, [POINTER(_lib.View_), POINTER(gr_cards)]),
    "gr_view_advise_take": (c_int, [POINTER(_lib.View_), POINTER(TakeAdvice_)]),
    "gr_arrangements": (c_int, [gr_cards, c_int, A, c_size_t]),
    "gr_advise_knock": (c_int, [gr_cards, c_int, gr_cards, POINTER(KnockAdvice_)]),
    "gr_layoff_targets": (c_int, [A, gr_cards, gr_cards, gr_cards * GR_MAX_MELDS]),
    "gr_layoff_build": (c_int, [A, gr_cards, gr_cards, POINTER(_lib.Layoff_)]),
    "gr_game_from_position": (c_int, [POINTER(P), P, POINTER(Position_)]),
    "gr_position_check": (c_int, [P, POINTER(Position_), POINTER(c_int)]),
    "gr_game_position": (c_int, [P, POINTER(Position_)]),
    "gr_position_format": (c_int, [POINTER(Position_), c_char_p, c_size_t]),
    "gr_position_parse": (c_int, [c_char_p, POINTER(Position_), POINTER(ParseError_)]),
    "gr_move_format": (c_int, [_lib.Move_, c_char_p, c_size_t]),
    "gr_move_parse": (c_int, [c_char_p, P, POINTER(_lib.Move_), POINTER(ParseError_)]),
    "gr_game_play_drawn": (c_int, [P, _lib.Move_, POINTER(gr_card)]),
    "gr_game_history_view": (c_int, [P, c_int, POINTER(_lib.Move_), c_size_t]),
    "gr_match_new_dealer": (c_int, [POINTER(P), P, c_uint64, c_int]),
    "gr_match_undo": (c_int, [P]),
    "gr_match_results": (c_int, [P, POINTER(_lib.HandResult_), c_size_t]),
    "gr_match_last_reason": (c_int, [P]),
    "gr_match_save": (c_int, [P, c_char_p, c_size_t]),
    "gr_match_load_ex": (c_int, [POINTER(P), c_char_p, P, POINTER(ParseError_)]),
    "gr_game_legal_masks": (c_int, [P, POINTER(LegalMasks_)]),
    "gr_game_step": (c_int, [P, _lib.Move_, POINTER(LegalMasks_)]),
    "gr_game_redeal": (c_int, [P, c_uint64, c_int]),
    "gr_game_playout": (c_int, [P, c_int, c_uint64, POINTER(_lib.HandResult_)]),
    "gr_bot_set_rules": (c_int, [P, P]),
    "gr_bot_set_param": (c_int, [P, c_int, c_int]),
    "gr_bot_set_score": (c_int, [P, c_int, c_int]),
    "gr_bot_arrange": (c_int, [P, POINTER(_lib.View_), gr_card, A]),
    "gr_bot_explain": (c_int, [P, c_char_p, c_size_t]),
    "gr_bot_observe": (c_int, [P, POINTER(_lib.View_), _lib.Move_]),
    # Rummy
    "gr_rummy_hand_fits": (c_int, [RH, c_int, c_int]),
    "gr_rummy_hand_holds": (c_int, [RH, gr_card]),
    "gr_rummy_hand_add": (c_int, [RH, gr_card]),
    "gr_rummy_hand_remove": (c_int, [RH, gr_card]),
    "gr_rummy_arrangement_check": (c_int, [RH, c_int, POINTER(_rummy.RummyArrangement_)]),
    "gr_rummy_go_out": (c_int, [RH, POINTER(_rummy.RummyMeld_), c_int, c_int,
                                POINTER(RummyPlan_)]),
    "gr_rummy_can_go_out": (c_int, [RH, POINTER(_rummy.RummyMeld_), c_int, c_int, gr_card]),
    "gr_rummy_can_go_out_plan": (c_int, [RH, POINTER(_rummy.RummyMeld_), c_int, c_int, gr_card,
                                         POINTER(RummyPlan_)]),
    "gr_rummy_rules_deal": (c_int, [P, POINTER(c_int), POINTER(c_int), POINTER(c_int)]),
    "gr_rummy_game_new_from_deck": (c_int, [POINTER(P), P, POINTER(gr_card), c_size_t, c_int]),
    "gr_rummy_game_stock": (c_int, [P, POINTER(gr_card), c_size_t]),
    "gr_rummy_game_turnovers": (c_int, [P]),
    "gr_rummy_game_history": (c_int, [P, POINTER(_rummy.RummyAction_), c_size_t]),
    "gr_rummy_view_legal_moves": (c_int, [POINTER(_rummy.RummyView_),
                                          POINTER(_rummy.RummyAction_), c_size_t]),
}
_lib.bind(_protos)


def _text(fn, *args) -> str:
    n = check(fn(*args, None, 0))
    buf = ctypes.create_string_buffer(n + 1)
    check(fn(*args, buf, n + 1))
    return buf.value.decode()


def _fetch(fn, args: tuple, ctype, convert) -> list:
    """Call a C lister twice (size, then fill) and convert each entry."""
    n = check(fn(*args, None, 0))
    buf = (ctype * max(n, 1))()
    n = check(fn(*args, buf, n))
    return [convert(buf[i]) for i in range(n)]


def _action(raw) -> "_rummy.RummyAction":
    a = _rummy.RummyAction_()
    ctypes.pointer(a)[0] = raw
    return _rummy.RummyAction(a)


def _raise_parse(rc: int, what: str, err: ParseError_) -> None:
    """Raise for a refused *_ex parse, the error carrying the offset."""
    try:
        check(rc, what, err.reason)
    except GinRummyError as exc:
        exc.offset, exc.length, exc.line = err.offset, err.length, err.line
        raise


# ---------------------------------------------------------------- parse offsets


def parse_card(text: str) -> Card:
    """Read one card; a ParseError carries ``offset``, ``length``, ``line``
    and ``reason`` of the bad token (gr_card_parse_ex)."""
    out, err = gr_card(), ParseError_()
    rc = lib.gr_card_parse_ex(text.encode(), byref(out), byref(err))
    if rc < 0:
        _raise_parse(rc, f"card {text!r}", err)
    return Card(out.value)


def parse_cards(text: str) -> Cards:
    """Read a set of cards, with the place of the first bad token in the
    ParseError (gr_cards_parse_ex)."""
    out, err = gr_cards(), ParseError_()
    rc = lib.gr_cards_parse_ex(text.encode(), byref(out), byref(err))
    if rc < 0:
        _raise_parse(rc, f"cards {text!r}", err)
    return Cards(out.value)


# ---------------------------------------------------------------- rules and checks


def _rules_set_text(self: Rules, text: str) -> None:
    """Set an option from ``"NAME=VALUE"`` text, as a command line's --rule
    (gr_rules_set_text): ParseError or InvalidArgument, rules unchanged."""
    check(lib.gr_rules_set_text(self._p, text.encode()), f"rule {text!r}")


Rules.set_text = _rules_set_text  # type: ignore[attr-defined]


def arrangement_check(arrangement: Arrangement, hand: CardsLike, limit: int = -1) -> None:
    """Raise (with the reason) unless `arrangement` is a true arrangement of
    exactly `hand` with deadwood at most `limit` (negative: none); G4."""
    a, reason = arrangement._c(), c_int()
    check(lib.gr_arrangement_check(byref(a), as_cards(hand).mask, c_integer(limit, "limit"),
                                   byref(reason)),
          "arrangement", reason.value)


def layoff_check_ex(knocker: Arrangement, defender: CardsLike, defense: Layoff) -> None:
    """layoff_check() raising with the refusal reason (gr_layoff_check_ex)."""
    k, d, reason = knocker._c(), defense._c(), c_int()
    check(lib.gr_layoff_check_ex(byref(k), as_cards(defender).mask, byref(d), byref(reason)),
          "layoff", reason.value)


def settle_ex(rules: Union[Rules, str], knocker: Arrangement, defender: CardsLike, *,
              knocker_seat: int = 0, strict: bool = False,
              upcard: Optional[CardLike] = None) -> HandResult:
    """gr_settle_ex: settle with the knocker in either seat (the result's
    knocker and winner are seats, ready for Match.record), strict card
    counts (a wrong count raises instead of voiding), an optional first
    upcard; refusals raise with the reason."""
    rules = as_rules(rules)
    o = SettleOptions_()
    o.knocker, o.strict = c_integer(knocker_seat, "knocker_seat"), int(bool(strict))
    if upcard is not None:
        o.has_upcard, o.upcard = 1, _card(upcard, "upcard")
    k, out, reason = knocker._c(), _lib.HandResult_(), c_int()
    check(lib.gr_settle_ex(rules._p, byref(o), byref(k), as_cards(defender).mask,
                           byref(out), byref(reason)), "settle", reason.value)
    return HandResult._from_c(out)


# ---------------------------------------------------------------- advice


@dataclass(frozen=True)
class TakeAdvice:
    """Taking an offered card against drawing blind (gr_advise_take)."""
    take_deadwood: int
    take_discard: Card
    draw_expected: float
    draw_best: int
    draw_worst: int
    unseen: int
    take: bool

    @classmethod
    def _from_c(cls, a: TakeAdvice_) -> "TakeAdvice":
        return cls(a.take_deadwood, Card(a.take_discard), a.draw_expected, a.draw_best,
                   a.draw_worst, a.unseen, bool(a.take))


@dataclass(frozen=True)
class KnockAdvice:
    """The arrangement to show that leaves the fewest possible layoffs."""
    arrangement: Arrangement
    layoffs: int
    targets: Cards


def best_discard_except(hand: CardsLike, excluded: CardsLike) -> Tuple[Card, int]:
    """The least-deadwood discard not in `excluded` (G11) and the deadwood left."""
    out = gr_card()
    dw = check(lib.gr_best_discard_except(as_cards(hand).mask, as_cards(excluded).mask,
                                          byref(out)), "best_discard_except")
    return Card(out.value), dw


def advise_take(hand: CardsLike, card: CardLike, unseen: CardsLike) -> TakeAdvice:
    """Should `hand` take `card`? Compared with a blind draw from `unseen`."""
    out = TakeAdvice_()
    check(lib.gr_advise_take(as_cards(hand).mask, _card(card), as_cards(unseen).mask,
                             byref(out)), "advise_take")
    return TakeAdvice._from_c(out)


def arrangements(hand: CardsLike, limit: int = -1) -> List[Arrangement]:
    """Every arrangement of `hand` (at most 16 cards) with deadwood at most
    `limit` (negative: all), in the library's deterministic order."""
    return _fetch(lib.gr_arrangements, (as_cards(hand).mask, c_integer(limit, "limit")),
                  _lib.Arrangement_, Arrangement._from_c)


def advise_knock(hand: CardsLike, limit: int, not_his: CardsLike = 0) -> KnockAdvice:
    """The arrangement of the ten cards kept, within `limit`, that leaves the
    defender the fewest possible layoffs given the cards `not_his` (G17)."""
    out = KnockAdvice_()
    check(lib.gr_advise_knock(as_cards(hand).mask, c_integer(limit, "limit"),
                              as_cards(not_his).mask,
                              byref(out)), "advise_knock")
    return KnockAdvice(Arrangement._from_c(out.arrangement), out.layoffs, Cards(out.targets))


def layoff_targets(knocker: Arrangement, defender: CardsLike,
                   laid: CardsLike = 0) -> List[Cards]:
    """For each knocker meld, the defender's cards that can be laid off on it
    now, given the cards `laid` already laid off."""
    k, out = knocker._c(), (gr_cards * GR_MAX_MELDS)()
    n = check(lib.gr_layoff_targets(byref(k), as_cards(defender).mask, as_cards(laid).mask,
                                    out), "layoff_targets")
    return [Cards(out[i]) for i in range(n)]


def layoff_build(knocker: Arrangement, defender: CardsLike, laid_off: CardsLike) -> Layoff:
    """The defence a person chose: `laid_off` laid off, the rest arranged
    for the least deadwood (ready for Game.defend)."""
    k, out = knocker._c(), _lib.Layoff_()
    check(lib.gr_layoff_build(byref(k), as_cards(defender).mask, as_cards(laid_off).mask,
                              byref(out)), "layoff_build")
    return Layoff._from_c(out)


def _view_unseen(self: View) -> Cards:
    """The cards this player cannot see: the stock and the opponent's
    unknown cards (gr_view_unseen)."""
    out = gr_cards()
    check(lib.gr_view_unseen(byref(self._raw), byref(out)), "unseen")
    return Cards(out.value)


def _view_advise_take(self: View) -> TakeAdvice:
    """advise_take() for the card offered to this player now (WrongState
    when none is)."""
    out = TakeAdvice_()
    check(lib.gr_view_advise_take(byref(self._raw), byref(out)), "advise_take")
    return TakeAdvice._from_c(out)


View.unseen = _view_unseen  # type: ignore[attr-defined]
View.advise_take = _view_advise_take  # type: ignore[attr-defined]


# ---------------------------------------------------------------- positions


@dataclass
class Position:
    """A game state to set up without replaying a hand (gr_position)."""
    dealer: int = 0
    turn: int = 1
    phase: Phase = Phase.DRAW
    hands: Tuple[Cards, Cards] = (Cards(0), Cards(0))
    pile: Tuple[Card, ...] = ()
    stock: Tuple[Card, ...] = ()
    stock_from_seed: bool = False
    seed: int = 0
    taken: Optional[Card] = None
    pile_closed: bool = False
    known: Tuple[Cards, Cards] = (Cards(0), Cards(0))
    first_upcard: Optional[Card] = None
    turnovers: int = 0
    played: int = 0

    def _c(self) -> Position_:
        p = Position_()
        p.dealer, p.turn = c_integer(self.dealer, "dealer"), c_integer(self.turn, "turn")
        p.phase = c_integer(self.phase, "phase")
        for i in (0, 1):
            p.hand[i] = as_cards(self.hands[i]).mask
            p.known[i] = as_cards(self.known[i]).mask
        p.npile = len(self.pile)
        for i, c in enumerate(self.pile):
            p.pile[i] = _card(c)
        p.nstock = len(self.stock)
        for i, c in enumerate(self.stock):
            p.stock[i] = _card(c)
        p.stock_from_seed, p.seed = int(bool(self.stock_from_seed)), c_seed(self.seed)
        p.taken = GR_NO_CARD if self.taken is None else _card(self.taken)
        p.pile_closed = int(bool(self.pile_closed))
        p.first_upcard = GR_NO_CARD if self.first_upcard is None else _card(self.first_upcard)
        p.turnovers = c_integer(self.turnovers, "turnovers")
        p.played = c_integer(self.played, "played")
        return p

    @classmethod
    def _from_c(cls, p: Position_) -> "Position":
        return cls(p.dealer, p.turn, Phase(p.phase), (Cards(p.hand[0]), Cards(p.hand[1])),
                   tuple(Card(p.pile[i]) for i in range(p.npile)),
                   tuple(Card(p.stock[i]) for i in range(p.nstock)),
                   bool(p.stock_from_seed), p.seed, _opt_card(p.taken), bool(p.pile_closed),
                   (Cards(p.known[0]), Cards(p.known[1])), _opt_card(p.first_upcard),
                   p.turnovers, p.played)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read gr_position_format() text (ParseError with the offset)."""
        out, err = Position_(), ParseError_()
        rc = lib.gr_position_parse(text.encode(), byref(out), byref(err))
        if rc < 0:
            _raise_parse(rc, "position", err)
        return cls._from_c(out)

    def format(self) -> str:
        """One line of text ("dealer 0; turn 1; phase draw; ...")."""
        p = self._c()
        return _text(lib.gr_position_format, byref(p))

    __str__ = format

    def check(self, rules: Union[Rules, str, None] = None) -> None:
        """Raise InvalidArgument (with the reason) unless the position is valid."""
        r, p, reason = as_rules(rules), self._c(), c_int()
        check(lib.gr_position_check(r._p, byref(p), byref(reason)), "position", reason.value)


def _game_from_position(cls, position: Position,
                        rules: Union[Rules, str, None] = None) -> Game:
    """A game set up at `position` (validated; history starts empty)."""
    r, pos, p = as_rules(rules), position._c(), c_void_p()
    reason = c_int()
    rc = lib.gr_game_from_position(byref(p), r._p, byref(pos))
    if rc < 0:
        lib.gr_position_check(r._p, byref(pos), byref(reason))
        check(rc, "from_position", reason.value)
    return cls._wrap(p)


def _game_position(self: Game) -> Position:
    """The position of this game in play (WrongState once over)."""
    out = Position_()
    check(lib.gr_game_position(self._p, byref(out)), "position")
    return Position._from_c(out)


Game.from_position = classmethod(_game_from_position)  # type: ignore[attr-defined]
Game.position = _game_position  # type: ignore[attr-defined]


# ---------------------------------------------------------------- move text, games


def format_move(move: MoveLike) -> str:
    """A move as gin-play text: "take", "pass", "draw", "discard 7H", ..."""
    m = as_move(move)
    return _text(lib.gr_move_format, m._c())


def parse_move(text: str, game: Optional[Game] = None) -> Move:
    """Read gr_move_format() text; "take" means DRAW_DISCARD when `game` is
    in the draw phase.  ParseError carries the offset of the bad word."""
    out, err = _lib.Move_(), ParseError_()
    rc = lib.gr_move_parse(text.encode(), game._p if game is not None else None,
                           byref(out), byref(err))
    if rc < 0:
        _raise_parse(rc, f"move {text!r}", err)
    return Move._from_c(out)


def _game_load(cls, text: str) -> Game:
    """Rebuild a game from `save()` text, replaying its moves; a refusal
    carries the reason and the ``offset``/``length``/``line`` of the fault
    (gr_game_load_ex)."""
    p, err = c_void_p(), ParseError_()
    rc = lib.gr_game_load_ex(byref(p), text.encode(), None, byref(err))
    if rc < 0:
        _raise_parse(rc, "load", err)
    return cls._wrap(p)


Game.load = classmethod(_game_load)  # type: ignore[assignment]


def _game_play_as(self: Game, player: int, move: MoveLike) -> None:
    """play() for `player`: WrongState (reason not_your_turn) when it is not
    his turn."""
    m = as_move(move)
    self._refused(lib.gr_game_play_as(self._p, c_integer(player, "player"), m._c()),
                  f"play {m}")


def _game_play_drawn(self: Game, move: MoveLike) -> Optional[Card]:
    """play(), returning the card the move drew (stock or pile), else None."""
    m, out = as_move(move), gr_card(GR_NO_CARD)
    self._refused(lib.gr_game_play_drawn(self._p, m._c(), byref(out)), f"play {m}")
    return _opt_card(out.value)


def _game_history_view(self: Game, player: int) -> List[Move]:
    """The history as `player` saw it: the opponent's stock draws carry no card."""
    return _fetch(lib.gr_game_history_view, (self._p, c_integer(player, "player")),
                  _lib.Move_, Move._from_c)


def _game_best_discard(self: Game) -> Tuple[Card, int]:
    """The best discard of the player to act (G11 applied) and the deadwood left."""
    out = gr_card()
    dw = check(lib.gr_game_best_discard(self._p, byref(out)), "best_discard")
    return Card(out.value), dw


@dataclass(frozen=True)
class LegalMasks:
    """The legal moves as card masks (gr_legal_masks)."""
    types: frozenset
    top: Optional[Card]
    discard: Cards
    knock: Cards
    gin: Cards


def _masks_from_c(m: LegalMasks_) -> LegalMasks:
    types = frozenset(t for t in MoveType if m.types & (1 << int(t)))
    return LegalMasks(types, _opt_card(m.top), Cards(m.discard), Cards(m.knock), Cards(m.gin))


def _game_legal_masks(self: Game) -> LegalMasks:
    """The legal moves of the player to act as masks per move type."""
    m = LegalMasks_()
    check(lib.gr_game_legal_masks(self._p, byref(m)), "legal_masks")
    return _masks_from_c(m)


def _game_step(self: Game, move: MoveLike) -> LegalMasks:
    """play() the move and return the legal masks of the decision that
    follows (gr_game_step: one call per move); refused as play()."""
    mv, m = as_move(move), LegalMasks_()
    self._refused(lib.gr_game_step(self._p, mv._c(), byref(m)), f"step {mv}")
    return _masks_from_c(m)


def _game_redeal(self: Game, seed: int, dealer: int = 0) -> None:
    """Deal a new hand into this game in place (same rules)."""
    check(lib.gr_game_redeal(self._p, c_seed(seed), c_integer(dealer, "dealer")), "redeal")


PLAYOUT_POLICIES = {"random": 1, "greedy": 2}


def _named(names: dict, name: str, what: str) -> int:
    """names[name], or InvalidArgument naming the choices"""
    if name not in names:
        raise InvalidArgument(GR_EINVAL, f"{what} {name!r}: one of {', '.join(names)}")
    return names[name]


def _game_playout(self: Game, policy: Union[str, int] = "random", seed: int = 0) -> HandResult:
    """Play the hand to its end in C, both players following `policy`
    ("random" or "greedy"), and return the result."""
    pol = _named(PLAYOUT_POLICIES, policy, "policy") if isinstance(policy, str) \
        else c_integer(policy, "policy")
    out = _lib.HandResult_()
    check(lib.gr_game_playout(self._p, pol, c_seed(seed), byref(out)), "playout")
    return HandResult._from_c(out)


Game.play_as = _game_play_as  # type: ignore[attr-defined]
Game.play_drawn = _game_play_drawn  # type: ignore[attr-defined]
Game.history_view = _game_history_view  # type: ignore[attr-defined]
Game.best_discard = _game_best_discard  # type: ignore[attr-defined]
Game.legal_masks = _game_legal_masks  # type: ignore[attr-defined]
Game.step = _game_step  # type: ignore[attr-defined]
Game.redeal = _game_redeal  # type: ignore[attr-defined]
Game.playout = _game_playout  # type: ignore[attr-defined]


# ---------------------------------------------------------------- matches


def _match_new_dealer(cls, rules: Union[Rules, str, None] = None, seed: int = 0,
                      first_dealer: int = 0, **opts: int) -> Match:
    """A two-player match whose first hand `first_dealer` deals (no cut)."""
    m = cls.__new__(cls)
    m._p = c_void_p()
    m.rules = as_rules(rules, **opts)
    check(lib.gr_match_new_dealer(byref(m._p), m.rules._p, c_seed(seed),
                                  c_integer(first_dealer, "first_dealer")), "match")
    return m


def _match_refused(self: Match, rc: int, what: str) -> None:
    if rc < 0:
        check(rc, what, lib.gr_match_last_reason(self._p))


def _match_undo(self: Match) -> None:
    """Take back the last recorded hand (WrongState, reason
    nothing_to_undo, when none is recorded)."""
    _match_refused(self, lib.gr_match_undo(self._p), "undo")


def _match_results(self: Match) -> List[HandResult]:
    """The hands recorded, oldest first (outcome, knocker, winner, points)."""
    return _fetch(lib.gr_match_results, (self._p,), _lib.HandResult_, HandResult._from_c)


def _match_record(self: Match, result: Union[HandResult, Game]) -> None:
    """Record a hand's result (a HandResult or a finished Game); a refusal
    raises with the reason (gr_match_last_reason)."""
    if isinstance(result, Game):
        result = result.result()
    r = result._c()
    _match_refused(self, lib.gr_match_record(self._p, byref(r)), "record")


def _match_save(self: Match) -> str:
    """The match as text (gr_match_save)."""
    return _text(lib.gr_match_save, self._p)


def _match_load(cls, text: str) -> Match:
    """Rebuild a match from save() text; a refusal carries the offset."""
    m = cls.__new__(cls)
    m._p, m.rules = c_void_p(), None
    err = ParseError_()
    rc = lib.gr_match_load_ex(byref(m._p), text.encode(), None, byref(err))
    if rc < 0:
        _raise_parse(rc, "match load", err)
    return m


def _match_last_reason(self: Match) -> int:
    """Why the last refused record()/undo() was refused (0: none)."""
    return check(lib.gr_match_last_reason(self._p))


Match.new_dealer = classmethod(_match_new_dealer)  # type: ignore[attr-defined]
Match.undo = _match_undo  # type: ignore[attr-defined]
Match.results = _match_results  # type: ignore[attr-defined]
Match.record = _match_record  # type: ignore[assignment]
Match.save = _match_save  # type: ignore[attr-defined]
Match.load = classmethod(_match_load)  # type: ignore[attr-defined]
Match.last_reason = property(_match_last_reason)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- bots

BOT_PARAMS = {"playouts": 1, "features": 2}
EXPERT_FEATURES = {"infer": 1, "search": 2, "knock": 4, "arrange": 8, "match": 16,
                   "skill": 32, "model": 64, "all": 127}


def _bot_set_rules(self: Bot, rules: Union[Rules, str]) -> None:
    """The rules the expert plays by (ignored by the other kinds): Rules or a
    preset name (TypeError for None)."""
    if rules is None:
        raise TypeError("set_rules: rules must be Rules or a preset name, not None")
    r = as_rules(rules)  # kept alive across the call: a preset name makes a temporary
    check(lib.gr_bot_set_rules(self._p, r._p), "set_rules")


def _bot_set_param(self: Bot, param: Union[str, int], value: int) -> None:
    """Set "playouts" (the budget of a decision: at most that many playouts,
    1..1000000, 0 = default) or "features" (EXPERT_FEATURES ORed)."""
    num = _named(BOT_PARAMS, param, "param") if isinstance(param, str) \
        else c_integer(param, "param")
    check(lib.gr_bot_set_param(self._p, num, c_integer(value, f"{param} value")),
          f"set_param {param}")


def _bot_set_score(self: Bot, mine: int, theirs: int) -> None:
    """The match score before this hand, the bot's player first."""
    check(lib.gr_bot_set_score(self._p, c_integer(mine, "mine"), c_integer(theirs, "theirs")),
          "set_score")


def _bot_arrange(self: Bot, view: View, discard: CardLike) -> Arrangement:
    """The arrangement to show when knocking with `discard` (pass it to Game.knock)."""
    out = _lib.Arrangement_()
    check(lib.gr_bot_arrange(self._p, byref(view._raw), _card(discard, "discard"), byref(out)),
          "arrange")
    return Arrangement._from_c(out)


def _bot_observe(self: Bot, view: View, move: MoveLike) -> None:
    """Tell the bot the move its player made at this view when it did not
    choose it (a person it advises): the expert remembers the hand from
    every view of its player's turns.  After choose() at the same view (a
    hint) it replaces the suggestion.  IllegalMove if not a legal move."""
    if not isinstance(view, View) or view._raw is None:
        raise TypeError("observe: a View from Game.view() is needed")
    mv = as_move(move)
    check(lib.gr_bot_observe(self._p, byref(view._raw), mv._c()), f"observe {mv}")


def _bot_explain(self: Bot) -> str:
    """One line explaining the last choose() decision."""
    return _text(lib.gr_bot_explain, self._p)


Bot.set_rules = _bot_set_rules  # type: ignore[attr-defined]
Bot.set_param = _bot_set_param  # type: ignore[attr-defined]
Bot.set_score = _bot_set_score  # type: ignore[attr-defined]
Bot.arrange = _bot_arrange  # type: ignore[attr-defined]
Bot.explain = _bot_explain  # type: ignore[attr-defined]
Bot.observe = _bot_observe  # type: ignore[attr-defined]


# ---------------------------------------------------------------- Rummy

RH_ = _rummy.RummyHand_
RummyHand = _rummy.RummyHand
RummyMeld = _rummy.RummyMeld


def _rh_set(self, h: RH_) -> None:
    self.once, self.twice, self.jokers = h.once, h.twice, h.jokers


def _rummy_hand_add(self, card: Union[Card, int, str]) -> None:
    """Add one card (a face or JOKER); InvalidArgument for a third copy etc."""
    h = self._c()
    check(lib.gr_rummy_hand_add(byref(h), _rcard(card)), "add")
    _rh_set(self, h)


def _rummy_hand_remove(self, card: Union[Card, int, str]) -> None:
    """Remove one copy of `card`; IllegalMove when the hand lacks it."""
    h = self._c()
    check(lib.gr_rummy_hand_remove(byref(h), _rcard(card)), "remove")
    _rh_set(self, h)


def _rummy_hand_holds(self, card: Union[Card, int, str]) -> int:
    """How many copies of `card` the hand holds (gr_rummy_hand_holds)."""
    h = self._c()
    return check(lib.gr_rummy_hand_holds(byref(h), _rcard(card)), "holds")


def _rummy_hand_fits(self, decks: int, jokers_per_deck: int) -> bool:
    """Whether the hand can come from `decks` decks (1 or 2) with
    `jokers_per_deck` jokers each (0..4, R1); InvalidArgument for those out
    of range."""
    decks = c_integer(decks, "decks")
    jokers_per_deck = c_integer(jokers_per_deck, "jokers_per_deck")
    if decks not in (1, 2) or not 0 <= jokers_per_deck <= 4:
        check(-1, "fits: decks 1..2, jokers_per_deck 0..4")
    h = self._c()
    return lib.gr_rummy_hand_fits(byref(h), decks, jokers_per_deck) == 0


def _rcard(card: Union[Card, int, str]) -> int:
    if isinstance(card, str):
        out = gr_card()
        check(lib.gr_rummy_card_parse(card.encode(), byref(out)), f"card {card!r}")
        return out.value
    return c_integer(card, "card", gr_card)


RUMMY_MOVE_KINDS = {1: "meld", 2: "lay_off", 3: "take_joker"}


@dataclass(frozen=True)
class RummyPlanMove:
    """One move of a going-out plan: kind "meld", "lay_off" or
    "take_joker", the meld index it acts on, and its cards."""
    kind: str
    meld: int
    cards: RummyMeld


@dataclass(frozen=True)
class RummyPlan:
    """How to go as far out as possible (gr_rummy_go_out)."""
    value: int
    moves: Tuple[RummyPlanMove, ...]
    left: RummyHand


def _table(table: Sequence[RummyMeld]):
    arr = (_rummy.RummyMeld_ * max(len(table), 1))()
    for i, m in enumerate(table):
        arr[i] = m._c()
    return arr, len(table)


def _plan(out) -> RummyPlan:
    moves = tuple(RummyPlanMove(RUMMY_MOVE_KINDS.get(m.kind, str(m.kind)), m.meld,
                                RummyMeld._from_c(m.cards))
                  for m in out.moves[:out.nmoves])
    return RummyPlan(out.value, moves, RummyHand._from_c(out.left))


def _rummy_go_out(self, table: Sequence[RummyMeld] = (), ace_high: bool = False) -> RummyPlan:
    """The least value left after melding and laying off onto `table`
    (R4, R5, R7), with the plan of moves."""
    h, out = self._c(), RummyPlan_()
    arr, n = _table(table)
    check(lib.gr_rummy_go_out(byref(h), arr, n, 1 if ace_high else 0, byref(out)), "go_out")
    return _plan(out)


RUMMY_OUT = {0: "no", 1: "meld", 2: "discard"}


def _rummy_can_go_out(self, table: Sequence[RummyMeld] = (), ace_high: bool = False,
                      no_discard: Optional[Union[Card, int, str]] = None) -> str:
    """"meld" (every card melds or lays off), "discard" (all but one card
    that may be discarded) or "no"."""
    h = self._c()
    arr, n = _table(table)
    nd = GR_NO_CARD if no_discard is None else _rcard(no_discard)
    return RUMMY_OUT[check(lib.gr_rummy_can_go_out(byref(h), arr, n, 1 if ace_high else 0, nd),
                           "can_go_out")]


def _rummy_out_plan(self, table: Sequence[RummyMeld] = (), ace_high: bool = False,
                    no_discard: Optional[Union[Card, int, str]] = None
                    ) -> Tuple[str, Optional[RummyPlan]]:
    """can_go_out's answer with the way out (gr_rummy_can_go_out_plan):
    ("meld", plan leaving nothing), ("discard", plan leaving the card to
    discard) or ("no", None)."""
    h, out = self._c(), RummyPlan_()
    arr, n = _table(table)
    nd = GR_NO_CARD if no_discard is None else _rcard(no_discard)
    rc = check(lib.gr_rummy_can_go_out_plan(byref(h), arr, n, 1 if ace_high else 0, nd,
                                            byref(out)), "can_go_out_plan")
    return RUMMY_OUT[rc], (_plan(out) if rc else None)


def _rummy_arrangement_check(self, arrangement, ace_high: bool = False) -> None:
    """Raise unless `arrangement` (a RummyArrangement) is a valid arrangement
    of this hand."""
    h = self._c()
    raw = _rummy.RummyArrangement_()
    raw.nmelds = len(arrangement.melds)
    for i, m in enumerate(arrangement.melds):
        raw.melds[i] = m._c()
    raw.unmelded = arrangement.unmelded._c()
    raw.unmelded_points = c_integer(arrangement.unmelded_points, "unmelded_points")
    check(lib.gr_rummy_arrangement_check(byref(h), 1 if ace_high else 0, byref(raw)),
          "arrangement")


RummyHand.add = _rummy_hand_add  # type: ignore[attr-defined]
RummyHand.remove = _rummy_hand_remove  # type: ignore[attr-defined]
RummyHand.holds = _rummy_hand_holds  # type: ignore[attr-defined]
RummyHand.fits = _rummy_hand_fits  # type: ignore[attr-defined]
RummyHand.go_out = _rummy_go_out  # type: ignore[attr-defined]
RummyHand.can_go_out = _rummy_can_go_out  # type: ignore[attr-defined]
RummyHand.out_plan = _rummy_out_plan  # type: ignore[attr-defined]
RummyHand.check_arrangement = _rummy_arrangement_check  # type: ignore[attr-defined]


def _rummy_rules_deal(self) -> Tuple[int, int, int]:
    """(decks, cards per hand, cards in the whole deck) these rules deal (R2)."""
    d, h, n = c_int(), c_int(), c_int()
    check(lib.gr_rummy_rules_deal(self._p, byref(d), byref(h), byref(n)), "deal")
    return d.value, h.value, n.value


_rummy.RummyRules.deal = _rummy_rules_deal  # type: ignore[attr-defined]

def _rummy_rules_copy(self) -> "_rummy.RummyRules":
    """An independent copy of these Rummy rules."""
    new = _rummy.RummyRules.__new__(_rummy.RummyRules)
    new._p = c_void_p()
    check(lib.gr_rummy_rules_clone(byref(new._p), self._p), "rummy rules copy")
    return new


_rummy.RummyRules.copy = _rummy_rules_copy  # type: ignore[attr-defined]


def _rummy_hand_check(self) -> None:
    """InvalidArgument unless the hand keeps the invariant (no face both once
    and twice, at most 8 jokers)."""
    h = self._c()
    check(lib.gr_rummy_hand_check(byref(h)), "hand")


RummyHand.check = _rummy_hand_check  # type: ignore[attr-defined]


def rummy_card_points(card: Union[Card, int, str], ace_high: bool = False) -> int:
    """A Rummy card's points (R7): joker 15, J Q K 10, ace 1 (11 ace high)."""
    return check(lib.gr_rummy_card_points(_rcard(card), 1 if ace_high else 0), "points")


def rummy_card_text(card: Union[Card, int, str]) -> str:
    """A Rummy card as text ("7H", "JK")."""
    return _text(lib.gr_rummy_card_format, _rcard(card))


def _rummy_match_dealer(self) -> int:
    """The seat that deals the next hand."""
    return check(lib.gr_rummy_match_dealer(self._p), "dealer")


_rummy.RummyMatch.dealer = property(_rummy_match_dealer)  # type: ignore[attr-defined]

RummyGame = _rummy.RummyGame


def _rummy_from_deck(cls, deck: Sequence[Union[int, str]], rules=None, dealer: int = 0):
    """A Rummy game dealt from a stacked deck (top first; the rules' deck)."""
    rules = rules or _rummy.RummyRules()
    cards = [_rcard(c) for c in deck]
    arr = (gr_card * max(len(cards), 1))(*cards)
    p = c_void_p()
    check(lib.gr_rummy_game_new_from_deck(byref(p), rules._p, arr, len(cards),
                                          c_integer(dealer, "dealer")),
          "from_deck")
    g = cls._wrap(p)
    g.rules = rules
    return g


def _rummy_stock(self) -> List[int]:
    """The stock, top first (a referee's call)."""
    buf = (gr_card * _rummy.MAX_CARDS)()
    n = check(lib.gr_rummy_game_stock(self._p, buf, _rummy.MAX_CARDS), "stock")
    return [int(buf[i]) for i in range(min(n, _rummy.MAX_CARDS))]


def _rummy_turnovers(self) -> int:
    """Turnovers of the discard pile so far (R6)."""
    return check(lib.gr_rummy_game_turnovers(self._p), "turnovers")


def _rummy_history(self) -> list:
    """The actions played, oldest first."""
    return _fetch(lib.gr_rummy_game_history, (self._p,), _rummy.RummyAction_, _action)


def rummy_view_legal_moves(view) -> list:
    """The legal moves of a Rummy view's player, from the view alone."""
    return _fetch(lib.gr_rummy_view_legal_moves, (byref(view),), _rummy.RummyAction_,
                  _action)


RummyGame.from_deck = classmethod(_rummy_from_deck)  # type: ignore[attr-defined]
RummyGame.stock = _rummy_stock  # type: ignore[attr-defined]
RummyGame.turnovers = property(_rummy_turnovers)  # type: ignore[attr-defined]
RummyGame.history = _rummy_history  # type: ignore[attr-defined]

__all__ = ["EXCLUDED", "TakeAdvice", "KnockAdvice", "Position", "LegalMasks", "RummyPlan",
           "RummyPlanMove", "parse_card", "parse_cards", "arrangement_check",
           "layoff_check_ex", "settle_ex", "best_discard_except", "advise_take",
           "arrangements", "advise_knock", "layoff_targets", "layoff_build", "format_move",
           "parse_move", "rummy_view_legal_moves", "rummy_card_points", "rummy_card_text",
           "reason_status", "cards_count"]


def reason_status(reason: int) -> int:
    """The status (GR_E*) a refusal with this reason returns (0 for none)."""
    return lib.gr_reason_status(c_integer(reason, "reason"))


def cards_count(cards: CardsLike) -> int:
    """How many cards a set holds, counted by the library (len(Cards) is the
    same, counted in Python)."""
    return check(lib.gr_cards_count(as_cards(cards).mask))
