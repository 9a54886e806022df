"""Issue 40, section 3, the Coq route: a size refusal is exit 2; any file name (not UTF-8,
holding `"` or a comment delimiter) gives a Coq file whose comments coqc reads as comments;
a broken or foreign coqc is an environment problem (exit 2); nothing is written half-way
(`certify -o C.json --coq nodir/x.v`, `coq -o OUT --check` refused by coqc); a refusal's
reason stays on its line after a long spec. The fake coqc programs here are shell scripts on
PATH (no Coq needed); the one test that runs the real coqc is marked slow."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

import verify
from tests.cli_run import fbs_cli
from tests.formal.test_coq_export import needs_coqc
from verify.cli import _one_line
from verify.formal.coq_terms import comment

EXIT_BAD_INPUT, EXIT_FAILED = 2, 1


@pytest.fixture
def certificate(tmp_path) -> Path:
    path = tmp_path / "C.json"
    verify.certify("maj:3", "110", output=path)
    return path


def test_a_composition_certificate_beyond_the_export_is_exit_2_and_writes_nothing(
        tmp_path, capsys):
    spec = "compose(or:2;maj:29;maj:3)"
    result = verify.certify(spec, "1^15,0^14,1^2,0^1", output=tmp_path / "comp.json",
                            method="composition")
    assert result.value == 2  # only the two 1s of maj:3 at 110 are sensitive: the case
    code, out, err = fbs_cli(capsys, "coq", tmp_path / "comp.json", "-o", tmp_path / "comp.v")
    assert code == EXIT_BAD_INPUT, err
    assert "'maj:29': N = 29 exceeds the arity limit 28; nothing written" in err
    assert "internal error" not in err and not (tmp_path / "comp.v").exists()


@pytest.mark.parametrize("name", [os.fsdecode(b"c\xff\xfe.json"), 'c"x(*.json', "c*)\".json"])
def test_any_file_name_gives_comments_without_quotes_or_delimiters(name, certificate, tmp_path,
                                                                   capsys):
    source = tmp_path / name
    shutil.copy(certificate, source)
    code, _, err = fbs_cli(capsys, "coq", source, "-o", tmp_path / "out.v")
    assert code == 0, err
    text = (tmp_path / "out.v").read_bytes().decode("utf-8")  # UTF-8 whatever the name
    for body in re.findall(r"\(\*(.*?)\*\)", text, re.S):
        assert '"' not in body and "(*" not in body
    if "\xff" in os.fsencode(name).decode("latin-1"):
        assert "\\udcff\\udcfe" in text  # the bytes, shown as escapes


def test_comment_text_is_one_encodable_line_without_quotes():
    assert comment('a "b" (* c *)\nd') == "a 'b' ( * c * ) d"
    assert comment(os.fsdecode(b"\xff")) == "\\udcff"


def _fake_coqc(folder: Path, script: str, monkeypatch) -> None:
    folder.mkdir()
    program = folder / "coqc"
    program.write_text("#!/bin/sh\n" + script)
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FBS_PROVED_CACHE", str(folder.parent / "cache"))  # not the user's


VERSION = 'if [ "$1" = --version ]; then echo "The Coq Proof Assistant, version 8.16.1"; exit 0; fi\n'


@pytest.mark.parametrize("script, said", [
    ("head -c 300 /bin/sh\nexit 0\n", "is not Coq"),  # a foreign program printing binary junk
    ("exit 1\n", "is not Coq"),  # a coqc that fails on everything
    (VERSION + "printf 'Error: \\377\\376 broken\\n' >&2\nexit 1\n",
     "does not compile the Coq library"),  # a Coq that cannot build our library
])
def test_a_broken_or_foreign_coqc_is_an_environment_problem(script, said, certificate,
                                                            tmp_path, capsys, monkeypatch):
    _fake_coqc(tmp_path / "bin", script, monkeypatch)
    out_v = tmp_path / "out.v"
    code, _, err = fbs_cli(capsys, "coq", certificate, "-o", out_v, "--check")
    lines = [line for line in err.splitlines() if not line.startswith("fbs: compiling")]
    assert code == EXIT_BAD_INPUT and said in err and "environment problem" in err, err
    assert len(lines) == 1 and "internal error" not in err and not out_v.exists()


def test_a_file_coqc_refuses_is_not_written(certificate, tmp_path, capsys, monkeypatch):
    """The library compiles (exit 0), the exported file does not: exit 1, nothing written."""
    _fake_coqc(tmp_path / "bin", VERSION + 'case "$*" in *Exported.v*) echo "Error: no" >&2; '
               'exit 1;; esac\ntouch "${5%.v}.vo"\nexit 0\n', monkeypatch)
    out_v = tmp_path / "out.v"
    code, out, err = fbs_cli(capsys, "coq", certificate, "-o", out_v, "--check")
    assert code == EXIT_FAILED and "coqc REFUSED" in out and "nothing written" in out, out
    assert not out_v.exists() and not list(tmp_path.glob(".out.v*"))


def test_certify_with_a_coq_output_in_a_missing_folder_writes_nothing(tmp_path, capsys):
    code, _, err = fbs_cli(capsys, "certify", "maj:3", "--at", "110", "-o", tmp_path / "C.json",
                           "--coq", tmp_path / "nodir" / "x.v")
    assert code == EXIT_BAD_INPUT and "the folder" in err and "does not exist" in err, err
    assert list(tmp_path.iterdir()) == []
    code, _, err = fbs_cli(capsys, "certify", "maj:3", "--at", "110", "-o",
                           tmp_path / "nodir" / "C.json", "--coq", tmp_path / "x.v")
    assert code == EXIT_BAD_INPUT and list(tmp_path.iterdir()) == []


def test_the_refusal_of_a_large_spec_keeps_its_reason(tmp_path, capsys):
    spec = "tt:" + "0" * 8191 + "1"  # q = 13: beyond the Coq export's arity 12
    code, _, err = fbs_cli(capsys, "certify", spec, "--at", "1^13", "-o", tmp_path / "C.json",
                           "--coq", tmp_path / "x.v")
    assert code == EXIT_BAD_INPUT and err.count("\n") == 1
    assert err.rstrip().endswith("arity 13 > 12, beyond what coqc checks in reasonable time "
                                 "(2^q masks); nothing written"), err
    assert list(tmp_path.iterdir()) == []


def test_a_cut_message_keeps_its_end():
    message = "spec '" + "x" * 5000 + "': the reason"
    line = _one_line(message)
    assert line.endswith("': the reason") and "(message cut)" in line and len(line) < 450


@pytest.mark.slow
@needs_coqc
def test_coqc_proves_the_file_of_a_certificate_named_with_quotes(certificate, tmp_path,
                                                                   capsys):
    """Before: the header comment opened a Coq string; coqc refused a valid certificate."""
    source = tmp_path / 'c"x(*.json'
    shutil.copy(certificate, source)
    code, out, err = fbs_cli(capsys, "coq", source, "-o", tmp_path / "out.v", "--check")
    assert code == 0 and "every theorem" in out, out + err
