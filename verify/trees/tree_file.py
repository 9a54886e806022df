"""The `fbs-tree/1` file: a decomposition tree as JSON (documented in docs/formats.md).

Three layouts are read:

* nested:  {"format": "fbs-tree/1", "root": {"id": .., "aggregator": .., "children": [{..}, ..]}}
* flat:    {"format": "fbs-tree/1", "root": "ID", "nodes": [{"id": .., "children": ["ID", ..]}, ..]}
* uniform: {"format": "fbs-tree/1", "uniform": {"aggregator": "maj:9", "depth": 7}}, the
  complete tree that `uniform_tree` lists, described instead (`verify.trees.model.UniformTree`).

This module checks the JSON (keys, types, layouts) and hands the node records to
`verify.trees.model`, which checks the tree itself. `load_tree` always gives a listed `Tree`;
`load_tree_description` keeps a uniform description as it is.
"""

from __future__ import annotations

from pathlib import Path

from verify.base.errors import BadInput, TooLarge
from verify.base.files import read_json

from .builders import uniform_tree
from .model import MAX_NODES, Tree, UniformTree, build_tree

FORMAT = "fbs-tree/1"
_TOP_KEYS = {"format", "description", "depth", "root", "nodes", "uniform"}
LAYOUTS = ("flat", "nested", "uniform")
_NODE_KEYS = {"id", "aggregator", "children", "query", "label"}


def load_tree(path: str | Path) -> Tree:
    """Read and validate an `fbs-tree/1` file.

    >>> import os, tempfile
    >>> from verify import load_tree, uniform_tree, write_tree
    >>> path = os.path.join(tempfile.mkdtemp(), "tree.json")
    >>> write_tree(path, uniform_tree("and:2", 3))
    >>> load_tree(path).depth
    3"""
    document = read_json(path, "tree")
    try:
        return parse_tree(document)
    except BadInput as error:
        raise type(error)(f"tree {str(path)!r}: {error}") from None


def load_tree_description(path: str | Path) -> Tree | UniformTree:
    """Like load_tree, but a uniform description stays a `UniformTree` (never listed)."""
    document = read_json(path, "tree")
    try:
        return parse_tree(document, compact=True)
    except BadInput as error:
        raise type(error)(f"tree {str(path)!r}: {error}") from None


def parse_tree(document: dict, *, compact: bool = False) -> Tree | UniformTree:
    """Validate an `fbs-tree/1` document (nested, flat or uniform) and build a Tree; with
    compact=True a uniform description is returned as a UniformTree."""
    if not isinstance(document, dict):
        raise BadInput("a tree must be a JSON object")
    if document.get("format") != FORMAT:
        raise BadInput(f"missing or unsupported \"format\" (expected {FORMAT!r}, "
                       f"got {document.get('format')!r})")
    unknown = set(document) - _TOP_KEYS
    if unknown:
        raise BadInput(f"unknown top-level key {sorted(unknown)[0]!r}")
    if "uniform" in document:
        uniform = _uniform(document)
        return uniform if compact else uniform_tree(uniform.aggregator, uniform.depth)
    root = document.get("root")
    if isinstance(root, dict):
        if "nodes" in document:
            raise BadInput("a nested tree (\"root\" is an object) must not also have \"nodes\"")
        records, root_id = _flatten_nested(root), root.get("id")
    elif isinstance(root, str):
        records, root_id = _flat_records(document.get("nodes")), root
    else:
        raise BadInput("\"root\" must be a node object (nested layout) or a node id (flat layout)")
    tree = build_tree(records, root_id, str(document.get("description", "")))
    declared = document.get("depth")
    if declared is not None:
        if type(declared) is not int or declared < 0:
            raise BadInput(f"\"depth\" must be a non-negative integer, got {declared!r}")
        if declared != tree.depth:
            raise BadInput(f"declared depth {declared} but the tree has depth {tree.depth}")
    return tree


def _uniform(document: dict) -> UniformTree:
    """The `uniform` layout: {"aggregator": SPEC, "depth": d}, no root or nodes."""
    if "root" in document or "nodes" in document:
        raise BadInput("a uniform tree (\"uniform\") has no \"root\" or \"nodes\"")
    body = document["uniform"]
    if not isinstance(body, dict) or set(body) != {"aggregator", "depth"}:
        raise BadInput("\"uniform\" must be {\"aggregator\": SPEC, \"depth\": D}")
    if not isinstance(body["aggregator"], str) or type(body["depth"]) is not int:
        raise BadInput("\"uniform\": the aggregator is a spec string, the depth an integer")
    tree = UniformTree(body["aggregator"], body["depth"], str(document.get("description", "")))
    declared = document.get("depth")
    if declared is not None and declared != tree.depth:
        raise BadInput(f"declared depth {declared!r} but the tree has depth {tree.depth}")
    return tree


def _check_id(node_id, where: str) -> str:
    if not isinstance(node_id, str) or not node_id:
        raise BadInput(f"{where}: \"id\" must be a non-empty string, got {node_id!r}")
    return node_id


def _record(raw, where: str, nested: bool) -> tuple[str, dict]:
    """Check one node object; return (id, raw)."""
    if not isinstance(raw, dict):
        raise BadInput(f"{where}: a node must be a JSON object")
    node_id = _check_id(raw.get("id"), where)
    unknown = set(raw) - _NODE_KEYS
    if unknown:
        raise BadInput(f"node {node_id!r}: unknown key {sorted(unknown)[0]!r}")
    has_query, has_children = "query" in raw, "children" in raw or "aggregator" in raw
    if has_query == has_children:
        raise BadInput(f"node {node_id!r}: a node is either a leaf (\"query\") or internal "
                       f"(\"aggregator\" and \"children\"), not {'both' if has_query else 'neither'}")
    if has_query and not isinstance(raw["query"], str):
        raise BadInput(f"node {node_id!r}: \"query\" must be a string")
    if has_children:
        kids = raw.get("children")
        if not isinstance(raw.get("aggregator"), str):
            raise BadInput(f"node {node_id!r}: \"aggregator\" must be a function spec string")
        if not isinstance(kids, list) or not kids:
            raise BadInput(f"node {node_id!r}: \"children\" must be a non-empty list")
        kind = dict if nested else str
        if not all(isinstance(k, kind) for k in kids):
            what = "node objects" if nested else "node id strings"
            raise BadInput(f"node {node_id!r}: \"children\" must be {what}")
    if "label" in raw and not isinstance(raw["label"], str):
        raise BadInput(f"node {node_id!r}: \"label\" must be a string")
    return node_id, raw


def _flatten_nested(root: dict) -> dict[str, dict]:
    """Nested layout -> {id: record with child ids}; a repeated id is a shared/duplicate node."""
    records: dict[str, dict] = {}
    stack = [(root, "root")]
    while stack:
        raw, where = stack.pop()
        node_id, raw = _record(raw, where, nested=True)
        if node_id in records:
            raise BadInput(f"node id {node_id!r} occurs twice (a duplicate id or a shared node)")
        if len(records) >= MAX_NODES:
            raise TooLarge(f"the tree has more than {MAX_NODES} nodes")
        record = {k: v for k, v in raw.items() if k != "children"}
        if "children" in raw:
            record["children"] = [c.get("id") if isinstance(c, dict) else c for c in raw["children"]]
            for position, child in enumerate(reversed(raw["children"])):
                stack.append((child, f"child {len(raw['children']) - position} of {node_id!r}"))
        records[node_id] = record
    return records


def _flat_records(nodes) -> dict[str, dict]:
    if not isinstance(nodes, list) or not nodes:
        raise BadInput("a flat tree needs \"nodes\": a non-empty list of node objects")
    if len(nodes) > MAX_NODES:
        raise TooLarge(f"the tree has more than {MAX_NODES} nodes")
    records: dict[str, dict] = {}
    for position, raw in enumerate(nodes):
        node_id, raw = _record(raw, f"nodes[{position}]", nested=False)
        if node_id in records:
            raise BadInput(f"duplicate node id {node_id!r}")
        records[node_id] = raw
    return records



def tree_document(tree: Tree | UniformTree, nested: bool = False) -> dict:
    """The `fbs-tree/1` document of a tree (flat layout unless nested=True; a UniformTree
    is written as its description)."""
    document = {"format": FORMAT}
    if tree.description:
        document["description"] = tree.description
    document["depth"] = tree.depth
    if isinstance(tree, UniformTree):
        document["uniform"] = {"aggregator": tree.aggregator, "depth": tree.depth}
    elif nested:
        document["root"] = _nested_node(tree)
    else:
        document["root"] = tree.ids[0]
        document["nodes"] = [_node_object(tree, i, [tree.ids[c] for c in tree.children[i]])
                             for i in range(tree.n_nodes)]
    return document


def _node_object(tree: Tree, i: int, children) -> dict:
    node = {"id": tree.ids[i]}
    if tree.labels and tree.labels[i]:
        node["label"] = tree.labels[i]
    if tree.children[i]:
        node["aggregator"] = tree.aggregators[i]
        node["children"] = children
    else:
        node["query"] = tree.queries[i]
    return node


def _nested_node(tree: Tree) -> dict:
    objects: dict[int, dict] = {}
    for i in reversed(range(tree.n_nodes)):
        objects[i] = _node_object(tree, i, [objects.pop(c) for c in tree.children[i]])
    return objects[0]
