"""How fast hostile inputs are answered: each command in a fresh process (bench/measure.py),
the exit code it gives and its wall and CPU time; then the time from killing a sweep's Dask
scheduler to the sweep's exit. Run: python bench/bench_prompt_refusals.py [--repeats N]."""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, run_once  # noqa: E402

BIG = "7" * 5000


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    tree, oracle = str(folder / "t.json"), str(folder / "o.json")
    subprocess.run(FBS + ["tree", "build", "--aggregator", "maj:3", "--depth", "1", "-o", tree,
                          "--oracle-out", oracle], check=True, capture_output=True, cwd=ROOT)
    instance = [tree, "--oracle", oracle]
    return [
        ("plan --delta 1e-999999", ["debate", "plan", "--rho", "4", "--depth", "3", "--delta",
                                    "1e-999999"]),
        ("plan --delta 1e-999999 --json", ["debate", "plan", "--rho", "4", "--depth", "3",
                                           "--delta", "1e-999999", "--json"]),
        ("worst-case --rho <5000 digits>", ["debate", "worst-case", *instance, "--rho", BIG]),
        ("budgeted worst-case --beta-max 1e30", ["debate", "worst-case", *instance,
                                                 "--protocol", "budgeted", "--beta-max", "1e30"]),
        ("budgeted worst-case --beta-max 1e6", ["debate", "worst-case", *instance,
                                                "--protocol", "budgeted", "--beta-max", "1e6"]),
        ("run --runs 1000000000", ["debate", "run", *instance, "--rho", "2", "--alice",
                                   "honest", "--runs", "1000000000"]),
        ("sweep --family random-trees:0:1:50:maj:3", ["sweep", "--family",
                                                     "random-trees:0:1:50:maj:3", "-o",
                                                     str(folder / "store")]),
        ("compute compose(and:1; x 500", ["compute", "compose(and:1;" * 500 + "maj:1" + ")" * 500,
                                          "--at", "1"]),
    ]


def lost_scheduler_seconds(folder: Path) -> dict:
    """Start `dask scheduler` + `dask worker` on 127.0.0.1, sweep all:4 through them, SIGKILL
    the scheduler once a part is stored; seconds from the kill to the sweep's exit."""
    dask = str(Path(sys.executable).with_name("dask"))
    info, store = folder / "scheduler.json", folder / "lost"
    scheduler = subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(info)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = None
    try:
        while not info.exists():
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        worker = subprocess.Popen([dask, "worker", address, "--nthreads", "1", "--no-dashboard"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        sweep = subprocess.Popen(FBS + ["sweep", "--family", "all:4", "-o", str(store),
                                        "--scheduler", address], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        while not list(store.glob("rows/*.parquet")):
            time.sleep(0.1)
        scheduler.send_signal(signal.SIGKILL)
        killed = time.perf_counter()
        _, err = sweep.communicate(timeout=300)
        return {"seconds_after_kill": round(time.perf_counter() - killed, 2),
                "returncode": sweep.returncode, "stderr_lines": err.count("\n"),
                "stderr": err.strip()}
    finally:
        for process in (worker, scheduler):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for label, argv in cases(folder):
            runs = [run_once(FBS + argv) for _ in range(args.repeats)]
            print(f"| {label} | {runs[0]['returncode']} | "
                  f"{min(r['wall'] for r in runs):.2f} s | {min(r['cpu'] for r in runs):.2f} s |")
        print(json.dumps(lost_scheduler_seconds(folder)))


if __name__ == "__main__":
    main()
