"""`fbs debate worst-case | completeness | plan --protocol mixed[:LAMBDA]`: Mixed FBS Debate,
THIS PROJECT'S EXTENSION (docs/budgeted.md, section 7, Theorem B4). Bob flips a private
lambda-coin before each run and samples by the paper's rule or the budgeted rule; Alice's
claims must pass both protocols' checks. Exit codes as for the budgeted protocol."""

from __future__ import annotations

import sys

from verify.base.numbers import shown

from .arguments import tree_title

LABEL = ("Mixed FBS Debate (this project's extension, docs/budgeted.md section 7; not the "
         "paper's protocol)")


def _lam(args):
    from verify.budgeted.mixed import parse_protocol

    return parse_protocol(args.protocol)[1]


def _head(document) -> None:
    print(f"{LABEL}: {tree_title(document)} (depth {document['depth']}, {document['nodes']} nodes)")
    print(f"  lambda = {shown(document['lambda'])}, rho = {shown(document['rho'])} (paper rule "
          f"{document['rule']}), beta_max = {shown(document['beta_max'])}, rho_T = {shown(document['rho_T'])}")
    print(f"  guarantee (Theorem B4, ours): lambda rho^-d + (1 - lambda) min(1, 1/beta_max) = "
          f"{shown(document['guarantee'])} (paper {shown(document['paper_guarantee'])}, budgeted "
          f"{shown(document['budgeted_guarantee'])})")


def run_run(args) -> int:
    from verify.base.errors import BadInput

    raise BadInput("--protocol mixed offers worst-case, completeness and plan; for runs use "
                   "--protocol paper or budgeted")


def run_worst_case(args) -> int:
    from verify.base.errors import SolverFailure
    from verify.budgeted.mixed_api import mixed_worst_case
    from verify.cli import print_json

    from .arguments import check_outputs

    check_outputs([], [(args.tree, "TREE"), (args.oracle, "--oracle")])
    result = mixed_worst_case(args.tree, args.oracle, lam=_lam(args), rho=args.rho,
                              beta_max=args.beta_max, rule=args.rule)
    document = result.to_json()
    if args.json:
        print_json(document)
    else:
        _head(dict(document, tree_file=args.tree))
        interval = document["worst_case"]
        low, high = shown(interval["lower_bound"]), shown(interval["upper_bound"])
        print(f"  worst-case catch probability {'exact: ' + low if interval['exact'] else f'in [{low}, {high}]'}"
              f" (lower bound: Theorem B4 with the paper protocol's exact worst case "
              f"{shown(document['paper_worst_exact'])} and the budgeted lower bound "
              f"{shown(document['budgeted_worst']['lower_bound'])}; upper: the best liar found)")
        for liar in document["liars"]:
            print(f"  liar {liar['name']}: mixed {shown(liar['mixed_catch'])} (paper branch "
                  f"{shown(liar['paper_branch'])}, budgeted branch {shown(liar['budgeted_branch'])})")
    if not result.consistent:
        raise SolverFailure("a liar beat Theorem B4's lower bound (a bug of ours)")
    _honest_budget_warning(result.setup.mixed.budgeted)
    return 0 if result.upper_bound >= result.setup.mixed.guarantee else 1


def _honest_budget_warning(budgeted) -> None:
    """The budgeted branch's honest Alice loses at the root check when her root budget exceeds
    beta_max: a warning only (the worst case above is about liars)."""
    from verify.budgeted.debaters import honest_budgets

    from .verdicts import worst_case_verdict

    root_budget = honest_budgets(budgeted)[budgeted.tree.root]
    worst_case_verdict({"honest_root_budget": root_budget, "beta_max": budgeted.beta_max})


def run_completeness(args) -> int:
    from verify.budgeted.mixed_api import mixed_completeness
    from verify.cli import print_json

    from .verdicts import honest_verdict

    result = mixed_completeness(args.tree, args.oracle, lam=_lam(args), rho=args.rho,
                                beta_max=args.beta_max, rule=args.rule)
    document = result.to_json()
    if args.json:
        print_json(document)
    else:
        _head(dict(document, tree_file=args.tree))
        print(f"  honest Alice: loses with probability {shown(document['loss_probability'])} (paper "
              f"branch {shown(document['paper_branch_loss'])}, budgeted branch "
              f"{shown(document['budgeted_branch_loss'])}); root budget {shown(document['honest_root_budget'])}"
              f", largest honest local fbs {shown(document['largest_honest_local_fbs'])}")
    if result.largest_local_fbs > result.setup.mixed.paper.rho:
        print(f"fbs: warning: Theorem 4.1's hypothesis fails: an honest local fbs "
              f"{shown(document['largest_honest_local_fbs'])} exceeds rho = {shown(document['rho'])}",
              file=sys.stderr)
        return 1
    return honest_verdict(document["honest_root_budget"], document["beta_max"],
                          not document["honest_never_loses"],
                          f"loss probability {shown(document['loss_probability'])}")


def run_plan(args) -> int:
    from verify.budgeted.mixed_api import mixed_plan
    from verify.cli import print_json

    from .arguments import check_outputs

    check_outputs([], [(args.tree, "--tree"), (args.oracle, "--oracle")])
    document = mixed_plan(lam=_lam(args), rho=args.rho, depth=args.depth,
                          beta_max=args.beta_max, delta=args.delta, tree=args.tree,
                          oracle=args.oracle, rule=args.rule).to_json()
    if args.json:
        print_json(document)
        return _plan_verdict(args)
    print(f"repetition plan, {LABEL}: lambda = {shown(document['lambda'])}, rho = {shown(document['rho'])}, "
          f"d = {document['depth']}, beta_max = {shown(document['beta_max'])}, delta = "
          f"{shown(document['delta'])}")
    print(f"  per-run catch probability >= lambda rho^-d + (1 - lambda) min(1, 1/beta_max) = "
          f"{shown(document['per_run_bound'])} (Theorem B4, ours)")
    print(f"  R = {document['runs']} independent runs (paper alone: {document['runs_paper']}, "
          f"budgeted alone: {document['runs_budgeted']})")
    return _plan_verdict(args)


def _plan_verdict(args) -> int:
    """With a tree: the warnings and exit 1 of `completeness` when a hypothesis of the honest
    Alice fails (Theorem 4.1's FBS condition at rho, or B2(a): her root budget <= beta_max)."""
    if args.tree is None:
        return 0
    from verify.budgeted.debaters import honest_alice
    from verify.budgeted.mixed_api import mixed_instance
    from verify.protocol.api import fbs_condition_violations

    from .verdicts import honest_verdict

    mixed = mixed_instance(args.tree, args.oracle, lam=_lam(args), rho=args.rho,
                           beta_max=args.beta_max, rule=args.rule).mixed
    violations = fbs_condition_violations(mixed.paper)
    if violations:
        print(f"fbs: warning: Theorem 4.1's hypothesis fails: an honest local fbs "
              f"{shown(violations[0][1])} at {violations[0][0]!r} exceeds rho = "
              f"{shown(mixed.paper.rho)}, so "
              "the honest Alice can lose and this plan does not separate her from a liar",
              file=sys.stderr)
        return 1
    budgeted = mixed.budgeted
    root_budget = honest_alice(budgeted).budgets[budgeted.tree.root]
    return honest_verdict(root_budget, budgeted.beta_max, False,
                          "in every budgeted run, so this plan does not separate her from a liar")
