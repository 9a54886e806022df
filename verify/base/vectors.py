"""Compact per-coordinate vectors: a dual t or Bob's p (paper Definition 3.4, Section 4 step 3)
that takes few distinct values over many coordinates, stored as those values and one small
integer per coordinate, so that building, summing and scaling it costs one exact operation
per distinct value, not per coordinate."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import lcm


class IndexedVector(Sequence):
    """x_i = values[index[i]]: a read-only sequence of Fractions (compares equal to any
    sequence with the same entries)."""

    __slots__ = ("values", "index")

    def __init__(self, values, index):
        self.values, self.index = tuple(values), index

    def __len__(self) -> int:
        return len(self.index)

    def __getitem__(self, position):
        if isinstance(position, slice):
            return tuple(self.values[k] for k in self.index[position])
        return self.values[self.index[position]]

    def __iter__(self):
        return map(self.values.__getitem__, self.index)

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and len(other) == len(self) and all(
            a == b for a, b in zip(self, other))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"IndexedVector({len(self.values)} values over {len(self)} coordinates)"

    def total(self) -> Fraction:
        """sum_i x_i, exactly: integers over the common denominator of the distinct values."""
        counts = Counter(self.index)
        values = [self.values[k] for k in counts]
        denominator = lcm(1, *(v.denominator for v in values))
        return Fraction(sum(n * v.numerator * (denominator // v.denominator)
                            for v, n in zip(values, counts.values())), denominator)

    def divided(self, divisor: Fraction) -> "IndexedVector":
        """x / divisor, one division per distinct value."""
        return IndexedVector((v / divisor for v in self.values), self.index)
