"""Decomposition trees as data: the `fbs-tree/1` JSON format (paper Definition 3.2).

A tree is a rooted, ordered tree. An internal node u carries the one-step aggregator
phi_u = M_D(x_u, y_u, .) as a function spec of the core grammar (its arity is the node's
width q_u) and its children y_u,1 .. y_u,q in order; a leaf carries the query string q_u
that the human-judgment oracle answers (Definition 3.2 item 3). The format is documented
with examples in docs/formats.md. Two equivalent layouts are accepted:

* nested:  {"format": "fbs-tree/1", "root": {"id": .., "aggregator": .., "children": [{..}, ..]}}
* flat:    {"format": "fbs-tree/1", "root": "ID", "nodes": [{"id": .., "children": ["ID", ..]}, ..]}

Validation (every failure is `BadInput`, exit code 2, one line): duplicate ids, shared
nodes, cycles, unknown child ids, unreachable nodes, width != aggregator arity, a declared
`depth` that differs from the tree's depth, malformed fields. In memory a `Tree` holds
flat tuples indexed in breadth-first order (root = 0), so parents precede children.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from verify.base.errors import BadInput, TooLarge
from verify.functions.spec import parse_spec

FORMAT = "fbs-tree/1"
MAX_NODES = 5_000_000
MAX_DEPTH = 1000
MAX_WIDTH = 24  # the truth-table fbs method (verify.fbs) handles q <= 24
_TOP_KEYS = {"format", "description", "depth", "root", "nodes"}
_NODE_KEYS = {"id", "aggregator", "children", "query", "label"}


@dataclass(frozen=True)
class Tree:
    """A validated decomposition tree; node i has ids[i], and parents precede children."""

    ids: tuple[str, ...]
    aggregators: tuple[str | None, ...]  # spec of phi_u, None at leaves
    children: tuple[tuple[int, ...], ...]  # () at leaves
    queries: tuple[str | None, ...]  # the leaf query q_u, None at internal nodes
    depths: tuple[int, ...]  # distance from the root (the root has 0)
    labels: tuple[str | None, ...] = ()
    description: str = ""
    index: dict = field(default_factory=dict, compare=False, repr=False)  # id -> node

    root = 0

    @property
    def n_nodes(self) -> int:
        return len(self.ids)

    @property
    def depth(self) -> int:
        """d: the largest number of internal levels on a root-leaf path."""
        return max(self.depths[i] for i in self.leaves())

    @property
    def is_uniform(self) -> bool:
        """True iff every leaf is at depth d (the paper's setting)."""
        d = self.depth
        return all(self.depths[i] == d for i in self.leaves())

    def is_leaf(self, node: int) -> bool:
        return not self.children[node]

    def leaves(self) -> list[int]:
        return [i for i, c in enumerate(self.children) if not c]

    def internal(self) -> list[int]:
        return [i for i, c in enumerate(self.children) if c]

    def width(self, node: int) -> int:
        return len(self.children[node])

    def max_width(self) -> int:
        return max((len(c) for c in self.children), default=0)

    def leaf_counts(self) -> list[int]:
        """Number of leaves below each node (a leaf counts itself)."""
        counts = [0] * self.n_nodes
        for node in reversed(range(self.n_nodes)):
            kids = self.children[node]
            counts[node] = sum(counts[c] for c in kids) if kids else 1
        return counts

    def node(self, node_id: str) -> int:
        """The index of the node with this id (BadInput if there is none)."""
        if node_id not in self.index:
            raise BadInput(f"the tree has no node with id {node_id!r}")
        return self.index[node_id]


@lru_cache(maxsize=None)
def aggregator_function(spec: str):
    """The BooleanFunction of an aggregator spec (parsed once per spec)."""
    return parse_spec(spec)


@lru_cache(maxsize=None)
def aggregator_table(spec: str):
    """The aggregator's truth table (GUIDE section 3 order) as a tuple of 0/1."""
    return tuple(int(v) for v in aggregator_function(spec).truth_table())


def z_index(z) -> int:
    """Truth-table index of a claim vector z_1..z_q (z_1 most significant)."""
    index = 0
    for bit in z:
        index = (index << 1) | bit
    return index


def evaluate(spec: str, z) -> int:
    """phi(z) for an aggregator spec and a claim vector z."""
    return aggregator_table(spec)[z_index(z)]


# ----------------------------------------------------------------------------- reading


def read_json(path: str | Path, what: str) -> dict:
    """A JSON object from a file, or BadInput with a one-line reason."""
    try:
        text = Path(path).read_text()
    except OSError as error:
        raise BadInput(f"cannot read {what} file {str(path)!r}: "
                       f"{error.strerror or error.__class__.__name__}") from None
    except UnicodeDecodeError:
        raise BadInput(f"{what} file {str(path)!r} is not UTF-8 text") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"{what} file {str(path)!r} is not valid JSON "
                       f"(line {error.lineno}, column {error.colno}: {error.msg})") from None
    except (RecursionError, ValueError):
        raise BadInput(f"{what} file {str(path)!r}: JSON nested too deeply or with a number "
                       "too long to read") from None
    if not isinstance(document, dict):
        raise BadInput(f"{what} file {str(path)!r}: the top level must be a JSON object")
    return document


def read_versioned(path: str | Path, what: str, version: str, keys: set[str]) -> tuple[dict, str]:
    """A JSON object with `"format": version` and no top-level key outside `keys`.

    Returns the document and the `where` prefix for later one-line error messages.
    """
    document = read_json(path, what)
    where = f"{what} {str(path)!r}"
    if document.get("format") != version:
        raise BadInput(f"{where}: missing or unsupported \"format\" (expected {version!r})")
    unknown = set(document) - keys - {"format"}
    if unknown:
        raise BadInput(f"{where}: unknown top-level key {sorted(unknown)[0]!r}")
    return document, where


def load_tree(path: str | Path) -> Tree:
    """Read and validate an `fbs-tree/1` file."""
    document = read_json(path, "tree")
    try:
        return parse_tree(document)
    except BadInput as error:
        raise type(error)(f"tree {str(path)!r}: {error}") from None


def parse_tree(document: dict) -> Tree:
    """Validate an `fbs-tree/1` document (nested or flat) and build a Tree."""
    if not isinstance(document, dict):
        raise BadInput("a tree must be a JSON object")
    if document.get("format") != FORMAT:
        raise BadInput(f"missing or unsupported \"format\" (expected {FORMAT!r}, "
                       f"got {document.get('format')!r})")
    unknown = set(document) - _TOP_KEYS
    if unknown:
        raise BadInput(f"unknown top-level key {sorted(unknown)[0]!r}")
    root = document.get("root")
    if isinstance(root, dict):
        if "nodes" in document:
            raise BadInput("a nested tree (\"root\" is an object) must not also have \"nodes\"")
        records, root_id = _flatten_nested(root), root.get("id")
    elif isinstance(root, str):
        records, root_id = _flat_records(document.get("nodes")), root
    else:
        raise BadInput("\"root\" must be a node object (nested layout) or a node id (flat layout)")
    tree = _build(records, root_id, str(document.get("description", "")))
    declared = document.get("depth")
    if declared is not None:
        if type(declared) is not int or declared < 0:
            raise BadInput(f"\"depth\" must be a non-negative integer, got {declared!r}")
        if declared != tree.depth:
            raise BadInput(f"declared depth {declared} but the tree has depth {tree.depth}")
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


def _build(records: dict[str, dict], root_id, description: str) -> Tree:
    """Check reachability (no cycle, no shared node, nothing unreachable) and index BFS."""
    if root_id not in records:
        raise BadInput(f"the root id {root_id!r} is not a node of the tree")
    _check_shape(records, root_id)
    order, head = [root_id], 0
    while head < len(order):
        node_id = order[head]
        head += 1
        order.extend(records[node_id].get("children", ()))
    position = {node_id: i for i, node_id in enumerate(order)}
    ids, aggs, kids, queries, labels = [], [], [], [], []
    for node_id in order:
        record = records[node_id]
        children = tuple(position[c] for c in record.get("children", ()))
        spec = record.get("aggregator")
        if spec is not None:
            _check_width(node_id, spec, len(children))
        ids.append(node_id)
        aggs.append(spec)
        kids.append(children)
        queries.append(record.get("query"))
        labels.append(record.get("label"))
    depths = [0] * len(order)
    for i, children in enumerate(kids):
        for c in children:
            depths[c] = depths[i] + 1
    return Tree(tuple(ids), tuple(aggs), tuple(kids), tuple(queries), tuple(depths),
                tuple(labels), description, dict(position))


def _check_shape(records: dict[str, dict], root_id: str) -> None:
    """Depth-first walk: every node reached exactly once from the root."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    stack = [(root_id, iter(records[root_id].get("children", ())))]
    state[root_id] = 1
    while stack:
        node_id, children = stack[-1]
        child = next(children, None)
        if child is None:
            state[node_id] = 2
            stack.pop()
            continue
        if child not in records:
            raise BadInput(f"node {node_id!r}: unknown child id {child!r}")
        if state.get(child) == 1:
            raise BadInput(f"the tree has a cycle through node {child!r}")
        if state.get(child) == 2:
            raise BadInput(f"node {child!r} is reachable twice (a shared node)")
        state[child] = 1
        stack.append((child, iter(records[child].get("children", ()))))
    unreachable = [node_id for node_id in records if node_id not in state]
    if unreachable:
        raise BadInput(f"node {unreachable[0]!r} is not reachable from the root "
                       f"({len(unreachable)} unreachable node(s))")


def _check_width(node_id: str, spec: str, width: int) -> None:
    try:
        function = aggregator_function(spec)
    except BadInput as error:
        raise BadInput(f"node {node_id!r}: {error}") from None
    if function.arity != width:
        raise BadInput(f"node {node_id!r}: aggregator {spec!r} has arity {function.arity} "
                       f"but the node has {width} children")
    if width > MAX_WIDTH:
        raise TooLarge(f"node {node_id!r}: width {width} exceeds {MAX_WIDTH}, the limit of "
                       "the truth-table fbs method")


# ----------------------------------------------------------------------------- writing


def tree_document(tree: Tree, nested: bool = False) -> dict:
    """The `fbs-tree/1` document of a tree (flat layout unless nested=True)."""
    document = {"format": FORMAT}
    if tree.description:
        document["description"] = tree.description
    document["depth"] = tree.depth
    if nested:
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


def write_json(path: str | Path, document, compact: bool = False) -> None:
    """Write JSON atomically: a temporary file in the same directory, then rename."""
    text = json.dumps(document, separators=(",", ":")) if compact else json.dumps(document, indent=1)
    write_text_atomic(path, text + "\n")


def write_text_atomic(path: str | Path, text: str) -> None:
    """Never leaves a half-written file: write a sibling temporary file, then os.replace."""
    write_texts_atomic([(path, text)])


def write_texts_atomic(items) -> None:
    """Write several files: all temporaries first, then all renames; temporaries removed on error."""
    items = list(items)
    targets = [Path(path).resolve() for path, _ in items]
    if len(set(targets)) != len(targets):
        raise BadInput("two outputs name the same file; give each output its own path")
    staged, current = [], None
    try:
        for path, text in items:
            current = Path(path)
            temporary = current.with_name(f".{current.name}.partial-{os.getpid()}")
            staged.append((temporary, current))
            temporary.write_text(text)
        for temporary, current in staged:
            os.replace(temporary, current)
    except OSError as error:
        raise BadInput(f"cannot write {str(current)!r}: {error.strerror or error}") from None
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)


class AtomicOutput:
    """A text file opened for streaming that appears under its name only on success."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.temporary = self.path.with_name(f".{self.path.name}.partial-{os.getpid()}")
        try:
            self.handle = self.temporary.open("w")
        except OSError as error:
            raise BadInput(f"cannot write {str(self.path)!r}: {error.strerror or error}") from None

    def __enter__(self):
        return self.handle

    def __exit__(self, kind, value, traceback) -> None:
        self.handle.close()
        try:
            if kind is None:
                os.replace(self.temporary, self.path)
        except OSError as error:
            raise BadInput(f"cannot write {str(self.path)!r}: {error.strerror or error}") from None
        finally:
            self.temporary.unlink(missing_ok=True)


# ----------------------------------------------------------------------------- builders


def from_records(records: list[dict], root_id: str, description: str = "") -> Tree:
    """Build a Tree from flat node objects (the builders' common path, fully validated)."""
    return _build(_flat_records(records), root_id, description)


def uniform_tree(aggregator: str, depth: int) -> Tree:
    """Every internal node uses `aggregator`; all leaves at depth d; q^d leaves.

    Ids: the root is "r"; the i-th child (1-based, as y_1..y_q) of node "r.2" is "r.2.i".
    The query of leaf "r.2.1" is "Q(r.2.1)".
    """
    if type(depth) is not int or depth < 0:
        raise BadInput(f"depth must be a non-negative integer, got {depth!r}")
    width = aggregator_function(aggregator).arity
    total, level_size = 0, 1
    for _ in range(depth + 1):
        total += level_size
        level_size *= width
        if total > MAX_NODES:
            break
    if total > MAX_NODES or depth > MAX_DEPTH:
        raise TooLarge(f"a uniform tree of width {width} and depth {depth} exceeds the limits "
                       f"({MAX_NODES} nodes, depth {MAX_DEPTH})")
    records, level = [], ["r"]
    for k in range(depth + 1):
        following = []
        for node_id in level:
            if k == depth:
                records.append({"id": node_id, "query": f"Q({node_id})"})
            else:
                kids = [f"{node_id}.{i}" for i in range(1, width + 1)]
                records.append({"id": node_id, "aggregator": aggregator, "children": kids})
                following.extend(kids)
        level = following
    return from_records(records, "r", f"uniform tree: {aggregator}, depth {depth}")


def literature_tree(papers: int = 9, supporting: int = 6) -> tuple[Tree, dict[str, int]]:
    """The paper's running example (Section 1.2), small enough for the truth-table method.

    Root claim x = "the modelling assumption is justified" = MAJ_papers (strict majority,
    Section 3.2) of the sub-claims y_i = "paper i is correct and supports the claim"; each y_i
    is decomposed as AND_2 of two human-judgeable leaves: "paper i supports the claim" and
    "paper i's analysis is sound". The oracle makes the first `supporting` papers support
    and be sound; the others alternately do not support (sound) or support but are unsound.
    With papers=9, supporting=6 the root is true and the honest root fbs is 6/2 = 3 (the
    paper's q = 99, 66 supporting needs a width beyond the truth-table limit; see docs).
    """
    if not (1 <= papers <= MAX_WIDTH and 0 <= supporting <= papers):
        raise BadInput(f"need 1 <= papers <= {MAX_WIDTH} and 0 <= supporting <= papers")
    records = [{"id": "claim", "aggregator": f"maj:{papers}",
                "label": "the statistical modelling assumption is justified",
                "children": [f"paper{i}" for i in range(1, papers + 1)]}]
    oracle = {}
    for i in range(1, papers + 1):
        supports, sound = f"paper{i}/supports", f"paper{i}/sound"
        records.append({"id": f"paper{i}", "aggregator": "and:2",
                        "label": f"paper {i} is correct and supports the claim",
                        "children": [supports, sound]})
        q_support = f"Does paper {i} support the modelling assumption?"
        q_sound = f"Is the analysis of paper {i} correct?"
        records.append({"id": supports, "query": q_support})
        records.append({"id": sound, "query": q_sound})
        good = i <= supporting
        oracle[q_support] = 1 if good else (i - supporting) % 2
        oracle[q_sound] = 1 if good else 1 - (i - supporting) % 2
    tree = from_records(records, "claim", f"literature majority: {papers} papers, "
                        f"maj:{papers} of (supports AND sound)")
    return tree, oracle


def random_tree(seed: int, depth: int, aggregators: list[str], leaf_probability: float = 0.0) -> Tree:
    """A seeded random tree: each internal node draws its aggregator from `aggregators`.

    A non-first child of a node above the last level becomes an early leaf with probability
    `leaf_probability` (so trees may be non-uniform); the first child never does, so the
    depth is exactly `depth`. Same seed, same tree (Python's random.Random).
    """
    if type(depth) is not int or depth < 0:
        raise BadInput(f"depth must be a non-negative integer, got {depth!r}")
    if not aggregators:
        raise BadInput("random trees need at least one aggregator spec")
    if not 0 <= leaf_probability <= 1:
        raise BadInput("the leaf probability must be in [0, 1]")
    widths = {spec: aggregator_function(spec).arity for spec in aggregators}
    rng = random.Random(seed)
    records, level = [], [("r", 0, False)]
    while level:
        following = []
        for node_id, k, leaf in level:
            if leaf or k == depth:
                records.append({"id": node_id, "query": f"Q({node_id})"})
                continue
            spec = rng.choice(aggregators)
            kids = [f"{node_id}.{i}" for i in range(1, widths[spec] + 1)]
            records.append({"id": node_id, "aggregator": spec, "children": kids})
            for i, kid in enumerate(kids):
                early = i > 0 and k + 1 < depth and rng.random() < leaf_probability
                following.append((kid, k + 1, early))
            if len(records) + len(following) > MAX_NODES:
                raise TooLarge(f"the random tree exceeds {MAX_NODES} nodes")
        level = following
    return from_records(records, "r", f"random tree: seed {seed}, depth {depth}, "
                        f"aggregators {', '.join(aggregators)}")
