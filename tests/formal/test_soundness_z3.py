"""The z3 mirror of Theorem 4.2's proof and Lemma 5.2 (verify/formal/soundness_z3.py).

Every proof must be unsat; false variants (a hypothesis dropped, a stronger claim) must come
back as FAILED with a counterexample, so that these tests can fail; inconsistent hypotheses
and timeouts must never be reported as proved.
"""

import pytest
import z3

from verify.formal import soundness_z3 as sz

PROBLEMS = sz.problems()


@pytest.mark.parametrize("problem", PROBLEMS, ids=[p.name for p in PROBLEMS])
@pytest.mark.slow
def test_every_proof_is_unsat(problem):
    result = sz.prove(problem)
    assert result.result == sz.PROVED, result.detail
    assert result.steps == len(problem.steps)
    assert result.z3_version == z3.get_version_string()
    assert result.statement
    assert "Theorem 4.2" in result.paper_ref or "Lemma 5.2" in result.paper_ref


def test_suite_covers_the_brief():
    names = {p.name for p in PROBLEMS}
    assert {f"one_level_step_q{q}" for q in range(1, 13)} <= names
    assert {f"averaging_step_n{n}" for n in range(1, 9)} <= names
    assert {f"induction_d{d}" for d in range(1, 11)} <= names
    assert {"induction_base_symbolic", "induction_step_symbolic"} <= names
    assert "lemma_5_2_blocks6_coords6" in names


def test_prove_all_sizes():
    results = sz.prove_all(max_q=2, max_d=2, max_n=2, lemma_sizes=((1, 1),))
    assert [r.name for r in results] == [
        "one_level_step_q1", "one_level_step_q2", "averaging_step_n1", "averaging_step_n2",
        "induction_d1", "induction_d2", "induction_base_symbolic", "induction_step_symbolic",
        "lemma_5_2_blocks1_coords1"]
    assert all(r.proved for r in results)
    assert results[0].as_dict()["result"] == "proved"


def _refuted(problem, step_label=None):
    result = sz.prove(problem)
    assert result.result == sz.FAILED, result
    assert "z3 says sat" in result.detail and "counterexample:" in result.detail
    if step_label is not None:
        assert f"step '{step_label}'" in result.detail
    return result


# --- false variants: inequality (1) ------------------------------------------------------

def test_one_level_stronger_claim_is_refuted():
    problem = sz.one_level_step(4)
    s = problem.symbols
    _refuted(problem.with_claim("P[I in B] >= 2/rho", s["P_B"] >= 2 / s["rho"]))


@pytest.mark.parametrize("hypothesis", ["S > 0", "S <= rho", "T_B >= 1"])
def test_one_level_needs_each_hypothesis(hypothesis):
    _refuted(sz.one_level_step(4).without(hypothesis))


def test_one_level_without_nonnegativity_fails_only_at_the_distribution():
    # t >= 0 is not used by the inequality itself, only to make p = t/S a distribution.
    result = _refuted(sz.one_level_step(4).without("t >= 0"), "p is a distribution")
    assert result.steps == 4 + 4  # the per-coordinate steps and inequality (1) were proved


# --- false variants: averaging and induction ---------------------------------------------

def test_averaging_without_inequality_1_is_refuted():
    _refuted(sz.averaging_step(3).without("inequality (1)"))


def test_averaging_stronger_claim_is_refuted():
    problem = sz.averaging_step(3)
    s = problem.symbols
    stronger = s["P_Wk1"] >= 2 * s["P_Wk"] / s["rho"]
    _refuted(problem.with_claim("P[W_{k-1}] >= 2 P[W_k]/rho", stronger))


@pytest.mark.parametrize("d", [1, 3, 10])
def test_induction_one_level_too_strong_is_refuted(d):
    problem = sz.induction_unrolled(d)
    s = problem.symbols
    _refuted(problem.with_claim("L >= rho^-(d-1)", s["L"] >= 1 / s["rho"] ** (d - 1)))


def test_induction_without_averaging_step_is_refuted():
    _refuted(sz.induction_unrolled(3).without("averaging step"))


def test_induction_needs_positive_rho():
    _refuted(sz.induction_unrolled(3).without("rho > 0"))


@pytest.mark.parametrize("hypothesis", ["induction hypothesis", "rho > 0",
                                        "X(j+1) * rho = X(j) at j = d-k"])
def test_symbolic_step_needs_each_hypothesis(hypothesis):
    _refuted(sz.induction_step_symbolic().without(hypothesis))


# --- false variants: Lemma 5.2 -----------------------------------------------------------

def test_lemma_5_2_without_load_bound_is_refuted():
    _refuted(sz.lemma_5_2(2, 2).without("loads <= 1"))


def test_lemma_5_2_half_the_bound_is_refuted():
    problem = sz.lemma_5_2(3, 3)
    s = problem.symbols
    claim = z3.Or([z3.And(wh > 0, ph <= 1 / (2 * s["R"])) for wh, ph in zip(s["w"], s["pH"])])
    _refuted(problem.with_claim("some H has p(H) <= 1/(2R)", claim))


# --- never proved: vacuous hypotheses, unknown answers -----------------------------------

def test_inconsistent_hypotheses_are_not_a_proof():
    x = z3.Real("x")
    problem = sz.Problem("vacuous", "x > 1", "none", (("x > 0", (x > 0,)), ("x < 0", (x < 0,))),
                         (sz.Step("x > 1", x > 1),))
    result = sz.prove(problem)
    assert result.result == sz.FAILED and "hypotheses: z3 says unsat" in result.detail
    assert not result.proved


def test_timeout_is_unknown_not_proved():
    # Lemma 5.2 asked in one piece (no chain) is beyond z3 within a short timeout.
    problem = sz.lemma_5_2(6, 6)
    s = problem.symbols
    claim = z3.Or([z3.And(wh > 0, ph * s["R"] <= 1) for wh, ph in zip(s["w"], s["pH"])])
    one_piece = sz.Problem("one piece", "", "", problem.hypotheses, (sz.Step("claim", claim),))
    result = sz.prove(one_piece, timeout_ms=300)
    assert result.result == sz.UNKNOWN and not result.proved, result


def test_without_unknown_label_raises():
    with pytest.raises(KeyError):
        sz.one_level_step(2).without("no such hypothesis")


# --- the paper check ---------------------------------------------------------------------

@pytest.mark.slow
def test_paper_check_reports_every_proof():
    from paper_checks import theorem_4_2_z3

    report = theorem_4_2_z3.run()
    assert report["name"] == "theorem_4_2_z3"
    assert report["place"] == "Theorem 4.2 (proof), Lemma 5.2"
    assert report["status"] == "confirmed", report["computed"]
    assert len(report["values"]) == len(PROBLEMS)
    assert {"name", "statement", "paper_ref", "result", "z3_version", "seconds"} <= set(
        report["values"][0])
    assert report["deviations"] and "meta-level" in report["deviations"][0]


@pytest.mark.parametrize("problem", PROBLEMS, ids=[p.name for p in PROBLEMS])
def test_every_named_premise_exists(problem):
    # A misspelt premise would silently be left out; the dependency list must be exact.
    labels = [label for label, _ in problem.hypotheses]
    for step in problem.steps:
        for name in step.uses or ():
            assert any(sz._matches(label, name) for label in labels), (step.label, name)
        labels.append(step.label)
