"""UNSAT proofs from CaDiCaL 1.9.5 through pysat (untrusted).

Two routes to an LRAT refutation of a CNF:
* "drat" (default): `Solver(name="cadical195", with_proof=True)`, `get_proof()` gives the DRAT
  text, which verify/sensitivity/sat/drat_to_lrat.py converts to LRAT by forward unit propagation;
* "lrat": CaDiCaL's own LRAT tracer (option lrat=1, text mode), attached through pysat's
  low-level `pysolvers.cadical195_tracepr` before any clause is added.  Faster, but it relies
  on a pysat internal; tests/sensitivity/test_sat_solve.py checks both routes with the trusted checker.
Either way the trusted checker (verify/checker/lrat.py) verifies the result.
"""

from __future__ import annotations

import base64
import gzip
import tempfile
from dataclasses import dataclass

from verify.base.errors import BadInput, checker_bounds_as_too_large

PROOF_ROUTES = ("drat", "lrat")


@dataclass(frozen=True)
class SolveOutcome:
    """Either a model (list of literals) or an LRAT refutation text."""

    satisfiable: bool
    model: list[int] | None
    lrat: str | None
    lemmas: int = 0


def refute(n_vars: int, clauses: list[list[int]], route: str = "drat") -> SolveOutcome:
    """Solve with CaDiCaL 1.9.5; on UNSAT return an LRAT proof for the clauses as numbered
    1..len(clauses) in the given order."""
    if route == "drat":
        return _via_drat(n_vars, clauses)
    if route == "lrat":
        return _via_native_lrat(n_vars, clauses)
    raise BadInput(f"unknown proof route {route!r} (choose from {', '.join(PROOF_ROUTES)})")


def _via_drat(n_vars: int, clauses: list[list[int]]) -> SolveOutcome:
    from pysat.solvers import Solver

    from .drat_to_lrat import drat_to_lrat

    with Solver(name="cadical195", bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            return SolveOutcome(True, solver.get_model(), None)
        drat = solver.get_proof()
    lrat, lemmas = drat_to_lrat(n_vars, clauses, drat)
    return SolveOutcome(False, None, lrat, lemmas)


def _via_native_lrat(n_vars: int, clauses: list[list[int]]) -> SolveOutcome:
    import pysolvers
    from pysat.solvers import Cadical195

    solver = Cadical195()
    try:
        solver.configure({"lrat": 1, "binary": 0})
        solver.prfile = tempfile.TemporaryFile()
        solver.prfp = pysolvers.cadical195_tracepr(solver.cadical, solver.prfile)
        for clause in clauses:
            solver.add_clause(clause)
        if solver.solve():
            return SolveOutcome(True, solver.get_model(), None)
        pysolvers.flushpr(solver.prfp)
        solver.prfile.seek(0)
        text = solver.prfile.read().decode("ascii")
    finally:
        solver.delete()
    # CaDiCaL renumbers clauses it simplifies while they are added (e.g. after an earlier
    # unit), so its ids need not match 1..len(clauses): check, and use the DRAT route if not
    from verify.checker.lrat import check_lrat

    with checker_bounds_as_too_large():
        refuted = bool(text.strip()) and check_lrat(clauses, text, n_vars).refuted
    if not refuted:
        return _via_drat(n_vars, clauses)
    return SolveOutcome(False, None, text, text.count("\n"))


def pack(text: str) -> str:
    """gzip (deterministic: no timestamp) + base64 of a proof text."""
    return base64.b64encode(gzip.compress(text.encode("ascii"), compresslevel=6, mtime=0)).decode("ascii")
