"""Budgeted FBS Debate (this project's extension, docs/budgeted.md): the rules, Bob's certified
budget LP against z3, and completeness/optimality (Theorem B2) against brute force.

References: z3's exact LP over ALL sensitive blocks (tests/reference.py), the direct LP over
F_T's truth table, brute-force sensitive blocks of F_T, closed forms."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import global_sensitive_blocks, sensitive_blocks, weighted_fbs_by_z3

from verify import (
    budgeted_completeness,
    budgeted_debate,
    budgeted_optimality,
    random_oracle,
    random_tree,
    tree_fbs,
    uniform_tree,
)
from verify.base.errors import BadInput
from verify.budgeted.bob import budget_view
from verify.budgeted.debaters import CommittedAlice, honest_alice
from verify.budgeted.engine import BudgetedDebate, compile_states, step
from verify.functions.spec import parse_spec
from verify.lower_bound.global_function import direct_rho
from verify.trees.model import from_records

ONE = Fraction(1)
AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "and:3", "or:3", "parity:2", "tt:0110"]


# ----------------------------------------------------------------------------- Bob's LP


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["maj:3", "thr:4:2", "and:3", "or:2", "parity:3", "tt:01101001",
                        "compose(or:2;and:2;and:2)"]),
       st.data())
@pytest.mark.slow
def test_budget_view_is_the_weighted_lp_over_all_sensitive_blocks(spec, data):
    f = parse_spec(spec)
    z = tuple(data.draw(st.lists(st.integers(0, 1), min_size=f.arity, max_size=f.arity)))
    caps = tuple(Fraction(data.draw(st.integers(0, 12)), data.draw(st.integers(1, 4)))
                 for _ in range(f.arity))
    view = budget_view(spec, z, caps)
    assert view.value == weighted_fbs_by_z3(sensitive_blocks(f, z), caps)
    if view.value:
        assert sum(view.p) == 1 and all(p >= 0 for p in view.p)


def test_closed_forms_of_the_budget_lp():
    # AND_n at 1^n: every singleton is sensitive, so W = sum c_i; OR_n at 1^n: only [n]
    assert budget_view("and:3", (1, 1, 1), (ONE, Fraction(5, 2), 3)).value == Fraction(13, 2)
    assert budget_view("or:3", (1, 1, 1), (ONE, Fraction(5, 2), 3)).value == 1
    # a constant child (capacity 0) is free: AND at (1, 1) with c = (0, 2) needs only t_2 >= 1
    assert budget_view("and:2", (1, 1), (Fraction(0), Fraction(2))).value == 2


# ----------------------------------------------------------------------------- the rules


def _and_tree():
    """AND(x, y): root r, leaves x, y."""
    return from_records([{"id": "r", "aggregator": "and:2", "children": ["x", "y"]},
                         {"id": "x", "query": "X"}, {"id": "y", "query": "Y"}], "r")


def test_each_check_of_a_round():
    tree = _and_tree()
    debate = BudgetedDebate.create(tree, {"X": 1, "Y": 1}, 2)
    # consistency: AND(1, 0) = 0 != claim 1
    assert step(debate, 0, 1, Fraction(2), ((1, 0), (1, 1))).reason == "consistency"
    # the budget at (1, 1) is W = 1 + 1 = 2 (leaf budgets are 1 whatever Alice says)
    assert step(debate, 0, 1, Fraction(3, 2), ((1, 1), (7, 7))).reason == "budget_check"
    passed = step(debate, 0, 1, Fraction(2), ((1, 1), (0, Fraction(1, 2))))
    assert passed.outcome is None and passed.needed == 2 and passed.p == (Fraction(1, 2),) * 2
    assert step(debate, 1, 0, ONE).reason == "leaf_check"


def test_constant_children_get_capacity_zero_and_are_checked():
    """AND(x, K) with K = sym:11 (constant 1): F_T = x, rho_T = 1 (docs/budgeted.md, section 1)."""
    tree = from_records([
        {"id": "r", "aggregator": "and:2", "children": ["x", "k"]}, {"id": "x", "query": "X"},
        {"id": "k", "aggregator": "sym:111", "children": ["a", "b"]},
        {"id": "a", "query": "A"}, {"id": "b", "query": "B"}], "r")
    oracle = {"X": 1, "A": 0, "B": 1}
    rho = tree_fbs(tree, oracle).value
    debate = BudgetedDebate.create(tree, oracle, rho)
    assert rho == 1 and direct_rho(tree, oracle).value == 1
    honest = honest_alice(debate)
    assert honest.budgets[0] == rho  # the sketch's capacities max(0, 1) would give 2:
    assert budget_view("and:2", (1, 1), (ONE, ONE)).value == 2
    assert compile_states(debate, honest).catch_probability() == 0
    # claiming the constant child false is caught at once, whatever the budgets
    lie = step(debate, 0, 0, Fraction(5), ((1, 0), (1, 0)))
    assert lie.reason == "constant_child"
    # W = 0 ends the run for Alice: at k the aggregator is constant
    assert step(debate, 2, 1, Fraction(0), ((0, 1), (1, 1))).reason == "no_charge"


def test_root_checks():
    tree = _and_tree()
    debate = BudgetedDebate.create(tree, {"X": 1, "Y": 0}, 2)  # root value 0
    liar = CommittedAlice((1, 1, 1), (Fraction(3), ONE, ONE))
    graph = compile_states(debate, liar)
    assert graph.steps[0].reason == "root_budget" and graph.catch_probability() == 1
    constant = from_records([{"id": "r", "aggregator": "sym:111", "children": ["x", "y"]},
                             {"id": "x", "query": "X"}, {"id": "y", "query": "Y"}], "r")
    debate = BudgetedDebate.create(constant, {"X": 0, "Y": 0}, 1)
    graph = compile_states(debate, CommittedAlice((0, 0, 0), (Fraction(0), ONE, ONE)))
    assert graph.steps[0].reason == "root_constant" and graph.catch_probability() == 1


def test_bad_decompositions_are_bad_input():
    debate = BudgetedDebate.create(_and_tree(), {"X": 1, "Y": 1}, 2)
    for bad in [((1,), (1,)), ((1, 2), (1, 1)), ((1, 1), (1, -1)), "11"]:
        with pytest.raises(BadInput):
            step(debate, 0, 1, Fraction(2), bad)
    with pytest.raises(BadInput):
        BudgetedDebate.create(_and_tree(), {"X": 1, "Y": 1}, "-1")


# ----------------------------------------------------------------------------- Theorem B2


def _small_trees(count: int, depth: int = 2):
    for seed in range(count):
        tree = random_tree(seed, depth, AGGREGATORS)
        yield tree, random_oracle(tree, seed + 100)


@pytest.mark.parametrize("tree,oracle", list(_small_trees(12)))
def test_honest_budget_is_rho_T_and_the_honest_alice_never_loses(tree, oracle):
    result = budgeted_completeness(tree, oracle)
    assert result.loss_probability == 0
    assert result.root_budget == direct_rho(tree, oracle).value  # F_T's truth-table LP


@pytest.mark.parametrize("tree,oracle", list(_small_trees(10)))
def test_leaf_distribution_is_an_optimal_dual_over_rho_T(tree, oracle):
    result = budgeted_optimality(tree, oracle)
    rho = result.instance.rho_t  # no aggregator above is constant, so rho_T >= 1
    blocks = global_sensitive_blocks(tree, oracle)
    masses = [sum((result.reach.get(leaf, 0) for leaf in block), Fraction(0)) for block in blocks]
    assert sum(result.reach.values()) == 1
    assert min(masses) == 1 / rho  # every sensitive block gets >= 1/rho_T, some exactly
    assert result.method == "exhaustive" and result.certified


def test_leaf_distribution_on_a_large_tree_uses_the_tree_certificate():
    tree = uniform_tree("maj:3", 4)  # 81 leaves: the factored certificate
    result = budgeted_optimality(tree, random_oracle(tree, 3))
    assert result.method == "tree" and result.certified
    assert sum(result.reach.values()) == 1


def test_below_rho_T_the_honest_alice_loses_at_the_root():
    tree = uniform_tree("maj:3", 2)
    oracle = random_oracle(tree, 0)
    result = budgeted_completeness(tree, oracle, beta_max="7/2")  # rho_T = 4
    assert result.loss_probability == 1 and result.to_json()["losing_reasons"] == ["root_budget"]


# ----------------------------------------------------------------------------- runs


def test_runs_are_reproducible_and_bracket_the_exact_value(tmp_path):
    tree = uniform_tree("maj:3", 3)
    oracle = random_oracle(tree, 2)
    first = budgeted_debate(tree, oracle, alice="worst", runs=3000, seed=9,
                            transcript=tmp_path / "a.jsonl")
    second = budgeted_debate(tree, oracle, alice="worst", runs=3000, seed=9,
                             transcript=tmp_path / "b.jsonl")
    assert first.runs.caught == second.runs.caught
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert first.runs.interval_contains_exact
    header, line = (tmp_path / "a.jsonl").read_text().splitlines()[:2]
    assert json.loads(header)["protocol"].startswith("budgeted")
    assert {"budget", "child_budgets", "capacities", "budget_needed"} <= set(json.loads(line))


def test_default_beta_max_needs_distinct_queries():
    tree = from_records([{"id": "r", "aggregator": "and:2", "children": ["x", "y"]},
                         {"id": "x", "query": "Q"}, {"id": "y", "query": "Q"}], "r")
    with pytest.raises(BadInput, match="distinct"):
        budgeted_debate(tree, {"Q": 1})
    assert budgeted_debate(tree, {"Q": 1}, beta_max=2).catch_probability_exact == 0
