"""PettingZoo environments: Gin for 2, 3 or 4 players and basic Rummy for 2
to 7, as AEC environments (``raw_env``, ``env`` with PettingZoo's standard
wrappers) and parallel ones (``parallel_env``).

>>> from ginrummy import pettingzoo as gz
>>> e = gz.env(game="gin", players=2)
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, term, trunc, info = e.last()
...     e.step(None if term or trunc else
...            e.action_space(agent).sample(obs["action_mask"]))
>>> e.agents                 # the episode is over: every agent stepped out
[]

Agents are ``player_0`` .. ``player_{n-1}``.  Observations are a Dict of
``observation`` (float32, ``gin_tables`` and ``rummy_encoding`` document
the layouts) and ``action_mask`` (int8, 1 for each legal action of that
agent, all 0 while he waits), as PettingZoo's classic games give them;
``infos`` are empty dicts (but for ``illegal_action``, below).  The action ids: Gin uses OpenSpiel's 241
(``ginrummy.env``, ``gin_tables.move_to_actions``); Rummy its own
(``rummy_encoding``).

Refused actions, the rule of every environment of the package (this one,
``ginrummy.gymnasium``, ``GinRummyEnv`` and the vector environments):
nothing is played, and

- an action outside the action space raises, naming the environment, the
  agent and the action: ``InvalidAction`` (an ``InvalidArgument``, so a
  ValueError) for an integer outside ``0 .. n-1`` (or, in
  ``parallel_env``, an agent to act left out of the actions), TypeError
  for what is no integer (a float, a str, None for an agent to act);
- an action in the space that the agent's mask rules out ends the episode
  in the environments an agent learns in (``env()``, ``parallel_env``,
  the Gymnasium ``GinEnv`` and ``RummyEnv``): every agent is terminated,
  the offender gets ``illegal_reward`` (-1) and ``info["illegal_action"]
  = True``, the others 0, as PettingZoo's classic games end it (``env()``
  is wrapped as they are: ``TerminateIllegalWrapper``, which also marks
  every agent truncated, ``AssertOutOfBoundsWrapper`` and
  ``OrderEnforcingWrapper``, as the subclasses below);
- the layers under them, which a caller drives with masked actions
  (``raw_env``, ``GinRummyEnv``) or by the thousand (``VecGinRummyEnv``,
  ``GinVectorEnv``: one environment of a batch cannot end alone without
  slowing every step), raise ``IllegalMove`` instead, naming the
  environment (and the index in a batch), the agent and the action.

With 4 Gin players two agents act at once in ``parallel_env``: a masked-out
action of either ends the episode before any is played.  A sampled action
(``action_space(agent).sample()`` without the mask, as PettingZoo's
``parallel_seed_test`` plays) is thus a legal step of the API: it ends the
episode.

The end of an episode, as PettingZoo expects it: every agent is then
terminated (or truncated) and is stepped once with ``None``, which removes
him from ``agents``.  ``raw_env`` and ``parallel_env`` raise
``WrongState``, as the Gymnasium environments do for a step after the end,
for an action other than ``None`` for a finished agent and for a step once
no agent is left (or before ``reset()``); ``env()``'s
``OrderEnforcingWrapper`` warns instead for a step with no agent left.

Parallel environments: every live agent gives an action each step; the
actions of agents to act are played (with 4 Gin players the two tables act
at once), those of waiting agents (mask all 0) are ignored and may be left
out.  ``metadata["is_parallelizable"]`` is False: the game is turn-based
(an agent draws, then discards: he acts twice in a row), so
``pettingzoo.utils.conversions.aec_to_parallel``, which needs every agent
to act once per cycle, cannot convert the AEC environment; use
``parallel_env`` or PettingZoo's ``turn_based_aec_to_parallel``, which
takes it as it is.

``reset(seed, options)``: these environments know no option; a key given
is ignored with an ``UnknownOptionWarning`` (PettingZoo's ``api_test``
resets with ``options={"options": 1}`` and requires that it be taken; the
Gymnasium environments and ``GinRummyEnv``, which no such test drives,
raise InvalidArgument for an unknown key).  Options that are no dict
raise TypeError.

The library's bots play any seat through ``bot_action(env, agent, kind)``,
the action id of the bot `kind` ("random", "greedy" or "expert") for the
agent to act, here as player_1's opponent to a policy of your own:

>>> def my_policy(obs):      # yours; this one plays the first legal action
...     return int(obs["action_mask"].nonzero()[0][0])
>>> e.reset(seed=2)          # the next episode (the loop above ended one)
>>> points = {}
>>> for agent in e.agent_iter():
...     obs, reward, term, trunc, info = e.last()
...     points[agent] = points.get(agent, 0) + reward
...     if term or trunc:
...         action = None
...     elif agent == "player_1":
...         action = gz.bot_action(e, agent, "expert")
...     else:
...         action = my_policy(obs)
...     e.step(action)
>>> sum(points.values())     # what one wins the other loses
0.0

and in ``parallel_env`` for the agents to act (mask not all 0), here the
greedy bot in every seat of a 3-player Rummy hand:

>>> p = gz.parallel_env(game="rummy", players=3)
>>> obs, infos = p.reset(seed=3)
>>> while p.agents:
...     actions = {a: gz.bot_action(p, a, "greedy") for a in p.agents
...                if obs[a]["action_mask"].any()}
...     obs, rewards, terms, truncs, infos = p.step(actions)

Seeding: ``reset(seed=s)`` deals episode 0 of run s, ``reset()`` the next
episode; episode k is dealt from ``seeding.derive_seed(s, stream, k)``, so
no two seeds or workers share a hand.  ``np_random`` is the run's numpy
Generator.  Environments pickle and deep-copy (their constructor
arguments, the run's seed and the actions of the current episode,
replayed).
"""
from __future__ import annotations

import copy
import functools
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from ._rlbase import (Array, Engine, Seeding, UnknownOptionWarning, action_index,
                      check_options, make_engine, missing, refused_action, render_text)
from .errors import IllegalMove, InvalidAction, InvalidArgument, WrongState

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers.order_enforcing import (AECOrderEnforcingIterable,
                                                           AECOrderEnforcingIterator)
except ImportError as exc:  # pragma: no cover - exercised without the packages
    raise missing("pettingzoo", "pettingzoo gymnasium") from exc

__all__ = ["raw_env", "env", "parallel_env", "GinRawEnv", "RummyRawEnv", "GinParallelEnv",
           "RummyParallelEnv", "make_engine", "UnknownOptionWarning", "bot_action"]

RENDER_MODES = ["ansi", "human"]


def _metadata(game: str) -> Dict[str, Any]:
    from . import __version__
    return {"name": f"ginrummy_{game}_v0", "render_modes": list(RENDER_MODES),
            "is_parallelizable": False, "render_fps": 1, "version": __version__}


class _Common:
    """Spaces, seeding, rendering and pickling of both APIs."""
    engine: Engine
    agents: List[str]

    def _setup(self, game: str, players: int, render_mode: Optional[str],
               kwargs: Dict[str, Any]) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None")
        self._kwargs = dict(kwargs, players=players, render_mode=render_mode)
        self.engine = make_engine(game, players, **kwargs)
        self._game = game
        self._name = f"{type(self).__name__}(players={players})"
        self.render_mode = render_mode
        self.metadata = _metadata(game)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n, size = self.engine.num_actions, self.engine.obs_size
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self._act_space: spaces.Space[Any] = spaces.Discrete(n)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._seeding = Seeding()
        self._log: List[Any] = []
        self._started = False
        self._bots: Dict[Tuple[int, str], Any] = {}     # bot_action's, for this episode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def np_random(self) -> np.random.Generator:
        return self._seeding.np_random

    @property
    def np_random_seed(self) -> Optional[int]:
        return self._seeding.np_random_seed

    def _observe_seat(self, seat: int) -> Dict[str, Array]:
        obs, mask = self.engine.observation(seat)
        return {"observation": obs, "action_mask": mask}

    def _render_text(self, seat: Optional[int]) -> Optional[str]:
        return render_text(self.engine, seat, self._started, self.render_mode)

    def close(self) -> None:
        eng = getattr(self, "engine", None)
        if eng is not None:
            eng.close()

    def _replay(self, log: List[Any]) -> None:
        raise NotImplementedError

    def _refused(self, agent: str, action: Any, exc: Optional[BaseException] = None
                 ) -> Exception:
        """The error of `agent`'s refused `action` (see the module text)."""
        return refused_action(self._name, self._game, self.engine.num_actions, agent,
                              action, exc)

    def _bot_action(self, agent: str, kind: str) -> int:
        """bot_action's work (see there)."""
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ValueError(f"{self._name}: no agent {agent!r}")
        if agent not in self.agents or seat not in self.engine.to_act():
            raise WrongState(-2, f"{self._name}: {agent} is not to act")
        bot = self._bots.get((seat, kind))
        engine: Any = self.engine       # GinTables or RummyTable, as the game
        if bot is None:
            from .seeding import STREAMS, derive_seed
            seed = derive_seed(self._seeding.seed or 0, STREAMS["bot"] + seat,
                               self._seeding.index)
            if self._game == "gin":
                from .gin_tables import GinBot
                bot = GinBot(kind, seed)
            else:
                from .rummy_encoding import RummyBot
                bot = RummyBot(kind, seed)
            self._bots[(seat, kind)] = bot
        return int(bot.act(engine, seat))

    def _options(self, options: Optional[Dict[str, Any]]) -> None:
        """reset()'s options: none is known; each key given is ignored with
        an UnknownOptionWarning (PettingZoo's api_test resets with
        options={"options": 1} and expects it taken)."""
        if options:
            check_options(self._name, options, strict=False)

    # pickling and deep copies: replay the episode's actions
    def __getstate__(self) -> Dict[str, Any]:
        return {"kwargs": self._kwargs, "seeding": self._seeding.state(),
                "started": self._started, "log": list(self._log)}

    def __setstate__(self, st: Dict[str, Any]) -> None:
        kw = dict(st["kwargs"])
        self.__init__(**kw)  # type: ignore[misc]
        if st["started"]:
            self._seeding.restore(st["seeding"])
            self._replay(st["log"])

    def __deepcopy__(self, memo: Dict[int, Any]) -> Any:
        new = type(self).__new__(type(self))
        new.__setstate__(copy.deepcopy(self.__getstate__(), memo))
        return new


def _over(started: bool) -> WrongState:
    """A step with no agent left, as the Gymnasium environments refuse a
    step after their episode ends (or before reset())."""
    return WrongState(-2, "the episode is over: reset() first" if started else "reset() first")


class _AEC(_Common, AECEnv):
    """The AEC environment of an engine (see the module text)."""

    def __init__(self, game: str, players: int, render_mode: Optional[str],
                 **kwargs: Any):
        super().__init__()
        self._setup(game, players, render_mode, kwargs)
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._last_table = -1

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self._options(options)
        self._seeding.next(seed)
        self._start()

    def _start(self) -> None:
        assert self._seeding.seed is not None
        self.engine.reset(self._seeding.seed, self._seeding.index)
        self._started = True
        self._log = []
        self._bots = {}
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._pos = 0
        self._paid = False
        self._select()

    def _replay(self, log: List[Any]) -> None:
        self._start()
        for a in log:
            self.step(a)

    def _select(self) -> None:
        acting = self.engine.to_act()
        if len(acting) == 1:
            self.agent_selection = self.possible_agents[acting[0]]
        elif acting:
            # two tables (4 Gin players): they take turns
            self._pos = (self._pos + 1) % len(acting)
            self.agent_selection = self.possible_agents[acting[self._pos]]

    def observe(self, agent: str) -> Dict[str, Array]:
        obs, mask = self.engine.observation(self._seat[agent])
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        if not self.agents:                # every agent has left (or no reset yet)
            raise _over(self._started)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # PettingZoo's convention: a finished agent steps with None,
            # which removes him; an action for him is a step too many
            if action is not None:
                raise WrongState(-2, f"{agent} is done (terminated or truncated): "
                                 "step(None) removes him; reset() starts a new episode")
            self._was_dead_step(None)
            self._log.append(None)
            return
        engine = self.engine
        try:                # refused: nothing changes (see the module text)
            a = action if type(action) is int else action_index(action)
            rewards = engine.step(self._seat[agent], a)
        except (IllegalMove, InvalidArgument, TypeError, OverflowError) as exc:
            raise self._refused(agent, action, exc) from None
        self._log.append(a)
        self._cumulative_rewards[agent] = 0.0
        paid = any(rewards)
        if paid or self._paid:       # zeros need writing once only
            for ag in self.agents:
                self.rewards[ag] = rewards[self._seat[ag]]
            self._paid = paid
        if engine.over:
            trunc = engine.truncated()
            for ag in self.agents:
                self.terminations[ag] = not trunc
                self.truncations[ag] = trunc
            self.agent_selection = self.possible_agents[
                (self._seat[agent] + 1) % len(self.possible_agents)]
        else:
            acting = engine.to_act()
            if len(acting) == 1:
                self.agent_selection = self.possible_agents[acting[0]]
            else:
                self._select()
        if paid:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        seat = self._seat.get(self.agent_selection) if self.agents else None
        return self._render_text(seat)

    def close(self) -> None:
        _Common.close(self)


class GinRawEnv(_AEC):
    """Gin for 2, 3 or 4 players (``gin_tables`` documents the seats,
    observation and rewards).  ``rules``: a preset name or Rules (default
    OPENSPIEL with 2 players, STANDARD with more), options as keywords
    (``hollywood=1``); ``episode``: "hand" or "match"."""

    def __init__(self, players: int = 2, rules: Any = None, episode: str = "hand",
                 render_mode: Optional[str] = None, **options: int):
        super().__init__("gin", players, render_mode, rules=rules, episode=episode, **options)


class RummyRawEnv(_AEC):
    """Basic Rummy for 2 to 7 players (``rummy_encoding`` documents the
    actions, observation and rewards); every Rummy option as a keyword
    (``jokers=2``, ``decks=2``, ``ace_high=1``, ``hand_size=10``,
    ``turnover_limit=3``, ``target=100``); ``episode``: "hand" or "match"."""

    def __init__(self, players: int = 2, episode: str = "hand",
                 render_mode: Optional[str] = None, **options: int):
        super().__init__("rummy", players, render_mode, episode=episode, **options)


def _of_game(game: str, classes: Dict[str, Any], players: int, render_mode: Optional[str],
             kwargs: Dict[str, Any]) -> Any:
    if game not in classes:
        raise ValueError("game is 'gin' or 'rummy'")
    return classes[game](players, render_mode=render_mode, **kwargs)


def raw_env(game: str = "gin", players: int = 2, render_mode: Optional[str] = None,
            **kwargs: Any) -> _AEC:
    """The AEC environment of `game` ("gin" or "rummy"), unwrapped:
    ``GinRawEnv(players, rules, episode, render_mode, **options)`` (2-4
    players; ``rules`` a preset name or Rules, OPENSPIEL with 2 players and
    STANDARD with more by default; Gin's options by name, ``knock_limit=7``)
    or ``RummyRawEnv(players, episode, render_mode, **options)`` (2-7
    players; Rummy's options, ``jokers=2``); ``episode`` "hand" or "match".
    `kwargs` go to that class."""
    env: _AEC = _of_game(game, {"gin": GinRawEnv, "rummy": RummyRawEnv}, players,
                         render_mode, kwargs)
    return env


def env(game: str = "gin", players: int = 2, render_mode: Optional[str] = None,
        **kwargs: Any) -> AECEnv:
    """raw_env (its arguments) with the wrappers of PettingZoo's classic games
    (TerminateIllegalWrapper, AssertOutOfBoundsWrapper, OrderEnforcingWrapper,
    as this module's subclasses of them, which behave as PettingZoo 1.26.1's, do the
    three layers' per-step work in one place, raise InvalidAction rather
    than assert for an action outside the action space and set the
    offender's ``info["illegal_action"]``)."""
    e: AECEnv = raw_env(game, players, render_mode=render_mode, **kwargs)
    e = TerminateIllegal(e, illegal_reward=-1)
    e = OutOfBounds(e)
    e = OrderEnforcing(e)
    return e


class OutOfBounds(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's AssertOutOfBoundsWrapper raising the package's error
    for an action outside the action space (InvalidAction, TypeError for
    no integer: see the module text) where it asserts, so that the check
    holds under ``python -O`` too."""

    def step(self, action: Any) -> None:
        raw = self.env.unwrapped
        agent = raw.agent_selection
        if not ((action is None and (raw.terminations[agent] or raw.truncations[agent]))
                or raw.action_space(agent).contains(action)):
            raise raw._refused(agent, action)
        self.env.step(action)


class TerminateIllegal(wrappers.TerminateIllegalWrapper):
    """PettingZoo's TerminateIllegalWrapper as 1.26.1 behaves (an illegal
    action ends the episode, the offender gets `illegal_reward`), with its
    state kept here whatever the installed version, so that OrderEnforcing
    can do its work without the layers between."""

    def __init__(self, env: AECEnv, illegal_reward: float):
        super().__init__(env, illegal_reward)
        self._illegal_value = illegal_reward
        self._prev_obs: Any = None
        self._prev_info: Any = None
        self._terminated = False

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> None:
        self._terminated = False
        self._prev_obs = None
        self._prev_info = None
        self.env.reset(seed=seed, options=options)

    def observe(self, agent: str) -> Any:
        raw = self.env.unwrapped
        obs = self.env.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def step(self, action: Any) -> None:
        raw = self.env.unwrapped
        agent = raw.agent_selection
        obs = self._prev_obs
        if obs is None:
            obs = self.observe(agent)
        mask = obs["action_mask"]
        self._prev_obs = None
        self._prev_info = None
        dead = raw.terminations[agent] or raw.truncations[agent]
        if self._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not mask[action]:
            self.end_illegal(agent)
        else:
            self.env.step(action)

    def end_illegal(self, agent: str) -> None:
        """`agent` played an illegal action: every agent done, he gets
        the illegal reward, the others 0."""
        EnvLogger.warn_on_illegal_move()
        raw = self.env.unwrapped
        raw._cumulative_rewards[agent] = 0
        raw.terminations = {d: True for d in raw.agents}
        raw.truncations = {d: True for d in raw.agents}
        raw.rewards = {d: 0 for d in raw.truncations}
        raw.rewards[agent] = float(self._illegal_value)
        raw.infos[agent] = {"illegal_action": True}
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True


_FAST_INTS = (int, np.int64, np.int32)


def _forward(name: str, guarded: bool) -> Any:
    """A property of OrderEnforcing reading (and writing) the unwrapped
    environment's attribute `name` in one hop; before reset() `guarded`
    ones raise AttributeError as OrderEnforcingWrapper's do."""
    def get(self: "OrderEnforcing") -> Any:
        if guarded and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    def put(self: "OrderEnforcing", value: Any) -> None:
        setattr(self._raw, name, value)
    return property(get, put)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper (its checks and errors) over
    OutOfBounds over TerminateIllegal over an environment of
    this module, as env() builds them: step, observe, last and agent_iter
    do the three layers' work themselves (the same checks, warnings and
    results) instead of through a chain of calls and attribute look-ups,
    and the environment's public state is read in one hop.  The layers
    stay in place (``.env``) and behave as before when called directly."""
    agents = _forward("agents", True)
    agent_selection = _forward("agent_selection", True)
    rewards = _forward("rewards", True)
    terminations = _forward("terminations", True)
    truncations = _forward("truncations", True)
    infos = _forward("infos", True)
    _cumulative_rewards = _forward("_cumulative_rewards", False)
    possible_agents = _forward("possible_agents", False)

    def __init__(self, env: AECEnv):
        super().__init__(env)
        illegal = env.env
        if not (type(env) is OutOfBounds
                and type(illegal) is TerminateIllegal and isinstance(illegal.env, _AEC)):
            raise TypeError("OrderEnforcing wraps env()'s chain of wrappers only")
        self._illegal: TerminateIllegal = illegal
        self._raw: _AEC = illegal.env
        self._n = self._raw._act_space.n

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        raw = self._raw
        obs = raw.observe(agent)
        if agent == raw.agent_selection:
            il = self._illegal
            il._prev_obs = obs
            il._prev_info = raw.infos.get(agent, {})
        return obs

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        return (self.observe(agent) if observe else None, raw._cumulative_rewards[agent],
                raw.terminations[agent], raw.truncations[agent], raw.infos[agent])

    def step(self, action: Any) -> None:
        raw = self._raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
            return
        if not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        # OutOfBounds
        if not ((type(action) in _FAST_INTS and 0 <= action < self._n)
                or (action is None and dead) or raw.action_space(agent).contains(action)):
            raise raw._refused(agent, action)
        # TerminateIllegal
        il = self._illegal
        obs = il._prev_obs
        if obs is None:
            obs = self.observe(agent)
        il._prev_obs = None
        il._prev_info = None
        if il._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not obs["action_mask"][action]:
            il.end_illegal(agent)
        else:
            raw.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)


class _Iterable(AECOrderEnforcingIterable):
    def __iter__(self) -> "_Iterator":
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):
    """AECOrderEnforcingIterator's agents, read in one hop."""

    def __next__(self) -> str:
        env = self.env
        raw = env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        agent: str = raw.agent_selection
        return agent


class _Parallel(_Common, ParallelEnv):
    """The parallel environment of an engine (see the module text)."""

    def __init__(self, game: str, players: int, render_mode: Optional[str],
                 illegal_reward: float = -1.0, **kwargs: Any):
        self._setup(game, players, render_mode, kwargs)
        self._kwargs["illegal_reward"] = illegal_reward
        self.illegal_reward = float(illegal_reward)
        self.agents: List[str] = []

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, Any], Dict[str, Dict[str, Any]]]:
        self._options(options)
        self._seeding.next(seed)
        self._start()
        return ({a: self._observe_seat(self._seat[a]) for a in self.agents},
                {a: {} for a in self.agents})

    def _start(self) -> None:
        assert self._seeding.seed is not None
        self.engine.reset(self._seeding.seed, self._seeding.index)
        self._started = True
        self._log = []
        self._bots = {}
        self.agents = list(self.possible_agents)

    def _replay(self, log: List[Any]) -> None:
        self._start()
        for actions in log:
            self.step(actions)

    def step(self, actions: Dict[str, Any]) -> Tuple[Dict[str, Any], Dict[str, float],
                                                     Dict[str, bool], Dict[str, bool],
                                                     Dict[str, Dict[str, Any]]]:
        if not self.agents:
            raise _over(self._started)
        acting = self.engine.to_act()
        chosen = {}
        n = self.engine.num_actions
        for seat in acting:                     # all checked before any is played
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise InvalidAction(-1, f"{self._name}: {agent} is to act and has no action")
            action = actions[agent]
            try:
                a = action_index(action)
            except TypeError:
                raise self._refused(agent, action) from None
            if not 0 <= a < n:
                raise self._refused(agent, action)
            chosen[seat] = a
        self._log.append({self.possible_agents[s]: a for s, a in chosen.items()})
        mask = np.empty(n, dtype=np.int8)
        obs = np.empty(self.engine.obs_size, dtype=np.float32)
        illegal = []
        for seat, a in chosen.items():
            self.engine.observe(seat, obs, mask)
            if not mask[a]:
                illegal.append(self.possible_agents[seat])
        if illegal:
            return self._end_illegal(illegal)
        rewards = {a: 0.0 for a in self.agents}
        for seat, a in chosen.items():
            r = self.engine.step(seat, a)
            for ag in self.agents:
                rewards[ag] += r[self._seat[ag]]
            if self.engine.over:
                break
        over = self.engine.over
        trunc = over and self.engine.truncated()
        live = list(self.agents)
        observations = {a: self._observe_seat(self._seat[a]) for a in live}
        terminations = {a: over and not trunc for a in live}
        truncations = {a: trunc for a in live}
        infos: Dict[str, Dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _end_illegal(self, offenders: List[str]) -> Tuple[Dict[str, Any], Dict[str, float],
                                                          Dict[str, bool], Dict[str, bool],
                                                          Dict[str, Dict[str, Any]]]:
        """Masked-out actions of `offenders`: nothing is played, the episode
        ends, every agent terminated, each offender gets illegal_reward and
        ``info["illegal_action"]``, the others 0 (see the module text)."""
        live = list(self.agents)
        observations = {}
        for a in live:
            o = self._observe_seat(self._seat[a])
            o["action_mask"][:] = 0             # no action is left to anyone
            observations[a] = o
        rewards = {a: self.illegal_reward if a in offenders else 0.0 for a in live}
        infos: Dict[str, Dict[str, Any]] = {
            a: {"illegal_action": True} if a in offenders else {} for a in live}
        self.agents = []
        if self.render_mode == "human":
            self.render()
        return (observations, rewards, {a: True for a in live}, {a: False for a in live},
                infos)

    def render(self) -> Optional[str]:
        acting = self.engine.to_act() if self._started else []
        return self._render_text(acting[0] if acting else None)

    def close(self) -> None:
        _Common.close(self)


class GinParallelEnv(_Parallel):
    """GinRawEnv's game as a parallel environment; `illegal_reward`: the
    reward of an agent whose action is masked out (the episode ends)."""

    def __init__(self, players: int = 2, rules: Any = None, episode: str = "hand",
                 render_mode: Optional[str] = None, illegal_reward: float = -1.0,
                 **options: int):
        super().__init__("gin", players, render_mode, illegal_reward, rules=rules,
                         episode=episode, **options)


class RummyParallelEnv(_Parallel):
    """RummyRawEnv's game as a parallel environment; `illegal_reward` as
    GinParallelEnv's."""

    def __init__(self, players: int = 2, episode: str = "hand",
                 render_mode: Optional[str] = None, illegal_reward: float = -1.0,
                 **options: int):
        super().__init__("rummy", players, render_mode, illegal_reward, episode=episode,
                         **options)


def parallel_env(game: str = "gin", players: int = 2, render_mode: Optional[str] = None,
                 **kwargs: Any) -> ParallelEnv:
    """The parallel environment of `game` ("gin" or "rummy"), with
    raw_env's arguments and ``illegal_reward`` (-1: the reward of an agent
    whose action is masked out, which ends the episode)."""
    env: _Parallel = _of_game(game, {"gin": GinParallelEnv, "rummy": RummyParallelEnv},
                              players, render_mode, kwargs)
    return env


def bot_action(env: Any, agent: str, kind: str = "greedy") -> int:
    """The action id the library's bot `kind` ("random", "greedy" or
    "expert", as ``ginrummy.gymnasium``'s opponents) plays for `agent` in
    `env`, an environment of this module (``env()``, ``raw_env()`` or
    ``parallel_env()``, wrapped by PettingZoo or not): the way to give a
    seat to a library bot (an opponent, a baseline, a teacher).  `agent`
    must be to act (WrongState otherwise: a finished agent, one waiting,
    or before ``reset()``).  Each agent's bot of a kind is made at its
    first call in an episode and kept for it (the expert remembers the
    hand), seeded from the run's seed, the seat and the episode, so
    seeded runs repeat; a pickled or copied environment makes its bots
    again (the greedy bot, without memory, plays as before)."""
    raw = env.unwrapped
    if not isinstance(raw, _Common):
        raise TypeError("bot_action takes an environment of ginrummy.pettingzoo")
    return raw._bot_action(agent, kind)

