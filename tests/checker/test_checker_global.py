"""Kind `global-measure` (certificates/FORMAT.md, section 11): every wrong claim is rejected
with the condition that fails, and the checker's own s_x and C_x agree with brute force."""

import copy
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.checker import CertificateMalformed, CertificateTooLarge, check_certificate
from verify.checker.global_kind import certificate_covers, sensitivity_planes


def certificates(spec: str) -> dict:
    from verify import measures

    return measures(spec).certificates


@pytest.fixture(scope="module")
def maj5():
    return certificates("maj:5")


def test_every_measure_of_maj5_is_accepted(maj5):
    for name, certificate in maj5.items():
        report = check_certificate(certificate)
        assert report.valid and report.quantity == name and report.value == 3


def _changed(certificate: dict, **fields) -> dict:
    changed = copy.deepcopy(certificate)
    changed.update(fields)
    return changed


@pytest.mark.parametrize("name", ["s", "bs", "fbs", "C"])
def test_a_value_one_too_high_or_low_is_rejected(maj5, name):
    high = check_certificate(_changed(maj5[name], value="4"))
    low = check_certificate(_changed(maj5[name], value="2"))
    assert not high.valid and not low.valid
    if name in ("s", "C"):
        assert (high.condition, low.condition) == ("input", "not-maximum")


def test_an_input_that_does_not_reach_the_maximum(maj5):
    report = check_certificate(_changed(maj5["s"], input="00000"))  # s = 0 there
    assert not report.valid and report.condition == "input"


def test_fbs_witness_mutations(maj5):
    good = maj5["fbs"]
    heavy = copy.deepcopy(good)
    heavy["witness"][0]["weight"] = "2"
    assert check_certificate(heavy).condition in ("witness-load", "witness-value")
    negative = copy.deepcopy(good)
    negative["witness"].append({"block": [0, 1, 2, 3, 4], "weight": "-1"})
    assert check_certificate(negative).condition == "witness-nonnegative"
    insensitive = copy.deepcopy(good)
    insensitive["witness"][0]["block"] = [3]  # at 00011 flipping x4 leaves maj at 0
    assert check_certificate(insensitive).condition == "witness-sensitive"


def test_bs_witness_mutations(maj5):
    good = maj5["bs"]
    overlapping = copy.deepcopy(good)
    overlapping["witness"][1] = list(overlapping["witness"][0])
    assert check_certificate(overlapping).condition in ("witness-disjoint",)


FANO_LINES = [(0, 1, 2), (0, 3, 4), (0, 5, 6), (1, 3, 5), (1, 4, 6), (2, 3, 6), (2, 4, 5)]


def fano_table() -> int:
    """f(x) = 1 iff x contains a line of the Fano plane (q = 7). At 0000000 the minimal
    sensitive blocks are the 7 lines, any two of which meet: bs = 1, fbs = 7/3 (t = 1/3 on
    every point: each line gets 1; each point lies on 3 lines), C = 3 (a line meets them all)."""
    table = 0
    for x in range(1 << 7):
        if any(all((x >> (6 - i)) & 1 for i in line) for line in FANO_LINES):
            table |= 1 << x
    return table


def test_an_upper_dual_bounds_fbs_at_its_input():
    from fractions import Fraction

    from verify.checker.global_kind import _dual_bound
    third = [Fraction(1, 3)] * 7
    assert _dual_bound(fano_table(), 7, 0, third, Fraction(7, 3), integer=False) is None
    assert _dual_bound(fano_table(), 7, 0, third, Fraction(2), integer=False).condition == (
        "upper-value")
    short = third[:6] + [Fraction(0)]  # the lines through point 7 get only 2/3
    assert _dual_bound(fano_table(), 7, 0, short, Fraction(7, 3),
                       integer=False).condition == "upper-feasible"
    # bs is an integer: a dual of value 7/3 bounds bs by 2 (< 3), not by 1
    assert _dual_bound(fano_table(), 7, 0, third, Fraction(2), integer=True) is None
    assert _dual_bound(fano_table(), 7, 0, third, Fraction(1), integer=True).condition == (
        "upper-value")


def test_the_packing_program_sees_bs_1_at_the_fano_point():
    from verify.checker.measure_kind import largest_packing, sensitive_masks
    assert largest_packing(sensitive_masks(fano_table(), 7, 0), 7) == 1


def test_upper_inputs_must_be_exactly_those_above_the_value(maj5):
    spurious = copy.deepcopy(maj5["fbs"])  # maj:5 has C_x = 3 = fbs(f) everywhere: none needed
    spurious["upper"] = [{"input": "00000", "dual": ["1", "1", "1", "0", "0"]}]
    assert check_certificate(spurious).condition == "upper-inputs"
    lowered = copy.deepcopy(maj5["bs"])  # claiming bs = 2 needs bounds at every input
    lowered["value"], lowered["witness"] = "2", lowered["witness"][:2]
    assert check_certificate(lowered).condition == "upper-inputs"


def test_malformed_and_too_large(maj5):
    with pytest.raises(CertificateMalformed):
        check_certificate(_changed(maj5["s"], measure="fbs2"))
    with pytest.raises(CertificateMalformed):
        check_certificate(_changed(maj5["s"], spec="maj:15", arity=15))  # q > 14
    with pytest.raises(CertificateMalformed):
        check_certificate(_changed(maj5["C"], witness=[]))  # a field C does not have
    many = _changed(maj5["fbs"], upper=[{"input": "00000", "dual": ["1"] * 5}] * 3000000)
    with pytest.raises(CertificateTooLarge):
        check_certificate(many)


def _brute_s_and_c(values, q):
    s, c = [], []
    for x in range(1 << q):
        sensitive = [m for m in range(1, 1 << q) if values[x ^ m] != values[x]]
        s.append(sum(1 for m in sensitive if m & (m - 1) == 0))
        c.append(next(k for k in range(q + 1) for kept in combinations(range(q), k)
                      if all(m & sum(1 << b for b in kept) for m in sensitive)))
    return s, c


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5).flatmap(lambda q: st.lists(st.integers(0, 1), min_size=1 << q,
                                                   max_size=1 << q)))
def test_the_checkers_s_and_c_at_every_input_match_brute_force(values):
    q = len(values).bit_length() - 1
    table = sum(bit << j for j, bit in enumerate(values))
    full = (1 << (1 << q)) - 1
    s, c = _brute_s_and_c(values, q)
    planes = sensitivity_planes(table, q)
    from verify.checker import bitset
    for k in range(q + 2):
        at_least = bitset.at_least(planes, k, full)
        assert [(at_least >> x) & 1 for x in range(1 << q)] == [int(v >= k) for v in s]
    covers = certificate_covers(table, q)
    for k in range(q + 1):
        assert [(covers[k] >> x) & 1 for x in range(1 << q)] == [int(v <= k) for v in c]


def test_the_format_example_is_valid():
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "certificates" / "FORMAT.md").read_text()
    section = text[text.index("## 11. Kind `global-measure`"):]
    example = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    report = check_certificate(example)
    assert report.valid and report.value == 3 and report.quantity == "fbs"
