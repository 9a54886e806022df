"""The switch of the compiled paths (the census kernel, the tree side kernel): numba's njit
when numba is installed and FBS_NUMBA is not 0, else a decorator that leaves the function as
it is (the same source, interpreted).

numba caches compiled code next to the source or in the user's cache directory; where neither
is writable (a read-only site-packages and a read-only HOME) `njit(cache=True)` falls back to
a private per-user folder in the temporary directory, and where that fails too, to no cache:
the code is compiled again in each process, never refused.
"""

from __future__ import annotations

import os
import stat
import tempfile
from typing import Any

_numba_njit: Any = None
try:  # the switch: compiled when numba is there and not turned off
    if os.environ.get("FBS_NUMBA", "1") == "0":
        raise ImportError("FBS_NUMBA=0")
    import numba

    _numba_njit = numba.njit
    COMPILED = True
except ImportError:  # the same functions, interpreted (only the tests call them so)
    COMPILED = False


def private_cache_dir() -> str | None:
    """A folder only this user can write, in the temporary directory (None if none can be had:
    it exists but is a link, someone else's, or open to others)."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = os.path.join(tempfile.gettempdir(), f"fbs-verify-numba-cache-{uid}")
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        info = os.lstat(path)
    except OSError:
        return None
    private = stat.S_ISDIR(info.st_mode) and info.st_uid == uid and not info.st_mode & 0o077
    return path if private else None


def _no_locator(error: RuntimeError) -> bool:
    return "cannot cache function" in str(error)


def _compile_cached(function, options: dict):
    """numba's njit with a cache where one can be written, else without one."""
    try:
        return _numba_njit(**options)(function)
    except RuntimeError as error:
        if not _no_locator(error):
            raise
    from numba.core import config

    fallback = None if getattr(config, "CACHE_DIR", "") else private_cache_dir()
    if fallback is not None:
        setattr(config, "CACHE_DIR", fallback)  # numba's first locator: a user-provided folder
        try:
            return _numba_njit(**options)(function)
        except RuntimeError as error:
            if not _no_locator(error):
                raise
    return _numba_njit(**{**options, "cache": False})(function)


def njit(*args, **kwargs):
    """numba.njit (with the cache fallback above), or the function itself when not compiled."""
    if not COMPILED:
        return (lambda f: f) if not args or not callable(args[0]) else args[0]
    if args and callable(args[0]):
        return _numba_njit(*args, **kwargs)
    if not kwargs.get("cache"):
        return _numba_njit(*args, **kwargs)
    return lambda function: _compile_cached(function, kwargs)
