"""Benchmark: certificates of kinds exhaustive and tree checked by coqc (the Coq checkers) and
by the Python checker, on the same files (issue 27: q = 10 under 10 s in coqc, maj:9 depth 3
tree under 60 s; growth with q and with tree size).

Usage:  python bench/bench_coq_checker.py [--arities 8 10 12] [--repeats N] [--out FILE.json]
        python bench/bench_coq_checker.py --trees maj:9@3 maj:3@6 [--repeats N] [--out F]

For each q, two functions: a random truth table (seed q; spec `tt:BITS`, named in Coq by its
table, `TT "..."`) and maj:q (named `MAJ q`), at a random input (seed q). Untimed:
`fbs certify SPEC --at Z -o C.json --method table --coq C.v`, and the Coq library compiled
once (verify/formal/coq_run.py). Timed, each a fresh process (bench/measure.py: wall, CPU =
user + system, peak RSS; min and median over N runs), with the load average:

  coqc      `coqc -q -R . FbsCoq Exported.v` on C.v: loads the library, runs the checker by
            vm_compute, re-checks the proof in the kernel, prints the closed assumptions
  python    `fbs check C.json`, the stdlib-only Python checker on the same certificate
  load      coqc on a file that only loads the library (what every coqc row pays first)

With --trees AGG@D (instead of the exhaustive rows): the uniform tree of AGG and depth D at the
random oracle of seed 0, untimed `fbs tree build --layout uniform`, `fbs tree fbs
--certificate` (kind tree, version 3, which has no Coq checker: its tree and alpha are then
certified again as version 2, shared records, compact uniform form, by
`uniform_tree_fbs(..., version=2)`, same value) and `fbs coq C.json -o C.v`;
timed as above, coqc on C.v (`checkTree` by vm_compute) and `fbs check C.json`.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, repeat  # noqa: E402

sys.path.insert(0, str(ROOT))
from verify.formal.coq_run import compile_library  # noqa: E402

LOAD_ONLY = "From FbsCoq Require Import FbsModel Families ExhaustiveCheck TreeCheck.\n"


def instance(q: int, family: bool) -> tuple[str, str]:
    rng = random.Random(q)
    table = "".join(rng.choice("01") for _ in range(2 ** q))
    z = "".join(rng.choice("01") for _ in range(q))
    return (f"maj:{q}" if family else f"tt:{table}"), z


def bench(q: int, family: bool, repeats: int, lib: Path, folder: Path) -> dict:
    spec, z = instance(q, family)
    cert, coq = folder / f"c{q}{family}.json", folder / f"c{q}{family}.v"
    made = repeat(FBS + ["certify", spec, "--at", z, "-o", str(cert), "--method", "table",
                         "--coq", str(coq), "--json"], 1)
    value = json.loads(made.pop("stdout"))["value"]
    shutil.copy(coq, lib / "Exported.v")
    coqc = repeat(["coqc", "-q", "-R", ".", "FbsCoq", "Exported.v"], repeats, cwd=lib)
    assert coqc.pop("stdout").count("Closed under the global context") == 1
    python = repeat(FBS + ["check", str(cert)], repeats)
    assert python.pop("stdout").startswith("valid")
    return {"q": q, "function": "maj (MAJ q)" if family else "random table (TT)",
            "input": z, "fbs": value, "coq_file_bytes": coq.stat().st_size,
            "coqc": coqc, "python_check": python,
            "ratio_cpu_coqc_over_python": round(coqc["cpu_min"] / python["cpu_min"], 2)}


def version_2_certificate(shape: Path, version_3: Path, cert: Path) -> None:
    """The version-2 certificate (shared records, FORMAT.md section 6) of the tree and alpha of
    a version-3 one (what `fbs tree fbs` writes, which has no Coq checker), written to CERT and
    checked by the stdlib checker; its value must be the version-3 one."""
    from fractions import Fraction

    from verify.checker.tree_kind import unpack_alpha
    from verify.lower_bound.tree_fbs import uniform_tree_fbs
    from verify.trees.tree_file import load_tree_description

    side = json.loads(version_3.read_text())
    tree = load_tree_description(shape)
    result = uniform_tree_fbs(tree, unpack_alpha(side["alpha_base64"], tree.n_leaves),
                              version=2)
    assert result.certificate["version"] == 2
    assert Fraction(result.certificate["value"]) == Fraction(side["value"])
    cert.write_text(json.dumps(result.certificate))


def bench_tree(tree: str, repeats: int, lib: Path, folder: Path) -> dict:
    """One uniform tree AGG@D: its certificate checked by coqc and by the Python checker."""
    from verify.formal.coq_export_tree import read_tree

    aggregator, depth = tree.rsplit("@", 1)
    shape, oracle = folder / f"{tree}.tree.json", folder / f"{tree}.oracle.json"
    side, cert, coq = (folder / f"{tree}.v3.json", folder / f"{tree}.cert.json",
                       folder / f"{tree}.v")
    repeat(FBS + ["tree", "build", "--aggregator", aggregator, "--depth", depth, "--layout",
                  "uniform", "-o", str(shape), "--oracle-out", str(oracle)], 1)
    made = repeat(FBS + ["tree", "fbs", str(shape), "--oracle", str(oracle), "--certificate",
                         str(side), "--json"], 1)
    value = json.loads(made.pop("stdout"))["rho_T"]
    version_2_certificate(shape, side, cert)  # tree fbs writes version 3: no Coq checker yet
    repeat(FBS + ["coq", str(cert), "-o", str(coq)], 1)
    data = read_tree(json.loads(cert.read_text()))
    shutil.copy(coq, lib / "Exported.v")
    coqc = repeat(["coqc", "-q", "-R", ".", "FbsCoq", "Exported.v"], repeats, cwd=lib)
    assert coqc.pop("stdout").count("Closed under the global context") == 1
    python = repeat(FBS + ["check", str(cert)], repeats)
    assert python.pop("stdout").startswith("valid")
    return {"tree": f"uniform {aggregator} depth {depth}", "leaves": len(data.alpha),
            "records": len(data.records), "coq_checker_steps": data.work, "rho_T": value,
            "coq_file_bytes": coq.stat().st_size, "coqc": coqc, "python_check": python,
            "ratio_cpu_coqc_over_python": round(coqc["cpu_min"] / python["cpu_min"], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arities", type=int, nargs="+", default=[8, 10, 12])
    parser.add_argument("--trees", nargs="+", default=[], metavar="AGG@D",
                        help="uniform tree certificates instead of the exhaustive rows")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        lib, folder = Path(tmp) / "lib", Path(tmp) / "files"
        lib.mkdir()
        folder.mkdir()
        compile_library(lib)
        (lib / "LoadOnly.v").write_text(LOAD_ONLY)
        load = repeat(["coqc", "-q", "-R", ".", "FbsCoq", "LoadOnly.v"], args.repeats, cwd=lib)
        load.pop("stdout")
        rows.append({"row": "coqc load only", **load})
        print(json.dumps(rows[-1]), flush=True)
        for tree in args.trees:
            rows.append(bench_tree(tree, args.repeats, lib, folder))
            print(json.dumps(rows[-1]), flush=True)
        for q in [] if args.trees else args.arities:
            for family in (False, True):
                rows.append(bench(q, family, args.repeats, lib, folder))
                print(json.dumps(rows[-1]), flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
