"""Benchmark: the proved checker (`fbs check --proved`, the Coq checkers extracted to the native
program fbs-proved, coq/native/) side by side with the stdlib checker (`fbs check`) on the same
certificate files (issue 37), CPU seconds and ratios.

Usage:  python bench/bench_proved.py [--repeats N] [--quick] [--caps] [--threshold-weighted] [--out FILE.json]

--caps: the sizes where the program had a bound of its own below FORMAT.md's (issue 37):
symmetric up to n = 10^8 (the three large paper files among them), bs at q = 9 and 10, and
exhaustive at q = 16 .. 20 (its bound q <= 20 stays: the ratio there says why).

Untimed: the program is built (or found) in the per-user cache; the certificates are written
by fbs itself (`fbs certify --method table|symmetric`, `uniform_tree_fbs(..., version=2)`) or
by hand (kind measure, which no command writes). Timed, each a fresh process (bench/measure.py:
CPU = user + system of the process and the children it waited for; min over N runs):

  stdlib   `fbs check C.json`             (the stdlib checker in its own process)
  proved   `fbs check --proved C.json`     (launcher + fbs-proved)
  native   `fbs-proved C.json`             (the extracted checker and its reader alone)

and on the 310 certificates of certificates/paper/: one `python -m verify.checker` process for
all of them against the launcher running fbs-proved on each, with the number of files proved,
refused for a kind without a proved checker or beyond a bound, and disagreements.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, repeat  # noqa: E402

sys.path.insert(0, str(ROOT))
from verify.formal.proved_build import program  # noqa: E402


def certify(spec: str, z: str, method: str, path: Path) -> Path:
    subprocess.run([*FBS, "certify", spec, "--at", z, "--method", method, "-o", str(path)],
                   cwd=ROOT, check=True, capture_output=True)
    return path


def uniform_tree(spec: str, depth: int, path: Path) -> Path:
    from verify.lower_bound.tree_fbs import uniform_tree_fbs
    from verify.trees.model import UniformTree

    tree = UniformTree(spec, depth)
    rng = random.Random(0)
    alpha = "".join(rng.choice("01") for _ in range(tree.n_leaves))
    path.write_text(json.dumps(uniform_tree_fbs(tree, alpha, version=2).certificate))
    return path


def measure(spec: str, z: str, which: str, value: int, witness: list, path: Path) -> Path:
    path.write_text(json.dumps({"format": "fbs-certificate/1", "kind": "measure",
                                "measure": which, "spec": spec, "arity": len(z), "input": z,
                                "value": str(value), "witness": witness}))
    return path


def cases(folder: Path, quick: bool) -> list[tuple[str, Path]]:
    rng = random.Random(12)
    found = []
    for q in ((10, 12) if quick else (12, 14)):
        z = "".join(rng.choice("01") for _ in range(q))
        table = "".join(rng.choice("01") for _ in range(2 ** q))
        found.append((f"exhaustive maj:{q}", certify(f"maj:{q}", z, "table", folder / f"m{q}.json")))
        found.append((f"exhaustive random table q = {q}",
                      certify(f"tt:{table}", z, "table", folder / f"t{q}.json")))
    for n in ((99, 999) if quick else (999, 4095)):
        z = "1" * (n // 2 + 1) + "0" * (n - n // 2 - 1)
        found.append((f"symmetric maj:{n}", certify(f"maj:{n}", z, "symmetric", folder / f"s{n}.json")))
    for spec, depth in ((("maj:3", 4),) if quick else (("maj:3", 6), ("maj:9", 3))):
        found.append((f"tree v2 uniform {spec} depth {depth}",
                      uniform_tree(spec, depth, folder / f"u{depth}.json")))
    found.append(("measure bs parity:8 at 0^8",
                  measure("parity:8", "0" * 8, "bs", 8, [[i] for i in range(8)], folder / "bs.json")))
    found.append(("measure C maj:10 at 0^10",
                  measure("maj:10", "0" * 10, "C", 5, [0, 1, 2, 3, 4], folder / "c.json")))
    return found


def threshold_cases(folder: Path) -> list[tuple[str, Path]]:
    """Kinds threshold and weighted (issue 37): the threshold DP at FORMAT.md section 8's
    bound (16 side coordinates x 2^20 one-word cells: W_i = 2^17, T = 2^20 - 1 at z = 0^16,
    any 8 reach T, fbs = 2, t_i = 1/8), a wide threshold (N = 20,000 unit weights, T = 40 at
    0^N: fbs = 500), and weighted LPs of random tt: specs (q = 10, 12) from the solver."""
    from fractions import Fraction

    from verify.lower_bound.tree_fbs import local_weighted_fbs
    from verify.sensitivity.certificates import weighted_certificate

    def threshold(name, weights, t, z, value, blocks, dual):
        path = folder / name
        path.write_text(json.dumps({
            "format": "fbs-certificate/1", "kind": "threshold",
            "spec": f"wthr:{','.join(map(str, weights))}:{t}", "arity": len(weights),
            "input": z, "value": str(value),
            "primal": [{"block": b, "weight": "1"} for b in blocks], "dual": dual}))
        return path

    found = [("threshold DP bound 16 x 2^20", threshold(
        "dp.json", [2 ** 17] * 16, 2 ** 20 - 1, "0" * 16, 2, [list(range(8)), list(range(8, 16))],
        ["1/8"] * 16))]
    n = 20_000
    found.append((f"threshold {n} unit weights T = 40", threshold(
        "wide.json", [1] * n, 40, f"0^{n}", n // 40,
        [list(range(k * 40, k * 40 + 40)) for k in range(n // 40)], ["1/40"] * n)))
    rng = random.Random(37)
    for q in (10, 12):
        spec = "tt:" + "".join(rng.choice("01") for _ in range(2 ** q))
        z = tuple(rng.randint(0, 1) for _ in range(q))
        caps = tuple(Fraction(rng.randint(1, 9), rng.randint(1, 3)) for _ in range(q))
        sol = local_weighted_fbs(spec, z, caps)
        path = folder / f"w{q}.json"
        path.write_text(json.dumps(weighted_certificate(spec, z, caps, sol.value, sol.primal,
                                                        sol.dual)))
        found.append((f"weighted random table q = {q}", path))


def caps_cases(folder: Path) -> list[tuple[str, Path]]:
    """Issue 37's sizes: each at or near FORMAT.md's bound for its kind."""
    paper_dir = ROOT / "certificates" / "paper"
    found = []
    for pattern in ("section_1_2_majority_two_thirds/maj_6000-*", "section_1_2_majority_two_thirds/maj_600000-*",
                    "section_3_3_and/and_1000000-*"):
        (packed,) = paper_dir.glob(pattern)
        path = folder / packed.name.removesuffix(".gz")  # fbs-proved reads JSON (gzip -dc)
        path.write_bytes(gzip.decompress(packed.read_bytes()))
        found.append((f"symmetric paper {packed.name.split('-')[0]}", path))
    n = 10**8
    for spec, z in ((f"and:{n}", f"0^{n}"), (f"maj:{n}", f"1^{n // 3},0^{n - n // 3}"),
                    (f"thr:{n}:{n // 2}", f"1^{n // 2},0^{n // 2}"), (f"parity:{n}", f"1^{n}")):
        found.append((f"symmetric {spec.split(':')[0]}:10^8", certify(spec, z, "symmetric",
                                                                      folder / f"{spec.split(':')[0]}8.json")))
    rng = random.Random(37)
    values = "".join(rng.choice("01") for _ in range(3002))
    found.append(("symmetric sym: 3001 inputs (a table)", certify(f"sym:{values}", "1^1500,0^1501", "symmetric",
                                                                  folder / "sym.json")))
    for q in (9, 10):
        found.append((f"measure bs parity:{q} at 0^{q}",
                      measure(f"parity:{q}", "0" * q, "bs", q, [[i] for i in range(q)], folder / f"bs{q}.json")))
    found.append(("measure bs maj:10 at 0000011111", measure("maj:10", "0000011111", "bs", 5,
                                                            [[0], [1], [2], [3], [4]], folder / "bsm.json")))
    for q in (16, 18, 20):
        found.append((f"exhaustive maj:{q} at 0^{q} (bound q <= 20 kept)",
                      certify(f"maj:{q}", "0" * q, "table", folder / f"e{q}.json")))
    return found


def bench(name: str, path: Path, binary: Path, repeats: int) -> dict:
    rows = {"stdlib": repeat([*FBS, "check", str(path)], repeats),
            "proved": repeat([*FBS, "check", "--proved", str(path)], repeats),
            "native": repeat([str(binary), str(path)], repeats)}
    row = {"case": name, "bytes": path.stat().st_size,
           **{f"{k}_cpu": v["cpu_min"] for k, v in rows.items()},
           "proved_peak_mib": rows["native"]["peak_mib_min"],
           "load_average": rows["proved"]["load_average"],
           "statement": rows["native"]["stdout"].strip().split(": ", 2)[-1][:160]}
    row["ratio_proved_stdlib"] = round(row["proved_cpu"] / row["stdlib_cpu"], 2)
    return row


def paper(binary: Path) -> dict:
    """The 310 paper certificates: one stdlib checker process for all, and the launcher with
    fbs-proved on each (CPU of this process's children; the launcher itself is in-process)."""
    from verify.formal.proved_run import check_file, proved_kinds

    folder = ROOT / "certificates" / "paper"
    names = sorted({e["file"] for e in json.loads((folder / "MANIFEST.json").read_text())["certificates"]})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-I", "-S", "-c",
                           f"import sys; sys.path.append({str(ROOT)!r}); "
                           "from verify.checker.__main__ import main; sys.exit(main())",
                           "--json", *[str(folder / n) for n in names]],
                          capture_output=True, text=True, check=False)
    middle = resource.getrusage(resource.RUSAGE_CHILDREN)
    stdlib = {json.loads(line)["file"]: json.loads(line)["exit"] for line in done.stdout.splitlines()}
    kinds = proved_kinds()
    counts = {"proved": 0, "no proved checker": 0, "beyond a bound": 0, "disagreements": 0}
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    for name in names:
        got = check_file(binary, str(folder / name))
        if got.exit == 0 and stdlib[str(folder / name)] == 0:
            counts["proved"] += 1
        elif got.exit == 2 and "has no proved checker" in got.line:
            counts["no proved checker"] += 1
        elif got.exit == 2 and "work bound" in got.line:
            counts["beyond a bound"] += 1
        else:
            counts["disagreements"] += 1
    after = resource.getrusage(resource.RUSAGE_CHILDREN)

    def cpu(a, b):
        return round(b.ru_utime - a.ru_utime + b.ru_stime - a.ru_stime, 2)

    return {"case": f"certificates/paper ({len(names)} files)", "stdlib_cpu": cpu(before, middle),
            "native_cpu": cpu(start, after), "proved_kinds": kinds, **counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="smaller instances")
    parser.add_argument("--caps", action="store_true", help="issue 37's sizes (caps removed)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--threshold-weighted", action="store_true",
                        help="only the cases of kinds threshold and weighted (issue 37)")
    args = parser.parse_args()
    binary = program()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.caps:
            chosen = caps_cases(Path(tmp))
        elif args.threshold_weighted:
            chosen = threshold_cases(Path(tmp))
        else:
            chosen = cases(Path(tmp), args.quick) + threshold_cases(Path(tmp))
        for name, path in chosen:
            rows.append(bench(name, path, binary, args.repeats))
            print(json.dumps(rows[-1]), flush=True)
    if not args.threshold_weighted:
        rows.append(paper(binary))
        print(json.dumps(rows[-1]), flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    os.nice(5)
    main()
