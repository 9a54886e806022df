"""Tree and oracle formats (fbs-tree/1, fbs-oracle/1): validation, builders, evaluation."""

import json
import re
from pathlib import Path

import pytest
from reference import threshold_fbs

from verify import fbs
from verify.base.errors import BadInput
from verify.functions.spec import parse_spec
from verify.trees.builders import literature_tree, random_tree, uniform_tree
from verify.trees.oracles import check_covers, load_oracle, node_values, parse_oracle, random_oracle
from verify.trees.tree_file import load_menu_tree, load_tree, parse_tree, tree_document

ROOT = Path(__file__).resolve().parents[2]


def flat(nodes, root="r", **extra):
    return {"format": "fbs-tree/1", "root": root, "nodes": nodes, **extra}


def leaf(node_id, query=None):
    return {"id": node_id, "query": query or f"Q({node_id})"}


def inner(node_id, spec, children):
    return {"id": node_id, "aggregator": spec, "children": children}


GOOD = [inner("r", "maj:3", ["a", "b", "c"]), leaf("a"), leaf("b"), leaf("c")]


def test_flat_and_nested_layouts_describe_the_same_tree():
    nested = {"format": "fbs-tree/1", "root": {"id": "r", "aggregator": "maj:3", "children": [
        {"id": "a", "query": "Q(a)"}, {"id": "b", "query": "Q(b)"}, {"id": "c", "query": "Q(c)"}]}}
    one, two = parse_tree(flat(GOOD)), parse_tree(nested)
    assert one.ids == two.ids == ("r", "a", "b", "c")
    assert one.children == two.children == ((1, 2, 3), (), (), ())
    assert one.depth == 1 and one.is_uniform


@pytest.mark.parametrize("nested", [False, True])
def test_documents_round_trip(nested):
    tree = random_tree(5, 3, ["maj:3", "and:2", "thr:4:2"], leaf_probability=0.4)
    again = parse_tree(json.loads(json.dumps(tree_document(tree, nested))))
    assert (again.ids, again.children, again.aggregators, again.queries) == (
        tree.ids, tree.children, tree.aggregators, tree.queries)


BAD_TREES = [
    (flat(GOOD + [leaf("a")]), "duplicate node id 'a'"),
    (flat([inner("r", "maj:3", ["a", "a", "b"]), leaf("a"), leaf("b")]), "reachable twice"),
    (flat([inner("r", "and:2", ["x", "y"]), inner("x", "or:2", ["y", "z"]), leaf("y"), leaf("z")]),
     "reachable twice"),
    (flat([inner("r", "and:2", ["x", "y"]), inner("x", "or:2", ["r", "z"]), leaf("y"), leaf("z")]),
     "cycle"),
    (flat([inner("r", "maj:3", ["a", "b", "zz"]), leaf("a"), leaf("b")]), "unknown child id 'zz'"),
    (flat(GOOD + [leaf("orphan")]), "not reachable from the root"),
    (flat([inner("r", "maj:5", ["a", "b", "c"]), leaf("a"), leaf("b"), leaf("c")]),
     "arity 5 but the node has 3 children"),
    (flat(GOOD, depth=2), "declared depth 2 but the tree has depth 1"),
    (flat([{"id": "r", "query": "q", "aggregator": "and:1", "children": ["a"]}, leaf("a")]),
     "not both"),
    (flat([{"id": "r"}]), "not neither"),
    (flat([inner("r", "maj:3", [])]), "non-empty list"),
    (flat([inner("r", "nonsense:3", ["a"]), leaf("a")]), "unknown function spec"),
    (flat(GOOD, root="missing"), "root id 'missing'"),
    ({**flat(GOOD), "format": "fbs-tree/3"}, "unsupported \"format\""),
    ({**flat(GOOD), "colour": 1}, "unknown top-level key 'colour'"),
    ({"format": "fbs-tree/1", "root": {"id": "r", "aggregator": "and:2", "children": [
        {"id": "a", "query": "x"}, {"id": "a", "query": "y"}]}}, "occurs twice"),
    (flat([inner("r", "and:2", ["a", 3]), leaf("a")]), "node id strings"),
]


@pytest.mark.parametrize("document, message", BAD_TREES)
def test_bad_trees_are_rejected_with_one_line(document, message):
    with pytest.raises(BadInput) as error:
        parse_tree(document)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_malformed_files(tmp_path):
    broken = tmp_path / "t.json"
    broken.write_text("{\"format\": ")
    with pytest.raises(BadInput, match="not valid JSON"):
        load_tree(broken)
    with pytest.raises(BadInput, match="cannot read tree"):
        load_tree(tmp_path / "absent.json")
    broken.write_text("[1, 2]")
    with pytest.raises(BadInput, match="top level must be a JSON object"):
        load_tree(broken)


def test_uniform_tree_shape():
    tree = uniform_tree("maj:5", 3)
    assert len(tree.leaves()) == 5 ** 3 and tree.n_nodes == 1 + 5 + 25 + 125
    assert tree.depth == 3 and tree.is_uniform
    assert tree.ids[0] == "r" and "r.5.5.5" in tree.index
    assert tree.queries[tree.node("r.2.1.4")] == "Q(r.2.1.4)"


def test_random_trees_are_seeded_and_have_the_requested_depth():
    one = random_tree(11, 4, ["maj:3", "or:2"], leaf_probability=0.5)
    two = random_tree(11, 4, ["maj:3", "or:2"], leaf_probability=0.5)
    assert tree_document(one) == tree_document(two)
    assert one.depth == 4
    assert tree_document(random_tree(12, 4, ["maj:3", "or:2"], 0.5)) != tree_document(one)
    assert random_tree(3, 3, ["maj:3"]).is_uniform


def brute_value(tree, answers, node):
    """L(x_u) by direct recursion, evaluating aggregators with BooleanFunction.__call__."""
    kids = tree.children[node]
    if not kids:
        return answers[tree.queries[node]]
    return parse_spec(tree.aggregators[node])(tuple(brute_value(tree, answers, c) for c in kids))


def test_node_values_match_direct_recursion():
    tree = random_tree(2, 3, ["maj:3", "and:2", "parity:3", "tt:0110"], 0.3)
    answers = random_oracle(tree, 9)
    values = node_values(tree, answers)
    for node in range(tree.n_nodes):
        assert values[node] == brute_value(tree, answers, node)


def test_literature_example():
    tree, answers = literature_tree(9, 6)
    values = node_values(tree, answers)
    assert values[0] == 1
    assert [values[tree.node(f"paper{i}")] for i in range(1, 10)] == [1] * 6 + [0] * 3
    # the honest root claim vector has 6 ones: maj:9 = thr:9:5, closed form (docs/notes.md, section 3)
    z = "".join(str(values[c]) for c in tree.children[0])
    assert fbs("maj:9", z).value == threshold_fbs(9, 5, 6) == 3
    tree4, answers4 = literature_tree(9, 4)
    assert node_values(tree4, answers4)[0] == 0


def test_oracles(tmp_path):
    tree = uniform_tree("and:2", 2)
    answers = random_oracle(tree, 4)
    assert answers == random_oracle(tree, 4)
    assert set(answers) == {f"Q({tree.ids[i]})" for i in tree.leaves()}
    with pytest.raises(BadInput, match="does not answer"):
        check_covers(tree, {k: v for k, v in list(answers.items())[1:]})
    with pytest.raises(BadInput, match="must be 0 or 1"):
        parse_oracle({"format": "fbs-oracle/1", "answers": {"x": 2}})
    with pytest.raises(BadInput, match="must be 0 or 1"):
        parse_oracle({"format": "fbs-oracle/1", "answers": {"x": True}})
    with pytest.raises(BadInput, match="format"):
        parse_oracle({"answers": {}})
    path = tmp_path / "o.json"
    path.write_text(json.dumps({"format": "fbs-oracle/1", "answers": answers}))
    assert load_oracle(path) == answers


def test_examples_and_docs_parse():
    for path in sorted((ROOT / "examples").glob("*tree*.json")):
        load_menu_tree(path) if path.name.startswith("menu") else load_tree(path)
    for path in sorted((ROOT / "examples").glob("*oracle*.json")):
        load_oracle(path)
    text = (ROOT / "docs" / "formats.md").read_text()
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    parsed = [json.loads(block) for block in blocks]
    trees = [p for p in parsed if p.get("format") == "fbs-tree/1"]
    assert len(trees) == 3  # nested, flat, uniform
    for document in trees:
        parse_tree(document, compact=True)
    menus = [p for p in parsed if p.get("format") == "fbs-tree/2"]
    assert len(menus) == 1 and parse_tree(menus[0], menus=True).has_menus
    for document in parsed:
        if document.get("format") == "fbs-oracle/1":
            parse_oracle(document)


def test_large_flat_tree_loads_as_written(tmp_path):
    """15,625 leaves listed node by node read back equal (the time: bench/bench_test_bars.py)."""
    path = tmp_path / "big.json"
    written = uniform_tree("maj:5", 6)
    path.write_text(json.dumps(tree_document(written)))
    tree = load_tree(path)
    assert len(tree.leaves()) == 15_625 and tree == written


# --- issue 12: the uniform layout and leaf-bit oracles ------------------------------------


def test_uniform_layout_describes_the_listed_tree(tmp_path):
    from verify.trees.api import as_oracle, tree_info, write_tree
    from verify.trees.oracles import LeafBits
    from verify.trees.tree_file import load_tree_description

    compact = uniform_tree("maj:3", 3, compact=True)
    oracle = random_oracle(compact, 5)
    assert isinstance(oracle, LeafBits) and len(oracle.bits) == 27
    write_tree(tmp_path / "t.json", compact, oracle_path=tmp_path / "o.json", oracle=oracle)
    document = json.loads((tmp_path / "t.json").read_text())
    assert document["uniform"] == {"aggregator": "maj:3", "depth": 3} and "nodes" not in document
    listed = load_tree(tmp_path / "t.json")
    assert listed == uniform_tree("maj:3", 3) and load_tree_description(tmp_path / "t.json") == compact
    answers = as_oracle(tmp_path / "o.json", listed)
    assert answers == random_oracle(listed, 5)
    assert node_values(listed, answers)[0] == node_values(listed, random_oracle(listed, 5))[0]
    info = tree_info(tmp_path / "t.json")
    assert (info.nodes, info.leaves, info.depth, info.aggregators) == (40, 27, 3, ("maj:3",))


@pytest.mark.parametrize("document,message", [
    ({"format": "fbs-tree/1", "uniform": {"aggregator": "maj:3"}}, "uniform"),
    ({"format": "fbs-tree/1", "uniform": {"aggregator": "maj:3", "depth": -1}}, "depth"),
    ({"format": "fbs-tree/1", "uniform": {"aggregator": "maj:9", "depth": 10}}, "leaves"),
    ({"format": "fbs-tree/1", "uniform": {"aggregator": "maj:3", "depth": 2}, "root": "r"},
     "root"),
    ({"format": "fbs-tree/1", "uniform": {"aggregator": "maj:3", "depth": 2}, "depth": 3},
     "depth"),
])
def test_bad_uniform_documents(document, message):
    with pytest.raises(BadInput, match=message):
        parse_tree(document)


def test_leaf_bit_oracles_are_checked():
    from verify.trees.api import as_oracle

    tree = uniform_tree("and:2", 2)
    for bad in ({"format": "fbs-oracle/1", "bits": "01a1"},
                {"format": "fbs-oracle/1", "bits": ""},
                {"format": "fbs-oracle/1", "bits": "0101", "answers": {}}):
        with pytest.raises(BadInput):
            parse_oracle(bad)
    with pytest.raises(BadInput, match="leaf bits"):
        as_oracle(parse_oracle({"format": "fbs-oracle/1", "bits": "011"}), tree)


def test_uniform_build_answers_at_once(tmp_path):
    """fbs tree build of a 4.2-million-node uniform tree writes its description."""
    import subprocess
    import sys

    process = subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator",
                              "maj:2", "--depth", "21", "-o", str(tmp_path / "t.json"),
                              "--oracle-out", str(tmp_path / "o.json")],
                             capture_output=True, text=True, timeout=600)  # a hang guard only
    assert process.returncode == 0, process.stderr
    assert (tmp_path / "t.json").stat().st_size < 1000  # the description, no node listed
    assert len(load_oracle(tmp_path / "o.json").bits) == 2 ** 21
    flat = subprocess.run([sys.executable, "-m", "verify", "tree", "build", "--aggregator",
                           "maj:3", "--depth", "2", "--layout", "flat", "-o",
                           str(tmp_path / "f.json")], capture_output=True, text=True)
    assert flat.returncode == 0 and "nodes" in json.loads((tmp_path / "f.json").read_text())


@pytest.mark.parametrize("bits", ["0120", "01 1", "01\u00e9", "", 5])
def test_leaf_bits_other_than_0_and_1_are_refused(tmp_path, bits):
    """The bit check (is_bit_string: ASCII, 0s and 1s deleted, nothing left) refuses every
    other character, a non-ASCII one included, and the empty string."""
    import json

    from verify.base.errors import BadInput
    from verify.trees.oracles import is_bit_string, load_oracle

    (tmp_path / "o.json").write_text(json.dumps({"format": "fbs-oracle/1", "bits": bits}))
    with pytest.raises(BadInput, match="0s and 1s"):
        load_oracle(tmp_path / "o.json")
    if isinstance(bits, str):
        assert not is_bit_string(bits) or bits == ""
