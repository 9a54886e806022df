"""Run coqc on exported certificate files (`fbs coq --check`, the tests and the bench).

The Coq library is this checkout's coq/ folder, compiled in a temporary directory in the order
coq/check.sh lists (up to the checker an exported file needs); nothing lands in the tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from verify.base.errors import BadInput

COQ_DIR = Path(__file__).resolve().parents[2] / "coq"
LAST_NEEDED = "checkers/WorstCase.v"  # the last checker an exported file needs


def library_files() -> list[str]:
    """coq/check.sh's files, in its order, up to the last checker (LAST_NEEDED)."""
    text = (COQ_DIR / "check.sh").read_text() if COQ_DIR.is_dir() else ""
    match = re.search(r"^files=\(([^)]*)\)", text, re.M)
    if not match or LAST_NEEDED not in match.group(1).split():
        raise BadInput("the Coq library (coq/ of an fbs-verify checkout) was not found; "
                       "--check needs it")
    files = match.group(1).split()
    return files[: files.index(LAST_NEEDED) + 1]


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


def compile_library(work: str | os.PathLike) -> None:
    """Compile the library into `work` (a directory). A coqc that fails on it is an
    environment problem (another Coq version, a broken or foreign program named coqc):
    BadInput, exit 2; coq/check.sh compiles the same files in CI with Coq 8.16."""
    files = library_files()
    _require_coq(work)
    for name in files:
        target = Path(work) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(COQ_DIR / name, target)
        done = _run_coqc(["-q", "-R", ".", "FbsCoq", name], work)
        if done.returncode != 0:
            raise BadInput(f"the coqc on PATH ({coqc()!r}) does not compile the Coq library "
                           f"(coq/{name}, exit {done.returncode}: {_said(done, 160)}); "
                           "an environment problem: fbs-verify's proofs need Coq 8.16")


def _require_coq(work: str | os.PathLike) -> None:
    """BadInput (exit 2) unless `coqc --version` says it is the Coq proof assistant."""
    done = _run_coqc(["--version"], work)
    if done.returncode != 0 or "The Coq Proof Assistant" not in done.stdout + done.stderr:
        raise BadInput(f"the coqc on PATH ({coqc()!r}) is not Coq (coqc --version: exit "
                       f"{done.returncode}: {_said(done, 60)}); an environment problem: "
                       "install Coq 8.16 (apt-get install -y coq)")


def _said(done: subprocess.CompletedProcess, limit: int) -> str:
    """What a program printed, on one line of printable characters, cut to `limit`."""
    text = " ".join((done.stdout + done.stderr).split())
    text = "".join(c if c.isprintable() else "?" for c in text)
    return (text[:limit] + "..." if len(text) > limit else text) or "no output"


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
    """Compile the library, then a file holding `text` (in a temporary folder): (accepted
    with every assumption closed, coqc's output)."""
    with tempfile.TemporaryDirectory() as work:
        compile_library(work)
        exported = Path(work) / "Exported.source.v"
        exported.write_text(text, encoding="utf-8")
        done = check_file(work, exported)
    return closed(done, text=text), (done.stderr + done.stdout).strip()
