"""The base of every class that owns a C handle (Rules, Game, Match, Bot,
the environments, the Rummy objects): one owner per handle, freed once,
and one thread at a time.

- ``close()`` frees the handle (also done when the object is collected);
  any later call raises WrongState ("... is closed"), never touches freed
  memory.
- Every method that passes the handle to C holds the object's lock
  (``@locked``), so one object used from two threads is used by one at a
  time: ``close()`` waits for a ``step()`` in progress in another thread,
  and an expert bot asked by two threads decides for one view after the
  other.  Different objects run in parallel (the library has no global
  state).
- ``copy.copy`` and ``copy.deepcopy`` give an independent object with its
  own handle (the library's clone, or a rebuild from saved text); a handle
  is never shared.  ``pickle`` stores what rebuilds the object (its saved
  text, its options, its settings: each class's ``__reduce__`` says what).
  A class that defines neither raises TypeError.
"""
from __future__ import annotations

import functools
import threading
from typing import Any, Callable, ClassVar, Dict, Optional, Tuple, Type, TypeVar, cast

from ._lib import GR_ESTATE
from .errors import WrongState

F = TypeVar("F", bound=Callable[..., Any])
H = TypeVar("H", bound="Handle")


class Handle:
    """An object owning one C handle (``_p``, a cdata pointer), freed by
    ``_free`` (its gr_*_free function)."""

    _free: ClassVar[Callable[[Any], None]]
    _p: Optional[Any] = None
    _lock: threading.RLock

    def _adopt(self, p: Any) -> None:
        """Take ownership of handle `p` (from a gr_*_new or clone call)."""
        self._lock = threading.RLock()
        self._p = p

    @classmethod
    def _wrap(cls: Type[H], p: Any) -> H:
        """A new object owning handle `p` (its other attributes unset)."""
        obj = cls.__new__(cls)
        obj._adopt(p)
        return obj

    @property
    def closed(self) -> bool:
        """True once close() freed the handle."""
        return self._p is None

    def _live(self) -> Any:
        """The handle, or WrongState when the object is closed."""
        p = self._p
        if p is None:
            raise WrongState(GR_ESTATE, f"{type(self).__name__} is closed")
        return p

    def close(self) -> None:
        """Free the C handle now (after any call in progress in another
        thread); later calls raise WrongState.  Closing twice is harmless."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            p, self._p = self._p, None
            if p is not None:
                type(self)._free(p)

    def __del__(self) -> None:
        p, self._p = self._p, None
        if p is not None:
            type(self)._free(p)

    def __enter__(self: H) -> H:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __copy__(self: H) -> H:
        raise TypeError(f"a {type(self).__name__} cannot be copied")

    def __deepcopy__(self: H, memo: Dict[int, Any]) -> H:
        return self.__copy__()

    def __reduce__(self) -> Any:
        raise TypeError(f"a {type(self).__name__} cannot be pickled")


def locked(method: F) -> F:
    """Run `method` holding the object's lock, after checking that its
    handle is open (WrongState when closed)."""
    @functools.wraps(method)
    def run(self: Handle, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            if self._p is None:
                self._live()
            return method(self, *args, **kwargs)
    return cast(F, run)


def serialize(cls: Type[Any], names: Tuple[str, ...],
              closed: Optional[Callable[[Any], bool]] = None) -> None:
    """Make the methods `names` of `cls` (a class holding C handles that is
    no Handle: GinVectorEnv, GinTables) run one thread at a time, under a
    lock of each object's own: close() in one thread waits for a step()
    in progress in another, which then finds the object closed.  With
    `closed`, a method other than close() called once closed(obj) is true
    raises WrongState instead of passing freed handles on."""
    for name in names:
        method = cls.__dict__[name]
        check = closed if name not in ("close", "close_extras") else None

        def run(self: Any, *args: Any, _method: Any = method, _check: Any = check,
                **kwargs: Any) -> Any:
            # made on first use: setdefault is atomic, so two threads get one
            lock = self.__dict__.get("_serial")
            if lock is None:
                lock = self.__dict__.setdefault("_serial", threading.RLock())
            with lock:
                if _check is not None and _check(self):
                    raise WrongState(GR_ESTATE, f"{type(self).__name__} is closed")
                return _method(self, *args, **kwargs)

        functools.update_wrapper(run, method)
        setattr(cls, name, run)
