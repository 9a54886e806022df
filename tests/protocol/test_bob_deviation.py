"""The exact game of verify/protocol/bob_deviation.py: over every pure lying Alice, the rule's
minimum equals the worst-case DP (a second method), Bob's best pure reply is never worse than
the rule, and a Bob who knows the true values always catches a liar."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.base.errors import TooLarge
from verify.protocol.bob_deviation import (
    best_deterministic_bob,
    bob_win_probability,
    deterministic_bob,
    lying_strategies,
    truth_following_bob,
)
from verify.protocol.engine import Debate
from verify.protocol.worst_case import solve_worst_case
from verify.trees.builders import random_tree
from verify.trees.oracles import random_oracle


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), rho=st.sampled_from([1, 2, 3]),
       rule=st.sampled_from(["vertex", "symmetric"]))
def test_game_values_agree_with_the_dp(seed, rho, rule):
    tree = random_tree(seed, 2, ["and:2", "or:2", "maj:3", "tt:0110"], leaf_probability=0.3)
    debate = Debate.create(tree, random_oracle(tree, seed), rho, rule)
    try:
        strategies = list(lying_strategies(debate, limit=3000))
    except TooLarge:
        return
    if not strategies:  # no vector passes for the lie at the root: caught at once
        assert solve_worst_case(debate).catch_probability_exact == 1
        return
    values = []
    for alice in strategies:
        by_rule = bob_win_probability(debate, alice)
        best, choice = best_deterministic_bob(debate, alice)
        assert best >= by_rule
        assert bob_win_probability(debate, alice, deterministic_bob(choice)) == best
        assert bob_win_probability(debate, alice, truth_following_bob) == 1
        values.append(by_rule)
    assert min(values) == solve_worst_case(debate).catch_probability_exact


def test_too_many_strategies_are_refused():
    tree = random_tree(1, 2, ["maj:3"])
    debate = Debate.create(tree, random_oracle(tree, 1), 2)
    with pytest.raises(TooLarge):
        list(lying_strategies(debate, limit=10))
