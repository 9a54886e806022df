"""rho_T of a described uniform tree with a symmetric aggregator, resolved once per multiset of
children's classes (issue 29 section 3; the version-2 writer), against the ordered-row path it
replaced, on seeded
random trees and oracles: every field of the result equal, the certificates equal up to the
order of their records, both accepted by the checker; and the work count that changed."""

from __future__ import annotations

import json
import random

import pytest

from verify.checker.tree_kind import check
from verify.lower_bound import tree_fbs as recursion
from verify.sensitivity.weighted import solve_local
from verify.trees.model import UniformTree

AGGREGATORS = ["maj:3", "maj:5", "thr:4:2", "and:3", "or:4", "parity:3", "sym:0110", "sym:10101",
               "tt:01101001"]


def both_paths(tree: UniformTree, alpha: str, monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(recursion, "ROWS_AT_ONCE", 3)  # the ordered keys counted in pieces
        new = recursion.uniform_tree_fbs(tree, alpha, version=2)
    with monkeypatch.context() as patch:
        patch.setattr(recursion, "MULTISET_ROWS", False)
        old = recursion.uniform_tree_fbs(tree, alpha, version=2)
    return new, old


def records_multiset(certificate: dict) -> list[str]:
    return sorted(json.dumps(record) for record in certificate["records"])


@pytest.mark.parametrize("seed", range(24))
def test_multisets_equal_the_ordered_rows(seed, monkeypatch):
    rng = random.Random(seed)
    spec = rng.choice(AGGREGATORS)
    q = {"maj:3": 3, "maj:5": 5, "thr:4:2": 4, "and:3": 3, "or:4": 4, "parity:3": 3,
         "sym:0110": 3, "sym:10101": 4, "tt:01101001": 3}[spec]
    depth = rng.randint(1, 5 if q <= 3 else 4)
    density = rng.choice([0.2, 0.5, 0.8])
    tree = UniformTree(spec, depth)
    alpha = "".join("1" if rng.random() < density else "0" for _ in range(q ** depth))
    new, old = both_paths(tree, alpha, monkeypatch)
    for name in ("value", "rho_min", "rho_max", "path_low", "path_high", "classes",
                 "distinct_local_lps", "status", "message"):
        assert getattr(new, name) == getattr(old, name), name
    assert new.certified and old.certified
    assert sorted(map(repr, new.records)) == sorted(map(repr, old.records))
    for record in new.records:  # each side's packing remembered: still solve_local's answer
        assert record == solve_local(record.spec, record.z, record.capacities)
    assert {k: v for k, v in new.certificate.items() if k != "records"} == \
        {k: v for k, v in old.certificate.items() if k != "records"}
    assert records_multiset(new.certificate) == records_multiset(old.certificate)
    assert check(new.certificate).value == new.value
    assert new.summary() == old.summary()


def test_one_lookup_per_multiset(monkeypatch):
    """The work count: maj:5 depth 2 whose five bottom nodes see five different orders of
    the same multiset (two ones): parent() runs once for them and once for the root (the
    ordered-row path ran five times for them)."""
    tree = UniformTree("maj:5", 2)
    alpha = "11000" "01100" "00110" "00011" "10100"
    calls = []
    original = recursion._LevelClasses.parent
    monkeypatch.setattr(recursion._LevelClasses, "parent",
                        lambda self, kids, count=1: calls.append(kids) or
                        original(self, kids, count))
    result = recursion.uniform_tree_fbs(tree, alpha, version=2)
    assert len(calls) == 2 and result.certified
    assert result.distinct_local_lps == 6  # five ordered bottom keys and the root's
