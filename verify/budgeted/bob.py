"""Bob's budget check and sampling rule in Budgeted FBS Debate (ours, docs/budgeted.md).

At an internal node u where Alice claims the child vector z and child budgets beta_i, Bob
sets the capacities c_i = 0 for a constant child (verify.budgeted.ranges) and
c_i = max(beta_i, 1) otherwise (a leaf's budget is 1), and computes exactly

    W_u = min { sum_i c_i t_i : t >= 0, t(B) >= 1 for every sensitive block B of phi_u at z },

the weighted fbs LP that the lower bound's recursion solves (verify.lower_bound.tree_fbs).
The value is used only after the stdlib-only checker accepted its certificate (kind
`weighted`); views certified as records of a tree certificate are reused. Bob samples child i
with p_i = c_i t_i / W_u for the certified optimal t (no distribution when W_u = 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from verify.base.errors import SolverFailure, TooLarge, beyond_checker_bound
from verify.checker import CertificateMalformed, CertificateTooLarge, check_certificate
from verify.functions.aggregators import aggregator_function
from verify.functions.families import embedded_files
from verify.sensitivity.certificates import weighted_certificate
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
    return ZERO if constant_child else max(Fraction(budget), ONE)


def budget_view(spec: str, z: tuple[int, ...], capacities: tuple[Fraction, ...]) -> BudgetView:
    """W_u and p for claim vector z under the given capacities, certified (cached by key)."""
    key = (spec, tuple(z), tuple(capacities))
    view = _VIEWS.get(key)
    if view is None:
        view = _VIEWS[key] = _certified(_solve(*key))
    return view


def seed_views(records, certified: bool) -> None:
    """Reuse local LPs the tree checker already accepted (verify.lower_bound.tree_fbs records)."""
    if certified:
        for record in records:
            _VIEWS.setdefault((record.spec, record.z, record.capacities), _view(record))


def _solve(spec: str, z, capacities) -> LocalSolution:
    width = aggregator_function(spec).arity
    if width > MAX_BUDGETED_WIDTH:
        raise TooLarge(f"{spec}: the budgeted protocol certifies Bob's weighted LP with the "
                       f"`weighted` checker kind, for widths up to {MAX_BUDGETED_WIDTH}")
    return local_weighted_fbs(spec, z, capacities)


def _certified(solution: LocalSolution) -> BudgetView:
    certificate = weighted_certificate(solution.spec, solution.z, solution.capacities,
                                       solution.value, solution.primal, solution.dual,
                                       embedded_files(aggregator_function(solution.spec)))
    try:
        report = check_certificate(certificate)
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
