"""z3's `check()` with Ctrl-C kept as Ctrl-C.

Left alone, z3 catches SIGINT during a check itself (its `ctrl_c` parameter): it cancels and
answers `unknown`, or, if the check ends first, the signal is lost. Either way Python never
sees it, and an interrupt would read as a failed proof, a missing block or "not sensitive".
`z3_check` turns z3's handler off and runs the check in a helper thread while the main thread
waits where Python can take the signal; on Ctrl-C it interrupts z3, waits until the check
has stopped, and raises KeyboardInterrupt. Every z3 check of the package goes through it.
"""

from __future__ import annotations

import threading

from .errors import SolverFailure
from .interrupts import deferred_interrupts, interrupted

POLL_SECONDS = 0.05  # the main thread wakes this often: the signal may reach another thread


def z3_check(solver):
    """solver.check() (sat, unsat or unknown); KeyboardInterrupt on Ctrl-C, never lost."""
    solver.set("ctrl_c", False)
    if threading.current_thread() is not threading.main_thread():
        return solver.check()  # signals reach the main thread only
    outcome: list = []

    def run() -> None:
        try:
            outcome.append(solver.check())
        except BaseException as error:  # noqa: BLE001 - handed to the caller below
            outcome.append(error)

    worker = threading.Thread(target=run, name="z3-check", daemon=True)
    with deferred_interrupts():  # the `fbs` command: raised when z3 has stopped
        try:
            worker.start()
            _wait(worker, solver)
        except KeyboardInterrupt:  # Python's own handler (a script using the library)
            _wait(worker, solver, stop=True)
            raise
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def _wait(worker: threading.Thread, solver, stop: bool = False) -> None:
    """Until the check ends; interrupt z3 (again each time: the first interrupt may come
    before the check has begun) once Ctrl-C was pressed."""
    while worker.is_alive():
        if stop or interrupted():
            solver.ctx.interrupt()
        worker.join(POLL_SECONDS)


def z3_satisfiable(solver, what: str) -> bool:
    """sat -> True, unsat -> False, for a check without a timeout: any other answer is a
    solver failure (exit 3), never read as unsat."""
    verdict = str(z3_check(solver))
    if verdict not in ("sat", "unsat"):
        raise SolverFailure(f"z3 answered {verdict} on {what} ({solver.reason_unknown()})")
    return verdict == "sat"
