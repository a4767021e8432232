"""Computer players of Gin (gr_bot(3)): random, greedy and the expert,
deciding from a View only; the expert's parameters, match score, knock
arrangement and explanations."""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

from ._calls import text as _text
from ._handle import Handle, locked
from ._lib import ffi, lib, GR_EINVAL
from .cards import CardLike
from .errors import GinRummyError, c_integer, c_seed, check, named, c_text
from .game import Game, View
from .melds import Arrangement
from .moves import Move, MoveLike, as_move, card_arg
from .rules import Rules, RulesLike, as_rules
from .rules import names_known

#: the bot kinds of the loaded library
BOTS = names_known(lib.gr_bot_lookup, ["random", "greedy", "expert"])
#: Bot.set_param's parameters by name
BOT_PARAMS = {"playouts": 1, "features": 2}
#: the expert's features (Bot.set_param("features", ...)), ORed
EXPERT_FEATURES = {"infer": 1, "search": 2, "knock": 4, "arrange": 8, "match": 16,
                   "skill": 32, "model": 64, "all": 127}


class Bot(Handle):
    """A computer player deciding from a View only: ``Bot("greedy", seed=1)``.

    One bot may serve several threads: its calls run one at a time.
    ``copy.copy``, ``copy.deepcopy`` and ``pickle`` keep its kind, seed
    and settings (the last set_rules, each set_param, the last
    set_score), not its state: the library cannot clone its random state
    nor what it remembers of the hand, so the copy is the bot made and set
    again, its random stream starting from the seed and remembering no
    hand (the greedy bot, which has neither, decides as the original
    would).
    """

    _free = lib.gr_bot_free

    def __init__(self, kind: Union[str, int] = "greedy", seed: int = 0):
        num = check(lib.gr_bot_lookup(c_text(kind, "kind")), f"bot {kind!r}") \
            if isinstance(kind, str) else c_integer(kind, "bot kind")
        self.kind = kind
        p = ffi.new("gr_bot **")
        check(lib.gr_bot_new(p, num, c_seed(seed)), "bot")
        self._adopt(p[0])
        self.seed = seed
        # what pickling keeps: the last rules and score, each parameter
        self._rules: Optional[Rules] = None
        self._params: Dict[int, int] = {}
        self._score: Optional[Tuple[int, int]] = None
        self._view: Any = None

    def _scratch_view(self) -> Any:
        """The bot's own gr_view, reused by choose((game, player)) under its
        lock: the C view is all the library reads, so no Python View is built."""
        if self._view is None:
            self._view = ffi.new("gr_view *")
        return self._view

    def __copy__(self) -> "Bot":
        """A bot made and set again as the class text says (``copy.copy``,
        ``copy.deepcopy`` and ``pickle`` alike)."""
        return _bot_from(self.kind, self.seed, self._rules, dict(self._params), self._score)

    def __reduce__(self) -> Any:
        """Pickled as its kind, seed and settings (the class text says what
        comes back)."""
        return (_bot_from, (self.kind, self.seed, self._rules, dict(self._params),
                            self._score))

    @locked
    def choose(self, view: Union[View, Tuple[Game, int]]) -> Move:
        """A legal move for the player whose view this is (or (game, player));
        TypeError for anything else."""
        if not isinstance(view, View):
            if not (isinstance(view, tuple) and len(view) == 2 and isinstance(view[0], Game)):
                raise TypeError("choose: expected a View or a (Game, player) pair, "
                                f"not {type(view).__name__}")
            raw = view[0]._view_into(self._scratch_view(), view[1])
        else:
            raw = view._raw
        if raw is None:
            raise GinRummyError(GR_EINVAL, "choose: a view from Game.view() is needed")
        out = ffi.new("gr_move *")
        check(lib.gr_bot_choose(self._p, raw, out), "choose")
        return Move._from_c(out[0])

    @locked
    def set_rules(self, rules: RulesLike) -> None:
        """The rules the expert plays by (ignored by the other kinds): Rules or a
        preset name (TypeError for None)."""
        if rules is None:
            raise TypeError("set_rules: rules must be Rules or a preset name, not None")
        r = as_rules(rules)  # kept alive across the call: a preset name makes a temporary
        with r._lock:
            check(lib.gr_bot_set_rules(self._p, r._live()), "set_rules")
            self._rules = r.copy()

    @locked
    def set_param(self, param: Union[str, int], value: int) -> None:
        """Set "playouts" (the budget of a decision: at most that many playouts,
        1..1000000, 0 = default) or "features" (EXPERT_FEATURES ORed)."""
        num = named(BOT_PARAMS, param, "param") if isinstance(param, str) \
            else c_integer(param, "param")
        check(lib.gr_bot_set_param(self._p, num, c_integer(value, f"{param} value")),
              f"set_param {param}")
        self._params[num] = value

    @locked
    def set_score(self, mine: int, theirs: int) -> None:
        """The match score before this hand, the bot's player first."""
        check(lib.gr_bot_set_score(self._p, c_integer(mine, "mine"),
                                   c_integer(theirs, "theirs")), "set_score")
        self._score = (mine, theirs)

    @locked
    def arrange(self, view: View, discard: CardLike) -> Arrangement:
        """The arrangement to show when knocking with `discard` (pass it to Game.knock)."""
        out = ffi.new("gr_arrangement *")
        check(lib.gr_bot_arrange(self._p, view._c("arrange"), card_arg(discard, "discard"),
                                 out), "arrange")
        return Arrangement._from_c(out)

    @locked
    def observe(self, view: View, move: MoveLike) -> None:
        """Tell the bot the move its player made at this view when it did not
        choose it (a person it advises): the expert remembers the hand from
        every view of its player's turns.  After choose() at the same view (a
        hint) it replaces the suggestion.  IllegalMove if not a legal move."""
        if not isinstance(view, View) or view._raw is None:
            raise TypeError("observe: a View from Game.view() is needed")
        mv = as_move(move)
        check(lib.gr_bot_observe(self._p, view._raw, mv._c()), f"observe {mv}")

    @locked
    def explain(self) -> str:
        """One line explaining the last choose() decision."""
        return _text(lib.gr_bot_explain, self._p)


def _bot_from(kind: Union[str, int], seed: int, rules: Optional[Rules],
              params: Dict[int, int], score: Optional[Tuple[int, int]]) -> Bot:
    """The unpickling of Bot.__reduce__: a bot made and set again."""
    bot = Bot(kind, seed)
    if rules is not None:
        bot.set_rules(rules)
    for num, value in params.items():
        bot.set_param(num, value)
    if score is not None:
        bot.set_score(*score)
    return bot
