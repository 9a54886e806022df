"""Benchmarks for the lower-bound issue (results: bench/RESULTS.md, "Issue 5").

Usage:  python bench/bench_lower_bound.py [--quick] [--out FILE.json]

Each measurement runs in a fresh subprocess; peak memory is that process's max RSS
(resource.getrusage), wall time is measured inside it from before the first import.

  rho_recursive   rho_T by the weighted recursion, CERTIFIED (the stdlib-only checker accepts
                  the factored certificate), on a uniform maj:9 tree of depth 6 (531,441
                  leaves) with a seeded random oracle. Two paths: "library" builds the tree in
                  memory (verify.trees.builders.uniform_tree), "files" reads the fbs-tree/1 and
                  fbs-oracle/1 files written beforehand by `fbs tree build` (untimed) and writes
                  the certificate. Bars: < 60 s, < 4 GiB.
  adversary       `fbs adversary`'s work on a 100,000-leaf tree (uniform thr:10:6, depth 5)
                  with the FBS Debate checker debate:R: load the files, certify rho_T, exact
                  a_s for every leaf, H, O_N, every exact check including the z3 re-check, and
                  the O_N file written. Bar: < 60 s.
--quick runs smaller instances (maj:9 depth 4, thr:10:6 depth 3) as a smoke test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, sys, time
start = time.perf_counter()
sys.path.insert(0, {root!r})
task = json.loads(sys.argv[1])
out = {{}}
if task["kind"] == "rho":
    from verify.base.files import write_text_atomic
    from verify.lower_bound.tree_fbs import tree_fbs
    from verify.trees.builders import uniform_tree
    from verify.trees.api import as_oracle
    from verify.trees.oracles import random_oracle
    from verify.trees.tree_file import load_tree
    if task["path"] == "library":
        tree = uniform_tree(task["spec"], task["depth"])
        answers = random_oracle(tree, task["seed"])
    else:  # a uniform tree's oracle file holds bits in leaf order: read against the tree
        tree = load_tree(task["tree"])
        answers = as_oracle(task["oracle"], tree)
    built = time.perf_counter()
    result = tree_fbs(tree, answers, check=False)
    solved = time.perf_counter()
    from verify.lower_bound.tree_fbs import certify
    result = certify(result)
    checked = time.perf_counter()
    if task["path"] == "files":
        text = json.dumps(result.certificate, separators=(",", ":"))
        write_text_atomic(task["certificate"], text + "\n")
        out["certificate_bytes"] = len(text)
    out.update(leaves=len(tree.leaves()), internal=len(tree.internal()),
               records=len(result.records), rho_T=str(result.value),
               rho_T_float=float(result.value), certified=result.certified,
               build_s=round(built - start, 2), recursion_s=round(solved - built, 2),
               certificate_and_check_s=round(checked - solved, 2))
else:
    from verify.lower_bound.adversary import adversarial_oracle, make_profile
    from verify.trees.api import as_oracle
    from verify.trees.oracles import write_oracle
    from verify.trees.tree_file import load_tree
    tree = load_tree(task["tree"])
    answers = as_oracle(task["oracle"], tree)
    loaded = time.perf_counter()
    profile = make_profile(tree, answers, task["checker"])
    profiled = time.perf_counter()
    report = adversarial_oracle(tree, answers, profile)
    write_oracle(task["output"], report.oracle_n, "benchmark O_N")
    out.update(leaves=len(tree.leaves()), checker=task["checker"], rho_T_float=float(report.rho_t),
               certified=report.certified, all_checks_hold=report.all_hold,
               H_size=len(report.block), a_H_float=float(report.mass),
               advantage_float=float(report.advantage), load_s=round(loaded - start, 2),
               profile_s=round(profiled - loaded, 2),
               oracle_and_checks_s=round(time.perf_counter() - profiled, 2))
out["wall_s"] = round(time.perf_counter() - start, 2)
out["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
print(json.dumps(out))
"""


def child(task: dict) -> dict:
    """Run one task in a fresh interpreter; return its JSON line."""
    result = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT)), json.dumps(task)],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"benchmark child failed: {result.stderr.strip()[-2000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def build_files(folder: Path, spec: str, depth: int, seed: int, ones: float = 0.5) -> tuple[str, str]:
    """`fbs tree build` (untimed): the tree and a seeded random oracle as files."""
    tree, oracle = folder / f"{spec.replace(':', '_')}-{depth}.json", folder / f"oracle-{seed}.json"
    subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator", spec,
                    "--depth", str(depth), "-o", str(tree), "--oracle-out", str(oracle),
                    "--oracle-seed", str(seed), "--ones", str(ones)],
                   cwd=ROOT, check=True, capture_output=True)
    return str(tree), str(oracle)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", metavar="FILE.json")
    args = parser.parse_args()
    rho_depth, adversary_depth = (4, 3) if args.quick else (6, 5)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results.append({"bench": "rho_recursive", "path": "library", "spec": "maj:9",
                        "depth": rho_depth, "seed": 1,
                        **child({"kind": "rho", "path": "library", "spec": "maj:9",
                                 "depth": rho_depth, "seed": 1})})
        tree, oracle = build_files(folder, "maj:9", rho_depth, 1)
        results.append({"bench": "rho_recursive", "path": "files", "spec": "maj:9",
                        "depth": rho_depth, "seed": 1,
                        **child({"kind": "rho", "path": "files", "tree": tree, "oracle": oracle,
                                 "certificate": str(folder / "cert.json")})})
        tree, oracle = build_files(folder, "thr:10:6", adversary_depth, 2)
        for runs in (10, 100):
            results.append({"bench": "adversary", "spec": "thr:10:6", "depth": adversary_depth,
                            **child({"kind": "adversary", "tree": tree, "oracle": oracle,
                                     "checker": f"debate:{runs}",
                                     "output": str(folder / f"n{runs}.json")})})
    for row in results:
        print(json.dumps(row))
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
