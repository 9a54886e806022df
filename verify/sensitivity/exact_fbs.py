"""`verify.fbs(f, z)`: exact, certified fractional block sensitivity (paper Section 3.3).

The value is reported as certified only after the stdlib-only checker
(`verify.checker`) accepted the certificate built here (docs/design.md, Trust boundary).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from verify.base.errors import BadInput, SolverFailure, TooLarge
from verify.base.numbers import fraction_text
from verify.functions.aggregators import aggregator_function
from verify.functions.bits import format_bits, parse_bits
from verify.functions.inputs import MAX_TABLE_ARITY
from verify.functions.families import (
    BooleanFunction,
    CallableFunction,
    Symmetric,
    TruthTable,
    embedded_files,
)
from verify.functions.spec import parse_spec

from .blocks import bits_to_index, mask_to_block, minimal_sensitive_masks
from .certificates import exhaustive_certificate, symmetric_certificate
from .colgen import solve_fbs_lp
from .measures import Measures
from .measures import measures as compute_measures
from .symmetric import solve_symmetric, symmetric_measures

AUTO_TABLE_ARITY = 24  # method="auto" uses the truth table up to here (MAX_TABLE_ARITY: the limit)

STATUS_CERTIFIED = 0
STATUS_REJECTED = 1
STATUS_UNCHECKED = 2
STATUS_MESSAGES = {
    STATUS_CERTIFIED: "certified: the stdlib-only checker accepted the certificate",
    STATUS_REJECTED: "NOT certified: the checker rejected the certificate",
    STATUS_UNCHECKED: "not certified: the checker was not run (check=False)",
}


@dataclass(frozen=True)
class FbsResult:
    """Exact fbs_z(f) with an optimal primal, an optimal dual and Bob's distribution."""

    spec: str
    input: str
    value: Fraction
    primal: tuple[tuple[tuple[int, ...], Fraction], ...]  # (block, weight); empty if symmetric
    dual: tuple[Fraction, ...]  # t_i, Definition 3.4
    sampling: tuple[Fraction, ...] | None  # p = t / sum(t), Section 4 step 3; None if fbs = 0
    status: int
    message: str
    certificate: dict = field(repr=False)
    measures: Measures | None = None
    n_minimal_blocks: int = 0  # for the symmetric method: minimal block types
    method: str = "table"
    primal_types: tuple | None = None  # symmetric method: (ones flipped, zeros flipped, weight)

    @property
    def certified(self) -> bool:
        """True only if the stdlib-only checker accepted the certificate."""
        return self.status == STATUS_CERTIFIED

    def to_json(self) -> dict:
        """The JSON document `fbs compute --json` prints (exact values as "p/q" strings)."""
        document = {
            "spec": self.spec,
            "input": self.input,
            "value": fraction_text(self.value),
            "value_float": float(self.value),
            "dual": [fraction_text(t) for t in self.dual],
            "primal": [{"block": list(b), "weight": fraction_text(w)} for b, w in self.primal],
            "sampling": None if self.sampling is None else [fraction_text(p) for p in self.sampling],
            "certified": self.certified,
            "status": self.status,
            "message": self.message,
        }
        if self.measures is not None:
            m = self.measures
            document["measures"] = {"s": m.sensitivity, "bs": m.block_sensitivity,
                                    "C": m.certificate_complexity}
        return document


def as_function(f, arity: int | None = None) -> BooleanFunction:
    """A BooleanFunction from a spec string, a BooleanFunction, or a callable with an arity."""
    if isinstance(f, BooleanFunction):
        return f
    if isinstance(f, str):
        return parse_spec(f)
    if callable(f):
        return CallableFunction(f, arity)
    raise BadInput(f"cannot read {type(f).__name__} as a Boolean function")


METHODS = ("auto", "table", "symmetric", "sat", "z3")


@dataclass(frozen=True)
class _Solved:
    """What a method hands back before the checker runs."""

    value: Fraction
    primal: tuple
    dual: tuple[Fraction, ...]
    sampling: tuple[Fraction, ...] | None
    certificate: dict
    measures: Measures | None
    n_minimal_blocks: int
    primal_types: tuple | None = None


def fbs(f: str | BooleanFunction | Callable, z, *, arity: int | None = None,
        check: bool = True, measures: bool = False, method: str = "auto") -> FbsResult:
    """Exact fbs_z(f) with primal/dual certificate, checked by the independent checker.

    method: "table" (truth table, q <= 24), "symmetric" (reduced LP, symmetric families of
    any width), "sat" / "z3" (solver-based separation (pysat, with the exact knapsack DP for
    wthr) or z3, and an LRAT-certified dual, any width),
    or "auto" (table up to q = 24, then symmetric for symmetric families, else sat).

    The two-thirds majority of paper Section 1.2: fbs 4, and Bob samples one of the four
    claimed-true sub-claims uniformly.

    >>> from verify import fbs
    >>> r = fbs("maj:6", "111100")
    >>> r.value, r.certified, r.sampling[:4]
    (Fraction(4, 1), True, (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4)))
    >>> fbs("maj:1000001", "1^600000,0^400001").value   # the reduced LP of a symmetric function
    Fraction(6, 1)
    """
    function = as_function(f, arity)
    bits = parse_bits(z, function.arity) if isinstance(z, str) else _bits(z, function.arity)
    chosen = _choose_method(function, method)
    solve = {"symmetric": _solve_symmetric, "table": _solve_by_table}.get(chosen, _solve_by_solver)
    solved = (solve(function, bits, measures, chosen) if solve is _solve_by_solver
              else solve(function, bits, measures))
    status = _check(solved.certificate) if check else STATUS_UNCHECKED
    return FbsResult(function.spec, format_bits(bits), solved.value, solved.primal, solved.dual,
                     solved.sampling, status, STATUS_MESSAGES[status], solved.certificate,
                     solved.measures, solved.n_minimal_blocks, chosen, solved.primal_types)


@lru_cache(maxsize=None)
def certified_fbs(spec: str, z: tuple[int, ...]) -> FbsResult:
    """fbs(spec, z) for an aggregator spec and a claim vector, cached by (spec, z).

    Raises SolverFailure unless the stdlib-only checker accepted the certificate.
    """
    result = fbs(aggregator_function(spec), format_bits(z))
    if not result.certified:
        raise SolverFailure(f"fbs of {spec} at {format_bits(z)} was not certified: {result.message}")
    return result


def _choose_method(function: BooleanFunction, method: str) -> str:
    if method not in METHODS:
        raise BadInput(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    if method == "symmetric" and not isinstance(function, Symmetric):
        raise BadInput(f"{function.spec}: the symmetric method needs and/or/parity/maj/thr/sym")
    if method == "auto":
        if function.arity <= AUTO_TABLE_ARITY:
            return "table"
        return "symmetric" if isinstance(function, Symmetric) else "sat"
    return method


def _solve_by_table(function: BooleanFunction, bits, measures: bool) -> _Solved:
    """Definitions 3.3/3.4 over the minimal sensitive blocks of the truth table."""
    if function.arity > MAX_TABLE_ARITY:
        raise TooLarge(f"{function.spec}: arity {function.arity} exceeds "
                       f"{MAX_TABLE_ARITY}, the limit of the truth-table method")
    table = function.packed_table()
    masks = minimal_sensitive_masks(table, bits_to_index(bits), arity=function.arity)
    solution = solve_fbs_lp(masks, function.arity)
    primal = tuple(sorted((mask_to_block(m, function.arity), w) for m, w in solution.primal.items()))
    certificate = exhaustive_certificate(_certificate_spec(function, table), bits, solution.value,
                                         primal, solution.dual, embedded_files(function))
    found = None
    if measures:
        blocks = [mask_to_block(int(m), function.arity) for m in masks]
        found = compute_measures(blocks, function.arity)
    return _Solved(solution.value, primal, solution.dual, sampling_distribution(solution.dual),
                   certificate, found, int(masks.size))


def _solve_by_solver(function: BooleanFunction, bits, measures: bool, backend: str) -> _Solved:
    """Column generation with SAT/z3 separation; the final dual is an LRAT-refuted claim."""
    from verify.sensitivity.sat.solve import solve_by_sat

    if measures:
        raise BadInput("--measures needs the table or symmetric method (q <= 24 or a symmetric spec)")
    solution = solve_by_sat(function, bits, "auto" if backend == "sat" else backend)
    return _Solved(solution.value, solution.primal, solution.dual,
                   sampling_distribution(solution.dual), solution.certificate, None,
                   solution.columns)


def _solve_symmetric(function: Symmetric, bits, measures: bool) -> _Solved:
    """The reduced two-row LP of a symmetric function (issue 3)."""
    weight = sum(bits)
    solution = solve_symmetric(function.values, weight)
    dual = tuple(map((solution.t_zeros, solution.t_ones).__getitem__, bits))
    sampling = None
    if solution.value:
        p_by_bit = (solution.t_zeros / solution.value, solution.t_ones / solution.value)
        sampling = tuple(map(p_by_bit.__getitem__, bits))
    certificate = symmetric_certificate(function.spec, bits, solution)
    found = Measures(*symmetric_measures(function.values, weight)) if measures else None
    return _Solved(solution.value, (), dual, sampling, certificate, found,
                   len(solution.types), solution.types)


def sampling_distribution(dual) -> tuple[Fraction, ...] | None:
    """Bob's p_i = t_i / sum_j t_j (Section 4, step 3); None when t = 0 (fbs = 0)."""
    total = sum(dual, Fraction(0))
    return None if total == 0 else tuple(Fraction(t) / total for t in dual)


def _bits(z, arity: int) -> tuple[int, ...]:
    try:
        bits = tuple(int(b) for b in z)
    except (TypeError, ValueError):
        raise BadInput("the input must be a bit string or a sequence of 0/1") from None
    if any(b not in (0, 1) for b in bits) or len(bits) != arity:
        raise BadInput(f"the input must be {arity} bits, each 0 or 1")
    return bits


def _certificate_spec(function: BooleanFunction, table) -> str:
    """The spec the checker evaluates: the user's spec, or the (packed) truth table for a
    callable."""
    if isinstance(function, CallableFunction):
        return TruthTable(table, function.arity, "").to_hex_spec()
    return function.spec


def _check(certificate: dict) -> int:
    """Run the stdlib-only checker; a malformed certificate is a rejected one."""
    from verify.checker import CertificateMalformed, check_certificate

    try:
        report = check_certificate(certificate)
    except CertificateMalformed:
        return STATUS_REJECTED
    return STATUS_CERTIFIED if report.valid else STATUS_REJECTED
