"""Solver-based fbs for wide functions (untrusted side; docs/design.md, Trust boundary).

`solve_by_sat(function, bits)` runs column generation whose separation step ("is there a
sensitive block B with t(B) < 1?") is a pseudo-Boolean query answered by pysat or z3, then
proves the final dual feasible by an UNSAT claim whose CNF the trusted checker rebuilds
(verify/checker/circuit_cnf.py) and whose LRAT proof it verifies (verify/checker/lrat.py).
"""

from .solve import SatSolution, solve_by_sat

__all__ = ["SatSolution", "solve_by_sat"]
