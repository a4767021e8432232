"""Exceptions raised for the library's status codes."""
from __future__ import annotations

from typing import Optional

from ._lib import lib


class GinRummyError(Exception):
    """A call into libginrummy failed.

    ``status`` is the negative GR_E* code, ``name`` its C name (e.g.
    ``"GR_EILLEGAL"``) and ``reason`` the refusal reason when the library
    gives one (None otherwise).
    """

    names = {-1: "GR_EINVAL", -2: "GR_ESTATE", -3: "GR_EILLEGAL", -4: "GR_ENOMEM",
             -5: "GR_ESPACE", -6: "GR_EPARSE"}

    def __init__(self, status: int, what: str = "", reason: Optional[str] = None):
        self.status = status
        self.name = self.names.get(status, f"status {status}")
        self.reason = reason
        text = lib.gr_strerror(status).decode()
        msg = f"{what}: {text} ({self.name})" if what else f"{text} ({self.name})"
        if reason:
            msg += f": {reason}"
        super().__init__(msg)


class InvalidArgument(GinRummyError, ValueError):
    """GR_EINVAL: a bad argument."""


class WrongState(GinRummyError):
    """GR_ESTATE: the call does not fit the current phase."""


class IllegalMove(GinRummyError):
    """GR_EILLEGAL: the move or arrangement is against the rules."""


class ParseError(GinRummyError, ValueError):
    """GR_EPARSE: unreadable text."""


_classes = {-1: InvalidArgument, -2: WrongState, -3: IllegalMove, -6: ParseError}


def check(status: int, what: str = "", reason: Optional[str] = None) -> int:
    """Return `status` when it is not negative, else raise the matching error."""
    if status >= 0:
        return status
    if status == -4:
        raise MemoryError(lib.gr_strerror(status).decode())
    raise _classes.get(status, GinRummyError)(status, what, reason)
