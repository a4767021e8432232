"""N hands of Gin stepped by one C call (``VecGinRummyEnv``, gr_batch_step),
numpy arrays in and out, with the encodings of :mod:`ginrummy.encoding`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Tuple

from ._handle import Handle, locked
from ._lib import ffi, lib
from .encoding import NUM_ACTIONS, OBS_SIZE, need_numpy, np, rules_for
if TYPE_CHECKING:
    from .encoding import Array
from .errors import c_integer, c_seed, check
from .rules import RulesLike

__all__ = ["VecGinRummyEnv"]


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
    a time (``close()`` waits for a step in progress); it cannot be copied
    (``copy.copy`` raises TypeError: the library cannot clone a batch).
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
        self._rng = ffi.new("uint64_t *", c_seed(seed * 2 + 1))
        self._actions = np.zeros(n, dtype=np.int32)
        self._actions_ptr = ffi.from_buffer("int32_t[]", self._actions)
        arrays: Tuple["Array", ...] = (self._obs, self._mask, self._player, self._rewards,
                                       self._done, self._actions)
        self._views = tuple(_read_only(a) for a in arrays)

    def __copy__(self) -> "VecGinRummyEnv":
        raise TypeError("a VecGinRummyEnv cannot be copied: the library cannot clone a "
                        "batch; make another VecGinRummyEnv(n, rules, seed)")

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
        """Deal every environment (environment i with seed + i)."""
        if seed is not None:
            self.seed = c_seed(seed)
        check(lib.gr_batch_reset(self._p, c_seed(self.seed), *self._ptrs[:3]), "reset")
        return self._views[0], self._views[1], self._views[2]

    @locked
    def step(self, actions: Any) -> Tuple["Array", "Array", "Array",
                                          "Array", "Array"]:
        """Play one action in every environment (checked first: nothing is
        played when one is illegal).  `actions`: integers (TypeError for a
        float array), each within int32 (else InvalidArgument)."""
        a = _int32_array(actions, "actions")
        if a.shape != (self._n,):
            raise ValueError(f"actions must have shape ({self._n},)")
        check(lib.gr_batch_step(self._p, ffi.from_buffer("int32_t[]", a), *self._ptrs), "step")
        v = self._views
        return v[0], v[3], v[4], v[1], v[2]

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
