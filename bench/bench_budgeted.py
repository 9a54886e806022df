"""Benchmark for issue 13 (Budgeted FBS Debate, this project's extension).

Bar: budgeted honest runs and budgets on maj:9 depth 6 (531,441 leaves) in under 60 s.
Usage:  python bench/bench_budgeted.py [--repeats 3]
Each repeat is a fresh process running the CLI end to end: reading the tree and oracle files,
rho_T certified by the tree checker (beta_max), the honest budgets at every node, the state
graph, and 100,000 seeded honest runs (`fbs debate run --protocol budgeted`); also the budgeted
worst-case search on a 40-node tree and the budgeted report check alone.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(*args: str) -> tuple[float, int, dict | None, float]:
    """(seconds, exit code, JSON output or None, peak RSS in MiB of the largest child so far)."""
    start = time.perf_counter()
    process = subprocess.run([sys.executable, "-m", "verify", *args], cwd=ROOT,
                             capture_output=True, text=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    try:
        document = json.loads(process.stdout)
    except ValueError:
        document = None
    return seconds, process.returncode, document, peak


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    repeats = parser.parse_args().repeats
    with tempfile.TemporaryDirectory() as folder:
        tree, oracle = f"{folder}/t.json", f"{folder}/o.json"
        small, small_oracle = f"{folder}/s.json", f"{folder}/so.json"
        subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator", "maj:9",
                        "--depth", "6", "-o", tree, "--oracle-out", oracle, "--oracle-seed", "0"],
                       cwd=ROOT, check=True, capture_output=True)
        subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator", "maj:3",
                        "--depth", "3", "-o", small, "--oracle-out", small_oracle,
                        "--oracle-seed", "2"], cwd=ROOT, check=True, capture_output=True)
        cases = {
            "maj:9 depth 6: 10^5 honest budgeted runs (beta_max = rho_T)":
                ("debate", "run", tree, "--oracle", oracle, "--protocol", "budgeted", "--alice",
                 "honest", "--runs", "100000", "--seed", "1", "--json"),
            "maj:3 depth 3 (40 nodes): budgeted worst case (committed, grid, 200 searched)":
                ("debate", "worst-case", small, "--oracle", small_oracle, "--protocol",
                 "budgeted", "--json"),
            "fbs paper --only budgeted_debate (78 trees)":
                ("paper", "--only", "budgeted_debate", "--report-dir", f"{folder}/report"),
        }
        for name, args in cases.items():
            runs = [timed(*args) for _ in range(repeats)]
            seconds = [r[0] for r in runs]
            document = runs[-1][2] or {}
            summary = {key: document[key] for key in ("rho_T", "beta_max", "caught",
                                                      "catch_probability_exact", "least_catch",
                                                      "guarantee") if key in document}
            print(f"{name}: min {min(seconds):.1f} s, median {statistics.median(seconds):.1f} s "
                  f"over {repeats}; exit {runs[-1][1]}; peak RSS so far {runs[-1][3]:.0f} MiB; "
                  f"{summary}", flush=True)
            if any(code != 0 for _, code, _, _ in runs):  # a failing command is no measurement
                raise SystemExit(f"{name}: the command exited {[r[1] for r in runs]}")


if __name__ == "__main__":
    main()
