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
from verify.formal import coq_export
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
    tables = re.findall(r'FbsValue \(ttFun \(bitsOf "([01]+)"\)\) \(bitsOf "([01]+)"\)', text)
    assert tables == [(spec_table(spec), z)]


@pytest.mark.parametrize("spec,term", [
    ("maj:5", "(MAJ 5)"), ("and:4", "(AND 4)"), ("or:3", "(OR 3)"), ("parity:4", "(PARITY 4)"),
    ("thr:6:2", "(THR 6 (2)%Z)"), ("tribes:2:3", "(TRIBES 2 3)"),
])
def test_a_family_is_named_by_its_coq_definition(spec, term):
    assert f"FbsValue {term} (bitsOf " in exported(spec, "1" * parse_spec(spec).arity)


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
    exhaustive = {entry["sha256"] for entry in manifest["certificates"]
                  if coq_export.load_certificate(ROOT / "certificates" / "paper" / entry["file"])
                  ["kind"] == "exhaustive"}
    assert theorems == len(exhaustive)  # every distinct exhaustive certificate (q <= 9 there)


def test_a_symmetric_certificate_is_refused_with_the_reason(tmp_path, capsys):
    cert = tmp_path / "m.json"
    assert fbs_cli(capsys, "certify", "maj:7", "--at", "1100000", "-o", cert)[0] == 0
    code, out, err = fbs_cli(capsys, "coq", cert, "-o", tmp_path / "m.v")
    assert code == 2 and "kind 'symmetric' has no Coq checker yet" in err
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
    assert 'FbsValue (MAJ 5) (bitsOf "11000") (3 # 1).' in (tmp_path / "c.v").read_text()


def test_certify_coq_refuses_a_method_without_an_exhaustive_certificate(tmp_path, capsys):
    code, out, err = fbs_cli(capsys, "certify", "maj:5", "--at", "11000", "-o",
                             tmp_path / "c.json", "--coq", tmp_path / "c.v", "--method",
                             "symmetric")
    assert code == 2 and "--method table" in err
    assert not (tmp_path / "c.json").exists() and not (tmp_path / "c.v").exists()


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
    """Coq's MAJ, THR, AND, OR, PARITY and TRIBES (coq/model/Families.v) have the truth tables
    of the package's specs (the statement of an exported theorem is only as good as them)."""
    cases = {"MAJ 5": "maj:5", "MAJ 6": "maj:6", "THR 6 3": "thr:6:3", "THR 3 (-1)": "thr:3:-1",
             "AND 4": "and:4", "OR 4": "or:4", "PARITY 5": "parity:5", "TRIBES 2 3": "tribes:2:3",
             "TRIBES 3 2": "tribes:3:2"}
    lines = ["From Coq Require Import String ZArith List.",
             "From FbsCoq Require Import FbsTreeCert Families.",
             "Open Scope string_scope.", "Open Scope Z_scope."]
    for k, (term, spec) in enumerate(cases.items()):
        q = parse_spec(spec).arity
        lines.append(f'Example family_{k} : map ({term}) (allMasks {q}) = bitsOf "{spec_table(spec)}".')
        lines.append("Proof. vm_compute. reflexivity. Qed.")
    assert coqc_accepts(compiled, "\n".join(lines) + "\n", tmp_path)
    table = spec_table("tribes:3:2")
    lines[-2] = lines[-2].replace(f'"{table}"', f'"{flip(table, 0)}"')
    assert not coqc_accepts(compiled, "\n".join(lines) + "\n", tmp_path)


@pytest.mark.slow
@needs_coqc
def test_fbs_coq_check_compiles_the_file(tmp_path, capsys):
    cert = tmp_path / "a.json"
    assert fbs_cli(capsys, "certify", "and:3", "--at", "111", "-o", cert, "--method",
                   "table")[0] == 0
    code, out, err = fbs_cli(capsys, "coq", cert, "-o", tmp_path / "a.v", "--check")
    assert code == 0, out + err
    assert "every theorem of" in out and "Print Assumptions closed" in out
