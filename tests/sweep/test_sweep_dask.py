"""Sweeps on a real 2-worker LocalCluster (issue 14): values equal the public API's, resume,
determinism across worker counts, a killed worker, Ctrl-C."""

import itertools
import os
import signal
from fractions import Fraction
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from cli_run import interruptible

from verify import fbs, plan, random_oracle, random_tree, tree_fbs, worst_case
from verify.sweep.generators import parse_family
from verify.sweep.jobs import job_id, normalize_job
from verify.sweep.runner import local_client, run_on_cluster
from verify.sweep.store import Store

TREE = {"random": 5, "depth": 2, "aggregators": ["maj:3", "and:2"], "leaf_probability": 0.0}
ORACLE = {"random": 9, "ones": 0.5}
MIXED = [
    {"kind": "compute", "spec": "maj:6", "input": "111100"},
    {"kind": "certify", "spec": "thr:5:2", "input": "10000"},
    {"kind": "compute", "spec": "maj:1001", "input": "1^501,0^500", "measures": False},
    {"kind": "tree-fbs", "tree": TREE, "oracle": ORACLE},
    {"kind": "worst-case", "tree": TREE, "oracle": ORACLE, "rule": "uniform", "rho": "2"},
    {"kind": "plan", "rho": "2", "depth": 3, "delta": "1/100"},
]


def _sweep(client, path, jobs, **options):
    jobs = [normalize_job(job, "test") for job in jobs] if isinstance(jobs, list) else jobs
    return run_on_cluster(iter(jobs), len(jobs), Store(path, create=True), client, **options)


def _rows(path):
    return Store(path).read_rows().to_pylist()


@pytest.mark.slow
def test_every_kind_matches_the_public_api(client2, tmp_path):
    report = _sweep(client2, tmp_path / "s", MIXED)
    assert (report.jobs, report.computed, report.errors) == (6, 6, [])
    rows = {row["kind"] + row["spec"][:6]: row for row in _rows(tmp_path / "s")}
    maj6 = rows["computemaj:6"]
    # fbs 4 (Section 1.2); each of the four 1s alone is sensitive, so s = bs = C = 4
    assert (maj6["value"], maj6["certified"], maj6["s"], maj6["bs"], maj6["C"]) == \
        ("4", True, 4, 4, 4)
    assert maj6["measures_method"] == "verify.fbs(measures=True)"  # q = 6: the RC2 route
    thr = rows["certifythr:5:"]
    assert Fraction(thr["value"]) == Fraction(4, 1)  # (n - w) / (t - w) = 4/1 at w = 1
    assert rows["computemaj:10"]["value"] == str(fbs("maj:1001", "1^501,0^500").value)
    assert rows["computemaj:10"]["s"] is None
    tree = random_tree(5, 2, ["maj:3", "and:2"])
    answers = random_oracle(tree, 9)
    global_fbs = [r for r in rows.values() if r["kind"] == "tree-fbs"][0]
    assert Fraction(global_fbs["value"]) == tree_fbs(tree, answers).value
    assert global_fbs["certified"] is True and global_fbs["certificate"]
    worst = [r for r in rows.values() if r["kind"] == "worst-case"][0]
    assert Fraction(worst["value"]) == worst_case(tree, answers, 2,
                                                  rule="uniform").catch_probability_exact
    assert worst["certified"] is False  # an exact DP, but no certificate: labelled truthfully
    assert rows["planplan:r"]["value"] == "35" == str(plan(2, 3, "1/100").runs_theorem)


@pytest.mark.slow
def test_stored_certificates_are_content_addressed_and_valid(client2, tmp_path):
    from verify import check

    _sweep(client2, tmp_path / "s", MIXED[:2])
    store = Store(tmp_path / "s")
    digests = {row["certificate"] for row in _rows(tmp_path / "s")}
    found = store.certificates_by_digest(digests)
    assert set(found) == digests
    assert all(check(certificate).valid for certificate in found.values())


@pytest.mark.slow
def test_resume_skips_what_is_stored_and_ends_equal(client2, tmp_path):
    jobs = list(parse_family("all:2"))
    first = _sweep(client2, tmp_path / "s", jobs[:40], chunk=8)
    assert first.computed == 40
    again = _sweep(client2, tmp_path / "s", jobs, chunk=8)
    assert (again.already_done, again.computed) == (40, 24)
    _sweep(client2, tmp_path / "fresh", jobs)
    assert _rows(tmp_path / "s") == _rows(tmp_path / "fresh")
    nothing = _sweep(client2, tmp_path / "s", jobs)
    assert (nothing.already_done, nothing.computed, nothing.tasks) == (64, 0, 0)


@pytest.mark.slow
def test_results_are_identical_with_one_and_two_workers(client1, client2, tmp_path):
    jobs = list(parse_family("npn:3")) + [normalize_job(MIXED[3], "t")]
    one = _sweep(client1, tmp_path / "one", jobs)
    two = _sweep(client2, tmp_path / "two", jobs)
    assert (one.workers, two.workers) == (1, 2)
    assert _rows(tmp_path / "one") == _rows(tmp_path / "two")
    names = [sorted(p.name for p in (tmp_path / w / "rows").iterdir()) for w in ("one", "two")]
    assert names[0] == names[1] and len(names[0]) > 2
    for name in names[0]:  # part by part, byte-identical content
        assert pq.read_table(tmp_path / "one" / "rows" / name).equals(
            pq.read_table(tmp_path / "two" / "rows" / name))


@pytest.mark.slow
def test_a_killed_worker_loses_no_result_and_its_task_is_retried(tmp_path):
    jobs = list(itertools.islice(parse_family("all:4"), 384))
    client = local_client(2)
    try:
        pids = client.run(os.getpid)
        killed = []

        def kill_a_busy_worker(tasks_written):
            if killed:
                return
            busy = {addr: keys for addr, keys in client.processing().items() if keys}
            if busy:
                addr, keys = sorted(busy.items())[0]
                os.kill(pids[addr], signal.SIGKILL)
                killed.append((addr, list(keys)))

        report = _sweep(client, tmp_path / "s", jobs, chunk=48, on_result=kill_a_busy_worker)
    finally:
        cluster = client.cluster
        client.close()
        cluster.close()
    assert killed, "no worker was busy when the first part was written"
    assert report.errors == [] and report.computed == len(jobs)
    stored = {row["job_id"] for row in _rows(tmp_path / "s")}
    assert stored == {job_id(job) for job in jobs}
    parts = {p.name for p in (tmp_path / "s" / "rows").iterdir()}
    for key in killed[0][1]:  # every task the dead worker held was run again and written
        assert f"part-{key.removeprefix('fbs-sweep-')}.parquet" in parts


@pytest.mark.slow
def test_ctrl_c_leaves_a_consistent_store_and_a_rerun_completes(client2, small_census_store,
                                                               tmp_path, monkeypatch):
    """Ctrl-C is a KeyboardInterrupt in the submitting process: between two parts, and in the
    middle of writing one. Either way STORE holds complete parts only and a rerun finishes."""
    import verify.sweep.store as store_module

    jobs, store = list(parse_family("all:3"))[:512], tmp_path / "s"

    def interrupt_after_two_parts(tasks_written):
        if tasks_written == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _sweep(client2, store, jobs, chunk=32, on_result=interrupt_after_two_parts)
    assert Store(store).read_rows().num_rows == 64
    write, calls = store_module.pq.write_table, []

    def interrupted_write(table, where, **options):
        calls.append(where)
        if len(calls) == 4:  # the next task's rows part: half a file, then Ctrl-C
            Path(where).write_bytes(b"PAR1 half a file")
            raise KeyboardInterrupt
        return write(table, where, **options)

    monkeypatch.setattr(store_module.pq, "write_table", interrupted_write)
    with pytest.raises(KeyboardInterrupt):
        _sweep(client2, store, jobs, chunk=32)
    monkeypatch.setattr(store_module.pq, "write_table", write)
    assert not list(store.rglob(".*partial*"))  # the half-written part never got its name
    partial = Store(store).read_rows()  # every part readable, the lock released
    assert partial.num_rows == 96  # two parts, then one more before the interrupted write
    resumed = _sweep(client2, store, jobs, chunk=32)
    assert (resumed.already_done, resumed.computed) == (96, 512 - 96)
    wanted = {job_id(job) for job in jobs}
    reference = [row for row in _rows(small_census_store) if row["job_id"] in wanted]
    assert _rows(store) == reference  # the same rows as an uninterrupted sweep


@pytest.mark.slow
def test_ctrl_c_on_the_command_exits_130_promptly_with_complete_parts(tmp_path):
    """The real signal on `fbs sweep` (a LocalCluster of its own): exit 130 within seconds,
    one line saying how to resume, only complete parts, no worker process left behind."""
    import subprocess
    import sys
    import time

    store = tmp_path / "s"
    command = [sys.executable, "-m", "verify", "sweep", "--family", "all:4", "-o", str(store),
               "--workers", "1"]
    with interruptible(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(list(store.glob("rows/*.parquet"))) < 1:
            time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=600)
    assert process.returncode == 130, err.decode()
    assert "rerun the same command to resume" in err.decode() and b"Traceback" not in err
    lines = [line for line in err.decode().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("fbs: interrupted: STORE holds "), lines
    rows = Store(store).read_rows()
    assert 0 < rows.num_rows < 1_048_576 and rows.num_rows % 1024 == 0  # whole tasks only
    assert not list(store.rglob(".*partial*"))


@pytest.mark.parametrize("bad, message", [
    ({"kind": "compute", "spec": "maj:3"}, "missing key 'input'"),
    ({"kind": "compute", "spec": "maj:3", "input": "11"}, "arity 3"),
    ({"kind": "nope"}, "\"kind\" must be one of"),
    ({"kind": "worst-case", "tree": TREE, "oracle": ORACLE, "rule": "best"}, "unknown rule"),
    ({"kind": "worst-case", "tree": TREE, "oracle": ORACLE, "protocol": "fair"},
     "unknown protocol"),
    ({"kind": "worst-case", "tree": TREE, "oracle": ORACLE, "protocol": "budgeted",
      "rule": "vertex"}, "apply to the paper's protocol"),
    ({"kind": "tree-fbs", "tree": {"uniform": "maj:3"}, "oracle": ORACLE}, "\"depth\""),
    ({"kind": "plan", "rho": "1/2", "depth": 3}, "rho must be >= 1"),
    ({"kind": "compute", "spec": "maj:3", "input": "110", "extra": 1}, "unknown key 'extra'"),
    ({"kind": "worst-case", "tree": {"uniform": "maj:513", "depth": 1}, "oracle": ORACLE},
     "symmetric aggregators of width <= 512"),  # the API's rule (issue 32): maj:13 is taken
    ({"kind": "worst-case", "tree": {"uniform": "wthr:1,1,1,1,1,1,1,1,1,1,1,1,2:3",
                                     "depth": 1}, "oracle": ORACLE}, "others of width <= 12"),
    ({"kind": "plan", "rho": "10000000", "depth": 2}, "rho <= 1000000"),
    ({"kind": "tree-fbs", "tree": {"uniform": "maj:3", "depth": 1},
      "oracle": {"answers": {"x": 1}}}, "does not answer"),
])
def test_bad_jobs_are_refused_before_anything_runs(bad, message):
    from verify.base.errors import BadInput

    with pytest.raises(BadInput, match=message):
        normalize_job(bad, "line 1")


@pytest.mark.slow
def test_an_existing_scheduler_is_used_through_its_address(client2, tmp_path):
    from verify.sweep.api import run_sweep

    address = client2.scheduler.address  # a running cluster, as `--scheduler ADDRESS` sees it
    result = run_sweep(tmp_path / "s", jobs=MIXED[:1], scheduler=address)
    assert result.complete and result.report.workers == 2
    assert _rows(tmp_path / "s")[0]["value"] == "4"
    assert client2.status == "running"  # the cluster is not ours to close
