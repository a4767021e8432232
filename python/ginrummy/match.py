"""Matches: hands until a side reaches the target (G25), 2 to 4 players
(G40), Hollywood scoring (G35), score keeping (a chosen first dealer,
undo, results, save and load)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Tuple, Union

from ._calls import fetch, text as _text
from ._handle import Handle, locked
from ._lib import ffi, lib
from .cards import Card
from .errors import c_integer, c_seed, check, raise_parse, c_text
from .game import Game
from .rules import Rules, RulesLike, as_rules
from .settle import HandResult


@dataclass(frozen=True)
class Score:
    """A two-player match's score (gr_score)."""
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


#: Match.standing(ALL_GAMES): the whole match (not one Hollywood game)
ALL_GAMES = -1


class Match(Handle):
    """Hands until a side reaches the target (G25): 2 players, or 3 or 4
    (G40: ``players=3|4``), Hollywood with the ``hollywood=1`` option (G35).

    With 3 or 4 players each deal has ``tables()`` tables: ``table(i)`` says
    who plays, ``deal_table(i)`` deals its game, ``record_table(i, game)``
    records it; ``standing()`` reports per side.  ``copy.copy`` gives an
    independent match (rebuilt from its saved text).
    """

    _free = lib.gr_match_free
    rules: Optional[Rules]

    def __init__(self, rules: RulesLike = None, seed: int = 0,
                 players: int = 2, **opts: int):
        self.rules = r = as_rules(rules, **opts)
        seed, players = c_seed(seed), c_integer(players, "players")
        p = ffi.new("gr_match **")
        with r._lock:
            if players == 2:
                check(lib.gr_match_new(p, r._live(), seed), "match")
            else:
                check(lib.gr_match_new_players(p, r._live(), seed, players), "match")
        self._adopt(p[0])

    @classmethod
    def new_dealer(cls, rules: RulesLike = None, seed: int = 0,
                   first_dealer: int = 0, players: int = 2, **opts: int) -> "Match":
        """A match whose first hand seat `first_dealer` deals (no cut): with
        3 players he sits out the first hand, with 4 his team deals the
        even deals (G6, G40)."""
        r = as_rules(rules, **opts)
        p = ffi.new("gr_match **")
        seat, players = c_integer(first_dealer, "first_dealer"), c_integer(players, "players")
        with r._lock:
            if players == 2:
                check(lib.gr_match_new_dealer(p, r._live(), c_seed(seed), seat), "match")
            else:
                check(lib.gr_match_new_players_dealer(p, r._live(), c_seed(seed), players,
                                                      seat), "match")
        m = cls._wrap(p[0])
        m.rules = r
        return m

    @classmethod
    def load(cls, text: str) -> "Match":
        """Rebuild a match from save() text, with its rules in ``rules``; a
        refusal carries the offset."""
        p, err = ffi.new("gr_match **"), ffi.new("gr_parse_error *")
        rc = lib.gr_match_load_ex(p, c_text(text, "text"), ffi.NULL, err)
        if rc < 0:
            raise_parse(rc, "match load", err)
        m = cls._wrap(p[0])
        out = ffi.new("gr_rules **")
        check(lib.gr_match_rules(m._p, out), "match rules")
        m.rules = Rules._wrap(out[0])
        # the text names every option, not a preset: these are the default
        # preset's rules with every option set as the text says
        m.rules.preset = "fournier"
        return m

    @locked
    def save(self) -> str:
        """The match as text (gr_match_save)."""
        return _text(lib.gr_match_save, self._p)

    def __copy__(self) -> "Match":
        """An independent match in the same state (its saved text loaded
        again; rules shared, as they are read-only to a match)."""
        m = Match.load(self.save())
        m.rules = self.rules
        return m

    def __deepcopy__(self, memo: Any) -> "Match":
        m = Match.load(self.save())
        m.rules = self.rules.copy() if self.rules is not None else None
        return m

    def __reduce__(self) -> Any:
        """Pickled as its saved text and its rules (``rules``)."""
        return (_match_from, (self.save(), self.rules))

    # -- seats and tables --------------------------------------------------------

    @property
    @locked
    def players(self) -> int:
        """2, 3 or 4."""
        return check(lib.gr_match_players(self._p))

    @property
    @locked
    def cuts(self) -> Tuple[Card, ...]:
        """The cards cut to choose the first dealer, one per seat (none with 4)."""
        out = ffi.new("gr_card[4]")
        n = check(lib.gr_match_cuts(self._p, out))
        return tuple(Card(out[i]) for i in range(min(n, 4)))

    @property
    @locked
    def cut(self) -> Tuple[Card, Card]:
        """The two cards cut for the first dealer of a two-player match."""
        out = ffi.new("gr_card[2]")
        check(lib.gr_match_cut(self._p, out))
        return Card(out[0]), Card(out[1])

    @locked
    def tables(self) -> int:
        """The number of tables of a deal (2 with 4 players, else 1)."""
        return check(lib.gr_match_tables(self._p))

    @locked
    def table(self, i: int = 0) -> Table:
        """Who plays at table i of the next deal, and who deals there."""
        t = ffi.new("gr_table *")
        check(lib.gr_match_table(self._p, c_integer(i, "table"), t), "table")
        return Table((t.seats[0], t.seats[1]), t.dealer, t.dealer_seat, bool(t.recorded))

    @property
    @locked
    def dealer(self) -> int:
        """The seat that deals the next hand (two players)."""
        return check(lib.gr_match_dealer(self._p))

    # -- dealing and recording ---------------------------------------------------

    @locked
    def deal(self) -> Game:
        """Deal the next hand (the caller plays it, then records it)."""
        p = ffi.new("gr_game **")
        check(lib.gr_match_deal(self._p, p), "deal")
        return Game._wrap(p[0])

    @locked
    def deal_table(self, i: int = 0) -> Game:
        """Deal table i's hand of the next deal."""
        p = ffi.new("gr_game **")
        check(lib.gr_match_deal_table(self._p, c_integer(i, "table"), p), "deal")
        return Game._wrap(p[0])

    def _refused(self, rc: int, what: str) -> None:
        if rc < 0:
            check(rc, what, lib.gr_match_last_reason(self._p))

    @locked
    def record(self, result: Union[HandResult, Game]) -> None:
        """Record a hand's result (a HandResult or a finished Game); a refusal
        raises with the reason (gr_match_last_reason)."""
        if isinstance(result, Game):
            result = result.result()
        self._refused(lib.gr_match_record(self._p, result._c()), "record")

    @locked
    def record_table(self, i: int, result: Union[HandResult, Game]) -> None:
        """Record table i's result (game players 0 and 1 as table(i).seats)."""
        if isinstance(result, Game):
            result = result.result()
        check(lib.gr_match_record_table(self._p, c_integer(i, "table"), result._c()),
              "record")

    @locked
    def undo(self) -> None:
        """Take back the last recorded hand (WrongState, reason
        nothing_to_undo, when none is recorded)."""
        self._refused(lib.gr_match_undo(self._p), "undo")

    @property
    @locked
    def last_reason(self) -> int:
        """Why the last refused record()/undo() was refused (0: none)."""
        return check(lib.gr_match_last_reason(self._p))

    # -- scores ----------------------------------------------------------------

    @locked
    def results(self) -> List[HandResult]:
        """The hands recorded, oldest first (outcome, knocker, winner, points)."""
        return fetch(lib.gr_match_results, (self._p,), "gr_hand_result", HandResult._from_c)

    @locked
    def standing(self, game: int = ALL_GAMES) -> Standing:
        """The standing of Hollywood game 0..2, or of the whole match."""
        s = ffi.new("gr_standing *")
        check(lib.gr_match_standing(self._p, c_integer(game, "game"), s), "standing")
        n = s.nsides

        def t(a: Any) -> Tuple[int, ...]:
            return tuple(a[i] for i in range(n))
        return Standing(n, bool(s.over), s.winner, s.margin, s.hands_played, t(s.hands_won),
                        t(s.hand_points), t(s.game_bonus), t(s.box_bonus),
                        t(s.shutout_bonus), t(s.total))

    @locked
    def score(self) -> Score:
        """The score of a two-player match."""
        s = ffi.new("gr_score *")
        check(lib.gr_match_score(self._p, s))

        def t(a: Any) -> Tuple[int, int]:
            return (a[0], a[1])
        return Score(bool(s.over), s.winner, t(s.hands_won), t(s.hand_points),
                     t(s.game_bonus), t(s.box_bonus), t(s.shutout_bonus), t(s.total),
                     s.margin, s.hands_played)

    @property
    def over(self) -> bool:
        """True once a side reached the target."""
        return self.standing().over


def _match_from(text: str, rules: Optional[Rules]) -> Match:
    """The unpickling of Match.__reduce__."""
    m = Match.load(text)
    m.rules = rules
    return m
