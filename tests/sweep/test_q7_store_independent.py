"""An independent check of the committed Q = 7 census store (bench/census/q7-shards).

Nothing here calls the code that wrote the store (verify/sweep/census_shards.py, the census
kernel): the store's rows are only read. Independently of it:

* the number of pairs of a shard R (docs/census.md, Lemma 4) is a closed form. A pair (f, x)
  is (x, f(x), S) with S any family of nonempty blocks of [q] (Lemma 2's bijection); the
  shard's coordinate splits S into S0 (blocks without it) and S1' (blocks with it, the
  coordinate removed, the empty block allowed), and U1 = up(S0 ∪ S1'). The pairs (S0, S1')
  with union F are 3^|F minus {∅}| (each nonempty block of F in S0, S1' or both; ∅ only in
  S1'), and the F with up(F) = R are A ∪ X, A the minimal members of R, X inside R \\ A. So
  the shard holds 2^(q+1) * |K| * 3^|A minus {∅}| * 4^(|R| - |A|) pairs, |K| its class size;
  over all up-sets R of q - 1 points this adds up to 2^(q+1) * 2 * 4^(2^(q-1) - 1) =
  2^(2^q) * 2^q;
* the distribution of s of a shard by the same product (`_s_distribution`);
* |K|: the distinct images of R under the 720 permutations of 6 points (numpy position maps);
* the number of U0 inside R: up-sets on 6 points generated here as pairs of up-sets on 5;
* a seeded uniform sample of the pairs of the done shards: (S0, S1') drawn with the weights
  above, f built from S, and fbs at x by `verify.fbs` on the truth table (the generic exact LP,
  checked by the stdlib checker), s, bs and C by enumerating blocks of f itself;
* whole shards of up to SMALL visits recomputed visit by visit (U0 inside R, its minimal
  blocks, the measures as above) and compared with the row's whole distribution.
"""

from __future__ import annotations

import json
import random
from bisect import bisect_right
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, combinations, permutations
from pathlib import Path

import numpy as np
import pytest

from verify import fbs
from verify.sweep.store import Store

STORE = Path(__file__).resolve().parents[2] / "bench" / "census" / "q7-shards"
Q, POINTS = 7, 6
FULL6 = (1 << 64) - 1
DEDEKIND = {5: 7581, 6: 7828354}  # OEIS A000372: up-sets on 5 and 6 points
CLASSES6 = 16353  # OEIS A003182: classes of up-sets on 6 points (the shards of q = 7)
SMALL = 200  # shards with at most this many visits are recomputed whole (82 stored)


@lru_cache(maxsize=1)
def _rows_by_prefix() -> dict[int, dict]:
    table = Store(STORE).read_rows(["params"])
    found = {}
    for spec, text in zip(table.column("spec").to_pylist(), table.column("params").to_pylist()):
        prefix = int(spec.split(":")[2], 16)
        assert prefix not in found, "a shard stored twice"
        found[prefix] = json.loads(text)
    return found


@lru_cache(maxsize=None)
def _up_sets(points: int) -> np.ndarray:
    """Every up-set on `points` points as a table (bit p: the set with bitmask p), sorted;
    U = (low half, high half) with low inside high, the top point in the high half."""
    if points == 0:
        return np.array([0, 1], np.uint64)
    half = _up_sets(points - 1)
    width = np.uint64(1 << (points - 1))
    tables = [half[(half & ~high) == 0] | (high << width) for high in half]
    return np.sort(np.concatenate(tables))


@lru_cache(maxsize=1)
def _position_maps() -> np.ndarray:
    """(720, 64): for each permutation of 6 points, the position each position comes from."""
    maps = []
    for perm in permutations(range(POINTS)):
        image = [sum(1 << perm[i] for i in range(POINTS) if p >> i & 1) for p in range(64)]
        source = [0] * 64
        for p, target in enumerate(image):
            source[target] = p
        maps.append(source)
    return np.array(maps, np.int64)


def _orbit(prefix: int) -> tuple[int, int]:
    """(|K|, least image) of an up-set table on 6 points over all 720 permutations."""
    bits = np.array([(prefix >> p) & 1 for p in range(64)], np.uint64)
    images = (bits[_position_maps()] << np.arange(64, dtype=np.uint64)).sum(axis=1)
    return len(np.unique(images)), int(images.min())


def _minimal(table: int, width: int) -> list[int]:
    """The minimal members (bitmasks) of an up-set table over `width` positions."""
    members = [p for p in range(width) if table >> p & 1]
    return [p for p in members if not any(table >> (p & ~(1 << i)) & 1
                                          for i in range(7) if p >> i & 1)]


def _expected_pairs(prefix: int, orbit: int) -> int:
    """2^(q+1) * |K| * 3^|A minus {∅}| * 4^(|R| - |A|) (module docstring)."""
    minimal = _minimal(prefix, 64)
    nonempty = sum(1 for m in minimal if m)
    return 2 ** (Q + 1) * orbit * 3 ** nonempty * 4 ** (bin(prefix).count("1") - len(minimal))


def _row_pairs(params: dict) -> int:
    return sum(int(n) for *_, n in params["counts"])


@lru_cache(maxsize=1)
def _inside5() -> np.ndarray:
    """For each up-set v on 5 points (sorted), #{a0 inside v, a0 without ∅ (not full)}."""
    five = _up_sets(5)
    rest = five[five != np.uint64((1 << 32) - 1)]
    return np.array([np.count_nonzero((rest & ~v) == 0) for v in five], np.int64)


def _visits(prefix: int) -> int:
    """#U0 inside R: up-sets on 6 points without ∅, as (a0, a1) on 5 points, a0 inside a1,
    a0 inside R's low half, a1 inside its high half (a1 & low is an up-set again)."""
    five = _up_sets(5)
    low, high = np.uint64(prefix & 0xFFFFFFFF), np.uint64(prefix >> 32)
    bounds = five[(five & ~high) == 0] & low
    return int(_inside5()[np.searchsorted(five, bounds)].sum())


def test_up_set_generation_matches_the_published_counts():
    assert len(_up_sets(5)) == DEDEKIND[5] and len(_up_sets(6)) == DEDEKIND[6]


def test_the_shard_listing_is_every_class_once_and_the_totals_add_up():
    """Every class of up-sets on 6 points once (least tables, class sizes adding up to the
    Dedekind number) and the closed-form totals adding up to 2^128 * 2^7."""
    from verify.sweep.census_shards import shard_prefixes

    prefixes = shard_prefixes(Q)
    assert len(set(prefixes)) == len(prefixes) == CLASSES6
    ups = _up_sets(6)
    total_size, total_pairs = 0, 0
    for prefix in prefixes:
        assert ups[np.searchsorted(ups, np.uint64(prefix))] == prefix  # an up-set
        size, least = _orbit(prefix)
        assert least == prefix
        total_size += size
        total_pairs += _expected_pairs(prefix, size)
    assert total_size == DEDEKIND[6]
    assert total_pairs == 2 ** 128 * 2 ** 7
    assert set(_rows_by_prefix()) <= set(prefixes)


def test_every_stored_shard_has_its_independent_size_and_pairs():
    """For every shard in the store: |K|, the number of U0 inside R and the pairs."""
    rows = _rows_by_prefix()
    assert len(rows) > 0
    for prefix, params in rows.items():
        size, least = _orbit(prefix)
        assert (least, params["orbit"]) == (prefix, size), hex(prefix)
        assert _row_pairs(params) == _expected_pairs(prefix, size), hex(prefix)
        assert all(int(n) > 0 for *_, n in params["counts"])


def _s_distribution(prefix: int, orbit: int) -> dict[int, int]:
    """{s: pairs} of a shard by the same product: s counts the one-point blocks of S; {i}
    (i < 6) is in S iff it went to S0, which 2 of the 3 weights of a minimal member of R do
    and 2 of the 4 of another member; {6} is in S iff ∅ is in S1', i.e. iff ∅ is in R.
    Members are drawn independently, so s is a sum of independent 0/1 variables."""
    minimal = set(_minimal(prefix, 64))
    chances = [Fraction(2, 3) if 1 << i in minimal else Fraction(1, 2)
               for i in range(POINTS) if prefix >> (1 << i) & 1]
    law = {int(prefix & 1): Fraction(1)}  # the one-point block {6}
    for p in chances:
        step: dict = defaultdict(Fraction)
        for k, weight in law.items():
            step[k + 1] += weight * p
            step[k] += weight * (1 - p)
        law = step
    total = _expected_pairs(prefix, orbit)
    shares = {k: weight * total for k, weight in law.items() if weight}
    assert all(share.denominator == 1 for share in shares.values())
    return {k: int(share) for k, share in shares.items()}


def test_the_distribution_of_s_of_every_stored_shard():
    """The whole distribution of s in every stored row, from the product above."""
    for prefix, params in _rows_by_prefix().items():
        found: dict = defaultdict(int)
        for _, s, _, _, n in params["counts"]:
            found[s] += int(n)
        assert dict(found) == _s_distribution(prefix, params["orbit"]), hex(prefix)


def test_visit_counts_of_the_stored_shards():
    """The row's "antichains" is the number of U0 inside R, counted here by halves for every
    stored shard and directly over all 7,828,354 up-sets for a seeded sample of them."""
    rows = _rows_by_prefix()
    for prefix, params in rows.items():
        assert params["antichains"] == _visits(prefix), hex(prefix)
    ups = _up_sets(6)
    for prefix in random.Random(7).sample(sorted(rows), 8):
        direct = int(np.count_nonzero(((ups & np.uint64(~prefix & FULL6)) == 0)
                                      & (ups != np.uint64(FULL6))))
        assert rows[prefix]["antichains"] == direct, hex(prefix)


# ---------------------------------------------------------------- measures by brute force
def _measures(table: int, x: int, memo: dict) -> tuple:
    """(fbs, s, bs, C) of f (bit p of `table`: f at input p) at x: fbs by verify.fbs on the
    truth table, s, bs and C by enumerating the sensitive blocks of f at x."""
    value = table >> x & 1
    sensitive = [m for m in range(1, 1 << Q) if (table >> (x ^ m) & 1) != value]
    minimal = frozenset(m for m in sensitive
                        if not any(b != m and b & m == b for b in sensitive))
    if minimal not in memo:
        text = "".join(str(table >> p & 1) for p in range(1 << Q))
        f = fbs(f"tt:{text}", format(x, f"0{Q}b")).value
        memo[minimal] = (Fraction(f), sum(1 for m in minimal if m & (m - 1) == 0),
                         _packing(sorted(minimal)), _transversal(minimal))
    return memo[minimal]


def _packing(blocks: list[int], used: int = 0) -> int:
    """The most pairwise disjoint blocks (bs)."""
    best = 0
    for i, b in enumerate(blocks):
        if not b & used:
            best = max(best, 1 + _packing(blocks[i + 1:], used | b))
    return best


def _transversal(blocks) -> int:
    """The fewest coordinates meeting every block (C)."""
    for size in range(Q + 1):
        for chosen in combinations(range(Q), size):
            hit = sum(1 << i for i in chosen)
            if all(b & hit for b in blocks):
                return size
    raise AssertionError("unreachable")


def _row_values(params: dict) -> dict:
    return {(Fraction(f), s, bs, c): int(n) for f, s, bs, c, n in params["counts"]}


def _sample_family(prefix: int, rng: random.Random) -> set[int]:
    """A family S of nonempty blocks of [7] (bit 6: the shard's coordinate), drawn with
    probability proportional to its pairs among the S whose U1 is R (module docstring)."""
    minimal = set(_minimal(prefix, 64))
    union = minimal | {p for p in range(64) if prefix >> p & 1 and p not in minimal
                       and rng.randrange(4) < 3}
    family = set()
    for block in union:
        where = 1 if block == 0 else rng.randrange(3)  # 0: S0, 1: S1', 2: both
        if where in (0, 2):
            family.add(block)
        if where in (1, 2):
            family.add(block | 1 << POINTS)
    return family


def _up_of_top(family: set[int]) -> int:
    """U1 of up(S): the sets T of 6 points with T ∪ {6} containing a block of S."""
    return sum(1 << t for t in range(64)
               if any(b & ~(t | 1 << POINTS) == 0 for b in family))


def _check_pairs(rows: dict, prefixes: list[int], rng: random.Random, n: int) -> set:
    """n pairs, each drawn uniformly from the pairs of the next shard of `prefixes`: its four
    values, by brute force, must be a value of the shard's row; the distinct values met."""
    memo, met = {}, set()
    for prefix in prefixes[:n]:
        family = _sample_family(prefix, rng)
        assert _up_of_top(family) == prefix
        x, value = rng.randrange(1 << Q), rng.randrange(2)
        table = sum(1 << (x ^ m) for m in range(1 << Q)
                    if value ^ (m in family))  # f(x) = value, f(x ^ B) flipped iff B in S
        values = _measures(table, x, memo)
        assert values in _row_values(rows[prefix]), (hex(prefix), values)
        met.add(values)
    return met


@pytest.mark.slow
def test_a_seeded_uniform_sample_of_pairs_recomputed_by_brute_force():
    """2,000 pairs drawn uniformly from all the pairs of the stored shards (a shard with
    probability proportional to its pairs, by the closed form, then a uniform pair of it)."""
    rows = _rows_by_prefix()
    prefixes = sorted(rows)
    cumulative = list(accumulate(_expected_pairs(p, _orbit(p)[0]) for p in prefixes))
    rng = random.Random(20261202)
    drawn = [prefixes[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
             for _ in range(2000)]
    assert len(set(drawn)) > 1
    _check_pairs(rows, drawn, rng, 2000)


@pytest.mark.slow
def test_a_uniform_pair_of_each_of_1000_seeded_shards():
    """The uniform sample is dominated by the few heaviest shards (pairs grow as 4^|R|), so
    also: 1,000 shards drawn uniformly without repetition, one uniform pair of each."""
    rows = _rows_by_prefix()
    rng = random.Random(29)
    met = _check_pairs(rows, rng.sample(sorted(rows), 1000), rng, 1000)
    assert len(met) > 10


def _shard_distribution(prefix: int, orbit: int, memo: dict) -> dict:
    """{(fbs, s, bs, C): pairs} of a shard, visit by visit: each U0 inside R (without ∅),
    U = U0 | R on top, at x = 0 with f = U (the monotone function of its antichain)."""
    ups = _up_sets(6)
    inside = ups[((ups & np.uint64(~prefix & FULL6)) == 0) & (ups != np.uint64(FULL6))]
    counts: dict = defaultdict(int)
    for low in inside.tolist():
        table = int(low) | prefix << 64
        minimal = _minimal(table, 128)
        values = _measures(table, 0, memo)
        counts[values] += orbit << (Q + 1 + bin(table).count("1") - len(minimal))
    return dict(counts)


@pytest.mark.slow
def test_small_shards_recomputed_whole():
    """Every stored shard of at most SMALL visits, its whole row against brute force."""
    rows = _rows_by_prefix()
    small = [p for p, params in rows.items() if params["antichains"] <= SMALL]
    assert len(small) >= 50
    memo: dict = {}
    for prefix in small:
        params = rows[prefix]
        assert _shard_distribution(prefix, params["orbit"], memo) == _row_values(params)
