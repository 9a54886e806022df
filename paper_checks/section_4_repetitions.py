"""Section 4: O(rho^d log n) runs catch a lying Alice with probability >= 1 - 1/poly(n)."""

import math
from fractions import Fraction

from verify.protocol.engine import Debate
from verify.protocol.planner import plan, repetitions_needed
from verify.protocol.sampling import sample_runs
from verify.protocol.worst_case import solve_worst_case
from verify.report.runner import CheckResult, PaperCheck, text

from .theorem_4_2_soundness import _rhos
from .trees_corpus import grid_trees

NAME = "section_4_repetitions"
PLACE = "Section 4 (after Figure 1), Section 1.2"
CLAIM = ("By running the protocol O(rho^d log n) times, any incorrect answer by Alice will be "
         "caught with probability at least 1 - 1/poly(n).")
EXPONENT = 2  # delta = n^-2
SAMPLED_RUNS = 20000


def run(context) -> CheckResult:
    rows, failures = [], []
    for spec, depth, tree, oracle in grid_trees():
        n = len(tree.leaves())
        if n < 3:
            continue
        rho = _rhos(tree, oracle)[0]
        delta = Fraction(1, n**EXPONENT)
        the_plan = plan(rho, depth, delta, tree.max_width())
        budget = math.ceil(float(rho) ** depth * EXPONENT * math.log(n))  # rho^d * 2 ln n
        row = {"aggregator": spec, "depth": depth, "n_leaves": n, "rho": text(rho),
               "delta": text(delta), "runs_needed": the_plan.runs_theorem,
               "rho_d_2_ln_n": budget, "q_d": the_plan.exhaustive_leaves}
        rows.append(row)
        if the_plan.runs_theorem > budget:
            failures.append(row)
    sampled = _sampled_example()
    if not sampled["interval_contains_exact"] or not sampled["enough"]:
        failures.append(sampled)
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"on {len(rows)} trees, R = smallest number of runs with (1 - rho^-d)^R <= n^-2 is at most "
        f"ceil(rho^d * 2 ln n) (exact); sampled: {sampled['runs']} runs of the worst-case liar on a "
        f"depth-3 maj:3 tree caught at rate {sampled['rate_float']:.4f}, interval contains the exact "
        f"{sampled['exact']}",
        "failed" if failures else "confirmed",
        values={"plans": rows, "sampled": sampled, "failures": failures},
        notes=[
            "n is read as the number of leaves of the tree and 1/poly(n) as n^-2; the "
                    "per-run catch bound rho^-d is Theorem 4.2's"])


def _sampled_example() -> dict:
    """Seeded runs of the worst-case liar: the empirical catch rate against the exact value."""
    from verify.protocol.debaters import WorstCaseAlice
    from verify.protocol.engine import compile_states
    from verify.trees.builders import uniform_tree
    from verify.trees.oracles import random_oracle

    tree = uniform_tree("maj:3", 3)
    oracle = random_oracle(tree, seed=3)
    debate = Debate.create(tree, oracle, 2, "vertex")
    exact = solve_worst_case(debate).catch_probability_exact
    graph = compile_states(debate, WorstCaseAlice.solve(debate))
    result = sample_runs(debate, graph, SAMPLED_RUNS, seed=11)
    needed = repetitions_needed(exact, Fraction(1, 100))
    return {"runs": SAMPLED_RUNS, "rate_float": result.caught / SAMPLED_RUNS, "exact": text(exact),
            "interval_float": list(result.clopper_pearson), "interval_contains_exact": result.interval_contains_exact,
            "runs_for_99_percent": needed, "enough": needed is not None}


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
