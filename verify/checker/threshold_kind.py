"""Kind `threshold`: fbs of a weighted threshold at any width (certificates/FORMAT.md, kind threshold).

f(x) = [sum_i W_i x_i >= T] at z with S = sum_i W_i z_i. The certificate gives a primal
(blocks with weights) and a dual t (one number per coordinate), like kind `exhaustive`; only
dual feasibility is checked differently. If f(z) = 1 every sensitive block B contains the
sensitive block B' = B ∩ ones(z) (dropping the zeros it flips only lowers the sum further)
and t(B) >= t(B') since t >= 0; so t is feasible iff every set B' of ones with
W(B') >= need = S - T + 1 has t(B') >= 1 (symmetrically zeros and need = T - S if f(z) = 0).
With T_i = t_i * D over the common denominator D, the checker computes by dynamic
programming over the capped weight 0..need the least T(B') among those sets and compares it
with D. Work: O(side x need) integer steps, refused above MAX_DP_CELLS, plus O(file size).
"""

from __future__ import annotations

import re
from fractions import Fraction

from .errors import CertificateMalformed, CertificateTooLarge
from .fields import get_typed, read_dual, read_primal, require_keys
from .rationals import common_denominator, over_denominator, parse_number, scaled_sum, show
from .report import CheckReport, accepted, rejected
from .symmetric_kind import count_ones

REQUIRED = {"format", "kind", "spec", "arity", "input", "value", "primal", "dual"}
OPTIONAL = {"bob_rule", "producer"}
MAX_ARITY = 100_000
MAX_WEIGHT_CHARS = 1000
MAX_DP_CELLS = 1 << 24  # 30-bit words of all DP cells (time)
MAX_DP_ROW = 1 << 22    # 30-bit words of one DP row (memory)
_INTEGER = re.compile(r"-?[0-9]+")


def parse_wthr(spec: object) -> tuple[list[int], int]:
    """(W, T) of `wthr:W1,...,WN:T` (ASCII digits, W_i >= 0, T an integer)."""
    if type(spec) is not str:
        raise CertificateMalformed("spec must be a string")
    family, _, rest = spec.strip().partition(":")
    parts = rest.split(":")
    if family != "wthr" or len(parts) != 2:
        raise CertificateMalformed(f"spec {spec[:40]!r}: kind threshold accepts wthr:W1,...,WN:T")
    texts = parts[0].split(",")
    if len(texts) > MAX_ARITY:
        raise CertificateTooLarge(f"spec: more than {MAX_ARITY} weights")
    for text in texts + [parts[1]]:
        if len(text) > MAX_WEIGHT_CHARS:
            raise CertificateTooLarge(f"spec: {text[:20]!r}... is longer than "
                                      f"{MAX_WEIGHT_CHARS} digits")
        if not _INTEGER.fullmatch(text):
            raise CertificateMalformed(f"spec: {text[:20]!r} is not an integer of at most "
                                       f"{MAX_WEIGHT_CHARS} digits")
    weights = [int(text) for text in texts]
    if any(w < 0 for w in weights):
        raise CertificateMalformed("spec: weights must be non-negative")
    return weights, int(parts[1])


def _bits(text: object, q: int) -> list[int]:
    """The input as q bits (plain or run-length, as in kind symmetric)."""
    count_ones(text, q)  # validates the form and the length
    if "^" not in text:
        return [1 if c == "1" else 0 for c in text]
    bits: list[int] = []
    for part in text.split(","):
        bit, count = part.split("^")
        bits.extend([int(bit)] * int(count))
    return bits


def check(obj: dict) -> CheckReport:
    """All conditions of kind threshold, in FORMAT.md order."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    weights, threshold = parse_wthr(obj["spec"])
    q = len(weights)
    if get_typed(obj, "arity", int, "certificate") != q:
        raise CertificateMalformed(f"arity differs from the spec's arity {q}")
    z = _bits(obj["input"], q)
    value = parse_number(obj["value"], "value")
    dual = read_dual(obj, q)
    primal = read_primal(get_typed(obj, "primal", list, "certificate"), q, numbers={})
    primal_den = common_denominator([w for _, w in primal], "primal weights")
    dual_den = common_denominator(dual, "dual")
    total = sum(w for w, b in zip(weights, z) if b)
    f_z = int(total >= threshold)
    side = [i for i in range(q) if z[i] == f_z and weights[i] > 0]
    need = total - threshold + 1 if f_z else threshold - total
    _refuse_costly_dp(side, weights, need, dual, dual_den)

    for k, (block, weight) in enumerate(primal):
        if weight < 0:
            return rejected("primal-nonnegative", f"primal[{k}]: weight {show(weight)} < 0")
    for i, t in enumerate(dual):
        if t < 0:
            return rejected("dual-nonnegative", f"dual[{i}] = {show(t)} < 0")
    for k, (block, _) in enumerate(primal):
        flipped = total + sum(-weights[i] if z[i] else weights[i] for i in block)
        if int(flipped >= threshold) == f_z:
            return rejected("primal-sensitive", f"primal[{k}] block {list(block)[:8]} is not "
                                                f"sensitive at z")
    # integer sums over the common denominators (as kind exhaustive): one Fraction per
    # total, never two gcds per addition
    primal_int = over_denominator([w for _, w in primal], primal_den)  # one at a time
    load = [0] * q
    for (block, _), weight in zip(primal, primal_int):
        for i in block:
            load[i] += weight
    for i, total_load in enumerate(load):
        if total_load > primal_den:
            return rejected("primal-load", f"coordinate {i}: load "
                                           f"{show(Fraction(total_load, primal_den))} > 1")
    primal_sum = Fraction(scaled_sum([w for _, w in primal], primal_den), primal_den)
    if primal_sum != value:
        return rejected("primal-value", f"sum of primal weights = {show(primal_sum)}, "
                                        f"claimed value = {show(value)}")
    dual_int = list(over_denominator(dual, dual_den))
    dual_sum = Fraction(sum(dual_int), dual_den)
    if dual_sum != value:
        return rejected("dual-value", f"sum of dual t_i = {show(dual_sum)}, "
                                      f"claimed value = {show(value)}")
    scaled = {i: dual_int[i] for i in side}
    cheapest = _cheapest(side, weights, scaled, need)
    if cheapest is not None and cheapest < dual_den:
        block = _cheapest(side, weights, scaled, need, witness=True)
        return rejected("dual-feasible", f"block {block[:8]} is sensitive but t(B) = "
                                         f"{show(Fraction(cheapest, dual_den))} < 1")
    return accepted(value, f"valid: fbs_z(f) = {show(value)} for a weighted threshold with "
                           f"{q} inputs (knapsack over {len(side)} coordinates, need {need})")


def _refuse_costly_dp(side: list[int], weights: list[int], need: int, dual: list[Fraction],
                      dual_den: int) -> None:
    """Refuse (as too costly) a DP of more than MAX_DP_CELLS cells, counted in 30-bit words
    of the integers the cells hold (at most sum_i |T_i| + 1), or a row of more than
    MAX_DP_ROW such words; checked before any DP work."""
    columns = min(need, sum(weights[i] for i in side)) + 1
    largest = sum(abs(dual[i].numerator) * (dual_den // dual[i].denominator) for i in side) + 1
    words = -(-largest.bit_length() // 30)
    if len(side) * columns * words > MAX_DP_CELLS or columns * words > MAX_DP_ROW:
        raise CertificateTooLarge(
            f"too costly to check: the knapsack DP needs {len(side)} x {columns} cells of "
            f"{words} 30-bit words (limits: {MAX_DP_CELLS} words in all, {MAX_DP_ROW} per row)")


def _cheapest(side: list[int], weights: list[int], cost: dict[int, int], need: int,
              witness: bool = False):
    """The least T(B) over B within `side` with W(B) >= need (None if no B reaches the
    weight), or with witness=True one such B. best[k] = least cost of a set of the items
    seen so far whose weight, capped at need, is >= k."""
    if sum(weights[i] for i in side) < need:
        return None
    best = [0] + [sum(cost.values()) + 1] * need
    choices = []
    for i in side:
        w, c = weights[i], cost[i]
        head = min(w, need + 1)  # shifted[k] = best[max(0, k - w)] + c, and best[0] = 0
        shifted = [c] * head + [b + c for b in best[:need + 1 - head]]
        if witness:
            choices.append([s < b for s, b in zip(shifted, best)])
        best = [s if s < b else b for s, b in zip(shifted, best)]
    if not witness:
        return best[need]
    block, k = [], need
    for i, take in zip(reversed(side), reversed(choices)):
        if take[k]:
            block.append(i)
            k = max(0, k - weights[i])
    return sorted(block)
