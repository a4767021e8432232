"""A scripted player for the parity tests of ``python3 -m ginrummy play``
and ``rummy``: it plays the C example program through pipes, answering
each prompt from what the program printed so far (and so deterministic
for a seed), and records what it typed.  The same input is then piped
into both programs and their transcripts compared."""
import io
import os
import select
import subprocess
import sys
from typing import Callable, List, Optional, Sequence, Union

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.dirname(HERE)


def examples_dir() -> Optional[str]:
    """The build tree's examples/ (GINRUMMY_EXAMPLES, or next to the
    library that GINRUMMY_LIBRARY names), None when not found."""
    d = os.environ.get("GINRUMMY_EXAMPLES")
    if not d and os.environ.get("GINRUMMY_LIBRARY"):
        lib = os.path.dirname(os.path.abspath(os.environ["GINRUMMY_LIBRARY"]))
        d = os.path.join(lib, "..", "..", "examples")
    return d if d and os.path.isdir(d) else None


def python_cmd(sub: str) -> List[str]:
    return [sys.executable, "-m", "ginrummy", sub]


def env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = PYDIR + os.pathsep + e.get("PYTHONPATH", "")
    return e


def _bytes(text: Union[str, bytes]) -> bytes:
    return text if isinstance(text, bytes) else text.encode()


def run(cmd: Sequence[str], text: Union[str, bytes]) -> subprocess.CompletedProcess:
    """Run a program with `text` piped in; its output as bytes."""
    return subprocess.run(list(cmd), input=_bytes(text), capture_output=True, env=env(),
                          timeout=300)


def run_python(sub: str, args: Sequence[str],
               text: Union[str, bytes]) -> subprocess.CompletedProcess:
    """``python3 -m ginrummy sub args`` with `text` piped in, run in this
    interpreter (the same code as a new process runs, without its start-up
    time); its status and output as bytes."""
    from ginrummy.__main__ import main
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(_bytes(text)))
    sys.stdout, sys.stderr = out, err
    try:
        rc = main([sub, *args])
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess([sub, *args], rc,
                                       out.getvalue().encode("utf-8", "surrogateescape"),
                                       err.getvalue().encode("utf-8", "surrogateescape"))


Decide = Callable[[str, str], Optional[str]]


def drive(cmd: Sequence[str], decide: Decide, prompts: Sequence[str],
          limit: int = 2000) -> str:
    """Play `cmd` interactively: whenever its output ends with one of
    `prompts`, ask decide(transcript, prompt) for the line to type (None:
    close the input).  Returns everything typed."""
    p = subprocess.Popen(list(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         env=env())
    assert p.stdin is not None and p.stdout is not None
    out = b""
    typed: List[str] = []
    fd = p.stdout.fileno()
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 60)
            assert ready, "the program stopped answering: " + out[-300:].decode()
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            out += chunk
            text = out.decode("utf-8", "replace")
            for pr in prompts:
                if text.endswith(pr):
                    line = decide(text, pr) if len(typed) < limit else None
                    if line is None:
                        p.stdin.close()
                    else:
                        typed.append(line)
                        p.stdin.write((line + "\n").encode())
                        p.stdin.flush()
                    break
    finally:
        p.wait(timeout=60)
    return "".join(t + "\n" for t in typed)
