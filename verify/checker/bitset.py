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


def weighted_at_least(costs: list[tuple[int, int]], threshold: int, q: int) -> int:
    """Positions p < 2^q with sum_i costs[i][x_i(p)] >= threshold, where x_i(p) is coordinate i
    (bit q-1-i of p) and costs[i] = (cost if x_i = 0, cost if x_i = 1).

    Split in the middle: the sum of a position is a sum over its high coordinates plus a sum
    over its low ones. Row h (the 2^L positions h * 2^L + l) is the set of low positions l
    whose low sum is >= threshold - high[h]; rows are built once per distinct threshold and
    joined as bytes. Work: O(2^q / 8) bytes and O(2^(q/2) log) steps, no per-position loop.
    """
    low_bits = q if q < 3 else max(3, (q + 1) // 2)
    high = _position_sums(costs[:q - low_bits])
    low = _position_sums(costs[q - low_bits:])
    rows = _rows_at_least(low, {threshold - h for h in high})
    if q < 3:
        return rows[threshold]
    width = (1 << low_bits) >> 3
    return int.from_bytes(b"".join(rows[threshold - h].to_bytes(width, "little") for h in high),
                          "little")


def _position_sums(costs: list[tuple[int, int]]) -> list[int]:
    """sums[p] = sum_i costs[i][bit of p for coordinate i], costs[0] the most significant."""
    sums = [0]
    for zero, one in reversed(costs):
        sums = [s + zero for s in sums] + [s + one for s in sums]
    return sums


def _rows_at_least(sums: list[int], thresholds: set[int]) -> dict[int, int]:
    """For each threshold, the bitset of positions whose sum is >= it (one sweep, largest
    sums first)."""
    order = sorted(range(len(sums)), key=sums.__getitem__, reverse=True)
    rows, found, k = {}, bytearray((len(sums) + 7) >> 3), 0
    current = 0
    for threshold in sorted(thresholds, reverse=True):
        grew = False
        while k < len(order) and sums[order[k]] >= threshold:
            found[order[k] >> 3] |= 1 << (order[k] & 7)
            k += 1
            grew = True
        if grew:
            current = int.from_bytes(found, "little")
        rows[threshold] = current
    return rows


def symmetric_values(values: list[int], q: int) -> int:
    """Positions p < 2^q with values[popcount(p)] = 1, split in the middle like
    weighted_at_least: row h is the union of the low positions of each popcount k with
    values[k + popcount(h)] = 1."""
    low_bits = q if q < 3 else max(3, (q + 1) // 2)
    by_count: dict[int, int] = {}
    for position in range(1 << low_bits):
        count = position.bit_count()
        by_count[count] = by_count.get(count, 0) | (1 << position)
    rows: dict[int, int] = {}
    for high_count in range(q - low_bits + 1):
        rows[high_count] = 0
        for count, members in by_count.items():
            if values[count + high_count]:
                rows[high_count] |= members
    if q < 3:
        return rows[0]
    width = (1 << low_bits) >> 3
    pieces = {h: row.to_bytes(width, "little") for h, row in rows.items()}
    return int.from_bytes(b"".join(pieces[h.bit_count()] for h in range(1 << (q - low_bits))),
                          "little")
