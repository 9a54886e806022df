"""Theorem 4.1's cost accounting (verify/protocol/cost.py, solving.py, engine.py): counted
oracle reads checked against hand counts, Bob's LP sizes against a brute-force count of the
minimal sensitive blocks, and the costs in `fbs debate run` JSON, text and transcripts."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from cli_run import fbs_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.functions.aggregators import evaluate
from verify.protocol.cost import CountingOracle, lp_size, sperner_bound
from verify.protocol.debaters import HonestAlice
from verify.protocol.engine import Debate, compile_states, run_once
from verify.protocol.solving import SolvingAlice
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.oracles import random_oracle, write_oracle


def minimal_blocks_brute(spec, z):
    """Inclusion-minimal sensitive blocks of phi at z, by enumerating every subset."""
    q = len(z)
    base = evaluate(spec, z)
    sensitive = [set(b) for r in range(1, q + 1) for b in itertools.combinations(range(q), r)
                 if evaluate(spec, [1 - z[i] if i in b else z[i] for i in range(q)]) != base]
    return [b for b in sensitive if not any(other < b for other in sensitive)]


@pytest.mark.parametrize("spec", ["and:3", "or:4", "maj:5", "thr:5:2", "parity:3", "tt:0110",
                                  "tt:0100010000110001", "sym:0110"])
def test_lp_size_counts_the_minimal_blocks(spec):
    q = int(spec.split(":")[1]) if spec.split(":")[0] in ("and", "or", "maj", "parity") else None
    q = q or {"thr:5:2": 5, "tt:0110": 2, "tt:0100010000110001": 4, "sym:0110": 3}[spec]
    for z in itertools.product((0, 1), repeat=q):
        count = len(minimal_blocks_brute(spec, z))
        assert lp_size(spec, z) == (q, count)
        assert count <= sperner_bound(q)


def test_counting_oracle():
    oracle = CountingOracle({"a": 1, "b": 0})
    assert "a" in oracle and oracle.calls == 0
    assert oracle["a"] == 1 and oracle["b"] == 0 and oracle["a"] == 1
    assert oracle.calls == 3 and len(oracle) == 2


def _and3_depth2(bit):
    tree = uniform_tree("and:3", 2)
    return tree, Debate.create(tree, {tree.queries[l]: bit for l in tree.leaves()}, 3)


@pytest.mark.parametrize("lazy,bit,queries", [(False, 1, 12), (True, 1, 12), (False, 0, 12),
                                              (True, 0, 6)])
def test_counted_queries_by_hand(lazy, bit, queries):
    """AND_3 of AND_3. All ones: the top answer solves 3 children of 3 leaves (9 reads), round 2
    solves 3 leaves (3 reads): 12, lazy or not. All zeros: the lazy solver stops each child after
    its first leaf (3 reads for the top answer) and reads the 3 leaves of round 2: 6."""
    tree, debate = _and3_depth2(bit)
    for row in np.random.Generator(np.random.PCG64(5)).random((6, 2)):
        cost = run_once(debate, SolvingAlice(lazy), row).cost
        assert cost.alice_queries == queries and cost.judge_queries == 1
        # and:3 is symmetric: Bob's fbs comes from the closed form, no LP is solved
        assert cost.rounds == 2 and (cost.lp_solves, cost.closed_forms) == (0, 2)
        assert cost.lp_variables_max == 3
        # AND_3 at 111: three singleton blocks; at 000: the single block {1, 2, 3}
        assert cost.lp_constraints_max == (3 if bit else 1)
    graph = compile_states(debate, SolvingAlice(lazy))
    assert graph.cost_maxima().alice_queries == queries
    assert graph.catch_probability() == 0


def test_the_precomputing_honest_alice_makes_no_query():
    _, debate = _and3_depth2(1)
    cost = run_once(debate, HonestAlice(), [0.1, 0.7]).cost
    assert cost.alice_queries == 0 and cost.alice_work is None and cost.judge_queries == 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), lazy=st.booleans())
def test_each_run_is_within_the_graph_maxima(seed, lazy):
    """Random trees (leaves at several depths too): run_once's own counts never exceed the
    state graph's maxima, and the solving Alice claims the true values (never caught)."""
    tree = random_tree(seed, 3, ["and:2", "maj:3", "or:3", "tt:0110"], leaf_probability=0.3)
    oracle = random_oracle(tree, seed)
    debate = Debate.create(tree, oracle, 3)
    most = compile_states(debate, SolvingAlice(lazy)).cost_maxima()
    rows = np.random.Generator(np.random.PCG64(seed)).random((5, tree.depth))
    for row in rows:
        run = run_once(debate, SolvingAlice(lazy), row)
        assert run.answer == debate.values[tree.root]
        cost = run.cost
        assert cost.alice_queries <= most.alice_queries and cost.alice_work <= most.alice_work
        assert cost.lp_solves <= most.lp_solves <= tree.depth
        assert cost.closed_forms <= most.closed_forms <= tree.depth
        assert cost.lp_solves + cost.closed_forms == cost.rounds


def test_debate_run_reports_costs(tmp_path, capsys):
    tree = uniform_tree("and:3", 2)
    (tmp_path / "t.json").write_text(json.dumps(
        {"format": "fbs-tree/1", "uniform": {"aggregator": "and:3", "depth": 2}}))
    write_oracle(tmp_path / "o.json", {tree.queries[l]: 1 for l in tree.leaves()}, "all ones")
    args = ["debate", "run", tmp_path / "t.json", "--oracle", tmp_path / "o.json", "--rho", "3",
            "--alice", "solver-lazy", "--runs", "4"]
    code, out, err = fbs_cli(capsys, *args, "--json")
    assert code == 0, err
    cost = json.loads(out)["cost_per_run_max"]
    assert (cost["alice_queries"], cost["judge_queries"], cost["lp_solves"],
            cost["closed_forms"]) == (12, 1, 0, 2)
    code, out, _ = fbs_cli(capsys, *args)
    assert "cost per run (max): Alice 12 oracle queries" in out
    assert "Bob 2 fbs value(s) by the symmetric closed form, no LP solved" in out
    assert "LP(s)" not in out
    code, out, _ = fbs_cli(capsys, *args, "--transcript", tmp_path / "t.jsonl")
    lines = [json.loads(x) for x in (tmp_path / "t.jsonl").read_text().splitlines()]
    assert lines[0]["alice_answer_queries"] == 9
    rounds = [x for x in lines[1:] if x["run"] == 0]
    assert [x.get("alice_queries") for x in rounds] == [0, 3, None]  # root reuses the answer's z
    assert rounds[0]["lp"] == [3, 3] and rounds[-1]["judge_queries"] == 1


def test_the_honest_alices_zero_queries_are_explained(capsys, tmp_path):
    """The honest Alice reads precomputed values, so her 0 counted queries would contradict
    completeness's d*q*Q bound on real reads unless the text says why."""
    tree = uniform_tree("and:3", 1)
    (tmp_path / "t.json").write_text(json.dumps(
        {"format": "fbs-tree/1", "uniform": {"aggregator": "and:3", "depth": 1}}))
    write_oracle(tmp_path / "o.json", {tree.queries[l]: 1 for l in tree.leaves()}, "all ones")
    code, out, _ = fbs_cli(capsys, "debate", "run", tmp_path / "t.json", "--oracle",
                           tmp_path / "o.json", "--rho", "3", "--alice", "honest", "--runs", "2")
    assert code == 0 and "Alice 0 oracle queries (this Alice reads precomputed" in out


def test_a_truth_table_aggregator_is_counted_as_an_lp():
    """tt:0110 (XOR, not a symmetric-family spec) goes through the table method's LP: at 01
    the minimal sensitive blocks are {1} and {2} (2 constraints, 2 variables)."""
    from verify.trees.model import from_records

    tree = from_records([{"id": "r", "aggregator": "tt:0110", "children": ["a", "b"]},
                         {"id": "a", "query": "A"}, {"id": "b", "query": "B"}], "r")
    debate = Debate.create(tree, {"A": 0, "B": 1}, 2)
    cost = run_once(debate, HonestAlice(), [0.3]).cost
    assert (cost.lp_solves, cost.closed_forms) == (1, 0)
    assert (cost.lp_variables_max, cost.lp_constraints_max) == (2, 2)
