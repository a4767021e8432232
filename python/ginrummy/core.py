"""Melds, settlement, rules, games, matches and bots over libginrummy."""
from __future__ import annotations

import ctypes
from ctypes import byref, c_int, c_void_p
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from ._lib import lib, gr_card, gr_cards, GR_NO_CARD, GR_MAX_MELDS, GR_MAX_MOVES
from .cards import Card, CardLike, Cards, CardsLike, as_cards
from .errors import c_integer, c_seed, check, GinRummyError

# ---------------------------------------------------------------- enums


class Phase(IntEnum):
    UPCARD = 1
    DRAW = 2
    DISCARD = 3
    OVER = 4
    WALL = 5


class MoveType(IntEnum):
    TAKE_UPCARD = 1
    PASS = 2
    DRAW_STOCK = 3
    DRAW_DISCARD = 4
    DISCARD = 5
    KNOCK = 6
    GIN = 7
    BIG_GIN = 8


class Outcome(IntEnum):
    VOID = 0
    KNOCK = 1
    UNDERCUT = 2
    GIN = 3
    BIG_GIN = 4
    TIE = 5


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

    def _c(self) -> _lib.Move_:
        m = _lib.Move_()
        m.type = c_integer(self.type, "move type")
        m.card = GR_NO_CARD if self.card is None else c_integer(self.card, "move card", gr_card)
        return m

    @classmethod
    def _from_c(cls, m: _lib.Move_) -> "Move":
        return cls(MoveType(m.type), None if m.card == GR_NO_CARD else Card(m.card))


# ---------------------------------------------------------------- melds


@dataclass(frozen=True)
class Arrangement:
    """A hand arranged into melds and deadwood."""
    melds: Tuple[Cards, ...]
    deadwood: Cards
    deadwood_points: int

    @classmethod
    def of(cls, melds: Sequence[CardsLike], deadwood: CardsLike = 0) -> "Arrangement":
        d = as_cards(deadwood)
        return cls(tuple(as_cards(m) for m in melds), d, d.points)

    @property
    def cards(self) -> Cards:
        out = self.deadwood
        for m in self.melds:
            out = out | m
        return out

    def _c(self) -> _lib.Arrangement_:
        a = _lib.Arrangement_()
        if len(self.melds) > GR_MAX_MELDS:
            raise ValueError("too many melds")
        a.nmelds = len(self.melds)
        for i, m in enumerate(self.melds):
            a.melds[i] = m.mask
        a.deadwood = self.deadwood.mask
        a.deadwood_points = c_integer(self.deadwood_points, "deadwood_points")
        return a

    @classmethod
    def _from_c(cls, a: _lib.Arrangement_) -> "Arrangement":
        return cls(tuple(Cards(a.melds[i]) for i in range(a.nmelds)), Cards(a.deadwood),
                   a.deadwood_points)


@dataclass(frozen=True)
class Layoff:
    """The defender's side of a settlement: his melds and deadwood, and the
    cards he laid off on the knocker's melds."""
    defender: Arrangement
    laid_off: Cards

    @property
    def deadwood_points(self) -> int:
        return self.defender.deadwood_points

    def _c(self) -> _lib.Layoff_:
        out = _lib.Layoff_()
        out.defender = self.defender._c()
        out.laid_off = self.laid_off.mask
        return out

    @classmethod
    def _from_c(cls, x: _lib.Layoff_) -> "Layoff":
        return cls(Arrangement._from_c(x.defender), Cards(x.laid_off))


def deadwood(hand: CardsLike) -> int:
    """The least deadwood count of a hand (G5)."""
    return check(lib.gr_deadwood(as_cards(hand).mask), "deadwood")


def arrange(hand: CardsLike) -> Arrangement:
    """One least-deadwood arrangement of the hand (deterministic)."""
    out = _lib.Arrangement_()
    check(lib.gr_arrange(as_cards(hand).mask, byref(out)), "arrange")
    return Arrangement._from_c(out)


def best_discard(hand: CardsLike) -> Tuple[Card, int]:
    """The discard leaving the least deadwood, and that deadwood."""
    out = gr_card()
    left = check(lib.gr_best_discard(as_cards(hand).mask, byref(out)), "best_discard")
    return Card(out.value), left


def lay_off(knocker: Arrangement, defender: CardsLike) -> Layoff:
    """The defender's best melds and layoffs against the knocker's melds (G17, G19)."""
    out = _lib.Layoff_()
    k = knocker._c()
    check(lib.gr_lay_off(byref(k), as_cards(defender).mask, byref(out)), "lay_off")
    return Layoff._from_c(out)


def layoff_check(knocker: Arrangement, defender: CardsLike, defense: Layoff) -> None:
    """Raise unless `defense` is a legal defence (it need not be the best)."""
    k, d = knocker._c(), defense._c()
    check(lib.gr_layoff_check(byref(k), as_cards(defender).mask, byref(d)), "layoff_check")


# ---------------------------------------------------------------- rules


def _names(lookup, candidates: Sequence[str]) -> List[str]:
    return [n for n in candidates if lookup(n.encode()) >= 0]


PRESETS = _names(lib.gr_preset_lookup,
                 ["fournier", "novelty", "standard", "openspiel", "eaai", "rummy"])


@dataclass(frozen=True)
class OptionInfo:
    option: int
    name: str
    description: str
    min: int
    max: int


def describe_options(describe) -> List[OptionInfo]:
    """Every option a gr_*option_describe function knows, in number order."""
    out, i = [], 0
    info = _lib.OptionInfo_()
    while describe(i, byref(info)) == 0:
        out.append(OptionInfo(info.option, info.name.decode(), info.description.decode(),
                              info.min, info.max))
        i += 1
    return out


def options() -> List[OptionInfo]:
    """Every rule option the library knows, in number order."""
    return describe_options(lib.gr_option_describe)


class OptionTable:
    """Rule options by name or number, as a mapping (Gin's and Rummy's
    rules).  A subclass names its C functions in ``_fns``: lookup, get, set,
    describe."""

    _fns: tuple = ()
    _p: c_void_p

    def _option(self, name: Union[str, int]) -> int:
        if isinstance(name, str):
            return check(self._fns[0](name.encode()), f"option {name!r}")
        return c_integer(name, "option number")

    def __getitem__(self, name: Union[str, int]) -> int:
        out = c_int()
        check(self._fns[1](self._p, self._option(name), byref(out)), f"option {name!r}")
        return out.value

    def __setitem__(self, name: Union[str, int], value: int) -> None:
        check(self._fns[2](self._p, self._option(name), c_integer(value, f"option {name!r}")),
              f"option {name!r} = {value!r}")

    def as_dict(self) -> Dict[str, int]:
        """Every option by name."""
        return {o.name: self[o.option] for o in describe_options(self._fns[3])}


class Rules(OptionTable):
    """A rule set: a preset and options set by name.

    >>> r = Rules("standard", knock_limit=7, gin_bonus=25)
    >>> r["knock_limit"], r.preset
    (7, 'standard')
    """

    _fns = (lib.gr_option_lookup, lib.gr_rules_get, lib.gr_rules_set, lib.gr_option_describe)

    def __init__(self, preset: Union[str, int] = "fournier", **opts: int):
        self._p = c_void_p()
        if isinstance(preset, str):
            num = lib.gr_preset_lookup(preset.encode())
            check(num, f"preset {preset!r}")
            self.preset = preset.lower()
        else:
            num = c_integer(preset, "preset")
            self.preset = str(num)
        check(lib.gr_rules_new(byref(self._p), num), "rules")
        for k, v in opts.items():
            self[k] = v

    def copy(self) -> "Rules":
        new = Rules.__new__(Rules)
        new._p = c_void_p()
        new.preset = self.preset
        check(lib.gr_rules_clone(byref(new._p), self._p), "rules copy")
        return new

    def __repr__(self) -> str:
        return f"Rules({self.preset!r}, " + ", ".join(
            f"{k}={v}" for k, v in self.as_dict().items()) + ")"

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_rules_free(self._p)
            self._p = None


def as_rules(rules: Union[Rules, str, None], **opts: int) -> Rules:
    """`rules` as Rules: None the default preset, a preset name, or Rules
    (copied when options are given); TypeError for anything else."""
    if rules is None:
        return Rules(**opts)
    if isinstance(rules, str):
        return Rules(rules, **opts)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules, a preset name or None, "
                        f"not {type(rules).__name__}")
    if opts:
        rules = rules.copy()
        for k, v in opts.items():
            rules[k] = v
    return rules


# ---------------------------------------------------------------- results


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
    def _from_c(cls, r: _lib.HandResult_) -> "HandResult":
        return cls(Outcome(r.outcome), r.knocker, r.winner, r.points,
                   Arrangement._from_c(r.knocker_arrangement), Layoff._from_c(r.defense),
                   r.knocker_deadwood, r.defender_deadwood, r.multiplier)

    def _c(self) -> _lib.HandResult_:
        r = _lib.HandResult_()
        for name in ("outcome", "knocker", "winner", "points", "knocker_deadwood",
                     "defender_deadwood", "multiplier"):
            setattr(r, name, c_integer(getattr(self, name), f"HandResult.{name}"))
        r.knocker_arrangement = self.knocker_arrangement._c()
        r.defense = self.defense._c()
        return r


def settle(rules: Union[Rules, str], knocker: Arrangement, defender: CardsLike,
           upcard: Optional[CardLike] = None) -> HandResult:
    """Settle a hand laid down on a table: player 0 knocked showing `knocker`,
    player 1 holds `defender` (G20-G24); with the first upcard for Oklahoma."""
    rules = as_rules(rules)
    out = _lib.HandResult_()
    k = knocker._c()
    d = as_cards(defender).mask
    if upcard is None:
        check(lib.gr_settle(rules._p, byref(k), d, byref(out)), "settle")
    else:
        check(lib.gr_settle_upcard(rules._p, card_arg(upcard, "upcard"), byref(k), d,
                                   byref(out)), "settle")
    return HandResult._from_c(out)


def settle_illegal_knock(rules: Union[Rules, str], knocker: Arrangement,
                         defender: CardsLike) -> HandResult:
    """G29, score keeping: settle a knock found illegal (deadwood over the
    limit) only after the defender laid off, which then stands."""
    rules = as_rules(rules)
    out = _lib.HandResult_()
    k = knocker._c()
    check(lib.gr_settle_illegal_knock(rules._p, byref(k), as_cards(defender).mask,
                                      byref(out)), "settle_illegal_knock")
    return HandResult._from_c(out)


# ---------------------------------------------------------------- games


@dataclass(frozen=True)
class View:
    """What one player may know (G12)."""
    player: int
    phase: Phase
    turn: int
    dealer: int
    hand: Cards
    opponent_known: Cards
    opponent_count: int
    stock_size: int
    discards: Tuple[Card, ...]
    knock_limit: int
    legal: Tuple[Move, ...]
    _raw: _lib.View_ = field(repr=False, compare=False, default=None)  # type: ignore

    @classmethod
    def _from_c(cls, v: _lib.View_) -> "View":
        return cls(v.player, Phase(v.phase), v.turn, v.dealer, Cards(v.hand),
                   Cards(v.opponent_known), v.opponent_count, v.stock_size,
                   tuple(Card(v.discards[i]) for i in range(v.ndiscards)), v.knock_limit,
                   tuple(Move._from_c(v.legal[i]) for i in range(max(v.nlegal, 0))), v)


MoveLike = Union[Move, str, Tuple[int, Optional[CardLike]]]


def card_arg(card: CardLike, what: str = "card") -> int:
    """A card argument as the C gr_card: a text is parsed, a number is
    passed on (TypeError / InvalidArgument as c_integer; the library
    judges the numbers that fit)."""
    if isinstance(card, str):
        return int(Card(card))
    return c_integer(card, what, gr_card)


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


class Game:
    """One hand of Gin.

    ``Game(rules, seed=1, dealer=0)`` deals with a seeded shuffle (a seed
    is any int, taken modulo 2**64); ``Game(rules, deck=[...])`` from a
    stacked deck; ``Game.load(text)`` replays a saved game.  The game frees
    its C handle when collected.  Integer arguments here and in every
    method are checked (TypeError for a non-integer, InvalidArgument beyond
    the C type: see ``errors.c_integer``).
    """

    def __init__(self, rules: Union[Rules, str, None] = None, seed: int = 0,
                 dealer: int = 0, deck: Optional[Sequence[CardLike]] = None, **opts: int):
        self._p = c_void_p()
        r = as_rules(rules, **opts)
        if deck is not None:
            arr = (gr_card * 52)(*[int(Card(c)) for c in deck])
            if len(deck) != 52:
                raise ValueError("a deck has 52 cards")
            check(lib.gr_game_new_from_deck(byref(self._p), r._p, arr,
                                            c_integer(dealer, "dealer")), "game")
        else:
            check(lib.gr_game_new(byref(self._p), r._p, c_seed(seed),
                                  c_integer(dealer, "dealer")), "game")

    @classmethod
    def _wrap(cls, p: c_void_p) -> "Game":
        g = cls.__new__(cls)
        g._p = p
        return g

    @classmethod
    def load(cls, text: str) -> "Game":
        """Rebuild a game from `save()` text, replaying its moves."""
        p = c_void_p()
        check(lib.gr_game_load(byref(p), text.encode()), "load")
        return cls._wrap(p)

    def save(self) -> str:
        """The game as text (see gr_game_save(3))."""
        n = check(lib.gr_game_save(self._p, None, 0), "save")
        buf = ctypes.create_string_buffer(n + 1)
        lib.gr_game_save(self._p, buf, n + 1)
        return buf.value.decode()

    def clone(self) -> "Game":
        """An independent copy."""
        p = c_void_p()
        check(lib.gr_game_clone(byref(p), self._p), "clone")
        return Game._wrap(p)

    __copy__ = clone

    @property
    def phase(self) -> Phase:
        return Phase(check(lib.gr_game_phase(self._p)))

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def turn(self) -> int:
        return check(lib.gr_game_turn(self._p))

    @property
    def dealer(self) -> int:
        return check(lib.gr_game_dealer(self._p))

    def legal_moves(self) -> List[Move]:
        """Every legal move of the player to act (empty once over)."""
        buf = (_lib.Move_ * GR_MAX_MOVES)()
        n = check(lib.gr_game_legal_moves(self._p, buf, GR_MAX_MOVES))
        return [Move._from_c(buf[i]) for i in range(min(n, GR_MAX_MOVES))]

    def _refused(self, rc: int, what: str) -> None:
        if rc < 0:
            reason = lib.gr_game_last_reason(self._p) if _lib.HAVE_REASONS else None
            check(rc, what, reason)

    def play(self, move: MoveLike) -> None:
        """Play a move (a Move, ``"DISCARD KS"`` or ``(type, card)``) for the
        player to act; raises IllegalMove / WrongState (with the refusal
        reason when the library gives one) and leaves the game unchanged
        when refused."""
        m = as_move(move)
        self._refused(lib.gr_game_play(self._p, m._c()), f"play {m}")

    def knock(self, discard: CardLike, shown: Optional[Arrangement] = None) -> None:
        """Knock discarding `discard` and showing `shown` (None: the best)."""
        a = shown._c() if shown is not None else None
        self._refused(lib.gr_game_knock(self._p, card_arg(discard, "discard"),
                                        byref(a) if a is not None else None), "knock")

    def defend(self, defense: Layoff) -> None:
        """Replace the defender's melds and layoffs with `defense`."""
        d = defense._c()
        self._refused(lib.gr_game_defend(self._p, byref(d)), "defend")

    def hand(self, player: int) -> Cards:
        out = gr_cards()
        check(lib.gr_game_hand(self._p, c_integer(player, "player"), byref(out)), "hand")
        return Cards(out.value)

    @property
    def discards(self) -> List[Card]:
        """The discard pile, bottom first."""
        buf = (gr_card * 52)()
        n = check(lib.gr_game_discards(self._p, buf, 52))
        return [Card(buf[i]) for i in range(n)]

    @property
    def stock_size(self) -> int:
        return check(lib.gr_game_stock_size(self._p))

    @property
    def upcard(self) -> Optional[Card]:
        out = gr_card()
        return Card(out.value) if lib.gr_game_upcard(self._p, byref(out)) == 0 else None

    @property
    def knock_limit(self) -> int:
        return check(lib.gr_game_knock_limit(self._p))

    def history(self) -> List[Move]:
        n = check(lib.gr_game_history(self._p, None, 0))
        buf = (_lib.Move_ * max(n, 1))()
        lib.gr_game_history(self._p, buf, n)
        return [Move._from_c(buf[i]) for i in range(n)]

    def result(self) -> HandResult:
        """The result of a finished hand (WrongState until it is over)."""
        out = _lib.HandResult_()
        check(lib.gr_game_result(self._p, byref(out)), "result")
        return HandResult._from_c(out)

    def view(self, player: int) -> View:
        """What `player` may know now."""
        out = _lib.View_()
        check(lib.gr_game_view(self._p, c_integer(player, "player"), byref(out)), "view")
        return View._from_c(out)

    def __repr__(self) -> str:
        return f"<Game phase={self.phase.name} turn={self.turn} stock={self.stock_size}>"

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_game_free(self._p)
            self._p = None


# ---------------------------------------------------------------- matches


@dataclass(frozen=True)
class Score:
    over: bool
    winner: int
    hands_won: Tuple[int, int]
    hand_points: Tuple[int, int]
    game_bonus: Tuple[int, int]
    box_bonus: Tuple[int, int]
    shutout_bonus: Tuple[int, int]
    total: Tuple[int, int]
    margin: int
    hands_played: int


@dataclass(frozen=True)
class Table:
    """One table of the next deal: the seats playing as game players 0 and
    1, the game player who deals there, his seat, and whether this deal's
    result is recorded."""
    seats: Tuple[int, int]
    dealer: int
    dealer_seat: int
    recorded: bool


@dataclass(frozen=True)
class Standing:
    """The standing per side (a player, or a team with 4 players)."""
    nsides: int
    over: bool
    winner: int
    margin: int
    hands_played: int
    hands_won: Tuple[int, ...]
    hand_points: Tuple[int, ...]
    game_bonus: Tuple[int, ...]
    box_bonus: Tuple[int, ...]
    shutout_bonus: Tuple[int, ...]
    total: Tuple[int, ...]


ALL_GAMES = -1


class Match:
    """Hands until a side reaches the target (G25): 2 players, or 3 or 4
    (G40: ``players=3|4``), Hollywood with the ``hollywood=1`` option (G35).

    With 3 or 4 players each deal has ``tables()`` tables: ``table(i)`` says
    who plays, ``deal_table(i)`` deals its game, ``record_table(i, game)``
    records it; ``standing()`` reports per side.
    """

    def __init__(self, rules: Union[Rules, str, None] = None, seed: int = 0,
                 players: int = 2, **opts: int):
        self._p = c_void_p()
        self.rules = as_rules(rules, **opts)
        seed, players = c_seed(seed), c_integer(players, "players")
        if players == 2:
            check(lib.gr_match_new(byref(self._p), self.rules._p, seed), "match")
        else:
            check(lib.gr_match_new_players(byref(self._p), self.rules._p, seed, players),
                  "match")

    @property
    def players(self) -> int:
        return check(lib.gr_match_players(self._p))

    @property
    def cuts(self) -> Tuple[Card, ...]:
        """The cards cut to choose the first dealer, one per seat (none with 4)."""
        out = (gr_card * 4)()
        n = check(lib.gr_match_cuts(self._p, out))
        return tuple(Card(out[i]) for i in range(n))

    def tables(self) -> int:
        """The number of tables of a deal (2 with 4 players, else 1)."""
        return check(lib.gr_match_tables(self._p))

    def table(self, i: int = 0) -> Table:
        t = _lib.Table_()
        check(lib.gr_match_table(self._p, c_integer(i, "table"), byref(t)), "table")
        return Table((t.seats[0], t.seats[1]), t.dealer, t.dealer_seat, bool(t.recorded))

    def deal_table(self, i: int = 0) -> Game:
        """Deal table i's hand of the next deal."""
        p = c_void_p()
        check(lib.gr_match_deal_table(self._p, c_integer(i, "table"), byref(p)), "deal")
        return Game._wrap(p)

    def record_table(self, i: int, result: Union[HandResult, Game]) -> None:
        """Record table i's result (game players 0 and 1 as table(i).seats)."""
        if isinstance(result, Game):
            result = result.result()
        r = result._c()
        check(lib.gr_match_record_table(self._p, c_integer(i, "table"), byref(r)), "record")

    def standing(self, game: int = ALL_GAMES) -> Standing:
        """The standing of Hollywood game 0..2, or of the whole match."""
        s = _lib.Standing_()
        check(lib.gr_match_standing(self._p, c_integer(game, "game"), byref(s)), "standing")
        n = s.nsides
        t = lambda a: tuple(a[i] for i in range(n))  # noqa: E731
        return Standing(n, bool(s.over), s.winner, s.margin, s.hands_played, t(s.hands_won),
                        t(s.hand_points), t(s.game_bonus), t(s.box_bonus),
                        t(s.shutout_bonus), t(s.total))

    @property
    def cut(self) -> Tuple[Card, Card]:
        out = (gr_card * 2)()
        check(lib.gr_match_cut(self._p, out))
        return Card(out[0]), Card(out[1])

    def deal(self) -> Game:
        """Deal the next hand (the caller plays it, then records it)."""
        p = c_void_p()
        check(lib.gr_match_deal(self._p, byref(p)), "deal")
        return Game._wrap(p)

    def record(self, result: Union[HandResult, Game]) -> None:
        """Record a hand's result (a HandResult or a finished Game)."""
        if isinstance(result, Game):
            result = result.result()
        r = result._c()
        check(lib.gr_match_record(self._p, byref(r)), "record")

    @property
    def dealer(self) -> int:
        return check(lib.gr_match_dealer(self._p))

    def score(self) -> Score:
        s = _lib.Score_()
        check(lib.gr_match_score(self._p, byref(s)))
        t = lambda a: (a[0], a[1])  # noqa: E731
        return Score(bool(s.over), s.winner, t(s.hands_won), t(s.hand_points),
                     t(s.game_bonus), t(s.box_bonus), t(s.shutout_bonus), t(s.total),
                     s.margin, s.hands_played)

    @property
    def over(self) -> bool:
        return self.standing().over

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_match_free(self._p)
            self._p = None


# ---------------------------------------------------------------- bots


BOTS = _names(lib.gr_bot_lookup, ["random", "greedy", "expert"])


class Bot:
    """A computer player deciding from a View only: ``Bot("greedy", seed=1)``."""

    def __init__(self, kind: Union[str, int] = "greedy", seed: int = 0):
        self._p = c_void_p()
        num = check(lib.gr_bot_lookup(kind.encode()), f"bot {kind!r}") \
            if isinstance(kind, str) else c_integer(kind, "bot kind")
        self.kind = kind
        check(lib.gr_bot_new(byref(self._p), num, c_seed(seed)), "bot")

    def choose(self, view: Union[View, Tuple[Game, int]]) -> Move:
        """A legal move for the player whose view this is (or (game, player));
        TypeError for anything else."""
        if not isinstance(view, View):
            if not (isinstance(view, tuple) and len(view) == 2 and isinstance(view[0], Game)):
                raise TypeError("choose: expected a View or a (Game, player) pair, "
                                f"not {type(view).__name__}")
            game, player = view
            view = game.view(player)
        raw = view._raw
        if raw is None:
            raise GinRummyError(-1, "choose: a view from Game.view() is needed")
        out = _lib.Move_()
        check(lib.gr_bot_choose(self._p, byref(raw), byref(out)), "choose")
        return Move._from_c(out)

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_bot_free(self._p)
            self._p = None


def version() -> str:
    """The C library's version, "MAJOR.MINOR.PATCH"."""
    return lib.gr_version().decode()


def version_number() -> int:
    """The C library's version as MAJOR * 10000 + MINOR * 100 + PATCH."""
    return lib.gr_version_number()
