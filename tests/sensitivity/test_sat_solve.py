"""solve_by_sat against the truth-table method and closed forms; sat-lrat certificates.

Expected values come from verify.fbs(..., method="table") (an independent exact method) or
from the docs/notes.md, section 3 closed forms; every certificate must pass the trusted checker
(check_sat_certificate) and every tampered one must fail it.
"""

from __future__ import annotations

import base64
import copy
import gzip
import random
from fractions import Fraction

import pytest
from reference import threshold_fbs

from verify.base.errors import BadInput, TooLarge
from verify.checker import CertificateMalformed
from verify.checker.sat_kind import check_sat_certificate
from verify.sensitivity.exact_fbs import fbs
from verify.sensitivity.sat import solve_by_sat

SPECS = ["maj:7", "thr:9:3", "parity:5", "wthr:5,3,3,2,1,1,4:9", "index:2", "index:3",
         "tribes:3:3", "tribes:2:5", "expr:(x1&x2)|(x3^x4)|~(x5|x6)",
         "compose(maj:3;and:2;or:2;parity:2)", "compose(maj:3;maj:3;maj:3;maj:3)",
         "tt:0x6b3c:4", "sym:0101100", "expr:x1|~x1", "and:6", "or:5"]


@pytest.mark.parametrize("backend", ["sat", "z3"])
@pytest.mark.parametrize("spec", SPECS)
def test_agrees_with_truth_table_method(spec, backend):
    rng = random.Random(spec + backend)
    from verify.functions.spec import parse_spec

    q = parse_spec(spec).arity
    for _ in range(2):
        z = "".join(rng.choice("01") for _ in range(q))
        expected = fbs(spec, z, method="table").value
        solution = solve_by_sat(spec, z, backend)
        assert solution.value == expected
        assert sum(solution.dual, Fraction(0)) == expected
        assert sum((w for _, w in solution.primal), Fraction(0)) == expected
        assert len(solution.primal) <= q
        report = check_sat_certificate(solution.certificate)
        assert report.valid and report.value == expected, report.message


@pytest.mark.parametrize("n,t,w", [(9, 5, 5), (9, 5, 4), (12, 3, 7), (40, 20, 20), (40, 10, 2)])
def test_threshold_closed_form(n, t, w):
    z = "1" * w + "0" * (n - w)
    solution = solve_by_sat(f"thr:{n}:{t}", z)
    assert solution.value == threshold_fbs(n, t, w)
    assert check_sat_certificate(solution.certificate).valid


@pytest.mark.slow
def test_wide_instances_closed_forms():
    # tribes: at an input with f = 0 and every tribe missing at least one 1, the minimal
    # sensitive blocks are the zero sets of single tribes: disjoint, so fbs = #tribes
    rng = random.Random(3)
    groups = []
    for _ in range(16):
        group = [rng.randint(0, 1) for _ in range(8)]
        group[rng.randrange(8)] = 0
        groups.extend(group)
    z = "".join(map(str, groups))
    solution = solve_by_sat("tribes:8:16", z)
    assert solution.value == 16 and check_sat_certificate(solution.certificate).valid
    # parity: every coordinate is sensitive, fbs = n
    solution = solve_by_sat("parity:60", "10" * 30, "z3")
    assert solution.value == 60 and check_sat_certificate(solution.certificate).valid
    # docs/notes.md, section 3: MAJ with n = 6j and the first 2/3 set has fbs 4
    solution = solve_by_sat("maj:30", "1" * 20 + "0" * 10)
    assert solution.value == 4 and check_sat_certificate(solution.certificate).valid


@pytest.mark.parametrize("proof", ["drat", "lrat"])
def test_both_proof_routes(proof):
    spec = "compose(maj:3;maj:3;maj:3;maj:3)"
    solution = solve_by_sat(spec, "110100011", proof=proof)
    assert check_sat_certificate(solution.certificate).valid
    assert solution.value == fbs(spec, "110100011", method="table").value


def test_cnf_spec_certificate(tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("p cnf 4 3\n1 2 0\n-2 3 0\n3 4 -1 0\n")
    spec = f"cnf:{path}"
    solution = solve_by_sat(spec, "0110")
    assert solution.value == fbs(spec, "0110", method="table").value
    assert solution.certificate["files"] == {str(path): path.read_text()}
    assert check_sat_certificate(solution.certificate).valid


@pytest.fixture(scope="module")
def certificate():
    return solve_by_sat("compose(maj:3;and:2;or:2;parity:2)", "110100").certificate


def _lrat_text(cert) -> str:
    return gzip.decompress(base64.b64decode(cert["lrat"])).decode()


def _with_lrat(cert, text: str) -> dict:
    cert = copy.deepcopy(cert)
    cert["lrat"] = base64.b64encode(gzip.compress(text.encode())).decode()
    return cert


def test_tampered_certificates_are_rejected(certificate):
    assert check_sat_certificate(certificate).valid
    bad = copy.deepcopy(certificate)
    bad["value"] = "100"
    assert check_sat_certificate(bad).condition == "primal-value"
    bad = copy.deepcopy(certificate)
    bad["primal"][0]["weight"] = "2"
    assert not check_sat_certificate(bad).valid
    bad = copy.deepcopy(certificate)
    bad["dual"] = ["0"] * (len(bad["dual"]) - 1) + [bad["value"]]  # same sum, other claim
    report = check_sat_certificate(bad)
    assert not report.valid and report.condition == "cnf-hash"
    bad = copy.deepcopy(certificate)
    bad["input"] = "110101"  # the proof belongs to another input
    assert not check_sat_certificate(bad).valid
    from itertools import combinations

    from reference import sensitive_blocks

    from verify.functions.spec import parse_spec

    f = parse_spec(certificate["spec"])
    sensitive = set(sensitive_blocks(f, tuple(map(int, certificate["input"]))))
    insensitive = next(b for k in range(1, 7) for b in combinations(range(6), k) if b not in sensitive)
    bad = copy.deepcopy(certificate)
    bad["primal"].append({"block": list(insensitive), "weight": "0"})
    report = check_sat_certificate(bad)
    assert not report.valid and report.condition == "primal-sensitive"


def test_truncated_or_corrupt_proofs(certificate):
    lines = _lrat_text(certificate).splitlines()
    report = check_sat_certificate(_with_lrat(certificate, "\n".join(lines[:-1]) + "\n"))
    assert not report.valid and report.condition == "lrat"
    packed = base64.b64decode(certificate["lrat"])
    bad = copy.deepcopy(certificate)
    bad["lrat"] = base64.b64encode(packed[:len(packed) // 2]).decode()
    with pytest.raises(CertificateMalformed, match="gzip"):
        check_sat_certificate(bad)
    bad["lrat"] = "not base64!"
    with pytest.raises(CertificateMalformed, match="base64"):
        check_sat_certificate(bad)


def test_proof_for_another_claim_with_matching_hash_field_is_rejected(certificate):
    # a valid certificate for a different function: its proof and hash do not fit this claim
    other = solve_by_sat("compose(maj:3;or:2;and:2;parity:2)", "110100").certificate
    forged = copy.deepcopy(certificate)
    forged["lrat"], forged["cnf_sha256"] = other["lrat"], other["cnf_sha256"]
    report = check_sat_certificate(forged)
    assert not report.valid and report.condition == "cnf-hash"


def test_malformed_fields(certificate):
    for key, value in [("encoding", "other/1"), ("cnf_sha256", "xyz"), ("arity", 3),
                       ("input", "1^3,0^99"), ("dual", ["1"]), ("spec", "wthr:1,-1:1")]:
        bad = copy.deepcopy(certificate)
        bad[key] = value
        with pytest.raises(CertificateMalformed):
            check_sat_certificate(bad)
    bad = copy.deepcopy(certificate)
    del bad["lrat"]
    with pytest.raises(CertificateMalformed, match="lrat"):
        check_sat_certificate(bad)


@pytest.mark.slow
def test_run_length_input_is_accepted():
    solution = solve_by_sat("maj:301", "1^151,0^150")
    assert solution.certificate["input"] == "1^151,0^150"
    assert solution.value == threshold_fbs(301, 151, 151)
    assert check_sat_certificate(solution.certificate).valid


def test_bad_input():
    with pytest.raises(BadInput):
        solve_by_sat("wthr:1,-2:1", "00")
    with pytest.raises(BadInput):
        solve_by_sat("wthr:1,2.5:1", "00")
    with pytest.raises(BadInput):
        solve_by_sat("maj:3", "0101")
    with pytest.raises(BadInput):
        solve_by_sat("maj:3", "010", backend="cplex")
    from verify.functions.families import CallableFunction

    with pytest.raises(BadInput, match="spec"):
        solve_by_sat(CallableFunction(lambda x: x[0], 2), "01")
    with pytest.raises(TooLarge):
        solve_by_sat(f"parity:{100_001}", "0" * 100_001)


@pytest.mark.parametrize("spec,z", [
    ("wthr:5,3,3,2,1,1,4,6:12", "11111111"), ("wthr:5,3,3,2,1,1,4,6:12", "00000000"),
    ("wthr:9,8,7,6,5,4,3,2,1:30", "111111111"), ("thr:12:5", "111111100000"),
    ("maj:11", "11111100000"), ("wthr:5,3,3,2,1,1,4,6:12", "10110011"),
])
def test_bdd_pair_proof_and_dp_backend(spec, z):
    expected = fbs(spec, z, method="table").value
    for backend in (("dp", "sat") if spec.startswith("wthr") else ("sat",)):
        solution = solve_by_sat(spec, z, backend, proof="auto")
        assert solution.value == expected
        assert check_sat_certificate(solution.certificate).valid


def test_bdd_pair_proof_is_used_and_checked():
    from verify.checker.lrat import check_lrat
    from verify.sensitivity.sat.bdd_proof import product_refutation
    from verify.sensitivity.sat.drat_to_lrat import drat_to_lrat

    spec = "wthr:5,3,3,2,1,1,4,6:12"
    solution = solve_by_sat(spec, "11111111", proof="bdd")
    assert check_sat_certificate(solution.certificate).valid
    # a false claim (bound one too high: a light sensitive block exists) gets no proof
    from verify.base.numbers import scale_to_integers

    T, D = scale_to_integers(solution.dual)
    assert product_refutation(spec, "11111111", T, D - 1) is not None
    min_weight = min(sum(T[i] for i in b) for b in __import__("reference").sensitive_blocks(
        parse_spec(spec), (1,) * 8))
    assert product_refutation(spec, "11111111", T, min_weight) is None
    claim, lemmas = product_refutation(spec, "11111111", T, D - 1)
    text, _ = drat_to_lrat(claim.n_vars, claim.clauses, lemmas)
    assert check_lrat(claim.clauses, text, claim.n_vars).refuted
    with pytest.raises(BadInput, match="bdd"):
        solve_by_sat("index:2", "010101", proof="bdd")


def parse_spec(spec):
    from verify.functions.spec import parse_spec as parse

    return parse(spec)


def test_cnf_over_the_size_limit_is_too_large(tmp_path, monkeypatch):
    from verify.checker import circuit_cnf

    path = tmp_path / "big.cnf"
    clauses = [f"{i} {-(i + 1)} 0" for i in range(1, 300)]
    path.write_text(f"p cnf 300 {len(clauses)}\n" + "\n".join(clauses) + "\n")
    monkeypatch.setattr(circuit_cnf, "MAX_CLAUSES", 500)
    with pytest.raises(TooLarge, match="size limit"):
        solve_by_sat(f"cnf:{path}", "0" * 300)


def test_format_doc_example_is_valid():
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "certificates" / "FORMAT.md").read_text()
    section = text[text.index("## 7. Kind `sat-lrat`"):]
    example = json.loads(section.split("```json")[1].split("```")[0])
    report = check_sat_certificate(example)
    assert report.valid and report.value == 2 == threshold_fbs(3, 2, 2)


def test_a_proof_beyond_the_checker_bound_is_a_limit_not_a_bug(monkeypatch):
    """A proof the checker would refuse as too costly is TooLarge (exit 2) before any
    certificate is built, not a rejected certificate (exit 3)."""
    from verify.checker import lrat

    monkeypatch.setattr(lrat, "MAX_PROOF_LINES", 1)
    with pytest.raises(TooLarge, match="the checker accepts at most 1 lines"):
        solve_by_sat("tribes:3:4", "111000000000")
