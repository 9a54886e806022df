"""The committed global census of 5 inputs (bench/census/global-q5.json) against counts made
here by other methods, from the definitions only (no code of verify/):

- s(f) >= k iff some input has at least k sensitive coordinates: the bit-sliced count of
  every function gives the whole s distribution, exactly;
- C(f) <= 2 implies C <= 2 for both restrictions x_5 = 0, 1 (fixing a bit never raises C), so
  the functions with C(f) <= 2 are among the pairs of 4-input functions with C <= 2, and C <= 2
  is "the subcubes of co-dimension <= 2 on which f is constant cover every input";
- bs alike: bs(f) <= 2 iff no input has 3 pairwise disjoint sensitive blocks."""

import json
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

Q5_RESULT = Path(__file__).resolve().parents[2] / "bench" / "census" / "global-q5.json"


def _committed(measure: str) -> dict[int, int]:
    document = json.loads(Q5_RESULT.read_text())["global"][measure]
    return {int(v): int(n) for v, n in document.items()}


def _without_bit(b: int, size: int) -> int:
    return sum(1 << j for j in range(size) if not (j >> b) & 1)


def s_distribution(q: int, chunk: int = 1 << 22) -> dict[int, int]:
    """Global s of every function of q inputs (bit j of a table = the value at input j).
    f and 1 - f have the same sensitive coordinates at every input: only f(0) = 0, doubled."""
    size = 1 << q
    masks = [np.uint32(_without_bit(b, size)) for b in range(q)]
    shifts = [np.uint32(1 << b) for b in range(q)]
    at_least = [0] * (q + 2)
    step = min(chunk, 1 << (size - 1))
    for start in range(0, 1 << size, 2 * step):
        f = np.arange(start, start + 2 * step, 2, dtype=np.uint64).astype(np.uint32)
        counters = [np.zeros_like(f) for _ in range(q + 1)]  # counters[k]: >= k sensitive
        for b in range(q):
            d = f ^ (((f >> shifts[b]) & masks[b]) | ((f & masks[b]) << shifts[b]))
            for k in range(q, 1, -1):
                counters[k] |= counters[k - 1] & d
            counters[1] |= d
        for k in range(1, q + 1):
            at_least[k] += 2 * int(np.count_nonzero(counters[k]))
    at_least[0] = 1 << size
    return {k: at_least[k] - at_least[k + 1] for k in range(q + 1) if at_least[k] > at_least[k + 1]}


def _constant_subcubes(q: int) -> list[int]:
    """The subcubes fixing at most 2 coordinates, as masks of inputs."""
    cubes = []
    for fixed in range(3):
        for coordinates in combinations(range(q), fixed):
            for values in range(1 << fixed):
                cubes.append(sum(1 << j for j in range(1 << q) if all(
                    (j >> c) & 1 == (values >> t) & 1 for t, c in enumerate(coordinates))))
    return cubes


def c_at_most_2(tables: np.ndarray, q: int) -> np.ndarray:
    """C(f) <= 2 per table: every input lies in a subcube of co-dimension <= 2 where f is
    constant (a certificate of size <= 2 is exactly such a subcube)."""
    covered = np.zeros_like(tables)
    for cube in _constant_subcubes(q):
        mask = tables.dtype.type(cube)
        on = tables & mask
        covered |= np.where((on == 0) | (on == mask), mask, tables.dtype.type(0))
    return covered == tables.dtype.type((1 << (1 << q)) - 1)


def _disjoint_triples(q: int) -> list[tuple[int, int, int]]:
    blocks = range(1, 1 << q)
    return [(a, b, c) for a, b, c in combinations(blocks, 3) if not (a & b or a & c or b & c)]


def bs_at_most_2(tables: np.ndarray, q: int) -> np.ndarray:
    """bs(f) <= 2 per table: no input x with 3 pairwise disjoint blocks B, f(x^B) != f(x)."""
    wide, one = tables.astype(np.uint64), np.uint64(1)
    three = np.zeros(len(tables), dtype=bool)
    for x in range(1 << q):
        value = (wide >> np.uint64(x)) & one
        sensitive = [None] + [((wide >> np.uint64(x ^ b)) & one) != value
                              for b in range(1, 1 << q)]
        for a, b, c in _disjoint_triples(q):
            three |= sensitive[a] & sensitive[b] & sensitive[c]
    return ~three


def _pairs_of(small: np.ndarray) -> np.ndarray:
    """Every 5-input table whose halves (input bit 4 = 0, 1) are both in `small`."""
    low, high = np.meshgrid(small, small, indexing="ij")
    return (low.ravel() | (high.ravel() << np.uint32(16))).astype(np.uint32)


def test_the_methods_on_four_inputs_against_closed_counts():
    """q <= 4: 2 constants (0), 2q literals (1); the other numbers are those of a separate
    brute force from the definitions over all 2^(2^q) functions (s at every input by flipping
    each bit; C by trying every set of fixed coordinates, smallest first)."""
    assert s_distribution(2) == {0: 2, 1: 4, 2: 10}
    assert s_distribution(3) == {0: 2, 1: 6, 2: 110, 3: 138}
    assert s_distribution(4) == {0: 2, 1: 8, 2: 692, 3: 28328, 4: 36506}
    small = c_at_most_2(np.arange(1 << 16, dtype=np.uint32), 4)
    assert int(small.sum()) == 2 + 8 + 668
    assert int(bs_at_most_2(np.arange(1 << 16, dtype=np.uint32), 4).sum()) == 2 + 8 + 668


def test_a_wrong_count_is_caught():
    """The s count with one coordinate left out gives other numbers (the check can fail)."""
    assert s_distribution(3) != {0: 2, 1: 6, 2: 110, 3: 137}
    assert not c_at_most_2(np.array([0b10010110], dtype=np.uint32), 3)[0]  # parity: C = 3
    assert c_at_most_2(np.array([0b11100100], dtype=np.uint32), 3)[0]  # a multiplexer: C = 2
    assert not bs_at_most_2(np.array([0b10010110], dtype=np.uint32), 3)[0]  # parity: bs = 3
    assert bs_at_most_2(np.array([0b11100100], dtype=np.uint32), 3)[0]


@pytest.mark.parametrize("measure, at_most_2", [("C", c_at_most_2), ("bs", bs_at_most_2)])
def test_committed_functions_with_c_or_bs_at_most_2(measure, at_most_2):
    every4 = np.arange(1 << 16, dtype=np.uint32)
    small = np.flatnonzero(at_most_2(every4, 4)).astype(np.uint32)
    count = int(at_most_2(_pairs_of(small), 5).sum())
    committed = _committed(measure)
    assert count == committed[0] + committed[1] + committed[2] == 2352


@pytest.mark.slow
def test_committed_s_distribution_by_bit_sliced_count():
    """All 2^32 functions (2^31 walked): about a minute of CPU."""
    assert s_distribution(5) == _committed("s")
