"""The `fbs-tree/1` file: a decomposition tree as JSON (documented in docs/formats.md).

Three layouts are read:

* nested:  {"format": "fbs-tree/1", "root": {"id": .., "aggregator": .., "children": [{..}, ..]}}
* flat:    {"format": "fbs-tree/1", "root": "ID", "nodes": [{"id": .., "children": ["ID", ..]}, ..]}
* uniform: {"format": "fbs-tree/1", "uniform": {"aggregator": "maj:9", "depth": 7}}, the
  complete tree that `uniform_tree` lists, described instead (`verify.trees.model.UniformTree`).

`fbs-tree/2` is the same format plus menus: a node {"id": .., "alternatives": [..]} lists
alternative decompositions Alice chooses from (verify.trees.menus). An `fbs-tree/1` file reads
exactly as before (a node key "alternatives" is unknown there). Only the commands that
support menus read them (`load_menu_tree`); `load_tree` refuses a tree with menus with
`MenusRefused`, one line.

This module checks the JSON (keys, types, layouts) and hands the node records to
`verify.trees.model`, which checks the tree itself. `load_tree` always gives a listed `Tree`;
`load_tree_description` keeps a uniform description as it is.
"""

from __future__ import annotations

from pathlib import Path

from verify.base.arguments import PATH, api
from verify.base.errors import BadInput, TooLarge
from verify.base.files import read_json

from .builders import uniform_tree
from .menus import build_menu_tree
from .model import MAX_NODES, Tree, UniformTree

FORMAT = "fbs-tree/1"
MENU_FORMAT = "fbs-tree/2"  # fbs-tree/1 plus menus (alternative decompositions)
_TOP_KEYS = {"format", "description", "depth", "root", "nodes", "uniform"}
LAYOUTS = ("flat", "nested", "uniform")
_NODE_KEYS = {"id", "aggregator", "children", "query", "label"}
_MENU_KEYS = {"id", "alternatives", "label"}


class MenusRefused(BadInput):
    """A tree with menus given to a command that takes a fixed tree."""


@api(path=PATH)
def load_menu_tree(path: str | Path) -> Tree:
    """Read an `fbs-tree/1` or `fbs-tree/2` file; menus allowed (a MenuTree if it has any).

    >>> import json, os, tempfile
    >>> from verify import load_menu_tree
    >>> path = os.path.join(tempfile.mkdtemp(), "menu.json")
    >>> leaf = lambda name: {"id": name, "query": name}
    >>> with open(path, "w") as handle:
    ...     json.dump({"format": "fbs-tree/2", "root": {"id": "r", "alternatives": [
    ...         {"id": "A", "aggregator": "and:2", "children": [leaf("x"), leaf("y")]},
    ...         {"id": "B", "aggregator": "or:2", "children": [leaf("u"), leaf("v")]}]}}, handle)
    >>> tree = load_menu_tree(path)
    >>> [tree.ids[m] for m in tree.menus()], tree.depth
    (['r'], 1)"""
    return _read(path, menus=True)


@api(path=PATH)
def load_tree(path: str | Path) -> Tree:
    """Read and validate an `fbs-tree/1` file.

    >>> import os, tempfile
    >>> from verify import load_tree, uniform_tree, write_tree
    >>> path = os.path.join(tempfile.mkdtemp(), "tree.json")
    >>> write_tree(path, uniform_tree("and:2", 3))
    >>> load_tree(path).depth
    3"""
    return _read(path)


def load_tree_description(path: str | Path) -> Tree | UniformTree:
    """Like load_tree, but a uniform description stays a `UniformTree` (never listed)."""
    return _read(path, compact=True)


def load_menu_tree_description(path: str | Path) -> Tree | UniformTree:
    """Like load_menu_tree, but a uniform description stays a `UniformTree` (never listed)."""
    return _read(path, compact=True, menus=True)


def _read(path: str | Path, **options) -> Tree | UniformTree:
    """parse_tree(the JSON of `path`, **options), errors prefixed with the path."""
    document = read_json(path, "tree")
    try:
        return parse_tree(document, **options)
    except BadInput as error:
        raise type(error)(f"tree {str(path)!r}: {error}") from None


def parse_tree(document: dict, *, compact: bool = False, menus: bool = False) -> Tree | UniformTree:
    """Validate an `fbs-tree/1` or `fbs-tree/2` document (nested, flat or uniform) and build a
    Tree; with compact=True a uniform description is returned as a UniformTree; a tree with
    menus is a MenuTree with menus=True, else refused (MenusRefused)."""
    if not isinstance(document, dict):
        raise BadInput("a tree must be a JSON object")
    if document.get("format") not in (FORMAT, MENU_FORMAT):
        raise BadInput(f"missing or unsupported \"format\" (expected {FORMAT!r} or "
                       f"{MENU_FORMAT!r}, got {str(document.get('format'))[:40]!r})")
    allow_menus = document["format"] == MENU_FORMAT
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
        records, root_id = _flatten_nested(root, allow_menus), root.get("id")
    elif isinstance(root, str):
        records, root_id = _flat_records(document.get("nodes"), allow_menus), root
    else:
        raise BadInput("\"root\" must be a node object (nested layout) or a node id (flat layout)")
    tree = build_menu_tree(records, root_id, str(document.get("description", "")))
    if tree.has_menus and not menus:
        first = tree.ids[tree.menus()[0]]
        raise MenusRefused(f"node {first!r} offers alternative decompositions (a menu); this "
                           "command takes a fixed tree (menus are read by fbs tree info and "
                           "fbs debate run, worst-case, completeness and plan)")
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


def _record(raw, where: str, nested: bool, menus: bool = False) -> tuple[str, dict]:
    """Check one node object; return (id, raw)."""
    if not isinstance(raw, dict):
        raise BadInput(f"{where}: a node must be a JSON object")
    node_id = _check_id(raw.get("id"), where)
    if menus and "alternatives" in raw:
        return node_id, _menu_record(raw, node_id, nested)
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


def _menu_record(raw: dict, node_id: str, nested: bool) -> dict:
    """A menu node {"id", "alternatives": [..], "label"?} (fbs-tree/2)."""
    unknown = set(raw) - _MENU_KEYS
    if unknown:
        raise BadInput(f"node {node_id!r}: a menu node has only \"id\", \"alternatives\" and "
                       f"\"label\", not {sorted(unknown)[0]!r}")
    alternatives = raw["alternatives"]
    kind = dict if nested else str
    if not isinstance(alternatives, list) or not alternatives or \
            not all(isinstance(a, kind) for a in alternatives):
        what = "node objects" if nested else "node id strings"
        raise BadInput(f"node {node_id!r}: \"alternatives\" must be a non-empty list of {what}")
    if "label" in raw and not isinstance(raw["label"], str):
        raise BadInput(f"node {node_id!r}: \"label\" must be a string")
    return raw


def _flatten_nested(root: dict, menus: bool = False) -> dict[str, dict]:
    """Nested layout -> {id: record with child ids}; a repeated id is a shared/duplicate node."""
    records: dict[str, dict] = {}
    stack = [(root, "root")]
    while stack:
        raw, where = stack.pop()
        node_id, raw = _record(raw, where, nested=True, menus=menus)
        if node_id in records:
            raise BadInput(f"node id {node_id!r} occurs twice (a duplicate id or a shared node)")
        if len(records) >= MAX_NODES:
            raise TooLarge(f"the tree has more than {MAX_NODES} nodes")
        record = {k: v for k, v in raw.items() if k not in ("children", "alternatives")}
        for key in ("children", "alternatives"):
            if key in raw:
                record[key] = [c.get("id") if isinstance(c, dict) else c for c in raw[key]]
                what = "child" if key == "children" else "alternative"
                for position, child in enumerate(reversed(raw[key])):
                    stack.append((child, f"{what} {len(raw[key]) - position} of {node_id!r}"))
        records[node_id] = record
    return records


def _flat_records(nodes, menus: bool = False) -> dict[str, dict]:
    if not isinstance(nodes, list) or not nodes:
        raise BadInput("a flat tree needs \"nodes\": a non-empty list of node objects")
    if len(nodes) > MAX_NODES:
        raise TooLarge(f"the tree has more than {MAX_NODES} nodes")
    records: dict[str, dict] = {}
    for position, raw in enumerate(nodes):
        node_id, raw = _record(raw, f"nodes[{position}]", nested=False, menus=menus)
        if node_id in records:
            raise BadInput(f"duplicate node id {node_id!r}")
        records[node_id] = raw
    return records



def tree_document(tree: Tree | UniformTree, nested: bool = False) -> dict:
    """The `fbs-tree/1` document of a tree (flat layout unless nested=True; a UniformTree
    is written as its description)."""
    document = {"format": MENU_FORMAT if tree.has_menus else FORMAT}
    if tree.description:
        document["description"] = tree.description
    document["depth"] = tree.depth
    if isinstance(tree, UniformTree):
        document["uniform"] = {"aggregator": str(tree.aggregator), "depth": tree.depth}
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
    if tree.is_menu(i):
        node["alternatives"] = children
    elif tree.children[i]:
        node["aggregator"] = str(tree.aggregators[i])  # the spec text (JSON's own str)
        node["children"] = children
    else:
        node["query"] = tree.queries[i]
    return node


def _nested_node(tree: Tree) -> dict:
    objects: dict[int, dict] = {}
    for i in reversed(range(tree.n_nodes)):
        objects[i] = _node_object(tree, i, [objects.pop(c) for c in tree.children[i]])
    return objects[0]
