"""The certified census of Q = 6 (`fbs census --exhaustive 6 --json`): compiled against the
Python path (FBS_NUMBA=0) in the same run, CPU of the whole command.

    python bench/bench_census_q6.py --repeat 3

Each run is a fresh `python -m verify census --exhaustive 6 --json` process; its CPU is
user + system of the child (resource.getrusage), start-up and imports included. A first
compiled run fills numba's on-disk cache (its compile time is reported apart, it is paid
once per installation). Both paths must print the same document except
`certificates_checked` (4 certificates a class in Python, one batch certificate per 4,096
classes compiled). Results: bench/results_census_q6.json.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-m", "verify", "census", "--exhaustive", "6", "--json"]


def run(numba: bool) -> tuple[float, float, dict]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    clock = time.perf_counter()
    done = subprocess.run(COMMAND, capture_output=True, text=True, cwd=ROOT, check=True,
                          env={**os.environ, "FBS_NUMBA": "1" if numba else "0",
                               "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - clock
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    first_cpu, _, _ = run(True)
    compiled = [run(True) for _ in range(options.repeat)]
    python = [run(False) for _ in range(max(1, options.repeat // 3))]
    documents = [d for _, _, d in compiled + python]
    same = all({k: v for k, v in d.items() if k != "certificates_checked"}
               == {k: v for k, v in documents[0].items() if k != "certificates_checked"}
               for d in documents)
    best_compiled = min(c for c, _, _ in compiled)
    best_python = min(c for c, _, _ in python)
    result = {"command": "python bench/bench_census_q6.py --repeat " + str(options.repeat),
              "first_compiled_run_cpu_seconds": round(first_cpu, 2),
              "compiled_cpu_seconds": [round(c, 2) for c, _, _ in compiled],
              "compiled_wall_seconds": [round(w, 2) for _, w, _ in compiled],
              "python_cpu_seconds": [round(c, 2) for c, _, _ in python],
              "ratio_python_over_compiled": round(best_python / best_compiled, 1),
              "same_document": same, "certified": documents[0]["certified"],
              "classes": documents[0]["classes"],
              "certificates_checked": {"compiled": compiled[0][2]["certificates_checked"],
                                       "python": python[0][2]["certificates_checked"]},
              "load_average": os.getloadavg()}
    print(json.dumps(result, indent=1))
    (ROOT / "bench" / "results_census_q6.json").write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
