"""Benchmark: is a sweep of many tiny jobs bound by its work or by scheduling? (issue 23)

Usage:  python bench/bench_sweep_tiny.py [--plan-jobs 100000] [--compute-jobs 20000]
                                         [--out bench/results_sweep_tiny.json]

Two job files (written untimed): PLAN, distinct `plan` jobs (rho = 100/100 .. 4099/100,
depth 0..24: about 0.1-0.3 ms each), and COMPUTE, the first `compute` jobs of `all:4`
(fbs with s, bs, C and a certificate: about 1.2 ms each). For each, in fresh processes
(bench/measure.py: wall, CPU = user + system of the process and its children, peak RSS):

  peer: loop     a plain loop over the public API (`verify.plan`, `verify.fbs`) in one
                 process: what a user would write without `fbs sweep`
  peer: worker   `verify.sweep.execute.run_task` over all jobs in one process: exactly the
                 work a sweep's workers do (API call + the row), without Dask or the store
  sweep W        `fbs sweep FILE -o STORE --workers W --json` for W = 1, 2 (a new STORE each
                 time): cluster start, reading and validating the jobs, batches, Parquet parts

Reported: jobs per second, and the sweep's wall over the worker peer's wall divided by W
(1.0 = bound by the work alone; the rest is start-up and scheduling).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, python_child, run_once  # noqa: E402

LOOP = {
    "plan": """
import json, time
from verify import plan
jobs = [json.loads(line) for line in open({path!r})]
start = time.perf_counter()
for job in jobs:
    plan(job["rho"], job["depth"])
print(json.dumps({{"seconds": time.perf_counter() - start}}))
""",
    "compute": """
import json, time
from verify import fbs
jobs = [json.loads(line) for line in open({path!r})]
start = time.perf_counter()
for job in jobs:
    fbs(job["spec"], job["input"], measures=True)
print(json.dumps({{"seconds": time.perf_counter() - start}}))
""",
}

WORKER = """
import json, time
from verify.sweep.execute import run_task
from verify.sweep.jobs import job_id, read_jobs_file
jobs = read_jobs_file({path!r})
start = time.perf_counter()
rows, certificates, errors = run_task([(job_id(job), job) for job in jobs])
assert not errors and rows.num_rows == len(jobs), errors[:3]
print(json.dumps({{"seconds": time.perf_counter() - start}}))
"""


def write_jobs(folder: Path, plan_jobs: int, compute_jobs: int) -> dict[str, Path]:
    """The two job files (each line one job object)."""
    from verify.sweep.generators import parse_family

    plan = folder / "plan.jsonl"
    pairs = itertools.product(range(100, 100 + plan_jobs // 25 + 1), range(25))
    plan.write_text("".join(json.dumps({"kind": "plan", "rho": f"{r}/100", "depth": d}) + "\n"
                            for r, d in itertools.islice(pairs, plan_jobs)))
    compute = folder / "compute.jsonl"
    jobs = itertools.islice(iter(parse_family("all:4")), compute_jobs)
    compute.write_text("".join(json.dumps(job) + "\n" for job in jobs))
    return {"plan": plan, "compute": compute}


def measure(kind: str, path: Path, folder: Path) -> list[dict]:
    jobs = sum(1 for _ in open(path))
    rows = []
    for name, code in (("peer: loop", LOOP[kind]), ("peer: worker", WORKER)):
        run = run_once(python_child(code.format(path=str(path))))
        assert run["returncode"] == 0, run["stderr"]
        rows.append({"kind": kind, "jobs": jobs, "name": name, "workers": 1,
                     "wall": round(run["wall"], 2), "cpu": round(run["cpu"], 2),
                     "work_seconds": round(json.loads(run["stdout"])["seconds"], 2)})
    worker_work = rows[-1]["work_seconds"]
    for workers in (1, 2):
        store = folder / f"store-{kind}-{workers}"
        run = run_once(FBS + ["sweep", str(path), "-o", str(store), "--workers", str(workers),
                              "--json"])
        assert run["returncode"] == 0, run["stderr"]
        report = json.loads(run["stdout"])
        assert report["computed"] == jobs and report["complete"], report
        rows.append({"kind": kind, "jobs": jobs, "name": f"sweep, {workers} worker(s)",
                     "workers": workers, "wall": round(run["wall"], 2),
                     "cpu": round(run["cpu"], 2), "runner_wall": report["wall_seconds"],
                     "tasks": report["tasks"],
                     "wall_over_work": round(run["wall"] / (worker_work / workers), 2),
                     "runner_over_work": round(report["wall_seconds"] /
                                               (worker_work / workers), 2)})
    for row in rows:
        row["jobs_per_second"] = round(jobs / row["wall"])
        row["load_average"] = round(os.getloadavg()[0], 2)
        print(json.dumps(row), flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plan-jobs", type=int, default=100_000)
    parser.add_argument("--compute-jobs", type=int, default=20_000)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results_sweep_tiny.json"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-sweep-tiny-") as name:
        folder = Path(name)
        files = write_jobs(folder, args.plan_jobs, args.compute_jobs)
        rows = [row for kind, path in files.items() for row in measure(kind, path, folder)]
    Path(args.out).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
