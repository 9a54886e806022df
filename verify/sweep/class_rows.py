"""One class of antichains of the census by structure (docs/census.md): its canonical up-set,
its minimal sensitive blocks and the four measures fbs, s, bs and C at 0^q, certified by the
stdlib-only checker when asked (kind exhaustive for fbs, kind measure for s, bs and C). Used
by the exhaustive census, the shards and the compiled route alike."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from verify.base.errors import SolverFailure
from verify.sensitivity.certificates import exhaustive_certificate, measure_certificate
from verify.sensitivity.hypergraph import (
    FractionalPacking,
    fractional_packing,
    mask_block,
    maximum_packing,
    minimum_transversal,
    singletons,
)

from .antichains import minimal_members

RATIOS = {"fbs/bs": ("fbs", "bs"), "C/fbs": ("C", "fbs"), "bs/s": ("bs", "s")}
MEASURES = ("fbs", "s", "bs", "C")


@dataclass(frozen=True)
class ClassRow:
    """One class of antichains: its canonical up-set, antichain, size and measures."""

    table: int  # the canonical up-set U as a truth table (bit m: block mask m is in U)
    antichain: tuple[int, ...]  # the minimal members of U (block masks)
    size: int  # antichains in the class
    pairs: int  # (function, input) pairs the class stands for
    fbs: Fraction
    s: int
    bs: int
    C: int

    def value(self, measure: str) -> Fraction:
        return Fraction(getattr(self, measure))

    def spec(self, q: int) -> str:
        """The monotone function with minimal true sets A (its pair is that spec at 0^q)."""
        return "tt:" + "".join("1" if (self.table >> j) & 1 else "0" for j in range(1 << q))


def class_row(table: int, size: int, q: int, certify: bool) -> tuple[ClassRow, int]:
    """The measures of one class (from the checker's reports if `certify`) and the number of
    certificates checked."""
    antichain = tuple(minimal_members(table, q))
    pairs = size * 2 ** (1 + table.bit_count() - len(antichain)) * 2 ** q
    packing = maximum_packing(antichain, q)
    hitting = minimum_transversal(antichain, q)
    lp = integral_pair(packing, hitting, q) or fractional_packing(antichain, q)
    row = ClassRow(table, antichain, size, pairs, lp.value, singletons(antichain),
                   len(packing), hitting.bit_count())
    if not certify:
        return row, 0
    certificates = class_certificates(row, lp, packing, hitting, q)
    values = {measure: _checked_value(certificate) for measure, certificate in certificates}
    if any(values[m] != row.value(m) for m in MEASURES):
        raise SolverFailure(f"the checker certified {values} for {row.spec(q)} at 0^{q}")
    return row, len(certificates)


def integral_pair(packing: tuple[int, ...], hitting: int, q: int) -> FractionalPacking | None:
    """If bs = C, the packing (weights 1) and the hitting set (t = its indicator) are an
    optimal primal/dual pair for fbs (bs <= fbs <= C, docs/notes.md, section 3): no LP is needed."""
    if len(packing) != hitting.bit_count():
        return None
    cover = tuple(Fraction((hitting >> (q - 1 - i)) & 1) for i in range(q))
    return FractionalPacking(Fraction(len(packing)), {m: Fraction(1) for m in packing}, cover)


def class_certificates(row: ClassRow, lp, packing, hitting: int, q: int) -> list:
    """(measure, certificate) for fbs (kind exhaustive), s, bs and C (kind measure)."""
    spec, bits = row.spec(q), (0,) * q
    primal = [(tuple(mask_block(m, q)), w) for m, w in sorted(lp.weights.items())]
    return [("fbs", exhaustive_certificate(spec, bits, lp.value, primal, lp.cover)),
            ("s", measure_certificate(spec, bits, "s", row.s,
                                      sorted(i for m in row.antichain if m & (m - 1) == 0
                                             for i in mask_block(m, q)))),
            ("bs", measure_certificate(spec, bits, "bs", row.bs,
                                       [mask_block(m, q) for m in packing])),
            ("C", measure_certificate(spec, bits, "C", row.C, mask_block(hitting, q)))]


def _checked_value(certificate: dict) -> Fraction:
    from verify.checker import check_certificate

    report = check_certificate(certificate)
    if not report.valid:
        raise SolverFailure(f"the checker rejected a census certificate of kind "
                            f"{certificate['kind']}: {report.message}")
    return report.value
