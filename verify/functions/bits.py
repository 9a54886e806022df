"""Input bit strings x_1...x_q (docs/notes.md, section 2): plain, run-length or read from a file."""

from __future__ import annotations

import re

from verify.base.errors import BadInput
from verify.base.files import read_source

MAX_BITS = 10**8
_RUN = re.compile(r"([01])\^(\d{1,9})")


def parse_bits(text: str, arity: int | None = None) -> tuple[int, ...]:
    """Parse `0110`, a run-length form `1^600000,0^400001`, `@FILE` or `@-` (stdin)."""
    if not isinstance(text, str):
        raise BadInput("the input must be a string of bits")
    if text.startswith("@"):
        text = read_source(text[1:], "input bits", MAX_BITS)
    text = "".join(text.split())
    bits = _expand_runs(text) if "^" in text else text
    if not bits or not re.fullmatch(r"[01]+", bits):
        raise BadInput(f"input {text[:40]!r} is not a string of 0s and 1s")
    if arity is not None and len(bits) != arity:
        raise BadInput(f"input has {len(bits)} bits but the function has arity {arity}")
    return tuple(bits.encode("ascii").translate(_VALUES))


_VALUES = bytes.maketrans(b"01", b"\x00\x01")


def _expand_runs(text: str) -> str:
    pieces, total = [], 0
    for part in text.split(","):
        match = _RUN.fullmatch(part)
        if not match:
            raise BadInput(f"run-length input part {part[:40]!r} is not of the form B^COUNT "
                           "(COUNT at most 9 digits)")
        total += int(match.group(2))
        if total > MAX_BITS:
            raise BadInput(f"input longer than {MAX_BITS} bits")
        pieces.append(match.group(1) * int(match.group(2)))
    return "".join(pieces)


def format_bits(bits) -> str:
    """The bit string x_1...x_q."""
    return bytes(bits).translate(_DIGITS).decode("ascii")


_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
