"""Decomposition trees (paper Definition 3.2) to and from networkx DiGraphs.

A tree becomes a DiGraph whose nodes are the tree's ids, with the edges parent -> child;
a node carries `aggregator` (the spec of phi_u) or `query` (a leaf's oracle query), `label`
when it has one, `depth`, and, with an oracle, `answer` at the leaves; an edge carries
`position`, the child's place among its siblings (0-based, the order of y_u,1 .. y_u,q);
the graph carries `root` and `description`. Reading a DiGraph back validates it like a
tree file (verify.trees.model): one root, no cycle, no shared node, each width equal to
its aggregator's arity; a node with several children needs `position` on their edges.
networkx is optional: without it these two functions raise BadInput saying how to install it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kinds import OracleArg, TreeArg

if TYPE_CHECKING:
    import networkx

from verify.base.arguments import api, optional
from verify.base.errors import BadInput

from .kinds import ORACLE, TREE
from .model import Tree, from_records
from .oracles import check_covers, checked_answers


def _networkx():
    try:
        import networkx
    except ImportError:
        raise BadInput("networkx is needed for trees as graphs: pip install networkx") from None
    return networkx


@api(tree=TREE, oracle=optional(ORACLE))
def tree_to_networkx(tree: TreeArg, oracle: OracleArg | None = None) -> networkx.DiGraph:
    """The tree (a Tree, a UniformTree or an fbs-tree/1 file) as a networkx DiGraph, with
    the oracle's answers (if given) on the leaves.

    >>> from verify import tree_to_networkx, uniform_tree
    >>> graph = tree_to_networkx(uniform_tree("maj:3", 1))
    >>> graph.graph["root"], sorted(graph.successors("r")), graph.nodes["r"]["aggregator"]
    ('r', ['r.1', 'r.2', 'r.3'], 'maj:3')
    """
    from .api import as_oracle, as_tree

    tree = as_tree(tree)
    answers = None if oracle is None else as_oracle(oracle, tree)
    if answers is not None:
        check_covers(tree, answers)
    graph = _networkx().DiGraph(root=tree.ids[tree.root], description=tree.description)
    for node, node_id in enumerate(tree.ids):
        attributes = {"depth": tree.depths[node]}
        if tree.children[node]:
            attributes["aggregator"] = tree.aggregators[node]
        else:
            attributes["query"] = tree.queries[node]
            if answers is not None:
                attributes["answer"] = answers[tree.queries[node]]
        if tree.labels and tree.labels[node] is not None:
            attributes["label"] = tree.labels[node]
        graph.add_node(node_id, **attributes)
    for node, children in enumerate(tree.children):
        for position, child in enumerate(children):
            graph.add_edge(tree.ids[node], tree.ids[child], position=position)
    return graph


@api()
def tree_from_networkx(graph: networkx.DiGraph) -> Tree:
    """A validated Tree from a networkx DiGraph laid out as `tree_to_networkx` writes it
    (node ids are converted to strings); BadInput if it is not a decomposition tree.

    >>> from verify import tree_from_networkx, tree_to_networkx, uniform_tree
    >>> tree = uniform_tree("and:2", 2)
    >>> tree_from_networkx(tree_to_networkx(tree)) == tree
    True
    """
    _require_digraph(graph)
    if graph.number_of_nodes() == 0:
        raise BadInput("the graph has no node")
    records = [_record(graph, node) for node in graph.nodes]
    return from_records(records, _root(graph), str(graph.graph.get("description", "")))


def _require_digraph(graph) -> None:
    """BadInput unless the graph is a networkx DiGraph (not a multigraph)."""
    if not isinstance(graph, _networkx().DiGraph) or graph.is_multigraph():
        raise BadInput(f"expected a networkx DiGraph, got {type(graph).__name__}")


def _root(graph) -> str:
    if "root" in graph.graph:
        root = graph.graph["root"]
        if root not in graph:
            raise BadInput(f"the graph's root {root!r} is not one of its nodes")
        return str(root)
    roots = [node for node, degree in graph.in_degree() if degree == 0]
    if len(roots) != 1:
        raise BadInput(f"the graph has {len(roots)} nodes without a parent; a tree has one "
                       "root (or give graph.graph['root'])")
    return str(roots[0])


def _record(graph, node) -> dict:
    attributes = graph.nodes[node]
    children = list(graph.successors(node))
    record = {"id": str(node)}
    if "label" in attributes:
        record["label"] = str(attributes["label"])
    if not children:
        if not isinstance(attributes.get("query"), str):
            raise BadInput(f"leaf {node!r}: a leaf needs a string attribute 'query'")
        return {**record, "query": attributes["query"]}
    if not isinstance(attributes.get("aggregator"), str):
        raise BadInput(f"node {node!r}: an internal node needs a string attribute 'aggregator'")
    if len(children) > 1:
        positions = [graph.edges[node, child].get("position") for child in children]
        if any(type(p) is not int for p in positions) or sorted(positions) != list(
                range(len(children))):
            raise BadInput(f"node {node!r}: the edges to its {len(children)} children need "
                           f"the integer attribute 'position' 0..{len(children) - 1}")
        children = [child for _, child in sorted(zip(positions, children))]
    return {**record, "aggregator": attributes["aggregator"],
            "children": [str(child) for child in children]}


@api()
def oracle_from_networkx(graph: networkx.DiGraph) -> dict[str, int]:
    """The oracle {query: answer} read from the leaves' `answer` attributes.

    >>> from verify import oracle_from_networkx, random_oracle, tree_to_networkx, uniform_tree
    >>> tree = uniform_tree("or:2", 1)
    >>> oracle = random_oracle(tree, seed=1)
    >>> oracle_from_networkx(tree_to_networkx(tree, oracle)) == oracle
    True
    """
    _require_digraph(graph)
    answers: dict[str, int] = {}
    for node, attributes in graph.nodes(data=True):
        if graph.out_degree(node) == 0 and "answer" in attributes:
            query = attributes.get("query")
            if not isinstance(query, str):
                raise BadInput(f"leaf {node!r}: a leaf needs a string attribute 'query'")
            bit = checked_answers({query: attributes["answer"]})[query]
            if answers.setdefault(query, bit) != bit:
                raise BadInput(f"leaf {node!r}: the query {query[:60]!r} is answered both 0 "
                               "and 1 by the graph's leaves")
    return answers
