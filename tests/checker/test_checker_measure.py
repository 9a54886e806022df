"""Checker kind `measure` (s, bs, C with a witness, optimality by enumeration): closed forms,
every single-field mutation, hostile files, and brute force on random functions."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from work_count import python_lines

from verify.checker import CertificateMalformed, check_bytes, check_certificate
from verify.sweep.small_measures import brute_force_measures


def certificate(spec, z, measure, value, witness):
    return {"format": "fbs-certificate/1", "kind": "measure", "measure": measure, "spec": spec,
            "arity": len(z), "input": z, "value": str(value), "witness": witness}


# Closed forms: MAJ_5 at 00000 needs 3 flips (minimal blocks: the 3-sets), so s = 0, bs = 1
# (two 3-sets of 5 points meet), C = 3 (H meets every 3-set iff its complement has at most 2
# points). OR_4 at 0000: every coordinate
# alone is sensitive: s = bs = C = 4. AND_3 at 000: only the whole set: s = 0, bs = 1, C = 1.
VALID = [
    certificate("maj:5", "00000", "s", 0, []),
    certificate("maj:5", "00000", "bs", 1, [[0, 1, 2]]),
    certificate("maj:5", "00000", "C", 3, [2, 3, 4]),
    certificate("or:4", "0000", "s", 4, [0, 1, 2, 3]),
    certificate("or:4", "0000", "bs", 4, [[0], [1], [2], [3]]),
    certificate("or:4", "0000", "C", 4, [0, 1, 2, 3]),
    certificate("and:3", "000", "bs", 1, [[0, 1, 2]]),
    certificate("and:3", "000", "C", 1, [1]),
    certificate("and:3", "111", "s", 3, [0, 1, 2]),
    certificate("tt:0000", "00", "C", 0, []),
    certificate("tt:0000", "00", "bs", 0, []),
]


@pytest.mark.parametrize("cert", VALID, ids=lambda c: f"{c['spec']}-{c['measure']}")
def test_closed_forms_are_accepted(cert):
    report = check_certificate(cert)
    assert report.valid, report.message
    assert report.value == int(cert["value"]) and report.quantity == cert["measure"]


def test_the_checker_process_names_the_measure(tmp_path):
    """A C certificate is reported as "C = 3", never as "fbs = 3"."""
    import subprocess
    import sys

    path = tmp_path / "c.json"
    path.write_text(json.dumps(VALID[2]))
    done = subprocess.run([sys.executable, "-m", "verify.checker", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == f"valid: {path}: C = 3"


@pytest.mark.parametrize("change, condition", [
    (lambda c: c.update(value="2"), "value"),  # bs of MAJ_5 is 1
    (lambda c: c.update(value="2", witness=[[0, 1, 2], [2, 3, 4]]), "witness-disjoint"),
    (lambda c: c.update(witness=[[0, 1]]), "witness-sensitive"),
    (lambda c: c.update(value="0", witness=[]), "not-maximum"),
])
def test_bs_mutations_are_rejected(change, condition):
    cert = copy.deepcopy(VALID[1])
    change(cert)
    report = check_certificate(cert)
    assert not report.valid and report.condition == condition, report


@pytest.mark.parametrize("change, condition", [
    (lambda c: c.update(value="2", witness=[3, 4]), "witness-hitting"),
    (lambda c: c.update(value="4"), "value"),
    (lambda c: c.update(value="4", witness=[1, 2, 3, 4]), "not-minimum"),
])
def test_c_mutations_are_rejected(change, condition):
    cert = copy.deepcopy(VALID[2])
    change(cert)
    report = check_certificate(cert)
    assert not report.valid and report.condition == condition, report


@pytest.mark.parametrize("change, condition", [
    (lambda c: c.update(witness=[0, 1, 2]), "witness-complete"),
    (lambda c: c.update(value="3", witness=[0, 1, 3]), "witness-complete"),
    (lambda c: c.update(value="2"), "value"),
])
def test_s_mutations_are_rejected(change, condition):
    cert = copy.deepcopy(VALID[3])
    change(cert)
    report = check_certificate(cert)
    assert not report.valid and report.condition == condition, report


def test_a_non_sensitive_coordinate_listed_for_s_is_rejected():
    cert = certificate("maj:3", "110", "s", 3, [0, 1, 2])  # flipping x_3 gives 111: still 1
    report = check_certificate(cert)
    assert not report.valid and report.condition == "witness-sensitive"


@pytest.mark.parametrize("change", [
    lambda c: c.update(measure="fbs"),
    lambda c: c.update(measure=1),
    lambda c: c.update(value="1/2"),
    lambda c: c.update(value="-1"),
    lambda c: c.update(value=1),
    lambda c: c.update(arity=4),
    lambda c: c.update(input="0000"),
    lambda c: c.update(input="0a000"),
    lambda c: c.update(witness=[[2, 1, 0]]),
    lambda c: c.update(witness=[[]]),
    lambda c: c.update(witness=[[7]]),
    lambda c: c.update(witness=[[True]]),
    lambda c: c.update(witness="x"),
    lambda c: c.update(comment="hi"),
    lambda c: c.pop("witness"),
    lambda c: c.update(spec="maj:5:1"),
    lambda c: c.update(spec="and:11", arity=11, input="0" * 11),  # q <= 10
])
def test_malformed_fields_are_refused(change):
    cert = copy.deepcopy(VALID[1])
    change(cert)
    with pytest.raises(CertificateMalformed):
        check_certificate(cert)


def test_a_file_is_checked_by_check_bytes():
    assert check_bytes(json.dumps(VALID[2]).encode()).valid


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5).flatmap(lambda q: st.tuples(
    st.just(q), st.integers(0, 2 ** (2 ** q) - 1), st.integers(0, 2 ** q - 1))))
def test_random_functions_against_brute_force(case):
    """The checker's own value (a witness-free claim is accepted only at the brute-force
    value): claims off by one are rejected, the brute-force values accepted with witnesses."""
    from verify.sensitivity.hypergraph import mask_block, maximum_packing, minimum_transversal

    q, k, z = case
    table = format(k, f"0{2 ** q}b")
    spec, bits = f"tt:{table}", format(z, f"0{q}b")
    truth = brute_force_measures(table, z)
    sensitive = [m for m in range(1, 2 ** q) if table[z ^ m] != table[z]]
    packing = [mask_block(m, q) for m in maximum_packing(sensitive, q)]
    hitting = mask_block(minimum_transversal(sensitive, q), q)
    singles = [i for i in range(q) if (1 << (q - 1 - i)) in sensitive]
    claims = [("s", truth.sensitivity, singles), ("bs", truth.block_sensitivity, packing),
              ("C", truth.certificate_complexity, hitting)]
    for measure, value, witness in claims:
        assert len(witness) == value
        assert check_certificate(certificate(spec, bits, measure, value, witness)).valid
    if packing:  # one block fewer: a valid witness of a non-maximum claim
        short = certificate(spec, bits, "bs", len(packing) - 1, packing[1:])
        assert check_certificate(short).condition == "not-maximum"
    if len(hitting) < q:  # one coordinate more: a valid witness of a non-minimum claim
        extra = sorted(set(hitting) | {min(set(range(q)) - set(hitting))})
        assert check_certificate(certificate(spec, bits, "C", len(extra), extra)).condition \
            == "not-minimum"


def test_hostile_files_are_refused_with_bounded_work():
    """Work counted in Python lines (tests/work_count.py), not seconds: linear in the blocks
    of a huge witness (at most 20 lines a block), a few lines for a refused size, and the
    subset DP of ten sensitive singletons within its 2^10 states."""
    huge = certificate("or:10", "0" * 10, "bs", 10 ** 5, [[0]] * 10 ** 5)
    report, _ = python_lines(lambda: check_certificate(huge), 20 * 10 ** 5)
    assert report.condition == "witness-disjoint"
    with pytest.raises(CertificateMalformed):
        python_lines(lambda: check_certificate(certificate("and:100000", "0" * 100000, "C", 1,
                                                           [0])), 1_000)
    with pytest.raises(CertificateMalformed):
        python_lines(lambda: check_certificate(certificate("maj:5", "00000", "C", "9" * 2000,
                                                           [0])), 1_000)
    worst = certificate("parity:10", "0" * 10, "bs", 10, [[i] for i in range(10)])
    report, _ = python_lines(lambda: check_certificate(worst), 500 * 2 ** 10)
    assert report.valid  # every block sensitive: the DP's worst case
