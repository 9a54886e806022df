"""Exact numbers in JSON: Fractions as "p/q" or "p" strings (docs/notes.md, section 2)."""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from .errors import BadInput


def fraction_text(x: Fraction) -> str:
    """"p/q", or "p" for an integer."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def scale_to_integers(values) -> tuple[list[int], int]:
    """Integers T and a common denominator D with values[i] = T[i] / D."""
    denominator = lcm(*(Fraction(v).denominator for v in values)) if values else 1
    return [int(Fraction(v) * denominator) for v in values], denominator


def parse_fraction(text, what: str, examples: str = "4, 7/2 or 2.5") -> Fraction:
    """An exact number from "4", "7/2" or "2.5"; BadInput naming `what` if it is not one."""
    try:
        return Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise BadInput(f"{what} must be a number such as {examples}, got {text!r}") from None
