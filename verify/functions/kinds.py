"""The types public functions accept as a Boolean function (their annotations): a spec string
(`maj:5`, `tt:0110`, ...), a BooleanFunction, a Python callable of q bits (with `arity=q`), or
a sympy Boolean expression. sympy ships no type information, so its expressions are `Any` to a
type checker and need no member of the union (one would make the union `Any` as well)."""

from __future__ import annotations

from typing import Any, Callable, Union

from .families import BooleanFunction

FunctionArg = Union[str, BooleanFunction, Callable[..., Any]]
