"""The `fbs` command line (also `python -m verify`).

Exit codes: 0 success / certificate valid, 1 certificate invalid, 2 bad input or
unreadable file, 3 internal or solver failure (a bug: please report it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # before numpy loads: BLAS threads cost start-up time

from verify.base.errors import FbsError  # noqa: E402

EXIT_OK, EXIT_INVALID, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit code 2."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"fbs: error: {message} (see fbs --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fbs", description="Exact, certified fractional block sensitivity "
                     "and the FBS Debate protocol.", epilog=__doc__.split("\n\n", 1)[1],
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    from .commands import register_all

    register_all(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; never lets a traceback reach the user."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except FbsError as error:
        print(f"fbs: error: {_one_line(str(error))}", file=sys.stderr)
        return error.exit_code
    except BrokenPipeError:  # the reader (e.g. `head`) closed the pipe: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        print("fbs: interrupted", file=sys.stderr)
        return EXIT_INTERNAL
    except Exception as error:  # noqa: BLE001 - the promise is: no traceback, ever
        if os.environ.get("FBS_DEBUG"):
            raise
        print(f"fbs: internal error: {error.__class__.__name__}: {error} "
              "(set FBS_DEBUG=1 for a traceback)", file=sys.stderr)
        return EXIT_INTERNAL


def _one_line(message: str, limit: int = 400) -> str:
    """A message on one line, cut to `limit` characters (specs can be megabytes long)."""
    message = " ".join(message.split())
    return message if len(message) <= limit else message[:limit] + "... (message cut)"


def print_json(document) -> None:
    """Machine output on stdout."""
    json.dump(document, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    sys.exit(main())
