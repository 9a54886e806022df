"""Benchmark for issue 12: structure-aware methods, compact trees, start-up.

Usage:  python bench/bench_structure.py [--repeats N] [--only NAME ...] [--out FILE.json]

Every row is a fresh process run N times (min and median of wall seconds, CPU seconds =
user + system, and peak RSS; bench/measure.py), with the machine's 1-minute load average.
Inputs are seeded (random.Random(12)). Rows and their bars:

  wide        verify.fbs end to end, certified by the stdlib checker, method "auto":
              tribes:8:128 (q = 1024) at 3 random inputs, maj:9 composed three times
              (q = 729) and compose(maj:5; ...) nested 4 levels (q = 625) at random inputs,
              wthr with 200 random weights 1..100 (T = half) at a random input: < 10 s each;
              index:10 (q = 1034) at a random input: < 60 s.
  trees       `fbs tree fbs T --oracle O --certificate C` on files written by `fbs tree
              build` (untimed): maj:9 depth 7 (4,782,969 leaves): < 60 s and 4 GiB; maj:3
              depth 13: < 20 s.
  worst-case  `fbs debate worst-case T --oracle O --rho 12 --rule R` on maj:15 and thr:21:11
              trees of depth 3 (flat files): < 60 s; plus the literature example with 99
              papers (66 supporting) at rho 4.
  startup     `fbs compute maj:3 --at 110`: < 0.15 s CPU per process.
  symmetric   `fbs compute and:100000000 --at 0^100000000 --json` (certify and check): < 5 s.
  build       `fbs tree build --aggregator maj:2 --depth 21` with an oracle: < 10 s, 2 GiB.
  backends    index:9 (q = 521) and index:10 (q = 1034) by method sat and by method z3
              (auto's default for index).
  peers       the wide cases (not index) by method sat and z3, once, 120 s timeout (only
              with --only peers: about ten minutes).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, python_child, repeat  # noqa: E402


def nested(spec: str, width: int, levels: int) -> str:
    """spec composed with itself `levels` levels deep (width^levels inputs)."""
    current = spec
    for _ in range(levels - 1):
        current = "compose(" + ";".join([spec] + [current] * width) + ")"
    return current


def wide_cases() -> list[tuple[str, str, str]]:
    """(name, spec, input) of the wide rows, seeded."""
    rng = random.Random(12)

    def bits(n):
        return "".join(rng.choice("01") for _ in range(n))

    weights = [rng.randint(1, 100) for _ in range(200)]
    cases = [(f"tribes:8:128 random #{k}", "tribes:8:128", bits(1024)) for k in range(3)]
    cases += [("maj:9 composed 3 times (q=729)", nested("maj:9", 9, 3), bits(729)),
              ("compose(maj:5) nested 4 levels (q=625)", nested("maj:5", 5, 4), bits(625)),
              ("wthr 200 weights 1..100, random input",
               f"wthr:{','.join(map(str, weights))}:{sum(weights) // 2}", bits(200)),
              ("index:10 (q=1034)", "index:10", bits(1034))]
    return cases


WIDE_CHILD = """
import json, sys, time
from verify import fbs
spec, z, method = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
start = time.perf_counter()
result = fbs(spec, z, method=method)
print(json.dumps({"value": str(result.value), "certified": result.certified,
                  "method": result.method, "kind": result.certificate["kind"],
                  "inner_seconds": round(time.perf_counter() - start, 3)}))
"""


def bench_wide(repeats: int, folder: Path) -> list[dict]:
    rows = []
    for name, spec, z in wide_cases():
        spec_file = folder / "spec.txt"
        spec_file.write_text(spec)
        measured = repeat(python_child(WIDE_CHILD) + [str(spec_file), z, "auto"], repeats)
        rows.append(_row("wide", name, measured, json.loads(measured.pop("stdout"))))
    return rows


def bench_peers(repeats: int, folder: Path) -> list[dict]:
    """The wide cases by the generic solver methods (sat, z3), once each, 120 s timeout:
    the peer of the structure-aware methods (what `auto` ran before issue 12)."""
    rows = []
    for name, spec, z in wide_cases():
        if name.startswith("index") or name.endswith("#1") or name.endswith("#2"):
            continue  # index stays on z3 (measured above); one tribes input suffices
        spec_file = folder / "spec.txt"
        spec_file.write_text(spec)
        for method in ("sat", "z3"):
            argv = ["timeout", "120"] + python_child(WIDE_CHILD) + [str(spec_file), z, method]
            try:
                measured = repeat(argv, 1)
                extra = json.loads(measured.pop("stdout"))
            except RuntimeError:
                measured, extra = {"runs": 1}, {"result": "no answer within 120 s (timeout)"}
            rows.append(_row("peers", f"{name}, method {method}", measured, extra))
    return rows


def bench_backends(repeats: int, folder: Path) -> list[dict]:
    """index:9 (q = 521) and index:10 (q = 1034) at random inputs by method sat and by
    method z3: why `auto` takes z3 for index (and for compositions the tree method cannot
    take)."""
    rng = random.Random(9)
    cases = [("index:9", "".join(rng.choice("01") for _ in range(521)))]
    cases += [(spec, z) for name, spec, z in wide_cases() if spec == "index:10"]
    spec_file = folder / "spec.txt"
    rows = []
    for spec, z in cases:
        spec_file.write_text(spec)
        for method in ("sat", "z3"):
            measured = repeat(python_child(WIDE_CHILD) + [str(spec_file), z, method], repeats)
            rows.append(_row("backends", f"{spec} random input, method {method}", measured,
                             json.loads(measured.pop("stdout"))))
    return rows


def bench_trees(repeats: int, folder: Path) -> list[dict]:
    rows = []
    for spec, depth in (("maj:9", 7), ("maj:3", 13)):
        tree, oracle = folder / f"t-{depth}.json", folder / f"o-{depth}.json"
        repeat(FBS + ["tree", "build", "--aggregator", spec, "--depth", str(depth), "-o",
                      str(tree), "--oracle-out", str(oracle), "--oracle-seed", "1"], 1)
        certificate = folder / f"c-{depth}.json"
        measured = repeat(FBS + ["tree", "fbs", str(tree), "--oracle", str(oracle), "--json",
                                 "--certificate", str(certificate)], repeats)
        document = json.loads(measured.pop("stdout"))
        check = repeat(FBS + ["check", str(certificate)], 1)
        check.pop("stdout")
        rows.append(_row("trees", f"fbs tree fbs {spec} depth {depth}", measured, {
            "rho_T": document["rho_T"], "certified": document["certified"],
            "leaves": document["leaves"], "distinct_local_lps": document["distinct_local_lps"],
            "certificate_bytes": certificate.stat().st_size,
            "fbs_check_wall": check["wall_min"], "fbs_check_peak_mib": check["peak_mib_min"]}))
    return rows


def bench_worst_case(repeats: int, folder: Path) -> list[dict]:
    rows = []
    for spec in ("maj:15", "thr:21:11"):
        tree, oracle = folder / "w.json", folder / "wo.json"
        repeat(FBS + ["tree", "build", "--aggregator", spec, "--depth", "3", "--layout", "flat",
                      "-o", str(tree), "--oracle-out", str(oracle), "--oracle-seed", "1"], 1)
        for rule in ("vertex", "symmetric", "uniform"):
            measured = repeat(FBS + ["debate", "worst-case", str(tree), "--oracle", str(oracle),
                                     "--rho", "12", "--rule", rule, "--json"], repeats)
            document = json.loads(measured.pop("stdout"))
            rows.append(_row("worst-case", f"{spec} depth 3, rho 12, {rule}", measured,
                             _catch(document)))
    tree, oracle = folder / "lit.json", folder / "lito.json"
    repeat(FBS + ["tree", "build", "--literature", "--papers", "99", "--supporting", "66", "-o",
                  str(tree), "--oracle-out", str(oracle)], 1)
    measured = repeat(FBS + ["debate", "worst-case", str(tree), "--oracle", str(oracle),
                             "--rho", "4", "--json"], repeats)
    rows.append(_row("worst-case", "literature example, 99 papers (66 supporting), rho 4, "
                     "vertex", measured, _catch(json.loads(measured.pop("stdout")))))
    return rows


def _catch(document: dict) -> dict:
    keys = ("catch_probability_exact", "theorem_4_2_bound", "instance_bound", "memo_entries")
    return {key: document.get(key) for key in keys}


def bench_startup(repeats: int, folder: Path) -> list[dict]:
    measured = repeat(FBS + ["compute", "maj:3", "--at", "110"], max(repeats, 5))
    measured.pop("stdout")
    python = repeat([sys.executable, "-c", "pass"], max(repeats, 5))
    python.pop("stdout")
    return [_row("startup", "fbs compute maj:3 --at 110", measured, {}),
            _row("startup", "python -c pass (the interpreter alone)", python, {})]


def bench_symmetric(repeats: int, folder: Path) -> list[dict]:
    measured = repeat(FBS + ["compute", "and:100000000", "--at", "0^100000000", "--json"],
                      repeats)
    document = json.loads(measured.pop("stdout"))
    return [_row("symmetric", "fbs compute and:100000000 --at 0^100000000 --json", measured,
                 {"value": document["value"], "certified": document["certified"],
                  "json_bytes": len(json.dumps(document))})]


def bench_build(repeats: int, folder: Path) -> list[dict]:
    measured = repeat(FBS + ["tree", "build", "--aggregator", "maj:2", "--depth", "21", "-o",
                             str(folder / "b.json"), "--oracle-out", str(folder / "bo.json")],
                      repeats)
    measured.pop("stdout")
    return [_row("build", "fbs tree build --aggregator maj:2 --depth 21 (+ oracle)", measured,
                 {"tree_bytes": (folder / "b.json").stat().st_size,
                  "oracle_bytes": (folder / "bo.json").stat().st_size})]


def _row(group: str, name: str, measured: dict, extra: dict) -> dict:
    row = {"group": group, "name": name, **measured, **extra}
    print(json.dumps(row), flush=True)
    return row


BENCHES = {"wide": bench_wide, "trees": bench_trees, "worst-case": bench_worst_case,
           "startup": bench_startup, "symmetric": bench_symmetric, "build": bench_build,
           "backends": bench_backends, "peers": bench_peers}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", action="append", choices=sorted(BENCHES))
    parser.add_argument("--out", default=str(ROOT / "bench" / "results_structure.json"))
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only or [name for name in BENCHES if name != "peers"]:
            rows += BENCHES[name](args.repeats, Path(folder))
    Path(args.out).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
