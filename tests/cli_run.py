"""Run the `fbs` command line in-process for tests: (exit code, stdout, stderr)."""

from __future__ import annotations

import io
import sys

from verify.cli import main


def fbs_cli(capsys, *argv, stdin: str | None = None, monkeypatch=None):
    """main(argv) with argparse's SystemExit turned into its code; stdin text if given."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    try:
        code = main([str(a) for a in argv])
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err
