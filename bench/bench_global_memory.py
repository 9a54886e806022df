"""The address space of the global census of q = 5 (issue 32): what `ulimit -v` must allow.

Runs `fbs census --exhaustive 5 --uncertified --global --workers 2` for SECONDS (default
30), reads VmPeak (address space) and VmHWM (resident) of the command and of its workers
from /proc, then stops it with Ctrl-C. The table of class numbers is 2^32 bytes; the rest
per process is what `GLOBAL_OVERHEAD_BYTES` in verify/sweep/global_census.py must cover.

    python bench/bench_global_memory.py [SECONDS]
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE_KIB = 2 ** 32 // 1024


def _status(pid: str) -> dict[str, int]:
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {line.split(":")[0]: int(line.split()[1]) for line in lines
            if line.startswith(("VmPeak", "VmHWM"))}


def main(seconds: float) -> None:
    command = [sys.executable, "-m", "verify", "census", "--exhaustive", "5", "--uncertified",
               "--global", "--workers", "2", "--json"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    time.sleep(seconds)
    children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True,
                              text=True).stdout.split()
    for role, pid in [("command", str(process.pid))] + [("worker", c) for c in children]:
        figures = _status(pid)
        print(f"{role} {pid}: VmPeak {figures['VmPeak']} kB (table {TABLE_KIB} kB, rest "
              f"{figures['VmPeak'] - TABLE_KIB} kB), VmHWM {figures['VmHWM']} kB")
    os.killpg(process.pid, signal.SIGINT)
    process.wait(timeout=120)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 30.0)
