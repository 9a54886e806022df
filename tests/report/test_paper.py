"""`fbs paper`: stored certificates re-verify, corruption is named, bad --only lists the names."""

import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from verify.cli import main
from verify.report.stored import STORE

ROOT = Path(__file__).resolve().parents[2]


def fbs(*args):
    return subprocess.run([sys.executable, "-m", "verify", *args], capture_output=True,
                          text=True, cwd=ROOT)


def test_stored_certificates_verify():
    process = fbs("paper", "--check-stored")
    assert process.returncode == 0, process.stderr
    assert "stored certificates" in process.stdout


@pytest.fixture
def store_copy(tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(STORE, copy)
    return copy


def first_entry(store):
    return json.loads((store / "MANIFEST.json").read_text())["certificates"][0]


def test_corrupted_value_is_named_with_file_and_condition(store_copy):
    entry = first_entry(store_copy)
    path = store_copy / entry["file"]
    certificate = json.loads(gzip.decompress(path.read_bytes()))
    certificate["dual"][0] = "0" if certificate["dual"][0] != "0" else "1"
    path.write_bytes(gzip.compress(json.dumps(certificate).encode(), mtime=0))
    process = fbs("paper", "--check-stored", "--store", str(store_copy))
    assert process.returncode == 1
    assert entry["file"] in process.stderr and "[sha256]" in process.stderr


def test_tampered_certificate_with_matching_hash_fails_the_checker(store_copy):
    import hashlib

    manifest = json.loads((store_copy / "MANIFEST.json").read_text())
    entry = manifest["certificates"][0]
    path = store_copy / entry["file"]
    certificate = json.loads(gzip.decompress(path.read_bytes()))
    certificate["value"] = "1000"
    data = json.dumps(certificate, sort_keys=True, separators=(",", ":")).encode()
    path.write_bytes(gzip.compress(data, mtime=0))
    entry["sha256"] = hashlib.sha256(data).hexdigest()
    (store_copy / "MANIFEST.json").write_text(json.dumps(manifest))
    process = fbs("paper", "--check-stored", "--store", str(store_copy))
    assert process.returncode == 1
    assert entry["file"] in process.stderr and "value" in process.stderr


def test_truncated_file_and_missing_manifest(store_copy):
    entry = first_entry(store_copy)
    (store_copy / entry["file"]).write_bytes(b"\x1f\x8b\x08")
    process = fbs("paper", "--check-stored", "--store", str(store_copy))
    assert process.returncode == 1 and "unreadable" in process.stderr
    (store_copy / "MANIFEST.json").unlink()
    process = fbs("paper", "--check-stored", "--store", str(store_copy))
    assert process.returncode == 2 and process.stderr.count("\n") == 1


def test_unknown_only_lists_valid_names(capsys):
    assert main(["paper", "--only", "no_such_check"]) == 2
    error = capsys.readouterr().err
    assert "section_1_2_fifty_of_99" in error and error.count("\n") == 1


@pytest.mark.slow
def test_one_check_recomputes_its_stored_certificates(tmp_path):
    process = fbs("paper", "--only", "section_1_2_fifty_of_99", "--report-dir", str(tmp_path))
    assert process.returncode == 0, process.stdout + process.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["stored_certificate_differences"] == []
    assert report["checks"][0]["status"] == "no-number"
    assert (tmp_path / "report.md").exists() and (tmp_path / "fbs_majority.png").exists()


def test_an_interrupt_while_plotting_leaves_the_old_report_whole(tmp_path, capsys, monkeypatch):
    """Everything is rendered before anything is written: an old report stays as it was."""
    import verify.report.writer as writer

    old = {"report.json": "{}\n", "report.md": "# old\n"}
    for name, text in old.items():
        (tmp_path / name).write_text(text)

    def interrupted(results):
        raise KeyboardInterrupt

    monkeypatch.setattr(writer, "render_plots", interrupted)
    code = main(["paper", "--only", "section_1_2_fifty_of_99", "--report-dir", str(tmp_path)])
    assert code == 130 and capsys.readouterr().err.strip() == "fbs: interrupted"
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == old


def test_the_summary_line_admits_stored_certificate_differences(capsys, tmp_path):
    """A run whose recomputed certificates differ from the stored ones exits 1; its summary
    line says so beside the check counts (a reader of the last line alone is not misled)."""
    from verify.report.runner import CheckResult
    from verify.report.writer import print_table

    result = CheckResult("footnote_3_chain", "Footnote 3", "s <= bs <= fbs <= C", "ok",
                         "confirmed")
    print_table([result], ["footnote_3_chain/x: recomputed certificate differs"], tmp_path)
    lines = capsys.readouterr().out.splitlines()
    summary = [line for line in lines if "confirmed" in line][-1]
    assert lines[lines.index(summary) + 1].startswith("stored certificates: 1 DIFFER")
    print_table([result], [], tmp_path, compared=3)
    out = capsys.readouterr().out
    assert "DIFFER" not in out
    assert "stored certificates: all 3 recomputed certificates equal the stored ones" in out


def test_the_default_run_leaves_the_extensions_to_their_flag():
    """Issue 31: the budgeted extension took 176 of the 267 s of `fbs paper`; the default run
    covers the paper's claims, --extensions adds this project's own protocols."""
    import paper_checks
    from verify.report.api import _selected, all_checks

    registered = all_checks()
    default = [c.name for c in _selected(registered, None, extensions=False)]
    assert "budgeted_debate" not in default and "theorem_4_2_soundness" in default
    assert len(default) == len(registered) - len(paper_checks.EXTENSIONS)
    assert [c.name for c in _selected(registered, None, extensions=True)] == [
        c.name for c in registered]
    assert [c.name for c in _selected(registered, ["budgeted_debate"], False)] == [
        "budgeted_debate"]
