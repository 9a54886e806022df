"""Benchmark for issue 29 section 3: `fbs debate worst-case` on a described uniform maj:9 tree
against its exact peer, and against the code before the keyed DP, in one run.

Usage:  python bench/bench_worst_case_peer.py [--depths 6,8] [--base COMMIT] [--rounds N]
                                              [--rho 5] [--json-output]

Each measurement is a fresh process (bench/measure.py: CPU = user + system, peak RSS):
ours: `fbs debate worst-case T --oracle O --rho R` (text output: the keyed DP, the instance
bound, the strategy's reachable states counted, the root's move; --json-output also lists
every reachable state); ours_python: the same with FBS_NUMBA=0 (no compiled kernel); base:
the same command with the package at COMMIT (extracted with `git archive`; it lists the
tree, so only depths whose listing fits 5,000,000 nodes); peer:
bench/peer_worst_case.py (an exact DP over the distinct keys of each level, Fractions, the
value only, written from the paper without verify/). The tree and the oracle are `fbs tree
build --aggregator maj:9 --depth D` (random oracle, seed 0). The catch probabilities must
agree; rounds alternate ours / ours_python / peer / base and the best of `rounds` by CPU is
reported, with the ratios ours / peer, ours_python / ours and base / ours.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_tree_peer import extract  # noqa: E402
from bench.measure import run_once  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BASE = "6ecde79"
LISTED_NODES = 5_000_000


def ours_value(done: dict, as_json: bool) -> str:
    if as_json:
        return json.loads(done["stdout"])["catch_probability_exact"]
    return re.search(r"catch_probability_exact = (\S+)", done["stdout"]).group(1)


def measure(argv: list[str], path: Path, numba: bool = True) -> dict:
    env = {"PYTHONPATH": str(path), **({} if numba else {"FBS_NUMBA": "0"})}
    done = run_once(argv, cwd=path, env=env)
    if done["returncode"] != 0:
        raise SystemExit(f"{argv}: exit {done['returncode']}: {done['stderr']}")
    return done


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depths", default="6,8")
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rho", default="5")
    parser.add_argument("--json-output", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        base = extract(args.base, work / "base") if args.base else None
        for depth in map(int, args.depths.split(",")):
            tree, oracle = work / f"T{depth}.json", work / f"O{depth}.json"
            subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator",
                            "maj:9", "--depth", str(depth), "-o", str(tree), "--oracle-out",
                            str(oracle)], cwd=ROOT, check=True, capture_output=True)
            command = [sys.executable, "-m", "verify", "debate", "worst-case", str(tree),
                       "--oracle", str(oracle), "--rho", args.rho]
            command += ["--json"] if args.json_output else []
            peer_command = [sys.executable, str(ROOT / "bench" / "peer_worst_case.py"),
                            str(oracle), "9", "5", str(depth), args.rho]
            listed = sum(9 ** k for k in range(depth + 1)) <= LISTED_NODES
            runs: dict[str, list[dict]] = {"ours": [], "ours_python": [], "peer": [],
                                           "base": []}
            for _ in range(args.rounds):
                runs["ours"].append(measure(command, ROOT))
                runs["ours_python"].append(measure(command, ROOT, numba=False))
                runs["peer"].append(measure(peer_command, ROOT))
                if base is not None and listed:
                    runs["base"].append(measure(command, base))
            best = {name: min(done, key=lambda r: r["cpu"]) for name, done in runs.items()
                    if done}
            values = {"ours": ours_value(best["ours"], args.json_output),
                      "ours_python": ours_value(best["ours_python"], args.json_output),
                      "peer": best["peer"]["stdout"].strip()}
            if "base" in best:
                values["base"] = ours_value(best["base"], args.json_output)
            row = {"bench": "worst_case_maj9", "depth": depth, "rho": args.rho,
                   "output": "json" if args.json_output else "text",
                   "catch": values["ours"], "values_agree": len(set(values.values())) == 1,
                   "rounds": args.rounds}
            for name, done in best.items():
                label = f"base_{args.base}" if name == "base" else name
                row[f"{label}_cpu_s"] = round(done["cpu"], 2)
                row[f"{label}_peak_mib"] = round(done["peak_mib"])
            row["ours_over_peer_cpu"] = round(best["ours"]["cpu"] / best["peer"]["cpu"], 2)
            row["python_over_ours_cpu"] = round(best["ours_python"]["cpu"] / best["ours"]["cpu"],
                                                2)
            if "base" in best:
                row["base_over_ours_cpu"] = round(best["base"]["cpu"] / best["ours"]["cpu"], 1)
            row["load_average"] = os.getloadavg()[0]
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
