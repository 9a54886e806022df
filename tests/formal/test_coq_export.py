"""Certificates as Coq theorems (verify/formal/coq_export.py, `fbs coq`, `fbs certify --coq`).

The exporter is untrusted, so: the truth table it writes is compared with the spec's, computed
by the package's own evaluator (verify/functions, not the checker's evaluator the exporter
reads); Coq's family definitions (coq/model/Families.v) are compared with the package's tables
by coqc; a deliberately wrong export (value, point, truth table) makes coqc fail; the committed
coq/certificates/ is what tools/export_coq_certificates.py writes; refusals are one line, exit 1
or 2, nothing written.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_run import fbs_cli
from verify.base.errors import BadInput
from verify.formal import coq_export, coq_symmetric
from verify.formal.coq_run import check_file, closed
from verify.functions.spec import parse_spec
from verify.sensitivity.api import certify

ROOT = Path(__file__).resolve().parents[2]
needs_coqc = pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc not installed")


def spec_table(spec: str) -> str:
    """f at every x = j in binary, x_1 the most significant bit (FORMAT.md section 1)."""
    f = parse_spec(spec)
    return "".join(str(f(format(j, f"0{f.arity}b"))) for j in range(2 ** f.arity))


def exported(spec: str, z: str) -> str:
    return coq_export.coq_text([("test", certify(spec, z, method="table").certificate)])


@pytest.mark.parametrize("spec,z", [
    ("tt:0110100110010110", "0110"), ("expr:(x1 & x2) | (x3 ^ x4)", "1010"),
    ("compose(maj:3;and:2;or:2;parity:2)", "110110"), ("index:2", "100110"),
    ("wthr:3,2,2,1,1:5", "11010"), ("sym:0110", "100"),
])
def test_the_exported_truth_table_is_the_specs(spec, z):
    text = exported(spec, z)
    tables = re.findall(r'FbsIs \(TT "([01]+)"\) \(bitsOf "([01]+)"\)', text)
    assert tables == [(spec_table(spec), z)]


@pytest.mark.parametrize("spec,term", [
    ("maj:5", "(MAJ 5)"), ("and:4", "(AND 4)"), ("or:3", "(OR 3)"), ("parity:4", "(PARITY 4)"),
    ("thr:6:2", "(THR 6 (2)%Z)"), ("tribes:2:3", "(TRIBES 2 3)"),
])
def test_a_family_is_named_by_its_coq_definition(spec, term):
    assert f"FbsIs {term} (bitsOf " in exported(spec, "1" * parse_spec(spec).arity)


def test_the_committed_coq_certificates_are_current():
    """coq/certificates/ is what tools/export_coq_certificates.py writes from certificates/paper/."""
    import importlib.util

    tool = ROOT / "tools" / "export_coq_certificates.py"
    loader = importlib.util.spec_from_file_location("export_tool", tool)
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    files, skipped = coq_export.paper_exports(ROOT / "certificates" / "paper")
    out = ROOT / "coq" / "certificates"
    assert sorted(p.name for p in out.glob("*.v")) == sorted([*files, module.CORPUS])
    for name, text in files.items():
        assert (out / name).read_text() == text, name
    assert (out / "README.md").read_text() == module.readme(files, skipped)
    manifest = json.loads((ROOT / "certificates" / "paper" / "MANIFEST.json").read_text())
    theorems = sum(text.count("\nTheorem ") for text in files.values())
    assert theorems + len(skipped) == len(manifest["certificates"])
    covered = set()
    for entry in manifest["certificates"]:
        certificate = coq_export.load_certificate(ROOT / "certificates" / "paper" / entry["file"])
        if certificate["kind"] in ("exhaustive", "tree") or (
                certificate["kind"] == "symmetric" and certificate["arity"] <= 1000):
            covered.add(entry["sha256"])
    # every distinct exhaustive certificate (q <= 9 there), tree certificate (small enough
    # there) and symmetric one up to arity 1000
    assert theorems == len(covered)
    too_large = [name for name, reason in skipped if "unary weights" in reason]
    assert sorted(too_large) == sorted(
        f"certificates/paper/{entry['file']}" for entry in manifest["certificates"]
        if entry["file"].split("/")[-1].split("-")[0] in ("maj_6000", "maj_600000", "and_1000000"))


def test_a_threshold_certificate_is_refused_with_the_reason(tmp_path, capsys):
    cert = tmp_path / "m.json"
    assert fbs_cli(capsys, "certify", "wthr:3,2,2,1,1:5", "--at", "11010", "-o", cert,
                   "--method", "threshold")[0] == 0
    code, out, err = fbs_cli(capsys, "coq", cert, "-o", tmp_path / "m.v")
    assert code == 2 and "kind 'threshold' has no Coq checker yet" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "m.v").exists()


def test_an_invalid_certificate_is_refused_with_exit_1(tmp_path, capsys):
    certificate = certify("maj:3", "000", method="table").certificate
    certificate["value"] = "2"
    path = tmp_path / "bad.json.gz"
    path.write_bytes(gzip.compress(json.dumps(certificate).encode()))
    code, out, err = fbs_cli(capsys, "coq", path, "-o", tmp_path / "bad.v")
    assert code == 1 and "primal-value" in err
    assert not (tmp_path / "bad.v").exists()


def test_a_malformed_certificate_is_refused_naming_the_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"kind": "exhaustive"}')
    code, out, err = fbs_cli(capsys, "coq", path, "-o", tmp_path / "bad.v")
    assert code == 2 and err.startswith(f"fbs: error: {path}: ") and "malformed" in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "bad.v").exists()


def test_an_arity_beyond_the_bound_is_refused(monkeypatch):
    monkeypatch.setattr(coq_export, "MAX_COQ_ARITY", 4)
    with pytest.raises(BadInput, match="arity 5 > 4"):
        exported("maj:5", "11000")


def test_certify_writes_the_certificate_and_the_coq_file(tmp_path, capsys):
    code, out, err = fbs_cli(capsys, "certify", "maj:5", "--at", "11000", "-o",
                             tmp_path / "c.json", "--coq", tmp_path / "c.v")
    assert code == 0, err
    assert json.loads((tmp_path / "c.json").read_text())["kind"] == "exhaustive"
    # MAJ_5 at 11000: flipping any one of the three zeros makes 3 ones, so fbs = 3
    assert 'FbsIs (MAJ 5) (bitsOf "11000") (3 # 1).' in (tmp_path / "c.v").read_text()


def test_certify_coq_refuses_a_method_without_a_covered_certificate(tmp_path, capsys):
    code, out, err = fbs_cli(capsys, "certify", "maj:5", "--at", "11000", "-o",
                             tmp_path / "c.json", "--coq", tmp_path / "c.v", "--method",
                             "threshold")
    assert code == 2 and "--method table" in err
    assert not (tmp_path / "c.json").exists() and not (tmp_path / "c.v").exists()


def test_a_symmetric_export_states_the_point_and_the_closed_form_value():
    """MAJ_15 at a point of weight 8 (the threshold): fbs = 8 (the 8 singleton flips of the
    ones are disjoint sensitive blocks, and t = 1 on the ones is feasible); the point is
    the one given, not sorted."""
    z = "101010101010101"
    text = coq_export.coq_text([("t", certify("maj:15", z, method="symmetric").certificate)])
    assert f'FbsIs (MAJ 15) (bitsOf "{z}") (8 # 1).' in text
    assert "apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k))" in text


@pytest.mark.parametrize("text,bits", [("1^7,0^5", "1" * 7 + "0" * 5), ("0110", "0110"),
                                       ("0^2,1^1,0^1", "0010")])
def test_a_run_length_input_is_expanded(text, bits):
    assert coq_symmetric.bits_of_input(text) == bits


def test_certify_symmetric_writes_the_coq_file(tmp_path, capsys):
    code, out, err = fbs_cli(capsys, "certify", "maj:7", "--at", "1100000", "-o",
                             tmp_path / "c.json", "--coq", tmp_path / "c.v", "--method",
                             "symmetric")
    assert code == 0, err
    assert json.loads((tmp_path / "c.json").read_text())["kind"] == "symmetric"
    # MAJ_7 at weight 2: the nearest weight where V changes is 4, two zeros away, so
    # fbs = (7 - 2) / 2 (t = 1/2 on each of the five zeros; the pairs of zeros pack to 5/2)
    assert 'FbsIs (MAJ 7) (bitsOf "1100000") (5 # 2).' in (tmp_path / "c.v").read_text()


def test_a_symmetric_arity_beyond_the_bound_is_refused(monkeypatch):
    monkeypatch.setattr(coq_export, "MAX_COQ_SYMMETRIC_ARITY", 4)
    certificate = certify("maj:5", "11000", method="symmetric").certificate
    with pytest.raises(BadInput, match="arity 5 > 4"):
        coq_export.coq_text([("t", certificate)])


def maj5_measure(measure: str, value: str, witness: list) -> dict:
    """FORMAT.md section 10's example, MAJ_5 at 00000: s = 0, bs = 1, C = 3."""
    return {"format": "fbs-certificate/1", "kind": "measure", "measure": measure,
            "spec": "maj:5", "arity": 5, "input": "00000", "value": value, "witness": witness}


MAJ5_MEASURES = [maj5_measure("s", "0", []), maj5_measure("bs", "1", [[0, 1, 2]]),
                 maj5_measure("C", "3", [2, 3, 4])]


def test_a_measure_export_states_the_measure_the_point_and_the_value():
    text = coq_export.coq_text([("t", c) for c in MAJ5_MEASURES])
    assert 'Theorem s_maj_5_at_00000 :\n  SensitivityOf (MAJ 5) (bitsOf "00000") 0.' in text
    assert 'BlockSensitivityOf (MAJ 5) (bitsOf "00000") 1.' in text
    assert 'CertificateComplexityOf (MAJ 5) (bitsOf "00000") 3.' in text
    assert 'apply (checkC_sound _ _ (bitsOf "00111")).' in text


def test_a_measure_arity_beyond_the_bound_is_refused(monkeypatch):
    monkeypatch.setattr(coq_export, "MAX_COQ_MEASURE_ARITY", 4)
    with pytest.raises(BadInput, match="arity 5 > 4"):
        coq_export.coq_text([("t", MAJ5_MEASURES[2])])


# --- coqc ---------------------------------------------------------------------------------

def coqc_accepts(library: Path, text: str, tmp_path: Path) -> bool:
    path = tmp_path / "Exported.v"
    path.write_text(text)
    return closed(check_file(library, path), path)


def flip(text: str, i: int) -> str:
    """The bit string with its position i flipped."""
    return text[:i] + ("1" if text[i] == "0" else "0") + text[i + 1:]


def certificate_of(spec: str, z: str) -> dict:
    return certify(spec, z, method="table").certificate


@pytest.mark.slow
@needs_coqc
def test_coqc_proves_an_export_and_refuses_wrong_exports(compiled, tmp_path, monkeypatch):
    """The export of a valid certificate is proved; an exporter that writes a wrong value, a
    wrong point or a wrong truth table bit (at z) gives a file coqc refuses."""
    pairs = [("test", certificate_of("tt:0001011101111111", "0100"))]
    assert coqc_accepts(compiled, coq_export.coq_text(pairs), tmp_path)
    honest = coq_export.read_certificate
    table_at_z = int("0100", 2)

    wrong = [
        lambda c: dataclasses.replace(c, value=c.value + Fraction(1, 2)),
        lambda c: dataclasses.replace(c, z=flip(c.z, 0)),
        lambda c: dataclasses.replace(c, table=flip(c.table, table_at_z)),
    ]
    for change in wrong:
        monkeypatch.setattr(coq_export, "read_certificate", lambda c, w: change(honest(c, w)))
        assert not coqc_accepts(compiled, coq_export.coq_text(pairs), tmp_path)


@pytest.mark.slow
@needs_coqc
def test_the_coq_families_are_the_specs(compiled, tmp_path):
    """Coq's MAJ, THR, AND, OR, PARITY and TRIBES (coq/model/Families.v), and the term a
    symmetric export writes for a `sym:` spec, have the truth tables of the package's specs
    (the statement of an exported theorem is only as good as them)."""
    cases = {"MAJ 5": "maj:5", "MAJ 6": "maj:6", "THR 6 3": "thr:6:3", "THR 3 (-1)": "thr:3:-1",
             "AND 4": "and:4", "OR 4": "or:4", "PARITY 5": "parity:5", "TRIBES 2 3": "tribes:2:3",
             coq_symmetric.symmetric_function_term("sym:0110"): "sym:0110",
             "TRIBES 3 2": "tribes:3:2"}
    lines = ["From Coq Require Import String ZArith List.",
             "From FbsCoq Require Import FbsTreeCert Families.",
             "Open Scope string_scope.", "Open Scope Z_scope."]
    for k, (term, spec) in enumerate(cases.items()):
        q = parse_spec(spec).arity
        lines.append(f'Example family_{k} : arity ({term}) = {q}%nat /\\ '
                     f'map (eval ({term})) (allMasks {q}) = bitsOf "{spec_table(spec)}".')
        lines.append("Proof. split; vm_compute; reflexivity. Qed.")
    assert coqc_accepts(compiled, "\n".join(lines) + "\n", tmp_path)
    table = spec_table("tribes:3:2")
    lines[-2] = lines[-2].replace(f'"{table}"', f'"{flip(table, 0)}"')
    assert not coqc_accepts(compiled, "\n".join(lines) + "\n", tmp_path)
    lines[-2] = lines[-2].replace(f'"{flip(table, 0)}"', f'"{table}"').replace("= 6%nat", "= 5%nat")
    assert not coqc_accepts(compiled, "\n".join(lines) + "\n", tmp_path)


ARITY_TIED = """From Coq Require Import String ZArith QArith List.
From FbsCoq Require Import FbsModel FbsTreeModel Families Measures TreeStatements.
Open Scope string_scope.
Fail Check FbsValue (AND 7) (bitsOf "11111") 0.
Fail Check uniform (MAJ 9) 9 3.
Lemma tt_at_3_bits : forall k, ~ SensitivityOf (TT "0110") (bitsOf "011") k.
Proof. intros k [H _]. discriminate H. Qed.
Lemma tree_arity : forall d, arity (MAJ 3) = 3%nat /\\ uniform (MAJ 3) (S d) = CNode (eval (MAJ 3)) 3 (fun _ => uniform (MAJ 3) d).
Proof. intros d. split; reflexivity. Qed.
"""


@pytest.mark.slow
@needs_coqc
def test_a_family_fixes_the_arity_of_the_statement(compiled, tmp_path):
    """Issue 40: a family names its arity, so a statement at an input of another length is
    false (FbsIs, SensitivityOf, ...; Families.v proves it for the issue's two examples), the
    model's FbsValue does not take a family, and a tree's node of MAJ 3 has 3 children."""
    assert coqc_accepts(compiled, ARITY_TIED, tmp_path)
    assert not coqc_accepts(compiled, ARITY_TIED.replace('"011"', '"01"'), tmp_path)


@pytest.mark.slow
@needs_coqc
def test_fbs_coq_check_compiles_the_file(tmp_path, capsys):
    cert = tmp_path / "a.json"
    assert fbs_cli(capsys, "certify", "and:3", "--at", "111", "-o", cert, "--method",
                   "table")[0] == 0
    code, out, err = fbs_cli(capsys, "coq", cert, "-o", tmp_path / "a.v", "--check")
    assert code == 0, out + err
    assert "every theorem of" in out and "Print Assumptions closed" in out


@pytest.mark.slow
@needs_coqc
def test_coqc_proves_symmetric_exports_and_refuses_wrong_ones(compiled, tmp_path, monkeypatch):
    """Kind symmetric (coq/checkers/SymmetricCheck.v): exports of maj, thr, parity, or and sym
    specs are proved; an exporter that writes a wrong value, point, dual, type weight or
    function V gives a file coqc refuses."""
    cases = [("maj:15", "110110000000101"), ("thr:7:3", "1100000"), ("parity:6", "100000"),
             ("or:5", "00000"), ("and:4", "1111"), ("sym:0110", "100")]
    pairs = [(spec, certify(spec, z, method="symmetric").certificate) for spec, z in cases]
    assert coqc_accepts(compiled, coq_export.coq_text(pairs), tmp_path)
    honest, pairs = coq_export.read_certificate, pairs[:1]
    wrong = [
        lambda c: dataclasses.replace(c, value=c.value + Fraction(1, 2)),
        lambda c: dataclasses.replace(c, z=flip(c.z, 0)),
        lambda c: dataclasses.replace(c, t1=c.t1 / 2, t0=c.t0 / 2),
        lambda c: dataclasses.replace(c, types=tuple((a, b, 2 * y) for a, b, y in c.types)),
    ]
    for change in wrong:
        monkeypatch.setattr(coq_export, "read_certificate", lambda c, w: change(honest(c, w)))
        assert not coqc_accepts(compiled, coq_export.coq_text(pairs), tmp_path)
    monkeypatch.setattr(coq_export, "read_certificate", honest)
    monkeypatch.setattr(coq_symmetric, "values_term", lambda spec: "(fun k => Nat.ltb 16 (2 * k))")
    assert not coqc_accepts(compiled, coq_export.coq_text(pairs), tmp_path)


@pytest.mark.slow
@needs_coqc
def test_coqc_proves_measure_exports_and_refuses_wrong_ones(compiled, tmp_path, monkeypatch):
    """Kind measure (coq/checkers/MeasureCheck.v): FORMAT.md's MAJ_5 certificates (s, bs, C)
    are proved; an exporter that writes a wrong value (each measure) or a witness that is
    not one gives a file coqc refuses."""
    pairs = [("t", c) for c in MAJ5_MEASURES]
    assert coqc_accepts(compiled, coq_export.coq_text(pairs), tmp_path)
    honest = coq_export.read_certificate
    not_witnesses = {"s": ((0,), 1), "bs": (((0, 1),), 1), "C": ((3, 4), 2)}
    wrong = [lambda c: dataclasses.replace(c, value=c.value + 1),
             lambda c: dataclasses.replace(c, witness=not_witnesses[c.measure][0],
                                           value=not_witnesses[c.measure][1])]
    for change in wrong:
        monkeypatch.setattr(coq_export, "read_certificate", lambda c, w: change(honest(c, w)))
        for pair in pairs:
            assert not coqc_accepts(compiled, coq_export.coq_text([pair]), tmp_path)
