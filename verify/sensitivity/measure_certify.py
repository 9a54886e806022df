"""s_z(f), bs_z(f) or C_z(f) with a certificate of kind `measure` (certificates/FORMAT.md
section 10; `fbs certify SPEC --at Z --measure s|bs|C`).

The minimal sensitive blocks of f at z (paper Def. 3.3) come from the truth table; s is the
number of singletons (witness: those coordinates), bs a largest packing of pairwise disjoint
blocks (witness: the packing), C a smallest set of coordinates meeting every block (witness:
that set), each by enumeration (`hypergraph`). Untrusted: the value is reported only after
the stdlib-only checker accepted the certificate, which re-derives optimality itself. The
checker enumerates the 2^q blocks, so q <= 10 (MAX_MEASURE_ARITY).
"""

from __future__ import annotations

from dataclasses import dataclass

from verify.base.errors import BadInput, SolverFailure, TooLarge
from verify.checker.measure_kind import MAX_MEASURE_ARITY
from verify.functions.bits import format_bits
from verify.functions.spec import short

from .blocks import bits_to_index, minimal_sensitive_masks
from .certificates import measure_certificate
from .hypergraph import mask_block, maximum_packing, minimum_transversal

MEASURES = ("s", "bs", "C")


@dataclass(frozen=True)
class CertifiedMeasure:
    """One measure at one input, with the certificate the checker accepted."""

    spec: str
    input: str
    measure: str  # "s", "bs" or "C"
    value: int
    witness: list  # s, C: coordinates (0-based); bs: blocks
    certificate: dict
    message: str  # the checker's verdict


def certify_measure(f, z, measure: str) -> CertifiedMeasure:
    """s, bs or C of f at z, certified (kind `measure`); TooLarge beyond q = 10, SolverFailure
    if the checker rejects what was computed (a bug of ours)."""
    from verify.checker import check_certificate

    from .exact_fbs import as_function
    from .global_measures import checker_spec

    if measure not in MEASURES:
        raise BadInput(f"--measure must be one of {', '.join(MEASURES)} (fbs is the default "
                       f"certificate), got {measure!r}")
    function = as_function(f)
    q = function.arity
    if q > MAX_MEASURE_ARITY:
        raise TooLarge(f"{short(function.spec)}: a certificate of kind measure takes q <= "
                       f"{MAX_MEASURE_ARITY} (the checker enumerates the 2^q blocks), got q = {q}")
    bits = _input_bits(z, q)
    packed = function.packed_table()
    masks = [int(m) for m in minimal_sensitive_masks(packed, bits_to_index(bits), arity=q)]
    value, witness = _witness(measure, masks, q)
    certificate = measure_certificate(checker_spec(function, packed), bits, measure, value,
                                      witness)
    report = check_certificate(certificate)
    if not report.valid or report.value != value:
        raise SolverFailure(f"the checker rejected {measure} = {value} of "
                            f"{short(function.spec)} at {format_bits(bits)}: {report.message}")
    return CertifiedMeasure(function.spec, format_bits(bits), measure, value, witness,
                            certificate, report.message)


def _input_bits(z, q: int) -> tuple[int, ...]:
    from verify.functions.bits import as_bits, parse_bits

    return parse_bits(z, q) if isinstance(z, str) else as_bits(z, q)


def _witness(measure: str, masks: list[int], q: int) -> tuple[int, list]:
    """(value, witness) from the minimal sensitive blocks (bit masks)."""
    if measure == "s":
        coordinates = sorted(i for m in masks if m & (m - 1) == 0 for i in mask_block(m, q))
        return len(coordinates), coordinates
    if measure == "bs":
        packing = maximum_packing(masks, q)
        return len(packing), [mask_block(m, q) for m in packing]
    hitting = minimum_transversal(masks, q) if masks else 0
    return hitting.bit_count(), mask_block(hitting, q)
