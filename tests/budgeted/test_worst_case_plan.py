"""`worst_case_plan`: every stage's work is predicted from the tree before any work, a stage
beyond its budget is skipped with the reason (the skipped stages are asserted, not seconds),
and every tree answers with at least Theorem B1's proved bound (docs/budgeted.md, section 5; README "Worst case")."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import verify.budgeted.api as api
from verify import budgeted_worst_case, random_oracle, random_tree, tree_fbs, uniform_tree
from verify.budgeted.bounds import per_child_lower_bound, theorem_b1
from verify.budgeted.engine import BudgetedDebate
from verify.budgeted.worst_case import committed_worst_case, random_search


def _debate(tree, oracle, beta_max=None):
    rho = tree_fbs(tree, oracle).value
    return BudgetedDebate.create(tree, oracle, rho if beta_max is None else beta_max)


def _majority_fbs(bits) -> Fraction:
    """fbs of MAJ_n at x (n odd), closed form: the k ones (or zeros) of the majority side
    must lose k - (n - 1)/2 of them, and every such set is a block: fbs = k / (k - (n-1)/2)."""
    n, ones = len(bits), sum(bits)
    k = ones if 2 * ones > n else n - ones
    return Fraction(k, k - (n - 1) // 2)


def test_a_width_17_root_skips_the_exponential_stages_and_answers_with_theorem_b1():
    """Before the plan predicted the work, maj:17 at height one took minutes (2^17 claim
    vectors in the committed DP, the grid DP and every random liar)."""
    tree = uniform_tree("maj:17", 1)
    oracle = random_oracle(tree, seed=0)
    result = budgeted_worst_case(tree, oracle)
    bits = [oracle[tree.queries[c]] for c in tree.children[tree.root]]
    rho = _majority_fbs(bits)
    assert result.instance.rho_t == rho
    assert result.lower_bound == 1 / rho  # Theorem B1 at beta_max = rho_T, proved
    assert result.lower.method.startswith("Theorem B1") and result.consistent
    assert result.committed is None and result.grid is None and result.search is None
    reasons = " | ".join(result.skipped)
    assert "width 17" in reasons and "committed DP" in reasons and "grid DP" in reasons
    assert "random search" in reasons


def test_the_plan_is_decided_from_the_tree_alone():
    tree = uniform_tree("maj:17", 2)
    debate = BudgetedDebate.create(tree, random_oracle(tree, seed=0), 5)
    plan = api.worst_case_plan(debate)
    assert (plan.lower, plan.exact_height_one, plan.committed, plan.grid, plan.strategies) == (
        "theorem B1", False, False, False, 0)
    assert any("307" in reason for reason in plan.skipped)


def test_random_liars_are_cut_to_the_budget_by_their_listed_vectors():
    """maj:13 at height one: each liar lists 2^13 claim vectors at the root plus 14 states,
    so floor(10^6 / 8206) = 121 of the 200 liars fit."""
    tree = uniform_tree("maj:13", 1)
    debate = _debate(tree, random_oracle(tree, seed=0))
    plan = api.worst_case_plan(debate)
    assert plan.strategies == 10**6 // (2**13 + 14) == 121
    assert any("79 of 200" in reason for reason in plan.skipped)
    assert plan.lower == "per-child" and plan.exact_height_one


def test_a_root_wider_than_13_lists_no_claim_vectors():
    tree = uniform_tree("maj:15", 1)
    debate = _debate(tree, random_oracle(tree, seed=1))
    plan = api.worst_case_plan(debate)
    assert plan.lower == "theorem B1" and not plan.exact_height_one
    assert api._lower_bound(debate, plan).value == debate.guarantee


def test_floors_beyond_their_vector_budget_are_taken_as_zero(monkeypatch):
    """random seed 28: AND(XOR(0, 1), OR(1, 0)), rho_T = 3; its floors raise the bound from
    Theorem B1's 1/3 to 1/2 (tests/budgeted/test_budgeted_interval.py). The root lists 4
    vectors and each child 4: with room for the root's alone the floors stop, the bound falls
    back to 1/3 (still proved) and the output says why."""
    import paper_checks.budgeted_debate as check

    tree, oracle = next((t, o) for name, t, o in check.corpus() if name == "random seed 28")
    assert budgeted_worst_case(tree, oracle, strategies=3).lower_bound == Fraction(1, 2)
    monkeypatch.setattr(api, "MAX_BOUND_VECTORS", 4 + 3)
    result = budgeted_worst_case(tree, oracle, strategies=3)
    assert result.lower.floors_cut and result.lower_bound == Fraction(1, 3)
    assert any("children's floors" in reason for reason in result.skipped)
    assert result.consistent


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["maj:3", "and:2", "thr:3:2", "tt:0110"]),
       st.integers(1, 3))
def test_without_floors_the_bound_is_weaker_but_still_proved(seed, spec, depth):
    tree = uniform_tree(spec, depth)
    debate = _debate(tree, random_oracle(tree, seed=seed))
    full, bare = per_child_lower_bound(debate), per_child_lower_bound(debate, floors=False)
    assert theorem_b1(debate) <= bare.value <= full.value


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_the_committed_prediction_never_exceeds_the_work_done(tree_seed, oracle_seed):
    tree = random_tree(tree_seed, 2, ["maj:3", "and:2", "tt:0110", "thr:3:2"], 0.3)
    debate = _debate(tree, random_oracle(tree, seed=oracle_seed))
    predicted = api._committed_predicted(debate)
    assert predicted <= committed_worst_case(debate).combinations


def test_a_committed_dp_beyond_its_budget_is_skipped_before_the_work(monkeypatch):
    tree = uniform_tree("maj:3", 2)
    debate = _debate(tree, random_oracle(tree, seed=0))
    # 4 internal nodes with 3 non-constant children each: 4 x 2^3 = 32 (hand count)
    assert api._committed_predicted(debate) == 32
    monkeypatch.setattr(api, "MAX_COMMITTED_COMBINATIONS", 31)

    def forbidden(*_):
        raise AssertionError("the committed DP ran although the plan skipped it")

    monkeypatch.setattr(api, "committed_worst_case", forbidden)
    plan = api.worst_case_plan(debate)
    assert not plan.committed and any("at least 32" in r for r in plan.skipped)


def test_random_search_reports_each_liar():
    tree = uniform_tree("maj:3", 2)
    debate = _debate(tree, random_oracle(tree, seed=0))
    calls = []
    random_search(debate, 7, 0, lambda: calls.append(1))
    assert len(calls) == 7


@pytest.mark.parametrize("width", [3, 5])
def test_height_one_stays_exact_within_the_budget(width):
    """Brute force over every claim vector agrees with the interval's exact lower end."""
    tree = uniform_tree(f"maj:{width}", 1)
    oracle = random_oracle(tree, seed=2)
    result = budgeted_worst_case(tree, oracle, strategies=5)
    debate = result.instance.debate
    kids = tree.children[tree.root]
    truth = [debate.values[c] for c in kids]
    lie = 1 - debate.values[tree.root]
    best = Fraction(1)
    for z in product((0, 1), repeat=width):
        if (2 * sum(z) > width) != bool(lie):
            continue
        ones = sum(z)
        k = ones if lie else width - ones  # the side that must lose k - (w-1)/2 coordinates
        need = k - (width - 1) // 2
        if Fraction(k, need) > debate.beta_max:
            continue
        side = [i for i in range(width) if z[i] == lie]
        wrong = sum(1 for i in side if z[i] != truth[i])
        best = min(best, Fraction(wrong, k))  # Bob's uniform dual 1/need on the side, p = 1/k
    assert result.exact and result.lower_bound == best
