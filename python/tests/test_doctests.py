"""Every example of the package's docstrings (what help() shows) runs as
written and prints what it shows: doctest over every module, none of its
examples skipped.  The modules of ginrummy.pettingzoo and
ginrummy.gymnasium are skipped, with the reason, when pettingzoo or
gymnasium cannot be imported (CI puts ../shared/thirdparty/python on
PYTHONPATH)."""
import doctest
import importlib
import os
import pkgutil
import re

import pytest

import ginrummy as gr

PKG = os.path.dirname(gr.__file__)
MODULES = ["ginrummy"] + sorted("ginrummy." + m.name for m in pkgutil.iter_modules([PKG])
                                if m.name not in ("__main__", "_ffi", "_libdir"))
NEEDS = {"ginrummy.pettingzoo": "pettingzoo", "ginrummy.gymnasium": "gymnasium"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run_as_shown(name):
    if name in NEEDS:
        pytest.importorskip(NEEDS[name], reason=f"{name}'s examples need {NEEDS[name]} "
                            "(PYTHONPATH=../shared/thirdparty/python)")
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, report=True, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {name}'s examples failed (above)"


def test_no_example_is_skipped():
    """An example shown is an example run: no ``doctest: +SKIP``."""
    skipped = []
    for name in os.listdir(PKG):
        if name.endswith(".py"):
            with open(os.path.join(PKG, name), encoding="utf-8") as f:
                skipped += [f"{name}:{i}" for i, line in enumerate(f, 1)
                            if re.search(r"doctest:\s*\+SKIP", line)]
    assert not skipped, f"examples skipped: {skipped}"


def test_the_examples_are_found():
    """The runner finds the examples (a module whose text has ``>>>`` has
    doctests), so a broken collection cannot pass as nothing to run."""
    finder = doctest.DocTestFinder()
    for name in ("ginrummy", "ginrummy.cards", "ginrummy.env", "ginrummy.rummy_hand"):
        tests = finder.find(importlib.import_module(name))
        assert sum(len(t.examples) for t in tests) > 0, name
