"""Exceptions raised for the library's status codes."""
from __future__ import annotations

from typing import Optional

from ._lib import lib, HAVE_REASONS


class GinRummyError(Exception):
    """A call into libginrummy failed.

    ``status`` is the negative GR_E* code and ``name`` its C name (e.g.
    ``"GR_EILLEGAL"``).  When the library says why (refusal reasons, with
    libraries that have gr_game_last_reason), ``reason`` is the GR_REASON_*
    number, ``reason_name`` its name (e.g. ``"discard_taken"``) and
    ``reason_text`` its English text; otherwise they are None.  Errors of
    the parsers that say where they stopped (``parse_card``, ``parse_cards``,
    ``parse_move``, ``Game.load``, ``Match.load``, ``Position.parse``) also
    carry ``offset`` and ``length`` (bytes of the bad token in the text) and
    ``line`` (1-based); for the others these are None.
    """

    offset: Optional[int] = None
    length: Optional[int] = None
    line: Optional[int] = None

    names = {-1: "GR_EINVAL", -2: "GR_ESTATE", -3: "GR_EILLEGAL", -4: "GR_ENOMEM",
             -5: "GR_ESPACE", -6: "GR_EPARSE"}

    def __init__(self, status: int, what: str = "", reason: Optional[int] = None):
        self.status = status
        self.name = self.names.get(status, f"status {status}")
        self.reason = reason if reason else None
        self.reason_name: Optional[str] = None
        self.reason_text: Optional[str] = None
        if self.reason is not None and HAVE_REASONS:
            self.reason_name = lib.gr_reason_name(self.reason).decode()
            self.reason_text = lib.gr_reason_text(self.reason).decode()
        text = lib.gr_strerror(status).decode()
        msg = f"{what}: {text} ({self.name})" if what else f"{text} ({self.name})"
        if self.reason_text:
            msg += f": {self.reason_text}"
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


def check(status: int, what: str = "", reason: Optional[int] = None) -> int:
    """Return `status` when it is not negative, else raise the matching error."""
    if status >= 0:
        return status
    if status == -4:
        raise MemoryError(lib.gr_strerror(status).decode())
    raise _classes.get(status, GinRummyError)(status, what, reason)
