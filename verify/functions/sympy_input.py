"""A sympy Boolean expression as an `expr:` spec (certificates/FORMAT.md, section 3).

Variables: if every symbol is named x1, x2, ... (no x0, no leading zeros) those indices are
kept and the arity is the largest one; otherwise the symbols are sorted by name (Python's
string order) and become x1..xn in that order (`variable_order` says which). And, Or, Not,
Xor, Implies, Equivalent, ITE and the constants true/false are translated; anything else
(a relational, an integer, a non-Boolean expression) is refused with BadInput.
"""

from __future__ import annotations

import re

from verify.base.errors import BadInput

_INDEXED = re.compile(r"x[1-9][0-9]{0,5}")


def is_sympy_expression(value) -> bool:
    """True for a sympy object (checked without importing sympy)."""
    return type(value).__module__.startswith("sympy.")


def variable_order(expression) -> list[str]:
    """The names of the symbols in the order they become x1, x2, ..."""
    names = sorted(str(symbol) for symbol in expression.free_symbols)
    if names and all(_INDEXED.fullmatch(name) for name in names):
        largest = max(int(name[1:]) for name in names)
        return [f"x{k}" for k in range(1, largest + 1)]
    return names


def spec_from_sympy(expression) -> str:
    """The `expr:N:FORMULA` spec of a sympy Boolean expression.

    >>> from sympy import symbols
    >>> a, b, c = symbols("a b c")
    >>> spec_from_sympy((a & b) | ~c)
    'expr:3:((x1 & x2) | ~(x3))'
    """
    from sympy.logic.boolalg import Boolean

    if not isinstance(expression, Boolean):
        raise BadInput(f"cannot read the sympy {type(expression).__name__} as a Boolean "
                       "function (give a Boolean expression: And, Or, Not, Xor, ...)")
    order = variable_order(expression)
    names = {name: f"x{k + 1}" for k, name in enumerate(order)}
    arity = max(len(order), 1)
    return f"expr:{arity}:{_text(expression, names)}"


def _text(node, names: dict[str, str]) -> str:
    from sympy import Symbol
    from sympy.logic import boolalg

    if isinstance(node, Symbol):
        return names[str(node)]
    if node is boolalg.true:
        return "1"
    if node is boolalg.false:
        return "0"
    parts = [_text(arg, names) for arg in node.args]
    if isinstance(node, boolalg.Not):
        return f"~({parts[0]})"
    joiners = {boolalg.And: " & ", boolalg.Or: " | ", boolalg.Xor: " ^ "}
    for kind, joiner in joiners.items():
        if isinstance(node, kind):
            return "(" + joiner.join(parts) + ")"
    if isinstance(node, boolalg.Implies):
        return f"(~({parts[0]}) | {parts[1]})"
    if isinstance(node, boolalg.Equivalent):
        every = " & ".join(parts)
        none = " & ".join(f"~({p})" for p in parts)
        return f"(({every}) | ({none}))"
    if isinstance(node, boolalg.ITE):
        return f"(({parts[0]} & {parts[1]}) | (~({parts[0]}) & {parts[2]}))"
    raise BadInput(f"cannot translate the sympy {type(node).__name__} into a formula "
                   "(And, Or, Not, Xor, Implies, Equivalent, ITE, true, false)")
