"""The z3 mirror of Theorem B1 (ours, docs/budgeted.md): verify/formal/budgeted_z3.py.

Every proof must be unsat; false variants (a hypothesis of the proof dropped, a stronger claim)
must come back FAILED with a counterexample, so that these tests can fail."""

import pytest

from verify.formal import budgeted_z3 as bz
from verify.formal import soundness_z3 as sz

PROBLEMS = bz.problems()


@pytest.mark.parametrize("problem", PROBLEMS, ids=[p.name for p in PROBLEMS])
def test_every_budgeted_proof_is_unsat(problem):
    result = sz.prove(problem)
    assert result.result == sz.PROVED, result.detail
    assert result.steps == len(problem.steps)
    assert result.paper_ref.startswith("ours") and result.statement.startswith("(ours)")


def test_suite_covers_every_step_of_the_proof():
    names = {p.name for p in PROBLEMS}
    assert {f"budget_step_q{q}" for q in range(1, 13)} <= names
    assert {f"budget_averaging_n{n}" for n in range(1, 9)} <= names
    assert "budget_guarantee" in names


def _refuted(problem):
    result = sz.prove(problem)
    assert result.result == sz.FAILED and "counterexample:" in result.detail, result
    return result


@pytest.mark.parametrize("dropped", ["c_i >= 1 on J", "c_i L_i >= 1 on J (induction)",
                                     "t(J) >= 1", "budget check"])
def test_each_hypothesis_of_the_step_is_needed(dropped):
    """Without the capacity floor a small capacity hides a lying child; without the induction
    hypothesis, the block weight or the budget check the bound fails."""
    _refuted(bz.budget_step(3).without(dropped))


def test_a_stronger_step_claim_is_refuted():
    problem = bz.budget_step(3)
    s = problem.symbols
    _refuted(problem.with_claim("P >= 2/beta", s["N"] / s["W"] >= 2 / s["beta"]))


def test_the_guarantee_is_not_one_over_beta_below_one():
    problem = bz.budget_guarantee()
    s = problem.symbols
    _refuted(problem.with_claim("g = 1/beta", 1 / s["beta"] <= 1))


def test_averaging_needs_every_conditional_bound():
    _refuted(bz.budget_averaging(3).without("P[lose | d_j] >= g[1]"))


def test_mixed_bound_is_proved_and_needs_lambda_in_the_unit_interval():
    """Theorem B4 (ours): the mixture bound; with lambda > 1 allowed, (1 - lambda) < 0 turns
    the branch bound around and the claim fails."""
    assert sz.prove(bz.mixed_bound()).result == sz.PROVED
    _refuted(bz.mixed_bound().without("0 <= lambda <= 1"))
    s = bz.mixed_bound().symbols
    _refuted(bz.mixed_bound().with_claim("M >= max(a, b)", s["M"] >= s["a"] + 0 * s["b"]))
