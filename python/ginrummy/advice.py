"""Advice for a player (gr_advice(3)): the best discard that G11 allows,
taking an offered card or drawing blind, the arrangements of a hand and
the one to show when knocking, and the layoffs a person may choose."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Tuple

from ._calls import fetch
from ._lib import ffi, lib, GR_MAX_MELDS
from .cards import Card, CardLike, Cards, CardsLike, as_cards
from .errors import c_integer, check
from .melds import Arrangement, Layoff
from .moves import card_arg


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
    def _from_c(cls, a: Any) -> "TakeAdvice":
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
    out = ffi.new("gr_card *")
    dw = check(lib.gr_best_discard_except(as_cards(hand).mask, as_cards(excluded).mask, out),
               "best_discard_except")
    return Card(out[0]), dw


def advise_take(hand: CardsLike, card: CardLike, unseen: CardsLike) -> TakeAdvice:
    """Should `hand` take `card`? Compared with a blind draw from `unseen`."""
    out = ffi.new("gr_take_advice *")
    check(lib.gr_advise_take(as_cards(hand).mask, card_arg(card), as_cards(unseen).mask, out),
          "advise_take")
    return TakeAdvice._from_c(out)


def arrangements(hand: CardsLike, limit: int = -1) -> List[Arrangement]:
    """Every arrangement of `hand` (at most 16 cards) with deadwood at most
    `limit` (negative: all), in the library's deterministic order."""
    return fetch(lib.gr_arrangements, (as_cards(hand).mask, c_integer(limit, "limit")),
                 "gr_arrangement", Arrangement._from_c)


def advise_knock(hand: CardsLike, limit: int, not_his: CardsLike = 0) -> KnockAdvice:
    """The arrangement of the ten cards kept, within `limit`, that leaves the
    defender the fewest possible layoffs given the cards `not_his` (G17)."""
    out = ffi.new("gr_knock_advice *")
    check(lib.gr_advise_knock(as_cards(hand).mask, c_integer(limit, "limit"),
                              as_cards(not_his).mask, out), "advise_knock")
    return KnockAdvice(Arrangement._from_c(out.arrangement), out.layoffs, Cards(out.targets))


def layoff_targets(knocker: Arrangement, defender: CardsLike,
                   laid: CardsLike = 0) -> List[Cards]:
    """For each knocker meld, the defender's cards that can be laid off on it
    now, given the cards `laid` already laid off."""
    k, out = knocker._c(), ffi.new("gr_cards[]", GR_MAX_MELDS)
    n = check(lib.gr_layoff_targets(k, as_cards(defender).mask, as_cards(laid).mask, out),
              "layoff_targets")
    return [Cards(out[i]) for i in range(n)]


def layoff_build(knocker: Arrangement, defender: CardsLike, laid_off: CardsLike) -> Layoff:
    """The defence a person chose: `laid_off` laid off, the rest arranged
    for the least deadwood (ready for Game.defend)."""
    out = ffi.new("gr_layoff *")
    check(lib.gr_layoff_build(knocker._c(), as_cards(defender).mask, as_cards(laid_off).mask,
                              out), "layoff_build")
    return Layoff._from_c(out)
