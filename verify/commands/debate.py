"""`fbs debate run | worst-case | plan | completeness`: the FBS Debate protocol (paper Section 4).

Exit codes beyond 0 and 2: `run` with the honest Alice, `completeness` and `plan --tree` exit 1
where the FBS condition (the hypothesis of Theorem 4.1) fails, with a warning; a theorem whose hypothesis
holds but whose conclusion fails would be a bug of fbs-verify (exit 3).
"""

from __future__ import annotations

import sys

from .arguments import count, positive, tree_title
from .verdicts import outside_note

CHILDREN_NOTE = ("children are numbered from 1 as in the paper (y_1..y_q); --json and "
                 "transcripts number them from 0")
DEFAULT_RUNS = 1000
UNIFORM_SCOPE = " (rule 'uniform' ignores the LP: Theorem 4.2 does not cover it)"
UNIFORM_CAVEAT = " (not a lower bound under rule 'uniform')"


def register(commands) -> None:
    debate = commands.add_parser("debate", help="run the FBS Debate protocol (Section 4)")
    sub = debate.add_subparsers(dest="debate_command", required=True, parser_class=type(debate))

    run = sub.add_parser("run", help="N seeded debate runs with a catch-rate interval",
                         description="Seeded runs of FBS Debate beside the exact catch "
                         "probability of Alice's strategy. " + CHILDREN_NOTE + ". Exit 1 (with "
                         "a warning) if Alice is honest and the FBS condition of Theorem 4.1 "
                         "fails at some node.")
    _instance(run)
    run.add_argument("--alice", required=True, metavar="honest|worst|solver|solver-lazy|FILE",
                     help="honest; worst: the worst-case liar (paper protocol: the exact DP's; budgeted: the best "
                     "liar found, an upper bound on the worst case); the honest Alice who solves her "
                     "sub-problems through the oracle (solver; solver-lazy short-circuits), or "
                     "an fbs-alice/1 script (- for standard input)")
    run.add_argument("--runs", type=positive, default=DEFAULT_RUNS, metavar="N",
                     help="independent runs (1..10^9 and runs x depth <= 10^8; with 1 the path of "
                     "the run is printed)")
    run.add_argument("--seed", type=count, default=0, metavar="S", help="seed of the runs")
    run.add_argument("--confidence", default="0.95", metavar="C",
                     help="confidence level of the intervals, in (0, 1)")
    run.add_argument("--transcript", metavar="OUT.jsonl",
                     help="write the JSON-lines transcript (- for standard output)")
    _protocol(run)
    run.set_defaults(run=run_run)

    worst = sub.add_parser("worst-case", help="exact worst-case catch probability (DP)",
                           description="The exact worst-case liar by dynamic programming "
                           "(Theorem 4.2). " + CHILDREN_NOTE + ".")
    _instance(worst)
    _protocol(worst)
    worst.set_defaults(run=run_worst)

    plan = sub.add_parser("plan", help="runs needed to catch a liar with probability >= 1-delta")
    plan.add_argument("--rho", metavar="R", help="e.g. 4, 7/2 or 2.5 (<= 10^6); required for the "
                      "paper protocol")
    plan.add_argument("--depth", type=count, metavar="D",
                      help="tree depth d (<= 1000; optional with --tree)")
    plan.add_argument("--delta", required=True, metavar="DELTA",
                      help="failure probability in (0, 1), e.g. 0.01, 1/100 or 1e-300")
    plan.add_argument("--width", type=count, metavar="Q", help="q, for the q^d exhaustive count")
    plan.add_argument("--tree", metavar="TREE", help="also plan with the exact DP value")
    plan.add_argument("--oracle", metavar="ORACLE", help="the oracle of --tree")
    plan.add_argument("--rule", default="vertex", choices=["vertex", "symmetric", "uniform"],
                      help="Bob's rule for the exact value")
    plan.add_argument("--json", action="store_true", help="machine-readable output")
    _protocol(plan)
    plan.set_defaults(run=run_plan)

    complete = sub.add_parser("completeness", help="enumerate every Bob path against an "
                              "honest Alice (Theorem 4.1)",
                              description="Every path Bob can sample against the honest Alice. "
                              "Exit 1 if the FBS condition fails (Theorem 4.1's hypothesis).")
    _instance(complete)
    _protocol(complete)
    complete.set_defaults(run=run_completeness)


def _instance(parser) -> None:
    parser.add_argument("tree", metavar="TREE", help="fbs-tree/1 file, or fbs-tree/2 with menus "
                        "of alternative decompositions (- for standard input)")
    parser.add_argument("--oracle", required=True, metavar="ORACLE", help="fbs-oracle/1 file")
    parser.add_argument("--rho", metavar="R", help="e.g. 4, 7/2 or 2.5 (required for the paper "
                        "protocol)")
    parser.add_argument("--rule", default="vertex", choices=["vertex", "symmetric", "uniform"],
                        help="Bob's choice among optimal duals")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _protocol(parser) -> None:
    parser.add_argument("--protocol", type=_protocol_name, default="paper",
                        metavar="{paper,budgeted,mixed[:LAMBDA]}",
                        help="paper: FBS Debate as in Section 4 (default); budgeted: Budgeted FBS "
                        "Debate, THIS PROJECT'S EXTENSION (docs/budgeted.md), not the paper's; "
                        "mixed[:LAMBDA]: both checks, Bob samples by the paper's rule with "
                        "probability LAMBDA (default 1/2), ours (worst-case, completeness, plan)")
    parser.add_argument("--beta-max", metavar="B", help="budgeted protocol: the public budget "
                        "threshold (default rho_T, the certified global fbs of Section 5)")


def _protocol_name(text: str) -> str:
    if text == "paper":  # the default: no import of the budgeted protocols (start-up time)
        return text
    import argparse

    from verify.base.errors import BadInput
    from verify.budgeted.mixed import parse_protocol

    try:
        parse_protocol(text)
    except BadInput as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _instance_args(args) -> tuple:
    if args.rho is None:
        from verify.base.errors import BadInput

        raise BadInput("--rho is required for the paper protocol (or give --protocol budgeted)")
    return args.tree, args.oracle, args.rho


def _warn(message: str) -> None:
    print(f"fbs: warning: {message}", file=sys.stderr)


def _budgeted(args) -> bool:
    """True for --protocol budgeted; --beta-max belongs to it only."""
    if args.protocol == "paper" and args.beta_max is not None:
        from verify.base.errors import BadInput

        raise BadInput("--beta-max belongs to --protocol budgeted")
    return args.protocol == "budgeted" or args.protocol.startswith("mixed")


def _refusing_menus(command, args) -> int:
    """Run a budgeted command; a tree with menus is refused with the reason (docs/budgeted.md)."""
    from verify.base.errors import BadInput
    from verify.trees.tree_file import MenusRefused

    try:
        return command(args)
    except MenusRefused as error:
        raise BadInput(f"{str(error).split(': node ')[0]}: --protocol {args.protocol} takes a "
                       "fixed tree, "
                       "not one with alternative decompositions (menus): its Theorem B1 (ours) "
                       "extends to menus but the implementation and Theorem B2 need the "
                       "realised tree (docs/budgeted.md, section 9); fix one alternative per "
                       "menu node") from None


def _print_menus(document, stream=None) -> None:
    """With menus: their number and the honest Alice's alternatives (docs/menus.md)."""
    if "menu_nodes" not in document:
        return
    from verify.base.numbers import count_display

    chosen = ", ".join(f"{m!r} -> {a!r}" for m, a in list(document["honest_alternatives"].items())[:6])
    print(f"  menus: {document['menu_nodes']} menu node(s), "
          f"{count_display(document['realisations'])} "
          f"realisation(s); the honest Alice decomposes by {chosen or 'none reached'}",
          file=stream)


# ----------------------------------------------------------------------------- run


def run_run(args) -> int:
    if _budgeted(args):
        from .budgeted import run_run

        return _refusing_menus(run_run, args)
    from verify.base.numbers import parse_fraction
    from verify.cli import print_json
    from verify.protocol.api import debate
    from verify.protocol.debaters import BUILT_IN

    from .arguments import check_outputs, refuse_json_with_stdout, report_stream

    refuse_json_with_stdout(args.json, args.transcript)
    script = None if args.alice in BUILT_IN else args.alice
    check_outputs([(args.transcript, "--transcript")],
                  [(args.tree, "TREE"), (args.oracle, "--oracle"), (script, "--alice")])
    confidence = float(parse_fraction(args.confidence, "--confidence"))
    result = debate(*_instance_args(args), alice=args.alice, runs=args.runs, seed=args.seed,
                    rule=args.rule, confidence=confidence, transcript=args.transcript,
                    progress=True)
    document = result.to_json()
    stream = report_stream(args.transcript)
    if args.json:
        print_json(document)
    else:
        _print_run(dict(document, tree_file=args.tree), stream)
        if args.runs == 1:
            _print_single_run(result.debate, result.alice, args.seed, stream)
    return _run_verdict(result, document)


def _run_verdict(result, document) -> int:
    """0, or 1 with a warning where Theorem 4.1's hypothesis fails for the honest Alice."""
    if document.get("fbs_condition_holds") is False:
        first = document["violations"][0]
        _warn(f"the FBS condition fails at {len(result.fbs_condition_violations)} node(s), e.g. "
              f"{first['node']!r} with honest fbs {first['fbs']} > rho = {document['rho']}: "
              f"Theorem 4.1 does not apply and the honest Alice can lose (caught "
              f"{document['caught']} of {document['runs']} runs)")
        return 1
    if document["alice"] in ("honest", "solver", "solver-lazy") and document["caught"]:
        raise AssertionError("the honest Alice was caught although the FBS condition holds")
    return 0


def _print_single_run(debate, alice, seed: int, stream) -> None:
    """The path of run 0 (the same uniforms as the sampler's first row)."""
    import numpy as np

    from verify.base.numbers import short_fraction
    from verify.protocol.engine import run_once

    tree = debate.tree
    uniforms = np.random.Generator(np.random.PCG64(seed)).random((1, tree.depth))[0]
    run = run_once(debate, alice, uniforms)
    print(f"  the path of run 0 ({CHILDREN_NOTE}):", file=stream)
    for k, current in enumerate(run.steps):
        node = current.node
        level = tree.depth - tree.depths[node]
        head = f"  level {level} {tree.ids[node]!r}: Alice claims {current.claim}"
        if current.z is None:
            print(f"{head}; oracle says {current.oracle}: {current.outcome}", file=stream)
            continue
        if current.alternative is not None:
            head += f", decomposes by {tree.ids[current.decomposition(tree)]!r}"
        detail = f"z = {_bits(current.z)}"
        if current.fbs is not None:
            detail += f", fbs = {short_fraction(current.fbs)}"
        if current.outcome is not None:
            print(f"{head}, {detail}: {current.outcome} ({current.reason})", file=stream)
        else:
            i = run.choices[k]
            print(f"{head}, {detail}; Bob samples child {i + 1} "
                  f"(p = {short_fraction(current.p[i])})", file=stream)


def _bits(z) -> str:
    from verify.functions.bits import bits_display

    return bits_display("".join(map(str, z)))


def _print_run(document, stream) -> None:
    from verify.base.numbers import shown

    def say(text: str) -> None:
        print(text, file=stream)

    def show(name: str) -> str:
        return shown(document[name])

    lie = "lies" if document["alice_lies"] else "tells the truth"
    say(f"FBS debate: {tree_title(document)} (depth {document['depth']}, {document['nodes']} "
        f"nodes), rho = {show('rho')}, Bob's rule: {document['rule']}")
    say(f"  Alice ({document['alice']}) answers {document['alice_answer']}: she {lie} "
        f"(L(x) = {document['true_value']})")
    level = round(100 * document["confidence"], 4)
    say(f"  {document['runs']} run(s), seed {document['seed']}: Bob won {document['caught']}; "
        f"catch_rate_estimate = {document['catch_rate_estimate_float']:.6g}")
    low, high = document["clopper_pearson_float"]
    inside = "inside" if document["interval_contains_exact"] else "OUTSIDE"
    wilson = document["wilson_float"]
    say(f"  {level:g}% Clopper-Pearson [{low:.6g}, {high:.6g}], Wilson "
        f"[{wilson[0]:.6g}, {wilson[1]:.6g}]")
    say(f"  catch_probability_exact = "
        f"{show('catch_probability_exact')} ({inside} the interval"
        f"{outside_note(level, document['interval_contains_exact'])})")
    scope = "" if document["theorem_4_2_applies"] else UNIFORM_SCOPE
    say(f"  Theorem 4.2 bound rho^-d = {show('theorem_4_2_bound')}{scope}")
    if "instance_bound" in document:
        caveat = "" if document["theorem_4_2_applies"] else UNIFORM_CAVEAT
        say(f"  instance bound (min over lying paths of prod 1/fbs_z) = "
            f"{show('instance_bound')}{caveat}")
    _print_menus(document, stream)
    if document.get("fbs_condition_holds") is False:
        say("  FBS condition (Theorem 4.1's hypothesis) FAILS: see the warning")
    cost = document.get("cost_per_run_max")
    if cost is not None:
        work = "" if cost["alice_work"] is None else f", her work {cost['alice_work']} units"
        if document["alice"] == "honest":  # she reads precomputed values: no query counted
            work += " (this Alice reads precomputed node values; --alice solver counts real reads)"
        say(f"  cost per run (max): Alice {cost['alice_queries']} oracle queries{work}, judge "
            f"{cost['judge_queries']}; Bob {bob_cost_text(cost)}")
    if document["depth_note"]:
        say(f"  note: {document['depth_note']}")


def bob_cost_text(cost: dict) -> str:
    """Bob's fbs work as done: LPs solved, or the symmetric closed form (no LP), with the size
    of Definition 3.4's LP at those rounds (verify.protocol.cost)."""
    lps, closed = cost["lp_solves"], cost.get("closed_forms", 0)
    if lps == 0 and closed == 0:
        return "no fbs value computed"
    size = (f"{cost['lp_variables_max']} variables x {cost['lp_constraints_max']} "
            "constraints")
    if cost["lp_constraints_max"] == -1:
        size = f"{cost['lp_variables_max']} variables (constraints not counted)"
    if lps == 0:
        return (f"{closed} fbs value(s) by the symmetric closed form, no LP solved (the LP of "
                f"Definition 3.4 it replaces: at most {size})")
    shown = f"{lps} LP(s), at most {size}"
    return shown if closed == 0 else f"{shown}; {closed} value(s) by the symmetric closed form"


# ----------------------------------------------------------------------------- worst case


def run_worst(args) -> int:
    if _budgeted(args):
        from .budgeted import run_worst_case

        return _refusing_menus(run_worst_case, args)
    from verify.cli import print_json
    from verify.protocol.api import worst_case

    result = worst_case(*_instance_args(args), rule=args.rule, progress=True)
    document = result.to_json() if args.json else result.to_json(states=1)  # the text: the root
    if args.json:
        print_json(document)
    else:
        _print_worst(dict(document, tree_file=args.tree))
    if document["theorem_4_2_applies"] and not document["theorem_4_2_holds"]:
        raise AssertionError("Theorem 4.2 fails under an optimal-dual rule")
    return 0


def _print_worst(document) -> None:
    from verify.base.numbers import shown
    from verify.base.witness import ranges_text

    def show(name: str) -> str:
        return shown(document[name])

    print(f"worst-case liar (exact DP): {tree_title(document)} (depth {document['depth']}), "
          f"rho = {show('rho')}, Bob's rule: {document['rule']}")
    print(f"  Alice answers {document['alice_answer']} (L(x) = {document['true_value']})")
    _print_menus(document)
    print(f"  catch_probability_exact = {show('catch_probability_exact')}")
    verdict = "holds" if document["theorem_4_2_holds"] else "FAILS"
    scope = "" if document["theorem_4_2_applies"] else UNIFORM_SCOPE
    print(f"  Theorem 4.2 bound rho^-d = {show('theorem_4_2_bound')}: {verdict}{scope}")
    caveat = "" if document["theorem_4_2_applies"] else UNIFORM_CAVEAT
    print(f"  instance bound (min over lying paths of prod 1/fbs_z) = "
          f"{show('instance_bound')}{caveat}")
    print(f"  an Alice claiming the true value L(x) = {document['true_value']} instead is caught "
          f"with probability {show('true_claim_catch')} under her best strategy (0 whenever "
          "the FBS condition holds, Theorem 4.1: the truth is never penalised)")
    if document["strategy"]:
        top = document["strategy"][0]
        chosen = f"alternative {top['alternative']!r}, " if "alternative" in top else ""
        print(f"  strategy at the root: {chosen}z = {_bits(top['z'])} ({len(top['lies'])} "
              f"lie(s), at children {ranges_text(top['lies'])}), fbs = "
              f"{shown(top['fbs'])}; "
              f"{document['strategy_states']} internal state(s) reachable (see --json)")
        print(f"  ({CHILDREN_NOTE})")
    if document["depth_note"]:
        print(f"  note: {document['depth_note']}")


# ----------------------------------------------------------------------------- plan


def run_plan(args) -> int:
    if _budgeted(args):
        from .budgeted import run_plan

        return _refusing_menus(run_plan, args)
    from verify.cli import print_json
    from verify.protocol.api import plan

    from .arguments import check_outputs

    _instance_args(args)  # --rho is required for the paper protocol
    check_outputs([], [(args.tree, "--tree"), (args.oracle, "--oracle")])
    result = plan(args.rho, args.depth, args.delta, width=args.width, tree=args.tree,
                  oracle=args.oracle, rule=args.rule, progress=True)
    if args.json:
        print_json(result.to_json())
    else:
        _print_plan(result)
    return _plan_verdict(args)


def _plan_verdict(args) -> int:
    """With a tree: 1 and the warning of `completeness` when Theorem 4.1's hypothesis (the FBS
    condition at rho) fails for the honest Alice, so the planned runs would catch her too."""
    if args.tree is None:
        return 0
    from verify.base.numbers import shown
    from verify.protocol.api import debate_instance, fbs_condition_violations

    violations = fbs_condition_violations(debate_instance(args.tree, args.oracle, args.rho,
                                                          args.rule))
    if not violations:
        return 0
    node, fbs = violations[0]
    _warn(f"the FBS condition (Theorem 4.1's hypothesis) fails at {len(violations)} node(s), "
          f"e.g. {node!r} with honest fbs {shown(fbs)} > rho = {shown(args.rho)}: the honest "
          "Alice can lose, "
          "so this plan does not separate her from a liar")
    return 1


def _print_plan(result) -> None:
    from verify.base.numbers import short_fraction

    print(f"repetition plan: rho = {short_fraction(result.rho)}, d = {result.depth}, "
          f"delta = {short_fraction(result.delta)}")
    print(f"  per-run catch probability >= rho^-d = {short_fraction(result.per_run_bound)} "
          "(Theorem 4.2)")
    print(f"  R = {short_fraction(result.runs_theorem)} independent runs: smallest R with "
          f"(1 - rho^-d)^R <= delta (exact)")
    print(f"  O(rho^d log n) statement: rho^d ln(1/delta) = {result.rho_d_log_text}")
    if result.tree_leaves is not None:
        print(f"  exhaustive checking: {result.tree_leaves} leaf queries, one per leaf of the "
              f"tree (q^d = {result.width}^{result.depth} counts a full tree of width "
              f"{result.width}; the judge makes 1 per run)")
    elif result.exhaustive_leaves is not None:
        print(f"  exhaustive checking: q^d = {result.width}^{result.depth} = "
              f"{short_fraction(result.exhaustive_leaves)} leaf queries (the judge makes 1 per run)")
    if result.per_run_exact is not None:
        runs = result.runs_exact
        shown = "never (exact catch probability 0)" if runs is None else short_fraction(runs)
        print(f"  with the tree's exact worst case {short_fraction(result.per_run_exact)} "
              f"(rule {result.rule}): R = {shown}")


# ----------------------------------------------------------------------------- completeness


def run_completeness(args) -> int:
    if _budgeted(args):
        from .budgeted import run_completeness

        return _refusing_menus(run_completeness, args)
    from verify.cli import print_json
    from verify.protocol.api import completeness

    result = completeness(*_instance_args(args), rule=args.rule)
    document = result.to_json()
    if args.json:
        print_json(document)
    else:
        _print_completeness(document)
    if not document["fbs_condition_holds"]:
        violations = document["violations"]
        _warn(f"the FBS condition (Theorem 4.1's hypothesis) fails at {len(violations)} "
              f"node(s), e.g. {violations[0]['node']!r} with honest fbs {violations[0]['fbs']} > "
              f"rho = {document['rho']}; the honest Alice "
              f"{'never loses here' if document['honest_never_loses'] else 'can lose'}")
        return 1
    if not document["honest_never_loses"]:
        raise AssertionError("the honest Alice loses although the FBS condition holds")
    return 0


def _print_completeness(document) -> None:
    verdict = "never loses" if document["honest_never_loses"] else (
        f"LOSES with probability {document['loss_probability']}")
    print(f"completeness (Theorem 4.1): {document['paths']} Bob sample path(s) enumerated, rho = "
          f"{document['rho']}, rule {document['rule']}: the honest Alice {verdict}")
    violations = document["violations"]
    condition = "holds" if document["fbs_condition_holds"] else (
        f"FAILS at {len(violations)} node(s), e.g. {violations[0]['node']!r} with fbs "
        f"{violations[0]['fbs']}")
    print(f"  FBS condition fbs_z*(phi_u) <= rho at every internal node: {condition}")
    _print_menus(document)
    print(f"  honest Alice's oracle queries on a path: at most {document['queries_on_path_max']} "
          f"<= d*q*Q = {document['d']}*{document['q']}*{document['Q']} = "
          f"{document['query_bound_d_q_Q']}")
    if document["losing_paths"]:
        first = document["losing_paths"][0]
        print(f"  e.g. she loses on {' > '.join(first['path'])} ({first['reason']})")
