"""Wide symmetric aggregators in `tree` records (certificates/FORMAT.md, kind tree).

A tree node may aggregate more children than a truth table allows (the paper's literature
example is maj:99) when its aggregator is a symmetric family, f(x) = V(|x|). Nothing is
enumerated; at a claim vector z with w ones:

* a block B flipping a ones and b zeros is sensitive iff V(w - a + b) != V(w);
* every sensitive block reaching a weight below w flips at least d_down ones (d_down: the
  distance from w to the nearest weight below it where V changes), and one above flips at
  least d_up zeros. So v(B) >= 1 for every sensitive B iff the d_down smallest v among the
  ones, and the d_up smallest v among the zeros, each sum to >= 1 (a missing direction has no
  condition); those sets are themselves sensitive, so a failure names a witness block.

Work per record: O(q log q); standard library only (docs/design.md, Trust boundary).
"""

from __future__ import annotations

from .errors import CertificateMalformed
from .symmetric_kind import nearest_change, symmetric_values

MAX_WIDE_ARITY = 10**6  # a record lists q capacities and q dual entries: the file bounds q


class SymmetricAggregator:
    """f(x) = V(|x|) for a symmetric family spec of any width up to MAX_WIDE_ARITY."""

    def __init__(self, spec: str):
        self.n, self.values = symmetric_values(spec)
        if self.n > MAX_WIDE_ARITY:
            raise CertificateMalformed(f"aggregator {spec[:40]!r}: arity {self.n} exceeds "
                                       f"{MAX_WIDE_ARITY}")

    def value_at(self, z: str) -> int:
        return self.values(z.count("1"))

    def at(self, z: str) -> "SymmetricAt":
        return SymmetricAt(self, z)


class SymmetricAt:
    """The sensitive blocks of a symmetric aggregator at one claim vector z."""

    def __init__(self, aggregator: SymmetricAggregator, z: str):
        self.z, self.values, self.n = z, aggregator.values, aggregator.n
        self.weight = z.count("1")
        self.down = nearest_change(self.values, self.weight, self.n, -1)
        self.up = nearest_change(self.values, self.weight, self.n, +1)

    def sensitive(self, block: tuple[int, ...]) -> bool:
        ones = sum(1 for i in block if self.z[i] == "1")
        reached = self.weight - ones + (len(block) - ones)
        return self.values(reached) != self.values(self.weight)

    def light_block(self, weights: list[int], denominator: int) -> list[int] | None:
        """A sensitive block B with sum of weights < denominator, or None (dual feasible)."""
        for bit, size in (("1", self.down), ("0", self.up)):
            if size is None:
                continue
            side = sorted((weights[i], i) for i in range(self.n) if self.z[i] == bit)
            cheapest = side[:size]
            if sum(w for w, _ in cheapest) < denominator:
                return sorted(i for _, i in cheapest)
        return None


def wide_symmetric(spec: object, max_table_arity: int) -> SymmetricAggregator | None:
    """The aggregator if `spec` is a symmetric family wider than the table limit, else None."""
    if type(spec) is not str:
        return None
    try:
        aggregator = SymmetricAggregator(spec.strip())
    except CertificateMalformed:
        return None
    return aggregator if aggregator.n > max_table_arity else None
