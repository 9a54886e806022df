"""Benchmark: kind global-measure at q = 14 (issue 37), the proved checker (fbs-proved, the Coq
checker checkGlobalMeasure / checkGlobalTT of coq/checkers/GlobalMeasureCheck.v extracted to
OCaml) side by side with the stdlib checker on the same certificate files, CPU seconds.

Usage:  python bench/bench_proved_global.py [--repeats N] [--quick] [--out FILE.json]

Untimed: the program is built (or found) in the per-user cache; the certificates are written
by `fbs measures SPEC --certificates PREFIX` (one per measure s, bs, fbs, C). Timed, each a
fresh process (bench/measure.py: CPU = user + system, min over N runs):

  stdlib   `python -m verify.checker C.json`   (the stdlib checker)
  native   `fbs-proved C.json`                  (the extracted checker and its reader)
  proved   `fbs check --proved C.json`          (launcher + fbs-proved), beside `fbs check`

Specs: parity:14, thr:14:5, tribes:2:7, a random truth table of 2^14 bits (seed 14), and the
6-input function with C = 5 > fbs = 9/2 padded to 14 inputs (its certificates carry upper
bounds: duals at every input with C_y = 5); --quick: q = 10 instead.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, repeat  # noqa: E402

sys.path.insert(0, str(ROOT))
from verify.formal.proved_build import program  # noqa: E402

SEPARATED = 0x0350b3fc548f74ae  # 6 inputs: s = 4, bs = 4, fbs = 9/2, C = 5 (tests/checker)


def padded(q: int) -> str:
    """The separated function of the first 6 coordinates, as a truth table of q inputs."""
    bits = format(SEPARATED, "064b")
    return "tt:" + "".join(bit * (1 << (q - 6)) for bit in bits)


def specs(q: int) -> list[tuple[str, str]]:
    rng = random.Random(14)
    table = "".join(rng.choice("01") for _ in range(1 << q))
    return [(f"parity:{q}", f"parity:{q}"), (f"thr:{q}:5", f"thr:{q}:5"),
            (f"tribes:2:{q // 2}", f"tribes:2:{q // 2}"), (f"random tt q = {q}", f"tt:{table}"),
            (f"separated, padded to q = {q}", padded(q))]


def write(spec: str, prefix: Path) -> dict[str, Path]:
    spec_file = prefix.with_suffix(".spec")
    spec_file.write_text(spec)
    subprocess.run([*FBS, "measures", f"@{spec_file}", "--certificates", str(prefix)],
                   cwd=ROOT, check=True, capture_output=True)
    return {m: Path(f"{prefix}-{m}.json") for m in ("s", "bs", "fbs", "C")}


def bench(name: str, path: Path, binary: Path, repeats: int) -> dict:
    certificate = json.loads(path.read_text())
    rows = {"stdlib": repeat([sys.executable, "-m", "verify.checker", str(path)], repeats),
            "native": repeat([str(binary), str(path)], repeats),
            "fbs_check": repeat([*FBS, "check", str(path)], repeats),
            "proved": repeat([*FBS, "check", "--proved", str(path)], repeats)}
    row = {"case": name, "measure": certificate["measure"], "value": certificate["value"],
           "upper": len(certificate.get("upper", [])), "bytes": path.stat().st_size,
           **{f"{k}_cpu": v["cpu_min"] for k, v in rows.items()},
           "native_peak_mib": rows["native"]["peak_mib_min"],
           "load_average": rows["native"]["load_average"],
           "statement": rows["native"]["stdout"].strip().split(": ", 2)[-1][:120]}
    row["ratio_native_stdlib"] = round(row["native_cpu"] / row["stdlib_cpu"], 2)
    row["ratio_proved_fbs_check"] = round(row["proved_cpu"] / row["fbs_check_cpu"], 2)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="q = 10 instead of 14")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    binary = program()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, (name, spec) in enumerate(specs(10 if args.quick else 14)):
            for measure, path in write(spec, Path(tmp) / f"f{k}").items():
                rows.append(bench(name, path, binary, args.repeats))
                print(json.dumps(rows[-1]), flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    os.nice(5)
    main()
