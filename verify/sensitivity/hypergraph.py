"""fbs, s, bs and C of a family of blocks given directly, for small q (untrusted).

A family is a list of nonempty blocks as bit masks over q coordinates, coordinate i being bit
q-1-i of a mask (the truth-table convention of docs/notes.md, section 2). For the family of
minimal sensitive blocks of f at z (paper Section 3.3), these are the four measures of
docs/census.md: fbs is the fractional packing number (Definitions 3.3/3.4, by an
exact simplex below), s the number of singletons, bs the packing number and C the transversal
(hitting set) number. Nothing here is trusted: `verify.sweep.exhaustive_census` has every
value checked by the stdlib-only checker.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from verify.base.errors import SolverFailure, TooLarge

MAX_HYPERGRAPH_ARITY = 10  # bs and C enumerate subsets of the q coordinates


@dataclass(frozen=True)
class FractionalPacking:
    """An optimal pair: weights on blocks (loads <= 1) and a cover t (t(B) >= 1), equal sums."""

    value: Fraction
    weights: dict[int, Fraction]  # block mask -> positive weight
    cover: tuple[Fraction, ...]  # t_i, coordinate i


def mask_block(mask: int, q: int) -> list[int]:
    """The 0-based coordinates of a mask (coordinate i = bit q-1-i)."""
    return [i for i in range(q) if (mask >> (q - 1 - i)) & 1]


def singletons(masks: Sequence[int]) -> int:
    """s: the number of one-coordinate blocks."""
    return sum(1 for mask in masks if mask & (mask - 1) == 0)


def maximum_packing(masks: Sequence[int], q: int) -> tuple[int, ...]:
    """A largest family of pairwise disjoint blocks (its size is bs)."""
    _check_arity(q)
    memo: dict[int, tuple[int, ...]] = {}

    def best(free: int) -> tuple[int, ...]:
        if free not in memo:
            low = free & -free  # the lowest free coordinate: unused, or in the block chosen
            choice = best(free & ~low) if free else ()
            for mask in masks:
                if mask & low and mask & free == mask:
                    taken = (mask,) + best(free & ~mask)
                    if len(taken) > len(choice):
                        choice = taken
            memo[free] = choice
        return memo[free]

    return best((1 << q) - 1)


def minimum_transversal(masks: Sequence[int], q: int) -> int:
    """A smallest set of coordinates (a mask) meeting every block (its size is C)."""
    _check_arity(q)
    for hitting in _by_size(q):
        if all(mask & hitting for mask in masks):
            return hitting
    raise SolverFailure("no transversal: the family contains an empty block")


@lru_cache(maxsize=None)
def _by_size(q: int) -> tuple[int, ...]:
    """All coordinate sets, smallest first."""
    return tuple(sorted(range(1 << q), key=lambda m: (m.bit_count(), m)))


def fractional_packing(masks: Sequence[int], q: int) -> FractionalPacking:
    """max sum w_B s.t. sum_{B contains i} w_B <= 1, w >= 0, with its optimal dual t: exact
    primal simplex from the all-slack basis (feasible since the right-hand side is 1) with
    Bland's rule, so it terminates. Integer pivoting (Edmonds): the tableau is integers over
    one common denominator, and each pivot divides exactly by the previous one."""
    masks = list(masks)
    n = len(masks)
    rows = [[(mask >> (q - 1 - i)) & 1 for mask in masks] + [int(k == i) for k in range(q)] + [1]
            for i in range(q)]
    objective = [1] * n + [0] * (q + 1)  # reduced costs; the last entry is minus the value
    basis = [n + i for i in range(q)]
    denominator = 1
    for _ in range(10_000):
        entering = next((j for j in range(n + q) if objective[j] > 0), None)
        if entering is None:
            return _optimum(masks, rows, objective, basis, denominator, q)
        leaving = _ratio_test(rows, basis, entering)
        denominator = _pivot(rows + [objective], leaving, entering, denominator)
        basis[leaving] = entering
    raise SolverFailure("exact simplex did not terminate")


def _ratio_test(rows: list, basis: list[int], entering: int) -> int:
    """The row of least rhs / entry over positive entries, ties to the least basic index."""
    best = None
    for i, row in enumerate(rows):
        a = row[entering]
        if a > 0:
            if best is None:
                best = i
                continue
            b = rows[best][entering]
            left, right = row[-1] * b, rows[best][-1] * a
            if left < right or (left == right and basis[i] < basis[best]):
                best = i
    if best is None:  # a block column is a 0/1 vector with a 1: never unbounded
        raise SolverFailure("fractional packing LP unbounded (an empty block?)")
    return best


def _pivot(table: list, leaving: int, entering: int, denominator: int) -> int:
    """One integer pivot; returns the new common denominator (the pivot entry)."""
    pivot_row = table[leaving]
    p = pivot_row[entering]
    for row in table:
        if row is not pivot_row:
            a = row[entering]
            row[:] = [(x * p - a * y) // denominator for x, y in zip(row, pivot_row)]
    return p


def _optimum(masks, rows, objective, basis, denominator, q) -> FractionalPacking:
    n = len(masks)
    weights = {masks[var]: Fraction(row[-1], denominator)
               for var, row in zip(basis, rows) if var < n and row[-1]}
    cover = tuple(Fraction(-objective[n + i], denominator) for i in range(q))
    return FractionalPacking(Fraction(-objective[-1], denominator), weights, cover)


def _check_arity(q: int) -> None:
    if not 0 <= q <= MAX_HYPERGRAPH_ARITY:
        raise TooLarge(f"block-family measures enumerate subsets: q <= {MAX_HYPERGRAPH_ARITY}")
