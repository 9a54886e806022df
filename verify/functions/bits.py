"""Input bit strings x_1...x_q (docs/notes.md, section 2): plain, run-length or read from a file.

`parse_bits` expands an input to a tuple of bits (what the table and solver methods need);
`parse_runs` keeps it as given (`BitRuns`: the runs of equal bits, never one object per bit),
which is all the symmetric method needs for inputs of up to 10^8 bits.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate, cycle

from verify.base.errors import BadInput
from verify.base.files import read_source
from verify.base.lazy import numpy as np

MAX_BITS = 10**8
_RUN = re.compile(r"([01])\^([0-9]{1,9})")


def parse_bits(text: str, arity: int | None = None) -> tuple[int, ...]:
    """Parse `0110`, a run-length form `1^600000,0^400001`, `@FILE` or `@-` (stdin)."""
    runs = parse_runs(text, arity)
    return tuple(runs.bits().encode("ascii").translate(_VALUES))


@dataclass(frozen=True)
class BitRuns:
    """An input x_1..x_q as given: plain bits (`runs` None), or run-length with its runs of
    equal bits as (bit, count) pairs, in order."""

    text: str  # after @FILE and whitespace removal: plain bits or run-length
    runs: tuple[tuple[int, int], ...] | None = None
    length: int = 0
    weight: int = 0  # the number of ones
    canonical: bool = field(default=False, compare=False)  # text is its own run_length()

    def bits(self) -> str:
        """The plain bit string (expanded)."""
        if self.runs is None:
            return self.text
        return "".join(str(bit) * count for bit, count in self.runs)

    def run_length(self) -> str:
        """The run-length form `1^3,0^2` (docs/notes.md, section 2)."""
        if self.runs is None:
            return run_length_text(self.text)
        if self.canonical:
            return self.text
        return ",".join(f"{bit}^{count}" for bit, count in self.runs)

    def certificate_text(self) -> str:
        """z as a certificate writes it: the run-length form, unless z was given as plain
        bits, has more than PLAIN_IF_LONGER bits and more than q/4 runs (then its run-length
        form, at least 4 characters a run, would be no shorter than the bits)."""
        if self.runs is None and self.length > PLAIN_IF_LONGER and \
                4 * count_runs(self.text) > self.length:
            return self.text
        return self.run_length()

    def bit(self, index: int) -> int:
        """x_{index+1}."""
        if self.runs is None:
            return int(self.text[index] == "1")
        for bit, count in self.runs:
            if index < count:
                return bit
            index -= count
        raise IndexError("coordinate out of range")


def parse_runs(text: str, arity: int | None = None) -> BitRuns:
    """Like parse_bits, but keeps the runs (no per-bit object for run-length inputs)."""
    if not isinstance(text, str):
        raise BadInput("the input must be a string of bits")
    if text.startswith("@"):
        text = read_source(text[1:], "input bits", 2 * MAX_BITS)
    text = "".join(text.split())
    if "^" in text:
        found = _runs_of_run_length(text)
    else:
        ones = plain_weight(text)
        if ones is None:
            raise BadInput(f"input {text[:40]!r} is not a string of 0s and 1s")
        if len(text) > MAX_BITS:
            raise BadInput(f"input longer than {MAX_BITS} bits")
        found = BitRuns(text, None, len(text), ones)
    if arity is not None and found.length != arity:
        raise BadInput(f"input has {found.length} bits but the function has arity {arity}")
    return found


PLAIN_IF_LONGER = 1000


def plain_weight(text: str) -> int | None:
    """The number of ones of a non-empty string of 0s and 1s, None for any other string:
    one bytes.translate deletion and one bytes.count (well under 1 ms per 10^6 bits, and no
    numpy: the symmetric path starts without it)."""
    if not text or not text.isascii():
        return None
    data = text.encode("ascii")
    if data.translate(None, b"01"):
        return None
    return data.count(b"1")


def count_runs(bits: str) -> int:
    """The number of runs of equal bits in a plain bit string: one more than the number of
    positions where the next bit differs, i.e. the occurrences of "01" and of "10" (neither
    pattern can overlap itself, so str.count finds them all; no numpy)."""
    if not bits:
        return 0
    return bits.count("01") + bits.count("10") + 1


def bits_display(bits: str, width: int = 200) -> str:
    """A bit string for a terminal: the plain string or its run-length form (the form every
    command reads back, such as 0^33,1^33,0^33), whichever is shorter; a form longer than
    `width` is cut at a run boundary and says what it left out (never cut silently)."""
    if set(bits) - {"0", "1"}:
        raise ValueError("bits_display takes a plain bit string")
    runs = run_length_text(bits) if len(bits) > 16 else bits
    shown = bits if len(bits) <= len(runs) else runs
    if len(shown) <= width:
        return shown
    cut = shown.rfind(",", 0, width) if shown is runs else width
    kept = shown[:max(cut, 1)]
    rest = (f"+{shown.count(',') - kept.count(',')} more runs" if shown is runs
            else f"+{len(bits) - len(kept)} more bits")
    return f"{kept}, ... ({rest}; {len(bits)} bits in all, the whole input in --json)"


NUMPY_FROM = 1 << 14  # inputs (bits or runs) up to this size are read without numpy
_PLAIN_RUN = re.compile(r"0+|1+")


def run_length_text(bits: str) -> str:
    """The run-length form of a plain bit string, with array operations for the run
    boundaries and one C-level join for the text (no per-bit Python object)."""
    if not bits:
        return ""
    if len(bits) <= NUMPY_FROM:
        lengths = [len(run) for run in _PLAIN_RUN.findall(bits)]
    else:
        data = np.frombuffer(bits.encode("ascii"), dtype=np.uint8)
        starts = np.flatnonzero(data[1:] != data[:-1]) + 1
        lengths = np.diff(np.concatenate(([0], starts, [len(data)]))).tolist()
    first, other = ("1^", "0^") if bits[0] == "1" else ("0^", "1^")
    return ",".join(map(str.__add__, cycle((first, other)), map(str, lengths)))


_RUNS = re.compile(r"(?:[01]\^[0-9]{1,9},)*+[01]\^[0-9]{1,9}")  # a whole run-length text
_SEPARATORS = str.maketrans("^,", "  ")
_LEADING_ZERO = re.compile(r"\^0[0-9]")


def _runs_of_run_length(text: str) -> BitRuns:
    """The runs of a run-length text, adjacent runs of one bit merged and empty runs
    dropped: one regular-expression match validates the text, numpy reads its numbers
    (bit, count, bit, count, ...). A text already in that form (no empty run, bits
    alternating, no leading zero) is kept as its own `run_length()`."""
    if not _RUNS.fullmatch(text):
        bad = next((part for part in text.split(",") if not _RUN.fullmatch(part)), text)
        raise BadInput(f"run-length input part {bad[:40]!r} is not of the form B^COUNT "
                       "(COUNT at most 9 digits)")
    bits, counts, length, weight, clean = _run_numbers(text)
    if length > MAX_BITS:
        raise BadInput(f"input longer than {MAX_BITS} bits")
    if not clean:
        return BitRuns(text, _merged_runs(bits, counts, text), length, weight)
    canonical = _LEADING_ZERO.search(text) is None
    return BitRuns(text, tuple(zip(bits, counts)), length, weight, canonical)


def _run_numbers(text: str) -> tuple[list[int], list[int], int, int, bool]:
    """A validated run-length text's bits, counts, length, weight, and whether it is clean
    (no empty run, bits alternating): by int() on the split text for up to NUMPY_FROM runs,
    by numpy beyond (no per-run Python work on long inputs)."""
    if text.count(",") < NUMPY_FROM:
        numbers = list(map(int, text.translate(_SEPARATORS).split()))
        bits, counts = numbers[0::2], numbers[1::2]
        weight = sum(count for bit, count in zip(bits, counts) if bit)
        clean = all(counts) and all(a != b for a, b in zip(bits, bits[1:]))
        return bits, counts, sum(counts), weight, clean
    numbers = np.fromstring(text.translate(_SEPARATORS), dtype=np.int64, sep=" ")
    if len(numbers) != 2 * (text.count(",") + 1):
        raise AssertionError(f"run-length text {text[:40]!r} read as {len(numbers)} numbers")
    bits, counts = numbers[0::2], numbers[1::2]
    length = int(counts.sum())  # at most 10^9 per run: no int64 overflow below 9 * 10^9 runs
    weight = int(counts[bits == 1].sum())
    clean = bool(counts.all()) and not (bits[1:] == bits[:-1]).any()
    return bits.tolist(), counts.tolist(), length, weight, clean


def _merged_runs(bits: list[int], counts: list[int], text: str) -> tuple[tuple[int, int], ...]:
    runs: list[tuple[int, int]] = []
    for bit, count in zip(bits, counts):
        if count:
            if runs and runs[-1][0] == bit:
                runs[-1] = (bit, runs[-1][1] + count)
            else:
                runs.append((bit, count))
    if not runs:
        raise BadInput(f"input {text[:40]!r} has no bits")
    return tuple(runs)


class PerBit(Sequence):
    """A vector with one value on the ones of an input and another on its zeros (the dual
    and Bob's p of a symmetric function), stored as two values and the input's runs."""

    def __init__(self, runs: BitRuns, on_zeros, on_ones):
        self.input, self.on_zeros, self.on_ones = runs, on_zeros, on_ones
        self._ends: list[int] | None = None  # the runs' end positions, on the first lookup

    def __len__(self) -> int:
        return self.input.length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("coordinate out of range")
        if self.input.runs is None:
            bit = self.input.text[index] == "1"
        else:
            if self._ends is None:
                self._ends = list(accumulate(count for _, count in self.input.runs))
            bit = self.input.runs[bisect_right(self._ends, index)][0]
        return self.on_ones if bit else self.on_zeros

    def __iter__(self):
        if self.input.runs is None:
            for char in self.input.text:
                yield self.on_ones if char == "1" else self.on_zeros
            return
        for bit, count in self.input.runs:
            value = self.on_ones if bit else self.on_zeros
            for _ in range(count):
                yield value

    def __eq__(self, other) -> bool:
        if isinstance(other, PerBit) and self.input == other.input:
            return (self.on_zeros, self.on_ones) == (other.on_zeros, other.on_ones)
        return isinstance(other, Sequence) and len(other) == len(self) and all(
            a == b for a, b in zip(self, other))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PerBit(ones={self.on_ones!r}, zeros={self.on_zeros!r}, input={self.input.text[:40]!r})"


POINT_FORMS = ("a bit string ('0110', run-length '1^3,0^2' or @FILE, as on the command line) "
               "or a tuple, list or 1-D numpy array of 0/1")


def point_array(x, arity: int, where: str = "") -> "np.ndarray":
    """One input x_1..x_q in any form a Boolean function accepts, as a bool array of length
    `arity`: the bit strings of the command line (`parse_runs`), or a tuple, list or 1-D numpy
    array whose entries are integers or bools equal to 0 or 1. BadInput for anything else
    (floats, other values, other lengths, other types): never a silent conversion."""
    prefix = f"{where}: " if where else ""
    if isinstance(x, str):
        bits = parse_runs(x, arity).bits()
        return np.frombuffer(bits.encode("ascii"), dtype=np.uint8) == ord("1")
    if isinstance(x, (list, tuple)):
        if len(x) != arity:
            raise BadInput(f"{prefix}input has {len(x)} bits but the function has arity {arity}")
        try:
            x = np.asarray(x)
        except (ValueError, TypeError):
            raise BadInput(f"{prefix}the input is not a flat sequence of 0/1") from None
    elif not isinstance(x, np.ndarray):
        raise BadInput(f"{prefix}cannot read a {type(x).__name__} as an input: give {POINT_FORMS}")
    if x.ndim != 1:
        raise BadInput(f"{prefix}the input must be one-dimensional, got shape {x.shape}")
    if x.shape[0] != arity:
        raise BadInput(f"{prefix}input has {x.shape[0]} bits but the function has arity {arity}")
    return _zero_one(x, prefix)


def as_bits(x, arity: int, where: str = "") -> tuple[int, ...]:
    """`point_array` as a tuple of ints 0/1 (what the table and solver methods take)."""
    if isinstance(x, str):
        return parse_bits(x, arity)
    return tuple(point_array(x, arity, where).astype(int).tolist())


def points_matrix(points, arity: int, where: str = "") -> "np.ndarray":
    """A batch of inputs as an (n, arity) bool matrix: a 2-D numpy array of 0/1 (integers or
    bools), or a tuple or list of inputs each in a form `point_array` accepts."""
    prefix = f"{where}: " if where else ""
    if isinstance(points, np.ndarray):
        if points.ndim != 2 or points.shape[1] != arity:
            raise BadInput(f"{prefix}a batch of inputs must have shape (n, {arity}), "
                           f"got {points.shape}")
        return _zero_one(points, prefix)
    if isinstance(points, (list, tuple)):
        rows = [point_array(point, arity, where) for point in points]
        return np.vstack(rows) if rows else np.zeros((0, arity), dtype=bool)
    raise BadInput(f"{prefix}cannot read a {type(points).__name__} as a batch of inputs: give a "
                   "2-D numpy array of 0/1 or a list of inputs")


def _zero_one(array: "np.ndarray", prefix: str) -> "np.ndarray":
    """The array as bools if every entry is an integer or bool 0 or 1, else BadInput (a
    masked array with a masked entry too: a bit it hides is not a bit given)."""
    if isinstance(array, np.ma.MaskedArray):
        if np.ma.getmaskarray(array).any():
            raise BadInput(f"{prefix}the input is a masked array with masked entries: give "
                           "every bit")
        array = np.ma.getdata(array)
    if array.dtype.kind not in "biu":
        raise BadInput(f"{prefix}input entries must be 0 or 1 (integers or bools), "
                       f"got dtype {array.dtype}")
    if array.dtype.kind != "b" and not ((array == 0) | (array == 1)).all():
        bad = array[(array != 0) & (array != 1)].flat[0]
        raise BadInput(f"{prefix}input entries must be 0 or 1, got {int(bad)}")
    return array.astype(bool)


def format_bits(bits) -> str:
    """The bit string x_1...x_q."""
    return bytes(bits).translate(_DIGITS).decode("ascii")


_VALUES = bytes.maketrans(b"01", b"\x00\x01")
_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
