"""The global census (the four measures maximised over the inputs) against brute force: every
function of up to 3 inputs, and seeded functions of 4 inputs, each at every input."""

import random
from fractions import Fraction

import numpy as np
import pytest

from verify import fbs
from verify.sweep import global_census
from verify.sweep.exhaustive_census import exhaustive_census
from verify.sweep.small_measures import brute_force_measures


def _brute_force_global(table: str, memo: dict) -> dict:
    q = len(table).bit_length() - 1
    best = {"fbs": Fraction(0), "s": 0, "bs": 0, "C": 0}
    for z in range(2 ** q):
        family = frozenset(m for m in range(1, 2 ** q) if table[z ^ m] != table[z])
        if family not in memo:
            memo[family] = fbs(f"tt:{table}", format(z, f"0{q}b")).value
        m = brute_force_measures(table, z)
        for name, value in (("fbs", memo[family]), ("s", m.sensitivity),
                            ("bs", m.block_sensitivity), ("C", m.certificate_complexity)):
            best[name] = max(best[name], value)
    return best


@pytest.mark.parametrize("q", [1, 2, 3])
def test_every_function_against_brute_force(q):
    memo, expected = {}, {m: {} for m in ("fbs", "s", "bs", "C")}
    for k in range(2 ** 2 ** q):
        for name, value in _brute_force_global(format(k, f"0{2 ** q}b"), memo).items():
            expected[name][Fraction(value)] = expected[name].get(Fraction(value), 0) + 1
    overall = exhaustive_census(q, certify=False).global_figures
    assert overall["functions"] == str(2 ** 2 ** q)
    for name, counts in expected.items():
        assert {Fraction(v): int(n) for v, n in overall[name].items()} == counts, name


def test_seeded_functions_of_four_inputs_against_brute_force():
    q, rng, memo = 4, random.Random(23), {}
    rows = exhaustive_census(q, certify=False).rows
    functions = [rng.getrandbits(16) for _ in range(40)] + [0x8000, 0x6996, 0x0001, 0xFFFF]
    for measure in ("fbs", "s", "bs", "C"):
        values, lookup = global_census.value_lookup(rows, q, measure)
        # truth-table bit j of the integer = position j: the string's j-th character
        ranks = global_census.global_ranks(np.array(functions, dtype=np.uint64), q, lookup)
        for k, rank in zip(functions, ranks.tolist()):
            table = "".join(str((k >> j) & 1) for j in range(16))
            assert values[rank] == _brute_force_global(table, memo)[measure], (k, measure)


def test_q4_closed_counts():
    overall = exhaustive_census(4, certify=False).global_figures
    # the 2 constants have everything 0; the 8 literals x_i, not x_i have everything 1
    for measure in ("fbs", "s", "bs", "C"):
        assert overall[measure]["0"] == "2" and overall[measure]["1"] == "8"
    assert sum(int(n) for n in overall["fbs"].values()) == 65536


def test_the_global_census_stops_at_four_inputs():
    assert exhaustive_census(5, certify=False).global_figures is None


def test_the_sorted_lookup_of_q5_agrees_with_the_dense_one_at_q4():
    rows = exhaustive_census(4, certify=False).rows
    functions = np.arange(2 ** 16, dtype=np.uint64)
    for measure in ("fbs", "bs"):
        values, dense = global_census.value_lookup(rows, 4, measure)
        values2, search = global_census.sorted_lookup(rows, 4, measure)
        assert values == values2
        assert (global_census.global_ranks(functions, 4, dense)
                == global_census.global_ranks(functions, 4, search)).all()


def test_q5_sample_against_brute_force():
    """A few functions of 5 inputs through the sorted lookup (the route a q = 5 global
    census would take) against verify.fbs at all 32 inputs."""
    rows = exhaustive_census(5, certify=False).rows
    values, search = global_census.sorted_lookup(rows, 5, "fbs")
    rng = random.Random(5)
    functions = [rng.getrandbits(32) for _ in range(3)] + [0xFFFF0000, 0x96696996]
    ranks = global_census.global_ranks(np.array(functions, dtype=np.uint64), 5, search)
    for k, rank in zip(functions, ranks.tolist()):
        table = "".join(str((k >> j) & 1) for j in range(32))
        assert values[rank] == max(fbs(f"tt:{table}", format(z, "05b")).value
                                   for z in range(32))
