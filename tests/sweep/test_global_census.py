"""The global census (the four measures maximised over the inputs) against brute force: every
function of up to 3 inputs, seeded functions of 4 and 5 inputs, each at every input; the
complement halving against the walk over every function; the committed q = 5 result against
closed counts and the chain s <= bs <= fbs <= C."""

import json
import random
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import fbs
from verify.base.errors import TooLarge
from verify.sweep import global_census
from verify.sweep.exhaustive_census import MEASURES, exhaustive_census
from verify.sweep.small_measures import brute_force_measures

Q5_RESULT = Path(__file__).resolve().parents[2] / "bench" / "census" / "global-q5.json"


def _brute_force_global(table: str, memo: dict) -> dict:
    """max over z of fbs (verify.fbs, memoised by sensitive family) and of s, bs, C (brute
    force over blocks)."""
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


@lru_cache(maxsize=None)
def _lookup(q: int) -> global_census.GlobalLookup:
    rows = exhaustive_census(q, certify=False, global_measures=False).rows
    return global_census.global_lookup(
        [(row.table, tuple(row.value(m) for m in MEASURES)) for row in rows], q)


def _table_text(k: int, q: int) -> str:
    """Truth-table bit j of the integer k = position j: the string's j-th character."""
    return "".join(str((k >> j) & 1) for j in range(2 ** q))


def _check_against_brute_force(functions: list[int], q: int, memo: dict) -> None:
    lookup = _lookup(q)
    ranks = global_census.global_ranks(np.array(functions, dtype=np.uint64), lookup)
    for k, row in zip(functions, ranks.tolist()):
        expected = _brute_force_global(_table_text(k, q), memo)
        for column, measure in enumerate(MEASURES):
            assert lookup.values[measure][row[column]] == expected[measure], (k, measure)


@pytest.mark.parametrize("q", [1, 2, 3])
def test_every_function_against_brute_force(q):
    memo, expected = {}, {m: {} for m in MEASURES}
    for k in range(2 ** 2 ** q):
        for name, value in _brute_force_global(format(k, f"0{2 ** q}b"), memo).items():
            expected[name][Fraction(value)] = expected[name].get(Fraction(value), 0) + 1
    overall = exhaustive_census(q, certify=False).global_figures
    assert overall["functions"] == str(2 ** 2 ** q)
    for name, counts in expected.items():
        assert {Fraction(v): int(n) for v, n in overall[name].items()} == counts, name


def test_seeded_functions_of_four_inputs_against_brute_force():
    rng = random.Random(23)
    functions = [rng.getrandbits(16) for _ in range(40)] + [0x8000, 0x6996, 0x0001, 0xFFFF]
    _check_against_brute_force(functions, 4, {})


def test_seeded_functions_of_five_inputs_against_brute_force():
    """The q = 5 route (uint32 tables, the Gray-code walk over 32 inputs) at every input."""
    rng = random.Random(5)
    functions = [rng.getrandbits(32) for _ in range(4)] + [0xFFFF0000, 0x96696996, 0x80000000,
                                                            0xFFFFFFFE, 0xFEE8E880]
    _check_against_brute_force(functions, 5, {})


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2 ** 32 - 1))
def test_s_bs_c_of_five_inputs_against_brute_force(k):
    """Random functions of 5 inputs: s, bs and C against the brute force over blocks."""
    lookup = _lookup(5)
    ranks = global_census.global_ranks(np.array([k], dtype=np.uint64), lookup)[0].tolist()
    table = _table_text(k, 5)
    measures = [brute_force_measures(table, z) for z in range(32)]
    assert lookup.values["s"][ranks[1]] == max(m.sensitivity for m in measures)
    assert lookup.values["bs"][ranks[2]] == max(m.block_sensitivity for m in measures)
    assert lookup.values["C"][ranks[3]] == max(m.certificate_complexity for m in measures)


def test_complement_halving_equals_the_walk_over_every_function():
    """The census walks f(0) = 0 only and doubles; walking all 65,536 functions of 4 inputs
    gives the same counts."""
    lookup = _lookup(4)
    ranks = global_census.global_ranks(np.arange(2 ** 16, dtype=np.uint64), lookup)
    overall = exhaustive_census(4, certify=False).global_figures
    for column, measure in enumerate(MEASURES):
        counts = np.bincount(ranks[:, column], minlength=len(lookup.values[measure]))
        walked = {v: int(n) for v, n in zip(lookup.values[measure], counts) if n}
        assert {Fraction(v): int(n) for v, n in overall[measure].items()} == walked


def test_the_number_of_workers_does_not_change_the_counts(monkeypatch):
    monkeypatch.setattr(global_census, "CHUNK_BITS", 9)  # 64 chunks at q = 4
    rows = exhaustive_census(4, certify=False, global_measures=False).rows
    values = [(row.table, tuple(row.value(m) for m in MEASURES)) for row in rows]
    assert len(global_census._chunks(4)) == 64
    assert (global_census.global_figures(values, 4, workers=2)
            == global_census.global_figures(values, 4, workers=1)
            == exhaustive_census(4, certify=False).global_figures)


def test_q4_closed_counts():
    overall = exhaustive_census(4, certify=False).global_figures
    # the 2 constants have everything 0; the 8 literals x_i, not x_i have everything 1
    for measure in MEASURES:
        assert overall[measure]["0"] == "2" and overall[measure]["1"] == "8"
    assert sum(int(n) for n in overall["fbs"].values()) == 65536


def test_the_global_census_is_asked_for_at_five_and_refused_at_six():
    assert exhaustive_census(5, certify=False).global_figures is None
    with pytest.raises(TooLarge):
        exhaustive_census(6, certify=False, global_measures=True)


def test_the_committed_q5_global_census():
    """bench/census/global-q5.json (`fbs census --exhaustive 5 --global`): all 2^32
    functions; the 2 constants have every measure 0 and the 10 literals 1 (s(f) = 1 only for
    functions of one variable); s <= bs <= fbs <= C at every function, so the numbers of
    functions with measure >= t are ordered the same way for every t."""
    document = json.loads(Q5_RESULT.read_text())
    assert document["q"] == 5 and document["certified"] is True
    overall = document["global"]
    assert overall["functions"] == str(2 ** 32)
    tails = {}
    for measure in MEASURES:
        counts = {Fraction(v): int(n) for v, n in overall[measure].items()}
        assert sum(counts.values()) == 2 ** 32
        assert counts[Fraction(0)] == 2 and counts[Fraction(1)] == 10
        tails[measure] = counts
    thresholds = sorted(set().union(*tails.values()))
    for t in thresholds:
        at_least = [sum(n for v, n in tails[m].items() if v >= t) for m in ("s", "bs", "fbs", "C")]
        assert at_least == sorted(at_least), t
    assert max(tails["C"]) == 5 and tails["s"][Fraction(5)] > 0  # parity: s = 5


def test_the_tables_prove_fbs_equals_bs_equals_c_for_five_inputs():
    """Issue 31: what the q = 5 tables prove, in the JSON and the report: s(f) <= bs(f) <=
    fbs(f) <= C(f) at every function, so equal distributions mean equal values at every one
    of the 2^32 functions; s differs (the committed counts at 2, 3 and 4 differ from bs's)."""
    from verify.sweep.exhaustive_report import identity_lines
    from verify.sweep.global_census import chain_identities

    overall = json.loads(Q5_RESULT.read_text())["global"]
    found = {tuple(p["measures"]): p for p in chain_identities(overall)}
    assert found[("bs", "fbs")]["equal_for_every_function"]
    assert found[("fbs", "C")]["equal_for_every_function"]
    assert found[("s", "bs")]["counts_differ_at"] == ["2", "3", "4"]
    assert overall["identities"] == chain_identities(overall)  # the committed file says it
    text = "\n".join(identity_lines(overall))
    assert "fbs(f) = C(f) for every one of the 4294967296 functions" in text


def test_unequal_distributions_prove_nothing_more():
    """A made-up pair whose counts differ: no identity is claimed."""
    from verify.sweep.global_census import chain_identities

    overall = {"s": {"0": "1", "1": "3"}, "bs": {"0": "1", "1": "2", "2": "1"},
               "fbs": {"0": "1", "1": "2", "2": "1"}, "C": {"0": "1", "2": "3"}}
    pairs = [p["equal_for_every_function"] for p in chain_identities(overall)]
    assert pairs == [False, True, False]
