"""Run coqc on exported certificate files (`fbs coq --check`, the tests and the bench).

The Coq library is this checkout's coq/ folder, compiled once per version into the per-user
cache in the order coq/check.sh lists (verify/formal/proved_build.py, shared with the proved
program); nothing lands in the tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from verify.base.errors import BadInput


def coqc() -> str:
    found = shutil.which("coqc")
    if found is None:
        raise BadInput("coqc is not installed (Debian: apt-get install -y coq)")
    return found


def compile_library(work: str | os.PathLike) -> None:
    """The compiled library (from the per-user cache, compiled there on first use) copied
    into `work`, for callers that compile in place (`-R . FbsCoq`: the benchmarks)."""
    from verify.formal.proved_build import coq_library

    shutil.copytree(coq_library(), work, dirs_exist_ok=True)


def check_file(work: str | os.PathLike, path: str | os.PathLike) -> subprocess.CompletedProcess:
    """coqc on a copy of `path` in `work`, against the library compiled there (coqc's build
    files stay in `work`); returns the finished process."""
    shutil.copy(path, Path(work) / "Exported.v")
    return subprocess.run([coqc(), "-q", "-R", ".", "FbsCoq", "Exported.v"],
                          cwd=work, capture_output=True, text=True)


def closed(done: subprocess.CompletedProcess, path: str | os.PathLike) -> bool:
    """coqc accepted the file and every Print Assumptions in it is closed."""
    wanted = len(re.findall(r"^Print Assumptions", Path(path).read_text(), re.M))
    return done.returncode == 0 and \
        done.stdout.count("Closed under the global context") == wanted


def check_exported(path: str | os.PathLike) -> tuple[bool, str]:
    """coqc on `path` against the compiled library of the per-user cache (compiled there on
    first use, verify/formal/proved_build.py): (accepted with every assumption closed, coqc's
    output). Only the exported file is compiled, in a temporary directory."""
    from verify.formal.proved_build import coq_library

    library = coq_library()
    with tempfile.TemporaryDirectory() as work:
        shutil.copy(os.path.abspath(path), Path(work) / "Exported.v")
        done = subprocess.run([coqc(), "-q", "-R", str(library), "FbsCoq", "Exported.v"],
                              cwd=work, capture_output=True, text=True)
    return closed(done, path), (done.stderr + done.stdout).strip()
