"""Trees with menus (`fbs-tree/2`, docs/formats.md): reading, validation (one-line BadInput),
writing, realisations."""

import json

import pytest

from verify.base.errors import BadInput
from verify.trees.api import as_tree
from verify.trees.menus import count_realisations, random_menu_tree, realisations, realise
from verify.trees.oracles import node_values
from verify.trees.tree_file import (
    MenusRefused,
    load_menu_tree,
    load_tree,
    parse_tree,
    tree_document,
)

NESTED = {"format": "fbs-tree/2", "root": {"id": "r", "alternatives": [
    {"id": "r/and", "aggregator": "and:2", "children": [{"id": "x", "query": "x"},
                                                         {"id": "y", "query": "y"}]},
    {"id": "r/maj", "aggregator": "maj:3", "children": [
        {"id": "u", "query": "u"}, {"id": "v", "query": "v"},
        {"id": "w", "alternatives": [
            {"id": "w/or", "aggregator": "or:2", "children": [{"id": "w1", "query": "w1"},
                                                               {"id": "w2", "query": "w2"}]},
            {"id": "w/id", "aggregator": "and:1", "children": [{"id": "w3", "query": "w3"}]}]}]}]}}


def test_reads_menus_levels_and_realisations():
    tree = parse_tree(NESTED, menus=True)
    assert tree.has_menus and [tree.ids[m] for m in tree.menus()] == ["r", "w"]
    depth = dict(zip(tree.ids, tree.depths))
    assert depth["r/maj"] == 0 and depth["w"] == depth["w/or"] == 1 and depth["w1"] == 2
    assert tree.depth == 2 and not tree.is_uniform
    assert [tree.ids[i] for i in tree.internal()] == ["r/and", "r/maj", "w/or", "w/id"]
    assert count_realisations(tree) == 1 + 2
    found = {r.ids for _, r in realisations(tree)}
    assert found == {("r/and", "x", "y"), ("r/maj", "u", "v", "w/or", "w1", "w2"),
                     ("r/maj", "u", "v", "w/id", "w3")}


def test_flat_round_trip_and_fixed_tree_readers_refuse(tmp_path):
    tree = parse_tree(NESTED, menus=True)
    document = tree_document(tree)
    assert document["format"] == "fbs-tree/2"
    assert parse_tree(json.loads(json.dumps(document)), menus=True) == tree
    path = tmp_path / "m.json"
    path.write_text(json.dumps(document))
    assert load_menu_tree(path) == tree
    with pytest.raises(MenusRefused, match="alternative decompositions"):
        load_tree(path)
    with pytest.raises(MenusRefused):
        as_tree(tree)


def test_version_one_reads_as_before():
    plain = {"format": "fbs-tree/1", "root": {"id": "r", "aggregator": "and:2", "children": [
        {"id": "a", "query": "a"}, {"id": "b", "query": "b"}]}}
    tree = parse_tree(plain, menus=True)
    assert not tree.has_menus and type(tree).__name__ == "Tree"
    assert tree == parse_tree({**plain, "format": "fbs-tree/2"})
    menu_in_v1 = {**NESTED, "format": "fbs-tree/1"}
    with pytest.raises(BadInput, match="unknown key 'alternatives'"):
        parse_tree(menu_in_v1, menus=True)


def _flat(*nodes):
    return {"format": "fbs-tree/2", "root": nodes[0]["id"], "nodes": list(nodes)}


LEAVES = [{"id": "a", "query": "a"}, {"id": "b", "query": "b"}]


@pytest.mark.parametrize("document, message", [
    (_flat({"id": "r", "alternatives": []}), "non-empty list"),
    (_flat({"id": "r", "alternatives": "A"}), "non-empty list"),
    (_flat({"id": "r", "alternatives": ["a"]}, *LEAVES), "must be a decomposition"),
    (_flat({"id": "r", "alternatives": ["m"]}, {"id": "m", "alternatives": ["A"]},
           {"id": "A", "aggregator": "and:2", "children": ["a", "b"]}, *LEAVES),
     "must be a decomposition"),
    (_flat({"id": "r", "alternatives": ["A"], "aggregator": "and:2"}), "a menu node has only"),
    (_flat({"id": "r", "alternatives": ["A", "A"]},
           {"id": "A", "aggregator": "and:2", "children": ["a", "b"]}, *LEAVES), "reachable twice"),
    (_flat({"id": "r", "alternatives": ["Z"]}), "unknown child id"),
    (_flat({"id": "r", "alternatives": ["A"]},
           {"id": "A", "aggregator": "and:3", "children": ["a", "b"]}, *LEAVES), "arity"),
    ({**_flat({"id": "r", "alternatives": ["A"]},
              {"id": "A", "aggregator": "and:2", "children": ["a", "b"]}, *LEAVES), "depth": 2},
     "declared depth"),
])
def test_bad_menus_are_one_line_bad_input(document, message):
    with pytest.raises(BadInput, match=message) as error:
        parse_tree(document, menus=True)
    assert "\n" not in str(error.value)


def test_alternatives_must_agree_under_the_oracle():
    tree = parse_tree(NESTED, menus=True)
    good = {"x": 1, "y": 1, "u": 1, "v": 0, "w1": 1, "w2": 0, "w3": 1}
    assert node_values(tree, good)[0] == 1
    with pytest.raises(BadInput, match="menu node 'w': its alternatives disagree"):
        node_values(tree, {**good, "w3": 0})


@pytest.mark.parametrize("seed", range(10))
def test_random_menu_trees_are_consistent_and_realise(seed):
    tree, oracle = random_menu_tree(seed, 2, ["maj:3", "and:2", "tt:0110"], 0.6, 3)
    values = node_values(tree, oracle)  # raises if a menu's alternatives disagree
    total = 0
    for choice, realised in realisations(tree):
        total += 1
        assert node_values(realised, oracle)[0] == values[0]
        assert realise(tree, choice).ids == realised.ids
    assert total == count_realisations(tree)
    assert len({r.ids for _, r in realisations(tree)}) == total
