"""Issue 11, section 1, as the user met it: outputs never destroy anything, output = input is
refused, empty names and full disks are exit 2. Every command that writes is covered."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import fbs_cli as fbs

ROOT = Path(__file__).resolve().parents[2]




def snapshot(folder: Path) -> dict:
    return {p.name: (p.read_bytes() if p.is_file() else None, p.is_symlink())
            for p in sorted(folder.iterdir())}


@pytest.fixture
def instance(tmp_path, capsys):
    tree, oracle = tmp_path / "T.json", tmp_path / "O.json"
    assert fbs(capsys, "tree", "build", "--aggregator", "maj:3", "--depth", "2", "-o", tree,
               "--oracle-out", oracle)[0] == 0
    return tree, oracle


def refused(capsys, folder, *argv):
    before = snapshot(folder)
    code, out, err = fbs(capsys, *argv)
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("fbs: error:") and "Traceback" not in err
    assert snapshot(folder) == before
    return err


def test_output_equal_to_an_input_is_refused(capsys, tmp_path, instance):
    tree, oracle = instance
    cases = [
        ("adversary", tree, "--oracle", oracle, "--checker", "uniform:2", "-o", oracle),
        ("adversary", tree, "--oracle", oracle, "--checker", "uniform:2", "-o", tree),
        ("tree", "fbs", tree, "--oracle", oracle, "--certificate", tree),
        ("debate", "run", tree, "--oracle", oracle, "--rho", "2", "--alice", "honest",
         "--transcript", tree),
        ("debate", "run", tree, "--oracle", oracle, "--rho", "2", "--alice", "honest",
         "--transcript", f"{tmp_path}/./O.json"),
    ]
    for argv in cases:
        assert "would overwrite input" in refused(capsys, tmp_path, *argv)
    spec = tmp_path / "spec.txt"
    spec.write_text("maj:3")
    bits = tmp_path / "bits.txt"
    bits.write_text("110")
    assert "would overwrite input" in refused(capsys, tmp_path, "certify", f"@{spec}", "--at",
                                              "110", "-o", spec)
    assert "would overwrite input" in refused(capsys, tmp_path, "certify", "maj:3", "--at",
                                              f"@{bits}", "-o", bits)
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 2 1\n1 2 0\n")
    assert "would overwrite input" in refused(capsys, tmp_path, "certify", f"cnf:{cnf}", "--at",
                                              "00", "-o", cnf)
    assert "would overwrite input" in refused(capsys, tmp_path, "tree", "build", "--aggregator",
                                              f"cnf:{cnf}", "--depth", "1", "-o", cnf)
    link = tmp_path / "alias.json"
    link.symlink_to(tree)
    assert "would overwrite input" in refused(capsys, tmp_path, "tree", "fbs", tree, "--oracle",
                                              oracle, "--certificate", link)


def test_empty_output_names_are_bad_input(capsys, tmp_path, instance):
    tree, oracle = instance
    refused(capsys, tmp_path, "certify", "maj:3", "--at", "110", "-o", "")
    refused(capsys, tmp_path, "adversary", tree, "--oracle", oracle, "--checker", "uniform:2",
            "-o", "")
    refused(capsys, tmp_path, "debate", "run", tree, "--oracle", oracle, "--rho", "2",
            "--alice", "honest", "--transcript", "")


def test_a_full_disk_while_writing_a_transcript_is_bad_input(capsys, tmp_path, instance):
    tree, oracle = instance
    err = refused(capsys, tmp_path, "debate", "run", tree, "--oracle", oracle, "--rho", "2",
                  "--alice", "worst", "--runs", "200000", "--transcript", "/dev/full")
    assert "No space left on device" in err
    err = refused(capsys, tmp_path, "certify", "maj:3", "--at", "110", "-o", "/dev/full")
    assert "No space left on device" in err


def test_devices_symlinks_and_fifos_are_written_not_replaced(capsys, tmp_path, instance):
    tree, oracle = instance
    assert fbs(capsys, "certify", "maj:3", "--at", "110", "-o", "/dev/null")[0] == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    target, link = tmp_path / "target.json", tmp_path / "link.json"
    target.write_text("old")
    link.symlink_to(target)
    assert fbs(capsys, "adversary", tree, "--oracle", oracle, "--checker", "uniform:2",
               "-o", link)[0] == 0
    assert link.is_symlink() and '"fbs-oracle/1"' in target.read_text()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    assert fbs(capsys, "certify", "maj:3", "--at", "110", "-o", fifo)[0] == 0
    assert b'"format": "fbs-certificate/1"' in reader.communicate(timeout=300)[0]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_transcript_to_dev_stdout_keeps_the_symlink(tmp_path, instance):
    tree, oracle = instance
    result = subprocess.run([sys.executable, "-m", "verify", "debate", "run", str(tree),
                             "--oracle", str(oracle), "--rho", "2", "--alice", "worst",
                             "--runs", "3", "--transcript", "/dev/stdout"],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0 and '{"format":"fbs-transcript/1"' in result.stdout
    assert result.stdout.count('"path_bound"') == 3 and os.path.islink("/dev/stdout")
    dash = subprocess.run([sys.executable, "-m", "verify", "debate", "run", str(tree),
                           "--oracle", str(oracle), "--rho", "2", "--alice", "worst",
                           "--runs", "3", "--transcript", "-"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert dash.returncode == 0 and dash.stdout.startswith('{"format":"fbs-transcript/1"')
    assert "FBS debate" in dash.stderr and "FBS debate" not in dash.stdout
