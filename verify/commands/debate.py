"""`fbs debate run | worst-case | plan | completeness`: the FBS Debate protocol (paper Section 4)."""

from __future__ import annotations


def register(commands) -> None:
    debate = commands.add_parser("debate", help="run the FBS Debate protocol (Section 4)")
    sub = debate.add_subparsers(dest="debate_command", required=True, parser_class=type(debate))

    run = sub.add_parser("run", help="N seeded debate runs with a catch-rate interval")
    _instance(run)
    run.add_argument("--alice", required=True, metavar="honest|worst|FILE",
                     help="honest, the worst-case liar, or an fbs-alice/1 script")
    run.add_argument("--runs", type=int, default=1, metavar="N")
    run.add_argument("--seed", type=int, default=0, metavar="S")
    run.add_argument("--confidence", type=float, default=0.95, metavar="C",
                     help="interval confidence level (default 0.95)")
    run.add_argument("--transcript", metavar="OUT.jsonl", help="write the JSON-lines transcript")
    _protocol(run)
    run.set_defaults(run=run_run)

    worst = sub.add_parser("worst-case", help="exact worst-case catch probability (DP)")
    _instance(worst)
    _protocol(worst)
    worst.set_defaults(run=run_worst)

    plan = sub.add_parser("plan", help="runs needed to catch a liar with probability >= 1-delta")
    plan.add_argument("--rho", metavar="R", help="the paper protocol's rho (required for it)")
    plan.add_argument("--depth", type=int, metavar="D")
    plan.add_argument("--delta", required=True, metavar="DELTA")
    plan.add_argument("--width", type=int, metavar="Q", help="q, for the q^d exhaustive count")
    plan.add_argument("--tree", metavar="TREE", help="also plan with the exact DP value")
    plan.add_argument("--oracle", metavar="ORACLE")
    plan.add_argument("--rule", default="vertex", choices=["vertex", "symmetric", "uniform"])
    plan.add_argument("--json", action="store_true")
    _protocol(plan)
    plan.set_defaults(run=run_plan)

    complete = sub.add_parser("completeness", help="enumerate every Bob path against an "
                              "honest Alice (Theorem 4.1)")
    _instance(complete)
    _protocol(complete)
    complete.set_defaults(run=run_completeness)


def _instance(parser) -> None:
    parser.add_argument("tree", metavar="TREE", help="fbs-tree/1 file")
    parser.add_argument("--oracle", required=True, metavar="ORACLE", help="fbs-oracle/1 file")
    parser.add_argument("--rho", metavar="R", help="e.g. 4, 7/2 or 2.5 (required for the paper "
                        "protocol)")
    parser.add_argument("--rule", default="vertex", choices=["vertex", "symmetric", "uniform"],
                        help="Bob's choice among optimal duals (default vertex)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _protocol(parser) -> None:
    parser.add_argument("--protocol", choices=["paper", "budgeted"], default="paper",
                        help="paper: FBS Debate as in Section 4 (default); budgeted: Budgeted FBS "
                        "Debate, THIS PROJECT'S EXTENSION (docs/budgeted.md), not the paper's")
    parser.add_argument("--beta-max", metavar="B", help="budgeted protocol: the public budget "
                        "threshold (default rho_T, the certified global fbs of Section 5)")


def _instance_args(args) -> tuple:
    if args.rho is None:
        from verify.base.errors import BadInput

        raise BadInput("--rho is required for the paper protocol (or give --protocol budgeted)")
    return args.tree, args.oracle, args.rho


def _budgeted(args) -> bool:
    """True for --protocol budgeted; --beta-max belongs to it only."""
    if args.protocol == "paper" and args.beta_max is not None:
        from verify.base.errors import BadInput

        raise BadInput("--beta-max belongs to --protocol budgeted")
    return args.protocol == "budgeted"


# ----------------------------------------------------------------------------- run


def run_run(args) -> int:
    if _budgeted(args):
        from .budgeted import run_run

        return run_run(args)
    from verify.cli import print_json
    from verify.protocol.api import debate

    result = debate(*_instance_args(args), alice=args.alice, runs=args.runs, seed=args.seed,
                    rule=args.rule, confidence=args.confidence, transcript=args.transcript,
                    progress=True)
    document = result.to_json()
    if args.json:
        print_json(document)
        return 0
    _print_run(document)
    if args.runs == 1:
        _print_single_run(result.debate, result.alice, args.seed)
    return 0


def _print_single_run(debate, alice, seed: int) -> None:
    """The path of run 0 (the same uniforms as the sampler's first row)."""
    import numpy as np

    from verify.base.numbers import fraction_text
    from verify.protocol.engine import run_once

    tree = debate.tree
    uniforms = np.random.Generator(np.random.PCG64(seed)).random((1, tree.depth))[0]
    run = run_once(debate, alice, uniforms)
    for k, current in enumerate(run.steps):
        node = current.node
        level = tree.depth - tree.depths[node]
        head = f"  level {level} {tree.ids[node]!r}: Alice claims {current.claim}"
        if current.z is None:
            print(f"{head}; oracle says {current.oracle}: {current.outcome}")
            continue
        detail = f"z = {''.join(map(str, current.z))}"
        if current.fbs is not None:
            detail += f", fbs = {fraction_text(current.fbs)}"
        if current.outcome is not None:
            print(f"{head}, {detail}: {current.outcome} ({current.reason})")
        else:
            i = run.choices[k]
            print(f"{head}, {detail}; Bob samples child {i + 1} (p = {fraction_text(current.p[i])})")


def _print_run(document) -> None:
    lie = "lies" if document["alice_lies"] else "tells the truth"
    print(f"FBS debate: {document['tree']} (depth {document['depth']}, {document['nodes']} "
          f"nodes), rho = {document['rho']}, Bob's rule: {document['rule']}")
    print(f"  Alice ({document['alice']}) answers {document['alice_answer']}: she {lie} "
          f"(L(x) = {document['true_value']})")
    level = round(100 * document["confidence"], 4)
    print(f"  {document['runs']} run(s), seed {document['seed']}: Bob won {document['caught']}; "
          f"catch_rate_estimate = {document['catch_rate_estimate']:.6g}")
    low, high = document["clopper_pearson"]
    inside = "inside" if document["interval_contains_exact"] else "OUTSIDE"
    print(f"  {level:g}% Clopper-Pearson [{low:.6g}, {high:.6g}], Wilson "
          f"[{document['wilson'][0]:.6g}, {document['wilson'][1]:.6g}]")
    print(f"  catch_probability_exact = {document['catch_probability_exact']} "
          f"(~{document['catch_probability_exact_float']:.6g}, {inside} the interval)")
    print(f"  Theorem 4.2 bound rho^-d = {document['theorem_4_2_bound']}")
    if "instance_bound" in document:
        print(f"  instance bound (min over lying paths of prod 1/fbs_z) = {document['instance_bound']}")
    if document["depth_note"]:
        print(f"  note: {document['depth_note']}")


# ----------------------------------------------------------------------------- worst case


def run_worst(args) -> int:
    if _budgeted(args):
        from .budgeted import run_worst_case

        return run_worst_case(args)
    from verify.cli import print_json
    from verify.protocol.api import worst_case

    document = worst_case(*_instance_args(args), rule=args.rule, progress=True).to_json()
    if args.json:
        print_json(document)
    else:
        _print_worst(document)
    return 0


def _print_worst(document) -> None:
    print(f"worst-case liar (exact DP): {document['tree']} (depth {document['depth']}), "
          f"rho = {document['rho']}, Bob's rule: {document['rule']}")
    print(f"  Alice answers {document['alice_answer']} (L(x) = {document['true_value']})")
    print(f"  catch_probability_exact = {document['catch_probability_exact']} "
          f"(~{document['catch_probability_exact_float']:.6g})")
    verdict = "holds" if document["theorem_4_2_holds"] else "FAILS"
    scope = "" if document["theorem_4_2_applies"] else (
        " (rule 'uniform' ignores the LP: Theorem 4.2 does not cover it)")
    print(f"  Theorem 4.2 bound rho^-d = {document['theorem_4_2_bound']} "
          f"(~{document['theorem_4_2_bound_float']:.6g}): {verdict}{scope}")
    caveat = "" if document["theorem_4_2_applies"] else " (not a lower bound under rule 'uniform')"
    print(f"  instance bound (min over lying paths of prod 1/fbs_z) = "
          f"{document['instance_bound']}{caveat}")
    print(f"  best catch probability against an Alice defending the truth: "
          f"{document['true_claim_catch']}")
    if document["strategy"]:
        top = document["strategy"][0]
        print(f"  strategy at the root: z = {top['z']} (lies at children "
              f"{[i + 1 for i in top['lies']]}), fbs = {top['fbs']}; "
              f"{document['strategy_states']} internal state(s) reachable (see --json)")
    if document["depth_note"]:
        print(f"  note: {document['depth_note']}")


# ----------------------------------------------------------------------------- plan


def run_plan(args) -> int:
    if _budgeted(args):
        from .budgeted import run_plan

        return run_plan(args)
    from verify.cli import print_json
    from verify.protocol.api import plan

    _instance_args(args)  # --rho is required for the paper protocol

    result = plan(args.rho, args.depth, args.delta, width=args.width, tree=args.tree,
                  oracle=args.oracle, rule=args.rule, progress=True)
    if args.json:
        print_json(result.to_json())
    else:
        _print_plan(result.to_json())
    return 0


def _print_plan(document) -> None:
    print(f"repetition plan: rho = {document['rho']}, d = {document['depth']}, "
          f"delta = {document['delta']}")
    print(f"  per-run catch probability >= rho^-d = {document['per_run_bound']} (Theorem 4.2)")
    print(f"  R = {document['runs_theorem']} independent runs: smallest R with "
          f"(1 - rho^-d)^R <= delta")
    print(f"  O(rho^d log n) statement: rho^d ln(1/delta) = {document['rho_d_ln_1_over_delta']:.6g}"
          " (float)")
    if document["exhaustive_leaf_queries"] is not None:
        print(f"  exhaustive checking: q^d = {document['width']}^{document['depth']} = "
              f"{document['exhaustive_leaf_queries']} leaf queries (the judge makes 1 per run)")
    if document["per_run_exact"] is not None:
        runs = document["runs_exact"]
        shown = "never (exact catch probability 0)" if runs is None else runs
        print(f"  with the tree's exact worst case {document['per_run_exact']} "
              f"(rule {document['rule']}): R = {shown}")


# ----------------------------------------------------------------------------- completeness


def run_completeness(args) -> int:
    if _budgeted(args):
        from .budgeted import run_completeness

        return run_completeness(args)
    from verify.cli import print_json
    from verify.protocol.api import completeness

    result = completeness(*_instance_args(args), rule=args.rule)
    document = result.to_json()
    if args.json:
        print_json(document)
        return 0
    verdict = "never loses" if document["honest_never_loses"] else (
        f"LOSES with probability {document['loss_probability']}")
    print(f"completeness (Theorem 4.1): {document['paths']} Bob sample path(s) enumerated, rho = "
          f"{document['rho']}, rule {document['rule']}: the honest Alice {verdict}")
    violations = document["violations"]
    condition = "holds" if document["fbs_condition_holds"] else (
        f"fails at {len(violations)} node(s), e.g. {violations[0]['node']!r} with fbs "
        f"{violations[0]['fbs']}")
    print(f"  FBS condition fbs_z*(phi_u) <= rho at every internal node: {condition}")
    print(f"  honest Alice's oracle queries on a path: at most {document['queries_on_path_max']} "
          f"<= d*q*Q = {document['depth']}*{document['q']}*{document['Q']} = "
          f"{document['query_bound_d_q_Q']}")
    if document["losing_paths"]:
        first = document["losing_paths"][0]
        print(f"  e.g. she loses on {' > '.join(first['path'])} ({first['reason']})")
    return 0
