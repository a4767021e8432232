"""N hands of Gin stepped by one C call (``VecGinRummyEnv``, gr_batch_step),
numpy arrays in and out, with the encodings of :mod:`ginrummy.encoding`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ._handle import Handle, locked
from ._lib import ffi, lib
from .encoding import NUM_ACTIONS, OBS_SIZE, need_numpy, np, rules_for
if TYPE_CHECKING:
    from .encoding import Array
from .errors import InvalidArgument, c_integer, c_seed, check
from .rules import RulesLike
from .seeding import STREAMS, derive_seed

__all__ = ["VecGinRummyEnv", "ActionHistory", "replay_hands", "batch_refusal"]


class ActionHistory:
    """The actions each of n environments of a batch played since its hand
    began, to rebuild the batch (pickling): rows of actions by step in a
    ring (row t % cap), grown when a hand outlasts it."""

    def __init__(self, n: int):
        self.steps = np.zeros((128, n), dtype=np.uint8)
        self.began = np.zeros(n, dtype=np.int64)    # the step each hand began
        self.t = 0
        self.oldest = 0                             # a bound of min(began), kept stale

    def reset(self) -> None:
        """Every hand begins now."""
        self.began[:] = 0
        self.t = self.oldest = 0

    def record(self, actions: "Array", ended: "Array") -> None:
        """The actions of one step; the environments `ended` (indices)
        begin new hands after it."""
        t, cap = self.t, self.steps.shape[0]
        if t - self.oldest >= cap:
            self.make_room()
            cap = self.steps.shape[0]
        self.steps[t % cap] = actions
        self.t = t + 1
        if ended.size:
            self.began[ended] = t + 1

    def make_room(self) -> None:
        """Room for the next step's row: the bound of the oldest hand made
        exact, and the ring doubled if that hand outlasts it."""
        t, cap = self.t, self.steps.shape[0]
        self.oldest = int(self.began.min())
        if t - self.oldest >= cap:                  # a long hand: grow
            grown = np.zeros((2 * cap, self.steps.shape[1]), dtype=np.uint8)
            kept = np.arange(t - cap, t)
            grown[kept % (2 * cap)] = self.steps[kept % cap]
            self.steps = grown

    def hands(self) -> List["Array"]:
        """Each environment's actions since its hand began."""
        cap = self.steps.shape[0]
        return [self.steps[np.arange(self.began[i], self.t) % cap, i]
                for i in range(self.steps.shape[1])]

    def restore(self, hist: List["Array"]) -> None:
        """Back to hands() taken before: each hand as if it began
        len(its actions) steps ago."""
        longest = max([len(x) for x in hist] + [0])
        cap = 128
        while cap <= longest:
            cap *= 2
        self.steps = np.zeros((cap, len(hist)), dtype=np.uint8)
        self.t, self.oldest = longest, 0
        for i, acts in enumerate(hist):
            self.began[i] = longest - len(acts)
            self.steps[(longest - len(acts) + np.arange(len(acts))) % cap, i] = acts


def _read_only(a: "Array") -> "Array":
    """A view of `a` that cannot be written, resized or rebound into it."""
    v = a.view()
    v.flags.writeable = False
    return v


class VecGinRummyEnv(Handle):
    """N hands stepped by one C call (gr_batch_step), numpy in and out.

    >>> venv = VecGinRummyEnv(4, seed=1)
    >>> obs, mask, player = venv.reset()
    >>> obs.shape, mask.shape
    ((4, 644), (4, 241))

    ``step(actions)`` returns ``(obs, rewards, done, mask, player)``: obs and
    mask of the player to act in each environment; rewards (N x 2) and done
    (N: 0 going on, 1 terminated, 2 truncated) of the step just played; an
    environment whose hand ended is dealt the next hand at once.

    The environment owns the buffers the library writes: ``obs``, ``mask``,
    ``player``, ``rewards``, ``done`` (and what ``reset``, ``step`` and
    ``random_actions`` return) are read-only views of them, which the next
    call overwrites: copy them to keep them.  They cannot be rebound,
    deleted or resized, so nothing a program does to them can make the
    library write elsewhere.  One environment is stepped by one thread at
    a time (``close()`` waits for a step in progress).

    Seeding: ``VecGinRummyEnv(n, seed=s)`` or ``reset(seed=s)`` starts the
    run seeded s; ``reset()`` without a seed is the run's next reset.  At
    the run's reset r, environment i's hand k (k = 0 at the reset, then
    1, 2, .. as its hands end) is dealt from ``gr_seed_derive(b, i, k)``
    with ``b = derive_seed(s, 3, r)`` (gr_batch_reset_streams;
    :mod:`ginrummy.seeding`): no two environments of a batch, no two
    seeds, and no two workers seeded ``base + rank`` share a hand.  These
    are the hands of ``ginrummy.gymnasium.GinVectorEnv`` reset with the
    same seed, and ``random_actions`` draws from ``derive_seed(s, 2, r)``
    as it does.

    ``copy.copy``, ``copy.deepcopy`` and ``pickle`` rebuild it (the library
    cannot clone a batch) from its rules, the run's seed and reset number,
    each environment's hand number and the actions since its deal
    (replayed), and its buffers: the copy goes on as the original would.
    """

    _free = lib.gr_batch_free

    def __init__(self, n: int, rules: RulesLike = "openspiel", seed: int = 0,
                 **opts: int):
        need_numpy()
        n = c_integer(n, "n", "size_t")
        seed = c_seed(seed)
        self.rules = rules_for(rules, opts)
        p = ffi.new("gr_batch **")
        with self.rules._lock:
            check(lib.gr_batch_new(p, self.rules._live(), n), "batch")
        self._adopt(p[0])
        self._n = n
        self.seed = seed
        self._obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self._mask = np.zeros((n, NUM_ACTIONS), dtype=np.uint8)
        self._player = np.zeros(n, dtype=np.int32)
        self._rewards = np.zeros((n, 2), dtype=np.float32)
        self._done = np.zeros(n, dtype=np.uint8)
        self._ptrs = (ffi.from_buffer("float[]", self._obs),
                      ffi.from_buffer("uint8_t[]", self._mask),
                      ffi.from_buffer("int32_t[]", self._player),
                      ffi.from_buffer("float[]", self._rewards),
                      ffi.from_buffer("uint8_t[]", self._done))
        self._resets = -1               # the run's resets so far, less one
        self._rng = ffi.new("uint64_t *", derive_seed(seed, STREAMS["np_random"], 0))
        self._actions = np.zeros(n, dtype=np.int32)
        self._actions_ptr = ffi.from_buffer("int32_t[]", self._actions)
        arrays: Tuple["Array", ...] = (self._obs, self._mask, self._player, self._rewards,
                                       self._done, self._actions)
        self._views = tuple(_read_only(a) for a in arrays)
        # for pickling: each environment's hand number in its stream and
        # the actions of that hand (rebuilt by gr_batch_seek and a replay)
        self._hand = np.zeros(n, dtype=np.int64)
        self._history = ActionHistory(n)
        self._started = False

    def __copy__(self) -> "VecGinRummyEnv":
        """An independent batch in the same state, rebuilt as pickling does
        (``copy.copy``, ``copy.deepcopy`` and ``pickle`` alike)."""
        return _vec_from(self.__reduce__()[1][0])

    @property
    def n(self) -> int:
        """The number of environments."""
        return self._n

    @property
    def obs(self) -> "Array":
        """N x 644 observations of the player to act (read-only)."""
        return self._views[0]

    @property
    def mask(self) -> "Array":
        """N x 241 legal-action masks of the player to act (read-only)."""
        return self._views[1]

    @property
    def player(self) -> "Array":
        """The player to act in each environment (read-only)."""
        return self._views[2]

    @property
    def rewards(self) -> "Array":
        """N x 2 rewards of the last step (read-only)."""
        return self._views[3]

    @property
    def done(self) -> "Array":
        """0 going on, 1 terminated, 2 truncated, per environment, after the
        last step (read-only)."""
        return self._views[4]

    @locked
    def reset(self, seed: Optional[int] = None) -> Tuple["Array", "Array",
                                                          "Array"]:
        """Deal every environment: the first reset of the run seeded `seed`,
        else the run's next reset (the seeds: see the class text)."""
        if seed is None:
            self._deal(self.seed, self._resets + 1)
        else:
            self._deal(c_seed(seed), 0)
        return self._views[0], self._views[1], self._views[2]

    def _deal(self, seed: int, r: int) -> None:
        """Deal reset r of the run seeded `seed` in every environment."""
        check(lib.gr_batch_reset_streams(self._p, derive_seed(seed, STREAMS["batch"], r),
                                         *self._ptrs[:3]), "reset")
        self.seed, self._resets = seed, r
        self._rng[0] = derive_seed(seed, STREAMS["np_random"], r)
        self._hand[:] = 0
        self._history.reset()
        self._started = True

    @locked
    def step(self, actions: Any) -> Tuple["Array", "Array", "Array",
                                          "Array", "Array"]:
        """Play one action in every environment (checked first: nothing is
        played when one is illegal).  `actions`: one integer per environment
        (ValueError for another count, TypeError for a float array), each
        within int32 (else InvalidArgument)."""
        if actions is self._views[5]:       # random_actions(): int32 already
            a, ptr = self._actions, self._actions_ptr
        else:
            try:
                a = _int32_array(actions, "actions")
            except InvalidArgument as exc:      # beyond int32: outside the space
                raise batch_refusal(-1, "VecGinRummyEnv", actions, self._mask, self._player,
                                    exc) from None
            except TypeError as exc:
                raise TypeError(f"VecGinRummyEnv: {exc}") from None
            if a.shape != (self._n,):
                raise ValueError(f"VecGinRummyEnv: actions are {self._n}, one per environment, "
                                 f"not an array of shape {a.shape}")
            ptr = ffi.from_buffer("int32_t[]", a)
        rc = lib.gr_batch_step(self._p, ptr, *self._ptrs)
        if rc < 0:
            raise batch_refusal(rc, "VecGinRummyEnv", a, self._mask, self._player)
        # for pickling (ActionHistory.record written out: the hot path)
        h = self._history
        t = h.t
        if t - h.oldest >= h.steps.shape[0]:
            h.make_room()
        h.steps[t % h.steps.shape[0]] = a
        h.t = t + 1
        ended = self._done.nonzero()[0]
        if ended.size:
            h.began[ended] = t + 1
            self._hand[ended] += 1
        v = self._views
        return v[0], v[3], v[4], v[1], v[2]

    def _buffers(self) -> Tuple["Array", ...]:
        """The arrays the library writes (and random_actions' output)."""
        return (self._obs, self._mask, self._player, self._rewards, self._done, self._actions)

    @locked
    def __reduce__(self) -> Any:
        """Pickled as the class text says."""
        st = {"n": self._n, "rules": self.rules, "seed": self.seed, "resets": self._resets,
              "rng": int(self._rng[0]), "started": self._started, "hand": self._hand.copy(),
              "hist": self._history.hands(),
              "buffers": [x.copy() for x in self._buffers()]}
        return (_vec_from, (st,))

    @locked
    def random_actions(self) -> "Array":
        """A uniformly random legal action for each environment (from C;
        read-only, overwritten by the next call)."""
        check(lib.gr_batch_random_actions(self._p, self._rng, self._actions_ptr))
        return self._views[5]

    @locked
    def observe(self, i: int, player: int) -> "Array":
        """The observation of `player` in environment i (a new array)."""
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        env = lib.gr_batch_env(self._p, c_integer(i, "environment", "size_t"))
        check(lib.gr_env_observe(env, c_integer(player, "player"),
                                 ffi.from_buffer("float[]", out)), "observe")
        return out


def _vec_from(st: Dict[str, Any]) -> VecGinRummyEnv:
    """The unpickling of VecGinRummyEnv.__reduce__: the run's reset dealt
    again, then each environment's hand dealt and its actions replayed."""
    v = VecGinRummyEnv(st["n"], st["rules"], seed=st["seed"])
    v._resets = st["resets"]
    if st["started"]:
        v._deal(st["seed"], st["resets"])
        replay_hands(v._p, st["hand"], st["hist"])
        v._hand[:] = st["hand"]
        v._history.restore(st["hist"])
    for mine, saved in zip(v._buffers(), st["buffers"]):
        mine[:] = saved
    v._rng[0] = st["rng"]
    return v


def batch_refusal(rc: int, env: str, actions: Any, mask: "Array", player: "Array",
                  exc: Optional[Exception] = None) -> Exception:
    """The error of a batch step the library refused (status `rc`, nothing
    played): InvalidAction naming the first environment whose action is
    outside 0..240, else IllegalMove naming the first whose action its
    mask (of the player to act) rules out; else the status's error (or
    `exc`, the error of the actions' conversion)."""
    from .errors import IllegalMove, InvalidAction
    from .gin_tables import describe_action
    try:
        a = [int(x) for x in np.ravel(np.asarray(actions, dtype=object))]
    except (TypeError, ValueError):             # pragma: no cover - checked before
        return exc if exc is not None else RuntimeError(f"{env}: step refused ({rc})")
    out = [i for i, x in enumerate(a) if not 0 <= x < NUM_ACTIONS]
    if out:
        i = out[0]
        return InvalidAction(-1, f"{env}: environment {i}'s action {a[i]} is outside "
                             f"the action space Discrete({NUM_ACTIONS}) (ids 0..{NUM_ACTIONS - 1})"
                             f"{_more(len(out))}; nothing was played")
    bad = [i for i, x in enumerate(a) if i < len(mask) and not mask[i, x]]
    if bad:
        i = bad[0]
        return IllegalMove(-3, f"{env}: environment {i}'s action {a[i]} "
                           f"({describe_action(a[i])}) is masked out for player "
                           f"{int(player[i])}{_more(len(bad))}; nothing was played")
    if exc is not None:
        return exc
    try:
        check(rc, f"{env}: step")
    except Exception as err:        # the status's own error
        return err
    return RuntimeError(f"{env}: step refused ({rc})")  # pragma: no cover - rc < 0


def _more(count: int) -> str:
    return f" (and {count - 1} more)" if count > 1 else ""


def replay_hands(batch: Any, hands: "Array", hist: List["Array"]) -> List[int]:
    """In a batch just reset by gr_batch_reset_streams: environment i's
    hand hands[i] of its stream dealt (gr_batch_seek) and the actions
    hist[i] replayed in it, for each i; the indices of the environments
    that moved from their first hand's deal (the others are left alone)."""
    moved = []
    for i, (k, acts) in enumerate(zip(hands.tolist(), hist)):
        if k == 0 and not len(acts):
            continue
        check(lib.gr_batch_seek(batch, i, k), "seek")
        env = lib.gr_batch_env(batch, i)
        for a in acts.tolist():
            check(lib.gr_env_step(env, a), "replay")
        moved.append(i)
    return moved


def _int32_array(values: Any, what: str) -> "Array":
    """`values` as a contiguous int32 array, never cast from floats nor
    wrapped: TypeError unless the values are integers (a sequence of
    Python ints goes through c_integer), InvalidArgument for a value
    outside int32."""
    a = np.asarray(values)
    if a.dtype == np.int32:  # the common case, nothing to check
        return np.ascontiguousarray(a)
    if a.dtype.kind == "O":
        a = np.array([c_integer(v, what, "int32_t") for v in a.ravel()],
                     dtype=np.int64).reshape(a.shape)
    elif a.size == 0:
        a = a.astype(np.int32)  # [] reads as floats
    elif a.dtype.kind not in "iu":
        raise TypeError(f"{what} must be integers, not {a.dtype}")
    if a.size and np.can_cast(a.dtype, np.int32) is False:
        c_integer(int(a.min()), what, "int32_t")
        c_integer(int(a.max()), what, "int32_t")
    return np.ascontiguousarray(a, dtype=np.int32)
