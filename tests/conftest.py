import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402


@pytest.fixture
def no_census(monkeypatch):
    """`fbs census --exhaustive` with the census itself replaced by a failure: a refusal that
    passes is decided before the work (work observed, not timed: Q = 6 takes minutes)."""
    import verify.sweep.exhaustive_census as module

    def census(*args, **kwargs):
        raise AssertionError("the census ran before the refusal")

    monkeypatch.setattr(module, "exhaustive_census", census)
