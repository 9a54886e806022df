"""STORE under faults, without Dask (the runner's own batches run in this process, as in
test_complete_store.py): a lost manifest, a manifest whose last line was cut, and census
shards split in two ways (docs/formats.md, "Sweep store" and census-shards)."""

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from test_complete_store import ClusterStarted, filled_store, no_cluster

from verify.base.errors import BadInput
from verify.cli import main
from verify.sweep import api
from verify.sweep.execute import run_task
from verify.sweep.generators import parse_family
from verify.sweep.runner import SweepReport, batches
from verify.sweep.store import MANIFEST, MARKER, Store

# fbs of the 16 functions of 2 inputs at their 4 inputs, by hand: the 2 constants are 0
# (8 pairs); XOR, XNOR are 2 (8 pairs); the 4 dictators and their negations are 1 (16
# pairs); the 8 AND-like functions are 2 at their minority input (8 pairs) and 1 at the
# other three (24 pairs).
ALL2_FBS = {"0": 8, "1": 40, "2": 16}


def _change_one_value(store):
    """What a flipped bit in a part can do: a readable part whose values changed."""
    part = sorted((store / "rows").glob("part-*.parquet"))[0]
    table = pq.read_table(part)
    values = ["0" if value == "1" else value for value in table.column("value").to_pylist()]
    assert values != table.column("value").to_pylist()
    table = table.set_column(table.schema.get_field_index("value"), "value",
                             pa.array(values, pa.string()))
    pq.write_table(table, part, compression="zstd")


def _repair(path, family: str) -> list[str]:
    """What a rerun of the sweep does to STORE: set damaged parts aside, compute the jobs
    missing, one part a task (the runner's batches, run here instead of on Dask)."""
    store = Store(path)
    store.lock()
    try:
        moved = store.set_aside_damaged()
        done = store.done_ids()
        for task_id, batch in batches(parse_family(family), done, 4, SweepReport()):
            rows, certificates, errors = run_task(batch)
            assert not errors
            store.write_part(task_id, rows, certificates)
    finally:
        store.unlock()
    return moved


def test_a_store_that_lost_its_manifest_is_not_read_as_a_pre_manifest_store(tmp_path):
    store = filled_store(tmp_path / "s", "all:2")
    assert api.census(store).to_json()["arities"]["2"]["fbs"] == ALL2_FBS
    _change_one_value(store)
    (store / MANIFEST).unlink()
    with pytest.raises(BadInput, match="manifest.jsonl is missing"):
        api.census(store)
    with pytest.raises(BadInput, match="manifest.jsonl is missing"):
        api.read_store(store)
    assert main(["census", str(store)]) == 2
    assert len(_repair(store, "all:2")) == 16  # every part: none can be trusted
    assert api.census(store).to_json()["arities"]["2"]["fbs"] == ALL2_FBS
    assert Store(store).damaged_parts() == []


def test_a_store_from_before_the_manifest_is_still_read(tmp_path):
    store = filled_store(tmp_path / "s", "all:1")
    (store / MANIFEST).unlink()
    (store / MARKER).write_text(json.dumps({"format": "fbs-sweep-store/1"}) + "\n")
    assert len(api.read_store(store)) == 8


def test_a_rerun_marks_an_older_store_with_a_manifest(tmp_path):
    store = filled_store(tmp_path / "s", "all:1")
    (store / MARKER).write_text(json.dumps({"format": "fbs-sweep-store/1"}) + "\n")
    _repair(store, "all:1")  # the writer's lock records that the store keeps a manifest
    assert json.loads((store / MARKER).read_text())["manifest"] is True
    (store / MANIFEST).unlink()
    with pytest.raises(BadInput, match="manifest.jsonl is missing"):
        api.read_store(store)


def test_a_manifest_cut_in_its_last_line_is_repaired_by_one_rerun(tmp_path):
    store = filled_store(tmp_path / "s", "all:2")
    reference = api.read_store(store).to_pylist()
    lines = (store / MANIFEST).read_text().splitlines(keepends=True)
    assert lines[-2].startswith('{"part": "certificates/')  # the last part's two lines
    cut = "".join(lines[:-2]) + lines[-2][:30]  # a sweep killed while appending them
    (store / MANIFEST).write_text(cut)
    with pytest.raises(BadInput, match="no checksum in the manifest"):
        api.read_store(store)
    assert len(_repair(store, "all:2")) == 1
    assert Store(store).damaged_parts() == []
    assert api.read_store(store).to_pylist() == reference
    assert main(["census", str(store), "--json"]) == 0


def test_a_shard_split_two_ways_by_the_jobs_is_refused_before_any_work(tmp_path,
                                                                     monkeypatch, capsys):
    monkeypatch.setattr(api, "local_client", no_cluster)
    with pytest.raises(BadInput, match=r"split in different ways \(\[2, 3\] parts\)"):
        api.run_sweep(tmp_path / "s", families=["census-shards:3@2", "census-shards:3:1:2@3"])
    jobs = [{"kind": "census-shard", "q": 3, "prefix": "0x8", "part": "0/2"},
            {"kind": "census-shard", "q": 3, "prefix": "0x8"}]
    with pytest.raises(BadInput, match="split in different ways"):
        api.run_sweep(tmp_path / "s", jobs=jobs)
    assert not (tmp_path / "s").exists()
    code = main(["sweep", "--family", "census-shards:3@2", "--family", "census-shards:3@3",
                 "-o", str(tmp_path / "s")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err


def test_a_shard_split_two_ways_with_the_store_is_refused_before_any_work(tmp_path,
                                                                        monkeypatch):
    store = filled_store(tmp_path / "s", "census-shards:3")
    before = sorted((store / "rows").iterdir())
    monkeypatch.setattr(api, "local_client", no_cluster)
    with pytest.raises(BadInput, match=r"\[1, 2\] parts\) \(with the parts already in STORE"):
        api.run_sweep(store, families=["census-shards:3:0:2@2"])
    assert sorted((store / "rows").iterdir()) == before
    assert api.run_sweep(store, families=["census-shards:3"]).complete
    with pytest.raises(ClusterStarted):  # the other shards, split their own way, are fine
        api.run_sweep(tmp_path / "t", families=["census-shards:3:0:2@2"])
