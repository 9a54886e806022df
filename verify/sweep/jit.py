"""The compiled census's switch: `verify.base.jit` (numba's njit when numba is installed and
FBS_NUMBA is not 0), imported here for the census modules."""

from __future__ import annotations

from verify.base.jit import COMPILED, njit

__all__ = ["COMPILED", "njit"]
