"""The stdlib-only checker for kind "tree" (certificates/FORMAT.md, kind tree): accepts, must-reject."""

from __future__ import annotations

import copy
import json
import random
import re
from fractions import Fraction

import pytest
from checker_tree_examples import FORMAT_EXAMPLE, costly_tree_certificate

from verify.checker.errors import CertificateMalformed
from verify.checker.tree_kind import check
from verify.lower_bound.tree_fbs import tree_certificate, tree_fbs
from verify.trees.builders import uniform_tree
from verify.trees.oracles import random_oracle

EXAMPLE = FORMAT_EXAMPLE  # MAJ(A and B, C, D) at 1110, rho_T = 3


def variant(**changes):
    """A deep copy of EXAMPLE with the root record (records[1]) fields replaced."""
    certificate = copy.deepcopy(EXAMPLE)
    for key, value in changes.items():
        if key == "value_top":
            certificate["value"] = value
        else:
            certificate["records"][1][key] = value
    return certificate


def test_the_documented_example_is_valid():
    report = check(copy.deepcopy(EXAMPLE))
    assert report.valid and report.value == 3


def test_the_format_document_contains_the_example():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "certificates" / "FORMAT.md").read_text()
    section = text[text.index("## 6. Kind `tree`"):]
    block = section.split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(block) == EXAMPLE


@pytest.mark.parametrize("certificate,condition", [
    (variant(value_top="4"), "root-value"),
    (variant(capacities=["1", "1", "1"]), "record-missing"),
    (variant(primal=[{"block": [0], "weight": "2"}, {"block": [2], "weight": "1"}]),
     "primal-sensitive"),
    (variant(primal=[{"block": [0], "weight": "3"}, {"block": [1], "weight": "1"}], value="4",
             dual=["1", "2", "0"]), "primal-load"),
    (variant(dual=["1/2", "1", "1"]), "dual-feasible"),
    (variant(primal=[{"block": [0], "weight": "-1"}, {"block": [1], "weight": "1"}]),
     "primal-nonnegative"),
    (variant(primal=[{"block": [0], "weight": "1"}, {"block": [1], "weight": "1"}]),
     "primal-value"),
    (variant(dual=["2", "1", "-2"]), "dual-nonnegative"),
    (variant(dual=["1", "1", "1"]), "dual-value"),
])
def test_must_reject(certificate, condition):
    report = check(certificate)
    assert not report.valid and report.condition == condition, report.message


def test_tampered_alpha_is_rejected():
    certificate = copy.deepcopy(EXAMPLE)
    certificate["alpha"] = "1111"  # z at the root becomes 111: no record with that key
    report = check(certificate)
    assert not report.valid and report.condition == "record-missing"


@pytest.mark.parametrize("mutate,message", [
    (lambda c: c["records"].append(copy.deepcopy(c["records"][0]) | {"z": "00"}), "unused"),
    (lambda c: c["records"].append(copy.deepcopy(c["records"][0])), "duplicate key"),
    (lambda c: c["tree"]["nodes"][3].update(query="A?"), "pairwise distinct"),
    (lambda c: c.update(alpha="111"), "one bit per leaf"),
    (lambda c: c.update(extra=1), "unknown field"),
    (lambda c: c["records"][1].update(z="11"), "z must be 3 bits"),
    (lambda c: c["tree"]["nodes"][0]["children"].append("a"), "child ids"),
    (lambda c: c["tree"]["nodes"][1]["children"].__setitem__(1, "c"), "reached twice"),
    (lambda c: c["tree"]["nodes"].append({"id": "lost", "query": "L?"}), "not reachable"),
    (lambda c: c["tree"].update(depth=5), "declared"),
    (lambda c: c["records"][0].update(capacities=["1", "one"]), "p/q"),
    (lambda c: c["records"][0]["primal"].append({"block": [1, 0], "weight": "0"}), "increasing"),
    (lambda c: c.update(tree={"uniform": {"aggregator": "maj:3", "depth": 20}}), "leaves"),
])
def test_malformed(mutate, message):
    certificate = copy.deepcopy(EXAMPLE)
    mutate(certificate)
    with pytest.raises(CertificateMalformed, match=message):
        check(certificate)


def test_real_certificates_and_random_tampering():
    tree = uniform_tree("maj:5", 3)
    result = tree_fbs(tree, random_oracle(tree, 4))
    certificate = tree_certificate(result, version=1)  # version 2: test_checker_tree_shared.py
    assert check(certificate).value == result.value
    rng = random.Random(1)
    rejected = 0
    for _ in range(40):
        tampered = copy.deepcopy(certificate)
        record = rng.choice(tampered["records"])
        field = rng.choice(["value", "dual", "primal"])
        if field == "value":
            record["value"] = str(Fraction(record["value"]) + Fraction(1, rng.randint(1, 9)))
        elif field == "dual":
            i = rng.randrange(len(record["dual"]))
            record["dual"][i] = str(Fraction(record["dual"][i]) - Fraction(1, 7))
        elif record["primal"]:
            record["primal"][0]["weight"] = str(Fraction(record["primal"][0]["weight"])
                                                + Fraction(1, 5))
        else:
            continue
        try:
            report = check(tampered)
        except CertificateMalformed:
            rejected += 1
            continue
        assert not report.valid
        rejected += 1
    assert rejected >= 30


def test_uniform_depth_zero_and_explicit_single_leaf():
    compact = {"format": "fbs-certificate/1", "kind": "tree",
               "tree": {"uniform": {"aggregator": "maj:3", "depth": 0}}, "alpha": "1",
               "value": "1", "records": []}
    assert check(compact).value == 1
    explicit = dict(compact, tree={"format": "fbs-tree/1", "root": "x",
                                   "nodes": [{"id": "x", "query": "X?"}]}, alpha="0")
    assert check(explicit).value == 1
    assert not check(dict(compact, value="2")).valid


def test_wired_into_the_dispatcher():
    from verify.checker import certificate as dispatch

    assert dispatch.kind_checker("tree") is check
    assert dispatch.check_certificate(copy.deepcopy(EXAMPLE)).value == 3
    assert not dispatch.check_certificate(variant(value_top="4")).valid


# --- issue 12: compositions, wide symmetric aggregators, per-distinct-key work, budgets ----


def test_whitespace_variants_of_an_aggregator_are_one_key():
    """Records whose aggregators differ only in ignored whitespace have the same key."""
    certificate = copy.deepcopy(EXAMPLE)
    certificate["records"].append(dict(copy.deepcopy(certificate["records"][1]),
                                       aggregator="  maj:3 "))
    with pytest.raises(CertificateMalformed, match="duplicate key"):
        check(certificate)
    spaced = copy.deepcopy(EXAMPLE)
    spaced["records"][1]["aggregator"] = " maj:3"
    assert check(spaced).value == 3


@pytest.mark.slow
def test_costly_aggregators_share_one_budget_per_file():
    """Each formula costs about 2^35 bit-operations to evaluate at q = 20, so the file's one
    budget (2^38, FORMAT.md kind tree) takes four but refuses twelve, whatever the file
    repeats or however it spreads them over records."""
    assert check(costly_tree_certificate(4)).value == 80
    hostile = costly_tree_certificate(12)
    with pytest.raises(CertificateMalformed, match="too costly"):
        check(hostile)


@pytest.mark.slow
def test_nodes_cost_a_lookup_per_distinct_class(monkeypatch):
    """A uniform and:2 tree of depth 20 (2^20 leaves, all ones): one record per level,
    checked once each; every other node is a dictionary lookup."""
    records = [{"aggregator": "and:2", "z": "11", "capacities": [str(2 ** k)] * 2,
                "value": str(2 ** (k + 1)),
                "primal": [{"block": [0], "weight": str(2 ** k)},
                           {"block": [1], "weight": str(2 ** k)}],
                "dual": ["1", "1"]} for k in range(20)]
    certificate = {"format": "fbs-certificate/1", "kind": "tree",
                   "tree": {"uniform": {"aggregator": "and:2", "depth": 20}},
                   "alpha": "1" * 2 ** 20, "value": str(2 ** 20), "records": records}
    import verify.checker.tree_kind as tree_kind

    solved = []
    real = tree_kind.check_local_lp
    monkeypatch.setattr(tree_kind, "check_local_lp",
                        lambda *args, **kwargs: solved.append(1) or real(*args, **kwargs))
    report = check(certificate)
    assert report.valid and report.value == 2 ** 20 and "20 distinct node classes" in report.message
    assert len(solved) == 20  # one local LP a class, not one a node (2^21 - 1 nodes)


def test_wide_symmetric_aggregators_by_their_cheapest_blocks():
    """maj:99 over leaves (width beyond any truth table): the dual is checked on the d
    cheapest ones / zeros; a dual that fails there is rejected, one that passes accepted."""
    alpha = "1" * 66 + "0" * 33  # weight 66: d_down = 17, no change upward
    good = {"aggregator": "maj:99", "z": alpha, "capacities": ["1"] * 99, "value": "66/17",
            "primal": [], "dual": ["1/17"] * 66 + ["0"] * 33}
    certificate = {"format": "fbs-certificate/1", "kind": "tree", "tree": {"spec": "maj:99"},
                   "alpha": alpha, "value": "66/17", "records": [good]}
    weights = [{"block": list(range(17 * k, 17 * k + 17)), "weight": "1"} for k in range(3)]
    certificate["records"][0]["primal"] = weights + [
        {"block": list(range(51, 66)) + [0, 1], "weight": "15/17"}]
    with pytest.raises(CertificateMalformed):  # block [51..65, 0, 1] is not increasing
        check(copy.deepcopy(certificate))
    certificate["records"][0]["primal"] = weights
    certificate["records"][0]["value"] = certificate["value"] = "3"
    certificate["records"][0]["dual"] = ["3/66"] * 66 + ["0"] * 33
    report = check(copy.deepcopy(certificate))
    assert not report.valid and report.condition == "dual-feasible"  # 17 * 3/66 < 1


def test_the_literature_tree_with_99_papers_is_certified():
    """maj:99 over and:2 nodes, 66 supporting papers: rho_T = 66 * 2 / 17 (any 17 of the 66
    true children flip the majority, each with capacity rho(and:2 at 11) = 2)."""
    from verify.trees.builders import literature_tree

    tree, oracle = literature_tree(99, 66)
    result = tree_fbs(tree, oracle)
    assert result.certified and result.value == Fraction(132, 17)
    certificate = tree_certificate(result, version=1)
    root = next(r for r in certificate["records"] if r["aggregator"] == "maj:99")
    ones = [i for i, bit in enumerate(root["z"]) if bit == "1"]
    assert all(root["dual"][i] == "1/17" for i in ones)
    root["dual"][ones[0]], root["dual"][ones[1]] = "83/1700", "117/1700"  # same sum c_i v_i
    report = check(certificate)  # the 17 cheapest ones now sum to 1 - 1/100
    assert not report.valid and report.condition == "dual-feasible"
    root["dual"][ones[0]], root["dual"][ones[1]] = "1/17", "1/17"
    root["primal"][0]["block"] = root["primal"][0]["block"][:16]  # 16 ones: not sensitive
    report = check(certificate)
    assert not report.valid and report.condition == "primal-sensitive"


@pytest.mark.parametrize("spec, bits", [("compose(and:1;and:1)", "1"),
                                        ("compose(and:1;or:1)", "0"),
                                        ("compose(and:2;and:1;and:1)", "11")])
def test_the_success_message_never_counts_zero_classes(spec, bits):
    """Trees whose nodes all have the value and rho of a leaf (dictators) once read "0
    distinct node classes": every internal node is checked, so at least one class is."""
    from verify import fbs

    report = check(fbs(spec, bits).certificate)
    assert report.valid and report.value == len(bits)  # a dictator of dictators: fbs = q here
    assert " 0 distinct" not in report.message and "1 leaves" not in report.message
    assert re.search(r"\(\d+ node records?, [1-9]\d* distinct node class(es)? checked\)",
                     report.message), report.message
