"""Sentences of README.md and docs/ checked against values computed here (issue 30, section 2):
each numeric claim is recomputed from an independent source, and each corrected sentence is
checked to carry its qualification."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from verify.budgeted.mixed_api import mixed_plan

ROOT = Path(__file__).resolve().parents[2]


def prose(path: str) -> str:
    """The file's text with runs of whitespace joined (sentences wrap across lines)."""
    return " ".join((ROOT / path).read_text().split())


def smallest_runs(c: Fraction, delta: Fraction) -> int:
    """The smallest R with (1 - c)^R <= delta, by counting (independent of the planner)."""
    runs, miss = 1, 1 - c
    while miss > delta:
        runs, miss = runs + 1, miss * (1 - c)
    return runs


def test_mixed_run_counts_do_not_inherit_the_factor_two():
    """docs/budgeted.md section 7: the factor min(lambda, 1 - lambda) is per run only."""
    delta = Fraction(1, 100)
    for rho, beta_max, better in ((100, 1, "budgeted"), (1, 100, "paper")):
        plan = mixed_plan(lam="1/2", rho=rho, depth=3, beta_max=beta_max, delta="1/100")
        paper, budgeted = Fraction(1, rho ** 3), min(Fraction(1), Fraction(1, beta_max))
        mixed = (paper + budgeted) / 2
        assert plan.runs == smallest_runs(mixed, delta) == 7
        best = smallest_runs(max(paper, budgeted), delta)
        assert best == 1 and plan.runs > 2 * best
        assert plan.runs <= max(plan.runs_paper, plan.runs_budgeted)
    text = prose("docs/budgeted.md")
    assert "within a factor 1/m of the better one" not in text
    assert "7 mixed runs against 1 budgeted run (rho = 100, depth 3, beta_max = 1)" in text
    assert "7 against 1 paper run (rho = 1, depth 3, beta_max = 100)" in text


def test_the_rule_is_maximin_in_one_round_only():
    """docs/paper-checks.md (formerly the README): OR_2 claimed 00 with catch 1 below child 1 and 1/4 below child 2. A Bob who
    samples (p, 1 - p) is caught against by the worse child: min(p, (1 - p)/4); the best p
    on a grid of 1/1000 steps is 1/5 (value 1/5), the rule's p = 1/2 gives 1/8."""
    def guarantee(p: Fraction) -> Fraction:
        return min(p * 1, (1 - p) * Fraction(1, 4))

    best = max((Fraction(k, 1000) for k in range(1001)), key=guarantee)
    assert (best, guarantee(best), guarantee(Fraction(1, 2))) == (
        Fraction(1, 5), Fraction(1, 5), Fraction(1, 8))
    text = prose("docs/paper-checks.md")
    assert "for Bob the rule is maximin, not dominant" not in text
    assert "maximin in one round" in text and "1/5 against the rule's 1/8" in text
    assert "no deviation gains Bob more than delta" in text


def test_the_mixed_guarantee_is_written_with_min_one():
    """Theorem B1's g(beta) = min(1, 1/beta): (1 - lambda)/beta_max is wrong for beta_max < 1."""
    for path in ("README.md", "docs/commands.md", "docs/formal.md", "docs/budgeted.md"):
        text = prose(path)
        assert "(1 - lambda)/beta_max" not in text and "(1 - lambda) / beta_max" not in text
    assert "lambda rho^-d + (1 - lambda) min(1, 1/beta_max)" in prose("docs/commands.md")


def test_formal_md_does_not_claim_coq_proves_b4s_second_half():
    text = prose("docs/formal.md")
    assert "is NOT proved in Coq" in text and "proved on paper only" in text


def test_notes_cite_definition_3_3_for_the_primal():
    """The paper: Definition 3.3 is fbs (the packing, primal), 3.4 its dual."""
    text = prose("docs/notes.md")
    assert "primal LP of Definition 3.4" not in text
    assert "feasible point of the primal LP of Definition 3.3" in text


def test_the_all_ones_dual_is_not_called_optimal_at_the_liars_claims():
    """AND2 at the liar's claim (0, 1): the only sensitive block is {1}, so fbs = 1 and the
    optimal dual is (1, 0), while the all-ones dual sums to 2: feasible, not optimal."""
    from verify.sensitivity.exact_fbs import certified_fbs

    result = certified_fbs("and:2", (0, 1))
    assert result.value == 1 and tuple(result.dual) == (1, 0)
    formal = prose("docs/formal.md")
    assert "all-ones dual (optimal here)" not in formal and "(the bound is tight)" not in formal
    assert "not optimal at the liar's claims" in formal
    examples = prose("coq/examples/FbsExamples.v")
    assert "This is the liar the proofs' bounds are tight for" not in examples
    assert examples.count("not optimal at the liar's claims") >= 3


def _grid_interval(spec: str, depth: int):
    from paper_checks.trees_corpus import grid_trees
    from verify.budgeted.api import budgeted_worst_case

    tree, oracle = next((t, o) for s, d, t, o in grid_trees() if (s, d) == (spec, depth))
    result = budgeted_worst_case(tree, oracle, strategies=0)
    return f"[{result.lower_bound}, {result.upper_bound}]"


def test_budgeted_md_pins_the_open_interval_of_thr_9_6():
    """docs/budgeted.md section 5 quotes report intervals: each is recomputed here."""
    interval = _grid_interval("thr:9:6", 2)
    assert interval == "[1/11, 6/11]"
    assert f"`thr:9:6` at depth 2: {interval}" in prose("docs/budgeted.md")


@pytest.mark.slow
def test_budgeted_md_pins_the_open_interval_of_maj_5():
    interval = _grid_interval("maj:5", 2)
    assert interval == "[8/33, 3/11]"
    assert f"`maj:5` at depth 2: {interval}" in prose("docs/budgeted.md")


def test_docs_type_no_run_counts_of_the_report():
    """Counts over the report's corpus change when a check changes: the report states them."""
    for path in ("README.md", "docs/budgeted.md", "docs/paper-checks.md", "docs/commands.md"):
        text = prose(path)
        assert "exact on 71" not in text and "largest ratio 371" not in text
        assert "78 trees" not in text
