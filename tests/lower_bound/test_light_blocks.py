"""Lemma 5.2 (light_block) and Lemma 5.4's recursion (tree_light_block), checked exactly.

Sensitivity is re-checked by evaluating the tree with the aggregators' own functions
(tests/lower_bound/test_lower_bound.py), and every mass bound is an exact Fraction inequality.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reference import sensitive_blocks
from test_lower_bound import AGGREGATORS, evaluate_by_node, small_random_trees

from verify.base.errors import BadInput
from verify.functions.spec import parse_spec
from verify.lower_bound.light_blocks import flips_root, light_block, tree_light_block
from verify.lower_bound.tree_fbs import tree_fbs
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.oracles import random_oracle


def random_distribution(rng, q):
    weights = [rng.choice([0, 0, 1, 2, 3, 7]) for _ in range(q)]
    if not any(weights):
        weights[rng.randrange(q)] = 1
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


# ----------------------------------------------------------------------------- Lemma 5.2


@pytest.mark.parametrize("spec", ["maj:5", "thr:6:2", "tribes:2:3", "index:2", "parity:4",
                                  "tt:0110100110010110", "expr:(x1&x2)|(x3&~x4)"])
def test_light_block_is_sensitive_and_light(spec):
    f = parse_spec(spec)
    q = f.arity
    rng = random.Random(spec)
    for z in itertools.product((0, 1), repeat=q):
        blocks = sensitive_blocks(lambda x: f(x), z)
        if not blocks:
            with pytest.raises(BadInput, match="constant"):
                light_block(spec, z, [Fraction(1, q)] * q)
            continue
        p = random_distribution(rng, q)
        found = light_block(spec, z, p)
        assert found.certified
        assert found.block in blocks
        assert found.mass == sum(p[i] for i in found.block) <= found.bound == 1 / found.fbs


def test_light_block_for_a_wide_symmetric_function():
    # maj:30 at 20 ones: k = 5 ones must flip; fbs = 4; uniform p gives mass 5/30 <= 1/4
    p = [Fraction(1, 60)] * 20 + [Fraction(1, 15)] * 10  # sums to 1
    found = light_block("maj:30", "1" * 20 + "0" * 10, p)
    assert found.fbs == 4 and len(found.block) == 5 and found.block[-1] < 20
    assert found.mass == Fraction(5, 60) <= Fraction(1, 4)


@pytest.mark.parametrize("p,message", [
    (["1/2", "1/2", "-1/4", "1/4"], "negative"),
    (["1/2", "1/2", "1/4", "1/4"], "sum to 3/2"),
    (["1/2", "1/2"], "entries"),
    (["one", "0", "0", "0"], "must be a number"),
])
def test_bad_distributions(p, message):
    with pytest.raises(BadInput, match=message):
        light_block("maj:4", "1100", p)


# ----------------------------------------------------------------------------- Lemma 5.4


def leaf_flip_is_sensitive(tree, answers, leaves) -> bool:
    base = {l: answers[tree.queries[l]] for l in tree.leaves()}
    flipped = dict(base)
    for l in leaves:
        flipped[l] ^= 1
    return evaluate_by_node(tree, flipped) != evaluate_by_node(tree, base)


@pytest.mark.parametrize("seed_tree", small_random_trees(25, max_leaves=14, seed0=900),
                         ids=lambda s: str(s[0]))
@pytest.mark.parametrize("method", ["weighted", "unweighted"])
def test_tree_light_block(seed_tree, method):
    seed, tree = seed_tree
    answers = random_oracle(tree, seed)
    result = tree_fbs(tree, answers)
    if result.value == 0 or (method == "unweighted" and result.rho_min == 0):
        return
    rng = random.Random(seed)
    for _ in range(5):
        masses = {l: Fraction(rng.choice([0, 1, 1, 2, 5]), rng.choice([1, 3])) for l in tree.leaves()}
        block = tree_light_block(result, masses, method)
        assert leaf_flip_is_sensitive(tree, answers, block.leaves)
        assert flips_root(tree, result.values, block.leaves)
        assert block.mass == sum(masses[l] for l in block.leaves)
        assert block.total == sum(masses.values())
        assert block.within_bound
        if method == "weighted":
            assert block.mass * result.value <= block.total
        else:
            low, _ = result.path_products()
            assert block.bound == 1 / low  # B(root) = 1 / (min path product of local fbs)
            if tree.is_uniform:
                assert block.bound <= block.lemma_bound  # B(root) <= rho^-d for uniform depth
                assert block.mass <= block.total * block.lemma_bound


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 3),
       aggregators=st.lists(st.sampled_from(AGGREGATORS), min_size=1, max_size=3, unique=True),
       mass_seed=st.integers(0, 1000))
def test_property_weighted_block_is_at_most_one_over_rho_t(seed, depth, aggregators, mass_seed):
    tree = random_tree(seed, depth, aggregators, 0.3)
    assume(len(tree.leaves()) <= 40)
    answers = random_oracle(tree, seed)
    result = tree_fbs(tree, answers, check=False)
    assume(result.value > 0)
    rng = random.Random(mass_seed)
    masses = {l: Fraction(rng.randint(0, 9)) for l in tree.leaves()}
    block = tree_light_block(result, masses)
    assert block.mass * result.value <= block.total
    assert leaf_flip_is_sensitive(tree, answers, block.leaves)


def test_zero_masses_and_the_tightness_of_lemma_5_4():
    tree = uniform_tree("and:2", 3)  # AND of 8 leaves at all ones: rho_T = 8 = 2^3
    answers = {tree.queries[l]: 1 for l in tree.leaves()}
    result = tree_fbs(tree, answers)
    assert result.value == 8 == result.lemma_bound
    uniform = {l: Fraction(1, 8) for l in tree.leaves()}
    for method in ("weighted", "unweighted"):
        block = tree_light_block(result, uniform, method)
        assert len(block.leaves) == 1 and block.mass == Fraction(1, 8) == block.bound
    zero = tree_light_block(result, {})
    assert zero.mass == 0 and zero.total == 0 and flips_root(tree, result.values, zero.leaves)


def test_unweighted_needs_the_lemma_hypothesis():
    from test_lower_bound import flat, inner, leaf

    from verify.trees.tree_file import parse_tree

    tree = parse_tree(flat([inner("r", "or:2", ["x", "c"]), inner("c", "sym:000", ["y", "w"]),
                            leaf("x"), leaf("y"), leaf("w")]))
    result = tree_fbs(tree, {"Q(x)": 0, "Q(y)": 0, "Q(w)": 0})
    with pytest.raises(BadInput, match="hypothesis"):
        tree_light_block(result, {}, "unweighted")
    assert tree_light_block(result, {}, "weighted").leaves == (tree.node("x"),)
    with pytest.raises(BadInput, match="negative"):
        tree_light_block(result, {tree.node("x"): -1})
    with pytest.raises(BadInput, match="not a leaf"):
        tree_light_block(result, {tree.root: 1})
