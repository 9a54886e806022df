"""Theorem 4.2: a lying Alice is caught with probability >= rho^-d, whatever her strategy."""

from fractions import Fraction

from verify.protocol.engine import Debate
from verify.protocol.worst_case import solve_worst_case
from verify.report.runner import CheckResult, PaperCheck, text
from verify.trees.local_fbs import honest_fbs

from .trees_corpus import grid_trees

NAME = "theorem_4_2_soundness"
PLACE = "Theorem 4.2 (soundness)"
CLAIM = "Suppose A(x) != L(x). Then, regardless of Alice's strategy, P[Alice loses] >= rho^-d."
RULES = ("vertex", "symmetric")


def run(context) -> CheckResult:
    rows, comparator = [], []
    for spec, depth, tree, oracle in grid_trees():
        for rho in _rhos(tree, oracle):
            for rule in RULES + ("uniform",):
                result = solve_worst_case(Debate.create(tree, oracle, rho, rule))
                row = {"aggregator": spec, "depth": depth, "rho": text(rho), "rule": rule,
                       "catch": text(result.catch_probability_exact),
                       "bound": text(result.theorem_bound),
                       "tight": result.catch_probability_exact == result.theorem_bound,
                       "holds": result.theorem_holds}
                (rows if rule in RULES else comparator).append(row)
    violated = [r for r in rows if not r["holds"]]
    tight = [r for r in rows if r["tight"]]
    below = [r for r in comparator if not r["holds"]]
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"exact worst-case catch >= rho^-d in all {len(rows)} (tree, rho, rule) cases with an "
        f"optimal-dual Bob (rules {', '.join(RULES)}); tight (equal) in {len(tight)}; the uniform "
        f"comparator of footnote 1 falls below rho^-d in {len(below)} of {len(comparator)}",
        "failed" if violated else "confirmed",
        values={"grid": rows, "violations": violated, "tight_cases": tight[:20],
                "uniform_comparator": comparator},
        notes=[
            "the exact probability is the minimum over Alice's strategies computed by a "
                    "dynamic program over the tree (verify/protocol/worst_case.py); Alice chooses the claim "
                    "vectors z, the tree fixes the sub-problems",
            "rho ranges over the honest minimum (largest honest fbs) and the aggregator's "
                    "global fbs; the theorem's condition fbs <= rho is enforced by Bob's check",
            "the uniform rule is not covered by the theorem; it is reported as a comparator"])


def _rhos(tree, oracle) -> list[Fraction]:
    """The smallest rho for which honest Alice passes, and a looser one (at least 1)."""
    values = Debate.create(tree, oracle, 1).values
    honest = max(honest_fbs(tree, values).values(), default=Fraction(1))
    honest = max(honest, Fraction(1))
    return sorted({honest, honest + 1})


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
