"""Issue 40, section 3, the store: a rows part deleted by hand is refused like a changed one
(never a census of fewer shards, exit 0); a store of another q is said so, not summed as
"0 of N shards"; an interrupted sweep prints one line. Without Dask (the runner's batches
run in this process, as in test_complete_store.py)."""

import json

import pytest
from test_complete_store import filled_store
from test_store_faults import _repair

from verify.base.errors import BadInput
from verify.cli import main
from verify.sweep import api, runner
from verify.sweep.census_shards import SHARDS, shard_census
from verify.sweep.store import MANIFEST, Store


def _census(store, q: int, capsys) -> tuple[int, str, str]:
    code = main(["census", str(store), "--exhaustive", str(q)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_deleted_rows_part_is_refused_and_a_rerun_repairs_it(tmp_path, capsys):
    store = filled_store(tmp_path / "s", "census-shards:3")
    code, out, _ = _census(store, 3, capsys)
    assert code == 0 and f"{SHARDS[3]} of {SHARDS[3]} shards" in out and "complete" in out
    deleted = sorted((store / "rows").glob("part-*.parquet"))[0]
    deleted.unlink()
    code, out, err = _census(store, 3, capsys)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert f"part rows/{deleted.name} is damaged: it is missing" in err
    for read in (lambda: api.read_store(store), lambda: shard_census(store, 3)):
        with pytest.raises(BadInput, match="it is missing"):
            read()
    assert _repair(store, "census-shards:3") == [f"rows/{deleted.name}"]
    assert Store(store).damaged_parts() == []  # recorded as set aside in the manifest
    assert any(json.loads(line).get("set_aside") for line in
               (store / MANIFEST).read_text().splitlines())
    document = shard_census(store, 3)
    assert document["complete"] and document["inputs_covered"] == str(2 ** 8 * 2 ** 3)


def test_a_store_of_another_q_is_said_so(tmp_path, capsys):
    store = filled_store(tmp_path / "s", "census-shards:3")
    code, out, err = _census(store, 4, capsys)
    assert (code, out) == (2, "")
    assert "STORE holds shards of q = 3 only, none of q = 4" in err and err.count("\n") == 1
    empty = tmp_path / "empty"
    Store(empty, create=True)
    with pytest.raises(BadInput, match="STORE holds no census shards, none of q = 3"):
        shard_census(empty, 3)


class _Client:
    """A client whose tasks never finish: the Ctrl-C comes while the sweep waits."""

    def submit(self, *args, **kwargs):
        return object()

    def cancel(self, futures):
        pass


def _ctrl_c(*args, **kwargs):
    raise KeyboardInterrupt
    yield  # a generator, as runner._finished is


def test_an_interrupted_sweep_prints_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(runner, "_finished", _ctrl_c)
    monkeypatch.setattr(api, "local_client", lambda workers: _Client())
    monkeypatch.setattr(api, "close_client", lambda client, local: None)
    code = main(["sweep", "--family", "all:2", "-o", str(tmp_path / "s"), "--workers", "1"])
    err = capsys.readouterr().err
    assert code == 130
    assert err.splitlines() == ["fbs: interrupted: STORE holds 0 of the jobs seen; rerun the "
                                "same command to resume"], err
