"""Sweeps under faults: damaged parts (checksums in the store's manifest), outputs inside a
store, a complete store (no cluster), a killed scheduler, Ctrl-C and Dask's own logging."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_run import interruptible

from verify.base.errors import BadInput
from verify.cli import main
from verify.sweep.generators import parse_family
from verify.sweep.jobs import job_id
from verify.sweep.runner import run_on_cluster
from verify.sweep.store import MANIFEST, Store

ROOT = Path(__file__).resolve().parents[2]
# A hang guard only, not a bar: the documented 10 s from a lost scheduler to the exit is
# measured by bench/bench_prompt_refusals.py (bench/RESULTS.md), never asserted here.
LOST_SCHEDULER_HANG_GUARD = 300


def _sweep(client, path, jobs, chunk=8):
    return run_on_cluster(iter(jobs), len(jobs), Store(path, create=True), client, chunk=chunk)


def _rows(path):
    return Store(path).read_rows().to_pylist()


def _damage(store: Path) -> list[str]:
    """Flip bytes in one rows part, cut one certificates part, delete another, and drop the
    manifest line of a fourth rows part (a sweep killed before it recorded the checksum)."""
    rows = sorted((store / "rows").glob("part-*.parquet"))
    flipped = bytearray(rows[0].read_bytes())
    for k in (len(flipped) // 2, len(flipped) // 2 + 1):
        flipped[k] ^= 0xFF
    rows[0].write_bytes(bytes(flipped))
    cut = store / "certificates" / rows[1].name
    cut.write_bytes(cut.read_bytes()[:100])
    (store / "certificates" / rows[2].name).unlink()
    manifest = store / MANIFEST
    kept = [line for line in manifest.read_text().splitlines()
            if f"rows/{rows[3].name}" not in line]
    manifest.write_text("\n".join(kept) + "\n")
    return [f"rows/{p.name}" for p in rows[:4]]


@pytest.mark.slow
def test_damaged_parts_are_named_by_census_and_recomputed_by_a_rerun(client1, tmp_path):
    jobs = list(parse_family("all:2"))  # 64 jobs, 8 parts of 8
    store = tmp_path / "s"
    _sweep(client1, store, jobs)
    reference = _rows(store)
    assert len(reference) == 64 and Store(store).damaged_parts() == []
    damaged = _damage(store)
    found = Store(store).damaged_parts()
    assert [part for part, _ in found] == damaged
    assert "SHA-256 differs" in found[0][1] and "certificates" in found[1][1]
    assert "missing" in found[2][1] and "no checksum" in found[3][1]
    with pytest.raises(BadInput, match=f"part {damaged[0]} is damaged"):
        Store(store).check_intact()
    code = main(["census", str(store)])
    assert code == 2
    report = _sweep(client1, store, jobs)
    assert sorted(report.set_aside) == damaged
    assert (report.already_done, report.computed) == (32, 32)
    assert _rows(store) == reference  # the same rows as the clean run
    assert Store(store).damaged_parts() == []
    assert sorted(p.name for p in (store / "damaged").iterdir())[:1] == [
        f"certificates-{Path(damaged[0]).name}"]


@pytest.mark.slow
def test_without_the_check_a_deleted_certificates_part_would_go_unnoticed(client1, tmp_path,
                                                                          monkeypatch):
    """The rerun test above fails on an implementation that does not check parts: with the
    check disabled, a rows part whose certificates part was deleted stays, and nothing is
    recomputed (the fault as it was first seen: rows without certificates, exit 0)."""
    jobs = list(parse_family("all:1"))
    store = tmp_path / "s"
    _sweep(client1, store, jobs, chunk=2)
    sorted((store / "certificates").glob("part-*.parquet"))[0].unlink()
    assert len(Store(store).damaged_parts()) == 1  # the real check sees it
    monkeypatch.setattr(Store, "damaged_parts", lambda self: [])
    report = _sweep(client1, store, jobs, chunk=2)
    assert report.computed == 0 and report.set_aside == []


@pytest.mark.slow
def test_census_outputs_inside_the_store_are_refused(client1, tmp_path, capsys):
    store = tmp_path / "s"
    _sweep(client1, store, list(parse_family("all:1")))
    before = sorted(str(p) for p in store.rglob("*"))
    for prefix in (store / "rows" / "summary", store / "summary", store / "certificates" / "x"):
        assert main(["census", str(store), "-o", str(prefix)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "STORE" in err
    assert sorted(str(p) for p in store.rglob("*")) == before
    assert main(["census", str(store), "-o", str(tmp_path / "summary")]) == 0
    assert (tmp_path / "summary.json").exists()


@pytest.mark.slow
def test_a_complete_store_starts_no_cluster(client1, tmp_path, monkeypatch, capsys):
    from verify.sweep import api

    store = tmp_path / "s"
    _sweep(client1, store, list(parse_family("all:2")))

    def no_cluster(*args, **kwargs):
        raise AssertionError("a cluster was started for a complete store")

    monkeypatch.setattr(api, "local_client", no_cluster)
    monkeypatch.setattr(api, "remote_client", no_cluster)
    assert main(["sweep", "--family", "all:2", "-o", str(store)]) == 0
    out, err = capsys.readouterr()
    assert "complete: all 64 jobs already in STORE" in out and err == ""
    with pytest.raises(AssertionError, match="a cluster was started"):
        api.run_sweep(store, families=["all:1", "all:2"])  # all:1 is new: work to do


class DaskProcesses:
    """`dask scheduler` and `dask worker` processes on 127.0.0.1, started by a test."""

    def __init__(self, folder: Path):
        self.dask, self.info, self.started = (Path(sys.executable).with_name("dask"),
                                              folder / "scheduler.json", [])

    def scheduler(self) -> str:
        self.started.append(subprocess.Popen(
            [str(self.dask), "scheduler", "--host", "127.0.0.1", "--port", "0",
             "--no-dashboard", "--scheduler-file", str(self.info)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 600  # a hang guard for a slow start
        while not self.info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        return json.loads(self.info.read_text())["address"]

    def worker(self, address: str) -> None:
        self.started.append(subprocess.Popen(
            [str(self.dask), "worker", address, "--nthreads", "1", "--nworkers", "1",
             "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def kill_all(self) -> None:
        for process in reversed(self.started):
            if process.poll() is None:
                process.kill()
            process.wait()


@pytest.fixture
def dask_processes(tmp_path):
    processes = DaskProcesses(tmp_path)
    try:
        yield processes
    finally:
        processes.kill_all()


@pytest.fixture
def dask_pair(dask_processes):
    """A `dask scheduler` and one `dask worker` started here, killed at the end."""
    address = dask_processes.scheduler()
    dask_processes.worker(address)
    return address, dask_processes.started[0]


@pytest.mark.slow
def test_killing_the_scheduler_ends_the_sweep_in_one_line_and_a_rerun_resumes(dask_pair,
                                                                              tmp_path):
    address, scheduler = dask_pair
    store = tmp_path / "s"
    command = [sys.executable, "-m", "verify", "sweep", "--family", "all:3", "-o", str(store)]
    with interruptible(command + ["--scheduler", address], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=ROOT) as process:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not list(store.glob("rows/*.parquet")):
            time.sleep(0.1)
        scheduler.send_signal(signal.SIGKILL)
        _, err = process.communicate(timeout=LOST_SCHEDULER_HANG_GUARD)
    err = err.decode()
    assert process.returncode == 2, err
    assert err.count("\n") == 1 and "lost the connection to the Dask scheduler" in err, err
    kept = len(Store(store).read_rows())
    assert kept > 0
    rerun = subprocess.run(command + ["--workers", "1", "--json"], capture_output=True,
                           text=True, cwd=ROOT, timeout=600)
    assert rerun.returncode == 0 and rerun.stderr == "", rerun.stderr
    document = json.loads(rerun.stdout)
    assert (document["already_done"], document["computed"]) == (kept, 2048 - kept)
    assert {row["job_id"] for row in _rows(store)} == {job_id(job)
                                                       for job in parse_family("all:3")}


@pytest.mark.slow
def test_a_successful_sweep_prints_nothing_of_dask(tmp_path):
    done = subprocess.run([sys.executable, "-m", "verify", "sweep", "--family", "all:2", "-o",
                           str(tmp_path / "s"), "--workers", "2"], capture_output=True,
                          text=True, cwd=ROOT, timeout=600, env={**os.environ, "FBS_DEBUG": ""})
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "64 computed" in done.stdout


@pytest.mark.slow
def test_ctrl_c_to_the_process_group_exits_130_without_worker_tracebacks(tmp_path):
    """What a terminal does on Ctrl-C: SIGINT to every process of the foreground group, the
    LocalCluster's workers included. Only the submitting process reacts."""
    store = tmp_path / "s"
    command = [sys.executable, "-m", "verify", "sweep", "--family", "all:4", "-o", str(store),
               "--workers", "2"]
    with interruptible(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                       start_new_session=True) as process:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not list(store.glob("rows/*.parquet")):
            time.sleep(0.2)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=600)
    err = err.decode()
    assert process.returncode == 130, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("fbs: interrupted: STORE holds "), err
    assert Store(store).damaged_parts() == []


def test_bad_input_found_only_on_a_worker_is_exit_2_in_one_line(monkeypatch, capsys, tmp_path):
    """run_task reports a job the worker refuses with its exit code (here a job that skipped
    validation); the command prints one line, exit 2 when every failure is bad input and 3
    when one is a bug."""
    from verify.sweep import api
    from verify.sweep.execute import run_task
    from verify.sweep.runner import SweepReport

    raw = {"kind": "certify", "spec": "maj:3", "input": "110", "method": "threshold",
           "measures": False}
    rows, _, errors = run_task([("j1", raw)])
    assert rows.num_rows == 0 and [(i, code) for i, _, code in errors] == [("j1", 2)]
    assert "threshold method does not apply" in errors[0][1]
    for failures, expected in (([errors[0], errors[0]], 2), ([errors[0], ("j2", "boom", 3)], 3)):
        report = SweepReport(jobs=2, errors=failures)
        monkeypatch.setattr(api, "run_sweep", lambda *a, r=report, **k: api.SweepResult("S", r))
        assert main(["sweep", "--family", "all:1", "-o", str(tmp_path / "s")]) == expected
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "2 job(s)" in err, err
        assert ("internal error" in err) == (expected == 3)


class _FakeCluster:
    """A LocalCluster whose start-up receives a Ctrl-C (SIGINT to this process)."""

    closed = False

    def __init__(self, **options):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)  # the start goes on; the signal is delivered meanwhile

    def close(self):
        _FakeCluster.closed = True


def test_ctrl_c_during_the_cluster_start_up_is_not_lost(monkeypatch):
    """SIGINT was once ignored for the whole start (so that workers would inherit it): the
    sweep then computed every job and exited 0. Now the Ctrl-C is raised once the cluster
    is up, and the cluster is closed."""
    import distributed

    from verify.base import interrupts
    from verify.sweep import runner

    monkeypatch.setattr(distributed, "LocalCluster", _FakeCluster)
    monkeypatch.setattr(distributed, "Client", lambda cluster: pytest.fail("client made"))
    monkeypatch.setattr(interrupts, "_received", False)
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    open_before = runner._local_clusters  # the session's own clusters, if any
    try:
        with pytest.raises(KeyboardInterrupt):
            runner.local_client(1)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert _FakeCluster.closed and runner._local_clusters == open_before


@pytest.mark.slow
def test_workers_start_with_sigint_blocked(client1):
    """What keeps a Ctrl-C to the process group away from the workers (without ignoring it
    in the submitting process): each worker's signal mask, read from /proc."""
    def blocked():
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith("SigBlk:"))
        return int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1

    assert set(client1.run(blocked).values()) == {1}


@pytest.mark.slow
def test_ctrl_c_during_the_cluster_start_up_exits_130(tmp_path):
    """Ctrl-C to the process group as soon as the worker processes exist (the cluster is
    still starting): exit 130 in one line, no job computed, no worker left behind."""
    store = tmp_path / "s"
    command = [sys.executable, "-m", "verify", "sweep", "--family", "all:3", "-o", str(store),
               "--workers", "2"]
    with interruptible(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                       start_new_session=True) as process:
        deadline = time.monotonic() + 120
        workers = []
        while time.monotonic() < deadline and not workers:
            workers = subprocess.run(["pgrep", "-f", "-P", str(process.pid), "spawn_main"],
                                     capture_output=True, text=True).stdout.split()
            time.sleep(0.01)
        assert workers and not list(store.glob("rows/*.parquet"))
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
    err = err.decode()
    assert process.returncode == 130, err
    assert [line for line in err.splitlines() if line.strip()] == ["fbs: interrupted"], err
    assert not list(store.glob("rows/*.parquet"))
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(
            f"/proc/{pid}/status").read_text()


def test_the_worker_watch_counts_the_most_workers_and_says_when_there_are_none(capsys):
    from verify.sweep.runner import NO_WORKERS_SECONDS, WorkerWatch

    now = [0.0]
    watch = WorkerWatch("'tcp://h:1'", clock=lambda: now[0])
    assert watch.observe(0) == 0 and capsys.readouterr().err == ""  # at the start: none yet
    now[0] = NO_WORKERS_SECONDS - 0.1
    watch.observe(0)
    assert capsys.readouterr().err == ""
    now[0] = NO_WORKERS_SECONDS
    watch.observe(None)  # a count that failed says nothing either way
    watch.observe(0)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'tcp://h:1' has no workers" in err
    now[0] += 100
    watch.observe(0)
    assert capsys.readouterr().err == ""  # once
    assert (watch.observe(3), watch.observe(1)) == (3, 3)  # the most seen at once
    now[0] += 1
    watch.observe(0)  # the only worker died: counted again from now
    now[0] += NO_WORKERS_SECONDS
    watch.observe(0)
    assert "has no workers" in capsys.readouterr().err


def _stderr_line(process, wait: float) -> str:
    """The next line of the process's standard error, or "" after `wait` seconds (a hang
    guard: the assertions are on the line, never on the time)."""
    import select

    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stderr], [], [], 0.5)
        if ready:
            return process.stderr.readline().decode()
    return ""


@pytest.mark.slow
def test_a_scheduler_without_workers_is_named_then_the_sweep_goes_on(dask_processes,
                                                                    tmp_path):
    """A `dask scheduler` alone: the sweep says on stderr that it has no workers (it once
    waited silently); a worker started then runs everything, and the summary counts it
    (it once said "on 0 workers", the count at the start)."""
    address = dask_processes.scheduler()
    command = [sys.executable, "-m", "verify", "sweep", "--family", "all:1", "-o",
               str(tmp_path / "s"), "--scheduler", address]
    with interruptible(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       cwd=ROOT) as process:
        line = _stderr_line(process, 120)
        assert f"'{address}' has no workers" in line, line
        dask_processes.worker(address)
        out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    assert err.decode() == "" and "8 computed" in out.decode()
    assert "on 1 workers" in out.decode(), out


def test_the_resource_tracker_command_is_quieted_unless_debugging(monkeypatch):
    from verify.sweep.runner import TRACKER_MAIN, _quiet_tracker

    args = ["python", "-B", "-c", TRACKER_MAIN + "main(5)"]
    monkeypatch.delenv("FBS_DEBUG", raising=False)
    quiet = _quiet_tracker(args)
    assert quiet[:3] == args[:3] and quiet[3].endswith(args[3]) and "devnull" in quiet[3]
    worker = ["python", "-c", "from multiprocessing.spawn import spawn_main; spawn_main()"]
    assert _quiet_tracker(worker) == worker
    monkeypatch.setenv("FBS_DEBUG", "1")
    assert _quiet_tracker(args) == args


@pytest.mark.slow
def test_kill_9_of_the_resource_tracker_leaves_a_clean_sweep(tmp_path):
    """multiprocessing relaunches a killed resource tracker; the new one once printed a
    traceback for each semaphore the dead one had registered (exit 0 under 12-50 lines of
    tracebacks). Now: exit 0, nothing on stderr, every job in STORE."""
    store = tmp_path / "s"
    command = [sys.executable, "-m", "verify", "sweep", "--family", "all:3", "-o", str(store),
               "--workers", "2"]
    with interruptible(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       cwd=ROOT) as process:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not list(store.glob("rows/*.parquet")):
            time.sleep(0.05)
        tracker = subprocess.run(["pgrep", "-f", "-P", str(process.pid), "resource_tracker"],
                                 capture_output=True, text=True).stdout.split()
        assert len(tracker) == 1
        os.kill(int(tracker[0]), signal.SIGKILL)
        out, err = process.communicate(timeout=600)
    assert process.returncode == 0 and err.decode() == "", err.decode()[-2000:]
    assert "2048 computed" in out.decode()
    assert len(Store(store).read_rows()) == 2048 and Store(store).damaged_parts() == []
