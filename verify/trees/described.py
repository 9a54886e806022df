"""A described uniform tree read as a listed one, node by node, without listing it.

`DescribedTree` gives a `verify.trees.model.UniformTree` (the complete q-ary tree of depth d,
paper Definition 3.2 with one aggregator everywhere) the interface of a listed `Tree`: ids,
aggregators, children, queries and depths are sequences computed from the node's index on
demand, in the order `verify.trees.builders.uniform_tree` lists them (breadth first: level k
starts at node 1 + q + .. + q^(k-1); the i-th child, 1-based, of "r.2" is "r.2.i"; the query
of leaf "r.2.1" is "Q(r.2.1)"). `LeafOracle` answers those queries from the leaf bits.
Commands that walk only the nodes they visit (the worst-case liar's strategy, her instance
bound) use them on trees far beyond `MAX_NODES`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence

from .builders import uniform_queries
from .model import UniformTree


class NodeView(Sequence):
    """A read-only sequence node -> item(node) of a given length."""

    def __init__(self, size: int, item):
        self.size, self.item = size, item

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, node):
        if type(node) is not int or not 0 <= node < self.size:
            raise IndexError(node)
        return self.item(node)


class DescribedTree:
    """The listed-tree interface of a UniformTree (the parts the debate engine reads)."""

    root = 0
    is_uniform = True
    has_menus = False

    def __init__(self, tree: UniformTree):
        self.tree, self.spec, self.q = tree, tree.aggregator, tree.width
        starts = [0]
        for k in range(tree.depth + 1):
            starts.append(starts[-1] + self.q ** k)
        self.starts = starts  # level k is nodes starts[k] .. starts[k + 1] - 1
        self.description = f"uniform tree: {tree.aggregator}, depth {tree.depth}"
        self._ids: dict[int, str] = {}
        size = starts[-1]
        self.ids = NodeView(size, self._id)
        self.aggregators = NodeView(size, lambda n: None if self.is_leaf(n) else self.spec)
        self.children = NodeView(size, self._children)
        self.queries = NodeView(size, self._query)
        self.depths = NodeView(size, lambda n: self.position(n)[0])

    @property
    def n_nodes(self) -> int:
        return self.starts[-1]

    @property
    def depth(self) -> int:
        return self.tree.depth

    def position(self, node: int) -> tuple[int, int]:
        """(level k, index j within level k) of a node."""
        k = bisect_right(self.starts, node) - 1
        return k, node - self.starts[k]

    def is_leaf(self, node: int) -> bool:
        return node >= self.starts[-2]

    def is_menu(self, node: int) -> bool:
        return False

    def width(self, node: int) -> int:
        return 0 if self.is_leaf(node) else self.q

    def max_width(self) -> int:
        return self.q if self.tree.depth else 0

    def internal(self) -> range:
        return range(self.starts[-2])

    def leaves(self) -> range:
        return range(self.starts[-2], self.starts[-1])

    def _children(self, node: int) -> tuple[int, ...]:
        if self.is_leaf(node):
            return ()
        k, j = self.position(node)
        first = self.starts[k + 1] + j * self.q
        return tuple(range(first, first + self.q))

    def _id(self, node: int) -> str:
        """"r", then the 1-based child numbers down from the root (memoised above the leaves;
        a loop up to the nearest known ancestor, no recursion)."""
        path, current = [], node
        while current and current not in self._ids:
            k, j = self.position(current)
            path.append(str(j % self.q + 1))
            current = self.starts[k - 1] + j // self.q
        known = self._ids.get(current, "r")
        for step_up, digit in enumerate(reversed(path)):
            known = f"{known}.{digit}"
            above = len(path) - 1 - step_up  # levels between this node and `node`
            if above:  # an internal node (the leaves are not kept)
                self._ids[self._ancestor(node, above)] = known
        if node and not self.is_leaf(node):
            self._ids[node] = known
        return known

    def _ancestor(self, node: int, levels: int) -> int:
        k, j = self.position(node)
        return self.starts[k - levels] + j // self.q ** levels

    def _query(self, node: int):
        return LeafQuery(f"Q({self._id(node)})", node - self.starts[-2]) \
            if self.is_leaf(node) else None


class LeafQuery(str):
    """A leaf's query string that also knows the leaf's index in leaf order."""

    def __new__(cls, text: str, leaf: int):
        query = super().__new__(cls, text)
        query.leaf = leaf
        return query


class LeafOracle(Mapping):
    """The answers {query: bit} of a DescribedTree's leaves, read from its leaf bits."""

    def __init__(self, tree: DescribedTree, bits: str):
        self.tree, self.bits = tree, bits

    def __getitem__(self, query: str) -> int:
        return int(self.bits[self._leaf(query)])

    def _leaf(self, query) -> int:
        """The leaf index of "Q(r.i.j...)" in leaf order (KeyError if it is no leaf's)."""
        if isinstance(query, LeafQuery):
            return query.leaf
        q, depth = self.tree.q, self.tree.depth
        if not (isinstance(query, str) and query.startswith("Q(r") and query.endswith(")")):
            raise KeyError(query)
        digits = query[3:-1].split(".")[1:] if depth else []
        if len(digits) != depth or not all(d.isdigit() and 1 <= int(d) <= q for d in digits):
            raise KeyError(query)
        index = 0
        for d in digits:
            index = index * q + int(d) - 1
        return index

    def __iter__(self):
        return uniform_queries(self.tree.tree)

    def __len__(self) -> int:
        return len(self.bits)

