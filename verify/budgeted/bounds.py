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

from verify.sensitivity.weighted import _minimal_masks

from .bob import budget_view
from .engine import BudgetedDebate

ONE, ZERO = Fraction(1), Fraction(0)
MAX_ROOT_WIDTH = 16  # 2^q root claim vectors are listed; wider roots fall back to B1 alone
FLOOR_DEPTH = 3  # the children's floors are computed this many levels below the root
FLOOR_WIDTH = 12  # ... at nodes of at most this width (0, a valid floor, elsewhere)


@dataclass(frozen=True)
class LowerBound:
    """Every liar is caught with probability >= value (proved; docs/budgeted.md, B1')."""

    value: Fraction
    method: str  # "per-child (B1 at the root's children)" or "Theorem B1" (wide roots)
    vector: tuple[int, ...] | None  # a root claim vector attaining the minimum
    nu: Fraction | None
    denominator: Fraction | None  # beta_max, or the fixed W when the children are leaves
    vectors: int  # root claim vectors that pass the root's checks
    floors_cut: bool = False  # the floors' vector budget ran out (later floors taken as 0)


def theorem_b1(debate: BudgetedDebate) -> Fraction:
    """min(1, 1/beta_max)."""
    return debate.guarantee


def per_child_lower_bound(debate: BudgetedDebate, floors: bool = True,
                          floor_vectors: int | None = None) -> LowerBound:
    """min(1, min over admissible root vectors z of nu(z) / W_cap(z)) (module docstring);
    floors=False takes every child's floor as 0 (valid, weaker, and no LP below the root);
    floor_vectors caps the claim vectors the floors list (a floor beyond it is 0)."""
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
    best, count, floor_of = (ONE, None, None, None), 0, _Floors(debate, floor_vectors)
    for z in product((0, 1), repeat=len(kids)):
        if spec.evaluate(z) != lie or any(
                debate.constant(c) and zi not in debate.ranges[c] for c, zi in zip(kids, z)):
            continue
        least = budget_view(spec, z, floor).value  # W at the smallest capacities
        if least > debate.beta_max:
            continue  # every choice of child budgets fails the root's budget check
        count += 1
        wrong = tuple(ONE if zi != ti else ZERO for zi, ti in zip(z, truth))
        nu = budget_view(spec, z, wrong).value
        denominator = least if leaves_only else debate.beta_max
        value = max(min(ONE, nu / denominator), floor_of.through(root, z) if floors else ZERO)
        if value < best[0]:
            best = (value, z, nu, denominator)
    method = "per-child (B1 and the children's floors at the root's children)" if floors else \
        "per-child (B1 at the root's children; their floors not computed)"
    return LowerBound(best[0], method, best[1], best[2], best[3], count, floor_of.cut)


class _Floors:
    """ell(v): a proved lower bound on the catch probability of a lie at v, whatever its
    budget (docs/budgeted.md, Proposition B1' (b)): 1 at a leaf; exact at height one (the
    least sum of Bob's p over the wrong leaves); above, the least over claim vectors z of
    `through(v, z)`. Computed lazily, FLOOR_DEPTH levels below the root at most (0 beyond)."""

    def __init__(self, debate: BudgetedDebate, budget: int | None = None):
        self.debate, self.memo = debate, {}
        self.budget, self.cut = budget, False  # claim vectors left to list (None: no cap)

    def floor(self, node: int, depth: int) -> Fraction:
        debate, tree = self.debate, self.debate.tree
        if tree.is_leaf(node):
            return ONE
        if node in self.memo:
            return self.memo[node]
        if depth > FLOOR_DEPTH or len(tree.children[node]) > FLOOR_WIDTH:
            return ZERO
        if self.budget is not None:
            if self.budget < 1 << len(tree.children[node]):
                self.cut = True
                return ZERO
            self.budget -= 1 << len(tree.children[node])
        lie = 1 - debate.values[node]
        values = [self.through(node, z, depth) for z in self._vectors(node, lie)]
        self.memo[node] = min(values, default=ONE)
        return self.memo[node]

    def _vectors(self, node, claim):
        debate, tree = self.debate, self.debate.tree
        kids, spec = tree.children[node], tree.aggregators[node]
        for z in product((0, 1), repeat=len(kids)):
            if spec.evaluate(z) == claim and all(
                    not debate.constant(c) or zi in debate.ranges[c] for c, zi in zip(kids, z)):
                yield z

    def through(self, node: int, z, depth: int = 0) -> Fraction:
        """A lower bound on the catch probability at a lie decomposed as z, for any child
        budgets: exact when the non-constant children are leaves; min over the wrong
        children of their floors when no minimal sensitive block at z contains a true
        non-constant child (then every optimal dual, hence Bob's p, lives on the wrong ones);
        0 otherwise."""
        debate, tree = self.debate, self.debate.tree
        kids, spec = tree.children[node], tree.aggregators[node]
        truth = tuple(debate.values[c] for c in kids)
        floor = tuple(ZERO if debate.constant(c) else ONE for c in kids)
        wrong = [i for i, (zi, ti) in enumerate(zip(z, truth)) if zi != ti]
        if all(tree.is_leaf(c) or debate.constant(c) for c in kids):
            view = budget_view(spec, z, floor)
            return ONE if view.p is None else sum((view.p[i] for i in wrong), ZERO)
        honest = {i for i, c in enumerate(kids) if not debate.constant(c) and i not in wrong}
        q = len(kids)
        for mask in _minimal_masks(spec, tuple(z)):
            if any((int(mask) >> (q - 1 - i)) & 1 for i in honest):
                return ZERO
        return min((self.floor(kids[i], depth + 1) for i in wrong), default=ONE)


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
        if spec.evaluate(z) != lie or any(
                debate.constant(c) and zi not in debate.ranges[c] for c, zi in zip(kids, z)):
            continue
        view = budget_view(spec, z, floor)
        if view.value > debate.beta_max or view.p is None:
            continue  # caught at the budget check (W = 0 cannot happen for a lie, B1.2)
        best = min(best, sum((p for p, zi, ti in zip(view.p, z, truth) if zi != ti), ZERO))
    return best
