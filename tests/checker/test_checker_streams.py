"""The checker's output streams (issue 30, section 5): `python -m verify.checker FILE >
/dev/full` exited 3, and so did a certificate named é.json on a terminal whose encoding is
ASCII (PYTHONIOENCODING=ascii), both for the checker and for `fbs check`. A full standard
output is exit 2 with one line on stderr (a full disk is bad input, README "Exit codes"); a
name the encoding cannot show is printed with backslash escapes and the verdict stands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CERTIFICATE = {"format": "fbs-certificate/1", "kind": "symmetric", "spec": "maj:3", "arity": 3,
               "input": "110", "value": "2", "dual": {"ones": "1", "zeros": "0"},
               "primal": [{"ones": 1, "zeros": 0, "weight": "1"},
                          {"ones": 1, "zeros": 0, "weight": "1"}]}
COMMANDS = {"checker": [sys.executable, "-m", "verify.checker"],
            "fbs check": [sys.executable, "-m", "verify", "check"]}


@pytest.fixture
def certificate(tmp_path) -> Path:
    """maj:3 at 110: fbs = 2 (two singleton blocks of weight 1; t = 1 on the two ones)."""
    path = tmp_path / "é.json"
    path.write_text(json.dumps(CERTIFICATE), encoding="utf-8")
    return path


def _run(argv, **kwargs):
    return subprocess.run(argv, cwd=ROOT, timeout=300, **kwargs)  # a hang guard only


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("as_json", [False, True])
def test_a_full_standard_output_is_exit_2_in_one_line(command, as_json, certificate):
    with open("/dev/full", "w") as full:
        done = _run(COMMANDS[command] + [str(certificate)] + (["--json"] if as_json else []),
                    stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "cannot write standard output" in done.stderr
    assert "No space left on device" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_name_the_terminal_cannot_encode_is_escaped(command, certificate):
    done = _run(COMMANDS[command] + [str(certificate)], capture_output=True,
                env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("ascii").startswith("valid: ")
    assert "\\xe9.json: fbs = 2" in done.stdout.decode("ascii")


def test_an_invalid_verdict_on_such_a_name_keeps_exit_1(certificate):
    certificate.write_text(json.dumps(dict(CERTIFICATE, value="3")), encoding="utf-8")
    done = _run(COMMANDS["checker"] + [str(certificate)], capture_output=True,
                env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1, done.stderr
    assert done.stderr.decode("ascii").startswith("INVALID: ") and b"\\xe9" in done.stderr
