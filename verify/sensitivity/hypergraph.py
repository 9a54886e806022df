"""fbs, s, bs and C of a family of blocks given directly, for small q (untrusted).

A family is a list of nonempty blocks as bit masks over q coordinates, coordinate i being bit
q-1-i of a mask (the truth-table convention of docs/notes.md, section 2). For the family of
minimal sensitive blocks of f at z (paper Section 3.3), these are the four measures of
docs/census.md: fbs is the fractional packing number (Definitions 3.3/3.4, by the
exact simplex of `exact_lp`), s the number of singletons, bs the packing number and C the transversal
(hitting set) number. Nothing here is trusted: `verify.sweep.exhaustive_census` has every
value checked by the stdlib-only checker.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from verify.base.errors import SolverFailure, TooLarge

from .exact_lp import integer_simplex

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
    """max sum w_B s.t. sum_{B contains i} w_B <= 1, w >= 0, with its optimal dual t, by the
    exact integer-pivoting simplex of `verify.sensitivity.exact_lp` (no float solver)."""
    masks = list(masks)
    columns = [{i: 1 for i in mask_block(mask, q)} for mask in masks]
    optimum = integer_simplex(columns, [1] * q, [1] * len(masks))
    weights = {masks[j]: w for j, w in optimum.primal.items()}
    return FractionalPacking(optimum.value, weights, optimum.dual)


def _check_arity(q: int) -> None:
    if not 0 <= q <= MAX_HYPERGRAPH_ARITY:
        raise TooLarge(f"block-family measures enumerate subsets: q <= {MAX_HYPERGRAPH_ARITY}")
