"""Exceptions raised for the library's status codes, the refusal reasons,
and the checks every integer argument goes through before it reaches C."""
from __future__ import annotations

import operator
from typing import Any, Dict, Optional, Tuple

from ._lib import ffi, lib, string, GR_EINVAL, GR_ENOMEM, GR_EPARSE


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
        if self.reason is not None:
            self.reason_name = string(lib.gr_reason_name(self.reason))
            self.reason_text = string(lib.gr_reason_text(self.reason))
        text = string(lib.gr_strerror(status))
        msg = f"{what}: {text} ({self.name})" if what else f"{text} ({self.name})"
        if self.reason_text:
            msg += f": {self.reason_text}"
        super().__init__(msg)


class InvalidArgument(GinRummyError, ValueError):
    """GR_EINVAL: a bad argument."""


class InvalidAction(InvalidArgument):
    """An action outside an environment's action space (an integer beyond
    its ids, or no action for an agent to act), refused before anything
    is played; the message names the environment and the action.  An
    InvalidArgument, so a ValueError."""


class WrongState(GinRummyError):
    """GR_ESTATE: the call does not fit the current phase."""


class IllegalMove(GinRummyError):
    """GR_EILLEGAL: the move or arrangement is against the rules."""


class ParseError(GinRummyError, ValueError):
    """GR_EPARSE: unreadable text."""


class IllegalMoveText(IllegalMove, ParseError):
    """A move or turn text the parser read but the rules refuse (the
    library returns GR_EPARSE with a rule's reason, such as
    ``taken_from_pile``): an IllegalMove and a ParseError both, whose
    ``status`` and message are those of the reason (GR_EILLEGAL)."""


class WrongStateText(WrongState, ParseError):
    """A move or turn text the parser read that does not fit the state of
    the hand (GR_EPARSE with a reason such as ``draw_first`` or
    ``not_your_turn``): a WrongState and a ParseError both, whose
    ``status`` and message are those of the reason (GR_ESTATE)."""


_classes = {-1: InvalidArgument, -2: WrongState, -3: IllegalMove, -6: ParseError}
_text_classes = {-2: WrongStateText, -3: IllegalMoveText}


def check(status: int, what: str = "", reason: Optional[int] = None) -> int:
    """Return `status` when it is not negative, else raise the matching error."""
    if status >= 0:
        return status
    if status == GR_ENOMEM:
        raise MemoryError(string(lib.gr_strerror(status)))
    raise _classes.get(status, GinRummyError)(status, what, reason)


def raise_parse(rc: int, what: str, err: Any) -> None:
    """Raise for a refused *_ex parse, the error carrying the place of the
    fault (``offset``, ``length``, ``line``) and the reason.  A text the
    parser read but the rules or the state of the hand refuse (GR_EPARSE
    with a reason whose status, gr_reason_status, is GR_EILLEGAL or
    GR_ESTATE) raises IllegalMoveText or WrongStateText, with that status."""
    cls = _text_classes.get(reason_status(err.reason)) if rc == GR_EPARSE and err.reason \
        else None
    try:
        if cls is not None:
            raise cls(reason_status(err.reason), what, int(err.reason))
        check(rc, what, err.reason)
    except GinRummyError as exc:
        exc.offset, exc.length, exc.line = int(err.offset), int(err.length), int(err.line)
        raise


def reason_status(reason: int) -> int:
    """The status (GR_E*) a refusal with this reason returns (0 for none)."""
    return int(lib.gr_reason_status(c_integer(reason, "reason")))


# ---------------------------------------------------------------- integer arguments

_ranges: Dict[str, Tuple[int, int]] = {}


def _range(ctype: str) -> Tuple[int, int]:
    """The values of a C integer type (by name: "int", "gr_card",
    "size_t", ...), lowest and highest."""
    if ctype not in _ranges:
        bits = 8 * ffi.sizeof(ctype)
        if int(ffi.cast(ctype, -1)) < 0:
            _ranges[ctype] = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
        else:
            _ranges[ctype] = (0, (1 << bits) - 1)
    return _ranges[ctype]


def _index(value: Any, what: str) -> int:
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(value).__name__}") from None


def c_integer(value: Any, what: str, ctype: str = "int") -> int:
    """`value` as a Python int for a C argument or struct field of integer
    type `ctype` ("int" by default), never wrapped: every integer the
    binding hands to the library goes through here.

    Int-likes are accepted as ``operator.index`` accepts them (int, bool,
    numpy integers); anything else (float, str, None, ...) raises
    TypeError naming `what`.  A value outside the C type's range raises
    InvalidArgument (GR_EINVAL), as the library does for values in range
    that it refuses."""
    v = value if type(value) is int else _index(value, what)
    lo, hi = _ranges.get(ctype) or _range(ctype)
    if not lo <= v <= hi:
        raise InvalidArgument(GR_EINVAL, f"{what} = {v} is outside {lo}..{hi} "
                                         f"(C {ctype})")
    return v


def c_seed(value: Any, what: str = "seed") -> int:
    """A seed (a C uint64) from any Python int, taken modulo 2**64 (so -1
    and 2**64 - 1 are the same seed); TypeError unless `value` is an
    int-like (operator.index)."""
    return _index(value, what) & 0xFFFFFFFFFFFFFFFF


def c_text(value: Any, what: str) -> bytes:
    """`value`, a str, as the NUL-terminated text a C call reads: TypeError
    unless it is a str (None, bytes, a list...), InvalidArgument (GR_EINVAL)
    when it holds a NUL character, where the C text would end unseen."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if "\0" in value:
        raise InvalidArgument(GR_EINVAL, f"{what} {value!r} holds a NUL character "
                                         "(the text would end there)")
    return value.encode()


def named(names: Dict[str, int], name: str, what: str) -> int:
    """names[name], or InvalidArgument naming the choices."""
    if name not in names:
        raise InvalidArgument(GR_EINVAL, f"{what} {name!r}: one of {', '.join(names)}")
    return names[name]
