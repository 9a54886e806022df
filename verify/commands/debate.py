"""`fbs debate run | worst-case | plan | completeness`: the FBS Debate protocol (paper Section 4)."""

from __future__ import annotations

import sys


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
    run.set_defaults(run=run_run)

    worst = sub.add_parser("worst-case", help="exact worst-case catch probability (DP)")
    _instance(worst)
    worst.set_defaults(run=run_worst)

    plan = sub.add_parser("plan", help="runs needed to catch a liar with probability >= 1-delta")
    plan.add_argument("--rho", required=True, metavar="R")
    plan.add_argument("--depth", type=int, metavar="D")
    plan.add_argument("--delta", required=True, metavar="DELTA")
    plan.add_argument("--width", type=int, metavar="Q", help="q, for the q^d exhaustive count")
    plan.add_argument("--tree", metavar="TREE", help="also plan with the exact DP value")
    plan.add_argument("--oracle", metavar="ORACLE")
    plan.add_argument("--rule", default="vertex", choices=["vertex", "symmetric", "uniform"])
    plan.add_argument("--json", action="store_true")
    plan.set_defaults(run=run_plan)

    complete = sub.add_parser("completeness", help="enumerate every Bob path against an "
                              "honest Alice (Theorem 4.1)")
    _instance(complete)
    complete.set_defaults(run=run_completeness)


def _instance(parser) -> None:
    parser.add_argument("tree", metavar="TREE", help="fbs-tree/1 file")
    parser.add_argument("--oracle", required=True, metavar="ORACLE", help="fbs-oracle/1 file")
    parser.add_argument("--rho", required=True, metavar="R", help="e.g. 4, 7/2 or 2.5")
    parser.add_argument("--rule", default="vertex", choices=["vertex", "symmetric", "uniform"],
                        help="Bob's choice among optimal duals (default vertex)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _load(args):
    from verify.protocol.engine import Debate, parse_rho
    from verify.trees.oracles import load_oracle
    from verify.trees.tree_file import load_tree

    rho = parse_rho(args.rho)
    return Debate.create(load_tree(args.tree), load_oracle(args.oracle), rho, args.rule)


def _progress(total: int, label: str):
    from verify.base.progress import Progress

    return Progress(total, label)


def _depth_note(tree) -> str | None:
    if tree.is_uniform:
        return None
    return f"leaves lie at several depths; Theorem 4.2 is applied with the maximum depth {tree.depth}"


def _common(debate) -> dict:
    from verify.base.numbers import fraction_text

    tree = debate.tree
    return {"tree": tree.description, "nodes": tree.n_nodes, "depth": tree.depth,
            "depth_note": _depth_note(tree), "rho": fraction_text(debate.rho), "rule": debate.rule,
            "true_value": debate.values[tree.root],
            "theorem_4_2_bound": fraction_text(debate.theorem_bound)}


# ----------------------------------------------------------------------------- run


def run_run(args) -> int:
    from verify.base.errors import BadInput
    from verify.base.files import AtomicOutput
    from verify.protocol.debaters import WorstCaseAlice, make_alice
    from verify.protocol.engine import compile_states
    from verify.protocol.sampling import sample_runs

    debate = _load(args)
    if not 1 <= args.runs <= 10**9 or args.seed < 0:
        raise BadInput(f"--runs must be in 1..10^9 and --seed >= 0, got {args.runs} and {args.seed}")
    if not 0 < args.confidence < 1:
        raise BadInput(f"--confidence must be in (0, 1), got {args.confidence}")
    if args.alice == "worst":
        with _progress(debate.tree.n_nodes, "worst-case DP") as bar:
            alice = make_alice(args.alice, debate, bar)
    else:
        alice = make_alice(args.alice, debate)
    graph = compile_states(debate, alice)
    with _progress(args.runs, "runs") as bar:
        if args.transcript:
            with AtomicOutput(args.transcript) as stream:
                result = sample_runs(debate, graph, args.runs, args.seed, args.confidence,
                                     stream, alice.name, bar)
        else:
            result = sample_runs(debate, graph, args.runs, args.seed, args.confidence,
                                 None, alice.name, bar)
    document = _run_document(debate, alice, graph, result)
    if isinstance(alice, WorstCaseAlice):
        document.update(_bounds(alice.result))
    _emit_run(args, document)
    if args.runs == 1 and not args.json:
        _print_single_run(debate, alice, args.seed)
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


def _run_document(debate, alice, graph, result) -> dict:
    from verify.base.numbers import fraction_text

    document = _common(debate)
    document.update({
        "alice": alice.name, "alice_answer": graph.answer, "alice_lies": graph.answer !=
        debate.values[debate.tree.root], "runs": result.runs, "seed": result.seed,
        "caught": result.caught, "catch_rate_estimate": result.catch_rate_estimate,
        "confidence": result.confidence, "clopper_pearson": list(result.clopper_pearson),
        "wilson": list(result.wilson),
        "catch_probability_exact": fraction_text(result.catch_probability_exact),
        "catch_probability_exact_float": float(result.catch_probability_exact),
        "interval_contains_exact": result.interval_contains_exact})
    return document


def _bounds(result) -> dict:
    from verify.base.numbers import fraction_text

    return {"instance_bound": fraction_text(result.instance_bound),
            "theorem_4_2_holds": result.theorem_holds}


def _emit_run(args, document) -> None:
    from verify.cli import print_json

    if args.json:
        print_json(document)
        return
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
    from verify.cli import print_json
    from verify.protocol.debaters import WorstCaseAlice

    debate = _load(args)
    with _progress(debate.tree.n_nodes, "worst-case DP") as bar:
        alice = WorstCaseAlice.solve(debate, bar)
    document = worst_case_document(debate, alice)
    if args.json:
        print_json(document)
    else:
        _print_worst(document)
    return 0


def worst_case_document(debate, alice) -> dict:
    """The DP's result and the strategy's reachable states (JSON-ready)."""
    from verify.base.numbers import fraction_text
    from verify.protocol.engine import compile_states

    result, tree = alice.result, debate.tree
    graph = compile_states(debate, alice)
    strategy = []
    for current in graph.steps:
        if current.z is None:
            continue
        node = current.node
        lies = [i for i, c in enumerate(tree.children[node]) if current.z[i] != debate.values[c]]
        strategy.append({"node": tree.ids[node], "claim": current.claim,
                         "z": "".join(map(str, current.z)), "lies": lies,
                         "fbs": fraction_text(current.fbs) if current.fbs is not None else None,
                         "outcome": current.outcome,
                         "catch": fraction_text(result.catch[node][current.claim])})
    document = _common(debate)
    document.update({
        "alice_answer": 1 - debate.values[tree.root],
        "catch_probability_exact": fraction_text(result.catch_probability_exact),
        "catch_probability_exact_float": float(result.catch_probability_exact),
        "theorem_4_2_bound_float": float(result.theorem_bound),
        "theorem_4_2_holds": result.theorem_holds,
        "theorem_4_2_applies": debate.rule != "uniform",
        "instance_bound": fraction_text(result.instance_bound),
        "true_claim_catch": fraction_text(result.true_claim_catch),
        "memo_entries": result.memo_entries, "strategy_states": len(strategy),
        "strategy": strategy})
    return document


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
    from verify.base.errors import BadInput
    from verify.base.numbers import fraction_text
    from verify.cli import print_json
    from verify.protocol.debaters import WorstCaseAlice
    from verify.protocol.engine import parse_rho
    from verify.protocol.planner import parse_probability, plan

    rho, delta = parse_rho(args.rho), parse_probability(args.delta, "--delta")
    depth, width, exact = args.depth, args.width, None
    if args.tree:
        if not args.oracle:
            raise BadInput("--tree needs --oracle")
        debate = _load(args)
        if depth is not None and depth != debate.tree.depth:
            raise BadInput(f"--depth {depth} does not match the tree's depth {debate.tree.depth}")
        depth, width = debate.tree.depth, width or debate.tree.max_width()
        with _progress(debate.tree.n_nodes, "worst-case DP") as bar:
            exact = WorstCaseAlice.solve(debate, bar).result.catch_probability_exact
    if depth is None:
        raise BadInput("give --depth D (or --tree and --oracle)")
    if width is not None and width < 1:
        raise BadInput(f"--width must be >= 1, got {width}")
    result = plan(rho, depth, delta, width, exact)
    document = {"rho": fraction_text(rho), "depth": depth, "delta": fraction_text(delta),
                "per_run_bound": fraction_text(result.per_run_bound),
                "runs_theorem": result.runs_theorem, "rho_d_ln_1_over_delta": result.rho_d_log,
                "width": width, "exhaustive_leaf_queries": result.exhaustive_leaves,
                "per_run_exact": None if exact is None else fraction_text(exact),
                "runs_exact": result.runs_exact,
                "rule": args.rule if args.tree else None}
    if args.json:
        print_json(document)
    else:
        _print_plan(document)
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
    from verify.base.numbers import fraction_text
    from verify.cli import print_json
    from verify.protocol.completeness import check_completeness

    debate = _load(args)
    report = check_completeness(debate)
    document = _common(debate)
    document.update({
        "paths": report.paths, "honest_never_loses": report.never_loses,
        "loss_probability": fraction_text(report.loss_probability),
        "fbs_condition_holds": report.fbs_condition_holds,
        "violations": [{"node": n, "fbs": fraction_text(v)} for n, v in report.violations],
        "losing_paths": [{"path": list(p.nodes), "reason": p.reason,
                          "probability": fraction_text(p.probability)}
                         for p in report.losing_paths[:100]],
        "queries_on_path_max": report.queries_on_path_max, "query_bound_d_q_Q": report.query_bound,
        "Q": report.Q, "q": report.width})
    if args.json:
        print_json(document)
        return 0
    verdict = "never loses" if report.never_loses else (
        f"LOSES with probability {document['loss_probability']}")
    print(f"completeness (Theorem 4.1): {report.paths} Bob sample path(s) enumerated, rho = "
          f"{document['rho']}, rule {debate.rule}: the honest Alice {verdict}")
    condition = "holds" if report.fbs_condition_holds else (
        f"fails at {len(report.violations)} node(s), e.g. {report.violations[0][0]!r} with fbs "
        f"{fraction_text(report.violations[0][1])}")
    print(f"  FBS condition fbs_z*(phi_u) <= rho at every internal node: {condition}")
    print(f"  honest Alice's oracle queries on a path: at most {report.queries_on_path_max} "
          f"<= d*q*Q = {report.depth}*{report.width}*{report.Q} = {report.query_bound}")
    if not report.never_loses:
        first = report.losing_paths[0]
        print(f"  e.g. she loses on {' > '.join(first.nodes)} ({first.reason})", file=sys.stdout)
    return 0
