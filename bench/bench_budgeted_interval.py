"""Benchmark: the budgeted worst case as an interval [proved lower bound, best liar found]
(ours, docs/budgeted.md section 5).

Bars: the lower bound on maj:9 depth 6 (597,871 nodes, oracle seed 0) in under 60 s; the
interval on every tree of the report (`fbs paper`, check budgeted_debate: 78 trees) within
`fbs paper`'s 2 minutes.
Usage:  python bench/bench_budgeted_interval.py [--repeats 2]
Each measurement is a fresh process (bench/measure.py: wall, CPU, peak memory, load average):
* maj:9 depth 6, the lower bound alone through the API (reading the files, rho_T certified by
  the tree checker, Proposition B1' at the root);
* maj:9 depth 6, `fbs debate worst-case --protocol budgeted` end to end (lower bound,
  sacrifice search; the committed/grid DPs and the random search are skipped by their limits);
* the peer a user would otherwise run on the same files: the paper protocol's exact
  worst-case DP, `fbs debate worst-case --rho 5` (rho = the largest honest local fbs);
* the interval (lower bound and the report's liar searches) on the 78 trees of the report;
* `fbs paper --only budgeted_debate` end to end (the interval, the paper protocol's DP, rho_T,
  the mixed protocol and the z3 mirror).
"""

from __future__ import annotations

import argparse
import json
import tempfile

from measure import FBS, ROOT, python_child, repeat

LOWER_BOUND = """
import time
from verify.budgeted.api import budgeted_instance
from verify.budgeted.bounds import per_child_lower_bound
start = time.perf_counter()
instance = budgeted_instance({tree!r}, {oracle!r})
bound = per_child_lower_bound(instance.debate)
print(bound.value, instance.rho_t, round(time.perf_counter() - start, 2))
"""

REPORT_INTERVALS = """
import time
from paper_checks.budgeted_debate import budgeted_interval, corpus
start, exact, rows = time.perf_counter(), 0, 0
for name, tree, oracle in corpus():
    result, how, _ = budgeted_interval(tree, oracle)
    rows += 1
    exact += result.exact
print(rows, exact, round(time.perf_counter() - start, 2))
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=2)
    repeats = parser.parse_args().repeats
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        tree, oracle = f"{folder}/t.json", f"{folder}/o.json"
        repeat(FBS + ["tree", "build", "--aggregator", "maj:9", "--depth", "6", "-o", tree,
                      "--oracle-out", oracle, "--oracle-seed", "0"], 1)
        cases = {
            "maj:9 d=6: lower bound (API, rho_T certified)":
                python_child(LOWER_BOUND.format(tree=tree, oracle=oracle)),
            "maj:9 d=6: fbs debate worst-case --protocol budgeted":
                FBS + ["debate", "worst-case", tree, "--oracle", oracle, "--protocol",
                       "budgeted", "--json"],
            "maj:9 d=6: peer, paper protocol's exact worst case (--rho 5)":
                FBS + ["debate", "worst-case", tree, "--oracle", oracle, "--rho", "5",
                       "--json"],
            "78 report trees: the budgeted interval": python_child(REPORT_INTERVALS),
            "fbs paper --only budgeted_debate":
                FBS + ["paper", "--only", "budgeted_debate", "--report-dir", f"{folder}/r"],
        }
        for name, argv in cases.items():
            summary = repeat(argv, repeats, ROOT)
            out = summary.pop("stdout")
            try:
                document = json.loads(out)
                interval = document.get("worst_case") or {}
                detail = {k: document.get(k) for k in ("rho_T", "catch_probability_exact")
                          if k in document}
                detail.update({k: interval[k] for k in ("lower_bound", "upper_bound")
                               if k in interval})
            except ValueError:
                detail = out.strip().splitlines()[-1:] if out.strip() else []
            results[name] = {**summary, "detail": detail}
            print(f"{name}: wall min {summary['wall_min']} s (median "
                  f"{summary['wall_median']}), cpu min {summary['cpu_min']} s, peak "
                  f"{summary['peak_mib_min']:.0f} MiB, load {summary['load_average']}; "
                  f"{detail}", flush=True)


if __name__ == "__main__":
    main()
