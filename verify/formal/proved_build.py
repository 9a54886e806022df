"""The proved program's build (docs/formal.md, "The proved program"): once per source version, the compiled Coq library and the program `fbs-proved`
(coq/native/) into a per-user cache, and find them there.

Cache: $FBS_PROVED_CACHE, else $XDG_CACHE_HOME/fbs-verify, else ~/.cache/fbs-verify, else
a folder of the temporary directory; one entry per digest of the sources (the Coq files, the
OCaml files, the tools' versions): `coq-DIGEST/` (the library of coq/check.sh's files, in its
order, up to the last checker needed, as `coqc -q -R . FbsCoq` leaves it) and
`program-DIGEST/fbs-proved`. An entry is built in a temporary folder beside it under a lock
file and renamed into place, so concurrent first uses build it once and never see half of it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from verify.base.data import data_dir
from verify.base.errors import EXIT_BUG, BadInput, FbsError

COQ_DIR = data_dir("coq")  # coq/, or its copy in an installed package (verify/base/data.py)
NATIVE = "native"
LAST_FOR_EXPORTS = "checkers/WorstCase.v"  # the last checker a `fbs coq` file needs
PACKAGES = "coq ocaml-findlib libzarith-ocaml-dev libyojson-ocaml-dev"


class BuildFailure(FbsError):
    """The sources of coq/ did not compile: a bug of ours (exit code 3)."""

    exit_code = EXIT_BUG


def cache_root() -> Path:
    """The per-user cache folder (created); a temporary folder when no other is writable."""
    chosen = os.environ.get("FBS_PROVED_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "fbs-verify")
    for folder in (chosen, os.path.join(tempfile.gettempdir(), f"fbs-verify-{os.getuid()}")):
        try:
            os.makedirs(folder, exist_ok=True)
            if os.access(folder, os.W_OK):
                return Path(folder)
        except OSError:
            continue
    raise BadInput("no writable cache folder for the proved checker (set FBS_PROVED_CACHE)")


def check_sh_order() -> list[str]:
    text = (COQ_DIR / "check.sh").read_text() if COQ_DIR.is_dir() else ""
    match = re.search(r"^files=\(([^)]*)\)", text, re.M)
    if not match:
        raise BadInput("the Coq library (coq/ of an fbs-verify checkout) was not found")
    return match.group(1).split()


def required_modules() -> set[str]:
    """The FbsCoq modules coq/native/Extract.v requires."""
    text = (COQ_DIR / NATIVE / "Extract.v").read_text()
    text = re.sub(r"\(\*.*?\*\)", " ", text, flags=re.S)
    names: set[str] = set()
    for group in re.findall(r"From\s+FbsCoq\s+Require\s+Import\s+([^.]*)\.", text):
        names.update(group.split())
    return names


def library_files() -> list[str]:
    """check.sh's files in its order, up to the last one Extract.v or an exported file needs."""
    order = check_sh_order()
    stems = {Path(name).stem: i for i, name in enumerate(order)}
    needed = [stems[name] for name in required_modules() if name in stems]
    if LAST_FOR_EXPORTS in order:
        needed.append(order.index(LAST_FOR_EXPORTS))
    return order[: max(needed) + 1]


def native_files() -> list[str]:
    return sorted(f"{NATIVE}/{p.name}" for p in (COQ_DIR / NATIVE).iterdir()
                  if p.suffix in (".v", ".ml"))


def _version(argv: list[str]) -> str:
    """The tool's resolved path and what it prints (another coqc on PATH, even one printing
    the same version, gets a cache entry of its own)."""
    where = os.path.realpath(shutil.which(argv[0]) or argv[0])
    try:
        said = subprocess.run(argv, capture_output=True, text=True, errors="replace",
                              timeout=60).stdout.strip()
    except OSError:
        said = ""
    return f"{where}\0{said}"


def _digest(names: list[str], tools: list[list[str]]) -> str:
    sha = hashlib.sha256()
    for name in names:
        sha.update(name.encode() + b"\0" + (COQ_DIR / name).read_bytes() + b"\0")
    for argv in tools:
        sha.update(_version(argv).encode() + b"\0")
    return sha.hexdigest()[:20]


def _require_tools(program: bool) -> None:
    missing = [tool for tool in (("coqc", "ocamlfind") if program else ("coqc",))
               if shutil.which(tool) is None]
    if program and not missing:
        for package in ("zarith", "yojson"):
            if subprocess.run(["ocamlfind", "query", package], capture_output=True).returncode:
                missing.append(f"the OCaml library {package}")
    if missing:
        raise BadInput(f"the proved checker needs {', '.join(missing)}: install the Debian "
                       f"packages {PACKAGES if program else 'coq'} (apt-get install -y ...)")
    from verify.formal.coq_run import require_coq

    require_coq()  # a broken or foreign coqc: exit 2, not a failed build


@contextlib.contextmanager
def _locked(root: Path, name: str):
    with open(root / f"{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _cached(name: str, build) -> Path:
    """root/name, built by build(tmp) under the lock and renamed into place."""
    root = cache_root()
    final = root / name
    if final.is_dir():
        return final
    with _locked(root, name):
        if final.is_dir():
            return final
        work = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=root))
        try:
            build(work)
            os.rename(work, final)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return final


def _run(argv: list[str], cwd: Path, what: str) -> str:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise BuildFailure(f"the proved checker does not build: {what}: "
                           f"{detail[-1] if detail else f'exit {done.returncode}'}")
    return done.stdout


def _say(text: str) -> None:
    print(f"fbs: {text}", file=sys.stderr, flush=True)


def coq_library() -> Path:
    """The compiled Coq library (a folder to pass as `-R FOLDER FbsCoq`), built on first use."""
    _require_tools(program=False)
    files = library_files()

    def build(work: Path) -> None:
        _say(f"compiling the Coq library ({len(files)} files, once per version; about a "
             f"minute of CPU) into {work.parent}")
        for name in files:
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(COQ_DIR / name, work / name)
        for name in files:
            done = subprocess.run(["coqc", "-q", "-R", ".", "FbsCoq", name], cwd=work,
                                  capture_output=True, text=True, errors="replace")
            if done.returncode != 0 or not (work / name).with_suffix(".vo").is_file():
                said = " ".join((done.stderr or done.stdout).split())[:160] or "no output"
                raise BadInput(f"the coqc on PATH ({shutil.which('coqc')!r}) does not compile "
                               f"the Coq library (coq/{name}, exit {done.returncode}: "
                               f"{said}); an environment problem: fbs-verify's proofs need "
                               "Coq 8.16")

    return _cached(f"coq-{_digest(files, [['coqc', '--version']])}", build)


TOOLS = [["coqc", "--version"], ["ocamlfind", "ocamlopt", "-version"],
         ["ocamlfind", "query", "zarith", "yojson"]]


def program_entry() -> str:
    """The cache entry of the program for these sources and tools."""
    return f"program-{_digest(library_files() + native_files(), TOOLS)}"


def program() -> Path:
    """The executable fbs-proved, built on first use (the Coq library, then the extraction,
    then `ocamlfind ocamlopt -package zarith,yojson -linkpkg`)."""
    _require_tools(program=True)
    library = coq_library()

    def build(work: Path) -> None:
        _say(f"building the proved checker fbs-proved (extraction and OCaml, once per "
             f"version) into {work.parent}")
        native = work / NATIVE
        native.mkdir()
        for name in native_files():
            shutil.copy(COQ_DIR / name, work / name)
        said = _run(["coqc", "-q", "-R", str(library), "FbsCoq", "Extract.v"], native,
                    "Extract.v")
        wanted = len(re.findall(r"^Print Assumptions", (native / "Extract.v").read_text(),
                                re.MULTILINE))
        if said.count("Closed under the global context") != wanted:
            raise BuildFailure("the proved checker does not build: a Print Assumptions of "
                               "coq/native/Extract.v is not closed")
        sources = [p.name for p in native.iterdir() if p.suffix == ".ml"]
        order = _run(["ocamlfind", "ocamldep", "-sort", *sources], native, "ocamldep").split()
        _run(["ocamlfind", "ocamlopt", "-w", "-a", "-package", "zarith,yojson", "-linkpkg",
              "checkers.mli", *order, "-o", "fbs-proved"], native, "ocamlopt")
        shutil.move(native / "fbs-proved", work / "fbs-proved")
        shutil.rmtree(native)

    return _cached(program_entry(), build) / "fbs-proved"

