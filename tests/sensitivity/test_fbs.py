"""Exact fbs against closed forms (docs/notes.md, section 3), the paper, and an independent z3 LP."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import fbs_by_z3, sensitive_blocks, threshold_fbs

from verify import fbs
from verify.base.errors import BadInput, TooLarge


def ones_then_zeros(ones: int, n: int) -> str:
    return "1" * ones + "0" * (n - ones)


@pytest.mark.parametrize("n", range(1, 9))
def test_threshold_closed_form_at_every_weight(n):
    for t in range(1, n + 1):
        for w in range(n + 1):
            result = fbs(f"thr:{n}:{t}", ones_then_zeros(w, n))
            assert result.value == threshold_fbs(n, t, w), (n, t, w)
            assert result.certified


@pytest.mark.parametrize("n", [1, 2, 5, 9, 12])
def test_and_or_parity_closed_forms(n):
    assert fbs(f"and:{n}", "1" * n).value == n
    assert fbs(f"or:{n}", "0" * n).value == n
    assert fbs(f"parity:{n}", ones_then_zeros(n // 2, n)).value == n
    if n > 1:
        assert fbs(f"and:{n}", ones_then_zeros(n - 1, n)).value == 1
        assert fbs(f"or:{n}", ones_then_zeros(1, n)).value == 1


@pytest.mark.parametrize("k", range(1, 7))
def test_odd_majority_at_the_middle_weights(k):
    n = 2 * k + 1
    assert fbs(f"maj:{n}", ones_then_zeros(k, n)).value == k + 1
    assert fbs(f"maj:{n}", ones_then_zeros(k + 1, n)).value == k + 1


@pytest.mark.parametrize("j", [1, 2, 3, 4])
def test_paper_majority_two_thirds_is_four(j):
    """Section 1.2 / 3.3: MAJ_{6j} with the first 2/3 ones has fbs 4; Bob catches with 1/4."""
    n = 6 * j
    result = fbs(f"maj:{n}", ones_then_zeros(4 * j, n))
    assert result.value == 4 and result.certified
    assert sum(result.sampling) == 1
    assert len(result.primal) <= n


def test_constant_function_has_fbs_zero_and_no_distribution():
    result = fbs("thr:4:0", "0110")
    assert result.value == 0 and result.sampling is None and result.primal == ()
    assert result.dual == (0, 0, 0, 0) and result.certified


def test_callable_with_explicit_arity():
    result = fbs(lambda x: x[0] & x[1] & x[2], "111", arity=3)
    assert result.value == 3 and result.certified
    assert result.certificate["spec"].startswith("tt:0x")
    with pytest.raises(BadInput):
        fbs(lambda x: 1, "111")


@pytest.mark.parametrize("z", ["012", "11", "", "abc"])
def test_bad_inputs(z):
    with pytest.raises(BadInput):
        fbs("maj:3", z)


def test_truth_table_method_limit():
    with pytest.raises(TooLarge):
        fbs("and:29", "1" * 29, method="table")
    with pytest.raises(BadInput):
        fbs("tribes:2:2", "1111", method="symmetric")


def check_optimal_pair(result, f, z):
    """Primal and dual feasibility and equal values, verified by brute force."""
    blocks = sensitive_blocks(f, z)
    q = len(z)
    loads = [sum(w for b, w in result.primal if i in b) for i in range(q)]
    assert all(load <= 1 for load in loads)
    assert all(w > 0 for _, w in result.primal) and len(result.primal) <= q
    assert all(b in blocks for b, _ in result.primal)
    assert sum(w for _, w in result.primal) == result.value == sum(result.dual)
    assert all(t >= 0 for t in result.dual)
    assert all(sum(result.dual[i] for i in b) >= 1 for b in blocks)
    if result.sampling is not None:
        total = sum(result.dual)
        assert result.sampling == tuple(t / total for t in result.dual)
    return blocks


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 6).flatmap(
    lambda q: st.tuples(st.lists(st.integers(0, 1), min_size=2**q, max_size=2**q),
                        st.lists(st.integers(0, 1), min_size=q, max_size=q))))
def test_random_functions_match_independent_z3_lp(case):
    table, z = case
    text = "".join(map(str, table))
    q = len(z)
    f = lambda x: table[int("".join(map(str, x)), 2)]  # noqa: E731
    result = fbs(f"tt:{text}", "".join(map(str, z)))
    blocks = check_optimal_pair(result, f, tuple(z))
    primal_z3, dual_z3 = fbs_by_z3(blocks, q)
    assert result.value == primal_z3 == dual_z3
    assert result.certified


def brute_force_bs(blocks):
    best = 0
    for size in range(1, len(blocks) + 1):
        for family in itertools.combinations(blocks, size):
            used = [i for b in family for i in b]
            if len(used) == len(set(used)):
                best = size
                break
        else:
            return best
    return best


def brute_force_c(blocks, q):
    for size in range(q + 1):
        for hitting in itertools.combinations(range(q), size):
            if all(set(b) & set(hitting) for b in blocks):
                return size
    return q


@pytest.mark.parametrize("seed", range(12))
def test_measures_chain_and_brute_force(seed):
    rng = random.Random(seed)
    q = rng.randint(2, 6)
    table = [rng.randint(0, 1) for _ in range(2**q)]
    z = tuple(rng.randint(0, 1) for _ in range(q))
    f = lambda x: table[int("".join(map(str, x)), 2)]  # noqa: E731
    result = fbs(f"tt:{''.join(map(str, table))}", "".join(map(str, z)), measures=True)
    blocks = sensitive_blocks(f, z)
    m = result.measures
    assert m.sensitivity == sum(1 for b in blocks if len(b) == 1)
    assert m.block_sensitivity == brute_force_bs(blocks)
    assert m.certificate_complexity == brute_force_c(blocks, q)
    assert m.sensitivity <= m.block_sensitivity <= result.value <= m.certificate_complexity


def test_wide_weighted_threshold_uses_column_generation():
    rng = random.Random(7)
    weights = [rng.randint(1, 19) for _ in range(16)]
    spec = f"wthr:{','.join(map(str, weights))}:{sum(weights) // 2}"
    result = fbs(spec, "1" * 16, method="table")
    f = lambda x: int(sum(w * b for w, b in zip(weights, x)) >= sum(weights) // 2)  # noqa: E731
    assert result.certified
    assert result.n_minimal_blocks > 2000  # exercises the row-generation path
    # the value by weak duality: a primal of sensitive blocks (checked by direct evaluation)
    # with loads <= 1, and the dual t, both summing to the reported value
    loads = [0] * 16
    for block, w in result.primal:
        assert w > 0 and f(tuple(0 if i in block else 1 for i in range(16))) != f((1,) * 16)
        for i in block:
            loads[i] += w
    assert max(loads) <= 1 and min(result.dual) >= 0
    assert sum(w for _, w in result.primal) == result.value == sum(result.dual)
    # dual feasibility on a random sample of all blocks, by direct evaluation
    for _ in range(3000):
        block = [i for i in range(16) if rng.random() < 0.3]
        flipped = tuple(0 if i in block else 1 for i in range(16))
        if block and f(flipped) != f((1,) * 16):
            assert sum(result.dual[i] for i in block) >= 1


def test_table_beyond_24_inputs_agrees_with_the_knapsack_method():
    """q = 25 on packed tables (table method, kind exhaustive) against the threshold method
    (knapsack DP, kind threshold): two methods, two certificate kinds, one value."""
    rng = random.Random(25)
    weights = [rng.randint(1, 19) for _ in range(25)]
    spec = f"wthr:{','.join(map(str, weights))}:{sum(weights) // 2}"
    z = "".join(rng.choice("01") for _ in range(25))
    table = fbs(spec, z, method="table")
    assert table.certified and table.certificate["kind"] == "exhaustive"
    assert table.value == fbs(spec, z).value


def test_highs_runs_silent_on_one_thread():
    """Idle HiGHS worker threads spun on the second core (bench/RESULTS.md, issue 12)."""
    from verify.sensitivity.exact_lp import _quiet_highs

    for _ in range(2):  # the first instance (banner suppressed) and a later one
        highs = _quiet_highs()
        assert highs.getOptionValue("threads")[1] == 1
        assert highs.getOptionValue("output_flag")[1] is False
