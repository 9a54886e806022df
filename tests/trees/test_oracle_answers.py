"""Oracles given in Python are validated at the API boundary as oracle files are (issue 32):
answers 0 or 1 only (True/False and numpy integers read as such), string queries; leaf bits
that answer one query, asked at two leaves, both 0 and 1 are refused as the answers-by-query
form cannot even express them."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import verify
from verify.base.errors import BadInput
from verify.trees.oracles import LeafBits
from verify.trees.tree_file import parse_tree

MAJ = verify.uniform_tree("maj:3", 1)  # leaves r.1, r.2, r.3 ask Q(r.1), Q(r.2), Q(r.3)


@pytest.mark.parametrize("call", [
    lambda oracle: verify.worst_case(MAJ, oracle, 2),
    lambda oracle: verify.tree_fbs(MAJ, oracle),
    lambda oracle: verify.tree_info(MAJ, oracle),
    lambda oracle: verify.debate(MAJ, oracle, 2),
])
@pytest.mark.parametrize("first", [2, -1, "1", None, 0.5, 1.0, np.float64(1), [1]])
def test_an_answer_other_than_0_or_1_is_refused(call, first):
    with pytest.raises(BadInput, match="must be 0 or 1"):
        call({"Q(r.1)": first, "Q(r.2)": 0, "Q(r.3)": 0})


def test_a_query_that_is_not_a_string_is_refused():
    with pytest.raises(BadInput, match="queries are strings"):
        verify.worst_case(MAJ, {"Q(r.1)": 1, "Q(r.2)": 0, "Q(r.3)": 0, 7: 1}, 2)


@pytest.mark.parametrize("one, zero", [(True, False), (np.int64(1), np.uint8(0)),
                                       (np.bool_(True), np.bool_(False))])
def test_python_and_numpy_booleans_read_as_0_and_1(one, zero):
    # maj:3 at 100: the root's value is 0; only r.2 and r.3 are sensitive, so rho_T = 2
    result = verify.tree_fbs(MAJ, {"Q(r.1)": one, "Q(r.2)": zero, "Q(r.3)": zero})
    assert result.value == Fraction(2)


REPEATED = parse_tree({"format": "fbs-tree/1", "root": "r", "nodes": [
    {"id": "r", "aggregator": "maj:3", "children": ["a", "b", "c"]},
    {"id": "a", "query": "x"}, {"id": "b", "query": "x"}, {"id": "c", "query": "y"}]})
MENU = parse_tree({"format": "fbs-tree/2", "root": {"id": "r", "alternatives": [
    {"id": "r/and", "aggregator": "and:2", "children": [{"id": "x1", "query": "x"},
                                                         {"id": "y", "query": "y"}]},
    {"id": "r/or", "aggregator": "or:2", "children": [{"id": "x2", "query": "x"},
                                                       {"id": "z", "query": "z"}]}]}}, menus=True)


@pytest.mark.parametrize("tree, bits", [(REPEATED, "100"), (REPEATED, "011"),
                                        (MENU, "1001"), (MENU, "0110")])
def test_leaf_bits_answering_one_query_both_ways_are_refused(tree, bits):
    with pytest.raises(BadInput, match="'x', asked at more than one leaf, both 0 and 1"):
        verify.debate(tree, LeafBits(bits), 2)


def test_agreeing_leaf_bits_read_as_the_answers_by_query():
    by_bits = verify.tree_info(REPEATED, LeafBits("110"))
    by_query = verify.tree_info(REPEATED, {"x": 1, "y": 0})
    assert by_bits.to_json() == by_query.to_json()
    assert by_bits.root_value == 1  # maj(1, 1, 0)


def test_a_leaf_bits_file_answering_one_query_both_ways_is_refused(tmp_path):
    tree, oracle = tmp_path / "t.json", tmp_path / "o.json"
    tree.write_text(json.dumps({"format": "fbs-tree/1", "root": "r", "nodes": [
        {"id": "r", "aggregator": "maj:3", "children": ["a", "b", "c"]},
        {"id": "a", "query": "x"}, {"id": "b", "query": "x"}, {"id": "c", "query": "y"}]}))
    oracle.write_text(json.dumps({"format": "fbs-oracle/1", "bits": "100"}))
    with pytest.raises(BadInput, match="both 0 and 1"):
        verify.worst_case(tree, oracle, 2)


def graph_with_answers(*leaves):
    import networkx

    graph = networkx.DiGraph()
    graph.add_node("r", aggregator=f"maj:{len(leaves)}")
    for position, attributes in enumerate(leaves):
        graph.add_node(f"l{position}", **attributes)
        graph.add_edge("r", f"l{position}", position=position)
    return graph


def test_a_graph_answering_one_query_both_ways_is_refused():
    graph = graph_with_answers({"query": "x", "answer": 1}, {"query": "x", "answer": 0},
                               {"query": "y", "answer": 1})
    with pytest.raises(BadInput, match="'x' is answered both 0 and 1"):
        verify.oracle_from_networkx(graph)


def test_a_graph_answering_one_query_once_per_leaf_agreeing_is_read():
    graph = graph_with_answers({"query": "x", "answer": True}, {"query": "x", "answer": 1},
                               {"query": "y", "answer": np.int64(0)})
    assert verify.oracle_from_networkx(graph) == {"x": 1, "y": 0}


@pytest.mark.parametrize("graph", [
    graph_with_answers({"answer": 1}, {"query": "y", "answer": 0}, {"query": "z", "answer": 0}),
    graph_with_answers({"query": 5, "answer": 1}, {"query": "y", "answer": 0},
                       {"query": "z", "answer": 0}),
    graph_with_answers({"query": "x", "answer": "1"}, {"query": "y", "answer": 0},
                       {"query": "z", "answer": 0}),
    None, {"x": 1}, "graph",
])
def test_a_graph_without_string_queries_or_0_1_answers_is_refused(graph):
    with pytest.raises(BadInput):
        verify.oracle_from_networkx(graph)
