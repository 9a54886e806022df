"""Bad input across commands: exit 2, one line, nothing written (review regressions)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def fbs(*args):
    return subprocess.run([sys.executable, "-m", "verify", *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def assert_bad_input(process):
    assert process.returncode == 2, process.stdout + process.stderr
    assert process.stderr.count("\n") == 1 and "Traceback" not in process.stderr


@pytest.fixture
def tree_files(tmp_path):
    tree, oracle = tmp_path / "t.json", tmp_path / "o.json"
    assert fbs("tree", "build", "--aggregator", "maj:3", "--depth", "2", "-o", tree,
               "--oracle-out", oracle).returncode == 0
    return tree, oracle


def test_same_output_twice_writes_nothing(tmp_path):
    target = tmp_path / "x.json"
    assert_bad_input(fbs("tree", "build", "--aggregator", "maj:3", "--depth", "2", "-o", target,
                         "--oracle-out", target))
    assert not target.exists()


@pytest.mark.slow
def test_write_to_a_directory_leaves_no_partial_file(tmp_path, tree_files):
    tree, oracle = tree_files
    before = set(tmp_path.iterdir())
    assert_bad_input(fbs("certify", "maj:3", "--at", "110", "-o", tmp_path))
    assert_bad_input(fbs("debate", "run", tree, "--oracle", oracle, "--rho", "2", "--alice",
                         "honest", "--transcript", tmp_path))
    assert set(tmp_path.iterdir()) == before


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"[" * 100000, b'{"a": 1' + b"9" * 5000 + b"}",
                                     b"", b"[]"])
def test_unreadable_tree_files(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert_bad_input(fbs("tree", "info", path))


@pytest.mark.parametrize("args", [
    ("debate", "plan", "--rho", "99999999999999999999", "--depth", "3", "--delta", "0.01"),
    ("debate", "plan", "--rho", "4", "--depth", "99999999999", "--delta", "0.01"),
    ("tree", "build", "--aggregator", "maj:3", "--depth", "99999999999999999999", "-o", "/tmp/never"),
    ("tree", "build", "--random", "--seed", "-3", "--aggregator", "maj:3", "--depth", "2", "-o",
     "/tmp/never"),
    ("compute", "maj:99999999999", "--at", "1"),
    ("compute", "compose(" * 40 + "maj:1" + ")" * 40, "--at", "1"),
])
def test_huge_or_negative_numbers_are_refused_quickly(args):
    assert_bad_input(fbs(*args))


@pytest.mark.slow
def test_report_dir_that_is_a_file(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    assert_bad_input(fbs("paper", "--only", "section_1_2_rho_d_vs_q_d", "--report-dir", target))


@pytest.mark.slow
def test_report_is_reproducible(tmp_path):
    documents = []
    for name in ("a", "b"):
        assert fbs("paper", "--only", "theorem_4_2_z3", "--only", "section_1_2_fifty_of_99",
                   "--report-dir", tmp_path / name).returncode == 0
        report = json.loads((tmp_path / name / "report.json").read_text())
        for check in report["checks"]:
            check.pop("seconds")
            for proof in check["values"].get("proofs", []):
                proof.pop("seconds", None)
        documents.append(report)
    assert documents[0] == documents[1]
