"""The public API of sweeps: many public-API calls on Dask, into a resumable Parquet STORE.

`exhaustive_census` (verify.sweep.exhaustive_census) gives the same figures over every pair
of up to 6 inputs without a store. `run_sweep` runs jobs (a JSON-lines file, job objects, or built-in families) on a LocalCluster
or an existing Dask scheduler; `read_store` opens the results; `census` summarises them.
Every fbs and rho_T in STORE is certified exactly when the stdlib-only checker accepted its
certificate, which STORE keeps (content-addressed) beside the rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from verify.base.arguments import PathArg

if TYPE_CHECKING:
    import pyarrow

import os
from dataclasses import dataclass

from verify.base.arguments import FLAG, PATH, TEXT, api, integer, optional, sequence
from verify.base.errors import BadInput
from verify.base.notebook import NotebookView, exact_columns, require_pandas

from .census import Census, summarise
from .exhaustive_census import exhaustive_census
from .generators import parse_family
from .jobs import normalize_job, read_jobs_file
from .runner import SweepReport, close_client, local_client, remote_client, run_on_cluster
from .store import ROW_SCHEMA, Store

MAX_LOCAL_WORKERS = 256
__all__ = ["census", "exhaustive_census", "read_store", "run_sweep"]


@dataclass(frozen=True, repr=False)
class SweepResult(NotebookView):
    """A finished sweep: counts, errors (jobs not stored) and the wall time."""

    store: str
    report: SweepReport

    @property
    def complete(self) -> bool:
        """Every job asked for has its result in STORE."""
        return not self.report.errors

    def to_json(self) -> dict:
        """The JSON document `fbs sweep --json` prints."""
        r = self.report
        return {"store": self.store, "jobs": r.jobs, "already_done": r.already_done,
                "computed": r.computed, "tasks": r.tasks, "workers": r.workers,
                "errors": len(r.errors),
                "first_errors": [{"job_id": i, "message": m, "exit_code": code}
                                 for i, m, code in r.errors[:20]],
                "complete": self.complete, "wall_seconds": round(r.seconds, 3),
                "damaged_parts_recomputed": list(r.set_aside)}

    def to_pandas(self):
        """Every row of the sweep's STORE as a pandas DataFrame: `read_store(...).to_pandas()`
        with the exact columns `value` and `bound` as Fractions (`value_float` and
        `bound_float` beside them)."""
        require_pandas()
        return exact_columns(read_store(self.store).to_pandas(), ["value", "bound"])


@api(store=PATH, scheduler=optional(TEXT), workers=optional(integer()), progress=optional(FLAG))
def run_sweep(store: str | os.PathLike, *, jobs: PathArg | Iterable[dict] | None = None,
              families: Sequence[str] = (), scheduler: str | None = None,
          workers: int | None = None, progress: bool | None = None) -> SweepResult:
    """Run `jobs` (a JSON-lines file or a list of job objects) and `families` (`all:Q`,
    `npn:Q`, `random-trees:...`) on Dask; results go to STORE, skipping jobs already there.

    With no scheduler, a LocalCluster of `workers` processes (default: the number of cores).
    Its workers start by spawning Python, which imports the calling script again: in a script,
    call run_sweep under `if __name__ == "__main__":` (as for any multiprocessing program).

    >>> import os, tempfile
    >>> from verify import read_store, run_sweep
    >>> store = os.path.join(tempfile.mkdtemp(), "store")
    >>> run_sweep(store, jobs=[{"kind": "compute", "spec": "maj:3", "input": "110"}],
    ...       workers=1).report.computed
    1
    >>> read_store(store).column("value").to_pylist()
    ['2']
    """
    streams, total = _job_streams(jobs, families)
    if scheduler is not None and workers is not None:
        raise BadInput("--workers applies to the local cluster only, not with --scheduler")
    if workers is not None and not 1 <= workers <= MAX_LOCAL_WORKERS:
        raise BadInput(f"--workers must be in 1..{MAX_LOCAL_WORKERS}, got {workers}")
    Store.check_target(store)
    _check_splits(store, streams)
    finished, set_aside = _already_complete(store, streams)
    if finished is not None:  # nothing to compute: no cluster is started
        return SweepResult(os.fspath(store), finished)
    client = (remote_client(scheduler) if scheduler is not None
              else local_client(workers or os.cpu_count() or 1))
    try:
        report = run_on_cluster(_chain(streams), total, Store(store, create=True), client,
                           progress=progress)
        report.set_aside[:0] = set_aside
    finally:
        close_client(client, local=scheduler is None)
    return SweepResult(os.fspath(store), report)


@api(store=PATH, columns=optional(sequence(TEXT, "column names")))
def read_store(store: str | os.PathLike, columns: list[str] | None = None) -> pyarrow.Table:
    """Every row of STORE as a pyarrow Table in canonical order (kind, spec, input, job id);
    `.to_pandas()` gives a DataFrame. The same table whatever the number of workers.

    >>> import os, tempfile
    >>> from verify import read_store, run_sweep
    >>> store = os.path.join(tempfile.mkdtemp(), "store")
    >>> _ = run_sweep(store, families=["all:1"], workers=1)
    >>> read_store(store, ["value", "certified"]).select(["spec", "input", "value"]).to_pylist()[2]
    {'spec': 'tt:01', 'input': '0', 'value': '1'}
    """
    unknown = sorted(set(columns or ()) - set(ROW_SCHEMA.names))
    if unknown:
        raise BadInput(f"read_store: no column {unknown[0]!r} (the columns: "
                       f"{', '.join(ROW_SCHEMA.names)})")
    opened = Store(store)
    opened.check_intact()
    return opened.read_rows(columns)


@api(store=PATH, reverify=FLAG)
def census(store: str | os.PathLike, *, reverify: bool = True) -> Census:
    """The summary of a sweep: distributions of fbs, s, bs, C per arity, the largest ratios
    fbs/bs, C/fbs, bs/s with a function and input attaining them, the inputs with
    bs < fbs < C, and for tree sweeps the protocol comparison tables. Every fbs it names is
    re-verified from its stored certificate by the stdlib-only checker.

    >>> import os, tempfile
    >>> from verify import census, run_sweep
    >>> store = os.path.join(tempfile.mkdtemp(), "store")
    >>> _ = run_sweep(store, families=["all:2"], workers=1)
    >>> summary = census(store)
    >>> summary.rows, summary.all_reverified, summary.to_json()["arities"]["2"]["fbs"]
    (64, True, {'0': 8, '1': 40, '2': 16})
    """
    return summarise(Store(store), reverify=reverify)


def _job_streams(jobs, families) -> tuple[list, int]:
    """Validated job streams and their total length (nothing runs, nothing is written)."""
    streams: list = []
    if isinstance(jobs, (str, os.PathLike)):
        streams.append(read_jobs_file(os.fspath(jobs)))
    elif jobs is not None:
        streams.append([normalize_job(job, f"job {k + 1}") for k, job in enumerate(jobs)])
    streams.extend(parse_family(text) for text in families)
    if not streams:
        raise BadInput("give JOBS (a JSON-lines file) or at least one --family")
    return streams, sum(len(stream) for stream in streams)


def _check_splits(path, streams) -> None:
    """BadInput before any work if a census shard would be split in two ways."""
    from .census_shards import check_shard_splits
    from .generators import Family

    families = [stream for stream in streams if isinstance(stream, Family)]
    jobs = [job for stream in streams if not isinstance(stream, Family) for job in stream]
    check_shard_splits(families, jobs, Store(path) if Store.exists(path) else None)


def _already_complete(path, streams) -> tuple[SweepReport | None, list[str]]:
    """(the report of a sweep with nothing to do, found without starting a cluster, or None
    if there is work or no store yet; the damaged parts set aside on the way)."""
    from .jobs import job_id

    if not Store.exists(path):
        return None, []
    store = Store(path)
    store.lock()
    try:
        set_aside = store.set_aside_damaged()
        done = store.done_ids()
        wanted = {job_id(job) for job in _chain(streams)}
    finally:
        store.unlock()
    if not wanted <= done:
        return None, set_aside
    return SweepReport(jobs=len(wanted), already_done=len(wanted), set_aside=set_aside), []


def _chain(streams):
    for stream in streams:
        yield from stream
