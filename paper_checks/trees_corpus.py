"""Seeded decomposition trees shared by the Section 3.2 / 4 checks (q <= 9, d <= 4)."""

import random

from verify.trees.builders import uniform_tree
from verify.trees.oracles import random_oracle

GRID = [("maj:3", (1, 2, 3, 4)), ("maj:5", (1, 2, 3)), ("thr:5:2", (1, 2, 3)),
        ("thr:9:6", (1, 2)), ("and:3", (1, 2, 3, 4)), ("or:4", (1, 2, 3))]


def random_aggregators(seed: int = 7, count: int = 3) -> list[str]:
    """Seeded random non-constant truth tables on 3 or 4 inputs."""
    rng, specs = random.Random(seed), []
    while len(specs) < count:
        q = rng.choice((3, 4))
        table = "".join(rng.choice("01") for _ in range(2**q))
        if "0" in table and "1" in table:
            specs.append(f"tt:{table}")
    return specs


def grid_trees():
    """(aggregator, depth, tree, oracle) over the grid plus random aggregators (d <= 3)."""
    cases = GRID + [(spec, (1, 2, 3)) for spec in random_aggregators()]
    for index, (spec, depths) in enumerate(cases):
        for depth in depths:
            tree = uniform_tree(spec, depth)
            yield spec, depth, tree, random_oracle(tree, seed=1000 * index + depth)
