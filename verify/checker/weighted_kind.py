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
from .fields import (
    get_typed,
    read_arity_and_input,
    read_block,
    read_files,
    read_primal,
    require_keys,
)
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
    z = read_arity_and_input(obj, q)
    capacities = _numbers(obj, "capacities", q)
    value = parse_number(obj["value"], "value")
    primal = read_primal(get_typed(obj, "primal", list, "certificate"), q)
    record = LocalLP(0, phi, z, tuple(capacities), value, primal, tuple(_numbers(obj, "dual", q)))
    report = check_local_lp(record, where=f"{spec[:30]} at z = {z[:30]}")
    if report is not None:
        return report
    return accepted(value, f"valid: the weighted fbs of {spec[:40]} at z = {z[:40]} with "
                           f"capacities {[show(c) for c in capacities[:8]]} is {show(value)}")


def check_weighted_lp(spec: str, z: str, capacities, value, primal, dual,
                      files: dict | None = None) -> CheckReport:
    """The checks of `check` on an LP held in memory, for a caller that does not write the
    certificate out (no text round trip): the same aggregator evaluation and
    check_local_lp. Numbers must be Fraction or int (never float), blocks lists or tuples
    of strictly increasing coordinates; anything else is CertificateMalformed."""
    aggregators = Aggregators(read_files({"files": files} if files else {}),
                              Budget(TREE_WORK_LIMIT))
    phi = aggregators.get(spec, "spec")
    q = phi.q
    if type(z) is not str or len(z) != q or z.strip("01"):
        raise CertificateMalformed(f"input: expected a 0/1 string of length q = {q}")
    capacities, dual = _exact_list(capacities, "capacities", q), _exact_list(dual, "dual", q)
    blocks, seen = [], set()
    for k, (block, weight) in enumerate(primal):
        block = read_block(list(block), q, f"primal[{k}]")
        if block in seen:
            raise CertificateMalformed(f"primal[{k}]: duplicate block {list(block)}")
        seen.add(block)
        blocks.append((block, _exact(weight, f"primal[{k}].weight")))
    record = LocalLP(0, phi, z, capacities, _exact(value, "value"), blocks, dual)
    report = check_local_lp(record, where=f"{spec[:30]} at z = {z[:30]}")
    if report is not None:
        return report
    return accepted(record.value, f"valid: the weighted fbs of {spec[:40]} at z = {z[:40]} "
                                  f"with capacities {[show(c) for c in capacities[:8]]} is "
                                  f"{show(record.value)}")


def _exact(number: object, where: str) -> Fraction:
    if type(number) is Fraction:
        return number
    if type(number) is int:
        return Fraction(number)
    raise CertificateMalformed(f"{where}: expected an exact number (Fraction or int)")


def _exact_list(numbers, key: str, q: int) -> tuple[Fraction, ...]:
    found = tuple(_exact(x, f"{key}[{i}]") for i, x in enumerate(numbers))
    if len(found) != q:
        raise CertificateMalformed(f"{key}: expected q = {q} entries, got {len(found)}")
    return found


def _numbers(obj: dict, key: str, q: int) -> list[Fraction]:
    entries = get_typed(obj, key, list, "certificate")
    if len(entries) != q:
        raise CertificateMalformed(f"{key}: expected q = {q} entries, got {len(entries)}")
    return [parse_number(entry, f"{key}[{i}]") for i, entry in enumerate(entries)]
