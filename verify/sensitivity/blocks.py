"""Sensitive blocks of f at z on the truth table (paper Definition 3.3, docs/notes.md, section 1).

A block B (0-based coordinates) is stored as an integer mask with coordinate i at bit
q-1-i, so that the input z^B has truth-table index index(z) XOR mask(B).
"""

from __future__ import annotations

from functools import cache

from verify.base.lazy import numpy as np
from verify.functions import packed as packing


def bits_to_index(bits) -> int:
    """Truth-table index of x_1...x_q (x_1 most significant)."""
    index = 0
    for bit in bits:
        index = (index << 1) | int(bit)
    return index


def mask_to_block(mask: int, arity: int) -> tuple[int, ...]:
    """The sorted 0-based coordinates of a block mask."""
    return tuple(i for i in range(arity) if (mask >> (arity - 1 - i)) & 1)


def block_to_mask(block, arity: int) -> int:
    """The mask of a block given by 0-based coordinates."""
    return sum(1 << (arity - 1 - i) for i in set(block))


def sensitive_packed(packed: np.ndarray, q: int, z_index: int) -> np.ndarray:
    """The packed family of sensitive blocks: bit m is set iff f(z^m) != f(z).

    The XOR by z is a permutation of positions: for a bit b >= 3 of z it swaps the halves of
    every 2^(b+1)-position group, a reshape of the bytes; the bits b < 3 permute the bits
    inside every byte, one lookup table for all of them.
    """
    value = packing.bit_at(packed, z_index)
    if q < 3:  # fewer than 8 positions: unpacked
        return packing.pack(packing.unpack(packed, q)[np.arange(1 << q) ^ z_index] != value)
    flipped = tuple(q - 1 - b for b in range(3, q) if (z_index >> b) & 1)
    family = packed
    if flipped:  # byte index bit b - 3 is axis q - 1 - b of the (2, ..., 2) view
        family = np.flip(packed.reshape((2,) * (q - 3)), axis=flipped).ravel()
    family = _byte_permutations()[z_index & 7][family]  # also copies
    if value:
        np.invert(family, out=family)
    return family


@cache
def _byte_permutations() -> np.ndarray:
    """[s][v]: the byte v with its eight positions p moved to p XOR s."""
    table = np.zeros((8, 256), dtype=np.uint8)
    for s in range(8):
        for v in range(256):
            out = 0
            for p in range(8):
                if (v >> (7 - p)) & 1:
                    out |= 1 << (7 - (p ^ s))
            table[s, v] = out
    return table


_IN_BYTE_MASKS = (0x55, 0x33, 0x0F)  # positions with bit b = 0, 1, 2 set, in packbits order


def _or_from_subsets(target: np.ndarray, source: np.ndarray, q: int) -> None:
    """For every bit b and every mask m with b set: target[m] |= source[m without b]."""
    for b in range(q):
        if b < 3:
            shift = 1 << b
            target |= (source >> shift) & np.uint8(_IN_BYTE_MASKS[b])
        else:
            view_t = target.reshape(-1, 2, 1 << (b - 3))
            view_s = source.reshape(-1, 2, 1 << (b - 3))
            view_t[:, 1, :] |= view_s[:, 0, :]


def _closure_minimal(family: np.ndarray, q: int) -> np.ndarray:
    """Packed minimal members: sensitive and no proper subset sensitive (subset closures)."""
    closed = family.copy()
    for b in range(q):  # closed[m] = OR of family over all subsets of m
        if b < 3:
            closed |= (closed >> (1 << b)) & np.uint8(_IN_BYTE_MASKS[b])
        else:
            view = closed.reshape(-1, 2, 1 << (b - 3))
            view[:, 1, :] |= view[:, 0, :]
    below = np.zeros_like(family)
    _or_from_subsets(below, closed, q)
    return family & ~below


def packed_positions(packed: np.ndarray, q: int) -> np.ndarray:
    """The positions of the set bits of a packed table, ascending (int64)."""
    nonzero = np.flatnonzero(packed)
    rows, columns = np.nonzero(np.unpackbits(packed[nonzero]).reshape(-1, 8))
    positions = nonzero[rows].astype(np.int64) * 8 + columns
    return positions[positions < (1 << q)]


def minimal_sensitive_masks(table: np.ndarray, z_index: int, method: str = "auto", *,
                            arity: int | None = None) -> np.ndarray:
    """Masks of the inclusion-minimal sensitive blocks, ascending (int64 array).

    `table` is a bool truth table, or a packed one (verify.functions.packed) with its `arity`.
    Level by level (a block is a candidate when all its proper subsets are insensitive)
    while the candidate levels stay small; otherwise by subset closures over all 2^q masks,
    on packed bytes.
    """
    if arity is None:
        arity = table.size.bit_length() - 1
        table = packing.pack(table)
    if method != "closure":
        budget = (1 << arity) if method == "levelwise" else max(4096, (1 << arity) >> 10)
        found = _minimal_levelwise(table, z_index, arity, budget)
        if found is not None:
            return found
    family = sensitive_packed(table, arity, z_index)
    return packed_positions(_closure_minimal(family, arity), arity)


def _minimal_levelwise(packed, z_index: int, arity: int, budget: int) -> np.ndarray | None:
    """Apriori-style enumeration by block size; None once a level exceeds the budget.

    A candidate of size k is a free block of size k - 1 plus a higher bit, all of whose
    (k - 1)-subsets are free (insensitive with only insensitive subsets); membership is
    looked up in the sorted previous level.
    """
    value = packing.bit_at(packed, z_index)
    level = np.zeros(1, dtype=np.int64)
    minimal = []
    bits = np.int64(1) << np.arange(arity, dtype=np.int64)
    while level.size:
        candidates = _extend(level, bits)
        if candidates.size > budget:
            return None
        sensitive = packing.bits_at(packed, candidates ^ z_index) != value
        minimal.append(candidates[sensitive])
        level = np.sort(candidates[~sensitive])
    return np.sort(np.concatenate(minimal)) if minimal else np.zeros(0, dtype=np.int64)


def _extend(level: np.ndarray, bits: np.ndarray) -> np.ndarray:
    """Blocks one larger than a block of `level` (adding a higher bit) whose subsets one
    smaller are all in `level` (which is sorted)."""
    highest = np.zeros(level.size, dtype=np.int64)
    nonzero = level > 0
    highest[nonzero] = np.floor(np.log2(level[nonzero])).astype(np.int64) + 1
    pieces = [level[highest <= b] | bit for b, bit in enumerate(bits)]
    candidates = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64)
    keep = np.ones(candidates.size, dtype=bool)
    for bit in bits:
        inside = (candidates & bit) != 0
        subsets = candidates[inside] ^ bit
        where = np.searchsorted(level, subsets)
        found = where < level.size
        found[found] = level[where[found]] == subsets[found]
        keep[inside] &= found
    return candidates[keep]


def block_sums(masks: np.ndarray, weights, arity: int) -> np.ndarray:
    """sum_{i in B} weights[i] for every block mask (dtype follows the weights)."""
    weights = np.asarray(weights)
    total = np.zeros(masks.size, dtype=weights.dtype)
    for i in range(arity):
        if weights[i]:
            total = total + ((masks >> (arity - 1 - i)) & 1).astype(weights.dtype) * weights[i]
    return total


def mask_sizes(masks: np.ndarray) -> np.ndarray:
    """|B| for every block mask."""
    return np.bitwise_count(masks).astype(np.int64)
