"""The proved program (coq/native/, verify/formal/proved_build.py and proved_run.py), built once per test session: the fixture
`proved` is the path of fbs-proved from the per-user cache (built there on the first use of
these sources, about a minute of CPU; reused by later runs). Without coqc, ocamlfind, Zarith or
yojson the tests of this folder are skipped, but not in CI (CI set): .ci/run installs them."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "checker"))


@pytest.fixture(scope="session")
def proved() -> Path:
    from verify.base.errors import BadInput
    from verify.formal.proved_build import program

    try:
        return program()
    except BadInput as error:
        if os.environ.get("CI"):  # .ci/run installs Coq, OCaml, Zarith and yojson: never skip
            raise
        pytest.skip(f"the proved program cannot be built here: {error}")


@pytest.fixture
def run_proved(proved, tmp_path):
    """run_proved(obj or bytes, gzip=False) -> ProvedVerdict of fbs-proved on that file."""
    import gzip as gz

    from verify.formal.proved_run import check_file

    counter = iter(range(10**9))

    def run(content, gzip: bool = False):
        data = content if isinstance(content, bytes) else json.dumps(content).encode()
        path = tmp_path / f"c{next(counter)}.json{'.gz' if gzip else ''}"
        path.write_bytes(gz.compress(data) if gzip else data)
        return check_file(proved, os.fspath(path))

    return run


@pytest.fixture(scope="session")
def stdlib_exit():
    """stdlib_exit(obj or bytes): the stdlib checker's exit code on that file (0 valid,
    1 invalid, 2 malformed or beyond a bound), in this process."""
    from verify.checker import CertificateMalformed
    from verify.checker.reader import check_bytes

    def code(content) -> int:
        data = content if isinstance(content, bytes) else json.dumps(content).encode()
        try:
            return 0 if check_bytes(data).valid else 1
        except CertificateMalformed:
            return 2

    return code
