"""Kind "tree", version 2 (certificates/FORMAT.md, kind tree, "Version 2"): records shared up
to the aggregator's symmetry, exact multiplicities, packed alpha. Values are compared with
the direct fbs LP of F_T's truth table and with the version-1 certificate; every tampering
is rejected; hostile fields are refused with a clear error."""

from __future__ import annotations

import base64
import copy
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from verify.checker import tree_kind
from verify.checker.errors import CertificateMalformed, CertificateTooLarge
from verify.checker.tree_kind import check, unpack_alpha
from verify.lower_bound.global_function import direct_rho
from verify.lower_bound.tree_fbs import pack_alpha, tree_certificate, tree_fbs, uniform_tree_fbs
from verify.sensitivity.weighted import solve_local
from verify.trees.builders import uniform_tree
from verify.trees.model import UniformTree
from verify.trees.oracles import random_oracle


def _shared(spec: str, depth: int, seed: int):
    tree = uniform_tree(spec, depth)
    result = tree_fbs(tree, random_oracle(tree, seed), check=False)
    certificate = tree_certificate(result, version=2)
    return tree, replace(result, certificate=certificate), certificate


def _rejected(certificate: dict) -> bool:
    try:
        return not check(certificate).valid
    except CertificateMalformed:
        return True


@pytest.mark.parametrize("spec,depth,seed", [("maj:3", 2, 0), ("maj:3", 2, 5), ("and:2", 4, 1),
                                             ("tribes:2:2", 2, 3), ("parity:3", 2, 2)])
def test_version_2_equals_the_direct_lp_and_version_1(spec, depth, seed):
    tree, result, certificate = _shared(spec, depth, seed)
    assert certificate["version"] == 2 and "alpha" not in certificate
    report = check(certificate)
    assert report.valid and report.value == result.value
    assert result.value == direct_rho(tree, random_oracle(tree, seed)).value
    assert check(tree_certificate(result, version=1)).value == result.value
    # multiplicities add up to the internal nodes
    assert sum(r[-1] for r in certificate["records"]) == len(tree.internal())


def test_compact_uniform_version_2_against_the_listed_tree():
    rng = random.Random(7)
    alpha = "".join(rng.choice("01") for _ in range(5 ** 4))
    compact = uniform_tree_fbs(UniformTree("maj:5", 4), alpha, version=2)
    old = uniform_tree_fbs(UniformTree("maj:5", 4), alpha, version=1)
    assert compact.certified and old.certified and compact.value == old.value
    assert len(compact.certificate["records"]) < len(old.certificate["records"])
    assert unpack_alpha(compact.certificate["alpha_base64"], 5 ** 4) == alpha


def test_symmetric_records_are_shared_across_permutations():
    """maj:3 at 110 and at 011 with equal capacities: one record, used by both nodes."""
    tree = uniform_tree("maj:3", 2)
    leaves = [leaf for leaf in tree.leaves()]
    bits = "110" + "011" + "101"
    answers = {tree.queries[leaf]: int(b) for leaf, b in zip(leaves, bits)}
    result = tree_fbs(tree, answers, check=False)
    result = replace(result, certificate=tree_certificate(result, version=2))
    records = result.certificate["records"]
    bottom = [r for r in records if r[2] == ["1", "1", "1"]]
    assert len(bottom) == 1 and bottom[0][-1] == 3 and bottom[0][1] == "011"
    assert check(result.certificate).valid and result.value == direct_rho(tree, answers).value


def test_pack_and_unpack_are_inverse():
    rng = random.Random(3)
    for n in [1, 7, 8, 9, 16, 17, 100]:
        alpha = "".join(rng.choice("01") for _ in range(n))
        text = pack_alpha(alpha)
        padded = alpha + "0" * (-n % 8)
        assert base64.b64decode(text) == int(padded, 2).to_bytes(len(padded) // 8, "big")
        assert unpack_alpha(text, n) == alpha


# --- mutations: every tampering is rejected -------------------------------------------------


def _mutations(certificate: dict, rng: random.Random):
    """(name, tampered copy) for the value, each record's fields, each reference, the bits."""
    for k in range(len(certificate["records"])):
        for name in ["value", "dual", "primal", "z", "capacities", "nodes"]:
            tampered = copy.deepcopy(certificate)
            record = tampered["records"][k]
            if name == "value":
                record[3] = str(Fraction(record[3]) + Fraction(1, rng.randint(1, 9)))
            elif name == "dual":
                i = rng.randrange(len(record[5]))
                record[5][i] = str(Fraction(record[5][i]) + Fraction(1, 7))
            elif name == "primal":
                if not record[4]:
                    continue
                record[4][0][1] = str(Fraction(record[4][0][1]) + Fraction(1, 5))
            elif name == "z":
                i = rng.randrange(len(record[1]))
                record[1] = record[1][:i] + "10"[int(record[1][i])] + record[1][i + 1:]
            elif name == "capacities":
                i = rng.randrange(len(record[2]))
                record[2][i] = str(Fraction(record[2][i]) + 1)
            else:
                record[6] += rng.choice([-1, 1])
                if record[6] == 0:
                    record[6] = 2
            yield f"records[{k}].{name}", tampered
    tampered = copy.deepcopy(certificate)
    tampered["value"] = str(Fraction(certificate["value"]) + Fraction(1, 3))
    yield "value", tampered


def test_every_tampering_of_a_record_or_the_value_is_rejected():
    _, result, certificate = _shared("maj:5", 3, 4)
    assert check(certificate).valid
    names = []
    for name, tampered in _mutations(certificate, random.Random(1)):
        assert _rejected(tampered), name
        names.append(name)
    assert len(names) > 6 * 10


def test_every_flipped_leaf_bit_is_rejected():
    """A flipped bit changes its parent's key: the parent then finds no record, or another
    record whose multiplicity no longer matches."""
    tree, result, certificate = _shared("maj:3", 3, 2)
    alpha = unpack_alpha(certificate["alpha_base64"], 27)
    for j in range(27):
        flipped = alpha[:j] + "10"[int(alpha[j])] + alpha[j + 1:]
        tampered = dict(certificate, alpha_base64=pack_alpha(flipped))
        assert _rejected(tampered), j


def test_a_multiplicity_that_lies_is_rejected():
    _, _, certificate = _shared("maj:3", 3, 2)
    tampered = copy.deepcopy(certificate)
    tampered["records"][0][6] += 1
    report = check(tampered)
    assert not report.valid and report.condition == "record-multiplicity"


# --- a shared record referenced with a different z ------------------------------------------


def _maj3_one_node(record_z: str) -> dict:
    """maj:3 over three leaves at alpha 110, the record solved at `record_z`."""
    z = tuple(int(b) for b in record_z)
    solution = solve_local("maj:3", z, (Fraction(1),) * 3)
    record = ["maj:3", record_z, ["1"] * 3, str(solution.value),
              [[list(b), str(w)] for b, w in solution.primal], [str(v) for v in solution.dual], 1]
    return {"format": "fbs-certificate/1", "kind": "tree", "version": 2,
            "tree": {"uniform": {"aggregator": "maj:3", "depth": 1}},
            "alpha_base64": pack_alpha("110"), "value": record[3], "records": [record]}


def test_a_record_of_another_z_is_not_the_nodes_record():
    honest = check(_maj3_one_node("011"))  # a permutation of 110: shared
    assert honest.valid and honest.value == 2
    hostile = _maj3_one_node("111")  # a valid LP of value 3/2 at another z
    report = check(hostile)
    assert not report.valid and report.condition == "record-missing"


def test_a_key_that_ignored_z_would_accept_a_wrong_value(monkeypatch):
    """The test above fails on a checker that took the key without z (deliberately wrong)."""
    def without_z(self, aggregator, z, capacity_ids):
        return aggregator.spec, tuple(sorted(capacity_ids))

    monkeypatch.setattr(tree_kind._Records, "key", without_z)
    report = check(_maj3_one_node("111"))
    assert report.valid and report.value == Fraction(3, 2)  # wrong: fbs of maj:3 at 110 is 2


def test_non_symmetric_records_are_not_shared_across_permutations():
    """tribes:2:2 = (x0 & x1) | (x2 & x3) at 1010 and at 1100: not one orbit of its
    automorphisms' key in the checker; a record solved at 1100 is not 1010's record."""
    solution = solve_local("tribes:2:2", (1, 1, 0, 0), (Fraction(1),) * 4)
    record = ["tribes:2:2", "1100", ["1"] * 4, str(solution.value),
              [[list(b), str(w)] for b, w in solution.primal], [str(v) for v in solution.dual], 1]
    certificate = {"format": "fbs-certificate/1", "kind": "tree", "version": 2,
                   "tree": {"uniform": {"aggregator": "tribes:2:2", "depth": 1}},
                   "alpha_base64": pack_alpha("1010"), "value": record[3], "records": [record]}
    report = check(certificate)
    assert not report.valid and report.condition == "record-missing"
    assert check(dict(certificate, alpha_base64=pack_alpha("1100"))).valid


# --- malformed and too large --------------------------------------------------------------


@pytest.mark.parametrize("mutate,error,message", [
    (lambda c: c.update(alpha_base64=pack_alpha("1" * 16)), CertificateMalformed, "base64 char"),
    (lambda c: c.update(alpha_base64=pack_alpha("1" * 28) + "===="), CertificateMalformed,
     "base64 char"),
    (lambda c: c.update(alpha_base64="!" * 8), CertificateMalformed, "not valid base64"),
    (lambda c: c.update(alpha_base64=base64.b64encode(b"\xff\xff\xff\xff").decode()),
     CertificateMalformed, "unused bits"),
    (lambda c: c.update(version=4), CertificateMalformed, "version"),
    (lambda c: c.update(version=3), CertificateMalformed, "sides"),
    (lambda c: c.update(version=True), CertificateMalformed, "version"),
    (lambda c: c.update(alpha="1" * 27), CertificateMalformed, "unknown field"),
    (lambda c: c["records"][0].__setitem__(6, 0), CertificateMalformed, "nodes"),
    (lambda c: c["records"][0].__setitem__(6, True), CertificateMalformed, "integer"),
    (lambda c: c["records"][0].__setitem__(6, 10 ** 30), CertificateTooLarge, "nodes"),
    (lambda c: c["records"][0].__setitem__(6, 2 ** 62 + 1), CertificateTooLarge, "nodes"),
    (lambda c: c["records"][0].pop(), CertificateMalformed, "array of 7"),
    (lambda c: c["records"][0].__setitem__(4, [[[0], "1", "x"]]), CertificateMalformed,
     r"\[block, weight\]"),
    (lambda c: c["records"].__setitem__(0, {"aggregator": "maj:3"}), CertificateMalformed,
     "array of 7"),
    (lambda c: c.update(tree={"uniform": {"aggregator": "maj:3", "depth": 17}}),
     CertificateTooLarge, "more than 8388608 leaves"),  # 3^16 > 2^23 parents
    (lambda c: c.update(tree={"uniform": {"aggregator": "and:1024", "depth": 3}}),
     CertificateTooLarge, "more than 67108864 leaves"),
])
def test_malformed_version_2(mutate, error, message):
    _, _, certificate = _shared("maj:3", 3, 2)
    mutate(certificate)
    with pytest.raises(error, match=message):
        check(certificate)


def test_a_multiplicity_in_range_that_lies_is_rejected_not_refused():
    _, _, certificate = _shared("maj:3", 3, 2)
    certificate["records"][0][6] = 2 ** 62
    report = check(certificate)
    assert not report.valid and report.condition == "record-multiplicity"


def test_a_wide_aggregator_keeps_the_version_1_leaf_bound():
    """More than 2^23 leaves only for q <= 2^10: one and:2^24 node is refused before any
    work (its key would be a 2^24-tuple)."""
    certificate = {"format": "fbs-certificate/1", "kind": "tree", "version": 2,
                   "tree": {"uniform": {"aggregator": f"and:{2 ** 24}", "depth": 1}},
                   "alpha_base64": "", "value": "1", "records": []}
    with pytest.raises(CertificateTooLarge, match="more than 8388608 leaves"):
        check(certificate)


def test_described_trees_follow_the_checkers_leaf_bound():
    """UniformTree allows what version 3 checks: maj:9 of depth 9 (387,420,489 leaves) and and:2
    of depth 25, but not and:2 of depth 28 (2^27 parents of leaves) nor and:2048 of depth 3;
    version 2 still refuses and:2 of depth 25 (2^24 parents of leaves)."""
    from verify.base.errors import TooLarge

    assert UniformTree("maj:9", 9).n_leaves == 387_420_489
    assert UniformTree("and:2", 25).n_leaves == 2 ** 25
    for spec, depth in [("and:2", 28), ("and:2048", 3)]:
        with pytest.raises(TooLarge, match="more than 8388608 leaves"):
            UniformTree(spec, depth)
    for spec, depth in [("and:2", 25), ("and:2048", 3)]:
        certificate = {"format": "fbs-certificate/1", "kind": "tree", "version": 2,
                       "tree": {"uniform": {"aggregator": spec, "depth": depth}},
                       "alpha_base64": "", "value": "1", "records": []}
        with pytest.raises(CertificateTooLarge, match="more than 8388608 leaves"):
            check(certificate)
