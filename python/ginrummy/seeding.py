"""Seeds that never share hands between seeds, workers or environments.

``derive_seed(seed, stream, index)`` is the library's ``gr_seed_derive``: a
64-bit hash of the three numbers that is a bijection of `seed` for a fixed
stream and index.  The environments deal hand (episode) ``k`` of a run
seeded ``s`` from ``derive_seed(s, stream, k)``, where the stream names what
is dealt (see ``STREAMS``) or, in a batch, the environment's index.  So
seed 5's second hand is not seed 6's first, and workers seeded
``base + rank`` share nothing.

>>> derive_seed(5, 0, 1) != derive_seed(6, 0, 0)
True
"""
from __future__ import annotations

import os
from typing import Optional

from ._lib import ffi, lib
from .errors import check

MASK64 = (1 << 64) - 1

#: the streams the environments use, by what they deal
STREAMS = {"hand": 0, "match": 1, "np_random": 2, "batch": 3, "bot": 16}


def derive_seed(seed: int, stream: int = 0, index: int = 0) -> int:
    """The library's independent seed for hand `index` of `stream` of a run
    seeded `seed` (each taken modulo 2**64)."""
    out = ffi.new("uint64_t *")
    check(lib.gr_seed_derive(int(seed) & MASK64, int(stream) & MASK64,
                             int(index) & MASK64, out), "seed")
    return int(out[0])


def fresh_seed() -> int:
    """A seed from the operating system, for environments reset without one."""
    return int.from_bytes(os.urandom(8), "little")


def seed_or_fresh(seed: Optional[int]) -> int:
    """`seed` as a 64-bit seed; a fresh one for None.  TypeError for what
    is not an integer (bool and float included)."""
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
    return int(seed.__index__()) & MASK64
