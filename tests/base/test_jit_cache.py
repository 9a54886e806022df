"""numba's cache falls back where it cannot be written (issue 39, item 1): a read-only
site-packages and a read-only HOME leave numba no cache locator, and `njit(cache=True)` then
uses a private per-user folder, or no cache, instead of raising "cannot cache function"."""

from __future__ import annotations

import os
import stat

import pytest

from verify.base import jit

pytestmark = pytest.mark.skipif(not jit.COMPILED, reason="numba not installed or FBS_NUMBA=0")


def _twice(x):
    return 2 * x


@pytest.fixture
def locators(monkeypatch):
    """Set numba's locator list (as if the usual places were read-only) and its CACHE_DIR."""
    from numba.core import caching, config

    def use(classes, cache_dir=""):
        implementation = getattr(caching, "CacheImpl", None) or caching._CacheImpl  # numba >= 0.59
        monkeypatch.setattr(implementation, "_locator_classes", classes)
        monkeypatch.setattr(config, "CACHE_DIR", cache_dir)
    return use


def test_without_any_locator_numba_itself_refuses(locators):
    from numba import njit

    locators([])
    with pytest.raises(RuntimeError, match="cannot cache function"):
        njit(cache=True)(_twice)


def test_without_a_writable_place_the_private_folder_is_used(locators, tmp_path, monkeypatch):
    from numba.core import caching, config

    monkeypatch.setattr(jit.tempfile, "gettempdir", lambda: str(tmp_path))
    locators([caching.UserProvidedCacheLocator])
    compiled = jit.njit(cache=True)(_twice)
    assert compiled(21) == 42
    folder = tmp_path / f"fbs-verify-numba-cache-{os.getuid()}"
    assert config.CACHE_DIR == str(folder) and folder.is_dir()
    assert stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0
    assert any(folder.rglob("*.nbi"))  # the index numba wrote: the cache is in use


def test_without_even_a_private_folder_there_is_no_cache(locators, monkeypatch, tmp_path):
    locators([])
    shared = tmp_path / f"fbs-verify-numba-cache-{os.getuid()}"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)  # open to others: never used
    monkeypatch.setattr(jit.tempfile, "gettempdir", lambda: str(tmp_path))
    assert jit.private_cache_dir() is None
    compiled = jit.njit(cache=True)(_twice)
    assert compiled(4) == 8
    assert type(compiled._cache).__name__ == "NullCache" and not any(shared.iterdir())
