"""Symmetric functions of any width by the reduced LP (issue 3) against closed forms and the
truth-table method."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import threshold_fbs

from verify import fbs


def ones(w, n):
    return f"1^{w},0^{n - w}" if 0 < w < n else ("1" * n if w == n else "0" * n)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 11).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n + 1, max_size=n + 1),
    st.lists(st.integers(0, 1), min_size=n, max_size=n))))
def test_reduced_lp_matches_the_truth_table_method(case):
    values, z = case
    spec = "sym:" + "".join(map(str, values))
    bits = "".join(map(str, z))
    reduced = fbs(spec, bits, method="symmetric", measures=True)
    table = fbs(spec, bits, method="table", measures=True)
    assert reduced.value == table.value
    assert reduced.measures == table.measures
    assert reduced.certified and table.certified
    # the reduced dual is optimal for the full LP: same value, covers every table block
    assert sum(reduced.dual) == table.value
    for block, _ in table.primal:
        assert sum(reduced.dual[i] for i in block) >= 1


_FAMILY_SPECS = st.integers(1, 9).flatmap(lambda n: st.tuples(st.one_of(
    st.sampled_from([f"and:{n}", f"or:{n}", f"parity:{n}", f"maj:{n}"]),
    st.integers(-12, 12).map(lambda t: f"thr:{n}:{t}"),
    st.sampled_from([f"thr:{n}:-{10**30}", f"thr:{n}:{10**30}"])),
    st.text("01", min_size=n, max_size=n)))


@settings(max_examples=80, deadline=None)
@given(_FAMILY_SPECS)
def test_automatic_method_on_the_families_matches_the_truth_table(case):
    """The automatic method (symmetric for these families, any threshold T, even far outside
    0..N) is certified by the checker and agrees with the truth table."""
    spec, bits = case
    auto, table = fbs(spec, bits), fbs(spec, bits, method="table")
    assert auto.certified and table.certified, (auto.message, table.message)
    assert auto.value == table.value


@pytest.mark.parametrize("n,t,w", [(1000, 300, 200), (1000, 300, 300), (1000, 300, 999),
                                   (10**6, 300000, 250000), (10**6, 300000, 700000)])
def test_wide_threshold_closed_form(n, t, w):
    result = fbs(f"thr:{n}:{t}", ones(w, n))
    assert result.value == threshold_fbs(n, t, w)
    assert result.certified and result.method == "symmetric"


def test_wide_majority_examples_of_the_paper():
    """Section 1.2: 50 of 99 papers -> fbs 50; 66 of 99 -> 66/17 (not exactly 4)."""
    at_50 = fbs("maj:99", ones(50, 99))
    assert at_50.value == 50
    assert set(at_50.sampling[:50]) == {Fraction(1, 50)} and set(at_50.sampling[50:]) == {0}
    assert fbs("maj:99", ones(66, 99)).value == Fraction(66, 17)
    assert fbs("maj:600", ones(400, 600)).value == 4


def test_million_input_majority():
    result = fbs("maj:1000001", "1^600000,0^400001")
    assert result.value == 6 and result.certified
    assert result.sampling[0] == Fraction(1, 600000) and result.sampling[-1] == 0


@pytest.mark.parametrize("n", [25, 100, 999])
def test_parity_and_or_wide(n):
    assert fbs(f"parity:{n}", ones(n // 3, n)).value == n
    assert fbs(f"and:{n}", "1" * n).value == n
    assert fbs(f"and:{n}", ones(n - 3, n)).value == 1
    assert fbs(f"or:{n}", "0" * n).value == n


def test_explicit_primal_of_the_closed_form_is_feasible():
    """The wrap-around blocks of a small symmetric result: sensitive, loads <= 1, sum = fbs."""
    result = fbs("thr:9:6", "111111110")  # a* = 3 on eight ones: value 8/3
    assert result.value == Fraction(8, 3) and result.method == "symmetric"
    loads = [Fraction(0)] * 9
    for block, weight in result.primal:
        assert len(block) == 3 and all(i < 8 for i in block)
        for i in block:
            loads[i] += weight
    assert max(loads) <= 1 and sum(w for _, w in result.primal) == result.value


def test_hundred_million_inputs_in_runs():
    """and:10^8 at 0^10^8 certifies without one object per bit; the JSON stays compact."""
    import json

    result = fbs("and:100000000", "0^100000000")
    assert result.certified and result.value == 1 and result.input == "0^100000000"
    assert len(result.dual) == 10**8 and result.dual[12345] == Fraction(1, 10**8)
    document = result.to_json()
    assert document["dual"] == {"ones": "0", "zeros": "1/100000000"}
    assert document["method"] == "symmetric" and len(json.dumps(document)) < 2000
    assert result.certificate["input"] == "0^100000000"
