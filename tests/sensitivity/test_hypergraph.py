"""fbs, s, bs, C of a block family (verify.sensitivity.hypergraph) against independent routes:
verify.fbs (HiGHS + flint, checked) on the monotone function whose minimal true sets are the
family, at 0^q, and the RC2 MaxSAT route of verify.sensitivity.measures; closed forms; the exact
LP's optimality conditions."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from verify import fbs
from verify.sensitivity.hypergraph import (
    fractional_packing,
    mask_block,
    maximum_packing,
    minimum_transversal,
    singletons,
)
from verify.sensitivity.measures import measures


def _antichain(q: int, family: list[int]) -> list[int]:
    family = sorted(set(m for m in family if m))
    return [m for m in family if not any(o != m and o & m == o for o in family)]


def _monotone_table(masks: list[int], q: int) -> str:
    return "".join("1" if any(m & j == m for m in masks) else "0" for j in range(2 ** q))


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 6).flatmap(lambda q: st.tuples(
    st.just(q), st.lists(st.integers(1, 2 ** q - 1), max_size=12))))
def test_random_families_against_the_monotone_function(case):
    q, family = case
    masks = _antichain(q, family)
    table = _monotone_table(masks, q)
    lp = fractional_packing(masks, q)
    assert lp.value == fbs(f"tt:{table}", "0" * q).value
    truth = measures([mask_block(m, q) for m in masks], q)
    packing, hitting = maximum_packing(masks, q), minimum_transversal(masks, q)
    assert (singletons(masks), len(packing), hitting.bit_count()) == (
        truth.sensitivity, truth.block_sensitivity, truth.certificate_complexity)
    # the returned pair is feasible and tight (weak duality: both optimal)
    for i in range(q):
        bit = 1 << (q - 1 - i)
        assert sum(w for m, w in lp.weights.items() if m & bit) <= 1
    assert all(sum(lp.cover[i] for i in range(q) if m >> (q - 1 - i) & 1) >= 1 for m in masks)
    assert sum(lp.weights.values()) == lp.value == sum(lp.cover) and min(lp.cover, default=0) >= 0
    assert all(a & b == 0 for a in packing for b in packing if a != b)
    assert all(m & hitting for m in masks)


def test_closed_forms():
    # all k-subsets of n points: fbs = n / k (t = 1/k everywhere), bs = n // k, C = n - k + 1
    for n, k in ((5, 2), (6, 3), (7, 3), (6, 4)):
        masks = [m for m in range(2 ** n) if bin(m).count("1") == k]
        assert fractional_packing(masks, n).value == Fraction(n, k)
        assert len(maximum_packing(masks, n)) == n // k
        assert minimum_transversal(masks, n).bit_count() == n - k + 1
    # the Fano plane on 7 points: fbs = 7/3, bs = 1, C = 3
    fano = [sum(1 << (6 - i) for i in line) for line in
            ((0, 1, 2), (0, 3, 4), (0, 5, 6), (1, 3, 5), (1, 4, 6), (2, 3, 6), (2, 4, 5))]
    assert fractional_packing(fano, 7).value == Fraction(7, 3)
    assert len(maximum_packing(fano, 7)) == 1 and minimum_transversal(fano, 7).bit_count() == 3
    assert fractional_packing([], 3).value == 0 and minimum_transversal([], 3) == 0
