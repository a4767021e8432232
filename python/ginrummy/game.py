"""One hand of Gin: dealing (seeded, stacked, from a position or saved
text), the legal moves, playing, knocking and defending, what each player
may know (the view), history, results, and the fast playout calls."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, FrozenSet, List, Optional, Sequence, Tuple, Union

from ._calls import fetch, text as _text
from ._handle import Handle, locked
from ._lib import ffi, lib, GR_MAX_MOVES, GR_NCARDS, GR_NO_CARD
from .advice import TakeAdvice
from .cards import Card, CardLike, Cards
from .errors import c_integer, c_seed, check, named, raise_parse, c_text
from .melds import Arrangement, Layoff
from .moves import Move, MoveLike, MoveType, Phase, as_move, card_arg, opt_card
from .position import Position
from .rules import RulesLike, as_rules
from .settle import HandResult


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
    _raw: Any = field(repr=False, compare=False, default=None)

    @classmethod
    def _from_c(cls, v: Any) -> "View":
        """The view of a gr_view * (kept: bots and advice read it again)."""
        return cls(v.player, Phase(v.phase), v.turn, v.dealer, Cards(v.hand),
                   Cards(v.opponent_known), v.opponent_count, v.stock_size,
                   tuple(Card(v.discards[i]) for i in range(v.ndiscards)), v.knock_limit,
                   tuple(Move._from_c(v.legal[i]) for i in range(max(v.nlegal, 0))), v)

    def _c(self, what: str) -> Any:
        """The library's view this one was read from (TypeError for a View
        built by hand: only Game.view() gives the whole struct)."""
        if self._raw is None:
            raise TypeError(f"{what}: a View from Game.view() is needed")
        return self._raw

    def check(self) -> int:
        """Why the C library would refuse this view: a GR_REASON_* value, 0
        when it is well formed (gr_view_check)."""
        reason = ffi.new("int *")
        lib.gr_view_check(self._c("check"), reason)
        return int(reason[0])

    def unseen(self) -> Cards:
        """The cards this player cannot see: the stock and the opponent's
        unknown cards (gr_view_unseen)."""
        out = ffi.new("gr_cards *")
        check(lib.gr_view_unseen(self._c("unseen"), out), "unseen")
        return Cards(int(out[0]))

    def advise_take(self) -> TakeAdvice:
        """advise_take() for the card offered to this player now (WrongState
        when none is)."""
        out = ffi.new("gr_take_advice *")
        check(lib.gr_view_advise_take(self._c("advise_take"), out), "advise_take")
        return TakeAdvice._from_c(out)


@dataclass(frozen=True)
class LegalMasks:
    """The legal moves as card masks (gr_legal_masks)."""
    types: FrozenSet[MoveType]
    top: Optional[Card]
    discard: Cards
    knock: Cards
    gin: Cards

    @classmethod
    def _from_c(cls, m: Any) -> "LegalMasks":
        types = frozenset(t for t in MoveType if m.types & (1 << int(t)))
        return cls(types, opt_card(m.top), Cards(m.discard), Cards(m.knock), Cards(m.gin))


#: the built-in policies of Game.playout
PLAYOUT_POLICIES = {"random": 1, "greedy": 2}


class Game(Handle):
    """One hand of Gin.

    ``Game(rules, seed=1, dealer=0)`` deals with a seeded shuffle (a seed
    is any int, taken modulo 2**64); ``Game(rules, deck=[...])`` from a
    stacked deck; ``Game.load(text)`` replays a saved game;
    ``Game.from_position(position)`` sets one up.  The game frees its C
    handle when collected (or at ``close()``); ``copy.copy`` clones it.
    Integer arguments here and in every method are checked (TypeError for
    a non-integer, InvalidArgument beyond the C type: see
    ``errors.c_integer``).
    """

    _free = lib.gr_game_free

    def __init__(self, rules: RulesLike = None, seed: int = 0,
                 dealer: int = 0, deck: Optional[Sequence[CardLike]] = None, **opts: int):
        r = as_rules(rules, **opts)
        out = ffi.new("gr_game **")
        with r._lock:
            if deck is not None:
                cards = [int(Card(c)) for c in deck]
                if len(cards) != GR_NCARDS:
                    raise ValueError("a deck has 52 cards")
                check(lib.gr_game_new_from_deck(out, r._live(), ffi.new("gr_card[]", cards),
                                                c_integer(dealer, "dealer")), "game")
            else:
                check(lib.gr_game_new(out, r._live(), c_seed(seed),
                                      c_integer(dealer, "dealer")), "game")
        self._adopt(out[0])

    # -- other ways to make a game -------------------------------------------

    @classmethod
    def load(cls, text: str) -> "Game":
        """Rebuild a game from `save()` text, replaying its moves; a refusal
        carries the reason and the ``offset``/``length``/``line`` of the fault
        (gr_game_load_ex)."""
        p, err = ffi.new("gr_game **"), ffi.new("gr_parse_error *")
        rc = lib.gr_game_load_ex(p, c_text(text, "text"), ffi.NULL, err)
        if rc < 0:
            raise_parse(rc, "load", err)
        return cls._wrap(p[0])

    @classmethod
    def from_position(cls, position: Position, rules: RulesLike = None) -> "Game":
        """A game set up at `position` (validated; history starts empty)."""
        r, pos, p = as_rules(rules), position._c(), ffi.new("gr_game **")
        reason = ffi.new("int *")
        with r._lock:
            rc = lib.gr_game_from_position(p, r._live(), pos)
            if rc < 0:
                lib.gr_position_check(r._p, pos, reason)
                check(rc, "from_position", reason[0])
        return cls._wrap(p[0])

    @locked
    def save(self) -> str:
        """The game as text (see gr_game_save(3))."""
        return _text(lib.gr_game_save, self._p)

    @locked
    def clone(self) -> "Game":
        """An independent copy (gr_game_clone); ``copy.copy`` and
        ``copy.deepcopy`` give the same."""
        p = ffi.new("gr_game **")
        check(lib.gr_game_clone(p, self._p), "clone")
        return Game._wrap(p[0])

    __copy__ = clone

    def __reduce__(self) -> Any:
        """Pickled as its saved text (save(); Game.load rebuilds it)."""
        return (Game.load, (self.save(),))

    @locked
    def position(self) -> Position:
        """The position of this game in play (WrongState once over)."""
        out = ffi.new("gr_position *")
        check(lib.gr_game_position(self._p, out), "position")
        return Position._from_c(out)

    # -- the state -----------------------------------------------------------

    @property
    @locked
    def phase(self) -> Phase:
        """The phase of the hand."""
        return Phase(check(lib.gr_game_phase(self._p)))

    @property
    def over(self) -> bool:
        """True once the hand is over."""
        return self.phase == Phase.OVER

    @property
    @locked
    def turn(self) -> int:
        """The player to act (0 or 1)."""
        return check(lib.gr_game_turn(self._p))

    @property
    @locked
    def dealer(self) -> int:
        """The player who dealt."""
        return check(lib.gr_game_dealer(self._p))

    @locked
    def hand(self, player: int) -> Cards:
        """The cards `player` holds (a referee's call: see view())."""
        out = ffi.new("gr_cards *")
        check(lib.gr_game_hand(self._p, c_integer(player, "player"), out), "hand")
        return Cards(int(out[0]))

    @property
    @locked
    def discards(self) -> List[Card]:
        """The discard pile, bottom first."""
        buf = ffi.new("gr_card[]", GR_NCARDS)
        n = min(check(lib.gr_game_discards(self._p, buf, GR_NCARDS)), GR_NCARDS)
        return [Card(buf[i]) for i in range(n)]

    @property
    @locked
    def stock_size(self) -> int:
        """The cards left in the stock."""
        return check(lib.gr_game_stock_size(self._p))

    @property
    @locked
    def upcard(self) -> Optional[Card]:
        """The top of the discard pile, None when it is empty."""
        out = ffi.new("gr_card *")
        return Card(out[0]) if lib.gr_game_upcard(self._p, out) == 0 else None

    @property
    @locked
    def knock_limit(self) -> int:
        """The most deadwood a knock may leave in this hand (G14, Oklahoma)."""
        return check(lib.gr_game_knock_limit(self._p))

    @locked
    def legal_moves(self) -> List[Move]:
        """Every legal move of the player to act (empty once over)."""
        buf = ffi.new("gr_move[]", GR_MAX_MOVES)
        n = check(lib.gr_game_legal_moves(self._p, buf, GR_MAX_MOVES))
        return [Move._from_c(buf[i]) for i in range(min(n, GR_MAX_MOVES))]

    @locked
    def view(self, player: int) -> View:
        """What `player` may know now."""
        out = ffi.new("gr_view *")
        check(lib.gr_game_view(self._p, c_integer(player, "player"), out), "view")
        return View._from_c(out)

    @locked
    def _view_into(self, out: Any, player: int) -> Any:
        """`player`'s view written into `out`, a gr_view * (no View built)."""
        check(lib.gr_game_view(self._p, c_integer(player, "player"), out), "view")
        return out

    @locked
    def history(self) -> List[Move]:
        """Every move played, oldest first."""
        return fetch(lib.gr_game_history, (self._p,), "gr_move", Move._from_c)

    @locked
    def history_view(self, player: int) -> List[Move]:
        """The history as `player` saw it: the opponent's stock draws carry no card."""
        return fetch(lib.gr_game_history_view, (self._p, c_integer(player, "player")),
                     "gr_move", Move._from_c)

    @locked
    def result(self) -> HandResult:
        """The result of a finished hand (WrongState until it is over)."""
        out = ffi.new("gr_hand_result *")
        check(lib.gr_game_result(self._p, out), "result")
        return HandResult._from_c(out)

    @locked
    def best_discard(self) -> Tuple[Card, int]:
        """The best discard of the player to act (G11 applied) and the deadwood left."""
        out = ffi.new("gr_card *")
        dw = check(lib.gr_game_best_discard(self._p, out), "best_discard")
        return Card(out[0]), dw

    # -- playing ------------------------------------------------------------------

    def _refused(self, rc: int, what: str) -> None:
        if rc < 0:
            check(rc, what, lib.gr_game_last_reason(self._p))

    @locked
    def play(self, move: MoveLike) -> None:
        """Play a move (a Move, ``"DISCARD KS"`` or ``(type, card)``) for the
        player to act; raises IllegalMove / WrongState (with the refusal
        reason when the library gives one) and leaves the game unchanged
        when refused."""
        m = as_move(move)
        self._refused(lib.gr_game_play(self._p, m._c()), f"play {m}")

    @locked
    def play_as(self, player: int, move: MoveLike) -> None:
        """play() for `player`: WrongState (reason not_your_turn) when it is not
        his turn."""
        m = as_move(move)
        self._refused(lib.gr_game_play_as(self._p, c_integer(player, "player"), m._c()),
                      f"play {m}")

    @locked
    def play_drawn(self, move: MoveLike) -> Optional[Card]:
        """play(), returning the card the move drew (stock or pile), else None."""
        m, out = as_move(move), ffi.new("gr_card *", GR_NO_CARD)
        self._refused(lib.gr_game_play_drawn(self._p, m._c(), out), f"play {m}")
        return opt_card(out[0])

    @locked
    def knock(self, discard: CardLike, shown: Optional[Arrangement] = None) -> None:
        """Knock discarding `discard` and showing `shown` (None: the best)."""
        a = shown._c() if shown is not None else ffi.NULL
        self._refused(lib.gr_game_knock(self._p, card_arg(discard, "discard"), a), "knock")

    @locked
    def defend(self, defense: Layoff) -> None:
        """Replace the defender's melds and layoffs with `defense`."""
        self._refused(lib.gr_game_defend(self._p, defense._c()), "defend")

    # -- fast playouts ---------------------------------------------------------

    @locked
    def legal_masks(self) -> LegalMasks:
        """The legal moves of the player to act as masks per move type."""
        m = ffi.new("gr_legal_masks *")
        check(lib.gr_game_legal_masks(self._p, m), "legal_masks")
        return LegalMasks._from_c(m)

    @locked
    def step(self, move: MoveLike) -> LegalMasks:
        """play() the move and return the legal masks of the decision that
        follows (gr_game_step: one call per move); refused as play()."""
        mv, m = as_move(move), ffi.new("gr_legal_masks *")
        self._refused(lib.gr_game_step(self._p, mv._c(), m), f"step {mv}")
        return LegalMasks._from_c(m)

    @locked
    def redeal(self, seed: int, dealer: int = 0) -> None:
        """Deal a new hand into this game in place (same rules)."""
        check(lib.gr_game_redeal(self._p, c_seed(seed), c_integer(dealer, "dealer")),
              "redeal")

    @locked
    def playout(self, policy: Union[str, int] = "random", seed: int = 0) -> HandResult:
        """Play the hand to its end in C, both players following `policy`
        ("random" or "greedy"), and return the result."""
        pol = named(PLAYOUT_POLICIES, policy, "policy") if isinstance(policy, str) \
            else c_integer(policy, "policy")
        out = ffi.new("gr_hand_result *")
        check(lib.gr_game_playout(self._p, pol, c_seed(seed), out), "playout")
        return HandResult._from_c(out)

    def __repr__(self) -> str:
        if self.closed:
            return "<Game closed>"
        return f"<Game phase={self.phase.name} turn={self.turn} stock={self.stock_size}>"
