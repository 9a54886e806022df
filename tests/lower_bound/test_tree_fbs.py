"""The weighted recursion for rho_T (docs/notes.md, section 1) against the direct LP and brute force.

* local weighted LPs: the symmetric closed form against z3 on the explicit weighted LP, and
  against column generation on the same function given as a truth table;
* rho_T: the recursion equals the direct truth-table LP on random trees (hypothesis), and
  the brute-force z3 LP over all leaf blocks on tiny trees;
* the factored certificate: the product primal and the product dual are expanded on small
  trees and checked against every sensitive leaf block by evaluation;
* Lemma 5.4 sandwich: rho^d <= min path product <= rho_T <= max path product.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
import z3
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_lower_bound import (
    AGGREGATORS,
    brute_rho,
    brute_sensitive_blocks,
    flat,
    inner,
    leaf,
    small_random_trees,
)

from verify.functions.aggregators import aggregator_function
from verify.lower_bound.global_function import direct_rho
from verify.lower_bound.tree_fbs import (
    is_compact_uniform,
    local_fbs,
    local_weighted_fbs,
    product_dual,
    product_primal,
    tree_fbs,
)
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.oracles import random_oracle
from verify.trees.tree_file import parse_tree

# ----------------------------------------------------------------------------- local LPs


def weighted_by_z3(spec, z, capacities) -> Fraction:
    """min sum c_i v_i s.t. v(S) >= 1 for every sensitive block S (all blocks enumerated)."""
    f = aggregator_function(spec)
    q, fz = len(z), f(tuple(z))
    blocks = [b for size in range(1, q + 1) for b in itertools.combinations(range(q), size)
              if f(tuple(1 - z[i] if i in b else z[i] for i in range(q))) != fz]
    if not blocks:
        return Fraction(0)
    v = [z3.Real(f"v{i}") for i in range(q)]
    opt = z3.Optimize()
    opt.add(*[x >= 0 for x in v])
    opt.add(*[z3.Sum([v[i] for i in b]) >= 1 for b in blocks])
    handle = opt.minimize(z3.Sum([z3.RealVal(str(c)) * v[i] for i, c in enumerate(capacities)]))
    assert opt.check() == z3.sat
    return Fraction(str(handle.value()))


def tt_spec(spec):
    """The same function as a truth-table spec (forces the generic LP path)."""
    table = aggregator_function(spec).truth_table()
    return "tt:" + "".join("1" if v else "0" for v in table)


SYMMETRIC = ["maj:5", "thr:6:2", "and:4", "or:3", "parity:4", "sym:011010", "maj:6", "thr:5:5"]


@pytest.mark.parametrize("spec", SYMMETRIC)
def test_symmetric_closed_form_matches_z3_and_column_generation(spec):
    rng = random.Random(spec)
    q = aggregator_function(spec).arity
    for _ in range(6):
        z = tuple(rng.randint(0, 1) for _ in range(q))
        caps = tuple(Fraction(rng.choice([0, 1, 1, 2, 3, 5]), rng.choice([1, 2, 3])) for _ in range(q))
        closed = local_weighted_fbs(spec, z, caps)
        assert closed.method == "symmetric"
        generic = local_weighted_fbs(tt_spec(spec), z, caps)
        assert generic.method == "lp"
        assert closed.value == generic.value == weighted_by_z3(spec, z, caps)
        _assert_local_feasible(spec, z, caps, closed)
        _assert_local_feasible(spec, z, caps, generic)


def _assert_local_feasible(spec, z, caps, solution):
    f = aggregator_function(spec)
    fz = f(tuple(z))
    load = [Fraction(0)] * len(z)
    for block, weight in solution.primal:
        assert weight > 0
        assert f(tuple(1 - z[i] if i in block else z[i] for i in range(len(z)))) != fz
        for i in block:
            load[i] += weight
    assert all(load[i] <= caps[i] for i in range(len(z)))
    assert sum(w for _, w in solution.primal) == solution.value
    assert sum(c * v for c, v in zip(caps, solution.dual)) == solution.value
    assert all(v >= 0 for v in solution.dual)


def test_unit_capacities_give_the_closed_forms():
    # docs/notes.md, section 3: MAJ_{2k+1} has fbs k+1 at weights k and k+1; THR_t at w >= t: w/(w-t+1)
    assert local_fbs("maj:9", (1,) * 5 + (0,) * 4).value == 5
    assert local_fbs("maj:9", (1,) * 4 + (0,) * 5).value == 5
    assert local_fbs("thr:9:6", (1,) * 8 + (0,)).value == Fraction(8, 3)
    assert local_fbs("and:5", (1,) * 5).value == 5


# ----------------------------------------------------------------------------- rho_T


@pytest.mark.parametrize("seed_tree", small_random_trees(20, max_leaves=9, seed0=100),
                         ids=lambda s: str(s[0]))
def test_recursion_equals_brute_force(seed_tree):
    seed, tree = seed_tree
    answers = random_oracle(tree, seed)
    result = tree_fbs(tree, answers)
    assert result.certified, result.message
    assert result.value == brute_rho(tree, answers)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 4),
       aggregators=st.lists(st.sampled_from(AGGREGATORS + ["maj:5", "thr:5:2", "or:3"]),
                            min_size=1, max_size=3, unique=True),
       leaf_probability=st.sampled_from([0.0, 0.3, 0.6]), ones=st.sampled_from([0.3, 0.5, 0.8]))
@pytest.mark.slow
def test_property_recursion_equals_direct_lp(seed, depth, aggregators, leaf_probability, ones):
    tree = random_tree(seed, depth, aggregators, leaf_probability)
    assume(len(tree.leaves()) <= 20)
    answers = random_oracle(tree, seed, ones)
    recursive = tree_fbs(tree, answers)
    direct = direct_rho(tree, answers)
    assert recursive.certified and direct.certified
    assert recursive.value == direct.value


def test_constant_subtree_gets_zero_capacity():
    # OR(x, sym:000(y1, y2)): the second child is constant 0, so rho_T = fbs of x alone = 1.
    tree = parse_tree(flat([inner("r", "or:2", ["x", "c"]), inner("c", "sym:000", ["y1", "y2"]),
                            leaf("x"), leaf("y1"), leaf("y2")]))
    answers = {"Q(x)": 0, "Q(y1)": 1, "Q(y2)": 0}
    result = tree_fbs(tree, answers)
    assert result.rho[tree.node("c")] == 0
    assert result.certified and result.value == 1 == direct_rho(tree, answers).value
    root = result.records[result.record_of[tree.root]]
    assert root.capacities == (1, 0) and root.dual[1] == 1


def test_constant_tree_has_rho_zero():
    tree = parse_tree(flat([inner("r", "sym:000", ["a", "b"]), leaf("a"), leaf("b")]))
    result = tree_fbs(tree, {"Q(a)": 1, "Q(b)": 1})
    assert result.certified and result.value == 0


def test_single_leaf_tree():
    tree = parse_tree(flat([leaf("r")]))
    result = tree_fbs(tree, {"Q(r)": 1})
    assert result.certified and result.value == 1 and result.records == []


# ----------------------------------------------------------------------------- products


@pytest.mark.parametrize("seed_tree", small_random_trees(15, max_leaves=8, seed0=500),
                         ids=lambda s: str(s[0]))
def test_product_certificates_are_feasible_for_f_t(seed_tree):
    seed, tree = seed_tree
    answers = random_oracle(tree, seed)
    result = tree_fbs(tree, answers)
    if result.value == 0:
        return
    leaves = tree.leaves()
    position = {l: i for i, l in enumerate(leaves)}
    sensitive = set(brute_sensitive_blocks(tree, answers))
    # product dual: t_leaf = prod of local v along the path; t(H) >= 1 on every sensitive H
    t = product_dual(result)
    assert sum(t.values()) == result.value
    for block in sensitive:
        assert sum(t[leaves[i]] for i in block) >= 1
    # product primal: sensitive blocks, loads <= 1, total rho_T
    family = product_primal(result)
    assert sum(family.values()) == result.value
    load = {l: Fraction(0) for l in leaves}
    for block, weight in family.items():
        assert tuple(sorted(position[l] for l in block)) in sensitive
        for l in block:
            load[l] += weight
    assert max(load.values()) <= 1


# ----------------------------------------------------------------------------- bounds, format


@pytest.mark.parametrize("spec,depth,seed", [("maj:3", 3, 1), ("maj:5", 2, 2), ("thr:4:2", 3, 3),
                                             ("and:2", 4, 4), ("parity:3", 2, 5)])
def test_lemma_5_4_sandwich_on_uniform_trees(spec, depth, seed):
    tree = uniform_tree(spec, depth)
    result = tree_fbs(tree, random_oracle(tree, seed))
    low, high = result.path_products()
    assert result.lemma_bound <= low <= result.value <= high
    assert is_compact_uniform(tree)
    assert "uniform" in result.certificate["tree"]


def test_compact_and_explicit_certificates_agree():
    from verify.checker.tree_kind import check
    from verify.trees.tree_file import tree_document

    tree = uniform_tree("maj:3", 3)
    result = tree_fbs(tree, random_oracle(tree, 7))
    compact = result.certificate
    explicit = dict(compact, tree=tree_document(tree))
    assert check(compact).value == check(explicit).value == result.value


def test_maj9_depth3_is_certified_and_memoised():
    tree = uniform_tree("maj:9", 3)
    result = tree_fbs(tree, random_oracle(tree, 11))
    assert result.certified
    assert len(result.records) < len(tree.internal())
    summary = result.summary()
    assert Fraction(summary["lemma_5_4_bound_rho_min_d"]) <= Fraction(summary["path_product_min"]) \
        <= result.value <= Fraction(summary["path_product_max"])


def larger_random_trees(count, low=14, high=20, seed0=2000):
    """Seeded random trees with low..high leaves, mixing symmetric and truth-table aggregators."""
    found, seed = [], seed0
    while len(found) < count:
        tree = random_tree(seed, 2 + seed % 2, ["maj:3", "tt:00010111", "thr:4:2", "sym:0110",
                                                 "tt:0110", "and:2", "maj:5"], 0.25)
        if low <= len(tree.leaves()) <= high:
            found.append((seed, tree))
        seed += 1
    return found


@pytest.mark.parametrize("seed_tree", larger_random_trees(8), ids=lambda s: str(s[0]))
def test_recursion_equals_direct_lp_on_larger_trees(seed_tree):
    seed, tree = seed_tree
    for ones in (0.3, 0.7):
        answers = random_oracle(tree, seed, ones)
        recursive, direct = tree_fbs(tree, answers), direct_rho(tree, answers)
        assert recursive.certified and direct.certified
        assert recursive.value == direct.value


# --- issue 12: described uniform trees ---------------------------------------------------


@pytest.mark.parametrize("spec,depth,seed", [("maj:3", 4, 1), ("thr:4:2", 3, 2), ("and:2", 6, 3),
                                             ("tt:0110", 3, 4), ("maj:9", 2, 5), ("or:3", 3, 6)])
def test_described_uniform_tree_equals_the_listed_tree(spec, depth, seed):
    from verify.lower_bound.api import tree_fbs as api_tree_fbs

    compact = uniform_tree(spec, depth, compact=True)
    listed = uniform_tree(spec, depth)
    bits = random_oracle(compact, seed)
    answers = random_oracle(listed, seed)
    assert bits.answers(listed) == answers  # the same draws, in leaf order
    described, explicit = api_tree_fbs(compact, bits), api_tree_fbs(listed, answers)
    assert described.certified and described.recursive.certificate["tree"]["uniform"]
    assert described.value == explicit.value
    assert described.to_json() == explicit.to_json()


@pytest.mark.slow
def test_described_tree_is_never_listed():
    """maj:3 depth 13 (1.6 million leaves) runs on classes: a few thousand distinct keys."""
    from verify.lower_bound.tree_fbs import uniform_tree_fbs

    tree = uniform_tree("maj:3", 13, compact=True)
    result = uniform_tree_fbs(tree, random_oracle(tree, 1).bits)
    assert result.certified and result.classes < 10_000 and len(result.records) < 30_000
    assert result.path_low <= result.value <= result.path_high
