"""Definitions 3.3 and 3.4: the primal and dual LPs have the same optimum (strong duality)."""

from fractions import Fraction

from verify.report.runner import CheckResult, PaperCheck

from .corpus import corpus

NAME = "definitions_3_3_3_4_duality"
PLACE = "Definitions 3.3 and 3.4"
CLAIM = "By strong duality, its optimum equals the primal value fbs_x(f)."


def run(context) -> CheckResult:
    failures = []
    cases = corpus()
    for spec, z in cases:
        # the explicit LP pair of Definitions 3.3/3.4 over all blocks: the table method (kind
        # exhaustive); a composition's own certificate is factored and lists no global primal
        result = context.certified_fbs(NAME, spec, z, method="table")
        primal = sum((w for _, w in result.primal), Fraction(0))
        dual = sum(result.dual, Fraction(0))
        if not primal == dual == result.value:
            failures.append({"spec": spec, "input": z, "primal": str(primal), "dual": str(dual)})
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"{len(cases)} instances: sum of primal weights = sum of dual t = fbs exactly, each "
        "pair certified (primal and dual feasibility checked by the stdlib-only checker)",
        "failed" if failures else "confirmed",
        values={"instances": len(cases), "failures": failures},
        notes=[
            "the LPs run over inclusion-minimal sensitive blocks only, which leaves the "
                    "optimum unchanged (docs/notes.md, section 1); the checker's dual-feasibility step "
                    "still covers every sensitive block"])


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
