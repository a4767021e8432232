"""Gin Rummy as a reinforcement-learning environment, with OpenSpiel's
``gin_rummy`` action ids and 644-float observation tensor.

Actions (241):

==========  ==========================================================
0..51       a card, in OpenSpiel's order: id = suit * 13 + rank with
            suits spades, clubs, diamonds, hearts (``card_to_openspiel``)
            -- a discard, the knocker's discard, or a card laid off
52          draw the upcard (also: take the first upcard)
53          draw from the stock
54          pass (the first upcard; the end of laying melds or layoffs;
            at the wall)
55          knock (then: a discard, melds one by one, pass)
56..240     lay meld 0..184 (``meld_cards``): 65 sets (rank * 5 + the
            OpenSpiel suit missing, or + 4 for all four), then runs of 3,
            4 and 5 cards by OpenSpiel suit and lowest rank
==========  ==========================================================

Observation of a player (644 floats, 0 or 1):

===========  =============================================================
[0, 2)       the observing player (one-hot)
[2, 106)     hands, 2 x 52: only the observer's own row is filled (cards
             not yet laid down)
[106, 108)   the player to act (one-hot)
[108, 118)   the knock limit (first ``limit`` entries 1)
[118, 170)   the upcard, while it may be drawn
[170, 222)   the discard pile without the upcard
[222, 274)   the stock size (first ``stock`` entries 1)
[274, 459)   melds laid by player 0 (by meld id)
[459, 644)   melds laid by player 1
===========  =============================================================

Player 0 is the non-dealer and acts first, as in OpenSpiel.  A knock is
OpenSpiel's sequence: ``55`` (knock), the discard (a card id), the melds
(one action each, any order), ``54`` (pass); then the defender lays off
cards (card ids), ``54``, lays melds, ``54``.  The hand is then settled by
the library (gr_game_knock/gr_game_defend with the cards laid), so the
rewards are the library's scores for exactly those choices.

At the wall (G38, OpenSpiel's ``Wall`` phase: the discard that left 2
cards in the stock) the actions are ``55`` (take it and knock) and ``54``
(pass: the hand is void).  With ``rules="openspiel"`` (the library's
OPENSPIEL preset) the same actions from the same deal give OpenSpiel's
scores; the differences that remain are listed in ``DIFFERENCES``.
"""
from __future__ import annotations

import ctypes
from ctypes import byref, c_int, c_uint64, c_void_p
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Tuple, Union

from . import _lib
from ._lib import lib, gr_cards, ENV_NUM_ACTIONS, ENV_OBS_SIZE
from .cards import Card, Cards, CardLike
from .core import Game, Rules, PRESETS, Match
from .errors import c_integer, c_seed, check

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is optional for the binding
    np = None  # type: ignore

NUM_ACTIONS = ENV_NUM_ACTIONS
OBS_SIZE = ENV_OBS_SIZE
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56

#: where each part of the observation starts and ends
OBS_LAYOUT = {"player": (0, 2), "hands": (2, 106), "current_player": (106, 108),
              "knock_limit": (108, 118), "upcard": (118, 170),
              "discard_pile": (170, 222), "stock_size": (222, 274),
              "melds_player_0": (274, 459), "melds_player_1": (459, 644)}

DIFFERENCES = """\
- G11: the card just taken from the pile (also the upcard taken at the wall)
  may not be discarded, nor be the knock discard; OpenSpiel allows it (and
  declares a hand where both players do so in turn a draw).
- Layoffs chain to any depth along a run (G17); OpenSpiel's AllLayoffs
  extends a run by at most two cards at each end.
- Deadwood is exact: OpenSpiel's MinDeadwood for 11 cards drops the
  highest-ranked deadwood card of the first best meld group it finds, which
  can overstate the least deadwood after a discard, so its knock (55) can be
  missing where the library offers it.
- G33 (Oklahoma, ``oklahoma=1``): OpenSpiel's knock card is the upcard's
  value (an ace: gin only) whatever its knock_card parameter; here it is
  the lower of that and the knock limit option (the same at the preset's
  10).  Neither doubles a hand under this preset: OpenSpiel never doubles,
  and the preset sets ``oklahoma_ace_doubles=0`` (the other presets double
  an ace upcard's hand, as G33 says).
- OpenSpiel's limit of 50 upcard draws ends the hand as truncated here
  (OpenSpiel: terminal with 0 each).
- A deal: OpenSpiel deals card by card as chance actions; here a hand is
  dealt by a seed or a stacked deck (reset(options={"deck": ...})), player
  0 being the non-dealer (deck[0, 2, .., 18]).
"""


def openspiel_rules() -> Rules:
    """OpenSpiel's gin_rummy rules (the library's OPENSPIEL preset)."""
    return Rules("openspiel")


def card_to_openspiel(card: CardLike) -> int:
    """OpenSpiel's id of a card."""
    return check(lib.gr_env_card_to_openspiel(int(Card(card))))


def card_from_openspiel(i: int) -> Card:
    """The card of OpenSpiel id `i`."""
    return Card(check(lib.gr_env_card_from_openspiel(c_integer(i, "OpenSpiel card id"))))


def meld_cards(meld_id: int) -> Cards:
    """The cards of OpenSpiel meld id 0..184."""
    out = gr_cards()
    check(lib.gr_env_meld_cards(c_integer(meld_id, "meld_id"), byref(out)), "meld_cards")
    return Cards(out.value)


def meld_id(cards: Union[Cards, str]) -> int:
    """OpenSpiel's id of a meld (sets, runs of 3-5 cards)."""
    return check(lib.gr_env_meld_id(Cards(cards).mask), "meld_id")


def action_to_string(action: int) -> str:
    """A readable name of an action id."""
    action = c_integer(action, "action")
    if 0 <= action < 52:
        return str(card_from_openspiel(action))
    names = {DRAW_UPCARD: "draw upcard", DRAW_STOCK: "draw stock", PASS: "pass",
             KNOCK: "knock"}
    if action in names:
        return names[action]
    if MELD_BASE <= action < NUM_ACTIONS:
        return "meld " + str(meld_cards(action - MELD_BASE))
    raise ValueError(f"action {action} out of 0..{NUM_ACTIONS - 1}")


def _rules_for(rules: Union[Rules, str, None], opts: Dict[str, int]) -> Rules:
    if rules is None or (isinstance(rules, str) and rules.lower() == "openspiel"):
        r = openspiel_rules()
        for k, v in opts.items():
            r[k] = v
        return r
    if isinstance(rules, str):
        return Rules(rules, **opts)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules, a preset name or None, "
                        f"not {type(rules).__name__}")
    r = rules.copy()
    for k, v in opts.items():
        r[k] = v
    return r


class Space(NamedTuple):
    """A description of an observation or action space in Gymnasium's terms
    (Box: shape, dtype, low, high; Discrete: n), without depending on it."""
    kind: str
    shape: Tuple[int, ...]
    dtype: str
    low: float = 0.0
    high: float = 1.0
    n: int = 0


OBSERVATION_SPACE = Space("Box", (OBS_SIZE,), "float32", 0.0, 1.0)
ACTION_SPACE = Space("Discrete", (), "int64", 0, NUM_ACTIONS - 1, NUM_ACTIONS)


def _need_numpy() -> None:
    if np is None:
        raise ImportError("the environment needs numpy (Debian: python3-numpy)")


class GinRummyEnv:
    """One hand of Gin at a time, in the shape of PettingZoo's AEC API and
    Gymnasium's ``reset``/``step`` (without depending on either).

    >>> env = GinRummyEnv(seed=1)
    >>> obs, info = env.reset()
    >>> obs.shape, info["player"], int(info["action_mask"].sum())
    ((644,), 0, 2)

    ``step(action)`` plays for the player to act and returns ``(obs, rewards,
    terminated, truncated, info)`` where ``obs`` is the observation of the
    player to act next and ``rewards`` the hand points of both players (the
    winner +points, the loser -points, at the end of the hand; 0 before).
    With ``reward="match"`` the hands are played as a match (G25) and the
    final step of the match also adds each player's match total margin
    (winner +margin, loser -margin); ``terminated`` is then the end of a hand
    and ``info["match_over"]`` the end of the match.
    """

    metadata = {"name": "ginrummy_v0", "render_modes": ["ansi"]}
    possible_agents = ["player_0", "player_1"]

    def __init__(self, rules: Union[Rules, str, None] = "openspiel", seed: int = 0,
                 reward: str = "hand", **opts: int):
        _need_numpy()
        self.rules = _rules_for(rules, opts)
        if reward not in ("hand", "match"):
            raise ValueError("reward is 'hand' or 'match'")
        self.reward_mode = reward
        self._seed = c_seed(seed)
        self._p = c_void_p()
        check(lib.gr_env_new(byref(self._p), self.rules._p), "env")
        self._obs = np.zeros(OBS_SIZE, dtype=np.float32)
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        self._obs_ptr = self._obs.ctypes.data
        self._mask_ptr = self._mask.ctypes.data
        self._out = np.zeros(5, dtype=np.int32)
        self._out_ptr = self._out.ctypes.data
        self._step_observe = lib.gr_env_step_observe
        self._match: Optional[Match] = None
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._cumulative = [0.0, 0.0]

    # -- Gymnasium-shaped ----------------------------------------------------

    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple["np.ndarray", Dict[str, Any]]:
        """Deal a new hand (seeded: `seed`, else the next seed in order).
        ``options={"deck": [52 cards]}`` deals a stacked deck."""
        if seed is not None:
            self._seed = c_seed(seed)
        deck = (options or {}).get("deck")
        if deck is not None:
            arr = (_lib.gr_card * 52)(*[int(Card(c)) for c in deck])
            check(lib.gr_env_reset_deck(self._p, arr), "reset")
        elif self.reward_mode == "match":
            self._reset_match_hand()
        else:
            check(lib.gr_env_reset(self._p, self._seed), "reset")
            self._seed = c_seed(self._seed + 1)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._cumulative = [0.0, 0.0]
        p = lib.gr_env_player(self._p)
        lib.gr_env_observe(self._p, p, self._obs_ptr)
        lib.gr_env_legal(self._p, self._mask_ptr)
        info = {"player": p, "action_mask": self._mask.copy()}
        self.infos = {a: {} for a in self.agents}
        return self._obs.copy(), info

    def _reset_match_hand(self) -> None:
        if self._match is None or self._match.over:
            self._match = Match(self.rules, seed=self._seed)
            self._seed = c_seed(self._seed + 1)
        g = self._match.deal()
        # the match says who deals; the environment deals with player 1
        # dealing, so the match's hand is replayed from its deck
        text = g.save()
        deck_line = next(line for line in text.splitlines() if line.startswith("deck "))
        deck = [Card(c) for c in deck_line.split()[1:]]
        self._match_dealer = g.dealer
        check(lib.gr_env_reset_deck(self._p, (_lib.gr_card * 52)(*deck)), "reset")

    def step(self, action: int) -> Tuple["np.ndarray", "np.ndarray", bool, bool, Dict[str, Any]]:
        """Play `action` (an int or numpy integer; TypeError for a float or
        str) for the player to act.  Raises IllegalMove (the environment
        unchanged) for an action that is not legal, InvalidArgument for
        one beyond a C int."""
        rc = self._step_observe(self._p, c_integer(action, "action"), self._obs_ptr,
                                self._mask_ptr, self._out_ptr)
        if rc < 0:
            check(rc, f"action {action}")
        out = self._out
        p, terminated, truncated = int(out[0]), bool(out[1]), bool(out[2])
        rewards = out[3:5].astype(np.float32)
        info: Dict[str, Any] = {"player": p, "action_mask": self._mask.copy()}
        if (terminated or truncated) and self.reward_mode == "match":
            self._record_match(info, rewards)
        if terminated or truncated or self.rewards["player_0"]:
            self._after_step(rewards, terminated, truncated)
        return self._obs.copy(), rewards, terminated, truncated, info

    def _record_match(self, info: Dict[str, Any], rewards: "np.ndarray") -> None:
        assert self._match is not None
        res = self.game.result() if self.game.over else None
        if res is not None:
            # the environment's player p sits at the match's seat p when the
            # match's dealer is 1, else the seats are swapped
            swap = self._match_dealer != 1
            from .core import HandResult
            r = res
            if swap and r.knocker >= 0:
                r = HandResult(r.outcome, 1 - r.knocker, 1 - r.winner, r.points,
                               r.knocker_arrangement, r.defense, r.knocker_deadwood,
                               r.defender_deadwood, r.multiplier)
            self._match.record(r)
        score = self._match.score()
        info["match_over"] = score.over
        info["match_score"] = score
        if score.over:
            w = score.winner if self._match_dealer == 1 else 1 - score.winner
            rewards[w] += score.margin
            rewards[1 - w] -= score.margin

    def _after_step(self, rewards: "np.ndarray", terminated: bool, truncated: bool) -> None:
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(rewards[i])
            self._cumulative[i] += float(rewards[i])
            self.terminations[a] = terminated
            self.truncations[a] = truncated

    # -- AEC-shaped ------------------------------------------------------------

    def observation_space(self, agent: Union[str, int] = 0) -> Space:
        """644 floats in [0, 1] (Gymnasium: Box(0, 1, (644,), float32))."""
        return OBSERVATION_SPACE

    def action_space(self, agent: Union[str, int] = 0) -> Space:
        """241 actions (Gymnasium: Discrete(241)); legal ones by action_mask()."""
        return ACTION_SPACE

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """The agent to act, until the hand is over (PettingZoo's loop:
        ``for agent in env.agent_iter(): obs, r, term, trunc, info =
        env.last(); env.step(action)``)."""
        for _ in range(max_iter):
            agent = self.agent_selection
            if agent is None:
                return
            yield agent

    @property
    def agent_selection(self) -> Optional[str]:
        """The agent to act ("player_0"/"player_1"), None once over."""
        p = lib.gr_env_player(self._p)
        return self.possible_agents[p] if p >= 0 else None

    @property
    def current_player(self) -> int:
        """The player to act, -1 once the hand is over."""
        return lib.gr_env_player(self._p)

    def observe(self, agent: Union[str, int]) -> "np.ndarray":
        """The 644-float observation of an agent (name or 0/1)."""
        p = self._player(agent)
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        check(lib.gr_env_observe(self._p, p, out.ctypes.data), "observe")
        return out

    def action_mask(self) -> "np.ndarray":
        """1 for each legal action of the player to act."""
        out = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        lib.gr_env_legal(self._p, out.ctypes.data)
        return out

    def legal_actions(self) -> List[int]:
        return [int(a) for a in np.flatnonzero(self.action_mask())]

    def last(self) -> Tuple["np.ndarray", float, bool, bool, Dict[str, Any]]:
        """AEC's last(): observation, reward, termination, truncation and info
        of the agent to act (of player 0 once over)."""
        p = max(self.current_player, 0)
        a = self.possible_agents[p]
        return (self.observe(p), self._cumulative[p], self.terminations.get(a, False),
                self.truncations.get(a, False),
                {"action_mask": self.action_mask()})

    def _player(self, agent: Union[str, int]) -> int:
        if isinstance(agent, str):
            return self.possible_agents.index(agent)
        return c_integer(agent, "player")

    @property
    def game(self) -> Game:
        """A copy of the library game being played."""
        p = lib.gr_env_game(self._p)
        if not p:
            raise RuntimeError("reset() first")
        return Game._wrap(_clone(p))

    def clone(self) -> "GinRummyEnv":
        """An independent copy of the environment, hand and all."""
        new = GinRummyEnv.__new__(GinRummyEnv)
        new.__dict__.update({k: v for k, v in self.__dict__.items()})
        new._p = c_void_p()
        check(lib.gr_env_clone(byref(new._p), self._p), "clone")
        new._obs = self._obs.copy()
        new._mask = self._mask.copy()
        new._obs_ptr, new._mask_ptr = new._obs.ctypes.data, new._mask.ctypes.data
        new._out = self._out.copy()
        new._out_ptr = new._out.ctypes.data
        new.rewards, new.terminations = dict(self.rewards), dict(self.terminations)
        new.truncations, new._cumulative = dict(self.truncations), list(self._cumulative)
        return new

    def render(self) -> str:
        g = self.game
        lines = [f"player to act: {self.current_player}",
                 f"stock {g.stock_size}, pile: " + " ".join(str(c) for c in g.discards)]
        return "\n".join(lines)

    def close(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_env_free(self._p)
            self._p = None

    __del__ = close


def _clone(p: int) -> c_void_p:
    out = c_void_p()
    check(lib.gr_game_clone(byref(out), c_void_p(p)), "clone")
    return out


class VecGinRummyEnv:
    """N hands stepped by one C call (gr_batch_step), numpy in and out.

    >>> venv = VecGinRummyEnv(4, seed=1)
    >>> obs, mask, player = venv.reset()
    >>> obs.shape, mask.shape
    ((4, 644), (4, 241))

    ``step(actions)`` returns ``(obs, rewards, done, mask, player)``: obs and
    mask of the player to act in each environment; rewards (N x 2) and done
    (N: 0 going on, 1 terminated, 2 truncated) of the step just played; an
    environment whose hand ended is dealt the next hand at once.  The output
    arrays are reused by the next call: copy them to keep them.
    """

    def __init__(self, n: int, rules: Union[Rules, str, None] = "openspiel", seed: int = 0,
                 **opts: int):
        _need_numpy()
        self.n = n = c_integer(n, "n", ctypes.c_size_t)
        seed = c_seed(seed)
        self.rules = _rules_for(rules, opts)
        self._p = c_void_p()
        check(lib.gr_batch_new(byref(self._p), self.rules._p, n), "batch")
        self.seed = seed
        self.obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.uint8)
        self.player = np.zeros(n, dtype=np.int32)
        self.rewards = np.zeros((n, 2), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.uint8)
        self._ptrs = (self.obs.ctypes.data, self.mask.ctypes.data, self.player.ctypes.data,
                      self.rewards.ctypes.data, self.done.ctypes.data)
        self._rng = c_uint64(c_seed(seed * 2 + 1))
        self._actions = np.zeros(n, dtype=np.int32)

    def reset(self, seed: Optional[int] = None) -> Tuple["np.ndarray", "np.ndarray", "np.ndarray"]:
        """Deal every environment (environment i with seed + i)."""
        if seed is not None:
            self.seed = c_seed(seed)
        check(lib.gr_batch_reset(self._p, self.seed, *self._ptrs[:3]), "reset")
        return self.obs, self.mask, self.player

    def step(self, actions: "np.ndarray") -> Tuple["np.ndarray", "np.ndarray", "np.ndarray",
                                                   "np.ndarray", "np.ndarray"]:
        """Play one action in every environment (checked first: nothing is
        played when one is illegal).  `actions`: integers (TypeError for a
        float array), each within int32 (else InvalidArgument)."""
        a = _int32_array(actions, "actions")
        if a.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},)")
        check(lib.gr_batch_step(self._p, a.ctypes.data, *self._ptrs), "step")
        return self.obs, self.rewards, self.done, self.mask, self.player

    def random_actions(self) -> "np.ndarray":
        """A uniformly random legal action for each environment (from C)."""
        check(lib.gr_batch_random_actions(self._p, byref(self._rng),
                                          self._actions.ctypes.data))
        return self._actions

    def observe(self, i: int, player: int) -> "np.ndarray":
        """The observation of `player` in environment i."""
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        env = lib.gr_batch_env(self._p, c_integer(i, "environment", ctypes.c_size_t))
        check(lib.gr_env_observe(env, c_integer(player, "player"), out.ctypes.data), "observe")
        return out

    def close(self) -> None:
        if getattr(self, "_p", None):
            lib.gr_batch_free(self._p)
            self._p = None

    __del__ = close


def _int32_array(values: Any, what: str) -> "np.ndarray":
    """`values` as a contiguous int32 array, never cast from floats nor
    wrapped: TypeError unless the values are integers (a sequence of
    Python ints goes through c_integer), InvalidArgument for a value
    outside int32."""
    a = np.asarray(values)
    if a.dtype == np.int32:  # the common case, nothing to check
        return np.ascontiguousarray(a)
    if a.dtype.kind == "O":
        a = np.array([c_integer(v, what, ctypes.c_int32) for v in a.ravel()],
                     dtype=np.int64).reshape(a.shape)
    elif a.size == 0:
        a = a.astype(np.int32)  # [] reads as floats
    elif a.dtype.kind not in "iu":
        raise TypeError(f"{what} must be integers, not {a.dtype}")
    if a.size and np.can_cast(a.dtype, np.int32) is False:
        c_integer(int(a.min()), what, ctypes.c_int32)
        c_integer(int(a.max()), what, ctypes.c_int32)
    return np.ascontiguousarray(a, dtype=np.int32)


def _env_step_only(self: GinRummyEnv, action: int) -> None:
    """Play action id `action` without building an observation (gr_env_step;
    for search and rollouts): InvalidArgument, WrongState or IllegalMove,
    the environment then unchanged."""
    check(lib.gr_env_step(self._p, c_integer(action, "action")), f"step {action}")


def _env_status(self: GinRummyEnv) -> Tuple[bool, bool, Tuple[int, int]]:
    """(terminated, truncated, (reward of player 0, reward of player 1))
    as the library reports them now (gr_env_status)."""
    term, trunc, rew = c_int(), c_int(), (c_int * 2)()
    check(lib.gr_env_status(self._p, byref(term), byref(trunc), rew), "status")
    return bool(term.value), bool(trunc.value), (rew[0], rew[1])


GinRummyEnv.step_only = _env_step_only  # type: ignore[attr-defined]
GinRummyEnv.status = _env_status  # type: ignore[attr-defined]
