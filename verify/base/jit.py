"""The switch of the compiled paths (the census kernel, the tree side kernel): numba's njit
when numba is installed and FBS_NUMBA is not 0, else a decorator that leaves the function as
it is (the same source, interpreted)."""

from __future__ import annotations

import os

try:  # the switch: compiled when numba is there and not turned off
    if os.environ.get("FBS_NUMBA", "1") == "0":
        raise ImportError("FBS_NUMBA=0")
    from numba import njit
    COMPILED = True
except ImportError:  # the same functions, interpreted (only the tests call them so)
    COMPILED = False

    def njit(*args, **kwargs):
        return (lambda f: f) if not args or not callable(args[0]) else args[0]
