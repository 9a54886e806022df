"""The census by shards certified end to end (kind census-shard) against the exact kernel and the
census-classes route, same shards, same process, CPU seconds.

    python bench/bench_census_certified.py --q 6            # all 210 shards of Q = 6
    python bench/bench_census_certified.py --q 7 --shards 40 --seed 7 --max-visits 20000
    python bench/bench_census_certified.py --q 6 --proved    # and the proved program (issue 38)

Per shard: the exact path (`census_shards.run_shard`, compiled kernel when numba is there),
the census-shard producer (`shard_certificate.shard_certificate`, Python, exact LP for the
pairs it cannot reuse), the stdlib checker on that certificate, and the peer a user would
otherwise pick to certify a shard: `shard_certify.certify_shard` (the kernel's witnesses,
checked as census-classes certificates, four values per visit). Every certificate's row is
compared with the exact path's. With --proved, the proved native checker `fbs-proved`
(coq/native/, kind census-shard) checks the same certificates, all in one process whose CPU
time (user + system, from the children's rusage) is reported; every one must be proved.
Results: bench/results_census_certified.json.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cpu(work):
    start = time.process_time()
    value = work()
    return value, time.process_time() - start


def _proved_cpu(certificates: list[dict]) -> float:
    """CPU seconds of one fbs-proved process checking every certificate (all must be proved)."""
    from verify.formal.proved_build import program

    binary = program()
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for k, certificate in enumerate(certificates):
            path = Path(folder) / f"shard{k}.json"
            path.write_text(json.dumps(certificate))
            paths.append(str(path))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([str(binary), *paths], capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    proved = done.stdout.count("\nproved: ") + done.stdout.startswith("proved: ")
    if done.returncode != 0 or proved != len(certificates):
        raise SystemExit(f"fbs-proved refused a certificate: {done.stderr[:300]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    from verify.checker import check_certificate
    from verify.sweep.census_shards import run_shard, shard_prefixes, shard_sizes
    from verify.sweep.shard_certificate import shard_certificate
    from verify.sweep.shard_certify import certify_shard

    parser = argparse.ArgumentParser()
    parser.add_argument("--q", type=int, default=6)
    parser.add_argument("--shards", type=int, default=0, help="a seeded sample (0: all)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-visits", type=int, default=10**9)
    parser.add_argument("--proved", action="store_true", help="also the proved checker fbs-proved")
    parser.add_argument("--no-peer", action="store_true", help="leave out the census-classes peer")
    args = parser.parse_args()
    prefixes = shard_prefixes(args.q)
    sizes = dict(zip(prefixes, shard_sizes(args.q, prefixes)))
    chosen = [p for p in prefixes if sizes[p] <= args.max_visits]
    if args.shards:
        chosen = sorted(random.Random(args.seed).sample(chosen, min(args.shards, len(chosen))))
    run_shard(args.q, chosen[0])  # compile the kernel outside the timings
    totals = {"exact": 0.0, "produce": 0.0, "check": 0.0}
    if not args.no_peer:
        totals["peer census-classes"] = 0.0
    visits = pairs = 0
    written = []
    for prefix in chosen:
        exact, seconds = _cpu(lambda: run_shard(args.q, prefix))
        totals["exact"] += seconds
        certificate, seconds = _cpu(lambda: shard_certificate(args.q, prefix))
        totals["produce"] += seconds
        report, seconds = _cpu(lambda: check_certificate(certificate))
        totals["check"] += seconds
        if not args.no_peer:
            peer, seconds = _cpu(lambda: certify_shard(args.q, prefix))
            totals["peer census-classes"] += seconds
            if peer["counts"] != exact["counts"]:
                raise SystemExit(f"shard {hex(prefix)}: the peer's row differs")
        if not report.valid or certificate["counts"] != exact["counts"]:
            raise SystemExit(f"shard {hex(prefix)}: rows differ or the checker refused")
        visits += len(certificate["use"])
        pairs += len(certificate["pairs"])
        if args.proved:
            written.append(certificate)
    if args.proved:
        totals["proved check"] = _proved_cpu(written)
    result = {"q": args.q, "shards": len(chosen), "visits": visits, "pairs": pairs,
              "cpu_s": {k: round(v, 3) for k, v in totals.items()},
              "us_per_visit": {k: round(1e6 * v / visits, 2) for k, v in totals.items()},
              "check_over_exact": round(totals["check"] / totals["exact"], 2)}
    if not args.no_peer:
        result["check_over_peer"] = round(totals["check"] / totals["peer census-classes"], 3)
    if args.proved:
        result["proved_over_exact"] = round(totals["proved check"] / totals["exact"], 2)
        result["proved_over_stdlib_check"] = round(totals["proved check"] / totals["check"], 3)
    print(json.dumps(result, indent=1))
    out = ROOT / "bench" / "results_census_certified.json"
    old = json.loads(out.read_text()) if out.exists() else {}
    old[f"q{args.q}" + (f"-sample{args.shards}" if args.shards else "")
        + ("-proved" if args.proved else "")] = result
    out.write_text(json.dumps(old, indent=1) + "\n")


if __name__ == "__main__":
    main()
