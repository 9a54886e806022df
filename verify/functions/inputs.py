"""Batches of inputs x in {0,1}^q, seen column by column (docs/notes.md, section 2 order).

A Boolean function evaluates a whole batch at once: column i holds bit x_{i+1} of
every input in the batch. Two batch kinds exist: an explicit 0/1 matrix, and the
lazy batch of a run of consecutive inputs in truth-table order (x_1 is the most significant
bit), by default all 2^q of them.
"""

from __future__ import annotations

from verify.base.errors import TooLarge
from verify.base.lazy import numpy as np

# The one limit of everything that lists all 2^q inputs: truth tables (`tt:` specs included),
# the table method of verify.fbs, block enumeration on the table, and the exhaustive
# certificate (its checker enforces the same q). Stated once in the README ("Limits").
MAX_TABLE_ARITY = 28


class Inputs:
    """A batch of n_rows inputs with `arity` coordinates."""

    arity: int
    n_rows: int

    def column(self, i: int) -> np.ndarray:
        """Bit x_{i+1} of every input, as a bool array."""
        raise NotImplementedError

    def count(self, start: int, stop: int) -> np.ndarray:
        """Hamming weight of coordinates start..stop-1 of every input (int64)."""
        total = np.zeros(self.n_rows, dtype=np.int64)
        for i in range(start, stop):
            total += self.column(i)
        return total

    def sub(self, start: int, stop: int) -> "Inputs":
        """The coordinates start..stop-1 of every input, as a batch."""
        return SubInputs(self, start, stop)


class MatrixInputs(Inputs):
    """An explicit batch: a (arity, n_rows) 0/1 matrix."""

    def __init__(self, matrix: np.ndarray):
        self.matrix = np.asarray(matrix, dtype=bool)
        self.arity, self.n_rows = self.matrix.shape

    @classmethod
    def from_points(cls, points) -> "MatrixInputs":
        """Batch of the given bit vectors (a sequence of equal-length 0/1 sequences)."""
        return cls(np.asarray(points, dtype=bool).reshape(len(points), -1).T)

    def column(self, i: int) -> np.ndarray:
        return self.matrix[i]

    def count(self, start: int, stop: int) -> np.ndarray:
        return self.matrix[start:stop].sum(axis=0, dtype=np.int64)

    def sub(self, start: int, stop: int) -> "MatrixInputs":
        return MatrixInputs(self.matrix[start:stop])


class TableInputs(Inputs):
    """The inputs start .. start + count - 1 in truth-table order (default: all 2^arity);
    columns are computed on demand."""

    def __init__(self, arity: int, start: int = 0, count: int | None = None):
        if arity > MAX_TABLE_ARITY:
            raise TooLarge(f"a truth table of arity {arity} exceeds the limit q <= {MAX_TABLE_ARITY}")
        self.arity, self.start = arity, start
        self.n_rows = (1 << arity) - start if count is None else count
        self._index = None

    @property
    def index(self) -> np.ndarray:
        """The truth-table positions of the batch (built on first use)."""
        if self._index is None:
            self._index = np.arange(self.start, self.start + self.n_rows, dtype=np.int64)
        return self._index

    def column(self, i: int) -> np.ndarray:
        return ((self.index >> (self.arity - 1 - i)) & 1).astype(bool)

    def count(self, start: int, stop: int) -> np.ndarray:
        mask = sum(1 << (self.arity - 1 - i) for i in range(start, stop))
        return np.bitwise_count(self.index & mask).astype(np.int64)


class SubInputs(Inputs):
    """Coordinates start..stop-1 of a parent batch."""

    def __init__(self, parent: Inputs, start: int, stop: int):
        self.parent, self.start = parent, start
        self.arity, self.n_rows = stop - start, parent.n_rows

    def column(self, i: int) -> np.ndarray:
        return self.parent.column(self.start + i)

    def count(self, start: int, stop: int) -> np.ndarray:
        return self.parent.count(self.start + start, self.start + stop)

    def sub(self, start: int, stop: int) -> Inputs:
        return self.parent.sub(self.start + start, self.start + stop)
