"""The public function-spec grammar: parse a spec string into a BooleanFunction.

and:N  or:N  parity:N  maj:N  thr:N:T  wthr:W1,...,WN:T  sym:V0...VN  index:K
tribes:W:S  tt:BITS  tt:0xHEX[:Q]  expr:FORMULA  expr:N:FORMULA  cnf:PATH
compose(OUTER;INNER1;...;INNERk)

The grammar is certificates/FORMAT.md, section 3: the checker reads the same language with
its own parser (tests/functions/test_spec_conformance.py holds the two to it). Integers are
ASCII digits (at most 1000), every function has arity >= 1. Beyond the grammar the package
has size limits (`TooLarge`, exit code 2): the arity limits below, and MAX_TABLE_ARITY for
truth tables.
"""

from __future__ import annotations

import re
from pathlib import Path

from verify.base.arguments import api, integer
from verify.base.errors import BadInput, TooLarge

from .families import (
    BooleanFunction,
    Circuit,
    Cnf,
    Composition,
    Index,
    Symmetric,
    Tribes,
    TruthTable,
    WeightedThreshold,
)
from .inputs import MAX_TABLE_ARITY
from .weight_values import WeightValues

MAX_ARITY = 10**7  # tribes, wthr, sym
MAX_SYMMETRIC_ARITY = 10**8  # and, or, parity, maj, thr: kept compact (WeightValues)
MAX_FORMULA_VARS = 10**4
MAX_INDEX_K = 16  # arity K + 2^K <= 100,000: the sat-lrat certificate's limit
MAX_CNF_BYTES = 64 * 2**20
MAX_COMPOSE_DEPTH = 32  # as in the checker
MAX_INTEGER_CHARS = 1000  # as in the checker
_UNSIGNED = re.compile(r"[0-9]+", re.ASCII)
_SIGNED = re.compile(r"-?[0-9]+", re.ASCII)


@api(depth=integer(0))
def parse_spec(spec: str, depth: int = 0) -> BooleanFunction:
    """Parse a spec string; raise BadInput with a one-line message if it is not valid.

    >>> from verify import parse_spec
    >>> f = parse_spec("compose(maj:3;and:2;or:2;parity:2)")
    >>> f.arity, f((1, 1, 0, 1, 1, 0))
    (6, 1)"""
    if not isinstance(spec, str) or not spec.strip():
        raise BadInput("empty function spec")
    spec = spec.strip()
    if spec.startswith("compose(") and spec.endswith(")"):
        if depth >= MAX_COMPOSE_DEPTH:
            raise TooLarge(f"compose(...) nested deeper than {MAX_COMPOSE_DEPTH} levels")
        return _compose(spec, depth + 1)
    family, _, rest = spec.partition(":")
    parser = _PARSERS.get(family)
    if parser is None:
        raise BadInput(f"unknown function spec {short(spec)} (families: "
                       f"{', '.join(sorted(_PARSERS))}, compose)")
    return parser(rest, spec)


def short(spec: str) -> str:
    """A spec quoted for a one-line message, cut to 60 characters."""
    return repr(spec if len(spec) <= 60 else spec[:57] + "...")


def _integer(text: str, what: str, spec: str, low: int = 0, signed: bool = False) -> int:
    """An integer field: ASCII digits (a leading '-' if signed), at most 1000 characters."""
    if len(text) > MAX_INTEGER_CHARS:
        raise BadInput(f"{short(spec)}: {what} has more than {MAX_INTEGER_CHARS} characters")
    if (_SIGNED if signed else _UNSIGNED).fullmatch(text) is None:
        kind = "an integer" if signed else "a non-negative integer (ASCII digits)"
        raise BadInput(f"{short(spec)}: {what} must be {kind}, got {text[:20]!r}")
    value = int(text)
    if not signed and value < low:
        raise BadInput(f"{short(spec)}: {what} must be >= {low}, got {value}")
    return value


def _arity(text: str, spec: str, what: str = "N", limit: int = MAX_ARITY) -> int:
    n = _integer(text, what, spec, low=1)
    if n > limit:
        raise TooLarge(f"{short(spec)}: {what} = {str(n)[:20]} exceeds the limit {limit}")
    return n


def _fields(rest: str, count: int, spec: str) -> list[str]:
    parts = rest.split(":")
    if len(parts) != count:
        raise BadInput(f"{short(spec)}: expected {count} field(s) after the family name")
    return parts


def _step(n: int, first_one: int) -> WeightValues:
    """Values at weights 0..n of the function 1 iff weight >= first_one."""
    return WeightValues.step(n, first_one)


def _by_arity(rest: str, spec: str, values) -> Symmetric:
    (n_text,) = _fields(rest, 1, spec)
    return Symmetric(values(_arity(n_text, spec, limit=MAX_SYMMETRIC_ARITY)), spec)


def _and(rest, spec):
    return _by_arity(rest, spec, lambda n: _step(n, n))


def _or(rest, spec):
    return _by_arity(rest, spec, lambda n: _step(n, 1))


def _parity(rest, spec):
    return _by_arity(rest, spec, WeightValues.parity)


def _maj(rest, spec):
    return _by_arity(rest, spec, lambda n: _step(n, n // 2 + 1))


def _thr(rest, spec):
    n_text, t_text = _fields(rest, 2, spec)
    n = _arity(n_text, spec, limit=MAX_SYMMETRIC_ARITY)
    return Symmetric(_step(n, _integer(t_text, "T", spec, signed=True)), spec)


def _sym(rest, spec):
    if re.fullmatch(r"[01]{2,}", rest) is None:
        raise BadInput(f"{short(spec)}: sym needs N+1 >= 2 values, each 0 or 1")
    if len(rest) - 1 > MAX_ARITY:
        raise TooLarge(f"{short(spec)}: arity exceeds the limit {MAX_ARITY}")
    return Symmetric(WeightValues.from_text(rest), spec)


def _wthr(rest, spec):
    w_text, t_text = _fields(rest, 2, spec)
    parts = w_text.split(",")
    if len(parts) > MAX_ARITY:
        raise TooLarge(f"{short(spec)}: arity exceeds the limit {MAX_ARITY}")
    weights = tuple(_integer(part, "a weight", spec) for part in parts)
    return WeightedThreshold(weights, _integer(t_text, "T", spec, signed=True), spec)


def _index(rest, spec):
    (k_text,) = _fields(rest, 1, spec)
    k = _integer(k_text, "K", spec, low=1)
    if k > MAX_INDEX_K:
        raise TooLarge(f"{short(spec)}: index:K supports K <= {MAX_INDEX_K} (arity K + 2^K "
                       "<= 100,000, the limit of the sat-lrat certificate)")
    return Index(k, spec)


def _tribes(rest, spec):
    w_text, s_text = _fields(rest, 2, spec)
    width, count = _arity(w_text, spec, "W"), _arity(s_text, spec, "S")
    if width * count > MAX_ARITY:
        raise TooLarge(f"{short(spec)}: arity W*S exceeds the limit {MAX_ARITY}")
    return Tribes(width, count, spec)


def _tt(rest, spec):
    if rest.startswith("0x"):
        return _tt_hex(rest[2:], spec)
    if re.fullmatch(r"[01]+", rest) is None:
        raise BadInput(f"{short(spec)}: a truth table is a string of 0s and 1s (or tt:0xHEX:Q)")
    q = len(rest).bit_length() - 1
    if len(rest) != 1 << q or q == 0:
        raise BadInput(f"{short(spec)}: truth-table length {len(rest)} is not a power of two >= 2")
    _table_limit(q, spec)
    return TruthTable.from_bits(rest, spec)


def hex_digits(q: int) -> int:
    """The number of hex digits of a tt:0xHEX:Q table: 2^Q bits, at least one digit."""
    return max(1, (1 << q) // 4)


def _tt_hex(rest, spec):
    hex_text, colon, q_text = rest.rpartition(":")  # one copy of a long table, not three
    if not colon:
        hex_text, q_text = rest, str(_inferred_arity(rest, spec))
        spec = f"tt:0x{rest}:{q_text}"  # the form the checker reads (certificates/FORMAT.md)
    if ":" in hex_text:
        raise BadInput(f"{short(spec)}: expected 2 field(s) after the family name")
    q = _integer(q_text, "Q", spec, low=1)
    _table_limit(q, spec)
    table = _full_length_hex(hex_text, q)
    if table is not None:
        return TruthTable(table, q, spec)
    if re.fullmatch(r"[0-9a-fA-F]+", hex_text) is None:
        raise BadInput(f"{short(spec)}: expected tt:0xHEX:Q with hexadecimal digits")
    if len(hex_text) != hex_digits(q):
        raise BadInput(f"{short(spec)}: a table of Q = {q} inputs has 2^{q} bits = "
                       f"{hex_digits(q)} hex digit(s), got {len(hex_text)}")
    value = int(hex_text, 16)
    if value >> (1 << q):
        raise BadInput(f"{short(spec)}: the hex value has more than 2^Q = {1 << q} bits")
    return TruthTable.from_int(value, q, spec)


def _inferred_arity(hex_text: str, spec: str) -> int:
    """Q of tt:0xHEX without its Q: 2^Q bits are 2^(Q-2) hex digits, so a count of digits
    that is a power of two >= 2 fixes Q; one digit could be Q = 1 or 2 (refused)."""
    digits = len(hex_text)
    if digits == 1:
        raise BadInput(f"{short(spec)}: one hex digit holds Q = 1 (2 bits) or Q = 2 (4 bits): "
                       "write tt:0xH:1 or tt:0xH:2")
    if digits & (digits - 1):
        raise BadInput(f"{short(spec)}: {digits} hex digits is not 2^Q bits for any Q (2^Q "
                       "bits take 2^(Q-2) digits); write tt:0xHEX:Q")
    return digits.bit_length() + 1


def _full_length_hex(hex_text: str, q: int):
    """The packed table of a hex string of exactly 2^Q / 4 digits (Q >= 3), read directly as
    bytes (bytes.fromhex; a string it reads with spaces in it is not exact), else None."""
    if not 3 <= q <= MAX_TABLE_ARITY or len(hex_text) != 1 << (q - 2):
        return None
    try:
        data = bytes.fromhex(hex_text)
    except ValueError:
        return None
    if 2 * len(data) != len(hex_text):
        return None
    import numpy as np

    return np.frombuffer(data, dtype=np.uint8)


def _table_limit(q: int, spec: str) -> None:
    if q > MAX_TABLE_ARITY:
        raise TooLarge(f"{short(spec)}: truth tables support q <= {MAX_TABLE_ARITY}, got q = {q}")


def _expr(rest, spec):
    from .formula import parse_formula

    fixed = re.match(r"([0-9]+):", rest, re.ASCII)
    formula, largest = parse_formula(rest[fixed.end():] if fixed else rest, spec)
    if fixed:
        n_vars = _integer(fixed.group(1), "N", spec, low=1)
        if largest > n_vars:
            raise BadInput(f"{short(spec)}: the formula uses x{largest} but the arity is {n_vars}")
    elif largest == 0:
        raise BadInput(f"{short(spec)}: the formula names no variable; give its arity as "
                       "expr:N:FORMULA")
    else:
        n_vars = largest
    if n_vars > MAX_FORMULA_VARS:
        raise TooLarge(f"{short(spec)}: formulas support at most {MAX_FORMULA_VARS} variables")
    return Circuit(n_vars, formula, spec)


def _cnf(rest, spec):
    from .dimacs import parse_dimacs

    path = Path(rest)
    try:
        with path.open(encoding="utf-8") as handle:
            text = handle.read(MAX_CNF_BYTES + 1)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error.__class__.__name__
        raise BadInput(f"{short(spec)}: cannot read the DIMACS file: {reason}") from None
    if len(text) > MAX_CNF_BYTES:
        raise TooLarge(f"{short(spec)}: DIMACS file exceeds {MAX_CNF_BYTES // 2**20} MiB")
    n_vars, clauses = parse_dimacs(text, short(spec))
    return Cnf(n_vars, clauses, spec, text)


def cnf_paths(spec: str, depth: int = 0) -> list[str]:
    """The files a spec reads (its cnf:PATH parts), for the input/output check of commands.
    Beyond MAX_COMPOSE_DEPTH levels it stops: parse_spec refuses such a spec."""
    if not isinstance(spec, str):
        return []
    spec = spec.strip()
    if spec.startswith("compose(") and spec.endswith(")"):
        if depth >= MAX_COMPOSE_DEPTH:
            return []
        try:
            parts = split_top_level(spec[len("compose("):-1], ";", spec)
        except BadInput:
            return []
        return [path for part in parts for path in cnf_paths(part, depth + 1)]
    return [spec[len("cnf:"):]] if spec.startswith("cnf:") else []


def _compose(spec: str, depth: int) -> Composition:
    parts = split_top_level(spec[len("compose("):-1], ";", spec)
    if len(parts) < 2:
        raise BadInput(f"{short(spec)}: compose needs an outer function and at least one inner")
    outer = parse_spec(parts[0], depth)
    inners = tuple(parse_spec(part, depth) for part in parts[1:])
    if outer.arity != len(inners):
        raise BadInput(f"{short(spec)}: the outer function has arity {outer.arity} "
                       f"but {len(inners)} inner functions are given")
    arity = sum(inner.arity for inner in inners)
    if arity > MAX_ARITY:
        raise TooLarge(f"{short(spec)}: arity {arity} exceeds the limit {MAX_ARITY}")
    return Composition(outer, inners, spec)


def split_top_level(text: str, separator: str, spec: str) -> list[str]:
    """Split at separators outside parentheses."""
    parts: list[str] = []
    depth, current = 0, list[str]()
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            raise BadInput(f"{short(spec)}: unbalanced parentheses")
        if char == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    if depth:
        raise BadInput(f"{short(spec)}: unbalanced parentheses")
    return parts + ["".join(current)]


_PARSERS = {
    "and": _and, "or": _or, "parity": _parity, "maj": _maj, "thr": _thr, "sym": _sym,
    "wthr": _wthr, "index": _index, "tribes": _tribes, "tt": _tt, "expr": _expr, "cnf": _cnf,
}
