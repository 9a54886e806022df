"""Exact numbers as text, one convention for every command and file (docs/notes.md, section 2).

JSON: an exact number is a string "p/q" (or "p" for an integer) of any length; where a float
helps a reader it sits beside it as `<name>_float` (null if it does not fit a double). Numbers
a user types (rho, delta, eps, probabilities) are read here: ASCII digits only.
"""

from __future__ import annotations

import json
import math
import numbers
import re
import sys
from fractions import Fraction
from math import lcm

from .errors import BadInput, TooLarge

MAX_TYPED_DIGITS = 1000  # digits of p and of q, and |exponent|, of a number a user types
MAX_LONG_DIGITS = 1_000_000  # the same where a command takes longer numbers (--delta)
_STR_DIGITS_SAFE = 4000  # below Python's 4300-digit int <-> str limit
_TYPED = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?", re.ASCII)
_RATIO = re.compile(r"([+-]?[0-9]+)/([0-9]+)", re.ASCII)


def int_text(n: int) -> str:
    """The decimal digits of an integer of any size (no 4300-digit limit; GMP's fast
    conversion through python-flint for long ones: Python's own is quadratic)."""
    n = int(n)
    if n.bit_length() < _STR_DIGITS_SAFE * 3:
        return str(n)
    import flint

    return str(flint.fmpz(n))


def counted(n, noun: str, plural: str | None = None) -> str:
    """'1 certificate', '2 certificates': a count (int or its digits) with its noun."""
    return f"{n} {noun if str(n) == '1' else plural or noun + 's'}"


def count_display(n: int) -> str:
    """A count of any size for a terminal line: its digits up to 30 of them, else 2^k for a
    power of two, else its leading digits and its number of digits (never str(n), which stops
    at Python's 4300-digit limit)."""
    if n.bit_length() < 100:
        return str(n)
    if n > 0 and n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    digits = int_text(n)
    return digits if len(digits) <= 30 else f"{digits[:6]}... ({len(digits)} digits)"


def text_int(digits: str) -> int:
    """The integer of a string of ASCII digits (optional sign) of any length, fast."""
    if len(digits) < _STR_DIGITS_SAFE:
        return int(digits)
    import flint

    return int(flint.fmpz(digits.lstrip("+")))


def fraction_from_text(text: str) -> Fraction:
    """An exact number written by this package ("p/q" or "p", any length) as a Fraction."""
    top, _, bottom = str(text).partition("/")
    return Fraction(text_int(top), text_int(bottom) if bottom else 1)


def decimal_digits(n: int) -> int:
    """The number of decimal digits of |n| (1 for 0)."""
    return len(int_text(abs(int(n))))


def fraction_text(x: Fraction) -> str:
    """"p/q", or "p" for an integer, of any size."""
    x = Fraction(x)
    if x.denominator == 1:
        return int_text(x.numerator)
    return f"{int_text(x.numerator)}/{int_text(x.denominator)}"


def as_float(x: Fraction) -> float | None:
    """The nearest double, or None if |x| is beyond the double range (JSON has no infinity)."""
    try:
        value = float(Fraction(x))
    except OverflowError:
        return None
    return value if math.isfinite(value) else None


def short_fraction(x: Fraction, limit: int = 40) -> str:
    """An exact value for a terminal: "p/q (~float)", or only the float if p/q is long."""
    x = Fraction(x)
    approx = as_float(x)
    shown = "out of double range" if approx is None else f"{approx:.6g}"
    if max(x.numerator.bit_length(), x.denominator.bit_length()) < 4 * limit:
        text = fraction_text(x)
        if len(text) <= limit:
            return text if x.denominator == 1 else f"{text} (~{shown})"
    digits = decimal_digits(x.denominator if x.denominator != 1 else x.numerator)
    kind = "fraction" if x.denominator != 1 else "integer"
    return f"~{shown} (exact: a {digits}-digit {kind}, see --json)"


def as_fraction(x) -> Fraction:
    """An exact value given as a Fraction, an int or its JSON text "p/q" (any length: never
    Python's 4300-digit limit, which Fraction("p/q") has)."""
    return fraction_from_text(x) if isinstance(x, str) else Fraction(x)


def shown(x) -> str:
    """An exact value (a Fraction, an int or its JSON text "p/q") for a terminal, always with
    a decimal beside a non-integer: "388800/713132299 (~0.000545213)"; None as "-"."""
    if x is None:
        return "-"
    return short_fraction(as_fraction(x))


def exact_fields(name: str, x: Fraction | None, with_float: bool = True) -> dict:
    """{name: "p/q", name_float: float} (the JSON convention); both null for None."""
    if x is None:
        return {name: None, **({f"{name}_float": None} if with_float else {})}
    document = {name: fraction_text(x)}
    if with_float:
        document[f"{name}_float"] = as_float(x)
    return document


def integer_field(n: int | None) -> str | None:
    """An exact integer of any size for JSON (a string), or None."""
    return None if n is None else int_text(n)


def parse_fraction(text, what: str, *, allow_negative: bool = False,
                   max_digits: int = MAX_TYPED_DIGITS) -> Fraction:
    """An exact number a user typed: "4", "7/2", "2.5", "1e-6" (ASCII digits only).

    BadInput (exit 2) with a one-line message otherwise; TooLarge (before any arithmetic)
    for more than `max_digits` digits in p or q of "p/q", in the digits of a decimal, or in
    the exponent's value."""
    if isinstance(text, numbers.Rational) and not isinstance(text, bool):
        value = Fraction(int(text.numerator), int(text.denominator))
    else:
        raw = str(text).strip() if isinstance(text, (str, float)) else None
        value = _parse_text(raw, what, max_digits) if raw is not None else None
        if value is None:
            raise BadInput(f"{what} must be a number such as 4, 7/2, 2.5 or 1e-6, "
                           f"got {str(text)[:40]!r}")
    if value < 0 and not allow_negative:
        raise BadInput(f"{what} must not be negative, got {str(text)[:40]}")
    return value


def _parse_text(raw: str, what: str, max_digits: int) -> Fraction | None:
    too_long = TooLarge(f"{what}: a number typed here has at most {max_digits} digits "
                        f"(and exponent at most {max_digits})")
    if len(raw) > 2 * max_digits + 16:
        raise too_long
    ratio = _RATIO.fullmatch(raw)
    if ratio:
        top, bottom = ratio.group(1).lstrip("+-").lstrip("0"), ratio.group(2).lstrip("0")
        if max(len(top), len(bottom)) > max_digits:
            raise too_long
        if not bottom:
            return None
        top = text_int(top or "0")
        return Fraction(-top if ratio.group(1).startswith("-") else top, text_int(bottom))
    match = _TYPED.fullmatch(raw)
    if not match or not (match.group(2) or match.group(3)):
        return None
    sign, whole, fraction, exponent = match.groups()
    digits = ((whole or "") + (fraction or "")).lstrip("0")
    power = (exponent or "0").lstrip("+-").lstrip("0") or "0"
    if len(digits) > max_digits or len(power) > len(str(max_digits)) \
            or int(power) > max_digits:
        raise too_long
    power = -int(power) if (exponent or "").startswith("-") else int(power)
    scale = power - len(fraction or "")
    value = Fraction(text_int(digits or "0"))
    value = value * 10**scale if scale >= 0 else value / 10**-scale
    return -value if sign == "-" else value


def parse_count(text, what: str, low: int = 0, high: int | None = None) -> int:
    """A non-negative integer a user typed (ASCII digits, at most 18 of them)."""
    raw = str(text).strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,18}", raw, re.ASCII):
        raise BadInput(f"{what} must be an integer, got {raw[:40]!r}")
    value = int(raw)
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f" and <= {high}"
        raise BadInput(f"{what} must be >= {low}{upper}, got {value}")
    return value


def scale_to_integers(values) -> tuple[list[int], int]:
    """Integers T and a common denominator D with values[i] = T[i] / D."""
    denominator = lcm(*(Fraction(v).denominator for v in values)) if values else 1
    return [int(Fraction(v) * denominator) for v in values], denominator


def canonical_json(document) -> str:
    """Sorted keys, no spaces: the same document always gives the same text (job ids, tree
    digests and the stored certificates' checksums are taken over it)."""
    return json_text(document, sort_keys=True, separators=(",", ":"))


def json_text(document, **options) -> str:
    """json.dumps of a document whose ints may have any length: json writes an int by str(),
    which stops at Python's 4300-digit limit; that limit guards parsing, and nothing is
    parsed here, so it is lifted for this call only."""
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(document, **options)
    finally:
        sys.set_int_max_str_digits(previous)
