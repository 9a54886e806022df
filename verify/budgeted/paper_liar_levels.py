"""The budgets of the paper's worst-case liar on a described uniform tree, by classes (ours;
docs/budgeted.md section 7, Lemma B4'; issue 29 section 3).

`verify.budgeted.mixed.PaperLiarWithBudgets` gives the paper protocol's worst liar (paper
Theorem 4.2's DP, `verify.protocol.worst_case`) the budgets Bob computes for its plan:
B(u, a) = W_u at z = the liar's claim vector at (u, a) and capacities max(B(c_i, z_i), 1) (0
for a constant child), 1 at a leaf. For a symmetric aggregator W depends only on the multiset
of pairs (z_i, c_i). Here B is computed level by level over *budget classes*: a node's class
is (its paper class (val, catch(u, 0), catch(u, 1)), B(u, 0), B(u, 1)).

The liar's z (verify.protocol.worst_case._best_by_weight) is the least (catch, z) over the
passing weights w, where weight w's z sets the w children of least difference
d_i = p1(w) catch(c_i, 1) - p0(w) catch(c_i, 0), ties to the LATER children (fbs = 0: the
fixed z = 0^(q-w) 1^w), and no passing weight means the true values. Lemma (ours): weight w's
catch, sum_i p0 catch(c_i, 0) + (the sum of its w least d_i), and its w-th least difference t
depend only on the multiset of the children's paper classes; and at every order of the
children, weight w's z has z_i = 1 where d_i < t, z_i = 0 where d_i > t, and among the
children with d_i = t exactly the LAST w - #{d_i < t} in the order set. Proof: the sorted
order of the pairs (d_i, -i) puts every d_i < t first, then the ties by decreasing position,
then every d_i > t. So per distinct multiset of paper classes (a few per level) the weights
of least catch are found once, with each class's side of t; per node z is then read from its
row by numpy (the ties by a cumulative count from the right, the least z among tied weights
by a lexicographic comparison of the rows); B per distinct multiset of (z_i, budget class).
The values are those of the memoised per-node recursion, which tests/budgeted compare node
by node and through the listed tree's state graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from verify.base.lazy import numpy as np
from verify.protocol.worst_case import _common_numerators, weight_options
from verify.protocol.worst_case_keyed import LevelClasses, _distinct_rows

from .bob import budget_view, capacity
from .engine import BudgetedDebate

ONE, ZERO = Fraction(1), Fraction(0)


@dataclass
class BudgetLevels:
    """Per level k (0 = the root, d = the leaves) every node's budget class; per class its
    budgets (B(u, 0), B(u, 1)). `solved` counts how the (multiset, claim) keys were decided."""

    levels: list
    budgets: list  # class -> (B(u, 0), B(u, 1))
    solved: dict = field(default_factory=dict)  # distinct multisets and budget rows solved

    def budget(self, k: int, j: int, claim: int) -> Fraction:
        return self.budgets[int(self.levels[k][j])][claim]


def budget_levels(debate: BudgetedDebate, classes: LevelClasses) -> BudgetLevels:
    """B(u, a) per budget class, from the leaves up (module docstring)."""
    tree = classes.tree
    depth = len(classes.levels) - 1
    leaves = classes.levels[depth]
    ids = {(0, ONE, ONE): 0, (1, ONE, ONE): 1}  # a leaf's class is its paper class (its bit)
    paper, budgets, known = [0, 1], [(ONE, ONE), (ONE, ONE)], _Known()
    result = BudgetLevels([None] * depth + [leaves], budgets)
    for k in range(depth - 1, -1, -1):
        constant = debate.constant(tree.starts[k + 1])
        rows = result.levels[k + 1].reshape(-1, tree.q)
        solved = [_level_budgets(classes, rows, (paper, budgets, known), constant, claim,
                                 result.solved) for claim in (0, 1)]
        base = len(known.values)
        triples = (np.asarray(classes.levels[k], dtype=np.int64) * base + solved[0]) * base \
            + solved[1]
        distinct, inverse = np.unique(triples, return_inverse=True)
        mapped = np.empty(len(distinct), dtype=np.int32)
        for n, code in enumerate(distinct.tolist()):
            rest, b1 = divmod(code, base)
            c, b0 = divmod(rest, base)
            triple = (c, known.values[b0], known.values[b1])
            if triple not in ids:
                ids[triple] = len(paper)
                paper.append(c)
                budgets.append(triple[1:])
            mapped[n] = ids[triple]
        result.levels[k] = mapped[inverse.ravel()]
    return result


class _Known:
    """Every budget value met, numbered (a budget is an int id in numpy)."""

    def __init__(self):
        self.values, self.index = [], {}

    def id(self, value: Fraction) -> int:
        if value not in self.index:
            self.index[value] = len(self.values)
            self.values.append(value)
        return self.index[value]


CHUNK = 1 << 17  # nodes per numpy pass (bounds the (nodes x q) arrays)


def _level_budgets(classes, rows, state, constant, claim, solved):
    """Every node's B(u, claim) id, from its row of children's budget classes."""
    paper, budgets, known = state
    paper = np.asarray(paper, dtype=np.int64)
    plans: dict = {}
    memo: dict = {}
    out = np.empty(len(rows), dtype=np.int64)
    for start in range(0, len(rows), CHUNK):
        part = np.asarray(rows[start:start + CHUNK], dtype=np.int64)
        z = _choices(classes, paper[part], claim, plans)
        codes = np.sort(part * 2 + z, axis=1)
        distinct, back = _distinct(codes)
        values = np.array([_row_budget(classes.tree.spec, codes[d].tolist(), budgets, constant,
                                       memo, known) for d in distinct.tolist()], dtype=np.int64)
        out[start:start + CHUNK] = values[back]
    solved["multisets"] = solved.get("multisets", 0) + len(plans)
    solved["budget_rows"] = solved.get("budget_rows", 0) + len(memo)
    return out


def _distinct(rows):
    """_distinct_rows, the ids renumbered 0.. in the order of those present when a row of
    them would not fit one int64 (so that it does whenever it can)."""
    base = int(rows.max()) + 1 if rows.size else 1
    if base ** rows.shape[1] < 2**62:
        return _distinct_rows(rows, base)
    present, local = np.unique(rows, return_inverse=True)
    return _distinct_rows(local.reshape(rows.shape), len(present))


def _row_budget(spec, codes, budgets, constant, memo, known) -> int:
    """The id of W at the multiset of (z_i, capacity of B(c_i, z_i)), codes 2 class + z."""
    key = tuple(codes)
    if key not in memo:
        pairs = sorted((code & 1, capacity(budgets[code >> 1][code & 1], constant))
                       for code in codes)
        memo[key] = known.id(budget_view(spec, tuple(z for z, _ in pairs),
                                         tuple(c for _, c in pairs)).value)
    return memo[key]


def _choices(classes, rows, claim, plans):
    """The liar's z at (u, claim) per node, from the rows of its children's paper classes."""
    first, inverse = _distinct(np.sort(rows, axis=1))
    found = []
    for i in first.tolist():
        key = tuple(sorted(rows[i].tolist()))
        if key not in plans:
            plans[key] = _weight_plans(classes, key, claim)
        found.append(plans[key])
    most = max(len(plan) for plan in found)
    best = None
    for j in range(most):  # candidate j of each multiset (the last one repeated)
        side = np.zeros((len(found), len(classes.values)), dtype=np.int8)
        wanted = np.empty(len(found), dtype=np.int64)
        for n, plan in enumerate(found):
            sides, wanted[n] = plan[min(j, len(plan) - 1)]
            for c, where in sides.items():
                side[n, c] = where
        z = _weight_z(side[inverse[:, None], rows], wanted[inverse])
        best = z if best is None else _lexicographic_min(best, z)
    return best


def _weight_z(side, wanted):
    """z per node: 1 below t, 0 above, the last `wanted` ties in the row (the lemma)."""
    ties = side == 0
    from_right = np.cumsum(ties[:, ::-1], axis=1)[:, ::-1]
    return ((side < 0) | (ties & (from_right <= wanted[:, None]))).astype(np.int64)


def _lexicographic_min(a, b):
    """Row by row the lexicographically smaller of two 0/1 arrays."""
    differ = a != b
    first = differ.argmax(axis=1)
    rows = np.arange(len(a))
    smaller = differ.any(axis=1) & (b[rows, first] < a[rows, first])
    return np.where(smaller[:, None], b, a)


def _weight_plans(classes, multiset, claim):
    """The candidates of least catch at a multiset of paper classes, each as ({class: -1
    below t, 0 at t, 1 above}, how many ties set): one per weight of least catch, or the
    true values (every class on its value's side) when no weight passes. In integers, as
    _best_by_weight: the catch pairs on their common denominator D, weight w's differences
    and catch on D m1 m0 (a positive scale per weight: the order of its d_i is kept)."""
    pairs = [classes.pairs[c] for c in multiset]
    scale, zeros, ones = _common_numerators(pairs)
    found = []
    for option in weight_options(classes.tree.spec, classes.rule):
        if option.value != claim or option.fbs > classes.rho:
            continue
        if option.p_one is None:  # fbs = 0: catch 0 and the fixed z, every child a tie
            found.append((ZERO, ({c: 0 for c in multiset}, option.weight)))
            continue
        n1, m1 = option.p_one.numerator, option.p_one.denominator
        n0, m0 = option.p_zero.numerator, option.p_zero.denominator
        d = {c: n1 * m0 * c1 - n0 * m1 * c0 for c, c0, c1 in zip(multiset, zeros, ones)}
        ordered = sorted(d[c] for c in multiset)
        w = option.weight
        catch = Fraction(n0 * m1 * sum(zeros) + sum(ordered[:w]), scale * m1 * m0)
        t = ordered[w - 1] if w else ordered[0] - 1  # w = 0: no child at or below t
        sides = {c: (d[c] > t) - (d[c] < t) for c in d}
        found.append((catch, (sides, w - sum(1 for value in ordered if value < t))))
    if not found:
        return [({c: 1 - 2 * classes.values[c] for c in multiset}, 0)]
    least = min(catch for catch, _ in found)
    return [plan for catch, plan in found if catch == least]
