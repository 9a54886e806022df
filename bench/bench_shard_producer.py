"""The compiled census-shard producer against the exact kernel, same shards, same process, CPU
seconds (issue 38: "compiled census-shard producer and the certification driver").

    python bench/bench_shard_producer.py --q 6                 # all 210 shards of Q = 6
    python bench/bench_shard_producer.py --q 7 --shards 40 --dense 3 --seed 38 --check 200000

Per shard (split into parts of at most 2^17 visits as the driver does, verify.sweep
.shard_driver): the exact kernel (`census_shards.run_shard`, compiled), the compiled producer
(`shard_producer.ShardWalk`: one walk over the shard, then each part's canonical
bytes and row) and, at Q = 6 or on
the first --check visits at Q = 7, the stdlib checker on those bytes (its strict reader, then
the kind census-shard check); at Q = 6 also the Python producer (`shard_certificate`, the peer
it replaces). Every certificate's row is compared with the exact kernel's (parts added up),
every checked one must be accepted. Q = 7: a seeded uniform sample of --shards shards of at
most --max-visits visits, and --dense shards drawn from the 1,000 with the most visits (which
hold most of the visits). Results: bench/results_shard_producer.json.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _rows(counts) -> Counter:
    return Counter({(f, s, bs, c): int(n) for f, s, bs, c, n in counts})


def main() -> None:
    from verify.checker import check_certificate
    from verify.checker.census_shard_kind import MAX_VISITS
    from verify.checker.reader import load_json
    from verify.sweep.census_shards import run_shard, shard_prefixes, shard_sizes
    from verify.sweep.shard_certificate import shard_certificate
    from verify.sweep.shard_producer import ShardWalk, produce

    parser = argparse.ArgumentParser()
    parser.add_argument("--q", type=int, default=6)
    parser.add_argument("--shards", type=int, default=0, help="a seeded sample (0: all)")
    parser.add_argument("--dense", type=int, default=0, help="Q = 7: also this many of the "
                        "1,000 shards with the most visits")
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--max-visits", type=int, default=1 << 20)
    parser.add_argument("--check", type=int, default=10**12, help="check only the first this "
                        "many visits' certificates with the stdlib checker")
    args = parser.parse_args()
    prefixes = shard_prefixes(args.q)
    sizes = dict(zip(prefixes, shard_sizes(args.q, prefixes)))
    chosen = prefixes
    if args.shards:
        rng = random.Random(args.seed)
        small = [p for p in prefixes if sizes[p] <= args.max_visits]
        dense = sorted(prefixes, key=lambda p: -sizes[p])[:1000]
        chosen = sorted(set(rng.sample(small, args.shards)) | set(rng.sample(dense, args.dense)))
    produce(args.q, chosen[0])  # compile outside the timings
    run_shard(args.q, chosen[0])
    cpu = Counter()
    visits = pairs = checked = programs = 0
    for prefix in chosen:
        start = time.process_time()
        exact = run_shard(args.q, prefix)
        cpu["exact kernel"] += time.process_time() - start
        start = time.process_time()
        walk = ShardWalk(args.q, prefix)  # as the driver: one walk, parts cut from it
        parts = max(1, -(-walk.visits // MAX_VISITS))
        made = [walk.part((k, parts)) for k in range(parts)]
        cpu["compiled producer"] += time.process_time() - start
        row = Counter()
        for data, facts in made:
            row += _rows(facts["counts"])
            visits += facts["visits"]
            pairs += facts["pairs"]
            programs = max(programs, facts["packing_programs"])
            if checked < args.check:
                start = time.process_time()
                report = check_certificate(load_json(data))
                cpu["stdlib check"] += time.process_time() - start
                checked += facts["visits"]
                if not report.valid:
                    raise SystemExit(f"shard {hex(prefix)}: the checker refused: {report.message}")
        if row != _rows(exact["counts"]):
            raise SystemExit(f"shard {hex(prefix)}: the producer's row differs from the kernel's")
        if args.q <= 6:
            start = time.process_time()
            peer = shard_certificate(args.q, prefix)
            cpu["python producer"] += time.process_time() - start
            if peer["counts"] != exact["counts"]:
                raise SystemExit(f"shard {hex(prefix)}: the Python producer's row differs")
    per_visit = {k: round(1e6 * v / (checked if k == "stdlib check" else visits), 3)
                 for k, v in cpu.items()}
    result = {"q": args.q, "shards": len(chosen), "visits": visits, "visits_checked":
              min(checked, visits), "pairs": pairs, "most_packing_programs_in_a_part": programs,
              "cpu_s": {k: round(v, 3) for k, v in cpu.items()}, "us_per_visit": per_visit,
              "producer_over_kernel": round(cpu["compiled producer"] / cpu["exact kernel"], 3)}
    if args.q == 7:
        total = 6_031_580_180
        result["projected_cpu_hours_all_q7"] = {
            k: round(total * v / 1e6 / 3600, 2) for k, v in per_visit.items()}
    print(json.dumps(result, indent=1))
    out = ROOT / "bench" / "results_shard_producer.json"
    old = json.loads(out.read_text()) if out.exists() else {}
    old[f"q{args.q}" + (f"-sample{args.shards}+{args.dense}-seed{args.seed}" if args.shards
                        else "")] = result
    out.write_text(json.dumps(old, indent=1) + "\n")


if __name__ == "__main__":
    main()
