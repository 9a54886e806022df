"""Installed as packages are installed (issue 39, item 1): `python -m build` makes an sdist and
a wheel from it; the wheel, installed into a fresh virtual environment whose site-packages and
HOME are read-only, works from a directory outside the checkout: `fbs paper` (the stored
certificates and the example trees shipped inside the package), `fbs check` and the checker
process, `fbs coq --check` (the Coq sources shipped), the census (numba's cache falls back to a
private folder: never exit 3).

Root ignores file permissions, so as root the read-only folders are read-only bind mounts in a
private mount namespace (`unshare -m`); where that is not allowed the test says so and skips.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# what the build reads: the package, its data folders and the files pyproject.toml names
BUILD_INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "CITATION.cff",
                "CHANGELOG.md", "verify", "paper_checks", "certificates", "examples", "coq")
READ_ONLY = """mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 99
mount --bind "$2" "$2" && mount -o remount,bind,ro "$2" || exit 99
shift 2; exec "$@"
"""


def _copy_sources(target: Path) -> None:
    """The build's inputs as git sees them (tracked or new, never ignored files)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             "--", *BUILD_INPUTS], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split("\n")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, target / name)


def _read_only_prefix(venv: Path, home: Path) -> list[str]:
    """The command prefix that makes `venv` and `home` read-only for what it runs."""
    if os.geteuid() != 0:
        for folder in (venv, home):
            subprocess.run(["chmod", "-R", "a-w", str(folder)], check=True)
        return []
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("running as root without `unshare -m`: cannot make site-packages read-only")
    return ["unshare", "-m", "sh", "-c", READ_ONLY, "sh", str(venv), str(home)]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(run, wheel): `run(*argv)` runs a command of the installed package, read-only, from a
    folder outside the checkout."""
    base = tmp_path_factory.mktemp("install")
    sources, dist, venv = base / "src", base / "dist", base / "venv"
    _copy_sources(sources)
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist),
                    str(sources)], check=True, capture_output=True)
    wheel = next(dist.glob("*.whl"))
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print("
                                   "sysconfig.get_paths()['purelib'])"], capture_output=True,
                                  text=True, check=True).stdout.strip())
    # the test environment's dependencies, read after the venv's own site-packages (a path
    # line in a .pth file: the editable checkout's own .pth files there are not processed)
    (purelib / "test-dependencies.pth").write_text(
        "\n".join(sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}))
        + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--ignore-installed", str(wheel)], check=True, capture_output=True)
    home, work = base / "home", base / "elsewhere"
    home.mkdir()
    work.mkdir()
    prefix = _read_only_prefix(venv, home)
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("PYTHON", "NUMBA_", "XDG_", "FBS_"))}
    environment["HOME"] = str(home)

    def run(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([*prefix, *argv], cwd=work, env=environment, capture_output=True,
                              text=True)

    yield run, wheel, venv, work
    subprocess.run(["chmod", "-R", "u+w", str(base)], check=False)


@pytest.mark.slow
def test_the_wheel_carries_the_data_folders(installed):
    _, wheel, _, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    manifest = json.loads((ROOT / "certificates" / "paper" / "MANIFEST.json").read_text())
    for entry in manifest["certificates"]:
        assert f"verify/_data/paper/{entry['file']}" in names, entry["file"]
    for tree in (ROOT / "examples").glob("*.json"):
        assert f"verify/_data/examples/{tree.name}" in names
    assert "verify/_data/coq/check.sh" in names and "verify/py.typed" in names
    for suffix in (".v", ".ml"):  # the Coq library and the proved checker's sources
        assert len([n for n in names if n.startswith("verify/_data/coq/")
                    and n.endswith(suffix)]) == len(list((ROOT / "coq").rglob("*" + suffix)))


@pytest.mark.slow
def test_installed_commands_work_outside_the_checkout(installed):
    run, _, venv, work = installed
    fbs, python = str(venv / "bin" / "fbs"), str(venv / "bin" / "python")
    where = run(python, "-c", "import verify.report.stored as s, verify; "
                "print(verify.__file__); print(s.STORE)")
    assert where.returncode == 0, where.stderr[-2000:]
    package, store = where.stdout.split()
    assert package.startswith(str(venv)) and store.startswith(str(venv)), where.stdout

    paper = run(fbs, "paper")
    assert paper.returncode == 0, paper.stdout[-2000:] + paper.stderr[-2000:]
    report = json.loads((work / "report" / "report.json").read_text())
    assert not [check["name"] for check in report["checks"] if check["status"] == "failed"]
    assert report["stored_certificates_equal"] and not report["stored_certificate_differences"]
    assert report["stored_certificates_compared"] == len(json.loads(
        (ROOT / "certificates" / "paper" / "MANIFEST.json").read_text())["certificates"])
    assert "MISMATCH" not in paper.stdout + paper.stderr

    stored = run(fbs, "paper", "--check-stored")  # the checker process on the shipped store
    assert stored.returncode == 0, stored.stderr

    certify = run(fbs, "certify", "maj:5", "--at", "11100", "--method", "symmetric",
                  "-o", "c.json")
    assert certify.returncode == 0, certify.stderr
    check = run(fbs, "check", "c.json")
    assert check.returncode == 0 and "valid" in check.stdout, check.stderr
    alone = run(python, "-m", "verify.checker", "c.json")
    assert alone.returncode == 0, alone.stderr

    census = run(fbs, "census", "--exhaustive", "3", "--json")
    assert census.returncode == 0, census.stderr
    assert int(json.loads(census.stdout)["functions"]) == 2 ** 2 ** 3

    if shutil.which("coqc"):  # CI installs it (.ci/run)
        coq = run(fbs, "coq", "c.json", "-o", "c.v", "--check")
        assert coq.returncode == 0, coq.stderr
