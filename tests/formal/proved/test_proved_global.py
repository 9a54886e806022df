"""fbs-proved on kind global-measure (coq/native/kind_global.ml, checkGlobalMeasure_sound and
checkGlobalTT_sound of coq/checkers/GlobalMeasureCheck.v): the certificates `fbs measures SPEC
--certificates` writes at q up to 14 (the larger ones slow), with and without upper bounds, and
their single mutations, get the stdlib checker's verdict and exit code; beyond the stdlib
checker's bounds (q <= 14, 2^26 / 2^q duals) both refuse, exit 2."""

from __future__ import annotations

import copy
import random

import pytest

SPECS = ["maj:3", "and:3", "parity:4", "tt:0110", "thr:5:2", "tribes:2:2", "maj:5"]
SEPARATED = 0x0350b3fc548f74ae  # 6 inputs: s = 4, bs = 4, fbs = 9/2, C = 5 (tests/checker)


def padded(q: int) -> str:
    """The separated function of the first 6 of q coordinates, as a truth table: its bs and fbs
    certificates carry upper bounds (duals at the inputs with C_y = 5)."""
    return "tt:" + "".join(bit * (1 << (q - 6)) for bit in format(SEPARATED, "064b"))


def random_table(q: int, seed: int) -> str:
    rng = random.Random(seed)
    return "tt:" + "".join(rng.choice("01") for _ in range(1 << q))


LARGER = ["tt:0x0350b3fc548f74ae:6", padded(9), "maj:9", "tribes:3:3", random_table(8, 8), "thr:11:4",
          random_table(11, 11)]
LARGEST = ["parity:14", "thr:14:5", "tribes:2:7", padded(14), random_table(14, 14)]


def _certificates(spec: str) -> dict:
    from verify import measures

    return measures(spec).certificates


def _some(n: int) -> list[int]:
    """Indices of a list of n entries to mutate: all of a short list, else the first three and
    the last (a q = 14 certificate lists 256 duals: each mutant costs both checkers a run)."""
    return list(range(n)) if n <= 4 else [0, 1, 2, n - 1]


def _mutants(certificate: dict):
    """Single changes: the value one up and one down, the input's first bit flipped, a witness
    weight doubled or a witness block dropped, an upper bound's dual entry zeroed or the
    entry dropped, a packing dropped (of a long list, four entries: `_some`)."""
    value = certificate["value"]
    yield "value+1", dict(certificate, value=str(int(value.split("/")[0]) + 1) if "/" not in value else "9")
    if value != "0":
        yield "value-1", dict(certificate, value="0")
    flipped = ("1" if certificate["input"][0] == "0" else "0") + certificate["input"][1:]
    yield "input", dict(certificate, input=flipped)
    for name in ("witness", "upper", "packings"):
        for i in _some(len(certificate.get(name, []))):
            dropped = copy.deepcopy(certificate)
            del dropped[name][i]
            yield f"{name}[{i}] dropped", dropped
    for i in _some(len(certificate.get("upper", []))):
        for j, number in enumerate(certificate["upper"][i]["dual"]):
            if number != "0":
                zeroed = copy.deepcopy(certificate)
                zeroed["upper"][i]["dual"][j] = "0"
                yield f"upper[{i}].dual[{j}] zeroed", zeroed
    if certificate["measure"] == "fbs":
        for i in range(len(certificate["witness"])):
            heavy = copy.deepcopy(certificate)
            heavy["witness"][i]["weight"] = "2"
            yield f"witness[{i}] weight 2", heavy


def _agree_on_certificates_and_mutants(run_proved, stdlib_exit, spec):
    for measure, certificate in _certificates(spec).items():
        got = run_proved(certificate)
        assert got.exit == stdlib_exit(certificate) == 0, got.line
        assert f"GlobalMeasureIs Measure{'S' if measure == 's' else measure.upper() if measure != 'fbs' else 'Fbs'} (eval " in got.line
        lemma = "checkGlobalTT_sound" if spec.startswith("tt:") else "checkGlobalMeasure_sound"
        assert got.line.endswith(f"[GlobalMeasureCheck.{lemma}]"), got.line
        refused = 0
        for name, mutant in _mutants(certificate):
            expected = stdlib_exit(mutant)
            assert run_proved(mutant).exit == expected, (spec[:40], measure, name)
            refused += expected != 0
        assert refused >= 2, (spec[:40], measure)  # the value changes at least


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS)
def test_measures_certificates_and_their_mutants_agree(run_proved, stdlib_exit, spec):
    _agree_on_certificates_and_mutants(run_proved, stdlib_exit, spec)


@pytest.mark.slow
@pytest.mark.parametrize("spec", LARGER, ids=lambda s: s[:24])
def test_larger_certificates_and_their_mutants_agree(run_proved, stdlib_exit, spec):
    _agree_on_certificates_and_mutants(run_proved, stdlib_exit, spec)


@pytest.mark.slow
@pytest.mark.parametrize("spec", LARGEST, ids=lambda s: s[:24])
def test_q_14_certificates_and_their_mutants_agree(run_proved, stdlib_exit, spec):
    _agree_on_certificates_and_mutants(run_proved, stdlib_exit, spec)


def test_the_upper_bounds_are_checked(run_proved, stdlib_exit):
    """The separated function (C = 5 > fbs = 9/2): its fbs and bs certificates list duals; a
    dual made infeasible (all zero) or listed twice, or an input listed that needs none, is
    refused by both checkers."""
    certificates = _certificates(padded(7))
    for measure in ("fbs", "bs"):
        certificate = certificates[measure]
        assert certificate["upper"], measure
        assert run_proved(certificate).exit == stdlib_exit(certificate) == 0
        zero = copy.deepcopy(certificate)
        zero["upper"][0]["dual"] = ["0"] * 7
        twice = copy.deepcopy(certificate)
        twice["upper"].append(twice["upper"][0])
        needless = copy.deepcopy(certificate)
        needless["upper"].append({"input": "0" * 7, "dual": ["1"] * 7})
        for broken in (zero, twice, needless):
            assert run_proved(broken).exit == stdlib_exit(broken) == 1, measure


def test_the_statement_names_the_family_and_its_arity(run_proved):
    got = run_proved(_certificates("maj:5")["fbs"])
    assert got.exit == 0
    assert ": max fbs = 3: GlobalMeasureIs MeasureFbs (eval (MAJ 5)) 5 (bitsOf " in got.line


def test_beyond_the_stdlib_bounds_is_refused(run_proved, stdlib_exit):
    """q = 15 (FORMAT.md section 11: q <= 14) and more duals than 2^26 / 2^q: exit 2 in both."""
    wide = dict(_certificates("maj:5")["s"], spec="maj:15", arity=15, input="0" * 15, value="8")
    got = run_proved(wide)
    assert got.exit == stdlib_exit(wide) == 2 and "1..14" in got.line, got.line
    certificate = {"format": "fbs-certificate/1", "kind": "global-measure", "measure": "fbs",
                   "spec": "maj:13", "arity": 13, "value": "7", "input": "1" * 7 + "0" * 6,
                   "witness": [{"block": [i], "weight": "1"} for i in range(7)], "upper": []}
    assert run_proved(certificate).exit == stdlib_exit(certificate) == 0
    many = dict(certificate, upper=[{"input": "0" * 13, "dual": ["1"] * 13}] * ((1 << 13) + 1))  # 2^26 / 2^13 + 1
    got = run_proved(many)
    assert got.exit == stdlib_exit(many) == 2 and "work bound" in got.line, got.line


def test_a_malformed_global_certificate_is_refused(run_proved):
    certificate = _certificates("maj:3")["bs"]
    for broken in (dict(certificate, measure="x"), {k: v for k, v in certificate.items() if k != "measure"},
                   dict(certificate, input="01"), dict(certificate, upper=[{"input": "000", "dual": ["1"]}])):
        got = run_proved(broken)
        assert got.exit == 2 and "malformed certificate" in got.line, got.line
