"""The public API of paper Sections 3.1 and 3.2: decomposition trees and oracles.

Every function that takes a tree or an oracle accepts either the object (a `Tree`, a dict
{query: 0 or 1}) or the path of an `fbs-tree/1` / `fbs-oracle/1` file (docs/formats.md).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from fractions import Fraction

from verify.base.arguments import FLAG, PATH, TEXT, PathArg, api, instance, optional
from verify.base.errors import BadInput
from verify.base.files import check_paths, write_texts_atomic
from verify.base.notebook import NotebookView
from verify.base.numbers import fraction_text, integer_field, json_text

from .builders import literature_tree, random_tree, uniform_queries, uniform_tree
from .kinds import ORACLE, TREE, OracleArg, TreeArg
from .local_fbs import honest_fbs
from .menus import count_realisations, realisations, realise
from .model import Tree, UniformTree
from .oracles import (
    LeafBits,
    load_oracle,
    loaded_oracle,
    node_values,
    oracle_document,
    random_oracle,
)
from .tree_file import (
    MenusRefused,
    load_menu_tree,
    load_menu_tree_description,
    load_tree,
    load_tree_description,
    tree_document,
)

__all__ = ["Tree", "as_oracle", "as_tree", "literature_tree", "load_menu_tree", "load_oracle",
           "load_tree", "node_values", "random_oracle", "random_tree", "realisations", "realise",
           "tree_info", "uniform_tree", "write_tree"]


def as_tree(tree: Tree | UniformTree | str | os.PathLike, *, compact: bool = False):
    """A Tree, or the path of an fbs-tree/1 file read and validated; a UniformTree (or a
    uniform file) stays compact with compact=True, else it is listed."""
    if isinstance(tree, UniformTree):
        return tree if compact else uniform_tree(tree.aggregator, tree.depth)
    if isinstance(tree, Tree):
        if tree.has_menus:
            raise MenusRefused("the tree offers alternative decompositions (menus); this "
                               "function takes a fixed tree (verify.trees.menus.realise fixes one)")
        return tree
    return load_tree_description(tree) if compact else load_tree(tree)


def as_menu_tree(tree: Tree | UniformTree | str | os.PathLike, *, compact: bool = False):
    """Like as_tree (listed), but a tree with menus (fbs-tree/2, a MenuTree) is accepted; a
    UniformTree (or a uniform file) stays compact with compact=True."""
    if isinstance(tree, UniformTree):
        return tree if compact else uniform_tree(tree.aggregator, tree.depth)
    if isinstance(tree, Tree):
        return tree
    return load_menu_tree_description(tree) if compact else load_menu_tree(tree)


def as_oracle(oracle: dict | LeafBits | str | os.PathLike, tree=None) -> dict[str, int]:
    """Oracle answers {query: 0 or 1}, or the path of an fbs-oracle/1 file; leaf bits
    (`LeafBits`, the "bits" form) are read against the (listed) tree."""
    loaded = loaded_oracle(oracle)
    if isinstance(loaded, LeafBits):
        if tree is None:
            raise BadInput("an oracle given as leaf bits needs its tree")
        return loaded.answers(tree)
    return loaded


def oracle_bits(oracle, tree: UniformTree) -> str:
    """The leaf bits of an oracle for a UniformTree (answers are read at Q(id) in leaf order)."""
    loaded = loaded_oracle(oracle)
    if isinstance(loaded, LeafBits):
        loaded.require_length(tree.n_leaves)
        return loaded.bits
    return LeafBits.from_answers(loaded, uniform_queries(tree)).bits


def source_name(item) -> str | None:
    """The file name an argument was given as (None for an in-memory object)."""
    return os.fspath(item) if isinstance(item, (str, os.PathLike)) else None


def input_files(tree=None, oracle=None, loaded=None) -> list[tuple[str | None, str]]:
    """The files a tree command reads: the tree and oracle files, the cnf: files of the
    aggregators (for the input/output check of verify.base.files.check_paths)."""
    from verify.functions.spec import cnf_paths

    found = [(source_name(tree), "the tree"), (source_name(oracle), "the oracle")]
    if isinstance(loaded, UniformTree):
        specs = {loaded.aggregator}
    elif loaded is not None:
        specs = {loaded.aggregators[i] for i in loaded.internal()}
    else:
        specs = set()
    found += [(path, "a cnf: aggregator") for spec in sorted(specs) for path in cnf_paths(spec)]
    return found


@api(path=PATH, tree=instance(Tree, UniformTree, what="a Tree"), nested=FLAG,
     oracle_path=optional(PATH), oracle=optional(ORACLE), oracle_description=TEXT)
def write_tree(path: PathArg, tree: Tree | UniformTree, *, nested: bool = False,
               oracle_path: PathArg | None = None,
               oracle: dict | LeafBits | None = None, oracle_description: str = "") -> None:
    """Write the tree (flat layout unless nested; a UniformTree as its `uniform`
    description) and optionally its oracle, atomically.

    >>> import os, tempfile
    >>> from verify import load_tree, uniform_tree, write_tree
    >>> folder = tempfile.mkdtemp()
    >>> tree = uniform_tree("maj:3", 2)
    >>> write_tree(os.path.join(folder, "t.json"), tree)
    >>> load_tree(os.path.join(folder, "t.json")).n_nodes
    13
    """
    if (oracle is None) != (oracle_path is None):
        raise BadInput("write_tree: give both oracle and oracle_path, or neither")
    check_paths([(path, "the tree output"), (oracle_path, "the oracle output")],
                input_files(loaded=tree))
    items = [(path, json_text(tree_document(tree, nested), indent=1 if nested else None) + "\n")]
    if oracle_path is not None:
        document = oracle_document(loaded_oracle(oracle), oracle_description)
        items.append((oracle_path, json_text(document, indent=None if "bits" in document else 1)
                      + "\n"))
    write_texts_atomic(items)


@dataclass(frozen=True, repr=False)
class TreeInfo(NotebookView):
    """A validated tree's shape and, with an oracle, its true root value and honest fbs."""

    source: str | None
    description: str
    nodes: int
    leaves: int
    depth: int
    uniform_depth: bool
    max_width: int
    aggregators: tuple[str, ...]
    distinct_queries: int
    root_value: int | None = None
    min_rho_for_fbs_condition: Fraction | None = None  # max honest local fbs (Theorem 4.1)
    max_fbs_node: str | None = None
    menus: int = 0  # menu nodes (fbs-tree/2); 0 for a fixed tree
    realisations: int = 1  # the fixed trees Alice's menu choices can form

    def to_json(self) -> dict:
        """The JSON document `fbs tree info --json` prints (menus and realisations only for
        a tree with menus)."""
        document = {"tree": self.source, "description": self.description, "nodes": self.nodes,
                    "leaves": self.leaves, "depth": self.depth,
                    "uniform_depth": self.uniform_depth, "max_width": self.max_width,
                    "aggregators": list(self.aggregators),
                    "distinct_queries": self.distinct_queries}
        if self.menus:
            document.update(menus=self.menus, realisations=integer_field(self.realisations))
        if self.root_value is not None:
            rho = self.min_rho_for_fbs_condition
            document.update(root_value=self.root_value,
                            min_rho_for_fbs_condition=None if rho is None else fraction_text(rho),
                            max_fbs_node=self.max_fbs_node)
        return document


@api(tree=TREE, oracle=optional(ORACLE))
def tree_info(tree: TreeArg, oracle: OracleArg | None = None) -> TreeInfo:
    """Summarise a tree; with an oracle, the true root value and the smallest rho for which
    the FBS condition of Theorem 4.1 holds (the largest honest local fbs). A tree with menus
    (fbs-tree/2) is read too: it also counts its menus and realisations, and its rho is the
    least over realisations of their largest honest local fbs (`smallest_rho`: the honest
    Alice picks the alternatives, Proposition H).

    >>> from verify import random_oracle, tree_info, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> info = tree_info(tree, random_oracle(tree, seed=0))
    >>> info.leaves, info.depth, info.min_rho_for_fbs_condition
    (9, 2, Fraction(2, 1))
    """
    try:
        loaded = as_tree(tree, compact=oracle is None)
    except MenusRefused:
        loaded = as_menu_tree(tree)
    if isinstance(loaded, UniformTree):  # described: nothing to list
        return TreeInfo(source_name(tree), loaded.description, loaded.n_nodes, loaded.n_leaves,
                        loaded.depth, True, loaded.width if loaded.depth else 0,
                        (loaded.aggregator,) if loaded.depth else (), loaded.n_leaves)
    info = TreeInfo(source_name(tree), loaded.description, loaded.n_nodes, len(loaded.leaves()),
                    loaded.depth, loaded.is_uniform, loaded.max_width(),
                    tuple(sorted({loaded.aggregators[i] for i in loaded.internal()})),
                    len({loaded.queries[i] for i in loaded.leaves()}))
    if loaded.has_menus:
        info = replace(info, menus=len(loaded.menus()), realisations=count_realisations(loaded))
    if oracle is None:
        return info
    values = node_values(loaded, as_oracle(oracle, loaded))
    rho, node = smallest_rho(loaded, honest_fbs(loaded, values))
    return replace(info, root_value=values[loaded.root], min_rho_for_fbs_condition=rho,
                   max_fbs_node=None if node is None else loaded.ids[node])


def smallest_rho(tree: Tree, local: dict) -> tuple:
    """(rho, node): the smallest rho for which the FBS condition of Theorem 4.1 holds, and
    the node whose honest local fbs equals it. On a fixed tree the largest honest local fbs;
    with menus, the least over realisations of that largest value (Proposition H: the honest
    Alice may pick the alternatives), by a min over a menu's alternatives and a max over a
    decomposition's node and children, ties to the first. (None, None) without a node."""
    best: dict[int, tuple] = {}
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if not kids:
            best[node] = (None, None)
        elif tree.is_menu(node):
            best[node] = min((best[c] for c in kids), key=_rho_key)
        else:
            best[node] = max([(local[node], node)] + [best[c] for c in kids], key=_rho_key)
    return best[tree.root]


def _rho_key(pair: tuple):
    return (-1 if pair[0] is None else pair[0])
