"""`fbs adversary`: an oracle O_N that flips the root yet fools a given checker (Theorem 5.3)."""

from __future__ import annotations


def register(commands) -> None:
    parser = commands.add_parser(
        "adversary", help="adversarial oracle O_N for a checker (paper Theorem 5.3)",
        description="Flip the reference oracle O_Y on a light sensitive block H of F_T "
        "(Lemma 5.4's weighted recursion on the checker's query probabilities a_s) and verify "
        "exactly: the root value flips (by evaluation and by z3), sum_{s in H} a_s <= m/rho_T, "
        "and for built-in checkers |P[Acc_Y] - P[Acc_N]| <= min(1, m rho^-d). "
        "Checkers: debate:R (R FBS Debate runs, honest-for-O_Y Alice), uniform:M (M uniform leaf "
        "samples with replacement), exhaustive (all leaves), budgeted:R (R runs of Budgeted FBS "
        "Debate, THIS PROJECT'S EXTENSION, docs/budgeted.md, with beta_max = rho_T), dfs:M and "
        "adaptive:M (adaptive short-circuit evaluation with M queries, children left to right or "
        "in random order; accepts Alice's claim if the budget runs out), or "
        "--queries FILE (fbs-queries/1: a_s and budget m).")
    parser.add_argument("tree", metavar="TREE", help="fbs-tree/1 file (distinct leaf queries)")
    parser.add_argument("--oracle", required=True, metavar="ORACLE", help="reference oracle O_Y")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--checker",
                        metavar="debate:R|uniform:M|exhaustive|budgeted:R|dfs:M|adaptive:M")
    source.add_argument("--queries", metavar="FILE", help="fbs-queries/1: a_s per leaf query and m")
    parser.add_argument("-o", "--output", required=True, metavar="ORACLE_N",
                        help="where to write O_N (fbs-oracle/1), atomically")
    parser.add_argument("--rule", default="vertex", choices=["vertex", "symmetric", "uniform"],
                        help="debate checker: Bob's rule (default vertex)")
    parser.add_argument("--rho", metavar="R", help="debate checker: protocol rho (default: the "
                        "largest honest local fbs, so honest Alice passes every check)")
    parser.add_argument("--no-sat", action="store_true", help="skip the z3 re-check of H")
    parser.add_argument("--json", action="store_true", help="machine-readable report")
    parser.set_defaults(run=run_adversary)


def run_adversary(args) -> int:
    from verify.cli import print_json
    from verify.lower_bound.api import adversary

    from .arguments import check_outputs, refuse_json_with_stdout, report_stream

    refuse_json_with_stdout(args.json, args.output)
    check_outputs([(args.output, "-o")], [(args.tree, "TREE"), (args.oracle, "--oracle"),
                                          (args.queries, "--queries")])
    checker, profile = args.checker, None
    if checker is not None and checker.startswith("budgeted:"):
        profile, checker = _budgeted_profile(args), None
    result = adversary(args.tree, args.oracle, checker=checker, queries=args.queries,
                       rule=args.rule, rho=args.rho, sat_check=not args.no_sat,
                       output=args.output, progress=True, profile=profile)
    document = result.to_json()
    if args.json:
        print_json(document)
    else:
        _print(document, result, report_stream(args.output))
    return 0


def _budgeted_profile(args):
    """`budgeted:R`: R runs of the budgeted protocol (ours), beta_max = rho_T."""
    from verify.base.errors import BadInput
    from verify.budgeted.api import budgeted_checker

    runs = args.checker[len("budgeted:"):]
    if not runs.isascii() or not runs.isdigit() or len(runs) > 13:
        raise BadInput(f"--checker budgeted:R needs a whole number R, got {args.checker[:40]!r}")
    return budgeted_checker(args.tree, args.oracle, int(runs))


def _print(document: dict, result, stream) -> None:
    from verify.base.numbers import short_fraction
    from verify.base.witness import names_text

    report = result.report

    def show(value):
        return "-" if value is None else short_fraction(value)

    def say(text: str) -> None:
        print(text, file=stream)

    say(f"checker {document['checker']}: {result.profile.notes}")
    say(f"  rho_T = {show(report.rho_t)} (certified), budget m = {report.budget}, "
        f"Gamma = sum a_s = {show(report.gamma)}")
    queries = document["block_H"]["queries"]
    say(f"  H ({len(report.block)} leaf {'query' if len(report.block) == 1 else 'queries'}, "
        f"a(H) = {show(report.mass)}): {names_text(queries, len(report.block))}")
    if report.advantage is not None:
        say(f"  P[Acc_Y] = {show(report.acc_y)}, P[Acc_N] = {show(report.acc_n)}, "
            f"advantage = {show(report.advantage)}")
    for check in report.checks:
        mark = "n/a" if not check.applicable else "ok " if check.holds else "FAILED"
        sides = f": {show(check.left)} vs {show(check.right)}" if check.left is not None else ""
        detail = f" [{check.detail}]" if check.detail else ""
        say(f"  [{mark}] {check.name}{sides}{detail}")
    say(f"wrote {document['output']}")
