"""Benchmark: tree certificates sized by the work (certificates/FORMAT.md, kind tree, version 2).

Usage:  python bench/bench_tree_sharing.py [--repeats N] [--depths 7 8] [--out FILE.json]

For maj:9 uniform trees with the seed-0 oracle (`fbs tree build --aggregator maj:9 --depth d
-o T --oracle-out O --oracle-seed 0`, untimed), every row is a fresh process (bench/measure.py:
wall, CPU = user + system, peak RSS; min and median over N runs) with the load average:

  certify   `fbs tree fbs T --oracle O --json --certificate C` (version 2, shared records)
  check     `fbs check C`
  peer      the same recursion writing the version-1 certificate (one record per exact key,
            alpha as text; `uniform_tree_fbs(..., version=1)`, which `fbs` wrote before), and
            `fbs check` on it: the format a user had before, in the same run.

Bars: depth 7: certificate < 4 MiB and checked in < 2 s; depth 8 (43,046,721 leaves):
certified in < 60 s and 2 GiB.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import FBS, ROOT, python_child, repeat  # noqa: E402

PEER = """
import json
from verify.lower_bound.tree_fbs import uniform_tree_fbs
from verify.trees.api import oracle_bits
from verify.trees.model import UniformTree
tree = UniformTree("maj:9", {depth})
result = uniform_tree_fbs(tree, oracle_bits({oracle!r}, tree), version=1)
assert result.certified, result.message
with open({out!r}, "w") as handle:
    json.dump(result.certificate, handle)
print(json.dumps({{"rho_T": str(result.value), "records": len(result.certificate["records"])}}))
"""


def bench_depth(depth: int, repeats: int, folder: Path, peer: bool) -> list[dict]:
    tree, oracle = folder / f"t{depth}.json", folder / f"o{depth}.json"
    repeat(FBS + ["tree", "build", "--aggregator", "maj:9", "--depth", str(depth), "-o", str(tree),
                  "--oracle-out", str(oracle), "--oracle-seed", "0"], 1)
    new = folder / f"c{depth}-v2.json"
    certify = repeat(FBS + ["tree", "fbs", str(tree), "--oracle", str(oracle), "--json",
                            "--certificate", str(new)], repeats)
    document = json.loads(certify.pop("stdout"))
    records = len(json.loads(new.read_text())["records"])
    rows = [_row(depth, "certify v2 (fbs tree fbs)", certify,
                 {"rho_T": document["rho_T"], "certified": document["certified"],
                  "records": records, "certificate_bytes": new.stat().st_size})]
    check = repeat(FBS + ["check", str(new)], repeats)
    check.pop("stdout")
    rows.append(_row(depth, "check v2 (fbs check)", check, {}))
    if peer:
        old = folder / f"c{depth}-v1.json"
        made = repeat(python_child(PEER.format(depth=depth, oracle=str(oracle), out=str(old))), 1)
        made_doc = json.loads(made.pop("stdout"))
        assert made_doc["rho_T"] == document["rho_T"]
        rows.append(_row(depth, "peer: certify v1 (uniform_tree_fbs version=1)", made,
                         {"records": made_doc["records"], "certificate_bytes": old.stat().st_size}))
        old_check = repeat(FBS + ["check", str(old)], repeats)
        old_check.pop("stdout")
        rows.append(_row(depth, "peer: check v1 (fbs check)", old_check, {}))
    return rows


def _row(depth: int, name: str, measured: dict, extra: dict) -> dict:
    row = {"tree": f"maj:9 depth {depth}", "name": name, **measured, **extra}
    print(json.dumps(row), flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--depths", type=int, nargs="+", default=[7, 8])
    parser.add_argument("--out", default=str(ROOT / "bench" / "results_tree_sharing.json"))
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for depth in args.depths:
            # the version-1 peer of depth 8 needs more than 2^23 leaves, beyond version 1
            rows += bench_depth(depth, args.repeats, Path(folder), peer=depth <= 7)
    Path(args.out).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
