"""The honest Alice of Theorem 4.1's proof who SOLVES her sub-problems through the oracle.

`HonestAlice` (verify.protocol.debaters) reads the true values precomputed by the simulator,
so she makes no oracle query. `SolvingAlice` has no such shortcut: to claim z at a node she
lists its q children (T_D: q work units) and solves each child's sub-problem L(y_i) by
evaluating its subtree bottom-up, reading every leaf answer from `debate.oracle` (one query
and one work unit per read, one work unit per aggregator evaluation). With `lazy=True` she
short-circuits: a node's children are evaluated left to right only until the answers so far
fix phi (`determined`). Her top answer is phi_root of the root's solved children, which she
reuses for the first round, so a run costs at most d rounds of one decomposition and q solves.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from verify.base.errors import BadInput
from verify.functions.aggregators import Aggregator, resolve

from .engine import Debate


def determined(spec: str, known: tuple) -> int | None:
    """phi's value if the known children (None = unknown) fix it whatever the others are.

    A symmetric phi (V of the Hamming weight) is fixed iff V does not change between the
    known ones and the known ones plus the unknowns: O(q), any width. Any other phi by its
    2^u completions (u unknown children): callers keep u <= MAX_LAZY_WIDTH."""
    spec = spec if isinstance(spec, Aggregator) else resolve(spec)  # a plain spec works too
    if spec.symmetric:
        ones = sum(1 for v in known if v == 1)
        unknown = sum(1 for v in known if v is None)
        change = spec.values.nearest_change(ones, +1)
        return spec.values[ones] if change is None or change > unknown else None
    return _determined_by_completions(spec, known)


@lru_cache(maxsize=None)
def _determined_by_completions(spec: str, known: tuple) -> int | None:
    unknown = [i for i, v in enumerate(known) if v is None]
    values = set()
    for fill in product((0, 1), repeat=len(unknown)):
        z = list(known)
        for i, bit in zip(unknown, fill):
            z[i] = bit
        values.add(spec.evaluate(z))
        if len(values) > 1:
            return None
    return values.pop()


MAX_LAZY_WIDTH = 12  # `determined` enumerates the completions of a non-symmetric phi


class SolvingAlice:
    """Honest Alice who solves each child's sub-problem by querying the oracle (counted)."""

    def __init__(self, lazy: bool = False):
        self.lazy = lazy
        self.name = "solver-lazy" if lazy else "solver"
        self.work = 0  # abstract time units (verify.protocol.cost)
        self._root_claims = None  # (oracle object, z) from the top answer, for round 1

    def answer(self, debate: Debate) -> int:
        if debate.tree.has_menus:
            raise BadInput(f"--alice {self.name} counts oracle reads on a fixed tree; this tree "
                           "has alternative decompositions (menus): use --alice honest")
        root = debate.tree.root
        z = self._solve_children(debate, root)
        self._root_claims = (debate.oracle, z)
        self.work += 1
        return debate.tree.aggregators[root].evaluate(z)

    def decompose(self, debate: Debate, node: int, claim: int) -> tuple[int, ...]:
        cached = self._root_claims
        if node == debate.tree.root and cached is not None and cached[0] is debate.oracle:
            self._root_claims = None
            return cached[1]
        return self._solve_children(debate, node)

    def _solve_children(self, debate: Debate, node: int) -> tuple[int, ...]:
        kids = debate.tree.children[node]
        self.work += len(kids)  # T_D: the decomposition lists the q children
        return tuple(self.solve(debate, child) for child in kids)

    def solve(self, debate: Debate, node: int) -> int:
        """L(x_node): the subtree's value from the oracle's answers at its leaves."""
        tree = debate.tree
        if tree.is_leaf(node):
            self.work += 1
            return debate.oracle[tree.queries[node]]
        spec, kids = tree.aggregators[node], tree.children[node]
        if not self.lazy or len(kids) > MAX_LAZY_WIDTH:
            self.work += 1
            return spec.evaluate([self.solve(debate, child) for child in kids])
        known: list = [None] * len(kids)
        for i, child in enumerate(kids):
            self.work += 1
            value = determined(spec, tuple(known))
            if value is not None:
                return value
            known[i] = self.solve(debate, child)
        self.work += 1
        return spec.evaluate(known)
