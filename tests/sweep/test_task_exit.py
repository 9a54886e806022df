"""A worker process that exits while its task thread is inside HiGHS (verify.sweep.stopping).

Seen once in CI under load: after a Ctrl-C to `fbs sweep`, one worker's stderr had the C++
runtime's `terminate called without an active exception`. Dask runs a task in a daemon
thread; the worker's close waits for it only so long, then the process finalizes; a daemon
thread that asks for the GIL back then is ended with pthread_exit, whose forced unwinding
meets the noexcept destructor of pybind11's GIL release in highspy: std::terminate.
"""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The worker's situation, made certain: a thread runs run_task (a job solved by HiGHS) and the
# main thread exits as soon as that thread is inside Highs.run. The native call is repeated
# (each call releases and retakes the GIL) so that finalization certainly meets the thread
# inside it; the count is a window, not a time that is asserted.
EXIT_DURING_HIGHS = textwrap.dedent("""
    import sys, threading
    import highspy
    from verify.sweep.execute import run_task

    inside, original = threading.Event(), highspy.Highs.run

    def repeated_run(self):
        inside.set()
        for _ in range(REPEATS):
            status = original(self)
        return status

    highspy.Highs.run = repeated_run
    job = {"kind": "compute", "spec": "tt:0000000010110101", "input": "0100",
           "measures": False, "method": "table"}
    threading.Thread(target=run_task, args=([("j", job)],), daemon=True).start()
    assert inside.wait(120), "run_task never reached HiGHS"
    sys.exit(0)
""")


def _exit_during_highs(repeats: int) -> subprocess.CompletedProcess:
    script = EXIT_DURING_HIGHS.replace("REPEATS", str(repeats))
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_a_process_exiting_while_its_task_is_inside_highs_exits_cleanly():
    """Before: exit 134 (SIGABRT) and `terminate called without an active exception`. Now
    the exit waits for the task to leave HiGHS (it stops between jobs): exit 0, silent."""
    done = _exit_during_highs(20_000)
    assert "terminate called" not in done.stderr, done.stderr
    assert (done.returncode, done.stderr) == (0, "")


class _Worker:
    def __init__(self, status):
        self.status = status


def test_a_task_stops_before_its_next_job_once_its_worker_closes(monkeypatch):
    """A closing worker's task ends between two jobs (so that the worker's close need not
    wait out the batch, nor exit under it), with Dask's Reschedule: no job is reported
    failed. A running or paused worker's task runs every job."""
    from distributed import Reschedule
    from distributed.core import Status

    from verify.sweep import stopping
    from verify.sweep.execute import run_task

    job = {"kind": "compute", "spec": "maj:3", "input": "110", "measures": False,
           "method": "auto"}
    for status in (Status.running, Status.paused):
        monkeypatch.setattr(stopping, "_current_worker", lambda s=status: _Worker(s))
        rows, _, errors = run_task([("j1", job), ("j2", job)])
        assert (rows.num_rows, errors) == (2, [])
    for status in (Status.closing, Status.closed):
        monkeypatch.setattr(stopping, "_current_worker", lambda s=status: _Worker(s))
        with pytest.raises(Reschedule, match="before job j1"):
            run_task([("j1", job), ("j2", job)])
    assert stopping._running == 0  # a stopped task is no longer waited for at exit
