"""The public function-spec grammar (issue 2): parse a spec string into a BooleanFunction.

and:N  or:N  parity:N  maj:N  thr:N:T  wthr:W1,...,WN:T  sym:V0...VN  index:K
tribes:W:S  tt:BITS  tt:0xHEX:Q  expr:FORMULA  expr:N:FORMULA  cnf:PATH
compose(OUTER;INNER1;...;INNERk)
"""

from __future__ import annotations

import re
from pathlib import Path

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

MAX_ARITY = 10**7
MAX_SYMMETRIC_ARITY = 10**8  # and, or, parity, maj, thr: kept compact (WeightValues)
MAX_FORMULA_VARS = 10**4
MAX_CNF_BYTES = 64 * 2**20
MAX_TT_ARITY = MAX_TABLE_ARITY
MAX_COMPOSE_DEPTH = 32  # as in the checker


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
        raise BadInput(f"unknown function spec {spec!r} (families: {', '.join(sorted(_PARSERS))}, compose)")
    return parser(rest, spec)


def _int(text: str, what: str, spec: str, low: int = 0) -> int:
    if re.fullmatch(r"\d{10,}", text):
        raise TooLarge(f"{spec!r}: {what} = {text[:20]} is too large")
    if not re.fullmatch(r"\d{1,9}", text):
        raise BadInput(f"{spec!r}: {what} must be a non-negative integer, got {text[:20]!r}")
    value = int(text)
    if value < low:
        raise BadInput(f"{spec!r}: {what} must be >= {low}, got {value}")
    return value


def _arity(text: str, spec: str, limit: int = MAX_ARITY) -> int:
    n = _int(text, "N", spec, low=1)
    if n > limit:
        raise TooLarge(f"{spec!r}: arity {n} exceeds the limit {limit}")
    return n


def _fields(rest: str, count: int, spec: str) -> list[str]:
    parts = rest.split(":")
    if len(parts) != count:
        raise BadInput(f"{spec!r}: expected {count} field(s) after the family name")
    return parts


def _step(n: int, first_one: int) -> WeightValues:
    """Values at weights 0..n of the function 1 iff weight >= first_one."""
    return WeightValues.step(n, first_one)


def _by_arity(rest: str, spec: str, values) -> Symmetric:
    (n_text,) = _fields(rest, 1, spec)
    return Symmetric(values(_arity(n_text, spec, MAX_SYMMETRIC_ARITY)), spec)


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
    n = _arity(n_text, spec, MAX_SYMMETRIC_ARITY)
    return Symmetric(_step(n, _int(t_text, "T", spec)), spec)


def _sym(rest, spec):
    if not re.fullmatch(r"[01]{2,}", rest):
        raise BadInput(f"{spec!r}: sym needs N+1 >= 2 values, each 0 or 1")
    return Symmetric(WeightValues.from_text(rest), spec)


def _wthr(rest, spec):
    w_text, t_text = _fields(rest, 2, spec)
    if not re.fullmatch(r"\d{1,18}(,\d{1,18})*", w_text):
        raise BadInput(f"{spec!r}: weights must be non-negative integers separated by commas")
    if not re.fullmatch(r"-?\d{1,20}", t_text):
        raise BadInput(f"{spec!r}: threshold T must be an integer, got {t_text!r}")
    weights = tuple(int(w) for w in w_text.split(","))
    if len(weights) > MAX_ARITY:
        raise TooLarge(f"{spec!r}: arity exceeds the limit {MAX_ARITY}")
    return WeightedThreshold(weights, int(t_text), spec)


def _index(rest, spec):
    (k_text,) = _fields(rest, 1, spec)
    k = _int(k_text, "K", spec, low=1)
    if k > 20:
        raise TooLarge(f"{spec!r}: index:K supports K <= 20")
    return Index(k, spec)


def _tribes(rest, spec):
    w_text, s_text = _fields(rest, 2, spec)
    width, count = _int(w_text, "W", spec, low=1), _int(s_text, "S", spec, low=1)
    if width * count > MAX_ARITY:
        raise TooLarge(f"{spec!r}: arity exceeds the limit {MAX_ARITY}")
    return Tribes(width, count, spec)


def _tt(rest, spec):
    if rest.startswith("0x"):
        hex_text, _, q_text = rest[2:].rpartition(":")  # one copy of a long table, not three
        if ":" in hex_text or not _:
            raise BadInput(f"{spec!r}: expected 2 field(s) after the family name")
        q = _int(q_text, "Q", spec)
        table = _full_length_hex(hex_text, q)
        if table is not None:
            return TruthTable(table, q, spec)
        return TruthTable.from_int(_hex_value(hex_text, q, spec), q, spec)
    if not re.fullmatch(r"[01]+", rest):
        raise BadInput(f"{spec!r}: a truth table is a string of 0s and 1s")
    q = len(rest).bit_length() - 1
    if len(rest) != 1 << q or q == 0:
        raise BadInput(f"{spec!r}: truth-table length {len(rest)} is not a power of two >= 2")
    if q > MAX_TT_ARITY:
        raise TooLarge(f"{spec!r}: truth tables support q <= {MAX_TT_ARITY}")
    return TruthTable.from_bits(rest, spec)


def _full_length_hex(hex_text: str, q: int):
    """The packed table of a hex string of exactly 2^Q / 4 digits (Q >= 3), read directly as
    bytes (bytes.fromhex; a string it reads with spaces in it is not exact), else None."""
    if not 3 <= q <= MAX_TT_ARITY or len(hex_text) != 1 << (q - 2):
        return None
    try:
        data = bytes.fromhex(hex_text)
    except ValueError:
        return None
    if 2 * len(data) != len(hex_text):
        return None
    import numpy as np

    return np.frombuffer(data, dtype=np.uint8)


def _hex_value(hex_text: str, q: int, spec: str) -> int:
    if not re.fullmatch(r"[0-9a-fA-F]+", hex_text) or not 1 <= q <= MAX_TT_ARITY:
        raise BadInput(f"{spec!r}: expected tt:0xHEX:Q with hex digits and 1 <= Q <= {MAX_TT_ARITY}")
    value = int(hex_text, 16)
    if value >> (1 << q):
        raise BadInput(f"{spec!r}: the hex value has more than 2^Q = {1 << q} bits")
    return value


def _expr(rest, spec):
    from .formula import parse_formula

    n_vars = None
    head, sep, tail = rest.partition(":")
    if sep and re.fullmatch(r"\d+", head):
        n_vars, rest = _int(head, "N", spec, low=1), tail
    formula, used = parse_formula(rest, spec)
    if n_vars is None:
        n_vars = used
    if used > n_vars:
        raise BadInput(f"{spec!r}: formula uses x{used} but the arity is {n_vars}")
    if n_vars < 1 or n_vars > MAX_FORMULA_VARS:
        raise TooLarge(f"{spec!r}: formulas need 1 to {MAX_FORMULA_VARS} variables, got {n_vars}")
    return Circuit(n_vars, formula, spec)


def _cnf(rest, spec):
    from .dimacs import parse_dimacs

    path = Path(rest)
    try:
        with path.open() as handle:
            text = handle.read(MAX_CNF_BYTES + 1)
        if len(text) > MAX_CNF_BYTES:
            raise TooLarge(f"{spec!r}: DIMACS file exceeds {MAX_CNF_BYTES // 2**20} MiB")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"{spec!r}: cannot read DIMACS file: {error.__class__.__name__}") from None
    n_vars, clauses = parse_dimacs(text, spec)
    return Cnf(n_vars, clauses, spec, text)


def _compose(spec: str, depth: int) -> Composition:
    parts = split_top_level(spec[len("compose("):-1], ";", spec)
    if len(parts) < 2:
        raise BadInput(f"{spec!r}: compose needs an outer function and at least one inner")
    outer = parse_spec(parts[0], depth)
    inners = tuple(parse_spec(part, depth) for part in parts[1:])
    if outer.arity != len(inners):
        raise BadInput(f"{spec!r}: outer {parts[0]!r} has arity {outer.arity} "
                       f"but {len(inners)} inner functions are given")
    return Composition(outer, inners, spec)


def split_top_level(text: str, separator: str, spec: str) -> list[str]:
    """Split at separators outside parentheses."""
    parts, depth, current = [], 0, []
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            raise BadInput(f"{spec!r}: unbalanced parentheses")
        if char == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    if depth:
        raise BadInput(f"{spec!r}: unbalanced parentheses")
    return parts + ["".join(current)]


_PARSERS = {
    "and": _and, "or": _or, "parity": _parity, "maj": _maj, "thr": _thr, "sym": _sym,
    "wthr": _wthr, "index": _index, "tribes": _tribes, "tt": _tt, "expr": _expr, "cnf": _cnf,
}
