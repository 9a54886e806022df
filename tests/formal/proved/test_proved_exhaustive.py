"""fbs-proved on kind exhaustive (coq/native/kind_exhaustive.ml, the Coq checker
checkExhaustive of coq/checkers/ExhaustiveCheck.v): the statement it prints, and the same
verdict as the stdlib checker on the mutation corpora of tests/checker/test_checker.py."""

from __future__ import annotations

import copy

import pytest
from test_checker import (
    MUTATION_BASES,
    _semantic_mutations,
    _structural_mutations,
    certificate,
)

MAJ3 = certificate("maj:3", "000", "3/2", [([0, 1], "1/2"), ([0, 2], "1/2"), ([1, 2], "1/2")],
                   ["1/2", "1/2", "1/2"])


def test_the_statement_is_the_model_s(run_proved):
    got = run_proved(MAJ3)
    assert got.exit == 0
    assert got.line.endswith(': fbs = 3/2: FbsIs (MAJ 3) (bitsOf "000") (3 # 2) '
                             "[Extract.checkExhaustiveFamily_sound]")


def test_a_wrong_value_is_refused_by_the_checker(run_proved):
    got = run_proved(dict(MAJ3, value="2"))
    assert got.exit == 1 and got.line.startswith("REFUSED: ")
    assert "FbsIs (MAJ 3) (bitsOf \"000\") (2 # 1)" in got.line


def test_a_truth_table_is_named_by_its_bits(run_proved):
    obj = dict(MAJ3, spec="tt:00010111")
    assert run_proved(obj).line.split(": ", 2)[2].startswith(
        'fbs = 3/2: FbsIs (TT "00010111") (bitsOf "000")')


def test_a_spec_the_program_does_not_read_comes_with_its_table(run_proved):
    """expr: is evaluated by the stdlib evaluator for the launcher; the statement shows the
    table, MAJ_3's."""
    obj = dict(MAJ3, spec="expr:(x1&x2)|(x1&x3)|(x2&x3)")
    got = run_proved(obj)
    assert got.exit == 0 and 'FbsIs (TT "00010111")' in got.line


def test_gzip_is_read_by_the_launcher(run_proved):
    assert run_proved(MAJ3, gzip=True).exit == 0


def _agree(run_proved, stdlib_exit, mutations, base):
    outcomes = {0: 0, 1: 0, 2: 0}
    for label, mutate in mutations(base):
        obj = copy.deepcopy(base)
        mutate(obj)
        got, expected = run_proved(obj), stdlib_exit(obj)
        assert got.exit == expected, (label, got.line)
        assert "\n" not in got.line
        outcomes[got.exit] += 1
    return outcomes


@pytest.mark.parametrize("name,make", MUTATION_BASES[:1], ids=[n for n, _ in MUTATION_BASES[:1]])
def test_semantic_mutations_agree_with_the_stdlib_checker(run_proved, stdlib_exit, name, make):
    outcomes = _agree(run_proved, stdlib_exit, _semantic_mutations, make())
    assert outcomes[1] > 10


@pytest.mark.slow
@pytest.mark.parametrize("name,make", MUTATION_BASES[1:], ids=[n for n, _ in MUTATION_BASES[1:]])
def test_semantic_mutations_agree_everywhere(run_proved, stdlib_exit, name, make):
    outcomes = _agree(run_proved, stdlib_exit, _semantic_mutations, make())
    assert outcomes[1] > 10


@pytest.mark.slow
@pytest.mark.parametrize("name,make", MUTATION_BASES, ids=[n for n, _ in MUTATION_BASES])
def test_structural_mutations_are_refused_like_the_stdlib_checker(run_proved, stdlib_exit,
                                                                   name, make):
    outcomes = _agree(run_proved, stdlib_exit, _structural_mutations, make())
    assert outcomes[2] > 50


@pytest.mark.slow
@pytest.mark.parametrize("spec,given", [("maj:20", "0" * 20), ("and:19", "0110100111" + "1" * 9),
                                        ("thr:20:7", "01" * 10)])
def test_the_program_s_bound_q_20_is_reached(run_proved, stdlib_exit, spec, given):
    """q = 19 and 20 (issue 37): the walk over the 2^q inputs (checkExhaustiveFast) proves what
    the list of 2^q masks refused as a stack overflow; a wrong value and a lowered dual
    entry are refused by both checkers."""
    from fractions import Fraction

    from verify import fbs

    obj = fbs(spec, given, method="table").certificate
    got = run_proved(obj)
    assert got.exit == stdlib_exit(obj) == 0, got.line
    wrong = dict(obj, value=str(Fraction(obj["value"]) + 1))
    assert run_proved(wrong).exit == stdlib_exit(wrong) == 1
    k = next(i for i, t in enumerate(obj["dual"]) if Fraction(t) > 0)
    lowered = dict(obj, dual=obj["dual"][:k] + [str(Fraction(obj["dual"][k]) / 2)] + obj["dual"][k + 1:])
    assert run_proved(lowered).exit == stdlib_exit(lowered) == 1


def test_beyond_q_20_the_program_refuses_for_its_bound(run_proved, stdlib_exit):
    """The bound the program keeps (docs/formal.md section 19: the walk costs about 0.5 us per
    input, 12 s at q = 24 against the stdlib checker's 0.07 s)."""
    from verify import fbs

    obj = fbs("and:21", "1" * 21, method="table").certificate
    got = run_proved(obj)
    assert stdlib_exit(obj) == 0 and got.exit == 2 and "bound for kind exhaustive" in got.line
