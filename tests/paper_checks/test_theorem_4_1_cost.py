"""The Theorem 4.1 cost check: counted queries and work within d q Q and d (T_D + q T) + 1 on
the grid; an Alice who re-solves what she already solved, or an engine that stops counting,
must make it fail."""

from __future__ import annotations

import paper_checks.theorem_4_1_cost as check
import verify.protocol.engine as engine
from verify.protocol.solving import SolvingAlice
from verify.report.runner import Context, run_check
from verify.trees.builders import uniform_tree


def _run():
    return run_check(check.CHECK, Context())


def test_confirmed_with_hand_checked_rows():
    result = _run()
    assert result.status == "confirmed", (result.reason, result.values.get("failures"))
    rows = {(r["aggregator"], r["depth"], r["solver"]): r for r in result.values["cases"]}
    # depth 1: Alice reads each of the q leaves once, exactly d q Q = q
    for (spec, depth, _), row in rows.items():
        if depth == 1:
            assert row["Q"] == 1 and row["alice_queries_max"] == row["q"] == row["d_q_Q"]
    # and:3 depth 2 (full solver): Q = 3 (a child's 3 leaves); a run reads 9 + 3 = 12 <= 18
    row = rows[("and:3", 2, "full")]
    assert (row["Q"], row["alice_queries_max"], row["d_q_Q"]) == (3, 12, 18)
    assert all(r["lp_solves_max"] <= r["d"] and r["judge_queries_max"] == 1 for r in rows.values())


def test_measured_q_of_the_lazy_solver():
    """AND_3 at all zeros: the lazy solver reads one leaf per AND (Q = 1 at depth 2)."""
    tree = uniform_tree("and:3", 2)
    debate = engine.Debate.create(tree, {tree.queries[l]: 0 for l in tree.leaves()}, 3)
    assert check.measured_parameters(debate, lazy=True)["Q"] == 1
    assert check.measured_parameters(debate, lazy=False)["Q"] == 3


class ResolvingAlice(SolvingAlice):
    """Wrong: solves the root itself for her top answer and again for round 1."""

    def answer(self, debate):
        return self.solve(debate, debate.tree.root)


def test_an_alice_who_re_solves_fails(monkeypatch):
    monkeypatch.setattr(check, "SolvingAlice", ResolvingAlice)
    assert _run().status == "failed"


def test_an_engine_that_stops_counting_fails(monkeypatch):
    monkeypatch.setattr(engine, "measured", lambda alice, oracle, move, *args: (move(*args), 0, 0))
    assert _run().status == "failed"
