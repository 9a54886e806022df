"""Throughput of the q = 7 census by structure in shards on Dask, and the projected wall time.

    python bench/bench_census_shards.py --target 40000      # ~40,000 antichains per setting

The shards (one class of up-sets on 6 points each, verify.sweep.census_shards) and the
number of antichains each visits are listed once (`fbs sweep --family census-shards:7`
would list them too). A fixed, deterministic set of shards (the first ones, in canonical
order, with 1,000..20,000 antichains each, until --target) runs as `fbs sweep JOBS` jobs:
on a LocalCluster of 1 and of 2 workers, and on a `dask scheduler` + `dask worker` pair
started here (`--scheduler`). Throughput = antichains / the runner's wall seconds. The
projection divides all the antichains of all shards by the one-worker rate times the cores
(perfect scaling), and states the largest shard's time (a lower bound on any wall time,
since a shard is one task). Results: bench/results_census_shards.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FBS = [sys.executable, "-m", "verify"]


def all_shard_sizes() -> tuple[list[int], list[int]]:
    from verify.sweep.census_shards import shard_prefixes, shard_sizes

    prefixes = shard_prefixes(7)
    return prefixes, shard_sizes(7, prefixes)


def sampled_cost(prefixes, sizes, samples: int, certify: bool) -> float:
    """CPU seconds per antichain on a uniform random sample of all antichain visits (a shard
    with probability proportional to its size, then a uniform U0 inside it; seed 0): an
    unbiased estimate of the whole run's CPU, whatever the shards' mix."""
    import numpy as np

    from verify.sweep.antichains import up_sets
    from verify.sweep.class_rows import class_row

    rng = np.random.default_rng(0)
    lower = up_sets(6)
    weights = np.array(sizes, dtype=float) / sum(sizes)
    spent = 0.0
    for index in rng.choice(len(prefixes), size=samples, p=weights):
        prefix = prefixes[index]
        inside = lower[(lower & np.uint64(~prefix & (2**64 - 1))) == 0]
        table = int(inside[rng.integers(len(inside))]) | (prefix << 64)
        start = time.process_time()
        class_row(table, 1, 7, certify)
        spent += time.process_time() - start
    return spent / samples


def chosen(prefixes, sizes, target: int) -> tuple[list[int], int]:
    picked, total = [], 0
    for prefix, size in zip(prefixes, sizes):
        if 1000 <= size <= 20000 and total < target:
            picked.append(prefix)
            total += size
    return picked, total


def sweep(jobs: Path, options: list[str]) -> float:
    folder = Path(tempfile.mkdtemp(prefix="bench-shards-"))
    try:
        done = subprocess.run(FBS + ["sweep", str(jobs), "-o", str(folder / "s"), "--json",
                                     *options], capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            raise RuntimeError(done.stderr[-2000:])
        report = json.loads(done.stdout)
        assert report["complete"], report
        return report["wall_seconds"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def scheduler_pair(jobs: Path, workers: int) -> float:
    """A `dask scheduler` and a `dask worker` (N processes, one thread each) started here."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    dask = str(Path(sys.executable).with_name("dask"))
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                  "--no-dashboard"], stderr=subprocess.DEVNULL)
    worker = subprocess.Popen([dask, "worker", address, "--nworkers", str(workers),
                               "--nthreads", "1", "--no-dashboard"], stderr=subprocess.DEVNULL)
    try:
        time.sleep(8)
        return sweep(jobs, ["--scheduler", address])
    finally:
        for process in (worker, scheduler):
            process.terminate()
            process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=40000)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--no-dask", action="store_true", help="only the sampled cost")
    parser.add_argument("--sizes", help="a JSON file {prefixes: [hex], sizes: [int]} (listing "
                        "the prefixes classifies all 7,828,354 up-sets on 6 points: ~10 s)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from verify.sweep.census_shards import shard_job

    if args.sizes:
        cached = json.loads(Path(args.sizes).read_text())
        prefixes, sizes = [int(p, 16) for p in cached["prefixes"]], cached["sizes"]
    else:
        prefixes, sizes = all_shard_sizes()
    picked, antichains = chosen(prefixes, sizes, args.target)
    folder = Path(tempfile.mkdtemp(prefix="bench-shard-jobs-"))
    jobs = folder / "jobs.jsonl"
    jobs.write_text("".join(json.dumps(shard_job(7, p)) + "\n" for p in picked))
    rows = {"shards_total": len(prefixes), "antichains_total": sum(sizes),
            "largest_shard": max(sizes), "shards_run": len(picked), "antichains_run": antichains}
    settings = (("local, 1 worker", lambda: sweep(jobs, ["--workers", "1"])),
                ("local, 2 workers", lambda: sweep(jobs, ["--workers", "2"])),
                ("dask scheduler + dask worker (2 processes)", lambda: scheduler_pair(jobs, 2)))
    if args.no_dask:
        settings = ()
    for name, run in settings:
        seconds = run()
        rows[name] = {"runner_s": seconds, "antichains_per_s": round(antichains / seconds, 1)}
        print(name, rows[name], flush=True)
    rate = rows.get("local, 1 worker", {}).get("antichains_per_s")
    for cores in (100, 1000) if rate else ():
        rows[f"projected_hours_{cores}_cores_at_that_rate"] = round(
            sum(sizes) / (rate * cores) / 3600, 2)
    for certify in (False, True):
        cost = sampled_cost(prefixes, sizes, args.samples, certify)
        name = "certified" if certify else "uncertified"
        rows[f"sampled_cpu_us_per_antichain_{name}"] = round(cost * 1e6, 1)
        for cores in (100, 1000):
            rows[f"projected_hours_{cores}_cores_{name}"] = round(
                sum(sizes) * cost / cores / 3600, 2)
        rows[f"largest_shard_hours_one_core_{name}"] = round(max(sizes) * cost / 3600, 2)
    print(json.dumps(rows))
    (ROOT / "bench" / "results_census_shards.json").write_text(json.dumps(rows, indent=1) + "\n")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
