"""Benchmark: `fbs debate worst-case --protocol budgeted` on wide trees, with the work budgets
of `verify.budgeted.api.worst_case_plan` (each stage's work predicted before the work).

Bar: every tree answers within ~10-20 s with at least the proved lower bound (before the
budgets, maj:17 at depth 1 took 2m20 CPU and depth 2 gave no answer within 5 minutes).
Usage:  python bench/bench_budgeted_budgets.py [--repeats 1] [--before DIR]
Each measurement is a fresh process (bench/measure.py). The peer a user would otherwise run
on the same files is the paper protocol's exact worst-case DP (`--rho` = the largest honest
local fbs). With --before DIR (a checkout of verify/ before the budgets), the same command
runs from DIR with a timeout, for the before/after ratio.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from measure import FBS, ROOT, repeat, run_once

CASES = [("maj:17", 1, "9"), ("maj:17", 2, "9"), ("maj:13", 1, "7"), ("maj:11", 1, "6"),
         ("maj:3", 3, "2")]


def build(folder: Path, spec: str, depth: int) -> tuple[str, str]:
    tree, oracle = folder / f"{spec}-{depth}.json", folder / f"{spec}-{depth}-oracle.json"
    subprocess.run(FBS + ["tree", "build", "--aggregator", spec, "--depth", str(depth), "-o",
                          str(tree), "--oracle-out", str(oracle)], cwd=ROOT, check=True,
                   capture_output=True)
    return str(tree), str(oracle)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--before", help="a directory holding the old verify/ package")
    parser.add_argument("--before-timeout", type=int, default=300)
    args = parser.parse_args()
    print("| tree | interval | wall | CPU | paper DP wall | paper DP CPU | before CPU |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for spec, depth, rho in CASES:
            tree, oracle = build(Path(folder), spec, depth)
            ours = repeat(FBS + ["debate", "worst-case", tree, "--oracle", oracle,
                                 "--protocol", "budgeted"], args.repeats)
            peer = repeat(FBS + ["debate", "worst-case", tree, "--oracle", oracle, "--rho", rho],
                          args.repeats)
            line = next(x for x in ours["stdout"].splitlines() if "worst-case catch" in x)
            interval = line.split("probability ")[1].split(" (")[0]
            before = "-"
            if args.before:
                old = run_once(["timeout", str(args.before_timeout), sys.executable, "-m",
                                "verify", "debate", "worst-case", tree, "--oracle", oracle,
                                "--protocol", "budgeted"], cwd=Path(args.before))
                before = f"{old['cpu']:.1f} s" + (" (timed out)" if old["returncode"] else "")
            print(f"| {spec} depth {depth} | {interval} | {ours['wall_min']:.2f} s | "
                  f"{ours['cpu_min']:.2f} s | {peer['wall_min']:.2f} s | {peer['cpu_min']:.2f} s"
                  f" | {before} |", flush=True)


if __name__ == "__main__":
    main()
