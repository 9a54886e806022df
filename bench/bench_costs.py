"""Benchmark: the costs that are not the mathematics (CPU, each case in a fresh process).

* `fbs("maj:1000000", z)` at a seeded random z (seed 0), given as a bit string and as runs,
  checker included, after a warm-up call on maj:3 (imports not timed); peer: what a user would otherwise write, the weight by str.count and
  pycddlib's exact LP (fraction arithmetic) over the two weight classes (t on the ones, t on
  the zeros; one constraint per minimal block type).
* The budgeted grid worst case (`grid_worst_case`, default grid) on corpus trees of
  paper_checks/budgeted_debate.py: local LPs certified, CPU of the DP alone.
* The exact worst-case DP (`worst_case`, paper Theorem 4.2) on maj:9 depth 5, rho 5, rule
  vertex, oracle seed 0.

Usage:  python bench/bench_costs.py [--root DIR] [--repeats 3] [--grid-tree NAME ...]
`--root` runs the same cases against another checkout (e.g. `git archive` of the commit
before a change) for before/after figures. Prints one line per case: min and median CPU
seconds over the repeats, the load average, and the result (equal results across roots).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FBS_CASE = """
import random, time
from verify import fbs
random.seed(0)
z = "".join(random.choice("01") for _ in range(1_000_000))
if FORM == "runs":
    from itertools import groupby
    z = ",".join(f"{b}^{len(list(g))}" for b, g in groupby(z))
fbs("maj:3", "110")  # imports (numpy, the checker) outside the timing
start = time.process_time()
result = fbs("maj:1000000", z)
seconds = time.process_time() - start
assert result.certified
print(json.dumps({"cpu": seconds, "result": str(result.value),
                  "runs": z.count(",") + 1 if FORM == "runs" else None}))
"""

PEER_CASE = """
import random, time
import cdd
random.seed(0)
z = "".join(random.choice("01") for _ in range(1_000_000))
start = time.process_time()
n, w = len(z), z.count("1")
threshold = n // 2 + 1  # maj:n is 1 iff at least n // 2 + 1 ones
if w >= threshold:  # minimal sensitive blocks: exactly w - threshold + 1 ones
    row = [-1, w - threshold + 1, 0]
else:  # exactly threshold - w zeros
    row = [-1, 0, threshold - w]
matrix = cdd.Matrix([row, [0, 1, 0], [0, 0, 1]], number_type="fraction")
matrix.obj_type = cdd.LPObjType.MIN
matrix.obj_func = (0, w, n - w)  # sum of t over the ones and over the zeros
lp = cdd.LinProg(matrix)
lp.solve()
seconds = time.process_time() - start
assert lp.status == cdd.LPStatusType.OPTIMAL
print(json.dumps({"cpu": seconds, "result": str(lp.obj_value)}))
"""

GRID_CASE = """
import time
from paper_checks import budgeted_debate
from verify.budgeted.api import budgeted_instance
from verify.budgeted.worst_case import default_grid, grid_combinations, grid_worst_case
import verify.budgeted.bob as bob
tree, oracle = next((t, o) for name, t, o in budgeted_debate.corpus() if name == TREE)
debate = budgeted_instance(tree, oracle).debate
grid = default_grid(debate)
start = time.process_time()
found = grid_worst_case(debate, grid)
seconds = time.process_time() - start
print(json.dumps({"cpu": seconds, "result": str(found.catch_probability_exact),
                  "nodes": tree.n_nodes, "combinations": grid_combinations(debate, grid),
                  "local_lps": len(bob._VIEWS)}))
"""

DP_CASE = """
import time
from verify import random_oracle, uniform_tree, worst_case
tree = uniform_tree("maj:9", 5)
oracle = random_oracle(tree, seed=0)
start = time.process_time()
found = worst_case(tree, oracle, 5)
seconds = time.process_time() - start
print(json.dumps({"cpu": seconds, "result": str(found.catch_probability_exact),
                  "nodes": tree.n_nodes}))
"""


def run(code: str, root: Path, **names) -> dict:
    """Run one case in a fresh Python with `root` first on the path; its JSON line."""
    prelude = (f"import sys, json; sys.path.insert(0, {str(root)!r})\n"
               + "".join(f"{key} = {value!r}\n" for key, value in names.items()))
    process = subprocess.run([sys.executable, "-c", prelude + code], cwd=root,
                             capture_output=True, text=True)
    if process.returncode != 0:
        raise SystemExit(f"case failed: {process.stderr[-2000:]}")
    return json.loads(process.stdout.strip().splitlines()[-1])


def measure(name: str, code: str, root: Path, repeats: int, **names) -> dict:
    runs = [run(code, root, **names) for _ in range(repeats)]
    cpu = [r["cpu"] for r in runs]
    summary = {**runs[-1], "cpu_min": round(min(cpu), 4),
               "cpu_median": round(statistics.median(cpu), 4),
               "load": round(os.getloadavg()[0], 1)}
    summary.pop("cpu")
    print(f"{name}: {json.dumps(summary)}", flush=True)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--grid-tree", action="append", default=None)
    parser.add_argument("--only", choices=["fbs", "grid", "dp"], action="append")
    args = parser.parse_args()
    only = set(args.only or ["fbs", "grid", "dp"])
    root = args.root.resolve()
    if "fbs" in only:
        bits = measure("fbs maj:1000000, z as bits", FBS_CASE, root, args.repeats, FORM="bits")
        runs = measure("fbs maj:1000000, z as runs", FBS_CASE, root, args.repeats, FORM="runs")
        try:
            peer = measure("peer: str.count + pycddlib exact LP", PEER_CASE, root, args.repeats)
        except SystemExit as error:
            print(f"peer not run: {str(error)[-200:]}")
        else:
            print(f"ratio fbs(bits) / peer CPU: {bits['cpu_min'] / peer['cpu_min']:.2f}; "
                  f"fbs(runs) / peer: {runs['cpu_min'] / peer['cpu_min']:.2f}")
    if "grid" in only:
        for tree in args.grid_tree or ["maj:3 d=3", "and:3 d=3"]:
            measure(f"grid_worst_case on {tree}", GRID_CASE, root, args.repeats, TREE=tree)
    if "dp" in only:
        measure("worst_case maj:9 depth 5, rho 5", DP_CASE, root, args.repeats)


if __name__ == "__main__":
    main()
