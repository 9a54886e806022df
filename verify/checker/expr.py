"""The `expr:` formula language, parsed by recursive descent and evaluated on bitsets.

Grammar (precedence: ~ tightest, then &, then ^, then |):
    or    := xor ('|' xor)*
    xor   := and ('^' and)*
    and   := unary ('&' unary)*
    unary := '~'* atom
    atom  := '(' or ')' | 'x' INDEX | '0' | '1' | 'true' | 'false'
Variables are x1, x2, ... (no x0, no leading zeros).  A formula is a nested tuple:
("var", i) with 0-based i, ("const", 0|1), ("not", a), ("and"|"or"|"xor", [a, b, ...]).
"""

from __future__ import annotations

import re

from .errors import CertificateMalformed, CertificateTooLarge

MAX_NESTING = 64
MAX_FORMULA_CHARS = 2_000_000
_TOKEN = re.compile(r"\s*(?:(x[1-9][0-9]{0,5})|(true|false|[01])(?![0-9A-Za-z_])|([&|^~()]))")


class _Parser:
    """Recursive descent over the token list of one formula."""

    def __init__(self, text: str, where: str):
        self.where = where
        self.tokens = _tokenize(text, where)
        self.position = 0
        self.depth = 0
        self.largest = 0

    def fail(self, what: str, error: type = CertificateMalformed) -> CertificateMalformed:
        return error(f"{self.where}: {what}")

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise self.fail("formula ends too early")
        self.position += 1
        return token

    def parse(self) -> tuple:
        tree = self.binary(0)
        if self.peek() is not None:
            raise self.fail(f"unexpected {self.peek()!r} in formula")
        return tree

    def binary(self, level: int) -> tuple:
        """Levels 0, 1, 2 are |, ^, & (loosest first); level 3 is a unary term."""
        if level == 3:
            return self.unary()
        operator, name = "|^&"[level], ("or", "xor", "and")[level]
        operands = [self.binary(level + 1)]
        while self.peek() == operator:
            self.take()
            operands.append(self.binary(level + 1))
        return operands[0] if len(operands) == 1 else (name, operands)

    def unary(self) -> tuple:
        negations = 0
        while self.peek() == "~":
            self.take()
            negations += 1
        atom = self.atom()
        return ("not", atom) if negations % 2 else atom

    def atom(self) -> tuple:
        token = self.take()
        if token == "(":
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise self.fail(f"parentheses nested deeper than {MAX_NESTING}",
                                CertificateTooLarge)
            tree = self.binary(0)
            if self.take() != ")":
                raise self.fail("missing ')'")
            self.depth -= 1
            return tree
        if token[0] == "x":
            index = int(token[1:])
            self.largest = max(self.largest, index)
            return ("var", index - 1)
        if token in ("0", "1", "true", "false"):
            return ("const", int(token in ("1", "true")))
        raise self.fail(f"unexpected {token!r} in formula")


def _tokenize(text: str, where: str) -> list[str]:
    tokens, position = [], 0
    text = text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            snippet = text[position:position + 12].strip()
            raise CertificateMalformed(f"{where}: unexpected text {snippet!r} in formula")
        tokens.append(match.group(match.lastindex))
        position = match.end()
    return tokens


def parse_formula(text: str, where: str) -> tuple[tuple, int]:
    """Return (formula tree, largest variable index used, 0 if none)."""
    if len(text) > MAX_FORMULA_CHARS:
        raise CertificateTooLarge(f"{where}: formula longer than {MAX_FORMULA_CHARS} characters")
    parser = _Parser(text, where)
    if not parser.tokens:
        raise CertificateMalformed(f"{where}: empty formula")
    tree = parser.parse()
    return tree, parser.largest


def count_nodes(tree: tuple) -> int:
    """Number of operations evaluating the tree costs (for the work budget)."""
    kind = tree[0]
    if kind in ("var", "const"):
        return 1
    if kind == "not":
        return 1 + count_nodes(tree[1])
    return sum(count_nodes(child) for child in tree[1]) + 1


def tables_held(tree: tuple) -> int:
    """The most new tables evaluate_formula holds at once for this tree (variables and
    constants are not new; an operation holds its partial result while the next operand is
    evaluated)."""
    kind = tree[0]
    if kind in ("var", "const"):
        return 0
    if kind == "not":
        return max(1, tables_held(tree[1]))
    return max(1, max(tables_held(child) + (k > 0) for k, child in enumerate(tree[1])))


def evaluate_formula(tree: tuple, inputs: list[int], full: int) -> int:
    """The formula's bitset, given the bitsets of x1..xN. Operands are combined one at a time
    as they are evaluated, so an n-ary operation holds two tables, not n."""
    kind = tree[0]
    if kind == "var":
        return inputs[tree[1]]
    if kind == "const":
        return full if tree[1] else 0
    if kind == "not":
        return full ^ evaluate_formula(tree[1], inputs, full)
    children = iter(tree[1])
    result = evaluate_formula(next(children), inputs, full)
    for child in children:
        value = evaluate_formula(child, inputs, full)
        if kind == "and":
            result &= value
        elif kind == "or":
            result |= value
        else:
            result ^= value
    return result
