"""The repetition planner (paper Section 4, after Theorem 4.2).

One run catches a lying Alice with probability c >= rho^-d, so R independent runs catch her
with probability 1 - (1 - c)^R, and O(rho^d log n) runs give 1 - 1/poly(n). `plan` computes
the exact smallest R with (1 - c)^R <= delta for c = rho^-d (and for an exact c from the
worst-case DP), beside rho^d ln(1/delta) and the q^d leaf queries of exhaustive checking.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import mpmath
from mpmath.libmp import from_man_exp, round_ceiling, round_floor, to_rational

from verify.base.errors import BadInput, SolverFailure, TooLarge
from verify.base.notebook import NotebookView
from verify.base.numbers import (
    MAX_LONG_DIGITS,
    as_float,
    exact_fields,
    fraction_text,
    integer_field,
    parse_fraction,
)


def parse_probability(text, what: str) -> Fraction:
    """An exact probability in (0, 1) from "0.01", "1/100" or "1e-6" (ASCII digits; up to
    MAX_LONG_DIGITS digits: a failure probability delta may be astronomically small)."""
    value = parse_fraction(text, what, max_digits=MAX_LONG_DIGITS)
    if not 0 < value < 1:
        raise BadInput(f"{what} must be in (0, 1), got {str(text)[:40]}")
    return value


EXACT_POWER_BITS = 1 << 22  # (1 - c)^R is compared exactly while R * bits stays below this


def repetitions_needed(c: Fraction, delta: Fraction) -> int | None:
    """The smallest R with (1 - c)^R <= delta (None if c = 0: no number of runs suffices).

    R = ceil(L) with L = ln(delta) / ln(1 - c). L is enclosed by interval arithmetic at a
    precision chosen from the sizes of c and delta (L ~ ln(1/delta) / c); an enclosure that
    straddles an integer m is settled exactly by (1 - c)^m <= delta when that is cheap, else
    by doubling the precision (exact equality then needs delta's denominator to be the
    m-th power of c's, which the sizes rule out).
    """
    c, delta = Fraction(c), Fraction(delta)
    if c <= 0:
        return None
    if c >= 1:
        return 1
    # L ~ ln(1/delta) / c; ln(1 - c) loses log2(1/c) bits to cancellation in 1 + c/(1-c)
    small_c = max(1, c.denominator.bit_length() - c.numerator.bit_length() + 1)
    log_delta = max(1, delta.denominator.bit_length() - delta.numerator.bit_length() + 1)
    precision = small_c + log_delta.bit_length() + 64
    for _ in range(8):
        low, high = _ratio_bounds(c, delta, precision)
        first, last = math.floor(low), math.floor(high)
        if first == last and low > first:
            return max(1, first + 1)  # L in (first, first + 1)
        if last - first <= 1:
            m = last if low <= last <= high else first
            decided = _settle(c, delta, m, first, last)
            if decided is not None:
                return max(1, decided)
        precision *= 2
    raise SolverFailure(f"repetition count for c = {fraction_text(c)[:40]} could not be "
                        "decided (please report this input)")


def _ratio_bounds(c: Fraction, delta: Fraction, precision: int) -> tuple[Fraction, Fraction]:
    """Rational bounds on L = ln(delta) / ln(1 - c) = ln(1/delta) / ln(1 + u), u = c/(1 - c)."""
    low_log, high_log = _log_one_plus(c / (1 - c), precision)
    iv = mpmath.iv
    saved, iv.prec = iv.prec, precision
    try:  # ln(1/delta) > 0, by mpmath interval arithmetic (rigorous enclosure)
        quotient = _enclose(delta.denominator, precision) / _enclose(delta.numerator, precision)
        enclosure = iv.log(quotient)._mpi_
    finally:
        iv.prec = saved
    low_top, high_top = (Fraction(*to_rational(end)) for end in enclosure)
    return low_top / high_log, high_top / low_log


def _enclose(n: int, precision: int):
    """An mpmath interval holding the positive integer n, built from its top bits (mpmath is
    slow to convert integers of millions of bits)."""
    shift = max(0, n.bit_length() - precision - 64)
    top = n >> shift
    return mpmath.iv.make_mpf((from_man_exp(top, shift, precision, round_floor),
                               from_man_exp(top + (1 if shift else 0), shift, precision,
                                            round_ceiling)))


def _log_one_plus(u: Fraction, precision: int) -> tuple[Fraction, Fraction]:
    """Rational bounds on ln(1 + u) > 0. Small u: the alternating series u - u^2/2 + ...,
    whose partial sums bracket it, in exact arithmetic; otherwise mpmath intervals."""
    if u < Fraction(1, 2**32):
        scale = u.numerator.bit_length() - u.denominator.bit_length()
        sums, total, power, k = [], Fraction(0), Fraction(1), 0
        while k < 2 or power.numerator.bit_length() - power.denominator.bit_length() \
                - scale >= -precision:  # the last term, relative to u, is below 2^-precision
            k += 1
            power *= u
            total += power / k if k % 2 else -power / k
            sums.append(total)
        return min(sums[-2:]), max(sums[-2:])
    iv = mpmath.iv
    saved, iv.prec = iv.prec, precision
    try:
        low, high = iv.log(1 + iv.mpf(u.numerator) / iv.mpf(u.denominator))._mpi_
    finally:
        iv.prec = saved
    return Fraction(*to_rational(low)), Fraction(*to_rational(high))


def _settle(c: Fraction, delta: Fraction, m: int, first: int, last: int) -> int | None:
    """ceil(L) when the enclosure holds at most one integer m, by an exact comparison."""
    bits = max(c.denominator.bit_length(), 1)
    if m * bits > EXACT_POWER_BITS or m < 1:
        return None
    base = 1 - c
    if base ** m <= delta:  # L <= m
        return m if (m - 1 < first or base ** (m - 1) > delta) else None
    return m + 1


@dataclass(frozen=True, repr=False)
class Plan(NotebookView):
    """How many independent runs catch a lying Alice with probability >= 1 - delta."""

    rho: Fraction
    depth: int
    delta: Fraction
    per_run_bound: Fraction  # rho^-d (Theorem 4.2)
    runs_theorem: int  # smallest R with (1 - rho^-d)^R <= delta
    rho_d_log: float | None  # rho^d ln(1/delta) (the O(rho^d log n) statement); None if huge
    rho_d_log_text: str  # the same, 6 significant digits, any size
    width: int | None
    exhaustive_leaves: int | None  # leaf queries of checking the whole tree: its leaves, or q^d
    per_run_exact: Fraction | None = None  # the worst-case DP's exact catch probability
    runs_exact: int | None = None
    rule: str | None = None  # Bob's rule of the exact value (None without a tree)
    tree_leaves: int | None = None  # with a tree: its leaves (exhaustive_leaves), else None

    def to_json(self) -> dict:
        """The JSON document `fbs debate plan --json` prints."""
        return {"rho": fraction_text(self.rho), "depth": self.depth,
                "delta": fraction_text(self.delta),
                **exact_fields("per_run_bound", self.per_run_bound),
                "runs_theorem": integer_field(self.runs_theorem),
                "rho_d_ln_1_over_delta_float": self.rho_d_log,
                "width": self.width,
                "exhaustive_leaf_queries": integer_field(self.exhaustive_leaves),
                "exhaustive_from": "the tree's leaves" if self.tree_leaves is not None
                else None if self.width is None else "q^d (a full tree of width q)",
                **exact_fields("per_run_exact", self.per_run_exact),
                "runs_exact": integer_field(self.runs_exact), "rule": self.rule}



MAX_PLAN_DEPTH = 1000
MAX_PLAN_RHO = 10**6
MAX_PLAN_WIDTH = 10**7


def plan(rho: Fraction, depth: int, delta: Fraction, width: int | None = None,
         exact: Fraction | None = None, rule: str | None = None,
         leaves: int | None = None) -> Plan:
    """The repetition plan (exact R), for rho^-d and optionally an exact per-run value;
    exhaustive checking reads every leaf: a tree's `leaves` when given, else q^d."""
    if type(depth) is not int or depth < 0:
        raise BadInput(f"the depth must be a non-negative integer, got {depth!r}")
    if depth > MAX_PLAN_DEPTH or Fraction(rho) > MAX_PLAN_RHO:
        raise TooLarge(f"the planner handles depth <= {MAX_PLAN_DEPTH} and rho <= {MAX_PLAN_RHO}")
    if width is not None and not 1 <= width <= MAX_PLAN_WIDTH:
        raise BadInput(f"--width must be in 1..{MAX_PLAN_WIDTH}, got {width}")
    rho = Fraction(rho)
    bound = Fraction(1) / rho ** depth
    with mpmath.workdps(30):
        log_term = mpmath.log(mpmath.mpf(_enclose(delta.denominator, 100).a)) \
            - mpmath.log(mpmath.mpf(_enclose(delta.numerator, 100).a))
        product = (mpmath.mpf(rho.numerator) / rho.denominator) ** depth * log_term
        shown = mpmath.nstr(product, 6)
    rho_d_log = as_float(Fraction(*to_rational(product._mpf_)))
    return Plan(Fraction(rho), depth, Fraction(delta), bound, repetitions_needed(bound, delta),
                rho_d_log, shown, width,
                leaves if leaves is not None else None if width is None else width ** depth,
                exact, None if exact is None else repetitions_needed(exact, delta), rule, leaves)
