"""The repetition planner (paper Section 4, after Theorem 4.2).

One run catches a lying Alice with probability c >= rho^-d, so R independent runs catch her
with probability 1 - (1 - c)^R, and O(rho^d log n) runs give 1 - 1/poly(n). `plan` computes
the exact smallest R with (1 - c)^R <= delta for c = rho^-d (and for an exact c from the
worst-case DP), beside rho^d ln(1/delta) and the q^d leaf queries of exhaustive checking.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import mpmath

from verify.base.errors import BadInput, TooLarge
from verify.base.numbers import fraction_text


def parse_probability(text, what: str) -> Fraction:
    """An exact probability in (0, 1) from "0.01", "1/100" or "1e-6"."""
    try:
        value = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise BadInput(f"{what} must be a number in (0, 1), got {text!r}") from None
    if not 0 < value < 1:
        raise BadInput(f"{what} must be in (0, 1), got {text}")
    return value


def repetitions_needed(c: Fraction, delta: Fraction) -> int | None:
    """The smallest R with (1 - c)^R <= delta (None if c = 0: no number of runs suffices)."""
    c, delta = Fraction(c), Fraction(delta)
    if c <= 0:
        return None
    if c >= 1:
        return 1
    with mpmath.workdps(60):
        guess = int(mpmath.ceil(mpmath.log(_mp(delta)) / mpmath.log(1 - _mp(c))))
    guess = max(guess, 1)
    while guess > 1 and _at_most(1 - c, guess - 1, delta):
        guess -= 1
    while not _at_most(1 - c, guess, delta):
        guess += 1
    return guess


def _mp(x: Fraction):
    return mpmath.mpf(x.numerator) / x.denominator


def _at_most(base: Fraction, power: int, delta: Fraction) -> bool:
    """base^power <= delta, exactly for moderate powers, at 80 digits otherwise."""
    if power * max(base.numerator.bit_length(), base.denominator.bit_length()) <= 200_000:
        return base ** power <= delta
    with mpmath.workdps(80):
        return power * mpmath.log(_mp(base)) <= mpmath.log(_mp(delta))


@dataclass(frozen=True)
class Plan:
    """How many independent runs catch a lying Alice with probability >= 1 - delta."""

    rho: Fraction
    depth: int
    delta: Fraction
    per_run_bound: Fraction  # rho^-d (Theorem 4.2)
    runs_theorem: int  # smallest R with (1 - rho^-d)^R <= delta
    rho_d_log: float  # rho^d ln(1/delta): the O(rho^d log n) statement with delta = n^-O(1)
    width: int | None
    exhaustive_leaves: int | None  # q^d leaf queries of checking the whole tree
    per_run_exact: Fraction | None = None  # the worst-case DP's exact catch probability
    runs_exact: int | None = None
    rule: str | None = None  # Bob's rule of the exact value (None without a tree)

    def to_json(self) -> dict:
        """The JSON document `fbs debate plan --json` prints."""
        exact = self.per_run_exact
        return {"rho": fraction_text(self.rho), "depth": self.depth,
                "delta": fraction_text(self.delta),
                "per_run_bound": fraction_text(self.per_run_bound),
                "runs_theorem": self.runs_theorem, "rho_d_ln_1_over_delta": self.rho_d_log,
                "width": self.width, "exhaustive_leaf_queries": self.exhaustive_leaves,
                "per_run_exact": None if exact is None else fraction_text(exact),
                "runs_exact": self.runs_exact, "rule": self.rule}


MAX_PLAN_DEPTH = 1000
MAX_PLAN_RHO = 10**6


def plan(rho: Fraction, depth: int, delta: Fraction, width: int | None = None,
         exact: Fraction | None = None, rule: str | None = None) -> Plan:
    """The repetition plan (exact R), for rho^-d and optionally an exact per-run value."""
    if type(depth) is not int or depth < 0:
        raise BadInput(f"the depth must be a non-negative integer, got {depth!r}")
    if depth > MAX_PLAN_DEPTH or Fraction(rho) > MAX_PLAN_RHO:
        raise TooLarge(f"the planner handles depth <= {MAX_PLAN_DEPTH} and rho <= {MAX_PLAN_RHO}")
    bound = Fraction(1) / Fraction(rho) ** depth
    with mpmath.workdps(30):
        rho_d_log = float(_mp(Fraction(rho)) ** depth * mpmath.log(1 / _mp(Fraction(delta))))
    return Plan(Fraction(rho), depth, Fraction(delta), bound, repetitions_needed(bound, delta),
                rho_d_log, width, None if width is None else width ** depth,
                exact, None if exact is None else repetitions_needed(exact, delta), rule)
