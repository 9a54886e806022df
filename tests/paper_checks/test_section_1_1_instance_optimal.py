"""The instance-optimality check: rho_min^d <= rho_T <= rho_max^d on the grid, and which trees
meet the claim as stated. rho_T is re-derived by the direct LP over F_T's truth table (a
second method) on the small trees; a wrong rho_T or a wrong worst case must fail the check."""

from __future__ import annotations

from fractions import Fraction

import paper_checks.section_1_1_instance_optimal as check
from paper_checks.trees_corpus import grid_trees
from verify.lower_bound.global_function import direct_rho
from verify.report.runner import Context, run_check


def _run():
    return run_check(check.CHECK, Context())


def test_reports_refined_with_the_trees_where_the_claim_holds():
    result = _run()
    assert result.status == "refined", result.reason
    rows = result.values["trees"]
    assert len(rows) == len(list(grid_trees()))
    for row in rows:
        low, mid, high = (Fraction(row[k]) for k in ("rho_min_d", "rho_T", "rho_max_d"))
        assert low <= mid <= high
        if row["depth"] == 1:  # one node: the three numbers are its local fbs
            assert row["holds_as_stated"] and low == mid == high
        if row["holds_as_stated"]:
            assert low == mid == high
    assert any(not r["holds_as_stated"] for r in rows)


def test_rho_t_agrees_with_the_direct_lp_on_small_trees():
    rows = {(r["aggregator"], r["depth"]): r for r in _run().values["trees"]}
    checked = 0
    for spec, depth, tree, oracle in grid_trees():
        if len(tree.leaves()) <= 16:
            direct = direct_rho(tree, oracle)
            assert direct.certified
            assert Fraction(rows[(spec, depth)]["rho_T"]) == direct.value
            checked += 1
    assert checked >= 10


def test_maj3_depth2_by_hand():
    """maj:3 depth 2 of the grid: local fbs 3/2 (at 111) and 2 (at 110 / 100) occur; rho_T = 3
    (direct LP above), so 9/4 <= 3 <= 4 and the claim does not hold as stated."""
    row = next(r for r in _run().values["trees"] if (r["aggregator"], r["depth"]) == ("maj:3", 2))
    assert (row["rho_min"], row["rho_max"], row["rho_min_d"], row["rho_max_d"]) == ("3/2", "2", "9/4", "4")
    assert not row["holds_as_stated"]


def test_a_wrong_rho_t_fails(monkeypatch):
    real = check.bounds

    def wrong(tree, oracle):
        values = real(tree, oracle)
        return {**values, "rho_T": values["rho_max_d"] + 1}

    monkeypatch.setattr(check, "bounds", wrong)
    assert _run().status == "failed"


def test_a_wrong_worst_case_fails(monkeypatch):
    real = check.bounds

    def wrong(tree, oracle):
        values = real(tree, oracle)
        return {**values, "worst_case_catch": values["worst_case_catch"] / (2 * values["rho_max_d"])}

    monkeypatch.setattr(check, "bounds", wrong)
    assert _run().status == "failed"
