"""Sensitive blocks of f at z on the truth table (paper Definition 3.3, docs/notes.md, section 1).

A block B (0-based coordinates) is stored as an integer mask with coordinate i at bit
q-1-i, so that the input z^B has truth-table index index(z) XOR mask(B).
"""

from __future__ import annotations

import numpy as np


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


def sensitive_mask_table(table: np.ndarray, z_index: int) -> np.ndarray:
    """sensitive[m] is True iff the block with mask m is sensitive at z."""
    flipped = table[np.arange(table.size, dtype=np.int64) ^ z_index]
    return flipped != table[z_index]


def _or_over_subsets(flags: np.ndarray, arity: int, strict: bool) -> np.ndarray:
    """For every mask m: OR of flags over the subsets of m (proper subsets if strict)."""
    closed = flags.copy()
    for bit in range(arity):
        view = closed.reshape(-1, 2, 1 << bit)
        view[:, 1, :] |= view[:, 0, :]
    if not strict:
        return closed
    below = np.zeros_like(flags)
    for bit in range(arity):
        target, source = below.reshape(-1, 2, 1 << bit), closed.reshape(-1, 2, 1 << bit)
        target[:, 1, :] |= source[:, 0, :]
    return below


def minimal_sensitive_masks(table: np.ndarray, z_index: int, method: str = "auto") -> np.ndarray:
    """Masks of the inclusion-minimal sensitive blocks, ascending (int64 array).

    Level by level (a block is a candidate when all its proper subsets are insensitive)
    while the candidate levels stay small; otherwise by subset closures over all 2^q masks.
    """
    arity = table.size.bit_length() - 1
    if method != "closure":
        budget = table.size if method == "levelwise" else max(4096, table.size >> 6)
        found = _minimal_levelwise(table, z_index, arity, budget)
        if found is not None:
            return found
    sensitive = sensitive_mask_table(table, z_index)
    has_smaller = _or_over_subsets(sensitive, arity, strict=True)
    return np.flatnonzero(sensitive & ~has_smaller).astype(np.int64)


def _minimal_levelwise(table, z_index: int, arity: int, budget: int) -> np.ndarray | None:
    """Apriori-style enumeration by block size; None once a level exceeds the budget."""
    value = table[z_index]
    free = np.zeros(table.size, dtype=bool)  # insensitive blocks whose subsets are all free
    free[0] = True
    level = np.zeros(1, dtype=np.int64)
    minimal = []
    bits = np.int64(1) << np.arange(arity, dtype=np.int64)
    while level.size:
        candidates = _extend(level, bits, free)
        if candidates.size * arity > budget * 8:
            return None
        sensitive = table[candidates ^ z_index] != value
        minimal.append(candidates[sensitive])
        level = candidates[~sensitive]
        free[level] = True
    return np.sort(np.concatenate(minimal)) if minimal else np.zeros(0, dtype=np.int64)


def _extend(level: np.ndarray, bits: np.ndarray, free: np.ndarray) -> np.ndarray:
    """Blocks one larger than a free block (adding a higher bit) whose subsets are all free."""
    highest = np.zeros(level.size, dtype=np.int64)
    nonzero = level > 0
    highest[nonzero] = np.floor(np.log2(level[nonzero])).astype(np.int64) + 1
    pieces = [level[highest <= b] | bit for b, bit in enumerate(bits)]
    candidates = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64)
    keep = np.ones(candidates.size, dtype=bool)
    for bit in bits:
        inside = (candidates & bit) != 0
        keep[inside] &= free[candidates[inside] ^ bit]
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
