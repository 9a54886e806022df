"""Exhaustive dual feasibility (paper Def. 3.4): every sensitive block B has t(B) >= 1.

The sensitive family is a bitset over positions: block B (mask m, mask bit q-1-i =
coordinate i) is sensitive iff bit m XOR shift is set. The exhaustive kind passes the truth
table itself with shift = z (f(z^B) differs from f(z)), so no permutation of the table is
ever built; the tree kind passes families over masks (shift 0). With integer weights
T_i = t_i * D over a common denominator D, a violation is a sensitive B with T(B) < D.
Coordinates with T_i = 0 never help, so the family is first projected onto the positive
coordinates P (existential projection, which commutes with the XOR by z); the "light" sets A
of P with T(A) < D form a down-closed family, enumerated by depth-first search while it is
small. Otherwise the light blocks of all 2^q masks are computed at once
(bitset.weighted_at_least, split in the middle), O(2^q / 8) bytes of work.
"""

from __future__ import annotations

from . import bitset

DFS_NODE_BUDGET = 1 << 12
STEP_COST = 1 << 15  # one search step (about 0.4 microseconds), in bit-operations


class _BudgetExceeded(Exception):
    """The light family has more sets than the search budget."""


def light_sensitive_block(sensitive: int, q: int, weights: list[int], denominator: int,
                          shift: int = 0, charge=None) -> int | None:
    """The mask of a sensitive block B with T(B) < D, or None if t = T/D is dual feasible
    (weights T_i >= 0 are integers over the common denominator D). `charge`, if given, is
    told the work in bit-operations (search steps, then the all-blocks pass)."""
    charge = charge or (lambda amount: None)
    if not sensitive:
        return None
    weights = [min(w, denominator) for w in weights]   # a set with T_i >= D is never light
    positive = sorted((w, q - 1 - i) for i, w in enumerate(weights) if w > 0)
    zero_bits = [q - 1 - i for i, w in enumerate(weights) if w == 0]
    zero_mask = sum(1 << b for b in zero_bits)
    lookup = bitset.to_lookup(bitset.fold_out(sensitive, zero_bits), q)
    try:
        found = _search(positive, denominator, lookup, shift & ~zero_mask, DFS_NODE_BUDGET,
                        charge)
    except _BudgetExceeded:
        charge(16 * max(1 << q, STEP_COST))
        return _comparator(sensitive, q, weights, denominator, shift)
    return None if found is None else _witness(sensitive, q, zero_bits, found, shift)


def _search(positive: list[tuple[int, int]], denominator: int, lookup: bytes, base: int,
            budget: int, charge) -> int | None:
    """DFS over light subsets A of P (weights ascending, so a too-heavy weight ends a branch);
    return the first A whose projected bit (at position A XOR base) is set."""
    stack, visited = [(0, 0, 0)], 0
    while stack:
        start, total, mask = stack.pop()
        if bitset.test(lookup, mask ^ base):
            charge(visited * STEP_COST)
            return mask
        visited += 1
        if visited > budget:
            charge(visited * STEP_COST)
            raise _BudgetExceeded
        for index in range(start, len(positive)):
            weight, bit = positive[index]
            if total + weight >= denominator:
                break
            stack.append((index + 1, total + weight, mask | (1 << bit)))
    charge(visited * STEP_COST)
    return None


def _comparator(sensitive: int, q: int, weights: list[int], denominator: int,
                shift: int) -> int | None:
    """All positions at once: position p is light iff the block p XOR shift has T < D."""
    costs = []
    for i, weight in enumerate(weights):
        flipped_at_one = not (shift >> (q - 1 - i)) & 1  # coordinate i of p is 1 = flipped
        costs.append((0, weight) if flipped_at_one else (weight, 0))
    full = (1 << (1 << q)) - 1
    violations = sensitive & (full ^ bitset.weighted_at_least(costs, denominator, q))
    if not violations:
        return None
    return ((violations & -violations).bit_length() - 1) ^ shift


def _witness(sensitive: int, q: int, zero_bits: list[int], light: int, shift: int) -> int:
    """A sensitive block whose positive part is the light mask found by the search."""
    size = 1 << q
    candidates = sensitive
    for b in range(q):
        if b in zero_bits:
            continue
        high = bitset.bit_high(b, size)
        candidates &= high if ((light ^ shift) >> b) & 1 else ~high
    return ((candidates & -candidates).bit_length() - 1) ^ shift
