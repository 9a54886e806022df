"""`expr:` formulas (certificates/FORMAT.md, section 3): read by the grammar, built by sympy.logic.

Grammar (the one the checker implements on its side, independently):
    or    := xor ('|' xor)*          (loosest)
    xor   := and ('^' and)*
    and   := unary ('&' unary)*
    unary := '~'* atom               (tightest)
    atom  := '(' or ')' | 'x' INDEX | '0' | '1' | 'true' | 'false'
Variables are x1, x2, ... (no x0, no leading zeros, at most six digits); parentheses nest at
most 64 deep; blanks between tokens are ignored. The arity of a formula is the largest
variable index *named in the text* (sympy's simplification never changes it); a formula that
names no variable needs the explicit form expr:N:FORMULA.

This module reads the text by the grammar (so the package accepts exactly the formulas the
checker accepts), then hands sympy a normalised token string and converts its expression to
the nested-tuple Formula of verify.functions.families.
"""

from __future__ import annotations

import re

from verify.base.errors import BadInput, TooLarge

MAX_FORMULA_CHARS = 2_000_000
MAX_NESTING = 64
_TOKEN = re.compile(r"\s*(?:(x[1-9][0-9]{0,5})|(true|false|[01])(?![0-9A-Za-z_])|([&|^~()]))")
_LEVELS = ("|", "^", "&")


def parse_formula(text: str, spec: str) -> tuple[tuple, int]:
    """Return (formula, largest variable index named in the text, 0 if none)."""
    if len(text) > MAX_FORMULA_CHARS:
        raise TooLarge(f"{_short(spec)}: formula longer than {MAX_FORMULA_CHARS} characters")
    tokens = _tokens(text, spec)
    if not tokens:
        raise BadInput(f"{_short(spec)}: empty formula")
    _Grammar(tokens, spec).check()
    largest = max((int(t[1:]) for t in tokens if t[0] == "x"), default=0)
    return _to_tuple(_sympy_parse(tokens, spec), spec), largest


def _short(spec: str) -> str:
    return repr(spec if len(spec) <= 60 else spec[:57] + "...")


def _tokens(text: str, spec: str) -> list[str]:
    tokens, position, text = [], 0, text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            snippet = text[position:position + 12].strip()
            raise BadInput(f"{_short(spec)}: unexpected text {snippet!r} in the formula "
                           "(variables x1, x2, ..., constants 0 1 true false, ~ & ^ | and "
                           "parentheses)")
        tokens.append(match.group(match.lastindex))
        position = match.end()
    return tokens


class _Grammar:
    """Recursive descent over the tokens: accepts exactly the grammar of the module doc."""

    def __init__(self, tokens: list[str], spec: str):
        self.tokens, self.spec, self.position, self.depth = tokens, spec, 0, 0

    def fail(self, what: str) -> BadInput:
        return BadInput(f"{_short(self.spec)}: {what}")

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise self.fail("the formula ends too early")
        self.position += 1
        return token

    def check(self) -> None:
        self.binary(0)
        if self.peek() is not None:
            raise self.fail(f"unexpected {self.peek()!r} in the formula")

    def binary(self, level: int) -> None:
        if level == len(_LEVELS):
            return self.unary()
        self.binary(level + 1)
        while self.peek() == _LEVELS[level]:
            self.take()
            self.binary(level + 1)

    def unary(self) -> None:
        while self.peek() == "~":
            self.take()
        token = self.take()
        if token == "(":
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise self.fail(f"parentheses nested deeper than {MAX_NESTING}")
            self.binary(0)
            if self.take() != ")":
                raise self.fail("missing ')'")
            self.depth -= 1
        elif token in ("&", "|", "^", ")"):
            raise self.fail(f"unexpected {token!r} in the formula")


def _sympy_parse(tokens: list[str], spec: str):
    from sympy import Symbol
    from sympy.parsing.sympy_parser import parse_expr

    names = {t for t in tokens if t[0] == "x"}
    constants = {"0": "false", "1": "true"}
    text = " ".join(constants.get(t, t) for t in tokens)
    try:
        return parse_expr(text, local_dict={name: Symbol(name) for name in names},
                          transformations=())
    except (RecursionError, MemoryError, SyntaxError, TypeError, ValueError):
        raise TooLarge(f"{_short(spec)}: formula too long for sympy's parser; use cnf: for "
                       "large formulas") from None


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
        raise TooLarge(f"{_short(spec)}: sympy returned an unsupported {type(expr).__name__}")
    return (op, *(_to_tuple(arg, spec) for arg in expr.args))
