"""Kind `tree`, version 3 (certificates/FORMAT.md, kind tree, "Version 3"): side records keyed
by (need, multiset of the side's capacities). Values against versions 1 and 2 and against
brute force (F_T's truth table, `direct_rho`) on random small trees and oracles; mutated
certificates rejected; the work bounds refused; the checker's counted paths (parents of leaves
by integer shifts, levels of few classes by counts) against its slice path."""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.checker import tree_kind
from verify.checker.errors import CertificateMalformed, CertificateTooLarge
from verify.checker.tree_kind import check
from verify.lower_bound.global_function import direct_rho
from verify.lower_bound.tree_fbs import tree_certificate, tree_fbs, uniform_tree_fbs
from verify.sensitivity.certificates import pack_alpha
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.model import UniformTree
from verify.trees.oracles import random_oracle

SYMMETRIC = ["maj:3", "and:2", "or:3", "parity:2", "thr:4:3", "sym:0110", "sym:1001"]
MIXED = SYMMETRIC + ["tt:0111", "tribes:2:2"]


def _v3(tree, answers):
    result = tree_fbs(tree, answers, check=False)
    return result, tree_certificate(result, version=3)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 3),
       aggregators=st.lists(st.sampled_from(MIXED), min_size=1, max_size=3, unique=True),
       leaf=st.sampled_from([0.0, 0.3]))
def test_version_3_equals_versions_1_2_and_brute_force(seed, depth, aggregators, leaf):
    tree = random_tree(seed, depth, aggregators, leaf_probability=leaf)
    if len(tree.leaves()) > 14:
        return  # the brute force reads F_T's truth table
    answers = random_oracle(tree, seed)
    result, certificate = _v3(tree, answers)
    assert certificate["version"] == 3
    report = check(certificate)
    assert report.valid, report.message
    assert report.value == direct_rho(tree, answers).value
    for version in (1, 2):
        assert check(tree_certificate(result, version=version)).value == report.value
    # node sides: a symmetric node uses one side per direction in which phi changes
    assert not any(r[0] in SYMMETRIC for r in certificate["records"])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), spec=st.sampled_from(SYMMETRIC + ["maj:5", "thr:5:2"]),
       depth=st.integers(0, 4), density=st.sampled_from([0.2, 0.5, 0.9]))
def test_compact_version_3_equals_version_2_and_1(seed, spec, depth, density):
    tree = UniformTree(spec, depth)
    if tree.n_leaves > 3000:
        return
    rng = random.Random(seed)
    alpha = "".join("1" if rng.random() < density else "0" for _ in range(tree.n_leaves))
    new = uniform_tree_fbs(tree, alpha)
    assert new.certified, new.message
    assert new.certificate["version"] == 3 and new.certificate["records"] == []
    for version in (1, 2):
        old = uniform_tree_fbs(tree, alpha, version=version)
        assert old.certified
        assert (new.value, new.rho_min, new.rho_max, new.path_low, new.path_high,
                new.distinct_local_lps) == (old.value, old.rho_min, old.rho_max, old.path_low,
                                            old.path_high, old.distinct_local_lps)


def test_compact_non_symmetric_aggregator_writes_version_3_without_sides():
    tree = UniformTree("tt:01101001", 2)
    result = uniform_tree_fbs(tree, "011010001")
    assert result.certified and result.certificate["version"] == 3
    assert result.certificate["sides"] == [] and result.certificate["records"]
    assert result.value == uniform_tree_fbs(tree, "011010001", version=1).value


def test_tiny_example():
    """maj:3 over (and:2 of A, B), C, D at 1110: rho_T = 3 (FORMAT.md's tiny example); the AND
    node (weight 2, V changes 1 below) uses side (need 1, capacities 1, 1); the root (z = 110,
    weight 2 of maj:3, changes 1 below) uses side (need 1, capacities 2, 1)."""
    certificate = {
        "format": "fbs-certificate/1", "kind": "tree", "version": 3,
        "tree": {"format": "fbs-tree/1", "root": "r", "nodes": [
            {"id": "r", "aggregator": "maj:3", "children": ["u", "c", "d"]},
            {"id": "u", "aggregator": "and:2", "children": ["a", "b"]},
            {"id": "a", "query": "A?"}, {"id": "b", "query": "B?"},
            {"id": "c", "query": "C?"}, {"id": "d", "query": "D?"}]},
        "alpha_base64": pack_alpha("1110"), "value": "3", "records": [],
        "sides": [[1, "1 1", "2", "1 1", 1], [1, "1 2", "3", "1 1", 1]]}
    report = check(certificate)
    assert report.valid and report.value == 3
    certificate["sides"][1][1] = "2 1"  # any order of the capacities: the same key
    assert check(certificate).valid
    certificate["sides"][1][3] = "0 1"  # v = 0 on the capacity 2: sum c v = 1, not 3
    assert check(certificate).condition == "dual-value"


def _maj_certificate():
    tree = uniform_tree("maj:3", 3)
    return _v3(tree, random_oracle(tree, 3))[1]


def _one_side(certificate):
    return max(certificate["sides"], key=lambda side: len(side[1].split(" ")))


def _set_first_dual(certificate, text: str) -> None:
    side = _one_side(certificate)
    side[3] = " ".join([text] + side[3].split(" ")[1:])


@pytest.mark.parametrize("mutate,condition", [
    (lambda c: _one_side(c).__setitem__(2, "1000"), "primal-load"),  # too large a value
    (lambda c: _set_first_dual(c, "-1"), "dual-nonnegative"),
    (lambda c: _set_first_dual(c, "0"), None),  # dual-value or -feasible
    (lambda c: _one_side(c).__setitem__(4, _one_side(c)[4] + 1), "record-multiplicity"),
    (lambda c: c["sides"].remove(_one_side(c)), "record-missing"),
    (lambda c: _one_side(c).__setitem__(0, _one_side(c)[0] + 1)
     if _one_side(c)[0] < len(_one_side(c)[1].split(" ")) else c["sides"].pop(),
     "record-missing"),
    (lambda c: c.update(value="1/7"), "root-value"),
])
def test_mutations_are_rejected(mutate, condition):
    certificate = _maj_certificate()
    assert check(certificate).valid
    mutate(certificate)
    report = check(certificate)
    assert not report.valid
    assert condition is None or report.condition == condition, report.message


def test_negative_capacity_and_too_small_value_are_rejected():
    certificate = {"format": "fbs-certificate/1", "kind": "tree", "version": 3,
                   "tree": {"uniform": {"aggregator": "maj:3", "depth": 1}},
                   "alpha_base64": pack_alpha("110"), "value": "2", "records": [],
                   "sides": [[1, "1 1", "2", "1 1", 1]]}
    assert check(certificate).valid
    low = copy.deepcopy(certificate)  # T = 3/2: the dual says 2, the primal needs min(c, T)
    low["sides"][0][2], low["value"] = "3/2", "3/2"
    assert check(low).condition == "dual-value"
    cheap = copy.deepcopy(certificate)  # v = 1/2, 1/2: value 1 but {0} alone is sensitive
    cheap["sides"][0][2:4], cheap["value"] = ["1", "1/2 1/2"], "1"
    assert check(cheap).condition == "dual-feasible"
    over = copy.deepcopy(certificate)  # T = 3 with capacities 1, 1: sum min(c, 3) = 2 < 3
    over["sides"][0][2:4], over["value"] = ["3", "3/2 3/2"], "3"
    assert check(over).condition == "primal-load"
    negative = copy.deepcopy(certificate)
    negative["sides"][0][2], negative["value"] = "-1", "-1"
    assert check(negative).condition == "primal-nonnegative"


@pytest.mark.parametrize("mutate,error,message", [
    (lambda c: c["sides"].append([1, "5", "5", "1", 1]), CertificateMalformed,
     "not the side record of any node"),
    (lambda c: c["sides"].append(copy.deepcopy(c["sides"][0])), CertificateMalformed,
     "duplicate key"),
    (lambda c: c["sides"][0].__setitem__(0, 0), CertificateMalformed, "need"),
    (lambda c: c["sides"][0].__setitem__(0, True), CertificateMalformed, "need"),
    (lambda c: c["sides"][0].__setitem__(4, 0), CertificateMalformed, "uses"),
    (lambda c: c["sides"][0].__setitem__(4, 2**62 + 1), CertificateTooLarge, "uses"),
    (lambda c: c["sides"][0].__setitem__(3, "1 1 1 1 1 1 1 1 1 1"), CertificateMalformed,
     "dual: expected"),
    (lambda c: c["sides"][0].__setitem__(3, ["1"]), CertificateMalformed, "strings of number"),
    (lambda c: c["sides"][0].__setitem__(1, 1), CertificateMalformed, "strings of number"),
    (lambda c: c["sides"][0].__setitem__(1, c["sides"][0][1] + " ") or
     c["sides"][0].__setitem__(3, c["sides"][0][3] + " 1"),
     CertificateMalformed, "not of the form"),  # a trailing space: an empty number
    (lambda c: c["sides"][0].pop(), CertificateMalformed, "array of 5"),
    (lambda c: c.pop("sides"), CertificateMalformed, "sides"),
    (lambda c: c.update(tree={"uniform": {"aggregator": "maj:3", "depth": 18}}),
     CertificateTooLarge, "more than 8388608 leaves"),  # 3^17 parents > 2^26
    (lambda c: c.update(tree={"uniform": {"aggregator": "maj:255", "depth": 4}}),
     CertificateTooLarge, "more than 536870912 leaves"),  # 255^4 > 2^29, 255^3 <= 2^26
    (lambda c: c.update(tree={"uniform": {"aggregator": "and:1024", "depth": 3}}),
     CertificateTooLarge, "more than 67108864 leaves"),  # q > 255: not counted, version 2's
])
def test_malformed_and_too_large(mutate, error, message):
    certificate = _maj_certificate()
    mutate(certificate)
    with pytest.raises(error, match=message):
        check(certificate)


def test_a_huge_common_denominator_is_too_large():
    """Five dual entries with coprime 3,300-bit denominators: their common denominator passes
    2^14 bits, refused (the bound that keeps every sum integer arithmetic of bounded size)."""
    base = 10 ** 997
    dual = [f"1/{base + k}" for k in (1, 3, 7, 9, 13)]
    certificate = {"format": "fbs-certificate/1", "kind": "tree", "version": 3,
                   "tree": {"uniform": {"aggregator": "maj:9", "depth": 1}},
                   "alpha_base64": pack_alpha("111110000"), "value": "1", "records": [],
                   "sides": [[1, "1 1 1 1 1", "1", " ".join(dual), 1]]}
    with pytest.raises(CertificateTooLarge, match="common denominator"):
        check(certificate)


def test_version_3_leaf_limit_allows_2_to_the_29():
    """4^14 = 2^28 leaves (4^13 = 2^26 parents) pass the size checks: the certificate is then
    refused only for its alpha's length, never for its size."""
    certificate = _maj_certificate()
    certificate["tree"] = {"uniform": {"aggregator": "maj:4", "depth": 14}}
    with pytest.raises(CertificateMalformed, match="alpha_base64: expected"):
        check(certificate)


@pytest.mark.parametrize("seed", range(8))
def test_counted_paths_equal_the_slice_path(seed, monkeypatch):
    """The parents of leaves counted by integer shifts and the levels of <= 32 classes keyed
    by their counts give the report of the plain slice path (version 3 and version 2)."""
    rng = random.Random(seed)
    spec, q = rng.choice([("maj:3", 3), ("maj:5", 5), ("parity:3", 3), ("thr:4:1", 4)])
    tree = UniformTree(spec, rng.randint(1, 4))
    alpha = "".join(rng.choice("01") for _ in range(tree.n_leaves))
    result = uniform_tree_fbs(tree, alpha)
    old = uniform_tree_fbs(tree, alpha, version=2)
    counted = [check(result.certificate), check(old.certificate)]
    with monkeypatch.context() as patch:
        patch.setattr(tree_kind, "MAX_COUNTED_WIDTH", 0)
        patch.setattr(tree_kind, "MAX_COUNTED_CLASSES", 0)
        plain = [check(result.certificate), check(old.certificate)]
    assert [(r.valid, r.value) for r in counted] == [(r.valid, r.value) for r in plain]
    assert counted[0].value == result.value == old.value


def test_ones_per_parent_against_sums():
    rng = random.Random(0)
    for q in range(1, 40):
        leaves = bytes(rng.randint(0, 1) for _ in range(q * 37))
        assert tree_kind._ones_per_parent(leaves, q) == bytes(
            sum(leaves[i:i + q]) for i in range(0, len(leaves), q))


class _KidsOf:
    """A stand-in for the checker's classes: a node's class is its sorted children."""

    def node(self, aggregator, kids, where, count, ordered=False):
        assert list(kids) == sorted(kids) and ordered
        return kids


@pytest.mark.parametrize("q", [1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 255])
def test_counts_packed_several_to_a_byte_against_a_count(q):
    """_by_counts packs 8 // bit_length(q) classes into a byte: every parent's key and
    children equal a plain count of its q children, for levels of up to 32 classes."""
    rng = random.Random(q)
    for width in (1, 2, 3, 5, 32):
        present = sorted(rng.sample(range(256), width))
        level = bytes(rng.choice(present) for _ in range(q * 23))
        keys, table = tree_kind._by_counts(level, present, q, _KidsOf(), None, 0)
        for j, key in enumerate(keys):
            children = level[q * j:q * j + q]
            assert list(key) == [children.count(c) for c in present]
            assert table[key] == tuple(sorted(children))


def test_leaf_chunks_cover_alpha_exactly(monkeypatch):
    """Chunks of 8q * LEAF_CHUNK_BYTES leaves (here tiny) give the same verdict as one chunk."""
    tree = UniformTree("maj:3", 5)
    alpha = "".join(random.Random(2).choice("01") for _ in range(tree.n_leaves))
    result = uniform_tree_fbs(tree, alpha)
    monkeypatch.setattr(tree_kind, "LEAF_CHUNK_BYTES", 1)
    report = check(result.certificate)
    assert report.valid and report.value == result.value
    wrong = replace(result, certificate=dict(result.certificate,
                                             alpha_base64=pack_alpha("0" + alpha[1:]) if
                                             alpha[0] == "1" else pack_alpha("1" + alpha[1:])))
    assert not _valid(wrong.certificate)


def _valid(certificate) -> bool:
    try:
        return check(certificate).valid
    except CertificateMalformed:
        return False


def test_the_2_to_the_29_leaves_are_only_for_counted_aggregators():
    """24^6 = 191,102,976 leaves (24^5 parents of leaves): allowed with the symmetric maj:24,
    whose parents of leaves are counted in chunks, refused for tribes:4:6 (also 24 inputs, but
    not symmetric: 24^5 parents would be sliced one by one, the version-2 bound applies)."""
    from verify.base.errors import TooLarge

    certificate = _maj_certificate()
    certificate["tree"] = {"uniform": {"aggregator": "maj:24", "depth": 6}}
    with pytest.raises(CertificateMalformed, match="alpha_base64: expected"):
        check(certificate)
    certificate["tree"] = {"uniform": {"aggregator": "tribes:4:6", "depth": 6}}
    with pytest.raises(CertificateTooLarge, match="more than 67108864 leaves"):
        check(certificate)
    assert UniformTree("maj:24", 6).n_leaves == 24 ** 6
    with pytest.raises(TooLarge, match="more than 67108864 leaves"):
        UniformTree("tribes:4:6", 6)
