"""Exact numbers in certificates: JSON strings "p/q" or "p" (docs/notes.md, section 2)."""

from __future__ import annotations

import re
from fractions import Fraction
from math import lcm

from .errors import CertificateMalformed, CertificateTooLarge

MAX_NUMBER_CHARS = 1000
_NUMBER = re.compile(r"(-?[0-9]+)(?:/([0-9]+))?")


def parse_number(text: object, where: str) -> Fraction:
    """Parse "p/q" or "p" (optional leading '-', ASCII digits, q > 0) into a Fraction."""
    if not isinstance(text, str):
        raise CertificateMalformed(f"{where}: expected a number string \"p/q\" or \"p\", "
                                   f"got {type(text).__name__}")
    if len(text) > MAX_NUMBER_CHARS:
        raise CertificateTooLarge(f"{where}: number longer than {MAX_NUMBER_CHARS} characters")
    match = _NUMBER.fullmatch(text)
    if match is None:
        raise CertificateMalformed(f"{where}: {text[:40]!r} is not of the form \"p/q\" or \"p\"")
    numerator, denominator = match.group(1), match.group(2)
    if denominator is None:
        return Fraction(int(numerator))
    if int(denominator) == 0:
        raise CertificateMalformed(f"{where}: denominator 0 in {text[:40]!r}")
    return Fraction(int(numerator), int(denominator))


MAX_DENOMINATOR_BITS = 1 << 14


def common_denominator(numbers: list[Fraction], where: str,
                       max_bits: int = MAX_DENOMINATOR_BITS) -> int:
    """The least common denominator, refused (CertificateMalformed) above max_bits bits so
    that every later sum is integer arithmetic of bounded size."""
    denominator = 1
    # the denominators of the distinct objects (readers share one Fraction per number text)
    for d in {x.denominator for x in {id(x): x for x in numbers}.values()}:
        denominator = lcm(denominator, d)
        if denominator.bit_length() > max_bits:
            raise CertificateTooLarge(f"{where}: the common denominator exceeds "
                                      f"{max_bits} bits")
    return denominator


def over_denominator(numbers, denominator: int):
    """The integers x * denominator, one by one, for a common denominator of the numbers
    (one division per distinct denominator, one product per number): comparisons over them
    are integer arithmetic, never a Fraction addition (two gcds) per term, and a caller that
    needs them one at a time never holds them all (each may have thousands of bits)."""
    factors: dict[int, int] = {}
    for x in numbers:
        factor = factors.get(x.denominator)
        if factor is None:
            factor = factors[x.denominator] = denominator // x.denominator
        yield x.numerator * factor


def scaled_sum(numbers, denominator: int, multipliers=None) -> int:
    """sum_k numbers[k] * multipliers[k] (1 without multipliers) times the common
    denominator, as an integer: numerators are summed per distinct denominator (small
    integers), and each group is scaled once."""
    groups: dict[int, int] = {}
    for k, x in enumerate(numbers):
        term = x.numerator if multipliers is None else x.numerator * multipliers[k]
        groups[x.denominator] = groups.get(x.denominator, 0) + term
    return sum(total * (denominator // d) for d, total in groups.items())


def show(x: Fraction) -> str:
    """x as "p/q" for messages; huge values (beyond str's 4300-digit limit) approximately."""
    if max(x.numerator.bit_length(), x.denominator.bit_length()) <= 12000:
        return str(x)
    approx = x.limit_denominator(10 ** 12)
    return f"~{approx} (exact value has a {x.denominator.bit_length()}-bit denominator)"
