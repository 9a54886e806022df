"""Benchmark for issue 31 section 1: s, bs, fbs and C of a whole function in one call.

Usage:  python bench/bench_measures.py [--loop]
        python bench/bench_measures.py --processes [--boofun-python PATH] [--repeats N]
Each case is `verify.measures(spec)` end to end (truth table, s_x and C_x at every input,
exact fbs_x/bs_x where C_x prunes nothing, the four certificates and the stdlib checker),
CPU seconds of this process (`time.process_time`). Peers in the same run: boofun 1.3's
max_sensitivity / max_block_sensitivity / max_certificate_size (s, bs, C; boofun has no fbs)
where boofun is installed, for q <= 10 (25-30 s of CPU there already), and with --loop the per-input loop a user wrote before
(`fbs(spec, x, measures=True)` at every x: fbs, s, bs, C per input), only for q <= 10.
Bars (issue 31): a random 10-input function under 1 s, 14 inputs under a minute.

--processes (issue 40): what a user pays from the shell, process to process: for each q <= 10
case, a fresh Python computing `verify.measures(spec)` (interpreter start, imports, the
certificates and the checker) against a fresh Python computing boofun's three maxima (its
interpreter start and imports included), CPU of each child (bench/measure.py, min of N runs).
boofun may live in another environment: --boofun-python names its interpreter.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def random_spec(q: int, seed: int, density: float = 0.5) -> str:
    from verify.functions.families import TruthTable
    from verify.functions.packed import pack

    table = np.random.default_rng(seed).random(1 << q) < density
    return TruthTable(pack(table), q, "").to_hex_spec()


CASES = [("random q=10 seed 0", 10, 0, 0.5), ("random q=10 seed 1", 10, 1, 0.5),
         ("random q=10 seed 2", 10, 2, 0.5), ("sparse q=10 (P[1] = 0.1)", 10, 3, 0.1),
         ("random q=14 seed 0", 14, 0, 0.5), ("sparse q=14 (P[1] = 0.1)", 14, 1, 0.1),
         ("maj:13", None, None, None), ("tribes:3:4", None, None, None)]


def cpu(call):
    start = time.process_time()
    value = call()
    return value, time.process_time() - start


def boofun_peer(spec: str):
    try:
        import boofun
        from boofun.analysis.block_sensitivity import max_block_sensitivity
        from boofun.analysis.certificates import max_certificate_size
        from boofun.analysis.sensitivity import max_sensitivity
    except ImportError:
        return None
    from verify import parse_spec

    function = boofun.create([int(v) for v in parse_spec(spec).truth_table()])
    (s, bs, c), seconds = cpu(lambda: (max_sensitivity(function),
                                       max_block_sensitivity(function),
                                       max_certificate_size(function)))
    return {"s": int(s), "bs": int(bs), "C": int(c), "cpu_s": round(seconds, 3)}


def loop_peer(spec: str, q: int):
    from verify import fbs

    def loop():
        best = {"s": 0, "bs": 0, "fbs": 0, "C": 0}
        for x in range(1 << q):
            r = fbs(spec, format(x, f"0{q}b"), measures=True)
            m = r.measures
            for name, v in (("s", m.sensitivity), ("bs", m.block_sensitivity),
                            ("fbs", r.value), ("C", m.certificate_complexity)):
                best[name] = max(best[name], v)
        return best
    best, seconds = cpu(loop)
    return {**{k: str(v) for k, v in best.items()}, "cpu_s": round(seconds, 3)}


def process_rows(boofun_python: str, repeats: int) -> None:
    """Process-to-process CPU: ours and boofun's, each a fresh interpreter (q <= 10 cases)."""
    from measure import python_child, repeat

    for name, q, seed, density in CASES:
        if q is None or q > 10:
            continue
        spec = random_spec(q, seed, density)
        ours = repeat(python_child(
            "from verify import measures\n"
            f"r = measures({spec!r})\n"
            "print({m: str(v) for m, v in r.values.items()}, all(r.certified.values()))"),
            repeats)
        from verify import parse_spec
        table = [int(v) for v in parse_spec(spec).truth_table()]
        peer = repeat([boofun_python, "-c",
                       "import boofun\n"
                       "from boofun.analysis.block_sensitivity import max_block_sensitivity\n"
                       "from boofun.analysis.certificates import max_certificate_size\n"
                       "from boofun.analysis.sensitivity import max_sensitivity\n"
                       f"f = boofun.create({table!r})\n"
                       "print(max_sensitivity(f), max_block_sensitivity(f), max_certificate_size(f))"],
                      repeats)
        row = {"case": name, "q": q, "ours_stdout": ours.pop("stdout").strip(),
               "boofun_stdout": peer.pop("stdout").strip(), "ours_process": ours,
               "boofun_process": peer,
               "ratio_cpu_boofun_over_ours": round(peer["cpu_min"] / ours["cpu_min"], 1)}
        print(json.dumps(row), flush=True)


def main() -> None:
    from verify import measures

    if "--processes" in sys.argv:
        args = sys.argv
        python = args[args.index("--boofun-python") + 1] if "--boofun-python" in args \
            else sys.executable
        repeats = int(args[args.index("--repeats") + 1]) if "--repeats" in args else 3
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        process_rows(python, repeats)
        return

    measures("maj:5")  # warm-up: imports
    rows = []
    for name, q, seed, density in CASES:
        spec = name if q is None else random_spec(q, seed, density)
        result, seconds = cpu(lambda: measures(spec))
        row = {"case": name, "q": result.arity, "cpu_s": round(seconds, 3),
               "values": {m: str(v) for m, v in result.values.items()},
               "certified": all(result.certified.values()), "solved": result.solved}
        peer = boofun_peer(spec) if result.arity <= 10 else None  # 25-30 s at q = 10
        if peer is not None:
            row["boofun"] = peer
            row["boofun_agrees"] = all(str(peer[m]) == row["values"][m] for m in ("s", "bs", "C"))
            row["ratio_boofun_over_ours"] = round(peer["cpu_s"] / max(seconds, 1e-9), 1)
        if "--loop" in sys.argv and result.arity <= 10:
            row["loop"] = loop_peer(spec, result.arity)
            row["ratio_loop_over_ours"] = round(row["loop"]["cpu_s"] / max(seconds, 1e-9), 1)
        rows.append(row)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
