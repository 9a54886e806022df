"""Run the remaining shards of the Q = 7 census into the committed store, in slices.

    nice -n 15 python bench/run_census_q7.py --from 2967 --step 256

Each slice is one `fbs sweep --family census-shards:7:A:B -o bench/census/q7-shards
--workers 1` (a slice of 256 shards gives tasks of 4 shards, so a Ctrl-C or SIGINT loses at
most the task in flight; `fbs sweep` skips the shards already in the store, so a rerun on
any machine resumes). Stops at the first slice that does not finish (an interrupt: exit
130), and prints one JSON line per slice (shards, wall and CPU seconds of the slice).
Afterwards `fbs census bench/census/q7-shards --exhaustive 7 --json` adds up what is there
(and says "complete": false until all 16,353 shards are in).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOTAL = 16353


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="start", type=int, default=0)
    parser.add_argument("--step", type=int, default=256)
    parser.add_argument("--store", default=str(ROOT / "bench" / "census" / "q7-shards"))
    options = parser.parse_args()
    for start in range(options.start, TOTAL, options.step):
        end = min(start + options.step, TOTAL)
        clock, cpu = time.time(), children_cpu()
        done = subprocess.run([sys.executable, "-m", "verify", "sweep", "--family",
                               f"census-shards:7:{start}:{end}", "-o", options.store,
                               "--workers", "1", "--json"], capture_output=True, text=True)
        print(json.dumps({"from": start, "to": end, "exit": done.returncode,
                          "wall_seconds": round(time.time() - clock, 1),
                          "cpu_seconds": round(children_cpu() - cpu, 1),
                          "stderr": done.stderr[-300:]}), flush=True)
        if done.returncode != 0:
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
