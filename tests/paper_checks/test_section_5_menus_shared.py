"""The shared-query menu tree of section_5_menus (docs/menus.md): what the single query b does
and does not do (issue 30: "one query (b) decides" was false). Independent source: the menu
tree evaluated under each of the 8 oracles by `node_values` (illegal ones raise)."""

from itertools import product
from pathlib import Path

from paper_checks.section_5_menus import shared_query_tree
from verify.base.errors import BadInput
from verify.trees.oracles import node_values

ROOT = Path(__file__).resolve().parents[2]


def _legal_roots() -> dict:
    tree, _ = shared_query_tree()
    roots = {}
    for a, b, c in product((0, 1), repeat=3):
        try:
            roots[(a, b, c)] = node_values(tree, {"a": a, "b": b, "c": c})[tree.root]
        except BadInput:
            pass
    return roots


def test_b_separates_the_reference_from_the_only_legal_root_flip():
    roots = _legal_roots()
    reference = (0, 1, 1)
    flips = [o for o, value in roots.items() if value != roots[reference]]
    assert flips == [(0, 0, 0)] and flips[0][1] != reference[1]


def test_b_does_not_decide_the_root_over_the_legal_oracles():
    roots = _legal_roots()
    assert roots[(1, 0, 1)] != roots[(0, 0, 0)]  # both legal, both b = 0


def test_the_texts_no_longer_say_that_b_decides():
    for path in ("docs/menus.md", "paper_checks/section_5_menus.py"):
        text = " ".join((ROOT / path).read_text().split())
        assert "one query (b) decides" not in text
        assert "answers with the single query b" not in text
        assert "does not decide the root value" in text
