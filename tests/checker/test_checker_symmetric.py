"""The checker's `symmetric` kind: closed-form certificates accepted, every mutation rejected."""

import copy
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from reference import threshold_fbs
from work_count import python_lines

from verify.checker import CertificateMalformed, check_certificate


def threshold_certificate(n, t, w):
    """THR_t at weight w from docs/notes.md, section 3, built by hand: flip ones down or zeros up."""
    value = threshold_fbs(n, t, w)
    if w >= t:
        a = w - t + 1
        dual, types = {"ones": f"1/{a}", "zeros": "0"}, [{"ones": a, "zeros": 0, "weight": str(value)}]
    else:
        b = t - w
        dual, types = {"ones": "0", "zeros": f"1/{b}"}, [{"ones": 0, "zeros": b, "weight": str(value)}]
    bits = ",".join(x for x in (f"1^{w}" if w else "", f"0^{n - w}" if w < n else "") if x)
    return {"format": "fbs-certificate/1", "kind": "symmetric", "spec": f"thr:{n}:{t}",
            "arity": n, "input": bits, "value": str(value), "dual": dual, "primal": types}


@pytest.mark.parametrize("n,t,w", [(5, 3, 1), (5, 3, 3), (5, 3, 5), (1000, 400, 123),
                                   (10**6, 300000, 999999), (10**6, 1, 0)])
def test_closed_form_certificates_are_valid(n, t, w):
    report = check_certificate(threshold_certificate(n, t, w))
    assert report.valid and report.value == threshold_fbs(n, t, w)


def test_format_document_example_is_valid():
    text = Path(__file__).resolve().parents[2].joinpath("certificates", "FORMAT.md").read_text()
    section = text[text.index("## 5. Kind `symmetric`"):]
    example = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    report = check_certificate(example)
    assert report.valid and report.value == 50


def test_parity_needs_both_types():
    good = {"format": "fbs-certificate/1", "kind": "symmetric", "spec": "parity:7", "arity": 7,
            "input": "1110000", "value": "7", "dual": {"ones": "1", "zeros": "1"},
            "primal": [{"ones": 1, "zeros": 0, "weight": "3"}, {"ones": 0, "zeros": 1, "weight": "4"}]}
    assert check_certificate(good).valid


MUTATIONS = [
    ("value", lambda c: c.__setitem__("value", "3")),
    ("dual lowered", lambda c: c["dual"].__setitem__("ones", "1/4")),
    ("dual negative", lambda c: c["dual"].__setitem__("zeros", "-1")),
    ("weight raised", lambda c: c["primal"][0].__setitem__("weight", "7")),
    ("type not sensitive", lambda c: c["primal"][0].__setitem__("ones", 2)),
    ("type too large", lambda c: c["primal"][0].__setitem__("ones", 9)),
    ("empty type", lambda c: c["primal"][0].update(ones=0, zeros=0)),
    ("spec changed", lambda c: c.__setitem__("spec", "thr:8:5")),
    ("input changed", lambda c: c.__setitem__("input", "1^4,0^4")),
]


@pytest.mark.parametrize("name,mutate", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutations_are_rejected(name, mutate):
    certificate = threshold_certificate(8, 4, 6)  # w = 6 >= t = 4: a* = 3, fbs = 2
    assert check_certificate(certificate).valid
    mutated = copy.deepcopy(certificate)
    mutate(mutated)
    try:
        assert not check_certificate(mutated).valid
    except CertificateMalformed:
        pass


@pytest.mark.parametrize("bad", [
    {"input": "1^6,0^3"}, {"input": "2^8"}, {"input": 5}, {"spec": "tribes:2:4"}, {"arity": 9},
    {"dual": {"ones": "1/3"}}, {"primal": [{"ones": 3, "zeros": 0}]}, {"extra": 1},
    {"primal": [{"ones": "3", "zeros": 0, "weight": "2"}]}, {"spec": "maj:0"},
])
def test_malformed_symmetric_certificates(bad):
    certificate = threshold_certificate(8, 4, 6)
    certificate.update(bad)
    with pytest.raises(CertificateMalformed):
        check_certificate(certificate)


def test_constant_function_value_zero():
    certificate = {"format": "fbs-certificate/1", "kind": "symmetric", "spec": "thr:9:0",
                   "arity": 9, "input": "0^9", "value": "0", "dual": {"ones": "0", "zeros": "0"},
                   "primal": []}
    assert check_certificate(certificate).value == Fraction(0)


# --- hostile files: the bounds of certificates/FORMAT.md, section 5 -------------------------


def test_and_of_a_hundred_million_at_zero_is_closed_form():
    """226 bytes; the old scan over 10^8 weights took 45 s. FORMAT.md: O(1) per weight."""
    certificate = {"format": "fbs-certificate/1", "kind": "symmetric", "spec": "and:100000000",
                   "arity": 100000000, "input": "0^100000000", "value": "1",
                   "dual": {"ones": "0", "zeros": "1/100000000"},
                   "primal": [{"ones": 0, "zeros": 100000000, "weight": "1"}]}
    assert len(json.dumps(certificate)) < 300
    report, _ = python_lines(lambda: check_certificate(certificate), 20_000)  # not 10^8 weights
    assert report.value == 1
    sym = dict(certificate, spec="sym:" + "0" * 100000000 + "1")
    report, _ = python_lines(lambda: check_certificate(sym), 20_000)
    assert report.valid


def test_huge_common_denominators_are_refused_fast():
    """1,000 weights with distinct 997-digit denominators (about 1 MB): malformed at once."""
    import random

    rng = random.Random(997)
    primal = [{"ones": 1, "zeros": 0,
               "weight": f"1/{rng.randrange(10**996, 10**997)}"} for _ in range(1000)]
    certificate = dict(threshold_certificate(5, 3, 3), primal=primal)
    with pytest.raises(CertificateMalformed, match="common denominator"):
        python_lines(lambda: check_certificate(certificate), 200_000)  # no sums


def test_messages_print_huge_numbers_bounded():
    """Five weights with 1,000-digit parts: a clear verdict or malformed, never Python's
    4,300-digit limit."""
    big = "9" * 999
    for weights in ([f"{big}/{big[:-1]}7"] * 5, [f"1/{big}", f"1/{big[:-1]}8"]):
        certificate = dict(threshold_certificate(5, 3, 3), value=f"{big}/7",
                           primal=[{"ones": 1, "zeros": 0, "weight": w} for w in weights])
        try:
            report = check_certificate(certificate)
        except CertificateMalformed as error:
            assert len(str(error)) < 400
        else:
            assert not report.valid and len(report.message) < 5000
