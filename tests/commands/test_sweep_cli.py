"""`fbs sweep` and `fbs census` from the command line (issue 14): a run end to end, and bad
input: exit 2, one line, nothing written, STORE never corrupted."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def fbs(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "verify", *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, timeout=300, input=stdin)


def assert_bad_input(process, words):
    assert process.returncode == 2, process.stdout + process.stderr
    assert process.stderr.count("\n") == 1 and "Traceback" not in process.stderr
    assert words in process.stderr, process.stderr


@pytest.mark.slow
def test_sweep_then_census_end_to_end(tmp_path):
    store, jobs = tmp_path / "store", tmp_path / "jobs.jsonl"
    jobs.write_text('{"kind": "compute", "spec": "maj:3", "input": "000"}\n\n'
                    '{"kind": "plan", "rho": "2", "depth": 3}\n')
    done = fbs("sweep", jobs, "--family", "npn:2", "-o", store, "--workers", "1", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["jobs"], report["computed"], report["complete"]) == (2 + 4 * 4, 18, True)
    summary = fbs("census", store, "-o", tmp_path / "c")
    assert summary.returncode == 0, summary.stderr
    assert summary.stdout == (tmp_path / "c.md").read_text()
    figures = json.loads((tmp_path / "c.json").read_text())
    assert figures["arities"]["3"]["fbs"] == {"3/2": 1}  # MAJ_3 at 000
    assert (tmp_path / "c.png").stat().st_size > 1000


@pytest.mark.parametrize("args, words", [
    (["sweep", "-o", "{store}"], "give JOBS"),
    (["sweep", "--family", "all:9", "-o", "{store}"], "1 <= Q <= 4"),
    (["sweep", "--family", "npn", "-o", "{store}"], "expected npn:Q"),
    (["sweep", "--family", "random-trees:1:x:2:maj:3", "-o", "{store}"], "random-trees:SEED"),
    (["sweep", "--family", "random-trees:1:2:2:nope:3", "-o", "{store}"], "nope"),
    (["sweep", "--family", "all:2", "-o", "{store}", "--workers", "0"], "--workers"),
    (["sweep", "--family", "all:2", "-o", "{store}", "--scheduler", "tcp://x:1", "--workers",
      "2"], "local cluster only"),
    (["sweep", "{missing}", "-o", "{store}"], "cannot read the jobs"),
    (["sweep", "--family", "all:2", "-o", "{nowhere}"], "parent folder does not exist"),
])
def test_bad_sweep_input_writes_nothing(tmp_path, args, words):
    places = {"store": tmp_path / "store", "missing": tmp_path / "no.jsonl",
              "nowhere": tmp_path / "no" / "store"}
    assert_bad_input(fbs(*[a.format(**places) for a in args]), words)
    assert not (tmp_path / "store").exists() and not (tmp_path / "no").exists()


@pytest.mark.parametrize("line, words", [
    ("not json", "line 2: not valid JSON"),
    ('{"kind": "compute", "spec": "maj:3", "input": "1"}', "line 2"),
    ('{"kind": "compute", "spec": "zz:3", "input": "1"}', "line 2"),
    ("[1, 2]", "line 2: a job must be a JSON object"),
])
def test_a_bad_job_line_is_named_and_nothing_runs(tmp_path, line, words):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text('{"kind": "compute", "spec": "maj:3", "input": "110"}\n' + line + "\n")
    assert_bad_input(fbs("sweep", jobs, "-o", tmp_path / "store"), words)
    assert not (tmp_path / "store").exists()


@pytest.mark.slow
def test_jobs_from_standard_input_are_validated_too(tmp_path):
    assert_bad_input(fbs("sweep", "-", "-o", tmp_path / "store", stdin="{}\n"), "kind")


@pytest.mark.slow
def test_a_file_or_a_foreign_folder_is_never_used_as_store(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("keep me\n")
    assert_bad_input(fbs("sweep", "--family", "all:1", "-o", target), "not a folder")
    assert target.read_text() == "keep me\n"
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "data.csv").write_text("1,2\n")
    assert_bad_input(fbs("sweep", "--family", "all:1", "-o", folder), "not a sweep store")
    assert [p.name for p in folder.iterdir()] == ["data.csv"]


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_line(tmp_path, monkeypatch, capsys):
    from verify.cli import main
    from verify.sweep import runner

    monkeypatch.setattr(runner, "CONNECT_TIMEOUT", "1s")  # nothing listens on port 9
    code = main(["sweep", "--family", "all:1", "-o", str(tmp_path / "store"), "--scheduler",
                 "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "cannot connect to the Dask scheduler" in err
    assert not (tmp_path / "store").exists()


@pytest.mark.slow
def test_census_of_a_non_store_or_a_damaged_part(tmp_path):
    assert_bad_input(fbs("census", tmp_path), "not a sweep store")
    store = tmp_path / "store"
    (store / "rows").mkdir(parents=True)
    (store / "fbs-sweep-store.json").write_text('{"format": "fbs-sweep-store/1"}\n')
    (store / "rows" / "part-x.parquet").write_bytes(b"PAR1 not really")
    assert_bad_input(fbs("census", store), "part rows/part-x.parquet is damaged: not readable")
    (store / "fbs-sweep-store.json").write_text('{"format": "other"}\n')
    assert_bad_input(fbs("census", store), "unsupported store format")
