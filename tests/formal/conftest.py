"""The Coq library compiled once per test session (per xdist worker), shared by the Coq tests
of this folder: `compiled` (the unchanged library; a test that edits one of its files takes a
copy) and `mutated` (tests/formal/test_coq.py's mutation tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_library import compile_all, compile_mutation


@pytest.fixture(scope="session")
def compiled(tmp_path_factory) -> Path:
    """The unchanged library, compiled once per version for all the xdist workers (under a
    lock, into the proved program's per-user cache, verify/formal/proved_build.py) and copied
    into this worker's own folder, where its tests compile their files; a test that edits a
    file of it takes a copy."""
    import shutil

    from coq_library import check_sh_files

    from verify.formal import proved_build

    digest = proved_build._digest(check_sh_files(), [["coqc", "--version"]])
    cached = proved_build._cached(f"tests-coq-{digest}", compile_all)
    work = tmp_path_factory.mktemp("coq")
    shutil.copytree(cached, work, dirs_exist_ok=True)
    return work


@pytest.fixture
def mutated(compiled, tmp_path):
    """`mutated(edit)`: compile_mutation on a fresh copy of the compiled library."""
    return lambda edit: compile_mutation(compiled, tmp_path / "coq", edit)
