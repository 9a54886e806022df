"""Mixed FBS Debate (ours; docs/budgeted.md, section 7, Theorem B4).

Independent sources: the seed-30 liar's two branches computed by hand, the paper protocol's
own engine for the paper branch, hypothesis-generated liars against Theorem B4's bounds, and
the planner's closed form."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_budgeted_interval import SEED_30, _IssueLiar

from verify import random_oracle, random_tree, tree_fbs, uniform_tree, write_tree
from verify.budgeted.api import budgeted_worst_case
from verify.budgeted.engine import BudgetedDebate
from verify.budgeted.mixed import MixedDebate, branch_catches, mixed_catch, parse_protocol
from verify.budgeted.mixed_api import mixed_completeness, mixed_plan, mixed_worst_case
from verify.budgeted.worst_case import RandomLiar
from verify.cli import main
from verify.protocol.engine import Debate
from verify.protocol.engine import compile_states as paper_states
from verify.protocol.worst_case import solve_worst_case
from verify.trees.local_fbs import honest_fbs
from verify.trees.model import from_records
from verify.trees.oracles import write_oracle

ONE = Fraction(1)
AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "parity:2", "tt:0110", "tt:0111"]


def _seed_30(lam, rho=2):
    tree = from_records(SEED_30, "r")
    oracle = {f"Q(r.{a}.{b})": 1 for a in (1, 2) for b in (1, 2, 3)}
    budgeted = BudgetedDebate.create(tree, oracle, 3)
    return MixedDebate(budgeted, Debate.create(tree, oracle, rho), Fraction(lam))


class _PaperView:
    """The seed-30 liar's claim vectors, as a paper-protocol Alice."""

    name = "paper view"

    def answer(self, debate):
        return 1

    def decompose(self, debate, node, claim):
        return _IssueLiar().decompose(debate, node, claim, None)[0]


def test_seed_30_liar_branches_by_hand():
    """Paper branch: root p = (1/2, 1/2); r.1 (0, 0, 1) is caught on either sampled leaf;
    r.2 (0, 1, 1) samples only its true leaves: A = 1/2. Budgeted branch: B = 1/3."""
    mixed = _seed_30("1/3")
    assert branch_catches(mixed, _IssueLiar()) == (Fraction(1, 2), Fraction(1, 3))
    paper_only = paper_states(mixed.paper, _PaperView()).catch_probability()
    assert paper_only == Fraction(1, 2)
    assert mixed_catch(mixed, _IssueLiar()) == Fraction(1, 3) * Fraction(1, 2) + \
        Fraction(2, 3) * Fraction(1, 3) == Fraction(7, 18)


def test_the_paper_check_is_applied_in_both_branches():
    """With rho = 1 the root's XOR vector (fbs 2) fails the paper's check: caught in both."""
    assert branch_catches(_seed_30("1/2", rho=1), _IssueLiar()) == (ONE, ONE)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 2), st.sampled_from(["0", "1/3", "1/2", "1"]),
       st.integers(0, 10**6))
def test_theorem_b4_bounds_every_liar(tree_seed, depth, lam, liar_seed):
    tree = random_tree(tree_seed, depth, AGGREGATORS)
    oracle = random_oracle(tree, tree_seed + 1)
    budgeted = BudgetedDebate.create(tree, oracle, tree_fbs(tree, oracle).value)
    rho = max([ONE, *honest_fbs(tree, budgeted.values).values()])
    mixed = MixedDebate(budgeted, Debate.create(tree, oracle, rho), Fraction(lam))
    paper_exact = solve_worst_case(mixed.paper).catch_probability_exact
    lower = budgeted_worst_case(tree, oracle, strategies=0).lower_bound
    floor = mixed.lam * paper_exact + (1 - mixed.lam) * lower
    assert floor >= mixed.guarantee
    for k in range(6):
        liar = RandomLiar.draw(budgeted, liar_seed + k)
        if liar.answer(budgeted)[1] <= budgeted.beta_max:
            assert mixed_catch(mixed, liar) >= floor


def test_seed_43_mixed_worst_case_is_exact_at_three_eighths():
    from paper_checks.budgeted_debate import AGGREGATORS as REPORT_AGGREGATORS

    tree = random_tree(43, 3, REPORT_AGGREGATORS)
    result = mixed_worst_case(tree, random_oracle(tree, 7043), strategies=0)
    assert result.paper_exact == Fraction(1, 2)
    assert result.lower_bound == result.upper_bound == Fraction(3, 8) and result.exact


def test_planner_closed_form():
    plan = mixed_plan(lam="1/2", rho=2, depth=3, beta_max=4, delta="1/100")
    assert plan.per_run_bound == Fraction(1, 2 ** 3) / 2 + Fraction(1, 4) / 2
    r = plan.runs
    assert (1 - plan.per_run_bound) ** r <= Fraction(1, 100) < (1 - plan.per_run_bound) ** (r - 1)
    assert plan.runs_budgeted <= r <= plan.runs_paper


def test_completeness_and_its_exit_rule(tmp_path):
    tree = uniform_tree("maj:3", 2)
    oracle = random_oracle(tree, 0)
    assert mixed_completeness(tree, oracle).loss_probability == 0
    write_tree(tmp_path / "t.json", tree)
    write_oracle(tmp_path / "o.json", oracle)
    base = ["debate", "completeness", str(tmp_path / "t.json"), "--oracle",
            str(tmp_path / "o.json"), "--protocol", "mixed:1/4"]
    assert _run(*base)[0] == 0
    code, _, err = _run(*base, "--beta-max", "1")
    assert code == 1 and "B2(a)'s hypothesis fails" in err


def _run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = stop.code
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("text,expected", [("paper", ("paper", None)), ("mixed", (
    "mixed", Fraction(1, 2))), ("mixed:0.25", ("mixed", Fraction(1, 4)))])
def test_protocol_names(text, expected):
    assert parse_protocol(text) == expected


@pytest.mark.parametrize("protocol", ["mixed:2", "mixed:x", "budgeted:1", "other"])
def test_bad_protocol_names_exit_2(protocol):
    code, _, err = _run("debate", "plan", "--delta", "0.01", "--protocol", protocol)
    assert code == 2 and err.count("\n") == 1


def test_mixed_run_is_refused_in_one_line(tmp_path):
    tree = uniform_tree("maj:3", 1)
    write_tree(tmp_path / "t.json", tree)
    write_oracle(tmp_path / "o.json", random_oracle(tree, 0))
    code, out, err = _run("debate", "run", str(tmp_path / "t.json"), "--oracle",
                          str(tmp_path / "o.json"), "--protocol", "mixed", "--alice", "honest")
    assert code == 2 and out == "" and err.count("\n") == 1


def test_the_report_row_flags_a_mixed_liar_below_theorem_b4(monkeypatch):
    """random seed 43: exact 3/8 at lambda = 1/2 (10 runs against 7 and 17); a mixture that
    forgets the paper branch (lambda A replaced by 0) goes below B4 and is flagged."""
    import paper_checks.budgeted_debate as check

    tree, oracle = next((t, o) for name, t, o in check.corpus() if name == "random seed 43")
    row = check._row("random seed 43", tree, oracle)
    assert (row["mixed_worst"], row["runs_mixed_worst"]) == ("3/8", "10")
    assert (row["runs_paper_exact"], row["runs_budgeted_worst"]) == (7, "17")
    assert row["mixed_consistent"] and row["mixed_within_factor"]
    monkeypatch.setattr(check, "mixed_catch", lambda mixed, liar: (1 - mixed.lam) * branch_catches(
        mixed, liar)[1])
    assert not check._row("random seed 43", tree, oracle)["mixed_consistent"]
