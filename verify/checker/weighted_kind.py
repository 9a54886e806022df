"""Kind `weighted`: one weighted fbs LP of f at z with capacities c (certificates/FORMAT.md, 9).

    value = max { sum_B w_B : w >= 0 on sensitive blocks, load_i = sum_{B contains i} w_B <= c_i }
          = min { sum_i c_i v_i : v >= 0, v(B) >= 1 for every sensitive block B of f at z }.

Valid means: w is primal feasible, v is dual feasible (checked against all 2^q - 1 blocks),
and sum_B w_B = sum_i c_i v_i = value; weak duality then gives both optima. The budgeted
protocol (this project's extension, docs/budgeted.md) certifies Bob's budget check with it;
the tree kind checks the same local LP inside a factored certificate, and this kind is that
check (tree_kind.check_local_lp) on a single record. Standard library only. Work: a symmetric
f (and, or, parity, maj, thr, sym) by closed forms at any width; any other f by one truth
table (2^q positions, q <= 24) and one pass over the blocks, within the tree kind's budget.
"""

from __future__ import annotations

from fractions import Fraction

from .errors import CertificateMalformed
from .fields import brief, get_typed, read_files, read_primal, require_keys
from .rationals import parse_number, show
from .report import CheckReport, accepted
from .spec_eval import Budget
from .tree_kind import TREE_WORK_LIMIT, Aggregators, LocalLP, check_local_lp

REQUIRED = {"format", "kind", "spec", "arity", "input", "capacities", "value", "primal", "dual"}
OPTIONAL = {"files", "producer"}


def check(obj: dict) -> CheckReport:
    """Check a kind-"weighted" certificate; the report names the first failing condition."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    aggregators = Aggregators(read_files(obj), Budget(TREE_WORK_LIMIT))
    spec = get_typed(obj, "spec", str, "certificate")
    phi = aggregators.get(spec, "spec")
    q = phi.q
    if get_typed(obj, "arity", int, "certificate") != q:
        raise CertificateMalformed(f"arity: the spec has arity {q}, the certificate claims "
                                   f"{brief(obj['arity'])}")
    z = get_typed(obj, "input", str, "certificate")
    if len(z) != q or z.strip("01"):
        raise CertificateMalformed(f"input: expected a 0/1 string of length q = {q}")
    capacities = _numbers(obj, "capacities", q)
    value = parse_number(obj["value"], "value")
    primal = read_primal(get_typed(obj, "primal", list, "certificate"), q)
    record = LocalLP(0, phi, z, tuple(capacities), value, primal, tuple(_numbers(obj, "dual", q)))
    report = check_local_lp(record, where=f"{spec[:30]} at z = {z[:30]}")
    if report is not None:
        return report
    return accepted(value, f"valid: the weighted fbs of {spec[:40]} at z = {z[:40]} with "
                           f"capacities {[show(c) for c in capacities[:8]]} is {show(value)}")


def _numbers(obj: dict, key: str, q: int) -> list[Fraction]:
    entries = get_typed(obj, key, list, "certificate")
    if len(entries) != q:
        raise CertificateMalformed(f"{key}: expected q = {q} entries, got {len(entries)}")
    return [parse_number(entry, f"{key}[{i}]") for i, entry in enumerate(entries)]
