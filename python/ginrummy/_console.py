"""The terminal side of ``python3 -m ginrummy play`` and ``rummy``, as the C
example programs do it: lines read as fgets() reads them into a buffer of
a given size, input echoed when it does not come from a terminal (so that
a transcript of a scripted game reads like a typed one), prompts flushed."""
from __future__ import annotations

import re
import sys
from typing import Dict, Optional


def c_text(text: str) -> bytes:
    """`text` as the bytes the C programs get: what was read from a pipe
    or the command line, undecodable bytes included (surrogateescape)."""
    return text.encode("utf-8", "surrogateescape")


def write(text: str) -> None:
    """Print `text` as it is (no newline added)."""
    sys.stdout.write(text)


def prompt(text: str) -> None:
    """Print a prompt and flush it: the answer is read next."""
    sys.stdout.write(text)
    sys.stdout.flush()


# what rummy-play's fgets() leaves of a long line for the next read, and
# the input it came from
_rest: Dict[int, bytes] = {}


def read_line(size: int, echo: bool = True, split_long: bool = False) -> Optional[str]:
    """One line of input, None at its end.  As the C programs' fgets() into
    `size` bytes: at most size - 1 bytes are read, and the line ends at its
    first CR or LF.  The rest of a longer line is dropped (gin-play), or
    with `split_long` read as the next line (rummy-play).  Input that is
    not typed at a terminal is echoed when `echo` is true."""
    sys.stdout.flush()
    key = id(sys.stdin)
    raw = _rest.pop(key, b"") or sys.stdin.buffer.readline()
    if not raw:
        return None
    kept = raw[:size - 1]
    if split_long and b"\n" not in kept and len(raw) > len(kept):
        _rest[key] = raw[len(kept):]
    for end in (b"\r", b"\n"):
        if end in kept:
            kept = kept[:kept.index(end)]
    line = kept.decode("utf-8", "surrogateescape")   # c_text() gives the bytes back
    if echo and not stdin_is_terminal():
        write(line + "\n")
    return line


def ask_yes(question: str, eof_answer: bool) -> bool:
    """Ask a yes/no question; the end of input counts as `eof_answer`."""
    prompt(f"{question} [y/N]: ")
    line = read_line(64)
    if line is None:
        return eof_answer
    return line.lstrip(" \t").lower() in ("y", "yes")


def stdin_is_terminal() -> bool:
    """True when a person types at a terminal (input is not echoed then)."""
    return sys.stdin.isatty()


def flush_typed_ahead() -> None:
    """Drop what was typed ahead at a terminal (tcflush), as before the
    pause between hands."""
    if stdin_is_terminal():
        import termios
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


def setup_streams() -> None:
    """Start a run: nothing left of an earlier input, and bytes that are
    not UTF-8 pass through the echo unchanged."""
    _rest.clear()
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape")


def strtoull(text: str) -> Optional[int]:
    """`text` as C's strtoull(text, &end, 10) reads a whole argument:
    blanks, a sign (a '-' wraps modulo 2**64) and digits, nothing after;
    None when it does not read or overflows."""
    m = re.fullmatch(r"[ \t\n\v\f\r]*([+-]?)([0-9]+)", text)
    if not m or int(m.group(2)) >= 1 << 64:
        return None
    v = int(m.group(2))
    return (-v) & ((1 << 64) - 1) if m.group(1) == "-" else v
