"""Benchmark for the FBS Debate issue: the worst-case DP and 10^6 sampled runs.

Usage:  python bench/bench_debate.py [--out RESULTS.json]   (results are recorded in
        bench/RESULTS-debate.md; --out also saves the raw rows as JSON)

Targets (issue): the exact worst-case DP on a uniform tree with aggregator maj:5 and depth 6
(15,625 leaves) and with thr:9:6 and depth 4 (6,561 leaves), each in under 60 s; 10^6 sampled
debate runs on a depth-6 tree in under 60 s. Every case runs in a fresh subprocess, so the
times include parsing, the certified fbs computations (cold caches) and the DP or sampling.
The last case times the command line end to end (`fbs debate run ... --runs 1000000`).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DP_CASES = [  # (aggregator, depth, rho, P[oracle answer = 1], rule)
    ("maj:5", 6, "3", 0.5, "vertex"), ("maj:5", 6, "3", 0.5, "symmetric"),
    ("maj:5", 6, "3", 0.5, "uniform"), ("maj:5", 6, "3", 0.6, "vertex"),
    ("thr:9:6", 4, "6", 0.5, "vertex"), ("thr:9:6", 4, "6", 0.7, "vertex"),
    ("thr:9:6", 4, "6", 0.7, "symmetric"), ("thr:9:6", 4, "6", 0.7, "uniform"),
]
RUN_CASES = [("maj:5", 6, "3", 0.5, "vertex", "worst"), ("maj:5", 6, "3", 0.5, "vertex", "honest"),
             ("thr:9:6", 4, "6", 0.7, "symmetric", "worst")]


def one_dp(spec: str, depth: int, rho: str, ones: float, rule: str) -> dict:
    from verify.protocol.debaters import WorstCaseAlice
    from verify.protocol.engine import Debate
    from verify.trees.builders import uniform_tree
    from verify.trees.oracles import random_oracle

    start = time.perf_counter()
    tree = uniform_tree(spec, depth)
    debate = Debate.create(tree, random_oracle(tree, 1, ones), rho, rule)
    built = time.perf_counter()
    result = WorstCaseAlice.solve(debate).result
    done = time.perf_counter()
    return {"case": f"DP {spec} depth {depth}", "leaves": len(tree.leaves()), "rho": rho,
            "ones": ones, "rule": rule, "seconds_total": round(done - start, 3),
            "seconds_dp": round(done - built, 3),
            "catch_exact": str(result.catch_probability_exact),
            "catch_float": float(result.catch_probability_exact),
            "theorem_bound": str(result.theorem_bound), "instance_bound": str(result.instance_bound),
            "theorem_holds": result.theorem_holds, "memo_entries": result.memo_entries}


def one_runs(spec: str, depth: int, rho: str, ones: float, rule: str, kind: str) -> dict:
    from verify.protocol.debaters import make_alice
    from verify.protocol.engine import Debate, compile_states
    from verify.protocol.sampling import sample_runs
    from verify.trees.builders import uniform_tree
    from verify.trees.oracles import random_oracle

    start = time.perf_counter()
    tree = uniform_tree(spec, depth)
    debate = Debate.create(tree, random_oracle(tree, 1, ones), rho, rule)
    graph = compile_states(debate, make_alice(kind, debate))
    ready = time.perf_counter()
    result = sample_runs(debate, graph, 10**6, seed=2024)
    done = time.perf_counter()
    return {"case": f"10^6 runs {spec} depth {depth}", "alice": kind, "rule": rule, "rho": rho,
            "ones": ones, "seconds_total": round(done - start, 3),
            "seconds_sampling": round(done - ready, 3), "states": len(graph.steps),
            "caught": result.caught, "catch_exact": str(result.catch_probability_exact),
            "clopper_pearson_95": [round(x, 7) for x in result.clopper_pearson],
            "interval_contains_exact": result.interval_contains_exact}


def cli_case(workdir: Path) -> dict:
    tree, oracle = workdir / "tree.json", workdir / "oracle.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator", "maj:5",
                    "--depth", "6", "-o", str(tree), "--oracle-out", str(oracle),
                    "--oracle-seed", "1"], check=True, env=env, capture_output=True)
    command = [sys.executable, "-m", "verify", "debate", "run", str(tree), "--oracle", str(oracle),
               "--rho", "3", "--alice", "worst", "--runs", "1000000", "--seed", "7", "--json"]
    start = time.perf_counter()
    result = subprocess.run(command, check=True, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    document = json.loads(result.stdout)
    return {"case": "CLI: fbs debate run maj:5 depth 6 --alice worst --runs 1000000",
            "seconds_total": round(seconds, 3), "caught": document["caught"],
            "catch_exact": document["catch_probability_exact"],
            "interval_contains_exact": document["interval_contains_exact"]}


def in_subprocess(kind: str, arguments: list) -> dict:
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, "
            f"{str(ROOT / 'bench')!r}); import bench_debate as b; "
            f"print(json.dumps(b.{kind}(*{arguments!r})))")
    result = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", help="also write the rows and machine info as JSON")
    args = parser.parse_args()
    rows = []
    for case in DP_CASES:
        rows.append(in_subprocess("one_dp", list(case)))
        print(json.dumps(rows[-1]), flush=True)
    for case in RUN_CASES:
        rows.append(in_subprocess("one_runs", list(case)))
        print(json.dumps(rows[-1]), flush=True)
    with tempfile.TemporaryDirectory() as workdir:
        rows.append(cli_case(Path(workdir)))
        print(json.dumps(rows[-1]), flush=True)
    machine = {"python": platform.python_version(), "platform": platform.platform(),
               "processor": platform.processor() or platform.machine(), "cpus": os.cpu_count(),
               "date": time.strftime("%Y-%m-%d")}
    print(json.dumps(machine))
    if args.out:
        Path(args.out).write_text(json.dumps({"machine": machine, "rows": rows}, indent=1) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
