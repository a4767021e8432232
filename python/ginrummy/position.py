"""Positions: a game state to set up without replaying a hand
(gr_position), its text, and its check against the rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Tuple

from ._calls import text as _text
from ._lib import ffi, lib, GR_NCARDS, GR_NO_CARD
from .cards import Card, Cards, as_cards
from .errors import c_integer, c_seed, check, raise_parse, c_text
from .moves import Phase, card_arg, opt_card
from .rules import RulesLike, as_rules


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

    def _c(self) -> Any:
        """A new gr_position * holding this position (ValueError for more
        cards in the pile or stock than a deck has)."""
        if len(self.pile) > GR_NCARDS or len(self.stock) > GR_NCARDS:
            raise ValueError("a pile or a stock has at most 52 cards")
        p = ffi.new("gr_position *")
        p.dealer, p.turn = c_integer(self.dealer, "dealer"), c_integer(self.turn, "turn")
        p.phase = c_integer(self.phase, "phase")
        for i in (0, 1):
            p.hand[i] = as_cards(self.hands[i]).mask
            p.known[i] = as_cards(self.known[i]).mask
        p.npile = len(self.pile)
        for i, c in enumerate(self.pile):
            p.pile[i] = card_arg(c)
        p.nstock = len(self.stock)
        for i, c in enumerate(self.stock):
            p.stock[i] = card_arg(c)
        p.stock_from_seed, p.seed = int(bool(self.stock_from_seed)), c_seed(self.seed)
        p.taken = GR_NO_CARD if self.taken is None else card_arg(self.taken)
        p.pile_closed = int(bool(self.pile_closed))
        p.first_upcard = GR_NO_CARD if self.first_upcard is None else card_arg(self.first_upcard)
        p.turnovers = c_integer(self.turnovers, "turnovers")
        p.played = c_integer(self.played, "played")
        return p

    @classmethod
    def _from_c(cls, p: Any) -> "Position":
        return cls(p.dealer, p.turn, Phase(p.phase), (Cards(p.hand[0]), Cards(p.hand[1])),
                   tuple(Card(p.pile[i]) for i in range(p.npile)),
                   tuple(Card(p.stock[i]) for i in range(p.nstock)),
                   bool(p.stock_from_seed), p.seed, opt_card(p.taken), bool(p.pile_closed),
                   (Cards(p.known[0]), Cards(p.known[1])), opt_card(p.first_upcard),
                   p.turnovers, p.played)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read gr_position_format() text (ParseError with the offset)."""
        out, err = ffi.new("gr_position *"), ffi.new("gr_parse_error *")
        rc = lib.gr_position_parse(c_text(text, "text"), out, err)
        if rc < 0:
            raise_parse(rc, "position", err)
        return cls._from_c(out)

    def format(self) -> str:
        """One line of text ("dealer 0; turn 1; phase draw; ...")."""
        return _text(lib.gr_position_format, self._c())

    __str__ = format

    def check(self, rules: RulesLike = None) -> None:
        """Raise InvalidArgument (with the reason) unless the position is valid."""
        r, p, reason = as_rules(rules), self._c(), ffi.new("int *")
        with r._lock:
            check(lib.gr_position_check(r._live(), p, reason), "position", reason[0])
