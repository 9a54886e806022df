"""fbs of weighted thresholds at any input by knapsack dynamic programming (issue 12).

For f(x) = [sum_i w_i x_i >= T] at z with S = sum_i w_i z_i: if f(z) = 1 a block is
sensitive iff it lowers the sum below T, and removing the zeros it flips only lowers the sum
further, so the minimal sensitive blocks flip ones of z only and need weight
W(B) >= need = S - T + 1; if f(z) = 0 they flip zeros only and need W(B) >= need = T - S.
The fbs LP (Definitions 3.3/3.4) is thus a knapsack-cover LP on one side of z. It is solved
by column generation over that side: HiGHS on the master packing LP in floating point, a
dynamic program over the capped weight 0..need as the exact separation step ("the cheapest
block of weight >= need"), and at the end the master's optimum made exact (python-flint) and
the exact dual checked by the same DP in integers. The certificate is kind `threshold`
(certificates/FORMAT.md): the checker runs that DP itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from verify import __version__
from verify.base.errors import SolverFailure
from verify.base.lazy import numpy as np
from verify.base.numbers import fraction_text, scale_to_integers
from verify.functions.families import WeightedThreshold

from .certificates import FORMAT, run_length

MAX_DP_CELLS = 1 << 24  # side size x (need + 1): the checker's bound (certificates/FORMAT.md)
BLOCKS_PER_ROUND = 8
MAX_ROUNDS = 20000
FLOAT_SLACK = 1e-9
PLAIN_INPUT_BITS = 256

Block = tuple[int, ...]


@dataclass(frozen=True)
class ThresholdSolution:
    """Exact fbs_z of a weighted threshold, an optimal primal and dual, the certificate."""

    value: Fraction
    primal: tuple[tuple[Block, Fraction], ...]
    dual: tuple[Fraction, ...]
    certificate: dict = field(repr=False)
    rounds: int = 0
    columns: int = 0


@dataclass(frozen=True)
class Side:
    """The coordinates a minimal sensitive block flips and the weight it needs."""

    items: tuple[int, ...]  # coordinates of z's ones (f(z) = 1) or zeros, with w_i > 0
    need: int

    @classmethod
    def of(cls, weights, threshold: int, bits) -> "Side":
        total = sum(w for w, b in zip(weights, bits) if b)
        value = int(total >= threshold)
        items = tuple(i for i, (w, b) in enumerate(zip(weights, bits)) if b == value and w)
        return cls(items, total - threshold + 1 if value else threshold - total)


def threshold_applies(function) -> bool:
    """wthr whose knapsack DP stays within MAX_DP_CELLS at every input."""
    return isinstance(function, WeightedThreshold) and (
        function.arity * (sum(function.weights) + 1) <= MAX_DP_CELLS)


def cheapest_cover(weights, costs, items, need: int, forbidden=()) -> tuple[object, Block] | None:
    """min cost(B) over B within `items` (minus `forbidden`) with weight(B) >= need, and such
    a B; None if no B reaches the weight. Costs are floats or integers (exact)."""
    usable = [i for i in items if i not in forbidden]
    if sum(weights[i] for i in usable) < need:
        return None
    exact = not isinstance(costs[usable[0]] if usable else 0, float)
    big = (sum(int(costs[i]) for i in usable) + 1) if exact else float("inf")
    dtype = (np.int64 if big < 2**62 else object) if exact else float
    best = np.full(need + 1, big, dtype=dtype)
    best[0] = 0
    positions = np.arange(need + 1)
    taken = []
    for i in usable:
        candidate = best[np.maximum(positions - weights[i], 0)] + costs[i]
        take = candidate < best
        taken.append(take)
        best = np.where(take, candidate, best)
    block, c = [], need
    for i, take in zip(reversed(usable), reversed(taken)):
        if take[c]:
            block.append(i)
            c = max(0, c - weights[i])
    return best[need], tuple(sorted(block))


def solve_threshold(function: WeightedThreshold, bits) -> ThresholdSolution:
    """Exact fbs of wthr at z (module docstring) and its kind-threshold certificate."""
    from .exact_lp import PackingLP

    weights, q = function.weights, function.arity
    side = Side.of(weights, function.threshold, bits)
    master = _Master(side, PackingLP([Fraction(1)] * len(side.items)))
    rounds = 0
    found = cheapest_cover(weights, [1] * q, side.items, side.need)
    if found is not None:
        master.add([found[1]])
        while True:
            rounds += 1
            if rounds > MAX_ROUNDS:
                raise SolverFailure(f"{function.spec}: column generation did not converge")
            float_dual = master.float_dual(q)
            new = _light_blocks(weights, float_dual, side, 1.0 - FLOAT_SLACK)
            if master.add(new):
                continue
            value, primal, dual = master.exact(q)
            T, D = scale_to_integers(dual)
            new = _light_blocks(weights, T, side, D)
            if not master.add(new):
                break
    else:
        value, primal, dual = Fraction(0), (), (Fraction(0),) * q
    certificate = threshold_certificate(function.spec, bits, value, primal, dual)
    return ThresholdSolution(value, primal, dual, certificate, rounds, len(master.blocks))


def _light_blocks(weights, costs, side: Side, bound) -> list[Block]:
    """Up to BLOCKS_PER_ROUND sensitive blocks with cost < bound: the cheapest, then the
    cheapest avoiding each coordinate of the first."""
    first = cheapest_cover(weights, costs, side.items, side.need)
    if first is None or not first[0] < bound:
        return []
    found = [first[1]]
    for j in first[1]:
        if len(found) >= BLOCKS_PER_ROUND:
            break
        other = cheapest_cover(weights, costs, side.items, side.need, (j,))
        if other is not None and other[0] < bound and other[1] not in found:
            found.append(other[1])
    return found


class _Master:
    """The packing LP over the blocks found so far; rows are the side's coordinates."""

    def __init__(self, side: Side, lp):
        self.side, self.lp = side, lp
        self.row = {i: r for r, i in enumerate(side.items)}
        self.blocks: list[Block] = []
        self.seen: set[Block] = set()

    def add(self, blocks: list[Block]) -> bool:
        fresh = [b for b in blocks if b not in self.seen]
        self.seen.update(fresh)
        self.blocks.extend(fresh)
        self.lp.add_columns([{self.row[i]: Fraction(1) for i in b} for b in fresh],
                            [Fraction(1)] * len(fresh))
        return bool(fresh)

    def float_dual(self, q: int) -> list[float]:
        dual = [0.0] * q
        for i, t in zip(self.side.items, self.lp.float_dual()):
            dual[i] = max(float(t), 0.0)
        return dual

    def exact(self, q: int):
        optimum = self.lp.solve_exact()
        dual = [Fraction(0)] * q
        for i, t in zip(self.side.items, optimum.dual):
            dual[i] = t
        primal = tuple(sorted((self.blocks[j], w) for j, w in optimum.primal.items()))
        return optimum.value, primal, tuple(dual)


def threshold_certificate(spec: str, bits, value: Fraction, primal, dual) -> dict:
    """Certificate of kind `threshold` (certificates/FORMAT.md)."""
    text = "".join(map(str, bits))
    return {
        "format": FORMAT,
        "kind": "threshold",
        "spec": spec,
        "arity": len(bits),
        "input": text if len(bits) <= PLAIN_INPUT_BITS else run_length(bits),
        "value": fraction_text(value),
        "primal": [{"block": list(block), "weight": fraction_text(w)} for block, w in primal],
        "dual": [fraction_text(t) for t in dual],
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
