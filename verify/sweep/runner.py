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
FBS_DEBUG is set; LocalCluster workers start with SIGINT blocked (Ctrl-C reaches the
submitting process only, which cancels the tasks and closes the cluster, also during the
cluster's start-up).
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import signal
import sys
import time
import warnings
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from verify.base.errors import EXIT_BUG, BadInput
from verify.base.interrupts import InterruptedWithNote, deferred_interrupts, remember_interrupts
from verify.base.progress import Progress

from .jobs import job_id
from .store import Store

MAX_CHUNK = 1024
TASKS_PER_SWEEP = 64  # aim: at least this many tasks, so that every worker stays busy
WORKER_MEMORY = "3GiB"
CONNECT_TIMEOUT = "5s"  # to reach an existing scheduler
SCHEDULER_LOST_SECONDS = 10  # a connection to the scheduler down this long ends the sweep
POLL_SECONDS = 0.5  # how often the submitting process looks at its connection
NO_WORKERS_SECONDS = 5  # a scheduler without workers this long while tasks wait: say so


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
    if not os.environ.get("FBS_DEBUG"):  # a killed resource tracker is relaunched: say nothing
        warnings.filterwarnings("ignore", message="resource_tracker: process died")
    families = ("distributed", "dask", "tornado", "bokeh", "asyncio")
    names = [name for name in list(logging.root.manager.loggerDict)
             if name.split(".")[0] in families] + list(families)
    for name in names:
        logger = logging.getLogger(name)
        logger.setLevel(level)
        for handler in logger.handlers:
            handler.setLevel(level)


_local_clusters = 0  # LocalClusters open in this process: their workers start SIGINT-blocked


def _spawn_without_sigint(spawn):
    """multiprocessing's spawn (`util.spawnv_passfds`), with SIGINT blocked in the spawning
    thread while a LocalCluster of ours is open: the child inherits that mask (fork and
    vfork alike), so a Ctrl-C to the process group never reaches a worker. This process
    keeps its own SIGINT handler throughout, so a Ctrl-C during the cluster's start-up is
    not lost (it once was: SIGINT was ignored for the whole start so that workers would
    inherit SIG_IGN)."""
    def spawn_blocked(path, args, passfds):
        if not _local_clusters:
            return spawn(path, args, passfds)
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return spawn(path, _quiet_tracker(args), passfds)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)

    spawn_blocked.blocks_sigint = True
    return spawn_blocked


TRACKER_MAIN = "from multiprocessing.resource_tracker import main;"


def _quiet_tracker(args: list) -> list:
    """The command line of multiprocessing's resource tracker, with its standard error on
    /dev/null unless FBS_DEBUG: one relaunched after the first was killed (kill -9) prints a
    traceback for every semaphore the dead one had registered (12-50 seen), though nothing
    is lost; like Dask's log lines, they stay out of the terminal."""
    if os.environ.get("FBS_DEBUG"):
        return args
    silence = "import os; os.dup2(os.open(os.devnull, os.O_WRONLY), 2); "
    return [silence + arg if isinstance(arg, str) and arg.startswith(TRACKER_MAIN) else arg
            for arg in args]


def _install_spawn_wrapper() -> None:
    from multiprocessing import util

    if not getattr(util.spawnv_passfds, "blocks_sigint", False):
        util.spawnv_passfds = _spawn_without_sigint(util.spawnv_passfds)


def local_client(workers: int):
    """A Client on a fresh LocalCluster: `workers` single-threaded processes, each under a
    nanny that restarts it if it dies; the dashboard on a free port (none fixed). Workers
    start with SIGINT blocked; a Ctrl-C during the start-up is held until the cluster is up
    (a half-started one cannot be closed cleanly), which is then closed, and raised. Close it with `close_client`."""
    global _local_clusters
    from distributed import Client, LocalCluster

    quiet_dask()
    level = logging.WARNING if os.environ.get("FBS_DEBUG") else logging.CRITICAL
    _install_spawn_wrapper()
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        remember_interrupts()  # so that deferred_interrupts can hold a Ctrl-C
    _local_clusters += 1
    cluster = None
    try:
        with deferred_interrupts():  # a half-started cluster cannot be closed: finish first
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", memory_limit=WORKER_MEMORY,
                                   silence_logs=level)
        return Client(cluster)
    except BaseException:
        _local_clusters -= 1
        if cluster is not None:
            cluster.close()
        raise


def close_client(client, local: bool) -> None:
    """Close a client (and its LocalCluster, if `local`)."""
    global _local_clusters
    cluster = client.cluster if local else None
    client.close()
    if cluster is not None:
        cluster.close()
        _local_clusters = max(0, _local_clusters - 1)


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

    watch = WorkerWatch(_address(client))
    report = SweepReport(workers=watch.observe(_worker_count(client)))
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
                for future in _finished(client, running, store, report, watch):
                    task_id, batch = running.pop(future)
                    _collect(future, task_id, batch, store, report)
                    bar.update(len(batch))
                    if on_result is not None:
                        on_result(report.tasks)
                    submit_next()
            except KeyboardInterrupt:
                _cancel(client, running)
                raise InterruptedWithNote(  # printed by the fbs command, on its one line
                    f"STORE holds {report.already_done + report.computed} of the jobs seen; "
                    "rerun the same command to resume") from None
    finally:
        store.unlock()
    report.seconds = time.perf_counter() - start
    return report


class WorkerWatch:
    """The workers a sweep had: the most seen at once (the report's count; it was once the
    count at the start, "64 computed in 64 tasks on 0 workers" when they joined later), and
    one line on stderr when the scheduler has had none for NO_WORKERS_SECONDS while tasks
    wait (else a sweep on a scheduler without workers, or whose only worker died, waited
    silently)."""

    def __init__(self, address: str, clock: Callable[[], float] = time.monotonic):
        self.address, self.clock = address, clock
        self.most, self.none_since, self.told, self.last = 0, None, False, None

    def due(self) -> bool:
        """True at most once every POLL_SECONDS (a count asks the scheduler)."""
        now = self.clock()
        if self.last is not None and now - self.last < POLL_SECONDS:
            return False
        self.last = now
        return True

    def observe(self, count: int | None) -> int:
        """Record a count of workers (None: unknown); the most seen so far."""
        if count is None:
            return self.most
        self.most = max(self.most, count)
        if count:
            self.none_since, self.told = None, False
            return self.most
        self.none_since = self.none_since if self.none_since is not None else self.clock()
        if not self.told and self.clock() - self.none_since >= NO_WORKERS_SECONDS:
            self.told = True
            print(f"fbs: waiting: the Dask scheduler {self.address} has no workers; start one "
                  f"(`dask worker ADDRESS`) or press Ctrl-C (STORE keeps the finished tasks)",
                  file=sys.stderr, flush=True)
        return self.most


def _worker_count(client) -> int | None:
    try:
        return len(client.scheduler_info(n_workers=-1)["workers"])
    except Exception:  # noqa: BLE001 - a lost connection: the caller's checks report it
        return None


def _finished(client, running: dict, store: Store, report: SweepReport, watch: WorkerWatch):
    """The futures of `running` as they finish (it may grow meanwhile); BadInput once the
    connection to the scheduler has been down for SCHEDULER_LOST_SECONDS, or at once when
    the client gave it up (Dask then cancels every future). Between polls, the workers are
    counted (`WorkerWatch`)."""
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
        if watch.due():
            report.workers = watch.observe(_worker_count(client))
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
