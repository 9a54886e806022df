"""Which values each subtree can take: Bob's knowledge of constant subtrees (docs/budgeted.md).

The tree is visible (paper Section 5), so Bob can compute, without any oracle query, the set
R(v) of values of the subtree function F_{T_v} over all oracles: R(leaf) = {0, 1} and
R(u) = phi_u(R(child 1) x ... x R(child q)). A subtree is constant iff |R(v)| = 1 iff its
global fbs rho_T(v) is 0 (a non-constant function has a sensitive block at every input);
the budgeted protocol gives such a child capacity 0 and checks Alice's claim for it directly.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from verify.trees.model import Tree

BOTH = frozenset((0, 1))


def subtree_ranges(tree: Tree) -> tuple[frozenset, ...]:
    """R(v) for every node v (breadth-first index), bottom-up."""
    ranges: list = [BOTH] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if kids:
            fixed = tuple(None if ranges[c] == BOTH else min(ranges[c]) for c in kids)
            ranges[node] = aggregator_range(tree.aggregators[node], fixed)
    return tuple(ranges)


@lru_cache(maxsize=None)
def aggregator_range(spec: str, fixed: tuple) -> frozenset:
    """{phi(z) : z_i = fixed[i] where fixed[i] is not None, z_i free otherwise}."""
    table = np.asarray(spec.table, dtype=np.uint8)  # spec resolved with the tree
    q = len(fixed)
    if any(bit is not None for bit in fixed):
        index = np.arange(table.size, dtype=np.int64)
        keep = np.ones(table.size, dtype=bool)
        for i, bit in enumerate(fixed):
            if bit is not None:
                keep &= ((index >> (q - 1 - i)) & 1) == bit
        table = table[keep]
    return frozenset(int(v) for v in np.unique(table))


def is_constant(ranges, node: int) -> bool:
    return len(ranges[node]) == 1
