"""Checker messages for text output, with coordinates numbered from 1 (the witness formatting
itself is verify.base.witness)."""

from __future__ import annotations

import re

_BLOCK_LIST = re.compile(r"\bblock \[([0-9, ]*?)(, \.\.\.)?\]")
_COORDINATE = re.compile(r"\b(coordinate|contains) ([0-9]+)\b")
_DUAL_ENTRY = re.compile(r"\bdual\[([0-9]+)\](:?) t_([0-9]+)\b|\bdual\[([0-9]+)\]")


def one_based(message: str) -> str:
    """A checker message for text output, with coordinates numbered from 1 as everywhere else
    in text ("block [4]" becomes "block {x5}", "coordinate 4" "coordinate x5", "t_4" "t_5");
    array positions of the certificate (primal[k], dual[i]) stay 0-based as in its JSON,
    with the coordinate of dual[i] named beside it. JSON output keeps the checker's message."""
    def block(match):
        indices = [int(i) for i in match.group(1).replace(" ", "").split(",") if i]
        text = ", ".join(f"x{i + 1}" for i in indices)
        return "block {" + text + (", ..." if match.group(2) else "") + "}"

    def dual(match):
        if match.group(4) is not None:
            return f"dual[{match.group(4)}] (x{int(match.group(4)) + 1})"
        return f"dual[{match.group(1)}] (x{int(match.group(1)) + 1}){match.group(2)} " \
               f"t_{int(match.group(3)) + 1}"

    message = _BLOCK_LIST.sub(block, message)
    message = _COORDINATE.sub(lambda m: f"{m.group(1)} x{int(m.group(2)) + 1}", message)
    return _DUAL_ENTRY.sub(dual, message)
