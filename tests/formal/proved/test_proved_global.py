"""fbs-proved on kind global-measure (coq/native/kind_global.ml, checkGlobalMeasure_sound of
coq/checkers/GlobalMeasureCheck.v): the certificates `fbs measures SPEC --certificates` writes
at small q, and their single mutations, get the stdlib checker's verdict; beyond the
program's bound (q <= 7) a refusal, exit 2."""

from __future__ import annotations

import copy

import pytest

SPECS = ["maj:3", "and:3", "parity:4", "tt:0110", "thr:5:2", "tribes:2:2", "maj:5"]


def _certificates(spec: str) -> dict:
    from verify import measures

    return measures(spec).certificates


def _mutants(certificate: dict):
    """Single changes: the value one up and one down, the input's first bit flipped, a witness
    weight doubled or a witness block dropped, an upper bound's dual entry zeroed or the
    entry dropped, a packing dropped."""
    value = certificate["value"]
    yield "value+1", dict(certificate, value=str(int(value.split("/")[0]) + 1) if "/" not in value else "9")
    if value != "0":
        yield "value-1", dict(certificate, value="0")
    flipped = ("1" if certificate["input"][0] == "0" else "0") + certificate["input"][1:]
    yield "input", dict(certificate, input=flipped)
    for name in ("witness", "upper", "packings"):
        for i in range(len(certificate.get(name, []))):
            dropped = copy.deepcopy(certificate)
            del dropped[name][i]
            yield f"{name}[{i}] dropped", dropped
    for i, entry in enumerate(certificate.get("upper", [])):
        for j, number in enumerate(entry["dual"]):
            if number != "0":
                zeroed = copy.deepcopy(certificate)
                zeroed["upper"][i]["dual"][j] = "0"
                yield f"upper[{i}].dual[{j}] zeroed", zeroed
    if certificate["measure"] == "fbs":
        for i in range(len(certificate["witness"])):
            heavy = copy.deepcopy(certificate)
            heavy["witness"][i]["weight"] = "2"
            yield f"witness[{i}] weight 2", heavy


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS)
def test_measures_certificates_and_their_mutants_agree(run_proved, stdlib_exit, spec):
    for measure, certificate in _certificates(spec).items():
        got = run_proved(certificate)
        assert got.exit == stdlib_exit(certificate) == 0, got.line
        assert f"GlobalMeasureIs Measure{'S' if measure == 's' else measure.upper() if measure != 'fbs' else 'Fbs'} (eval " in got.line
        assert got.line.endswith("[GlobalMeasureCheck.checkGlobalMeasure_sound]")
        refused = 0
        for name, mutant in _mutants(certificate):
            expected = stdlib_exit(mutant)
            assert run_proved(mutant).exit == expected, (spec, measure, name)
            refused += expected != 0
        assert refused >= 2, (spec, measure)  # the value changes at least


def test_the_statement_names_the_family_and_its_arity(run_proved):
    got = run_proved(_certificates("maj:5")["fbs"])
    assert got.exit == 0
    assert ": max fbs = 3: GlobalMeasureIs MeasureFbs (eval (MAJ 5)) 5 (bitsOf " in got.line


def test_beyond_q_7_is_refused(run_proved, stdlib_exit):
    certificate = _certificates("maj:9")["s"]
    assert stdlib_exit(certificate) == 0
    got = run_proved(certificate)
    assert got.exit == 2 and "bound for kind global-measure" in got.line


def test_a_malformed_global_certificate_is_refused(run_proved):
    certificate = _certificates("maj:3")["bs"]
    for broken in (dict(certificate, measure="x"), {k: v for k, v in certificate.items() if k != "measure"},
                   dict(certificate, input="01"), dict(certificate, upper=[{"input": "000", "dual": ["1"]}])):
        got = run_proved(broken)
        assert got.exit == 2 and "malformed certificate" in got.line, got.line
