"""Certify a seeded sample of Q = 7 shards and compare them with the committed exact store.

    nice -n 15 python bench/certify_q7_sample.py --shards 400 --seed 7 --cpu-budget 900

The committed Q = 7 census (bench/census/q7-shards) is exact, not certified. This draws the
shards in a seeded uniform random order (those of at most --max-visits visits; a larger one
is passed over and counted), recomputes each with `verify.sweep.shard_certify.certify_shard`
(the compiled kernel's witnesses, kind census-classes certificates of 4,096 visits, the
stdlib-only checker) and compares its antichains and counts with the shard's stored row;
it stops after --shards shards or once --cpu-budget CPU seconds (or --wall-budget wall
seconds, on a shared machine) are spent. The peer, in the
same run: the exact, uncertified path (`census_shards.run_shard`) on the same shards, and
the ratio. Writes a summary (-o, default bench/census/q7-certified-sample.json); exit 1 if
a shard differs from its stored row (SolverFailure, exit 3, if the checker rejects one).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
Q = 7


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shards", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-visits", type=int, default=1_000_000)
    parser.add_argument("--cpu-budget", type=float, default=900.0)
    parser.add_argument("--wall-budget", type=float, default=float("inf"),
                        help="also stop once this many wall seconds have passed")
    parser.add_argument("--store", default=str(ROOT / "bench" / "census" / "q7-shards"))
    parser.add_argument("-o", "--output",
                        default=str(ROOT / "bench" / "census" / "q7-certified-sample.json"))
    options = parser.parse_args()
    summary = certify_sample(options)
    Path(options.output).write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps({k: v for k, v in summary.items() if k != "shards"}, indent=1))
    return 0 if summary["all_match"] else 1


def certify_sample(options) -> dict:
    from verify.sweep.census_shards import run_shard, shard_prefixes, shard_sizes
    from verify.sweep.shard_certify import certify_shard, compare_with_store, stored_shards

    prefixes = shard_prefixes(Q)
    sizes = shard_sizes(Q, prefixes)
    stored = stored_shards(options.store, Q)
    order = random.Random(options.seed).sample(range(len(prefixes)), len(prefixes))
    start, wall = time.process_time(), time.perf_counter()
    done, passed_over, peer_cpu = [], 0, 0.0
    for index in order:
        if (len(done) == options.shards or time.process_time() - start >= options.cpu_budget
                or time.perf_counter() - wall >= options.wall_budget):
            break
        if sizes[index] > options.max_visits:
            passed_over += 1
            continue
        prefix = prefixes[index]
        before = time.process_time()
        result = certify_shard(Q, prefix)
        cpu = time.process_time() - before
        before = time.process_time()
        exact = run_shard(Q, prefix)
        peer_cpu += time.process_time() - before
        done.append({"prefix": hex(prefix), "visits": result["antichains"],
                     "orbit": result["orbit"],
                     "certificates_checked": result["certificates_checked"],
                     "pairs": str(sum(int(row[4]) for row in result["counts"])),
                     "matches_store": compare_with_store(result, stored.get(prefix, [])),
                     "matches_exact_path": result["counts"] == exact["counts"],
                     "cpu_seconds": round(cpu, 3)})
        print(json.dumps(done[-1]), file=sys.stderr, flush=True)
    return _summary(options, done, passed_over, peer_cpu, sizes,
                    time.process_time() - start, time.perf_counter() - wall)


def _summary(options, done, passed_over, peer_cpu, sizes, cpu, wall) -> dict:
    from fractions import Fraction

    visits, pairs = sum(d["visits"] for d in done), sum(int(d["pairs"]) for d in done)
    up_sets = sum(d["visits"] * d["orbit"] for d in done)
    every_pair, every_up_set = 2 ** (2 ** Q) * 2 ** Q, 2414682040997
    certify_cpu = sum(d["cpu_seconds"] for d in done)
    return {
        "command": f"python bench/certify_q7_sample.py --shards {options.shards} --seed "
                   f"{options.seed} --max-visits {options.max_visits} --cpu-budget "
                   f"{options.cpu_budget:g} --wall-budget {options.wall_budget:g}",
        "q": Q, "seed": options.seed, "max_visits": options.max_visits,
        "shards_certified": len(done), "shards_total": len(sizes),
        "shards_passed_over_as_larger_than_max_visits": passed_over,
        "all_match": all(d["matches_store"] and d["matches_exact_path"] for d in done),
        "visits_certified": visits, "visits_total": sum(sizes),
        "up_sets_covered": up_sets, "up_sets_total": every_up_set,
        "pairs_covered": str(pairs), "pairs_total": str(every_pair),
        "fraction_of_shards": float(Fraction(len(done), len(sizes))),
        "fraction_of_visits": float(Fraction(visits, sum(sizes))),
        "fraction_of_up_sets": float(Fraction(up_sets, every_up_set)),
        "fraction_of_pairs": float(Fraction(pairs, every_pair)),
        "certificates_checked": sum(d["certificates_checked"] for d in done),
        "certify_cpu_seconds": round(certify_cpu, 1),
        "peer_exact_cpu_seconds": round(peer_cpu, 1),
        "ratio_certified_over_exact": round(certify_cpu / peer_cpu, 1) if peer_cpu else None,
        "us_per_visit_certified": round(1e6 * certify_cpu / visits, 1) if visits else None,
        "cpu_seconds": round(cpu, 1), "wall_seconds": round(wall, 1),
        "shards": done,
    }


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
