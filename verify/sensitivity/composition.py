"""fbs of composed functions by the weighted recursion (issue 12; docs/notes.md, section 1).

compose(OUTER; INNER_1; ...; INNER_k) feeds disjoint, consecutive blocks of inputs to its
inner functions, so it is a decomposition tree whose leaves are its inputs: the outer
function is a node over the inner parts, a part that is not itself composed is a node over
its own inputs, and tribes:W:S (the OR of S ANDs of W bits) is or:S over S nodes and:W.
With pairwise distinct leaves, fbs_z of the composed function is the root value of the
weighted recursion (paper Section 5; proof in certificates/FORMAT.md, kind tree):

    rho(leaf) = 1,  rho(u) = min { sum_i c_i v_i : v >= 0, v(S) >= 1 on every sensitive
                                   block S of phi_u at z_u },  c_i = rho(child i),

one small LP per distinct (aggregator, z_u, capacities) (verify.sensitivity.weighted), and
the certificate is the factored kind-tree certificate with the tree given as the spec
itself, `{"spec": ...}`. The global dual is the product of the local duals along each
root-leaf path (Bob's p = t / sum t); the global primal (a product family) is not listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from verify import __version__
from verify.base.numbers import fraction_text
from verify.base.vectors import IndexedVector
from verify.checker.tree_kind import SHARED_VERSION, is_symmetric_aggregator
from verify.functions.aggregators import evaluate
from verify.functions.bits import format_bits
from verify.functions.families import (
    BooleanFunction,
    Composition,
    Symmetric,
    Tribes,
    embedded_files,
)

from .certificates import FORMAT, pack_alpha
from .weighted import (
    MAX_TABLE_AGGREGATOR,
    LocalSolution,
    local_weighted_fbs,
    record_document,
    shared_record,
)

ONE = Fraction(1)


@dataclass(frozen=True)
class Node:
    """An internal node: its aggregator spec and its children, each ("leaf", coordinate) or
    ("node", index of an earlier node); nodes are listed children first, the root last."""

    spec: str
    children: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class CompositionSolution:
    """Exact fbs of a composed function with its global dual and kind-tree certificate."""

    value: Fraction
    dual: IndexedVector  # one index per leaf into the distinct products
    certificate: dict = field(repr=False)
    records: int = 0  # distinct local LPs
    nodes: int = 0


def composition_tree(function: BooleanFunction) -> tuple[Node, ...] | None:
    """The nodes of a composed function, or None if some part is neither symmetric nor of
    arity <= 24 (its local LP would need a truth table beyond that). Remembered per spec
    (a spec naming a file, `cnf:`, is read again every time)."""
    key = function.spec
    if key in _TREES:
        return _TREES[key]
    nodes: list[Node] = []
    found = tuple(nodes) if _add(function, nodes, [0]) else None
    if "cnf:" not in key:
        if len(_TREES) >= 64:
            _TREES.clear()
        _TREES[key] = found
    return found


_TREES: dict[str, tuple[Node, ...] | None] = {}


def _add(function: BooleanFunction, nodes: list[Node], next_leaf: list[int]) -> bool:
    if isinstance(function, Composition):
        children = []
        for inner in function.inners:
            if not _add(inner, nodes, next_leaf):
                return False
            children.append(("node", len(nodes) - 1))
        if not _local_lp_applies(function.outer):
            return False
        nodes.append(Node(function.outer.spec, tuple(children)))
        return True
    if isinstance(function, Tribes):
        for _ in range(function.tribes):
            _leaf_node(f"and:{function.width}", function.width, nodes, next_leaf)
        start = len(nodes) - function.tribes
        nodes.append(Node(f"or:{function.tribes}",
                          tuple(("node", start + s) for s in range(function.tribes))))
        return True
    if not _local_lp_applies(function):
        return False
    _leaf_node(function.spec, function.arity, nodes, next_leaf)
    return True


def _leaf_node(spec: str, arity: int, nodes: list[Node], next_leaf: list[int]) -> None:
    """A part that is not composed: one node over its own inputs."""
    start = next_leaf[0]
    next_leaf[0] += arity
    nodes.append(Node(spec, tuple(("leaf", i) for i in range(start, start + arity))))


def _local_lp_applies(function: BooleanFunction) -> bool:
    return isinstance(function, Symmetric) or function.arity <= MAX_TABLE_AGGREGATOR


def solve_composition(function: BooleanFunction, bits) -> CompositionSolution:
    """The weighted recursion bottom-up, one local LP per distinct record key: (aggregator,
    children's classes), the children of a symmetric aggregator as a multiset in the shared
    certificate (version 2, the one certificates/FORMAT.md documents for this method; version
    1 only for at most SHARED_FROM leaves, which the tests raise to cover it)."""
    nodes = composition_tree(function)
    if nodes is None:
        raise ValueError(f"{function.spec}: not a composition the recursion can take")
    shared = len(bits) > SHARED_FROM
    solved = _Recursion(shared)
    for node in nodes:
        solved.add(node, [bits[i] if kind == "leaf" else solved.node_class[i]
                          for kind, i in node.children])
    value = solved.rho[solved.node_class[-1]]
    certificate = _certificate(function, bits, value, solved, shared)
    return CompositionSolution(value, _product_dual(nodes, solved, len(bits)), certificate,
                               len(solved.records), len(nodes))


SHARED_FROM = 0  # more leaves: the version-2 certificate (shared records, packed alpha)


class _Recursion:
    """Node classes (value, rho) and the distinct local LPs of one composition; classes 0 and
    1 are the leaves (rho = 1). A node costs its children's class ids and one dictionary
    lookup; the LP, phi(z) and the class of a record are found once per record."""

    def __init__(self, shared: bool):
        self.shared = shared
        self.values, self.rho = [0, 1], [ONE, ONE]
        self.rho_key = [(1, 1), (1, 1)]  # rho as (numerator, denominator): cheap to hash
        self.class_of: dict[tuple, int] = {(0, ONE): 0, (1, ONE): 1}
        self.records: list[LocalSolution] = []
        self.record_nodes: list[int] = []  # how many nodes use each record
        self.record_class: list[int] = []
        self.record_of: dict[tuple, int] = {}
        self.symmetric: dict[str, bool] = {}
        self.node_class: list[int] = []
        self.node_record: list[int] = []
        self.node_order: list[list[int] | None] = []  # record position -> child, if sorted

    def add(self, node: Node, kids: list[int]) -> None:
        order = None
        if self.shared and self._symmetric(node.spec):
            order = sorted(range(len(kids)), key=kids.__getitem__)
            kids = [kids[i] for i in order]
        key = (node.spec, tuple(kids))
        record = self.record_of.get(key)
        if record is None:
            record = self.record_of[key] = self._solve(node.spec, key[1])
        self.record_nodes[record] += 1
        self.node_record.append(record)
        self.node_order.append(order)
        self.node_class.append(self.record_class[record])

    def _solve(self, spec: str, kids: tuple[int, ...]) -> int:
        z = tuple(self.values[c] for c in kids)
        key = (spec, z, tuple(self.rho_key[c] for c in kids))
        solution = _LOCAL.get(key)
        if solution is None:
            solution = local_weighted_fbs(spec, z, tuple(self.rho[c] for c in kids))
            if len(_LOCAL) >= 1 << 14:
                _LOCAL.clear()
            _LOCAL[key] = solution
        pair = (evaluate(spec, solution.z), solution.value)
        if pair not in self.class_of:
            self.class_of[pair] = len(self.rho)
            self.values.append(pair[0])
            self.rho.append(pair[1])
            self.rho_key.append((pair[1].numerator, pair[1].denominator))
        self.records.append(solution)
        self.record_nodes.append(0)
        self.record_class.append(self.class_of[pair])
        return len(self.records) - 1

    def _symmetric(self, spec: str) -> bool:
        if spec not in self.symmetric:
            self.symmetric[spec] = is_symmetric_aggregator(spec)
        return self.symmetric[spec]


_LOCAL: dict[tuple, LocalSolution] = {}  # local LPs by (spec, z, capacities as integer pairs)


def _product_dual(nodes: tuple[Node, ...], solved: _Recursion, q: int) -> IndexedVector:
    """t_leaf = the product of the local duals v along the root-leaf path (a dual of the
    composed function of value rho(root); certificates/FORMAT.md, kind tree), as distinct
    values and one index per leaf: a product is computed once per distinct (value above,
    local dual value), never once per leaf."""
    values, ids = [ONE], {(1, 1): 0}  # distinct values, keyed by (numerator, denominator)
    entries = [[_value_id(v, values, ids) for v in record.dual] for record in solved.records]
    product: dict[tuple[int, int], int] = {}
    weight = [0] * len(nodes)
    index = [0] * q
    for n in range(len(nodes) - 1, -1, -1):
        children, order, above = nodes[n].children, solved.node_order[n], weight[n]
        for position, entry in enumerate(entries[solved.node_record[n]]):
            share = product.get((above, entry))
            if share is None:
                share = product[(above, entry)] = _value_id(values[above] * values[entry],
                                                            values, ids)
            kind, child = children[position if order is None else order[position]]
            if kind == "leaf":
                index[child] = share
            else:
                weight[child] = share
    return IndexedVector(values, index)


def _value_id(value: Fraction, values: list[Fraction], ids: dict) -> int:
    """The index of `value` in `values`, appended if new."""
    key = (value.numerator, value.denominator)
    found = ids.get(key)
    if found is None:
        found = ids[key] = len(values)
        values.append(value)
    return found


def _certificate(function: BooleanFunction, bits, value: Fraction, solved: _Recursion,
                 shared: bool) -> dict:
    """The kind-tree certificate with the tree given as the spec: version 2 (records shared
    up to a permutation of a symmetric aggregator's children, each with its number of nodes;
    alpha packed) when `shared`, else version 1 (one record per exact key)."""
    alpha = format_bits(bits)
    certificate = {"format": FORMAT, "kind": "tree", "tree": {"spec": function.spec}}
    if shared:
        certificate.update(version=SHARED_VERSION, alpha_base64=pack_alpha(alpha),
                           records=[shared_record(r, n) for r, n in
                                    zip(solved.records, solved.record_nodes)])
    else:
        certificate.update(alpha=alpha, records=[record_document(r) for r in solved.records])
    certificate.update(value=fraction_text(value),
                       producer={"tool": "fbs-verify", "version": __version__})
    files = embedded_files(function)
    if files:
        certificate["files"] = dict(sorted(files.items()))
    return certificate
