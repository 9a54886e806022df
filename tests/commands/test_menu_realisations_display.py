"""Issue 40, section 3: `fbs debate worst-case` and `completeness` on a tree whose 16,384
menu nodes give 2^16,384 realisations printed the count through str(int), past Python's
4,300-digit limit (exit 3). The tree is built here: an and:2 tree of depth 14 over 16,384
menus, each offering two and:1 alternatives over a leaf of its own."""

from __future__ import annotations

import io
import json

import pytest

from tests.cli_run import fbs_cli
from verify.base.numbers import count_display
from verify.commands.debate import _print_menus


def test_counts_of_any_size_are_shown_without_str():
    assert count_display(3) == "3" and count_display(2**99 + 1) == str(2**99 + 1)
    assert count_display(2**16384) == "2^16384"
    # 10000 log10(3) = 4771.2...: 4772 digits, led by 10^0.2... = 1.6313...
    assert count_display(3**10000) == "163135... (4772 digits)"


def test_the_menu_line_shows_a_count_beyond_the_digit_limit():
    stream = io.StringIO()
    _print_menus({"menu_nodes": 16384, "realisations": 2**16384,
                  "honest_alternatives": {"m": "m/a"}}, stream)
    assert "16384 menu node(s), 2^16384 realisation(s)" in stream.getvalue()


def menu_tree(depth: int) -> tuple[dict, dict]:
    """(tree, oracle) documents: and:2 nodes down to 2^depth menus, alternatives a and b each
    and:1 over a leaf; every answer 1 (the root is true)."""
    nodes, answers = [], {}
    for level in range(depth):
        for k in range(2**level):
            name = f"n{level}.{k}"
            nodes.append({"id": name, "aggregator": "and:2",
                          "children": [_child(level + 1, 2 * k + j, depth) for j in (0, 1)]})
    for k in range(2**depth):
        nodes.append({"id": f"m{k}", "alternatives": [f"m{k}a", f"m{k}b"]})
        for side in "ab":
            nodes.append({"id": f"m{k}{side}", "aggregator": "and:1", "children": [f"l{k}{side}"]})
            nodes.append({"id": f"l{k}{side}", "query": f"q{k}{side}"})
            answers[f"q{k}{side}"] = 1
    return ({"format": "fbs-tree/2", "root": "n0.0", "nodes": nodes},
            {"format": "fbs-oracle/1", "answers": answers})


def _child(level: int, k: int, depth: int) -> str:
    return f"m{k}" if level == depth else f"n{level}.{k}"


@pytest.mark.slow
@pytest.mark.parametrize("command", ["worst-case", "completeness"])
def test_a_tree_with_2_to_the_16384_realisations(command, tmp_path, capsys):
    tree, oracle = menu_tree(14)
    (tmp_path / "t.json").write_text(json.dumps(tree))
    (tmp_path / "o.json").write_text(json.dumps(oracle))
    code, out, err = fbs_cli(capsys, "debate", command, tmp_path / "t.json", "--oracle",
                             tmp_path / "o.json", "--rho", "2")
    assert code in (0, 1) and "internal error" not in err, err
    assert "16384 menu node(s), 2^16384 realisation(s)" in out
