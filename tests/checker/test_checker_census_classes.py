"""Checker kind `census-classes` (fbs, s, bs, C of many up-sets, certificates/FORMAT.md section
11): closed forms accepted, every wrong claim rejected with its condition, malformed fields
refused, and the census of q = 4 certified by batches equal to brute force."""

import copy

import pytest

from verify import fbs
from verify.checker import CertificateMalformed, check_certificate
from verify.sweep.small_measures import brute_force_measures


def certificate(q, *entries):
    return {"format": "fbs-certificate/1", "kind": "census-classes", "arity": q,
            "classes": list(entries)}


# MAJ_3 at 000: the sensitive blocks are the sets of >= 2 points (masks 3, 5, 6, 7: table
# 0xe8), minimal the three pairs: fbs = 3/2 (weight 1/2 each; t = 1/2 each), s = 0, bs = 1,
# C = 2 (a set meets every pair iff it misses at most one point).
MAJ3 = {"table": "0xe8", "fbs": "3/2", "s": 0, "bs": 1, "C": 2, "denominator": 2,
        "weights": [[3, 1], [5, 1], [6, 1]], "dual": [1, 1, 1], "packing": [3]}
# OR_2 at 00: every nonempty set (0xe): fbs = bs = C = s = 2.
OR2 = {"table": "0xe", "fbs": "2", "s": 2, "bs": 2, "C": 2, "denominator": 1,
       "weights": [[1, 1], [2, 1]], "dual": [1, 1], "packing": [1, 2]}
# the constant: no sensitive block.
EMPTY = {"table": "0x0", "fbs": "0", "s": 0, "bs": 0, "C": 0, "denominator": 1,
         "weights": [], "dual": [0, 0], "packing": []}


def test_closed_forms_are_accepted():
    report = check_certificate(certificate(3, MAJ3))
    assert report.valid and report.value == 1 and report.quantity == "classes"
    assert check_certificate(certificate(2, OR2, EMPTY)).valid


@pytest.mark.parametrize("change, condition", [
    ({"s": 1}, "s"),
    ({"C": 1}, "C"),
    ({"fbs": "2"}, "fbs"),
    ({"weights": [[3, 2], [5, 1], [6, 1]], "fbs": "2"}, "load"),
    ({"dual": [1, 1, 0]}, "dual"),
    ({"weights": [[3, 1], [5, 1], [1, 1]]}, "weights"),  # mask 1 = {x3} is not sensitive
    ({"packing": [3, 5], "bs": 2}, "packing"),  # they share a point
    ({"packing": [3, 5], "bs": 1}, "packing"),
    ({"packing": [], "bs": 0}, "bs"),  # bs = 0 < floor(3/2): the dynamic program finds 1
])
def test_wrong_claims_are_rejected(change, condition):
    entry = {**copy.deepcopy(MAJ3), **change}
    report = check_certificate(certificate(3, OR2 if condition == "never" else entry))
    assert not report.valid and report.condition == condition, report.message


@pytest.mark.parametrize("change", [
    {"table": "0xe9"},  # holds the empty set
    {"table": "0x68"},  # {x1, x2} ... but not the whole set: not an up-set
    {"table": "e8"}, {"table": "0xzz"}, {"table": "0x1e8"},
    {"weights": [[8, 1]]}, {"weights": [[3]]}, {"dual": [1, 1]}, {"dual": [1, 1, -1]},
    {"denominator": 0}, {"s": True}, {"fbs": "1/0"}, {"extra": 1},
])
def test_malformed_entries_are_refused(change):
    entry = {**copy.deepcopy(MAJ3), **change}
    with pytest.raises(CertificateMalformed):
        check_certificate(certificate(3, entry))


def test_arity_and_shape_are_checked():
    for bad in (certificate(8, MAJ3), {**certificate(3, MAJ3), "classes": {}},
                {**certificate(3, MAJ3), "arity": True}):
        with pytest.raises(CertificateMalformed):
            check_certificate(bad)


def test_the_certified_census_of_q4_equals_brute_force():
    """Every class of q = 4 through a batch certificate: the values the checker accepted
    equal brute force on the monotone function at 0000 (verify.sweep.small_measures)."""
    from verify.sweep.census_shards import compiled_classes
    from verify.sweep.compiled_census import compiled_rows

    canonical, sizes = compiled_classes(4)
    rows, checked = compiled_rows(canonical, sizes, 4, True)
    assert checked == 1 and len(rows) == 29  # OEIS A003182(4) = 30, less the full up-set
    for row in rows:
        measures = brute_force_measures(row.spec(4)[3:], 0)
        assert (row.s, row.bs, row.C) == (measures.sensitivity, measures.block_sensitivity,
                                          measures.certificate_complexity), row.spec(4)
        assert row.fbs == fbs(row.spec(4), "0000").value, row.spec(4)
