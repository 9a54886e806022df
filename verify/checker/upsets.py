"""Up-sets of subsets of p points as truth tables, for the census kinds (docs/census.md).

A table has one bit per set: bit m holds the set whose mask is m. Splitting at the highest
point, a table is L | H << 2^(p-1), L the sets without that point and H those with it (the
point removed); it is an up-set iff L and H are up-sets on p - 1 points and L lies in H. So
the up-sets are listed in increasing order by H first, then L, recursively: the walk costs
a constant per up-set and level, never a scan of all 2^(2^p) tables. Standard library only.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import permutations

from .errors import CertificateMalformed

MEMO_POINTS = 4  # the lists below this many points are kept (at most 168 tables each)


def up_sets_inside(points: int, bound: int):
    """The up-sets on `points` points whose sets all lie in `bound` (itself any table), in
    increasing order of their tables."""
    if points <= MEMO_POINTS:
        yield from _small_up_sets_inside(points, bound)
        return
    half = 1 << (points - 1)
    low_bound, high_bound = bound & ((1 << half) - 1), bound >> half
    for high in up_sets_inside(points - 1, high_bound):
        for low in up_sets_inside(points - 1, low_bound & high):
            yield low | high << half


@lru_cache(maxsize=1 << 16)
def _small_up_sets_inside(points: int, bound: int) -> tuple[int, ...]:
    if points == 0:
        return (0, 1) if bound & 1 else (0,)
    half = 1 << (points - 1)
    low_bound, high_bound = bound & ((1 << half) - 1), bound >> half
    return tuple(low | high << half for high in _small_up_sets_inside(points - 1, high_bound)
                 for low in _small_up_sets_inside(points - 1, low_bound & high))


@lru_cache(maxsize=1 << 16)
def count_up_sets_inside(points: int, bound: int) -> int:
    """How many up-sets `up_sets_inside(points, bound)` lists, without listing them."""
    if points == 0:
        return 2 if bound & 1 else 1
    half = 1 << (points - 1)
    low_bound, high_bound = bound & ((1 << half) - 1), bound >> half
    return sum(count_up_sets_inside(points - 1, low_bound & high)
               for high in up_sets_inside(points - 1, high_bound))


def is_up_set(table: int, points: int) -> bool:
    """Every superset (by one point) of a set in the table is in it too."""
    if table < 0 or table >> (1 << points):
        return False
    for b in range(points):
        if (table & _without_bit(b, points)) << (1 << b) & ~table:
            return False
    return True


def orbit(table: int, points: int) -> set[int]:
    """The images of a table under all permutations of the points (all p! of them)."""
    members = [m for m in range(1 << points) if (table >> m) & 1]
    images = set()
    for perm in permutations(range(points)):
        moved = [_permuted_mask(m, perm) for m in members]
        images.add(sum(1 << m for m in moved))
    return images


def _permuted_mask(mask: int, perm: tuple[int, ...]) -> int:
    return sum(1 << perm[b] for b in range(len(perm)) if (mask >> b) & 1)


@cache
def _without_bit(b: int, points: int) -> int:
    """The positions of the sets without point b."""
    return sum(1 << m for m in range(1 << points) if not (m >> b) & 1)


def hex_table(text: object, points: int, at: str) -> int:
    """A table "0x..." of at most 2^points bits (CertificateMalformed otherwise)."""
    if type(text) is not str or not text.startswith("0x") or len(text) > 3 + (1 << points) // 4:
        raise CertificateMalformed(f"{at}: expected a hex string 0x... of at most "
                                   f"2^{points} bits")
    try:
        return int(text[2:], 16)
    except ValueError:
        raise CertificateMalformed(f"{at}: {text[:40]!r} is not hexadecimal") from None
