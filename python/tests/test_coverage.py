"""The binding cannot silently fall behind the C API: every GR_API function
of include/ginrummy.h is bound (declared to the package, from the header
itself, and called by it) or is listed in ginrummy.EXCLUDED with a
reason.  The header is found beside the package in the source tree, or by
GINRUMMY_HEADER."""
import os
import re

import pytest

import ginrummy as gr
from ginrummy import _lib

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.environ.get("GINRUMMY_HEADER",
                        os.path.join(HERE, "..", "..", "include", "ginrummy.h"))


def _api() -> set:
    if not os.path.exists(HEADER):
        pytest.skip("no ginrummy.h beside the package")
    text = open(HEADER).read()
    return set(re.findall(r"GR_API\b[^;(]*?\b(gr_[a-z0-9_]+)\s*\(", text))


def _bound() -> set:
    names = set()
    for mod in (_lib,):
        for table in ("_protos", "_optional"):
            names.update(getattr(mod, table, {}).keys())
    return names


def test_every_api_function_is_bound_or_excluded():
    api = _api()
    assert len(api) > 150            # the regex found the declarations
    missing = sorted(api - _bound() - set(gr.EXCLUDED))
    assert not missing, f"GR_API functions neither bound nor in EXCLUDED: {missing}"


def test_exclusions_are_real_and_explained():
    api = _api()
    for name, why in gr.EXCLUDED.items():
        assert name in api, f"{name} is excluded but not in the header"
        assert name not in _bound(), f"{name} is both bound and excluded"
        assert len(why) > 10, f"{name}: no reason given"


def test_bound_functions_are_called_by_the_package():
    # a prototype alone is not a binding: some Python code calls it
    pkg = os.path.dirname(gr.__file__)
    src = "".join(open(os.path.join(pkg, f)).read() for f in os.listdir(pkg)
                  if f.endswith(".py"))
    called = set(re.findall(r"lib\.(gr_[a-z0-9_]+)", src))
    assert not sorted(_bound() - called)


def test_bound_functions_exist_and_have_prototypes():
    for name in _bound() - set(_lib._optional):
        f = getattr(_lib.lib, name)
        assert _lib.ffi.typeof(f).kind == "function", name


def test_new_struct_sizes_match_the_library():
    for name, cls in _lib.STRUCTS.items():
        assert _lib.ffi.sizeof(cls) == _lib.lib.gr_struct_size(name.encode()), name
