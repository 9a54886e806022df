"""The public API's argument checks: a wrong type or value is BadInput with one line naming
the function and the argument, before any work (docs/api.md: "Errors a caller can cause raise
verify.BadInput"), never a TypeError, KeyError, AttributeError or ValueError from inside.

Every public function (the names `verify` re-exports) is declared with `@api(...)`, which
binds the call to the function's signature (a missing, unknown or extra argument is BadInput)
and checks each argument given against its kind:

    @api(tree=TREE, oracle=ORACLE, runs=integer(1), progress=FLAG)
    def debate(tree, oracle, rho, *, runs=1, progress=False): ...

A kind checks the Python type and a simple range only; what a value means (a spec, a file's
contents, a bit string) is still checked where it is read. A kind may also carry `normal`, a
function from an accepted value to the value the function receives (BadInput if it cannot):
integers of any Integral type (numpy, sympy) arrive as Python ints, an exact number's
rationals as Fractions, a probability's reals as floats, so that no foreign number type leaks into a result or its JSON. The kinds of the higher layers'
types live with them: TREE and ORACLE in verify.trees.kinds, RULE in
verify.protocol.bob_rules, PROFILE in verify.lower_bound.adversary.
"""

from __future__ import annotations

import functools
import inspect
import math
import operator
import os
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any, Callable, Sequence, TypeVar, Union

from .errors import BadInput

Kind = Callable[[object], "str | None"]  # what is wrong with the value, or None if it is fine
Public = TypeVar("Public", bound=Callable[..., Any])

# the types public functions accept (their annotations; the kinds below check them at run time)
PathArg = Union[str, "os.PathLike[str]"]  # a file path
ExactArg = Union[int, Fraction, float, str]  # a number given exactly: 2, Fraction(3, 2), "1/100"
InputArg = Union[str, Sequence[int]]  # an input z: "110", "1^600000,0^400001", @FILE, (1, 1, 0)


def api(**kinds: Kind) -> Callable[[Public], Public]:
    """Decorator of a public function: the call bound to the signature, each argument given
    checked by its kind (BadInput "function: argument ...: reason")."""
    def decorate(function):
        signature = inspect.signature(function)
        unknown = set(kinds) - set(signature.parameters)
        if unknown:
            raise AssertionError(f"{function.__name__}: no parameter {sorted(unknown)}")

        positional, required, simple = _positional(signature)

        @functools.wraps(function)
        def checked(*args, **kwargs):
            bound = None
            if simple and not kwargs and required <= len(args) <= len(positional):
                given = zip(positional, args)  # the common call, without the cost of bind()
            else:
                try:
                    bound = signature.bind(*args, **kwargs)
                except TypeError as error:
                    raise BadInput(f"{function.__name__}: {error}") from None
                given = bound.arguments.items()
            changed = {}
            for name, value in given:
                if name in kinds:
                    normal = _checked(function.__name__, name, kinds[name], value)
                    if normal is not value:
                        changed[name] = normal
            if changed:
                if bound is None:
                    args = tuple(changed.get(name, value) for name, value in zip(positional, args))
                else:
                    bound.arguments.update(changed)
                    args, kwargs = bound.args, bound.kwargs
            return function(*args, **kwargs)

        checked.api_kinds = kinds
        return checked
    return decorate


def _checked(function: str, name: str, kind: Kind, value):
    """The value as the function receives it (the kind's `normal`, if any); BadInput
    "function: name=value: reason" if the kind refuses it."""
    problem = kind(value)
    if not problem:
        normal = getattr(kind, "normal", None)
        if normal is None:
            return value
        try:
            return normal(value)
        except BadInput as error:
            problem = str(error)
    raise BadInput(f"{function}: {name}={shown(value)}: {problem}")


def _normalised(kind: Kind, normal: Callable) -> Kind:
    """The kind with its `normal` function (see the module docstring)."""
    kind.normal = normal
    return kind


def python_number(value):
    """An accepted number as a Python type: an Integral (numpy, sympy, ...) as an int, a
    Rational as a Fraction, another real (numpy or sympy float) as a float; bools, ints,
    Fractions, floats and strings unchanged."""
    if isinstance(value, (bool, str, Fraction)) or type(value) in (int, float):
        return value
    if isinstance(value, Integral):
        return operator.index(value)
    if isinstance(value, Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Real):
        return float(value)
    return value


def _positional(signature: inspect.Signature) -> tuple[list[str], int, bool]:
    """The positional parameters' names, how many are required, and whether a call with
    only positional arguments binds by position alone (no *args, no required keyword)."""
    kinds = inspect.Parameter
    names = [p.name for p in signature.parameters.values()
             if p.kind in (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD)]
    required = sum(1 for p in signature.parameters.values() if p.name in names
                   and p.default is kinds.empty)
    simple = all(p.kind is not kinds.VAR_POSITIONAL and not (
        p.kind is kinds.KEYWORD_ONLY and p.default is kinds.empty)
        for p in signature.parameters.values())
    return names, required, simple


def shown(value) -> str:
    """The value as shown in a one-line message: its repr on one line, cut to 40 characters."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 40 else text[:37] + "..."


def _is_integer(value) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def integer(low: int | None = None) -> Kind:
    """An integer (not a bool), at least `low` if given; received as a Python int."""
    def check(value):
        if not _is_integer(value):
            return "expected an integer"
        if low is not None and value < low:
            return f"expected an integer >= {low}"
        return None
    check.integral = True
    return _normalised(check, python_number)


def number(low=None, high=None) -> Kind:
    """A finite real number (int, float, Fraction; not a bool) in [low, high] (a probability
    or a confidence level); received as a Python int if integral, else as a float."""
    def check(value):
        if not isinstance(value, Real) or isinstance(value, bool) or not _finite(value):
            return "expected a finite number"
        if (low is not None and value < low) or (high is not None and value > high):
            return f"expected a number in [{low}, {high}]"
        return None
    return _normalised(check, _int_or_float)


def _int_or_float(value):
    return operator.index(value) if isinstance(value, Integral) else float(value)


def _finite(value: Real) -> bool:
    """Finite, without converting an integer or a rational to a float (10**400 is finite)."""
    return isinstance(value, Rational) or math.isfinite(value)


def _exact(value):
    """A number given exactly: an int, a Fraction, a finite float or a string such as "1/100"
    (not a bool)."""
    if isinstance(value, str):
        try:
            Fraction(value)
        except (ValueError, ZeroDivisionError):
            return "expected a number such as 2, 3/2 or 1/100"
        return None
    if isinstance(value, (Integral, Fraction)) and not isinstance(value, bool):
        return None
    if isinstance(value, float) and math.isfinite(value):
        return None
    return "expected a number (an int, a Fraction or a string such as 1/100)"


def instance(*types: type, what: str) -> Kind:
    """An instance of one of the types (described as `what`)."""
    def check(value):
        return None if isinstance(value, types) and not _bool_for_int(value, types) \
            else f"expected {what}"
    return check


def _bool_for_int(value, types) -> bool:
    return isinstance(value, bool) and bool not in types


def optional(kind: Kind) -> Kind:
    """None, or a value of the kind (received as the kind receives it)."""
    def check(value):
        return None if value is None else kind(value)
    check.inner = kind
    normal = getattr(kind, "normal", None)
    return check if normal is None else \
        _normalised(check, lambda value: None if value is None else normal(value))


def sequence(kind: Kind, what: str, nonempty: bool = False) -> Kind:
    """A list or tuple whose every item is of the kind."""
    def check(value):
        if not isinstance(value, (list, tuple)):
            return f"expected a list of {what}"
        if nonempty and not value:
            return f"expected a nonempty list of {what}"
        for item in value:
            problem = kind(item)
            if problem:
                return f"item {shown(item)}: {problem}"
        return None
    normal = getattr(kind, "normal", None)
    return check if normal is None else \
        _normalised(check, lambda value: type(value)(normal(item) for item in value))


def integer_mapping(what: str) -> Kind:
    """A dict (described as `what`) whose integer keys and values (numpy, sympy, ...) arrive
    as Python ints; other keys and values are left for the function to refuse."""
    def whole(value):
        return operator.index(value) if _is_integer(value) else value

    return _normalised(instance(dict, what=what),
                       lambda mapping: {whole(k): whole(v) for k, v in mapping.items()})


def one_of(*options: str) -> Kind:
    """One of the given strings."""
    def check(value):
        if isinstance(value, str) and value in options:
            return None
        return f"expected one of {', '.join(options)}"
    return check


def _any(value):
    return None


# any value, an integer or rational of another type received as a Python one: for a parameter
# the function checks itself (with its own messages and ranges)
AS_PYTHON_NUMBER: Kind = _normalised(_any, python_number)
FLAG = instance(bool, what="True or False")
TEXT = instance(str, what="a string")
PATH = instance(str, os.PathLike, what="a path (a string or os.PathLike)")
EXACT: Kind = _normalised(_exact, python_number)
BACKEND = one_of("sat", "z3")  # the solver of blocks and check_blocks
