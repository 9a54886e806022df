"""Theorems 5.1 and 5.3 against the adaptive checkers dfs:M and adaptive:M: the paper checks
include them, every exact advantage is <= min(1, m / rho_T), and a checker whose reported query
probabilities are wrong (so the adversary aims at the wrong leaves) makes both checks fail."""

from __future__ import annotations

from fractions import Fraction

import pytest

import paper_checks.theorem_5_1 as theorem_5_1
import paper_checks.theorem_5_3 as theorem_5_3
import verify.lower_bound.adaptive as adaptive
from verify.report.runner import Context, run_check
from verify.trees.builders import uniform_tree


def _run(module):
    return run_check(module.CHECK, Context())


def test_theorem_5_3_covers_the_adaptive_checkers():
    result = _run(theorem_5_3)
    assert result.status == "confirmed", result.reason
    rows = [r for r in result.values["rows"] if r["checker"].split(":")[0] in ("dfs", "adaptive")]
    assert {r["checker"] for r in rows} >= {"dfs:2", "dfs:12", "adaptive:2", "adaptive:12"}
    for row in rows:
        assert row["all_checks_hold"]
        assert Fraction(row["advantage"]) <= min(1, Fraction(row["m"]) / Fraction(row["rho_T"]))
    # the literature tree's root has width 9: the random-order checker is skipped there
    assert not any(r["checker"].startswith("adaptive:") and r["tree"].startswith("literature")
                   for r in rows)


def test_theorem_5_1_covers_the_adaptive_checkers():
    result = _run(theorem_5_1)
    assert result.status == "confirmed", result.reason
    rows = result.values["advantage"]
    assert all("exact_dfs" in r for r in rows)
    assert [r["m"] for r in rows if "exact_adaptive" in r] == list(theorem_5_1.ADAPTIVE_M)
    for row in rows:
        for key in ("exact_dfs", "exact_adaptive"):
            if key in row:
                assert Fraction(row[key]) <= Fraction(row["bound"])


def test_dfs_spends_its_whole_budget_below_rho_t():
    """Pivotal maj:3 depth 3: rho_T = 8 = C(F_T, alpha) (every node pivotal: a certificate
    needs 2 of 3 children at each of 3 levels). dfs:m with m < 8 cannot finish under O_Y, so it
    reads exactly m leaves (Gamma = m); with m >= 8 it reads exactly the 8 of one certificate."""
    tree = uniform_tree("maj:3", 3)
    oracle = theorem_5_1.pivotal_oracle(tree)
    for m in range(1, 12):
        profile = adaptive.adaptive_profile(tree, oracle, "dfs", m)
        assert profile.gamma == min(m, 8) and set(profile.a.values()) == {1}


@pytest.mark.parametrize("module", [theorem_5_1, theorem_5_3])
def test_under_reported_queries_fail(module, monkeypatch):
    """A checker claiming it queries nothing (a_s = 0) lets the adversary flip leaves it does
    read: the exact advantage then exceeds a(H) = 0 and the check must fail."""
    monkeypatch.setattr(adaptive.ShortCircuit, "query_probabilities", lambda self, budget: {})
    assert _run(module).status == "failed"
