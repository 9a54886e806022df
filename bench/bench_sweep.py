"""Wall time of `fbs sweep` with 1 and 2 LocalCluster workers (issue 14).

    python bench/bench_sweep.py                      # all:1..3 and npn:4, 3 repeats each
    python bench/bench_sweep.py --full --repeats 1   # the census: every function of <= 4 inputs

Each run is a fresh `fbs sweep ... --workers N --json` process into a new temporary STORE;
the wall time is the whole command (cluster start included) and the runner's own time (from
the first task submitted to the last part written). Results: bench/results_sweep.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUICK = ["all:1", "all:2", "all:3", "npn:4"]
FULL = ["all:1", "all:2", "all:3", "all:4"]


def run_once(families: list[str], workers: int) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="bench-sweep-"))
    try:
        command = [sys.executable, "-m", "verify", "sweep", "-o", str(folder / "store"),
                   "--workers", str(workers), "--json"]
        for family in families:
            command += ["--family", family]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True)
        wall = time.perf_counter() - start
        report = json.loads(done.stdout)
        return {"workers": workers, "wall_s": round(wall, 2),
                "runner_s": report["wall_seconds"], "jobs": report["computed"]}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the whole census (long)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", default="1,2")
    args = parser.parse_args()
    families = FULL if args.full else QUICK
    rows = []
    for workers in map(int, args.workers.split(",")):
        runs = [run_once(families, workers) for _ in range(args.repeats)]
        walls = [r["wall_s"] for r in runs]
        rows.append({"families": families, "workers": workers, "jobs": runs[0]["jobs"],
                     "wall_min_s": min(walls), "wall_median_s": statistics.median(walls),
                     "runner_min_s": min(r["runner_s"] for r in runs), "runs": runs})
        print(json.dumps(rows[-1]))
    (ROOT / "bench" / "results_sweep.json").write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
