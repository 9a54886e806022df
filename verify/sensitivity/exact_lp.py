"""Exact optimum of a packing LP, found by an untrusted float solver and made exact.

    max  sum_j c_j w_j   s.t.   sum_j A_ij w_j <= b_i  (i = 0..m-1),   w >= 0,

with A >= 0 and b > 0, so the all-slack basis is feasible. This is the primal of paper
Definition 3.3 (columns = sensitive blocks, A = incidence, c = 1, b = 1) and of the
weighted recursion of docs/notes.md, section 1 (b = children's values). Its LP dual
min b.t s.t. A^T t >= c, t >= 0 is Definition 3.4.

Method (issue 2): HiGHS solves in floating point; its basis is read back and re-solved
exactly with python-flint; if that basis is not exactly optimal, exact primal simplex
pivots with Bland's rule repair it. Nothing here is trusted: the stdlib-only checker
re-verifies every certificate built from the result.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import flint
import highspy
import numpy as np

from verify.base.errors import SolverFailure

Column = dict[int, Fraction]  # row index -> coefficient


@dataclass(frozen=True)
class ExactOptimum:
    """An exactly optimal basic solution over the current columns."""

    value: Fraction
    primal: dict[int, Fraction]  # column index -> positive weight
    dual: tuple[Fraction, ...]  # t_i, one per row
    pivots: int  # exact repair pivots that were needed


def to_fraction(x: flint.fmpq) -> Fraction:
    """A python-flint rational as a Fraction."""
    return Fraction(int(x.p), int(x.q))


class PackingLP:
    """The packing LP with columns added incrementally (column generation)."""

    def __init__(self, rhs: Sequence[Fraction]):
        self.rhs = [Fraction(b) for b in rhs]
        self.columns: list[Column] = []
        self.costs: list[Fraction] = []
        self._highs = _new_highs(self.rhs)

    @property
    def n_rows(self) -> int:
        return len(self.rhs)

    def add_columns(self, columns: Sequence[Column], costs: Sequence[Fraction]) -> None:
        """Append columns (row -> coefficient dicts) with their objective costs."""
        for column, cost in zip(columns, costs):
            self.columns.append({i: Fraction(a) for i, a in column.items() if a})
            self.costs.append(Fraction(cost))
            rows = sorted(self.columns[-1])
            values = [float(self.columns[-1][i]) for i in rows]
            self._highs.addCol(float(cost), 0.0, highspy.kHighsInf, len(rows),
                               np.array(rows, dtype=np.int32), np.array(values))

    def float_dual(self) -> np.ndarray:
        """Solve in floating point; return HiGHS's dual t (row duals, >= 0)."""
        self._highs.run()
        duals = np.asarray(self._highs.getSolution().row_dual, dtype=float)
        return np.abs(duals)

    def float_basis(self) -> list[int]:
        """Basic variables of the last float solve: columns 0..n-1, slack of row i as n+i."""
        basis = self._highs.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        n = len(self.columns)
        cols = [j for j, s in enumerate(basis.col_status) if s == basic]
        rows = [n + i for i, s in enumerate(basis.row_status) if s == basic]
        return cols + rows

    def solve_exact(self) -> ExactOptimum:
        """Exact optimum: re-solve the float basis exactly, repair by Bland pivots."""
        self.float_dual()
        basis = self.float_basis()
        if len(basis) != self.n_rows or self._basic_values(basis) is None:
            basis = self._slack_basis()
        elif min(self._basic_values(basis)) < 0:
            basis = self._slack_basis()
        return self._simplex(basis)

    def _slack_basis(self) -> list[int]:
        return [len(self.columns) + i for i in range(self.n_rows)]

    def _matrix(self, basis: list[int]) -> flint.fmpq_mat:
        m, n = self.n_rows, len(self.columns)
        entries = [[0] * m for _ in range(m)]
        for k, var in enumerate(basis):
            if var >= n:
                entries[var - n][k] = 1
            else:
                for i, a in self.columns[var].items():
                    entries[i][k] = flint.fmpq(a.numerator, a.denominator)
        return flint.fmpq_mat(m, m, [x for row in entries for x in row])

    def _basic_values(self, basis: list[int]) -> list[Fraction] | None:
        """x_B = B^-1 b, or None if the basis matrix is singular."""
        rhs = flint.fmpq_mat(self.n_rows, 1, [flint.fmpq(b.numerator, b.denominator) for b in self.rhs])
        try:
            solution = self._matrix(basis).solve(rhs)
        except ZeroDivisionError:
            return None
        return [to_fraction(solution[k, 0]) for k in range(self.n_rows)]

    def _multipliers(self, basis: list[int]) -> list[Fraction]:
        """t = B^-T c_B (the dual solution of this basis)."""
        n = len(self.columns)
        cost = [self.costs[v] if v < n else Fraction(0) for v in basis]
        rhs = flint.fmpq_mat(self.n_rows, 1, [flint.fmpq(c.numerator, c.denominator) for c in cost])
        solution = self._matrix(basis).transpose().solve(rhs)
        return [to_fraction(solution[k, 0]) for k in range(self.n_rows)]

    def _entering(self, dual: list[Fraction], basis: list[int]) -> int | None:
        """Bland's rule: the lowest-index variable with positive reduced cost."""
        basic, n = set(basis), len(self.columns)
        for j, column in enumerate(self.columns):
            if j not in basic and self.costs[j] > sum(dual[i] * a for i, a in column.items()):
                return j
        for i in range(self.n_rows):
            if n + i not in basic and dual[i] < 0:
                return n + i
        return None

    def _direction(self, basis: list[int], var: int) -> list[Fraction]:
        n = len(self.columns)
        column = {var - n: Fraction(1)} if var >= n else self.columns[var]
        rhs = flint.fmpq_mat(self.n_rows, 1, [0] * self.n_rows)
        for i, a in column.items():
            rhs[i, 0] = flint.fmpq(a.numerator, a.denominator)
        solution = self._matrix(basis).solve(rhs)
        return [to_fraction(solution[k, 0]) for k in range(self.n_rows)]

    def _simplex(self, basis: list[int], max_pivots: int = 100_000) -> ExactOptimum:
        """Exact primal simplex with Bland's rule from a feasible basis."""
        for pivots in range(max_pivots):
            values = self._basic_values(basis)
            dual = self._multipliers(basis)
            entering = self._entering(dual, basis)
            if entering is None:
                return self._optimum(basis, values, dual, pivots)
            direction = self._direction(basis, entering)
            leaving = _ratio_test(basis, values, direction)
            if leaving is None:
                raise SolverFailure("packing LP is unbounded: some column has no positive entry")
            basis[leaving] = entering
        raise SolverFailure(f"exact simplex did not finish in {max_pivots} pivots")

    def _optimum(self, basis, values, dual, pivots) -> ExactOptimum:
        n = len(self.columns)
        primal = {v: x for v, x in zip(basis, values) if v < n and x != 0}
        value = sum((self.costs[j] * w for j, w in primal.items()), Fraction(0))
        return ExactOptimum(value, primal, tuple(dual), pivots)


def _ratio_test(basis: list[int], values: list[Fraction], direction: list[Fraction]) -> int | None:
    """Leaving position: minimal ratio, ties broken by the lowest variable index (Bland)."""
    best = None
    for k, d in enumerate(direction):
        if d > 0:
            key = (values[k] / d, basis[k])
            if best is None or key < best[0]:
                best = (key, k)
    return None if best is None else best[1]


_banner_shown = False


def _quiet_highs() -> highspy.Highs:
    """A silent HiGHS instance (its first construction prints a banner on file descriptor 1)."""
    global _banner_shown
    if _banner_shown:
        return _serial(highspy.Highs())
    _banner_shown = True
    sys.stdout.flush()
    saved, devnull = os.dup(1), os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    try:
        highs = highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)
    return _serial(highs)


def _serial(highs: highspy.Highs) -> highspy.Highs:
    """Silent and on one thread: our LPs are small, and HiGHS's idle worker threads would
    spin on the second core (measured: up to 60% more CPU than wall time at q = 24)."""
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("threads", 1)
    return highs


def _new_highs(rhs: list[Fraction]) -> highspy.Highs:
    highs = _quiet_highs()
    highs.changeObjectiveSense(highspy.ObjSense.kMaximize)
    for b in rhs:
        highs.addRow(-highspy.kHighsInf, float(b), 0, np.array([], dtype=np.int32), np.array([]))
    return highs
