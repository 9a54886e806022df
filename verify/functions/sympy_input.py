"""A sympy Boolean expression as an `expr:` spec (certificates/FORMAT.md, section 3).

Variables are sympy symbols, identified as sympy identifies them (two symbols with one name
but different assumptions, or two `Dummy("d")`, are two variables). Coordinate k (spec
variable x{k}) is the k-th symbol in *natural order* of names: the digit runs of a name
compare as numbers, so a1 < a2 < a10 and x3 < x5 (symbols with one name are ordered by
their `srepr`: assumptions, a Dummy's index). The arity is the number of symbols. `variables=[...]` (symbols or
names) gives the order explicitly; it may name variables the expression does not use, which
then pad the arity. `variable_names` says which symbol each coordinate is. And, Or, Not,
Xor, Implies, Equivalent, ITE and the constants true/false are translated; anything else
(a relational, an integer, a non-Boolean expression) is refused with BadInput.
"""

from __future__ import annotations

import re

from verify.base.errors import BadInput

_DIGITS = re.compile(r"([0-9]+)")


def is_sympy_expression(value) -> bool:
    """True for a sympy object (checked without importing sympy)."""
    return type(value).__module__.startswith("sympy.")


def natural_key(name: str) -> tuple:
    """Sort key comparing digit runs as numbers: a1 < a2 < a10."""
    return tuple((0, int(part), part) if part.isdigit() else (1, 0, part)
                 for part in _DIGITS.split(name) if part)


def variable_order(expression, variables=None) -> list:
    """The sympy symbols in the order they become x1, x2, ... (coordinates 0, 1, ...)."""
    from sympy import Symbol, srepr

    free = sorted(expression.free_symbols,
                  key=lambda symbol: (natural_key(symbol.name), natural_key(srepr(symbol))))
    if variables is None:
        return free
    if isinstance(variables, (str, bytes)) or not hasattr(variables, "__iter__"):
        raise BadInput(f"variables must be a list of sympy symbols or names, got "
                       f"{type(variables).__name__}")
    order = [_variable(item, free, Symbol) for item in variables]
    if len(set(order)) != len(order):
        raise BadInput("variables names a variable twice")
    missing = [symbol for symbol in free if symbol not in set(order)]
    if missing:
        raise BadInput(f"variables omits the expression's symbol {missing[0].name!r}")
    return order


def _variable(item, free: list, symbol_type):
    """One entry of variables=: a sympy Symbol, or a name naming at most one free symbol."""
    if isinstance(item, symbol_type):
        return item
    if not isinstance(item, str) or not item:
        raise BadInput(f"variables must hold sympy symbols or names, got {item!r:.40}")
    named = [symbol for symbol in free if symbol.name == item]
    if len(named) > 1:
        raise BadInput(f"variables: the name {item!r} is ambiguous ({len(named)} symbols "
                       "have it); give the symbols themselves")
    return named[0] if named else symbol_type(item)


def variable_names(order: list) -> tuple[str, ...]:
    """What each coordinate is: the symbol's name, or its srepr when names repeat."""
    from sympy import srepr

    counts: dict[str, int] = {}
    for symbol in order:
        counts[symbol.name] = counts.get(symbol.name, 0) + 1
    return tuple(symbol.name if counts[symbol.name] == 1 else srepr(symbol) for symbol in order)


def spec_from_sympy(expression, variables=None) -> str:
    """The `expr:N:FORMULA` spec of a sympy Boolean expression.

    >>> from sympy import symbols
    >>> a, b, c = symbols("a b c")
    >>> spec_from_sympy((a & b) | ~c)
    'expr:3:(~(x3) | (x1 & x2))'
    """
    return sympy_spec(expression, variables)[0]


def sympy_spec(expression, variables=None) -> tuple[str, tuple[str, ...]]:
    """The spec of a sympy Boolean expression and the names of its coordinates."""
    from sympy.logic.boolalg import Boolean

    if not isinstance(expression, Boolean):
        raise BadInput(f"cannot read the sympy {type(expression).__name__} as a Boolean "
                       "function (give a Boolean expression: And, Or, Not, Xor, ...)")
    order = variable_order(expression, variables)
    names = {symbol: f"x{k + 1}" for k, symbol in enumerate(order)}
    arity = max(len(order), 1)
    return f"expr:{arity}:{_text(expression, names)}", variable_names(order)


def _text(node, names: dict) -> str:
    from sympy import Symbol
    from sympy.logic import boolalg

    if isinstance(node, Symbol):
        return names[node]
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
