"""Run the trusted checker in a process of its own (`python -m verify.checker`, docs/design.md,
Trust boundary): that process imports the standard library and `verify.checker` only, so
nothing untrusted (numpy, solvers, the rest of fbs-verify) is loaded beside the checker.

The child is started with `-I -S` (no site-packages, no environment variables, no current
directory on the path), the folder holding `verify/` appended after the standard library
(`boot_code`), and reports one JSON line per certificate (verify/checker/__main__.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable

from .errors import EXIT_BUG, FbsError

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder that holds `verify/`


def boot_code(root: Path) -> str:
    """The child's start-up line: the folder holding `verify/` goes AFTER the standard
    library on sys.path. In a non-editable install that folder is site-packages, where a
    module named like a standard one (json.py, fractions.py) must never be the one the
    trusted process loads; appended last, only `verify` itself is found there."""
    return (f"import sys; sys.path.append({str(root)!r}); "
            "from verify.checker.__main__ import main; sys.exit(main())")


BOOT = boot_code(PACKAGE_ROOT)


class CheckerFailure(FbsError):
    """The checker process ended without a verdict for every file: a bug (exit code 3)."""

    exit_code = EXIT_BUG


def checker_argv(names: Iterable[str]) -> list[str]:
    """The command line of a checker process that checks `names` and prints JSON lines."""
    return [sys.executable, "-I", "-S", "-c", BOOT, "--json", "--", *names]


def check_in_process(names: list[str | os.PathLike],
                     on_verdict: Callable[[dict], None] | None = None) -> list[dict]:
    """The checker's verdict on every file (JSON objects as `python -m verify.checker --json`
    prints them: file, valid, condition, message, value, exit, too_large), in order; `on_verdict` is
    called as each arrives. `-` reads this process's standard input."""
    names = [os.fspath(name) for name in names]
    verdicts: list[dict] = []
    feed = _standard_input(names)
    process = subprocess.Popen(checker_argv(names), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               stdin=None if feed is None else subprocess.PIPE)
    with process:
        if feed is not None:  # written by a thread, so that the child's verdicts never block it
            threading.Thread(target=_write_and_close, args=(process.stdin.buffer, feed),
                             daemon=True).start()
        for line in process.stdout:
            verdicts.append(json.loads(line))
            if on_verdict is not None:
                on_verdict(verdicts[-1])
        error = process.stderr.read().strip()
    if len(verdicts) != len(names) or process.returncode not in (0, 1, 2):
        detail = error.splitlines()[-1][:300] if error else f"exit code {process.returncode}"
        raise CheckerFailure(f"the checker process ended without a verdict for every "
                             f"certificate: {detail}")
    return verdicts


def _standard_input(names: list[str]) -> bytes | None:
    """What the child reads as `-`: None where it inherits this process's descriptor 0 (the
    usual case), else the bytes of `sys.stdin` (replaced, e.g. in-process tests; closed: empty)."""
    if "-" not in names:
        return None
    try:
        if sys.stdin.fileno() == 0:
            return None
    except (AttributeError, OSError, ValueError):
        pass
    if sys.stdin is None:
        return b""
    data = getattr(sys.stdin, "buffer", sys.stdin).read()
    return data.encode() if isinstance(data, str) else data


def _write_and_close(stream, data: bytes) -> None:
    try:
        stream.write(data)
        stream.close()
    except OSError:  # the child stopped reading (a verdict on a bad file): nothing to add
        pass
