"""The protocol engine (paper Section 4), Bob's rules, and completeness (Theorem 4.1).

Reference values come from an independent re-implementation of the protocol box in this
file (consistency via BooleanFunction.__call__, Bob's LP via the core `verify.fbs`, the
`symmetric` averaging via brute-force automorphism classes), z3 (tests/reference.py), and
hand-computed closed forms.
"""

import io
import itertools
import json
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from reference import all_inputs, fbs_by_z3, sensitive_blocks

from verify import fbs
from verify.base.errors import BadInput
from verify.functions.spec import parse_spec
from verify.protocol.bob_rules import bob_view, symmetric_dual
from verify.protocol.completeness import check_completeness
from verify.protocol.debaters import HonestAlice, ScriptedAlice, WorstCaseAlice
from verify.protocol.engine import (
    ALICE_WINS,
    BOB_WINS,
    Debate,
    compile_states,
    parse_rho,
    run_once,
    step,
)
from verify.protocol.sampling import _Arrays, sample_runs, walk
from verify.sensitivity.exact_fbs import certified_fbs
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.oracles import random_oracle
from verify.trees.tree_file import parse_tree

# ----------------------------------------------------------------------------- reference


def bitstring(z):
    return "".join(map(str, z))


def brute_classes(spec, z):
    """Coordinates i ~ j iff z_i = z_j and f is invariant under swapping x_i, x_j (closure)."""
    f = parse_spec(spec)
    q, table = f.arity, {x: f(x) for x in all_inputs(f.arity)}
    label = list(range(q))
    for i, j in itertools.combinations(range(q), 2):
        if z[i] != z[j]:
            continue
        swap = lambda x: tuple(x[j] if k == i else x[i] if k == j else x[k] for k in range(q))
        if all(table[x] == table[swap(x)] for x in table):
            old, new = label[j], label[i]
            label = [new if lab == old else lab for lab in label]
    return label


@lru_cache(maxsize=None)
def reference_bob(spec, z, rule):
    """(fbs, p) per the protocol box: p = t / sum t for the rule's optimal dual."""
    result = fbs(spec, bitstring(z))
    if result.value == 0:
        return result.value, None
    q = len(z)
    if rule == "uniform":
        return result.value, (Fraction(1, q),) * q
    t = list(result.dual)
    if rule == "symmetric":
        label = brute_classes(spec, z)
        for cls in set(label):
            members = [i for i in range(q) if label[i] == cls]
            mean = sum(t[i] for i in members) / len(members)
            for i in members:
                t[i] = mean
    total = sum(t)
    return result.value, tuple(x / total for x in t)


def reference_catch(tree, answers, rho, rule, strategy, node, claim):
    """Exact P[Bob wins] from (node, claim) when Alice plays strategy(node, claim) -> z."""
    if not tree.children[node]:
        return Fraction(int(claim != answers[tree.queries[node]]))
    spec, z = tree.aggregators[node], tuple(strategy(node, claim))
    if parse_spec(spec)(z) != claim:
        return Fraction(1)
    value, p = reference_bob(spec, z, rule)
    if value > rho:
        return Fraction(1)
    if p is None:
        return Fraction(0)
    return sum((pi * reference_catch(tree, answers, rho, rule, strategy, c, zi)
                for pi, c, zi in zip(p, tree.children[node], z) if pi), Fraction(0))


def reference_values(tree, answers):
    values = [0] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        values[node] = (parse_spec(tree.aggregators[node])(tuple(values[c] for c in kids))
                        if kids else answers[tree.queries[node]])
    return values


# ----------------------------------------------------------------------------- rho, step


@pytest.mark.parametrize("text, value", [("4", Fraction(4)), ("7/2", Fraction(7, 2)),
                                         ("2.5", Fraction(5, 2)), ("1", Fraction(1)),
                                         (" 1.25 ", Fraction(5, 4))])
def test_rho_is_exact(text, value):
    assert parse_rho(text) == value


@pytest.mark.parametrize("text", ["0.5", "0", "-3", "abc", "1/0", "nan", ""])
def test_bad_rho(text):
    with pytest.raises(BadInput):
        parse_rho(text)


def one_node(spec, bits, rho, rule="vertex"):
    tree = uniform_tree(spec, 1)
    answers = {f"Q(r.{i + 1})": b for i, b in enumerate(bits)}
    return Debate.create(tree, answers, rho, rule)


def test_step_checks_in_protocol_order():
    debate = one_node("and:3", (1, 1, 1), 2)
    inconsistent = step(debate, 0, 1, (1, 0, 1))
    assert (inconsistent.outcome, inconsistent.reason) == (BOB_WINS, "consistency")
    assert inconsistent.fbs is None
    too_sensitive = step(debate, 0, 1, (1, 1, 1))  # fbs of AND_3 at 111 is 3 > 2
    assert (too_sensitive.outcome, too_sensitive.reason, too_sensitive.fbs) == (BOB_WINS, "fbs_check", 3)
    passing = step(one_node("and:3", (1, 1, 1), 3), 0, 1, (1, 1, 1))
    assert passing.outcome is None and passing.p == (Fraction(1, 3),) * 3
    leaf = step(debate, 1, 0)
    assert (leaf.outcome, leaf.reason, leaf.oracle) == (BOB_WINS, "leaf_check", 1)


@pytest.mark.parametrize("spec, constant", [("thr:3:0", 1), ("sym:0000", 0)])
@pytest.mark.parametrize("rule", ["vertex", "symmetric", "uniform"])
def test_constant_aggregator_ends_in_alices_favour(spec, constant, rule):
    debate = one_node(spec, (0, 1, 0), 1, rule)
    assert debate.values[0] == constant
    for z in itertools.product((0, 1), repeat=3):
        ok = step(debate, 0, constant, z)
        assert (ok.outcome, ok.reason, ok.fbs, ok.p) == (ALICE_WINS, "constant_aggregator", 0, None)
        lie = step(debate, 0, 1 - constant, z)
        assert (lie.outcome, lie.reason) == (BOB_WINS, "consistency")


# ----------------------------------------------------------------------------- Bob's rules

SYMMETRY_CASES = ["maj:5", "thr:6:3", "sym:0110", "parity:4", "or:3",
                  "compose(or:2;and:2;and:2)", "wthr:2,1,1,3:3", "index:1", "tt:0x6ac1:4",
                  "tribes:2:2"]


@pytest.mark.parametrize("spec", SYMMETRY_CASES)
@pytest.mark.slow
def test_symmetric_dual_is_feasible_optimal_and_invariant(spec):
    f = parse_spec(spec)
    for z in all_inputs(f.arity):
        t = bob_view(spec, z, "symmetric").dual
        blocks = sensitive_blocks(f, z)
        assert all(x >= 0 for x in t)
        assert all(sum(t[i] for i in block) >= 1 for block in blocks)
        assert sum(t) == fbs_by_z3(blocks, f.arity)[1]
        label = brute_classes(spec, z)
        for i, j in itertools.combinations(range(f.arity), 2):
            if label[i] == label[j]:
                assert t[i] == t[j], (spec, z, i, j)


@pytest.mark.parametrize("spec", ["maj:5", "thr:6:3", "sym:0110", "parity:4", "and:4", "maj:6"])
def test_symmetric_family_transport_equals_per_input_averaging(spec):
    """For the symmetric families the dual is computed once per weight and transported."""
    for z in all_inputs(parse_spec(spec).arity):
        own = symmetric_dual(spec, z, tuple(certified_fbs(spec, z).dual))
        assert bob_view(spec, z, "symmetric").dual == own
        assert bob_view(spec, z, "symmetric").p == reference_bob(spec, z, "symmetric")[1]


def test_symmetric_rule_on_majority_is_uniform_on_the_ones():
    view = bob_view("maj:6", (1, 1, 0, 1, 0, 1), "symmetric")
    quarter = Fraction(1, 4)
    assert view.fbs == 4 and view.p == (quarter, quarter, 0, quarter, 0, quarter)


def test_vertex_and_uniform_rules():
    z = (1, 0, 1, 1, 0)
    vertex = bob_view("maj:5", z, "vertex")
    # an optimal dual of MAJ_5 at weight 3 (fbs 3, closed form): every sensitive block, found
    # by brute force, has mass >= 1/3, some block exactly 1/3, and p is a distribution
    masses = [sum(vertex.p[i] for i in block)
              for block in sensitive_blocks(lambda x: int(sum(x) >= 3), z)]
    assert sum(vertex.p) == 1 and min(vertex.p) >= 0 and min(masses) == Fraction(1, 3)
    assert bob_view("maj:5", z, "uniform").p == (Fraction(1, 5),) * 5
    assert bob_view("maj:5", z, "uniform").fbs == 3


# ----------------------------------------------------------------------------- runs


def small_debates():
    for seed in range(6):
        tree = random_tree(seed, 1 + seed % 3, ["maj:3", "and:2", "or:2", "tt:0x6ac1:4",
                                                "thr:4:2", "sym:0000"], leaf_probability=0.3)
        answers = random_oracle(tree, seed + 100)
        rho = [Fraction(3), Fraction(2), Fraction(5, 2)][seed % 3]
        yield Debate.create(tree, answers, rho, ["vertex", "symmetric", "uniform"][seed % 3])


@pytest.mark.parametrize("debate", list(small_debates()))
def test_vectorised_walk_equals_the_one_run_engine(debate):
    for alice in (HonestAlice(), WorstCaseAlice.solve(debate)):
        graph = compile_states(debate, alice)
        uniforms = np.random.Generator(np.random.PCG64(5)).random((300, debate.tree.depth))
        final, choices = walk(_Arrays(graph), uniforms)
        for r in range(300):
            run = run_once(debate, alice, uniforms[r])
            assert list(run.choices) == [c for c in choices[r] if c >= 0]
            assert run.caught == (graph.steps[final[r]].outcome == BOB_WINS)


@pytest.mark.parametrize("debate", list(small_debates()))
def test_state_graph_probability_equals_reference(debate):
    tree, answers = debate.tree, debate.oracle
    for alice in (HonestAlice(), WorstCaseAlice.solve(debate)):
        exact = compile_states(debate, alice).catch_probability()
        strategy = lambda node, claim: alice.decompose(debate, node, claim)
        expected = reference_catch(tree, answers, debate.rho, debate.rule, strategy, 0,
                                   alice.answer(debate))
        assert exact == expected


def test_scripted_lie_on_the_papers_example():
    """2/3 of 6 papers claimed, truly 3: one lie among 4 claimed ones, caught w.p. 1/4."""
    debate = one_node("maj:6", (1, 1, 1, 0, 0, 0), 4, "symmetric")
    alice = ScriptedAlice(1, {"r": (1, 1, 1, 1, 0, 0)}).validate(debate)
    assert compile_states(debate, alice).catch_probability() == Fraction(1, 4)
    with pytest.raises(BadInput):
        ScriptedAlice(1, {"r": (1, 1)}).validate(debate)
    with pytest.raises(BadInput):
        ScriptedAlice(1, {"nope": (1,) * 6}).validate(debate)


def test_transcripts_are_deterministic_and_consistent():
    tree = uniform_tree("maj:3", 3)
    debate = Debate.create(tree, random_oracle(tree, 8), 2, "vertex")
    alice = WorstCaseAlice.solve(debate)
    graph = compile_states(debate, alice)
    outputs = []
    for _ in range(2):
        buffer = io.StringIO()
        result = sample_runs(debate, graph, 500, 42, transcript=buffer, alice_name="worst")
        outputs.append(buffer.getvalue())
    assert outputs[0] == outputs[1]
    lines = [json.loads(line) for line in outputs[0].splitlines()]
    assert lines[0]["format"] == "fbs-transcript/1" and lines[0]["rule"] == "vertex"
    finals = [line for line in lines[1:] if line["outcome"] is not None]
    assert len(finals) == 500 and [f["run"] for f in finals] == list(range(500))
    assert sum(f["outcome"] == BOB_WINS for f in finals) == result.caught
    for line in lines[1:]:
        if line["outcome"] is None:
            p = [Fraction(x) for x in line["p"]]
            assert sum(p) == 1 and p[line["sampled"]] > 0 and Fraction(line["fbs"]) <= 2


# ----------------------------------------------------------------------------- completeness


def leaf_paths(tree, rule, values, node):
    """Number of positive-probability paths with the honest Alice (reference enumeration)."""
    if not tree.children[node]:
        return 1
    z = tuple(values[c] for c in tree.children[node])
    value, p = reference_bob(tree.aggregators[node], z, rule)
    if p is None:
        return 1
    return sum(leaf_paths(tree, rule, values, c) for c, pi in zip(tree.children[node], p) if pi)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("rule", ["vertex", "symmetric", "uniform"])
def test_honest_alice_never_loses_under_the_fbs_condition(seed, rule):
    tree = random_tree(seed, 1 + seed % 3, ["maj:3", "and:3", "or:2", "parity:2", "tt:0x6ac1:4",
                                            "thr:5:2", "sym:0000"], leaf_probability=0.25)
    answers = random_oracle(tree, seed)
    values = reference_values(tree, answers)
    honest = [fbs(tree.aggregators[u], bitstring(values[c] for c in tree.children[u])).value
              for u in tree.internal()]
    rho = max([Fraction(1)] + honest)
    report = check_completeness(Debate.create(tree, answers, rho, rule))
    assert report.never_loses and report.fbs_condition_holds and report.loss_probability == 0
    assert report.paths == leaf_paths(tree, rule, values, 0)
    assert report.queries_on_path_max <= report.query_bound
    below = rho - Fraction(1, 2)
    if below >= 1 and rho > 1:
        failing = check_completeness(Debate.create(tree, answers, below, rule))
        assert not failing.fbs_condition_holds and failing.violations
        strategy = lambda node, claim: tuple(values[c] for c in tree.children[node])
        expected = reference_catch(tree, answers, below, rule, strategy, 0, values[0])
        assert failing.loss_probability == expected
        assert (expected > 0) == (not failing.never_loses)


def test_query_count_on_a_uniform_tree():
    tree = uniform_tree("maj:3", 3)
    debate = Debate.create(tree, random_oracle(tree, 1), 3, "symmetric")
    report = check_completeness(debate)
    # per path: 3*9 + 3*3 + 3*1 leaf evaluations; bound d*q*Q = 3*3*9
    assert report.queries_on_path_max == 27 + 9 + 3 and report.query_bound == 81
    assert report.never_loses


def test_non_uniform_tree_from_the_docs():
    tree = parse_tree({"format": "fbs-tree/1", "root": {"id": "claim", "aggregator": "maj:3",
                       "children": [{"id": "p1", "aggregator": "and:2", "children": [
                           {"id": "s", "query": "s"}, {"id": "c", "query": "c"}]},
                           {"id": "p2", "query": "p2"}, {"id": "p3", "query": "p3"}]}})
    assert tree.depth == 2 and not tree.is_uniform
    debate = Debate.create(tree, {"s": 1, "c": 0, "p2": 1, "p3": 0}, 2, "vertex")
    assert debate.values[0] == 0 and debate.theorem_bound == Fraction(1, 4)
