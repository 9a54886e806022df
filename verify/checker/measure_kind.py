"""Kind `measure`: s_z(f), bs_z(f) or C_z(f) with a witness, checked exhaustively (q <= 10).

Sensitive blocks as in paper Def. 3.3: B is sensitive at z iff f(z^B) != f(z). The measures
(docs/notes.md, section 3; certificates/FORMAT.md, section 10):
- s: the number of sensitive one-coordinate blocks; the witness lists all of them;
- bs: the largest number of pairwise disjoint sensitive blocks; the witness is such a family;
- C: the fewest coordinates meeting every sensitive block (a set H meets every sensitive
  block iff every y agreeing with z on H has f(y) = f(z)); the witness is such a set.
The witness proves value <= bs (resp. value >= C); optimality is checked by enumeration over
the 2^q blocks, so q is at most 10: the largest packing inside every coordinate set by
dynamic programming (at most 3^q steps), and for C every set of value - 1 coordinates misses
some sensitive block (then so does every smaller set). Standard library only.
"""

from __future__ import annotations

from itertools import combinations

from .errors import CertificateMalformed
from .fields import brief, get_typed, read_arity_and_input, read_block, require_keys
from .rationals import parse_number
from .report import CheckReport, accepted, rejected
from .spec_eval import parse_spec

MAX_MEASURE_ARITY = 10
MEASURES = ("s", "bs", "C")
REQUIRED = {"format", "kind", "measure", "spec", "arity", "input", "value", "witness"}
OPTIONAL = {"producer"}


def check(obj: dict) -> CheckReport:
    """Check a kind-"measure" certificate; the report names the first failing condition."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    measure = get_typed(obj, "measure", str, "certificate")
    if measure not in MEASURES:
        raise CertificateMalformed(f"measure: expected one of {', '.join(MEASURES)}, "
                                   f"got {brief(measure)}")
    spec = parse_spec(get_typed(obj, "spec", str, "certificate"), None, MAX_MEASURE_ARITY)
    q = spec.arity
    z = read_arity_and_input(obj, q)
    value = parse_number(obj["value"], "value")
    if value.denominator != 1 or value < 0:
        raise CertificateMalformed(f"value: {measure} is a non-negative integer")
    witness = get_typed(obj, "witness", list, "certificate")
    sensitive = sensitive_masks(spec.truth_table(), q, int(z, 2))
    report = {"s": _check_s, "bs": _check_bs, "C": _check_c}[measure](
        witness, int(value), sensitive, q)
    if report is not None:
        return report
    return accepted(value, f"valid: {measure}_z(f) = {int(value)} for spec "
                           f"{spec.text[:40]} at z = {z} (q = {q})", measure)


def sensitive_masks(table: int, q: int, z: int) -> list[bool]:
    """sensitive[m]: the block with mask m (coordinate i = bit q-1-i) is sensitive at z."""
    at_z = (table >> z) & 1
    return [m != 0 and ((table >> (z ^ m)) & 1) != at_z for m in range(1 << q)]


def _mask(block: tuple[int, ...], q: int) -> int:
    return sum(1 << (q - 1 - i) for i in block)


def _coordinates(witness: list, q: int) -> int:
    """A witness that is a set of coordinates (possibly empty), as a mask."""
    if not witness:
        return 0
    return _mask(read_block(witness, q, "witness"), q)


def _check_s(witness: list, value: int, sensitive: list[bool], q: int) -> CheckReport | None:
    listed = _coordinates(witness, q)
    for i in range(q):
        bit = 1 << (q - 1 - i)
        if listed & bit and not sensitive[bit]:
            return rejected("witness-sensitive", f"coordinate {i} is listed but flipping it "
                                                 "does not change f")
        if sensitive[bit] and not listed & bit:
            return rejected("witness-complete", f"coordinate {i} is sensitive but not listed")
    if listed.bit_count() != value:
        return rejected("value", f"{listed.bit_count()} sensitive coordinates, claimed "
                                 f"value = {value}")
    return None


def _check_bs(witness: list, value: int, sensitive: list[bool], q: int) -> CheckReport | None:
    used = 0
    for k, entry in enumerate(witness):  # block by block: at most q + 1 blocks are read
        mask = _mask(read_block(entry, q, f"witness[{k}]"), q)
        if not sensitive[mask]:
            return rejected("witness-sensitive", f"witness[{k}] is not a sensitive block")
        if used & mask:
            return rejected("witness-disjoint", f"witness[{k}] meets an earlier block")
        used |= mask
    if len(witness) != value:
        return rejected("value", f"the witness has {len(witness)} blocks, claimed value = {value}")
    largest = largest_packing(sensitive, q)
    if largest > value:
        return rejected("not-maximum", f"{largest} pairwise disjoint sensitive blocks exist, "
                                       f"claimed bs = {value}")
    return None


def largest_packing(sensitive: list[bool], q: int) -> int:
    """The most pairwise disjoint sensitive blocks: best[m] over coordinate sets m, where the
    lowest coordinate of m is either unused or in the block taken."""
    best = [0] * (1 << q)
    for m in range(1, 1 << q):
        low = m & -m
        rest = m ^ low
        top = best[rest]
        sub = rest
        while True:
            block = sub | low
            if sensitive[block] and best[m ^ block] + 1 > top:
                top = best[m ^ block] + 1
            if sub == 0:
                break
            sub = (sub - 1) & rest
        best[m] = top
    return best[-1]


def _check_c(witness: list, value: int, sensitive: list[bool], q: int) -> CheckReport | None:
    hitting = _coordinates(witness, q)
    full = (1 << q) - 1
    inside = holds_sensitive(sensitive, q)
    if inside[full ^ hitting]:
        return rejected("witness-hitting", "some sensitive block avoids the witness set")
    if hitting.bit_count() != value:
        return rejected("value", f"the witness has {hitting.bit_count()} coordinates, claimed "
                                 f"value = {value}")
    for smaller in (combinations(range(q), value - 1) if value else ()):
        if not inside[full ^ _mask(smaller, q)]:
            return rejected("not-minimum", f"coordinates {list(smaller)} meet every sensitive "
                                           f"block: C <= {value - 1}")
    return None


def holds_sensitive(sensitive: list[bool], q: int) -> list[bool]:
    """inside[m]: some sensitive block lies within the coordinate set m (q * 2^q steps)."""
    inside = list(sensitive)
    for m in range(1, 1 << q):
        if not inside[m]:
            bits = m
            while bits:
                bit = bits & -bits
                if inside[m ^ bit]:
                    inside[m] = True
                    break
                bits ^= bit
    return inside
