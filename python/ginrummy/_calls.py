"""Two calling patterns of the C API shared by the modules: text written
into a caller's buffer, and lists filled by a sized call."""
from __future__ import annotations

from typing import Any, Callable, List, Tuple, TypeVar

from ._lib import ffi, NULL
from .errors import check

T = TypeVar("T")


def text(fn: Callable[..., int], *args: Any) -> str:
    """Call a C formatter twice (the length, then the text) and decode it."""
    n = check(fn(*args, NULL, 0))
    buf = ffi.new("char[]", n + 1)
    check(fn(*args, buf, n + 1))
    return str(ffi.string(buf).decode())


def fetch(fn: Callable[..., int], args: Tuple[Any, ...], ctype: str,
          convert: Callable[[Any], T]) -> List[T]:
    """Call a C lister twice (the count, then the entries) and convert each
    (`ctype`: the entries' C type by name)."""
    n = check(fn(*args, NULL, 0))
    buf = ffi.new(f"{ctype}[]", max(n, 1))
    n = check(fn(*args, buf, n))
    return [convert(buf[i]) for i in range(n)]
