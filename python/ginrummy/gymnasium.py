"""Gymnasium environments: one seat of Gin (2-4 players) or basic Rummy
(2-7) against the library's bots, and a vector environment of 2-player Gin
hands over the C batch.

Registered ids, when this module is imported (``import
ginrummy.gymnasium``, then ``gymnasium.make("ginrummy/Gin-v0")``): ``Gin-v0`` (2
players, OpenSpiel's rules, the greedy bot), ``GinExpert-v0`` (the expert
bot), ``Gin3-v0`` and ``Gin4-v0`` (3 players, 4 in partnerships, the
STANDARD preset), ``GinHollywood-v0`` (2 players, a Hollywood match),
``Rummy-v0`` (2 players), ``Rummy4-v0`` (4 players, one joker per deck).
Any keyword of the classes may be given to ``make``.

``GinEnv(players=2, opponents="greedy", seat=0, rules=None, episode="hand",
render_mode=None, illegal_reward=-1, **options)`` and ``RummyEnv(players=2,
opponents="greedy", seat=0, episode="hand", render_mode=None,
illegal_reward=-1, **options)`` (``rules``, ``episode`` and the options as
in :mod:`ginrummy.pettingzoo`'s ``raw_env``): the agent plays `seat`,
every other seat is played by a library bot named in `opponents`
("random", "greedy" or "expert", in either game; one name for all, or one
per other seat; another name raises InvalidArgument when the environment
is made).  Observations are a Dict of ``observation`` (float32) and
``action_mask`` (int8), the same as
the PettingZoo environments'; the reward of a step is what the agent's seat
got until his next turn (the bots' moves included).  Refused actions
follow the package's rule (:mod:`ginrummy.pettingzoo` states it): an
integer outside the action space raises ``InvalidAction`` (a ValueError),
what is no integer TypeError, both naming the environment (its registered
id, else its class) and the action, nothing changed; a masked-out action
ends the episode with reward -1 (``illegal_reward``) and
``info["illegal_action"]``, as PettingZoo's classic games do.  ``reset()``
always returns a position where the agent acts: a hand that ends before
his first decision (he sits out a 3-player Gin hand, or the bots go out
before his first turn) is skipped, taking the run's next episode index,
and the next hand is dealt (``info["skipped_hands"]`` counts them when
there were any; the agent's points in them are not given).  The
observation of a finished episode has an all-zero ``action_mask``; under
``gymnasium.make_vec`` (Gymnasium's ``AutoresetMode.NEXT_STEP``) the
action passed for that environment at the next step is ignored and the
environment is reset, so a masked policy may pass any action there.
``reset(options=...)``: these environments know no option (None or ``{}``);
a key raises InvalidArgument naming it (options that are no dict:
TypeError), nothing changed.

``GinVectorEnv(num_envs, rules="openspiel", copy=True, **options)``: N
2-player hands
(OpenSpiel's encoding), stepped by one C call; the agent acts for whichever
player is to act in each (self-play: ``infos["player"]`` says who acts
next, the reward is that of the player who just acted, ``infos["rewards"]``
both).  Autoreset: ``AutoresetMode.SAME_STEP``: an environment whose hand
ended is dealt the next hand in the same step, and ``infos["final_obs"]``
(an object array, with the mask ``infos["_final_obs"]``) keeps the
observation of the hand's end, that of the player who acted last (whose
reward the step returns; its mask is all 0).  Environment i's k-th hand of a run seeded s
is dealt from ``gr_seed_derive(derive_seed(s, 3, r), i, k)`` (r counts the
resets), so environments, runs and workers share no hand.  With
``copy=False`` the observation arrays returned are the environment's own
buffers, rewritten by the next step, and so are the final observations
(no copy: the fastest).  Its refusals are the package's rule for the
layers under the learning environments: the whole step is refused,
nothing played, and the error names the first environment at fault by
index: ``InvalidAction`` for an action outside 0..240, ``IllegalMove``
for one its mask rules out (``environment 3's action 7 (8S) is masked
out for player 1``); actions that are not one per environment raise
ValueError.  ``reset(options=...)`` knows no option, as above.

Every environment pickles and deep-copies; ``np_random`` is the run's
Generator.
"""
from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._handle import serialize
from ._rlbase import (Array, Seeding, action_index, check_options, missing, refused_action,
                      render_text)
from ._lib import GR_EINVAL, lib
from .bot import BOTS
from .errors import IllegalMove, InvalidArgument, WrongState, c_text, check
from .encoding import NUM_ACTIONS, OBS_SIZE
from .vec_env import ActionHistory, batch_refusal, replay_hands
from .seeding import STREAMS, derive_seed, seed_or_fresh

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as exc:  # pragma: no cover - exercised without the package
    raise missing("gymnasium", "gymnasium") from exc

__all__ = ["GinEnv", "RummyEnv", "GinVectorEnv", "IDS"]

RENDER_MODES = ["ansi", "human"]
_MAX_SKIPPED = 1000  # hands ended before the agent acted, in a row


def _opponents(opponents: Any, n: int) -> List[str]:
    """The bots of the `n` other seats: one name for all or one each, every
    name one the library's bots answer to (checked now, not at a reset)."""
    if isinstance(opponents, str):
        names = [opponents] * n
    elif isinstance(opponents, (list, tuple)):
        names = list(opponents)
    else:
        raise TypeError(f"opponents: a bot's name or a list of {n}, "
                        f"not {type(opponents).__name__}")
    if len(names) != n:
        raise ValueError(f"opponents: one name, or {n} names (one per other seat)")
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"opponents: a bot's name is a str, not {type(name).__name__}")
        if lib.gr_bot_lookup(c_text(name, "opponents")) < 0:
            raise InvalidArgument(GR_EINVAL, f"opponents: {name!r} is no bot "
                                  f"(one of {', '.join(BOTS)})")
    return names


class _SeatEnv(gymnasium.Env[Dict[str, Array], int]):
    """One seat of an engine, the others played by bots."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def _setup(self, game: str, players: int, opponents: Union[str, Sequence[str]], seat: int,
               render_mode: Optional[str], illegal_reward: float, kwargs: Dict[str, Any],
               init_kwargs: Dict[str, Any]) -> None:
        from ._rlbase import make_engine
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None")
        self._kwargs = init_kwargs
        self.game_name = game
        self.engine = make_engine(game, players, **kwargs)
        if not 0 <= seat < players:
            raise ValueError(f"seat is 0..{players - 1}")
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        self.opponents = dict(zip(others, _opponents(opponents, len(others))))
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.engine.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.engine.num_actions,), np.int8)})
        self.action_space = spaces.Discrete(self.engine.num_actions)
        self._seeding = Seeding()
        self._log: List[int] = []
        self._started = False
        self._done = True
        self._bots: Dict[int, Any] = {}
        self._pos = 0

    def _make_bot(self, kind: str, seed: int) -> Any:
        if self.game_name == "gin":
            from .gin_tables import GinBot
            return GinBot(kind, seed)
        from .rummy_encoding import RummyBot
        return RummyBot(kind, seed)

    def _obs(self) -> Dict[str, Array]:
        obs = np.empty(self.engine.obs_size, dtype=np.float32)
        mask = np.empty(self.engine.num_actions, dtype=np.int8)
        self.engine.observe(self.seat, obs, mask)
        return {"observation": obs, "action_mask": mask}

    def _advance(self) -> float:
        """Let the bots play until the agent is to act or the episode ends;
        the agent's reward meanwhile."""
        total = 0.0
        while not self.engine.over:
            acting = self.engine.to_act()
            if self.seat in acting:
                return total
            self._pos = (self._pos + 1) % len(acting)
            s = acting[self._pos]
            total += self.engine.step(s, self._bots[s].act(self.engine, s))[self.seat]
        return total

    def _name(self) -> str:
        """The environment's name in errors: its registered id, else its class."""
        spec = getattr(self, "spec", None)
        return str(spec.id) if spec is not None else f"{type(self).__name__}(players=" \
            f"{self.engine.players})"

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, Array], Dict[str, Any]]:
        if options:
            check_options(self._name(), options)     # none known: InvalidArgument
        super().reset(seed=None)
        self._seeding.next(seed)
        self._np_random = self._seeding.np_random
        self._np_random_seed = self._seeding.np_random_seed
        return self._start()

    def _start(self) -> Tuple[Dict[str, Array], Dict[str, Any]]:
        # A hand that ends before the agent's first decision (he sits out a
        # 3-player Gin hand, or the bots go out before his first turn) is no
        # episode: it takes the run's next episode index and the next hand
        # is dealt, so reset() always returns a position the agent acts in.
        skipped = 0
        while True:
            s, k = self._seeding.seed, self._seeding.index
            assert s is not None
            self.engine.reset(s, k)
            self._bots = {seat: self._make_bot(kind, derive_seed(s, STREAMS["bot"] + seat, k))
                          for seat, kind in self.opponents.items()}
            self._log, self._started, self._done, self._pos = [], True, False, 0
            self._pending_reward = self._advance()
            self._done = self.engine.over
            if not self._done:
                break
            skipped += 1
            if skipped >= _MAX_SKIPPED:
                raise RuntimeError(f"{skipped} hands in a row ended before seat {self.seat} "
                                   "acted")  # pragma: no cover - no rule set does this
            self._seeding.index += 1
        if self.render_mode == "human":
            self.render()
        return self._obs(), ({"skipped_hands": skipped} if skipped else {})

    def step(self, action: Any) -> Tuple[Dict[str, Array], float, bool, bool, Dict[str, Any]]:
        if self._done:
            raise WrongState(-2, "the episode is over: reset() first")
        try:
            a = action_index(action)
            r = self.engine.step(self.seat, a)[self.seat]
        except (IllegalMove, InvalidArgument, TypeError, OverflowError) as exc:
            err = refused_action(self._name(), self.game_name, self.engine.num_actions,
                                 f"player_{self.seat}", action, exc)
            if not isinstance(err, IllegalMove):
                raise err from None             # outside the space: nothing changes
            r = None
        self._log.append(a)
        reward = self._pending_reward
        self._pending_reward = 0.0
        info: Dict[str, Any] = {}
        if r is None:                           # masked out: the episode ends
            self._done = True
            info["illegal_action"] = True
            obs = self._obs()
            obs["action_mask"][:] = 0
            return obs, self.illegal_reward, True, False, info
        reward += r + self._advance()
        self._done = self.engine.over
        truncated = self._done and self.engine.truncated()
        if self.render_mode == "human":
            self.render()
        return self._obs(), float(reward), self._done and not truncated, truncated, info

    def render(self) -> Optional[str]:
        """The agent's view as text ("ansi"), or printed ("human")."""
        return render_text(self.engine, self.seat, self._started, self.render_mode)

    def close(self) -> None:
        eng = getattr(self, "engine", None)
        if eng is not None:
            eng.close()

    def __getstate__(self) -> Dict[str, Any]:
        return {"kwargs": self._kwargs, "seeding": self._seeding.state(),
                "started": self._started, "log": list(self._log)}

    def __setstate__(self, st: Dict[str, Any]) -> None:
        self.__init__(**st["kwargs"])  # type: ignore[misc]
        if st["started"]:
            self._seeding.restore(st["seeding"])
            self._np_random = self._seeding.np_random
            self._start()
            for a in st["log"]:
                self.step(a)

    def __deepcopy__(self, memo: Dict[int, Any]) -> Any:
        new = type(self).__new__(type(self))
        new.__setstate__(copy.deepcopy(self.__getstate__(), memo))
        return new


class GinEnv(_SeatEnv):
    """One seat of Gin for 2, 3 or 4 players against library bots."""

    def __init__(self, players: int = 2, opponents: Union[str, Sequence[str]] = "greedy",
                 seat: int = 0, rules: Any = None, episode: str = "hand",
                 render_mode: Optional[str] = None, illegal_reward: float = -1.0,
                 **options: int):
        init = dict(players=players, opponents=opponents, seat=seat, rules=rules,
                    episode=episode, render_mode=render_mode, illegal_reward=illegal_reward,
                    **options)
        self._setup("gin", players, opponents, seat, render_mode, illegal_reward,
                    dict(rules=rules, episode=episode, **options), init)


class RummyEnv(_SeatEnv):
    """One seat of basic Rummy for 2 to 7 players against library bots."""

    def __init__(self, players: int = 2, opponents: Union[str, Sequence[str]] = "greedy",
                 seat: int = 0, episode: str = "hand", render_mode: Optional[str] = None,
                 illegal_reward: float = -1.0, **options: int):
        init = dict(players=players, opponents=opponents, seat=seat, episode=episode,
                    render_mode=render_mode, illegal_reward=illegal_reward, **options)
        self._setup("rummy", players, opponents, seat, render_mode, illegal_reward,
                    dict(episode=episode, **options), init)


class GinVectorEnv(VectorEnv[Dict[str, Any], Any, Any]):
    """N 2-player Gin hands over the C batch (see the module text)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 16, rules: Any = "openspiel", copy: bool = True,
                 **options: int):
        from ._lib import ffi, lib
        from .gin_tables import rules_for
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or not 1 <= num_envs <= 1 << 24:
            raise ValueError("num_envs is 1..2**24")
        self._kwargs = dict(num_envs=num_envs, rules=rules, copy=copy, **options)
        self.copy = bool(copy)
        self._lib, self._ffi = lib, ffi
        self.num_envs = n = num_envs
        self.rules = rules_for(rules, 2, options)
        out = ffi.new("gr_batch **")
        with self.rules._lock:
            check(lib.gr_batch_new(out, self.rules._live(), n), "batch")
        self._p: Any = out[0]
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)})
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self._mask = np.zeros((n, NUM_ACTIONS), dtype=np.uint8)
        self._mask_i8 = self._mask.view(np.int8)
        self._final = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self._player = np.zeros(n, dtype=np.int32)
        self._rewards = np.zeros((n, 2), dtype=np.float32)
        self._done = np.zeros(n, dtype=np.uint8)
        self._rng = ffi.new("uint64_t *", 1)
        self._actions = np.zeros(n, dtype=np.int32)
        self._seeding = Seeding()
        self._started = False
        # for pickling: each environment's hand number in its stream and the
        # actions of its current hand (rebuilt by gr_batch_seek and a replay)
        self._hand = np.zeros(n, dtype=np.int64)
        self._history = ActionHistory(n)
        self._act = np.zeros(n, dtype=np.int32)
        self._act_ptr = ffi.from_buffer("int32_t[]", self._act)
        self._idx = np.arange(n)
        self._ones = np.ones(n, dtype=bool)
        self._zero_mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        self._zero_mask.flags.writeable = False
        buf = ffi.from_buffer
        self._ptrs = (buf("float[]", self._obs), buf("uint8_t[]", self._mask),
                      buf("int32_t[]", self._player), buf("float[]", self._rewards),
                      buf("uint8_t[]", self._done), buf("float[]", self._final))
        self._actions_ptr = buf("int32_t[]", self._actions)

    @property
    def np_random(self) -> np.random.Generator:
        """The run's numpy Generator."""
        return self._seeding.np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self._seeding.np_random = value

    def _out(self) -> Dict[str, Array]:
        if not self.copy:       # the buffers themselves, rewritten by the next step
            return {"observation": self._obs, "action_mask": self._mask_i8}
        return {"observation": self._obs.copy(), "action_mask": self._mask_i8.copy()}

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, Array], Dict[str, Any]]:
        """Deal every environment (see the module text for the seeds)."""
        if options:
            check_options("GinVectorEnv", options)   # none known: InvalidArgument
        self._seeding.next(seed)
        return self._start()

    def _start(self) -> Tuple[Dict[str, Array], Dict[str, Any]]:
        s, k = self._seeding.seed, self._seeding.index
        assert s is not None
        base = derive_seed(s, STREAMS["batch"], k)
        check(self._lib.gr_batch_reset_streams(self._live(), base, *self._ptrs[:3]),
              "reset")
        self._rng[0] = derive_seed(s, STREAMS["np_random"], k)
        self._started = True
        self._hand[:] = 0
        self._history.reset()
        return self._out(), {"player": self._player.copy(), "_player": np.ones(self.num_envs, bool)}

    def step(self, actions: Any) -> Tuple[Dict[str, Array], Array, Array,
                                          Array, Dict[str, Any]]:
        """Play one action id in every environment (the player to act in each)."""
        if not self._started:
            raise WrongState(-2, "reset() first")
        n = self.num_envs
        a = actions
        if not (type(a) is np.ndarray and a.dtype == np.int32 and a.shape == (n,)):
            a = np.asarray(actions)
            if a.dtype.kind not in "iu":
                raise TypeError(f"GinVectorEnv: actions are {n} integers, not {a.dtype}")
            if a.shape != (n,):
                raise ValueError(f"GinVectorEnv: actions are {n}, one per environment, "
                                 f"not an array of shape {a.shape}")
            if a.size and (a.min() < 0 or a.max() >= NUM_ACTIONS):   # before a cast wraps
                raise batch_refusal(-1, "GinVectorEnv", a, self._mask, self._player)
        self._act[:] = a
        acted = self._player.copy()
        rc = self._lib.gr_batch_step_final(self._live(), self._act_ptr, *self._ptrs)
        if rc < 0:
            raise batch_refusal(rc, "GinVectorEnv", a, self._mask, self._player)
        done = self._done
        ended_ids = done.nonzero()[0]              # a few of n: work on those only
        self._history.record(self._act, ended_ids)   # for pickling
        reward = np.zeros(n, dtype=np.float32)
        infos: Dict[str, Any] = {"player": self._player.copy(), "_player": self._ones.copy(),
                                 "rewards": self._rewards.copy(), "_rewards": self._ones.copy()}
        if ended_ids.size:
            reward[ended_ids] = self._rewards[ended_ids, acted[ended_ids]]
            self._hand[ended_ids] += 1
            fin = np.empty(n, dtype=object)
            zero = self._zero_mask
            ids = ended_ids.tolist()
            if self.copy:               # copies of the rows, taken at once
                rows: Any = zip(ids, self._final[ended_ids])
            else:                       # views of the buffer's rows
                rows = ((i, self._final[i]) for i in ids)
            for i, row in rows:
                fin[i] = {"observation": row, "action_mask": zero}
            infos["final_obs"] = fin
            infos["_final_obs"] = done != 0
        return self._out(), reward, done == 1, done == 2, infos

    def random_actions(self) -> Array:
        """A uniformly random legal action per environment, drawn in C."""
        check(self._lib.gr_batch_random_actions(self._live(), self._rng, self._actions_ptr),
              "random")
        return self._actions

    def close_extras(self, **kwargs: Any) -> None:
        """Free the C batch."""
        p, self._p = getattr(self, "_p", None), None
        if p is not None:
            self._lib.gr_batch_free(p)

    def _live(self) -> Any:
        """The C batch (WrongState once closed)."""
        if self._p is None:
            raise WrongState(-2, "the vector environment is closed")
        return self._p

    def __del__(self) -> None:
        try:
            self.close_extras()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def __getstate__(self) -> Dict[str, Any]:
        return {"kwargs": self._kwargs, "seeding": self._seeding.state(),
                "started": self._started, "hand": self._hand.copy(),
                "hist": self._history.hands(),
                "rng": int(self._rng[0])}

    def __setstate__(self, st: Dict[str, Any]) -> None:
        self.__init__(**st["kwargs"])  # type: ignore[misc]
        if not st["started"]:
            return
        self._seeding.restore(st["seeding"])
        self._start()
        lib = self._lib
        for i in replay_hands(self._p, st["hand"], st["hist"]):
            env = lib.gr_batch_env(self._p, i)
            p = lib.gr_env_player(env)
            self._player[i] = p
            check(lib.gr_env_observe(env, max(p, 0), self._ffi.from_buffer("float[]", self._obs[i])),
                  "observe")
            lib.gr_env_legal(env, self._ffi.from_buffer("uint8_t[]", self._mask[i]))
        self._hand[:] = st["hand"]
        self._history.restore(st["hist"])
        self._rng[0] = st["rng"]

    def __deepcopy__(self, memo: Dict[int, Any]) -> Any:
        new = type(self).__new__(type(self))
        new.__setstate__(copy.deepcopy(self.__getstate__(), memo))
        return new


#: the registered ids and their keywords
IDS: Dict[str, Tuple[str, Dict[str, Any]]] = {
    "ginrummy/Gin-v0": ("GinEnv", {}),
    "ginrummy/GinExpert-v0": ("GinEnv", {"opponents": "expert"}),
    "ginrummy/Gin3-v0": ("GinEnv", {"players": 3}),
    "ginrummy/Gin4-v0": ("GinEnv", {"players": 4}),
    "ginrummy/GinHollywood-v0": ("GinEnv", {"rules": "standard", "episode": "match",
                                            "hollywood": 1}),
    "ginrummy/Rummy-v0": ("RummyEnv", {}),
    "ginrummy/Rummy4-v0": ("RummyEnv", {"players": 4, "jokers": 1}),
}


def _register() -> None:
    for name, (cls, kw) in IDS.items():
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"ginrummy.gymnasium:{cls}", kwargs=kw)


# one thread at a time per GinVectorEnv (close waits for a step in progress)
serialize(GinVectorEnv, ("reset", "step", "random_actions", "close_extras", "__getstate__"))

_register()
