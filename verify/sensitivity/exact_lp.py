"""Exact optimum of a packing LP, found by an untrusted float solver and made exact.

    max  sum_j c_j w_j   s.t.   sum_j A_ij w_j <= b_i  (i = 0..m-1),   w >= 0,

with A >= 0 and b > 0, so the all-slack basis is feasible. This is the primal of paper
Definition 3.3 (columns = sensitive blocks, A = incidence, c = 1, b = 1) and of the
weighted recursion of docs/notes.md, section 1 (b = children's values). Its LP dual
min b.t s.t. A^T t >= c, t >= 0 is Definition 3.4.

Method (issue 2): HiGHS solves in floating point; its basis is read back and re-solved
exactly with python-flint; if that basis is not exactly feasible and optimal, the exact
integer-pivoting simplex (`integer_simplex`, Bland's rule, also the census's LP for a block
family, `verify.sensitivity.hypergraph`) solves the LP from the all-slack basis. Nothing here is trusted: the stdlib-only checker
re-verifies every certificate built from the result.
"""

from __future__ import annotations

import math
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
    pivots: int  # exact simplex pivots that were needed (0: the float basis was optimal)


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
        """Exact optimum: the float basis re-solved exactly if it is feasible and optimal,
        else `integer_simplex` from the all-slack basis."""
        self.float_dual()
        optimum = self._verified(self.float_basis())
        return optimum or integer_simplex(self.columns, self.rhs, self.costs)

    def _verified(self, basis: list[int]) -> ExactOptimum | None:
        """The basis's exact solution if it is a feasible, optimal basis, else None."""
        if len(basis) != self.n_rows:
            return None
        values = self._basic_values(basis)
        if values is None or min(values, default=0) < 0:
            return None
        dual = self._multipliers(basis)
        if self._improving(dual, basis):
            return None
        n = len(self.columns)
        primal = {v: x for v, x in zip(basis, values) if v < n and x != 0}
        value = sum((self.costs[j] * w for j, w in primal.items()), Fraction(0))
        return ExactOptimum(value, primal, tuple(dual), 0)

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

    def _improving(self, dual: list[Fraction], basis: list[int]) -> bool:
        """Whether some nonbasic variable has a positive reduced cost (the basis is not optimal)."""
        basic = set(basis)
        return any(j not in basic and self.costs[j] > sum(dual[i] * a for i, a in column.items())
                   for j, column in enumerate(self.columns)) or any(t < 0 for t in dual)


def integer_simplex(columns: Sequence[Column], rhs: Sequence[Fraction],
                    costs: Sequence[Fraction], max_pivots: int = 100_000) -> ExactOptimum:
    """The exact optimum of the packing LP (module docstring; b >= 0): primal simplex from
    the all-slack basis with Bland's rule, so it terminates. Integer pivoting (Edmonds): row i
    is scaled by the least common denominator of its entries and the objective by that of the
    costs (the optimum and its basis do not change; the duals are scaled back), the tableau is
    integers over one common denominator, and each pivot divides exactly by the previous one."""
    m, n = len(rhs), len(columns)
    scales = [_common_denominator([rhs[i]] + [c[i] for c in columns if i in c]) for i in range(m)]
    cost_scale = _common_denominator(costs)
    rows = [[int(c.get(i, 0) * scales[i]) for c in columns] + [int(k == i) for k in range(m)]
            + [int(rhs[i] * scales[i])] for i in range(m)]
    objective = [int(c * cost_scale) for c in costs] + [0] * (m + 1)  # reduced costs; -value
    basis, denominator = [n + i for i in range(m)], 1
    for pivots in range(max_pivots):
        entering = next((j for j in range(n + m) if objective[j] > 0), None)
        if entering is None:
            primal = {var: Fraction(row[-1], denominator)
                      for var, row in zip(basis, rows) if var < n and row[-1]}
            dual = tuple(Fraction(-objective[n + i] * scales[i], denominator * cost_scale)
                         for i in range(m))
            return ExactOptimum(Fraction(-objective[-1], denominator * cost_scale), primal,
                                dual, pivots)
        leaving = _ratio_test(rows, basis, entering)
        denominator = _pivot(rows + [objective], leaving, entering, denominator)
        basis[leaving] = entering
    raise SolverFailure(f"exact simplex did not finish in {max_pivots} pivots")


def _common_denominator(values) -> int:
    return math.lcm(1, *(Fraction(v).denominator for v in values))


def _ratio_test(rows: list, basis: list[int], entering: int) -> int:
    """The row of least rhs / entry over positive entries, ties to the least basic index."""
    best = None
    for i, row in enumerate(rows):
        a = row[entering]
        if a > 0:
            if best is None:
                best = i
                continue
            b = rows[best][entering]
            left, right = row[-1] * b, rows[best][-1] * a
            if left < right or (left == right and basis[i] < basis[best]):
                best = i
    if best is None:
        raise SolverFailure("packing LP is unbounded: some column has no positive entry")
    return best


def _pivot(table: list, leaving: int, entering: int, denominator: int) -> int:
    """One integer pivot; returns the new common denominator (the pivot entry)."""
    pivot_row = table[leaving]
    p = pivot_row[entering]
    for row in table:
        if row is not pivot_row:
            a = row[entering]
            row[:] = [(x * p - a * y) // denominator for x, y in zip(row, pivot_row)]
    return p


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
