"""The Coq library of coq/ compiled for the tests, as coq/check.sh compiles it (in its order,
`coqc -q -R . FbsCoq FILE` in a copy), and the mutation helper of tests/formal/test_coq.py:
an edited copy of the compiled library recompiles only the edited file and the files after it.
The fixtures `compiled` and `mutated` (tests/formal/conftest.py) are built on these."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

COQ_DIR = Path(__file__).resolve().parents[2] / "coq"
COQC = shutil.which("coqc")


def check_sh_files() -> list[str]:
    match = re.search(r"^files=\(([^)]*)\)", (COQ_DIR / "check.sh").read_text(), re.M)
    assert match, "coq/check.sh lists its files as files=(...)"
    return match.group(1).split()


def coqc(work: Path, name: str) -> subprocess.CompletedProcess:
    """coqc on WORK/NAME as check.sh runs it (in WORK, `-R . FbsCoq`)."""
    return subprocess.run([COQC, "-q", "-R", ".", "FbsCoq", name], cwd=work,
                          capture_output=True, text=True, timeout=600)


def compile_all(work: Path) -> None:
    for name in check_sh_files():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(COQ_DIR / name, work / name)
    for name in check_sh_files():
        done = coqc(work, name)
        assert done.returncode == 0, done.stderr + done.stdout


def compile_mutation(compiled: Path, copy: Path, edit) -> subprocess.CompletedProcess:
    """coqc on the library edited by `edit(copy)`: COPY is a copy of the compiled library (its
    .vo files included); the first file the edit changed, in check.sh's order, and every file
    after it are recompiled (each requires only files before it), up to the first that coqc
    refuses; returns that coqc run (or the last one, when every file compiles)."""
    shutil.copytree(compiled, copy)
    edit(copy)
    order = check_sh_files()
    changed = [i for i, name in enumerate(order)
               if (copy / name).read_bytes() != (COQ_DIR / name).read_bytes()]
    assert changed, "the edit changed no file of the library"
    for name in order[changed[0]:]:
        done = coqc(copy, name)
        if done.returncode != 0:
            break
    return done
