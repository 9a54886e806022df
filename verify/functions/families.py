"""Boolean functions f: {0,1}^q -> {0,1} with one evaluation interface (paper Section 3.3).

Every function evaluates a batch of inputs column-wise (`verify.functions.inputs`); a point
evaluation and the truth table (docs/notes.md, section 2 order) are derived from that. Truth
tables are built packed, eight positions per byte (`verify.functions.packed`), directly for
thresholds, symmetric functions and stored tables, in chunks for everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from verify.base.errors import BadInput, TooLarge
from verify.base.lazy import numpy as np

from . import packed as packing
from .bits import parse_runs, point_array, points_matrix
from .inputs import MAX_TABLE_ARITY, Inputs, MatrixInputs, TableInputs
from .weight_values import WeightValues


def _short(spec: str) -> str:
    """A spec cut to 60 characters for a message."""
    return spec if len(spec) <= 60 else spec[:57] + "..."


class BooleanFunction:
    """Base class: subclasses set `arity` and `spec` and implement `evaluate_batch`."""

    arity: int
    spec: str

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        """f on every input of the batch, as a bool array."""
        raise NotImplementedError

    def __call__(self, x) -> int:
        """f(x) for one input x_1..x_q: a bit string as on the command line ('0110',
        '1^3,0^2', @FILE) or a tuple, list or 1-D numpy array of 0/1; BadInput otherwise
        (verify.functions.bits.point_array)."""
        point = point_array(x, self.arity, _short(self.spec))
        return int(self.evaluate_batch(MatrixInputs(point.reshape(-1, 1)))[0])

    def evaluate_many(self, points) -> np.ndarray:
        """f on each input of a batch: a 2-D 0/1 array of shape (n, q), or a list of inputs in
        any form `__call__` accepts."""
        matrix = points_matrix(points, self.arity, _short(self.spec))
        return self.evaluate_batch(MatrixInputs(matrix.T))

    def truth_table(self) -> np.ndarray:
        """The 2^q values of f in truth-table order, as a bool array."""
        return packing.unpack(self.packed_table(), self.arity)

    def packed_table(self) -> np.ndarray:
        """The truth table packed eight positions per byte (verify.functions.packed)."""
        self.require_table()
        return packing.chunked_table(self)

    def require_table(self) -> None:
        """TooLarge above MAX_TABLE_ARITY, before anything is allocated."""
        if self.arity > MAX_TABLE_ARITY:
            raise TooLarge(f"{self.spec}: arity {self.arity} is too large for a truth table "
                           f"(at most {MAX_TABLE_ARITY})")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec} (q={self.arity})>"


@dataclass(frozen=True, repr=False)
class Symmetric(BooleanFunction):
    """f(x) = values[|x|]: covers and, or, parity, maj, thr and sym specs (values compact,
    verify.functions.weight_values)."""

    values: WeightValues
    spec: str

    @property
    def arity(self) -> int:
        return len(self.values) - 1

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        table = np.fromiter(self.values, dtype=bool, count=self.arity + 1)
        return table[inputs.count(0, self.arity)]

    def __call__(self, x) -> int:
        """f(x) = V(|x|); a bit string is read as runs (never expanded)."""
        if isinstance(x, str):
            return self.values[parse_runs(x, self.arity).weight]
        return super().__call__(x)

    def packed_table(self) -> np.ndarray:
        self.require_table()
        return packing.symmetric_table(tuple(self.values))


@dataclass(frozen=True, repr=False)
class WeightedThreshold(BooleanFunction):
    """f(x) = 1 iff sum_i weights_i x_i >= threshold (integer weights >= 0)."""

    weights: tuple[int, ...]
    threshold: int
    spec: str

    @property
    def arity(self) -> int:
        return len(self.weights)

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        kind = object if self._big() else np.int64
        total = np.zeros(inputs.n_rows, dtype=kind)
        for i, weight in enumerate(self.weights):
            if weight:
                total = total + inputs.column(i).astype(kind) * weight
        return np.asarray(total >= self.threshold, dtype=bool)

    def _big(self) -> bool:
        return sum(self.weights) >= 2**62 or abs(self.threshold) >= 2**62

    def packed_table(self) -> np.ndarray:
        self.require_table()
        if self._big():
            return packing.chunked_table(self)
        return packing.threshold_table(self.weights, self.threshold)


@dataclass(frozen=True, repr=False)
class Index(BooleanFunction):
    """index:K: output x_{K+1+a} where a = x_1..x_K read in binary, x_1 most significant."""

    address_bits: int
    spec: str

    @property
    def arity(self) -> int:
        return self.address_bits + (1 << self.address_bits)

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        k = self.address_bits
        address = np.zeros(inputs.n_rows, dtype=np.int64)
        for i in range(k):
            address = (address << 1) | inputs.column(i)
        out = np.zeros(inputs.n_rows, dtype=bool)
        for a in range(1 << k):
            out |= (address == a) & inputs.column(k + a)
        return out


@dataclass(frozen=True, repr=False)
class Tribes(BooleanFunction):
    """tribes:W:S: the OR of S ANDs of W consecutive bits."""

    width: int
    tribes: int
    spec: str

    @property
    def arity(self) -> int:
        return self.width * self.tribes

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        out = np.zeros(inputs.n_rows, dtype=bool)
        for s in range(self.tribes):
            out |= inputs.count(s * self.width, (s + 1) * self.width) == self.width
        return out


@dataclass(frozen=True, repr=False)
class TruthTable(BooleanFunction):
    """f given by its truth table (docs/notes.md, section 2 order), stored packed
    (verify.functions.packed)."""

    packed: np.ndarray = field(compare=False)
    n_inputs: int
    spec: str

    @classmethod
    def from_values(cls, values, spec: str) -> "TruthTable":
        """From 2^q values in truth-table order (a 0/1 or bool array)."""
        values = np.asarray(values, dtype=bool)
        return cls(packing.pack(values), values.size.bit_length() - 1, spec)

    @classmethod
    def from_bits(cls, bits: str, spec: str) -> "TruthTable":
        """From a string of 0/1 characters (position j = character j)."""
        return cls.from_values(np.frombuffer(bits.encode("ascii"), dtype=np.uint8) == ord("1"),
                               spec)

    @classmethod
    def from_int(cls, value: int, arity: int, spec: str) -> "TruthTable":
        """From the table read as a 2^arity-bit binary number (position 0 most significant)."""
        length = 1 << arity
        if length < 8:
            return cls(np.array([value << (8 - length)], dtype=np.uint8), arity, spec)
        return cls(np.frombuffer(value.to_bytes(length // 8, "big"), dtype=np.uint8), arity, spec)

    @property
    def arity(self) -> int:
        return self.n_inputs

    @property
    def table(self) -> np.ndarray:
        """The table as a bool array (2^q bytes; `packed` is the compact form)."""
        return self.values()

    def to_hex_spec(self) -> str:
        """The equivalent `tt:0xHEX:Q` spec."""
        if self.arity < 3:
            return f"tt:0x{int(self.packed[0]) >> (8 - (1 << self.arity)):x}:{self.arity}"
        return f"tt:0x{self.packed.tobytes().hex()}:{self.arity}"

    def values(self) -> np.ndarray:
        """The table as a bool array."""
        return packing.unpack(self.packed, self.arity)

    def packed_table(self) -> np.ndarray:
        return self.packed

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        if isinstance(inputs, TableInputs):
            start, count = inputs.start, inputs.n_rows
            if start % 8 == 0 and count % 8 == 0:
                return np.unpackbits(self.packed[start >> 3:(start + count) >> 3]).astype(bool)
            return self.values()[start:start + count]
        index = np.zeros(inputs.n_rows, dtype=np.int64)
        for i in range(self.arity):
            index = (index << 1) | inputs.column(i)
        return packing.bits_at(self.packed, index).astype(bool)


# A formula is a nested tuple: ("var", i) with 0-based i, ("const", b), ("not", a),
# ("and", a, b, ...), ("or", ...), ("xor", ...).
Formula = tuple


@dataclass(frozen=True, repr=False)
class Circuit(BooleanFunction):
    """f given by a formula over x_1..x_q (the `expr:` specs)."""

    n_vars: int
    formula: Formula
    spec: str

    @property
    def arity(self) -> int:
        return self.n_vars

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        return evaluate_formula(self.formula, inputs)


def evaluate_formula(node: Formula, inputs: Inputs) -> np.ndarray:
    """The formula's value on every input of the batch."""
    op = node[0]
    if op == "var":
        return inputs.column(node[1])
    if op == "const":
        return np.full(inputs.n_rows, bool(node[1]))
    values = [evaluate_formula(child, inputs) for child in node[1:]]
    if op == "not":
        return ~values[0]
    combine = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}[op]
    return combine.reduce(values)


@dataclass(frozen=True, repr=False)
class Cnf(BooleanFunction):
    """f(x) = 1 iff x satisfies the clauses (DIMACS literals: +v is x_v, -v its negation)."""

    n_vars: int
    clauses: tuple[tuple[int, ...], ...]
    spec: str
    text: str = field(default="", compare=False)  # the DIMACS source, embedded in certificates

    @property
    def arity(self) -> int:
        return self.n_vars

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        out = np.ones(inputs.n_rows, dtype=bool)
        for clause in self.clauses:
            satisfied = np.zeros(inputs.n_rows, dtype=bool)
            for literal in clause:
                column = inputs.column(abs(literal) - 1)
                satisfied |= column if literal > 0 else ~column
            out &= satisfied
        return out


@dataclass(frozen=True, repr=False)
class Composition(BooleanFunction):
    """compose(OUTER; INNER_1; ...; INNER_k): inner functions read consecutive input blocks."""

    outer: BooleanFunction
    inners: tuple[BooleanFunction, ...]
    spec: str

    @property
    def arity(self) -> int:
        return sum(inner.arity for inner in self.inners)

    def offsets(self) -> list[int]:
        """Start coordinate of each inner function's block."""
        starts, position = [], 0
        for inner in self.inners:
            starts.append(position)
            position += inner.arity
        return starts

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        rows = [inner.evaluate_batch(inputs.sub(start, start + inner.arity))
                for inner, start in zip(self.inners, self.offsets())]
        return self.outer.evaluate_batch(MatrixInputs(np.vstack(rows)))


class CallableFunction(BooleanFunction):
    """f given by a Python callable on a tuple of q bits (evaluated point by point)."""

    def __init__(self, fn: Callable[[tuple[int, ...]], object], arity: int, name: str = ""):
        if not isinstance(arity, int) or arity < 1:
            raise BadInput(f"a callable needs an explicit arity >= 1, got {arity!r}")
        self.fn, self.arity = fn, arity
        self.spec = name or f"callable:{getattr(fn, '__name__', 'f')}:{arity}"

    def evaluate_batch(self, inputs: Inputs) -> np.ndarray:
        columns = np.vstack([inputs.column(i) for i in range(self.arity)]).T
        return np.fromiter((self._bit(tuple(int(b) for b in row)) for row in columns),
                           dtype=bool, count=inputs.n_rows)

    def _bit(self, x: tuple[int, ...]) -> bool:
        """fn(x), which must be 0, 1, True or False (a numpy bool or integer too); never
        coerced with bool(): "0", None, 2 or 0.5 is BadInput naming the input."""
        value = self.fn(x)
        if isinstance(value, (bool, int, np.bool_, np.integer)) and value in (0, 1):
            return bool(value)
        raise BadInput(f"{self.spec} returned {value!r:.40} at {''.join(map(str, x))} "
                       "(a Boolean function returns 0, 1, True or False)")


def embedded_files(function: BooleanFunction) -> dict[str, str]:
    """DIMACS sources of the cnf: specs inside a function, keyed by path."""
    if isinstance(function, Cnf):
        return {function.spec[len("cnf:"):]: function.text}
    if isinstance(function, Composition):
        files = embedded_files(function.outer)
        for inner in function.inners:
            files.update(embedded_files(inner))
        return files
    return {}
