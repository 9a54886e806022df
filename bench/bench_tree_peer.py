"""Benchmark for issue 29 section 3: `fbs tree fbs` with certificate on a described uniform
maj:9 tree, against its exact peer and against the code before this work, in one run.

Usage:  python bench/bench_tree_peer.py [--depths 6,7,8,9] [--base COMMIT] [--rounds N]
                                        [--no-base-above D] [--no-peer-above D]

Each measurement is a fresh process (bench/measure.py: CPU = user + system and the peak RSS
of the child from wait4's rusage, what /usr/bin/time -v reports): ours: `fbs tree fbs T
--oracle O --certificate C` (the recursion, the certificate `fbs` writes, version 3 since
issue 29, and the stdlib checker's acceptance); base: the same command with the package at
COMMIT (extracted with `git archive`); peer: bench/peer_tree_fbs.py (numpy + Fractions keyed
by (need, sorted side classes), the value only, no certificate). The tree and the oracle are
`fbs tree build --aggregator maj:9 --depth D` (random oracle, seed 0). All rho_T must agree;
the best of `rounds` runs by CPU is reported, with the ratios ours / peer and base / ours,
and the load average. Runs alternate ours, base, peer within a round. Above
--no-base-above (default 8) the base is skipped, above --no-peer-above (default 9) the peer.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import run_once  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BASE = "5f83c3e"


def extract(commit: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", commit, "verify"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into)
    return into


def maj9_instance(work: Path, depth: int) -> tuple[Path, Path]:
    """`fbs tree build --aggregator maj:9 --depth D` (random oracle, seed 0) into `work`."""
    tree, oracle = work / f"T{depth}.json", work / f"O{depth}.json"
    subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator", "maj:9",
                    "--depth", str(depth), "-o", str(tree), "--oracle-out", str(oracle)],
                   cwd=ROOT, check=True, capture_output=True)
    return tree, oracle


def interleaved(runs: dict, rounds: int) -> dict:
    """name -> the run of least CPU among `rounds`; each round runs every command once, in
    turn, so that all see the same load."""
    done: dict[str, list] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, (argv, path) in runs.items():
            result = run_once(argv, cwd=path, env={"PYTHONPATH": str(path)})
            if result["returncode"] != 0:
                raise SystemExit(f"{argv}: exit {result['returncode']}: {result['stderr']}")
            done[name].append(result)
    return {name: min(found, key=lambda r: r["cpu"]) for name, found in done.items()}


def ours_rho(done: dict) -> str:
    return json.loads(done["stdout"])["rho_T"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depths", default="6,7")
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--no-base-above", type=int, default=8)
    parser.add_argument("--no-peer-above", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        base = extract(args.base, work / "base")
        for depth in map(int, args.depths.split(",")):
            tree, oracle = maj9_instance(work, depth)
            command = [sys.executable, "-m", "verify", "tree", "fbs", str(tree), "--oracle",
                       str(oracle), "--json"]
            runs = {"ours": (command + ["--certificate", str(work / "ours.json")], ROOT)}
            if depth <= args.no_base_above:
                runs["base_" + args.base] = (command + ["--certificate", str(work / "base.json")],
                                             base)
            if depth <= args.no_peer_above:
                runs["peer"] = ([sys.executable, str(ROOT / "bench" / "peer_tree_fbs.py"),
                                 str(oracle), "9", "5", str(depth)], ROOT)
            found = interleaved(runs, args.rounds)
            values = {name: (r["stdout"].strip() if name == "peer" else ours_rho(r))
                      for name, r in found.items()}
            row = {"bench": "tree_fbs_maj9", "depth": depth, "rho_T": values["ours"],
                   "values_agree": len(set(values.values())) == 1,
                   **{f"{name}_cpu_s": round(r["cpu"], 2) for name, r in found.items()},
                   **{f"{name}_wall_s": round(r["wall"], 1) for name, r in found.items()},
                   **{f"{name}_peak_mib": round(r["peak_mib"]) for name, r in found.items()},
                   "load_average": os.getloadavg()[0]}
            if "peer" in found:
                row["ours_over_peer_cpu"] = round(found["ours"]["cpu"] / found["peer"]["cpu"], 2)
            if "base_" + args.base in found:
                row["base_over_ours_cpu"] = round(found["base_" + args.base]["cpu"] /
                                                  found["ours"]["cpu"], 2)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
