"""Truth tables packed eight positions per byte (docs/notes.md, section 2 order).

A packed table of arity q is a numpy uint8 array of max(1, 2^q / 8) bytes: position j (f at
the input x_1..x_q = j in binary, x_1 most significant) is bit 7 - (j mod 8) of byte j // 8,
numpy's `packbits` order. Tables with q < 3 fill one byte from its top bit; the rest is 0.

Builders never hold one byte per position of the whole table: threshold and symmetric
functions are built *split* (the weighted sum of a position is the sum over its high
coordinates plus the sum over its low coordinates, each table of 2^(q/2) sums built by
doubling), every other function is evaluated in chunks of CHUNK positions and packed.
"""

from __future__ import annotations

from verify.base.lazy import numpy as np

from .inputs import MAX_TABLE_ARITY, TableInputs

CHUNK_BITS = 20  # positions per evaluated chunk: 2^20
ROW_CELLS = 1 << 22  # cells of a (rows x 2^L) comparison block


def n_bytes(q: int) -> int:
    """Bytes of a packed table of arity q."""
    return max(1, (1 << q) >> 3)


def pack(values: np.ndarray) -> np.ndarray:
    """Pack a 0/1 array of 2^q values (truth-table order)."""
    return np.packbits(np.asarray(values, dtype=bool))


def unpack(packed: np.ndarray, q: int) -> np.ndarray:
    """The 2^q values of a packed table as a bool array."""
    return np.unpackbits(packed, count=1 << q).astype(bool)


def bits_at(packed: np.ndarray, positions) -> np.ndarray:
    """The table at the given positions (an int array) as 0/1 uint8."""
    positions = np.asarray(positions, dtype=np.int64)
    return (packed[positions >> 3] >> (7 - (positions & 7)).astype(np.uint8)) & 1


def bit_at(packed: np.ndarray, position: int) -> int:
    """The table at one position."""
    return int(packed[position >> 3] >> (7 - (position & 7))) & 1


def subset_sums(weights) -> np.ndarray:
    """sums[l] = sum of weights[i] over the coordinates i set in l, where weights[0] is the most
    significant coordinate (doubling: each coordinate doubles the table)."""
    sums = np.zeros(1, dtype=np.int64)
    for weight in reversed(list(weights)):
        sums = np.concatenate([sums, sums + weight])
    return sums


def split_point(q: int) -> int:
    """Number of low coordinates L of a split table: at least 3 (one byte per row) when q >= 3."""
    return q if q < 3 else max(3, min(q, (q + 1) // 2 + 2))


def threshold_table(weights, threshold: int) -> np.ndarray:
    """Packed table of [sum_i weights[i] x_i >= threshold] (weights >= 0, ints)."""
    weights = [int(w) for w in weights]
    q = len(weights)
    check_arity(q)
    total = sum(weights)
    if threshold <= 0 or threshold > total:
        return _constant(q, threshold <= 0)
    low_bits = split_point(q)
    low = subset_sums(weights[q - low_bits:])
    high = subset_sums(weights[:q - low_bits])
    return _rows(q, low_bits, lambda rows: low[None, :] >= (threshold - high[rows, None]))


def symmetric_table(values) -> np.ndarray:
    """Packed table of values[|x|] (len(values) = q + 1)."""
    q = len(values) - 1
    check_arity(q)
    lookup = np.asarray(values, dtype=bool)
    low_bits = split_point(q)
    low = subset_sums([1] * low_bits).astype(np.int16)
    high = subset_sums([1] * (q - low_bits)).astype(np.int16)
    return _rows(q, low_bits, lambda rows: lookup[low[None, :] + high[rows, None]])


def chunked_table(function) -> np.ndarray:
    """Packed table of any BooleanFunction, evaluated CHUNK positions at a time."""
    q = function.arity
    check_arity(q)
    size = 1 << q
    step = min(size, 1 << CHUNK_BITS)
    if size <= 8:
        return pack(function.evaluate_batch(TableInputs(q)))
    out = np.empty(size >> 3, dtype=np.uint8)
    for start in range(0, size, step):
        values = function.evaluate_batch(TableInputs(q, start, step))
        out[start >> 3:(start + step) >> 3] = np.packbits(np.asarray(values, dtype=bool))
    return out


def check_arity(q: int) -> None:
    """ValueError above MAX_TABLE_ARITY (callers refuse earlier with a user message)."""
    if q > MAX_TABLE_ARITY:
        raise ValueError(f"a truth table of arity {q} exceeds {MAX_TABLE_ARITY}")


def _constant(q: int, value: bool) -> np.ndarray:
    if q < 3:
        return pack(np.full(1 << q, value))
    return np.full(n_bytes(q), 0xFF if value else 0, dtype=np.uint8)


def _rows(q: int, low_bits: int, block) -> np.ndarray:
    """Assemble a packed table row by row: row h holds the 2^L positions h * 2^L + l."""
    high_rows = 1 << (q - low_bits)
    if q < 3:
        return pack(block(np.arange(1)).ravel())
    out = np.empty(n_bytes(q), dtype=np.uint8).reshape(high_rows, -1)
    step = max(1, ROW_CELLS >> low_bits)
    for start in range(0, high_rows, step):
        rows = np.arange(start, min(high_rows, start + step))
        out[start:start + rows.size] = np.packbits(block(rows), axis=1)
    return out.ravel()
