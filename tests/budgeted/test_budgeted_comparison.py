"""Like-for-like comparisons of the two protocols (docs/budgeted.md, section 6, ours):
guarantee against guarantee (rho_T <= rho^d), exact worst case against exact worst case."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import random_oracle, random_tree, tree_fbs
from verify.trees.local_fbs import honest_fbs
from verify.trees.oracles import node_values

AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "parity:2", "maj:5", "tt:0110", "tt:0111"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3))
def test_rho_t_is_at_most_the_product_bound(seed, depth):
    """Proposition (ours): rho_T <= rho^d for rho = max(1, the largest honest local fbs)."""
    tree = random_tree(seed, depth, AGGREGATORS)
    oracle = random_oracle(tree, seed + 3)
    rho = max([Fraction(1), *honest_fbs(tree, node_values(tree, oracle)).values()])
    assert tree_fbs(tree, oracle).value <= rho ** tree.depth


@pytest.mark.parametrize("paper,low,high,verdict", [
    (7, 12, 12, "paper better"), (17, 17, 17, "tie"), (17, 5, 12, "budgeted better"),
    (7, 7, 14, "undecided"), (12, 7, 12, "undecided"), (6, 7, 14, "paper better")])
def test_exact_comparison_of_runs(paper, low, high, verdict):
    from paper_checks.budgeted_debate import compare_exact

    assert compare_exact(paper, low, high) == verdict


def test_the_report_interval_is_budgeted_worst_case_itself():
    """Issue 30, section 6: the report's check computes no interval of its own."""
    from paper_checks.budgeted_debate import budgeted_interval, corpus
    from verify.budgeted.api import BudgetedWorstCase, budgeted_worst_case

    name, tree, oracle = next(c for c in corpus() if c[0] == "random seed 28")
    result, how, liars = budgeted_interval(tree, oracle)
    assert isinstance(result, BudgetedWorstCase) and how == "sacrifice search" and liars
    direct = budgeted_worst_case(tree, oracle, strategies=0)
    assert (result.lower_bound, result.upper_bound) == (direct.lower_bound, direct.upper_bound)
