"""s(f), bs(f), fbs(f) and C(f) of a symmetric f beyond q = 14: the closed form over weights.

For f(x) = V(|x|) a permutation of the coordinates maps an input to any other input of the
same Hamming weight and keeps f, so each measure at x depends only on w = |x|: fbs_x is the
closed form of `symmetric.solve_symmetric` (paper Definition 3.3, reduced to two block types)
and s_x, bs_x, C_x are those of `symmetric.symmetric_measures`. Each maximum over the 2^q
inputs is therefore the maximum over the q + 1 weights, reached at 0^(q-w) 1^w for the
smallest such weight w. Exact over the whole space, not certified: no certificate kind states
a maximum over weights (`fbs measures` refuses --certificates here). Work: q + 1 weights,
each O(1) (one str.find for `sym:`), so q is capped at MAX_SYMMETRIC_GLOBAL_ARITY.
"""

from __future__ import annotations

from fractions import Fraction

from verify.base.errors import TooLarge
from verify.functions.families import Symmetric
from verify.functions.spec import short

from .symmetric import solve_symmetric, symmetric_measures

MAX_SYMMETRIC_GLOBAL_ARITY = 100_000
SOURCE = "closed form over the q + 1 Hamming weights (symmetric f), exact, not certified"


def weight_maxima(function: Symmetric) -> tuple[dict, dict]:
    """({measure: maximum}, {measure: the smallest weight reaching it}) over w = 0..q."""
    n = function.arity
    if n > MAX_SYMMETRIC_GLOBAL_ARITY:
        raise TooLarge(f"{short(function.spec)}: measures of a symmetric spec take q <= "
                       f"{MAX_SYMMETRIC_GLOBAL_ARITY} (one closed form per weight), got q = {n}")
    best: dict = {}
    where: dict = {}
    for w in range(n + 1):
        s, bs, c = symmetric_measures(function.values, w)
        here = {"s": s, "bs": bs, "fbs": solve_symmetric(function.values, w).value, "C": c}
        for measure, value in here.items():
            if measure not in best or value > best[measure]:
                best[measure], where[measure] = value, w
    return best, where


def weight_input(w: int, n: int) -> str:
    """0^(n-w) 1^w: of the inputs of weight w, the first in truth-table order."""
    return "0" * (n - w) + "1" * w


def symmetric_values(function: Symmetric) -> tuple[dict, dict]:
    """({measure: maximum (fbs a Fraction)}, {measure: an input reaching it})."""
    best, where = weight_maxima(function)
    values = {m: (Fraction(v) if m == "fbs" else int(v)) for m, v in best.items()}
    return values, {m: weight_input(w, function.arity) for m, w in where.items()}
