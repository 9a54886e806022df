"""`fbs debate ...` and `fbs tree ...`: outputs, exit codes, and bad input (exit 2, one line,
nothing written)."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from cli_run import fbs_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"




def write(path, document):
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return path


def test_worst_case_on_the_papers_example(capsys):
    code, out, err = fbs_cli(capsys, "debate", "worst-case", EXAMPLES / "maj6-tree.json",
                             "--oracle", EXAMPLES / "maj6-oracle.json", "--rho", "4",
                             "--rule", "symmetric", "--json")
    assert code == 0 and err == ""
    document = json.loads(out)
    assert document["catch_probability_exact"] == "1/4"
    assert document["theorem_4_2_bound"] == "1/4" and document["theorem_4_2_holds"]
    assert document["instance_bound"] == "1/4" and document["rule"] == "symmetric"
    assert document["strategy"][0]["z"].count("1") == 4 and len(document["strategy"][0]["lies"]) == 1


def test_worst_case_text_and_uniform_finding(capsys):
    code, out, _ = fbs_cli(capsys, "debate", "worst-case", EXAMPLES / "maj6-tree.json", "--oracle",
                           EXAMPLES / "maj6-oracle.json", "--rho", "4", "--rule", "uniform")
    assert code == 0 and "1/6" in out and "FAILS" in out and "does not cover" in out


def test_run_with_transcript_is_reproducible(capsys, tmp_path):
    outputs = []
    for name in ("a.jsonl", "b.jsonl"):
        code, out, err = fbs_cli(capsys, "debate", "run", EXAMPLES / "literature-tree.json",
                                 "--oracle", EXAMPLES / "literature-oracle-false.json", "--rho",
                                 "3", "--alice", "worst", "--runs", "2000", "--seed", "11",
                                 "--transcript", tmp_path / name, "--json")
        assert code == 0 and err == ""
        outputs.append((json.loads(out), (tmp_path / name).read_bytes()))
    (one, bytes_one), (two, bytes_two) = outputs
    assert one == two and bytes_one == bytes_two
    lines = [json.loads(line) for line in bytes_one.decode().splitlines()]
    assert lines[0]["format"] == "fbs-transcript/1" and lines[0]["seed"] == 11
    finals = [line for line in lines[1:] if line["outcome"] is not None]
    assert len(finals) == 2000 and sum(f["outcome"] == "bob_wins" for f in finals) == one["caught"]
    assert one["interval_contains_exact"] and one["alice_lies"]
    bound = Fraction(one["theorem_4_2_bound"])
    assert Fraction(one["catch_probability_exact"]) >= bound == Fraction(1, 9)
    assert sorted(tmp_path.iterdir()) == [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]


def test_honest_and_scripted_runs(capsys):
    code, out, _ = fbs_cli(capsys, "debate", "run", EXAMPLES / "literature-tree.json", "--oracle",
                           EXAMPLES / "literature-oracle.json", "--rho", "3", "--alice", "honest",
                           "--runs", "5000", "--json")
    assert code == 0
    document = json.loads(out)
    assert document["caught"] == 0 and document["catch_probability_exact"] == "0"
    assert not document["alice_lies"]
    code, out, _ = fbs_cli(capsys, "debate", "run", EXAMPLES / "maj6-tree.json", "--oracle",
                           EXAMPLES / "maj6-oracle.json", "--rho", "4", "--alice",
                           EXAMPLES / "maj6-alice.json", "--runs", "20000", "--seed", "1")
    assert code == 0 and "catch_probability_exact = 1/4" in out and "inside" in out


def test_plan(capsys):
    code, out, _ = fbs_cli(capsys, "debate", "plan", "--rho", "4", "--depth", "3", "--delta",
                           "0.01", "--width", "6", "--json")
    runs, miss = 0, Fraction(1)
    while miss > Fraction(1, 100):
        runs, miss = runs + 1, miss * Fraction(63, 64)
    document = json.loads(out)
    assert code == 0 and document["runs_theorem"] == str(runs) == "293"
    assert document["exhaustive_leaf_queries"] == "216"  # exact integers are strings
    code, out, _ = fbs_cli(capsys, "debate", "plan", "--rho", "4", "--delta", "1/100", "--tree",
                           EXAMPLES / "maj6-tree.json", "--oracle", EXAMPLES / "maj6-oracle.json")
    assert code == 0 and "R = 17" in out  # exact catch 1/4: 0.75^17 <= 0.01 < 0.75^16


def test_completeness(capsys):
    code, out, _ = fbs_cli(capsys, "debate", "completeness", EXAMPLES / "literature-tree.json",
                           "--oracle", EXAMPLES / "literature-oracle.json", "--rho", "3", "--json")
    document = json.loads(out)
    # root: 6 supporting papers, Bob uniform on them (dual 1/2 each); each paper: and:2 at 11
    assert code == 0 and document["paths"] == 6 * 2 and document["honest_never_loses"]
    code, out, err = fbs_cli(capsys, "debate", "completeness", EXAMPLES / "literature-tree.json",
                             "--oracle", EXAMPLES / "literature-oracle.json", "--rho", "2")
    # the FBS condition (Theorem 4.1's hypothesis) fails at the root (honest fbs 3 > 2): exit 1
    assert code == 1 and "LOSES with probability 1" in out and "'claim'" in out
    assert err.startswith("fbs: warning: the FBS condition") and err.count("\n") == 1


def test_tree_build_and_info(capsys, tmp_path):
    tree, oracle = tmp_path / "t.json", tmp_path / "o.json"
    code, out, _ = fbs_cli(capsys, "tree", "build", "--aggregator", "maj:5", "--depth", "3", "-o",
                           tree, "--oracle-out", oracle, "--oracle-seed", "3")
    assert code == 0 and "125 leaves" in out
    code, out, _ = fbs_cli(capsys, "tree", "info", tree, "--oracle", oracle, "--json")
    document = json.loads(out)
    assert code == 0 and document["leaves"] == 125 and document["depth"] == 3
    code, _, _ = fbs_cli(capsys, "tree", "build", "--random", "--seed", "2", "--depth", "2",
                         "--aggregator", "maj:3", "--aggregator", "wthr:1,2,1:2", "-o", tree,
                         "--nested")
    assert code == 0 and json.loads(tree.read_text())["root"]["id"] == "r"
    code, _, _ = fbs_cli(capsys, "tree", "build", "--literature", "-o", tree, "--oracle-out", oracle)
    assert code == 0
    example = json.loads((EXAMPLES / "literature-oracle.json").read_text())
    assert json.loads(oracle.read_text()) == example


# ----------------------------------------------------------------------------- bad input

GOOD_NODES = [{"id": "r", "aggregator": "maj:3", "children": ["a", "b", "c"]},
              {"id": "a", "query": "qa"}, {"id": "b", "query": "qb"}, {"id": "c", "query": "qc"}]
ORACLE = {"format": "fbs-oracle/1", "answers": {"qa": 1, "qb": 0, "qc": 0}}


def tree_doc(nodes, **extra):
    return {"format": "fbs-tree/1", "root": "r", "nodes": nodes, **extra}


BAD_TREES = {
    "width": tree_doc([{**GOOD_NODES[0], "aggregator": "maj:5"}] + GOOD_NODES[1:]),
    "cycle": tree_doc([{"id": "r", "aggregator": "and:2", "children": ["x", "a"]},
                       {"id": "x", "aggregator": "or:2", "children": ["r", "b"]},
                       {"id": "a", "query": "qa"}, {"id": "b", "query": "qb"}]),
    "shared": tree_doc([{"id": "r", "aggregator": "maj:3", "children": ["a", "a", "b"]},
                        {"id": "a", "query": "qa"}, {"id": "b", "query": "qb"}]),
    "depth": tree_doc(GOOD_NODES, depth=4),
    "malformed": "{\"format\": \"fbs-tree/1\", \"root\": ",
    "format": {**tree_doc(GOOD_NODES), "format": "tree"},
}


def assert_bad(code, out, err):
    assert code == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("fbs: error:"), err
    assert "Traceback" not in err


@pytest.mark.parametrize("name", sorted(BAD_TREES))
@pytest.mark.parametrize("command", ["run", "worst-case", "completeness"])
def test_bad_trees_exit_2_and_write_nothing(capsys, tmp_path, name, command):
    tree = write(tmp_path / "tree.json", BAD_TREES[name])
    oracle = write(tmp_path / "oracle.json", ORACLE)
    extra = ["--alice", "worst", "--transcript", tmp_path / "out.jsonl"] if command == "run" else []
    assert_bad(*fbs_cli(capsys, "debate", command, tree, "--oracle", oracle, "--rho", "2", *extra))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["oracle.json", "tree.json"]


BAD_RUNS = [
    ({"rho": "0.5"}, "rho must be >= 1"),
    ({"rho": "four"}, "rho must be a number"),
    ({"oracle": {"format": "fbs-oracle/1", "answers": {"qa": 1, "qb": 0}}}, "does not answer"),
    ({"oracle": {"format": "fbs-oracle/1", "answers": {"qa": 1, "qb": 0, "qc": 7}}}, "0 or 1"),
    ({"oracle": "not json"}, "not valid JSON"),
    ({"alice": "nobody"}, "--alice must be"),
    ({"alice": {"format": "fbs-alice/1", "answer": 1, "claims": {"r": "11"}}}, "3 children"),
    ({"alice": {"format": "fbs-alice/1", "answer": 1, "claims": {"zz": "110"}}}, "no node"),
    ({"alice": {"format": "fbs-alice/1", "answer": 5}}, "\"answer\" must be 0 or 1"),
    ({"runs": "0"}, "argument --runs: must be >= 1, got 0"),
    ({"runs": "-5"}, "argument --runs: must be >= 1"),
    ({"runs": "1000000001"}, "--runs must be in 1..10^9"),
    ({"seed": "-4"}, "argument --seed: must be >= 0"),
    ({"rule": "random"}, "invalid choice"),
]


@pytest.mark.parametrize("change, message", BAD_RUNS)
def test_bad_run_inputs_exit_2_and_write_nothing(capsys, tmp_path, change, message):
    tree = write(tmp_path / "tree.json", tree_doc(GOOD_NODES))
    oracle = write(tmp_path / "oracle.json", change.get("oracle", ORACLE))
    alice = change.get("alice", "worst")
    if isinstance(alice, dict):
        alice = write(tmp_path / "alice.json", alice)
    args = ["debate", "run", tree, "--oracle", oracle, "--rho", change.get("rho", "2"),
            "--alice", alice, "--runs", change.get("runs", "10"), "--seed", change.get("seed", "0"),
            "--rule", change.get("rule", "vertex"), "--transcript", tmp_path / "out.jsonl"]
    code, out, err = fbs_cli(capsys, *args)
    assert_bad(code, out, err)
    assert message in err
    assert not (tmp_path / "out.jsonl").exists()
    assert not [p for p in tmp_path.iterdir() if "partial" in p.name]


@pytest.mark.parametrize("argv, message", [
    (["debate", "plan", "--rho", "4", "--depth", "3", "--delta", "0.01", "--tree",
      "EX/literature-tree.json", "--oracle", "EX/literature-oracle.json"], "does not match"),
    (["debate", "plan", "--rho", "4", "--depth", "3", "--delta", "2"], "--delta must be in (0, 1)"),
    (["debate", "plan", "--rho", "1/2", "--depth", "3", "--delta", "0.1"], "rho must be >= 1"),
    (["tree", "build", "--aggregator", "maj:x", "--depth", "2", "-o", "OUT/t.json"], "maj:x"),
    (["tree", "build", "--aggregator", "maj:3", "--depth", "-1", "-o", "OUT/t.json"],
     "argument --depth: must be >= 0"),
    (["tree", "build", "--aggregator", "maj:3", "--depth", "2", "-o", "OUT/t.json",
      "--oracle-out", "OUT/o.json", "--ones", "3"], "[0, 1]"),
    (["tree", "info", "OUT/missing.json"], "cannot read tree"),
])
def test_more_bad_input(capsys, tmp_path, argv, message):
    argv = [a.replace("EX/", f"{EXAMPLES}/").replace("OUT/", f"{tmp_path}/") for a in argv]
    code, out, err = fbs_cli(capsys, *argv)
    assert_bad(code, out, err)
    assert message in err
    assert list(tmp_path.iterdir()) == []


def test_the_installed_entry_point_exit_code():
    """A real process: one line on stderr, exit 2, for a missing oracle answer."""
    result = subprocess.run([sys.executable, "-m", "verify", "debate", "worst-case",
                             str(EXAMPLES / "literature-tree.json"), "--oracle",
                             str(EXAMPLES / "maj6-oracle.json"), "--rho", "3"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "does not answer" in result.stderr


def test_single_run_prints_its_path(capsys):
    code, out, err = fbs_cli(capsys, "debate", "run", EXAMPLES / "maj6-tree.json", "--oracle",
                             EXAMPLES / "maj6-oracle.json", "--rho", "4", "--alice", "worst",
                             "--seed", "3", "--runs", "1")
    assert code == 0 and err == ""
    assert "level 1 'r': Alice claims 1" in out and "level 0 'r." in out


def test_a_tree_without_a_description_is_named_so(capsys, tmp_path):
    """Text output never prints an empty tree name ("worst-case liar (exact DP):  (depth 2)")."""
    from cli_run import fbs_cli

    tree, oracle = tmp_path / "t.json", tmp_path / "o.json"
    tree.write_text('{"format":"fbs-tree/1","root":{"id":"r","aggregator":"and:2","children":'
                    '[{"id":"x","query":"x"},{"id":"y","query":"y"}]}}')
    oracle.write_text('{"format":"fbs-oracle/1","answers":{"x":1,"y":0}}')
    code, out, _ = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", oracle, "--rho", "2")
    named = f"the tree of {tree} (it has no description field) (depth"  # issue 39: say which
    assert code == 0 and "):  (depth" not in out and named in out
    for argv in (["debate", "run", tree, "--oracle", oracle, "--rho", "2", "--runs", "2",
                  "--alice", "worst"],
                 ["debate", "worst-case", tree, "--oracle", oracle, "--protocol", "budgeted"],
                 ["debate", "worst-case", tree, "--oracle", oracle, "--rho", "2", "--protocol",
                  "mixed"]):
        code, out, err = fbs_cli(capsys, *argv)
        assert code in (0, 1) and named in out, err
    code, out, _ = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", oracle, "--rho", "2",
                           "--json")
    assert json.loads(out)["tree"] == ""  # JSON: the description field as it is


def ten_leaf_tree(folder: Path) -> tuple[Path, Path]:
    """maj:5 over 4 leaves and a maj:5 node over 4 leaves and an and:2 node: 10 leaves, depth
    3, width 5 (q^d = 125 would count a full tree)."""
    def leaves(prefix, n):
        return [{"id": f"{prefix}{k}", "query": f"{prefix}{k}"} for k in range(n)]

    inner = {"id": "b", "aggregator": "and:2", "children": leaves("c", 2)}
    middle = {"id": "a", "aggregator": "maj:5", "children": leaves("b", 4) + [inner]}
    root = {"id": "r", "aggregator": "maj:5", "children": leaves("a", 4) + [middle]}
    answers = {f"{p}{k}": k % 2 for p, n in (("a", 4), ("b", 4), ("c", 2)) for k in range(n)}
    return (write(folder / "t10.json", {"format": "fbs-tree/1", "root": root}),
            write(folder / "o10.json", {"format": "fbs-oracle/1", "answers": answers}))


def test_plan_counts_the_trees_real_leaves(capsys, tmp_path):
    """Issue 39: `debate plan --tree` said exhaustive checking needs q^d = 125 leaf queries
    on a tree with 10 leaves."""
    tree, oracle = ten_leaf_tree(tmp_path)
    argv = ["debate", "plan", "--rho", "5", "--delta", "1/100", "--tree", tree, "--oracle", oracle]
    code, out, err = fbs_cli(capsys, *argv)
    assert code in (0, 1), err
    assert ("exhaustive checking: 10 leaf queries, one per leaf of the tree (q^d = 5^3 counts "
            "a full tree of width 5; the judge makes 1 per run)") in out
    document = json.loads(fbs_cli(capsys, *argv, "--json")[1])
    assert document["exhaustive_leaf_queries"] == "10"
    assert document["exhaustive_from"] == "the tree's leaves"


def test_the_true_claim_line_says_what_it_is(capsys):
    """Issue 39: "best catch probability against an Alice defending the truth" was unexplained.
    With rho = 4 >= fbs = 3 at the honest claims (MAJ_6 at 000111) the FBS condition holds, so
    by Theorem 4.1 the truthful Alice is never caught."""
    code, out, _ = fbs_cli(capsys, "debate", "worst-case", EXAMPLES / "maj6-tree.json",
                           "--oracle", EXAMPLES / "maj6-oracle.json", "--rho", "4")
    assert code == 0 and "defending the truth" not in out
    assert ("an Alice claiming the true value L(x) = 0 instead is caught with probability 0 under "
            "her best strategy (0 whenever the FBS condition holds, Theorem 4.1") in out


@pytest.mark.parametrize("rho, outcome, catch", [
    ("4", "continues", "1/4"),   # z of weight 4 passes (fbs = 4/(4-4+1) = 4): Bob samples a child
    ("3/2", "bob_wins", "1"),    # every z claiming 1 has fbs >= 6/3 = 2 > 3/2: caught at once
])
def test_worst_case_rows_say_their_outcome(capsys, rho, outcome, catch):
    """Issue 39: `"outcome": null` on every worst-case row, never explained. MAJ_6 (strict:
    |x| >= 4) claimed 1 by the liar; THR_t's fbs at weight w >= t is w / (w - t + 1)."""
    code, out, _ = fbs_cli(capsys, "debate", "worst-case", EXAMPLES / "maj6-tree.json",
                           "--oracle", EXAMPLES / "maj6-oracle.json", "--rho", rho, "--json")
    rows = json.loads(out)["strategy"]
    assert code == 0 and [(r["outcome"], r["catch"]) for r in rows] == [(outcome, catch)]
