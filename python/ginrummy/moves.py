"""Moves of a Gin hand: the phases, the move types, a move and its text
(gr_move_format, gr_move_parse)."""
from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Tuple, Union

from ._calls import text as _text
from ._lib import ffi, lib, GR_NO_CARD
from .cards import Card, CardLike
from .errors import c_integer, raise_parse, c_text

if TYPE_CHECKING:
    from .game import Game


class Phase(IntEnum):
    """The phase of a hand (gr_phase)."""
    UPCARD = 1
    DRAW = 2
    DISCARD = 3
    OVER = 4
    WALL = 5


class MoveType(IntEnum):
    """The kinds of move (gr_move_type)."""
    TAKE_UPCARD = 1
    PASS = 2
    DRAW_STOCK = 3
    DRAW_DISCARD = 4
    DISCARD = 5
    KNOCK = 6
    GIN = 7
    BIG_GIN = 8


class Move(NamedTuple):
    """A move: its type and the card it names (None when it names none)."""
    type: MoveType
    card: Optional[Card] = None

    @classmethod
    def parse(cls, text: str) -> "Move":
        """``"PASS"``, ``"STOCK"``, ``"DISCARD KS"``, ``"KNOCK 5D"``, ..."""
        words = text.split()
        if not words:
            raise ValueError("empty move")
        aliases = {"TAKE": "TAKE_UPCARD", "STOCK": "DRAW_STOCK", "DRAW": "DRAW_DISCARD"}
        name = aliases.get(words[0].upper(), words[0].upper())
        try:
            kind = MoveType[name]
        except KeyError:
            raise ValueError(f"unknown move {words[0]!r}") from None
        return cls(kind, Card(words[1]) if len(words) > 1 else None)

    def __str__(self) -> str:
        return self.type.name + ("" if self.card is None else f" {self.card}")

    def _c(self) -> Any:
        """The move as a C gr_move (a struct value, as the functions take it)."""
        m = ffi.new("gr_move *")
        m.type = c_integer(self.type, "move type")
        m.card = GR_NO_CARD if self.card is None else c_integer(self.card, "move card",
                                                                 "gr_card")
        return m[0]

    @classmethod
    def _from_c(cls, m: Any) -> "Move":
        return cls(MoveType(m.type), None if m.card == GR_NO_CARD else Card(m.card))


MoveLike = Union[Move, str, Tuple[int, Optional[CardLike]]]


def card_arg(card: CardLike, what: str = "card") -> int:
    """A card argument as the C gr_card: a text is parsed, a number is
    passed on (TypeError / InvalidArgument as c_integer; the library
    judges the numbers that fit)."""
    if isinstance(card, str):
        return int(Card(card))
    return c_integer(card, what, "gr_card")


def opt_card(c: int) -> Optional[Card]:
    """A C gr_card that may be GR_NO_CARD, as a Card or None."""
    return None if c == GR_NO_CARD else Card(c)


def as_move(move: MoveLike) -> Move:
    """A Move, its text (``"DISCARD KS"``) or a (type, card) pair as a Move;
    TypeError for anything else."""
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    if not isinstance(move, tuple) or len(move) != 2:
        raise TypeError("a move is a Move, a text such as 'DISCARD KS' or a (type, card) "
                        f"pair, not {type(move).__name__}")
    kind, card = move
    return Move(MoveType(c_integer(kind, "move type")), None if card is None else Card(card))


def format_move(move: MoveLike) -> str:
    """A move as gin-play text: "take", "pass", "draw", "discard 7H", ..."""
    m = as_move(move)
    return _text(lib.gr_move_format, m._c())


def parse_move(text: str, game: Optional["Game"] = None) -> Move:
    """Read gr_move_format() text; "take" means DRAW_DISCARD when `game` is
    in the draw phase.  ParseError carries the offset of the bad word."""
    out, err = ffi.new("gr_move *"), ffi.new("gr_parse_error *")
    if game is None:
        rc = lib.gr_move_parse(c_text(text, "text"), ffi.NULL, out, err)
    else:
        with game._lock:
            rc = lib.gr_move_parse(c_text(text, "text"), game._live(), out, err)
    if rc < 0:
        raise_parse(rc, f"move {text!r}", err)
    return Move._from_c(out[0])
