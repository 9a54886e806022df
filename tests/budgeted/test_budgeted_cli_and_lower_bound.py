"""Budgeted FBS Debate (ours) from the command line, and against Theorem 5.3's adversary."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction

import pytest

from verify import (
    adversary,
    budgeted_checker,
    budgeted_completeness,
    budgeted_debate,
    budgeted_plan,
    budgeted_worst_case,
    random_oracle,
    random_tree,
    uniform_tree,
    write_tree,
)
from verify.cli import main
from verify.trees.oracles import write_oracle


@pytest.fixture()
def files(tmp_path):
    tree = uniform_tree("maj:3", 2)
    oracle = random_oracle(tree, 0)
    write_tree(tmp_path / "t.json", tree)
    write_oracle(tmp_path / "o.json", oracle)
    return str(tmp_path / "t.json"), str(tmp_path / "o.json"), tmp_path


def _run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_json_output_is_the_api_result(files):
    tree, oracle, _ = files
    cases = [
        (["debate", "run", tree, "--oracle", oracle, "--protocol", "budgeted", "--alice",
          "worst", "--runs", "300", "--seed", "4"],
         budgeted_debate(tree, oracle, alice="worst", runs=300, seed=4)),
        (["debate", "worst-case", tree, "--oracle", oracle, "--protocol", "budgeted"],
         budgeted_worst_case(tree, oracle)),
        (["debate", "completeness", tree, "--oracle", oracle, "--protocol", "budgeted"],
         budgeted_completeness(tree, oracle)),
        (["debate", "plan", "--protocol", "budgeted", "--tree", tree, "--oracle", oracle,
          "--delta", "1/100"], budgeted_plan(delta="1/100", tree=tree, oracle=oracle)),
    ]
    for argv, result in cases:
        code, out, _ = _run(*argv, "--json")
        assert code == 0 and json.loads(out) == json.loads(json.dumps(result.to_json()))


@pytest.mark.parametrize("layout", ["uniform", "nested"])
def test_every_layout_fbs_tree_build_writes_gives_the_same_results(tmp_path, layout):
    """`fbs tree build` writes a uniform tree's oracle as leaf bits by default: the budgeted
    commands read it against the tree and answer as on the flat (listed) files."""
    paths = {}
    for name in ("flat", layout):
        tree, oracle = str(tmp_path / f"{name}-t.json"), str(tmp_path / f"{name}-o.json")
        code, _, err = _run("tree", "build", "--aggregator", "maj:3", "--depth", "2", "-o", tree,
                            "--oracle-out", oracle, "--oracle-seed", "3", "--layout", name)
        assert code == 0, err
        paths[name] = (tree, oracle)
    for command in (["debate", "worst-case"], ["debate", "completeness"],
                    ["debate", "run", "--alice", "worst", "--runs", "50", "--seed", "1"]):
        outputs = []
        for tree, oracle in paths.values():
            code, out, err = _run(*command[:2], tree, "--oracle", oracle, *command[2:],
                                  "--protocol", "budgeted", "--json")
            assert code == 0, err
            outputs.append(json.loads(out))
        assert outputs[0] == outputs[1]
    reports = []
    for name, (tree, oracle) in paths.items():
        code, out, err = _run("adversary", tree, "--oracle", oracle, "--checker", "budgeted:1",
                              "-o", str(tmp_path / f"{name}-on.json"), "--json")
        assert code == 0, err
        reports.append({k: v for k, v in json.loads(out).items()
                        if k not in ("tree", "oracle", "output")})  # the paths differ
    assert reports[0] == reports[1]


def test_text_output_labels_the_extension(files):
    tree, oracle, _ = files
    code, out, _ = _run("debate", "worst-case", tree, "--oracle", oracle, "--protocol", "budgeted")
    assert code == 0 and "this project's extension" in out and "holds" in out


@pytest.mark.parametrize("extra,message", [
    (["--alice", "honest"], "--rho is required"),
    (["--alice", "honest", "--rho", "2", "--beta-max", "3"], "--beta-max belongs"),
    (["--alice", "script.json", "--protocol", "budgeted"], "honest or worst"),
    (["--alice", "honest", "--protocol", "budgeted", "--beta-max", "x"], "beta_max must be"),
])
def test_bad_options_are_exit_2_with_one_line(files, extra, message):
    tree, oracle, _ = files
    code, out, err = _run("debate", "run", tree, "--oracle", oracle, *extra)
    assert code == 2 and message in err and err.count("\n") == 1 and not out


def test_adversary_against_budgeted_runs(files):
    tree, oracle, folder = files
    code, out, _ = _run("adversary", tree, "--oracle", oracle, "--checker", "budgeted:1", "-o",
                        str(folder / "on.json"), "--json")
    document = json.loads(out)
    assert code == 0 and document["all_hold"]
    assert document["advantage"] == "1/4" and document["rho_T"] == "4"  # advantage = m / rho_T
    code, _, err = _run("adversary", tree, "--oracle", oracle, "--checker", "budgeted:x", "-o",
                        str(folder / "x.json"))
    assert code == 2 and "budgeted:R" in err and not (folder / "x.json").exists()


@pytest.mark.parametrize("seed", range(6))
def test_theorem_5_3_is_attained_by_one_budgeted_run(seed):
    """Theorem B3 (ours): against budgeted:1 the adversary's advantage is exactly 1 / rho_T."""
    tree = random_tree(seed, 2, ["maj:3", "and:2", "or:2", "thr:3:2"])
    oracle = random_oracle(tree, seed)
    attack = adversary(tree, oracle, profile=budgeted_checker(tree, oracle, 1), sat_check=False)
    assert attack.report.all_hold
    assert attack.advantage == 1 / attack.report.rho_t


@pytest.mark.parametrize("runs", [2, 5, 40])
def test_more_budgeted_runs_stay_under_the_lower_bound(runs):
    tree = uniform_tree("maj:3", 3)
    oracle = random_oracle(tree, 2)
    attack = adversary(tree, oracle, profile=budgeted_checker(tree, oracle, runs), sat_check=False)
    rho = attack.report.rho_t
    assert attack.report.all_hold
    assert 1 - (1 - 1 / rho) ** runs <= attack.advantage <= min(Fraction(1), runs / rho)


def test_the_report_also_states_where_the_paper_protocol_needs_fewer_runs():
    """or:4 at depth 1 with every leaf 0 (closed forms): rho_T = fbs(or_4, 0000) = 4, so the
    budgeted guarantee 1/4 needs R = 17 runs for delta = 1/100 ((3/4)^16 > 1/100 >= (3/4)^17);
    a liar claiming the root is 1 must claim a vector of weight >= 1, where Bob's vertex rule
    puts all mass on a claimed one (fbs(or_4, 1000) = 1): caught surely, one run."""
    from paper_checks.budgeted_debate import _row, corpus

    tree, oracle = next((t, o) for name, t, o in corpus() if name == "or:4 d=1")
    assert set(oracle.values()) == {0}
    row = _row("or:4 d=1", tree, oracle)
    assert (row["rho_T"], row["runs_budgeted"], row["runs_paper_exact"]) == ("4", 17, 1)
    assert Fraction(3, 4) ** 16 > Fraction(1, 100) >= Fraction(3, 4) ** 17
    # like for like: at depth 1 the budgeted liar is caught surely too (exact), a tie
    assert row["budgeted_worst"] == "1" and row["exact_comparison"] == "tie"
