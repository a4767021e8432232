"""Gin melds: arrangements into melds and deadwood (G3-G5), the best
discard, and the defender's layoffs onto a knocker's melds (G17-G19)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence, Tuple

from ._lib import ffi, lib, GR_MAX_MELDS
from .cards import Card, Cards, CardsLike, as_cards
from .errors import c_integer, check


@dataclass(frozen=True)
class Arrangement:
    """A hand arranged into melds and deadwood."""
    melds: Tuple[Cards, ...]
    deadwood: Cards
    deadwood_points: int

    @classmethod
    def of(cls, melds: Sequence[CardsLike], deadwood: CardsLike = 0) -> "Arrangement":
        """An arrangement of these melds and deadwood (points counted)."""
        d = as_cards(deadwood)
        return cls(tuple(as_cards(m) for m in melds), d, d.points)

    @property
    def cards(self) -> Cards:
        """Every card of the arrangement, melds and deadwood."""
        out = self.deadwood
        for m in self.melds:
            out = out | m
        return out

    def _c(self) -> Any:
        """A new gr_arrangement * holding this arrangement."""
        a = ffi.new("gr_arrangement *")
        if len(self.melds) > GR_MAX_MELDS:
            raise ValueError("too many melds")
        a.nmelds = len(self.melds)
        for i, m in enumerate(self.melds):
            a.melds[i] = m.mask
        a.deadwood = self.deadwood.mask
        a.deadwood_points = c_integer(self.deadwood_points, "deadwood_points")
        return a

    @classmethod
    def _from_c(cls, a: Any) -> "Arrangement":
        return cls(tuple(Cards(a.melds[i]) for i in range(max(0, min(a.nmelds, GR_MAX_MELDS)))),
                   Cards(a.deadwood), a.deadwood_points)


@dataclass(frozen=True)
class Layoff:
    """The defender's side of a settlement: his melds and deadwood, and the
    cards he laid off on the knocker's melds."""
    defender: Arrangement
    laid_off: Cards

    @property
    def deadwood_points(self) -> int:
        """The defender's deadwood left after his layoffs."""
        return self.defender.deadwood_points

    def _c(self) -> Any:
        """A new gr_layoff * holding this defence."""
        out = ffi.new("gr_layoff *")
        out.defender = self.defender._c()[0]
        out.laid_off = self.laid_off.mask
        return out

    @classmethod
    def _from_c(cls, x: Any) -> "Layoff":
        return cls(Arrangement._from_c(x.defender), Cards(x.laid_off))


def deadwood(hand: CardsLike) -> int:
    """The least deadwood count of a hand (G5)."""
    return check(lib.gr_deadwood(as_cards(hand).mask), "deadwood")


def arrange(hand: CardsLike) -> Arrangement:
    """One least-deadwood arrangement of the hand (deterministic)."""
    out = ffi.new("gr_arrangement *")
    check(lib.gr_arrange(as_cards(hand).mask, out), "arrange")
    return Arrangement._from_c(out)


def best_discard(hand: CardsLike) -> Tuple[Card, int]:
    """The discard leaving the least deadwood, and that deadwood."""
    out = ffi.new("gr_card *")
    left = check(lib.gr_best_discard(as_cards(hand).mask, out), "best_discard")
    return Card(out[0]), left


def arrangement_check(arrangement: Arrangement, hand: CardsLike, limit: int = -1) -> None:
    """Raise (with the reason) unless `arrangement` is a true arrangement of
    exactly `hand` with deadwood at most `limit` (negative: none); G4."""
    a, reason = arrangement._c(), ffi.new("int *")
    check(lib.gr_arrangement_check(a, as_cards(hand).mask, c_integer(limit, "limit"), reason),
          "arrangement", reason[0])


def lay_off(knocker: Arrangement, defender: CardsLike) -> Layoff:
    """The defender's best melds and layoffs against the knocker's melds (G17, G19)."""
    out = ffi.new("gr_layoff *")
    check(lib.gr_lay_off(knocker._c(), as_cards(defender).mask, out), "lay_off")
    return Layoff._from_c(out)


def layoff_check(knocker: Arrangement, defender: CardsLike, defense: Layoff) -> None:
    """Raise unless `defense` is a legal defence (it need not be the best)."""
    k, d = knocker._c(), defense._c()
    check(lib.gr_layoff_check(k, as_cards(defender).mask, d), "layoff_check")


def layoff_check_ex(knocker: Arrangement, defender: CardsLike, defense: Layoff) -> None:
    """layoff_check() raising with the refusal reason (gr_layoff_check_ex)."""
    k, d, reason = knocker._c(), defense._c(), ffi.new("int *")
    check(lib.gr_layoff_check_ex(k, as_cards(defender).mask, d, reason), "layoff", reason[0])
