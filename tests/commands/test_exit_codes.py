"""Exit codes (issue 11, section 3): 0, 1, 2, 3 only for a bug of ours, 130 on Ctrl-C; FBS_DEBUG
adds a traceback but never changes the code; --version; the codes in `fbs --help`."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_run import fbs_cli as fbs
from cli_run import interruptible

ROOT = Path(__file__).resolve().parents[2]




def test_ctrl_c_exits_130_and_leaves_no_partial_file(tmp_path):
    tree, oracle = tmp_path / "t.json", tmp_path / "o.json"
    run = [sys.executable, "-m", "verify"]
    subprocess.run(run + ["tree", "build", "--aggregator", "maj:3", "--depth", "6", "-o",
                          str(tree), "--oracle-out", str(oracle)], check=True, cwd=ROOT)
    with interruptible(run + ["debate", "run", str(tree), "--oracle", str(oracle), "--rho", "2",
                              "--alice", "worst", "--runs", "16000000",
                              "--transcript", str(tmp_path / "out.jsonl")],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True) as process:
        deadline = time.monotonic() + 600  # bounds the wait for a hang, not a bar
        while not any("partial" in p.name for p in tmp_path.iterdir()) \
                and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)  # wait until it writes
        assert process.poll() is None and any("partial" in p.name for p in tmp_path.iterdir())
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=600)  # a hang guard
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == "fbs: interrupted" and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.json", "t.json"]


@pytest.mark.parametrize("link", ["cause", "context"])
def test_an_interrupt_a_library_wrapped_still_exits_130(capsys, monkeypatch, link):
    """Python 3.11 turns Ctrl-C during a class's __set_name__ (seen while matplotlib imported
    in `fbs paper`) into RuntimeError; that is an interrupt, not a bug of ours (exit 3)."""
    import verify.commands.compute as compute

    def interrupted_import(args):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            wrapped = RuntimeError("Error calling __set_name__ on 'x' instance 'locs'")
            if link == "cause":
                raise wrapped from interrupt
            raise wrapped

    monkeypatch.setattr(compute, "run_compute", interrupted_import)
    code, out, err = fbs(capsys, "compute", "maj:3", "--at", "110")
    assert (code, out, err.strip()) == (130, "", "fbs: interrupted")


def test_a_runtime_error_of_ours_is_still_exit_3(capsys, monkeypatch):
    import verify.commands.compute as compute

    def broken(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(compute, "run_compute", broken)
    code, _, err = fbs(capsys, "compute", "maj:3", "--at", "110")
    assert code == 3 and "internal error: RuntimeError: a bug" in err


def test_fbs_debug_adds_a_traceback_but_keeps_the_exit_code(capsys, monkeypatch):
    monkeypatch.setenv("FBS_DEBUG", "1")
    code, _, err = fbs(capsys, "compute", "maj:x", "--at", "1")
    assert code == 2 and "Traceback" in err and err.rstrip().endswith("N must be a non-negative "
                                                                       "integer (ASCII digits), "
                                                                       "got 'x'")


def test_internal_errors_exit_3(capsys, monkeypatch):
    from verify.commands import compute

    monkeypatch.setattr(compute, "run_compute", lambda args: 1 / 0)
    for debug in ("1", ""):
        monkeypatch.setenv("FBS_DEBUG", debug)
        code, _, err = fbs(capsys, "compute", "maj:3", "--at", "110")
        assert code == 3 and "a bug of fbs-verify" in err.splitlines()[-1]
        assert ("Traceback" in err) == bool(debug)


def test_version_and_help_state_the_exit_codes(capsys):
    from verify import __version__

    code, out, _ = fbs(capsys, "--version")
    assert code == 0 and out.strip() == f"fbs-verify {__version__}"
    code, out, _ = fbs(capsys, "--help")
    assert code == 0 and "130  interrupted" in out and "3    a bug of fbs-verify" in out
    code, out, _ = fbs(capsys, "debate", "run", "--help")
    out = " ".join(out.split())
    assert "(default: 1000)" in out and "(default: 0.95)" in out and "(default: 0)" in out


@pytest.mark.parametrize("argv", [
    ("compute", "maj:６", "--at", "111111"), ("compute", "and:٣", "--at", "111"),
    ("certify", "maj:６", "--at", "111111", "-o", "/dev/null"),
    ("compute", "thr:3:١", "--at", "111"), ("compute", "expr:x١", "--at", "1"),
    ("debate", "plan", "--rho", "٣", "--depth", "2", "--delta", "0.1"),
    ("debate", "plan", "--rho", "3", "--depth", "２", "--delta", "0.1"),
    ("debate", "plan", "--rho", "3", "--depth", "2", "--delta", "0.١"),
])
def test_unicode_digits_are_bad_input(capsys, argv):
    code, out, err = fbs(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and out == ""


def test_adversary_on_leaves_at_several_depths(capsys, tmp_path):
    """AND(x, AND(y, w)) at all ones: Theorem 5.1's bound assumes one depth, so it is reported
    as not applicable; Theorem 5.3's m / rho_T is checked and O_N is written (exit 0)."""
    tree = {"format": "fbs-tree/1", "root": "r", "nodes": [
        {"id": "r", "aggregator": "and:2", "children": ["x", "u"]},
        {"id": "x", "query": "x"}, {"id": "u", "aggregator": "and:2", "children": ["y", "w"]},
        {"id": "y", "query": "y"}, {"id": "w", "query": "w"}]}
    oracle = {"format": "fbs-oracle/1", "answers": {"x": 1, "y": 1, "w": 1}}
    (tmp_path / "t.json").write_text(json.dumps(tree))
    (tmp_path / "o.json").write_text(json.dumps(oracle))
    for checker in ("uniform:2", "debate:3", "exhaustive"):
        code, out, err = fbs(capsys, "adversary", tmp_path / "t.json", "--oracle",
                             tmp_path / "o.json", "--checker", checker, "-o",
                             tmp_path / "n.json", "--json")
        assert code == 0, err
        document = json.loads(out)
        theorem_5_1 = [c for c in document["checks"] if "Theorem 5.1" in c["name"]]
        assert document["all_hold"] and not document["uniform_depth"]
        assert all(not c["applicable"] and c["holds"] is None for c in theorem_5_1)
        assert any("Theorem 5.3" in c["name"] and c["holds"] for c in document["checks"])
        answers = json.loads((tmp_path / "n.json").read_text())["answers"]
        assert answers != oracle["answers"]
