"""`fbs census ... -o PREFIX`: a PREFIX that names no file (empty, a folder written with a
trailing '/', '.' or '..') is bad input: exit 2, one line on stderr, nothing written. Before,
`-o ''` was silently ignored (exit 0, no file) and `-o .` or `-o DIR/` wrote hidden files
such as '..md' or 'DIR/.json'."""

import os

import pytest

from tests.cli_run import fbs_cli


def _store(path):
    from verify.sweep.store import Store

    Store(path, create=True)  # an empty sweep store: its census is quick
    return path


def _files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("prefix", ["", ".", "..", "out/", "out/.", f"out{os.sep}.."])
@pytest.mark.parametrize("mode", ["exhaustive", "store", "store shards"])
def test_a_prefix_naming_no_file_is_refused(capsys, tmp_path, monkeypatch, prefix, mode):
    work = tmp_path / "work"
    (work / "out").mkdir(parents=True)
    monkeypatch.chdir(work)
    if mode == "exhaustive":
        argv = ["census", "--exhaustive", "2"]
    else:
        _store(tmp_path / "store")
        argv = ["census", tmp_path / "store"] + (["--exhaustive", "3"] if mode == "store shards"
                                                  else [])
    before = _files(tmp_path)
    code, out, err = fbs_cli(capsys, *argv, "-o", prefix)
    assert code == 2 and err.count("\n") == 1 and "-o" in err, (code, err)
    assert "Traceback" not in err and out == ""
    assert _files(tmp_path) == before


def test_a_prefix_in_a_folder_still_writes_there(capsys, tmp_path):
    """The refusal is about the last part only: DIR/name and ./name are fine."""
    (tmp_path / "out").mkdir()
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", "2", "-o", tmp_path / "out" / "c")
    assert code == 0, err
    assert _files(tmp_path / "out") == ["c.json", "c.md", "c.png"]
    code, out, err = fbs_cli(capsys, "census", _store(tmp_path / "store"), "-o",
                             tmp_path / "out" / "s")
    assert code == 0, err
    assert _files(tmp_path / "out") == ["c.json", "c.md", "c.png", "s.json", "s.md", "s.png"]


def test_outputs_that_are_one_file_are_refused_before_the_work(capsys, tmp_path, no_census):
    """PREFIX.json a link to PREFIX.md: refused before the census (Q = 6 takes minutes), with
    both names in the message; before, after the work, as 'output and output'."""
    (tmp_path / "c.md").write_text("keep\n")
    (tmp_path / "c.json").symlink_to(tmp_path / "c.md")
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 6, "-o", tmp_path / "c")
    assert code == 2 and err.count("\n") == 1 and "c.md" in err and "c.json" in err, err
    assert (tmp_path / "c.md").read_text() == "keep\n"


def test_store_census_outputs_that_are_one_file_name_both(capsys, tmp_path):
    (tmp_path / "c.md").write_text("keep\n")
    (tmp_path / "c.png").symlink_to(tmp_path / "c.md")
    code, out, err = fbs_cli(capsys, "census", _store(tmp_path / "store"), "-o", tmp_path / "c")
    assert code == 2 and err.count("\n") == 1 and "c.md" in err and "c.png" in err, err
    assert (tmp_path / "c.md").read_text() == "keep\n"
