"""Benchmark for issue 29 section 4, "cheap instances stay cheap": tribes:8:128 in-call, and
the start-up of the symmetric path without numpy.

Usage:  python bench/bench_cheap.py [--peer COMMIT] [--calls N]

In-call: `verify.fbs("tribes:8:128", x)` (composition method, certificate and stdlib checker
included) in one process, timed per call after one untimed warm-up call; CPU time
(time.process_time, little moved by other load on the machine) and wall time, min and median
over N calls, at three inputs: one tribe satisfied (fbs = W = 8), all zeros (fbs = S = 128)
and a seeded random input. The peer is the same measurement of the code at COMMIT (default:
the commit before this work), extracted with `git archive` and run alternately with ours in
the same run; a second peer is the closed form (fbs = W if some tribe is all ones, else S),
which gives the value only, no certificate. Start-up: a fresh process running
`from verify import fbs; fbs("maj:5", "11100")`, wall and CPU, and whether numpy was loaded.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import run_once  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PEER = "5f83c3e"
SPEC, WIDTH, COUNT = "tribes:8:128", 8, 128


def inputs() -> dict[str, str]:
    rng = random.Random(29)
    return {"one tribe": "1" * WIDTH + "0" * (WIDTH * (COUNT - 1)),
            "zeros": "0" * (WIDTH * COUNT),
            "random": "".join(rng.choice("01") for _ in range(WIDTH * COUNT))}


CHILD = """
import json, statistics, sys, time
from verify import fbs
cases, calls = json.loads(sys.argv[1]), int(sys.argv[2])
rows = {}
for name, x in cases.items():
    result = fbs(%r, x)  # warm-up
    cpu, wall = [], []
    for _ in range(calls):
        c, w = time.process_time(), time.perf_counter()
        result = fbs(%r, x)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    rows[name] = {"value": str(result.value), "certified": result.certified,
                  "cpu_ms_min": 1e3 * min(cpu), "cpu_ms_median": 1e3 * statistics.median(cpu),
                  "wall_ms_min": 1e3 * min(wall), "wall_ms_median": 1e3 * statistics.median(wall)}
print(json.dumps(rows))
""" % (SPEC, SPEC)

STARTUP = ("import sys; from verify import fbs; r = fbs('maj:5', '11100'); "
           "print(r.value, r.certified, 'numpy' in sys.modules)")


def peer_tree(commit: str, into: Path) -> Path:
    """The package `verify/` at `commit`, extracted under `into`."""
    archive = subprocess.run(["git", "archive", commit, "verify"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into)
    return into


def in_call(path: Path, calls: int) -> dict:
    env = {"PYTHONPATH": str(path)}
    done = run_once([sys.executable, "-c", CHILD, json.dumps(inputs()), str(calls)], cwd=path,
                    env=env)
    if done["returncode"] != 0:
        raise SystemExit(done["stderr"])
    return json.loads(done["stdout"])


def closed_form(calls: int) -> dict:
    """fbs of tribes:W:S at x: W if some tribe is all ones, else S (value only)."""
    rows = {}
    for name, x in inputs().items():
        wall = []
        for _ in range(calls):
            start = time.perf_counter()
            one = "1" * WIDTH
            value = WIDTH if any(x[k:k + WIDTH] == one for k in range(0, len(x), WIDTH)) \
                else COUNT
            wall.append(time.perf_counter() - start)
        rows[name] = {"value": str(value), "wall_ms_median": 1e3 * statistics.median(wall)}
    return rows


def startup(path: Path) -> dict:
    done = run_once([sys.executable, "-c", STARTUP], cwd=path, env={"PYTHONPATH": str(path)})
    value, certified, numpy = done["stdout"].split()
    return {"wall_ms": 1e3 * done["wall"], "cpu_ms": 1e3 * done["cpu"], "value": value,
            "certified": certified == "True", "numpy_loaded": numpy == "True"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--peer", default=PEER)
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        peer = peer_tree(args.peer, Path(scratch))
        ours_runs, peer_runs = [], []
        for _ in range(args.rounds):  # alternately, so that both see the same load
            ours_runs.append(in_call(ROOT, args.calls))
            peer_runs.append(in_call(peer, args.calls))
        form = closed_form(args.calls)
        for name in inputs():
            ours = min((r[name] for r in ours_runs), key=lambda r: r["cpu_ms_median"])
            theirs = min((r[name] for r in peer_runs), key=lambda r: r["cpu_ms_median"])
            print(json.dumps({"bench": "tribes_in_call", "input": name, "ours": ours,
                              "peer_" + args.peer: theirs, "closed_form": form[name],
                              "cpu_median_ratio_peer_over_ours": round(
                                  theirs["cpu_ms_median"] / ours["cpu_ms_median"], 2),
                              "values_agree": ours["value"] == theirs["value"] ==
                              form[name]["value"]}), flush=True)
        for label, path in (("ours", ROOT), ("peer_" + args.peer, peer)):
            rows = [startup(path) for _ in range(args.rounds)]
            best = min(rows, key=lambda r: r["cpu_ms"])
            print(json.dumps({"bench": "symmetric_startup", "tree": label, **best}), flush=True)
    print(json.dumps({"load_average": list(__import__("os").getloadavg())}))


if __name__ == "__main__":
    main()
