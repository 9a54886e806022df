"""A proved lower bound on the worst-case catch probability of Budgeted FBS Debate (ours;
docs/budgeted.md, section 5, Proposition B1').

Theorem B1 applied at the root's children: whatever Alice does, at a root decomposition z with
wrong set J (the children whose claim differs from their true value) a run is caught with
probability >= t(J) / W >= nu(z) / W, where t is Bob's optimal dual, W <= beta_max the root's
needed budget and

    nu(z) = min { t(J) : t >= 0, t(B) >= 1 for every sensitive block B of phi_root at z }

(the least t(J) over ALL feasible duals, so the bound holds for any rule Bob uses to pick his
optimal t). When every non-constant child of the root is a leaf, W is fixed by z and replaces
beta_max. The bound is the minimum over the decompositions that pass the root's checks; it is
a proof, not a search, and is computed on trees of any size (one LP per root claim vector).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from verify.functions.aggregators import evaluate

from .bob import budget_view
from .engine import BudgetedDebate

ONE, ZERO = Fraction(1), Fraction(0)
MAX_ROOT_WIDTH = 16  # 2^q root claim vectors are listed; wider roots fall back to B1 alone


@dataclass(frozen=True)
class LowerBound:
    """Every liar is caught with probability >= value (proved; docs/budgeted.md, B1')."""

    value: Fraction
    method: str  # "per-child (B1 at the root's children)" or "Theorem B1" (wide roots)
    vector: tuple[int, ...] | None  # a root claim vector attaining the minimum
    nu: Fraction | None
    denominator: Fraction | None  # beta_max, or the fixed W when the children are leaves
    vectors: int  # root claim vectors that pass the root's checks


def theorem_b1(debate: BudgetedDebate) -> Fraction:
    """min(1, 1/beta_max)."""
    return debate.guarantee


def per_child_lower_bound(debate: BudgetedDebate) -> LowerBound:
    """min(1, min over admissible root vectors z of nu(z) / W_cap(z)) (module docstring)."""
    tree, root = debate.tree, debate.tree.root
    lie = 1 - debate.values[root]
    if tree.is_leaf(root) or (debate.constant(root) and lie not in debate.ranges[root]):
        return LowerBound(ONE, "root check", None, None, None, 0)
    kids = tree.children[root]
    if len(kids) > MAX_ROOT_WIDTH:
        return LowerBound(theorem_b1(debate), "Theorem B1 (root wider than "
                          f"{MAX_ROOT_WIDTH}: its claim vectors are not listed)", None, None,
                          debate.beta_max, 0)
    spec, truth = tree.aggregators[root], tuple(debate.values[c] for c in kids)
    floor = tuple(ZERO if debate.constant(c) else ONE for c in kids)
    leaves_only = all(tree.is_leaf(c) or debate.constant(c) for c in kids)
    best, count = (ONE, None, None, None), 0
    for z in product((0, 1), repeat=len(kids)):
        if evaluate(spec, z) != lie or any(
                debate.constant(c) and zi not in debate.ranges[c] for c, zi in zip(kids, z)):
            continue
        least = budget_view(spec, z, floor).value  # W at the smallest capacities
        if least > debate.beta_max:
            continue  # every choice of child budgets fails the root's budget check
        count += 1
        wrong = tuple(ONE if zi != ti else ZERO for zi, ti in zip(z, truth))
        nu = budget_view(spec, z, wrong).value
        denominator = least if leaves_only else debate.beta_max
        value = min(ONE, nu / denominator)
        if value < best[0]:
            best = (value, z, nu, denominator)
    return LowerBound(best[0], "per-child (B1 at the root's children)", best[1], best[2],
                      best[3], count)


def exact_at_height_one(debate: BudgetedDebate) -> Fraction | None:
    """The exact worst case over ALL liars when every non-constant child of the root is a
    leaf (None otherwise): Alice's only choice is the claim vector z (leaf budgets are 1,
    constant children have capacity 0, the root budget matters only at the root check), and a
    run is caught iff it samples a wrong leaf, so the catch is sum over J(z) of Bob's p_i."""
    tree, root = debate.tree, debate.tree.root
    lie = 1 - debate.values[root]
    if tree.is_leaf(root) or (debate.constant(root) and lie not in debate.ranges[root]):
        return ONE
    kids = tree.children[root]
    if not all(tree.is_leaf(c) or debate.constant(c) for c in kids) or len(kids) > MAX_ROOT_WIDTH:
        return None
    spec, truth = tree.aggregators[root], tuple(debate.values[c] for c in kids)
    floor = tuple(ZERO if debate.constant(c) else ONE for c in kids)
    best = ONE
    for z in product((0, 1), repeat=len(kids)):
        if evaluate(spec, z) != lie or any(
                debate.constant(c) and zi not in debate.ranges[c] for c, zi in zip(kids, z)):
            continue
        view = budget_view(spec, z, floor)
        if view.value > debate.beta_max or view.p is None:
            continue  # caught at the budget check (W = 0 cannot happen for a lie, B1.2)
        best = min(best, sum((p for p, zi, ti in zip(view.p, z, truth) if zi != ti), ZERO))
    return best
