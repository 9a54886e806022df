"""Random trees beyond the node limit are refused before any node is built: by a lower bound
(no early leaves) or by counting the same random draws, which must agree with the builder."""

import time

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


@pytest.mark.parametrize("depth, p", [(50, 0.0), (50, 0.5), (1000, 0.0)])
def test_a_too_large_random_tree_is_refused_promptly(depth, p):
    start = time.perf_counter()
    with pytest.raises(TooLarge, match="exceeds"):
        random_tree(0, depth, ["maj:3"], p)
    assert time.perf_counter() - start < 30
