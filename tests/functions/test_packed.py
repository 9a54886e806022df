"""Packed truth tables and compact symmetric values against per-input references (issue 12)."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import all_inputs

from verify.base.errors import TooLarge
from verify.functions import packed
from verify.functions.bits import PerBit, parse_bits, parse_runs
from verify.functions.inputs import MAX_TABLE_ARITY, TableInputs
from verify.functions.spec import parse_spec
from verify.functions.weight_values import WeightValues


def reference_table(f) -> list[int]:
    return [f(x) for x in all_inputs(f.arity)]


SPECS = ["and:1", "or:2", "parity:3", "maj:4", "thr:5:2", "thr:3:0", "sym:0110101",
         "wthr:3,1,4,1,5:7", "wthr:5:3", "wthr:0,0:1", "index:2", "tribes:2:3", "tt:01", "tt:0110",
         "tt:0x3c:3", "expr:x1 & ~x3 | x2", "compose(maj:3;and:2;or:2;parity:2)"]


@pytest.mark.parametrize("spec", SPECS)
def test_packed_table_is_the_truth_table(spec):
    f = parse_spec(spec)
    expected = reference_table(f)
    assert packed.unpack(f.packed_table(), f.arity).astype(int).tolist() == expected
    assert packed.unpack(packed.chunked_table(f), f.arity).astype(int).tolist() == expected
    assert f.packed_table().nbytes == max(1, 2 ** f.arity // 8)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=11), st.integers(-3, 300))
def test_split_threshold_table_equals_the_direct_sum(weights, threshold):
    table = packed.unpack(packed.threshold_table(weights, threshold), len(weights))
    expected = [sum(w * b for w, b in zip(weights, x)) >= threshold for x in all_inputs(len(weights))]
    assert table.tolist() == expected


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 1), min_size=2, max_size=12))
def test_split_symmetric_table_equals_values_at_weight(values):
    q = len(values) - 1
    table = packed.unpack(packed.symmetric_table(values), q)
    assert table.tolist() == [bool(values[sum(x)]) for x in all_inputs(q)]


def test_chunks_of_table_inputs_cover_the_table():
    f = parse_spec("wthr:" + ",".join(str(w) for w in range(1, 23)) + ":120")
    packed.CHUNK_BITS, saved = 12, packed.CHUNK_BITS
    try:
        chunked = packed.chunked_table(f)
    finally:
        packed.CHUNK_BITS = saved
    assert np.array_equal(chunked, f.packed_table())
    inputs = TableInputs(22, start=1 << 20, count=8)
    assert inputs.index.tolist() == list(range(1 << 20, (1 << 20) + 8))


def test_one_arity_limit_before_allocation():
    assert MAX_TABLE_ARITY == 28
    with pytest.raises(TooLarge):
        parse_spec("maj:29").packed_table()
    with pytest.raises(TooLarge):
        parse_spec("tribes:3:10").truth_table()


def test_q28_threshold_table_is_32_mib_and_bit_exact_at_samples():
    rng = random.Random(28)
    weights = [rng.randint(1, 19) for _ in range(28)]
    threshold = sum(weights) // 2
    table = packed.threshold_table(weights, threshold)
    assert table.nbytes == 2 ** 25
    positions = [rng.randrange(2 ** 28) for _ in range(200)]
    for position, bit in zip(positions, packed.bits_at(table, positions)):
        x = [(position >> (27 - i)) & 1 for i in range(28)]
        assert bit == (sum(w * b for w, b in zip(weights, x)) >= threshold)


@pytest.mark.parametrize("values", [WeightValues.step(9, 5), WeightValues.step(9, 0),
                                    WeightValues.step(9, 10), WeightValues.parity(6),
                                    WeightValues.from_text("0110001"), WeightValues.from_text("11")])
def test_weight_values_nearest_change_by_scanning(values):
    listed = list(values)
    for weight in range(len(listed)):
        for step in (-1, 1):
            k, found = weight + step, None
            while 0 <= k < len(listed):
                if listed[k] != listed[weight]:
                    found = abs(k - weight)
                    break
                k += step
            assert values.nearest_change(weight, step) == found


def test_huge_symmetric_spec_stays_compact():
    f = parse_spec("maj:100000000")
    assert f.arity == 10**8 and f.values.nearest_change(50_000_001, -1) == 1
    assert f.values[50_000_000] == 0 and f.values[50_000_001] == 1


def test_run_length_input_is_kept_in_runs():
    runs = parse_runs("1^600000,0^400001")
    assert runs.runs == ((1, 600000), (0, 400001)) and runs.weight == 600000
    assert runs.length == 1000001 and runs.text == "1^600000,0^400001"
    vector = PerBit(runs, "zero", "one")
    assert len(vector) == 1000001 and vector[599999] == "one" and vector[600000] == "zero"
    assert vector[:2] == ("one", "one") and vector[-1] == "zero"
    assert parse_runs("0110").run_length() == "0^1,1^2,0^1"
    assert parse_bits("1^2,0^1,0^2") == (1, 1, 0, 0, 0)
    assert PerBit(parse_runs("0110"), 0, 1) == (0, 1, 1, 0)
