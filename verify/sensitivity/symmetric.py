"""fbs of symmetric functions of any width in closed form (issue 3, paper Definition 3.3).

For f(x) = V[|x|] and an input z with w ones, a block that flips a ones and b zeros reaches
weight w - a + b, so it is sensitive iff V[w - a + b] != V[w]. Averaging any optimal dual
over the permutations fixing z gives an optimal dual constant on the ones (t1) and on the
zeros (t0); averaging a primal spreads each block type (a, b) uniformly. The reduced LP has
two rows (the load on a one, on a zero) and the Pareto-minimal sensitive types (a*, 0) and
(0, b*), with a* (b*) the distance from w to the nearest weight below (above) where V
changes (certificates/FORMAT.md gives the proof). Its two rows are independent, so

    fbs = w / a* + (n - w) / b*,   t1 = 1 / a*,   t0 = 1 / b*

(a missing direction contributes 0). Nothing here is per coordinate: `maj:100000000` costs
O(1) given the input's weight.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

ZERO = Fraction(0)


@dataclass(frozen=True)
class SymmetricSolution:
    """Exact optimum of the reduced LP."""

    value: Fraction
    t_ones: Fraction  # t_i for every i with z_i = 1
    t_zeros: Fraction  # t_i for every i with z_i = 0
    types: tuple[tuple[int, int, Fraction], ...]  # (ones flipped, zeros flipped, total weight)


def minimal_types(values, weight: int) -> list[tuple[int, int]]:
    """The Pareto-minimal sensitive block types (a, b) at Hamming weight `weight`."""
    types = []
    down, up = values.nearest_change(weight, -1), values.nearest_change(weight, +1)
    if down is not None:
        types.append((down, 0))
    if up is not None:
        types.append((0, up))
    return types


def solve_symmetric(values, weight: int) -> SymmetricSolution:
    """Exact fbs of f = values[|x|] at an input of Hamming weight `weight` (closed form)."""
    n = len(values) - 1
    t_ones = t_zeros = ZERO
    types = []
    for a, b in minimal_types(values, weight):
        if a:
            t_ones = Fraction(1, a)
            types.append((a, 0, Fraction(weight, a)))
        else:
            t_zeros = Fraction(1, b)
            types.append((0, b, Fraction(n - weight, b)))
    value = sum((y for _, _, y in types), ZERO)
    return SymmetricSolution(value, t_ones, t_zeros, tuple(types))


def symmetric_measures(values, weight: int) -> tuple[int, int, int]:
    """(s, bs, C) at Hamming weight `weight`: minimal blocks are a* ones or b* zeros.

    s counts coordinates whose flip alone changes f; bs packs disjoint minimal blocks,
    floor(w / a*) + floor((n - w) / b*); C must meet every a*-subset of the ones and every
    b*-subset of the zeros, (w - a* + 1) + (n - w - b* + 1).
    """
    n = len(values) - 1
    sizes = {"ones": (weight, values.nearest_change(weight, -1)),
             "zeros": (n - weight, values.nearest_change(weight, +1))}
    s = bs = c = 0
    for count, distance in sizes.values():
        if distance is None:
            continue
        s += count if distance == 1 else 0
        bs += count // distance
        c += count - distance + 1
    return s, bs, c
