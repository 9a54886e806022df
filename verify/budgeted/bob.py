"""Bob's budget check and sampling rule in Budgeted FBS Debate (ours, docs/budgeted.md).

At an internal node u where Alice claims the child vector z and child budgets beta_i, Bob
sets the capacities c_i = 0 for a constant child (verify.budgeted.ranges) and
c_i = max(beta_i, 1) otherwise (a leaf's budget is 1), and computes exactly

    W_u = min { sum_i c_i t_i : t >= 0, t(B) >= 1 for every sensitive block B of phi_u at z },

the weighted fbs LP that the lower bound's recursion solves (verify.lower_bound.tree_fbs).
The value is used only after the stdlib-only checker accepted it (the checks of kind
`weighted`, run in memory: verify.checker.weighted_kind.check_weighted_lp). Bob samples child i with p_i = c_i t_i / W_u for the optimal t chosen by a fixed,
documented rule (docs/budgeted.md, section 1, "Bob's optimal dual"), so catch probabilities
are reproducible from the documentation: for a symmetric aggregator the closed form's dual
(verify.sensitivity.weighted.uniform_packing), for any other the lexicographically least
optimal dual. (No distribution when W_u = 0.)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from verify.base.errors import SolverFailure, TooLarge, beyond_checker_bound
from verify.checker import CertificateMalformed, CertificateTooLarge
from verify.checker.weighted_kind import check_weighted_lp
from verify.functions.aggregators import Aggregator, resolve
from verify.functions.bits import format_bits
from verify.functions.families import embedded_files
from verify.sensitivity.weighted import LocalSolution, local_weighted_fbs

ONE, ZERO = Fraction(1), Fraction(0)
MAX_BUDGETED_WIDTH = 24  # the weighted checker kind enumerates 2^q blocks

Key = tuple[str, tuple[int, ...], tuple[Fraction, ...]]


@dataclass(frozen=True)
class BudgetView:
    """What Bob computes at one node: W_u, the certified optimal t, and his distribution p."""

    spec: str
    z: tuple[int, ...]
    capacities: tuple[Fraction, ...]
    value: Fraction  # W_u
    dual: tuple[Fraction, ...]  # t
    p: tuple[Fraction, ...] | None  # c_i t_i / W_u; None when W_u = 0


_VIEWS: dict[Key, BudgetView] = {}


def capacity(budget: Fraction, constant_child: bool) -> Fraction:
    """c_i: 0 for a constant child, else max(beta_i, 1) (a budget below 1 cannot hide a child)."""
    if constant_child:
        return ZERO
    if type(budget) is not Fraction:  # an int or a string: made exact once
        budget = Fraction(budget)
    return budget if budget > ONE else ONE


def budget_view(spec: str, z: tuple[int, ...], capacities: tuple[Fraction, ...]) -> BudgetView:
    """W_u and p for claim vector z under the given capacities, certified (cached by key)."""
    key = (spec, tuple(z), tuple(capacities))
    view = _VIEWS.get(key)
    if view is None:
        phi = spec if isinstance(spec, Aggregator) else resolve(spec)  # a plain spec works too
        view = _VIEWS[key] = _certified(_solve(phi, key[1], key[2]), phi)
    return view


def seed_views(records, certified: bool) -> None:
    """Reuse local LPs the tree checker already accepted (verify.lower_bound.tree_fbs records)
    for symmetric aggregators, whose dual is the closed form's (the rule); the others are
    re-solved for the lexicographically least optimal dual."""
    if certified:
        for record in records:
            if record.method == "symmetric":  # a symmetric aggregator's closed form
                _VIEWS.setdefault((record.spec, record.z, record.capacities), _view(record))


def _solve(spec: Aggregator, z, capacities) -> LocalSolution:
    if spec.arity > MAX_BUDGETED_WIDTH:
        raise TooLarge(f"{spec}: the budgeted protocol certifies Bob's weighted LP with the "
                       f"`weighted` checker kind, for widths up to {MAX_BUDGETED_WIDTH}")
    solution = local_weighted_fbs(spec, z, capacities)
    if spec.symmetric or solution.value == 0:
        return solution  # the closed form's dual: a documented formula (docs/budgeted.md)
    return replace(solution, dual=lexmin_optimal_dual(spec, tuple(z), tuple(capacities),
                                                      solution.value))


def lexmin_optimal_dual(spec: str, z: tuple[int, ...], capacities: tuple[Fraction, ...],
                        value: Fraction) -> tuple[Fraction, ...]:
    """Bob's rule for a non-symmetric aggregator: the lexicographically least optimal dual
    (t_1 as small as possible, then t_2, ...) among t >= 0 with t(B) >= 1 on every minimal
    sensitive block and sum c_i t_i = W, computed exactly by z3 (untrusted: the certificate
    built from it is checked, so only the choice among optimal duals rests on z3)."""
    import z3

    from verify.base.numbers import fraction_text
    from verify.base.z3_check import z3_check
    from verify.sensitivity.blocks import mask_to_block
    from verify.sensitivity.weighted import _minimal_masks

    q = len(z)
    t = [z3.Real(f"t{i}") for i in range(q)]
    optimizer = z3.Optimize()
    optimizer.add(*[x >= 0 for x in t])
    for mask in _minimal_masks(spec, z):
        optimizer.add(z3.Sum([t[i] for i in mask_to_block(int(mask), q)]) >= 1)
    optimizer.add(z3.Sum([z3.RealVal(fraction_text(c)) * x for c, x in zip(capacities, t)])
                  == z3.RealVal(fraction_text(value)))
    for x in t:  # lexicographic priority is z3's default for several objectives
        optimizer.minimize(x)
    if str(z3_check(optimizer)) != "sat":
        raise SolverFailure(f"{spec}: z3 found no optimal dual of value {value}")
    model = optimizer.model()
    return tuple(Fraction(model.eval(x, model_completion=True).as_fraction()) for x in t)


def _certified(solution: LocalSolution, phi: Aggregator) -> BudgetView:
    """The view once the checker accepted the LP: checked in memory (the weighted kind's
    check_weighted_lp, the same checks as the certificate's) since nothing is written out."""
    try:
        report = check_weighted_lp(solution.spec, format_bits(solution.z), solution.capacities,
                                   solution.value, solution.primal, solution.dual,
                                   embedded_files(phi.function))
    except CertificateTooLarge as error:
        raise beyond_checker_bound(error) from None
    except CertificateMalformed as error:
        raise SolverFailure(f"budget LP of {solution.spec}: malformed certificate ({error})") from None
    if not report.valid or report.value != solution.value:
        raise SolverFailure(f"budget LP of {solution.spec} at {solution.z} was not certified: "
                            f"[{report.condition}] {report.message}")
    return _view(solution)


def _view(solution: LocalSolution) -> BudgetView:
    value = solution.value
    p = None
    if value > 0:
        p = tuple(c * t / value for c, t in zip(solution.capacities, solution.dual))
    return BudgetView(solution.spec, solution.z, solution.capacities, value, solution.dual, p)
