"""Sampled runs, confidence intervals and the repetition planner (Section 4, after Thm 4.2)."""

import math
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.base.errors import BadInput
from verify.protocol.debaters import HonestAlice, WorstCaseAlice
from verify.protocol.engine import Debate, compile_states
from verify.protocol.intervals import clopper_pearson, regularized_beta, wilson
from verify.protocol.planner import parse_probability, plan, repetitions_needed
from verify.protocol.sampling import sample_runs
from verify.trees.builders import literature_tree, random_tree, uniform_tree
from verify.trees.oracles import random_oracle


def test_wilson_textbook_value():
    # 5 successes in 10, z = 1.959964: (0.2366, 0.7634) (Wilson 1927; Newcombe 1998, table I)
    low, high = wilson(5, 10, 0.95)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)


def test_clopper_pearson_closed_forms_and_textbook_value():
    low, high = clopper_pearson(5, 10, 0.95)
    assert low == pytest.approx(0.1871, abs=1e-4) and high == pytest.approx(0.8129, abs=1e-4)
    assert clopper_pearson(0, 10, 0.95) == (0.0, pytest.approx(1 - 0.025 ** 0.1, rel=1e-9))
    assert clopper_pearson(10, 10, 0.95) == (pytest.approx(0.025 ** 0.1, rel=1e-9), 1.0)
    assert clopper_pearson(0, 10**6, 0.95)[1] == pytest.approx(1 - 0.025 ** 1e-6, rel=1e-6)


@pytest.mark.parametrize("a, b, x", [(3, 8, 0.4), (0.5, 0.5, 0.2), (40, 60, 0.45),
                                     (1000, 5000, 0.17), (7, 2, 0.95)])
def test_regularized_beta_against_mpmath(a, b, x):
    assert regularized_beta(a, b, x) == pytest.approx(
        float(mpmath.betainc(a, b, 0, x, regularized=True)), rel=1e-10, abs=1e-14)


def test_repetitions_by_hand():
    assert repetitions_needed(Fraction(1, 4), Fraction(1, 100)) == 17  # 0.75^16 = 0.01002
    assert repetitions_needed(Fraction(1, 2), Fraction(1, 4)) == 2  # equality counts
    assert repetitions_needed(Fraction(1), Fraction(1, 10)) == 1
    assert repetitions_needed(Fraction(0), Fraction(1, 10)) is None


@settings(max_examples=80, derandomize=True, deadline=None)
@given(c=st.fractions(Fraction(1, 500), Fraction(99, 100), max_denominator=1000),
       delta=st.fractions(Fraction(1, 10**6), Fraction(99, 100), max_denominator=10**6))
def test_repetitions_are_the_smallest_sufficient_number(c, delta):
    runs = repetitions_needed(c, delta)
    assert (1 - c) ** runs <= delta
    assert runs == 1 or (1 - c) ** (runs - 1) > delta


def test_plan_against_direct_computation():
    result = plan(Fraction(4), 3, Fraction(1, 100), width=6)
    runs, miss = 0, Fraction(1)
    while miss > Fraction(1, 100):
        runs, miss = runs + 1, miss * Fraction(63, 64)
    assert result.runs_theorem == runs == 293
    assert result.per_run_bound == Fraction(1, 64) and result.exhaustive_leaves == 216
    assert result.rho_d_log == pytest.approx(64 * math.log(100))
    assert plan(Fraction(3), 2, Fraction(1, 100), exact=Fraction(1, 6)).runs_exact == 26


@pytest.mark.parametrize("text", ["0", "1", "1.5", "-0.1", "x"])
def test_bad_delta(text):
    with pytest.raises(BadInput):
        parse_probability(text, "--delta")


def catch_cases():
    tree, answers = literature_tree(9, 4)
    yield Debate.create(tree, answers, 3, "symmetric")
    tree = uniform_tree("maj:3", 4)
    yield Debate.create(tree, random_oracle(tree, 2), 2, "vertex")
    tree = random_tree(4, 3, ["maj:3", "thr:4:2", "or:2", "tt:0x6ac1:4"], 0.3)
    yield Debate.create(tree, random_oracle(tree, 7), Fraction(5, 2), "uniform")
    tree = uniform_tree("maj:6", 1)
    yield Debate.create(tree, {f"Q(r.{i})": int(i <= 3) for i in range(1, 7)}, 4, "symmetric")


@pytest.mark.parametrize("debate", list(catch_cases()))
def test_sampled_rate_interval_contains_the_dp_value(debate):
    alice = WorstCaseAlice.solve(debate)
    graph = compile_states(debate, alice)
    result = sample_runs(debate, graph, 200_000, seed=2024, confidence=0.999)
    assert result.catch_probability_exact == alice.result.catch_probability_exact
    assert result.interval_contains_exact
    low, high = result.wilson
    assert low <= float(alice.result.catch_probability_exact) <= high


def test_same_seed_same_result_and_honest_never_caught():
    tree = uniform_tree("maj:5", 3)
    debate = Debate.create(tree, random_oracle(tree, 5), 3, "vertex")
    graph = compile_states(debate, WorstCaseAlice.solve(debate))
    one, two = (sample_runs(debate, graph, 70_000, seed=9) for _ in range(2))
    assert one == two
    honest = sample_runs(debate, compile_states(debate, HonestAlice()), 50_000, seed=1)
    assert honest.caught == 0 and honest.catch_probability_exact == 0


def test_bad_run_arguments():
    tree = uniform_tree("maj:3", 1)
    debate = Debate.create(tree, random_oracle(tree, 1), 2, "vertex")
    graph = compile_states(debate, HonestAlice())
    with pytest.raises(BadInput):
        sample_runs(debate, graph, 0, 1)
    with pytest.raises(BadInput):
        sample_runs(debate, graph, 10, 1, confidence=1.5)


def test_large_plans_use_high_precision():
    """rho = 5, d = 8: c = 5^-8; R is about 5^8 ln(10^9) (mpmath at 80 digits as referee)."""
    c, delta = Fraction(1, 5 ** 8), Fraction(1, 10 ** 9)
    runs = repetitions_needed(c, delta)
    with mpmath.workdps(80):
        exact = mpmath.log(mpmath.mpf(1) / 10 ** 9) / mpmath.log(1 - mpmath.mpf(1) / 5 ** 8)
    assert runs == int(mpmath.ceil(exact))


def test_progress_indicator_only_on_a_terminal():
    import io

    from verify.base.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    quiet, loud = io.StringIO(), Terminal()
    for stream in (quiet, loud):
        with Progress(10, "runs", stream=stream, interval=0) as bar:
            for _ in range(10):
                bar.update(1)
    assert quiet.getvalue() == ""
    assert "runs:" in loud.getvalue() and "100.0% (10/10)" in loud.getvalue()
