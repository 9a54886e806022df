"""Human-judgment oracles O: query string -> bit (paper Section 3.1), format `fbs-oracle/1`.

    {"format": "fbs-oracle/1", "answers": {"query string": 0 or 1, ...}}
    {"format": "fbs-oracle/1", "bits": "0110..."}   (one bit per leaf of the tree it is used
                                                    with, leaves depth-first left to right)

An oracle may answer more queries than a tree asks; a leaf query it does not answer is
bad input. The bit-string form (`LeafBits`) is how large uniform trees' oracles are written. `node_values` is the bottom-up evaluation val_O(u) of paper Section 5 (Setup),
i.e. the correct answers L(x_u) of Definition 3.2 at every node.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from numbers import Integral
from pathlib import Path

from verify.base.arguments import PATH, api, instance, integer, number
from verify.base.errors import BadInput
from verify.base.files import read_json, write_json
from verify.base.lazy import numpy as np

from .model import Tree, UniformTree

FORMAT = "fbs-oracle/1"


@api(path=PATH)
def load_oracle(path: str | Path) -> dict[str, int]:
    """Read and validate an `fbs-oracle/1` file.

    >>> import json, os, tempfile
    >>> from verify import load_oracle
    >>> path = os.path.join(tempfile.mkdtemp(), "oracle.json")
    >>> with open(path, "w") as handle:
    ...     json.dump({"format": "fbs-oracle/1", "answers": {"Is it raining?": 1}}, handle)
    >>> load_oracle(path)
    {'Is it raining?': 1}"""
    document = read_json(path, "oracle")
    try:
        return parse_oracle(document)
    except BadInput as error:
        raise BadInput(f"oracle {str(path)!r}: {error}") from None


def is_bit_string(text: str) -> bool:
    """Only 0s and 1s: the ASCII bytes with 0 and 1 deleted are empty (one pass in C;
    str.strip("01") and str.count are ten times slower on 43 million leaf bits)."""
    try:
        return not text.encode("ascii").translate(None, b"01")
    except UnicodeEncodeError:
        return False


@dataclass(frozen=True)
class LeafBits:
    """An oracle given as one answer per leaf, in depth-first left-to-right leaf order."""

    bits: str

    def __post_init__(self):
        if not isinstance(self.bits, str) or not self.bits or not is_bit_string(self.bits):
            raise BadInput(f"leaf bits must be a non-empty string of 0s and 1s, got "
                           f"{self.bits!r:.40}")

    def answers(self, tree) -> dict[str, int]:
        """{query: bit} for a listed Tree (BadInput if the lengths differ)."""
        leaves = leaf_order(tree)
        self.require_length(len(leaves))
        answers: dict[str, int] = {}
        for leaf, bit in zip(leaves, self.bits):
            query = tree.queries[leaf]
            if answers.setdefault(query, int(bit)) != int(bit):
                raise BadInput(f"the leaf bits answer the query {query[:60]!r}, asked at more "
                               f"than one leaf, both 0 and 1 (leaf {tree.ids[leaf]!r})")
        return answers

    @classmethod
    def from_answers(cls, answers: dict[str, int], queries) -> "LeafBits":
        """The answers to `queries` (in leaf order) as leaf bits."""
        bits = []
        for query in queries:
            if query not in answers:
                raise BadInput(f"the oracle does not answer the leaf query {query[:60]!r}")
            bits.append("1" if answers[query] else "0")
        return cls("".join(bits))

    def require_length(self, leaves: int) -> None:
        if len(self.bits) != leaves:
            raise BadInput(f"the oracle has {len(self.bits)} leaf bits but the tree has "
                           f"{leaves} leaves")


def leaf_order(tree: Tree) -> list[int]:
    """The leaves in depth-first, left-to-right order: the variable order of F_T."""
    order, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        if tree.is_leaf(node):
            order.append(node)
        stack.extend(reversed(tree.children[node]))
    return order


def parse_oracle(document: dict) -> dict[str, int] | LeafBits:
    """Validate an `fbs-oracle/1` document; return the answers as {query: 0/1}, or the
    leaf bits of the `bits` form."""
    if document.get("format") != FORMAT:
        raise BadInput(f"missing or unsupported \"format\" (expected {FORMAT!r}, "
                       f"got {document.get('format')!r})")
    unknown = set(document) - {"format", "answers", "bits", "description"}
    if unknown:
        raise BadInput(f"unknown top-level key {sorted(unknown)[0]!r}")
    if "bits" in document:
        bits = document["bits"]
        if "answers" in document or not isinstance(bits, str) or not bits or \
                not is_bit_string(bits):
            raise BadInput("\"bits\" must be a non-empty string of 0s and 1s (and then no "
                           "\"answers\")")
        return LeafBits(bits)
    answers = document.get("answers")
    if not isinstance(answers, dict):
        raise BadInput("\"answers\" must be an object mapping query strings to 0 or 1")
    for query, bit in answers.items():
        if isinstance(bit, bool):  # JSON true/false: the format's answers are the numbers 0, 1
            raise BadInput(f"the answer to {query[:60]!r} must be 0 or 1, got {bit!r}")
    return checked_answers(answers)


def checked_oracle(oracle) -> dict[str, int] | LeafBits | str | os.PathLike:
    """THE validation of an oracle argument, which every public function taking an oracle
    receives through its `@api` kind (verify.trees.kinds.ORACLE) and again where it reads it
    (`verify.trees.api.as_oracle`): a dict's answers checked and made Python ints
    (`checked_answers`), leaf bits checked, a path left to be read (`load_oracle` checks the
    file's answers with the same `checked_answers`)."""
    if isinstance(oracle, dict):
        return checked_answers(oracle)
    if isinstance(oracle, LeafBits):
        return LeafBits(oracle.bits)  # re-checked: a frozen dataclass can still be altered
    if isinstance(oracle, (str, os.PathLike)):
        return oracle
    raise BadInput("expected a dict {query: 0 or 1}, LeafBits or the path of an oracle file")


def loaded_oracle(oracle) -> dict[str, int] | LeafBits:
    """The oracle argument validated (`checked_oracle`), a path read."""
    checked = checked_oracle(oracle)
    return checked if isinstance(checked, (dict, LeafBits)) else load_oracle(checked)


def checked_answers(answers: dict) -> dict[str, int]:
    """The one rule for an oracle's answers, a file's or Python's: string queries, answers the
    integers 0 or 1, returned as Python ints. In Python an answer may be any integer type
    equal to 0 or 1 (int, bool, numpy or sympy integers, numpy bools); never coerced from
    anything else: -1, 2, 1.0, "1", Fraction(1) and None are refused."""
    values = answers.values()
    if set(map(type, answers)) <= {str} and set(map(type, values)) <= {int} and \
            set(values) <= {0, 1}:
        return dict(answers)  # the common case, at C speed: already strings to Python 0/1
    checked = {}
    for query, bit in answers.items():
        if not isinstance(query, str):
            raise BadInput(f"an oracle's queries are strings, got {query!r:.60}")
        if not isinstance(bit, (Integral, np.bool_)) or bit not in (0, 1):
            raise BadInput(f"the answer to {query[:60]!r} must be 0 or 1, got {bit!r:.40}")
        checked[query] = int(bit)
    return checked


def oracle_document(answers: dict[str, int] | LeafBits, description: str = "") -> dict:
    """The `fbs-oracle/1` document of an oracle."""
    document = {"format": FORMAT}
    if description:
        document["description"] = description
    if isinstance(answers, LeafBits):
        document["bits"] = answers.bits
    else:
        document["answers"] = dict(answers)
    return document


def write_oracle(path: str | Path, answers: dict[str, int], description: str = "") -> None:
    """Write an oracle file atomically."""
    write_json(path, oracle_document(answers, description))


def check_covers(tree: Tree, answers: dict[str, int]) -> None:
    """BadInput unless the oracle answers every leaf query of the tree."""
    missing = [i for i in tree.leaves() if tree.queries[i] not in answers]
    if missing:
        first = missing[0]
        raise BadInput(f"leaf {tree.ids[first]!r} asks {tree.queries[first][:60]!r}, which the "
                       f"oracle does not answer ({len(missing)} leaf query(ies) missing)")


def _oracle_kind(value):
    if isinstance(value, (dict, LeafBits, str, os.PathLike)):
        return None
    return "expected a dict {query: 0 or 1}, LeafBits or the path of an oracle file"


ORACLE = _oracle_kind
ORACLE.normal = checked_oracle  # the kind of every public oracle argument (verify.trees.kinds)


@api(tree=instance(Tree, what="a Tree"), answers=ORACLE)
def node_values(tree: Tree, answers: dict[str, int]) -> list[int]:
    """val_O(u) at every node, bottom-up (leaves: O(q_u); internal: phi_u of the children).

    >>> from verify import node_values, uniform_tree
    >>> tree = uniform_tree("and:2", 1)
    >>> node_values(tree, {"Q(r.1)": 1, "Q(r.2)": 0})
    [0, 1, 0]"""
    answers = loaded_oracle(answers)  # any form of oracle (checked_oracle): also LeafBits, a path
    if isinstance(answers, LeafBits):
        answers = answers.answers(tree)
    check_covers(tree, answers)
    values = [0] * tree.n_nodes
    menus = frozenset(tree.menus()) if tree.has_menus else frozenset()
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if node in menus:
            values[node] = _menu_value(tree, node, values)
        elif kids:
            values[node] = tree.aggregators[node].evaluate([values[c] for c in kids])
        else:
            values[node] = answers[tree.queries[node]]
    return values


def _menu_value(tree: Tree, node: int, values) -> int:
    """The value of a menu node: the common value of its alternatives (each must be a correct
    decomposition of the same problem, Definition 3.2); BadInput if they disagree."""
    kids = tree.children[node]
    found = {values[c] for c in kids}
    if len(found) > 1:
        zero = next(tree.ids[c] for c in kids if values[c] == 0)
        one = next(tree.ids[c] for c in kids if values[c] == 1)
        raise BadInput(f"menu node {tree.ids[node]!r}: its alternatives disagree under the oracle "
                       f"({zero!r} evaluates to 0, {one!r} to 1); every alternative must be a "
                       "correct decomposition of the same problem (Definition 3.2)")
    return values[kids[0]]


@api(tree=instance(Tree, UniformTree, what="a Tree"), seed=integer(0), ones=number(0, 1))
def random_oracle(tree: Tree | UniformTree, seed: int, ones: float = 0.5) -> dict[str, int] | LeafBits:
    """Seeded random answers: each leaf query is 1 with probability `ones` (leaf order).

    For a UniformTree the same draws, as LeafBits (its leaves are distinct and in order).

    >>> from verify import random_oracle, uniform_tree
    >>> tree = uniform_tree("or:2", 2)
    >>> random_oracle(tree, seed=5) == random_oracle(tree, seed=5), len(random_oracle(tree, seed=5))
    (True, 4)"""
    if not 0 <= ones <= 1:
        raise BadInput("the probability of a 1 answer must be in [0, 1]")
    rng = random.Random(seed)
    if isinstance(tree, UniformTree):
        return LeafBits("".join("1" if rng.random() < ones else "0" for _ in range(tree.n_leaves)))
    answers: dict[str, int] = {}
    for node in tree.leaves():
        query = tree.queries[node]
        bit = int(rng.random() < ones)
        answers.setdefault(query, bit)
    return answers
