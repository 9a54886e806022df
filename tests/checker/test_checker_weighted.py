"""The stdlib-only checker for kind "weighted" (certificates/FORMAT.md, section 9)."""

from __future__ import annotations

import copy
import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from reference import sensitive_blocks, weighted_fbs_by_z3

from verify.checker import CertificateMalformed, check_certificate
from verify.functions.spec import parse_spec
from verify.lower_bound.tree_fbs import local_weighted_fbs
from verify.sensitivity.certificates import weighted_certificate

FORMAT_MD = Path(__file__).resolve().parents[2] / "certificates" / "FORMAT.md"


def _example() -> dict:
    section = FORMAT_MD.read_text().split("## 9. Kind `weighted`")[1]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def test_the_documented_example_is_valid_and_its_value_is_the_closed_form():
    report = check_certificate(_example())
    assert report.valid and report.value == Fraction(1, 2) + 2  # AND at 11: W = sum c_i


@pytest.mark.parametrize("field,value,condition", [
    ("value", "3", "primal-value"),
    ("capacities", ["-1/2", "2"], "capacity-nonnegative"),
    ("dual", ["1", "1/2"], "dual-value"),
    ("primal", [{"block": [0], "weight": "1/2"}, {"block": [1], "weight": "3"}], "primal-load"),
    ("dual", ["-1", "7/4"], "dual-nonnegative"),
])
def test_single_field_mutations_are_rejected(field, value, condition):
    certificate = _example()
    certificate[field] = value
    report = check_certificate(certificate)
    assert not report.valid and report.condition == condition


def test_an_infeasible_dual_with_the_right_value_is_rejected():
    certificate = _example()
    certificate["capacities"] = ["1", "1"]
    certificate["value"] = "2"
    certificate["primal"] = [{"block": [0], "weight": "1"}, {"block": [1], "weight": "1"}]
    certificate["dual"] = ["2", "0"]  # sum c v = 2 but the sensitive block {1} has v = 0
    report = check_certificate(certificate)
    assert not report.valid and report.condition == "dual-feasible"


def test_a_non_sensitive_primal_block_is_rejected():
    certificate = {"format": "fbs-certificate/1", "kind": "weighted", "spec": "or:2",
                   "arity": 2, "input": "10", "capacities": ["1", "1"], "value": "1",
                   "primal": [{"block": [0, 1], "weight": "1"}], "dual": ["1", "0"]}
    assert check_certificate(certificate).condition == "primal-sensitive"


def test_a_wide_symmetric_function_is_checked_by_closed_forms():
    """maj:101 at 51 ones, capacity 2 on every one: each single one is a minimal sensitive
    block and the ones are disjoint, so the value is 51 * 2 = 102 (dual 1 on the ones)."""
    z = "1" * 51 + "0" * 50
    certificate = {"format": "fbs-certificate/1", "kind": "weighted", "spec": "maj:101",
                   "arity": 101, "input": z, "capacities": ["2"] * 101, "value": "102",
                   "primal": [{"block": [i], "weight": "2"} for i in range(51)],
                   "dual": ["1"] * 51 + ["0"] * 50}
    assert check_certificate(certificate).valid
    # move the dual of the one at 49 to the zero at 51: the sum stays 102, {49} becomes light
    certificate["dual"][49], certificate["dual"][51] = "0", "1"
    assert check_certificate(certificate).condition == "dual-feasible"


@pytest.mark.parametrize("change", [{"spec": "index:5", "arity": 37}, {"input": "1"},
                                    {"capacities": ["1"]}, {"dual": "1,1"}, {"extra": 1},
                                    {"value": 2}])
def test_malformed_certificates_raise(change):
    certificate = _example()
    certificate.update(change)
    with pytest.raises(CertificateMalformed):
        check_certificate(certificate)


@pytest.mark.parametrize("seed", range(30))
def test_certificates_of_the_solver_pass_and_agree_with_z3(seed):
    rng = random.Random(seed)
    q = rng.randint(1, 5)
    spec = "tt:" + "".join(rng.choice("01") for _ in range(2 ** q))
    z = tuple(rng.randint(0, 1) for _ in range(q))
    caps = tuple(Fraction(rng.randint(0, 9), rng.randint(1, 3)) for _ in range(q))
    solution = local_weighted_fbs(spec, z, caps)
    certificate = weighted_certificate(spec, z, caps, solution.value, solution.primal,
                                       solution.dual)
    report = check_certificate(certificate)
    assert report.valid
    assert report.value == weighted_fbs_by_z3(sensitive_blocks(parse_spec(spec), z), caps)
    if solution.value:  # a wrong value with the same primal and dual is always caught
        broken = copy.deepcopy(certificate)
        broken["value"] = str(solution.value + 1)
        assert not check_certificate(broken).valid
