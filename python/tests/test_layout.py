"""The package's layout: every class is defined whole in one module (no
module adds methods to another's classes), __init__ only re-exports,
every public function, class and method has a docstring that help()
shows, and the whole package passes mypy --strict (when mypy is here)."""
import importlib
import inspect
import os
import pkgutil
import subprocess
import sys

import pytest

import ginrummy as gr

PKG = os.path.dirname(gr.__file__)
MODULES = sorted(m.name for m in pkgutil.iter_modules([PKG])
                 if m.name not in ("__main__", "_ffi", "_libdir"))


def _public_objects():
    names = list(gr.__all__) + ["rummy." + n for n in gr.rummy.__all__]
    seen = set()
    for name in names:
        obj = gr
        for part in name.split("."):
            obj = getattr(obj, part)
        if inspect.ismodule(obj) or id(obj) in seen:
            continue
        seen.add(id(obj))
        if inspect.isclass(obj) or inspect.isfunction(obj):
            yield name, obj


def test_every_class_is_defined_whole_in_its_module():
    # no assignment "Class.method = function" anywhere in the package
    for mod in MODULES:
        src = open(os.path.join(PKG, mod + ".py")).read()
        for cls in ("Game", "Match", "Bot", "View", "Rules", "RummyHand", "RummyGame",
                    "RummyRules", "RummyMatch", "GinRummyEnv", "VecGinRummyEnv"):
            assert f"\n{cls}." not in src, f"{mod}.py adds to {cls}"
    for name, obj in _public_objects():
        if inspect.isclass(obj):
            home = os.path.abspath(inspect.getsourcefile(obj))
            for attr, value in vars(obj).items():
                fn = getattr(value, "fget", value)
                fn = inspect.unwrap(getattr(fn, "__func__", fn))
                if inspect.isfunction(fn):
                    where = os.path.abspath(fn.__code__.co_filename)
                    if where.startswith(PKG):       # not generated (namedtuple, dataclass)
                        assert where == home, f"{name}.{attr} defined in {where}"


def test_init_only_reexports():
    src = open(os.path.join(PKG, "__init__.py")).read()
    body = [line for line in src.splitlines() if line.startswith(("def ", "class "))]
    assert body == ["def __getattr__(name: str) -> Any:"]
    for name in gr.__all__:
        assert getattr(gr, name).__module__ != "ginrummy" if hasattr(
            getattr(gr, name), "__module__") else True, name


def test_public_functions_classes_and_methods_have_docstrings():
    missing = []
    for name, obj in _public_objects():
        if not inspect.getdoc(obj):
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, tuple):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                fn = value.fget if isinstance(value, property) else value
                fn = getattr(fn, "__func__", fn)
                if inspect.isfunction(fn) and not fn.__doc__:
                    missing.append(f"{name}.{attr}")
    assert not missing, f"no docstring: {missing}"


def test_help_shows_the_docstrings():
    text = pydoc_text(gr.Game)
    assert "One hand of Gin" in text and "Every legal move of the player to act" in text


def pydoc_text(obj):
    import pydoc
    return pydoc.render_doc(obj, renderer=pydoc.plaintext)


def test_the_package_passes_a_strict_type_check():
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.skip("no mypy (Debian: python3-mypy)")
    config = os.path.join(os.path.dirname(PKG), "mypy.ini")
    out = subprocess.run([sys.executable, "-m", "mypy", "--config-file", config,
                          "--cache-dir", os.devnull, PKG],
                         capture_output=True, text=True, cwd=os.path.dirname(PKG))
    assert out.returncode == 0, out.stdout + out.stderr


def test_make_installs_and_distributes_every_module_and_test():
    # Makefile.am lists the package's files by name: a module it does not
    # list would be missing after make install, a test missing from the
    # tarball would not run in make distcheck
    top = os.path.join(os.path.dirname(PKG), "..")
    makefile = os.path.join(top, "Makefile.am")
    if not os.path.exists(makefile):
        pytest.skip("no Makefile.am (an installed package)")
    text = open(makefile).read()
    here = os.path.join(os.path.dirname(PKG), "tests")
    names = [f"python/ginrummy/{m}.py" for m in MODULES + ["__main__"] if m != "_ffi"]
    names += [f"python/tests/{f}" for f in os.listdir(here) if f.endswith(".py")]
    missing = [n for n in names if n not in text]
    assert not missing, f"not in Makefile.am: {missing}"


BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in sys.argv[2:]:
            raise ImportError(f"No module named {name!r}")
sys.meta_path.insert(0, Block())
import ginrummy
ginrummy.deadwood("AS 2S 3S")
try:
    __import__(sys.argv[1])
except ImportError as exc:
    print(exc)
"""


@pytest.mark.parametrize("module, blocked, needs", [
    ("ginrummy.pettingzoo", ["pettingzoo"], "pettingzoo and gymnasium"),
    ("ginrummy.pettingzoo", ["gymnasium"], "pettingzoo and gymnasium"),
    ("ginrummy.gymnasium", ["gymnasium"], "gymnasium"),
])
def test_optional_modules_say_what_to_install(module, blocked, needs):
    """Without pettingzoo or gymnasium the rest of the package works, and
    the module that needs them says what to install."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(PKG) + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, "-c", BLOCK, module, *blocked], capture_output=True,
                       text=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == (f"{module} needs {needs}, which cannot be imported: pip "
                                f"install {needs.replace(' and ', ' ')} (the rest of "
                                "ginrummy works without them)"), p.stdout
