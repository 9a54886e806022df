"""The compiled census kernel against the Python path in the same run (ratio), and the
projected CPU of the whole Q = 7 census by shards.

    python bench/bench_census_kernel.py --shards 60 --visits 3000 --python-visits 150

A seeded sample (seed 0) of Q = 7 shards, each drawn with probability proportional to its
number of visits (the U0 inside its prefix R, docs/census.md Lemma 4), and in each a uniform
sample of its visits: a uniform sample of all 6,031,580,180 visits. Per visit, CPU seconds
(time.process_time) of the compiled kernel (verify.sweep.census_kernel.evaluate, batched per
shard) and of the Python path (class_rows.class_row, the peer) on a subset of the
same visits; both give the same rows (checked here). The per-shard work outside the kernel
(listing the U0 inside R, |K|, adding up) is measured on the sampled shards as well, and
the projection is: visits x compiled cost per visit + 16,353 x the mean per-shard cost.
Results: bench/results_census_kernel.json.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    from verify.sweep.antichains import up_sets
    from verify.sweep.census_kernel import evaluate
    from verify.sweep.census_shards import orbit_size, shard_prefixes, shard_sizes
    from verify.sweep.class_rows import class_row

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shards", type=int, default=60)
    parser.add_argument("--visits", type=int, default=3000)
    parser.add_argument("--python-visits", type=int, default=150)
    options = parser.parse_args()
    prefixes = shard_prefixes(7)
    sizes = shard_sizes(7, prefixes)
    lower = up_sets(6)
    evaluate(lower[:2], prefixes[-1], 7)  # compile (or load the numba cache) first
    rng = np.random.default_rng(0)
    picks = rng.choice(len(prefixes), size=options.shards, p=np.array(sizes) / sum(sizes))
    kernel_cpu = python_cpu = shard_cpu = 0.0
    kernel_n = python_n = 0
    for index in picks.tolist():
        prefix = prefixes[index]
        start = time.process_time()
        inside = lower[(lower & np.uint64(~prefix & (2**64 - 1))) == 0]
        orbit_size(prefix, 6)
        shard_cpu += time.process_time() - start
        chosen = inside[rng.integers(len(inside), size=options.visits)]
        start = time.process_time()
        rows = evaluate(chosen, prefix, 7)
        kernel_cpu += time.process_time() - start
        kernel_n += len(chosen)
        few = chosen[:max(1, options.python_visits // options.shards)].tolist()
        start = time.process_time()
        peers = [class_row(int(t) | prefix << 64, 1, 7, False)[0] for t in few]
        python_cpu += time.process_time() - start
        python_n += len(few)
        for row, peer, table in zip(rows.tolist(), peers, few):
            expected = [peer.fbs.numerator, peer.fbs.denominator, peer.s, peer.bs, peer.C,
                        (int(table) | prefix << 64).bit_count() - len(peer.antichain)]
            assert row == expected, (hex(table), row, expected)
    per_visit = kernel_cpu / kernel_n
    per_visit_python = python_cpu / python_n
    per_shard = shard_cpu / options.shards
    total = sum(sizes) * per_visit + len(prefixes) * per_shard
    result = {"command": "python bench/bench_census_kernel.py " + " ".join(
                  f"--{k.replace('_', '-')} {v}" for k, v in vars(options).items()),
              "visits_total": sum(sizes), "sampled_visits_compiled": kernel_n,
              "sampled_visits_python": python_n,
              "compiled_us_per_visit": round(per_visit * 1e6, 3),
              "python_us_per_visit": round(per_visit_python * 1e6, 1),
              "ratio_python_over_compiled": round(per_visit_python / per_visit, 1),
              "per_shard_overhead_ms": round(per_shard * 1e3, 2),
              "projected_q7_cpu_hours_compiled": round(total / 3600, 2),
              "projected_q7_cpu_hours_python": round(
                  (sum(sizes) * per_visit_python + len(prefixes) * per_shard) / 3600, 1)}
    print(json.dumps(result, indent=1))
    (ROOT / "bench" / "results_census_kernel.json").write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
