"""Settling a hand (G20-G24, G29): the outcomes, a hand's result, and the
settlement of a hand laid down on a real table."""
from __future__ import annotations

from ctypes import byref, c_int
from dataclasses import dataclass
from enum import IntEnum
from typing import Optional

from ._lib import lib, HandResult_, SettleOptions_
from .cards import CardLike, CardsLike, as_cards
from .errors import c_integer, check
from .melds import Arrangement, Layoff
from .moves import card_arg
from .rules import RulesLike, as_rules


class Outcome(IntEnum):
    """How a hand ended (gr_outcome)."""
    VOID = 0
    KNOCK = 1
    UNDERCUT = 2
    GIN = 3
    BIG_GIN = 4
    TIE = 5


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what it scored."""
    outcome: Outcome
    knocker: int
    winner: int
    points: int
    knocker_arrangement: Arrangement
    defense: Layoff
    knocker_deadwood: int
    defender_deadwood: int
    multiplier: int

    @classmethod
    def _from_c(cls, r: HandResult_) -> "HandResult":
        return cls(Outcome(r.outcome), r.knocker, r.winner, r.points,
                   Arrangement._from_c(r.knocker_arrangement), Layoff._from_c(r.defense),
                   r.knocker_deadwood, r.defender_deadwood, r.multiplier)

    def _c(self) -> HandResult_:
        r = HandResult_()
        for name in ("outcome", "knocker", "winner", "points", "knocker_deadwood",
                     "defender_deadwood", "multiplier"):
            setattr(r, name, c_integer(getattr(self, name), f"HandResult.{name}"))
        r.knocker_arrangement = self.knocker_arrangement._c()
        r.defense = self.defense._c()
        return r


def settle(rules: RulesLike, knocker: Arrangement, defender: CardsLike,
           upcard: Optional[CardLike] = None) -> HandResult:
    """Settle a hand laid down on a table: player 0 knocked showing `knocker`,
    player 1 holds `defender` (G20-G24); with the first upcard for Oklahoma."""
    r = as_rules(rules)
    out = HandResult_()
    k = knocker._c()
    d = as_cards(defender).mask
    with r._lock:
        if upcard is None:
            check(lib.gr_settle(r._live(), byref(k), d, byref(out)), "settle")
        else:
            check(lib.gr_settle_upcard(r._live(), card_arg(upcard, "upcard"), byref(k), d,
                                       byref(out)), "settle")
    return HandResult._from_c(out)


def settle_ex(rules: RulesLike, knocker: Arrangement, defender: CardsLike, *,
              knocker_seat: int = 0, strict: bool = False,
              upcard: Optional[CardLike] = None) -> HandResult:
    """gr_settle_ex: settle with the knocker in either seat (the result's
    knocker and winner are seats, ready for Match.record), strict card
    counts (a wrong count raises instead of voiding), an optional first
    upcard; refusals raise with the reason."""
    r = as_rules(rules)
    o = SettleOptions_()
    o.knocker, o.strict = c_integer(knocker_seat, "knocker_seat"), int(bool(strict))
    if upcard is not None:
        o.has_upcard, o.upcard = 1, card_arg(upcard, "upcard")
    k, out, reason = knocker._c(), HandResult_(), c_int()
    with r._lock:
        check(lib.gr_settle_ex(r._live(), byref(o), byref(k), as_cards(defender).mask,
                               byref(out), byref(reason)), "settle", reason.value)
    return HandResult._from_c(out)


def settle_illegal_knock(rules: RulesLike, knocker: Arrangement,
                         defender: CardsLike) -> HandResult:
    """G29, score keeping: settle a knock found illegal (deadwood over the
    limit) only after the defender laid off, which then stands."""
    r = as_rules(rules)
    out = HandResult_()
    k = knocker._c()
    with r._lock:
        check(lib.gr_settle_illegal_knock(r._live(), byref(k), as_cards(defender).mask,
                                          byref(out)), "settle_illegal_knock")
    return HandResult._from_c(out)
