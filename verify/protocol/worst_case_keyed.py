"""The worst-case DP of `verify.protocol.worst_case` on a described uniform tree, by classes
of equal subproblems (paper Theorem 4.2; issue 29 section 3). The tree is never listed.

catch(u, a) depends on u's subtree only through the children's catch pairs (the recursion
of verify.protocol.worst_case). So the nodes of one level fall into classes (val(u),
catch(u, 0), catch(u, 1)), and each distinct row of children's classes is solved once, by the
expanded DP's own `solve_node`. For a symmetric aggregator the row is sorted first: fbs_z and
Bob's p depend on z only through its weight under every rule (`by_weight`), so permuting the
children permutes the claim vectors with the same fbs and p, and the minimum catch is that of
the multiset of the children's classes (the key: the claim, the multiset of classes; the
side a weight samples from is the DP over weights itself). Other aggregators keep the row in
order. Per level this is one numpy sort and one `unique` over the rows: the work is the
distinct keys, not the q^d leaves.

What depends on the children's order is computed per node, on demand, from its ordered row:
Alice's claim vector z (ties go to the smallest truth-table index, so equal catches can pick
different z for different orders) by the same `solve_node` call the expanded DP makes at that
node, hence the same z and the same p (Bob's dual is `bob_view`'s, as there); and the instance
bound, a recursion along the lying claims the strategy makes, from the root only. The
reachable strategy is replayed through `verify.protocol.engine.step` as for a listed tree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from verify.base.lazy import numpy as np
from verify.trees.described import DescribedTree, LeafOracle, NodeView
from verify.trees.model import UniformTree

from .bob_rules import bob_view, check_rule
from .engine import Debate, parse_rho, step
from .worst_case import (
    ONE,
    ZERO,
    WorstCaseResult,
    by_weight,
    check_dp_width,
    solve_claim,
    solve_node,
    weight_options,
)

LEAF_CLASSES = ((0, (ZERO, ONE)), (1, (ONE, ZERO)))  # class b: a leaf answered b


@dataclass
class LevelClasses:
    """Per level k (0 = the root, d = the leaves) every node's class id; per class its value
    and catch pair; `keys` maps each solved row of children's classes to the parent's class."""

    tree: DescribedTree
    rho: Fraction
    rule: str
    levels: list  # numpy arrays of class ids, one per level
    values: list[int]
    pairs: list[tuple[Fraction, Fraction]]
    keys: dict
    kernel: RowKernel | None = None  # the compiled rows, when level_classes used them

    def node_class(self, node: int) -> int:
        k, j = self.tree.position(node)
        return int(self.levels[k][j])

    def row(self, node: int) -> tuple[int, ...]:
        """The classes of an internal node's children, in order."""
        k, j = self.tree.position(node)
        q = self.tree.q
        return tuple(self.levels[k + 1][j * q:(j + 1) * q].tolist())


COMPILED_FROM_LEAVES = 1 << 24  # the compiled rows by default from here on (maj:9 depth 8)


def level_classes(tree: UniformTree, bits: str, rho: Fraction, rule: str,
                  progress=None, compiled: bool | None = None) -> LevelClasses:
    """The classes of every level, from the leaf bits up (one solve per distinct key).
    compiled=False: the Python path only; True: the compiled catch pairs of `worst_kernel`
    where numba is there (symmetric aggregators); None: so from COMPILED_FROM_LEAVES leaves
    on (below, numba's start-up costs more than the rows; see bench/RESULTS.md)."""
    spec, q = tree.aggregator, tree.width
    unordered = by_weight(spec, rule)
    if compiled is None:
        compiled = len(bits) >= COMPILED_FROM_LEAVES
    kernel = RowKernel.start(spec, rho, rule) if compiled and unordered and tree.depth else None
    values = [value for value, _ in LEAF_CLASSES]
    pairs = [pair for _, pair in LEAF_CLASSES]
    ids = {(value, *pair): c for c, (value, pair) in enumerate(LEAF_CLASSES)}
    keys: dict[tuple[int, ...], int] = {}
    level = np.frombuffer(bits.encode("ascii"), dtype=np.uint8) - ord("0")
    levels = [level]
    if progress is not None:
        progress.update(len(level))
    for _ in range(tree.depth):
        rows = level.reshape(-1, q)
        if unordered:
            rows = np.sort(rows, axis=1)
        first, inverse = _distinct_rows(rows, len(values))
        parents = np.empty(len(first), dtype=np.int32)
        distinct = [tuple(row) for row in rows[first].tolist()]
        solved = _new_pairs(spec, [row for row in distinct if row not in keys], pairs, rho,
                            rule, kernel)
        for n, row in enumerate(distinct):
            if row not in keys:
                c0, c1 = solved[row]
                found = (spec.evaluate(tuple(values[c] for c in row)), c0, c1)
                if found not in ids:
                    ids[found] = len(values)
                    values.append(found[0])
                    pairs.append((c0, c1))
                keys[row] = ids[found]
            parents[n] = keys[row]
        level = parents[inverse]
        levels.append(level)
        if progress is not None:
            progress.update(len(level))
    levels.reverse()
    return LevelClasses(DescribedTree(tree), rho, rule, levels, values, pairs, keys, kernel)


def _new_pairs(spec: str, rows: list, pairs: list, rho: Fraction, rule: str, kernel) -> dict:
    """row -> the catch pair of a parent with these children's classes: by the compiled
    kernel where it has one, else (or for a row it hands over) by the expanded DP's
    `solve_node`."""
    done = kernel.pairs(rows, pairs) if kernel is not None and rows else {}
    for row in rows:
        if row not in done:
            done[row] = solve_node(spec, tuple(pairs[c] for c in row), rho, rule)[0]
    return done


class RowKernel:
    """The weight table of `worst_kernel.level_pairs` for one (spec, rho, rule): per weight
    (phi, fbs <= rho, p known, p1 = n1/m1, p0 = n0/m0) in int64."""

    @classmethod
    def start(cls, spec: str, rho: Fraction, rule: str):
        """The kernel, or None (no numba, FBS_NUMBA=0, or a p beyond int64)."""
        from verify.base.jit import COMPILED

        if not COMPILED:
            return None
        table = []
        for option in weight_options(spec, rule):
            ps = (ONE, ONE) if option.p_one is None else (option.p_one, option.p_zero)
            numbers = [x for p in ps for x in (p.numerator, p.denominator)]
            if max(numbers) >= 1 << 62:
                return None
            table.append([option.value, int(option.fbs <= rho), int(option.p_one is not None),
                          *numbers])
        return cls(np.array(table, dtype=np.int64))

    def __init__(self, weights):
        from . import worst_kernel

        self.kernel, self.weights = worst_kernel, weights

    @staticmethod
    def tables(pairs: list):
        """(numerators, denominators) of the classes' catch pairs, int64 (or OverflowError)."""
        num = np.array([[c.numerator for c in pair] for pair in pairs], dtype=np.int64)
        den = np.array([[c.denominator for c in pair] for pair in pairs], dtype=np.int64)
        return num, den

    def pairs(self, rows: list, pairs: list) -> dict:
        """row -> catch pair for the rows the kernel can take in int64 (the others are left
        out: the caller computes them in Fractions)."""
        try:
            num, den = self.tables(pairs)
        except OverflowError:  # a catch value beyond int64: every row in Fractions
            return {}
        status, found = self.kernel.level_pairs(np.array(rows, dtype=np.int64), num, den,
                                                self.weights, self.kernel.LIMIT)
        return {row: (Fraction(p0, q0), Fraction(p1, q1))
                for row, bad, (p0, q0, p1, q1) in zip(rows, status.tolist(), found.tolist())
                if not bad}

    def choice(self, row: tuple[int, ...], claim: int, num, den):
        """(Alice's z for `claim`, or None if no weight passes,) at a node with these
        children's classes; None if the kernel hands the row over."""
        status, passes, z = self.kernel.claim_choice(np.array(row, dtype=np.int64), num, den,
                                                     self.weights, claim, self.kernel.LIMIT)
        if status:
            return None
        return (tuple(z.tolist()) if passes else None,)


def _distinct_rows(rows, base: int):
    """(first occurrence of each distinct row, row -> its distinct index): rows read as
    base-`base` numbers (Horner, column by column) when q digits fit 62 bits."""
    if base ** rows.shape[1] >= 2**62:
        _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
        return first, inverse.ravel()
    codes = np.zeros(rows.shape[0], dtype=np.int64)
    for column in rows.T:
        codes *= base
        codes += column
    _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    return first, inverse.ravel()


class KeyedChoices:
    """Alice's (z for claim 0, z for claim 1) per node, computed when asked, by the expanded
    DP's `solve_claim` on the node's ordered children's catch pairs (memoised on the row and
    the claim; a pair of claims is a `ChoicePair`, each side computed when read); by the
    compiled `worst_kernel.claim_choice` when the levels were compiled (the same z; a row it
    hands over goes to `solve_claim`)."""

    def __init__(self, classes: LevelClasses):
        self.classes, self.memo, self.tables = classes, {}, None
        self.view = NodeView(classes.tree.n_nodes, self.choice)
        if classes.kernel is not None:
            try:
                self.tables = classes.kernel.tables(classes.pairs)
            except OverflowError:
                pass

    def choice(self, node: int):
        if self.classes.tree.is_leaf(node):
            return None, None
        return ChoicePair(self, self.classes.row(node))

    def vector(self, row: tuple[int, ...], claim: int):
        key = (row, claim)
        if key not in self.memo and self.tables is not None:
            done = self.classes.kernel.choice(row, claim, *self.tables)
            if done is not None:
                self.memo[key] = done[0]
        if key not in self.memo:
            classes = self.classes
            pairs = tuple(classes.pairs[c] for c in row)
            self.memo[key] = solve_claim(classes.tree.spec, pairs, classes.rho, classes.rule,
                                         claim)[1]
        return self.memo[key]


class ChoicePair(Sequence):
    """(z for claim 0, z for claim 1) at one internal node; equal to the tuple of both."""

    def __init__(self, choices: KeyedChoices, row: tuple[int, ...]):
        self.choices, self.row = choices, row

    def __len__(self) -> int:
        return 2

    def __getitem__(self, claim):
        if claim not in (0, 1):
            raise IndexError(claim)
        return self.choices.vector(self.row, claim)

    def __eq__(self, other) -> bool:
        return tuple(self) == tuple(other)

    __hash__ = None


def instance_bound(classes: LevelClasses, choices: KeyedChoices, claim: int) -> Fraction:
    """IB(root, claim) of verify.protocol.worst_case.instance_bounds for a lying root claim,
    along the strategy's lying claims only (an explicit stack: no recursion limit)."""
    tree, values = classes.tree, classes.values
    bound: dict[tuple[int, int], Fraction] = {}
    stack = [(tree.root, claim, False)]
    while stack:
        node, a, ready = stack.pop()
        if (node, a) in bound:
            continue
        z = choices.choice(node)[a]
        if z is None:  # a leaf, or no claim vector passes: Alice loses at once
            bound[(node, a)] = ONE
            continue
        kids = tree.children[node]
        lying = [(c, z[i]) for i, c in enumerate(kids) if z[i] != values[classes.node_class(c)]]
        if ready:
            fbs = bob_view(tree.spec, z, classes.rule).fbs
            bound[(node, a)] = min(bound[state] for state in lying) / fbs
        else:
            stack.append((node, a, True))
            stack.extend((c, b, False) for c, b in lying if (c, b) not in bound)
    return bound[(tree.root, claim)]


def described_worst_case(tree: UniformTree, bits: str, rho, rule: str,
                         progress=None) -> tuple[Debate, WorstCaseResult]:
    """The Debate over the described tree (lazy nodes, values and oracle) and the exact
    worst-case result, equal field by field to `solve_worst_case` on the listed tree
    (memo_entries counts the distinct keys solved here)."""
    return described_worst_case_classes(tree, bits, rho, rule, progress)[:2]


def described_worst_case_classes(tree: UniformTree, bits: str, rho, rule: str,
                                 progress=None) -> tuple[Debate, WorstCaseResult, LevelClasses]:
    """`described_worst_case` and the level classes it solved (each node's class id)."""
    rho, rule = parse_rho(rho), check_rule(rule)
    if tree.depth:
        check_dp_width(tree.aggregator)
    classes = level_classes(tree, bits, rho, rule, progress)
    view = classes.tree
    values = NodeView(view.n_nodes, lambda n: classes.values[classes.node_class(n)])
    debate = Debate(view, LeafOracle(view, bits), rho, rule, values)
    choices = KeyedChoices(classes)
    catch = NodeView(view.n_nodes, lambda n: classes.pairs[classes.node_class(n)])
    truth, root = values[view.root], catch[view.root]
    q = view.q
    evaluations = (q + 1 if by_weight(view.spec, rule) else 1 << q) if tree.depth else 0
    result = WorstCaseResult(
        rule, rho, tree.depth, True, root[1 - truth], root[truth], debate.theorem_bound,
        instance_bound(classes, choices, 1 - truth), catch, choices.view, len(classes.keys),
        evaluations)
    return debate, result, classes


def internal_states(debate: Debate, alice) -> list:
    """The strategy's reachable states at internal nodes, breadth first, each through the
    protocol's `step` (the internal states of `compile_states`, in its order: leaves never
    lead on, so leaving them out keeps the order); the leaves' states are not built. Every
    internal node of a described tree has the same aggregator and width, so `step` depends
    on the node only through (claim, z): it runs once per distinct (claim, z) and the other
    nodes get its result with their own node."""
    tree = debate.tree
    order, head, steps = [(tree.root, alice.answer(debate))], 0, []
    if tree.is_leaf(tree.root):
        return steps
    seen = set(order)
    done: dict = {}
    last_internal = tree.starts[-2] - 1  # the nodes after it are the leaves
    while head < len(order):
        node, claim = order[head]
        head += 1
        z = alice.decompose(debate, node, claim)
        known = done.get((claim, z))
        if known is None:
            current = done[(claim, z)] = step(debate, node, claim, z)
        else:
            current = replace(known, node=node)
        steps.append(current)
        if current.outcome is not None:
            continue
        for child, zi, pi in zip(tree.children[node], current.z, current.p):
            if pi and child <= last_internal and (child, zi) not in seen:
                seen.add((child, zi))
                order.append((child, zi))
    return steps
