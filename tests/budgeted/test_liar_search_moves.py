"""The liar search tries its sacrifice and inflation moves at the budgets the lower bound's
proof uses (issue 30, section 1; docs/budgeted.md, section 5): a lying child at the budget of
its floor's claim vector, and lying children inflated (they absorb Bob's probability where
their floors are low), beside the honest siblings.

Independent sources: a brute force over every liar of a depth-2 tree whose child budgets lie
on a grid (every child of the root has leaf children, so a child's best play at a (claim,
budget) is the least sum of Bob's p over its wrong leaves among the claim vectors its budget
pays for: exact), and Proposition B1''s proved lower bound, which a found liar can only meet."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from verify import random_oracle, random_tree, tree_fbs
from verify.budgeted.api import budgeted_worst_case
from verify.budgeted.bob import budget_view, capacity
from verify.budgeted.bounds import per_child_lower_bound
from verify.budgeted.debaters import committed_budgets
from verify.budgeted.engine import BudgetedDebate
from verify.budgeted.liar_search import sacrifice_search
from verify.functions.aggregators import evaluate

ONE, ZERO = Fraction(1), Fraction(0)
AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "parity:2", "tt:0110", "tt:0111", "and:3",
               "or:3"]


def _instance(seed: int, depth: int) -> BudgetedDebate:
    tree = random_tree(seed, depth, AGGREGATORS)
    oracle = random_oracle(tree, seed + 1)
    return BudgetedDebate.create(tree, oracle, tree_fbs(tree, oracle).value)


def _vectors(debate, node, claim):
    tree = debate.tree
    kids, spec = tree.children[node], tree.aggregators[node]
    for z in itertools.product((0, 1), repeat=len(kids)):
        if evaluate(spec, z) == claim and all(
                not debate.constant(c) or zi in debate.ranges[c] for c, zi in zip(kids, z)):
            yield z


def _child_best(debate, node, claim, budget) -> Fraction:
    """Exact at height one: the least catch over the claim vectors the budget pays for."""
    tree = debate.tree
    if tree.is_leaf(node):
        return Fraction(int(claim != debate.oracle[tree.queries[node]]))
    kids = tree.children[node]
    floor = tuple(ZERO if debate.constant(c) else ONE for c in kids)
    best = ONE
    for z in _vectors(debate, node, claim):
        view = budget_view(tree.aggregators[node], z, floor)
        if view.value <= budget:
            best = min(best, ZERO if view.p is None else sum(
                (p for p, c, zi in zip(view.p, kids, z) if zi != debate.values[c]), ZERO))
    return best


def brute_force(debate) -> Fraction:
    """min over root vectors and grid child budgets of the exact catch probability."""
    tree, root = debate.tree, debate.tree.root
    kids, spec = tree.children[root], tree.aggregators[root]
    honest = committed_budgets(debate, debate.values)
    top = int(debate.beta_max) + 1
    grid = sorted({Fraction(k, 2) for k in range(2, 2 * top + 1)} | set(honest)
                  | {debate.beta_max})
    best = ONE
    for z in _vectors(debate, root, 1 - debate.values[root]):
        choices = [[ONE] if tree.is_leaf(c) or debate.constant(c) else grid for c in kids]
        for budgets in itertools.product(*choices):
            caps = tuple(capacity(b, debate.constant(c)) for c, b in zip(kids, budgets))
            view = budget_view(spec, z, caps)
            if view.value > debate.beta_max:
                continue
            catch = ZERO if view.p is None else sum(
                (p * _child_best(debate, c, zi, b)
                 for p, c, zi, b in zip(view.p, kids, z, budgets) if p), ZERO)
            best = min(best, catch)
    return best


@pytest.mark.parametrize("seed,brute", [(19, Fraction(9, 14))])
def test_the_search_meets_the_brute_force_where_it_missed(seed, brute):
    """Seed 19 (maj:3 over or:3, thr:3:2, tt:0111): the liar lies at thr:3:2 with budget 5/2
    (a lying child inflated: it is caught there with 1/2 only) and sacrifices tt:0111; the
    search found 2/3 before."""
    debate = _instance(seed, 2)
    assert brute_force(debate) == brute
    found = sacrifice_search(debate).catch_probability_exact
    assert per_child_lower_bound(debate).value <= found <= brute
    assert found == brute


def test_a_depth_3_interval_closes_at_the_proved_lower_bound():
    """Seed 107, depth 3: the interval was [2/5, 2/3]; a liar now reaches the proved 2/5."""
    debate = _instance(107, 3)
    assert per_child_lower_bound(debate).value == Fraction(2, 5)
    assert sacrifice_search(debate).catch_probability_exact == Fraction(2, 5)
    tree, oracle = debate.tree, debate.oracle
    result = budgeted_worst_case(tree, oracle, strategies=0)
    assert result.exact and result.lower_bound == Fraction(2, 5)
