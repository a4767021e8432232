"""Settling a hand (G20-G24, G29): the outcomes, a hand's result, and the
settlement of a hand laid down on a real table."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Optional

from ._lib import ffi, lib
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
    def _from_c(cls, r: Any) -> "HandResult":
        return cls(Outcome(r.outcome), r.knocker, r.winner, r.points,
                   Arrangement._from_c(r.knocker_arrangement), Layoff._from_c(r.defense),
                   r.knocker_deadwood, r.defender_deadwood, r.multiplier)

    def _c(self) -> Any:
        """A new gr_hand_result * holding this result."""
        r = ffi.new("gr_hand_result *")
        for name in ("outcome", "knocker", "winner", "points", "knocker_deadwood",
                     "defender_deadwood", "multiplier"):
            setattr(r, name, c_integer(getattr(self, name), f"HandResult.{name}"))
        r.knocker_arrangement = self.knocker_arrangement._c()[0]
        r.defense = self.defense._c()[0]
        return r


def settle(rules: RulesLike, knocker: Arrangement, defender: CardsLike,
           upcard: Optional[CardLike] = None) -> HandResult:
    """Settle a hand laid down on a table: player 0 knocked showing `knocker`,
    player 1 holds `defender` (G20-G24); with the first upcard for Oklahoma."""
    r = as_rules(rules)
    out = ffi.new("gr_hand_result *")
    k = knocker._c()
    d = as_cards(defender).mask
    with r._lock:
        if upcard is None:
            check(lib.gr_settle(r._live(), k, d, out), "settle")
        else:
            check(lib.gr_settle_upcard(r._live(), card_arg(upcard, "upcard"), k, d, out),
                  "settle")
    return HandResult._from_c(out)


def settle_ex(rules: RulesLike, knocker: Arrangement, defender: CardsLike, *,
              knocker_seat: int = 0, strict: bool = False,
              upcard: Optional[CardLike] = None) -> HandResult:
    """gr_settle_ex: settle with the knocker in either seat (the result's
    knocker and winner are seats, ready for Match.record), strict card
    counts (a wrong count raises instead of voiding), an optional first
    upcard; refusals raise with the reason."""
    r = as_rules(rules)
    o = ffi.new("gr_settle_options *")
    o.knocker, o.strict = c_integer(knocker_seat, "knocker_seat"), int(bool(strict))
    if upcard is not None:
        o.has_upcard, o.upcard = 1, card_arg(upcard, "upcard")
    k, out, reason = knocker._c(), ffi.new("gr_hand_result *"), ffi.new("int *")
    with r._lock:
        check(lib.gr_settle_ex(r._live(), o, k, as_cards(defender).mask, out, reason),
              "settle", reason[0])
    return HandResult._from_c(out)


def settle_illegal_knock(rules: RulesLike, knocker: Arrangement,
                         defender: CardsLike, *, knocker_seat: int = 0,
                         upcard: Optional[CardLike] = None) -> HandResult:
    """G29, score keeping: settle a knock found illegal (deadwood over the
    limit) only after the defender laid off, which then stands; with the
    knocker in either seat and the first upcard, which under Oklahoma still
    doubles (gr_settle_illegal_knock_ex; refusals raise with the reason)."""
    r = as_rules(rules)
    out = ffi.new("gr_hand_result *")
    k, d = knocker._c(), as_cards(defender).mask
    if knocker_seat == 0 and upcard is None:
        with r._lock:
            check(lib.gr_settle_illegal_knock(r._live(), k, d, out), "settle_illegal_knock")
        return HandResult._from_c(out)
    o = ffi.new("gr_settle_options *")
    o.knocker = c_integer(knocker_seat, "knocker_seat")
    if upcard is not None:
        o.has_upcard, o.upcard = 1, card_arg(upcard, "upcard")
    reason = ffi.new("int *")
    with r._lock:
        check(lib.gr_settle_illegal_knock_ex(r._live(), o, k, d, out, reason),
              "settle_illegal_knock", reason[0])
    return HandResult._from_c(out)
