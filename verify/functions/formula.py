"""Parse `expr:` formulas with sympy.logic into the nested-tuple Formula of verify.functions.families."""

from __future__ import annotations

import re
from tokenize import TokenError

from verify.base.errors import BadInput, TooLarge

MAX_FORMULA_CHARS = 2_000_000
_ALLOWED = re.compile(r"[\sx0-9&|~^()a-z]*")
_TOKEN = re.compile(r"x(\d+)|true|false|\b[01]\b|[&|~^()]|\s+")


def parse_formula(text: str, spec: str) -> tuple[tuple, int]:
    """Return (formula, largest variable index used); variables are x1, x2, ..."""
    if len(text) > MAX_FORMULA_CHARS:
        raise TooLarge(f"{spec!r}: formula longer than {MAX_FORMULA_CHARS} characters")
    _check_tokens(text, spec)
    text = re.sub(r"\b1\b", "true", re.sub(r"\b0\b", "false", text))
    expr = _sympy_parse(text, spec)
    names = {int(s.name[1:]) for s in expr.free_symbols}
    formula = _to_tuple(expr, spec)
    return formula, max(names, default=0)


def _check_tokens(text: str, spec: str) -> None:
    if not _ALLOWED.fullmatch(text):
        raise BadInput(f"{spec!r}: formulas use only x1..xN, 0, 1, &, |, ~, ^ and parentheses")
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if not match:
            raise BadInput(f"{spec!r}: unexpected text at {text[position:position + 12]!r}")
        if match.group(1) is not None and (match.group(1).startswith("0") or match.group(1) == ""):
            raise BadInput(f"{spec!r}: variables are x1, x2, ... (got x{match.group(1)})")
        position = match.end()


def _sympy_parse(text: str, spec: str):
    from sympy import Symbol
    from sympy.logic.boolalg import Boolean
    from sympy.parsing.sympy_parser import parse_expr

    names = set(re.findall(r"x\d+", text))
    local = {name: Symbol(name) for name in names}
    try:
        expr = parse_expr(text, local_dict=local, transformations=())
    except (RecursionError, MemoryError):
        raise TooLarge(f"{spec[:60]!r}: formula too deeply nested or too long for sympy's parser; "
                       "use cnf: for large formulas") from None
    except (SyntaxError, TypeError, ValueError, AttributeError, TokenError):
        raise BadInput(f"{spec[:60]!r}: formula does not parse") from None
    if not isinstance(expr, (Boolean, Symbol)):
        raise BadInput(f"{spec!r}: formula is not Boolean")
    return expr


def _to_tuple(expr, spec: str) -> tuple:
    from sympy import Symbol
    from sympy.logic import boolalg

    if isinstance(expr, Symbol):
        return ("var", int(expr.name[1:]) - 1)
    if expr is boolalg.true or expr is boolalg.false:
        return ("const", int(bool(expr)))
    ops = {boolalg.Not: "not", boolalg.And: "and", boolalg.Or: "or", boolalg.Xor: "xor"}
    op = ops.get(type(expr))
    if op is None or (op == "not" and len(expr.args) != 1):
        raise BadInput(f"{spec!r}: unsupported operation {type(expr).__name__}")
    return (op, *(_to_tuple(arg, spec) for arg in expr.args))
