"""The argument kinds of trees and oracles (verify.base.arguments): what the public functions
of paper Sections 3.1-5 accept as a tree or an oracle before reading it."""

from __future__ import annotations

import os
from typing import Union

from verify.base.arguments import PathArg

from .model import Tree, UniformTree
from .oracles import ORACLE, LeafBits


def _tree(value):
    if isinstance(value, (Tree, UniformTree, str, os.PathLike)):
        return None
    return "expected a Tree (uniform_tree, load_tree, ...) or the path of a tree file"


TREE = _tree
# ORACLE validates with verify.trees.oracles.checked_oracle
__all__ = ["ORACLE", "TREE", "OracleArg", "TreeArg"]

# the annotations of the same arguments
TreeArg = Union[Tree, UniformTree, PathArg]
OracleArg = Union[dict[str, int], LeafBits, PathArg]
