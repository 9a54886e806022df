"""The compiled census kernel (verify.sweep.census_kernel) against the pure-Python path
(verify.sweep.class_rows.class_row: minimal members by shifts, bs and C by the
hypergraph search, fbs by the Python simplex), field by field, on seeded and
hypothesis-drawn up-sets of 1..7 points, and run_shard compiled against run_shard in Python."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import verify.sweep.census_kernel as kernel
from verify.sweep.antichains import up_sets
from verify.sweep.census_shards import run_shard, shard_prefixes
from verify.sweep.class_rows import class_row

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not kernel.COMPILED, reason="numba is not installed")


def _python_row(table: int, q: int) -> list[int]:
    row, _ = class_row(table, 1, q, False)
    return [row.fbs.numerator, row.fbs.denominator, row.s, row.bs, row.C,
            table.bit_count() - len(row.antichain)]


def _q7_tables(seed: int, count: int) -> list[tuple[int, int]]:
    """(U0, R) pairs: a uniform shard R of q = 7, then uniform U0 inside R."""
    rng = np.random.default_rng(seed)
    lower, prefixes = up_sets(6), shard_prefixes(7)
    picked = []
    for index in rng.integers(len(prefixes), size=count):
        prefix = prefixes[index]
        inside = lower[(lower & np.uint64(~prefix & (2**64 - 1))) == 0]
        picked.append((int(inside[rng.integers(len(inside))]), prefix))
    return picked


@pytest.mark.parametrize("q", [1, 2, 3, 4, 5, 6])
def test_every_field_equals_the_python_path(q):
    tables = up_sets(q)
    if len(tables) > 1500:
        tables = np.random.default_rng(q).choice(tables, 1500, replace=False)
    rows = kernel.evaluate(tables, 0, q).tolist()
    assert rows == [_python_row(int(t), q) for t in tables.tolist()]


def test_q7_tables_equal_the_python_path():
    for low, prefix in _q7_tables(7, 400):
        row = kernel.evaluate(np.array([low], np.uint64), prefix, 7).tolist()[0]
        assert row == _python_row(low | prefix << 64, 7)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 7), st.lists(st.integers(1, 127), max_size=12))
def test_drawn_antichains_equal_the_python_path(q, blocks):
    blocks = [b & ((1 << q) - 1) for b in blocks if b & ((1 << q) - 1)]
    table = sum(1 << m for m in range(1 << q) if any(m & b == b for b in blocks))
    low, high = table & (2**64 - 1), table >> 64
    row = kernel.evaluate(np.array([low], np.uint64), high, q).tolist()[0]
    assert row == _python_row(table, q)


def test_an_overflowing_simplex_falls_back_to_fractions(monkeypatch):
    """limit 1: a simplex whose entries leave +-1 is marked and recomputed with Fractions."""
    pairs = _q7_tables(3, 60)
    calls = []
    fallback = kernel._fraction_fbs
    monkeypatch.setattr(kernel, "_fraction_fbs", lambda *a: calls.append(a) or fallback(*a))
    for low, prefix in pairs:
        row = kernel.evaluate(np.array([low], np.uint64), prefix, 7, limit=1).tolist()[0]
        assert row == _python_row(low | prefix << 64, 7)
    assert len(calls) >= 10  # the fallback really ran
    with pytest.raises(ValueError):
        kernel.evaluate(np.array([0], np.uint64), 0, 7, limit=2**27)


def test_the_interpreted_kernel_gives_the_same_rows():
    """NUMBA_DISABLE_JIT=1 runs the kernel's own source as Python: same rows, one visit a
    call and a shard's consecutive visits in one call (remembered pairs)."""
    pairs = _q7_tables(5, 25)
    lows, prefix = _consecutive_visits(9000, 40)
    script = ("import json, sys, numpy as np; from verify.sweep.census_kernel import evaluate; "
              "pairs, (lows, prefix) = json.loads(sys.argv[1]); "
              "print(json.dumps([[evaluate(np.array([lo], np.uint64), hi, 7).tolist()[0] "
              "for lo, hi in pairs], evaluate(np.array(lows, np.uint64), prefix, 7).tolist()]))")
    argument = json.dumps([pairs, [lows.tolist(), prefix]])
    done = subprocess.run([sys.executable, "-c", script, argument], cwd=ROOT,
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)})
    compiled = [kernel.evaluate(np.array([lo], np.uint64), hi, 7).tolist()[0]
                for lo, hi in pairs]
    assert json.loads(done.stdout) == [compiled, kernel.evaluate(lows, prefix, 7).tolist()]


@pytest.mark.parametrize("q, index, part", [(5, 17, (0, 1)), (6, 120, (0, 1)),
                                            (7, 9000, (3, 40)), (7, 16000, (7, 2000))])
def test_run_shard_compiled_equals_run_shard_in_python(q, index, part, monkeypatch):
    prefix = shard_prefixes(q)[index]
    compiled = run_shard(q, prefix, part=part)
    monkeypatch.setattr(kernel, "COMPILED", False)
    assert run_shard(q, prefix, part=part) == compiled
    assert compiled["antichains"] > 0


@pytest.mark.parametrize("q", [1, 2, 3, 4, 5])
def test_the_compiled_census_equals_the_python_census(q, monkeypatch):
    """Classes from the shard visits and values from batch certificates against the Python
    path (every up-set's canonical form, four certificates a class): every row equal."""
    from verify.sweep.exhaustive_census import exhaustive_census

    compiled = exhaustive_census(q, global_measures=False)
    monkeypatch.setattr(kernel, "COMPILED", False)
    python = exhaustive_census(q, global_measures=False)
    assert compiled.rows == python.rows and compiled.antichains == python.antichains
    assert compiled.certified and python.certified
    assert compiled.certificates_checked == 1 and python.certificates_checked == 4 * len(
        python.rows)


def test_compiled_shard_prefixes_equal_the_python_ones(monkeypatch):
    compiled = [shard_prefixes(q) for q in range(2, 7)]
    monkeypatch.setattr(kernel, "COMPILED", False)
    assert compiled == [shard_prefixes(q) for q in range(2, 7)]


def test_the_compiled_q6_census_equals_the_committed_one():
    """Q = 6 from the shard visits and batch certificates against the document the Python
    path wrote (bench/census/structure-q6.json): equal but for the certificate count."""
    from verify.sweep.exhaustive_census import exhaustive_census

    committed = json.loads((ROOT / "bench" / "census" / "structure-q6.json").read_text())
    document = exhaustive_census(6).to_json()
    assert document.pop("certificates_checked") == 4 and committed.pop(
        "certificates_checked") == 65408
    assert document == committed


def _consecutive_visits(index: int, count: int) -> tuple[np.ndarray, int]:
    """`count` consecutive U0 of shard `index` of q = 7 in the order run_shard visits them
    (from the middle of its list), and its prefix R."""
    prefix = shard_prefixes(7)[index]
    lower = up_sets(6)
    inside = lower[(lower & np.uint64(~prefix & (2**64 - 1))) == 0]
    middle = max(0, len(inside) // 2 - count // 2)
    return inside[middle:middle + count], prefix


def test_consecutive_visits_with_remembered_pairs_equal_the_python_path():
    """Two shards' visits, each in one batch, where most fbs come from remembered
    primal/dual pairs (verify.sweep.lp_memo) and bs from the search of at most 3 disjoint
    members: every field equals the Python path's, and those paths really ran (work
    counts)."""
    work = np.zeros(len(kernel.WORK), np.int64)
    for index in (9000, 16000):
        lows, prefix = _consecutive_visits(index, 300)
        before = work.copy()
        rows = kernel.evaluate(lows, prefix, 7, work=work).tolist()
        assert rows == [_python_row(int(t) | prefix << 64, 7) for t in lows.tolist()]
        assert sum((work - before)[:4].tolist()) == len(lows)
    paths = dict(zip(kernel.WORK, work.tolist()))
    assert paths["remembered"] > paths["simplex"] > 0 and paths["packing_search"] > 0


def test_a_pair_is_remembered_only_if_it_proves_the_optimum():
    """lp_memo.remember on the triangle {01, 12, 02} on 4 points (nu* = 3/2: weights 1/2,
    dual 1/2 on points 0..2, 0 on point 3; all over D = 2): the true pair is stored and
    recalled for the triangle, not for the triangle and {3} (the dual leaves {3} uncovered)
    nor for the empty antichain (the support is not in it); a dual that leaves a member
    uncovered, a load over 1 or a value that is not the pair's are refused."""
    from verify.sweep.lp_memo import recall, remember

    q, k, rhs = 4, 3, 7
    triangle = [0b0011, 0b0101, 0b0110]

    def words(members, upward):
        sets = [m for m in range(16) if any(m & b == b for b in members)] if upward else members
        return np.uint64(sum(1 << m for m in sets))

    def stored(weights, dual, value, numerator=3, denominator=2):
        table = np.zeros((q + 1, 64 + q + 1))
        table[:q, rhs] = weights
        table[q, k:k + q] = dual
        table[q, rhs] = value
        memo, state = np.zeros((4, 6), np.uint64), np.zeros(2, np.int64)
        ok = remember(memo, state, words(triangle, True), np.uint64(0),
                      np.array(triangle, np.int64), k, q, table, np.array([0, 1, 2, 6]), 2,
                      numerator, denominator, np.zeros(16, np.int64))
        return ok, memo, state

    ok, memo, state = stored([1, 1, 1, 2], [1, 1, 1, 0], 3)
    assert ok and state.tolist() == [1, 1] and memo[0, 4:].tolist() == [3, 2]
    zero = np.uint64(0)
    for members, slot in ((triangle, 0), (triangle + [0b1000], -1), ([], -1)):
        assert recall(memo, state, words(members, True), zero, words(members, False),
                      zero) == slot
    assert not stored([1, 1, 1, 2], [1, 1, 0, 0], 2)[0]  # t({1, 2}) = 1 < D
    assert not stored([2, 1, 1, 2], [1, 1, 1, 0], 3)[0]  # load 3 > D on point 0
    assert not stored([1, 1, 1, 2], [1, 1, 1, 0], 3, 2, 1)[0]  # claims 2, proves 3/2


def test_distinct_rows_equal_numpy_unique_along_rows():
    """The packed-key count against np.unique(axis=0), with rows that fit 10 bits a field
    and rows that do not (the fallback)."""
    from verify.sweep.census_shards import distinct_rows

    rng = np.random.default_rng(11)
    for high in (4, 1023, 1 << 20):
        rows = rng.integers(0, high, size=(2000, 6))
        rows[:1000] = rows[1000:]  # every row at least twice
        distinct, times = distinct_rows(rows)
        expected, expected_times = np.unique(rows, axis=0, return_counts=True)
        assert distinct.tolist() == expected.tolist()
        assert times.tolist() == expected_times.tolist()
    assert distinct_rows(np.zeros((0, 6), np.int64))[1].tolist() == []
