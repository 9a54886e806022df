"""verify/base/files.py: outputs never destroy anything (issue 11, section 1)."""

from __future__ import annotations

import errno
import os
import stat
import threading

import pytest

from verify.base import files
from verify.base.errors import BadInput
from verify.base.files import AtomicOutput, check_paths, write_text_atomic, write_texts_atomic


def leftovers(folder):
    return [p.name for p in folder.iterdir() if "partial" in p.name]


def test_a_symlink_is_followed_and_its_target_replaced(tmp_path):
    target, link = tmp_path / "target.json", tmp_path / "link.json"
    target.write_text("old")
    link.symlink_to(target)
    write_text_atomic(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new" and not leftovers(tmp_path)


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "missing.json")
    write_text_atomic(link, "made")
    assert link.is_symlink() and (tmp_path / "missing.json").read_text() == "made"


def test_devices_are_written_in_place():
    write_text_atomic("/dev/null", "discarded")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_fifo_is_written_in_place(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    write_text_atomic(fifo, "through the pipe")
    reader.join(10)
    assert received == ["through the pipe"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_standard_output(capsys):
    write_text_atomic("-", "to stdout\n")
    with AtomicOutput("-") as stream:
        stream.write("streamed\n")
    assert capsys.readouterr().out == "to stdout\nstreamed\n"


def test_a_full_device_is_bad_input_not_a_crash():
    with pytest.raises(BadInput, match="No space left on device"):
        write_text_atomic("/dev/full", "x" * 100_000)
    with pytest.raises(BadInput, match="No space left on device"):
        with AtomicOutput("/dev/full") as stream:
            stream.write("x" * 1_000_000)


def test_a_full_disk_while_streaming_leaves_nothing(tmp_path, monkeypatch):
    path = tmp_path / "transcript.jsonl"
    with pytest.raises(BadInput, match="cannot write"):
        with AtomicOutput(path) as stream:
            stream.write("partial line\n")
            raise OSError(errno.ENOSPC, "No space left on device")
    assert not path.exists() and not leftovers(tmp_path)
    original = os.replace

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(BadInput, match="No space left"):
        write_texts_atomic([(tmp_path / "a", "1"), (tmp_path / "b", "2")])
    monkeypatch.setattr(os, "replace", original)
    assert list(tmp_path.iterdir()) == []


def test_an_interrupt_leaves_no_partial_file(tmp_path):
    path = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        with AtomicOutput(path) as stream:
            stream.write("half")
            raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["", "."])
def test_empty_names_and_folders_are_refused(tmp_path, name):
    with pytest.raises(BadInput):
        write_text_atomic(name if name == "" else tmp_path, "x")
    with pytest.raises(BadInput):
        AtomicOutput(name if name == "" else tmp_path)


def test_permissions_survive_a_replacement(tmp_path):
    path = tmp_path / "kept.json"
    path.write_text("old")
    path.chmod(0o640)
    write_text_atomic(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 and path.read_text() == "new"


def test_outputs_that_would_overwrite_an_input_are_refused(tmp_path):
    source = tmp_path / "tree.json"
    source.write_text("{}")
    link = tmp_path / "alias.json"
    link.symlink_to(source)
    hard = tmp_path / "hard.json"
    os.link(source, hard)
    relative = os.path.relpath(source)
    for output in (source, link, hard, relative, str(tmp_path / "." / "tree.json")):
        with pytest.raises(BadInput, match="would overwrite input"):
            check_paths([(output, "-o")], [(source, "TREE")])
    check_paths([(tmp_path / "other.json", "-o")], [(source, "TREE")])
    with pytest.raises(BadInput, match="name the same file"):
        check_paths([(source, "-o"), (link, "--oracle-out")])
    with pytest.raises(BadInput, match="standard input"):
        check_paths([], [("-", "SPEC file"), ("-", "BITS file")])
    with pytest.raises(BadInput, match="standard output"):
        check_paths([("-", "-o"), ("-", "--oracle-out")])
    with pytest.raises(BadInput, match="file name is empty"):
        check_paths([("", "-o")])


def test_files_inside_an_input_folder_count_as_that_input(tmp_path):
    folder = tmp_path / "store"
    folder.mkdir()
    with pytest.raises(BadInput, match="would overwrite input"):
        check_paths([(folder / "MANIFEST.json", "report")], [(folder, "the stored certificates folder")])


def test_reading_standard_input(monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"a": 1}')))
    assert files.read_json("-", "test") == {"a": 1}
