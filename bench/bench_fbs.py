"""Benchmark for issues 2 and 12: certified exact fbs against the float baseline, plus sympy.

Usage:  python bench/bench_fbs.py [--quick] [--repeats N] [--large] [--out bench/results_fbs.json]

Each measurement runs in a fresh subprocess (so peak memory = that process's max RSS), N times;
rows give min and median. Both modes first make one untimed call on maj:5 (imports, HiGHS
start-up); then the measured call's CPU seconds (time.process_time) and wall seconds, with
BLAS on one thread as in the `fbs` command (both modes):
  baseline       truth table (the package's, bool), minimal sensitive blocks by numpy subset
                 closures over all 2^q masks on one byte per mask (what a user would write,
                 kept here as it was), HiGHS float LP over all minimal blocks (uncertified);
  certified      verify.fbs(...) with method "auto" end to end, the stdlib checker's
                 acceptance included (wthr: the threshold method; random tables: the table);
  table          the same with method "table" (packed truth table, kind exhaustive).
Instances: wthr with random weights in 1..19 and T = half the total weight at z = all ones,
and random truth tables at a random z, q = 20, 22, 24 (seeded). --large adds wthr at
q = 26 and 28 with method "table" (no baseline: its byte-per-mask closure and a float LP
over millions of blocks exceed the machine's share of memory).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
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


def _minimal_masks_bytewise(table, z_index: int):
    """The baseline's block enumeration: one byte per mask, closures over all 2^q masks."""
    import numpy as np

    arity = table.size.bit_length() - 1
    sensitive = table[np.arange(table.size, dtype=np.int64) ^ z_index] != table[z_index]
    closed = sensitive.copy()
    for bit in range(arity):
        view = closed.reshape(-1, 2, 1 << bit)
        view[:, 1, :] |= view[:, 0, :]
    below = np.zeros_like(sensitive)
    for bit in range(arity):
        below.reshape(-1, 2, 1 << bit)[:, 1, :] |= closed.reshape(-1, 2, 1 << bit)[:, 0, :]
    return np.flatnonzero(sensitive & ~below).astype(np.int64)


def run_baseline(spec: str, z: str) -> dict:
    """Uncertified float baseline: numpy block enumeration + HiGHS on every minimal block."""
    import highspy
    import numpy as np

    from verify.functions.spec import parse_spec
    from verify.sensitivity.blocks import bits_to_index
    from verify.sensitivity.exact_lp import _quiet_highs

    start, cpu = time.perf_counter(), time.process_time()
    function = parse_spec(spec)
    q = function.arity
    masks = _minimal_masks_bytewise(function.truth_table(), bits_to_index(map(int, z)))
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
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu,
            "value_float": value, "blocks": int(masks.size)}


def run_certified(spec: str, z: str, method: str = "auto") -> dict:
    from verify import fbs

    start, cpu = time.perf_counter(), time.process_time()
    result = fbs(spec, z, method=method)
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu,
            "value": str(result.value), "value_float": float(result.value),
            "certified": result.certified, "method": result.method,
            "blocks": result.n_minimal_blocks}


def child(mode: str, spec_path: str, z: str) -> None:
    """Run one measurement in this process and print it as JSON."""
    spec = Path(spec_path).read_text()
    if mode == "baseline":
        cold = run_baseline("maj:5", "11100")["seconds"]
        result = run_baseline(spec, z)
    else:
        cold = run_certified("maj:5", "11100")["seconds"]
        run_certified("wthr:1,2,3:3", "110", "table")
        result = run_certified(spec, z, "auto" if mode == "certified" else mode)
    result["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result["first_call_s"] = cold
    print(json.dumps(result))


def measure(mode: str, spec: str, z: str, repeats: int = 1) -> dict:
    """`repeats` fresh processes (the spec travels in a file: argv is capped); the last
    run's fields with min and median of cpu and seconds."""
    # both modes run as the `fbs` command runs: BLAS on one thread, whose idle spinning on
    # the second core otherwise adds CPU seconds that no computation uses
    from verify.cli import ONE_BLAS_THREAD

    with tempfile.NamedTemporaryFile("w", suffix=".spec", delete=False) as handle:
        handle.write(spec)
    try:
        runs = []
        for _ in range(repeats):
            process = subprocess.run([sys.executable, __file__, "--child", mode, handle.name, z],
                                     capture_output=True, text=True, cwd=ROOT, check=True,
                                     env={**os.environ, **ONE_BLAS_THREAD})
            runs.append(json.loads(process.stdout.strip().splitlines()[-1]))
    finally:
        os.unlink(handle.name)
    result = dict(runs[-1])
    for key in ("cpu", "seconds", "peak_rss_mib"):
        values = [r[key] for r in runs]
        result[f"{key}_min"], result[f"{key}_median"] = min(values), statistics.median(values)
    return result


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
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--large", action="store_true", help="add wthr at q = 26, 28 (table)")
    parser.add_argument("--no-peer", action="store_true", help="skip sympy's linprog")
    parser.add_argument("--out", help="results file (default bench/results_fbs.json; "
                        "none with --quick, which must not replace the committed results)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.child:
        child(*args.child)
        return
    if args.out is None and not args.quick:
        args.out = str(ROOT / "bench" / "results_fbs.json")
    sizes = [16, 18] if args.quick else [20, 22, 24]
    rows = []
    for q in sizes:
        for family, make in (("wthr", wthr_spec), ("random-tt", random_tt_spec)):
            spec, z = make(q, seed=q)
            base = measure("baseline", spec, z, args.repeats)
            row = {"family": family, "q": q, "blocks": base["blocks"],
                   "baseline_cpu_min": round(base["cpu_min"], 4),
                   "baseline_cpu_median": round(base["cpu_median"], 4),
                   "baseline_peak_mib": round(base["peak_rss_mib_max"] if "peak_rss_mib_max"
                                              in base else base["peak_rss_mib"])}
            for mode in ("certified", "table"):
                cert = measure(mode, spec, z, args.repeats)
                row.update({f"{mode}_method": cert["method"],
                            f"{mode}_cpu_min": round(cert["cpu_min"], 4),
                            f"{mode}_cpu_median": round(cert["cpu_median"], 4),
                            f"{mode}_wall_median": round(cert["seconds_median"], 4),
                            f"{mode}_ratio_median": round(cert["cpu_median"] / base["cpu_median"], 3),
                            f"{mode}_peak_mib": round(cert["peak_rss_mib"]),
                            f"{mode}_certified": cert["certified"], "value": cert["value"],
                            f"{mode}_agree": abs(cert["value_float"] - base["value_float"]) < 1e-6})
            row["load_average"] = round(os.getloadavg()[0], 2)
            print(json.dumps(row), flush=True)
            rows.append(row)
    for q in ([26, 28] if args.large else []):
        spec, z = wthr_spec(q, seed=q)
        cert = measure("table", spec, z, args.repeats)
        row = {"family": "wthr", "q": q, "blocks": cert["blocks"], "table_method": cert["method"],
               "table_cpu_min": round(cert["cpu_min"], 2),
               "table_cpu_median": round(cert["cpu_median"], 2),
               "table_wall_median": round(cert["seconds_median"], 2),
               "table_peak_mib": round(max(cert["peak_rss_mib_min"], cert["peak_rss_mib_median"])),
               "table_certified": cert["certified"], "value": cert["value"],
               "load_average": round(os.getloadavg()[0], 2)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    peer = [] if args.no_peer else sympy_peer()
    wrong = [row for row in peer if not row["right"]]
    if peer:
        print(json.dumps({"sympy_cases": len(peer), "sympy_wrong": len(wrong),
                          "examples": wrong[:3]}), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps({"fbs": rows, "sympy_linprog": peer}, indent=1) + "\n")


if __name__ == "__main__":
    main()
