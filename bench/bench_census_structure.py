"""The census by structure against the census by sweep: every (function, input) pair of Q inputs.

    python bench/bench_census_structure.py                  # Q = 1..6 (ours), the peer for Q <= 3
    python bench/bench_census_structure.py --max-q 5 --peer-max-q 2

Ours: `fbs census --exhaustive Q --json` (certified: 4 certificates per class through the
stdlib-only checker), a fresh process per run (bench/measure.py: wall, CPU, peak memory).
The peer a user would otherwise run: `fbs sweep --family all:Q --workers 2` (one certified
LP per pair on a Dask LocalCluster) then `fbs census STORE`, in the same run; its fbs, s, bs
and C distributions must equal ours. Results: bench/results_census_structure.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, repeat, run_once  # noqa: E402


def ours(q: int, repeats: int) -> dict:
    result = repeat(FBS + ["census", "--exhaustive", str(q), "--json"], repeats)
    document = json.loads(result.pop("stdout"))
    return {"q": q, "classes": document["classes"], "antichains": document["antichains"],
            "certified": document["certified"], "certificates": document["certificates_checked"],
            **result,
            "distributions": {m: document[m] for m in ("fbs", "s", "bs", "C")}}


def peer(q: int) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="bench-census-peer-"))
    try:
        store = str(folder / "store")
        sweep = run_once(FBS + ["sweep", "--family", f"all:{q}", "-o", store, "--workers", "2",
                                "--json"])
        census = run_once(FBS + ["census", store, "--json"])
        for step in (sweep, census):
            if step["returncode"] != 0:
                raise RuntimeError(step["stderr"])
        figure = json.loads(census["stdout"])["arities"][str(q)]
        return {"q": q, "sweep_wall_s": round(sweep["wall"], 2), "sweep_cpu_s":
                round(sweep["cpu"], 2), "census_wall_s": round(census["wall"], 2),
                "wall_s": round(sweep["wall"] + census["wall"], 2),
                "distributions": {m: {v: str(n) for v, n in figure[m].items()}
                                  for m in ("fbs", "s", "bs", "C")}}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-q", type=int, default=6)
    parser.add_argument("--peer-max-q", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3, help="runs per Q <= 5 (Q = 6: one)")
    args = parser.parse_args()
    rows = []
    for q in range(1, args.max_q + 1):
        row = ours(q, args.repeats if q <= 5 else 1)
        if q <= args.peer_max_q:
            other = peer(q)
            if other["distributions"] != row["distributions"]:
                raise SystemExit(f"q = {q}: the census by structure and the sweep disagree")
            row["peer"] = {k: v for k, v in other.items() if k != "distributions"}
            row["peer_over_ours"] = round(other["wall_s"] / row["wall_min"], 1)
        print(json.dumps({k: v for k, v in row.items() if k != "distributions"}), flush=True)
        rows.append(row)
    (ROOT / "bench" / "results_census_structure.json").write_text(json.dumps(rows, indent=1)
                                                                  + "\n")


if __name__ == "__main__":
    main()
