"""verify.base.z3_check: a real SIGINT during a z3 check is an interrupt, a timeout is not."""

import signal
import subprocess
import sys
import time

import pytest
import z3
from cli_run import interruptible

from verify.base.errors import SolverFailure
from verify.base.z3_check import z3_check, z3_satisfiable

PIGEONHOLE = """
import z3
def pigeonhole(solver, holes):
    x = [[z3.Bool(f"x{i}_{j}") for j in range(holes)] for i in range(holes + 1)]
    for row in x:
        solver.add(z3.Or(row))
    for j in range(holes):
        for i in range(holes + 1):
            for k in range(i + 1, holes + 1):
                solver.add(z3.Or(z3.Not(x[i][j]), z3.Not(x[k][j])))
    return solver
"""

CHILD = PIGEONHOLE + """
import sys
from verify.base.z3_check import z3_check
solver = pigeonhole(z3.Optimize() if sys.argv[1] == "optimize" else z3.Solver(), 13)
if sys.argv[1] == "optimize":
    solver.set("timeout", 600_000)
print("checking", flush=True)
try:
    print("answer", z3_check(solver), flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def _pigeonhole(solver, holes):
    namespace = {}
    exec(PIGEONHOLE, namespace)
    return namespace["pigeonhole"](solver, holes)


@pytest.mark.parametrize("kind", ["solver", "optimize"])
def test_ctrl_c_during_a_check_raises_keyboard_interrupt(kind):
    """14 pigeons in 13 holes keeps z3 busy for minutes; SIGINT must end it within seconds."""
    with interruptible([sys.executable, "-c", CHILD, kind], stdout=subprocess.PIPE,
                       text=True) as process:
        assert process.stdout.readline().strip() == "checking"
        time.sleep(1.0)  # well inside the check
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=300)
    assert out.strip() == "interrupted"


def test_a_signal_during_a_check_that_ends_is_not_lost():
    """z3's own handler used to swallow a SIGINT that came while a short check ran."""
    child = PIGEONHOLE + """
import os, signal, threading
from verify.base.z3_check import z3_check
solver = pigeonhole(z3.Solver(), 8)
threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    while True:
        solver.push(); z3_check(solver); solver.pop()
except KeyboardInterrupt:
    print("interrupted")
"""
    with interruptible([sys.executable, "-c", child], stdout=subprocess.PIPE,
                       text=True) as process:
        out, _ = process.communicate(timeout=300)
    assert out.strip() == "interrupted"


@pytest.mark.parametrize("make", [z3.Solver, z3.Optimize])
def test_a_timeout_stays_unknown(make):
    solver = _pigeonhole(make(), 11)
    solver.set("timeout", 200)
    assert z3_check(solver) == z3.unknown


def test_satisfiable_reads_sat_and_unsat():
    x = z3.Bool("x")
    solver = z3.Solver()
    solver.add(x)
    assert z3_satisfiable(solver, "x") is True
    solver.add(z3.Not(x))
    assert z3_satisfiable(solver, "x and not x") is False


def test_satisfiable_never_reads_unknown_as_unsat():
    solver = _pigeonhole(z3.Solver(), 11)
    solver.set("timeout", 100)
    with pytest.raises(SolverFailure, match="z3 answered unknown"):
        z3_satisfiable(solver, "pigeonhole")
