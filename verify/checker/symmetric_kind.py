"""Checks for certificates of kind `symmetric` (certificates/FORMAT.md, section "Kind symmetric").

For f(x) = V(|x|) the certificate gives t on the ones of z, t on the zeros of z, and primal
weights on block types (a ones flipped, b zeros flipped). Nothing is enumerated: a block of
type (a, b) reaches weight w - a + b, and the cheapest blocks reaching a weight below (above)
w flip only ones (zeros), so dual feasibility reduces to the nearest weight where V changes.

Work is bounded by the file: V is a closed form (and, or, parity, maj, thr: O(1) per weight)
or the `sym:` text itself (one str.find), the input is read run by run, every number has at
most 1000 characters and the common denominator of the primal weights (and of t) at most
2^14 bits, so each primal type costs O(1) big-integer operations of bounded size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .errors import CertificateMalformed, CertificateTooLarge
from .fields import get_typed, require_keys
from .rationals import common_denominator, parse_number, scaled_sum, show
from .report import CheckReport, accepted, rejected

MAX_ARITY = 10**8
_RUN = re.compile(r"([01])\^([0-9]{1,9})")
_RUNS = re.compile(r"(?:[01]\^[0-9]{1,9},)*+[01]\^[0-9]{1,9}")  # the whole run-length text
_COUNTS = re.compile(r"\^([0-9]+)")  # in a text _RUNS matched: every run's count
_ONE_COUNTS = re.compile(r"1\^([0-9]+)")  # ... and the counts of the runs of ones
_BIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")
_NUMBER = re.compile(r"[0-9]{1,9}")
_THRESHOLD = re.compile(r"-?[0-9]{1,1000}")  # thr:N:T, T any integer (spec grammar)


@dataclass(frozen=True)
class Values:
    """V(k), k = 0..n: a step [k >= first_one], parity, or the characters of a sym: spec."""

    n: int
    kind: str
    first_one: int = 0
    text: str = ""

    def __call__(self, k: int) -> int:
        if self.kind == "step":
            return int(k >= self.first_one)
        if self.kind == "parity":
            return k & 1
        return int(self.text[k] == "1")

    def nearest_change(self, weight: int, step: int) -> int | None:
        """Smallest d >= 1 with V(weight + step*d) != V(weight) within 0..n (closed form)."""
        if self.kind == "parity":
            return 1 if 0 <= weight + step <= self.n else None
        if self.kind == "step":
            if step > 0:
                return self.first_one - weight if weight < self.first_one <= self.n else None
            return weight - self.first_one + 1 if 1 <= self.first_one <= weight else None
        other = "0" if self.text[weight] == "1" else "1"
        found = (self.text.find(other, weight + 1) if step > 0
                 else self.text.rfind(other, 0, weight))
        return None if found < 0 else abs(found - weight)


def symmetric_values(spec: object) -> Values:
    """V for the symmetric families: V(k) is f at Hamming weight k."""
    if type(spec) is not str:
        raise CertificateMalformed("spec must be a string")
    family, _, rest = spec.partition(":")
    if family == "sym":
        if len(rest) > MAX_ARITY + 1:
            raise CertificateTooLarge(f"spec {spec[:40]!r}: sym needs 2 to {MAX_ARITY + 1} "
                                      "values (more given)")
        if not re.fullmatch(r"[01]{2,}", rest):
            raise CertificateMalformed(f"spec {spec[:40]!r}: sym needs 2 to {MAX_ARITY + 1} "
                                       "values, each 0 or 1")
        return Values(len(rest) - 1, "text", text=rest)
    fields = rest.split(":")
    patterns = (_NUMBER, _THRESHOLD) if family == "thr" else (_NUMBER,) * len(fields)
    if len(fields) != len(patterns) or not all(p.fullmatch(x) for p, x in zip(patterns, fields)):
        raise CertificateMalformed(f"spec {spec[:40]!r}: not a symmetric family this kind knows")
    numbers = [int(x) for x in fields]
    first_one = {("and", 1): lambda n: n, ("or", 1): lambda n: 1,
                 ("maj", 1): lambda n: n // 2 + 1, ("thr", 2): lambda n, t: t}
    if (family, len(numbers)) == ("parity", 1):
        rule = None
    else:
        rule = first_one.get((family, len(numbers)))
        if rule is None:
            numbers = [0]
    if numbers[0] > MAX_ARITY:
        raise CertificateTooLarge(f"spec {spec[:40]!r}: kind symmetric accepts N <= {MAX_ARITY}")
    if not 1 <= numbers[0]:
        raise CertificateMalformed(f"spec {spec[:40]!r}: kind symmetric accepts and, or, parity, "
                                   f"maj, thr, sym with 1 <= N <= {MAX_ARITY}")
    n = numbers[0]
    if rule is None:
        return Values(n, "parity")
    return Values(n, "step", first_one=min(max(rule(*numbers), 0), n + 1))


def count_ones(text: object, n: int) -> int:
    """Hamming weight of an input given as bits or as runs `1^5,0^3`; its length must be n.

    Plain bits are validated by one bytes.translate deletion and counted as the popcount of
    the bytes mapped to 0/1 (C loops, about 2 ms per 10^6 bits); runs by one
    regular-expression match of the whole text and two findall (work linear in the text,
    in C, no Python object per bit)."""
    if type(text) is not str:
        raise CertificateMalformed("input must be a string")
    data = text.encode("ascii") if text.isascii() else b"?"
    if data and not data.translate(None, b"01"):
        ones = int.from_bytes(data.translate(_BIT_VALUES), "little").bit_count()
        length = len(data)
    elif _RUNS.fullmatch(text):
        length = sum(map(int, _COUNTS.findall(text)))
        ones = sum(map(int, _ONE_COUNTS.findall(text)))
    else:
        bad = next((part for part in text.split(",") if not _RUN.fullmatch(part)), text)
        raise CertificateMalformed(f"input: {bad[:20]!r} is neither bits nor a run B^COUNT")
    if length > MAX_ARITY:
        raise CertificateMalformed(f"input longer than {MAX_ARITY} bits")
    if length != n:
        raise CertificateMalformed(f"input has {length} bits, the spec has arity {n}")
    return ones


def _read(obj: dict):
    require_keys(obj, {"format", "kind", "spec", "arity", "input", "value", "dual", "primal"},
                 {"producer", "bob_rule"}, "certificate")
    value = symmetric_values(obj["spec"])
    if get_typed(obj, "arity", int, "certificate") != value.n:
        raise CertificateMalformed(f"arity {str(obj['arity'])[:20]} differs from the spec's "
                                   f"arity {value.n}")
    weight = count_ones(obj["input"], value.n)
    dual = get_typed(obj, "dual", dict, "certificate")
    require_keys(dual, {"ones", "zeros"}, set(), "dual")
    t = {bit: parse_number(dual[key], f"dual.{key}") for bit, key in ((1, "ones"), (0, "zeros"))}
    types, numbers = [], {}
    for index, entry in enumerate(get_typed(obj, "primal", list, "certificate")):
        where = f"primal[{index}]"
        if type(entry) is not dict:
            raise CertificateMalformed(f"{where}: expected an object")
        require_keys(entry, {"ones", "zeros", "weight"}, set(), where)
        a, b = get_typed(entry, "ones", int, where), get_typed(entry, "zeros", int, where)
        text = entry["weight"]
        y = numbers.get(text) if type(text) is str else None
        if y is None:  # a text repeated across types is parsed once
            y = numbers[text] = parse_number(text, f"{where}.weight")
        types.append((a, b, y))
    denominator = common_denominator([y for _, _, y in types], "primal weights")
    common_denominator(list(t.values()), "dual")
    return value, weight, t, types, denominator, parse_number(obj["value"], "value")


def check(obj: dict) -> CheckReport:
    """All conditions of the symmetric kind, in FORMAT.md order."""
    value, w, t, types, denominator, claimed = _read(obj)
    n = value.n
    if any(y < 0 for _, _, y in types):
        return rejected("primal-nonnegative", "a type weight is negative")
    if t[1] < 0 or t[0] < 0:
        return rejected("dual-nonnegative", f"t on ones = {show(t[1])}, t on zeros = {show(t[0])}")
    for a, b, _ in types:
        if not (0 <= a <= w and 0 <= b <= n - w and a + b >= 1) or value(w - a + b) == value(w):
            return rejected("primal-sensitive", f"type ({str(a)[:20]} ones, {str(b)[:20]} zeros) "
                            f"is not a sensitive block type at weight {w} of {n}")
    # integer sums over the common denominator of the weights (y = Y / denominator): one
    # Fraction per total, never a gcd per addition
    weights = [y for _, _, y in types]
    ones_load = Fraction(scaled_sum(weights, denominator, [a for a, _, _ in types]), denominator)
    zeros_load = Fraction(scaled_sum(weights, denominator, [b for _, b, _ in types]),
                          denominator)
    if ones_load > w or zeros_load > n - w:
        return rejected("primal-load", f"total load on the ones {show(ones_load)} (at most {w}), "
                        f"on the zeros {show(zeros_load)} (at most {n - w})")
    total_weight = Fraction(scaled_sum(weights, denominator), denominator)
    if total_weight != claimed:
        return rejected("primal-value", f"sum of type weights = {show(total_weight)}, "
                        f"claimed value = {show(claimed)}")
    total = w * t[1] + (n - w) * t[0]
    if total != claimed:
        return rejected("dual-value", f"sum of t = {show(total)}, claimed value = {show(claimed)}")
    for bit, step, name in ((1, -1, "ones"), (0, +1, "zeros")):
        distance = value.nearest_change(w, step)
        if distance is not None and distance * t[bit] < 1:
            return rejected("dual-feasible", f"flipping {distance} {name} is sensitive but has "
                            f"t(B) = {show(distance * t[bit])} < 1")
    return accepted(claimed, f"fbs = {show(claimed)} (symmetric, weight {w} of {n})")
