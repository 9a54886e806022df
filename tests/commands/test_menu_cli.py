"""`fbs debate` with menus (examples/menu-tree.json) and the commands that refuse them."""

import json
import os
import tempfile
from pathlib import Path

import pytest
from cli_run import fbs_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TREE, ORACLE = EXAMPLES / "menu-tree.json", EXAMPLES / "menu-oracle.json"


def refused(code, out, err, phrase):
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("fbs: error:") and phrase in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("rho, catch, root", [("3", "1/3", "claim/survey"),
                                              ("4", "1/8", "claim/checklist")])
def test_worst_case_by_hand(capsys, rho, catch, root):
    """rho = 3: and:4 at 1111 (fbs 4) fails Bob's check, the liar lies in the survey (maj:5,
    one lie among 3 claimed ones: 1/3). rho = 4: the checklist passes, she lies at c4 and
    then at one of its two sub-claims: 1/4 * 1/2."""
    code, out, _ = fbs_cli(capsys, "debate", "worst-case", TREE, "--oracle", ORACLE, "--rho", rho,
                           "--json")
    document = json.loads(out)
    assert code == 0 and document["catch_probability_exact"] == catch
    assert document["strategy"][0]["alternative"] == root
    assert document["menu_nodes"] == 2 and document["realisations"] == 3
    assert document["honest_alternatives"] == {"claim": "claim/checklist", "c4": "c4/tests"}


def test_run_and_transcript_record_the_alternative(capsys, tmp_path):
    out_path = tmp_path / "run.jsonl"
    code, out, _ = fbs_cli(capsys, "debate", "run", TREE, "--oracle", ORACLE, "--rho", "4",
                           "--alice", "worst", "--runs", "50", "--transcript", out_path)
    assert code == 0 and "the path of run 0" not in out
    lines = [json.loads(line) for line in out_path.read_text().splitlines()[1:]]
    assert {line["alternative"] for line in lines if line["node"] == "claim"} == {"claim/checklist"}
    assert all("alternative" not in line for line in lines if line["node"] == "c1")
    code, out, _ = fbs_cli(capsys, "debate", "run", TREE, "--oracle", ORACLE, "--rho", "4",
                           "--alice", "worst", "--runs", "1")
    assert code == 0 and "'claim': Alice claims 1, decomposes by 'claim/checklist'" in out


def test_completeness_and_plan_accept_menus(capsys):
    code, out, _ = fbs_cli(capsys, "debate", "completeness", TREE, "--oracle", ORACLE, "--rho", "1",
                           "--json")
    assert code == 0 and json.loads(out)["honest_never_loses"]  # and:4 at 1110, and:2 at 10: fbs 1
    code, out, _ = fbs_cli(capsys, "debate", "plan", "--tree", TREE, "--oracle", ORACLE,
                           "--rho", "4", "--delta", "1/100", "--json")
    assert code == 0 and json.loads(out)["per_run_exact"] == "1/8"


def test_scripted_alice_chooses_alternatives(capsys, tmp_path):
    script = tmp_path / "a.json"
    script.write_text(json.dumps({"format": "fbs-alice/1", "answer": 1,
                                  "alternatives": {"claim": "claim/survey"},
                                  "claims": {"claim/survey": "11100"}}))
    code, out, _ = fbs_cli(capsys, "debate", "run", TREE, "--oracle", ORACLE, "--rho", "3",
                           "--alice", script, "--json")
    assert code == 0 and json.loads(out)["catch_probability_exact"] == "1/3"
    script.write_text(json.dumps({"format": "fbs-alice/1", "answer": 1,
                                  "alternatives": {"claim": "c4/tests"}}))
    refused(*fbs_cli(capsys, "debate", "run", TREE, "--oracle", ORACLE, "--rho", "3",
                     "--alice", script), "is not a menu node with an alternative")


@pytest.mark.parametrize("argv, phrase", [
    (["debate", "run", TREE, "--oracle", ORACLE, "--protocol", "budgeted", "--alice", "honest"],
     "--protocol budgeted takes a fixed tree"),
    (["debate", "worst-case", TREE, "--oracle", ORACLE, "--protocol", "budgeted"],
     "--protocol budgeted takes a fixed tree"),
    (["debate", "worst-case", TREE, "--oracle", ORACLE, "--protocol", "mixed:1/3"],
     "--protocol mixed:1/3 takes a fixed tree"),
    (["debate", "run", TREE, "--oracle", ORACLE, "--rho", "4", "--alice", "solver"],
     "counts oracle reads on a fixed tree"),
    (["tree", "fbs", TREE, "--oracle", ORACLE], "this command takes a fixed tree"),
    (["adversary", TREE, "--oracle", ORACLE, "--checker", "exhaustive", "-o",
      os.path.join(tempfile.gettempdir(), "fbs-menu-refused-never-written.json")],
     "this command takes a fixed tree"),
])
def test_commands_without_menus_refuse_them_in_one_line(capsys, argv, phrase):
    refused(*fbs_cli(capsys, *argv), phrase)


def test_disagreeing_alternatives_are_bad_input(capsys, tmp_path):
    oracle = json.loads(ORACLE.read_text())
    oracle["answers"]["Does reviewer 2 approve the code?"] = 1  # review approves, tests fail
    path = tmp_path / "o.json"
    path.write_text(json.dumps(oracle))
    refused(*fbs_cli(capsys, "debate", "worst-case", TREE, "--oracle", path, "--rho", "4"),
            "its alternatives disagree")


def test_menu_in_a_version_one_file_is_an_unknown_key(capsys, tmp_path):
    document = json.loads(TREE.read_text())
    document["format"] = "fbs-tree/1"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document))
    refused(*fbs_cli(capsys, "debate", "worst-case", path, "--oracle", ORACLE, "--rho", "4"),
            "unknown key 'alternatives'")


def test_tree_info_reads_the_readme_menu_example(capsys):
    """`fbs tree info` on the README's menu example (issue 31: it refused it). Counted by hand
    from examples/menu-tree.json: 19 nodes (2 menus, 4 alternatives, 13 leaves); 3
    realisations (the survey, or the checklist with one of c4's 2 alternatives). Honest local
    fbs (closed forms): maj:5 at weight 2 gives k + 1 = 3, and:4 at 1110 gives 1, and:2 at 10
    gives 1, maj:3 at weight 1 gives 2. The realisations' largest values: survey 3, checklist
    with tests 1, with review 2; the honest Alice picks (Proposition H), so the smallest rho
    is 1, first reached at claim/checklist (the completeness check agrees at rho = 1)."""
    code, out, err = fbs_cli(capsys, "tree", "info", TREE, "--oracle", ORACLE, "--json")
    assert code == 0, err
    document = json.loads(out)
    assert (document["nodes"], document["leaves"], document["menus"]) == (19, 13, 2)
    assert document["realisations"] == "3" and document["root_value"] == 0
    assert document["min_rho_for_fbs_condition"] == "1"
    assert document["max_fbs_node"] == "claim/checklist"
    code, out, err = fbs_cli(capsys, "debate", "completeness", TREE, "--oracle", ORACLE, "--rho",
                             "1", "--json")
    assert code == 0 and json.loads(out)["fbs_condition_holds"] is True, err
    code, out, err = fbs_cli(capsys, "tree", "info", TREE)
    assert code == 0 and "3 realisation(s)" in out, err
