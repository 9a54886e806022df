"""A small tree and a liar given by one decision per internal node, so that brute-force tests
can list every strategy of the budgeted protocol on it (docs/budgeted.md)."""

from fractions import Fraction

from verify.trees.model import from_records

ONE = Fraction(1)


def small_tree():
    """AND(x, OR(a, b)): one internal child, so every grid strategy can be listed."""
    return from_records([
        {"id": "r", "aggregator": "and:2", "children": ["x", "k"]}, {"id": "x", "query": "X"},
        {"id": "k", "aggregator": "or:2", "children": ["a", "b"]},
        {"id": "a", "query": "A"}, {"id": "b", "query": "B"}], "r")


class ListedLiar:
    """A strategy given by one decision at the root and one at the child k (for brute force)."""

    name = "listed"

    def __init__(self, root_budget, root_z, k_budget, k_z):
        self.root_budget, self.root_z, self.k_budget, self.k_z = root_budget, root_z, k_budget, k_z

    def answer(self, debate):
        return 1 - debate.values[0], self.root_budget

    def decompose(self, debate, node, claim, budget):
        if node == 0:
            return self.root_z, (ONE, self.k_budget)
        return self.k_z, (ONE, ONE)
