"""The global census under faults (issue 32): a memory cap (ulimit -v) is exit 2 naming the
memory a process needs, before any work; a worker that cannot map its table, or that dies
(the out-of-memory killer's usual victim), is exit 2 in one line, never a traceback; a
Ctrl-C terminates the workers instead of waiting for their chunks."""

import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from verify.base.errors import TooLarge
from verify.sweep import global_census
from verify.sweep.exhaustive_census import MEASURES, exhaustive_census

ROOT = Path(__file__).resolve().parents[2]


def _capped(gib: float):
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (int(gib * 2 ** 30), resource.RLIM_INFINITY))
    return cap


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_memory_cap_is_refused_before_the_work_naming_what_is_needed(workers):
    """Under ulimit -v 3 GiB, q = 5 --global once ended in MemoryError (exit 3), and with
    --workers 2 in two tracebacks first. The table alone is 2^32 bytes (one per up-set
    table on 5 points), more than the cap."""
    done = subprocess.run([sys.executable, "-m", "verify", "census", "--exhaustive", "5",
                           "--global", "--workers", workers, "--json"], capture_output=True,
                          text=True, cwd=ROOT, timeout=300, preexec_fn=_capped(3))
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "needs about 5.0 GiB of address space per process" in done.stderr
    assert "a table of 2^32 class numbers, 4.0 GiB" in done.stderr
    assert "the address-space limit is 3.0 GiB" in done.stderr


def test_a_small_global_census_is_not_refused_for_the_estimate():
    """Below q = 5 the table is at most 64 KiB: a tight limit that Python and numpy fit in
    is not refused for the 1 GiB estimate of the rest."""
    done = subprocess.run([sys.executable, "-m", "verify", "census", "--exhaustive", "3",
                           "--json"], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          preexec_fn=_capped(0.9))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["global"]["functions"] == "256"


def test_the_need_is_the_table_and_the_rest():
    assert global_census.global_memory_bytes(5) - global_census.GLOBAL_OVERHEAD_BYTES == 2 ** 32
    assert global_census.global_memory_bytes(4) == 2 ** 16 + global_census.GLOBAL_OVERHEAD_BYTES


def _values(q: int):
    census = exhaustive_census(q, certify=False, global_measures=False)
    return [(row.table, tuple(row.value(m) for m in MEASURES)) for row in census.rows]


def test_a_table_that_cannot_be_mapped_is_too_large(monkeypatch):
    """Where no limit says so beforehand (a cgroup, overcommit refused), the allocation's
    MemoryError is TooLarge (exit 2), not a bug."""
    values = _values(3)
    zeros = global_census.np.zeros

    def no_memory(shape, dtype=float):
        if shape == 2 ** 8:  # the table of class numbers at q = 3
            raise MemoryError
        return zeros(shape, dtype=dtype)

    monkeypatch.setattr(global_census.np, "zeros", no_memory)
    with pytest.raises(TooLarge, match="this process could not map it"):
        global_census.global_lookup(values, 3)


def test_a_worker_that_cannot_map_its_table_raises_in_its_first_chunk(monkeypatch):
    """The worker's initializer keeps the failure (an initializer's exception is printed by
    concurrent.futures with a traceback) and its first chunk raises it, one line."""
    def no_memory(*args):
        raise MemoryError

    monkeypatch.setattr(global_census, "global_lookup", no_memory)
    monkeypatch.setattr(global_census, "_WORKER_LOOKUP", None)
    monkeypatch.setattr(global_census, "_WORKER_ERROR", None)
    previous = signal.getsignal(signal.SIGINT)
    try:
        global_census._start_worker([], 5)
    finally:
        signal.signal(signal.SIGINT, previous)
    with pytest.raises(TooLarge, match="a worker process could not map it"):
        global_census._worker_counts((0, 2))


def _chunks_that(monkeypatch, tmp_path, action):
    """q = 4 in 64 chunks; each worker's chunk does `action(tmp_path)` (forked workers
    inherit the patched module)."""
    monkeypatch.setattr(global_census, "CHUNK_BITS", 9)
    real = global_census.chunk_counts

    def chunk(lookup, start, stop):
        action(tmp_path)
        return real(lookup, start, stop)

    monkeypatch.setattr(global_census, "chunk_counts", chunk)


def _die(folder):
    if os.getpid() != int((folder / "parent").read_text()):
        os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_worker_is_too_large_naming_the_memory(monkeypatch, tmp_path):
    """A pool worker killed (SIGKILL, as the out-of-memory killer does) once gave exit 3,
    BrokenProcessPool."""
    (tmp_path / "parent").write_text(str(os.getpid()))
    _chunks_that(monkeypatch, tmp_path, _die)
    with pytest.raises(TooLarge, match="a worker process died .* fewer --workers"):
        global_census.global_figures(_values(4), 4, workers=2)


def _sleep(folder):
    (folder / f"started-{os.getpid()}").write_text("")
    time.sleep(60)
    (folder / f"finished-{os.getpid()}").write_text("")


def test_ctrl_c_terminates_the_workers_instead_of_waiting_for_their_chunks(monkeypatch,
                                                                         tmp_path):
    """Each worker's chunk takes a minute here; a Ctrl-C once waited for the running chunks
    (3-27 s with real ones). Now the workers are terminated: no chunk finishes. The SIGINT
    this test sends itself is remembered by verify.base.interrupts when an earlier test
    installed its handler: the flag is restored afterwards, or every later test would be
    interrupted."""
    from verify.base import interrupts

    monkeypatch.setattr(interrupts, "_received", interrupts._received)
    _chunks_that(monkeypatch, tmp_path, _sleep)

    def interrupt():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(list(tmp_path.glob("started-*"))) < 2:
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGINT)

    # a run started as a background job of a shell without job control inherits SIGINT
    # ignored (as `cmd &` in a script does): the SIGINT below would then never arrive
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=interrupt, daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            global_census.global_figures(_values(4), 4, workers=2)
    finally:
        signal.signal(signal.SIGINT, previous)
    workers = [int(p.name.split("-")[1]) for p in tmp_path.glob("started-*")]
    assert len(workers) >= 2 and not list(tmp_path.glob("finished-*"))
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(
            f"/proc/{pid}/status").read_text()
