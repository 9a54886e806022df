"""`debate plan` (all three protocols) warns and exits 1 when the honest Alice's hypothesis
fails, as `run` and `completeness` do; `--beta-max` must be positive (exit 2, one line);
`worst-case` warns (exit 0) when the honest root budget exceeds beta_max; the worst case's
DataFrame keeps the `alternative` column of menu trees."""

from pathlib import Path

import pytest
from cli_run import fbs_cli

from verify import load_menu_tree, random_oracle, uniform_tree, worst_case, write_tree
from verify.trees.oracles import write_oracle

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def majority_5(tmp_path_factory):
    """maj:5 at depth 2 with the seed-0 oracle: honest local fbs up to 3, rho_T = 5."""
    folder = tmp_path_factory.mktemp("m5")
    tree = uniform_tree("maj:5", 2)
    write_tree(folder / "t.json", tree)
    write_oracle(folder / "o.json", random_oracle(tree, seed=0))
    return folder / "t.json", folder / "o.json"


def _plan(capsys, files, *extra):
    tree, oracle = files
    return fbs_cli(capsys, "debate", "plan", "--tree", tree, "--oracle", oracle, "--delta",
                   "0.01", *extra)


@pytest.mark.parametrize("extra", [("--protocol", "budgeted", "--beta-max", "1"),
                                   ("--protocol", "budgeted", "--beta-max", "1", "--json"),
                                   ("--rho", "1"),
                                   ("--protocol", "mixed", "--rho", "1", "--beta-max", "1"),
                                   ("--protocol", "mixed", "--rho", "3", "--beta-max", "1")])
def test_plan_warns_when_the_honest_alice_loses(capsys, majority_5, extra):
    code, out, err = _plan(capsys, majority_5, *extra)
    assert code == 1 and out
    assert err.startswith("fbs: warning:") and err.count("\n") == 1
    assert "hypothesis fails" in err or "condition" in err


@pytest.mark.parametrize("extra", [("--protocol", "budgeted"),
                                   ("--protocol", "budgeted", "--beta-max", "5"),
                                   ("--rho", "3"),
                                   ("--protocol", "mixed", "--rho", "3", "--beta-max", "5")])
def test_plan_is_quiet_when_the_hypotheses_hold(capsys, majority_5, extra):
    code, out, err = _plan(capsys, majority_5, *extra)
    assert code == 0 and out and err == ""


def test_paper_plan_warning_tracks_the_real_condition(capsys, majority_5, monkeypatch):
    """A check that always passed would stay silent: a fake violation must be reported."""
    import verify.protocol.api as protocol_api

    monkeypatch.setattr(protocol_api, "fbs_condition_violations", lambda debate: (("x", 9),))
    code, _, err = _plan(capsys, majority_5, "--rho", "3")
    assert code == 1 and "'x'" in err


@pytest.mark.parametrize("value", ["0", "-1", "0/3", "0.0"])
@pytest.mark.parametrize("command", ["plan", "worst-case", "completeness", "run"])
def test_a_non_positive_beta_max_is_refused(capsys, majority_5, value, command):
    tree, oracle = majority_5
    if command == "plan":
        argv = ("plan", "--delta", "0.01")
    else:
        argv = (command, tree, "--oracle", oracle) + (("--alice", "honest") if command == "run"
                                                       else ())
    code, out, err = fbs_cli(capsys, "debate", *argv, "--protocol", "budgeted",
                             f"--beta-max={value}")
    assert code == 2 and out == "" and err.count("\n") == 1 and "beta_max" in err


def test_mixed_plan_refuses_a_zero_beta_max(capsys):
    code, _, err = fbs_cli(capsys, "debate", "plan", "--protocol", "mixed", "--rho", "2",
                           "--depth", "2", "--beta-max", "0", "--delta", "0.01")
    assert code == 2 and "positive" in err


def test_worst_case_warns_when_beta_max_is_below_the_honest_budget(capsys, majority_5):
    tree, oracle = majority_5
    code, out, err = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", oracle,
                             "--protocol", "budgeted", "--beta-max", "1/2")
    assert code == 0 and "exact: 1" in out
    assert "honest root budget 5 exceeds beta_max = 1/2" in err and err.count("\n") == 1
    code, _, err = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", oracle,
                           "--protocol", "budgeted")
    assert code == 0 and err == ""


def test_worst_case_dataframe_keeps_the_alternatives_of_a_menu_tree():
    pytest.importorskip("pandas")
    tree = load_menu_tree(EXAMPLES / "menu-tree.json")
    result = worst_case(tree, EXAMPLES / "menu-oracle.json", 4)
    strategy = result.to_json()["strategy"]
    frame = result.to_pandas()
    assert "alternative" in frame.columns and len(frame) == len(strategy)
    expected = [row.get("alternative") for row in strategy]
    assert any(expected)
    assert [None if x != x else x for x in frame["alternative"]] == expected


def test_worst_case_dataframe_of_a_fixed_tree_has_no_alternative_column():
    pytest.importorskip("pandas")
    tree = uniform_tree("maj:3", 2)
    frame = worst_case(tree, random_oracle(tree, seed=0), 2).to_pandas()
    assert list(frame.columns) == ["node", "claim", "z", "lies", "fbs", "fbs_float", "outcome",
                                   "catch", "catch_float"]


def test_mixed_worst_case_warns_when_beta_max_is_below_the_honest_budget(capsys, majority_5):
    tree, oracle = majority_5
    code, _, err = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", oracle,
                           "--protocol", "mixed", "--rho", "3", "--beta-max", "1/2")
    assert code == 0 and "honest root budget 5 exceeds beta_max = 1/2" in err
    code, _, err = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", oracle,
                           "--protocol", "mixed", "--rho", "3", "--beta-max", "5")
    assert code == 0 and err == ""
