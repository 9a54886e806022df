"""Decomposition trees (paper Definition 3.2): the model and its validation.

A tree is a rooted, ordered tree. An internal node u carries the one-step aggregator
phi_u = M_D(x_u, y_u, .) as a function spec of the core grammar (its arity is the node's
width q_u) and its children y_u,1 .. y_u,q in order; a leaf carries the query string q_u
that the human-judgment oracle answers (Definition 3.2 item 3).

Validation (every failure is `BadInput`, exit code 2, one line): duplicate ids, shared
nodes, cycles, unknown child ids, unreachable nodes, width != aggregator arity. In memory a
`Tree` holds flat tuples indexed in breadth-first order (root = 0), so parents precede
children. Each aggregator spec is resolved once, here, into a
`verify.functions.aggregators.Aggregator` (the spec text carrying its function, arity, values
and truth table), which the layers above read instead of parsing the spec again. Reading and
writing files is `verify.trees.tree_file`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from verify.base.errors import BadInput, TooLarge
from verify.functions.aggregators import Aggregator, resolve

MAX_NODES = 5_000_000
MAX_DEPTH = 1000
MAX_WIDTH = 24  # of a non-symmetric aggregator: its local LPs and their checks enumerate 2^q blocks


@dataclass(frozen=True)
class Tree:
    """A validated decomposition tree; node i has ids[i], and parents precede children."""

    ids: tuple[str, ...]
    aggregators: tuple[Aggregator | None, ...]  # phi_u resolved (its spec), None at leaves
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

    def is_menu(self, node: int) -> bool:
        """True iff the node offers alternative decompositions (never in a fixed tree;
        see verify.trees.menus.MenuTree)."""
        return False

    @property
    def has_menus(self) -> bool:
        return False

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



def from_records(records: list[dict], root_id: str, description: str = "") -> Tree:
    """A Tree from flat node records {"id", "aggregator", "children"} or {"id", "query"}."""
    if len(records) > MAX_NODES:
        raise TooLarge(f"the tree has more than {MAX_NODES} nodes")
    by_id: dict[str, dict] = {}
    for record in records:
        if record["id"] in by_id:
            raise BadInput(f"duplicate node id {record['id']!r}")
        by_id[record["id"]] = record
    return build_tree(by_id, root_id, description)


def build_tree(records: dict[str, dict], root_id, description: str) -> Tree:
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
            spec = _check_width(node_id, spec, len(children))
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


def _check_width(node_id: str, spec: str, width: int) -> Aggregator:
    """The node's aggregator resolved (once per distinct spec), its arity checked."""
    try:
        phi = resolve(spec)
    except BadInput as error:
        raise BadInput(f"node {node_id!r}: {error}") from None
    if phi.arity != width:
        raise BadInput(f"node {node_id!r}: aggregator {str(spec)!r} has arity {phi.arity} "
                       f"but the node has {width} children")
    if width > MAX_WIDTH and not phi.symmetric:
        raise TooLarge(f"node {node_id!r}: width {width} exceeds {MAX_WIDTH}, the limit of "
                       "the truth-table fbs method (symmetric aggregators may be wider)")
    return phi


MAX_UNIFORM_LEAVES = 1 << 29  # as the tree-kind checker (version 3, FORMAT.md section 6)


@dataclass(frozen=True)
class UniformTree:
    """The complete q-ary tree of depth d with the aggregator at every internal node,
    described, not listed (fbs-tree/1 layout `uniform`, docs/formats.md).

    It is the tree `verify.trees.builders.uniform_tree` lists: the root is "r", the i-th
    child (1-based) of node "r.2" is "r.2.i", the query of leaf "r.2.1" is "Q(r.2.1)"; leaf j
    in depth-first, left-to-right order is the j-th node of the last level.
    """

    aggregator: Aggregator  # a spec string is resolved on construction
    depth: int
    description: str = ""

    def __post_init__(self):
        if type(self.depth) is not int or not 0 <= self.depth <= MAX_DEPTH:
            raise BadInput(f"depth must be an integer in 0..{MAX_DEPTH}, got {self.depth!r}")
        object.__setattr__(self, "aggregator", resolve(self.aggregator))
        _check_width("r", self.aggregator, self.width)
        limit = MAX_UNIFORM_LEAVES  # symmetric, q <= 255 (as the version-3 checker)
        parents = self.width ** (self.depth - 1) if self.depth else 0
        if not (self.aggregator.symmetric and self.width <= 255):
            limit = 1 << 26 if self.width <= 1 << 10 and parents <= 1 << 23 else 1 << 23
        elif parents > 1 << 26:
            limit = 1 << 23  # more than 2^23 leaves only with q^(d-1) <= 2^26
        if self.n_leaves > limit:
            raise TooLarge(f"a uniform tree of width {self.width} and depth {self.depth} has more "
                           f"than {limit} leaves")

    @property
    def width(self) -> int:
        return self.aggregator.arity

    @property
    def n_leaves(self) -> int:
        return self.width ** self.depth

    @property
    def n_internal(self) -> int:
        return sum(self.width ** k for k in range(self.depth))

    @property
    def n_nodes(self) -> int:
        return self.n_internal + self.n_leaves

    is_uniform = True
    has_menus = False
