"""Two calling patterns of the C API shared by the modules: text written
into a caller's buffer, and lists filled by a sized call."""
from __future__ import annotations

import ctypes
from typing import Any, Callable, List, TypeVar

from .errors import check

T = TypeVar("T")


def text(fn: Callable[..., int], *args: Any) -> str:
    """Call a C formatter twice (the length, then the text) and decode it."""
    n = check(fn(*args, None, 0))
    buf = ctypes.create_string_buffer(n + 1)
    check(fn(*args, buf, n + 1))
    return buf.value.decode()


def fetch(fn: Callable[..., int], args: tuple, ctype: Any,
          convert: Callable[[Any], T]) -> List[T]:
    """Call a C lister twice (the count, then the entries) and convert each."""
    n = check(fn(*args, None, 0))
    buf = (ctype * max(n, 1))()
    n = check(fn(*args, buf, n))
    return [convert(buf[i]) for i in range(n)]
