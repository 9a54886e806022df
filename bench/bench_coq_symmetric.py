"""Benchmark: certificates of kinds symmetric and measure checked by coqc (the Coq checkers
coq/checkers/SymmetricCheck.v and MeasureCheck.v) and by the Python checker, on the same files
(issue 27; growth with the arity).

Usage:  python bench/bench_coq_symmetric.py [--majorities 15 99 300 1000] [--measures 5 6 7 8]
                                           [--repeats N] [--out FILE.json]

Symmetric rows: maj:N at weight ceil(N/2) + 1 (`fbs certify maj:N --at Z --method symmetric
-o C.json --coq C.v`, untimed). Measure rows: s, bs and C of maj:q and parity:q at 0^q, the
witnesses found by brute force here (untimed), one certificate file per measure, exported with
`fbs coq C.json -o C.v` (untimed, q <= 7; q = 8 through coq_text with the bound lifted, for
the growth). Timed, each a fresh process (bench/measure.py, min of N runs): `coqc` on C.v
against the library compiled once (verify/formal/coq_run.py), and `fbs check C.json`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, repeat  # noqa: E402

sys.path.insert(0, str(ROOT))
from verify.formal import coq_export  # noqa: E402
from verify.formal.coq_run import compile_library  # noqa: E402
from verify.functions.spec import parse_spec  # noqa: E402


def timed(cert: Path, coq: Path, lib: Path, repeats: int, theorems: int) -> dict:
    shutil.copy(coq, lib / "Exported.v")
    coqc = repeat(["coqc", "-q", "-R", ".", "FbsCoq", "Exported.v"], repeats, cwd=lib)
    assert coqc.pop("stdout").count("Closed under the global context") == 1
    python = repeat(FBS + ["check", str(cert)], repeats)
    assert python.pop("stdout").startswith("valid")
    return {"theorems": theorems, "coq_file_bytes": coq.stat().st_size, "coqc": coqc,
            "python_check": python,
            "ratio_cpu_coqc_over_python": round(coqc["cpu_min"] / python["cpu_min"], 2)}


def majority(n: int, lib: Path, folder: Path, repeats: int) -> dict:
    z = "1" * (n // 2 + 2) + "0" * (n - n // 2 - 2)
    cert, coq = folder / f"maj{n}.json", folder / f"maj{n}.v"
    made = repeat(FBS + ["certify", f"maj:{n}", "--at", z, "-o", str(cert), "--method",
                         "symmetric", "--coq", str(coq), "--json"], 1)
    value = json.loads(made.pop("stdout"))["value"]
    return {"kind": "symmetric", "spec": f"maj:{n}", "weight": z.count("1"), "fbs": value,
            **timed(cert, coq, lib, repeats, 1)}


def brute_measures(spec: str, z: str) -> dict:
    """s, bs and C of f at z with witnesses, by enumeration (small q)."""
    f = parse_spec(spec)
    q, fz = f.arity, f(z)
    flipped = lambda block: "".join(str(int(z[i]) ^ (i in block)) for i in range(q))  # noqa: E731
    blocks = [b for r in range(1, q + 1) for b in itertools.combinations(range(q), r)
              if f(flipped(b)) != fz]
    hitting = next(h for r in range(q + 1) for h in itertools.combinations(range(q), r)
                   if all(set(h) & set(b) for b in blocks))
    best: list = []

    def pack(free: set, chosen: list) -> None:
        nonlocal best
        best = list(chosen) if len(chosen) > len(best) else best
        for b in blocks:
            if set(b) <= free and (not chosen or b > chosen[-1]):
                pack(free - set(b), chosen + [b])

    pack(set(range(q)), [])
    return {"s": [i for i in range(q) if (i,) in blocks], "bs": [list(b) for b in best],
            "C": list(hitting)}


def measures(spec: str, lib: Path, folder: Path, repeats: int) -> list[dict]:
    from verify.sensitivity.certificates import measure_certificate

    q = parse_spec(spec).arity
    rows = []
    for measure, witness in brute_measures(spec, "0" * q).items():
        certificate = measure_certificate(spec, [0] * q, measure, len(witness), witness)
        cert, coq = folder / f"{spec}-{measure}.json".replace(":", "_"), folder / "m.v"
        cert.write_text(json.dumps(certificate))
        coq.write_text(coq_export.coq_text([(str(cert), certificate)]))
        rows.append({"kind": "measure", "measure": measure, "spec": spec, "input": "0" * q,
                     "value": len(witness), **timed(cert, coq, lib, repeats, 1)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--majorities", type=int, nargs="+", default=[15, 99, 300, 1000])
    parser.add_argument("--measures", type=int, nargs="+", default=[5, 6, 7, 8])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    coq_export.MAX_COQ_MEASURE_ARITY = max(args.measures)  # the growth beyond the export bound
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        lib, folder = Path(tmp) / "lib", Path(tmp) / "files"
        lib.mkdir()
        folder.mkdir()
        compile_library(lib)
        for n in args.majorities:
            rows.append(majority(n, lib, folder, args.repeats))
            print(json.dumps(rows[-1]), flush=True)
        for q in args.measures:
            for spec in (f"maj:{q}", f"parity:{q}"):
                for row in measures(spec, lib, folder, args.repeats):
                    rows.append(row)
                    print(json.dumps(row), flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
