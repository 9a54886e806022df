"""Benchmark for issue 2: certified exact fbs against the float baseline, plus sympy's linprog.

Usage:  python bench/bench_fbs.py [--quick] [--out bench/results_fbs.json]

Each instance runs in a fresh subprocess (so peak memory = that process's max RSS):
  baseline  = truth table + minimal sensitive blocks by numpy subset closures over all 2^q
              masks (what a user would write) + HiGHS float LP over all blocks;
  certified = verify.fbs(...) end to end: truth table, blocks, column generation, exact
              re-solve, certificate, and the stdlib-only checker's acceptance.
Both modes first make one untimed call on maj:5 (the first call of a process pays for
imports and HiGHS start-up; that cost is recorded as first_call_s, not in the ratio).
Instances: wthr with random weights in 1..19 and T = half the total weight at z = all ones,
and random truth tables at a random z, for q = 20, 22, 24 (seeded).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wthr_spec(q: int, seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    weights = [rng.randint(1, 19) for _ in range(q)]
    return f"wthr:{','.join(map(str, weights))}:{sum(weights) // 2}", "1" * q


def random_tt_spec(q: int, seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    table = rng.getrandbits(1 << q)
    z = "".join(rng.choice("01") for _ in range(q))
    return f"tt:0x{table:0{(1 << q) // 4}x}:{q}", z


def run_baseline(spec: str, z: str) -> dict:
    """Uncertified float baseline: numpy block enumeration + HiGHS on every minimal block."""
    import highspy
    import numpy as np

    from verify.functions.spec import parse_spec
    from verify.sensitivity.blocks import bits_to_index, minimal_sensitive_masks
    from verify.sensitivity.exact_lp import _quiet_highs

    start = time.perf_counter()
    function = parse_spec(spec)
    q = function.arity
    masks = minimal_sensitive_masks(function.truth_table(), bits_to_index(map(int, z)),
                                    method="closure")
    incidence = ((masks[:, None] >> np.arange(q - 1, -1, -1)[None, :]) & 1).astype(bool)
    block_index, coordinate = np.nonzero(incidence)
    highs = _quiet_highs()
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = q, int(masks.size)
    lp.col_cost_ = np.ones(q)
    lp.col_lower_, lp.col_upper_ = np.zeros(q), np.full(q, highspy.kHighsInf)
    lp.row_lower_, lp.row_upper_ = np.ones(masks.size), np.full(masks.size, highspy.kHighsInf)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    starts = np.concatenate([[0], np.cumsum(incidence.sum(axis=1))])
    lp.a_matrix_.start_ = starts.astype(np.int32)
    lp.a_matrix_.index_ = coordinate.astype(np.int32)
    lp.a_matrix_.value_ = np.ones(coordinate.size)
    highs.passModel(lp)
    highs.run()
    value = highs.getInfo().objective_function_value
    return {"seconds": time.perf_counter() - start, "value_float": value,
            "blocks": int(masks.size)}


def run_certified(spec: str, z: str) -> dict:
    from verify import fbs

    start = time.perf_counter()
    result = fbs(spec, z)
    return {"seconds": time.perf_counter() - start, "value": str(result.value),
            "value_float": float(result.value), "certified": result.certified,
            "blocks": result.n_minimal_blocks}


def child(mode: str, spec_path: str, z: str) -> None:
    """Run one measurement in this process and print it as JSON."""
    spec = Path(spec_path).read_text()
    warm = run_baseline if mode == "baseline" else run_certified
    cold = warm("maj:5", "11100")["seconds"]  # first call: imports, HiGHS start-up; not timed
    result = run_baseline(spec, z) if mode == "baseline" else run_certified(spec, z)
    result["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result["first_call_s"] = cold
    print(json.dumps(result))


def measure(mode: str, spec: str, z: str) -> dict:
    """Run one measurement in a fresh process (the spec travels in a file: argv is capped)."""
    with tempfile.NamedTemporaryFile("w", suffix=".spec", delete=False) as handle:
        handle.write(spec)
    try:
        process = subprocess.run([sys.executable, __file__, "--child", mode, handle.name, z],
                                 capture_output=True, text=True, cwd=ROOT, check=True)
    finally:
        os.unlink(handle.name)
    return json.loads(process.stdout.strip().splitlines()[-1])


SYMPY_CASES = [("thr:3:2", "000"), ("maj:6", "111100"), ("thr:5:3", "11000"),
               ("maj:9", "111110000"), ("wthr:3,2,2,1,1:5", "11111")]


def sympy_answer(blocks, q):
    """sympy 1.14 linprog on the dual LP (Definition 3.4): (value, point) or an error note."""
    import sympy
    from sympy.solvers.simplex import linprog

    a_ub = [[-1 if i in b else 0 for i in range(q)] for b in blocks]
    try:
        optimum, point = linprog([1] * q, A=a_ub, b=[-1] * len(blocks))
        return sympy.Rational(optimum), point, ""
    except Exception as error:  # noqa: BLE001 - record the peer's failure, whatever it is
        return None, None, f"{type(error).__name__}: {error}"


def sympy_row(name, blocks, q, exact) -> dict:
    start = time.perf_counter()
    answer, point, note = sympy_answer(blocks, q)
    seconds = time.perf_counter() - start
    feasible = point is not None and all(sum(point[i] for i in b) >= 1 for b in blocks)
    return {"case": name, "seconds": round(seconds, 4),
            "sympy_value": None if answer is None else str(answer), "exact_value": str(exact),
            "sympy_point_feasible": feasible,
            "right": answer is not None and answer == exact and feasible, "note": note}


def sympy_peer() -> list[dict]:
    """sympy 1.14's linprog on small dual LPs: time and whether its optimum is right."""
    from verify import fbs
    from verify.functions.spec import parse_spec
    from verify.sensitivity.blocks import bits_to_index, mask_to_block, minimal_sensitive_masks

    rows = [sympy_row("sympy triangle of docs/notes.md, section 1, rows {0,1},{0,2},{1,2}",
                      [(0, 1), (0, 2), (1, 2)], 3, fbs("thr:3:2", "000").value)]
    cases = list(SYMPY_CASES)
    rng = random.Random(2026)
    for _ in range(40):
        q = rng.randint(3, 6)
        table = "".join(rng.choice("01") for _ in range(2**q))
        cases.append((f"tt:{table}", "".join(rng.choice("01") for _ in range(q))))
    for spec, z in cases:
        function = parse_spec(spec)
        masks = minimal_sensitive_masks(function.truth_table(), bits_to_index(map(int, z)))
        blocks = [mask_to_block(int(m), function.arity) for m in masks]
        rows.append(sympy_row(f"{spec} at {z}", blocks, function.arity, fbs(spec, z).value))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--child", nargs=3)
    parser.add_argument("--quick", action="store_true", help="q = 16, 18 only")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results_fbs.json"))
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.child:
        child(*args.child)
        return
    sizes = [16, 18] if args.quick else [20, 22, 24]
    rows = []
    for q in sizes:
        for family, make in (("wthr", wthr_spec), ("random-tt", random_tt_spec)):
            spec, z = make(q, seed=q)
            base = measure("baseline", spec, z)
            cert = measure("certified", spec, z)
            row = {"family": family, "q": q, "blocks": cert["blocks"],
                   "baseline_s": round(base["seconds"], 3), "certified_s": round(cert["seconds"], 3),
                   "ratio": round(cert["seconds"] / base["seconds"], 3),
                   "certified": cert["certified"], "value": cert["value"],
                   "agree": abs(cert["value_float"] - base["value_float"]) < 1e-6,
                   "baseline_peak_mib": round(base["peak_rss_mib"]),
                   "certified_peak_mib": round(cert["peak_rss_mib"])}
            print(json.dumps(row), flush=True)
            rows.append(row)
    peer = sympy_peer()
    wrong = [row for row in peer if not row["right"]]
    print(json.dumps({"sympy_cases": len(peer), "sympy_wrong": len(wrong),
                      "examples": wrong[:3]}), flush=True)
    Path(args.out).write_text(json.dumps({"fbs": rows, "sympy_linprog": peer}, indent=1) + "\n")


if __name__ == "__main__":
    main()
