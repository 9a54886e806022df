"""`fbs debate ... --protocol budgeted`: Budgeted FBS Debate, THIS PROJECT'S EXTENSION.

Text rendering over `verify.budgeted.api` (docs/budgeted.md); the paper protocol stays the
default of every `fbs debate` command. Exit codes as elsewhere; `worst-case` exits 1 if a liar
were found below the guarantee min(1, 1/beta_max) (Theorem B1 says none exists); `run` with the
honest Alice, `completeness` and `plan --tree` exit 1 with a warning when Theorem B2(a)'s
hypothesis fails (the honest root budget exceeds beta_max), as the paper protocol does for
Theorem 4.1's; `worst-case` then warns and exits 0.
"""

from __future__ import annotations

from verify.base.numbers import as_fraction, shown

from .arguments import tree_title
from .verdicts import honest_verdict, outside_note, worst_case_verdict

LABEL = "Budgeted FBS Debate (this project's extension, docs/budgeted.md; not the paper's protocol)"


def _head(document, stream=None) -> None:
    print(f"{LABEL}: {tree_title(document)} (depth {document['depth']}, {document['nodes']} nodes)",
          file=stream)
    rho = shown(document["rho_T"]) if document["rho_T"] is not None else (
        "(not computed: repeated queries)")
    print(f"  beta_max = {shown(document['beta_max'])}, rho_T = {rho}; guarantee: a lying Alice loses "
          f"with probability >= min(1, 1/beta_max) = {shown(document['guarantee'])}", file=stream)


def _inputs(args) -> list:
    return [(args.tree, "TREE"), (args.oracle, "--oracle")]


def run_run(args) -> int:
    if args.protocol.startswith("mixed"):
        from . import mixed

        return mixed.run_run(args)
    from verify.base.numbers import parse_fraction
    from verify.budgeted.api import budgeted_debate
    from verify.cli import print_json

    from .arguments import check_outputs, refuse_json_with_stdout, report_stream

    refuse_json_with_stdout(args.json, args.transcript)
    check_outputs([(args.transcript, "--transcript")], _inputs(args))
    confidence = float(parse_fraction(args.confidence, "--confidence"))
    result = budgeted_debate(args.tree, args.oracle, beta_max=args.beta_max, alice=args.alice,
                             runs=args.runs, seed=args.seed, confidence=confidence,
                             transcript=args.transcript, progress=True)
    document = result.to_json()
    if args.json:
        print_json(document)
        return _honest_run_verdict(document)
    stream = report_stream(args.transcript)
    _head(dict(document, tree_file=args.tree), stream)
    lie = "lies" if document["alice_lies"] else "tells the truth"
    print(f"  Alice ({document['alice']}) answers {document['alice_answer']} with root budget "
          f"{shown(document['alice_root_budget'])}: she {lie} (L(x) = {document['true_value']})",
          file=stream)
    low, high = document["clopper_pearson_float"]
    print(f"  {document['runs']} run(s), seed {document['seed']}: Bob won {document['caught']}; "
          f"catch_rate_estimate = {document['catch_rate_estimate_float']:.6g}, "
          f"{round(100 * document['confidence'], 4):g}% Clopper-Pearson [{low:.6g}, {high:.6g}]",
          file=stream)
    inside = "inside" if document["interval_contains_exact"] else "OUTSIDE"
    print(f"  catch_probability_exact = {shown(document['catch_probability_exact'])} "
          f"({inside} the interval"
          f"{outside_note(100 * document['confidence'], document['interval_contains_exact'])})",
          file=stream)
    return _honest_run_verdict(document)


def _honest_run_verdict(document) -> int:
    """The exit code of `run` (with --json too, as the paper protocol's): 1 with a warning
    for the honest Alice when B2(a)'s hypothesis fails, else 0."""
    if document["alice"] != "honest":
        return 0
    return honest_verdict(document["alice_root_budget"], document["beta_max"],
                          as_fraction(document["catch_probability_exact"]) > 0,
                          f"caught in {document['caught']} of {document['runs']} runs")


def run_worst_case(args) -> int:
    if args.protocol.startswith("mixed"):
        from . import mixed

        return mixed.run_worst_case(args)
    from verify.budgeted.api import budgeted_worst_case
    from verify.cli import print_json

    from .arguments import check_outputs

    check_outputs([], _inputs(args))
    result = budgeted_worst_case(args.tree, args.oracle, beta_max=args.beta_max, progress=True)
    document = result.to_json()
    if args.json:
        print_json(document)
    else:
        _print_worst_case(dict(document, tree_file=args.tree))
    if not result.consistent:
        from verify.base.errors import SolverFailure

        raise SolverFailure("a liar beat the proved lower bound (a bug of ours)")
    worst_case_verdict(document)
    return 0 if result.guarantee_holds else 1


def _print_worst_case(document) -> None:
    _head(document)
    interval = document["worst_case"]
    low, high = shown(interval["lower_bound"]), shown(interval["upper_bound"])
    word = f"exact: {low}" if interval["exact"] else f"in [{low}, {high}]"
    print(f"  worst-case catch probability {word} (lower bound proved: "
          f"{interval['lower_bound_from']}; upper bound: the best liar found)")
    print(f"  liars found: sacrifice and inflate "
          f"{shown(document['sacrifice_search']['catch_probability_exact'])}", end="")
    for key, name in (("committed_exact", "committed"), ("grid_exact", "budget grid")):
        if document[key] is not None:
            print(f"; {name} {shown(document[key]['catch_probability_exact'])}", end="")
    search = document["random_search"]
    if search is not None:
        print(f"; {search['strategies']} random (seed {search['seed']}) "
              f"{shown(search['least_catch'])}, {search['violations']} below the guarantee", end="")
    print()
    for reason in document["skipped"]:
        print(f"  not attempted: {reason}")
    verdict = "holds" if document["guarantee_holds"] else "FAILS"
    print(f"  best liar found {high} >= "
          f"{shown(document['guarantee'])}: Theorem B1 {verdict}")


def run_completeness(args) -> int:
    if args.protocol.startswith("mixed"):
        from . import mixed

        return mixed.run_completeness(args)
    from verify.budgeted.api import budgeted_completeness
    from verify.cli import print_json

    from .arguments import check_outputs

    check_outputs([], _inputs(args))
    document = budgeted_completeness(args.tree, args.oracle, beta_max=args.beta_max).to_json()
    if args.json:
        print_json(document)
    else:
        _head(dict(document, tree_file=args.tree))
        verdict = "never loses" if document["honest_never_loses"] else (
            f"LOSES with probability {shown(document['loss_probability'])} "
            f"({', '.join(document['losing_reasons'])})")
        print(f"  honest Alice, honest budgets: {document['states']} reachable states, "
              f"{document['run_ends']} run ends: she {verdict}")
        equal = document["root_budget_equals_rho_T"]
        print(f"  her root budget {shown(document['honest_root_budget'])}"
              + ("" if equal is None else f" {'=' if equal else '!='} rho_T"))
    return honest_verdict(document["honest_root_budget"], document["beta_max"],
                          not document["honest_never_loses"],
                          f"loss probability {shown(document['loss_probability'])}")


def run_plan(args) -> int:
    if args.protocol.startswith("mixed"):
        from . import mixed

        return mixed.run_plan(args)
    from verify.budgeted.api import budgeted_plan
    from verify.cli import print_json

    from .arguments import check_outputs

    check_outputs([], [(args.tree, "--tree"), (args.oracle, "--oracle")])
    document = budgeted_plan(args.beta_max, args.delta, tree=args.tree,
                             oracle=args.oracle).to_json()
    if args.json:
        print_json(document)
        return plan_verdict(document)
    print(f"repetition plan, {LABEL}: beta_max = {shown(document['beta_max'])}, "
          f"delta = {shown(document['delta'])}")
    print(f"  per-run catch probability >= min(1, 1/beta_max) = {shown(document['per_run_bound'])}")
    print(f"  R = {document['runs']} independent runs: smallest R with (1 - 1/beta_max)^R <= delta"
          f" (beta_max ln(1/delta) = {document['beta_max_ln_1_over_delta_float']:.6g})")
    if document["theorem_5_3_queries"] is not None:
        print(f"  Theorem 5.3: any checker right with probability >= 1 - delta needs m >= "
              f"(1 - 2 delta) rho_T, i.e. >= {document['theorem_5_3_queries']} queries "
              f"(rho_T = {shown(document['rho_T'])}; one query per run)")
    return plan_verdict(document)


def plan_verdict(document) -> int:
    """With a tree: `honest_verdict` on the honest root budget (she would lose every run)."""
    if document.get("honest_root_budget") is None:
        return 0
    return honest_verdict(document["honest_root_budget"], document["beta_max"], False,
                          "in every run, so this plan does not separate her from a liar")
