"""fbs-proved on kind `census-classes` (coq/native/kind_census_classes.ml, the Coq checker
checkers/CensusClassesCheck.v): the certificates the census writes (verify.sweep.compiled_census,
the batches `fbs census --exhaustive` checks) are proved, with the statement in the model's
words, and on them and on their mutants the program gives the stdlib checker's verdict."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
from test_checker_census_classes import EMPTY, MAJ3, OR2, certificate


def census_certificates(q: int, monkeypatch) -> list[dict]:
    """The census-classes certificates the census of q writes (compiled_census's batches)."""
    from verify.sweep import compiled_census
    from verify.sweep.census_shards import compiled_classes

    written = []
    monkeypatch.setattr(compiled_census, "_check_batch",
                        lambda entries, arity: written.append(certificate(arity, *entries)))
    compiled_census.compiled_rows(*compiled_classes(q), q, True)
    return written


def mutants(entry: dict, q: int) -> list[dict]:
    """Wrong claims and broken witnesses of one entry (each changes one thing)."""
    fbs = Fraction(entry["fbs"])
    out = [dict(entry, s=entry["s"] + 1), dict(entry, C=entry["C"] + 1),
           dict(entry, bs=entry["bs"] + 1), dict(entry, fbs=str(fbs + Fraction(1, 2)))]
    if entry["s"] > 0:
        out.append(dict(entry, s=entry["s"] - 1))
    if entry["C"] > 0:
        out.append(dict(entry, C=entry["C"] - 1))
    if entry["packing"]:  # one member fewer, bs with it: below floor(fbs), the search refuses
        out.append(dict(entry, packing=entry["packing"][1:], bs=entry["bs"] - 1))
        out.append(dict(entry, packing=entry["packing"] + entry["packing"][:1], bs=entry["bs"] + 1))
    if entry["weights"]:
        heavier = copy.deepcopy(entry["weights"])
        heavier[0][1] += 1
        out.append(dict(entry, weights=heavier))
        out.append(dict(entry, weights=entry["weights"] + [[entry["weights"][0][0], 0]]))
    if any(entry["dual"]):
        lighter = list(entry["dual"])
        i = max(range(q), key=lambda j: lighter[j])
        lighter[i] -= 1
        out.append(dict(entry, dual=lighter))
    table = int(entry["table"], 16)
    outside = [m for m in range(1, 1 << q) if not (table >> m) & 1]
    if outside:  # a zero weight on a set outside U
        out.append(dict(entry, weights=entry["weights"] + [[outside[-1], 0]]))
    return out


def test_the_format_examples_are_proved(run_proved, stdlib_exit):
    got = run_proved(certificate(3, MAJ3))
    assert got.exit == 0, got.line
    assert "CensusEntryIs 3 232 (3 # 2) 0 1 2" in got.line
    assert "MinimalOf q (UpFam q table)" in got.line and "checkCensusClasses_sound" in got.line
    both = certificate(2, OR2, EMPTY)
    assert run_proved(both).exit == stdlib_exit(both) == 0


@pytest.mark.parametrize("q", [2, 3, 4, 5])
def test_the_census_certificates_are_proved(run_proved, monkeypatch, q):
    written = census_certificates(q, monkeypatch)
    assert len(written) == 1
    count = len(written[0]["classes"])
    assert count == {2: 4, 3: 9, 4: 29, 5: 209}[q]  # OEIS A003182(q) less the full up-set, ...
    got = run_proved(written[0])
    assert got.exit == 0 and f"classes = {count}:" in got.line, got.line


@pytest.mark.parametrize("q", [3, 4])
def test_mutants_of_every_class_get_the_stdlib_verdict(run_proved, stdlib_exit, monkeypatch, q):
    """Every class of q = 3, 4, each mutant alone in a certificate: the same exit code."""
    (written,) = census_certificates(q, monkeypatch)
    tried = 0
    for entry in written["classes"]:
        for mutant in mutants(entry, q):
            obj = certificate(q, mutant)
            assert run_proved(obj).exit == stdlib_exit(obj), mutant
            tried += 1
    assert tried > 5 * len(written["classes"])


@pytest.mark.parametrize("change", [
    {"table": "0xe9"}, {"table": "0x68"}, {"table": "e8"}, {"table": "0xzz"}, {"table": "0x1e8"},
    {"weights": [[8, 1]]}, {"weights": [[3]]}, {"dual": [1, 1]}, {"dual": [1, 1, -1]},
    {"denominator": 0}, {"s": True}, {"fbs": "1/0"}, {"extra": 1}, {"packing": [0]},
    {"dual": [1, 1, 2**64]}, {"packing": [3, 5], "bs": 2}, {"packing": [], "bs": 0},
    {"weights": [[3, 1], [5, 1], [1, 1]]}, {"fbs": "2"}, {"s": 1}, {"C": 1}, {"C": 10**30},
])
def test_format_mutants_get_the_stdlib_verdict(run_proved, stdlib_exit, change):
    obj = certificate(3, {**copy.deepcopy(MAJ3), **change})
    assert run_proved(obj).exit == stdlib_exit(obj) != 0


def test_arity_and_count_bounds(run_proved, stdlib_exit):
    for obj in (certificate(8, MAJ3), {**certificate(3, MAJ3), "classes": {}}, certificate(3)):
        assert run_proved(obj).exit == stdlib_exit(obj)


@pytest.mark.slow
def test_a_q6_census_batch_is_proved(run_proved, stdlib_exit, monkeypatch):
    written = census_certificates(6, monkeypatch)
    assert [len(c["classes"]) for c in written] == [4096, 4096, 4096, 4064]
    got = run_proved(written[-1])
    assert got.exit == 0 and "classes = 4064:" in got.line, got.line
