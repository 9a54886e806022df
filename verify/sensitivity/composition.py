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
from verify.functions.aggregators import evaluate
from verify.functions.bits import format_bits
from verify.functions.families import (
    BooleanFunction,
    Composition,
    Symmetric,
    Tribes,
    embedded_files,
)

from .certificates import FORMAT
from .weighted import MAX_TABLE_AGGREGATOR, LocalSolution, local_weighted_fbs, record_document

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
    dual: tuple[Fraction, ...]
    certificate: dict = field(repr=False)
    records: int = 0  # distinct local LPs
    nodes: int = 0


def composition_tree(function: BooleanFunction) -> list[Node] | None:
    """The nodes of a composed function, or None if some part is neither symmetric nor of
    arity <= 24 (its local LP would need a truth table beyond that)."""
    nodes: list[Node] = []
    return nodes if _add(function, nodes, [0]) else None


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
    """The weighted recursion bottom-up, memoised on (aggregator, children's classes)."""
    nodes = composition_tree(function)
    if nodes is None:
        raise ValueError(f"{function.spec}: not a composition the recursion can take")
    values, rho, records = [0, 1], [ONE, ONE], []
    class_of = {(0, ONE): 0, (1, ONE): 1}  # a class is a distinct (value, rho)
    record_of: dict[tuple, int] = {}  # (spec, children's classes) -> record
    node_class, node_record = [], []
    for node in nodes:
        kids = tuple(bits[i] if kind == "leaf" else node_class[i] for kind, i in node.children)
        key = (node.spec, kids)
        if key not in record_of:
            z = tuple(values[c] for c in kids)
            record_of[key] = len(records)
            records.append(local_weighted_fbs(node.spec, z, tuple(rho[c] for c in kids)))
        record = records[record_of[key]]
        value = evaluate(node.spec, record.z)
        if (value, record.value) not in class_of:
            class_of[(value, record.value)] = len(rho)
            values.append(value)
            rho.append(record.value)
        node_class.append(class_of[(value, record.value)])
        node_record.append(record)
    dual = _product_dual(nodes, node_record, len(bits))
    value = rho[node_class[-1]]
    return CompositionSolution(value, dual, _certificate(function, bits, value, records),
                               len(records), len(nodes))


def _product_dual(nodes: list[Node], local: list[LocalSolution], q: int) -> tuple[Fraction, ...]:
    """t_leaf = the product of the local duals v along the root-leaf path (a dual of the
    composed function of value rho(root); certificates/FORMAT.md, kind tree)."""
    weight = [None] * len(nodes)
    weight[-1] = ONE
    dual = [Fraction(0)] * q
    for index in range(len(nodes) - 1, -1, -1):
        for i, (kind, child) in enumerate(nodes[index].children):
            share = weight[index] * local[index].dual[i]
            if kind == "leaf":
                dual[child] = share
            else:
                weight[child] = share
    return tuple(dual)


def _certificate(function: BooleanFunction, bits, value: Fraction, records) -> dict:
    certificate = {
        "format": FORMAT,
        "kind": "tree",
        "tree": {"spec": function.spec},
        "alpha": format_bits(bits),
        "value": fraction_text(value),
        "records": [record_document(r) for r in records],
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
    files = embedded_files(function)
    if files:
        certificate["files"] = dict(sorted(files.items()))
    return certificate
