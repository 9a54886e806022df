"""Certified Q = 7 shards (verify.sweep.shard_certify): the kernel's witnesses at q = 7
against the pure-Python path, two small shards certified and compared with the Python
certified path (four certificates a visit) and with the committed store, and a kernel that
lies refused by the checker."""

from pathlib import Path

import numpy as np
import pytest

import verify.sweep.census_kernel as kernel
from verify.base.errors import SolverFailure
from verify.sweep.census_shards import run_shard, shard_lower
from verify.sweep.class_rows import class_row
from verify.sweep.shard_certify import certify_shard, compare_with_store, stored_shards

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "bench" / "census" / "q7-shards"
# two small shards of q = 7 (11 and 36 visits; orbits 60 and 60), least tables of their class
SMALL = (0x8080800080008000, 0x8880800088808000)
LARGER = 0xeee8eaa0eee0a0a0  # 62,956 visits, fractional fbs among them


def test_q7_witnesses_equal_the_python_path():
    """fbs, s, bs, C and |U| - |A| of seeded visits of a larger shard, by the kernel's
    certified route, against class_row (minimal members by shifts, the Python simplex)."""
    lows = np.random.default_rng(29).choice(shard_lower(7, LARGER), 300, replace=False)
    rows = kernel.witnesses(lows, 7, high=LARGER)[0].tolist()
    fractional = 0
    for low, row in zip(lows.tolist(), rows):
        python, _ = class_row(low | LARGER << 64, 1, 7, False)
        assert row[1] != 0 and (row[0] * python.fbs.denominator ==
                                python.fbs.numerator * row[1]), hex(low)
        assert row[2:6] == [python.s, python.bs, python.C,
                            (low | LARGER << 64).bit_count() - len(python.antichain)]
        fractional += python.fbs.denominator > 1
    assert fractional > 0  # the sample reaches the simplex, not only bs = C


@pytest.mark.parametrize("prefix", SMALL)
def test_a_certified_shard_equals_the_python_certified_path_and_the_store(prefix):
    certified = certify_shard(7, prefix)
    python = run_shard(7, prefix, certify=True)  # every visit: four certificates checked
    assert certified["counts"] == python["counts"]
    assert certified["antichains"] == python["antichains"] == len(shard_lower(7, prefix))
    assert certified["certificates_checked"] == 1  # one census-classes certificate
    assert compare_with_store(certified, stored_shards(STORE, 7)[prefix])


def test_compare_with_store_refuses_another_count_or_a_missing_part():
    certified = certify_shard(7, SMALL[0])
    stored = stored_shards(STORE, 7)[SMALL[0]]
    changed = [dict(stored[0], counts=[row[:4] + [str(int(row[4]) + 1)]
                                       for row in stored[0]["counts"]])]
    assert not compare_with_store(certified, changed)
    assert not compare_with_store(certified, [dict(stored[0], part=[0, 2])])
    assert not compare_with_store(certified, [])


def test_a_kernel_that_lies_is_refused_by_the_checker(monkeypatch):
    honest = kernel.witnesses

    def lying(lows, q, limit=kernel.ENTRY_LIMIT, high=0):
        rows, members, weights, packings = honest(lows, q, limit, high)
        rows[-1, 4] += 1  # C of the last visit, one too many
        return rows, members, weights, packings

    monkeypatch.setattr(kernel, "witnesses", lying)
    with pytest.raises(SolverFailure, match="rejected a census-classes certificate"):
        certify_shard(7, SMALL[1])


def test_the_committed_sample_summary_adds_up():
    """bench/census/q7-certified-sample.json: every shard matched its stored row and the
    exact path; its visits are the closed count of shard_sizes (no visit listed), its |K|
    all 720 permutations', and the totals are the sums of its shards."""
    import json

    from verify.sweep.census_shards import orbit_size, shard_sizes

    summary = json.loads((ROOT / "bench" / "census" / "q7-certified-sample.json").read_text())
    shards = summary["shards"]
    prefixes = [int(s["prefix"], 16) for s in shards]
    assert summary["all_match"] and all(s["matches_store"] and s["matches_exact_path"]
                                        for s in shards)
    assert len(set(prefixes)) == len(shards) == summary["shards_certified"]
    assert [s["visits"] for s in shards] == shard_sizes(7, prefixes)
    assert all(s["visits"] <= summary["max_visits"] for s in shards)
    assert [s["orbit"] for s in shards] == [orbit_size(p, 6) for p in prefixes]
    assert summary["visits_certified"] == sum(s["visits"] for s in shards)
    assert summary["up_sets_covered"] == sum(s["visits"] * s["orbit"] for s in shards)
    assert int(summary["pairs_covered"]) == sum(int(s["pairs"]) for s in shards)
