"""Budgeted FBS Debate on a described uniform tree, never listed (ours; issue 29 section 3).

The engine reads a tree through `tree.children`, `values`, `ranges` and the honest budgets;
on a `verify.trees.model.UniformTree` these are computed per class of equal subproblems,
level by level, and read per node on demand (`verify.trees.described.DescribedTree`):

* values and honest budgets: the honest budget of a node is Bob's W_u at the true claims with
  the honest children's budgets (verify.budgeted.debaters.committed_budgets), i.e. the
  weighted recursion of paper Section 5 on the node's subtree (capacities max(beta, 1) equal
  the children's rho_T: a non-constant child has rho_T >= 1, a constant one 0 on both sides).
  So they are the rho_T classes of `verify.lower_bound.tree_fbs.uniform_tree_fbs` (one class
  per (value, rho_T, path products), one LP per distinct multiset of children's classes for
  a symmetric aggregator), whose certificate the stdlib-only checker accepts;
* ranges R(v): in a uniform tree every node of a level has the same R (it depends only on
  the aggregator and R of the level below), so one per level.

Searches and strategy evaluations then touch only the nodes they visit; the plan's work
predictions count nodes per level (`internal_groups`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from verify.base.lazy import numpy as np
from verify.checker.tree_kind import is_symmetric_aggregator
from verify.lower_bound.side_levels import SideLevels, distinct_rows
from verify.lower_bound.tree_fbs import MULTISET_ROWS, _LevelClasses
from verify.trees.described import DescribedTree, LeafOracle, NodeView
from verify.trees.model import UniformTree

from .engine import BudgetedDebate
from .ranges import BOTH, aggregator_range

ONE = Fraction(1)


@dataclass
class HonestLevels:
    """Per internal level k (0 = the root) every node's class; per class its value and rho_T."""

    levels: list  # numpy arrays of class ids, levels 0 .. d - 1
    value: list[int]
    rho: list[Fraction]


def honest_levels(tree: UniformTree, bits: str) -> HonestLevels:
    """The rho_T classes of every internal level, from the leaf bits up (as uniform_tree_fbs
    computes them: side records for a symmetric aggregator, shared records otherwise)."""
    spec, q, levels = tree.aggregator, tree.width, []
    if not tree.depth:
        return HonestLevels([], [0, 1], [ONE, ONE])
    if spec.symmetric and is_symmetric_aggregator(spec):  # spec resolved with the tree
        classes = SideLevels(spec, spec.values)
        level = classes.leaves_level(bits)
        levels.append(level)
        for _ in range(tree.depth - 1):
            level = classes.next_level(level)
            levels.append(level)
        rho = [classes.number(c) for c in range(len(classes.value))]
    else:
        classes = _LevelClasses(spec, shared=True, multisets=MULTISET_ROWS)
        level = np.frombuffer(bits.encode("ascii"), dtype=np.uint8) - ord("0")
        for _ in range(tree.depth):
            level = classes.next_level(level.reshape(-1, q))
            levels.append(level)
        rho = list(classes.rho)
    levels.reverse()
    return HonestLevels(levels, list(classes.value), rho)


def level_ranges(tree: UniformTree) -> list[frozenset]:
    """R(v) per level (0 = the root, d = the leaves): one value per level."""
    ranges = [BOTH]
    for _ in range(tree.depth):
        below = ranges[-1]
        fixed = (None if below == BOTH else min(below),) * tree.width
        ranges.append(aggregator_range(tree.aggregator, fixed))
    ranges.reverse()
    return ranges


def described_debate(tree: UniformTree, bits: str, beta_max: Fraction) -> BudgetedDebate:
    """The BudgetedDebate over the described tree: lazy nodes, values, ranges, honest budgets."""
    view = DescribedTree(tree)
    honest = honest_levels(tree, bits)
    ranges = level_ranges(tree)
    depth = tree.depth

    def node_class(node: int):
        k, j = view.position(node)
        return k, j, None if k == depth else int(honest.levels[k][j])

    def value(node: int) -> int:
        k, j, c = node_class(node)
        return int(bits[j]) if c is None else honest.value[c]

    def budget(node: int) -> Fraction:
        c = node_class(node)[2]
        return ONE if c is None else honest.rho[c]

    size = view.n_nodes
    budgets = HonestView(size, budget)
    budgets.distinct = frozenset(honest.rho[c] for c in range(len(honest.rho))) if depth \
        else frozenset((ONE,))
    return BudgetedDebate(view, LeafOracle(view, bits), beta_max, NodeView(size, value),
                          NodeView(size, lambda n: ranges[view.position(n)[0]]),
                          honest=budgets)


class HonestView(NodeView):
    """node -> honest budget, with `distinct`: the set of its values (one per class)."""

    distinct: frozenset = frozenset()


def internal_groups(debate: BudgetedDebate):
    """(node, how many nodes it stands for) covering the internal nodes: on a described tree
    one node per level (every node of a level has the same width, leaf and constant
    children), else every internal node once."""
    tree = debate.tree
    if isinstance(tree, DescribedTree):
        for k in range(tree.depth):
            yield tree.starts[k], tree.q ** k
        return
    for node in range(tree.n_nodes):
        if tree.children[node]:
            yield node, 1


def ordered_keys(debate: BudgetedDebate):
    """node -> a key equal for two nodes iff their subtrees are equal with the children in
    order (same aggregators and leaf answers): on a described tree (level, class id), the
    classes found per level by numpy over the rows of children's classes; on a listed tree
    the node itself. A strategy whose moves depend only on the subtree below (the paper
    liar with Bob's budgets) has the same catch probability from equal keys."""
    tree = debate.tree
    if not isinstance(tree, DescribedTree):
        return lambda node: node
    bits = debate.oracle.bits
    level = np.frombuffer(bits.encode("ascii"), dtype=np.uint8) - ord("0")
    levels, base = [level], 2
    for _ in range(tree.depth):
        first, inverse, _ = distinct_rows(level.reshape(-1, tree.q), base)
        level, base = inverse, len(first)
        levels.append(level)
    levels.reverse()

    def key(node: int):
        k, j = tree.position(node)
        return k, int(levels[k][j])

    return key
