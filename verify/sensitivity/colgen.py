"""fbs_z(f) on the truth table by column generation (paper Definitions 3.3 and 3.4).

The packing LP over the minimal sensitive blocks is solved on a small master set of
blocks; the separation step "is there a sensitive block B with t(B) < 1?" scans all
minimal blocks, first with HiGHS's float dual, then exactly with integer arithmetic on a
common denominator, until the exact dual covers every block.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from verify.base.numbers import scale_to_integers

from .blocks import block_sums, mask_sizes
from .exact_lp import ExactOptimum, PackingLP

ALL_BLOCKS_AT_ONCE = 2000  # below this many minimal blocks, the master holds them all
BLOCKS_PER_ROUND = 200
FLOAT_SLACK = 1e-9


@dataclass(frozen=True)
class LpSolution:
    """Exact optimum over all minimal blocks: primal weights per block mask, dual t."""

    value: Fraction
    primal: dict[int, Fraction]  # block mask -> weight
    dual: tuple[Fraction, ...]
    rounds: int
    master_size: int


def solve_fbs_lp(masks: np.ndarray, arity: int, capacities=None) -> LpSolution:
    """Exact primal and dual optima of the fbs LP whose rows are the given block masks.

    With capacities c (default all 1) this is the weighted LP of docs/notes.md, section 1:
    max sum w_B s.t. load_i <= c_i, whose dual is min sum c_i t_i s.t. t(B) >= 1.
    """
    master = _Master(masks, arity, capacities)
    master.add(_initial_blocks(masks))
    rounds = 0
    while True:
        rounds += 1
        master.converge_in_floats()
        optimum = master.lp.solve_exact()
        violated = _exactly_violated(masks, optimum.dual, arity)
        new = violated[~master.member[violated]]
        if new.size == 0:
            return master.solution(optimum, rounds)
        master.add(new[:BLOCKS_PER_ROUND])


class _Master:
    """The restricted packing LP: a subset of the minimal blocks as columns."""

    def __init__(self, masks: np.ndarray, arity: int, capacities=None):
        self.masks, self.arity = masks, arity
        rhs = [Fraction(1)] * arity if capacities is None else [Fraction(c) for c in capacities]
        self.lp = PackingLP(rhs)
        self.indices = np.zeros(0, dtype=np.int64)
        self.member = np.zeros(masks.size, dtype=bool)

    def add(self, indices: np.ndarray) -> None:
        columns = [self._column(int(self.masks[k])) for k in indices]
        self.lp.add_columns(columns, [Fraction(1)] * len(columns))
        self.indices = np.concatenate([self.indices, indices])
        self.member[indices] = True

    def _column(self, mask: int) -> dict[int, Fraction]:
        return {i: Fraction(1) for i in range(self.arity) if (mask >> (self.arity - 1 - i)) & 1}

    def converge_in_floats(self) -> None:
        """Add float-violated blocks until the float dual covers every block."""
        while True:
            dual = self.lp.float_dual()
            sums = block_sums(self.masks, dual, self.arity)
            candidates = np.flatnonzero((sums < 1 - FLOAT_SLACK) & ~self.member)
            if candidates.size == 0:
                return
            order = np.argsort(sums[candidates], kind="stable")
            self.add(candidates[order[:BLOCKS_PER_ROUND]])

    def solution(self, optimum: ExactOptimum, rounds: int) -> LpSolution:
        primal = {int(self.masks[self.indices[j]]): w for j, w in optimum.primal.items()}
        return LpSolution(optimum.value, primal, optimum.dual, rounds, int(self.indices.size))


def _initial_blocks(masks: np.ndarray) -> np.ndarray:
    """All blocks if few, else the smallest ones."""
    if masks.size <= ALL_BLOCKS_AT_ONCE:
        return np.arange(masks.size, dtype=np.int64)
    order = np.argsort(mask_sizes(masks), kind="stable")
    return order[:BLOCKS_PER_ROUND].astype(np.int64)


def _exactly_violated(masks: np.ndarray, dual, arity: int) -> np.ndarray:
    """Indices of blocks with t(B) < 1, computed exactly, most violated first."""
    scaled, denominator = scale_to_integers(dual)
    safe = max(scaled, default=0) * arity < 2**62 and denominator < 2**62
    weights = np.array(scaled, dtype=np.int64 if safe else object)
    sums = block_sums(masks, weights, arity)
    violated = np.flatnonzero(sums < denominator)
    order = np.argsort(sums[violated].astype(float), kind="stable")
    return violated[order]
