"""`fbs sweep` on a complete store says so and exits at once: no Dask cluster is started.
The store is filled here without Dask (the runner's own batches, run in this process)."""

import pytest

from verify.cli import main
from verify.sweep import api
from verify.sweep.execute import run_task
from verify.sweep.generators import parse_family
from verify.sweep.runner import SweepReport, batches
from verify.sweep.store import Store


class ClusterStarted(Exception):
    pass


def no_cluster(*args, **kwargs):
    raise ClusterStarted


def filled_store(path, family: str, skip_last: bool = False):
    store = Store(path, create=True)
    parts = list(batches(parse_family(family), set(), 4, SweepReport()))
    store.lock()  # as the runner does: it makes the part folders
    for task_id, batch in parts[:-1] if skip_last else parts:
        rows, certificates, errors = run_task(batch)
        assert not errors
        store.write_part(task_id, rows, certificates)
    store.unlock()
    return path


def test_a_complete_store_starts_no_cluster(tmp_path, monkeypatch, capsys):
    store = filled_store(tmp_path / "s", "all:1")
    monkeypatch.setattr(api, "local_client", no_cluster)
    result = api.run_sweep(store, families=["all:1"])
    assert result.complete and (result.report.jobs, result.report.already_done,
                                result.report.computed) == (8, 8, 0)
    assert main(["sweep", "--family", "all:1", "-o", str(store)]) == 0
    assert "complete: all 8 jobs already in STORE; nothing to compute (no cluster started)" in \
        capsys.readouterr().out


def test_a_store_with_work_left_still_starts_the_cluster(tmp_path, monkeypatch):
    store = filled_store(tmp_path / "s", "all:1", skip_last=True)
    monkeypatch.setattr(api, "local_client", no_cluster)
    with pytest.raises(ClusterStarted):
        api.run_sweep(store, families=["all:1"])
    with pytest.raises(ClusterStarted):  # a job the store has never seen
        api.run_sweep(filled_store(tmp_path / "t", "all:1"), families=["all:2"])
