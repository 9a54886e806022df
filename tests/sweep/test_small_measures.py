"""The brute-force s, bs, C of verify.sweep.small_measures against the RC2 route (issue 14)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.base.errors import TooLarge
from verify.sensitivity.api import blocks
from verify.sensitivity.measures import Measures, measures
from verify.sweep.small_measures import brute_force_measures


def _rc2(table: str, z: int):
    q = len(table).bit_length() - 1
    found = blocks(f"tt:{table}", format(z, f"0{q}b"), limit=10**6).blocks
    return measures(found, q)


@pytest.mark.slow
def test_every_function_of_three_inputs_at_every_input_agrees_with_rc2():
    for k in range(256):
        table = format(k, "08b")
        for z in range(8):
            assert brute_force_measures(table, z) == _rc2(table, z), (table, z)


def test_seeded_functions_of_four_inputs_agree_with_rc2():
    rng = random.Random(14)
    for _ in range(300):
        table, z = format(rng.getrandbits(16), "016b"), rng.randrange(16)
        assert brute_force_measures(table, z) == _rc2(table, z), (table, z)


@settings(max_examples=40, deadline=None)
@given(st.integers(5, 6).flatmap(lambda q: st.tuples(
    st.integers(0, 2**(2**q) - 1).map(lambda k, q=q: format(k, f"0{2**q}b")),
    st.integers(0, 2**q - 1))))
def test_random_functions_of_five_and_six_inputs_agree_with_rc2(case):
    table, z = case
    assert brute_force_measures(table, z) == _rc2(table, z)


def test_closed_forms():
    parity = "".join(str(bin(j).count("1") % 2) for j in range(16))
    assert brute_force_measures(parity, 5) == Measures(4, 4, 4)  # s = bs = C = q for parity
    and4 = "0" * 15 + "1"
    assert brute_force_measures(and4, 15) == Measures(4, 4, 4)
    assert brute_force_measures(and4, 0) == Measures(0, 1, 1)
    assert brute_force_measures("0" * 16, 3) == Measures(0, 0, 0)


def test_too_large_or_malformed_tables_are_refused():
    with pytest.raises(TooLarge):
        brute_force_measures("0" * 128, 0)
    with pytest.raises(TooLarge):
        brute_force_measures("010", 0)
