"""The public API refuses bad arguments with BadInput and a one-line reason (issue 32): no
option silently ignored, no TypeError, KeyError, AttributeError or ValueError escaping."""

from __future__ import annotations

import pytest

import verify
from verify.base.errors import BadInput
from verify.trees.tree_file import parse_tree

MAJ = verify.uniform_tree("maj:3", 1)
ORACLE = {"Q(r.1)": 1, "Q(r.2)": 0, "Q(r.3)": 0}
LEAF = {"id": "x", "query": "x"}
MENU = parse_tree({"format": "fbs-tree/2", "root": {"id": "r", "alternatives": [
    {"id": "A", "aggregator": "and:2", "children": [{"id": "x", "query": "x"},
                                                     {"id": "y", "query": "y"}]},
    {"id": "B", "aggregator": "or:2", "children": [{"id": "u", "query": "u"},
                                                    {"id": "v", "query": "v"}]}]}}, menus=True)


def refused(call, match: str | None = None) -> str:
    with pytest.raises(BadInput, match=match) as caught:
        call()
    message = str(caught.value)
    assert message and "\n" not in message
    return message


# --- options that were silently ignored -------------------------------------------------------


def test_tree_fbs_refuses_an_unknown_method():
    refused(lambda: verify.tree_fbs(MAJ, ORACLE, method="nope"), "unknown method 'nope'")
    assert verify.tree_fbs(MAJ, ORACLE, method="direct").method == "direct"


@pytest.mark.parametrize("choice", [{0: 1}, {5: 0}, {"r": 1}, {True: 1}])
def test_realise_refuses_a_choice_at_no_menu_node(choice):
    fixed = parse_tree({"format": "fbs-tree/1", "root": "r", "nodes": [
        {"id": "r", "aggregator": "and:2", "children": ["x", "y"]}, LEAF,
        {"id": "y", "query": "y"}]})
    refused(lambda: verify.realise(fixed, choice), "not the index of a menu node")


@pytest.mark.parametrize("choice", [{0: 0, 1: 0}, {0: 0, 7: 1}, {0: 0, "r": 1}])
def test_realise_refuses_a_choice_beside_the_menu_nodes(choice):
    refused(lambda: verify.realise(MENU, choice), "not the index of a menu node")


def test_realise_still_takes_the_menu_choices():
    assert verify.realise(MENU, {0: 1}).ids == ("B", "u", "v")  # the docstring's example
    refused(lambda: verify.realise(MENU, {0: "1"}), "must be an integer")
    refused(lambda: verify.realise(MENU, [1]), "must be a dict")


@pytest.mark.parametrize("arity", [5, 2, 0, "3"])
def test_fbs_refuses_an_arity_a_spec_would_ignore(arity):
    refused(lambda: verify.fbs("maj:3", "110", arity=arity), "arity")


def test_fbs_takes_the_spec_own_arity():
    assert verify.fbs("maj:3", "110", arity=3).value == 2  # both ones are sensitive
