"""`fbs tree fbs` on a tree with leaves at several depths: Lemma 5.4 and Theorem 5.1 (which
assume every leaf at depth d) are reported as not applicable, in text and JSON.

AND(x, AND(y, w)) at 111: local fbs 2 at both nodes, d = 2, so rho^d = 4, yet rho_T = 3 (the
three singletons are the minimal sensitive blocks of x AND y AND w at 111: fbs of AND_3 at
1^3 is 3), so "rho^d <= rho_T" would be false there.
"""

from __future__ import annotations

import json

import pytest
from cli_run import fbs_cli

TREE = ('{"format":"fbs-tree/1","root":{"id":"r","aggregator":"and:2","children":[{"id":"x",'
        '"query":"x"},{"id":"s","aggregator":"and:2","children":[{"id":"y","query":"y"},'
        '{"id":"w","query":"w"}]}]}}')
ORACLE = '{"format":"fbs-oracle/1","answers":{"x":1,"y":1,"w":1}}'
UNIFORM = ('{"format":"fbs-tree/1","root":{"id":"r","aggregator":"and:2","children":['
           '{"id":"a","aggregator":"and:2","children":[{"id":"x","query":"x"},{"id":"z","query":"z"}]},'
           '{"id":"s","aggregator":"and:2","children":[{"id":"y","query":"y"},{"id":"w","query":"w"}]}]}}')


@pytest.fixture
def repro(tmp_path):
    (tmp_path / "T3.json").write_text(TREE)
    (tmp_path / "O3.json").write_text(ORACLE)
    return tmp_path / "T3.json", tmp_path / "O3.json"


def test_text_says_not_applicable(repro, capsys):
    tree, oracle = repro
    code, out, err = fbs_cli(capsys, "tree", "fbs", tree, "--oracle", oracle)
    assert code == 0, err
    assert "rho_T = fbs_alpha(F_T) = 3" in out
    assert "Lemma 5.4 and Theorem 5.1: not applicable" in out
    assert "rho^d = 4 <=" not in out  # the false inequality of the report is gone
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("1/100", "1/4"))]
    assert rows and all(row[1] == "n/a" for row in rows)
    # Theorem 5.3's column stays: ceil((1 - 2/100) * 3) = 3, ceil((1 - 1/2) * 3) = 2
    assert [row[2] for row in rows] == ["3", "2"]


def test_json_says_not_applicable(repro, capsys):
    tree, oracle = repro
    code, out, err = fbs_cli(capsys, "tree", "fbs", tree, "--oracle", oracle, "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["rho_T"] == "3" and document["uniform_depth"] is False
    assert document["lemma_5_4_applicable"] is False
    assert document["lemma_5_4_bound_rho_min_d"] is None
    assert document["lemma_5_4_note"].startswith("not applicable")
    assert document["rho_min_d"] == "4"  # reported under its own name, not as a bound
    assert document["theorem_5_1_applicable"] is False
    assert all(row["m_min_rho_d"] is None for row in document["theorem_5_1"])
    assert [row["m_min_rho_T"] for row in document["theorem_5_1"]] == ["3", "3", "2"]


def test_uniform_depth_still_reports_the_bound(tmp_path, capsys):
    """All leaves at depth 2: AND_4 at 1111 has rho_T = 4 = 2^2, and the lemma applies."""
    (tmp_path / "t.json").write_text(UNIFORM)
    (tmp_path / "o.json").write_text('{"format":"fbs-oracle/1","answers":{"x":1,"z":1,"y":1,"w":1}}')
    code, out, err = fbs_cli(capsys, "tree", "fbs", tmp_path / "t.json", "--oracle",
                             tmp_path / "o.json", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["lemma_5_4_applicable"] is True and document["theorem_5_1_applicable"] is True
    assert document["lemma_5_4_bound_rho_min_d"] == "4" and document["rho_T"] == "4"
    assert [row["m_min_rho_d"] for row in document["theorem_5_1"]] == ["4", "4", "2"]
    code, out, _ = fbs_cli(capsys, "tree", "fbs", tmp_path / "t.json", "--oracle", tmp_path / "o.json")
    assert "Lemma 5.4: rho^d = 4 <= min path product 4 <= rho_T <= max path product 4" in out
