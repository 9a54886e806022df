"""The public API of paper Sections 3.1 and 3.2: decomposition trees and oracles.

Every function that takes a tree or an oracle accepts either the object (a `Tree`, a dict
{query: 0 or 1}) or the path of an `fbs-tree/1` / `fbs-oracle/1` file (docs/formats.md).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from fractions import Fraction

from verify.base.files import check_paths, write_texts_atomic
from verify.base.numbers import fraction_text

from .builders import literature_tree, random_tree, uniform_tree
from .local_fbs import honest_fbs
from .model import Tree
from .oracles import load_oracle, node_values, oracle_document, random_oracle
from .tree_file import load_tree, tree_document

__all__ = ["Tree", "as_oracle", "as_tree", "literature_tree", "load_oracle", "load_tree",
           "node_values", "random_oracle", "random_tree", "tree_info", "uniform_tree",
           "write_tree"]


def as_tree(tree: Tree | str | os.PathLike) -> Tree:
    """A Tree, or the path of an fbs-tree/1 file read and validated."""
    return tree if isinstance(tree, Tree) else load_tree(tree)


def as_oracle(oracle: dict | str | os.PathLike) -> dict[str, int]:
    """Oracle answers {query: 0 or 1}, or the path of an fbs-oracle/1 file."""
    return dict(oracle) if isinstance(oracle, dict) else load_oracle(oracle)


def source_name(item) -> str | None:
    """The file name an argument was given as (None for an in-memory object)."""
    return os.fspath(item) if isinstance(item, (str, os.PathLike)) else None


def input_files(tree=None, oracle=None, loaded: Tree | None = None) -> list[tuple[str | None, str]]:
    """The files a tree command reads: the tree and oracle files, the cnf: files of the
    aggregators (for the input/output check of verify.base.files.check_paths)."""
    from verify.functions.spec import cnf_paths

    found = [(source_name(tree), "the tree"), (source_name(oracle), "the oracle")]
    if loaded is not None:
        specs = {loaded.aggregators[i] for i in loaded.internal()}
        found += [(path, "a cnf: aggregator") for spec in sorted(specs) for path in cnf_paths(spec)]
    return found


def write_tree(path, tree: Tree, *, nested: bool = False, oracle_path=None,
               oracle: dict | None = None, oracle_description: str = "") -> None:
    """Write the tree (flat layout unless nested) and optionally its oracle, atomically.

    >>> import os, tempfile
    >>> from verify import load_tree, uniform_tree
    >>> folder = tempfile.mkdtemp()
    >>> tree = uniform_tree("maj:3", 2)
    >>> write_tree(os.path.join(folder, "t.json"), tree)
    >>> load_tree(os.path.join(folder, "t.json")).n_nodes
    13
    """
    check_paths([(path, "the tree output"), (oracle_path, "the oracle output")],
                input_files(loaded=tree))
    items = [(path, json.dumps(tree_document(tree, nested), indent=1 if nested else None) + "\n")]
    if oracle_path is not None:
        items.append((oracle_path, json.dumps(oracle_document(oracle, oracle_description),
                                              indent=1) + "\n"))
    write_texts_atomic(items)


@dataclass(frozen=True)
class TreeInfo:
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

    def to_json(self) -> dict:
        """The JSON document `fbs tree info --json` prints."""
        document = {"tree": self.source, "description": self.description, "nodes": self.nodes,
                    "leaves": self.leaves, "depth": self.depth,
                    "uniform_depth": self.uniform_depth, "max_width": self.max_width,
                    "aggregators": list(self.aggregators),
                    "distinct_queries": self.distinct_queries}
        if self.root_value is not None:
            rho = self.min_rho_for_fbs_condition
            document.update(root_value=self.root_value,
                            min_rho_for_fbs_condition=None if rho is None else fraction_text(rho),
                            max_fbs_node=self.max_fbs_node)
        return document


def tree_info(tree, oracle=None) -> TreeInfo:
    """Summarise a tree; with an oracle, the true root value and the smallest rho for which
    the FBS condition of Theorem 4.1 holds (the largest honest local fbs).

    >>> from verify import random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> info = tree_info(tree, random_oracle(tree, seed=0))
    >>> info.leaves, info.depth, info.min_rho_for_fbs_condition
    (9, 2, Fraction(2, 1))
    """
    loaded = as_tree(tree)
    info = TreeInfo(source_name(tree), loaded.description, loaded.n_nodes, len(loaded.leaves()),
                    loaded.depth, loaded.is_uniform, loaded.max_width(),
                    tuple(sorted({loaded.aggregators[i] for i in loaded.internal()})),
                    len({loaded.queries[i] for i in loaded.leaves()}))
    if oracle is None:
        return info
    values = node_values(loaded, as_oracle(oracle))
    local = honest_fbs(loaded, values)
    node, rho = max(local.items(), key=lambda item: item[1], default=(None, None))
    return replace(info, root_value=values[loaded.root], min_rho_for_fbs_condition=rho,
                   max_fbs_node=None if node is None else loaded.ids[node])
