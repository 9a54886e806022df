"""Tree certificates as Coq theorems (verify/formal/coq_export_tree.py; issue 27, kind tree).

The exporter is untrusted, so: the tree it writes is read by coqc's own F_T (the model's,
coq/model/FbsTreeModel.v) and compared with F_T's truth table computed by the package
(verify/lower_bound/global_function.py, or the spec evaluator of verify/functions for a
composed spec), its alpha with the oracle's answers in leaf order, its value with the direct
LP of F_T's truth table (an independent solver); an exporter that changes a weight, a leaf
value, the value or an aggregator gives a file coqc refuses; a tree beyond the work bound is
refused in one line with nothing written.
"""

from __future__ import annotations

import dataclasses
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_run import fbs_cli
from tests.formal.test_coq_export import coqc_accepts, needs_coqc, spec_table
from verify import random_oracle, random_tree, tree_fbs, uniform_tree
from verify.base.errors import TooLarge
from verify.formal import coq_export, coq_export_tree
from verify.lower_bound import tree_fbs as recursion
from verify.lower_bound.global_function import global_truth_table, reference_assignment
from verify.lower_bound.tree_fbs import uniform_tree_fbs
from verify.sensitivity.api import certify
from verify.trees.api import oracle_bits
from verify.trees.model import UniformTree

COMPOSED = [("compose(maj:3;and:2;or:2;parity:2)", "110110"), ("tribes:2:3", "110100"),
            ("compose(maj:3;tribes:2:2;and:3;tt:0110)", "101111001")]


def exported(certificate: dict) -> str:
    return coq_export.coq_text([("test", certificate)])


def statement(text: str) -> tuple[str, str, str]:
    """(tree term, alpha, value) of the file's one theorem."""
    match = re.search(r'let T := (.*) in\n  RhoT T \(alphaOf T \(bitsOf "([01]*)"\)\) (.*)\.\n',
                      text)
    return match.group(1), match.group(2), match.group(3)


def tree_certificate(tree, answers, tmp_path: Path) -> dict:
    """The recursion's certificate of a tree at an oracle, kind tree version 2 (version 3,
    the default of `tree fbs`, has no Coq checker: test_version_3_is_refused_in_one_line)."""
    if isinstance(tree, UniformTree):
        return uniform_tree_fbs(tree, oracle_bits(answers, tree), version=2).certificate
    return recursion.tree_certificate(recursion.tree_fbs(tree, answers), version=2)


def random_instance(tmp_path: Path):
    tree = random_tree(3, 3, ["maj:3", "and:2", "tt:0110"], 0.3)
    answers = random_oracle(tree, seed=1)
    return tree, answers, tree_certificate(tree, answers, tmp_path)


@pytest.mark.parametrize("spec,z", COMPOSED)
def test_a_composed_value_is_the_direct_lp(spec, z):
    """The exported value is fbs_z(spec) by the table method (the exhaustive LP)."""
    _, alpha, value = statement(exported(certify(spec, z, method="composition").certificate))
    direct = certify(spec, z, method="table").value
    assert alpha == z and value == coq_export.rational(Fraction(direct))


def test_a_composed_spec_is_named_by_its_parts():
    term, _, _ = statement(exported(certify(*COMPOSED[2], method="composition").certificate))
    assert term == ('(node (MAJ 3) [(node (OR 2) (repeat (over (AND 2)) 2)); (over (AND 3)); '
                    '(over (TT "0110"))])')


def test_a_uniform_tree_is_named_by_its_shape_and_alpha_is_the_oracles(tmp_path):
    tree = uniform_tree("maj:3", 2)
    answers = random_oracle(tree, seed=4)
    certificate = tree_certificate(uniform_tree("maj:3", 2, compact=True), answers, tmp_path)
    assert certificate["version"] == 2 and certificate["tree"] == {
        "uniform": {"aggregator": "maj:3", "depth": 2}}
    term, alpha, value = statement(exported(certificate))
    assert term == "(uniform (MAJ 3) 2)"
    assert alpha == "".join(map(str, reference_assignment(tree, answers)))
    assert value == coq_export.rational(tree_fbs(tree, answers, method="direct").value)


def test_an_explicit_tree_exports_its_direct_value(tmp_path):
    tree, answers, certificate = random_instance(tmp_path)
    _, alpha, value = statement(exported(certificate))
    assert alpha == "".join(map(str, reference_assignment(tree, answers)))
    assert value == coq_export.rational(tree_fbs(tree, answers, method="direct").value)


def test_a_tree_beyond_the_work_bound_is_refused(tmp_path, capsys, monkeypatch):
    cert = tmp_path / "t.json"
    assert fbs_cli(capsys, "certify", "tribes:2:3", "--at", "110100", "--method", "composition",
                   "-o", cert)[0] == 0
    monkeypatch.setattr(coq_export_tree, "MAX_TREE_WORK", 16)
    with pytest.raises(TooLarge, match="more than 16 steps"):
        coq_export_tree.read_tree(json.loads(cert.read_text()))
    code, out, err = fbs_cli(capsys, "coq", cert, "-o", tmp_path / "t.v")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "16 steps" in err
    assert not (tmp_path / "t.v").exists()


def test_a_tree_with_too_many_leaves_is_refused(monkeypatch):
    monkeypatch.setattr(coq_export_tree, "MAX_TREE_LEAVES", 4)
    with pytest.raises(TooLarge, match="6 leaves > 4"):
        exported(certify("tribes:2:3", "110100", method="composition").certificate)


def test_certify_composition_writes_a_tree_theorem(tmp_path, capsys):
    code, out, err = fbs_cli(capsys, "certify", "tribes:2:2", "--at", "1011", "-o",
                             tmp_path / "c.json", "--method", "composition", "--coq",
                             tmp_path / "c.v")
    assert code == 0, err
    written = json.loads((tmp_path / "c.json").read_text())
    assert (written["kind"], written["version"]) == ("tree", 2)  # as FORMAT.md says (issue 40)
    # OR(AND(1,0), AND(1,1)) = 1: the leaves 3 and 4 are each a sensitive block and no other
    # block is needed (flipping leaf 2 alone keeps the second AND true), so rho_T = 2
    assert 'RhoT T (alphaOf T (bitsOf "1011")) (2 # 1).' in (tmp_path / "c.v").read_text()




def reads_as(term: str, leaves: int, table: str, k: int) -> str:
    """A Coq example: F_T of the exported tree over all 2^leaves alphas is `table`."""
    return (f"Example tree_{k} : let T := {term} in\n"
            f'  map (fun x => F T (alphaOf T x)) (allMasks {leaves}) = bitsOf "{table}".\n'
            "Proof. vm_compute. reflexivity. Qed.\n")


@pytest.mark.slow
@needs_coqc
def test_coqc_reads_the_exported_trees_as_the_specs(compiled, tmp_path):
    """coqc evaluates every exported tree (composed specs, a uniform and a random explicit
    tree) with the model's F_T on all alphas: it is the spec's (the tree's) function; a
    flipped bit of the expected table is refused."""
    cases = []
    for spec, z in COMPOSED:
        term, _, _ = statement(exported(certify(spec, z, method="composition").certificate))
        cases.append((term, len(z), spec_table(spec)))
    tree, _, certificate = random_instance(tmp_path)
    # the uniform term is the exporter's (test_a_uniform_tree_is_named_by_its_shape...)
    for listed, term in [(tree, statement(exported(certificate))[0]),
                         (uniform_tree("maj:3", 2), "(uniform (MAJ 3) 2)")]:
        _, table = global_truth_table(listed)
        cases.append((term, len(listed.leaves()), "".join("1" if bit else "0" for bit in table)))
    head = ("From Coq Require Import String List.\n"
            "From FbsCoq Require Import FbsTreeModel FbsTreeCert Families TreeStatements.\n"
            "Import ListNotations.\nOpen Scope string_scope.\n")
    body = [reads_as(term, n, table, k) for k, (term, n, table) in enumerate(cases)]
    assert coqc_accepts(compiled, head + "".join(body), tmp_path)
    term, n, table = cases[3]
    body[3] = reads_as(term, n, table[:-1] + ("0" if table[-1] == "1" else "1"), 3)
    assert not coqc_accepts(compiled, head + "".join(body), tmp_path)


def change_record(cert, k: int, **fields):
    records = list(cert.records)
    records[k] = dataclasses.replace(records[k], **fields)
    return dataclasses.replace(cert, records=tuple(records))


@pytest.mark.slow
@needs_coqc
def test_coqc_proves_tree_exports_and_refuses_wrong_ones(compiled, tmp_path, monkeypatch):
    """A version-1 (composed) and a version-2 (explicit random tree) export are proved; an
    exporter that writes a wrong value, flips a leaf's alpha bit, changes a primal weight or a
    dual entry, or names another aggregator gives a file coqc refuses."""
    from verify.sensitivity import composition

    version_2 = [("v2", certify(*COMPOSED[0], method="composition").certificate)]
    monkeypatch.setattr(composition, "SHARED_FROM", 10 ** 6)  # version 1: one record a key
    composed = [("test", certify(*COMPOSED[0], method="composition").certificate)]
    assert version_2[0][1]["version"] == 2 and "version" not in composed[0][1]
    _, _, certificate = random_instance(tmp_path)
    assert coqc_accepts(compiled, coq_export.coq_text(composed + version_2 + [("v2", certificate)]),
                        tmp_path)
    honest = coq_export_tree.read_tree

    def primal_weight(c):  # the root's record (the last): its first weight + 1/2
        (mask, w), *rest = c.records[-1].primal
        return change_record(c, -1, primal=((mask, w + Fraction(1, 2)), *rest))

    wrong = [
        lambda c: dataclasses.replace(c, value=c.value + Fraction(1, 2)),
        lambda c: dataclasses.replace(c, alpha=("0" if c.alpha[0] == "1" else "1") + c.alpha[1:]),
        primal_weight,
        lambda c: change_record(c, -1, dual=(c.records[-1].dual[0] / 2, *c.records[-1].dual[1:])),
        lambda c: dataclasses.replace(c, tree=c.tree.replace("(AND 2)", "(OR 2)", 1)),
    ]
    for change in wrong:
        monkeypatch.setattr(coq_export, "read_tree", lambda c: change(honest(c)))
        assert change(honest(composed[0][1])) != honest(composed[0][1])
        assert not coqc_accepts(compiled, coq_export.coq_text(composed), tmp_path)


def test_version_3_is_refused_in_one_line(tmp_path, capsys):
    """`tree fbs --certificate` writes version 3 (side records), which no Coq checker covers:
    `fbs coq` refuses it in one line and writes nothing."""
    tree, cert = tmp_path / "t.json", tmp_path / "c.json"
    oracle = tmp_path / "o.json"
    assert fbs_cli(capsys, "tree", "build", "--aggregator", "maj:3", "--depth", "2", "-o", tree,
                   "--oracle-out", oracle, "--oracle-seed", "3")[0] == 0
    assert fbs_cli(capsys, "tree", "fbs", tree, "--oracle", oracle, "--certificate", cert)[0] == 0
    assert json.loads(cert.read_text())["version"] == 3
    code, _, err = fbs_cli(capsys, "coq", cert, "-o", tmp_path / "c.v")
    assert code == 2 and "version 3" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "c.v").exists()
