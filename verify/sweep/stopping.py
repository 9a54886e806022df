"""A worker's task stops between two jobs when its worker closes or its process exits.

Dask runs a task in a daemon thread of the worker process. After a Ctrl-C, the submitting
process closes the cluster; each worker waits for its running task only up to a timeout,
then the process exits. If the task's thread is then inside a native call that released
the GIL (HiGHS, through pybind11, in every LP of `verify.sensitivity.exact_lp`), the
interpreter's finalization ends that thread with pthread_exit as soon as it asks for the GIL
back; the forced unwinding meets pybind11's noexcept GIL-release destructor and the C++
runtime aborts the worker: `terminate called without an active exception` on the
terminal (seen once under load in CI).

So `run_task` runs inside `running_task()` and asks `stop_requested()` between jobs: true
once the worker is closing (the task is then rescheduled, `TaskStopped`, so no job is
reported failed) or the process is exiting. An atexit hook, which runs before finalization,
requests the stop and waits for the running tasks to return.
"""

from __future__ import annotations

import atexit
import contextlib
import threading

EXIT_WAIT_SECONDS = 60  # the longest an exit waits for a task (a worker's nanny kills sooner)

_changed = threading.Condition()
_running = 0  # tasks of this process inside running_task()
_exiting = False


def _reschedule_error() -> type[Exception]:
    """Dask's Reschedule (the scheduler runs the task elsewhere), or a plain Exception class
    where distributed is not installed."""
    try:
        from distributed import Reschedule
    except ImportError:  # pragma: no cover - distributed is a dependency of the sweep
        return RuntimeError
    return Reschedule


class TaskStopped(_reschedule_error()):
    """The task stopped between two jobs: its worker is closing or its process exiting."""


@contextlib.contextmanager
def running_task():
    """Count a task as running (an exit waits for it); yields `stop_requested`, bound to
    this task's worker (None outside a Dask worker)."""
    global _running
    worker = _current_worker()
    with _changed:
        _running += 1
    try:
        yield lambda: stop_requested(worker)
    finally:
        with _changed:
            _running -= 1
            _changed.notify_all()


def stop_requested(worker=None) -> bool:
    """True once the process is exiting, or the worker running this task is closing."""
    if _exiting:
        return True
    if worker is None:
        return False
    from distributed.core import Status

    return worker.status in (Status.closing, Status.closed, Status.failed)


def _current_worker():
    try:
        from distributed import get_worker

        return get_worker()
    except (ImportError, ValueError):  # not on a Dask worker (a test, a direct call)
        return None


def _wait_for_tasks() -> None:
    """At exit, before finalization: stop the running tasks and wait for them to return."""
    global _exiting
    with _changed:
        _exiting = True
        _changed.wait_for(lambda: _running == 0, timeout=EXIT_WAIT_SECONDS)


atexit.register(_wait_for_tasks)
