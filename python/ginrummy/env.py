"""Gin Rummy as a reinforcement-learning environment, one hand at a time
(``GinRummyEnv``), with OpenSpiel's ``gin_rummy`` action ids and 644-float
observation tensor (their layout: :mod:`ginrummy.encoding`).  The
encodings and ``VecGinRummyEnv`` (N hands per call) are re-exported here.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Tuple, Union

from ._handle import Handle, locked
from ._lib import ffi, lib, GR_EILLEGAL, GR_EINVAL, GR_NCARDS
from .cards import Card
from .encoding import (ACTION_SPACE, DIFFERENCES, DRAW_STOCK, DRAW_UPCARD, KNOCK, MELD_BASE,
                       NUM_ACTIONS, OBS_LAYOUT, OBS_SIZE, OBSERVATION_SPACE, PASS, Space,
                       action_to_string, card_from_openspiel, card_to_openspiel, meld_cards,
                       meld_id, need_numpy, np, openspiel_rules, rules_for)
if TYPE_CHECKING:
    from .encoding import Array
from ._calls import text as _text
from .errors import InvalidArgument, c_integer, c_seed, check
from .game import Game
from .match import Match
from .rules import Rules
from .seeding import STREAMS, derive_seed
from .settle import HandResult

__all__ = ["GinRummyEnv", "VecGinRummyEnv", "ACTION_SPACE", "DIFFERENCES", "DRAW_STOCK",
           "DRAW_UPCARD", "KNOCK", "MELD_BASE", "NUM_ACTIONS", "OBS_LAYOUT", "OBS_SIZE",
           "OBSERVATION_SPACE", "PASS", "Space", "action_to_string", "card_from_openspiel",
           "card_to_openspiel", "meld_cards", "meld_id", "openspiel_rules"]


class GinRummyEnv(Handle):
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
    ``terminated`` is a hand's end by the rules (knock, gin, a tie, a void
    hand); ``truncated`` is OpenSpiel's limit of 50 upcard draws (a hand
    ended with 0 each, as OpenSpiel scores it; ``DIFFERENCES``).
    With ``reward="match"`` the hands are played as a match (G25) and the
    final step of the match also adds each player's match total margin
    (winner +margin, loser -margin); ``terminated`` is then the end of a hand
    and ``info["match_over"]`` the end of the match.  Observations and
    ``rewards`` are by the hand's player (player 1 deals every hand), while
    ``info["match_score"]`` (at a hand's end) is by match player, whose
    dealer alternates: ``info["match_players"]`` (at ``reset()`` and a
    hand's end) gives the match player of the hand's players 0 and 1.

    Refused actions (the package's rule, stated in
    :mod:`ginrummy.pettingzoo`): nothing changes, and ``step`` raises
    ``InvalidAction`` (a ValueError) for an id outside 0..240, TypeError
    for what is no integer, ``IllegalMove`` for an id the action mask
    rules out, each naming the environment, the player and the action.
    ``reset(options=...)`` knows ``"deck"`` alone (below); another key
    raises InvalidArgument.

    Seeding: ``GinRummyEnv(seed=s)`` or ``reset(seed=s)`` starts the run
    seeded s; its hand k (k = 0 at that reset, then 1, 2, .. at each
    ``reset()`` without a seed) is dealt from ``derive_seed(s, 0, k)``
    (:mod:`ginrummy.seeding`), so no two seeds, and no two workers seeded
    ``base + rank``, share a hand (seed s's hand 1 is not seed s+1's hand
    0).  These are the hands of the 2-player Gin environment of
    :mod:`ginrummy.pettingzoo` reset with the same seed.  With
    ``reward="match"`` the run's match m is ``Match(rules,
    seed=derive_seed(s, 1, m))``: ``reset(seed=s)`` starts its match 0,
    ``reset()`` deals the match's next hand, or the next match's first.

    ``copy.copy`` (or ``clone()``) gives an independent environment, hand
    and all; ``close()`` frees it (waiting for a step in progress in
    another thread), after which every call raises WrongState.  ``pickle``
    stores the rules, the run's seed and hand (or match) number and the
    match, the deck of the hand in play and the actions since its deal
    (replayed when loaded), and what the last step returned: the loaded
    environment goes on as the original would.
    """

    _free = lib.gr_env_free

    metadata = {"name": "ginrummy_v0", "render_modes": ["ansi"]}
    possible_agents = ["player_0", "player_1"]

    def __init__(self, rules: Union[Rules, str, None] = "openspiel", seed: int = 0,
                 reward: str = "hand", **opts: int):
        need_numpy()
        self.rules = rules_for(rules, opts)
        if reward not in ("hand", "match"):
            raise ValueError("reward is 'hand' or 'match'")
        self.reward_mode = reward
        self._seed = c_seed(seed)       # the run's seed
        self._index = 0                 # the number of its next hand (or match)
        p = ffi.new("gr_env **")
        with self.rules._lock:
            check(lib.gr_env_new(p, self.rules._live()), "env")
        self._adopt(p[0])
        self._buffers()
        self._match: Optional[Match] = None
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._cumulative = [0.0, 0.0]
        self._acts: List[int] = []      # the actions since the deal, for pickling

    def _buffers(self, like: Optional["GinRummyEnv"] = None) -> None:
        """The arrays the library writes at each step, owned by this
        environment (copies of those of `like`), and their C pointers."""
        if like is None:
            self._obs = np.zeros(OBS_SIZE, dtype=np.float32)
            self._mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
            self._out = ffi.new("int[5]")
        else:
            self._obs, self._mask = like._obs.copy(), like._mask.copy()
            self._out = ffi.new("int[5]", list(like._out))
        self._obs_ptr = ffi.from_buffer("float[]", self._obs)
        self._mask_ptr = ffi.from_buffer("uint8_t[]", self._mask)

    # -- Gymnasium-shaped ----------------------------------------------------

    @locked
    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple["Array", Dict[str, Any]]:
        """Deal a new hand: hand 0 of the run seeded `seed`, else the run's
        next hand (see the class text).  ``options={"deck": [52 cards]}``
        deals a stacked deck (the run's hand count unchanged), the one
        option known: another key raises InvalidArgument, options that are
        no dict TypeError (nothing changes)."""
        run, index = (c_seed(seed), 0) if seed is not None else (self._seed, self._index)
        if options:
            from ._rlbase import check_options     # numpy's, imported when needed
            check_options("GinRummyEnv", options, ("deck",))
        deck = (options or {}).get("deck")
        if deck is not None:
            check(lib.gr_env_reset_deck(self._p, _deck(deck)), "reset")
        elif self.reward_mode == "match":
            match = self._match if seed is None else None
            if match is None or match.over:
                match = Match(self.rules, seed=derive_seed(run, STREAMS["match"], index))
                index += 1
            self._deal_match_hand(match)
        else:
            check(lib.gr_env_reset(self._p, derive_seed(run, STREAMS["hand"], index)), "reset")
            index += 1
        self._seed, self._index = run, index      # once dealt: a refused reset changes nothing
        self._acts = []
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._cumulative = [0.0, 0.0]
        p = lib.gr_env_player(self._p)
        lib.gr_env_observe(self._p, p, self._obs_ptr)
        lib.gr_env_legal(self._p, self._mask_ptr)
        info = {"player": p, "action_mask": self._mask.copy()}
        if self.reward_mode == "match" and deck is None:
            info["match_players"] = self._match_players()
        self.infos = {a: {} for a in self.agents}
        return self._obs.copy(), info

    def _deal_match_hand(self, match: Match) -> None:
        """Deal the next hand of `match`, which becomes the environment's."""
        g = match.deal()
        # the match says who deals; the environment deals with player 1
        # dealing, so the match's hand is replayed from its deck
        text = g.save()
        deck_line = next(line for line in text.splitlines() if line.startswith("deck "))
        deck = [Card(c) for c in deck_line.split()[1:]]
        check(lib.gr_env_reset_deck(self._p, _deck(deck)), "reset")
        self._match, self._match_dealer = match, g.dealer

    def _match_players(self) -> Tuple[int, int]:
        """The match player of the hand's players 0 and 1 (player 1 deals
        every hand here; the match's dealer alternates)."""
        return (0, 1) if self._match_dealer == 1 else (1, 0)

    def step(self, action: int) -> Tuple["Array", "Array", bool, bool, Dict[str, Any]]:
        """Play `action` (an int or numpy integer; TypeError for a float or
        str) for the player to act.  A refused action changes nothing and
        raises, naming the environment, the player and the action (the
        package's rule, :mod:`ginrummy.pettingzoo`): InvalidAction (a
        ValueError) for an id outside 0..240, IllegalMove for one the
        action mask rules out; WrongState once the hand is over or the
        environment closed."""
        try:
            a = c_integer(action, "action")
        except (InvalidArgument, TypeError):
            raise self._refused(-1, action) from None
        with self._lock:            # the hot path: @locked written out
            out = self._out
            rc = lib.gr_env_step_observe(self._live(), a, self._obs_ptr, self._mask_ptr, out)
            if rc < 0:
                raise self._refused(rc, a)
            self._acts.append(a)
            p, terminated, truncated = out[0], out[1] != 0, out[2] != 0
            rewards = _NO_REWARDS.copy()
            if out[3] or out[4]:
                rewards[0], rewards[1] = out[3], out[4]
            info: Dict[str, Any] = {"player": p, "action_mask": self._mask.copy()}
            if (terminated or truncated) and self.reward_mode == "match":
                self._record_match(info, rewards)
            if terminated or truncated or self.rewards["player_0"]:
                self._after_step(rewards, terminated, truncated)
            return self._obs.copy(), rewards, terminated, truncated, info

    def _refused(self, rc: int, action: Any) -> Exception:
        """The error of an action the library refused with status `rc`."""
        from ._rlbase import refused_action     # numpy's, imported when needed
        if rc in (GR_EINVAL, GR_EILLEGAL):
            p = lib.gr_env_player(self._p)
            return refused_action("GinRummyEnv", "gin", NUM_ACTIONS, f"player_{p}", action)
        try:
            check(rc, f"GinRummyEnv: action {action}")
        except Exception as exc:
            return exc
        return RuntimeError(f"GinRummyEnv: step refused ({rc})")  # pragma: no cover

    def _record_match(self, info: Dict[str, Any], rewards: "Array") -> None:
        assert self._match is not None
        res = self.game.result() if self.game.over else None
        if res is not None:
            # the environment's player p sits at the match's seat p when the
            # match's dealer is 1, else the seats are swapped
            swap = self._match_dealer != 1
            r = res
            if swap and r.knocker >= 0:
                r = HandResult(r.outcome, 1 - r.knocker, 1 - r.winner, r.points,
                               r.knocker_arrangement, r.defense, r.knocker_deadwood,
                               r.defender_deadwood, r.multiplier)
            self._match.record(r)
        score = self._match.score()
        info["match_over"] = score.over
        info["match_score"] = score
        info["match_players"] = self._match_players()
        if score.over:
            w = score.winner if self._match_dealer == 1 else 1 - score.winner
            rewards[w] += score.margin
            rewards[1 - w] -= score.margin

    def _after_step(self, rewards: "Array", terminated: bool, truncated: bool) -> None:
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
    @locked
    def agent_selection(self) -> Optional[str]:
        """The agent to act ("player_0"/"player_1"), None once over."""
        p = lib.gr_env_player(self._p)
        return self.possible_agents[p] if p >= 0 else None

    @property
    @locked
    def current_player(self) -> int:
        """The player to act, -1 once the hand is over."""
        return int(lib.gr_env_player(self._p))

    @locked
    def observe(self, agent: Union[str, int]) -> "Array":
        """The 644-float observation of an agent (name or 0/1)."""
        p = self._player(agent)
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        check(lib.gr_env_observe(self._p, p, ffi.from_buffer("float[]", out)), "observe")
        return out

    @locked
    def action_mask(self) -> "Array":
        """1 for each legal action of the player to act."""
        out = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        lib.gr_env_legal(self._p, ffi.from_buffer("uint8_t[]", out))
        return out

    def legal_actions(self) -> List[int]:
        """The legal action ids of the player to act, in increasing order."""
        return [int(a) for a in np.flatnonzero(self.action_mask())]

    def last(self) -> Tuple["Array", float, bool, bool, Dict[str, Any]]:
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
    @locked
    def game(self) -> Game:
        """A copy of the library game being played."""
        p = lib.gr_env_game(self._p)
        if not p:
            raise RuntimeError("reset() first")
        out = ffi.new("gr_game **")
        check(lib.gr_game_clone(out, p), "clone")
        return Game._wrap(out[0])

    @locked
    def clone(self) -> "GinRummyEnv":
        """An independent copy of the environment, hand and all."""
        new = GinRummyEnv.__new__(GinRummyEnv)
        new.__dict__.update({k: v for k, v in self.__dict__.items()})
        p = ffi.new("gr_env **")
        check(lib.gr_env_clone(p, self._p), "clone")
        new._adopt(p[0])
        if self._match is not None:
            new._match = copy.copy(self._match)
        new._buffers(self)
        new.rewards, new.terminations = dict(self.rewards), dict(self.terminations)
        new.truncations, new._cumulative = dict(self.truncations), list(self._cumulative)
        new._acts = list(self._acts)
        return new

    __copy__ = clone

    @locked
    def __reduce__(self) -> Any:
        """Pickled as the class text says (rebuilt by a replay)."""
        g = lib.gr_env_game(self._p)
        deck = None
        if g != ffi.NULL:
            text = _text(lib.gr_game_save, g)
            deck = next(ln for ln in text.splitlines() if ln.startswith("deck ")).split()[1:]
        state = {"rules": self.rules, "reward": self.reward_mode, "seed": self._seed,
                 "index": self._index,
                 "match": self._match, "match_dealer": getattr(self, "_match_dealer", None),
                 "deck": deck, "actions": list(self._acts), "agents": list(self.agents),
                 "rewards": dict(self.rewards), "terminations": dict(self.terminations),
                 "truncations": dict(self.truncations), "infos": copy.deepcopy(self.infos),
                 "cumulative": list(self._cumulative), "obs": self._obs.copy(),
                 "mask": self._mask.copy(), "out": list(self._out)}
        return (_env_from, (state,))

    @locked
    def render(self) -> str:
        """The player to act, the stock and the pile, as text ("ansi")."""
        g = self.game
        lines = [f"player to act: {self.current_player}",
                 f"stock {g.stock_size}, pile: " + " ".join(str(c) for c in g.discards)]
        return "\n".join(lines)

    # -- without observations (search, rollouts) ------------------------------

    @locked
    def step_only(self, action: int) -> None:
        """Play action id `action` without building an observation (gr_env_step;
        for search and rollouts): InvalidArgument, WrongState or IllegalMove,
        the environment then unchanged."""
        a = c_integer(action, "action")
        check(lib.gr_env_step(self._p, a), f"step {action}")
        self._acts.append(a)

    @locked
    def status(self) -> Tuple[bool, bool, Tuple[int, int]]:
        """(terminated, truncated, (reward of player 0, reward of player 1))
        as the library reports them now (gr_env_status)."""
        term, trunc, rew = ffi.new("int *"), ffi.new("int *"), ffi.new("int[2]")
        check(lib.gr_env_status(self._p, term, trunc, rew), "status")
        return bool(term[0]), bool(trunc[0]), (int(rew[0]), int(rew[1]))


_NO_REWARDS = np.zeros(2, dtype=np.float32) if np is not None else None


def _deck(deck: Any) -> Any:
    """A stacked deck of 52 cards as a C gr_card[52] (ValueError otherwise)."""
    cards = [int(Card(c)) for c in deck]
    if len(cards) != GR_NCARDS:
        raise ValueError("a deck has 52 cards")
    return ffi.new("gr_card[]", cards)


def _env_from(st: Dict[str, Any]) -> GinRummyEnv:
    """The unpickling of GinRummyEnv.__reduce__: the hand dealt from its
    deck and its actions replayed, the rest set back."""
    env = GinRummyEnv(st["rules"], reward=st["reward"])
    env._seed, env._index = st["seed"], st["index"]
    env._match = st["match"]
    if st["match_dealer"] is not None:
        env._match_dealer = st["match_dealer"]
    if st["deck"] is not None:
        check(lib.gr_env_reset_deck(env._p, _deck(st["deck"])), "reset")
        for a in st["actions"]:
            check(lib.gr_env_step(env._p, a), "replay")
    env._acts = list(st["actions"])
    env.agents, env.rewards, env.infos = st["agents"], st["rewards"], st["infos"]
    env.terminations, env.truncations = st["terminations"], st["truncations"]
    env._cumulative = st["cumulative"]
    env._obs[:] = st["obs"]
    env._mask[:] = st["mask"]
    for i, v in enumerate(st["out"]):
        env._out[i] = v
    return env


from .vec_env import VecGinRummyEnv  # noqa: E402  (re-exported; it needs the names above)
