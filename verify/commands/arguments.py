"""Argument helpers shared by the sub-commands: typed values, @FILE arguments, outputs.

Every command lists its input and output files and calls `check_outputs` before any work,
so an output that would overwrite an input (or another output) is refused with exit code 2
(verify.base.files.check_paths). `-` is standard input or output; where an output goes to
standard output, the command's own report goes to standard error.
"""

from __future__ import annotations

import argparse
import sys

from verify.base.errors import BadInput
from verify.base.files import (
    STDIO,
    argument_source,
    check_output_folders,
    check_paths,
    read_argument,
)
from verify.base.numbers import parse_count

MAX_SPEC_BYTES = 2**30


def count(text: str, low: int = 0) -> int:
    """argparse type: a non-negative integer in ASCII digits (argparse names the option)."""
    try:
        return parse_count(text, "the value", low)
    except BadInput as error:
        raise argparse.ArgumentTypeError(str(error).replace("the value ", "")) from None


def positive(text: str) -> int:
    """argparse type: an integer >= 1 in ASCII digits."""
    return count(text, low=1)


def spec_text(argument: str) -> str:
    """A SPEC argument: inline, or read from @FILE / @- (a long truth table does not fit in argv)."""
    return read_argument(argument, "the spec", MAX_SPEC_BYTES).strip()


def spec_inputs(argument: str | None, text: str | None = None,
                what: str = "SPEC") -> list[tuple[str | None, str]]:
    """The files a SPEC argument reads: its @FILE and the cnf: paths of the spec text."""
    from verify.functions.spec import cnf_paths

    if argument is None:
        return []
    source = argument_source(argument)
    found = [(source, f"{what} file")] if source is not None else []
    return found + [(path, "cnf: file of the spec") for path in cnf_paths(text or argument)]


def bits_inputs(argument: str | None) -> list[tuple[str | None, str]]:
    """The file a BITS argument reads (@FILE or @-), if any."""
    return [(argument_source(argument), "BITS file")]


def check_outputs(outputs, inputs) -> None:
    """Refuse an output that would overwrite an input or another output, or whose folder is
    missing (before any work)."""
    check_paths(outputs, inputs)
    check_output_folders(outputs)


def report_stream(*outputs):
    """Where the human-readable report goes: stderr if an output is standard output."""
    return sys.stderr if any(output == STDIO for output in outputs) else sys.stdout


def refuse_json_with_stdout(json_flag: bool, *outputs) -> None:
    """--json and an output `-` would both write to standard output."""
    if json_flag and any(output == STDIO for output in outputs):
        raise BadInput("--json and an output '-' both write to standard output; "
                       "give the output a file name")


def tree_title(document: dict) -> str:
    """What a text report calls the tree: its `description`, else its file (`tree_file`, set
    by the command for text output) and the fact that it has no description field."""
    if document.get("tree") and document["tree"] != STDIO:
        return document["tree"]
    source = document.get("tree_file") or document.get("tree")
    where = "standard input" if source in (None, STDIO) else str(source)
    return f"the tree of {where} (it has no description field)"
