"""Exhaustive dual feasibility (paper Def. 3.4): every sensitive block B has t(B) >= 1.

The sensitive family is a bitset over block masks (bit m set iff the block with mask m is
sensitive, mask bit q-1-i = coordinate i).  With integer weights T_i = t_i * D over a common
denominator D, a violation is a sensitive B with T(B) < D.  Coordinates with T_i = 0 never
help, so the family is first projected onto the positive coordinates P (existential
projection); the "light" sets A of P with T(A) < D form a down-closed family, enumerated by
depth-first search and looked up in the projected bitset.  If the light family is huge, a
bit-sliced comparator computes {m : T(m) < D} for all masks at once instead.
"""

from __future__ import annotations

from . import bitset
from .spec_eval import MIN_OPERATION_COST, WORK_LIMIT

DFS_NODE_BUDGET = 1 << 16
COMPARATOR_BYTES = 1 << 26  # the comparator's bit planes: (bits of sum T) x 2^q bits


class _BudgetExceeded(Exception):
    """The light family has more sets than the search budget."""


def light_sensitive_block(sensitive: int, q: int, weights: list[int],
                          denominator: int) -> int | None:
    """The mask of a sensitive block B with T(B) < D, or None if t = T/D is dual feasible
    (weights T_i >= 0 are integers over the common denominator D)."""
    if not sensitive:
        return None
    weights = [min(w, denominator) for w in weights]   # a set with T_i >= D is never light
    positive = sorted((w, q - 1 - i) for i, w in enumerate(weights) if w > 0)
    zero_bits = [q - 1 - i for i, w in enumerate(weights) if w == 0]
    lookup = bitset.to_lookup(bitset.fold_out(sensitive, zero_bits), q)
    try:
        found = _search(positive, denominator, lookup, DFS_NODE_BUDGET)
    except _BudgetExceeded:
        levels = sum(weights).bit_length() + 2
        if _comparator_cost(weights, q) <= WORK_LIMIT and levels << q >> 3 <= COMPARATOR_BYTES:
            return _comparator(sensitive, q, weights, denominator)
        found = _search(positive, denominator, lookup, None)
    return None if found is None else _witness(sensitive, q, zero_bits, found)


def _search(positive: list[tuple[int, int]], denominator: int, lookup: bytes,
            budget: int | None) -> int | None:
    """DFS over light subsets A of P (weights ascending, so a too-heavy weight ends a branch);
    return the first A whose projected bit is set."""
    stack, visited = [(0, 0, 0)], 0
    while stack:
        start, total, mask = stack.pop()
        if bitset.test(lookup, mask):
            return mask
        visited += 1
        if budget is not None and visited > budget:
            raise _BudgetExceeded
        for index in range(start, len(positive)):
            weight, bit = positive[index]
            if total + weight >= denominator:
                break
            stack.append((index + 1, total + weight, mask | (1 << bit)))
    return None


def _comparator_cost(weights: list[int], q: int) -> int:
    levels = sum(weights).bit_length() + 2
    return (6 * levels * len(weights) + 4 * levels + 2 * q) * max(1 << q, MIN_OPERATION_COST)


def _comparator(sensitive: int, q: int, weights: list[int], denominator: int) -> int | None:
    """All masks at once: light = {m : sum_i T_i [i in m] < D}; return a sensitive light mask."""
    full = (1 << (1 << q)) - 1
    planes: list[int] = []
    for weight, variable in zip(weights, bitset.variables(q)):
        if weight:
            bitset.add_weighted(planes, variable, weight)
    violations = sensitive & (full ^ bitset.at_least(planes, denominator, full))
    if not violations:
        return None
    return (violations & -violations).bit_length() - 1


def _witness(sensitive: int, q: int, zero_bits: list[int], light: int) -> int:
    """A sensitive block whose positive part is the light mask found by the search."""
    size = 1 << q
    candidates = sensitive
    for b in range(q):
        if b in zero_bits:
            continue
        high = bitset.bit_high(b, size)
        candidates &= high if (light >> b) & 1 else ~high
    return (candidates & -candidates).bit_length() - 1
