"""Decomposition trees with alternative decompositions (menus): the tree Alice builds on the fly.

Paper Section 3.2: "a decomposition tree for a given input x is usually generated on the fly
as the debate protocol proceeds", and in each round of Section 4 *Alice* decomposes the
current problem. A `MenuTree` lists, at a node, the decompositions Alice may choose from: a
**menu node** stands for a problem and its children are its **alternatives**; each
alternative is a decomposition node (an aggregator with its own children, which may again
be menus). A node without a menu is an ordinary node, so a tree without menus is a `Tree`.

Levels: an alternative is the same problem as its menu node, so it has the menu node's
depth; only decomposition steps add a level (d counts decompositions on a root-leaf path).

A **realisation** fixes one alternative at every menu node reached from the root; it is an
ordinary `Tree` (Definition 3.2), whose decomposition nodes keep the alternatives' ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Iterator

from verify.base.arguments import TEXT, api, instance, integer, integer_mapping
from verify.base.errors import BadInput, TooLarge

from .model import Tree, build_tree, from_records

MAX_REALISATIONS = 4096  # enumerating realisations is for small menu trees


@dataclass(frozen=True)
class MenuTree(Tree):
    """A validated tree whose menu nodes (menu[i] True) list alternative decompositions.

    children[i] of a menu node are its alternatives (decomposition nodes, in file order);
    aggregators[i] and queries[i] are None there. `internal()` lists the decomposition nodes
    only (every node with an aggregator, chosen or not).
    """

    menu: tuple[bool, ...] = ()

    def is_menu(self, node: int) -> bool:
        return self.menu[node]

    @property
    def has_menus(self) -> bool:
        return any(self.menu)

    def menus(self) -> list[int]:
        return [i for i, flag in enumerate(self.menu) if flag]

    def internal(self) -> list[int]:
        return [i for i, c in enumerate(self.children) if c and not self.menu[i]]

    def max_width(self) -> int:
        return max((len(self.children[i]) for i in self.internal()), default=0)

    def leaf_counts(self) -> list[int]:
        """Leaves below each node in the realisation that takes every menu's first
        alternative (a menu node counts as its first alternative)."""
        counts = [0] * self.n_nodes
        for node in reversed(range(self.n_nodes)):
            kids = self.children[node]
            if self.menu[node]:
                counts[node] = counts[kids[0]]
            else:
                counts[node] = sum(counts[c] for c in kids) if kids else 1
        return counts


def build_menu_tree(records: dict[str, dict], root_id, description: str) -> Tree:
    """A MenuTree from node records ({"id", "alternatives": [ids]} for a menu node); a Tree
    if no record has alternatives. BadInput (one line) for an ill-formed menu."""
    menu_ids = {node_id for node_id, record in records.items() if "alternatives" in record}
    if not menu_ids:
        return build_tree(records, root_id, description)
    for node_id in menu_ids:
        for alternative in records[node_id]["alternatives"]:
            target = records.get(alternative)
            if target is not None and ("alternatives" in target or "aggregator" not in target):
                raise BadInput(f"node {node_id!r}: alternative {alternative!r} must be a "
                               "decomposition (\"aggregator\" and \"children\"), not a leaf or "
                               "another menu")
    shaped = {node_id: ({**record, "children": record["alternatives"]} if node_id in menu_ids
                        else record) for node_id, record in records.items()}
    tree = build_tree(shaped, root_id, description)
    flags = tuple(node_id in menu_ids for node_id in tree.ids)
    depths = [0] * tree.n_nodes
    for i, kids in enumerate(tree.children):
        for c in kids:
            depths[c] = depths[i] + (0 if flags[i] else 1)
    return MenuTree(tree.ids, tree.aggregators, tree.children, tree.queries, tuple(depths),
                    tree.labels, description, tree.index, flags)


def count_realisations(tree: Tree, node: int | None = None) -> int:
    """The number of realisations (trees Alice's choices can form) below a node."""
    count = [1] * tree.n_nodes
    for i in reversed(range(tree.n_nodes)):
        kids = tree.children[i]
        if tree.is_menu(i):
            count[i] = sum(count[c] for c in kids)
        elif kids:
            total = 1
            for c in kids:
                total *= count[c]
            count[i] = total
    return count[tree.root if node is None else node]


@api(tree=instance(Tree, what="a Tree"),
     choice=integer_mapping("a dict {menu node index: alternative}"), description=TEXT)
def realise(tree: Tree, choice: dict[int, int], description: str = "") -> Tree:
    """The realisation taking alternative choice[m] (0-based) at every menu node m reached.

    >>> from verify import realise
    >>> from verify.trees.tree_file import parse_tree
    >>> leaf = lambda name: {"id": name, "query": name}
    >>> tree = parse_tree({"format": "fbs-tree/2", "root": {"id": "r", "alternatives": [
    ...     {"id": "A", "aggregator": "and:2", "children": [leaf("x"), leaf("y")]},
    ...     {"id": "B", "aggregator": "or:2", "children": [leaf("u"), leaf("v")]}]}}, menus=True)
    >>> realise(tree, {0: 1}).ids
    ('B', 'u', 'v')
    """
    _check_choice(tree, choice)
    records, stack = [], [tree.root]
    root_id = None
    while stack:
        node = _resolve(tree, stack.pop(), choice)
        root_id = root_id or tree.ids[node]
        record = {"id": tree.ids[node]}
        if tree.labels and tree.labels[node]:
            record["label"] = tree.labels[node]
        if tree.is_leaf(node):
            record["query"] = tree.queries[node]
        else:
            kids = [_resolve(tree, c, choice) for c in tree.children[node]]
            record.update(aggregator=tree.aggregators[node], children=[tree.ids[c] for c in kids])
            stack.extend(reversed(kids))
        records.append(record)
    return from_records(records, root_id, description or tree.description)


def _check_choice(tree: Tree, choice: dict[int, int]) -> None:
    """BadInput unless every key of `choice` is one of the tree's menu nodes (by index) and
    every value an integer: a choice is never silently ignored."""
    for node, index in choice.items():
        if type(node) is not int or not 0 <= node < tree.n_nodes or not tree.is_menu(node):
            raise BadInput(f"the choice names {node!r:.40}, which is not the index of a menu "
                           "node of the tree (a fixed tree has none)")
        if type(index) is not int:
            raise BadInput(f"menu node {tree.ids[node]!r}: the alternative must be an integer, "
                           f"got {index!r:.40}")


def _resolve(tree: Tree, node: int, choice: dict[int, int]) -> int:
    """The decomposition node standing for `node`: itself, or the chosen alternative."""
    while tree.is_menu(node):
        alternatives = tree.children[node]
        index = choice.get(node)
        if index is None or not 0 <= index < len(alternatives):
            raise BadInput(f"menu node {tree.ids[node]!r}: choose an alternative in "
                           f"0..{len(alternatives) - 1}, got {index!r}")
        node = alternatives[index]
    return node


@api(tree=instance(Tree, what="a Tree"), limit=integer(1))
def realisations(tree: Tree,
                 limit: int = MAX_REALISATIONS) -> Iterator[tuple[dict[int, int], Tree]]:
    """Every realisation as (choice {menu node: alternative}, Tree), in lexicographic order
    of the choices at the menus reached (a menu below an unchosen alternative is not set).

    >>> from verify import realisations
    >>> from verify.trees.tree_file import parse_tree
    >>> leaf = lambda name: {"id": name, "query": name}
    >>> tree = parse_tree({"format": "fbs-tree/2", "root": {"id": "r", "alternatives": [
    ...     {"id": "A", "aggregator": "and:2", "children": [leaf("x"), leaf("y")]},
    ...     {"id": "B", "aggregator": "or:2", "children": [leaf("u"), leaf("v")]}]}}, menus=True)
    >>> [(choice, realised.ids) for choice, realised in realisations(tree)]
    [({0: 0}, ('A', 'x', 'y')), ({0: 1}, ('B', 'u', 'v'))]
    """
    if not tree.has_menus:
        yield {}, tree
        return
    total = count_realisations(tree)
    if total > limit:
        raise TooLarge(f"the menu tree has {total} realisations; enumerating them is for at "
                       f"most {limit}")
    for choice in _choices(tree, tree.root):
        yield choice, realise(tree, choice)


def _choices(tree: Tree, node: int):
    """Every choice map for the menus reachable below `node`."""
    if tree.is_leaf(node):
        yield {}
    elif tree.is_menu(node):
        for index, alternative in enumerate(tree.children[node]):
            for below in _choices(tree, alternative):
                yield {node: index, **below}
    else:
        for parts in product(*[list(_choices(tree, c)) for c in tree.children[node]]):
            merged: dict[int, int] = {}
            for part in parts:
                merged.update(part)
            yield merged


def random_menu_tree(seed: int, depth: int, aggregators, menu_probability: float = 0.5,
                     alternatives: int = 2) -> tuple[MenuTree | Tree, dict[str, int]]:
    """A seeded random menu tree of uniform depth with an oracle under which every menu's
    alternatives agree (built top-down: each alternative aims at its problem's value).

    Every problem above the leaves is a menu with probability `menu_probability`, offering
    `alternatives` decompositions with aggregators drawn from `aggregators` (non-constant
    specs); leaf queries are the (distinct) leaf ids.
    """
    import random

    from verify.functions.aggregators import aggregator_function

    rng = random.Random(seed)
    tables = {spec: aggregator_function(spec).truth_table() for spec in aggregators}
    records: list[dict] = []
    oracle: dict[str, int] = {}

    def problem(node_id: str, level: int, value: int) -> None:
        if level == depth:
            records.append({"id": node_id, "query": node_id})
            oracle[node_id] = value
            return
        count = alternatives if rng.random() < menu_probability else 1
        ids = [f"{node_id}/{k + 1}" for k in range(count)] if count > 1 else [node_id]
        if count > 1:
            records.append({"id": node_id, "alternatives": ids})
        for alt_id in ids:
            spec = rng.choice([s for s in aggregators if value in tables[s]])
            q = aggregator_function(spec).arity
            z = rng.choice([index for index, bit in enumerate(tables[spec]) if bit == value])
            kids = [f"{alt_id}.{i + 1}" for i in range(q)]
            records.append({"id": alt_id, "aggregator": spec, "children": kids})
            for i, kid in enumerate(kids):
                problem(kid, level + 1, (z >> (q - 1 - i)) & 1)

    problem("r", 0, rng.randrange(2))
    by_id = {record["id"]: record for record in records}
    return build_menu_tree(by_id, "r", f"random menu tree (seed {seed}, depth {depth})"), oracle
