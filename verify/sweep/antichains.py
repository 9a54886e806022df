"""Antichains of nonempty subsets of q coordinates, up to coordinate permutations (q <= 6).

An antichain A is stored as its up-set U = up(A) (every set containing a member of A) written
as a truth table: bit m of U is set iff the block with mask m is in U (coordinate i is bit
q-1-i of m, docs/notes.md, section 2), so U is the monotone function whose minimal true sets
are A, and U never holds the empty set. The up-sets on q points are the pairs (U0, U1) of
up-sets on q-1 points with U0 inside U1 (U0: the sets without coordinate 0, U1: those with
it, coordinate 0 removed), which gives all of them level by level; their number is the
Dedekind number minus one (the constant-1 function is left out).

A class is the set of up-sets a permutation of the coordinates maps onto each other; its
canonical member is the least table over all q! permutations, computed for every up-set at
once with numpy (each step of Heap's algorithm is one transposition of two coordinates: a
delta swap of the table's bits), so the class sizes are counted, not derived. Untrusted:
tests compare the counts with the published sequences (OEIS A007153, A003182) and brute force.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from verify.base.errors import TooLarge

MAX_ENUMERATED_ARITY = 6  # a table of 2^6 bits is one uint64


@dataclass(frozen=True)
class AntichainClasses:
    """Every up-set on q points (`tables`), its class (`class_of`: index into `canonical`),
    and per class the canonical table and the class size."""

    q: int
    tables: np.ndarray  # uint64, sorted
    class_of: np.ndarray  # int64, one per table
    canonical: np.ndarray  # uint64, sorted
    sizes: np.ndarray  # int64, one per class


def up_sets(q: int) -> np.ndarray:
    """All up-sets on q points without the empty set, as sorted uint64 tables."""
    _check(q)
    level = np.array([0, 1], dtype=np.uint64)  # q = 0: the constants 0 and 1
    for k in range(1, q + 1):
        level = _next_level(level, 1 << (k - 1))
    return np.sort(level[(level & np.uint64(1)) == 0])  # drop the constant 1 (holds mask 0)


def _next_level(level: np.ndarray, half: int) -> np.ndarray:
    """Up-sets on one more point: U0 | U1 << half for U0 inside U1 (the new coordinate is the
    most significant bit of a position)."""
    parts = []
    for upper in level:
        lower = level[(level & ~upper) == 0]
        parts.append(lower | (upper << np.uint64(half)))
    return np.concatenate(parts)


def classify(q: int) -> AntichainClasses:
    """The up-sets on q points grouped into classes under coordinate permutations."""
    tables = up_sets(q)
    canonical_of = canonical_tables(tables, q)
    canonical, class_of, sizes = np.unique(canonical_of, return_inverse=True, return_counts=True)
    return AntichainClasses(q, tables, class_of.astype(np.int64), canonical,
                            sizes.astype(np.int64))


def canonical_tables(tables: np.ndarray, q: int, chunk: int = 1 << 16) -> np.ndarray:
    """The least table over all permutations of the q coordinates, elementwise (in chunks
    that stay in the CPU cache through all q! - 1 swaps: 2.6x less CPU at q = 6)."""
    swaps = [tuple(map(np.uint64, delta_swap(a, b, q))) for a, b in heap_transpositions(q)]
    least = np.empty_like(tables)
    for start in range(0, len(tables), chunk):
        current = tables[start:start + chunk]
        best = current.copy()
        for delta, mask in swaps:
            current = swap_positions(current, delta, mask)
            np.minimum(best, current, out=best)
        least[start:start + chunk] = best
    return least


def heap_transpositions(q: int) -> list[tuple[int, int]]:
    """Heap's algorithm: q! - 1 transpositions whose running products visit every
    permutation of q slots exactly once."""
    swaps, counters, i = [], [0] * q, 1
    while i < q:
        if counters[i] < i:
            swaps.append((0, i) if i % 2 == 0 else (counters[i], i))
            counters[i] += 1
            i = 1
        else:
            counters[i] = 0
            i += 1
    return swaps


def delta_swap(a: int, b: int, q: int) -> tuple[int, int]:
    """The shift and mask that exchange position bits a and b of a table: the mask holds the
    positions (sets) with bit min(a, b) = 1 and bit max(a, b) = 0 (`swap_positions`)."""
    a, b = min(a, b), max(a, b)
    return (1 << b) - (1 << a), positions_without_bit(b, q) & ~positions_without_bit(a, q)


def _delta_swap(a: int, b: int, q: int) -> tuple[np.uint64, np.uint64]:
    """`delta_swap` as 64-bit words (q <= 6), for the compiled kernel."""
    delta, mask = delta_swap(a, b, q)
    return np.uint64(delta), np.uint64(mask)


def swap_positions(tables, delta, mask):
    """The tables (an int, or a numpy array of 64-bit words) with the two position bits of
    `delta_swap` exchanged: the census's one delta swap (Lemma 3's permutations, one
    transposition at a time)."""
    moved = ((tables >> delta) ^ tables) & mask
    return tables ^ moved ^ (moved << delta)


def minimal_members(table: int, q: int) -> list[int]:
    """The antichain A of an up-set: its members with no member one coordinate smaller
    (a member m is not minimal iff m minus one of its coordinates is a member: shifting the
    table's positions without bit b up by 2^b marks those m)."""
    covered = 0
    for b in range(q):
        covered |= (table & positions_without_bit(b, q)) << (1 << b)
    minimal, members = table & ~covered, []
    while minimal:
        low = minimal & -minimal
        members.append(low.bit_length() - 1)
        minimal ^= low
    return members


@lru_cache(maxsize=None)
def positions_without_bit(b: int, q: int) -> int:
    """The positions (sets) whose bit b is 0."""
    return sum(1 << j for j in range(1 << q) if not (j >> b) & 1)


def _check(q: int) -> None:
    if not 1 <= q <= MAX_ENUMERATED_ARITY:
        raise TooLarge(f"the census by structure enumerates antichains for 1 <= q <= "
                       f"{MAX_ENUMERATED_ARITY} (q = 7 has 2.4 * 10^12 of them), got {q}")
