"""Kind `weighted`: one weighted fbs LP of f at z with capacities c (certificates/FORMAT.md, 9).

    value = max { sum_B w_B : w >= 0 on sensitive blocks, load_i = sum_{B contains i} w_B <= c_i }
          = min { sum_i c_i v_i : v >= 0, v(B) >= 1 for every sensitive block B of f at z }.

Valid means: w is primal feasible, v is dual feasible (checked against all 2^q - 1 blocks),
and sum_B w_B = sum_i c_i v_i = value; weak duality then gives both optima. The budgeted
protocol (this project's extension, docs/budgeted.md) certifies Bob's budget check with it;
the tree kind checks the same local LP inside a factored certificate. Standard library only.
Work: one truth table of f (2^q positions, q <= MAX_WEIGHTED_ARITY) and one pass over the
blocks, as for the exhaustive kind.
"""

from __future__ import annotations

from fractions import Fraction

from . import bitset
from .dual_check import light_sensitive_block
from .errors import CertificateMalformed
from .fields import brief, get_typed, read_files, read_primal, require_keys
from .rationals import common_denominator, parse_number, show
from .report import CheckReport, accepted, rejected
from .spec_eval import parse_spec

REQUIRED = {"format", "kind", "spec", "arity", "input", "capacities", "value", "primal", "dual"}
OPTIONAL = {"files", "producer"}
MAX_WEIGHTED_ARITY = 24


def check(obj: dict) -> CheckReport:
    """Check a kind-"weighted" certificate; the report names the first failing condition."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    files = read_files(obj)
    spec = parse_spec(get_typed(obj, "spec", str, "certificate"), files, MAX_WEIGHTED_ARITY)
    q = spec.arity
    if get_typed(obj, "arity", int, "certificate") != q:
        raise CertificateMalformed(f"arity: the spec has arity {q}, the certificate claims "
                                   f"{brief(obj['arity'])}")
    z = get_typed(obj, "input", str, "certificate")
    if len(z) != q or z.strip("01"):
        raise CertificateMalformed(f"input: expected a 0/1 string of length q = {q}")
    capacities = _numbers(obj, "capacities", q)
    dual = _numbers(obj, "dual", q)
    value = parse_number(obj["value"], "value")
    primal = read_primal(get_typed(obj, "primal", list, "certificate"), q)
    table = spec.truth_table()
    z_index = int(z, 2) if q else 0
    f_z = (table >> z_index) & 1
    sensitive = bitset.xor_permute(table, z_index, q)
    if f_z:
        sensitive ^= (1 << (1 << q)) - 1
    report = _local_lp(sensitive, q, capacities, value, primal, dual)
    if report is not None:
        return report
    return accepted(value, f"valid: the weighted fbs of {spec.text[:40]} at z = {z[:40]} with "
                           f"capacities {[show(c) for c in capacities[:8]]} is {show(value)}")


def _numbers(obj: dict, key: str, q: int) -> list[Fraction]:
    entries = get_typed(obj, key, list, "certificate")
    if len(entries) != q:
        raise CertificateMalformed(f"{key}: expected q = {q} entries, got {len(entries)}")
    return [parse_number(entry, f"{key}[{i}]") for i, entry in enumerate(entries)]


def _local_lp(sensitive: int, q: int, capacities, value, primal, dual) -> CheckReport | None:
    """Capacities, primal and dual of one weighted LP, checked in order; None if valid."""
    if any(c < 0 for c in capacities):
        return rejected("capacity-nonnegative", "a capacity is negative")
    lookup = bitset.to_lookup(sensitive, q)
    for block, weight in primal:
        if weight < 0:
            return rejected("primal-nonnegative", f"block {list(block)} has weight {show(weight)} < 0")
        if not bitset.test(lookup, _mask(block, q)):
            return rejected("primal-sensitive", f"block {list(block)} is not sensitive at z")
    denominator = common_denominator([w for _, w in primal] + list(capacities), "primal")
    load = [0] * q
    for block, weight in primal:
        for i in block:
            load[i] += weight.numerator * (denominator // weight.denominator)
    for i, total in enumerate(load):
        if Fraction(total, denominator) > capacities[i]:
            return rejected("primal-load", f"coordinate {i} has load "
                                           f"{show(Fraction(total, denominator))} > capacity "
                                           f"{show(capacities[i])}")
    primal_value = sum((w for _, w in primal), Fraction(0))
    if primal_value != value:
        return rejected("primal-value", f"sum of primal weights = {show(primal_value)}, "
                                        f"claimed value = {show(value)}")
    if any(v < 0 for v in dual):
        return rejected("dual-nonnegative", "a dual entry is negative")
    dual_value = sum((c * v for c, v in zip(capacities, dual)), Fraction(0))
    if dual_value != value:
        return rejected("dual-value", f"sum_i c_i v_i = {show(dual_value)}, "
                                      f"claimed value = {show(value)}")
    dual_den = common_denominator(list(dual), "dual")
    light = light_sensitive_block(sensitive, q, [v.numerator * (dual_den // v.denominator)
                                                 for v in dual], dual_den)
    if light is not None:
        block = [i for i in range(q) if (light >> (q - 1 - i)) & 1]
        return rejected("dual-feasible", f"block {block} is sensitive but v(B) = "
                                         f"{show(sum((dual[i] for i in block), Fraction(0)))} < 1")
    return None


def _mask(block: tuple[int, ...], q: int) -> int:
    mask = 0
    for i in block:
        mask |= 1 << (q - 1 - i)
    return mask
