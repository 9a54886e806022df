"""The Coq library compiled once per test session (per xdist worker), shared by the Coq tests
of this folder: `compiled` (the unchanged library; a test that edits one of its files takes a
copy) and `mutated` (tests/formal/test_coq.py's mutation tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_library import compile_all, compile_mutation


@pytest.fixture(scope="session")
def compiled(tmp_path_factory) -> Path:
    """The unchanged library, compiled once (a test that edits a file of it takes a copy)."""
    work = tmp_path_factory.mktemp("coq")
    compile_all(work)
    return work


@pytest.fixture
def mutated(compiled, tmp_path):
    """`mutated(edit)`: compile_mutation on a fresh copy of the compiled library."""
    return lambda edit: compile_mutation(compiled, tmp_path / "coq", edit)
