"""What the PettingZoo and Gymnasium environments share: the engine
interface (``Engine``), seeding and the replay log that pickles them, the
errors of refused actions (``refused_action``: the package's rule, which
:mod:`ginrummy.pettingzoo` states) and the check of reset options
(``check_options``).

An engine plays one episode of a game for `players` seats:
``reset(seed, index)`` deals episode `index` of a run seeded `seed`,
``to_act()`` lists the seats to act (one per table), ``observe(seat, obs,
mask)`` writes a seat's observation and action mask (``observation(seat)``
returns them in new arrays), ``step(seat, action)``
plays (IllegalMove or InvalidArgument, nothing changed, for an action it
refuses, which the environments turn into the package's rule with
``refused_action``) and returns
each seat's reward, ``over`` and ``truncated()`` say how it ended,
``render(seat)`` is the text of a seat's view.
"""
from __future__ import annotations

import operator
from typing import Any, Dict, List, Optional, Protocol, Tuple

import numpy as np
import numpy.typing as npt

from .errors import GinRummyError, IllegalMove, InvalidAction, InvalidArgument
from .seeding import STREAMS, derive_seed, seed_or_fresh

#: a numpy array of any shape and type
Array = npt.NDArray[Any]


class Engine(Protocol):
    """The interface the environments drive (see the module text)."""
    players: int
    obs_size: int
    num_actions: int
    over: bool

    def reset(self, seed: int, index: int) -> None:
        """Deal episode `index` of a run seeded `seed`."""

    def to_act(self) -> List[int]:
        """The seats to act now (one per table)."""

    def observe(self, seat: int, obs: Array, mask: Array) -> None:
        """Write a seat's observation and action mask."""

    def observation(self, seat: int) -> Tuple[Array, Array]:
        """observe()'s observation and mask of a seat, in new arrays."""

    def step(self, seat: int, action: int) -> List[float]:
        """Play an action for a seat; each seat's reward."""

    def truncated(self) -> bool:
        """Whether the episode ended truncated."""

    def render(self, seat: Optional[int]) -> str:
        """The text of a seat's view."""

    def close(self) -> None:
        """Free the library's handles."""


def action_index(action: Any) -> int:
    """An action id from an int or numpy integer; TypeError otherwise (a
    float is never rounded)."""
    if isinstance(action, bool):
        raise TypeError("an action is an integer, not a bool")
    try:
        return operator.index(action)
    except TypeError:
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            return int(action)
        raise TypeError(f"an action is an integer, not {type(action).__name__}") from None


def describe(game: str, action: int) -> str:
    """A readable name of `game`'s action id (or "unknown")."""
    try:
        if game == "gin":
            from .gin_tables import describe_action
            return describe_action(action)
        from .rummy_encoding import describe as describe_rummy
        return describe_rummy(action)
    except (ValueError, KeyError, IndexError):
        return "unknown"


def refused_action(env: str, game: str, n: int, agent: str, action: Any,
                   exc: Optional[BaseException] = None) -> Exception:
    """The error of an action the environment `env` refused for `agent`
    (the engine's error `exc`, if any, chained): TypeError for what is no
    integer, InvalidAction for None or an id outside 0..n-1 (the action
    space), IllegalMove for an id the agent's mask rules out now.  None
    is no integer, as everywhere in the package (TypeError)."""
    if action is None:
        return TypeError(f"{env}: {agent} is to act: None is no action (an action is an "
                         "integer)")
    try:
        a = action_index(action)
    except TypeError as err:
        return TypeError(f"{env}: {agent}'s action {action!r}: {err}")
    if not 0 <= a < n:
        return InvalidAction(-1, f"{env}: {agent}'s action {a} is outside the action space "
                             f"Discrete({n}) (ids 0..{n - 1})")
    reason = exc.reason if isinstance(exc, GinRummyError) else None
    return IllegalMove(-3, f"{env}: {agent}'s action {a} ({describe(game, a)}) is masked out "
                       "(not legal now)", reason)


def check_options(env: str, options: Any, accepted: Tuple[str, ...] = (),
                  strict: bool = True) -> Dict[str, Any]:
    """The reset options of `env` as a dict: None or a dict whose keys
    are all `accepted`; another key raises InvalidArgument naming it, or
    with `strict` False is ignored with a warning (UnknownOptionWarning).
    TypeError for what is no dict."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise TypeError(f"{env}: reset options are a dict or None, not "
                        f"{type(options).__name__}")
    unknown = [k for k in options if k not in accepted]
    if unknown:
        took = ", ".join(repr(k) for k in accepted) if accepted else "none"
        what = (f"{env}: unknown reset option(s) {', '.join(repr(k) for k in unknown)} "
                f"(it takes {took})")
        if strict:
            raise InvalidArgument(-1, what)
        import warnings
        warnings.warn(what + ": ignored", UnknownOptionWarning, stacklevel=3)
    return options


class UnknownOptionWarning(UserWarning):
    """A reset option the PettingZoo environments do not know, ignored."""


class Seeding:
    """The seed of a run and the episode index within it: reset(seed=s)
    starts episode 0 of run s; reset() the next episode (a fresh run when
    never seeded).  np_random is a numpy Generator of the run."""

    def __init__(self) -> None:
        self.seed: Optional[int] = None
        self.index = 0
        self.np_random = np.random.default_rng()
        self.np_random_seed: Optional[int] = None

    def next(self, seed: Optional[int]) -> None:
        """Start the run `seed` (a fresh one for None and never seeded), else its next episode."""
        if seed is not None or self.seed is None:
            self.seed = seed_or_fresh(seed)
            self.index = 0
            self.np_random_seed = self.seed
            self.np_random = np.random.Generator(np.random.PCG64(
                derive_seed(self.seed, STREAMS["np_random"], 0)))
        else:
            self.index += 1

    def state(self) -> Dict[str, Any]:
        """The run's seed, episode and generator, for pickling."""
        return {"seed": self.seed, "index": self.index, "np_random_seed": self.np_random_seed,
                "np_random": self.np_random.bit_generator.state}

    def restore(self, st: Dict[str, Any]) -> None:
        """Back to a state() taken before."""
        self.seed, self.index = st["seed"], st["index"]
        self.np_random_seed = st["np_random_seed"]
        self.np_random = np.random.Generator(np.random.PCG64())
        self.np_random.bit_generator.state = st["np_random"]


def missing(what: str, packages: str) -> ImportError:
    """The error of a module whose optional dependencies (`packages`, the
    pip command's words) are missing."""
    return ImportError(
        f"ginrummy.{what} needs {' and '.join(packages.split())}, which cannot be imported: "
        f"pip install {packages} (the rest of ginrummy works without them)")


def make_engine(game: str = "gin", players: int = 2, **kwargs: Any) -> Engine:
    """The engine of `game` ("gin" or "rummy") for `players` seats."""
    if game == "gin":
        from .gin_tables import GinTables
        return GinTables(players, **kwargs)
    if game == "rummy":
        from .rummy_encoding import RummyTable
        return RummyTable(players, **kwargs)
    raise ValueError("game is 'gin' or 'rummy'")


def render_text(engine: Engine, seat: Optional[int], started: bool,
                render_mode: Optional[str]) -> Optional[str]:
    """render() of every environment: the text of `seat`'s view for
    "ansi", printed for "human" (None returned), a warning without a mode."""
    if render_mode is None:
        import warnings
        warnings.warn("render() called without a render_mode (ginrummy environments "
                      "render 'ansi' or 'human')", stacklevel=3)
        return None
    text = engine.render(seat) if started else "(no hand dealt: reset() first)"
    if render_mode == "human":
        print(text)
        return None
    return text
