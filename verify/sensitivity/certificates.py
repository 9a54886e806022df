"""Build `fbs-certificate/1` documents (format: certificates/FORMAT.md)."""

from __future__ import annotations

import base64
import os
from fractions import Fraction

from verify import __version__
from verify.base.files import write_json
from verify.base.numbers import fraction_text
from verify.functions.bits import format_bits, run_length_text

FORMAT = "fbs-certificate/1"


def exhaustive_certificate(spec: str, bits, value: Fraction, primal, dual,
                           files: dict[str, str] | None = None) -> dict:
    """Certificate of kind `exhaustive`: primal blocks with weights and the dual t."""
    certificate = {
        "format": FORMAT,
        "kind": "exhaustive",
        "spec": spec,
        "arity": len(bits),
        "input": format_bits(bits),
        "value": fraction_text(value),
        "primal": [{"block": list(block), "weight": fraction_text(w)} for block, w in primal],
        "dual": [fraction_text(t) for t in dual],
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
    if files:
        certificate["files"] = dict(files)
    return certificate


def symmetric_certificate(spec: str, given, solution) -> dict:
    """Certificate of kind `symmetric`: the reduced dual (t on ones, t on zeros) and types;
    the input (a verify.functions.bits.BitRuns) in run-length form, or as plain bits when
    those are shorter (`BitRuns.certificate_text`)."""
    return {
        "format": FORMAT,
        "kind": "symmetric",
        "spec": spec,
        "arity": given.length,
        "input": given.certificate_text(),
        "value": fraction_text(solution.value),
        "dual": {"ones": fraction_text(solution.t_ones), "zeros": fraction_text(solution.t_zeros)},
        "primal": [{"ones": a, "zeros": b, "weight": fraction_text(y)} for a, b, y in solution.types],
        "producer": {"tool": "fbs-verify", "version": __version__},
    }


def pack_alpha(alpha: str) -> str:
    """alpha as base64 of its bits, leaf 0 the most significant bit (FORMAT.md, kind tree,
    version 2); the unused low bits of the last byte are 0. Standard library only: int(., 2)
    and int.to_bytes are linear in the length."""
    if not alpha:
        return ""
    size = (len(alpha) + 7) // 8
    number = int(alpha, 2) << (8 * size - len(alpha))
    return base64.b64encode(number.to_bytes(size, "big")).decode("ascii")


def run_length(bits) -> str:
    """The run-length input form `1^3,0^2` (docs/notes.md, section 2)."""
    return run_length_text(format_bits(bits))


def write_certificate(certificate: dict, path: str | os.PathLike) -> None:
    """Write the certificate as JSON, atomically (never half-written)."""
    write_json(path, certificate)


def weighted_certificate(spec: str, bits, capacities, value: Fraction, primal, dual,
                         files: dict[str, str] | None = None) -> dict:
    """Certificate of kind `weighted`: one weighted fbs LP (capacities c) with primal and dual."""
    certificate = {
        "format": FORMAT,
        "kind": "weighted",
        "spec": spec,
        "arity": len(bits),
        "input": format_bits(bits),
        "capacities": [fraction_text(c) for c in capacities],
        "value": fraction_text(value),
        "primal": [{"block": list(block), "weight": fraction_text(w)} for block, w in primal],
        "dual": [fraction_text(v) for v in dual],
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
    if files:
        certificate["files"] = dict(files)
    return certificate


def measure_certificate(spec: str, bits, measure: str, value: int, witness: list) -> dict:
    """Certificate of kind `measure`: s, bs or C at the input with its witness (the sensitive
    coordinates, a packing of sensitive blocks, or a hitting set of coordinates)."""
    return {
        "format": FORMAT,
        "kind": "measure",
        "measure": measure,
        "spec": spec,
        "arity": len(bits),
        "input": format_bits(bits),
        "value": str(int(value)),
        "witness": list(witness),
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
