"""Write ginrummy/_ffi.py, the package's declarations of the C API, from
include/ginrummy.h: the one source of the struct layouts, constants and
function prototypes the package uses (cffi's out-of-line ABI mode).

    python3 mkffi.py CPP HEADER OUTPUT       (make runs it: CPP is "$(CPP)")

The header's #include lines are dropped and the rest goes through the C
preprocessor with no predefined macros (-undef: GR_API expands to nothing,
the C++ guards vanish), leaving plain C declarations, which cffi parses.
The header's object-like integer macros (GR_NCARDS, GR_NO_CARD,
GR_MAX_MOVES, ...), which the preprocessor consumes, are added as cffi
constants.  cffi writes the parsed declarations as a Python module that
needs no parser and no compiler at run time, only cffi's backend
(Debian: python3-cffi).
"""
import re
import shlex
import subprocess
import sys

import cffi

# "#define GR_NAME value" where value is an integer literal, perhaps cast
# and parenthesised: 52, (-1), ((gr_card)0xFF), ((gr_cards)0xFFFFFFFFFFFFFull)
DEFINE = re.compile(r"^#\s*define\s+(GR_[A-Z0-9_]+)\s+[(\s]*(?:\(\s*[a-z_0-9 ]+\s*\))?\s*"
                    r"(-?\s*(?:0[xX][0-9A-Fa-f]+|\d+))[uUlL]*[)\s]*(?:/\*.*)?$")


def declarations(cpp: str, header: str) -> str:
    """The header's declarations, preprocessed, and its integer constants."""
    with open(header, encoding="utf-8") as f:
        text = f.read()
    body = "".join(line for line in text.splitlines(keepends=True)
                   if not line.lstrip().startswith("#include"))
    out = subprocess.run(shlex.split(cpp) + ["-P", "-undef", "-x", "c", "-"], input=body,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"mkffi.py: {cpp} failed on {header}:\n{out.stderr}")
    consts = []
    for line in text.splitlines():
        m = DEFINE.match(line.strip())
        if m:
            consts.append(f"#define {m.group(1)} {int(m.group(2).replace(' ', ''), 0)}")
    return out.stdout + "\n" + "\n".join(consts) + "\n"


def main(argv: list) -> int:
    if len(argv) != 4:
        sys.exit(__doc__)
    cpp, header, output = argv[1:]
    ffi = cffi.FFI()
    ffi.cdef(declarations(cpp, header))
    ffi.set_source("ginrummy._ffi", None)
    ffi.emit_python_code(output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
