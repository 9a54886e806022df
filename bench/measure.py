"""Measuring one command in a fresh process: wall, CPU (user + system) and peak memory.

Each run is a child process waited for with os.wait4, so its CPU time and max RSS are that
process's own (not the sum or the maximum over earlier children). `repeat` gives min and
median over runs; the machine's load average is recorded beside every result, since other
work on the machine inflates wall times (CPU times much less).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FBS = [sys.executable, "-m", "verify"]


def run_once(argv: list[str], cwd: Path = ROOT, env: dict | None = None) -> dict:
    """Run argv once; wall, cpu (user + sys) seconds, peak MiB, exit code, stdout text."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=err,
                                   env={**os.environ, **(env or {})})
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
                "peak_mib": usage.ru_maxrss / 1024, "returncode": process.returncode,
                "stdout": out.read(), "stderr": err.read()[-2000:]}


def repeat(argv: list[str], times: int, cwd: Path = ROOT) -> dict:
    """min and median of wall, cpu and peak over `times` fresh runs (all must exit 0)."""
    runs = [run_once(argv, cwd) for _ in range(times)]
    failed = [r for r in runs if r["returncode"] != 0]
    if failed:
        raise RuntimeError(f"{' '.join(argv)[:200]} exited {failed[0]['returncode']}: "
                           f"{failed[0]['stderr']}")
    summary = {"runs": times, "load_average": round(os.getloadavg()[0], 2),
               "stdout": runs[-1]["stdout"]}
    for key in ("wall", "cpu", "peak_mib"):
        values = [r[key] for r in runs]
        summary[f"{key}_min"] = round(min(values), 3)
        summary[f"{key}_median"] = round(statistics.median(values), 3)
    return summary


def python_child(code: str) -> list[str]:
    """argv of a fresh Python running `code` in the repository root."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{code}"]


def best_of(commands: dict, rounds: int) -> dict:
    """name -> the run (run_once) of the least CPU of that command over `rounds` rounds, the
    commands alternating; every run must exit 0."""
    best: dict = {}
    for _ in range(rounds):
        for name, argv in commands.items():
            run = run_once(argv)
            assert run["returncode"] == 0, (name, run["stderr"], run["stdout"])
            if name not in best or run["cpu"] < best[name]["cpu"]:
                best[name] = run
    return best


def proved_vs_stdlib(best: dict) -> dict:
    """The fields of a proved-program benchmark row: CPU, ratio proved / stdlib, peaks, load."""
    import os

    return {"proved_cpu": round(best["proved"]["cpu"], 2), "stdlib_cpu": round(best["stdlib"]["cpu"], 2),
            "ratio": round(best["proved"]["cpu"] / best["stdlib"]["cpu"], 2),
            "proved_mib": round(best["proved"]["peak_mib"]), "stdlib_mib": round(best["stdlib"]["peak_mib"]),
            "load": os.getloadavg()[0]}
