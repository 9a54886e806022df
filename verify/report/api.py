"""The public API of `fbs paper`: every paper check, the report, the stored certificates.

`paper()` runs the checks of the top-level `paper_checks` package (one per claim of the paper,
loaded by name: it sits above every layer of `verify`), compares
every recomputed certificate with the stored one and writes report.md, report.json and the
plots; `check_stored()` re-verifies the stored certificates with the stdlib-only checker alone.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from verify.base.arguments import FLAG, PATH, TEXT, api, optional, sequence
from verify.base.errors import BadInput, UnknownName
from verify.base.files import check_paths
from verify.base.notebook import NotebookView, require_pandas
from verify.base.progress import Progress

from .runner import CheckResult, Context, run_check
from .stored import STORE, StoredProblem
from .writer import PLOTS

REPORT_FILES = ("report.json", "report.md", *PLOTS)
PARTIAL_REPORT_DIR = "report/partial"  # `fbs paper --only`'s default folder
CHECKS_PACKAGE = "paper_checks"  # the top-level package of paper checks, one module per claim


@dataclass(frozen=True, repr=False)
class PaperReport(NotebookView):
    """One result per paper check, and the stored certificates that differ (none = all equal)."""

    results: tuple[CheckResult, ...]
    differences: tuple[str, ...]
    directory: Path | None  # where report.md, report.json and the plots were written
    partial: bool = False  # only some checks ran (--only): not the paper's full report
    total_checks: int = 0  # the number of registered checks
    extensions: bool = True  # a check of this project's extensions (paper_checks.EXTENSIONS) ran
    compared: int = 0  # recomputed certificates compared with the stored ones

    @property
    def failed(self) -> bool:
        """A check failed, or a recomputed certificate differs from the stored one."""
        return any(r.status == "failed" for r in self.results) or bool(self.differences)

    def to_json(self) -> dict:
        """The document of report.json (`fbs paper --json` prints it)."""
        return {"partial": self.partial, "total_checks": self.total_checks,
                "extensions_run": self.extensions,
                "checks": [r.as_json() for r in self.results],
                "stored_certificates_compared": self.compared,
                "stored_certificates_equal": not self.differences,
                "stored_certificate_differences": list(self.differences)}

    def to_pandas(self):
        """One row per check run: name, place, status, computed, seconds, certificates."""
        return require_pandas().DataFrame(
            [{"name": r.name, "place": r.place, "status": r.status, "computed": r.computed,
              "seconds": r.seconds, "certificates": len(r.certificates)} for r in self.results],
            columns=["name", "place", "status", "computed", "seconds", "certificates"])


@api(only=optional(sequence(TEXT, "check names")), report_dir=optional(PATH),
     store=optional(PATH), update_stored=FLAG, progress=FLAG, extensions=FLAG)
def paper(*, only: Sequence[str] | None = None, report_dir: str | Path | None = "report",
          store: Path | None = None,
          update_stored: bool = False, progress: bool = False,
          extensions: bool = False) -> PaperReport:
    """Run the paper checks (all, or those named in `only`) and write the report.

    The checks of this project's own extensions (`paper_checks.EXTENSIONS`: Budgeted FBS
    Debate, most of the run's time) run with `extensions=True`, when named in `only`, and
    always with `update_stored` (which replaces every stored certificate); the default run
    covers the paper's claims and compares their certificates with the stored ones.

    A partial run (`only`) writes a report marked partial and never into a folder that holds
    a full report (BadInput: nothing runs, nothing is written); plots of an earlier run that
    this run did not draw are removed, so a folder never mixes two runs. A `store` given must
    hold a readable manifest, and `update_stored` needs the full run (BadInput before any
    check runs otherwise).

    >>> from verify import paper
    >>> report = paper(only=["section_3_3_and"], report_dir=None)
    >>> [(r.name, r.status) for r in report.results], report.differences
    ([('section_3_3_and', 'confirmed')], ())
    """
    from .stored import compare_with_store, write_store
    from .writer import refuse_unusable_folder, write_report

    if update_stored and only:
        raise BadInput("--update-stored (update_stored) replaces every stored certificate: "
                       "it needs the full run, not --only (only)")
    if store is not None and not update_stored:
        _check_store_given(store)
    store = store or STORE
    directory = None if report_dir is None else Path(report_dir)
    if directory is not None:  # the report must not land in (or over) the stored certificates
        check_paths([(directory / name, "the report") for name in REPORT_FILES],
                    [(store, "the stored certificates folder")])
        refuse_unusable_folder(directory)
    registered = all_checks()
    extensions = extensions or update_stored or bool(only)
    checks = _selected(registered, only, extensions)
    if directory is not None and only:
        refuse_full_report(directory)
    context, results = Context(), []
    with Progress(len(checks), "paper checks", enabled=None if progress else False) as bar:
        for check in checks:
            results.append(run_check(check, context))
            bar.update()
    if update_stored and not only:
        write_store(context.certificates, store)
    names = {c.name for c in checks} if len(checks) < len(registered) else None
    differences = compare_with_store(context.certificates, store, only=names)
    extension_names = set(importlib.import_module(CHECKS_PACKAGE).EXTENSIONS)
    report = PaperReport(tuple(results), tuple(differences), directory, bool(only),
                         len(registered), any(c.name in extension_names for c in checks),
                         len(context.certificates))
    if directory is not None:
        write_report(report, directory)
    return report


def _check_store_given(store: Path) -> None:
    """BadInput, before any work, unless `store` holds a readable stored-certificate manifest
    (else every check would run and end in a 'stored certificate mismatch')."""
    from verify.checker import CertificateMalformed

    from .stored import read_manifest

    try:
        read_manifest(Path(store))
    except CertificateMalformed as error:
        raise BadInput(f"--store {str(store)!r} is not a stored-certificate folder: "
                       f"{error}") from None


def all_checks():
    """The registered checks of `paper_checks`, in report order (imported by name, not statically:
    the checks sit above `verify`, whose layers never import upwards)."""
    return importlib.import_module(CHECKS_PACKAGE).all_checks()


def _selected(checks, names, extensions: bool = True):
    """The checks named, or every check (those of paper_checks.EXTENSIONS only with
    `extensions`)."""
    if not names:
        if extensions:
            return checks
        skipped = set(importlib.import_module(CHECKS_PACKAGE).EXTENSIONS)
        return [c for c in checks if c.name not in skipped]
    known = {c.name: c for c in checks}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise UnknownName(f"unknown check {unknown[0]!r}; valid names: {', '.join(known)}")
    return [known[n] for n in names]


def refuse_full_report(directory: Path) -> None:
    """BadInput if `directory` holds the report of a full run (a partial run never replaces
    it). A report.json that is not a report of ours (no "checks" list) does not count."""
    try:
        document = json.loads((directory / "report.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if isinstance(document, dict) and isinstance(document.get("checks"), list) \
            and document.get("partial") is not True:
        raise BadInput(f"{str(directory)!r} holds a full report; a partial run (--only) does "
                       f"not replace it: give another --report-dir (the command's default for "
                       f"--only is {PARTIAL_REPORT_DIR})")


@dataclass(frozen=True, repr=False)
class StoredCheck(NotebookView):
    """The stored certificates re-verified by the stdlib-only checker alone."""

    store: Path
    count: int
    problems: tuple[StoredProblem, ...]

    def to_json(self) -> dict:
        return {"store": str(self.store), "checked": self.count,
                "problems": [p.__dict__ for p in self.problems]}


@api(store=optional(PATH), progress=FLAG)
def check_stored(store: Path | None = None, *, progress: bool = False) -> StoredCheck:
    """Re-verify every stored certificate of the paper report (hash, then the checker).

    >>> from verify import check_stored
    >>> result = check_stored()
    >>> result.count > 0, result.problems
    (True, ())
    """
    from verify.checker import CertificateMalformed

    from .stored import check_stored as check_all
    from .stored import read_manifest

    store = store or STORE
    try:
        total = len(read_manifest(store))
        with Progress(total, "stored certificates", enabled=None if progress else False) as bar:
            count, problems = check_all(store, progress=bar)
    except CertificateMalformed as error:
        raise BadInput(str(error)) from None
    return StoredCheck(store, count, tuple(problems))
