"""Benchmark for issue 29 section 3: `fbs tree fbs` with certificate on a described uniform
maj:9 tree, against its exact peer and against the code before this work, in one run.

Usage:  python bench/bench_tree_peer.py [--depths 6,7] [--base COMMIT] [--rounds N]

Each measurement is a fresh process (bench/measure.py: CPU = user + system, peak RSS):
ours: `fbs tree fbs T --oracle O --certificate C` (the recursion, the version-2 certificate,
the stdlib checker's acceptance); base: the same command with the package at COMMIT
(extracted with `git archive`); peer: bench/peer_tree_fbs.py (numpy + Fractions keyed by
(need, sorted side classes), the value only, no certificate). The tree and the oracle are
`fbs tree build --aggregator maj:9 --depth D` (random oracle, seed 0). All three rho_T must
agree; the best of `rounds` runs by CPU is reported, with the ratios ours / peer and
base / ours.
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


def best(argv: list[str], path: Path, rounds: int) -> dict:
    runs = []
    for _ in range(rounds):
        done = run_once(argv, cwd=path, env={"PYTHONPATH": str(path)})
        if done["returncode"] != 0:
            raise SystemExit(f"{argv}: exit {done['returncode']}: {done['stderr']}")
        runs.append(done)
    return min(runs, key=lambda r: r["cpu"])


def ours_rho(done: dict) -> str:
    return json.loads(done["stdout"])["rho_T"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depths", default="6,7")
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        base = extract(args.base, work / "base")
        for depth in map(int, args.depths.split(",")):
            tree, oracle = work / f"T{depth}.json", work / f"O{depth}.json"
            subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator",
                            "maj:9", "--depth", str(depth), "-o", str(tree), "--oracle-out",
                            str(oracle)], cwd=ROOT, check=True, capture_output=True)
            command = [sys.executable, "-m", "verify", "tree", "fbs", str(tree), "--oracle",
                       str(oracle), "--json"]
            ours = best(command + ["--certificate", str(work / "ours.json")], ROOT, args.rounds)
            before = best(command + ["--certificate", str(work / "base.json")], base,
                          args.rounds)
            peer = best([sys.executable, str(ROOT / "bench" / "peer_tree_fbs.py"), str(oracle),
                         "9", "5", str(depth)], ROOT, args.rounds)
            values = {"ours": ours_rho(ours), "base": ours_rho(before),
                      "peer": peer["stdout"].strip()}
            print(json.dumps({
                "bench": "tree_fbs_maj9", "depth": depth, "rho_T": values["ours"],
                "values_agree": len(set(values.values())) == 1,
                **{f"{name}_cpu_s": round(r["cpu"], 2) for name, r in
                   (("ours", ours), ("base_" + args.base, before), ("peer", peer))},
                **{f"{name}_peak_mib": round(r["peak_mib"]) for name, r in
                   (("ours", ours), ("base_" + args.base, before), ("peer", peer))},
                "ours_over_peer_cpu": round(ours["cpu"] / peer["cpu"], 2),
                "base_over_ours_cpu": round(before["cpu"] / ours["cpu"], 2),
                "load_average": os.getloadavg()[0]}), flush=True)


if __name__ == "__main__":
    main()
