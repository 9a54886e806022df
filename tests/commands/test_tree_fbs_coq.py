"""`fbs tree fbs TREE --oracle O --coq OUT.v` (issue 39 item 4): the version-2 tree
certificate (the one the Coq checker reads) and its theorem, written together or not at all.
coqc itself runs in tests/formal/test_coq_routes.py (slow)."""

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_run import fbs_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def random_tree(capsys, folder: Path, seed: int) -> tuple[Path, Path]:
    """A seeded random tree with leaves at several depths (maj:5 and and:2 nodes)."""
    tree, oracle = folder / f"r{seed}.json", folder / f"o{seed}.json"
    code, _, err = fbs_cli(capsys, "tree", "build", "--random", "--seed", seed, "--depth", 3,
                           "--aggregator", "maj:5", "--aggregator", "and:2",
                           "--leaf-probability", "0.8", "-o", tree, "--oracle-out", oracle)
    assert code == 0, err
    return tree, oracle


def tree_fbs_json(capsys, *argv) -> dict:
    code, out, err = fbs_cli(capsys, "tree", "fbs", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("source", ["example", "random", "uniform"])
def test_the_certificate_is_version_2_valid_and_states_rho_t(capsys, tmp_path, source):
    if source == "example":
        tree, oracle = EXAMPLES / "literature-tree.json", EXAMPLES / "literature-oracle.json"
    elif source == "random":
        tree, oracle = random_tree(capsys, tmp_path, 1)
    else:
        tree, oracle = tmp_path / "u.json", tmp_path / "uo.json"
        assert fbs_cli(capsys, "tree", "build", "--aggregator", "maj:3", "--depth", 2, "-o",
                       tree, "--oracle-out", oracle)[0] == 0
    plain = tree_fbs_json(capsys, tree, "--oracle", oracle)
    cert, theorem = tmp_path / "c.json", tmp_path / "t.v"
    document = tree_fbs_json(capsys, tree, "--oracle", oracle, "--coq", theorem,
                             "--certificate", cert)
    assert document["rho_T"] == plain["rho_T"] and document["coq"] == str(theorem)
    certificate = json.loads(cert.read_text())
    assert certificate["kind"] == "tree" and certificate["version"] == 2
    assert certificate["value"] == plain["rho_T"]
    code, out, _ = fbs_cli(capsys, "check", cert)
    assert code == 0 and out.strip().endswith(f"= {plain['rho_T']}")
    text = theorem.read_text()
    stated = re.search(r'RhoT T \(alphaOf T \(bitsOf "([01]+)"\)\) \((-?[0-9]+) # ([0-9]+)\)\.',
                       text)
    assert stated is not None and len(stated.group(1)) == plain["leaves"]
    assert Fraction(int(stated.group(2)), int(stated.group(3))) == Fraction(plain["rho_T"])


def test_version_3_is_still_the_default_and_its_refusal_names_the_tree_route(capsys, tmp_path):
    """Without --coq the certificate stays version 3; `fbs coq` on it names the command that
    writes version 2 for a tree."""
    cert = tmp_path / "c.json"
    tree_fbs_json(capsys, EXAMPLES / "maj6-tree.json", "--oracle", EXAMPLES / "maj6-oracle.json",
                  "--certificate", cert)
    assert json.loads(cert.read_text())["version"] == 3
    code, _, err = fbs_cli(capsys, "coq", cert, "-o", tmp_path / "x.v")
    assert code == 2 and "fbs tree fbs TREE --oracle O --coq OUT.v" in err


@pytest.mark.parametrize("extra, phrase", [
    (["--method", "direct"], "drop --method direct"),
    (["--json", "--coq", "-"], "standard output"),
])
def test_refusals_write_nothing(capsys, tmp_path, extra, phrase):
    argv = ["--coq", tmp_path / "t.v"] if "--coq" not in extra else []
    code, _, err = fbs_cli(capsys, "tree", "fbs", EXAMPLES / "maj6-tree.json", "--oracle",
                           EXAMPLES / "maj6-oracle.json", "--certificate", tmp_path / "c.json",
                           *argv, *extra)
    assert code == 2 and phrase in err and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []


def test_a_tree_beyond_the_coq_bound_writes_neither_file(capsys, tmp_path):
    """maj:3 of depth 8: 6,561 leaves > 2,048 (coqc reads alpha by a scan)."""
    tree, oracle = tmp_path / "big.json", tmp_path / "bigo.json"
    assert fbs_cli(capsys, "tree", "build", "--aggregator", "maj:3", "--depth", 8, "-o", tree,
                   "--oracle-out", oracle)[0] == 0
    code, _, err = fbs_cli(capsys, "tree", "fbs", tree, "--oracle", oracle, "--coq",
                           tmp_path / "t.v", "--certificate", tmp_path / "c.json")
    assert code == 2 and "leaves" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json", "bigo.json"]


def test_the_dashes_say_that_worst_case_fills_them(capsys):
    """Issue 39: `123 / - / -` with no hint that --worst-case fills the dashes."""
    argv = ["tree", "fbs", EXAMPLES / "maj6-tree.json", "--oracle", EXAMPLES / "maj6-oracle.json"]
    code, out, _ = fbs_cli(capsys, *argv)
    hint = "(a '-' was not computed: --worst-case fills the liar-at-O_Y and O_N columns)"
    assert code == 0 and "12 / - / -" in out and hint in out
    code, out, _ = fbs_cli(capsys, *argv, "--worst-case")
    # R for rho^-d = 1/3 at eps = 1/100: (2/3)^12 <= 1/100 < (2/3)^11; the dashes are numbers
    assert code == 0 and re.search(r"12 / [0-9]+ / [0-9]+\n", out) and "'-'" not in out
