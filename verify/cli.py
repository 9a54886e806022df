"""The `fbs` command line (also `python -m verify`).

Exit codes (the same for every command):
  0    success (a certificate is valid, every check holds)
  1    a certificate is invalid, or a check or a theorem's hypothesis or conclusion fails on
       this instance: `fbs check`, `fbs blocks --check`, `fbs paper`, `fbs debate run` with
       the honest Alice where the FBS condition fails, `fbs debate completeness` where the
       honest Alice can lose or the FBS condition fails
  2    bad input: a spec, bit string, file or option; a malformed certificate; a size beyond
       a documented limit; an output that would overwrite an input or whose folder is
       missing; a full disk; a missing, broken or foreign coqc (an environment problem)
  3    a bug of fbs-verify (an internal error, or a solver and the checker disagree)
  130  interrupted (Ctrl-C); no partial file is left
Errors are one line on stderr (FBS_DEBUG=1 adds a traceback; the exit code is the same).
`-` is standard input or output wherever a file is read or written; SPEC and BITS may be
@FILE or @-.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
import traceback

ONE_BLAS_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
for _variable, _value in ONE_BLAS_THREAD.items():
    os.environ.setdefault(_variable, _value)  # before numpy loads: BLAS threads cost start-up

from verify.base.errors import (  # noqa: E402
    EXIT_BAD_INPUT,
    EXIT_BUG,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    BadInput,
    FbsError,
)
from verify.base.interrupts import raise_if_interrupted, remember_interrupts  # noqa: E402

__all__ = ["EXIT_BAD_INPUT", "EXIT_BUG", "EXIT_FAILED", "EXIT_INTERRUPTED", "EXIT_OK", "main",
           "run"]


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors, exit code 2, and defaults shown in --help."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"fbs: error: {_one_line(message)} (see fbs --help)\n")


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the epilog's layout and appends "(default: X)" to options that have one."""

    def _get_help_string(self, action):
        text = action.help or ""
        if "%(default)" in text or "default" in text or action.default is None \
                or action.default is False or action.default is argparse.SUPPRESS \
                or not action.option_strings:
            return text
        return f"{text} (default: %(default)s)"


def build_parser() -> argparse.ArgumentParser:
    from verify import __version__

    parser = _Parser(prog="fbs", description="Exact, certified fractional block sensitivity "
                     "and the FBS Debate protocol.", epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--version", action="version", version=f"fbs-verify {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    from .commands import register_all

    register_all(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; never lets a traceback reach the user (unless FBS_DEBUG=1)."""
    try:
        remember_interrupts()
        _escape_unencodable()
        parser = build_parser()
        args = parser.parse_args(argv)
        if sys.stdout is None:  # started with standard output closed (`>&-`)
            raise BadInput("standard output is closed; give the command an open standard "
                           "output (e.g. > /dev/null)")
        code = args.run(args)
        sys.stdout.flush()  # a full standard output fails here, not at interpreter exit
        raise_if_interrupted()  # a Ctrl-C whose KeyboardInterrupt Python dropped
        return code
    except FbsError as error:
        _debug_traceback()
        limit = None if getattr(error, "full_message", False) else 400
        print(f"fbs: error: {_one_line(str(error), limit)}", file=sys.stderr)
        return error.exit_code
    except BrokenPipeError:  # the reader (e.g. `head`) closed the pipe: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt as interrupt:
        return _interrupted(interrupt)
    except OSError as error:
        if not _stdout_failed(error):
            return _internal_error(error)
        _debug_traceback()
        print(f"fbs: error: cannot write standard output: {error.strerror or error}",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as error:  # noqa: BLE001 - the promise is: no traceback, ever
        return _internal_error(error)


def _escape_unencodable() -> None:
    """Text the terminal's encoding cannot show (a file named é.json under
    PYTHONIOENCODING=ascii) is printed with backslash escapes instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def _internal_error(error: BaseException) -> int:
    if _raised_by_interrupt(error):
        return _interrupted()
    _debug_traceback()
    print(f"fbs: internal error: {error.__class__.__name__}: {_one_line(str(error))} "
          "(a bug of fbs-verify; set FBS_DEBUG=1 for a traceback)", file=sys.stderr)
    return EXIT_BUG


def _stdout_failed(error: OSError) -> bool:
    """True for an output that cannot take what was written (a full disk or /dev/full, a
    file too large, an I/O error): files written through verify.base.files already say so,
    so this is standard output. Its pending bytes then go to /dev/null, so that the
    interpreter's own flush at exit neither fails nor prints."""
    if error.errno not in _FULL or isinstance(error, BrokenPipeError):
        return False
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        pass
    return True


_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def run() -> None:
    """The `fbs` command: main(), then exit with its code. After Ctrl-C with z3 loaded, exit
    without finalizing the interpreter (os._exit): an interrupt inside a z3 call can leave
    z3's context unable to free itself (seen: Z3_del_context looping for minutes at exit).
    Outputs are whole or absent by then (atomic writes); the streams are flushed first."""
    code = main()
    if code == EXIT_INTERRUPTED and "z3" in sys.modules:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    sys.exit(code)


def _interrupted(interrupt: BaseException | None = None) -> int:
    """One line on stderr: "fbs: interrupted", with the note of a command that said what is
    left (verify.base.interrupts.InterruptedWithNote)."""
    note = getattr(interrupt, "note", None)
    print(("\n" if sys.stderr.isatty() else "") + "fbs: interrupted"
          + (f": {_one_line(note)}" if note else ""), file=sys.stderr)
    return EXIT_INTERRUPTED


def _raised_by_interrupt(error: BaseException) -> bool:
    """Ctrl-C that a library wrapped in another exception (Python 3.11 turns one raised
    during a class's __set_name__, e.g. while matplotlib imports, into RuntimeError)."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _debug_traceback() -> None:
    if os.environ.get("FBS_DEBUG"):
        traceback.print_exc(file=sys.stderr)


def _one_line(message: str, limit: int | None = 400) -> str:
    """A message on one line, cut to about `limit` characters (specs can be megabytes long;
    None: never cut, for lists of valid names). The cut is in the middle, so that the reason,
    which ends a message, stays after whatever long text the message echoes."""
    message = " ".join(message.split())
    if limit is None or len(message) <= limit:
        return message
    keep = limit // 2
    return f"{message[:keep]} ... (message cut) ... {message[-keep:]}"


def print_json(document, stream=None) -> None:
    """Machine output on stdout."""
    from verify.base.numbers import json_text

    stream = sys.stdout if stream is None else stream
    stream.write(json_text(document, indent=1) + "\n")


if __name__ == "__main__":
    run()
