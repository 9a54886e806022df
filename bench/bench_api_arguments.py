"""The cost of the public API's argument checks (verify/base/arguments.py, issue 32): each
call timed through the `@api` wrapper and through the function it wraps (`__wrapped__`), in
the same process, interleaved; CPU microseconds per call, the best of the repeats.
Run: python bench/bench_api_arguments.py [--calls N] [--repeats R]."""

from __future__ import annotations

import argparse
import json
import time

import verify

CASES = {
    "parse_spec('maj:3') (positional: no bind)": (verify.parse_spec, ("maj:3",), {}),
    "parse_spec(spec='maj:3') (keyword: bind)": (verify.parse_spec, (), {"spec": "maj:3"}),
    "uniform_tree('maj:3', 2)": (verify.uniform_tree, ("maj:3", 2), {}),
    "fbs('maj:3', '110', check=False)": (verify.fbs, ("maj:3", "110"), {"check": False}),
}


def per_call(function, args, kwargs, calls: int) -> float:
    start = time.process_time()
    for _ in range(calls):
        function(*args, **kwargs)
    return (time.process_time() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    options = parser.parse_args()
    rows = []
    for name, (function, args, kwargs) in CASES.items():
        wrapped, bare = [], []
        for _ in range(options.repeats):
            wrapped.append(per_call(function, args, kwargs, options.calls))
            bare.append(per_call(function.__wrapped__, args, kwargs, options.calls))
        rows.append({"call": name, "checked_us": round(min(wrapped), 2),
                     "unchecked_us": round(min(bare), 2),
                     "ratio": round(min(wrapped) / min(bare), 3)})
        print(json.dumps(rows[-1]))


if __name__ == "__main__":
    main()
