"""`python -m verify.checker [--json] FILE...`: the trusted checker as a process of its own.

The process imports the standard library and `verify.checker` only (the `verify` package's
`__init__` imports nothing), so nothing untrusted runs beside the checker; `fbs check` and
`fbs paper --check-stored` run it this way (docs/design.md, Trust boundary). Each FILE is
a certificate (gzip accepted; `-` is standard input), checked as certificates/FORMAT.md
says. Output, one line per file:

    valid: FILE: fbs = VALUE                       (standard output)
    INVALID: FILE: [CONDITION] MESSAGE             (standard error)
    error: FILE: malformed certificate: MESSAGE    (standard error)
    error: FILE: beyond the checker's work bound: MESSAGE   (a documented bound; standard error)

With --json, one JSON object per file and line on standard output instead: `file`, `valid`,
`condition`, `message`, `value` and `quantity` (what the value is: fbs, or s, bs, C for the
measure kind; as `fbs check --json`), `exit`, the file's exit code, and
`too_large`: true when the file was refused only for exceeding one of the checker's documented
size or work bounds (CertificateTooLarge; exit 2 like any malformed file).
The process exits with the largest code of its files: 0 all valid, 1 some invalid,
2 some malformed or unreadable, or standard output could not be written (a full disk or
/dev/full: one line on standard error once every file is checked; a closed pipe only stops
the output); 3 a bug of the checker. Every file is checked whatever happens to the output; a
full standard error is silent and keeps the verdicts' code. A name that the terminal's
encoding cannot show is printed with backslash escapes.
"""

from __future__ import annotations

import json
import os
import sys

from .errors import CertificateMalformed, CertificateTooLarge
from .reader import MAX_FILE_BYTES, check_bytes, check_file

EXIT_VALID, EXIT_INVALID, EXIT_MALFORMED, EXIT_BUG = 0, 1, 2, 3
USAGE = "usage: python -m verify.checker [--json] [--] FILE... (FILE - is standard input)"


def verdict(name: str) -> dict:
    """The checker's verdict on one file as the JSON object --json prints."""
    try:
        report = check_file(name) if name != "-" else check_bytes(_stdin_bytes())
    except CertificateMalformed as error:
        too_large = isinstance(error, CertificateTooLarge)
        what = "beyond the checker's work bound" if too_large else "malformed certificate"
        return {"file": name, "valid": False, "condition": "malformed",
                "message": f"{name}: {what}: {error}", "value": None,
                "quantity": None, "exit": EXIT_MALFORMED, "too_large": too_large}
    except _Unreadable as error:
        return {"file": name, "valid": False, "condition": "unreadable", "message": str(error),
                "value": None, "quantity": None, "exit": EXIT_MALFORMED, "too_large": False}
    value = None if report.value is None else str(report.value)
    return {"file": name, "valid": report.valid, "condition": report.condition,
            "message": report.message, "value": value, "quantity": report.quantity if report.valid else None,
            "exit": EXIT_VALID if report.valid else EXIT_INVALID, "too_large": False}


class _Unreadable(Exception):
    """Standard input could not be read."""


def _stdin_bytes() -> bytes:
    try:
        stream = sys.stdin.buffer
        return stream.read(MAX_FILE_BYTES + 1)
    except (AttributeError, OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        raise _Unreadable(f"cannot read the certificate from '-': {reason}") from None


def _print_line(result: dict) -> None:
    if result["exit"] == EXIT_VALID:
        _write(sys.stdout, f"valid: {result['file']}: {result['quantity']} = {result['value']}")
    elif result["exit"] == EXIT_INVALID:
        _write(sys.stderr,
               f"INVALID: {result['file']}: [{result['condition']}] {result['message']}")
    else:
        _write(sys.stderr, f"error: {result['message']}")


_STDOUT_FAILED: list[str] = []  # why standard output could not be written, if it could not


def _write(stream, line: str) -> None:
    """One line, flushed. A stream that cannot be written is pointed at /dev/null from then on;
    a full standard output (not a closed pipe, whose reader is gone) is remembered for the
    exit code and a line on standard error."""
    try:
        print(line, file=stream, flush=True)
    except BrokenPipeError:
        _silence(stream)
    except (OSError, ValueError) as error:
        _silence(stream)
        if stream is sys.stdout and not _STDOUT_FAILED:
            _STDOUT_FAILED.append(getattr(error, "strerror", None) or str(error))


def _silence(stream) -> None:
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # no descriptor to redirect (a replaced stream): nothing more to do


def _split(args: list[str]) -> tuple[list[str], list[str]]:
    """(options, file names): `-` is a file, every argument after `--` is a file."""
    options, names = [], []
    for k, arg in enumerate(args):
        if arg == "--":
            return options, names + args[k + 1:]
        (options if arg.startswith("-") and arg != "-" else names).append(arg)
    return options, names


def main(argv: list[str] | None = None) -> int:
    """Check every file named in argv; the exit code is the largest of the files' codes."""
    args = list(sys.argv[1:] if argv is None else argv)
    options, names = _split(args)
    as_json = "--json" in options
    if not names or any(option != "--json" for option in options):
        print(USAGE, file=sys.stderr)
        return EXIT_MALFORMED
    _escape_unencodable()
    code = EXIT_VALID
    try:
        for name in names:  # every file is checked, even once the output cannot be written
            result = verdict(name)
            code = max(code, result["exit"])
            if as_json:
                _write(sys.stdout, json.dumps(result))
            else:
                _print_line(result)
    except KeyboardInterrupt:
        _write(sys.stderr, "error: interrupted")
        return 130
    except Exception as error:  # noqa: BLE001 - no traceback, ever: a bug is one line, exit 3
        _write(sys.stderr, f"error: internal error of the checker: {type(error).__name__}: "
               f"{str(error).splitlines()[0][:200] if str(error) else ''}")
        return EXIT_BUG
    if _STDOUT_FAILED:
        _write(sys.stderr, f"error: cannot write standard output: {_STDOUT_FAILED[0]}")
        return max(code, EXIT_MALFORMED)
    return code


def _escape_unencodable() -> None:
    """A file name the terminal's encoding cannot show (e.g. PYTHONIOENCODING=ascii) is
    printed with backslash escapes instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


if __name__ == "__main__":
    sys.exit(main())
