"""Benchmark for issue 37 (the checker, proved): the Q = 6 census-classes certificates of the
census by structure (the four batches of 4,096 classes `fbs census --exhaustive 6` has the
stdlib checker accept), checked by the proved program (`fbs check --proved`'s fbs-proved, the
Coq checker checkCensusClasses extracted to OCaml) against the stdlib checker (`fbs check`,
the peer a user runs today), on the same files, in one run.

Usage:  python bench/bench_proved_census.py [--q 6] [--rounds N] [--work DIR]

The certificates are the batches verify.sweep.compiled_census writes (captured, untimed).
Each measurement is a fresh process (bench/measure.py: CPU = user + system of the child,
peak RSS): proved: `fbs-proved C` (the program from the per-user cache, built before the
runs); stdlib: `python -m verify check C`. Both must accept with the same count; the best of
`rounds` rounds by CPU is reported with the ratio proved / stdlib (bar: <= 3) and the load
average. Results: bench/results_proved_census.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import best_of, proved_vs_stdlib

ROOT = Path(__file__).resolve().parent.parent


def certificates(work: Path, q: int) -> list[Path]:
    """The census-classes batches of the census of q, written once into `work`."""
    from verify.sweep import compiled_census
    from verify.sweep.census_shards import compiled_classes

    paths = sorted(work.glob(f"q{q}-*.json"))
    if paths:
        return paths
    written = []
    compiled_census._check_batch = lambda entries, arity: written.append(
        {"format": "fbs-certificate/1", "kind": "census-classes", "arity": arity, "classes": entries})
    compiled_census.compiled_rows(*compiled_classes(q), q, True)
    for i, cert in enumerate(written):
        (work / f"q{q}-{i}.json").write_text(json.dumps(cert))
    return sorted(work.glob(f"q{q}-*.json"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--q", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--work", default="/tmp/fbs-bench-proved-census")
    args = parser.parse_args()
    from verify.formal.proved_build import program

    binary = str(program())
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    rows = []
    for cert in certificates(work, args.q):
        best = best_of({"proved": [binary, str(cert)],
                        "stdlib": [sys.executable, "-m", "verify", "check", str(cert)]}, args.rounds)
        count_proved = best["proved"]["stdout"].split("classes = ")[1].split(":")[0]
        count_stdlib = best["stdlib"]["stdout"].split("classes = ")[1].split()[0]
        assert count_proved == count_stdlib, (count_proved, count_stdlib)
        row = {"file": cert.name, "classes": int(count_proved), "certificate_bytes": cert.stat().st_size,
               **proved_vs_stdlib(best)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    (ROOT / "bench" / "results_proved_census.json").write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
