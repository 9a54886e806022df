"""s, bs and C at one input by brute force over all 2^q - 1 blocks, for small q (q <= 6).

A second, independent route to the measures of `verify.sensitivity.measures` (which reads
them off the minimal sensitive blocks with RC2 MaxSAT): here straight from the truth table
and Definition 3.3's notion of a sensitive block (paper Section 3.3; the chain
s <= bs <= fbs <= C of docs/notes.md, section 3). Exact integers, used by the census (`verify.sweep.jobs`) where q <= 4
and cross-checked against the RC2 route in tests/sweep/test_small_measures.py.
"""

from __future__ import annotations

from verify.base.errors import TooLarge
from verify.sensitivity.measures import Measures

MAX_BRUTE_FORCE_ARITY = 6


def brute_force_measures(table: str, z: int) -> Measures:
    """s, bs and C of the function with truth table `table` ("0"/"1" characters, position j =
    f(j in binary, x_1 most significant)) at the input whose index is z."""
    size = len(table)
    q = size.bit_length() - 1
    if size != 1 << q or q > MAX_BRUTE_FORCE_ARITY:
        raise TooLarge(f"brute-force measures need a truth table of 2^q bits, q <= "
                       f"{MAX_BRUTE_FORCE_ARITY}")
    # Block B (a bit mask over coordinates, x_1 = the most significant) is sensitive iff
    # f(z xor B) != f(z); coordinate i is bit q-1-i of an input index.
    sensitive = frozenset(mask for mask in range(1, size) if table[z ^ mask] != table[z])
    return Measures(sum(1 for i in range(q) if (1 << i) in sensitive),
                    _max_disjoint(tuple(sorted(sensitive)), size - 1, {}),
                    _min_hitting(sensitive, q))


def _max_disjoint(sensitive: tuple[int, ...], free: int, memo: dict) -> int:
    """Most pairwise disjoint sensitive blocks inside the coordinate set `free`."""
    if not free:
        return 0
    if free not in memo:
        low = free & -free  # the lowest free coordinate: unused, or in the block chosen
        best = _max_disjoint(sensitive, free & ~low, memo)
        for block in sensitive:
            if block & low and block & free == block:
                best = max(best, 1 + _max_disjoint(sensitive, free & ~block, memo))
        memo[free] = best
    return memo[free]


def _min_hitting(sensitive: frozenset, q: int) -> int:
    """Fewest coordinates meeting every sensitive block."""
    if not sensitive:
        return 0
    return min(bin(hit).count("1") for hit in range(1 << q)
               if all(block & hit for block in sensitive))
