"""A described uniform tree read node by node (verify.trees.described) against the tree
`uniform_tree` lists: the same ids, queries, children, depths and aggregators at every index,
in any order of access; leaf answers from the bits as the listed oracle gives them."""

import pytest

from verify.trees.builders import uniform_tree
from verify.trees.described import DescribedTree, LeafOracle
from verify.trees.model import UniformTree
from verify.trees.oracles import LeafBits, random_oracle


def columns(tree, order):
    return [(tree.ids[n], tree.queries[n], tuple(tree.children[n]), tree.depths[n],
             tree.aggregators[n], tree.is_leaf(n), tree.width(n)) for n in order]


@pytest.mark.parametrize("spec, depth", [("maj:3", 3), ("tt:10", 5), ("maj:5", 2),
                                         ("and:2", 4), ("maj:9", 0), ("maj:11", 2)])
def test_every_node_is_the_listed_trees(spec, depth):
    listed = uniform_tree(spec, depth)
    order = list(range(listed.n_nodes))
    for access in (order, order[::-1]):  # a fresh view each time: nothing memoised before
        described = DescribedTree(UniformTree(spec, depth))
        assert columns(described, access) == columns(listed, access)
    assert described.n_nodes == listed.n_nodes and described.depth == listed.depth
    assert list(described.leaves()) == listed.leaves()
    assert list(described.internal()) == listed.internal()
    assert described.max_width() == listed.max_width()
    assert described.description == listed.description


def test_the_leaf_oracle_answers_as_the_listed_one():
    listed = uniform_tree("maj:3", 3)
    bits = random_oracle(UniformTree("maj:3", 3), seed=4).bits
    answers = LeafBits(bits).answers(listed)
    oracle = LeafOracle(DescribedTree(UniformTree("maj:3", 3)), bits)
    assert dict(oracle) == answers and len(oracle) == len(answers)
    for query in ("Q(r.1.1)", "Q(r.4.1.1)", "Q(r.1.1.1.1)", "r.1.1.1", "Q(r.1.1.x)", 7):
        with pytest.raises(KeyError):
            oracle[query]


def test_a_deep_unary_tree_needs_no_recursion():
    described = DescribedTree(UniformTree("tt:10", 1000))
    leaf = described.n_nodes - 1
    assert described.ids[leaf] == "r" + ".1" * 1000
    assert described.queries[leaf] == f"Q(r{'.1' * 1000})"
    with pytest.raises(IndexError):
        described.ids[leaf + 1]
