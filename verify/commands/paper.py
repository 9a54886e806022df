"""`fbs paper`: the paper regression report (issue 6), the project's main job."""

from __future__ import annotations

import sys
from pathlib import Path


def register(commands) -> None:
    paper = commands.add_parser("paper", help="run every paper check, write report/ (main job)")
    paper.add_argument("--only", metavar="NAME", action="append",
                       help="run only this check (repeatable; a partial report, by default in "
                            "report/partial); unknown names list the valid ones")
    paper.add_argument("--list", action="store_true",
                       help="print the check names (with their place in the paper) and stop")
    paper.add_argument("--check-stored", action="store_true",
                       help="only re-verify the stored certificates with the stdlib-only checker")
    paper.add_argument("--update-stored", action="store_true",
                       help="(maintainers) replace the stored certificates by the recomputed ones")
    paper.add_argument("--report-dir", metavar="DIR",
                       help="folder for report.md, report.json and the plots (default: report, "
                            "and report/partial with --only; a partial run never replaces a "
                            "full report)")
    paper.add_argument("--store", metavar="DIR", type=Path,
                       help="stored-certificate folder (default: certificates/paper)")
    paper.add_argument("--extensions", action="store_true",
                       help="also run the checks of this project's extensions (Budgeted FBS "
                            "Debate: most of the run's time); --update-stored implies it")
    paper.add_argument("--json", action="store_true", help="print report.json to stdout")
    paper.set_defaults(run=run_paper)


def run_paper(args) -> int:
    from verify.base.errors import BadInput
    from verify.report.api import PARTIAL_REPORT_DIR, all_checks, check_stored, paper

    if args.report_dir == "":
        raise BadInput("--report-dir: the folder name is empty")
    if args.check_stored and args.update_stored:
        raise BadInput("--check-stored (only re-verify) and --update-stored (replace) exclude "
                       "each other; give one")
    if args.list:
        _refuse_with_list(args)
        checks = all_checks()
        width = max(len(check.name) for check in checks)
        for check in checks:
            print(f"{check.name:<{width}}  {check.place}")
        return 0
    if args.report_dir is None:
        args.report_dir = PARTIAL_REPORT_DIR if args.only else "report"

    if args.check_stored:
        from .witness import one_based

        result = check_stored(args.store, progress=True)
        for problem in result.problems:
            print(f"INVALID: {problem.file}: [{problem.condition}] "
                  f"{one_based(problem.message)}", file=sys.stderr)
        print(f"{result.count - len(result.problems)} of {result.count} stored certificates in "
              f"{result.store} verified by the stdlib-only checker")
        return 1 if result.problems else 0
    from verify.report.writer import print_table

    report = paper(only=args.only, report_dir=args.report_dir, store=args.store,
                   update_stored=args.update_stored, progress=True,
                   extensions=args.extensions)
    if args.json:
        print(Path(args.report_dir, "report.json").read_text())
    else:
        print_table(report.results, list(report.differences), Path(args.report_dir),
                    report.partial, report.total_checks, report.compared, report.extensions)
    return 1 if report.failed else 0


def _refuse_with_list(args) -> None:
    """--list prints the names and stops: any other option would be ignored, so refuse it."""
    from verify.base.errors import BadInput

    given = [option for option, value in (
        ("--only", args.only), ("--check-stored", args.check_stored),
        ("--update-stored", args.update_stored), ("--report-dir", args.report_dir),
        ("--store", args.store), ("--json", args.json)) if value]
    if given:
        raise BadInput(f"--list prints the check names and stops; it takes no {given[0]} "
                       "(give one or the other)")
