"""Certificates of kind `symmetric` as Coq theorems (`fbs coq`, issue 27).

A certificate of kind symmetric (certificates/FORMAT.md section 5) becomes the theorem
`FbsIs F z v` (coq/model/Families.v: z has arity F bits and `FbsValue` of coq/model/FbsModel.v
holds), F named by its family (`MAJ 15`, `AND 5`, `OR 5`, `PARITY 6`, `THR 7 3`) or, for
`sym:V0...VN`, by `SYM "V0...VN"` (f(x) = V_{|x|}, arity N). The proof applies
`checkSymmetric_sound` (coq/checkers/SymmetricCheck.v, where the Hamming-weight reduction is
proved) to the certificate's types and dual and runs the checker (`vm_compute`). The proof
names f's values V(k) again, as a Coq function of k; coqc accepts the proof only if
`fun x => V (ones x)` is f by conversion, so a wrong V is refused, not believed.

Untrusted like verify/formal/coq_export.py: a wrong export is a statement coqc refuses to
prove, or one that names other data, which the reader sees in the statement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

# coqc works in unary (nat) on the weights 0..N: the dual check reads V at every weight, each
# read costs O(N), so a certificate costs O(N^2) steps; bench/RESULTS.md
# (bench_coq_checker.py). Beyond this arity the export is refused.
MAX_COQ_SYMMETRIC_ARITY = 1000
_SYM = re.compile(r"sym:([01]+)")
_RUN = re.compile(r"([01])\^([0-9]+)")


@dataclass(frozen=True)
class Symmetric:
    """What an exported theorem needs from a symmetric certificate (FORMAT.md section 5)."""

    spec: str
    q: int
    z: str
    value: Fraction
    types: tuple[tuple[int, int, Fraction], ...]  # (ones flipped a, zeros flipped b, weight y)
    t1: Fraction  # the dual on the ones of z
    t0: Fraction  # ... and on its zeros


def bits_of_input(text: str) -> str:
    """The input as plain bits: bits are kept, runs `1^7,0^5` expanded."""
    if set(text) <= {"0", "1"}:
        return text
    return "".join(bit * int(count) for bit, count in
                   (_RUN.fullmatch(part).groups() for part in text.split(",")))


def read_symmetric(certificate: dict) -> Symmetric:
    """The data of a certificate the trusted Python checker accepted (so well formed)."""
    from verify.checker.rationals import parse_number

    dual = certificate["dual"]
    types = tuple((entry["ones"], entry["zeros"], parse_number(entry["weight"], "weight"))
                  for entry in certificate["primal"])
    return Symmetric(certificate["spec"].strip(), certificate["arity"],
                     bits_of_input(certificate["input"]), parse_number(certificate["value"], "value"),
                     types, parse_number(dual["ones"], "dual.ones"),
                     parse_number(dual["zeros"], "dual.zeros"))


def values_term(spec: str) -> str:
    """V as a Coq function of the weight k, such that fun x => V (ones x) is the Coq term of
    the family by conversion (coq/model/Families.v)."""
    family, _, rest = spec.partition(":")
    numbers = rest.split(":")
    if family == "maj":
        return f"(fun k => Nat.ltb {int(numbers[0])} (2 * k))"
    if family == "and":
        return f"(fun k => Nat.eqb k {int(numbers[0])})"
    if family == "or":
        return "(fun k => Nat.ltb 0 k)"
    if family == "parity":
        return "(fun k => Nat.odd k)"
    if family == "thr":
        return f"(fun k => Z.leb ({int(numbers[1])})%Z (Z.of_nat k))"
    return f'(fun k => nth k (bitsOf "{_SYM.fullmatch(spec).group(1)}") false)'


def symmetric_function_term(spec: str) -> str | None:
    """The Coq term of a `sym:` function (the families are named by coq_export.function_term)."""
    match = _SYM.fullmatch(spec)
    return f'(SYM "{match.group(1)}")' if match else None


def symmetric_theorem(cert: Symmetric, name: str, heading: str, function: str, rational) -> str:
    """Data, statement and proof of one symmetric certificate (`heading`: the comment above
    it; `function`: f's Coq term; `rational`: a Fraction as a Coq literal)."""
    types = "; ".join(f"({a}%nat, {b}%nat, {rational(y)})" for a, b, y in cert.types)
    return (f"\n(* {heading} *)\n"
            f"Definition {name}_types : list (nat * nat * Q) := [{types}].\n\n"
            f"Theorem {name} :\n"
            f'  FbsIs {function} (bitsOf "{cert.z}") {rational(cert.value)}.\n'
            f"Proof.\n  split; [apply inputOf_check; vm_compute; reflexivity |].\n"
            f"  apply (checkSymmetric_sound {values_term(cert.spec)} _ {name}_types "
            f"{rational(cert.t1)} {rational(cert.t0)}).\n"
            f"  vm_compute. reflexivity.\nQed.\n")
