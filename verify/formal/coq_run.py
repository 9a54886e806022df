"""Run coqc on exported certificate files (`fbs coq --check`, the tests and the bench).

The Coq library is the coq/ folder (verify/base/data.py: the checkout's, or the copy an
installed package ships), compiled once per version into the per-user
cache in the order coq/check.sh lists (verify/formal/proved_build.py, shared with the proved
program); nothing lands in the tree. A coqc that is not Coq, or cannot be run, is an
environment problem: BadInput, exit 2.
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


def _run_coqc(arguments: list[str], work: str | os.PathLike) -> subprocess.CompletedProcess:
    """coqc with `arguments` in `work`; its output decoded whatever bytes it prints (a foreign
    program on PATH may print anything); BadInput (exit 2) if it cannot be run at all."""
    binary = coqc()
    try:
        return subprocess.run([binary, *arguments], cwd=work, capture_output=True, text=True,
                              errors="replace")
    except OSError as error:
        raise BadInput(f"cannot run coqc ({binary!r}): {error.strerror or error}; an "
                       "environment problem (install Coq 8.16: apt-get install -y coq)") from None


def require_coq() -> None:
    """BadInput (exit 2) unless `coqc --version` says it is the Coq proof assistant."""
    done = _run_coqc(["--version"], ".")
    if done.returncode != 0 or "The Coq Proof Assistant" not in done.stdout + done.stderr:
        raise BadInput(f"the coqc on PATH ({coqc()!r}) is not Coq (coqc --version: exit "
                       f"{done.returncode}: {_said(done, 60)}); an environment problem: "
                       "install Coq 8.16 (apt-get install -y coq)")


def _said(done: subprocess.CompletedProcess, limit: int) -> str:
    """What a program printed, on one line of printable characters, cut to `limit`."""
    text = " ".join((done.stdout + done.stderr).split())
    text = "".join(c if c.isprintable() else "?" for c in text)
    return (text[:limit] + "..." if len(text) > limit else text) or "no output"


def compile_library(work: str | os.PathLike) -> None:
    """The compiled library (from the per-user cache, compiled there on first use) copied
    into `work`, for callers that compile in place (`-R . FbsCoq`: the benchmarks)."""
    from verify.formal.proved_build import coq_library

    shutil.copytree(coq_library(), work, dirs_exist_ok=True)


def check_file(work: str | os.PathLike, path: str | os.PathLike) -> subprocess.CompletedProcess:
    """coqc on a copy of `path` in `work`, against the library compiled there (coqc's build
    files stay in `work`); returns the finished process."""
    shutil.copy(path, Path(work) / "Exported.v")
    return _run_coqc(["-q", "-R", ".", "FbsCoq", "Exported.v"], work)


def closed(done: subprocess.CompletedProcess, path: str | os.PathLike | None = None,
           text: str | None = None) -> bool:
    """coqc accepted the file (at `path`, or its `text`) and every Print Assumptions in it
    is closed."""
    text = Path(path).read_text() if text is None else text
    wanted = len(re.findall(r"^Print Assumptions", text, re.M))
    return done.returncode == 0 and \
        done.stdout.count("Closed under the global context") == wanted


def check_text(text: str) -> tuple[bool, str]:
    """coqc on a file holding `text` (in a temporary folder) against the compiled library of
    the per-user cache: (accepted with every assumption closed, coqc's output)."""
    from verify.formal.proved_build import coq_library

    require_coq()
    library = coq_library()
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "Exported.v").write_text(text, encoding="utf-8")
        done = _run_coqc(["-q", "-R", str(library), "FbsCoq", "Exported.v"], work)
    return closed(done, text=text), (done.stderr + done.stdout).strip()
