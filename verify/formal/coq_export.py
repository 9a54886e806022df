"""Certificates as Coq theorems: `fbs coq CERT -o OUT.v` and `fbs certify ... --coq OUT.v`.

The exported file states, in the words of coq/model/ (docs/formal.md section 10), that the
certified value v is fbs_z(f): `FbsIs F z v`, z having exactly arity F bits and v being the
optimum of the packing LP of paper Definition 3.3 and of the dual LP of Definition 3.4 at z.
The function is named, with its arity, by its family (`MAJ 9`, `THR 7 3`, `AND 5`, `OR 5`,
`PARITY 6`, `TRIBES 2 3`, coq/model/Families.v) or by its truth table (`TT "0001..."`). The proof runs the Coq checker
(coq/checkers/ExhaustiveCheck.v; SymmetricCheck.v for kind symmetric, coq_symmetric.py; and
MeasureCheck.v for kind measure, coq_measure.py; `vm_compute`) on the certificate, and its
`Print Assumptions` must be closed.

This module is untrusted: a wrong export gives a statement coqc refuses to prove, or one
that names other data, which the reader sees in the statement (tests/formal/test_coq_export.py
compares the exported truth tables with the specs' and shows that wrong exports fail).
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from fractions import Fraction

from verify.base.errors import EXIT_FAILED, BadInput, FbsError, TooLarge
from verify.formal.coq_export_tree import TreeExport, left_out, read_tree, tree_theorem_text
from verify.formal.coq_measure import (
    MAX_COQ_MEASURE_ARITY,
    Measure,
    measure_prefix,
    measure_theorem,
    read_measure,
)
from verify.formal.coq_symmetric import (
    MAX_COQ_SYMMETRIC_ARITY,
    Symmetric,
    read_symmetric,
    symmetric_function_term,
    symmetric_theorem,
)
from verify.formal.coq_terms import MAX_COQ_ARITY, function_term, rational
from verify.formal.coq_terms import comment as _comment

COVERED_KINDS = ("exhaustive", "symmetric", "measure", "tree")

HEADER = """(* Exported by `fbs coq` (fbs-verify) from {sources}.
   The exporter is untrusted; what to read is each Theorem's statement: FbsIs F z v says that
   z has exactly arity F bits and v is the optimum of the packing LP (paper Definition 3.3) and
   of the dual LP (Definition 3.4) of F's function at z (coq/model/FbsModel.v; the functions,
   each with its arity, are coq/model/Families.v; SensitivityOf, BlockSensitivityOf and
   CertificateComplexityOf likewise fix the arity).
   Each proof runs the checker of coq/checkers/ExhaustiveCheck.v (checkExhaustive_sound),
   for kind symmetric of coq/checkers/SymmetricCheck.v (checkSymmetric_sound), for kind
   measure of coq/checkers/MeasureCheck.v (s, bs, C: coq/model/Measures.v), all proved
   sound. Check: fbs coq ... --check, or compile coq/ (coq/check.sh order)
   with -R coq FbsCoq and then this file. *)

From Coq Require Import String QArith List.
From FbsCoq Require Import FbsModel Families ExhaustiveCheck SymmetricCheck Measures MeasureCheck.
Import ListNotations.
Open Scope string_scope.
Open Scope Q_scope.
"""


TREE_HEADER = """
(* Tree certificates (kind tree): RhoT T alpha V says that V = rho_T = fbs_alpha(F_T), the
   minimum of the global dual LP of F_T at alpha (paper Definition 3.4, Section 5;
   coq/model/TreeStatements.v: the tree T, alpha from its bit string, leaves depth-first left
   to right). Each proof runs the checker of coq/checkers/TreeCheck.v (checkTree_sound). *)
From FbsCoq Require Import FbsTreeModel TreeStatements TreeCheck.
"""


class InvalidCertificate(FbsError):
    """The trusted checker rejects the certificate: nothing to export (exit code 1)."""

    exit_code = EXIT_FAILED


@dataclass(frozen=True)
class Exhaustive:
    """What an exported theorem needs from an exhaustive certificate (FORMAT.md section 2)."""

    spec: str
    q: int
    table: str  # position j: f(x) for x = j in binary, x_1 the most significant bit
    z: str
    value: Fraction
    primal: tuple[tuple[tuple[int, ...], Fraction], ...]
    dual: tuple[Fraction, ...]


def read_certificate(certificate: dict, where: str):
    """The certificate's data, after the trusted Python checker accepted it; BadInput for a
    kind the Coq checkers do not cover or an arity beyond the kind's bound (MAX_COQ_ARITY,
    MAX_COQ_SYMMETRIC_ARITY, MAX_COQ_MEASURE_ARITY)."""
    from verify.checker.errors import CertificateMalformed
    from verify.checker.exhaustive import read_claim
    from verify.sensitivity.api import check

    kind = certificate.get("kind") if isinstance(certificate, dict) else None
    if kind not in COVERED_KINDS:
        raise BadInput(f"{where}: kind {kind!r} has no Coq checker yet (covered: "
                       f"{', '.join(COVERED_KINDS)}); nothing written")
    try:
        verdict = check(certificate)
    except BadInput as error:
        raise BadInput(f"{where}: {error}") from None
    if not verdict.valid:
        raise InvalidCertificate(f"{where}: invalid certificate [{verdict.condition}] "
                                 f"{verdict.message}; nothing written")
    if kind == "tree":
        try:
            return read_tree(certificate)
        except TooLarge as error:
            raise TooLarge(f"{where}: {error}") from None
    if kind == "symmetric":
        return _read_symmetric(certificate, where)
    if kind == "measure":
        return _read_measure(certificate, where)
    try:
        claim = read_claim(certificate)
    except CertificateMalformed as error:  # check() above accepted it: not reached
        raise BadInput(f"{where}: malformed certificate: {error}") from None
    if claim.q > MAX_COQ_ARITY:
        raise TooLarge(f"{where}: arity {claim.q} > {MAX_COQ_ARITY}, beyond what coqc checks "
                       "in reasonable time (2^q masks); nothing written")
    bits = claim.spec.truth_table()
    table = "".join("1" if bits >> j & 1 else "0" for j in range(1 << claim.q))
    return Exhaustive(claim.spec.text.strip(), claim.q, table, claim.z, claim.value,
                      tuple(claim.primal), tuple(claim.dual))


def _read_symmetric(certificate: dict, where: str) -> Symmetric:
    """The bound is checked on the arity first: a run-length input is expanded after it."""
    if certificate["arity"] > MAX_COQ_SYMMETRIC_ARITY:
        raise TooLarge(f"{where}: arity {certificate['arity']} > {MAX_COQ_SYMMETRIC_ARITY}, "
                       "beyond what coqc checks in reasonable time (unary weights); nothing "
                       "written")
    return read_symmetric(certificate)


def _read_measure(certificate: dict, where: str) -> Measure:
    cert = read_measure(certificate)
    if cert.q > MAX_COQ_MEASURE_ARITY:
        raise TooLarge(f"{where}: arity {cert.q} > {MAX_COQ_MEASURE_ARITY}, beyond what coqc "
                       "checks in reasonable time (2^q blocks for every set); nothing written")
    return cert


def mask(block: tuple[int, ...], q: int) -> str:
    return "".join("1" if i in block else "0" for i in range(q))


def theorem_name(cert: Exhaustive | Symmetric | Measure, taken: set[str]) -> str:
    """A Coq identifier from the measure (fbs, s, bs, c), the spec and the point, unique in
    the file."""
    spec = re.sub(r"[^A-Za-z0-9]+", "_", cert.spec).strip("_")
    if len(spec) > 40:
        spec = spec[:24] + "_" + hashlib.sha256(cert.spec.encode()).hexdigest()[:10]
    point = cert.z if len(cert.z) <= 32 else hashlib.sha256(cert.z.encode()).hexdigest()[:10]
    prefix = measure_prefix(cert) if isinstance(cert, Measure) else "fbs"
    base = name = f"{prefix}_{spec}_at_{point}"
    k = 2
    while name in taken:
        name, k = f"{base}_{k}", k + 1
    taken.add(name)
    return name


def theorem_text(cert: Exhaustive | Symmetric | Measure, name: str, source: str) -> str:
    """Data, statement and proof of one certificate."""
    if isinstance(cert, Measure):
        heading = f"{_comment(source)}: {cert.measure} of spec {_comment(cert.spec)} at {cert.z}"
        return measure_theorem(cert, name, heading, function_term(cert.spec, cert.table))
    if isinstance(cert, Symmetric):
        heading = f"{_comment(source)}: spec {_comment(cert.spec)} (kind symmetric) at {cert.z}"
        function = symmetric_function_term(cert.spec) or function_term(cert.spec, "")
        return symmetric_theorem(cert, name, heading, function, rational)
    if isinstance(cert, TreeExport):
        return tree_theorem_text(cert, name, source)
    primal = "; ".join(f'(bitsOf "{mask(block, cert.q)}", {rational(w)})'
                       for block, w in cert.primal)
    dual = "; ".join(rational(t) for t in cert.dual)
    return (f"\n(* {_comment(source)}: spec {_comment(cert.spec)} at {cert.z} *)\n"
            f"Definition {name}_primal : list (list bool * Q) := [{primal}].\n"
            f"Definition {name}_dual : list Q := [{dual}].\n\n"
            f"Theorem {name} :\n"
            f'  FbsIs {function_term(cert.spec, cert.table)} (bitsOf "{cert.z}") {rational(cert.value)}.\n'
            f"Proof.\n  split; [apply inputOf_check; vm_compute; reflexivity |].\n"
            f"  apply (checkExhaustive_sound _ _ {name}_primal {name}_dual).\n"
            f"  vm_compute. reflexivity.\nQed.\n")


def coq_text(certificates: list[tuple[str, dict]]) -> str:
    """One Coq file for the (source, certificate) pairs, in order."""
    taken: set[str] = set()
    read = [(source, read_certificate(certificate, source)) for source, certificate in certificates]
    parts = [HEADER.format(sources=_comment(_sources(certificates)))]
    if any(isinstance(cert, TreeExport) for _, cert in read):
        parts.append(TREE_HEADER)
    names = []
    for source, cert in read:
        names.append(theorem_name(cert, taken))
        parts.append(theorem_text(cert, names[-1], source))
    return "".join(parts) + assumptions_text(names)


def assumptions_text(names: list[str]) -> str:
    """One Print Assumptions for the file (each costs coqc about half a second): of the
    theorem, or of the tuple of all the theorems."""
    if len(names) == 1:
        return f"\nPrint Assumptions {names[0]}.\n"
    return ("\n(* Every theorem above, so that one Print Assumptions covers them all. *)\n"
            f"Definition all_theorems := ({', '.join(names)}).\n"
            "Print Assumptions all_theorems.\n")


def _sources(certificates: list[tuple[str, dict]]) -> str:
    names = [source for source, _ in certificates]
    return ", ".join(names) if len(names) <= 3 else f"{names[0]} and {len(names) - 1} more"


def load_certificate(path: str | os.PathLike) -> dict:
    """A certificate file (gzip accepted) as JSON, by the trusted checker's strict reader."""
    from verify.checker.errors import CertificateMalformed, CertificateTooLarge
    from verify.checker.reader import GZIP_MAGIC, MAX_FILE_BYTES, _gunzip, load_json, read_bytes

    try:
        data = read_bytes(path)
        return load_json(_gunzip(data, MAX_FILE_BYTES) if data[:2] == GZIP_MAGIC else data)
    except (CertificateMalformed, CertificateTooLarge) as error:
        raise BadInput(f"{os.fspath(path)}: {error}") from None


def export_text(paths: list[str]) -> tuple[int, str]:
    """(number of theorems, the Coq file) for the certificate files `paths`; BadInput if any
    certificate is refused."""
    pairs = [(os.fspath(path), load_certificate(path)) for path in paths]
    return len(pairs), coq_text(pairs)


def paper_exports(root: str | os.PathLike) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The Coq files of coq/certificates/ for the certificates of certificates/paper/ (`root`,
    in MANIFEST.json order): one file per folder with a theorem per covered certificate (a
    certificate stored in several folders, same sha256, once, in the first), and the
    (file, reason) of every certificate left out (kind not covered, or too large)."""
    import json
    from pathlib import Path

    manifest = json.loads((Path(root) / "MANIFEST.json").read_text())
    folders: dict[str, list[tuple[str, dict]]] = {}
    skipped, first = [], {}
    for entry in manifest["certificates"]:
        name = f"certificates/paper/{entry['file']}"
        certificate = load_certificate(Path(root) / entry["file"])
        reason = _left_out(certificate) or (
            f"the same file as `{first[entry['sha256']]}`, exported there"
            if entry["sha256"] in first else "")
        if reason:
            skipped.append((name, reason))
        else:
            first[entry["sha256"]] = name
            folders.setdefault(entry["file"].split("/")[0], []).append((name, certificate))
    return {coq_file_name(folder): coq_text(pairs) for folder, pairs in folders.items()}, skipped


def coq_file_name(folder: str) -> str:
    """The Coq file of a folder of certificates/paper/: a folder named after a lemma or theorem
    holds instance values, not the statement, so its file says so (lemma_5_2_instances.v)."""
    if folder.startswith(("lemma_", "theorem_", "corollary_")):
        return f"{folder}_instances.v"
    return f"{folder}.v"


def _left_out(certificate: dict) -> str:
    """Why a certificate has no Coq theorem ("" if it has one)."""
    kind = certificate.get("kind")
    if kind not in COVERED_KINDS:
        return f"kind `{kind}`: no Coq checker yet"
    if kind == "tree":
        return left_out(certificate)
    if kind == "symmetric" and certificate.get("arity", 0) > MAX_COQ_SYMMETRIC_ARITY:
        return (f"arity {certificate['arity']} > {MAX_COQ_SYMMETRIC_ARITY} (kind symmetric: "
                "unary weights in coqc)")
    if kind == "measure" and certificate.get("arity", 0) > MAX_COQ_MEASURE_ARITY:
        return f"arity {certificate['arity']} > {MAX_COQ_MEASURE_ARITY} (kind measure: 2^q blocks)"
    if kind == "exhaustive" and certificate.get("arity", 0) > MAX_COQ_ARITY:
        return f"arity {certificate['arity']} > {MAX_COQ_ARITY} (2^q masks in coqc)"
    return ""
