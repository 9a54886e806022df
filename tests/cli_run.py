"""Run the `fbs` command line for tests: in-process (exit code, stdout, stderr), or as a child
process that a test interrupts with a real SIGINT."""

from __future__ import annotations

import contextlib
import io
import signal
import subprocess
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


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def interruptible(argv, **popen_options):
    """Popen(argv) with SIGINT at its default in the child, so Python turns it into
    KeyboardInterrupt even when this test runs with SIGINT ignored (a background job of a
    shell without job control, as some CI runners start it); the child is killed on exit."""
    process = subprocess.Popen(argv, preexec_fn=_default_sigint, **popen_options)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
