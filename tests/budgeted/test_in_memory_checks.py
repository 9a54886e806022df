"""The budgeted grid DP's speed paths against the slow paths they replaced: Bob's local LP
checked in memory (check_weighted_lp) against the same LP written as a `weighted`
certificate and parsed back, and the grid node's running minimum against the per-budget
loop, on random LPs and corpus trees."""

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import verify.budgeted.worst_case as worst_case
from verify.budgeted.api import budgeted_instance
from verify.budgeted.bob import ONE, ZERO, budget_view, capacity
from verify.budgeted.worst_case import default_grid, grid_worst_case
from verify.checker import CertificateMalformed, check_certificate
from verify.checker.weighted_kind import check_weighted_lp
from verify.functions.aggregators import aggregator_function, evaluate
from verify.functions.bits import format_bits
from verify.sensitivity.certificates import weighted_certificate
from verify.sensitivity.weighted import solve_local
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.oracles import random_oracle

SPECS = ["maj:3", "maj:5", "and:3", "or:2", "parity:3", "thr:4:2", "tt:0110", "tt:00010111",
         "sym:0110"]


def both_reports(solution):
    """(in-memory report, report of the certificate text) for one local LP."""
    in_memory = check_weighted_lp(solution.spec, format_bits(solution.z), solution.capacities,
                                  solution.value, solution.primal, solution.dual)
    text = check_certificate(weighted_certificate(solution.spec, solution.z,
                                                  solution.capacities, solution.value,
                                                  solution.primal, solution.dual))
    return in_memory, text


@st.composite
def local_lps(draw):
    spec = draw(st.sampled_from(SPECS))
    q = aggregator_function(spec).arity
    z = tuple(draw(st.lists(st.integers(0, 1), min_size=q, max_size=q)))
    capacities = tuple(draw(st.lists(st.fractions(0, 5, max_denominator=4), min_size=q,
                                     max_size=q)))
    return solve_local(spec, z, capacities)


@settings(max_examples=80, deadline=None)
@given(local_lps(), st.integers(0, 3), st.fractions(-1, 1, max_denominator=5))
def test_in_memory_check_agrees_with_the_certificate(solution, mutation, delta):
    """Correct LPs are accepted by both, and a mutated value, dual entry or primal weight is
    judged the same way by both (same validity, condition and value)."""
    if mutation == 1:
        solution = replace(solution, value=solution.value + delta)
    elif mutation == 2 and solution.dual:
        solution = replace(solution, dual=(solution.dual[0] + delta, *solution.dual[1:]))
    elif mutation == 3 and solution.primal:
        (block, weight), *rest = solution.primal
        solution = replace(solution, primal=[(block, weight + delta), *rest])
    in_memory, text = both_reports(solution)
    assert (in_memory.valid, in_memory.condition, in_memory.value) == \
        (text.valid, text.condition, text.value)
    if mutation == 0 or delta == 0:
        assert in_memory.valid


def test_in_memory_check_rejects_wrong_lps():
    """Deliberately wrong LPs: a value too high, a dual too small, a non-sensitive block."""
    right = solve_local("maj:3", (1, 1, 0), (ONE, ONE, ONE))
    assert right.value == 2  # flip either 1: two disjoint sensitive blocks {0}, {1}
    assert check_weighted_lp("maj:3", "110", right.capacities, 2, right.primal, right.dual).valid
    assert not check_weighted_lp("maj:3", "110", right.capacities, 3, right.primal,
                                 right.dual).valid
    low_dual = (Fraction(1, 2), Fraction(1, 2), ZERO)
    assert check_weighted_lp("maj:3", "110", right.capacities, 1, [((0,), ONE)],
                             low_dual).condition == "dual-feasible"
    report = check_weighted_lp("maj:3", "110", right.capacities, 2,
                               [((2,), ONE), ((0,), ONE)], right.dual)
    assert report.condition == "primal-sensitive"


@pytest.mark.parametrize("bad", [
    dict(z="11"), dict(z="1x0"), dict(capacities=(1.0, 1, 1)), dict(dual=(1, 1)),
    dict(primal=[((1, 0), ONE)]), dict(primal=[((0,), ONE), ((0,), ONE)]), dict(value=2.0)])
def test_in_memory_check_refuses_malformed_values(bad):
    lp = dict(spec="maj:3", z="110", capacities=(1, 1, 1), value=2,
              primal=[((0,), ONE), ((1,), ONE)], dual=(1, 1, 0))
    assert check_weighted_lp(**lp).valid
    with pytest.raises(CertificateMalformed):
        check_weighted_lp(**{**lp, **bad})


def per_budget_grid_node(debate, node, choices, grid, catch):
    """The grid node before the running minimum (kept here as the reference)."""
    from itertools import product

    tree = debate.tree
    kids, spec = tree.children[node], tree.aggregators[node]
    best = {(a, b): ONE for a in (0, 1) for b in grid}
    decision: dict = {}
    for z in product((0, 1), repeat=len(kids)):
        if any(debate.constant(c) and zi not in debate.ranges[c] for c, zi in zip(kids, z)):
            continue
        claim = evaluate(spec, z)
        for budgets in product(*choices):
            caps = tuple(capacity(b, debate.constant(c)) for c, b in zip(kids, budgets))
            view = budget_view(spec, z, caps)
            value = ZERO if view.p is None else sum(
                (p * catch[c][(zi, b)] for c, zi, b, p in zip(kids, z, budgets, view.p) if p), ZERO)
            for b in grid:
                if b >= view.value and value < best[(claim, b)]:
                    best[(claim, b)], decision[(claim, b)] = value, (z, budgets)
    return best, decision


def small_trees():
    yield uniform_tree("and:3", 2), 3
    yield uniform_tree("maj:3", 2), 4
    yield uniform_tree("or:3", 2), 5
    for seed in (11, 41, 3):
        yield random_tree(seed, 2 + seed % 2, ["and:2", "or:2", "maj:3", "parity:2",
                                                "thr:3:2", "tt:0110"]), seed


@pytest.mark.parametrize("index", [0, 1, 2, pytest.param(3, marks=pytest.mark.slow), 4, 5])
def test_running_minimum_equals_the_per_budget_loop(index, monkeypatch):
    """Every catch value and decision of the grid DP, new node against old node, with the
    default grid and a coarse grid (budgets that admit nothing included)."""
    tree, seed = list(small_trees())[index]
    debate = budgeted_instance(tree, random_oracle(tree, seed=seed)).debate
    for grid in (default_grid(debate), (ZERO, Fraction(1, 2), ONE, Fraction(3))):
        fast = grid_worst_case(debate, grid)
        monkeypatch.setattr(worst_case, "_grid_node", per_budget_grid_node)
        slow = grid_worst_case(debate, grid)
        monkeypatch.undo()
        assert fast == slow


def test_the_comparison_catches_a_wrong_tie_break(monkeypatch):
    """A running minimum that keeps the LAST of equal catches differs from the reference on
    a tree with ties, so the comparison above can fail."""
    def last_wins(filed, grid):
        best, decision = {(a, b): ONE for a in (0, 1) for b in grid}, {}
        for claim in (0, 1):
            running = None
            for index, b in enumerate(grid):
                entry = filed.get((claim, index))
                if entry is not None and (running is None or entry[0] <= running[0]):
                    running = entry
                if running is not None and running[0] < ONE:
                    best[(claim, b)], decision[(claim, b)] = running[0], running[2]
        return best, decision

    tree = uniform_tree("maj:3", 2)
    debate = budgeted_instance(tree, random_oracle(tree, seed=4)).debate
    right = grid_worst_case(debate)
    monkeypatch.setattr(worst_case, "_running_minimum", last_wins)
    assert grid_worst_case(debate).decisions != right.decisions
