"""Benchmark for issue 29 section 3: `fbs debate worst-case --protocol budgeted | mixed` on a
described uniform maj:9 tree, against the expanded path (the code before this work, which
lists the tree) in the same run.

Usage:  python bench/bench_budgeted_keyed.py [--depths 4,5,6,7,8] [--protocols budgeted,mixed]
                                             [--base COMMIT] [--rounds N] [--base-described]

Each measurement is a fresh process (bench/measure.py: CPU = user + system, peak RSS):
ours: `fbs debate worst-case T --oracle O --protocol P --json` (the described tree: values,
ranges and honest budgets per class, only the states the searches visit, the liars
evaluated over their reachable states); base: the same command with the package at COMMIT
(extracted with `git archive`; it lists the tree, so only depths whose listing fits
5,000,000 nodes, or every depth with --base-described for a base that reads the described
tree too, e.g. 61ab9d4, the mixed path before its budgets per class). The tree and the oracle are `fbs tree build --aggregator maj:9 --depth D`
(random oracle, seed 0). The two JSON documents must be equal (every field: the interval's
ends, exact, every liar's value); rounds alternate ours / base and the best of `rounds` by
CPU is reported, with the ratio base / ours.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_tree_peer import extract, maj9_instance  # noqa: E402
from bench.measure import run_once  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BASE = "bb126b7"
LISTED_NODES = 5_000_000


def measure(argv: list[str], path: Path) -> dict:
    done = run_once(argv, cwd=path, env={"PYTHONPATH": str(path)})
    if done["returncode"] not in (0, 1):  # 1: a liar below the guarantee (reported, not a failure)
        raise SystemExit(f"{argv}: exit {done['returncode']}: {done['stderr']}")
    return done


def row(protocol: str, depth: int, best: dict, base_label: str, rounds: int) -> dict:
    document = json.loads(best["ours"]["stdout"])
    interval = document["worst_case"]
    result = {"bench": "worst_case_keyed_maj9", "protocol": protocol, "depth": depth,
              "lower_bound": interval["lower_bound"], "upper_bound": interval["upper_bound"],
              "exact": interval["exact"], "rounds": rounds}
    if "base" in best:
        result["documents_equal"] = document == json.loads(best["base"]["stdout"])
    for name, done in best.items():
        label = base_label if name == "base" else name
        result[f"{label}_cpu_s"] = round(done["cpu"], 2)
        result[f"{label}_peak_mib"] = round(done["peak_mib"])
    if "base" in best:
        result["base_over_ours_cpu"] = round(best["base"]["cpu"] / best["ours"]["cpu"], 2)
    result["load_average"] = os.getloadavg()[0]
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depths", default="4,5,6,7,8")
    parser.add_argument("--protocols", default="budgeted,mixed")
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--base-described", action="store_true",
                        help="the base reads described trees too: run it at every depth")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        base = extract(args.base, work / "base")
        for depth in map(int, args.depths.split(",")):
            tree, oracle = maj9_instance(work, depth)
            listed = args.base_described or sum(9 ** k for k in range(depth + 1)) <= LISTED_NODES
            for protocol in args.protocols.split(","):
                command = [sys.executable, "-m", "verify", "debate", "worst-case", str(tree),
                           "--oracle", str(oracle), "--protocol", protocol, "--json"]
                runs: dict[str, list[dict]] = {"ours": [], "base": []}
                for _ in range(args.rounds):
                    runs["ours"].append(measure(command, ROOT))
                    if listed:
                        runs["base"].append(measure(command, base))
                best = {name: min(done, key=lambda r: r["cpu"]) for name, done in runs.items()
                        if done}
                print(json.dumps(row(protocol, depth, best, f"base_{args.base}", args.rounds)),
                      flush=True)


if __name__ == "__main__":
    main()
