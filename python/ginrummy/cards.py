"""Cards (0..51: suit * 13 + rank) and sets of cards (a 52-bit mask): text,
points, meld kinds, and the parsers that say where a bad token is."""
from __future__ import annotations

import operator
from typing import Iterable, Iterator, Union

from ._calls import text as _text
from ._lib import ffi, lib
from .errors import check, raise_parse, c_text

RANKS = "A23456789TJQK"
SUITS = "CDHS"


class Card(int):
    """One card, an int 0..51 (suit * 13 + rank; suits clubs, diamonds,
    hearts, spades; rank 0 the ace ... 12 the king).

    >>> Card("10h"), Card("QS").rank, Card(0)
    (Card('10H'), 11, Card('AC'))
    """

    def __new__(cls, value: Union[int, str, "Card"]) -> "Card":
        if isinstance(value, str):
            out = ffi.new("gr_card *")
            check(lib.gr_card_parse(c_text(value, "card"), out), f"card {value!r}")
            value = int(out[0])
        try:
            number = operator.index(value)
        except TypeError:
            raise TypeError(f"a card is an int 0..51 or a text such as 'QS', "
                            f"not {type(value).__name__}") from None
        if not 0 <= number < 52:
            raise ValueError(f"card number {number} out of 0..51")
        return super().__new__(cls, number)

    @classmethod
    def of(cls, rank: int, suit: int) -> "Card":
        """The card of rank 0..12 and suit 0..3."""
        return cls(suit * 13 + rank)

    @property
    def rank(self) -> int:
        """0 the ace, 1 the two, ... 12 the king."""
        return int(self) % 13

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return int(self) // 13

    @property
    def points(self) -> int:
        """Points in deadwood (G2): ace 1, pips, faces 10."""
        return int(lib.gr_card_points(self))

    def __str__(self) -> str:
        return _text(lib.gr_card_format, int(self))

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


CardLike = Union[Card, int, str]


def _card(c: CardLike) -> Card:
    return c if isinstance(c, Card) else Card(c)


class Cards:
    """An immutable set of cards, stored as the library's 64-bit mask.

    Built from a mask (int), a text (``"AS 2S 3S"``) or any iterable of
    cards.  Iterates in card order; supports ``in``, ``len``, ``|``, ``&``,
    ``-``, ``^``, comparison and hashing.

    >>> hand = Cards("AS 2S 3S KD")
    >>> Card("2S") in hand, len(hand), str(hand - Cards("KD"))
    (True, 4, 'AS 2S 3S')
    """

    __slots__ = ("mask",)
    ALL_MASK = (1 << 52) - 1
    mask: int

    def __init__(self, cards: Union[int, str, Iterable[CardLike], "Cards", None] = None):
        mask: int
        if cards is None:
            mask = 0
        elif isinstance(cards, Cards):
            mask = cards.mask
        elif isinstance(cards, str):
            out = ffi.new("gr_cards *")
            check(lib.gr_cards_parse(c_text(cards, "cards"), out), f"cards {cards!r}")
            mask = int(out[0])
        elif hasattr(type(cards), "__index__") and not isinstance(cards, Card):
            mask = operator.index(cards)  # type: ignore[arg-type]  # int or numpy integer
            if mask & ~self.ALL_MASK or mask < 0:
                raise ValueError("card mask has bits outside 0..51")
        else:
            mask = 0
            for c in cards:  # type: ignore[union-attr]  # an iterable of cards
                mask |= 1 << _card(c)
        self.mask = mask

    @classmethod
    def all(cls) -> "Cards":
        """The whole deck."""
        return cls(cls.ALL_MASK)

    def __iter__(self) -> Iterator[Card]:
        m = self.mask
        while m:
            low = m & -m
            yield Card(low.bit_length() - 1)
            m ^= low

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, card: object) -> bool:
        try:
            c = _card(card)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False
        return bool(self.mask >> c & 1)

    def __or__(self, other: "CardsLike") -> "Cards":
        return Cards(self.mask | as_cards(other).mask)

    def __and__(self, other: "CardsLike") -> "Cards":
        return Cards(self.mask & as_cards(other).mask)

    def __sub__(self, other: "CardsLike") -> "Cards":
        return Cards(self.mask & ~as_cards(other).mask)

    def __xor__(self, other: "CardsLike") -> "Cards":
        return Cards(self.mask ^ as_cards(other).mask)

    __ror__, __rand__, __rxor__ = __or__, __and__, __xor__

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Cards):
            return self.mask == other.mask
        if isinstance(other, (str, set, frozenset, list, tuple)):
            try:
                return self.mask == as_cards(other).mask
            except ValueError:
                return False
        return NotImplemented

    def __le__(self, other: "CardsLike") -> bool:
        return self.mask & ~as_cards(other).mask == 0

    def __hash__(self) -> int:
        return hash(self.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __str__(self) -> str:
        return _text(lib.gr_cards_format, self.mask)

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    @property
    def points(self) -> int:
        """The sum of the cards' points (G2)."""
        return int(lib.gr_cards_points(self.mask))

    @property
    def meld_kind(self) -> int:
        """1 (a set), 2 (a run) or 0 (not a meld)."""
        return int(lib.gr_meld_kind(self.mask))

    def is_meld(self) -> bool:
        """True when the cards are one set or one run (G3)."""
        return self.meld_kind != 0


CardsLike = Union[Cards, int, str, Iterable[CardLike]]


def as_cards(cards: CardsLike) -> Cards:
    """`cards` as a Cards (TypeError for None: an empty set is ``0`` or
    ``Cards()``)."""
    if cards is None:
        raise TypeError("cards expected (a Cards, a mask, a text or an iterable of cards), "
                        "not None")
    return cards if isinstance(cards, Cards) else Cards(cards)


def parse_card(text: str) -> Card:
    """Read one card; a ParseError carries ``offset``, ``length``, ``line``
    and ``reason`` of the bad token (gr_card_parse_ex)."""
    out, err = ffi.new("gr_card *"), ffi.new("gr_parse_error *")
    rc = lib.gr_card_parse_ex(c_text(text, "text"), out, err)
    if rc < 0:
        raise_parse(rc, f"card {text!r}", err)
    return Card(out[0])


def parse_cards(text: str) -> Cards:
    """Read a set of cards, with the place of the first bad token in the
    ParseError (gr_cards_parse_ex)."""
    out, err = ffi.new("gr_cards *"), ffi.new("gr_parse_error *")
    rc = lib.gr_cards_parse_ex(c_text(text, "text"), out, err)
    if rc < 0:
        raise_parse(rc, f"cards {text!r}", err)
    return Cards(int(out[0]))


def cards_count(cards: CardsLike) -> int:
    """How many cards a set holds, counted by the library (len(Cards) is the
    same, counted in Python)."""
    return check(lib.gr_cards_count(as_cards(cards).mask))
