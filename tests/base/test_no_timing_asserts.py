"""Tests never assert seconds (CONTRIBUTING.md): a bar in seconds fails on a loaded machine while
the code is right. A test asserts values, work counts (tests/work_count.py) or refusals; a
timing the project promises is measured in bench/ (bench/RESULTS.md).

This scan of every file under tests/ fails on an `assert` that reads a clock: a call of a timing
function (time.perf_counter, process_time, time, monotonic, resource.getrusage, os.times, ...),
a name assigned from one (`start = time.perf_counter()`, `seconds = ... - start`), a CPU field
(ru_utime, ru_stime) or a result field named like a duration ("seconds", "cpu", "elapsed",
"wall") compared with a bound. Waits that only bound a poll loop or a subprocess
(`timeout=`, `while time.monotonic() < deadline`) are not asserts and stay allowed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CLOCKS = {"perf_counter", "perf_counter_ns", "process_time", "process_time_ns", "time",
          "time_ns", "monotonic", "monotonic_ns", "thread_time", "getrusage", "times", "wait4",
          "clock_gettime"}
CPU_FIELDS = {"ru_utime", "ru_stime"}
DURATION = re.compile(r"(^|_)(seconds|secs|cpu|elapsed|wall|duration)($|_)", re.IGNORECASE)


def _reads_clock(node: ast.AST, tainted: set[str]) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            function = sub.func
            name = function.attr if isinstance(function, ast.Attribute) else \
                function.id if isinstance(function, ast.Name) else None
            if name in CLOCKS:
                return True
        if isinstance(sub, ast.Attribute) and sub.attr in CPU_FIELDS:
            return True
        if isinstance(sub, ast.Name) and sub.id in tainted:
            return True
    return False


def _duration_compared(node: ast.AST) -> bool:
    """A comparison with a bound whose side is a name, field or key that reads as a duration."""
    for sub in ast.walk(node):
        if not isinstance(sub, ast.Compare):
            continue
        if not any(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in sub.ops):
            continue
        for side in [sub.left, *sub.comparators]:
            if any(DURATION.search(label) for label in _labels(side)):
                return True
    return False


def _labels(side: ast.AST):
    """The names, fields and string keys (`result["cpu"]`) of one side of a comparison."""
    for part in ast.walk(side):
        if isinstance(part, ast.Name):
            yield part.id
        elif isinstance(part, ast.Attribute):
            yield part.attr
        elif isinstance(part, ast.Subscript) and isinstance(part.slice, ast.Constant) \
                and isinstance(part.slice.value, str):
            yield part.slice.value


def _tainted_names(tree: ast.AST) -> set[str]:
    """Names assigned, directly or through other such names, from a clock reading."""
    tainted: set[str] = set()
    while True:
        grown = set(tainted)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value \
                    and _reads_clock(node.value, tainted):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                grown |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        if grown == tainted:
            return tainted
        tainted = grown


def timing_asserts(source: str) -> list[int]:
    """Line numbers of the asserts of `source` that read a clock or compare a duration."""
    tree = ast.parse(source)
    tainted = _tainted_names(tree)
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)
            and (_reads_clock(node.test, tainted) or _duration_compared(node.test))]


def test_no_test_asserts_on_a_clock():
    found = [f"{path.relative_to(TESTS)}:{line}" for path in sorted(TESTS.rglob("*.py"))
             for line in timing_asserts(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_scan_finds_the_patterns_that_were_removed():
    """The forms the suite once had (issue 30), each caught; the allowed waits are not."""
    caught = [
        "start = time.perf_counter()\nf()\nassert time.perf_counter() - start < 5\n",
        "start = time.process_time()\nf()\nseconds = time.process_time() - start\n"
        "assert seconds < 10\n",
        "assert _seconds(lambda: f()) < 1\n",
        "verdict, message, seconds, peak = measured(f)\nassert seconds < 1 and peak < 64\n",
        "result = measure(p)\nassert result['cpu'] < CPU_SECONDS, result\n",
        "assert 0 <= result.seconds < 10\n",
        "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "assert usage.ru_utime < 10\n",
        "deadline = time.monotonic() + 60\nwhile x:\n"
        "    assert time.monotonic() < deadline and p.poll() is None\n",
    ]
    for source in caught:
        assert timing_asserts(source), source
    allowed = [
        "deadline = time.monotonic() + 600\nwhile not done() and time.monotonic() < deadline:\n"
        "    time.sleep(0.1)\nassert done()\n",
        "out = p.communicate(timeout=600)\nassert out == b'x'\n",
        "code, lines = python_lines(f, 5000)\nassert code == 2\n",
        "assert result['peak_mib'] < 2048\n",
    ]
    for source in allowed:
        assert timing_asserts(source) == [], source
