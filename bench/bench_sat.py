"""Benchmark of the solver-based fbs path (verify/sensitivity/sat) and its sat-lrat certificates.

Usage:  python bench/bench_sat.py [--quick] [--only NAME] [--skip NAME] [--out FILE.json]

For every instance and both separation backends (pysat, z3) one fresh subprocess runs
verify.sensitivity.sat.solve.solve_by_sat end to end (column generation, final claim CNF, CaDiCaL with DRAT,
DRAT -> LRAT) and then the stdlib checker's check_sat_certificate; it reports the separation
time, the proof time, the LRAT check time and the total.  Instances with q <= 20 are also
solved by the truth-table method (verify.fbs(..., method="table")) and must agree exactly.
All random instances are seeded.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 300


def _bits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("01") for _ in range(n))


def instances(quick: bool) -> list[tuple[str, str, str]]:
    """(name, spec, input)."""
    rng = random.Random(2026)
    found = []
    # tribes:8:16 (128 inputs): f = 0 at a random input, f = 1 through one / two full tribes
    found.append(("tribes:8:16 random", "tribes:8:16", _bits(rng, 128)))
    found.append(("tribes:8:16 one full", "tribes:8:16", "1" * 8 + "0" * 8 + _bits(rng, 112)))
    found.append(("tribes:8:16 two full", "tribes:8:16", ("1" * 8 + "0" * 8) * 2 + "0" * 96))
    # index:5 (37 inputs)
    found.append(("index:5 random", "index:5", _bits(rng, 37)))
    found.append(("index:5 random 2", "index:5", _bits(rng, 37)))
    found.append(("index:5 all ones", "index:5", "1" * 37))
    # wthr with 200 random weights in 1..100 at z = 1^200, T = total - 150 (blocks need
    # weight >= 151); the random-input variant has no small BDD for f (see RESULTS-sat.md)
    weights = [rng.randint(1, 100) for _ in range(200)]
    found.append(("wthr 200 weights", f"wthr:{','.join(map(str, weights))}:{sum(weights) - 150}",
                  "1" * 200))
    # maj9 o maj9 (81 inputs)
    maj = "compose(" + ";".join(["maj:9"] * 10) + ")"
    found.append(("maj9(maj9) random", maj, _bits(rng, 81)))
    found.append(("maj9(maj9) balanced", maj, "111110000" * 5 + "111100000" * 4))
    # q <= 20: cross-checked with the truth-table method
    found.append(("index:4 (q=20)", "index:4", _bits(rng, 20)))
    found.append(("tribes:4:5 (q=20)", "tribes:4:5", "1111" + _bits(rng, 16)))
    small = [rng.randint(1, 30) for _ in range(20)]
    found.append(("wthr 20 weights", f"wthr:{','.join(map(str, small))}:{sum(small) // 2}",
                  _bits(rng, 20)))
    found.append(("maj3(maj3) (q=9)", "compose(maj:3;maj:3;maj:3;maj:3)", "110100011"))
    found.append(("expr (q=12)", "expr:(x1&x2&x3)|(x4^x5^x6)|(~x7&x8)|(x9&~(x10|x11|x12))",
                  _bits(rng, 12)))
    if quick:
        found = [item for item in found if "(q=" in item[0] or "index:5" in item[0]]
    return found


def run_one(spec: str, z: str, backend: str) -> dict:
    """In a subprocess: solve, check, and (q <= 20) the truth-table value."""
    from verify.base.numbers import fraction_text
    from verify.checker.sat_kind import check_sat_certificate
    from verify.sensitivity.sat import solve_by_sat

    start = time.perf_counter()
    solution = solve_by_sat(spec, z, backend)
    solved = time.perf_counter()
    report = check_sat_certificate(solution.certificate)
    checked = time.perf_counter()
    row = {"value": fraction_text(solution.value), "valid": report.valid,
           "rounds": solution.rounds, "columns": solution.columns,
           "separation_s": round(solution.separation_seconds, 3),
           "lp_s": round(solution.lp_seconds, 3), "proof_s": round(solution.proof_seconds, 3),
           "check_s": round(checked - solved, 3), "total_s": round(checked - start, 3),
           "lrat_lines": solution.lemmas, "cnf_clauses": solution.cnf_clauses,
           "oracle": solution.backend}
    if len(z) <= 20:
        from verify.sensitivity.exact_fbs import fbs

        row["table_value"] = fraction_text(fbs(spec, z, method="table").value)
        row["agrees"] = row["table_value"] == row["value"]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", help="run instances whose name contains this text")
    parser.add_argument("--skip", help="skip instances whose name contains this text")
    parser.add_argument("--out", help="also write the rows to this JSON file")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run_one(*args.child)))
        return
    rows = []
    for name, spec, z in instances(args.quick):
        if (args.only and args.only not in name) or (args.skip and args.skip in name):
            continue
        for backend in ("sat", "z3") + (("dp",) if spec.startswith("wthr") else ()):
            command = [sys.executable, __file__, "--child", spec, z, backend]
            try:
                done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                                      timeout=TIMEOUT, env={"PYTHONPATH": str(ROOT), "PATH": ""})
                row = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 \
                    else {"error": done.stderr.strip().splitlines()[-1][:200]}
            except subprocess.TimeoutExpired:
                row = {"error": f"timeout after {TIMEOUT} s"}
            row.update({"name": name, "q": len(z), "backend": backend})
            rows.append(row)
            print(json.dumps(row), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
