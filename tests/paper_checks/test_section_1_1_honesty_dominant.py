"""The honesty-dominance check: a deviating Bob beats the rule against a predictable liar (an
example verified by hand), the rule's guarantee holds against every Alice, and a broken game
evaluation, a non-optimal Bob p or a blind search is detected."""

from __future__ import annotations

from fractions import Fraction

import paper_checks.section_1_1_honesty_dominant as check
from verify.protocol.bob_deviation import (
    TableAlice,
    best_deterministic_bob,
    bob_win_probability,
    deterministic_bob,
    lying_strategies,
    truth_following_bob,
)
from verify.protocol.bob_rules import bob_view
from verify.protocol.engine import Debate
from verify.report.runner import Context, run_check
from verify.trees.builders import uniform_tree


def _run():
    return run_check(check.CHECK, Context())


def test_and2_liar_at_a_known_child():
    """AND(x, y) with x = 1, y = 0: the liar claims 1, so z = 11 (consistency). fbs(AND_2, 11)
    = 2 with dual (1, 1): the rule samples each child w.p. 1/2 and catches her w.p. 1/2; the
    Bob who always checks y catches her surely."""
    tree = uniform_tree("and:2", 1)
    x, y = (tree.queries[leaf] for leaf in tree.leaves())
    debate = Debate.create(tree, {x: 1, y: 0}, 2)
    liar = TableAlice(1, {(tree.root, 1): (1, 1)})
    assert bob_win_probability(debate, liar) == Fraction(1, 2)
    assert bob_win_probability(debate, liar, deterministic_bob({(tree.root, (1, 1)): 1})) == 1
    assert bob_win_probability(debate, liar, deterministic_bob({(tree.root, (1, 1)): 0})) == 0
    assert best_deterministic_bob(debate, liar)[0] == 1
    assert bob_win_probability(debate, liar, truth_following_bob) == 1
    # the only passing lie vector for claim 1 is 11; claim 0 has 00, 01, 10
    assert len(list(lying_strategies(debate))) == 3


def test_reports_refined_with_a_verified_example():
    result = _run()
    assert result.status == "refined", (result.reason, result.values.get("failures"))
    assert all(row["ok"] for row in result.values["instances"])
    depth_one = [e for e in result.values["examples"] if "depth 1" in e["instance"]]
    assert depth_one
    for example in depth_one:  # one round: the rule catches w.p. p(B), B = the lying children
        ((key, z),) = [(k, v) for k, v in example["alice_claims"].items()
                       if k.endswith(f"claim {example['alice_answer']}")]
        spec = example["instance"].split()[0]
        truth = list(example["oracle"].values())
        lies = [i for i, bit in enumerate(z) if int(bit) != truth[i]]
        rule = example["instance"].rsplit(" ", 1)[1]
        p = bob_view(spec, tuple(int(b) for b in z), rule).p
        assert Fraction(example["bob_wins_by_rule"]) == sum(p[i] for i in lies) < 1
        assert example["bob_wins_by_deviation"] == "1"


def test_a_wrong_game_value_fails(monkeypatch):
    real = check.bob_win_probability
    monkeypatch.setattr(check, "bob_win_probability",
                        lambda debate, alice, bob=None: real(debate, alice) / 2
                        if bob is None else real(debate, alice, bob))
    assert _run().status == "failed"


def test_a_non_optimal_bob_distribution_fails(monkeypatch):
    real = check.bob_view
    monkeypatch.setattr(check, "bob_view", lambda spec, z, rule: real(spec, z, "uniform"))
    assert _run().status == "failed"


def test_a_blind_search_is_not_reported_as_refined(monkeypatch):
    monkeypatch.setattr(check, "best_deterministic_bob",
                        lambda debate, alice: (check.bob_win_probability(debate, alice), {}))
    assert _run().status != "refined"
