"""Adaptive checkers dfs:M and adaptive:M (verify/lower_bound/adaptive.py) against Theorem 5.3.

The exact distributions are compared with a brute force written here: every random tape (one
uniformly random child order per internal node, drawn up front) is run by a plain recursive
short-circuit evaluator with a query counter; the probabilities are averages over the tapes.
A wrong adversary (a heavy sensitive block) and a checker over its budget must be detected.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import verify.lower_bound.adaptive as adaptive
import verify.lower_bound.adversary as adversary
from verify.base.errors import BadInput, TooLarge
from verify.functions.aggregators import aggregator_table
from verify.lower_bound.adaptive import adaptive_profile
from verify.lower_bound.adversary import adversarial_oracle, make_profile
from verify.lower_bound.tree_fbs import tree_fbs
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.oracles import node_values, random_oracle


class _Out(Exception):
    pass


@functools.lru_cache(maxsize=None)
def _fixed(spec, known):
    """phi's value if every completion of the known bits agrees (truth table, brute force)."""
    table = aggregator_table(spec)
    q = len(known)
    seen = {table[i] for i in range(1 << q)
            if all(v is None or (i >> (q - 1 - j)) & 1 == v for j, v in enumerate(known))}
    return seen.pop() if len(seen) == 1 else None


def _run(tree, answers, orders, budget):
    """One run with the given child order per node: (value or 'out', set of queried leaves)."""
    queried = []

    def value(node):
        if tree.is_leaf(node):
            if len(queried) >= budget:
                raise _Out
            queried.append(node)
            return answers[tree.queries[node]]
        spec, kids = tree.aggregators[node], tree.children[node]
        known = [None] * len(kids)
        for i in orders[node]:
            if _fixed(spec, tuple(known)) is not None:
                break
            known[i] = value(kids[i])
        return _fixed(spec, tuple(known))

    try:
        return value(tree.root), set(queried)
    except _Out:
        return "out", set(queried)


def brute_force(tree, answers, budget, randomised, claim=None):
    """(P[accept the claim], {leaf: P[queried]}) over every tape; the claim defaults to
    val(root) under `answers` (Alice honest for this oracle)."""
    claim = node_values(tree, answers)[tree.root] if claim is None else claim
    internal = tree.internal()
    choices = [list(itertools.permutations(range(tree.width(u)))) if randomised
               else [tuple(range(tree.width(u)))] for u in internal]
    tapes = list(itertools.product(*choices))
    weight = Fraction(1, len(tapes))
    accept, a = Fraction(0), {}
    for tape in tapes:
        result, queried = _run(tree, answers, dict(zip(internal, tape)), budget)
        if result in ("out", claim):
            accept += weight
        for leaf in queried:
            a[leaf] = a.get(leaf, 0) + weight
    return accept, a


SMALL = [("maj:3", 2), ("and:2", 3), ("tt:0110", 2), ("thr:4:2", 1), ("or:3", 2)]


@pytest.mark.parametrize("spec,depth", SMALL)
@pytest.mark.parametrize("kind", ["dfs", "adaptive"])
def test_exact_distributions_match_the_brute_force(spec, depth, kind):
    tree = uniform_tree(spec, depth)
    if kind == "adaptive" and math.prod(math.factorial(tree.width(u)) for u in tree.internal()) > 5000:
        pytest.skip("too many tapes for the brute force")
    for seed in range(2):
        answers = random_oracle(tree, seed)
        flipped = {k: 1 - v for k, v in answers.items()}
        claim = node_values(tree, answers)[tree.root]
        for budget in sorted({1, 2, 4, len(tree.leaves()) - 1, len(tree.leaves())}):
            profile = adaptive_profile(tree, answers, kind, budget)
            accept, a = brute_force(tree, answers, budget, kind == "adaptive")
            assert profile.a == {leaf: p for leaf, p in a.items() if p}
            assert accept == 1  # the checker accepts the O_Y-honest claim under O_Y
            other, _ = brute_force(tree, flipped, budget, kind == "adaptive", claim)
            assert adaptive.acceptance_probability(tree, flipped, claim, budget,
                                                   kind == "adaptive") == other


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), budget=st.integers(1, 9), kind=st.sampled_from(["dfs", "adaptive"]))
def test_random_trees_match_the_brute_force(seed, budget, kind):
    tree = random_tree(seed, 2, ["and:2", "maj:3", "or:2", "tt:0110"], leaf_probability=0.3)
    answers = random_oracle(tree, seed)
    profile = adaptive_profile(tree, answers, kind, budget)
    _, a = brute_force(tree, answers, budget, kind == "adaptive")
    assert profile.a == {leaf: p for leaf, p in a.items() if p}
    assert profile.gamma <= budget


@pytest.mark.parametrize("kind", ["dfs", "adaptive"])
def test_theorem_5_3_holds_for_the_adaptive_checkers(kind):
    for spec, depth, seed in (("maj:3", 3, 8), ("tribes:2:2", 2, 10), ("thr:4:2", 2, 9)):
        tree = uniform_tree(spec, depth)
        answers = random_oracle(tree, seed)
        result = tree_fbs(tree, answers)
        for budget in (1, 3, 8, 20):
            report = adversarial_oracle(tree, answers, make_profile(tree, answers, f"{kind}:{budget}"),
                                        rho_result=result, sat_check=False)
            assert report.all_hold
            assert report.advantage <= min(1, Fraction(budget) / result.value)


def _pivotal_maj3_depth2():
    """maj:3 depth 2, every node pivotal: value 1 -> children 110, value 0 -> 100."""
    tree = uniform_tree("maj:3", 2)
    values = {tree.root: 1}
    answers = {}
    for node in range(tree.n_nodes):
        if tree.is_leaf(node):
            answers[tree.queries[node]] = values[node]
            continue
        for child, bit in zip(tree.children[node], (1, 1, 0) if values[node] else (1, 0, 0)):
            values[child] = bit
    return tree, answers


def test_dfs_by_hand():
    """dfs:4 on the pivotal maj:3 depth 2: it reads r.1.1, r.1.2 (both 1: r.1 = 1), then r.2.1,
    r.2.2 (both 1: r.2 = 1, so the root is 1) - four queries, the root is known."""
    tree, answers = _pivotal_maj3_depth2()
    profile = adaptive_profile(tree, answers, "dfs", 4)
    assert sorted(tree.ids[leaf] for leaf in profile.a) == ["r.1.1", "r.1.2", "r.2.1", "r.2.2"]
    assert set(profile.a.values()) == {1}


def test_a_heavy_adversary_is_detected(monkeypatch):
    """H = {r.1.1, r.2.1} flips r.1 and r.2, hence the root, but dfs:4 queries both leaves:
    a(H) = 2 > m / rho_T = 4/4; a wrong light-block step must fail the report."""
    tree, answers = _pivotal_maj3_depth2()
    heavy = tuple(tree.node(i) for i in ("r.1.1", "r.2.1"))
    real = adversary.tree_light_block
    monkeypatch.setattr(adversary, "tree_light_block", lambda result, masses, method:
                        dataclasses.replace(real(result, masses, method), leaves=heavy))
    report = adversarial_oracle(tree, answers, adaptive_profile(tree, answers, "dfs", 4),
                                sat_check=False)
    failed = [c.name for c in report.checks if c.applicable and not c.holds]
    assert report.rho_t == 4 and report.mass == 2
    assert "a(H) <= m / rho_T" in failed and not report.all_hold


def test_a_checker_over_its_budget_is_detected(monkeypatch):
    """A checker claiming m = 2 while it reads every leaf: Gamma > m is reported."""
    tree, answers = _pivotal_maj3_depth2()
    real = adaptive.ShortCircuit.query_probabilities
    monkeypatch.setattr(adaptive.ShortCircuit, "query_probabilities",
                        lambda self, budget: real(self, 9))
    report = adversarial_oracle(tree, answers, adaptive_profile(tree, answers, "dfs", 2),
                                sat_check=False)
    assert not report.all_hold


def test_bad_checker_texts():
    tree, answers = _pivotal_maj3_depth2()
    for text in ("dfs:0", "dfs:x", "adaptive:", "dfs:-1"):
        with pytest.raises(BadInput):
            make_profile(tree, answers, text)
    wide = uniform_tree("maj:9", 1)
    with pytest.raises(TooLarge):
        make_profile(wide, random_oracle(wide, 0), "adaptive:3")


@pytest.mark.parametrize("kind", ["dfs", "adaptive"])
def test_a_budget_beyond_the_leaves_costs_one_memo_entry_a_node(kind):
    """The memo was keyed by every budget from M down, also above the leaves under a node,
    where the budget cannot run out (`adversary --checker adaptive:M` on 243 leaves: 57 s).
    Now any budget of at least the leaves below a node is one key: with M >= the leaves, one
    entry per node; the values are the brute force's at M = 10^6 as at M = the leaves."""
    tree = uniform_tree("maj:3", 4)  # 121 nodes, 81 leaves
    answers = random_oracle(tree, 3)
    checker = adaptive.ShortCircuit(tree, answers, kind == "adaptive")
    a = checker.query_probabilities(10**6)
    outcomes = checker.root(10**6)
    assert len(checker.memo) <= tree.n_nodes  # dfs short-circuits past some nodes
    small = uniform_tree("maj:3", 2)
    small_answers = random_oracle(small, 3)
    for budget in (len(small.leaves()), len(small.leaves()) + 1, 10**6):
        profile = adaptive_profile(small, small_answers, kind, budget)
        _, brute = brute_force(small, small_answers, budget, kind == "adaptive")
        assert profile.a == {leaf: p for leaf, p in brute.items() if p}
    exact = adaptive.ShortCircuit(tree, answers, kind == "adaptive")
    assert exact.query_probabilities(len(tree.leaves())) == a
    assert exact.root(len(tree.leaves())) == outcomes
