"""Output a user can read without guessing, and the issue-11 reproductions as the user met them
(sections 2, 4, 6 and 7): each test is one reproduction of the issue, now behaving."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest
from cli_run import fbs_cli as fbs

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"




# --- section 6: counts, warnings, defaults, numbering ------------------------------------------


def test_block_counts_say_what_they_count(capsys):
    weights = ",".join(str(w) for w in [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8,
                                        4, 6, 2, 6, 4, 3])
    code, out, _ = fbs(capsys, "compute", f"wthr:{weights}:60", "--at", "1" * 25)
    assert code == 0 and "column generation produced" in out and "not enumerated" in out
    assert "minimal sensitive blocks:" not in out
    code, out, _ = fbs(capsys, "compute", "maj:1000001", "--at", "1^600000,0^400001")
    assert code == 0 and "minimal sensitive block types (a ones, b zeros flipped): 1" in out
    assert "primal support: 1 block type(s) (100000, 0)" in out
    code, out, _ = fbs(capsys, "compute", "maj:6", "--at", "111100", "--method", "table", "--json")
    document = json.loads(out)  # the four single ones of z, each flipped alone
    assert document["block_count"] == 4 and "all of them" in document["block_count_meaning"]
    code, out, _ = fbs(capsys, "compute", "maj:6", "--at", "111100", "--json")
    document = json.loads(out)  # automatic: symmetric, one block type (a=1 one, b=0 zeros)
    assert document["method"] == "symmetric" and document["block_count"] == 1
    assert "types" in document["block_count_meaning"]


def test_honest_alice_below_the_fbs_condition_warns_and_exits_1(capsys):
    """maj:6 with 3 of 6 supporting: the honest claim 111000 has fbs 3 > rho = 2."""
    instance = [EXAMPLES / "maj6-tree.json", "--oracle", EXAMPLES / "maj6-oracle.json",
                "--rho", "2"]
    code, out, err = fbs(capsys, "debate", "run", *instance, "--alice", "honest", "--runs", "10")
    assert code == 1 and err.startswith("fbs: warning: the FBS condition fails")
    assert err.count("\n") == 1 and "with honest fbs 3 > rho = 2" in err and "FAILS" in out
    code, out, err = fbs(capsys, "debate", "completeness", *instance)
    assert code == 1 and "LOSES" in out and err.startswith("fbs: warning:")
    code, _, err = fbs(capsys, "debate", "run", *instance[:-1], "3", "--alice", "honest")
    assert code == 0 and err == ""


def test_runs_default_interval_ends_and_numbering(capsys):
    from verify.protocol.intervals import wilson

    assert wilson(0, 100)[0] == 0.0 and wilson(100, 100)[1] == 1.0  # was 2.7e-20
    code, out, _ = fbs(capsys, "debate", "run", EXAMPLES / "maj6-tree.json", "--oracle",
                       EXAMPLES / "maj6-oracle.json", "--rho", "4", "--alice", "worst", "--json")
    document = json.loads(out)
    assert code == 0 and document["runs"] == 1000 and document["wilson_float"][0] > 0
    assert document["child_numbering"].startswith("0-based")
    code, out, _ = fbs(capsys, "debate", "run", EXAMPLES / "maj6-tree.json", "--oracle",
                       EXAMPLES / "maj6-oracle.json", "--rho", "4", "--alice", "honest",
                       "--runs", "1")
    assert code == 0 and "numbered from 1 as in the paper" in out and "Wilson [0, " in out
    code, out, _ = fbs(capsys, "debate", "run", EXAMPLES / "maj6-tree.json", "--oracle",
                       EXAMPLES / "maj6-oracle.json", "--rho", "4", "--alice", "honest",
                       "--runs", "1", "--json")
    assert json.loads(out)["wilson_float"][0] == 0.0 and json.loads(out)["caught"] == 0


# --- section 4: the spec the package and the checker read alike --------------------------------


@pytest.mark.parametrize("spec, bits, value", [("expr:(x5 ^ (x5 ^ x4))", "00010", "1"),
                                               ("expr:x2 & (x3 ^ x3)", "010", "0"),
                                               ("thr:3:-1", "101", "0")])
def test_specs_that_used_to_disagree_are_certified(capsys, tmp_path, spec, bits, value):
    code, out, _ = fbs(capsys, "compute", spec, "--at", bits, "--json")
    assert code == 0 and json.loads(out)["certified"] and json.loads(out)["value"] == value
    code, _, err = fbs(capsys, "certify", spec, "--at", bits, "-o", tmp_path / "c.json")
    assert code == 0 and "certificate written" in err + _
    code, _, _ = fbs(capsys, "check", tmp_path / "c.json")
    assert code == 0


# --- section 6: --json everywhere, standard input and output -----------------------------------


def test_certify_and_tree_build_have_json(capsys, tmp_path):
    import verify

    code, out, _ = fbs(capsys, "certify", "maj:6", "--at", "111100", "-o", tmp_path / "c.json",
                       "--json")
    assert code == 0 and json.loads(out) == verify.fbs("maj:6", "111100").to_json()
    code, out, _ = fbs(capsys, "tree", "build", "--literature", "--papers", "99",
                       "--supporting", "66", "-o", tmp_path / "t.json", "--oracle-out",
                       tmp_path / "o.json", "--json")
    document = json.loads(out)
    assert code == 0 and document["leaves"] == 198 and document["max_width"] == 99
    assert document["tree"] == str(tmp_path / "t.json")


def test_dash_is_standard_input_and_output(capsys, monkeypatch, tmp_path):
    code, out, _ = fbs(capsys, "compute", "@-", "--at", "110", stdin="maj:3\n",
                       monkeypatch=monkeypatch)
    assert code == 0 and "= 2" in out
    code, out, err = fbs(capsys, "certify", "maj:3", "--at", "110", "-o", "-")
    assert code == 0 and json.loads(out)["format"] == "fbs-certificate/1" and "written to -" in err
    certificate = out
    code, out, _ = fbs(capsys, "check", "-", stdin=certificate, monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("valid: -: fbs = 2")
    code, tree, err = fbs(capsys, "tree", "build", "--aggregator", "maj:3", "--depth", "1",
                          "-o", "-")
    assert code == 0 and json.loads(tree)["format"] == "fbs-tree/1" and "wrote -" in err
    code, out, _ = fbs(capsys, "tree", "info", "-", "--json", stdin=tree,
                       monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["leaves"] == 3


# --- section 2: the planner is exact and prompt --------------------------------------------------


@pytest.mark.parametrize("rho, depth, delta", [(10, 50, "0.01"), (1000, 12, "1/2"),
                                               (2, 300, "0.01"), (10**6, 1000, "1e-300"),
                                               (2, 3, "1e-100000"), (3, 4, "1/3"),
                                               (2, 3, "1/8")])
def test_planner_against_an_independent_computation(rho, depth, delta):
    """The smallest R with (1 - rho^-d)^R <= delta, against mpmath's log1p at a precision
    chosen from R's size (a second method), and exactly where the powers are small."""
    from verify.protocol.api import plan
    from verify.protocol.planner import parse_probability

    result = plan(rho, depth, delta)
    runs, exact_delta, c = result.runs_theorem, parse_probability(delta, "d"), \
        Fraction(1, rho**depth)
    digits = len(str(runs)) if runs < 10**4000 else 6100
    with mpmath.workdps(2 * digits + 60):
        ln_delta = mpmath.log(mpmath.mpf(exact_delta.numerator)) \
            - mpmath.log(mpmath.mpf(exact_delta.denominator))
        reference = mpmath.ceil(ln_delta / mpmath.log1p(-mpmath.mpf(1) / rho**depth))
    assert runs == max(1, int(reference))
    if runs * depth * rho.bit_length() < 10**5:
        assert (1 - c) ** runs <= exact_delta and (runs == 1 or (1 - c) ** (runs - 1) > exact_delta)


def test_planner_prints_huge_values_shortly(capsys):
    code, out, _ = fbs(capsys, "debate", "plan", "--rho", "1000000", "--depth", "1000",
                       "--delta", "1e-300")
    assert code == 0 and "a 6003-digit integer, see --json" in out and "6.90776e+6002" in out


# --- section 7: help text, messages ---------------------------------------------------------------


def test_help_and_messages_say_what_is_true(capsys):
    code, out, _ = fbs(capsys, "tree", "--help")
    assert "per node" not in out and "largest honest local fbs" in " ".join(out.split())
    code, _, err = fbs(capsys, "compute", "index:20", "--at", "1")
    assert code == 2 and err.count("index:20") == 1 and "K <= 16" in err


def test_blocks_are_listed_smallest_first_then_lexicographically():
    import random

    from verify.functions.spec import parse_spec
    from verify.sensitivity.api import blocks
    from verify.sensitivity.blocks import bits_to_index, mask_to_block, minimal_sensitive_masks

    rng = random.Random(1)
    for _ in range(100):
        q = rng.randint(1, 7)
        spec = "tt:" + "".join(rng.choice("01") for _ in range(2**q))
        z = "".join(rng.choice("01") for _ in range(q))
        masks = minimal_sensitive_masks(parse_spec(spec).truth_table(), bits_to_index(map(int, z)))
        expected = sorted((mask_to_block(int(m), q) for m in masks), key=lambda b: (len(b), b))
        limit = rng.randint(1, 8)
        found = blocks(spec, z, limit=limit)
        assert list(found.blocks) == expected[:limit]
        assert found.complete == (len(expected) <= limit)


@pytest.mark.slow
def test_the_paper_runs(tmp_path):
    result = subprocess.run([sys.executable, "-m", "verify", "paper", "--only",
                             "section_1_2_fifty_of_99", "--report-dir", str(tmp_path / "r")],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0 and (tmp_path / "r" / "report.md").exists()


def test_an_invalid_verdict_goes_to_standard_output(capsys, tmp_path):
    """Issue 39: `fbs check bad.json > verdict.txt` left the file empty (INVALID went to
    stderr). The verdict line is on stdout, stderr stays empty, the exit code stays 1."""
    path = tmp_path / "c.json"
    assert fbs(capsys, "certify", "maj:5", "--at", "11000", "-o", path)[0] == 0
    certificate = json.loads(path.read_text())
    path.write_text(json.dumps(dict(certificate, value="4")))
    code, out, err = fbs(capsys, "check", path)
    assert code == 1 and err == ""
    assert out.startswith(f"INVALID: {path}: [") and out.count("\n") == 1


def test_a_hex_table_without_q_is_certified_with_its_q(capsys, tmp_path):
    """Issue 39: `tt:0x6996` (parity of 4 bits) needed its Q. The certificate carries the
    explicit form and passes `fbs check`."""
    code, out, err = fbs(capsys, "certify", "tt:0x6996", "--at", "0000", "-o", tmp_path / "c.json")
    assert code == 0, err
    assert out.startswith("fbs of tt:0x6996:4 at 0000 = 4 (certified")
    assert json.loads((tmp_path / "c.json").read_text())["spec"] == "tt:0x6996:4"
    assert fbs(capsys, "check", tmp_path / "c.json")[0] == 0
