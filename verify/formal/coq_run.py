"""Run coqc on exported certificate files (`fbs coq --check`, the tests and the bench).

The Coq library is the coq/ folder (verify/base/data.py: the checkout's, or the copy an
installed package ships), compiled in a temporary directory in the order
coq/check.sh lists (up to the checker an exported file needs); nothing lands in the tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from verify.base.data import data_dir
from verify.base.errors import BadInput

COQ_DIR = data_dir("coq")  # coq/, or its copy in an installed package
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


def compile_library(work: str | os.PathLike) -> None:
    """Compile the library into `work` (a directory)."""
    binary = coqc()
    for name in library_files():
        target = Path(work) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(COQ_DIR / name, target)
        done = subprocess.run([binary, "-q", "-R", ".", "FbsCoq", name], cwd=work,
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"the Coq library does not compile: {name}: {done.stderr}")


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
    """Compile the library, then `path`: (accepted with every assumption closed, coqc's output)."""
    with tempfile.TemporaryDirectory() as work:
        compile_library(work)
        done = check_file(work, os.path.abspath(path))
    return closed(done, path), (done.stderr + done.stdout).strip()
