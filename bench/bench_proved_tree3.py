"""Benchmark for issue 37 (the checker, proved): version-3 tree certificates of `fbs tree fbs`
on a described uniform maj:9 tree, checked by the proved program (`fbs check --proved`'s
fbs-proved, the Coq checker checkTreeV3 extracted to OCaml) against the stdlib checker (`fbs
check`, the peer a user runs today), on the same file, in one run.

Usage:  python bench/bench_proved_tree3.py [--depths 8,9] [--mixed 11,13] [--rounds N] [--work DIR]
        [--results FILE]

The tree and oracle are `fbs tree build --aggregator maj:9 --depth D` (random oracle, seed 0),
the certificate `fbs tree fbs T --oracle O --certificate C` (untimed). Each measurement is a
fresh process (bench/measure.py: CPU = user + system of the child from wait4's rusage, peak
RSS): proved: `fbs-proved C` (the program from the per-user cache, built before the runs);
stdlib: `python -m verify check C`. Both must accept with the same value; the best of
`rounds` rounds by CPU is reported with the ratio proved / stdlib (bar: <= 3) and the load
average. Results: bench/results_proved_tree3.json.

--mixed D1,D2 (issue 37, every form of version 3; checker checkTree3Bits of
coq/checkers/TreeV3General.v): explicit random trees `fbs tree build --random --seed 1 --depth D
--aggregator maj:3 --aggregator and:2 --aggregator or:3 --aggregator parity:2 --aggregator
tribes:2:2 --aggregator thr:4:2 --leaf-probability 0.25` (side records and, for tribes:2:2,
version-2 records), measured the same way; results: bench/results_proved_tree3_mixed.json.
--depths '' skips the uniform rows.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import best_of, proved_vs_stdlib

ROOT = Path(__file__).resolve().parent.parent


def certificate(work: Path, depth: int) -> Path:
    """`fbs tree build` + `fbs tree fbs --certificate` for maj:9 of depth `depth`, once."""
    tree, oracle, cert = (work / f"T{depth}.json", work / f"O{depth}.json", work / f"C{depth}.json")
    if not cert.exists():
        subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator", "maj:9",
                        "--depth", str(depth), "-o", str(tree), "--oracle-out", str(oracle)],
                       cwd=ROOT, check=True, capture_output=True)
        subprocess.run([sys.executable, "-m", "verify", "tree", "fbs", str(tree), "--oracle",
                        str(oracle), "--certificate", str(cert)], cwd=ROOT, check=True,
                       capture_output=True)
    return cert


MIXED = ["maj:3", "and:2", "or:3", "parity:2", "tribes:2:2", "thr:4:2"]


def mixed_certificate(work: Path, depth: int) -> Path:
    """`fbs tree build --random` (MIXED aggregators) + `fbs tree fbs --certificate`, once."""
    tree, oracle, cert = (work / f"M{depth}.json", work / f"MO{depth}.json", work / f"MC{depth}.json")
    if not cert.exists():
        aggregators = [a for spec in MIXED for a in ("--aggregator", spec)]
        subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--random", "--seed", "1",
                        "--depth", str(depth), *aggregators, "--leaf-probability", "0.25",
                        "-o", str(tree), "--oracle-out", str(oracle)],
                       cwd=ROOT, check=True, capture_output=True)
        subprocess.run([sys.executable, "-m", "verify", "tree", "fbs", str(tree), "--oracle",
                        str(oracle), "--certificate", str(cert)], cwd=ROOT, check=True,
                       capture_output=True)
    return cert


def measure(binary: str, cert: Path, rounds: int) -> dict:
    """Both checkers on one file, best of `rounds`; they must accept with one value."""
    best = best_of({"proved": [binary, str(cert)],
                    "stdlib": [sys.executable, "-m", "verify", "check", str(cert)]}, rounds)
    value_proved = best["proved"]["stdout"].split("rho_T = ")[1].split(":")[0]
    value_stdlib = best["stdlib"]["stdout"].split("fbs = ")[1].split()[0]
    assert value_proved == value_stdlib, (value_proved, value_stdlib)
    return {"certificate_bytes": cert.stat().st_size, "value": value_proved,
            **proved_vs_stdlib(best)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depths", default="8,9")
    parser.add_argument("--mixed", default="")
    parser.add_argument("--results", default="results_proved_tree3.json",
                        help="the uniform rows' file in bench/")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--work", default="/tmp/fbs-bench-proved-tree3")
    args = parser.parse_args()
    from verify.formal.proved_build import program

    binary = str(program())
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    rows = []
    for depth in [int(d) for d in args.depths.split(",") if d]:
        row = {"depth": depth, **measure(binary, certificate(work, depth), args.rounds)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    if rows:
        (ROOT / "bench" / args.results).write_text(json.dumps(rows, indent=1) + "\n")
    mixed = []
    for depth in [int(d) for d in args.mixed.split(",") if d]:
        cert = mixed_certificate(work, depth)
        nodes = len(json.loads(cert.read_text())["tree"]["nodes"])
        row = {"depth": depth, "aggregators": MIXED, "nodes": nodes,
               **measure(binary, cert, args.rounds)}
        print(json.dumps(row), flush=True)
        mixed.append(row)
    if mixed:
        (ROOT / "bench" / "results_proved_tree3_mixed.json").write_text(json.dumps(mixed, indent=1) + "\n")


if __name__ == "__main__":
    main()
