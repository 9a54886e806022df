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
    """NUMBA_DISABLE_JIT=1 runs the kernel's own source as Python: same rows."""
    pairs = _q7_tables(5, 25)
    script = ("import json, sys, numpy as np; from verify.sweep.census_kernel import evaluate; "
              "print(json.dumps([evaluate(np.array([lo], np.uint64), hi, 7).tolist()[0] "
              "for lo, hi in json.loads(sys.argv[1])]))")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(pairs)], cwd=ROOT,
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)})
    compiled = [kernel.evaluate(np.array([lo], np.uint64), hi, 7).tolist()[0]
                for lo, hi in pairs]
    assert json.loads(done.stdout) == compiled


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
