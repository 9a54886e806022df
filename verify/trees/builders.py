"""Decomposition trees built in code: uniform, the paper's literature example, seeded random.

Each builder lists flat node records and goes through the same validation as a tree file
(`verify.trees.model.from_records`).
"""

from __future__ import annotations

import random
from itertools import product

from verify.base.arguments import FLAG, TEXT, api, integer, number, sequence
from verify.base.errors import BadInput, TooLarge
from verify.functions.aggregators import aggregator_function

from .model import MAX_DEPTH, MAX_NODES, Tree, UniformTree, from_records

MAX_PAPERS = 100_000  # the literature example: maj:papers is symmetric, so any width works


@api(aggregator=TEXT, depth=integer(0), compact=FLAG)
def uniform_tree(aggregator: str, depth: int, *, compact: bool = False) -> Tree | UniformTree:
    """Every internal node uses `aggregator`; all leaves at depth d; q^d leaves.

    Ids: the root is "r"; the i-th child (1-based, as y_1..y_q) of node "r.2" is "r.2.i".
    The query of leaf "r.2.1" is "Q(r.2.1)". compact=True returns the description
    (`UniformTree`, up to 2^23 leaves; 2^29 for a symmetric aggregator of width <= 255 when q^(d-1) <= 2^26, 2^26 for others when q <= 2^10 and q^(d-1) <= 2^23) instead of the listed tree.

    >>> from verify import uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> tree.n_nodes, len(tree.leaves()), tree.ids[:4]
    (13, 9, ('r', 'r.1', 'r.2', 'r.3'))
    >>> uniform_tree("maj:9", 7, compact=True).n_leaves
    4782969
    """
    if type(depth) is not int or depth < 0:
        raise BadInput(f"depth must be a non-negative integer, got {depth!r}")
    if compact:
        return UniformTree(aggregator, depth, f"uniform tree: {aggregator}, depth {depth}")
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


def uniform_queries(tree: UniformTree):
    """The leaf queries of a uniform tree in leaf order: Q(r.1.1), Q(r.1.2), ... (as listed
    by uniform_tree)."""
    for path in product(range(1, tree.width + 1), repeat=tree.depth):
        yield "Q(" + ".".join(["r", *map(str, path)]) + ")"


@api(papers=integer(1), supporting=integer(0))
def literature_tree(papers: int = 9, supporting: int = 6) -> tuple[Tree, dict[str, int]]:
    """The paper's running example (Section 1.2): a majority of `papers` sub-claims.

    Root claim x = "the modelling assumption is justified" = MAJ_papers (strict majority,
    Section 3.2) of the sub-claims y_i = "paper i is correct and supports the claim"; each y_i
    is decomposed as AND_2 of two human-judgeable leaves: "paper i supports the claim" and
    "paper i's analysis is sound". The oracle makes the first `supporting` papers support
    and be sound; the others alternately do not support (sound) or support but are unsound.
    With papers=9, supporting=6 the root is true and the honest root fbs is 6/2 = 3; the
    paper's own numbers are papers=99, supporting=66 (maj:99 is symmetric, so every method
    takes it: closed-form fbs, the worst-case DP over Hamming weights).

    >>> from verify import literature_tree, node_values
    >>> tree, oracle = literature_tree()
    >>> tree.width(tree.root), node_values(tree, oracle)[tree.root]
    (9, 1)
    """
    if not (1 <= papers <= MAX_PAPERS and 0 <= supporting <= papers):
        raise BadInput(f"need 1 <= papers <= {MAX_PAPERS} and 0 <= supporting <= papers, got "
                       f"{papers} and {supporting}")
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


def _check_random_size(depth: int, narrowest: int, leaf_probability: float) -> None:
    """TooLarge before any node is drawn when every tree the arguments allow is too large:
    at least one internal node per level (the first child is never an early leaf), and
    narrowest^k nodes at level k when there are no early leaves."""
    if depth > MAX_DEPTH:
        raise TooLarge(f"a random tree of depth {depth} exceeds the depth limit {MAX_DEPTH}")
    least, level = 1, 1
    for _ in range(depth):
        level = level * narrowest if leaf_probability == 0 else 1
        least += level if leaf_probability == 0 else narrowest
        if least > MAX_NODES:
            raise TooLarge(f"the random tree exceeds {MAX_NODES} nodes (depth {depth}, "
                           f"aggregators of at least {narrowest} inputs)")


def _count_random_nodes(seed: int, depth: int, aggregators: list[str], widths: dict,
                        leaf_probability: float) -> None:
    """TooLarge if the tree random_tree would draw exceeds MAX_NODES, found by the same
    random draws with no node built (about 20 times faster than building)."""
    rng = random.Random(seed)
    choice, uniform = rng.choice, rng.random
    total, level = 0, [False]  # the early-leaf flags of the nodes of level k
    for k in range(depth + 1):
        total += len(level)
        if k == depth:
            break
        following: list[bool] = []
        for leaf in level:
            if leaf:
                continue
            width = widths[choice(aggregators)]
            following.append(False)
            if k + 1 < depth:
                following.extend([uniform() < leaf_probability for _ in range(width - 1)])
            else:
                following.extend([False] * (width - 1))
            if total + len(following) > MAX_NODES:
                raise TooLarge(f"the random tree exceeds {MAX_NODES} nodes")
        level = following


@api(seed=integer(0), depth=integer(0),
     aggregators=sequence(TEXT, "aggregator specs", nonempty=True), leaf_probability=number(0, 1))
def random_tree(seed: int, depth: int, aggregators: list[str], leaf_probability: float = 0.0) -> Tree:
    """A seeded random tree: each internal node draws its aggregator from `aggregators`.

    A non-first child of a node above the last level becomes an early leaf with probability
    `leaf_probability` (so trees may be non-uniform); the first child never does, so the
    depth is exactly `depth`. Same seed, same tree (Python's random.Random).

    >>> from verify import random_tree
    >>> tree = random_tree(7, 3, ["maj:3", "and:2"])
    >>> tree.depth, tree == random_tree(7, 3, ["maj:3", "and:2"])
    (3, True)
    """
    if type(depth) is not int or depth < 0:
        raise BadInput(f"depth must be a non-negative integer, got {depth!r}")
    if not aggregators:
        raise BadInput("random trees need at least one aggregator spec")
    if not 0 <= leaf_probability <= 1:
        raise BadInput("the leaf probability must be in [0, 1]")
    widths = {spec: aggregator_function(spec).arity for spec in aggregators}
    _check_random_size(depth, min(widths.values()), leaf_probability)
    _count_random_nodes(seed, depth, aggregators, widths, leaf_probability)
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
