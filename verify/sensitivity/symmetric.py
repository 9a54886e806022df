"""fbs of symmetric functions of any width by the reduced LP (issue 3, paper Definition 3.3).

For f(x) = V[|x|] and an input z with w ones, a block that flips a ones and b zeros reaches
weight w - a + b, so it is sensitive iff V[w - a + b] != V[w]. Averaging any optimal dual
over the permutations fixing z gives an optimal dual constant on the ones (t1) and on the
zeros (t0); averaging a primal spreads each block type (a, b) uniformly. The reduced LP has
two rows (the load on a one, on a zero) and one column per sensitive type; the
Pareto-minimal sensitive types are (a*, 0) and (0, b*), with a* (b*) the distance from w to
the nearest weight below (above) where V changes (certificates/FORMAT.md gives the proof).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .exact_lp import PackingLP


@dataclass(frozen=True)
class SymmetricSolution:
    """Exact optimum of the reduced LP."""

    value: Fraction
    t_ones: Fraction  # t_i for every i with z_i = 1
    t_zeros: Fraction  # t_i for every i with z_i = 0
    types: tuple[tuple[int, int, Fraction], ...]  # (ones flipped, zeros flipped, total weight)


def nearest_change(values, weight: int, step: int) -> int | None:
    """Smallest d >= 1 with values[weight + step * d] != values[weight], or None."""
    other = 1 - values[weight]
    try:
        if step > 0:
            return values.index(other, weight + 1) - weight
        return values[weight - 1::-1].index(other) + 1 if weight > 0 else None
    except ValueError:
        return None


def minimal_types(values, weight: int) -> list[tuple[int, int]]:
    """The Pareto-minimal sensitive block types (a, b) at Hamming weight `weight`."""
    types = []
    down, up = nearest_change(values, weight, -1), nearest_change(values, weight, +1)
    if down is not None:
        types.append((down, 0))
    if up is not None:
        types.append((0, up))
    return types


def solve_symmetric(values, weight: int) -> SymmetricSolution:
    """Exact fbs of f = values[|x|] at an input of Hamming weight `weight`."""
    n = len(values) - 1
    types = minimal_types(values, weight)
    if not types:
        return SymmetricSolution(Fraction(0), Fraction(0), Fraction(0), ())
    rows = [count for count in (weight, n - weight)]
    used = [r for r in range(2) if rows[r] > 0]
    lp = PackingLP([Fraction(rows[r]) for r in used])
    lp.add_columns([{k: Fraction((a, b)[r]) for k, r in enumerate(used)} for a, b in types],
                   [Fraction(1)] * len(types))
    optimum = lp.solve_exact()
    dual = dict(zip(used, optimum.dual))
    chosen = tuple((types[j][0], types[j][1], y) for j, y in sorted(optimum.primal.items()))
    return SymmetricSolution(optimum.value, dual.get(0, Fraction(0)), dual.get(1, Fraction(0)), chosen)


def symmetric_measures(values, weight: int) -> tuple[int, int, int]:
    """(s, bs, C) at Hamming weight `weight`: minimal blocks are a* ones or b* zeros.

    s counts coordinates whose flip alone changes f; bs packs disjoint minimal blocks,
    floor(w / a*) + floor((n - w) / b*); C must meet every a*-subset of the ones and every
    b*-subset of the zeros, (w - a* + 1) + (n - w - b* + 1).
    """
    n = len(values) - 1
    sizes = {"ones": (weight, nearest_change(values, weight, -1)),
             "zeros": (n - weight, nearest_change(values, weight, +1))}
    s = bs = c = 0
    for count, distance in sizes.values():
        if distance is None:
            continue
        s += count if distance == 1 else 0
        bs += count // distance
        c += count - distance + 1
    return s, bs, c
