"""Certificates of kind `measure` as Coq theorems (`fbs coq`, issue 27).

A certificate of kind measure (certificates/FORMAT.md section 10: s, bs or C of f at z, with
its witness) becomes one of `SensitivityOf F z k`, `BlockSensitivityOf F z k` or
`CertificateComplexityOf F z k` (coq/model/Families.v: z has arity F bits and the statement of
coq/model/Measures.v holds), F named as for kind exhaustive (its family or its truth table). The proof applies `checkS_sound`, `checkBS_sound` or
`checkC_sound` (coq/checkers/MeasureCheck.v) to the witness and runs the checker
(`vm_compute`), which makes the optimality check itself by enumeration.

Untrusted like verify/formal/coq_export.py: a wrong export is a statement coqc refuses to
prove, or one that names other data, which the reader sees in the statement.
"""

from __future__ import annotations

from dataclasses import dataclass

# coqc enumerates the 2^q blocks for every set of coordinates (C: 4^q evaluations of f; bs: a
# recursion over the packings, worst for parity): bs of parity:7 at 0^7 took 2.0 s of coqc
# CPU, of parity:8 11.7 s (bench/RESULTS.md, bench_coq_symmetric.py). Beyond this arity the
# export is refused.
MAX_COQ_MEASURE_ARITY = 7
_STATEMENT = {"s": "SensitivityOf", "bs": "BlockSensitivityOf", "C": "CertificateComplexityOf"}
_LEMMA = {"s": "checkS_sound", "bs": "checkBS_sound", "C": "checkC_sound"}


@dataclass(frozen=True)
class Measure:
    """What an exported theorem needs from a measure certificate (FORMAT.md section 10)."""

    spec: str
    q: int
    table: str  # position j: f(x) for x = j in binary, x_1 the most significant bit
    z: str
    measure: str  # "s", "bs" or "C"
    value: int
    witness: tuple  # s, C: coordinates; bs: blocks, each a tuple of coordinates


def read_measure(certificate: dict) -> Measure:
    """The data of a certificate the trusted Python checker accepted (so well formed)."""
    from verify.checker.measure_kind import MAX_MEASURE_ARITY
    from verify.checker.spec_eval import parse_spec

    spec = parse_spec(certificate["spec"], None, MAX_MEASURE_ARITY)
    bits = spec.truth_table()
    table = "".join("1" if bits >> j & 1 else "0" for j in range(1 << spec.arity))
    witness = certificate["witness"]
    if certificate["measure"] == "bs":
        witness = [tuple(block) for block in witness]
    return Measure(spec.text.strip(), spec.arity, table, certificate["input"],
                   certificate["measure"], int(certificate["value"]), tuple(witness))


def _mask(coordinates, q: int) -> str:
    return f'bitsOf "{"".join("1" if i in coordinates else "0" for i in range(q))}"'


def measure_prefix(cert: Measure) -> str:
    """The theorem name's first word: the measure."""
    return cert.measure.lower()


def measure_theorem(cert: Measure, name: str, heading: str, function: str) -> str:
    """Statement and proof of one measure certificate (`function`: f's Coq term)."""
    if cert.measure == "s":
        witness = "[" + "; ".join(f"{i}%nat" for i in cert.witness) + "]"
    elif cert.measure == "bs":
        witness = "[" + "; ".join(_mask(block, cert.q) for block in cert.witness) + "]"
    else:
        witness = f"({_mask(cert.witness, cert.q)})"
    return (f"\n(* {heading} *)\n"
            f"Theorem {name} :\n"
            f'  {_STATEMENT[cert.measure]} {function} (bitsOf "{cert.z}") {cert.value}.\n'
            f"Proof.\n  split; [apply inputOf_check; vm_compute; reflexivity |].\n"
            f"  apply ({_LEMMA[cert.measure]} _ _ {witness}).\n"
            f"  vm_compute. reflexivity.\nQed.\n")
