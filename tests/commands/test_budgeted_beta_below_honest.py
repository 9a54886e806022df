"""Issue 40, section 4: docs/budgeted.md said a beta_max below the honest root budget makes
"the commands" exit 1, while `worst-case` warns and exits 0 (and `run --json` exited 0).
Behaviour kept for worst-case (its value is about liars only), `run --json` made to agree
with `run`, and the page says which command does what."""

from __future__ import annotations

from pathlib import Path

import pytest

import verify
from tests.cli_run import fbs_cli
from verify.base.numbers import as_fraction

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def instance(tmp_path_factory):
    """maj:3 of depth 2, every answer 1; the commands get beta_max = half the honest root
    budget (any value below it makes the honest Alice lose at the root check)."""
    folder = tmp_path_factory.mktemp("b")
    tree = verify.uniform_tree("maj:3", 2)
    answers = {f"Q({tree.ids[i]})": 1 for i in tree.leaves()}
    verify.write_tree(folder / "t.json", tree, oracle_path=folder / "o.json", oracle=answers)
    return folder


EXPECTED = [("run", ["--alice", "honest"], 1), ("completeness", [], 1),
            ("worst-case", [], 0)]


@pytest.mark.parametrize("command, extra, code", EXPECTED)
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_beta_max_below_the_honest_root_budget(instance, command, extra, code, json_flag,
                                                capsys):
    honest = verify.budgeted_completeness(instance / "t.json", instance / "o.json")
    budget = honest.to_json()["honest_root_budget"]
    below = str(as_fraction(budget) / 2)
    found, _, err = fbs_cli(capsys, "debate", command, instance / "t.json", "--oracle",
                            instance / "o.json", "--protocol", "budgeted", "--beta-max", below,
                            *extra, *json_flag)
    assert found == code, err
    assert "fbs: warning: Theorem B2(a)'s hypothesis fails" in err


def test_plan_with_the_tree_exits_1(instance, capsys):
    code, _, err = fbs_cli(capsys, "debate", "plan", "--tree", instance / "t.json", "--oracle",
                           instance / "o.json", "--protocol", "budgeted", "--beta-max", "1",
                           "--delta", "1/100")
    assert code == 1 and "hypothesis fails" in err


def test_the_page_names_each_command_and_its_exit_code():
    text = " ".join((ROOT / "docs" / "budgeted.md").read_text().split())
    assert ("`fbs debate run --alice honest`, `completeness` and `plan --tree` then exit 1 with "
            "a warning") in text
    assert "`worst-case` warns and exits 0" in text
