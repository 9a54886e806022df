"""F_T, its truth table, rho_T by the direct method, Theorem 5.1's table, and `fbs tree fbs`.

Reference values come from brute force: F_T evaluated leaf-block by leaf-block with the
aggregators' own BooleanFunctions, and the fbs LPs over ALL sensitive blocks solved by z3
(tests/reference.py), never from the code under test.
"""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import pytest
from reference import fbs_by_z3

from verify.base.errors import BadInput, TooLarge
from verify.functions.aggregators import aggregator_function
from verify.functions.spec import parse_spec
from verify.lower_bound.global_function import (
    MAX_DIRECT_LEAVES,
    check_distinct_queries,
    direct_rho,
    evaluate_global,
    global_spec,
    global_truth_table,
    leaf_order,
    query_table,
    reference_assignment,
)
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.oracles import random_oracle
from verify.trees.tree_file import parse_tree

AGGREGATORS = ["maj:3", "and:2", "or:2", "parity:2", "tt:0110", "thr:4:2", "tt:00010111",
               "sym:0110", "and:3"]


# ----------------------------------------------------------------------------- helpers


def flat(nodes, root="r"):
    return {"format": "fbs-tree/1", "root": root, "nodes": nodes}


def leaf(node_id, query=None):
    return {"id": node_id, "query": query or f"Q({node_id})"}


def inner(node_id, spec, children):
    return {"id": node_id, "aggregator": spec, "children": children}


def evaluate_by_node(tree, bits: dict[int, int]) -> int:
    """Bottom-up evaluation with the aggregators' BooleanFunction.__call__ (a second path)."""
    def value(node):
        kids = tree.children[node]
        if not kids:
            return bits[node]
        return aggregator_function(tree.aggregators[node])(tuple(value(c) for c in kids))
    return value(tree.root)


def brute_sensitive_blocks(tree, answers):
    """All sensitive leaf blocks of F_T at alpha, as tuples of positions in tree.leaves()."""
    leaves = tree.leaves()
    base = {l: answers[tree.queries[l]] for l in leaves}
    root = evaluate_by_node(tree, base)
    blocks = []
    for size in range(1, len(leaves) + 1):
        for block in itertools.combinations(range(len(leaves)), size):
            bits = dict(base)
            for position in block:
                bits[leaves[position]] ^= 1
            if evaluate_by_node(tree, bits) != root:
                blocks.append(block)
    return blocks


def brute_rho(tree, answers) -> Fraction:
    """rho_T by z3 on the fbs LP over every sensitive leaf block (tiny trees only)."""
    primal, dual = fbs_by_z3(brute_sensitive_blocks(tree, answers), len(tree.leaves()))
    assert primal == dual
    return primal


def small_random_trees(count, max_leaves=10, depth=3, seed0=0):
    """Seeded random trees with at most max_leaves leaves (some with early leaves)."""
    found, seed = [], seed0
    while len(found) < count:
        tree = random_tree(seed, 1 + seed % depth, AGGREGATORS, leaf_probability=0.35)
        if len(tree.leaves()) <= max_leaves:
            found.append((seed, tree))
        seed += 1
    return found


LITTLE = parse_tree(flat([inner("r", "maj:3", ["u", "c", "d"]), inner("u", "and:2", ["a", "b"]),
                          leaf("a"), leaf("b"), leaf("c"), leaf("d")]))
LITTLE_ORACLE = {"Q(a)": 1, "Q(b)": 1, "Q(c)": 1, "Q(d)": 0}


# ----------------------------------------------------------------------------- F_T


def test_leaf_order_is_depth_first_left_to_right():
    tree = parse_tree(flat([inner("r", "maj:3", ["x", "u", "y"]), inner("u", "and:2", ["a", "b"]),
                            leaf("x"), leaf("y"), leaf("a"), leaf("b")]))
    assert [tree.ids[l] for l in leaf_order(tree)] == ["x", "a", "b", "y"]
    assert [tree.ids[l] for l in tree.leaves()] == ["x", "y", "a", "b"]  # BFS differs


def test_repeated_queries_are_refused_citing_the_and_example():
    tree = parse_tree(flat([inner("r", "and:3", ["a", "b", "c"]), leaf("a", "same"),
                            leaf("b", "same"), leaf("c", "other")]))
    with pytest.raises(BadInput, match="q-ary AND"):
        check_distinct_queries(tree)
    with pytest.raises(BadInput, match="pairwise distinct"):
        direct_rho(tree, {"same": 1, "other": 1})


@pytest.mark.parametrize("seed_tree", small_random_trees(25, max_leaves=12), ids=lambda s: str(s[0]))
def test_truth_table_spec_and_evaluation_agree(seed_tree):
    seed, tree = seed_tree
    variables, table = global_truth_table(tree)
    order = leaf_order(tree)
    assert variables == [tree.queries[l] for l in order]
    composed = parse_spec(global_spec(tree)).truth_table()
    assert list(composed) == list(table)
    n = len(order)
    for index in range(0, 1 << n, max(1, (1 << n) // 64)):
        bits = [(index >> (n - 1 - i)) & 1 for i in range(n)]
        expected = evaluate_by_node(tree, dict(zip(order, bits)))
        assert table[index] == expected == evaluate_global(tree, bits)


def test_repeated_queries_collapse_to_one_variable():
    q = 5
    tree = parse_tree(flat([inner("r", f"and:{q}", [f"l{i}" for i in range(q)])]
                           + [leaf(f"l{i}", "the same question") for i in range(q)]))
    variables, table = global_truth_table(tree, allow_repeated=True)
    assert variables == ["the same question"] and list(table) == [False, True]


@pytest.mark.parametrize("seed_tree", small_random_trees(30, max_leaves=9), ids=lambda s: str(s[0]))
def test_direct_rho_equals_brute_force_lp(seed_tree):
    seed, tree = seed_tree
    answers = random_oracle(tree, seed)
    result = direct_rho(tree, answers)
    assert result.certified
    assert result.value == brute_rho(tree, answers)
    assert result.alpha == reference_assignment(tree, answers)


def test_little_example_by_hand():
    # MAJ(A and B, C, D) at 1110: sensitive blocks {A}, {B}, {C}: rho_T = 3.
    assert direct_rho(LITTLE, LITTLE_ORACLE).value == 3 == brute_rho(LITTLE, LITTLE_ORACLE)


def test_direct_method_refuses_large_trees():
    tree = uniform_tree("maj:3", 3)  # 27 leaves
    with pytest.raises(TooLarge, match="at most 20"):
        direct_rho(tree, random_oracle(tree, 0))
    assert MAX_DIRECT_LEAVES == 20


def test_direct_method_at_twenty_leaves():
    tree = parse_tree(flat([inner("r", "and:4", ["a", "b", "c", "d"])]
                           + [inner(x, "maj:5", [f"{x}{i}" for i in range(5)]) for x in "abcd"]
                           + [leaf(f"{x}{i}") for x in "abcd" for i in range(5)]))
    answers = {f"Q({x}{i})": int(i < 3) for x in "abcd" for i in range(5)}
    # every maj:5 child sits at weight 3 (fbs 3/1 per child, each one pivotal): AND of 4
    # children, each flipped by any single one of its 3 ones -> rho_T = 4 * 3 = 12.
    assert direct_rho(tree, answers).value == 12


# ----------------------------------------------------------------------------- Theorem 5.1


def test_query_table_matches_the_formulas():
    rows = query_table(Fraction(2), Fraction(3), Fraction(21, 2), 3, [Fraction(1, 100), Fraction(1, 4)])
    for row in rows:
        assert row.lower_bound_rho_d == math.ceil((1 - 2 * row.eps) * 8)
        assert row.lower_bound_rho_t == math.ceil((1 - 2 * row.eps) * Fraction(21, 2))
        c = Fraction(1, 27)
        smallest = next(r for r in itertools.count(1) if (1 - c) ** r <= row.eps)
        assert row.debate_runs_theorem == smallest
    with pytest.raises(BadInput):
        query_table(Fraction(2), Fraction(2), Fraction(4), 2, [Fraction(1, 2)])


# ----------------------------------------------------------------------------- CLI


def run_cli(argv, capsys):
    """Run `fbs` with the tree-fbs subcommand registered (as verify/commands/tree.py will)."""
    import verify.cli as cli
    from verify.commands import tree_fbs as lower_bound

    parser = cli.build_parser()
    for action in parser._subparsers._group_actions:
        tree_parser = action.choices["tree"]
        names = tree_parser._subparsers._group_actions[0].choices
        if "fbs" not in names:
            lower_bound.register_tree_fbs(tree_parser._subparsers._group_actions[0])
    original = cli.build_parser
    cli.build_parser = lambda: parser
    try:
        code = cli.main(argv)
    except SystemExit as exit_:  # argparse usage errors exit directly (code 2)
        code = exit_.code
    finally:
        cli.build_parser = original
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def files(tmp_path):
    tree = tmp_path / "t.json"
    tree.write_text(json.dumps(flat([inner("r", "maj:3", ["u", "c", "d"]),
                                     inner("u", "and:2", ["a", "b"]), leaf("a"), leaf("b"),
                                     leaf("c"), leaf("d")])))
    oracle = tmp_path / "o.json"
    oracle.write_text(json.dumps({"format": "fbs-oracle/1", "answers": LITTLE_ORACLE}))
    return tmp_path, str(tree), str(oracle)


@pytest.mark.parametrize("method", ["recursive", "direct"])
def test_cli_tree_fbs_json(files, capsys, method):
    folder, tree, oracle = files
    certificate = folder / "cert.json"
    code, out, err = run_cli(["tree", "fbs", tree, "--oracle", oracle, "--method", method,
                              "--json", "--certificate", str(certificate)], capsys)
    assert code == 0, err
    document = json.loads(out)
    assert document["rho_T"] == "3" and document["certified"] is True
    # both local fbs values are 2 (AND at 11, MAJ at 110): rho^d = 4 > rho_T = 3 because the
    # leaves c, d sit at depth 1 (Lemma 5.4 needs uniform depth); the path products bracket it
    assert document["rho_min_d"] == "4" and document["uniform_depth"] is False
    assert document["lemma_5_4_applicable"] is False and document["lemma_5_4_bound_rho_min_d"] is None
    assert document["path_product_min"] == "2" and document["path_product_max"] == "4"
    assert [row["eps"] for row in document["theorem_5_1"]] == ["1/100", "1/10", "1/4"]
    kind = json.loads(certificate.read_text())["kind"]
    assert kind == ("tree" if method == "recursive" else "exhaustive")


def test_cli_tree_fbs_text_and_worst_case(files, capsys):
    _, tree, oracle = files
    code, out, _ = run_cli(["tree", "fbs", tree, "--oracle", oracle, "--worst-case",
                            "--method", "direct"], capsys)
    assert code == 0
    assert "rho_T = fbs_alpha(F_T) = 3" in out and "(agrees)" in out


def test_cli_tree_fbs_bad_input(files, capsys, tmp_path):
    folder, tree, oracle = files
    repeated = tmp_path / "rep.json"
    repeated.write_text(json.dumps(flat([inner("r", "and:2", ["a", "b"]), leaf("a", "s"),
                                         leaf("b", "s")])))
    certificate = tmp_path / "never.json"
    code, out, err = run_cli(["tree", "fbs", str(repeated), "--oracle", oracle,
                              "--certificate", str(certificate)], capsys)
    assert code == 2 and "q-ary AND" in err and err.count("\n") == 1 and "Traceback" not in err
    assert not certificate.exists()
    big = tmp_path / "big.json"
    from verify.trees.tree_file import tree_document

    big.write_text(json.dumps(tree_document(uniform_tree("maj:3", 3))))
    big_oracle = tmp_path / "bo.json"
    big_oracle.write_text(json.dumps({"format": "fbs-oracle/1",
                                      "answers": random_oracle(uniform_tree("maj:3", 3), 1)}))
    code, _, err = run_cli(["tree", "fbs", str(big), "--oracle", str(big_oracle), "--method",
                            "direct", "--certificate", str(certificate)], capsys)
    assert code == 2 and "at most 20" in err and not certificate.exists()
    code, _, err = run_cli(["tree", "fbs", tree, "--oracle", oracle, "--eps", "0.7"], capsys)
    assert code == 2
    missing = tmp_path / "partial.json"
    missing.write_text(json.dumps({"format": "fbs-oracle/1", "answers": {"Q(a)": 1}}))
    code, _, err = run_cli(["tree", "fbs", tree, "--oracle", str(missing)], capsys)
    assert code == 2 and "does not answer" in err
    assert list(folder.glob(".*partial*")) == []
