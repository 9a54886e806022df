"""Run the remaining shards of the Q = 7 census into the committed store, in this process.

    nice -n 15 python bench/run_census_q7.py --from 2967 --chunk 8

The same jobs, rows and store as `fbs sweep --family census-shards:7:FROM:16353 -o
bench/census/q7-shards --workers 1` (verify.sweep.execute.run_task on batches of --chunk
shards, each written as one part with its checksum in the manifest), without starting a
Dask cluster: on two shared cores a LocalCluster's scheduler, nanny and worker cost more
than small shards do. A shard already in the store is skipped, so a rerun here or `fbs
sweep` on any machine resumes. SIGINT (Ctrl-C) stops after the task in flight is written:
exit 130. One JSON line per task: shards, visits, CPU seconds. Afterwards `fbs census
bench/census/q7-shards --exhaustive 7 --json` adds up what is there ("complete": false
until all 16,353 shards are in).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOTAL = 16353


def main() -> int:
    from verify.sweep.api import _job_streams
    from verify.sweep.execute import run_task
    from verify.sweep.runner import SweepReport, batches
    from verify.sweep.store import Store

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="start", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=8)
    parser.add_argument("--store", default=str(ROOT / "bench" / "census" / "q7-shards"))
    options = parser.parse_args()
    stop = []
    signal.signal(signal.SIGINT, lambda *_: stop.append(True))
    streams, _ = _job_streams(None, [f"census-shards:7:{options.start}:{TOTAL}"])
    store = Store(options.store, create=True)
    store.lock()
    try:
        store.set_aside_damaged()
        report = SweepReport()
        for task_id, batch in batches(streams[0], store.done_ids(), options.chunk, report):
            cpu = time.process_time()
            rows, certificates, errors = run_task(batch)
            if errors:
                print(json.dumps({"errors": [e[:2] for e in errors]}), flush=True)
                return 3
            store.write_part(task_id, rows, certificates)
            visits = sum(json.loads(p)["antichains"] for p in rows.column("params").to_pylist())
            print(json.dumps({"task": task_id, "shards": len(batch), "visits": visits,
                              "cpu_seconds": round(time.process_time() - cpu, 2),
                              "at": time.strftime("%H:%M:%S")}), flush=True)
            if stop:
                return 130
    finally:
        store.unlock()
    return 0


if __name__ == "__main__":
    sys.exit(main())
