"""Loading libginrummy.so.0 and its declarations.

The declarations (struct layouts, constants, prototypes) are those of
``include/ginrummy.h`` itself: ``make`` runs ``python/mkffi.py``, which
passes the header through the C preprocessor and has cffi write them as
the module ``_ffi.py`` (cffi's out-of-line ABI mode: no compiler and no
header parser at run time, only cffi's backend, Debian's python3-cffi).
cffi lays out each struct as the C compiler does, so the package has no
layout of its own to keep in step; a test compares every struct's size
with the one the library reports (``gr_struct_size``).

``_ffi.py`` is found next to this module (an in-tree build and ``make
install`` put it there) or at ``$GINRUMMY_FFI``.  The library is looked
for, in order: the file named by ``$GINRUMMY_LIBRARY``;
``libginrummy.so.0`` next to this package; the library directory ``make
install`` used (``_libdir.py``); then through the dynamic linker's search
path (``ld.so.cache``, ``LD_LIBRARY_PATH``).
"""
from __future__ import annotations

import ctypes.util
import importlib
import importlib.util
import os
from typing import Any, Dict, List

__all__ = ["ffi", "lib", "STRUCTS", "EXCLUDED", "version", "version_number"]


def _load_ffi() -> Any:
    path = os.environ.get("GINRUMMY_FFI")
    if path:
        spec = importlib.util.spec_from_file_location("ginrummy._ffi", path)
        if spec is None or spec.loader is None or not os.path.exists(path):
            raise ImportError(f"GINRUMMY_FFI={path}: no such declarations module")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod.ffi
    try:    # imported by name: a build product, which the type checker skips
        found = importlib.import_module(__name__.rsplit(".", 1)[0] + "._ffi").ffi
    except ImportError as exc:
        if "cffi" in str(exc):
            raise ImportError("the ginrummy package needs cffi (Debian: apt-get install "
                              "python3-cffi)") from exc
        raise ImportError("ginrummy/_ffi.py is missing: make writes it from ginrummy.h "
                          "(python/mkffi.py); or set GINRUMMY_FFI to its path") from exc
    return found


ffi: Any = _load_ffi()


def _load() -> Any:
    tried: List[str] = []
    candidates: List[str] = []
    path = os.environ.get("GINRUMMY_LIBRARY")
    if path:
        candidates.append(path)
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(here, "libginrummy.so.0"))
    try:  # written by make install: where the library went
        libdir = importlib.import_module(__name__.rsplit(".", 1)[0] + "._libdir").LIBDIR
        candidates.append(os.path.join(libdir, "libginrummy.so.0"))
    except ImportError:
        pass
    candidates.append("libginrummy.so.0")
    found = ctypes.util.find_library("ginrummy")
    if found:
        candidates.append(found)
    for cand in candidates:
        if os.sep in cand and not os.path.exists(cand):
            tried.append(cand + " (missing)")
            continue
        try:
            return ffi.dlopen(cand)
        except OSError as exc:
            tried.append(f"{cand} ({exc})")
    raise ImportError("cannot load libginrummy.so.0; set GINRUMMY_LIBRARY to its path. "
                      "Tried: " + "; ".join(tried))


lib: Any = _load()
NULL: Any = ffi.NULL

GR_OK: int = lib.GR_OK
GR_EINVAL: int = lib.GR_EINVAL
GR_ESTATE: int = lib.GR_ESTATE
GR_EILLEGAL: int = lib.GR_EILLEGAL
GR_ENOMEM: int = lib.GR_ENOMEM
GR_ESPACE: int = lib.GR_ESPACE
GR_EPARSE: int = lib.GR_EPARSE
GR_NCARDS: int = lib.GR_NCARDS
GR_NO_CARD: int = lib.GR_NO_CARD
GR_MAX_MELDS: int = lib.GR_MAX_MELDS
GR_MAX_MOVES: int = lib.GR_MAX_MOVES
RUMMY_JOKER: int = lib.GR_RUMMY_JOKER
RUMMY_MAX_PLAYERS: int = lib.GR_RUMMY_MAX_PLAYERS
RUMMY_MAX_MELDS: int = lib.GR_RUMMY_MAX_MELDS
RUMMY_MAX_CARDS: int = lib.GR_RUMMY_MAX_CARDS
RUMMY_MAX_MOVES: int = lib.GR_RUMMY_MAX_MOVES
ENV_NUM_ACTIONS: int = lib.GR_ENV_NUM_ACTIONS
ENV_OBS_SIZE: int = lib.GR_ENV_OBS_SIZE


def _struct_names() -> List[str]:
    typedefs, _, _ = ffi.list_types()
    return sorted(n for n in typedefs
                  if n.startswith("gr_") and ffi.typeof(n).kind == "struct")


#: every public struct of the header the library reports a size for, by
#: its C name (the value: its cffi type)
STRUCTS: Dict[str, Any] = {n: ffi.typeof(n) for n in _struct_names()
                           if lib.gr_struct_size(n.encode()) >= 0}

#: Functions of ginrummy.h deliberately not bound, with the reason.
EXCLUDED: Dict[str, str] = {
    "gr_rummy_match_load": "RummyMatch.load uses gr_rummy_match_load_ex (the same, plus "
                           "the place of a fault)",
    "gr_rules_new_mm": "custom allocator (C function pointers); Python objects use malloc",
    "gr_game_load_mm": "custom allocator; Game.load uses gr_game_load_ex with mm=NULL",
    "gr_bot_new_mm": "custom allocator; Bot uses gr_bot_new",
    "gr_rummy_rules_new_mm": "custom allocator; RummyRules uses gr_rummy_rules_new",
    "gr_rummy_game_load_mm": "custom allocator; RummyGame.load uses gr_rummy_game_load_ex",
    "gr_rummy_game_load": "RummyGame.load uses gr_rummy_game_load_ex (the same, plus the "
                          "place of a fault)",
    "gr_rummy_bot_new_mm": "custom allocator; RummyBot uses gr_rummy_bot_new",
    "gr_rummy_game_legal_masks": "fixed-size masks for C search loops; "
                                 "RummyGame.legal_moves lists the same moves",
    "gr_rummy_game_step": "the C search loop's play-and-masks; RummyGame.play plays a move",
    "gr_game_load": "Game.load uses gr_game_load_ex (the same, plus the place of a fault)",
    "gr_match_load": "Match.load uses gr_match_load_ex (the same, plus the place of a fault)",
    "gr_batch_reset": "deals environment i from seed + i, so batches of neighbouring seeds "
                      "share hands; VecGinRummyEnv and GinVectorEnv deal with "
                      "gr_batch_reset_streams (a stream per environment)",
}


def _functions() -> Dict[str, Any]:
    out = {}
    for name in dir(lib):
        if name.startswith("gr_"):
            obj = getattr(lib, name)
            if isinstance(obj, ffi.CData) and ffi.typeof(obj).kind == "function":
                out[name] = ffi.typeof(obj)
    return out


#: the functions of the header the package binds: all but EXCLUDED, each
#: with its prototype (a test checks that the package calls every one)
_protos: Dict[str, Any] = {n: t for n, t in _functions().items() if n not in EXCLUDED}
#: functions of later library versions bound when present (none since 0.1.0)
_optional: Dict[str, Any] = {}
HAVE_REASONS = True


def string(p: Any) -> str:
    """A C string the library returned, as text ("" for NULL)."""
    return "" if p == NULL else str(ffi.string(p).decode())


def version() -> str:
    """The C library's version, "MAJOR.MINOR.PATCH"."""
    return string(lib.gr_version())


def version_number() -> int:
    """The C library's version as MAJOR * 10000 + MINOR * 100 + PATCH."""
    return int(lib.gr_version_number())
