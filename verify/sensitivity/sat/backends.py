"""Separation oracles: "find a sensitive block B with T(B) < D" (untrusted, docs/design.md, Backends).

`SeparationOracle` is the interface; `PysatOracle` (RC2 minimum-weight block, or the checker's
adder encoding with CaDiCaL) and `Z3Oracle` (Optimize, or PbLe) implement it.  Every block an
oracle returns is re-evaluated with the untrusted evaluator and made inclusion-minimal
(docs/notes.md, section 1: minimal blocks suffice), dropping the heaviest removable coordinate first.
tests/sensitivity/test_sat_backends.py is the shared conformance suite.

No call may hang where another backend answers: RC2 (on Glucose 4, which can be interrupted)
and z3 (its timeout) stop after a time budget and raise `SeparationTimeout`; `FallbackOracle`
then asks the next backend, and after a full round of timeouts doubles the budget.
"""

from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np

from verify.base.errors import BadInput, SolverFailure, checker_bounds_as_too_large
from verify.base.z3_check import z3_check
from verify.checker.circuit_cnf import claim_cnf
from verify.functions.families import BooleanFunction, WeightedThreshold

from .encode import checker_circuit, sensitivity_clauses, z3_sensitivity

Block = tuple[int, ...]
BACKENDS = ("sat", "z3", "dp", "auto")
FIRST_BUDGET = 10.0  # seconds one separation call may take before the next backend is asked


class SeparationTimeout(Exception):
    """A separation call ran out of its time budget (no answer either way)."""


class SeparationOracle(Protocol):
    """Finds sensitive blocks of f at z that are light for integer weights T and bound D."""

    name: str

    def find_block(self, T: Sequence[int], D: int) -> Block | None:
        """A sensitive block with sum_{i in B} T_i < D (locally minimal, preferably of
        minimum weight), or None if there is none."""

    def find_blocks(self, T: Sequence[int], D: int, limit: int) -> list[Block]:
        """Up to `limit` distinct locally minimal sensitive blocks with T(B) < D; empty iff
        there is none."""


def make_oracle(function: BooleanFunction, bits, backend: str = "sat",
                mode: str | None = None) -> SeparationOracle:
    """The oracle of a backend name: "sat" (pysat), "z3", "dp" (wthr only) or "auto" (dp for
    wthr, else sat)."""
    if backend == "auto":
        backend = "dp" if isinstance(function, WeightedThreshold) else "sat"
    if backend == "sat":
        first = PysatOracle(function, bits, mode or "rc2")
        return first if mode == "adder" else FallbackOracle([first, _Lazy(Z3Oracle, function, bits)])
    if backend == "z3":
        first = Z3Oracle(function, bits, mode or "optimize")
        return FallbackOracle([first, _Lazy(PysatOracle, function, bits)])
    if backend == "dp":
        return WthrDpOracle(function, bits)
    raise BadInput(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")


class _Base:
    """Shared parts: the function, z, sensitivity test and minimization."""

    def __init__(self, function: BooleanFunction, bits):
        self.function = function
        self.bits = tuple(int(b) for b in bits)
        self.z = np.asarray(self.bits, dtype=bool)
        self.f_z = bool(function(self.bits))
        self.calls = 0

    def find_block(self, T, D):
        found = self.find_blocks(T, D, 1)
        return found[0] if found else None

    def sensitive(self, blocks: list[Block]) -> np.ndarray:
        """f(z^B) != f(z) for each block, by the untrusted evaluator."""
        points = np.tile(self.z, (len(blocks), 1))
        for row, block in enumerate(blocks):
            points[row, list(block)] ^= True
        return self.function.evaluate_many(points) != self.f_z

    def minimize(self, block: Block, T: Sequence[int]) -> Block:
        """Drop coordinates (heaviest T_i first) while the block stays sensitive."""
        if not self.sensitive([block])[0]:
            raise SolverFailure(f"{self.name}: the solver returned block {list(block)}, "
                                f"which is not sensitive")
        current = list(block)
        while len(current) > 1:
            order = sorted(range(len(current)), key=lambda k: (-T[current[k]], current[k]))
            smaller = [tuple(current[:k] + current[k + 1:]) for k in order]
            keep = self.sensitive(smaller)
            hits = np.flatnonzero(keep)
            if hits.size == 0:
                break
            current = list(smaller[hits[0]])
        return tuple(sorted(current))


class PysatOracle(_Base):
    """pysat: RC2 MaxSAT for a minimum-weight block (mode "rc2"), or CaDiCaL 1.9.5 on the
    checker's adder + comparator encoding of T(B) <= D - 1 (mode "adder")."""

    def __init__(self, function: BooleanFunction, bits, mode: str = "rc2"):
        super().__init__(function, bits)
        if mode not in ("rc2", "adder"):
            raise BadInput(f"unknown pysat oracle mode {mode!r} (rc2, adder)")
        self.mode = mode
        self.name = f"pysat-{mode}"
        self.z_text = "".join(map(str, self.bits))
        self.hard, self.n_vars, _ = sensitivity_clauses(checker_circuit(function, self.z_text))

    def find_blocks(self, T, D, limit, budget: float | None = None):
        self.calls += 1
        if self.mode == "rc2":
            return self._rc2(T, D, limit, budget)
        return self._adder(T, D, limit)

    def _rc2(self, T, D, limit, budget: float | None = None) -> list[Block]:
        from threading import Timer

        from pysat.examples.rc2 import RC2
        from pysat.formula import WCNF

        formula = WCNF()
        formula.extend(self.hard)
        for i, t in enumerate(T):
            if t:
                formula.append([-(i + 1)], weight=int(t))
        found: list[Block] = []
        with RC2(formula, solver="g4") as rc2:  # Glucose 4.1: interruptible (CaDiCaL is not)
            timer = Timer(budget, rc2.interrupt) if budget else None
            if timer is not None:
                timer.start()
            try:
                while len(found) < limit:
                    model = rc2.compute(expect_interrupt=timer is not None)
                    if rc2.interrupted:
                        if found:
                            break  # blocks already found are valid; hand them back
                        raise SeparationTimeout(f"{self.name}: no answer in {budget:g} s")
                    if model is None:
                        break
                    block = self._block(model)
                    if sum(T[i] for i in block) >= D:
                        break
                    block = self.minimize(block, T)
                    found.append(block)
                    rc2.add_clause([-(i + 1) for i in block])
            finally:
                if timer is not None:
                    timer.cancel()
        return found

    def _adder(self, T, D, limit) -> list[Block]:
        from pysat.solvers import Solver

        circuit = checker_circuit(self.function, self.z_text)
        with checker_bounds_as_too_large():
            clauses = claim_cnf(circuit, [int(t) for t in T], D - 1).clauses
        found: list[Block] = []
        with Solver(name="cadical195", bootstrap_with=clauses) as solver:
            while len(found) < limit and solver.solve():
                block = self.minimize(self._block(solver.get_model()), T)
                found.append(block)
                solver.add_clause([-(i + 1) for i in block])
        return found

    def _block(self, model) -> Block:
        q = self.function.arity
        values = {abs(lit): lit > 0 for lit in model if abs(lit) <= q}
        return tuple(i for i in range(q) if values.get(i + 1, False))


class Z3Oracle(_Base):
    """z3: Optimize minimising sum T_i y_i (mode "optimize"), or a Solver with PbLe (mode
    "pble"); the encoding of f is z3's own (verify/sensitivity/sat/encode.py)."""

    def __init__(self, function: BooleanFunction, bits, mode: str = "optimize"):
        super().__init__(function, bits)
        if mode not in ("optimize", "pble"):
            raise BadInput(f"unknown z3 oracle mode {mode!r} (optimize, pble)")
        self.mode = mode
        self.name = f"z3-{mode}"
        self.y, self.constraint = z3_sensitivity(function, self.bits)

    def find_blocks(self, T, D, limit, budget: float | None = None):
        import z3

        self.calls += 1
        terms = [(yi, int(t)) for yi, t in zip(self.y, T) if t]
        solver = z3.Optimize() if self.mode == "optimize" else z3.Solver()
        if budget:
            solver.set("timeout", max(1, int(budget * 1000)))
        solver.add(self.constraint)
        if D - 1 < 0:
            return []
        if terms:
            solver.add(_weight_at_most(terms, D - 1))
        if self.mode == "optimize" and terms:
            solver.minimize(z3.Sum([z3.If(yi, t, 0) for yi, t in terms]))
        found: list[Block] = []
        while len(found) < limit:
            verdict = z3_check(solver)
            if verdict == z3.unknown:
                if found:
                    break
                raise SeparationTimeout(f"{self.name}: no answer in {budget:g} s "
                                        f"({solver.reason_unknown()})")
            if verdict != z3.sat:
                break
            model = solver.model()
            block = tuple(i for i, yi in enumerate(self.y)
                          if z3.is_true(model.eval(yi, model_completion=True)))
            block = self.minimize(block, T)
            found.append(block)
            solver.add(z3.Or([z3.Not(self.y[i]) for i in block]))
        return found


class _Lazy:
    """An oracle built on first use (a fallback that is never needed costs nothing)."""

    def __init__(self, kind, function: BooleanFunction, bits):
        self.kind, self.function, self.bits, self.oracle = kind, function, bits, None

    def get(self):
        if self.oracle is None:
            self.oracle = self.kind(self.function, self.bits)
        return self.oracle


class FallbackOracle:
    """Separation with a time budget per call: the first oracle, then the next one when a call
    times out; after a full round of timeouts, the budget doubles. A backend that answers is
    never outlasted by one that hangs. `name` is the first oracle's, `fallbacks` counts the
    calls another backend answered."""

    def __init__(self, oracles: list, budget: float = FIRST_BUDGET):
        self.oracles, self.budget, self.fallbacks = oracles, budget, 0
        self.first = oracles[0]
        self.name = self.first.name

    @property
    def calls(self) -> int:
        return self.first.calls

    def sensitive(self, blocks):
        return self.first.sensitive(blocks)

    def minimize(self, block, T):
        return self.first.minimize(block, T)

    def find_block(self, T, D):
        found = self.find_blocks(T, D, 1)
        return found[0] if found else None

    def find_blocks(self, T, D, limit):
        budget = self.budget
        while True:
            for position, entry in enumerate(self.oracles):
                oracle = entry.get() if isinstance(entry, _Lazy) else entry
                try:
                    found = oracle.find_blocks(T, D, limit, budget)
                except SeparationTimeout:
                    continue
                self.fallbacks += position > 0
                return found
            budget *= 2


class WthrDpOracle(_Base):
    """Exact knapsack dynamic program for wthr:W:T (issue item 2): a minimum-weight sensitive
    block.  With f(z) = 1 a minimal sensitive block flips ones only and needs
    w(B) >= w.z - T + 1; with f(z) = 0 it flips zeros only and needs w(B) >= T - w.z.  The
    DP over those coordinates keeps, for every capped weight c, the least T(B) reaching c.
    Further blocks of one call: the optimum with one coordinate of the first block forbidden."""

    MAX_NEED = 2_000_000

    def __init__(self, function: BooleanFunction, bits):
        super().__init__(function, bits)
        if not isinstance(function, WeightedThreshold):
            raise BadInput(f"{function.spec}: the dp backend handles wthr specs only")
        self.name = "wthr-dp"
        w = function.weights
        total = sum(wi for wi, b in zip(w, self.bits) if b)
        if self.f_z:
            self.items = [i for i, b in enumerate(self.bits) if b and w[i]]
            self.need = total - function.threshold + 1
        else:
            self.items = [i for i, b in enumerate(self.bits) if not b and w[i]]
            self.need = function.threshold - total
        if self.need > self.MAX_NEED:
            raise BadInput(f"{function.spec}: the dp backend needs a weight gap of at most "
                           f"{self.MAX_NEED}, here {self.need}")

    def find_blocks(self, T, D, limit):
        self.calls += 1
        first = self._optimum(T, D, frozenset())
        if first is None:
            return []
        found = [self.minimize(first, T)]
        for j in first:
            if len(found) >= limit:
                break
            other = self._optimum(T, D, frozenset([j]))
            if other is not None:
                other = self.minimize(other, T)
                if other not in found:
                    found.append(other)
        return found

    def _optimum(self, T, D, forbidden) -> Block | None:
        need = self.need
        if need <= 0:
            return None
        items = [i for i in self.items if i not in forbidden]
        weights = self.function.weights
        big = sum(int(T[i]) for i in items) + 1
        dtype = np.int64 if big < 2**62 else object
        best = np.full(need + 1, big, dtype=dtype)
        best[0] = 0
        positions = np.arange(need + 1)
        taken = []
        for i in items:
            source = np.maximum(positions - weights[i], 0)
            candidate = best[source] + int(T[i])
            take = candidate < best
            taken.append(take)
            best = np.where(take, candidate, best)
        if not (best[need] < D and best[need] < big):  # big marks "weight not reachable"
            return None
        block, c = [], need
        for i, take in zip(reversed(items), reversed(taken)):
            if take[c]:
                block.append(i)
                c = max(0, c - weights[i])
        return tuple(sorted(block))


Z3_INT_LIMIT = 2**31 - 1


def _weight_at_most(terms: list, bound: int):
    """sum T_i y_i <= bound in z3: PbLe while the numbers fit z3's C int, else integer sums."""
    import z3

    if bound <= Z3_INT_LIMIT and all(t <= Z3_INT_LIMIT for _, t in terms):
        return z3.PbLe(terms, bound)
    return z3.Sum([z3.If(yi, z3.IntVal(t), 0) for yi, t in terms]) <= bound
