"""Theorem B1 (ours, docs/budgeted.md): a lying Alice loses with probability >= min(1, 1/beta),
checked on exact worst cases and searched liars that also lie about budgets.

Each worst-case computation is checked by a second method: the committed dynamic program
against brute force over every committed strategy, the grid dynamic program against playing
its own decisions through the engine and against brute force over every grid strategy of a
small tree, and the bound itself on hypothesis-generated trees, oracles and liars."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from budgeted_listed_liar import ListedLiar, small_tree
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import budgeted_worst_case, random_oracle, random_tree, tree_fbs, uniform_tree
from verify.budgeted.debaters import CommittedAlice
from verify.budgeted.engine import BudgetedDebate, compile_states
from verify.budgeted.worst_case import (
    RandomLiar,
    bound,
    committed_worst_case,
    grid_worst_case,
    random_search,
)

ONE = Fraction(1)
AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "parity:2", "tt:0110", "tt:0111"]


def _debate(tree, oracle, beta_max=None):
    rho = tree_fbs(tree, oracle).value
    return BudgetedDebate.create(tree, oracle, rho if beta_max is None else beta_max)


def _brute_force_committed(debate: BudgetedDebate) -> Fraction:
    """min over every bit assignment (root lying) of the engine's exact catch probability."""
    tree, best = debate.tree, ONE
    lie = 1 - debate.values[tree.root]
    for bits in product((0, 1), repeat=tree.n_nodes - 1):
        liar = CommittedAlice.from_claims(debate, (lie,) + bits)
        best = min(best, compile_states(debate, liar).catch_probability())
    return best


@pytest.mark.parametrize("spec,depth,seed", [("maj:3", 1, 0), ("and:2", 2, 1), ("or:2", 2, 4),
                                             ("thr:3:2", 1, 2), ("parity:2", 2, 3)])
def test_committed_dp_equals_brute_force(spec, depth, seed):
    tree = uniform_tree(spec, depth)
    debate = _debate(tree, random_oracle(tree, seed))
    exact = committed_worst_case(debate)
    assert exact.catch_probability_exact == _brute_force_committed(debate)
    assert compile_states(debate, exact.alice).catch_probability() == exact.catch_probability_exact
    assert exact.catch_probability_exact >= debate.guarantee


def test_committed_dp_on_mixed_trees_equals_brute_force():
    for seed in range(6):
        tree = random_tree(seed, 2, ["and:2", "or:2", "tt:0110"])
        if tree.n_nodes <= 11:
            debate = _debate(tree, random_oracle(tree, seed))
            assert committed_worst_case(debate).catch_probability_exact == \
                _brute_force_committed(debate)


@pytest.mark.parametrize("oracle", [{"X": 1, "A": 1, "B": 0}, {"X": 1, "A": 0, "B": 0},
                                    {"X": 0, "A": 1, "B": 1}])
def test_grid_dp_equals_brute_force_over_every_grid_strategy(oracle):
    tree = small_tree()
    debate = _debate(tree, oracle)
    grid = (Fraction(0), Fraction(1, 2), ONE, Fraction(3, 2), Fraction(2), Fraction(3))
    result = grid_worst_case(debate, grid)
    vectors = list(product((0, 1), repeat=2))
    listed = min(compile_states(debate, ListedLiar(b0, z0, b1, z1)).catch_probability()
                 for b0 in grid if b0 <= debate.beta_max for z0 in vectors for b1 in grid
                 for z1 in vectors)
    assert result.catch_probability_exact == listed
    assert compile_states(debate, result.alice).catch_probability() == listed
    assert result.invariant_holds and listed >= debate.guarantee


@pytest.mark.parametrize("spec,depth,seed", [("maj:3", 2, 0), ("thr:4:2", 2, 5), ("maj:3", 3, 2)])
@pytest.mark.slow
def test_grid_liar_is_played_exactly_by_the_engine(spec, depth, seed):
    tree = uniform_tree(spec, depth)
    debate = _debate(tree, random_oracle(tree, seed))
    result = grid_worst_case(debate)
    assert compile_states(debate, result.alice).catch_probability() == \
        result.catch_probability_exact
    assert result.invariant_holds and result.catch_probability_exact >= debate.guarantee


@pytest.mark.slow
def test_lying_about_budgets_can_help_but_never_below_the_bound():
    """thr:4:2 at depth 2, oracle seed 5: the committed liar gets 5/16, a budget liar 1/4."""
    tree = uniform_tree("thr:4:2", 2)
    result = budgeted_worst_case(tree, random_oracle(tree, 5))
    assert result.instance.rho_t == 4
    debate = result.instance.debate
    assert committed_worst_case(debate).catch_probability_exact == Fraction(5, 16)
    assert grid_worst_case(debate).catch_probability_exact == Fraction(1, 4) == debate.guarantee
    assert result.guarantee_holds and result.exact and result.upper_bound == Fraction(1, 4)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.sampled_from([None, "1", "3/2", "5", "7/3"]),
       st.integers(0, 10**6))
def test_every_searched_liar_is_caught_with_probability_at_least_the_bound(tree_seed, depth,
                                                                            beta_max, liar_seed):
    tree = random_tree(tree_seed, depth, AGGREGATORS)
    debate = _debate(tree, random_oracle(tree, tree_seed + 1), beta_max)
    for k in range(12):
        liar = RandomLiar.draw(debate, liar_seed + k)
        claim, root_budget = liar.answer(debate)
        catch = compile_states(debate, liar).catch_probability()
        assert claim != debate.values[tree.root]
        assert catch >= bound(root_budget)
        if root_budget <= debate.beta_max:
            assert catch >= debate.guarantee


def test_random_search_reports_no_violation_on_the_grid_trees():
    for spec, depth in [("maj:5", 2), ("thr:9:6", 1), ("and:3", 3), ("or:4", 2)]:
        tree = uniform_tree(spec, depth)
        debate = _debate(tree, random_oracle(tree, 1))
        search = random_search(debate, 60, seed=3)
        assert search.violations == 0 and search.least_catch >= debate.guarantee
