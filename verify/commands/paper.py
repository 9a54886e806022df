"""`fbs paper`: the paper regression report (issue 6), the project's main job."""

from __future__ import annotations

import sys
from pathlib import Path


def register(commands) -> None:
    paper = commands.add_parser("paper", help="run every paper check, write report/ (main job)")
    paper.add_argument("--only", metavar="NAME", action="append",
                       help="run only this check (repeatable); unknown names list the valid ones")
    paper.add_argument("--check-stored", action="store_true",
                       help="only re-verify the stored certificates with the stdlib-only checker")
    paper.add_argument("--update-stored", action="store_true",
                       help="(maintainers) replace the stored certificates by the recomputed ones")
    paper.add_argument("--report-dir", default="report", metavar="DIR")
    paper.add_argument("--store", metavar="DIR", type=Path,
                       help="stored-certificate folder (default: certificates/paper)")
    paper.add_argument("--json", action="store_true", help="print report.json to stdout")
    paper.set_defaults(run=run_paper)


def run_paper(args) -> int:
    from verify.report.stored import STORE

    store = args.store or STORE
    if args.check_stored:
        return _check_stored(store)
    from verify.base.errors import BadInput
    from verify.base.progress import Progress
    from verify.report.checks import all_checks
    from verify.report.runner import Context, run_check
    from verify.report.stored import compare_with_store, write_store
    from verify.report.writer import print_table, write_report

    checks = _selected(all_checks(), args.only, BadInput)
    context, results = Context(), []
    with Progress(len(checks), "paper checks") as bar:
        for check in checks:
            results.append(run_check(check, context))
            bar.update()
    if args.update_stored and not args.only:
        write_store(context.certificates, store)
    only = {c.name for c in checks} if args.only else None
    differences = compare_with_store(context.certificates, store, only=only)
    write_report(results, differences, Path(args.report_dir))
    if args.json:
        print(Path(args.report_dir, "report.json").read_text())
    else:
        print_table(results, differences, Path(args.report_dir))
    failed = any(r.status == "failed" for r in results)
    return 1 if failed or differences else 0


def _selected(checks, names, bad_input):
    if not names:
        return checks
    known = {c.name: c for c in checks}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise bad_input(f"unknown check {unknown[0]!r}; valid names: {', '.join(known)}")
    return [known[n] for n in names]


def _check_stored(store: Path) -> int:
    """Re-verify the stored certificates with the stdlib-only checker alone."""
    from verify.base.progress import Progress
    from verify.checker import CertificateMalformed
    from verify.report.stored import check_stored, read_manifest

    try:
        total = len(read_manifest(store))
        with Progress(total, "stored certificates") as bar:
            count, problems = check_stored(store, progress=bar)
    except CertificateMalformed as error:
        print(f"fbs: error: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"INVALID: {problem.file}: [{problem.condition}] {problem.message}", file=sys.stderr)
    print(f"{count - len(problems)} of {count} stored certificates in {store} verified by the "
          "stdlib-only checker")
    return 1 if problems else 0
