"""The global census: fbs(f), s(f), bs(f), C(f) (the maximum over the inputs x) of every
Boolean function of q <= 4 inputs, from the census by structure (docs/census.md).

For each input x and every function at once (numpy, one uint64 table per function), the
table of h(y) = f(x XOR y) is a permutation of positions (a delta swap per set bit of x); the
sensitive family at x is S = {B : h(1_B) != h(0)}, its upward closure up(S) = up(M(f, x)) is
the up-set whose class the census measured, and a lookup table maps every up-set to the
rank of its value. The maximum rank over x is the global value. Exact; the per-class values
are the census's certified ones, the maximum over x is computed here (not by the checker).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from verify.base.errors import TooLarge
from verify.base.numbers import fraction_text, int_text

from .antichains import classify

MAX_GLOBAL_ARITY = 4  # 2^16 functions; q = 5 has 2^32 (see bench/RESULTS.md for the cost)
MEASURES = ("fbs", "s", "bs", "C")


def global_figures(rows, q: int) -> dict:
    """Distributions of the four global measures over all 2^(2^q) functions; `rows` are the
    census's class rows (canonical table -> measures)."""
    if not 1 <= q <= MAX_GLOBAL_ARITY:
        raise TooLarge(f"the global census enumerates all 2^(2^q) functions: q <= "
                       f"{MAX_GLOBAL_ARITY}")
    functions = np.arange(2 ** (2 ** q), dtype=np.uint64)
    document = {"functions": int_text(len(functions))}
    for measure in MEASURES:
        values, lookup = value_lookup(rows, q, measure)
        best = global_ranks(functions, q, lookup)
        counts = np.bincount(best, minlength=len(values))
        document[measure] = {fraction_text(v): int_text(int(n))
                             for v, n in zip(values, counts) if n}
    return document


def value_lookup(rows, q: int, measure: str) -> tuple[list[Fraction], np.ndarray]:
    """(sorted distinct values, rank of the value of every up-set table, dense by table;
    the empty family, table 0, has value 0)."""
    by_class = {row.table: Fraction(getattr(row, measure)) for row in rows}
    values = sorted(set(by_class.values()))
    rank = {v: k for k, v in enumerate(values)}
    classes = classify(q)
    lookup = np.zeros(2 ** (2 ** q), dtype=np.int16)
    class_ranks = np.array([rank[by_class[int(t)]] for t in classes.canonical.tolist()],
                           dtype=np.int16)
    lookup[classes.tables.astype(np.int64)] = class_ranks[classes.class_of]
    return values, lookup


def sorted_lookup(rows, q: int, measure: str):
    """(sorted distinct values, a map from up-set tables to ranks by binary search): the
    lookup for q = 5, whose tables (2^32 of them) are too many for a dense array."""
    by_class = {row.table: Fraction(getattr(row, measure)) for row in rows}
    values = sorted(set(by_class.values()))
    rank = {v: k for k, v in enumerate(values)}
    classes = classify(q)
    class_ranks = np.array([rank[by_class[int(t)]] for t in classes.canonical.tolist()],
                           dtype=np.int16)
    tables = np.concatenate([[0], classes.tables]).astype(np.uint64)  # 0: the empty family
    ranks = np.concatenate([[0], class_ranks[classes.class_of]]).astype(np.int16)
    return values, lambda up: ranks[np.searchsorted(tables, up)]


def global_ranks(functions: np.ndarray, q: int, lookup) -> np.ndarray:
    """max over x of the rank of the up-set of the sensitive family of f at x, per function
    (`lookup`: a dense array indexed by up-set table, or a function of the tables)."""
    if isinstance(lookup, np.ndarray):
        dense = lookup
        lookup = lambda up: dense[up.astype(np.int64)]  # noqa: E731
    size = 1 << q
    full = np.uint64((1 << size) - 1)
    best = np.zeros(len(functions), dtype=np.int16)
    for x in range(size):
        h = functions.copy()
        for b in range(q):
            if (x >> b) & 1:
                _flip_position_bit(h, b, size)
        at_zero = h & np.uint64(1)
        sensitive = (h ^ (full * at_zero)) & (full ^ np.uint64(1))
        np.maximum(best, lookup(upward_closure(sensitive, q)), out=best)
    return best


def _flip_position_bit(tables: np.ndarray, b: int, size: int) -> None:
    """tables[j] <- tables[j XOR 2^b] for every position j (a delta swap)."""
    shift = np.uint64(1 << b)
    low = np.uint64(sum(1 << j for j in range(size) if not (j >> b) & 1))
    swapped = ((tables >> shift) ^ tables) & low
    tables ^= swapped ^ (swapped << shift)


def upward_closure(tables: np.ndarray, q: int) -> np.ndarray:
    """Every set containing a member: add each coordinate in turn (position bit b)."""
    size = 1 << q
    closed = tables.copy()
    for b in range(q):
        low = np.uint64(sum(1 << j for j in range(size) if not (j >> b) & 1))
        closed |= (closed & low) << np.uint64(1 << b)
    return closed
