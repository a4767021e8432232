"""The terminal side of ``python3 -m ginrummy play`` and ``rummy``, as the C
example programs do it: lines read as fgets() reads them into a buffer of
a given size (a longer line never cut nor split: refused whole), input
echoed when it does not come from a terminal (so that a transcript of a
scripted game reads like a typed one), prompts flushed."""
from __future__ import annotations

import re
import sys
from typing import Optional, Tuple

# the buffer of a line that holds a command, as the C programs' (511
# characters at most)
LINE_SIZE = 512


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


def read_line(size: int, echo: bool = True) -> Optional[str]:
    """One line of input, None at its end.  As the C programs' fgets() into
    `size` bytes: the line ends at its first CR or LF, and a line longer
    than size - 1 bytes is read to its end and counts as an empty one
    (never cut, never read as two lines).  Input that is not typed at a
    terminal is echoed when `echo` is true."""
    line, too_long = read_line_checked(size, echo)
    return "" if too_long and line is not None else line


def refused_too_long(too_long: bool, size: int) -> bool:
    """At a prompt that reads commands, after read_line_checked(size):
    True, with the refusal said, when the line did not fit (none of it is
    played), as the C programs' refusal."""
    if too_long:
        write(f"line too long (at most {size - 1} characters); nothing played\n")
    return too_long


def read_line_checked(size: int, echo: bool = True) -> Tuple[Optional[str], bool]:
    """One line of input (None at its end) as fgets() reads it into `size`
    bytes: at most size - 1 bytes are kept (and echoed, as read_line()),
    the line ends at its first CR or LF; and whether the line was longer
    than size - 1 bytes (its line end not counted), its rest then read and
    dropped: a caller that reads commands refuses such a line whole
    (refused_too_long) rather than act on its first part."""
    sys.stdout.flush()
    raw = sys.stdin.buffer.readline()
    if not raw:
        return None, False
    body = raw[:-1] if raw.endswith(b"\n") else raw
    # as the C programs: a CR that ends the line (CR LF) does not count
    too_long = len(body) > size - 1 and not (len(body) == size and body.endswith(b"\r"))
    kept = body[:size - 1]
    for end in (b"\r", b"\n"):
        if end in kept:
            kept = kept[:kept.index(end)]
    line = kept.decode("utf-8", "surrogateescape")   # c_text() gives the bytes back
    if echo and not stdin_is_terminal():
        write(line + "\n")
    return line, too_long


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
    """Start a run: bytes that are not UTF-8 pass through the echo
    unchanged."""
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
