"""Truth tables as bitsets: a Python int whose bit j is position j of the table.

Position j holds f(x) where x_1..x_q is j in binary, x_1 most significant (docs/notes.md, section 2),
so coordinate i (0-based) is bit q-1-i of the position.  Every helper below is a short
sequence of big-int operations on whole tables.
"""

from __future__ import annotations


def tile(pattern: int, period: int, size: int) -> int:
    """Repeat a pattern of `period` bits until it covers `size` bits (size/period a power of 2)."""
    length = period
    while length < size:
        pattern |= pattern << length
        length <<= 1
    return pattern


def bit_high(b: int, size: int) -> int:
    """Positions j < size whose bit b is 1."""
    half = 1 << b
    return tile(((1 << half) - 1) << half, 2 * half, size)


def variables(q: int) -> list[int]:
    """The bitsets of x_1..x_q over the 2^q positions (x_i is bit q-i of the position)."""
    return [bit_high(q - 1 - i, 1 << q) for i in range(q)]


def add_weighted(planes: list[int], x: int, weight: int) -> None:
    """Add weight*x (weight >= 0) to a bit-sliced counter, where planes[k] holds bit k of the
    count at every position: one ripple-carry pass, at most 6 operations per plane."""
    carry, level = 0, 0
    while weight or carry:
        if level == len(planes):
            planes.append(0)
        plane = planes[level]
        if weight & 1:
            total = plane ^ x
            carry, planes[level] = (plane & x) | (carry & total), total ^ carry
        else:
            carry, planes[level] = plane & carry, plane ^ carry
        weight >>= 1
        level += 1


def at_least(planes: list[int], threshold: int, full: int) -> int:
    """Positions whose count is >= threshold (MSB-first comparator)."""
    if threshold <= 0:
        return full
    if threshold >> len(planes):
        return 0
    greater, equal = 0, full
    for level in range(len(planes) - 1, -1, -1):
        plane = planes[level]
        if (threshold >> level) & 1:
            equal &= plane
        else:
            greater |= equal & plane
            equal ^= equal & plane
    return greater | equal


def equal_to(planes: list[int], value: int, full: int) -> int:
    """Positions whose count equals value."""
    if value < 0 or value >> len(planes):
        return 0
    equal = full
    for level, plane in enumerate(planes):
        equal = equal & plane if (value >> level) & 1 else equal ^ (equal & plane)
    return equal


def mux(selectors: list[int], leaves: list[int]) -> int:
    """leaves[a] at every position where the selectors, read as a binary number with
    selectors[0] most significant, equal a.  len(leaves) == 2^len(selectors)."""
    return _mux(selectors, 0, leaves, 0, len(leaves))


def _mux(selectors: list[int], depth: int, leaves: list[int], start: int, count: int) -> int:
    if count == 1:
        return leaves[start]
    half = count // 2
    low = _mux(selectors, depth + 1, leaves, start, half)
    high = _mux(selectors, depth + 1, leaves, start + half, half)
    if low == high:
        return low
    return low ^ (selectors[depth] & (low ^ high))


def xor_permute(table: int, shift: int, q: int) -> int:
    """The table g with g[j] = table[j XOR shift] (flipping coordinates at every position)."""
    size = 1 << q
    for b in range(q):
        if (shift >> b) & 1:
            width = 1 << b
            low = ((1 << size) - 1) ^ bit_high(b, size)
            table = ((table & low) << width) | ((table >> width) & low)
    return table


def fold_out(table: int, bit_positions: list[int]) -> int:
    """Existential projection: afterwards, every position whose listed bits are all 0 holds
    the OR of the table over all settings of those bits (other positions are garbage)."""
    for b in bit_positions:
        table |= table >> (1 << b)
    return table


def to_lookup(table: int, q: int) -> bytes:
    """The table as little-endian bytes, for O(1) bit tests with `test`."""
    return table.to_bytes(max(1, (1 << q) // 8), "little")


def test(lookup: bytes, position: int) -> int:
    """Bit `position` of a table converted by `to_lookup`."""
    return (lookup[position >> 3] >> (position & 7)) & 1
