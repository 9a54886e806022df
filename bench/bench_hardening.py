"""Benchmark for issue 11: every input the issue reproduced, as a user runs it.

Each command runs in a fresh process (`python -m verify ...`); the script records its exit
code, wall time and peak resident memory (os.wait4's ru_maxrss), min and median over repeats.
The bar: every command answers or refuses within 10 s and 2 GiB.

    python bench/bench_hardening.py [--repeats 3] [--quick]
    python bench/bench_hardening.py --hostile-files [--repeats 3]   # FORMAT.md's hostile files

Inputs owned by issue 12 (maj:10^7 --json, tree build of 4.2M nodes, the tree and symmetric
checker kinds) are not run here.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HUNG_COMPOSITION = ("compose(thr:4:2;sym:000111111111110000;or:19;sym:11100011011100;"
                    "sym:01000101111110111001)")
HUNG_INPUT = "10110011010101011010101100111101101001000001000010101010110101000001"


def run(argv: list[str], folder: Path) -> tuple[int, float, float]:
    """(exit code, seconds, peak MiB) of one fresh process."""
    code, seconds, _, peak = run_measured(argv, folder)
    return code, seconds, peak


def run_measured(argv: list[str], folder: Path) -> tuple[int, float, float, float]:
    """(exit code, wall seconds, CPU seconds, peak MiB) of one fresh `python -m verify`
    process; os.wait4 counts the process and the children it waited for (`fbs check` runs
    the checker in a child)."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "verify", *argv], cwd=folder,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    return (os.waitstatus_to_exitcode(status), seconds, usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024)


def hostile_rows(folder: Path, repeats: int) -> None:
    """The hostile certificate files of certificates/FORMAT.md (tests/checker/hostile_files.py):
    `fbs check FILE` as a user runs it, with CPU time; the bar is 10 s and 2 GiB."""
    sys.path.insert(0, str(ROOT / "tests" / "checker"))
    from hostile_files import ROWS

    print("| hostile file | size | exit | min wall s | min CPU s | peak MiB |")
    print("|---|---|---|---|---|---|")
    for name, build in ROWS.items():
        path = folder / f"{name}.json"
        path.write_bytes(build())
        runs = [run_measured(["check", str(path)], folder) for _ in range(repeats)]
        codes = "/".join(map(str, sorted({r[0] for r in runs})))
        print(f"| {name} | {path.stat().st_size:,} B | {codes} | {min(r[1] for r in runs):.2f} | "
              f"{min(r[2] for r in runs):.2f} | {max(r[3] for r in runs):.0f} |", flush=True)
        path.unlink()


def hostile_certificates(folder: Path) -> dict[str, Path]:
    """The section-5 files: sat-lrat certificates with hostile specs, numbers and proofs."""
    from verify.sensitivity.sat.solve import solve_by_sat

    good = solve_by_sat("maj:3", "110").certificate
    files = {}

    def save(name, certificate):
        files[name] = folder / f"{name}.json"
        files[name].write_text(json.dumps(certificate))

    save("sat-tt-100000", dict(good, spec="tt:0x1:100000", arity=100000, input="0" * 100000))
    save("sat-tt-28", dict(good, spec="tt:0x1:28", arity=28, input="0" * 28))
    save("sat-5-big-denominators", dict(good, dual=[f"1/{10**996 + k}" for k in range(3)]))
    n = 1000
    save("sat-1000-big-denominators", dict(good, spec=f"maj:{n}", arity=n, input="1" * n,
                                           dual=[f"1/{10**996 + k}" for k in range(n)]))
    for name, pattern, size in (("lrat-1GiB-newlines", b"\n", 1 << 30),
                                ("lrat-one-1GiB-line", b"1 ", 1 << 30)):
        buffer = io.BytesIO()
        with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as stream:
            chunk = pattern * ((1 << 20) // len(pattern))
            for _ in range(size >> 20):
                stream.write(chunk)
        save(name, dict(good, lrat=base64.b64encode(buffer.getvalue()).decode()))
    return files


def cases(folder: Path, quick: bool) -> list[tuple[str, list[str], int]]:
    """(issue item, argv, expected exit code)."""
    subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator", "maj:3",
                    "--depth", "2", "-o", "T.json", "--oracle-out", "O.json"], cwd=folder,
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--literature",
                    "--papers", "99", "--supporting", "66", "-o", "L.json", "--oracle-out",
                    "LO.json"], cwd=folder, check=True, stdout=subprocess.DEVNULL)
    (folder / "AT.json").write_text(json.dumps({"format": "fbs-tree/1", "root": "r", "nodes": [
        {"id": "r", "aggregator": "and:2", "children": ["x", "u"]}, {"id": "x", "query": "x"},
        {"id": "u", "aggregator": "and:2", "children": ["y", "w"]}, {"id": "y", "query": "y"},
        {"id": "w", "query": "w"}]}))
    (folder / "AO.json").write_text(json.dumps({"format": "fbs-oracle/1",
                                                "answers": {"x": 1, "y": 1, "w": 1}}))
    maj6 = [str(ROOT / "examples" / "maj6-tree.json"), "--oracle",
            str(ROOT / "examples" / "maj6-oracle.json")]
    rows = [
        ("2 plan rho 10 d 50", ["debate", "plan", "--rho", "10", "--depth", "50", "--delta",
                                "0.01"], 0),
        ("2 plan rho 1000 d 12", ["debate", "plan", "--rho", "1000", "--depth", "12",
                                  "--delta", "1/2"], 0),
        ("2 plan rho 2 d 300", ["debate", "plan", "--rho", "2", "--depth", "300", "--delta",
                                "0.01"], 0),
        ("2 plan rho 1e6 d 1000 1e-300", ["debate", "plan", "--rho", "1000000", "--depth",
                                          "1000", "--delta", "1e-300"], 0),
        ("2 plan delta 1e-100000", ["debate", "plan", "--rho", "4", "--depth", "3", "--delta",
                                    "1e-100000"], 0),
        ("2 adversary uniform:10^12", ["adversary", "T.json", "--oracle", "O.json", "--checker",
                                       "uniform:1000000000000", "-o", "N.json"], 2),
        ("2 adversary debate:10^12", ["adversary", "T.json", "--oracle", "O.json", "--checker",
                                      "debate:1000000000000", "-o", "N.json"], 2),
        ("2 compute tt:0x1:25", ["compute", "tt:0x1:25", "--at", "1^25"], 2),
        ("2 compute tt:0xF:26", ["compute", "tt:0xF:26", "--at", "1^26"], 2),
        ("2 blocks thr:24:12 at 1^24", ["blocks", "thr:24:12", "--at", "1^24"], 0),
        ("3 adversary, leaves at 2 depths", ["adversary", "AT.json", "--oracle", "AO.json",
                                             "--checker", "uniform:2", "-o", "AN.json"], 0),
        ("3 compute maj:６", ["compute", "maj:６", "--at", "111111"], 2),
        ("3 the composition that hung, method sat", ["compute", HUNG_COMPOSITION, "--at",
                                                     HUNG_INPUT, "--method", "sat"], 0),
        ("3 the composition that hung, method auto", ["compute", HUNG_COMPOSITION, "--at",
                                                      HUNG_INPUT], 0),
        ("4 compute expr:(x5^(x5^x4))", ["compute", "expr:(x5 ^ (x5 ^ x4))", "--at", "00010"],
         0),
        ("6 debate run honest below the FBS condition", ["debate", "run", *maj6, "--rho", "2",
                                                         "--alice", "honest"], 1),
        ("7 tree build --literature --papers 99", ["tree", "build", "--literature", "--papers",
                                                   "99", "--supporting", "66", "-o", "L2.json"],
         0),
        ("7 tree info (99 papers)", ["tree", "info", "L.json", "--oracle", "LO.json"], 0),
        ("7 debate run (99 papers)", ["debate", "run", "L.json", "--oracle", "LO.json",
                                      "--rho", "66/17", "--alice", "honest"], 0),
        ("7 debate completeness (99 papers)", ["debate", "completeness", "L.json", "--oracle",
                                               "LO.json", "--rho", "4"], 0),
        ("7 tree fbs (99 papers)", ["tree", "fbs", "L.json", "--oracle", "LO.json"], 0),
        ("7 adversary debate:5 (99 papers)", ["adversary", "L.json", "--oracle", "LO.json",
                                              "--checker", "debate:5", "-o", "LN.json"], 0),
        ("7 debate worst-case (99 papers): Hamming-weight DP (issue 12)",
         ["debate", "worst-case", "L.json", "--oracle", "LO.json", "--rho", "4"], 0),
    ]
    if not quick:
        for name, path in hostile_certificates(folder).items():
            rows.append((f"5 check {name}", ["check", str(path)], 2))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="skip the 1 GiB hostile files")
    parser.add_argument("--hostile-files", action="store_true",
                        help="only the hostile certificate files of certificates/FORMAT.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if args.hostile_files:
            hostile_rows(folder, args.repeats)
            return 0
        print("| issue item | exit (expected) | min s | median s | peak MiB |")
        print("|---|---|---|---|---|")
        worst_seconds = worst_memory = 0.0
        for label, argv, expected in cases(folder, args.quick):
            runs = [run(argv, folder) for _ in range(args.repeats)]
            codes = {code for code, _, _ in runs}
            seconds = [s for _, s, _ in runs]
            memory = max(m for _, _, m in runs)
            worst_seconds, worst_memory = max(worst_seconds, min(seconds)), max(worst_memory, memory)
            shown = "/".join(map(str, sorted(codes)))
            print(f"| {label} | {shown} ({expected}) | {min(seconds):.2f} | "
                  f"{statistics.median(seconds):.2f} | {memory:.0f} |", flush=True)
        print(f"\nworst: {worst_seconds:.2f} s (min over repeats), {worst_memory:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
