"""Trees and oracles inside sweep jobs: validated descriptions, built with the public builders.

A description is a small JSON object (verify.sweep.jobs): a uniform tree, a seeded random
tree or a whole fbs-tree/1 document; a seeded random oracle, explicit answers or an
fbs-oracle/1 document. Files are read on the submitting machine so that a remote worker
needs no access to them. Paper Sections 3.1-3.2 (trees, oracles).
"""

from __future__ import annotations

import hashlib

from verify.base.errors import BadInput
from verify.base.numbers import canonical_json
from verify.trees.api import load_tree, random_oracle, random_tree, uniform_tree
from verify.trees.model import Tree
from verify.trees.oracles import LeafBits, check_covers, load_oracle, parse_oracle
from verify.trees.tree_file import parse_tree, tree_document


def normalize_tree(raw) -> dict:
    """A canonical tree description; the tree is built once here to validate it."""
    if not isinstance(raw, dict) or len(raw.keys() & {"uniform", "random", "file",
                                                      "document"}) != 1:
        raise BadInput("\"tree\" must be an object with one of \"uniform\", \"random\", "
                       "\"file\" or \"document\"")
    if "file" in raw:
        raw = {"document": tree_document(load_tree(_string(raw, "file")))}
    if "uniform" in raw:
        description = {"uniform": _string(raw, "uniform"), "depth": _integer(raw, "depth")}
    elif "random" in raw:
        aggregators = raw.get("aggregators")
        if not isinstance(aggregators, list) or not all(isinstance(a, str) for a in aggregators):
            raise BadInput("a random tree needs \"aggregators\": a list of aggregator specs")
        probability = raw.get("leaf_probability", 0)
        if type(probability) not in (int, float):
            raise BadInput("\"leaf_probability\" must be a number in [0, 1]")
        description = {"random": _integer(raw, "random"), "depth": _integer(raw, "depth"),
                       "aggregators": aggregators, "leaf_probability": probability}
    else:
        description = {"document": raw["document"]}
    _check_keys(raw, description)
    build_tree(description)
    return description


def normalize_oracle(raw) -> dict:
    """A canonical oracle description: seeded random, or explicit answers."""
    if not isinstance(raw, dict) or len(raw.keys() & {"random", "answers", "file"}) != 1:
        raise BadInput("\"oracle\" must be an object with one of \"random\", \"answers\" or "
                       "\"file\"")
    if "random" in raw:
        ones = raw.get("ones", 0.5)
        if type(ones) not in (int, float) or not 0 <= ones <= 1:
            raise BadInput("the oracle's \"ones\" must be a number in [0, 1]")
        description = {"random": _integer(raw, "random"), "ones": ones}
    elif "file" in raw:  # answers by query, or (a uniform tree's file) bits in leaf order
        loaded = load_oracle(_string(raw, "file"))
        description = ({"bits": loaded.bits} if isinstance(loaded, LeafBits)
                       else {"answers": dict(loaded)})
    else:
        description = {"answers": parse_oracle({"format": "fbs-oracle/1",
                                                "answers": raw["answers"]})}
    _check_keys(raw, {"file": 0} if "file" in raw else description)
    return description


def build_tree(description: dict) -> Tree:
    """The Tree of a canonical description (same description, same tree)."""
    if "uniform" in description:
        return uniform_tree(description["uniform"], description["depth"])
    if "random" in description:
        return random_tree(description["random"], description["depth"],
                           list(description["aggregators"]), description["leaf_probability"])
    return parse_tree(description["document"])


def build_oracle(description: dict, tree: Tree) -> dict[str, int]:
    """The oracle's answers for `tree`; BadInput if a leaf query is not answered."""
    if "random" in description:
        return random_oracle(tree, description["random"], description["ones"])
    if "bits" in description:
        return LeafBits(description["bits"]).answers(tree)
    answers = dict(description["answers"])
    check_covers(tree, answers)
    return answers


def tree_label(description: dict) -> str:
    """The `spec` column of a tree row: the builder and its arguments, or a document's hash."""
    if "uniform" in description:
        return f"uniform:{description['depth']}:{description['uniform']}"
    if "random" in description:
        return (f"random:{description['random']}:{description['depth']}:"
                f"{','.join(description['aggregators'])}@{description['leaf_probability']}")
    digest = hashlib.sha256(canonical_json(description["document"]).encode()).hexdigest()
    return f"document:{digest[:16]}"


def oracle_bits(tree: Tree, answers: dict[str, int]) -> str:
    """The `input` column of a tree row: the oracle's answers at the leaves, in leaf order."""
    return "".join(str(answers[tree.queries[leaf]]) for leaf in tree.leaves())


def _string(raw: dict, key: str) -> str:
    if not isinstance(raw.get(key), str):
        raise BadInput(f"\"{key}\" must be a string")
    return raw[key]


def _integer(raw: dict, key: str) -> int:
    if type(raw.get(key)) is not int or raw[key] < 0:
        raise BadInput(f"\"{key}\" must be a non-negative integer")
    return raw[key]


def _check_keys(raw: dict, description: dict) -> None:
    allowed = set(description) | {"leaf_probability", "ones"}
    unknown = set(raw) - allowed
    if unknown:
        raise BadInput(f"unknown key {sorted(unknown)[0]!r} in a tree or oracle description")
