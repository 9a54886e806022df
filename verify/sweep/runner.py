"""Run a sweep on Dask (dask.distributed): batches of jobs as futures, results into STORE.

The submitting process walks the jobs in order, skips those already in STORE, cuts the rest
into batches (tasks) whose size depends only on the number of jobs, and keeps a bounded
window of tasks in flight (`as_completed`). Each finished task is written to STORE as one
part (verify.sweep.store), so a Ctrl-C or a crash loses at most the tasks in flight and a
rerun resumes. A worker that dies mid-task is replaced by its nanny and the scheduler runs
the task again elsewhere (up to `distributed.scheduler.allowed-failures` times): no result
is lost. Workers run `verify.sweep.execute.run_task`, one single-threaded process each.

Faults: a rerun first sets damaged parts aside (verify.sweep.store, checksums in the
manifest) so that their jobs run again. A lost scheduler (killed, unreachable) ends the
sweep with one line (BadInput, exit 2) within SCHEDULER_LOST_SECONDS; the parts written so
far stay and a rerun resumes. Dask's own log lines stay out of the terminal unless
FBS_DEBUG is set; LocalCluster workers ignore SIGINT (Ctrl-C reaches the submitting process
only, which cancels the tasks and closes the cluster).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from verify.base.errors import EXIT_BUG, BadInput
from verify.base.progress import Progress

from .jobs import job_id
from .store import Store

MAX_CHUNK = 1024
TASKS_PER_SWEEP = 64  # aim: at least this many tasks, so that every worker stays busy
WORKER_MEMORY = "3GiB"
CONNECT_TIMEOUT = "5s"  # to reach an existing scheduler
SCHEDULER_LOST_SECONDS = 10  # a connection to the scheduler down this long ends the sweep
POLL_SECONDS = 0.5  # how often the submitting process looks at its connection


@dataclass
class SweepReport:
    """What one `fbs sweep` did."""

    jobs: int = 0  # distinct jobs asked for
    already_done: int = 0  # skipped: their result was in STORE
    computed: int = 0  # rows written by this run
    errors: list[tuple[str, str, int]] = field(default_factory=list)  # (job id, message,
    # exit code: 2 bad input found only on the worker, 3 a bug or a failed task)
    tasks: int = 0
    workers: int = 0
    seconds: float = 0.0
    set_aside: list[str] = field(default_factory=list)  # damaged parts moved to damaged/


def chunk_size(total: int) -> int:
    """Jobs per task: from the number of jobs alone, never from the number of workers."""
    return max(1, min(MAX_CHUNK, math.ceil(total / TASKS_PER_SWEEP)))


def batches(jobs: Iterable[dict], done: set[str], size: int,
            report: SweepReport) -> Iterator[tuple[str, list[tuple[str, dict]]]]:
    """(task id, [(job id, job)]) for the jobs not in `done`, in order; duplicates dropped."""
    batch, seen = [], set()
    for job in jobs:
        identity = job_id(job)
        if identity in seen:
            continue
        seen.add(identity)
        report.jobs += 1
        if identity in done:
            report.already_done += 1
            continue
        batch.append((identity, job))
        if len(batch) == size:
            yield _task_id(batch), batch
            batch = []
    if batch:
        yield _task_id(batch), batch


def _task_id(batch) -> str:
    return hashlib.sha256("".join(identity for identity, _ in batch).encode()).hexdigest()[:24]


def quiet_dask() -> None:
    """Dask's log lines stay out of the terminal (FBS_DEBUG=1: warnings and errors). Its
    loggers propagate to the handler distributed installs on "distributed", whatever that
    logger's level: so every Dask logger and that handler are raised above CRITICAL."""
    import distributed  # noqa: F401 - installs its handlers first

    level = logging.WARNING if os.environ.get("FBS_DEBUG") else logging.CRITICAL + 1
    families = ("distributed", "dask", "tornado", "bokeh", "asyncio")
    names = [name for name in list(logging.root.manager.loggerDict)
             if name.split(".")[0] in families] + list(families)
    for name in names:
        logger = logging.getLogger(name)
        logger.setLevel(level)
        for handler in logger.handlers:
            handler.setLevel(level)


@contextlib.contextmanager
def _workers_ignore_sigint():
    """SIGINT ignored while worker processes start: a spawned Python keeps an inherited
    SIG_IGN, so a Ctrl-C to the process group interrupts only the submitting process."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: nothing to change
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def local_client(workers: int):
    """A Client on a fresh LocalCluster: `workers` single-threaded processes, each under a
    nanny that restarts it if it dies; the dashboard on a free port (none fixed)."""
    from distributed import Client, LocalCluster

    quiet_dask()
    level = logging.WARNING if os.environ.get("FBS_DEBUG") else logging.CRITICAL
    with _workers_ignore_sigint():
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=":0", memory_limit=WORKER_MEMORY,
                               silence_logs=level)
    return Client(cluster)


def remote_client(address: str):
    """A Client on an existing scheduler; BadInput (one line) if it cannot be reached."""
    from distributed import Client

    from .scheduler_probe import probe_scheduler

    quiet_dask()
    probe_scheduler(address)  # garbage or silence: BadInput before Dask reads it
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise BadInput(f"cannot connect to the Dask scheduler {address!r}: "
                       f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
                       ) from None


def run_on_cluster(jobs: Iterable[dict], total: int, store: Store, client, *,
              progress: bool | None = None, chunk: int | None = None,
              on_result: Callable[[int], None] | None = None) -> SweepReport:
    """Run every job not yet in STORE on the client's cluster; write each task's part.

    chunk: jobs per task (default `chunk_size(total)`); on_result(tasks written so far) is
    called after each part is written.
    """
    from .execute import run_task

    report = SweepReport(workers=len(client.scheduler_info(n_workers=-1)["workers"]))
    start = time.perf_counter()
    store.lock()
    try:
        report.set_aside = store.set_aside_damaged()
        pending = batches(jobs, store.done_ids(), chunk or chunk_size(total), report)
        window = 2 * max(report.workers, 1) + 2
        running: dict = {}

        def submit_next() -> None:
            for task_id, batch in pending:
                future = client.submit(run_task, batch, key=f"fbs-sweep-{task_id}", pure=False)
                running[future] = (task_id, batch)
                return

        for _ in range(window):
            submit_next()
        with Progress(total, "sweep", enabled=progress) as bar:
            bar.update(report.already_done)
            try:
                for future in _finished(client, running, store, report):
                    task_id, batch = running.pop(future)
                    _collect(future, task_id, batch, store, report)
                    bar.update(len(batch))
                    if on_result is not None:
                        on_result(report.tasks)
                    submit_next()
            except KeyboardInterrupt:
                _cancel(client, running)
                head = "\n" if sys.stderr.isatty() else ""  # after the progress bar
                print(f"{head}fbs: interrupted: STORE holds "
                      f"{report.already_done + report.computed} of the jobs seen; rerun the "
                      "same command to resume", file=sys.stderr)
                raise
    finally:
        store.unlock()
    report.seconds = time.perf_counter() - start
    return report


def _finished(client, running: dict, store: Store, report: SweepReport):
    """The futures of `running` as they finish (it may grow meanwhile); BadInput once the
    connection to the scheduler has been down for SCHEDULER_LOST_SECONDS, or at once when
    the client gave it up (Dask then cancels every future)."""
    from distributed import wait

    lost_since = None
    while running:
        try:
            done, _ = wait(list(running), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        except Exception:  # noqa: BLE001 - FuturesCancelledError: the connection was lost
            done = {f for f in running if f.status == "cancelled"}
        cancelled = any(f.status == "cancelled" for f in done)
        if client.status != "running" or cancelled:
            lost_since = lost_since or time.monotonic()
            if client.status in ("closing", "closed") or cancelled or \
                    time.monotonic() - lost_since >= SCHEDULER_LOST_SECONDS:
                _cancel(client, running)
                raise BadInput(
                    f"lost the connection to the Dask scheduler {_address(client)}: STORE "
                    f"{str(store.path)!r} holds {report.already_done + report.computed} of "
                    "the jobs seen; rerun the same command to resume")
            continue
        lost_since = None
        yield from [f for f in done if f in running]


def _address(client) -> str:
    try:
        return repr(client.scheduler.address)
    except AttributeError:
        return "(address unknown)"


def _cancel(client, running: dict) -> None:
    """Cancel what is in flight; a client that lost its scheduler may refuse: ignore it."""
    try:
        client.cancel(list(running))
    except Exception:  # noqa: BLE001 - best effort on the way out
        pass


def _collect(future, task_id: str, batch, store: Store, report: SweepReport) -> None:
    """Write a finished task's part; a task that failed as a whole reports all its jobs."""
    try:
        rows, certificates, errors = future.result()
    except Exception as error:  # noqa: BLE001 - e.g. KilledWorker after repeated worker deaths
        message = f"task failed: {type(error).__name__}: {error}"
        report.errors.extend((identity, message, EXIT_BUG) for identity, _ in batch)
        return
    store.write_part(task_id, rows, certificates)
    report.tasks += 1
    report.computed += rows.num_rows
    report.errors.extend(errors)
