"""The two Coq routes of issue 39 item 4, compiled by coqc: `fbs certify --measure X --coq`
(kind measure) and `fbs tree fbs --coq` (kind tree, version 2). Slow: coqc runs the checkers."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_run import fbs_cli
from verify.formal.coq_run import check_file, closed

needs_coqc = pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc not installed")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def brute_force(table: str, z: int, q: int) -> dict:
    """s, bs, C at z over every block and every coordinate set (independent of the tool)."""
    sensitive = [m for m in range(1, 1 << q) if table[z ^ m] != table[z]]

    def packing(free: int) -> int:
        return max([0] + [1 + packing(free & ~m) for m in sensitive if m & free == m])

    return {"s": sum(1 for m in sensitive if m & (m - 1) == 0), "bs": packing((1 << q) - 1),
            "C": min(bin(h).count("1") for h in range(1 << q) if all(m & h for m in sensitive))}


@pytest.mark.slow
@needs_coqc
@pytest.mark.parametrize("table, z", [("01101001", 0b010), ("0001011101111111", 0b0110),
                                      ("0000000100010111", 0b1011)])
def test_measure_theorems_compile_at_their_brute_force_values(compiled, capsys, tmp_path,
                                                             table, z):
    q = len(table).bit_length() - 1
    expected = brute_force(table, z, q)
    for measure, value in expected.items():
        theorem = tmp_path / f"{measure}.v"
        code, _, err = fbs_cli(capsys, "certify", f"tt:{table}", "--at", format(z, f"0{q}b"),
                               "--measure", measure, "-o", tmp_path / f"{measure}.json",
                               "--coq", theorem)
        assert code == 0, err
        assert f" {value}.\n" in theorem.read_text()  # the statement's k
        assert closed(check_file(compiled, theorem), theorem), measure


@pytest.mark.slow
@needs_coqc
def test_tree_theorems_compile_and_state_rho_t(compiled, capsys, tmp_path):
    """examples/maj6 (a described uniform tree), the literature example (Section 1.2) and a
    seeded random tree with leaves at several depths: coqc proves RhoT T alpha V, V the
    tool's rho_T."""
    random_tree, random_oracle = tmp_path / "r.json", tmp_path / "o.json"
    assert fbs_cli(capsys, "tree", "build", "--random", "--seed", 1, "--depth", 3,
                   "--aggregator", "maj:5", "--aggregator", "and:2", "--leaf-probability",
                   "0.8", "-o", random_tree, "--oracle-out", random_oracle)[0] == 0
    cases = [(EXAMPLES / "maj6-tree.json", EXAMPLES / "maj6-oracle.json"),
             (EXAMPLES / "literature-tree.json", EXAMPLES / "literature-oracle.json"),
             (random_tree, random_oracle)]
    for k, (tree, oracle) in enumerate(cases):
        theorem = tmp_path / f"t{k}.v"
        code, out, err = fbs_cli(capsys, "tree", "fbs", tree, "--oracle", oracle, "--coq",
                                 theorem, "--json")
        assert code == 0, err
        rho_t = Fraction(json.loads(out)["rho_T"])
        stated = re.search(r"\)\) \((-?[0-9]+) # ([0-9]+)\)\.\n", theorem.read_text())
        assert Fraction(int(stated.group(1)), int(stated.group(2))) == rho_t
        assert closed(check_file(compiled, theorem), theorem), tree.name
