"""`python -m verify.checker [--json] FILE...`: the trusted checker as a process of its own.

The process imports the standard library and `verify.checker` only (the `verify` package's
`__init__` imports nothing), so nothing untrusted runs beside the checker; `fbs check` and
`fbs paper --check-stored` run it this way (docs/design.md, Trust boundary). Each FILE is
a certificate (gzip accepted; `-` is standard input), checked as certificates/FORMAT.md
says. Output, one line per file:

    valid: FILE: fbs = VALUE                       (standard output)
    INVALID: FILE: [CONDITION] MESSAGE             (standard error)
    error: FILE: malformed certificate: MESSAGE    (standard error)

With --json, one JSON object per file and line on standard output instead: `file`, `valid`,
`condition`, `message`, `value` and `quantity` (what the value is: fbs, or s, bs, C for the
measure kind; as `fbs check --json`), `exit`, the file's exit code, and
`too_large`: true when the file was refused only for exceeding one of the checker's documented
size or work bounds (CertificateTooLarge; exit 2 like any malformed file).
The process exits with the largest code of its files: 0 all valid, 1 some invalid,
2 some malformed or unreadable, or standard output cannot be written (a full disk or
/dev/full; one line on standard error); 3 a bug of the checker. A name that the terminal's
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
        return {"file": name, "valid": False, "condition": "malformed",
                "message": f"{name}: malformed certificate: {error}", "value": None,
                "quantity": None, "exit": EXIT_MALFORMED, "too_large": isinstance(error, CertificateTooLarge)}
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
        print(f"valid: {result['file']}: {result['quantity']} = {result['value']}", flush=True)
    elif result["exit"] == EXIT_INVALID:
        print(f"INVALID: {result['file']}: [{result['condition']}] {result['message']}",
              file=sys.stderr, flush=True)
    else:
        print(f"error: {result['message']}", file=sys.stderr, flush=True)


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
        for name in names:
            result = verdict(name)
            _write(result, as_json)
            code = max(code, result["exit"])
    except BrokenPipeError:
        return code
    except _OutputFailed as failed:
        _discard_stdout()
        print(f"error: cannot write standard output: {failed}", file=sys.stderr)
        return max(code, EXIT_MALFORMED)
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001 - no traceback, ever: a bug is one line, exit 3
        return _bug(error)
    return code


class _OutputFailed(Exception):
    """Standard output could not take a verdict (a full disk, /dev/full, an I/O error)."""


def _write(result: dict, as_json: bool) -> None:
    try:
        if as_json:
            print(json.dumps(result), flush=True)
        else:
            _print_line(result)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise _OutputFailed(error.strerror or str(error)) from None


def _bug(error: BaseException) -> int:
    print(f"error: internal error of the checker: {type(error).__name__}: "
          f"{str(error).splitlines()[0][:200] if str(error) else ''}", file=sys.stderr)
    return EXIT_BUG


def _escape_unencodable() -> None:
    """A file name the terminal's encoding cannot show (e.g. PYTHONIOENCODING=ascii) is
    printed with backslash escapes instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def _discard_stdout() -> None:
    """Standard output's pending bytes go to /dev/null: the interpreter's flush at exit
    neither fails nor prints."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
