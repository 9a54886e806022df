"""The compiled catch pairs of the keyed worst-case DP (verify.protocol.worst_kernel, issue 29
item 1) against the pure-Python path (the reference: `solve_node`, itself tested against the
expanded DP and brute force in test_worst_case_keyed.py), every field, on seeded random
described trees: every rule, several symmetric aggregators, and hand-overs to the Python path
forced by a small overflow limit. Without numba (or FBS_NUMBA=0) the kernel's same source
runs interpreted, so its steps are still compared."""

import random
from fractions import Fraction

import pytest
from test_worst_case import RULES
from test_worst_case_keyed import result_fields

from verify.base import jit
from verify.protocol import worst_case_keyed, worst_kernel
from verify.protocol.api import worst_case
from verify.protocol.worst_case_keyed import KeyedChoices, level_classes
from verify.trees.builders import uniform_tree
from verify.trees.model import UniformTree
from verify.trees.oracles import random_oracle

CASES = [("maj:3", 5), ("maj:5", 4), ("maj:9", 3), ("thr:7:3", 3), ("and:4", 4),
         ("or:3", 5), ("parity:3", 5), ("sym:01101", 4)]
RHOS = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(7, 2), Fraction(5)]


def bits_of(spec, depth, seed, ones):
    """Seeded random leaf bits of the uniform tree (P[1] = ones)."""
    rng = random.Random(seed)
    q = UniformTree(spec, depth).width
    return "".join("1" if rng.random() < ones else "0" for _ in range(q ** depth))


def classes_fields(classes):
    """Every field of a LevelClasses (the described tree aside: the same object kind)."""
    return (classes.rho, classes.rule, [level.tolist() for level in classes.levels],
            classes.values, classes.pairs, classes.keys)


def choices_fields(classes):
    """Alice's z for both claims at every solved row (the KeyedChoices of these classes)."""
    choices = KeyedChoices(classes)
    return {(row, claim): choices.vector(row, claim) for row in classes.keys
            for claim in (0, 1)}


def counted_solves(monkeypatch):
    """Count the rows the Python path solves (`solve_node` calls of the keyed DP)."""
    calls = []
    original = worst_case_keyed.solve_node

    def counting(*args):
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(worst_case_keyed, "solve_node", counting)
    return calls


@pytest.fixture
def kernel_on(monkeypatch):
    """RowKernel.start builds the kernel even without numba (then it runs interpreted)."""
    monkeypatch.setattr(jit, "COMPILED", True)


@pytest.mark.parametrize("spec, depth", CASES)
@pytest.mark.parametrize("rule", RULES)
def test_compiled_classes_equal_python_on_random_trees(spec, depth, rule, kernel_on,
                                                        monkeypatch):
    for seed in range(3):
        rng = random.Random(seed)
        rho, ones = rng.choice(RHOS), rng.choice([0.2, 0.5, 0.8])
        tree, bits = UniformTree(spec, depth), bits_of(spec, depth, seed, ones)
        python = level_classes(tree, bits, rho, rule, compiled=False)
        calls = counted_solves(monkeypatch)
        compiled = level_classes(tree, bits, rho, rule, compiled=True)
        monkeypatch.undo()
        monkeypatch.setattr(jit, "COMPILED", True)
        assert classes_fields(compiled) == classes_fields(python)
        assert calls == []  # small numbers: every row in int64, no hand-over
        assert (compiled.kernel is None, python.kernel) == (False, None)
        assert choices_fields(compiled) == choices_fields(python)


@pytest.mark.parametrize("rule, limit", [("vertex", 1e2), ("vertex", 1e3), ("symmetric", 1e3),
                                         ("uniform", 1e4), ("uniform", 1e5)])
def test_a_forced_hand_over_equals_python(limit, rule, kernel_on, monkeypatch):
    """Rows past a small limit go to the Python path, the others stay compiled: same fields."""
    tree, bits = UniformTree("maj:9", 4), bits_of("maj:9", 4, 7, 0.5)
    python = level_classes(tree, bits, Fraction(5), rule, compiled=False)
    monkeypatch.setattr(worst_kernel, "LIMIT", limit)
    calls = counted_solves(monkeypatch)
    compiled = level_classes(tree, bits, Fraction(5), rule, compiled=True)
    assert classes_fields(compiled) == classes_fields(python)
    assert 0 < len(calls) < len(python.keys)  # some rows handed over, not all
    assert choices_fields(compiled) == choices_fields(python)


def test_the_kernel_hands_over_a_row_past_the_limit(kernel_on, monkeypatch):
    """level_pairs leaves out a row whose lcm of denominators (5^3 * 7^3) passes the limit,
    keeps a row of leaves (denominator 1); what it returns is the Python path's pair."""
    pairs = [(Fraction(0), Fraction(1)), (Fraction(1), Fraction(0)),
             (Fraction(1, 125), Fraction(2, 125)), (Fraction(3, 343), Fraction(1, 343))]
    kernel = worst_case_keyed.RowKernel.start("maj:3", Fraction(5), "vertex")
    rows = [(0, 1, 2), (2, 3, 3), (0, 0, 1)]
    done = kernel.pairs(rows, pairs)
    assert set(done) == set(rows)
    monkeypatch.setattr(worst_kernel, "LIMIT", 1e4)
    small = kernel.pairs(rows, pairs)
    assert (2, 3, 3) not in small and (0, 0, 1) in small
    for row, pair in [*done.items(), *small.items()]:
        reference = worst_case_keyed.solve_node("maj:3", tuple(pairs[c] for c in row),
                                                Fraction(5), "vertex")[0]
        assert pair == reference


@pytest.mark.parametrize("spec, depth", [("maj:3", 4), ("maj:5", 3), ("sym:01101", 3),
                                         ("parity:3", 3)])
@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("rho", RHOS)
def test_the_worst_case_result_is_the_same_on_both_paths(spec, depth, rule, rho, kernel_on,
                                                         monkeypatch):
    """Every WorstCaseResult field (Alice's z at every node included) and the JSON document,
    compiled from every size on vs never compiled."""
    described = uniform_tree(spec, depth, compact=True)
    answers = random_oracle(uniform_tree(spec, depth), seed=depth, ones=0.5)
    results = []
    for threshold in (0, 10**18):
        monkeypatch.setattr(worst_case_keyed, "COMPILED_FROM_LEAVES", threshold)
        results.append(worst_case(described, answers, rho, rule=rule))
    compiled, python = results
    assert result_fields(compiled.alice.result) == result_fields(python.alice.result)
    assert compiled.to_json() == python.to_json()


def test_the_switch_and_the_default_size(monkeypatch):
    """No kernel under FBS_NUMBA=0 / without numba; by default only from
    COMPILED_FROM_LEAVES leaves on; never for an aggregator the DP takes in order."""
    spec_rule = ("maj:3", Fraction(2), "vertex")
    assert (worst_case_keyed.RowKernel.start(*spec_rule) is not None) == jit.COMPILED
    made = []
    original = worst_case_keyed.RowKernel.start
    monkeypatch.setattr(worst_case_keyed.RowKernel, "start",
                        lambda *args: made.append(args) or original(*args))
    monkeypatch.setattr(worst_case_keyed, "COMPILED_FROM_LEAVES", 81)
    level_classes(UniformTree("maj:3", 3), "0" * 27, Fraction(2), "vertex")
    level_classes(UniformTree("tt:0110", 6), "0" * 64, Fraction(2), "vertex", compiled=True)
    assert made == []
    level_classes(UniformTree("maj:3", 4), "0" * 81, Fraction(2), "vertex")
    assert made == [spec_rule]
