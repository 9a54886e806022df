"""The public Python API (issue 10): every name documented with a runnable example that doctest
checks, results frozen with exact Fractions, and the CLI's --json equal to the result's to_json().
"""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import importlib.util
import inspect
import io
import json
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest

import verify
from verify.cli import main

ROOT = Path(__file__).resolve().parents[1]
FUNCTIONS = sorted(n for n in verify.__all__ if inspect.isfunction(getattr(verify, n)))
# where each public function is defined (re-exports are tested where they are written)
API_MODULES = ["verify"] + sorted(set(verify._LAZY.values())
                                  | {getattr(verify, n).__module__ for n in FUNCTIONS})
EXAMPLES = ROOT / "examples"
# examples that start a Dask cluster or run paper checks: deselected by -m "not slow"
SLOW_EXAMPLES = {"verify.sweep.api", "verify.budgeted.api", "verify.report.api",
                 "verify.base.notebook", "census", "read_store", "run_sweep",
                 "budgeted_worst_case", "paper"}


def _marked(names):
    return [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_EXAMPLES else n for n in names]


@pytest.mark.parametrize("module", _marked(API_MODULES))
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("name", _marked(FUNCTIONS))
def test_each_example_runs_pasted_alone(name):
    """docs/api.md shows each example by itself: it must import what it uses (a doctest in
    its module sees the module's names, a user pasting it does not)."""
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(getattr(verify, name), name, globs={}):
        test.globs = {}
        assert runner.run(test).failed == 0


@pytest.mark.parametrize("name", FUNCTIONS)
def test_every_public_function_has_an_example(name):
    function = getattr(verify, name)
    assert function.__doc__ and ">>>" in function.__doc__, f"verify.{name} has no example"


def _cli_json(*argv) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main([*argv, "--json"])
    assert code == 0, out.getvalue()
    return json.loads(out.getvalue())


def _frozen(result) -> None:
    assert dataclasses.is_dataclass(result) and type(result).__dataclass_params__.frozen
    field = dataclasses.fields(result)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(result, field, None)


def test_fbs_result_is_what_compute_prints():
    result = verify.fbs("maj:6", "111100")
    _frozen(result)
    assert isinstance(result.value, Fraction) and result.value == 4
    assert _cli_json("compute", "maj:6", "--at", "111100") == result.to_json()


def test_certify_and_check_are_what_the_commands_do(tmp_path):
    path = tmp_path / "c.json"
    result = verify.certify("thr:5:2", "11000", output=path)
    verdict = verify.check(path)
    _frozen(verdict)
    assert verdict.valid and verdict.value == result.value == Fraction(2, 1)  # w/(w-t+1) = 2/1
    assert _cli_json("check", str(path)) == verdict.to_json()


def test_blocks_are_what_the_command_prints():
    found = verify.blocks("thr:4:2", "1100")
    _frozen(found)
    assert found.blocks == ((0,), (1,))  # weight 2 = t: flipping either one drops below t
    assert _cli_json("blocks", "thr:4:2", "--at", "1100") == found.to_json()
    report = verify.check_blocks("thr:4:2", "1100", [(0,)])
    assert not report.ok and report.witness == (1,)


def _maj6():
    return EXAMPLES / "maj6-tree.json", EXAMPLES / "maj6-oracle.json"


def test_tree_info_is_what_the_command_prints():
    tree, oracle = map(str, _maj6())
    info = verify.tree_info(tree, oracle)
    _frozen(info)
    assert _cli_json("tree", "info", tree, "--oracle", oracle) == info.to_json()


@pytest.mark.parametrize("kind", ["run", "worst-case", "completeness"])
def test_debate_results_are_what_the_commands_print(kind):
    tree, oracle = map(str, _maj6())
    if kind == "run":
        result = verify.debate(tree, oracle, 4, alice="worst", runs=500, seed=3)
        argv = ["debate", "run", tree, "--oracle", oracle, "--rho", "4", "--alice", "worst",
                "--runs", "500", "--seed", "3"]
    elif kind == "worst-case":
        result = verify.worst_case(tree, oracle, 4)
        argv = ["debate", "worst-case", tree, "--oracle", oracle, "--rho", "4"]
    else:
        result = verify.completeness(tree, oracle, 4)
        argv = ["debate", "completeness", tree, "--oracle", oracle, "--rho", "4"]
    _frozen(result)
    assert _cli_json(*argv) == result.to_json()


def test_plan_is_what_the_command_prints():
    result = verify.plan("4", 3, "1/100", width=6)
    _frozen(result)
    # (1 - 4^-3)^R <= 1/100 first at R = ceil(ln 100 / -ln(63/64)) = 293
    assert result.runs_theorem == 293 and result.exhaustive_leaves == 6 ** 3
    assert _cli_json("debate", "plan", "--rho", "4", "--depth", "3", "--delta", "1/100",
                     "--width", "6") == result.to_json()


def test_tree_fbs_and_adversary_are_what_the_commands_print(tmp_path):
    tree, oracle = map(str, _maj6())
    result = verify.tree_fbs(tree, oracle)
    _frozen(result)
    assert result.certified and isinstance(result.value, Fraction)
    assert _cli_json("tree", "fbs", tree, "--oracle", oracle) == result.to_json()
    output = tmp_path / "o_n.json"
    attack = verify.adversary(tree, oracle, checker="uniform:3", output=output)
    _frozen(attack)
    argv = ["adversary", tree, "--oracle", oracle, "--checker", "uniform:3", "-o",
            str(tmp_path / "o_n2.json")]
    from_cli = _cli_json(*argv)
    from_api = attack.to_json()
    assert from_cli.pop("output").endswith("o_n2.json") and from_api.pop("output") == str(output)
    assert from_cli == from_api


def test_paper_report_is_what_the_command_writes(tmp_path):
    report = verify.paper(only=["section_1_2_rho_d_vs_q_d"], report_dir=tmp_path / "r")
    _frozen(report)
    written = json.loads((tmp_path / "r" / "report.json").read_text())
    assert written == json.loads(json.dumps(report.to_json(), default=str))


@pytest.mark.parametrize("page", ["README.md", "docs/api.md"])
def test_page_examples_run(page):
    text = (ROOT / page).read_text()
    blocks = [part.split("```", 1)[0] for part in text.split("```python\n")[1:]]
    examples = [block for block in blocks if block.startswith(">>>")]
    assert examples, f"{page} has no Python example"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(examples):
        runner.run(parser.get_doctest(block, {}, f"{page} example {number}", page, 0))
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.slow
def test_docs_are_self_contained(tmp_path):
    """Issue 11, section 7: no citation of files a user does not have, no planning notes."""
    verify.paper(only=["section_3_3_and"], report_dir=tmp_path)
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "certificates" / "FORMAT.md",
             ROOT / "CHANGELOG.md", ROOT / "CITATION.cff", ROOT / "docs" / "tutorial.ipynb",
             *sorted((ROOT / "docs").glob("*.md")), tmp_path / "report.md"]
    for page in pages:
        text = page.read_text()
        for forbidden in ("GUIDE", "../shared", "next issue", "issue's job"):
            assert forbidden not in text, f"{page.name} mentions {forbidden!r}"
    formats = (ROOT / "docs" / "formats.md").read_text()
    assert "verify.trees.oracles.random_oracle" in formats and "--papers 99" in formats
