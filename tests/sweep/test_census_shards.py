"""The census by structure in shards (one class of up-sets on q - 1 points each) against the
census by classes on q points, and run as `fbs sweep` jobs on Dask into a STORE that a rerun
resumes and `fbs census STORE --exhaustive Q` adds up."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from verify.base.errors import BadInput
from verify.sweep.census_shards import (
    SHARDS,
    normalize_shard_job,
    run_shard,
    shard_census,
    shard_prefixes,
    shard_sizes,
)
from verify.sweep.exhaustive_census import exhaustive_census
from verify.sweep.generators import parse_family
from verify.sweep.jobs import normalize_job
from verify.sweep.runner import run_on_cluster
from verify.sweep.store import Store

ROOT = Path(__file__).resolve().parents[2]


def _added_up(q: int) -> dict:
    totals: dict = {}
    for prefix in shard_prefixes(q):
        for fbs, s, bs, c, n in run_shard(q, prefix)["counts"]:
            for name, value in (("fbs", fbs), ("s", str(s)), ("bs", str(bs)), ("C", str(c))):
                totals.setdefault(name, {})
                totals[name][value] = totals[name].get(value, 0) + int(n)
    return totals


@pytest.mark.parametrize("q", [2, 3, 4, 5])
def test_shards_add_up_to_the_census_by_classes(q):
    assert len(shard_prefixes(q)) == SHARDS[q]  # OEIS A003182 at q - 1
    mine = exhaustive_census(q, certify=False).to_json()
    for name, counts in _added_up(q).items():
        assert {v: str(n) for v, n in counts.items()} == mine[name], name


def test_a_certified_shard_passes_the_checker():
    result = run_shard(4, shard_prefixes(4)[3], certify=True)
    assert result["certificates_checked"] == 4 * result["antichains"]


@pytest.mark.parametrize("raw, words", [
    ({"q": 8, "prefix": "0x0"}, "2..7"),
    ({"q": 4, "prefix": "12"}, "hex string"),
    ({"q": 4, "prefix": "0xzz"}, "not hexadecimal"),
    ({"q": 4, "prefix": "0x2"}, "not an up-set"),  # holds mask 1 but not its superset 3
    ({"q": 4, "prefix": "0x1ff"}, "not an up-set"),  # beyond 2^8 positions
    ({"q": 4, "prefix": "0x0", "certify": 1}, "true or false"),
])
def test_bad_shard_jobs_are_refused(raw, words):
    with pytest.raises(BadInput, match=words):
        normalize_shard_job(raw)


def test_a_prefix_that_is_not_least_in_its_class_is_refused_by_the_worker():
    # {x_2} (mask 0b001 and its supersets) on 3 points: its least image is {x_3}'s table
    table = sum(1 << m for m in range(8) if m & 0b010)
    with pytest.raises(BadInput, match="least table"):
        run_shard(4, table)


@pytest.mark.slow
def test_a_sweep_of_shards_resumes_and_adds_up(client1, tmp_path):
    store = tmp_path / "store"
    first = list(parse_family("census-shards:4:0:4"))
    report = run_on_cluster(iter(first), len(first), Store(store, create=True), client1)
    assert report.errors == [] and report.computed == 4
    partial = shard_census(store, 4)
    assert (partial["shards"], partial["complete"]) == (4, False)
    every = list(parse_family("census-shards:4"))
    report = run_on_cluster(iter(every), len(every), Store(store), client1)
    assert report.already_done == 4 and report.computed == SHARDS[4] - 4
    complete = shard_census(store, 4)
    mine = exhaustive_census(4, certify=False).to_json()
    assert complete["complete"] and complete["inputs_covered"] == mine["inputs"]
    assert all(complete[m] == mine[m] for m in ("fbs", "s", "bs", "C"))
    shown = subprocess.run([sys.executable, "-m", "verify", "census", str(store),
                            "--exhaustive", "4", "--json"], capture_output=True, text=True,
                           cwd=ROOT, timeout=300)
    assert shown.returncode == 0 and json.loads(shown.stdout) == complete


def test_the_family_is_validated():
    for text in ("census-shards:8", "census-shards:4:3:2", "census-shards:x", "census-shards:4:1"):
        with pytest.raises(BadInput):
            parse_family(text)
    assert normalize_job({"kind": "census-shard", "q": 3, "prefix": "0x0"}, "job")["certify"] \
        is False


@pytest.mark.parametrize("q", [3, 4, 5, 6])
def test_shard_sizes_count_the_up_sets_inside_each_prefix(q):
    import numpy as np

    from verify.sweep.antichains import up_sets

    prefixes, lower = shard_prefixes(q), up_sets(q - 1)
    brute = [int(np.count_nonzero((lower & np.uint64(~p & (2 ** 64 - 1))) == 0))
             for p in prefixes]
    assert shard_sizes(q, prefixes) == brute
    if q <= 5:
        assert brute == [run_shard(q, p)["antichains"] for p in prefixes]


def test_a_complete_store_whose_shards_do_not_cover_every_pair_is_refused(tmp_path):
    """In-process (no Dask): every shard of q = 3 into a STORE, once as computed (complete,
    equal to the census by classes), once with one shard's count doubled (refused)."""
    import pyarrow as pa

    from verify.sweep.execute import run_task

    jobs = [(f"j{k}", job) for k, job in enumerate(parse_family("census-shards:3"))]
    rows, certificates, errors = run_task(jobs)
    assert errors == []
    good = Store(tmp_path / "good", create=True)
    good.lock()  # creates the part folders
    good.write_part("0", rows, certificates)
    good.unlock()
    summary, mine = shard_census(tmp_path / "good", 3), exhaustive_census(3).to_json()
    assert summary["complete"] and summary["chain_violations"] == "0"
    for name, extreme in mine["extremes"].items():
        record = dict(summary["largest_ratios"][name])
        record.pop("witness")
        assert record == {"ratio": extreme["ratio"], "attained_by": extreme["attained_by"]}
    params = rows.column("params").to_pylist()
    document = json.loads(params[-1])
    document["counts"][0][-1] = str(2 * int(document["counts"][0][-1]))
    params[-1] = json.dumps(document)
    doctored = rows.set_column(rows.schema.get_field_index("params"), "params",
                               pa.array(params, pa.string()))
    bad = Store(tmp_path / "bad", create=True)
    bad.lock()
    bad.write_part("0", doctored, certificates)
    bad.unlock()
    with pytest.raises(BadInput, match="cover"):
        shard_census(tmp_path / "bad", 3)


def test_shards_split_into_parts_add_up_to_the_census():
    q, totals = 5, {}
    for prefix in shard_prefixes(q):
        for k in range(3):
            for fbs, *_, n in run_shard(q, prefix, part=(k, 3))["counts"]:
                totals[fbs] = totals.get(fbs, 0) + int(n)
    mine = exhaustive_census(q, certify=False).to_json()["fbs"]
    assert {v: str(n) for v, n in totals.items()} == mine


def _store_of(tmp_path, name: str, family: str, keep=lambda identity: True):
    from verify.sweep.execute import run_task

    jobs = [(f"j{k}", job) for k, job in enumerate(parse_family(family))]
    rows, certificates, errors = run_task([(i, j) for i, j in jobs if keep(i)])
    assert errors == []
    store = Store(tmp_path / name, create=True)
    store.lock()
    store.write_part("0", rows, certificates)
    store.unlock()
    return tmp_path / name


def test_parts_in_a_store(tmp_path):
    whole = shard_census(_store_of(tmp_path, "a", "census-shards:3@2"), 3)
    assert whole["complete"] and whole["shards"] == SHARDS[3]
    assert whole["fbs"] == exhaustive_census(3, certify=False).to_json()["fbs"]
    half = shard_census(_store_of(tmp_path, "b", "census-shards:3@2", lambda i: i != "j1"), 3)
    assert not half["complete"] and half["shards"] == SHARDS[3] - 1
    mixed = _store_of(tmp_path, "c", "census-shards:3@2")
    extra = _store_of(tmp_path, "d", "census-shards:3:0:1@3")  # shard 0 in 3 parts as well
    for part in (Path(extra) / "rows").iterdir():
        part.rename(Path(mixed) / "rows" / "part-1.parquet")
    with pytest.raises(BadInput, match="split in different ways"):
        shard_census(mixed, 3)


def test_part_syntax():
    assert len(parse_family("census-shards:4@3")) == 3 * SHARDS[4]
    for text in ("census-shards:4@0", "census-shards:4@x", "census-shards:4@"):
        if text.endswith("@"):
            assert len(parse_family(text)) == SHARDS[4]  # an empty split means one part
            continue
        with pytest.raises(BadInput):
            parse_family(text)
    for part in ("3/3", "1/0", "a/2", 1, "1/2/3", "-1/2"):
        with pytest.raises(BadInput, match="part"):
            normalize_shard_job({"q": 3, "prefix": "0x0", "part": part})
    assert "part" not in normalize_shard_job({"q": 3, "prefix": "0x0", "part": "0/1"})
