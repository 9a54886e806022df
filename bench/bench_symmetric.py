"""Benchmark for issue 3 item 1: wide symmetric functions certified by the reduced LP.

Usage:  python bench/bench_symmetric.py
Each case is verify.fbs end to end (input parsing, reduced LP, certificate, stdlib checker),
timed after one untimed warm-up call in the same process.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CASES = [("maj:1000001", w) for w in (0, 250000, 500000, 500001, 600000, 1000001)] + \
        [("thr:1000000:300000", w) for w in (0, 150000, 299999, 300000, 700000, 1000000)]


def runs(spec: str, ones: int) -> str:
    n = int(spec.split(":")[1])
    parts = ([f"1^{ones}"] if ones else []) + ([f"0^{n - ones}"] if ones < n else [])
    return ",".join(parts)


def main() -> None:
    from verify import fbs

    fbs("maj:5", "11100")
    for spec, ones in CASES:
        start = time.perf_counter()
        result = fbs(spec, runs(spec, ones))
        seconds = time.perf_counter() - start
        print(json.dumps({"spec": spec, "ones": ones, "value": str(result.value),
                          "certified": result.certified, "seconds": round(seconds, 3)}), flush=True)


if __name__ == "__main__":
    main()
