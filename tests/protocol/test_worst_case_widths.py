"""One width rule for the worst-case DP (issue 32): the API, the commands and the sweep's
job validator refuse the same trees before any work: symmetric aggregators up to
MAX_SYMMETRIC_DP_WIDTH (the DP over weights costs O(q^2): maj:2000 took 53 s), others up to
MAX_DP_WIDTH. Before, the API took any symmetric width while the sweep refused width 13."""

import itertools

import pytest

from verify import worst_case
from verify.base.errors import BadInput, TooLarge
from verify.functions.aggregators import evaluate
from verify.protocol import worst_case as dp
from verify.protocol.debaters import WorstCaseAlice
from verify.protocol.engine import Debate
from verify.sweep.jobs import normalize_job
from verify.trees.builders import uniform_tree
from verify.trees.oracles import random_oracle


def _job(spec: str) -> dict:
    return {"kind": "worst-case", "tree": {"uniform": spec, "depth": 1}, "oracle": {"random": 0},
            "rho": "4"}


@pytest.mark.parametrize("spec, taken", [
    ("maj:13", True), ("thr:40:7", True), (f"maj:{dp.MAX_SYMMETRIC_DP_WIDTH}", True),
    (f"maj:{dp.MAX_SYMMETRIC_DP_WIDTH + 1}", False), (f"and:{dp.MAX_SYMMETRIC_DP_WIDTH + 1}", False),
    ("wthr:1,1,1,1,1,1,1,1,1,1,1,1,2:3", False), ("wthr:1,1,1,1,1,1,1,1,1,1,1,2:3", True),
])
def test_the_api_and_the_sweep_validator_take_the_same_widths(spec, taken, monkeypatch):
    tree = uniform_tree(spec, 1)
    if taken:
        dp.check_dp_widths(tree)
        assert normalize_job(_job(spec), "job 1")["kind"] == "worst-case"
        return

    def no_work(*args):
        raise AssertionError("the DP started before the width was checked")

    monkeypatch.setattr(dp, "weight_options", no_work)
    monkeypatch.setattr(dp, "claim_options", no_work)
    with pytest.raises(TooLarge, match="the worst-case DP takes symmetric aggregators of width"):
        worst_case(tree, random_oracle(tree, 0), 4)
    with pytest.raises(BadInput, match="the worst-case DP takes symmetric aggregators of width"):
        normalize_job(_job(spec), "job 1")


def test_a_width_13_majority_is_solved_as_the_sweep_now_allows():
    """maj:13 at depth 1 over leaves: the liar's best is a z of the opposite value changing
    as few lying leaves as it can; the DP over weights against the enumeration of all 2^13
    claim vectors (the reference, with the width limit lifted)."""
    tree = uniform_tree("maj:13", 1)
    debate = Debate.create(tree, random_oracle(tree, 5), 7, "vertex")
    by_weight = dp.solve_worst_case(debate)
    original = dp.MAX_DP_WIDTH
    try:
        dp.MAX_DP_WIDTH = 13
        dp.claim_options.cache_clear()
        real = dp.by_weight
        dp.by_weight = lambda spec, rule: False
        enumerated = dp.solve_worst_case(debate)
    finally:
        dp.MAX_DP_WIDTH, dp.by_weight = original, real
        dp.claim_options.cache_clear()
    assert (by_weight.catch, by_weight.choices) == (enumerated.catch, enumerated.choices)


@pytest.mark.parametrize("spec", ["maj:5", "thr:6:4", "sym:0110", "sym:1011", "and:4", "or:3",
                                  "parity:4"])
def test_the_losing_claim_is_the_first_vector_of_that_value(spec):
    """Where no z passes Bob's checks, Alice still names one: the first z in truth-table order
    with phi(z) = claim, found by weight for symmetric aggregators (it once enumerated 2^q
    vectors: and:310 under rho = 300 never finished)."""
    tree = uniform_tree(spec, 1)
    debate = Debate.create(tree, random_oracle(tree, 1), 2, "vertex")
    q = tree.width(tree.root)
    for claim in (0, 1):
        first = next((z for z in itertools.product((0, 1), repeat=q)
                      if evaluate(spec, z) == claim), debate.truth(tree.root))
        assert WorstCaseAlice._losing_claim(None, debate, tree.root, claim) == first


def test_a_wide_and_beyond_rho_is_caught_at_once():
    """and:310 over random leaves under rho = 300: its value is 0; claiming 1 needs z = 1^310,
    whose fbs is 310 > rho, so no z passes and the liar is caught with probability 1."""
    tree = uniform_tree("and:310", 1)
    answers = random_oracle(tree, 1)
    assert 0 in answers.values()
    result = worst_case(tree, answers, 300)
    assert result.to_json()["catch_probability_exact"] == "1"
