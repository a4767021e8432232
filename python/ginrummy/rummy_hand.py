"""Basic Rummy's cards (rules R1-R7 of doc/rules-reference.md,
ginrummy-rules(7)): hands with two decks' duplicates and jokers, melds
with named jokers, the least unmelded value and its arrangement (R7), and
going out with the table's melds (R4, R5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from ._calls import text as _text
from ._lib import ffi, lib, GR_EINVAL, GR_NO_CARD, RUMMY_JOKER, RUMMY_MAX_MELDS
from .cards import Card, Cards, CardsLike, as_cards
from .errors import GinRummyError, c_integer, c_text, check, raise_parse

#: a Rummy card is a gr_card: 0..51 the faces, as in Gin, and JOKER
JOKER = RUMMY_JOKER
ACE_HIGH = 1
RummyCardLike = Union[Card, int, str]


def rummy_card(card: RummyCardLike) -> int:
    """A Rummy card argument as the C gr_card: a text ("7H", "JK") is
    parsed, a number is passed on (checked as c_integer)."""
    if isinstance(card, str):
        out = ffi.new("gr_card *")
        check(lib.gr_rummy_card_parse(c_text(card, "card"), out), f"card {card!r}")
        return int(out[0])
    return c_integer(card, "card", "gr_card")


def rummy_card_points(card: RummyCardLike, ace_high: bool = False) -> int:
    """A Rummy card's points (R7): joker 15, J Q K 10, ace 1 (11 ace high)."""
    return check(lib.gr_rummy_card_points(rummy_card(card), 1 if ace_high else 0), "points")


def rummy_card_text(card: RummyCardLike) -> str:
    """A Rummy card as text ("7H", "JK")."""
    return _text(lib.gr_rummy_card_format, rummy_card(card))


@dataclass(frozen=True)
class RummyMeld:
    """A meld: the faces it stands for, and those of them jokers stand for."""
    cards: Cards
    jokers: Cards

    @classmethod
    def parse(cls, text: str) -> "RummyMeld":
        """``"5H JK=6H 7H"``: a joker names the face it stands for."""
        out, bad = ffi.new("gr_rummy_meld *"), ffi.new("size_t *")
        check(lib.gr_rummy_meld_parse(c_text(text, "text"), out, bad), f"meld {text!r}")
        return cls._from_c(out)

    @classmethod
    def _from_c(cls, m: Any) -> "RummyMeld":
        return cls(Cards(m.cards), Cards(m.jokers))

    def _c(self) -> Any:
        """A new gr_rummy_meld * holding this meld."""
        return ffi.new("gr_rummy_meld *", (self.cards.mask, self.jokers.mask))

    def kind(self, ace_high: bool = False) -> int:
        """1 a set, 2 a run, 0 neither (R3)."""
        return check(lib.gr_rummy_meld_kind(self._c(), ACE_HIGH if ace_high else 0))

    @classmethod
    def parse_ex(cls, text: str) -> "RummyMeld":
        """As parse(); a refusal carries the ``offset`` of the bad token."""
        out, err = ffi.new("gr_rummy_meld *"), ffi.new("gr_parse_error *")
        rc = lib.gr_rummy_meld_parse_ex(c_text(text, "text"), out, err)
        if rc < 0:
            raise_parse(rc, f"meld {text!r}", err)
        return cls._from_c(out)

    def check(self, ace_high: bool = False) -> int:
        """The reason this is not a legal set or run (0 when it is): the
        same reason gr_rummy_game_play gives for it."""
        why = ffi.new("int *")
        lib.gr_rummy_meld_check(self._c(), ACE_HIGH if ace_high else 0, why)
        return int(why[0])

    def layoff_faces(self, ace_high: bool = False) -> Cards:
        """The faces that can be laid off on this (legal) table meld."""
        out = ffi.new("gr_cards *")
        flags = ACE_HIGH if ace_high else 0
        check(lib.gr_rummy_layoff_faces(self._c(), flags, out),
              "layoff faces", self.check(ace_high))
        return Cards(int(out[0]))

    @classmethod
    def completions(cls, faces: CardsLike, jokers: int,
                    ace_high: bool = False) -> List["RummyMeld"]:
        """Every meld `faces` and that many more jokers make."""
        buf = ffi.new("gr_rummy_meld[]", 32)
        n = check(lib.gr_rummy_meld_completions(as_cards(faces).mask,
                                                c_integer(jokers, "jokers"),
                                                ACE_HIGH if ace_high else 0, buf, 32))
        return [cls._from_c(buf[i]) for i in range(min(n, 32))]

    def __str__(self) -> str:
        return _text(lib.gr_rummy_meld_format, self._c())


@dataclass(frozen=True)
class RummyArrangement:
    """A Rummy hand arranged: its melds, the cards left unmelded and their points."""
    melds: Tuple[RummyMeld, ...]
    unmelded: "RummyHand"
    unmelded_points: int


#: the kinds of move of a going-out plan, by the library's number
RUMMY_MOVE_KINDS = {1: "meld", 2: "lay_off", 3: "take_joker"}
#: RummyHand.can_go_out's answers, by the library's number
RUMMY_OUT = {0: "no", 1: "meld", 2: "discard"}


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
    left: "RummyHand"


def _table(table: Sequence[RummyMeld]) -> Tuple[Any, int]:
    """The melds on the table as a C array and their count."""
    arr = ffi.new("gr_rummy_meld[]", max(len(table), 1))
    for i, m in enumerate(table):
        arr[i] = m._c()[0]
    return arr, len(table)


def _go_out_reason(h: Any, arr: Any, n: int, ace_high: bool) -> int:
    """Why gr_rummy_go_out_check refuses a going-out call's arguments
    (GR_REASON_NONE when it does not): the reason a refusal raises with."""
    why = ffi.new("int *")
    lib.gr_rummy_go_out_check(h, arr, n, 1 if ace_high else 0, why)
    return int(why[0])


def _plan(out: Any) -> RummyPlan:
    """The going-out plan of a gr_rummy_plan *."""
    moves = tuple(RummyPlanMove(RUMMY_MOVE_KINDS.get(m.kind, str(m.kind)), m.meld,
                                RummyMeld._from_c(m.cards))
                  for m in (out.moves[i] for i in range(out.nmoves)))
    return RummyPlan(out.value, moves, RummyHand._from_c(out.left))


class RummyHand:
    """A Rummy hand: a multiset of faces (each at most twice) and jokers.

    >>> h = RummyHand("7H 7H JK 2C")
    >>> len(h), h.count(Card("7H")), h.jokers
    (4, 2, 1)
    """

    __slots__ = ("once", "twice", "jokers")

    def __init__(self, cards: Union[str, "RummyHand", Iterable[RummyCardLike], None] = None):
        """A hand from its text ("7H 7H JK 2C"), another hand (copied), an
        iterable of cards (texts "7H" or "JK", Card or gr_card numbers, each
        added as add() adds it), or None (empty).  TypeError for anything
        else (bytes, a number, ...); ParseError or InvalidArgument for text
        or cards the library refuses."""
        self.once = self.twice = self.jokers = 0
        if cards is None:
            return
        if isinstance(cards, RummyHand):
            self.once, self.twice, self.jokers = cards.once, cards.twice, cards.jokers
        elif isinstance(cards, str):
            out, bad = ffi.new("gr_rummy_hand *"), ffi.new("size_t *")
            check(lib.gr_rummy_hand_parse(c_text(cards, "cards"), out, bad),
                  f"hand {cards!r}")
            self._set(out)
        elif isinstance(cards, (bytes, bytearray, memoryview)) or \
                not isinstance(cards, Iterable):
            raise TypeError("a RummyHand is made from a str, a RummyHand or an iterable "
                            f"of cards, not {type(cards).__name__}")
        else:
            h = ffi.new("gr_rummy_hand *")
            for card in cards:
                if not isinstance(card, (str, int)):
                    raise TypeError(f"a card must be a str or an int, not {type(card).__name__}")
                check(lib.gr_rummy_hand_add(h, rummy_card(card)), f"add {card!r}")
            self._set(h)

    @classmethod
    def parse_ex(cls, text: str) -> "RummyHand":
        """A hand from text; a refusal carries the ``offset`` of the bad token."""
        out, err = ffi.new("gr_rummy_hand *"), ffi.new("gr_parse_error *")
        rc = lib.gr_rummy_hand_parse_ex(c_text(text, "text"), out, err)
        if rc < 0:
            raise_parse(rc, f"hand {text!r}", err)
        new = cls()
        new._set(out)
        return new

    def _c(self) -> Any:
        """A new gr_rummy_hand * holding this hand (InvalidArgument for
        fields beyond their C types)."""
        return ffi.new("gr_rummy_hand *", (c_integer(self.once, "once", "gr_cards"),
                                           c_integer(self.twice, "twice", "gr_cards"),
                                           c_integer(self.jokers, "jokers")))

    def _set(self, h: Any) -> None:
        self.once, self.twice, self.jokers = h.once, h.twice, h.jokers

    @classmethod
    def _from_c(cls, h: Any) -> "RummyHand":
        new = cls()
        new._set(h)
        return new

    def __len__(self) -> int:
        return check(lib.gr_rummy_hand_count(self._c()))

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

    def add(self, card: RummyCardLike) -> None:
        """Add one card (a face or JOKER); InvalidArgument for a third copy etc."""
        h = self._c()
        check(lib.gr_rummy_hand_add(h, rummy_card(card)), "add")
        self._set(h)

    def remove(self, card: RummyCardLike) -> None:
        """Remove one copy of `card`; IllegalMove when the hand lacks it."""
        h = self._c()
        check(lib.gr_rummy_hand_remove(h, rummy_card(card)), "remove")
        self._set(h)

    def holds(self, card: RummyCardLike) -> int:
        """How many copies of `card` the hand holds (gr_rummy_hand_holds)."""
        h = self._c()
        return check(lib.gr_rummy_hand_holds(h, rummy_card(card)), "holds")

    def fits(self, decks: int, jokers_per_deck: int) -> bool:
        """Whether the hand can come from `decks` decks (1 or 2) with
        `jokers_per_deck` jokers each (0..4, R1); InvalidArgument for those out
        of range."""
        decks = c_integer(decks, "decks")
        jokers_per_deck = c_integer(jokers_per_deck, "jokers_per_deck")
        if decks not in (1, 2) or not 0 <= jokers_per_deck <= 4:
            check(GR_EINVAL, "fits: decks 1..2, jokers_per_deck 0..4")
        h = self._c()
        return bool(lib.gr_rummy_hand_fits(h, decks, jokers_per_deck) == 0)

    def check(self) -> None:
        """InvalidArgument unless the hand keeps the invariant: a face held
        twice is in ``twice`` and in ``once`` too (``twice`` is a subset of
        ``once``), no bits beyond the 52 faces, at most 8 jokers."""
        h = self._c()
        check(lib.gr_rummy_hand_check(h), "hand")

    def points(self, ace_high: bool = False) -> int:
        """R7 points of the cards."""
        return check(lib.gr_rummy_hand_points(self._c(), ACE_HIGH if ace_high else 0))

    def value(self, ace_high: bool = False) -> int:
        """The least points left once the best melds are made (R7)."""
        return check(lib.gr_rummy_value(self._c(), ACE_HIGH if ace_high else 0))

    def arrange(self, ace_high: bool = False) -> RummyArrangement:
        """One arrangement of the least unmelded value (R7)."""
        out = ffi.new("gr_rummy_arrangement *")
        check(lib.gr_rummy_arrange(self._c(), ACE_HIGH if ace_high else 0, out), "arrange")
        return RummyArrangement(tuple(RummyMeld._from_c(out.melds[i])
                                      for i in range(out.nmelds)),
                                RummyHand._from_c(out.unmelded), out.unmelded_points)

    def check_arrangement(self, arrangement: RummyArrangement, ace_high: bool = False) -> None:
        """Raise unless `arrangement` is a valid arrangement of this hand."""
        h = self._c()
        raw = ffi.new("gr_rummy_arrangement *")
        if len(arrangement.melds) > RUMMY_MAX_MELDS:
            raise ValueError("too many melds")
        raw.nmelds = len(arrangement.melds)
        for i, m in enumerate(arrangement.melds):
            raw.melds[i] = m._c()[0]
        raw.unmelded = arrangement.unmelded._c()[0]
        raw.unmelded_points = c_integer(arrangement.unmelded_points, "unmelded_points")
        check(lib.gr_rummy_arrangement_check(h, 1 if ace_high else 0, raw), "arrangement")

    def go_out(self, table: Sequence[RummyMeld] = (), ace_high: bool = False) -> RummyPlan:
        """The least value left after melding and laying off onto `table`
        (R4, R5, R7), with the plan of moves."""
        h, out = self._c(), ffi.new("gr_rummy_plan *")
        arr, n = _table(table)
        check(lib.gr_rummy_go_out(h, arr, n, 1 if ace_high else 0, out), "go_out",
              _go_out_reason(h, arr, n, ace_high))
        return _plan(out)

    def can_go_out(self, table: Sequence[RummyMeld] = (), ace_high: bool = False,
                   no_discard: Optional[RummyCardLike] = None) -> str:
        """"meld" (every card melds or lays off), "discard" (all but one card
        that may be discarded) or "no"."""
        h = self._c()
        arr, n = _table(table)
        nd = GR_NO_CARD if no_discard is None else rummy_card(no_discard)
        return RUMMY_OUT[check(lib.gr_rummy_can_go_out(h, arr, n, 1 if ace_high else 0, nd),
                               "can_go_out", _go_out_reason(h, arr, n, ace_high))]

    def out_plan(self, table: Sequence[RummyMeld] = (), ace_high: bool = False,
                 no_discard: Optional[RummyCardLike] = None
                 ) -> Tuple[str, Optional[RummyPlan]]:
        """can_go_out's answer with the way out (gr_rummy_can_go_out_plan):
        ("meld", a plan leaving nothing), ("discard", a plan leaving the
        card to discard; it may be a joker taken from the table, R5) or
        ("no", None)."""
        h, out = self._c(), ffi.new("gr_rummy_plan *")
        arr, n = _table(table)
        nd = GR_NO_CARD if no_discard is None else rummy_card(no_discard)
        rc = check(lib.gr_rummy_can_go_out_plan(h, arr, n, 1 if ace_high else 0, nd, out),
                   "can_go_out_plan", _go_out_reason(h, arr, n, ace_high))
        return RUMMY_OUT[rc], (_plan(out) if rc else None)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RummyHand) and (self.once, self.twice, self.jokers) == \
            (other.once, other.twice, other.jokers)

    def __hash__(self) -> int:
        return hash((self.once, self.twice, self.jokers))

    def __str__(self) -> str:
        return _text(lib.gr_rummy_hand_format, self._c())

    def __repr__(self) -> str:
        """RummyHand('7H 7H JK'); a hand whose fields break the invariant
        (see check) shows them instead: repr never raises."""
        try:
            return f"RummyHand({str(self)!r})"
        except (GinRummyError, TypeError):
            return (f"<RummyHand invalid: once={self.once!r}, twice={self.twice!r}, "
                    f"jokers={self.jokers!r}>")
