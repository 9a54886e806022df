"""Random trees beyond the node limit are refused before any node is built: by a lower bound
(no early leaves) or by counting the same random draws, which must agree with the builder."""

import random

import pytest

from verify.base.errors import TooLarge
from verify.trees import builders
from verify.trees.builders import random_tree


@pytest.mark.parametrize("seed, depth, aggregators, p", [
    (seed, depth, aggregators, p) for seed in range(4) for depth in (3, 5, 6)
    for aggregators in (["maj:3"], ["maj:3", "and:2"], ["and:2", "or:4"])
    for p in (0.0, 0.3, 0.7)])
def test_counting_agrees_with_building(seed, depth, aggregators, p, monkeypatch):
    monkeypatch.setattr(builders, "MAX_NODES", 120)
    monkeypatch.setattr(builders, "_check_random_size", lambda *args: None)  # count only
    counted = _refused(lambda: random_tree(seed, depth, aggregators, p))
    monkeypatch.setattr(builders, "_count_random_nodes", lambda *args: None)  # build only
    built = _refused(lambda: random_tree(seed, depth, aggregators, p))
    assert counted == built
    if not built:
        assert len(random_tree(seed, depth, aggregators, p).ids) <= 120


def _refused(make) -> bool:
    try:
        make()
    except TooLarge:
        return True
    return False


@pytest.mark.parametrize("depth, p, most_draws", [
    (50, 0.0, 0), (1000, 0.0, 0),  # the lower bound refuses before a single draw
    (50, 0.5, builders.MAX_NODES + 3)])  # a draw per node counted, and one node's children
def test_a_too_large_random_tree_is_refused_before_any_node_is_built(depth, p, most_draws,
                                                                     monkeypatch):
    """The work is counted, not timed: the random draws made and no node record built."""
    draws = []

    class Counting(random.Random):
        def random(self):
            draws.append(1)
            return super().random()

    monkeypatch.setattr(builders, "random", type("R", (), {"Random": Counting}))
    monkeypatch.setattr(builders, "from_records", lambda *args: pytest.fail("a node was built"))
    with pytest.raises(TooLarge, match="exceeds"):
        random_tree(0, depth, ["maj:3"], p)
    assert len(draws) <= most_draws
