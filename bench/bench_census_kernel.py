"""The compiled census kernel against the Python path in the same run (ratio), and the
projected CPU of the whole Q = 7 census by shards.

    python bench/bench_census_kernel.py --shards 60 --visits 3000 --python-visits 300

A seeded sample (seed 0) of Q = 7 shards, each drawn with probability proportional to its
number of visits (the U0 inside its prefix R, docs/census.md Lemma 4). In each, a window of
--visits consecutive visits in the order run_shard visits them (the sorted U0 inside R),
from a uniform start, wrapping around (the whole shard if it is smaller): every visit of a
drawn shard is in the window with the same probability, so the mean over the drawn shards
of their mean cost a visit estimates the cost of a visit over all 6,031,580,180. The order
matters since the kernel reuses the primal/dual pairs of earlier visits of its batch
(verify.sweep.lp_memo); the window starts with none remembered, as a shard does.

Per visit, CPU seconds (time.process_time) of what a compiled shard does with its visits:
census_shards.compiled_counts (the kernel, census_kernel.evaluate, and the count of equal
rows); as many uniform visits of the shard in random order (few neighbours to reuse: the
earlier scheme of this bench; kernel only); and
the Python path (class_rows.class_row, the peer) on the first --python-visits / --shards
visits of each window, whose rows must equal the kernel's (checked here). The per-shard work
outside (listing the U0 inside R, |K|) is measured on the drawn shards, and the projection
is: visits x cost per visit + 16,353 x the mean per-shard cost. Results:
bench/results_census_kernel.json.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def _timed(function, *args):
    start = time.process_time()
    result = function(*args)
    return result, time.process_time() - start


def _python_rows(tables: list[int], prefix: int) -> list[list[int]]:
    from verify.sweep.class_rows import class_row

    rows = []
    for low in tables:
        table = low | prefix << 64
        row = class_row(table, 1, 7, False)[0]
        rows.append([row.fbs.numerator, row.fbs.denominator, row.s, row.bs, row.C,
                     table.bit_count() - len(row.antichain)])
    return rows


def main() -> None:
    from verify.sweep.antichains import up_sets
    from verify.sweep.census_kernel import WORK, evaluate
    from verify.sweep.census_shards import (
        compiled_counts,
        orbit_size,
        shard_prefixes,
        shard_sizes,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shards", type=int, default=60)
    parser.add_argument("--visits", type=int, default=3000)
    parser.add_argument("--python-visits", type=int, default=300)
    options = parser.parse_args()
    prefixes = shard_prefixes(7)
    sizes = shard_sizes(7, prefixes)
    lower = up_sets(6)
    evaluate(lower[:2], prefixes[-1], 7)  # compile (or load the numba cache) first
    rng = np.random.default_rng(0)
    picks = rng.choice(len(prefixes), size=options.shards, p=np.array(sizes) / sum(sizes))
    in_order, scattered_cost, python, shard_cpu = [], [], [], 0.0
    work, sampled, python_n = np.zeros(len(WORK), np.int64), 0, 0
    for index in picks.tolist():
        prefix = prefixes[index]
        start = time.process_time()
        inside = lower[(lower & np.uint64(~prefix & (2**64 - 1))) == 0]
        orbit = orbit_size(prefix, 6)
        shard_cpu += time.process_time() - start
        count = min(options.visits, len(inside))
        window = inside[(rng.integers(len(inside)) + np.arange(count)) % len(inside)]
        sampled += count
        in_order.append(_timed(compiled_counts, 7, prefix, orbit, window)[1] / count)
        scattered = inside[rng.integers(len(inside), size=count)]
        scattered_cost.append(_timed(evaluate, scattered, prefix, 7)[1] / count)
        rows = evaluate(window, prefix, 7, work=work).tolist()  # untimed: the rows, the paths
        few = window[:max(1, options.python_visits // options.shards)].tolist()
        peers, seconds = _timed(_python_rows, few, prefix)
        python.append(seconds / len(few))
        python_n += len(few)
        assert rows[:len(few)] == peers, (hex(prefix), few)
    per_visit, per_scattered, per_python = (float(np.mean(x)) for x in (in_order, scattered_cost,
                                                                       python))
    per_shard = shard_cpu / options.shards

    def hours(cost: float) -> float:
        return round((sum(sizes) * cost + len(prefixes) * per_shard) / 3600, 2)

    result = {"command": "python bench/bench_census_kernel.py " + " ".join(
                  f"--{k.replace('_', '-')} {v}" for k, v in vars(options).items()),
              "visits_total": sum(sizes), "sampled_visits_compiled": sampled,
              "sampled_visits_python": python_n,
              "compiled_us_per_visit": round(per_visit * 1e6, 3),
              "compiled_us_per_visit_scattered": round(per_scattered * 1e6, 3),
              "python_us_per_visit": round(per_python * 1e6, 1),
              "ratio_python_over_compiled": round(per_python / per_visit, 1),
              "ratio_python_over_compiled_scattered": round(per_python / per_scattered, 1),
              "visits_by_path": dict(zip(WORK, work.tolist())),
              "per_shard_overhead_ms": round(per_shard * 1e3, 2),
              "projected_q7_cpu_hours_compiled": hours(per_visit),
              "projected_q7_cpu_hours_compiled_scattered": hours(per_scattered),
              "projected_q7_cpu_hours_python": round(hours(per_python), 1)}
    print(json.dumps(result, indent=1))
    (ROOT / "bench" / "results_census_kernel.json").write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
