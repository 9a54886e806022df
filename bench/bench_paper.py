"""Benchmark for issue 6: `fbs paper` (bar: 5 minutes) and `fbs paper --check-stored` (bar: 30 s).

Usage:  python bench/bench_paper.py
Each command runs in a fresh process (interpreter start included); the report goes to a
temporary folder.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(*args: str) -> tuple[float, int]:
    start = time.perf_counter()
    process = subprocess.run([sys.executable, "-m", "verify", *args], cwd=ROOT,
                             capture_output=True, text=True)
    return time.perf_counter() - start, process.returncode


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        seconds, code = timed("paper", "--report-dir", folder)
        print(f"fbs paper: {seconds:.1f} s, exit {code}")
    seconds, code = timed("paper", "--check-stored")
    print(f"fbs paper --check-stored: {seconds:.1f} s, exit {code}")


if __name__ == "__main__":
    main()
