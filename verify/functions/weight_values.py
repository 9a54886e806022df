"""The values V(0), ..., V(n) of a symmetric function f(x) = V(|x|), kept compact.

`maj:100000000` must not become a tuple of 10^8 entries: a step function (and, or, maj,
thr) is its first weight with value 1, parity is k mod 2, and `sym:` keeps its own text.
Every question the symmetric methods ask (the value at a weight, the nearest weight where
the value changes) is answered in O(1), or by one `str.find` for `sym:`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WeightValues:
    """V(k) for k = 0..n: `step` (V(k) = [k >= first_one]), `parity` or `text` ('0'/'1' chars)."""

    n: int
    kind: str
    first_one: int = 0
    text: str = ""

    @classmethod
    def step(cls, n: int, first_one: int) -> "WeightValues":
        """1 iff k >= first_one (clamped to 0..n+1)."""
        return cls(n, "step", min(max(first_one, 0), n + 1))

    @classmethod
    def parity(cls, n: int) -> "WeightValues":
        return cls(n, "parity")

    @classmethod
    def from_text(cls, text: str) -> "WeightValues":
        """From the N+1 characters of a `sym:` spec."""
        return cls(len(text) - 1, "text", text=text)

    def __len__(self) -> int:
        return self.n + 1

    def __getitem__(self, k):
        if isinstance(k, slice):
            return tuple(self[i] for i in range(*k.indices(self.n + 1)))
        if k < 0:
            k += self.n + 1
        if not 0 <= k <= self.n:
            raise IndexError("weight out of range")
        if self.kind == "step":
            return int(k >= self.first_one)
        if self.kind == "parity":
            return k & 1
        return int(self.text[k] == "1")

    def __iter__(self):
        return (self[k] for k in range(self.n + 1))

    def nearest_change(self, weight: int, step: int) -> int | None:
        """Smallest d >= 1 with V(weight + step * d) != V(weight) inside 0..n, or None."""
        if self.kind == "parity":
            return 1 if 0 <= weight + step <= self.n else None
        if self.kind == "step":
            edge = self.first_one if step > 0 else self.first_one - 1
            if (step > 0 and weight < self.first_one <= self.n) or (step < 0 and edge >= 0
                                                                     and weight > edge):
                return abs(edge - weight)
            return None
        other = "0" if self.text[weight] == "1" else "1"
        found = self.text.find(other, weight + 1) if step > 0 else self.text.rfind(other, 0, weight)
        return None if found < 0 else abs(found - weight)

    def constant(self) -> bool:
        """True iff V is the same at every weight."""
        return self.nearest_change(0, +1) is None
