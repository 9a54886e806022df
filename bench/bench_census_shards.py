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
    for name, run in (("local, 1 worker", lambda: sweep(jobs, ["--workers", "1"])),
                      ("local, 2 workers", lambda: sweep(jobs, ["--workers", "2"])),
                      ("dask scheduler + dask worker (2 processes)",
                       lambda: scheduler_pair(jobs, 2))):
        seconds = run()
        rows[name] = {"runner_s": seconds, "antichains_per_s": round(antichains / seconds, 1)}
        print(name, rows[name], flush=True)
    rate = rows["local, 1 worker"]["antichains_per_s"]
    for cores in (100, 1000):
        rows[f"projected_hours_{cores}_cores"] = round(sum(sizes) / (rate * cores) / 3600, 2)
    rows["largest_shard_hours_one_core"] = round(max(sizes) / rate / 3600, 2)
    print(json.dumps(rows))
    (ROOT / "bench" / "results_census_shards.json").write_text(json.dumps(rows, indent=1) + "\n")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
