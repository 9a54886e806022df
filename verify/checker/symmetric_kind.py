"""Checks for certificates of kind `symmetric` (certificates/FORMAT.md, section "Kind symmetric").

For f(x) = V(|x|) the certificate gives t on the ones of z, t on the zeros of z, and primal
weights on block types (a ones flipped, b zeros flipped). Nothing is enumerated: a block of
type (a, b) reaches weight w - a + b, and the cheapest blocks reaching a weight below (above)
w flip only ones (zeros), so dual feasibility reduces to the nearest weight where V changes.
"""

from __future__ import annotations

import re

from .errors import CertificateMalformed
from .fields import get_typed, require_keys
from .rationals import parse_number
from .report import CheckReport, accepted, rejected

MAX_ARITY = 10**8
_RUN = re.compile(r"([01])\^([0-9]{1,9})")


def symmetric_values(spec: object) -> tuple[int, object]:
    """(n, V) for the symmetric families: V(k) is f at Hamming weight k."""
    if type(spec) is not str:
        raise CertificateMalformed("spec must be a string")
    family, _, rest = spec.partition(":")
    if family == "sym":
        if not re.fullmatch(r"[01]{2,}", rest) or len(rest) > MAX_ARITY + 1:
            raise CertificateMalformed(f"spec {spec[:40]!r}: sym needs 0/1 values")
        return len(rest) - 1, lambda k: int(rest[k])
    fields = rest.split(":")
    if not all(re.fullmatch(r"[0-9]{1,9}", x) for x in fields):
        raise CertificateMalformed(f"spec {spec[:40]!r}: not a symmetric family this kind knows")
    numbers = [int(x) for x in fields]
    rules = {("and", 1): lambda n: lambda k: int(k == n),
             ("or", 1): lambda n: lambda k: int(k >= 1),
             ("parity", 1): lambda n: lambda k: k % 2,
             ("maj", 1): lambda n: lambda k: int(2 * k > n),
             ("thr", 2): lambda n, t: lambda k: int(k >= t)}
    rule = rules.get((family, len(numbers)))
    if rule is None or not 1 <= numbers[0] <= MAX_ARITY:
        raise CertificateMalformed(f"spec {spec[:40]!r}: kind symmetric accepts and, or, parity, "
                                   f"maj, thr, sym with 1 <= N <= {MAX_ARITY}")
    return numbers[0], rule(*numbers)


def count_ones(text: object, n: int) -> int:
    """Hamming weight of an input given as bits or as runs `1^5,0^3`; its length must be n."""
    if type(text) is not str:
        raise CertificateMalformed("input must be a string")
    if re.fullmatch(r"[01]+", text):
        length, ones = len(text), text.count("1")
    else:
        length = ones = 0
        for part in text.split(","):
            match = _RUN.fullmatch(part)
            if match is None:
                raise CertificateMalformed(f"input: {part[:20]!r} is neither bits nor a run B^COUNT")
            length += int(match.group(2))
            ones += int(match.group(2)) if match.group(1) == "1" else 0
            if length > MAX_ARITY:
                raise CertificateMalformed(f"input longer than {MAX_ARITY} bits")
    if length != n:
        raise CertificateMalformed(f"input has {length} bits, the spec has arity {n}")
    return ones


def nearest_change(value, weight: int, n: int, step: int) -> int | None:
    """Smallest d >= 1 with V(weight + step*d) != V(weight), scanning within 0..n."""
    k = weight + step
    while 0 <= k <= n:
        if value(k) != value(weight):
            return abs(k - weight)
        k += step
    return None


def _read(obj: dict):
    require_keys(obj, {"format", "kind", "spec", "arity", "input", "value", "dual", "primal"},
                 {"producer", "bob_rule"}, "certificate")
    n, value = symmetric_values(obj["spec"])
    if get_typed(obj, "arity", int, "certificate") != n:
        raise CertificateMalformed(f"arity {obj['arity']} differs from the spec's arity {n}")
    weight = count_ones(obj["input"], n)
    dual = get_typed(obj, "dual", dict, "certificate")
    require_keys(dual, {"ones", "zeros"}, set(), "dual")
    t = {bit: parse_number(dual[key], f"dual.{key}") for bit, key in ((1, "ones"), (0, "zeros"))}
    types = []
    for index, entry in enumerate(get_typed(obj, "primal", list, "certificate")):
        where = f"primal[{index}]"
        if type(entry) is not dict:
            raise CertificateMalformed(f"{where}: expected an object")
        require_keys(entry, {"ones", "zeros", "weight"}, set(), where)
        a, b = get_typed(entry, "ones", int, where), get_typed(entry, "zeros", int, where)
        types.append((a, b, parse_number(entry["weight"], f"{where}.weight")))
    return n, value, weight, t, types, parse_number(obj["value"], "value")


def check(obj: dict) -> CheckReport:
    """All conditions of the symmetric kind, in FORMAT.md order."""
    n, value, w, t, types, claimed = _read(obj)
    if any(y < 0 for _, _, y in types):
        return rejected("primal-nonnegative", "a type weight is negative")
    if t[1] < 0 or t[0] < 0:
        return rejected("dual-nonnegative", f"t on ones = {t[1]}, t on zeros = {t[0]}")
    for a, b, _ in types:
        if not (0 <= a <= w and 0 <= b <= n - w and a + b >= 1) or value(w - a + b) == value(w):
            return rejected("primal-sensitive", f"type ({a} ones, {b} zeros) is not a sensitive "
                            f"block type at weight {w} of {n}")
    ones_load, zeros_load = sum(y * a for a, _, y in types), sum(y * b for _, b, y in types)
    if ones_load > w or zeros_load > n - w:
        return rejected("primal-load", f"total load on the ones {ones_load} (at most {w}), "
                        f"on the zeros {zeros_load} (at most {n - w})")
    if sum(y for _, _, y in types) != claimed:
        return rejected("primal-value", f"sum of type weights = {sum(y for _, _, y in types)}, "
                        f"claimed value = {claimed}")
    total = w * t[1] + (n - w) * t[0]
    if total != claimed:
        return rejected("dual-value", f"sum of t = {total}, claimed value = {claimed}")
    for bit, step, name in ((1, -1, "ones"), (0, +1, "zeros")):
        distance = nearest_change(value, w, n, step)
        if distance is not None and distance * t[bit] < 1:
            return rejected("dual-feasible", f"flipping {distance} {name} is sensitive but has "
                            f"t(B) = {distance * t[bit]} < 1")
    return accepted(claimed, f"fbs = {claimed} (symmetric, weight {w} of {n})")
